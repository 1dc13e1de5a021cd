/*
 * rng.c - the seeded generator `xoshiro256ss-1` (docs/RANDOM.md) and dice
 * sources (util/rng.h).  Every operation is written as docs/RANDOM.md
 * states it; all arithmetic is on uint64_t, so mod 2^64 is free.
 */
#include "util/rng.h"

#include <assert.h>
#include <inttypes.h>
#include <string.h>

#include "util/error.h"

static uint64_t splitmix64(uint64_t *x)
{
	uint64_t z;

	*x += 0x9e3779b97f4a7c15u;
	z = *x;
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
	return z ^ (z >> 31);
}

void ut_rng_seed(ut_rng *r, uint64_t seed)
{
	uint64_t x = seed;
	int i;

	for (i = 0; i < 4; i++)
		r->s[i] = splitmix64(&x);
}

uint64_t ut_rng_die(ut_rng *r, uint64_t sides)
{
	return 1 + ut_rng_uniform(r, sides);
}

/* Swap the `size`-byte items at a and b (a != b), a chunk at a time. */
static void swap_items(unsigned char *a, unsigned char *b, size_t size)
{
	unsigned char tmp[64];

	while (size > 0) {
		size_t n = size < sizeof(tmp) ? size : sizeof(tmp);
		memcpy(tmp, a, n);
		memcpy(a, b, n);
		memcpy(b, tmp, n);
		a += n;
		b += n;
		size -= n;
	}
}

void ut_rng_shuffle(ut_rng *r, void *items, size_t k, size_t size)
{
	unsigned char *p = items;
	size_t i, j;

	if (k < 2)
		return;
	for (i = k - 1; i >= 1; i--) {
		j = (size_t)ut_rng_uniform(r, (uint64_t)i + 1);
		if (j != i)
			swap_items(p + i * size, p + j * size, size);
	}
}

uint64_t ut_rng_series_seed(uint64_t seed, uint64_t run)
{
	return seed + run; /* unsigned: wraps mod 2^64 */
}

/* ---- dice sources -------------------------------------------------------- */

void ut_dice_seed(ut_dice *d, uint64_t seed)
{
	memset(d, 0, sizeof(*d));
	ut_rng_seed(&d->rng, seed);
}

void ut_dice_list(ut_dice *d, const int64_t *values, size_t n)
{
	memset(d, 0, sizeof(*d));
	d->fixed = 1;
	d->values = values;
	d->nvalues = n;
}

void ut_dice_callback(ut_dice *d, ut_dice_fn fn, void *ud, uint64_t seed)
{
	memset(d, 0, sizeof(*d));
	ut_rng_seed(&d->rng, seed);
	d->fn = fn;
	d->fn_ud = ud;
}

int ut_dice_roll(uint64_t *out, ut_dice *d, uint64_t sides)
{
	int64_t v;

	assert(sides >= 1 && sides <= (UINT64_C(1) << 32));
	if (d->fn) {
		uint64_t u = 0;
		int rc = d->fn(d->fn_ud, sides, d->rolled + 1, &u);
		if (rc < 0)
			return rc;
		if (u < 1 || u > sides)
			return ut_error_set(UT_EINVALID,
			                    "dice callback: die %zu is %" PRIu64
			                    ", not between 1 and %" PRIu64,
			                    d->rolled + 1, u, sides);
		*out = u;
		d->rolled++;
		return 0;
	}
	if (!d->fixed) {
		*out = ut_rng_die(&d->rng, sides);
		d->rolled++;
		return 0;
	}
	if (d->rolled >= d->nvalues)
		/* the words of the dice bot's M_FIXED_OUT (megami), which
		 * the text log shows: one message in the text and the JSON */
		return d->nvalues
		       ? ut_error_set(UT_EINVALID, "fixed dice: die %zu is needed "
		                      "but the list has only %zu", d->rolled + 1,
		                      d->nvalues)
		       : ut_error_set(UT_EINVALID, "fixed dice: die 1 is needed "
		                      "but the list is empty");
	v = d->values[d->rolled];
	if (v < 1 || (uint64_t)v > sides)
		return ut_error_set(UT_EINVALID,
		                    "fixed dice: value %zu is %" PRId64
		                    ", not between 1 and %" PRIu64,
		                    d->rolled + 1, v, sides);
	*out = (uint64_t)v;
	d->rolled++;
	return 0;
}
