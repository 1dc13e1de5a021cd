#!/bin/bash
# docs_where.sh - keep section 13 of docs/RULES.md ("Where in the code")
# true to the sources.
#
#   tests/docs_where.sh [ROOT]   (ROOT: the source tree; default: the
#                                 directory above this script's)
#
# Every table row of section 13 is `| IDs | cell |`, the cell a list of
# `file`: `name`, `name` (note); `file`: … with files under src/amaryllis/
# (or from ROOT, e.g. include/util/ckd.h).  Text in parentheses is a note and
# is not checked.  The script fails, naming each problem, when
#   - a file does not exist;
#   - a name is not defined in its file: a function definition (its name
#     on a line that starts at column 0, then its parameter list and its
#     body `{`, so a prototype or a call does not count; static inline ones
#     in headers do) or a file-scope array (`name[…] =`);
#   - a row cites an ID that no rule of sections 1-12 defines (`**ID**`);
#   - a rule of sections 1-12 has no row in section 13.
# Exit 0 when all is well, 1 otherwise.  Needs bash and perl (perl-base).
set -euo pipefail

root=${1:-"$(cd "$(dirname "$0")/.." && pwd)"}
rules="$root/docs/RULES.md"
[ -f "$rules" ] || { echo "docs_where: no $rules" >&2; exit 1; }

exec perl -e '
use strict;
use warnings;
my ($root, $rules) = @ARGV;
open(my $fh, "<:raw", $rules) or die "docs_where: $rules: $!\n";
my $doc = do { local $/; <$fh> };
close $fh;

my ($before, $where) = $doc =~ /\A(.*?)^## 13\.[^\n]*\n(.*?)(?=^## |\z)/ms
	or die "docs_where: no section 13 in $rules\n";
my $idre = qr/(?:AM|BU|LG)-[A-Z]+-[0-9]+/;
my %defined = map { $_ => 1 } $before =~ /\*\*($idre)\*\*/g;
my (%cited, %src, $rows, $pairs);
my $bad = 0;
sub fail { print "docs_where: $_[0]\n"; $bad = 1; }

sub source {
	my ($file) = @_;
	return $src{$file} if exists $src{$file};
	my ($path) = grep { -f } ("$root/src/amaryllis/$file", "$root/$file");
	my $text;
	if ($path && open(my $in, "<:raw", $path)) {
		local $/;
		$text = <$in>;
		close $in;
	}
	return $src{$file} = $text;
}

for my $line (split /\n/, $where) {
	next unless $line =~ /^\|([^|]*)\|([^|]*)\|\s*$/;
	my ($ids, $cell) = ($1, $2);
	my @ids = $ids =~ /($idre)/g;
	next unless @ids;           # the header row
	$rows++;
	for my $id (@ids) {
		$cited{$id} = 1;
		fail("section 13 cites $id, which no rule defines")
			unless $defined{$id};
	}
	1 while $cell =~ s/\([^()]*\)//g;   # notes
	for my $part (split /;/, $cell) {
		my @ticks = $part =~ /`([^`]+)`/g;
		next unless @ticks;
		my ($file, @names) = @ticks;
		my $text = source($file);
		if (!defined $text) {
			fail("@ids: no file $file");
			next;
		}
		for my $name (@names) {
			$pairs++;
			my $q = quotemeta $name;
			next if $text =~ /^(?![ \t#\/*])[^\n;{}]*?\b$q\s*\([^;{}]*\)\s*\{/m;
			next if $text =~ /^(?![ \t#\/*])[^\n;{]*?\b$q\s*\[[^\n;]*=/m;
			fail("@ids: $file defines no function $name");
		}
	}
}
fail("no rows in section 13") unless $rows;
for my $id (sort keys %defined) {
	fail("$id has no row in section 13") unless $cited{$id};
}
printf "docs_where: %d rows, %d file: function pairs, %d rules%s\n",
	$rows // 0, $pairs // 0, scalar(keys %defined), $bad ? ": FAILED" : " ok";
exit $bad;
' "$root" "$rules"
