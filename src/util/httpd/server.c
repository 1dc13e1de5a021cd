/*
 * server.c - a front end's HTTP server on GNU libmicrohttpd (util/httpd.h):
 * a thread pool, the limits of ut_httpd_config (body size, connections,
 * slow clients, per-client rate), the Host header, one log line per
 * request; the rest through the config's hooks.
 *
 * A connection's life: its notification puts it in the table of conns.c
 * (which closes it when its request is not in whole in time, or to make
 * room when every slot is taken) and takes it out.  A request's life: the
 * URI callback makes its state with the raw query (before libmicrohttpd
 * decodes it: a server can tell a malformed encoding from a good one); the
 * first call of the access handler refuses early (rate 429; Host 400 or
 * 421; the check hook's refusals; a declared Content-Length past the
 * limit 413); the next calls gather the body, up to max_body (413 past
 * it); the last answers with the handle hook.  The completion callback
 * logs it.
 */
#include <arpa/inet.h>
#include <errno.h>
#include <limits.h>
#include <netinet/in.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/random.h>
#include <sys/socket.h>
#include <time.h>

#include <microhttpd.h>

#include "httpd_int.h"

#include "util/buf.h"
#include "util/error.h"
#include "util/http.h"
#include "util/lang.h"
#include "util/utf8.h"

#if MHD_VERSION < 0x00097002
typedef int MHD_Result_t;
#else
typedef enum MHD_Result MHD_Result_t;
#endif

typedef struct req req;

/* The addresses whose request was taken at the current turn that the
 * server remembers (turn_of): past them, an address may come back once
 * more at that turn. */
#define SERVED_MAX 256

/* A worker (cfg.workers): the address and turn (turn_of) of the request
 * it answers; addr "" when it waits for one. */
typedef struct worker {
	struct ut_httpd *s;
	pthread_t thread;
	char addr[48];
	uint64_t turn;
} worker;

struct ut_httpd {
	ut_httpd_config cfg;
	struct MHD_Daemon *daemon;
	ut_httpd_conns conns;
	pthread_mutex_t sending_lock;
	size_t sending;   /* bytes of the responses queued and not yet freed */
	/* the workers and the requests waiting for one (their connections
	 * suspended), in the order they came; under work_lock */
	pthread_mutex_t work_lock;
	pthread_cond_t work_wake;
	worker *workers;
	unsigned nworkers;
	req *waiting;
	uint64_t turn;    /* of the last request taken (turn_of) */
	char served[SERVED_MAX][48]; /* addresses taken at that turn */
	unsigned nserved;
	int work_stop;
};

/* A response's body while libmicrohttpd sends it: counted in s->sending
 * until the library frees the response (sent(), its free callback). */
typedef struct body {
	ut_httpd *s;
	char *data;
	size_t len;
} body;

struct req {
	int begun;        /* the access handler has seen the headers */
	int long_query;   /* the query is over max_query: 414 */
	int close;        /* answer with Connection: close */
	char *query;      /* after '?' as received, or NULL */
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
	const char *route; /* the target in origin form (ut_http_target):
	                      what the hooks are handed as the url */
	char auth[256];   /* an absolute-form target's authority */
	int absolute;     /* the target was in absolute form */
	/* answered on a worker (cfg.slow): queued in s->waiting with its
	 * connection suspended, then resumed with the hook's answer */
	req *next;
	struct MHD_Connection *conn;
	const char *wmethod, *wurl; /* as the handler had them (the
	                               connection's, kept while it waits) */
	uint64_t turn;    /* its turn for a worker (turn_of) */
	int fd;           /* its connection's socket, or -1 */
	int worked;       /* 1: the answer is in resp; -1: out of memory;
	                     -2: the server stopped first; -3: the client
	                     had gone; -4: its address owed requests */
	ut_httpd_response resp;
};

double ut_httpd_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

uint64_t ut_httpd_seed(void)
{
	uint64_t seed = 0;
	struct timespec ts;

	if (getrandom(&seed, sizeof(seed), GRND_NONBLOCK) != (ssize_t)sizeof(seed)) {
		clock_gettime(CLOCK_REALTIME, &ts);
		seed = (uint64_t)ts.tv_nsec * 0x9e3779b97f4a7c15u ^
		       (uint64_t)ts.tv_sec ^ (uint64_t)(uintptr_t)&seed;
	}
	return seed;
}

/* The opaque request and reply of the hooks are libmicrohttpd's. */
const char *ut_httpd_header(ut_httpd_req *rq, const char *name)
{
	return MHD_lookup_connection_value((struct MHD_Connection *)rq,
	                                   MHD_HEADER_KIND, name);
}

void ut_httpd_reply_header(ut_httpd_reply *rp, const char *name,
                           const char *value)
{
	MHD_add_response_header((struct MHD_Response *)rp, name, value);
}

/* A copy of s for a log line: at most size - 1 bytes, every control (C0,
 * DEL, C1), space and byte that is not UTF-8 as '?' (a hostile URL cannot
 * forge log lines nor talk to the terminal of whoever reads the log). */
