/*
 * test_out.c - checked output and files replaced whole or not at all
 * (util/out.h): a new file, a replaced one (its permissions kept), a write
 * that fails (RLIMIT_FSIZE: the old file stays, no temporary file is left),
 * a dropped file, a device and a symbolic link written in place, a missing
 * folder, and the report's shape (PROG: CMD: FILE: REASON).
 */
#include <dirent.h>
#include <errno.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include "util/buf.h"
#include "util/cli.h"
#include "util/out.h"

/* A fresh folder for each test (removed with what is in it). */
typedef struct dir {
	char path[64];
} dir;

static int setup(void **state)
{
	dir *d = malloc(sizeof(*d));

	strcpy(d->path, "/tmp/test_util_out-XXXXXX");
	assert_non_null(mkdtemp(d->path));
	*state = d;
	return 0;
}

static int teardown(void **state)
{
	dir *d = *state;
	DIR *dd = opendir(d->path);
	struct dirent *e;

	while (dd && (e = readdir(dd))) {
		char p[512];
		if (e->d_name[0] == '.' && (!e->d_name[1] ||
		    (e->d_name[1] == '.' && !e->d_name[2])))
			continue;
		snprintf(p, sizeof(p), "%s/%s", d->path, e->d_name);
		unlink(p);
	}
	if (dd)
		closedir(dd);
	rmdir(d->path);
	free(d);
	return 0;
}

static char *path_of(const dir *d, const char *name)
{
	static char p[4][512];
	static int k;

	k = (k + 1) % 4;
	snprintf(p[k], sizeof(p[k]), "%s/%s", d->path, name);
	return p[k];
}

/* The contents of a file (static buffer), or NULL. */
static const char *slurp(const char *path)
{
	static char buf[4096];
	FILE *f = fopen(path, "rb");
	size_t n;

	if (!f)
		return NULL;
	n = fread(buf, 1, sizeof(buf) - 1, f);
	buf[n] = '\0';
	fclose(f);
	return buf;
}

static void spit(const char *path, const char *text)
{
	FILE *f = fopen(path, "wb");
	assert_non_null(f);
	fputs(text, f);
	assert_int_equal(fclose(f), 0);
}

/* How many entries the folder holds (. and .. aside). */
static int entries(const dir *d)
{
	DIR *dd = opendir(d->path);
	struct dirent *e;
	int n = 0;

	assert_non_null(dd);
	while ((e = readdir(dd)))
		if (strcmp(e->d_name, ".") && strcmp(e->d_name, ".."))
			n++;
	closedir(dd);
	return n;
}

/* A new file: written through .NAME.tmp-XXXXXX, which is there while it is
 * written and gone after; mode 0666 less the umask. */
static void test_new_file(void **state)
{
	dir *d = *state;
	const char *p = path_of(d, "new.csv");
	mode_t old = umask(022);
	struct stat st;
	ut_out o;

	assert_int_equal(ut_out_open(&o, p, NULL), 0);
	assert_non_null(o.tmp);
	assert_non_null(strstr(o.tmp, "/.new.csv.tmp-"));
	assert_int_equal(strlen(strstr(o.tmp, ".tmp-")), 11);
	assert_int_equal(access(p, F_OK), -1); /* not there before the end */
	assert_int_equal(ut_out_printf(&o, "a,%d\n", 1), 0);
	assert_int_equal(ut_out_writer(&o, "b,2\n", 4), 0);
	assert_int_equal(ut_out_close(&o, 1), 0);
	assert_null(o.tmp);
	assert_string_equal(slurp(p), "a,1\nb,2\n");
	assert_int_equal(entries(d), 1);
	assert_int_equal(stat(p, &st), 0);
	assert_int_equal(st.st_mode & 07777, 0644);
	umask(old);
}

