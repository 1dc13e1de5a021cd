/*
 * mc_svg.c - the report of a Monte Carlo series as a plain SVG picture
 * (MG-MC-OUT-3): a title; the share of PC wins, NPC wins and draws with
 * their 95% intervals; then one panel per chart in a grid: the rounds
 * played, then the HP left of each character in scenario order.  Each
 * panel has its title, a count axis from 0 with round ticks, a value axis
 * with round ticks (util/svg.h), and the axis names.  Bars
 * (MG-MC-HIST-1): one per value when the values span at most 40, else 40
 * or fewer of equal integer width.  PC panels are blue, NPC panels red,
 * rounds grey.
 */
#include <stdio.h>
#include <string.h>

#include "mc_int.h"
#include "util/error.h"
#include "util/stats.h"
#include "util/svg.h"

#define T(ja, en) (lang == MG_LANG_EN ? (en) : (ja))

enum {
	PANEL_W = 340,  /* one histogram */
	PANEL_H = 210,
	MARGIN = 10,
	TOP = 36        /* the picture's title */
};

/*
 * MG-MC-OUT-3: the question first: each outcome's share with its 95%
 * Wilson interval (the report's own figures); then the histograms in a
 * grid, 2 columns up to 4 panels, else 3: rounds first, then every
 * character in scenario order, its "HP ≤ 0" zone (戦闘不能, MG-ATTACK-6)
 * shaded.
 */
int mg_mc_render_svg(const mg_mc_report *r, mg_lang lang, ut_buf *b)
{
	ut_bin bins[UT_BINS_MAX];
	ut_svg_share sh[3];
	ut_svg_hist h;
	size_t npanels = r->ncharacters + 1, cols = npanels <= 4 ? 2 : 3;
	size_t rows = (npanels + cols - 1) / cols, k;
	int width = (int)cols * PANEL_W + 2 * MARGIN, height;
	double y, shares_h = 28 + 26 * 3 + 38;
	char title[256], note[256];
	static const char *const fills[3] = {"#3b6fb6", "#c0392b", "#999999"};

	height = TOP + (int)shares_h + 10 + (int)rows * PANEL_H + MARGIN;
	ut_svg_open(b, width, height);
	if (lang == MG_LANG_EN) /* "1 fight", "2 fights" */
		snprintf(title, sizeof title, "Monte Carlo: %llu %s (seeds from %llu)",
		         (unsigned long long)r->runs, r->runs == 1 ? "fight" : "fights",
		         (unsigned long long)r->seed);
	else
		snprintf(title, sizeof title, "モンテカルロ：%llu回の戦闘（種 %llu〜）",
		         (unsigned long long)r->runs, (unsigned long long)r->seed);
	ut_svg_text(b, MARGIN + 8, 24, 17, "start", "font-weight=\"bold\"",
	            width - 2 * MARGIN - 16, title);
	for (k = 0; k < 3; k++) {
		sh[k].k = r->wins[k];
		sh[k].rate = r->rate[k];
		sh[k].ci.lo = r->ci[k].lo;
		sh[k].ci.hi = r->ci[k].hi;
		sh[k].fill = fills[k];
	}
	sh[MG_MC_PC].label = T("PCの勝利", "PCs win");
	sh[MG_MC_NPC].label = T("NPCの勝利", "NPCs win");
	sh[MG_MC_DRAW].label = T("引き分け（ラウンド上限）",
	                         "draw (round limit)");
	if (lang == MG_LANG_EN)
		snprintf(note, sizeof note,
		         "bar: share, whisker: 95%% interval (Wilson), of %llu %s",
		         (unsigned long long)r->runs, r->runs == 1 ? "fight" : "fights");
	else
		snprintf(note, sizeof note,
		         "棒：割合　ひげ：95%%信頼区間（Wilson）　%llu回中",
		         (unsigned long long)r->runs);
	y = TOP;
	ut_svg_shares(b, MARGIN, y, width - 2 * MARGIN,
	              T("勝敗の割合", "Who wins"), sh, 3, note);
	y += shares_h + 10;

	h.bins = bins;
	h.yname = T("戦闘数", "fights");
	for (k = 0; k < npanels; k++) {
		double px = MARGIN + (double)(k % cols) * PANEL_W;
		double py = y + (double)(k / cols) * PANEL_H;
		if (k == 0) {
			h.nb = ut_tally_histogram(bins, &r->rounds);
			h.title = T("ラウンド数の分布", "Rounds played");
			h.xname = T("ラウンド数", "rounds");
			h.fill = "#888888";
			h.zero_label = NULL;
		} else {
			const mg_mc_char *c = &r->characters[k - 1];
			snprintf(title, sizeof title, T("%s（%s）の残りHP",
			                                "%s (%s): HP left"),
			         c->name, c->side == MG_SIDE_PC ? "PC" : "NPC");
			/* bars from 1 up and from 0 down: none straddles the
			 * shading of HP ≤ 0 (review 2026-12-06) */
			h.nb = ut_tally_histogram_at(bins, &r->hp[k - 1], 1);
			h.title = title;
			h.xname = T("残りHP", "HP left");
			h.fill = c->side == MG_SIDE_PC ? fills[0] : fills[1];
			h.zero_label = T("HP 0以下：戦闘不能", "HP ≤ 0: down");
		}
		ut_svg_hist_panel(b, px, py, PANEL_W, PANEL_H, &h);
	}
	ut_buf_puts(b, "</svg>\n");
	return b->failed ? ut_error_set(MG_ENOMEM, "out of memory") : 0;
}
