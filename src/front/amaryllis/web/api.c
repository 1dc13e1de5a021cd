/*
 * api.c - the JSON API and the page, without HTTP: one request (method,
 * path, body) in, one response (status, type, body) out.  server.c puts it
 * on the network.
 *
 * The documents are the CLI's: /api/check answers with am_render_check
 * (check --format json), /api/battle with the JSON battle log (battle
 * --format json, or the text log with "format": "text"), /api/battle.svg with am_chart_svg (battle --svg),
 * /api/hill with am_hill_status (hill status --format json; .svg and .html
 * its --format svg and html), /api/hill/sheet
 * with am_hill_member_sheet (a member's sheet).  A web entry
 * goes through am_hill_process like a mailed one (docs/WEB.md).
 */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <jansson.h>

#include "web_int.h"

#include "amaryllis/engine.h"
#include "amaryllis/render.h"
#include "amaryllis/sheet.h"
#include "util/base64.h"
#include "util/buf.h"
#include "util/error.h"
#include "util/json.h"
#include "util/utf8.h"

static const char type_json[] = "application/json; charset=utf-8";
static const char type_svg[] = "image/svg+xml";
static const char type_text[] = "text/plain; charset=utf-8";

/* cfg's public hosts, copied (the am_web owns them); -1 out of memory. */
static int copy_hosts(am_web *w)
{
	const char *const *from = w->cfg.public_hosts;
	char **to;
	size_t i;

	w->cfg.public_hosts = NULL;
	if (w->cfg.npublic_hosts == 0)
		return 0;
	to = calloc(w->cfg.npublic_hosts, sizeof(*to));
	if (!to)
		return -1;
	w->cfg.public_hosts = (const char *const *)to;
	for (i = 0; i < w->cfg.npublic_hosts; i++)
		if (!(to[i] = strdup(from[i])))
			return -1;
	return 0;
}

static void free_hosts(am_web *w)
{
	size_t i;

	if (!w->cfg.public_hosts)
		return;
	for (i = 0; i < w->cfg.npublic_hosts; i++)
		free((char *)w->cfg.public_hosts[i]);
	free((void *)w->cfg.public_hosts);
}

int am_web_new(am_web **out, const am_web_config *cfg)
{
	am_web_config def = AM_WEB_CONFIG_INIT;
	am_web *w;
	size_t i;
	int rc;

	*out = NULL;
	if (cfg && cfg->version == 3) {
		/* its fields up to max_inflight, the rest the defaults */
		memcpy(&def, cfg, offsetof(am_web_config, max_work));
		def.version = AM_WEB_CONFIG_VERSION;
		cfg = &def;
	}
	if (cfg && cfg->version != AM_WEB_CONFIG_VERSION)
		return ut_error_set(AM_EINVALID, "unknown am_web_config version %u",
		                    cfg->version);
	if (!cfg)
		cfg = &def;
	for (i = 0; i < cfg->npublic_hosts; i++)
		if (!cfg->public_hosts || !cfg->public_hosts[i] ||
		    !am_web_public_host_ok(cfg->public_hosts[i]))
			return ut_error_set(AM_EINVALID, "a public host is a DNS name "
			                    "or an IPv4 address without a port, not "
			                    "'%s'", cfg->public_hosts && cfg->public_hosts[i]
			                    ? cfg->public_hosts[i] : "(null)");
	if (cfg->request_timeout_s == 0)
		return ut_error_set(AM_EINVALID, "the request timeout must be at "
		                    "least 1 s");
	w = calloc(1, sizeof(*w));
	if (!w)
		return ut_error_set(AM_ENOMEM, "out of memory");
	w->cfg = *cfg;
	pthread_mutex_init(&w->lock, NULL);
	if (copy_hosts(w) < 0 ||
	    am_web_rate_init(&w->rate, WEB_RATE_ENTRIES, WEB_RATE_CHAINS,
	                  ut_httpd_seed()) < 0) {
		am_web_free(w);
		return ut_error_set(AM_ENOMEM, "out of memory");
	}
	if (w->cfg.hill_path) {
		/* the first handle: the hill is there and is a hill */
		if ((rc = am_hill_open(&w->hills[0], w->cfg.hill_path)) < 0) {
			char ja[512], en[512]; /* (am_web_free may set another) */
			snprintf(ja, sizeof(ja), "%s", ut_error_last_lang(UT_LANG_JA));
			snprintf(en, sizeof(en), "%s", ut_error_last());
			am_web_free(w);
			return ut_error_set_texts(rc, ja, en);
		}
		w->nhills = 1;
		w->have_hill = 1;
	}
	*out = w;
	return 0;
}

void am_web_free(am_web *web)
{
	unsigned i;

	if (!web)
		return;
	am_web_stop(web);
	for (i = 0; i < web->nhills; i++)
		am_hill_free(web->hills[i]);
	am_web_rate_free(&web->rate);
	free_hosts(web);
	pthread_mutex_destroy(&web->lock);
	free(web);
}

void am_web_response_free(am_web_response *r)
{
	if (!r)
		return;
	free(r->body);
	r->body = NULL;
	r->len = 0;
}

/* ---- responses ----------------------------------------------------------- */

/* A JSON document j (consumed) as the response. */
static int respond_json(am_web_response *r, int status, json_t *j)
{
	char *s = j ? ut_json_dumps(j, JSON_INDENT(1) | JSON_PRESERVE_ORDER) : NULL;

	ut_json_short_reals(s);

	json_decref(j);
	if (!s)
		return ut_error_set(AM_ENOMEM, "out of memory");
	r->status = status;
	r->type = type_json;
	r->body = s;
	r->len = strlen(s);
	return 0;
}

/* {"error": MESSAGE, "status": N}, plus the members of `extra` (consumed). */
static int fail(am_web_response *r, int status, const char *detail,
                json_t *extra, const char *fmt, ...)
{
	char msg[1024];
	va_list ap;
	json_t *j = json_object();
	int bad;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	/* a message is valid UTF-8 unless a cut or a hostile echo broke it */
	bad = !j || ut_json_put(j, "error", ut_json_text(msg, strlen(msg),
	                "(the message is not valid UTF-8)")) ||
	      ut_json_put(j, "status", json_integer(status)) ||
	      (extra && json_object_update(j, extra) != 0);
	json_decref(extra);
	if (bad) {
		json_decref(j);
		return ut_error_set(AM_ENOMEM, "out of memory");
	}
	r->detail = detail;
	return respond_json(r, status, j);
}

/* A ut_buf as the body (moved). */
static void respond_buf(am_web_response *r, int status, const char *type,
                        ut_buf *b)
{
	r->status = status;
	r->type = type;
	r->body = b->ptr;
	r->len = b->len;
	b->ptr = NULL;
	b->len = b->cap = 0;
}

static int buf_write(void *ud, const char *data, size_t len)
{
	ut_buf *b = ud;

	return ut_buf_put(b, data, len) < 0;
}

/* ---- requests ------------------------------------------------------------ */

/* The request body as a JSON object; NULL after a 400 response, or out
 * of memory with none (api_request). */
