/*
 * main.c - the amaryllis command: its own options, then dispatch to
 * cmd_<name>.c.
 *
 *     amaryllis [--lang ja|en] COMMAND [OPTION]... OPERAND...
 *
 * The tool's options stop at the first operand (the command's name; the
 * '+' of the short options), so the rest is the command's to parse.
 */
#include <string.h>

#include "cli.h"

#ifndef AMARYLLIS_VERSION
#error "AMARYLLIS_VERSION is set by CMakeLists.txt from the project version"
#endif

static const char help_ja[] =
	"使い方: amaryllis [--lang ja|en] コマンド [オプション]... 引数...\n"
	"アマリリス（とビルディア）のユニットシートを検査し、戦闘とリーグを行います。\n"
	"\n"
	"コマンド:\n"
	"  check     シートを検査し、正規化して表示する\n"
	"  battle    2つのシートを戦わせ、戦闘ログを表示する\n"
	"  league    シートの全組み合わせを1回ずつ戦わせ、順位表を表示する\n"
	"  optimize  フィールドに最も強いユニットを探索して表示する\n"
	"  hill      メールで参加する丘を作り（init）、順位表を表示する（status）\n"
	"  mail      丘あてのメールを処理して返信する（MTA のパイプか Maildir）\n"
	"  serve     ウェブページとJSON APIを提供する（検査、戦闘の再生、丘）\n"
	"\n"
	"オプション:\n"
	"  --lang ja|en  メッセージとヘルプの言語（既定: ja）\n"
	"  -h, --help    このヘルプを表示して終了する\n"
	"  --version     版を表示して終了する\n"
	"\n"
	"各コマンドのヘルプ: amaryllis コマンド --help（コマンドの後の --lang が優先）\n"
	"終了コード: 0 正常、1 入力の誤り（不正なシート、読めないファイル）、2 使い方の誤り\n"
	"\n"
	"例:\n"
	"  amaryllis battle examples/grisk.txt examples/nut.txt\n";

static const char help_en[] =
	"Usage: amaryllis [--lang ja|en] COMMAND [OPTION]... OPERAND...\n"
	"Check unit sheets of Amaryllis (and Buildia), run battles and leagues.\n"
	"\n"
	"Commands:\n"
	"  check     validate sheets and print them normalised\n"
	"  battle    run the battle of two sheets and print its log\n"
	"  league    play every pair of sheets once and print the standings\n"
	"  optimize  search for the unit that scores best against a field\n"
	"  hill      create a play-by-mail hill (init), show its standings (status)\n"
	"  mail      process mail sent to a hill and reply (MTA pipe or Maildir)\n"
	"  serve     serve the web page and the JSON API (checks, replays, the hill)\n"
	"\n"
	"Options:\n"
	"  --lang ja|en  language of messages and help (default ja)\n"
	"  -h, --help    print this help and exit\n"
	"  --version     print the version and exit\n"
	"\n"
	"Each command has its own help: amaryllis COMMAND --help (and may have its\n"
	"own --lang, which wins)\n"
	"Exit status: 0 ok, 1 bad input (illegal sheet, unreadable file), 2 usage.\n"
	"\n"
	"Example:\n"
	"  amaryllis battle examples/grisk.txt examples/nut.txt\n";

static const struct option longopts[] = {
	{"lang", required_argument, NULL, OPT_LANG},
	{"help", no_argument, NULL, 'h'},
	{"version", no_argument, NULL, OPT_VERSION},
	{NULL, 0, NULL, 0}
};

static const struct {
	const char *name;
	int (*run)(const cli_opts *base, int argc, char **argv);
} commands[] = {
	{"check", cmd_check},
	{"battle", cmd_battle},
	{"league", cmd_league},
	{"optimize", cmd_optimize},
	{"hill", cmd_hill},
	{"mail", cmd_mail},
	{"serve", cmd_serve},
};

/* main() but for closing stdout; *cmd: the command run, if any. */
static int run(cli_opts *base, int argc, char **argv, const char **cmd)
{
	cli_opts o = *base;
	const char *name;
	size_t i;
	int c, r;

	cli_getopt_begin(&o, argc, argv, "+:h", longopts);
	while ((c = getopt_long(argc, argv, "+:h", longopts, NULL)) != -1) {
		switch (c) {
		case 'h':
			return cli_help(&o, help_ja, help_en);
		case OPT_VERSION:
			if (ut_out_printf(ut_out_stdout(), "amaryllis %s\n",
			                  AMARYLLIS_VERSION) < 0 ||
			    ut_out_flush(ut_out_stdout()) < 0)
				return EXIT_INPUT; /* cli_exit says why */
			return EXIT_OK;
		case OPT_LANG:
			if ((r = cli_common_option(&o, NULL, c, optarg)) != 1)
				return r;
			break;
		default:
			return cli_bad_option(&o, NULL, c, argv, longopts);
		}
	}
	if (optind >= argc)
		return cli_usage_error(&o, NULL, UT_TR(&o, "コマンドがありません",
		                                       "no command given"));
	name = argv[optind];
	/* `amaryllis help [COMMAND]` is `amaryllis [COMMAND] --help` */
	if (strcmp(name, "help") == 0 && optind + 1 >= argc)
		return cli_help(&o, help_ja, help_en);
	if (strcmp(name, "help") == 0) {
		static char help_opt[] = "--help";
		char *sub[] = {argv[optind + 1], help_opt, NULL};
		for (i = 0; i < sizeof(commands) / sizeof(commands[0]); i++)
			if (strcmp(sub[0], commands[i].name) == 0) {
				optind = 0;
				*cmd = commands[i].name;
				return commands[i].run(&o, 2, sub);
			}
		name = sub[0];
	}
	for (i = 0; i < sizeof(commands) / sizeof(commands[0]); i++)
		if (strcmp(name, commands[i].name) == 0) {
			int first = optind;
			optind = 0; /* a fresh scan for the command */
			*cmd = commands[i].name;
			return commands[i].run(&o, argc - first, argv + first);
		}
	return cli_usage_error(&o, NULL, UT_TR(&o, "コマンド「%s」はありません",
	                                       "unknown command '%s'"), name);
}

int main(int argc, char **argv)
{
	cli_opts o = CLI_OPTS_INIT;
	const char *cmd = NULL;
	int status = run(&o, argc, argv, &cmd);

	/* standard output closed, its failure reported (amaryllis: CMD:
	 * <stdout>: REASON) whatever the command */
	return cli_exit(&o, cmd, status);
}
