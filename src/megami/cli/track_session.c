/*
 * track_session.c - the session of `megami track` (track.h), event-sourced
 * from its replay (MG-TRACK-8): the combat is always `rep` played from the
 * beginning.  A typed die, decision or GM adjustment is appended to `rep`
 * and fed to the combat; undo moves the last step back to `redo` and
 * plays `rep` again on a fresh combat (quietly: the log of what is played
 * again is not shown twice), redo moves it back.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "budget.h"
#include "track.h"

#include "util/error.h"
#include "util/out.h"

/* ---- the replay, as a history ---------------------------------------------- */

/* MG-TRACK-8: the log is shown again from item `quiet` on. */
static void mark(track *t)
{
	if (t->quiet != SIZE_MAX && t->feed >= t->quiet) {
		size_t n;
		mg_log_text(t->log, &n);
		t->shown = n;
		t->quiet = SIZE_MAX;
	}
}

/* Append an item typed now (the redo list is forgotten: a new branch). */
static int record(track *t, const mg_replay_item *it)
{
	int rc = it->kind == MG_RITEM_DIE ? mg_replay_add_die(&t->rep, it->die)
	       : it->kind == MG_RITEM_ACTION ? mg_replay_add_action(&t->rep, &it->action)
	       : mg_replay_add_adjust(&t->rep, &it->adjust);
	if (rc < 0)
		return rc;
	t->rep.items[t->rep.nitems - 1].col = it->col; /* TR_AUTO_MARK */
	t->feed = t->rep.nitems;
	t->redo.nitems = 0;
	return 0;
}

/* Move items [from, nitems) of a to the front of b (b's items after them). */
static int move_front(mg_replay *a, size_t from, mg_replay *b)
{
	size_t k = a->nitems - from, i;

	for (i = 0; i < k; i++)
		if (mg_replay_add_die(b, 0) < 0)
			return MG_ENOMEM;
	memmove(b->items + k, b->items, (b->nitems - k) * sizeof(*b->items));
	memcpy(b->items, a->items + from, k * sizeof(*b->items));
	a->nitems = from;
	return 0;
}

/* The start of the last step of rep: its last decision or adjustment,
 * with the dice after it; leading dice (round 1's initiative) are a step
 * of their own. */
static size_t last_step(const mg_replay *r)
{
	size_t k = r->nitems;

	while (k > 0 && r->items[k - 1].kind == MG_RITEM_DIE)
		k--;
	return k > 0 ? k - 1 : 0;
}

/* The length of the first step of redo. */
static size_t first_step(const mg_replay *r)
{
	size_t k = 1;

	while (k < r->nitems && r->items[k].kind == MG_RITEM_DIE)
		k++;
	return r->nitems ? k : 0;
}

/* A fresh combat and log; rep is played again, quietly up to item
 * `quiet`.  0, or -1 after the error is said. */
static int rebuild(track *t, size_t quiet)
{
	mg_combat_opts co = MG_COMBAT_OPTS_INIT;
	mg_log *log = NULL;

	if (mg_log_new(&log, MG_LOG_TEXT, (mg_lang)t->ui.lang, NULL, NULL) < 0) {
		ut_cli_error(&t->ui, "%s", mg_error_last());
		return -1;
	}
	mg_log_set_seed(log, t->seed);
	mg_log_free(t->log);
	t->log = log;
	t->dice.rolled = 0;
	co.dice = &t->dice;
	co.max_events = t->max_events;
	co.on_event = tr_on_event;
	co.event_ud = t;
	if (!t->c && mg_combat_new(&t->c, t->s, &co) < 0) {
		char name[UT_CLI_NAME_MAX];
		ut_cli_error(&t->ui, "%s: %s", ut_cli_shown_name(name, t->path),
		             mg_error_last());
		return -1;
	}
	if (!t->snap && mg_combat_new(&t->snap, t->s, &co) < 0) {
		ut_cli_error(&t->ui, "%s", mg_error_last());
		return -1;
	}
	mg_combat_restart(t->c);
	mg_combat_copy_state(t->snap, t->c);
	t->snap_has_act = 0;
	t->snap_item = 0;
	t->shown = 0;
	t->feed = 0;
	t->quiet = quiet;
	t->again = TR_NONE;
	t->auto_round = -1;
	t->auto_rest = 0;
	t->nahead = 0;
	t->force_state = 1;
	return 0;
}

