/*
 * render_int.h - what the renderers share inside the render layer: the
 * duel log's (text.c, json.c) and the playtest's and sweep's (pt_text.c,
 * pt_json.c, pt_svg.c) checks of their arguments.
 */
#ifndef MANASTORM_RENDER_INT_H
#define MANASTORM_RENDER_INT_H

#include "manastorm/playtest.h"
#include "manastorm/render.h"

#include "util/error.h"

/* The arguments every duel renderer needs: 0, or MS_EINVALID naming the
 * NULL one and the renderer fn (docs/EMBEDDING.md, the NULL rule). */
static inline int ms_render_args(const char *fn, const ut_buf *out,
                                 const ms_duel *d, const ms_log *log)
{
	if (!out)
		return ut_error_set(MS_EINVALID, "%s: out is NULL", fn);
	if (!d)
		return ut_error_set(MS_EINVALID, "%s: d is NULL", fn);
	if (!log)
		return ut_error_set(MS_EINVALID, "%s: log is NULL", fn);
	return 0;
}

/* Whether playtest report r has totals to render: MS_EINVALID for one
 * whose run failed or a part not finished (their totals are not
 * computed nor their tallies sorted: the renderers printed zeros, or a
 * debug build stopped on an assertion; embedding review 2026-12-06). */
static inline int ms_pt_render_done(const char *fn, const ms_pt_report *r)
{
	if (r->failed)
		return ut_error_set(MS_EINVALID, "%s: the playtest failed (run "
		                    "%llu): it has no totals", fn,
		                    (unsigned long long)r->failed_run);
	if (r->part)
		return ut_error_set(MS_EINVALID, "%s: a part, not finished "
		                    "(ms_pt_report_finish)", fn);
	return 0;
}

/* A playtest report's renderer fn: 0, or MS_EINVALID for a NULL out or
 * report r, or one without totals. */
static inline int ms_pt_render_args(const char *fn, const ut_buf *out,
                                    const ms_pt_report *r)
{
	if (!out)
		return ut_error_set(MS_EINVALID, "%s: out is NULL", fn);
	if (!r)
		return ut_error_set(MS_EINVALID, "%s: r is NULL", fn);
	return ms_pt_render_done(fn, r);
}

/* A sweep report's renderer fn: the same for each value's, and its
 * vary. */
static inline int ms_sw_render_args(const char *fn, const ut_buf *out,
                                    const ms_sw_report *r, const char *vary)
{
	size_t i;

	if (!out)
		return ut_error_set(MS_EINVALID, "%s: out is NULL", fn);
	if (!r)
		return ut_error_set(MS_EINVALID, "%s: r is NULL", fn);
	if (!vary)
		return ut_error_set(MS_EINVALID, "%s: vary is NULL", fn);
	for (i = 0; i < r->nvalues; i++)
		if (ms_pt_render_done(fn, &r->pt[i]) < 0)
			return MS_EINVALID;
	return 0;
}

/* ---- the duel log's parts, which the batch renderers (ms_render_text,
 * ms_render_json) and the log stream (stream.c) both put together ---- */

/* The text log's state from one event to the next (text.c). */
typedef struct ms_text_ctx ms_text_ctx;

/* A text log's state for duel d; 0 or UT_ENOMEM. */
int ms_text_ctx_new(ms_text_ctx **out, const ms_duel *d);
void ms_text_ctx_free(ms_text_ctx *x);

/* MS-LOG-3: the key heading the text log. */
void ms_text_legend(ut_buf *o, ms_lang lang);

/* MS-LOG-1: event e's lines; next is the event after it (NULL: the last);
 * MS-LOG-4: cards, the hand or deck it shows (NULL: none kept). */
void ms_text_event(ut_buf *o, const ms_duel *d, ms_text_ctx *x,
                   const ms_event *e, const ms_event *next,
                   const ms_card *cards, size_t ncards, ms_lang lang);

/* The text log's end: the error of a duel that stopped (MS-LOG-5), then
 * the result. */
void ms_text_result(ut_buf *o, const ms_duel *d, ms_lang lang,
                    const char *error);

/* MS-LOG-2: the JSON log up to "events":[ (json.c), one event, and what
 * closes the document.  0 or UT_ENOMEM. */
int ms_json_head(ut_buf *out, const ms_duel *d, const char *error);
int ms_json_event(ut_buf *o, const ms_duel *d, const ms_event *e,
                  const ms_card *cards, size_t ncards);
#define MS_JSON_END "]}\n"

/* MS-LOG-4: the hand or deck order event e shows, as participant e->actor
 * has it now (valid until the duel goes on; *n 0 and not NULL when it is
 * empty), or NULL when e shows none (log.c). */
const ms_card *ms_event_cards(const ms_duel *d, const ms_event *e, size_t *n);

#endif
