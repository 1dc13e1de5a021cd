/*
 * conns.c - the server's connections and their deadlines, so that slow or
 * idle clients cannot keep every slot (util/httpd.h; docs/WEB.md,
 * "Security", and docs/MEGAMI.md, "The BCDice-API server").
 *
 * A connection is in the table from its opening to its closing
 * (libmicrohttpd's connection notifications, server.c).  It is *ready*
 * while it waits for a request or reads one, *busy* from the moment its
 * request is in whole (or answered early) until its response has been
 * sent; then ready again.
 *
 * - The deadline: a ready connection whose request is not in whole
 *   `deadline` seconds after it became ready (opened, or its last response
 *   sent) is closed by the reaper thread, which looks every TICK_NS (0.1 s).
 *   Not while bytes it sent wait unread in its socket: then the server is
 *   behind (its thread busy with another connection), not the client.
 *   Its reason is "request-timeout" when a request line had come, "idle"
 *   when none had (an idle keep-alive connection, or a request line that
 *   trickles).
 * - The reader's pace: once its response is queued, a connection must take
 *   at least MIN_RATE bytes a second of it (the bytes its system
 *   acknowledged, TCP_INFO), over each span of `deadline` seconds from the
 *   queuing on; the reaper closes one that took less in a span
 *   ("slow-read").  Not when, at the span's end, nothing we sent waits
 *   for it (SIOCOUTQ empty): then the server is behind.  Only an answer larger than the
 *   sockets' buffers is still being sent after a span; libmicrohttpd's own
 *   inactivity limit (timeout_s) only closes a reader that takes nothing,
 *   and one that takes a byte now and then would keep its slot for as long
 *   as the answer lasts.  Spans rather than the average since the
 *   queuing, so that a large receive buffer, filled at once, buys a
 *   trickling reader one span and no more.
 * - Room for newcomers: when a new connection takes the last free slot,
 *   the ready connection that has waited longest is closed, so that the
 *   next client finds a slot (the reaper keeps one free too, when it can).
 *   Only one that has waited at least EVICT_AGE (50 ms) with nothing
 *   unread: a client sends its request right after the handshake, so a
 *   connection that waits for it longer is idle or slow; and one opened
 *   a moment ago is not closed by the flood of connections behind it.  A
 *   busy connection is never closed here.
 *
 * Closing is shutdown(2) of the socket: libmicrohttpd sees the end of the
 * stream in its own thread and closes the connection.  Its CLOSED
 * notification (ut_httpd_conn_closed) takes the connection out of the table
 * before the descriptor is closed, under the table's lock, so the
 * descriptor the reaper shuts is always the connection's own.
 */
#include <assert.h>
#include <errno.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <linux/sockios.h>
#include <linux/tcp.h>
#include <netinet/in.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <time.h>

#include "httpd_int.h"

/* Bytes the client sent that the server has not read yet. */
static int unread(int fd)
{
	int n = 0;

	return ioctl(fd, FIONREAD, &n) == 0 && n > 0;
}

/* Bytes we sent that the client has not acknowledged yet. */
static int waiting(int fd)
{
	int n = 0;

	return ioctl(fd, SIOCOUTQ, &n) == 0 && n > 0;
}

uint64_t ut_httpd_tcp_bytes(int fd, int sent)
{
	struct tcp_info ti;
	socklen_t n = sizeof(ti);
	size_t need = sent ? offsetof(struct tcp_info, tcpi_bytes_acked) +
	                     sizeof(ti.tcpi_bytes_acked)
	                   : offsetof(struct tcp_info, tcpi_bytes_received) +
	                     sizeof(ti.tcpi_bytes_received);

	memset(&ti, 0, sizeof(ti));
	if (getsockopt(fd, IPPROTO_TCP, TCP_INFO, &ti, &n) != 0 || n < need)
		return UINT64_MAX;
	return sent ? ti.tcpi_bytes_acked : ti.tcpi_bytes_received;
}

