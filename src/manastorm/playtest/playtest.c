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
 * A worker counts the small values (SMALL_LO … SMALL_LO + SMALL − 1, most
 * of them) of each tally in a plain array first, and adds those counts to
 * the tally once, before the merge (flush_small): the same counts.
 * Each worker's hot state starts on its own cache line (64 bytes), so two
 * threads never write the same line.
 * MS-PT-ERR-1: the error reported is the one of the smallest failing run:
 * a thread stops at a run at or above a known failure, and runs below it
 * were handed out before it (the counter only grows), so all are played.
 * The threads, the counter and the choice of the failure are util's
 * (ut_series_run, util/series.h: UT-SERIES-1, UT-SERIES-ERR-1).
 * MS-PT-SHARE-1: a part plays runs first … first + count − 1 (run i still
 * seeded S + i); parts add up exactly as the threads' totals do (counts,
 * 128-bit sums, tallies: UT-TALLY-2), the smallest failing run wins, and
 * the figures are computed once from the sum (ms_pt_report_finish).
 * MS-PT-STORM-1: storm damage is what happens between MS_EV_STORM and
 * MS_EV_STORM_END: each MS_EV_OUTFIT is one 衣装, each MS_EV_HP adds
 * value − value2 HP (D4.2).
 */
#define _POSIX_C_SOURCE 200809L

#include "manastorm/playtest.h"

#include <stdlib.h>
#include <string.h>

#include "util/array.h"
#include "util/assert.h"
#include "util/buf.h"
#include "util/error.h"
#include "util/rng.h"
#include "util/series.h"
#include "util/stats.h"

#define CHUNK 32

/* The values a worker counts in an array (count_value): SMALL_LO …
 * SMALL_LO + SMALL − 1. */
#define SMALL 64
#define SMALL_LO (-16)
_Static_assert(SMALL * sizeof(uint64_t) % 64 == 0,
               "each array starts a cache line (ut_calloc_lines)");

/* A part's exact sums (MS-PT-SHARE-1): happenings, storms, 衣装 and HP
 * lost in storms, then Σ 衣装 left of each participant. */
enum { S_HAPPENINGS, S_STORMS, S_STORM_OUTFITS, S_STORM_HP, S_N };
struct ms_pt_sums {
	__int128 s[S_N];
	__int128 outfits[]; /* [nparts] */
};

typedef struct shared {
	uint64_t first;  /* run index of the part's run 0 */
	const ms_scenario *scenario;
	const ms_pt_opts *o;
	ms_pt_report *rep;
	uint64_t seed;
} shared;

typedef struct worker {
	_Alignas(64) shared *sh;
	ms_duel *duel;
	uint64_t wins[3], end[MS_PT_END_N];
	__int128 happenings, storms_sum, so_sum, sh_sum;
	ut_tally battles, storms;
	ut_tally *hp, *mp;                 /* [k] */
	__int128 *outfits;                 /* [k]: Σ 衣装 left */
	/* the counts of the small values not yet in the tallies
	 * (count_value): [SMALL] for battles, storms, then each hp[k] and
	 * mp[k] (small + (2 + k) × SMALL and small + (2 + n + k) × SMALL) */
	uint64_t *small;
} worker;

typedef struct setup_ctx {
	shared *sh;
	worker *ws;
} setup_ctx;

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

/* Count v once more in tally t, or in its array of small values (SMALL
 * counts; flush_small adds them to t): a tally costs ~10 times more. */
static inline int count_value(ut_tally *t, uint64_t *small, int64_t v)
{
	uint64_t i = (uint64_t)v - (uint64_t)SMALL_LO;

	if (i < SMALL) {
		small[i]++;
		return 0;
	}
	return ut_tally_add(t, v);
}

/* Add the counts of the small values into t (UT-TALLY-2's packed form is
 * util's way to add a value n times) and zero them.  0 or UT_ENOMEM. */
