/*
 * test_rules.c - an independent suite of hand-derived battle scenarios, one
 * (or more) per rule point of the core game (アマリリス).
 *
 * Sources: the rule text (RPG013 アマリリス) and the project's rulings,
 * section A ("RULINGS A6" below), as docs/AMARYLLIS.md states them; each test
 * names the rule IDs it checks, above it and in its cmocka name.  The
 * implementation under test was NOT read while writing these tests: every
 * expected figure is derived by hand in the comment above its test.
 *
 * Notation of a unit: 名前 ＨＰ/攻撃力/防御力/素早さ 技術 [actions in set order].
 * Bonus check: ＨＰ/5 + 攻撃力 + 防御力 + 素早さ + 技術 = 10 (the fixture helper
 * computes 技術 from the other four and asserts the action costs fit).
 * "T3: …" = turn 3.  Unless an action says 高速起動 / 遅延起動, it is usable
 * from turn 1, so turn 0 is a turn of empty steps.  A unit's action is
 * "used" for the rest of the turn once executed, so a unit with more AP than
 * usable actions idles in its extra steps.
 */
#include <string.h>

#include "amaryllis/engine.h"
#include "support/fixture.h"

/* ---- one unit a side ----------------------------------------------------- */

/* A core battle, both orders (tests/support: mirrored, and the same with
 * every shortcut off): it must succeed with one unit a side. */
static void run_both(tf_outcome *f, const tf_team *a, const tf_team *b)
{
	tf_run_both(f, a, b);
	assert_int_equal(f->n, 2);
}

/* One core battle with options. */
static void run_opts(tf_outcome *f, const tf_team *a, const tf_team *b,
                     const am_battle_opts *o)
{
	tf_run(f, a, b, o);
	assert_int_equal(f->rc, 0);
	assert_int_equal(f->n, 2);
}

/* Outcome checks shared by every scenario. */
static void expect(const tf_outcome *f, int winner, int turns, int64_t hp0,
                   int64_t hp1)
{
	assert_int_equal(f->r.winner, winner);
	assert_int_equal(f->r.draw, winner < 0);
	assert_int_equal(f->r.tie_broken, 0);
	assert_int_equal(f->r.turns, turns);
	assert_int_equal(f->u[0].hp, hp0);
	assert_int_equal(f->u[1].hp, hp1);
	/* one unit a side: the score is the ＨＰ (overkill when dead) */
	assert_int_equal(f->r.score[0], hp0);
	assert_int_equal(f->r.score[1], hp1);
}

static void expect_alive(const tf_outcome *f, int alive0, int alive1)
{
	assert_int_equal(f->u[0].alive, alive0);
	assert_int_equal(f->u[1].alive, alive1);
}

/* ＨＰ of unit `id` when turn `t` ended. */
static void expect_hp_at(const tf_outcome *f, int t, int64_t hp0,
                         int64_t hp1)
{
	assert_true(f->log.seen_end[t]);
	assert_int_equal(f->log.hp_end[t][0], hp0);
	assert_int_equal(f->log.hp_end[t][1], hp1);
}

/* A unit with no actions: 防御力 def, 素早さ 0, ＨＰ hp. */
static void dummy(tf_team *f, const char *name, int64_t hp, int64_t def)
{
	TEAM(f, UNIT(.name = name, .hp = hp, .def = def));
}

/* ======================================================================== */
/* 1. The ten action classes                                                */
/* ======================================================================== */

/*
 * 直接攻撃 (cost 1), damage = 攻撃力 − 対象防御力.
 * 撃 20/3/1/1 技術1 [直接攻撃]   的 20/0/1/0 技術5 [] (素早さ 0: never acts)
 * T0: 撃 has AP 1, nothing usable.  Tn (n≥1): 撃 hits 3−1 = 2.
 * 的 = 20 − 2n: T1 18 … T9 2, T10 0 → dead.  撃 wins in turn 10, 撃 20, 的 0.
 */
/* AM-CLASS-1 AM-TEMPO-1 */
static void test_class_direct(void **state)
{
	tf_team a, b;
	static tf_outcome f;
	TEAM(&a, UNIT(.name = "撃", .hp = 20, .atk = 3, .def = 1, .spd = 1,
	              .actions = {ACT(.cls = AM_CLASS_DIRECT)}));
	dummy(&b, "的", 20, 1);
	run_both(&f, &a, &b);
	expect(&f, 0, 10, 20, 0);
	expect_alive(&f, 1, 0);
	expect_hp_at(&f, 0, 20, 20);
	expect_hp_at(&f, 1, 20, 18);
	expect_hp_at(&f, 9, 20, 2);
	assert_int_equal(tf_count_ev(&f, AM_EV_DAMAGE, 0), 10);
	assert_int_equal(tf_sum_ev(&f, AM_EV_DAMAGE, 1), 20);
}

/*
 * 防御無視攻撃 (cost 3), damage = 攻撃力, 防御力 ignored.
 * 貫 15/3/0/1 技術3 [防御無視攻撃]   壁 20/0/5/0 技術1 []
 * Tn: 3 damage (a 直接攻撃 would be 3−5 < 0, a failure).
 * 壁: 17, 14, 11, 8, 5, 2, T7 −1 → dead.  貫 wins in turn 7.
 */
/* AM-CLASS-2 */
static void test_class_pierce(void **state)
{
	tf_team a, b;
	static tf_outcome f;
	TEAM(&a, UNIT(.name = "貫", .hp = 15, .atk = 3, .def = 0, .spd = 1,
	              .actions = {ACT(.cls = AM_CLASS_PIERCE)}));
	assert_int_equal(tf_slot(&a, 0, 0)->cost, 3);
	dummy(&b, "壁", 20, 5);
	run_both(&f, &a, &b);
	expect(&f, 0, 7, 15, -1);
	expect_alive(&f, 1, 0);
	expect_hp_at(&f, 6, 15, 2);
	assert_int_equal(tf_count_ev(&f, AM_EV_FAIL, -1), 0);
}

/*
 * ＨＰ減殺 (cost 3), damage = ⌈対象ＨＰ ÷ 2⌉ (odd ＨＰ rounds up), 防御力 ignored.
 * 削 15/0/0/1 技術6 [ＨＰ減殺]   城 25/0/2/0 技術3 []
 * T1: ⌈25/2⌉ = 13 → 12.  T2: 6 → 6.  T3: 3 → 3.  T4: ⌈3/2⌉ = 2 → 1.
 * T5: ⌈1/2⌉ = 1 → 0 → dead.  削 wins in turn 5, 城 at 0.
 */
/* AM-CLASS-3 */
static void test_class_halve(void **state)
{
	tf_team a, b;
	static tf_outcome f;
	TEAM(&a, UNIT(.name = "削", .hp = 15, .atk = 0, .def = 0, .spd = 1,
	              .actions = {ACT(.cls = AM_CLASS_HALVE)}));
	dummy(&b, "城", 25, 2);
	run_both(&f, &a, &b);
	expect(&f, 0, 5, 15, 0);
	expect_alive(&f, 1, 0);
	expect_hp_at(&f, 1, 15, 12);
	expect_hp_at(&f, 2, 15, 6);
	expect_hp_at(&f, 3, 15, 3);
	expect_hp_at(&f, 4, 15, 1);
}

/*
 * 攻撃力＋Ｎ (cost Ｎ).
 * 鍛 20/1/0/2 技術3 [攻撃力＋2, 直接攻撃]   的 20/0/0/0 技術6 []
 * Each turn 鍛 has AP 2: step 1 攻撃力 +2, step 2 直接攻撃 with the new value.
 * T1: 攻撃力 3, hit 3 → 17.  T2: 5 → 12.  T3: 7 → 5.  T4: 9 → −4 → dead.
 * 鍛 wins in turn 4, 攻撃力 9.
 */