static json_t *request(am_web_response *r, const char *body, size_t len)
{
	json_error_t err;
	json_t *j;
	int rc = ut_json_loadb(&j, body, len, JSON_REJECT_DUPLICATES, &err);

	if (rc < 0) {
		ut_error_set(AM_ENOMEM, "out of memory");
		return NULL;
	}
	if (rc > 0) {
		fail(r, 400, "bad-json", NULL, "bad JSON at line %d, column %d: %s",
		     err.line, err.column, err.text);
		return NULL;
	}
	if (!json_is_object(j)) {
		json_decref(j);
		fail(r, 400, "bad-json", NULL, "the request must be a JSON object");
		return NULL;
	}
	return j;
}

/* A string member; NULL after a 400 response. */
static const char *string_member(am_web_response *r, json_t *j,
                                 const char *key, size_t *len)
{
	json_t *v = json_object_get(j, key);

	if (!json_is_string(v)) {
		fail(r, 400, "bad-request", NULL, "\"%s\" must be a string", key);
		return NULL;
	}
	*len = json_string_length(v);
	return json_string_value(v);
}

/* "lang": "ja" (default) or "en"; -1 after a 400 response. */
static int lang_member(am_web_response *r, json_t *j)
{
	json_t *v = json_object_get(j, "lang");
	const char *s;

	if (!v)
		return AM_LANG_JA;
	s = json_string_value(v);
	if (s && strcmp(s, "ja") == 0)
		return AM_LANG_JA;
	if (s && strcmp(s, "en") == 0)
		return AM_LANG_EN;
	fail(r, 400, "bad-request", NULL, "\"lang\" must be \"ja\" or \"en\"");
	return -1;
}

/* check's verdict on a parsed sheet, as a JSON value (NULL: no memory). */
static json_t *verdict(const am_sheet *sh, am_lang lang)
{
	ut_buf b = UT_BUF_INIT;
	json_t *j = NULL;

	if (am_render_check(sh, lang, buf_write, &b) == 0 && !b.failed &&
	    ut_json_loadb(&j, b.ptr, b.len, 0, NULL) != 0)
		j = NULL;
	ut_buf_free(&b);
	return j;
}

/* POST /api/check {"sheet", "lang"} -> check --format json (200 even for an
 * illegal sheet: the verdict is the answer). */
static int api_check(am_web_response *r, const char *body, size_t len)
{
	json_t *j = request(r, body, len);
	const char *text;
	size_t n;
	int lang, rc;
	am_sheet *sh = NULL;
	ut_buf b = UT_BUF_INIT;

	if (!j)
		return 0;
	if (!(text = string_member(r, j, "sheet", &n)) ||
	    (lang = lang_member(r, j)) < 0) {
		json_decref(j);
		return 0;
	}
	rc = am_sheet_parse(&sh, text, n, NULL);
	if (rc == 0)
		rc = am_render_check(sh, (am_lang)lang, buf_write, &b);
	/* (a writer that failed ran out of memory, whatever rc says) */
	if (b.failed)
		rc = ut_error_set(AM_ENOMEM, "out of memory");
	if (rc == 0) {
		respond_buf(r, 200, type_json, &b);
		r->detail = am_sheet_ok(sh) ? "legal" : "illegal";
	}
	ut_buf_free(&b);
	am_sheet_free(sh);
	json_decref(j);
	return rc;
}

/* The battle's listeners: the log or the chart, the clock and the size
 * of the answer. */
typedef struct watch {
	am_log *log;
	am_chart *chart;
	double deadline;
	unsigned long events;
	int late;
	size_t max;  /* --max-reply (0: none) */
	size_t big;  /* the log's bytes when it passed max (the battle stops) */
} watch;

static int on_event(void *ud, const am_engine *e, const am_event *ev)
{
	watch *w = ud;
	int rc = w->log ? am_log_event(w->log, e, ev)
	                : am_chart_event(w->chart, e, ev);

	/* the clock every 64 events (a few microseconds of work each; the
	 * clock costs tens of nanoseconds): the time budget of one battle;
	 * and the log's size, which stops a battle whose answer already
	 * passes --max-reply (it would be refused after the whole of it) */
	if (rc == 0 && (++w->events & 63) == 0) {
		size_t n = 0;
		if (w->log && w->max && am_log_text(w->log, &n) && n > w->max) {
			w->big = n;
			return 1;
		}
		if (ut_httpd_now() > w->deadline) {
			w->late = 1;
			return 1;
		}
	}
	return rc;
}

/* Take a battle slot (0) or refuse (-1: busy).  Under am_web_start the
 * API runs on max_battles workers (server.c), so this only refuses an
 * embedder that calls am_web_handle_client from more threads. */
static int slot_take(am_web *web)
{
	int ok;

	pthread_mutex_lock(&web->lock);
	ok = web->battles < web->cfg.max_battles;
	if (ok)
		web->battles++;
	pthread_mutex_unlock(&web->lock);
	return ok ? 0 : -1;
}

static void slot_give(am_web *web)
{
	pthread_mutex_lock(&web->lock);
	web->battles--;
	pthread_mutex_unlock(&web->lock);
}

/* A battle's time, charged to its client's requests (--rate): one
 * request for each WEB_BATTLE_MS_PER_REQUEST ms it took, so that an
 * address within its rate cannot keep the battle slots and the threads
 * that play them busy (a 2 s battle is 200 requests: 20 s of the default
 * 600 a minute); the charge may leave a debt of up to a minute's worth,
 * refused (429) until it is paid back. */
static void battle_charge(am_web *web, const char *client, double seconds)
{
	if (!web->cfg.rate || !client || !*client || seconds <= 0)
		return;
	pthread_mutex_lock(&web->lock);
	ut_http_rate_charge(&web->rate, client, ut_httpd_now(), web->cfg.rate,
	                    seconds * 1000.0 / WEB_BATTLE_MS_PER_REQUEST);
	pthread_mutex_unlock(&web->lock);
}

/* What a battle request asks for. */
typedef struct battle_req {
	const char *text[2]; /* the sheets "a" and "b" */
	size_t n[2];
	int lang;
	int text_log;        /* "format": "text" */
} battle_req;

/* The members of a battle request into q: "a", "b", "lang" and "format"
 * ("json", the default, or "text").  1 when all are good; else what the
 * request returns: 0 (a 400 response when one is bad) or <0. */
static int battle_members(am_web_response *r, json_t *j, battle_req *q)
{
	const char *f;

	if (!(q->text[0] = string_member(r, j, "a", &q->n[0])) ||
	    !(q->text[1] = string_member(r, j, "b", &q->n[1])) ||
	    (q->lang = lang_member(r, j)) < 0)
		return 0;
	if (!json_object_get(j, "format"))
		return 1;
	f = json_string_value(json_object_get(j, "format"));
	if (!f || (strcmp(f, "json") != 0 && strcmp(f, "text") != 0))
		return fail(r, 400, "bad-request", NULL,
		            "\"format\" must be \"json\" or \"text\"");
	q->text_log = strcmp(f, "text") == 0;
	return 1;
}

