/*
 * megami/montecarlo.h - Monte Carlo over seeded combats: is an encounter
 * fair?  (docs/MEGAMI.md, section "Monte Carlo", the MG-MC rules.)
 *
 * mg_mc_run fights the scenario `runs` times with the default policy
 * (mg_combat_run), run i with the generator seeded S + i mod 2^64
 * (docs/RANDOM.md, ut_rng_series_seed), on `jobs` threads, and sums up:
 * wins of each side and draws with 95 % Wilson score intervals, the
 * rounds (mean, median, 90th percentile, nearest rank), and per character
 * the rates of 戦闘不能 and death at the end and the mean HP left.
 *
 * Every run writes its outcome into its own slot; the totals are computed
 * afterwards in run order with exact integer sums, so the report is the
 * same bit for bit whatever the number of threads.  The library does no
 * I/O; rendering is in megami/mc_render.h.
 */
#ifndef MEGAMI_MONTECARLO_H
#define MEGAMI_MONTECARLO_H

#include <stddef.h>
#include <stdint.h>

#include "combat.h"
#include "common.h"
#include "scenario.h"
#include "../util/stats.h"

#ifdef __cplusplus
extern "C" {
#endif

/** The most runs of one report (MG-MC-LIMIT-1): the memory does not grow
 *  with them (MG-MC-MEM-1). */
#define MG_MC_RUNS_MAX UINT64_C(1000000000)

/** The outcomes counted in wins[] and friends. */
enum {
	MG_MC_PC = 0,   /**< the PCs won */
	MG_MC_NPC = 1,  /**< the NPCs won */
	MG_MC_DRAW = 2  /**< the round limit was reached (M7) */
};

/** Progress: `done` of `total` runs are fought.  Called on the calling
 *  thread only, after every chunk of runs and once at the end. */
typedef void (*mg_mc_progress_fn)(void *ud, uint64_t done, uint64_t total);

/** Asked before each run, on any of the series' threads (so it must be
 *  safe to call from several at once: read a flag a signal handler sets):
 *  nonzero stops the series, whose runs not begun are not fought; the
 *  series then fails (MG_ERROR, "stopped by mg_mc_opts.stop", out->failed
 *  naming the first run not fought). */
typedef int (*mg_mc_stop_fn)(void *ud);

/* 3: stop and stop_ud (a version 2 struct, without them, is still
 * taken) */
#define MG_MC_OPTS_VERSION 3

typedef struct mg_mc_opts {
	unsigned version;   /**< MG_MC_OPTS_VERSION */
	uint64_t runs;      /**< 1 … MG_MC_RUNS_MAX */
	uint64_t seed;      /**< S: run i uses S + i mod 2^64 */
	unsigned jobs;      /**< threads (0 means 1; more than runs: runs) */
	mg_mc_progress_fn progress; /**< may be NULL */
	void *progress_ud;
	/** The event budget of each run (mg_combat_opts.max_events, ≥ 1;
	 *  MG-BUDGET-2): a run that spends it fails with MG_ELIMIT like any
	 *  failing run (MG-MC-ERR-1).  The series does at most
	 *  runs × max_events events. */
	uint64_t max_events;
	mg_mc_stop_fn stop; /**< may be NULL (version 3) */
	void *stop_ud;
} mg_mc_opts;

#define MG_MC_OPTS_INIT \
	{MG_MC_OPTS_VERSION, 1, 0, 1, NULL, NULL, MG_COMBAT_MAX_EVENTS_DEFAULT, \
	 NULL, NULL}

/** A 95 % Wilson score interval (MG-MC-WILSON-1). */
typedef struct mg_mc_interval {
	double lo, hi;
} mg_mc_interval;

/** One character's totals over the runs. */
typedef struct mg_mc_char {
	const char *name;        /**< borrowed from the scenario */
	mg_side side;
	uint64_t incapacitated;  /**< runs that ended with it 戦闘不能 */
	uint64_t dead;           /**< runs that ended with it dead */
	double incapacitated_rate, dead_rate;
	mg_mc_interval incapacitated_ci, dead_ci;
	double hp_mean;          /**< Σ HP left / runs (the sum exact) */
	int64_t hp_min, hp_max;  /**< HP left, over the runs */
	int64_t enters;          /**< the scenario's `enters` (≤ 1: there
	                              from the start; MG-ENTER-1) */
	uint64_t absent;         /**< runs that ended before it entered */
	double absent_rate;
	mg_mc_interval absent_ci;
} mg_mc_char;

/** The report of a series. */
typedef struct mg_mc_report {
	uint64_t runs, seed;
	unsigned jobs;              /**< threads that fought (fewer than asked
	                                 when a thread could not be started) */
	int64_t round_limit;        /**< the scenario's */
	uint64_t wins[3];           /**< by MG_MC_PC, MG_MC_NPC, MG_MC_DRAW */
	double rate[3];             /**< wins / runs */
	mg_mc_interval ci[3];       /**< Wilson 95 % */
	double rounds_mean;         /**< Σ rounds / runs (the sum exact) */
	int64_t rounds_median;      /**< nearest rank 50 (MG-MC-RANK-1) */
	int64_t rounds_p90;         /**< nearest rank 90 */
	int64_t rounds_min, rounds_max;
	size_t ncharacters;
	mg_mc_char *characters;     /**< in scenario order */
	/* the distributions, in memory that grows with the distinct values,
	 * never with the runs (MG-MC-MEM-1; util/stats.h UT-TALLY-1), sorted
	 * (ut_tally_sort) once the series succeeded: */
	ut_tally rounds;            /**< rounds played */
	ut_tally *hp;               /**< [k]: HP left of character k */
	/* when a run stopped with an error (mg_mc_run failed with it): */
	int failed;                 /**< 1: failed_run is set */
	uint64_t failed_run;        /**< the smallest run index that failed */
	uint64_t failed_seed;       /**< its seed */
	int failed_rc;              /**< its code (MG_ELIMIT: the budget) */
	char failed_message[512];   /**< the combat's message (no prefix) */
	int part;                   /**< 1: a part (mg_mc_run_part), not yet
	                                 finished: counts and tallies only */
} mg_mc_report;

/**
 * Fight the series.  *out is filled in (free it with mg_mc_report_free,
 * also after a failure).  The scenario is borrowed for the call.
 * @return 0; MG_EINVALID for a bad scenario or options, or when out,
 *         scenario or opts is NULL ("mg_mc_run: opts is NULL"); MG_ELIMIT for
 *         more than MG_MC_RUNS_MAX runs; MG_ENOMEM; or the error of the
 *         first failing run (smallest index; out->failed, failed_run and
 *         failed_seed say which, mg_error_last() starts with
 *         "run I (seed S): ").
 */
int mg_mc_run(mg_mc_report *out, const mg_scenario *scenario,
              const mg_mc_opts *opts);

/**
 * Where the runs of mg_mc_run_from start (MG-MC-FROM-1): the state of a
 * combat (borrowed: it must not change during the call), an optional
 * action applied first (the answer to the decision it waits for), and the
 * dice already known from there (a roll half made), taken before the
 * run's generator.
 */
typedef struct mg_mc_start {
	const mg_combat *combat;
	const mg_action *action;  /**< NULL: none */
	const int64_t *dice;      /**< 1 … 6 each */
	size_t ndice;
} mg_mc_start;

/**
 * mg_mc_run from a combat's state instead of the beginning: run i copies
 * the start's state (mg_combat_copy_state), seeds its dice S + i, applies
 * the action, then plays to the end with the default policy.  From a
 * combat that has not begun, without an action or dice, it is mg_mc_run.
 * The report's rounds are the round each run ended in (not the rounds
 * left).  Returns as mg_mc_run (MG_EINVALID when out, start or opts is
 * NULL).
 */
int mg_mc_run_from(mg_mc_report *out, const mg_mc_start *start,
                   const mg_mc_opts *opts);

/**
 * MG-MC-SHARE-1: a series in parts, for processes that share its runs (the
 * MPI ranks of `megami fight --runs`).  mg_mc_run_part fights runs first …
 * first + count − 1 of the series of opts (opts->runs is the whole
 * series, first + count ≤ opts->runs; count may be 0), each seeded as in
 * mg_mc_run, and leaves in *out a part: its runs (count), wins, per
 * character counts and tallies, or the failure of its smallest failing run
 * (out->failed; the return value is then 0, not the run's error).  Parts
 * are packed into bytes (mg_mc_report_pack, appended to b; the machine's
 * byte order), added into another part of the same scenario
 * (mg_mc_report_merge_packed: the counts and tallies add up; of two
 * failures the smaller run index stays; after an error `into` is only to
 * be freed), and a part holding all the runs
 * becomes the report (mg_mc_report_finish).  mg_mc_run is run_part(0,
 * runs) and finish: the report does not depend on how the runs were
 * shared.
 * @return 0 or a negative code (as mg_mc_run before any run; finish: the
 *         failing run's code, mg_error_last() "run I (seed S): …");
 *         MG_EINVALID when a pointer is NULL (out, scenario, opts; b,
 *         part; into, or data with len > 0; r)
 */
int mg_mc_run_part(mg_mc_report *out, const mg_scenario *scenario,
                   const mg_mc_opts *opts, uint64_t first, uint64_t count);
struct ut_buf;
int mg_mc_report_pack(struct ut_buf *b, const mg_mc_report *part);
int mg_mc_report_merge_packed(mg_mc_report *into, const void *data,
                              size_t len);
int mg_mc_report_finish(mg_mc_report *r);

/** Free what a report holds (not the report itself); NULL is fine. */
void mg_mc_report_free(mg_mc_report *r);

/**
 * The 95 % Wilson score interval of k successes in n trials (n ≥ 1,
 * k ≤ n), z = 1.959963984540054 (MG-MC-WILSON-1).
 */
mg_mc_interval mg_mc_wilson(uint64_t k, uint64_t n);

/**
 * The nearest-rank p-th percentile (0 < p ≤ 100) of n ≥ 1 values sorted
 * ascending: the value of rank ⌈p·n/100⌉ (1-based), computed in integers
 * (MG-MC-RANK-1).
 */
int64_t mg_mc_percentile(const int64_t *sorted, size_t n, unsigned p);

#ifdef __cplusplus
}
#endif

#endif