static int flush_small(ut_tally *t, uint64_t *small)
{
	uint64_t w[1 + 2 * SMALL];
	const unsigned char *p = (const unsigned char *)w;
	size_t i, used = 0, left;
	int rc;

	for (i = 0; i < SMALL; i++)
		if (small[i]) {
			w[1 + 2 * used] = (uint64_t)((int64_t)i + SMALL_LO);
			w[2 + 2 * used] = small[i];
			used++;
		}
	if (used == 0)
		return 0;
	w[0] = used;
	left = (1 + 2 * used) * sizeof w[0];
	if ((rc = ut_tally_merge_packed(t, &p, &left)) < 0)
		return rc;
	UT_ASSERT(left == 0);
	memset(small, 0, SMALL * sizeof *small);
	return 0;
}

/* Play run i and count it in the worker's totals (MS-PT-SEED-1,
 * MS-PT-MEM-1). */
static int play(void *wp, uint64_t i)
{
	worker *w = wp;
	size_t n = w->sh->rep->nparts, k;
	ms_result res;
	int64_t storm_outfits, storm_hp;
	int rc;

	i += w->sh->first;
	ms_duel_restart(w->duel, ut_rng_series_seed(w->sh->seed, i));
	if ((rc = ms_duel_run(&res, w->duel)) < 0)
		return rc;
	w->wins[res.winner == 0 ? MS_PT_A :
	        res.winner == 1 ? MS_PT_B : MS_PT_DRAW]++;
	w->end[end_slot(res.end)]++;
	if ((rc = count_value(&w->battles, w->small, res.battles)) < 0 ||
	    (rc = count_value(&w->storms, w->small + SMALL, res.storms)) < 0)
		return rc;
	w->storms_sum += res.storms;
	w->happenings += res.happenings;
	ms_duel_storm_losses(w->duel, &storm_outfits, &storm_hp);
	w->so_sum += storm_outfits; /* MS-PT-STORM-1 */
	w->sh_sum += storm_hp;
	for (k = 0; k < n; k++) {
		ms_part_vitals ps;
		ms_duel_vitals(&ps, w->duel, (uint32_t)k);
		if ((rc = count_value(&w->hp[k], w->small + (2 + k) * SMALL,
		                      ps.hp)) < 0 ||
		    (rc = count_value(&w->mp[k], w->small + (2 + n + k) * SMALL,
		                      ps.mp)) < 0)
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
	/* written every duel: on lines no other worker's share
	 * (UT-LINES-1) */
	w->hp = ut_calloc_lines(2 * n + 1, sizeof *w->hp);
	w->outfits = ut_calloc_lines(n + 1, sizeof *w->outfits);
	w->small = ut_calloc_lines((2 * n + 2) * SMALL, sizeof *w->small);
	if (w->hp == NULL || w->outfits == NULL || w->small == NULL)
		return ut_error_set(MS_ENOMEM, "out of memory");
	w->mp = w->hp + n;
	dopts.seed = c->sh->seed;
	/* no callback: no event is built, the duel plays its quiet rounds,
	 * and the last step 9's shuffles, which nobody looks at, are never
	 * done; the storms' losses come from ms_duel_storm_losses */
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
	free(r->sums);
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
	free(w->small);
	ut_tally_free(&w->battles);
	ut_tally_free(&w->storms);
}

/* Add worker w's totals into the part's (MS-PT-JOBS-1), its small values'
 * counts first into its tallies (count_value). */
static int merge(ms_pt_report *r, worker *w)
{
	size_t n = r->nparts, k;
	__int128 *sums = r->sums->s;
	int rc;

	for (k = 0; k < 2 * n + 2; k++)
		if ((rc = flush_small(k == 0 ? &w->battles :
		                      k == 1 ? &w->storms : &w->hp[k - 2],
		                      w->small + k * SMALL)) < 0)
			return rc;

	for (k = 0; k < 3; k++)
		r->wins[k] += w->wins[k];
	for (k = 0; k < MS_PT_END_N; k++)
		r->end[k] += w->end[k];
	sums[S_HAPPENINGS] += w->happenings;
	sums[S_STORMS] += w->storms_sum;
	sums[S_STORM_OUTFITS] += w->so_sum;
	sums[S_STORM_HP] += w->sh_sum;
	if ((rc = ut_tally_merge(&r->battles, &w->battles)) < 0 ||
	    (rc = ut_tally_merge(&r->storms, &w->storms)) < 0)
		return rc;
	for (k = 0; k < n; k++) {
		r->sums->outfits[k] += w->outfits[k];
		if ((rc = ut_tally_merge(&r->hp[k], &w->hp[k])) < 0 ||
		    (rc = ut_tally_merge(&r->mp[k], &w->mp[k])) < 0)
			return rc;
	}
	return 0;
}

/* The figures of a part that holds all the runs (MS-PT-SHARE-1): means,
 * min and max per duel (MS-PT-STAT-1) and per participant (MS-PT-PART-1). */
int ms_pt_report_finish(ms_pt_report *r)
{
	uint64_t runs;
	size_t n, k;
	__int128 *sums;

	if (r == NULL)
		return ut_error_set(MS_EINVALID,
		                    "ms_pt_report_finish: r is NULL");
	if (!r->part)
		return ut_error_set(MS_EINVALID, "playtest: not a part");
	if (r->failed) /* MS-PT-ERR-1 */
		return ut_series_error_at(r->failed_run, r->failed_rc,
		                          r->failed_message, r->seed);
	if (r->runs < 1)
		return ut_error_set(MS_EINVALID,
		                    "playtest: at least one run is needed");
	r->part = 0;
	runs = r->runs;
	n = r->nparts;
	sums = r->sums->s;
	for (k = 0; k < 3; k++) {
		r->rate[k] = (double)r->wins[k] / (double)runs;
		r->ci[k] = ms_pt_wilson(r->wins[k], runs);
	}
	r->mean_battles = ut_tally_mean(&r->battles);
	r->storms_per_duel = mean128(sums[S_STORMS], runs);
	r->happenings_per_duel = mean128(sums[S_HAPPENINGS], runs);
	r->storm_outfits_per_duel = mean128(sums[S_STORM_OUTFITS], runs);
	r->storm_hp_per_duel = mean128(sums[S_STORM_HP], runs);
	r->storm_outfits_per_storm = sums[S_STORMS]
	        ? (double)sums[S_STORM_OUTFITS] / (double)sums[S_STORMS] : 0.0;
	r->storm_hp_per_storm = sums[S_STORMS]
	        ? (double)sums[S_STORM_HP] / (double)sums[S_STORMS] : 0.0;
	ut_tally_sort(&r->battles);
	ut_tally_sort(&r->storms);
	r->battles_min = ut_tally_min(&r->battles);
	r->battles_max = ut_tally_max(&r->battles);
	for (k = 0; k < n; k++) {
		ms_pt_part *p = &r->parts[k];
		p->hp_mean = ut_tally_mean(&r->hp[k]);
		p->mp_mean = ut_tally_mean(&r->mp[k]);
		p->outfits_mean = mean128(r->sums->outfits[k], runs);
		ut_tally_sort(&r->hp[k]);
		ut_tally_sort(&r->mp[k]);
		p->hp_min = ut_tally_min(&r->hp[k]);
		p->hp_max = ut_tally_max(&r->hp[k]);
		p->mp_min = ut_tally_min(&r->mp[k]);
		p->mp_max = ut_tally_max(&r->mp[k]);
	}
	return 0;
}

/* The arguments of ms_pt_run and ms_pt_run_part (fn): 0, or MS_EINVALID
 * for a NULL (*out emptied when out is not NULL). */
static int run_args(const char *fn, ms_pt_report *out,
                    const ms_scenario *scenario, const ms_pt_opts *opts)
{
	if (out == NULL)
		return ut_error_set(MS_EINVALID, "%s: out is NULL", fn);
	memset(out, 0, sizeof *out);
	if (scenario == NULL)
		return ut_error_set(MS_EINVALID, "%s: scenario is NULL", fn);
	if (opts == NULL)
		return ut_error_set(MS_EINVALID, "%s: opts is NULL", fn);
	return 0;
}

static int run_part(ms_pt_report *out, const ms_scenario *scenario,
                    const ms_pt_opts *o, uint64_t first, uint64_t count)
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
	if (first > o->runs || count > o->runs - first)
		return ut_error_set(MS_EINVALID, "playtest: the part is not in "
		                    "the playtest");
	if ((rc = ms_scenario_check(scenario)) < 0)
		return rc;
	n = scenario->nparticipants;
	jobs = o->jobs ? o->jobs : 1;
	if (jobs > MS_PT_JOBS_MAX)
		jobs = MS_PT_JOBS_MAX;
	if (jobs > count)
		jobs = (unsigned)count;

	out->part = 1;
	out->runs = count;
	out->seed = o->seed;
	out->jobs = jobs;
	out->nparts = n;
	out->parts = calloc(n ? n : 1, sizeof *out->parts);
	out->hp = calloc(2 * n + 1, sizeof *out->hp);
	if (out->hp)
		out->mp = out->hp + n;
	/* each worker on its own cache lines (sizeof is a multiple of 64) */
	out->sums = calloc(1, sizeof *out->sums +
	                      (n + 1) * sizeof *out->sums->outfits);
	ws = aligned_alloc(64, (jobs ? jobs : 1) * sizeof *ws);
	if (ws)
		memset(ws, 0, (jobs ? jobs : 1) * sizeof *ws);
	if (!out->parts || !out->hp || !out->sums || !ws) {
		free(ws);
		ms_pt_report_free(out);
		return ut_error_set(MS_ENOMEM, "out of memory");
	}
	for (k = 0; k < n; k++) {
		out->parts[k].name = scenario->participants[k].name;
		out->parts[k].side = scenario->participants[k].side;
		out->parts[k].role = scenario->participants[k].role;
	}

	if (count == 0) { /* an empty part: more processes than runs */
		free(ws);
		return 0;
	}
	sh.first = first;
	sh.scenario = scenario;
	sh.o = o;
	sh.rep = out;
	sh.seed = o->seed;
	ctx.sh = &sh;
	ctx.ws = ws;
	so.n = count;
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
		out->failed_run = first + sr.failed_run;
		out->failed_seed = ut_rng_series_seed(o->seed, out->failed_run);
		out->failed_rc = sr.failed_rc;
		memcpy(out->failed_message, sr.failed_message,
		       sizeof out->failed_message);
	} else {
		unsigned t;
		for (t = 0; t < jobs && rc == 0; t++)
			rc = merge(out, &ws[t]);
	}
	for (k = 0; k < jobs; k++)
		drop_totals(&ws[k], n);
	free(ws);
	return rc;
}

