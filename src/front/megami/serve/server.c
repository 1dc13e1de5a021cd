/*
 * server.c - mg_serve on the network: the server of util_httpd
 * (util/httpd.h: a thread pool, the limits of mg_serve_config, the Host
 * header, one log line per request; shared with amaryllis's web server)
 * with this front end's hooks: a POST with a body that is not a form 415
 * (guard.c); the CORS headers on every response; refusals in
 * BCDice-API's shape; the answer of mg_serve_handle (the command is read
 * from the raw query as a form is, api.c).
 */
#include <stdio.h>
#include <string.h>

#include "serve_int.h"

/* The longest query (414 past it): 10 KiB, as Puma, BCDice-API's server,
 * allows a QUERY_STRING.  discord-bcdicebot sends an original table as
 * POST /v2/original_table?table=… with an empty form: a D66 table of 36
 * rows of 20 characters is some 6.5 KB of query. */
#define SERVE_MAX_QUERY 10240
/* Bytes of answers being sent at once (amaryllis serve's default). */
#define SERVE_MAX_INFLIGHT ((size_t)64 << 20)

static void headers(void *ud, ut_httpd_reply *rp, const char *method,
                    int status)
{
	(void)ud;
	(void)status;
	/* CORS: any page may call the API and read its answers (it changes
	 * nothing and holds no secrets), as BCDice-API allows */
	ut_httpd_reply_header(rp, "Access-Control-Allow-Origin", "*");
	if (strcmp(method, "OPTIONS") == 0) {
		ut_httpd_reply_header(rp, "Access-Control-Allow-Methods",
		                      "GET, POST, OPTIONS");
		ut_httpd_reply_header(rp, "Access-Control-Allow-Headers",
		                      "Content-Type");
		ut_httpd_reply_header(rp, "Access-Control-Max-Age", "86400");
	}
}

/* A refusal before mg_serve_handle, in BCDice-API's shape:
 * {"ok":false,"reason":MSG} with 400, 413, 415, 421, 429 or 500. */
static int error_body(char *buf, size_t size, int status, const char *msg)
{
	(void)status;
	return snprintf(buf, size, "{\"ok\":false,\"reason\":\"%s\"}", msg);
}

static int handle(ut_httpd_response *out, void *ud, const char *client,
                  const char *method, const char *url, const char *query,
                  const char *body, size_t len)
{
	mg_serve_response r;

	(void)client; /* a roll holds nothing: the rate table is enough */
	if (mg_serve_handle(&r, ud, method, url, query, body, len) < 0)
		return -1;
	out->status = r.status;
	out->type = r.type;
	out->body = r.body;
	out->len = r.len;
	out->detail = r.detail;
	out->allow = r.allow;
	return 0;
}

int mg_serve_start(unsigned *port_out, mg_serve *w, const char *listen)
{
	ut_httpd_config cfg = UT_HTTPD_CONFIG_INIT;

	cfg.max_body = w->cfg.max_body;
	cfg.max_query = SERVE_MAX_QUERY;
	cfg.multipart_forms = 1; /* a browser's FormData, as Rack reads it */
	cfg.max_conns = w->cfg.max_conns;
	cfg.client_conns = w->cfg.client_conns;
	cfg.threads = w->cfg.threads;
	cfg.timeout_s = w->cfg.timeout_s;
	cfg.request_timeout_s = w->cfg.request_timeout_s;
	cfg.rate = w->cfg.rate;
	cfg.rate_table = &w->rate;
	cfg.rate_lock = &w->lock;
	cfg.hosts = (const char *const *)w->hosts;
	cfg.nhosts = w->cfg.npublic_hosts;
	cfg.msg_host = "this server does not answer for that host "
	               "(serve --public-host NAME)";
	cfg.msg_rate = "too many requests";
	cfg.msg_too_large = "request body too large";
	/* as amaryllis serve's default: answers of a few hundred KB (x100
	 * 100D6) to many clients at once are refused (429) past it */
	cfg.max_inflight = SERVE_MAX_INFLIGHT;
	cfg.msg_busy = "busy: too many large answers are being sent; try again "
	               "later";
	cfg.log = w->cfg.log;
	cfg.log_ud = w->cfg.log_ud;
	cfg.ud = w;
	cfg.handle = handle;
	cfg.check = mg_serve_check;
	cfg.headers = headers;
	cfg.error_body = error_body;
	return ut_httpd_start(&w->srv, port_out, &cfg, listen);
}

void mg_serve_stop(mg_serve *w)
{
	if (w && w->srv) {
		ut_httpd_stop(w->srv);
		w->srv = NULL;
	}
}
