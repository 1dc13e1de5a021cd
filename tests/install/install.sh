#!/bin/sh
# tests/install/install.sh BUILD_DIR SOURCE_DIR CC VERSION [CFLAGS...]
#
# CTest install/destdir (label install): `cmake --install BUILD_DIR --prefix
# /usr` into a DESTDIR (BUILD_DIR/install-test/root), then, against that
# copy only:
#   - the files: the three tools, their man pages (en, ja), each library
#     (the three systems' and libamaryllis-util) static and shared with its
#     SONAME, a .pc file each;
#   - each man page, en and ja, the tools' and the helpers': its sections,
#     its SYNOPSIS against the --help, no groff warning (check_page);
#   - the section-5 pages of the file formats (man/*.5), installed
#     gzipped in share/man/man5/ as the source has them, no groff warning
#     (the CTest test man5 checks their text and examples);
#   - the shared libraries export only prefixed names (am_ mg_ ms_; ut_
#     from libamaryllis-util alone: util is in one library, linked by the
#     others, so that they share its one error object whatever the linker
#     binds inside a library; a program reads a megami error through
#     am_error_last, checked by the program all3);
#   - each installed header compiles alone (twice: its guard), strict C11;
#   - every function the installed headers declare is defined by the
#     installed libraries (each system's headers: by its own library), and
#     every function the libraries export is declared by an installed header;
#   - for each system a small C program (tests/install/use_SYS.c) built
#     with pkg-config (PKG_CONFIG_SYSROOT_DIR, PKG_CONFIG_PATH into the
#     DESTDIR), shared and static, reads a bundled example: "ok 0";
#   - the installed tools print their version and check an example;
#   - the three libraries in one program share one error object
#     (tests/install/use_all.c).
# CFLAGS: extra flags for the C programs (the sanitizers of the build).
set -eu
build=$1 src=$2 cc=$3 version=$4
shift 4
extra="$*"
t="$build/install-test"
root="$t/root"
fail() { echo "install.sh: FAIL: $*" >&2; exit 1; }
# check_page PAGE LANG TOOL [CMD]: the man page of `TOOL [CMD]` has the
# sections NAME, SYNOPSIS, DESCRIPTION, OPTIONS (ja: help2man's Japanese
# names), as many usage lines in SYNOPSIS as its --help has (Usage: and
# its "or:" lines; ja 使い方: and または:), and groff formats it without
# a warning (when groff is here: man-db's formatter)
check_page() {
	page=$1 lang=$2 tool=$3 cmd=${4:-}
	[ -f "$page" ] || fail "not installed: $page"
	gzip -dc "$page" > "$t/page"
	case $lang in
	ja) sections='名前 書式 説明 オプション' ;;
	*) sections='NAME SYNOPSIS DESCRIPTION OPTIONS' ;;
	esac
	for s in $sections; do
		grep -qx "\.SH $s" "$t/page" || fail "$page: no section $s"
	done
	# shellcheck disable=SC2086
	want=$("$root/usr/bin/$tool" --lang "$lang" $cmd --help |
		awk 'NR == 1 { n = 1; next } /^ *(or|または): / { n++; next } { exit } END { print n }')
	got=$(awk '/^\.SH / { syn = $0 == ".SH SYNOPSIS" || $0 == ".SH 書式" }
		syn && /^\.B / { n++ } END { print n + 0 }' "$t/page")
	[ "$got" = "$want" ] ||
		fail "$page: $got usage lines in the SYNOPSIS, $want in $tool $cmd --help"
	if command -v groff > /dev/null; then
		warn=$(groff -k -man -Tutf8 -ww -z "$t/page" 2>&1)
		[ -z "$warn" ] || fail "$page: groff -ww: $warn"
	fi
}

rm -rf "$t"
mkdir -p "$t"
DESTDIR="$root" cmake --install "$build" --prefix /usr > "$t/install.log"

