/*
 * test_series.c - util/series.h: every run made exactly once for any
 * number of threads and chunk size (UT-SERIES-1), the smallest failing
 * run reported whatever the threads (UT-SERIES-ERR-1) with its seed in
 * the message (UT-SERIES-ERR-2), progress reaching the total on the
 * calling thread (UT-SERIES-PROGRESS-1), n = 0, a failing setup undone,
 * and a pool of threads running many series with the same results
 * (UT-SERIES-POOL-1), which weighs its windows of series on all threads
 * and on one (UT-SERIES-POOL-2).
 */
#define _POSIX_C_SOURCE 200809L

#include <setjmp.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <time.h>

#include <cmocka.h>

#include "util/error.h"
#include "util/series.h"

#define N 1000

typedef struct fixture {
	atomic_uint count[N];     /* times run i was made */
	const uint64_t *fails;    /* runs that fail (ascending, may be NULL) */
	size_t nfails;
	unsigned setups, teardowns, fail_setup_at;
	uint64_t last_done, last_total;
	unsigned progress_calls;
	int progress_backwards;
	long slow_ns[2];          /* each run sleeps this long on thread 0, 1 */
} fixture;

typedef struct worker {
	fixture *f;
	unsigned t;
} worker;

static worker workers[8];

static int setup(void *ud, unsigned t, void **w)
{
	fixture *f = ud;
	if (t == f->fail_setup_at)
		return ut_error_set(UT_ENOMEM, "setup %u", t);
	f->setups++;
	workers[t].f = f;
	workers[t].t = t;
	*w = &workers[t];
	return 0;
}

static void teardown(void *ud, unsigned t, void *w)
{
	fixture *f = ud;
	assert_ptr_equal(w, &workers[t]);
	f->teardowns++;
}

static int run(void *wp, uint64_t i)
{
	worker *w = wp;
	size_t k;
	if (w->t < 2 && w->f->slow_ns[w->t] > 0) {
		struct timespec d = {0, w->f->slow_ns[w->t]};
		nanosleep(&d, NULL);
	}
	atomic_fetch_add(&w->f->count[i], 1);
	for (k = 0; k < w->f->nfails; k++)
		if (w->f->fails[k] == i)
			return ut_error_set(UT_EINVALID, "run %llu failed",
			                    (unsigned long long)i);
	return 0;
}

static void progress(void *ud, uint64_t done, uint64_t total)
{
	fixture *f = ud;
	if (done < f->last_done)
		f->progress_backwards = 1;
	f->last_done = done;
	f->last_total = total;
	f->progress_calls++;
}

static void init(fixture *f)
{
	size_t i;
	memset(f, 0, sizeof *f);
	for (i = 0; i < N; i++)
		atomic_init(&f->count[i], 0);
	f->fail_setup_at = 99;
}

static ut_series_opts opts(fixture *f, uint64_t n, unsigned jobs,
                           unsigned chunk)
{
	ut_series_opts o;
	memset(&o, 0, sizeof o);
	o.n = n;
	o.jobs = jobs;
	o.chunk = chunk;
	o.setup = setup;
	o.teardown = teardown;
	o.ud = f;
	o.run = run;
	o.progress = progress;
	o.progress_ud = f;
	return o;
}

static fixture fx; /* large: not on the stack */

/* UT-SERIES-1, UT-SERIES-PROGRESS-1: 1000 runs, jobs 1..4, chunks 1, 7,
 * 64: each count is exactly 1, done = 1000, the last progress call says
 * 1000 of 1000 and the count never goes back; one setup and one teardown
 * per thread asked for (jobs ≤ n). */
static void test_ut_series_1_each_run_once(void **state)
{
	static const unsigned chunks[] = {1, 7, 64};
	unsigned jobs, c;
	size_t i;

	for (jobs = 1; jobs <= 4; jobs++)
		for (c = 0; c < 3; c++) {
			ut_series_opts o;
			ut_series_result r;
			init(&fx);
			o = opts(&fx, N, jobs, chunks[c]);
			assert_int_equal(ut_series_run(&r, &o), 0);
			for (i = 0; i < N; i++)
				assert_int_equal(atomic_load(&fx.count[i]), 1);
			assert_int_equal(r.failed, 0);
			assert_int_equal(r.done, N);
			assert_true(r.started >= 1 && r.started <= jobs);
			assert_int_equal(fx.setups, jobs);
			assert_int_equal(fx.teardowns, jobs);
			assert_true(fx.progress_calls >= 1);
			assert_int_equal(fx.last_done, N);
			assert_int_equal(fx.last_total, N);
			assert_int_equal(fx.progress_backwards, 0);
		}
}

