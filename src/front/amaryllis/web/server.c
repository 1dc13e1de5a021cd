/*
 * server.c - am_web on the network: the server of util_httpd
 * (util/httpd.h: a thread pool, the limits of am_web_config, the Host
 * header, one log line per request) with this front end's hooks: for a
 * POST, Origin 403 and Content-Type 415 (guard.c); the page's
 * Content-Security-Policy and the hill's Retry-After on every response;
 * refusals as {"error", "status"}; the answer of am_web_handle_query.
 */
#include <stdio.h>
#include <string.h>

#include "web_int.h"

/* The POST checks after Host (docs/WEB.md, "Security"): a POST comes from
 * this server's page (403: an Origin or a Sec-Fetch-Site of another site)
 * and is JSON (415). */
static int check(void *ud, ut_httpd_req *rq, const char *method,
                 const char *host, const char **detail, const char **msg)
{
	(void)ud;
	if (strcmp(method, "POST") != 0)
		return 0;
	*detail = "origin";
	if (!am_web_origin_ok(ut_httpd_header(rq, "Origin"), host) ||
	    !am_web_fetch_site_ok(ut_httpd_header(rq, "Sec-Fetch-Site"))) {
		*msg = "cross-origin request refused: a POST must come from this "
		       "server's own page";
		return 403;
	}
	*detail = "type";
	if (!am_web_json_type(ut_httpd_header(rq, "Content-Type"))) {
		*msg = "a POST must have Content-Type: application/json";
		return 415;
	}
	return 0;
}

static void headers(void *ud, ut_httpd_reply *rp, const char *method,
                    int status)
{
	am_web *w = ud;
	char after[16];
	(void)method;

	/* no framing by other sites (clickjacking), no <base> or form to
	 * elsewhere, no Referer (a shared battle's address) to other sites */
	ut_httpd_reply_header(rp, "Content-Security-Policy", w->csp);
	ut_httpd_reply_header(rp, "X-Frame-Options", "DENY");
	ut_httpd_reply_header(rp, "Referrer-Policy", "no-referrer");
	if (status == 503) { /* the hill's lock: a wait's worth, at least 1 s */
		snprintf(after, sizeof(after), "%u",
		         w->cfg.hill_wait_ms / 1000 + (w->cfg.hill_wait_ms % 1000 != 0) +
		         (w->cfg.hill_wait_ms == 0));
		ut_httpd_reply_header(rp, "Retry-After", after);
	}
}

/* A fixed error document (no am_web_handle): 400, 403, 413, 415, 421,
 * 429, 500. */
static int error_body(char *buf, size_t size, int status, const char *msg)
{
	return snprintf(buf, size, "{\n \"error\": \"%s\",\n \"status\": %d\n}",
	                msg, status);
}

static int handle(ut_httpd_response *out, void *ud, const char *client,
                  const char *method, const char *url, const char *query,
                  const char *body, size_t len)
{
	am_web_response r;

	if (am_web_handle_client(&r, ud, client, method, url, query, body,
	                         len) < 0)
		return -1;
	out->status = r.status;
	out->type = r.type;
	out->body = r.body;
	out->len = r.len;
	out->detail = r.detail;
	out->allow = r.allow;
	return 0;
}

/* The API's POSTs (battles, checks, hill entries) are answered on
 * workers, at most max_battles at once; the page's files and the hill's
 * reads (WAL: they never wait) by the threads that read and write the
 * connections, which a battle never holds (HTTP review D1). */
static int slow(void *ud, const char *method, const char *url)
{
	(void)ud;
	return strcmp(method, "POST") == 0 && strncmp(url, "/api/", 5) == 0;
}

int am_web_start(unsigned *port_out, am_web *w, const char *listen)
{
	ut_httpd_config cfg = UT_HTTPD_CONFIG_INIT;
	char style[AM_HILL_STYLE_CSP_SIZE];

	/* nothing inline but the one <style> of /api/hill.html, by its hash
	 * (the page's own are app.js and app.css; the charts' SVG draws with
	 * presentation attributes, which style-src does not govern) */
	am_hill_html_style_csp(style);
	snprintf(w->csp, sizeof(w->csp),
	         "default-src 'self'; img-src 'self' data:; style-src 'self' "
	         "%s; script-src 'self'; frame-ancestors 'none'; "
	         "base-uri 'none'; form-action 'self'", style);

	cfg.max_body = w->cfg.max_body;
	cfg.max_conns = w->cfg.max_conns;
	cfg.client_conns = w->cfg.client_conns;
	cfg.threads = w->cfg.threads;
	cfg.timeout_s = w->cfg.timeout_s;
	cfg.request_timeout_s = w->cfg.request_timeout_s;
	cfg.rate = w->cfg.rate;
	cfg.rate_table = &w->rate;
	cfg.rate_lock = &w->lock;
	cfg.hosts = w->cfg.public_hosts;
	cfg.nhosts = w->cfg.npublic_hosts;
	cfg.msg_host = "this server does not answer for that host "
	               "(serve --public-host NAME)";
	cfg.msg_rate = "busy: too many requests from this address; try again "
	               "later";
	cfg.msg_too_large = "the request body is over the limit (serve "
	                    "--max-body)";
	cfg.max_inflight = w->cfg.max_inflight;
	cfg.msg_busy = "busy: too many large answers are being sent; try again "
	               "later (serve --max-inflight)";
	cfg.log = w->cfg.log;
	cfg.log_ud = w->cfg.log_ud;
	cfg.ud = w;
	cfg.handle = handle;
	cfg.check = check;
	cfg.headers = headers;
	cfg.error_body = error_body;
	cfg.workers = w->cfg.max_battles;
	cfg.slow = slow;
	return ut_httpd_start(&w->srv, port_out, &cfg, listen);
}

void am_web_stop(am_web *w)
{
	if (w && w->srv) {
		ut_httpd_stop(w->srv);
		w->srv = NULL;
	}
}
