/*
 * stop_text.c - why a combat stopped, in the page's language (stop_text.h).
 *
 * A scenario file cannot make the engine overflow any more (its numbers
 * are bounded, MG-SCN-LIMIT-2), so these texts are what a command shows
 * should one still happen; the fixed dice of `fight --dice` fail as often
 * as a person types a short list.
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "stop_text.h"

#include "megami/dice.h"
#include "megami/montecarlo.h"
#include "util/error.h"

void mg_cli_dice_unused(const ut_cli *ui, const char *cmd, const ut_dice *d)
{
	size_t left;

	if (!d->fixed || d->fn || d->rolled >= d->nvalues)
		return;
	left = d->nvalues - d->rolled;
	if (d->rolled == 0)
		fprintf(stderr, UT_TR(ui, "%s: %s: note: --dice の値 %zu 個はどれも"
		                          "使われていません（振ったダイスはありません）\n",
		                      "%s: %s: note: none of the %zu --dice values "
		                      "was used (no die was rolled)\n"),
		        ui->prog, cmd, d->nvalues);
	else if (ui->lang == UT_LANG_EN)
		fprintf(stderr, "%s: %s: note: %zu of the %zu --dice values %s not "
		        "used (the dice took the first %zu)\n", ui->prog, cmd,
		        left, d->nvalues, left == 1 ? "was" : "were", d->rolled);
	else
		fprintf(stderr, "%s: %s: note: --dice の値 %zu 個のうち %zu 個は使われて"
		        "いません（使われたのは最初の %zu 個）\n", ui->prog, cmd,
		        d->nvalues, left, d->rolled);
}

int mg_cli_dice_failure(char *buf, size_t size, const ut_dice *d,
                        ut_lang lang)
{
	mg_dice_expr *e = NULL;
	mg_dice_diag diag;
	ut_buf line = UT_BUF_INIT;
	ut_dice copy;
	int rc;

	if (!d->fixed || d->fn ||
	    (d->rolled < d->nvalues && d->values[d->rolled] >= 1 &&
	     d->values[d->rolled] <= 6))
		return 0;
	/* the dice bot rolls one die of a copy: the same die fails there,
	 * and its message is megami roll --dice's */
	copy = *d;
	memset(&diag, 0, sizeof(diag));
	if (mg_dice_parse(&e, NULL, "1D6", 3, (mg_lang)lang) < 0)
		return 0;
	rc = mg_dice_roll(&line, NULL, &diag, e, &copy, (mg_lang)lang);
	mg_dice_free(e);
	ut_buf_free(&line);
	if (rc != MG_EINVALID || !diag.message[0])
		return 0;
	snprintf(buf, size, "%s", diag.message);
	return 1;
}

const char *mg_cli_budget_text(char *buf, size_t size, uint64_t max,
                               int64_t round, ut_lang lang)
{
	if (lang == UT_LANG_JA)
		snprintf(buf, size, "戦闘がイベントの上限（%llu件）に達したので"
		         "ラウンド%lldで止めました。--max-events で上限を上げられ"
		         "ます", (unsigned long long)max, (long long)round);
	else
		snprintf(buf, size, "the combat reached its limit of %llu "
		         "event%s and was stopped in round %lld; --max-events "
		         "raises the limit", (unsigned long long)max,
		         max == 1 ? "" : "s", (long long)round);
	return buf;
}

/* The engine's words after the names (src/megami/core: combat.c, policy.c,
 * resolve.c, MG-CKD-1), from the last `key` of the message on: `scan` reads
 * up to two numbers of what follows the key (and must read it all), `ja`
 * is the Japanese (the prefix with the names, then the numbers). */
static const struct {
	const char *key, *scan, *ja;
	int nums; /* numbers scan reads */
} overflows[] = {
	{": movement allowance: 5 + ", "%" SCNd64 " overflows%n",
	 "%.*s: 移動力 5 + %" PRId64 " が64ビットを超えます", 1},
	{": initiative ", "%" SCNd64 " + %" SCNd64 " overflows%n",
	 "%.*s: イニシアティブ %" PRId64 " + %" PRId64 " が64ビットを超えます", 2},
	{": 3 × ", "%" SCNd64 " overflows%n",
	 "%.*s: 全力移動 3 × %" PRId64 " が64ビットを超えます", 1},
	{": damage ", "%" SCNd64 " - modifier %" SCNd64 " overflows%n",
	 "%.*s: ダメージ %" PRId64 " − 修正 %" PRId64 " が64ビットを超えます", 2},
	{": HP ", "%" SCNd64 " - %" SCNd64 " overflows%n",
	 "%.*s: HP %" PRId64 " − %" PRId64 " が64ビットを超えます", 2},
	{": 離脱: a value overflows", "%n",
	 "%.*s: 離脱の判定の値が64ビットを超えます", 0},
	{": the attack value overflows", "%n",
	 "%.*s: 命中判定の値が64ビットを超えます", 0},
	{": the attack damage overflows", "%n",
	 "%.*s: 攻撃のダメージが64ビットを超えます", 0},
	{": the defence value overflows", "%n",
	 "%.*s: 回避・抵抗の判定の値が64ビットを超えます", 0},
};