/* UT-SERIES-ERR-1: runs 500, 123 and 900 fail (123 smallest); for jobs
 * 1..4 and chunks 1, 7, 64 the result is run 123, UT_EINVALID, "run 123
 * failed", and every run below 123 was made exactly once (the run of
 * 123 itself once); the return value is 0 (the series ran).
 * UT-SERIES-ERR-2: with seed 10 run 123 is seed 133; with seed 2^64 − 1
 * it is 122 (mod 2^64). */
static void test_ut_series_err_1_smallest_failure(void **state)
{
	static const uint64_t fails[] = {500, 123, 900};
	static const unsigned chunks[] = {1, 7, 64};
	unsigned jobs, c;
	size_t i;

	for (jobs = 1; jobs <= 4; jobs++)
		for (c = 0; c < 3; c++) {
			ut_series_opts o;
			ut_series_result r;
			init(&fx);
			fx.fails = fails;
			fx.nfails = 3;
			o = opts(&fx, N, jobs, chunks[c]);
			assert_int_equal(ut_series_run(&r, &o), 0);
			assert_int_equal(r.failed, 1);
			assert_int_equal(r.failed_run, 123);
			assert_int_equal(r.failed_rc, UT_EINVALID);
			assert_string_equal(r.failed_message, "run 123 failed");
			for (i = 0; i <= 123; i++)
				assert_int_equal(atomic_load(&fx.count[i]), 1);
			for (i = 124; i < N; i++)
				assert_true(atomic_load(&fx.count[i]) <= 1);
			assert_int_equal(fx.teardowns, jobs);
			assert_int_equal(fx.last_done, r.done);
			assert_true(r.done >= 123 && r.done < N);
			assert_int_equal(ut_series_error(&r, 10), UT_EINVALID);
			assert_string_equal(ut_error_last(),
			                    "run 123 (seed 133): run 123 failed");
			assert_int_equal(ut_series_error(&r, UINT64_MAX),
			                 UT_EINVALID);
			assert_string_equal(ut_error_last(),
			                    "run 123 (seed 122): run 123 failed");
		}
}

/* n = 0: no setup, no run, no thread; progress once with 0 of 0. */
static void test_ut_series_1_empty(void **state)
{
	ut_series_opts o;
	ut_series_result r;
	init(&fx);
	o = opts(&fx, 0, 4, 7);
	assert_int_equal(ut_series_run(&r, &o), 0);
	assert_int_equal(r.started, 0);
	assert_int_equal(r.done, 0);
	assert_int_equal(r.failed, 0);
	assert_int_equal(fx.setups, 0);
	assert_int_equal(fx.teardowns, 0);
	assert_int_equal(fx.progress_calls, 1);
	assert_int_equal(fx.last_done, 0);
	assert_int_equal(fx.last_total, 0);
}

/* jobs above n: 3 runs on at most 3 threads (3 setups); jobs 0 is 1. */
static void test_ut_series_1_jobs_clamped(void **state)
{
	ut_series_opts o;
	ut_series_result r;
	init(&fx);
	o = opts(&fx, 3, 8, 64);
	assert_int_equal(ut_series_run(&r, &o), 0);
	assert_int_equal(fx.setups, 3);
	assert_int_equal(r.done, 3);
	init(&fx);
	o = opts(&fx, 5, 0, 2);
	assert_int_equal(ut_series_run(&r, &o), 0);
	assert_int_equal(fx.setups, 1);
	assert_int_equal(r.started, 1);
	assert_int_equal(r.done, 5);
}

/* A setup failing at worker 2 of 4: its code and message come back, the
 * two made workers are torn down, no run is made, no progress call. */
