/*
 * track_show.c - what `megami track` shows (track.h): the state
 * (MG-TRACK-3), the options of a decision (MG-TRACK-4), the label of a
 * roll (MG-TRACK-7) and the odds from here (MG-TRACK-10).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "track.h"

#include "megami/montecarlo.h"
#include "util/ckd.h"
#include "util/width.h"

/* ---- the state: MG-TRACK-3 ----------------------------------------------- */

/* The state column of character i; `when` (64 bytes) holds the words of
 * one yet to enter. */
static const char *state_word(track *t, const mg_char_state *st, size_t i,
                              char *when)
{
	if (st->state == MG_STATE_ABSENT) { /* MG-ENTER-1 */
		snprintf(when, 64, UT_TR(&t->ui, "未登場（第%lldラウンド）",
		                         "enters in round %lld"),
		         (long long)t->s->characters[i].enters);
		return when;
	}
	if (st->state == MG_STATE_DEAD)
		return UT_TR(&t->ui, "死亡", "dead");
	if (st->state == MG_STATE_INCAPACITATED)
		return UT_TR(&t->ui, "戦闘不能", "incapacitated");
	switch (st->status) {
	case MG_STATUS_PENDING: return UT_TR(&t->ui, "未行動", "pending");
	case MG_STATUS_DONE: return UT_TR(&t->ui, "行動終了", "done");
	case MG_STATUS_WAITING: /* the engine keeps it while the waiter acts */
		return (long)i == t->acting
		       ? UT_TR(&t->ui, "待機から行動", "acting after waiting")
		       : UT_TR(&t->ui, "待機", "waiting");
	default: /* able, outside this round's order: brought back or in
	          * by the GM (MG-GM-3, MG-ENTER-4; GM review 2026-12-07:
	          * "able" made a GM wait for its turn) */
		return UT_TR(&t->ui, "次のラウンドから行動", "acts next round");
	}
}

void tr_show_state(track *t)
{
	size_t i, n, w = 4;
	const uint32_t *order = mg_combat_order(t->c, &n);
	char buf[64], when[64];

	for (i = 0; i < t->s->ncharacters; i++) {
		size_t cw = ut_width(t->s->characters[i].name,
		                     strlen(t->s->characters[i].name));
		if (cw > w)
			w = cw;
	}
	tr_say(UT_TR(&t->ui, "== ラウンド %lld ==  順番:", "== round %lld ==  order:"),
	       (long long)mg_combat_round(t->c));
	for (i = 0; i < n; i++) {
		mg_char_state st;
		mg_combat_character(&st, t->c, order[i]);
		tr_say(" %s%u.%s(%lld)", i ? "→ " : "", (unsigned)order[i] + 1,
		       st.name, (long long)st.initiative);
	}
	tr_say("\n   #  ");
	tr_pad(UT_TR(&t->ui, "名前", "name"), w);
	tr_say(UT_TR(&t->ui, "  陣営  HP        位置  状態\n",
	                  "  side  HP        pos   state\n"));
	for (i = 0; i < t->s->ncharacters; i++) {
		mg_char_state st;
		mg_combat_character(&st, t->c, i);
		tr_say("  %2zu  ", i + 1);
		tr_pad(st.name, w);
		snprintf(buf, sizeof(buf), "%lld/%lld", (long long)st.hp,
		         (long long)t->s->characters[i].hp);
		tr_say("  %-4s  %-8s  %-4lld  %s\n",
		       st.side == MG_SIDE_PC ? "PC" : "NPC", buf,
		       (long long)st.position, state_word(t, &st, i, when));
	}
}

/* ---- decisions: MG-TRACK-4 ----------------------------------------------- */

/* The action as typed at the prompt (and shown as the default). */
void tr_action_text(char *buf, size_t size, const mg_action *a)
{
	switch (a->kind) {
	case MG_ACT_ATTACK:
	case MG_ACT_FINISH:
		snprintf(buf, size, "%s %u %u", a->kind == MG_ACT_ATTACK ? "a" : "f",
		         (unsigned)a->attack + 1, (unsigned)a->target + 1);
		break;
	case MG_ACT_MOVE:
	case MG_ACT_FULL_MOVE:
		snprintf(buf, size, "%s %lld", a->kind == MG_ACT_MOVE ? "m" : "r",
		         (long long)a->to);
		break;
	case MG_ACT_WAIT: snprintf(buf, size, "w"); break;
	case MG_ACT_RESUME: snprintf(buf, size, "y"); break;
	case MG_ACT_STAY: snprintf(buf, size, "n"); break;
	default: snprintf(buf, size, "e"); break;
	}
}

