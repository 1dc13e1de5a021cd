/*
 * util/rng.h - the seeded generator `xoshiro256ss-1` of docs/RANDOM.md, bit for
 * bit, and a source of dice that is either that generator or a list of
 * fixed results (`--dice`).
 *
 *     ut_rng r;
 *     ut_rng_seed(&r, seed);
 *     d6 = ut_rng_die(&r, 6);               // 1 … 6
 *
 *     ut_dice dice;                          // what a rule system takes
 *     ut_dice_seed(&dice, seed);             // or ut_dice_list(&dice, v, n)
 *     if (ut_dice_roll(&d6, &dice, 6) < 0)   // a listed value was bad
 *             return …;                      // error set, names position
 *
 * Everything here is plain arithmetic on a state the caller owns: no global
 * state, no allocation, the same numbers on every machine and thread.
 * tests/util/rng_reference.py computes reference outputs independently.
 */
#ifndef UT_RNG_H
#define UT_RNG_H

#include <assert.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/** The name a replay or JSON result records as "rng" (docs/RANDOM.md). */
#define UT_RNG_NAME "xoshiro256ss-1"

/** The generator's state; seed it with ut_rng_seed before use. */
typedef struct ut_rng {
	uint64_t s[4];
} ut_rng;

/** Seed: the state is the first four splitmix64 outputs started at seed. */
void ut_rng_seed(ut_rng *r, uint64_t seed);

/** The next 64-bit output of xoshiro256** 1.0 (inline: dice and shuffles
 *  call it in the rule systems' hot loops). */
static inline uint64_t ut_rng_next(ut_rng *r)
{
	uint64_t *s = r->s;
	const uint64_t x = s[1] * 5;
	const uint64_t result = ((x << 7) | (x >> 57)) * 9;
	const uint64_t t = s[1] << 17;

	s[2] ^= s[0];
	s[3] ^= s[1];
	s[1] ^= s[2];
	s[0] ^= s[3];
	s[2] ^= t;
	s[3] = (s[3] << 45) | (s[3] >> 19);
	return result;
}

/**
 * A uniform integer in 0 … n−1 for 1 ≤ n ≤ 2^32: the high 64 bits of the
 * 128-bit product next() × n.  Exactly one next() per call, no rejection.
 * n outside 1 … 2^32 is a caller bug (asserted in debug builds).
 */
static inline uint64_t ut_rng_uniform(ut_rng *r, uint64_t n)
{
	const uint64_t x = ut_rng_next(r);

	assert(n >= 1 && n <= (UINT64_C(1) << 32));
#if defined(__SIZEOF_INT128__) && !defined(UT_RNG_PORTABLE)
	/* one 64 × 64 → 128-bit multiply where the compiler has one: the
	 * same bits as the portable form below */
	{
		__extension__ typedef unsigned __int128 ut_u128;
		return (uint64_t)(((ut_u128)x * n) >> 64);
	}
#else
	{
		/*
		 * The high 64 bits of x × n for n ≤ 2^32, in portable C (no
		 * __int128).  Write x = xh·2^32 + xl.  Then
		 * x·n = (xh·n)·2^32 + xl·n, where both products fit in 64 bits
		 * (each factor pair is < 2^32 × ≤ 2^32, at most 2^64 − 2^32), and
		 *   floor(x·n / 2^64) = floor((xh·n + floor(xl·n / 2^32)) / 2^32)
		 * (floor(floor(y)/m) = floor(y/m) for integer m); the sum is at
		 * most (2^64 − 2^32) + (2^32 − 1) < 2^64, so nothing is lost.
		 */
		const uint64_t xh = x >> 32, xl = x & 0xffffffffu;
		return (xh * n + ((xl * n) >> 32)) >> 32;
	}
#endif
}

/** A die of `sides` sides (1 ≤ sides ≤ 2^32): 1 + uniform(sides). */
uint64_t ut_rng_die(ut_rng *r, uint64_t sides);

/**
 * Shuffle k items of `size` bytes each in place (index 0 = top):
 * for i = k−1 down to 1, j = uniform(i + 1), swap items i and j.
 * k ≤ 2^32.  Uses k−1 next() calls (none when k < 2).
 */
void ut_rng_shuffle(ut_rng *r, void *items, size_t k, size_t size);

/** The seed of run i (0-based) of a series with seed S: S + i mod 2^64. */
uint64_t ut_rng_series_seed(uint64_t seed, uint64_t run);

/* ---- dice sources -------------------------------------------------------- */

/**
 * A die from the caller (a person at a table, a replay file): put a value
 * of 1 … sides in *out and return 0, or return a negative UT_E* code
 * (with the error set) to fail the roll.  `index` is the 1-based number
 * of this die in the source.  ut_dice_roll checks the value it gets.
 */
typedef int (*ut_dice_fn)(void *ud, uint64_t sides, size_t index,
                          uint64_t *out);

/**
 * Where dice come from: the generator, or a list of fixed results taken in
 * order (docs/RANDOM.md "Fixed results"), or a callback.  A rule system takes a
 * ut_dice * and rolls with ut_dice_roll, so it runs the same with any.
 */
typedef struct ut_dice {
	ut_rng rng;            /**< used when not fixed and no callback */
	int fixed;             /**< 1: dice come from values[] */
	const int64_t *values; /**< the fixed results (borrowed) */
	size_t nvalues;
	size_t rolled;         /**< dice rolled so far */
	ut_dice_fn fn;         /**< when set: dice come from fn (ut_dice_callback) */
	void *fn_ud;           /**< fn's user data (borrowed) */
} ut_dice;

/** Dice from the generator seeded with `seed`. */
void ut_dice_seed(ut_dice *d, uint64_t seed);

/**
 * Dice from the fixed results values[0..n): the k-th die rolled takes
 * values[k−1].  The array is borrowed and must outlive the source; n may
 * be 0 (values may then be NULL): every roll fails.
 */
void ut_dice_list(ut_dice *d, const int64_t *values, size_t n);

/**
 * Dice from fn(ud, …), one call per die.  `rng` is seeded with `seed` and
 * left to the callback (d->rng), e.g. to roll for a person who did not type
 * a value: the source itself never uses it.
 */
void ut_dice_callback(ut_dice *d, ut_dice_fn fn, void *ud, uint64_t seed);

/**
 * Roll a die of `sides` sides (1 ≤ sides ≤ 2^32) into *out.
 * @return 0; or, from a list, UT_EINVALID when the next value is outside
 *         1 … sides or the list has run out, with an error naming the
 *         1-based position in the list; from a callback, its error, or
 *         UT_EINVALID when it gave a value outside 1 … sides (naming the
 *         die's number).  On error *out and the count are unchanged.
 */
int ut_dice_roll(uint64_t *out, ut_dice *d, uint64_t sides);

#ifdef __cplusplus
}
#endif

#endif
