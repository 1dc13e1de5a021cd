/* out.c - checked output, and files replaced whole or not at all
 * (util/out.h); the reports of util/cli.h (ut_cli_out_close, ut_cli_exit). */
#include "util/out.h"

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "util/buf.h"
#include "util/cli.h"

/* The temporary name keeps at most this many bytes of the file's name, so
 * that ".NAME.tmp-XXXXXX" stays within NAME_MAX (255 on Linux). */
#define TMP_BASE_MAX 200

static ut_out out_stdout = {NULL, UT_OUT_STDOUT, NULL, 0, 0, NULL};

ut_out *ut_out_stdout(void)
{
	if (!out_stdout.f)
		out_stdout.f = stdout;
	return &out_stdout;
}

static int is_stdout(const ut_out *o)
{
	return o == &out_stdout;
}

/* Keep the first failure. */
static int fail(ut_out *o, int err)
{
	if (!o->err)
		o->err = err ? err : EIO;
	return -1;
}

/* 6 characters of [A-Za-z0-9] for a temporary name (O_EXCL makes it safe;
 * this only makes a clash with another writer unlikely). */
static void suffix(char out[7])
{
	static const char set[] =
		"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
	static unsigned counter;
	struct timespec ts;
	uint64_t x;
	int i;

	clock_gettime(CLOCK_REALTIME, &ts);
	x = (uint64_t)ts.tv_nsec ^ ((uint64_t)ts.tv_sec << 30) ^
	    ((uint64_t)getpid() << 20) ^ (uint64_t)counter++ * 0x9E3779B97F4A7C15u;
	/* splitmix64's finaliser */
	x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9u;
	x = (x ^ (x >> 27)) * 0x94D049BB133111EBu;
	x ^= x >> 31;
	for (i = 0; i < 6; i++, x /= 62)
		out[i] = set[x % 62];
	out[6] = '\0';
}

/* Create DIR/.BASE.tmp-XXXXXX for o->name (0666 less the umask; `mode`
 * when >= 0: the permissions of the file it replaces).  0, or -1. */
