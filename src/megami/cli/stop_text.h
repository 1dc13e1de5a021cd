/*
 * stop_text.h - why a combat stopped, in the page's language (stop_text.c):
 * the engine words its errors in English for API callers (MG-CKD-1,
 * util/rng.h's fixed dice); the commands that show them (fight, fight
 * --runs, fight --replay, track) word them in ja or en.
 */
#ifndef MG_CLI_STOP_TEXT_H
#define MG_CLI_STOP_TEXT_H

#include <stddef.h>
#include <stdint.h>

#include "cli.h"
#include "util/rng.h"

/*
 * The fixed dice `d` failed at their next die (a value outside 1…6, or the
 * list ran out): word it in `lang` as `megami roll --dice` does (the dice
 * bot's own message, MG-STOP-1, MG-DICE-OUT-2: its roll is asked for the
 * same die of a copy of d) into buf; it is also mg_error_last()
 * afterwards.  Returns 1,
 * or 0 (buf untouched) when d is not fixed or its next die would not fail.
 */
int mg_cli_dice_failure(char *buf, size_t size, const ut_dice *d,
                        ut_lang lang);

/*
 * After `cmd` (fight, roll) ran with the fixed dice `d`: values of the
 * list that no die took are ignored (M8.11), and a note on stderr says how
 * many, since a hand-typed list out of step with the rolls gives a log
 * that looks right (GM review W7).  Nothing when d is not fixed or every
 * value was taken.
 */
void mg_cli_dice_unused(const ut_cli *ui, const char *cmd, const ut_dice *d);

/*
 * The engine's message `msg` of an overflow (MG-CKD-1: "NAME: HP 3 - 4
 * overflows", "NAME: ATTACK: the attack damage overflows", …; the names
 * before the words are kept) in `lang` into buf (msg as it is in English,
 * or when it is not one of them).  The engine's event budget message
 * (MG-BUDGET-1: "the combat reached its limit of N events (round R)")
 * becomes mg_cli_budget_text's, which names --max-events, in ja and en;
 * "out of memory" is メモリが足りません in ja (ut_error_text_lang).
 * Returns buf.
 */
const char *mg_cli_stop_text(char *buf, size_t size, const char *msg,
                             ut_lang lang);

/* Why a combat that spent its budget of `max` events in round `round`
 * stopped, and the option that raises it, in `lang` (MG-BUDGET-1): the
 * text log's error line and the stderr message.  Returns buf. */
const char *mg_cli_budget_text(char *buf, size_t size, uint64_t max,
                               int64_t round, ut_lang lang);

struct mg_mc_report;
/* Why the Monte Carlo run r->failed_run stopped (MG-MC-ERR-1: the run,
 * its seed, the combat's message, in `lang`), after a failure rc of
 * mg_mc_report_finish or mg_mc_run_from with r->failed set: "戦闘 0（種 1）
 * がイベントの上限（1戦N件）に達しました。--max-events で上限を上げられ
 * ます" for the budget (rc MG_ELIMIT; max_events the runs' budget), else
 * "戦闘 0（種 1）が止まりました：MESSAGE".  Returns buf. */
const char *mg_cli_run_failure(char *buf, size_t size,
                               const struct mg_mc_report *r, int rc,
                               uint64_t max_events, ut_lang lang);

#endif
