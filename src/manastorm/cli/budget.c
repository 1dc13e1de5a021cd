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

void ms_cli_budget_spent(const ut_cli *ui, const char *cmd, uint64_t max,
                         int64_t battle)
{
	char lim[32];

	ms_cli_events(ui, lim, sizeof lim, max);
	/* battle 0: the budget ran out at the start (D2's shuffles and
	 * hands), before battle 1 began; there is no battle 0 */
	if (battle < 1)
		ut_cli_error(ui, UT_TR(ui, "%s: 決闘がイベントの上限（%s）に達した"
		                           "ので最初のバトルの前で止めました。"
		                           "--max-events で上限を上げられます",
		                       "%s: the duel reached its limit of %s and was "
		                       "stopped before the first battle; "
		                       "--max-events raises the limit"),
		             cmd, lim);
	else
		ut_cli_error(ui, UT_TR(ui, "%s: 決闘がイベントの上限（%s）に達した"
		                           "のでバトル%" PRId64 "で止めました。"
		                           "--max-events で上限を上げられます",
		                       "%s: the duel reached its limit of %s and was "
		                       "stopped in battle %" PRId64
		                       "; --max-events raises the limit"),
		             cmd, lim, battle);
}
