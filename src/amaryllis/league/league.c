/*
 * league.c - round-robin leagues on several threads (see league.h): every
 * pair of entries plays once (LG-PAIR-1), and the standings rank them by
 * points, then ＨＰ margin (LG-POINTS-1).
 *
 * The pairs i < j are numbered k = 0 … n(n−1)/2 − 1 in row order; a share
 * (for MPI) is a contiguous range of k, and the threads of a process take
 * chunks of it from an atomic counter.  Every thread has its own engine and
 * its own totals; totals are exact integer sums (margins in 128 bits), so
 * the result does not depend on which thread played which pair.  The first
 * error is the one with the smallest k, whatever thread met it; the
 * battles that stopped are listed in the order of k too (the first
 * AM_LEAGUE_STOPS_MAX: each thread keeps its first ones, taken in rising
 * k, so the first of all are among them).
 */
/* qsort_r (glibc's, as POSIX.1-2024 has it): the standings are sorted
 * in place, with the tiebreak keys as the comparison's context */
#define _GNU_SOURCE

#include "amaryllis/league.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "util/array.h"
#include "util/assert.h"
#include "util/error.h"

#define CHUNK 256

/* A battle that stopped with an error: pair k = (i, j), why (owned). */
typedef struct stop {
	uint64_t k;
	size_t i, j;
	char *msg;
} stop;

typedef struct totals {
	int64_t wins, draws, losses, errors;
	__int128 margin;
} totals;

struct am_league {
	size_t n;
	am_league_row *rows;
	uint8_t *table;          /* n(n−1)/2 bytes, or NULL */
	uint64_t battles;
	int has_error;
	uint64_t error_k;
	size_t error_i, error_j;
	char error[512];
	stop *stops;             /* the first stopped battles, by k */
	size_t nstops;
};

typedef struct shared {
	const am_program *const *progs;
	size_t n;
	uint64_t lo, hi;         /* this share */
	atomic_uint_fast64_t next; /* next pair to hand out */
	atomic_uint_fast64_t done; /* battles played */
	atomic_int failed;       /* an allocation failed: stop */
	uint8_t *table;
	am_battle_opts bo;
} shared;

typedef struct worker {
	shared *sh;
	am_engine *engine;
	totals *t;
	int rc;
	int has_error;
	uint64_t error_k;
	size_t error_i, error_j;
	char error[512];
	stop *stops;             /* its first AM_LEAGUE_STOPS_MAX, rising k */
	size_t nstops, capstops;
	am_progress_fn progress; /* worker 0 (the calling thread) only */
	void *progress_ud;
	pthread_t thread;
} worker;

/* Offset of row i: the number of pairs (a, b), a < b, with a < i. */
static uint64_t row_start(uint64_t n, uint64_t i)
{
	return i * (n - 1) - (i ? i * (i - 1) / 2 : 0);
}

/* The pair (i, j) of number k: each pair i < j once, the other order
 * being its mirror (LG-PAIR-1, AM-SYM-1). */
static void pair_of(uint64_t n, uint64_t k, size_t *i, size_t *j)
{
	uint64_t lo = 0, hi = n - 1; /* row_start(lo) ≤ k < row_start(hi) */

	while (hi - lo > 1) {
		uint64_t mid = lo + (hi - lo) / 2;
		if (row_start(n, mid) <= k)
			lo = mid;
		else
			hi = mid;
	}
	*i = (size_t)lo;
	*j = (size_t)(lo + 1 + (k - row_start(n, lo)));
}

/* Note that pair k = (i, j) stopped, with am_error_last(): 0 or
 * AM_ENOMEM. */
