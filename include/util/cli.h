/*
 * util/cli.h - the command-line conventions every tool of the project
 * follows (GNU style, glibc's getopt_long), shared by the front ends.
 *
 * This is the one part of util that prints (on stdout and stderr): it is
 * built as its own library, util_cli, which only executables link; the
 * rule systems' libraries never do.
 *
 *     prog: CMD: MESSAGE                                 (usage error, exit 2)
 *     Try 'prog CMD --help' for more information.
 *
 * getopt_long keeps its state in globals (optind, optarg, optopt) and
 * permutes argv so that the operands end up last; optind = 0 starts a fresh
 * scan (a tool scans its own options, then the command's).  getopt's own
 * messages are off (opterr = 0): ours are in the language of --lang and
 * have the hint line.
 */
#ifndef UT_CLI_H
#define UT_CLI_H

#include <getopt.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "buf.h"
#include "lang.h"
#include "out.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Exit statuses: ok, bad input, usage. */
enum { UT_EXIT_OK = 0, UT_EXIT_INPUT = 1, UT_EXIT_USAGE = 2 };

/* Who speaks, and how. */
typedef struct ut_cli {
	const char *prog; /* the tool's name, first word of every message */
	ut_lang lang;
	int quiet;        /* print no help and no usage errors */
} ut_cli;

/* UT_TR(c, "日本語", "English"): the text in the language of c
 * (util/lang.h). */

/*
 * ut_strerror (util/error.h), for the commands: what errno value err says,
 * in lang: Japanese for the errors a file or a
 * stream gives a command (ENOENT, EACCES, EISDIR, ENOSPC, …), so that a
 * Japanese message does not end in English; strerror's text otherwise,
 * and in English.
 */
const char *ut_cli_strerror(int lang, int err);

/* "prog: MESSAGE" on stderr (always, even when quiet).  In Japanese a
 * MESSAGE that ends in the libraries' "out of memory" ends in
 * "メモリが足りません" instead (ut_error_text_lang, util/error.h). */
void ut_cli_error(const ut_cli *c, const char *fmt, ...)
#if defined(__GNUC__)
	__attribute__((format(printf, 2, 3)))
#endif
	;

/* ut_cli_error with a va_list. */
void ut_cli_verror(const ut_cli *c, const char *fmt, va_list ap);

/*
 * A usage error of command `cmd` (NULL: the tool itself), in the two lines
 * above (Japanese hint: 詳しくは「prog CMD --help」を実行してください。).
 * The message's control and invisible characters (an argument quoted as
 * given: a newline, ESC) are written as <U+XXXX> (ut_buf_visible), so it
 * is one line and drives no terminal.
 * Prints nothing when c->quiet.  Returns UT_EXIT_USAGE.
 */
int ut_cli_usage_error(const ut_cli *c, const char *cmd, const char *fmt, ...)
#if defined(__GNUC__)
	__attribute__((format(printf, 3, 4)))
#endif
	;

/*
 * The usage error of an option whose value is not a whole number from lo
 * to hi (opt as written, "--runs"), in the words every command uses:
 *   --runs には1から1000000000までの整数を指定してください（「x」）
 *   --runs needs a whole number from 1 to 1000000000, not 'x'
 * Returns UT_EXIT_USAGE.
 */
int ut_cli_bad_number(const ut_cli *c, const char *cmd, const char *opt,
                      uint64_t lo, uint64_t hi, const char *arg);

/*
 * Whether the file an output option (opt, "--svg") names may be written:
 * "-" is refused as a usage error (returns UT_EXIT_USAGE): it is no file,
 * and writing one named "-" surprises whoever meant standard output (the
 * report is on standard output already).  A folder that does not exist
 * or cannot be written in, or a path that is a folder, is said (as the
 * write at the end would say it, before the work rather than after it)
 * and returns UT_EXIT_INPUT, and so does an existing file that --svg or
 * --matrix would replace and that is no picture (its first character is
 * not '<') or no cross table (it does not begin "rank,"): a sheet or a
 * scenario getopt took as the option's file.  Otherwise 0.  The caller
 * returns what it returns.
 */