/* Both sheets parsed into sh; 0, with a 422 response (r->status set: both
 * verdicts) when one is illegal; <0 out of memory. */
static int battle_sheets(am_web_response *r, const battle_req *q,
                         am_sheet *sh[2])
{
	json_t *x;
	int s, rc = 0;

	for (s = 0; s < 2 && rc == 0; s++)
		rc = am_sheet_parse(&sh[s], q->text[s], q->n[s], NULL);
	if (rc < 0)
		return rc;
	if (am_sheet_ok(sh[0]) && am_sheet_ok(sh[1]))
		return 0;
	x = json_object();
	if (!x || ut_json_put(x, "a", verdict(sh[0], (am_lang)q->lang)) ||
	    ut_json_put(x, "b", verdict(sh[1], (am_lang)q->lang))) {
		json_decref(x);
		return ut_error_set(AM_ENOMEM, "out of memory");
	}
	return fail(r, 422, "illegal", x, q->lang == AM_LANG_EN
	            ? "illegal sheet" : "シートに誤りがあります");
}

/* A battle that am_battle_run stopped with rc: 422 for the time budget,
 * the population limit or another stop, in the request's language (the
 * engine's English message through am_render_stop, as the CLI's); out
 * of memory stays rc. */
static int battle_stopped(am_web *web, am_web_response *r,
                          const battle_req *q, const watch *w, int rc)
{
	char why[512];

	if (rc == AM_ENOMEM)
		return rc;
	if (w->late)
		return fail(r, 422, "time", NULL, q->lang == AM_LANG_EN
		            ? "battle stopped: over the time budget of %u ms"
		            : "戦闘を中断しました：時間の上限%uミリ秒を超えたため",
		            web->cfg.battle_ms);
	am_render_stop(why, sizeof why, am_error_last(), (am_lang)q->lang);
	return fail(r, 422, rc == AM_ELIMIT ? "limit" : "stopped", NULL,
	            q->lang == AM_LANG_EN ? "battle stopped: %s"
	                                  : "戦闘を中断しました：%s", why);
}

/* An answer over max bytes (--max-reply): 422, the CLI plays it.  len:
 * its bytes, or those of the log when the battle stopped as it passed
 * max (more: "at least"). */
static int too_big(am_web_response *r, const battle_req *q, size_t len,
                   size_t max, int more)
{
	return fail(r, 422, "too-big", NULL, q->lang == AM_LANG_EN
	            ? "the battle's answer is too large for the server: %s%zu "
	              "bytes, over its limit of %zu (serve --max-reply); play "
	              "it with the command line: amaryllis battle A.txt B.txt"
	            : "戦闘の応答がサーバーの上限より大きくなりました（%s%zuバイト、"
	              "上限%zuバイト、serve --max-reply）。コマンド amaryllis "
	              "battle A.txt B.txt で実行してください",
	            more ? (q->lang == AM_LANG_EN ? "at least " : "少なくとも") : "", len, max);
}

/* The played battle as the response: the chart (svg) or the log, JSON or
 * text; 422 when it is over max bytes (0: no limit).  0, or <0 (out of
 * memory). */
static int battle_output(am_web_response *r, const battle_req *q, watch *w,
                         am_engine *engine, const am_result *res, int svg,
                         size_t max)
{
	ut_buf b = UT_BUF_INIT;
	const char *t;
	size_t tl;
	int rc;

	if (svg) {
		rc = am_chart_svg(w->chart, engine, buf_write, &b);
		/* (a writer that failed ran out of memory, whatever rc says) */
		if (b.failed)
			rc = ut_error_set(AM_ENOMEM, "out of memory");
		if (rc == 0) {
			if (max && b.len > max)
				rc = too_big(r, q, b.len, max, 0);
			else
				respond_buf(r, 200, type_svg, &b);
		}
	} else if ((rc = am_log_finish(w->log, engine, res, 0)) == 0) {
		t = am_log_text(w->log, &tl);
		if (max && tl > max)
			rc = too_big(r, q, tl, max, 0);
		else if (ut_buf_put(&b, t, tl) == 0)
			respond_buf(r, 200, q->text_log ? type_text : type_json, &b);
	}
	if (rc == 0 && !r->body)
		rc = ut_error_set(AM_ENOMEM, "out of memory");
	ut_buf_free(&b);
	return rc;
}

/* The battle of the legal sheets sh, within the population and the time
 * budget (else 422), as the response. */
static int battle_play(am_web *web, am_web_response *r, const battle_req *q,
                       am_sheet *sh[2], int svg)
{
	am_engine *engine = NULL;
	am_battle_opts bo = AM_BATTLE_OPTS_INIT;
	am_result res;
	watch w = {NULL, NULL, 0, 0, 0, 0, 0};
	int rc;

	if ((rc = am_engine_new(&engine)) < 0 ||
	    (!svg && (rc = am_log_new(&w.log, q->text_log ? AM_LOG_TEXT : AM_LOG_JSON,
	                              (am_lang)q->lang, NULL, NULL)) < 0) ||
	    (svg && (rc = am_chart_new(&w.chart, (am_lang)q->lang)) < 0))
		goto out;
	w.deadline = ut_httpd_now() + web->cfg.battle_ms / 1000.0;
	w.max = web->cfg.max_reply;
	bo.on_event = on_event;
	bo.event_ud = &w;
	bo.max_units = web->cfg.max_units;
	bo.max_work = web->cfg.max_work;
	rc = am_battle_run(&res, engine, am_sheet_team(sh[0]),
	                   am_sheet_team(sh[1]), &bo);
	rc = w.big ? too_big(r, q, w.big, w.max, 1)
	   : rc < 0 ? battle_stopped(web, r, q, &w, rc)
	            : battle_output(r, q, &w, engine, &res, svg,
	                            web->cfg.max_reply);
out:
	am_log_free(w.log);
	am_chart_free(w.chart);
	am_engine_free(engine);
	return rc;
}

/*
 * POST /api/battle and /api/battle.svg {"a", "b", "lang"}: both sheets must
 * be legal (else 422 with both verdicts), the battle must stay within the
 * population and the time budget (else 422), and a battle slot must be
 * free (else 429).  svg: the chart instead of the log.
 */
static int api_battle(am_web *web, am_web_response *r, const char *client,
                      const char *body, size_t len, int svg)
{
	json_t *j = request(r, body, len);
	battle_req q = {{NULL, NULL}, {0, 0}, 0, 0};
	am_sheet *sh[2] = {NULL, NULL};
	int rc;

	if (!j)
		return 0;
	if ((rc = battle_members(r, j, &q)) == 1 &&
	    (rc = battle_sheets(r, &q, sh)) == 0 && !r->status) {
		if (slot_take(web) < 0) {
			rc = fail(r, 429, "busy", NULL, "busy: %u battles are running; "
			          "try again", web->cfg.max_battles);
		} else {
			double t0 = ut_httpd_now();
			rc = battle_play(web, r, &q, sh, svg);
			slot_give(web);
			battle_charge(web, client, ut_httpd_now() - t0);
		}
	}
	am_sheet_free(sh[0]);
	am_sheet_free(sh[1]);
	json_decref(j);
	return rc;
}

