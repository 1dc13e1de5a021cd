/*
 * manastorm/playtest.h - playtests (many seeded duels of one scenario) and
 * parameter sweeps (a playtest per value of one numeric field);
 * docs/MANASTORM.md "Playtests" (the MS-PT rules) and "Sweeps" (the MS-SW
 * rules).
 *
 *     ms_pt_opts o = MS_PT_OPTS_INIT;
 *     ms_pt_report r;
 *     o.runs = 1000; o.seed = 1; o.jobs = 4;
 *     if (ms_pt_run(&r, &scenario, &o) < 0) … r.failed, r.failed_run …
 *     … r.wins[MS_PT_A], r.ci[MS_PT_A] …
 *     ms_pt_report_free(&r);
 *
 * Run i is one duel with each participant's policy and the duel's
 * generator seeded S + i mod 2^64 (ut_rng_series_seed), whatever thread
 * plays it; the report is the same for any number of threads.  The
 * library starts threads but does no I/O.
 */
#ifndef MANASTORM_PLAYTEST_H
#define MANASTORM_PLAYTEST_H

#include <stddef.h>
#include <stdint.h>

#include "common.h"
#include "duel.h"
#include "scenario.h"
#include "../util/stats.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Outcome slots: side A won, side B won, a draw. */
enum { MS_PT_A = 0, MS_PT_B = 1, MS_PT_DRAW = 2 };

/** Which step ended a duel, as slots of ms_pt_report.end (D7.5). */
enum { MS_PT_END_STEP6 = 0, MS_PT_END_STORM = 1, MS_PT_END_STEP9 = 2,
       MS_PT_END_BATTLES = 3, MS_PT_END_N = 4 };

/** At most this many runs in one playtest (MS-PT-LIMIT-1; the memory
 *  does not grow with them, MS-PT-MEM-1). */
#define MS_PT_RUNS_MAX 1000000000u
/** At most this many threads. */
#define MS_PT_JOBS_MAX 256u

/** A 95% interval of a proportion. */
typedef struct ms_pt_interval {
	double lo, hi;
} ms_pt_interval;

/**
 * The 95% Wilson score interval of k successes in n trials (MS-PT-WILSON-1):
 * z = 1.959963984540054, centre (p + z²/2n)/(1 + z²/n), half-width
 * z√(p(1−p)/n + z²/4n²)/(1 + z²/n), clamped to [0, 1]; exactly 0 below for
 * k = 0 and 1 above for k = n; [0, 1] for n = 0 or k > n.
 */
ms_pt_interval ms_pt_wilson(uint64_t k, uint64_t n);

/**
 * The 95% interval of the difference p1 − p2 of two proportions k1/n1 and
 * k2/n2 from independent samples (MS-PT-DIFF-1): Newcombe's hybrid score
 * interval, built from the two Wilson intervals [l1, u1] and [l2, u2]:
 * d − √((p1 − l1)² + (u2 − p2)²) … d + √((u1 − p1)² + (p2 − l2)²), d = p1
 * − p2.  [−1, 1] when n1 or n2 is 0 or a k is above its n.
 */
ms_pt_interval ms_pt_diff(uint64_t k1, uint64_t n1, uint64_t k2, uint64_t n2);

/**
 * How many runs each of two playtests need so that a difference d
 * (0 < d ≤ 1) between their win rates, both near p, is significant at 95%
 * (MS-PT-TELL-1; two proportions, normal approximation):
 * ⌈2 z² p(1 − p) / d²⌉, z = 1.959963984540054.  0 (no estimate) when
 * p(1 − p) is not above 0 or d is outside (0, 1].
 */
uint64_t ms_pt_runs_needed(double p, double d);

/**
 * The smallest difference between two playtests of n runs each, win rates
 * near p, that is significant at 95% (MS-PT-TELL-1): z √(2 p(1 − p) / n);
 * 0 for n = 0 or p(1 − p) not above 0.
 */
double ms_pt_smallest_diff(double p, uint64_t n);

/** Progress: `done` of `total` runs played (called on the calling thread). */
typedef void (*ms_pt_progress_fn)(void *ud, uint64_t done, uint64_t total);

#define MS_PT_OPTS_VERSION 2

typedef struct ms_pt_opts {
	unsigned version;       /**< MS_PT_OPTS_VERSION */
	uint64_t runs;          /**< 1 … MS_PT_RUNS_MAX */
	uint64_t seed;          /**< run i: S + i mod 2^64 */
	unsigned jobs;          /**< threads (0: 1; at most runs, JOBS_MAX) */
	ms_pt_progress_fn progress; /**< may be NULL */
	void *progress_ud;
	const ms_policy *policies;  /**< extra policies for every duel
	                                 (ms_duel_opts.policies; borrowed, must
	                                 be thread-safe); may be NULL, with
	                                 npolicies 0 (else MS_EINVALID) */
	size_t npolicies;
	/** The event budget of each duel (ms_duel_opts.max_events, ≥ 1;
	 *  MS-BUDGET-2): a duel that spends it fails with MS_ELIMIT like any
	 *  failing duel (MS-PT-ERR-1).  A playtest does at most
	 *  runs × max_events events, a sweep values × runs × max_events. */
	uint64_t max_events;
} ms_pt_opts;

