# tests/megami/tmux_harness.sh - what the tracker's terminal tests
# (track_tmux.sh, track_signals.sh, tests/output/progress_interrupt.sh)
# share; sourced, not run.
#
# harness_start NAME: a private tmux server (-L, its own socket in a
# scratch folder TMP, so nothing is left behind) in ${T[@]}, killed when
# the script ends (trap); no tmux is a failure, not a skip: `make deps`
# installs it.  The session the helpers read and type into is $CUR.  Every
# wait polls for at most WAIT seconds (default 10).

# harness_start NAME (the script's name, for messages)
harness_start() {
	HARNESS=$1
	WAIT=${WAIT:-10}
	if ! command -v tmux >/dev/null 2>&1; then
		echo "$HARNESS: FAIL: tmux is not installed (make deps installs it;" \
		     "apt-get install tmux)" >&2
		exit 1
	fi
	TMP=$(mktemp -d)
	export TMUX_TMPDIR=$TMP
	SOCK="mg-${HARNESS%.sh}-$$"
	T=(tmux -L "$SOCK" -f /dev/null)
	trap harness_cleanup EXIT
}

harness_cleanup() {
	"${T[@]}" kill-server >/dev/null 2>&1
	# a tracker still running saves its replay on the SIGHUP
	# (MG-TRACK-12), in its folder under TMP: let it finish first
	sleep 0.5
	rm -rf "$TMP"
}

fail() {
	echo "$HARNESS: FAIL: $*" >&2
	echo "---- screen ----" >&2
	screen >&2
	exit 1
}

# The whole pane (history included), trailing blanks cut.
screen() {
	"${T[@]}" capture-pane -p -J -S -500 -t "$CUR" 2>/dev/null | sed 's/[[:space:]]*$//'
}

# wait_prompt TEXT: until the last non-empty line of the screen is TEXT.
wait_prompt() {
	local want=$1 i last
	for ((i = 0; i < WAIT * 10; i++)); do
		last=$(screen | grep -v '^$' | tail -n 1)
		[[ $last == "$want" ]] && return 0
		sleep 0.1
	done
	fail "waited ${WAIT}s for the prompt '$want' (last line: '$last')"
}

# wait_for WHAT GREP_ARGS...: until grep GREP_ARGS finds a line of the
# screen (WHAT names it in the failure).  (grep reads the whole screen,
# not -q: with pipefail, a grep that stops at the first match makes the
# screen's writer fail with SIGPIPE when more follows, e.g. the 4097-byte
# line of MG-TRACK-1.)
wait_for() {
	local what=$1 i
	shift
	for ((i = 0; i < WAIT * 10; i++)); do
		screen | grep "$@" >/dev/null && return 0
		sleep 0.1
	done
	fail "waited ${WAIT}s for $what"
}

# wait_line TEXT: until the screen holds this exact line.
wait_line() { wait_for "the line '$1'" -Fx -- "$1"; }

# wait_re REGEX WHAT: until a line of the screen matches the extended
# regular expression REGEX.
wait_re() { wait_for "$2" -E -- "$1"; }

# expect_line TEXT: the screen holds this exact line.
expect_line() {
	screen | grep -Fx -- "$1" >/dev/null || fail "no line '$1' on the screen"
}

# type_line TEXT: the keys of TEXT, then Enter.
type_line() {
	if [[ -n $1 ]]; then
		"${T[@]}" send-keys -t "$CUR" -l -- "$1"
	fi
	"${T[@]}" send-keys -t "$CUR" Enter
}
