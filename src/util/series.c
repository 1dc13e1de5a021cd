/*
 * series.c - numbered runs on threads (util/series.h): UT-SERIES-1,
 * UT-SERIES-ERR-1, UT-SERIES-PROGRESS-1.
 *
 * Each thread records its own first failure in its own slot (a thread
 * stops there), and the smallest failing index so far is kept in an atomic
 * by compare-and-swap, so no lock is needed; after the join the failure of
 * the smallest index is picked from the slots.
 *
 * UT-SERIES-POOL-2 (how many of a pool's threads take part) is in
 * util/series.h.
 *
 * UT-SERIES-POOL-1: a pool keeps its threads for many series (the
 * optimizer runs one every 16 generations, ~1 ms of work, where creating
 * and joining threads each time would cost as much as a generation):
 * each series is handed to the waiting threads by a new tag (a count and
 * how many take part, in one atomic word) and the caller waits until
 * each has finished its share; a thread looks for a while (POOL_SPIN_NS)
 * before it sleeps on a condition variable, so series that follow each
 * other closely pass with no lock, no system call and no wake-up (the
 * mutex is taken only by a thread about to sleep and by whoever must
 * wake it); the series runs exactly as ut_series_run (the same work loop
 * and slots), so its result is the same.
 *
 * The counter that threads write for every chunk and the failure index
 * they read for every run are on different cache lines, and each slot
 * starts its own line and counts its own runs (no line is written by
 * every thread for every run but the counter that hands them out).
 */
#define _POSIX_C_SOURCE 200809L

#include "util/series.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "util/error.h"
#include "util/rng.h"

typedef struct shared {
	const ut_series_opts *o;
	uint64_t chunk;
	/* read for every run, written once at most */
	_Alignas(64) atomic_uint_fast64_t fail_run; /* smallest failing run,
	                                                 or UINT64_MAX */
	/* written for every chunk */
	_Alignas(64) atomic_uint_fast64_t next;     /* next run to hand out */
	struct slot *slots;                         /* the series' slots */
	unsigned nslots;
} shared;

typedef struct slot {
	_Alignas(64) shared *sh;
	void *worker;
	int progress;                   /* the calling thread's slot only */
	int failed, rc;
	uint64_t run;
	/* runs this slot made: written by its thread alone, so that no
	 * line is written by every thread for every run (read by the
	 * progress and after the join) */
	atomic_uint_fast64_t done;
	char msg[512];
	pthread_t thread;
} slot;

static void fail(slot *s, uint64_t run, int rc)
{
	uint_fast64_t cur = atomic_load(&s->sh->fail_run);

	s->failed = 1;
	s->run = run;
	s->rc = rc;
	snprintf(s->msg, sizeof s->msg, "%s", ut_error_last());
	while (run < cur &&
	       !atomic_compare_exchange_weak(&s->sh->fail_run, &cur, run))
		;
}

/* The runs made so far by every slot. */
static uint64_t runs_done(const shared *sh)
{
	uint64_t d = 0;
	unsigned t;

	for (t = 0; t < sh->nslots; t++)
		d += atomic_load_explicit(&sh->slots[t].done,
		                          memory_order_relaxed);
	return d;
}

static void *work(void *arg)
{
	slot *s = arg;
	shared *sh = s->sh;
	const ut_series_opts *o = sh->o;

	while (!s->failed) {
		uint64_t i0 = atomic_fetch_add(&sh->next, sh->chunk), i1, i;
		if (i0 >= o->n || i0 >= atomic_load(&sh->fail_run))
			break;
		i1 = o->n - i0 < sh->chunk ? o->n : i0 + sh->chunk;
		for (i = i0; i < i1; i++) {
			int rc;
			if (i >= atomic_load(&sh->fail_run))
				break;
			if ((rc = o->run(s->worker, i)) < 0) {
				fail(s, i, rc);
				break;
			}
		}
		atomic_store_explicit(&s->done, atomic_load_explicit(
		                      &s->done, memory_order_relaxed) + (i - i0),
		                      memory_order_relaxed);
		if (s->progress && o->progress)
			o->progress(o->progress_ud, runs_done(sh), o->n);
	}
	return NULL;
}

/* How long a pool thread looks for the next series, and the caller for
 * the end of the others' shares, before sleeping on the condition
 * variable: 200 µs.  A sleeping thread takes tens of µs or more to wake
 * (more on a virtual machine), so short series that follow each other
 * (the optimizer's were a generation each, ~100 µs) would otherwise wait
 * for a wake-up twice each and gain nothing from a second thread. */
#define POOL_SPIN_NS 200000