/* ---- the hill ------------------------------------------------------------ */

/*
 * A hill handle for one request, from the stack of idle ones or newly
 * opened; NULL with *rc set when it cannot be opened.  A handle is one
 * SQLite connection, used by one thread at a time: requests never share
 * one, so a reader never waits for a writer's lock, here or in another
 * process (the hill's database is in WAL mode: readers see the last
 * commit while a write transaction is open).
 */
static am_hill *hill_take(am_web *web, int *rc)
{
	am_hill *h = NULL;

	pthread_mutex_lock(&web->lock);
	if (web->nhills > 0)
		h = web->hills[--web->nhills];
	pthread_mutex_unlock(&web->lock);
	if (!h && (*rc = am_hill_open(&h, web->cfg.hill_path)) < 0)
		return NULL;
	return h;
}

/* Give h back after a call that returned rc: kept for the next request,
 * or closed when enough are kept or when the call failed (a handle that
 * met an error is not trusted again: the next request opens a new one). */
static void hill_give(am_web *web, am_hill *h, int rc)
{
	pthread_mutex_lock(&web->lock);
	if (web->nhills < WEB_HILL_HANDLES &&
	    (rc >= 0 || rc == AM_HILL_ENOTFOUND)) {
		web->hills[web->nhills++] = h;
		h = NULL;
	}
	pthread_mutex_unlock(&web->lock);
	am_hill_free(h);
}

/* The hill's database stayed locked (AM_HILL_EBUSY): 503, Retry-After
 * (server.c). */
static int hill_busy(am_web_response *r)
{
	return fail(r, 503, "busy", NULL, "the hill is busy (its database is "
	            "locked); try again shortly");
}

/* A hill call's failure as the response.  AM_HILL_EBUSY is the lock
 * (503); AM_HILL_ETEMP an I/O error such as a full disk (500 hill-io,
 * which no wait mends; review 2026-12-06: a full disk was answered
 * "locked, try again shortly").  The message names no path of the
 * server. */
static int hill_failed(am_web_response *r, int rc)
{
	if (rc == AM_HILL_EBUSY)
		return hill_busy(r);
	if (rc == AM_HILL_ETEMP)
		return fail(r, 500, "hill-io", NULL, "the hill could not read or "
		            "write its database (a full disk, an I/O error): the "
		            "host needs to look at the server");
	return rc == AM_ENOMEM ? rc : fail(r, 500, "hill", NULL, "%s",
	                                   am_error_last());
}

/* GET /api/hill -> hill status --format json; /api/hill.svg and
 * /api/hill.en.svg -> --format svg (the heat map alone, shown under the
 * page's own table); /api/hill.html and /api/hill.en.html -> --format html
 * (the host's page: the table and the heat map). */
static int api_hill(am_web *web, am_web_response *r, int format, am_lang lang)
{
	char *doc = NULL;
	size_t len = 0;
	int rc = 0;
	am_hill *h = hill_take(web, &rc);

	if (!h)
		return hill_failed(r, rc);
	rc = am_hill_status(&doc, &len, h, format, lang);
	hill_give(web, h, rc);
	if (rc < 0)
		return hill_failed(r, rc);
	r->status = 200;
	r->type = format == AM_HILL_HTML  ? "text/html; charset=utf-8"
	          : format == AM_HILL_SVG ? type_svg
	                                  : type_json;
	r->body = doc;
	r->len = len;
	return 0;
}

/* A header value we put in a message: printable ASCII (no CR/LF, so
 * nothing can be injected), at most max bytes. */
static int header_safe(const char *s, size_t len, size_t max)
{
	size_t i;

	if (len == 0 || len > max)
		return 0;
	for (i = 0; i < len; i++)
		if ((unsigned char)s[i] < 0x20 || (unsigned char)s[i] > 0x7e)
			return 0;
	return 1;
}

/* A password as a mail's #password line takes it (docs/HILL.md): UTF-8 (a
 * JSON string is), 1 to 200 characters, not only blanks (space, tab,
 * U+3000: the directive trims them), no control character (C0, DEL, C1:
 * CR or LF would end the line).  Japanese passphrases and full-width
 * letters are welcome: the hill compares passwords after NFKC. */
static int password_ok(const char *s, size_t len)
{
	const unsigned char *u = (const unsigned char *)s;
	size_t i, chars = 0, blanks = 0;

	for (i = 0; i < len; i++) {
		if (u[i] < 0x20 || u[i] == 0x7f ||
		    (u[i] == 0xC2 && i + 1 < len && u[i + 1] < 0xA0))
			return 0;
		if ((u[i] & 0xC0) != 0x80)
			chars++;
		blanks += u[i] == ' ' || u[i] == '\t' ||
		          ut_utf8_ideographic_space((const char *)u + i,
		                                    len - i) != 0;
	}
	return chars >= 1 && chars <= 200 && blanks < chars;
}

static int ascii_alnum(char c)
{
	return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') ||
	       (c >= 'A' && c <= 'Z');
}

/* An address local@domain as people write theirs, at most 254 bytes
 * with at most 64 before the '@' (RFC 5321; the mail hill answers no
 * other: usable_address): the local part of
 * letters, digits and . _ % + - = ' ! # $ & * ? ^ { } ~ (RFC 5322's
 * dot-atom without | / `, which a shell or a mailer's pipe could read),
 * not starting with - or ., no two dots in a row; the domain of labels
 * of letters, digits and -, each 1 to 63 long and not starting or ending
 * with -, joined by single dots.  The address becomes the owner of a unit
 * and a To: for sendmail -t, so nothing else passes (docs/WEB.md). */
static int address_ok(const char *s, size_t len)
{
	const char *at, *p;
	size_t label = 0;

	if (!header_safe(s, len, 254) || !(at = memchr(s, '@', len)) ||
	    at == s || at - s > 64 || at + 1 == s + len || *s == '-' ||
	    *s == '.' || at[-1] == '.')
		return 0;
	for (p = s; p < at; p++)
		if (!(ascii_alnum(*p) || strchr("._%+-='!#$&*?^{}~", *p)) ||
		    (*p == '.' && p[1] == '.'))
			return 0;
	for (p = at + 1; p < s + len; p++) {
		if (*p == '.') {
			if (label == 0 || p[-1] == '-')
				return 0;
			label = 0;
		} else if (ascii_alnum(*p) || (*p == '-' && label > 0)) {
			if (++label > 63)
				return 0;
		} else {
			return 0;
		}
	}
	return label > 0 && p[-1] != '-';
}

static int hexval(int c)
{
	if (c >= '0' && c <= '9') return c - '0';
	if (c >= 'A' && c <= 'F') return c - 'A' + 10;
	if (c >= 'a' && c <= 'f') return c - 'a' + 10;
	return -1;
}

