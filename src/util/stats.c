/* stats.c - util/stats.h: Wilson interval, nearest-rank percentile,
 * integer histograms, and tallies of values (UT-TALLY-1). */
#include "util/stats.h"

#include <assert.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "util/array.h"
#include "util/buf.h"
#include "util/error.h"

ut_interval ut_wilson(uint64_t k, uint64_t n)
{
	const double z = 1.959963984540054; /* the 0.975 normal quantile */
	ut_interval ci = {0.0, 1.0};
	double nn, p, z2, den, centre, half;

	if (n == 0 || k > n)
		return ci;
	nn = (double)n;
	p = (double)k / nn;
	z2 = z * z;
	den = 1.0 + z2 / nn;
	centre = (p + z2 / (2.0 * nn)) / den;
	half = z * sqrt(p * (1.0 - p) / nn + z2 / (4.0 * nn * nn)) / den;
	ci.lo = k == 0 ? 0.0 : centre - half;
	ci.hi = k == n ? 1.0 : centre + half;
	if (ci.lo < 0.0)
		ci.lo = 0.0;
	if (ci.hi > 1.0)
		ci.hi = 1.0;
	return ci;
}

int64_t ut_percentile(const int64_t *sorted, size_t n, unsigned p)
{
	uint64_t rank;

	if (n == 0)
		return 0;
	if (p > 100)
		p = 100;
	rank = ((uint64_t)p * (uint64_t)n + 99) / 100;
	if (rank < 1)
		rank = 1;
	return sorted[rank - 1];
}

/* The empty bars of ut_histogram for values lo … hi (lo ≤ hi): at most
 * UT_BINS_MAX of width *w each, the last ending at hi; their number.
 * Value x then goes to bar (x − lo) / *w; differences are unsigned, so
 * any int64 range works. */
static uint64_t empty_bins(ut_bin *bins, int64_t lo, int64_t hi, uint64_t *w)
{
	uint64_t span = (uint64_t)hi - (uint64_t)lo, nb, b;

	*w = span / UT_BINS_MAX + 1; /* = ⌈(span + 1) / 40⌉ */
	nb = span / *w + 1;
	memset(bins, 0, (size_t)nb * sizeof *bins);
	for (b = 0; b < nb; b++) {
		bins[b].lo = (int64_t)((uint64_t)lo + b * *w);
		bins[b].hi = b + 1 == nb ? hi
		                         : (int64_t)((uint64_t)lo + b * *w + *w - 1);
	}
	return nb;
}

size_t ut_histogram(ut_bin *bins, const int64_t *v, size_t n, size_t stride)
{
	int64_t lo, hi;
	uint64_t w, nb;
	size_t i;

	if (n == 0)
		return 0;
	lo = hi = v[0];
	for (i = 1; i < n; i++) {
		int64_t x = v[i * stride];
		if (x < lo)
			lo = x;
		if (x > hi)
			hi = x;
	}
	nb = empty_bins(bins, lo, hi, &w);
	for (i = 0; i < n; i++)
		bins[((uint64_t)v[i * stride] - (uint64_t)lo) / w].count++;
	return (size_t)nb;
}

/* ---- tallies (UT-TALLY-1) ------------------------------------------------
 * An open-addressing table (linear probing, at most half full) of distinct
 * values with their counts; count 0 marks an empty slot.  ut_tally_sort
 * packs the used entries at the front, ascending, for the queries, which
 * then read each value as if it were repeated count times. */

static size_t slot_of(int64_t v, size_t cap)
{
	/* Fibonacci hashing: the top bits of v·2^64/φ */
	uint64_t h = (uint64_t)v * UINT64_C(0x9E3779B97F4A7C15);
	return (size_t)(h >> 32) & (cap - 1);
}

/* The slot of v: the one holding it, or the empty one it would take. */
static size_t find(const ut_tally *t, int64_t v)
{
	size_t i = slot_of(v, t->cap);
	while (t->count[i] != 0 && t->value[i] != v)
		i = (i + 1) & (t->cap - 1);
	return i;
}