/* An existing file is replaced (a new inode) and keeps its permissions. */
static void test_replace_keeps_mode(void **state)
{
	dir *d = *state;
	const char *p = path_of(d, "old.txt");
	struct stat before, after;
	ut_out o;

	spit(p, "old contents\n");
	assert_int_equal(chmod(p, 0600), 0);
	assert_int_equal(stat(p, &before), 0);
	assert_int_equal(ut_out_open(&o, p, NULL), 0);
	assert_int_equal(ut_out_write(&o, "new\n", 4), 0);
	assert_string_equal(slurp(p), "old contents\n"); /* until the end */
	assert_int_equal(ut_out_close(&o, 1), 0);
	assert_string_equal(slurp(p), "new\n");
	assert_int_equal(stat(p, &after), 0);
	assert_int_equal(after.st_mode & 07777, 0600);
	assert_true(after.st_ino != before.st_ino);
	assert_int_equal(entries(d), 1);
}

/* A dropped file (keep 0: a failure that is not the file's) leaves the
 * old file as it was, or no file, and no temporary file. */
static void test_drop(void **state)
{
	dir *d = *state;
	const char *p = path_of(d, "kept.txt"), *q = path_of(d, "never.txt");
	ut_out o;

	spit(p, "old\n");
	assert_int_equal(ut_out_open(&o, p, NULL), 0);
	assert_int_equal(ut_out_write(&o, "half", 4), 0);
	assert_int_equal(ut_out_close(&o, 0), 0);
	assert_string_equal(slurp(p), "old\n");
	assert_int_equal(ut_out_open(&o, q, NULL), 0);
	assert_int_equal(ut_out_close(&o, 0), 0);
	assert_int_equal(access(q, F_OK), -1);
	assert_int_equal(entries(d), 1);
}

/* A write that fails (the file size limit: EFBIG, as a full disk gives
 * ENOSPC): sticky, the old file stays, the temporary file is removed. */
static void test_write_fails(void **state)
{
	dir *d = *state;
	const char *p = path_of(d, "big.csv");
	struct rlimit lim, small;
	char block[8192];
	void (*was)(int) = signal(SIGXFSZ, SIG_IGN);
	ut_out o;
	int i, rc = 0;

	memset(block, 'x', sizeof(block));
	spit(p, "old\n");
	assert_int_equal(getrlimit(RLIMIT_FSIZE, &lim), 0);
	small = lim;
	small.rlim_cur = 1000;
	assert_int_equal(setrlimit(RLIMIT_FSIZE, &small), 0);
	assert_int_equal(ut_out_open(&o, p, NULL), 0);
	for (i = 0; i < 4 && rc == 0; i++)
		rc = ut_out_write(&o, block, sizeof(block));
	assert_int_equal(rc, -1);
	assert_int_equal(o.err, EFBIG);
	assert_int_equal(ut_out_write(&o, "x", 1), -1); /* sticky */
	assert_int_equal(ut_out_close(&o, 1), -1);
	assert_int_equal(o.err, EFBIG);
	assert_int_equal(setrlimit(RLIMIT_FSIZE, &lim), 0);
	signal(SIGXFSZ, was);
	assert_string_equal(slurp(p), "old\n");
	assert_int_equal(entries(d), 1);
}

/* A failure found only at the end (the buffer flushed by close). */
static void test_fails_at_close(void **state)
{
	dir *d = *state;
	const char *p = path_of(d, "late.txt");
	struct rlimit lim, small;
	void (*was)(int) = signal(SIGXFSZ, SIG_IGN);
	ut_out o;

	spit(p, "old\n");
	assert_int_equal(getrlimit(RLIMIT_FSIZE, &lim), 0);
	small = lim;
	small.rlim_cur = 2;
	assert_int_equal(setrlimit(RLIMIT_FSIZE, &small), 0);
	assert_int_equal(ut_out_open(&o, p, NULL), 0);
	assert_int_equal(ut_out_write(&o, "buffered\n", 9), 0);
	assert_int_equal(ut_out_close(&o, 1), -1);
	assert_int_equal(setrlimit(RLIMIT_FSIZE, &lim), 0);
	signal(SIGXFSZ, was);
	assert_int_equal(o.err, EFBIG);
	assert_string_equal(slurp(p), "old\n");
	assert_int_equal(entries(d), 1);
}

