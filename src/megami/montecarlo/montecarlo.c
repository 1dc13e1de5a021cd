/*
 * montecarlo.c - Monte Carlo over seeded combats (megami/montecarlo.h,
 * docs/MEGAMI.md "Monte Carlo").
 *
 * MG-MC-SEED-1: run i (0-based) is one combat of the scenario with the
 * default policy and the dice of the generator seeded S + i mod 2^64
 * (ut_rng_series_seed), whatever thread fights it.
 * MG-MC-JOBS-1: the threads take chunks of run indices from an atomic
 * counter; each thread has its own combat (mg_combat_restart between runs),
 * its own dice and its own counts, tallies and sums of the outcomes.  They
 * are added up after the join with exact integers (counts, and sums of
 * 128 bits), so the report does not depend on the number of threads or
 * on which thread fought which run.
 * MG-MC-MEM-1: no run is kept: the rounds and each character's HP left are
 * tallies (util/stats.h UT-TALLY-1: each distinct value with its count),
 * so the memory grows with the distinct values, not with the runs, and the
 * median, the 90th percentile and the histograms are the exact ones of the
 * values run by run.
 * Each worker's hot state (its dice and counters) starts on its own cache
 * line (64 bytes), so two threads never write the same line.
 * MG-MC-ERR-1: the error reported is the one of the smallest failing run
 * index: a thread stops at a run index at or above a known failure, and
 * runs below it are handed out before it (the counter only grows), so
 * they are all fought.
 * The threads, the counter and the choice of the failure are util's
 * (ut_series_run, util/series.h: UT-SERIES-1, UT-SERIES-ERR-1).
 * MG-MC-SHARE-1: a part fights runs first … first + count − 1 (run i still
 * seeded S + i); parts add up exactly as the threads' totals do (counts,
 * tallies: UT-TALLY-2), the smallest failing run index wins, and the
 * figures are computed once from the sum (mg_mc_report_finish).
 */
#define _POSIX_C_SOURCE 200809L

#include "megami/montecarlo.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "util/array.h"
#include "util/buf.h"
#include "util/error.h"
#include "util/rng.h"
#include "util/series.h"
#include "util/stats.h"

#define CHUNK 64

typedef struct shared {
	uint64_t first;  /* run index of the part's run 0 (MG-MC-SHARE-1) */
	const mg_scenario *scenario;
	const mg_mc_start *start; /* NULL: every run from the beginning */
	mg_mc_report *rep;
	uint64_t seed;
	uint64_t max_events; /* of each run (MG-BUDGET-2) */
	mg_mc_stop_fn stop;  /* asked before each run; NULL: never */
	void *stop_ud;
} shared;

typedef struct worker {
	_Alignas(64) ut_dice dice;
	shared *sh;
	mg_combat *combat;
	size_t fed;      /* start->dice given in this run (MG-MC-FROM-1) */
	uint64_t wins[3];
	uint64_t *incapacitated, *dead, *absent; /* [k] */
	ut_tally rounds;
	ut_tally *hp;    /* [k] */
	int64_t *hp_now; /* [k]: a run's outcome (mg_combat_vitals) */
	mg_state *state_now;
} worker;

/* MG-MC-FROM-1: the dice of a run from a state: the start's dice first,
 * then the run's generator. */
static int start_die(void *ud, uint64_t sides, size_t index, uint64_t *out)
{
	worker *w = ud;
	const mg_mc_start *st = w->sh->start;

	(void)index;
	if (w->fed < st->ndice) {
		*out = (uint64_t)st->dice[w->fed++];
		return 0;
	}
	*out = ut_rng_die(&w->dice.rng, sides);
	return 0;
}

typedef struct setup_ctx {
	shared *sh;
	worker *ws;
} setup_ctx;

/* Worker t: its own dice and combat, made before any thread starts, so
 * the threads never allocate (MG-MC-JOBS-1). */
