/*
 * test_dice.c - the dice bot library (megami/dice.h): parsing, rounding,
 * the text of each kind of roll, errors with their columns, limits.
 *
 * Expected lines are BCDice's (test/data/SRS.toml, test/data/AddDice.toml,
 * test/test_add_dice*.rb where a case comes from there) or derived by hand
 * in the comment above the case.  Dice come from a fixed list, in the order
 * rolled; each term's dice are then shown sorted.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "megami/dice.h"
#include "support/fail_alloc.h"
#include "util/buf.h"
#include "util/rng.h"

/* Cases name the rule IDs of docs/MEGAMI.md first. */
#define MG_TEST(ids, f) {ids " " #f, f, NULL, NULL, NULL}

/* Every roll the tests make through run_as (up to 64 dice; the first
 * 1024), which test_alloc_failures makes again with each allocation
 * failing in turn. */
typedef struct a_roll {
	mg_dice_system sys;
	char expr[256];
	int64_t v[64];
	size_t n;
} a_roll;

static a_roll rolls[1024];
static size_t nrolls;

/* Parse expr as game system sys and roll it with the fixed dice v[0..n):
 * the line, or the error "COL: message" ("E" prefix: the parse's, "R":
 * the roll's) into out; the code of the call that failed, or 0. */
static int roll_into(char *out, size_t size, mg_dice_system sys,
                     const char *expr, const int64_t *v, size_t n)
{
	mg_dice_expr *e;
	mg_dice_diag d;
	ut_dice dice;
	ut_buf b = UT_BUF_INIT;
	int rc;

	if ((rc = mg_dice_parse_system(&e, &d, expr, strlen(expr), sys,
	                               MG_LANG_EN)) < 0) {
		snprintf(out, size, "E%u: %s", (unsigned)d.col, d.message);
		return rc;
	}
	ut_dice_list(&dice, v, n);
	if ((rc = mg_dice_roll(&b, NULL, &d, e, &dice, MG_LANG_EN)) < 0)
		snprintf(out, size, "R%u: %s", (unsigned)d.col, d.message);
	else
		snprintf(out, size, "%s", b.ptr ? b.ptr : "");
	ut_buf_free(&b);
	mg_dice_free(e);
	return rc;
}

/* Parse as game system sys and roll `expr` with the fixed dice v[0..n);
 * the line, or the error "COL: message" ("E" prefix) in *out (static
 * storage).  Kept in `rolls` when it fits. */
static const char *run_as(mg_dice_system sys, const char *expr,
                          const int64_t *v, size_t n)
{
	static char out[1024];
	a_roll *a = &rolls[nrolls];

	if (strlen(expr) < sizeof(a->expr) && n <= 64 &&
	    nrolls < sizeof(rolls) / sizeof(rolls[0])) {
		a->sys = sys;
		snprintf(a->expr, sizeof(a->expr), "%s", expr);
		if (n)
			memcpy(a->v, v, n * sizeof(*v));
		a->n = n;
		nrolls++;
	}
	roll_into(out, sizeof(out), sys, expr, v, n);
	return out;
}

static const char *run(const char *expr, const int64_t *v, size_t n)
{
	return run_as(MG_DICE_SRS, expr, v, n);
}

#define ROLL(expr, ...)                                                    \
	run(expr, (const int64_t[]){__VA_ARGS__},                              \
	    sizeof((const int64_t[]){__VA_ARGS__}) / sizeof(int64_t))
#define NOROLL(expr) run(expr, NULL, 0)
#define ROLL_DICEBOT(expr, ...)                                            \
	run_as(MG_DICE_DICEBOT, expr, (const int64_t[]){__VA_ARGS__},          \
	       sizeof((const int64_t[]){__VA_ARGS__}) / sizeof(int64_t))

/* MG-DICE-SRS-3 */
static void test_judge_2d6(void **state)
{
	/* sum ≥ crit first, then sum ≤ fumble */
	assert_int_equal(mg_judge_2d6(6, 6, 12, 2), MG_JUDGE_CRITICAL);
	assert_int_equal(mg_judge_2d6(1, 1, 12, 2), MG_JUDGE_FUMBLE);
	assert_int_equal(mg_judge_2d6(5, 6, 12, 2), MG_JUDGE_NORMAL);
	assert_int_equal(mg_judge_2d6(1, 2, 12, 2), MG_JUDGE_NORMAL);
	/* exactly the critical value: 5+6 = 11 with crit 11 */
	assert_int_equal(mg_judge_2d6(5, 6, 11, 2), MG_JUDGE_CRITICAL);
	/* exactly the fumble value: 1+3 = 4 with fumble 4 */
	assert_int_equal(mg_judge_2d6(1, 3, 12, 4), MG_JUDGE_FUMBLE);
	/* both hold (crit 2, fumble 12): critical wins */
	assert_int_equal(mg_judge_2d6(3, 4, 2, 12), MG_JUDGE_CRITICAL);
}

/* MG-DICE-SRS-1 MG-DICE-SRS-7 */
static void test_srs_basic(void **state)
{
	/* SRS.toml: dice 5,2 → [2,5]; 7+1 = 8 ≥ 8 */
	assert_string_equal(ROLL("2D6+1>=8", 5, 2),
	                    "(2D6+1>=8[12,2]) ＞ 7[2,5]+1 ＞ 8 ＞ 成功");
	/* SRS.toml: 6+1 = 7 < 8 */
	assert_string_equal(ROLL("2D6+1>=8", 4, 2),
	                    "(2D6+1>=8[12,2]) ＞ 6[2,4]+1 ＞ 7 ＞ 失敗");
	/* SRS.toml: +1-2+3-4 is -2; 7-2 = 5 < 8 */
	assert_string_equal(ROLL("2D6+1-2+3-4>=8", 5, 2),
	                    "(2D6-2>=8[12,2]) ＞ 7[2,5]-2 ＞ 5 ＞ 失敗");
	/* SRS.toml: no modifier */
	assert_string_equal(ROLL("2D6>=7", 5, 2),
	                    "(2D6>=7[12,2]) ＞ 7[2,5] ＞ 7 ＞ 成功");
	/* modifier by * and /: +2*3 = 6, +7/2 = 3 (floor) → +9 */
	assert_string_equal(ROLL("2D6+2*3+7/2>=8", 1, 2),
	                    "(2D6+9>=8[12,2]) ＞ 3[1,2]+9 ＞ 12 ＞ 成功");
	/* a target expression is folded: 5+3 = 8 */
	assert_string_equal(ROLL("2D6>=5+3", 2, 5),
	                    "(2D6>=8[12,2]) ＞ 7[2,5] ＞ 7 ＞ 失敗");
	/* a modifier of 0 is not shown: +1-1 */
	assert_string_equal(ROLL("2D6+1-1>=7", 2, 5),
	                    "(2D6>=7[12,2]) ＞ 7[2,5] ＞ 7 ＞ 成功");
}

/* MG-DICE-SRS-3 */
static void test_srs_critical_fumble(void **state)
{
	/* SRS.toml: 12 ≥ 12 wins over the target 13 */
	assert_string_equal(ROLL("2D6>=13", 6, 6),
	                    "(2D6>=13[12,2]) ＞ 12[6,6] ＞ 12 ＞ 自動成功");
	/* SRS.toml: 2 ≤ 2 loses though 2+1 = 3 ≥ 3 */
	assert_string_equal(ROLL("2D6+1>=3", 1, 1),
	                    "(2D6+1>=3[12,2]) ＞ 2[1,1]+1 ＞ 3 ＞ 自動失敗");
	/* SRS.toml: 12-1 = 11 < 12, still 自動成功 */
	assert_string_equal(ROLL("2D6-1>=12", 6, 6),
	                    "(2D6-1>=12[12,2]) ＞ 12[6,6]-1 ＞ 11 ＞ 自動成功");
	/* [11]: a sum of exactly 11 is critical (SRS.toml) */
	assert_string_equal(ROLL("2D6-1>=12[11]", 5, 6),
	                    "(2D6-1>=12[11,2]) ＞ 11[5,6]-1 ＞ 10 ＞ 自動成功");
	/* [,4]: a sum of exactly 4 is a fumble; 4+2 = 6 */
	assert_string_equal(ROLL("2D6+2>=5[,4]", 3, 1),
	                    "(2D6+2>=5[12,4]) ＞ 4[1,3]+2 ＞ 6 ＞ 自動失敗");
	/* [,4]: 5 is above the fumble value: 5+2 = 7 ≥ 5 */
	assert_string_equal(ROLL("2D6+2>=5[,4]", 3, 2),
	                    "(2D6+2>=5[12,4]) ＞ 5[2,3]+2 ＞ 7 ＞ 成功");
	/* [12,4]: 12 is critical, 4 a fumble */
	assert_string_equal(ROLL("2D6+2>=10[12,4]", 6, 6),
	                    "(2D6+2>=10[12,4]) ＞ 12[6,6]+2 ＞ 14 ＞ 自動成功");
	assert_string_equal(ROLL("2D6+2>=10[12,4]", 2, 2),
	                    "(2D6+2>=10[12,4]) ＞ 4[2,2]+2 ＞ 6 ＞ 自動失敗");
	/* @11: 11 critical; 10 is not (10+2 = 12 ≥ 10: 成功) */
	assert_string_equal(ROLL("2D6+2@11>=10", 5, 6),
	                    "(2D6+2>=10[11,2]) ＞ 11[5,6]+2 ＞ 13 ＞ 自動成功");
	assert_string_equal(ROLL("2D6+2@11>=10", 4, 6),
	                    "(2D6+2>=10[11,2]) ＞ 10[4,6]+2 ＞ 12 ＞ 成功");
	/* #4 and @11#4, before or after the modifier, either order */
	assert_string_equal(ROLL("2D6+2#4>=10", 1, 3),
	                    "(2D6+2>=10[12,4]) ＞ 4[1,3]+2 ＞ 6 ＞ 自動失敗");
	assert_string_equal(ROLL("2D6+2@11#4>=10", 6, 5),
	                    "(2D6+2>=10[11,4]) ＞ 11[5,6]+2 ＞ 13 ＞ 自動成功");
	assert_string_equal(ROLL("2D6#4@11+2>=10", 3, 2),
	                    "(2D6+2>=10[11,4]) ＞ 5[2,3]+2 ＞ 7 ＞ 失敗");
	/* @10 before the modifier +1: a sum of exactly 10 is critical */
	assert_string_equal(ROLL("2D6@10+1>=7", 5, 5),
	                    "(2D6+1>=7[10,2]) ＞ 10[5,5]+1 ＞ 11 ＞ 自動成功");
}

/* MG-DICE-SRS-2 MG-DICE-SRS-6 */
static void test_srs_legacy(void **state)
{
	/* SRS.toml: 2D6[] → defaults, no target: no verdict */
	assert_string_equal(ROLL("2D6[]", 6, 5),
	                    "(2D6[12,2]) ＞ 11[5,6] ＞ 11");
	assert_string_equal(ROLL("2D6[]", 6, 6),
	                    "(2D6[12,2]) ＞ 12[6,6] ＞ 12 ＞ 自動成功");
	assert_string_equal(ROLL("2D6[]", 1, 1),
	                    "(2D6[12,2]) ＞ 2[1,1] ＞ 2 ＞ 自動失敗");
	/* SRS.toml */
	assert_string_equal(ROLL("2D6+1[11,3]", 3, 1),
	                    "(2D6+1[11,3]) ＞ 4[1,3]+1 ＞ 5");
	assert_string_equal(ROLL("2D6+1-1[11,3]", 4, 2),
	                    "(2D6[11,3]) ＞ 6[2,4] ＞ 6");
	assert_string_equal(ROLL("2D6+1>=8[11]", 6, 4),
	                    "(2D6+1>=8[11,2]) ＞ 10[4,6]+1 ＞ 11 ＞ 成功");
	/* negative values are allowed; [12,] and [,] are not */
	assert_string_equal(ROLL("2D6[13,-1]", 1, 1),
	                    "(2D6[13,-1]) ＞ 2[1,1] ＞ 2");
	assert_string_equal(NOROLL("2D6[12,]"),
	                    "E4: critical and fumble values are written "
	                    "[c,f], [c], [,f] or []");
	assert_string_equal(NOROLL("2D6[,]"),
	                    "E4: critical and fumble values are written "
	                    "[c,f], [c], [,f] or []");
	/* @ is not allowed with [] (BCDice's legacy parser) */
	assert_string_equal(NOROLL("2D6@11[12,2]"), "E4: unexpected '@'");
}

