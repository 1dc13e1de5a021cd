/*
 * main.c - the megami command: its own options, then dispatch to
 * cmd_<name>.c.
 *
 *     megami [--lang ja|en] COMMAND [OPTION]... OPERAND...
 *
 * util/cli.h's ut_cli_main does the rest: the tool's options, its help,
 * `megami help COMMAND`, and the dispatch.
 */
#include "cli.h"

#ifndef MEGAMI_VERSION
#error "MEGAMI_VERSION is set by CMakeLists.txt from the project version"
#endif

/* The commands, one line each, e.g.
 *     {"roll", cmd_roll, "ダイスを振る", "roll dice"},
 * with `mg_cmd_fn cmd_roll;` declared in cli.h (cmd_roll.c). */
static const ut_cli_command commands[] = {
	{"check", cmd_check, "シナリオを検査する", "check scenario files"},
	{"fight", cmd_fight, "戦闘を最後まで進めてログを表示する", "play a combat and print its log"},
	{"roll", cmd_roll, "ダイスを振る（SRS のダイスボット）", "roll dice (the SRS dice bot)"},
	/* megami-serve (serve/): libmicrohttpd stays out of megami */
	{"serve", ut_cli_exec_helper, "BCDice-API 互換のダイスサーバー", "a BCDice-API compatible dice server"},
	{"track", cmd_track, "GMの戦闘トラッカー（人が決めてダイスを振る）",
	 "the GM's combat tracker (a person decides and rolls)"},
	{NULL, NULL, NULL, NULL} /* the end */
};

int main(int argc, char **argv)
{
	mg_cli o = MG_CLI_INIT;

	return ut_cli_main(&o.ui, argc, argv, MEGAMI_VERSION,
	                   "戦女神TRPGの戦闘: SRSのダイスボット、シナリオの検査、戦闘の再現。",
	                   "戦女神TRPG combat: the SRS dice bot, scenario checks, fights.",
	                   commands);
}
