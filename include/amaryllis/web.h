/*
 * amaryllis/web.h - the web front end: one page and a JSON API over HTTP
 * (GNU libmicrohttpd), built on the same library calls as the CLI.
 *
 *     POST /api/check      {"sheet": TEXT, "lang": "ja"|"en"}
 *                          -> the document of `check --format json`
 *     POST /api/battle     {"a": TEXT, "b": TEXT, "lang"}
 *                          -> the document of `battle --format json`
 *     POST /api/battle.svg the same request -> the ＨＰ chart (battle --svg)
 *     GET  /api/hill       -> the document of `hill status --format json`
 *     GET  /api/hill/sheet?name=NAME
 *                          -> {"name", "sheet"}: a member's sheet as entered
 *                             (am_hill_member_sheet); 404 for no such member
 *     POST /api/hill/entry {"name", "address", "password", "sheet", "lang"}
 *                          -> {"result", "reply"} (am_hill_process)
 *     GET  /  /app.js  /app.css   the page (compiled in; nothing is ever
 *                                 served from disk)
 *
 * Errors are {"error": TEXT, "status": N} with 400 (bad JSON or request),
 * 404, 405, 413 (body too large), 422 (illegal sheet, or a battle stopped by
 * a limit), 429 (busy: rate or battle slots), 500, 503 (the hill's database
 * is busy).  The server adds 403 (a foreign Origin), 415 (a POST that is
 * not application/json) and 421 (a Host that is not this server's); see
 * docs/WEB.md.
 *
 * am_web_handle is the API without HTTP (no I/O but the hill's database);
 * am_web_start serves it.  Nothing is printed: one line per request goes
 * to the config's log callback.
 */
#ifndef AMARYLLIS_WEB_H
#define AMARYLLIS_WEB_H

#include <stddef.h>
#include <stdint.h>

#include "common.h"

