/*
 * stream.c - ms_log_stream: a duel's log written while the duel goes on
 * (MS-LOG-1, MS-LOG-2), in memory that does not grow with the duel, the
 * same bytes as ms_render_text and ms_render_json put together from the
 * same parts (text.c, json.c).  The shape of megami's mg_log and
 * amaryllis's am_log: a writer callback behind a ut_sink, no I/O here.
 */
#include "manastorm/render.h"

#include <stdlib.h>
#include <string.h>

#include "util/array.h"
#include "util/error.h"
#include "util/sink.h"
#include "render_int.h"

struct ms_log_stream {
	ms_log_format format;
	ms_lang lang;
	int hands;
	ut_buf out;   /* what waits for the writer */
	ut_sink sink;
	/* text: the state from the first event on, and the event whose lines
	 * wait for the next (a storm's first victim looks at it) with the
	 * cards it showed then (MS-LOG-4; has_cards 0: none) */
	ms_text_ctx *text;
	int begun;
	ms_event pending;
	int has_pending, has_cards;
	ms_card *cards;
	size_t ncards, cards_cap;
	/* JSON: the events as text until the result is known (events), or
	 * written as they come after ms_log_stream_head (head 1, with the
	 * result it wrote and whether it was a stopped duel's) */
	ut_buf events;
	size_t nevents;
	int head, head_stopped;
	ms_result result;
	int failed;    /* MS_ENOMEM: an event could not be written (the
	                  lines before it stay whole) */
	int finished;  /* ms_log_stream_finish or _abort has run */
};

/* o back to `len` bytes, as before the event that failed to fit: no
 * part of an event's lines stays (a text log is whole lines, a JSON
 * document no dangling comma). */
static void undo(ut_buf *o, size_t len)
{
	if (o->len > len)
		o->len = len;
	o->failed = 0;
}

int ms_log_stream_new(ms_log_stream **out, ms_log_format format,
                      ms_lang lang, int hands, ms_write_fn write,
                      void *write_ud)
{
	ms_log_stream *ls;

	if (!out)
		return ut_error_set(MS_EINVALID, "ms_log_stream_new: out is NULL");
	*out = NULL;
	if (!(ls = calloc(1, sizeof(*ls))))
		return ut_error_set(MS_ENOMEM, "out of memory");
	ls->format = format == MS_LOG_JSON ? MS_LOG_JSON : MS_LOG_TEXT;
	ls->lang = lang;
	ls->hands = hands != 0;
	ut_sink_init(&ls->sink, &ls->out, write, write_ud, "the duel log");
	*out = ls;
	return 0;
}

void ms_log_stream_free(ms_log_stream *ls)
{
	if (!ls)
		return;
	ut_buf_free(&ls->out);
	ut_buf_free(&ls->events);
	ms_text_ctx_free(ls->text);
	free(ls->cards);
	free(ls);
}

const char *ms_log_stream_text(const ms_log_stream *ls, size_t *len)
{
	if (len)
		*len = ls ? ls->out.len : 0;
	return ls && ls->out.ptr ? ls->out.ptr : "";
}

/* Whether the duel ended as the head said (ms_log_stream_head). */
static int same_result(const ms_result *a, const ms_result *b)
{
	return a->over == b->over && a->winner == b->winner &&
	       a->battles == b->battles && a->end == b->end &&
	       a->defeated[0] == b->defeated[0] &&
	       a->defeated[1] == b->defeated[1] &&
	       a->damage[0] == b->damage[0] && a->damage[1] == b->damage[1] &&
	       a->storms == b->storms && a->happenings == b->happenings;
}