static int grow(ut_tally *t)
{
	size_t cap = t->cap ? t->cap * 2 : 16, i;
	ut_tally nt;

	if (cap > SIZE_MAX / 2 / sizeof(uint64_t))
		return ut_error_set(UT_ENOMEM, "out of memory");
	memset(&nt, 0, sizeof nt);
	nt.value = malloc(cap * sizeof *nt.value);
	nt.count = calloc(cap, sizeof *nt.count);
	if (nt.value == NULL || nt.count == NULL) {
		free(nt.value);
		free(nt.count);
		return ut_error_set(UT_ENOMEM, "out of memory");
	}
	nt.cap = cap;
	for (i = 0; i < t->cap; i++)
		if (t->count[i]) {
			size_t j = find(&nt, t->value[i]);
			nt.value[j] = t->value[i];
			nt.count[j] = t->count[i];
		}
	free(t->value);
	free(t->count);
	t->value = nt.value;
	t->count = nt.count;
	t->cap = cap;
	return 0;
}

/* The direct array of t (t->near NULL: nothing counted yet) for values
 * around v: UT_TALLY_NEAR of them, v near the middle, within int64. */
static int near_new(ut_tally *t, int64_t v)
{
	const int64_t half = UT_TALLY_NEAR / 2;

	/* lines of its own (UT-LINES-1): written at every count */
	t->near = ut_calloc_lines(UT_TALLY_NEAR, sizeof *t->near);
	if (t->near == NULL)
		return ut_error_set(UT_ENOMEM, "out of memory");
	t->nnear = UT_TALLY_NEAR;
	t->near_lo = v < INT64_MIN + half ? INT64_MIN
	             : v > INT64_MAX - (UT_TALLY_NEAR - half) + 1
	             ? INT64_MAX - (UT_TALLY_NEAR - 1)
	             : v - half;
	return 0;
}

/* Count v `times` more times: in the direct array when v is near (the
 * table keeps room for twice the distinct values, near ones included, so
 * ut_tally_sort packs them all in it), else in the table. */
static int add_n(ut_tally *t, int64_t v, uint64_t times)
{
	size_t i;
	uint64_t d;
	int rc;

	assert(!t->sorted);
	if (t->near == NULL && (rc = near_new(t, v)) < 0)
		return rc;
	d = (uint64_t)v - (uint64_t)t->near_lo;
	if (d < UT_TALLY_NEAR) {
		if (t->near[d] == 0) {
			if ((t->used + 1) * 2 > t->cap && (rc = grow(t)) < 0)
				return rc;
			t->used++;
		}
		t->near[d] += times;
		t->n += times;
		return 0;
	}
	if (t->cap) {
		i = find(t, v);
		if (t->count[i]) {
			t->count[i] += times;
			t->n += times;
			return 0;
		}
	}
	if ((t->used + 1) * 2 > t->cap && (rc = grow(t)) < 0)
		return rc;
	i = find(t, v);
	t->value[i] = v;
	t->count[i] = times;
	t->used++;
	t->n += times;
	return 0;
}

int ut_tally_add_n(ut_tally *t, int64_t v, uint64_t times)
{
	return add_n(t, v, times);
}

/* The value of t->near[d]. */
static int64_t near_value(const ut_tally *t, size_t d)
{
	return (int64_t)((uint64_t)t->near_lo + d);
}

int ut_tally_merge(ut_tally *into, const ut_tally *from)
{
	size_t i;
	int rc;

	assert(!from->sorted);
	for (i = 0; i < from->cap; i++)
		if (from->count[i] && (rc = add_n(into, from->value[i],
		                                  from->count[i])) < 0)
			return rc;
	for (i = 0; from->near && i < UT_TALLY_NEAR; i++)
		if (from->near[i] && (rc = add_n(into, near_value(from, i),
		                                 from->near[i])) < 0)
			return rc;
	return 0;
}

int ut_tally_pack(ut_buf *b, const ut_tally *t)
{
	/* UT-TALLY-2: used, then (value, count) pairs */
	uint64_t used = t->used, w[2];
	size_t i, end = t->sorted ? t->used : t->cap;
	int rc = ut_buf_put(b, (const char *)&used, sizeof used);

	for (i = 0; rc == 0 && i < end; i++)
		if (t->count[i]) {
			w[0] = (uint64_t)t->value[i];
			w[1] = t->count[i];
			rc = ut_buf_put(b, (const char *)w, sizeof w);
		}
	for (i = 0; rc == 0 && t->near && i < UT_TALLY_NEAR; i++)
		if (t->near[i]) {
			w[0] = (uint64_t)near_value(t, i);
			w[1] = t->near[i];
			rc = ut_buf_put(b, (const char *)w, sizeof w);
		}
	return rc;
}

