/*
 * text.c - the battle log as text, modelled on the worked example of the
 * rules: per turn, one line per action with its effects (⇒ …), then a status
 * line per unit `名前：ＨＰ／攻撃力／防御力／素早さ／残りアクション　＜状態＞`,
 * and at the end 結果.  Japanese uses full-width digits like the rules.
 * Facts are told in the engine's order (AM-LOG-1).
 */
#include <assert.h>
#include <stdint.h>

#include "log.h"

#include "util/array.h"
#include "util/error.h"
#include "util/msg.h"

enum msg {
	M_TURN, M_USES, M_STAT_SELF, M_STAT_OTHER, M_GAIN_SELF, M_GAIN_OTHER,
	M_HEAL_SELF, M_HEAL_OTHER, M_DEAD_TARGET, M_FIZZLE, M_ATTACK,
	M_REFLECTED, M_GUARD, M_DAMAGE, M_FAIL, M_REFLECT, M_SPENT, M_STUNNED,
	M_STUN_GONE, M_POISON, M_LIFE, M_LIFE_LEFT, M_DEATH, M_RESULT, M_WINS,
	M_DRAW, M_TIE, M_ERROR, M_TIMES, M_STEP_SIM, M_STEP_ONE, M_BUILT,
	M_HITS, M_DAMAGE_EACH, M_FAIL_ALL, M_STOPPED_HERE, M_SCORES,
	M_COUNT
};

/*
 * The messages, {ja, en}, as util/msg.h templates whose arguments {1},
 * {2}, … are passed by say(); numbers go through number() (full-width
 * digits in Japanese).
 */
static const ut_msg msgs[M_COUNT] = {
	[M_TURN] = {{"第{1}ターン", "Turn {1}"}},
	[M_USES] = {{"{1}が{2}を実行", "{1} uses {2}"}},
	[M_STAT_SELF] = {{"　⇒{1}{2}", " => {1} {2}"}},
	[M_STAT_OTHER] = {{"　⇒{1}の{2}{3}", " => {1}'s {2} {3}"}},
	[M_GAIN_SELF] = {{"　⇒状態「{1}」付与{2}", " => gains {1}{2}"}},
	[M_GAIN_OTHER] = {{"　⇒{1}に状態「{2}」付与{3}", " => {1} gains {2}{3}"}},
	[M_HEAL_SELF] = {{"　⇒ＨＰ{1}に回復", " => HP restored to {1}"}},
	[M_HEAL_OTHER] = {{"　⇒{1}のＨＰ{2}に回復",
	                   " => {1}'s HP restored to {2}"}},
	[M_DEAD_TARGET] = {{"　⇒{1}は死亡しているため効果なし",
	                    " => no effect: {1} is dead"}},
	[M_FIZZLE] = {{"{1}の{2}は対象がなく不発",
	               "{1}'s {2} finds no target and fizzles"}},
	[M_ATTACK] = {{"{1}が{2}で{3}を攻撃", "{1} attacks {3} with {2}"}},
	[M_REFLECTED] = {{"跳ね返った{1}の{2}が{3}に向かう",
	                  "{1}'s reflected {2} flies at {3}"}},
	[M_GUARD] = {{"　⇒{1}のガードが発動（{2}→{3}）",
	              " => {1}'s guard halves it ({2} -> {3})"}},
	[M_DAMAGE] = {{"　⇒{1}ダメージ　⇒ＨＰ{2}", " => {1} damage => HP {2}"}},
	[M_FAIL] = {{"　⇒攻撃失敗（ダメージ{1}）",
	             " => the attack fails (damage {1})"}},
	[M_REFLECT] = {{"　⇒{1}の反射が発動　⇒攻撃は跳ね返る",
	                " => {1}'s reflect sends it back"}},
	[M_SPENT] = {{"　（{1}は消滅）", " ({1} is used up)"}},
	[M_STUNNED] = {{"{1}はスタンで行動できない　（スタン残り{2}）",
	                "{1} is stunned and loses the action (stun left: {2})"}},
	[M_STUN_GONE] = {{"{1}はスタンで行動できない　（スタンは消滅）",
	                  "{1} is stunned and loses the action (stun gone)"}},
	[M_POISON] = {{"{1}が毒で{2}ダメージ　⇒ＨＰ{3}",
	               "{1} takes {2} poison damage => HP {3}"}},
	[M_LIFE] = {{"{1}のライフが発動　⇒{1}復活　⇒ＨＰ１　（ライフは消滅）",
	             "{1}'s life triggers => {1} revives => HP 1 (life used up)"}},
	[M_LIFE_LEFT] = {{"{1}のライフが発動　⇒{1}復活　⇒ＨＰ１　（ライフ残り{2}）",
	                  "{1}'s life triggers => {1} revives => HP 1 (life left: {2})"}},
	[M_DEATH] = {{"{1}は死亡", "{1} dies"}},
	[M_RESULT] = {{"結果", "Result"}},
	[M_WINS] = {{"{1}の勝利", "{1} wins"}},
	[M_DRAW] = {{"引き分け", "Draw"}},
	[M_TIE] = {{"引き分け　⇒乱数（種 {1}）により{2}の勝利",
	            "Draw => the seeded draw (seed {1}) gives the win to {2}"}},
	[M_ERROR] = {{"エラー：{1}", "error: {1}"}},
	[M_TIMES] = {{"×{1}", " x{1}"}},
	[M_STEP_SIM] = {{"（同時行動）", "(simultaneous step)"}},
	[M_STEP_ONE] = {{"（単独行動）", "(single step)"}},
	[M_BUILT] = {{"　⇒{1}が誕生（前から{2}番目）",
	              " => {1} is built (place {2} from the front)"}},
	[M_HITS] = {{"{1}ほか{5}体の{3}が{4}に{2}回命中",
	             "{1} and {5} more hit {4} with {3} ({2} hits)"}},
	[M_DAMAGE_EACH] = {{"　⇒各{1}ダメージ　⇒ＨＰ{2}",
	                    " => {1} damage each => HP {2}"}},
	[M_FAIL_ALL] = {{"　⇒すべて攻撃失敗（ダメージ{1}）",
	                 " => all fail (damage {1})"}},
	[M_STOPPED_HERE] = {{"　⇒ここで中断", " => stopped here"}},
	[M_SCORES] = {{"得点　{1}：{2}、{3}：{4}", "Scores: {1} {2}, {3} {4}"}},
};

