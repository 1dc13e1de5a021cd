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
# The column apart_x is what the machine allows: for J threads, J
# copies of the 1-thread command run side by side, sharing nothing, and
# J times the 1-thread wall over theirs (the speedup J threads would reach
# if they shared nothing and split the work evenly).  A speedup below
# apart_x is lost in the program (threads waiting, shared lines); apart_x
# below J is lost in the machine (the cores slow each other down: a
# virtual machine's two CPUs may be one core's two hyperthreads, or share
# a cache).
#
# apart_x cannot tell a slow CPU: a virtual machine's CPUs can run at
# different speeds for minutes (one of them 1.5 times slower than the
# other, whatever the other does), and the 1-thread run may fall on either.
# So the column ceil_x runs the 1-thread command pinned to each CPU this
# process may use (taskset -c K), and adds up the 1-thread wall over each
# pinned wall for the J fastest CPUs: the speedup of J threads that lost
# nothing, on these CPUs at their own speeds.  The speedup over ceil_x is
# what the program keeps of what the machine offers.  The pinned walls
# follow each row (cpu K: wall).  The column best_x is the J-thread wall
# against the least 1-thread wall, unpinned or pinned: the speedup over
# one thread on the fastest CPU, which the plain speedup overstates when
# the unpinned 1-thread run falls on a slow one.  CPUS="0 2" pins to
# those CPUs only (on a machine of many CPUs: each one costs a 1-thread
# run a row); CPUS= (empty) leaves the ceil_x and best_x columns out.
#
# Usage: bench/scaling.sh [BUILD_DIR]
#   RUNS (default 2000000: the fastest scenario then takes 0.3 s, where
#   /usr/bin/time counts hundredths) runs per scenario; RUNS=10000000 gives
#   the peak RSS at 10^7 runs.  EVALS (default 200000: some 4,000
#   generations, where 4000 evaluations are mostly the first two, which
#   are heavy and split evenly) optimizer evaluations.  JOBS (default
#   "1 2") the thread counts, the first of them 1.  REPEAT (default 1)
#   rounds: each figure is the least wall of its REPEAT runs (the rounds
#   alternate the runs, so a slow minute does not fall on one of them
#   alone; CPU seconds and RSS are those of the run with the least wall).
#   Run from the source tree, on an otherwise idle machine: wall time is
#   only meaningful then.
set -eu
build=${1:-build}
runs=${RUNS:-2000000}
evals=${EVALS:-200000}
jobs=${JOBS:-1 2}
repeat=${REPEAT:-1}
for t in megami manastorm amaryllis; do
	[ -x "$build/$t" ] || { echo "bench/scaling.sh: no $build/$t (make build)" >&2; exit 1; }
done
[ -x /usr/bin/time ] || { echo "bench/scaling.sh: needs /usr/bin/time (apt-get install time)" >&2; exit 1; }
# the CPUs this process may use (Cpus_allowed_list: "0-3,6"); pinning
# needs taskset (util-linux)
cpus=
if [ -n "${CPUS+set}" ]; then
	cpus=$CPUS
elif command -v taskset >/dev/null 2>&1; then
	cpus=$(awk '/^Cpus_allowed_list:/ { n = split($2, r, ",")
		for (i = 1; i <= n; i++) { m = split(r[i], e, "-")
			for (k = e[1] + 0; k <= e[m] + 0; k++) printf "%d ", k } }' /proc/self/status)
fi
# (the pinned runs serve the rows of more than one thread only)
n=0
for j in $jobs; do n=$((n + 1)); done
[ "$n" -gt 1 ] || cpus=
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# what handing work between two threads costs here (the optimizer's
# generations pay a few of these a candidate)
[ -x "$build/bench/bench_pingpong" ] && "$build/bench/bench_pingpong"
printf '%-40s %5s %9s %8s %12s %8s %7s %6s %8s %7s %6s %6s\n' \
	scenario jobs runs wall_s per_s cpu_s speedup cpu_x rss_MB apart_x ceil_x best_x
