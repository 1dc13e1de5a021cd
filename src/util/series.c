/*
 * series.c - numbered runs on threads (util/series.h): UT-SERIES-1,
 * UT-SERIES-ERR-1, UT-SERIES-PROGRESS-1.
 *
 * Each thread records its own first failure in its own slot (a thread
 * stops there), and the smallest failing index so far is kept in an atomic
 * by compare-and-swap, so no lock is needed; after the join the failure of
 * the smallest index is picked from the slots.
 */
#define _POSIX_C_SOURCE 200809L

#include "util/series.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/error.h"
#include "util/rng.h"

typedef struct shared {
	const ut_series_opts *o;
	uint64_t chunk;
	atomic_uint_fast64_t next;      /* next run to hand out */
	atomic_uint_fast64_t done;      /* runs made */
	atomic_uint_fast64_t fail_run;  /* smallest failing run, or UINT64_MAX */
} shared;

typedef struct slot {
	shared *sh;
	void *worker;
	int progress;                   /* the calling thread's slot only */
	int failed, rc;
	uint64_t run;
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
		atomic_fetch_add(&sh->done, i - i0);
		if (s->progress && o->progress)
			o->progress(o->progress_ud, atomic_load(&sh->done), o->n);
	}
	return NULL;
}

int ut_series_run(ut_series_result *res, const ut_series_opts *o)
{
	shared sh;
	slot *ss;
	unsigned jobs, t, made = 0, started = 0, best = 0;
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
	if (jobs > o->n)
		jobs = (unsigned)o->n;
	if ((ss = calloc(jobs, sizeof *ss)) == NULL)
		return ut_error_set(UT_ENOMEM, "out of memory");

	memset(&sh, 0, sizeof sh);
	sh.o = o;
	sh.chunk = o->chunk ? o->chunk : 1;
	atomic_init(&sh.next, 0);
	atomic_init(&sh.done, 0);
	atomic_init(&sh.fail_run, UINT64_MAX);

	/* every worker is made here, so the threads never allocate */
	for (t = 0; t < jobs; t++, made++) {
		ss[t].sh = &sh;
		ss[t].worker = o->ud;
		if (o->setup && (rc = o->setup(o->ud, t, &ss[t].worker)) < 0)
			break;
	}
	if (rc == 0) {
		started = 1;
		for (t = 1; t < jobs; t++) {
			if (pthread_create(&ss[t].thread, NULL, work, &ss[t]) != 0)
				break;
			started++;
		}
		ss[0].progress = 1;
		work(&ss[0]);
		for (t = 1; t < started; t++)
			pthread_join(ss[t].thread, NULL);
		res->started = started;
		res->done = atomic_load(&sh.done);
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

int ut_series_error(const ut_series_result *res, uint64_t seed)
{
	return ut_error_set(res->failed_rc, "run %llu (seed %llu): %s",
	                    (unsigned long long)res->failed_run,
	                    (unsigned long long)ut_rng_series_seed(
	                            seed, res->failed_run),
	                    res->failed_message);
}
