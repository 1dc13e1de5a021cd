#!/usr/bin/env bash
#
# track_signals.sh - `megami track` and signals in a real terminal (tmux):
# Ctrl-C, SIGTERM and a closed terminal (SIGHUP) never lose the session
# (docs/MEGAMI.md "Tracker and replays", MG-TRACK-12, MG-TRACK-5).
#
#   usage: tests/megami/track_signals.sh MEGAMI SOURCE_DIR
#
# As track_tmux.sh: a private tmux server (-L, its own socket), one 120x40
# window, keys in with send-keys, the screen back with capture-pane -p,
# every wait at most WAIT seconds (default 10), the server always killed.
# The pane runs bash with job control (set -m), as an interactive shell
# does: the tracker is then alone in the terminal's foreground group.
# Every session runs in a fresh folder, so the replay saved under a name
# of the tracker's own is duel.replay (the scenario duel.yaml without its
# extension), then duel-2.replay when that one exists.

set -uo pipefail

if [[ $# -ne 2 ]]; then
	echo "usage: $0 MEGAMI SOURCE_DIR" >&2
	exit 2
fi
MEGAMI=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
SRC=$(cd "$2" && pwd)
DUEL=$SRC/examples/megami/duel.yaml
source "$(dirname "$0")/tmux_harness.sh" || exit 1
harness_start track_signals.sh

# session DIR COMMAND: COMMAND in DIR (made), in a new session of the
# server; the one before (its tracker ended) is closed after, not before:
# a server whose last session closes exits, and a new-session sent while
# it exits fails ("server exited unexpectedly").
CUR=
N=0
session() {
	local prev=$CUR
	mkdir -p "$1"
	CUR=mg$((++N))
	"${T[@]}" -u new-session -d -s "$CUR" -x 120 -y 40 -c "$1" "$2" ||
		fail "tmux did not start"
	if [[ -n $prev ]]; then
		"${T[@]}" kill-session -t "$prev" >/dev/null 2>&1
	fi
}

# run DIR ARGS...: the tracker in DIR, its exit status shown after it
run() {
	local dir=$1
	shift
	session "$dir" "bash -c 'set -m; env LC_ALL=C.UTF-8 TERM=xterm \"$MEGAMI\" track $*; \
		echo \"[exit \$?]\"; sleep 600'"
}

# the tracker's process id (the child of the pane's bash)
tracker_pid() {
	local pp
	pp=$("${T[@]}" display -p -t "$CUR" '#{pane_pid}')
	ps -o pid= --ppid "$pp" | tr -d ' '
}

# interrupt PROMPT KEY ECHO: a 5 typed at PROMPT, not entered, then the
# key KEY (send-keys' name); the line shows "PROMPT 5" and ECHO.
interrupt() {
	"${T[@]}" send-keys -t "$CUR" -l 5
	wait_prompt "$1 5"
	"${T[@]}" send-keys -t "$CUR" "$2"
	wait_line "$1 5$3"
}

# items FILE: the replay's lines without the scenario it carries
items() { grep -v '^|' "$1" | grep -v '^scenario '; }

# ---- 1. Ctrl-C (en): cancels the line; twice in a row quits; at the save
# prompt twice in a row saves under the tracker's own name.
D1=$TMP/s1
run "$D1" --lang en --seed 3 --log a.log "'$DUEL'"
INIT_A="アリア's initiative 2D6+5"
INIT_O="オーガ's initiative 2D6+2"
wait_prompt "$INIT_A [Enter=roll / 1-6]>"
type_line 6
wait_prompt "$INIT_A (6, ?) [Enter=roll / 1-6]>"
# a 5 typed, not entered, then Ctrl-C: dropped, the same die asked again.
# The 5 is seen on the line before the Ctrl-C goes, as a person would see
# it: the prompt is drawn a moment before the line editor reads, and a
# Ctrl-C in that moment makes the terminal itself flush the 5 unread (CI
# on a fast machine, 2026-12-04: "> ^C" without the 5).
interrupt "$INIT_A (6, ?) [Enter=roll / 1-6]>" C-c "^C"
wait_line "  (input cancelled; q or Ctrl-C again to quit)"
wait_prompt "$INIT_A (6, ?) [Enter=roll / 1-6]>"
type_line 6
# アリア 6 + 6 + 5 = 17; a line between resets the count: one Ctrl-C now
# only cancels
wait_prompt "$INIT_O [Enter=roll / 1-6]>"
"${T[@]}" send-keys -t "$CUR" C-c
wait_line "$INIT_O [Enter=roll / 1-6]> ^C"
wait_prompt "$INIT_O [Enter=roll / 1-6]>"
"${T[@]}" send-keys -t "$CUR" C-c
# the second in a row: the quit path (as q or Ctrl-D)
wait_line "(stopped before the end of the combat)"
wait_prompt "save the replay to (Enter: don't save)>"
"${T[@]}" send-keys -t "$CUR" C-c
wait_line "  (input cancelled; Ctrl-C again saves the replay under a name of its own and ends)"
wait_prompt "save the replay to (Enter: don't save)>"
"${T[@]}" send-keys -t "$CUR" C-c
wait_line "saved: duel.replay"
wait_prompt "[exit 0]"
[[ $(items "$D1/duel.replay") == $'megami-replay 1\nrng xoshiro256ss-1\nseed 3\nrolled 0\ndice 6 6' ]] ||
	fail "duel.replay is not the session: $(items "$D1/duel.replay")"
grep -Fxq "アリア's initiative (2D6+5) ＞ 12[6,6]+5 ＞ 17" "$D1/a.log" ||
	fail "--log a.log does not hold the session: $(cat "$D1/a.log")"

# ---- 2. Ctrl-C when the combat is over (ja): the save prompt, then saved
# under the tracker's own name; duel.replay exists there, so duel-2.replay.
# By hand: アリア 6 6 + 5 = 17, オーガ 1 1 + 2 = 4; then the GM's hand
# gm hp オーガ 0 makes オーガ 戦闘不能 (MG-GM-2): no NPC is left able, the
# PCs win in round 1 and the tracker asks "combat over".
D2=$TMP/s2
mkdir -p "$D2"
echo old > "$D2/duel.replay"
run "$D2" --seed 3 --log b.log "'$DUEL'"
wait_prompt "アリアのイニシアティブ 2D6+5 [Enter=振る / 1-6]>"
type_line "6 6"
wait_prompt "オーガのイニシアティブ 2D6+2 [Enter=振る / 1-6]>"
type_line "1 1"
wait_prompt "アリア>"
type_line "gm hp オーガ 0"
wait_prompt "戦闘終了 [Enter=終える / u=取り消す]>"
"${T[@]}" send-keys -t "$CUR" C-c
wait_line "  （入力を取り消しました。やめるには q か、もう一度 Ctrl-C）"
"${T[@]}" send-keys -t "$CUR" C-c
wait_prompt "リプレイを保存するファイル（Enter: 保存しない）>"
"${T[@]}" send-keys -t "$CUR" C-c
wait_line "  （入力を取り消しました。もう一度 Ctrl-C で、リプレイを決まった名前で保存して終えます）"
"${T[@]}" send-keys -t "$CUR" C-c
wait_line "保存しました: duel-2.replay"
wait_prompt "[exit 0]"
[[ $(cat "$D2/duel.replay") == old ]] || fail "duel.replay was replaced"
[[ $(items "$D2/duel-2.replay") == $'megami-replay 1\nrng xoshiro256ss-1\nseed 3\nrolled 0\ndice 6 6 1 1\ngm hp 2 0' ]] ||
	fail "duel-2.replay is not the session: $(items "$D2/duel-2.replay")"
grep -Fxq "PCの勝利" "$D2/b.log" || fail "--log b.log has no result: $(cat "$D2/b.log")"

# ---- 3. SIGTERM at a die prompt: saved without a question, then the
# tracker ends as the signal would (exit 128 + 15).
D3=$TMP/s3
run "$D3" --lang en --seed 3 --log c.log "'$DUEL'"
wait_prompt "$INIT_A [Enter=roll / 1-6]>"
type_line "6 6"
wait_prompt "$INIT_O [Enter=roll / 1-6]>"
type_line 1
wait_prompt "$INIT_O (1, ?) [Enter=roll / 1-6]>"
kill -TERM "$(tracker_pid)" || fail "no tracker to send SIGTERM to"
wait_line "(SIGTERM received: the replay and the log are saved)"
wait_line "saved: duel.replay"
wait_prompt "[exit 143]"
[[ $(items "$D3/duel.replay") == $'megami-replay 1\nrng xoshiro256ss-1\nseed 3\nrolled 0\ndice 6 6 1' ]] ||
	fail "duel.replay is not the session: $(items "$D3/duel.replay")"
grep -Fxq "アリア's initiative (2D6+5) ＞ 12[6,6]+5 ＞ 17" "$D3/c.log" ||
	fail "--log c.log does not hold the session: $(cat "$D3/c.log")"

# ---- 3c. SIGTERM and Ctrl-C while the odds compute (o): the odds stop
# for them (review 2026-12-06: 10,000 fights of 100 characters that never
# fall, about 40 minutes, ran on past both).  100 soldiers, 50 a side, of
# 1,000,000 HP with armor 3 against damage 3: no fight ends before its
# 1000 rounds.  SIGTERM: "odds stopped", then saved as at a prompt;
# Ctrl-C: "odds stopped" under the ^C the terminal echoed, and the same
# prompt again (the Ctrl-C was the odds', not the line's).
D7=$TMP/s7
mkdir -p "$D7"
{
	echo "round_limit: 1000"
	echo "characters:"
	for i in $(seq 0 99); do
		printf '  - name: 兵%d\n    side: %s\n    hp: 1000000\n    armor: {impact: 3}\n' \
			"$i" "$([[ $i -lt 50 ]] && echo PC || echo NPC)"
		printf '    attacks:\n      - name: 剣\n        damage: 3\n        attributes: [impact]\n'
	done
} > "$D7/big.yaml"
run "$D7" --lang en --seed 1 --max-events 10000000 big.yaml
wait_prompt "兵0's initiative 2D6 [Enter=roll / 1-6]>"
type_line o
sleep 1
kill -TERM "$(tracker_pid)" || fail "no tracker to send SIGTERM to"
wait_line "  odds stopped"
wait_line "saved: big.replay"
wait_prompt "[exit 143]"
run "$D7" --lang en --seed 1 --max-events 10000000 big.yaml
wait_prompt "兵0's initiative 2D6 [Enter=roll / 1-6]>"
type_line o
sleep 1
"${T[@]}" send-keys -t "$CUR" C-c
wait_line "  odds stopped"
wait_prompt "兵0's initiative 2D6 [Enter=roll / 1-6]>"
screen | grep -F "input cancelled" >/dev/null &&
	fail "the Ctrl-C that stopped the odds also cancelled the next line"

# ---- 3b. The same SIGTERM when a script runs the tracker: a shell
# without job control, so the tracker shares the shell's process group.
# Only the tracker gets the signal: libedit's own handlers passed it on
# with kill(0, SIGTERM), to the whole group, and the script died with it
# (review 2026-12-06).  The shell's trap says whether it got one.
D6=$TMP/s6
session "$D6" "bash -c 'trap \"echo [the shell got SIGTERM]\" TERM; \
	env LC_ALL=C.UTF-8 TERM=xterm \"$MEGAMI\" track --lang en --seed 3 \
	\"$DUEL\"; echo \"[exit \$?]\"; sleep 600'"
wait_prompt "$INIT_A [Enter=roll / 1-6]>"
type_line "6 6"
wait_prompt "$INIT_O [Enter=roll / 1-6]>"
kill -TERM "$(tracker_pid)" || fail "no tracker to send SIGTERM to"
wait_line "saved: duel.replay"
wait_prompt "[exit 143]"
screen | grep -F "[the shell got SIGTERM]" >/dev/null &&
	fail "the SIGTERM sent to the tracker reached its shell too"
[[ $(items "$D6/duel.replay") == $'megami-replay 1\nrng xoshiro256ss-1\nseed 3\nrolled 0\ndice 6 6' ]] ||
	fail "duel.replay is not the session: $(items "$D6/duel.replay")"

# ---- 4. Ctrl-D at a decision quits (as q); Ctrl-D again at the save
# prompt, at a terminal, saves under the tracker's own name (GM review
# 2026-12-04, 4: the session was dropped without a word).
D5=$TMP/s5
run "$D5" --lang en --seed 3 "'$DUEL'"
wait_prompt "$INIT_A [Enter=roll / 1-6]>"
type_line "6 6"
wait_prompt "$INIT_O [Enter=roll / 1-6]>"
type_line "1 1"
wait_prompt "アリア>"
"${T[@]}" send-keys -t "$CUR" C-d
wait_prompt "save the replay to (Enter: don't save)>"
"${T[@]}" send-keys -t "$CUR" C-d
wait_line "saved: duel.replay"
wait_prompt "[exit 0]"
[[ $(items "$D5/duel.replay") == $'megami-replay 1\nrng xoshiro256ss-1\nseed 3\nrolled 0\ndice 6 6 1 1' ]] ||
	fail "duel.replay is not the session: $(items "$D5/duel.replay")"

# ---- 4b. Ctrl-Z in an interactive shell: the line typed is dropped, the
# tracker stops with the terminal as the shell left it (canonical, echo),
# and `fg` asks the same die again; then Ctrl-\ (SIGQUIT) saves as SIGTERM
# does and ends as SIGQUIT would (exit 131), the terminal put back.
# libedit did this itself, but its handlers are off (3b).
D7=$TMP/s7
session "$D7" "env PS1='$ ' LC_ALL=C.UTF-8 TERM=xterm bash --norc --noprofile -i"
wait_prompt '$'
type_line "'$MEGAMI' --lang en track --seed 3 '$DUEL'"
wait_prompt "$INIT_A [Enter=roll / 1-6]>"
interrupt "$INIT_A [Enter=roll / 1-6]>" C-z "^Z"
wait_prompt '$'
type_line 'echo "[stopped] $(stty -a | grep -o -- "-\?icanon\|-\?echo " | tr "\n" /)"'
wait_line "[stopped] icanon/echo /"
type_line fg
wait_prompt "$INIT_A [Enter=roll / 1-6]>"
type_line "6 6"
wait_line "アリア's initiative (2D6+5) ＞ 12[6,6]+5 ＞ 17"
wait_prompt "$INIT_O [Enter=roll / 1-6]>"
"${T[@]}" send-keys -t "$CUR" 'C-\'
wait_line "(SIGQUIT received: the replay and the log are saved)"
wait_line "saved: duel.replay"
wait_prompt '$'
type_line 'echo "[exit $?] $(stty -a | grep -o -- "-\?icanon\|-\?echo " | tr "\n" /)"'
wait_line "[exit 131] icanon/echo /"
[[ $(items "$D7/duel.replay") == $'megami-replay 1\nrng xoshiro256ss-1\nseed 3\nrolled 0\ndice 6 6' ]] ||
	fail "duel.replay is not the session: $(items "$D7/duel.replay")"

# ---- 5. The terminal closes (the tmux server killed: SIGHUP) at a
# decision: the replay and the log are written all the same.
D4=$TMP/s4
run "$D4" --seed 3 --log d.log "'$DUEL'"
wait_prompt "アリアのイニシアティブ 2D6+5 [Enter=振る / 1-6]>"
type_line "6 6"
wait_prompt "オーガのイニシアティブ 2D6+2 [Enter=振る / 1-6]>"
type_line "1 1"
wait_prompt "アリア>"
"${T[@]}" kill-server
for ((i = 0; i < WAIT * 10; i++)); do
	[[ -s $D4/duel.replay && -s $D4/d.log ]] && break
	sleep 0.1
done
[[ $(items "$D4/duel.replay" 2>/dev/null) == $'megami-replay 1\nrng xoshiro256ss-1\nseed 3\nrolled 0\ndice 6 6 1 1' ]] ||
	{ echo "track_signals.sh: FAIL: after SIGHUP: $(ls -a "$D4")" >&2; exit 1; }
grep -Fxq "オーガのイニシアティブ (2D6+2) ＞ 2[1,1]+2 ＞ 4" "$D4/d.log" ||
	{ echo "track_signals.sh: FAIL: after SIGHUP, d.log: $(cat "$D4/d.log")" >&2; exit 1; }
echo "track_signals.sh: ok"
