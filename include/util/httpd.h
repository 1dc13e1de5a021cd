/*
 * util/httpd.h - the HTTP server of the project's front ends (amaryllis's
 * web page, megami's BCDice-API server) on GNU libmicrohttpd: a thread
 * pool, the limits (body size, connections, slow and idle clients, the
 * per-client rate of util/http.h), the Host header, one log line per
 * request.  What differs between the servers comes through hooks: the
 * answer to a request, the checks after Host, the headers every response
 * carries, the body of a refusal.
 *
 *     ut_httpd_config cfg = UT_HTTPD_CONFIG_INIT;
 *     cfg.handle = my_handle; cfg.ud = me; ...
 *     if (ut_httpd_start(&srv, &port, &cfg, "127.0.0.1:8080") < 0) ...
 *     ...
 *     ut_httpd_stop(srv);
 *
 * The one part of util that does network I/O: it is built as its own
 * library, util_httpd, which only the front ends link.  It prints nothing;
 * log lines go to the config's callback.
 */
#ifndef UT_HTTPD_H
#define UT_HTTPD_H

#include <pthread.h>
#include <stddef.h>
#include <stdint.h>

#include "http.h"

#ifdef __cplusplus
extern "C" {
#endif

/** A server while it serves (ut_httpd_start to ut_httpd_stop). */
typedef struct ut_httpd ut_httpd;
/** A request being read: its headers (ut_httpd_header). */
typedef struct ut_httpd_req ut_httpd_req;
/** A response being made: its headers (ut_httpd_reply_header). */
typedef struct ut_httpd_reply ut_httpd_reply;

/** An answer of the handle hook; the server frees body. */
typedef struct ut_httpd_response {
	int status;            /**< HTTP status */
	const char *type;      /**< Content-Type (static) */
	char *body;            /**< owned, malloc'd (NULL with len 0) */
	size_t len;
	const char *detail;    /**< a short word for the log (static), or NULL */
	const char *allow;     /**< the Allow header of a 405 (static), or NULL */
} ut_httpd_response;

#define UT_HTTPD_CONFIG_VERSION 2

/** The server's limits and hooks; strings and tables are borrowed for as
 *  long as it serves. */
typedef struct ut_httpd_config {
	unsigned version;       /**< UT_HTTPD_CONFIG_VERSION */
	size_t max_body;        /**< request body bytes (413 past it) */
	unsigned max_conns;     /**< connections at once (0 is 1) */
	unsigned client_conns;  /**< at once from one address; 0: no limit */
	unsigned threads;       /**< the thread pool that reads and writes
	                             the connections and answers requests
	                             (0 is 1) */
	unsigned timeout_s;     /**< close a connection idle this long */
	unsigned request_timeout_s; /**< a request in whole within this long
	                             of the connection's opening or its last
	                             response; an answer taken at 4 KiB a
	                             second or more over each such span */
	unsigned rate;          /**< requests a minute per address; 0: none
	                             (a large answer costs more:
	                             UT_HTTPD_BYTES_PER_REQUEST) */
	ut_http_rate *rate_table; /**< the rate's table (needed when rate) */
	pthread_mutex_t *rate_lock; /**< held around rate_table's use */
	const char *const *hosts; /**< names Host may give besides the
	                             listening address (ut_http_host_check) */
	size_t nhosts;
	const char *msg_host;   /**< the message of a 421 (another Host) */
	const char *msg_rate;   /**< the message of a 429 (rate) */
	const char *msg_too_large; /**< the message of a 413 (max_body) */
	void (*log)(void *ud, const char *line); /**< may be NULL */
	void *log_ud;
	size_t max_inflight;    /**< bytes of responses being sent at once
	                             (429 past it, unless nothing else is
	                             being sent); 0: no limit */
	const char *msg_busy;   /**< the message of a 429 (max_inflight) */
	void *ud;               /**< passed to every hook */
	/** Answer a request in whole (client: the address it came from, as
	 *  the log and the rate table write it; query: after '?' as received,
	 *  or NULL; body: NUL-terminated, or NULL).  @return 0, or <0 out of
	 *  memory */
	int (*handle)(ut_httpd_response *out, void *ud, const char *client,
	              const char *method, const char *url, const char *query,
	              const char *body, size_t len);
	/** The server's own checks of a request's headers, after Host (may be
	 *  NULL).  @return 0, or the status of the refusal with *detail (for
	 *  the log) and *msg set */
	int (*check)(void *ud, ut_httpd_req *rq, const char *method,
	             const char *host, const char **detail, const char **msg);
	/** Headers every response carries besides Content-Type,
	 *  X-Content-Type-Options and Cache-Control (may be NULL); method is
	 *  the request's, made printable. */
	void (*headers)(void *ud, ut_httpd_reply *rp, const char *method,
	                int status);
	/** The JSON body of a refusal (status, message) in buf, as snprintf.
	 *  @return its length */
	int (*error_body)(char *buf, size_t size, int status, const char *msg);
	size_t max_query;       /**< bytes after '?' (414 past it); 0 is
	                             UT_HTTPD_MAX_QUERY */
	int multipart_forms;    /**< 1: a multipart/form-data body reaches
	                             handle as the same fields
	                             application/x-www-form-urlencoded (a
	                             file's field left out; 400 when it is not
	                             valid), as a browser's FormData is read
	                             by Rack; the check hook must let its
	                             Content-Type through */
	unsigned workers;       /**< threads of their own for the requests
	                             the slow hook names (0: none, every
	                             request is answered on the thread that
	                             reads it) */
	/** A request in whole (its headers and body read) to be answered on
	 *  a worker, not on the thread pool that reads and writes every
	 *  connection (may be NULL: none).  Its connection waits, without a
	 *  deadline, until a worker is free.  Workers take the requests in
	 *  turn across client addresses: a newcomer goes before the second
	 *  request of an address being answered, so many requests from one
	 *  address do not hold back another's.  When a worker takes it, a
	 *  request whose client has gone is dropped (logged "gone"), and one
	 *  whose address owes requests (the rate) is 429.  @return 1 for a
	 *  worker */
	int (*slow)(void *ud, const char *method, const char *url);
} ut_httpd_config;

/** With a rate (ut_httpd_config.rate), an answer costs its client a
 *  request more for each this many bytes past the first. */
#define UT_HTTPD_BYTES_PER_REQUEST 65536

/** The longest query by default: the hooks read a name or a dice command
 *  there. */
#define UT_HTTPD_MAX_QUERY 4096

#define UT_HTTPD_CONFIG_INIT {UT_HTTPD_CONFIG_VERSION, 0, 0, 0, 0, 0, 0, 0, \
	NULL, NULL, NULL, 0, NULL, NULL, NULL, NULL, NULL, 0, NULL, NULL, NULL, \
	NULL, NULL, NULL, 0, 0, 0, NULL}

/**
 * Serve on listen ("IPV4:PORT"; port 0 picks one).
 * @param out       receives the server (the caller stops it)
 * @param port_out  receives the port bound (may be NULL)
 * @return 0; UT_EINVALID for a bad address or config; UT_ERROR when it
 *         cannot listen or start its threads (ut_error_last says why)
 */
int ut_httpd_start(ut_httpd **out, unsigned *port_out,
                   const ut_httpd_config *cfg, const char *listen);

/** Stop serving and free the server (NULL is nothing); the hooks are not
 *  called after it returns. */
void ut_httpd_stop(ut_httpd *srv);

/** @return the value of a request header (the first one), or NULL */
const char *ut_httpd_header(ut_httpd_req *rq, const char *name);

/** Add a header to a response being made. */
void ut_httpd_reply_header(ut_httpd_reply *rp, const char *name,
                           const char *value);

/** @return seconds on the monotonic clock */
double ut_httpd_now(void);

/** @return a secret seed for a rate table's hash (getrandom(2), else the
 *          clock and an address) */
uint64_t ut_httpd_seed(void);

#ifdef __cplusplus
}
#endif

#endif
