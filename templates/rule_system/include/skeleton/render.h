/*
 * skeleton/render.h - the render layer: a result as text (ja/en) or JSON.
 */
#ifndef SKELETON_RENDER_H
#define SKELETON_RENDER_H

#include "../util/buf.h"
#include "game.h"
#include "series.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Append the result of g as lines of text.  0, or SK_ENOMEM. */
int sk_render_text(ut_buf *out, const sk_game *g, const sk_result *r,
                   ut_lang lang);

/** Append the result of g as one JSON object and a newline.  0, or
 *  SK_ENOMEM. */
int sk_render_json(ut_buf *out, const sk_game *g, const sk_result *r);

/** Append a series' counts as one line of text.  0, or SK_ENOMEM. */
int sk_render_series(ut_buf *out, const sk_game *g, const sk_series *s,
                     ut_lang lang);

#ifdef __cplusplus
}
#endif

#endif
