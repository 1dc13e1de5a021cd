/*
 * playtest.c - many seeded duels of one scenario on threads
 * (manastorm/playtest.h, docs/MANASTORM.md "Playtests").
 *
 * MS-PT-SEED-1: run i (0-based) is one duel of the scenario with each
 * participant's policy and the duel's generator seeded S + i mod 2^64
 * (ut_rng_series_seed), whatever thread plays it: the same as
 * ms_duel_new with opts.seed = S + i and ms_duel_run.
 * MS-PT-JOBS-1: threads take chunks of run indices from an atomic counter;
 * each has its own duel (ms_duel_restart between runs) and its own
 * counts, tallies and sums of the outcomes, added up after the join with
 * exact integers (counts, 128-bit sums), so the report does not depend on
 * --jobs or on which thread played which run.
 * MS-PT-MEM-1: no run is kept: battles, storms and each participant's HP
 * and MP left are tallies (util/stats.h UT-TALLY-1: each distinct value
 * with its count), the rest sums and counts, so the memory grows with the
 * distinct values, not with the runs; the histograms are the exact ones.
 * Each worker's hot state starts on its own cache line (64 bytes), so two
 * threads never write the same line.
 * MS-PT-ERR-1: the error reported is the one of the smallest failing run:
 * a thread stops at a run at or above a known failure, and runs below it
 * were handed out before it (the counter only grows), so all are played.
 * The threads, the counter and the choice of the failure are util's
 * (ut_series_run, util/series.h: UT-SERIES-1, UT-SERIES-ERR-1).
 * MS-PT-STORM-1: storm damage is what happens between MS_EV_STORM and
 * MS_EV_STORM_END: each MS_EV_OUTFIT is one 衣装, each MS_EV_HP adds
 * value − value2 HP (D4.2).
 */
#define _POSIX_C_SOURCE 200809L

#include "manastorm/playtest.h"

#include <stdlib.h>
#include <string.h>

#include "util/error.h"
#include "util/rng.h"
#include "util/series.h"
#include "util/stats.h"

#define CHUNK 32

typedef struct shared {
	const ms_scenario *scenario;
	const ms_pt_opts *o;
	ms_pt_report *rep;
	uint64_t seed;
} shared;

typedef struct worker {
	_Alignas(64) int in_storm;
	int64_t storm_outfits, storm_hp;   /* of the duel being played */
	shared *sh;
	ms_duel *duel;
	uint64_t wins[3], end[MS_PT_END_N];
	__int128 happenings, storms_sum, so_sum, sh_sum;
	ut_tally battles, storms;
	ut_tally *hp, *mp;                 /* [k] */
	__int128 *outfits;                 /* [k]: Σ 衣装 left */
} worker;

typedef struct setup_ctx {
	shared *sh;
	worker *ws;
} setup_ctx;

/* MS-PT-STORM-1 */
static int on_event(void *ud, const ms_duel *d, const ms_event *ev)
{
	worker *w = ud;
	(void)d;
	switch (ev->kind) {
	case MS_EV_STORM: w->in_storm = 1; break;
	case MS_EV_STORM_END: w->in_storm = 0; break;
	case MS_EV_OUTFIT: if (w->in_storm) w->storm_outfits++; break;
	case MS_EV_HP:
		if (w->in_storm && ev->value > ev->value2)
			w->storm_hp += ev->value - ev->value2;
		break;
	default: break;
	}
	return 0;
}

/* The step that ended a duel, as a count of the report (MS-PT-END-1). */
static uint8_t end_slot(ms_end_step e)
{
	switch (e) {
	case MS_END_STEP6: return MS_PT_END_STEP6;
	case MS_END_STORM: return MS_PT_END_STORM;
	case MS_END_STEP9: return MS_PT_END_STEP9;
	default: return MS_PT_END_BATTLES;
	}
}

/* Play run i and count it in the worker's totals (MS-PT-SEED-1,
 * MS-PT-MEM-1). */
