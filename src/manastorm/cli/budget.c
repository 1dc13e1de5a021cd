/*
 * budget.c - the event budget of the commands that play duels: play,
 * playtest and sweep (docs/MANASTORM.md "The event budget", MS-BUDGET-1,
 * MS-BUDGET-2): the option --max-events N, the share of a series, and the
 * message when a duel spends its budget.
 */
#include <inttypes.h>

#include "cli.h"

#include "manastorm/duel.h"

void ms_cli_budget_spent(const ut_cli *ui, const char *cmd, uint64_t max,
                         int64_t battle)
{
	ut_cli_error(ui, UT_TR(ui, "%s: 決闘がイベントの上限（%" PRIu64 "件）に"
	                           "達したのでバトル%" PRId64 "で止めました。"
	                           "--max-events で上限を上げられます",
	                       "%s: the duel reached its limit of %" PRIu64
	                       " events and was stopped in battle %" PRId64
	                       "; --max-events raises the limit"),
	             cmd, max, battle);
}