static void test_ut_series_1_setup_fails(void **state)
{
	ut_series_opts o;
	ut_series_result r;
	size_t i;
	init(&fx);
	fx.fail_setup_at = 2;
	o = opts(&fx, N, 4, 7);
	assert_int_equal(ut_series_run(&r, &o), UT_ENOMEM);
	assert_string_equal(ut_error_last(), "setup 2");
	assert_int_equal(fx.setups, 2);
	assert_int_equal(fx.teardowns, 2);
	assert_int_equal(fx.progress_calls, 0);
	for (i = 0; i < N; i++)
		assert_int_equal(atomic_load(&fx.count[i]), 0);
}

/* UT-SERIES-POOL-1: one pool of 4 (3 threads and the caller's) runs 600
 * series in a row — jobs 1 … 6 (above the pool: at most 4 start), chunks
 * 1, 7, 64, every third one with failing runs — and each is as
 * ut_series_run's: every run once, or the smallest failure with the runs
 * below it all made; a pool of 1 has no thread; bad arguments.  Series
 * that follow closely, with fewer threads taking part than the one
 * before, are where a thread that took no part in the last one may still
 * be looking at it when the next is handed out (a helper that read the
 * count of the next with the tag of the last one once took part in a
 * series it was not counted in: the caller then waited for ever, about
 * once in 150 runs of the 60 series this test had then). */
static void test_ut_series_pool_1_many_series(void **state)
{
	static const uint64_t fails[] = {500, 123, 900};
	static const unsigned chunks[] = {1, 7, 64};
	ut_series_pool *pool, *one;
	ut_series_result r;
	ut_series_opts o;
	unsigned k, jobs;
	size_t i;

	assert_int_equal(ut_series_pool_new(&pool, 4), 0);
	for (k = 0; k < 600; k++) {
		jobs = 1 + k % 6;
		init(&fx);
		if (k % 3 == 2) {
			fx.fails = fails;
			fx.nfails = 3;
		}
		o = opts(&fx, N, jobs, chunks[k % 3]);
		assert_int_equal(ut_series_run_pool(pool, &r, &o), 0);
		assert_true(r.started >= 1 && r.started <= (jobs < 4 ? jobs : 4));
		/* jobs, or 1 in a window the pool plays on the caller alone
		 * (UT-SERIES-POOL-2: with runs this short, it may) */
		assert_true(fx.setups == jobs || fx.setups == 1);
		assert_true(r.started <= fx.setups);
		assert_int_equal(fx.teardowns, fx.setups);
		assert_int_equal(fx.last_done, r.done);
		assert_int_equal(fx.progress_backwards, 0);
		if (fx.nfails) {
			assert_int_equal(r.failed, 1);
			assert_int_equal(r.failed_run, 123);
			assert_string_equal(r.failed_message, "run 123 failed");
			for (i = 0; i <= 123; i++)
				assert_int_equal(atomic_load(&fx.count[i]), 1);
			for (i = 124; i < N; i++)
				assert_true(atomic_load(&fx.count[i]) <= 1);
		} else {
			assert_int_equal(r.failed, 0);
			assert_int_equal(r.done, N);
			for (i = 0; i < N; i++)
				assert_int_equal(atomic_load(&fx.count[i]), 1);
		}
	}
	/* a short series (fewer runs than threads), then n = 0, on a new
	 * pool (this one may have gone over to the caller alone for such
	 * short runs: UT-SERIES-POOL-2) */
	ut_series_pool_free(pool);
	assert_int_equal(ut_series_pool_new(&pool, 4), 0);
	init(&fx);
	o = opts(&fx, 2, 4, 1);
	assert_int_equal(ut_series_run_pool(pool, &r, &o), 0);
	assert_int_equal(r.done, 2);
	assert_int_equal(fx.setups, 2);
	init(&fx);
	o = opts(&fx, 0, 4, 1);
	assert_int_equal(ut_series_run_pool(pool, &r, &o), 0);
	assert_int_equal(r.started, 0);
	ut_series_pool_free(pool);

	assert_int_equal(ut_series_pool_new(&one, 1), 0);
	init(&fx);
	o = opts(&fx, N, 3, 7);
	assert_int_equal(ut_series_run_pool(one, &r, &o), 0);
	assert_int_equal(r.started, 1);
	assert_int_equal(r.done, N);
	ut_series_pool_free(one);
	ut_series_pool_free(NULL);

	assert_int_equal(ut_series_pool_new(NULL, 2), UT_EINVALID);
	assert_int_equal(ut_series_run_pool(NULL, &r, &o), UT_EINVALID);
	(void)state;
}