/* AM-CLASS-4 AM-SUP-1 */
static void test_class_atk_up(void **state)
{
	tf_team a, b;
	static tf_outcome f;
	TEAM(&a, UNIT(.name = "鍛", .hp = 20, .atk = 1, .def = 0, .spd = 2,
	              .actions = {ACT(.cls = AM_CLASS_ATK_UP, .n = 2),
	                          ACT(.cls = AM_CLASS_DIRECT)}));
	dummy(&b, "的", 20, 0);
	run_both(&f, &a, &b);
	expect(&f, 0, 4, 20, -4);
	expect_alive(&f, 1, 0);
	assert_int_equal(f.u[0].atk, 9);
	expect_hp_at(&f, 3, 20, 5);
}

/*
 * 防御力＋Ｎ (cost Ｎ), and the 20-turn limit with a ＨＰ comparison.
 * 槍 15/5/0/1 技術1 [直接攻撃]   亀 20/0/0/2 技術4 [防御力＋2]
 * 亀 (素早さ 2) acts before 槍 (1): step 1 防御力 +2, step 2 idle; then 槍.
 * T1: 防御 2, 5−2 = 3 → 17.  T2: 防御 4, 1 → 16.  T3: 防御 6, −1 fails;
 * all later attacks fail.  After T20: 防御 40; 槍 15 < 亀 16 → 亀 wins,
 * turns 20.
 */
/* AM-CLASS-5 AM-RESULT-1 */
static void test_class_def_up(void **state)
{
	tf_team a, b;
	static tf_outcome f;
	TEAM(&a, UNIT(.name = "槍", .hp = 15, .atk = 5, .def = 0, .spd = 1,
	              .actions = {ACT(.cls = AM_CLASS_DIRECT)}));
	TEAM(&b, UNIT(.name = "亀", .hp = 20, .atk = 0, .def = 0, .spd = 2,
	              .actions = {ACT(.cls = AM_CLASS_DEF_UP, .n = 2)}));
	run_both(&f, &a, &b);
	expect(&f, 1, 20, 15, 16);
	expect_alive(&f, 1, 1);
	assert_int_equal(f.u[1].def, 40);
	expect_hp_at(&f, 2, 15, 16);
	assert_int_equal(tf_count_ev(&f, AM_EV_FAIL, 0), 18);
}

/*
 * 素早さ＋Ｎ (cost Ｎ); AP is set only in the AP phase (RULINGS A5).
 * 疾 20/2/0/1 技術3 [素早さ＋1, 直接攻撃]   的 20/0/0/0 技術6 []
 * T0: AP 1, nothing usable.  T1: AP 1: 素早さ → 2; no AP left (the raise
 * does not add AP this turn), so no attack.  Tn (n≥2): AP = n: 素早さ +1,
 * hit 2, idle.  的 = 20 − 2(n−1): T2 18 … T10 2, T11 0 → dead.
 * 疾 wins in turn 11 with 素早さ 1 + 11 = 12.
 */
/* AM-CLASS-6 AM-AP-1 */
static void test_class_spd_up(void **state)
{
	tf_team a, b;
	static tf_outcome f;
	TEAM(&a, UNIT(.name = "疾", .hp = 20, .atk = 2, .def = 0, .spd = 1,
	              .actions = {ACT(.cls = AM_CLASS_SPD_UP, .n = 1),
	                          ACT(.cls = AM_CLASS_DIRECT)}));
	dummy(&b, "的", 20, 0);
	run_both(&f, &a, &b);
	expect(&f, 0, 11, 20, 0);
	expect_alive(&f, 1, 0);
	assert_int_equal(f.u[0].spd, 12);
	expect_hp_at(&f, 1, 20, 20);
	expect_hp_at(&f, 2, 20, 18);
}

/*
 * ガード与え (cost 1): damage halved, rounded up.
 * 盾 20/0/0/2 技術4 [ガード与え]   拳 5/5/0/1 技術3 [直接攻撃]
 * Each turn 盾 (faster) gains one ガード, then 拳 hits 5 → ⌈5/2⌉ = 3, using it.
 * 盾: 17, 14, 11, 8, 5, 2, T7 −1 → dead.  拳 wins in turn 7, ガード left 0.
 */
/* AM-CLASS-7 AM-TEMPO-4 */
static void test_class_guard(void **state)
{
	tf_team a, b;
	static tf_outcome f;
	TEAM(&a, UNIT(.name = "盾", .hp = 20, .atk = 0, .def = 0, .spd = 2,
	              .actions = {ACT(.cls = AM_CLASS_GUARD)}));
	TEAM(&b, UNIT(.name = "拳", .hp = 5, .atk = 5, .def = 0, .spd = 1,
	              .actions = {ACT(.cls = AM_CLASS_DIRECT)}));
	run_both(&f, &a, &b);
	expect(&f, 1, 7, -1, 5);
	expect_alive(&f, 0, 1);
	assert_int_equal(f.u[0].states[AM_STATE_GUARD], 0);
	expect_hp_at(&f, 1, 17, 5);
	assert_int_equal(tf_count_ev(&f, AM_EV_GUARD, -1), 7);
}

/*
 * 反射与え (cost 4): the attack turns back on the attacker, resolved against
 * the attacker's own 防御力 (RULINGS A6: it resolves on the final target).
 * 鏡 20/0/0/2 技術4 [反射与え]   殴 10/3/1/1 技術3 [直接攻撃]
 * Each turn 鏡 gains 反射, then 殴's attack is reflected: 3 − 1 = 2 to 殴.
 * 殴: 8, 6, 4, 2, T5 0 → dead.  鏡 wins in turn 5 untouched, 反射 left 0.
 */
/* AM-CLASS-8 AM-TEMPO-2 AM-TEMPO-8 */
static void test_class_reflect(void **state)
{
	tf_team a, b;
	static tf_outcome f;
	TEAM(&a, UNIT(.name = "鏡", .hp = 20, .atk = 0, .def = 0, .spd = 2,
	              .actions = {ACT(.cls = AM_CLASS_REFLECT)}));
	assert_int_equal(tf_slot(&a, 0, 0)->cost, 4);
	TEAM(&b, UNIT(.name = "殴", .hp = 10, .atk = 3, .def = 1, .spd = 1,
	              .actions = {ACT(.cls = AM_CLASS_DIRECT)}));
	run_both(&f, &a, &b);
	expect(&f, 0, 5, 20, 0);
	expect_alive(&f, 1, 0);
	assert_int_equal(f.u[0].states[AM_STATE_REFLECT], 0);
	assert_int_equal(tf_count_ev(&f, AM_EV_REFLECT, -1), 5);
	expect_hp_at(&f, 4, 20, 2);
}

/*
 * ライフ与え (cost ⌈2/2⌉ = 1, リミテッド); two stacks revive twice.
 * 命 10/0/4/2 技術2 [ライフ与え＜リミテッド＞ ×2]   刺 5/5/0/1 技術3 [防御無視攻撃]
 * T1: 命 gains ライフ twice (both spent); 刺 hits 5 → 5.
 * T2: 刺 hits 5 → 0 → ライフ: ＨＰ 1 (ライフ 1).  T3: 1−5 = −4 → ライフ: 1
 * (ライフ 0).  T4: −4 → dead.  刺 wins in turn 4, 命 at −4.
 */