/* A device is written in place (a rename would replace /dev/null), and so
 * is a symbolic link: through it, the link stays a link. */
static void test_in_place(void **state)
{
	dir *d = *state;
	const char *target = path_of(d, "target.txt"), *link = path_of(d, "link");
	struct stat st;
	ut_out o;

	assert_int_equal(ut_out_open(&o, "/dev/null", NULL), 0);
	assert_null(o.tmp);
	assert_int_equal(ut_out_write(&o, "x", 1), 0);
	assert_int_equal(ut_out_close(&o, 1), 0);
	assert_int_equal(stat("/dev/null", &st), 0);
	assert_true(S_ISCHR(st.st_mode));

	spit(target, "old\n");
	assert_int_equal(symlink("target.txt", link), 0);
	assert_int_equal(ut_out_open(&o, link, NULL), 0);
	assert_null(o.tmp);
	assert_int_equal(ut_out_write(&o, "new\n", 4), 0);
	assert_int_equal(ut_out_close(&o, 1), 0);
	assert_int_equal(lstat(link, &st), 0);
	assert_true(S_ISLNK(st.st_mode));
	assert_string_equal(slurp(target), "new\n");
	assert_int_equal(entries(d), 2);
}

/* /dev/full: the failure and its reason, kept until the close. */
static void test_dev_full(void **state)
{
	ut_out o;
	(void)state;

	assert_int_equal(ut_out_open(&o, "/dev/full", NULL), 0);
	assert_int_equal(ut_out_write(&o, "x", 1), 0); /* buffered */
	assert_int_equal(ut_out_close(&o, 1), -1);
	assert_int_equal(o.err, ENOSPC);
}

/* A folder that does not exist: open fails with ENOENT, close says so, and
 * nothing is written anywhere; the option that named the file is kept for
 * the report (ut_cli_out_close: "--svg FILE: REASON"), failure or not. */
static void test_missing_folder(void **state)
{
	dir *d = *state;
	const char *p = path_of(d, "no/such.csv");
	ut_out o;

	assert_int_equal(ut_out_open(&o, p, "--svg"), -1);
	assert_int_equal(o.err, ENOENT);
	assert_string_equal(o.opt, "--svg");
	assert_string_equal(o.name, p);
	assert_int_equal(ut_out_write(&o, "x", 1), -1);
	assert_int_equal(ut_out_close(&o, 1), -1);
	assert_int_equal(o.err, ENOENT);
	assert_int_equal(entries(d), 0);
}

/* ut_out_check says before the work what ut_out_open would meet: in the
 * fresh folder D a new file is 0 (its folder D written back); D/no/x.csv
 * ENOENT with the folder D/no; D itself EISDIR; a regular file's name
 * used as a folder (D/f.txt/x.csv) ENOTDIR; /dev/null is written in
 * place, 0; a file nothing was written to is left as it was. */
static void test_check(void **state)
{
	dir *d = *state;
	char folder[256], want[128];

	assert_int_equal(ut_out_check(path_of(d, "new.svg"), folder,
	                              sizeof folder), 0);
	assert_string_equal(folder, d->path);
	assert_int_equal(ut_out_check(path_of(d, "no/x.csv"), folder,
	                              sizeof folder), ENOENT);
	snprintf(want, sizeof want, "%s/no", d->path);
	assert_string_equal(folder, want);
	assert_int_equal(ut_out_check(d->path, folder, sizeof folder), EISDIR);
	spit(path_of(d, "f.txt"), "kept\n");
	assert_int_equal(ut_out_check(path_of(d, "f.txt/x.csv"), folder,
	                              sizeof folder), ENOTDIR);
	assert_int_equal(ut_out_check("/dev/null", folder, sizeof folder), 0);
	assert_int_equal(entries(d), 1);
}

