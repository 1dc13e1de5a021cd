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
 *
 * A dice roll (megami roll --format json, megami serve) as BCDice-API's
 * answer, one line:
 *   {"ok":true,"text":"…","secret":false,"success":…,"failure":…,
 *    "critical":…,"fumble":…,"rands":[{"kind":"normal","sides":6,
 *    "value":3},…][,"seed":"S"|null]}
 * with the dice an mg_dice_record saw (docs/MEGAMI.md, "Dice bot").
 */
#ifndef MEGAMI_RENDER_H
#define MEGAMI_RENDER_H

#include <stddef.h>
#include <stdint.h>

#include "../util/buf.h"
#include "../util/rng.h"
#include "combat.h"
#include "common.h"
#include "dice.h"

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
 * @return 0; MG_EINVALID when out is NULL; MG_ENOMEM
 */
int mg_log_new(mg_log **out, mg_log_format format, mg_lang lang,
               mg_write_fn write, void *write_ud);

/** The seed the dice came from, for JSON "seed" (default: null, a fixed
 *  list). */
void mg_log_set_seed(mg_log *log, uint64_t seed);

/** Free a log; NULL is fine. */
void mg_log_free(mg_log *log);

/** The combat's event callback (ud = the mg_log).
 * @return 0; MG_EINVALID when ud, c or ev is NULL; MG_ENOMEM; MG_ERROR
 *         (the writer failed) */
int mg_log_event(void *ud, const mg_combat *c, const mg_event *ev);

/**
 * Finish the log after the combat returned `rc` (0, or the error that
 * stopped it: the log then says why after the partial log): the result
 * and every character's HP and state, then flush.
 * @return 0; MG_ERROR when the writer failed; MG_ENOMEM; MG_EINVALID when
 *         log or c is NULL
 */
int mg_log_finish(mg_log *log, const mg_combat *c, int rc);

/** Everything written so far when the writer is NULL (borrowed). */
const char *mg_log_text(const mg_log *log, size_t *len);

/* ---- dice rolls as BCDice-API JSON (dice_json.c) ---- */

/** One die a roll used (BCDice-API "rands", kind "normal"). */
typedef struct mg_rand {
	uint64_t sides;
	uint64_t value;
} mg_rand;

/**
 * Records the dice of rolls: roll with rec->dice, which takes each die
 * from `from` (the seeded generator or a fixed list) and keeps its sides
 * and value, so that "rands" are exactly the dice used.  rec->dice points
 * at rec: do not move or copy an initialised record.
 */
typedef struct mg_dice_record {
	ut_dice dice;      /**< the source to roll with (a ut_dice_callback) */
	ut_dice *from;     /**< where the dice come from (borrowed) */
	mg_rand *rands;    /**< the dice rolled since the last clear (owned) */
	size_t n, cap;
	int failed;        /**< out of memory while recording: the roll failed */
} mg_dice_record;

/** What mg_dice_json says of the seed. */
typedef enum mg_seed_show {
	MG_SEED_NONE = 0,   /**< no "seed" member */
	MG_SEED_NULL,       /**< "seed": null (the dice were a fixed list) */
	MG_SEED_VALUE       /**< "seed": "S" */
} mg_seed_show;

/** Start recording the dice taken from `from` (borrowed, outlives rec). */
void mg_dice_record_init(mg_dice_record *rec, ut_dice *from);

/** Forget the dice recorded so far (before the next roll). */
void mg_dice_record_clear(mg_dice_record *rec);

/** Free what the record holds; NULL is fine. */
void mg_dice_record_free(mg_dice_record *rec);

/**
 * Append a roll as one BCDice-API JSON object, without a newline: `text`
 * the roll's line (text[0..len), UTF-8), `res` its verdict (success and
 * critical for 自動成功, failure and fumble for 自動失敗, as BCDice), `rec`
 * its dice, then "seed" as `show` says: the seed as a decimal string
 * (64 bits do not fit a JavaScript number), null (a fixed list), or no
 * member (the server, whose seed stays secret).
 * @return 0; MG_ENOMEM; MG_EINVALID when text is not UTF-8, out is NULL
 *         or text is NULL with len > 0
 */
int mg_dice_json(ut_buf *out, const char *text, size_t len,
                 const mg_dice_result *res, const mg_dice_record *rec,
                 mg_seed_show show, uint64_t seed);

#ifdef __cplusplus
}
#endif

#endif