now() { date +%s.%N; }
# since T0: the seconds from T0 (a now) to now
since() { awk -v a="$1" -v b="$(now)" 'BEGIN { print b - a }'; }
# keep LINE FILE: LINE (wall first) into FILE if FILE is missing or LINE's
# wall is smaller
keep() {
	if [ ! -s "$2" ] || awk -v a="$1" -v f="$2" 'BEGIN {
		getline b < f; split(a, x, " "); split(b, y, " ")
		exit !(x[1] < y[1]) }'; then
		echo "$1" >"$2"
	fi
}
# row LABEL UNITS FLAG CMD...: run CMD FLAG UNITS --jobs J for each thread
# count J; for J > 1, also J copies of CMD FLAG UNITS --jobs 1 at once.
# REPEAT rounds, each of them all in turn; the least wall of each.
row() {
	label=$1 units=$2 flag=$3
	shift 3
	rm -f "$tmp"/best.* "$tmp"/apart.* "$tmp"/cpu.*
	r=0
	while [ "$r" -lt "$repeat" ]; do
		r=$((r + 1)) first=
		for j in $jobs; do
			/usr/bin/time -f '%e %U %S %M' -o "$tmp/time" "$@" "$flag" \
				"$units" --jobs "$j" >"$tmp/out.$j" 2>"$tmp/err.$j" ||
				{ echo "bench/scaling.sh: $label --jobs $j failed:" >&2; cat "$tmp/err.$j" >&2; exit 1; }
			keep "$(cat "$tmp/time")" "$tmp/best.$j"
			if [ -z "$first" ]; then
				first=$j
				for k in $cpus; do
					t0=$(now)
					taskset -c "$k" "$@" "$flag" "$units" --jobs 1 \
						>/dev/null 2>"$tmp/err.cpu" ||
						{ echo "bench/scaling.sh: $label on cpu $k failed:" >&2; cat "$tmp/err.cpu" >&2; exit 1; }
					keep "$(since "$t0")" "$tmp/cpu.$k"
				done
				continue
			elif ! cmp -s "$tmp/out.$first" "$tmp/out.$j"; then
				echo "bench/scaling.sh: $label: --jobs $j prints another report than --jobs $first" >&2
				diff "$tmp/out.$first" "$tmp/out.$j" | head -n 20 >&2
				exit 1
			fi
			t0=$(now) pids='' k=0
			while [ "$k" -lt "$j" ]; do
				"$@" "$flag" "$units" --jobs 1 >/dev/null 2>"$tmp/err.apart" &
				pids="$pids $!" k=$((k + 1))
			done
			for p in $pids; do
				wait "$p" || { echo "bench/scaling.sh: $label apart failed:" >&2; cat "$tmp/err.apart" >&2; exit 1; }
			done
			keep "$(since "$t0")" "$tmp/apart.$j"
		done
	done
	first=
	for j in $jobs; do
		read -r wall usr sys rss <"$tmp/best.$j"
		apart=- ceil=- best=-
		if [ -z "$first" ]; then
			first=$j w1=$wall c1=$(echo "$usr $sys" | awk '{ print $1 + $2 }')
		else
			apart=$(awk -v d="$(cat "$tmp/apart.$j")" -v w1="$w1" -v j="$j" 'BEGIN {
				if (d <= 0) d = 0.01; printf "%.2f", j * w1 / d }')
			# the J fastest CPUs' shares of the 1-thread wall
			if [ -n "$cpus" ]; then
				ceil=$(for k in $cpus; do cat "$tmp/cpu.$k"; done |
					sort -n | head -n "$j" | awk -v w1="$w1" -v j="$j" '
					{ if ($1 <= 0) $1 = 0.01; c += w1 / $1; n++ }
					END { if (n < j) print "-"; else printf "%.2f", c }')
				best=$(for k in $cpus; do cat "$tmp/cpu.$k"; done |
					awk -v w1="$w1" -v w="$wall" '
					BEGIN { b = w1 } { if ($1 < b) b = $1 }
					END { if (w <= 0) w = 0.01; printf "%.2f", b / w }')
			fi
		fi
		awk -v l="$label" -v j="$j" -v n="$units" -v w="$wall" -v u="$usr" \
			-v s="$sys" -v r="$rss" -v w1="$w1" -v c1="$c1" -v a="$apart" -v e="$ceil" \
			-v b="$best" 'BEGIN {
			c = u + s; if (w <= 0) w = 0.01; if (c1 <= 0) c1 = 0.01
			printf "%-40s %5d %9d %8.2f %12.0f %8.2f %7.2f %6.2f %8.1f %7s %6s %6s\n",
				l, j, n, w, n / w, c, w1 / w, c / c1, r / 1024, a, e, b }'
	done
	for k in $cpus; do
		awk -v k="$k" -v w="$(cat "$tmp/cpu.$k")" \
			'BEGIN { printf "%-40s cpu %d: %.2f s\n", "", k, w }'
	done
}
for f in examples/megami/*.yaml; do
	row "megami fight $(basename "$f")" "$runs" --runs \
		"$build/megami" fight "$f"
done
for f in examples/manastorm/*.yaml; do
	row "manastorm playtest $(basename "$f")" "$runs" --runs \
		"$build/manastorm" playtest "$f"
done
row "amaryllis optimize (evaluations)" "$evals" --evals \
	"$build/amaryllis" optimize --field examples
