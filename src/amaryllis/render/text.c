/*
 * text.c - the battle log as text, modelled on the worked example of the
 * rules: per turn, one line per action with its effects (⇒ …), then a status
 * line per unit `名前：ＨＰ／攻撃力／防御力／素早さ／残りアクション　＜状態＞`,
 * and at the end 結果.  Japanese uses full-width digits like the rules.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "log.h"

#include "util/array.h"
#include "util/error.h"

enum msg {
	M_TURN, M_USES, M_STAT_SELF, M_STAT_OTHER, M_GAIN_SELF, M_GAIN_OTHER,
	M_HEAL_SELF, M_HEAL_OTHER, M_DEAD_TARGET, M_FIZZLE, M_ATTACK,
	M_REFLECTED, M_GUARD, M_DAMAGE, M_FAIL, M_REFLECT, M_SPENT, M_STUNNED,
	M_STUN_GONE, M_POISON, M_LIFE, M_LIFE_LEFT, M_DEATH, M_RESULT, M_WINS,
	M_DRAW, M_TIE, M_ERROR, M_TIMES, M_STEP_SIM, M_BUILT, M_COUNT
};

/* Each message is a printf format whose arguments are all strings. */
static const char *const msgs[2][M_COUNT] = {
	[AM_LANG_JA] = {
		[M_TURN] = "第%sターン",
		[M_USES] = "%sが%sを実行",
		[M_STAT_SELF] = "　⇒%s%s",
		[M_STAT_OTHER] = "　⇒%sの%s%s",
		[M_GAIN_SELF] = "　⇒状態「%s」付与%s",
		[M_GAIN_OTHER] = "　⇒%sに状態「%s」付与%s",
		[M_HEAL_SELF] = "　⇒ＨＰ%sに回復",
		[M_HEAL_OTHER] = "　⇒%sのＨＰ%sに回復",
		[M_DEAD_TARGET] = "　⇒%sは死亡しているため効果なし",
		[M_FIZZLE] = "%sの%sは対象がなく不発",
		[M_ATTACK] = "%sが%sで%sを攻撃",
		[M_REFLECTED] = "跳ね返った%sの%sが%sに向かう",
		[M_GUARD] = "　⇒%sのガードが発動（%s→%s）",
		[M_DAMAGE] = "　⇒%sダメージ　⇒ＨＰ%s",
		[M_FAIL] = "　⇒攻撃失敗（ダメージ%s）",
		[M_REFLECT] = "　⇒%sの反射が発動　⇒攻撃は跳ね返る",
		[M_SPENT] = "　（%sは消滅）",
		[M_STUNNED] = "%sはスタンで行動できない　（スタン残り%s）",
		[M_STUN_GONE] = "%sはスタンで行動できない　（スタンは消滅）",
		[M_POISON] = "%sが毒で%sダメージ　⇒ＨＰ%s",
		[M_LIFE] = "%sのライフが発動　⇒%s復活　⇒ＨＰ１　（ライフは消滅）",
		[M_LIFE_LEFT] = "%sのライフが発動　⇒%s復活　⇒ＨＰ１　（ライフ残り%s）",
		[M_DEATH] = "%sは死亡",
		[M_RESULT] = "結果",
		[M_WINS] = "%sの勝利",
		[M_DRAW] = "引き分け",
		[M_TIE] = "引き分け　⇒乱数（シード%s）により%sの勝利",
		[M_ERROR] = "エラー：%s",
		[M_TIMES] = "×%s",
		[M_STEP_SIM] = "（同時行動）",
		[M_BUILT] = "　⇒%sが誕生（前から%s番目）",
	},
	[AM_LANG_EN] = {
		[M_TURN] = "Turn %s",
		[M_USES] = "%s uses %s",
		[M_STAT_SELF] = " => %s %s",
		[M_STAT_OTHER] = " => %s's %s %s",
		[M_GAIN_SELF] = " => gains %s%s",
		[M_GAIN_OTHER] = " => %s gains %s%s",
		[M_HEAL_SELF] = " => HP restored to %s",
		[M_HEAL_OTHER] = " => %s's HP restored to %s",
		[M_DEAD_TARGET] = " => no effect: %s is dead",
		[M_FIZZLE] = "%s's %s finds no target and fizzles",
		[M_ATTACK] = "%s attacks with %s: %s",
		[M_REFLECTED] = "%s's reflected %s flies at %s",
		[M_GUARD] = " => %s's guard halves it (%s -> %s)",
		[M_DAMAGE] = " => %s damage => HP %s",
		[M_FAIL] = " => the attack fails (damage %s)",
		[M_REFLECT] = " => %s's reflect sends it back",
		[M_SPENT] = " (%s is used up)",
		[M_STUNNED] = "%s is stunned and loses the action (stun left: %s)",
		[M_STUN_GONE] = "%s is stunned and loses the action (stun gone)",
		[M_POISON] = "%s takes %s poison damage => HP %s",
		[M_LIFE] = "%s's life triggers => %s revives => HP 1 (life used up)",
		[M_LIFE_LEFT] = "%s's life triggers => %s revives => HP 1 (life left: %s)",
		[M_DEATH] = "%s dies",
		[M_RESULT] = "Result",
		[M_WINS] = "%s wins",
		[M_DRAW] = "Draw",
		[M_TIE] = "Draw => the seeded draw (seed %s) gives the win to %s",
		[M_ERROR] = "error: %s",
		[M_TIMES] = " x%s",
		[M_STEP_SIM] = "(simultaneous step)",
		[M_BUILT] = " => %s is built (place %s from the front)",
	},
};