int ms_log_stream_head(ms_log_stream *ls, const ms_duel *done,
                       const char *error)
{
	int rc;

	if (!ls || !done)
		return ut_error_set(MS_EINVALID, "ms_log_stream_head: %s is NULL",
		                    !ls ? "ls" : "done");
	if (ls->format != MS_LOG_JSON || ls->head || ls->nevents ||
	    ls->finished)
		return ut_error_set(MS_EINVALID, "ms_log_stream_head: %s",
		                    ls->format != MS_LOG_JSON ? "a text log has no head"
		                    : ls->finished ? "the log is finished"
		                    : ls->head ? "the head is written already"
		                               : "events came before the head");
	if ((rc = ms_json_head(&ls->out, done, error)) < 0)
		return rc;
	ls->head = 1;
	ls->head_stopped = error != NULL;
	ms_duel_result(&ls->result, done);
	return ut_sink_flush(&ls->sink, 0);
}

/* MS-LOG-4: keep the cards event ev shows, as they are now, with the
 * pending event.  0 or MS_ENOMEM. */
static int keep_cards(ms_log_stream *ls, const ms_duel *d, const ms_event *ev)
{
	size_t n;
	const ms_card *c = ms_event_cards(d, ev, &n);

	ls->has_cards = 0;
	if (!c)
		return 0;
	if (UT_ARRAY_RESERVE(ls->cards, ls->cards_cap, n ? n : 1) < 0)
		return ut_error_set(MS_ENOMEM, "out of memory");
	if (n)
		memcpy(ls->cards, c, n * sizeof(*c));
	ls->ncards = n;
	ls->has_cards = 1;
	return 0;
}

/* The pending event's lines, now that the event after it (next; NULL:
 * none) is known. */
static void put_pending(ms_log_stream *ls, const ms_duel *d,
                        const ms_event *next)
{
	if (ls->has_pending)
		ms_text_event(&ls->out, d, ls->text, &ls->pending, next,
		              ls->has_cards ? ls->cards : NULL, ls->ncards,
		              ls->lang);
}

static int text_event(ms_log_stream *ls, const ms_duel *d, const ms_event *ev)
{
	size_t before = ls->out.len;
	int rc;

	if (!ls->begun) {
		if ((rc = ms_text_ctx_new(&ls->text, d)) < 0)
			return rc;
		ms_text_legend(&ls->out, ls->lang);
		ls->begun = 1;
	}
	put_pending(ls, d, ev);
	if (ls->out.failed) {
		undo(&ls->out, before);
		return ut_error_set(MS_ENOMEM, "out of memory");
	}
	ls->pending = *ev;
	ls->has_pending = 1;
	return ls->hands ? keep_cards(ls, d, ev) : 0;
}

static int json_event(ms_log_stream *ls, const ms_duel *d, const ms_event *ev)
{
	ut_buf *o = ls->head ? &ls->out : &ls->events;
	const ms_card *c = NULL;
	size_t n = 0, before = o->len;

	if (ls->hands)
		c = ms_event_cards(d, ev, &n);
	if ((ls->nevents && ut_buf_puts(o, ",") < 0) ||
	    ms_json_event(o, d, ev, c, n) < 0 || o->failed) {
		undo(o, before);
		return ut_error_set(MS_ENOMEM, "out of memory");
	}
	ls->nevents++;
	return 0;
}

int ms_log_stream_event(void *ud, const ms_duel *d, const ms_event *ev)
{
	ms_log_stream *ls = ud;
	int rc;

	if (!ls || !d || !ev)
		return ut_error_set(MS_EINVALID, "ms_log_stream_event: %s is NULL",
		                    !ls ? "ud" : !d ? "d" : "ev");
	if (ls->sink.failed) /* the writer failed: stop the duel */
		return MS_ERROR;
	if (ls->failed || ls->finished)
		return ut_error_set(MS_EINVALID, "ms_log_stream_event: %s",
		                    ls->finished ? "the log is finished"
		                                 : "an event was lost before");
	rc = ls->format == MS_LOG_JSON ? json_event(ls, d, ev)
	                               : text_event(ls, d, ev);
	if (rc < 0)
		return ls->failed = rc;
	return ut_sink_flush(&ls->sink, 0);
}

