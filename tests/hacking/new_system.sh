#!/usr/bin/env bash
# tests/hacking/new_system.sh SRC CC - docs/HACKING.md's recipe, followed to
# the letter on a copy of the source tree: a fourth rule system "toy"
# (prefix ty) from the template (tools/new_system.sh) and one CMake line;
# then it must configure, build (with -Werror), link, pass its own unit and
# golden tests, carry only ty_/ut_ symbols, and pass tests/layering.sh -
# which must also catch a toy library that prints.
set -uo pipefail
src=$1 cc=$2
tmp=$(mktemp -d "${TMPDIR:-/tmp}/amaryllis-hacking.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT
fail() { echo "hacking/new_system: $*" >&2; exit 1; }

# the source tree as a fresh clone has it (no build trees, no node_modules)
mkdir "$tmp/src"
tar -C "$src" --exclude='./build*' --exclude=./.git --exclude=node_modules \
	-cf - . | tar -C "$tmp/src" -xf - || fail "cannot copy $src"
cd "$tmp/src" || exit 2

# 1. copy the template (one folder) under the new name
out=$(sh tools/new_system.sh toy ty) || fail "tools/new_system.sh failed: $out"
line=$(printf '%s\n' "$out" | grep '^add_rule_system(toy ') ||
	fail "tools/new_system.sh printed no add_rule_system line: $out"
toydoc=docs/TOY
[ -f src/toy/core/game.c ] && [ -f include/toy/game.h ] && [ -f "$toydoc.md" ] ||
	fail "the template was not copied"
grep -rq 'skeleton\|sk_' src/toy include/toy tests/toy && fail "a 'skeleton' name survived the renaming"

# 2. one CMake line, where docs/HACKING.md says
marker="# (a new system's add_rule_system line goes above this one"
grep -qF "$marker" CMakeLists.txt || fail "CMakeLists.txt has no marker line"
awk -v l="$line" -v m="$marker" 'index($0, m) == 1 { print l } { print }' \
	CMakeLists.txt >CMakeLists.new && mv CMakeLists.new CMakeLists.txt

# 3. configure and build the toy alone, as strict as make check
cmake -S . -B "$tmp/build" -DCMAKE_C_COMPILER="$cc" -DCMAKE_BUILD_TYPE=Debug \
	-DAMARYLLIS_WERROR=ON -DAMARYLLIS_MAN=OFF >"$tmp/configure.log" 2>&1 ||
	{ cat "$tmp/configure.log"; fail "cmake configure failed"; }
cmake --build "$tmp/build" -j2 --target toy toy_test_game >"$tmp/build.log" 2>&1 ||
	{ tail -40 "$tmp/build.log"; fail "the toy system does not build"; }
[ -x "$tmp/build/toy" ] || fail "no toy executable"

# 4. its own tests: the unit test and the golden cases
ctest --test-dir "$tmp/build" -R '^toy/' --output-on-failure >"$tmp/ctest.log" 2>&1 ||
	{ cat "$tmp/ctest.log"; fail "the toy's tests fail"; }
n=$(grep -c 'Test *#' "$tmp/ctest.log")
[ "$n" -ge 3 ] || { cat "$tmp/ctest.log"; fail "expected 3 toy tests, ran $n"; }

# 5. symbols: every global of its layers is ty_, and none clashes with util
libs=$(ls "$tmp/build"/libtoy_*.a "$tmp/build"/libutil.a)
bash tests/symbols.sh $libs || fail "the toy's symbols are not all ty_/ut_"

# 6. the layering check sees a fourth system, and catches a library that
# prints
lay=$(bash tests/layering.sh) || { echo "$lay"; fail "layering fails on the new system"; }
case $lay in *"4 rule system(s)"*toy*) ;; *) fail "layering did not see the toy: $lay";; esac
echo 'void ty_oops(void) { printf("x"); }' >>src/toy/core/game.c
if lay=$(bash tests/layering.sh); then
	fail "layering missed printf in src/toy/core"
fi
case $lay in *"src/toy/core/game.c"*"I/O in a library layer"*) ;; *) fail "layering said: $lay";; esac

echo "hacking/new_system: ok (toy from the template: built, $n tests passed, symbols and layering checked)"