static void log_copy(char *out, size_t size, const char *s)
{
	ut_utf8_printable(out, size, s, 0);
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

/* What the rate table (util/http.h) is asked of addr now, under its
 * lock (--rate set): RATE_TAKE, may it make a request (a token taken);
 * RATE_OWES, does it owe requests (a battle's time charged to it). */
enum { RATE_TAKE, RATE_OWES };

static int rate_ask(ut_httpd *s, const char *addr, int what)
{
	int yes;

	pthread_mutex_lock(s->cfg.rate_lock);
	yes = what == RATE_TAKE
	      ? ut_http_rate_take(s->cfg.rate_table, addr, ut_httpd_now(),
	                          (double)s->cfg.rate)
	      : ut_http_rate_owes(s->cfg.rate_table, addr, ut_httpd_now(),
	                          (double)s->cfg.rate);
	pthread_mutex_unlock(s->cfg.rate_lock);
	return yes;
}

/* 1 when the client at addr may make a request now. */
static int rate_ok(ut_httpd *s, const char *addr)
{
	return s->cfg.rate == 0 || rate_ask(s, addr, RATE_TAKE);
}

/* A large answer costs its client more requests (--rate): one for each
 * UT_HTTPD_BYTES_PER_REQUEST bytes past the first, so that an address
 * within its rate cannot turn short requests into a flood (a dice
 * command of 20 bytes answered with 500 KB: 7 more requests). */
static void rate_charge_bytes(ut_httpd *s, const char *addr, size_t len)
{
	if (s->cfg.rate == 0 || len <= UT_HTTPD_BYTES_PER_REQUEST)
		return;
	pthread_mutex_lock(s->cfg.rate_lock);
	ut_http_rate_charge(s->cfg.rate_table, addr, ut_httpd_now(),
	                    (double)s->cfg.rate,
	                    (double)((len - 1) / UT_HTTPD_BYTES_PER_REQUEST));
	pthread_mutex_unlock(s->cfg.rate_lock);
}

/* The connection's entry in the table (conns.c), or NULL. */
static ut_httpd_conn *conn_of(struct MHD_Connection *c)
{
	const union MHD_ConnectionInfo *ci =
		MHD_get_connection_info(c, MHD_CONNECTION_INFO_SOCKET_CONTEXT);

	return ci ? ci->socket_context : NULL;
}

/* The free callback of a response: its body is sent (or dropped). */
static void sent(void *cls)
{
	body *b = cls;

	pthread_mutex_lock(&b->s->sending_lock);
	b->s->sending -= b->len;
	pthread_mutex_unlock(&b->s->sending_lock);
	free(b->data);
	free(b);
}

/* Count len more bytes being sent: 0, or -1 past max_inflight (unless
 * nothing else is being sent: one answer always goes; and a refusal's
 * small body always goes). */
static int sending_take(ut_httpd *s, size_t len, int refusal)
{
	int ok;

	pthread_mutex_lock(&s->sending_lock);
	ok = refusal || !s->cfg.max_inflight || s->sending == 0 ||
	     (s->sending <= s->cfg.max_inflight &&
	      len <= s->cfg.max_inflight - s->sending);
	if (ok)
		s->sending += len;
	pthread_mutex_unlock(&s->sending_lock);
	return ok ? 0 : -1;
}

static MHD_Result_t send_error(ut_httpd *s, struct MHD_Connection *c, req *q,
                               int status, const char *detail,
                               const char *msg);

/* Queue r (its body becomes the server's).  A body that would take the
 * bytes being sent past max_inflight is dropped for a 429 (a refusal's own
 * small body always goes: refusal). */
static MHD_Result_t send_resp(ut_httpd *s, struct MHD_Connection *c, req *q,
                              ut_httpd_response *r, int refusal)
{
	struct MHD_Response *resp;
	body *b = malloc(sizeof(*b));
	MHD_Result_t ret;

	if (!b) {
		free(r->body);
		r->body = NULL;
		return MHD_NO;
	}
	if (sending_take(s, r->len, refusal) < 0) {
		free(b);
		free(r->body);
		r->body = NULL;
		return send_error(s, c, q, 429, "busy", s->cfg.msg_busy
		                  ? s->cfg.msg_busy : "busy: try again later");
	}
	*b = (body){s, r->body, r->len};
	r->body = NULL;
	resp = MHD_create_response_from_buffer_with_free_callback_cls(
		b->len, b->data, sent, b);
	if (!resp) {
		sent(b);
		return MHD_NO;
	}
	MHD_add_response_header(resp, "Content-Type", r->type);
	MHD_add_response_header(resp, "X-Content-Type-Options", "nosniff");
	MHD_add_response_header(resp, "Cache-Control", "no-store");
	if (q->close) /* (libmicrohttpd closes after it then) */
		MHD_add_response_header(resp, "Connection", "close");
	if (s->cfg.headers)
		s->cfg.headers(s->cfg.ud, (ut_httpd_reply *)resp, q->method,
		               r->status);
	if (r->status == 429)
		MHD_add_response_header(resp, "Retry-After", "1");
	if (r->allow)
		MHD_add_response_header(resp, "Allow", r->allow);
	if (conn_of(c)) { /* answered: no deadline while it is sent, but a
	                     pace to keep (conns.c) */
		ut_httpd_conn_busy(&s->conns, conn_of(c), 1);
		ut_httpd_conn_sending(&s->conns, conn_of(c));
	}
	q->status = r->status;
	q->sent = r->len;
	q->detail = r->detail;
	ret = MHD_queue_response(c, (unsigned)r->status, resp);
	MHD_destroy_response(resp);
	return ret;
}

/* A refusal before the handle hook (400, 403, 413, 414, 415, 421, 429,
 * 500),
 * its body made by the error_body hook. */
static MHD_Result_t send_error(ut_httpd *s, struct MHD_Connection *c, req *q,
                               int status, const char *detail,
                               const char *msg)
{
	ut_httpd_response r = {status, "application/json; charset=utf-8", NULL, 0,
	                       detail, NULL};
	char buf[300];
	int n = s->cfg.error_body(buf, sizeof(buf), status, msg);

	if (n < 0 || (size_t)n >= sizeof(buf))
		n = (int)strlen(buf);
	r.body = malloc((size_t)n + 1);
	if (!r.body)
		return MHD_NO;
	memcpy(r.body, buf, (size_t)n + 1);
	r.len = (size_t)n;
	return send_resp(s, c, q, &r, 1);
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

/* The request line's URI, as received (MHD_OPTION_URI_LOG_CALLBACK, called
 * once per request before anything is decoded): the request's state with
 * its raw query, its address, path and start for the log (a request the
 * library refuses later is logged with them).  NULL when out of memory:
 * the handler then makes the state without a query.
 *
 * The query is then cut from libmicrohttpd's own copy of the line, which
 * it would split into arguments next: nothing here reads them (the hooks
 * get the raw query), and 0.9.75 keeps each one in the connection's
 * 64 KiB pool, whose exhaustion (a thousand "a&a&...") left the request
 * without any answer until request_timeout_s.  The line is the library's
 * writable buffer (it writes the NUL over the '?' itself right after this
 * call); only 0.9.x is known to call this before splitting the query. */
static void *uri_seen(void *cls, const char *uri, struct MHD_Connection *c)
{
	ut_httpd *s = cls;
	const char *qm = strchr(uri, '?');
	req *q = calloc(1, sizeof(*q));

	if (conn_of(c))
		ut_httpd_conn_started(&s->conns, conn_of(c));

	if (q && qm && !(q->query = strdup(qm + 1))) {
		free(q);
		q = NULL;
	}
	if (q) {
		q->start = ut_httpd_now();
		client_addr(c, q->addr, sizeof(q->addr));
		log_copy(q->method, sizeof(q->method), "-");
		log_copy(q->path, sizeof(q->path), uri);
		q->path[strcspn(q->path, "?")] = '\0';
		q->long_query = qm && strlen(qm + 1) >
		                      (s->cfg.max_query ? s->cfg.max_query
		                                        : UT_HTTPD_MAX_QUERY);
	}
#if MHD_VERSION < 0x01000000
	if (qm)
		((char *)qm)[1] = '\0';
#endif
	return q;
}

/* What the headers say of the body's framing (MHD_get_connection_values's
 * iterator): how many Host, Content-Length and Transfer-Encoding headers,
 * the last Transfer-Encoding, a name that is in doubt (bad_name); and
 * how many Origin and Content-Type headers (the check hooks read the
 * first). */
typedef struct framing_ud {
	unsigned hosts, lengths, encodings, origins, types;
	const char *encoding;
	int bad_name;
} framing_ud;

/* Whether key is an RFC 9110 token (section 5.6.2): a header name. */
static int is_token(const char *key)
{
	const unsigned char *p = (const unsigned char *)key;

	if (!*p)
		return 0;
	for (; *p; p++)
		if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
		      (*p >= '0' && *p <= '9') ||
		      strchr("!#$%&'*+-.^_`|~", *p)))
			return 0;
	return 1;
}

