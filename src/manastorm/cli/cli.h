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
	OPT_VERSION,
	OPT_SEED,
	OPT_FORMAT,
	OPT_RUNS,
	OPT_JOBS,
	OPT_SVG,
	OPT_MAX_BYTES,
	OPT_VARY
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

/* Scenario files: at most 1 MiB unless an option says otherwise. */
#define MS_CLI_MAX_BYTES ((size_t)1 << 20)

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

#endif
