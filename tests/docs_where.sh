#!/bin/bash
# docs_where.sh - keep the rule IDs of the three rule systems traceable:
# each rule is defined once in its document, mapped to the code in the
# document's "Where in the code" tables, and cited by name in the code and
# (unless listed below as having no test) in the tests.
#
#   tests/docs_where.sh [ROOT]   (ROOT: the source tree; default: the
#                                 directory above this script's)
#
#   system      document            IDs            files under
#   amaryllis   docs/AMARYLLIS.md   AM-, BU-, LG-  src/amaryllis/
#   megami      docs/MEGAMI.md      MG-            src/megami/
#   manastorm   docs/MANASTORM.md   MS-            src/manastorm/
#
# A rule is defined by its ID in bold (`**MG-ROUND-1**`) outside the
# "Where in the code" sections.  Those sections (every heading titled
# "Where in the code", down to the next heading of the same level or
# above) hold the tables: every row is `| IDs | cell |`, the IDs written
# out one by one (no ranges, no patterns), the cell a list of
# `file`: `name`, `name` (note); `file`: … with files under the system's
# folder or from ROOT (e.g. include/util/ckd.h).  Text in parentheses is a
# note and is not checked.  The script fails, naming each problem, when
#   - a file does not exist;
#   - a name is not defined in its file: a function definition (its name
#     on a line that starts at column 0, then its parameter list and its
#     body `{`, so a prototype or a call does not count; static inline ones
#     in headers do) or a file-scope array (`name[…] =`);
#   - a row cites an ID that no rule of its document defines, or cites IDs
#     as a range (`MS-ADV-1 … MS-ADV-4`, `1..3`) or a pattern (`MS-SCN-IN-*`);
#   - an ID is defined twice, or a rule has no row;
#   - a rule is not cited by name in src/ or include/ (the comment above the
#     function that implements it);
#   - a rule is not cited by name in tests/ and is not in the list of rules
#     with no test below (and one in that list that a test cites: the list
#     is kept exact);
#   - src/, include/, tests/ or bench/ cite an ID no document defines, or
#     cite IDs as a range or a pattern;
#   - they, the docs or README.md cite a document outside the tree (an
#     absolute path) or a `NAME.md` that is not in the tree (a path from
#     ROOT, docs/RANDOM.md, or from the citing file's folder).
# So `grep -rn ID src include tests` finds the code and the tests of a rule.
# Exit 0 when all is well, 1 otherwise.  Needs bash and perl (perl-base).
set -euo pipefail

root=${1:-"$(cd "$(dirname "$0")/.." && pwd)"}
[ -d "$root/docs" ] || { echo "docs_where: no $root/docs" >&2; exit 1; }

exec perl - "$root" <<'PERL'
use strict;
use warnings;
my ($root) = @ARGV;

# Rules with no test (so no ID to find in tests/): checked by review alone.
my %untested = map { $_ => 1 } qw(
	LG-MEM-1
);

my @systems = (
	[ 'amaryllis', 'docs/AMARYLLIS.md', '(?:AM|BU|LG)', 'src/amaryllis' ],
	[ 'megami',    'docs/MEGAMI.md',    'MG',           'src/megami' ],
	[ 'manastorm', 'docs/MANASTORM.md', 'MS',           'src/manastorm' ],
);
my $anyid = qr/\b(?:AM|BU|LG|MG|MS)(?:-[A-Z]+)+-[0-9]+\b/;
my $anystem = qr/\b(?:AM|BU|LG|MG|MS)(?:-[A-Z]+)+-/;
my $bad = 0;
my (%defined_any, %src, $rows, $pairs, $rules);
sub fail { print "docs_where: $_[0]\n"; $bad = 1; }

sub slurp {
	my ($path) = @_;
	open(my $in, "<:raw", $path) or return undef;
	local $/;
	my $text = <$in>;
	close $in;
	return $text;
}

# A range or a pattern of IDs in a text: `X-1 … X-4`, `X-1..3`, `X-1–3`,
# `X-1 to X-3`, `X-*`, `X-…`.
sub ranges {
	my ($text) = @_;
	my @r;
	push @r, $1 while $text =~ /(${anystem}[0-9]+\s*(?:…|\.\.\.?|–|—|\bto\b)\s*(?:${anystem})?[0-9]+)/g;
	push @r, $1 while $text =~ /(${anystem}(?:\*|…|\.\.\.))/g;
	return @r;
}

