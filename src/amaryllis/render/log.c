/* log.c - battle log objects: lifecycle, output buffering, dispatch. */
#include "log.h"

#include <stdlib.h>
#include <string.h>

#include "util/error.h"

int am_log_new(am_log **out, am_log_format format, am_lang lang,
               am_write_fn write, void *write_ud)
{
	am_log *log;

	if (!out)
		return ut_error_set(AM_EINVALID, "am_log_new: out is NULL");
	*out = NULL;
	if (!(log = calloc(1, sizeof(*log))))
		return ut_error_set(AM_ENOMEM, "out of memory");
	log->format = format;
	log->lang = lang;
	ut_sink_init(&log->sink, &log->out, write, write_ud, "the battle log");
	log->turn = -1;
	log->guard_before = INT64_MIN;
	log->pending_spent_actor = -1;
	*out = log;
	return 0;
}

void am_log_free(am_log *log)
{
	if (!log)
		return;
	ut_buf_free(&log->out);
	ut_buf_free(&log->line);
	ut_buf_free(&log->label[0]);
	ut_buf_free(&log->label[1]);
	free(log->order);
	free(log->shared[0]);
	free(log->shared[1]);
	free(log);
}

int am_log_flush(am_log *log, int force)
{
	if (log->line.failed)
		return ut_error_set(AM_ENOMEM, "out of memory");
	return ut_sink_flush(&log->sink, force);
}

int am_log_event(void *ud, const am_engine *e, const am_event *ev)
{
	am_log *log = ud;
	int rc;

	if (!log || !e || !ev)
		return ut_error_set(AM_EINVALID, "am_log_event: %s is NULL",
		                    !log ? "ud" : !e ? "engine" : "ev");
	rc = log->format == AM_LOG_JSON ? am_json_event(log, e, ev)
	                                : am_text_event(log, e, ev);
	return rc < 0 ? rc : am_log_flush(log, 0);
}

int am_log_finish(am_log *log, const am_engine *e, const am_result *r,
                  int rc)
{
	int frc;

	if (!log || !e || !r)
		return ut_error_set(AM_EINVALID, "am_log_finish: %s is NULL",
		                    !log ? "log" : !e ? "engine" : "result");
	frc = log->format == AM_LOG_JSON ? am_json_finish(log, e, r, rc)
	                                 : am_text_finish(log, e, r, rc);
	return frc < 0 ? frc : am_log_flush(log, 1);
}

const char *am_log_text(const am_log *log, size_t *len)
{
	*len = log->out.len;
	return log->out.ptr ? log->out.ptr : "";
}

const char *am_log_unit_name(const am_engine *e, int32_t id)
{
	am_unit_state st;

	if (id < 0 || am_engine_unit(&st, e, (size_t)id) < 0)
		return "?";
	return st.name;
}

/* Which names both sides use, worked out once per log (a log tells one
 * battle): 0, or AM_ENOMEM with nothing kept, to try again at the next
 * label (the event that asked reports it, so no label goes unmarked). */
static int find_shared(am_log *log, const am_engine *e)
{
	const am_team *t[2] = {am_engine_team(e, 0), am_engine_team(e, 1)};
	size_t i, j;
	int s;

	if (!t[0] || !t[1]) {
		log->shared_known = 1;
		return 0;
	}
	for (s = 0; s < 2; s++)
		if (!(log->shared[s] = calloc(t[s]->nunits, 1))) {
			free(log->shared[0]);
			log->shared[0] = NULL;
			return ut_error_set(AM_ENOMEM, "out of memory");
		}
	for (i = 0; i < t[0]->nunits; i++)
		for (j = 0; j < t[1]->nunits; j++)
			if (strcmp(t[0]->units[i].name, t[1]->units[j].name) == 0)
				log->shared[0][i] = log->shared[1][j] = 1;
	log->shared_known = 1;
	return 0;
}

int am_log_shared_name(am_log *log, const am_engine *e, int side,
                       uint32_t index)
{
	const am_team *t = am_engine_team(e, side);
	int rc;

	if (!log->shared_known && (rc = find_shared(log, e)) < 0)
		return rc;
	return log->shared[0] && log->shared[1] && t && index < t->nunits &&
	       log->shared[side][index];
}

const char *am_log_action_name(const am_engine *e, int32_t id,
                               int32_t action)
{
	am_unit_state st;
	const am_team *t;

	if (id < 0 || action < 0 || am_engine_unit(&st, e, (size_t)id) < 0)
		return "?";
	t = am_engine_team(e, st.side);
	if (!t || (size_t)action >= t->nactions)
		return "?";
	return t->actions[action].name;
}
