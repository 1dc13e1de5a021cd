/*
 * test_overflow.c - 64-bit limits reachable through the public API.
 *
 * A sheet cannot reach these values (stats come from 10 bonus points), but
 * a team built by code can, and ビルディア storage and supports grow stats.
 * The engine either plays such a battle exactly or stops with AM_EOVERFLOW;
 * it never computes past int64 (run under the ASan/UBSan build too).
 *
 * The step count is kept within INT64_MAX: front ends print it as a signed
 * 64-bit number (render/json.c).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "amaryllis/engine.h"
#include "support/fixture.h"

/* Side with one unit without actions: ＨＰ 10, the given 素早さ. */
typedef struct idle_side {
	am_unit_def u;
	am_team t;
} idle_side;

static void idle_side_make(idle_side *s, const char *name, int64_t spd)
{
	memset(s, 0, sizeof(*s));
	s->u.name = name;
	s->u.hp = 10;
	s->u.spd = spd;
	s->t.nunits = 1;
	s->t.units = &s->u;
}

/*
 * The largest 素早さ whose battle still fits: S = ⌊INT64_MAX / 21⌋ =
 * 439208192231179800 against 素早さ 0.  Nobody can act, so each of turns
 * 0..20 is S empty steps (RULINGS A5): 21 × S = 9223372036854775800 ≤
 * INT64_MAX; nobody is hurt, a draw at 10 : 10.
 */
/* AM-ARITH-1 AM-STEP-3 */
static void test_largest_speed_that_fits(void **state)
{
	idle_side a, b;
	am_engine *e;
	am_result r;
	(void)state;

	idle_side_make(&a, "速", INT64_MAX / 21);
	idle_side_make(&b, "遅", 0);
	assert_int_equal(am_engine_new(&e), 0);
	assert_int_equal(am_battle_run(&r, e, &a.t, &b.t, NULL), 0);
	assert_int_equal(r.steps, 9223372036854775800ULL);
	assert_int_equal(r.turns, 20);
	assert_int_equal(r.winner, -1);
	assert_int_equal(r.score[0], 10);
	am_engine_free(e);
}

/*
 * One more: S = ⌊INT64_MAX / 21⌋ + 1 makes 21 × S = 9223372036854775821 >
 * INT64_MAX steps.  Turn 0 (S steps) fits, the jump over turns 1..20
 * (nobody can ever act: 20 × S more) does not: AM_EOVERFLOW.
 */
/* AM-ARITH-1 AM-STEP-3 */
static void test_step_count_overflows(void **state)
{
	idle_side a, b;
	am_engine *e;
	am_result r;
	(void)state;

	idle_side_make(&a, "速", INT64_MAX / 21 + 1);
	idle_side_make(&b, "遅", 0);
	assert_int_equal(am_engine_new(&e), 0);
	assert_int_equal(am_battle_run(&r, e, &a.t, &b.t, NULL), AM_EOVERFLOW);
	assert_string_equal(am_error_last(),
	                    "the number of steps overflows 64-bit integers");
	am_engine_free(e);
}

/*
 * 素早さ INT64_MAX and INT64_MAX − 1: two groups, so one empty action phase
 * alone is 2 × INT64_MAX − 1 steps (the sum used to overflow int64).
 * Equal 素早さ INT64_MAX on both sides: one group of INT64_MAX steps per
 * turn, and INT64_MAX × 20 for the rest of the battle (the product used to
 * overflow).  Both AM_EOVERFLOW.
 */
/* AM-ARITH-1 AM-STEP-3 */
static void test_huge_speeds(void **state)
{
	idle_side a, b;
	am_engine *e;
	am_result r;
	(void)state;

	assert_int_equal(am_engine_new(&e), 0);
	idle_side_make(&a, "甲", INT64_MAX);
	idle_side_make(&b, "乙", INT64_MAX - 1);
	assert_int_equal(am_battle_run(&r, e, &a.t, &b.t, NULL), AM_EOVERFLOW);
	idle_side_make(&b, "乙", INT64_MAX);
	assert_int_equal(am_battle_run(&r, e, &a.t, &b.t, NULL), AM_EOVERFLOW);
	assert_string_equal(am_error_last(),
	                    "the number of steps overflows 64-bit integers");
	am_engine_free(e);
}

/*
 * Steps played one by one after a shortcut brought the count near
 * INT64_MAX (embedding review 2026-12-06: the count went past it, 13.8 ×
 * 10^18 in the result, and a debug build stopped on an assertion).  A:
 * ＨＰ 15, 防御力 3, 素早さ S = ⌊INT64_MAX / 2⌋ = 2^62 − 1, no action; B:
 * ＨＰ 10, 防御力 1, 素早さ S, three slots of one ガード与え＜遅延起動２＞
 * ＜リミテッド＞.  Turns 0 and 1: nothing usable (遅延起動２), so each
 * is S empty steps, skipped (AM-STEP-3): 2S = INT64_MAX − 1.  Turn 2:
 * B's ガード is usable, so the turn is played step by step: its first
 * step is step INT64_MAX, its second would be past it: AM_EOVERFLOW,
 * r.steps = INT64_MAX, in turn 2.
 */