# The files of the code and of the tests, and their text.
sub files {
	my @out;
	for my $top (@_) {
		next unless -d "$root/$top";
		my @stack = ("$root/$top");
		while (my $d = pop @stack) {
			opendir(my $dh, $d) or next;
			for my $e (sort readdir $dh) {
				next if $e =~ /^\./;
				# npm's packages of the browser tests (tests/front/amaryllis/web)
				next if $e eq 'node_modules';
				my $p = "$d/$e";
				if (-d $p) { push @stack, $p; }
				elsif (-f $p && $e !~ /\.(?:png|gz|bin|sqlite|db)$/) { push @out, $p; }
			}
			closedir $dh;
		}
	}
	return @out;
}
my %text;
for my $f (files(qw(src include tests bench))) {
	my $t = slurp($f);
	next unless defined $t;
	next if $t =~ /\0/;              # binary
	next if $f =~ m{/tests/docs_where\.sh$};   # its examples
	$text{$f} = $t;
}
sub rel { my ($p) = @_; $p =~ s/^\Q$root\E\///; return $p; }
my (%in_code, %in_tests);
for my $f (sort keys %text) {
	my $r = rel($f);
	my $code = $r =~ m{^(?:src|include)/};
	my $tests = $r =~ m{^tests/};
	for my $id ($text{$f} =~ /($anyid)/g) {
		$in_code{$id} //= $r if $code;
		$in_tests{$id} //= $r if $tests;
		$in_code{"*$id"} //= $r;     # any of the four folders
	}
	my $n = 0;
	for my $line (split /\n/, $text{$f}) {
		$n++;
		fail("$r:$n: IDs cited as a range or pattern: $_") for ranges($line);
	}
}

sub source {
	my ($file, $dir) = @_;
	return $src{"$dir $file"} if exists $src{"$dir $file"};
	my ($path) = grep { -f } ("$root/$dir/$file", "$root/$file");
	return $src{"$dir $file"} = $path ? slurp($path) : undef;
}

for my $sys (@systems) {
	my ($name, $docpath, $pre, $dir) = @$sys;
	my $doc = slurp("$root/$docpath");
	if (!defined $doc) {
		fail("no $docpath");
		next;
	}
	my $idre = qr/\b${pre}(?:-[A-Z]+)+-[0-9]+\b/;
	# split the document into the "Where in the code" sections and the rest
	my ($where, $rest, $level) = ('', '', 0);
	for my $line (split /\n/, $doc) {
		if ($line =~ /^(#+)\s/) {
			my $l = length $1;
			if ($line =~ /^#+\s+(?:[0-9]+\.\s+)?Where in the code\s*$/) {
				$level = $l;
			} elsif ($level && $l <= $level) {
				$level = 0;
			}
		}
		if ($level) { $where .= "$line\n"; } else { $rest .= "$line\n"; }
	}
	fail("$docpath: no \"Where in the code\" section") unless $where ne '';
	my %defined;
	for my $id ($rest =~ /\*\*($idre)\*\*/g) {
		fail("$docpath: $id is defined twice") if $defined{$id}++;
		$defined_any{$id} = $docpath;
	}
	$rules += keys %defined;
	my %cited;
	for my $line (split /\n/, $where) {
		next unless $line =~ /^\|([^|]*)\|([^|]*)\|\s*$/;
		my ($ids, $cell) = ($1, $2);
		next unless $ids =~ /${pre}-/;   # the header rows
		$rows++;
		my @ids = $ids =~ /($idre)/g;
		(my $left = $ids) =~ s/\([^()]*\)//g;
		$left =~ s/$idre//g;
		fail("$docpath: row \"$ids\": IDs must be written out one by one")
			if $left =~ /[^,\s]/;
		for my $id (@ids) {
			$cited{$id} = 1;
			fail("$docpath: a row cites $id, which no rule defines")
				unless $defined{$id};
		}
		1 while $cell =~ s/\([^()]*\)//g;   # notes
		for my $part (split /;/, $cell) {
			my @ticks = $part =~ /`([^`]+)`/g;
			next unless @ticks;
			my ($file, @names) = @ticks;
			my $text = source($file, $dir);
			if (!defined $text) {
				fail("$docpath: @ids: no file $file");
				next;
			}
			for my $fn (@names) {
				$pairs++;
				my $q = quotemeta $fn;
				next if $text =~ /^(?![ \t#\/*])[^\n;{}]*?\b$q\s*\([^;{}]*\)\s*\{/m;
				next if $text =~ /^(?![ \t#\/*])[^\n;{]*?\b$q\s*\[[^\n;]*=/m;
				fail("$docpath: @ids: $file defines no function $fn");
			}
		}
	}
	for my $id (sort keys %defined) {
		fail("$docpath: $id has no row in \"Where in the code\"")
			unless $cited{$id};
		fail("$id ($docpath) is cited by name nowhere in src/ or include/")
			unless $in_code{$id};
		if ($untested{$id}) {
			fail("$id is listed as having no test, but $in_tests{$id} cites it")
				if $in_tests{$id};
		} elsif (!$in_tests{$id}) {
			fail("$id ($docpath) is cited by name nowhere in tests/");
		}
	}
}
for my $id (sort keys %untested) {
	fail("the list of rules with no test names $id, which no document defines")
		unless $defined_any{$id};
}
for my $k (sort keys %in_code) {
	next unless $k =~ /^\*(.*)/;
	fail("$in_code{$k} cites $1, which no document defines")
		unless $defined_any{$1};
}

# Documents cited: in the tree, by a path relative to it.
my %docs = map { $_ => slurp($_) } (glob("$root/docs/*.md"), "$root/README.md");
my %received = map { $_ => 1 } grep { ($docs{$_} // '') =~ /\A<!-- copied from / } keys %docs;
for my $f (sort(keys %text), sort(keys %docs)) {
	next if $received{$f};
	my $t = $text{$f} // $docs{$f} // next;
	my $r = rel($f);
	(my $here = $f) =~ s{/[^/]*$}{};
	my $n = 0;
	for my $line (split /\n/, $t) {
		$n++;
		fail("$r:$n: cites a path outside the tree: $1")
			if $line =~ m{(/work/[\w./-]*|(?<![\w.\$~-])/[\w./-]+\.md\b)};
		next if $r !~ m{^(?:src|include|tests|bench)/};
		while ($line =~ m{(?<![\w./\$-])((?:[\w.-]+/)*[\w.-]+\.md)\b}g) {
			my $d = $1;
			fail("$r:$n: cites $d, which is not in the tree")
				unless grep { -f } ("$root/$d", "$here/$d");
		}
	}
}

printf "docs_where: %d rows, %d file: function pairs, %d rules%s\n",
	$rows // 0, $pairs // 0, $rules // 0, $bad ? ": FAILED" : " ok";
exit $bad;
PERL