pc=$(find "$root/usr" -name amaryllis.pc)
[ -n "$pc" ] || fail "no amaryllis.pc"
pcdir=$(dirname "$pc")
libdir=$(dirname "$pcdir")
export PKG_CONFIG_SYSROOT_DIR="$root" PKG_CONFIG_PATH="$pcdir"

# the headers in a folder of their own (util/ is no folder of /usr/include)
incs=include/amaryllis-0
[ -d "$root/usr/include/util" ] && fail "/usr/include/util installed"
for f in bin/amaryllis bin/megami bin/manastorm $incs/amaryllis.h \
	$incs/megami/scenario_yaml.h $incs/manastorm/scenario_yaml.h \
	$incs/util/buf.h; do
	[ -f "$root/usr/$f" ] || fail "not installed: /usr/$f"
done
for tool in amaryllis megami manastorm; do
	for lang in en ja; do
		m=share/man/man1
		[ $lang = en ] || m=share/man/$lang/man1
		page="$root/usr/$m/$tool.1.gz"
		check_page "$page" $lang "$tool"
		gzip -dc "$page" | grep -q "^\.SS \"$tool check\"" ||
			fail "$page: no section for $tool check"
	done
	out=$("$root/usr/bin/$tool" --version)
	[ "$out" = "$tool $version" ] || fail "$tool --version: $out"
done
gzip -dc "$root/usr/share/man/ja/man1/megami.1.gz" | grep -q '戦女神TRPG' ||
	fail "megami.1 (ja) is not in Japanese"
# the commands that are executables of their own, installed out of PATH in
# libexec/amaryllis/ with their pages, and run by their tool from there
for tc in megami:serve amaryllis:hill amaryllis:mail amaryllis:serve; do
	tool=${tc%%:*} cmd=${tc#*:}
	[ -f "$root/usr/libexec/amaryllis/$tool-$cmd" ] ||
		fail "not installed: /usr/libexec/amaryllis/$tool-$cmd"
	[ -e "$root/usr/bin/$tool-$cmd" ] && fail "in PATH: /usr/bin/$tool-$cmd"
	for lang in en ja; do
		m=share/man/man1
		[ $lang = en ] || m=share/man/$lang/man1
		check_page "$root/usr/$m/$tool-$cmd.1.gz" $lang "$tool" "$cmd"
	done
	out=$("$root/usr/bin/$tool" --lang en "$cmd" --help | head -1)
	case $out in
	"Usage: $tool $cmd "*) ;;
	*) fail "installed $tool $cmd --help: $out" ;;
	esac
done

# the section-5 pages: the source's text, gzipped
for p in megami-scenario manastorm-scenario amaryllis-sheet megami-replay; do
	page="$root/usr/share/man/man5/$p.5.gz"
	[ -f "$page" ] || fail "not installed: /usr/share/man/man5/$p.5.gz"
	gzip -dc "$page" | cmp -s - "$src/man/$p.5" ||
		fail "/usr/share/man/man5/$p.5.gz is not man/$p.5"
	if command -v groff > /dev/null; then
		warn=$(gzip -dc "$page" | groff -k -man -Tutf8 -ww -z 2>&1)
		[ -z "$warn" ] || fail "$page: groff -ww: $warn"
	fi
done

