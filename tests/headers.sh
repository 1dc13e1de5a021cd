#!/usr/bin/env bash
# tests/headers.sh - every public header stands alone, in C and in C++.
#
#   headers.sh SRCDIR CC CXX LIBRARY...
#
#   1. Each header of include/*/ (amaryllis, megami, manastorm, util),
#      included alone (twice: its include guard), compiles as strict C11
#      (CC -std=c11 -Wall -Wextra -Werror -pedantic -fsyntax-only) and as
#      C++11 (CXX, the same warnings): it includes what it uses itself.
#   2. The table below names one function of each header that has
#      functions with external linkage (every header is in the table; "-"
#      for a header of types, macros and static inline functions only).  A
#      C++ file that includes every header and takes the address of each of
#      those functions must need no C++-mangled symbol (nm -u: nothing
#      starting with _Z), and each name it needs must be defined by one of
#      the static LIBRARY files: the headers' extern "C" blocks work and
#      the names are those the libraries define.
# Prints each failure (the compiler's message, or FILE: message) and exits
# 1 if there is one.
set -u
[ $# -ge 3 ] || { echo "usage: headers.sh SRCDIR CC CXX LIBRARY..." >&2; exit 2; }
src=$1 cc=$2 cxx=$3
shift 3
inc="$src/include"
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
bad=0
say() { printf '%s: %s\n' "$1" "$2"; bad=1; }

# header -> one function it declares with external linkage ("-": none)
table='
amaryllis/common.h am_version
amaryllis/engine.h am_battle_run
amaryllis/hill.h am_hill_process
amaryllis/league.h am_league_run
amaryllis/optimize.h am_opt_run
amaryllis/render.h am_log_new
amaryllis/sheet.h am_sheet_parse
amaryllis/team.h am_team_check
amaryllis/web.h am_web_handle
manastorm/common.h ms_version
manastorm/duel.h ms_duel_new
manastorm/playtest.h ms_pt_run
manastorm/policy.h ms_policy_find
manastorm/pt_render.h ms_pt_render_text
manastorm/render.h ms_render_text
manastorm/scenario.h ms_scenario_check
manastorm/scenario_yaml.h ms_scenario_parse
megami/combat.h mg_combat_new
megami/common.h mg_version
megami/dice.h mg_dice_roll
megami/mc_render.h mg_mc_render
megami/montecarlo.h mg_mc_run
megami/render.h mg_log_new
megami/replay.h mg_replay_parse
megami/scenario.h mg_scenario_check
megami/scenario_yaml.h mg_scenario_parse
megami/serve.h mg_serve_handle
util/array.h ut_array_grow
util/assert.h -
util/base64.h ut_base64_put
util/buf.h ut_buf_put
util/ckd.h -
util/cli.h ut_cli_main
util/error.h ut_error_set
util/hash.h -
util/http.h ut_http_rate_init
util/httpd.h ut_httpd_start
util/json.h ut_json_real
util/lang.h -
util/msg.h ut_msg_put
util/out.h ut_out_open
util/rng.h ut_rng_seed
util/series.h ut_series_run
util/sink.h ut_sink_flush
util/stats.h ut_wilson
util/svg.h ut_svg_step
util/utf8.h ut_utf8_copy
util/width.h ut_width
util/yaml.h ut_yaml_doc_read
'

headers=$(cd "$inc" && ls -- */*.h | LC_ALL=C sort)
[ -n "$headers" ] || { say "$inc" "no public headers"; exit 1; }

# 1. each header alone, as C11 and as C++11
n=0
for h in $headers; do
	n=$((n + 1))
	printf '#include "%s"\n#include "%s"\n' "$h" "$h" > "$tmp/h$n.c"
	"$cc" -std=c11 -Wall -Wextra -Werror -pedantic -fsyntax-only \
		-I"$inc" "$tmp/h$n.c" || say "$h" "does not compile alone as C11"
	"$cxx" -std=c++11 -Wall -Wextra -Werror -pedantic -fsyntax-only \
		-x c++ -I"$inc" "$tmp/h$n.c" || say "$h" "does not compile alone as C++11"
done

# 2. linkage from C++
funcs=""
{
	for h in $headers; do
		f=$(printf '%s\n' "$table" | awk -v h="$h" '$1 == h { print $2 }')
		[ -n "$f" ] || say "tests/headers.sh" "$h is not in the table"
		printf '#include "%s"\n' "$h"
		[ "$f" = - ] || funcs="$funcs $f"
	done
	printf 'typedef void (*am_any_fn)();\n'
	printf 'am_any_fn volatile am_headers_taken[] = {\n'
	for f in $funcs; do
		printf '\treinterpret_cast<am_any_fn>(&%s),\n' "$f"
	done
	printf '};\nint main() { return am_headers_taken[0] == 0; }\n'
} > "$tmp/all.cpp"
for row in $(printf '%s\n' "$table" | awk 'NF { print $1 }'); do
	[ -f "$inc/$row" ] || say "tests/headers.sh" "the table names $row, which is not a public header"
done

if ! "$cxx" -std=c++11 -Wall -Wextra -Werror -pedantic -c -I"$inc" \
	"$tmp/all.cpp" -o "$tmp/all.o"; then
	say "$tmp/all.cpp" "the headers together do not compile as C++11"
	exit 1
fi
undef=$(nm -u "$tmp/all.o" | awk '{ print $NF }')
for s in $undef; do
	case "$s" in
	_Z*) say "$s" "C++ needs a mangled name ($(printf '%s' "$s" |
		c++filt 2>/dev/null)): a header's declarations are outside extern \"C\"" ;;
	esac
done
defined=$(nm --defined-only "$@" 2>/dev/null | awk '$2 == "T" { print $3 }' | LC_ALL=C sort -u)
for f in $funcs; do
	printf '%s\n' "$undef" | grep -qx -- "$f" ||
		say "$f" "not needed by the C++ object under its C name"
	printf '%s\n' "$defined" | grep -qx -- "$f" ||
		say "$f" "not defined by the libraries ($*)"
done
exit $bad
