/*
 * cli.h - what the commands of the manastorm tool share.
 *
 * The tool includes public headers only (include/manastorm/, include/util/).
 * Each command is one file, cmd_<name>.c, with one line in main.c's table;
 * it parses its options with getopt_long through util/cli.h, so every
 * command words its usage errors and help the same way (exit 2 for usage,
 * 1 for bad input).
 */
#ifndef MS_CLI_H
#define MS_CLI_H

#include <getopt.h>
#include <stdio.h>

#include "manastorm/common.h"
#include "util/buf.h"
#include "util/cli.h"

/* The tool's options, given before the command (manastorm --lang en play …);
 * ui.prog is "manastorm". */
typedef struct ms_cli {
	ut_cli ui;
} ms_cli;

#define MS_CLI_INIT {{"manastorm", UT_LANG_JA, 0}}

/*
 * Long options without a short form are numbered from 256 (getopt_long
 * returns the number).  Each command lists the ones it takes; --lang and
 * --help (also -h) are in every command: MS_CLI_COMMON_LONGOPTS.
 */
enum {
	OPT_LANG = 256,
	OPT_SEED,
	OPT_FORMAT,
	OPT_RUNS,
	OPT_JOBS,
	OPT_SVG,
	OPT_VARY,
	OPT_MAX_EVENTS,
	OPT_HANDS,
	OPT_MAX_BYTES
};

#define MS_CLI_COMMON_LONGOPTS \
	{"lang", required_argument, NULL, OPT_LANG}, \
	{"help", no_argument, NULL, 'h'}

/* The short options of every command: -h, and ':' first so that a missing
 * value is told apart from an unknown option. */
#define MS_CLI_SHORTOPTS ":h"

/* The commands (util/cli.h's ut_cli_command): argv[0] is the command's
 * name; *base holds the tool's options given before it (start with
 * `ms_cli o = {*base};`).  Each returns the exit status. */
typedef int ms_cmd_fn(const ut_cli *base, int argc, char **argv);

/* One line per command (cmd_<name>.c): */
ms_cmd_fn cmd_check;
ms_cmd_fn cmd_play;
ms_cmd_fn cmd_playtest;
ms_cmd_fn cmd_sweep;

/* Scenario files: at most 1 MiB unless --max-bytes says otherwise
 * (util/cli.h: UT_CLI_MAX_BYTES_DEFAULT, ut_cli_max_bytes), in every
 * command that reads one. */
#define MS_CLI_MAX_BYTES_LONGOPT \
	{"max-bytes", required_argument, NULL, OPT_MAX_BYTES}

/*
 * Read the scenario file `path` (- is standard input; at most max bytes,
 * `opt` the option that sets the limit, or NULL) for any command
 * (cmd_check.c): on success *doc holds it (ms_scenario_doc_free); else
 * every problem is on stderr as FILE:LINE:COL: error: … with the line and
 * a caret, *doc is NULL, and the result is UT_EXIT_INPUT.
 */
struct ms_scenario_doc;
int ms_cli_scenario_file(const ut_cli *ui, const char *path, size_t max,
                         const char *opt, struct ms_scenario_doc **doc);
/* The same, and *hash the FNV-1a of the text read (UT-CLI-MPI-1: ranks
 * compare what they read), when hash is not NULL.  On a quiet MPI rank it
 * says nothing: rank 0 says what is wrong (UT-CLI-MPI-3). */
int ms_cli_scenario_file_hash(const ut_cli *ui, const char *path,
                              size_t max, const char *opt,
                              struct ms_scenario_doc **doc, uint64_t *hash);

/* What playtest and sweep share (cmd_playtest.c). */
#include <stdint.h>

#include "manastorm/playtest.h"

typedef struct ms_cli_pt {
	uint64_t runs, seed;
	uint64_t max_events;     /* --max-events; 0: not given (the share) */
	size_t max_bytes;        /* --max-bytes (UT_CLI_MAX_BYTES_DEFAULT) */
	unsigned jobs;           /* the online cores unless --jobs */
	int json, help;
	const char *svg, *vary, *path;
} ms_cli_pt;

/* The options of playtest/sweep (--vary only for sweep); UT_EXIT_OK with
 * a->help set after -h. */
int ms_cli_pt_args(ms_cli_pt *a, ut_cli *ui, const char *cmd, int argc,
                   char **argv, const char *ja, const char *en);
/* The library's options, with the progress bar when stderr is a terminal
 * (rank 0's only); --jobs by default the online cores shared by the MPI
 * ranks (m). */
void ms_cli_pt_opts(ms_pt_opts *o, const ms_cli_pt *a, ut_cli_bar *bar,
                    const ut_cli_mpi *m);
/*
 * UT-CLI-MPI-1, MS-PT-SHARE-1: the playtest of po over the MPI ranks m (one
 * without MPI): every rank plays its share of the runs, rank 0 adds the
 * parts up into *r and finishes it (*rc: ms_pt_report_finish's result, as
 * ms_pt_run's), and the ranks agree on the outcome.  `hash` is that of
 * the ranks' inputs (they compare it).  Returns UT_EXIT_OK (then rank 0
 * reports, with *rc, and frees *r as after ms_pt_run; the other ranks
 * free *r and are done), or the exit status every rank stops with.
 */
int ms_cli_pt_run(ms_pt_report *r, int *rc, const ut_cli *ui,
                  const char *cmd, ut_cli_mpi *m, const ms_scenario *s,
                  const ms_pt_opts *po, uint64_t hash);
/* Write out to stdout and svg to svg_path (when not NULL; replaced whole
 * or not at all, util/out.h) for command cmd; the exit status.  A failure
 * of svg_path is reported here, stdout's by ut_cli_exit. */
int ms_cli_pt_output(const ut_cli *ui, const char *cmd, const ut_buf *out,
                     const ut_buf *svg, const char *svg_path);
/* A failed playtest (ms_pt_run returned rc): the run and its seed
 * (MS-PT-ERR-1), or the budget of max_events it spent (MS-BUDGET-2). */
void ms_cli_pt_failed(const ut_cli *ui, const char *cmd,
                      const ms_pt_report *r, int rc, uint64_t max_events);

/* The event budget (budget.c; MS-BUDGET-1, MS-BUDGET-2). */

#define MS_CLI_MAX_EVENTS_LONGOPT \
	{"max-events", required_argument, NULL, OPT_MAX_EVENTS}

/* --max-events is read by ut_cli_max_events; a series of N duels
 * (playtest: runs; sweep: values × runs) without it does at most
 * UT_CLI_SERIES_EVENTS events in all up to a million duels, N ×
 * UT_CLI_RUN_EVENTS_MIN beyond: ut_cli_series_budget(given, N,
 * MS_DUEL_MAX_EVENTS_DEFAULT). */

/* "N events" ("1 event"; ja "N件") in buf, for the budget's messages;
 * returns buf. */
const char *ms_cli_events(const ut_cli *ui, char *buf, size_t size,
                          uint64_t n);

/* The words (ja/en) for a duel that spent its budget of `max` events in
 * battle `battle` (0: before the first battle), in buf; returns buf.  On
 * stderr as `manastorm: CMD: …`, in play's log after `エラー：`. */
const char *ms_cli_budget_text(const ut_cli *ui, char *buf, size_t size,
                               uint64_t max, int64_t battle);

#endif
