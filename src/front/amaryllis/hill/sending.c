/*
 * sending.c - one delivery of a reply or a notice at a time (docs/HILL.md,
 * "Reliability").
 *
 * While a process delivers a reply or a notice, from the moment it is
 * stored or handed out until am_hill_mark_sent (or until the handle gives
 * it up: its next message or notice, am_hill_free, the process's end,
 * however it ends), it holds a lock on one byte of the file HILL.db-sending
 * beside the database: the notice's id, or 2^62 + a hash of the message's
 * key.  Another delivery of the same message meanwhile gets AM_HILL_EBUSY
 * (the MTA retries: by then the reply went out, or its delivery failed and
 * the lock went with it), and another process's am_hill_next_notice passes
 * the notice by (mail review 2026-12-03, 4: two deliveries at once both
 * sent the stored reply, two runs both sent the notice).  The locks are
 * open file description locks where the system has them (Linux), so that
 * two handles of one process exclude each other too; the kernel drops
 * them when the file is closed.  When the file cannot be made (a folder
 * that cannot be written), nothing is locked, as before.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "util/hash.h"

#include "hill_db.h"

#ifdef F_OFD_SETLK
#define SEND_SETLK F_OFD_SETLK
#else
#define SEND_SETLK F_SETLK
#endif

/* The byte of the lock file for the reply of the message `key`. */
int64_t am_hill_send_key(const char *key)
{
	return ((int64_t)1 << 62) + (int64_t)(ut_fnv1a_str(key) >> 2);
}

/* One byte at `off` locked (F_WRLCK) or unlocked (F_UNLCK); 0, or -1 with
 * errno. */
static int lock_byte(int fd, short type, int64_t off)
{
	struct flock fl;

	memset(&fl, 0, sizeof(fl)); /* l_pid 0, as F_OFD_SETLK needs */
	fl.l_type = type;
	fl.l_whence = SEEK_SET;
	fl.l_start = (off_t)off;
	fl.l_len = 1;
	return fcntl(fd, SEND_SETLK, &fl);
}

int am_hill_send_lock(am_hill *h, int64_t off)
{
	am_hill_send_unlock(h);
	if (h->send_fd < 0) {
		size_t n = strlen(h->path) + 9;
		char *p = malloc(n);
		if (!p)
			return -1;
		snprintf(p, n, "%s-sending", h->path);
		h->send_fd = open(p, O_RDWR | O_CREAT | O_CLOEXEC, 0600);
		free(p);
		if (h->send_fd < 0)
			return -1;
	}
	if (lock_byte(h->send_fd, F_WRLCK, off) == 0) {
		h->send_off = off;
		return 1;
	}
	return errno == EAGAIN || errno == EACCES ? 0 : -1;
}

void am_hill_send_unlock(am_hill *h)
{
	if (h->send_off >= 0 && h->send_fd >= 0)
		lock_byte(h->send_fd, F_UNLCK, h->send_off);
	h->send_off = -1;
}

void am_hill_send_close(am_hill *h)
{
	if (h->send_fd >= 0)
		close(h->send_fd); /* every lock of it goes */
	h->send_fd = -1;
	h->send_off = -1;
}
