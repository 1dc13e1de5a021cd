#!/bin/sh
# tests/man/man5.sh SOURCE_DIR MEGAMI MANASTORM AMARYLLIS   (CTest man5)
#
# The hand-written section-5 pages, man/*.5 (the file formats users write:
# megami-scenario(5), manastorm-scenario(5), amaryllis-sheet(5),
# megami-replay(5)):
#   - each has the coding line man-db's preconv reads (its first line),
#     .TH with section 5, and the sections NAME, SYNOPSIS, DESCRIPTION,
#     EXAMPLES and SEE ALSO;
#   - groff formats each without a single warning: `groff -man -K utf8
#     -Tutf8 -ww -z` (the utf8 device, as man at a terminal: groff's default
#     device, ps, has no Japanese glyphs and would warn of each);
#   - every example that is a whole file is checked by its tool.  Such an
#     example is the .EX ... .EE block after a comment line
#         .\" example: TOOL check FILE        (TOOL megami, manastorm or
#                                              amaryllis; FILE in the source)
#         .\" example: megami fight --replay
#     The block, with its roff escapes undone, is written to a temporary
#     file; `TOOL --lang en check` must accept it and print what it prints
#     for FILE (the canonical form: the page shows the bundled example, or
#     one that means the same), and a replay must play (`megami fight
#     --replay`, exit 0, run from SOURCE_DIR, where the paths in replays
#     are).  Each page has at least one.
set -eu
src=$1 megami=$2 manastorm=$3 amaryllis=$4
fail() { echo "man5.sh: FAIL: $*" >&2; exit 1; }
# absolute: the replays are played from SOURCE_DIR
abs() { case $1 in /*) echo "$1" ;; *) echo "$PWD/$1" ;; esac; }
megami=$(abs "$megami") manastorm=$(abs "$manastorm") amaryllis=$(abs "$amaryllis")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

command -v groff > /dev/null || fail "groff is not installed (Debian: groff-base)"
pages=$(ls "$src"/man/*.5 2> /dev/null) || fail "no pages in $src/man/"
for want in megami-scenario manastorm-scenario amaryllis-sheet megami-replay; do
	[ -f "$src/man/$want.5" ] || fail "no page man/$want.5"
done

total=0
for page in $pages; do
	name=$(basename "$page")
	head -1 "$page" | grep -q '^\.\\" -\*- coding: UTF-8 -\*-$' ||
		fail "$name: the first line is not '.\\\" -*- coding: UTF-8 -*-'"
	grep -q '^\.TH [A-Z0-9-]* 5 ' "$page" || fail "$name: no .TH ... 5"
	for s in NAME SYNOPSIS DESCRIPTION EXAMPLES '"SEE ALSO"|SEE ALSO'; do
		grep -Eqx "\\.SH ($s)" "$page" || fail "$name: no section $s"
	done
	warn=$(groff -man -K utf8 -Tutf8 -ww -z "$page" 2>&1) ||
		fail "$name: groff failed: $warn"
	[ -z "$warn" ] || fail "$name: groff -ww:
$warn"

	# the examples: ex.N (the text) and ex.N.cmd (the comment's command)
	rm -f "$tmp"/ex.*
	awk -v dir="$tmp" -v name="$name" '
		/^\.\\" example: / { cmd = $0; sub(/^\.\\" example: /, "", cmd); next }
		/^\.EX$/ && cmd != "" {
			n++; out = dir "/ex." n; print cmd > (out ".cmd"); close(out ".cmd")
			printf "" > out; on = 1; cmd = ""; next
		}
		/^\.EE$/ && on { on = 0; close(out); next }
		on {
			line = $0
			sub(/^\\&/, "", line)
			gsub(/\\-/, "-", line); gsub(/\\\(aq/, "\047", line)
			gsub(/\\\(dq/, "\"", line); gsub(/\\\(ga/, "`", line)
			gsub(/\\\(ha/, "^", line); gsub(/\\\(ti/, "~", line)
			gsub(/\\&/, "", line)
			gsub(/\\e/, "\001", line)
			if (index(line, "\\")) {
				printf "%s: an escape man5.sh does not undo in an example: %s\n",
					name, $0 > "/dev/stderr"
				exit 1
			}
			gsub(/\001/, "\\", line)
			print line > out
		}
		END { if (on) { printf "%s: .EX without .EE\n", name > "/dev/stderr"; exit 1 } }
	' "$page" || fail "$name: examples"
	n=0
	for cmdf in "$tmp"/ex.*.cmd; do
		[ -e "$cmdf" ] || break
		ex=${cmdf%.cmd}
		cmd=$(cat "$cmdf")
		case $cmd in
		"megami check "* | "manastorm check "* | "amaryllis check "*)
			tool=${cmd%% *} file=${cmd#* check }
			case $tool in
			megami) bin=$megami ;;
			manastorm) bin=$manastorm ;;
			*) bin=$amaryllis ;;
			esac
			[ -f "$src/$file" ] || fail "$name: $cmd: no file $file"
			"$bin" --lang en check "$ex" > "$ex.out" 2> "$ex.err" ||
				fail "$name: the example of '$cmd' does not pass $tool check:
$(cat "$ex.err")"
			"$bin" --lang en check "$src/$file" > "$ex.want" ||
				fail "$name: $tool check $file fails"
			cmp -s "$ex.out" "$ex.want" ||
				fail "$name: the example of '$cmd' is not $file:
$(diff "$ex.want" "$ex.out" || :)"
			;;
		"megami fight --replay")
			(cd "$src" && "$megami" --lang en fight --replay "$ex") \
				> "$ex.out" 2> "$ex.err" ||
				fail "$name: a replay example does not play:
$(cat "$ex.err")"
			grep -q '^■Round 1$' "$ex.out" ||
				fail "$name: a replay example played no round"
			;;
		*) fail "$name: unknown example command '$cmd'" ;;
		esac
		echo "$name: example ok: $cmd"
		n=$((n + 1))
	done
	[ $n -ge 1 ] || fail "$name: no example checked (.\\\" example: ...)"
	total=$((total + n))
done
echo "man5.sh: ok: $(echo "$pages" | wc -l) pages, $total examples checked"
