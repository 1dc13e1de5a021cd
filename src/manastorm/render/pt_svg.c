/*
 * pt_svg.c - a playtest's report and a sweep's report as plain SVG
 * pictures (docs/MANASTORM.md MS-PT-OUT-3, MS-SW-OUT-3).
 *
 * Playtest: a title; the shares of side A's wins, side B's wins and draws
 * with their 95% Wilson intervals (the question first); then histograms
 * in a grid (util/svg.h): battles per duel, mana storms per duel, then
 * each participant in seat order (MP left for a caster, HP left for a
 * warrior, its "HP ≤ 0" zone shaded).  A chart whose values are all the
 * same (every duel ended at MP 3, say) would be one solid bar: it is left
 * out and said in one line under the grid instead.  Side A blue, side B
 * red, duel-wide panels grey.
 * Sweep: per value, side A's wins, side B's wins and draws (lines with
 * dots) with their 95% Wilson bands, a dashed 50% line, a y range fitted
 * to the bands (round ticks), and under each value the mark of the
 * table's last column (MS-SW-BEST-1): "★" the best value, "*" a value
 * whose side-A win rate is significantly lower than the best's.
 */
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "manastorm/pt_render.h"
#include "util/error.h"
#include "util/stats.h"
#include "util/svg.h"
#include "render_int.h"

#define T(ja, en) (lang == MS_LANG_EN ? (en) : (ja))

enum { PANEL_W = 340, PANEL_H = 210, MARGIN = 10, TOP = 36, NOTE_H = 18 };

static const char *const fills[3] = {"#3b6fb6", "#c0392b", "#999999"};

/* The shares of a report (A, B, draw) for ut_svg_shares. */
static void shares(ut_svg_share *sh, const ms_pt_report *r, ms_lang lang)
{
	int k;

	for (k = 0; k < 3; k++) {
		sh[k].k = r->wins[k];
		sh[k].rate = r->rate[k];
		sh[k].ci.lo = r->ci[k].lo;
		sh[k].ci.hi = r->ci[k].hi;
		sh[k].fill = fills[k];
	}
	sh[MS_PT_A].label = T("陣営Aの勝ち", "side A wins");
	sh[MS_PT_B].label = T("陣営Bの勝ち", "side B wins");
	sh[MS_PT_DRAW].label = T("引き分け", "draw");
}

/* One chart of a playtest: its histogram source and labels. */
typedef struct chart {
	const ut_tally *v;     /* the values (sorted) */
	int64_t lo, hi;
	char title[192];
	const char *xname, *fill, *zero_label;
} chart;