/* The last occurrence of key in s, or NULL. */
static const char *last(const char *s, const char *key)
{
	const char *p, *found = NULL;

	for (p = strstr(s, key); p; p = strstr(p + 1, key))
		found = p;
	return found;
}

const char *mg_cli_stop_text(char *buf, size_t size, const char *msg,
                             ut_lang lang)
{
	size_t i;

	static const char budget[] = "the combat reached its limit of ";
	const char *lim = last(msg, budget);
	unsigned long long max;
	long long round;
	int used = -1;

	/* MG-BUDGET-1: the engine's "the combat reached its limit of N events
	 * (round R)" says which option raises the limit, in ja or en; what
	 * is before it ("run 3 (seed 4): " of a series) is kept */
	if (lim && (sscanf(lim + sizeof(budget) - 1, "%llu events (round "
	                   "%lld)%n", &max, &round, &used) == 2 ||
	            sscanf(lim + sizeof(budget) - 1, "%llu event (round %lld)%n",
	                   &max, &round, &used) == 2) &&
	    used >= 0 && lim[sizeof(budget) - 1 + (size_t)used] == '\0') {
		char text[256];
		snprintf(buf, size, "%.*s%s", (int)(lim - msg), msg,
		         mg_cli_budget_text(text, sizeof(text), max, round, lang));
		return buf;
	}
	snprintf(buf, size, "%s", msg);
	if (lang != UT_LANG_JA)
		return buf;
	for (i = 0; i < sizeof(overflows) / sizeof(overflows[0]); i++) {
		const char *at = last(msg, overflows[i].key);
		int64_t a = 0, b = 0;
		int n = -1, got;
		if (!at)
			continue;
		const char *rest = at + strlen(overflows[i].key);
		if (overflows[i].nums == 0)
			got = sscanf(rest, overflows[i].scan, &n);
		else if (overflows[i].nums == 1)
			got = sscanf(rest, overflows[i].scan, &a, &n);
		else
			got = sscanf(rest, overflows[i].scan, &a, &b, &n);
		if (got != overflows[i].nums || n < 0 || at[strlen(overflows[i].key) + (size_t)n] != '\0')
			continue;
		snprintf(buf, size, overflows[i].ja, (int)(at - msg), msg, a, b);
		return buf;
	}
	/* "out of memory" (util/error.h); buf holds msg already otherwise */
	ut_error_text_lang((int)lang, msg, buf, size);
	return buf;
}

const char *mg_cli_run_failure(char *buf, size_t size, const mg_mc_report *r,
                               int rc, uint64_t max_events, ut_lang lang)
{
	char shown[1024];

	if (rc == MG_ELIMIT && lang == UT_LANG_JA) /* MG-BUDGET-2 */
		snprintf(buf, size, "戦闘 %llu（種 %llu）がイベントの上限（1戦%llu件）"
		         "に達しました。--max-events で上限を上げられます",
		         (unsigned long long)r->failed_run,
		         (unsigned long long)r->failed_seed,
		         (unsigned long long)max_events);
	else if (rc == MG_ELIMIT) /* 1 event, not "1 events" */
		snprintf(buf, size, "run %llu (seed %llu) reached the limit of %llu "
		         "event%s a run; --max-events raises the limit",
		         (unsigned long long)r->failed_run,
		         (unsigned long long)r->failed_seed,
		         (unsigned long long)max_events, max_events == 1 ? "" : "s");
	else
		snprintf(buf, size, lang == UT_LANG_JA
		         ? "戦闘 %llu（種 %llu）が止まりました：%s"
		         : "run %llu (seed %llu) stopped: %s",
		         (unsigned long long)r->failed_run,
		         (unsigned long long)r->failed_seed,
		         mg_cli_stop_text(shown, sizeof(shown), r->failed_message,
		                          lang));
	return buf;
}
