/*
 * step.c - what the actors of a step do (RULINGS A5, A7, B2, B3): deciding
 * the action (AM-STEP-2), supports and their targets (AM-SUP-1,
 * BU-TARGET-1, BU-ALL-1), builds (BU-PLACE-1).  am_step_decide and
 * am_step_support (the choice of targets) are inline in engine_int.h
 * because nearly every step runs them; schedule.c runs the step itself.
 */
#include "engine_int.h"

/* Stat `stat` of target += n from actor's support (AM-SUP-1: AM-CLASS-4,
 * AM-CLASS-5, AM-CLASS-6); a raised 素早さ counts at once for who acts
 * next, but adds no AP (AM-AP-1).  AM_EOVERFLOW (AM-ARITH-1). */
AM_HOT_INLINE int add_stat(am_engine *e, uint32_t actor, uint32_t action,
                    uint32_t target, am_stat stat, int64_t n)
{
	unit *t = &e->units[target];
	int64_t *v = stat == AM_STAT_ATK ? &t->atk
	           : stat == AM_STAT_DEF ? &t->def : &t->spd;

	if (ut_ckd_add(v, *v, n))
		return am_engine_overflow();
	if (stat == AM_STAT_SPD) /* it may now act sooner (RULINGS A5) */
		TRY(am_schedule_enqueue(e, target));
	if (e->cb) {
		am_event ev = {0};
		ev.kind = AM_EV_STAT;
		ev.actor = (int32_t)actor;
		ev.action = (int32_t)action;
		ev.target = (int32_t)target;
		ev.stat = stat;
		ev.value = n;
		ev.after = *v;
		TRY(am_engine_emit_ex(e, &ev));
	}
	return 0;
}

/* Apply support action a of actor to target (a living unit: AM-SUP-1), by
 * class: AM-CLASS-4 攻撃力＋Ｎ, AM-CLASS-5 防御力＋Ｎ, AM-CLASS-6 素早さ＋Ｎ,
 * AM-CLASS-7 ガード与え, AM-CLASS-8 反射与え, AM-CLASS-9 ライフ与え,
 * AM-CLASS-10 ＨＰ回復 (ＨＰ := initial ＨＰ; the unit's death check comes
 * after all the step's supports, in step() of schedule.c).  See
 * engine_int.h. */
int am_step_support_on(am_engine *e, uint32_t actor, const slot *sl,
                      uint32_t target)
{
	unit *t = &e->units[target];

	UT_ASSERT(t->alive); /* a living unit, see engine_int.h */
	switch (sl->cls) { /* sl's copies of a's fields (program.h) */
	case AM_CLASS_ATK_UP:
		return add_stat(e, actor, sl->index, target, AM_STAT_ATK, sl->n);
	case AM_CLASS_DEF_UP:
		return add_stat(e, actor, sl->index, target, AM_STAT_DEF, sl->n);
	case AM_CLASS_SPD_UP:
		return add_stat(e, actor, sl->index, target, AM_STAT_SPD, sl->n);
	case AM_CLASS_GUARD:
		return am_step_add_state(e, actor, sl->index, target,
		                         AM_STATE_GUARD, 1);
	case AM_CLASS_REFLECT:
		return am_step_add_state(e, actor, sl->index, target,
		                         AM_STATE_REFLECT, 1);
	case AM_CLASS_LIFE:
		return am_step_add_state(e, actor, sl->index, target,
		                         AM_STATE_LIFE, 1);
	case AM_CLASS_HEAL:
		t->hp = t->hp0;
		TRY(UT_ARRAY_RESERVE(e->touched, e->captouched, e->ntouched + 1));
		e->touched[e->ntouched++] = target;
		EMIT(AM_EV_HEAL, actor, sl->index, target, 0, t->hp);
		return 0;
	default:
		return 0;
	}
}

/*
 * ビルド (BU-PLACE-1; RULINGS B2): a new unit from the stored definition
 * joins the builder's line relative to the builder's position now: 配置Ｎ > 0
 * puts it Ｎ places in front (+1 directly in front), Ｎ < 0 behind (−1
 * directly behind), clamped to the ends.  It may act in this action phase
 * (BU-BUILD-2).  A unit built with ＨＰ ≤ 0 after turn 0 dies at once
 * (BU-BUILD-4; A10).
 */
int am_step_build(am_engine *e, uint32_t builder, const slot *sl)
{
	const am_action *a = sl->act;
	int s = e->units[builder].side;
	int64_t pos = am_roster_position(e, builder);
	int64_t size = am_roster_line_size(e, s), at;
	uint32_t id;

	UT_ASSERT(sl->kind == AM_KIND_BUILD && a->build >= 0);
	if (a->place > 0)
		at = a->place > pos ? 0 : pos - a->place + 1;
	else
		at = a->place < pos - size ? size : pos - a->place;
	UT_ASSERT(at >= 0 && at <= size); /* clamped to the ends */
	TRY(am_roster_spawn(e, s, (uint32_t)a->build, (uint32_t)at, &id));
	EMIT(AM_EV_BUILD, builder, sl->index, id, at, 0);
	TRY(am_roster_death_check(e, id));
	return am_schedule_enqueue(e, id);
}

/* Emit the ACTION event of decision d (slot sl). */
int am_step_emit_action(am_engine *e, uint32_t actor, const slot *sl)
{
	am_event ev = {0};

	UT_ASSERT(e->cb);
	ev.kind = AM_EV_ACTION;
	ev.actor = (int32_t)actor;
	ev.action = (int32_t)sl->index;
	ev.target = -1;
	ev.spent = sl->limited;
	return am_engine_emit_ex(e, &ev);
}