/* Whether key begins with name (any case) and goes on. */
static int extends(const char *key, const char *name)
{
	size_t n = strlen(name);

	return strncasecmp(key, name, n) == 0 && key[n] != '\0';
}

static MHD_Result_t count_header(void *cls, enum MHD_ValueKind kind,
                                 const char *key, const char *value)
{
	framing_ud *u = cls;
	(void)kind;

	if (!key)
		return MHD_YES;
	/* A name that is no token ("Content-Length : 2", which is no
	 * Content-Length to libmicrohttpd) or that goes on past a framing
	 * header's name: libmicrohttpd 0.9.75 glues a folded line (obs-fold,
	 * RFC 9112 section 5.2) onto the header's name, so "Content-Length:"
	 * CRLF " 44" is a header "Content-Length44" and no length, where a
	 * proxy that unfolds it reads a body of 44 (HTTP review 2026-12-06:
	 * a request smuggled past the proxy). */
	if (!is_token(key) ||
	    extends(key, MHD_HTTP_HEADER_CONTENT_LENGTH) ||
	    extends(key, MHD_HTTP_HEADER_TRANSFER_ENCODING))
		u->bad_name = 1;
	if (strcasecmp(key, MHD_HTTP_HEADER_HOST) == 0)
		u->hosts++;
	if (strcasecmp(key, MHD_HTTP_HEADER_CONTENT_LENGTH) == 0)
		u->lengths++;
	if (strcasecmp(key, "Origin") == 0)
		u->origins++;
	if (strcasecmp(key, MHD_HTTP_HEADER_CONTENT_TYPE) == 0)
		u->types++;
	if (strcasecmp(key, MHD_HTTP_HEADER_TRANSFER_ENCODING) == 0) {
		u->encodings++;
		u->encoding = value;
	}
	return MHD_YES;
}

/*
 * The headers of a request, before any work.  The body's framing first
 * (400, and the connection closed: where a request ends is in doubt, so
 * is where the next begins; RFC 9112 section 6.3): a header name in
 * doubt (count_header), Transfer-Encoding in HTTP/1.0, Content-Length or
 * Transfer-Encoding twice, both at once, a Transfer-Encoding other than
 * "chunked" (no coding is supported).  Then Host names this server (400
 * none on HTTP/1.1, twice or malformed; 421 another name), Origin and
 * Content-Type are not twice (400), then the check hook's.  Returns the
 * status of the refusal with its detail and message (and q->close), or 0.
 */