/* The third word of buf (the character of `a 1 3`, `gm enter 5`) becomes
 * character who's name, when typing that name at a prompt finds the same
 * character (one word, no other character read the same after NFKC, not
 * a number); else the number stays. GM review 2026-12-07: `undone: gm
 * enter 5` after `gm enter 族長`. */
static void name_word(track *t, char *buf, size_t size, size_t who)
{
	char *f, *w, *end, tail[128];
	int n;

	if (who >= t->s->ncharacters ||
	    !(f = tr_fold(t->s->characters[who].name)))
		return; /* without memory the number says it */
	if (f[0] && !f[strcspn(f, " \t\"")] && tr_find_char(t, f) == (long)who &&
	    (w = strchr(buf, ' ')) && (w = strchr(w + 1, ' '))) {
		w++;
		end = w + strcspn(w, " ");
		n = snprintf(tail, sizeof(tail), "%s", end);
		if (n >= 0 && (size_t)n < sizeof(tail) &&
		    (size_t)(w - buf) + strlen(f) + (size_t)n < size)
			snprintf(w, size - (size_t)(w - buf), "%s%s", f, tail);
	}
	free(f);
}

/* A replay item as the GM would type it at a prompt: the decision, the
 * GM's hand (`gm hp エルフ 15`, `gm end pc`), or a die; characters by
 * name where the name reads back as the same one (name_word). */
void tr_item_text(track *t, char *buf, size_t size, const mg_replay_item *it)
{
	switch (it->kind) {
	case MG_RITEM_ACTION:
		tr_action_text(buf, size, &it->action);
		if (it->action.kind == MG_ACT_ATTACK ||
		    it->action.kind == MG_ACT_FINISH)
			name_word(t, buf, size, it->action.target);
		break;
	case MG_RITEM_ADJUST: /* as the replay writes it, with names */
		mg_replay_adjust_text(buf, size, &it->adjust);
		if (it->adjust.kind != MG_ADJ_END)
			name_word(t, buf, size, it->adjust.who);
		break;
	default:
		snprintf(buf, size, "%lld", (long long)it->die);
		break;
	}
}