int ut_cli_out_file(const ut_cli *c, const char *cmd, const char *opt,
                    const char *path);

/* ut_cli_usage_error with a va_list; returns UT_EXIT_USAGE. */
int ut_cli_vusage_error(const ut_cli *c, const char *cmd, const char *fmt,
                        va_list ap);

/*
 * Start parsing options with getopt_long: a first pass over a copy of argv
 * finds the last valid `--lang ja|en` (getopt value `lang_val`), so that
 * every message, even about an option before it, is in that language; then
 * getopt is ready for the real pass (optind = 0, opterr = 0).  argv[0] is
 * the tool's or the command's name.
 */
void ut_cli_getopt_begin(ut_cli *c, int argc, char **argv,
                         const char *shortopts, const struct option *longopts,
                         int lang_val);

/* The entry of longopts (ended by a NULL name) whose val is val, or
 * NULL: the option's long name for a message. */
const struct option *ut_cli_option(const struct option *longopts, int val);

/*
 * The usage error for what getopt_long returned as '?' or ':' (unknown,
 * ambiguous, missing or unwanted value), worded from argv and longopts.
 * Returns UT_EXIT_USAGE.
 */
int ut_cli_bad_option(const ut_cli *c, const char *cmd, int ch, char **argv,
                      const struct option *longopts);

/* The language the last ut_cli_getopt_begin settled on (the command's
 * --lang when it has one, else the tool's), or fallback before any. */
int ut_cli_lang_chosen(int fallback);

/* The usage error for a --listen value a server refused (not
 * ADDR:PORT, ADDR not IPv4 or localhost, or the port past 65535), worded
 * for what is wrong.  Returns UT_EXIT_USAGE. */
int ut_cli_listen_error(const ut_cli *c, const char *cmd, const char *listen);

/* The language a value of --lang names: UT_LANG_JA for ja (also jp, jpn,
 * japanese, 日本語), UT_LANG_EN for en (also eng, english, 英語), in any
 * case and width (EN, ｅｎ); -1 for anything else. */
int ut_cli_lang_value(const char *arg);

/* The value of --lang: sets c->lang and returns 0, or a usage error
 * (UT_EXIT_USAGE, in both languages while c->lang is Japanese) for
 * anything ut_cli_lang_value does not know. */
int ut_cli_lang(ut_cli *c, const char *cmd, const char *arg);

/* Print a help text in c->lang on stdout (nothing when quiet).  Returns
 * UT_EXIT_OK, or UT_EXIT_INPUT if stdout cannot be written (reported by
 * ut_cli_exit). */
int ut_cli_help(const ut_cli *c, const char *ja, const char *en);

/* Print "prog VERSION" on stdout; UT_EXIT_OK or UT_EXIT_INPUT (reported
 * by ut_cli_exit). */
int ut_cli_version(const ut_cli *c, const char *version);

/*
 * Output failures (util/out.h), on stderr, in every tool and language:
 *
 *     PROG: CMD: FILE: REASON
 *
 * CMD is the command (left out with its colon for the tool itself: its
 * --help and --version), FILE the file as named (after the option that
 * named it, o->opt, when set: "--svg pt.svg") or <stdout>, REASON the
 * system's (strerror of the first failure) or `why`.
 *
 * ut_cli_out_report prints o's failure (or `why` when o has none) once:
 * UT_EXIT_INPUT after a failure, UT_EXIT_OK when there is none.
 */
int ut_cli_out_report(const ut_cli *c, const char *cmd, ut_out *o,
                      const char *why);

/* ut_out_close(o) - kept unless `why` (a failure that is not the file's
 * own, such as "out of memory": the file is dropped) or a write failed -
 * then ut_cli_out_report.  UT_EXIT_OK or UT_EXIT_INPUT. */
int ut_cli_out_close(const ut_cli *c, const char *cmd, ut_out *o,
                     const char *why);