for sys in amaryllis-util amaryllis megami manastorm; do
	[ -f "$libdir/lib$sys.a" ] || fail "no lib$sys.a"
	[ -L "$libdir/lib$sys.so" ] || fail "no lib$sys.so link"
	soname=$(readelf -d "$libdir/lib$sys.so.$version" |
		sed -n 's/.*(SONAME).*\[\(.*\)\]/\1/p')
	[ "$soname" = "lib$sys.so.0" ] || fail "lib$sys SONAME: '$soname'"
	case $sys in
	amaryllis-util) p=ut ;;
	amaryllis) p=am ;;
	megami) p=mg ;;
	*) p=ms ;;
	esac
	# (A: the symbol versions of libamaryllis-util, AMARYLLIS_UTIL_0…)
	bad=$(nm -D --defined-only "$libdir/lib$sys.so.0" |
		awk -v p="$p" '$2 != "A" && index($3, p "_") != 1 { print $3 }')
	[ -z "$bad" ] || fail "lib$sys exports names without its prefix ${p}_: $bad"
	# the systems call util's private functions at this release's symbol
	# version, so that a util of another release is refused at load time
	if [ "$sys" != amaryllis-util ]; then
		other=$(objdump -T "$libdir/lib$sys.so.0" | grep -o 'AMARYLLIS_UTIL_[0-9.]*_PRIVATE' |
			grep -vx "AMARYLLIS_UTIL_${version}_PRIVATE" | sort -u)
		objdump -T "$libdir/lib$sys.so.0" | grep -q "(AMARYLLIS_UTIL_${version}_PRIVATE)" &&
			[ -z "$other" ] ||
			fail "lib$sys: util's private functions not at AMARYLLIS_UTIL_${version}_PRIVATE ($other)"
	fi
	# no two members of an archive have one name (ar x kept one of two
	# text.c.o: packaging review 2026-12-06)
	dup=$(ar t "$libdir/lib$sys.a" | LC_ALL=C sort | uniq -d | tr '\n' ' ')
	[ -z "$dup" ] || fail "lib$sys.a has members of the same name: $dup"
	# the archives link together: each defines only its own prefix
	# (but the names the sanitizers add, as tests/symbols.sh skips them:
	# ASan's __odr_asan.NAME)
	bad=$(nm -g --defined-only "$libdir/lib$sys.a" |
		awk -v p="$p" 'NF == 3 && index($3, p "_") != 1 &&
			$3 !~ /^__(asan_|odr_asan|ubsan_|tsan_|sanitizer_|sancov_)/ { print $3 }')
	[ -z "$bad" ] || fail "lib$sys.a defines names without its prefix ${p}_: $bad"
	case $sys in
	amaryllis-util) nm -D --defined-only "$libdir/lib$sys.so.0" | grep -q ' T ut_error_last@@AMARYLLIS_UTIL_0$' ;;
	amaryllis) nm -D --defined-only "$libdir/lib$sys.so.0" | grep -q ' T am_sheet_parse$' ;;
	megami) nm -D --defined-only "$libdir/lib$sys.so.0" | grep -q ' T mg_scenario_parse$' ;;
	manastorm) nm -D --defined-only "$libdir/lib$sys.so.0" | grep -q ' T ms_scenario_parse$' ;;
	esac || fail "lib$sys does not export its parser"
done

# each installed header alone, strict C11
n=0
for h in $(cd "$root/usr/$incs" && find . -name '*.h' | sed 's|^\./||' | sort); do
	printf '#include <%s>\n#include <%s>\ntypedef int am_header_alone;\n' "$h" "$h" |
		$cc -std=c11 -pedantic -Wall -Wextra -Werror -fsyntax-only \
			-I"$root/usr/$incs" -x c - || fail "<$h> does not compile alone"
	n=$((n + 1))
done
[ $n -ge 20 ] || fail "only $n headers installed"

