/*
 * cli.h - what the commands of the skeleton tool share: one file per
 * command (cmd_<name>.c), one line each in main.c's table.
 */
#ifndef SK_CLI_H
#define SK_CLI_H

#include "skeleton/common.h"
#include "util/cli.h"

/* The commands (util/cli.h's ut_cli_command). */
typedef int sk_cmd_fn(const ut_cli *base, int argc, char **argv);

sk_cmd_fn cmd_play;

#endif
