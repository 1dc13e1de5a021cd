/*
 * test_engine.c - the battle engine on hand-built teams.
 *
 * Every expected figure below is derived by hand from the rules
 * (../shared/seeds/000_…txt) and RULINGS.md; the derivation is written next
 * to each test.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "amaryllis/engine.h"
#include "amaryllis/sheet.h"

#include "../bench/gen.h"

/* ---- building teams by hand ---------------------------------------------- */

#define MAXA 16

typedef struct fixture {
	am_action act[MAXA];
	uint32_t slots[MAXA];
	am_unit_def unit;
	am_team team;
} fixture;

static am_action A(am_class cls)
{
	am_action a;
	memset(&a, 0, sizeof(a));
	a.name = am_class_name(cls);
	a.cls = cls;
	a.mult = 1;
	a.build = -1;
	return a;
}

/* A one-unit team: stats, then actions set in the given order. */
static void unit(fixture *f, const char *name, int64_t hp, int64_t atk,
                 int64_t def, int64_t spd, size_t n, const am_action *acts)
{
	size_t i;

	memset(f, 0, sizeof(*f));
	for (i = 0; i < n; i++) {
		f->act[i] = acts[i];
		f->slots[i] = (uint32_t)i;
		assert_int_equal(am_action_cost(&f->act[i].cost, &f->act[i], 0), 0);
	}
	f->unit.name = name;
	f->unit.hp = hp;
	f->unit.atk = atk;
	f->unit.def = def;
	f->unit.spd = spd;
	f->unit.bonus = 10;
	f->unit.nslots = n;
	f->unit.slots = f->slots;
	f->team.nunits = 1;
	f->team.units = &f->unit;
	f->team.nactions = n;
	f->team.actions = f->act;
}

typedef struct final {
	am_result r;
	am_unit_state u[2];
} final;

static void run(final *out, const fixture *a, const fixture *b)
{
	am_engine *e;
	int i;

	assert_int_equal(am_engine_new(&e), 0);
	assert_int_equal(am_battle_run(&out->r, e, &a->team, &b->team, NULL), 0);
	for (i = 0; i < 2; i++)
		assert_int_equal(am_engine_unit(&out->u[i], e, (size_t)i), 0);
	am_engine_free(e);
}

/* Run a vs b and b vs a; the second must mirror the first exactly. */
static void run_both(final *out, const fixture *a, const fixture *b)
{
	final m;
	int i;

	run(out, a, b);
	run(&m, b, a);
	assert_int_equal(m.r.draw, out->r.draw);
	assert_int_equal(m.r.turns, out->r.turns);
	assert_int_equal(m.r.winner, out->r.winner < 0 ? -1 : 1 - out->r.winner);
	for (i = 0; i < 2; i++) {
		assert_int_equal(m.r.score[i], out->r.score[1 - i]);
		assert_int_equal(m.u[i].hp, out->u[1 - i].hp);
		assert_int_equal(m.u[i].alive, out->u[1 - i].alive);
		assert_int_equal(m.u[i].atk, out->u[1 - i].atk);
		assert_int_equal(m.u[i].def, out->u[1 - i].def);
		assert_int_equal(m.u[i].spd, out->u[1 - i].spd);
	}
}

static void grisk(fixture *f)
{
	am_action a[4];
	a[0] = A(AM_CLASS_DEF_UP); a[0].n = 2; a[0].limited = 1; /* シールド */
	a[1] = A(AM_CLASS_DIRECT); a[1].delay = 4; a[1].mult = 2; /* スピア */
	a[2] = a[1];
	a[3] = A(AM_CLASS_ATK_UP); a[3].n = 1;                    /* ブースト */
	unit(f, "グリスク", 10, 1, 1, 2, 4, a);
}

static void nut(fixture *f)
{
	am_action a[3];
	a[0] = A(AM_CLASS_LIFE); a[0].limited = 1;                 /* 命の剣 */
	a[1] = A(AM_CLASS_HALVE); a[1].limited = 1; a[1].delay = 2; /* 魔法剣 */
	a[2] = A(AM_CLASS_PIERCE); a[2].delay = 3;                 /* 絶対剣 */
	unit(f, "ヌト", 10, 3, 1, 1, 3, a);
}

/*
 * The worked example of the rules (グリスク vs ヌト), as the text tells it:
 * T1 グリスク 防御力3 攻撃力2, ヌト ライフ; T2 攻撃力3, 魔法剣 ⌈10/2⌉=5 → 5;
 * T3 攻撃力4, 絶対剣 3 → 2; T4 スピア (4×2)−1=7 → ヌト 3, again 7 → −4,
 * ライフ → 1; 絶対剣 3 → グリスク −1, dead.  ヌト wins in turn 4.
 */