static int play(void *wp, uint64_t i)
{
	worker *w = wp;
	size_t n = w->sh->rep->nparts, k;
	ms_result res;
	int rc;

	w->in_storm = 0;
	w->storm_outfits = w->storm_hp = 0;
	ms_duel_restart(w->duel, ut_rng_series_seed(w->sh->seed, i));
	if ((rc = ms_duel_run(&res, w->duel)) < 0)
		return rc;
	w->wins[res.winner == 0 ? MS_PT_A :
	        res.winner == 1 ? MS_PT_B : MS_PT_DRAW]++;
	w->end[end_slot(res.end)]++;
	if ((rc = ut_tally_add(&w->battles, res.battles)) < 0 ||
	    (rc = ut_tally_add(&w->storms, res.storms)) < 0)
		return rc;
	w->storms_sum += res.storms;
	w->happenings += res.happenings;
	w->so_sum += w->storm_outfits;
	w->sh_sum += w->storm_hp;
	for (k = 0; k < n; k++) {
		ms_part_vitals ps;
		ms_duel_vitals(&ps, w->duel, (uint32_t)k);
		if ((rc = ut_tally_add(&w->hp[k], ps.hp)) < 0 ||
		    (rc = ut_tally_add(&w->mp[k], ps.mp)) < 0)
			return rc;
		w->outfits[k] += (int64_t)ps.noutfits;
	}
	return 0;
}

/* Worker t: its own duel, made before any thread starts, so the threads
 * never allocate (MS-PT-JOBS-1). */
static int setup(void *ud, unsigned t, void **wp)
{
	setup_ctx *c = ud;
	ms_duel_opts dopts = MS_DUEL_OPTS_INIT;
	worker *w = &c->ws[t];
	size_t n = c->sh->scenario->nparticipants;

	w->sh = c->sh;
	w->hp = calloc(2 * n + 1, sizeof *w->hp);
	w->outfits = calloc(n + 1, sizeof *w->outfits);
	if (w->hp == NULL || w->outfits == NULL)
		return ut_error_set(MS_ENOMEM, "out of memory");
	w->mp = w->hp + n;
	dopts.seed = c->sh->seed;
	dopts.on_event = on_event;
	dopts.event_ud = w;
	/* only what on_event counts: the others are not built, and the last
	 * step 9's shuffles, which nobody looks at, are never done */
	dopts.event_mask = MS_EV_BIT(MS_EV_STORM) | MS_EV_BIT(MS_EV_STORM_END) |
	                   MS_EV_BIT(MS_EV_OUTFIT) | MS_EV_BIT(MS_EV_HP);
	dopts.policies = c->sh->o->policies; /* MS-PT-POL-1 */
	dopts.npolicies = c->sh->o->npolicies;
	dopts.max_events = c->sh->o->max_events; /* MS-BUDGET-2 */
	*wp = w;
	return ms_duel_new(&w->duel, c->sh->scenario, &dopts);
}

static void teardown(void *ud, unsigned t, void *wp)
{
	(void)ud;
	(void)t;
	ms_duel_free(((worker *)wp)->duel);
}

ms_pt_interval ms_pt_wilson(uint64_t k, uint64_t n)
{
	/* MS-PT-WILSON-1: util's formula (the same as megami's MG-MC-WILSON-1) */
	ut_interval u = ut_wilson(k, n);
	ms_pt_interval ci;

	ci.lo = u.lo;
	ci.hi = u.hi;
	return ci;
}

void ms_pt_report_drop_tallies(ms_pt_report *r)
{
	size_t k;

	if (r == NULL)
		return;
	if (r->hp)
		for (k = 0; k < 2 * r->nparts; k++)
			ut_tally_free(&r->hp[k]);
	free(r->hp);
	r->hp = r->mp = NULL;
	ut_tally_free(&r->battles);
	ut_tally_free(&r->storms);
}