# every function an installed header declares is defined by the installed
# libraries: a header installed without its library (a front end's, such
# as megami/serve.h once was) fails here, not in a user's link.  The
# declarations come from the compiler, not from a regex on the headers:
# gcc's -aux-info writes one line per function declared or defined in the
# translation unit, after the preprocessor (no comments, macros expanded):
#   /* FILE:LINE:NC */ extern int mg_dice_roll (mg_dice_result *, ...);
# C there is a declaration (F: a definition, the headers' static inline
# functions, which need no library).  Kept: the non-static declarations
# from files under the installed include/; the name is the first
# identifier followed by " (" and then not "*" (a function returning a
# function pointer prints as "T (*name (params)) (...)").
# Each system's headers (include/SYS/*.h, include/SYS.h) and what they
# include must be defined by libSYS.so and libamaryllis-util.so (what
# pkg-config --libs SYS gives); all the installed headers together by the
# four libraries.
inc="$root/usr/$incs"
aux_cc=$cc
probe() { # can $1 write -aux-info?
	printf 'int am_aux_probe(void);\n' |
		"$1" -std=c11 -fsyntax-only -aux-info "$t/probe.aux" -x c - 2>/dev/null &&
		grep -q 'am_aux_probe (void)' "$t/probe.aux"
}
if ! probe "$aux_cc"; then
	aux_cc=gcc # -aux-info is GCC's (clang has none)
	probe "$aux_cc" || fail "neither $cc nor gcc writes -aux-info: the header/library check needs gcc"
fi
declared() { # declared OUT HEADER... (relative to $inc): the names, sorted
	out=$1
	shift
	for h in "$@"; do printf '#include <%s>\n' "$h"; done > "$t/decl.c"
	rm -f "$t/decl.aux"
	"$aux_cc" -std=c11 -fsyntax-only -aux-info "$t/decl.aux" -I"$inc" "$t/decl.c" ||
		fail "the installed headers $* do not compile together"
	awk -v inc="$inc/" '
		index($0, "/* " inc) == 1 && match($0, /:[0-9]+:[NO]C \*\/ extern /) {
			d = substr($0, RSTART + RLENGTH)
			while (match(d, /[A-Za-z_][A-Za-z0-9_]* \(/)) {
				name = substr(d, RSTART, RLENGTH - 2)
				rest = substr(d, RSTART + RLENGTH)
				if (substr(rest, 1, 1) != "*") { print name; break }
				d = rest
			}
		}' "$t/decl.aux" | LC_ALL=C sort -u > "$out"
}
check_defined() { # check_defined WHAT NAMES-FILE LIB.so...
	what=$1 names=$2
	shift 2
	nm -D --defined-only "$@" | awk 'NF == 3 { sub(/@.*/, "", $3); print $3 }' |
		LC_ALL=C sort -u > "$t/defined"
	missing=$(LC_ALL=C comm -23 "$names" "$t/defined" | tr '\n' ' ')
	[ -z "$missing" ] || fail "$what declare functions not defined by" \
		"$(for l in "$@"; do basename "$l"; done | tr '\n' ' ')(no header" \
		"may be installed without its library): $missing"
}
for sys in amaryllis megami manastorm; do
	hs=$(cd "$inc" && find "$sys" -name '*.h' | LC_ALL=C sort)
	[ -f "$inc/$sys.h" ] && hs="$sys.h $hs"
	# shellcheck disable=SC2086
	declared "$t/decl_$sys" $hs
	[ "$(wc -l < "$t/decl_$sys")" -ge 20 ] ||
		fail "only $(wc -l < "$t/decl_$sys") functions found in the $sys headers"
	check_defined "the $sys headers" "$t/decl_$sys" "$libdir/lib$sys.so.0" \
		"$libdir/libamaryllis-util.so.0"
done
# shellcheck disable=SC2046
declared "$t/decl_all" $(cd "$inc" && find . -name '*.h' | sed 's|^\./||' | LC_ALL=C sort)
check_defined "the installed headers" "$t/decl_all" \
	"$libdir/libamaryllis.so.0" "$libdir/libmegami.so.0" "$libdir/libmanastorm.so.0" \
	"$libdir/libamaryllis-util.so.0"
ndecl=$(wc -l < "$t/decl_all")
# and the other way: every function a shared library exports is declared
# by an installed header (a name an installed header only mentions in a
# comment, such as an internal function of util/utf8.h, is no API: once
# cmake/exports.cmake exported ut_utf8_control for such a comment); but
# libamaryllis-util's AMARYLLIS_UTIL_<release>_PRIVATE, the util functions the
# systems' libraries call, which are no API
for sys in amaryllis-util amaryllis megami manastorm; do
	undeclared=$(nm -D --defined-only "$libdir/lib$sys.so.0" |
		awk 'NF == 3 && $2 ~ /^[TWi]$/ && $3 !~ /@AMARYLLIS_UTIL_[0-9.]+_PRIVATE$/ {
			sub(/@.*/, "", $3); print $3 }' |
		LC_ALL=C sort -u | LC_ALL=C comm -23 - "$t/decl_all" | tr '\n' ' ')
	[ -z "$undeclared" ] || fail "lib$sys exports functions that no installed header declares: $undeclared"
