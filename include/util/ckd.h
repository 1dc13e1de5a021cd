/*
 * ckd.h - checked 64-bit arithmetic.  Each returns true when the exact
 * result does not fit, leaving *r unspecified (C23 ckd_* semantics).
 */
#ifndef UT_CKD_H
#define UT_CKD_H

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/** *r = a + b; true when the sum does not fit. */
static inline bool ut_ckd_add(int64_t *r, int64_t a, int64_t b)
{
	return __builtin_add_overflow(a, b, r);
}

/** *r = a − b; true when the difference does not fit. */
static inline bool ut_ckd_sub(int64_t *r, int64_t a, int64_t b)
{
	return __builtin_sub_overflow(a, b, r);
}

/** *r = a × b; true when the product does not fit. */
static inline bool ut_ckd_mul(int64_t *r, int64_t a, int64_t b)
{
	return __builtin_mul_overflow(a, b, r);
}

/* ceil(a / 2) for any a, rounding toward +infinity; never overflows. */
static inline int64_t ut_ceil_half(int64_t a)
{
	return a / 2 + (a > 0 && (a & 1));
}

/* ceil(a / b) for a >= 0, b > 0. */
static inline int64_t ut_ceil_div(int64_t a, int64_t b)
{
	return a / b + (a % b != 0);
}

#ifdef __cplusplus
}
#endif

#endif
