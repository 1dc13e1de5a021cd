/*
 * report.c - the optimizer's report as text (a sheet with comment lines),
 * as JSON, and the history of the best score as an SVG chart.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "amaryllis/league.h"
#include "amaryllis/optimize.h"
#include "util/buf.h"
#include "util/error.h"
#include "util/lang.h"
#include "util/rng.h"
#include "util/width.h"
#include "util/json.h"
#include "util/utf8.h"

static int flush(ut_buf *b, am_write_fn write, void *ud)
{
	int rc = 0;

	if (b->failed)
		rc = ut_error_set(AM_ENOMEM, "out of memory");
	else if (b->len && write(ud, b->ptr, b->len))
		rc = ut_error_set(AM_ERROR, "cannot write the report");
	ut_buf_free(b);
	return rc;
}

/* The best design's text (free()), or NULL out of memory. */
static char *sheet_text(const am_opt *opt)
{
	char *s;

	return am_design_text(&s, NULL, am_opt_best(opt)) == 0 ? s : NULL;
}

/* "5勝 1分 2敗（勝ち点 16、ＨＰ差 +42）" / "5 won, 1 drawn, 2 lost (16
 * points, margin +42)" */
static void record(ut_buf *b, const am_opt_record *r, am_lang lang)
{
	if (lang == AM_LANG_EN)
		ut_buf_printf(b, "%" PRId64 " won, %" PRId64 " drawn, %" PRId64
		              " lost", r->wins, r->draws, r->losses + r->errors);
	else
		ut_buf_printf(b, "%" PRId64 "勝 %" PRId64 "分 %" PRId64 "敗",
		              r->wins, r->draws, r->losses + r->errors);
	if (r->errors)
		ut_buf_printf(b, UT_TRL(lang, "（うち停止 %" PRId64 "）",
		                          " (%" PRId64 " stopped)"), r->errors);
	if (lang == AM_LANG_EN)
		ut_buf_printf(b, " (%" PRId64 " point%s, margin %+" PRId64 ")",
		              r->points, r->points == 1 ? "" : "s", r->margin);
	else
		ut_buf_printf(b, "（勝ち点 %" PRId64 "、ＨＰ差 %+" PRId64 "）",
		              r->points, r->margin);
}

/* The field entries the best had outcome `oc` against, one per comment
 * line; returns how many. */
static size_t list(ut_buf *b, const am_opt_view *v, int oc, int oc2)
{
	size_t i, k = 0;
	ut_buf tmp = UT_BUF_INIT;

	for (i = 0; i < v->n; i++) {
		int x = am_opt_outcome(v->opt, i);
		if (x != oc && x != oc2)
			continue;
		/* a file's name as shown: a newline in it would start a line
		 * of the sheet (<U+000A>, ut_str_visible) */
		ut_buf_printf(b, "#   %s (%s)\n", v->names[i],
		              ut_str_visible(v->files[i], &tmp));
		k++;
	}
	/* a name shown as "?" for want of memory fails the report */
	if (tmp.failed)
		b->failed = 1;
	ut_buf_free(&tmp);
	return k;
}

static size_t count(const am_opt_view *v, int oc, int oc2)
{
	size_t i, k = 0;

	for (i = 0; i < v->n; i++) {
		int x = am_opt_outcome(v->opt, i);
		k += x == oc || x == oc2;
	}
	return k;
}