static int setup(void *ud, unsigned t, void **wp)
{
	setup_ctx *c = ud;
	mg_combat_opts co = MG_COMBAT_OPTS_INIT;
	worker *w = &c->ws[t];
	size_t n = c->sh->scenario->ncharacters;

	w->sh = c->sh;
	/* written every fight: on lines no other worker's share
	 * (UT-LINES-1) */
	w->incapacitated = ut_calloc_lines(3 * n + 1, sizeof *w->incapacitated);
	w->hp = ut_calloc_lines(n + 1, sizeof *w->hp);
	w->hp_now = ut_calloc_lines(n + 1, sizeof *w->hp_now);
	w->state_now = ut_calloc_lines(n + 1, sizeof *w->state_now);
	if (w->incapacitated == NULL || w->hp == NULL || w->hp_now == NULL ||
	    w->state_now == NULL)
		return ut_error_set(MG_ENOMEM, "out of memory");
	w->dead = w->incapacitated + n;
	w->absent = w->incapacitated + 2 * n;
	if (c->sh->start && c->sh->start->ndice)
		ut_dice_callback(&w->dice, start_die, w, c->sh->seed);
	else
		ut_dice_seed(&w->dice, c->sh->seed);
	co.dice = &w->dice;
	co.max_events = c->sh->max_events;
	*wp = w;
	return mg_combat_new(&w->combat, c->sh->scenario, &co);
}

static void teardown(void *ud, unsigned t, void *wp)
{
	(void)ud;
	(void)t;
	mg_combat_free(((worker *)wp)->combat);
}

/* Fight run i and count its outcome in the worker's totals
 * (MG-MC-SEED-1, MG-MC-MEM-1). */
static int fight(void *wp, uint64_t i)
{
	worker *w = wp;
	shared *sh = w->sh;
	size_t n = sh->rep->ncharacters, k;
	mg_result res;
	int rc;

	i += sh->first;
	if (sh->stop && sh->stop(sh->stop_ud)) /* MG-MC-STOP-1 */
		return ut_error_set(MG_ERROR, "stopped by mg_mc_opts.stop");
	if (!sh->start) {
		ut_dice_seed(&w->dice, ut_rng_series_seed(sh->seed, i));
		mg_combat_restart(w->combat);
	} else {
		/* MG-MC-FROM-1: the start's state, its action, then the
		 * default policy */
		ut_rng_seed(&w->dice.rng, ut_rng_series_seed(sh->seed, i));
		w->dice.rolled = 0;
		w->fed = 0;
		if ((rc = mg_combat_copy_state(w->combat, sh->start->combat)) < 0 ||
		    (sh->start->action &&
		     (rc = mg_combat_act(w->combat, sh->start->action)) < 0))
			return rc;
	}
	if ((rc = mg_combat_run(&res, w->combat)) < 0)
		return rc;
	if ((rc = ut_tally_add(&w->rounds, res.rounds)) < 0)
		return rc;
	w->wins[res.winner == MG_SIDE_PC ? MG_MC_PC :
	        res.winner == MG_SIDE_NPC ? MG_MC_NPC : MG_MC_DRAW]++;
	mg_combat_vitals(w->hp_now, w->state_now, w->combat);
	for (k = 0; k < n; k++) {
		if ((rc = ut_tally_add(&w->hp[k], w->hp_now[k])) < 0)
			return rc;
		/* MG-MC-CHAR-1: 戦闘不能 at the end, or dead */
		if (w->state_now[k] == MG_STATE_INCAPACITATED)
			w->incapacitated[k]++;
		else if (w->state_now[k] == MG_STATE_DEAD)
			w->dead[k]++;
		else if (w->state_now[k] == MG_STATE_ABSENT)
			w->absent[k]++;
	}
	return 0;
}

mg_mc_interval mg_mc_wilson(uint64_t k, uint64_t n)
{
	/* MG-MC-WILSON-1: p = k/n, z = 1.959963984540054 (the 0.975 quantile
	 * of the normal distribution),
	 *   centre = (p + z²/2n) / (1 + z²/n)
	 *   half   = z √(p(1−p)/n + z²/4n²) / (1 + z²/n)
	 * [centre − half, centre + half], clamped to [0, 1]; exactly 0 below
	 * for k = 0 and 1 above for k = n.  The formula is util's (shared
	 * with manastorm's playtests). */
	ut_interval u = ut_wilson(k, n);
	mg_mc_interval ci;

	ci.lo = u.lo;
	ci.hi = u.hi;
	return ci;
}

