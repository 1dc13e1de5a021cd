/*
 * amaryllis/optimize.h - design legal units that score against a field.
 *
 * Two parts, both without I/O or global state:
 *
 *   am_design    one legal sheet as the optimizer sees it (a genome): the
 *                split of the bonus points, the action list with each
 *                action's class, Ｎ and customisations, and with ビルディア
 *                on, 愛 and the storage.  Random designs and mutations stay
 *                legal by construction (every change ends with a repair);
 *                a design formats to the players' notation (full width,
 *                costs declared) and builds the team the engine runs.
 *
 *   am_opt       a generational evolutionary search over designs against
 *                a field of compiled programs (docs/OPTIMIZE.md): the
 *                population of each generation is made on the calling
 *                thread from one seeded generator; only the evaluation
 *                (candidate × field battles) is spread over threads and,
 *                through the `share` callback, over processes.  So the same
 *                seed gives the same best design whatever the number of
 *                threads or processes.
 */
#ifndef AMARYLLIS_OPTIMIZE_H
#define AMARYLLIS_OPTIMIZE_H

#include <stddef.h>
#include <stdint.h>

#include "common.h"
#include "engine.h"
#include "render.h"
#include "team.h"
#include "../util/rng.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- designs ------------------------------------------------------------- */

typedef struct am_design am_design;

/**
 * A new design: one unit with all 10 bonus points in ＨＰ and no actions.
 * @param buildia  1: the design may use 愛, ビルディア, ビルド and the
 *                 extension's customisations (対象Ｎ, 配置Ｎ, 全体化)
 * @return 0; AM_EINVALID when out is NULL; AM_ENOMEM
 */
int am_design_new(am_design **out, int buildia);

/** Free a design; NULL is fine. */
void am_design_free(am_design *design);

/** Copy src into dst (both made with am_design_new). */
void am_design_copy(am_design *dst, const am_design *src);

/** Replace the design with a random legal one drawn from rng. */
void am_design_random(am_design *design, ut_rng *rng);

/**
 * Apply one random legal change: move a bonus point, change a class, an Ｎ
 * or a customisation, add, remove, repeat or move an action (with ビルディア
 * also 愛 and the storage).  The result is legal.
 */
void am_design_mutate(am_design *design, ut_rng *rng);

/**
 * Crossover: child := a with either b's stats or b's tail of the action
 * list, repaired to be legal.  child may be a but not b.
 */
void am_design_cross(am_design *child, const am_design *a,
                     const am_design *b, ut_rng *rng);

/**
 * The design as players write it: full-width digits and punctuation, each
 * action defined once with its cost declared, e.g.
 *   オプティマ：１０／２／１／２／技１、技２
 *   ・技１（１）：直接攻撃＜遅延起動４＞＜効果２倍＞
 * NUL-terminated and truncated to size.
 * @return the length the full text needs (like snprintf); 0 (buf empty)
 *         when out of memory (a design's text is never empty)
 */
size_t am_design_format(char *buf, size_t size, const am_design *design);

/**
 * am_design_format's text, whole, in memory of its own.
 * @param out  the text, NUL-terminated (free()); NULL on failure
 * @param len  its length, or NULL
 * @return 0; AM_ENOMEM; AM_EINVALID when out or design is NULL
 */
int am_design_text(char **out, size_t *len, const am_design *design);

/**
 * The team of the design (borrowed from it, valid until the design
 * changes).  Equal to the team am_sheet_parse makes of am_design_format's
 * text.
 */
const am_team *am_design_team(am_design *design);

/** 1 when the two designs are the same sheet. */
int am_design_equal(const am_design *a, const am_design *b);

/**
 * A hash of what am_design_equal compares: equal designs hash alike, so
 * a design is looked for among many by comparing hashes first.
 */
uint64_t am_design_hash(const am_design *design);

/* ---- the search ---------------------------------------------------------- */

/** Methods of search. */
typedef enum am_opt_method {
	AM_OPT_EVOLVE = 0, /**< the evolutionary search (docs/OPTIMIZE.md) */
	AM_OPT_RANDOM = 1  /**< random designs only: the baseline */
} am_opt_method;

/** A design's record against the field. */
typedef struct am_opt_record {
	int64_t wins, draws, losses;
	int64_t errors;  /**< battles stopped by a limit: counted as losses */
	int64_t margin;  /**< Σ (own score − field unit's score) */
	int64_t points;
	int64_t played;  /**< battles played (fewer when the rest was skipped) */
} am_opt_record;

/** One point of the history of the best score. */
typedef struct am_opt_point {
	uint64_t evaluations; /**< evaluations made when it was found */
	int64_t points, margin;
} am_opt_point;