/* The step r->items[k..k+n) as typed: "a 1 2", "gm hp 2 15", or its dice
 * ("dice 6 6 1 1") when it has no decision. */
static void step_text(track *t, char *buf, size_t size, const mg_replay *r,
                      size_t k, size_t n)
{
	size_t i, len;

	if (r->items[k].kind != MG_RITEM_DIE) {
		tr_item_text(t, buf, size, &r->items[k]);
		return;
	}
	snprintf(buf, size, "%s", UT_TR(&t->ui, "ダイス", "dice"));
	for (i = k; i < k + n; i++) {
		len = strlen(buf);
		if (len + 24 >= size)
			break;
		snprintf(buf + len, size - len, " %lld", (long long)r->items[i].die);
	}
}

/* u: the last step goes to redo, the combat is played again; r: back.
 * With --auto npc a step is the person's with the NPCs' automatic steps
 * after it (MG-TRACK-13): undo never stops where --auto would decide
 * again at once.  0, 1 when there was nothing to undo/redo (said), -1 on
 * error. */
static int undo_redo(track *t, int what)
{
	char buf[128];
	size_t k, n, from;
	int auto_step;

	if (what == TR_UNDO) {
		if (t->rep.nitems == 0) {
			tr_say("%s", UT_TR(&t->ui, "  取り消すものはありません\n",
			                   "  nothing to undo\n"));
			return 1;
		}
		do { /* MG-TRACK-13: with the NPCs' steps after the person's */
			k = last_step(&t->rep);
			step_text(t, buf, sizeof(buf), &t->rep, k, t->rep.nitems - k);
			auto_step = t->rep.items[k].col == TR_AUTO_MARK;
			if (move_front(&t->rep, k, &t->redo) < 0)
				goto oom;
			tr_say(UT_TR(&t->ui, "  取り消しました: %s（r でやり直し）\n",
			                  "  undone: %s (r redoes it)\n"), buf);
		} while (auto_step && t->rep.nitems > 0);
		return rebuild(t, t->rep.nitems);
	}
	if ((n = first_step(&t->redo)) == 0) {
		tr_say("%s", UT_TR(&t->ui, "  やり直すものはありません\n",
		                   "  nothing to redo\n"));
		return 1;
	}
	from = t->rep.nitems;
	do { /* MG-TRACK-13: with the NPCs' steps that followed */
		step_text(t, buf, sizeof(buf), &t->redo, 0, n);
		for (k = 0; k < n; k++) {
			const mg_replay_item *it = &t->redo.items[k];
			int rc = it->kind == MG_RITEM_DIE ? mg_replay_add_die(&t->rep, it->die)
			       : it->kind == MG_RITEM_ACTION
			       ? mg_replay_add_action(&t->rep, &it->action)
			       : mg_replay_add_adjust(&t->rep, &it->adjust);
			if (rc < 0)
				goto oom;
			t->rep.items[t->rep.nitems - 1].col = it->col;
		}
		memmove(t->redo.items, t->redo.items + n,
		        (t->redo.nitems - n) * sizeof(*t->redo.items));
		t->redo.nitems -= n;
		tr_say(UT_TR(&t->ui, "  やり直します: %s\n", "  redone: %s\n"), buf);
		n = first_step(&t->redo);
	} while (n > 0 && t->redo.items[0].col == TR_AUTO_MARK);
	return rebuild(t, from);
oom:
	ut_cli_error(&t->ui, "%s", mg_error_last());
	return -1;
}

/* ---- dice: MG-TRACK-2, MG-TRACK-7 ------------------------------------------ */

/* A die of the seeded generator (Enter, `a`, --auto), counted in the
 * replay's `rolled` (MG-TRACK-14: --resume goes on from there). */
int64_t tr_generator_die(track *t, uint64_t sides)
{
	t->rep.rolled++;
	return (int64_t)ut_rng_die(&t->dice.rng, sides);
}

