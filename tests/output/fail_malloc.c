/*
 * tests/output/fail_malloc.c - the nth allocation of a whole process fails
 * (LD_PRELOAD), for tests/output/no_memory.py.
 *
 * The tests of tests/util/support/fail_alloc.h reach only the code linked
 * into a test program (-Wl,--wrap).  This module takes glibc's place for
 * every allocation of the process instead, so it also reaches what the
 * shared libraries allocate (libyaml, utf8proc, jansson, libedit) and what
 * glibc's own functions do (fopen, strdup, getline): glibc lets a program
 * replace malloc, and its own calls then come here too.
 *
 * Environment:
 *   AM_FAIL_AT=N      the Nth allocation (malloc, calloc, realloc,
 *                     aligned_alloc, memalign, posix_memalign; counted
 *                     from the process's first, on any thread) returns
 *                     NULL with errno ENOMEM, once; unset: none fails.
 *   AM_FAIL_REPORT=F  at exit, F gets "COUNT FAILED\n": how many
 *                     allocations the process made and whether the Nth
 *                     failed (a run that made fewer than N is past the
 *                     end of the sweep).
 * Not for sanitizer builds: AddressSanitizer replaces malloc itself.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

/* glibc's allocator under its own names (exported for this use) */
extern void *__libc_malloc(size_t n);
extern void *__libc_calloc(size_t k, size_t n);
extern void *__libc_realloc(void *p, size_t n);
extern void *__libc_memalign(size_t align, size_t n);

void *malloc(size_t n);
void *calloc(size_t k, size_t n);
void *realloc(void *p, size_t n);
void *aligned_alloc(size_t align, size_t n);
void *memalign(size_t align, size_t n);
int posix_memalign(void **out, size_t align, size_t n);

static atomic_long count;
static atomic_int failed;
static atomic_long fail_at = -2; /* -2: not read yet, -1: none fails */

/* AM_FAIL_AT without allocating (getenv does not); -1 if unset or not a
 * number. */
static long read_fail_at(void)
{
	const char *s = getenv("AM_FAIL_AT");
	long v = 0;

	if (!s || !*s)
		return -1;
	for (; *s; s++) {
		if (*s < '0' || *s > '9' || v > 100000000L)
			return -1;
		v = v * 10 + (*s - '0');
	}
	return v;
}

/* Whether this allocation is the one that fails (errno set then). */
static int fail_now(void)
{
	long at = atomic_load(&fail_at);

	if (at == -2) {
		at = read_fail_at();
		atomic_store(&fail_at, at);
	}
	if (atomic_fetch_add(&count, 1) + 1 != at)
		return 0;
	atomic_store(&failed, 1);
	errno = ENOMEM;
	return 1;
}

void *malloc(size_t n)
{
	return fail_now() ? NULL : __libc_malloc(n);
}

void *calloc(size_t k, size_t n)
{
	return fail_now() ? NULL : __libc_calloc(k, n);
}

void *realloc(void *p, size_t n)
{
	return fail_now() ? NULL : __libc_realloc(p, n);
}

void *aligned_alloc(size_t align, size_t n)
{
	return fail_now() ? NULL : __libc_memalign(align, n);
}

void *memalign(size_t align, size_t n)
{
	return fail_now() ? NULL : __libc_memalign(align, n);
}

int posix_memalign(void **out, size_t align, size_t n)
{
	void *p;

	if (fail_now())
		return ENOMEM;
	if (!(p = __libc_memalign(align, n)))
		return ENOMEM;
	*out = p;
	return 0;
}

/* AM_FAIL_REPORT at exit (no allocation: open and write). */
__attribute__((destructor)) static void report(void)
{
	const char *path = getenv("AM_FAIL_REPORT");
	char line[64];
	int fd, len;

	if (!path)
		return;
	len = snprintf(line, sizeof line, "%ld %d\n", atomic_load(&count),
	               atomic_load(&failed));
	if (len <= 0 || (size_t)len >= sizeof line)
		return;
	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
	if (fd < 0)
		return;
	if (write(fd, line, (size_t)len) != len)
		(void)unlink(path); /* no report: the driver says so */
	close(fd);
}