/* The body of a raw message (after the blank line ending its headers), or
 * NULL when there is none; *b64 or *qp set by its
 * Content-Transfer-Encoding. */
static const char *reply_headers(const char *raw, const char *end, int *b64,
                                 int *qp)
{
	const char *p = raw;

	while (p < end) { /* headers, to the first empty line */
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t ll = nl ? (size_t)(nl - p) : (size_t)(end - p);
		if (ll && p[ll - 1] == '\r')
			ll--;
		if (ll == 0)
			return nl ? nl + 1 : end;
		if (ll > 26 && strncasecmp(p, "Content-Transfer-Encoding:", 26) == 0) {
			const char *v = p + 26;
			while (*v == ' ' || *v == '\t')
				v++;
			*b64 = strncasecmp(v, "base64", 6) == 0;
			*qp = strncasecmp(v, "quoted-printable", 16) == 0;
		}
		p = nl ? nl + 1 : end;
	}
	return NULL;
}

/* The base64 text p[0..end) decoded into out (other characters skipped),
 * its CRs dropped. */
static void base64_decode(ut_buf *out, const char *p, const char *end)
{
	unsigned acc = 0;
	int bits = 0;
	size_t i, k = 0;

	for (; p < end; p++) {
		int v = ut_base64_value((unsigned char)*p, UT_BASE64);
		if (v < 0)
			continue;
		acc = acc << 6 | (unsigned)v;
		if ((bits += 6) >= 8) {
			char c = (char)(acc >> (bits - 8) & 0xff);
			bits -= 8;
			ut_buf_put(out, &c, 1);
		}
	}
	/* base64 text keeps its CRs: drop them */
	if (!out->ptr)
		return;
	for (i = 0; i < out->len; i++)
		if (out->ptr[i] != '\r')
			out->ptr[k++] = out->ptr[i];
	out->len = k;
	out->ptr[k] = '\0';
}

/* The text p[0..end) into out without its CRs, quoted-printable decoded
 * when qp (soft line breaks joined, =XX a byte). */
static void text_decode(ut_buf *out, const char *p, const char *end, int qp)
{
	for (; p < end; p++) {
		if (qp && *p == '=' && p + 1 < end &&
		    (p[1] == '\n' || (p[1] == '\r' && p + 2 < end && p[2] == '\n'))) {
			p += p[1] == '\r' ? 2 : 1; /* soft line break */
		} else if (qp && *p == '=' && p + 2 < end && hexval(p[1]) >= 0 &&
		           hexval(p[2]) >= 0) {
			char c = (char)(hexval(p[1]) << 4 | hexval(p[2]));
			ut_buf_put(out, &c, 1);
			p += 2;
		} else if (*p != '\r') {
			ut_buf_put(out, p, 1);
		}
	}
}

/*
 * The text of a raw single-part reply: its body after the blank line,
 * decoded from its Content-Transfer-Encoding (base64, quoted-printable,
 * or as it is), CRLF made LF.
 */
static void reply_body(ut_buf *out, const char *raw, size_t len)
{
	const char *end = raw + len, *body;
	int b64 = 0, qp = 0;

	if (!(body = reply_headers(raw, end, &b64, &qp)))
		return;
	if (b64)
		base64_decode(out, body, end);
	else
		text_decode(out, body, end, qp);
}

/* What the form asks of the hill: the directive of the mail. */
enum { ENTRY_ENTER, ENTRY_TEST, ENTRY_WITHDRAW };

/* What a web entry gives: the player's name (may be empty), address and
 * password (may be empty for a test), the sheet (none for a withdrawal),
 * the unit to withdraw, the language of the reply, what to do. */
typedef struct entry_req {
	const char *name, *addr, *pw, *sheet, *unit;
	size_t nname, naddr, npw, nsheet, nunit;
	int lang, action;
} entry_req;

/* "action": "entry" (default), "test" or "withdraw"; -1 after a 400. */
static int action_member(am_web_response *r, json_t *j)
{
	json_t *v = json_object_get(j, "action");
	const char *s;

	if (!v)
		return ENTRY_ENTER;
	s = json_string_value(v);
	if (s && strcmp(s, "entry") == 0)
		return ENTRY_ENTER;
	if (s && strcmp(s, "test") == 0)
		return ENTRY_TEST;
	if (s && strcmp(s, "withdraw") == 0)
		return ENTRY_WITHDRAW;
	fail(r, 400, "bad-request", NULL,
	     "\"action\" must be \"entry\", \"test\" or \"withdraw\"");
	return -1;
}

/* The members of an entry into e: "name" (optional), "address",
 * "password" (optional for a test), "sheet" (not for a withdrawal),
 * "unit" (the name to withdraw: only for one), "lang", "action".  1 when
 * all are strings (and "lang", "action" good); else 0 after a 400. */
static int entry_members(am_web_response *r, json_t *j, entry_req *e)
{
	if ((e->action = action_member(r, j)) < 0)
		return 0;
	if (json_object_get(j, "name") &&
	    !(e->name = string_member(r, j, "name", &e->nname)))
		return 0;
	if ((e->action != ENTRY_TEST || json_object_get(j, "password")) &&
	    !(e->pw = string_member(r, j, "password", &e->npw)))
		return 0;
	if (e->action == ENTRY_WITHDRAW ?
	    !(e->unit = string_member(r, j, "unit", &e->nunit)) :
	    !(e->sheet = string_member(r, j, "sheet", &e->nsheet)))
		return 0;
	if (!(e->addr = string_member(r, j, "address", &e->naddr)) ||
	    (e->lang = lang_member(r, j)) < 0)
		return 0;
	return 1;
}

/* The entry's values, as they go into a mail header or body: a plain
 * address, a password as a mail takes it (password_ok), no control
 * character in the name (at most 200 bytes) nor NUL in the sheet.  1 when
 * good; else the 400 response's return.  What a player types in the form
 * (the address, the password) is refused in the form's language. */