/* What the actor may do now, with the default. */
void tr_show_options(track *t, const mg_ask *ask, const mg_action *def)
{
	const mg_character *me = &t->s->characters[ask->actor];
	mg_char_state st, tg;
	char dbuf[64];
	size_t a, i;
	int64_t allow = 5 + me->stat[MG_STAT_INITIATIVE];

	/* MG-MOVE-1 (the combat checks the real limit) */
	if (me->stat[MG_STAT_INITIATIVE] > INT64_MAX / 4)
		allow = INT64_MAX / 4;
	if (allow < 0)
		allow = 0;
	mg_combat_character(&st, t->c, ask->actor);
	tr_action_text(dbuf, sizeof(dbuf), def);
	if (ask->kind == MG_ASK_RESUME) {
		tr_say(UT_TR(&t->ui, "%sは待機中です。いま行動しますか？  y 行動する / n 待機を続ける\n",
		                  "%s is waiting. Act now?  y act now / n keep waiting\n"),
		       me->name);
		tr_say("Enter = %s\n", dbuf);
		return;
	}
	if (ask->simple && ask->normal && ask->nsimple + ask->nnormal == 1)
		/* M4: one action of two is left, 簡易 or 通常, not both */
		tr_say(UT_TR(&t->ui, "%sの番（位置 %lld、残り: 簡易か通常のどちらか1つ）\n",
		             "%s to act (at %lld; left: one simple or normal action)\n"),
		       me->name, (long long)st.position);
	else
		tr_say(UT_TR(&t->ui, "%sの番（位置 %lld、残り: 簡易 %d・通常 %d%s）\n",
		             "%s to act (at %lld; left: simple %d, normal %d%s)\n"),
		       me->name, (long long)st.position, ask->simple, ask->normal,
		       ask->complex ? UT_TR(&t->ui, "・複雑 1", ", complex 1") : "");
	for (a = 0; a < me->nattacks; a++) {
		const mg_attack *at = &me->attacks[a];
		int ok = at->timing == MG_TIMING_COMPLEX ? ask->complex : ask->normal;
		for (i = 0; ok && i < t->s->ncharacters; i++) {
			mg_combat_character(&tg, t->c, i);
			/* the engine's distance (MG-CKD-1: exact, unsigned) */
			uint64_t d = mg_distance(tg.position, st.position);
			if (tg.side == st.side || tg.state == MG_STATE_DEAD ||
			    tg.state == MG_STATE_ABSENT ||
			    at->range < 0 || d > (uint64_t)at->range)
				continue;
			/* what the line alone did not say (GM review
			 * 2026-12-06): an area attack hits every enemy there, a
			 * complex one takes the whole main process */
			tr_say(UT_TR(&t->ui, "  a %zu %zu    %s → %s（距離 %llu m%s%s）\n",
			                  "  a %zu %zu    attack %s on %s (distance %llu m%s%s)\n"),
			       a + 1, i + 1, at->name, tg.name, (unsigned long long)d,
			       at->area == MG_AREA_ENGAGEMENT
			       ? UT_TR(&t->ui, "、そこの敵すべて", "; every enemy there") : "",
			       at->timing == MG_TIMING_COMPLEX
			       ? UT_TR(&t->ui, "、複雑：メインプロセスすべて",
			               "; complex: the whole main process") : "");
		}
		for (i = 0; ask->normal && i < t->s->ncharacters; i++) {
			mg_combat_character(&tg, t->c, i);
			if (tg.side == st.side || tg.state != MG_STATE_INCAPACITATED ||
			    at->range < 0 ||
			    mg_distance(tg.position, st.position) > (uint64_t)at->range)
				continue;
			/* attack → target, as the lines of `a` (ja) */
			if (t->ui.lang == UT_LANG_EN)
				tr_say("  f %zu %zu    finish off (とどめ) %s with %s\n",
				       a + 1, i + 1, tg.name, at->name);
			else
				tr_say("  f %zu %zu    とどめ：%s → %s\n",
				       a + 1, i + 1, at->name, tg.name);
		}
	}
	/* MG-MOVE-2: an able enemy strictly on the way stops a move there, so
	 * the nearest one on either side bounds where a move may end */
	{
		int has_below = 0, has_above = 0;
		int64_t below = 0, above = 0;
		long opp = -1; /* MG-MOVE-3: 離脱 first, against this one */
		for (i = 0; i < t->s->ncharacters; i++) {
			mg_combat_character(&tg, t->c, i);
			if (tg.side == st.side || tg.state != MG_STATE_ABLE)
				continue;
			if (tg.position == st.position &&
			    (opp < 0 || t->s->characters[i].stat[MG_STAT_INITIATIVE] >
			                t->s->characters[opp].stat[MG_STAT_INITIATIVE]))
				opp = (long)i;
			if (tg.position < st.position && (!has_below || tg.position > below)) {
				below = tg.position;
				has_below = 1;
			}
			if (tg.position > st.position && (!has_above || tg.position < above)) {
				above = tg.position;
				has_above = 1;
			}
		}
		for (i = 0; i < 2; i++) {
			int64_t d = i == 0 ? allow : 3 * allow, lo, hi;
			if (!(i == 0 ? ask->simple : ask->normal) || allow <= 0)
				continue;
			if (ut_ckd_sub(&lo, st.position, d) || ut_ckd_add(&hi, st.position, d))
				lo = hi = st.position;
			if (has_below && below > lo)
				lo = below;
			if (has_above && above < hi)
				hi = above;
			tr_say(i == 0 ? UT_TR(&t->ui, "  m 位置   戦闘移動（%lld m まで: %lld〜%lld）",
			                           "  m POS    combat move (戦闘移動, up to %lld m: "
			                           "%lld to %lld)")
			              : UT_TR(&t->ui, "  r 位置   全力移動（%lld m まで: %lld〜%lld）",
			                           "  r POS    full move (全力移動, up to %lld m: "
			                           "%lld to %lld)"),
			       (long long)d, (long long)lo, (long long)hi);
			if (opp >= 0)
				tr_say(UT_TR(&t->ui, " 離脱が先（対 %s）", ", disengagement (離脱) against %s first"),
				       t->s->characters[opp].name);
			tr_say("\n");
		}
	}
	if (ask->can_wait)
		tr_say(UT_TR(&t->ui, "  w        待機\n", "  w        wait (待機)\n"));
	tr_say(UT_TR(&t->ui, "  e        主プロセスを終える\n",
	                  "  e        end the main process\n"));
	tr_say("Enter = %s\n", dbuf);
}

/* ---- the label of a roll: MG-TRACK-7 -------------------------------------- */

/* "2D6+4", "2D6-1", "2D6" (n dice, modifier m). */
static void dice_text(char *buf, size_t size, int n, int64_t m)
{
	if (m)
		snprintf(buf, size, "%dD6%+lld", n, (long long)m);
	else
		snprintf(buf, size, "%dD6", n);
}

