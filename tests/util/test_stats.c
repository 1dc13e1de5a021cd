/*
 * test_stats.c - util/stats.h: the Wilson interval against values
 * worked by hand, the nearest-rank percentile, integer histograms, and
 * tallies (UT-TALLY-1): the same percentiles, histograms, means and
 * intervals as the values stored one by one, by hand and on generated
 * data, in memory that does not grow with the values counted.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "util/buf.h"
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

/* 1, 2, 2, 3, 5 counted as 3, 1, 2, 5, 2: ranks ⌈p·5/100⌉ → p20: rank 1
 * = 1; p40: 2 = 2; p50: ⌈2.5⌉ = 3 = 2; p60: 3 = 2; p61: ⌈3.05⌉ = 4 = 3;
 * p90: ⌈4.5⌉ = 5 = 5; mean 13/5 = 2.6; one bar per value 1 … 5 with
 * counts 1 2 1 0 1; 2 of 5 runs are 2: Wilson (2, 5). */
static void test_tally_by_hand(void **state)
{
	static const int64_t v[] = {3, 1, 2, 5, 2};
	ut_tally t = {0};
	ut_bin b[UT_BINS_MAX];
	size_t i;
	ut_interval a, c;
	(void)state;

	for (i = 0; i < 5; i++)
		assert_int_equal(ut_tally_add(&t, v[i]), 0);
	assert_int_equal(t.n, 5);
	assert_int_equal(t.used, 4);
	assert_true(ut_tally_mean(&t) == 2.6);
	ut_tally_sort(&t);
	assert_true(ut_tally_mean(&t) == 2.6);
	assert_int_equal(ut_tally_min(&t), 1);
	assert_int_equal(ut_tally_max(&t), 5);
	assert_int_equal(ut_tally_percentile(&t, 0), 1);
	assert_int_equal(ut_tally_percentile(&t, 20), 1);
	assert_int_equal(ut_tally_percentile(&t, 40), 2);
	assert_int_equal(ut_tally_percentile(&t, 50), 2);
	assert_int_equal(ut_tally_percentile(&t, 60), 2);
	assert_int_equal(ut_tally_percentile(&t, 61), 3);
	assert_int_equal(ut_tally_percentile(&t, 90), 5);
	assert_int_equal(ut_tally_percentile(&t, 100), 5);
	assert_int_equal(ut_tally_percentile(&t, 250), 5);
	assert_int_equal(ut_tally_histogram(b, &t), 5);
	assert_int_equal(b[0].count, 1);
	assert_int_equal(b[1].count, 2);
	assert_int_equal(b[2].count, 1);
	assert_int_equal(b[3].count, 0);
	assert_int_equal(b[3].lo, 4);
	assert_int_equal(b[4].count, 1);
	assert_int_equal(t.value[1], 2);
	a = ut_wilson(t.count[1], t.n);
	c = ut_wilson(2, 5);
	assert_memory_equal(&a, &c, sizeof a);
	ut_tally_free(&t);
	assert_null(t.value);
	ut_tally_free(&t);
	ut_tally_free(NULL);

	/* empty: as ut_percentile and ut_histogram of no values */
	ut_tally_sort(&t);
	assert_int_equal(ut_tally_percentile(&t, 50), 0);
	assert_int_equal(ut_tally_histogram(b, &t), 0);
	assert_true(ut_tally_mean(&t) == 0.0);
	assert_int_equal(ut_tally_min(&t), 0);
	ut_tally_free(&t);

	/* the ends of int64: the sum does not overflow, the bars span it */
	assert_int_equal(ut_tally_add(&t, INT64_MIN), 0);
	assert_int_equal(ut_tally_add(&t, INT64_MAX), 0);
	assert_int_equal(ut_tally_add(&t, INT64_MAX), 0);
	/* Σ = −2^63 + 2(2^63 − 1) = 2^63 − 2, exact before the division */
	assert_true(ut_tally_mean(&t) == (double)(INT64_MAX - 1) / 3.0);
	ut_tally_sort(&t);
	assert_int_equal(ut_tally_histogram(b, &t), 40);
	assert_int_equal(b[0].count, 1);
	assert_int_equal(b[39].count, 2);
	assert_int_equal(ut_tally_percentile(&t, 34), INT64_MAX);
	assert_int_equal(ut_tally_percentile(&t, 33), INT64_MIN);
	ut_tally_free(&t);
}

