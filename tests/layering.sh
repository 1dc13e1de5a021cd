#!/usr/bin/env bash
# tests/layering.sh - the folder layout is the architecture; this keeps it so.
#
#   1. src/util and include/util (the shared layer) include no rule system.
#   2. A rule system (src/<system>/, include/<system>/) includes only util
#      and its own headers: never another system's, never "../" paths
#      (except a public header of include/<system>/ reaching include/util/).
#   3. The libraries (src/util, src/<system>/<layer> but the cli) do no I/O:
#      no stdio streams, files, environment or exit; only the cli layers
#      (src/<system>/cli, and src/util/cli, the conventions they share)
#      print.
#   4. The front-end layers (src/<system>/cli, src/amaryllis/hill, the mail
#      hill, src/amaryllis/web, the web server, and src/megami/serve, the
#      BCDice-API server) may do I/O but include only public headers
#      ("amaryllis/…" or "megami/…", "util/…", "amaryllis.h") and
#      private headers of their own folder; nothing else under src/
#      includes a front end's headers.
# Prints each violation as FILE:LINE: message and exits 1 if there is one.
set -u
cd "$(dirname "${BASH_SOURCE[0]}")/.." || exit 2
bad=0
say() { printf '%s: %s\n' "$1" "$2"; bad=1; }

# quoted includes of a file: "LINE:PATH"
includes() { grep -n '^[[:space:]]*#[[:space:]]*include[[:space:]]*"' "$1" |
	sed 's/^\([0-9]*\):.*"\([^"]*\)".*/\1:\2/'; }

systems=$(cd src && for d in */; do d=${d%/}; [ "$d" = util ] || echo "$d"; done)

for f in $(find src/util include/util -name '*.[ch]'); do
	while IFS=: read -r line inc; do
		case "$inc" in
		util/*|[a-z]*.h) case "$inc" in */*) [ "${inc%%/*}" = util ] || say "$f:$line" "util includes \"$inc\"";; esac ;;
		*) say "$f:$line" "util includes \"$inc\"" ;;
		esac
	done < <(includes "$f")
done

for sys in $systems; do
	for f in $(find "src/$sys" "include/$sys" "include/$sys.h" -name '*.[ch]' 2>/dev/null); do
		while IFS=: read -r line inc; do
			case "$inc" in
			util/*|"$sys"/*|"$sys.h") ;;
			../util/*) case "$f" in include/"$sys"/*) ;; *) say "$f:$line" "\"$inc\": include util as \"util/...\"" ;; esac ;;
			../*|*/../*) say "$f:$line" "\"$inc\" climbs out of its folder" ;;
			*/*) say "$f:$line" "$sys includes another system's header \"$inc\"" ;;
			*) ;; # a private header of the same folder
			esac
		done < <(includes "$f")
	done
done

# front-end layers besides each system's cli (they may do I/O)
front_ends='src/amaryllis/hill src/amaryllis/web src/megami/serve'
for dir in $front_ends; do
	for f in $(find "$dir" -name '*.[ch]'); do
		while IFS=: read -r line inc; do
			case "$inc" in
			amaryllis/*|util/*|amaryllis.h) ;;
			megami/*) case "$f" in src/megami/*) ;; *) say "$f:$line" "front end includes \"$inc\" (public headers only)" ;; esac ;;
			*/*) say "$f:$line" "front end includes \"$inc\" (public headers only)" ;;
			*) [ -f "$(dirname "$f")/$inc" ] || say "$f:$line" "front end includes \"$inc\", not a header of its folder" ;;
			esac
		done < <(includes "$f")
	done
done
is_front_end() { case " $front_ends " in *" ${1%/} "*) return 0;; esac; return 1; }

io='\b(fopen|freopen|fread|fwrite|fgets|fputs|fputc|fprintf|printf|puts|putchar|getchar|scanf|perror|getenv|exit|abort|system|popen)[[:space:]]*\(|\b(stdin|stdout|stderr)\b'
for dir in src/util $(for s in $systems; do ls -d src/"$s"/*/ | grep -v '/cli/$'; done); do
	is_front_end "$dir" && continue
	while IFS= read -r hit; do
		say "${hit%%:*}:$(echo "$hit" | cut -d: -f2)" "I/O in a library layer: $(echo "$hit" | cut -d: -f3- | sed 's/^[[:space:]]*//')"
	done < <(grep -nE "$io" $(find "$dir" -name '*.[ch]' ! -path '*/cli/*') /dev/null |
		grep -vE '^[^:]*:[0-9]+:[[:space:]]*(/?\*|//)')
done

if [ $bad = 0 ]; then echo "layering: ok ($(echo $systems | wc -w) rule system(s): $(echo $systems))"; fi
exit $bad
