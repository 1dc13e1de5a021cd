#!/usr/bin/env bash
# tests/sigpipe.sh AMARYLLIS MEGAMI MANASTORM SRCDIR - `TOOL … | head`
# ends the tool as usual (docs/CLI.md): a command whose reader has gone
# dies of SIGPIPE (status 141 in the shell) and says nothing, as cat or
# ls do, rather than report a broken pipe and exit 1.
#
# Each command starts only after its reader has closed the pipe (a FIFO
# tells it when), so its first write finds no reader, whatever the load.
# The hill's commands are here because GMime's start (GPGME) set SIGPIPE
# to be ignored for the whole process: `hill status … | head` said
# 「パイプが切断されました」 and exited 1 (README walkthrough, finding 1).
set -u
am=$1 mg=$2 ms=$3 src=$4
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fails=0

# gone CMD...: run CMD with its standard output a pipe whose reader closed
# it first; its status must be 141 and its standard error empty.
gone() {
	local fifo=$tmp/go rc
	rm -f "$fifo"
	mkfifo "$fifo"
	{ read -r _ < "$fifo"; exec "$@"; } 2> "$tmp/err" |
		{ exec 0<&-; echo go > "$fifo"; }
	rc=${PIPESTATUS[0]}
	if [ "$rc" -ne 141 ] || [ -s "$tmp/err" ]; then
		echo "sigpipe.sh: FAIL: $* | (gone): status $rc, not 141;" \
		     "stderr: $(head -c 300 "$tmp/err")" >&2
		fails=$((fails + 1))
	else
		echo "sigpipe.sh: ok: $(basename "$1") ${*:2}"
	fi
}

cd "$src" || exit 1
gone "$am" battle examples/grisk.txt examples/nut.txt
gone "$am" --lang en league examples/grisk.txt examples/nut.txt
gone "$mg" fight --seed 1 examples/megami/duel.yaml
gone "$mg" roll --seed 1 -- 2D6
gone "$ms" play --seed 1 examples/manastorm/table.yaml
if "$am" hill --help > /dev/null 2>&1; then
	"$am" hill init "$tmp/hill.db" --size 4 --address hill@example.org > /dev/null || { echo "sigpipe.sh: FAIL: hill init" >&2; exit 1; }
	for f in text html svg json; do
		gone "$am" hill status "$tmp/hill.db" --format "$f"
	done
else
	echo "sigpipe.sh: no hill in this build: its commands not checked"
fi
[ "$fails" -eq 0 ] || { echo "sigpipe.sh: $fails failure(s)" >&2; exit 1; }
echo "sigpipe.sh: ok"
