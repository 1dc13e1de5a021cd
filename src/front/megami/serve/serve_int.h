/* serve_int.h - what the files of the BCDice-API server share.  A function
 * shared between files is mg_serve_<name> (every global symbol carries its
 * system's prefix, tests/symbols.sh).  rate.c, conns.c and the Host check
 * of guard.c are copies of amaryllis's web server (src/front/amaryllis/web/),
 * renamed, until the two are one module of util. */
#ifndef MG_SERVE_INT_H
#define MG_SERVE_INT_H

#include <pthread.h>
#include <stdint.h>

#include "megami/serve.h"
#include "util/rng.h"

/* ---- rate.c: per-client token buckets in a bounded table ---- */
#define SRV_RATE_ENTRIES 4096  /* addresses remembered */
#define SRV_RATE_CHAINS 4096

typedef struct srv_rate_entry {
	char addr[48];     /* client address */
	double tokens;
	double stamp;      /* seconds, monotonic */
	int next;          /* the next entry of its hash chain, or -1 */
	int older, newer;  /* the age list, or -1 */
} srv_rate_entry;

typedef struct srv_rate {
	srv_rate_entry *e; /* cap entries, the first `used` in use */
	int *heads;        /* nbuckets chains, -1 for an empty one */
	unsigned cap, nbuckets, used;
	int oldest, newest;
	uint64_t seed;
} srv_rate;

/* 0, or -1 out of memory. */
int mg_serve_rate_init(srv_rate *t, unsigned cap, unsigned nbuckets,
                       uint64_t seed);
void mg_serve_rate_free(srv_rate *t);
int mg_serve_rate_take(srv_rate *t, const char *addr, double now,
                       double per_minute);

/* ---- conns.c: the connections, their deadline, room for newcomers ---- */
typedef struct srv_conn {
	struct srv_conn *prev, *next;
	int fd;
	int busy;          /* its request is in whole: being answered */
	int started;       /* a request line came since it became ready */
	double since;      /* ready since (opened, or its last response sent) */
	const char *cut;   /* why the server closed it, or NULL */
	int cut_logged;    /* a request's log line said so (server.c) */
	char addr[48];     /* the client's address */
	char local[48];    /* the address it came in on */
} srv_conn;

typedef struct srv_conns {
	pthread_mutex_t lock;
	pthread_cond_t wake;
	pthread_t thread;  /* the reaper */
	int running, stop;
	srv_conn *head, *tail; /* in the order they opened */
	unsigned count;    /* in the table */
	unsigned cutting;  /* closed by us, not yet gone */
	unsigned max;      /* the connection limit */
	double deadline;   /* seconds for a whole request */
} srv_conns;

int mg_serve_conns_start(srv_conns *t, unsigned max, double deadline);
void mg_serve_conns_halt(srv_conns *t);   /* stop the reaper */
void mg_serve_conns_free(srv_conns *t);   /* after the daemon stopped */
void mg_serve_conn_opened(srv_conns *t, srv_conn *c);
void mg_serve_conn_closed(srv_conns *t, srv_conn *c);
void mg_serve_conn_busy(srv_conns *t, srv_conn *c, int busy);
void mg_serve_conn_started(srv_conns *t, srv_conn *c);
const char *mg_serve_conn_cut(srv_conns *t, srv_conn *c);

/* ---- guard.c: the headers a request must carry ---- */

/* 0 when Host names this server (the address `local` the connection came
 * in on, localhost on a loopback address, or one of the public hosts),
 * 421 when it names another, 400 when it is malformed. */
int mg_serve_host_check(char *const *hosts, size_t nhosts, const char *local,
                        const char *host);
/* 1 for a name --public-host takes: a DNS name or IPv4 address, no port. */
int mg_serve_public_host_ok(const char *name);
/* 1 for application/x-www-form-urlencoded, with or without parameters. */
int mg_serve_form_type(const char *type);

/* ---- the API's state (api.c) ---- */
struct mg_serve {
	mg_serve_config cfg;
	char **hosts;           /* copies of cfg.public_hosts */
	pthread_mutex_t lock;   /* the dice, the rate table */
	ut_dice dice;           /* seeded with cfg.seed */
	srv_rate rate;
	void *daemon;           /* struct MHD_Daemon * while serving */
	srv_conns conns;        /* while serving */
};

/* Seconds on the monotonic clock. */
double mg_serve_now(void);

/* Stop serving (server.c), if it serves; mg_serve_free calls it. */
void mg_serve_stop(mg_serve *s);

#endif