int64_t mg_mc_percentile(const int64_t *sorted, size_t n, unsigned p)
{
	/* MG-MC-RANK-1: rank ⌈p·n/100⌉, at least 1, at most n (util). */
	return ut_percentile(sorted, n, p);
}

void mg_mc_report_free(mg_mc_report *r)
{
	size_t k;

	if (r == NULL)
		return;
	if (r->hp)
		for (k = 0; k < r->ncharacters; k++)
			ut_tally_free(&r->hp[k]);
	free(r->hp);
	ut_tally_free(&r->rounds);
	free(r->characters);
	memset(r, 0, sizeof *r);
}

/* Free a worker's totals (after setup, successful or not). */
static void drop_totals(worker *w, size_t n)
{
	size_t k;

	if (w->hp)
		for (k = 0; k < n; k++)
			ut_tally_free(&w->hp[k]);
	free(w->hp);
	free(w->incapacitated);
	free(w->hp_now);
	free(w->state_now);
	ut_tally_free(&w->rounds);
}

/* The part's counts and tallies from the workers' (MG-MC-JOBS-1). */
static int sum_up(mg_mc_report *r, worker *ws, unsigned jobs)
{
	size_t n = r->ncharacters, k;
	unsigned t;
	int rc;

	for (t = 0; t < jobs; t++) {
		worker *w = &ws[t];
		for (k = 0; k < 3; k++)
			r->wins[k] += w->wins[k];
		if ((rc = ut_tally_merge(&r->rounds, &w->rounds)) < 0)
			return rc;
		for (k = 0; k < n; k++) {
			r->characters[k].incapacitated += w->incapacitated[k];
			r->characters[k].dead += w->dead[k];
			r->characters[k].absent += w->absent[k];
			if ((rc = ut_tally_merge(&r->hp[k], &w->hp[k])) < 0)
				return rc;
		}
	}
	return 0;
}

/* The figures of a part that holds all the runs (MG-MC-SHARE-1): the
 * rates and Wilson intervals (MG-MC-WILSON-1), the percentiles
 * (MG-MC-RANK-1). */
int mg_mc_report_finish(mg_mc_report *r)
{
	size_t n, k;
	uint64_t runs;

	if (r == NULL)
		return ut_error_set(MG_EINVALID,
		                    "mg_mc_report_finish: r is NULL");
	if (!r->part)
		return ut_error_set(MG_EINVALID, "Monte Carlo: not a part");
	if (r->failed) /* MG-MC-ERR-1 */
		return ut_series_error_at(r->failed_run, r->failed_rc,
		                          r->failed_message, r->seed);
	if (r->runs < 1)
		return ut_error_set(MG_EINVALID,
		                    "Monte Carlo: at least one run is needed");
	r->part = 0;
	n = r->ncharacters;
	runs = r->runs;
	for (k = 0; k < 3; k++) {
		r->rate[k] = (double)r->wins[k] / (double)runs;
		r->ci[k] = mg_mc_wilson(r->wins[k], runs);
	}
	r->rounds_mean = ut_tally_mean(&r->rounds);
	ut_tally_sort(&r->rounds);
	r->rounds_min = ut_tally_min(&r->rounds);
	r->rounds_max = ut_tally_max(&r->rounds);
	r->rounds_median = ut_tally_percentile(&r->rounds, 50);
	r->rounds_p90 = ut_tally_percentile(&r->rounds, 90);

	for (k = 0; k < n; k++) {
		mg_mc_char *c = &r->characters[k];
		c->hp_mean = ut_tally_mean(&r->hp[k]);
		ut_tally_sort(&r->hp[k]);
		c->hp_min = ut_tally_min(&r->hp[k]);
		c->hp_max = ut_tally_max(&r->hp[k]);
		c->incapacitated_rate = (double)c->incapacitated / (double)runs;
		c->dead_rate = (double)c->dead / (double)runs;
		c->incapacitated_ci = mg_mc_wilson(c->incapacitated, runs);
		c->dead_ci = mg_mc_wilson(c->dead, runs);
		c->absent_rate = (double)c->absent / (double)runs;
		c->absent_ci = mg_mc_wilson(c->absent, runs);
	}
	return 0;
}

