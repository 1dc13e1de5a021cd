/*
 * compare.c - telling win rates apart (docs/MANASTORM.md "Playtests"
 * MS-PT-DIFF-1, MS-PT-TELL-1, "Sweeps" MS-SW-BEST-1): the interval of a
 * difference of two proportions, the runs a difference needs, a sweep's
 * best value.  Pure functions of the reports' counts; no I/O.
 */
#include "manastorm/playtest.h"

#include <math.h>

#include "util/stats.h"

/* The 0.975 quantile of the normal distribution (as util's Wilson). */
static const double z95 = 1.959963984540054;

ms_pt_interval ms_pt_diff(uint64_t k1, uint64_t n1, uint64_t k2, uint64_t n2)
{
	/* MS-PT-DIFF-1: Newcombe (1998), method 10, from the Wilson intervals
	 * every report already shows (MS-PT-WILSON-1). */
	ms_pt_interval d = {-1.0, 1.0};
	ut_interval a, b;
	double p1, p2, diff;

	if (n1 == 0 || n2 == 0 || k1 > n1 || k2 > n2)
		return d;
	a = ut_wilson(k1, n1);
	b = ut_wilson(k2, n2);
	p1 = (double)k1 / (double)n1;
	p2 = (double)k2 / (double)n2;
	diff = p1 - p2;
	d.lo = diff - sqrt((p1 - a.lo) * (p1 - a.lo) + (b.hi - p2) * (b.hi - p2));
	d.hi = diff + sqrt((a.hi - p1) * (a.hi - p1) + (p2 - b.lo) * (p2 - b.lo));
	return d;
}

uint64_t ms_pt_runs_needed(double p, double d)
{
	/* MS-PT-TELL-1: Var(p̂1 − p̂2) = 2p(1 − p)/n; significant when
	 * d ≥ z √(2p(1 − p)/n), i.e. n ≥ 2 z² p(1 − p)/d². */
	double v = p * (1.0 - p), n;

	if (!(v > 0.0) || !(d > 0.0) || d > 1.0)
		return 0;
	n = ceil(2.0 * z95 * z95 * v / (d * d));
	/* a tiny d would need more runs than a uint64_t holds: saturate */
	return n < 9.2e18 ? (uint64_t)n : UINT64_MAX;
}

double ms_pt_smallest_diff(double p, uint64_t n)
{
	double v = p * (1.0 - p);

	if (n == 0 || !(v > 0.0))
		return 0.0;
	return z95 * sqrt(2.0 * v / (double)n);
}

int ms_pt_tell_side(const ms_pt_report *r)
{
	double a = r->rate[MS_PT_A] * (1.0 - r->rate[MS_PT_A]);
	double b = r->rate[MS_PT_B] * (1.0 - r->rate[MS_PT_B]);

	return b > a ? MS_PT_B : MS_PT_A;
}

size_t ms_sw_best(const ms_sw_report *r)
{
	/* MS-SW-BEST-1: counts, not rates: every value has the same runs */
	size_t i, best = 0;

	for (i = 1; i < r->nvalues; i++)
		if (r->pt[i].wins[MS_PT_A] > r->pt[best].wins[MS_PT_A])
			best = i;
	return best;
}

int ms_sw_vs_best(double *diff, ms_pt_interval *ci, const ms_sw_report *r,
                  size_t i, size_t best)
{
	const ms_pt_report *p = &r->pt[i], *q = &r->pt[best];

	*diff = p->rate[MS_PT_A] - q->rate[MS_PT_A];
	*ci = ms_pt_diff(p->wins[MS_PT_A], p->runs, q->wins[MS_PT_A], q->runs);
	return ci->hi < 0.0 || ci->lo > 0.0;
}
