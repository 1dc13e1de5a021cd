/*
 * track_cmd.c - what is typed at the prompts of `megami track` (track.h):
 * the decisions (MG-TRACK-4), the GM's hand (MG-TRACK-9), undo and redo
 * (MG-TRACK-8), the odds (MG-TRACK-10), and the help of every prompt
 * (MG-TRACK-11).
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "track.h"

#include "util/out.h"
#include "util/utf8.h"

/* MG-TRACK-11: `?` at each kind of prompt. */
static const char *const helps[][2] = {
	[HELP_DECISION] = {
	"決定のプロンプト:\n"
	"  Enter              既定の方針の選択（Enter = …）を採る\n"
	"  a 攻撃 相手        攻撃（番号か名前）で相手（番号か名前）を攻撃する\n"
	"  f 攻撃 相手        とどめを刺す\n"
	"  m 位置             戦闘移動（位置は整数かキャラクター）\n"
	"  r 位置             全力移動\n"
	"  w                  待機            e   主プロセスを終える\n"
	"  y / n              待機中：いま行動する / 待機を続ける\n"
	"GMの手（リプレイに残ります）:\n"
	"  gm hp 相手 値      HPを値にする（0以下で戦闘不能、戦闘不能から1以上で回復）\n"
	"  gm dmg 相手 値     HPを値だけ減らす（gm damage でも）、gm heal 相手 値 で増やす\n"
	"  gm pos 相手 位置   位置を変える（移動のルールによらない）\n"
	"  gm add 相手 状態   状態をつける（戦闘不能 か 死亡）\n"
	"  gm clear 相手 状態 状態を外す（戦闘不能 → 行動可、死亡 → 戦闘不能）\n"
	"  gm end 勝者        ラウンド進行を終える（勝者 pc / npc / none、省略で none）\n"
	"  gm enter 相手      未登場のキャラクターをいま登場させる（次のラウンドから行動）\n"
	"  u                  取り消す（ひとつ前の決定まで、何度でも）\n"
	"  r                  取り消したものをやり直す\n"
	"  o                  見込み：ここから1万回戦ったときの勝率と終わるラウンド\n"
	"  s                  状況を表示    q   やめる（リプレイを保存するか尋ねる）\n",
	"Decision prompt:\n"
	"  Enter              take the default policy's choice (Enter = …)\n"
	"  a ATTACK TARGET    attack TARGET (number or name) with ATTACK (number or name)\n"
	"  f ATTACK TARGET    finish off (とどめ)\n"
	"  m POS              combat move (戦闘移動; POS a number or a character)\n"
	"  r POS              full move (全力移動)\n"
	"  w                  wait (待機)     e   end the main process\n"
	"  y / n              waiting: act now / keep waiting\n"
	"The GM's hand (kept in the replay):\n"
	"  gm hp WHO N        set the HP to N (0 or less: incapacitated; 1 or more\n"
	"                     brings an incapacitated character back)\n"
	"  gm dmg WHO N       take N from the HP (or gm damage); gm heal WHO N adds N\n"
	"  gm pos WHO POS     put the character at POS (no movement rules)\n"
	"  gm add WHO COND    add a condition (incapacitated or dead)\n"
	"  gm clear WHO COND  clear it (incapacitated → able, dead → incapacitated)\n"
	"  gm end WINNER      end the round progression (pc, npc or none; none\n"
	"                     when left out)\n"
	"  gm enter WHO       bring a character yet to enter in now (it acts from\n"
	"                     the next round)\n"
	"  u                  undo (back to the previous decision, again and again)\n"
	"  r                  redo what was undone\n"
	"  o                  odds: 10,000 fights from here, chances and rounds\n"
	"  s                  show the state  q   quit (asks to save a replay)\n"},
	[HELP_DIE] = {
	"ダイスのプロンプト:\n"
	"  Enter              この判定のダイスを乱数で振る（2D6 は2個とも）\n"
	"  1-6                卓で振った目（2D6 は「4 4」「4,4」「4、4」と1行でも。\n"
	"                     判定に要る数まで）。BCDice の結果「(2D6) ＞ 7[3,4] ＞ 7」\n"
	"                     は [ ] の中の目を使います。合計（2D6 の「7」）は目に\n"
	"                     分けられないので、出た目を尋ねて入力してください\n"
	"  a                  Enter と同じ。イニシアティブではこのラウンドの\n"
	"                     NPC全員の分も振る\n"
	"  u                  取り消す（この判定を決めた決定まで戻る）\n"
	"  r                  取り消したものをやり直す\n"
	"  o                  見込み：ここから1万回戦ったときの勝率と終わるラウンド\n"
	"  s                  状況を表示\n"
	"  q                  やめる（リプレイを保存するか尋ねる）\n",
	"Die prompt:\n"
	"  Enter              roll this roll with the generator (both dice of a 2D6)\n"
	"  1-6                the value rolled at the table ('4 4', '4,4', '4、4':\n"
	"                     both dice of a 2D6; no more than the roll needs); from\n"
	"                     BCDice's '(2D6) ＞ 7[3,4] ＞ 7' the dice in [ ] are\n"
	"                     taken.  A total ('7' for a 2D6) can't be split into\n"
	"                     dice: ask for the dice rolled and type them\n"
	"  a                  as Enter; at initiative, every NPC's initiative of\n"
	"                     this round too\n"
	"  u                  undo (back to the decision that made this roll)\n"
	"  r                  redo what was undone\n"
	"  o                  odds: 10,000 fights from here, chances and rounds\n"
	"  s                  show the state\n"
	"  q                  quit (asks to save a replay)\n"},
	[HELP_END] = {
	"戦闘は終わりました:\n"
	"  Enter / q          終える（リプレイを保存するか尋ねる）\n"
	"  u                  取り消す（最後の決定まで戻る）\n",
	"The combat is over:\n"
	"  Enter / q          finish (asks to save a replay)\n"
	"  u                  undo (back to the last decision)\n"},
	[HELP_SAVE] = {
	"リプレイを保存するファイルの名前を入力してください（Enter: 保存しない）。\n"
	"保存したリプレイは megami fight --replay ファイル で再生できます。\n",
	"Type the name of the file to save the replay to (Enter: don't save).\n"
	"Play it with megami fight --replay FILE.\n"},
};

