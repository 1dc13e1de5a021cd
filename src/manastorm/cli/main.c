/*
 * main.c - the manastorm command: its own options, then dispatch to
 * cmd_<name>.c.
 *
 *     manastorm [--lang ja|en] COMMAND [OPTION]... OPERAND...
 *
 * util/cli.h's ut_cli_main does the rest: the tool's options, its help,
 * `manastorm help COMMAND`, and the dispatch.
 */
#include "cli.h"

#ifndef MANASTORM_VERSION
#error "MANASTORM_VERSION is set by CMakeLists.txt from the project version"
#endif

/* The commands, one line each, e.g.
 *     {"play", cmd_play, "決闘を1回行う", "play one duel"},
 * with `ms_cmd_fn cmd_play;` declared in cli.h (cmd_play.c). */
static const ut_cli_command commands[] = {
	{"check", cmd_check, "シナリオを検査して正規の形で表示する",
	 "check scenarios and print them normalised"},
	{"play", cmd_play, "決闘を1回行いログと結果を表示する",
	 "play one duel and print its log and result"},
	{"playtest", cmd_playtest, "決闘を何回も行い勝率と分布を示す",
	 "play many seeded duels: win rates and distributions"},
	{"sweep", cmd_sweep, "数値を1つ変えながらテストプレイして勝率を比べる",
	 "playtest each value of one number: win rates against it"},
	{NULL, NULL, NULL, NULL} /* the end */
};

int main(int argc, char **argv)
{
	ms_cli o = MS_CLI_INIT;

	return ut_cli_main(&o.ui, argc, argv, MANASTORM_VERSION,
	                   "カード決闘（魔法術師・魔法戦士・マナ・ストーム）のテストプレイ用シミュレータ。",
	                   "The card duel (casters, warriors, mana storms): a playtest simulator.",
	                   commands);
}