#define MS_PT_OPTS_INIT \
	{MS_PT_OPTS_VERSION, 1, 0, 1, NULL, NULL, NULL, 0, \
	 MS_DUEL_MAX_EVENTS_DEFAULT}

/** One participant's numbers at the end of the duels. */
typedef struct ms_pt_part {
	const char *name;       /**< borrowed from the scenario */
	int side;
	ms_role role;
	double hp_mean, mp_mean, outfits_mean; /**< left at the end */
	int64_t hp_min, hp_max, mp_min, mp_max;
} ms_pt_part;

/** A playtest's report. */
typedef struct ms_pt_report {
	uint64_t runs, seed;
	unsigned jobs;             /**< threads that played */
	uint64_t wins[3];          /**< MS_PT_A, MS_PT_B, MS_PT_DRAW */
	double rate[3];
	ms_pt_interval ci[3];      /**< Wilson, 95% */
	double mean_battles;
	int64_t battles_min, battles_max;
	double storms_per_duel, happenings_per_duel;
	double storm_outfits_per_duel; /**< 衣装 lost in storms, per duel */
	double storm_hp_per_duel;      /**< HP lost in storms, per duel */
	double storm_outfits_per_storm, storm_hp_per_storm; /**< 0: no storm */
	uint64_t end[MS_PT_END_N]; /**< duels ended at each step */
	size_t nparts;
	ms_pt_part *parts;
	/* the distributions, in memory that grows with the distinct values,
	 * never with the runs (MS-PT-MEM-1; util/stats.h UT-TALLY-1), sorted
	 * (ut_tally_sort) once the playtest succeeded: */
	ut_tally battles, storms;  /**< per duel */
	ut_tally *hp, *mp;         /**< [k]: left at the end, participant k */
	int failed;                /**< a duel failed: */
	uint64_t failed_run, failed_seed; /**< the smallest failing run */
	int failed_rc;             /**< its code (MS_ELIMIT: the budget) */
	char failed_message[512];
	int part;                  /**< 1: a part (ms_pt_run_part), not yet
	                                finished */
	struct ms_pt_sums *sums;   /**< a part's exact sums (private) */
} ms_pt_report;

/**
 * Play opts->runs duels of `scenario` (checked; policies looked up).
 * @return 0; MS_EINVALID (scenario, options; out, scenario or opts NULL);
 *         MS_ELIMIT (runs); MS_ENOMEM;
 *         a duel's error: then out->failed is set with the run, its seed
 *         and the message (MS-PT-ERR-1), and the totals are not computed.
 *         *out is to be freed with ms_pt_report_free in every case.
 */
int ms_pt_run(ms_pt_report *out, const ms_scenario *scenario,
              const ms_pt_opts *opts);

/**
 * MS-PT-SHARE-1: a playtest in parts, for processes that share its runs
 * (the MPI ranks of `manastorm playtest` and `sweep`).  ms_pt_run_part
 * plays runs first … first + count − 1 of the playtest of opts
 * (opts->runs is the whole playtest, first + count ≤ opts->runs; count
 * may be 0), each seeded as in ms_pt_run, and leaves in *out a part: its
 * runs (count), counts, exact sums and tallies, or the failure of its
 * smallest failing run (out->failed; the return value is then 0).  Parts
 * are packed into bytes (ms_pt_report_pack, appended to b; the machine's
 * byte order), added into another part of the same scenario
 * (ms_pt_report_merge_packed; of two failures the smaller run stays;
 * after an error `into` is only to be freed), and
 * a part holding all the runs becomes the report (ms_pt_report_finish).
 * ms_pt_run is run_part(0, runs) and finish: the report does not depend
 * on how the runs were shared.
 * @return 0 or a negative code (as ms_pt_run before any duel; finish: the
 *         failing run's code, ms_error_last() "run I (seed S): …");
 *         MS_EINVALID when a pointer is NULL (out, scenario, opts; b,
 *         part; into, or data with len > 0; r)
 */
int ms_pt_run_part(ms_pt_report *out, const ms_scenario *scenario,
                   const ms_pt_opts *opts, uint64_t first, uint64_t count);
struct ut_buf;
int ms_pt_report_pack(struct ut_buf *b, const ms_pt_report *part);
int ms_pt_report_merge_packed(ms_pt_report *into, const void *data,
                              size_t len);
int ms_pt_report_finish(ms_pt_report *r);

/** Free a report's arrays; it is zeroed. */
void ms_pt_report_free(ms_pt_report *r);

/** Free only a report's tallies (battles, storms, hp, mp), keeping its
 *  totals; they are zeroed.  A sweep keeps each value's totals so. */
void ms_pt_report_drop_tallies(ms_pt_report *r);

/** The side whose win rate MS-PT-TELL-1 uses: MS_PT_A or MS_PT_B, the one
 *  whose wins are nearer half the runs (the larger p(1 − p)); A on a tie. */
int ms_pt_tell_side(const ms_pt_report *r);

/* ---- sweeps ------------------------------------------------------------ */