/* MG-DICE-SRS-4 */
static void test_bare_2d6_is_a_sum(void **state)
{
	/* SRS.toml: 2D6 alone */
	assert_string_equal(ROLL("2D6", 6, 6), "(2D6) ＞ 12[6,6] ＞ 12");
	/* 2D6+1 without @ # >= []: AddDice's line */
	assert_string_equal(ROLL("2D6+1", 5, 2), "(2D6+1) ＞ 7[2,5]+1 ＞ 8");
	/* 2D6>8: only >= is SRS; AddDice compares */
	assert_string_equal(ROLL("2D6>8", 5, 2),
	                    "(2D6>8) ＞ 7[2,5] ＞ 7 ＞ 失敗");
}

/* MG-DICE-SRS-5 */
static void test_preprocessor(void **state)
{
	/* (1+1)D6>=8 is folded to 2D6>=8 before the SRS reading */
	assert_string_equal(ROLL("(1+1)D6>=8", 2, 3),
	                    "(2D6>=8[12,2]) ＞ 5[2,3] ＞ 5 ＞ 失敗");
	/* 2D>=8: the implicit sides make it 2D6>=8 */
	assert_string_equal(ROLL("2D>=8", 6, 2),
	                    "(2D6>=8[12,2]) ＞ 8[2,6] ＞ 8 ＞ 成功");
	/* plain sums show the implicit sides and folded counts too */
	assert_string_equal(ROLL("1D+4", 6), "(1D6+4) ＞ 6[6]+4 ＞ 10");
	assert_string_equal(ROLL("(1+2)D4", 1, 2, 3),
	                    "(3D4) ＞ 6[1,2,3] ＞ 6");
}

/* MG-DICE-SUM-1 MG-DICE-OUT-1 MG-DICE-OUT-2 */
static void test_sums(void **state)
{
	/* the issue: 3D6+2 with 5,2,3 → sorted [2,3,5] */
	assert_string_equal(ROLL("3D6+2", 5, 2, 3),
	                    "(3D6+2) ＞ 10[2,3,5]+2 ＞ 12");
	/* AddDice.toml (sorted, as SRS sorts): 5,3 and 4 */
	assert_string_equal(ROLL("(2D6+1D4)*2", 5, 3, 4),
	                    "((2D6+1D4)*2) ＞ (8[3,5]+4[4])*2 ＞ 24");
	assert_string_equal(ROLL("(2D6+(1D4+3)*3)*2", 5, 3, 4),
	                    "((2D6+(1D4+3)*3)*2) ＞ (8[3,5]+(4[4]+3)*3)*2 ＞ 58");
	/* one die alone: no middle part; in parentheses: a middle part */
	assert_string_equal(ROLL("1D6", 3), "(1D6) ＞ 3");
	assert_string_equal(ROLL("D6", 3), "(1D6) ＞ 3");
	assert_string_equal(ROLL("(1D6)", 3), "((1D6)) ＞ (3[3]) ＞ 3");
	/* dice are consumed left to right: 2D6 takes 6,1, 1D4 takes 2 */
	assert_string_equal(ROLL("2D6-1D4", 6, 1, 2),
	                    "(2D6-1D4) ＞ 7[1,6]-2[2] ＞ 5");
	/* numbers are shown as values: 007 */
	assert_string_equal(ROLL("1D6+007", 1), "(1D6+7) ＞ 1[1]+7 ＞ 8");
}

/* MG-DICE-SUM-2 */
static void test_signs(void **state)
{
	/* test_add_dice_parser.rb: 2D6--1 is 2D6+1, 2D6---1 is 2D6-1 */
	assert_string_equal(ROLL("2D6--1", 3, 4), "(2D6+1) ＞ 7[3,4]+1 ＞ 8");
	assert_string_equal(ROLL("2D6---1", 3, 4), "(2D6-1) ＞ 7[3,4]-1 ＞ 6");
	/* a+-b is a-b; +x is x */
	assert_string_equal(ROLL("2D6+-1", 3, 4), "(2D6-1) ＞ 7[3,4]-1 ＞ 6");
	assert_string_equal(ROLL("+2D6", 3, 4), "(2D6) ＞ 7[3,4] ＞ 7");
	/* -1D6+1 with 3: -3+1 */
	assert_string_equal(ROLL("-1D6+1", 3), "(-1D6+1) ＞ -3[3]+1 ＞ -2");
}

/* MG-DICE-SUM-3 MG-DICE-SUM-4 */
static void test_division(void **state)
{
	/* AddDice.toml: 3/2 = 1.5 → U 2, C shown as U, F 1, R 2 */
	assert_string_equal(ROLL("1D6+3/2U", 1), "(1D6+3/2U) ＞ 1[1]+3/2U ＞ 3");
	assert_string_equal(ROLL("1D6+3/2C", 1), "(1D6+3/2U) ＞ 1[1]+3/2U ＞ 3");
	assert_string_equal(ROLL("1D6+3/2F", 1), "(1D6+3/2F) ＞ 1[1]+3/2F ＞ 2");
	assert_string_equal(ROLL("1D6+3/2R", 1), "(1D6+3/2R) ＞ 1[1]+3/2R ＞ 3");
	/* 4/3 = 1.33 → U 2, F 1, R 1; plain / floors (SRS's default) */
	assert_string_equal(ROLL("1D6+4/3U", 1), "(1D6+4/3U) ＞ 1[1]+4/3U ＞ 3");
	assert_string_equal(ROLL("1D6+4/3R", 1), "(1D6+4/3R) ＞ 1[1]+4/3R ＞ 2");
	assert_string_equal(ROLL("1D1+3/2", 1), "(1D1+3/2) ＞ 1[1]+3/2 ＞ 2");
	/* negative quotients: -7/2 = -3.5 → / -4 (floor), U -3, R -4 */
	assert_string_equal(ROLL("1D1-8+1/2", 1),
	                    "(1D1-8+1/2) ＞ 1[1]-8+1/2 ＞ -7");
	assert_string_equal(ROLL("(1D1-8)/2", 1), "((1D1-8)/2) ＞ (1[1]-8)/2 ＞ -4");
	assert_string_equal(ROLL("(1D1-8)/2U", 1),
	                    "((1D1-8)/2U) ＞ (1[1]-8)/2U ＞ -3");
	assert_string_equal(ROLL("(1D1-8)/2R", 1),
	                    "((1D1-8)/2R) ＞ (1[1]-8)/2R ＞ -4");
	/* -5/2 = -2.5 R → -3 (half away from zero); -4/3 R → -1 */
	assert_string_equal(ROLL("(1D1-6)/2R", 1),
	                    "((1D1-6)/2R) ＞ (1[1]-6)/2R ＞ -3");
	assert_string_equal(ROLL("(1D1-5)/3R", 1),
	                    "((1D1-5)/3R) ＞ (1[1]-5)/3R ＞ -1");
	/* 1D6/-4 with 3: -0.75 → floor -1 */
	assert_string_equal(ROLL("1D6/-4", 3), "(1D6/-4) ＞ 3[3]/-4 ＞ -1");
	/* division by zero is 1 in a sum (BCDice), and sends an SRS
	 * modifier to the sum: 2D6+1/0>=8 → 7+1 = 8 ≥ 8 */
	assert_string_equal(ROLL("1D6/0", 3), "(1D6/0) ＞ 3[3]/0 ＞ 1");
	assert_string_equal(ROLL("2D6+1/0>=8", 5, 2),
	                    "(2D6+1/0>=8) ＞ 7[2,5]+1/0 ＞ 8 ＞ 成功");
}

/* MG-DICE-SUM-5 */
static void test_comparisons(void **state)
{
	/* 7 against 7 with every operator */
	assert_string_equal(ROLL("3D6>=7", 1, 2, 4),
	                    "(3D6>=7) ＞ 7[1,2,4] ＞ 7 ＞ 成功");
	assert_string_equal(ROLL("3D6>7", 1, 2, 4),
	                    "(3D6>7) ＞ 7[1,2,4] ＞ 7 ＞ 失敗");
	assert_string_equal(ROLL("3D6<=7", 1, 2, 4),
	                    "(3D6<=7) ＞ 7[1,2,4] ＞ 7 ＞ 成功");
	assert_string_equal(ROLL("3D6<7", 1, 2, 4),
	                    "(3D6<7) ＞ 7[1,2,4] ＞ 7 ＞ 失敗");
	assert_string_equal(ROLL("3D6=7", 1, 2, 4),
	                    "(3D6=7) ＞ 7[1,2,4] ＞ 7 ＞ 成功");
	assert_string_equal(ROLL("3D6<>7", 1, 2, 4),
	                    "(3D6<>7) ＞ 7[1,2,4] ＞ 7 ＞ 失敗");
	/* other spellings: => =< != == === */
	assert_string_equal(ROLL("3D6=>7", 1, 2, 4),
	                    "(3D6>=7) ＞ 7[1,2,4] ＞ 7 ＞ 成功");
	assert_string_equal(ROLL("3D6=<6", 1, 2, 4),
	                    "(3D6<=6) ＞ 7[1,2,4] ＞ 7 ＞ 失敗");
	assert_string_equal(ROLL("3D6!=7", 1, 2, 4),
	                    "(3D6<>7) ＞ 7[1,2,4] ＞ 7 ＞ 失敗");
	assert_string_equal(ROLL("2D6===7", 3, 4),
	                    "(2D6=7) ＞ 7[3,4] ＞ 7 ＞ 成功");
	/* the target is evaluated: (5+1)*2 = 12 (a sum: 3D6) */
	assert_string_equal(ROLL("3D6>=(5+1)*2", 1, 2, 4),
	                    "(3D6>=12) ＞ 7[1,2,4] ＞ 7 ＞ 失敗");
	/* `?`: no verdict */
	assert_string_equal(ROLL("2D6<=?", 3, 4), "(2D6<=?) ＞ 7[3,4] ＞ 7");
}

/* MG-DICE-IN-1 MG-DICE-IN-2 MG-DICE-IN-3 */
static void test_input_forms(void **state)
{
	/* full width: ２Ｄ６＋１＞＝８ is 2D6+1>=8 */
	assert_string_equal(ROLL("２Ｄ６＋１＞＝８", 5, 2),
	                    "(2D6+1>=8[12,2]) ＞ 7[2,5]+1 ＞ 8 ＞ 成功");
	/* ＠ ＃ ［ ］ too */
	assert_string_equal(ROLL("２Ｄ６［１１］", 5, 6),
	                    "(2D6[11,2]) ＞ 11[5,6] ＞ 11 ＞ 自動成功");
	/* lower case */
	assert_string_equal(ROLL("2d6+1>=8", 5, 2),
	                    "(2D6+1>=8[12,2]) ＞ 7[2,5]+1 ＞ 8 ＞ 成功");
	/* comments after a blank (an ideographic space too), leading blanks */
	assert_string_equal(ROLL("  2D6+1>=8 命中判定 +3", 5, 2),
	                    "(2D6+1>=8[12,2]) ＞ 7[2,5]+1 ＞ 8 ＞ 成功");
	assert_string_equal(ROLL("3D6　ダメージ", 1, 1, 1),
	                    "(3D6) ＞ 3[1,1,1] ＞ 3");
}

