/*
 * megami/mc_render.h - the report of a Monte Carlo series
 * (megami/montecarlo.h) as text (Japanese or English), as one JSON
 * document, and as an SVG picture (the distribution of rounds and of every
 * character's HP left).  No I/O: the output goes to a writer callback in
 * one piece.  The formats are described in docs/MEGAMI.md, section
 * "Monte Carlo".
 */
#ifndef MEGAMI_MC_RENDER_H
#define MEGAMI_MC_RENDER_H

#include <stddef.h>
#include <stdint.h>

#include "common.h"
#include "montecarlo.h"
#include "render.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * Write the report as text (MG_LOG_TEXT, in `lang`) or JSON (MG_LOG_JSON).
 * @return 0; MG_ERROR when the writer failed; MG_ENOMEM; MG_EINVALID when
 *         r or write is NULL, or r has no totals (its series failed, or a
 *         part not finished), nothing written
 */
int mg_mc_render(const mg_mc_report *r, mg_log_format format, mg_lang lang,
                 mg_write_fn write, void *write_ud);

/**
 * Write the SVG picture: the share of PC wins, NPC wins and draws with
 * their 95% intervals, then in a grid a bar chart of the rounds played and
 * one histogram of HP left per character (labels in `lang`).
 * @return 0; MG_ERROR when the writer failed; MG_ENOMEM; MG_EINVALID when
 *         r or write is NULL, or r has no totals (as mg_mc_render)
 */
int mg_mc_svg(const mg_mc_report *r, mg_lang lang, mg_write_fn write,
              void *write_ud);

/** One bar of a histogram. */
typedef struct mg_mc_bin {
	int64_t lo, hi;  /**< the values lo … hi (inclusive) */
	uint64_t count;  /**< runs with a value in it */
} mg_mc_bin;

/** The most bars of a histogram. */
#define MG_MC_BINS_MAX 40

/**
 * The histogram of n ≥ 1 values v[0], v[stride], …: bars of equal integer
 * width w = ⌈(max − min + 1) / MG_MC_BINS_MAX⌉ from the minimum, as many
 * as needed to reach the maximum (MG-MC-HIST-1).  bins holds
 * MG_MC_BINS_MAX.
 * @return the number of bars
 */
size_t mg_mc_histogram(mg_mc_bin *bins, const int64_t *v, size_t n,
                       size_t stride);

#ifdef __cplusplus
}
#endif

#endif
