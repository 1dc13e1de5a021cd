/*
 * render_int.h - what the renderers share inside the render layer: the
 * duel log's (text.c, json.c) and the playtest's and sweep's (pt_text.c,
 * pt_json.c, pt_svg.c) checks of their arguments.
 */
#ifndef MANASTORM_RENDER_INT_H
#define MANASTORM_RENDER_INT_H

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

/* A playtest report's renderer fn: 0, or MS_EINVALID for a NULL out or
 * report r. */
static inline int ms_pt_render_args(const char *fn, const ut_buf *out,
                                    const void *r)
{
	if (!out)
		return ut_error_set(MS_EINVALID, "%s: out is NULL", fn);
	if (!r)
		return ut_error_set(MS_EINVALID, "%s: r is NULL", fn);
	return 0;
}

/* A sweep report's renderer fn: the same, and its vary. */
static inline int ms_sw_render_args(const char *fn, const ut_buf *out,
                                    const void *r, const char *vary)
{
	int rc = ms_pt_render_args(fn, out, r);

	if (rc == 0 && !vary)
		rc = ut_error_set(MS_EINVALID, "%s: vary is NULL", fn);
	return rc;
}

#endif