/* MG-DICE-ERR-1 */
static void test_errors(void **state)
{
	assert_string_equal(NOROLL(""), "E1: empty expression");
	assert_string_equal(NOROLL("  # only"), "E3: unexpected '#'");
	assert_string_equal(NOROLL("2D6+"), "E5: unexpected end of the expression");
	assert_string_equal(NOROLL("(2D6+1"), "E7: '(' at column 1 is not closed");
	assert_string_equal(NOROLL("2D6+1)"), "E6: unexpected ')'");
	/* an unclosed critical and fumble bracket (GM review D4): the "["
	 * at column 7 (10) has no "]" after it */
	assert_string_equal(NOROLL("2D6>=8[12"), "E7: '[' at column 7 is not closed");
	assert_string_equal(NOROLL("2D6+3>=10[12,2"),
	                    "E10: '[' at column 10 is not closed");
	/* a "[" with a "]" after it is unexpected as before */
	assert_string_equal(NOROLL("1D6[2]+1"), "E4: unexpected '['");
	assert_string_equal(NOROLL("1+2"), "E1: no dice to roll (write them like 2D6)");
	/* a character that cannot be seen is named by its code point (a
	 * zero-width space, NEL, a control, NUL, a combining accent) */
	assert_string_equal(NOROLL("2D6\xe2\x80\x8b"),
	                    "E4: unexpected invisible character U+200B");
	assert_string_equal(NOROLL("2\xe2\x80\x8b" "D6"),
	                    "E2: unexpected invisible character U+200B");
	assert_string_equal(NOROLL("\xc2\x85"),
	                    "E1: unexpected invisible character U+0085");
	assert_string_equal(NOROLL("1D6\x01"),
	                    "E4: unexpected invisible character U+0001");
	assert_string_equal(NOROLL("3R6[\xe2\x80\x8b"),
	                    "E5: unexpected invisible character U+200B");
	assert_string_equal(NOROLL("2D6\xcc\x81"),
	                    "E4: unexpected invisible character U+0301");
	/* a visible non-ASCII character after a whole expression is a
	 * comment with no blank before it; inside one it is unexpected */
	assert_string_equal(NOROLL("2D6\xe3\x81\x82"),
	                    "E4: a comment needs a blank before it: e.g. 2D6>=8 攻撃");
	assert_string_equal(NOROLL("2D6+\xe3\x81\x82"), "E5: unexpected 'あ'");
	/* ≧ ≥ ≦ ≤ ≠ (an IME's >=) are no comparison, said as such (GM
	 * review 2026-12-04, 5: "a comment needs a blank" sent the player
	 * the wrong way); BCDice refuses them too */
	assert_string_equal(NOROLL("2D6+3\xe2\x89\xa7" "10"),
	                    "E6: '\xe2\x89\xa7' is not a comparison: write >=, <=, >, "
	                    "<, = or <> (e.g. 2D6>=8)");
	assert_string_equal(NOROLL("2D6\xe2\x89\xa4" "5"),
	                    "E4: '\xe2\x89\xa4' is not a comparison: write >=, <=, >, "
	                    "<, = or <> (e.g. 2D6>=8)");
	/* and in a pool roll (nBx, nRx, nUx: its own parser), with a
	 * pool's example; a comment there still needs its blank */
	assert_string_equal(NOROLL("3B6\xe2\x89\xa7" "4"),
	                    "E4: '\xe2\x89\xa7' is not a comparison: write >=, <=, >, "
	                    "<, = or <> (e.g. 3B6>=4)");
	assert_string_equal(NOROLL("3R6\xe2\x89\xa0" "4"),
	                    "E4: '\xe2\x89\xa0' is not a comparison: write >=, <=, >, "
	                    "<, = or <> (e.g. 3B6>=4)");
	assert_string_equal(NOROLL("3B6>=4\xe3\x81\x82"),
	                    "E7: a comment needs a blank before it: e.g. 2D6>=8 攻撃");
	{
		mg_dice_expr *e;
		mg_dice_diag d;
		assert_int_equal(mg_dice_parse(&e, &d, "1D6\0", 4, MG_LANG_EN),
		                 MG_EINVALID);
		assert_string_equal(d.message,
		                    "unexpected invisible character U+0000");
		assert_int_equal(mg_dice_parse(&e, &d, "2D6\xe2\x80\x8b", 6,
		                               MG_LANG_JA), MG_EINVALID);
		assert_string_equal(d.message, "見えない文字 U+200B はここに書けません");
		/* a NUL is part of no command, wherever it is: a repeat's and
		 * a choice's text was cut at it (`x2 2D6<NUL>abc` printed
		 * "… (2D6", the ')' lost; dice review 2026-12-06); its column
		 * is 7, 13, 8 */
		assert_int_equal(mg_dice_parse(&e, &d, "x2 2D6\0abc", 10,
		                               MG_LANG_EN), MG_EINVALID);
		assert_string_equal(d.message, "unexpected invisible character U+0000");
		assert_int_equal(d.col, 7);
		assert_int_equal(mg_dice_parse(&e, &d, "choice a b c\0x", 14,
		                               MG_LANG_EN), MG_EINVALID);
		assert_int_equal(d.col, 13);
		assert_int_equal(mg_dice_parse(&e, &d, "2D6 abc\0", 8,
		                               MG_LANG_EN), MG_EINVALID);
		assert_int_equal(d.col, 8);
	}
	/* no reading reads it and its first word holds an invisible
	 * character: that is named (it said "unexpected 'X'" at 1) */
	assert_string_equal(NOROLL("x2\xe2\x80\x8b 2D6"),
	                    "E3: unexpected invisible character U+200B");
	assert_string_equal(NOROLL("rep2\xef\xbb\xbf 2D6"),
	                    "E5: unexpected invisible character U+FEFF");
	/* (in a comment it is no error: `2D6 あ<U+200D>`, a ZWJ, rolls) */
	assert_string_equal(ROLL("2D6 \xe3\x81\x82\xe2\x80\x8d", 3, 4),
	                    "(2D6) ＞ 7[3,4] ＞ 7");
	/* a repeat with no command (BCDice answers nothing) */
	assert_string_equal(NOROLL("x3"), "E3: nothing to repeat (write it like x3 2D6)");
	assert_string_equal(NOROLL("Srep2 "),
	                    "E7: nothing to repeat (write it like x3 2D6)");
	/* the number past 64 bits in [c,f] is named, as elsewhere */
	assert_string_equal(NOROLL("2D6[99999999999999999999]"),
	                    "E5: number 99999999999999999999 is too large (over 64 bits)");
	assert_string_equal(NOROLL("2D6>=8[11,-99999999999999999999]"),
	                    "E11: number -99999999999999999999 is too large (over 64 bits)");
	assert_string_equal(NOROLL("2D6>=1D6"), "E6: the target cannot roll dice");
	assert_string_equal(NOROLL("(1D6)D6"),
	                    "E6: the number and sides of dice cannot roll dice");
	assert_string_equal(NOROLL("2D6!!8"), "E4: bad comparison operator '!!'");
	assert_string_equal(NOROLL("2D6>"), "E5: unexpected end of the expression");
	/* SRS errors when the text is SRS-like (@ # []) */
	assert_string_equal(NOROLL("2D6@11>8"),
	                    "E7: an SRS judgement compares with >= only");
	assert_string_equal(NOROLL("2D6@11@12"), "E7: '@' given twice");
	assert_string_equal(NOROLL("2D6@11+1#3>=8"),
	                    "E9: write @ and # together, before or after the "
	                    "modifier");
	assert_string_equal(NOROLL("2D6@11>=?"),
	                    "E9: an SRS judgement cannot have the target '?'");
	/* columns count characters of what was written: ２Ｄ６＋ ends at 5 */
	assert_string_equal(NOROLL("２Ｄ６＋"),
	                    "E5: unexpected end of the expression");
	assert_string_equal(NOROLL("あ"), "E1: unexpected 'あ'");
	assert_string_equal(NOROLL("SS2D6"), "E2: unexpected 'S'");
	assert_string_equal(NOROLL("D66X"),
	                    "E1: write D66 as D66, D66A, D66D, D66N or D66S");
	assert_string_equal(NOROLL("5D10K3"), "E5: unexpected 'K'");
	/* the character as typed, not the upper-cased copy the readings
	 * parse (language review 2026-12-07: `hello` said 'H'): a plain
	 * sum's, an SRS judgement's (S2D6: column 7 of s2d6>=x), a pool's */
	assert_string_equal(NOROLL("hello"), "E1: unexpected 'h'");
	assert_string_equal(NOROLL("2d6+ｘ"), "E5: unexpected 'ｘ'");
	assert_string_equal(NOROLL("s2d6>=x"), "E7: unexpected 'x'");
	assert_string_equal(NOROLL("2b6>=q"), "E6: unexpected 'q'");
	assert_string_equal(NOROLL("\xff"), "E1: invalid UTF-8");
	assert_string_equal(NOROLL("2D6\xff"), "E4: invalid UTF-8");
}

/* mg_dice_count of text, which must parse (in English). */
static size_t dice_count(const char *text)
{
	mg_dice_expr *e;
	size_t n;

	assert_int_equal(mg_dice_parse(&e, NULL, text, strlen(text),
	                               MG_LANG_EN), 0);
	n = mg_dice_count(e);
	mg_dice_free(e);
	return n;
}