int tr_on_event(void *ud, const mg_combat *c, const mg_event *ev)
{
	track *t = ud;
	return mg_log_event(t->log, c, ev);
}

/* Whether --auto npc takes character who's decisions and dice
 * (MG-TRACK-13): an NPC's. */
static int auto_npc(const track *t, long who)
{
	return t->auto_npc && who >= 0 &&
	       t->s->characters[who].side == MG_SIDE_NPC;
}

/* Whether this die rolls without asking (`a`, MG-TRACK-7): the rest of a
 * roll, or an NPC's initiative in the round of the `a`; with --auto npc
 * every die an NPC rolls (MG-TRACK-13).  The generator gives it, as Enter
 * would at its prompt. */
static int auto_die(track *t)
{
	mg_roll_info ri;

	mg_combat_rolling(&ri, t->c);
	if (ri.index == 0)
		t->auto_rest = 0;
	if (t->auto_rest)
		return 1;
	if (ri.kind != MG_ROLL_NONE && auto_npc(t, ri.who))
		return 1; /* MG-TRACK-13 */
	return ri.kind == MG_ROLL_INITIATIVE &&
	       t->auto_round == mg_combat_round(t->c) &&
	       t->s->characters[ri.who].side == MG_SIDE_NPC;
}

/* The end of the command BCDice echoes at the start of its result, in
 * parentheses (a system's name before it: "SRS : (2D6+4>=10[12,2]) ＞ …"):
 * just past its matching ")", or line itself when there is none.  The
 * echo may hold brackets of its own (the [12,2] of a judgement's
 * critical and fumble) and parentheses (a calculation). */
static char *past_echo(char *line)
{
	char *p = strchr(line, '(');
	int depth = 0;

	for (; p && *p; p++) {
		if (*p == '(')
			depth++;
		else if (*p == ')' && --depth == 0)
			return p + 1;
	}
	return line;
}

/* The dice of a line as the person types them (MG-TRACK-2), in place:
 * a comma or an ideographic comma separates them as a blank does ("3,4",
 * "3、4"; the line is after NFKC, so "３，４" too), and a roll pasted from
 * BCDice or a VTT ("(2D6) ＞ 7[3,4] ＞ 7", "SRS : (2D6+4>=10[12,2]) ＞
 * 7[3,4]+4 ＞ 11 ＞ 成功") gives the dice in the first brackets after the
 * command it echoes; BCDice writes a lone 1D6 with none ("(1D6) ＞ 4",
 * after NFKC "(1D6) > 4"): its die is the value.  The words are split
 * into w (tr_split). */
static size_t die_words(char *line, char **w, size_t max)
{
	char *echo = past_echo(line), *p, *open = strchr(echo, '['), *close;

	if (open && (close = strchr(open + 1, ']'))) {
		*close = '\0';
		line = open + 1;
	} else if (echo != line) {
		/* "(1D6) > 4": the echo is exactly a 1D6 */
		for (p = echo - 1; p > line && p[-1] != '('; p--)
			;
		if (echo - p == 4 && strncmp(p, "1", 1) == 0 &&
		    (p[1] == 'D' || p[1] == 'd') && p[2] == '6') {
			for (p = echo; *p == ' ' || *p == '\t'; p++)
				;
			if (*p == '>')
				line = p + 1;
		}
	}
	for (p = line; *p; p++) {
		if (*p == ',')
			*p = ' ';
		else if (strncmp(p, "\xe3\x80\x81", 3) == 0) { /* 、 U+3001 */
			memset(p, ' ', 3);
			p += 2;
		}
	}
	return tr_split(line, w, max);
}

/* One die from the person: 0 with *v, 1 to ask again, or an error to stop
 * the combat (quit, undo, redo: t->quit / t->again say which).  Values
 * typed on one line are the rest of this roll (a 2D6's "4 4", "4,4",
 * "4、4"); more than it needs are refused, the whole line, and so is a
 * total ("7" for a 2D6: it can't be split into dice), said as such
 * (MG-TRACK-2). */
