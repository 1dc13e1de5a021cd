/*
 * test_rng.c - the seeded generator `xoshiro256ss-1` (util/rng.h)
 * against reference outputs computed independently.
 *
 * Every expected number below was printed by tests/util/rng_reference.py,
 * a Python 3 transcription of docs/RANDOM.md that uses
 * arbitrary-precision integers masked to 64 bits by hand (no code shared
 * with src/util/rng.c).  Regenerate with
 *     python3 tests/util/rng_reference.py
 * and compare with the comments quoting its lines.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "util/error.h"
#include "util/rng.h"

#define MAX64 UINT64_C(18446744073709551615)
#define TWO32 (UINT64_C(1) << 32)

static const uint64_t seeds[3] = {0, 1, MAX64};

/* The state after seeding is splitmix64's first four outputs.  splitmix64
 * started at 0 giving 0xe220a8397b1dcdaf first is the published value
 * (Vigna's splitmix64.c), a check on the script itself.
 *   seed 0 state: 0xe220a8397b1dcdaf 0x6e789e6aa1b965f4 0x06c45d188009454f 0xf88bb8a8724c81ec
 *   seed 1 state: 0x910a2dec89025cc1 0xbeeb8da1658eec67 0xf893a2eefb32555e 0x71c18690ee42c90b
 *   seed 18446744073709551615 state: 0xe4d971771b652c20 0xe99ff867dbf682c9 0x382ff84cb27281e9 0x6d1db36ccba982d2 */
static void test_seed_state(void **state)
{
	static const uint64_t want[3][4] = {
		{0xe220a8397b1dcdafu, 0x6e789e6aa1b965f4u, 0x06c45d188009454fu,
		 0xf88bb8a8724c81ecu},
		{0x910a2dec89025cc1u, 0xbeeb8da1658eec67u, 0xf893a2eefb32555eu,
		 0x71c18690ee42c90bu},
		{0xe4d971771b652c20u, 0xe99ff867dbf682c9u, 0x382ff84cb27281e9u,
		 0x6d1db36ccba982d2u},
	};
	ut_rng r;
	int i, k;

	for (i = 0; i < 3; i++) {
		ut_rng_seed(&r, seeds[i]);
		for (k = 0; k < 4; k++)
			assert_int_equal(r.s[k], want[i][k]);
	}
}

/*   seed 0 next x5: 0x99ec5f36cb75f2b4 0xbf6e1f784956452a 0x1a5f849d4933e6e0 0x6aa594f1262d2d2c 0xbba5ad4a1f842e59
 *   seed 1 next x5: 0xb3f2af6d0fc710c5 0x853b559647364cea 0x92f89756082a4514 0x642e1c7bc266a3a7 0xb27a48e29a233673
 *   seed 18446744073709551615 next x5: 0x8f5520d52a7ead08 0xc476a018caa1802d 0x81de31c0d260469e 0xbf658d7e065f3c2f 0x913593fda1bca32a */
static void test_next(void **state)
{
	static const uint64_t want[3][5] = {
		{0x99ec5f36cb75f2b4u, 0xbf6e1f784956452au, 0x1a5f849d4933e6e0u,
		 0x6aa594f1262d2d2cu, 0xbba5ad4a1f842e59u},
		{0xb3f2af6d0fc710c5u, 0x853b559647364ceau, 0x92f89756082a4514u,
		 0x642e1c7bc266a3a7u, 0xb27a48e29a233673u},
		{0x8f5520d52a7ead08u, 0xc476a018caa1802du, 0x81de31c0d260469eu,
		 0xbf658d7e065f3c2fu, 0x913593fda1bca32au},
	};
	ut_rng r;
	int i, k;

	for (i = 0; i < 3; i++) {
		ut_rng_seed(&r, seeds[i]);
		for (k = 0; k < 5; k++)
			assert_int_equal(ut_rng_next(&r), want[i][k]);
	}
}

/* From a fresh generator: d6 ×3, d10 ×3, d100 ×3, d2^32 ×3.
 *   seed 0 dice ...: 4 5 1 5 8 10 43 54 86 3946465115 490903872 288758774
 *   seed 1 dice ...: 5 4 4 4 7 2 8 39 87 2369575821 4005368140 4111220722
 *   seed 18446744073709551615 dice ...: 4 5 4 8 6 8 38 77 63 2638299543 1104091898 188430998
 * By hand for the first die of seed 0: next() = 0x99ec5f36cb75f2b4
 * = 11091344671253066420; × 6 = 66548068027518398520, / 2^64 = 3.6…,
 * so uniform(6) = 3 and the die is 4. */
