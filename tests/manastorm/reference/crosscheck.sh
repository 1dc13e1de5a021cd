#!/bin/bash
# Cross-check `manastorm play` against the independent Python reference
# (duel_ref.py): examples/manastorm/*.yaml and cases/*.yaml here (those
# with only default/greedy policies), seeds 0..19, and 240 generated
# scenarios (crosscheck.py's generator, fixed seed), seeds 0..7 each.
# Usage: crosscheck.sh MANASTORM_BINARY [crosscheck.py options]
# Prints each mismatch (file, seed, field), then `crosscheck: N passed, M
# failed`; exit status 1 on any failure. Needs python3 and python3-yaml.
set -euo pipefail
if [ $# -lt 1 ]; then
	echo "usage: $0 MANASTORM_BINARY [--seeds N] [--generated K] [--gen-seed G] [--gen-seeds N2] [--jobs J] [--keep DIR] [--files FILE...]" >&2
	exit 2
fi
export PYTHONDONTWRITEBYTECODE=1   # no __pycache__ in the source tree
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# The first python3 that has PyYAML: the one on PATH (a pyenv, say) may
# lack it where Debian's /usr/bin/python3 has python3-yaml.
py=python3
if ! python3 -c 'import yaml' 2>/dev/null && [ -x /usr/bin/python3 ]; then
	py=/usr/bin/python3
fi
exec "$py" "$here/crosscheck.py" "$@"
