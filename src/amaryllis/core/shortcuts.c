/*
 * shortcuts.c - AM-STEP-3: work the engine may skip because it provably
 * changes nothing: the rest of an empty step group (idle steps), an action
 * phase in which nobody can act (idle turn), the rest of a battle in which
 * nobody can ever act again (dormant).  Results and events are those of
 * playing every step; am_battle_opts.shortcuts = 0 turns them all off (and
 * the 毒 phase's skip when nobody was ever poisoned, in schedule.c), so
 * that tests/amaryllis/test_shortcuts.c can compare both ways.  The step count stays
 * within INT64_MAX (AM-ARITH-1).
 */
#include "engine_int.h"

/* AM-ARITH-1: a shortcut (AM-STEP-3) would take the step count past
 * INT64_MAX. */
int am_shortcuts_steps_overflow(void)
{
	return ut_error_set(AM_EOVERFLOW,
	                    "the number of steps overflows 64-bit integers");
}

/* AM-STEP-3, idle steps with a callback: the STEP_BEGIN event of each of
 * the group's remaining steps, with the number of units still acting in it
 * (those with AP ≥ k in the k-th); see am_shortcuts_idle_steps. */
int am_shortcuts_tell_idle_steps(am_engine *e, size_t n, int64_t most)
{
	int64_t k;
	size_t i;

	for (k = 1; k <= most; k++) {
		int64_t acting = 0;
		for (i = 0; i < n; i++)
			acting += e->units[e->dec[i].actor].ap >= k;
		TRY(am_step_next(e));
		EMIT(AM_EV_STEP_BEGIN, -1, -1, -1, acting, 0);
	}
	return 0;
}

/*
 * AM-STEP-3, the dormant battle.
 * When no living unit can ever execute an action again and none is
 * poisoned, the rest of the battle changes nothing but スタン counts and the
 * step count: every turn each unit spends 素早さ steps, one スタン each.  Jump
 * to the end of turn 20.  Only without an event callback (a log wants every
 * turn told).
 */
int am_shortcuts_dormant(const am_engine *e)
{
	size_t i;

	for (i = 0; i < e->nunits; i++) {
		const unit *u = &e->units[i];
		if (u->alive && (u->live || u->st[AM_STATE_POISON]))
			return 0;
	}
	return 1;
}

/* Unit i leads its group: it is living with 素早さ ≥ 1, and no living
 * unit before it has that 素早さ (the units of one 素早さ step together).
 * Quadratic over the units: for the populations SCAN_UNITS allows. */
static int group_first(const am_engine *e, size_t i)
{
	const unit *u = &e->units[i];
	size_t j;

	if (!u->alive || u->spd < 1)
		return 0;
	for (j = 0; j < i; j++)
		if (e->units[j].alive && e->units[j].spd == u->spd)
			return 0;
	return 1;
}

/*
 * AM-STEP-3.
 * The number of steps of an action phase in which nobody can do anything
 * but スタン processing: the units of each 素早さ share their steps (they are
 * simultaneous), so a group of 素早さ v takes v steps.  Only for small
 * populations (quadratic); returns 1 otherwise.  AM_EOVERFLOW past
 * INT64_MAX steps.
 */
int am_shortcuts_empty_phase_steps(const am_engine *e, int64_t *out)
{
	int64_t steps = 0;
	size_t i;

	if (e->nunits > SCAN_UNITS)
		return 1;
	for (i = 0; i < e->nunits; i++)
		if (group_first(e, i) &&
		    ut_ckd_add(&steps, steps, e->units[i].spd))
			return am_shortcuts_steps_overflow();
	*out = steps;
	return 0;
}

/*
 * BU-POP-3: the work of the steps a dormant battle's jump skips (turns
 * e->turn..20), counted as the steps would count it, when it fits in the
 * work left: then 1; 0 when it does not (the caller plays the turns, which
 * stop at the step that passes the bound, as without the jump).  In a
 * dormant battle a step holds スタン processing only: a group of equal
 * 素早さ v ≥ 1 (all its members step together, v steps a turn) counts its
 * size in each step in which one of them is still stunned, min(v, the
 * most スタン left) a turn; over T turns, min(the most スタン, v·T).
 * Only for the populations empty_phase_steps scans (quadratic).
 */
int am_shortcuts_dormant_work(am_engine *e)
{
	const int64_t turns = AM_LAST_TURN - e->turn + 1;
	uint64_t total = 0;
	size_t i, j;

	for (i = 0; i < e->nunits; i++) {
		const unit *u = &e->units[i];
		int64_t most = 0, span;
		uint64_t size = 0, w;
		if (!group_first(e, i))
			continue;
		for (j = i; j < e->nunits; j++) {
			const unit *g = &e->units[j];
			if (!g->alive || g->spd != u->spd)
				continue;
			size++;
			if (g->st[AM_STATE_STUN] > most)
				most = g->st[AM_STATE_STUN];
		}
		if (!ut_ckd_mul(&span, u->spd, turns) && span < most)
			most = span;
		if (__builtin_mul_overflow(size, (uint64_t)most, &w) ||
		    __builtin_add_overflow(total, w, &total))
			return 0;
	}
	if (total > (uint64_t)e->work_left)
		return 0;
	return am_work(e, total) < 0 ? -1 : 1;
}

/*
 * AM-STEP-3.
 * Jump over turns e->turn..20 of a dormant battle: per_turn steps a turn;
 * each living unit spends 素早さ × turns steps, one スタン each, and ends with
 * no AP.  AM_EOVERFLOW past INT64_MAX steps (before changing anything).
 */
int am_shortcuts_fast_forward(am_engine *e, int64_t per_turn)
{
	int64_t turns = AM_LAST_TURN - e->turn + 1, steps, spent;
	size_t i;

	if (ut_ckd_mul(&steps, per_turn, turns))
		return am_shortcuts_steps_overflow();
	TRY(am_shortcuts_add_steps(e, steps));
	for (i = 0; i < e->nunits; i++) {
		unit *u = &e->units[i];
		if (!u->alive)
			continue;
		/* past int64, 素早さ × turns exceeds any スタン count */
		if (ut_ckd_mul(&spent, u->spd, turns) ||
		    u->st[AM_STATE_STUN] <= spent)
			u->st[AM_STATE_STUN] = 0;
		else
			u->st[AM_STATE_STUN] -= spent;
		u->ap = 0;
	}
	e->turn = AM_LAST_TURN + 1;
	return 0;
}

/*
 * AM-STEP-3, the idle turn.
 * After the AP phase, when (`busy` false) no living unit has a usable
 * action this turn and none is stunned: every step of the phase is empty.
 * Count them and skip the phase (only without a callback: a log tells each
 * step).  The conditions are checked inline (am_shortcuts_idle_turn in
 * engine_int.h); this counts and skips.  1, or AM_EOVERFLOW.
 */
int am_shortcuts_skip_turn(am_engine *e)
{
	int64_t steps;
	size_t i;

	TRY(am_shortcuts_empty_phase_steps(e, &steps));
	TRY(am_shortcuts_add_steps(e, steps));
	for (i = 0; i < e->nunits; i++) /* a dead unit keeps its AP */
		if (e->units[i].alive)
			e->units[i].ap = 0;
	return 1;
}