/* MG-DICE-LIMIT MG-DICE-ERR-2 */
static void test_limits_and_overflow(void **state)
{
	char big[MG_DICE_MAX_EXPR + 2];

	assert_string_equal(NOROLL("(0-1)D66"),
	                    "E6: the number of D66 dice must be 0 or more, not -1");
	/* 200 + 200 + 200 + 200 + 200 is 1000: fine; one more is too many */
	assert_int_equal(dice_count("200D6+200D6+200D6+200D6+200D6"), 1000);
	assert_string_equal(NOROLL("200D6+200D6+200D6+200D6+200D6+1D6"),
	                    "E32: at most 1000 dice in one expression");
	/* A pool's notations: 3 + 10000 dice would be rolled, but a roll
	 * stops at BCDice's 10000 (TooManyRandsError): it surely takes 10000,
	 * not 10003 (fuzz_megami_dice found the count over the limit) */
	assert_int_equal(dice_count("3U6+10000U6[6]"), 10000);
	assert_string_equal(NOROLL("1D6+99999999999999999999"),
	                    "E5: number 99999999999999999999 is too large (over 64 bits)");
	assert_string_equal(NOROLL("2D6+9223372036854775807+1>=8"),
	                    "E24: arithmetic overflow (over 64 bits)");
	/* overflow when rolled: 3 × 9223372036854775807 at the first * */
	assert_string_equal(ROLL("1D6*9223372036854775807", 3),
	                    "R4: arithmetic overflow (over 64 bits)");
	/* INT64_MIN / -1 */
	assert_string_equal(ROLL("(1D1-1-9223372036854775807-1)/-1", 1),
	                    "R30: arithmetic overflow (over 64 bits)");
	/* MG-DICE-LIMIT: BCDice's Randomizer#roll_barabara raises
	 * TooManyRandsError when the dice rolled so far plus a term's number
	 * pass 10000, before its rule that more than 200 roll nothing: an
	 * error at the term's D; 10000 is fine, and so is 9999 after 1 */
	assert_string_equal(NOROLL("10001D6"),
	                    "E6: at most 10000 dice in one command");
	assert_string_equal(NOROLL("(10000+1)D6>=3"),
	                    "E10: at most 10000 dice in one command");
	assert_string_equal(ROLL("2D6+10000D6", 3, 4),
	                    "E10: at most 10000 dice in one command");
	assert_string_equal(NOROLL("200D6+9801D6"),
	                    "E11: at most 10000 dice in one command");
	assert_string_equal(NOROLL("10000D6"), "(10000D6) ＞ 0");
	assert_string_equal(ROLL("9999D6+1D6", 3), "(9999D6+1D6) ＞ 0[]+3[3] ＞ 3");
	/* a negative number of dice is no check (and rolls nothing) */
	assert_string_equal(NOROLL("(0-10001)D6"), "(-10001D6) ＞ 0");
	/* counted across a repeat: #2's 9999D6 comes after 2 dice; and
	 * 100 × 101 dice; 9998 is fine */
	assert_string_equal(NOROLL("x2 1D6+9999D6"),
	                    "E4: at most 10000 dice in one command");
	assert_string_equal(NOROLL("x100 101D6"),
	                    "E6: at most 10000 dice in one command");
	assert_string_equal(NOROLL("x3 10001D6"),
	                    "E9: at most 10000 dice in one command");
	/* a nested repeat (upper-case inner keyword): BCDice raises through
	 * both, counting every roll of the inner one (#2's #2 of x2 X2 comes
	 * after 3 dice: 3 + 1 + 9997 > 10000; x3 X3: 8 + 1 + 9991 = 10000) */
	assert_string_equal(NOROLL("x2 X2 1D6+9997D6"),
	                    "E4: at most 10000 dice in one command");
	assert_string_equal(NOROLL("REPEAT2 Sx100 200U2[2]"),
	                    "E15: at most 10000 dice in one command");
	assert_string_equal(NOROLL("X2 X2 10001D6"),
	                    "E12: at most 10000 dice in one command");
	assert_non_null(strstr(ROLL("x3 X3 1D6+9991D6", 1, 1, 1, 1, 1, 1, 1, 1, 1),
	                       "#3\n#1\n(1D6+9991D6) ＞ 1[1]+0[] ＞ 1"));
	assert_string_equal(ROLL("x2 1D6+9998D6", 3, 4),
	                    "#1\n(1D6+9998D6) ＞ 3[3]+0[] ＞ 3\n\n"
	                    "#2\n(1D6+9998D6) ＞ 4[4]+0[] ＞ 4");
	/* MG-DICE-CLI-2: an SRS judgement's sum + modifier overflows when
	 * rolled: a bad expression at the modifier's first sign (column 4),
	 * also in the [c,f] and @c forms */
	assert_string_equal(ROLL("2D6+9223372036854775807>=8", 3, 4),
	                    "R4: arithmetic overflow (over 64 bits)");
	assert_string_equal(ROLL("2D6+9223372036854775807[]", 3, 4),
	                    "R4: arithmetic overflow (over 64 bits)");
	assert_string_equal(ROLL("S2D6-1+9223372036854775807@11", 3, 4),
	                    "R5: arithmetic overflow (over 64 bits)");
	/* an nUx's die + modifier: the "+" at column 7, or 8 after "S" */
	assert_string_equal(ROLL("3U6[6]+9223372036854775807", 6, 2),
	                    "R7: arithmetic overflow (over 64 bits)");
	assert_string_equal(ROLL("S3U6[6]+9223372036854775807>=1", 1),
	                    "R8: arithmetic overflow (over 64 bits)");
	/* in a repeat, the column in the whole text: the * at 7, the + at 7 */
	assert_string_equal(ROLL("x2 1D6*9223372036854775807", 3),
	                    "R7: arithmetic overflow (over 64 bits)");
	assert_string_equal(ROLL("x2 2D6+9223372036854775807>=8", 3, 4),
	                    "R7: arithmetic overflow (over 64 bits)");
	/* parentheses 64 deep are fine, 65 are not */
	{
		char s[200];
		int i, k = 0;
		for (i = 0; i < 64; i++)
			s[k++] = '(';
		s[k++] = '1';
		s[k++] = 'D';
		s[k++] = '6';
		for (i = 0; i < 64; i++)
			s[k++] = ')';
		s[k] = '\0';
		assert_string_not_equal(run(s, (const int64_t[]){1}, 1), "");
		assert_int_equal(run(s, (const int64_t[]){1}, 1)[0], '(');
		memmove(s + 1, s, (size_t)k + 1);
		s[0] = '(';
		s[k + 1] = ')';
		s[k + 2] = '\0';
		assert_string_equal(NOROLL(s),
		                    "E65: parentheses nested too deep (at most 64)");
	}
	/* repeats 10 deep are fine (x1 and 9 X1: BCDice's check of a repeat
	 * in a repeat is case-sensitive, MG-DICE-COM-6), 11 are not, at the
	 * first inner one (column 4); before the limit, 8,000 of them took
	 * gigabytes and then the stack (code review of 2026-12-03) */
	{
		char s[64];
		size_t k = 3;
		int i;
		memcpy(s, "x1 ", 3);
		for (i = 0; i < 9; i++, k += 3)
			memcpy(s + k, "X1 ", 3);
		memcpy(s + k, "1D6", 4);
		/* 10 answers of "#1", each one repeat deeper */
		assert_int_equal(run(s, (const int64_t[]){1}, 1)[0], '#');
		memcpy(s + k, "X1 1D6", 7); /* 11 */
		assert_string_equal(NOROLL(s),
		                    "E4: repeats nested too deep (at most 10 levels)");
	}
	/* megami's limit of one command's answer, 1 MiB (MG-DICE-LIMIT):
	 * "c(1) ＞ 1" is 10 bytes (＞ is three); x100 over an answer of T
	 * bytes answers 590 + 100 T (its headers: "#1\n" 3 bytes, then
	 * "\n\n#k\n" 5 for k = 2…9, 6 for 10…99, 7 for 100: 3 + 40 + 540 +
	 * 7), so Sx100 C(1) answers 590 + 1,000 = 1,590 bytes and
	 * x100 Sx100 C(1) 590 + 159,000 = 159,590, under 1,048,576; one x100
	 * more would be 15,959,590: refused, at the innermost repeat (column
	 * 12: Sx100 C(1)), whose loop finds the answer past the limit first.
	 * x2 Sx2 C(1): 3 + 28 + 5 + 28 = 64 bytes (its inner answer "#1\n"
	 * + 10 + "\n\n#2\n" + 10 = 28) */
	assert_int_equal(strlen(NOROLL("x2 Sx2 C(1)")), 64);
	{
		const char *ok = "x100 Sx100 C(1)";
		const char *over = "x100 Sx100 Sx100 C(1)";
		mg_dice_expr *e;
		mg_dice_diag d;
		ut_dice dice;
		ut_buf b = UT_BUF_INIT;
		ut_dice_list(&dice, NULL, 0);
		assert_int_equal(mg_dice_parse(&e, &d, ok, strlen(ok), MG_LANG_EN), 0);
		assert_int_equal(mg_dice_roll(&b, NULL, &d, e, &dice, MG_LANG_EN), 0);
		assert_int_equal(b.len, 159590);
		mg_dice_free(e);
		ut_buf_clear(&b);
		assert_int_equal(mg_dice_parse(&e, &d, over, strlen(over), MG_LANG_EN), 0);
		assert_int_equal(mg_dice_roll(&b, NULL, &d, e, &dice, MG_LANG_EN),
		                 MG_ELIMIT);
		assert_int_equal(d.col, 12);
		assert_string_equal(d.message,
		                    "at most 1048576 bytes in one command's answer");
		/* it stopped once past the limit, not after 16 MB */
		assert_true(b.len > MG_DICE_MAX_ANSWER &&
		            b.len < MG_DICE_MAX_ANSWER + 4096);
		mg_dice_free(e);
		ut_buf_free(&b);
	}
	/* an expression over 1024 bytes */
	memset(big, '1', sizeof(big) - 1);
	big[0] = '1';
	big[1] = 'D';
	big[2] = '6';
	big[3] = '+';
	big[sizeof(big) - 1] = '\0';
	assert_string_equal(NOROLL(big), "E1025: expression too long (at most 1024 bytes)");
	/* a text over 65536 bytes, the expression short: the text's limit is
	 * named (it was the expression's 1024) */
	{
		size_t n = MG_DICE_MAX_TEXT + 1;
		char *t = malloc(n + 1);
		mg_dice_expr *e;
		mg_dice_diag d;
		assert_non_null(t);
		memset(t, 'a', n);
		memcpy(t, "2D6 ", 4);
		t[n] = '\0';
		assert_int_equal(mg_dice_parse(&e, &d, t, n, MG_LANG_EN), MG_ELIMIT);
		assert_int_equal(d.col, 1);
		assert_string_equal(d.message,
		                    "text too long (at most 65536 bytes, comment included)");
		free(t);
	}
}

/* MG-DICE-OUT-2 */
static void test_fixed_dice_errors(void **state)
{
	/* 7 for a d6 at position 1 */
	assert_string_equal(ROLL("2D6", 7, 2),
	                    "R0: fixed dice: value 1 is 7, not between 1 and 6");
	/* only 1 value for 2 dice */
	assert_string_equal(ROLL("2D6>=8", 3),
	                    "R0: fixed dice: die 2 is needed but the list has only 1");
	/* a d4 takes 5: value 3 */
	assert_string_equal(ROLL("2D6+1D4", 1, 2, 5),
	                    "R0: fixed dice: value 3 is 5, not between 1 and 4");
}

/* MG-DICE-OUT-2 */
static void test_seeded(void **state)
{
	/* seed 0: d6 4, 5, 1, 3, 5, 6, 3 (tests/util/rng_reference.py) */
	mg_dice_expr *e;
	ut_dice dice;
	ut_buf b = UT_BUF_INIT;
	mg_dice_result r;

	ut_dice_seed(&dice, 0);
	assert_int_equal(mg_dice_parse(&e, NULL, "2D6+1>=8", 8, MG_LANG_JA), 0);
	assert_int_equal(mg_dice_roll(&b, &r, NULL, e, &dice, MG_LANG_JA), 0);
	assert_string_equal(b.ptr, "(2D6+1>=8[12,2]) ＞ 9[4,5]+1 ＞ 10 ＞ 成功");
	assert_int_equal(r.total, 10);
	assert_int_equal(r.outcome, MG_DICE_SUCCESS);
	assert_int_equal(r.srs, 1);
	ut_buf_clear(&b);
	/* the same source goes on: 1, 3 */
	assert_int_equal(mg_dice_roll(&b, &r, NULL, e, &dice, MG_LANG_JA), 0);
	assert_string_equal(b.ptr, "(2D6+1>=8[12,2]) ＞ 4[1,3]+1 ＞ 5 ＞ 失敗");
	mg_dice_free(e);
	ut_buf_free(&b);
}

/* MG-DICE-ERR-1 */
static void test_japanese_messages(void **state)
{
	mg_dice_expr *e;
	mg_dice_diag d;

	assert_int_equal(mg_dice_parse(&e, &d, "2D6+", 4, MG_LANG_JA),
	                 MG_EINVALID);
	assert_null(e);
	assert_int_equal(d.col, 5);
	assert_string_equal(d.message, "式が途中で終わっています");
	assert_string_equal(mg_error_last(), "式が途中で終わっています");
	assert_int_equal(mg_dice_parse(&e, &d, "1D6+99999999999999999999", 24,
	                               MG_LANG_JA), MG_EOVERFLOW);
	assert_int_equal(mg_dice_parse(&e, &d, "(0-2)D66", 8, MG_LANG_JA),
	                 MG_ELIMIT);
	assert_string_equal(d.message, "D66 のダイスの数は0以上です（-2個）");
}

/* Parse and roll with fixed dice; also the result's secret flag. */
static int secret_of(const char *expr, const int64_t *v, size_t n)
{
	mg_dice_expr *e;
	mg_dice_result r;
	ut_dice dice;
	ut_buf b = UT_BUF_INIT;

	memset(&r, 0xff, sizeof(r));
	assert_int_equal(mg_dice_parse(&e, NULL, expr, strlen(expr),
	                               MG_LANG_EN), 0);
	ut_dice_list(&dice, v, n);
	assert_int_equal(mg_dice_roll(&b, &r, NULL, e, &dice, MG_LANG_EN), 0);
	ut_buf_free(&b);
	mg_dice_free(e);
	return r.secret;
}

/* MG-DICE-COM-1: a leading S (any case) makes a secret roll; the text is
 * the same (BCDice: Result#secret).  Derivations: 2D6>=7 with 6,5 is 11 ≥
 * 7 (SRS: critical 12 not reached); 1D6 with 4 is the short form. */
static void test_secret(void **state)
{
	const int64_t d[] = {6, 1, 1};

	assert_string_equal(ROLL("S2D6>=7", 6, 5),
	                    "(2D6>=7[12,2]) ＞ 11[5,6] ＞ 11 ＞ 成功");
	assert_string_equal(ROLL("s1d6", 4), "(1D6) ＞ 4");
	assert_int_equal(secret_of("S2D6>=7", d, 2), 1);
	assert_int_equal(secret_of("2D6>=7", d, 2), 0);
	assert_int_equal(secret_of("s1d6", d, 1), 1);
	assert_int_equal(secret_of("SD66", d, 2), 1);
	assert_int_equal(secret_of("Schoice[a,b]", d + 1, 1), 1);
	assert_int_equal(secret_of("SC(1)", d, 0), 1);
	assert_int_equal(secret_of("x2 S1D6", d, 2), 1);
	assert_int_equal(secret_of("Sx2 1D6", d, 2), 1);
	assert_int_equal(secret_of("x2 1D6", d, 2), 0);
	/* BCDice answers a choice of more than 100 items and nTx past 20
	 * sides with Result.new(text), not secret (npm bcdice 4.9.0) */
	assert_int_equal(secret_of("Schoice[1-101]", d, 0), 0);
	assert_int_equal(secret_of("Schoice[1-200]", d, 0), 0);
	assert_int_equal(secret_of("S5TY21", d, 0), 0);
	assert_int_equal(secret_of("x2 Schoice[1-101]", d, 0), 0);
	assert_int_equal(secret_of("Sx2 choice[1-101]", d, 0), 1);
	assert_int_equal(secret_of("S3TY20", d, 3), 1);
}