/** The fields a sweep may vary (MS-SW-PATH-1). */
typedef enum ms_sw_field {
	MS_SW_BATTLES = 0, MS_SW_ROUNDS, MS_SW_HAND_SIZE,
	MS_SW_THRESHOLD, MS_SW_MP, MS_SW_HP
} ms_sw_field;

/** At most this many values in a sweep. */
#define MS_SW_VALUES_MAX 1000u

/** What is wrong with a --vary text (ms_sw_parse). */
typedef enum ms_sw_problem {
	MS_SW_OK = 0,
	MS_SW_NO_EQUALS,    /**< no '=' */
	MS_SW_BAD_PATH,     /**< the path is not one of the forms */
	MS_SW_NO_PARTICIPANT, /**< no participant of that name */
	MS_SW_NOT_FOR_ROLE, /**< mp of a warrior, hp of a caster */
	MS_SW_BAD_VALUES,   /**< the values are not a..b, a..b/step, a,b,c */
	MS_SW_TOO_MANY,     /**< more than MS_SW_VALUES_MAX values */
	MS_SW_ILLEGAL,      /**< a value makes the scenario illegal */
	MS_SW_RANGE         /**< a value out of the range a scenario file may
	                         give the field (MS-SCN-NUM-1, MS-SCN-NUM-2) */
} ms_sw_problem;

/** A parsed --vary. */
typedef struct ms_sw_spec {
	ms_sw_field field;
	size_t participant;  /**< for threshold, mp, hp */
	int64_t *values;     /**< in the order given; ms_sw_spec_free */
	size_t nvalues;
	ms_sw_problem problem; /**< after a failed parse: */
	int64_t bad_value;   /**< MS_SW_ILLEGAL, MS_SW_RANGE: the value */
	int64_t lo, hi;      /**< MS_SW_RANGE: the range */
	char detail[256];    /**< the part named (path, name, values; the path
	                          for MS_SW_RANGE), or the check's message for
	                          MS_SW_ILLEGAL */
} ms_sw_spec;

/**
 * Parse `text` ("PATH=VALUES"): PATH one of battles, rounds_per_battle,
 * hand_size, participants.NAME.threshold|mp|hp; VALUES a..b, a..b/step
 * (step ≥ 1, a ≤ b) or a,b,c (integers).  Each value must be in the range
 * a scenario file may give the field (else MS_SW_RANGE), and is applied to
 * a copy of `s` and checked with ms_scenario_check (else MS_SW_ILLEGAL).
 * @return 0; MS_EINVALID with out->problem and out->detail; MS_ENOMEM;
 *         MS_EINVALID (problem MS_SW_OK) when text or s is NULL, and when
 *         out is NULL
 */
int ms_sw_parse(ms_sw_spec *out, const char *text, const ms_scenario *s);

/** Free what ms_sw_parse allocated in *spec (not spec itself); NULL is
 *  fine. */
void ms_sw_spec_free(ms_sw_spec *spec);

/**
 * `s` with the field set to `value`: *copy is `s` with its participants in
 * `parts` (s->nparticipants of them, the caller's array).
 */
void ms_sw_apply(ms_scenario *copy, ms_participant *parts,
                 const ms_scenario *s, const ms_sw_spec *spec, int64_t value);

/** A sweep's report: one playtest per value, in the order of the values;
 *  each keeps its totals and participants, not the runs (run_* NULL). */
typedef struct ms_sw_report {
	size_t nvalues;
	int64_t *values;
	ms_pt_report *pt;
	size_t failed_value;  /**< when a playtest failed: its index */
} ms_sw_report;

/**
 * A playtest per value, each with the same seeds S … S+N−1 (common random
 * numbers, MS-SW-CRN-1).  Progress counts the runs of all values.
 * @return 0, or the first failing playtest's error (out->pt[failed_value]
 *         says which run); MS_EINVALID when out, s, spec or opts is NULL or
 *         spec has no value.  Free *out with ms_sw_report_free in any case.
 */
int ms_sw_run(ms_sw_report *out, const ms_scenario *s, const ms_sw_spec *spec,
              const ms_pt_opts *opts);

/**
 * The best value of a sweep (MS-SW-BEST-1): the index of the value whose
 * playtest has the most wins of side A, the first among equals; 0 when
 * there is no value.
 */
size_t ms_sw_best(const ms_sw_report *r);

/**
 * Value i of a sweep against the value `best` (ms_sw_best, MS-SW-BEST-1):
 * side A's win rate at i minus at best into *diff, its 95% interval
 * (MS-PT-DIFF-1) into *ci.  What the text's and JSON's last column and
 * the picture's marks (MS-SW-OUT-3) say.
 * @return 1 when the interval excludes 0 (the two differ), else 0 (also
 *         for i == best).
 */
int ms_sw_vs_best(double *diff, ms_pt_interval *ci, const ms_sw_report *r,
                  size_t i, size_t best);

/** Free what ms_sw_run allocated in *r (not r itself); NULL is fine. */
void ms_sw_report_free(ms_sw_report *r);

#ifdef __cplusplus
}
#endif

#endif