int ms_pt_run_part(ms_pt_report *out, const ms_scenario *scenario,
                   const ms_pt_opts *opts, uint64_t first, uint64_t count)
{
	int rc = run_args("ms_pt_run_part", out, scenario, opts);

	return rc < 0 ? rc : run_part(out, scenario, opts, first, count);
}

int ms_pt_run(ms_pt_report *out, const ms_scenario *scenario,
              const ms_pt_opts *opts)
{
	int rc = run_args("ms_pt_run", out, scenario, opts);

	if (rc == 0)
		rc = run_part(out, scenario, opts, 0, opts->runs);
	return rc < 0 ? rc : ms_pt_report_finish(out);
}

/* MS-PT-SHARE-1: the words of a packed part, in this order (then the
 * message, the participants' counts and sums, the tallies): */
enum { W_MAGIC, W_NPARTS, W_RUNS, W_SEED, W_FAILED, W_FAILED_RUN,
       W_FAILED_RC, W_WINS, W_END = W_WINS + 3,
       W_HEAD = W_END + MS_PT_END_N };
#define PART_MAGIC UINT64_C(0x4d53505431) /* "MSPT1" */

int ms_pt_report_pack(ut_buf *b, const ms_pt_report *r)
{
	size_t n, k;
	uint64_t w[W_HEAD];
	int rc;

	if (!b)
		return ut_error_set(MS_EINVALID,
		                    "ms_pt_report_pack: b is NULL");
	if (!r)
		return ut_error_set(MS_EINVALID,
		                    "ms_pt_report_pack: part is NULL");
	n = r->nparts;
	if (!r->part)
		return ut_error_set(MS_EINVALID, "playtest: not a part");
	w[W_MAGIC] = PART_MAGIC;
	w[W_NPARTS] = n;
	w[W_RUNS] = r->runs;
	w[W_SEED] = r->seed;
	w[W_FAILED] = (uint64_t)r->failed;
	w[W_FAILED_RUN] = r->failed_run;
	w[W_FAILED_RC] = (uint64_t)(int64_t)r->failed_rc;
	for (k = 0; k < 3; k++)
		w[W_WINS + k] = r->wins[k];
	for (k = 0; k < MS_PT_END_N; k++)
		w[W_END + k] = r->end[k];
	ut_buf_put(b, (const char *)w, sizeof w);
	ut_buf_put(b, r->failed_message, sizeof r->failed_message);
	ut_buf_put(b, (const char *)r->sums,
	           sizeof *r->sums + n * sizeof *r->sums->outfits);
	rc = ut_tally_pack(b, &r->battles);
	if (rc == 0)
		rc = ut_tally_pack(b, &r->storms);
	for (k = 0; rc == 0 && k < 2 * n; k++)
		rc = ut_tally_pack(b, &r->hp[k]); /* hp[n + k] is mp[k] */
	if (b->failed)
		return ut_error_set(MS_ENOMEM, "out of memory");
	return rc;
}