/*
 * The end of a tool's main(), for every outcome: flush and close standard
 * output, and if that or any write to it (through ut_out_stdout()) failed,
 * report it once (PROG: CMD: <stdout>: REASON) and return UT_EXIT_INPUT in
 * place of a 0 `status`; otherwise return status.  Nothing may write to
 * stdout afterwards.
 */
int ut_cli_exit(const ut_cli *c, const char *cmd, int status);

/* The value of the digit at s, ASCII or full-width (０ .. ９, U+FF10 ..
 * U+FF19), with its length in bytes in *len; -1 when s holds none. */
int ut_cli_digit(const char *s, size_t *len);

/* A decimal whole number from 0 to max: digits only, ASCII or full-width
 * (ut_cli_digit; no sign, no blank, no other character before, inside or
 * after them); 0, or -1. */
int ut_cli_parse_u64(uint64_t *out, const char *s, uint64_t max);

/* The events a series of runs may spend in all unless --max-events says
 * (MG-BUDGET-2, MS-BUDGET-2): about 200 CPU-seconds; and the least budget
 * a run gets by default however many runs there are (enough for a fight or
 * a duel of the examples many times over; reached at a million runs). */
#define UT_CLI_SERIES_EVENTS UINT64_C(10000000000)
#define UT_CLI_RUN_EVENTS_MIN UINT64_C(10000)

/* --max-events's value (1 … 2^64 − 1) into *out: 0, or UT_EXIT_USAGE after
 * the usage error of command cmd. */
int ut_cli_max_events(uint64_t *out, const ut_cli *c, const char *cmd,
                      const char *arg);

/* Scenario files (megami, manastorm): at most UT_CLI_MAX_BYTES_DEFAULT (1
 * MiB) unless --max-bytes N says otherwise, N from 1 to
 * UT_CLI_MAX_BYTES_MAX (1 GiB); every command that reads a scenario takes
 * the option (docs/CLI.md "Input size"). */
#define UT_CLI_MAX_BYTES_DEFAULT ((size_t)1 << 20)
#define UT_CLI_MAX_BYTES_MAX ((size_t)1 << 30)

/* --max-bytes's value into *out: 0, or UT_EXIT_USAGE after the usage error
 * of command cmd. */
int ut_cli_max_bytes(size_t *out, const ut_cli *c, const char *cmd,
                     const char *arg);

/* Its lines in a help, PAD the blanks between `--max-bytes N` and the
 * description (a string literal: 5 blanks for a help whose descriptions
 * start at column 20, 10 for column 26). */
#define UT_CLI_MAX_BYTES_HELP_JA(PAD) \
	"  --max-bytes N" PAD "N バイトを超えるシナリオは読み切らずに誤りと\n" \
	"               " PAD "する（既定: 1048576、最大: 1073741824）\n"
#define UT_CLI_MAX_BYTES_HELP_EN(PAD) \
	"  --max-bytes N" PAD "a longer scenario is an error, not read\n" \
	"               " PAD "(default 1048576, at most 1073741824)\n"

/* The budget of each of n runs: `given` (--max-events; 0 when not given),
 * or else the share UT_CLI_SERIES_EVENTS / n, at most per_run (the budget
 * of one run alone), at least UT_CLI_RUN_EVENTS_MIN (or per_run if that is
 * smaller): up to a million runs a series does at most
 * UT_CLI_SERIES_EVENTS events, beyond at most n × UT_CLI_RUN_EVENTS_MIN
 * (the runs asked for are the work asked for).  It depends on n only, not
 * on the threads or MPI ranks that share the runs. */
uint64_t ut_cli_series_budget(uint64_t given, uint64_t n, uint64_t per_run);

