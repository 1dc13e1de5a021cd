/*
 * mc_hist.c - histograms of a Monte Carlo report (mc_render.h), shared by
 * the JSON and SVG renderings.
 */
#include <string.h>

#include "megami/mc_render.h"

size_t mg_mc_histogram(mg_mc_bin *bins, const int64_t *v, size_t n,
                       size_t stride)
{
	/* MG-MC-HIST-1: bars of width w = ⌈(max − min + 1) / 40⌉ from min;
	 * value x goes to bar (x − min) / w.  Differences are unsigned, so
	 * any int64 range works. */
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
	span = (uint64_t)hi - (uint64_t)lo; /* max − min, < 2^64 */
	w = span / MG_MC_BINS_MAX + 1;      /* = ⌈(span + 1) / 40⌉ */
	nb = span / w + 1;
	memset(bins, 0, (size_t)nb * sizeof *bins);
	for (b = 0; b < nb; b++) {
		bins[b].lo = (int64_t)((uint64_t)lo + b * w);
		bins[b].hi = b + 1 == nb ? hi : (int64_t)((uint64_t)lo + b * w + w - 1);
	}
	for (i = 0; i < n; i++)
		bins[((uint64_t)v[i * stride] - (uint64_t)lo) / w].count++;
	return (size_t)nb;
}
