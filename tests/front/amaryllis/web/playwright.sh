# playwright.sh - sourced by browser.sh and pictures.sh: playwright-core
# (npm, pinned in package-lock.json beside this file) installed into
# PW_PREFIX, a folder of the build tree, with npm's cache there too, so
# that a test writes nothing into the source tree or $HOME (packager
# review 2026-12-07); NODE_PATH then finds it for the scripts, which stay
# in the source tree.  Needs npm and the npm registry (ctest label
# `network`).
pw_install() {
	local lock="$1/package-lock.json" have
	mkdir -p "$PW_PREFIX"
	PW_PREFIX=$(cd "$PW_PREFIX" && pwd) # the scripts run elsewhere
	have="$PW_PREFIX/package-lock.json"
	if [ ! -d "$PW_PREFIX/node_modules/playwright-core" ] ||
	   ! cmp -s "$lock" "$have"; then
		cp "$1/package.json" "$lock" "$PW_PREFIX/"
		(cd "$PW_PREFIX" && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 \
			npm ci --no-audit --no-fund --cache "$PW_PREFIX/.npm-cache")
	fi
	export NODE_PATH="$PW_PREFIX/node_modules"
}