/* Whether `start` (0: now, set) is less than POOL_SPIN_NS ago; the clock
 * is read every 256 calls (*k counts them). */
static int spin_on(struct timespec *start, unsigned *k)
{
	struct timespec now;

	if ((++*k & 255) != 0)
		return 1;
	clock_gettime(CLOCK_MONOTONIC, &now);
	if (start->tv_sec == 0 && start->tv_nsec == 0) {
		*start = now;
		return 1;
	}
	return (now.tv_sec - start->tv_sec) * 1000000000L +
	       (now.tv_nsec - start->tv_nsec) < POOL_SPIN_NS;
}

/* UT-SERIES-POOL-2 (util/series.h) */
void ut_series_pace_init(ut_series_pace *pc, unsigned threads)
{
	memset(pc, 0, sizeof *pc);
	pc->use = threads ? threads : 1;
	pc->other = 1;
	pc->left = UT_SERIES_PACE_WINDOW;
	pc->gap = pc->wait = UT_SERIES_PACE_GAP_MIN;
}

unsigned ut_series_pace_threads(const ut_series_pace *pc)
{
	return pc->probing ? pc->other : pc->use;
}

void ut_series_pace_add(ut_series_pace *pc, uint64_t runs, uint64_t ns)
{
	uint64_t r;
	unsigned th = ut_series_pace_threads(pc);

	if (th != pc->last) { /* the first on these threads: not weighed */
		pc->last = th;
		return;
	}
	pc->runs += runs;
	pc->ns += ns;
	if (--pc->left > 0)
		return;
	r = pc->ns / (pc->runs ? pc->runs : 1);
	if (r == 0)
		r = 1;
	pc->left = UT_SERIES_PACE_WINDOW;
	pc->runs = pc->ns = 0;
	if (!pc->probing) {
		pc->per_run = r;
		if (pc->use != pc->other && --pc->wait == 0) {
			pc->probing = 1;
			pc->left = UT_SERIES_PACE_PROBE;
		}
		return;
	}
	pc->probing = 0;
	if (r < pc->per_run - pc->per_run / 5) { /* a fifth faster */
		unsigned u = pc->use;
		pc->use = pc->other;
		pc->other = u;
		pc->per_run = r;
		pc->gap = UT_SERIES_PACE_GAP_MIN;
	} else if (pc->gap < UT_SERIES_PACE_GAP_MAX) {
		pc->gap *= 2;
	}
	pc->wait = pc->gap;
}

uint64_t ut_series_now_ns(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (uint64_t)t.tv_sec * 1000000000u + (uint64_t)t.tv_nsec;
}

struct ut_series_pool {
	ut_series_pace pace;     /* the calling thread's alone */
	pthread_mutex_t mu;
	pthread_cond_t go, finished;
	pthread_t *threads;
	unsigned nthreads;       /* helper threads (the caller is the 0th) */
	/* the series handed out: its slots, stored before tag is; and its
	 * tag, a count of the series so far and how many take part
	 * (helpers 1 … want-1) in one word, read whole, so that a thread
	 * that takes part sees both of the same series (TAG_WANT) */
	_Alignas(64) _Atomic(slot *) ss;
	atomic_uint_fast64_t tag;
	atomic_int quit;
	atomic_uint sleepers;    /* helpers asleep on go, or about to be */
	_Alignas(64) atomic_uint running; /* helpers of it still working */
	atomic_int waiting;      /* the caller asleep on finished, or about to */
};

typedef struct helper_arg {
	ut_series_pool *p;
	unsigned h;              /* 1 … nthreads */
} helper_arg;

/* A series' tag: the count of series handed out above TAG_BITS, the
 * number of threads that take part below (at most POOL_MAX_JOBS). */
#define TAG_BITS 20
#define POOL_MAX_JOBS ((1u << TAG_BITS) - 1)
#define TAG_WANT(t) ((unsigned)((t) & POOL_MAX_JOBS))

/* Wait for a series after the one tagged `seen` (or quit): look for a
 * while, then sleep.  The count of sleepers and the tag are both
 * sequentially consistent, so the caller that hands out a series either
 * is seen here (no sleep) or sees the sleeper (and wakes it under the
 * mutex, which the sleeper holds from its last look until it waits). */
static void await_series(ut_series_pool *p, uint64_t seen)
{
	struct timespec t0 = {0, 0};
	unsigned k = 0;

	while (!atomic_load(&p->quit) && atomic_load(&p->tag) == seen &&
	       spin_on(&t0, &k))
		;
	if (atomic_load(&p->quit) || atomic_load(&p->tag) != seen)
		return;
	pthread_mutex_lock(&p->mu);
	atomic_fetch_add(&p->sleepers, 1);
	while (!atomic_load(&p->quit) && atomic_load(&p->tag) == seen)
		pthread_cond_wait(&p->go, &p->mu);
	atomic_fetch_sub(&p->sleepers, 1);
	pthread_mutex_unlock(&p->mu);
}

