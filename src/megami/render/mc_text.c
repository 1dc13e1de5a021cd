/*
 * mc_text.c - the report of a Monte Carlo series as text, in Japanese or
 * English (docs/MEGAMI.md "Monte Carlo", MG-MC-OUT-1):
 *
 *   モンテカルロ：20回の戦闘（種 42、i回目は種 42+i）
 *   結果        回数    割合  95%信頼区間（Wilson）
 *   PCの勝利      12   60.0%  [38.7%, 78.1%]
 *   …
 *   ラウンド数：平均 3.10、中央値 3、90パーセンタイル 5（最小 1、最大 6）
 *   キャラクター  陣営  戦闘不能               死亡                   平均残りHP
 *   アリア        PC     5.0% [0.9%, 23.6%]    0.0% [0.0%, 16.1%]     12.35
 *
 * With a character entering later (enters > 1) a column 未登場 / Not
 * entered comes before the HP: the rate of runs that ended before it
 * entered, "-" for those there from the start (MG-MC-CHAR-1).
 *
 * Columns are aligned by display width (util/width.h), so Japanese names
 * line up.  Percentages have one decimal, means two.
 */
#include <stdio.h>
#include <string.h>

#include "mc_int.h"
#include "util/error.h"
#include "util/width.h"

#define T(ja, en) (lang == MG_LANG_EN ? (en) : (ja))

/* a rate and its interval: " 60.0% [38.7%, 78.1%]" in a fixed width */
static void rate(ut_buf *b, double p, mg_mc_interval ci)
{
	char tmp[64];
	int n = snprintf(tmp, sizeof tmp, "%5.1f%% [%.1f%%, %.1f%%]",
	                 100.0 * p, 100.0 * ci.lo, 100.0 * ci.hi);
	ut_buf_puts(b, tmp);
	for (; n < 24; n++)
		ut_buf_put(b, " ", 1);
}

int mg_mc_render_text(const mg_mc_report *r, mg_lang lang, ut_buf *b)
{
	static const char *const outcome[3][2] = {
		{"PCの勝利", "PC won"},
		{"NPCの勝利", "NPC won"},
		{"引き分け", "Draw"}};
	size_t namew = 0, k;
	int i, late = 0;

	if (lang == MG_LANG_EN) /* "1 fight", "2 fights" */
		ut_buf_printf(b, "Monte Carlo: %llu %s (seed %llu, run i uses "
		              "seed %llu+i)\n", (unsigned long long)r->runs,
		              r->runs == 1 ? "fight" : "fights",
		              (unsigned long long)r->seed,
		              (unsigned long long)r->seed);
	else /* MS-PT-OUT-1's words: 種, as every --help */
		ut_buf_printf(b, "モンテカルロ：%llu回の戦闘（種 %llu、i回目は種 "
		              "%llu+i）\n", (unsigned long long)r->runs,
		              (unsigned long long)r->seed,
		              (unsigned long long)r->seed);
	ut_buf_pad(b, T("結果", "Outcome"), 12, 1);
	ut_buf_rpad(b, T("回数", "Runs"), 8);
	ut_buf_rpad(b, T("割合", "Rate"), 8);
	ut_buf_printf(b, " %s\n", T("95%信頼区間（Wilson）",
	                             "95% interval (Wilson)"));
	for (i = 0; i < 3; i++) {
		ut_buf_pad(b, outcome[i][lang == MG_LANG_EN], 12, 1);
		ut_buf_printf(b, "%8llu  ", (unsigned long long)r->wins[i]);
		rate(b, r->rate[i], r->ci[i]);
		while (b->len && b->ptr[b->len - 1] == ' ')
			b->len--;
		ut_buf_puts(b, "\n");
	}
	ut_buf_printf(b, T("ラウンド数：平均 %.2f、中央値 %lld、"
	                   "90パーセンタイル %lld（最小 %lld、最大 %lld）\n",
	                   "Rounds: mean %.2f, median %lld, 90th percentile "
	                   "%lld (min %lld, max %lld)\n"),
	              r->rounds_mean, (long long)r->rounds_median,
	              (long long)r->rounds_p90, (long long)r->rounds_min,
	              (long long)r->rounds_max);

	for (k = 0; k < r->ncharacters; k++) /* MG-MC-CHAR-1 */
		late |= r->characters[k].enters > 1;
	namew = ut_width(T("キャラクター", "Character"),
	                 strlen(T("キャラクター", "Character")));
	for (k = 0; k < r->ncharacters; k++) {
		const char *nm = r->characters[k].name;
		size_t w = ut_width(nm, strlen(nm));
		if (w > namew)
			namew = w;
	}
	namew += 1;
	ut_buf_pad(b, T("キャラクター", "Character"), namew, 1);
	ut_buf_pad(b, T("陣営", "Side"), 5, 1);
	/* each rate column is 24 wide, one blank between two (review
	 * 2026-12-07: the headers drifted a column left of each column) */
	ut_buf_pad(b, T("戦闘不能", "Incapacitated"), 25, 1);
	ut_buf_pad(b, T("死亡", "Dead"), late ? 25 : 24, 1);
	if (late)
		ut_buf_pad(b, T("未登場", "Not entered"), 24, 1);
	ut_buf_rpad(b, T("平均残りHP", "Mean HP left"), 12);
	ut_buf_puts(b, "\n");
	for (k = 0; k < r->ncharacters; k++) {
		const mg_mc_char *c = &r->characters[k];
		ut_buf_pad(b, c->name, namew, 1);
		ut_buf_pad(b, c->side == MG_SIDE_PC ? "PC" : "NPC", 5, 1);
		rate(b, c->incapacitated_rate, c->incapacitated_ci);
		ut_buf_puts(b, " ");
		rate(b, c->dead_rate, c->dead_ci);
		if (late && c->enters > 1) {
			ut_buf_puts(b, " ");
			rate(b, c->absent_rate, c->absent_ci);
		} else if (late) { /* under the rate's last digit */
			ut_buf_pad(b, "     -", 25, 1);
		}
		ut_buf_printf(b, "%12.2f\n", c->hp_mean);
	}
	return b->failed ? ut_error_set(MG_ENOMEM, "out of memory") : 0;
}