void tr_help(track *t, int prompt)
{
	tr_say("%s", helps[prompt][t->ui.lang == UT_LANG_EN]);
}

/* Whether the scenario's name as typed is w: the word w was read after
 * NFKC (tr_input), so a name with full-width letters is matched after
 * NFKC too; -1 without memory for that. */
static int same_name(const char *name, const char *w)
{
	char *f;
	int same;

	if (strcmp(name, w) == 0)
		return 1;
	if (!(f = tr_fold(name)))
		return -1;
	same = strcmp(f, w) == 0;
	free(f);
	return same;
}

/* A character by number (1…) or name; -1 if none, -2 if the name is two
 * characters' or more: the line is read after NFKC, so "ゴブリン１" and
 * "ゴブリン1", both legal names of one scenario, read the same and only
 * their numbers tell them apart (GM review 2026-12-04, 2);
 * TR_FIND_NOMEM if a name could not be read so. */
long tr_find_char(track *t, const char *w)
{
	int64_t v;
	size_t i;
	long found = -1;

	if (tr_parse_int(w, 0, &v) == 0)
		return v >= 1 && (uint64_t)v <= t->s->ncharacters ? (long)(v - 1) : -1;
	for (i = 0; i < t->s->ncharacters; i++) {
		int same = same_name(t->s->characters[i].name, w);
		if (same < 0)
			return TR_FIND_NOMEM;
		if (same) {
			if (found >= 0)
				return -2;
			found = (long)i;
		}
	}
	return found;
}

/* One of the actor's attacks by number (1…) or name; -1 if none, -2 if
 * the name is two attacks' or more, TR_FIND_NOMEM (as tr_find_char). */
static long find_attack(const mg_character *me, const char *w)
{
	int64_t v;
	size_t i;
	long found = -1;

	if (tr_parse_int(w, 0, &v) == 0)
		return v >= 1 && (uint64_t)v <= me->nattacks ? (long)(v - 1) : -1;
	for (i = 0; i < me->nattacks; i++) {
		int same = same_name(me->attacks[i].name, w);
		if (same < 0)
			return TR_FIND_NOMEM;
		if (same) {
			if (found >= 0)
				return -2;
			found = (long)i;
		}
	}
	return found;
}

/* "  out of memory: type it again" for a line that could not be read. */
static int no_memory(track *t)
{
	tr_say("%s", UT_TR(&t->ui, "  メモリが足りません。もう一度入力してください\n",
	                   "  out of memory: type it again\n"));
	return CMD_AGAIN;
}

/* The names a word reads as several (tr_find_char, find_attack: -2),
 * one call each: "  'w' is #3 NAME, #4 NAME: which one?  Type its
 * number", the k-th (from 0) numbered i + 1; then a call with last = 1
 * ends the line. */