/* A pool thread: wait for a series, do its share (slot h), say so.  The
 * fast path takes no lock: a series that follows the last closely is
 * picked up by the looking thread as soon as the tag moves. */
static void *helper(void *arg)
{
	helper_arg *a = arg;
	ut_series_pool *p = a->p;
	unsigned h = a->h;
	uint64_t seen = 0;

	free(a);
	for (;;) {
		uint64_t t;

		/* UT-SERIES-POOL-1: look for a while, then sleep */
		await_series(p, seen);
		if (atomic_load(&p->quit))
			break;
		/* the series tagged t; one that takes no part is not waited
		 * for (the caller may hand out the next at once), one that
		 * takes part is, so the slots stay those of its series */
		seen = t = atomic_load(&p->tag);
		if (h >= TAG_WANT(t))
			continue;
		work(&atomic_load(&p->ss)[h]);
		/* the last one out wakes the caller if it sleeps: the signal
		 * under the mutex, so it cannot fall between the caller's
		 * look at `running` and its wait */
		if (atomic_fetch_sub(&p->running, 1) == 1 &&
		    atomic_load(&p->waiting)) {
			pthread_mutex_lock(&p->mu);
			pthread_cond_signal(&p->finished);
			pthread_mutex_unlock(&p->mu);
		}
	}
	return NULL;
}

static void pool_destroy(ut_series_pool *p)
{
	pthread_cond_destroy(&p->finished);
	pthread_cond_destroy(&p->go);
	pthread_mutex_destroy(&p->mu);
	free(p->threads);
	free(p);
}

int ut_series_pool_new(ut_series_pool **out, unsigned jobs)
{
	ut_series_pool *p;
	unsigned h;

	if (out == NULL)
		return ut_error_set(UT_EINVALID, "series: no pool");
	*out = NULL;
	if ((p = calloc(1, sizeof *p)) == NULL ||
	    (p->threads = calloc(jobs > 1 ? jobs - 1 : 1,
	                         sizeof *p->threads)) == NULL) {
		free(p);
		return ut_error_set(UT_ENOMEM, "out of memory");
	}
	if (pthread_mutex_init(&p->mu, NULL) != 0 ||
	    pthread_cond_init(&p->go, NULL) != 0 ||
	    pthread_cond_init(&p->finished, NULL) != 0) {
		/* glibc's init does not fail for default attributes */
		free(p->threads);
		free(p);
		return ut_error_set(UT_ENOMEM, "series: no mutex");
	}
	/* a thread that cannot be created leaves its share to the others */
	for (h = 1; h < jobs && h < POOL_MAX_JOBS; h++) {
		helper_arg *a = malloc(sizeof *a);
		if (a == NULL)
			break;
		a->p = p;
		a->h = h;
		if (pthread_create(&p->threads[h - 1], NULL, helper, a) != 0) {
			free(a);
			break;
		}
		p->nthreads++;
	}
	ut_series_pace_init(&p->pace, p->nthreads + 1);
	*out = p;
	return 0;
}

void ut_series_pool_free(ut_series_pool *p)
{
	unsigned h;

	if (p == NULL)
		return;
	pthread_mutex_lock(&p->mu);
	atomic_store(&p->quit, 1);
	pthread_cond_broadcast(&p->go);
	pthread_mutex_unlock(&p->mu);
	for (h = 0; h < p->nthreads; h++)
		pthread_join(p->threads[h], NULL);
	pool_destroy(p);
}

/* Start slots 1 … jobs-1 on threads (new ones, or the pool's), run slot
 * 0 here, wait for the others; the number of slots that ran. */
