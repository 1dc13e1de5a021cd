/*
 * test_buildia.c - an independent suite of hand-derived battle scenarios for
 * the extension アマリリス・ビルディア (ビルド, parties in a line, 対象Ｎ,
 * 配置Ｎ, 全体化, the overkill sum, the population limit).
 *
 * Sources: the rule texts (RPG013 アマリリス, RPG014 アマリリス・ビルディア)
 * and the project's rulings, sections A and B ("RULINGS B2" below), as
 * docs/AMARYLLIS.md states them; each test names the rule IDs it checks, above
 * it and in its cmocka name.  The implementation under test was NOT read
 * while writing these tests: every expected figure is derived by hand in the
 * comment above its test.
 *
 * Notation.  Entry unit:  名前 ＨＰ/攻撃力/防御力/素早さ 愛L 技術T [actions]
 * with 技術 = 10 − 愛 − (ＨＰ÷5 + 攻撃力 + 防御力 + 素早さ).  ビルディア:
 * ○名前(B) ＨＰ/攻撃力/防御力/素早さ 技術T [actions] with 技術 = B − (…).
 * The build cost base of a unit is its stored bonus (B, or 10 − 愛 for the
 * entry unit).  The fixture helpers (tests/support) compute every cost with
 * am_action_cost and assert that each unit's set actions cost ≤ its 技術,
 * that a storage holds ≤ 愛 ビルディア and that every ビルディア is reachable
 * by ビルド.
 *
 * "T3" = turn 3.  A line is written front first: [X, Y, Z] means X is the
 * front-most unit.  "sim" = a simultaneous step.  A unit with AP but nothing
 * usable still takes (empty) steps; these are counted in am_result.steps.
 * A built unit counts its build turn as its turn 0: default actions from the
 * next turn, 高速起動 at once, 遅延起動Ｎ Ｎ turns later (RULINGS B2).
 * 的 (the usual opponent) is 50/0/0/0 with no actions: 素早さ 0, never acts.
 *
 * Units are identified per side by creation order (local index k: 0 = the
 * entry unit, then units in the order they were built), so that a mirrored
 * battle (sides swapped) can be compared unit by unit even when both sides
 * build in the same step.
 */
#include <string.h>

#include "amaryllis/engine.h"
#include "support/fixture.h"

/* 的 50/0/0/0 愛0 技術0 []: never acts. */
static void target50(tf_team *f)
{
	TEAM(f, UNIT(.name = "的", .hp = 50, .atk = 0, .def = 0, .spd = 0));
}

/* ---- what happened ----------------------------------------------------- */

/* Outcome: winner (-1 draw), last turn, score[], steps. */
static void expect_result(const tf_outcome *o, int winner, int turns,
                          int64_t score0, int64_t score1, uint64_t steps)
{
	assert_int_equal(o->r.winner, winner);
	assert_int_equal(o->r.draw, winner < 0);
	assert_int_equal(o->r.tie_broken, 0);
	assert_int_equal(o->r.turns, turns);
	assert_int_equal(o->r.score[0], score0);
	assert_int_equal(o->r.score[1], score1);
	assert_int_equal(o->r.steps, steps);
}

/* Unit k of `side` (creation order): its definition, ＨＰ and life. */
static void expect_unit(const tf_outcome *o, int side, size_t k, uint32_t def,
                        int64_t hp, int alive)
{
	const tf_unit *u = tf_U(o, side, k);
	assert_int_equal(u->side, side);
	assert_int_equal(u->index, def);
	assert_int_equal(u->hp, hp);
	assert_int_equal(u->alive, alive);
	if (alive)
		assert_int_equal(u->died_turn, -1);
	else
		assert_true(u->died_turn >= 1);
}

static void expect_count(const tf_outcome *o, int side, size_t n)
{
	assert_int_equal(o->nside[side], n);
}

/* The line of `side`, front first, as local indices; positions agree and
 * every unit not in the line is gone (position -1) and dead. */
static void expect_line(const tf_outcome *o, int side, size_t n,
                        const int *loc)
{
	size_t k, j;
	assert_int_equal(o->nline[side], n);
	for (k = 0; k < n; k++) {
		assert_int_equal(tf_local(o, side, o->line[side][k]), loc[k]);
		assert_int_equal(o->u[o->line[side][k]].position, (int)k);
	}
	for (k = 0; k < o->nside[side]; k++) {
		int in = 0;
		for (j = 0; j < n; j++)
			if (loc[j] == (int)k)
				in = 1;
		if (!in) {
			assert_int_equal(tf_U(o, side, k)->position, -1);
			assert_int_equal(tf_U(o, side, k)->alive, 0);
		}
	}
}

/* ＨＰ of unit k of `side` when turn t ended. */
static void expect_hp_at(const tf_outcome *o, int t, int side, size_t k,
                         int64_t hp)
{
	assert_true(o->log.seen_end[t]);
	assert_int_equal(o->log.hp_end[t][o->sid[side][k]], hp);
}

/* The AM_EV_BUILD event that created global id `id`: its turn and value. */
static void expect_build_ev(const tf_outcome *o, uint32_t id, int32_t actor,
                            int turn, int64_t in_front)
{
	size_t i;
	int found = 0;
	for (i = 0; i < o->log.nev; i++) {
		const am_event *e = &o->log.ev[i];
		if (e->kind != AM_EV_BUILD || e->target != (int32_t)id)
			continue;
		found++;
		assert_int_equal(e->actor, actor);
		assert_int_equal(e->turn, turn);
		assert_int_equal(e->value, in_front);
	}
	assert_int_equal(found, 1);
}

/* ======================================================================== */
/* 1. Placement (配置Ｎ)                                                     */
/* ======================================================================== */

/*
 * Insertion rule (B2): builder at index p (0 = front) in a line of L units;
 * 配置+Ｎ puts the new unit at index max(0, p − Ｎ + 1) (+1: directly in
 * front), 配置−Ｎ at index min(L, p + Ｎ) (−1: directly behind).
 *
 * ○兵(1) 5/0/0/0 技術0 [].
 * D 5/0/0/1 愛1 技術7 [b+1, b+1, b+1, b+2, b−1, b−1]; each
 *   ビルド(兵)＜リミテッド＞＜配置Ｎ＞ costs ⌈1/2⌉ = 1: total 6 ≤ 7.
 * D has AP 1 and executes its first unspent build each turn from T1
 * (T0: nothing usable, one empty step).  Unit ids: D 0, 的 1, then built
 * units 2, 3, … (local 1, 2, …).
 *   T1 (+1) A:  [A, D]               A has 0 units in front
 *   T2 (+1) B:  [A, B, D]            1
 *   T3 (+1) C:  [A, B, C, D]         2
 *   T4 (+2) E:  D at 3 → index 2:  [A, B, E, C, D]   (the rules' example) 2
 *   T5 (−1) G:  D at 4 → index 5:  [A, B, E, C, D, G]                     5
 *   T6 (−1) G2: D at 4 → index 5:  [A, B, E, C, D, G2, G]                 5
 * 兵 have 素早さ 0: no steps.  One step per turn (D's), 21 steps.
 * After T20: side 0 7 × 5 = 35, 的 50 → side 1 wins.
 */
/* BU-PLACE-1 BU-CUST-1 */
static void test_place_example(void **state)
{
	static tf_outcome o;
	tf_team a, b;
	const tf_act p1 = ACT(.name = "b+1", .cls = AM_CLASS_BUILD,
	                      .build = "兵", .place = 1, .limited = 1);
	const tf_act p2 = ACT(.name = "b+2", .cls = AM_CLASS_BUILD,
	                      .build = "兵", .place = 2, .limited = 1);
	const tf_act m1 = ACT(.name = "b-1", .cls = AM_CLASS_BUILD,
	                      .build = "兵", .place = -1, .limited = 1);
	(void)state;

	TEAM(&a, UNIT(.name = "D", .love = 1,
	              .hp = 5, .atk = 0, .def = 0, .spd = 1,
	              .actions = {p1, p1, p1, p2, m1, m1}),
	         UNIT(.name = "兵", .bonus = 1,
	              .hp = 5, .atk = 0, .def = 0, .spd = 0));
	assert_int_equal(tf_action(&a, p1.name)->cost, 1);
	target50(&b);

	tf_run_both(&o, &a, &b);
	expect_result(&o, 1, 20, 35, 50, 21);
	expect_count(&o, 0, 7);
	expect_line(&o, 0, 7, (int[]){1, 2, 4, 3, 0, 6, 5});
	expect_build_ev(&o, tf_gid(&o, 0, 1), 0, 1, 0);
	expect_build_ev(&o, tf_gid(&o, 0, 2), 0, 2, 1);
	expect_build_ev(&o, tf_gid(&o, 0, 3), 0, 3, 2);
	expect_build_ev(&o, tf_gid(&o, 0, 4), 0, 4, 2);
	expect_build_ev(&o, tf_gid(&o, 0, 5), 0, 5, 5);
	expect_build_ev(&o, tf_gid(&o, 0, 6), 0, 6, 5);
	expect_unit(&o, 0, 0, 0, 5, 1);
	expect_unit(&o, 0, 6, 1, 5, 1);
	expect_unit(&o, 1, 0, 0, 50, 1);
	assert_int_equal(o.n, 8);
}

