/*
 * cli.h - what the subcommands of the amaryllis tool share.
 *
 * The tool includes public headers only: <amaryllis.h> (include/amaryllis/)
 * and the shared layer's include/util/.  Nothing under src/ is reachable
 * from here (the only include path is include/).
 */
#ifndef AM_CLI_H
#define AM_CLI_H

#include <getopt.h>
#include <stdio.h>

#include "amaryllis.h"
#include "util/cli.h"

/* Exit statuses (docs/STYLE.md): ok, bad input, usage. */
enum { EXIT_OK = UT_EXIT_OK, EXIT_INPUT = UT_EXIT_INPUT,
       EXIT_USAGE = UT_EXIT_USAGE };

/* Largest sheet read by default, and the largest --max-sheet-bytes. */
#define CLI_SHEET_BYTES_DEFAULT ((size_t)1 << 20)  /* 1 MiB */
#define CLI_SHEET_BYTES_MAX ((size_t)1 << 30)      /* 1 GiB */

/* Options common to the subcommands. */
typedef struct cli_opts {
	am_lang lang;
	size_t max_sheet_bytes; /* a longer sheet is an error, not read whole */
	int quiet;              /* print no help and no usage errors (the MPI
	                           ranks other than 0: rank 0 prints them) */
} cli_opts;

#define CLI_OPTS_INIT {AM_LANG_JA, CLI_SHEET_BYTES_DEFAULT, 0}

/* A usage error (EXIT_USAGE) when "-" (standard input, read once) is
 * among the operands argv[from .. argc) more than once; else 0. */
int cli_one_stdin(const cli_opts *o, const char *cmd, int argc,
                  char *const *argv, int from);

/* ut_cli_bad_number for the options o: a value not a whole number from
 * lo to hi; returns EXIT_USAGE. */
int cli_bad_number(const cli_opts *o, const char *cmd, const char *opt,
                   uint64_t lo, uint64_t hi, const char *arg);

/*
 * Long options without a short form are numbered from 256 (getopt_long
 * returns the number).  The ones every subcommand has come first, in
 * CLI_COMMON_LONGOPTS; --help is also -h.
 */
enum {
	OPT_LANG = 256,
	OPT_MAX_SHEET_BYTES,
	OPT_VERSION,
	OPT_FORMAT,
	OPT_TIE_BREAK,
	OPT_MAX_UNITS,
	OPT_JOBS,
	OPT_POINTS,
	OPT_MATRIX,
	OPT_SVG,
	OPT_REPLAY,
	OPT_TOKEN,
	OPT_MAX_WORK
};

#define CLI_COMMON_LONGOPTS \
	{"lang", required_argument, NULL, OPT_LANG}, \
	{"help", no_argument, NULL, 'h'}

/* The commands that read sheets from files (battle, check, league,
 * optimize); hill and serve read none (review 2026-12-06: they took it
 * and did nothing with it). */
#define CLI_SHEET_LONGOPTS \
	{"max-sheet-bytes", required_argument, NULL, OPT_MAX_SHEET_BYTES}

/* The short options of every subcommand: -h, and ':' first so that a
 * missing value is told apart from an unknown option. */
#define CLI_SHORTOPTS ":h"

/* A sheet read from a file (or stdin for "-") and parsed. */
typedef struct cli_sheet {
	const char *path;   /* as given; "-" is shown as <stdin> */
	char *text;         /* owned */
	size_t len;
	am_sheet *sheet;    /* owned; NULL if reading failed */
	int nomem;          /* it failed for want of memory, not for what
	                       the file holds (said as such): a league or a
	                       field stops rather than leave it out */
} cli_sheet;

/*
 * Read and parse `path`, reading at most o->max_sheet_bytes bytes (one more
 * tells that the file is too long: then it is an error, and the rest is not
 * read).  Prints every diagnostic (FILE:LINE:COL: error: … with the source
 * line and a caret; FILE: error: … when the file cannot be read) to stderr.
 * Returns 0 when the sheet is legal, EXIT_INPUT otherwise (unreadable,
 * too long, illegal).
 */
int cli_sheet_load(cli_sheet *out, const char *path, const cli_opts *o);

/*
 * The same, but the diagnostics are also kept in *diags (owned, one
 * "FILE:LINE:COL: error: message" or "FILE: error: message" per line; NULL
 * when there are none, or when they could not all be kept: out->nomem),
 * and printed only when `print` is set.
 */
int cli_sheet_load_ex(cli_sheet *out, const char *path, const cli_opts *o,
                      int print, char **diags);
void cli_sheet_free(cli_sheet *s);

/* The note after the errors of an illegal sheet whose first error is on a
 * line without a colon (am_sheet_prose_line: prose read as the sheet). */
const char *cli_prose_note(am_lang lang);

/* cli_sheet_load for a text in memory named `name` (e.g. "<token:A>"):
 * takes `text` (malloc'ed, NUL-terminated; freed by cli_sheet_free). */
int cli_sheet_text(cli_sheet *out, const char *name, char *text, size_t len,
                   const cli_opts *o);

/* A growing list of owned strings (operands, sheet paths). */
typedef struct cli_paths {
	char **v;
	size_t n, cap;
} cli_paths;

/* Append a copy of `p`.  0, or -1 when out of memory. */
int cli_paths_add(cli_paths *l, const char *p);
void cli_paths_free(cli_paths *l);