static int keep_stop(worker *w, uint64_t k, size_t i, size_t j)
{
	const char *last = am_error_last();
	size_t n = strlen(last) + 1;
	char *msg;

	/* malloc, not strdup: glibc's strdup allocates inside libc, where the
	 * allocation-failure sweeps (tests/util/support/fail_alloc.h) cannot
	 * make it fail. */
	if (UT_ARRAY_RESERVE(w->stops, w->capstops, w->nstops + 1) < 0 ||
	    !(msg = malloc(n)))
		return AM_ENOMEM;
	memcpy(msg, last, n);
	w->stops[w->nstops].k = k;
	w->stops[w->nstops].i = i;
	w->stops[w->nstops].j = j;
	w->stops[w->nstops].msg = msg;
	w->nstops++;
	return 0;
}

static int stop_cmp(const void *a, const void *b)
{
	const stop *x = a, *y = b;

	return x->k < y->k ? -1 : x->k > y->k;
}

/* Play pairs [k0, k1) (LG-PAIR-1), adding up wins, draws, losses and the
 * ＨＰ margins own score − opponent's score (LG-POINTS-1). */
static void play_chunk(worker *w, uint64_t k0, uint64_t k1)
{
	shared *sh = w->sh;
	size_t i, j;
	uint64_t k;

	pair_of(sh->n, k0, &i, &j);
	for (k = k0; k < k1; k++) {
		am_result r;
		int rc = am_battle_run_programs(&r, w->engine, sh->progs[i],
		                                sh->progs[j], &sh->bo);
		uint8_t out;
		if (rc == AM_ENOMEM) {
			w->rc = rc;
			atomic_store(&sh->failed, 1);
			return;
		}
		if (rc < 0) {
			w->t[i].errors++;
			w->t[j].errors++;
			out = AM_PAIR_ERROR;
			if (!w->has_error || k < w->error_k) {
				w->has_error = 1;
				w->error_k = k;
				w->error_i = i;
				w->error_j = j;
				strncpy(w->error, am_error_last(), sizeof(w->error) - 1);
				w->error[sizeof(w->error) - 1] = '\0';
			}
			if (w->nstops < AM_LEAGUE_STOPS_MAX &&
			    keep_stop(w, k, i, j) < 0) {
				w->rc = AM_ENOMEM;
				atomic_store(&sh->failed, 1);
				return;
			}
		} else {
			w->t[i].margin += (__int128)r.score[0] - r.score[1];
			w->t[j].margin += (__int128)r.score[1] - r.score[0];
			if (r.winner == 0) {
				w->t[i].wins++;
				w->t[j].losses++;
				out = AM_PAIR_WIN;
			} else if (r.winner == 1) {
				w->t[i].losses++;
				w->t[j].wins++;
				out = AM_PAIR_LOSS;
			} else {
				w->t[i].draws++;
				w->t[j].draws++;
				out = AM_PAIR_DRAW;
			}
		}
		if (sh->table)
			sh->table[k] = out;
		if (++j == sh->n) {
			i++;
			j = i + 1;
		}
	}
}

/* A worker's loop: take chunks until the share is done; a worker with a
 * progress callback reports after each chunk. */
static void *work(void *arg)
{
	worker *w = arg;
	shared *sh = w->sh;

	/* The engine and the totals are made here, by the thread that uses
	 * them: from its own malloc arena, not beside the other threads' (the
	 * hot fields of two engines in one cache line cost more than half of a
	 * second core). */
	if (am_engine_new(&w->engine) < 0 ||
	    !(w->t = calloc(sh->n ? sh->n : 1, sizeof(totals)))) {
		w->rc = AM_ENOMEM;
		atomic_store(&sh->failed, 1);
		return NULL;
	}
	for (;;) {
		uint64_t k0 = atomic_fetch_add(&sh->next, CHUNK), k1;
		if (k0 >= sh->hi || atomic_load(&sh->failed))
			break;
		k1 = k0 + CHUNK < sh->hi ? k0 + CHUNK : sh->hi;
		play_chunk(w, k0, k1);
		atomic_fetch_add(&sh->done, k1 - k0);
		if (w->rc < 0)
			break;
		if (w->progress)
			w->progress(w->progress_ud, atomic_load(&sh->done),
			            sh->hi - sh->lo);
	}
	return NULL;
}

