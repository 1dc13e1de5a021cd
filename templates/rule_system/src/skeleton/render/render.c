/*
 * render.c - the render layer of the skeleton rule system: text and JSON.
 */
#include <inttypes.h>
#include <stdlib.h>

#include <jansson.h>

#include "skeleton/render.h"

int sk_render_text(ut_buf *out, const sk_game *g, const sk_result *r,
                   ut_lang lang)
{
	if (r->winner < 0)
		ut_buf_printf(out, UT_TRL(lang, "%d ラウンドで引き分け\n",
		                          "a draw after %d rounds\n"), r->rounds);
	else
		ut_buf_printf(out, UT_TRL(lang, "%s の勝ち（%d ラウンド目）\n",
		                          "%s wins in round %d\n"),
		              g->side[r->winner].name, r->rounds);
	ut_buf_printf(out, "%s %" PRId64 "\n%s %" PRId64 "\n", g->side[0].name,
	              r->hp[0], g->side[1].name, r->hp[1]);
	return out->failed ? SK_ENOMEM : SK_OK;
}

int sk_render_json(ut_buf *out, const sk_game *g, const sk_result *r)
{
	json_t *o = json_pack("{s:i, s:[{s:s, s:I}, {s:s, s:I}]}",
	                      "rounds", r->rounds, "sides",
	                      "name", g->side[0].name, "hp", (json_int_t)r->hp[0],
	                      "name", g->side[1].name, "hp", (json_int_t)r->hp[1]);
	char *s;

	if (!o)
		return SK_ENOMEM;
	if (json_object_set_new(o, "winner", r->winner < 0 ? json_null()
	                        : json_string(g->side[r->winner].name)) < 0 ||
	    !(s = json_dumps(o, JSON_COMPACT | JSON_SORT_KEYS))) {
		json_decref(o);
		return SK_ENOMEM;
	}
	json_decref(o);
	ut_buf_printf(out, "%s\n", s);
	free(s);
	return out->failed ? SK_ENOMEM : SK_OK;
}

int sk_render_series(ut_buf *out, const sk_game *g, const sk_series *s,
                     ut_lang lang)
{
	ut_buf_printf(out, UT_TRL(lang, "%" PRIu64 " 戦: %s %" PRIu64 " 勝、%s %"
	                          PRIu64 " 勝、引き分け %" PRIu64 "\n",
	                          "%" PRIu64 " games: %s %" PRIu64 " wins, %s %"
	                          PRIu64 " wins, %" PRIu64 " draws\n"),
	              s->runs, g->side[0].name, s->wins[0], g->side[1].name,
	              s->wins[1], s->draws);
	return out->failed ? SK_ENOMEM : SK_OK;
}
