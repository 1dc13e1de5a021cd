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
 *
 * An ms_log keeps every event (about 100 bytes each).  To write the log
 * while the duel goes on, in memory that does not grow with the duel
 * (`manastorm play`), use an ms_log_stream instead: the same text and
 * JSON, byte for byte, handed to a writer as they come:
 *
 *     ms_log_stream *ls;
 *     ms_log_stream_new(&ls, MS_LOG_TEXT, MS_LANG_JA, 0, write, ud);
 *     opts.on_event = ms_log_stream_event; opts.event_ud = ls;
 *     rc = ms_duel_run(&result, d);
 *     ms_log_stream_finish(ls, d, rc < 0 ? why : NULL);
 *     ms_log_stream_free(ls);
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

/* ---- the log written while the duel goes on ---- */

typedef enum ms_log_format {
	MS_LOG_TEXT = 0, /**< as ms_render_text */
	MS_LOG_JSON = 1  /**< as ms_render_json */
} ms_log_format;

/** Receives output; return 0 to go on, non-zero to stop (an I/O error). */
typedef int (*ms_write_fn)(void *ud, const char *data, size_t len);

typedef struct ms_log_stream ms_log_stream;

/**
 * A log that writes a duel's events as they come (MS-LOG-1, MS-LOG-2),
 * the same bytes as ms_render_text / ms_render_json of an ms_log.
 * The text is handed to `write` in chunks of about 64 KiB while the duel
 * goes on (each event's lines once the next event has come: a storm's
 * first line looks at it).  The JSON log begins with the duel's result, so
 * its events wait in memory as text (about 85 bytes each) until
 * ms_log_stream_finish, unless ms_log_stream_head was given the result
 * first.
 * @param hands  1: the hands and deck orders too (MS-LOG-4)
 * @param write  NULL keeps everything in memory (ms_log_stream_text)
 * @return 0; MS_EINVALID when out is NULL; MS_ENOMEM
 */
int ms_log_stream_new(ms_log_stream **out, ms_log_format format,
                      ms_lang lang, int hands, ms_write_fn write,
                      void *write_ud);

/**
 * JSON only, before the first event: the result, from a duel `done` that
 * has run (or stopped, with `error` as for ms_log_stream_finish) on the
 * same scenario and options; the log then writes each event as it comes,
 * so that the JSON of any duel takes memory that does not grow with it.
 * Duels are deterministic, so playing it again gives the same events
 * (`manastorm play --format json` plays each duel twice).
 * ms_log_stream_finish checks that the duel it is given ended alike.
 * @return 0; MS_ENOMEM; MS_ERROR when the writer failed; MS_EINVALID when
 *         ls or done is NULL, the log is text, or events came already
 */
int ms_log_stream_head(ms_log_stream *ls, const ms_duel *done,
                       const char *error);

/**
 * The duel's event callback (ud = the ms_log_stream).
 * @return 0; MS_ENOMEM; MS_ERROR when the writer failed (it is not called
 *         again); MS_EINVALID when ud, d or ev is NULL
 */
int ms_log_stream_event(void *ud, const ms_duel *d, const ms_event *ev);

/**
 * End the log once ms_duel_run has returned: its last event, then (text)
 * the result, or with `error` not NULL the line that says why the duel
 * stopped, as ms_render_text_stopped; (JSON) the document as
 * ms_render_json(_stopped).  Hands over everything left.
 * @return 0; MS_ENOMEM (an event was lost: see ms_log_stream_abort);
 *         MS_ERROR when the writer failed, or when the duel did not end as
 *         the one given to ms_log_stream_head; MS_EINVALID when ls or d is
 *         NULL, or the log is finished already (once only)
 */
int ms_log_stream_finish(ms_log_stream *ls, const ms_duel *d,
                         const char *error);

/**
 * End the log of a duel that ran out of memory (ms_duel_run gave
 * MS_ENOMEM, from the engine or from this log's own callback, which then
 * lost that event): what is whole is handed over (text: every line before
 * the lost event; JSON whose result went out first, ms_log_stream_head:
 * its events, then `],"error":"out of memory"}` and a newline, without
 * allocating, so that it stays one JSON document and says what went
 * wrong); a JSON log without its head writes nothing.
 * ms_log_stream_finish after a lost event does the same and returns
 * MS_ENOMEM.
 * @return 0; MS_ERROR when the writer failed; MS_EINVALID when ls is NULL
 *         or the log is finished already
 */
int ms_log_stream_abort(ms_log_stream *ls);

/** Everything written so far when the writer is NULL (borrowed; "" for
 *  a NULL ls), its length in *len (len may be NULL). */
const char *ms_log_stream_text(const ms_log_stream *ls, size_t *len);

/** Free a log stream; NULL is fine. */
void ms_log_stream_free(ms_log_stream *ls);

#ifdef __cplusplus
}
#endif

#endif