/* AM-ARITH-1 AM-STEP-3 */
static void test_steps_one_by_one_overflow(void **state)
{
	const am_action act[1] = {{.name = "g", .cls = AM_CLASS_GUARD,
	                           .delay = 2, .mult = 1, .target = 2,
	                           .limited = 1, .cost = 3, .build = -1}};
	const uint32_t sl[3] = {0, 0, 0};
	const am_unit_def ua[1] = {{.name = "A", .hp = 15, .def = 3,
	                            .spd = INT64_MAX / 2, .bonus = 10}};
	const am_unit_def ub[1] = {{.name = "B", .hp = 10, .def = 1,
	                            .spd = INT64_MAX / 2, .bonus = 10,
	                            .nslots = 3, .slots = sl}};
	const am_team a = {1, ua, 0, NULL}, b = {1, ub, 1, act};
	am_engine *e;
	am_result r;
	(void)state;

	assert_int_equal(am_team_check(&b), 0);
	assert_int_equal(am_engine_new(&e), 0);
	assert_int_equal(am_battle_run(&r, e, &a, &b, NULL), AM_EOVERFLOW);
	assert_string_equal(am_error_last(),
	                    "the number of steps overflows 64-bit integers");
	assert_int_equal(r.steps, (uint64_t)INT64_MAX);
	assert_int_equal(r.turns, 2);
	am_engine_free(e);
}

/*
 * 高速起動 素早さ＋１ on a unit of 素早さ INT64_MAX (its first step, turn 0):
 * the new 素早さ does not fit, AM_EOVERFLOW.
 */
/* AM-ARITH-1 */
static void test_stat_support_overflows(void **state)
{
	am_action up;
	uint32_t slot = 0;
	am_unit_def u, v;
	am_team a, b;
	am_engine *e;
	am_result r;
	(void)state;

	memset(&up, 0, sizeof(up));
	up.name = am_class_name(AM_CLASS_SPD_UP);
	up.cls = AM_CLASS_SPD_UP;
	up.n = 1;
	up.fast = 1;
	up.mult = 1;
	up.build = -1;
	memset(&u, 0, sizeof(u));
	u.name = "速";
	u.hp = 10;
	u.spd = INT64_MAX;
	u.nslots = 1;
	u.slots = &slot;
	memset(&v, 0, sizeof(v));
	v.name = "遅";
	v.hp = 10;
	a.nunits = 1;
	a.units = &u;
	a.nactions = 1;
	a.actions = &up;
	b.nunits = 1;
	b.units = &v;
	b.nactions = 0;
	b.actions = NULL;
	assert_int_equal(am_engine_new(&e), 0);
	assert_int_equal(am_battle_run(&r, e, &a, &b, NULL), AM_EOVERFLOW);
	assert_string_equal(am_error_last(),
	                    "a value in the battle overflows 64-bit integers");
	am_engine_free(e);
}

/*
 * The cost of an action with INT64_MAX スタン与え and one 毒与え: 2 to the
 * power INT64_MAX + 1 is far past int64 (the count of customisations used
 * to be summed in int64 first).
 */
/* AM-ARITH-1 AM-COST-1 */
static void test_cost_customisations_overflow(void **state)
{
	am_action a;
	int64_t cost = 0;
	(void)state;

	memset(&a, 0, sizeof(a));
	a.name = "重";
	a.cls = AM_CLASS_DIRECT;
	a.mult = 1;
	a.build = -1;
	a.stun = INT64_MAX;
	a.poison = 1;
	assert_int_equal(am_action_cost(&cost, &a, 0), AM_EOVERFLOW);
	assert_string_equal(am_error_last(),
	                    "the cost of action \"重\" overflows 64-bit integers");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		TF_TEST("AM-ARITH-1 AM-STEP-3", test_largest_speed_that_fits),
		TF_TEST("AM-ARITH-1 AM-STEP-3", test_step_count_overflows),
		TF_TEST("AM-ARITH-1 AM-STEP-3", test_huge_speeds),
		TF_TEST("AM-ARITH-1 AM-STEP-3", test_steps_one_by_one_overflow),
		TF_TEST("AM-ARITH-1", test_stat_support_overflows),
		TF_TEST("AM-ARITH-1 AM-COST-1", test_cost_customisations_overflow),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
