/* serve_int.h - what the files of the BCDice-API server share.  A function
 * shared between files is mg_serve_<name> (every global symbol carries its
 * system's prefix, tests/symbols.sh).  The server itself, its connection
 * table, rate table and Host check are util's (util/httpd.h, util/http.h),
 * shared with amaryllis's web server. */
#ifndef MG_SERVE_INT_H
#define MG_SERVE_INT_H

#include <pthread.h>
#include <stdint.h>

#include "megami/serve.h"
#include "util/http.h"
#include "util/httpd.h"
#include "util/rng.h"

/* ---- guard.c: the headers a request must carry (after Host) ---- */

/* The check of util_httpd after Host: a POST with a body sends a form
 * (415).  0, or the status with *detail and *msg. */
int mg_serve_check(void *ud, ut_httpd_req *rq, const char *method,
                   const char *host, const char **detail, const char **msg);

/* ---- the API's state (api.c) ---- */
struct mg_serve {
	mg_serve_config cfg;
	char **hosts;           /* copies of cfg.public_hosts */
	pthread_mutex_t lock;   /* the dice, the rate table */
	ut_dice dice;           /* seeded with cfg.seed */
	ut_http_rate rate;
	ut_httpd *srv;          /* while serving (server.c) */
};

/* Stop serving (server.c), if it serves; mg_serve_free calls it. */
void mg_serve_stop(mg_serve *s);

#endif