/*
 * Clamping at both ends, and exact ends.
 * D 5/0/0/1 愛1 技術7 [+1000, −1000, +1, −1, +4, −4, −2], each a
 * ビルド(兵)＜リミテッド＞ (cost 1): total 7 ≤ 7.  One build per turn T1..T7.
 *   T1 +1000: index 0 − 999 → 0:       [P1, D]                      in front 0
 *   T2 −1000: D at 1 → 1001 > 2 → 2:   [P1, D, P2]                          2
 *   T3 +1:    D at 1 → 1:              [P1, P3, D, P2]                      1
 *   T4 −1:    D at 2 → 3:              [P1, P3, D, P4, P2]                  3
 *   T5 +4:    D at 2 → −1 → 0:         [P5, P1, P3, D, P4, P2]              0
 *   T6 −4:    D at 3 → 7 > 6 → 6:      [P5, P1, P3, D, P4, P2, P6]          6
 *   T7 −2:    D at 3 → 5:              [P5, P1, P3, D, P4, P7, P2, P6]      5
 * 21 steps; after T20: 8 × 5 = 40 < 50 → side 1 wins.
 */
/* BU-PLACE-1 */
static void test_place_clamp(void **state)
{
	static tf_outcome o;
	tf_team a, b;
	tf_act x[7];
	const int64_t place[7] = {1000, -1000, 1, -1, 4, -4, -2};
	const char *const name[7] = {"b+1000", "b-1000", "b+1", "b-1",
	                             "b+4", "b-4", "b-2"};
	size_t i;
	(void)state;

	for (i = 0; i < 7; i++)
		x[i] = ACT(.name = name[i], .cls = AM_CLASS_BUILD, .build = "兵",
		           .place = place[i], .limited = 1);
	TEAM(&a, UNIT(.name = "D", .love = 1,
	              .hp = 5, .atk = 0, .def = 0, .spd = 1,
	              .actions = {x[0], x[1], x[2], x[3], x[4], x[5], x[6]}),
	         UNIT(.name = "兵", .bonus = 1,
	              .hp = 5, .atk = 0, .def = 0, .spd = 0));
	target50(&b);

	tf_run_both(&o, &a, &b);
	expect_result(&o, 1, 20, 40, 50, 21);
	expect_count(&o, 0, 8);
	expect_line(&o, 0, 8, (int[]){5, 1, 3, 0, 4, 7, 2, 6});
	expect_build_ev(&o, tf_gid(&o, 0, 1), 0, 1, 0);
	expect_build_ev(&o, tf_gid(&o, 0, 2), 0, 2, 2);
	expect_build_ev(&o, tf_gid(&o, 0, 3), 0, 3, 1);
	expect_build_ev(&o, tf_gid(&o, 0, 4), 0, 4, 3);
	expect_build_ev(&o, tf_gid(&o, 0, 5), 0, 5, 0);
	expect_build_ev(&o, tf_gid(&o, 0, 6), 0, 6, 6);
	expect_build_ev(&o, tf_gid(&o, 0, 7), 0, 7, 5);
}

/* ======================================================================== */
/* 2. Built units: AP, activation turns, turn 0, ＨＰ 0                      */
/* ======================================================================== */

/*
 * AP = 素早さ at creation; 高速起動 at once; default from the next turn;
 * 遅延起動3 three turns after the build.
 * 王 5/0/0/1 愛3 技術5 [召速, 召普, 召遅], each ビルド＜リミテッド＞＜遅延起動2＞
 *   ＜配置1＞: 召速 ⌈5/4⌉ = 2, 召普 ⌈4/4⌉ = 1, 召遅 1 → 4 ≤ 5.
 * ○速(5) 5/1/0/1 技術2 [直接攻撃＜高速起動＞ (2)]
 * ○普(4) 5/1/0/1 技術1 [直接攻撃 (1)]
 * ○遅(4) 5/1/0/1 技術1 [直接攻撃＜遅延起動3＞ (⌈1/3⌉ = 1)]
 * vs 的 50/0/0/0.  Every hit deals 1 − 0 = 1.
 * T0, T1: 王's builds are not active yet (遅延起動2): one empty step each.
 * T2: 王 builds 速 (+1): [速, 王]; 速 has AP 1 and is in its turn 0: its
 *     高速起動 attack is usable: 的 49.  2 steps.
 * T3: sim 王+速 (素早さ 1): 王 builds 普 (王 at 1, +1 → index 1):
 *     [速, 普, 王]; then attacks: 速 → 48.  普 (AP 1, its turn 0): an
 *     empty step.  2 steps.
 * T4: sim 王+速+普: 王 builds 遅 → [速, 普, 遅, 王]; 速, 普 (its turn 1)
 *     hit → 46.  遅 (turn 0): empty step.  2 steps.
 * T5, T6: sim of four; 遅 in its turn 1, 2: 2 hits a turn → 44, 42.
 * T7..T20: 遅's turn 3..16: 3 hits a turn: 39, 36, …, T19 3, T20 0 → 的
 *     dies in T20's step.  Side 0 wins in turn 20.
 * Hits: 速 19 (T2..T20), 普 17 (T4..T20), 遅 14 (T7..T20): 50.
 * Steps: 1 + 1 + 2 + 2 + 2 + 16 = 24.  score: 4 × 5 = 20; side 1: 0.
 */
/* BU-BUILD-2 BU-BUILD-3 */
static void test_build_timing(void **state)
{
	static tf_outcome o;
	tf_team a, b;
	const tf_act c1 = ACT(.name = "召速", .cls = AM_CLASS_BUILD, .build = "速",
	                      .limited = 1, .delay = 2, .place = 1);
	const tf_act c2 = ACT(.name = "召普", .cls = AM_CLASS_BUILD, .build = "普",
	                      .limited = 1, .delay = 2, .place = 1);
	const tf_act c3 = ACT(.name = "召遅", .cls = AM_CLASS_BUILD, .build = "遅",
	                      .limited = 1, .delay = 2, .place = 1);
	(void)state;

	TEAM(&a, UNIT(.name = "王", .love = 3,
	              .hp = 5, .atk = 0, .def = 0, .spd = 1,
	              .actions = {c1, c2, c3}),
	         UNIT(.name = "速", .bonus = 5,
	              .hp = 5, .atk = 1, .def = 0, .spd = 1,
	              .actions = {ACT(.cls = AM_CLASS_DIRECT, .fast = 1)}),
	         UNIT(.name = "普", .bonus = 4,
	              .hp = 5, .atk = 1, .def = 0, .spd = 1,
	              .actions = {ACT(.cls = AM_CLASS_DIRECT)}),
	         UNIT(.name = "遅", .bonus = 4,
	              .hp = 5, .atk = 1, .def = 0, .spd = 1,
	              .actions = {ACT(.cls = AM_CLASS_DIRECT, .delay = 3)}));
	assert_int_equal(tf_action(&a, c1.name)->cost, 2);
	assert_int_equal(tf_action(&a, c2.name)->cost, 1);
	target50(&b);

	tf_run_both(&o, &a, &b);
	expect_result(&o, 0, 20, 20, 0, 24);
	expect_count(&o, 0, 4);
	expect_unit(&o, 0, 0, 0, 5, 1);
	expect_unit(&o, 0, 1, 1, 5, 1);
	expect_unit(&o, 0, 2, 2, 5, 1);
	expect_unit(&o, 0, 3, 3, 5, 1);
	expect_unit(&o, 1, 0, 0, 0, 0);
	assert_int_equal(tf_U(&o, 1, 0)->died_turn, 20);
	expect_line(&o, 0, 4, (int[]){1, 2, 3, 0});
	expect_line(&o, 1, 0, NULL);
	expect_hp_at(&o, 1, 1, 0, 50);
	expect_hp_at(&o, 2, 1, 0, 49);
	expect_hp_at(&o, 3, 1, 0, 48);
	expect_hp_at(&o, 4, 1, 0, 46);
	expect_hp_at(&o, 6, 1, 0, 42);
	expect_hp_at(&o, 7, 1, 0, 39);
	expect_hp_at(&o, 19, 1, 0, 3);
	expect_build_ev(&o, tf_gid(&o, 0, 1), 0, 2, 0);
	expect_build_ev(&o, tf_gid(&o, 0, 2), 0, 3, 1);
	expect_build_ev(&o, tf_gid(&o, 0, 3), 0, 4, 2);
	assert_int_equal(tf_count_ev(&o, AM_EV_DAMAGE,
	                             (int32_t)tf_gid(&o, 0, 1)),
	                 19);
	assert_int_equal(tf_count_ev(&o, AM_EV_DAMAGE,
	                             (int32_t)tf_gid(&o, 0, 2)),
	                 17);
	assert_int_equal(tf_count_ev(&o, AM_EV_DAMAGE,
	                             (int32_t)tf_gid(&o, 0, 3)),
	                 14);
}