static const ut_msg stat_names[4] = {
	{{"ＨＰ", "HP"}}, {{"攻撃力", "ATK"}}, {{"防御力", "DEF"}},
	{{"素早さ", "SPD"}},
};

static const ut_msg state_names[AM_STATE_COUNT] = {
	{{"毒", "poison"}}, {{"スタン", "stun"}}, {{"ガード", "guard"}},
	{{"反射", "reflect"}}, {{"ライフ", "life"}},
};

/* Why a battle stopped: {1} the engine's message in the log's language
 * (am_render_stop). */
static const ut_msg stopped = {{"戦闘を中断（{1}）", "{1}"}};

/* A number as text: full-width digits and minus in Japanese (as the rules
 * write －１), ASCII in English.  buf must hold UT_INT_TEXT_MAX bytes. */
static const char *num(char *buf, am_lang lang, int64_t v)
{
	return ut_int_text(buf, v, lang == AM_LANG_JA);
}

/* A number as a message argument, written as num() writes it. */
static ut_arg number(const am_log *log, int64_t v)
{
	return log->lang == AM_LANG_JA ? ut_arg_int_fw(v) : ut_arg_int(v);
}

/* The text of a message (or name) in the log's language. */
static const char *text(const am_log *log, const ut_msg *m)
{
	return ut_msg_text(m, (ut_lang)log->lang);
}

/* Append message m with its arguments to b (an allocation failure leaves
 * b->failed set, which the event handlers report). */
static void say(const am_log *log, ut_buf *b, enum msg m,
                const ut_arg *args, size_t nargs)
{
	int rc = ut_msg_put(b, &msgs[m], (ut_lang)log->lang, args, nargs);

	assert(rc != UT_EINVALID); /* a template of msgs is broken */
	(void)rc;
}

/* The side marks of units whose name both sides use (AM-LOG-2): side 0
 * is the first sheet, A. */
static const ut_msg side_marks[2] = {
	{{"（Ａ）", " (A)"}}, {{"（Ｂ）", " (B)"}},
};

/*
 * How the log names unit id: entry units by their name, as the rules do;
 * built units (ids 2, 3, …) by name and instance number, 蛆#37, so that the
 * many units of one definition can be told apart (the JSON ids are the
 * same).  A unit whose name is also a unit name of the other side gets its
 * side's mark, 甲（Ａ） / 甲（Ｂ）, 甲兵#2（Ａ） (AM-LOG-2).  `which` picks
 * one of two buffers, so two labels can be in use.
 */