/* A long name: the temporary name is cut (at a character boundary) so
 * that it still fits NAME_MAX. */
static void test_long_name(void **state)
{
	dir *d = *state;
	char name[256];
	ut_out o;
	size_t i;

	for (i = 0; i + 3 <= 249; i += 3)
		memcpy(name + i, "あ", 3); /* 249 bytes of 3-byte characters */
	memcpy(name + i, ".csv", 5);
	assert_int_equal(ut_out_open(&o, path_of(d, name), NULL), 0);
	assert_true(strlen(strrchr(o.tmp, '/') + 1) <= 255);
	assert_int_equal(ut_out_write(&o, "x\n", 2), 0);
	assert_int_equal(ut_out_close(&o, 1), 0);
	assert_string_equal(slurp(path_of(d, name)), "x\n");
	assert_int_equal(entries(d), 1);
}

/* The report: PROG: CMD: FILE: REASON once, on stderr (captured through a
 * pipe), UT_EXIT_INPUT; nothing and UT_EXIT_OK without a failure; `why`
 * when the failure is not the file's. */
static void test_report(void **state)
{
	dir *d = *state;
	ut_cli c = {"tool", UT_LANG_EN, 0};
	int fds[2], saved = dup(2);
	char got[512];
	ssize_t n;
	ut_out o;

	assert_int_equal(pipe(fds), 0);
	fflush(stderr);
	dup2(fds[1], 2);
	assert_int_equal(ut_out_open(&o, "/dev/full", NULL), 0);
	ut_out_write(&o, "x", 1);
	assert_int_equal(ut_cli_out_close(&c, "cmd", &o, NULL), UT_EXIT_INPUT);
	assert_int_equal(ut_cli_out_report(&c, "cmd", &o, NULL), UT_EXIT_INPUT);
	assert_int_equal(ut_out_open(&o, path_of(d, "ok.txt"), NULL), 0);
	assert_int_equal(ut_cli_out_close(&c, "cmd", &o, NULL), UT_EXIT_OK);
	assert_int_equal(ut_out_open(&o, path_of(d, "dropped.txt"), NULL), 0);
	assert_int_equal(ut_cli_out_close(&c, NULL, &o, "out of memory"),
	                 UT_EXIT_INPUT);
	fflush(stderr);
	dup2(saved, 2);
	close(saved);
	close(fds[1]);
	n = read(fds[0], got, sizeof(got) - 1);
	close(fds[0]);
	assert_true(n > 0);
	got[n] = '\0';
	{
		ut_buf want = UT_BUF_INIT;
		ut_buf_printf(&want, "tool: cmd: /dev/full: %s\ntool: %s: out of "
		              "memory\n", strerror(ENOSPC), path_of(d, "dropped.txt"));
		assert_string_equal(got, want.ptr);
		ut_buf_free(&want);
	}
	assert_string_equal(slurp(path_of(d, "ok.txt")), "");
	assert_int_equal(access(path_of(d, "dropped.txt"), F_OK), -1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_new_file, setup, teardown),
		cmocka_unit_test_setup_teardown(test_replace_keeps_mode, setup, teardown),
		cmocka_unit_test_setup_teardown(test_drop, setup, teardown),
		cmocka_unit_test_setup_teardown(test_write_fails, setup, teardown),
		cmocka_unit_test_setup_teardown(test_fails_at_close, setup, teardown),
		cmocka_unit_test_setup_teardown(test_in_place, setup, teardown),
		cmocka_unit_test(test_dev_full),
		cmocka_unit_test_setup_teardown(test_missing_folder, setup, teardown),
		cmocka_unit_test_setup_teardown(test_check, setup, teardown),
		cmocka_unit_test_setup_teardown(test_long_name, setup, teardown),
		cmocka_unit_test_setup_teardown(test_report, setup, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