/*
 * UT-CLI-MPI-1: a series command (megami fight --runs, manastorm playtest
 * and sweep) over MPI ranks (mpi.c; MPI calls only in a build with
 * -DAMARYLLIS_MPI=ON, else one rank and no MPI).  Every rank calls the
 * same functions in the same order, whatever happened to it:
 * ut_cli_mpi_init at the start; ut_cli_mpi_agree at each point where a rank
 * may have failed (every rank learns the worst status; rank 0 says how many
 * failed unless it failed itself; ranks whose inputs hash differently stop
 * with status 1); ut_cli_mpi_gather to bring every rank's bytes to rank 0;
 * ut_cli_mpi_end last (every rank returns rank 0's status).  Ranks other
 * than 0 are quiet (no help, no usage errors): set by init on c.
 */
typedef struct ut_cli_mpi {
	int rank, size;
	int agreed;  /* ut_cli_mpi_agree was called */
} ut_cli_mpi;

void ut_cli_mpi_init(ut_cli_mpi *m, ut_cli *c, int *argc, char ***argv);
/* The worst status of all ranks (0: all went on, with the same hash). */
int ut_cli_mpi_agree(ut_cli_mpi *m, const ut_cli *c, const char *cmd,
                     int status, uint64_t hash);
/* UT-CLI-MPI-2: 0 when the input `path` may be read; with more than one
 * rank, "-" (standard input, which mpirun gives to rank 0 only) is a usage
 * error (rank 0 says so; UT_EXIT_USAGE), before any rank reads: else the
 * other ranks read nothing and fail on an empty input. */
int ut_cli_mpi_stdin(const ut_cli_mpi *m, const ut_cli *c, const char *cmd,
                     const char *path);
/* UT-CLI-MPI-3: every rank reads the same input, and rank 0 says what is
 * wrong with it: a quiet rank's own messages would repeat rank 0's once
 * per rank, mixed line by line (MPI review 2026-12-06).  On a quiet rank
 * (c->quiet), ut_cli_mpi_mute sends stderr to /dev/null and returns the
 * saved descriptor for ut_cli_mpi_unmute; elsewhere (or when it cannot)
 * it does nothing and returns -1.  A rank whose input alone is bad is
 * still named by rank 0's "stopped: F of K ranks failed". */
int ut_cli_mpi_mute(const ut_cli *c);
void ut_cli_mpi_unmute(int saved);
/* The part [first, first + count) of n runs that this rank takes. */
void ut_cli_mpi_share(const ut_cli_mpi *m, uint64_t n, uint64_t *first,
                      uint64_t *count);
/* On rank 0, *all holds each rank's `mine` in rank order, lens[r] bytes
 * of rank r (lens: size entries); 0, or UT_EXIT_INPUT (out of memory: the
 * job is aborted). */
int ut_cli_mpi_gather(const ut_cli_mpi *m, const ut_buf *mine, ut_buf *all,
                      size_t *lens);
/* Rank 0's status, on every rank; then the end of MPI. */
int ut_cli_mpi_end(ut_cli_mpi *m, int status);

/*
 * Read all of f into *out (owned, free()), but no more than max bytes:
 * EFBIG when there is more (found by reading max + 1 bytes at most, so
 * /dev/zero or a huge file costs max bytes of memory, not its size).
 * Returns 0 or an errno value (EFBIG, ENOMEM, the read error).
 */
int ut_cli_read(char **out, size_t *len, FILE *f, size_t max);

/* Write all of p[0 .. n) to fd, again after a short write or EINTR:
 * 0, or -1 with errno set (a write of 0 bytes counts as a failure). */
int ut_cli_write_all(int fd, const char *p, size_t n);

/*
 * Read a whole file for a command (- is standard input), at most `max`
 * bytes; *text owned (free()).  Returns UT_EXIT_OK, or prints "FILE: error:
 * …" on stderr (cannot open, cannot read, too large — naming the option
 * `opt` that sets the limit, when there is one; <stdin> for -) and returns
 * UT_EXIT_INPUT.
 */
int ut_cli_read_path(char **text, size_t *len, const ut_cli *c,
                     const char *path, size_t max, const char *opt);

