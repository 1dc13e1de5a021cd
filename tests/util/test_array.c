/*
 * test_array.c - growable arrays (util/array.h): the capacity starts at
 * 16 and doubles; a failed growth leaves the array and its capacity intact;
 * ut_calloc_lines gives whole cache lines.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include <cmocka.h>

#include "util/array.h"
#include "util/error.h"

/* Appending 1000 items one at a time: capacities 16, 32, …, 1024, and the
 * contents survive every realloc. */
static void test_growth(void **state)
{
	uint32_t *ids = NULL;
	size_t cap = 0, n, grows = 0, last = 0;

	for (n = 0; n < 1000; n++) {
		assert_int_equal(UT_ARRAY_RESERVE(ids, cap, n + 1), 0);
		if (cap != last) {
			/* 16 << grows: 16, 32, 64, …; it grows when n hits cap */
			assert_int_equal(cap, (size_t)16 << grows);
			assert_int_equal(n, last);
			grows++;
			last = cap;
		}
		ids[n] = (uint32_t)(n * 7);
	}
	assert_int_equal(grows, 7); /* 16 … 1024 */
	assert_int_equal(cap, 1024);
	for (n = 0; n < 1000; n++)
		assert_int_equal(ids[n], n * 7);
	free(ids);
}

/* One jump: need 100 from empty doubles 16 → 32 → 64 → 128; need ≤ cap is a
 * no-op (the inline branch and the function agree). */
static void test_jump_and_noop(void **state)
{
	double *v = NULL;
	double *before;
	size_t cap = 0;

	assert_int_equal(UT_ARRAY_RESERVE(v, cap, 100), 0);
	assert_int_equal(cap, 128);
	before = v;
	assert_int_equal(UT_ARRAY_RESERVE(v, cap, 128), 0);
	assert_int_equal(ut_array_grow(&v, &cap, 5, sizeof(*v)), 0);
	assert_int_equal(cap, 128);
	assert_ptr_equal(v, before);
	/* growing a non-empty array doubles from its capacity, not from 16 */
	assert_int_equal(UT_ARRAY_RESERVE(v, cap, 129), 0);
	assert_int_equal(cap, 256);
	free(v);
}

/* A need whose byte size overflows size_t fails before any allocation, with
 * the error set and the array, its contents and its capacity unchanged. */
static void test_overflow_leaves_array_intact(void **state)
{
	uint64_t *v = NULL, *before;
	size_t cap = 0;

	assert_int_equal(UT_ARRAY_RESERVE(v, cap, 3), 0);
	v[0] = 11;
	v[1] = 22;
	v[2] = 33;
	before = v;
	ut_error_clear();
	/* 2^61 elements of 8 bytes = 2^64 bytes: the doubling reaches exactly
	 * 2^61 = SIZE_MAX / 8 + 1, whose byte size does not fit */
	assert_int_equal(UT_ARRAY_RESERVE(v, cap, SIZE_MAX / 8 + 1), UT_ENOMEM);
	assert_string_equal(ut_error_last(), "out of memory");
	assert_ptr_equal(v, before);
	assert_int_equal(cap, 16);
	/* a need beyond SIZE_MAX / 2 elements: the doubling itself would
	 * overflow */
	ut_error_clear();
	assert_int_equal(UT_ARRAY_RESERVE(v, cap, SIZE_MAX), UT_ENOMEM);
	assert_string_equal(ut_error_last(), "out of memory");
	assert_ptr_equal(v, before);
	assert_int_equal(cap, 16);
	assert_int_equal(v[0], 11);
	assert_int_equal(v[1], 22);
	assert_int_equal(v[2], 33);
	/* and it still grows normally afterwards */
	assert_int_equal(UT_ARRAY_RESERVE(v, cap, 17), 0);
	assert_int_equal(cap, 32);
	assert_int_equal(v[2], 33);
	free(v);
}

/* UT-LINES-1: blocks that start a line and fill whole lines, zeroed;
 * so two blocks made one after the other never share a line.  0 elements
 * still give a line; n × size beyond SIZE_MAX gives NULL. */
static void test_calloc_lines(void **state)
{
	unsigned char *a, *b;
	size_t i;

	(void)state;
	a = ut_calloc_lines(3, 7); /* 21 bytes: one line */
	b = ut_calloc_lines(100, 8); /* 800 bytes: 13 lines */
	assert_non_null(a);
	assert_non_null(b);
	assert_int_equal((uintptr_t)a % 64, 0);
	assert_int_equal((uintptr_t)b % 64, 0);
	for (i = 0; i < 64; i++) /* the whole line is the block's */
		assert_int_equal(a[i], 0);
	for (i = 0; i < 832; i++)
		assert_int_equal(b[i], 0);
	/* no line of a is a line of b */
	assert_true((uintptr_t)b >= (uintptr_t)a + 64 ||
	            (uintptr_t)a >= (uintptr_t)b + 832);
	free(a);
	free(b);
	a = ut_calloc_lines(0, 8);
	assert_non_null(a);
	assert_int_equal((uintptr_t)a % 64, 0);
	free(a);
	assert_null(ut_calloc_lines(SIZE_MAX / 8, 16));
	assert_null(ut_calloc_lines(2, SIZE_MAX - 10));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_growth),
		cmocka_unit_test(test_jump_and_noop),
		cmocka_unit_test(test_overflow_leaves_array_intact),
		cmocka_unit_test(test_calloc_lines),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
