/*
 * main.c - the amaryllis command: its own options, then dispatch to
 * cmd_<name>.c.
 *
 *     amaryllis [--lang ja|en] COMMAND [OPTION]... OPERAND...
 *
 * util/cli.h's ut_cli_main does the rest, as for megami and manastorm: the
 * tool's options, its help, `amaryllis help COMMAND`, the dispatch, and
 * standard output closed with its failure reported for the command run.
 */
#include <sysexits.h>

#include "cli.h"

#ifndef AMARYLLIS_VERSION
#error "AMARYLLIS_VERSION is set by CMakeLists.txt from the project version"
#endif

/* The commands, one line each, with `am_cmd_fn cmd_<name>;` declared in
 * cli.h (cmd_<name>.c); hill, mail and serve are executables of their own
 * (<name>/cmd_<name>.c in amaryllis-<name>), so that their libraries stay
 * out of amaryllis. */
/* `mail` runs amaryllis-mail, as the other helpers; when that cannot be
 * run (an install without it, no permission), EX_TEMPFAIL: an MTA keeps
 * the mail and tries again once the host mended it, where exit 1 bounced
 * it (hill player review 2026-12-07; docs/HILL.md's statuses;
 * tests/cli_helper.sh). */
static int exec_mail(const ut_cli *c, int argc, char **argv)
{
	ut_cli_exec_helper(c, argc, argv); /* returns only when it failed */
	return EX_TEMPFAIL;
}

static const ut_cli_command commands[] = {
	{"check", cmd_check, "シートを検査し、正規化して表示する",
	 "validate sheets and print them normalised"},
	{"battle", cmd_battle, "2つのシートを戦わせ、戦闘ログを表示する",
	 "run the battle of two sheets and print its log"},
	{"league", cmd_league, "シートの全組み合わせを1回ずつ戦わせ、順位表を表示する",
	 "play every pair of sheets once and print the standings"},
	{"optimize", cmd_optimize, "フィールドに最も強いユニットを探索して表示する",
	 "search for the unit that scores best against a field"},
	{"hill", ut_cli_exec_helper, "メールで参加する丘を作り（init）、順位表を表示する（status）",
	 "create a play-by-mail hill (init), show its standings (status)"},
	{"mail", exec_mail, "丘あてのメールを処理して返信する（MTA のパイプか Maildir）",
	 "process mail sent to a hill and reply (MTA pipe or Maildir)"},
	{"serve", ut_cli_exec_helper, "ウェブページとJSON APIを提供する（検査、戦闘の再生、丘）",
	 "serve the web page and the JSON API (checks, replays, the hill)"},
	{NULL, NULL, NULL, NULL} /* the end */
};

int main(int argc, char **argv)
{
	ut_cli ui = {"amaryllis", UT_LANG_JA, 0};

	return ut_cli_main(&ui, argc, argv, AMARYLLIS_VERSION,
	                   "アマリリス（とビルディア）のユニットシートを検査し、戦闘とリーグを行います。",
	                   "Check unit sheets of Amaryllis (and Buildia), run battles and leagues.",
	                   commands);
}
