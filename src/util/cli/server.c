/*
 * server.c - what the commands that run a server share (amaryllis serve,
 * megami serve; util/cli.h): the log line on stderr and the check of a
 * --public-host name.
 */
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "util/cli.h"

/* one line at a time, whatever the server's threads */
static pthread_mutex_t log_lock = PTHREAD_MUTEX_INITIALIZER;

void ut_cli_log_line(void *ud, const char *line)
{
	char stamp[32];
	time_t t = time(NULL);
	struct tm tm;
	(void)ud;

	gmtime_r(&t, &tm);
	strftime(stamp, sizeof(stamp), "%Y-%m-%dT%H:%M:%SZ", &tm);
	pthread_mutex_lock(&log_lock);
	fprintf(stderr, "%s %s\n", stamp, line);
	fflush(stderr);
	pthread_mutex_unlock(&log_lock);
}

int ut_cli_public_host_ok(const char *s)
{
	size_t n = strspn(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
	                     "0123456789-._");

	return n > 0 && n <= 253 && s[n] == '\0';
}