static int pt_svg(ut_buf *b, const ms_pt_report *r, ms_lang lang)
{
	ut_bin bins[UT_BINS_MAX];
	ut_svg_share sh[3];
	ut_svg_hist h;
	chart *c;
	size_t k, n = r->nparts, runs = (size_t)r->runs, nc = 0, nflat = 0;
	size_t cols, rows, i, shown = 0;
	int width, height;
	double y, shares_h = 28 + 26 * 3 + 38;
	char title[256], note[256];

	/* the charts: two duel-wide, one per participant */
	c = calloc(2 + n, sizeof *c);
	if (!c)
		return ut_error_set(MS_ENOMEM, "out of memory");
	c[0].v = &r->battles;
	c[0].lo = r->battles_min; c[0].hi = r->battles_max;
	snprintf(c[0].title, sizeof c[0].title, "%s",
	         T("1決闘のバトル数", "Battles per duel"));
	c[0].xname = T("バトル数", "battles");
	c[0].fill = "#777777";
	c[1].v = &r->storms;
	c[1].xname = T("マナ・ストーム数", "storms");
	snprintf(c[1].title, sizeof c[1].title, "%s",
	         T("1決闘のマナ・ストーム数", "Mana storms per duel"));
	c[1].fill = "#777777";
	nc = 2;
	for (k = 0; k < n; k++) {
		const ms_pt_part *p = &r->parts[k];
		int caster = p->role == MS_ROLE_CASTER;
		chart *x = &c[nc++];
		x->v = caster ? &r->mp[k] : &r->hp[k];
		x->lo = caster ? p->mp_min : p->hp_min;
		x->hi = caster ? p->mp_max : p->hp_max;
		snprintf(x->title, sizeof x->title, T("%s（陣営%s）の残り%s",
		                                      "%s (side %s): %s left"),
		         p->name, p->side ? "B" : "A", caster ? "MP" : "HP");
		x->xname = caster ? T("残りMP", "MP left") : T("残りHP", "HP left");
		x->fill = fills[p->side ? 1 : 0];
		x->zero_label = caster ? NULL : T("HP 0以下：敗北", "HP ≤ 0: defeated");
	}
	/* the storms' spread is not in the report's numbers: the tally's */
	if (runs > 0) {
		c[1].lo = ut_tally_min(&r->storms);
		c[1].hi = ut_tally_max(&r->storms);
	}
	for (i = 0; i < nc; i++)
		if (c[i].lo == c[i].hi)
			nflat++;
	shown = nc - nflat;
	cols = shown <= 4 ? 2 : 3;
	rows = (shown + cols - 1) / cols;
	width = (int)cols * PANEL_W + 2 * MARGIN;
	height = TOP + (int)shares_h + 10 + (int)rows * PANEL_H +
	         (nflat ? 10 + NOTE_H * (int)(nflat + 1) : 0) + MARGIN;

	ut_svg_open(b, width, height);
	if (lang == MS_LANG_EN) /* "1 duel", "2 duels" */
		snprintf(title, sizeof title, "Playtest: %" PRIu64 " %s (seeds from %"
		         PRIu64 ")", r->runs, r->runs == 1 ? "duel" : "duels", r->seed);
	else
		snprintf(title, sizeof title, "プレイテスト：%" PRIu64 "回の決闘（種 %"
		         PRIu64 "〜）", r->runs, r->seed);
	ut_svg_text(b, MARGIN + 8, 24, 17, "start", "font-weight=\"bold\"",
	            width - 2 * MARGIN - 16, title);
	shares(sh, r, lang);
	if (lang == MS_LANG_EN) /* "of 1 duel", "of 2 duels" */
		snprintf(note, sizeof note,
		         "bar: share, whisker: 95%% interval (Wilson), of %" PRIu64
		         " %s", r->runs, r->runs == 1 ? "duel" : "duels");
	else
		snprintf(note, sizeof note,
		         "棒：割合　ひげ：95%%信頼区間（Wilson）　%" PRIu64 "回中",
		         r->runs);
	y = TOP;
	ut_svg_shares(b, MARGIN, y, width - 2 * MARGIN,
	              T("勝敗の割合", "Who wins"), sh, 3, note);
	y += shares_h + 10;
	h.bins = bins;
	h.yname = T("決闘数", "duels");
	for (i = 0, k = 0; i < nc; i++) {
		if (c[i].lo == c[i].hi)
			continue;
		h.nb = ut_tally_histogram(bins, c[i].v);
		h.title = c[i].title;
		h.xname = c[i].xname;
		h.fill = c[i].fill;
		h.zero_label = c[i].zero_label;
		ut_svg_hist_panel(b, MARGIN + (double)(k % cols) * PANEL_W,
		                  y + (double)(k / cols) * PANEL_H, PANEL_W,
		                  PANEL_H, &h);
		k++;
	}
	y += (double)rows * PANEL_H;
	if (nflat) {
		y += 10 + NOTE_H;
		ut_svg_text(b, MARGIN + 8, y, 13, "start", "font-weight=\"bold\"",
		            width - 2 * MARGIN - 16,
		            T("ばらつきのない値（全決闘で同じ。グラフは省略）",
		              "No spread (the same in every duel; no chart)"));
		for (i = 0; i < nc; i++) {
			if (c[i].lo != c[i].hi)
				continue;
			y += NOTE_H;
			snprintf(note, sizeof note, T("%s：%" PRId64, "%s: %" PRId64),
			         c[i].title, c[i].lo);
			ut_svg_text(b, MARGIN + 20, y, 12, "start", "class=\"flat\"",
			            width - 2 * MARGIN - 28, note);
		}
	}
	free(c);
	ut_buf_puts(b, "</svg>\n");
	return b->failed ? ut_error_set(MS_ENOMEM, "out of memory") : 0;
}