static int cmp64(const void *a, const void *b)
{
	int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
	return (x > y) - (x < y);
}

static uint64_t next(uint64_t *s)
{
	/* splitmix64: the test's own generator */
	uint64_t z = (*s += UINT64_C(0x9E3779B97F4A7C15));
	z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
	z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
	return z ^ (z >> 31);
}

/* Generated data: values in a range (rounds-like 1 … 20, HP-like −30 …
 * 40, 5000 distinct, the whole int64) counted in three tallies that are
 * merged in two orders, against the same values stored and sorted: every
 * percentile 0 … 101, the histogram, min, max, and the mean computed as
 * the runs' exact 128-bit sum over n. */
static void test_tally_generated(void **state)
{
	static const int64_t lo[] = {1, -30, 0, INT64_MIN};
	static const uint64_t span[] = {20, 71, 5000, 0};
	enum { N = 20011 };
	int64_t *v = malloc(N * sizeof *v);
	uint64_t seed = 20261201;
	size_t r, i, p;
	(void)state;

	assert_non_null(v);
	for (r = 0; r < 4; r++) {
		ut_tally part[3], one = {0}, other = {0};
		ut_bin b1[UT_BINS_MAX], b2[UT_BINS_MAX];
		__int128 sum = 0;
		double mean;
		size_t nb;

		memset(part, 0, sizeof part);
		for (i = 0; i < N; i++) {
			uint64_t x = next(&seed);
			v[i] = span[r] ? lo[r] + (int64_t)(x % span[r]) : (int64_t)x;
			sum += v[i];
			assert_int_equal(ut_tally_add(&part[i % 3], v[i]), 0);
		}
		mean = (double)sum / (double)N;
		for (i = 0; i < 3; i++)
			assert_int_equal(ut_tally_merge(&one, &part[i]), 0);
		for (i = 3; i-- > 0;)
			assert_int_equal(ut_tally_merge(&other, &part[i]), 0);
		assert_int_equal(one.n, N);
		assert_true(ut_tally_mean(&one) == mean);
		ut_tally_sort(&one);
		ut_tally_sort(&other);
		assert_true(ut_tally_mean(&one) == mean);
		assert_int_equal(one.used, other.used);
		assert_memory_equal(one.value, other.value,
		                    one.used * sizeof *one.value);
		assert_memory_equal(one.count, other.count,
		                    one.used * sizeof *one.count);
		qsort(v, N, sizeof *v, cmp64);
		assert_int_equal(ut_tally_min(&one), v[0]);
		assert_int_equal(ut_tally_max(&one), v[N - 1]);
		for (p = 0; p <= 101; p++)
			assert_int_equal(ut_tally_percentile(&one, (unsigned)p),
			                 ut_percentile(v, N, (unsigned)p));
		nb = ut_histogram(b1, v, N, 1);
		assert_int_equal(ut_tally_histogram(b2, &one), nb);
		assert_memory_equal(b1, b2, nb * sizeof *b1);
		/* at most as many entries as distinct values, half full */
		if (span[r])
			assert_true(one.used <= span[r] && one.cap <= 4 * span[r] + 16);
		for (i = 0; i < 3; i++)
			ut_tally_free(&part[i]);
		ut_tally_free(&one);
		ut_tally_free(&other);
	}
	free(v);
}

/* The memory of a tally grows with the distinct values, not with the
 * values counted: 10^6 values of 21 kinds keep a table of 64 slots. */
static void test_tally_constant_memory(void **state)
{
	ut_tally t = {0};
	uint64_t seed = 7, i;
	(void)state;

	for (i = 0; i < 1000000; i++)
		assert_int_equal(ut_tally_add(&t, (int64_t)(next(&seed) % 21)), 0);
	assert_int_equal(t.n, 1000000);
	assert_int_equal(t.used, 21);
	assert_int_equal(t.cap, 64);
	ut_tally_free(&t);
}

