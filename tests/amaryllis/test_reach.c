/*
 * test_reach.c - am_team_build_turns (BU-STORE-2, BU-STORE-3, BU-STORE-4)
 * against the engine: the first turn it gives a definition must be a true
 * lower bound, in every battle, of the turns in which the engine builds
 * units of it, and a definition it calls never built must never be built.
 *
 * Random teams (fixed seed) of an entry unit and up to three more
 * definitions, with ＨＰ 0 or 5, 素早さ 0..2 and up to four actions drawn
 * from ビルド (高速起動 / 遅延起動 / リミテッド), 直接攻撃, 素早さ＋１ (on
 * itself, 対象１ or 全体化) and ライフ与え (リミテッド, sometimes 高速起動,
 * 対象１ or 全体化) — the things the proof looks at — play against a passive
 * wall, against each other, and against a hitter that stuns; each AM_EV_BUILD
 * is checked.  Costs and 技術 are not checked: the bound does not depend on
 * them, and am_team_check (the engine's) does not ask for them.
 *
 * The few fixed cases at the top are the derivations of
 * tests/amaryllis/golden/sheets/b_*.txt, written as teams.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "amaryllis/engine.h"
#include "amaryllis/team.h"
#include "support/fixture.h"

#define MAXU 4
#define MAXS 4

typedef struct rteam {
	am_unit_def units[MAXU];
	am_action acts[MAXU * MAXS];
	uint32_t slots[MAXU][MAXS];
	am_team team;
} rteam;

static uint64_t next(uint64_t *s)
{
	uint64_t x = (*s += 0x9e3779b97f4a7c15ULL);
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
	x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
	return x ^ (x >> 31);
}

static int64_t below(uint64_t *s, int64_t n)
{
	return (int64_t)(next(s) % (uint64_t)n);
}

static const char *const names[MAXU] = {"E", "X", "Y", "Z"};

/* A random action for a team of nu definitions. */
static void random_action(uint64_t *s, am_action *a, size_t nu)
{
	memset(a, 0, sizeof(*a));
	a->mult = 1;
	a->build = -1;
	a->cost = 1;
	switch (below(s, 6)) {
	case 0:
	case 1:
	case 2:
		a->cls = AM_CLASS_BUILD;
		a->name = "build";
		a->build = (int32_t)below(s, (int64_t)nu);
		a->place = below(s, 2) ? 1 : -1;
		break;
	case 3:
		a->cls = AM_CLASS_DIRECT;
		a->name = "hit";
		break;
	case 4:
		a->cls = AM_CLASS_SPD_UP;
		a->name = "speed";
		a->n = 1;
		switch (below(s, 4)) {
		case 0: a->target = 1; break;
		case 1: a->all = 1; break;
		default: break;
		}
		break;
	default:
		a->cls = AM_CLASS_LIFE;
		a->name = "life";
		a->limited = 1;
		switch (below(s, 3)) {
		case 0: a->target = 1; break;
		case 1: a->all = 1; break;
		default: break;
		}
		break;
	}
	if (a->cls != AM_CLASS_LIFE && below(s, 3) == 0)
		a->limited = 1;
	switch (below(s, 4)) {
	case 0: a->fast = 1; break;
	case 1: a->delay = 2 + below(s, 4); break;
	default: break;
	}
}

static void random_team(rteam *t, uint64_t *s)
{
	size_t nu = 1 + (size_t)below(s, MAXU), i, j, na = 0;

	memset(t, 0, sizeof(*t));
	for (i = 0; i < nu; i++) {
		am_unit_def *d = &t->units[i];
		d->name = names[i];
		d->hp = below(s, 3) == 0 ? 0 : 5;
		d->spd = below(s, 3);
		d->bonus = 10;
		d->nslots = (size_t)below(s, MAXS + 1);
		d->slots = t->slots[i];
		for (j = 0; j < d->nslots; j++) {
			random_action(s, &t->acts[na], nu);
			t->slots[i][j] = (uint32_t)na++;
		}
	}
	t->team.nunits = nu;
	t->team.units = t->units;
	t->team.nactions = na;
	t->team.actions = t->acts;
}