/* AM-CLASS-9 AM-DEATH-1 AM-STATE-5 */
static void test_class_life(void **state)
{
	tf_team a, b;
	static tf_outcome f;
	TEAM(&a, UNIT(.name = "命", .hp = 10, .atk = 0, .def = 4, .spd = 2,
	              .actions = {ACT(.cls = AM_CLASS_LIFE, .limited = 1),
	                          ACT(.cls = AM_CLASS_LIFE, .limited = 1)}));
	assert_int_equal(tf_slot(&a, 0, 0)->cost, 1);
	TEAM(&b, UNIT(.name = "刺", .hp = 5, .atk = 5, .def = 0, .spd = 1,
	              .actions = {ACT(.cls = AM_CLASS_PIERCE)}));
	run_both(&f, &a, &b);
	expect(&f, 1, 4, -4, 5);
	expect_alive(&f, 0, 1);
	expect_hp_at(&f, 1, 5, 5);
	expect_hp_at(&f, 2, 1, 5);
	expect_hp_at(&f, 3, 1, 5);
	assert_int_equal(f.u[0].states[AM_STATE_LIFE], 0);
	assert_int_equal(tf_count_ev(&f, AM_EV_LIFE, -1), 2);
	assert_int_equal(f.spent[0][0], 1);
	assert_int_equal(f.spent[0][1], 1);
	assert_int_equal(f.u[0].died_turn, 4);
}

/*
 * ＨＰ回復 (cost ⌈2/(2·3)⌉ = 1 with リミテッド and 遅延起動3): ＨＰ := initial.
 * 癒 20/0/0/1 技術5 [ＨＰ回復＜リミテッド＞＜遅延起動3＞]
 * 刺 10/3/0/2 技術3 [防御無視攻撃]   (刺 is faster and hits first each turn)
 * T1 17, T2 14, T3 刺 → 11, then 癒 heals → 20.  T4 17, T5 14, T6 11,
 * T7 8, T8 5, T9 2, T10 −1 → dead.  刺 wins in turn 10.
 */
/* AM-CLASS-10 AM-CUST-1 AM-CUST-2 */
static void test_class_heal(void **state)
{
	tf_team a, b;
	static tf_outcome f;
	TEAM(&a, UNIT(.name = "癒", .hp = 20, .atk = 0, .def = 0, .spd = 1,
	              .actions = {ACT(.cls = AM_CLASS_HEAL, .limited = 1,
	                              .delay = 3)}));
	assert_int_equal(tf_slot(&a, 0, 0)->cost, 1);
	TEAM(&b, UNIT(.name = "刺", .hp = 10, .atk = 3, .def = 0, .spd = 2,
	              .actions = {ACT(.cls = AM_CLASS_PIERCE)}));
	run_both(&f, &a, &b);
	expect(&f, 1, 10, -1, 10);
	expect_alive(&f, 0, 1);
	expect_hp_at(&f, 2, 14, 10);
	expect_hp_at(&f, 3, 20, 10);
	expect_hp_at(&f, 9, 2, 10);
	assert_int_equal(tf_count_ev(&f, AM_EV_HEAL, -1), 1);
	assert_int_equal(f.spent[0][0], 1);
}

/* ======================================================================== */
/* 2. Customisations                                                        */
/* ======================================================================== */

/*
 * リミテッド: once only.
 * 一 15/4/0/1 技術2 [直接攻撃＜リミテッド＞ (cost 1)]   岩 20/0/0/0 技術6 []
 * T1: 4 → 岩 16; the action is gone.  Nothing else happens.
 * After T20: 一 15 < 岩 16 → 岩 wins, turns 20.
 */
/* AM-CUST-1 */
static void test_custom_limited(void **state)
{
	tf_team a, b;
	static tf_outcome f;
	TEAM(&a, UNIT(.name = "一", .hp = 15, .atk = 4, .def = 0, .spd = 1,
	              .actions = {ACT(.cls = AM_CLASS_DIRECT, .limited = 1)}));
	assert_int_equal(tf_slot(&a, 0, 0)->cost, 1);
	dummy(&b, "岩", 20, 0);
	run_both(&f, &a, &b);
	expect(&f, 1, 20, 15, 16);
	expect_alive(&f, 1, 1);
	assert_int_equal(f.spent[0][0], 1);
	assert_int_equal(tf_count_ev(&f, AM_EV_DAMAGE, 0), 1);
}

/*
 * 遅延起動Ｎ: usable from turn Ｎ.
 * 遅 15/5/0/1 技術1 [直接攻撃＜遅延起動3＞ (cost ⌈1/3⌉ = 1)]   岩 20/0/0/0
 * T1, T2: nothing usable.  T3 15, T4 10, T5 5, T6 0 → dead.  遅 wins, turn 6.
 */
/* AM-CUST-2 AM-TURN-2 */
static void test_custom_delay(void **state)
{
	tf_team a, b;
	static tf_outcome f;
	TEAM(&a, UNIT(.name = "遅", .hp = 15, .atk = 5, .def = 0, .spd = 1,
	              .actions = {ACT(.cls = AM_CLASS_DIRECT, .delay = 3)}));
	assert_int_equal(tf_slot(&a, 0, 0)->cost, 1);
	dummy(&b, "岩", 20, 0);
	run_both(&f, &a, &b);
	expect(&f, 0, 6, 15, 0);
	expect_alive(&f, 1, 0);
	expect_hp_at(&f, 2, 15, 20);
	expect_hp_at(&f, 3, 15, 15);
}

/*
 * 高速起動: usable from turn 0 (and every turn after).
 * 速 15/4/0/1 技術2 [直接攻撃＜高速起動＞ (cost 2)]   岩 20/0/0/0
 * T0 16, T1 12, T2 8, T3 4, T4 0 → dead.  速 wins in turn 4.
 */
/* AM-CUST-3 AM-TURN-2 */
static void test_custom_fast(void **state)
{
	tf_team a, b;
	static tf_outcome f;
	TEAM(&a, UNIT(.name = "速", .hp = 15, .atk = 4, .def = 0, .spd = 1,
	              .actions = {ACT(.cls = AM_CLASS_DIRECT, .fast = 1)}));
	assert_int_equal(tf_slot(&a, 0, 0)->cost, 2);
	dummy(&b, "岩", 20, 0);
	run_both(&f, &a, &b);
	expect(&f, 0, 4, 15, 0);
	expect_alive(&f, 1, 0);
	expect_hp_at(&f, 0, 15, 16);
	expect_hp_at(&f, 3, 15, 4);
}

/*
 * 効果Ｎ倍 on 直接攻撃: X = 攻撃力 × Ｎ, then minus 防御力.
 * 倍 10/3/0/1 技術4 [直接攻撃＜効果2倍＞ (cost 1·2² = 4)]   壁 20/0/2/0 技術4
 * Tn: 3·2 − 2 = 4 (not (3−2)·2 = 2).  壁: 16, 12, 8, 4, T5 0 → dead.
 */
/* AM-CUST-4 AM-CLASS-1 */
static void test_custom_mult_direct(void **state)
{
	tf_team a, b;
	static tf_outcome f;
	TEAM(&a, UNIT(.name = "倍", .hp = 10, .atk = 3, .def = 0, .spd = 1,
	              .actions = {ACT(.cls = AM_CLASS_DIRECT, .mult = 2)}));
	assert_int_equal(tf_slot(&a, 0, 0)->cost, 4);
	dummy(&b, "壁", 20, 2);
	run_both(&f, &a, &b);
	expect(&f, 0, 5, 10, 0);
	expect_alive(&f, 1, 0);
	expect_hp_at(&f, 1, 10, 16);
}

/*
 * 効果Ｎ倍 on ＨＰ減殺: X = 対象ＨＰ × Ｎ, damage ⌈X/2⌉.
 * 砕 10/0/0/1 技術7 [ＨＰ減殺＜効果3倍＞＜リミテッド＞＜遅延起動3＞]
 *   cost ⌈3·9 / (2·3)⌉ = ⌈27/6⌉ = 5.
 * 城 25/0/2/0 技術3 [].
 * T3: X = 25·3 = 75, damage ⌈75/2⌉ = 38 (not 3·⌈25/2⌉ = 39) → 城 −13, dead.
 */
