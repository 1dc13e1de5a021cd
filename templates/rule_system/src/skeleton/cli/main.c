/*
 * main.c - the skeleton command: util/cli.h's ut_cli_main and the table of
 * commands.
 */
#include "cli.h"

#ifndef SKELETON_VERSION
#error "SKELETON_VERSION is set by CMake (add_rule_system) from the project version"
#endif

static const ut_cli_command commands[] = {
	{"play", cmd_play, "ゲームを1回（または --runs 回）行う",
	 "play a game once (or --runs times)"},
	{NULL, NULL, NULL, NULL} /* the end */
};

int main(int argc, char **argv)
{
	ut_cli ui = {"skeleton", UT_LANG_JA, 0};

	return ut_cli_main(&ui, argc, argv, SKELETON_VERSION,
	                   "ルールシステムのひな形（docs/HACKING.md）。",
	                   "The template of a rule system (docs/HACKING.md).",
	                   commands);
}
