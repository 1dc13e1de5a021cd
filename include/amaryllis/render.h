/*
 * amaryllis/render.h - battle logs as text (Japanese or English) and JSON.
 *
 * A log is an event sink: pass am_log_event as the engine's on_event with the
 * log as user data, then call am_log_finish.  The log does no I/O itself; it
 * hands its output to a writer callback in chunks (or keeps it all when the
 * writer is NULL, see am_log_text).
 */
#ifndef AMARYLLIS_RENDER_H
#define AMARYLLIS_RENDER_H

#include "common.h"
#include "engine.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum am_log_format {
	AM_LOG_TEXT = 0, /**< the log of the rules' worked example */
	AM_LOG_JSON = 1  /**< one JSON document (see README) */
} am_log_format;

/** Receives output; return 0 to go on, non-zero to stop (I/O error). */
typedef int (*am_write_fn)(void *ud, const char *data, size_t len);

typedef struct am_log am_log;

/**
 * Create a log.
 * @param write  NULL to keep everything in memory
 */
int am_log_new(am_log **out, am_log_format format, am_lang lang,
               am_write_fn write, void *write_ud);

/** Free a log; NULL is fine. */
void am_log_free(am_log *log);

/** The engine callback (ud = the am_log). */
int am_log_event(void *ud, const am_engine *engine, const am_event *ev);

/**
 * Finish the log after am_battle_run returned `rc`: writes the result (or,
 * when rc < 0, the error reached after the partial log) and flushes.
 * @return 0, or AM_ERROR when the writer failed, AM_ENOMEM
 */
int am_log_finish(am_log *log, const am_engine *engine,
                  const am_result *result, int rc);

/** Everything written so far when the writer is NULL (borrowed). */
const char *am_log_text(const am_log *log, size_t *len);

#ifdef __cplusplus
}
#endif

#endif
