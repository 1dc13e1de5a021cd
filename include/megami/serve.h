/*
 * megami/serve.h - `megami serve`: a BCDice-API v2 server for online
 * tables and chat bots (GNU libmicrohttpd), on the dice bot of dice.h
 * (docs/MEGAMI.md, "The BCDice-API server").
 *
 *     GET  /v2/version                 {"api", "bcdice"}
 *     GET  /v2/admin                   {"name", "url", "email"}
 *     GET  /v2/game_system             {"game_system": [{"id": "SRS", …}]}
 *     GET  /v2/game_system/SRS         {"ok", "id", "name", "sort_key",
 *                                       "command_pattern", "help_message"}
 *     GET|POST /v2/game_system/SRS/roll?command=2D6%2B1%3E%3D8
 *                                      {"ok", "text", "secret", "success",
 *                                       "failure", "critical", "fumble",
 *                                       "rands"} (render.h's mg_dice_json)
 *     POST /v2/original_table          table=TEXT: {"ok", "text", "rands"}
 *
 * Errors are 400 {"ok":false,"reason":"unsupported game system" |
 * "unsupported command" | "unsupported table" | "bad request"} as
 * BCDice-API answers, 404 "not found", 405 "method not allowed" (with
 * Allow: the path's methods, RFC 9110 section 15.5.6), 413,
 * 414 (a query over 10240 bytes), 415, 421, 429, 500.  Every answer carries
 * Access-Control-Allow-Origin: *, so that a page of any site may call it.
 *
 * mg_serve_handle is the API without HTTP (no I/O); mg_serve_start serves
 * it.  Nothing is printed: one line per request goes to the log callback.
 */
#ifndef MEGAMI_SERVE_H
#define MEGAMI_SERVE_H

#include <stddef.h>
#include <stdint.h>

#include "common.h"

#ifdef __cplusplus
extern "C" {
#endif

#define MG_SERVE_CONFIG_VERSION 1

/** Receives one log line (no newline); called from the server's threads. */
typedef void (*mg_serve_log_fn)(void *ud, const char *line);

/** Options of the server; every limit has a safe default. */
typedef struct mg_serve_config {
	unsigned version;       /**< MG_SERVE_CONFIG_VERSION */
	uint64_t seed;          /**< the seed of the server's dice */
	const char *api_version; /**< "api" of /v2/version (the tool's version) */
	const char *admin_name; /**< /v2/admin; NULL is "" */
	const char *admin_url;
	const char *admin_email;
	mg_lang lang;           /**< the language of help_message */
	size_t max_body;        /**< request body bytes (413 past it) */
	unsigned max_conns;     /**< connections at once */
	unsigned client_conns;  /**< connections at once from one address;
	                             0: no limit of its own */
	unsigned threads;       /**< the thread pool */
	unsigned timeout_s;     /**< close a connection idle this long */
	unsigned rate;          /**< requests a minute per client address;
	                             0: unlimited */
	unsigned request_timeout_s; /**< a request must be in whole within
	                             this many seconds of the connection's
	                             opening or its last response; and an
	                             answer taken at 4 KiB a second or more
	                             over each such span */
	const char *const *public_hosts; /**< names Host may give besides the
	                             listening address (copied) */
	size_t npublic_hosts;
	mg_serve_log_fn log;    /**< may be NULL */
	void *log_ud;
} mg_serve_config;

#define MG_SERVE_CONFIG_INIT \
	{MG_SERVE_CONFIG_VERSION, 0, "", NULL, NULL, NULL, MG_LANG_JA, 65536, \
	 64, 16, 4, 10, 600, 5, NULL, 0, NULL, NULL}

typedef struct mg_serve mg_serve;

/** An answer of mg_serve_handle; free its body with mg_serve_response_free. */
typedef struct mg_serve_response {
	int status;          /**< HTTP status */
	const char *type;    /**< Content-Type (static) */
	char *body;          /**< owned */
	size_t len;
	const char *detail;  /**< a short word for the log (static), or NULL */
	const char *allow;   /**< a 405's Allow header: the path's methods
	                          (static), else NULL */
} mg_serve_response;

/**
 * Make the API (no server yet).
 * @return 0; MG_ENOMEM; MG_EINVALID for another config version, a public
 *         host that is not a name or a zero request_timeout_s
 */
int mg_serve_new(mg_serve **out, const mg_serve_config *cfg);

/** Stop serving if it serves, free; NULL is fine. */
void mg_serve_free(mg_serve *s);

/**
 * Answer one request.  `path` is the URL's path (decoded), `query` what
 * follows the '?' as it came (percent-encoded) or NULL, `body` the
 * request's body (form-urlencoded for a POST; need not be NUL-terminated).
 * Thread-safe: the dice are shared under a lock.
 * @return 0 (the response says what happened), or MG_ENOMEM
 */
int mg_serve_handle(mg_serve_response *out, mg_serve *s, const char *method,
                    const char *path, const char *query, const char *body,
                    size_t len);

/** Free the body of a response; NULL is fine. */
void mg_serve_response_free(mg_serve_response *r);

/**
 * Serve on `listen` ("HOST:PORT", IPv4; port 0 picks one) with a thread
 * pool until mg_serve_free.  Before a request reaches mg_serve_handle the
 * server checks its rate (429), its Host (400, 421), a POST's type (415)
 * and size (413); it closes connections whose request is not in whole in
 * time, and when every slot is taken the one that waited longest.
 * @param port_out  the port bound (may be NULL)
 * @return 0; MG_EINVALID for a malformed `listen`; MG_ERROR when it cannot
 *         listen (mg_error_last says why)
 */
int mg_serve_start(unsigned *port_out, mg_serve *s, const char *listen);

#ifdef __cplusplus
}
#endif

#endif