/* The values near the first one counted (UT_TALLY_NEAR) and the others
 * at the ends of int64: the first at INT64_MAX, then INT64_MIN, both
 * counted twice; sorted, merged and packed, every value keeps its count. */
static void test_tally_near_ends(void **state)
{
	static const int64_t v[] = {INT64_MAX, INT64_MIN, INT64_MAX - 1,
	                            INT64_MIN + 1, 0, INT64_MAX, INT64_MIN,
	                            INT64_MAX - (UT_TALLY_NEAR - 1),
	                            INT64_MAX - UT_TALLY_NEAR};
	static const int64_t sorted[] = {INT64_MIN, INT64_MIN + 1, 0,
	                                 INT64_MAX - UT_TALLY_NEAR,
	                                 INT64_MAX - (UT_TALLY_NEAR - 1),
	                                 INT64_MAX - 1, INT64_MAX};
	static const uint64_t count[] = {2, 1, 1, 1, 1, 1, 2};
	ut_tally t = {0}, m = {0}, p = {0};
	ut_buf b = {0};
	const unsigned char *at;
	size_t i, left;
	(void)state;

	for (i = 0; i < sizeof v / sizeof *v; i++)
		assert_int_equal(ut_tally_add(&t, v[i]), 0);
	assert_int_equal(t.used, 7);
	assert_int_equal(ut_tally_merge(&m, &t), 0);
	assert_int_equal(ut_tally_pack(&b, &t), 0);
	at = (const unsigned char *)b.ptr;
	left = b.len;
	assert_int_equal(ut_tally_merge_packed(&p, &at, &left), 0);
	assert_int_equal(left, 0);
	ut_tally_sort(&t);
	ut_tally_sort(&m);
	ut_tally_sort(&p);
	assert_int_equal(t.used, 7);
	assert_int_equal(m.used, 7);
	assert_int_equal(p.used, 7);
	for (i = 0; i < 7; i++) {
		assert_true(t.value[i] == sorted[i] && t.count[i] == count[i]);
		assert_true(m.value[i] == sorted[i] && m.count[i] == count[i]);
		assert_true(p.value[i] == sorted[i] && p.count[i] == count[i]);
	}
	ut_buf_free(&b);
	ut_tally_free(&t);
	ut_tally_free(&m);
	ut_tally_free(&p);
}

/* ut_tally_histogram_at: bars on the grid origin + k·w.  HP left from −18
 * to 22 (span 40): w = ⌊40 / 40⌋ + 1 = 2; from the minimum the bars would
 * be −18–−17 … 0–1 … 22 (0 and 1 in one bar); on the grid of 1 they are
 * −19–−18, …, −1–0, 1–2, …, 21–22: (22 − (−19)) / 2 + 1 = 21 bars, 0 in
 * bar 9 (−1–0) and 1 in bar 10 (1–2).  A span that needs all 40 bars
 * from the minimum takes one more width when shifted: 0..79 (w 2) on the
 * grid of 1 would be 41 bars from −1, so w = 3: −2–0, 1–3, …, 79–81,
 * 28 bars.  The ends of int64 fall back to the bars from the minimum. */
