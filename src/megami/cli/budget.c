/*
 * budget.c - the event budget of the commands that run a combat: fight,
 * fight --runs, fight --replay and track (docs/MEGAMI.md "The event
 * budget", MG-BUDGET-1, MG-BUDGET-2): the option --max-events N and the
 * message when a combat spends its budget (MG-FIGHT-CLI-2).
 */
#include "budget.h"

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