int ut_tally_merge_packed(ut_tally *into, const unsigned char **p,
                          size_t *left)
{
	uint64_t used, w[2], i;
	int rc;

	if (*left < sizeof used)
		return ut_error_set(UT_EINVALID, "a packed tally is cut short");
	memcpy(&used, *p, sizeof used);
	*p += sizeof used;
	*left -= sizeof used;
	if (used > *left / sizeof w)
		return ut_error_set(UT_EINVALID, "a packed tally is cut short");
	for (i = 0; i < used; i++) {
		memcpy(w, *p, sizeof w);
		*p += sizeof w;
		*left -= sizeof w;
		if (w[1] == 0)
			return ut_error_set(UT_EINVALID, "a packed tally counts a "
			                    "value 0 times");
		if ((rc = add_n(into, (int64_t)w[0], w[1])) < 0)
			return rc;
	}
	return 0;
}

static int cmp_entry(const void *a, const void *b)
{
	const int64_t *x = a, *y = b;
	return (*x > *y) - (*x < *y);
}

void ut_tally_sort(ut_tally *t)
{
	/* pack (value, count) pairs into one array, sort, unpack */
	size_t i, k = 0;
	int64_t (*pairs)[2];

	if (t->sorted)
		return;
	t->sorted = 1;
	for (i = 0; i < t->cap; i++)
		if (t->count[i]) {
			t->value[k] = t->value[i];
			t->count[k] = t->count[i];
			k++;
		}
	/* then the near ones (room: cap ≥ 2 used) */
	for (i = 0; t->near && i < UT_TALLY_NEAR; i++)
		if (t->near[i]) {
			t->value[k] = near_value(t, i);
			t->count[k] = t->near[i];
			k++;
		}
	free(t->near);
	t->near = NULL;
	t->nnear = 0;
	assert(k == t->used);
	/* insertion sort on the packed entries: in place, no allocation
	 * (they are few: distinct values), falling back to qsort of pairs
	 * when many */
	if (k > 64 && (pairs = malloc(k * sizeof *pairs)) != NULL) {
		for (i = 0; i < k; i++) {
			pairs[i][0] = t->value[i];
			memcpy(&pairs[i][1], &t->count[i], sizeof pairs[i][1]);
		}
		qsort(pairs, k, sizeof *pairs, cmp_entry);
		for (i = 0; i < k; i++) {
			t->value[i] = pairs[i][0];
			memcpy(&t->count[i], &pairs[i][1], sizeof t->count[i]);
		}
		free(pairs);
		return;
	}
	for (i = 1; i < k; i++) {
		int64_t v = t->value[i];
		uint64_t c = t->count[i];
		size_t j = i;
		while (j > 0 && t->value[j - 1] > v) {
			t->value[j] = t->value[j - 1];
			t->count[j] = t->count[j - 1];
			j--;
		}
		t->value[j] = v;
		t->count[j] = c;
	}
}

int64_t ut_tally_min(const ut_tally *t)
{
	assert(t->sorted);
	return t->used ? t->value[0] : 0;
}

int64_t ut_tally_max(const ut_tally *t)
{
	assert(t->sorted);
	return t->used ? t->value[t->used - 1] : 0;
}

double ut_tally_mean(const ut_tally *t)
{
	__int128 s = 0;
	size_t i, k = t->sorted ? t->used : t->cap;

	for (i = 0; i < k; i++)
		if (t->count[i])
			s += (__int128)t->value[i] * (__int128)t->count[i];
	for (i = 0; t->near && i < UT_TALLY_NEAR; i++)
		if (t->near[i])
			s += (__int128)near_value(t, i) * (__int128)t->near[i];
	return t->n ? (double)s / (double)t->n : 0.0;
}

