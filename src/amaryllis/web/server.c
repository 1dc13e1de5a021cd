/*
 * server.c - am_web on the network with GNU libmicrohttpd: a thread pool,
 * the limits of am_web_config (body size, connections, slow clients,
 * per-client rate), one log line per request.
 *
 * A request's life: the first call of the access handler makes its state
 * (and refuses early: rate 429, a declared Content-Length past the limit
 * 413); the next calls gather the body, up to max_body (413 past it); the
 * last answers with am_web_handle.  The completion callback logs it.
 */
#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>

#include <microhttpd.h>

#include "web_int.h"

#include "util/error.h"

#if MHD_VERSION < 0x00097002
typedef int MHD_Result_t;
#else
typedef enum MHD_Result MHD_Result_t;
#endif

typedef struct req {
	char *body;
	size_t len;
	int too_large;    /* the body passed max_body: 413 at the end */
	int status;       /* what was answered, for the log */
	size_t sent;
	const char *detail;
	double start;
	char addr[48];
	char method[8];   /* for the log, control characters made '?' */
	char path[160];
} req;

/* A copy of s for a log line: at most size - 1 bytes, no controls or
 * spaces (a hostile URL cannot forge log lines). */
static void log_copy(char *out, size_t size, const char *s)
{
	size_t i;

	for (i = 0; s && s[i] && i + 1 < size; i++)
		out[i] = (unsigned char)s[i] <= 0x20 || s[i] == 0x7f ? '?' : s[i];
	out[i] = '\0';
}

