/*
 * budget.c - the event budget of the commands that run a combat: fight,
 * fight --runs, fight --replay and track (docs/MEGAMI.md "The event
 * budget", MG-BUDGET-1, MG-BUDGET-2): the option --max-events N and the
 * message when a combat spends its budget (MG-FIGHT-CLI-2).
 */
#include "budget.h"
#include "stop_text.h"

void mg_cli_budget_spent(const ut_cli *ui, const char *cmd, uint64_t max,
                         int64_t round)
{
	char text[256];

	ut_cli_error(ui, "%s: %s", cmd,
	             mg_cli_budget_text(text, sizeof(text), max, round, ui->lang));
}