static const char *const stat_names[2][4] = {
	[AM_LANG_JA] = {"ＨＰ", "攻撃力", "防御力", "素早さ"},
	[AM_LANG_EN] = {"HP", "ATK", "DEF", "SPD"},
};

static const char *const state_names[2][AM_STATE_COUNT] = {
	[AM_LANG_JA] = {"毒", "スタン", "ガード", "反射", "ライフ"},
	[AM_LANG_EN] = {"poison", "stun", "guard", "reflect", "life"},
};

/* A number as text: full-width digits and minus in Japanese (as the rules
 * write －１), ASCII in English.  buf must hold 64 bytes. */
static const char *num(char *buf, am_lang lang, int64_t v)
{
	char tmp[24];
	size_t i, k = 0;

	snprintf(tmp, sizeof(tmp), "%" PRId64, v);
	if (lang != AM_LANG_JA)
		return strcpy(buf, tmp);
	for (i = 0; tmp[i]; i++) {
		if (tmp[i] == '-') {
			memcpy(buf + k, "－", 3);
		} else {
			buf[k] = (char)0xEF;
			buf[k + 1] = (char)0xBC;
			buf[k + 2] = (char)(0x90 + (tmp[i] - '0'));
		}
		k += 3;
	}
	buf[k] = '\0';
	return buf;
}

#define MSG(log, m) msgs[(log)->lang == AM_LANG_EN][m]

/*
 * How the log names unit id: entry units by their name, as the rules do;
 * built units (ids 2, 3, …) by name and instance number, 蛆#37, so that the
 * many units of one definition can be told apart (the JSON ids are the
 * same).  `which` picks one of two buffers, so two labels can be in use.
 */
static const char *who(am_log *log, const am_engine *e, int32_t id,
                       int which)
{
	ut_buf *b = &log->label[which];

	if (id < 2)
		return am_log_unit_name(e, id);
	ut_buf_clear(b);
	ut_buf_printf(b, "%s#%ld", am_log_unit_name(e, id), (long)id);
	return b->ptr ? b->ptr : "?";
}

/* End the line being built (with its pending "used up" note). */
static void end_line(am_log *log)
{
	if (log->line.len == 0)
		return;
	if (log->spent_name)
		ut_buf_printf(&log->line, MSG(log, M_SPENT), log->spent_name);
	log->spent_name = NULL;
	ut_buf_put(&log->out, log->line.ptr, log->line.len);
	ut_buf_puts(&log->out, "\n");
	ut_buf_clear(&log->line);
}