/* The field's name of a --vary text (the text before '='), in out. */
static void field_name(char *out, size_t size, const char *vary)
{
	const char *eq = strrchr(vary, '=');
	size_t n = eq ? (size_t)(eq - vary) : strlen(vary);

	if (n >= size)
		n = size - 1;
	memcpy(out, vary, n);
	out[n] = '\0';
}

enum { SW_W = 760, SW_LEFT = 70, SW_RIGHT = 34, SW_PLOT_TOP = 92,
       SW_PLOT_H = 280 };

/* The frame of a sweep's chart: value and share ranges, the series drawn
 * and their names. */
typedef struct sw_plot {
	const ms_sw_report *r;
	ms_lang lang;
	double pw, base;        /* plot width; y of its bottom */
	int64_t lo;             /* the smallest value */
	double span;            /* largest − smallest value */
	double ylo, yhi, step;  /* share range (0..1) and tick step (points) */
	size_t nseries;         /* 3 with draws, else 2 */
	const char *names[3];
} sw_plot;

static double sw_x(const sw_plot *P, int64_t v)
{
	return SW_LEFT + 20 + (P->pw - 40) *
	       (P->span > 0 ? ((double)v - (double)P->lo) / P->span : 0.5);
}

static double sw_y(const sw_plot *P, double p)
{
	return P->base - SW_PLOT_H * (p - P->ylo) / (P->yhi - P->ylo);
}

/* The values' range, whether there are draws, and the y range: every band
 * shown, and 50%, in round steps. */
static void sw_ranges(sw_plot *P)
{
	const ms_sw_report *r = P->r;
	int64_t hi = r->values[0];
	size_t i, k;
	int draws = 0;

	P->lo = r->values[0];
	for (i = 0; i < r->nvalues; i++) {
		if (r->values[i] < P->lo) P->lo = r->values[i];
		if (r->values[i] > hi) hi = r->values[i];
		draws |= r->pt[i].wins[MS_PT_DRAW] > 0;
	}
	P->nseries = draws ? 3 : 2;
	P->ylo = 1;
	P->yhi = 0;
	for (i = 0; i < r->nvalues; i++)
		for (k = 0; k < P->nseries; k++) {
			if (r->pt[i].ci[k].lo < P->ylo) P->ylo = r->pt[i].ci[k].lo;
			if (r->pt[i].ci[k].hi > P->yhi) P->yhi = r->pt[i].ci[k].hi;
		}
	if (P->ylo > 0.5) P->ylo = 0.5;
	if (P->yhi < 0.5) P->yhi = 0.5;
	P->step = ut_svg_step(100 * (P->yhi - P->ylo), 6);
	P->ylo = P->step * floor(100 * P->ylo / P->step) / 100;
	P->yhi = P->step * ceil(100 * P->yhi / P->step) / 100;
	if (P->yhi <= P->ylo)
		P->yhi = P->ylo + P->step / 100;
	P->span = (double)hi - (double)P->lo;
}

static const char *const sw_dash[3] = {"", "", " stroke-dasharray=\"5 3\""};