int ms_log_stream_abort(ms_log_stream *ls)
{
	static const char tail[] = "],\"error\":\"out of memory\"}\n";
	int rc;

	if (!ls)
		return ut_error_set(MS_EINVALID, "ms_log_stream_abort: ls is NULL");
	if (ls->finished)
		return ut_error_set(MS_EINVALID,
		                    "ms_log_stream_abort: the log is finished");
	ls->finished = 1;
	if (ls->format == MS_LOG_JSON && !ls->head) {
		/* nothing went out: the events kept go */
		ut_buf_free(&ls->events);
		ut_buf_clear(&ls->out);
		return 0;
	}
	/* what is whole goes out (text: lines; JSON: events) */
	if ((rc = ut_sink_flush(&ls->sink, 1)) < 0)
		return rc;
	if (ls->format == MS_LOG_TEXT)
		return 0;
	/* the document the head began, closed without allocating */
	if (ls->sink.write) {
		if (ls->sink.write(ls->sink.ud, tail, sizeof tail - 1)) {
			ls->sink.failed = 1;
			return ut_error_set(MS_ERROR, "cannot write the duel log");
		}
		return 0;
	}
	return ut_buf_put(&ls->out, tail, sizeof tail - 1) < 0
	       ? ut_error_set(MS_ENOMEM, "out of memory") : 0;
}

/* JSON: the head (unless written), the events kept, the end. */
static int json_finish(ms_log_stream *ls, const ms_duel *d, const char *error)
{
	ms_result r;
	ut_sink events;
	int rc;

	if (ls->head) {
		ms_duel_result(&r, d);
		if (!same_result(&r, &ls->result) ||
		    ls->head_stopped != (error != NULL))
			return ut_error_set(MS_ERROR, "ms_log_stream_finish: the "
			                    "duel did not end as the one given to "
			                    "ms_log_stream_head");
	} else {
		if ((rc = ms_json_head(&ls->out, d, error)) < 0)
			return rc;
		if (ls->sink.write) {
			/* the events go to the writer from where they are */
			ut_sink_init(&events, &ls->events, ls->sink.write,
			             ls->sink.ud, ls->sink.what);
			if ((rc = ut_sink_flush(&ls->sink, 1)) < 0 ||
			    (rc = ut_sink_flush(&events, 1)) < 0) {
				ls->sink.failed = 1;
				return rc;
			}
		} else if (ut_buf_put(&ls->out, ls->events.ptr,
		                      ls->events.len) < 0) {
			return ut_error_set(MS_ENOMEM, "out of memory");
		}
		ut_buf_free(&ls->events);
	}
	return ut_buf_puts(&ls->out, MS_JSON_END) < 0
	       ? ut_error_set(MS_ENOMEM, "out of memory") : 0;
}

int ms_log_stream_finish(ms_log_stream *ls, const ms_duel *d,
                         const char *error)
{
	int rc = 0;

	if (!ls || !d)
		return ut_error_set(MS_EINVALID, "ms_log_stream_finish: %s is NULL",
		                    !ls ? "ls" : "d");
	if (ls->finished)
		return ut_error_set(MS_EINVALID,
		                    "ms_log_stream_finish: the log is finished");
	if (ls->sink.failed)
		return MS_ERROR;
	if (ls->failed) { /* an event was lost: end as ms_log_stream_abort */
		if ((rc = ms_log_stream_abort(ls)) < 0)
			return rc;
		return ut_error_set(MS_ENOMEM, "out of memory");
	}
	ls->finished = 1;
	if (ls->format == MS_LOG_JSON) {
		rc = json_finish(ls, d, error);
	} else {
		if (!ls->begun)
			ms_text_legend(&ls->out, ls->lang);
		ls->begun = 1;
		put_pending(ls, d, NULL);
		ls->has_pending = 0;
		ms_text_result(&ls->out, d, ls->lang, error);
	}
	if (rc < 0)
		return rc;
	if (ls->out.failed)
		return ut_error_set(MS_ENOMEM, "out of memory");
	return ut_sink_flush(&ls->sink, 1);
}
