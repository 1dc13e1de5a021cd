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

/** The events of one duel, in order. */
typedef struct ms_log {
	ms_event *ev;
	size_t n, cap;
	int failed; /**< an allocation failed: events were lost */
} ms_log;

#define MS_LOG_INIT {NULL, 0, 0, 0}

/** An ms_event_fn: appends a copy of the event to the ms_log `ud`.
 *  Returns non-zero (stopping the duel) when out of memory. */
int ms_log_record(void *ud, const ms_duel *d, const ms_event *ev);

/** Free the events; the log is MS_LOG_INIT again. */
void ms_log_free(ms_log *log);

/**
 * The log as text, one line per event (cards with ♠♥♦♣), then the result.
 * @return 0; MS_ENOMEM
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

#ifdef __cplusplus
}
#endif

#endif
