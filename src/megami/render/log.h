/* log.h - the inside of an mg_log, shared by log.c, text.c and json.c. */
#ifndef MG_RENDER_LOG_H
#define MG_RENDER_LOG_H

#include "megami/render.h"
#include "util/buf.h"
#include "util/sink.h"

struct mg_log {
	mg_log_format format;
	mg_lang lang;
	ut_buf out;      /* pending output (the sink's buffer) */
	ut_sink sink;
	ut_buf events;   /* JSON: the events, written at the end */
	size_t nevents;
	int has_seed;
	uint64_t seed;
	/* text: the last attack judgement, for the verdict of the defences
	 * that follow it (a critical hits whatever the defence's value) */
	int64_t attack_value;
	int attack_crit;
};

int mg_text_event(mg_log *log, const mg_combat *c, const mg_event *ev);
int mg_text_finish(mg_log *log, const mg_combat *c, int rc);
int mg_json_event(mg_log *log, const mg_combat *c, const mg_event *ev);
int mg_json_finish(mg_log *log, const mg_combat *c, int rc);

/* Names for logs. */
const char *mg_log_name(const mg_combat *c, int32_t i);
const char *mg_log_attack(const mg_combat *c, int32_t i, int32_t a);
const char *mg_log_attr(int a, mg_lang lang); /* NULL for -1 */
const char *mg_log_state(mg_state s, mg_lang lang);

#endif