done

run() { # run NAME EXPECTED-STDOUT CMD...
	name=$1 want=$2
	shift 2
	got=$(LD_LIBRARY_PATH="$libdir" "$@") || fail "$name: exit $?"
	[ "$got" = "$want" ] || fail "$name: '$got', want '$want'"
}
# What each program prints: its example's errors (0), and for megami and
# manastorm what the installed tools print for the same seeds: `megami
# fight --seed 1 examples/megami/duel.yaml` ends PCの勝利 in round 7
# (--format json: "winner": "PC", "rounds": 7), `megami roll --seed 0
# '2D6+1>=8'` prints the line below, and `manastorm play --seed 1
# examples/manastorm/table.yaml` is a draw after 3 battles.
nl='
'
# find_package(amaryllis) (embedder review W10): a CMake project that
# builds each program against the installed package, shared and static
# (run with the others below)
cm="$t/cmake-use"
mkdir -p "$cm"
cat > "$cm/CMakeLists.txt" <<EOF
cmake_minimum_required(VERSION 3.13)
project(use_amaryllis C)
find_package(amaryllis $version CONFIG REQUIRED)
foreach(sys amaryllis megami manastorm)
	add_executable(use_\${sys} "$src/tests/install/use_\${sys}.c")
	target_link_libraries(use_\${sys} PRIVATE amaryllis::\${sys})
	add_executable(use_\${sys}_static "$src/tests/install/use_\${sys}.c")
	target_link_libraries(use_\${sys}_static PRIVATE amaryllis::\${sys}_static)
endforeach()
EOF
cmake -S "$cm" -B "$cm/build" -DCMAKE_PREFIX_PATH="$root/usr" \
	-DCMAKE_C_COMPILER="$cc" -DCMAKE_C_FLAGS="-std=c11 -Wall -Wextra -Werror $extra" \
	> "$t/cmake-use.log" 2>&1 || fail "find_package(amaryllis): $(tail -5 "$t/cmake-use.log")"
cmake --build "$cm/build" >> "$t/cmake-use.log" 2>&1 ||
	fail "building against the CMake package: $(tail -5 "$t/cmake-use.log")"