static int die_line(track *t, char *line, uint64_t sides, int64_t *v)
{
	char *w[8];
	size_t n = die_words(line, w, 8), i;
	mg_roll_info ri;
	size_t need;
	int64_t x;

	mg_combat_rolling(&ri, t->c);
	need = ri.kind == MG_ROLL_NONE || ri.ndice <= ri.index
	       ? 1 : (size_t)(ri.ndice - ri.index);
	if (need > 1 + TR_AHEAD_MAX) /* no roll has more than 2D6 */
		need = 1 + TR_AHEAD_MAX;
	if (n == 0) { /* Enter: the rest of this roll, both dice of a 2D6 */
		char shown[64];
		int len;

		*v = tr_generator_die(t, sides);
		len = snprintf(shown, sizeof(shown), "%lld", (long long)*v);
		for (i = 1; i < need; i++) {
			x = tr_generator_die(t, sides);
			t->ahead[t->nahead++] = x;
			len += snprintf(shown + len, sizeof(shown) - (size_t)len,
			                UT_TR(&t->ui, "、%lld", ", %lld"),
			                (long long)x);
		}
		tr_say(UT_TR(&t->ui, "  → %s（振った目）\n", "  → %s (rolled)\n"),
		       shown);
		return 0;
	}
	if (n == 1 && tr_is(w[0], "q", "quit")) {
		t->quit = 1;
		return ut_error_set(UT_ERROR, "quit");
	}
	if (n == 1 && (tr_is(w[0], "u", "undo") || tr_is(w[0], "r", "redo"))) {
		t->again = w[0][0] == 'u' ? TR_UNDO : TR_REDO;
		return ut_error_set(UT_ERROR, "undo");
	}
	if (n == 1 && tr_is(w[0], "?", "help")) {
		tr_help(t, HELP_DIE);
		return 1;
	}
	if (n == 1 && tr_is(w[0], "o", "odds")) {
		tr_odds(t, 1);
		return 1;
	}
	if (n == 1 && tr_is(w[0], "s", "status")) {
		/* the state at a die too (GM review 2026-12-07: refused where
		 * a GM wants to see who has not entered yet) */
		tr_show_state(t);
		return 1;
	}
	if (n >= 1 && strcmp(w[0], "gm") == 0) {
		/* the GM's hand is a decision's (MG-GM-3), not a die's: said
		 * so (it was "type a value from 1 to 6"; GM review 2026-12-06) */
		tr_say("%s", UT_TR(&t->ui, "  gm のコマンドは行動を決める入力（「名前>」）で使えます。"
		                          "いまはダイスの目を入力してください"
		                          "（u でその決定に戻れます）\n",
		                   "  gm commands are taken at a decision (the 'name>' "
		                   "prompt); here type the die (u goes back to the "
		                   "decision)\n"));
		return 1;
	}
	if (n == 1 && tr_is(w[0], "a", "all")) {
		t->auto_rest = 1;
		if (ri.kind == MG_ROLL_INITIATIVE)
			t->auto_round = mg_combat_round(t->c);
		*v = tr_generator_die(t, sides);
		return 0;
	}
	for (i = 0; i < n && i < 8; i++) {
		if (tr_parse_int(w[i], 0, &x) < 0 || x < 1 || (uint64_t)x > sides)
			break;
	}
	if (i == n && n <= need) {
		tr_parse_int(w[0], 0, v);
		for (i = 1; i < n; i++) /* the rest of this roll */
			tr_parse_int(w[i], 0, &t->ahead[t->nahead++]);
		return 0;
	}
	if (i == n || i == 8) {
		if (t->ui.lang == UT_LANG_EN)
			tr_say("  this roll needs %zu more %s, not %zu: type %s again\n",
			       need, need == 1 ? "die" : "dice", n,
			       need == 1 ? "it" : "them");
		else
			tr_say("  この判定に要るダイスは残り%zu個です（%zu個の目は多すぎます）。"
			       "もう一度入力してください\n", need, n);
		return 1;
	}
	if (n == 1 && need >= 2 && tr_parse_int(w[0], 0, &x) == 0 &&
	    (uint64_t)x > sides && (uint64_t)x <= need * sides) {
		/* a total of the dice still needed ("7" for a 2D6) */
		tr_say(UT_TR(&t->ui, "  「%s」は%zu個の目の合計ですか？合計からはどの目が出たか"
		                     "分かりません。目を1個ずつか、%zu個とも1行で入力してください"
		                     "（例「3 4」）\n",
		             "  '%s' looks like the total of %zu dice: a total can't be "
		             "split into dice. Type each die, one by one or all %zu "
		             "on one line ('3 4')\n"),
		       w[0], need, need);
		return 1;
	}
	if (n == 1 && need >= 2 && sides <= 9 && strlen(w[0]) == need &&
	    strspn(w[0], "123456789") == need) {
		/* the dice side by side, as a table says them ("66") */
		for (i = 0; i < need && (uint64_t)(w[0][i] - '0') <= sides; i++)
			;
		if (i == need) {
			tr_say(UT_TR(&t->ui, "  「%s」は%zu個の目を続けて書いたものですか？"
			                     "空白で区切って入力してください（例「%c %c」）\n",
			             "  '%s' looks like %zu dice side by side: type them "
			             "with a blank between ('%c %c')\n"),
			       w[0], need, w[0][0], w[0][1]);
			return 1;
		}
	}
	tr_say(UT_TR(&t->ui, "  1から%lluの目を入力してください（Enter で振る、? で一覧）\n",
	                  "  type a value from 1 to %llu (Enter rolls, ? lists the keys)\n"),
	       (unsigned long long)sides);
	return 1;
}