static void ambiguous(track *t, const char *w, size_t k, size_t i,
                      const char *name, int last)
{
	if (last) {
		tr_say("%s", UT_TR(&t->ui, "のどれか分かりません。番号で選んでください\n",
		                   ": which one?  Type its number\n"));
		return;
	}
	if (k == 0)
		tr_say(UT_TR(&t->ui, "  「%s」は", "  '%s' is "), w);
	tr_say(UT_TR(&t->ui, "%s%zu「%s」", "%s#%zu %s"),
	       k ? UT_TR(&t->ui, "と", ", ") : "", i + 1, name);
}

static int no_char(track *t, const char *w)
{
	size_t i, k = 0, n = t->s->ncharacters;

	long found = tr_find_char(t, w);

	if (found == TR_FIND_NOMEM)
		return no_memory(t);
	if (found == -2) {
		/* tr_find_char read every name: same_name is 1 or 0 now too,
		 * unless memory ran out since */
		for (i = 0; i < n; i++) {
			int same = same_name(t->s->characters[i].name, w);
			if (same < 0)
				return no_memory(t);
			if (same)
				ambiguous(t, w, k++, i, t->s->characters[i].name, 0);
		}
		ambiguous(t, w, k, 0, NULL, 1);
	} else
		tr_say(UT_TR(&t->ui, "  キャラクター「%s」はいません\n",
		                  "  no character '%s'\n"), w);
	return CMD_AGAIN;
}

/* "  WHAT 'w' is out of range (from LO to HI)": the scenario's bound
 * (MG-SCN-LIMIT-2) for the GM's hand, else 64 bits. */
static void out_of_range(track *t, const char *what_ja, const char *what_en,
                         const char *w, int gm)
{
	tr_say(UT_TR(&t->ui, "  %s「%s」は範囲外です（%" PRId64 "から%" PRId64
	                     "までにしてください）\n",
	             "  %s '%s' is out of range (from %" PRId64 " to %" PRId64
	             ")\n"),
	       UT_TR(&t->ui, what_ja, what_en), w,
	       gm ? -MG_SCN_NUMBER_MAX : INT64_MIN,
	       gm ? MG_SCN_NUMBER_MAX : INT64_MAX);
}

/* A position: a whole number or a character (its position); -1 after
 * saying what is wrong.  With `gm`, the GM's hand (MG-TRACK-9): the
 * number is held to the scenario's bound (MG-SCN-LIMIT-2), so that no sum
 * of the combat overflows. */
static int position(track *t, const char *w, int gm, int64_t *out)
{
	long c;
	int rc = tr_parse_int(w, 1, out);

	if (rc == 0 && (!gm || (*out >= -MG_SCN_NUMBER_MAX &&
	                        *out <= MG_SCN_NUMBER_MAX)))
		return 0;
	if (rc == 0 || rc == TR_OUT_OF_RANGE) {
		out_of_range(t, "位置", "position", w, gm);
		return -1;
	}
	if ((c = tr_find_char(t, w)) >= 0) {
		mg_char_state st;
		mg_combat_character(&st, t->c, (size_t)c);
		*out = st.position;
		return 0;
	}
	if (c == -2 || c == TR_FIND_NOMEM) {
		no_char(t, w);
		return -1;
	}
	tr_say(UT_TR(&t->ui, "  位置「%s」が分かりません（整数かキャラクター）\n",
	                  "  '%s' is not a position (a whole number or a character)\n"),
	       w);
	return -1;
}

/* MG-GM-5: gm end [pc|npc|none] into *adj (none when left out). */
static int gm_end(track *t, char **w, size_t n, mg_adjust *adj)
{
	memset(adj, 0, sizeof(*adj));
	adj->kind = MG_ADJ_END;
	adj->value = -1;
	if (n == 2 || (n == 3 && (!strcasecmp(w[2], "none") ||
	                          !strcmp(w[2], "なし"))))
		return CMD_ADJUST;
	if (n == 3 && !strcasecmp(w[2], "pc")) {
		adj->value = MG_SIDE_PC;
		return CMD_ADJUST;
	}
	if (n == 3 && !strcasecmp(w[2], "npc")) {
		adj->value = MG_SIDE_NPC;
		return CMD_ADJUST;
	}
	tr_say("%s", UT_TR(&t->ui,
	       "  gm end の勝者は pc / npc / none です（PC、NPC、なし でも。省略で none）\n",
	       "  the winner of gm end is pc, npc or none (PC, NPC, なし too; none when left out)\n"));
	return CMD_AGAIN;
}