typedef struct watch {
	const am_build_turn *bt[2];
	int builds;
} watch;

/* Every build: its definition's bound holds (BU-STORE-3, BU-STORE-4). */
static int on_event(void *ud, const am_engine *e, const am_event *ev)
{
	watch *w = ud;
	am_unit_state st;

	if (ev->kind != AM_EV_BUILD)
		return 0;
	assert_int_equal(am_engine_unit(&st, e, (size_t)ev->target), 0);
	w->builds++;
	if (w->bt[st.side][st.index].why != AM_BUILT ||
	    w->bt[st.side][st.index].turn > ev->turn)
		fail_msg("%s of side %d built in turn %d; bound: turn %lld, "
		         "reason %d", st.name, st.side, ev->turn,
		         (long long)w->bt[st.side][st.index].turn,
		         (int)w->bt[st.side][st.index].why);
	return 0;
}

static int play(const am_team *a, const am_build_turn *ba, const am_team *b,
                const am_build_turn *bb)
{
	am_battle_opts o = AM_BATTLE_OPTS_INIT;
	am_engine *e;
	am_result r;
	watch w;

	w.bt[0] = ba;
	w.bt[1] = bb;
	w.builds = 0;
	o.on_event = on_event;
	o.event_ud = &w;
	o.max_units = 300; /* self-building teams: stop early, still checked */
	assert_int_equal(am_engine_new(&e), 0);
	(void)am_battle_run(&r, e, a, b, &o);
	am_engine_free(e);
	return w.builds;
}

/* A passive wall: ＨＰ 50, no action. */
static const am_unit_def wall_unit = {.name = "wall", .hp = 50, .bonus = 10};
static const am_team wall = {.nunits = 1, .units = &wall_unit};

/* A fast hitter that stuns (素早さ 3: it acts first). */
static const am_action stun_act = {.name = "stun", .cls = AM_CLASS_DIRECT,
                                   .mult = 1, .stun = 1, .build = -1,
                                   .cost = 2};
static const uint32_t stun_slots[1] = {0};
static const am_unit_def stun_unit = {.name = "stunner", .hp = 50, .spd = 3,
                                      .bonus = 10, .nslots = 1,
                                      .slots = stun_slots};
static const am_team stunner = {.nunits = 1, .units = &stun_unit,
                                .nactions = 1, .actions = &stun_act};

/* BU-STORE-3 BU-STORE-4 */
static void test_bound_holds(void **state)
{
	static rteam teams[2];
	am_build_turn bt[2][MAXU], wall_bt[1], stun_bt[1];
	uint64_t seed = 20261130;
	int round, builds = 0, never = 0;
	size_t k;

	(void)state;
	assert_int_equal(am_team_build_turns(wall_bt, &wall), 0);
	assert_int_equal(am_team_build_turns(stun_bt, &stunner), 0);
	for (round = 0; round < 3000; round++) {
		random_team(&teams[0], &seed);
		random_team(&teams[1], &seed);
		assert_int_equal(am_team_check(&teams[0].team), 0);
		assert_int_equal(am_team_build_turns(bt[0], &teams[0].team), 0);
		assert_int_equal(am_team_build_turns(bt[1], &teams[1].team), 0);
		assert_int_equal(bt[0][0].why, AM_BUILT); /* the entry unit */
		assert_int_equal(bt[0][0].turn, 0);
		for (k = 0; k < teams[0].team.nunits; k++)
			never += bt[0][k].why != AM_BUILT;
		builds += play(&teams[0].team, bt[0], &wall, wall_bt);
		builds += play(&wall, wall_bt, &teams[0].team, bt[0]);
		builds += play(&teams[0].team, bt[0], &teams[1].team, bt[1]);
		builds += play(&teams[0].team, bt[0], &stunner, stun_bt);
	}
	/* the random teams do exercise both answers */
	assert_true(builds > 1000);
	assert_true(never > 100);
}

