/* log.c - combat log objects: lifecycle, output buffering, dispatch. */
#include "log.h"

#include <stdlib.h>

#include "util/error.h"

int mg_log_new(mg_log **out, mg_log_format format, mg_lang lang,
               mg_write_fn write, void *write_ud)
{
	mg_log *log;

	if (!out)
		return ut_error_set(UT_EINVALID, "mg_log_new: out is NULL");
	*out = NULL;
	if (!(log = calloc(1, sizeof(*log))))
		return ut_error_set(UT_ENOMEM, "out of memory");
	log->format = format;
	log->lang = lang;
	ut_sink_init(&log->sink, &log->out, write, write_ud, "the combat log");
	*out = log;
	return 0;
}

void mg_log_set_seed(mg_log *log, uint64_t seed)
{
	log->has_seed = 1;
	log->seed = seed;
}

void mg_log_free(mg_log *log)
{
	if (!log)
		return;
	ut_buf_free(&log->out);
	ut_buf_free(&log->events);
	free(log);
}

int mg_log_event(void *ud, const mg_combat *c, const mg_event *ev)
{
	mg_log *log = ud;
	int rc;

	if (!log || !c || !ev)
		return ut_error_set(UT_EINVALID, "mg_log_event: %s is NULL",
		                    !log ? "ud" : !c ? "c" : "ev");
	rc = log->format == MG_LOG_JSON ? mg_json_event(log, c, ev)
	                                : mg_text_event(log, c, ev);
	if (rc < 0)
		return rc;
	if (log->out.failed || log->events.failed)
		return ut_error_set(UT_ENOMEM, "out of memory");
	return ut_sink_flush(&log->sink, 0);
}

int mg_log_finish(mg_log *log, const mg_combat *c, int rc)
{
	int frc;

	if (!log)
		return ut_error_set(UT_EINVALID, "mg_log_finish: log is NULL");
	if (!c)
		return ut_error_set(UT_EINVALID, "mg_log_finish: c is NULL");
	frc = log->format == MG_LOG_JSON ? mg_json_finish(log, c, rc)
	                                 : mg_text_finish(log, c, rc);
	if (frc < 0)
		return frc;
	if (log->out.failed)
		return ut_error_set(UT_ENOMEM, "out of memory");
	return ut_sink_flush(&log->sink, 1);
}

const char *mg_log_text(const mg_log *log, size_t *len)
{
	*len = log->out.len;
	return log->out.ptr ? log->out.ptr : "";
}

const char *mg_log_name(const mg_combat *c, int32_t i)
{
	const mg_scenario *s = mg_combat_scenario(c);
	if (i < 0 || (size_t)i >= s->ncharacters)
		return "?";
	return s->characters[i].name;
}

const char *mg_log_attack(const mg_combat *c, int32_t i, int32_t a)
{
	const mg_scenario *s = mg_combat_scenario(c);
	if (i < 0 || (size_t)i >= s->ncharacters || a < 0 ||
	    (size_t)a >= s->characters[i].nattacks)
		return "?";
	return s->characters[i].attacks[a].name;
}

const char *mg_log_attr(int a, mg_lang lang)
{
	static const char *const names[2][MG_ATTR_COUNT] = {
		{"貫通", "衝撃", "エネルギー", "火", "氷", "雷", "光", "聖", "闇"},
		{"pierce", "impact", "energy", "fire", "ice", "thunder", "light",
		 "holy", "dark"}};
	if (a < 0 || a >= MG_ATTR_COUNT)
		return NULL;
	return names[lang == MG_LANG_EN][a];
}

const char *mg_log_state(mg_state s, mg_lang lang)
{
	static const char *const names[2][4] = {
		{"行動可能", "戦闘不能", "死亡", "未登場"},
		{"able", "incapacitated", "dead", "absent"}};
	if ((unsigned)s > MG_STATE_ABSENT)
		return "?";
	return names[lang == MG_LANG_EN][s];
}
