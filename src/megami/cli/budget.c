/*
 * budget.c - the event budget of the commands that run a combat: fight,
 * fight --runs, fight --replay and track (docs/MEGAMI.md "The event
 * budget", MG-BUDGET-1, MG-BUDGET-2): the option --max-events N and the
 * message when a combat spends its budget.
 */
#include "budget.h"

int mg_cli_max_events(const ut_cli *ui, const char *cmd, const char *arg,
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

uint64_t mg_cli_series_budget(uint64_t given, uint64_t runs)
{
	uint64_t share;

	if (given)
		return given;
	share = runs ? MG_CLI_SERIES_EVENTS / runs : MG_CLI_SERIES_EVENTS;
	if (share > MG_COMBAT_MAX_EVENTS_DEFAULT)
		share = MG_COMBAT_MAX_EVENTS_DEFAULT;
	return share ? share : 1;
}

void mg_cli_budget_spent(const ut_cli *ui, const char *cmd, uint64_t max,
                         int64_t round)
{
	ut_cli_error(ui, UT_TR(ui, "%s: 戦闘がイベントの上限（%llu件）に達したので"
	                           "ラウンド%lldで止めました。--max-events で上限を"
	                           "上げられます",
	                       "%s: the combat reached its limit of %llu events "
	                       "and was stopped in round %lld; --max-events "
	                       "raises the limit"),
	             cmd, (unsigned long long)max, (long long)round);
}
