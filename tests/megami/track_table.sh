#!/usr/bin/env bash
#
# track_table.sh - `megami track` at a real table, in a real terminal
# (tmux): --auto npc (MG-TRACK-13), several dice on one line (MG-TRACK-2)
# and --resume (MG-TRACK-14).  docs/MEGAMI.md "Tracker and replays".
#
#   usage: tests/megami/track_table.sh MEGAMI SOURCE_DIR
#
# Whole sessions are driven by `drive`: it waits for each new prompt (a
# last line ending in '>' below more lines than before) and answers it by
# a rule of the test (`answer`), so that two sessions that must be the same
# fight get the same answers at the same prompts.  Every wait polls for at
# most WAIT seconds (tmux_harness.sh); no sleep decides an outcome.

set -uo pipefail

if [[ $# -ne 2 ]]; then
	echo "usage: $0 MEGAMI SOURCE_DIR" >&2
	exit 2
fi
MEGAMI=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
SRC=$(cd "$2" && pwd)
source "$(dirname "$0")/tmux_harness.sh" || exit 1
harness_start track_table.sh
WAIT=${WAIT:-30}

WORK=$TMP/work
mkdir -p "$WORK" && ln -s "$SRC/examples" "$WORK/examples" || exit 1
cd "$WORK" || exit 1
# a server whose windows keep every line (the driver counts them)
"${T[@]}" -u new-session -d -s boot -x 120 -y 40 "sleep 600" &&
	"${T[@]}" set-option -g history-limit 100000 >/dev/null ||
	fail "tmux did not start"

# The whole pane, all of its history, without blank lines.
all_lines() {
	"${T[@]}" capture-pane -p -J -S - -t "$CUR" 2>/dev/null |
		sed 's/[[:space:]]*$//' | grep -v '^$'
}

# start NAME ARGS...: the tracker in a new session NAME (the current one).
start() {
	local name=$1 q
	shift
	q=$(printf " %q" "$@")
	CUR=$name
	SEEN=0
	"${T[@]}" -u new-session -d -s "$name" -x 120 -y 40 \
		"env LC_ALL=C.UTF-8 TERM=xterm $(printf %q "$MEGAMI") track$q; \
		echo \"[exit \$?]\"; sleep 600" || fail "tmux did not start $name"
}

# next_prompt: wait for a prompt below the lines seen so far: PROMPT.
next_prompt() {
	local i s n last
	for ((i = 0; i < WAIT * 10; i++)); do
		s=$(all_lines)
		n=$(printf '%s\n' "$s" | wc -l)
		last=$(printf '%s\n' "$s" | tail -n 1)
		if ((n > SEEN)) && [[ $last == *'>' ]]; then
			SEEN=$n
			PROMPT=$last
			return 0
		fi
		if [[ $last == '[exit '* ]]; then
			PROMPT=$last
			return 1
		fi
		sleep 0.1
	done
	fail "waited ${WAIT}s for a new prompt (last line: '$last')"
}

# drive: answer every prompt with `answer` (which sets ANSWER; a prompt
# it returns 1 for ends the driving, unanswered), until the tracker ends
# or that prompt, and count them in
# PROMPTS (all), NPC_PROMPTS (a prompt of オーガ's: a decision or a die).
drive() {
	PROMPTS=0
	NPC_PROMPTS=0
	while next_prompt; do
		answer "$PROMPT" || return 0
		PROMPTS=$((PROMPTS + 1))
		[[ $PROMPT == オーガ* ]] && NPC_PROMPTS=$((NPC_PROMPTS + 1))
		type_line "$ANSWER"
	done
	return 0 # the tracker ended ([exit N])
}

# The table's rule for examples/megami/duel.yaml (アリア PC, オーガ NPC):
# アリア's player types her first two dice (6 6: initiative 17), then
# rolls with Enter; every decision is Enter (the default policy); the end
# is Enter, the replay saved to $SAVE.  An NPC prompt is Enter: what
# --auto npc must do by itself.
PC_DICE=0
answer_duel() {
	ANSWER=
	case $1 in
	'save the replay to'*) ANSWER=$SAVE ;;
	アリア*'[Enter=roll / 1-6]>')
		PC_DICE=$((PC_DICE + 1))
		((PC_DICE <= 2)) && ANSWER=6 ;;
	esac
	return 0
}