/*
 * Under a "FILE:LINE:COL: error: …" message, the source line (cut to 80
 * bytes each side of the column, marked with …; control and invisible
 * characters shown as <U+XXXX>) and a caret under character column `col`
 * (1-based; the line's tabs copied, wide characters count 2, <U+XXXX> 8),
 * on stderr: ut_buf_context (util/width.h); a byte that is not UTF-8 is
 * shown as U+FFFD (one column).  Nothing for col 0.
 */
void ut_cli_show_context(const char *line, size_t len, uint32_t col);

/*
 * A file's name as messages and reports show it (docs/CLI.md "Errors in
 * a file"): "-" is "<stdin>"; a name with control or invisible characters
 * or bytes that are not UTF-8 (a player's attachment may be named so) is
 * written into buf as ut_buf_visible writes text (<U+XXXX>, U+FFFD), cut
 * with "…" at a character if longer than buf holds; any other name is
 * returned as it is.  buf has UT_CLI_NAME_MAX bytes.
 */
#define UT_CLI_NAME_MAX 1024
const char *ut_cli_shown_name(char *buf, const char *path);

/*
 * The Japanese legacy encoding text[0..len) seems to be in, for a file
 * that is not UTF-8 (encoding.c): "UTF-16" (a byte order mark),
 * "UTF-16LE"/"UTF-16BE" (NULs in one column of the byte pairs),
 * "ISO-2022-JP" (its escapes), "CP932" (Shift_JIS) or "EUC-JP-MS", the
 * first that iconv converts whole, Shift_JIS first when a byte 0x80 …
 * 0xa0 (a Shift_JIS lead byte) is there; NULL for UTF-8, for text with
 * a control character (NUL included) but tab, CR, LF and form feed
 * (binary), or none of them.
 */
const char *ut_cli_guess_encoding(const char *text, size_t len);

/*
 * s as one word for a shell, into out[0..size) (NUL-terminated): as it is
 * when it is letters, digits, non-ASCII and ._/+,:@%=- only and does not
 * begin with '-', else in single quotes with each ' written '\''
 * ("it's here" -> 'it'\''s here').  A word the size cannot hold is cut
 * before a character, its closing quote kept when there is room.
 */
void ut_cli_shell_word(char *out, size_t size, const char *s);

/*
 * When ut_cli_guess_encoding names one: one line on stderr, before the
 * reader's errors, in lang (UT_LANG_JA/EN), with the iconv command that
 * converts the file: `FILE: note: the file seems to be saved in Shift_JIS,
 * not UTF-8; save it as UTF-8, or convert it: iconv -f CP932 -t UTF-8
 * FILE > new.txt`.  Returns 1 when it wrote it, else 0.
 */
int ut_cli_encoding_note(int lang, const char *path, const char *text,
                         size_t len);

/* The same note's text, without "FILE: note: " and the newline, appended
 * to out (a JSON document's note).  Returns 1 when there is one (out may
 * then have failed: out of memory), else 0. */
int ut_cli_encoding_text(ut_buf *out, int lang, const char *path,
                         const char *text, size_t len);

/*
 * A progress bar on stderr for a series of runs (a Monte Carlo, a
 * playtest): "[####....] 42% 420/1000", redrawn only when the percent
 * changes; ut_cli_progress_end erases it.  Show it only when stderr is a
 * terminal (the caller checks isatty).  ut_cli_progress fits the
 * libraries' progress callbacks: ud is the ut_cli_bar.  Once a bar is
 * drawn, SIGINT, SIGTERM and SIGHUP (where their action is the default)
 * erase it before they end the process as they would have.
 */
typedef struct ut_cli_bar {
	int shown, last;
} ut_cli_bar;

#define UT_CLI_BAR_INIT {0, -1}

/* Draw the bar `ud` (a ut_cli_bar *) at done of total on stderr. */
void ut_cli_progress(void *ud, uint64_t done, uint64_t total);

/* Erase the bar if it is shown. */
void ut_cli_progress_end(ut_cli_bar *bar);

/* A command of a tool: its name, the function that runs it (argv[0] is the
 * command's name; *ui holds the tool's options given before it: prog and
 * --lang), and one line for the tool's help in each language. */