/* AM-CUST-4 AM-CLASS-3 AM-COST-1 */
static void test_custom_mult_halve(void **state)
{
	tf_team a, b;
	static tf_outcome f;
	TEAM(&a, UNIT(.name = "砕", .hp = 10, .atk = 0, .def = 0, .spd = 1,
	              .actions = {ACT(.cls = AM_CLASS_HALVE, .mult = 3,
	                              .limited = 1, .delay = 3)}));
	assert_int_equal(tf_slot(&a, 0, 0)->cost, 5);
	dummy(&b, "城", 25, 2);
	run_both(&f, &a, &b);
	expect(&f, 0, 3, 10, -13);
	expect_alive(&f, 1, 0);
	assert_int_equal(tf_sum_ev(&f, AM_EV_DAMAGE, 1), 38);
}

/*
 * スタン与え ×2: two スタン on a hit of ≥ 1; one is removed per stunned step.
 * 痺 20/1/0/2 技術3 [直接攻撃＜スタン与え＞＜スタン与え＞＜リミテッド＞]
 *   cost ⌈1·2·2/2⌉ = 2.
 * 反 5/4/0/1 技術4 [直接攻撃].
 * T1: 痺 (faster) hits 1 → 反 4, スタン 2; 痺 idles.  反's step: スタン
 * processing (AP spent, スタン 1).  T2: 痺 idles twice; 反 stunned (スタン 0).
 * T3..: 反 hits 4 each turn: 痺 16, 12, 8, 4, T7 0 → dead.  反 wins, turn 7.
 */
/* AM-CUST-5 AM-STATE-2 */
static void test_custom_stun2(void **state)
{
	tf_team a, b;
	static tf_outcome f;
	TEAM(&a, UNIT(.name = "痺", .hp = 20, .atk = 1, .def = 0, .spd = 2,
	              .actions = {ACT(.cls = AM_CLASS_DIRECT, .stun = 2,
	                              .limited = 1)}));
	assert_int_equal(tf_slot(&a, 0, 0)->cost, 2);
	TEAM(&b, UNIT(.name = "反", .hp = 5, .atk = 4, .def = 0, .spd = 1,
	              .actions = {ACT(.cls = AM_CLASS_DIRECT)}));
	run_both(&f, &a, &b);
	expect(&f, 1, 7, 0, 4);
	expect_alive(&f, 0, 1);
	expect_hp_at(&f, 1, 20, 4);
	expect_hp_at(&f, 2, 20, 4);
	expect_hp_at(&f, 3, 16, 4);
	assert_int_equal(f.u[1].states[AM_STATE_STUN], 0);
	assert_int_equal(tf_count_ev(&f, AM_EV_STUNNED, 1), 2);
}

/*
 * 毒与え ×2: two 毒 on a hit of ≥ 1; each 毒 takes 1 ＨＰ per poison phase.
 * 蛇 20/1/0/1 技術4 [直接攻撃＜毒与え＞＜毒与え＞＜リミテッド＞ (cost 2)]
 * 岩 20/0/0/0 技術6 [].
 * T1: hit 1 → 19, 毒 2.  Poison phase of Tn (n≥2): −2 → 19 − 2(n−1):
 * T2 17 … T10 1, T11 −1 → dead in the poison phase.  蛇 wins in turn 11.
 */
/* AM-CUST-6 AM-STATE-1 */
static void test_custom_poison2(void **state)
{
	tf_team a, b;
	static tf_outcome f;
	TEAM(&a, UNIT(.name = "蛇", .hp = 20, .atk = 1, .def = 0, .spd = 1,
	              .actions = {ACT(.cls = AM_CLASS_DIRECT, .poison = 2,
	                              .limited = 1)}));
	assert_int_equal(tf_slot(&a, 0, 0)->cost, 2);
	dummy(&b, "岩", 20, 0);
	run_both(&f, &a, &b);
	expect(&f, 0, 11, 20, -1);
	expect_alive(&f, 1, 0);
	assert_int_equal(f.u[1].states[AM_STATE_POISON], 2);
	expect_hp_at(&f, 1, 20, 19);
	expect_hp_at(&f, 2, 20, 17);
	expect_hp_at(&f, 10, 20, 1);
	assert_int_equal(tf_sum_ev(&f, AM_EV_POISON, 1), 20);
}

/* ======================================================================== */
/* 3. Turn 0                                                                */
/* ======================================================================== */

/*
 * No death check in turn 0; the turn-1 start check kills.
 * 先 5/5/0/2 技術2 [直接攻撃＜高速起動＞]   後 5/2/0/1 技術6 [直接攻撃＜高速起動＞]
 * T0: 先 (faster) hits 5 → 後 0, but 後 does not die in turn 0; 先 idles;
 * 後 still takes its step and hits 2 → 先 3.
 * T1 start: 後 has ＨＰ 0 → dies.  先 wins, turns 1, 先 3, 後 0.
 */
/* AM-TURN-3 AM-TURN-4 */
static void test_turn0_no_death(void **state)
{
	tf_team a, b;
	static tf_outcome f;
	TEAM(&a, UNIT(.name = "先", .hp = 5, .atk = 5, .def = 0, .spd = 2,
	              .actions = {ACT(.cls = AM_CLASS_DIRECT, .fast = 1)}));
	TEAM(&b, UNIT(.name = "後", .hp = 5, .atk = 2, .def = 0, .spd = 1,
	              .actions = {ACT(.cls = AM_CLASS_DIRECT, .fast = 1)}));
	run_both(&f, &a, &b);
	expect(&f, 0, 1, 3, 0);
	expect_alive(&f, 1, 0);
	expect_hp_at(&f, 0, 3, 0);
	assert_int_equal(f.u[1].died_turn, 1);
	assert_int_equal(tf_count_ev(&f, AM_EV_DAMAGE, 1), 1);
}

/*
 * ライフ gained after a lethal turn-0 hit still revives at the turn-1 check.
 * 先 5/5/0/2 技術2 [直接攻撃＜高速起動＞]
 * 後 5/2/0/1 技術6 [ライフ与え＜高速起動＞＜リミテッド＞ (cost 2),
 *                   直接攻撃＜高速起動＞ (cost 2)]
 * T0: 先 hits 5 → 後 0 (no death check); 後's one step: ライフ (spent).
 * T1 start: 後 ＨＰ 0 → ライフ → ＨＰ 1, ライフ 0.  T1: 先 hits 5 → 後 −4,
 * dead.  先 wins in turn 1 untouched.
 */
/* AM-TURN-4 AM-DEATH-1 */
static void test_turn0_life(void **state)
{
	tf_team a, b;
	static tf_outcome f;
	TEAM(&a, UNIT(.name = "先", .hp = 5, .atk = 5, .def = 0, .spd = 2,
	              .actions = {ACT(.cls = AM_CLASS_DIRECT, .fast = 1)}));
	TEAM(&b, UNIT(.name = "後", .hp = 5, .atk = 2, .def = 0, .spd = 1,
	              .actions = {ACT(.cls = AM_CLASS_LIFE, .fast = 1,
	                              .limited = 1),
	                          ACT(.cls = AM_CLASS_DIRECT, .fast = 1)}));
	assert_int_equal(tf_slot(&b, 0, 0)->cost, 2);
	run_both(&f, &a, &b);
	expect(&f, 0, 1, 5, -4);
	expect_alive(&f, 1, 0);
	expect_hp_at(&f, 0, 5, 0);
	assert_int_equal(tf_count_ev(&f, AM_EV_LIFE, -1), 1);
	assert_int_equal(f.u[1].states[AM_STATE_LIFE], 0);
	assert_int_equal(f.spent[1][0], 1);
}

/* ======================================================================== */
/* 4. AP and speed order                                                    */
/* ======================================================================== */

/*
 * The faster unit takes all its steps first.
 * 連 15/3/0/2 技術2 [直接攻撃, 直接攻撃]   返 5/5/0/1 技術3 [直接攻撃]
 * T1: 連 step 1: 3 → 返 2; 連 step 2 (the second slot): 3 → 返 −1, dead.
 * 返 never acts (interleaving would have let it hit 5).  連 wins, turn 1.
 */
