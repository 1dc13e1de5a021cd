/*
 * amaryllis/league.h - round-robin leagues: every entry against every
 * other, once (battles are symmetric), on several threads, with the same
 * result whatever the number of threads.
 *
 * The league holds per entry: wins, draws, losses, errored battles and the
 * total ＨＰ margin (own score − opponent's score, RULINGS B4), and, on
 * request, the cross table (one byte per pair).  For a league split over
 * processes (MPI), each process plays one share of the pairs and the raw
 * counts are added up (am_league_counts and am_league_set_counts,
 * am_league_table).
 */
#ifndef AMARYLLIS_LEAGUE_H
#define AMARYLLIS_LEAGUE_H

#include <stddef.h>
#include <stdint.h>

#include "common.h"
#include "engine.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct am_league am_league;

/** Progress callback: `done` of `total` battles of this share are played.
 * Called on the calling thread only. */
typedef void (*am_progress_fn)(void *ud, uint64_t done, uint64_t total);

#define AM_LEAGUE_OPTS_VERSION 2

typedef struct am_league_opts {
	unsigned version;      /**< AM_LEAGUE_OPTS_VERSION */
	unsigned jobs;         /**< threads (≥ 1; 0 means 1) */
	int keep_table;        /**< keep the cross table */
	uint32_t part, parts;  /**< play share `part` (0-based) of `parts`
	                            equal shares of the pairs (1 share: all) */
	size_t max_units;      /**< population limit of each battle */
	am_progress_fn progress;
	void *progress_ud;
	uint64_t max_work;     /**< the work of each battle (am_battle_opts
	                            max_work, BU-POP-3; version 2, version 1
	                            callers get none): a battle past it stops,
	                            an error for both, as past max_units */
} am_league_opts;

#define AM_LEAGUE_OPTS_INIT \
	{AM_LEAGUE_OPTS_VERSION, 1, 0, 0, 1, 1000000, NULL, NULL, UINT64_MAX}

/** Per-entry totals. */
typedef struct am_league_row {
	int64_t wins, draws, losses;
	int64_t errors;  /**< battles stopped by an error (limit, overflow) */
	int64_t margin;  /**< Σ (own score − opponent's score) */
} am_league_row;

/** One line of the standings. */
typedef struct am_standing {
	size_t entry;    /**< index of the entry in the league */
	size_t rank;     /**< 1-based; equal points and margin share a rank */
	am_league_row row;
	int64_t points;
} am_standing;

/** Outcome of a pair in the cross table, from the row entry's side. */
enum {
	AM_PAIR_NONE = 0,  /**< not played (other share, no table, i == j) */
	AM_PAIR_WIN = 1,
	AM_PAIR_DRAW = 2,
	AM_PAIR_LOSS = 3,
	AM_PAIR_ERROR = 4
};

/**
 * Play the league of the n programs (borrowed for the call).
 * @return 0 (battles that stop with an error are counted in `errors`;
 *         am_league_error tells the first); AM_ENOMEM; AM_EINVALID for bad
 *         options, a NULL out, or progs NULL with n > 0.
 */
int am_league_run(am_league **out, const am_program *const *progs, size_t n,
                  const am_league_opts *opts);

/** Free a league and everything it owns; NULL is fine. */
void am_league_free(am_league *league);

/** Number of entries. */
size_t am_league_size(const am_league *league);

/** Totals of entry i (borrowed), or NULL. */
const am_league_row *am_league_row_of(const am_league *league, size_t i);

/** Outcome of entry i against entry j (AM_PAIR_*). */
int am_league_outcome(const am_league *league, size_t i, size_t j);

/** Battles played in this share. */
uint64_t am_league_battles(const am_league *league);

/**
 * The first battle (in pair order) that stopped with an error, or NULL:
 * its message, with the two entries in *i and *j.
 */
const char *am_league_error(const am_league *league, size_t *i, size_t *j);

/** At most this many stopped battles are listed by am_league_stop. */
#define AM_LEAGUE_STOPS_MAX 1000

/**
 * The battles of this share that stopped with an error (limit, overflow),
 * in pair order: the first AM_LEAGUE_STOPS_MAX of them.
 */
size_t am_league_stop_count(const am_league *league);

/**
 * Stopped battle k (0-based, < am_league_stop_count): its message
 * (borrowed, English: the engine's am_error_last()), with the two entries
 * in *i < *j; NULL past the end.
 */
const char *am_league_stop(const am_league *league, size_t k, size_t *i,
                           size_t *j);

/**
 * The number of battles stopped by an error, from the totals (half the sum
 * of every entry's `errors`: after am_league_set_counts, of every share).
 */
int64_t am_league_stopped(const am_league *league);

/** Number of int64 values per entry in am_league_counts. */
#define AM_LEAGUE_COUNTS_PER_ENTRY 5

/**
 * Copy the raw totals, for merging shares: AM_LEAGUE_COUNTS_PER_ENTRY int64
 * per entry, entry 0 first, each as wins, draws, losses, errors, margin.
 *
 * @param out  receives them when cap is large enough (may be NULL with
 *             cap 0, to ask for the size)
 * @return the number of values (am_league_size × AM_LEAGUE_COUNTS_PER_ENTRY);
 *         nothing is written when cap is smaller
 */
size_t am_league_counts(int64_t *out, size_t cap, const am_league *league);

/**
 * Replace the totals with merged ones laid out as am_league_counts writes
 * them (e.g. every share's counts added up by MPI_Reduce).
 * @return 0, or AM_EINVALID when len is not the size am_league_counts
 *         gives or a count is negative, league is NULL, or counts is NULL
 *         with len > 0
 */
int am_league_set_counts(am_league *league, const int64_t *counts,
                         size_t len);

/** Raw cross table for merging: one byte per pair i < j (0 = not played
 * here), writable, or NULL without a table; *len receives its size. */
uint8_t *am_league_table(am_league *league, size_t *len);

/**
 * A league of n entries whose battles were played elsewhere (a hill keeps
 * each pair's result): none is played here; it has a cross table, every
 * pair AM_PAIR_NONE, and totals of 0, to fill with am_league_set_outcome
 * and am_league_set_counts, then render (am_render_heatmap) or rank.
 * @return 0; AM_ENOMEM; AM_EINVALID when out is NULL
 */
int am_league_new_table(am_league **out, size_t n);

/**
 * Set the cross table's outcome of entries i against j, from i's side
 * (AM_PAIR_NONE … AM_PAIR_ERROR); am_league_outcome(j, i) then gives its
 * mirror.  The totals are not changed (am_league_set_counts).
 * @return 0; AM_EINVALID when league is NULL or has no table, i or j is
 *         not an entry, i == j, or outcome is not one of the AM_PAIR_ values
 */
int am_league_set_outcome(am_league *league, size_t i, size_t j,
                          int outcome);

/**
 * Standings: entries by points (win/draw/loss points given), then margin;
 * ties in both share a rank and are listed by `tiebreak_key` order (e.g.
 * names), then by entry index.  `out` has room for am_league_size entries.
 */
void am_league_standings(am_standing *out, const am_league *league,
                         int64_t win, int64_t draw, int64_t loss,
                         const char *const *tiebreak_key);

#ifdef __cplusplus
}
#endif

#endif
