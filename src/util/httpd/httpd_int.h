/* httpd_int.h - what the files of util_httpd share (util/httpd.h): the
 * connection table of conns.c, used by server.c.  A function shared
 * between files is ut_httpd_<name> (util's prefix, tests/symbols.sh). */
#ifndef UT_HTTPD_INT_H
#define UT_HTTPD_INT_H

#include <pthread.h>
#include <stdint.h>

#include "util/httpd.h"

/* ---- conns.c: the connections, their deadline, room for newcomers ---- */
typedef struct ut_httpd_conn {
	struct ut_httpd_conn *prev, *next;
	int fd;
	int busy;          /* its request is in whole: being answered */
	int started;       /* a request line came since it became ready */
	double since;      /* ready since (opened, or its last response sent) */
	int sending;       /* its response is queued: being sent */
	double span_since; /* the reader's span began (conns.c) */
	uint64_t span_acked; /* bytes the client had acknowledged then */
	const char *cut;   /* why the server closed it, or NULL */
	int cut_logged;    /* a request's log line said so (server.c) */
	uint64_t rx_logged; /* bytes received when its last line was logged
	                      (server.c; its own thread only) */
	char addr[48];     /* the client's address */
	char local[48];    /* the address it came in on */
} ut_httpd_conn;

typedef struct ut_httpd_conns {
	pthread_mutex_t lock;
	pthread_cond_t wake;
	pthread_t thread;  /* the reaper */
	int running, stop;
	ut_httpd_conn *head, *tail; /* in the order they opened */
	unsigned count;    /* in the table */
	unsigned cutting;  /* closed by us, not yet gone */
	unsigned max;      /* the connection limit */
	double deadline;   /* seconds for a whole request */
} ut_httpd_conns;

int ut_httpd_conns_start(ut_httpd_conns *t, unsigned max, double deadline);
void ut_httpd_conns_halt(ut_httpd_conns *t);   /* stop the reaper */
void ut_httpd_conns_free(ut_httpd_conns *t);   /* after the daemon stopped */
void ut_httpd_conn_opened(ut_httpd_conns *t, ut_httpd_conn *c);
void ut_httpd_conn_closed(ut_httpd_conns *t, ut_httpd_conn *c);
void ut_httpd_conn_busy(ut_httpd_conns *t, ut_httpd_conn *c, int busy);
void ut_httpd_conn_started(ut_httpd_conns *t, ut_httpd_conn *c);
void ut_httpd_conn_sending(ut_httpd_conns *t, ut_httpd_conn *c);
/* The bytes of a TCP connection so far (TCP_INFO): acknowledged by the
 * peer when `sent`, else received (a FIN received counts one); UINT64_MAX
 * when the system does not say. */
uint64_t ut_httpd_tcp_bytes(int fd, int sent);
const char *ut_httpd_conn_cut(ut_httpd_conns *t, ut_httpd_conn *c);

#endif