/*
 * A 高速起動 ビルド in turn 0; a ＨＰ 0 ビルディア built in turn 0 lives (and
 * acts) through turn 0 and dies at the turn-1 start check (A4, A10).
 * 術 5/0/0/1 愛1 技術7 [召零: ビルド(零)＜高速起動＞＜リミテッド＞＜配置1＞
 *   (⌈5 × 2 / 2⌉ = 5)].
 * ○零(5) 0/2/0/1 技術2 [直接攻撃＜高速起動＞ (2)].
 * T0: 術 builds 零: [零, 術]; no death check in turn 0, so 零 (ＨＰ 0, AP 1)
 *     takes a step: its 高速起動 attack 2 − 0 = 2 → 的 48.  2 steps.
 * T1 start: 零 ＨＰ 0 → dies (no ライフ); side 0 still has 術: go on.
 * T1..T20: 術 has nothing left: one empty step a turn.  Steps 2 + 20 = 22.
 * After T20: side 0 5 (零 is dead; a party with a living unit counts only
 * living ＨＰ), 的 48 → side 1 wins.
 */
/* BU-BUILD-3 BU-BUILD-4 AM-TURN-3 */
static void test_build_turn0_fast(void **state)
{
	static tf_outcome o;
	tf_team a, b;
	const tf_act c = ACT(.name = "召零", .cls = AM_CLASS_BUILD, .build = "零",
	                     .fast = 1, .limited = 1, .place = 1);
	(void)state;

	TEAM(&a, UNIT(.name = "術", .love = 1,
	              .hp = 5, .atk = 0, .def = 0, .spd = 1,
	              .actions = {c}),
	         UNIT(.name = "零", .bonus = 5,
	              .hp = 0, .atk = 2, .def = 0, .spd = 1,
	              .actions = {ACT(.cls = AM_CLASS_DIRECT, .fast = 1)}));
	assert_int_equal(tf_action(&a, c.name)->cost, 5);
	target50(&b);

	tf_run_both(&o, &a, &b);
	expect_result(&o, 1, 20, 5, 48, 22);
	expect_count(&o, 0, 2);
	expect_unit(&o, 0, 0, 0, 5, 1);
	expect_unit(&o, 0, 1, 1, 0, 0);
	assert_int_equal(tf_U(&o, 0, 1)->died_turn, 1);
	expect_unit(&o, 1, 0, 0, 48, 1);
	expect_line(&o, 0, 1, (int[]){0});
	expect_hp_at(&o, 0, 1, 0, 48);
	expect_hp_at(&o, 0, 0, 1, 0);
	expect_build_ev(&o, tf_gid(&o, 0, 1), 0, 0, 0);
	assert_int_equal(tf_count_ev(&o, AM_EV_DAMAGE,
	                             (int32_t)tf_gid(&o, 0, 1)),
	                 1);
	assert_int_equal(o.spent[0][0], 1);
}

/*
 * A ＨＰ 0 ビルディア built after turn 0 dies at once (A10) and never acts.
 * As above but 召零 is ビルド(零)＜リミテッド＞＜配置1＞ (⌈5/2⌉ = 3).
 * T0: 術 empty step.  T1: 術 builds 零 → ＨＰ 0 → dead at once (turn 1);
 * it takes no step (not living).  T2..T20: 術 empty.  Steps 1 + 1 + 19 = 21.
 * 的 untouched: 5 vs 50 → side 1 wins.
 */
/* BU-BUILD-4 */
static void test_build_hp0_dies(void **state)
{
	static tf_outcome o;
	tf_team a, b;
	const tf_act c = ACT(.name = "召零", .cls = AM_CLASS_BUILD, .build = "零",
	                     .limited = 1, .place = 1);
	(void)state;

	TEAM(&a, UNIT(.name = "術", .love = 1,
	              .hp = 5, .atk = 0, .def = 0, .spd = 1,
	              .actions = {c}),
	         UNIT(.name = "零", .bonus = 5,
	              .hp = 0, .atk = 2, .def = 0, .spd = 1,
	              .actions = {ACT(.cls = AM_CLASS_DIRECT, .fast = 1)}));
	assert_int_equal(tf_action(&a, c.name)->cost, 3);
	target50(&b);

	tf_run_both(&o, &a, &b);
	expect_result(&o, 1, 20, 5, 50, 21);
	expect_count(&o, 0, 2);
	expect_unit(&o, 0, 1, 1, 0, 0);
	assert_int_equal(tf_U(&o, 0, 1)->died_turn, 1);
	expect_unit(&o, 1, 0, 0, 50, 1);
	expect_line(&o, 0, 1, (int[]){0});
	assert_int_equal(tf_count_ev(&o, AM_EV_DAMAGE, -1), 0);
	assert_int_equal(tf_count_ev(&o, AM_EV_DEATH, -1), 1);
}

/* ======================================================================== */
/* 3. Global action order                                                   */
/* ======================================================================== */

/*
 * Steps go over both sides by 素早さ; equal 素早さ → one simultaneous step,
 * across sides and within a side (two ＨＰ減殺 in one tempo both read the same
 * ＨＰ).
 * 呼 5/0/0/1 愛1 技術7 [召削, 召削] (the same action set twice:
 *   ビルド(削)＜リミテッド＞＜配置1＞, ⌈6/2⌉ = 3 each → 6 ≤ 7).
 * ○削(6) 5/0/0/2 技術3 [ＨＰ減殺 (3)].
 * 巨 30/1/0/2 技術1 [直接攻撃].
 * T0: 巨 (素早さ 2) 2 empty steps, 呼 1 empty step.  3 steps.
 * T1: 巨 hits the front-most living enemy, 呼: 1 → 呼 4; 巨 empty step;
 *     呼 builds 削1: [削1, 呼]; 削1 (素早さ 2, AP 2, turn 0) 2 empty
 *     steps.  5 steps.
 * T2: sim 巨+削1 (both 2): 巨 → 削1 (front) 1 → 4; 削1 → 巨 ⌈30/2⌉ = 15
 *     → 15.  sim 巨+削1 again: nothing.  呼 builds 削2 (呼 at 1, +1 →
 *     index 1): [削1, 削2, 呼]; 削2 2 empty steps.  5 steps.
 * T3: sim 巨+削1+削2: tempo 1: 巨 → 削1 4 → 3; 削1 and 削2 both read 巨's
 *     ＨＰ 15: 8 + 8 → −1: dead.  (One after the other would give 15 → 7 →
 *     3.)  Side 1 has no living unit: side 0 wins in turn 3.  1 step.
 * Steps 14.  score: 4 + 3 + 5 = 12; side 1: −1.
 */
/* BU-ORDER-1 AM-TEMPO-3 */
static void test_order_global(void **state)
{
	static tf_outcome o;
	tf_team a, b;
	const tf_act c = ACT(.name = "召削", .cls = AM_CLASS_BUILD, .build = "削",
	                     .limited = 1, .place = 1);
	(void)state;

	TEAM(&a, UNIT(.name = "呼", .love = 1,
	              .hp = 5, .atk = 0, .def = 0, .spd = 1,
	              .actions = {c, c}),
	         UNIT(.name = "削", .bonus = 6,
	              .hp = 5, .atk = 0, .def = 0, .spd = 2,
	              .actions = {ACT(.cls = AM_CLASS_HALVE)}));
	assert_int_equal(tf_action(&a, c.name)->cost, 3);
	TEAM(&b, UNIT(.name = "巨", .hp = 30, .atk = 1, .def = 0, .spd = 2,
	              .actions = {ACT(.cls = AM_CLASS_DIRECT)}));

	tf_run_both(&o, &a, &b);
	expect_result(&o, 0, 3, 12, -1, 14);
	expect_count(&o, 0, 3);
	expect_unit(&o, 0, 0, 0, 4, 1);
	expect_unit(&o, 0, 1, 1, 3, 1);
	expect_unit(&o, 0, 2, 1, 5, 1);
	expect_unit(&o, 1, 0, 0, -1, 0);
	assert_int_equal(tf_U(&o, 1, 0)->died_turn, 3);
	expect_line(&o, 0, 3, (int[]){1, 2, 0});
	expect_line(&o, 1, 0, NULL);
	expect_hp_at(&o, 1, 0, 0, 4);
	expect_hp_at(&o, 2, 1, 0, 15);
	expect_hp_at(&o, 2, 0, 1, 4);
	assert_int_equal(o.spent[0][0], 1);
	assert_int_equal(o.spent[0][1], 1);
}

/* ======================================================================== */
/* 4. Front-most target, retirement, dead units keep their place            */
/* ======================================================================== */