static int64_t clamp64(__int128 v)
{
	return v > INT64_MAX ? INT64_MAX : v < INT64_MIN ? INT64_MIN : (int64_t)v;
}

/* An empty league of n entries, with its table of n(n−1)/2 results when
 * keep_table; *pairs = n(n−1)/2.  NULL when out of memory. */
static am_league *league_new(size_t n, int keep_table, uint64_t *pairs)
{
	am_league *lg = calloc(1, sizeof(*lg));

	if (!lg || !(lg->rows = calloc(n ? n : 1, sizeof(*lg->rows))))
		goto nomem;
	lg->n = n;
	*pairs = n > 1 ? (uint64_t)n * (n - 1) / 2 : 0;
	if (keep_table && *pairs && !(lg->table = calloc((size_t)*pairs, 1)))
		goto nomem;
	return lg;
nomem:
	am_league_free(lg);
	return NULL;
}

/* Start jobs − 1 threads and work on the calling one too (it reports
 * progress); returns the number of workers that ran, and made their
 * totals (a thread that cannot start leaves its work to the others). */
static unsigned run_workers(worker *ws, unsigned jobs,
                            const am_league_opts *opts)
{
	unsigned t, started = 0;

	for (t = 1; t < jobs; t++) {
		if (pthread_create(&ws[t].thread, NULL, work, &ws[t]) != 0)
			break; /* the threads started do all the work */
		started++;
	}
	/* the calling thread works too, and reports progress */
	ws[0].progress = opts->progress;
	ws[0].progress_ud = opts->progress_ud;
	work(&ws[0]);
	for (t = 1; t <= started; t++)
		pthread_join(ws[t].thread, NULL);
	return started + 1;
}

/* Add up the totals of the jobs workers into the rows, exactly, and take
 * the first error (smallest k) of any of them, and the first
 * AM_LEAGUE_STOPS_MAX stopped battles of all (the workers' messages move
 * to the league).  0, or AM_ENOMEM. */
static int gather(am_league *lg, worker *ws, unsigned jobs)
{
	size_t i, all = 0;
	unsigned t;

	for (i = 0; i < lg->n; i++) {
		__int128 m = 0;
		am_league_row *row = &lg->rows[i];
		for (t = 0; t < jobs; t++) {
			row->wins += ws[t].t[i].wins;
			row->draws += ws[t].t[i].draws;
			row->losses += ws[t].t[i].losses;
			row->errors += ws[t].t[i].errors;
			m += ws[t].t[i].margin;
		}
		row->margin = clamp64(m);
	}
	for (t = 0; t < jobs; t++)
		if (ws[t].has_error &&
		    (!lg->has_error || ws[t].error_k < lg->error_k)) {
			lg->has_error = 1;
			lg->error_k = ws[t].error_k;
			lg->error_i = ws[t].error_i;
			lg->error_j = ws[t].error_j;
			memcpy(lg->error, ws[t].error, sizeof(lg->error));
		}
	for (t = 0; t < jobs; t++)
		all += ws[t].nstops;
	if (!all)
		return 0;
	if (!(lg->stops = malloc(all * sizeof(*lg->stops))))
		return AM_ENOMEM;
	for (t = 0; t < jobs; t++) {
		if (!ws[t].nstops)
			continue; /* its array may be NULL */
		memcpy(lg->stops + lg->nstops, ws[t].stops,
		       ws[t].nstops * sizeof(*lg->stops));
		lg->nstops += ws[t].nstops;
		ws[t].nstops = 0; /* the messages are the league's now */
	}
	qsort(lg->stops, lg->nstops, sizeof(*lg->stops), stop_cmp);
	for (i = AM_LEAGUE_STOPS_MAX; i < lg->nstops; i++)
		free(lg->stops[i].msg);
	if (lg->nstops > AM_LEAGUE_STOPS_MAX)
		lg->nstops = AM_LEAGUE_STOPS_MAX;
	return 0;
}