static const char *who(am_log *log, const am_engine *e, int32_t id,
                       int which)
{
	ut_buf *b = &log->label[which];
	am_unit_state st;
	const char *mark;
	int shared;

	if (id < 0 || am_engine_unit(&st, e, (size_t)id) < 0)
		return "?";
	/* out of memory, the event that names it reports it */
	if ((shared = am_log_shared_name(log, e, st.side, st.index)) < 0)
		log->line.failed = 1;
	mark = shared > 0 ? text(log, &side_marks[st.side]) : "";
	if (id < 2 && !*mark)
		return st.name;
	ut_buf_clear(b);
	if (id < 2)
		ut_buf_printf(b, "%s%s", st.name, mark);
	else
		ut_buf_printf(b, "%s#%ld%s", st.name, (long)id, mark);
	if (b->failed) /* the event that names it reports it */
		log->line.failed = 1;
	return b->ptr ? b->ptr : "?";
}

/* End the line being built (with its pending "used up" note). */
static void end_line(am_log *log)
{
	if (log->line.len == 0)
		return;
	if (log->spent_name)
		say(log, &log->line, M_SPENT, UT_ARGS(ut_arg_str(log->spent_name)));
	log->spent_name = NULL;
	ut_buf_put(&log->out, log->line.ptr, log->line.len);
	ut_buf_puts(&log->out, "\n");
	ut_buf_clear(&log->line);
}

static void show_turn(am_log *log)
{
	if (log->turn_shown)
		return;
	log->turn_shown = 1;
	say(log, &log->out, M_TURN, UT_ARGS(number(log, log->turn)));
	ut_buf_puts(&log->out, "\n");
}

/* Start a new line (a new fact) in the current turn.  The first line of a
 * simultaneous step is preceded by a note saying so; so is the first line
 * of every single unit's step after one in the turn (（単独行動）), or it
 * would read as part of the step above it (the JSON log numbers every
 * step). */
static void begin_line(am_log *log)
{
	end_line(log);
	show_turn(log);
	if (log->step_pending) {
		log->step_pending = 0;
		if (log->step_sim || log->after_sim)
			ut_buf_printf(&log->out, "%s\n",
			              text(log, &msgs[log->step_sim ? M_STEP_SIM
			                                             : M_STEP_ONE]));
		log->after_sim |= log->step_sim;
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
		              text(log, &state_names[s]));
		if (st.states[s] > 1)
			say(log, &log->out, M_TIMES,
			    UT_ARGS(number(log, st.states[s])));
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
		k = am_engine_line(log->order, log->cap_order, e, s);
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
	say(log, &log->line, ev->tempo > 1 ? M_REFLECTED : M_ATTACK,
	    UT_ARGS(ut_arg_str(a), ut_arg_str(w), ut_arg_str(t)));
	if (ev->tempo <= 1 && log->pending_spent_actor == ev->actor &&
	    log->pending_spent_action == ev->action) {
		log->spent_name = w;
		log->pending_spent_actor = -1;
	}
}

/*
 * 1 when a support's effect on its own actor is told without a name
 * (⇒防御力３): a plain support reaches only its actor.  One with 全体化 or
 * 対象Ｎ names every unit it reaches, the actor too (⇒壁#2に状態「ガード」
 * 付与　⇒守護に状態「ガード」付与), or its own share would read as a
 * nameless repeat, and a 対象Ｎ that lands on the actor (BU-TARGET-1) as a
 * plain support.
 */
static int unnamed_self(const am_engine *e, const am_event *ev)
{
	am_unit_state st;
	const am_team *t;

	if (ev->target != ev->actor)
		return 0;
	if (ev->action < 0 || am_engine_unit(&st, e, (size_t)ev->actor) < 0)
		return 1;
	t = am_engine_team(e, st.side);
	if (!t || (size_t)ev->action >= t->nactions)
		return 1;
	return !t->actions[ev->action].all && t->actions[ev->action].target == 0;
}

/* Tell one event, in the order the engine reports them (AM-LOG-1: in a
 * simultaneous step, side A's facts before side B's); a built unit's place
 * is counted from 1 at the front (BU-PLACE-1). */