/* The dice source of the combat: rep's next die while it is played again,
 * else the person's (labelled: whose roll, what for, the target). */
int tr_ask_die(void *ud, uint64_t sides, size_t index, uint64_t *out)
{
	track *t = ud;
	/* three names of up to 100 characters (MG-SCN-LIMIT-1, 4 bytes at
	 * most each) and the words around them: never cut (a cut could split
	 * a character; review 2026-12-06) */
	char label[1536], prompt[1664];
	mg_replay_item it;
	int64_t v = 0;
	int rc;

	(void)index;
	if (t->feed < t->rep.nitems) {
		mark(t);
		if (t->rep.items[t->feed].kind != MG_RITEM_DIE)
			return ut_error_set(UT_ERROR, "track: the session's replay "
			                              "has a decision where a die is needed");
		*out = (uint64_t)t->rep.items[t->feed++].die;
		return 0;
	}
	mark(t);
	tr_flush_log(t); /* what happened so far: why this die is rolled */
	if (t->nahead > 0) {
		v = t->ahead[0];
		memmove(t->ahead, t->ahead + 1, --t->nahead * sizeof(*t->ahead));
	} else if (auto_die(t)) {
		v = tr_generator_die(t, sides);
	} else {
		if (t->resumed) { /* MG-TRACK-14: where the session stopped */
			tr_show_state(t);
			t->resumed = 0;
		}
		tr_roll_label(t, label, sizeof(label));
		snprintf(prompt, sizeof(prompt),
		         UT_TR(&t->ui, "%s [Enter=振る / 1-%llu]> ",
		               "%s [Enter=roll / 1-%llu]> "),
		         label, (unsigned long long)sides);
		for (;;) {
			char *line = tr_input(t, prompt);
			if (!line) {
				t->quit = 1;
				return ut_error_set(UT_ERROR, "quit");
			}
			rc = die_line(t, line, sides, &v);
			free(line);
			if (rc < 0)
				return rc;
			if (rc == 0)
				break;
		}
	}
	memset(&it, 0, sizeof(it));
	it.kind = MG_RITEM_DIE;
	it.die = v;
	if (record(t, &it) < 0)
		return UT_ENOMEM;
	*out = (uint64_t)v;
	return 0;
}

/* ---- the session ------------------------------------------------------------ */

/* The combat stopped with rc (not an illegal action): say why; -1. */
static int stopped(track *t, int rc)
{
	char msg[1024];

	if (rc == MG_ELIMIT) /* MG-BUDGET-1 */
		mg_cli_budget_spent(&t->ui, "track", t->max_events,
		                    mg_combat_round(t->c));
	else /* MG-CKD-1: an overflow in the page's language */
		ut_cli_error(&t->ui, "%s",
		             mg_cli_stop_text(msg, sizeof(msg), mg_error_last(),
		                              t->ui.lang));
	return -1;
}