void ms_pt_report_free(ms_pt_report *r)
{
	if (r == NULL)
		return;
	free(r->parts);
	ms_pt_report_drop_tallies(r);
	memset(r, 0, sizeof *r);
}

static double mean128(__int128 s, uint64_t n)
{
	return n ? (double)s / (double)n : 0.0;
}

/* Free a worker's totals (after setup, successful or not). */
static void drop_totals(worker *w, size_t n)
{
	size_t k;

	if (w->hp)
		for (k = 0; k < 2 * n; k++)
			ut_tally_free(&w->hp[k]);
	free(w->hp);
	free(w->outfits);
	ut_tally_free(&w->battles);
	ut_tally_free(&w->storms);
}

/* Add worker w's totals into the report's (MS-PT-JOBS-1). */
static int merge(ms_pt_report *r, const worker *w, __int128 *sums,
                 __int128 *outfits)
{
	size_t n = r->nparts, k;
	int rc;

	for (k = 0; k < 3; k++)
		r->wins[k] += w->wins[k];
	for (k = 0; k < MS_PT_END_N; k++)
		r->end[k] += w->end[k];
	sums[0] += w->happenings;
	sums[1] += w->storms_sum;
	sums[2] += w->so_sum;
	sums[3] += w->sh_sum;
	if ((rc = ut_tally_merge(&r->battles, &w->battles)) < 0 ||
	    (rc = ut_tally_merge(&r->storms, &w->storms)) < 0)
		return rc;
	for (k = 0; k < n; k++) {
		outfits[k] += w->outfits[k];
		if ((rc = ut_tally_merge(&r->hp[k], &w->hp[k])) < 0 ||
		    (rc = ut_tally_merge(&r->mp[k], &w->mp[k])) < 0)
			return rc;
	}
	return 0;
}

/* The totals from the workers' (MS-PT-JOBS-1): means, min and max per
 * duel (MS-PT-STAT-1) and per participant (MS-PT-PART-1). */
static int sum_up(ms_pt_report *r, const worker *ws, unsigned jobs)
{
	uint64_t runs = r->runs;
	size_t n = r->nparts, k;
	__int128 sums[4] = {0, 0, 0, 0}, *outfits;
	unsigned t;
	int rc = 0;

	if ((outfits = calloc(n + 1, sizeof *outfits)) == NULL)
		return ut_error_set(MS_ENOMEM, "out of memory");
	for (t = 0; t < jobs && rc == 0; t++)
		rc = merge(r, &ws[t], sums, outfits);
	if (rc < 0) {
		free(outfits);
		return rc;
	}
	for (k = 0; k < 3; k++) {
		r->rate[k] = (double)r->wins[k] / (double)runs;
		r->ci[k] = ms_pt_wilson(r->wins[k], runs);
	}
	r->mean_battles = ut_tally_mean(&r->battles);
	r->storms_per_duel = mean128(sums[1], runs);
	r->happenings_per_duel = mean128(sums[0], runs);
	r->storm_outfits_per_duel = mean128(sums[2], runs);
	r->storm_hp_per_duel = mean128(sums[3], runs);
	r->storm_outfits_per_storm = sums[1] ? (double)sums[2] /
	                                       (double)sums[1] : 0.0;
	r->storm_hp_per_storm = sums[1] ? (double)sums[3] / (double)sums[1]
	                                : 0.0;
	ut_tally_sort(&r->battles);
	ut_tally_sort(&r->storms);
	r->battles_min = ut_tally_min(&r->battles);
	r->battles_max = ut_tally_max(&r->battles);
	for (k = 0; k < n; k++) {
		ms_pt_part *p = &r->parts[k];
		p->hp_mean = ut_tally_mean(&r->hp[k]);
		p->mp_mean = ut_tally_mean(&r->mp[k]);
		p->outfits_mean = mean128(outfits[k], runs);
		ut_tally_sort(&r->hp[k]);
		ut_tally_sort(&r->mp[k]);
		p->hp_min = ut_tally_min(&r->hp[k]);
		p->hp_max = ut_tally_max(&r->hp[k]);
		p->mp_min = ut_tally_min(&r->mp[k]);
		p->mp_max = ut_tally_max(&r->mp[k]);
	}
	free(outfits);
	return 0;
}