#ifdef __cplusplus
extern "C" {
#endif

#define AM_WEB_CONFIG_VERSION 4

/** Receives one log line (no newline). Called from the server's threads. */
typedef void (*am_web_log_fn)(void *ud, const char *line);

/** Limits and options of the server; every limit has a safe default. */
typedef struct am_web_config {
	unsigned version;       /**< AM_WEB_CONFIG_VERSION */
	const char *hill_path;  /**< the hill's database, or NULL for none */
	size_t max_body;        /**< request body bytes (413 past it) */
	size_t max_units;       /**< population of one battle (422 past it) */
	unsigned battle_ms;     /**< time budget of one battle (422 past it) */
	unsigned max_battles;   /**< battles at once (429 past it); am_web_start
	                             answers the API's POSTs on this many
	                             threads of its own, so more requests wait
	                             their turn */
	unsigned max_conns;     /**< connections at once */
	unsigned client_conns;  /**< connections at once from one address;
	                             0: no limit of its own */
	unsigned threads;       /**< the thread pool that reads and writes the
	                             connections and serves the page */
	unsigned timeout_s;     /**< a connection that sends and takes nothing
	                             for this long is closed */
	unsigned rate;          /**< requests per minute per client address;
	                             0: unlimited */
	unsigned request_timeout_s; /**< a request (line, headers, body) must
	                             be in whole within this many seconds of
	                             the connection's opening or of its last
	                             response, and an answer taken at 4 KiB a
	                             second or more over each such span, else
	                             the connection is closed */
	unsigned hill_wait_ms;  /**< a hill entry waits this long for the
	                             database's write lock (503 past it) */
	const char *const *public_hosts; /**< names the Host header may give
	                             besides the listening address (and
	                             localhost on a loopback address): DNS
	                             names or IPv4 addresses, no port; copied
	                             by am_web_new */
	size_t npublic_hosts;
	am_web_log_fn log;      /**< may be NULL */
	void *log_ud;
	size_t max_reply;       /**< bytes of one battle's answer (422 past
	                             it: the CLI plays any battle); 0: none */
	size_t max_inflight;    /**< bytes of answers being sent at once, to
	                             slow readers too (429 past it, unless
	                             nothing else is being sent); 0: none */
	uint64_t max_work;      /**< work of one battle (am_battle_opts
	                             max_work, BU-POP-3: 422 past it) and of
	                             each battle of a hill entry (a sheet past
	                             it is refused); version 4, version 3
	                             callers get the default */
} am_web_config;

#define AM_WEB_CONFIG_INIT \
	{AM_WEB_CONFIG_VERSION, NULL, 65536, 10000, 2000, 4, 64, 16, 4, 10, \
	 600, 5, 2000, NULL, 0, NULL, NULL, (size_t)4 << 20, (size_t)64 << 20, \
	 4000000}

typedef struct am_web am_web;

/** A response of am_web_handle; free its body with am_web_response_free. */
typedef struct am_web_response {
	int status;            /**< HTTP status */
	const char *type;      /**< Content-Type (static) */
	char *body;            /**< owned */
	size_t len;
	const char *detail;    /**< a short word for the log (static), or NULL */
	const char *allow;     /**< a 405's Allow header, the methods the path
	                            takes (static), or NULL */
} am_web_response;

/**
 * Make the API (no server yet): opens the hill when cfg->hill_path is set.
 * @return 0; AM_ENOMEM; AM_EINVALID for another config version, a public
 *         host that is not a name or a zero request_timeout_s; the hill's
 *         error when it cannot be opened
 */
int am_web_new(am_web **out, const am_web_config *cfg);

/** Stop the server if it runs, close the hill, free; NULL is fine. */
void am_web_free(am_web *web);

/**
 * Answer one request.  `path` is the URL path without the query; `body`
 * need not be NUL-terminated.  Thread-safe.
 * @return 0 (the response says what happened), or AM_ENOMEM
 */
int am_web_handle(am_web_response *out, am_web *web, const char *method,
                  const char *path, const char *body, size_t len);

/**
 * am_web_handle with the URL's query: `query` is what follows the '?', as
 * it came (still percent-encoded), or NULL for none.  GET /api/hill/sheet
 * reads its name there (a malformed encoding is a 400); the other
 * endpoints ignore it.  am_web_handle is this with a NULL query.
 * @return 0 (the response says what happened), or AM_ENOMEM
 */
int am_web_handle_query(am_web_response *out, am_web *web, const char *method,
                        const char *path, const char *query, const char *body,
                        size_t len);

/**
 * am_web_handle_query for a request from the address `client` (the
 * server's, as its log and rate table write it; NULL or "" for none): a
 * battle's time is charged to the client's rate (cfg.rate: a request for
 * each 10 ms it took), so an address within its rate cannot keep the
 * battle slots busy.
 * @return 0 (the response says what happened), or AM_ENOMEM
 */
int am_web_handle_client(am_web_response *out, am_web *web,
                         const char *client, const char *method,
                         const char *path, const char *query,
                         const char *body, size_t len);

/** Free the body of a response (the struct itself is the caller's); the
 *  body is NULL afterwards.  NULL is fine. */
void am_web_response_free(am_web_response *resp);

/**
 * Serve on `listen` ("HOST:PORT", an IPv4 address; port 0 picks one) with
 * a thread pool, until am_web_free.  Before a request reaches
 * am_web_handle the server checks its Host (421; 400 when an HTTP/1.1
 * request has none), and for a POST its Origin (403) and Content-Type
 * (415); it closes connections whose request is not in whole within
 * request_timeout_s or that take an answer at less than 4 KiB a second
 * over such a span, and, when every connection is taken, the one that
 * has waited longest for its request (docs/WEB.md, "Security").
 * @param port_out  receives the port bound (may be NULL)
 * @return 0; AM_ERROR (am_error_last says why) when it cannot listen
 */
int am_web_start(unsigned *port_out, am_web *web, const char *listen);

#ifdef __cplusplus
}
#endif

#endif