/* MG-TRACK-9: gm hp|pos|add|clear WHO VALUE into *adj; gm dmg|damage|heal
 * WHO N, the HP less or more N, is a gm hp of the HP it gives (the
 * replay keeps that: GM review 2026-12-06, a GM's trap or potion was an
 * HP worked out by hand); gm end (MG-GM-5). */
static int gm_command(track *t, char **w, size_t n, mg_adjust *adj)
{
	static const char *const kinds[] = {"hp", "pos", "add", "clear"};
	size_t k;
	long c;
	int rel = 0; /* -1 dmg, 1 heal */

	/* the words after gm in any case: a phone's keyboard capitalises
	 * (GM review 2026-12-07: `gm ENTER 族長` got the list) */
	if (n >= 2 && !strcasecmp(w[1], "end"))
		return gm_end(t, w, n, adj);
	if (n >= 2 && !strcasecmp(w[1], "enter")) { /* MG-ENTER-4 */
		if (n != 3) {
			tr_say("%s", UT_TR(&t->ui,
			       "  gm enter の後は登場させるキャラクター1人（番号か名前）です\n",
			       "  gm enter takes one character to bring in (a number or a name)\n"));
			return CMD_AGAIN;
		}
		if ((c = tr_find_char(t, w[2])) < 0) {
			no_char(t, w[2]);
			return CMD_AGAIN;
		}
		memset(adj, 0, sizeof(*adj));
		adj->kind = MG_ADJ_ENTER;
		adj->who = (uint32_t)c;
		return CMD_ADJUST;
	}
	if (n == 4 && (!strcasecmp(w[1], "dmg") || !strcasecmp(w[1], "damage")))
		rel = -1;
	else if (n == 4 && !strcasecmp(w[1], "heal"))
		rel = 1;
	k = 0; /* dmg and heal: an hp */
	for (; !rel && n == 4 && k < 4; k++)
		if (!strcasecmp(w[1], kinds[k]))
			break;
	if (n != 4 || k == 4) {
		tr_say("%s", UT_TR(&t->ui,
		       "  GMの手は gm hp 相手 値 / gm dmg 相手 値 / gm heal 相手 値 / "
		       "gm pos 相手 位置 /\n  gm add 相手 状態 / gm clear 相手 状態 / "
		       "gm end 勝者 / gm enter 相手 です（? で一覧）\n",
		       "  the GM's hand is gm hp WHO N / gm dmg WHO N / gm heal WHO N / "
		       "gm pos WHO POS /\n  gm add WHO COND / gm clear WHO COND / "
		       "gm end WINNER / gm enter WHO (? lists them)\n"));
		return CMD_AGAIN;
	}
	if ((c = tr_find_char(t, w[2])) < 0) {
		no_char(t, w[2]);
		/* `gm add ゴブリン NPC`, a GM adding an enemy (GM review
		 * 2026-12-06): the characters are the scenario's; one that
		 * enters later is written there (MG-ENTER-1, -4) */
		if (c == -1 && k == 2)
			tr_say("%s", UT_TR(&t->ui,
			       "  （gm add は状態を加えます。キャラクターはシナリオのもので、"
			       "後から登場させるならシナリオに enters: N と書き、\n"
			       "   gm enter 相手 でいつでも登場させられます）\n",
			       "  (gm add adds a condition: the characters are the "
			       "scenario's; write one that comes later\n"
			       "   there with enters: N, and gm enter WHO brings it in "
			       "any time)\n"));
		return CMD_AGAIN;
	}
	memset(adj, 0, sizeof(*adj));
	adj->kind = (mg_adjust_kind)k;
	adj->who = (uint32_t)c;
	if (adj->kind == MG_ADJ_HP) {
		/* MG-SCN-LIMIT-2: within the scenario's bound */
		int rc = tr_parse_int(w[3], 1, &adj->value);
		if (rc == 0 && rel) {
			/* the HP less or more N: both within the bound, so the
			 * sum does not overflow; N ≥ 0 */
			mg_char_state st;
			char now[32];
			mg_combat_character(&st, t->c, (size_t)c);
			if (adj->value < 0) {
				tr_say(UT_TR(&t->ui, "  「%s」は0以上の整数にしてください\n",
				             "  '%s' must be a whole number, 0 or more\n"),
				       w[3]);
				return CMD_AGAIN;
			}
			if (adj->value > MG_SCN_NUMBER_MAX) {
				out_of_range(t, "HP", "HP", w[3], 1);
				return CMD_AGAIN;
			}
			/* (both within the bound of 10^12: no overflow) */
			adj->value = st.hp + rel * adj->value;
			if (adj->value < -MG_SCN_NUMBER_MAX ||
			    adj->value > MG_SCN_NUMBER_MAX) {
				snprintf(now, sizeof(now), "%" PRId64, adj->value);
				tr_say(UT_TR(&t->ui, "  HPが%sになり、範囲外です（%" PRId64 "から%"
				                     PRId64 "まで）\n",
				             "  the HP would be %s, out of range (from %"
				             PRId64 " to %" PRId64 ")\n"),
				       now, -MG_SCN_NUMBER_MAX, MG_SCN_NUMBER_MAX);
				return CMD_AGAIN;
			}
			return CMD_ADJUST;
		}
		if (rc == 0 && adj->value >= -MG_SCN_NUMBER_MAX &&
		    adj->value <= MG_SCN_NUMBER_MAX)
			return CMD_ADJUST;
		if (rc == 0 || rc == TR_OUT_OF_RANGE)
			out_of_range(t, "HP", "HP", w[3], 1);
		else
			tr_say(UT_TR(&t->ui, "  HP「%s」は整数ではありません\n",
			             "  HP '%s' is not a whole number\n"), w[3]);
		return CMD_AGAIN;
	}
	if (adj->kind == MG_ADJ_POS) {
		mg_char_state st;
		if (position(t, w[3], 1, &adj->value) < 0)
			return CMD_AGAIN;
		mg_combat_character(&st, t->c, (size_t)c);
		if (st.position != adj->value) /* a move of 0 m is no step */
			return CMD_ADJUST;
		tr_say(UT_TR(&t->ui, "  %sはもう%lld mにいます（何もしません）\n",
		             "  %s is at %lld m already (nothing done)\n"),
		       st.name, (long long)st.position);
		return CMD_AGAIN;
	}
	if (tr_is(w[3], "incapacitated", "戦闘不能")) {
		adj->value = MG_STATE_INCAPACITATED;
		return CMD_ADJUST;
	}
	if (tr_is(w[3], "dead", "死亡")) {
		adj->value = MG_STATE_DEAD;
		return CMD_ADJUST;
	}
	tr_say(UT_TR(&t->ui, "  状態「%s」はありません（戦闘不能 か 死亡）\n",
	                  "  no condition '%s' (incapacitated or dead)\n"), w[3]);
	return CMD_AGAIN;
}