static int text_report(const am_opt_view *v, am_lang lang,
                       am_write_fn write, void *ud)
{
	ut_buf b = UT_BUF_INIT, tmp = UT_BUF_INIT;
	char *sheet = sheet_text(v->opt);
	const am_opt_record *r = am_opt_best_record(v->opt);
	am_opt_record fr;
	size_t fb = am_opt_field_best(&fr, v->opt);

	if (!sheet)
		return ut_error_set(AM_ENOMEM, "out of memory");
	ut_buf_puts(&b, sheet);
	free(sheet);
	ut_buf_printf(&b, UT_TRL(lang, "# フィールド %zu 体との対戦: ",
	                           "# against the field of %zu: "), v->n);
	record(&b, r, lang);
	ut_buf_puts(&b, "\n");
	if (count(v, AM_PAIR_LOSS, AM_PAIR_ERROR) == 0)
		ut_buf_puts(&b, UT_TRL(lang, "# 負けた相手: なし\n", "# lost to: none\n"));
	else {
		ut_buf_puts(&b, UT_TRL(lang, "# 負けた相手:\n", "# lost to:\n"));
		list(&b, v, AM_PAIR_LOSS, AM_PAIR_ERROR);
	}
	if (count(v, AM_PAIR_DRAW, AM_PAIR_DRAW) > 0) {
		ut_buf_puts(&b, UT_TRL(lang, "# 引き分けた相手:\n", "# drawn with:\n"));
		list(&b, v, AM_PAIR_DRAW, AM_PAIR_DRAW);
	}
	ut_buf_printf(&b, UT_TRL(lang, "# フィールド最強のシート %s (%s): ",
	                           "# the field's best sheet %s (%s): "),
	              v->names[fb], ut_str_visible(v->files[fb], &tmp));
	if (tmp.failed) /* (as in list) */
		b.failed = 1;
	ut_buf_free(&tmp);
	record(&b, &fr, lang);
	ut_buf_puts(&b, "\n");
	if (lang == AM_LANG_EN) {
		uint64_t e = am_opt_evaluations(v->opt);
		uint64_t g = am_opt_generations(v->opt);
		uint64_t bt = am_opt_battles(v->opt);
		ut_buf_printf(&b, "# %" PRIu64 " evaluation%s, %" PRIu64
		              " generation%s, %" PRIu64 " battle%s played, %"
		              PRIu64 " skipped, seed %" PRIu64 "%s\n",
		              e, e == 1 ? "" : "s", g, g == 1 ? "" : "s", bt,
		              bt == 1 ? "" : "s", am_opt_skipped(v->opt), v->seed,
		              v->buildia ? ", Buildia" : "");
	} else {
		ut_buf_printf(&b, "# 評価 %" PRIu64 " 件、世代 %" PRIu64 "、戦闘 %"
		              PRIu64 " 回、省略した戦闘 %" PRIu64 " 回、種 %" PRIu64
		              "%s\n", am_opt_evaluations(v->opt),
		              am_opt_generations(v->opt), am_opt_battles(v->opt),
		              am_opt_skipped(v->opt), v->seed,
		              v->buildia ? "、ビルディア" : "");
	}
	return flush(&b, write, ud);
}

static json_t *jrecord(const am_opt_record *r)
{
	return json_pack("{sI sI sI sI sI sI sI}", "wins", (json_int_t)r->wins,
	                 "draws", (json_int_t)r->draws, "losses",
	                 (json_int_t)(r->losses + r->errors), "stopped",
	                 (json_int_t)r->errors, "points", (json_int_t)r->points,
	                 "margin", (json_int_t)r->margin, "battles",
	                 (json_int_t)r->played);
}

/* "lost_to" and "drawn_with": the entries the best design lost to (or was
 * stopped by) and drew with, by name and file.  1 when out of memory. */
static int json_opponents(const am_opt_view *v, json_t *lost, json_t *drawn)
{
	ut_buf tmp = UT_BUF_INIT; /* a file's name as UTF-8 (ut_str_utf8) */
	size_t i;
	int bad = 0;

	for (i = 0; !bad && i < v->n; i++) {
		int oc = am_opt_outcome(v->opt, i);
		json_t *e;
		if (oc != AM_PAIR_LOSS && oc != AM_PAIR_ERROR && oc != AM_PAIR_DRAW)
			continue;
		e = json_pack("{ss ss}", "name", v->names[i], "file",
		              ut_str_utf8(v->files[i], &tmp));
		bad |= json_array_append_new(oc == AM_PAIR_DRAW ? drawn : lost,
		                             e) != 0;
	}
	ut_buf_free(&tmp);
	return bad;
}

/* "history": the nh points of the best design's progress.  1 when out of
 * memory. */
static int json_history(json_t *hist, const am_opt_point *h, size_t nh)
{
	size_t i;
	int bad = 0;

	for (i = 0; !bad && i < nh; i++)
		bad |= json_array_append_new(hist, json_pack("{sI sI sI}",
		        "evaluations", (json_int_t)h[i].evaluations, "points",
		        (json_int_t)h[i].points, "margin",
		        (json_int_t)h[i].margin)) != 0;
	return bad;
}

