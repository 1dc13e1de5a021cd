/*
 * test_game.c - the skeleton rule system's engine and input, with fixed
 * dice (docs/SKELETON.md).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "skeleton/game.h"
#include "skeleton/scenario.h"

/* SK-GAME-1, SK-GAME-2: A (HP 5) and B (HP 4), dice 3, 2, 4.  Round 1: A
 * hits B for 3 (B 1), B hits A for 2 (A 3); round 2: A hits B for 4 (B 0,
 * not -3): A wins in 2 rounds with 3 HP left. */
static void test_play(void **state)
{
	static const int64_t dice_v[] = {3, 2, 4};
	sk_game g;
	sk_result r;
	ut_dice dice;
	const char text[] = "# two sides\nA 5 6\n\nB 4 6\n";

	(void)state;
	assert_int_equal(sk_scenario_parse(&g, NULL, text, strlen(text),
	                                   UT_LANG_EN), 0);
	ut_dice_list(&dice, dice_v, 3);
	assert_int_equal(sk_game_play(&r, &g, &dice), 0);
	assert_int_equal(r.winner, 0);
	assert_int_equal(r.rounds, 2);
	assert_int_equal(r.hp[0], 3);
	assert_int_equal(r.hp[1], 0);
}

/* SK-GAME-3: dice of 1 side against HP 1,000,000 never end it: a draw
 * after SK_MAX_ROUNDS rounds, each side 100 HP down. */
static void test_draw(void **state)
{
	sk_game g = {{{"A", 1000000, 1}, {"B", 1000000, 1}}};
	sk_result r;
	ut_dice dice;

	(void)state;
	ut_dice_seed(&dice, 0);
	assert_int_equal(sk_game_play(&r, &g, &dice), 0);
	assert_int_equal(r.winner, -1);
	assert_int_equal(r.rounds, SK_MAX_ROUNDS);
	assert_int_equal(r.hp[0], 1000000 - SK_MAX_ROUNDS);
}

/* SK-IN-1: "A 0 6": HP 0 is out of range, at column 3 of line 1. */
static void test_bad_hp(void **state)
{
	sk_game g;
	sk_diag d;
	const char text[] = "A 0 6\nB 4 6\n";

	(void)state;
	assert_int_equal(sk_scenario_parse(&g, &d, text, strlen(text),
	                                   UT_LANG_EN), SK_EINVALID);
	assert_int_equal(d.line, 1);
	assert_int_equal(d.col, 3);
	assert_string_equal(d.message, "HP is a whole number from 1 to 1000000");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_play),
		cmocka_unit_test(test_draw),
		cmocka_unit_test(test_bad_hp),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