int ms_pt_run(ms_pt_report *out, const ms_scenario *scenario,
              const ms_pt_opts *o)
{
	shared sh;
	setup_ctx ctx;
	ut_series_opts so = {0};
	ut_series_result sr;
	worker *ws;
	unsigned jobs;
	size_t n, k;
	int rc;

	if (out == NULL)
		return ut_error_set(MS_EINVALID, "playtest: no report");
	memset(out, 0, sizeof *out);
	if (scenario == NULL || o == NULL || o->version != MS_PT_OPTS_VERSION)
		return ut_error_set(MS_EINVALID, "playtest: bad scenario or options");
	if (o->runs < 1)
		return ut_error_set(MS_EINVALID, "playtest: at least one run is needed");
	if (o->max_events < 1)
		return ut_error_set(MS_EINVALID, "playtest: an event budget of at "
		                    "least 1 is needed");
	if (o->runs > MS_PT_RUNS_MAX) /* MS-PT-LIMIT-1 */
		return ut_error_set(MS_ELIMIT, "playtest: %llu runs are more than "
		                    "the limit %u", (unsigned long long)o->runs,
		                    MS_PT_RUNS_MAX);
	if ((rc = ms_scenario_check(scenario)) < 0)
		return rc;
	n = scenario->nparticipants;
	jobs = o->jobs ? o->jobs : 1;
	if (jobs > MS_PT_JOBS_MAX)
		jobs = MS_PT_JOBS_MAX;
	if (jobs > o->runs)
		jobs = (unsigned)o->runs;

	out->runs = o->runs;
	out->seed = o->seed;
	out->jobs = jobs;
	out->nparts = n;
	out->parts = calloc(n ? n : 1, sizeof *out->parts);
	out->hp = calloc(2 * n + 1, sizeof *out->hp);
	if (out->hp)
		out->mp = out->hp + n;
	/* each worker on its own cache lines (sizeof is a multiple of 64) */
	ws = aligned_alloc(64, jobs * sizeof *ws);
	if (ws)
		memset(ws, 0, jobs * sizeof *ws);
	if (!out->parts || !out->hp || !ws) {
		free(ws);
		ms_pt_report_free(out);
		return ut_error_set(MS_ENOMEM, "out of memory");
	}
	for (k = 0; k < n; k++) {
		out->parts[k].name = scenario->participants[k].name;
		out->parts[k].side = scenario->participants[k].side;
		out->parts[k].role = scenario->participants[k].role;
	}

	sh.scenario = scenario;
	sh.o = o;
	sh.rep = out;
	sh.seed = o->seed;
	ctx.sh = &sh;
	ctx.ws = ws;
	so.n = o->runs;
	so.jobs = jobs;
	so.chunk = CHUNK;
	so.setup = setup;
	so.teardown = teardown;
	so.ud = &ctx;
	so.run = play;
	so.progress = o->progress;
	so.progress_ud = o->progress_ud;
	rc = ut_series_run(&sr, &so);
	if (rc < 0) {
		for (k = 0; k < jobs; k++)
			drop_totals(&ws[k], n);
		free(ws);
		ms_pt_report_free(out);
		return rc;
	}
	out->jobs = sr.started;
	if (sr.failed) {
		/* MS-PT-ERR-1 */
		out->failed = 1;
		out->failed_run = sr.failed_run;
		out->failed_seed = ut_rng_series_seed(o->seed, out->failed_run);
		memcpy(out->failed_message, sr.failed_message,
		       sizeof out->failed_message);
		rc = ut_series_error(&sr, o->seed);
	} else {
		rc = sum_up(out, ws, jobs);
	}
	for (k = 0; k < jobs; k++)
		drop_totals(&ws[k], n);
	free(ws);
	return rc;
}
