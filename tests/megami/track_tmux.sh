#!/usr/bin/env bash
#
# track_tmux.sh - drive `megami track` in a real terminal (tmux) as a GM
# would, then play the saved replay with `megami fight --replay` and compare
# it with the session's log (docs/MEGAMI.md "Tracker and replays",
# MG-TRACK-1, MG-TRACK-2, MG-TRACK-3, MG-TRACK-4, MG-TRACK-5, MG-REPLAY-4).
#
#   usage: tests/megami/track_tmux.sh MEGAMI SOURCE_DIR
#
# A private tmux server (-L, its own socket) runs one 120x40 window; keys go
# in with send-keys, the screen comes back with capture-pane -p.  Every wait
# polls for at most WAIT seconds (default 10); the server is always killed
# (trap).  No tmux is a failure, not a skip: `make deps` installs it.
#
# The session (examples/megami/duel.yaml, --seed 3, --lang en), by hand:
#   die 1, 2 typed 6 6      アリア's initiative 6+6+5 = 17
#   die 3 typed 7           re-asked: "type a value from 1 to 6 …"
#   die 3, 4 typed 1 1      オーガ's initiative 1+1+2 = 4; order アリア, オーガ
#   アリア> a 1 2           typed: ロングソード on オーガ
#   die 5, 6 typed 4 4      attack 8 + accuracy 4 = 12
#   die 7, 8 typed 1 2      evasion 3 + 1 = 4 < 12: hit
#   die 9 typed 6           damage 6 + 5 = 11; armor impact 2 → 9; HP 30 − 9 = 21
#   アリア> Enter           the default: e (end the main process)
#   オーガ> Enter           the default: a 1 1 (棍棒 on アリア)
#   die 10 Enter            rolled by the generator seeded 3: its first d6 is 5
#                           (the same 5 as die 1 of `megami fight --seed 3`)
#   die 11 q                quit; save the replay
# The replay holds dice 6 6 1 1, attack 1 2, dice 4 4 1 2 6, end, attack 1 1,
# dice 5 and ends there: fight --replay prints the same partial log.

set -uo pipefail