for sys in amaryllis megami manastorm; do
	case $sys in
	amaryllis) ex="$src/examples/grisk.txt" want="ok 0" ;;
	megami) ex="$src/examples/megami/duel.yaml"
		want="ok 0${nl}PC in round 7${nl}(2D6+1>=8[12,2]) ＞ 9[4,5]+1 ＞ 10 ＞ 成功" ;;
	manastorm) ex="$src/examples/manastorm/table.yaml"
		want="ok 0${nl}draw after 3 battles" ;;
	esac
	cflags=$(pkg-config --cflags $sys)
	case "$cflags" in *"-I$root/usr/$incs"*) ;; *) fail "pkg-config --cflags $sys: $cflags" ;; esac
	# no other library's definitions in a program's flags (Debian's
	# libutf8proc.pc gave -DUTF8PROC_EXPORTS through Requires.private:
	# embedder review W9)
	case "$cflags" in *-D*) fail "pkg-config --cflags $sys defines a macro: $cflags" ;; esac
	# shared, through pkg-config
	# shellcheck disable=SC2046,SC2086
	$cc -std=c11 -Wall -Wextra -Werror $extra -o "$t/use_$sys" \
		"$src/tests/install/use_$sys.c" $cflags $(pkg-config --libs $sys)
	readelf -d "$t/use_$sys" | grep -q "NEEDED.*\[lib$sys\.so\.0\]" ||
		fail "use_$sys is not linked with lib$sys.so.0"
	readelf -d "$libdir/lib$sys.so.0" | grep -q "NEEDED.*\[libamaryllis-util\.so\.0\]" ||
		fail "lib$sys.so.0 is not linked with libamaryllis-util.so.0"
	run "use_$sys (shared)" "$want" "$t/use_$sys" "$ex"
	# docs/EMBEDDING.md's other way: the folder in the program, as an RPATH
	# (--disable-new-dtags), which the loader also searches for the
	# library's own libamaryllis-util; a RUNPATH, -rpath's default, is not
	# searched there, and Debian's gcc links --as-needed, so a program that
	# calls no ut_ function does not name libamaryllis-util itself (exit
	# 127 for use_amaryllis: embedder review 1)
	# shellcheck disable=SC2046,SC2086
	$cc -std=c11 -Wall -Wextra -Werror $extra -o "$t/use_${sys}_rpath" \
		"$src/tests/install/use_$sys.c" $cflags $(pkg-config --libs $sys) \
		-Wl,-rpath,"$libdir" -Wl,--disable-new-dtags
	got=$(env -u LD_LIBRARY_PATH "$t/use_${sys}_rpath" "$ex") ||
		fail "use_${sys}_rpath: exit $?"
	[ "$got" = "$want" ] || fail "use_${sys}_rpath: '$got', want '$want'"
	# static: the archives and pkg-config --static's private libraries
	# shellcheck disable=SC2046,SC2086
	$cc -std=c11 -Wall -Wextra -Werror $extra -o "$t/use_${sys}_static" \
		"$src/tests/install/use_$sys.c" $cflags "$libdir/lib$sys.a" \
		"$libdir/libamaryllis-util.a" \
		$(pkg-config --static --libs $sys |
			sed "s/-l\($sys\|amaryllis-util\)\( \|\$\)/ /g")
	if readelf -d "$t/use_${sys}_static" | grep -q "lib\($sys\|amaryllis-util\)\.so"; then
		fail "use_${sys}_static uses a shared library of ours"
	fi
	run "use_$sys (static)" "$want" "$t/use_${sys}_static" "$ex"
	# through the CMake package
	readelf -d "$cm/build/use_$sys" | grep -q "NEEDED.*\[lib$sys\.so\.0\]" ||
		fail "use_$sys (CMake) is not linked with lib$sys.so.0"
	run "use_$sys (CMake, shared)" "$want" "$cm/build/use_$sys" "$ex"
	if readelf -d "$cm/build/use_${sys}_static" | grep -q "lib\($sys\|amaryllis-util\)\.so"; then
		fail "use_${sys}_static (CMake) uses a shared library of ours"
	fi
	run "use_$sys (CMake, static)" "$want" "$cm/build/use_${sys}_static" "$ex"
	# the installed tool on the same example
	"$root/usr/bin/$sys" check "$ex" > /dev/null || fail "$sys check $ex"
done
# the three libraries in one program, one error object (use_all.c)
# shellcheck disable=SC2046,SC2086
$cc -std=c11 -Wall -Wextra -Werror $extra -o "$t/use_all" "$src/tests/install/use_all.c" \
	$(pkg-config --cflags --libs amaryllis megami manastorm)
m="megami: unexpected end of the expression"
run "use_all (shared)" "$m$nl$m$nl$m${nl}versions: $version $version $version" "$t/use_all"
echo "install.sh: ok ($n headers, $ndecl functions; $(find "$root" -type f | wc -l) files)"