static int guard(ut_httpd *s, struct MHD_Connection *c, req *q,
                 const char *method, const char *version, const char **detail,
                 const char **msg)
{
	const char *host = ut_httpd_header((ut_httpd_req *)c,
	                                   MHD_HTTP_HEADER_HOST);
	ut_httpd_conn *conn = conn_of(c);
	framing_ud f = {0, 0, 0, 0, 0, NULL, 0};
	int st;

	MHD_get_connection_values(c, MHD_HEADER_KIND, count_header, &f);
	*detail = "framing";
	q->close = 1;
	if (f.bad_name) {
		*msg = "a malformed header name (a space before its colon, or "
		       "a header folded onto a second line)";
		return 400;
	}
	if (f.encodings && strcmp(version, "HTTP/1.0") == 0) {
		/* RFC 9112 section 6.1: an HTTP/1.0 message with a
		 * Transfer-Encoding has its framing in doubt */
		*msg = "Transfer-Encoding in an HTTP/1.0 request";
		return 400;
	}
	if (f.lengths > 1 || f.encodings > 1) {
		*msg = "more than one Content-Length or Transfer-Encoding header";
		return 400;
	}
	if (f.lengths && f.encodings) {
		*msg = "both Content-Length and Transfer-Encoding";
		return 400;
	}
	if (f.encoding && strcasecmp(f.encoding, "chunked") != 0) {
		*msg = "a Transfer-Encoding other than chunked";
		return 400;
	}
	q->close = 0;
	*detail = "host";
	if (f.hosts > 1) {
		*msg = "more than one Host header";
		return 400;
	}
	/* no browser sends two; the checks would read only the first (HTTP
	 * review I1) */
	*detail = "header";
	if (f.origins > 1 || f.types > 1) {
		*msg = "more than one Origin or Content-Type header";
		return 400;
	}
	*detail = "host";
	if (!host && strcmp(version, "HTTP/1.0") != 0) {
		*msg = "an HTTP/1.1 request needs a Host header";
		return 400;
	}
	if (q->absolute && host && strcasecmp(host, q->auth) != 0) {
		/* RFC 9112 section 3.2.2: the target's authority is the host;
		 * one that the Host header contradicts is in doubt */
		*msg = "the request target and the Host header name different hosts";
		return 400;
	}
	if (q->absolute && !host)
		host = q->auth;
	if (host && (st = ut_http_host_check(s->cfg.hosts, s->cfg.nhosts,
	                                     conn ? conn->local : "",
	                                     host)) != 0) {
		*msg = st == 400 ? "a malformed Host header" : s->cfg.msg_host;
		return st;
	}
	return s->cfg.check ? s->cfg.check(s->cfg.ud, (ut_httpd_req *)c, method,
	                                   host, detail, msg)
	                    : 0;
}

/* The headers are in: refuse early or get ready for the body. */
static MHD_Result_t begin(ut_httpd *s, struct MHD_Connection *c, req *q,
                          const char *url, const char *method,
                          const char *version)
{
	const char *cl, *detail, *msg;
	int st;

	q->begun = 1;
	q->start = ut_httpd_now();
	client_addr(c, q->addr, sizeof(q->addr));
	log_copy(q->method, sizeof(q->method), method);
	log_copy(q->path, sizeof(q->path), url);
	/* RFC 9112 section 3.2.2: a server must accept a target in absolute
	 * form ("http://host/path", what a client sends a proxy); the hooks
	 * see its path, and guard checks its host */
	q->route = ut_http_target(url, q->auth, sizeof(q->auth));
	q->absolute = q->route != url;
	if (!*q->route)
		q->route = "/";
	if (!rate_ok(s, q->addr))
		return send_error(s, c, q, 429, "rate", s->cfg.msg_rate);
	if (q->long_query)
		return send_error(s, c, q, 414, "uri", "the query is too long");
	if ((st = guard(s, c, q, method, version, &detail, &msg)) != 0)
		return send_error(s, c, q, st, detail, msg);
	cl = MHD_lookup_connection_value(c, MHD_HEADER_KIND,
	                                 MHD_HTTP_HEADER_CONTENT_LENGTH);
	if (cl && strtoull(cl, NULL, 10) > s->cfg.max_body)
		return send_error(s, c, q, 413, "too-large", s->cfg.msg_too_large);
	return MHD_YES;
}

/* UT_HTTPD multipart_forms: what MHD's post processor reads of a
 * multipart/form-data body, written as application/x-www-form-urlencoded
 * into a ut_buf; a field of a file (filename given) is left out. */
typedef struct form_out {
	ut_buf buf;
	int nomem;
} form_out;

static void form_escape(form_out *f, const char *s, size_t n)
{
	static const char hex[] = "0123456789ABCDEF";
	size_t i;

	for (i = 0; i < n && !f->nomem; i++) {
		unsigned char ch = (unsigned char)s[i];
		char e[3];
		if ((ch >= 'A' && ch <= 'Z') || (ch >= 'a' && ch <= 'z') ||
		    (ch >= '0' && ch <= '9') || ch == '-' || ch == '.' ||
		    ch == '_' || ch == '~') {
			f->nomem = ut_buf_put(&f->buf, (const char *)&ch, 1) < 0;
			continue;
		}
		e[0] = '%';
		e[1] = hex[ch >> 4];
		e[2] = hex[ch & 15];
		f->nomem = ut_buf_put(&f->buf, e, 3) < 0;
	}
}

static MHD_Result_t form_field(void *cls, enum MHD_ValueKind kind,
                               const char *key, const char *filename,
                               const char *content_type,
                               const char *transfer_encoding,
                               const char *data, uint64_t off, size_t size)
{
	form_out *f = cls;

	(void)kind;
	(void)content_type;
	(void)transfer_encoding;
	if (filename || !key)
		return MHD_YES;
	if (off == 0) {
		if (f->buf.len && !f->nomem)
			f->nomem = ut_buf_put(&f->buf, "&", 1) < 0;
		form_escape(f, key, strlen(key));
		if (!f->nomem)
			f->nomem = ut_buf_put(&f->buf, "=", 1) < 0;
	}
	form_escape(f, data, size);
	return f->nomem ? MHD_NO : MHD_YES;
}

/* A multipart/form-data body of q (its Content-Type says so) in place as
 * application/x-www-form-urlencoded: 0, 1 when it is not valid
 * multipart (400), -1 out of memory. */
/* 1 when the body of q holds "--" BOUNDARY, the boundary of its
 * Content-Type (RFC 2046 §5.1.1: every part, and the end, begins with
 * one; what comes before the first is a preamble, ignored). */
