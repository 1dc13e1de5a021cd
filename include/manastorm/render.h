/*
 * manastorm/render.h - a duel's log as text (ja/en) and as JSON.
 *
 *     ms_log log = MS_LOG_INIT;
 *     opts.on_event = ms_log_record; opts.event_ud = &log;
 *     … ms_duel_run(&result, d) …
 *     ms_render_text(&buf, d, &log, MS_LANG_JA);   // or ms_render_json
 *     ms_log_free(&log);
 *
 * The renderers read the recorded events and the duel's final state (names,
 * HP, MP, 衣装 left).  No I/O: the text goes into a ut_buf.
 *
 * With `log.hands = 1` set before the duel (`manastorm play --hands`,
 * MS-LOG-4) the log also keeps, with the events that change them, each
 * participant's hand and its deck order after a shuffle, and both
 * renderers show them; without it their output does not change.
 */
#ifndef MANASTORM_RENDER_H
#define MANASTORM_RENDER_H

#include <stddef.h>

#include "../util/buf.h"
#include "common.h"
#include "duel.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Where the cards kept with one event are (MS-LOG-4). */
typedef struct ms_log_view {
	size_t off; /**< first card in ms_log.cards, or SIZE_MAX: none kept */
	size_t n;   /**< how many (0: an empty hand or deck) */
} ms_log_view;

/** The events of one duel, in order. */
typedef struct ms_log {
	ms_event *ev;
	size_t n, cap;
	int failed; /**< an allocation failed: events were lost */
	/** Set to 1 before the duel to keep hands and deck orders too
	 *  (MS-LOG-4, ms_log_cards); 0 by default. */
	int hands;
	ms_log_view *view; /**< with hands: one per event */
	size_t view_cap;
	ms_card *cards;    /**< with hands: the cards kept, event after event */
	size_t ncards, cards_cap;
} ms_log;

#define MS_LOG_INIT {NULL, 0, 0, 0, 0, NULL, 0, NULL, 0, 0}

/** An ms_event_fn: appends a copy of the event to the ms_log `ud`; with
 *  `hands` set, also the cards ms_log_cards gives back for it, read with
 *  ms_duel_participant at the event.  Returns MS_ENOMEM (stopping the duel
 *  with it) when out of memory, or MS_EINVALID when ud, d or ev is NULL. */
int ms_log_record(void *ud, const ms_duel *d, const ms_event *ev);

/**
 * The cards kept with event i of a log recorded with `hands` (MS-LOG-4):
 * for a `hand` event, and an enchant or attack card played from the hand,
 * the actor's hand after it (hand order); for a shuffle, and a reshuffle
 * (the discard pile became the deck), the actor's deck after it, top
 * first.  The hand gets cards only at the start (rulings D2); every later
 * draw takes the deck's top card to the field, so a hand changes only
 * when a card leaves it.
 * @param n   set to how many (0 for an empty hand or deck, and when none)
 * @return the cards (borrowed from the log), or NULL when none were kept
 *         for event i (another kind, or a log without hands)
 */
const ms_card *ms_log_cards(const ms_log *log, size_t i, size_t *n);

/** Free the events; the log is MS_LOG_INIT again. */
void ms_log_free(ms_log *log);

/**
 * The log as text, one line per event (cards with ♠♥♦♣), then the result.
 * @return 0; MS_ENOMEM; MS_EINVALID when out, d or log is NULL (here and
 *         in the three below)
 */
int ms_render_text(ut_buf *out, const ms_duel *d, const ms_log *log,
                   ms_lang lang);

/**
 * The result and the events as one JSON object (one line and a newline):
 * {"rng", "seed", "winner", "battles", "sides", "participants", "storms",
 * "happenings", "events"} — docs/MANASTORM.md "Duel", JSON log.
 * @return 0; MS_ENOMEM
 */
int ms_render_json(ut_buf *out, const ms_duel *d, const ms_log *log);

/**
 * As ms_render_text, for a duel that stopped before its end (ms_duel_run
 * failed: its event budget spent, MS_ELIMIT, or a value overflowed;
 * MS-LOG-5): the events it had, then the line `エラー：ERROR` (en `error:
 * ERROR`) in place of the winner, then the state where it stopped.
 * `error` is the caller's words, in the log's language; NULL is
 * ms_render_text.
 * @return 0; MS_ENOMEM
 */
int ms_render_text_stopped(ut_buf *out, const ms_duel *d, const ms_log *log,
                           ms_lang lang, const char *error);

/**
 * As ms_render_json, for a duel that stopped before its end (MS-LOG-5):
 * "winner" null, and "error": `error` (the engine's words, such as
 * ms_error_last's after ms_duel_run) after "battles".  NULL is
 * ms_render_json.
 * @return 0; MS_ENOMEM
 */
int ms_render_json_stopped(ut_buf *out, const ms_duel *d, const ms_log *log,
                           const char *error);

#ifdef __cplusplus
}
#endif

#endif
