#!/usr/bin/env bash
# tests/front/amaryllis/web/browser.sh - the browser tests (tests/front/amaryllis/web/browser.js, and
# csrf.js: cross-site requests from another origin) under CTest.
#
#   browser.sh AMARYLLIS SRCDIR OUTDIR [SCRIPT]    (SCRIPT: browser.js)
#
# Needs node/npm and Debian's chromium (installed with apt-get when run as
# root and missing).  `npm ci` installs playwright-core (package-lock.json)
# into tests/front/amaryllis/web/node_modules when it is not there yet; it never downloads
# a browser (PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD).  With the hill built in
# (`amaryllis hill --help` works) a fresh hill is made in OUTDIR and the
# entry form is tested too.  Screenshots and the server log stay in OUTDIR.
set -eu
amaryllis=$1 src=$2 out=$3 script=${4:-browser.js}
here="$src/tests/front/amaryllis/web"
need() {
	command -v "$1" >/dev/null 2>&1 && return 0
	if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
		DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "$2" >/dev/null
	fi
	command -v "$1" >/dev/null 2>&1 || { echo "browser.sh: $1 is missing (apt-get install $2)"; exit 1; }
}
need node nodejs
need npm npm
need chromium chromium
PW_PREFIX="$(dirname "$amaryllis")/npm-playwright"
. "$here/playwright.sh"
pw_install "$here"
mkdir -p "$out"
hill=()
if "$amaryllis" hill --help >/dev/null 2>&1; then
	rm -f "$out/hill.db" "$out/hill.db-wal" "$out/hill.db-shm"
	"$amaryllis" hill init "$out/hill.db" --size 5 --address hill@example.org \
		--name "Web hill" --pwhash-ops 1 --pwhash-mem 8192 2>/dev/null ||
	"$amaryllis" hill init "$out/hill.db" --size 5 --address hill@example.org \
		--name "Web hill"
	hill=("$out/hill.db")
fi
exec node "$here/$script" "$amaryllis" "$src" "$out" "${hill[@]}"
