#!/bin/sh
# bench/callgrind_megami.sh - instructions per fight of the megami engine, counted
# by callgrind (no hardware counter needed): bench_megami runs FIGHTS fights
# of each scenario and callgrind collects only inside bench_fights(), so
# setup and parsing do not count.  Prints one line per scenario; with -a,
# also the functions that take the time (callgrind_annotate).
#
# Usage: bench/callgrind_megami.sh [-a] [BUILD_DIR [FIGHTS [SCENARIO.yaml...]]]
#   BUILD_DIR  a build with bench_megami (default build); FIGHTS default 20000;
#   scenarios default examples/megami/*.yaml.  Run from the source tree.
# make bench-callgrind runs it on build/.
set -eu
annotate=0
if [ "${1-}" = -a ]; then annotate=1; shift; fi
build=${1:-build}
fights=${2:-20000}
[ $# -gt 2 ] && shift 2 || set -- examples/megami/*.yaml
bench=$build/bench/bench_megami
[ -x "$bench" ] || { echo "bench/callgrind_megami.sh: no $bench (cmake --build $build --target bench_megami)" >&2; exit 1; }
command -v valgrind >/dev/null 2>&1 || { echo "bench/callgrind_megami.sh: needs valgrind" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for f in "$@"; do
	out=$tmp/callgrind.out
	valgrind --tool=callgrind --toggle-collect=bench_fights \
		--callgrind-out-file="$out" "$bench" -n "$fights" "$f" \
		>"$tmp/stdout" 2>"$tmp/stderr" ||
		{ cat "$tmp/stderr" >&2; exit 1; }
	ir=$(sed -n 's/^summary: *\([0-9]*\).*/\1/p; s/^totals: *\([0-9]*\).*/\1/p' "$out" | head -n 1)
	[ -n "$ir" ] || { echo "bench/callgrind_megami.sh: $f: no total in $out" >&2; exit 1; }
	awk -v f="$f" -v ir="$ir" -v n="$fights" 'BEGIN {
		printf "bench/callgrind_megami.sh: %s: %.0f instructions/fight (%d fights, %s instructions)\n", f, ir / n, n, ir }'
	sed 's/^/  /' "$tmp/stdout"
	if [ $annotate = 1 ]; then
		callgrind_annotate "$out" 2>/dev/null | sed -n '1,40p'
	fi
done