/* Whose roll, what for, the dice and the target, e.g. "アリアの命中判定
 * （ロングソード → オーガ） 2D6+4" or "オーガの回避判定 2D6+1 目標12",
 * then the dice so far: "（4、?）". */
void tr_roll_label(track *t, char *buf, size_t size)
{
	mg_roll_info ri;
	const char *who, *other = "", *atk = "";
	char d[48], tgt[128] = "", sofar[48] = "";
	const ut_cli *ui = &t->ui;
	int evasion;

	mg_combat_rolling(&ri, t->c);
	evasion = ri.kind == MG_ROLL_EVASION || ri.kind == MG_ROLL_RESISTANCE;
	if (ri.kind == MG_ROLL_NONE) {
		snprintf(buf, size, "%s", UT_TR(ui, "ダイス", "die"));
		return;
	}
	who = t->s->characters[ri.who].name;
	if (ri.against >= 0)
		other = t->s->characters[ri.against].name;
	if (ri.attack >= 0) {
		int32_t owner = ri.kind == MG_ROLL_EVASION ||
		                ri.kind == MG_ROLL_RESISTANCE ? ri.against : ri.who;
		atk = t->s->characters[owner].attacks[ri.attack].name;
	}
	dice_text(d, sizeof(d), ri.ndice, ri.modifier);
	if (ri.crit_only)
		snprintf(tgt, sizeof(tgt), "%s",
		         UT_TR(ui, " 出目12（クリティカル）でだけ回避",
		               " only a roll of 12 (critical) evades"));
	else if (ri.has_target && evasion && ri.target > 12 + ri.modifier)
		/* beyond any sum: a critical evades all the same (MG rules) */
		snprintf(tgt, sizeof(tgt), UT_TR(ui, " 目標%lld：出目12（クリティカル）でだけ回避",
		                                 " target %lld: only a roll of 12 (critical) evades"),
		         (long long)ri.target);
	else if (ri.has_target && evasion && ri.target <= 2 + ri.modifier)
		/* any sum reaches it: a fumble is hit all the same */
		snprintf(tgt, sizeof(tgt), UT_TR(ui, " 目標%lld：出目2（ファンブル）のほかは回避",
		                                 " target %lld: every roll but 2 (fumble) evades"),
		         (long long)ri.target);
	else if (ri.has_target)
		snprintf(tgt, sizeof(tgt), UT_TR(ui, " 目標%lld", " target %lld"),
		         (long long)ri.target);
	if (ri.index == 1)
		snprintf(sofar, sizeof(sofar), UT_TR(ui, "（%lld、?）", " (%lld, ?)"),
		         (long long)ri.rolled[0]);
	switch (ri.kind) {
	case MG_ROLL_INITIATIVE:
		snprintf(buf, size, UT_TR(ui, "%sのイニシアティブ %s%s",
		                          "%s's initiative %s%s"), who, d, sofar);
		break;
	case MG_ROLL_DISENGAGE:
		snprintf(buf, size, UT_TR(ui, "%sの離脱（対 %s） %s%s",
		                          "%s's disengagement (against %s) %s%s"),
		         who, other, d, sofar);
		break;
	case MG_ROLL_HOLD:
		snprintf(buf, size, UT_TR(ui, "%sの離脱阻止（%sを止める） %s%s%s",
		                          "%s holds %s back %s%s%s"),
		         who, other, d, tgt, sofar);
		break;
	case MG_ROLL_ATTACK:
		snprintf(buf, size, UT_TR(ui, "%sの命中判定（%s → %s） %s%s",
		                          "%s's attack roll (%s at %s) %s%s"),
		         who, atk, other, d, sofar);
		break;
	case MG_ROLL_EVASION:
	case MG_ROLL_RESISTANCE:
		snprintf(buf, size, ri.kind == MG_ROLL_EVASION
		         ? UT_TR(ui, "%sの回避判定（%sの%s） %s%s%s",
		                 "%s's evasion roll (%s's %s) %s%s%s")
		         : UT_TR(ui, "%sの抵抗判定（%sの%s） %s%s%s",
		                 "%s's resistance roll (%s's %s) %s%s%s"),
		         who, other, atk, d, tgt, sofar);
		break;
	case MG_ROLL_DAMAGE:
		snprintf(buf, size, UT_TR(ui, "%sのダメージ（%s） %s",
		                          "%s's damage (%s) %s"), who, atk, d);
		break;
	default: /* MG_ROLL_FINISH */
		snprintf(buf, size, UT_TR(ui, "%sのとどめ（%s → %s） %s%s",
		                          "%s's とどめ (%s on %s) %s%s"),
		         who, atk, other, d, tgt);
		break;
	}
}

