/*
 * main.c - the megami command: its own options, then dispatch to
 * cmd_<name>.c.
 *
 *     megami [--lang ja|en] COMMAND [OPTION]... OPERAND...
 *
 * The tool's options stop at the first operand (the command's name; the
 * '+' of the short options), so the rest is the command's to parse.
 */
#include <string.h>

#include "cli.h"

#ifndef MEGAMI_VERSION
#error "MEGAMI_VERSION is set by CMakeLists.txt from the project version"
#endif

/* The commands, one line each, e.g.
 *     {"roll", cmd_roll, "ダイスを振る", "roll dice"},
 * with `mg_cmd_fn cmd_roll;` declared in cli.h (cmd_roll.c). */
static const struct {
	const char *name;
	mg_cmd_fn *run;
	const char *ja, *en; /* one line of the tool's help */
} commands[] = {
	{"check", cmd_check, "シナリオを検査する", "check scenario files"},
	{"fight", cmd_fight, "戦闘を最後まで進めてログを表示する", "play a combat and print its log"},
	{"roll", cmd_roll, "ダイスを振る（SRS のダイスボット）", "roll dice (the SRS dice bot)"},
	{"track", cmd_track, "GMの戦闘トラッカー（人が決めてダイスを振る）",
	 "the GM's combat tracker (a person decides and rolls)"},
	{NULL, NULL, NULL, NULL} /* the end */
};

static int help(const mg_cli *o)
{
	ut_buf b = UT_BUF_INIT;
	size_t i;
	int rc;

	ut_buf_puts(&b, UT_TR(&o->ui,
		"使い方: megami [--lang ja|en] コマンド [オプション]... 引数...\n"
		"戦女神TRPGの戦闘: SRSのダイスボット、シナリオの検査、戦闘の再現。\n"
		"\n"
		"コマンド:\n",
		"Usage: megami [--lang ja|en] COMMAND [OPTION]... OPERAND...\n"
		"戦女神TRPG combat: the SRS dice bot, scenario checks, fights.\n"
		"\n"
		"Commands:\n"));
	for (i = 0; commands[i].name; i++)
		ut_buf_printf(&b, "  %-6s  %s\n", commands[i].name,
		              UT_TR(&o->ui, commands[i].ja, commands[i].en));
	ut_buf_puts(&b, UT_TR(&o->ui,
		"\n"
		"オプション:\n"
		"  --lang ja|en  メッセージとヘルプの言語（既定: ja）\n"
		"  -h, --help    このヘルプを表示して終了する\n"
		"  --version     版を表示して終了する\n"
		"\n"
		"各コマンドのヘルプ: megami コマンド --help（コマンドの後の --lang が優先）\n"
		"終了コード: 0 正常、1 入力の誤り、2 使い方の誤り\n",
		"\n"
		"Options:\n"
		"  --lang ja|en  language of messages and help (default ja)\n"
		"  -h, --help    print this help and exit\n"
		"  --version     print the version and exit\n"
		"\n"
		"Each command has its own help: megami COMMAND --help (and may have its\n"
		"own --lang, which wins)\n"
		"Exit status: 0 ok, 1 bad input, 2 usage.\n"));
	if (b.failed) {
		ut_buf_free(&b);
		ut_cli_error(&o->ui, "out of memory");
		return UT_EXIT_INPUT;
	}
	rc = ut_cli_help(&o->ui, b.ptr, b.ptr);
	ut_buf_free(&b);
	return rc;
}

static const struct option longopts[] = {
	{"lang", required_argument, NULL, OPT_LANG},
	{"help", no_argument, NULL, 'h'},
	{"version", no_argument, NULL, OPT_VERSION},
	{NULL, 0, NULL, 0}
};

static int run(const mg_cli *o, const char *name, int argc, char **argv)
{
	size_t i;

	for (i = 0; commands[i].name; i++)
		if (strcmp(name, commands[i].name) == 0) {
			optind = 0; /* a fresh scan for the command */
			return commands[i].run(o, argc, argv);
		}
	return ut_cli_usage_error(&o->ui, NULL,
	                          UT_TR(&o->ui, "コマンド「%s」はありません",
	                                "unknown command '%s'"), name);
}

int main(int argc, char **argv)
{
	mg_cli o = MG_CLI_INIT;
	int c;

	ut_cli_getopt_begin(&o.ui, argc, argv, "+:h", longopts, OPT_LANG);
	while ((c = getopt_long(argc, argv, "+:h", longopts, NULL)) != -1) {
		switch (c) {
		case 'h':
			return help(&o);
		case OPT_VERSION:
			return ut_cli_version(&o.ui, MEGAMI_VERSION);
		case OPT_LANG:
			if (ut_cli_lang(&o.ui, NULL, optarg) != 0)
				return UT_EXIT_USAGE;
			break;
		default:
			return ut_cli_bad_option(&o.ui, NULL, c, argv, longopts);
		}
	}
	if (optind >= argc)
		return ut_cli_usage_error(&o.ui, NULL,
		                          UT_TR(&o.ui, "コマンドがありません",
		                                "no command given"));
	/* `megami help [COMMAND]` is `megami [COMMAND] --help` */
	if (strcmp(argv[optind], "help") == 0) {
		static char help_opt[] = "--help";
		char *sub[] = {argv[optind + 1], help_opt, NULL};
		if (optind + 1 >= argc)
			return help(&o);
		return run(&o, sub[0], 2, sub);
	}
	{
		int first = optind;
		return run(&o, argv[first], argc - first, argv + first);
	}
}
