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
	"                         100000 と 10000000000/N の小さいほう、ただし\n" \
	"                         10000 以上）：超える戦闘はそこで止まります\n" \
	"                         （終了コード1）\n"
#define MG_CLI_MAX_EVENTS_HELP_EN \
	"  --max-events N         the most events of one combat (default 100000;\n" \
	"                         with --runs N the smaller of 100000 and\n" \
	"                         10000000000/N, but at least 10000): a combat\n" \
	"                         that needs more stops there (exit status 1)\n"

/* --max-events is read by ut_cli_max_events; a series (fight --runs N)
 * without it does at most UT_CLI_SERIES_EVENTS events in all up to a
 * million runs, N × UT_CLI_RUN_EVENTS_MIN beyond
 * (MG-BUDGET-2): ut_cli_series_budget(given, N,
 * MG_COMBAT_MAX_EVENTS_DEFAULT). */

/* The message (ja/en) of a combat that spent its budget of `max` events in
 * round `round`, on stderr as `megami: CMD: …`. */
void mg_cli_budget_spent(const ut_cli *ui, const char *cmd, uint64_t max,
                         int64_t round);

#endif