/* The next item of rep, played again at `ask` (MG-TRACK-8); a decision
 * of an NPC under --auto npc is marked as taken by it (TR_AUTO_MARK: a
 * resumed replay's items have no mark, MG-TRACK-14). */
static int replay_item(track *t, const mg_ask *ask)
{
	const mg_replay_item *it;
	int rc;

	mark(t);
	it = &t->rep.items[t->feed];
	if (it->kind == MG_RITEM_DIE)
		return ut_error_set(UT_ERROR, "track: the session's replay has a "
		                              "die where a decision is needed");
	t->feed++;
	/* whose decision it was, as the prompt would have set it: a resumed
	 * session stopped at a die shows a waiter acting so (GM review
	 * 2026-12-07: it showed 待機) */
	t->acting = ask->kind == MG_ASK_RESUME ? -1 : (long)ask->actor;
	if (it->kind == MG_RITEM_ADJUST)
		return mg_combat_adjust(t->c, &it->adjust);
	if (auto_npc(t, (long)ask->actor))
		t->rep.items[t->feed - 1].col = TR_AUTO_MARK;
	mg_combat_copy_state(t->snap, t->c);
	t->snap_act = it->action;
	t->snap_has_act = 1;
	t->snap_item = t->feed;
	rc = mg_combat_act(t->c, &it->action);
	return rc;
}

/* The combat is over: Enter ends, u undoes (MG-TRACK-8). */
static int over(track *t)
{
	for (;;) {
		char *line = tr_input(t, UT_TR(&t->ui, "戦闘終了 [Enter=終える / u=取り消す]> ",
		                            "combat over [Enter=finish / u=undo]> "));
		char *w[8];
		size_t n;
		int what = TR_NONE;

		if (!line)
			return 0;
		n = tr_split(line, w, 8);
		if (n == 0 || (n == 1 && tr_is(w[0], "q", "quit"))) {
			free(line);
			return 0;
		}
		if (n == 1 && (tr_is(w[0], "u", "undo") || tr_is(w[0], "r", "redo")))
			what = w[0][0] == 'u' ? TR_UNDO : TR_REDO;
		else
			tr_help(t, HELP_END);
		free(line);
		if (what != TR_NONE)
			return what;
	}
}

/* One decision from the person: 0 when the combat moved on (or must be
 * played again), 1 to stop (quit, the end of input), -1 on error. */