static void test_dice(void **state)
{
	static const uint64_t sides[12] = {6, 6, 6, 10, 10, 10, 100, 100, 100,
	                                   TWO32, TWO32, TWO32};
	static const uint64_t want[3][12] = {
		{4, 5, 1, 5, 8, 10, 43, 54, 86, 3946465115u, 490903872u,
		 288758774u},
		{5, 4, 4, 4, 7, 2, 8, 39, 87, 2369575821u, 4005368140u,
		 4111220722u},
		{4, 5, 4, 8, 6, 8, 38, 77, 63, 2638299543u, 1104091898u,
		 188430998u},
	};
	ut_rng r;
	int i, k;

	for (i = 0; i < 3; i++) {
		ut_rng_seed(&r, seeds[i]);
		for (k = 0; k < 12; k++)
			assert_int_equal(ut_rng_die(&r, sides[k]), want[i][k]);
	}
}

/* uniform(1) is 0 and still consumes one next():
 *   seed 0 uniform(1) then next: 0 0xbf6e1f784956452a  (the 2nd output) */
static void test_uniform_edges(void **state)
{
	ut_rng r;
	uint64_t x;

	ut_rng_seed(&r, 0);
	assert_int_equal(ut_rng_uniform(&r, 1), 0);
	assert_int_equal(ut_rng_next(&r), 0xbf6e1f784956452au);
	/* uniform(2^32) is next() >> 32 exactly: (x · 2^32) / 2^64. */
	ut_rng_seed(&r, 1);
	x = ut_rng_uniform(&r, TWO32);
	assert_int_equal(x, UINT64_C(0xb3f2af6d0fc710c5) >> 32);
	/* uniform(2) is the top bit: 0x853b… has it set. */
	assert_int_equal(ut_rng_uniform(&r, 2), 1);
}

/*
 * The 128-bit product needs the carry out of the low half of next(): rare
 * for the outputs above (probability about n / 2^32), so states are set by
 * hand.  next() reads only s[1]; the script inverts it:
 *   carry case: s[1] = 0x6adecc31e4844689 gives next() 0x94f26295a0330ae3; uniform(4294967295) = 2498912917 (without the carry: 2498912916)
 *   carry case: s[1] = 0xde0e897d0d6b4af7 gives next() 0x47157dadee16b703; uniform(3000000019) = 833015032 (without the carry: 833015031)
 *   carry case: s[1] = 0x1c8a6dfc351c71c7 gives next() 0x2aaaaaaaffffffff; uniform(6) = 1 (without the carry: 0)
 * By hand for the last: x = 0x2AAAAAAAFFFFFFFF, x·6 = 0x1_00000001_FFFFFFFA
 * (high word 1): xh·6 = 0xFFFFFFFC and (xl·6) >> 32 = 5, whose sum
 * 0x1_00000001 carries into the high word, where dropping the low half
 * gives 0xFFFFFFFC >> 32 = 0.
 */
static void test_uniform_carry(void **state)
{
	static const struct {
		uint64_t s1, x, n, want;
	} cases[] = {
		{0x6adecc31e4844689u, 0x94f26295a0330ae3u, 4294967295u,
		 2498912917u},
		{0xde0e897d0d6b4af7u, 0x47157dadee16b703u, 3000000019u,
		 833015032u},
		{0x1c8a6dfc351c71c7u, 0x2aaaaaaaffffffffu, 6, 1},
	};
	ut_rng r;
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		memset(&r, 0, sizeof(r));
		r.s[1] = cases[i].s1;
		assert_int_equal(ut_rng_next(&r), cases[i].x);
		memset(&r, 0, sizeof(r));
		r.s[1] = cases[i].s1;
		assert_int_equal(ut_rng_uniform(&r, cases[i].n), cases[i].want);
	}
}

/*
 * ut_rng_uniform takes one 128-bit multiply where the compiler has one, and
 * the portable two-half form of docs/RANDOM.md elsewhere: the same bits.
 * Here the portable form, written out, against ut_rng_uniform for 10^6
 * outputs and n of every size (1, 2^32, near both, dice, random), the
 * carry cases above included through n near 2^32.
 */
static void test_uniform_forms_agree(void **state)
{
	static const uint64_t fixed_n[] = {1, 2, 3, 6, 10, 20, 100, 4294967295u,
	                                   TWO32, 3000000019u};
	ut_rng src, r, n_rng;
	uint64_t i;

	ut_rng_seed(&src, 20261130);
	ut_rng_seed(&n_rng, 7);
	for (i = 0; i < 1000000; i++) {
		uint64_t n = i % 2 ? fixed_n[i / 2 % 10]
		                   : 1 + (ut_rng_next(&n_rng) >> 32);
		uint64_t x, xh, xl, want;
		r = src;
		x = ut_rng_next(&src);
		xh = x >> 32;
		xl = x & 0xffffffffu;
		want = (xh * n + ((xl * n) >> 32)) >> 32;
		assert_int_equal(ut_rng_uniform(&r, n), want);
		assert_memory_equal(&r, &src, sizeof(r));
	}
}

