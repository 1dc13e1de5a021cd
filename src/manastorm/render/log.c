/* log.c - ms_log: the events of a duel recorded in order (for the text and
 * JSON renderers). */
#include "manastorm/render.h"

#include <stdlib.h>

#include "util/array.h"

/* MS-LOG-1: keep every event of the duel, in order, for the renderers. */
int ms_log_record(void *ud, const ms_duel *d, const ms_event *ev)
{
	ms_log *log = ud;

	(void)d;
	if (UT_ARRAY_RESERVE(log->ev, log->cap, log->n + 1) < 0) {
		log->failed = 1;
		return 1;
	}
	log->ev[log->n++] = *ev;
	return 0;
}

void ms_log_free(ms_log *log)
{
	free(log->ev);
	log->ev = NULL;
	log->n = log->cap = 0;
	log->failed = 0;
}
