/*
 * mc_svg.c - the report of a Monte Carlo series as a plain SVG picture
 * (MG-MC-OUT-3): a title, then one panel per chart, stacked: the rounds
 * played (bar chart), then the HP left of each character in scenario
 * order (histogram).  Each panel has its title, a y axis from 0 to the
 * largest bar (the number of fights), an x axis labelled with the values
 * of the bars (every bar when there are few, else every k-th), and the
 * axis names.  Bars (MG-MC-HIST-1): one per value when the values span at
 * most 40, else 40 or fewer of equal integer width; a bar's label is its
 * lowest value.  PC panels are blue, NPC panels red, rounds grey.
 */
#include <stdio.h>
#include <string.h>

#include "mc_int.h"
#include "util/error.h"

#define T(ja, en) (lang == MG_LANG_EN ? (en) : (ja))

enum {
	WIDTH = 720,
	LEFT = 70,      /* the y axis */
	PLOT_W = 620,
	PANEL_H = 250,  /* one chart */
	TOP = 40,       /* the picture's title */
	PLOT_TOP = 30,  /* panel title above the plot */
	PLOT_H = 160
};

static void panel(ut_buf *b, int y0, const char *title, const char *xname,
                  const char *yname, const char *fill, const mg_mc_bin *bins,
                  size_t nb)
{
	uint64_t top = 1;
	size_t i, every;
	int base = y0 + PLOT_TOP + PLOT_H;
	double bw = (double)PLOT_W / (double)nb;

	for (i = 0; i < nb; i++)
		if (bins[i].count > top)
			top = bins[i].count;
	every = nb <= 20 ? 1 : (nb + 9) / 10;
	ut_buf_printf(b, "<g>\n<text x=\"%d\" y=\"%d\" font-size=\"15\" "
	              "font-weight=\"bold\">", LEFT, y0 + 18);
	ut_buf_xml(b, title);
	ut_buf_puts(b, "</text>\n");
	/* axes */
	ut_buf_printf(b, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" "
	              "stroke=\"black\"/>\n", LEFT, y0 + PLOT_TOP, LEFT, base);
	ut_buf_printf(b, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" "
	              "stroke=\"black\"/>\n", LEFT, base, LEFT + PLOT_W, base);
	ut_buf_printf(b, "<text x=\"%d\" y=\"%d\" font-size=\"11\" "
	              "text-anchor=\"end\">0</text>\n", LEFT - 4, base + 4);
	ut_buf_printf(b, "<text x=\"%d\" y=\"%d\" font-size=\"11\" "
	              "text-anchor=\"end\">%llu</text>\n", LEFT - 4,
	              y0 + PLOT_TOP + 4, (unsigned long long)top);
	ut_buf_printf(b, "<text x=\"%d\" y=\"%d\" font-size=\"12\" "
	              "text-anchor=\"middle\" transform=\"rotate(-90 %d %d)\">",
	              LEFT - 40, base - PLOT_H / 2, LEFT - 40, base - PLOT_H / 2);
	ut_buf_xml(b, yname);
	ut_buf_puts(b, "</text>\n");
	ut_buf_printf(b, "<text x=\"%d\" y=\"%d\" font-size=\"12\" "
	              "text-anchor=\"middle\">", LEFT + PLOT_W / 2, base + 34);
	ut_buf_xml(b, xname);
	ut_buf_puts(b, "</text>\n");
	/* bars and their labels */
	for (i = 0; i < nb; i++) {
		double x = LEFT + bw * (double)i;
		double h = (double)PLOT_H * (double)bins[i].count / (double)top;
		ut_buf_printf(b, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" "
		              "height=\"%.1f\" fill=\"%s\"><title>%lld–%lld: "
		              "%llu</title></rect>\n", x + 1.0,
		              (double)base - h, bw > 3.0 ? bw - 2.0 : bw, h,
		              fill, (long long)bins[i].lo,
		              (long long)bins[i].hi,
		              (unsigned long long)bins[i].count);
		if (i % every == 0)
			ut_buf_printf(b, "<text x=\"%.1f\" y=\"%d\" font-size=\"11\" "
			              "text-anchor=\"middle\">%lld</text>\n",
			              x + bw / 2.0, base + 16,
			              (long long)bins[i].lo);
	}
	ut_buf_puts(b, "</g>\n");
}

int mg_mc_render_svg(const mg_mc_report *r, mg_lang lang, ut_buf *b)
{
	mg_mc_bin bins[MG_MC_BINS_MAX];
	size_t nb, k;
	int height = TOP + PANEL_H * (int)(r->ncharacters + 1) + 10;
	char title[256];

	ut_buf_printf(b, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
	              "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" "
	              "height=\"%d\" viewBox=\"0 0 %d %d\" "
	              "font-family=\"sans-serif\">\n"
	              "<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>\n",
	              WIDTH, height, WIDTH, height);
	ut_buf_printf(b, "<text x=\"%d\" y=\"24\" font-size=\"17\" "
	              "font-weight=\"bold\">", LEFT);
	ut_buf_printf(b, T("モンテカルロ：%llu回の戦闘（シード %llu）",
	                   "Monte Carlo: %llu fights (seed %llu)"),
	              (unsigned long long)r->runs, (unsigned long long)r->seed);
	ut_buf_puts(b, "</text>\n");

	nb = mg_mc_histogram(bins, r->run_rounds, (size_t)r->runs, 1);
	panel(b, TOP, T("ラウンド数の分布", "Rounds played"),
	      T("ラウンド数", "rounds"), T("戦闘数", "fights"), "#888888",
	      bins, nb);
	for (k = 0; k < r->ncharacters; k++) {
		const mg_mc_char *c = &r->characters[k];
		snprintf(title, sizeof title, T("%s（%s）の残りHP",
		                                "%s (%s): HP left"),
		         c->name, c->side == MG_SIDE_PC ? "PC" : "NPC");
		nb = mg_mc_histogram(bins, r->run_hp + k, (size_t)r->runs,
		                     r->ncharacters);
		panel(b, TOP + PANEL_H * (int)(k + 1), title,
		      T("残りHP", "HP left"), T("戦闘数", "fights"),
		      c->side == MG_SIDE_PC ? "#3b6fb6" : "#c0392b", bins, nb);
	}
	ut_buf_puts(b, "</svg>\n");
	return b->failed ? ut_error_set(MG_ENOMEM, "out of memory") : 0;
}