/*
 * Attacks go to the front-most living enemy; the dead retire when the step
 * ends and the line closes up; the overkill sum counts retired units.
 * 王 10/0/0/2 愛1 技術5 [召盾, 召盾] (ビルド(盾)＜高速起動＞＜リミテッド＞
 *   ＜配置1＞: ⌈1 × 2 / 2⌉ = 1 each).
 * ○盾(1) 5/0/0/0.
 * 剣 5/3/0/3 技術3 [直接攻撃, 直接攻撃, 直接攻撃].
 * T0: 剣 (3) 3 empty steps.  王 (2): builds 盾1 → [盾1, 王]; builds 盾2
 *     (王 at 1, +1 → index 1) → [盾1, 盾2, 王].  5 steps.
 * T1: 剣: 盾1 5 → 2; 盾1 2 → −1 dead, retires at the step's end →
 *     [盾2, 王]; 盾2 5 → 2.  王 2 empty steps.  5 steps.
 * T2: 剣: 盾2 → −1 dead → [王]; 王 10 → 7; 7 → 4.  王 2 empty.  5 steps.
 * T3: 剣: 王 4 → 1; 1 → −2 dead.  Side 0 has no living unit: side 1 wins
 *     in turn 3.  2 steps.  Steps 17.
 * score: side 0 = −1 + −1 + −2 = −4 (all its dead, retired ones included);
 * side 1 = 5.
 */
/* BU-LINE-1 BU-LINE-2 BU-RESULT-2 */
static void test_attack_front_retire(void **state)
{
	static tf_outcome o;
	tf_team a, b;
	const tf_act c = ACT(.name = "召盾", .cls = AM_CLASS_BUILD, .build = "盾",
	                     .fast = 1, .limited = 1, .place = 1);
	const tf_act d = ACT(.name = "直接攻撃", .cls = AM_CLASS_DIRECT);
	(void)state;

	TEAM(&a, UNIT(.name = "王", .love = 1,
	              .hp = 10, .atk = 0, .def = 0, .spd = 2,
	              .actions = {c, c}),
	         UNIT(.name = "盾", .bonus = 1,
	              .hp = 5, .atk = 0, .def = 0, .spd = 0));
	assert_int_equal(tf_action(&a, c.name)->cost, 1);
	TEAM(&b, UNIT(.name = "剣", .hp = 5, .atk = 3, .def = 0, .spd = 3,
	              .actions = {d, d, d}));

	tf_run_both(&o, &a, &b);
	expect_result(&o, 1, 3, -4, 5, 17);
	expect_count(&o, 0, 3);
	expect_unit(&o, 0, 0, 0, -2, 0);
	expect_unit(&o, 0, 1, 1, -1, 0);
	expect_unit(&o, 0, 2, 1, -1, 0);
	assert_int_equal(tf_U(&o, 0, 0)->died_turn, 3);
	assert_int_equal(tf_U(&o, 0, 1)->died_turn, 1);
	assert_int_equal(tf_U(&o, 0, 2)->died_turn, 2);
	expect_unit(&o, 1, 0, 0, 5, 1);
	expect_line(&o, 0, 0, NULL);
	expect_line(&o, 1, 1, (int[]){0});
	expect_hp_at(&o, 1, 0, 0, 10);
	expect_hp_at(&o, 1, 0, 2, 2);
	expect_hp_at(&o, 2, 0, 0, 4);
}

/*
 * A dead unit keeps its place until the step ends (B3, text: 退場していない
 * ユニットは（生死に関わらず）パーティ内で位置を占有します); several builds in
 * one step run front builder first, each relative to its builder's position
 * at that moment (A10); a ＨＰ 0 ビルディア dies at once (A10).
 * P 5/0/0/1 愛3 技術5 [召Q: ビルド(Q)＜リミテッド＞＜配置−1＞ (⌈3/2⌉ = 2),
 *   召Z: ビルド(Z)＜リミテッド＞＜配置−1＞ (⌈1/2⌉ = 1)].
 * ○Q(3) 5/0/0/1 技術1 [召W: ビルド(W)＜リミテッド＞＜配置2＞ (1)].
 * ○Z(1) 0/0/1/0.   ○W(1) 5/0/0/0.
 * T0: P empty.  T1: P builds Q behind: [P, Q] (1 in front); Q (turn 0)
 *     empty step.
 * T2: sim P+Q.  Builds, front builder first: P (index 0) builds Z −1 →
 *     index 1: [P, Z, Q] (1 in front); Z ＨＰ 0 → dead at once, but keeps
 *     its place.  Q now at index 2 builds W +2 → index 1: [P, W, Z†, Q]
 *     (1 in front).  Step ends: Z retires → [P, W, Q].
 *     (Had Z not counted: [P, Q], W at index 0 → [W, P, Q].)
 * T3..T20: sim P+Q, nothing.  W has 素早さ 0.
 * Steps 1 + 2 + 1 + 18 = 22.  After T20: 15 < 50 → side 1 wins.
 */
/* BU-LINE-2 BU-ORDER-2 BU-BUILD-4 */
static void test_dead_keeps_place(void **state)
{
	static tf_outcome o;
	tf_team a, b;
	const tf_act cq = ACT(.name = "召Q", .cls = AM_CLASS_BUILD, .build = "Q",
	                      .limited = 1, .place = -1);
	const tf_act cz = ACT(.name = "召Z", .cls = AM_CLASS_BUILD, .build = "Z",
	                      .limited = 1, .place = -1);
	const tf_act cw = ACT(.name = "召W", .cls = AM_CLASS_BUILD, .build = "W",
	                      .limited = 1, .place = 2);
	(void)state;

	TEAM(&a, UNIT(.name = "P", .love = 3,
	              .hp = 5, .atk = 0, .def = 0, .spd = 1,
	              .actions = {cq, cz}),
	         UNIT(.name = "Q", .bonus = 3,
	              .hp = 5, .atk = 0, .def = 0, .spd = 1,
	              .actions = {cw}),
	         UNIT(.name = "Z", .bonus = 1,
	              .hp = 0, .atk = 0, .def = 1, .spd = 0),
	         UNIT(.name = "W", .bonus = 1,
	              .hp = 5, .atk = 0, .def = 0, .spd = 0));
	assert_int_equal(tf_action(&a, cq.name)->cost, 2);
	target50(&b);

	tf_run_both(&o, &a, &b);
	expect_result(&o, 1, 20, 15, 50, 22);
	expect_count(&o, 0, 4);
	expect_unit(&o, 0, 0, 0, 5, 1);
	expect_unit(&o, 0, 1, 1, 5, 1); /* Q */
	expect_unit(&o, 0, 2, 2, 0, 0); /* Z: built first (front builder) */
	expect_unit(&o, 0, 3, 3, 5, 1); /* W */
	assert_int_equal(tf_U(&o, 0, 2)->died_turn, 2);
	expect_line(&o, 0, 3, (int[]){0, 3, 1});
	expect_build_ev(&o, tf_gid(&o, 0, 1), 0, 1, 1);
	expect_build_ev(&o, tf_gid(&o, 0, 2), 0, 2, 1);
	expect_build_ev(&o, tf_gid(&o, 0, 3), (int32_t)tf_gid(&o, 0, 1), 2, 1);
}

/* ======================================================================== */
/* 5. 対象Ｎ                                                                  */
/* ======================================================================== */

/*
 * 対象Ｎ: the unit Ｎ places forward (+) or back (−), clamped at both ends.
 * 王 5/0/0/1 愛2 技術6 [召補: ビルド(補)＜リミテッド＞＜遅延起動2＞＜配置1＞
 *   (⌈11/4⌉ = 3)].
 * ○補(11) 5/0/0/3 技術7 [b+1, b+1000, b−1000 (ビルド(兵)＜高速起動＞
 *   ＜リミテッド＞, 1 each), 攻撃力+1＜リミテッド＞＜対象1＞ (1),
 *   攻撃力+2＜リミテッド＞＜対象−1＞ (1), 防御力+1＜リミテッド＞＜対象1000＞
 *   (1), 防御力+2＜リミテッド＞＜対象−1000＞ (1)] = 7.
 * ○兵(1) 5/0/0/0.
 * T0, T1: 王 empty.
 * T2: 王 builds 補: [補, 王].  補 (AP 3, its turn 0, 高速起動 builds):
 *     兵1 +1 → [兵1, 補, 王]; 兵2 +1000 → [兵2, 兵1, 補, 王];
 *     兵3 −1000 → [兵2, 兵1, 補, 王, 兵3].  4 steps.
 * T3: 補 (素早さ 3, at index 2): 攻撃力+1 → index 1 = 兵1 (攻撃力 1);
 *     攻撃力+2 → index 3 = 王 (攻撃力 2); 防御力+1 → front = 兵2 (防御力 1).
 *     王 empty.  4 steps.
 * T4: 補: 防御力+2 → back = 兵3 (防御力 2); 2 empty steps; 王 empty.
 * T5..T20: 4 empty steps a turn.  Steps 1 + 1 + 4 + 4 + 4 + 64 = 78.
 * After T20: 5 × 5 = 25 < 50 → side 1 wins.
 */