static void show_turn(am_log *log)
{
	char n[64];

	if (log->turn_shown)
		return;
	log->turn_shown = 1;
	ut_buf_printf(&log->out, MSG(log, M_TURN), num(n, log->lang, log->turn));
	ut_buf_puts(&log->out, "\n");
}

/* Start a new line (a new fact) in the current turn; the first line of a
 * simultaneous step is preceded by a note saying so. */
static void begin_line(am_log *log)
{
	end_line(log);
	show_turn(log);
	if (log->sim_pending) {
		log->sim_pending = 0;
		ut_buf_printf(&log->out, "%s\n", MSG(log, M_STEP_SIM));
	}
}

/* `名前：ＨＰ／攻撃力／防御力／素早さ／残りアクション　＜状態＞` */
static void status_line(am_log *log, const am_engine *e, size_t id)
{
	const int en = log->lang == AM_LANG_EN;
	const char *sep = en ? "/" : "／";
	am_unit_state st;
	const am_unit_def *d;
	char n[64];
	size_t i, shown = 0;
	int s;

	if (am_engine_unit(&st, e, id) < 0)
		return;
	d = &am_engine_team(e, st.side)->units[st.index];
	ut_buf_printf(&log->out, "%s%s%s", who(log, e, (int32_t)id, 0),
	              en ? ": " : "：", num(n, log->lang, st.hp));
	ut_buf_printf(&log->out, "%s%s", sep, num(n, log->lang, st.atk));
	ut_buf_printf(&log->out, "%s%s", sep, num(n, log->lang, st.def));
	ut_buf_printf(&log->out, "%s%s", sep, num(n, log->lang, st.spd));
	for (i = 0; i < d->nslots; i++) {
		if (am_engine_slot_spent(e, id, i) != 0)
			continue;
		ut_buf_puts(&log->out, shown++ ? (en ? ", " : "、") : sep);
		ut_buf_puts(&log->out,
		            am_engine_team(e, st.side)->actions[d->slots[i]].name);
	}
	for (s = 0; s < AM_STATE_COUNT; s++) {
		if (st.states[s] == 0)
			continue;
		ut_buf_printf(&log->out, "%s%s", en ? " <" : "　＜",
		              state_names[en][s]);
		if (st.states[s] > 1)
			ut_buf_printf(&log->out, MSG(log, M_TIMES),
			              num(n, log->lang, st.states[s]));
		ut_buf_puts(&log->out, en ? ">" : "＞");
	}
	ut_buf_puts(&log->out, "\n");
}

/*
 * The statuses of every unit still in a line, side 0 first, front first,
 * followed by the side's units that died in this turn (they have retired
 * but the turn's story needs their last state, as in the worked example).
 */
static void statuses(am_log *log, const am_engine *e)
{
	size_t i, k, n = am_engine_unit_count(e);
	int s;

	end_line(log);
	if (log->turn == 0 && !log->turn_shown)
		return; /* turn 0 is told only when something happened in it */
	show_turn(log);
	ut_buf_puts(&log->out, "\n");
	if (UT_ARRAY_RESERVE(log->order, log->cap_order, n) < 0) {
		log->out.failed = 1;
		return;
	}
	for (s = 0; s < 2; s++) {
		k = am_engine_line(e, s, log->order, log->cap_order);
		for (i = 0; i < n; i++) {
			am_unit_state st;
			if (am_engine_unit(&st, e, i) == 0 && st.side == s &&
			    st.position < 0 && st.died_turn == log->turn)
				log->order[k++] = (uint32_t)i;
		}
		for (i = 0; i < k; i++)
			status_line(log, e, log->order[i]);
	}
	ut_buf_puts(&log->out, "\n");
}

