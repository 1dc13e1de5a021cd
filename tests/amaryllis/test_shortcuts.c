/*
 * test_shortcuts.c - the engine's shortcuts change nothing.
 *
 * am_battle_opts.shortcuts = 1 (the default) lets the engine skip work that
 * provably changes nothing: the rest of a group of empty steps (idle steps),
 * an action phase in which nobody can act (idle turn), the rest of a battle
 * in which nobody can ever act again (dormant fast-forward, counting whole
 * empty phases), the 毒 phase when nobody was ever poisoned.  With
 * shortcuts = 0 every step is played one by one: the reference.
 *
 * Property: over every ordered pair of a set of generated legal teams (core
 * units from bench/gen.h, and ビルディア teams with builders, 全体化,
 * 毒 and スタン built here through the public team API), the four runs
 * {shortcuts 1, 0} × {no callback, recording callback} give the same return
 * code and result, the two recorded event streams are equal event for
 * event, and every unit ends in the same state.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "amaryllis/engine.h"
#include "support/bteam.h"
#include "support/fixture.h"
#include "util/array.h"

#include "../../bench/gen.h"

/* ---- recording events ---------------------------------------------------- */

static void assert_events_equal(const tf_tape *a, const tf_tape *b)
{
	size_t i;

	assert_int_equal(a->n, b->n);
	for (i = 0; i < a->n; i++)
		tf_same_event(&a->ev[i], &b->ev[i]);
}

/* ---- the property -------------------------------------------------------- */

/*
 * Run a against b the four ways and compare.  Returns the number of steps
 * (for the test's own sanity checks).
 */
static uint64_t both_ways(am_engine *e[4], const am_team *a, const am_team *b,
                          tf_tape *t1, tf_tape *t0)
{
	am_battle_opts o[4] = {AM_BATTLE_OPTS_INIT, AM_BATTLE_OPTS_INIT,
	                       AM_BATTLE_OPTS_INIT, AM_BATTLE_OPTS_INIT};
	am_result r[4];
	int rc[4], k;

	/* 0: shortcuts, silent; 1: none, silent; 2: shortcuts, recorded;
	 * 3: none, recorded */
	o[1].shortcuts = o[3].shortcuts = 0;
	o[2].on_event = o[3].on_event = tf_tape_record;
	t1->n = t0->n = 0;
	o[2].event_ud = t1;
	o[3].event_ud = t0;
	tf_same_stop(e, a, b, o);
	for (k = 0; k < 4; k++)
		rc[k] = am_battle_run(&r[k], e[k], a, b, &o[k]);
	for (k = 1; k < 4; k++) {
		assert_int_equal(rc[k], rc[0]);
		tf_same_result(&r[k], &r[0]);
		tf_same_units(e[k], e[0], 0);
	}
	assert_events_equal(t1, t0);
	return r[0].steps;
}

#define NCORE 60
#define NBUILD 40

/*
 * Every ordered pair of NCORE core units and NBUILD ビルディア teams (a
 * ビルディア team also meets core units).  The sanity counts make sure the
 * set reaches the shortcuts at all: some battles end dormant long before
 * turn 20 would be played out, and some ビルディア battles grow past the
 * 16 units at which the engine switches to its queue.
 */
/* AM-STEP-3 */
static void test_shortcuts_change_nothing(void **state)
{
	static gen_unit core[NCORE];
	static bteam build[NBUILD];
	const am_team *teams[NCORE + NBUILD];
	am_engine *e[4];
	tf_tape t1 = {0}, t0 = {0};
	uint64_t seed = 20261130;
	int i, j, k, n = NCORE + NBUILD, big = 0, poisoned = 0, all = 0;
	(void)state;

	for (i = 0; i < NCORE; i++) {
		gen_unit_make(&core[i], &seed, i);
		teams[i] = &core[i].team;
	}
	for (i = 0; i < NBUILD; i++) {
		bteam_make(&build[i], &seed, i, 3);
		teams[NCORE + i] = &build[i].team;
	}
	for (k = 0; k < 4; k++)
		assert_int_equal(am_engine_new(&e[k]), 0);
	for (i = 0; i < n; i++)
		for (j = 0; j < n; j++) {
			size_t m;
			both_ways(e, teams[i], teams[j], &t1, &t0);
			big += am_engine_unit_count(e[0]) > 16;
			for (m = 0; m < t0.n; m++) {
				poisoned += t0.ev[m].kind == AM_EV_POISON;
				all += t0.ev[m].kind == AM_EV_BUILD;
			}
		}
	/* the generated set does reach populations past the scan limit, 毒
	 * and builds (counts from this seed) */
	assert_true(big > 0);
	assert_true(poisoned > 0);
	assert_true(all > 0);
	for (k = 0; k < 4; k++)
		am_engine_free(e[k]);
	free(t1.ev);
	free(t0.ev);
}