/* BU-TARGET-1 BU-CUST-2 */
static void test_target_n(void **state)
{
	static tf_outcome o;
	tf_team a, b;
	const tf_act c = ACT(.name = "召補", .cls = AM_CLASS_BUILD, .build = "補",
	                     .limited = 1, .delay = 2, .place = 1);
	const tf_unit *u;
	(void)state;

	TEAM(&a, UNIT(.name = "王", .love = 2,
	              .hp = 5, .atk = 0, .def = 0, .spd = 1,
	              .actions = {c}),
	         UNIT(.name = "補", .bonus = 11,
	              .hp = 5, .atk = 0, .def = 0, .spd = 3,
	              .actions = {
	                      ACT(.name = "b+1", .cls = AM_CLASS_BUILD,
	                          .build = "兵", .place = 1, .fast = 1,
	                          .limited = 1),
	                      ACT(.name = "b+1000", .cls = AM_CLASS_BUILD,
	                          .build = "兵", .place = 1000, .fast = 1,
	                          .limited = 1),
	                      ACT(.name = "b-1000", .cls = AM_CLASS_BUILD,
	                          .build = "兵", .place = -1000, .fast = 1,
	                          .limited = 1),
	                      ACT(.cls = AM_CLASS_ATK_UP, .n = 1, .target = 1,
	                          .limited = 1),
	                      ACT(.cls = AM_CLASS_ATK_UP, .n = 2, .target = -1,
	                          .limited = 1),
	                      ACT(.cls = AM_CLASS_DEF_UP, .n = 1,
	                          .target = 1000, .limited = 1),
	                      ACT(.cls = AM_CLASS_DEF_UP, .n = 2,
	                          .target = -1000, .limited = 1),
	              }),
	         UNIT(.name = "兵", .bonus = 1,
	              .hp = 5, .atk = 0, .def = 0, .spd = 0));
	assert_int_equal(tf_action(&a, c.name)->cost, 3);
	target50(&b);

	tf_run_both(&o, &a, &b);
	expect_result(&o, 1, 20, 25, 50, 78);
	expect_count(&o, 0, 5);
	/* local: 0 王, 1 補, 2 兵1, 3 兵2, 4 兵3 */
	expect_line(&o, 0, 5, (int[]){3, 2, 1, 0, 4});
	u = tf_U(&o, 0, 0); assert_int_equal(u->atk, 2); assert_int_equal(u->def, 0);
	u = tf_U(&o, 0, 1); assert_int_equal(u->atk, 0); assert_int_equal(u->def, 0);
	u = tf_U(&o, 0, 2); assert_int_equal(u->atk, 1); assert_int_equal(u->def, 0);
	u = tf_U(&o, 0, 3); assert_int_equal(u->atk, 0); assert_int_equal(u->def, 1);
	u = tf_U(&o, 0, 4); assert_int_equal(u->atk, 0); assert_int_equal(u->def, 2);
	expect_unit(&o, 0, 1, 1, 5, 1);
	expect_unit(&o, 0, 4, 2, 5, 1);
}

/*
 * The line closes up after a death outside any step: a ＨＰ 0 unit built in
 * turn 0 dies at the turn-1 start check and retires at once (the rules only
 * delay retirement inside a (simultaneous) step), so a later 対象−1 counts
 * the closed-up line.
 * 王 5/0/0/2 愛2 技術5 [召兵: ビルド(兵)＜高速起動＞＜リミテッド＞＜配置−1＞ (1),
 *   召零: ビルド(零)＜高速起動＞＜リミテッド＞＜配置−1＞ (1),
 *   励: 攻撃力+1＜対象−1＞ (1)].
 * ○兵(1) 5/0/0/0.   ○零(1) 0/0/1/0.
 * T0: 王 builds 兵 → [王, 兵]; builds 零 → [王, 零, 兵].  2 steps.
 * T1 start: 零 (ＨＰ 0) dies and retires → [王, 兵].
 * T1..T20: 王 励 → index 1 = 兵 (攻撃力 +1), then an empty step.
 * 兵 攻撃力 20.  (If 零 still held its place in T1, that 励 would hit a dead
 * unit and do nothing: 19.)  Steps 2 + 40 = 42.  10 < 50 → side 1 wins.
 */
/* BU-LINE-2 BU-TARGET-1 */
static void test_target_after_turn1_death(void **state)
{
	static tf_outcome o;
	tf_team a, b;
	(void)state;

	TEAM(&a, UNIT(.name = "王", .love = 2,
	              .hp = 5, .atk = 0, .def = 0, .spd = 2,
	              .actions = {
	                      ACT(.name = "召兵", .cls = AM_CLASS_BUILD,
	                          .build = "兵", .fast = 1, .limited = 1,
	                          .place = -1),
	                      ACT(.name = "召零", .cls = AM_CLASS_BUILD,
	                          .build = "零", .fast = 1, .limited = 1,
	                          .place = -1),
	                      ACT(.name = "励", .cls = AM_CLASS_ATK_UP, .n = 1,
	                          .target = -1),
	              }),
	         UNIT(.name = "兵", .bonus = 1,
	              .hp = 5, .atk = 0, .def = 0, .spd = 0),
	         UNIT(.name = "零", .bonus = 1,
	              .hp = 0, .atk = 0, .def = 1, .spd = 0));
	target50(&b);

	tf_run_both(&o, &a, &b);
	expect_result(&o, 1, 20, 10, 50, 42);
	expect_count(&o, 0, 3);
	expect_unit(&o, 0, 1, 1, 5, 1);
	expect_unit(&o, 0, 2, 2, 0, 0);
	assert_int_equal(tf_U(&o, 0, 2)->died_turn, 1);
	assert_int_equal(tf_U(&o, 0, 1)->atk, 20);
	assert_int_equal(tf_U(&o, 0, 0)->atk, 0);
	expect_line(&o, 0, 2, (int[]){0, 1});
	expect_build_ev(&o, tf_gid(&o, 0, 2), 0, 0, 1);
}

/* ======================================================================== */
/* 6. 全体化                                                                  */
/* ======================================================================== */

/*
 * 全体化 support (every living ally, self included) and 全体化 attack (one
 * hit per living enemy, one tempo).
 * 将 10/0/0/1 愛1 技術6 [召兵: ビルド(兵)＜高速起動＞＜リミテッド＞＜配置1＞
 *   (⌈4 × 2 / 2⌉ = 4), 鼓舞: 攻撃力+1＜全体化＞ (2)].
 * ○兵(4) 10/0/0/1 技術1 [直接攻撃].
 * 薙 15/0/0/1 技術6 [ＨＰ減殺＜全体化＞ (3 × 2 = 6)].
 * T0: sim 将+薙: 将 builds 兵 → [兵, 将]; 兵 (turn 0) empty step.  2 steps.
 * Tn (n ≥ 1), one sim step of 将, 兵, 薙: supports first: 鼓舞 → 将 and 兵
 *   攻撃力 n; then tempo 1: 兵 → 薙 n; 薙 → 兵 and 将 ⌈ＨＰ/2⌉ each.
 *   T1: 薙 14; 兵 10 → 5, 将 5.     T2: 薙 12; 兵 2, 将 2.
 *   T3: 薙 9;  兵 1, 将 1.          T4: 薙 5;  兵 0, 将 0: both dead.
 * Side 0 wiped in turn 4: side 1 wins.  score: 0 + 0 = 0; 5.  Steps 6.
 */
/* BU-ALL-1 BU-ALL-2 BU-CUST-3 */
static void test_all_support_attack(void **state)
{
	static tf_outcome o;
	tf_team a, b;
	const tf_act c = ACT(.name = "召兵", .cls = AM_CLASS_BUILD, .build = "兵",
	                     .fast = 1, .limited = 1, .place = 1);
	const tf_act up = ACT(.name = "鼓舞", .cls = AM_CLASS_ATK_UP, .n = 1,
	                      .all = 1);
	const tf_act h = ACT(.cls = AM_CLASS_HALVE, .all = 1);
	(void)state;

	TEAM(&a, UNIT(.name = "将", .love = 1,
	              .hp = 10, .atk = 0, .def = 0, .spd = 1,
	              .actions = {c, up}),
	         UNIT(.name = "兵", .bonus = 4,
	              .hp = 10, .atk = 0, .def = 0, .spd = 1,
	              .actions = {ACT(.cls = AM_CLASS_DIRECT)}));
	assert_int_equal(tf_action(&a, c.name)->cost, 4);
	assert_int_equal(tf_action(&a, up.name)->cost, 2);
	TEAM(&b, UNIT(.name = "薙", .hp = 15, .atk = 0, .def = 0, .spd = 1,
	              .actions = {h}));
	assert_int_equal(tf_slot(&b, 0, 0)->cost, 6);

	tf_run_both(&o, &a, &b);
	expect_result(&o, 1, 4, 0, 5, 6);
	expect_unit(&o, 0, 0, 0, 0, 0);
	expect_unit(&o, 0, 1, 1, 0, 0);
	expect_unit(&o, 1, 0, 0, 5, 1);
	assert_int_equal(tf_U(&o, 0, 0)->atk, 4);
	assert_int_equal(tf_U(&o, 0, 1)->atk, 4);
	expect_line(&o, 0, 0, NULL);
	expect_line(&o, 1, 1, (int[]){0});
	expect_hp_at(&o, 1, 0, 0, 5);
	expect_hp_at(&o, 1, 0, 1, 5);
	expect_hp_at(&o, 1, 1, 0, 14);
	expect_hp_at(&o, 2, 0, 1, 2);
	expect_hp_at(&o, 3, 1, 0, 9);
	/* T1..T4: 2 hits of 薙 a turn, 1 of 兵 */
	assert_int_equal(tf_count_ev(&o, AM_EV_DAMAGE, 1), 8);
	assert_int_equal(tf_count_ev(&o, AM_EV_DAMAGE,
	                             (int32_t)tf_gid(&o, 0, 1)),
	                 4);
}

