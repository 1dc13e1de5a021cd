#!/usr/bin/env bash
#
# progress_interrupt.sh - the progress bar of a long series (util/cli.h
# ut_cli_progress) in a real terminal (tmux), ended by Ctrl-C or SIGTERM:
# the bar is erased before the signal ends the tool, so the next line
# (here the pane's own "[exit N]") starts on a clean line (designer
# review 2026-12-06: `manastorm playtest` left "[####....] 1%
# 3000032/300000000" on screen, the shell's prompt after it).
#
#   usage: tests/output/progress_interrupt.sh MANASTORM MEGAMI SOURCE_DIR
#
# Each case runs the tool in a new tmux session (a private server, as the
# tracker's tests: tests/megami/tmux_harness.sh), under a bash that traps
# SIGINT (so that Ctrl-C, sent to the terminal's whole foreground group,
# ends the tool and not the pane's shell; a trapped signal is back to its
# default in the tool, so the bar's handler is installed); waits for the bar
# ("[#...] N% DONE/TOTAL"); sends the signal; then expects the exact line
# "[exit 130]" (128 + SIGINT 2) or "[exit 143]" (SIGTERM 15): the shell
# saw the tool end by the signal, and what it printed follows no bar.  No
# line of the screen may still hold the bar.

set -uo pipefail

if [[ $# -ne 3 ]]; then
	echo "usage: $0 MANASTORM MEGAMI SOURCE_DIR" >&2
	exit 2
fi
abs() { echo "$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"; }
MANASTORM=$(abs "$1")
MEGAMI=$(abs "$2")
SRC=$(cd "$3" && pwd)
source "$SRC/tests/megami/tmux_harness.sh" || exit 1
harness_start progress_interrupt.sh

CUR=
N=0
# start COMMAND: COMMAND in a new 120x40 session, its exit status shown
start() {
	local prev=$CUR
	CUR=pb$((++N))
	"${T[@]}" -u new-session -d -s "$CUR" -x 120 -y 40 -c "$TMP" \
		"bash -c 'trap true INT; env LC_ALL=C.UTF-8 TERM=xterm $1; echo \"[exit \$?]\"; sleep 600'" ||
		fail "tmux did not start"
	if [[ -n $prev ]]; then
		"${T[@]}" kill-session -t "$prev" >/dev/null 2>&1
	fi
}

# the bar: "[#...] N% DONE/TOTAL"
bar_re='\[[#.]{40}\] +[0-9]+% [0-9]+/[0-9]+'

# the tool's process id (the child of the pane's bash)
tool_pid() {
	local pp
	pp=$("${T[@]}" display -p -t "$CUR" '#{pane_pid}')
	ps -o pid= --ppid "$pp" | tr -d ' ' | head -n 1
}

# case NAME HOW COMMAND: HOW is C-c (the key) or TERM (kill -TERM)
check() {
	local name=$1 how=$2 want
	start "$3"
	wait_re "$bar_re" "the progress bar"
	if [[ $how == C-c ]]; then
		"${T[@]}" send-keys -t "$CUR" C-c
		want="[exit 130]"
	else
		kill -TERM "$(tool_pid)" || fail "$name: no process to signal"
		want="[exit 143]"
	fi
	wait_line "$want"
	if screen | grep -E -- "$bar_re" >/dev/null; then
		fail "$name: the bar is still on the screen"
	fi
	echo "progress_interrupt: $name: $want on a clean line, no bar left"
}

check "manastorm playtest, Ctrl-C" C-c \
	"\"$MANASTORM\" playtest --runs 300000000 \"$SRC/examples/manastorm/table.yaml\""
check "megami fight --runs, SIGTERM" TERM \
	"\"$MEGAMI\" fight --runs 300000000 \"$SRC/examples/megami/duel.yaml\""
check "manastorm sweep, Ctrl-C" C-c \
	"\"$MANASTORM\" sweep --runs 30000000 --vary battles=1..3 \"$SRC/examples/manastorm/table.yaml\""
exit 0