int am_text_event(am_log *log, const am_engine *e, const am_event *ev)
{
	const char *tname = who(log, e, ev->target, 1);
	int self = unnamed_self(e, ev);

	switch (ev->kind) {
	case AM_EV_TURN_BEGIN:
		end_line(log);
		log->turn = ev->turn;
		log->turn_shown = 0;
		log->step_pending = 0; /* the turn starts outside steps */
		log->after_sim = 0;
		break;
	case AM_EV_POISON:
		begin_line(log);
		say(log, &log->line, M_POISON,
		    UT_ARGS(ut_arg_str(tname), number(log, ev->value),
		            number(log, ev->after)));
		break;
	case AM_EV_STEP_BEGIN:
		end_line(log);
		log->step_pending = 1;
		log->step_sim = ev->value > 1;
		break;
	case AM_EV_STUNNED:
		begin_line(log);
		if (ev->after > 0)
			say(log, &log->line, M_STUNNED,
			    UT_ARGS(ut_arg_str(tname), number(log, ev->after)));
		else
			say(log, &log->line, M_STUN_GONE, UT_ARGS(ut_arg_str(tname)));
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
		say(log, &log->line, M_USES,
		    UT_ARGS(ut_arg_str(who(log, e, ev->actor, 0)),
		            ut_arg_str(t->actions[ev->action].name)));
		if (ev->spent)
			log->spent_name = t->actions[ev->action].name;
		break;
	}
	case AM_EV_STAT: {
		const char *stat = text(log, &stat_names[ev->stat]);
		if (self)
			say(log, &log->line, M_STAT_SELF,
			    UT_ARGS(ut_arg_str(stat), number(log, ev->after)));
		else
			say(log, &log->line, M_STAT_OTHER,
			    UT_ARGS(ut_arg_str(tname), ut_arg_str(stat),
			            number(log, ev->after)));
		break;
	}
	case AM_EV_HEAL:
		if (self)
			say(log, &log->line, M_HEAL_SELF,
			    UT_ARGS(number(log, ev->after)));
		else
			say(log, &log->line, M_HEAL_OTHER,
			    UT_ARGS(ut_arg_str(tname), number(log, ev->after)));
		break;
	case AM_EV_STATE_GAIN: {
		const char *state = text(log, &state_names[ev->state]);
		ut_buf times = UT_BUF_INIT; /* " x3" / "×３", or nothing */
		if (ev->value > 1)
			say(log, &times, M_TIMES, UT_ARGS(number(log, ev->value)));
		/* a state from an attack lands on the attacked unit */
		if (self || ev->state == AM_STATE_STUN ||
		    ev->state == AM_STATE_POISON)
			say(log, &log->line, M_GAIN_SELF,
			    UT_ARGS(ut_arg_str(state), ut_arg_str(times.ptr)));
		else
			say(log, &log->line, M_GAIN_OTHER,
			    UT_ARGS(ut_arg_str(tname), ut_arg_str(state),
			            ut_arg_str(times.ptr)));
		if (times.failed)
			log->line.failed = 1;
		ut_buf_free(&times);
		break;
	}
	case AM_EV_NO_TARGET:
		if (ev->target >= 0) { /* a support aimed at a dead ally */
			say(log, &log->line, M_DEAD_TARGET, UT_ARGS(ut_arg_str(tname)));
		} else {
			begin_line(log);
			say(log, &log->line, M_FIZZLE,
			    UT_ARGS(ut_arg_str(who(log, e, ev->actor, 0)),
			            ut_arg_str(am_log_action_name(e, ev->actor,
			                                          ev->action))));
		}
		break;
	case AM_EV_REFLECT:
		hit_line(log, e, ev);
		say(log, &log->line, M_REFLECT, UT_ARGS(ut_arg_str(tname)));
		break;
	case AM_EV_GUARD:
		log->guard_before = ev->value;
		log->guard_after = ev->after;
		break;
	case AM_EV_DAMAGE:
	case AM_EV_FAIL:
		hit_line(log, e, ev);
		if (log->guard_before != INT64_MIN) {
			say(log, &log->line, M_GUARD,
			    UT_ARGS(ut_arg_str(tname), number(log, log->guard_before),
			            number(log, log->guard_after)));
			log->guard_before = INT64_MIN;
		}
		if (ev->kind == AM_EV_FAIL)
			say(log, &log->line, M_FAIL, UT_ARGS(number(log, ev->value)));
		else
			say(log, &log->line, M_DAMAGE,
			    UT_ARGS(number(log, ev->value), number(log, ev->after)));
		break;
	case AM_EV_HITS: /* BU-ALL-3: count alike plain hits of 全体化 */
		begin_line(log);
		say(log, &log->line, M_HITS,
		    UT_ARGS(ut_arg_str(who(log, e, ev->actor, 0)),
		            number(log, ev->count),
		            ut_arg_str(am_log_action_name(e, ev->actor,
		                                          ev->action)),
		            ut_arg_str(tname), number(log, ev->count - 1)));
		if (log->pending_spent_actor == ev->actor &&
		    log->pending_spent_action == ev->action) {
			log->spent_name = am_log_action_name(e, ev->actor,
			                                     ev->action);
			log->pending_spent_actor = -1;
		}
		if (ev->value < 0)
			say(log, &log->line, M_FAIL_ALL,
			    UT_ARGS(number(log, ev->value)));
		else
			say(log, &log->line, M_DAMAGE_EACH,
			    UT_ARGS(number(log, ev->value), number(log, ev->after)));
		break;
	case AM_EV_LIFE:
		begin_line(log);
		if (ev->after > 0)
			say(log, &log->line, M_LIFE_LEFT,
			    UT_ARGS(ut_arg_str(tname), number(log, ev->after)));
		else
			say(log, &log->line, M_LIFE, UT_ARGS(ut_arg_str(tname)));
		break;
	case AM_EV_DEATH:
		begin_line(log);
		say(log, &log->line, M_DEATH, UT_ARGS(ut_arg_str(tname)));
		break;
	case AM_EV_TURN_END:
		statuses(log, e);
		break;
	case AM_EV_BUILD:
		say(log, &log->line, M_BUILT,
		    UT_ARGS(ut_arg_str(tname), number(log, ev->value + 1)));
		break;
	case AM_EV_END:
		break;
	}
	return log->line.failed || log->out.failed
	       ? ut_error_set(AM_ENOMEM, "out of memory") : 0;
}