/* MG-DICE-COM-2: keep/drop on the sorted dice; the line shows all of them
 * sorted and the kept sum.  4D6 with 6,5,4,3 sorted is [3,4,5,6]:
 * KH3 = 6+5+4 = 15, KL2 = 3+4 = 7, DH1 = 3+4+5 = 12, DL1 = 4+5+6 = 15,
 * MAX = KH1 = 6, MIN = KL1 = 3; KH without a number is KH1; KH0 keeps
 * nothing (0), KH9 keeps all (18); a filter never takes the short form. */
static void test_filters(void **state)
{
	assert_string_equal(ROLL("4D6KH3", 6, 5, 4, 3),
	                    "(4D6KH3) ＞ 15[3,4,5,6] ＞ 15");
	assert_string_equal(ROLL("4d6kl2", 6, 5, 4, 3),
	                    "(4D6KL2) ＞ 7[3,4,5,6] ＞ 7");
	assert_string_equal(ROLL("4D6DH1", 6, 5, 4, 3),
	                    "(4D6DH1) ＞ 12[3,4,5,6] ＞ 12");
	assert_string_equal(ROLL("4D6DL1+1>=16", 6, 5, 4, 3),
	                    "(4D6DL1+1>=16) ＞ 15[3,4,5,6]+1 ＞ 16 ＞ 成功");
	assert_string_equal(ROLL("4D6MAX", 6, 5, 4, 3),
	                    "(4D6KH1) ＞ 6[3,4,5,6] ＞ 6");
	assert_string_equal(ROLL("4D6MIN", 6, 5, 4, 3),
	                    "(4D6KL1) ＞ 3[3,4,5,6] ＞ 3");
	assert_string_equal(ROLL("2D6KH", 6, 5), "(2D6KH1) ＞ 6[5,6] ＞ 6");
	assert_string_equal(ROLL("4DKH3", 6, 5, 4, 3),
	                    "(4D6KH3) ＞ 15[3,4,5,6] ＞ 15");
	assert_string_equal(ROLL("D6KH1", 2), "(1D6KH1) ＞ 2[2] ＞ 2");
	assert_string_equal(ROLL("4D6KH0", 6, 5, 4, 3),
	                    "(4D6KH0) ＞ 0[3,4,5,6] ＞ 0");
	assert_string_equal(ROLL("4D6KH9", 6, 5, 4, 3),
	                    "(4D6KH9) ＞ 18[3,4,5,6] ＞ 18");
	assert_string_equal(ROLL("4D6KH(1+1)", 6, 5, 4, 3),
	                    "(4D6KH2) ＞ 11[3,4,5,6] ＞ 11");
}

/* MG-DICE-LIMIT: as BCDice's Randomizer: 0 or over 200 dice roll nothing
 * (0[], or the short form 0 when the whole command is that term); a die of
 * 0 or over 10000 sides shows 0 without rolling; 66 sides roll two d6 per
 * value, tens first (6,5 → 65; 4,3 → 43), shown sorted. */
static void test_zero_and_many_dice(void **state)
{
	assert_string_equal(NOROLL("0D6"), "(0D6) ＞ 0");
	assert_string_equal(NOROLL("0D6+1"), "(0D6+1) ＞ 0[]+1 ＞ 1");
	assert_string_equal(NOROLL("201D6>=3"), "(201D6>=3) ＞ 0 ＞ 失敗");
	assert_string_equal(NOROLL("1D0"), "(1D0) ＞ 0");
	assert_string_equal(NOROLL("2D10001"), "(2D10001) ＞ 0[0,0] ＞ 0");
	assert_string_equal(NOROLL("-0D6"), "(-0D6) ＞ -0[] ＞ 0");
	assert_string_equal(ROLL("2D66", 6, 5, 4, 3),
	                    "(2D66) ＞ 108[43,65] ＞ 108");
	assert_string_equal(ROLL("1D66", 6, 5), "(1D66) ＞ 65");
}

/* MG-DICE-COM-3: D66 is two d6, tens first; SRS does not sort them
 * (6,5 → 65); A and S sort ascending (56), D descending (65 from 5,6),
 * N never. */
static void test_d66(void **state)
{
	assert_string_equal(ROLL("D66", 6, 5), "(D66) ＞ 65");
	assert_string_equal(ROLL("d66a", 6, 5), "(D66A) ＞ 56");
	assert_string_equal(ROLL("D66S", 6, 5), "(D66S) ＞ 56");
	assert_string_equal(ROLL("D66D", 5, 6), "(D66D) ＞ 65");
	assert_string_equal(ROLL("D66N", 5, 6), "(D66N) ＞ 56");
}

/* MG-DICE-COM-4: C(...) evaluates at once, printed with a lower-case c;
 * the expression in parentheses unless it is one already; /U prints as
 * /C; 10/3 floors to 3, 10/3U is 4, -7/2 floors to -4, -5/2R is -2.5
 * rounded away from zero, -3; a division by zero answers BCDice's text. */
static void test_calc(void **state)
{
	assert_string_equal(NOROLL("C(1+2*3)"), "c(1+2*3) ＞ 7");
	assert_string_equal(NOROLL("C1+2"), "c(1+2) ＞ 3");
	assert_string_equal(NOROLL("c(1)+(2)"), "c((1)+(2)) ＞ 3");
	assert_string_equal(NOROLL("C(10/3U)"), "c(10/3C) ＞ 4");
	assert_string_equal(NOROLL("C(10/3)"), "c(10/3) ＞ 3");
	assert_string_equal(NOROLL("C(-7/2)"), "c(-7/2) ＞ -4");
	assert_string_equal(NOROLL("C(0-5/2R)"), "c(0-5/2R) ＞ -3");
	assert_string_equal(NOROLL("C(+1)"), "c(1) ＞ 1");
	/* a unary + prints nothing (Arithmetic drops it), so what is left
	 * may be one parenthesis, printed as it is (found by the BCDice
	 * cross-check, gen.py seed 9001: c+(13+17/3r) was c((13+17/3R)));
	 * 17/3R is 5.67 rounded, 6; 13 + 6 = 19 */
	assert_string_equal(NOROLL("c+(13+17/3r)"), "c(13+17/3R) ＞ 19");
	assert_string_equal(NOROLL("C+(1)"), "c(1) ＞ 1");
	assert_string_equal(NOROLL("C+((1))"), "c((1)) ＞ 1");
	assert_string_equal(NOROLL("C(+(1))"), "c((1)) ＞ 1");
	assert_string_equal(NOROLL("C-(1)"), "c(-(1)) ＞ -1");
	assert_string_equal(NOROLL("C+(1)+(2)"), "c((1)+(2)) ＞ 3");
	assert_string_equal(NOROLL("C(5/0)"),
	                    "c(5/0) ＞ ゼロ除算が発生したため計算できませんでした");
	assert_string_equal(NOROLL("C(1)>=2"), "E1: unexpected 'C'");
	/* BCDice answers none of these; the error says why (it was
	 * "unexpected 'C'"); 64 bits are megami's (MG-DICE-ERR-2) */
	assert_string_equal(NOROLL("C()"), "E1: C() holds no expression");
	assert_string_equal(NOROLL("SC()"), "E2: C() holds no expression");
	assert_string_equal(NOROLL("c(1d6)"), "E1: C() cannot roll dice");
	assert_string_equal(NOROLL("C(9223372036854775807+1)"),
	                    "E1: arithmetic overflow (over 64 bits)");
	assert_string_equal(NOROLL("C(99999999999999999999)"),
	                    "E1: arithmetic overflow (over 64 bits)");
}

/* Parse and roll `expr` (SRS, English) with the fixed dice v[0..n): the
 * line (malloc'd, the caller frees), or "E<col>: message" for a parse
 * error; long lines, unlike run()'s 1024 bytes. */
static char *run_long(const char *expr, const int64_t *v, size_t n)
{
	mg_dice_expr *e;
	mg_dice_diag d;
	ut_dice dice;
	ut_buf b = UT_BUF_INIT;

	if (mg_dice_parse(&e, &d, expr, strlen(expr), MG_LANG_EN) < 0) {
		ut_buf_printf(&b, "E%u: %s", (unsigned)d.col, d.message);
		return b.ptr;
	}
	ut_dice_list(&dice, v, n);
	if (mg_dice_roll(&b, NULL, &d, e, &dice, MG_LANG_EN) < 0) {
		ut_buf_clear(&b);
		ut_buf_printf(&b, "R%u: %s", (unsigned)d.col, d.message);
	}
	mg_dice_free(e);
	return b.ptr;
}

/* "PREFIX[" + items (each `width` bytes: "i<k>" then 'x's) joined by ','
 * + "]" + suffix, in a malloc'd string; *list the bytes of the list
 * between the brackets. */
static char *choice_text(const char *prefix, size_t items,
                         const size_t *width, const char *suffix,
                         size_t *list)
{
	ut_buf b = UT_BUF_INIT;
	size_t k, start;

	ut_buf_printf(&b, "%s[", prefix);
	start = b.len;
	for (k = 0; k < items; k++) {
		size_t at = b.len, w = width[k];
		ut_buf_printf(&b, "%si%zu", k ? "," : "", k);
		while (b.len - at - (k > 0) < w)
			ut_buf_put(&b, "x", 1);
	}
	*list = b.len - start;
	ut_buf_printf(&b, "]%s", suffix);
	return b.ptr;
}

/* MG-DICE-LIMIT MG-DICE-COM-5: a choice is not held to an expression's
 * 1024 bytes (BCDice's only limit is its 100 items); megami bounds the
 * list its answer shows (items and commas, at most 100 items) at 16384
 * bytes, a repeat's rolls together, so that an answer is at most about
 * twice what it lists (x100 choice100 … of 60 KB answered 12 MB). */