/* Runs first … first + count − 1 of the series of mg_mc_run (start NULL)
 * and mg_mc_run_from, as a part (MG-MC-SHARE-1). */
static int run_series(mg_mc_report *out, const mg_scenario *scenario,
                      const mg_mc_start *start, const mg_mc_opts *o,
                      uint64_t first, uint64_t count)
{
	shared sh = {0};
	setup_ctx ctx;
	ut_series_opts so = {0};
	ut_series_result sr;
	worker *ws;
	unsigned jobs;
	size_t n, k;
	int rc;

	if (out == NULL)
		return ut_error_set(MG_EINVALID, "Monte Carlo: no report");
	memset(out, 0, sizeof *out);
	if (scenario == NULL || o == NULL ||
	    (o->version != MG_MC_OPTS_VERSION && o->version != 2))
		return ut_error_set(MG_EINVALID,
		                    "Monte Carlo: bad scenario or options");
	if (o->runs < 1)
		return ut_error_set(MG_EINVALID,
		                    "Monte Carlo: at least one run is needed");
	if (o->max_events < 1)
		return ut_error_set(MG_EINVALID,
		                    "Monte Carlo: an event budget of at least 1 "
		                    "is needed");
	/* MG-MC-LIMIT-1 */
	if (o->runs > MG_MC_RUNS_MAX)
		return ut_error_set(MG_ELIMIT,
		                    "Monte Carlo: %llu runs are more than the "
		                    "limit %llu",
		                    (unsigned long long)o->runs,
		                    (unsigned long long)MG_MC_RUNS_MAX);
	if (first > o->runs || count > o->runs - first)
		return ut_error_set(MG_EINVALID,
		                    "Monte Carlo: the part is not in the series");
	if ((rc = mg_scenario_check(scenario)) < 0)
		return rc;
	n = scenario->ncharacters;
	jobs = o->jobs ? o->jobs : 1;
	if (jobs > count)
		jobs = (unsigned)count;

	out->part = 1;
	out->runs = count;
	out->seed = o->seed;
	out->jobs = jobs;
	out->round_limit = scenario->round_limit;
	out->ncharacters = n;
	out->characters = calloc(n + 1, sizeof *out->characters);
	out->hp = calloc(n + 1, sizeof *out->hp);
	/* each worker on its own cache lines (sizeof is a multiple of 64) */
	ws = aligned_alloc(64, (jobs ? jobs : 1) * sizeof *ws);
	if (ws)
		memset(ws, 0, (jobs ? jobs : 1) * sizeof *ws);
	if (!out->characters || !out->hp || !ws) {
		free(ws);
		mg_mc_report_free(out);
		return ut_error_set(MG_ENOMEM, "out of memory");
	}
	for (k = 0; k < n; k++) {
		out->characters[k].name = scenario->characters[k].name;
		out->characters[k].side = scenario->characters[k].side;
		out->characters[k].enters = scenario->characters[k].enters;
	}

	if (count == 0) { /* an empty part: more processes than runs */
		free(ws);
		return 0;
	}
	sh.first = first;
	sh.scenario = scenario;
	sh.start = start;
	sh.rep = out;
	sh.seed = o->seed;
	sh.max_events = o->max_events;
	if (o->version >= 3) { /* a version 2 struct ends before them */
		sh.stop = o->stop;
		sh.stop_ud = o->stop_ud;
	}
	ctx.sh = &sh;
	ctx.ws = ws;
	so.n = count;
	so.jobs = jobs;
	so.chunk = CHUNK;
	so.setup = setup;
	so.teardown = teardown;
	so.ud = &ctx;
	so.run = fight;
	so.progress = o->progress;
	so.progress_ud = o->progress_ud;
	rc = ut_series_run(&sr, &so);
	if (rc < 0) {
		for (k = 0; k < jobs; k++)
			drop_totals(&ws[k], n);
		free(ws);
		mg_mc_report_free(out);
		return rc;
	}
	out->jobs = sr.started;

	if (sr.failed) {
		/* MG-MC-ERR-1 */
		out->failed = 1;
		out->failed_run = first + sr.failed_run;
		out->failed_seed = ut_rng_series_seed(o->seed, out->failed_run);
		out->failed_rc = sr.failed_rc;
		memcpy(out->failed_message, sr.failed_message,
		       sizeof out->failed_message);
		rc = 0;
	} else {
		rc = sum_up(out, ws, jobs);
	}
	for (k = 0; k < jobs; k++)
		drop_totals(&ws[k], n);
	free(ws);
	return rc;
}

