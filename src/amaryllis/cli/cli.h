/* cli.h - what the subcommands of the amaryllis tool share. */
#ifndef AM_CLI_H
#define AM_CLI_H

#include <stdio.h>

#include "amaryllis.h"

/* Exit statuses (STYLE.md): ok, bad input, usage. */
enum { EXIT_OK = 0, EXIT_INPUT = 1, EXIT_USAGE = 2 };

/* Options common to the subcommands. */
typedef struct cli_opts {
	am_lang lang;
} cli_opts;

/* A sheet read from a file (or stdin for "-") and parsed. */
typedef struct cli_sheet {
	const char *path;   /* as given; "-" is shown as <stdin> */
	char *text;         /* owned */
	size_t len;
	am_sheet *sheet;    /* owned; NULL if reading failed */
} cli_sheet;

/*
 * Read and parse `path`.  Prints every diagnostic (FILE:LINE:COL: error: …
 * with the source line and a caret) to stderr.  Returns 0 when the sheet is
 * legal, EXIT_INPUT otherwise (unreadable, illegal).
 */
int cli_sheet_load(cli_sheet *out, const char *path, const cli_opts *o);

/*
 * The same, but the diagnostics are also kept in *diags (owned, one
 * "FILE:LINE:COL: error: message" per line; NULL when there are none), and
 * printed only when `print` is set.
 */
int cli_sheet_load_ex(cli_sheet *out, const char *path, const cli_opts *o,
                      int print, char **diags);
void cli_sheet_free(cli_sheet *s);

/* "amaryllis: message" on stderr. */
void cli_error(const char *fmt, ...)
#if defined(__GNUC__)
	__attribute__((format(printf, 1, 2)))
#endif
	;

/* Parse "--lang ja|en" at argv[*i]; returns 1 if consumed, -1 on error. */
int cli_parse_common(cli_opts *o, int argc, char **argv, int *i);

/* A decimal whole number from 0 to max (no sign); 0, or -1 if it is not. */
int cli_parse_u64(const char *s, uint64_t max, uint64_t *out);

int cmd_check(int argc, char **argv);
int cmd_battle(int argc, char **argv);
int cmd_league(int argc, char **argv);

#endif
