#!/bin/sh
# bench/scaling.sh - what a user sees: every bundled megami and manastorm
# scenario run through the real commands (megami fight --runs, manastorm
# playtest) and the optimizer, on 1 and on 2 threads.  Per line: wall
# seconds, fights or duels per second, CPU seconds (user + system), the
# wall speedup of 2 threads over 1, the CPU ratio (2 threads' CPU over 1
# thread's: 1.00 means the second thread costs nothing extra) and the peak
# resident memory.  The outputs of --jobs 1 and --jobs 2 must be identical
# (the reports are the same for any --jobs); a difference stops the bench.
#
# Usage: bench/scaling.sh [BUILD_DIR]
#   RUNS (default 2000000: the fastest scenario then takes 0.3 s, where
#   /usr/bin/time counts hundredths) runs per scenario; RUNS=10000000 gives
#   the peak RSS at 10^7 runs.  EVALS (default 200000: some 4,000
#   generations, where 4000 evaluations are mostly the first two, which
#   are heavy and split evenly) optimizer evaluations.  JOBS (default
#   "1 2") the thread counts.  Run from the source tree, on an otherwise
#   idle machine: wall time is only meaningful then.
set -eu
build=${1:-build}
runs=${RUNS:-2000000}
evals=${EVALS:-200000}
jobs=${JOBS:-1 2}
for t in megami manastorm amaryllis; do
	[ -x "$build/$t" ] || { echo "bench/scaling.sh: no $build/$t (make build)" >&2; exit 1; }
done
[ -x /usr/bin/time ] || { echo "bench/scaling.sh: needs /usr/bin/time (apt-get install time)" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# what handing work between two threads costs here (the optimizer's
# generations pay a few of these a candidate)
[ -x "$build/bench/bench_pingpong" ] && "$build/bench/bench_pingpong"
printf '%-40s %5s %9s %8s %12s %8s %7s %6s %8s\n' \
	scenario jobs runs wall_s per_s cpu_s speedup cpu_x rss_MB
# row LABEL UNITS CMD...: run CMD once per thread count (--jobs J appended).
row() {
	label=$1 units=$2
	shift 2
	first=
	for j in $jobs; do
		/usr/bin/time -f '%e %U %S %M' -o "$tmp/time" "$@" --jobs "$j" \
			>"$tmp/out.$j" 2>"$tmp/err.$j" ||
			{ echo "bench/scaling.sh: $label --jobs $j failed:" >&2; cat "$tmp/err.$j" >&2; exit 1; }
		read -r wall usr sys rss <"$tmp/time"
		if [ -z "$first" ]; then
			first=$j w1=$wall c1=$(echo "$usr $sys" | awk '{ print $1 + $2 }')
		elif ! cmp -s "$tmp/out.$first" "$tmp/out.$j"; then
			echo "bench/scaling.sh: $label: --jobs $j prints another report than --jobs $first" >&2
			diff "$tmp/out.$first" "$tmp/out.$j" | head -n 20 >&2
			exit 1
		fi
		awk -v l="$label" -v j="$j" -v n="$units" -v w="$wall" -v u="$usr" \
			-v s="$sys" -v r="$rss" -v w1="$w1" -v c1="$c1" 'BEGIN {
			c = u + s; if (w <= 0) w = 0.01; if (c1 <= 0) c1 = 0.01
			printf "%-40s %5d %9d %8.2f %12.0f %8.2f %7.2f %6.2f %8.1f\n",
				l, j, n, w, n / w, c, w1 / w, c / c1, r / 1024 }'
	done
}
for f in examples/megami/*.yaml; do
	row "megami fight $(basename "$f")" "$runs" \
		"$build/megami" fight --runs "$runs" "$f"
done
for f in examples/manastorm/*.yaml; do
	row "manastorm playtest $(basename "$f")" "$runs" \
		"$build/manastorm" playtest --runs "$runs" "$f"
done
row "amaryllis optimize (evaluations)" "$evals" \
	"$build/amaryllis" optimize --evals "$evals" --field examples