/* The bytes the client has acknowledged on this connection. */
static uint64_t acked(int fd)
{
	return ut_httpd_tcp_bytes(fd, 1);
}

/* Bytes a second a client must take of an answer being sent, over each
 * span (4 KiB: 32 kbit/s, below any link a page is read on today). */
#define MIN_RATE 4096.0

/* c's response is being sent and a span of `deadline` seconds has passed
 * since the last (or the queuing): whether the client took less than
 * MIN_RATE bytes a second in it while bytes waited for it.  A span ends
 * here either way (the lock held). */
static int slow_reader(const ut_httpd_conns *t, ut_httpd_conn *c,
                       double now)
{
	double span = now - c->span_since;
	uint64_t got, before = c->span_acked;

	if (!c->sending || span < t->deadline)
		return 0;
	got = acked(c->fd);
	c->span_since = now;
	c->span_acked = got;
	return waiting(c->fd) && got != UINT64_MAX && before != UINT64_MAX &&
	       got >= before && (double)(got - before) < MIN_RATE * span;
}

/* Seconds a ready connection must have waited before it makes room. */
#define EVICT_AGE 0.05

/* The reaper's period (ns): the deadline's precision, and how often it
 * makes room when no slot is free. */
#define TICK_NS 100000000

/* Close c (the lock held): its thread will see the end of the stream.  A
 * slow reader's connection is reset when it closes, so that the bytes
 * waiting for it are dropped rather than kept for it by the system. */
static void cut(ut_httpd_conns *t, ut_httpd_conn *c, const char *why)
{
	if (!strcmp(why, "slow-read"))
		(void)setsockopt(c->fd, SOL_SOCKET, SO_LINGER,
		                 &(struct linger){1, 0}, sizeof(struct linger));
	c->cut = why;
	t->cutting++;
	shutdown(c->fd, SHUT_RDWR);
}

/* When no slot is free, close the ready connection that has waited
 * longest (at least EVICT_AGE, nothing unread), but never `except`. */
static void make_room(ut_httpd_conns *t, const ut_httpd_conn *except,
                      double now)
{
	ut_httpd_conn *p, *old = NULL;

	if (t->count - t->cutting < t->max)
		return;
	for (p = t->head; p; p = p->next)
		if (p != except && !p->busy && !p->cut &&
		    now - p->since >= EVICT_AGE &&
		    (!old || p->since < old->since) && !unread(p->fd))
			old = p;
	if (old)
		cut(t, old, "evicted");
}

static void *reaper(void *arg)
{
	ut_httpd_conns *t = arg;
	struct timespec ts;
	ut_httpd_conn *c;
	double now;

	pthread_mutex_lock(&t->lock);
	while (!t->stop) {
		now = ut_httpd_now();
		for (c = t->head; c; c = c->next)
			if (!c->busy && !c->cut && now - c->since > t->deadline &&
			    !unread(c->fd))
				cut(t, c, c->started ? "request-timeout" : "idle");
			else if (c->busy && !c->cut && slow_reader(t, c, now))
				cut(t, c, "slow-read");
		make_room(t, NULL, now);
		clock_gettime(CLOCK_MONOTONIC, &ts);
		ts.tv_nsec += TICK_NS;
		if (ts.tv_nsec >= 1000000000) {
			ts.tv_sec++;
			ts.tv_nsec -= 1000000000;
		}
		while (!t->stop &&
		       pthread_cond_timedwait(&t->wake, &t->lock, &ts) == EINTR)
			;
	}
	pthread_mutex_unlock(&t->lock);
	return NULL;
}

int ut_httpd_conns_start(ut_httpd_conns *t, unsigned max, double deadline)
{
	pthread_condattr_t ca;

	memset(t, 0, sizeof(*t));
	t->max = max;
	t->deadline = deadline;
	if (pthread_mutex_init(&t->lock, NULL) != 0)
		return -1;
	if (pthread_condattr_init(&ca) != 0 ||
	    pthread_condattr_setclock(&ca, CLOCK_MONOTONIC) != 0 ||
	    pthread_cond_init(&t->wake, &ca) != 0) {
		pthread_mutex_destroy(&t->lock);
		return -1;
	}
	pthread_condattr_destroy(&ca);
	if (pthread_create(&t->thread, NULL, reaper, t) != 0) {
		pthread_cond_destroy(&t->wake);
		pthread_mutex_destroy(&t->lock);
		return -1;
	}
	t->running = 1;
	return 0;
}

