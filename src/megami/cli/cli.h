/*
 * cli.h - what the commands of the megami tool share.
 *
 * The tool includes public headers only (include/megami/, include/util/).
 * Each command is one file, cmd_<name>.c, with one line in main.c's table;
 * it parses its options with getopt_long through util/cli.h, so every
 * command words its usage errors and help the same way (exit 2 for usage,
 * 1 for bad input).
 */
#ifndef MG_CLI_H
#define MG_CLI_H

#include <getopt.h>
#include <stdio.h>

#include "megami/common.h"
#include "util/buf.h"
#include "util/cli.h"

/* The tool's options, given before the command (megami --lang en roll …);
 * ui.prog is "megami". */
typedef struct mg_cli {
	ut_cli ui;
} mg_cli;

#define MG_CLI_INIT {{"megami", UT_LANG_JA, 0}}

/*
 * Long options without a short form are numbered from 256 (getopt_long
 * returns the number).  Each command lists the ones it takes; --lang and
 * --help (also -h) are in every command: MG_CLI_COMMON_LONGOPTS.
 */
enum {
	OPT_LANG = 256,
	OPT_SEED,
	OPT_DICE,
	OPT_FORMAT,
	OPT_RUNS,
	OPT_JOBS,
	OPT_SVG,
	OPT_REPLAY,
	OPT_LOG,
	OPT_MAX_EVENTS,
	OPT_SYSTEM,
	OPT_AUTO,
	OPT_RESUME,
	OPT_MAX_BYTES
};

/* --max-bytes N (util/cli.h: ut_cli_max_bytes) in every command that reads
 * a scenario: fight (also the scenario file a replay names), track. */
#define MG_CLI_MAX_BYTES_LONGOPT \
	{"max-bytes", required_argument, NULL, OPT_MAX_BYTES}

#define MG_CLI_COMMON_LONGOPTS \
	{"lang", required_argument, NULL, OPT_LANG}, \
	{"help", no_argument, NULL, 'h'}

/* The short options of every command: -h, and ':' first so that a missing
 * value is told apart from an unknown option. */
#define MG_CLI_SHORTOPTS ":h"

/* The commands (util/cli.h's ut_cli_command): argv[0] is the command's
 * name; *base holds the tool's options given before it.  Each returns the
 * exit status. */
typedef int mg_cmd_fn(const ut_cli *base, int argc, char **argv);

/* One line per command (cmd_<name>.c): */
mg_cmd_fn cmd_roll;
mg_cmd_fn cmd_check;
mg_cmd_fn cmd_fight;
mg_cmd_fn cmd_track;
mg_cmd_fn cmd_serve;  /* serve/cmd_serve.c: in megami-serve, which `megami
                       * serve` runs (ut_cli_exec_helper); its main() is
                       * made by am_cli_helper */

/* cmd_fight_replay.c: `megami fight --replay FILE` prints the log of the
 * replayed combat (text or JSON); returns the exit status.  cmd_fight.c
 * calls it for --replay (the other options of fight do not apply). */
int mg_fight_replay(const mg_cli *o, const char *file, int json,
                    uint64_t max_events, size_t max_bytes);

/* seed.c: a seed from getrandom for roll and track (M8.11); on failure
 * the error is printed and the exit status returned, else UT_EXIT_OK. */
int mg_cli_fresh_seed(const ut_cli *ui, const char *cmd, uint64_t *out);

/* The most values of --dice (a table types a few dozen). */
#define MG_CLI_DICE_MAX 100000

/* --dice LIST of `cmd` (fight, roll) into *out (free) and *n: 0, or the
 * exit status of its usage error (a value that is not digits only, named
 * by position; over MG_CLI_DICE_MAX values) or of running out of memory
 * (dice_list.c). */
int mg_cli_dice_list(const ut_cli *ui, const char *cmd, const char *arg,
                     int64_t **out, size_t *n);

#endif
