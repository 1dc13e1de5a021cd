#!/bin/sh
# tests/install/deb_check.sh PACKAGE.deb SOURCE_DIR   (make deb)
#
# Checks the package made by CPack without installing it: dpkg-deb --info
# (name, Depends from dpkg-shlibdeps), --contents (tools, man pages, shared
# libraries, pkg-config files), then extracts it into a temporary folder and
# checks that its executables and shared libraries are hardened (PIE, RELRO,
# stack protector, FORTIFY: below), runs the tools from there
# (LD_LIBRARY_PATH on the extracted libraries): --version, a real command on
# a bundled example each, and `man -l` of every page (English and
# Japanese): its NAME, SYNOPSIS, DESCRIPTION and OPTIONS (ja: 名前, 書式,
# 説明, オプション); a section-5 page (the file formats, man/*.5): NAME,
# SYNOPSIS, DESCRIPTION, EXAMPLES and SEE ALSO.
set -eu
deb=$1 src=$2
fail() { echo "deb_check.sh: FAIL: $*" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

dpkg-deb --info "$deb" > "$tmp/info"
grep -q '^ Package: amaryllis$' "$tmp/info" || fail "no Package: amaryllis"
grep -q '^ Depends: .*libjansson4' "$tmp/info" || fail "Depends lacks libjansson4"
# the .pc files' Requires.private (pkg-config --cflags needs their .pc)
# and Libs.private (a static link needs libutf8proc.so)
for dev in libutf8proc-dev libjansson-dev libyaml-dev; do
	grep -q "^ Depends: .*$dev" "$tmp/info" || fail "Depends lacks $dev"
done
dpkg-deb --contents "$deb" > "$tmp/contents"
for f in ./usr/bin/amaryllis ./usr/bin/megami ./usr/bin/manastorm \
	./usr/libexec/amaryllis/megami-serve ./usr/share/man/man1/megami-serve.1.gz \
	./usr/libexec/amaryllis/amaryllis-hill ./usr/libexec/amaryllis/amaryllis-mail \
	./usr/libexec/amaryllis/amaryllis-serve \
	./usr/share/man/ja/man1/amaryllis-mail.1.gz \
	./usr/share/man/man1/amaryllis.1.gz ./usr/share/man/ja/man1/megami.1.gz \
	./usr/share/man/man5/megami-scenario.5.gz ./usr/share/man/man5/megami-replay.5.gz \
	./usr/share/man/man5/manastorm-scenario.5.gz ./usr/share/man/man5/amaryllis-sheet.5.gz \
	/libamaryllis.so.0 /libmegami.so.0 /libmanastorm.so.0 /libamaryllis-util.so.0 \
	/pkgconfig/amaryllis-util.pc /cmake/amaryllis/amaryllisConfig.cmake \
	/cmake/amaryllis/amaryllisConfigVersion.cmake \
	/pkgconfig/manastorm.pc ./usr/include/amaryllis-0/amaryllis.h \
	./usr/share/doc/amaryllis/examples/grisk.txt \
	./usr/share/doc/amaryllis/examples/megami/duel.yaml \
	./usr/share/doc/amaryllis/docs/MEGAMI ./usr/share/doc/amaryllis/README; do
	grep -q -- "$f" "$tmp/contents" || fail "not in the package: $f"
done

# what lintian asks of a package with shared libraries (packager review
# D3): a shlibs file, so that a package built against a library depends on
# this one at this version or later; ldconfig run by a dpkg trigger; not
# the section games (lintian keeps it for /usr/games)
dpkg-deb -e "$deb" "$tmp/control"
v=$(sed -n 's/^ Version: //p' "$tmp/info")
for l in libamaryllis-util libamaryllis libmegami libmanastorm; do
	grep -qx "$l 0 amaryllis (>= $v)" "$tmp/control/shlibs" ||
		fail "shlibs: no line '$l 0 amaryllis (>= $v)'"
done
grep -qx 'activate-noawait ldconfig' "$tmp/control/triggers" ||
	fail "no ldconfig trigger"
grep -q '^ Section: games' "$tmp/info" && fail "Section: games"
# lintian's one false error overridden (libyaml is linked, not embedded)
grep -q -- "./usr/share/lintian/overrides/amaryllis$" "$tmp/contents" ||
	fail "no lintian overrides"

dpkg-deb -x "$deb" "$tmp/root"
lib=$(dirname "$(find "$tmp/root/usr" -name libamaryllis.so.0)")

# Hardened (make deb builds with dpkg-buildflags' CFLAGS, CPPFLAGS and
# LDFLAGS): every executable and shared library of the package
#   - is position-independent: an executable's ELF type is DYN (PIE), not
#     EXEC (a shared library is DYN anyway);
#   - has a GNU_RELRO segment (-Wl,-z,relro; -z now is not among Debian's
#     default flags, so BIND_NOW is not asked);
#   - imports __stack_chk_fail: -fstack-protector-strong guards every
#     function with a local array or a local whose address is taken, which
#     each of these files has many of (an unprotected build imports none);
#   - imports at least one __*_chk function (__printf_chk, __snprintf_chk,
#     __memcpy_chk, ...): -D_FORTIFY_SOURCE=2 with optimisation turns every
#     call of the printf family into its _chk variant (level 2 checks %n),
#     and each file formats text (ut_buf_printf, the tools' messages); a
#     build without FORTIFY, e.g. CPPFLAGS lost on the way to CMake,
#     imports none.
# Checked on the files, not on the build's flags, so that whatever drops a
# flag is caught.
elfs=$(find "$tmp/root/usr/bin" "$tmp/root/usr/libexec" -type f
	find "$lib" -type f -name 'lib*.so.*')
nelf=0
for f in $elfs; do
	name=${f#"$tmp/root"}
	type=$(readelf -hW "$f" | awk '$1 == "Type:" { print $2 }')
	case $name in
	/usr/bin/* | /usr/libexec/*) [ "$type" = DYN ] || fail "$name is not PIE (ELF type $type)" ;;
	*) [ "$type" = DYN ] || fail "$name: ELF type $type" ;;
	esac
	readelf -lW "$f" | grep -q 'GNU_RELRO' || fail "$name: no GNU_RELRO (-Wl,-z,relro)"
	imports=$(nm -D --undefined-only "$f" | awk '{ sub(/@.*/, "", $NF); print $NF }')
	printf '%s\n' "$imports" | grep -qx '__stack_chk_fail' ||
		fail "$name: no __stack_chk_fail (-fstack-protector-strong)"
	printf '%s\n' "$imports" | grep -Eqx '__[a-z0-9_]+_chk' ||
		fail "$name: no __*_chk function (-D_FORTIFY_SOURCE=2)"
	# stripped (CPACK_STRIP_FILES): no symbol table but the dynamic one
	readelf -SW "$f" | grep -q ' \.symtab ' && fail "$name is not stripped"
	nelf=$((nelf + 1))