/* Definition u: named, with ＨＰ, 素早さ and its slots. */
static void unit_set(am_unit_def *u, const char *name, int64_t hp,
                     int64_t spd, const uint32_t *slots, size_t nslots)
{
	memset(u, 0, sizeof(*u));
	u->name = name;
	u->hp = hp;
	u->spd = spd;
	u->slots = slots;
	u->nslots = nslots;
}

/* The team t of the three definitions u and the actions acts[0..na),
 * checked, and its build turns into bt. */
static void team_turns(am_build_turn *bt, am_team *t, const am_unit_def *u,
                       const am_action *acts, size_t na)
{
	memset(t, 0, sizeof(*t));
	t->nunits = 3;
	t->units = u;
	t->nactions = na;
	t->actions = acts;
	assert_int_equal(am_team_check(t), 0);
	assert_int_equal(am_team_build_turns(bt, t), 0);
}

/* The derivations of tests/amaryllis/golden/sheets/b_*.txt, as teams: 親 (entry,
 * ＨＰ 5, 素早さ 1) builds 子 with `first`; 子 (ＨＰ hp, 素早さ spd) builds
 * 孫 with `second`. */
static void chain_of(am_build_turn *bt, am_action first, am_action second,
                     int64_t hp, int64_t spd)
{
	static am_action acts[2];
	static const uint32_t s0[1] = {0}, s1[1] = {1};
	static am_unit_def u[3];
	am_team t;

	acts[0] = first;
	acts[1] = second;
	acts[0].build = 1;
	acts[1].build = 2;
	unit_set(&u[0], "親", 5, 1, s0, 1);
	unit_set(&u[1], "子", hp, spd, s1, 1);
	unit_set(&u[2], "孫", 5, 0, NULL, 0);
	team_turns(bt, &t, u, acts, 2);
}

static am_action build_with(int64_t delay, int fast)
{
	am_action a;

	memset(&a, 0, sizeof(a));
	a.name = "build";
	a.cls = AM_CLASS_BUILD;
	a.mult = 1;
	a.place = 1;
	a.delay = delay;
	a.fast = (uint8_t)fast;
	a.cost = 1;
	return a;
}

/* BU-STORE-3 BU-STORE-4 BU-BUILD-3 BU-BUILD-4 */
static void test_derivations(void **state)
{
	am_build_turn bt[3];

	(void)state;
	/* 遅延起動11 then 遅延起動10: 11 + 10 = 21 */
	chain_of(bt, build_with(11, 0), build_with(10, 0), 5, 1);
	assert_int_equal(bt[1].why, AM_BUILT);
	assert_int_equal(bt[1].turn, 11);
	assert_int_equal(bt[2].why, AM_UNBUILT_TOO_LATE);
	assert_int_equal(bt[2].turn, 21);
	assert_int_equal(bt[2].builder, 1);
	/* 11 + 9 = 20 */
	chain_of(bt, build_with(11, 0), build_with(9, 0), 5, 1);
	assert_int_equal(bt[2].why, AM_BUILT);
	assert_int_equal(bt[2].turn, 20);
	/* 子 of 素早さ 0 */
	chain_of(bt, build_with(0, 0), build_with(0, 0), 5, 0);
	assert_int_equal(bt[1].turn, 1);
	assert_int_equal(bt[2].why, AM_UNBUILT_NO_SPEED);
	/* 子 of ＨＰ 0 built in turn 1: dies at once */
	chain_of(bt, build_with(0, 0), build_with(0, 1), 0, 1);
	assert_int_equal(bt[2].why, AM_UNBUILT_HP0_LATE);
	/* ...built in turn 0 by a 高速起動 ビルド: builds 孫 in turn 0 */
	chain_of(bt, build_with(0, 1), build_with(0, 1), 0, 1);
	assert_int_equal(bt[1].turn, 0);
	assert_int_equal(bt[2].why, AM_BUILT);
	assert_int_equal(bt[2].turn, 0);
	/* ...but not with a default ビルド, usable at its age 1 = turn 1 */
	chain_of(bt, build_with(0, 1), build_with(0, 0), 0, 1);
	assert_int_equal(bt[2].why, AM_UNBUILT_HP0_TURN0);
	/* 子 never built: 孫 neither */
	chain_of(bt, build_with(21, 0), build_with(0, 0), 5, 1);
	assert_int_equal(bt[1].why, AM_UNBUILT_TOO_LATE);
	assert_int_equal(bt[1].turn, 21);
	assert_int_equal(bt[2].why, AM_UNBUILT_BUILDER);
	assert_int_equal(bt[2].builder, 1);
}

