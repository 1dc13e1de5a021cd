#!/bin/sh
# tools/new_system.sh NAME PREFIX - a new rule system from the template
# (templates/rule_system/; docs/HACKING.md):
#
#   src/NAME/, include/NAME/, tests/NAME/ and docs/<NAME>.md, with every
#   skeleton/sk_/SK_/SK- renamed to NAME/PREFIX_/PREFIX_/PREFIX-,
#
# then prints the one line to add to CMakeLists.txt (above the line
# "# (a new system's add_rule_system line goes above this one ...)").
# NAME: lower-case letters (a C identifier and a folder); PREFIX: 2 or 3
# lower-case letters, not used by another system.  Run from the top of the
# source tree.  Exit status 0, or 1 with a message.
set -eu
if [ $# -ne 2 ]; then
	echo "usage: tools/new_system.sh NAME PREFIX" >&2
	exit 2
fi
name=$1 prefix=$2
case $name in *[!a-z]*|'') echo "new_system: NAME must be lower-case letters" >&2; exit 1;; esac
case $prefix in [a-z][a-z]|[a-z][a-z][a-z]) ;; *) echo "new_system: PREFIX must be 2 or 3 lower-case letters" >&2; exit 1;; esac
tpl=templates/rule_system
[ -d "$tpl" ] || { echo "new_system: run from the top of the source tree" >&2; exit 1; }
NAME=$(echo "$name" | tr a-z A-Z) PREFIX=$(echo "$prefix" | tr a-z A-Z)
# the project's version, for the headers' <PREFIX>_VERSION (CMake checks it)
version=$(sed -n 's/^project([A-Za-z]* VERSION \([0-9]*\.[0-9]*\.[0-9]*\).*/\1/p' CMakeLists.txt)
case $version in [0-9]*.[0-9]*.[0-9]*) ;; *) echo "new_system: no project(NAME VERSION X.Y.Z) in CMakeLists.txt" >&2; exit 1;; esac
vmajor=${version%%.*} vminor=${version#*.} vminor=${vminor%%.*} vpatch=${version##*.}
for d in "src/$name" "include/$name" "tests/$name" "docs/$NAME.md"; do
	[ ! -e "$d" ] || { echo "new_system: $d exists already" >&2; exit 1; }
done
if grep -rqE "^add_rule_system\\([a-z]+ PREFIX $prefix( |\$)" CMakeLists.txt; then
	echo "new_system: prefix $prefix is taken" >&2
	exit 1
fi

# copy, renaming the paths and the text
copy() { # FROM TO
	mkdir -p "$(dirname "$2")"
	sed -e "s/skeleton/$name/g; s/SKELETON/$NAME/g; s/\\bsk_/${prefix}_/g" \
	    -e "s/\\bSK_/${PREFIX}_/g; s/\\bSK-/${PREFIX}-/g" \
	    -e "s/@VERSION_MAJOR@/$vmajor/g; s/@VERSION_MINOR@/$vminor/g" \
	    -e "s/@VERSION_PATCH@/$vpatch/g; s/@VERSION@/$version/g" "$1" >"$2"
}
(cd "$tpl" && find src include tests docs -type f) | while read -r f; do
	to=$(echo "$f" | sed "s/skeleton/$name/g; s/SKELETON/$NAME/g")
	copy "$tpl/$f" "$to"
done

echo "Created src/$name/, include/$name/, tests/$name/ and docs/$NAME.md."
echo "Add this line to CMakeLists.txt, above \"# (a new system's add_rule_system line goes above this one ...)\":"
echo
echo "add_rule_system($name PREFIX $prefix CORE core INPUT scenario SERIES series RENDER render DESC \"$name\")"