if [[ $# -ne 2 ]]; then
	echo "usage: $0 MEGAMI SOURCE_DIR" >&2
	exit 2
fi
MEGAMI=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
SRC=$(cd "$2" && pwd)
WAIT=${WAIT:-10}

if ! command -v tmux >/dev/null 2>&1; then
	echo "track_tmux.sh: FAIL: tmux is not installed (make deps installs it;" \
	     "apt-get install tmux)" >&2
	exit 1
fi

TMP=$(mktemp -d)
# the server's socket lives in TMP too, so nothing is left behind
export TMUX_TMPDIR=$TMP
SOCK="mg-track-$$"
T=(tmux -L "$SOCK" -f /dev/null)
cleanup() {
	"${T[@]}" kill-server >/dev/null 2>&1
	rm -rf "$TMP"
}
trap cleanup EXIT

fail() {
	echo "track_tmux.sh: FAIL: $*" >&2
	echo "---- screen ----" >&2
	screen >&2
	exit 1
}

# The whole pane (history included), trailing blanks cut.
screen() {
	"${T[@]}" capture-pane -p -J -S -500 -t mg 2>/dev/null | sed 's/[[:space:]]*$//'
}

# wait_for TEXT: until the last non-empty line of the screen is TEXT.
wait_prompt() {
	local want=$1 i last
	for ((i = 0; i < WAIT * 10; i++)); do
		last=$(screen | grep -v '^$' | tail -n 1)
		[[ $last == "$want" ]] && return 0
		sleep 0.1
	done
	fail "waited ${WAIT}s for the prompt '$want' (last line: '$last')"
}

# wait_line TEXT: until the screen holds this exact line.
wait_line() {
	local i
	for ((i = 0; i < WAIT * 10; i++)); do
		screen | grep -Fxq -- "$1" && return 0
		sleep 0.1
	done
	fail "waited ${WAIT}s for the line '$1'"
}

# expect_line TEXT: the screen holds this exact line.
expect_line() {
	screen | grep -Fxq -- "$1" || fail "no line '$1' on the screen"
}

# type TEXT: the keys of TEXT, then Enter.
type_line() {
	if [[ -n $1 ]]; then
		"${T[@]}" send-keys -t mg -l -- "$1"
	fi
	"${T[@]}" send-keys -t mg Enter
}

DIE_PROMPT() { echo "die $1 (d6) [Enter=roll / 1-6]>"; }

cd "$SRC" || exit 1
"${T[@]}" -u new-session -d -s mg -x 120 -y 40 \
	"env LC_ALL=C.UTF-8 TERM=xterm '$MEGAMI' track --lang en --seed 3 \
	--log '$TMP/session.log' examples/megami/duel.yaml; \
	echo \"[exit \$?]\"; sleep 600" ||
	fail "tmux did not start"

# MG-TRACK-2: dice typed at the table
wait_prompt "$(DIE_PROMPT 1)"
type_line 6
wait_prompt "$(DIE_PROMPT 2)"
type_line 6
wait_prompt "$(DIE_PROMPT 3)"
# a bad value is re-asked (the same prompt again: wait for the message
# first, or the old prompt would pass for the new one)
type_line 7
wait_line "  type a value from 1 to 6 (Enter rolls, q quits)"
wait_prompt "$(DIE_PROMPT 3)"
type_line 1
wait_prompt "$(DIE_PROMPT 4)"
type_line 1

# MG-TRACK-3, MG-TRACK-4: the state, the options and the default
wait_prompt "アリア>"
expect_line "アリア's initiative (2D6+5) ＞ 12[6,6]+5 ＞ 17"
expect_line "オーガ's initiative (2D6+2) ＞ 2[1,1]+2 ＞ 4"
expect_line "== round 1 ==  order: 1.アリア(17) → 2.オーガ(4)"
expect_line "   2  オーガ  NPC   30/30     0     pending"
expect_line "  a 1 2    attack ロングソード on オーガ (distance 0 m)"
expect_line "Enter = a 1 2"
# a typed decision
type_line "a 1 2"
wait_prompt "$(DIE_PROMPT 5)"
type_line 4
wait_prompt "$(DIE_PROMPT 6)"
type_line 4
wait_prompt "$(DIE_PROMPT 7)"
type_line 1
wait_prompt "$(DIE_PROMPT 8)"
type_line 2
wait_prompt "$(DIE_PROMPT 9)"
type_line 6
wait_prompt "アリア>"
expect_line "アリア's ロングソード at オーガ (2D6+4) ＞ 8[4,4]+4 ＞ 12"
expect_line "オーガ's evasion (2D6+1) ＞ 3[1,2]+1 ＞ 4 ＞ hit"
expect_line "Damage (1D6+5) ＞ 6[6]+5 ＞ 11"
expect_line "オーガ takes 9 damage (11 − modifier 2 for impact), HP 21"
expect_line "Enter = e"
# Enter: the default (end the main process)
type_line ""
wait_prompt "オーガ>"
expect_line "   2  オーガ  NPC   21/30     0     pending"
expect_line "Enter = a 1 1"
type_line ""
# Enter at a die: the generator (seed 3: 5)
wait_prompt "$(DIE_PROMPT 10)"
type_line ""
wait_prompt "$(DIE_PROMPT 11)"
expect_line "  → 5 (rolled)"
# MG-TRACK-5: quit, save the replay
type_line q
wait_prompt "save the replay to (Enter: don't save)>"
type_line "$TMP/session.replay"
wait_prompt "[exit 0]"
expect_line "saved: $TMP/session.replay"

[[ -s $TMP/session.replay ]] || fail "no replay saved"
[[ -s $TMP/session.log ]] || fail "no session log written (--log)"
grep -v '^|' "$TMP/session.replay" > "$TMP/replay.items"
cat > "$TMP/replay.want" <<EOF
megami-replay 1
rng xoshiro256ss-1
seed 3
scenario examples/megami/duel.yaml
dice 6 6 1 1
attack 1 2
dice 4 4 1 2 6
end
attack 1 1
dice 5
EOF
diff -u "$TMP/replay.want" "$TMP/replay.items" >&2 ||
	fail "the saved replay is not the session"

# MG-REPLAY-4: the replay prints the session's log
"$MEGAMI" --lang en fight --replay "$TMP/session.replay" > "$TMP/replayed.log" \
	2> "$TMP/replayed.err"
rc=$?
[[ $rc -eq 0 ]] || fail "fight --replay exited $rc: $(cat "$TMP/replayed.err")"
diff -u "$TMP/session.log" "$TMP/replayed.log" >&2 ||
	fail "fight --replay differs from the session's log"
grep -Fxq "$TMP/session.replay: note: the replay ends before the combat does (round 1)" \
	"$TMP/replayed.err" || fail "no note that the replay ends early: $(cat "$TMP/replayed.err")"
echo "track_tmux.sh: ok"