static int open_tmp(ut_out *o, int mode)
{
	const char *slash = strrchr(o->name, '/');
	size_t dirlen = slash ? (size_t)(slash - o->name) + 1 : 0;
	const char *base = o->name + dirlen;
	size_t blen = strlen(base);
	int tries, fd = -1;

	/* cut a long name at a character boundary (UTF-8) */
	if (blen > TMP_BASE_MAX) {
		blen = TMP_BASE_MAX;
		while (blen > 0 && ((unsigned char)base[blen] & 0xC0) == 0x80)
			blen--;
	}
	for (tries = 0; tries < 100 && fd < 0; tries++) {
		ut_buf p = UT_BUF_INIT;
		char sfx[7];
		suffix(sfx);
		ut_buf_printf(&p, "%.*s.%.*s.tmp-%s", (int)dirlen, o->name,
		              (int)blen, base, sfx);
		if (p.failed) {
			ut_buf_free(&p);
			return fail(o, ENOMEM);
		}
		fd = open(p.ptr, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
		if (fd < 0) {
			int e = errno;
			ut_buf_free(&p);
			if (e == EEXIST)
				continue;
			return fail(o, e);
		}
		o->tmp = p.ptr; /* owned now */
	}
	if (fd < 0)
		return fail(o, EEXIST);
	if ((mode >= 0 && fchmod(fd, (mode_t)mode) != 0) ||
	    !(o->f = fdopen(fd, "wb"))) {
		int e = errno;
		close(fd);
		unlink(o->tmp);
		free(o->tmp);
		o->tmp = NULL;
		return fail(o, e);
	}
	return 0;
}

int ut_out_check(const char *path, char *dir, size_t size)
{
	const char *slash = strrchr(path, '/');
	struct stat st;

	/* as ut_out_open decides below */
	if (size)
		dir[0] = '\0';
	if (lstat(path, &st) == 0) {
		if (S_ISDIR(st.st_mode))
			return EISDIR;
		/* a link that cannot be followed (a loop, a folder on the
		 * way that is not one; language review 2026-12-07: found
		 * only at the write, after the work): the path's fault, dir
		 * left empty.  A dangling link is written through. */
		if (S_ISLNK(st.st_mode) && stat(path, &st) != 0 &&
		    errno != ENOENT)
			return errno;
		if (!S_ISREG(st.st_mode))
			return 0;
	} else if (errno != ENOENT && errno != ENOTDIR) {
		return 0;
	}
	/* open_tmp's folder: what is before the last '/', "/" or "." */
	if (!slash)
		snprintf(dir, size, ".");
	else if (slash == path)
		snprintf(dir, size, "/");
	else if ((size_t)(slash - path) >= size)
		return 0; /* too long to check here: the write says */
	else
		snprintf(dir, size, "%.*s", (int)(slash - path), path);
	if (stat(dir, &st) != 0)
		return errno;
	if (!S_ISDIR(st.st_mode))
		return ENOTDIR;
	return faccessat(AT_FDCWD, dir, W_OK | X_OK, AT_EACCESS) != 0 ? errno : 0;
}

int ut_out_open(ut_out *o, const char *path, const char *opt)
{
	struct stat st;

	memset(o, 0, sizeof(*o));
	o->name = path;
	o->opt = opt;
	if (lstat(path, &st) == 0) {
		/* a file we may not write stays as it is, as with fopen (the
		 * rename only needs the folder's permission) */
		if (S_ISREG(st.st_mode) &&
		    faccessat(AT_FDCWD, path, W_OK, AT_EACCESS) != 0)
			return fail(o, errno);
		if (S_ISREG(st.st_mode))
			return open_tmp(o, (int)(st.st_mode & 07777));
	} else if (errno == ENOENT && path[0] && path[strlen(path) - 1] != '/') {
		return open_tmp(o, -1);
	}
	/* a device, a FIFO, a link, a folder, or lstat failed (no search
	 * permission, a missing folder…): in place, as > would, and fopen
	 * says what is wrong */
	if (!(o->f = fopen(path, "wb")))
		return fail(o, errno);
	return 0;
}

int ut_out_write(ut_out *o, const void *data, size_t len)
{
	if (o->err || !o->f)
		return fail(o, o->err ? o->err : EBADF);
	if (len && fwrite(data, 1, len, o->f) != len)
		return fail(o, errno);
	return 0;
}

int ut_out_vprintf(ut_out *o, const char *fmt, va_list ap)
{
	if (o->err || !o->f)
		return fail(o, o->err ? o->err : EBADF);
	return vfprintf(o->f, fmt, ap) < 0 ? fail(o, errno) : 0;
}

int ut_out_printf(ut_out *o, const char *fmt, ...)
{
	va_list ap;
	int rc;

	va_start(ap, fmt);
	rc = ut_out_vprintf(o, fmt, ap);
	va_end(ap);
	return rc;
}

int ut_out_writer(void *ud, const char *data, size_t len)
{
	return ut_out_write(ud, data, len) != 0;
}

int ut_out_flush(ut_out *o)
{
	if (o->err || !o->f)
		return fail(o, o->err ? o->err : EBADF);
	if (fflush(o->f) != 0)
		return fail(o, errno);
	if (ferror(o->f)) /* a write that did not go through ut_out */
		return fail(o, EIO);
	return 0;
}

/* fsync the folder of o->name, so that the rename is on the disk too (best
 * effort: the file itself is already there, whole). */
static void sync_folder(const ut_out *o)
{
	const char *slash = strrchr(o->name, '/');
	ut_buf d = UT_BUF_INIT;
	int fd;

	if (slash)
		ut_buf_printf(&d, "%.*s", (int)(slash - o->name) + 1, o->name);
	else
		ut_buf_printf(&d, ".");
	if (!d.failed && (fd = open(d.ptr, O_RDONLY | O_DIRECTORY | O_CLOEXEC)) >= 0) {
		fsync(fd);
		close(fd);
	}
	ut_buf_free(&d);
}

int ut_out_close(ut_out *o, int keep)
{
	if (is_stdout(o))
		return o->err ? -1 : ut_out_flush(o);
	if (o->f) {
		if (keep && !o->err) {
			if (fflush(o->f) != 0)
				fail(o, errno);
			else if (ferror(o->f))
				fail(o, EIO);
			else if (o->tmp && fsync(fileno(o->f)) != 0)
				fail(o, errno);
		}
		if (fclose(o->f) != 0 && keep)
			fail(o, errno);
		o->f = NULL;
	}
	if (o->tmp) {
		if (keep && !o->err) {
			if (rename(o->tmp, o->name) != 0)
				fail(o, errno);
			else
				sync_folder(o);
		}
		if (!keep || o->err)
			unlink(o->tmp);
		free(o->tmp);
		o->tmp = NULL;
	}
	return o->err ? -1 : 0;
}

/* ---- reports (util/cli.h) ----------------------------------------------- */

int ut_cli_out_report(const ut_cli *c, const char *cmd, ut_out *o,
                      const char *why)
{
	char name[UT_CLI_NAME_MAX];

	if (!o->err && !why)
		return UT_EXIT_OK;
	if (!o->reported) /* the name as docs/CLI.md shows names: no raw ESC */
		fprintf(stderr, "%s: %s%s%s%s%s: %s\n", c->prog, cmd ? cmd : "",
		        cmd ? ": " : "", o->opt ? o->opt : "", o->opt ? " " : "",
		        ut_cli_shown_name(name, o->name),
		        o->err ? ut_cli_strerror((int)c->lang, o->err) : why);
	o->reported = 1;
	return UT_EXIT_INPUT;
}

int ut_cli_out_close(const ut_cli *c, const char *cmd, ut_out *o,
                     const char *why)
{
	ut_out_close(o, why == NULL);
	return ut_cli_out_report(c, cmd, o, why);
}

int ut_cli_exit(const ut_cli *c, const char *cmd, int status)
{
	ut_out *o = ut_out_stdout();
	ut_cli cc = *c;

	/* in the command's language: its --lang was parsed into a copy of
	 * c that is gone by now */
	cc.lang = (ut_lang)ut_cli_lang_chosen((int)c->lang);
	ut_out_flush(o);
	if (fclose(stdout) != 0)
		fail(o, errno);
	if (ut_cli_out_report(&cc, cmd, o, NULL) != UT_EXIT_OK &&
	    status == UT_EXIT_OK)
		status = UT_EXIT_INPUT;
	return status;
}
