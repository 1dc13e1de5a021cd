#!/usr/bin/env bash
# optimize_tty.sh - `amaryllis optimize`'s progress line on a terminal
# (docs/OPTIMIZE.md): run under script(1), so that stderr is a terminal, for
# about a second (--time 1; --evals too high to end it first), and read the
# bytes it wrote.  Each redraw starts with CR and ends with ESC [K, which
# clears what a longer line before left on screen (amcli review W7: a
# margin going from -25793 to +83 left "93" behind); the --time stop draws
# one line at least; the last one stays, followed by a newline, then the
# report (a sheet: its "# against the field of 7" line, 7 sheets in
# examples/).
#
#   usage: tests/amaryllis/optimize_tty.sh AMARYLLIS SOURCE_DIR
set -eu
bin=$1 src=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$src"
script -qec "'$bin' optimize --lang en --time 1 --evals 1000000000 --field examples" \
	/dev/null >"$tmp/out" </dev/null
# the redraws: each CR-started piece of the progress line
python3 - "$tmp/out" <<'PY'
import re, sys
raw = open(sys.argv[1], "rb").read()
lines = re.findall(rb"\rgeneration [^\r\n]*", raw)
bad = [l for l in lines if not l.endswith(b"\x1b[K")]
ok = len(lines) >= 1 and not bad and b"# against the field of 7" in raw
print(f"optimize_tty: {len(lines)} redraws, {len(bad)} without ESC [K; report "
      f"{'found' if b'# against the field of 7' in raw else 'missing'}")
if not ok:
    print(repr(raw[:600]))
    sys.exit(1)
PY