/* A 10-item list 0..9 shuffled from a fresh generator:
 *   seed 0 shuffle 0..9: 7 8 3 1 5 4 2 0 9 6
 *   seed 1 shuffle 0..9: 3 6 1 5 0 9 2 8 4 7
 *   seed 18446744073709551615 shuffle 0..9: 0 7 2 1 8 3 9 4 6 5
 * Items of two sizes (4 and 80 bytes: more than the 64-byte swap chunk) must
 * end in the same order. */
static void test_shuffle(void **state)
{
	static const int want[3][10] = {
		{7, 8, 3, 1, 5, 4, 2, 0, 9, 6},
		{3, 6, 1, 5, 0, 9, 2, 8, 4, 7},
		{0, 7, 2, 1, 8, 3, 9, 4, 6, 5},
	};
	struct big {
		int id;
		char pad[76];
	} big[10];
	int items[10];
	ut_rng r;
	int i, k;

	for (i = 0; i < 3; i++) {
		for (k = 0; k < 10; k++) {
			items[k] = k;
			big[k].id = k;
			memset(big[k].pad, 'a' + k, sizeof(big[k].pad));
		}
		ut_rng_seed(&r, seeds[i]);
		ut_rng_shuffle(&r, items, 10, sizeof(items[0]));
		ut_rng_seed(&r, seeds[i]);
		ut_rng_shuffle(&r, big, 10, sizeof(big[0]));
		for (k = 0; k < 10; k++) {
			assert_int_equal(items[k], want[i][k]);
			assert_int_equal(big[k].id, want[i][k]);
			assert_int_equal(big[k].pad[75], 'a' + want[i][k]);
		}
	}
	/* k < 2 uses no output: the next one is still the first. */
	ut_rng_seed(&r, 0);
	ut_rng_shuffle(&r, items, 1, sizeof(items[0]));
	ut_rng_shuffle(&r, items, 0, sizeof(items[0]));
	assert_int_equal(ut_rng_next(&r), 0x99ec5f36cb75f2b4u);
}

/* Run i of seed S uses S + i mod 2^64:
 *   series seed 18446744073709551614: 18446744073709551614 18446744073709551615 0 1
 *   series seed 18446744073709551614 run 2 first next: 0x99ec5f36cb75f2b4
 * (run 2 wraps to seed 0, whose first output is above). */
static void test_series(void **state)
{
	const uint64_t s = MAX64 - 1;
	ut_rng r;

	assert_int_equal(ut_rng_series_seed(s, 0), s);
	assert_int_equal(ut_rng_series_seed(s, 1), MAX64);
	assert_int_equal(ut_rng_series_seed(s, 2), 0);
	assert_int_equal(ut_rng_series_seed(s, 3), 1);
	assert_int_equal(ut_rng_series_seed(5, MAX64), 4);
	ut_rng_seed(&r, ut_rng_series_seed(s, 2));
	assert_int_equal(ut_rng_next(&r), 0x99ec5f36cb75f2b4u);
}

/* A seeded source rolls what the generator rolls (seed 1: d6 5, 4, 4). */
static void test_dice_source_seeded(void **state)
{
	ut_dice d;
	uint64_t v;

	ut_dice_seed(&d, 1);
	assert_int_equal(ut_dice_roll(&v, &d, 6), 0);
	assert_int_equal(v, 5);
	assert_int_equal(ut_dice_roll(&v, &d, 6), 0);
	assert_int_equal(v, 4);
	assert_int_equal(ut_dice_roll(&v, &d, 6), 0);
	assert_int_equal(v, 4);
	assert_int_equal(d.rolled, 3);
}

/* Fixed results: taken in order; a bad value or running out is an error
 * naming the 1-based position, and leaves *out and the source unchanged. */