static void test_choice_limits(void **state)
{
	size_t w[200], k, list;
	char *t, *r;
	ut_buf line = UT_BUF_INIT;

	/* the review's case: 90 items ゴブリン0 … ゴブリン89, 1347 bytes with
	 * no blank (ゴブリン is 12 bytes: 7 + 90·12 + 10 + 80·2 + 89 + 1);
	 * the die 5 picks the fifth, ゴブリン4 */
	ut_buf_puts(&line, "choice[");
	for (k = 0; k < 90; k++)
		ut_buf_printf(&line, "%sゴブリン%zu", k ? "," : "", k);
	ut_buf_puts(&line, "]");
	assert_int_equal(line.len, 1347);
	r = run_long(line.ptr, (const int64_t[]){5}, 1);
	assert_int_equal(strlen(r), 1 + 1347 + strlen(") ＞ ゴブリン4"));
	assert_memory_equal(r, "(", 1);
	assert_memory_equal(r + 1, line.ptr, 1347);
	assert_string_equal(r + 1348, ") ＞ ゴブリン4");
	free(r);
	ut_buf_free(&line);

	/* 100 items, their list exactly 16384 bytes (85 of 163 bytes, 15 of
	 * 162, 99 commas: 13855 + 2430 + 99): rolls; the die 100 picks
	 * the last, "i99" and 159 x */
	for (k = 0; k < 100; k++)
		w[k] = k < 85 ? 163 : 162;
	t = choice_text("choice", 100, w, "", &list);
	assert_int_equal(list, MG_DICE_MAX_CHOICE);
	r = run_long(t, (const int64_t[]){100}, 1);
	assert_int_equal(strlen(r), 1 + strlen(t) + strlen(") ＞ ") + 162);
	assert_string_equal(r + strlen(r) - 162 - strlen(" ＞ "), " ＞ i99"
	                    "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"
	                    "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"
	                    "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"
	                    "xxx");
	free(r);
	free(t);
	/* one byte more: the error, at the c; the same with S (column 2)
	 * and a comment after it (the list is measured, not the text) */
	w[0] = 164;
	t = choice_text("choice", 100, w, " a comment", &list);
	assert_int_equal(list, MG_DICE_MAX_CHOICE + 1);
	r = run_long(t, NULL, 0);
	assert_string_equal(r, "E1: choice too long (at most 16384 bytes)");
	free(r);
	free(t);
	t = choice_text("Schoice", 100, w, "", &list);
	r = run_long(t, NULL, 0);
	assert_string_equal(r, "E2: choice too long (at most 16384 bytes)");
	free(r);
	free(t);
	/* over 100 items the answer lists none: BCDice's 項目数は100以下と
	 * してください, however long (200 items of 100 bytes: 20199) */
	for (k = 0; k < 200; k++)
		w[k] = 100;
	t = choice_text("choice", 200, w, "", &list);
	assert_int_equal(list, 20199);
	r = run_long(t, NULL, 0);
	assert_string_equal(r, "項目数は100以下としてください");
	free(r);
	free(t);
	/* choice a b c: its list is the items and the blanks between them
	 * (blanks in a run count one): 100 items of 163 bytes, 16399 */
	ut_buf_puts(&line, "choice");
	for (k = 0; k < 100; k++) {
		ut_buf_printf(&line, k % 2 ? " i%03zu" : "  i%03zu", k);
		for (size_t x = 4; x < 163; x++)
			ut_buf_put(&line, "x", 1);
	}
	r = run_long(line.ptr, NULL, 0);
	assert_string_equal(r, "E1: choice too long (at most 16384 bytes)");
	free(r);
	ut_buf_free(&line);
	/* a word of over 1024 bytes that starts like a choice but is none:
	 * the choice's own error (not "expression too long") */
	ut_buf_puts(&line, "choice[");
	for (k = 0; k < 1100; k++)
		ut_buf_put(&line, "a", 1);
	r = run_long(line.ptr, NULL, 0);
	assert_string_equal(r, "E7: choice: '[' is not closed");
	free(r);
	ut_buf_free(&line);
	/* any other expression still stops at 1024 bytes */
	ut_buf_puts(&line, "1D6+");
	for (k = 0; k < 1100; k++)
		ut_buf_put(&line, "1", 1);
	r = run_long(line.ptr, NULL, 0);
	assert_string_equal(r, "E1025: expression too long (at most 1024 bytes)");
	free(r);
	ut_buf_free(&line);

	/* a repeat shows the list once a roll: times · list at most 16384.
	 * x2 of a list of 8192 bytes (items of 4096 and 4095, a comma)
	 * rolls (dice 1, 2: i0…, then i1…); of 8193 bytes it is the error
	 * at the repeated command (column 4) */
	w[0] = 4096;
	w[1] = 4095;
	t = choice_text("x2 choice", 2, w, "", &list);
	assert_int_equal(2 * list, MG_DICE_MAX_CHOICE);
	r = run_long(t, (const int64_t[]){1, 2}, 2);
	assert_int_equal(strncmp(r, "#1\n(choice[i0x", 14), 0);
	assert_non_null(strstr(r, "\n\n#2\n(choice[i0x"));
	assert_int_equal(strlen(r), 2 * (1 + strlen(t + 3) + strlen(") ＞ ")) +
	                            4096 + 4095 + strlen("#1\n\n\n#2\n"));
	free(r);
	free(t);
	w[0] = 4097;
	t = choice_text("x2 choice", 2, w, "", &list);
	assert_int_equal(2 * list, MG_DICE_MAX_CHOICE + 2);
	r = run_long(t, NULL, 0);
	assert_string_equal(r, "E4: repeated choice too long (at most 16384 "
	                       "bytes, its length times the count)");
	free(r);
	free(t);
	/* x100 of a list of 159 bytes (10 of 15, 9 commas): 15900, rolls;
	 * of 169 (10 of 16): 16900, the error.  A choice over the limit in a
	 * repeat is its own error, at its column in the whole text (4), not
	 * BCDice's 繰り返し対象のコマンドが実行できませんでした (…) that
	 * would show it again */
	for (k = 0; k < 10; k++)
		w[k] = 15;
	t = choice_text("x100 choice", 10, w, "", &list);
	assert_int_equal(list, 159);
	{
		int64_t d[100];
		for (k = 0; k < 100; k++)
			d[k] = 1 + (int64_t)(k % 10);
		r = run_long(t, d, 100);
	}
	assert_int_equal(strncmp(r, "#1\n(choice[i0xxxxxxxxxxxxx,", 27), 0);
	assert_non_null(strstr(r, "\n\n#100\n(choice[i0x"));
	assert_string_equal(r + strlen(r) - strlen(") ＞ i9xxxxxxxxxxxxx"),
	                    ") ＞ i9xxxxxxxxxxxxx");
	free(r);
	free(t);
	for (k = 0; k < 10; k++)
		w[k] = 16;
	t = choice_text("x100 choice", 10, w, "", &list);
	r = run_long(t, NULL, 0);
	assert_string_equal(r, "E6: repeated choice too long (at most 16384 "
	                       "bytes, its length times the count)");
	free(r);
	free(t);
	for (k = 0; k < 100; k++)
		w[k] = k < 85 ? 163 : 162;
	w[0] = 164;
	t = choice_text("x2 choice", 100, w, "", &list);
	r = run_long(t, NULL, 0);
	assert_string_equal(r, "E4: choice too long (at most 16384 bytes)");
	free(r);
	free(t);
}

/* MG-DICE-COM-5: an index die of as many sides as items are left; the
 * chosen one leaves the list.  choice2[a,b,c] with 3 then 1: c, then a
 * of [a,b]; ranges 1-3 and a-c are spelled out; blanks around items go. */
static void test_choice(void **state)
{
	assert_string_equal(ROLL("choice[a,b,c]", 3), "(choice[a,b,c]) ＞ c");
	assert_string_equal(ROLL("choice[ a , b ]", 2), "(choice[a,b]) ＞ b");
	assert_string_equal(ROLL("choice(a,b)", 1), "(choice(a,b)) ＞ a");
	assert_string_equal(ROLL("choice a b c", 2), "(choice a b c) ＞ b");
	assert_string_equal(ROLL("choice2[a,b,c]", 3, 1),
	                    "(choice2[a,b,c]) ＞ c, a");
	assert_string_equal(ROLL("choice[1-3]", 3), "(choice[1,2,3]) ＞ 3");
	assert_string_equal(ROLL("choice[a-c]", 1), "(choice[a,b,c]) ＞ a");
	assert_string_equal(ROLL("choice[剣,槍]", 2), "(choice[剣,槍]) ＞ 槍");
	/* a range of more than 100 numbers: BCDice's roll answers 項目数は
	 * 100以下としてください (a repeat too); 101 numbers is 1-101 */
	assert_string_equal(NOROLL("choice[1-200]"), "項目数は100以下としてください");
	assert_string_equal(NOROLL("choice2[0-1000000]"),
	                    "項目数は100以下としてください");
	assert_string_equal(NOROLL("choice 1-102"), "項目数は100以下としてください");
	assert_string_equal(NOROLL("choice200[1-200]"),
	                    "項目数は100以下としてください");
	assert_string_equal(NOROLL("x2 choice[1-200]"),
	                    "#1\n項目数は100以下としてください\n\n"
	                    "#2\n項目数は100以下としてください");
	assert_string_equal(NOROLL("choice[1-101]"), "項目数は100以下としてください");
	assert_string_equal(ROLL("choice[1-100]", 100), "(choice[1,2,3,4,5,6,7,8,9,10,"
	                    "11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,"
	                    "29,30,31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,"
	                    "47,48,49,50,51,52,53,54,55,56,57,58,59,60,61,62,63,64,"
	                    "65,66,67,68,69,70,71,72,73,74,75,76,77,78,79,80,81,82,"
	                    "83,84,85,86,87,88,89,90,91,92,93,94,95,96,97,98,99,"
	                    "100]) ＞ 100");
	/* BCDice answers none of these; the error says why (it was
	 * "unexpected 'C'") */
	assert_string_equal(NOROLL("choice[a]"),
	                    "E1: choice needs 2 items or more, or a range like 1-6 or a-f");
	assert_string_equal(NOROLL("choice[]"),
	                    "E1: choice needs 2 items or more, or a range like 1-6 or a-f");
	assert_string_equal(NOROLL("choice[5-1]"),
	                    "E1: choice needs 2 items or more, or a range like 1-6 or a-f");
	assert_string_equal(NOROLL("choice3 a b"), "E1: choice3 needs 3 items or more");
	assert_string_equal(NOROLL("Schoice201[1-200]"),
	                    "E2: choice201 needs 201 items or more");
	assert_string_equal(NOROLL("choice0[a,b,c]"), "E1: choice must pick 1 item or more");
	assert_string_equal(NOROLL("choice[a,b"), "E7: choice: '[' is not closed");
	assert_string_equal(NOROLL("choice(a,b]"), "E7: choice: '(' is not closed");
	assert_string_equal(NOROLL("choicex"),
	                    "E1: write choice as choice[a,b,c], choice(a,b,c) or choice a b c");
}

/* MG-DICE-COM-6: x, rep, repeat N: the command N times, "#i" above each,
 * blank lines between; 0 or over 100 times and a repeat in a repeat are
 * answered with BCDice's text. */
static void test_repeat(void **state)
{
	assert_string_equal(ROLL("x2 1D6", 4, 1), "#1\n(1D6) ＞ 4\n\n#2\n(1D6) ＞ 1");
	assert_string_equal(ROLL("rep2 D66", 6, 5, 1, 2),
	                    "#1\n(D66) ＞ 65\n\n#2\n(D66) ＞ 12");
	assert_string_equal(ROLL("repeat1 2D6>=7 comment", 6, 6),
	                    "#1\n(2D6>=7[12,2]) ＞ 12[6,6] ＞ 12 ＞ 自動成功");
	assert_string_equal(NOROLL("x0 1D6"),
	                    "繰り返し回数は1以上、100以下としてください");
	assert_string_equal(NOROLL("x2 x2 1D6"), "Repeatコマンドの重複はできません");
	/* BCDice's check of a repeat in a repeat, /^(repeat|rep|x)\d+/, is
	 * case-sensitive (checked with npm bcdice 4.9.0): an upper-case inner
	 * keyword is a command of its own, rolled (nested), answered, or not a
	 * command */
	assert_string_equal(NOROLL("X2 rep2 1D6"), "Repeatコマンドの重複はできません");
	assert_string_equal(ROLL("x2 X2 1D6", 1, 2, 3, 4),
	                    "#1\n#1\n(1D6) ＞ 1\n\n#2\n(1D6) ＞ 2\n\n"
	                    "#2\n#1\n(1D6) ＞ 3\n\n#2\n(1D6) ＞ 4");
	assert_string_equal(ROLL("x2 REP1 2D6", 1, 2, 3, 4),
	                    "#1\n#1\n(2D6) ＞ 3[1,2] ＞ 3\n\n"
	                    "#2\n#1\n(2D6) ＞ 7[3,4] ＞ 7");
	assert_string_equal(NOROLL("x2 X101 1D6"),
	                    "#1\n繰り返し回数は1以上、100以下としてください\n\n"
	                    "#2\n繰り返し回数は1以上、100以下としてください");
	assert_string_equal(NOROLL("x2 X1D6"),
	                    "繰り返し対象のコマンドが実行できませんでした (X1D6)");
	/* a blank before the repeat: BCDice's Repeat.parse reads from the
	 * first character and answers nothing (space, tab, U+3000, also with
	 * S); a blank between two repeats is skipped as usual */
	assert_string_equal(NOROLL(" x3 2D6"),
	                    "E1: a repeat (x, rep, repeat) cannot come after a blank");
	assert_string_equal(NOROLL("\tx3 2D6 (回避)"),
	                    "E1: a repeat (x, rep, repeat) cannot come after a blank");
	assert_string_equal(NOROLL("\xe3\x80\x80rep2 1D6"),
	                    "E1: a repeat (x, rep, repeat) cannot come after a blank");
	assert_string_equal(NOROLL(" Sx0 2D6"),
	                    "E1: a repeat (x, rep, repeat) cannot come after a blank");
	assert_string_equal(NOROLL("x2  x3 2D6"), "Repeatコマンドの重複はできません");
	assert_string_equal(NOROLL("x2 zz"),
	                    "繰り返し対象のコマンドが実行できませんでした (zz)");
}