/*
 * An ＨＰ 0 unit built in turn 0 lives on only with ライフ given in turn 0
 * (BU-STORE-4, AM-TURN-3, AM-TURN-4).  甲 (ＨＰ 5, 素早さ spd) holds 産む,
 * ビルド（親）＜高速起動＞, then 命, ライフ与え＜全体化＞ (＜高速起動＞ when
 * fast); 親 (ＨＰ 0, 素早さ 1) holds 呼ぶ, ビルド（子）, usable from its age 1.
 * The bound is checked against the engine too: the build turns it plays
 * against the wall.
 */
static int life_team(am_build_turn *bt, int64_t spd, int fast)
{
	static am_action acts[3];
	static const uint32_t s0[2] = {0, 1}, s1[1] = {2};
	static am_unit_def u[3];
	am_team t;

	acts[0] = build_with(0, 1);
	acts[0].build = 1;
	acts[0].limited = 1;
	memset(&acts[1], 0, sizeof(acts[1]));
	acts[1].name = "命";
	acts[1].cls = AM_CLASS_LIFE;
	acts[1].mult = 1;
	acts[1].build = -1;
	acts[1].limited = 1;
	acts[1].all = 1;
	acts[1].fast = (uint8_t)fast;
	acts[1].cost = 1;
	acts[2] = build_with(0, 0);
	acts[2].build = 2;
	acts[2].limited = 1;
	unit_set(&u[0], "甲", 5, spd, s0, 2);
	unit_set(&u[1], "親", 0, 1, s1, 1);
	unit_set(&u[2], "子", 5, 0, NULL, 0);
	team_turns(bt, &t, u, acts, 3);
	return play(&t, bt, &wall, NULL);
}

/* BU-STORE-4 AM-TURN-3 AM-TURN-4 */
static void test_life_in_turn0(void **state)
{
	am_build_turn bt[3];

	(void)state;
	/* 命 without 高速起動 is usable from turn 1, after the death check at
	 * its start: 親 dies then, before 呼ぶ can run (at its age 1 = turn
	 * 1); in turn 0 it can run only ＜高速起動＞ actions.  The engine
	 * builds 親 alone. */
	assert_int_equal(life_team(bt, 1, 0), 1);
	assert_int_equal(bt[1].why, AM_BUILT);
	assert_int_equal(bt[1].turn, 0);
	assert_int_equal(bt[2].why, AM_UNBUILT_HP0_TURN0);
	assert_int_equal(bt[2].builder, 1);
	/* 命＜高速起動＞, but 甲 has AP 1 in turn 0 and spends it on 産む (the
	 * first usable slot): 命 runs in turn 1, too late. */
	assert_int_equal(life_team(bt, 1, 1), 1);
	assert_int_equal(bt[2].why, AM_UNBUILT_HP0_TURN0);
	/* 素早さ 2: in turn 0 産む builds 親, then 命 gives every living ally,
	 * 親 too, one ライフ; at the start of turn 1 親's ＨＰ 0 takes it and
	 * becomes 1 (A6), and 呼ぶ builds 子 in turn 1.  The engine builds
	 * both, 子 in turn 1 at the earliest (on_event checks the bound). */
	assert_int_equal(life_team(bt, 2, 1), 2);
	assert_int_equal(bt[2].why, AM_BUILT);
	assert_int_equal(bt[2].turn, 1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		TF_TEST("BU-STORE-3 BU-STORE-4 BU-BUILD-3 BU-BUILD-4",
		        test_derivations),
		TF_TEST("BU-STORE-4 AM-TURN-3 AM-TURN-4", test_life_in_turn0),
		TF_TEST("BU-STORE-3 BU-STORE-4", test_bound_holds),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