/* AM-STEP-1 AM-STEP-2 */
static void test_order_faster_first(void **state)
{
	tf_team a, b;
	static tf_outcome f;
	TEAM(&a, UNIT(.name = "連", .hp = 15, .atk = 3, .def = 0, .spd = 2,
	              .actions = {ACT(.cls = AM_CLASS_DIRECT),
	                          ACT(.cls = AM_CLASS_DIRECT)}));
	TEAM(&b, UNIT(.name = "返", .hp = 5, .atk = 5, .def = 0, .spd = 1,
	              .actions = {ACT(.cls = AM_CLASS_DIRECT)}));
	run_both(&f, &a, &b);
	expect(&f, 0, 1, 15, -1);
	expect_alive(&f, 1, 0);
	assert_int_equal(tf_count_ev(&f, AM_EV_ACTION, 1), 0);
}

/*
 * 素早さ＋Ｎ changes the order at once (speeds are read before every step).
 * 疾 5/5/0/2 技術2 [素早さ＋1, 直接攻撃]
 * 鈍 5/1/0/2 技術6 [直接攻撃, 防御力＋5]
 * T0: two simultaneous empty steps.
 * T1 step 1 (素早さ 2 = 2, simultaneous): support 疾 素早さ 3; attack 鈍 → 疾
 *   1 → 4.  Step 2: 疾 (3) > 鈍 (2): 疾 alone hits 5 − 0 = 5 → 鈍 0, dead.
 *   (Had step 2 stayed simultaneous, 鈍's 防御力＋5 would land first and the
 *   hit would do 0.)  疾 wins in turn 1, 疾 4, 鈍 0 with 防御力 0.
 */
/* AM-STEP-1 AM-CLASS-6 */
static void test_order_spd_up_at_once(void **state)
{
	tf_team a, b;
	static tf_outcome f;
	TEAM(&a, UNIT(.name = "疾", .hp = 5, .atk = 5, .def = 0, .spd = 2,
	              .actions = {ACT(.cls = AM_CLASS_SPD_UP, .n = 1),
	                          ACT(.cls = AM_CLASS_DIRECT)}));
	TEAM(&b, UNIT(.name = "鈍", .hp = 5, .atk = 1, .def = 0, .spd = 2,
	              .actions = {ACT(.cls = AM_CLASS_DIRECT),
	                          ACT(.cls = AM_CLASS_DEF_UP, .n = 5)}));
	run_both(&f, &a, &b);
	expect(&f, 0, 1, 4, 0);
	expect_alive(&f, 1, 0);
	assert_int_equal(f.u[0].spd, 3);
	assert_int_equal(f.u[1].def, 0);
}

/*
 * A unit with 素早さ 0 gets AP 0 and never acts.
 * 像 5/4/0/0 技術5 [直接攻撃]   蚊 5/1/0/1 技術7 [直接攻撃]
 * Tn: only 蚊 acts: 1 → 像 5 − n; T5 0 → dead.  蚊 wins in turn 5 untouched.
 */
/* AM-AP-1 */
static void test_order_speed_zero(void **state)
{
	tf_team a, b;
	static tf_outcome f;
	TEAM(&a, UNIT(.name = "像", .hp = 5, .atk = 4, .def = 0, .spd = 0,
	              .actions = {ACT(.cls = AM_CLASS_DIRECT)}));
	TEAM(&b, UNIT(.name = "蚊", .hp = 5, .atk = 1, .def = 0, .spd = 1,
	              .actions = {ACT(.cls = AM_CLASS_DIRECT)}));
	run_both(&f, &a, &b);
	expect(&f, 1, 5, 0, 5);
	expect_alive(&f, 0, 1);
	assert_int_equal(tf_count_ev(&f, AM_EV_ACTION, 0), 0);
	assert_int_equal(tf_count_ev(&f, AM_EV_ACTION, 1), 5);
}

/* ======================================================================== */
/* 5. Simultaneous steps                                                    */
/* ======================================================================== */

/*
 * Supports land before attacks in the same simultaneous step.
 * 槍 20/4/0/1 技術1 [直接攻撃]   亀 20/0/0/1 技術5 [防御力＋3]
 * T1 (simultaneous): 亀 防御力 3 first, then 槍's hit 4 − 3 = 1 → 亀 19.
 * Tn (n≥2): 防御力 3n, 4 − 3n < 0: every hit fails.
 * After T20: 槍 20 > 亀 19 → 槍 wins, turns 20; 亀 防御力 60.
 */
/* AM-SIM-2 */
static void test_simul_support_first(void **state)
{
	tf_team a, b;
	static tf_outcome f;
	TEAM(&a, UNIT(.name = "槍", .hp = 20, .atk = 4, .def = 0, .spd = 1,
	              .actions = {ACT(.cls = AM_CLASS_DIRECT)}));
	TEAM(&b, UNIT(.name = "亀", .hp = 20, .atk = 0, .def = 0, .spd = 1,
	              .actions = {ACT(.cls = AM_CLASS_DEF_UP, .n = 3)}));
	run_both(&f, &a, &b);
	expect(&f, 0, 20, 20, 19);
	expect_alive(&f, 1, 1);
	assert_int_equal(f.u[1].def, 60);
	expect_hp_at(&f, 1, 20, 19);
	assert_int_equal(tf_count_ev(&f, AM_EV_FAIL, 0), 19);
}

/*
 * Decisions stand: a スタン dealt in a simultaneous step does not cancel the
 * other unit's decided action; スタン processing runs first in a step.
 * 雷 25/2/0/1 技術2 [直接攻撃＜スタン与え＞ (cost 2)]   鈍 25/2/0/1 技術2 [直接攻撃]
 * T1 (simultaneous): both attack: 雷 23, 鈍 23 with スタン 1.
 * Tn (n≥2): 鈍 decides スタン processing (スタン 0), 雷 attacks: 鈍 −2,
 *   スタン 1 again.  鈍 = 25 − 2n: T12 1, T13 −1 → dead.
 * 雷 wins in turn 13 at 23; 鈍 was stunned 12 times, ends with スタン 1.
 */
/* AM-SIM-1 AM-STATE-2 */
static void test_simul_decision_stands(void **state)
{
	tf_team a, b;
	static tf_outcome f;
	TEAM(&a, UNIT(.name = "雷", .hp = 25, .atk = 2, .def = 0, .spd = 1,
	              .actions = {ACT(.cls = AM_CLASS_DIRECT, .stun = 1)}));
	TEAM(&b, UNIT(.name = "鈍", .hp = 25, .atk = 2, .def = 0, .spd = 1,
	              .actions = {ACT(.cls = AM_CLASS_DIRECT)}));
	run_both(&f, &a, &b);
	expect(&f, 0, 13, 23, -1);
	expect_alive(&f, 1, 0);
	assert_int_equal(f.u[1].states[AM_STATE_STUN], 1);
	assert_int_equal(tf_count_ev(&f, AM_EV_STUNNED, 1), 12);
	expect_hp_at(&f, 1, 23, 23);
	expect_hp_at(&f, 12, 23, 1);
}

/*
 * Both die in the same step: overkill comparison (−1 beats −3).
 * 甲 5/4/0/1 技術4 [直接攻撃]   乙 5/3/0/1 技術5 [直接攻撃]
 * T1 (simultaneous): 乙 5−4 = 1, 甲 5−3 = 2.
 * T2: 乙 1−4 = −3, 甲 2−3 = −1: both dead after the step.  甲 wins, turn 2.
 */
/* AM-SIM-3 AM-TEMPO-6 AM-RESULT-1 */
static void test_simul_overkill(void **state)
{
	tf_team a, b;
	static tf_outcome f;
	TEAM(&a, UNIT(.name = "甲", .hp = 5, .atk = 4, .def = 0, .spd = 1,
	              .actions = {ACT(.cls = AM_CLASS_DIRECT)}));
	TEAM(&b, UNIT(.name = "乙", .hp = 5, .atk = 3, .def = 0, .spd = 1,
	              .actions = {ACT(.cls = AM_CLASS_DIRECT)}));
	run_both(&f, &a, &b);
	expect(&f, 0, 2, -1, -3);
	expect_alive(&f, 0, 0);
	assert_int_equal(f.u[0].died_turn, 2);
	assert_int_equal(f.u[1].died_turn, 2);
}