/* MG-DICE-SRS-5: BCDice preprocesses the text as typed, then upper-cases
 * it: in (3/2u) the lower-case u is not a rounding letter for the
 * preprocessor, so this is no SRS judgement but a sum, whose own reading
 * takes (3/2U) as 2 (3/2 rounded up). */
static void test_preprocess_order(void **state)
{
	assert_string_equal(ROLL("(3/2u)D6>=8", 6, 5),
	                    "(2D6>=8) ＞ 11[5,6] ＞ 11 ＞ 成功");
	assert_string_equal(ROLL("(3/2U)D6>=8", 6, 5),
	                    "(2D6>=8[12,2]) ＞ 11[5,6] ＞ 11 ＞ 成功");
}

/* Parse and roll `expr` with n dice all showing v (n may be large); the
 * whole text or error as run() gives it, in a buffer the caller frees. */
static char *run_many(const char *expr, int64_t v, size_t n,
                      mg_dice_result *res)
{
	int64_t *vals = malloc((n ? n : 1) * sizeof(*vals));
	mg_dice_expr *e;
	mg_dice_diag d;
	ut_dice dice;
	ut_buf b = UT_BUF_INIT;
	char *out;
	size_t i;

	assert_non_null(vals);
	for (i = 0; i < n; i++)
		vals[i] = v;
	if (mg_dice_parse(&e, &d, expr, strlen(expr), MG_LANG_EN) < 0) {
		ut_buf_printf(&b, "E%u: %s", (unsigned)d.col, d.message);
	} else {
		ut_dice_list(&dice, vals, n);
		if (mg_dice_roll(&b, res, &d, e, &dice, MG_LANG_EN) < 0) {
			b.len = 0;
			ut_buf_printf(&b, "R%u: %s", (unsigned)d.col, d.message);
		}
		mg_dice_free(e);
	}
	free(vals);
	out = strdup(b.ptr ? b.ptr : "");
	ut_buf_free(&b);
	assert_non_null(out);
	return out;
}

/* The number of times `w` occurs in s. */
static size_t count_of(const char *s, const char *w)
{
	size_t n = 0;

	while ((s = strstr(s, w)) != NULL) {
		n++;
		s += strlen(w);
	}
	return n;
}

/* MG-DICE-COM-7: nBx shows every die unsorted (SRS does not sort バラバラ
 * dice), runs joined by +, and with a comparison counts the dice that
 * meet it. */
static void test_barabara(void **state)
{
	/* 6 ≥ 4 and 4 ≥ 4: two */
	assert_string_equal(ROLL("3B6>=4", 6, 2, 4),
	                    "(3B6>=4) ＞ 6,2,4 ＞ 成功数2");
	assert_string_equal(ROLL("2b6", 5, 1), "(2B6) ＞ 5,1");
	/* (1+2) evaluates to 3; 6 and 7 are ≥ 3: two */
	assert_string_equal(ROLL("2B6+1B8>=(1+2)", 6, 2, 7),
	                    "(2B6+1B8>=3) ＞ 6,2,7 ＞ 成功数2");
	/* == echoes as =, != as <>; 7/2R is 3.5 rounded: 4 */
	assert_string_equal(ROLL("2B6==3", 3, 3), "(2B6=3) ＞ 3,3 ＞ 成功数2");
	assert_string_equal(ROLL("2B6!=3", 3, 5), "(2B6<>3) ＞ 3,5 ＞ 成功数1");
	assert_string_equal(ROLL("2B6>=7/2R", 4, 3),
	                    "(2B6>=4) ＞ 4,3 ＞ 成功数1");
	/* 0 or 201 dice roll nothing (the empty list is still shown), a die
	 * of 0 sides shows 0 without rolling, (0-1) dice are -1 */
	assert_string_equal(NOROLL("0B6"), "(0B6) ＞ ");
	assert_string_equal(NOROLL("201B6>=3"), "(201B6>=3) ＞  ＞ 成功数0");
	assert_string_equal(NOROLL("2B0"), "(2B0) ＞ 0,0");
	assert_string_equal(NOROLL("(0-1)B6"), "(-1B6) ＞ ");
	/* errors: BCDice raises on a division by zero (col 7: "/"), its
	 * parser refuses the rest */
	assert_string_equal(NOROLL("3B6>=4/0"), "E7: division by zero");
	assert_string_equal(NOROLL("3B6>=4/0]"), "E9: unexpected ']'");
	assert_string_equal(NOROLL("3B6[4]"), "E4: unexpected '['");
	/* nBx and nRx add dice, no modifier: the "+" before the number (it
	 * was "unexpected end of the expression") */
	assert_string_equal(NOROLL("3B6+1"),
	                    "E4: nBx takes no modifier (only more dice, as in 3B6+2B6)");
	assert_string_equal(NOROLL("3B6+2B6+(1)>=4"),
	                    "E8: nBx takes no modifier (only more dice, as in 3B6+2B6)");
	assert_string_equal(NOROLL("3R6+1[6]"),
	                    "E4: nRx takes no modifier (only more dice, as in 3R6+2R6)");
	assert_string_equal(NOROLL("3B6+"), "E5: unexpected end of the expression");
	assert_string_equal(NOROLL("3B6>="),
	                    "E6: unexpected end of the expression");
	assert_string_equal(NOROLL("3B6!4"), "E4: bad comparison operator '!'");
	/* megami's limit of 1000 dice per expression (MG-DICE-LIMIT) */
	assert_string_equal(NOROLL("200B6+200B6+200B6+200B6+200B6+1B6"),
	                    "E1: at most 1000 dice in one expression");
}

/* MG-DICE-COM-8: nRx rolls again, as a new run, the dice that meet the
 * reroll condition ([t], @t, or the target's); the reroll comparison is
 * shown unless it is the target's. */
static void test_reroll(void **state)
{
	mg_dice_result res;
	char *t;

	/* [6]: >= 6. 6,2,1: one 6 → 6 → one 6 → 4: stop */
	assert_string_equal(ROLL("3R6[6]", 6, 2, 1, 6, 4),
	                    "(3R6[>=6]) ＞ 6,2,1 + 6 + 4 ＞ 成功数0");
	/* >=5 rerolls >= 5: 6 → 6 → 4; successes 6, 6 */
	assert_string_equal(ROLL("3R6>=5", 6, 2, 1, 6, 4),
	                    "(3R6[5]>=5) ＞ 6,2,1 + 6 + 4 ＞ 成功数2");
	/* [<=2] rerolls 2 and 1 → 6,4: none; successes >= 4: 6, 6, 4 */
	assert_string_equal(ROLL("3R6[<=2]>=4", 6, 2, 1, 6, 4),
	                    "(3R6[<=2]>=4) ＞ 6,2,1 + 6,4 ＞ 成功数3");
	/* @>=5 after the target >=4: the same comparison, not shown */
	assert_string_equal(ROLL("3R6>=4@>=5", 6, 2, 1, 6, 4),
	                    "(3R6[5]>=4) ＞ 6,2,1 + 6 + 4 ＞ 成功数3");
	/* a run of 0 dice shows nothing between its + */
	assert_string_equal(ROLL("0R6+2R6[6]", 6, 2, 1),
	                    "(0R6+2R6[>=6]) ＞  + 6,2 + 1 ＞ 成功数0");
	/* RerollCondition#valid?: no threshold, or one every die meets:
	 * BCDice's answer with the word as typed, no dice */
	assert_string_equal(NOROLL("3r6"), "3r6 ＞ 条件が間違っています。2R6>=5 "
	                    "あるいは 2R6[5] のように振り足し目標値を指定してください。");
	assert_string_equal(NOROLL("3R6[1]"), "3R6[1] ＞ 条件が間違っています。2R6>=5 "
	                    "あるいは 2R6[5] のように振り足し目標値を指定してください。");
	assert_string_equal(NOROLL("3R6[<=6]"), "3R6[<=6] ＞ 条件が間違っています。2R6>=5 "
	                    "あるいは 2R6[5] のように振り足し目標値を指定してください。");
	assert_string_equal(NOROLL("3R6[<>7]"), "3R6[<>7] ＞ 条件が間違っています。2R6>=5 "
	                    "あるいは 2R6[5] のように振り足し目標値を指定してください。");
	assert_string_equal(NOROLL("3R6[>0]"), "3R6[>0] ＞ 条件が間違っています。2R6>=5 "
	                    "あるいは 2R6[5] のように振り足し目標値を指定してください。");
	/* [7] can never be met: no reroll, valid all the same */
	assert_string_equal(ROLL("3R6[7]", 6, 2, 1),
	                    "(3R6[>=7]) ＞ 6,2,1 ＞ 成功数0");
	/* errors */
	assert_string_equal(NOROLL("3R6@6[5]"), "E6: unexpected '['");
	assert_string_equal(NOROLL("3R6[6]>=4/0"), "E10: division by zero");
	assert_string_equal(NOROLL("3R6[6"),
	                    "E6: unexpected end of the expression");
	/* a reroll that never stops: BCDice stops after 10000 runs; 1R1[=1]
	 * is 10000 runs of one 1 (10000 dice, the most a command rolls) */
	t = run_many("1R1[=1]", 1, 10000, NULL);
	assert_int_equal(count_of(t, " + "), 9999);
	assert_true(strncmp(t, "(1R1[=1]) ＞ 1 + 1 + ", 21) == 0);
	assert_string_equal(t + strlen(t) - strlen(" + 1 ＞ 成功数0"),
	                    " + 1 ＞ 成功数0");
	free(t);
	/* 2R1[=1]: run 5001 would take the 10001st die (TooManyRandsError) */
	t = run_many("2R1[=1]", 1, 10002, NULL);
	assert_string_equal(t, "R1: at most 10000 dice in one command");
	free(t);
	/* 3R0[=0]: dice that show 0 without rolling, 10000 runs of 0,0,0 */
	t = run_many("3R0[=0]", 1, 0, &res);
	assert_int_equal(count_of(t, "0,0,0"), 10000);
	free(t);
	/* 200 of them would show 2,000,000 zeros: megami's limit */
	assert_string_equal(NOROLL("200R0[=0]"),
	                    "R1: at most 100000 dice shown by one command");
	/* the limit is the command's, a repeat's rolls together: x100 9R0[=0]
	 * would show 100 × 10000 runs × 9 = 9,000,000 zeros (20 MB, a
	 * megami serve answer to a 12-byte command); x3 3R0[=0] shows
	 * 3 × 30000 = 90,000 (within), x4 3R0[=0] 120,000: the 4th roll
	 * fails, and the error is the command's (at the repeated command,
	 * column 6 of "x100 9R0[=0]", 4 of "x4 3R0[=0]") */
	assert_string_equal(NOROLL("x100 9R0[=0]"),
	                    "R6: at most 100000 dice shown by one command");
	t = run_many("x3 3R0[=0]", 1, 0, NULL);
	assert_int_equal(count_of(t, "0,0,0"), 30000);
	free(t);
	assert_string_equal(NOROLL("x4 3R0[=0]"),
	                    "R4: at most 100000 dice shown by one command");
	/* nBx shows its dice too (at most 200 a term, no die rolled for 0
	 * sides): x100 of five 200B0 terms shows 100 × 1000 = 100,000
	 * zeros, within ("0," 999 times in each roll's 1000, its last
	 * without the comma); six terms would show 120,000 */
	t = run_many("x100 200B0+200B0+200B0+200B0+200B0", 1, 0, NULL);
	assert_int_equal(count_of(t, "0,"), 100 * 999);
	free(t);
	assert_string_equal(NOROLL("x100 200B0+200B0+200B0+200B0+200B0+200B0"),
	                    "R6: at most 100000 dice shown by one command");
}

/* MG-DICE-COM-9: nUx rolls a die again while it shows the threshold or
 * more and adds; each die prints its sum (and its dice when rolled
 * again), then max/total or the count of sums + modifier that meet the
 * target. */