/* The legend: a swatch per series, and what line and band are. */
static void sw_legend(ut_buf *b, const sw_plot *P)
{
	ms_lang lang = P->lang;
	size_t k;

	for (k = 0; k < P->nseries; k++) {
		double lx = SW_LEFT + 150.0 * (double)k;
		ut_buf_printf(b, "<rect x=\"%.1f\" y=\"40\" width=\"22\" "
		              "height=\"12\" fill=\"%s\" fill-opacity=\"0.25\"/>"
		              "<line x1=\"%.1f\" y1=\"46\" x2=\"%.1f\" y2=\"46\" "
		              "stroke=\"%s\" stroke-width=\"2\"%s/>\n", lx, fills[k],
		              lx, lx + 22, fills[k], sw_dash[k]);
		ut_svg_text(b, lx + 28, 51, 12, "start", NULL, 118, P->names[k]);
	}
	ut_svg_text(b, SW_LEFT, 72, 11, "start", "fill=\"#444\"", P->pw,
	            P->nseries == 3 ? T("線：割合　帯：95%信頼区間（Wilson）",
	                      "line: share, band: 95% interval (Wilson)")
	                  : T("線：割合　帯：95%信頼区間（Wilson）　引き分けは"
	                      "どの値でも0回",
	                      "line: share, band: 95% interval (Wilson); no "
	                      "draw at any value"));
}

/* The grid, the share ticks, the 50% line, the axes and the y title. */
static void sw_grid(ut_buf *b, const sw_plot *P)
{
	ms_lang lang = P->lang;
	double t;
	char tmp[32];

	for (t = 100 * P->ylo; t <= 100 * P->yhi + P->step / 2; t += P->step) {
		ut_buf_printf(b, "<line x1=\"%d\" y1=\"%.1f\" x2=\"%.1f\" "
		              "y2=\"%.1f\" stroke=\"#dddddd\"/>\n", SW_LEFT,
		              sw_y(P, t / 100), SW_LEFT + P->pw, sw_y(P, t / 100));
		snprintf(tmp, sizeof tmp, "%.0f%%", t);
		ut_svg_text(b, SW_LEFT - 6, sw_y(P, t / 100) + 4, 11, "end", NULL,
		            0, tmp);
	}
	ut_buf_printf(b, "<line class=\"half\" x1=\"%d\" y1=\"%.1f\" "
	              "x2=\"%.1f\" y2=\"%.1f\" stroke=\"black\" "
	              "stroke-dasharray=\"6 4\"/>\n", SW_LEFT, sw_y(P, 0.5),
	              SW_LEFT + P->pw, sw_y(P, 0.5));
	ut_svg_text(b, SW_LEFT + P->pw + 3, sw_y(P, 0.5) + 4, 10, "start", NULL,
	            0, "50%");
	ut_buf_printf(b, "<path d=\"M%d %dV%.1fH%.1f\" stroke=\"black\" "
	              "fill=\"none\"/>\n", SW_LEFT, SW_PLOT_TOP, P->base,
	              SW_LEFT + P->pw);
	ut_buf_printf(b, "<text x=\"16\" y=\"%.1f\" font-size=\"12\" "
	              "text-anchor=\"middle\" transform=\"rotate(-90 16 %.1f)\">"
	              "%s</text>\n", P->base - SW_PLOT_H / 2.0,
	              P->base - SW_PLOT_H / 2.0, T("割合", "share of duels"));
}