/* The report's keys in order, each value taken over by root, also when
 * one could not be set (ut_json_put: none is left to free); 1 when one
 * could not be. */
static int json_keys(json_t *root, const am_opt_view *v, const char *sheet,
                     json_t *lost, json_t *drawn, json_t *fb, json_t *hist)
{
	char seed[24];
	int bad = 0;

	snprintf(seed, sizeof(seed), "%" PRIu64, v->seed);
	bad |= ut_json_put(root, "sheet", json_string(sheet));
	bad |= ut_json_put(root, "record", jrecord(am_opt_best_record(v->opt)));
	bad |= ut_json_put(root, "lost_to", lost);
	bad |= ut_json_put(root, "drawn_with", drawn);
	bad |= ut_json_put(root, "field_size", json_integer((json_int_t)v->n));
	bad |= ut_json_put(root, "field_best", fb);
	/* docs/RANDOM.md: the generator, and the seed as a decimal string
	 * (up to 2^64 - 1, past what a double holds) */
	bad |= ut_json_put(root, "rng", json_string(UT_RNG_NAME));
	bad |= ut_json_put(root, "seed", json_string(seed));
	bad |= ut_json_put(root, "buildia", json_boolean(v->buildia));
	bad |= ut_json_put(root, "evaluations", json_integer(
	                   (json_int_t)am_opt_evaluations(v->opt)));
	bad |= ut_json_put(root, "generations", json_integer(
	                   (json_int_t)am_opt_generations(v->opt)));
	bad |= ut_json_put(root, "battles_this_process", json_integer(
	                   (json_int_t)am_opt_battles(v->opt)));
	bad |= ut_json_put(root, "skipped", json_integer(
	                   (json_int_t)am_opt_skipped(v->opt)));
	bad |= ut_json_put(root, "history", hist);
	return bad != 0;
}

static int json_report(const am_opt_view *v, am_write_fn write, void *ud)
{
	char *sheet = sheet_text(v->opt), *text = NULL;
	json_t *root = json_object(), *lost = json_array(), *drawn = json_array();
	json_t *hist = json_array(), *fb;
	ut_buf tmp = UT_BUF_INIT;
	const am_opt_point *h;
	am_opt_record fr;
	size_t nh = am_opt_history(&h, v->opt), fbi;
	int bad = !sheet || !root || !lost || !drawn || !hist, rc = 0;

	fbi = am_opt_field_best(&fr, v->opt);
	bad = bad || json_opponents(v, lost, drawn) || json_history(hist, h, nh);
	/* (a file's name that is not UTF-8 with U+FFFD: ut_str_utf8) */
	fb = bad ? NULL : json_pack("{ss ss so}", "name", v->names[fbi], "file",
	                            ut_str_utf8(v->files[fbi], &tmp), "record",
	                            jrecord(&fr));
	ut_buf_free(&tmp);
	bad |= !fb;
	if (!bad) {
		bad = json_keys(root, v, sheet, lost, drawn, fb, hist);
	} else {
		json_decref(lost);
		json_decref(drawn);
		json_decref(hist);
		json_decref(fb);
	}
	text = bad ? NULL : ut_json_dumps(root, JSON_INDENT(1) | JSON_PRESERVE_ORDER);
	ut_json_short_reals(text);
	if (!text)
		rc = ut_error_set(AM_ENOMEM, "out of memory");
	else if (write(ud, text, strlen(text)) || write(ud, "\n", 1))
		rc = ut_error_set(AM_ERROR, "cannot write the report");
	free(text);
	free(sheet);
	json_decref(root);
	return rc;
}

/* The error of a renderer fn of a view given a NULL view or write (the
 * view v not NULL: write is): AM_EINVALID naming the first NULL one. */
static int view_args(const char *fn, const void *v)
{
	return ut_error_set(AM_EINVALID, "%s: %s is NULL", fn,
	                    !v ? "view" : "write");
}

int am_render_opt_report(const am_opt_view *v, int json, am_lang lang,
                         am_write_fn write, void *ud)
{
	if (!v || !write)
		return view_args("am_render_opt_report", v);
	return json ? json_report(v, write, ud)
	            : text_report(v, lang, write, ud);
}