/* The opening of a line about one hit of an attack. */
static void hit_line(am_log *log, const am_engine *e, const am_event *ev)
{
	const char *a = who(log, e, ev->actor, 0);
	const char *w = am_log_action_name(e, ev->actor, ev->action);
	const char *t = who(log, e, ev->target, 1);

	begin_line(log);
	if (ev->tempo > 1)
		ut_buf_printf(&log->line, MSG(log, M_REFLECTED), a, w, t);
	else if (log->lang == AM_LANG_EN)
		ut_buf_printf(&log->line, "%s attacks %s with %s", a, t, w);
	else
		ut_buf_printf(&log->line, MSG(log, M_ATTACK), a, w, t);
	if (ev->tempo <= 1 && log->pending_spent_actor == ev->actor &&
	    log->pending_spent_action == ev->action) {
		log->spent_name = w;
		log->pending_spent_actor = -1;
	}
}

int am_text_event(am_log *log, const am_engine *e, const am_event *ev)
{
	const int en = log->lang == AM_LANG_EN;
	char n1[64], n2[64];
	const char *tname = who(log, e, ev->target, 1);
	int self = ev->target == ev->actor;

	switch (ev->kind) {
	case AM_EV_TURN_BEGIN:
		end_line(log);
		log->turn = ev->turn;
		log->turn_shown = 0;
		break;
	case AM_EV_POISON:
		begin_line(log);
		ut_buf_printf(&log->line, MSG(log, M_POISON), tname,
		              num(n1, log->lang, ev->value),
		              num(n2, log->lang, ev->after));
		break;
	case AM_EV_STEP_BEGIN:
		end_line(log);
		log->sim_pending = ev->value > 1;
		break;
	case AM_EV_STUNNED:
		begin_line(log);
		if (ev->after > 0)
			ut_buf_printf(&log->line, MSG(log, M_STUNNED), tname,
			              num(n1, log->lang, ev->after));
		else
			ut_buf_printf(&log->line, MSG(log, M_STUN_GONE), tname);
		break;
	case AM_EV_ACTION: {
		const am_team *t;
		am_unit_state st;
		if (am_engine_unit(&st, e, (size_t)ev->actor) < 0)
			break;
		t = am_engine_team(e, st.side);
		if (am_class_kind(t->actions[ev->action].cls) == AM_KIND_ATTACK) {
			/* told with its hits; remember the "used up" note */
			log->pending_spent_actor = ev->spent ? ev->actor : -1;
			log->pending_spent_action = ev->action;
			break;
		}
		begin_line(log);
		ut_buf_printf(&log->line, MSG(log, M_USES),
		              who(log, e, ev->actor, 0),
		              t->actions[ev->action].name);
		if (ev->spent)
			log->spent_name = t->actions[ev->action].name;
		break;
	}
	case AM_EV_STAT:
		if (self)
			ut_buf_printf(&log->line, MSG(log, M_STAT_SELF),
			              stat_names[en][ev->stat],
			              num(n1, log->lang, ev->after));
		else
			ut_buf_printf(&log->line, MSG(log, M_STAT_OTHER), tname,
			              stat_names[en][ev->stat],
			              num(n1, log->lang, ev->after));
		break;
	case AM_EV_HEAL:
		if (self)
			ut_buf_printf(&log->line, MSG(log, M_HEAL_SELF),
			              num(n1, log->lang, ev->after));
		else
			ut_buf_printf(&log->line, MSG(log, M_HEAL_OTHER), tname,
			              num(n1, log->lang, ev->after));
		break;
	case AM_EV_STATE_GAIN: {
		char times[80] = "";
		if (ev->value > 1)
			snprintf(times, sizeof(times), MSG(log, M_TIMES),
			         num(n1, log->lang, ev->value));
		/* a state from an attack lands on the attacked unit */
		if (self || ev->state == AM_STATE_STUN ||
		    ev->state == AM_STATE_POISON)
			ut_buf_printf(&log->line, MSG(log, M_GAIN_SELF),
			              state_names[en][ev->state], times);
		else
			ut_buf_printf(&log->line, MSG(log, M_GAIN_OTHER), tname,
			              state_names[en][ev->state], times);
		break;
	}
	case AM_EV_NO_TARGET:
		if (ev->target >= 0) { /* a support aimed at a dead ally */
			ut_buf_printf(&log->line, MSG(log, M_DEAD_TARGET), tname);
		} else {
			begin_line(log);
			ut_buf_printf(&log->line, MSG(log, M_FIZZLE),
			              who(log, e, ev->actor, 0),
			              am_log_action_name(e, ev->actor, ev->action));
		}
		break;
	case AM_EV_REFLECT:
		hit_line(log, e, ev);
		ut_buf_printf(&log->line, MSG(log, M_REFLECT), tname);
		break;
	case AM_EV_GUARD:
		log->guard_before = ev->value;
		log->guard_after = ev->after;
		break;
	case AM_EV_DAMAGE:
	case AM_EV_FAIL:
		hit_line(log, e, ev);
		if (log->guard_before != INT64_MIN) {
			ut_buf_printf(&log->line, MSG(log, M_GUARD), tname,
			              num(n1, log->lang, log->guard_before),
			              num(n2, log->lang, log->guard_after));
			log->guard_before = INT64_MIN;
		}
		if (ev->kind == AM_EV_FAIL)
			ut_buf_printf(&log->line, MSG(log, M_FAIL),
			              num(n1, log->lang, ev->value));
		else
			ut_buf_printf(&log->line, MSG(log, M_DAMAGE),
			              num(n1, log->lang, ev->value),
			              num(n2, log->lang, ev->after));
		break;
	case AM_EV_LIFE:
		begin_line(log);
		if (ev->after > 0)
			ut_buf_printf(&log->line, MSG(log, M_LIFE_LEFT), tname, tname,
			              num(n1, log->lang, ev->after));
		else
			ut_buf_printf(&log->line, MSG(log, M_LIFE), tname, tname);
		break;
	case AM_EV_DEATH:
		begin_line(log);
		ut_buf_printf(&log->line, MSG(log, M_DEATH), tname);
		break;
	case AM_EV_TURN_END:
		statuses(log, e);
		break;
	case AM_EV_BUILD:
		ut_buf_printf(&log->line, MSG(log, M_BUILT), tname,
		              num(n1, log->lang, ev->value + 1));
		break;
	case AM_EV_END:
		break;
	}
	return log->line.failed || log->out.failed ? AM_ENOMEM : 0;
}

