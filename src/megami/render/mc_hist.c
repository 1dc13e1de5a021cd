/*
 * mc_hist.c - histograms of a Monte Carlo report (mc_render.h), shared by
 * the JSON and SVG renderings.
 */
#include "megami/mc_render.h"
#include "util/stats.h"

size_t mg_mc_histogram(mg_mc_bin *bins, const int64_t *v, size_t n,
                       size_t stride)
{
	/* MG-MC-HIST-1: bars of width w = ⌈(max − min + 1) / 40⌉ from min;
	 * value x goes to bar (x − min) / w (util's ut_histogram, shared with
	 * manastorm's playtests). */
	ut_bin ub[UT_BINS_MAX];
	size_t nb = ut_histogram(ub, v, n, stride), i;

	for (i = 0; i < nb; i++) {
		bins[i].lo = ub[i].lo;
		bins[i].hi = ub[i].hi;
		bins[i].count = ub[i].count;
	}
	return nb;
}