static int has_delimiter(struct MHD_Connection *c, const req *q)
{
	const char *type = MHD_lookup_connection_value(c, MHD_HEADER_KIND,
	                                               MHD_HTTP_HEADER_CONTENT_TYPE);
	const char *b = type ? strstr(type, "boundary=") : NULL;
	char delim[80];
	size_t n, i;

	if (!b)
		return 0;
	b += 9;
	if (*b == '"')
		b++;
	for (n = 0; b[n] && b[n] != '"' && b[n] != ';' && b[n] != ' '; n++)
		;
	if (n == 0 || n > 70) /* RFC 2046: 1 to 70 characters */
		return 0;
	delim[0] = delim[1] = '-';
	memcpy(delim + 2, b, n);
	for (i = 0; i + n + 2 <= q->len; i++)
		if (memcmp(q->body + i, delim, n + 2) == 0)
			return 1;
	return 0;
}

static int form_from_multipart(struct MHD_Connection *c, req *q)
{
	struct MHD_PostProcessor *pp;
	form_out f = {UT_BUF_INIT, 0};
	int bad = 0;

	if (q->len && !has_delimiter(c, q))
		return 1; /* a body with no part, not even its end */
	if (!(pp = MHD_create_post_processor(c, 1024, form_field, &f)))
		return 1; /* no boundary, or another type */
	if (q->len && MHD_post_process(pp, q->body, q->len) != MHD_YES)
		bad = 1;
	if (MHD_destroy_post_processor(pp) != MHD_YES)
		bad = 1;
	if (f.nomem) {
		ut_buf_free(&f.buf);
		return -1;
	}
	if (bad) {
		ut_buf_free(&f.buf);
		return 1;
	}
	if (!f.buf.ptr && ut_buf_put(&f.buf, "", 0) < 0)
		return -1;
	free(q->body);
	q->body = f.buf.ptr;
	q->len = f.buf.len;
	return 0;
}

/* The requests for workers are taken in turn across client addresses
 * (start-time fair queuing, every request one unit of work): a request's
 * turn is the server's turn (that of the last request taken), or the
 * turn after it when its address had a request taken at that turn, or,
 * when its address has requests waiting or being answered, the turn
 * after the last of them; a worker takes the lowest turn, the first come
 * of equal turns.  So a newcomer goes before the second request of an
 * address being answered, one address's backlog goes after everyone
 * else's next request, and an address that sends one request at a time
 * comes back a turn later, as the backlog's next one: no one waits for
 * more than a turn of every address.  (work_lock held) */
static uint64_t turn_of(const ut_httpd *s, const char *addr)
{
	const req *q;
	uint64_t t = s->turn;
	unsigned i;

	for (i = 0; i < s->nserved; i++)
		if (strcmp(s->served[i], addr) == 0) {
			t = s->turn + 1;
			break;
		}
	for (i = 0; i < s->nworkers; i++)
		if (s->workers[i].addr[0] && strcmp(s->workers[i].addr, addr) == 0 &&
		    s->workers[i].turn + 1 > t)
			t = s->workers[i].turn + 1;
	for (q = s->waiting; q; q = q->next)
		if (strcmp(q->addr, addr) == 0 && q->turn + 1 > t)
			t = q->turn + 1;
	return t;
}

/* The next request for worker w (work_lock held, one waiting): the
 * lowest turn, the first come of equal turns (turn_of). */
static req *take_waiting(ut_httpd *s, worker *w)
{
	req **pp, **best = &s->waiting, *q;
	unsigned i;

	for (pp = &s->waiting; *pp; pp = &(*pp)->next)
		if ((*pp)->turn < (*best)->turn)
			best = pp;
	q = *best;
	*best = q->next;
	q->next = NULL;
	if (q->turn != s->turn) { /* (a later turn: none served at it yet) */
		s->turn = q->turn;
		s->nserved = 0;
	}
	for (i = 0; i < s->nserved && strcmp(s->served[i], q->addr) != 0; i++)
		;
	if (i == s->nserved && i < SERVED_MAX)
		snprintf(s->served[s->nserved++], sizeof(s->served[0]), "%s",
		         q->addr);
	w->turn = q->turn;
	snprintf(w->addr, sizeof(w->addr), "%s", q->addr);
	return q;
}

/* Whether the client of socket fd has gone while its request waited
 * (libmicrohttpd does not watch a suspended connection): it closed (or
 * half-closed, which libmicrohttpd treats as gone too) or reset it. */
static int client_gone(int fd)
{
	char ch;
	ssize_t n;

	if (fd < 0)
		return 0;
	n = recv(fd, &ch, 1, MSG_PEEK | MSG_DONTWAIT);
	return n == 0 || (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK &&
	                  errno != EINTR);
}

/* Whether addr owes requests now (a battle's time charged to it while its
 * request waited): the request is refused then, as a new one would be. */
static int rate_owes(ut_httpd *s, const char *addr)
{
	return s->cfg.rate != 0 && rate_ask(s, addr, RATE_OWES);
}

/* A worker: answers the requests waiting (handle hook) and resumes their
 * connections, whose handler then sends the answer; a request whose
 * client has gone is not answered (-3), nor one whose address owes
 * requests (-4: 429); when the server stops, resumes those still waiting
 * unanswered (-2). */
static void *work(void *arg)
{
	worker *w = arg;
	ut_httpd *s = w->s;

	pthread_mutex_lock(&s->work_lock);
	for (;;) {
		while (!s->waiting && !s->work_stop)
			pthread_cond_wait(&s->work_wake, &s->work_lock);
		if (s->work_stop)
			break;
		req *q = take_waiting(s, w);
		pthread_mutex_unlock(&s->work_lock);
		if (client_gone(q->fd)) {
			q->worked = -3;
			q->detail = "gone"; /* (libmicrohttpd may see the close
			                       first, and not call the handler) */
		}
		else if (rate_owes(s, q->addr))
			q->worked = -4;
		else
			q->worked = s->cfg.handle(&q->resp, s->cfg.ud, q->addr,
			                          q->wmethod, q->wurl, q->query,
			                          q->body, q->len) < 0 ? -1 : 1;
		pthread_mutex_lock(&s->work_lock);
		w->addr[0] = '\0';
		MHD_resume_connection(q->conn);
	}
	while (s->waiting) {
		req *q = s->waiting;
		s->waiting = q->next;
		q->worked = -2;
		MHD_resume_connection(q->conn);
	}
	pthread_mutex_unlock(&s->work_lock);
	return NULL;
}