/*
 * Two 全体化 attacks meet one 反射 and one ガード in one tempo (A8): the
 * stacks go to attacks from enemies before allies, then by the attacker's
 * position, front first.
 * Side 0: G 5/0/0/1 愛1 技術7 [召R: ビルド(R)＜リミテッド＞＜配置−1＞
 *   (⌈5/2⌉ = 3), 守: ガード与え＜リミテッド＞ (1)].
 *   ○R(5) 10/0/0/1 技術2 [鏡: 反射与え＜リミテッド＞ (2)].
 * Side 1: P 5/4/0/1 愛1 技術3 [召Q: ビルド(Q)＜リミテッド＞＜配置−1＞
 *   (⌈4/2⌉ = 2), 薙: 直接攻撃＜全体化＞＜リミテッド＞＜遅延起動3＞
 *   (⌈2/6⌉ = 1)].
 *   ○Q(4) 5/1/0/1 技術1 [払: 直接攻撃＜全体化＞＜リミテッド＞＜遅延起動2＞
 *   (⌈2/4⌉ = 1)].
 * All 素早さ 1.
 * T0: sim G+P: nothing.  T1: sim G+P: [G, R], [P, Q]; then sim R+Q (turn
 *     0): nothing.  T2: sim G, R, P, Q: G ガード 1, R 反射 1 (R's turn 1);
 *     P's 薙 waits for T3, Q's 払 for its turn 2.
 * T3: sim: P's 薙 and Q's 払, tempo 1: four hits, P→G 4, P→R 4, Q→G 1,
 *     Q→R 1.  At R (反射 1): both from enemies; P is in front (index 0)
 *     → P's hit is reflected (tempo 2), Q's lands: R 10 → 9.  At G
 *     (ガード 1): P's hit is halved ⌈4/2⌉ = 2, Q's 1: G 5 → 2.
 *     Tempo 2: P's hit arrives at side 1's front-most living, P itself:
 *     4 − 0 → P 1.
 *     (Rear first would give R 6, G 5 − 4 − 1 = 0 dead, P 4.)
 * T4..T20: one empty sim step each.  Steps 1 + 2 + 1 + 1 + 17 = 22.
 * After T20: side 0 2 + 9 = 11, side 1 1 + 5 = 6 → side 0 wins.
 */
/* AM-TEMPO-7 BU-ALL-2 */
static void test_all_stack_order(void **state)
{
	static tf_outcome o;
	tf_team a, b;
	const tf_act cr = ACT(.name = "召R", .cls = AM_CLASS_BUILD, .build = "R",
	                      .limited = 1, .place = -1);
	const tf_act g = ACT(.name = "守", .cls = AM_CLASS_GUARD, .limited = 1);
	const tf_act r = ACT(.name = "鏡", .cls = AM_CLASS_REFLECT,
	                     .limited = 1);
	const tf_act cq = ACT(.name = "召Q", .cls = AM_CLASS_BUILD, .build = "Q",
	                      .limited = 1, .place = -1);
	const tf_act x = ACT(.name = "薙", .cls = AM_CLASS_DIRECT, .all = 1,
	                     .limited = 1, .delay = 3);
	const tf_act y = ACT(.name = "払", .cls = AM_CLASS_DIRECT, .all = 1,
	                     .limited = 1, .delay = 2);
	const tf_unit *u;
	(void)state;

	TEAM(&a, UNIT(.name = "G", .love = 1,
	              .hp = 5, .atk = 0, .def = 0, .spd = 1,
	              .actions = {cr, g}),
	         UNIT(.name = "R", .bonus = 5,
	              .hp = 10, .atk = 0, .def = 0, .spd = 1,
	              .actions = {r}));
	assert_int_equal(tf_action(&a, cr.name)->cost, 3);
	assert_int_equal(tf_action(&a, r.name)->cost, 2);

	TEAM(&b, UNIT(.name = "P", .love = 1,
	              .hp = 5, .atk = 4, .def = 0, .spd = 1,
	              .actions = {cq, x}),
	         UNIT(.name = "Q", .bonus = 4,
	              .hp = 5, .atk = 1, .def = 0, .spd = 1,
	              .actions = {y}));
	assert_int_equal(tf_action(&b, cq.name)->cost, 2);
	assert_int_equal(tf_action(&b, x.name)->cost, 1);
	assert_int_equal(tf_action(&b, y.name)->cost, 1);

	tf_run_both(&o, &a, &b);
	expect_result(&o, 0, 20, 11, 6, 22);
	expect_unit(&o, 0, 0, 0, 2, 1);
	expect_unit(&o, 0, 1, 1, 9, 1);
	expect_unit(&o, 1, 0, 0, 1, 1);
	expect_unit(&o, 1, 1, 1, 5, 1);
	u = tf_U(&o, 0, 0);
	assert_int_equal(u->states[AM_STATE_GUARD], 0);
	u = tf_U(&o, 0, 1);
	assert_int_equal(u->states[AM_STATE_REFLECT], 0);
	expect_line(&o, 0, 2, (int[]){0, 1});
	expect_line(&o, 1, 2, (int[]){0, 1});
	expect_hp_at(&o, 2, 0, 0, 5);
	expect_hp_at(&o, 3, 0, 0, 2);
	expect_hp_at(&o, 3, 1, 0, 1);
	assert_int_equal(tf_count_ev(&o, AM_EV_REFLECT, -1), 1);
	assert_int_equal(tf_count_ev(&o, AM_EV_GUARD, -1), 1);
	assert_int_equal(tf_count_ev(&o, AM_EV_DAMAGE, -1), 4);
}

/* ======================================================================== */
/* 7. Party wipe on both sides: the overkill sum                            */
/* ======================================================================== */

/*
 * Both parties lose every unit in one step: the score of each is the sum of
 * the ＨＰ of all its dead units, a unit that retired earlier included (B4).
 * 甲 5/4/0/1 愛1 技術3 [召乙: ビルド(乙)＜高速起動＞＜リミテッド＞＜配置−1＞ (1),
 *   直接攻撃＜全体化＞ (2)].   ○乙(1) 5/0/0/0.
 * 丙 10/2/0/1 愛1 技術4 [召丁: same (1), 直接攻撃＜全体化＞ (2)].
 *   ○丁(1) 5/0/0/0.
 * T0: sim 甲+丙: [甲, 乙], [丙, 丁].  (乙, 丁: 素早さ 0.)  1 step.
 * T1: sim: 甲 hits 丙 10 → 6, 丁 5 → 1; 丙 hits 甲 5 → 3, 乙 5 → 3.
 * T2: 丙 2, 丁 −3 (dead, retires at the step's end); 甲 1, 乙 1.
 * T3: 甲 hits 丙 (its only living enemy) → −2; 丙 hits 甲 → −1, 乙 → −1.
 *     Both parties wiped in one step.
 * score: side 0 −1 + −1 = −2; side 1 −2 + −3 = −5 → side 0 wins, turn 3.
 * (Counting only the last step's dead would be −2 vs −2: a draw.)
 * Steps: one sim step in each of T0, T1, T2, T3 = 4.
 */
/* BU-RESULT-1 BU-RESULT-2 */
static void test_wipe_overkill_sum(void **state)
{
	static tf_outcome o;
	tf_team a, b;
	const tf_act w = ACT(.cls = AM_CLASS_DIRECT, .all = 1);
	(void)state;

	TEAM(&a, UNIT(.name = "甲", .love = 1,
	              .hp = 5, .atk = 4, .def = 0, .spd = 1,
	              .actions = {ACT(.name = "召乙", .cls = AM_CLASS_BUILD,
	                              .build = "乙", .fast = 1, .limited = 1,
	                              .place = -1),
	                          w}),
	         UNIT(.name = "乙", .bonus = 1,
	              .hp = 5, .atk = 0, .def = 0, .spd = 0));
	TEAM(&b, UNIT(.name = "丙", .love = 1,
	              .hp = 10, .atk = 2, .def = 0, .spd = 1,
	              .actions = {ACT(.name = "召丁", .cls = AM_CLASS_BUILD,
	                              .build = "丁", .fast = 1, .limited = 1,
	                              .place = -1),
	                          w}),
	         UNIT(.name = "丁", .bonus = 1,
	              .hp = 5, .atk = 0, .def = 0, .spd = 0));

	tf_run_both(&o, &a, &b);
	expect_result(&o, 0, 3, -2, -5, 4);
	expect_unit(&o, 0, 0, 0, -1, 0);
	expect_unit(&o, 0, 1, 1, -1, 0);
	expect_unit(&o, 1, 0, 0, -2, 0);
	expect_unit(&o, 1, 1, 1, -3, 0);
	assert_int_equal(tf_U(&o, 1, 1)->died_turn, 2);
	assert_int_equal(tf_U(&o, 1, 0)->died_turn, 3);
	assert_int_equal(tf_U(&o, 0, 0)->died_turn, 3);
	expect_line(&o, 0, 0, NULL);
	expect_line(&o, 1, 0, NULL);
	expect_hp_at(&o, 2, 0, 1, 1);
	expect_hp_at(&o, 2, 1, 0, 2);
}