/* UT-SERIES-POOL-1, the sleeping paths: series 2 ms apart (longer than a
 * thread looks for the next, POOL_SPIN_NS), so the helper is asleep when
 * each is handed out and must be woken; the helper's runs take 3 ms and
 * the caller's 0.1 ms, so the caller too sleeps until the helper says it
 * has finished.  A lost wake-up would hang here (CTest's timeout); every
 * run is still made once. */
static void test_ut_series_pool_1_sleepers(void **state)
{
	const struct timespec gap = {0, 2000000};
	ut_series_pool *pool;
	ut_series_result r;
	ut_series_opts o;
	unsigned k;
	size_t i;

	assert_int_equal(ut_series_pool_new(&pool, 2), 0);
	for (k = 0; k < 6; k++) {
		init(&fx);
		fx.slow_ns[0] = 100000;
		fx.slow_ns[1] = 3000000;
		o = opts(&fx, 4, 2, 1);
		assert_int_equal(ut_series_run_pool(pool, &r, &o), 0);
		assert_int_equal(r.failed, 0);
		assert_int_equal(r.done, 4);
		for (i = 0; i < 4; i++)
			assert_int_equal(atomic_load(&fx.count[i]), 1);
		nanosleep(&gap, NULL);
	}
	ut_series_pool_free(pool);
	(void)state;
}

/* Play windows 1 … nwin of a pace started with 2 threads (a probe is a
 * window too, of UT_SERIES_PACE_PROBE series; the first series on other
 * threads than the series before is played before the window, since it
 * is not weighed): each series has 4 runs and takes
 * 4 · ns_per_run(window, threads, first) ns, first set for that unweighed
 * series; threads[w] gets the threads window w took (all its series take
 * the same). */
typedef uint64_t (*per_run_fn)(unsigned window, unsigned threads,
                               int first);

static void play_windows(unsigned *threads, unsigned nwin, per_run_fn f)
{
	ut_series_pace pc;
	unsigned w, k, last = 0;

	ut_series_pace_init(&pc, 2);
	for (w = 1; w <= nwin; w++) {
		unsigned len = pc.probing ? UT_SERIES_PACE_PROBE
		                          : UT_SERIES_PACE_WINDOW;
		threads[w] = ut_series_pace_threads(&pc);
		if (threads[w] != last)
			len++;
		for (k = 0; k < len; k++) {
			assert_int_equal(ut_series_pace_threads(&pc), threads[w]);
			ut_series_pace_add(&pc, 4, 4 * f(w, threads[w],
			                   k == 0 && threads[w] != last));
		}
		last = threads[w];
	}
}

/* A busy machine: 2 threads 1000 ns a run, 1 thread 300. */
static uint64_t busy(unsigned w, unsigned t, int first)
{
	(void)w;
	(void)first;
	return t == 2 ? 1000 : 300;
}

/* An idle machine: 2 threads 500 ns a run, 1 thread 900. */
static uint64_t idle(unsigned w, unsigned t, int first)
{
	(void)w;
	(void)first;
	return t == 2 ? 500 : 900;
}

/* Idle, busy from window 41 to 100, idle again. */
static uint64_t busy_41_100(unsigned w, unsigned t, int first)
{
	if (w >= 41 && w <= 100)
		return t == 2 ? 3000 : 900;
	return idle(w, t, first);
}

/* The same, where the first series on 2 threads after 1 thread waits
 * for the other thread to wake (it slept): 1 ms a run. */
static uint64_t busy_41_100_asleep(unsigned w, unsigned t, int first)
{
	if (t == 2 && first && w > 1)
		return 1000000;
	return busy_41_100(w, t, first);
}