/* ---- the odds: MG-TRACK-10 ------------------------------------------------ */

#define ODDS_RUNS 10000

/* "PC wins  63.5% [62.6%, 64.5%]" */
static void odds_line(track *t, const char *what, const mg_mc_report *r, int k)
{
	tr_say("  ");
	tr_pad(what, 12);
	tr_say("%5.1f%% [%.1f%%, %.1f%%]\n", 100.0 * r->rate[k],
	       100.0 * r->ci[k].lo, 100.0 * r->ci[k].hi);
	(void)t;
}

/* The odds stop for a signal (MG-TRACK-12; review 2026-12-06: Ctrl-C
 * and SIGTERM waited for 10,000 long fights), mg_mc_opts.stop. */
static int odds_stop(void *ud)
{
	(void)ud;
	return tr_signal_pending();
}

/*
 * `o`: 10 000 fights from here with the default policy for every decision
 * (MG-MC-FROM-1), seeded with the session's seed.  At a decision: from
 * the combat as it is.  At a die: from the state before the decision
 * being resolved, with that decision and the dice given since.
 */
void tr_odds(track *t, int at_die)
{
	mg_mc_opts o = MG_MC_OPTS_INIT;
	mg_mc_report r;
	mg_mc_start st;
	int64_t *dice = NULL;
	size_t i, n = 0;
	int rc;

	memset(&st, 0, sizeof(st));
	if (at_die) {
		/* every die given since the decision (review 2026-12-06: past
		 * the 64th they were drawn anew, an area attack's 65th die and
		 * on), so no more than the replay holds */
		st.combat = t->snap;
		st.action = t->snap_has_act ? &t->snap_act : NULL;
		if (t->rep.nitems > t->snap_item &&
		    !(dice = malloc((t->rep.nitems - t->snap_item) * sizeof(*dice)))) {
			tr_say(UT_TR(&t->ui, "  見込みを出せません: メモリが足りません\n",
			                  "  no odds: out of memory\n"));
			return;
		}
		for (i = t->snap_item; i < t->rep.nitems; i++)
			if (t->rep.items[i].kind == MG_RITEM_DIE)
				dice[n++] = t->rep.items[i].die;
		st.dice = dice;
		st.ndice = n;
	} else {
		st.combat = t->c;
	}
	o.runs = ODDS_RUNS;
	o.seed = t->seed;
	o.jobs = 1;
	o.max_events = t->max_events;
	o.stop = odds_stop;
	rc = mg_mc_run_from(&r, &st, &o);
	free(dice);
	if (rc < 0 && tr_signal_pending()) {
		/* Ctrl-C stops the odds alone (after the ^C the terminal
		 * echoed); SIGHUP, SIGTERM and SIGQUIT are the prompt's, which
		 * ends the input for them */
		int ctrl_c = tr_take_interrupt();
		tr_say("%s%s", ctrl_c && t->tty ? "\n" : "",
		       UT_TR(&t->ui, "  見込みを中断しました\n", "  odds stopped\n"));
		mg_mc_report_free(&r);
		return;
	}
	if (rc < 0) {
		char msg[1536];
		/* a run that failed in the page's language, as fight --runs
		 * says it (review 2026-12-06: "run 0 (seed 1): " in Japanese) */
		tr_say(UT_TR(&t->ui, "  見込みを出せません: %s\n",
		                  "  no odds: %s\n"),
		       r.failed ? mg_cli_run_failure(msg, sizeof(msg), &r, rc,
		                                     o.max_events, t->ui.lang)
		                : mg_cli_stop_text(msg, sizeof(msg), mg_error_last(),
		                                   t->ui.lang));
		mg_mc_report_free(&r);
		return;
	}
	tr_say(UT_TR(&t->ui, "見込み（ここから既定の方針で%d回、種 %llu）:\n",
	                  "odds (%d fights from here, default policy, seed %llu):\n"),
	       ODDS_RUNS, (unsigned long long)t->seed);
	odds_line(t, UT_TR(&t->ui, "PCの勝ち", "PC wins"), &r, MG_MC_PC);
	odds_line(t, UT_TR(&t->ui, "NPCの勝ち", "NPC wins"), &r, MG_MC_NPC);
	odds_line(t, UT_TR(&t->ui, "引き分け", "draw"), &r, MG_MC_DRAW);
	tr_say(UT_TR(&t->ui, "  終わるラウンド: 平均 %.2f（いまラウンド %lld）\n",
	                  "  ends in round: mean %.2f (now round %lld)\n"),
	       r.rounds_mean, (long long)mg_combat_round(t->c));
	mg_mc_report_free(&r);
}