/* ======================================================================== */
/* 8. Population limit                                                      */
/* ======================================================================== */

/*
 * 母 5/0/0/1 愛1 技術7 [ビルド(蛆)＜リミテッド＞＜配置1＞ (⌈4/2⌉ = 2)].
 * ○蛆(4) 5/0/0/1 技術2 [蛆産み: ビルド(蛆)＜リミテッド＞＜配置1＞ (2)]
 * (the rules' example).  vs 的.
 * T0: 母 empty.  T1: 母 builds 蛆1: [蛆1, 母]; 蛆1 (turn 0) empty step.
 * Tk (k ≥ 2): sim of 母 and 蛆1..蛆(k−1): only 蛆(k−1) (in its turn 1)
 *   builds: 蛆k directly in front of it = the front; then 蛆k's empty step.
 * Unit ids: 母 0, 的 1, 蛆k = k + 1.  After T20: 20 蛆, 22 units, line
 * [蛆20, …, 蛆1, 母] = ids [21, 20, …, 2, 0].  Steps 1 + 2 × 20 = 41.
 * score 21 × 5 = 105 vs 50 → side 0 wins.
 * max_units = 22 is enough; with max_units = 21 the build of 蛆20 in T20
 * would make unit 22: AM_ELIMIT, 21 units readable, line [20, …, 2, 0].
 * With max_units = 4: 蛆3 in T3 is refused: 4 units, line [3, 2, 0].
 */
static void maggots(tf_team *a)
{
	const tf_act c = ACT(.name = "蛆産み", .cls = AM_CLASS_BUILD, .build = "蛆",
	                     .limited = 1, .place = 1);
	TEAM(a, UNIT(.name = "母", .love = 1,
	             .hp = 5, .atk = 0, .def = 0, .spd = 1,
	             .actions = {c}),
	        UNIT(.name = "蛆", .bonus = 4,
	             .hp = 5, .atk = 0, .def = 0, .spd = 1,
	             .actions = {c}));
	assert_int_equal(tf_action(a, c.name)->cost, 2);
}

/* BU-POP-1 */
static void test_population_limit(void **state)
{
	static tf_outcome o;
	tf_team a, b;
	am_battle_opts opt = AM_BATTLE_OPTS_INIT;
	size_t k;
	(void)state;

	maggots(&a);
	target50(&b);

	tf_run_both(&o, &a, &b);
	expect_result(&o, 0, 20, 105, 50, 41);
	assert_int_equal(o.n, 22);
	assert_int_equal(o.nline[0], 21);
	for (k = 0; k < 20; k++)
		assert_int_equal(o.line[0][k], 21 - k);
	assert_int_equal(o.line[0][20], 0);

	opt.max_units = 22;
	tf_run(&o, &a, &b, &opt);
	assert_int_equal(o.rc, 0);
	expect_result(&o, 0, 20, 105, 50, 41);

	opt.max_units = 21;
	tf_run(&o, &a, &b, &opt);
	assert_int_equal(o.rc, AM_ELIMIT);
	assert_true(o.rc < 0);
	assert_int_equal(o.n, 21);
	assert_int_equal(o.log.last_turn_begin, 20);
	assert_int_equal(o.nline[0], 20);
	for (k = 0; k < 19; k++)
		assert_int_equal(o.line[0][k], 20 - k);
	assert_int_equal(o.line[0][19], 0);

	opt.max_units = 4;
	tf_run(&o, &a, &b, &opt);
	assert_int_equal(o.rc, AM_ELIMIT);
	assert_int_equal(o.n, 4);
	assert_int_equal(o.log.last_turn_begin, 3);
	assert_int_equal(o.nline[0], 3);
	assert_int_equal(o.line[0][0], 3);
	assert_int_equal(o.line[0][1], 2);
	assert_int_equal(o.line[0][2], 0);
	for (k = 0; k < 4; k++) {
		assert_int_equal(o.u[k].hp, k == 1 ? 50 : 5);
		assert_int_equal(o.u[k].alive, 1);
	}
	assert_int_equal(o.nline[1], 1);
}

/* ======================================================================== */
/* 9. The rule-text examples                                                */
/* ======================================================================== */

/*
 * 死神 called by 死神呼び.
 * 冥 20/0/0/1 愛1 技術4 [死神呼び（２）：ビルド（死神）＜リミテッド＞
 *   ＜遅延起動３＞＜配置１＞ (⌈12/6⌉ = 2)].
 * ○死神（１２）：１０／０／０／２ 技術8 [鏡の剣（２）：反射与え＜リミテッド＞,
 *   デス剣（６）：ＨＰ減殺＜リミテッド＞＜効果２倍＞ (3 × 4 / 2 = 6)].
 * 剣士 25/2/0/2 技術1 [直接攻撃].
 * T0: 剣士 (2) 2 empty steps; 冥 empty.  3 steps.
 * T1: 剣士 hits 冥 20 → 18, then an empty step; 冥 empty.  3 steps.
 * T2: 冥 16.  3 steps.
 * T3: 剣士: 冥 14; empty.  冥: 死神呼び → [死神, 冥]; 死神 (素早さ 2, AP 2,
 *     its turn 0) 2 empty steps.  5 steps.
 * T4: sim 剣士+死神 (both 2): support first: 鏡の剣 → 死神 反射 1; 剣士's
 *     attack goes to the front-most living enemy, 死神, is reflected and
 *     comes back one tempo later to side 1's front, 剣士: 2 − 0 → 23.
 *     sim 剣士 (nothing left) + 死神: デス剣: X = 23 × 2 = 46, damage
 *     ⌈46/2⌉ = 23 → 0: dead.  Side 0 wins in turn 4.  2 steps.
 * Steps 16.  score: 14 + 10 = 24; side 1 0.
 */
/* BU-BUILD-1 BU-CUST-4 BU-LINE-1 AM-TEMPO-2 */
static void test_example_shinigami(void **state)
{
	static tf_outcome o;
	tf_team a, b;
	const tf_act call = ACT(.name = "死神呼び", .cls = AM_CLASS_BUILD,
	                        .build = "死神", .limited = 1, .delay = 3,
	                        .place = 1);
	const tf_act mirror = ACT(.name = "鏡の剣", .cls = AM_CLASS_REFLECT,
	                          .limited = 1);
	const tf_act death = ACT(.name = "デス剣", .cls = AM_CLASS_HALVE,
	                         .limited = 1, .mult = 2);
	(void)state;

	TEAM(&a, UNIT(.name = "冥", .love = 1,
	              .hp = 20, .atk = 0, .def = 0, .spd = 1,
	              .actions = {call}),
	         UNIT(.name = "死神", .bonus = 12,
	              .hp = 10, .atk = 0, .def = 0, .spd = 2,
	              .actions = {mirror, death}));
	assert_int_equal(tf_action(&a, call.name)->cost, 2);
	assert_int_equal(tf_action(&a, mirror.name)->cost, 2);
	assert_int_equal(tf_action(&a, death.name)->cost, 6);
	assert_int_equal(a.units[1].tech, 8);
	TEAM(&b, UNIT(.name = "剣士", .hp = 25, .atk = 2, .def = 0, .spd = 2,
	              .actions = {ACT(.cls = AM_CLASS_DIRECT)}));

	tf_run_both(&o, &a, &b);
	expect_result(&o, 0, 4, 24, 0, 16);
	expect_count(&o, 0, 2);
	expect_unit(&o, 0, 0, 0, 14, 1);
	expect_unit(&o, 0, 1, 1, 10, 1);
	expect_unit(&o, 1, 0, 0, 0, 0);
	assert_int_equal(tf_U(&o, 1, 0)->died_turn, 4);
	assert_int_equal(tf_U(&o, 0, 1)->states[AM_STATE_REFLECT], 0);
	expect_line(&o, 0, 2, (int[]){1, 0});
	expect_line(&o, 1, 0, NULL);
	expect_build_ev(&o, tf_gid(&o, 0, 1), 0, 3, 0);
	assert_int_equal(o.spent[0][0], 1);
	assert_int_equal(o.spent[tf_gid(&o, 0, 1)][0], 1);
	assert_int_equal(o.spent[tf_gid(&o, 0, 1)][1], 1);
	expect_hp_at(&o, 3, 0, 0, 14);
	expect_hp_at(&o, 3, 1, 0, 25);
}