static int entry_values(am_web_response *r, const entry_req *e)
{
	const int ja = e->lang != AM_LANG_EN;
	size_t i;

	if (!address_ok(e->addr, e->naddr))
		return fail(r, 400, "bad-request", NULL, "%s", ja ?
		            "メールアドレスは player@example.org のように書いてください" :
		            "\"address\" must be a mail address like "
		            "player@example.org");
	/* a test needs no password (an empty one is none) */
	if ((e->npw > 0 || e->action != ENTRY_TEST) &&
	    !password_ok(e->pw, e->npw))
		return fail(r, 400, "bad-request", NULL, "%s", ja ?
		            "パスワードは1〜200文字で、空白だけや制御文字は使えません" :
		            "\"password\" must be 1 to 200 characters, not only "
		            "blanks, without control characters");
	/* each refusal says what is wrong, in the page's language (web
	 * review 2026-12-06: a player's name of 70 Japanese characters was
	 * refused as "control characters in \"name\" or \"sheet\"") */
	for (i = 0; i < e->nname; i++)
		if ((unsigned char)e->name[i] < 0x20 || e->name[i] == 0x7f)
			break;
	if (i < e->nname)
		return fail(r, 400, "bad-request", NULL, "%s", ja ?
		            "プレイヤー名に制御文字（改行など）は使えません" :
		            "the player's name may not hold control characters "
		            "(a line break, …)");
	if (e->nname > 200)
		return fail(r, 400, "bad-request", NULL, "%s", ja ?
		            "プレイヤー名が長すぎます（UTF-8で200バイト、日本語で"
		            "およそ66文字まで）" :
		            "the player's name is too long (at most 200 bytes of "
		            "UTF-8, about 66 Japanese characters)");
	if (e->sheet && memchr(e->sheet, '\0', e->nsheet))
		return fail(r, 400, "bad-request", NULL, "%s", ja ?
		            "シートにNUL文字があります" :
		            "the sheet holds a NUL character");
	/* the unit's name goes on the #withdraw line: one line, no control */
	for (i = 0; i < e->nunit; i++)
		if ((unsigned char)e->unit[i] < 0x20 || e->unit[i] == 0x7f)
			break;
	if (e->unit && (e->nunit == 0 || e->nunit > AM_HILL_NAME_MAX ||
	                i < e->nunit))
		return fail(r, 400, "bad-request", NULL, ja ?
		            "ユニット名は1〜%dバイトで、制御文字は使えません" :
		            "\"unit\" must be the name of a unit: 1 to %d bytes, "
		            "no control characters", AM_HILL_NAME_MAX);
	return 1;
}

/* The mail a player would send for e, into msg: From: NAME <ADDRESS>, a
 * fresh Message-ID, body "#lang L", "#password P" (unless a test gives
 * none) and "#test" or "#withdraw UNIT", the sheet (unless a withdrawal)
 * attached as sheet.txt.  0, or AM_ENOMEM. */
static int entry_mail(am_web *web, ut_buf *msg, const entry_req *e)
{
	unsigned long seq;
	struct timespec now;
	size_t i;

	pthread_mutex_lock(&web->lock);
	seq = ++web->seq;
	pthread_mutex_unlock(&web->lock);
	clock_gettime(CLOCK_REALTIME, &now);
	ut_buf_puts(msg, "From: ");
	if (e->nname) { /* RFC 2047: any name, encoded */
		ut_buf_puts(msg, "=?UTF-8?B?");
		ut_base64_put(msg, e->name, e->nname, UT_BASE64);
		ut_buf_puts(msg, "?= ");
	}
	ut_buf_printf(msg, "<%.*s>\r\n", (int)e->naddr, e->addr);
	/* the directives in the body, the sheet as a .txt attachment: its
	 * errors then carry its own line numbers and file name, and its lines
	 * are never read as directives, quotes or a signature (docs/HILL.md) */
	ut_buf_printf(msg, "Subject: web entry\r\n"
	              "Message-ID: <web.%lld.%09ld.%lu@amaryllis.web>\r\n"
	              "MIME-Version: 1.0\r\n"
	              "Content-Type: multipart/mixed; boundary=\"am-web-%lu\"\r\n"
	              "\r\n--am-web-%lu\r\n"
	              "Content-Type: text/plain; charset=UTF-8\r\n"
	              "Content-Transfer-Encoding: 8bit\r\n\r\n"
	              "#lang %s\r\n",
	              (long long)now.tv_sec, (long)now.tv_nsec, seq, seq, seq,
	              e->lang == AM_LANG_EN ? "en" : "ja");
	if (e->npw)
		ut_buf_printf(msg, "#password %.*s\r\n", (int)e->npw, e->pw);
	if (e->action == ENTRY_TEST)
		ut_buf_puts(msg, "#test\r\n");
	if (e->action == ENTRY_WITHDRAW)
		ut_buf_printf(msg, "#withdraw %.*s\r\n", (int)e->nunit, e->unit);
	if (e->sheet) {
		ut_buf_printf(msg, "\r\n--am-web-%lu\r\n"
		              "Content-Type: text/plain; charset=UTF-8; name=\"sheet.txt\"\r\n"
		              "Content-Disposition: attachment; filename=\"sheet.txt\"\r\n"
		              "Content-Transfer-Encoding: base64\r\n\r\n", seq);
		for (i = 0; i < e->nsheet; i += 57) {
			ut_base64_put(msg, e->sheet + i,
			              e->nsheet - i < 57 ? e->nsheet - i : 57,
			              UT_BASE64);
			ut_buf_puts(msg, "\r\n");
		}
	} else {
		ut_buf_puts(msg, "\r\n");
	}
	ut_buf_printf(msg, "--am-web-%lu--\r\n", seq);
	if (msg->failed)
		return ut_error_set(AM_ENOMEM, "out of memory");
	return 0;
}

/* The hill's answer as the response: {"result", "reply"} with the reply's
 * text; 422 when rejected, else 200.  (Never "limited": the hill's replies
 * per hour do not apply to a web form's message, am_hill_limits web.) */
static int entry_response(am_web_response *r, const char *result,
                          const char *reply, size_t rlen, int stayed)
{
	ut_buf text = UT_BUF_INIT;
	json_t *doc;
	int rc;

	if (reply)
		reply_body(&text, reply, rlen);
	doc = json_object();
	if (!doc || text.failed ||
	    ut_json_put(doc, "result", json_string(result ? result : "")) ||
	    ut_json_put(doc, "reply", ut_json_text(text.ptr ? text.ptr : "", text.len,
	                                "(the reply is not valid UTF-8)")) ||
	    /* an entry (or test) that was the last and did not stay */
	    (stayed >= 0 && ut_json_put(doc, "stayed", json_boolean(stayed)))) {
		json_decref(doc);
		ut_buf_free(&text);
		return ut_error_set(AM_ENOMEM, "out of memory");
	}
	r->detail = result;
	rc = respond_json(r, result && strcmp(result, "rejected") == 0 ? 422 :
	                  200, doc);
	ut_buf_free(&text);
	return rc;
}

/* The mail msg through am_hill_process, the one path of mailed entries
 * (a reply shown is a reply sent), and its answer as the response. */
static int entry_process(am_web *web, am_web_response *r, const ut_buf *msg)
{
	am_hill_limits lim = AM_HILL_LIMITS_INIT;
	const char *result = NULL;
	char *reply = NULL;
	size_t rlen = 0;
	int rc = 0, stayed;
	am_hill *h;

	lim.max_units = web->cfg.max_units;
	lim.max_work = web->cfg.max_work;
	lim.busy_ms = web->cfg.hill_wait_ms; /* then 503: the page stays alive */
	/* the reply goes back to whoever sent the request: the address
	 * proves nothing (no mail quota, no notices; the server's --rate
	 * limits the requests) */
	lim.web = 1;
	if (!(h = hill_take(web, &rc)))
		return hill_failed(r, rc);
	rc = am_hill_process(&reply, &rlen, &result, h, msg->ptr, msg->len, &lim);
	if (rc == 0 && reply)
		am_hill_mark_sent(h); /* shown now: delivered */
	stayed = am_hill_last_stayed(h);
	hill_give(web, h, rc);
	rc = rc < 0 ? hill_failed(r, rc) :
	     entry_response(r, result, reply, rlen, stayed);
	free(reply);
	return rc;
}

