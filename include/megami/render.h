/*
 * megami/render.h - combat logs as text (Japanese or English) and JSON.
 *
 * A log is an event sink: pass mg_log_event as the combat's on_event with
 * the log as user data, run the combat, then call mg_log_finish.  The log
 * does no I/O; it hands its output to a writer callback (or keeps it all
 * when the writer is NULL, see mg_log_text).
 *
 * JSON: one document,
 *   {"rng": "xoshiro256ss-1", "seed": "S" | null, "winner": "PC" | "NPC" |
 *    null, "rounds": N, ["error": "…",] "characters": [{"name", "side",
 *    "hp", "state"}], "events": [{"type", "round", …}]}
 * with characters in scenario order, state one of able, incapacitated,
 * dead, and "seed" null when the dice were a fixed list.  The event types
 * and keys are listed in docs/MEGAMI.md (section "Combat").
 */
#ifndef MEGAMI_RENDER_H
#define MEGAMI_RENDER_H

#include <stddef.h>
#include <stdint.h>

#include "combat.h"
#include "common.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum mg_log_format {
	MG_LOG_TEXT = 0, /**< a readable log, BCDice-style rolls */
	MG_LOG_JSON = 1  /**< one JSON document */
} mg_log_format;

/** Receives output; return 0 to go on, non-zero to stop (I/O error). */
typedef int (*mg_write_fn)(void *ud, const char *data, size_t len);

typedef struct mg_log mg_log;

/**
 * Create a log.
 * @param write  NULL to keep everything in memory
 * @return 0 or MG_ENOMEM
 */
int mg_log_new(mg_log **out, mg_log_format format, mg_lang lang,
               mg_write_fn write, void *write_ud);

/** The seed the dice came from, for JSON "seed" (default: null, a fixed
 *  list). */
void mg_log_set_seed(mg_log *log, uint64_t seed);

/** Free a log; NULL is fine. */
void mg_log_free(mg_log *log);

/** The combat's event callback (ud = the mg_log). */
int mg_log_event(void *ud, const mg_combat *c, const mg_event *ev);

/**
 * Finish the log after the combat returned `rc` (0, or the error that
 * stopped it: the log then says why after the partial log): the result
 * and every character's HP and state, then flush.
 * @return 0; MG_ERROR when the writer failed; MG_ENOMEM
 */
int mg_log_finish(mg_log *log, const mg_combat *c, int rc);

/** Everything written so far when the writer is NULL (borrowed). */
const char *mg_log_text(const mg_log *log, size_t *len);

#ifdef __cplusplus
}
#endif

#endif