/* The bands, then the lines and their dots (with a tooltip each). */
static void sw_series(ut_buf *b, const sw_plot *P)
{
	const ms_sw_report *r = P->r;
	size_t i, k;

	for (k = 0; k < P->nseries && r->nvalues == 1; k++)
		/* one value: a band of no width; its interval as a whisker
		 * (review 2026-12-06: the picture showed three dots alone) */
		ut_buf_printf(b, "<line class=\"band\" x1=\"%.1f\" y1=\"%.1f\" "
		              "x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" "
		              "stroke-opacity=\"0.35\" stroke-width=\"8\"/>\n",
		              sw_x(P, r->values[0]), sw_y(P, r->pt[0].ci[k].hi),
		              sw_x(P, r->values[0]), sw_y(P, r->pt[0].ci[k].lo),
		              fills[k]);
	for (k = 0; k < P->nseries && r->nvalues > 1; k++) {
		ut_buf_printf(b, "<polygon class=\"band\" fill=\"%s\" "
		              "fill-opacity=\"0.18\" points=\"", fills[k]);
		for (i = 0; i < r->nvalues; i++)
			ut_buf_printf(b, "%.1f,%.1f ", sw_x(P, r->values[i]),
			              sw_y(P, r->pt[i].ci[k].hi));
		for (i = r->nvalues; i-- > 0;)
			ut_buf_printf(b, "%.1f,%.1f ", sw_x(P, r->values[i]),
			              sw_y(P, r->pt[i].ci[k].lo));
		ut_buf_puts(b, "\"/>\n");
	}
	for (k = 0; k < P->nseries; k++) {
		ut_buf_printf(b, "<polyline fill=\"none\" stroke=\"%s\" "
		              "stroke-width=\"2\"%s points=\"", fills[k], sw_dash[k]);
		for (i = 0; i < r->nvalues; i++)
			ut_buf_printf(b, "%.1f,%.1f ", sw_x(P, r->values[i]),
			              sw_y(P, r->pt[i].rate[k]));
		ut_buf_puts(b, "\"/>\n");
		for (i = 0; i < r->nvalues; i++) {
			const ms_pt_report *p = &r->pt[i];
			ut_buf_printf(b, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3\" "
			              "fill=\"%s\"><title>", sw_x(P, r->values[i]),
			              sw_y(P, p->rate[k]), fills[k]);
			ut_buf_xml(b, P->names[k]);
			ut_buf_printf(b, " %" PRId64 ": %.1f%% [%.1f%%, %.1f%%]"
			              "</title></circle>\n", r->values[i],
			              100.0 * p->rate[k], 100.0 * p->ci[k].lo,
			              100.0 * p->ci[k].hi);
		}
	}
}

/* The value ticks; under each, the mark of the table's last column
 * (MS-SW-BEST-1, ms_sw_vs_best): "★" the best value, "*" a value whose
 * side-A win rate is significantly lower, with a tooltip that gives the
 * difference and its interval; the x title and what the marks mean. */