# ---- MG-TRACK-13: --auto npc is Enter at every NPC prompt ------------------
#
# The same fight twice, --seed 3: once pressing Enter at every NPC prompt,
# once with --auto npc.  The generator gives its k-th die to the k-th die
# rolled by Enter or by --auto, and --auto rolls exactly the NPC dice that
# Enter would, in the same order; its decisions are the default policy's,
# which Enter takes.  So the replays and the --log files are equal byte for
# byte, and the second session asks nothing of オーガ: its prompts are the
# first's less the NPC's.

answer() { answer_duel "$@"; }
SAVE=$TMP/enter.replay
start enter --lang en --seed 3 --log "$TMP/enter.log" examples/megami/duel.yaml
drive
wait_line "saved: $SAVE"
wait_line "[exit 0]"
ENTER_PROMPTS=$PROMPTS
ENTER_NPC=$NPC_PROMPTS
((ENTER_NPC > 0)) || fail "no NPC prompt without --auto"

# With --auto, u goes back to the person's last decision with the NPC's
# steps after it (else --auto would take them again at once), and r
# brings them all back: the 3rd decision of アリア (round 2's first; the
# 1st and 2nd were round 1's a 1 2 and e) is u, which undoes オーガ's e
# (with round 2's initiative dice), オーガ's a 1 1 and アリア's e; the
# 4th (round 1's second again) is r.  The replay is the same after them.
DECISIONS=0
answer_auto() {
	answer_duel "$1"
	if [[ $1 == 'アリア>' ]]; then
		DECISIONS=$((DECISIONS + 1))
		((DECISIONS == 3)) && ANSWER=u
		((DECISIONS == 4)) && ANSWER=r
	fi
	return 0
}
answer() { answer_auto "$@"; }
PC_DICE=0
SAVE=$TMP/auto.replay
start auto --lang en --seed 3 --auto npc --log "$TMP/auto.log" \
	examples/megami/duel.yaml
wait_line "--auto npc: the NPCs decide and roll unasked (the default policy, the generator)."
drive
wait_line "saved: $SAVE"
wait_line "[exit 0]"
((NPC_PROMPTS == 0)) || fail "--auto npc asked オーガ $NPC_PROMPTS times"
# the u and the r were two more prompts
((PROMPTS == ENTER_PROMPTS - ENTER_NPC + 2)) ||
	fail "--auto npc: $PROMPTS prompts, not $ENTER_PROMPTS - $ENTER_NPC + 2"
printf '  undone: %s (r redoes it)\n' e "a 1 アリア" e >"$TMP/undone.want"
all_lines | grep -A2 -Fx "  undone: e (r redoes it)" | head -n 3 >"$TMP/undone"
diff -u "$TMP/undone.want" "$TMP/undone" >&2 || fail "u with --auto"
printf '  redone: %s\n' e "a 1 アリア" e >"$TMP/redone.want"
all_lines | grep -A2 -Fx "  redone: e" | head -n 3 >"$TMP/redone"
diff -u "$TMP/redone.want" "$TMP/redone" >&2 || fail "r with --auto"
# the decisions taken for オーガ are shown as the typed command would be
expect_line "オーガ> a 1 1 (auto)"
cmp "$TMP/enter.replay" "$TMP/auto.replay" || fail "the replays differ"
cmp "$TMP/enter.log" "$TMP/auto.log" || fail "the logs differ"
# and the replay is the log: fight --replay prints it
"$MEGAMI" fight --lang en --replay "$TMP/auto.replay" >"$TMP/auto.replayed" ||
	fail "fight --replay failed"
cmp "$TMP/auto.log" "$TMP/auto.replayed" || fail "fight --replay differs"