static void client_addr(struct MHD_Connection *c, char *out, size_t size)
{
	const union MHD_ConnectionInfo *ci =
		MHD_get_connection_info(c, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
	const struct sockaddr *sa = ci ? ci->client_addr : NULL;

	snprintf(out, size, "?");
	if (sa && sa->sa_family == AF_INET)
		inet_ntop(AF_INET, &((const struct sockaddr_in *)sa)->sin_addr, out,
		          (socklen_t)size);
	else if (sa && sa->sa_family == AF_INET6)
		inet_ntop(AF_INET6, &((const struct sockaddr_in6 *)sa)->sin6_addr,
		          out, (socklen_t)size);
}

/*
 * Token bucket per client address: `rate` tokens a minute, as many at most
 * (a burst of a minute's worth); slots are found by hashing the address and
 * a colliding newcomer takes the slot over (a full table forgets, never
 * grows).  Returns 1 when the request may go on.
 */
static int rate_ok(am_web *w, const char *addr)
{
	unsigned h = 2166136261u;
	const char *p;
	web_bucket *b;
	double now = am_web_now(), cap = w->cfg.rate;
	int ok;

	if (w->cfg.rate == 0)
		return 1;
	for (p = addr; *p; p++)
		h = (h ^ (unsigned char)*p) * 16777619u;
	pthread_mutex_lock(&w->lock);
	b = &w->buckets[h % WEB_RATE_SLOTS];
	if (strcmp(b->addr, addr) != 0) {
		snprintf(b->addr, sizeof(b->addr), "%s", addr);
		b->tokens = cap;
		b->stamp = now;
	}
	b->tokens += (now - b->stamp) * cap / 60.0;
	if (b->tokens > cap)
		b->tokens = cap;
	b->stamp = now;
	ok = b->tokens >= 1;
	if (ok)
		b->tokens -= 1;
	pthread_mutex_unlock(&w->lock);
	return ok;
}

static MHD_Result_t send_resp(struct MHD_Connection *c, req *q,
                              am_web_response *r)
{
	struct MHD_Response *resp =
		MHD_create_response_from_buffer(r->len, r->body,
		                                MHD_RESPMEM_MUST_FREE);
	MHD_Result_t ret;

	if (!resp) {
		free(r->body);
		return MHD_NO;
	}
	r->body = NULL;
	MHD_add_response_header(resp, "Content-Type", r->type);
	MHD_add_response_header(resp, "X-Content-Type-Options", "nosniff");
	MHD_add_response_header(resp, "Cache-Control", "no-store");
	MHD_add_response_header(resp, "Content-Security-Policy",
	                        "default-src 'self'; img-src 'self' data:; "
	                        "style-src 'self' 'unsafe-inline'; "
	                        "script-src 'self'");
	if (r->status == 429)
		MHD_add_response_header(resp, "Retry-After", "1");
	q->status = r->status;
	q->sent = r->len;
	q->detail = r->detail;
	ret = MHD_queue_response(c, (unsigned)r->status, resp);
	MHD_destroy_response(resp);
	return ret;
}

/* A fixed error document (no am_web_handle): 413, 429, 500. */
static MHD_Result_t send_error(struct MHD_Connection *c, req *q, int status,
                               const char *detail, const char *msg)
{
	am_web_response r = {status, "application/json; charset=utf-8", NULL, 0,
	                     detail};
	char buf[300];
	int n = snprintf(buf, sizeof(buf), "{\n \"error\": \"%s\",\n \"status\": %d\n}",
	                 msg, status);

	r.body = malloc((size_t)n + 1);
	if (!r.body)
		return MHD_NO;
	memcpy(r.body, buf, (size_t)n + 1);
	r.len = (size_t)n;
	return send_resp(c, q, &r);
}

/*
 * Percent-decoding of the URL (and of query arguments) in place, as
 * libmicrohttpd does it, except that a %00 leaves the whole string
 * undecoded: a decoded NUL would cut the path short ("/index.html%00"
 * would be "/index.html"), the raw one matches nothing and is a 404.
 */
static int hex(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if ((c | 32) >= 'a' && (c | 32) <= 'f')
		return (c | 32) - 'a' + 10;
	return -1;
}

static size_t unescape(void *cls, struct MHD_Connection *c, char *s)
{
	char *r = s, *w = s;
	(void)cls;
	(void)c;

	if (strstr(s, "%00"))
		return strlen(s);
	while (*r) {
		if (r[0] == '%' && hex(r[1]) >= 0 && hex(r[2]) >= 0) {
			*w++ = (char)(hex(r[1]) << 4 | hex(r[2]));
			r += 3;
		} else {
			*w++ = *r++;
		}
	}
	*w = '\0';
	return (size_t)(w - s);
}

static MHD_Result_t handler(void *cls, struct MHD_Connection *c,
                            const char *url, const char *method,
                            const char *version, const char *upload,
                            size_t *upload_size, void **con_cls)
{
	am_web *w = cls;
	req *q = *con_cls;
	am_web_response r;
	(void)version;

	if (!q) { /* the headers are in: refuse early or get ready */
		const char *cl;
		q = calloc(1, sizeof(*q));
		if (!q)
			return MHD_NO;
		q->start = am_web_now();
		client_addr(c, q->addr, sizeof(q->addr));
		log_copy(q->method, sizeof(q->method), method);
		log_copy(q->path, sizeof(q->path), url);
		*con_cls = q;
		if (!rate_ok(w, q->addr))
			return send_error(c, q, 429, "rate", "busy: too many requests "
			                  "from this address; try again later");
		cl = MHD_lookup_connection_value(c, MHD_HEADER_KIND,
		                                 MHD_HTTP_HEADER_CONTENT_LENGTH);
		if (cl && strtoull(cl, NULL, 10) > w->cfg.max_body)
			return send_error(c, q, 413, "too-large", "the request body is "
			                  "over the limit (serve --max-body)");
		return MHD_YES;
	}
	if (q->status) { /* answered early: swallow the rest of the body */
		*upload_size = 0;
		return MHD_YES;
	}
	if (*upload_size) {
		size_t n = *upload_size;
		*upload_size = 0;
		if (q->too_large || q->len + n > w->cfg.max_body) {
			q->too_large = 1;
			free(q->body);
			q->body = NULL;
			return MHD_YES;
		}
		char *nb = realloc(q->body, q->len + n + 1);
		if (!nb)
			return MHD_NO;
		memcpy(nb + q->len, upload, n);
		q->body = nb;
		q->len += n;
		q->body[q->len] = '\0';
		return MHD_YES;
	}
	if (q->too_large)
		return send_error(c, q, 413, "too-large", "the request body is over "
		                  "the limit (serve --max-body)");
	if (am_web_handle(w, method, url, q->body, q->len, &r) < 0)
		return send_error(c, q, 500, "internal", "out of memory");
	return send_resp(c, q, &r);
}

/* One line per request: ADDR METHOD PATH STATUS BYTES MS [DETAIL]. */
static void completed(void *cls, struct MHD_Connection *c, void **con_cls,
                      enum MHD_RequestTerminationCode toe)
{
	am_web *w = cls;
	req *q = *con_cls;
	char line[600];

	(void)c;
	if (!q)
		return;
	if (w->cfg.log) {
		snprintf(line, sizeof(line), "%s %s %s %d %zu %.1fms %s%s", q->addr,
		         q->method, q->path, q->status, q->sent, (am_web_now() - q->start) * 1000,
		         q->detail ? q->detail : "-",
		         toe == MHD_REQUEST_TERMINATED_COMPLETED_OK ? ""
		         : toe == MHD_REQUEST_TERMINATED_TIMEOUT_REACHED ? " timeout"
		                                                       : " aborted");
		w->cfg.log(w->cfg.log_ud, line);
	}
	free(q->body);
	free(q);
	*con_cls = NULL;
}

int am_web_start(am_web *w, const char *listen, unsigned *port_out)
{
	struct sockaddr_in sa;
	char host[64];
	const char *colon = strrchr(listen, ':');
	unsigned long port;
	char *end;
	struct MHD_Daemon *d;
	const union MHD_DaemonInfo *di;

	if (!colon || (size_t)(colon - listen) >= sizeof(host))
		return ut_error_set(AM_EINVALID, "listen on HOST:PORT, not '%s'",
		                    listen);
	memcpy(host, listen, (size_t)(colon - listen));
	host[colon - listen] = '\0';
	port = strtoul(colon + 1, &end, 10);
	memset(&sa, 0, sizeof(sa));
	sa.sin_family = AF_INET;
	if (*end || colon[1] == '\0' || port > 65535 ||
	    inet_pton(AF_INET, host, &sa.sin_addr) != 1)
		return ut_error_set(AM_EINVALID, "listen on an IPv4 address and a "
		                    "port, like 127.0.0.1:8080, not '%s'", listen);
	sa.sin_port = htons((uint16_t)port);
	/* no MHD_USE_ERROR_LOG: the library prints nothing of its own */
	d = MHD_start_daemon(MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_EPOLL,
	                     0, NULL, NULL, handler, w,
	                     MHD_OPTION_SOCK_ADDR, (struct sockaddr *)&sa,
	                     MHD_OPTION_THREAD_POOL_SIZE,
	                     (unsigned)(w->cfg.threads ? w->cfg.threads : 1),
	                     MHD_OPTION_CONNECTION_LIMIT,
	                     (unsigned)(w->cfg.max_conns ? w->cfg.max_conns : 1),
	                     MHD_OPTION_PER_IP_CONNECTION_LIMIT,
	                     w->cfg.client_conns,
	                     MHD_OPTION_CONNECTION_TIMEOUT, w->cfg.timeout_s,
	                     MHD_OPTION_CONNECTION_MEMORY_LIMIT, (size_t)65536,
	                     MHD_OPTION_NOTIFY_COMPLETED, completed, w,
	                     MHD_OPTION_UNESCAPE_CALLBACK, unescape, NULL,
	                     MHD_OPTION_END);
	if (!d) /* libmicrohttpd leaves bind(2)'s errno */
		return ut_error_set(AM_ERROR, "cannot listen on %s: %s", listen,
		                    strerror(errno));
	w->daemon = d;
	di = MHD_get_daemon_info(d, MHD_DAEMON_INFO_BIND_PORT);
	if (port_out)
		*port_out = di ? di->port : (unsigned)port;
	return 0;
}

void am_web_stop(am_web *w)
{
	if (w && w->daemon) {
		MHD_stop_daemon(w->daemon);
		w->daemon = NULL;
	}
}