/* The arguments of mg_mc_run and mg_mc_run_part (fn): 0, or MG_EINVALID
 * for a NULL (*out emptied when out is not NULL). */
static int run_args(const char *fn, mg_mc_report *out,
                    const mg_scenario *scenario, const mg_mc_opts *opts)
{
	if (!out)
		return ut_error_set(MG_EINVALID, "%s: out is NULL", fn);
	memset(out, 0, sizeof *out);
	if (!scenario)
		return ut_error_set(MG_EINVALID, "%s: scenario is NULL", fn);
	if (!opts)
		return ut_error_set(MG_EINVALID, "%s: opts is NULL", fn);
	return 0;
}

int mg_mc_run_part(mg_mc_report *out, const mg_scenario *scenario,
                   const mg_mc_opts *opts, uint64_t first, uint64_t count)
{
	int rc = run_args("mg_mc_run_part", out, scenario, opts);

	if (rc == 0)
		rc = run_series(out, scenario, NULL, opts, first, count);
	return rc;
}

int mg_mc_run(mg_mc_report *out, const mg_scenario *scenario,
              const mg_mc_opts *opts)
{
	int rc = run_args("mg_mc_run", out, scenario, opts);

	if (rc == 0)
		rc = run_series(out, scenario, NULL, opts, 0, opts->runs);
	return rc < 0 ? rc : mg_mc_report_finish(out);
}

/* MG-MC-SHARE-1: the words of a packed part, in this order: */
enum { W_MAGIC, W_NCHAR, W_RUNS, W_SEED, W_FAILED, W_FAILED_RUN,
       W_FAILED_RC, W_WINS, W_HEAD = W_WINS + 3 };
#define PART_MAGIC UINT64_C(0x4d474d4331) /* "MGMC1" */

int mg_mc_report_pack(ut_buf *b, const mg_mc_report *r)
{
	size_t n, k;
	uint64_t w[W_HEAD];
	int rc = 0;

	if (!b)
		return ut_error_set(MG_EINVALID,
		                    "mg_mc_report_pack: b is NULL");
	if (!r)
		return ut_error_set(MG_EINVALID,
		                    "mg_mc_report_pack: part is NULL");
	n = r->ncharacters;
	if (!r->part)
		return ut_error_set(MG_EINVALID, "Monte Carlo: not a part");
	w[W_MAGIC] = PART_MAGIC;
	w[W_NCHAR] = n;
	w[W_RUNS] = r->runs;
	w[W_SEED] = r->seed;
	w[W_FAILED] = (uint64_t)r->failed;
	w[W_FAILED_RUN] = r->failed_run;
	w[W_FAILED_RC] = (uint64_t)(int64_t)r->failed_rc;
	for (k = 0; k < 3; k++)
		w[W_WINS + k] = r->wins[k];
	ut_buf_put(b, (const char *)w, sizeof w);
	ut_buf_put(b, r->failed_message, sizeof r->failed_message);
	for (k = 0; k < n; k++) {
		ut_buf_put(b, (const char *)&r->characters[k].incapacitated,
		           sizeof(uint64_t));
		ut_buf_put(b, (const char *)&r->characters[k].dead,
		           sizeof(uint64_t));
		ut_buf_put(b, (const char *)&r->characters[k].absent,
		           sizeof(uint64_t));
	}
	rc = ut_tally_pack(b, &r->rounds);
	for (k = 0; rc == 0 && k < n; k++)
		rc = ut_tally_pack(b, &r->hp[k]);
	if (b->failed)
		return ut_error_set(MG_ENOMEM, "out of memory");
	return rc;
}

