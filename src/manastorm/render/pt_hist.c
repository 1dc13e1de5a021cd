/*
 * pt_hist.c - histograms of a playtest report (manastorm/pt_render.h),
 * shared by the JSON and SVG renderings: util's ut_histogram (the rule of
 * megami's MG-MC-HIST-1 too).
 */
#include "manastorm/pt_render.h"
#include "util/stats.h"

size_t ms_pt_histogram(ms_pt_bin *bins, const int64_t *v, size_t n,
                       size_t stride)
{
	/* MS-PT-HIST-1: bars of width w = ⌈(max − min + 1) / 40⌉ from min;
	 * value x goes to bar (x − min) / w. */
	ut_bin ub[UT_BINS_MAX];
	size_t nb = ut_histogram(ub, v, n, stride), i;

	for (i = 0; i < nb; i++) {
		bins[i].lo = ub[i].lo;
		bins[i].hi = ub[i].hi;
		bins[i].count = ub[i].count;
	}
	return nb;
}