static void test_histogram_at(void **state)
{
	ut_tally t = {0};
	ut_bin b[UT_BINS_MAX];
	int64_t v;
	(void)state;
	assert_int_equal(ut_tally_add(&t, -18), 0);
	assert_int_equal(ut_tally_add(&t, 0), 0);
	assert_int_equal(ut_tally_add_n(&t, 1, 3), 0);
	assert_int_equal(ut_tally_add(&t, 22), 0);
	ut_tally_sort(&t);
	assert_int_equal(ut_tally_histogram_at(b, &t, 1), 21);
	assert_int_equal(b[0].lo, -19);
	assert_int_equal(b[0].hi, -18);
	assert_int_equal(b[0].count, 1);
	assert_int_equal(b[9].lo, -1);
	assert_int_equal(b[9].hi, 0);
	assert_int_equal(b[9].count, 1);
	assert_int_equal(b[10].lo, 1);
	assert_int_equal(b[10].hi, 2);
	assert_int_equal(b[10].count, 3);
	assert_int_equal(b[20].lo, 21);
	assert_int_equal(b[20].hi, 22);
	assert_int_equal(b[20].count, 1);
	ut_tally_free(&t);

	for (v = 0; v <= 79; v++)
		assert_int_equal(ut_tally_add(&t, v), 0);
	ut_tally_sort(&t);
	assert_int_equal(ut_tally_histogram(b, &t), 40);
	assert_int_equal(ut_tally_histogram_at(b, &t, 1), 28);
	assert_int_equal(b[0].lo, -2);
	assert_int_equal(b[0].hi, 0);
	assert_int_equal(b[0].count, 1);
	assert_int_equal(b[1].lo, 1);
	assert_int_equal(b[1].count, 3);
	assert_int_equal(b[27].lo, 79);
	assert_int_equal(b[27].hi, 81);
	assert_int_equal(b[27].count, 1);
	ut_tally_free(&t);

	assert_int_equal(ut_tally_add(&t, INT64_MIN), 0);
	assert_int_equal(ut_tally_add(&t, INT64_MAX), 0);
	ut_tally_sort(&t);
	assert_int_equal(ut_tally_histogram_at(b, &t, 1), 40);
	assert_int_equal(b[0].lo, INT64_MIN);
	assert_int_equal(b[0].count, 1);
	assert_int_equal(b[39].hi, INT64_MAX);
	assert_int_equal(b[39].count, 1);
	ut_tally_free(&t);
}

/* ut_tally_histogram_at's width in time that does not grow with the span
 * (embedding review 2026-12-06: it counted up one width at a time, 4 s
 * for a span of 10^12).  {0, 3999} on the grid of 1: w = ⌊3999 / 40⌋ + 1
 * = 100 starts at 1 − 100 = −99 and needs (3999 + 99) / 100 + 1 = 41
 * bars; 101 from −100: 4099 / 101 + 1 = 41; 102 from −101: 4100 / 102 +
 * 1 = 41; 103 from −102: 4101 / 103 + 1 = 40, the first that fits (one
 * of the 16 tries): bars −102–0 … 3915–4017, 0 in the first, 3999 in the
 * last.  {0, 10^12}: none of the 16 widths from 25,000,000,001 fits, so
 * w = 10^12 / 39 + 1 = 25,641,025,642, from 1 − w = −25,641,025,641:
 * (10^12 + 25,641,025,641) / w + 1 = 39 + 1 = 40 bars (40 w =
 * 1,025,641,025,680 is past 1,025,641,025,641). */
static void test_histogram_at_wide(void **state)
{
	ut_tally t = {0};
	ut_bin b[UT_BINS_MAX];
	(void)state;

	assert_int_equal(ut_tally_add(&t, 0), 0);
	assert_int_equal(ut_tally_add(&t, 3999), 0);
	ut_tally_sort(&t);
	assert_int_equal(ut_tally_histogram_at(b, &t, 1), 40);
	assert_int_equal(b[0].lo, -102);
	assert_int_equal(b[0].hi, 0);
	assert_int_equal(b[0].count, 1);
	assert_int_equal(b[39].lo, 3915);
	assert_int_equal(b[39].hi, 4017);
	assert_int_equal(b[39].count, 1);
	ut_tally_free(&t);

	assert_int_equal(ut_tally_add(&t, 0), 0);
	assert_int_equal(ut_tally_add(&t, 1000000000000), 0);
	ut_tally_sort(&t);
	assert_int_equal(ut_tally_histogram_at(b, &t, 1), 40);
	assert_int_equal(b[0].lo, -25641025641);
	assert_int_equal(b[0].hi, 0);
	assert_int_equal(b[0].count, 1);
	assert_int_equal(b[39].lo, 1 - 25641025642 + 39 * 25641025642);
	assert_int_equal(b[39].count, 1);
	ut_tally_free(&t);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_wilson),
		cmocka_unit_test(test_percentile),
		cmocka_unit_test(test_histogram),
		cmocka_unit_test(test_tally_by_hand),
		cmocka_unit_test(test_tally_generated),
		cmocka_unit_test(test_tally_constant_memory),
		cmocka_unit_test(test_tally_near_ends),
		cmocka_unit_test(test_histogram_at),
		cmocka_unit_test(test_histogram_at_wide),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
