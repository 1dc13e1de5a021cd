/*
 * pt_text.c - a playtest's and a sweep's report as text, Japanese or
 * English (docs/MANASTORM.md "Playtests" MS-PT-OUT-1, "Sweeps"
 * MS-SW-OUT-1), with the runs a difference needs (MS-PT-TELL-1) and each
 * value against the best (MS-SW-BEST-1).  Columns are aligned by display
 * width (util/width.h); percentages have one decimal, means two.
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "manastorm/pt_render.h"
#include "util/error.h"
#include "util/width.h"
#include "render_int.h"

#define T(ja, en) (lang == MS_LANG_EN ? (en) : (ja))

static void rate(ut_buf *b, double p, ms_pt_interval ci)
{
	char tmp[64];
	snprintf(tmp, sizeof tmp, "%5.1f%% [%.1f%%, %.1f%%]", 100.0 * p,
	         100.0 * ci.lo, 100.0 * ci.hi);
	ut_buf_pad(b, tmp, 24, 1);
}

static int done(ut_buf *b)
{
	return b->failed ? ut_error_set(MS_ENOMEM, "out of memory") : 0;
}

/* MS-PT-TELL-1: how many runs tell two playtests' win rates apart, from
 * the win rate of the side nearer 50% (ms_pt_tell_side). */
static void tell_apart(ut_buf *b, const ms_pt_report *r, ms_lang lang)
{
	static const unsigned points[3] = {1, 2, 5};
	int side = ms_pt_tell_side(r);
	const char *sn = side == MS_PT_A ? "A" : "B";
	double p = r->rate[side];
	uint64_t n[3];
	int i;

	for (i = 0; i < 3; i++)
		n[i] = ms_pt_runs_needed(p, points[i] / 100.0);
	if (n[0] == 0) {
		ut_buf_printf(b, T("勝率の差を見分けるのに要る回数：陣営%sの勝率が%.1f%%で"
		                   "ばらつきがないので見積もれません\n",
		                   "Telling win rates apart: side %s won %.1f%% of the "
		                   "duels, no spread to estimate from\n"),
		              sn, 100.0 * p);
		return;
	}
	ut_buf_printf(b, T("勝率の差を95%%で見分ける回数（陣営%sの勝率 %.1f%% から、"
	                   "2つのプレイテストの比較）：\n",
	                   "Runs to tell win rates apart at 95%% (from side %s's "
	                   "%.1f%%, two playtests compared):\n"),
	              sn, 100.0 * p);
	ut_buf_printf(b, T("  1ポイント %" PRIu64 "回、2ポイント %" PRIu64
	                   "回、5ポイント %" PRIu64 "回ずつ。この%" PRIu64
	                   "回ずつなら%.1fポイント以上\n",
	                   "  1 point %" PRIu64 " each, 2 points %" PRIu64
	                   ", 5 points %" PRIu64 "; these %" PRIu64 " runs tell "
	                   "%.1f points or more\n"),
	              n[0], n[1], n[2], r->runs,
	              100.0 * ms_pt_smallest_diff(p, r->runs));
}