typedef struct ut_cli_command {
	const char *name;
	int (*run)(const ut_cli *ui, int argc, char **argv);
	const char *ja, *en;
} ut_cli_command;

/* For the commands that run a server (amaryllis serve, megami serve):
 * "2026-11-30T21:50:00Z LINE" on stderr, one whole line at a time from
 * any thread (a server's log hook; ud unused). */
void ut_cli_log_line(void *ud, const char *line);

/* Text on stderr as it is, between the log's writes: never inside one of
 * its lines, which a plain write to a pipe can be (the servers say that
 * they stop with it).  At most PIPE_BUF bytes; lost when stderr has not
 * taken it within a few seconds (nobody reads it), so that it never
 * holds up the server. */
void ut_cli_log_say(const char *text);

/* A --public-host name: 1 to 253 letters, digits, '-', '.' and '_' (a DNS
 * name or an IPv4 address; no port, no brackets: the servers check it
 * too).  1 or 0. */
int ut_cli_public_host_ok(const char *s);

/*
 * A command that is an executable of its own (`megami serve` runs
 * megami-serve): its libraries are loaded only when it runs, not by
 * every command of the tool.  Runs PROG-CMD from the folder where
 * `cmake --install` puts it, UT_CLI_LIBEXEC (the libexec folder of the
 * project, relative to the folder of this executable, /proc/self/exe)
 * when it is there, else from the folder of this executable (where both
 * are built, or were copied by hand), with
 * `--tool-lang ja|en` (the tool's language, as given before the command)
 * and argv[1..argc) (argv[0] is CMD, as a command gets it).  Returns only
 * when it cannot be run, after "PROG: CMD: cannot run PATH: REASON":
 * UT_EXIT_INPUT.
 */
int ut_cli_exec_helper(const ut_cli *c, int argc, char **argv);

/*
 * The main() of such an executable (PROG-CMD, made by cmake's
 * am_cli_helper): `PROG-CMD --version` prints PROG's version; anything
 * else is run(c, argc, argv), the command as PROG would run it (its
 * --lang, --help, options and operands): run by PROG, first with PROG's
 * language (`--tool-lang`, taken off), so that a --lang among the
 * command's arguments comes after it as it did in PROG.  Ends with
 * ut_cli_exit for CMD.
 */
int ut_cli_helper_main(ut_cli *c, int argc, char **argv, const char *version,
                       const char *cmd,
                       int (*run)(const ut_cli *c, int argc, char **argv));

/*
 * The main() of a tool made of commands (megami, manastorm):
 *
 *     PROG [--lang ja|en] COMMAND [OPTION]... OPERAND...
 *     PROG help [COMMAND]        (= PROG [COMMAND] --help)
 *     PROG --help | --version
 *
 * The tool's options stop at the command's name (the rest is the
 * command's to parse, with optind reset).  `about_ja`/`about_en` is the one
 * line under the usage line of the tool's help; `commands` ends with a
 * NULL name.  It ends with ut_cli_exit (standard output closed, its
 * failure reported for the command run).  Returns the exit status.
 */
int ut_cli_main(ut_cli *c, int argc, char **argv, const char *version,
                const char *about_ja, const char *about_en,
                const ut_cli_command *commands);

/*
 * The `check FILE…` command of a tool whose inputs are files: options
 * --lang, -h/--help (help_ja/help_en) and --max-bytes N (1 … 1 GiB,
 * default 1 MiB); then check_one(c, path, max, header) for every file,
 * whatever happened to the ones before (header: several files were given,
 * so each output is headed).  check_one returns UT_EXIT_OK or another exit
 * status.  Returns 2 for a usage error, 1 if any file failed or stdout could
 * not be written, else 0.
 */
int ut_cli_check_files(const ut_cli *base, int argc, char **argv,
                       const char *help_ja, const char *help_en,
                       int (*check_one)(const ut_cli *c, const char *path,
                                        size_t max, int header));

#ifdef __cplusplus
}
#endif

#endif