static int decide(track *t, const mg_ask *ask)
{
	mg_action def, act;
	mg_adjust adj;
	mg_replay_item it;
	char prompt[256];
	int rc, cmd, autoplay;

	t->acting = ask->kind == MG_ASK_RESUME ? -1 : (long)ask->actor;
	t->resumed = 0; /* the state is shown here (force_state) */
	if (mg_policy_default(&def, t->c, ask) < 0)
		def.kind = ask->kind == MG_ASK_RESUME ? MG_ACT_RESUME : MG_ACT_END;
	if (t->force_state || ask->kind == MG_ASK_RESUME ||
	    ask->nsimple + ask->nnormal + ask->ncomplex == 0) {
		tr_show_state(t);
		t->force_state = 0;
	}
	autoplay = auto_npc(t, (long)ask->actor);
	if (autoplay) { /* MG-TRACK-13: as Enter at the prompt */
		char dbuf[64];
		tr_action_text(dbuf, sizeof(dbuf), &def);
		tr_say(UT_TR(&t->ui, "%s> %s（自動）\n", "%s> %s (auto)\n"),
		       t->s->characters[ask->actor].name, dbuf);
	} else {
		tr_show_options(t, ask, &def);
	}
	snprintf(prompt, sizeof(prompt), "%s> ", t->s->characters[ask->actor].name);
	for (;; autoplay = 0) {
		if (autoplay) {
			act = def;
			cmd = CMD_ACT;
		} else {
			char *line = tr_input(t, prompt);
			if (!line)
				return 1; /* the end of input: as q */
			cmd = tr_parse_command(t, ask, line, &def, &act, &adj);
			free(line);
		}
		switch (cmd) {
		case CMD_QUIT:
			return 1;
		case CMD_AGAIN:
			continue;
		case CMD_UNDO:
		case CMD_REDO:
			rc = undo_redo(t, cmd == CMD_UNDO ? TR_UNDO : TR_REDO);
			if (rc == 1)
				continue;
			return rc;
		case CMD_ADJUST:
			/* MG-TRACK-9: the GM's hand, kept in the replay */
			if ((rc = mg_combat_adjust(t->c, &adj)) == MG_EINVALID &&
			    mg_combat_refusal(t->c) != MG_REFUSE_NONE) {
				tr_refused(t, adj.who);
				continue;
			}
			if (rc < 0)
				return stopped(t, rc);
			memset(&it, 0, sizeof(it));
			it.kind = MG_RITEM_ADJUST;
			it.adjust = adj;
			if (record(t, &it) < 0)
				return stopped(t, MG_ENOMEM);
			tr_flush_log(t);
			t->force_state = 1;
			return 0;
		default: /* CMD_ACT */
			break;
		}
		/* the decision goes before the dice it makes roll */
		memset(&it, 0, sizeof(it));
		it.kind = MG_RITEM_ACTION;
		it.action = act;
		it.col = autoplay ? TR_AUTO_MARK : 0;
		if (record(t, &it) < 0)
			return stopped(t, MG_ENOMEM);
		mg_combat_copy_state(t->snap, t->c);
		t->snap_act = act;
		t->snap_has_act = 1;
		t->snap_item = t->rep.nitems;
		rc = mg_combat_act(t->c, &act);
		if (rc == 0)
			return 0;
		if (t->quit || t->again)
			return 0; /* the session decides */
		if (rc != MG_EINVALID || mg_combat_refusal(t->c) == MG_REFUSE_NONE) {
			tr_flush_log(t);
			return stopped(t, rc);
		}
		/* MG-ACT-1: refused, nothing changed: ask again (also after
		 * --auto: the person decides then) */
		t->rep.nitems--;
		t->feed = t->rep.nitems;
		tr_refused(t, ask->actor);
		if (autoplay)
			tr_show_options(t, ask, &def);
	}
}

/* The first build of the combat; `resumed` (MG-TRACK-14): rep holds the
 * replay resumed, played again without its log shown, the state shown at
 * the first prompt. */
int tr_start(track *t, int resumed)
{
	t->resumed = resumed;
	return rebuild(t, resumed ? t->rep.nitems : SIZE_MAX);
}

int tr_session(track *t)
{
	int64_t shown_round = -1;

	for (;;) {
		mg_ask ask;
		int rc = mg_combat_next(&ask, t->c);

		if (rc < 0 && t->again) {
			/* u or r at a die prompt */
			int what = t->again;
			t->again = TR_NONE;
			if ((rc = undo_redo(t, what)) < 0)
				return -1;
			if (rc == 1 && rebuild(t, t->rep.nitems) < 0)
				return -1;
			continue;
		}
		if (rc < 0) {
			tr_flush_log(t);
			return t->quit ? 0 : stopped(t, rc);
		}
		if (t->feed < t->rep.nitems) {
			/* played again (MG-TRACK-8) */
			if (ask.kind == MG_ASK_OVER || (rc = replay_item(t, &ask)) < 0) {
				if (t->again)
					continue;
				if (t->quit)
					return 0;
				return stopped(t, rc < 0 ? rc : ut_error_set(UT_ERROR,
				       "track: the session's replay goes on after the end"));
			}
			continue;
		}
		mark(t);
		tr_flush_log(t);
		if (ask.kind == MG_ASK_OVER) {
			int what;
			if (mg_log_finish(t->log, t->c, 0) < 0) {
				ut_cli_error(&t->ui, "%s", mg_error_last());
				return -1;
			}
			tr_flush_log(t);
			if ((what = over(t)) == TR_NONE)
				return 0;
			if ((rc = undo_redo(t, what)) < 0)
				return -1;
			if (rc == 1 && rebuild(t, t->rep.nitems) < 0)
				return -1;
			continue;
		}
		if (shown_round != ask.round) {
			t->force_state = 1;
			shown_round = ask.round;
		}
		rc = decide(t, &ask);
		if (rc < 0)
			return -1;
		if (rc == 1) {
			t->quit = 1;
			return 0;
		}
	}
}