/*
 * A reflected attack goes one tempo late (RULINGS A8): a reflected ＨＰ減殺
 * is computed on the ＨＰ left after the simultaneous 直接攻撃.
 * 鏡 5/2/0/2 技術5 [反射与え, 直接攻撃]
 * 削 20/0/0/2 技術4 [攻撃力＋1, ＨＰ減殺]
 * Each turn, step 1 (simultaneous): 鏡 gains 反射; 削 攻撃力 +1 (unused).
 * Step 2 (simultaneous), tempo 1: 鏡's hit 2 on 削; 削's ＨＰ減殺 arrives at
 *   鏡, is reflected (反射 0) and moves to tempo 2.  Tempo 2: ＨＰ減殺 on 削
 *   from its current ＨＰ.
 * T1: 20 → 18 → −⌈18/2⌉ = 9 → 9   (same-tempo reading: 20−2−10 = 8)
 * T2: 9 → 7 → −4 → 3.  T3: 3 → 1 → −⌈1/2⌉ = 1 → 0, dead.
 * 鏡 wins in turn 3 untouched; 削 攻撃力 3.
 */
/* AM-TEMPO-2 AM-TEMPO-3 */
static void test_simul_reflect_tempo(void **state)
{
	tf_team a, b;
	static tf_outcome f;
	TEAM(&a, UNIT(.name = "鏡", .hp = 5, .atk = 2, .def = 0, .spd = 2,
	              .actions = {ACT(.cls = AM_CLASS_REFLECT),
	                          ACT(.cls = AM_CLASS_DIRECT)}));
	TEAM(&b, UNIT(.name = "削", .hp = 20, .atk = 0, .def = 0, .spd = 2,
	              .actions = {ACT(.cls = AM_CLASS_ATK_UP, .n = 1),
	                          ACT(.cls = AM_CLASS_HALVE)}));
	run_both(&f, &a, &b);
	expect(&f, 0, 3, 5, 0);
	expect_alive(&f, 1, 0);
	expect_hp_at(&f, 1, 5, 9);
	expect_hp_at(&f, 2, 5, 3);
	assert_int_equal(f.u[1].atk, 3);
	assert_int_equal(f.u[0].states[AM_STATE_REFLECT], 0);
}

/* ======================================================================== */
/* 6. States                                                                */
/* ======================================================================== */

/*
 * 毒 is not an attack: ガード and 反射 are neither used nor consulted; the
 * death check follows the poison phase (the unit dies before acting).
 * 針 5/1/0/1 技術7 [直接攻撃＜毒与え＞＜高速起動＞＜リミテッド＞ (cost 2)]
 * 守 15/0/0/2 技術5 [ガード与え, 反射与え]
 * T0: 守 (faster) idles twice (nothing usable yet); 針 hits 1 → 守 14, 毒 1.
 * Tn (n≥1): poison −1 → 守 14 − n; then 守 gains ガード and 反射; 針 idles.
 * T14 poison phase: 守 0 → dead before acting.  針 wins in turn 14;
 * 守 keeps ガード 13 and 反射 13.
 */
/* AM-STATE-1 AM-TURN-1 AM-JUDGE-1 */
static void test_poison_not_blocked(void **state)
{
	tf_team a, b;
	static tf_outcome f;
	TEAM(&a, UNIT(.name = "針", .hp = 5, .atk = 1, .def = 0, .spd = 1,
	              .actions = {ACT(.cls = AM_CLASS_DIRECT, .poison = 1,
	                              .fast = 1, .limited = 1)}));
	assert_int_equal(tf_slot(&a, 0, 0)->cost, 2);
	TEAM(&b, UNIT(.name = "守", .hp = 15, .atk = 0, .def = 0, .spd = 2,
	              .actions = {ACT(.cls = AM_CLASS_GUARD),
	                          ACT(.cls = AM_CLASS_REFLECT)}));
	run_both(&f, &a, &b);
	expect(&f, 0, 14, 5, 0);
	expect_alive(&f, 1, 0);
	expect_hp_at(&f, 0, 5, 14);
	expect_hp_at(&f, 13, 5, 1);
	assert_int_equal(f.u[1].states[AM_STATE_GUARD], 13);
	assert_int_equal(f.u[1].states[AM_STATE_REFLECT], 13);
	assert_int_equal(f.u[1].states[AM_STATE_POISON], 1);
	assert_int_equal(tf_count_ev(&f, AM_EV_GUARD, -1), 0);
	assert_int_equal(tf_count_ev(&f, AM_EV_REFLECT, -1), 0);
}

/*
 * All 毒 act at once; both die in the same poison phase → overkill.
 * 蠍 5/3/0/2 技術4 [直接攻撃＜毒与え＞＜毒与え＞＜リミテッド＞ (cost 2)]
 * 蜘 10/1/0/1 技術6 [直接攻撃＜毒与え＞＜リミテッド＞ (cost 1)]
 * T1: 蠍 hits 3 → 蜘 7, 毒 2; 蠍 idles; 蜘 hits 1 → 蠍 4, 毒 1.
 * Poison phases: T2 蠍 3 蜘 5; T3 2, 3; T4 1, 1; T5 0, −1 → both dead.
 * 0 > −1 → 蠍 wins in turn 5.
 */
/* AM-STATE-1 AM-RESULT-1 */
static void test_poison_all_at_once(void **state)
{
	tf_team a, b;
	static tf_outcome f;
	TEAM(&a, UNIT(.name = "蠍", .hp = 5, .atk = 3, .def = 0, .spd = 2,
	              .actions = {ACT(.cls = AM_CLASS_DIRECT, .poison = 2,
	                              .limited = 1)}));
	TEAM(&b, UNIT(.name = "蜘", .hp = 10, .atk = 1, .def = 0, .spd = 1,
	              .actions = {ACT(.cls = AM_CLASS_DIRECT, .poison = 1,
	                              .limited = 1)}));
	assert_int_equal(tf_slot(&b, 0, 0)->cost, 1);
	run_both(&f, &a, &b);
	expect(&f, 0, 5, 0, -1);
	expect_alive(&f, 0, 0);
	expect_hp_at(&f, 1, 4, 7);
	expect_hp_at(&f, 4, 1, 1);
	assert_int_equal(f.u[0].states[AM_STATE_POISON], 1);
	assert_int_equal(f.u[1].states[AM_STATE_POISON], 2);
}

/*
 * ガード: only one per attack, rounding up.
 * 盾 10/0/2/3 技術3 [ガード与え ×3]   拳 5/7/0/1 技術1 [直接攻撃]
 * Each turn 盾 (faster) gains 3 ガード; 拳 hits 7 − 2 = 5 → ⌈5/2⌉ = 3 (one
 * ガード used; two would give 2).  盾: 7, 4, 1, T4 −2 → dead.
 * ガード left: 3·4 − 4 = 8.  拳 wins in turn 4.
 */
/* AM-STATE-3 AM-TEMPO-4 */
static void test_guard_one_per_attack(void **state)
{
	tf_team a, b;
	static tf_outcome f;
	TEAM(&a, UNIT(.name = "盾", .hp = 10, .atk = 0, .def = 2, .spd = 3,
	              .actions = {ACT(.cls = AM_CLASS_GUARD),
	                          ACT(.cls = AM_CLASS_GUARD),
	                          ACT(.cls = AM_CLASS_GUARD)}));
	TEAM(&b, UNIT(.name = "拳", .hp = 5, .atk = 7, .def = 0, .spd = 1,
	              .actions = {ACT(.cls = AM_CLASS_DIRECT)}));
	run_both(&f, &a, &b);
	expect(&f, 1, 4, -2, 5);
	expect_alive(&f, 0, 1);
	assert_int_equal(f.u[0].states[AM_STATE_GUARD], 8);
	expect_hp_at(&f, 1, 7, 5);
	expect_hp_at(&f, 3, 1, 5);
}