static int pt_text(ut_buf *b, const ms_pt_report *r, ms_lang lang)
{
	static const char *const outcome[3][2] = {
		{"陣営Aの勝ち", "Side A won"},
		{"陣営Bの勝ち", "Side B won"},
		{"引き分け", "Draw"}};
	char tmp[64];
	size_t k, w = 8;
	int i;

	if (lang == MS_LANG_EN) /* "1 duel", "2 duels" */
		ut_buf_printf(b, "Playtest: %" PRIu64 " %s (seed %" PRIu64
		              ", run i uses seed %" PRIu64 "+i)\n",
		              r->runs, r->runs == 1 ? "duel" : "duels", r->seed, r->seed);
	else
		ut_buf_printf(b, "プレイテスト：%" PRIu64 "回の決闘（種 %" PRIu64
		              "、i回目は種 %" PRIu64 "+i）\n", r->runs, r->seed, r->seed);
	ut_buf_pad(b, T("結果", "Outcome"), 14, 1);
	ut_buf_rpad(b, T("回数", "Count"), 6);
	ut_buf_rpad(b, T("割合", "Rate"), 8);
	ut_buf_puts(b, T("  95%信頼区間（Wilson）\n", "  95% interval (Wilson)\n"));
	for (i = 0; i < 3; i++) {
		ut_buf_pad(b, outcome[i][lang == MS_LANG_EN], 14, 1);
		snprintf(tmp, sizeof tmp, "%" PRIu64, r->wins[i]);
		ut_buf_rpad(b, tmp, 6);
		ut_buf_puts(b, "  ");
		rate(b, r->rate[i], r->ci[i]);
		while (b->len && b->ptr[b->len - 1] == ' ')
			b->len--;
		ut_buf_puts(b, "\n");
	}
	tell_apart(b, r, lang);
	ut_buf_printf(b, T("バトル数：平均 %.2f（最小 %" PRId64 "、最大 %" PRId64 "）\n",
	                   "Battles per duel: mean %.2f (min %" PRId64 ", max %"
	                   PRId64 ")\n"),
	              r->mean_battles, r->battles_min, r->battles_max);
	ut_buf_printf(b, T("マナ・ストーム：1決闘あたり %.2f回、失った衣装 %.2f・HP %.2f"
	                   "（1回あたり 衣装 %.2f・HP %.2f）\n",
	                   "Mana storms per duel: %.2f; outfits lost %.2f, HP lost "
	                   "%.2f per duel (%.2f and %.2f per storm)\n"),
	              r->storms_per_duel, r->storm_outfits_per_duel,
	              r->storm_hp_per_duel, r->storm_outfits_per_storm,
	              r->storm_hp_per_storm);
	/* the play log's word first, as the English (language review
	 * 2026-12-07: ハプニング in the log, エモーション・イベント here) */
	ut_buf_printf(b, T("ハプニング（エモーション・イベント）：1決闘あたり %.2f回\n",
	                   "Happenings (emotion events) per duel: %.2f\n"),
	              r->happenings_per_duel);
	/* (language review 2026-12-07: "step 6 0" ran names into counts) */
	ut_buf_printf(b, T("決着：手順6で%" PRIu64 "回、マナ・ストームで%" PRIu64
	                   "回、手順9で%" PRIu64 "回、全バトル終了で%" PRIu64
	                   "回\n",
	                   "Ended at: step 6 in %" PRIu64 " duels, mana storm in "
	                   "%" PRIu64 ", step 9 in %" PRIu64 ", all battles "
	                   "played in %" PRIu64 "\n"),
	              r->end[MS_PT_END_STEP6], r->end[MS_PT_END_STORM],
	              r->end[MS_PT_END_STEP9], r->end[MS_PT_END_BATTLES]);
	{
		const char *h = T("参加者", "Participant");
		if (ut_width(h, strlen(h)) + 2 > w)
			w = ut_width(h, strlen(h)) + 2;
	}
	for (k = 0; k < r->nparts; k++) {
		size_t nw = ut_width(r->parts[k].name, strlen(r->parts[k].name));
		if (nw + 2 > w)
			w = nw + 2;
	}
	ut_buf_pad(b, T("参加者", "Participant"), w, 1);
	ut_buf_pad(b, T("陣営", "Side"), 6, 1);
	ut_buf_puts(b, T("残り（平均、最小〜最大）\n",
	                 "Left at the end (mean, min to max)\n"));
	for (k = 0; k < r->nparts; k++) {
		const ms_pt_part *p = &r->parts[k];
		ut_buf_pad(b, p->name, w, 1);
		ut_buf_pad(b, p->side ? "B" : "A", 6, 1);
		if (p->role == MS_ROLE_CASTER)
			ut_buf_printf(b, T("MP %.2f（%" PRId64 "〜%" PRId64 "）、衣装 %.2f\n",
			                   "MP %.2f (%" PRId64 " to %" PRId64 "), outfits %.2f\n"),
			              p->mp_mean, p->mp_min, p->mp_max, p->outfits_mean);
		else
			ut_buf_printf(b, T("HP %.2f（%" PRId64 "〜%" PRId64 "）\n",
			                   "HP %.2f (%" PRId64 " to %" PRId64 ")\n"),
			              p->hp_mean, p->hp_min, p->hp_max);
	}
	return done(b);
}

