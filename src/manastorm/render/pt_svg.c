/*
 * pt_svg.c - a playtest's report and a sweep's report as plain SVG
 * pictures (docs/MANASTORM.md MS-PT-OUT-3, MS-SW-OUT-3).
 *
 * Playtest: a title, then panels stacked: battles per duel, mana storms
 * per duel, then each participant in seat order (MP left for a caster, HP
 * left for a warrior); each a bar chart (MS-PT-HIST-1) with a y axis from
 * 0 to the largest bar, labelled bars (every k-th when many) and axis
 * names.  Side A blue, side B red, duel-wide panels grey.
 * Sweep: side A's win rate (a line with dots) and its 95% Wilson band
 * (shaded) against the value; y from 0% to 100%.
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "manastorm/pt_render.h"
#include "util/error.h"

#define T(ja, en) (lang == MS_LANG_EN ? (en) : (ja))

enum {
	WIDTH = 720, LEFT = 70, PLOT_W = 620, PANEL_H = 250, TOP = 40,
	PLOT_TOP = 30, PLOT_H = 160
};

static void text(ut_buf *b, double x, double y, const char *anchor, int size,
                 const char *s)
{
	ut_buf_printf(b, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"%d\" "
	              "text-anchor=\"%s\">", x, y, size, anchor);
	ut_buf_xml(b, s);
	ut_buf_puts(b, "</text>\n");
}

static void head(ut_buf *b, int height, const char *title)
{
	ut_buf_printf(b, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" "
	              "height=\"%d\" viewBox=\"0 0 %d %d\" font-family=\"sans-serif\">\n"
	              "<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>\n",
	              WIDTH, height, WIDTH, height);
	text(b, WIDTH / 2.0, 26, "middle", 17, title);
}

static void axes(ut_buf *b, int base, const char *xname, const char *yname,
                 int y0)
{
	char tmp[160];
	ut_buf_printf(b, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" "
	              "stroke=\"black\"/>\n<line x1=\"%d\" y1=\"%d\" x2=\"%d\" "
	              "y2=\"%d\" stroke=\"black\"/>\n", LEFT, base, LEFT + PLOT_W,
	              base, LEFT, base, LEFT, base - PLOT_H);
	text(b, LEFT + PLOT_W / 2.0, base + 34, "middle", 12, xname);
	snprintf(tmp, sizeof tmp, "%s", yname);
	ut_buf_printf(b, "<text x=\"16\" y=\"%d\" font-size=\"12\" "
	              "text-anchor=\"middle\" transform=\"rotate(-90 16 %d)\">",
	              y0 + PLOT_TOP + PLOT_H / 2, y0 + PLOT_TOP + PLOT_H / 2);
	ut_buf_xml(b, tmp);
	ut_buf_puts(b, "</text>\n");
}

static void panel(ut_buf *b, int y0, const char *title, const char *xname,
                  const char *yname, const char *fill, const ms_pt_bin *bins,
                  size_t nb)
{
	uint64_t top = 1;
	size_t i, every;
	int base = y0 + PLOT_TOP + PLOT_H;
	double bw = (double)PLOT_W / (double)(nb ? nb : 1);
	char tmp[64];

	for (i = 0; i < nb; i++)
		if (bins[i].count > top)
			top = bins[i].count;
	every = nb <= 20 ? 1 : (nb + 9) / 10;
	ut_buf_puts(b, "<g>\n");
	text(b, LEFT, y0 + 18, "start", 15, title);
	axes(b, base, xname, yname, y0);
	snprintf(tmp, sizeof tmp, "%" PRIu64, top);
	text(b, LEFT - 6, base - PLOT_H + 4, "end", 11, tmp);
	text(b, LEFT - 6, base + 4, "end", 11, "0");
	for (i = 0; i < nb; i++) {
		double h = (double)PLOT_H * (double)bins[i].count / (double)top;
		ut_buf_printf(b, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" "
		              "height=\"%.1f\" fill=\"%s\"><title>%" PRId64 "",
		              LEFT + bw * (double)i + 1, base - h, bw - 2 > 1 ? bw - 2 : 1,
		              h, fill, bins[i].lo);
		if (bins[i].hi != bins[i].lo)
			ut_buf_printf(b, "–%" PRId64, bins[i].hi);
		ut_buf_printf(b, ": %" PRIu64 "</title></rect>\n", bins[i].count);
		if (i % every == 0) {
			snprintf(tmp, sizeof tmp, "%" PRId64, bins[i].lo);
			text(b, LEFT + bw * ((double)i + 0.5), base + 16, "middle", 11,
			     tmp);
		}
	}
	ut_buf_puts(b, "</g>\n");
}

int ms_pt_render_svg(ut_buf *b, const ms_pt_report *r, ms_lang lang)
{
	static const char *const fills[2] = {"#3b6fb6", "#c0392b"};
	ms_pt_bin bins[MS_PT_BINS_MAX];
	size_t k, n = r->nparts, runs = (size_t)r->runs, nb;
	int y = TOP;
	char title[256];
	const char *yname = T("決闘数", "duels");

	snprintf(title, sizeof title, T("プレイテスト：%" PRIu64 "回の決闘（種 %"
	                                 PRIu64 "〜）",
	                                 "Playtest: %" PRIu64 " duels (seeds from %"
	                                 PRIu64 ")"), r->runs, r->seed);
	head(b, TOP + PANEL_H * (int)(2 + n) + 10, title);
	nb = ms_pt_histogram(bins, r->run_battles, runs, 1);
	panel(b, y, T("1決闘のバトル数", "Battles per duel"), T("バトル数", "battles"),
	      yname, "#777777", bins, nb);
	y += PANEL_H;
	nb = ms_pt_histogram(bins, r->run_storms, runs, 1);
	panel(b, y, T("1決闘のマナ・ストーム数", "Mana storms per duel"),
	      T("マナ・ストーム数", "storms"), yname, "#777777", bins, nb);
	y += PANEL_H;
	for (k = 0; k < n; k++) {
		const ms_pt_part *p = &r->parts[k];
		int caster = p->role == MS_ROLE_CASTER;
		snprintf(title, sizeof title, T("%s（陣営%s）の残り%s",
		                                "%s (side %s): %s left"),
		         p->name, p->side ? "B" : "A", caster ? "MP" : "HP");
		nb = ms_pt_histogram(bins, caster ? r->run_mp + k : r->run_hp + k,
		                     runs, n);
		panel(b, y, title, caster ? T("残りMP", "MP left") : T("残りHP", "HP left"),
		      yname, fills[p->side ? 1 : 0], bins, nb);
		y += PANEL_H;
	}
	ut_buf_puts(b, "</svg>\n");
	return b->failed ? ut_error_set(MS_ENOMEM, "out of memory") : 0;
}

int ms_sw_render_svg(ut_buf *b, const ms_sw_report *r, const char *vary,
                     ms_lang lang)
{
	int y0 = TOP, base = TOP + PLOT_TOP + PLOT_H;
	int64_t lo, hi;
	double span;
	size_t i, every;
	char title[512], tmp[64];

#define X(v) (LEFT + 10 + (double)(PLOT_W - 20) * \
              (span > 0 ? (double)((v) - lo) / span : 0.5))
#define Y(p) ((double)base - (double)PLOT_H * (p))
	snprintf(title, sizeof title, T("スイープ：%s（値ごとに%" PRIu64 "回）",
	                                "Sweep: %s (%" PRIu64 " duels per value)"),
	         vary, r->nvalues ? r->pt[0].runs : 0);
	head(b, TOP + PANEL_H + 10, title);
	if (r->nvalues == 0) {
		ut_buf_puts(b, "</svg>\n");
		return b->failed ? ut_error_set(MS_ENOMEM, "out of memory") : 0;
	}
	lo = hi = r->values[0];
	for (i = 1; i < r->nvalues; i++) {
		if (r->values[i] < lo) lo = r->values[i];
		if (r->values[i] > hi) hi = r->values[i];
	}
	span = (double)hi - (double)lo;
	text(b, LEFT, y0 + 18, "start", 15,
	     T("陣営Aの勝率と95%信頼区間（Wilson）",
	       "Side A's win rate and its 95% interval (Wilson)"));
	{
		/* the x axis is named by the field (the text before '=') */
		const char *eq = strchr(vary, '=');
		size_t n = eq ? (size_t)(eq - vary) : strlen(vary);
		if (n >= sizeof tmp)
			n = sizeof tmp - 1;
		memcpy(tmp, vary, n);
		tmp[n] = '\0';
		axes(b, base, tmp, T("陣営Aの勝率", "side A wins"), y0);
	}
	text(b, LEFT - 6, base - PLOT_H + 4, "end", 11, "100%");
	text(b, LEFT - 6, base - PLOT_H / 2 + 4, "end", 11, "50%");
	text(b, LEFT - 6, base + 4, "end", 11, "0%");
	/* the band: hi along the values, then lo back */
	ut_buf_puts(b, "<polygon fill=\"#3b6fb6\" fill-opacity=\"0.2\" points=\"");
	for (i = 0; i < r->nvalues; i++)
		ut_buf_printf(b, "%.1f,%.1f ", X(r->values[i]),
		              Y(r->pt[i].ci[MS_PT_A].hi));
	for (i = r->nvalues; i-- > 0;)
		ut_buf_printf(b, "%.1f,%.1f ", X(r->values[i]),
		              Y(r->pt[i].ci[MS_PT_A].lo));
	ut_buf_puts(b, "\"/>\n<polyline fill=\"none\" stroke=\"#3b6fb6\" "
	            "stroke-width=\"2\" points=\"");
	for (i = 0; i < r->nvalues; i++)
		ut_buf_printf(b, "%.1f,%.1f ", X(r->values[i]),
		              Y(r->pt[i].rate[MS_PT_A]));
	ut_buf_puts(b, "\"/>\n");
	every = r->nvalues <= 20 ? 1 : (r->nvalues + 9) / 10;
	for (i = 0; i < r->nvalues; i++) {
		const ms_pt_report *p = &r->pt[i];
		ut_buf_printf(b, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3\" "
		              "fill=\"#3b6fb6\"><title>%" PRId64 ": %.1f%% "
		              "[%.1f%%, %.1f%%]</title></circle>\n",
		              X(r->values[i]), Y(p->rate[MS_PT_A]), r->values[i],
		              100.0 * p->rate[MS_PT_A], 100.0 * p->ci[MS_PT_A].lo,
		              100.0 * p->ci[MS_PT_A].hi);
		if (i % every == 0) {
			snprintf(tmp, sizeof tmp, "%" PRId64, r->values[i]);
			text(b, X(r->values[i]), base + 16, "middle", 11, tmp);
		}
	}
#undef X
#undef Y
	ut_buf_puts(b, "</svg>\n");
	return b->failed ? ut_error_set(MS_ENOMEM, "out of memory") : 0;
}
