/* stats.c - util/stats.h: Wilson interval, nearest-rank percentile,
 * integer histograms. */
#include "util/stats.h"

#include <math.h>
#include <string.h>

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

size_t ut_histogram(ut_bin *bins, const int64_t *v, size_t n, size_t stride)
{
	/* value x goes to bar (x − min) / w; differences are unsigned, so any
	 * int64 range works */
	int64_t lo, hi;
	uint64_t span, w, nb, b;
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
	span = (uint64_t)hi - (uint64_t)lo;
	w = span / UT_BINS_MAX + 1; /* = ⌈(span + 1) / 40⌉ */
	nb = span / w + 1;
	memset(bins, 0, (size_t)nb * sizeof *bins);
	for (b = 0; b < nb; b++) {
		bins[b].lo = (int64_t)((uint64_t)lo + b * w);
		bins[b].hi = b + 1 == nb ? hi
		                         : (int64_t)((uint64_t)lo + b * w + w - 1);
	}
	for (i = 0; i < n; i++)
		bins[((uint64_t)v[i * stride] - (uint64_t)lo) / w].count++;
	return (size_t)nb;
}
