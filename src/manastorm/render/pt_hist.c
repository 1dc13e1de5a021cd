/*
 * pt_hist.c - histograms of a playtest report (manastorm/pt_render.h),
 * shared by the JSON and SVG renderings.  The same rule as megami's
 * MG-MC-HIST-1 (a duplicate: see the report of the playtest branch).
 */
#include <string.h>

#include "manastorm/pt_render.h"

size_t ms_pt_histogram(ms_pt_bin *bins, const int64_t *v, size_t n,
                       size_t stride)
{
	/* MS-PT-HIST-1: bars of width w = ⌈(max − min + 1) / 40⌉ from min;
	 * value x goes to bar (x − min) / w. */
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
	w = span / MS_PT_BINS_MAX + 1;
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