/* Parse a typed decision into *act (CMD_ACT) or the GM's hand into *adj
 * (CMD_ADJUST); CMD_UNDO, CMD_REDO, CMD_QUIT; CMD_AGAIN after printing
 * what is wrong (or the help, the state, the odds). */
int tr_parse_command(track *t, const mg_ask *ask, char *line,
                     const mg_action *def, mg_action *act, mg_adjust *adj)
{
	const mg_character *me = &t->s->characters[ask->actor];
	char *w[8], *copy = line;
	size_t n;
	const char *k;

	memset(act, 0, sizeof(*act));
	n = tr_split(line, w, 8);
	if (n == 0) {
		*act = *def;
		return CMD_ACT;
	}
	k = w[0];
	if (n == 1 && tr_is(k, "q", "quit"))
		return CMD_QUIT;
	if (n == 1 && tr_is(k, "?", "help")) {
		tr_help(t, HELP_DECISION);
		return CMD_AGAIN;
	}
	if (n == 1 && tr_is(k, "u", "undo"))
		return CMD_UNDO;
	if (n == 1 && tr_is(k, "r", "redo"))
		return CMD_REDO;
	if (n == 1 && tr_is(k, "o", "odds")) {
		tr_odds(t, 0);
		return CMD_AGAIN;
	}
	if (n == 1 && tr_is(k, "s", "status")) {
		tr_show_state(t);
		tr_show_options(t, ask, def);
		return CMD_AGAIN;
	}
	if (tr_is(k, "gm", NULL))
		return gm_command(t, w, n, adj);
	if ((tr_is(k, "a", "attack") || tr_is(k, "f", "finish") ||
	     tr_is(k, "m", "move") || (tr_is(k, "r", "run") && n > 1)) &&
	    n != (k[0] == 'a' || k[0] == 'f' ? 3u : 2u)) {
		/* a name with blanks is several words: say what is wanted
		 * (language review 2026-12-07: "m is 'm|r POS'") */
		if (k[0] == 'a' || k[0] == 'f')
			tr_say(UT_TR(&t->ui, "  %s には攻撃と相手が要ります：%s 攻撃 相手"
			                  "（空白のある名前は \"…\" で囲むか番号で）\n",
			             "  %s takes an attack and a target: %s ATTACK "
			             "TARGET (a name with blanks in \"…\", or its "
			             "number)\n"), k, k);
		else
			tr_say(UT_TR(&t->ui, "  %s には位置が要ります：%s 位置\n",
			             "  %s takes a position: %s POS\n"), k, k);
		return CMD_AGAIN;
	}
	if ((tr_is(k, "a", "attack") || tr_is(k, "f", "finish")) && n == 3) {
		long a = find_attack(me, w[1]), c = tr_find_char(t, w[2]);
		if (a == TR_FIND_NOMEM)
			return no_memory(t);
		if (a == -2) {
			size_t i, k = 0;
			for (i = 0; i < me->nattacks; i++) {
				int same = same_name(me->attacks[i].name, w[1]);
				if (same < 0)
					return no_memory(t);
				if (same)
					ambiguous(t, w[1], k++, i,
					          me->attacks[i].name, 0);
			}
			ambiguous(t, w[1], k, 0, NULL, 1);
			return CMD_AGAIN;
		}
		if (a < 0) {
			tr_say(UT_TR(&t->ui, "  %sに攻撃「%s」はありません\n",
			                  "  %s has no attack '%s'\n"), me->name, w[1]);
			return CMD_AGAIN;
		}
		if (c < 0)
			return no_char(t, w[2]);
		act->kind = k[0] == 'a' ? MG_ACT_ATTACK : MG_ACT_FINISH;
		act->attack = (uint32_t)a;
		act->target = (uint32_t)c;
		return CMD_ACT;
	}
	if ((tr_is(k, "m", "move") || tr_is(k, "r", "run")) && n == 2) {
		act->kind = k[0] == 'm' ? MG_ACT_MOVE : MG_ACT_FULL_MOVE;
		return position(t, w[1], 0, &act->to) == 0 ? CMD_ACT : CMD_AGAIN;
	}
	if (n == 1) {
		static const struct {
			const char *s, *l;
			mg_action_kind kind;
		} simple[] = {
			{"w", "wait", MG_ACT_WAIT}, {"e", "end", MG_ACT_END},
			{"y", "resume", MG_ACT_RESUME}, {"n", "stay", MG_ACT_STAY},
		};
		size_t i;
		for (i = 0; i < sizeof(simple) / sizeof(simple[0]); i++)
			if (tr_is(k, simple[i].s, simple[i].l)) {
				act->kind = simple[i].kind;
				return CMD_ACT;
			}
	}
	{
		/* a typo of a command's long word (`atack 1 1`): the nearest
		 * (GM review 2026-12-06: there was no "did you mean") */
		static const char *const words[] = {
			"attack", "finish", "move", "run", "wait", "end",
			"resume", "stay", "status", "odds", "undo", "redo",
			"quit", "help"};
		const char *near = NULL;
		size_t i, best = SIZE_MAX;
		for (i = 0; i < sizeof(words) / sizeof(words[0]); i++)
			if (ut_utf8_closer(k, words[i], &best))
				near = words[i];
		/* (not the word itself: `wait 3`, a command with words too
		 * many, is no typo) */
		if (near && strlen(k) > 1 && strcmp(near, k) != 0) {
			tr_say(UT_TR(&t->ui, "  「%s」は分かりません。%s のことですか？（? で一覧）\n",
			             "  unknown command '%s': did you mean %s? (? lists them)\n"),
			       copy, near);
			return CMD_AGAIN;
		}
	}
	tr_say(UT_TR(&t->ui, "  「%s」は分かりません（? で一覧）\n",
	                  "  unknown command '%s' (? lists them)\n"), copy);
	return CMD_AGAIN;
}

/* MG-TRACK-4: a refusal (MG-ACT-1) in the page's language: "できません:
 * アリア: 移動力より長い移動です". */
void tr_refused(track *t, uint32_t who)
{
	tr_say(UT_TR(&t->ui, "  できません: %s: %s\n", "  not possible: %s: %s\n"),
	       t->s->characters[who].name,
	       mg_refusal_text(mg_combat_refusal(t->c), (mg_lang)t->ui.lang));
}