/* A step chart: x = evaluations (0 … the last), y = best points. */
int am_render_opt_history(const am_opt_view *v, am_lang lang,
                          am_write_fn write, void *ud)
{
	const am_opt_point *h;
	size_t i, nh;
	uint64_t xmax;
	int64_t ymin = 0, ymax = 1;
	const int W = 640, H = 400, L = 60, R = 20, T = 40, B = 50;
	ut_buf b = UT_BUF_INIT;
	double px = 0, py = 0;

	if (!v || !write)
		return view_args("am_render_opt_history", v);
	nh = am_opt_history(&h, v->opt);
	xmax = am_opt_evaluations(v->opt);
	if (xmax < 1)
		xmax = 1;
	for (i = 0; i < nh; i++) {
		if (h[i].points > ymax) ymax = h[i].points;
		if (h[i].points < ymin) ymin = h[i].points;
	}
	/* the most points a design could take: a win against each entry */
	ut_buf_printf(&b, "<svg xmlns=\"http://www.w3.org/2000/svg\" "
	              "width=\"%d\" height=\"%d\" font-family=\"sans-serif\">\n"
	              "<rect width=\"%d\" height=\"%d\" fill=\"white\"/>\n",
	              W, H, W, H);
	ut_buf_printf(&b, "<text x=\"%d\" y=\"24\" font-size=\"14\">%s</text>\n",
	              L, UT_TRL(lang, "最良の勝ち点（評価数ごと）",
	                          "best points by evaluations"));
	ut_buf_printf(&b, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" "
	              "stroke=\"black\"/>\n", L, H - B, W - R, H - B);
	ut_buf_printf(&b, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" "
	              "stroke=\"black\"/>\n", L, T, L, H - B);
	ut_buf_printf(&b, "<text x=\"%d\" y=\"%d\" font-size=\"11\">0</text>\n"
	              "<text x=\"%d\" y=\"%d\" font-size=\"11\" "
	              "text-anchor=\"end\">%" PRIu64 "</text>\n"
	              "<text x=\"%d\" y=\"%d\" font-size=\"11\" "
	              "text-anchor=\"middle\">%s</text>\n",
	              L, H - B + 15, W - R, H - B + 15, xmax, (L + W - R) / 2,
	              H - 15, UT_TRL(lang, "評価数", "evaluations"));
	ut_buf_printf(&b, "<text x=\"%d\" y=\"%d\" font-size=\"11\" "
	              "text-anchor=\"end\">%" PRId64 "</text>\n"
	              "<text x=\"%d\" y=\"%d\" font-size=\"11\" "
	              "text-anchor=\"end\">%" PRId64 "</text>\n",
	              L - 4, T + 4, ymax, L - 4, H - B, ymin);
	if (nh > 0) {
		ut_buf_puts(&b, "<polyline fill=\"none\" stroke=\"#1f77b4\" "
		            "stroke-width=\"2\" points=\"");
		for (i = 0; i < nh; i++) {
			double x = L + (double)(W - L - R) *
			           (double)h[i].evaluations / (double)xmax;
			double y = (H - B) - (double)(H - T - B) *
			           (double)(h[i].points - ymin) /
			           (double)(ymax - ymin);
			if (i > 0)
				ut_buf_printf(&b, "%.1f,%.1f ", x, py);
			ut_buf_printf(&b, "%.1f,%.1f ", x, y);
			px = x, py = y;
		}
		ut_buf_printf(&b, "%.1f,%.1f\"/>\n", (double)(W - R), py);
		(void)px;
		/* a dot at each improvement: a history of one point, or one
		 * at 0 points on the x axis, is seen too (review 2026-12-06) */
		for (i = 0; i < nh; i++)
			ut_buf_printf(&b, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3.5\" "
			              "fill=\"#1f77b4\"/>\n",
			              L + (double)(W - L - R) *
			              (double)h[i].evaluations / (double)xmax,
			              (H - B) - (double)(H - T - B) *
			              (double)(h[i].points - ymin) /
			              (double)(ymax - ymin));
	}
	ut_buf_puts(&b, "</svg>\n");
	return flush(&b, write, ud);
}
