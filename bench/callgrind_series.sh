#!/bin/sh
# bench/callgrind_series.sh - instructions per fight or duel as a user's
# command spends them: `megami fight --runs N --jobs 1` on each bundled
# megami scenario and `manastorm playtest --runs N --jobs 1` on each
# manastorm one, run whole under callgrind (reading the scenario, the
# statistics and the report included), the total divided by N.  Exact on
# any machine, loaded or not, so it compares two builds or two commits:
#     bench/callgrind_series.sh build 20000
#     bench/callgrind_series.sh ../old/build 20000
#
# Usage: bench/callgrind_series.sh [BUILD_DIR [RUNS]]  (default build, 20000)
set -eu
build=${1:-build}
runs=${2:-20000}
command -v valgrind >/dev/null 2>&1 || { echo "bench/callgrind_series.sh: needs valgrind" >&2; exit 1; }
for t in megami manastorm; do
	[ -x "$build/$t" ] || { echo "bench/callgrind_series.sh: no $build/$t (make build)" >&2; exit 1; }
done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# one TOOL SCENARIO UNIT CMD...
one() {
	tool=$1 f=$2 unit=$3
	shift 3
	valgrind --tool=callgrind --callgrind-out-file="$tmp/out" "$@" \
		>"$tmp/stdout" 2>"$tmp/stderr" ||
		{ echo "bench/callgrind_series.sh: $tool $f failed:" >&2; cat "$tmp/stderr" >&2; exit 1; }
	ir=$(sed -n 's/^summary: *\([0-9]*\).*/\1/p; s/^totals: *\([0-9]*\).*/\1/p' "$tmp/out" | head -n 1)
	[ -n "$ir" ] || { echo "bench/callgrind_series.sh: $f: no total" >&2; exit 1; }
	awk -v t="$tool" -v f="$f" -v ir="$ir" -v n="$runs" -v u="$unit" 'BEGIN {
		printf "%-10s %-28s %10.0f instructions/%s (%d runs, %s in all)\n", t, f, ir / n, u, n, ir }'
}
for f in examples/megami/*.yaml; do
	one megami "$(basename "$f")" fight "$build/megami" fight --runs "$runs" --jobs 1 "$f"
done
for f in examples/manastorm/*.yaml; do
	one manastorm "$(basename "$f")" duel "$build/manastorm" playtest --runs "$runs" --jobs 1 "$f"
done
