/*
 * playtest.c - many seeded duels of one scenario on threads
 * (manastorm/playtest.h, docs/MANASTORM.md "Playtests").
 *
 * MS-PT-SEED-1: run i (0-based) is one duel of the scenario with each
 * participant's policy and the duel's generator seeded S + i mod 2^64
 * (ut_rng_series_seed), whatever thread plays it: the same as
 * ms_duel_new with opts.seed = S + i and ms_duel_run.
 * MS-PT-JOBS-1: threads take chunks of run indices from an atomic counter;
 * each has its own duel (ms_duel_restart between runs) and writes run i
 * into slot i only.  The totals are summed after the join in run order
 * with exact integers, so the report does not depend on --jobs.
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
	shared *sh;
	ms_duel *duel;
	int in_storm;
	int64_t storm_outfits, storm_hp;
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

/* Play run i into its slot (MS-PT-SEED-1). */
static int play(void *wp, uint64_t i)
{
	worker *w = wp;
	ms_pt_report *r = w->sh->rep;
	size_t n = r->nparts, k;
	ms_result res;
	int rc;

	w->in_storm = 0;
	w->storm_outfits = w->storm_hp = 0;
	ms_duel_restart(w->duel, ut_rng_series_seed(w->sh->seed, i));
	if ((rc = ms_duel_run(&res, w->duel)) < 0)
		return rc;
	r->run_winner[i] = (int8_t)(res.winner == 0 ? MS_PT_A :
	                            res.winner == 1 ? MS_PT_B : MS_PT_DRAW);
	r->run_end[i] = end_slot(res.end);
	r->run_battles[i] = res.battles;
	r->run_storms[i] = res.storms;
	r->run_happenings[i] = res.happenings;
	r->run_storm_outfits[i] = w->storm_outfits;
	r->run_storm_hp[i] = w->storm_hp;
	for (k = 0; k < n; k++) {
		ms_part_state ps;
		ms_duel_participant(&ps, w->duel, (uint32_t)k);
		r->run_hp[i * n + k] = ps.hp;
		r->run_mp[i * n + k] = ps.mp;
		r->run_outfits[i * n + k] = (int64_t)ps.noutfits;
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

	w->sh = c->sh;
	dopts.seed = c->sh->seed;
	dopts.on_event = on_event;
	dopts.event_ud = w;
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

void ms_pt_report_free(ms_pt_report *r)
{
	if (r == NULL)
		return;
	free(r->parts);
	free(r->run_winner);
	free(r->run_end);
	free(r->run_battles);
	free(r->run_storms);
	free(r->run_happenings);
	free(r->run_storm_outfits);
	free(r->run_storm_hp);
	free(r->run_hp);
	free(r->run_mp);
	free(r->run_outfits);
	memset(r, 0, sizeof *r);
}

static double mean(const int64_t *v, uint64_t n, size_t stride)
{
	__int128 s = 0;
	uint64_t i;
	for (i = 0; i < n; i++)
		s += v[i * stride];
	return n ? (double)s / (double)n : 0.0;
}

/* The totals, in run order (MS-PT-JOBS-1): means, min and max per duel
 * (MS-PT-STAT-1) and per participant (MS-PT-PART-1). */
static void sum_up(ms_pt_report *r)
{
	uint64_t i, runs = r->runs;
	size_t n = r->nparts, k;
	__int128 storms = 0, so = 0, sh = 0;

	r->battles_min = INT64_MAX;
	r->battles_max = INT64_MIN;
	for (i = 0; i < runs; i++) {
		r->wins[r->run_winner[i]]++;
		r->end[r->run_end[i]]++;
		if (r->run_battles[i] < r->battles_min)
			r->battles_min = r->run_battles[i];
		if (r->run_battles[i] > r->battles_max)
			r->battles_max = r->run_battles[i];
		storms += r->run_storms[i];
		so += r->run_storm_outfits[i];
		sh += r->run_storm_hp[i];
	}
	for (k = 0; k < 3; k++) {
		r->rate[k] = (double)r->wins[k] / (double)runs;
		r->ci[k] = ms_pt_wilson(r->wins[k], runs);
	}
	r->mean_battles = mean(r->run_battles, runs, 1);
	r->storms_per_duel = mean(r->run_storms, runs, 1);
	r->happenings_per_duel = mean(r->run_happenings, runs, 1);
	r->storm_outfits_per_duel = mean(r->run_storm_outfits, runs, 1);
	r->storm_hp_per_duel = mean(r->run_storm_hp, runs, 1);
	r->storm_outfits_per_storm = storms ? (double)so / (double)storms : 0.0;
	r->storm_hp_per_storm = storms ? (double)sh / (double)storms : 0.0;
	for (k = 0; k < n; k++) {
		ms_pt_part *p = &r->parts[k];
		p->hp_min = p->mp_min = INT64_MAX;
		p->hp_max = p->mp_max = INT64_MIN;
		for (i = 0; i < runs; i++) {
			int64_t h = r->run_hp[i * n + k], m = r->run_mp[i * n + k];
			if (h < p->hp_min) p->hp_min = h;
			if (h > p->hp_max) p->hp_max = h;
			if (m < p->mp_min) p->mp_min = m;
			if (m > p->mp_max) p->mp_max = m;
		}
		p->hp_mean = mean(r->run_hp + k, runs, n);
		p->mp_mean = mean(r->run_mp + k, runs, n);
		p->outfits_mean = mean(r->run_outfits + k, runs, n);
	}
}

static void *alloc_runs(uint64_t runs, size_t n, size_t size)
{
	if (n && (size_t)runs > SIZE_MAX / size / n)
		return NULL;
	return malloc((size_t)runs * n * size + 1);
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
	out->run_winner = alloc_runs(o->runs, 1, 1);
	out->run_end = alloc_runs(o->runs, 1, 1);
	out->run_battles = alloc_runs(o->runs, 1, 8);
	out->run_storms = alloc_runs(o->runs, 1, 8);
	out->run_happenings = alloc_runs(o->runs, 1, 8);
	out->run_storm_outfits = alloc_runs(o->runs, 1, 8);
	out->run_storm_hp = alloc_runs(o->runs, 1, 8);
	out->run_hp = alloc_runs(o->runs, n, 8);
	out->run_mp = alloc_runs(o->runs, n, 8);
	out->run_outfits = alloc_runs(o->runs, n, 8);
	ws = calloc(jobs, sizeof *ws);
	if (!out->parts || !out->run_winner || !out->run_end ||
	    !out->run_battles || !out->run_storms || !out->run_happenings ||
	    !out->run_storm_outfits || !out->run_storm_hp || !out->run_hp ||
	    !out->run_mp || !out->run_outfits || !ws) {
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
	free(ws);
	if (rc < 0) {
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
		return ut_series_error(&sr, o->seed);
	}
	sum_up(out);
	return 0;
}
