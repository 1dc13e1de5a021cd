/*
 * server.c - what the commands that run a server share (amaryllis serve,
 * megami serve; util/cli.h): the log line on stderr and the check of a
 * --public-host name.
 *
 * The log never holds up a request: the server's threads put their lines
 * in a queue of LOG_QUEUE bytes and one thread of its own writes them to
 * stderr.  When stderr is not being read (a full pipe, a stopped pager)
 * the queue fills and the lines past it are dropped and counted; once
 * stderr takes bytes again, a line says how many were lost.  At exit the
 * queue is written out, for at most LOG_EXIT_S seconds.
 *
 * A write of more than PIPE_BUF bytes to a pipe is not atomic: another
 * write to it can land inside it.  So whatever else the server says on
 * stderr while it runs (that it stops) goes through ut_cli_log_say, which
 * writes between the writer's writes (log_out), never inside a line, and
 * gives up after LOG_EXIT_S seconds when stderr is not being read.
 */
#include <poll.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "util/cli.h"

#define LOG_QUEUE (256u * 1024u)
#define LOG_EXIT_S 2

static pthread_mutex_t log_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t log_more = PTHREAD_COND_INITIALIZER;  /* to write */
static pthread_cond_t log_empty = PTHREAD_COND_INITIALIZER; /* written */
static pthread_once_t log_once = PTHREAD_ONCE_INIT;
static char log_queue[LOG_QUEUE];
static size_t log_len;            /* bytes queued */
static unsigned long log_dropped; /* lines dropped since the last said */
static int log_writing;           /* the writer holds bytes it took */
static int log_thread_ok;         /* the writer runs */
/* held by whoever writes to stderr: the writer, ut_cli_log_say */
static pthread_mutex_t log_out = PTHREAD_MUTEX_INITIALIZER;

static void stamp(char *out, size_t size)
{
	time_t t = time(NULL);
	struct tm tm;

	gmtime_r(&t, &tm);
	strftime(out, size, "%Y-%m-%dT%H:%M:%SZ", &tm);
}

/* The writer: takes everything queued, writes it without the lock. */
static void *writer(void *arg)
{
	static char out[LOG_QUEUE + 160];
	char st[32];
	size_t n;
	(void)arg;

	pthread_mutex_lock(&log_lock);
	for (;;) {
		while (log_len == 0 && log_dropped == 0)
			pthread_cond_wait(&log_more, &log_lock);
		n = 0;
		if (log_dropped) {
			stamp(st, sizeof(st));
			n = (size_t)snprintf(out, 160, "%s log: %lu line(s) dropped: "
			                     "standard error was not being read\n",
			                     st, log_dropped);
			log_dropped = 0;
		}
		memcpy(out + n, log_queue, log_len);
		n += log_len;
		log_len = 0;
		log_writing = 1;
		pthread_mutex_unlock(&log_lock);
		/* (a failed write: those lines are lost) */
		pthread_mutex_lock(&log_out);
		(void)ut_cli_write_all(STDERR_FILENO, out, n);
		pthread_mutex_unlock(&log_out);
		pthread_mutex_lock(&log_lock);
		log_writing = 0;
		pthread_cond_broadcast(&log_empty);
	}
	return NULL;
}

/* LOG_EXIT_S seconds from now, on the clock of the timed waits. */
static struct timespec log_deadline(void)
{
	struct timespec until;

	clock_gettime(CLOCK_REALTIME, &until);
	until.tv_sec += LOG_EXIT_S;
	return until;
}

/* At exit: what is queued, written within LOG_EXIT_S seconds. */
static void drain(void)
{
	struct timespec until = log_deadline();

	pthread_mutex_lock(&log_lock);
	while ((log_len || log_writing) &&
	       pthread_cond_timedwait(&log_empty, &log_lock, &until) == 0)
		;
	pthread_mutex_unlock(&log_lock);
}

static void start(void)
{
	pthread_t t;

	if (pthread_create(&t, NULL, writer, NULL) == 0) {
		pthread_detach(t);
		log_thread_ok = 1;
		atexit(drain);
	}
}

void ut_cli_log_line(void *ud, const char *line)
{
	char st[32], buf[1024];
	int n;
	(void)ud;

	stamp(st, sizeof(st));
	n = snprintf(buf, sizeof(buf), "%s %s\n", st, line);
	if (n < 0)
		return;
	if ((size_t)n >= sizeof(buf)) { /* (a cut line still ends its line) */
		n = (int)sizeof(buf) - 1;
		buf[n - 1] = '\n';
	}
	pthread_once(&log_once, start);
	pthread_mutex_lock(&log_lock);
	if (!log_thread_ok) { /* no thread: written here, checked */
		pthread_mutex_lock(&log_out);
		if (ut_cli_write_all(STDERR_FILENO, buf, (size_t)n) < 0)
			log_dropped++;
		pthread_mutex_unlock(&log_out);
	} else if (log_len + (size_t)n > LOG_QUEUE) {
		log_dropped++;
	} else {
		memcpy(log_queue + log_len, buf, (size_t)n);
		log_len += (size_t)n;
		pthread_cond_signal(&log_more);
	}
	pthread_mutex_unlock(&log_lock);
}

void ut_cli_log_say(const char *text)
{
	struct timespec until = log_deadline();
	struct pollfd p;

	/* A stderr that nobody reads (a full pipe, a stopped pager) keeps
	 * the writer in its write, holding log_out, and would keep this
	 * write too: the server would never stop.  So the text waits at
	 * most LOG_EXIT_S seconds for the writer and for room, and is lost
	 * after that, as a log line would be.  (Room for PIPE_BUF bytes: a
	 * text that short is written whole, without blocking.) */
	if (pthread_mutex_timedlock(&log_out, &until) != 0)
		return;
	p.fd = STDERR_FILENO;
	p.events = POLLOUT;
	p.revents = 0;
	if (poll(&p, 1, LOG_EXIT_S * 1000) == 1 && (p.revents & POLLOUT))
		/* (a failed write: it is lost, as a log line would be) */
		(void)ut_cli_write_all(STDERR_FILENO, text, strlen(text));
	pthread_mutex_unlock(&log_out);
}

int ut_cli_public_host_ok(const char *s)
{
	size_t n = strspn(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
	                     "0123456789-._");

	return n > 0 && n <= 253 && s[n] == '\0';
}
