/*
 * util/out.h - the one way the tools write their output: standard output
 * and the files their options name, every write checked, and a named file
 * replaced whole or not at all.  Part of util_cli (executables only).
 *
 *     ut_out f;
 *     int rc = -1;
 *
 *     if (ut_out_open(&f, path, "--svg") == 0)
 *             rc = render(…, ut_out_writer, &f);   // or ut_out_write/printf
 *     status = ut_cli_out_close(ui, "league", &f, rc < 0 ? why : NULL);
 *
 * A named file that is a regular file, or does not exist yet, is written
 * to a temporary file in the same folder, .NAME.tmp-XXXXXX (created with
 * mode 0666 less the umask, as fopen would, or with the permissions of the
 * file it replaces; a regular file we may not write is refused, EACCES,
 * as fopen would), flushed to the disk (fsync) and renamed over NAME only
 * once everything was written (then the folder is fsynced too: best
 * effort).  The folder must be writable.  The new file is a new inode: a
 * hard link to the old one keeps the old contents.  A reader,
 * a full disk, a crash or kill -9 sees the old file or the new one, never
 * a part of it; on any failure the temporary file is removed and the old
 * file is kept.  Only kill -9 (or a crash) between the creation and the
 * rename can leave a .NAME.tmp-XXXXXX behind, never NAME itself cut short.
 *
 * Anything else that exists under NAME - a device (/dev/null, /dev/full),
 * a FIFO, a socket, a symbolic link (/dev/stdout is one) - is opened and
 * written in place, as the shell's > would: renaming over it would replace
 * the device or the link itself.  So a symbolic link to a regular file is
 * not replaced atomically.
 *
 * Standard output is one ut_out too (ut_out_stdout()): the first failure
 * of a write to it is kept with its reason, and util/cli.h's ut_cli_exit
 * reports it (PROG: CMD: <stdout>: REASON) and sets the exit status when
 * the tool ends.  A failure is sticky: once a write failed, the later ones
 * do nothing and fail too.
 */
#ifndef UT_OUT_H
#define UT_OUT_H

#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Standard output's name in messages (as <stdin> for standard input). */
#define UT_OUT_STDOUT "<stdout>"

typedef struct ut_out {
	FILE *f;          /* the stream written (NULL: not open) */
	const char *name; /* the file as named (borrowed), or UT_OUT_STDOUT */
	char *tmp;        /* the temporary file renamed over name at the end
	                     (owned); NULL: written in place */
	int err;          /* the errno value of the first failure; 0: none */
	int reported;     /* the failure was reported (ut_cli_out_report) */
	const char *opt;  /* the option that named the file (borrowed), or
	                     NULL: the report says "--svg FILE: REASON", as
	                     the early check does */
} ut_out;

/* Standard output (a static ut_out: never closed by ut_out_close). */
ut_out *ut_out_stdout(void);

/*
 * Start writing the file `path`, named by the option `opt` ("--svg"; NULL
 * for none), as the top of this header says; both are borrowed and must
 * outlive o.  Returns 0, or -1 with o->err set (the message comes from
 * ut_cli_out_close); o can be closed either way.
 */
int ut_out_open(ut_out *o, const char *path, const char *opt);

/*
 * Whether ut_out_open could start `path`, asked before the work that makes
 * the file (util/cli.h ut_cli_out_file): 0, or an errno value.  EISDIR:
 * path is a folder.  A new or regular file is written to a temporary name
 * in its folder, then renamed: that folder (into dir, size bytes) missing
 * is ENOENT, no folder ENOTDIR, not writable EACCES (or what stat and
 * faccessat say).  A device, a FIFO or a link is written in place and
 * needs no folder (0), but a link that cannot be followed (ELOOP, ENOTDIR,
 * EACCES) is its errno with dir empty (""); what cannot be looked at here
 * is left to the write (0).
 */
int ut_out_check(const char *path, char *dir, size_t size);

/* Write len bytes; 0, or -1 (now or an earlier failure; o->err says why). */
int ut_out_write(ut_out *o, const void *data, size_t len);

/* printf into o; 0 or -1. */
int ut_out_printf(ut_out *o, const char *fmt, ...)
#if defined(__GNUC__)
	__attribute__((format(printf, 2, 3)))
#endif
	;

/* ut_out_printf with a va_list; 0 or -1. */
int ut_out_vprintf(ut_out *o, const char *fmt, va_list ap);

/* The writer callback shape of the libraries (ut_write_fn, am_write_fn,
 * mg_write_fn): ud is a ut_out.  0 to go on, 1 after a failure. */
int ut_out_writer(void *ud, const char *data, size_t len);

/* Hand what is buffered to the system; 0 or -1. */
int ut_out_flush(ut_out *o);

/*
 * Finish a named file: when `keep` and nothing failed, flush, fsync, close
 * and rename the temporary file over the name; otherwise close and remove
 * the temporary file (the old file stays).  For standard output: flush
 * only.  Returns 0, or -1 with o->err set.  o->tmp is freed.
 */
int ut_out_close(ut_out *o, int keep);

#ifdef __cplusplus
}
#endif

#endif