/*
 * 泡子 and its bubbles.
 * 泡子（８）：５／０／０／２ (愛 2, 技術 5) [バブリアセルフ（１）：ビルド（泡子）
 *   ＜リミテッド＞＜遅延起動４＞＜配置−１＞ (⌈8/8⌉ = 1), バブリアレッド（２）：
 *   ビルド（バブルレッド）＜遅延起動２＞＜配置１０００＞ (⌈4/2⌉ = 2),
 *   バブリアブルー（２）: same for バブルブルー (2)].
 * ○バブルレッド（４）：５／０／０／１ [赤赤（２）：ＨＰ減殺＜全体化＞＜遅延起動３＞].
 * ○バブルブルー（４）：５／０／０／１ [青青（２）：反射与え＜全体化＞＜遅延起動４＞].
 * vs 剣 35/1/0/1 技術1 [直接攻撃] (1 damage on any bubble).
 * Rk / Bk: the k-th red / blue bubble; 泡子' the built copy of 泡子.
 * T0: 泡子 (2) 2 empty steps, 剣 1 empty step.  3 steps.
 * T1: 泡子 2 empty; 剣 hits 泡子 5 → 4.  3 steps.
 * T2: 泡子: レッド → R1 at the front [R1, 泡子]; ブルー → [B1, R1, 泡子].
 *     sim 剣, R1, B1 (素早さ 1): 剣 → B1 (front) → 4.  3 steps.
 * T3: 泡子: R2, B2 to the front: [B2, R2, B1, R1, 泡子].  sim 剣 and the
 *     four bubbles: 剣 → B2 → 4; R1 in its turn 1 (赤赤 from turn 3).
 *     3 steps.
 * T4: 泡子: セルフ (遅延起動4) → 泡子' directly behind 泡子:
 *     [B2, R2, B1, R1, 泡子, 泡子'] (泡子' AP 2, turn 0).
 *     sim 泡子 + 泡子': 泡子 レッド → R3 front; 泡子' nothing.
 *     泡子' alone: nothing.  sim 剣 + R1..R3, B1, B2: 剣 → R3 → 4.
 *     4 steps.  [R3, B2, R2, B1, R1, 泡子, 泡子'].
 * T5: sim 泡子+泡子' (turn 1): R4 front; sim: B3 front.  sim 剣 and the
 *     bubbles: 剣 → B3 → 4; R1 (turn 3) 赤赤 on every living enemy, 剣:
 *     ⌈35/2⌉ = 18 → 17.  3 steps.
 *     [B3, R4, R3, B2, R2, B1, R1, 泡子, 泡子'].
 * T6: sim 泡子 (index 7) + 泡子' (index 8, turn 2: レッド active, セルフ not
 *     before its turn 4): builds front builder first: R5 to the front, then
 *     R6 to the front.  sim: B4, then B5 to the front:
 *     [B5, B4, R6, R5, B3, R4, R3, B2, R2, B1, R1, 泡子, 泡子'].
 *     sim 剣 + 11 bubbles: supports: B1 (turn 4) 青青 → 反射 1 on all 13
 *     living units of side 0.  Tempo 1: 剣 → B5: reflected (B5 反射 0),
 *     to tempo 2; R1 and R2 (turn 3) 赤赤 on 剣: both read 17: 9 + 9 →
 *     −1: dead.  Tempo 2: the reflected hit finds no living unit on side 1:
 *     it fizzles.  Side 1 wiped: side 0 wins in turn 6.  3 steps.
 * Steps 3+3+3+3+4+3+3 = 22.
 * Side 0 (creation order): 泡子 4, R1 5, B1 4, R2 5, B2 4, 泡子' 5, R3 4,
 * R4 5, B3 4, R5 5, R6 5, B4 5, B5 5: score 60.  Side 1: −1.
 */
/* BU-CUST-4 BU-PLACE-1 BU-ALL-1 BU-ALL-2 AM-TEMPO-2 */
static void test_example_bubbles(void **state)
{
	static tf_outcome o;
	tf_team a, b;
	size_t k;
	const int64_t hp[13] = {4, 5, 4, 5, 4, 5, 4, 5, 4, 5, 5, 5, 5};
	const uint32_t def[13] = {0, 1, 2, 1, 2, 0, 1, 1, 2, 1, 1, 2, 2};
	const tf_act self = ACT(.name = "バブリアセルフ", .cls = AM_CLASS_BUILD,
	                        .build = "泡子", .limited = 1, .delay = 4,
	                        .place = -1);
	const tf_act red = ACT(.name = "バブリアレッド", .cls = AM_CLASS_BUILD,
	                       .build = "バブルレッド", .delay = 2, .place = 1000);
	const tf_act blue = ACT(.name = "バブリアブルー", .cls = AM_CLASS_BUILD,
	                        .build = "バブルブルー", .delay = 2, .place = 1000);
	const tf_act rr = ACT(.name = "赤赤", .cls = AM_CLASS_HALVE, .all = 1,
	                      .delay = 3);
	const tf_act bb = ACT(.name = "青青", .cls = AM_CLASS_REFLECT, .all = 1,
	                      .delay = 4);
	(void)state;

	TEAM(&a, UNIT(.name = "泡子", .love = 2,
	              .hp = 5, .atk = 0, .def = 0, .spd = 2,
	              .actions = {self, red, blue}),
	         UNIT(.name = "バブルレッド", .bonus = 4,
	              .hp = 5, .atk = 0, .def = 0, .spd = 1,
	              .actions = {rr}),
	         UNIT(.name = "バブルブルー", .bonus = 4,
	              .hp = 5, .atk = 0, .def = 0, .spd = 1,
	              .actions = {bb}));
	assert_int_equal(tf_action(&a, self.name)->cost, 1);
	assert_int_equal(tf_action(&a, red.name)->cost, 2);
	assert_int_equal(tf_action(&a, blue.name)->cost, 2);
	assert_int_equal(tf_action(&a, rr.name)->cost, 2);
	assert_int_equal(tf_action(&a, bb.name)->cost, 2);
	assert_int_equal(a.units[0].tech, 5);
	TEAM(&b, UNIT(.name = "剣", .hp = 35, .atk = 1, .def = 0, .spd = 1,
	              .actions = {ACT(.cls = AM_CLASS_DIRECT)}));

	tf_run_both(&o, &a, &b);
	expect_result(&o, 0, 6, 60, -1, 22);
	expect_count(&o, 0, 13);
	for (k = 0; k < 13; k++) {
		expect_unit(&o, 0, k, def[k], hp[k], 1);
		assert_int_equal(tf_U(&o, 0, k)->states[AM_STATE_REFLECT],
		                 k == 12 ? 0 : 1);
	}
	expect_unit(&o, 1, 0, 0, -1, 0);
	assert_int_equal(tf_U(&o, 1, 0)->died_turn, 6);
	expect_line(&o, 0, 13,
	            (int[]){12, 11, 10, 9, 8, 7, 6, 4, 3, 2, 1, 0, 5});
	expect_line(&o, 1, 0, NULL);
	expect_hp_at(&o, 4, 1, 0, 35);
	expect_hp_at(&o, 5, 1, 0, 17);
	expect_build_ev(&o, tf_gid(&o, 0, 5), 0, 4, 5);      /* 泡子' */
	expect_build_ev(&o, tf_gid(&o, 0, 10), (int32_t)tf_gid(&o, 0, 5), 6, 0);
	assert_int_equal(tf_count_ev(&o, AM_EV_REFLECT, -1), 1);
	assert_int_equal(o.spent[0][0], 1);
	assert_int_equal(o.spent[tf_gid(&o, 0, 5)][0], 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		TF_TEST("BU-PLACE-1 BU-CUST-1", test_place_example),
		TF_TEST("BU-PLACE-1", test_place_clamp),
		TF_TEST("BU-BUILD-2 BU-BUILD-3", test_build_timing),
		TF_TEST("BU-BUILD-3 BU-BUILD-4 AM-TURN-3",
		        test_build_turn0_fast),
		TF_TEST("BU-BUILD-4", test_build_hp0_dies),
		TF_TEST("BU-ORDER-1 AM-TEMPO-3", test_order_global),
		TF_TEST("BU-LINE-1 BU-LINE-2 BU-RESULT-2",
		        test_attack_front_retire),
		TF_TEST("BU-LINE-2 BU-ORDER-2 BU-BUILD-4",
		        test_dead_keeps_place),
		TF_TEST("BU-TARGET-1 BU-CUST-2", test_target_n),
		TF_TEST("BU-LINE-2 BU-TARGET-1", test_target_after_turn1_death),
		TF_TEST("BU-ALL-1 BU-ALL-2 BU-CUST-3", test_all_support_attack),
		TF_TEST("AM-TEMPO-7 BU-ALL-2", test_all_stack_order),
		TF_TEST("BU-RESULT-1 BU-RESULT-2", test_wipe_overkill_sum),
		TF_TEST("BU-POP-1", test_population_limit),
		TF_TEST("BU-BUILD-1 BU-CUST-4 BU-LINE-1 AM-TEMPO-2",
		        test_example_shinigami),
		TF_TEST("BU-CUST-4 BU-PLACE-1 BU-ALL-1 BU-ALL-2 AM-TEMPO-2",
		        test_example_bubbles),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