int am_text_finish(am_log *log, const am_engine *e, const am_result *r,
                   int rc)
{
	char seed[32];

	snprintf(seed, sizeof(seed), "%" PRIu64, r->tie_seed);
	end_line(log);
	if (rc < 0) {
		/* the engine's message is English; say what it means first */
		static const char *const ja[] = {
			[-AM_EOVERFLOW] = "数値が64ビット整数の範囲を超えたため戦闘を中断",
			[-AM_ELIMIT] = "ユニット数が上限に達したため戦闘を中断",
			[-AM_ENOMEM] = "メモリ不足のため戦闘を中断",
		};
		char what[600];
		if (log->lang == AM_LANG_JA && rc >= AM_ELIMIT && ja[-rc])
			snprintf(what, sizeof(what), "%s（%s）", ja[-rc],
			         am_error_last());
		else
			snprintf(what, sizeof(what), "%s", am_error_last());
		ut_buf_printf(&log->out, MSG(log, M_ERROR), what);
		ut_buf_puts(&log->out, "\n");
		return log->out.failed ? AM_ENOMEM : 0;
	}
	ut_buf_printf(&log->out, "%s\n", MSG(log, M_RESULT));
	if (r->tie_broken)
		ut_buf_printf(&log->out, MSG(log, M_TIE), seed,
		              am_engine_team(e, r->winner)->units[0].name);
	else if (r->winner >= 0)
		ut_buf_printf(&log->out, MSG(log, M_WINS),
		              am_engine_team(e, r->winner)->units[0].name);
	else
		ut_buf_puts(&log->out, MSG(log, M_DRAW));
	ut_buf_puts(&log->out, "\n");
	return log->out.failed ? AM_ENOMEM : 0;
}