static void sw_values(ut_buf *b, const sw_plot *P, const char *vary)
{
	const ms_sw_report *r = P->r;
	ms_lang lang = P->lang;
	size_t i, best = ms_sw_best(r),
	          every = r->nvalues <= 20 ? 1 : (r->nvalues + 9) / 10;
	double base = P->base;
	char tmp[256];

	for (i = 0; i < r->nvalues; i++)
		if (i % every == 0) {
			snprintf(tmp, sizeof tmp, "%" PRId64, r->values[i]);
			ut_svg_text(b, sw_x(P, r->values[i]), base + 16, 11, "middle",
			            NULL, 0, tmp);
		}
	for (i = 0; i < r->nvalues; i++) {
		double diff;
		ms_pt_interval d;
		/* the best value has the most wins: a value that differs is
		 * lower, as the table's "*" says */
		const int lower = i != best &&
		                  ms_sw_vs_best(&diff, &d, r, i, best);
		if (i != best && !lower)
			continue;
		ut_buf_printf(b, "<g class=\"%s\"><title>", i == best ? "best" : "lower");
		if (i == best)
			ut_buf_printf(b, T("%" PRId64 "：陣営Aの勝ちが最も多い（%.1f%%）",
			                   "%" PRId64 ": the most wins of side A (%.1f%%)"),
			              r->values[i], 100.0 * r->pt[i].rate[MS_PT_A]);
		else if (lang == MS_LANG_EN)
			ut_buf_printf(b, "%" PRId64 ": side A wins %.1f points less "
			              "often than at %" PRId64 " (95%% interval %+.1f to "
			              "%+.1f)", r->values[i], -100.0 * diff,
			              r->values[best], 100.0 * d.lo, 100.0 * d.hi);
		else
			ut_buf_printf(b, "%" PRId64 "：陣営Aの勝率が%" PRId64 "より%.1f"
			              "ポイント低い（95%%区間 %+.1f〜%+.1f）",
			              r->values[i], r->values[best], -100.0 * diff,
			              100.0 * d.lo, 100.0 * d.hi);
		ut_buf_puts(b, "</title>");
		ut_svg_text(b, sw_x(P, r->values[i]), base + 34, 13, "middle",
		            "fill=\"#3b6fb6\"", 0, i == best ? "★" : "*");
		ut_buf_puts(b, "</g>\n");
	}
	field_name(tmp, sizeof tmp, vary);
	ut_svg_text(b, SW_LEFT + P->pw / 2, base + 62, 12, "middle", NULL, P->pw,
	            tmp);
	snprintf(tmp, sizeof tmp,
	         T("★ 陣営Aの勝ちが最多（%" PRId64 "）、* それより有意に少ない"
	           "（95%%、表の最後の列と同じ）",
	           "★ the most wins of side A (%" PRId64 "); * significantly "
	           "fewer (95%%, as the table's last column)"),
	         r->nvalues ? r->values[best] : 0);
	ut_svg_text(b, SW_LEFT, base + 84, 11, "start", "fill=\"#444\"", P->pw,
	            tmp);
}

static int sw_svg(ut_buf *b, const ms_sw_report *r, const char *vary,
                  ms_lang lang)
{
	const int height = SW_PLOT_TOP + SW_PLOT_H + 112;
	sw_plot P;
	char title[512];

	memset(&P, 0, sizeof P);
	P.r = r;
	P.lang = lang;
	P.pw = SW_W - SW_LEFT - SW_RIGHT;
	P.base = SW_PLOT_TOP + SW_PLOT_H;
	P.names[MS_PT_A] = T("陣営Aの勝ち", "side A wins");
	P.names[MS_PT_B] = T("陣営Bの勝ち", "side B wins");
	P.names[MS_PT_DRAW] = T("引き分け", "draw");
	/* the same format in both languages' order: vary, runs, then the
	 * English noun (ignored by the Japanese) */
	snprintf(title, sizeof title, T("スイープ：%s（値ごとに%" PRIu64
	                                "回の決闘、どの値も同じ種）",
	                                "Sweep: %s (%" PRIu64 " %s per value, "
	                                "the same seeds for every value)"),
	         vary, r->nvalues ? r->pt[0].runs : 0,
	         r->nvalues && r->pt[0].runs == 1 ? "duel" : "duels");
	ut_svg_open(b, SW_W, height);
	ut_svg_text(b, 18, 24, 17, "start", "font-weight=\"bold\"", SW_W - 36,
	            title);
	if (r->nvalues) {
		sw_ranges(&P);
		sw_legend(b, &P);
		sw_grid(b, &P);
		sw_series(b, &P);
		sw_values(b, &P, vary);
	}
	ut_buf_puts(b, "</svg>\n");
	return b->failed ? ut_error_set(MS_ENOMEM, "out of memory") : 0;
}

int ms_pt_render_svg(ut_buf *out, const ms_pt_report *r, ms_lang lang)
{
	int rc = ms_pt_render_args("ms_pt_render_svg", out, r);

	return rc < 0 ? rc : pt_svg(out, r, lang);
}

int ms_sw_render_svg(ut_buf *out, const ms_sw_report *r, const char *vary,
                     ms_lang lang)
{
	int rc = ms_sw_render_args("ms_sw_render_svg", out, r, vary);

	return rc < 0 ? rc : sw_svg(out, r, vary, lang);
}