/*
 * ガード is consumed even when the damage is negative, which stays a failure.
 * 盾 20/0/3/2 技術1 [ガード与え]   小 20/1/0/1 技術4 [直接攻撃]
 * Each turn: 盾 gains ガード; 小 hits 1 − 3 = −2 → ガード (used) → ⌈−2/2⌉ = −1
 * < 0 → failure.  Nobody loses ＨＰ: draw after T20, ガード left 0.
 */
/* AM-TEMPO-4 AM-TEMPO-5 */
static void test_guard_consumed_on_failure(void **state)
{
	tf_team a, b;
	static tf_outcome f;
	TEAM(&a, UNIT(.name = "盾", .hp = 20, .atk = 0, .def = 3, .spd = 2,
	              .actions = {ACT(.cls = AM_CLASS_GUARD)}));
	TEAM(&b, UNIT(.name = "小", .hp = 20, .atk = 1, .def = 0, .spd = 1,
	              .actions = {ACT(.cls = AM_CLASS_DIRECT)}));
	run_both(&f, &a, &b);
	expect(&f, -1, 20, 20, 20);
	expect_alive(&f, 1, 1);
	assert_int_equal(f.u[0].states[AM_STATE_GUARD], 0);
	assert_int_equal(tf_count_ev(&f, AM_EV_FAIL, 1), 20);
	assert_int_equal(tf_count_ev(&f, AM_EV_DAMAGE, 1), 0);
	assert_int_equal(tf_count_ev(&f, AM_EV_GUARD, -1), 20);
}

/*
 * ガード on −1: RULINGS A6 rounds toward +∞ also for negative values, so
 * ⌈−1/2⌉ = 0: the attack hits for 0 (no スタン, since damage < 1).
 * 盾 20/0/3/2 技術1 [ガード与え]   小 15/2/0/1 技術4 [直接攻撃＜スタン与え＞]
 * Each turn: 2 − 3 = −1 → ガード → 0 → hit for 0.  No ＨＰ changes.
 * After T20: 盾 20 > 小 15 → 盾 wins; 盾 has no スタン and no ガード.
 */
/* AM-TEMPO-4 AM-TEMPO-5 */
static void test_guard_minus_one_to_zero(void **state)
{
	tf_team a, b;
	static tf_outcome f;
	TEAM(&a, UNIT(.name = "盾", .hp = 20, .atk = 0, .def = 3, .spd = 2,
	              .actions = {ACT(.cls = AM_CLASS_GUARD)}));
	TEAM(&b, UNIT(.name = "小", .hp = 15, .atk = 2, .def = 0, .spd = 1,
	              .actions = {ACT(.cls = AM_CLASS_DIRECT, .stun = 1)}));
	run_both(&f, &a, &b);
	expect(&f, 0, 20, 20, 15);
	assert_int_equal(f.u[0].states[AM_STATE_GUARD], 0);
	assert_int_equal(f.u[0].states[AM_STATE_STUN], 0);
	assert_int_equal(tf_count_ev(&f, AM_EV_FAIL, 1), 0);
	assert_int_equal(tf_count_ev(&f, AM_EV_DAMAGE, 1), 20);
	assert_int_equal(tf_sum_ev(&f, AM_EV_DAMAGE, 0), 0);
}

/*
 * 反射 of a 反射: both hold 反射.
 * 鏡 15/0/0/3 技術4 [反射与え]   返 5/2/0/2 技術5 [反射与え, 直接攻撃]
 * Each turn 鏡 (素早さ 3) goes first: 反射 1, idle, idle.  返: 反射 1, then
 * 直接攻撃 → 鏡 reflects (0) → 返 reflects (0) → 鏡, no 反射 left: 2 − 0 = 2.
 * 鏡: 13, 11, …, T7 1, T8 −1 → dead.  返 wins in turn 8 untouched.
 * (If 返 could not reflect back, it would hit itself and die in turn 3.)
 */
/* AM-STATE-4 AM-TEMPO-2 */
static void test_reflect_reflect(void **state)
{
	tf_team a, b;
	static tf_outcome f;
	TEAM(&a, UNIT(.name = "鏡", .hp = 15, .atk = 0, .def = 0, .spd = 3,
	              .actions = {ACT(.cls = AM_CLASS_REFLECT)}));
	TEAM(&b, UNIT(.name = "返", .hp = 5, .atk = 2, .def = 0, .spd = 2,
	              .actions = {ACT(.cls = AM_CLASS_REFLECT),
	                          ACT(.cls = AM_CLASS_DIRECT)}));
	run_both(&f, &a, &b);
	expect(&f, 1, 8, -1, 5);
	expect_alive(&f, 0, 1);
	assert_int_equal(f.u[0].states[AM_STATE_REFLECT], 0);
	assert_int_equal(f.u[1].states[AM_STATE_REFLECT], 0);
	assert_int_equal(tf_count_ev(&f, AM_EV_REFLECT, -1), 16);
	expect_hp_at(&f, 1, 13, 5);
}

/* ======================================================================== */
/* 7, 8. The 20-turn limit, draws and the seeded tie-break                  */
/* ======================================================================== */

/*
 * 左 25/1/0/1 技術3 [直接攻撃]   右 25/1/0/1 技術3 [直接攻撃]
 * Each turn one simultaneous step: both lose 1.  After T20 both have 5:
 * draw, winner −1, turns 20.
 */
static void left_right(tf_team *a, tf_team *b)
{
	TEAM(a, UNIT(.name = "左", .hp = 25, .atk = 1, .def = 0, .spd = 1,
	             .actions = {ACT(.cls = AM_CLASS_DIRECT)}));
	TEAM(b, UNIT(.name = "右", .hp = 25, .atk = 1, .def = 0, .spd = 1,
	             .actions = {ACT(.cls = AM_CLASS_DIRECT)}));
}

/* AM-JUDGE-1 AM-RESULT-1 */
static void test_limit_draw(void **state)
{
	tf_team a, b;
	static tf_outcome f;
	left_right(&a, &b);
	run_both(&f, &a, &b);
	expect(&f, -1, 20, 5, 5);
	assert_int_equal(f.r.draw, 1);
	expect_alive(&f, 1, 1);
	expect_hp_at(&f, 19, 6, 6);
	assert_true(f.log.seen_end[20]);
}

/*
 * Seeded tie-break: the same draw, with tie_break on.  The winner becomes 0
 * or 1, draw stays 1, tie_broken 1, the seed is reported; the same seed picks
 * the same unit (by name) whichever side it is on.  Over 64 seeds both units
 * must be picked at least once.  A decided battle is not touched.
 */