/*
 * POST /api/hill/entry {"name", "address", "password", "sheet", "lang",
 * "action", "unit"}: the mail a player would send (entry_mail) through
 * am_hill_process, the one path of mailed entries; the reply's body is
 * shown.  200 {"result", "reply", "stayed"}; 422 the same when the result
 * is "rejected".
 */
static int api_hill_entry(am_web *web, am_web_response *r,
                          const char *client, const char *body, size_t len)
{
	json_t *j = request(r, body, len);
	entry_req e = {"", NULL, "", NULL, NULL, 0, 0, 0, 0, 0, 0, 0};
	ut_buf msg = UT_BUF_INIT;
	int rc = 0;

	if (!j)
		return 0;
	if (entry_members(r, j, &e) && (rc = entry_values(r, &e)) == 1 &&
	    (rc = entry_mail(web, &msg, &e)) == 0) {
		/* its battles against every member are charged to the
		 * client's rate as /api/battle's are (bomb review 1: a
		 * stranger's test of a costly sheet held a server 28 s and
		 * the next request came at once) */
		double t0 = ut_httpd_now();
		rc = entry_process(web, r, &msg);
		battle_charge(web, client, ut_httpd_now() - t0);
	}
	ut_buf_free(&msg);
	json_decref(j);
	return rc;
}

/* Percent-decode s[0..n) into out (n + 1 bytes; '+' is a space) and
 * NUL-terminate it; its length in *k.  -1 for a '%' without two hex
 * digits after it. */
static int pct_decode(const char *s, size_t n, char *out, size_t *k)
{
	size_t i;

	*k = 0;
	for (i = 0; i < n; i++) {
		if (s[i] == '%') {
			if (n - i < 3 || hexval(s[i + 1]) < 0 || hexval(s[i + 2]) < 0)
				return -1;
			out[(*k)++] = (char)(hexval(s[i + 1]) << 4 | hexval(s[i + 2]));
			i += 2;
		} else {
			out[(*k)++] = s[i] == '+' ? ' ' : s[i];
		}
	}
	out[*k] = '\0';
	return 0;
}

_Static_assert(AM_HILL_NAME_MAX == 1000, "query_name's message says 1000");

/* 1 when the decoded value v[0..vlen) of the query's `name` is 1 to
 * AM_HILL_NAME_MAX bytes without control characters. */
static int name_value_ok(const char *v, size_t vlen)
{
	size_t j;

	for (j = 0; j < vlen; j++)
		if ((unsigned char)v[j] < 0x20 || v[j] == 0x7f)
			break;
	return !(vlen == 0 || vlen > AM_HILL_NAME_MAX || j < vlen);
}

/*
 * The query's `name` argument (application/x-www-form-urlencoded, as
 * URLSearchParams and encodeURIComponent write it), decoded strictly.
 * Every argument is decoded, so that a malformed one anywhere is a 400;
 * others than `name` are ignored.  400: a '%' without two hex digits,
 * `name` missing or twice, or not 1 to AM_HILL_NAME_MAX bytes without control
 * characters (%00 included).  Returns the name (owned) or NULL: after a
 * 400 response, or out of memory (r->status still 0).
 */
static char *query_name(am_web_response *r, const char *query)
{
	const char *p = query ? query : "";
	char *name = NULL, *buf = malloc(strlen(p) + 1);
	const char *why = NULL;
	size_t i = 0, k = 0;

	if (!buf) {
		ut_error_set(AM_ENOMEM, "out of memory");
		return NULL;
	}
	while (*p && !why) {
		size_t n = strcspn(p, "&");
		const char *eq = memchr(p, '=', n);
		size_t klen = eq ? (size_t)(eq - p) : n;
		if (pct_decode(p, klen, buf, &k) < 0 ||
		    (eq && pct_decode(eq + 1, n - klen - 1, buf + klen + 1, &i) < 0)) {
			why = "malformed percent-encoding in the query (a %% must be "
			      "followed by two hex digits)";
			break;
		}
		if (k == 4 && memcmp(buf, "name", 4) == 0) {
			const char *v = eq ? buf + klen + 1 : "";
			size_t vlen = eq ? i : 0;
			if (name)
				why = "\"name\" is given twice in the query";
			else if (!name_value_ok(v, vlen))
				why = "\"name\" must be 1 to 1000 bytes without control "
				      "characters"; /* AM_HILL_NAME_MAX */
			else if (!(name = strdup(v))) {
				free(buf);
				ut_error_set(AM_ENOMEM, "out of memory");
				return NULL;
			}
		}
		p += n;
		if (*p == '&')
			p++;
	}
	free(buf);
	if (!why && !name)
		why = "give the member's name: /api/hill/sheet?name=NAME";
	if (why) {
		free(name);
		fail(r, 400, "bad-request", NULL, why);
		return NULL;
	}
	return name;
}

/*
 * GET /api/hill/sheet?name=NAME -> {"name", "sheet"}: the member's sheet as
 * it was entered (am_hill_member_sheet), for the battle page's picker.
 * 404 when no member has that name (or no hill); 400 for a bad query
 * (checked first, with or without a hill).
 */
static int api_hill_sheet(am_web *web, am_web_response *r, const char *query)
{
	char *name = query_name(r, query), *text = NULL;
	size_t len = 0;
	json_t *doc, *jn, *js;
	int rc = 0;
	am_hill *h;

	if (!name)
		return r->status ? 0 : AM_ENOMEM;
	if (!web->have_hill) {
		free(name);
		return fail(r, 404, "no-hill", NULL,
		            "this server has no hill (serve --hill HILL.db)");
	}
	jn = json_string(name);
	if (!jn) {
		int bad_name = !ut_utf8_valid(name, strlen(name));
		free(name);
		return bad_name ? fail(r, 400, "bad-request", NULL,
		                       "\"name\" must be valid UTF-8")
		                : ut_error_set(AM_ENOMEM, "out of memory");
	}
	if ((h = hill_take(web, &rc)) != NULL) {
		rc = am_hill_member_sheet(&text, &len, h, name);
		hill_give(web, h, rc);
	}
	if (rc == AM_HILL_ENOTFOUND)
		rc = fail(r, 404, "no-member", NULL, "%s", am_error_last());
	else if (rc < 0)
		rc = hill_failed(r, rc);
	else if (rc == 0) {
		js = json_stringn(text, len);
		doc = json_object();
		if (!js && !ut_utf8_valid(text, len)) {
			json_decref(doc);
			rc = fail(r, 500, "hill", NULL, "the stored sheet is not "
			          "valid UTF-8");
		} else if (!doc || json_object_set(doc, "name", jn) != 0) {
			json_decref(js);
			json_decref(doc);
			rc = ut_error_set(AM_ENOMEM, "out of memory");
		} else if (ut_json_put(doc, "sheet", js)) { /* takes js either way */
			json_decref(doc);
			rc = ut_error_set(AM_ENOMEM, "out of memory");
		} else {
			rc = respond_json(r, 200, doc);
		}
	}
	json_decref(jn);
	free(text);
	free(name);
	return rc;
}

