/*
 * test_tiebreak.c - the seeded tie-break (AM-RESULT-2) is symmetric also
 * for two sheets whose entry units have the same name (AM-SYM-1): swapping
 * the sides mirrors the winner for every seed, and am_team_compare, which
 * orders such teams, is a function of the teams alone.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "amaryllis/engine.h"
#include "amaryllis/team.h"
#include "support/fixture.h"

/* Two units named 甲 that never act: ＨＰ 10 each after turn 20, a draw
 * (AM-RESULT-1).  They differ only in 攻撃力 (and so 技術). */
static const am_unit_def weak = {.name = "甲", .hp = 10, .atk = 0,
                                 .tech = 8, .bonus = 10};
static const am_unit_def strong = {.name = "甲", .hp = 10, .atk = 1,
                                   .tech = 7, .bonus = 10};
static const am_team team_weak = {.nunits = 1, .units = &weak};
static const am_team team_strong = {.nunits = 1, .units = &strong};

static int winner(const am_team *a, const am_team *b, uint64_t seed)
{
	am_battle_opts o = AM_BATTLE_OPTS_INIT;
	am_engine *e;
	am_result r;

	o.tie_break = 1;
	o.tie_seed = seed;
	assert_int_equal(am_engine_new(&e), 0);
	assert_int_equal(am_battle_run(&r, e, a, b, &o), 0);
	am_engine_free(e);
	assert_true(r.draw);
	assert_true(r.tie_broken);
	return r.winner;
}

/* AM-RESULT-2 AM-SYM-1 */
static void test_same_name_mirror(void **state)
{
	uint64_t seed;
	int wins_weak = 0, wins_strong = 0;

	(void)state;
	/* 攻撃力 0 < 1: the weak team sorts first, whatever the side */
	assert_true(am_team_compare(&team_weak, &team_strong) < 0);
	assert_true(am_team_compare(&team_strong, &team_weak) > 0);
	assert_int_equal(am_team_compare(&team_weak, &team_weak), 0);
	for (seed = 0; seed < 256; seed++) {
		int ab = winner(&team_weak, &team_strong, seed);
		int ba = winner(&team_strong, &team_weak, seed);
		/* the same team wins both ways: side 0 then side 1, or the
		 * reverse */
		assert_int_equal(ab, 1 - ba);
		if (ab == 0)
			wins_weak++;
		else
			wins_strong++;
	}
	/* the seed does decide: each sheet wins for some seeds */
	assert_true(wins_weak > 64 && wins_strong > 64);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		TF_TEST("AM-RESULT-2 AM-SYM-1", test_same_name_mirror),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