/* Play share opts->part of the n(n−1)/2 pairs of progs (LG-PAIR-1); see
 * league.h. */
int am_league_run(am_league **out, const am_program *const *progs, size_t n,
                  const am_league_opts *opts)
{
	static const am_league_opts defaults = AM_LEAGUE_OPTS_INIT;
	am_league_opts v1;
	unsigned jobs, t;
	uint64_t pairs = 0, lo, hi;
	am_league *lg;
	worker *ws = NULL;
	shared sh;
	int rc = 0;

	if (!out)
		return ut_error_set(AM_EINVALID, "am_league_run: out is NULL");
	*out = NULL;
	if (!progs && n)
		return ut_error_set(AM_EINVALID,
		                    "am_league_run: progs is NULL");
	if (!opts)
		opts = &defaults;
	if (opts->version == 1) {
		/* its fields up to progress_ud; no bound on the work */
		v1 = defaults;
		memcpy(&v1, opts, offsetof(am_league_opts, max_work));
		v1.version = AM_LEAGUE_OPTS_VERSION;
		opts = &v1;
	}
	if (opts->version != AM_LEAGUE_OPTS_VERSION || opts->parts == 0 ||
	    opts->part >= opts->parts)
		return ut_error_set(AM_EINVALID, "bad league options");
	jobs = opts->jobs ? opts->jobs : 1;
	if (!(lg = league_new(n, opts->keep_table, &pairs)))
		return ut_error_set(AM_ENOMEM, "out of memory");
	/* share `part` of `parts`: [pairs·part/parts, pairs·(part+1)/parts) */
	lo = (uint64_t)((unsigned __int128)pairs * opts->part / opts->parts);
	hi = (uint64_t)((unsigned __int128)pairs * (opts->part + 1) /
	                opts->parts);
	UT_ASSERT(lo <= hi && hi <= pairs);
	memset(&sh, 0, sizeof(sh));
	sh.progs = progs;
	sh.n = n;
	sh.lo = lo;
	sh.hi = hi;
	atomic_init(&sh.next, lo);
	atomic_init(&sh.done, 0);
	atomic_init(&sh.failed, 0);
	sh.table = lg->table;
	sh.bo = (am_battle_opts)AM_BATTLE_OPTS_INIT;
	sh.bo.max_units = opts->max_units;
	sh.bo.max_work = opts->max_work;
	if ((uint64_t)jobs > (hi - lo) / CHUNK + 1)
		jobs = (unsigned)((hi - lo) / CHUNK + 1);
	if (!(ws = calloc(jobs, sizeof(*ws)))) {
		am_league_free(lg);
		return ut_error_set(AM_ENOMEM, "out of memory");
	}
	for (t = 0; t < jobs; t++)
		ws[t].sh = &sh;
	jobs = run_workers(ws, jobs, opts);
	if (opts->progress)
		opts->progress(opts->progress_ud, atomic_load(&sh.done), hi - lo);
	for (t = 0; t < jobs; t++)
		if (ws[t].rc < 0)
			rc = ws[t].rc;
	if (rc == 0 && (rc = gather(lg, ws, jobs)) == 0) {
		lg->battles = atomic_load(&sh.done);
		UT_ASSERT(lg->battles == hi - lo); /* no failure: all played */
	}
	for (t = 0; t < jobs; t++) {
		size_t k;
		am_engine_free(ws[t].engine);
		free(ws[t].t);
		for (k = 0; k < ws[t].nstops; k++)
			free(ws[t].stops[k].msg);
		free(ws[t].stops);
	}
	free(ws);
	if (rc < 0) {
		am_league_free(lg);
		return ut_error_set(rc, "out of memory");
	}
	*out = lg;
	return 0;
}