int mg_mc_report_merge_packed(mg_mc_report *into, const void *data,
                              size_t len)
{
	const unsigned char *p = data;
	size_t n, k;
	uint64_t w[W_HEAD], c[3];
	char msg[sizeof into->failed_message];
	int rc;

	if (!into)
		return ut_error_set(MG_EINVALID,
		                    "mg_mc_report_merge_packed: into is NULL");
	if (!data && len)
		return ut_error_set(MG_EINVALID,
		                    "mg_mc_report_merge_packed: data is NULL");
	n = into->ncharacters;
	if (!into->part || len < sizeof w + sizeof msg + n * sizeof c)
		return ut_error_set(MG_EINVALID, "Monte Carlo: not a packed part");
	memcpy(w, p, sizeof w);
	memcpy(msg, p + sizeof w, sizeof msg);
	p += sizeof w + sizeof msg;
	len -= sizeof w + sizeof msg;
	if (w[W_MAGIC] != PART_MAGIC || w[W_NCHAR] != n ||
	    w[W_SEED] != into->seed || w[W_RUNS] > MG_MC_RUNS_MAX - into->runs)
		return ut_error_set(MG_EINVALID, "Monte Carlo: the part is of "
		                    "another series");
	into->runs += w[W_RUNS];
	/* MG-MC-ERR-1: the smallest failing run of all */
	if (w[W_FAILED] &&
	    (!into->failed || w[W_FAILED_RUN] < into->failed_run)) {
		into->failed = 1;
		into->failed_run = w[W_FAILED_RUN];
		into->failed_seed = ut_rng_series_seed(into->seed,
		                                       into->failed_run);
		into->failed_rc = (int)(int64_t)w[W_FAILED_RC];
		memcpy(into->failed_message, msg, sizeof msg);
		into->failed_message[sizeof msg - 1] = '\0';
	}
	for (k = 0; k < 3; k++)
		into->wins[k] += w[W_WINS + k];
	for (k = 0; k < n; k++) {
		memcpy(c, p, sizeof c);
		p += sizeof c;
		len -= sizeof c;
		into->characters[k].incapacitated += c[0];
		into->characters[k].dead += c[1];
		into->characters[k].absent += c[2];
	}
	if ((rc = ut_tally_merge_packed(&into->rounds, &p, &len)) < 0)
		return rc;
	for (k = 0; k < n; k++)
		if ((rc = ut_tally_merge_packed(&into->hp[k], &p, &len)) < 0)
			return rc;
	if (len)
		return ut_error_set(MG_EINVALID, "Monte Carlo: not a packed part");
	return 0;
}

int mg_mc_run_from(mg_mc_report *out, const mg_mc_start *start,
                   const mg_mc_opts *opts)
{
	int rc;

	if (out == NULL)
		return ut_error_set(MG_EINVALID, "mg_mc_run_from: out is NULL");
	memset(out, 0, sizeof *out);
	if (start == NULL)
		return ut_error_set(MG_EINVALID,
		                    "mg_mc_run_from: start is NULL");
	if (opts == NULL)
		return ut_error_set(MG_EINVALID,
		                    "mg_mc_run_from: opts is NULL");
	if (start->combat == NULL || (start->ndice && start->dice == NULL))
		return ut_error_set(MG_EINVALID, "Monte Carlo: no start");
	rc = run_series(out, mg_combat_scenario(start->combat), start, opts, 0,
	                opts->runs);
	return rc < 0 ? rc : mg_mc_report_finish(out);
}