void ut_httpd_conns_halt(ut_httpd_conns *t)
{
	if (!t->running)
		return;
	pthread_mutex_lock(&t->lock);
	t->stop = 1;
	pthread_cond_signal(&t->wake);
	pthread_mutex_unlock(&t->lock);
	pthread_join(t->thread, NULL);
	t->running = 0;
}

void ut_httpd_conns_free(ut_httpd_conns *t)
{
	ut_httpd_conn *c, *n;

	assert(!t->running);
	for (c = t->head; c; c = n) { /* (libmicrohttpd closed them all) */
		n = c->next;
		free(c);
	}
	pthread_cond_destroy(&t->wake);
	pthread_mutex_destroy(&t->lock);
	memset(t, 0, sizeof(*t));
}

/*
 * A connection opened (c is the caller's, filled but for the links; the
 * table keeps it until ut_httpd_conn_closed).  When it takes the last
 * slot, the ready connection that has waited longest is closed.
 */
void ut_httpd_conn_opened(ut_httpd_conns *t, ut_httpd_conn *c)
{
	pthread_mutex_lock(&t->lock);
	c->since = ut_httpd_now();
	c->prev = t->tail;
	c->next = NULL;
	if (t->tail)
		t->tail->next = c;
	else
		t->head = c;
	t->tail = c;
	t->count++;
	make_room(t, c, c->since);
	pthread_mutex_unlock(&t->lock);
}

/* The connection closes: out of the table (the caller frees c). */
void ut_httpd_conn_closed(ut_httpd_conns *t, ut_httpd_conn *c)
{
	pthread_mutex_lock(&t->lock);
	if (c->prev)
		c->prev->next = c->next;
	else
		t->head = c->next;
	if (c->next)
		c->next->prev = c->prev;
	else
		t->tail = c->prev;
	assert(t->count > 0);
	t->count--;
	if (c->cut) {
		assert(t->cutting > 0);
		t->cutting--;
	}
	pthread_mutex_unlock(&t->lock);
}

/* Busy (1: its request is in whole, or answered) or ready again (0: its
 * response was sent; the deadline starts now). */
void ut_httpd_conn_busy(ut_httpd_conns *t, ut_httpd_conn *c, int busy)
{
	pthread_mutex_lock(&t->lock);
	c->busy = busy;
	if (!busy) {
		c->since = ut_httpd_now();
		c->started = 0;
		c->sending = 0;
	}
	pthread_mutex_unlock(&t->lock);
}

/* Its response is queued (busy already): the reader's first span starts
 * now. */
void ut_httpd_conn_sending(ut_httpd_conns *t, ut_httpd_conn *c)
{
	uint64_t got = acked(c->fd);

	pthread_mutex_lock(&t->lock);
	c->sending = 1;
	c->span_since = ut_httpd_now();
	c->span_acked = got;
	pthread_mutex_unlock(&t->lock);
}

/* A request line came (its closing says "request-timeout", not "idle"). */
void ut_httpd_conn_started(ut_httpd_conns *t, ut_httpd_conn *c)
{
	pthread_mutex_lock(&t->lock);
	c->started = 1;
	pthread_mutex_unlock(&t->lock);
}

/* Why the server closed c ("request-timeout", "idle", "evicted",
 * "slow-read"), or NULL. */
const char *ut_httpd_conn_cut(ut_httpd_conns *t, ut_httpd_conn *c)
{
	const char *why;

	pthread_mutex_lock(&t->lock);
	why = c->cut;
	pthread_mutex_unlock(&t->lock);
	return why;
}