/*
 * A hand-made case that takes the idle-step, idle-turn and dormant
 * shortcuts.  "壁" has no action and 素早さ 3; "打" has one リミテッド
 * 直接攻撃 (active from turn 1, RULINGS A4) and 素早さ 2.  Every turn the
 * 素早さ-3 group takes 3 steps and the 素早さ-2 group 2 (RULINGS A5):
 * turn 0: 5 empty steps; turn 1: 壁 3 empty, 打 attacks (ＨＰ 50 → 46) then
 * 1 empty: 5 steps; turns 2..20 nobody can act: 19 × 5 = 95.  In all
 * 5 + 5 + 95 = 105 steps, however they are played.
 */
/* AM-STEP-3 */
static void test_shortcuts_hand_case(void **state)
{
	am_action hit;
	uint32_t slot = 0;
	am_unit_def wall, striker;
	am_team a, b;
	am_engine *e[4];
	tf_tape t1 = {0}, t0 = {0};
	int k;
	(void)state;

	memset(&hit, 0, sizeof(hit));
	hit.name = am_class_name(AM_CLASS_DIRECT);
	hit.cls = AM_CLASS_DIRECT;
	hit.mult = 1;
	hit.build = -1;
	hit.limited = 1;
	memset(&wall, 0, sizeof(wall));
	wall.name = "壁";
	wall.hp = 50;
	wall.spd = 3;
	memset(&striker, 0, sizeof(striker));
	striker.name = "打";
	striker.hp = 50;
	striker.atk = 4;
	striker.spd = 2;
	striker.nslots = 1;
	striker.slots = &slot;
	a.nunits = 1;
	a.units = &wall;
	a.nactions = 0;
	a.actions = NULL;
	b.nunits = 1;
	b.units = &striker;
	b.nactions = 1;
	b.actions = &hit;
	for (k = 0; k < 4; k++)
		assert_int_equal(am_engine_new(&e[k]), 0);
	assert_int_equal(both_ways(e, &a, &b, &t1, &t0), 105);
	for (k = 0; k < 4; k++)
		am_engine_free(e[k]);
	free(t1.ev);
	free(t0.ev);
}

/*
 * スタン left over a dormant stretch.  "壁" (ＨＰ 100, 素早さ 1) has no action;
 * "打" (攻撃力 1, 素早さ 2) has one リミテッド 直接攻撃 with 30 スタン与え.
 * Turn 0: nothing is active: 打 2 + 壁 1 empty steps.  Turn 1: 打 hits
 * (ＨＰ 99, スタン 30), then 1 empty step; 壁's step is スタン processing
 * (29).  Turns 2..20 nobody can act (dormant): 壁 spends 1 step a turn on
 * スタン, 19 in all, leaving 10; 3 steps a turn.  Steps: 3 + 3 + 19 × 3 = 63.
 */
/* AM-STEP-3 AM-STATE-2 */
static void test_stun_left_at_the_end(void **state)
{
	am_action hit;
	uint32_t slot = 0;
	am_unit_def wall, striker;
	am_team a, b;
	am_engine *e[4];
	am_unit_state st;
	tf_tape t1 = {0}, t0 = {0};
	int k;
	(void)state;

	memset(&hit, 0, sizeof(hit));
	hit.name = am_class_name(AM_CLASS_DIRECT);
	hit.cls = AM_CLASS_DIRECT;
	hit.mult = 1;
	hit.build = -1;
	hit.limited = 1;
	hit.stun = 30;
	memset(&wall, 0, sizeof(wall));
	wall.name = "壁";
	wall.hp = 100;
	wall.spd = 1;
	memset(&striker, 0, sizeof(striker));
	striker.name = "打";
	striker.hp = 50;
	striker.atk = 1;
	striker.spd = 2;
	striker.nslots = 1;
	striker.slots = &slot;
	a.nunits = 1;
	a.units = &wall;
	a.nactions = 0;
	a.actions = NULL;
	b.nunits = 1;
	b.units = &striker;
	b.nactions = 1;
	b.actions = &hit;
	for (k = 0; k < 4; k++)
		assert_int_equal(am_engine_new(&e[k]), 0);
	assert_int_equal(both_ways(e, &a, &b, &t1, &t0), 63);
	assert_int_equal(am_engine_unit(&st, e[0], 0), 0);
	assert_int_equal(st.hp, 99);
	assert_int_equal(st.states[AM_STATE_STUN], 10);
	/* BU-POP-3: each actor of a step that is not empty counts 1.  Turn
	 * 1: 打's attack (1) and 壁's first スタン step (1); turns 2..20: one
	 * スタン step of 壁 each (19), which the dormant jump counts at once:
	 * 壁 alone at 素早さ 1 with 29 スタン left, min(29, 1 × 19).  21,
	 * however it is played (both_ways compares the four ways, and their
	 * stops with a bound of 20) */
	assert_true(am_engine_work(e[0]) == 21);
	for (k = 0; k < 4; k++)
		am_engine_free(e[k]);
	free(t1.ev);
	free(t0.ev);
}

