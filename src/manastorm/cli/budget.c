/*
 * budget.c - the event budget of the commands that play duels: play,
 * playtest and sweep (docs/MANASTORM.md "The event budget", MS-BUDGET-1,
 * MS-BUDGET-2): the option --max-events N, the share of a series, and the
 * message when a duel spends its budget.
 */
#include <inttypes.h>

#include "cli.h"

#include "manastorm/duel.h"

int ms_cli_max_events(const ut_cli *ui, const char *cmd, const char *arg,
                      uint64_t *out)
{
	uint64_t v;

	if (ut_cli_parse_u64(arg, UINT64_MAX, &v) < 0 || v < 1)
		return ut_cli_usage_error(ui, cmd,
		       UT_TR(ui, "--max-events には1から18446744073709551615までの"
		                 "整数を指定してください（「%s」）",
		             "--max-events needs a whole number from 1 to "
		             "18446744073709551615, not '%s'"),
		       arg);
	*out = v;
	return 0;
}

uint64_t ms_cli_series_budget(uint64_t given, uint64_t duels)
{
	uint64_t share;

	if (given)
		return given;
	share = duels ? MS_CLI_SERIES_EVENTS / duels : MS_CLI_SERIES_EVENTS;
	if (share > MS_DUEL_MAX_EVENTS_DEFAULT)
		share = MS_DUEL_MAX_EVENTS_DEFAULT;
	return share ? share : 1;
}

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
