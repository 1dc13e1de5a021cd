#!/bin/sh
# bench/log_memory.sh - the memory a long duel's log takes: `manastorm
# play` of tests/manastorm/golden/scenarios/limit_5_battles.yaml with
# BATTLES battles (default 100: 1.6 million events with seed 0; the
# scenario allows 1 to 100) as text and as JSON, the log to a file.  Per
# line: events, the log's bytes, wall seconds, peak resident memory.
# The log is written while the duel goes on (MS-LOG-1, ms_log_stream),
# so the peak stays near that of a short duel whatever BATTLES is.
#
# Usage: bench/log_memory.sh [BUILD_DIR]   (default build-rel)
set -eu
build=${1:-build-rel}
bin=$build/manastorm
here=$(dirname "$0")
battles=${BATTLES:-100}
[ -x "$bin" ] || { echo "log_memory.sh: no $bin: build first" >&2; exit 1; }
command -v /usr/bin/time >/dev/null 2>&1 ||
	{ echo "log_memory.sh: needs /usr/bin/time (apt-get install time)" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
sed "s/^battles: 5\$/battles: $battles/" \
	"$here/../tests/manastorm/golden/scenarios/limit_5_battles.yaml" >"$tmp/long.yaml"
# a budget the duel cannot reach: 20,000 events a battle is over its most
budget=$((battles * 20000))
printf '%-6s %10s %12s %8s %8s\n' format events bytes wall_s rss_MB
for fmt in text json; do
	/usr/bin/time -f '%e %M' -o "$tmp/time" "$bin" play --format "$fmt" \
		--max-events "$budget" "$tmp/long.yaml" >"$tmp/log.$fmt"
	read -r wall rss <"$tmp/time"
	bytes=$(wc -c <"$tmp/log.$fmt")
	if [ "$fmt" = json ]; then
		events=$(grep -o '"type":' "$tmp/log.$fmt" | wc -l)
	else
		events=-
	fi
	awk -v f="$fmt" -v e="$events" -v b="$bytes" -v w="$wall" -v r="$rss" \
		'BEGIN { printf "%-6s %10s %12d %8.2f %8.1f\n", f, e, b, w, r / 1024 }'
done