done
[ $nelf -ge 10 ] || fail "only $nelf executables and shared libraries in the package"
echo "hardened: $nelf files (PIE, RELRO, stack protector, FORTIFY; stripped)"
export LD_LIBRARY_PATH="$lib"
for tool in amaryllis megami manastorm; do
	v=$("$tmp/root/usr/bin/$tool" --version) || fail "$tool --version"
	echo "$v"
done
"$tmp/root/usr/bin/amaryllis" --lang en battle "$src/examples/grisk.txt" \
	"$src/examples/nut.txt" > "$tmp/battle" || fail "amaryllis battle"
[ -s "$tmp/battle" ] || fail "amaryllis battle: no output"
"$tmp/root/usr/bin/megami" roll --seed 7 '2D6+1>=8' > "$tmp/roll" || fail "megami roll"
# megami serve and amaryllis hill, mail and serve are the packaged
# helpers, run by their tool from libexec/amaryllis/
for tc in megami:serve amaryllis:hill amaryllis:mail amaryllis:serve; do
	tool=${tc%%:*} cmd=${tc#*:}
	"$tmp/root/usr/bin/$tool" --lang en "$cmd" --help | head -1 |
		grep -q "^Usage: $tool $cmd " || fail "$tool $cmd --help"
done
[ -s "$tmp/roll" ] || fail "megami roll: no output"
"$tmp/root/usr/bin/manastorm" check "$src/examples/manastorm/table.yaml" \
	> /dev/null || fail "manastorm check"
if command -v man > /dev/null; then
	for page in $(cd "$tmp/root" && find usr/share/man -name '*.[15].gz' | sort); do
		LC_ALL=C.UTF-8 MANWIDTH=80 man -l "$tmp/root/$page" 2>/dev/null > "$tmp/man"
		case $page in
		*/man5/*) sections='NAME SYNOPSIS DESCRIPTION EXAMPLES SEE_ALSO' ;;
		*/ja/*) sections='名前 書式 説明 オプション' ;;
		*) sections='NAME SYNOPSIS DESCRIPTION OPTIONS' ;;
		esac
		for s in $sections; do
			s=$(echo "$s" | tr _ ' ')
			grep -qx "$s" "$tmp/man" || fail "man -l $page: no $s"
		done
		echo "man -l $page: $(wc -l < "$tmp/man") lines"
	done
else
	fail "man (man-db) is not installed"
fi
echo "deb_check.sh: ok: $(basename "$deb"), $(grep -c '^-' "$tmp/contents") files"