/* Start cfg.workers workers: 0, or -1. */
static int workers_start(ut_httpd *s)
{
	unsigned i;

	if (!s->cfg.workers || !s->cfg.slow)
		return 0;
	if (!(s->workers = calloc(s->cfg.workers, sizeof(*s->workers))))
		return -1;
	for (i = 0; i < s->cfg.workers; i++) {
		s->workers[i].s = s;
		if (pthread_create(&s->workers[i].thread, NULL, work,
		                   &s->workers[i]) != 0)
			break;
		s->nworkers++;
	}
	return s->nworkers == s->cfg.workers ? 0 : -1;
}

/* Stop the workers: each ends after the request it answers; the
 * connections still waiting are resumed (the daemon may stop then), and
 * no request is queued from now on (to_worker). */
static void workers_stop(ut_httpd *s)
{
	unsigned i;

	pthread_mutex_lock(&s->work_lock);
	s->work_stop = 1;
	pthread_cond_broadcast(&s->work_wake);
	pthread_mutex_unlock(&s->work_lock);
	for (i = 0; i < s->nworkers; i++)
		pthread_join(s->workers[i].thread, NULL);
}

/* The request in whole goes to a worker: its connection suspended (its
 * deadline is off already: conn busy) until the worker resumes it. */
static MHD_Result_t to_worker(ut_httpd *s, struct MHD_Connection *c, req *q,
                              const char *method, const char *url)
{
	req **pp;

	pthread_mutex_lock(&s->work_lock);
	if (s->work_stop) {
		pthread_mutex_unlock(&s->work_lock);
		return send_error(s, c, q, 503, "stopping",
		                  "the server is stopping");
	}
	q->conn = c;
	q->wmethod = method;
	q->wurl = url;
	q->fd = conn_of(c) ? conn_of(c)->fd : -1;
	q->turn = turn_of(s, q->addr);
	MHD_suspend_connection(c); /* before a worker can resume it */
	for (pp = &s->waiting; *pp; pp = &(*pp)->next)
		;
	*pp = q;
	pthread_cond_signal(&s->work_wake);
	pthread_mutex_unlock(&s->work_lock);
	return MHD_YES;
}