/*
 * A unit that dies with AP left keeps it (nothing gives a dead unit AP or
 * takes it away), also when a later action phase is skipped as idle.
 * Side 0: "母" (素早さ 1) has a 高速起動 リミテッド ビルド of "子" (ＨＰ 1, 素早さ 5,
 * no action) at 配置＋1, then a リミテッド 遅延起動10 ガード与え.  Side 1: "砲"
 * (素早さ 9) has a リミテッド 直接攻撃 (攻撃力 5).  Turn 0: 砲 has nothing
 * active yet (9 empty steps); 母 builds 子 in front of itself; 子, born with
 * AP 5 (RULINGS B2), takes 5 empty steps.  Turn 1 (AP: 砲 9, 子 5, 母 1):
 * 砲 acts first and hits the front-most living enemy, 子: ＨＰ 1 − 5 = −4,
 * dead with AP 5 left.  Turns 2..9: nobody has an active action, but 母's
 * ガード与え is still to come (the action phases are idle, not the battle);
 * turn 10: 母 gains one ガード.  So 子 ends dead, AP 5, both ways.
 */
/* AM-STEP-3 */
static void test_dead_unit_keeps_ap(void **state)
{
	am_action act[3];
	uint32_t slot0 = 0, mslots[2] = {0, 2};
	am_unit_def mother[2], gun;
	am_team a, b;
	am_engine *e[4];
	am_unit_state st;
	tf_tape t1 = {0}, t0 = {0};
	int k;
	(void)state;

	memset(act, 0, sizeof(act));
	act[0].name = am_class_name(AM_CLASS_BUILD);
	act[0].cls = AM_CLASS_BUILD;
	act[0].mult = 1;
	act[0].build = 1;
	act[0].place = 1;
	act[0].fast = 1;
	act[0].limited = 1;
	act[1].name = am_class_name(AM_CLASS_DIRECT);
	act[1].cls = AM_CLASS_DIRECT;
	act[1].mult = 1;
	act[1].build = -1;
	act[1].limited = 1;
	act[2].name = am_class_name(AM_CLASS_GUARD);
	act[2].cls = AM_CLASS_GUARD;
	act[2].mult = 1;
	act[2].build = -1;
	act[2].delay = 10;
	act[2].limited = 1;
	memset(mother, 0, sizeof(mother));
	mother[0].name = "母";
	mother[0].hp = 20;
	mother[0].spd = 1;
	mother[0].nslots = 2;
	mother[0].slots = mslots;
	mother[1].name = "子";
	mother[1].hp = 1;
	mother[1].spd = 5;
	memset(&gun, 0, sizeof(gun));
	gun.name = "砲";
	gun.hp = 20;
	gun.atk = 5;
	gun.spd = 9;
	gun.nslots = 1;
	gun.slots = &slot0;
	a.nunits = 2;
	a.units = mother;
	a.nactions = 3;
	a.actions = act;
	b.nunits = 1;
	b.units = &gun;
	b.nactions = 1;
	b.actions = &act[1];
	for (k = 0; k < 4; k++)
		assert_int_equal(am_engine_new(&e[k]), 0);
	assert_int_equal(am_team_check(&a), 0);
	assert_int_equal(am_team_check(&b), 0);
	both_ways(e, &a, &b, &t1, &t0);
	assert_int_equal(am_engine_unit_count(e[0]), 3);
	assert_int_equal(am_engine_unit(&st, e[0], 2), 0); /* 子 */
	assert_string_equal(st.name, "子");
	assert_int_equal(st.alive, 0);
	assert_int_equal(st.died_turn, 1);
	assert_int_equal(st.ap, 5);
	assert_int_equal(am_engine_unit(&st, e[0], 0), 0); /* 母 */
	assert_int_equal(st.states[AM_STATE_GUARD], 1);
	for (k = 0; k < 4; k++)
		am_engine_free(e[k]);
	free(t1.ev);
	free(t0.ev);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		TF_TEST("AM-STEP-3", test_shortcuts_hand_case),
		TF_TEST("AM-STEP-3", test_dead_unit_keeps_ap),
		TF_TEST("AM-STEP-3 AM-STATE-2", test_stun_left_at_the_end),
		TF_TEST("AM-STEP-3", test_shortcuts_change_nothing),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
