/*
 * mc_int.h - the Monte Carlo renderings into a buffer (private to
 * src/megami/render/).
 */
#ifndef MG_MC_INT_H
#define MG_MC_INT_H

#include "megami/mc_render.h"
#include "util/buf.h"

/* Append the text / JSON / SVG rendering; 0 or MG_ENOMEM. */
int mg_mc_render_text(const mg_mc_report *r, mg_lang lang, ut_buf *b);
int mg_mc_render_json(const mg_mc_report *r, ut_buf *b);
int mg_mc_render_svg(const mg_mc_report *r, mg_lang lang, ut_buf *b);

#endif