void am_league_free(am_league *lg)
{
	if (!lg)
		return;
	for (size_t k = 0; k < lg->nstops; k++)
		free(lg->stops[k].msg);
	free(lg->stops);
	free(lg->rows);
	free(lg->table);
	free(lg);
}

size_t am_league_size(const am_league *lg)
{
	return lg->n;
}

const am_league_row *am_league_row_of(const am_league *lg, size_t i)
{
	return i < lg->n ? &lg->rows[i] : NULL;
}

int am_league_outcome(const am_league *lg, size_t i, size_t j)
{
	uint8_t v;

	if (!lg->table || i == j || i >= lg->n || j >= lg->n)
		return AM_PAIR_NONE;
	if (i < j)
		return lg->table[row_start(lg->n, i) + (j - i - 1)];
	v = lg->table[row_start(lg->n, j) + (i - j - 1)];
	return v == AM_PAIR_WIN ? AM_PAIR_LOSS : v == AM_PAIR_LOSS ? AM_PAIR_WIN : v;
}

uint64_t am_league_battles(const am_league *lg)
{
	return lg->battles;
}

const char *am_league_error(const am_league *lg, size_t *i, size_t *j)
{
	if (!lg->has_error)
		return NULL;
	*i = lg->error_i;
	*j = lg->error_j;
	return lg->error;
}

size_t am_league_stop_count(const am_league *lg)
{
	return lg->nstops;
}

const char *am_league_stop(const am_league *lg, size_t k, size_t *i,
                           size_t *j)
{
	if (k >= lg->nstops)
		return NULL;
	*i = lg->stops[k].i;
	*j = lg->stops[k].j;
	return lg->stops[k].msg;
}

int64_t am_league_stopped(const am_league *lg)
{
	int64_t sum = 0;

	for (size_t i = 0; i < lg->n; i++)
		sum += lg->rows[i].errors;
	return sum / 2; /* a stopped battle is an error for both */
}

size_t am_league_counts(int64_t *out, size_t cap, const am_league *lg)
{
	size_t len = lg->n * AM_LEAGUE_COUNTS_PER_ENTRY, i;

	if (!out || cap < len)
		return len;
	for (i = 0; i < lg->n; i++, out += AM_LEAGUE_COUNTS_PER_ENTRY) {
		const am_league_row *r = &lg->rows[i];
		out[0] = r->wins;
		out[1] = r->draws;
		out[2] = r->losses;
		out[3] = r->errors;
		out[4] = r->margin;
	}
	return len;
}

int am_league_set_counts(am_league *lg, const int64_t *counts, size_t len)
{
	size_t i, k;

	if (!lg)
		return ut_error_set(AM_EINVALID,
		                    "am_league_set_counts: league is NULL");
	if (!counts && len)
		return ut_error_set(AM_EINVALID,
		                    "am_league_set_counts: counts is NULL");
	if (len != lg->n * AM_LEAGUE_COUNTS_PER_ENTRY)
		return ut_error_set(AM_EINVALID,
		                    "league counts: %zu values for %zu entries",
		                    len, lg->n);
	for (i = 0; i < lg->n; i++)
		for (k = 0; k < 4; k++) /* margin (k = 4) may be negative */
			if (counts[i * AM_LEAGUE_COUNTS_PER_ENTRY + k] < 0)
				return ut_error_set(AM_EINVALID,
				                    "league counts: negative count "
				                    "for entry %zu", i);
	for (i = 0; i < lg->n; i++, counts += AM_LEAGUE_COUNTS_PER_ENTRY) {
		am_league_row *r = &lg->rows[i];
		r->wins = counts[0];
		r->draws = counts[1];
		r->losses = counts[2];
		r->errors = counts[3];
		r->margin = counts[4];
	}
	return 0;
}

uint8_t *am_league_table(am_league *lg, size_t *len)
{
	*len = lg->table && lg->n > 1 ? lg->n * (lg->n - 1) / 2 : 0;
	return lg->table;
}

