/*
 * util/stats.h - the small statistics every rule system's series of
 * seeded runs reports: the Wilson interval of a proportion, the
 * nearest-rank percentile and integer histograms.  Pure functions, no
 * allocation.  (Moved here from megami's Monte Carlo so that manastorm's
 * playtests use the same formulas: MG-MC-WILSON-1 / MS-PT-WILSON-1,
 * MG-MC-RANK-1, MG-MC-HIST-1 / MS-PT-HIST-1.)
 */
#ifndef UT_STATS_H
#define UT_STATS_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/** An interval [lo, hi] of a proportion. */
typedef struct ut_interval {
	double lo, hi;
} ut_interval;

/**
 * The 95% Wilson score interval of k successes in n trials:
 * z = 1.959963984540054, p = k/n, centre (p + z²/2n)/(1 + z²/n),
 * half-width z√(p(1−p)/n + z²/4n²)/(1 + z²/n), clamped to [0, 1]; exactly
 * 0 below for k = 0 and 1 above for k = n; [0, 1] for n = 0 or k > n.
 */
ut_interval ut_wilson(uint64_t k, uint64_t n);

/** The nearest-rank p-th percentile (rank ⌈p·n/100⌉, at least 1, at most
 *  n; p above 100 counts as 100) of n sorted values; 0 for n = 0. */
int64_t ut_percentile(const int64_t *sorted, size_t n, unsigned p);

/** One bar of a histogram: the values lo … hi (inclusive), count of them. */
typedef struct ut_bin {
	int64_t lo, hi;
	uint64_t count;
} ut_bin;

/** The most bars of a histogram. */
#define UT_BINS_MAX 40

/**
 * The histogram of v[0], v[stride], … (n values) into bins (room for
 * UT_BINS_MAX): bars of equal integer width w = ⌈(max − min + 1) /
 * UT_BINS_MAX⌉ from the minimum, as many as needed to reach the maximum
 * (so one bar per value when they span at most 40); any int64 range.
 * @return the number of bars (0 for n = 0)
 */
size_t ut_histogram(ut_bin *bins, const int64_t *v, size_t n, size_t stride);

/**
 * UT-TALLY-1: a tally of int64 values in memory that grows with the number
 * of DISTINCT values, never with the number counted: each value seen with
 * its count (an open-addressing table), so 10^8 runs of a series take the
 * memory of 10^3.  The percentile, the histogram, the minimum, the maximum
 * and the exact sum are those of the values counted one by one (as
 * ut_percentile and ut_histogram over the sorted values), and a tally
 * merged from others (ut_tally_merge) is the tally of all their values in
 * any order: a series' statistics do not depend on its threads.
 * The values within UT_TALLY_NEAR of the first one counted (a series'
 * rounds, HP left) are counted in a direct array, the others in the
 * table: a value is in one or the other, never both.
 * Zero-initialise one ({0} or memset) before ut_tally_add; ut_tally_free.
 */
#define UT_TALLY_NEAR 256
typedef struct ut_tally {
	int64_t *value;      /**< value[i] was counted count[i] times */
	uint64_t *count;     /**< 0: an empty slot (before ut_tally_sort) */
	size_t cap;          /**< slots: 0 or a power of 2, at least twice
	                          used (the near values included) */
	size_t used;         /**< distinct values */
	uint64_t n;          /**< values counted */
	uint64_t *near;      /**< [nnear]: near[d] counts value near_lo + d */
	size_t nnear;        /**< UT_TALLY_NEAR, or 0 (near NULL) before the
	                          first count and after ut_tally_sort */
	int64_t near_lo;
	int sorted;          /**< 1 after ut_tally_sort: entries 0 … used-1
	                          ascending, and no more ut_tally_add */
} ut_tally;

/** Count value v `times` (≥ 1) more times: 0, or UT_ENOMEM (the tally
 *  is unchanged). */
int ut_tally_add_n(ut_tally *t, int64_t v, uint64_t times);

/** Count value v once more: 0, or UT_ENOMEM (the tally is unchanged).
 *  Inline: a value seen before near the first is one increment. */
static inline int ut_tally_add(ut_tally *t, int64_t v)
{
	const uint64_t d = (uint64_t)v - (uint64_t)t->near_lo;

	if (d < t->nnear && t->near[d] != 0) {
		t->near[d]++;
		t->n++;
		return 0;
	}
	return ut_tally_add_n(t, v, 1);
}

/** Add every count of `from` (unsorted) into `into` (unsorted): 0 or
 *  UT_ENOMEM. */
int ut_tally_merge(ut_tally *into, const ut_tally *from);

struct ut_buf;
/**
 * UT-TALLY-2: a tally as bytes, to add up tallies made in other processes
 * (the MPI ranks of a series): ut_tally_pack appends to b the number of
 * distinct values, then each (value, count) pair, as 64-bit words in the
 * machine's byte order (the ranks run one build on one kind of machine);
 * any tally, sorted or not.  ut_tally_merge_packed reads one packed tally
 * from *p (left bytes remaining), adds its counts into `into` (unsorted)
 * and moves *p past it.  @return 0, UT_ENOMEM, or UT_EINVALID when the
 * bytes are not a packed tally (too short, a count of 0)
 */
int ut_tally_pack(struct ut_buf *b, const ut_tally *t);
int ut_tally_merge_packed(ut_tally *into, const unsigned char **p,
                          size_t *left);

/** Pack the entries ascending by value (for the queries below); no more
 *  ut_tally_add or merge into it afterwards. */
void ut_tally_sort(ut_tally *t);

/** The values' minimum, maximum (0 for an empty tally); sorted tally. */
int64_t ut_tally_min(const ut_tally *t);
int64_t ut_tally_max(const ut_tally *t);

/** Σ values / n, the sum exact (128 bits) before the one division; 0.0
 *  for an empty tally.  Any tally. */
double ut_tally_mean(const ut_tally *t);

/** ut_percentile of the values sorted one by one; sorted tally. */
int64_t ut_tally_percentile(const ut_tally *t, unsigned p);

/** ut_histogram of the values; sorted tally.  @return the bars */
size_t ut_tally_histogram(ut_bin *bins, const ut_tally *t);

/**
 * As ut_tally_histogram, but every bar boundary falls on origin + k·w, so
 * that no bar holds values on both sides of `origin` (the picture of HP
 * left shades the bars of HP ≤ 0 with origin 1: a bar 0–1 would straddle
 * the shading).  The width is ut_histogram's, or when the grid would need
 * more than UT_BINS_MAX bars the least of the next 16 widths that fits,
 * else span / (UT_BINS_MAX − 1) + 1, which always fits (in time that does
 * not grow with the span); the first bar may begin below the minimum and
 * the last end above the maximum.  Sorted tally.
 * @return the bars (at most UT_BINS_MAX)
 */
size_t ut_tally_histogram_at(ut_bin *bins, const ut_tally *t, int64_t origin);

/** Free the tally's table; it is zeroed.  Accepts NULL. */
void ut_tally_free(ut_tally *t);

#ifdef __cplusplus
}
#endif

#endif
