/*
 * tests/util/support/fail_alloc.h - allocation failures on demand, for the
 * tests of what must fail cleanly (or do without) when memory runs out.
 *
 * A test linked with am_test_fail_alloc(<target>) (cmake/rule_system.cmake:
 * -Wl,--wrap for malloc, calloc, realloc and aligned_alloc) sends every
 * allocation of the code linked into it statically through this file,
 * and jansson's (handed this file's malloc before main); calls the other
 * libraries make inside themselves (glibc's own, cmocka's, libyaml's) do
 * not come here.  Once armed with n, the nth allocation from then fails,
 * once, on whichever thread makes it.  tf_fail_sweep fails each
 * allocation of a run in turn.
 */
#ifndef TF_FAIL_ALLOC_H
#define TF_FAIL_ALLOC_H

#include <stddef.h>

/* The nth allocation from now (n ≥ 1) fails. */
void tf_fail_arm(long n);

/* No allocation fails from now; whether one failed since tf_fail_arm. */
int tf_fail_disarm(void);

/* One run of what is tested: its return code. */
typedef int tf_fail_run_fn(void *ud);
/* What is checked after each run: its code, and whether an allocation
 * failed in it (rc < 0: it must be the ENOMEM code; else the result must
 * be the one without failures). */
typedef void tf_fail_check_fn(void *ud, int rc, int failed);

/* The rule of a check: a run that returned an error (rc < 0) must have
 * had an allocation fail and returned enomem, its library's ENOMEM code
 * (0: nothing to compare); any other must have returned 0 (1: its result
 * is to be compared with the one without failures).  cmocka's
 * assertions. */
int tf_fail_ran(int rc, int failed, int enomem);

/* run(ud) with its nth allocation failing, for n = 1, 2, … until three
 * runs in a row fail none (past its last allocation), each followed by
 * check(ud, …); returns how many returned an error. */
long tf_fail_sweep(tf_fail_run_fn *run, tf_fail_check_fn *check, void *ud);

/* Whether this is a sanitizer build (ASan, TSan), where each run of a
 * sweep costs many times what it costs in a release build. */
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define TF_SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
#define TF_SANITIZED 1
#endif
#endif
#ifndef TF_SANITIZED
#define TF_SANITIZED 0
#endif

/* tf_fail_sweep, but in a sanitizer build (TF_SANITIZED) only the first
 * and the last `edge` allocations of a run and every `every`th between
 * them fail (after one run without a failure, which counts them), then
 * each one past the last until three in a row fail none: for sweeps of
 * thousands of allocations whose middle makes the same calls again (a
 * log's events), which the release build sweeps whole. */
long tf_fail_sweep_sampled(tf_fail_run_fn *run, tf_fail_check_fn *check,
                           void *ud, long edge, long every);

/* A reader under test: parse makes *doc of text (its return code; *doc
 * NULL when it fails), result puts what a document says in words (into
 * out, size bytes: its verdict, diagnostics and contents), free frees it;
 * enomem is its ENOMEM code. */
typedef struct tf_reader {
	int (*parse)(void **doc, const char *text, size_t len);
	void (*result)(char *out, size_t size, const void *doc);
	void (*free)(void *doc);
	int enomem;
} tf_reader;

/* Each allocation of reading each file of dirs[0 .. ndirs) whose name
 * ends in suffix failing in turn (cmocka's assertions): parse returns
 * enomem and no document, or the same result as without failures; at
 * least one allocation a file fails.  Returns how many files. */
size_t tf_fail_readers(const tf_reader *r, const char *const *dirs,
                       size_t ndirs, const char *suffix);

/* A reader's diagnostics: how many a document has, and the message of
 * the ith in lang (0 Japanese, 1 English) into buf (size bytes). */
typedef struct tf_messages {
	size_t (*count)(const void *doc);
	void (*format)(char *buf, size_t size, const void *doc, size_t i,
	               int lang);
} tf_messages;

/* Each allocation of formatting each diagnostic of each file of dir
 * whose name ends in suffix (read by r without failures), in Japanese
 * and in English, failing in turn (cmocka's assertions): the whole
 * message, or in its place the text for want of memory
 * (ut_strerror(lang, ENOMEM)) -- never a cut one; at least one
 * allocation a message fails.  Returns how many messages. */
size_t tf_fail_messages(const tf_reader *r, const tf_messages *m,
                        const char *dir, const char *suffix);

/* What a sweep reads: the text of a file (len bytes, NUL-terminated). */
typedef void tf_file_fn(const char *path, const char *text, size_t len,
                        void *ud);

/* fn for each file of dir whose name ends in suffix, read whole (up to
 * 1 MiB), in readdir's order; how many (0 when dir cannot be read). */
size_t tf_each_file(const char *dir, const char *suffix, tf_file_fn *fn,
                    void *ud);

/* A renderer's output in fixed memory, NUL-terminated, written by
 * tf_out_write, a writer that allocates nothing: a sweep's failing
 * allocation is then the renderer's. */
typedef struct tf_out {
	char buf[1 << 16];
	size_t len;
} tf_out;

/* The writer (ud: a tf_out): data added, 0 (cmocka's assertion that it
 * fits). */
int tf_out_write(void *ud, const char *data, size_t len);

/* The rule of a renderer's run that wrote got (tf_fail_ran's, with its
 * library's ENOMEM code enomem): an error and nothing written, or the
 * same bytes as want. */
void tf_out_check(const tf_out *want, const tf_out *got, int rc, int failed,
                  int enomem);

#endif
