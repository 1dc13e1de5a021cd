#!/usr/bin/env bash
# tests/symbols.sh - every library of the project can be linked into one
# program with every other: no global symbol is defined twice, and every
# global symbol a library defines carries its system's prefix.
#
#   usage: tests/symbols.sh LIB.a...   (CMakeLists.txt passes every static
#                                       library it builds but the tests')
#
#   1. A global symbol (nm types T D B R, their weak and other variants:
#      any type nm prints for a defined global) is defined once across all
#      the libraries given, and once inside each of them.
#   2. It starts with its system's prefix, chosen by the library's name:
#        lib<system>_*.a (the system's layers and its front ends)  the
#            PREFIX of its add_rule_system(<system> PREFIX p …) line in
#            CMakeLists.txt (am_, mg_, ms_, …)
#        libutil*.a (util, util_cli, util_yaml)                  ut_
#      A library of any other name fails.
# Names the compiler and the sanitizers generate (__asan_*, __odr_asan*,
# __ubsan_*, __tsan_*, __sanitizer_*, __sancov_*, .L*) are left out: the
# ASan and fuzz builds add them to every object.
# Prints each violation as LIB: OBJECT: SYMBOL: message and exits 1 if
# there is one; exits 2 on a usage error or when nm fails.
set -u

# Global names a library must define without its prefix, each with the
# reason (a name a third party mandates).  None today: the fuzz targets'
# LLVMFuzzerTestOneInput lives in tests/fuzz/, not in a library.
allow=" "

[ $# -gt 0 ] || { echo "usage: $0 LIB.a..." >&2; exit 2; }
NM=${NM:-nm}
bad=0
all=$(mktemp) || exit 2
trap 'rm -f "$all"' EXIT

# "system prefix" per add_rule_system line of CMakeLists.txt
systems=$(sed -nE 's/^add_rule_system\(([a-z_]+) PREFIX ([a-z]+).*/\1 \2/p' \
	"$(dirname "${BASH_SOURCE[0]}")/../CMakeLists.txt")

for lib in "$@"; do
	name=$(basename "$lib")
	prefix=
	case "$name" in
	libutil.a|libutil_*.a) prefix=ut_ ;;
	*) while read -r sys p; do
		case "$name" in "lib${sys}_"*.a) prefix=${p}_ ;; esac
	   done <<< "$systems" ;;
	esac
	if [ -z "$prefix" ]; then
		echo "$name: no system known for this library (no add_rule_system line in CMakeLists.txt)"
		bad=1; continue
	fi
	# nm -A: "LIB:OBJECT:ADDRESS TYPE NAME" per defined global symbol
	out=$("$NM" -A -g --defined-only "$lib") || {
		echo "$name: nm failed" >&2; exit 2; }
	while read -r where type sym; do
		[ -n "${sym:-}" ] || continue
		case "$sym" in
		__asan_*|__odr_asan*|__ubsan_*|__tsan_*|__sanitizer_*|__sancov_*|.L*) continue ;;
		esac
		obj=${where#"$lib":}
		obj=${obj%:*}
		printf '%s %s %s\n' "$sym" "$name" "$obj" >> "$all"
		case "$sym" in
		"$prefix"*) ;;
		*) case "$allow" in
		   *" $sym "*) ;;
		   *) echo "$name: $obj: $sym: global symbol (nm type $type) without the prefix $prefix"
		      bad=1 ;;
		   esac ;;
		esac
	done <<< "$out"
done

# 1. defined twice: every definition after the first
dups=$(sort "$all" | awk '$1 == prev { print $2 ": " $3 ": " $1 ": also defined in " first; next }
	{ prev = $1; first = $2 " (" $3 ")" }')
if [ -n "$dups" ]; then
	echo "$dups"
	bad=1
fi

n=$(wc -l < "$all")
if [ "$bad" = 0 ]; then
	echo "symbols: $n global symbols in $# libraries, each defined once, each with its system's prefix"
fi
exit "$bad"