static unsigned run_slots(slot *ss, unsigned jobs, ut_series_pool *pool)
{
	unsigned t, started = 1;

	ss[0].progress = 1;
	if (pool == NULL) {
		for (t = 1; t < jobs; t++) {
			if (pthread_create(&ss[t].thread, NULL, work, &ss[t]) != 0)
				break;
			started++;
		}
		work(&ss[0]);
		for (t = 1; t < started; t++)
			pthread_join(ss[t].thread, NULL);
		return started;
	}
	started = jobs < pool->nthreads + 1 ? jobs : pool->nthreads + 1;
	if (started > 1) {
		uint64_t t = atomic_load(&pool->tag);
		atomic_store(&pool->ss, ss);
		atomic_store(&pool->running, started - 1);
		atomic_exchange(&pool->tag,
		                ((t >> TAG_BITS) + 1) << TAG_BITS | started);
		if (atomic_load(&pool->sleepers) > 0) {
			pthread_mutex_lock(&pool->mu);
			pthread_cond_broadcast(&pool->go);
			pthread_mutex_unlock(&pool->mu);
		}
	}
	work(&ss[0]);
	if (started > 1) {
		struct timespec t0 = {0, 0};
		unsigned k = 0;
		while (atomic_load(&pool->running) > 0 && spin_on(&t0, &k))
			;
		if (atomic_load(&pool->running) > 0) {
			pthread_mutex_lock(&pool->mu);
			atomic_exchange(&pool->waiting, 1);
			while (atomic_load(&pool->running) > 0)
				pthread_cond_wait(&pool->finished, &pool->mu);
			atomic_store(&pool->waiting, 0);
			pthread_mutex_unlock(&pool->mu);
		}
	}
	return started;
}

static int series_run(ut_series_result *res, const ut_series_opts *o,
                      ut_series_pool *pool)
{
	shared sh;
	slot *ss;
	unsigned jobs, t, made = 0, started = 0, best = 0;
	size_t size;
	int rc = 0;

	if (res == NULL || o == NULL || o->run == NULL)
		return ut_error_set(UT_EINVALID, "series: bad options");
	memset(res, 0, sizeof *res);
	if (o->n == 0) {
		if (o->progress)
			o->progress(o->progress_ud, 0, 0);
		return 0;
	}
	jobs = o->jobs ? o->jobs : 1;
	if (pool != NULL && ut_series_pace_threads(&pool->pace) <
	    (jobs < pool->nthreads + 1 ? jobs : pool->nthreads + 1))
		jobs = ut_series_pace_threads(&pool->pace); /* POOL-2 */
	if (jobs > o->n)
		jobs = (unsigned)o->n;
	/* each slot on its own cache lines (sizeof is a multiple of 64) */
	size = (size_t)jobs * sizeof *ss;
	if ((ss = aligned_alloc(64, size)) == NULL)
		return ut_error_set(UT_ENOMEM, "out of memory");
	memset(ss, 0, size);

	memset(&sh, 0, sizeof sh);
	sh.o = o;
	sh.chunk = o->chunk ? o->chunk : 1;
	atomic_init(&sh.next, 0);
	sh.slots = ss;
	sh.nslots = jobs;
	atomic_init(&sh.fail_run, UINT64_MAX);

	/* every worker is made here, so the threads never allocate */
	for (t = 0; t < jobs; t++, made++) {
		ss[t].sh = &sh;
		atomic_init(&ss[t].done, 0);
		ss[t].worker = o->ud;
		if (o->setup && (rc = o->setup(o->ud, t, &ss[t].worker)) < 0)
			break;
	}
	if (rc == 0) {
		uint64_t t0 = pool != NULL ? ut_series_now_ns() : 0;
		started = run_slots(ss, jobs, pool);
		if (pool != NULL)
			ut_series_pace_add(&pool->pace, o->n, ut_series_now_ns() - t0);
		res->started = started;
		res->done = runs_done(&sh);
		if (o->progress)
			o->progress(o->progress_ud, res->done, o->n);
		for (t = 0; t < started; t++)
			if (ss[t].failed && (!ss[best].failed ||
			                     ss[t].run < ss[best].run))
				best = t;
		if (ss[best].failed) {
			res->failed = 1;
			res->failed_run = ss[best].run;
			res->failed_rc = ss[best].rc;
			memcpy(res->failed_message, ss[best].msg,
			       sizeof res->failed_message);
		}
	}
	if (o->teardown)
		for (t = 0; t < made; t++)
			o->teardown(o->ud, t, ss[t].worker);
	free(ss);
	return rc;
}

int ut_series_run(ut_series_result *res, const ut_series_opts *o)
{
	return series_run(res, o, NULL);
}

int ut_series_run_pool(ut_series_pool *pool, ut_series_result *res,
                       const ut_series_opts *o)
{
	if (pool == NULL)
		return ut_error_set(UT_EINVALID, "series: no pool");
	return series_run(res, o, pool);
}

int ut_series_error_at(uint64_t run, int rc, const char *message,
                       uint64_t seed)
{
	return ut_error_set(rc, "run %llu (seed %llu): %s",
	                    (unsigned long long)run,
	                    (unsigned long long)ut_rng_series_seed(seed, run),
	                    message);
}

int ut_series_error(const ut_series_result *res, uint64_t seed)
{
	return ut_series_error_at(res->failed_run, res->failed_rc,
	                          res->failed_message, seed);
}