static MHD_Result_t handler(void *cls, struct MHD_Connection *c,
                            const char *url, const char *method,
                            const char *version, const char *upload,
                            size_t *upload_size, void **con_cls)
{
	ut_httpd *s = cls;
	req *q = *con_cls;
	ut_httpd_response r = {0, NULL, NULL, 0, NULL, NULL};

	if (!q || !q->begun) {
		if (!q && !(q = calloc(1, sizeof(*q))))
			return MHD_NO;
		*con_cls = q;
		return begin(s, c, q, url, method, version);
	}
	if (q->status) { /* answered early: swallow the rest of the body */
		*upload_size = 0;
		return MHD_YES;
	}
	if (*upload_size) {
		size_t n = *upload_size;
		*upload_size = 0;
		if (q->too_large || q->len + n > s->cfg.max_body) {
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
	if (q->worked) { /* a worker answered (to_worker) */
		int worked = q->worked;
		q->worked = 0;
		if (worked == -2)
			return send_error(s, c, q, 503, "stopping",
			                  "the server is stopping");
		if (worked == -3) /* (closed: logged "gone aborted") */
			return MHD_NO;
		if (worked == -4)
			return send_error(s, c, q, 429, "rate", s->cfg.msg_rate
			                  ? s->cfg.msg_rate : "busy: try again later");
		if (worked < 0)
			return send_error(s, c, q, 500, "internal", "out of memory");
		rate_charge_bytes(s, q->addr, q->resp.len);
		return send_resp(s, c, q, &q->resp, 0);
	}
	/* the request is in whole: no deadline while it is answered */
	if (conn_of(c))
		ut_httpd_conn_busy(&s->conns, conn_of(c), 1);
	if (q->too_large)
		return send_error(s, c, q, 413, "too-large", s->cfg.msg_too_large);
	if (s->cfg.multipart_forms && q->body &&
	    ut_http_media_type(MHD_lookup_connection_value(c, MHD_HEADER_KIND,
	                       MHD_HTTP_HEADER_CONTENT_TYPE),
	                       "multipart/form-data")) {
		int fr = form_from_multipart(c, q);
		if (fr < 0)
			return send_error(s, c, q, 500, "internal", "out of memory");
		if (fr > 0)
			return send_error(s, c, q, 400, "form",
			                  "the multipart/form-data body is not valid");
	}
	if (s->nworkers && s->cfg.slow(s->cfg.ud, method, q->route))
		return to_worker(s, c, q, method, q->route);
	if (s->cfg.handle(&r, s->cfg.ud, q->addr, method, q->route, q->query,
	                  q->body, q->len) < 0)
		return send_error(s, c, q, 500, "internal", "out of memory");
	rate_charge_bytes(s, q->addr, r.len);
	return send_resp(s, c, q, &r, 0);
}

/* The bytes a connection has received so far (TCP_INFO; a FIN received
 * counts one), or 0 when the system does not say. */
static uint64_t received(int fd)
{
	uint64_t n = ut_httpd_tcp_bytes(fd, 0);

	return n == UINT64_MAX ? 0 : n;
}

/* One line per request: ADDR METHOD PATH STATUS BYTES MS DETAIL, then
 * how it ended when it did not end well: "timeout" (timeout_s), what
 * conns.c closed it for ("request-timeout", "idle", "evicted",
 * "slow-read"), or
 * "aborted".  A request libmicrohttpd refused after its request line
 * (431: headers over the connection's memory; 400: a malformed
 * Content-Length), before the handler saw it: ADDR - PATH 0 0 MS - refused
 * (the library's answer is not known here); one that ended otherwise
 * before its headers were in: ADDR - PATH 0 0 MS - timeout or aborted,
 * unless conns.c closed it (connection() tells that).  The connection is ready for
 * its next request from now (conns.c). */
static void completed(void *cls, struct MHD_Connection *c, void **con_cls,
                      enum MHD_RequestTerminationCode toe)
{
	ut_httpd *s = cls;
	req *q = *con_cls;
	ut_httpd_conn *conn = conn_of(c);
	const char *cut = conn ? ut_httpd_conn_cut(&s->conns, conn) : NULL;
	const char *end = "";
	char line[600];

	if (toe == MHD_REQUEST_TERMINATED_COMPLETED_OK) {
		if (conn)
			ut_httpd_conn_busy(&s->conns, conn, 0);
	} else {
		end = cut ? cut : toe == MHD_REQUEST_TERMINATED_TIMEOUT_REACHED
		                  ? "timeout" : "aborted";
	}
	if (!q)
		return;
	if (!q->begun && toe == MHD_REQUEST_TERMINATED_WITH_ERROR)
		end = "refused"; /* (by the library, with an answer of its own) */
	/* (cut before its headers were in: connection() says so, as
	 * ADDR - - 0 0 MS WHY) */
	if (s->cfg.log && (q->begun || !cut)) {
		snprintf(line, sizeof(line), "%s %s %s %d %zu %.1fms %s%s%s", q->addr,
		         q->method, q->path, q->status, q->sent,
		         (ut_httpd_now() - q->start) * 1000,
		         q->detail ? q->detail : "-", *end ? " " : "", end);
		s->cfg.log(s->cfg.log_ud, line);
		if (conn && cut && *end) /* (said: no line of its own) */
			conn->cut_logged = 1;
		if (conn)
			conn->rx_logged = received(conn->fd);
	}
	if (q->worked == 1) /* a worker's answer never sent (the server
	                      stopped before the handler was called again) */
		free(q->resp.body);
	free(q->body);
	free(q->query);
	free(q);
	*con_cls = NULL;
}

/*
 * A connection opens or closes (MHD_OPTION_NOTIFY_CONNECTION): in and out
 * of the table of conns.c.  One closed by conns.c before a request of it
 * was logged gets its line here: ADDR - - 0 0 MS WHY (MS: how long it had
 * waited for its request).  So does one that received bytes after its
 * last line (more than a FIN) that no request's line told of: libmicrohttpd refused a
 * request line it could not read (414 too long, 505 another version such
 * as HTTP/2's preface, 400 HTTP/0.9 or garbage) and closed it: ADDR - - 0
 * 0 MS refused.  A connection that sent nothing gets no line.
 */
static void connection(void *cls, struct MHD_Connection *c, void **ctx,
                       enum MHD_ConnectionNotificationCode what)
{
	ut_httpd *s = cls;
	ut_httpd_conn *conn = *ctx;
	const union MHD_ConnectionInfo *ci;
	struct sockaddr_in sa;
	socklen_t sl = sizeof(sa);
	char line[200];

	if (what == MHD_CONNECTION_NOTIFY_STARTED) {
		ci = MHD_get_connection_info(c, MHD_CONNECTION_INFO_CONNECTION_FD);
		if (!ci)
			return;
		if (!(conn = calloc(1, sizeof(*conn)))) {
			shutdown(ci->connect_fd, SHUT_RDWR); /* no memory: refused */
			return;
		}
		conn->fd = ci->connect_fd;
		client_addr(c, conn->addr, sizeof(conn->addr));
		if (getsockname(conn->fd, (struct sockaddr *)&sa, &sl) == 0 &&
		    sa.sin_family == AF_INET)
			inet_ntop(AF_INET, &sa.sin_addr, conn->local,
			          (socklen_t)sizeof(conn->local));
		ut_httpd_conn_opened(&s->conns, conn);
		*ctx = conn;
		return;
	}
	if (!conn)
		return;
	ut_httpd_conn_closed(&s->conns, conn);
	if (conn->cut && !conn->cut_logged && s->cfg.log) {
		snprintf(line, sizeof(line), "%s - - 0 0 %.1fms %s", conn->addr,
		         (ut_httpd_now() - conn->since) * 1000, conn->cut);
		s->cfg.log(s->cfg.log_ud, line);
	} else if (!conn->cut && s->cfg.log &&
	           received(conn->fd) > conn->rx_logged + 1) {
		/* (+ 1: the client's FIN counts one, and may come after the
		 * last line was logged) */
		snprintf(line, sizeof(line), "%s - - 0 0 %.1fms refused", conn->addr,
		         (ut_httpd_now() - conn->since) * 1000);
		s->cfg.log(s->cfg.log_ud, line);
	}
	free(conn);
	*ctx = NULL;
}

/* listen as "IPV4:PORT" in sa; 0, or UT_EINVALID. */
static int parse_listen(struct sockaddr_in *sa, const char *listen)
{
	char host[64];
	const char *colon = strrchr(listen, ':');
	uint64_t port;

	if (!colon || (size_t)(colon - listen) >= sizeof(host))
		return ut_error_set(UT_EINVALID, "listen on HOST:PORT, not '%s'",
		                    listen);
	memcpy(host, listen, (size_t)(colon - listen));
	host[colon - listen] = '\0';
	memset(sa, 0, sizeof(*sa));
	sa->sin_family = AF_INET;
	/* localhost: the loopback address, as a person types it */
	if (strcmp(host, "localhost") == 0)
		strcpy(host, "127.0.0.1");
	/* the port as docs/CLI.md reads an option's number: digits only,
	 * ASCII or full-width; no sign or blank */
	if (ut_utf8_parse_u64(&port, colon + 1, strlen(colon + 1), 65535) < 0 ||
	    inet_pton(AF_INET, host, &sa->sin_addr) != 1)
		return ut_error_set(UT_EINVALID, "listen on an IPv4 address and a "
		                    "port, like 127.0.0.1:8080, not '%s'", listen);
	sa->sin_port = htons((uint16_t)port);
	return 0;
}

/* What ut_httpd_start has done, undone in reverse by undo() (and by
 * ut_httpd_stop, once the workers and the daemon have stopped). */
enum { DONE_NOTHING, DONE_SENDING_LOCK, DONE_WORK_LOCK, DONE_LOCKS,
       DONE_CONNS, DONE_WORKERS };

/* Free a server up to what was done. */
static void undo(ut_httpd *s, int done)
{
	if (done >= DONE_WORKERS)
		workers_stop(s);
	if (done >= DONE_CONNS) {
		ut_httpd_conns_halt(&s->conns);
		ut_httpd_conns_free(&s->conns);
	}
	if (done >= DONE_LOCKS)
		pthread_cond_destroy(&s->work_wake);
	if (done >= DONE_WORK_LOCK)
		pthread_mutex_destroy(&s->work_lock);
	if (done >= DONE_SENDING_LOCK)
		pthread_mutex_destroy(&s->sending_lock);
	free(s->workers);
	free(s);
}

int ut_httpd_start(ut_httpd **out, unsigned *port_out,
                   const ut_httpd_config *cfg, const char *listen)
{
	struct sockaddr_in sa;
	struct MHD_Daemon *d;
	const union MHD_DaemonInfo *di;
	ut_httpd *s;
	int rc, e, done;

	*out = NULL;
	if (cfg->version != UT_HTTPD_CONFIG_VERSION || !cfg->handle ||
	    !cfg->error_body || (cfg->rate && (!cfg->rate_table ||
	                                       !cfg->rate_lock)))
		return ut_error_set(UT_EINVALID, "ut_httpd_start: a bad config");
	if ((rc = parse_listen(&sa, listen)) < 0)
		return rc;
	if (!(s = calloc(1, sizeof(*s))))
		return ut_error_set(UT_ENOMEM, "out of memory");
	s->cfg = *cfg;
	/* a step that fails undoes those before it (threads: undo) */
	done = DONE_NOTHING;
	if (pthread_mutex_init(&s->sending_lock, NULL) != 0)
		goto no_threads;
	done = DONE_SENDING_LOCK;
	if (pthread_mutex_init(&s->work_lock, NULL) != 0)
		goto no_threads;
	done = DONE_WORK_LOCK;
	if (pthread_cond_init(&s->work_wake, NULL) != 0)
		goto no_threads;
	done = DONE_LOCKS;
	if (ut_httpd_conns_start(&s->conns, cfg->max_conns ? cfg->max_conns : 1,
	                         (double)cfg->request_timeout_s) < 0)
		goto no_threads;
	/* before the daemon, whose threads read nworkers; those started of
	 * them are stopped when one cannot start */
	done = DONE_WORKERS;
	if (workers_start(s) < 0)
		goto no_threads;
	/* no MHD_USE_ERROR_LOG: the library prints nothing of its own */
	d = MHD_start_daemon(MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_EPOLL |
	                     (s->nworkers ? MHD_ALLOW_SUSPEND_RESUME : 0),
	                     0, NULL, NULL, handler, s,
	                     MHD_OPTION_SOCK_ADDR, (struct sockaddr *)&sa,
	                     MHD_OPTION_THREAD_POOL_SIZE,
	                     (unsigned)(cfg->threads ? cfg->threads : 1),
	                     MHD_OPTION_CONNECTION_LIMIT,
	                     (unsigned)(cfg->max_conns ? cfg->max_conns : 1),
	                     MHD_OPTION_PER_IP_CONNECTION_LIMIT,
	                     cfg->client_conns,
	                     MHD_OPTION_CONNECTION_TIMEOUT, cfg->timeout_s,
	                     MHD_OPTION_CONNECTION_MEMORY_LIMIT, (size_t)65536,
	                     MHD_OPTION_NOTIFY_COMPLETED, completed, s,
	                     MHD_OPTION_NOTIFY_CONNECTION, connection, s,
	                     MHD_OPTION_UNESCAPE_CALLBACK, unescape, NULL,
	                     MHD_OPTION_URI_LOG_CALLBACK, uri_seen, s,
	                     MHD_OPTION_END);
	if (!d) { /* libmicrohttpd leaves bind(2)'s errno */
		e = errno;
		undo(s, DONE_WORKERS);
		{
			char ja[300], en[300];
			snprintf(ja, sizeof(ja), "%s で待ち受けできません（%s）",
			         listen, ut_strerror(UT_LANG_JA, e));
			snprintf(en, sizeof(en), "cannot listen on %s: %s",
			         listen, strerror(e));
			return ut_error_set_texts(UT_ERROR, ja, en);
		}
	}
	s->daemon = d;
	di = MHD_get_daemon_info(d, MHD_DAEMON_INFO_BIND_PORT);
	if (port_out)
		*port_out = di ? di->port : (unsigned)ntohs(sa.sin_port);
	*out = s;
	return 0;
no_threads:
	undo(s, done);
	return ut_error_set(UT_ERROR, "cannot start the server's threads");
}

/* The workers stop first: those waiting are resumed before the daemon
 * stops (libmicrohttpd must not stop with a connection suspended). */
void ut_httpd_stop(ut_httpd *s)
{
	if (!s)
		return;
	ut_httpd_conns_halt(&s->conns);
	workers_stop(s);
	MHD_stop_daemon(s->daemon); /* (its connections leave the table) */
	undo(s, DONE_CONNS); /* (the reaper halted already: a no-op) */
}
