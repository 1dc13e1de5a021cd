/* log.h - internals shared by the text and JSON battle logs. */
#ifndef AM_RENDER_LOG_H
#define AM_RENDER_LOG_H

#include "amaryllis/render.h"

#include "util/buf.h"
#include "util/sink.h"

struct am_log {
	am_log_format format;
	am_lang lang;
	ut_buf out;       /* pending output (all of it when the writer is NULL) */
	ut_sink sink;     /* hands `out` to the caller's writer */
	/* text log */
	ut_buf line;      /* the line being built */
	const char *spent_name; /* action to mark used up when the line ends */
	int turn_shown;   /* the current turn's header was printed */
	int turn;
	int64_t guard_before; /* damage before ガード for the next hit, or
	                          INT64_MIN */
	int64_t guard_after;
	int32_t pending_spent_actor;  /* attack told with its first hit */
	int32_t pending_spent_action;
	uint32_t *order;  /* scratch: units of one side in line order */
	ut_buf label[2];  /* scratch: unit labels (text.c who()) */
	int step_pending; /* a step began and has printed no line yet */
	int step_sim;     /* that step is a simultaneous one */
	int after_sim;    /* this turn had a simultaneous step: every single
	                     unit's step after it gets its own header */
	size_t cap_order;
	unsigned char *shared[2]; /* per definition of each side: its name is
	                             also a unit name of the other side */
	int shared_known;
	/* JSON log */
	size_t nevents;
};

/* Hand pending output to the writer once it is large (or when force). */
int am_log_flush(am_log *log, int force);

/* Unit label: its name (text) / its instance id "名前#k" (JSON). */
const char *am_log_unit_name(const am_engine *e, int32_t id);

/* 1 when the unit name of definition `index` of side `side` is also the
 * name of a unit definition of the other side (two sheets with the same
 * names: the text log then marks the side), 0 when not, AM_ENOMEM when
 * the table of such names could not be made. */
int am_log_shared_name(am_log *log, const am_engine *e, int side,
                       uint32_t index);

/* Name of action index `action` of the team of unit `id`. */
const char *am_log_action_name(const am_engine *e, int32_t id,
                               int32_t action);

int am_text_event(am_log *log, const am_engine *e, const am_event *ev);
int am_text_finish(am_log *log, const am_engine *e, const am_result *r,
                   int rc);
int am_json_event(am_log *log, const am_engine *e, const am_event *ev);
int am_json_finish(am_log *log, const am_engine *e, const am_result *r,
                   int rc);

#endif