/* UT-SERIES-POOL-2, by hand (a window is 16 series, a probe 4, the first
 * probe after 4 windows, a probe kept when its runs are at least a fifth
 * faster, a lost probe doubling the gap up to 1024, a won one setting it
 * back to 4):
 * - busy: windows 1–4 on 2 threads (1000 ns a run); 5 probes 1 thread:
 *   300 < 1000 − 200, kept, so 1 thread from 5 on; the probes of 2
 *   threads (1000 ≥ 300 − 60: lost) at 5 + 4 + 1 = 10, then gaps 8, 16,
 *   32: 10 + 8 + 1 = 19, 19 + 16 + 1 = 36, 36 + 32 + 1 = 69.
 * - idle: 2 threads throughout but for the probes of 1 (900 ≥ 500 − 100:
 *   lost) at 5, then each gap doubled: 5 + 8 + 1 = 14, 14 + 16 + 1 = 31,
 *   64, 129, 258, 515, 1028, then 1024 at most: 1028 + 1024 + 1 = 2053,
 *   3078.
 * - idle, then busy in windows 41–100: probes lost at 5, 14, 31; the next
 *   (gap 32) at 64 finds 1 thread at 900 < 3000 − 600 and keeps it; the
 *   probes of 2 threads at 64 + 4 + 1 = 69, 69 + 8 + 1 = 78,
 *   78 + 16 + 1 = 95 are lost (busy); the one at 95 + 32 + 1 = 128 finds
 *   2 threads at 500 < 900 − 180 again (idle): 2 threads from 128 on,
 *   the next probe of 1 at 128 + 4 + 1 = 133.
 * The first series after a change of threads is not weighed: the windows
 * are the same whatever it took (play_windows plays it before them). */
static void test_ut_series_pool_2_pace(void **state)
{
	static const unsigned busy_probes[] = {10, 19, 36, 69};
	static const unsigned idle_probes[] = {5, 14, 31, 64, 129, 258, 515,
	                                       1028, 2053, 3078};
	static unsigned th[3200];
	unsigned w, k;
	ut_series_pace pc;

	play_windows(th, 80, busy);
	for (w = 1, k = 0; w <= 80; w++) {
		unsigned want = w <= 4 ? 2 : 1;
		if (k < 4 && w == busy_probes[k]) {
			want = 2;
			k++;
		}
		assert_int_equal(th[w], want);
	}
	assert_int_equal(k, 4);

	play_windows(th, 3100, idle);
	for (w = 1, k = 0; w <= 3100; w++) {
		unsigned want = 2;
		if (k < 10 && w == idle_probes[k]) {
			want = 1;
			k++;
		}
		assert_int_equal(th[w], want);
	}
	assert_int_equal(k, 10);

	/* busy for a while; then the same where the wake-up before each
	 * window of 2 threads after 1 is not weighed: the same windows
	 * (weighed, it lost the probe at 128, and every one after, at 1 ms
	 * against 900 ns a run) */
	for (k = 0; k < 2; k++) {
		play_windows(th, 140, k == 0 ? busy_41_100
		                             : busy_41_100_asleep);
		for (w = 1; w <= 140; w++) {
			unsigned want = w < 64 || w >= 128 ? 2 : 1;
			if (w == 5 || w == 14 || w == 31 || w == 133)
				want = 1;
			if (w == 69 || w == 78 || w == 95)
				want = 2;
			assert_int_equal(th[w], want);
		}
	}

	/* one thread: nothing to weigh, never a probe */
	ut_series_pace_init(&pc, 1);
	for (k = 0; k < 100 * UT_SERIES_PACE_WINDOW; k++) {
		assert_int_equal(ut_series_pace_threads(&pc), 1);
		ut_series_pace_add(&pc, 4, 4000);
	}
	(void)state;
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_ut_series_1_each_run_once),
		cmocka_unit_test(test_ut_series_err_1_smallest_failure),
		cmocka_unit_test(test_ut_series_1_empty),
		cmocka_unit_test(test_ut_series_1_jobs_clamped),
		cmocka_unit_test(test_ut_series_1_setup_fails),
		cmocka_unit_test(test_ut_series_pool_1_many_series),
		cmocka_unit_test(test_ut_series_pool_1_sleepers),
		cmocka_unit_test(test_ut_series_pool_2_pace),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