int64_t ut_tally_percentile(const ut_tally *t, unsigned p)
{
	/* the entry holding rank ⌈p·n/100⌉ (as ut_percentile) */
	uint64_t rank, seen = 0;
	size_t i;

	assert(t->sorted);
	if (t->n == 0)
		return 0;
	if (p > 100)
		p = 100;
	rank = ((uint64_t)p * t->n + 99) / 100;
	if (rank < 1)
		rank = 1;
	for (i = 0; i < t->used; i++) {
		seen += t->count[i];
		if (seen >= rank)
			return t->value[i];
	}
	return t->value[t->used - 1];
}

size_t ut_tally_histogram(ut_bin *bins, const ut_tally *t)
{
	/* ut_histogram's bars from the entries: value x of count c adds c to
	 * bar (x − min) / w */
	int64_t lo;
	uint64_t w, nb;
	size_t i;

	assert(t->sorted);
	if (t->used == 0)
		return 0;
	lo = t->value[0];
	nb = empty_bins(bins, lo, t->value[t->used - 1], &w);
	for (i = 0; i < t->used; i++)
		bins[((uint64_t)t->value[i] - (uint64_t)lo) / w].count +=
		        t->count[i];
	return (size_t)nb;
}

/* The bars of width w on the grid through origin that cover lo … hi:
 * their count, the first's start in *start; 0 when that start would be
 * below INT64_MIN. */
static uint64_t grid_bars(int64_t lo, int64_t hi, int64_t origin, uint64_t w,
                          int64_t *start)
{
	/* the grid point at or below lo, lo − off: off is (lo − origin) mod
	 * w, the distances taken unsigned (any int64 pair) */
	uint64_t off = lo >= origin ? ((uint64_t)lo - (uint64_t)origin) % w
	               : (w - ((uint64_t)origin - (uint64_t)lo) % w) % w;

	if (off > (uint64_t)lo - (uint64_t)INT64_MIN)
		return 0;
	*start = (int64_t)((uint64_t)lo - off);
	return ((uint64_t)hi - (uint64_t)*start) / w + 1;
}

/* How many widths past ut_histogram's are tried before the one that
 * always fits (ut_tally_histogram_at). */
#define GRID_TRIES 16

size_t ut_tally_histogram_at(ut_bin *bins, const ut_tally *t, int64_t origin)
{
	int64_t lo, hi, start = 0;
	uint64_t span, w, nb, b, k;
	size_t i;

	assert(t->sorted);
	if (t->used == 0)
		return 0;
	lo = t->value[0];
	hi = t->value[t->used - 1];
	span = (uint64_t)hi - (uint64_t)lo;
	/* ut_histogram's width, or the least of the next GRID_TRIES that
	 * fits; past them span / (UT_BINS_MAX − 1) + 1, which always does:
	 * UT_BINS_MAX − 1 bars of it cover span + 1 values, and the grid
	 * adds at most one.  Counting up to it took time in proportion to
	 * the span (embedding review 2026-12-06: 4 s for HP of 10^12). */
	w = span / UT_BINS_MAX + 1;
	for (k = 0;; k++, w++) {
		if (k == GRID_TRIES)
			w = span / (UT_BINS_MAX - 1) + 1;
		/* a start below INT64_MIN: the plain bars from lo */
		if ((nb = grid_bars(lo, hi, origin, w, &start)) == 0)
			return ut_tally_histogram(bins, t);
		if (nb <= UT_BINS_MAX || k >= GRID_TRIES)
			break;
	}
	memset(bins, 0, (size_t)nb * sizeof *bins);
	for (b = 0; b < nb; b++) {
		bins[b].lo = (int64_t)((uint64_t)start + b * w);
		/* the last bar ends at its grid point, or at INT64_MAX */
		bins[b].hi = (uint64_t)INT64_MAX - (uint64_t)bins[b].lo < w - 1
		             ? INT64_MAX : (int64_t)((uint64_t)bins[b].lo + w - 1);
	}
	for (i = 0; i < t->used; i++)
		bins[((uint64_t)t->value[i] - (uint64_t)start) / w].count +=
		        t->count[i];
	return (size_t)nb;
}

void ut_tally_free(ut_tally *t)
{
	if (t == NULL)
		return;
	free(t->value);
	free(t->count);
	free(t->near);
	memset(t, 0, sizeof *t);
}
