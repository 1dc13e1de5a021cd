/*
 * test_stats.c - util/stats.h: the Wilson interval against values
 * worked by hand, the nearest-rank percentile, integer histograms.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "util/stats.h"

#define NEAR(x, v) assert_true((x) > (v) - 5e-7 && (x) < (v) + 5e-7)

/* z = 1.959964, z² = 3.841459.  5 of 10: 1 + z²/n = 1.3841459, centre
 * (.5 + .1920729)/1.3841459 = .5, half z·√(.025 + .0096036)/1.3841459 =
 * .2634069.  0 of 10: centre = half = .1920729/1.3841459 = .1387664 →
 * [0, .2775328]; 10 of 10 mirrored: [.7224672, 1]. */
static void test_wilson(void **state)
{
	ut_interval ci;
	(void)state;
	ci = ut_wilson(5, 10);
	NEAR(ci.lo, 0.2365931);
	NEAR(ci.hi, 0.7634069);
	ci = ut_wilson(0, 10);
	assert_true(ci.lo == 0.0);
	NEAR(ci.hi, 0.2775328);
	ci = ut_wilson(10, 10);
	NEAR(ci.lo, 0.7224672);
	assert_true(ci.hi == 1.0);
	ci = ut_wilson(0, 0);
	assert_true(ci.lo == 0.0 && ci.hi == 1.0);
	ci = ut_wilson(4, 3);
	assert_true(ci.lo == 0.0 && ci.hi == 1.0);
}

/* rank ⌈p·n/100⌉: of 1…10, p50 → rank 5 → 5, p90 → 9, p91 → ⌈9.1⌉ = 10,
 * p0 → rank 1, p200 → as 100 → 10. */
static void test_percentile(void **state)
{
	const int64_t v[10] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10};
	(void)state;
	assert_int_equal(ut_percentile(v, 10, 50), 5);
	assert_int_equal(ut_percentile(v, 10, 90), 9);
	assert_int_equal(ut_percentile(v, 10, 91), 10);
	assert_int_equal(ut_percentile(v, 10, 0), 1);
	assert_int_equal(ut_percentile(v, 10, 200), 10);
	assert_int_equal(ut_percentile(v, 0, 50), 0);
}

/* One bar per value over a span ≤ 40 (gaps are empty bars); 0…99 in bars
 * of ⌈100/40⌉ = 3: 34 bars, the last 99…99 with 1; the whole int64 range
 * in bars of width ⌈2^64/40⌉; a stride reads every other value. */
static void test_histogram(void **state)
{
	int64_t v[100];
	ut_bin b[UT_BINS_MAX];
	size_t i, nb;
	(void)state;

	v[0] = 5; v[1] = 3; v[2] = 5;
	nb = ut_histogram(b, v, 3, 1);
	assert_int_equal(nb, 3);
	assert_int_equal(b[0].lo, 3);
	assert_int_equal(b[0].hi, 3);
	assert_int_equal(b[0].count, 1);
	assert_int_equal(b[1].count, 0);
	assert_int_equal(b[2].count, 2);
	for (i = 0; i < 100; i++)
		v[i] = (int64_t)i;
	nb = ut_histogram(b, v, 100, 1);
	assert_int_equal(nb, 34);
	assert_int_equal(b[0].hi, 2);
	assert_int_equal(b[33].lo, 99);
	assert_int_equal(b[33].count, 1);
	/* stride 2: 0, 2, …, 98 → span 98, w 3, 33 bars; bar 0 (0…2) holds
	 * 0 and 2 */
	nb = ut_histogram(b, v, 50, 2);
	assert_int_equal(nb, 33);
	assert_int_equal(b[0].count, 2);
	v[0] = INT64_MIN;
	v[1] = INT64_MAX;
	nb = ut_histogram(b, v, 2, 1);
	assert_int_equal(nb, 40);
	assert_int_equal(b[0].count, 1);
	assert_int_equal(b[39].count, 1);
	assert_int_equal(b[39].hi, INT64_MAX);
	assert_int_equal(ut_histogram(b, v, 0, 1), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_wilson),
		cmocka_unit_test(test_percentile),
		cmocka_unit_test(test_histogram),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