# ---- MG-TRACK-14: --resume goes on where the session stopped --------------
#
# The fight of the first session (Enter at every NPC prompt, enter.replay,
# enter.log) played again in three sessions with the same answers: the
# first quits at オーガ's first attack roll (before its dice: one Enter
# rolls both), the second resumes its replay with --auto npc (as Enter at the NPC
# prompts) and quits at アリア's 5th decision, the third resumes that and
# fights to the end.  The replay keeps the generator's dice count
# (`rolled`), so the dice rolled by Enter after a resume are those of the
# uninterrupted session: its replay and --log are the same byte for byte.
STOP1=1
STOP2=1
DECISIONS=0
answer_stops() {
	case $1 in
	'save the replay to'*)
		ANSWER=$SAVE
		return 0 ;;
	"オーガ's attack roll"*' 2D6+3 [Enter=roll / 1-6]>')
		if ((STOP1)); then
			STOP1=0
			ANSWER=q
			return 0
		fi ;;
	'アリア>')
		if ((STOP2 && DECISIONS == 4)); then
			STOP2=0
			ANSWER=q
			return 0
		fi
		DECISIONS=$((DECISIONS + 1)) ;;
	esac
	answer_duel "$1"
}
answer() { answer_stops "$@"; }
PC_DICE=0
SAVE=$TMP/part1.replay
start part1 --lang en --seed 3 examples/megami/duel.yaml
drive
wait_line "saved: $SAVE"
wait_line "[exit 0]"
((STOP1 == 0)) || fail "the first session did not stop at オーガ's attack"
# it stopped at the attack's dice: the decision kept
grep -qx "attack 1 1" "$TMP/part1.replay" || fail "part1.replay: no attack 1 1"

SAVE=$TMP/part2.replay
start part2 --lang en --auto npc --resume "$TMP/part1.replay"
drive
wait_line "saved: $SAVE"
wait_line "[exit 0]"
((STOP2 == 0)) || fail "the second session did not stop at アリア's 5th decision"
# it went on at the die where the first stopped, the state shown first
expect_line "== round 1 ==  order: 1.アリア(17) → 2.オーガ(11)"
screen | grep -x "resumed from $TMP/part1.replay: [0-9]* dice and decisions played again." >/dev/null ||
	fail "no 'resumed from' line"

SAVE=$TMP/part3.replay
start part3 --lang en --resume "$TMP/part2.replay" --log "$TMP/part3.log"
drive
wait_line "saved: $SAVE"
wait_line "[exit 0]"
cmp "$TMP/enter.replay" "$TMP/part3.replay" ||
	fail "the resumed fight's replay is not the uninterrupted one's"
cmp "$TMP/enter.log" "$TMP/part3.log" ||
	fail "the resumed fight's log is not the uninterrupted one's"

# ---- MG-TRACK-2: a roll's dice on one line, at a terminal -------------------
#
# Seed 3, duel.yaml, by hand.  アリア's 2D6+5: "7" is refused as a total;
# "６、６" typed as an IME types it (full-width digits, an ideographic
# comma) is 6 6: 12 + 5 = 17.  オーガ's 2D6+2: "1,1": 2 + 2 = 4.  Then q,
# not saved.
start line --lang en --seed 3 examples/megami/duel.yaml
INIT_A="アリア's initiative 2D6+5 [Enter=roll / 1-6]>"
wait_prompt "$INIT_A"
type_line 7
wait_line "  '7' looks like the total of 2 dice: a total can't be split into dice. Type each die, one by one or all 2 on one line ('3 4')"
wait_prompt "$INIT_A"
type_line "６、６"
wait_prompt "オーガ's initiative 2D6+2 [Enter=roll / 1-6]>"
type_line "1,1"
wait_prompt "アリア>"
expect_line "アリア's initiative (2D6+5) ＞ 12[6,6]+5 ＞ 17"
expect_line "オーガ's initiative (2D6+2) ＞ 2[1,1]+2 ＞ 4"
type_line q
wait_prompt "save the replay to (Enter: don't save)>"
type_line ""
wait_line "[exit 0]"

echo "track_table.sh: ok"