static void test_upper(void **state)
{
	/* 6,2 → 8; 1; 6,4 → 10: max 10, total 19 */
	assert_string_equal(ROLL("3U6[6]", 6, 2, 1, 6, 4),
	                    "(3U6[6]) ＞ 8[6,2],1,10[6,4] ＞ 10/19(最大/合計)");
	/* -2: 6, -1, 8, none >= 10 */
	assert_string_equal(ROLL("3U6[6]-2>=10", 6, 2, 1, 6, 4),
	                    "(3U6[6]-2>=10) ＞ 8[6,2],1,10[6,4]-2 ＞ 成功数0");
	/* +1: 9, 2, 11: two >= 5; @6 is the threshold */
	assert_string_equal(ROLL("3U6+1>=5@6", 6, 2, 1, 6, 4),
	                    "(3U6[6]+1>=5) ＞ 8[6,2],1,10[6,4]+1 ＞ 成功数2");
	/* the modifier is ±mul ±mul: -1+2 is +1 */
	assert_string_equal(ROLL("3U6[6]-1+2", 6, 2, 1, 6, 4),
	                    "(3U6[6]+1) ＞ 8[6,2],1,10[6,4]+1 ＞ 11/20(最大/合計)");
	/* two notations: 6,2 → 8; 1; then d10s 6,2 → 8; 9,6,4 → 19; 1 */
	assert_string_equal(ROLL("2U6+3U10[6]", 6, 2, 1, 6, 2, 9, 6, 4, 1),
	                    "(2U6+3U10[6]) ＞ 8[6,2],1,8[6,2],19[9,6,4],1 ＞ "
	                    "19/37(最大/合計)");
	/* no dice: [].max is nothing */
	assert_string_equal(NOROLL("0U6[6]+3"),
	                    "(0U6[6]+3) ＞ +3 ＞ /3(最大/合計)");
	/* a threshold of 1 or less (or none: 0) would never stop */
	assert_string_equal(NOROLL("3U6"),
	                    "(3U6[0]) ＞ 無限ロールの条件がまちがっています");
	assert_string_equal(NOROLL("3U6[1]"),
	                    "(3U6[1]) ＞ 無限ロールの条件がまちがっています");
	/* BCDice raises on Array.new(-1) (found when parsed) */
	assert_string_equal(NOROLL("(0-1)U6[6]"),
	                    "E1: the number of dice of nUx must be 0 or more, not -1");
	assert_string_equal(NOROLL("3U6+2[6]"), "E6: unexpected '['");
}

/* MG-DICE-COM-10: nTYx and nTZx count each face (Z also those of 0). */
static void test_tally(void **state)
{
	assert_string_equal(ROLL("5TY6", 6, 2, 1, 6, 4),
	                    "(5TY6) ＞ 6,2,1,6,4 ＞ [1]×1, [2]×1, [4]×1, [6]×2");
	assert_string_equal(ROLL("S5tz6", 6, 2, 1, 6, 4),
	                    "(5TZ6) ＞ 6,2,1,6,4 ＞ [1]×1, [2]×1, [3]×0, [4]×1, "
	                    "[5]×0, [6]×2");
	assert_string_equal(NOROLL("5TY21"),
	                    "(5TY21) ＞ 面数は1以上、20以下としてください");
	assert_string_equal(NOROLL("201TZ3"),
	                    "(201TZ3) ＞  ＞ [1]×0, [2]×0, [3]×0");
	/* 0 dice or 0 sides: not a tally (BCDice answers nothing) */
	assert_string_equal(NOROLL("0TY6"), "E2: unexpected 'T'");
	assert_string_equal(NOROLL("5TX6"), "E3: unexpected 'X'");
}

/* MG-DICE-COM-11 MG-DICE-COM-1 MG-DICE-COM-6: BCDiceVersion; a pool's
 * S; a repeat shares BCDice's limit of 10000 dice and fails where its
 * command raises. */
static void test_version_secret_repeat(void **state)
{
	mg_dice_result res;
	char *t;

	assert_string_equal(NOROLL("BCDiceVersion"), "BCDice 3.16.1");
	assert_string_equal(NOROLL("bcdiceversion comment"), "BCDice 3.16.1");
	assert_string_equal(NOROLL("SBCDiceVersion"), "E2: unexpected 'B'");
	memset(&res, 0, sizeof(res));
	t = run_many("S3R6[7]", 1, 3, &res);
	assert_string_equal(t, "(3R6[>=7]) ＞ 1,1,1 ＞ 成功数0");
	assert_int_equal(res.secret, 1);
	free(t);
	memset(&res, 0, sizeof(res));
	t = run_many("3B6>=1", 1, 3, &res);
	assert_int_equal(res.secret, 0);
	assert_int_equal(res.total, 3);
	free(t);
	assert_string_equal(NOROLL("x2 3B6>=4/0"), "E10: division by zero");
	/* 10000 dice in #1, the first of #2 is the 10001st; the column is
	 * that of the repeated command in the whole text */
	t = run_many("x2 1R1[=1]", 1, 10001, NULL);
	assert_string_equal(t, "R4: at most 10000 dice in one command");
	free(t);
}

/* MG-DICE-SYS-1: BCDice's DiceBot (what npm bcdice 4.9.0's DiceBot prints
 * for these dice, checked by hand with it): no SRS reading, so 2D6>=8 is
 * a sum with a comparison (SRS: "(2D6>=8[12,2]) ＞ 8[2,6] ..."), and
 * 2D6@12#2>=8 (SRS's critical and fumble) is no command; a sum's dice as
 * rolled (6,2,5,1,3,4, where SRS shows 1,2,3,4,5,6), but keep and drop
 * sorted as in SRS; a repeat's command read as DiceBot too; the other
 * commands as in SRS (3B6, D66 unsorted in both). */
static void test_dicebot(void **state)
{
	(void)state;
	assert_string_equal(ROLL_DICEBOT("2D6>=8", 6, 2),
	                    "(2D6>=8) ＞ 8[6,2] ＞ 8 ＞ 成功");
	assert_string_equal(ROLL("2D6>=8", 6, 2),
	                    "(2D6>=8[12,2]) ＞ 8[2,6] ＞ 8 ＞ 成功");
	assert_string_equal(ROLL_DICEBOT("6D6", 6, 2, 5, 1, 3, 4),
	                    "(6D6) ＞ 21[6,2,5,1,3,4] ＞ 21");
	assert_string_equal(ROLL("6D6", 6, 2, 5, 1, 3, 4),
	                    "(6D6) ＞ 21[1,2,3,4,5,6] ＞ 21");
	/* keep the 3 highest of 6,2,5,1: 13, the dice shown sorted */
	assert_string_equal(ROLL_DICEBOT("4D6KH3", 6, 2, 5, 1),
	                    "(4D6KH3) ＞ 13[1,2,5,6] ＞ 13");
	assert_string_equal(ROLL_DICEBOT("x2 3D6", 6, 2, 5, 1, 3, 4),
	                    "#1\n(3D6) ＞ 13[6,2,5] ＞ 13\n\n"
	                    "#2\n(3D6) ＞ 8[1,3,4] ＞ 8");
	assert_string_equal(ROLL_DICEBOT("3B6", 6, 2, 5), "(3B6) ＞ 6,2,5");
	assert_string_equal(ROLL_DICEBOT("D66", 6, 2), "(D66) ＞ 62");
	assert_string_equal(ROLL_DICEBOT("2D6@12#2>=8", 6, 2),
	                    "E4: unexpected '@'");
}

typedef struct roll_sweep {
	const a_roll *a;
	int want_rc;
	char want[1024], got[1024];
} roll_sweep;

static int roll_run(void *ud)
{
	roll_sweep *s = ud;
	int rc = roll_into(s->got, sizeof(s->got), s->a->sys, s->a->expr,
	                   s->a->v, s->a->n);

	/* the reference's own error is its result, not a failure */
	return rc == s->want_rc ? 0 : rc < 0 ? rc : -1000;
}

static void roll_check(void *ud, int rc, int failed)
{
	roll_sweep *s = ud;

	if (rc < 0 && rc != MG_ENOMEM)
		fail_msg("%s: %d, not MG_ENOMEM: %s", s->a->expr, rc, s->got);
	if (tf_fail_ran(rc, failed, MG_ENOMEM) &&
	    strcmp(s->got, s->want) != 0)
		fail_msg("%s: \"%s\", not \"%s\"", s->a->expr, s->got, s->want);
}

/*
 * Every roll the tests above made (their commands, each with its own
 * dice, as SRS or DiceBot), parsed and rolled again with each allocation
 * failing in turn: MG_ENOMEM, or the same line or the same error as
 * without failures.  Out of memory is never a cue to read the text
 * another way, nor a line or a message with a part missing.  The sweep
 * found four such faults, now mended: out of memory in BCDice's
 * preprocessor (the SRS reading) read "2D6+1>=8" as a plain sum,
 * "(2D6+1>=8) ＞ …" instead of "(2D6+1>=8[12,2]) ＞ …"; an error's
 * message that could not be made was empty ("E4: "); a sum's dice whose
 * text could not be made were left out ("(2D6) ＞  ＞ 12"); and C()'s
 * text was printed from NULL ("c((null)) ＞ 1").  Every parse allocates
 * the expression: at least one run a roll fails.
 */
static void test_alloc_failures(void **state)
{
	static roll_sweep s;
	size_t i;
	long runs = 0;
	(void)state;

	assert_true(nrolls >= 300); /* 319 as written */
	for (i = 0; i < nrolls; i++) {
		s.a = &rolls[i];
		s.want_rc = roll_into(s.want, sizeof(s.want), s.a->sys, s.a->expr,
		                      s.a->v, s.a->n);
		assert_true(s.want_rc != MG_ENOMEM);
		runs += tf_fail_sweep(roll_run, roll_check, &s);
	}
	assert_true(runs >= (long)nrolls);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		MG_TEST("MG-DICE-SRS-3", test_judge_2d6),
		MG_TEST("MG-DICE-SRS-1 MG-DICE-SRS-7", test_srs_basic),
		MG_TEST("MG-DICE-SRS-3", test_srs_critical_fumble),
		MG_TEST("MG-DICE-SRS-2 MG-DICE-SRS-6", test_srs_legacy),
		MG_TEST("MG-DICE-SRS-4", test_bare_2d6_is_a_sum),
		MG_TEST("MG-DICE-SRS-5", test_preprocessor),
		MG_TEST("MG-DICE-SUM-1 MG-DICE-OUT-1 MG-DICE-OUT-2", test_sums),
		MG_TEST("MG-DICE-SUM-2", test_signs),
		MG_TEST("MG-DICE-SUM-3 MG-DICE-SUM-4", test_division),
		MG_TEST("MG-DICE-SUM-5", test_comparisons),
		MG_TEST("MG-DICE-IN-1 MG-DICE-IN-2 MG-DICE-IN-3", test_input_forms),
		MG_TEST("MG-DICE-ERR-1", test_errors),
		MG_TEST("MG-DICE-LIMIT MG-DICE-ERR-2", test_limits_and_overflow),
		MG_TEST("MG-DICE-OUT-2", test_fixed_dice_errors),
		MG_TEST("MG-DICE-OUT-2", test_seeded),
		MG_TEST("MG-DICE-ERR-1", test_japanese_messages),
		MG_TEST("MG-DICE-COM-1", test_secret),
		MG_TEST("MG-DICE-COM-2", test_filters),
		MG_TEST("MG-DICE-LIMIT", test_zero_and_many_dice),
		MG_TEST("MG-DICE-COM-3", test_d66),
		MG_TEST("MG-DICE-COM-4", test_calc),
		MG_TEST("MG-DICE-COM-5", test_choice),
		MG_TEST("MG-DICE-LIMIT MG-DICE-COM-5", test_choice_limits),
		MG_TEST("MG-DICE-COM-6", test_repeat),
		MG_TEST("MG-DICE-SRS-5", test_preprocess_order),
		MG_TEST("MG-DICE-COM-7", test_barabara),
		MG_TEST("MG-DICE-COM-8", test_reroll),
		MG_TEST("MG-DICE-SYS-1", test_dicebot),
		MG_TEST("MG-DICE-COM-9", test_upper),
		MG_TEST("MG-DICE-COM-10", test_tally),
		MG_TEST("MG-DICE-COM-11 MG-DICE-COM-1 MG-DICE-COM-6",
		        test_version_secret_repeat),
		/* last: it rolls again what the tests above rolled */
		MG_TEST("MG-DICE-LIMIT", test_alloc_failures),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
