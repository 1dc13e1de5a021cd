/*
 * tests/util/support/fail_alloc.c - the allocators' wrappers, and the
 * sweeps that fail each allocation in turn (see fail_alloc.h).
 */
#include "support/fail_alloc.h"

#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>
#include <jansson.h>

#include "util/error.h"

void *__real_malloc(size_t size);
void *__real_calloc(size_t n, size_t size);
void *__real_realloc(void *p, size_t size);
void *__real_aligned_alloc(size_t align, size_t size);
void *__wrap_malloc(size_t size);
void *__wrap_calloc(size_t n, size_t size);
void *__wrap_realloc(void *p, size_t size);
void *__wrap_aligned_alloc(size_t align, size_t size);

static atomic_long fail_at; /* allocations until the failing one; ≤ 0: off */
static atomic_int failed;

void tf_fail_arm(long n)
{
	atomic_store(&failed, 0);
	atomic_store(&fail_at, n);
}

int tf_fail_disarm(void)
{
	atomic_store(&fail_at, 0);
	return atomic_load(&failed);
}

int tf_fail_ran(int rc, int failed, int enomem)
{
	if (rc < 0) {
		assert_int_equal(rc, enomem);
		assert_true(failed);
		return 0;
	}
	assert_int_equal(rc, 0);
	return 1;
}

/* run(ud) with its nth allocation failing, then check(ud, …); whether
 * an allocation failed, *errors counting the runs that returned one. */
static int fail_once(tf_fail_run_fn *run, tf_fail_check_fn *check,
                     void *ud, long n, long *errors)
{
	int rc, hit;

	tf_fail_arm(n);
	rc = run(ud);
	hit = tf_fail_disarm();
	*errors += rc < 0;
	check(ud, rc, hit);
	return hit;
}

long tf_fail_sweep(tf_fail_run_fn *run, tf_fail_check_fn *check, void *ud)
{
	long n, errors = 0;
	int misses = 0;

	for (n = 1; misses < 3; n++)
		misses = fail_once(run, check, ud, n, &errors) ? 0 : misses + 1;
	return errors;
}

long tf_fail_sweep_sampled(tf_fail_run_fn *run, tf_fail_check_fn *check,
                           void *ud, long edge, long every)
{
	long n, total, errors = 0;
	int misses = 0, rc;

	if (!TF_SANITIZED)
		return tf_fail_sweep(run, check, ud);
	/* no failure: how many allocations a run makes */
	tf_fail_arm(LONG_MAX);
	rc = run(ud);
	total = LONG_MAX - atomic_load(&fail_at);
	assert_false(tf_fail_disarm());
	check(ud, rc, 0);
	for (n = 1; n <= total || misses < 3; n++)
		if (n <= edge || n > total - edge || n % every == 0)
			misses = fail_once(run, check, ud, n, &errors) ? 0
			                                                : misses + 1;
	return errors;
}

int tf_out_write(void *ud, const char *data, size_t len)
{
	tf_out *o = ud;

	assert_true(len < sizeof(o->buf) - o->len); /* (room for the NUL) */
	memcpy(o->buf + o->len, data, len);
	o->len += len;
	o->buf[o->len] = '\0';
	return 0;
}

void tf_out_check(const tf_out *want, const tf_out *got, int rc, int failed,
                  int enomem)
{
	if (tf_fail_ran(rc, failed, enomem)) {
		assert_int_equal(got->len, want->len);
		assert_memory_equal(got->buf, want->buf, want->len);
	} else {
		assert_int_equal(got->len, 0); /* nothing, not a part */
	}
}

size_t tf_each_file(const char *dir, const char *suffix, tf_file_fn *fn,
                    void *ud)
{
	static char text[1 << 20];
	DIR *d = opendir(dir);
	struct dirent *e;
	size_t n = 0, ls = strlen(suffix);

	if (!d)
		return 0;
	while ((e = readdir(d)) != NULL) {
		char path[4096];
		size_t l = strlen(e->d_name), len;
		FILE *f;
		if (l < ls || strcmp(e->d_name + l - ls, suffix) != 0)
			continue;
		snprintf(path, sizeof(path), "%s/%s", dir, e->d_name);
		if (!(f = fopen(path, "rb")))
			continue;
		len = fread(text, 1, sizeof(text) - 1, f);
		fclose(f);
		text[len] = '\0';
		fn(path, text, len, ud);
		n++;
	}
	closedir(d);
	return n;
}