int ms_pt_report_merge_packed(ms_pt_report *into, const void *data,
                              size_t len)
{
	const unsigned char *p = data;
	size_t n, k;
	uint64_t w[W_HEAD];
	char msg[sizeof into->failed_message];
	struct ms_pt_sums *from;
	size_t sums_len;
	int rc;

	if (!into)
		return ut_error_set(MS_EINVALID,
		                    "ms_pt_report_merge_packed: into is NULL");
	if (!data && len)
		return ut_error_set(MS_EINVALID,
		                    "ms_pt_report_merge_packed: data is NULL");
	n = into->nparts;
	sums_len = sizeof *from + n * sizeof *from->outfits;
	if (!into->part || len < sizeof w + sizeof msg + sums_len)
		return ut_error_set(MS_EINVALID, "playtest: not a packed part");
	memcpy(w, p, sizeof w);
	memcpy(msg, p + sizeof w, sizeof msg);
	p += sizeof w + sizeof msg;
	len -= sizeof w + sizeof msg;
	if (w[W_MAGIC] != PART_MAGIC || w[W_NPARTS] != n ||
	    w[W_SEED] != into->seed || w[W_RUNS] > MS_PT_RUNS_MAX - into->runs)
		return ut_error_set(MS_EINVALID, "playtest: the part is of "
		                    "another playtest");
	if ((from = malloc(sums_len)) == NULL)
		return ut_error_set(MS_ENOMEM, "out of memory");
	memcpy(from, p, sums_len);
	p += sums_len;
	len -= sums_len;
	into->runs += w[W_RUNS];
	/* MS-PT-ERR-1: the smallest failing run of all */
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
	for (k = 0; k < MS_PT_END_N; k++)
		into->end[k] += w[W_END + k];
	for (k = 0; k < S_N; k++)
		into->sums->s[k] += from->s[k];
	for (k = 0; k < n; k++)
		into->sums->outfits[k] += from->outfits[k];
	free(from);
	rc = ut_tally_merge_packed(&into->battles, &p, &len);
	if (rc == 0)
		rc = ut_tally_merge_packed(&into->storms, &p, &len);
	for (k = 0; rc == 0 && k < 2 * n; k++)
		rc = ut_tally_merge_packed(&into->hp[k], &p, &len);
	if (rc == 0 && len)
		rc = ut_error_set(MS_EINVALID, "playtest: not a packed part");
	return rc;
}