static void test_worked_example(void **state)
{
	fixture g, n;
	final f;
	(void)state;
	grisk(&g);
	nut(&n);
	run_both(&f, &g, &n);
	assert_int_equal(f.r.winner, 1);
	assert_int_equal(f.r.draw, 0);
	assert_int_equal(f.r.turns, 4);
	assert_int_equal(f.u[0].hp, -1);
	assert_int_equal(f.u[0].alive, 0);
	assert_int_equal(f.u[0].atk, 4);
	assert_int_equal(f.u[0].def, 3);
	assert_int_equal(f.u[1].hp, 1);
	assert_int_equal(f.u[1].alive, 1);
	assert_int_equal(f.u[1].states[AM_STATE_LIFE], 0);
	assert_int_equal(f.r.score[0], -1);
	assert_int_equal(f.r.score[1], 1);
}

static int count_steps(void *ud, const am_engine *e, const am_event *ev)
{
	(void)e;
	if (ev->kind == AM_EV_STEP_BEGIN)
		++*(uint64_t *)ud;
	return 0;
}

/*
 * Over every ordered pair of 120 generated legal units: (1) swapping the
 * sides mirrors the result exactly (RULINGS: battles are symmetric); (2) the
 * shortcuts taken without an event callback (empty steps played at once, the
 * jump to turn 20 when nobody can act) give the same result and step count
 * as the fully logged battle; (3) a reused engine gives what a fresh one does.
 */
static void test_symmetry_and_fast_paths(void **state)
{
	enum { N = 120 };
	static gen_unit u[N];
	uint64_t seed = 7;
	am_engine *e, *fresh;
	int i, j, decided = 0;
	(void)state;

	for (i = 0; i < N; i++)
		gen_unit_make(&u[i], &seed, i);
	assert_int_equal(am_engine_new(&e), 0);
	for (i = 0; i < N; i++)
		for (j = 0; j < N; j++) {
			am_result a, b, c;
			am_battle_opts o = AM_BATTLE_OPTS_INIT;
			uint64_t steps = 0;
			o.on_event = count_steps;
			o.event_ud = &steps;
			assert_int_equal(am_battle_run(&a, e, &u[i].team, &u[j].team,
			                               NULL), 0);
			assert_int_equal(am_battle_run(&b, e, &u[j].team, &u[i].team,
			                               NULL), 0);
			assert_int_equal(b.winner, a.winner < 0 ? -1 : 1 - a.winner);
			assert_int_equal(b.score[0], a.score[1]);
			assert_int_equal(b.score[1], a.score[0]);
			assert_int_equal(b.turns, a.turns);
			assert_int_equal(b.steps, a.steps);
			assert_int_equal(am_battle_run(&c, e, &u[i].team, &u[j].team,
			                               &o), 0);
			assert_memory_equal(&a, &c, sizeof(a));
			assert_int_equal(steps, a.steps);
			decided += a.winner >= 0;
		}
	/* the generated population must be varied enough to mean something */
	assert_true(decided > N * N / 2);
	assert_int_equal(am_engine_new(&fresh), 0);
	{
		am_result a, c;
		assert_int_equal(am_battle_run(&a, e, &u[3].team, &u[5].team,
		                               NULL), 0);
		assert_int_equal(am_battle_run(&c, fresh, &u[3].team, &u[5].team,
		                               NULL), 0);
		assert_memory_equal(&a, &c, sizeof(a));
	}
	am_engine_free(fresh);
	am_engine_free(e);
}

static am_sheet *sheet(const char *text)
{
	am_sheet *s;
	assert_int_equal(am_sheet_parse(&s, text, strlen(text), NULL), 0);
	assert_true(am_sheet_ok(s));
	return s;
}

/*
 * The bound on attacks in one step (am_battle_opts.max_hits): 巣 builds two
 * 卵 in turn 0 (リミテッド, 高速起動), so in turn 1 嵐's 全体化 attack is three hits.
 * With max_hits 3 the battle runs; with 2 it stops with AM_ELIMIT in turn 1
 * (not an allocation failure), after 巣's two builds.
 */
static void test_hits_limit(void **state)
{
	am_sheet *a = sheet("嵐：５／１／０／１／嵐撃\n"
	                    "・嵐撃（２）：直接攻撃＜全体化＞\n");
	am_sheet *b = sheet("巣（９）：５／０／０／２／産、産\n"
	                    "○卵（１）：５／０／０／０\n"
	                    "・産（１）：ビルド（卵）＜リミテッド＞＜高速起動＞＜配置－１＞\n");
	am_battle_opts o = AM_BATTLE_OPTS_INIT;
	am_engine *e;
	am_result r;
	(void)state;

	assert_int_equal(am_engine_new(&e), 0);
	o.max_hits = 3;
	assert_int_equal(am_battle_run(&r, e, am_sheet_team(a), am_sheet_team(b),
	                               &o), 0);
	assert_int_equal(am_engine_unit_count(e), 4);
	o.max_hits = 2;
	assert_int_equal(am_battle_run(&r, e, am_sheet_team(a), am_sheet_team(b),
	                               &o), AM_ELIMIT);
	assert_int_equal(r.turns, 1);
	assert_int_equal(am_engine_unit_count(e), 4);
	assert_non_null(strstr(am_error_last(), "attacks in one step"));
	am_engine_free(e);
	am_sheet_free(a);
	am_sheet_free(b);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_worked_example),
		cmocka_unit_test(test_symmetry_and_fast_paths),
		cmocka_unit_test(test_hits_limit),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
