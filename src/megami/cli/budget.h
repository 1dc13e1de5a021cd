/*
 * budget.h - the event budget of the commands that run a combat (fight,
 * fight --runs, fight --replay, track; MG-BUDGET-1, MG-BUDGET-2):
 * budget.c.
 */
#ifndef MG_CLI_BUDGET_H
#define MG_CLI_BUDGET_H

#include <stdint.h>

#include "cli.h"
#include "megami/combat.h"

#define MG_CLI_MAX_EVENTS_LONGOPT \
	{"max-events", required_argument, NULL, OPT_MAX_EVENTS}

/* The lines of the help about --max-events. */
#define MG_CLI_MAX_EVENTS_HELP_JA \
	"  --max-events N         1戦のイベントの上限（既定: 100000。--runs では\n" \
	"                         100000 と 10000000000/N の小さいほう）：超える\n" \
	"                         戦闘はそこで止まります（終了コード1）\n"
#define MG_CLI_MAX_EVENTS_HELP_EN \
	"  --max-events N         the most events of one combat (default 100000;\n" \
	"                         with --runs N the smaller of 100000 and\n" \
	"                         10000000000/N): a combat that needs more stops\n" \
	"                         there (exit status 1)\n"

/* --max-events is read by ut_cli_max_events; a series (fight --runs N)
 * without it does at most UT_CLI_SERIES_EVENTS events in all
 * (MG-BUDGET-2): ut_cli_series_budget(given, N,
 * MG_COMBAT_MAX_EVENTS_DEFAULT). */

/* The message (ja/en) of a combat that spent its budget of `max` events in
 * round `round`, on stderr as `megami: CMD: …`. */
void mg_cli_budget_spent(const ut_cli *ui, const char *cmd, uint64_t max,
                         int64_t round);

#endif
