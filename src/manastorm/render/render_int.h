/*
 * render_int.h - what the duel log's renderers (text.c, json.c) share,
 * inside the render layer.
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

#endif
