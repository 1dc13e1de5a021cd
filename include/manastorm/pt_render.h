/*
 * manastorm/pt_render.h - a playtest's or a sweep's report as text
 * (ja/en), JSON or an SVG picture (docs/MANASTORM.md "Playtests",
 * "Sweeps").  No I/O: the output goes into a ut_buf.  Each returns 0,
 * MS_ENOMEM, or MS_EINVALID when out, r or (sweeps) vary is NULL, or a
 * report has no totals (its playtest failed, or a part not finished).
 */
#ifndef MANASTORM_PT_RENDER_H
#define MANASTORM_PT_RENDER_H

#include <stddef.h>
#include <stdint.h>

#include "../util/buf.h"
#include "common.h"
#include "playtest.h"

#ifdef __cplusplus
extern "C" {
#endif

/** A bar of a histogram: values lo … hi, count runs. */
typedef struct ms_pt_bin {
	int64_t lo, hi;
	uint64_t count;
} ms_pt_bin;

/** At most this many bars. */
#define MS_PT_BINS_MAX 40

/**
 * The histogram of v[0], v[stride], … (n values) into bins (room for
 * MS_PT_BINS_MAX): MS-PT-HIST-1, one bar per value when the values span at
 * most 40, else bars of equal width ⌈span/40⌉ from the lowest value.
 * @return the number of bars (0 for n = 0)
 */
size_t ms_pt_histogram(ms_pt_bin *bins, const int64_t *v, size_t n,
                       size_t stride);

/**
 * Append the playtest report r to *out (the caller's buffer) as the text
 * table of `manastorm playtest`.
 * @return 0; MS_ENOMEM (the buffer failed to grow: it may hold part of it);
 *         MS_EINVALID when out or r is NULL
 */
int ms_pt_render_text(ut_buf *out, const ms_pt_report *r, ms_lang lang);

/** ms_pt_render_text as the JSON document of `playtest --format json`. */
int ms_pt_render_json(ut_buf *out, const ms_pt_report *r);

/** ms_pt_render_text as one standalone SVG image (`playtest --svg`). */
int ms_pt_render_svg(ut_buf *out, const ms_pt_report *r, ms_lang lang);

/**
 * Append the sweep report r to *out as the text table of `manastorm
 * sweep`; `vary` is the --vary text as given (shown in the report).
 * @return 0; MS_ENOMEM (the buffer failed to grow: it may hold part of it);
 *         MS_EINVALID when out, r or vary is NULL
 */
int ms_sw_render_text(ut_buf *out, const ms_sw_report *r, const char *vary,
                      ms_lang lang);

/** ms_sw_render_text as the JSON document of `sweep --format json`. */
int ms_sw_render_json(ut_buf *out, const ms_sw_report *r, const char *vary);

/** ms_sw_render_text as one standalone SVG image (`sweep --svg`). */
int ms_sw_render_svg(ut_buf *out, const ms_sw_report *r, const char *vary,
                     ms_lang lang);

#ifdef __cplusplus
}
#endif

#endif