int am_league_new_table(am_league **out, size_t n)
{
	uint64_t pairs;

	if (!out)
		return ut_error_set(AM_EINVALID,
		                    "am_league_new_table: out is NULL");
	if (!(*out = league_new(n, 1, &pairs)))
		return ut_error_set(AM_ENOMEM, "out of memory");
	return 0;
}

int am_league_set_outcome(am_league *lg, size_t i, size_t j, int outcome)
{
	if (!lg)
		return ut_error_set(AM_EINVALID,
		                    "am_league_set_outcome: league is NULL");
	if (!lg->table || i == j || i >= lg->n || j >= lg->n ||
	    outcome < AM_PAIR_NONE || outcome > AM_PAIR_ERROR)
		return ut_error_set(AM_EINVALID, "am_league_set_outcome: no "
		                    "such pair or outcome (%zu, %zu, %d; %zu "
		                    "entries%s)", i, j, outcome, lg->n,
		                    lg->table ? "" : ", no table");
	if (i > j) { /* from the side of j, the smaller */
		size_t t = i;
		i = j;
		j = t;
		outcome = outcome == AM_PAIR_WIN ? AM_PAIR_LOSS
		        : outcome == AM_PAIR_LOSS ? AM_PAIR_WIN : outcome;
	}
	lg->table[row_start(lg->n, i) + (j - i - 1)] = (uint8_t)outcome;
	return 0;
}

/* Standings order (LG-POINTS-1): more points first, then the larger ＨＰ
 * margin; entries tied on both share a rank (am_league_standings), and are
 * listed by key (ctx: the keys by entry, or NULL), then entry number. */
static int rank_cmp(const void *pa, const void *pb, void *ctx)
{
	const am_standing *a = pa, *b = pb;
	const char *const *key = ctx;
	int c;

	if (a->points != b->points)
		return a->points > b->points ? -1 : 1;
	if (a->row.margin != b->row.margin)
		return a->row.margin > b->row.margin ? -1 : 1;
	if (key && (c = strcmp(key[a->entry] ? key[a->entry] : "",
	                       key[b->entry] ? key[b->entry] : "")) != 0)
		return c;
	return a->entry < b->entry ? -1 : a->entry > b->entry;
}

/* a + b, at __int128's ends when the sum passes them: three products of
 * 64-bit numbers can (counts and points near INT64_MAX: embedding review
 * 2026-12-06, signed overflow); clamp64 makes either end an int64's. */
static __int128 add_sat(__int128 a, __int128 b)
{
	__int128 s;
	const __int128 most = (__int128)(((unsigned __int128)1 << 127) - 1);

	if (!__builtin_add_overflow(a, b, &s))
		return s;
	return a > 0 ? most : -most - 1;
}

/* Points wins × W + draws × D + losses × L (`--points W,D,L`), ranks by
 * rank_cmp, equal points and margin sharing a rank (LG-POINTS-1).  Sorted
 * in `out` itself: nothing is allocated, so nothing can fail. */
void am_league_standings(am_standing *out, const am_league *lg, int64_t win,
                         int64_t draw, int64_t loss,
                         const char *const *key)
{
	size_t i;

	for (i = 0; i < lg->n; i++) {
		const am_league_row *r = &lg->rows[i];
		__int128 pts = add_sat(add_sat((__int128)r->wins * win,
		                               (__int128)r->draws * draw),
		                       (__int128)r->losses * loss);
		out[i].entry = i;
		out[i].row = *r;
		out[i].points = clamp64(pts); /* exact unless absurd */
	}
	qsort_r(out, lg->n, sizeof(*out), rank_cmp, (void *)key);
	for (i = 0; i < lg->n; i++)
		out[i].rank = i > 0 && out[i].points == out[i - 1].points &&
		                      out[i].row.margin == out[i - 1].row.margin
		                  ? out[i - 1].rank
		                  : i + 1;
}
