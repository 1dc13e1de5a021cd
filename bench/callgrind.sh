#!/bin/sh
# bench/callgrind.sh NAME [ARGS…] - run benchmark NAME under callgrind and
# print the instructions it executed (exact, on any loaded machine), then
# the functions they went to.
#
# A benchmark that marks its measured parts (bench_manastorm does: it
# zeroes the counts, plays a fixed number of duels and dumps them with the
# description "bench: LABEL per=N") gets one line per part with the
# instructions per unit (total / N); any other benchmark gets the whole
# program's total.  The binary is $BUILD_DIR/bench/NAME (BUILD_DIR defaults
# to build-rel, then build); the profiles are kept in
# $BUILD_DIR/callgrind/NAME/ for callgrind_annotate or kcachegrind.
# TOP (default 15) functions are listed per part; TOP=0 lists none.
#     bench/callgrind.sh bench_manastorm
#     TOP=30 bench/callgrind.sh bench_manastorm 0 examples/manastorm/table.yaml
set -eu

[ $# -ge 1 ] || { echo "usage: bench/callgrind.sh NAME [ARGS...]" >&2; exit 2; }
name=$1
shift
if [ -z "${BUILD_DIR:-}" ]; then
	BUILD_DIR=build-rel
	[ -x "$BUILD_DIR/bench/$name" ] || BUILD_DIR=build
fi
bin=$BUILD_DIR/bench/$name
[ -x "$bin" ] || { echo "bench/callgrind.sh: no $bin (build it first)" >&2; exit 1; }
command -v valgrind >/dev/null || { echo "bench/callgrind.sh: valgrind is not installed" >&2; exit 1; }
out=$BUILD_DIR/callgrind/$name
mkdir -p "$out"
rm -f "$out"/callgrind.out.*
valgrind --tool=callgrind --compress-strings=no --compress-pos=no --callgrind-out-file="$out/callgrind.out.%p" \
	"$bin" "$@" >"$out/stdout" 2>"$out/valgrind.log" ||
	{ cat "$out/valgrind.log" >&2; exit 1; }
cat "$out/stdout"
top=${TOP:-15}
# the first $top rows of callgrind_annotate's table of functions
functions() {
	awk -v n="$top" '/file:function/ { getline; t = 1; next }
		t && NF && n-- > 0 { print "  " $0 }'
}
parts=0
for f in "$out"/callgrind.out.*; do
	[ -f "$f" ] || continue
	desc=$(sed -n 's/^desc: Trigger: Client Request: bench: //p' "$f")
	[ -n "$desc" ] || continue
	parts=$((parts + 1))
	total=$(sed -n 's/^totals: *//p;s/^summary: *//p' "$f" | head -n 1 | cut -d' ' -f1)
	per=${desc##* per=}
	label=${desc% per=*}
	awk -v l="$label" -v t="$total" -v n="$per" 'BEGIN {
		printf "%s: %.0f instructions per unit (%s in %s)\n", l, t / n, t, n }'
	if [ "$top" -gt 0 ]; then
		# a dump made in the middle of a call says calls=0, which
		# callgrind_annotate 3.19 takes as the caller's own cost
		sed 's/^calls=0 /calls=1 /' "$f" >"$out/annotate.tmp"
		callgrind_annotate --auto=no --inclusive=no "$out/annotate.tmp" 2>/dev/null |
			functions
	fi
done
if [ "$parts" = 0 ]; then
	for f in "$out"/callgrind.out.*; do
		[ -f "$f" ] || continue
		total=$(sed -n 's/^totals: *//p;s/^summary: *//p' "$f" | head -n 1 | cut -d' ' -f1)
		echo "$name: $total instructions (the whole program)"
		if [ "$top" -gt 0 ]; then
			callgrind_annotate --auto=no --inclusive=no "$f" 2>/dev/null | functions
		fi
	done
fi
echo "profiles: $out/"