/* 結果: the two sides' scores that decided it, each side named by its
 * entry unit (AM-RESULT-1, BU-RESULT-2: the living ＨＰ or the overkill,
 * the JSON log's "score"), then the winning side, a draw, or a draw and
 * the winner the seeded draw picked, with its seed (AM-RESULT-2), as the
 * last line; after an error, what stopped the battle, and the line of the
 * fact it stopped in (a ビルド past the population limit: 列が一を実行)
 * ends with ⇒ここで中断, for it has no outcome. */
int am_text_finish(am_log *log, const am_engine *e, const am_result *r,
                   int rc)
{
	if (rc < 0 && log->line.len > 0)
		say(log, &log->line, M_STOPPED_HERE, NULL, 0);
	end_line(log);
	if (rc < 0) {
		/* the engine's message is English: in the log's language */
		char why[512];
		ut_buf what = UT_BUF_INIT;
		am_render_stop(why, sizeof why, am_error_last(), log->lang);
		ut_msg_put(&what, &stopped, (ut_lang)log->lang,
		           UT_ARGS(ut_arg_str(why)));
		say(log, &log->out, M_ERROR, UT_ARGS(ut_arg_str(what.ptr)));
		ut_buf_puts(&log->out, "\n");
		if (what.failed)
			log->out.failed = 1;
		ut_buf_free(&what);
		if (log->out.failed)
			return ut_error_set(AM_ENOMEM, "out of memory");
		return 0;
	}
	ut_buf_printf(&log->out, "%s\n", text(log, &msgs[M_RESULT]));
	/* the sides by their entry units, ids 0 and 1 (AM-LOG-2) */
	say(log, &log->out, M_SCORES,
	    UT_ARGS(ut_arg_str(who(log, e, 0, 0)), number(log, r->score[0]),
	            ut_arg_str(who(log, e, 1, 1)), number(log, r->score[1])));
	ut_buf_puts(&log->out, "\n");
	if (r->tie_broken)
		say(log, &log->out, M_TIE,
		    UT_ARGS(ut_arg_uint(r->tie_seed),
		            ut_arg_str(who(log, e, r->winner, 0))));
	else if (r->winner >= 0)
		say(log, &log->out, M_WINS,
		    UT_ARGS(ut_arg_str(who(log, e, r->winner, 0))));
	else
		ut_buf_puts(&log->out, text(log, &msgs[M_DRAW]));
	ut_buf_puts(&log->out, "\n");
	/* who() reports a label it could not make in line.failed */
	return log->line.failed || log->out.failed
	       ? ut_error_set(AM_ENOMEM, "out of memory") : 0;
}