/* MS-SW-BEST-1: a value's difference from the best value in side A's win
 * rate, in points with its interval, and the marker when it differs. */
static void vs_best(ut_buf *b, const ms_sw_report *r, size_t i, size_t best,
                    ms_lang lang)
{
	ms_pt_interval d;
	double diff;
	char tmp[64];
	int differs;

	if (i == best) {
		ut_buf_puts(b, T(" 最高", " best"));
		return;
	}
	differs = ms_sw_vs_best(&diff, &d, r, i, best);
	snprintf(tmp, sizeof tmp, "%+5.1f [%+.1f, %+.1f]%s", 100.0 * diff,
	         100.0 * d.lo, 100.0 * d.hi, differs ? " *" : "");
	ut_buf_puts(b, tmp);
}

static int sw_text(ut_buf *b, const ms_sw_report *r, const char *vary,
                   ms_lang lang)
{
	char tmp[64];
	size_t i, best;
	int k;

	if (r->nvalues == 0)
		return 0;
	best = ms_sw_best(r);
	if (lang == MS_LANG_EN) /* "1 duel", "2 duels" */
		ut_buf_printf(b, "Sweep: %s, %" PRIu64 " %s per value (seeds from %"
		              PRIu64 ", the same for every value)\n", vary,
		              r->pt[0].runs, r->pt[0].runs == 1 ? "duel" : "duels",
		              r->pt[0].seed);
	else
		ut_buf_printf(b, "スイープ：%s、値ごとに%" PRIu64 "回の決闘（種 %" PRIu64
		              "〜、どの値も同じ種）\n", vary, r->pt[0].runs,
		              r->pt[0].seed);
	ut_buf_rpad(b, T("値", "Value"), 8);
	ut_buf_puts(b, "  ");
	ut_buf_pad(b, T("陣営Aの勝ち", "Side A won"), 24, 1);
	ut_buf_pad(b, T("陣営Bの勝ち", "Side B won"), 24, 1);
	ut_buf_pad(b, T("引き分け", "Draw"), 24, 1);
	ut_buf_puts(b, T("陣営Aの勝ち：最高との差\n", "Side A won vs best\n"));
	for (i = 0; i < r->nvalues; i++) {
		snprintf(tmp, sizeof tmp, "%" PRId64, r->values[i]);
		ut_buf_rpad(b, tmp, 8);
		ut_buf_puts(b, "  ");
		for (k = 0; k < 3; k++)
			rate(b, r->pt[i].rate[k], r->pt[i].ci[k]);
		vs_best(b, r, i, best, lang);
		ut_buf_puts(b, "\n");
	}
	ut_buf_printf(b, T("最高との差：陣営Aの勝率から最高の値（%" PRId64 "）の勝率を引いた"
	                   "ポイントと95%%信頼区間（Newcombe）。* は区間が0を含まない＝有意に低い\n",
	                   "vs best: side A's win rate minus that of the best value (%"
	                   PRId64 "), in points, with its 95%% interval (Newcombe); "
	                   "* the interval excludes 0: significantly lower\n"),
	              r->values[best]);
	return done(b);
}

int ms_pt_render_text(ut_buf *out, const ms_pt_report *r, ms_lang lang)
{
	int rc = ms_pt_render_args("ms_pt_render_text", out, r);

	return rc < 0 ? rc : pt_text(out, r, lang);
}

int ms_sw_render_text(ut_buf *out, const ms_sw_report *r, const char *vary,
                      ms_lang lang)
{
	int rc = ms_sw_render_args("ms_sw_render_text", out, r, vary);

	return rc < 0 ? rc : sw_text(out, r, vary, lang);
}