/* AM-RESULT-2 */
static void test_tie_break(void **state)
{
	static tf_outcome f, m;
	tf_team a, b, c, d;
	am_battle_opts o = AM_BATTLE_OPTS_INIT;
	uint64_t seed;
	int picked_left = 0, picked_right = 0;

	left_right(&a, &b);
	o.tie_break = 1;
	for (seed = 0; seed < 64; seed++) {
		const char *w1, *w2;
		o.tie_seed = seed * 0x9e3779b97f4a7c15ULL + 7;
		run_opts(&f, &a, &b, &o);
		run_opts(&m, &b, &a, &o);
		assert_int_equal(f.r.draw, 1);
		assert_int_equal(f.r.tie_broken, 1);
		assert_int_equal(f.r.tie_seed, o.tie_seed);
		assert_int_equal(f.r.turns, 20);
		assert_true(f.r.winner == 0 || f.r.winner == 1);
		assert_int_equal(m.r.draw, 1);
		assert_int_equal(m.r.tie_broken, 1);
		assert_true(m.r.winner == 0 || m.r.winner == 1);
		assert_int_equal(f.u[0].hp, 5);
		assert_int_equal(f.u[1].hp, 5);
		w1 = f.u[f.r.winner].name;
		w2 = m.u[m.r.winner].name;
		assert_string_equal(w1, w2);
		if (strcmp(w1, "左") == 0)
			picked_left = 1;
		else
			picked_right = 1;
	}
	assert_true(picked_left && picked_right);

	/* not a draw: 一 15 < 岩 16 (test_custom_limited) */
	TEAM(&c, UNIT(.name = "一", .hp = 15, .atk = 4, .def = 0, .spd = 1,
	              .actions = {ACT(.cls = AM_CLASS_DIRECT, .limited = 1)}));
	dummy(&d, "岩", 20, 0);
	o.tie_seed = 1;
	run_opts(&f, &c, &d, &o);
	assert_int_equal(f.r.winner, 1);
	assert_int_equal(f.r.draw, 0);
	assert_int_equal(f.r.tie_broken, 0);
}

/* ======================================================================== */
/* 9. Failing and zero-damage attacks                                       */
/* ======================================================================== */

/*
 * Damage < 0: the attack fails, no ＨＰ change, no スタン, no 毒.
 * 弱 20/1/0/1 技術4 [直接攻撃＜スタン与え＞＜毒与え＞ (cost 4)]
 * 硬 20/0/2/1 技術3 [攻撃力＋1]
 * Each turn one simultaneous step: 硬 攻撃力 +1; 弱 hits 1 − 2 = −1: fails.
 * After T20: 20 = 20 → draw; 硬 攻撃力 20 (never stunned), no 毒.
 */
/* AM-TEMPO-5 */
static void test_fail_negative(void **state)
{
	tf_team a, b;
	static tf_outcome f;
	TEAM(&a, UNIT(.name = "弱", .hp = 20, .atk = 1, .def = 0, .spd = 1,
	              .actions = {ACT(.cls = AM_CLASS_DIRECT, .stun = 1,
	                              .poison = 1)}));
	assert_int_equal(tf_slot(&a, 0, 0)->cost, 4);
	TEAM(&b, UNIT(.name = "硬", .hp = 20, .atk = 0, .def = 2, .spd = 1,
	              .actions = {ACT(.cls = AM_CLASS_ATK_UP, .n = 1)}));
	run_both(&f, &a, &b);
	expect(&f, -1, 20, 20, 20);
	assert_int_equal(f.u[1].atk, 20);
	assert_int_equal(f.u[1].states[AM_STATE_STUN], 0);
	assert_int_equal(f.u[1].states[AM_STATE_POISON], 0);
	assert_int_equal(tf_count_ev(&f, AM_EV_FAIL, 0), 20);
	assert_int_equal(tf_count_ev(&f, AM_EV_DAMAGE, 0), 0);
}

/*
 * Damage 0: the attack hits for 0 — still no スタン and no 毒 (need ≥ 1).
 * 並 15/2/0/1 技術4 [直接攻撃＜スタン与え＞＜毒与え＞]   硬 20/0/2/1 技術3 [攻撃力＋1]
 * Each turn: 硬 攻撃力 +1; 並 hits 2 − 2 = 0.  After T20: 並 15 < 硬 20 →
 * 硬 wins, turns 20; 硬 攻撃力 20, no スタン, no 毒.
 */
/* AM-TEMPO-5 */
static void test_zero_damage(void **state)
{
	tf_team a, b;
	static tf_outcome f;
	TEAM(&a, UNIT(.name = "並", .hp = 15, .atk = 2, .def = 0, .spd = 1,
	              .actions = {ACT(.cls = AM_CLASS_DIRECT, .stun = 1,
	                              .poison = 1)}));
	TEAM(&b, UNIT(.name = "硬", .hp = 20, .atk = 0, .def = 2, .spd = 1,
	              .actions = {ACT(.cls = AM_CLASS_ATK_UP, .n = 1)}));
	run_both(&f, &a, &b);
	expect(&f, 1, 20, 15, 20);
	assert_int_equal(f.u[1].atk, 20);
	assert_int_equal(f.u[1].states[AM_STATE_STUN], 0);
	assert_int_equal(f.u[1].states[AM_STATE_POISON], 0);
	assert_int_equal(tf_count_ev(&f, AM_EV_FAIL, 0), 0);
	assert_int_equal(tf_count_ev(&f, AM_EV_DAMAGE, 0), 20);
	assert_int_equal(tf_sum_ev(&f, AM_EV_DAMAGE, 1), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		TF_TEST("AM-CLASS-1 AM-TEMPO-1", test_class_direct),
		TF_TEST("AM-CLASS-2", test_class_pierce),
		TF_TEST("AM-CLASS-3", test_class_halve),
		TF_TEST("AM-CLASS-4 AM-SUP-1", test_class_atk_up),
		TF_TEST("AM-CLASS-5 AM-RESULT-1", test_class_def_up),
		TF_TEST("AM-CLASS-6 AM-AP-1", test_class_spd_up),
		TF_TEST("AM-CLASS-7 AM-TEMPO-4", test_class_guard),
		TF_TEST("AM-CLASS-8 AM-TEMPO-2 AM-TEMPO-8", test_class_reflect),
		TF_TEST("AM-CLASS-9 AM-DEATH-1 AM-STATE-5", test_class_life),
		TF_TEST("AM-CLASS-10 AM-CUST-1 AM-CUST-2", test_class_heal),
		TF_TEST("AM-CUST-1", test_custom_limited),
		TF_TEST("AM-CUST-2 AM-TURN-2", test_custom_delay),
		TF_TEST("AM-CUST-3 AM-TURN-2", test_custom_fast),
		TF_TEST("AM-CUST-4 AM-CLASS-1", test_custom_mult_direct),
		TF_TEST("AM-CUST-4 AM-CLASS-3 AM-COST-1",
		        test_custom_mult_halve),
		TF_TEST("AM-CUST-5 AM-STATE-2", test_custom_stun2),
		TF_TEST("AM-CUST-6 AM-STATE-1", test_custom_poison2),
		TF_TEST("AM-TURN-3 AM-TURN-4", test_turn0_no_death),
		TF_TEST("AM-TURN-4 AM-DEATH-1", test_turn0_life),
		TF_TEST("AM-STEP-1 AM-STEP-2", test_order_faster_first),
		TF_TEST("AM-STEP-1 AM-CLASS-6", test_order_spd_up_at_once),
		TF_TEST("AM-AP-1", test_order_speed_zero),
		TF_TEST("AM-SIM-2", test_simul_support_first),
		TF_TEST("AM-SIM-1 AM-STATE-2", test_simul_decision_stands),
		TF_TEST("AM-SIM-3 AM-TEMPO-6 AM-RESULT-1", test_simul_overkill),
		TF_TEST("AM-TEMPO-2 AM-TEMPO-3", test_simul_reflect_tempo),
		TF_TEST("AM-STATE-1 AM-TURN-1 AM-JUDGE-1",
		        test_poison_not_blocked),
		TF_TEST("AM-STATE-1 AM-RESULT-1", test_poison_all_at_once),
		TF_TEST("AM-STATE-3 AM-TEMPO-4", test_guard_one_per_attack),
		TF_TEST("AM-TEMPO-4 AM-TEMPO-5",
		        test_guard_consumed_on_failure),
		TF_TEST("AM-TEMPO-4 AM-TEMPO-5", test_guard_minus_one_to_zero),
		TF_TEST("AM-STATE-4 AM-TEMPO-2", test_reflect_reflect),
		TF_TEST("AM-JUDGE-1 AM-RESULT-1", test_limit_draw),
		TF_TEST("AM-RESULT-2", test_tie_break),
		TF_TEST("AM-TEMPO-5", test_fail_negative),
		TF_TEST("AM-TEMPO-5", test_zero_damage),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