static void test_dice_source_list(void **state)
{
	static const int64_t values[] = {6, 1, 3, 7, 0};
	ut_dice d;
	uint64_t v = 99;

	ut_dice_list(&d, values, 3);
	assert_int_equal(ut_dice_roll(&v, &d, 6), 0);
	assert_int_equal(v, 6);
	assert_int_equal(ut_dice_roll(&v, &d, 6), 0);
	assert_int_equal(v, 1);
	/* 3 is legal for a d3 (the upper bound is inclusive) */
	assert_int_equal(ut_dice_roll(&v, &d, 3), 0);
	assert_int_equal(v, 3);
	v = 99;
	assert_int_equal(ut_dice_roll(&v, &d, 6), UT_EINVALID);
	assert_string_equal(ut_error_last(),
	                    "fixed dice: die 4 is needed but the list has only "
	                    "3");
	assert_int_equal(v, 99);
	assert_int_equal(d.rolled, 3);

	/* value 4 is 7 on a d6; value 5 is 0 */
	ut_dice_list(&d, values, 5);
	d.rolled = 3;
	assert_int_equal(ut_dice_roll(&v, &d, 6), UT_EINVALID);
	assert_string_equal(ut_error_last(),
	                    "fixed dice: value 4 is 7, not between 1 and 6");
	assert_int_equal(d.rolled, 3);
	/* the same value is fine for a d10, then 0 is not */
	assert_int_equal(ut_dice_roll(&v, &d, 10), 0);
	assert_int_equal(v, 7);
	assert_int_equal(ut_dice_roll(&v, &d, 10), UT_EINVALID);
	assert_string_equal(ut_error_last(),
	                    "fixed dice: value 5 is 0, not between 1 and 10");

	/* one value: used, then the list has run out (singular) */
	ut_dice_list(&d, values, 1);
	assert_int_equal(ut_dice_roll(&v, &d, 6), 0);
	assert_int_equal(v, 6);
	assert_int_equal(ut_dice_roll(&v, &d, 6), UT_EINVALID);
	assert_string_equal(ut_error_last(),
	                    "fixed dice: die 2 is needed but the list has only "
	                    "1");
	/* an empty list fails at once (it is not the generator) */
	ut_dice_list(&d, NULL, 0);
	assert_int_equal(ut_dice_roll(&v, &d, 6), UT_EINVALID);
	assert_string_equal(ut_error_last(),
	                    "fixed dice: die 1 is needed but the list is "
	                    "empty");
}

/* A test callback: hands out script[] in order (recording sides and the
 * die's number); a script value of -1 fails the roll with UT_ERROR. */
struct script {
	const int64_t *v;
	size_t n, at;
	uint64_t sides[8];
	size_t index[8];
};

static int from_script(void *ud, uint64_t sides, size_t index, uint64_t *out)
{
	struct script *s = ud;

	s->sides[s->at] = sides;
	s->index[s->at] = index;
	if (s->v[s->at] < 0) {
		s->at++;
		return ut_error_set(UT_ERROR, "the person quit");
	}
	*out = (uint64_t)s->v[s->at++];
	return 0;
}

/* A callback source: every die comes from the callback with its sides and
 * 1-based number; the source checks the value (7 on a d6 is an error naming
 * die 3, the count stays); a failing callback's code and message pass
 * through; the generator seeded with 1 is there for the callback (its
 * first d6 is 5, as in test_dice_source_seeded) and unused by the source. */
static void test_dice_source_callback(void **state)
{
	static const int64_t values[] = {2, 6, 7, 4, -1};
	struct script s = {values, 5, 0, {0}, {0}};
	ut_dice d;
	uint64_t v = 99;

	ut_dice_callback(&d, from_script, &s, 1);
	assert_int_equal(ut_dice_roll(&v, &d, 6), 0);
	assert_int_equal(v, 2);
	assert_int_equal(ut_dice_roll(&v, &d, 10), 0);
	assert_int_equal(v, 6);
	assert_int_equal(s.sides[1], 10);
	assert_int_equal(s.index[1], 2);
	v = 99;
	assert_int_equal(ut_dice_roll(&v, &d, 6), UT_EINVALID);
	assert_string_equal(ut_error_last(),
	                    "dice callback: die 3 is 7, not between 1 and 6");
	assert_int_equal(v, 99);
	assert_int_equal(d.rolled, 2);
	/* the same die again: the callback is asked for die 3 once more */
	assert_int_equal(ut_dice_roll(&v, &d, 6), 0);
	assert_int_equal(v, 4);
	assert_int_equal(s.index[3], 3);
	assert_int_equal(d.rolled, 3);
	assert_int_equal(ut_dice_roll(&v, &d, 6), UT_ERROR);
	assert_string_equal(ut_error_last(), "the person quit");
	assert_int_equal(d.rolled, 3);
	assert_int_equal(ut_rng_die(&d.rng, 6), 5);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_seed_state),
		cmocka_unit_test(test_next),
		cmocka_unit_test(test_uniform_forms_agree),
		cmocka_unit_test(test_dice),
		cmocka_unit_test(test_uniform_edges),
		cmocka_unit_test(test_uniform_carry),
		cmocka_unit_test(test_shuffle),
		cmocka_unit_test(test_series),
		cmocka_unit_test(test_dice_source_seeded),
		cmocka_unit_test(test_dice_source_list),
		cmocka_unit_test(test_dice_source_callback),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
