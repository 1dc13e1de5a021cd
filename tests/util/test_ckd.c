/*
 * test_ckd.c - checked 64-bit arithmetic (util/ckd.h) at the edges:
 * INT64_MIN, INT64_MAX, -1, 0, and the rounding of the halving helpers.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "util/ckd.h"

/* ut_ckd_add: true exactly when a + b leaves [INT64_MIN, INT64_MAX]. */
static void test_add(void **state)
{
	int64_t r = 0;

	assert_false(ut_ckd_add(&r, INT64_MAX - 1, 1));
	assert_int_equal(r, INT64_MAX);
	assert_true(ut_ckd_add(&r, INT64_MAX, 1));
	assert_true(ut_ckd_add(&r, INT64_MAX, INT64_MAX));
	assert_false(ut_ckd_add(&r, INT64_MIN + 1, -1));
	assert_int_equal(r, INT64_MIN);
	assert_true(ut_ckd_add(&r, INT64_MIN, -1));
	assert_true(ut_ckd_add(&r, INT64_MIN, INT64_MIN));
	/* MAX + MIN = -1: the operands straddle zero, never an overflow */
	assert_false(ut_ckd_add(&r, INT64_MAX, INT64_MIN));
	assert_int_equal(r, -1);
	assert_false(ut_ckd_add(&r, 0, INT64_MIN));
	assert_int_equal(r, INT64_MIN);
}

/* ut_ckd_sub: note -INT64_MIN does not exist, so 0 - INT64_MIN overflows. */
static void test_sub(void **state)
{
	int64_t r = 0;

	assert_true(ut_ckd_sub(&r, 0, INT64_MIN));
	assert_false(ut_ckd_sub(&r, -1, INT64_MIN));
	assert_int_equal(r, INT64_MAX); /* -1 + 2^63 */
	assert_true(ut_ckd_sub(&r, INT64_MIN, 1));
	assert_false(ut_ckd_sub(&r, INT64_MIN, -1));
	assert_int_equal(r, INT64_MIN + 1);
	assert_true(ut_ckd_sub(&r, INT64_MAX, -1));
	assert_false(ut_ckd_sub(&r, INT64_MAX, INT64_MAX));
	assert_int_equal(r, 0);
	assert_false(ut_ckd_sub(&r, INT64_MIN, INT64_MIN));
	assert_int_equal(r, 0);
}

/* ut_ckd_mul: INT64_MIN × -1 = 2^63 does not fit; INT64_MIN × 1 does. */
static void test_mul(void **state)
{
	int64_t r = 0;

	assert_true(ut_ckd_mul(&r, INT64_MIN, -1));
	assert_true(ut_ckd_mul(&r, -1, INT64_MIN));
	assert_false(ut_ckd_mul(&r, INT64_MIN, 1));
	assert_int_equal(r, INT64_MIN);
	assert_false(ut_ckd_mul(&r, INT64_MAX, -1));
	assert_int_equal(r, -INT64_MAX);
	assert_false(ut_ckd_mul(&r, INT64_MIN, 0));
	assert_int_equal(r, 0);
	assert_true(ut_ckd_mul(&r, INT64_MAX, 2));
	/* 2^62 × 2 = 2^63 overflows; -2^62 × 2 = -2^63 = INT64_MIN fits */
	assert_true(ut_ckd_mul(&r, INT64_C(1) << 62, 2));
	assert_false(ut_ckd_mul(&r, -(INT64_C(1) << 62), 2));
	assert_int_equal(r, INT64_MIN);
	/* 3037000499² = 9223372030926249001 ≤ INT64_MAX; 3037000500² = 
	 * 9223372037000250000 > INT64_MAX = 9223372036854775807 */
	assert_false(ut_ckd_mul(&r, 3037000499, 3037000499));
	assert_int_equal(r, INT64_C(9223372030926249001));
	assert_true(ut_ckd_mul(&r, 3037000500, 3037000500));
}

/* ceil(a / 2), toward +infinity, for every a including both ends. */
static void test_ceil_half(void **state)
{
	assert_int_equal(ut_ceil_half(0), 0);
	assert_int_equal(ut_ceil_half(1), 1);
	assert_int_equal(ut_ceil_half(2), 1);
	assert_int_equal(ut_ceil_half(3), 2);
	assert_int_equal(ut_ceil_half(-1), 0);  /* -0.5 → 0 */
	assert_int_equal(ut_ceil_half(-2), -1);
	assert_int_equal(ut_ceil_half(-3), -1); /* -1.5 → -1 */
	/* INT64_MAX = 2^63 - 1 is odd: ceil = 2^62 */
	assert_int_equal(ut_ceil_half(INT64_MAX), INT64_C(1) << 62);
	/* INT64_MIN = -2^63 is even: exactly -2^62 */
	assert_int_equal(ut_ceil_half(INT64_MIN), -(INT64_C(1) << 62));
	assert_int_equal(ut_ceil_half(INT64_MIN + 1), -(INT64_C(1) << 62) + 1);
}

/* ceil(a / b) for a ≥ 0, b > 0. */
static void test_ceil_div(void **state)
{
	assert_int_equal(ut_ceil_div(0, 1), 0);
	assert_int_equal(ut_ceil_div(0, INT64_MAX), 0);
	assert_int_equal(ut_ceil_div(1, INT64_MAX), 1);
	assert_int_equal(ut_ceil_div(INT64_MAX, INT64_MAX), 1);
	assert_int_equal(ut_ceil_div(INT64_MAX, 1), INT64_MAX);
	/* (2^63 - 1) / 2 = 2^62 - 0.5 → 2^62, without computing a + b - 1 */
	assert_int_equal(ut_ceil_div(INT64_MAX, 2), INT64_C(1) << 62);
	assert_int_equal(ut_ceil_div(7, 3), 3);
	assert_int_equal(ut_ceil_div(6, 3), 2);
	assert_int_equal(ut_ceil_div(INT64_MAX - 1, INT64_MAX), 1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_add),
		cmocka_unit_test(test_sub),
		cmocka_unit_test(test_mul),
		cmocka_unit_test(test_ceil_half),
		cmocka_unit_test(test_ceil_div),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
