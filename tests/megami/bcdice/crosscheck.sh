#!/usr/bin/env bash
# crosscheck.sh - `megami roll` against the real BCDice (issue 19.2, ruling
# M8.12): the npm package bcdice 4.9.0 (BCDice 3.16.1), installed into the
# build folder, then crosscheck.py on gen.py's seeded commands.
#
#   crosscheck.sh install PREFIX                  (the CTest fixture)
#   crosscheck.sh check PREFIX MEGAMI [SEED [COUNT [SYSTEM]]]
#   crosscheck.sh peer PREFIX MEGAMI   (BCDice's own test data: peer.py)
#
# PREFIX is where npm installs (build/npm).  Needs node and npm (Debian:
# nodejs npm, `make deps`) and the npm registry; without them it fails and
# says what to run.
set -eu
mode=$1 prefix=$2
here=$(cd "$(dirname "$0")" && pwd)
want=4.9.0
fix="npm install --prefix '$prefix' bcdice@$want"

have() {
	[ -f "$prefix/node_modules/bcdice/package.json" ] &&
	node -e 'process.exit(require(process.argv[1]).version === process.argv[2] ? 0 : 1)' \
		"$prefix/node_modules/bcdice/package.json" "$want" 2>/dev/null
}

if ! command -v node >/dev/null 2>&1; then
	echo "bcdice crosscheck: node is missing: install nodejs and npm (make deps), then run: $fix" >&2
	exit 1
fi
case $mode in
install)
	have && exit 0
	if ! command -v npm >/dev/null 2>&1; then
		echo "bcdice crosscheck: npm is missing: install npm (make deps), then run: $fix" >&2
		exit 1
	fi
	mkdir -p "$prefix"
	# npm's cache in the build tree too: nothing written into $HOME
	if ! npm install --prefix "$prefix" --no-audit --no-fund --no-save \
		--cache "$prefix/.npm-cache" "bcdice@$want" >&2; then
		echo "bcdice crosscheck: could not install bcdice $want from the npm registry; run: $fix" >&2
		exit 1
	fi
	have || { echo "bcdice crosscheck: bcdice $want is not in $prefix after npm install; run: $fix" >&2; exit 1; }
	;;
check)
	if ! have; then
		echo "bcdice crosscheck: bcdice $want is not installed in $prefix; run: $fix" >&2
		exit 1
	fi
	exec python3 "$here/crosscheck.py" "$3" "$prefix/node_modules" "${4:-1}" "${5:-3000}" "${6:-SRS}"
	;;
peer)
	if ! have; then
		echo "bcdice crosscheck: bcdice $want is not installed in $prefix; run: $fix" >&2
		exit 1
	fi
	exec python3 "$here/peer.py" "$3" "$prefix/node_modules"
	;;
*)
	echo "usage: $0 install PREFIX | check PREFIX MEGAMI [SEED [COUNT [SYSTEM]]] | peer PREFIX MEGAMI" >&2
	exit 2
	;;
esac
