/*
 * util/series.h - a series of n numbered runs on threads, shared by the
 * rule systems' Monte Carlo (megami) and playtests (manastorm).
 *
 * UT-SERIES-1: the threads take chunks of run indices from an atomic
 * counter; each thread has its own worker object (made by setup before any
 * thread starts, so the threads need not allocate) and run(worker, i)
 * writes run i's outcome into the caller's slot i only.
 * UT-SERIES-ERR-1: the failure reported is the one of the smallest failing
 * run index, whatever the number of threads: a thread stops at a run index
 * at or above a known failure, and the runs below it were handed out
 * before it (the counter only grows), so they are all run.
 * UT-SERIES-PROGRESS-1: progress is called on the calling thread only,
 * after each chunk it runs, and once after the join with the final count.
 */
#ifndef UT_SERIES_H
#define UT_SERIES_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/*
 * Make worker t (0 ≤ t < jobs) into *worker; 0 or a negative code with the
 * error set.  Called on the calling thread, in order, before any thread
 * starts.
 */
typedef int (*ut_series_setup_fn)(void *ud, unsigned t, void **worker);
/* Undo a successful setup (called for those only, after the join). */
typedef void (*ut_series_teardown_fn)(void *ud, unsigned t, void *worker);
/* Run i with this worker: 0, or a negative code with the error set. */
typedef int (*ut_series_run_fn)(void *worker, uint64_t i);
typedef void (*ut_series_progress_fn)(void *ud, uint64_t done,
                                      uint64_t total);

typedef struct ut_series_opts {
	uint64_t n;                     /**< runs 0 .. n-1 */
	unsigned jobs;                  /**< threads (0: 1; at most n) */
	unsigned chunk;                 /**< runs per hand-out (0: 1) */
	ut_series_setup_fn setup;       /**< may be NULL: worker = ud */
	ut_series_teardown_fn teardown; /**< may be NULL */
	void *ud;                       /**< for setup and teardown */
	ut_series_run_fn run;           /**< required */
	ut_series_progress_fn progress; /**< may be NULL */
	void *progress_ud;
} ut_series_opts;

typedef struct ut_series_result {
	unsigned started;          /**< threads that ran (the caller's too) */
	uint64_t done;             /**< runs that succeeded */
	int failed;                /**< 1 if a run failed */
	uint64_t failed_run;       /**< the smallest failing index */
	int failed_rc;             /**< its code */
	char failed_message[512];  /**< its error message (ut_error_last) */
} ut_series_result;

/*
 * Run the series.  Returns 0 when every run was tried (a failing run is
 * reported in *res, not by the return value), or a negative code with the
 * error set when the series could not start (bad options, out of memory,
 * a failing setup: then no run was made).  A thread that cannot be
 * created leaves its share to the others: the result is the same.
 */
int ut_series_run(ut_series_result *res, const ut_series_opts *o);

typedef struct ut_series_pool ut_series_pool;
/**
 * UT-SERIES-POOL-1: threads kept for many series (a caller that runs a
 * short series again and again, as the optimizer does every 16
 * generations, need not create and join threads each time).
 * ut_series_pool_new starts jobs - 1 threads (0 and 1: none; a thread
 * that cannot be created leaves its share to the others);
 * ut_series_run_pool runs a series as ut_series_run, with the same
 * result, on at most those threads and the caller's (o->jobs still caps
 * them).  One series at a time per pool, from one thread.  @return 0 or
 * a negative code with the error set
 */
int ut_series_pool_new(ut_series_pool **out, unsigned jobs);
int ut_series_run_pool(ut_series_pool *pool, ut_series_result *res,
                       const ut_series_opts *o);
/** Stop and join the pool's threads, free it; accepts NULL. */
void ut_series_pool_free(ut_series_pool *pool);

/**
 * UT-SERIES-POOL-2: how many threads a pool's series take.  Threads that
 * wait for each other often (the optimizer's, at the end of each
 * generation, ~50 µs) lose more than a second thread gives whenever that
 * thread is not running: on a machine busy with other work, each wait
 * is for a thread the system has put aside.  So a pool weighs its series
 * in windows of UT_SERIES_PACE_WINDOW series (the time a run, over the
 * window) and now and then plays a short window (UT_SERIES_PACE_PROBE
 * series) with the other choice (all its threads, or the caller's
 * alone): a choice at least a fifth faster a run is kept.  A probe that loses makes the next wait twice as many
 * windows (UT_SERIES_PACE_GAP_MIN up to UT_SERIES_PACE_GAP_MAX), so an
 * idle machine soon stops probing; a probe that wins brings the gap back
 * to the least.  The first series after a change in the number of
 * threads is not weighed: it wakes the threads that slept while the
 * caller played alone, which can take longer than a window of series
 * (weighed, that wake-up lost every probe of all the threads, so that
 * one unlucky window kept a series on one thread for good).  Only the
 * threads taking part change, never a result (UT-SERIES-1).
 * ut_series_run_pool keeps one per pool; the functions take the measured
 * times, so the choice can be tested without a clock.
 */
enum {
	UT_SERIES_PACE_WINDOW = 16,
	UT_SERIES_PACE_PROBE = 4,
	UT_SERIES_PACE_GAP_MIN = 4,
	UT_SERIES_PACE_GAP_MAX = 1024
};
typedef struct ut_series_pace {
	unsigned use, other;  /**< threads for the windows; for a probe */
	unsigned left;        /**< series left in this window (or probe) */
	unsigned gap, wait;   /**< windows between probes; until the next */
	int probing;          /**< this window plays `other` */
	uint64_t runs, ns;    /**< this window's runs and time so far */
	uint64_t per_run;     /**< ns a run (rounded down; at least 1), the
	                           last window on `use`; 0 before any */
	unsigned last;        /**< threads of the last series; 0 before any */
} ut_series_pace;
/** Start with all `threads` (the caller's included; at least 1). */
void ut_series_pace_init(ut_series_pace *pc, unsigned threads);
/** The threads the next series takes. */
unsigned ut_series_pace_threads(const ut_series_pace *pc);
/** A series of `runs` runs took `ns` nanoseconds (on the threads
 *  ut_series_pace_threads gave for it). */
void ut_series_pace_add(ut_series_pace *pc, uint64_t runs, uint64_t ns);
/** The monotonic clock (CLOCK_MONOTONIC) in nanoseconds, by which a
 *  pool times its series and its callers their waits. */
uint64_t ut_series_now_ns(void);

/*
 * UT-SERIES-ERR-2: for a series of seeded runs (run i seeded
 * ut_rng_series_seed(seed, i)) that failed, set the error to
 * "run I (seed S): MESSAGE" and return the failing run's code.
 */
int ut_series_error(const ut_series_result *res, uint64_t seed);
/** The same for run `run` that failed with code rc and message: for a
 *  report that keeps the failure of a series it merged. */
int ut_series_error_at(uint64_t run, int rc, const char *message,
                       uint64_t seed);

#ifdef __cplusplus
}
#endif

#endif