/* tf_fail_readers' state: the reader, the file, and the result without
 * failures against the one of this run. */
typedef struct reader_sweep {
	const tf_reader *r;
	const char *text;
	size_t len;
	void *doc;
	char want[65536], got[65536];
} reader_sweep;

static int reader_run(void *ud)
{
	reader_sweep *w = ud;

	w->doc = NULL;
	return w->r->parse(&w->doc, w->text, w->len);
}

static void reader_check(void *ud, int rc, int failed)
{
	reader_sweep *w = ud;

	if (!tf_fail_ran(rc, failed, w->r->enomem)) {
		assert_null(w->doc);
		return;
	}
	w->r->result(w->got, sizeof(w->got), w->doc);
	w->r->free(w->doc);
	assert_string_equal(w->got, w->want);
}

static void reader_file(const char *path, const char *text, size_t len,
                        void *ud)
{
	reader_sweep *w = ud;

	w->text = text;
	w->len = len;
	assert_int_equal(reader_run(w), 0);
	w->r->result(w->want, sizeof(w->want), w->doc);
	w->r->free(w->doc);
	if (tf_fail_sweep(reader_run, reader_check, w) < 1)
		fail_msg("%s: no allocation failed", path);
}

size_t tf_fail_readers(const tf_reader *r, const char *const *dirs,
                       size_t ndirs, const char *suffix)
{
	static reader_sweep w;
	size_t d, n = 0;

	w.r = r;
	for (d = 0; d < ndirs; d++)
		n += tf_each_file(dirs[d], suffix, reader_file, &w);
	return n;
}

/* tf_fail_messages' state: the reader, its messages, the document, and
 * the message without failures against the one of this run. */
typedef struct message_sweep {
	const tf_reader *r;
	const tf_messages *m;
	void *doc;
	size_t i, n;
	int lang;
	char want[1024], got[1024];
} message_sweep;

/* The message into w->got: -1 when it is the one for want of memory. */
static int message_run(void *ud)
{
	message_sweep *w = ud;

	w->m->format(w->got, sizeof(w->got), w->doc, w->i, w->lang);
	return strcmp(w->got, ut_strerror(w->lang, ENOMEM)) == 0 ? -1 : 0;
}

static void message_check(void *ud, int rc, int failed)
{
	message_sweep *w = ud;

	if (rc < 0)
		assert_true(failed);
	else
		assert_string_equal(w->got, w->want);
}

static void message_file(const char *path, const char *text, size_t len,
                         void *ud)
{
	message_sweep *w = ud;

	(void)path;
	assert_int_equal(w->r->parse(&w->doc, text, len), 0);
	for (w->i = 0; w->i < w->m->count(w->doc); w->i++)
		for (w->lang = 0; w->lang < 2; w->lang++) {
			assert_int_equal(message_run(w), 0);
			memcpy(w->want, w->got, sizeof(w->want));
			assert_true(tf_fail_sweep(message_run, message_check,
			                          w) >= 1);
			w->n++;
		}
	w->r->free(w->doc);
}

size_t tf_fail_messages(const tf_reader *r, const tf_messages *m,
                        const char *dir, const char *suffix)
{
	static message_sweep w;

	w.r = r;
	w.m = m;
	w.n = 0;
	tf_each_file(dir, suffix, message_file, &w);
	return w.n;
}

/* Whether this allocation is the one to fail: the count goes down by one
 * an allocation while armed, and the one that takes it from 1 fails. */
static int fail_now(void)
{
	if (atomic_load(&fail_at) <= 0 || atomic_fetch_sub(&fail_at, 1) != 1)
		return 0;
	atomic_store(&failed, 1);
	return 1;
}

void *__wrap_malloc(size_t size)
{
	return fail_now() ? NULL : __real_malloc(size);
}

void *__wrap_calloc(size_t n, size_t size)
{
	return fail_now() ? NULL : __real_calloc(n, size);
}

void *__wrap_realloc(void *p, size_t size)
{
	return fail_now() ? NULL : __real_realloc(p, size);
}

void *__wrap_aligned_alloc(size_t align, size_t size)
{
	return fail_now() ? NULL : __real_aligned_alloc(align, size);
}

/* jansson allocates through the wrapper too (its calls are made inside
 * libjansson, which --wrap does not reach): handed it before main, and
 * so before any value is made. */
__attribute__((constructor)) static void hand_jansson(void)
{
	json_set_alloc_funcs(__wrap_malloc, free);
}