/** What the progress callback sees, after each generation. */
typedef struct am_opt_progress {
	uint64_t generation;   /**< from 1 */
	uint64_t evaluations;  /**< candidates evaluated so far */
	uint64_t budget;       /**< opts.evals (0: none) */
	uint64_t battles;      /**< battles played so far (this part) */
	uint64_t skipped;      /**< battles skipped so far (all parts) */
	int64_t best_points, best_margin;
} am_opt_progress;

/** Progress: return non-zero to stop after this generation. */
typedef int (*am_opt_progress_fn)(void *ud, const am_opt_progress *p);

/**
 * Add up `n` values over every part, in place (MPI_Allreduce with
 * MPI_SUM); every part calls it the same number of times with the same n.
 * @return 0, or a negative code (the search stops with it)
 */
typedef int (*am_opt_share_fn)(void *ud, int64_t *vals, size_t n);

#define AM_OPT_OPTS_VERSION 1

typedef struct am_opt_opts {
	unsigned version;       /**< AM_OPT_OPTS_VERSION */
	uint64_t seed;
	uint64_t evals;         /**< candidates to evaluate; 0: until progress
	                             says stop */
	unsigned jobs;          /**< threads (0 means 1) */
	int buildia;            /**< search ビルディア sheets too */
	int64_t points[3];      /**< win, draw, loss (LG-POINTS-1) */
	am_opt_method method;
	size_t population;      /**< designs per generation (≥ 4) */
	size_t max_units;       /**< population limit of a battle */
	uint32_t part, parts;   /**< evaluate share `part` of `parts` */
	am_opt_share_fn share;  /**< required when parts > 1 */
	void *share_ud;
	am_opt_progress_fn progress;
	void *progress_ud;
} am_opt_opts;

#define AM_OPT_OPTS_INIT \
	{AM_OPT_OPTS_VERSION, 1, 2000, 1, 0, {3, 1, 0}, AM_OPT_EVOLVE, 48, \
	 2000, 0, 1, NULL, NULL, NULL, NULL}

typedef struct am_opt am_opt;

/**
 * Search for the design that scores the most points against the n
 * programs of the field (borrowed for the call), ties by margin.
 * @return 0; AM_EINVALID for bad options or an empty field, or when out
 *         or opts is NULL or field is NULL with n > 0; AM_ENOMEM; the
 *         share callback's code
 */
int am_opt_run(am_opt **out, const am_program *const *field, size_t n,
               const am_opt_opts *opts);

/** Free a search; NULL is fine. */
void am_opt_free(am_opt *opt);

/** The best design found (borrowed). */
const am_design *am_opt_best(const am_opt *opt);

/** The best design's full record against the field (every battle played). */
const am_opt_record *am_opt_best_record(const am_opt *opt);

/** The best design's outcome against field entry i (AM_PAIR_* of
 * amaryllis/league.h: win, draw, loss, or error). */
int am_opt_outcome(const am_opt *opt, size_t i);

/**
 * The strongest sheet of the field against the field itself (its mirror
 * battle counted as a draw, so it plays as many battles as a candidate):
 * its index, and its record in *rec.
 */
size_t am_opt_field_best(am_opt_record *rec, const am_opt *opt);

/** The history of the best score: one point per improvement. */
size_t am_opt_history(const am_opt_point **out, const am_opt *opt);

/** Totals: candidates evaluated. */
uint64_t am_opt_evaluations(const am_opt *opt);

/** Totals: generations run. */
uint64_t am_opt_generations(const am_opt *opt);

/** Totals: battles played (this part). */
uint64_t am_opt_battles(const am_opt *opt);

/** Totals: battles skipped (every part). */
uint64_t am_opt_skipped(const am_opt *opt);

/* ---- the report ---------------------------------------------------------- */

/** A finished search and what is needed to show it. */
typedef struct am_opt_view {
	const am_opt *opt;
	size_t n;                    /**< field entries */
	const char *const *names;    /**< by field entry */
	const char *const *files;    /**< by field entry */
	uint64_t seed;
	int buildia;
} am_opt_view;

/**
 * The report: the best sheet in the players' notation, then its record
 * against the field (W/D/L, points, margin, the field units it loses to
 * and draws with), the field's own best sheet, and the totals of the
 * search, each on a comment line (`# …`), so that the whole text is still
 * a sheet `amaryllis check` accepts.  With json: one object with the
 * sheet, the record, the field entries lost to, the field's best, the
 * totals and the history of the best score.
 * @return 0, AM_ERROR when write failed, AM_ENOMEM; AM_EINVALID when view
 *         or write is NULL
 */
int am_render_opt_report(const am_opt_view *view, int json, am_lang lang,
                         am_write_fn write, void *write_ud);

/** The history of the best score as an SVG chart (points by evaluations).
 * @return as am_render_opt_report */
int am_render_opt_history(const am_opt_view *view, am_lang lang,
                          am_write_fn write, void *write_ud);

#ifdef __cplusplus
}
#endif

#endif
