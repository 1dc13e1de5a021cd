/*
 * budget.c - the event budget of the commands that play duels: play,
 * playtest and sweep (docs/MANASTORM.md "The event budget", MS-BUDGET-1,
 * MS-BUDGET-2): the option --max-events N, the share of a series, and the
 * message when a duel spends its budget.
 */
#include <inttypes.h>
#include <stdio.h>

#include "cli.h"

#include "manastorm/duel.h"

const char *ms_cli_events(const ut_cli *ui, char *buf, size_t size,
                          uint64_t n)
{
	snprintf(buf, size, UT_TR(ui, "%" PRIu64 "件", "%" PRIu64 " %s"), n,
	         n == 1 ? "event" : "events");
	return buf;
}

const char *ms_cli_budget_text(const ut_cli *ui, char *buf, size_t size,
                               uint64_t max, int64_t battle)
{
	char lim[32];

	ms_cli_events(ui, lim, sizeof lim, max);
	/* battle 0: the budget ran out at the start (D2's shuffles and
	 * hands), before battle 1 began; there is no battle 0 */
	if (battle < 1)
		snprintf(buf, size,
		         UT_TR(ui, "決闘がイベントの上限（%s）に達したので最初の"
		                   "バトルの前で止めました。--max-events で上限を"
		                   "上げられます",
		               "the duel reached its limit of %s and was stopped "
		               "before the first battle; --max-events raises the "
		               "limit"),
		         lim);
	else
		snprintf(buf, size,
		         UT_TR(ui, "決闘がイベントの上限（%s）に達したのでバトル"
		                   "%" PRId64 "で止めました。--max-events で上限を"
		                   "上げられます",
		               "the duel reached its limit of %s and was stopped "
		               "in battle %" PRId64 "; --max-events raises the "
		               "limit"),
		         lim, battle);
	return buf;
}
