#!/bin/sh
# smoke.sh TARGET SCRATCH [ARG...] - the CTest smoke run of one fuzz target:
# empty the scratch corpus SCRATCH (where libFuzzer writes new inputs), then
# run TARGET SCRATCH ARG... with address-space randomisation off when the
# system allows it (setarch -R).  With -seed, -runs and -reload=0 among the
# ARGs the run is then the same every time: libFuzzer's comparison tracing
# otherwise sees different addresses from run to run.
set -eu
target=$1
scratch=$2
shift 2
rm -rf "$scratch"
mkdir -p "$scratch"
arch=$(uname -m)
if command -v setarch >/dev/null 2>&1 && setarch "$arch" -R true 2>/dev/null; then
	exec setarch "$arch" -R "$target" "$scratch" "$@"
fi
exec "$target" "$scratch" "$@"
