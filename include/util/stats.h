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

#ifdef __cplusplus
}
#endif

#endif
