#!/usr/bin/env bash
# tests/layering.sh - the folder layout is the architecture; this keeps it so.
#
#   1. src/util and include/util (the shared layer) include no rule system.
#      Its front-end layers, util_cli (util/cli.h: prints) and util_httpd
#      (util/httpd.h: serves HTTP with libmicrohttpd), are included only by
#      front ends (src/<system>/cli, src/front/) and by themselves.
#   2. A rule system (src/<system>/, include/<system>/) includes only util
#      and its own headers: never another system's, never "../" paths
#      (except a public header of include/<system>/ reaching include/util/).
#   3. The libraries (src/util, src/<system>/<layer> but the cli) do no I/O:
#      no stdio streams, files, environment or exit; only the cli layers
#      (src/<system>/cli, and src/util/cli, the conventions they share)
#      print.
#   4. The front ends (src/<system>/cli, and src/front/<system>/<name>/:
#      the mail hill, the web server, the optimizer) include only public
#      headers of the system they serve ("<system>/…", "<system>.h",
#      "util/…") and private headers of their own folder; nothing else
#      under src/ includes a front end's headers.  They may do I/O, but for
#      the ones in the installed library (front_libs below).
#   5. Every rule system has the role folders of the template
#      (cmake/rule_system.cmake: core, cli) and is declared by one
#      add_rule_system line in CMakeLists.txt; every front end folder by
#      one add_front_end line.
# Prints each violation as FILE:LINE: message and exits 1 if there is one.
set -u
cd "$(dirname "${BASH_SOURCE[0]}")/.." || exit 2
bad=0
say() { printf '%s: %s\n' "$1" "$2"; bad=1; }

# quoted includes of the files named: "FILE:LINE:PATH" (one grep for all:
# a process a file made this check take seconds; /dev/null, as in the I/O
# check below, makes grep name the file and read nothing when none is named)
includes() { grep -n '^[[:space:]]*#[[:space:]]*include[[:space:]]*"' "$@" /dev/null |
	sed 's/^\([^:]*\):\([0-9]*\):.*"\([^"]*\)".*/\1:\2:\3/'; }

# the includes are read as FILE:LINE:PATH: a ':' in a name would be misread
for f in $(find src include -name '*:*'); do
	say "$f" "a file name with ':' (tests/layering.sh cannot read it)"
done

systems=$(cd src && for d in */; do d=${d%/}; [ "$d" = util ] || [ "$d" = front ] || echo "$d"; done)

while IFS=: read -r f line inc; do
	case "$inc" in
	util/*|[a-z]*.h) case "$inc" in */*) [ "${inc%%/*}" = util ] || say "$f:$line" "util includes \"$inc\"";; esac ;;
	*) say "$f:$line" "util includes \"$inc\"" ;;
	esac
done < <(includes $(find src/util include/util -name '*.[ch]'))

while IFS=: read -r f line inc; do
	case "$inc" in util/cli.h|util/httpd.h|cli.h|httpd.h)
		case "$f" in include/util/cli.h|include/util/httpd.h) ;;
		*) say "$f:$line" "\"$inc\" is for front ends only (util_cli, util_httpd)" ;;
		esac ;;
	esac
done < <(includes $(find src include -name '*.[ch]' ! -path 'src/front/*' \
	! -path 'src/*/cli/*' ! -path 'src/util/httpd/*'))

for sys in $systems; do
	while IFS=: read -r f line inc; do
		case "$inc" in
		util/*|"$sys"/*|"$sys.h") ;;
		../util/*) case "$f" in include/"$sys"/*) ;; *) say "$f:$line" "\"$inc\": include util as \"util/...\"" ;; esac ;;
		../*|*/../*) say "$f:$line" "\"$inc\" climbs out of its folder" ;;
		*/*) say "$f:$line" "$sys includes another system's header \"$inc\"" ;;
		*) ;; # a private header of the same folder
		esac
	done < <(includes $(find "src/$sys" "include/$sys" "include/$sys.h" -name '*.[ch]' 2>/dev/null))
done

# front ends: src/front/<system>/<name>/; the ones built into the
# installed library (add_front_end … DIST) do no I/O either
front_ends=$(ls -d src/front/*/*/ 2>/dev/null | sed 's:/$::')
front_libs=$(grep -oE '^add_front_end\([a-z_]+ [a-z_]+ DIST' CMakeLists.txt |
	sed -E 's:add_front_end\(([a-z_]+) ([a-z_]+) DIST:src/front/\1/\2:')
for dir in $front_ends; do
	sys=$(basename "$(dirname "$dir")")
	[ -d "src/$sys" ] || say "$dir" "a front end of \"$sys\", which is no rule system under src/"
	grep -qE "^add_front_end\($sys $(basename "$dir")( |\))" CMakeLists.txt ||
		say "$dir" "no add_front_end($sys $(basename "$dir") …) line in CMakeLists.txt"
	while IFS=: read -r f line inc; do
		case "$inc" in
		"$sys"/*|util/*|"$sys.h") ;;
		*/*) say "$f:$line" "front end includes \"$inc\" (public headers of $sys only)" ;;
		*) [ -f "${f%/*}/$inc" ] || say "$f:$line" "front end includes \"$inc\", not a header of its folder" ;;
		esac
	done < <(includes $(find "$dir" -name '*.[ch]'))
done
while IFS=: read -r f line inc; do
	for dir in $front_ends; do
		case "$inc" in "${dir#src/front/*/}"/*|*"/${dir#src/front/}"/*)
			say "$f:$line" "includes a front end's header \"$inc\"" ;;
		esac
	done
done < <(includes $(find src/util src/*/ -name '*.[ch]' ! -path 'src/front/*'))

# every rule system: the template's role folders, and its CMake line
for sys in $systems; do
	for role in core cli; do
		[ -d "src/$sys/$role" ] || say "src/$sys" "no $role/ folder (cmake/rule_system.cmake)"
	done
	grep -qE "^add_rule_system\($sys( |$)" CMakeLists.txt ||
		say "src/$sys" "no add_rule_system($sys …) line in CMakeLists.txt"
done

io='\b(fopen|freopen|fread|fwrite|fgets|fputs|fputc|fprintf|printf|puts|putchar|getchar|scanf|perror|getenv|exit|abort|system|popen)[[:space:]]*\(|\b(stdin|stdout|stderr)\b'
for dir in src/util $(for s in $systems; do ls -d src/"$s"/*/ | grep -v '/cli/$'; done) $front_libs; do
	while IFS= read -r hit; do
		say "${hit%%:*}:$(echo "$hit" | cut -d: -f2)" "I/O in a library layer: $(echo "$hit" | cut -d: -f3- | sed 's/^[[:space:]]*//')"
	done < <(grep -nE "$io" $(find "$dir" -name '*.[ch]' ! -path '*/cli/*') /dev/null |
		grep -vE '^[^:]*:[0-9]+:[[:space:]]*(/?\*|//)')
done

if [ $bad = 0 ]; then echo "layering: ok ($(echo $systems | wc -w) rule system(s): $(echo $systems); front ends: $(echo $front_ends | sed 's:src/front/::g'))"; fi
exit $bad