/* ---- routing ------------------------------------------------------------- */

/* A path as shown in a message: at most 100 bytes, printable ASCII ('?'
 * for the rest), so that an echo is valid UTF-8 and harmless. */
static const char *shown(char *out, size_t size, const char *path)
{
	size_t i;

	for (i = 0; path[i] && i + 1 < size && i < 100; i++)
		out[i] = (unsigned char)path[i] < 0x20 ||
		         (unsigned char)path[i] > 0x7e ? '?' : path[i];
	out[i] = '\0';
	return out;
}

int am_web_handle(am_web_response *r, am_web *web, const char *method,
                  const char *path, const char *body, size_t len)
{
	return am_web_handle_query(r, web, method, path, NULL, body, len);
}

/* What answers an API path. */
enum { API_CHECK, API_BATTLE, API_HILL, API_HILL_SHEET, API_HILL_ENTRY };

/* The API: each path after /api/, its method, what answers it and how. */
static const struct api_route {
	const char *path;
	int post;    /* POST, else GET (or HEAD) */
	int kind;    /* API_* */
	int format;  /* AM_HILL_* of API_HILL; 1 for the battle's chart */
	am_lang lang;
} api_routes[] = {
	{"check", 1, API_CHECK, 0, AM_LANG_JA},
	{"battle", 1, API_BATTLE, 0, AM_LANG_JA},
	{"battle.svg", 1, API_BATTLE, 1, AM_LANG_JA},
	{"hill/entry", 1, API_HILL_ENTRY, 0, AM_LANG_JA},
	{"hill", 0, API_HILL, AM_HILL_JSON, AM_LANG_JA},
	{"hill/sheet", 0, API_HILL_SHEET, 0, AM_LANG_JA},
	{"hill.html", 0, API_HILL, AM_HILL_HTML, AM_LANG_JA},
	{"hill.en.html", 0, API_HILL, AM_HILL_HTML, AM_LANG_EN},
	{"hill.svg", 0, API_HILL, AM_HILL_SVG, AM_LANG_JA},
	{"hill.en.svg", 0, API_HILL, AM_HILL_SVG, AM_LANG_EN},
};

/* The route's answer to the request (its method already checked). */
static int api_call(am_web *web, am_web_response *r, const char *client,
                    const struct api_route *rt, const char *query,
                    const char *body, size_t len)
{
	switch (rt->kind) {
	case API_CHECK:
		return api_check(r, body, len);
	case API_BATTLE:
		return api_battle(web, r, client, body, len, rt->format);
	case API_HILL:
		return api_hill(web, r, rt->format, rt->lang);
	case API_HILL_SHEET:
		return api_hill_sheet(web, r, query);
	default:
		return api_hill_entry(web, r, client, body, len);
	}
}

/* A request to /api/…: 404 for no such API (or no hill), 405 for the
 * wrong method, else the route's answer; its failure a 500 (out of
 * memory: no response). */
static int api_request(am_web *web, am_web_response *r, const char *client,
                       int get, int post,
                       const char *path, const char *query, const char *body,
                       size_t len)
{
	const char *p = path + 5;
	const struct api_route *rt = NULL;
	char sp[104];
	size_t i;
	int rc;

	for (i = 0; i < sizeof(api_routes) / sizeof(api_routes[0]); i++)
		if (strcmp(p, api_routes[i].path) == 0)
			rt = &api_routes[i];
	if (!rt)
		return fail(r, 404, "not-found", NULL, "no such API: %s",
		            shown(sp, sizeof(sp), path));
	if (rt->post ? !post : !get) {
		r->allow = rt->post ? "POST" : "GET, HEAD";
		return fail(r, 405, "method", NULL, "use %s for %s",
		            rt->post ? "POST" : "GET", path);
	}
	/* (hill/sheet reads its query first, and then says so itself:
	 * fuzz_web, which has no hill, reaches the query's parser) */
	if (strncmp(p, "hill", 4) == 0 && rt->kind != API_HILL_SHEET &&
	    !web->have_hill)
		return fail(r, 404, "no-hill", NULL,
		            "this server has no hill (serve --hill HILL.db)");
	rc = api_call(web, r, client, rt, query, body, len);
	/* a route returns 0 with an answer, or an error: 0 without one is a
	 * refusal that ran out of memory (in fail() or request(), after
	 * which the route returns 0 as if it had been made) */
	if (rc == 0 && r->status == 0)
		rc = ut_error_set(AM_ENOMEM, "out of memory");
	if (rc < 0) {
		am_web_response_free(r);
		if (rc != AM_ENOMEM)
			return fail(r, 500, "internal", NULL, "%s", am_error_last());
	}
	return rc;
}

/* The page: only the compiled-in files, matched exactly; 404 for any
 * other path, 405 for a method other than GET (or HEAD), naming the path
 * as asked (`asked`: "/" for "/index.html"). */
static int page_request(am_web_response *r, int get, const char *path,
                        const char *asked)
{
	char sp[104];
	size_t i;

	for (i = 0; i < am_web_nassets; i++)
		if (strcmp(path, am_web_assets[i].path) == 0) {
			if (!get) {
				r->allow = "GET, HEAD";
				return fail(r, 405, "method", NULL, "use GET for %s",
				            shown(sp, sizeof(sp), asked));
			}
			r->body = malloc(am_web_assets[i].len + 1);
			if (!r->body)
				return ut_error_set(AM_ENOMEM, "out of memory");
			memcpy(r->body, am_web_assets[i].data, am_web_assets[i].len);
			r->len = am_web_assets[i].len;
			r->status = 200;
			r->type = am_web_assets[i].type;
			return 0;
		}
	return fail(r, 404, "not-found", NULL, "not found: %s",
	            shown(sp, sizeof(sp), path));
}

int am_web_handle_query(am_web_response *r, am_web *web, const char *method,
                        const char *path, const char *query, const char *body,
                        size_t len)
{
	return am_web_handle_client(r, web, NULL, method, path, query, body,
	                            len);
}

int am_web_handle_client(am_web_response *r, am_web *web, const char *client,
                         const char *method, const char *path,
                         const char *query, const char *body, size_t len)
{
	int get = strcmp(method, "GET") == 0 || strcmp(method, "HEAD") == 0;
	int post = strcmp(method, "POST") == 0;
	const char *asked = path;

	memset(r, 0, sizeof(*r));
	/* the page, and the page at each tab's address (app.js opens the tab
	 * named by the path or the #fragment) */
	if (strcmp(path, "/") == 0 || strcmp(path, "/editor") == 0 ||
	    strcmp(path, "/battle") == 0 || strcmp(path, "/hill") == 0)
		path = "/index.html";
	if (strncmp(path, "/api/", 5) == 0)
		return api_request(web, r, client, get, post, path, query, body,
		                   len);
	return page_request(r, get, path, asked);
}