/*
 * Append the sheets `arg` names, as league and optimize read them: a folder
 * gives its visible regular files, sorted by name (an entry stat() cannot
 * follow - a looping or dangling link, no permission - is kept so that
 * opening it reports why; folders, devices and fifos are left out);
 * anything else is itself (a file that cannot be read is reported when it is
 * loaded).  A name that ends in '~' (an editor's backup, which would play
 * as a second copy of its sheet) is left out of a folder too.  Returns 0;
 * -1 when out of memory; -2 when the folder cannot be opened (errno says
 * why); -3 when the folder gives no sheet (an empty folder among sheets
 * is an error, as it is alone, not skipped without a word).  Prints
 * nothing.
 */
int cli_paths_collect(cli_paths *l, const char *arg);

/* Why cli_paths_collect returned rc (-2, with errno err; or -3), in o's
 * language, into buf (for "FOLDER: error: WHY"); returns buf. */
const char *cli_paths_why(char *buf, size_t size, const cli_opts *o, int rc,
                          int err);

/*
 * Leave out of l each path that names the same file (device and inode) as
 * one before it, in order (a sheet given twice, or in its folder and by
 * name, would play twice and change every other sheet's points), moving
 * it to *twice for a warning.  0, or -1 when out of memory.
 */
int cli_paths_dedup(cli_paths *l, cli_paths *twice);

/* cli_paths_dedup, with a warning on stderr (rank 0 only) for each path
 * left out: "amaryllis: CMD: PATH: the same file is given already: read
 * once".  0, or -1 when out of memory. */
int cli_paths_dedup_warn(cli_paths *l, const cli_opts *o, const char *cmd,
                         int rank);

/* "amaryllis: message" on stderr (always, even when quiet); a message
 * that ends in the libraries' "out of memory" in o's language
 * (ut_cli_error). */
void cli_error(const cli_opts *o, const char *fmt, ...)
#if defined(__GNUC__)
	__attribute__((format(printf, 2, 3)))
#endif
	;

/*
 * A usage error of command `cmd` (NULL: the tool itself), in two lines on
 * stderr, GNU style:
 *
 *     amaryllis: CMD: MESSAGE
 *     Try 'amaryllis CMD --help' for more information.
 *
 * (in Japanese: 詳しくは「amaryllis CMD --help」を実行してください。).
 * Prints nothing when o->quiet.  Returns EXIT_USAGE.
 */
int cli_usage_error(const cli_opts *o, const char *cmd, const char *fmt, ...)
#if defined(__GNUC__)
	__attribute__((format(printf, 3, 4)))
#endif
	;

/*
 * Start parsing the options of a command with getopt_long: a first pass
 * finds the last valid --lang (so that every message, even about an option
 * before it, is in that language) and leaves getopt ready for the real pass
 * (optind = 0, opterr = 0).  argv[0] is the command name.
 */
void cli_getopt_begin(cli_opts *o, int argc, char **argv, const char *shortopts,
                      const struct option *longopts);

/*
 * The usage error for what getopt_long returned as '?' or ':' (unknown,
 * ambiguous, missing or unwanted value), worded from argv and longopts
 * rather than by getopt itself, in o->lang.  Returns EXIT_USAGE.
 */
int cli_bad_option(const cli_opts *o, const char *cmd, int c, char **argv,
                   const struct option *longopts);

/*
 * Handle the options in CLI_COMMON_LONGOPTS other than --help: returns 1 if
 * `c` was one (and its value was good), 0 if it was not, EXIT_USAGE after a
 * usage error (a bad value).
 */
int cli_common_option(cli_opts *o, const char *cmd, int c, const char *arg);

/* Print the help of a command: the text in o->lang, on stdout (nothing when
 * o->quiet).  Returns EXIT_OK, or EXIT_INPUT if stdout cannot be written. */
int cli_help(const cli_opts *o, const char *ja, const char *en);

/*
 * A named output file (util/out.h: replaced whole or not at all) closed,
 * and its failure reported as "amaryllis: CMD: FILE: REASON"
 * (ut_cli_out_close): `why` drops the file for a failure that is not its
 * own (am_error_last() after a render failed).  EXIT_OK or EXIT_INPUT.
 * Standard output is ut_out_stdout(): its failure is reported by
 * ut_cli_main (ut_cli_exit).
 */
int cli_out_close(const cli_opts *o, const char *cmd, ut_out *f,
                  const char *why);

/* The value of an option that names a file to write (--svg, --matrix,
 * --out): 0, or the usage error (EXIT_USAGE) for "-", which is not
 * standard output there (the file would be named "-"). */
int cli_out_file(const cli_opts *o, const char *cmd, const char *opt,
                 const char *path);

/* --points W,D,L: three whole numbers from -1000000 to 1000000 (each an
 * optional '-' and digits: no '+', no blank), separated by commas, into
 * pts.  0, or -1 when s is not that (the caller says so). */
int cli_parse_points(const char *s, int64_t pts[3]);


/* The options of a command before it parses its own: the tool's (*ui:
 * --lang, given before the command) and the defaults of the others. */
cli_opts cli_opts_of(const ut_cli *ui);

/* The subcommands (util/cli.h's ut_cli_command, one line each in main.c's
 * table): argv[0] is the command's name; *base holds the tool's options
 * given before it (amaryllis --lang en check …).  Each returns the exit
 * status. */
typedef int am_cmd_fn(const ut_cli *base, int argc, char **argv);

am_cmd_fn cmd_check;
am_cmd_fn cmd_battle;
am_cmd_fn cmd_league;
am_cmd_fn cmd_optimize;
/* <name>/cmd_<name>.c: in amaryllis-<name>, which `amaryllis <name>` runs
 * (ut_cli_exec_helper) */
am_cmd_fn cmd_hill;
am_cmd_fn cmd_mail;
am_cmd_fn cmd_serve;

#endif
