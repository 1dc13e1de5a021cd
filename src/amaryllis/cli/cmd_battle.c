/* cmd_battle.c - `amaryllis battle A B`: run one battle, print its log. */
#include <stdlib.h>
#include <string.h>

#include "cli.h"

static const char help_ja[] =
	"使い方: amaryllis battle [オプション]... シートA シートB\n"
	"   または: amaryllis battle [オプション]... --replay トークン\n"
	"シートAのユニットとシートBのユニットを戦わせ、戦闘ログを表示します。\n"
	"\n"
	"オプション:\n"
	"  --lang ja|en           ログとメッセージの言語（既定: ja）\n"
	"  --format text|json     ログの形式（既定: text）\n"
	"  --tie-break SEED       引き分けを種 SEED の乱数で決着させる（0〜2^64−1）\n"
	"  --max-units N          ユニット数が N を超えた戦闘を止める（既定: 1000000）\n"
	"  --max-work N           作業量が N を超える戦闘を止める（既定: 上限なし。\n"
	"                         丘は4000000）\n"
	"  --svg FILE             各ユニットのＨＰの推移をSVGの図としてFILEに書く\n"
	"  --replay TOKEN         リプレイトークン（丘の返信にある am1.…）の2つのシートで戦う\n"
	"  --token                戦わずに、シートA対シートBのリプレイトークンを表示する\n"
	"  --max-sheet-bytes N    N バイトを超えるシートは読み切らずに誤りとする（既定: 1048576）\n"
	"  -h, --help             このヘルプを表示して終了する\n"
	"\n"
	"シート - は標準入力を読みます（1つまで）。-- のあとはすべてシートです。\n"
	"終了コード: 0 正常、1 入力の誤り（不正なシート、読めないファイル、上限で止まった戦闘）、\n"
	"2 使い方の誤り\n"
	"\n"
	"例:\n"
	"  amaryllis battle examples/grisk.txt examples/nut.txt\n";

static const char help_en[] =
	"Usage: amaryllis battle [OPTION]... SHEET_A SHEET_B\n"
	"  or:  amaryllis battle [OPTION]... --replay TOKEN\n"
	"Run the battle of the unit of SHEET_A against the unit of SHEET_B and print\n"
	"its log.\n"
	"\n"
	"Options:\n"
	"  --lang ja|en           language of the log and messages (default ja)\n"
	"  --format text|json     the log as text (default) or one JSON document\n"
	"  --tie-break SEED       break a draw with a draw seeded by SEED (0 to 2^64-1)\n"
	"  --max-units N          stop a battle past N units (default 1000000)\n"
	"  --max-work N           stop a battle past N units of work (default no\n"
	"                         bound; a hill's is 4000000)\n"
	"  --svg FILE             draw every unit's HP over the turns as SVG in FILE\n"
	"  --replay TOKEN         fight the two sheets of a replay token (am1.…, as\n"
	"                         a hill's reply gives it)\n"
	"  --token                print the replay token of SHEET_A against SHEET_B\n"
	"                         instead of fighting\n"
	"  --max-sheet-bytes N    a longer sheet is an error, not read (default 1048576)\n"
	"  -h, --help             print this help and exit\n"
	"\n"
	"A SHEET of - reads standard input (one at most); everything after -- is a\n"
	"SHEET.\n"
	"Exit status: 0 ok, 1 bad input (illegal sheet, unreadable file, a battle\n"
	"stopped by a limit), 2 usage.\n"
	"\n"
	"Example:\n"
	"  amaryllis battle examples/grisk.txt examples/nut.txt\n";

static const struct option longopts[] = {
	CLI_COMMON_LONGOPTS,
	CLI_SHEET_LONGOPTS,
	{"format", required_argument, NULL, OPT_FORMAT},
	{"tie-break", required_argument, NULL, OPT_TIE_BREAK},
	{"max-units", required_argument, NULL, OPT_MAX_UNITS},
	{"max-work", required_argument, NULL, OPT_MAX_WORK},
	{"svg", required_argument, NULL, OPT_SVG},
	{"replay", required_argument, NULL, OPT_REPLAY},
	{"token", no_argument, NULL, OPT_TOKEN},
	{NULL, 0, NULL, 0}
};

/* The log and the chart both listen to the battle. */
typedef struct sinks {
	am_log *log;
	am_chart *chart; /* NULL without --svg */
} sinks;

static int on_event(void *ud, const am_engine *e, const am_event *ev)
{
	sinks *k = ud;
	int rc = am_log_event(k->log, e, ev);

	if (rc == 0 && k->chart)
		rc = am_chart_event(k->chart, e, ev);
	return rc;
}

/* Draw the chart into path (replaced whole or not at all: util/out.h); 0,
 * or EXIT_INPUT after "amaryllis: battle: --svg FILE: REASON". */
static int write_svg(const cli_opts *o, am_chart *chart, const am_engine *e,
                     const char *path)
{
	ut_out f;
	int rc = -1;

	if (ut_out_open(&f, path, "--svg") == 0)
		rc = am_chart_svg(chart, e, ut_out_writer, &f);
	return cli_out_close(o, "battle", &f, rc < 0 ? am_error_last() : NULL);
}

/* The log could not be finished: say why, unless stdout failed (main's
 * ut_cli_main says that). */
static void log_failed(const cli_opts *o)
{
	if (!ut_out_stdout()->err)
		cli_error(o, "battle: %s", am_error_last());
}

/* The two sheets of a replay token into s[0], s[1] (LG-TOKEN-1);
 * EXIT_OK, or EXIT_INPUT after saying why. */
static int load_token(cli_sheet s[2], const char *token, const cli_opts *o)
{
	char *a, *b;
	size_t alen, blen;
	int rc;

	memset(s, 0, 2 * sizeof(*s));
	if (am_replay_token_read(&a, &alen, &b, &blen, token, strlen(token),
	                         o->lang) < 0) {
		cli_error(o, "battle: --replay: %s", am_error_last());
		return EXIT_INPUT;
	}
	rc = cli_sheet_text(&s[0], "<token:A>", a, alen, o);
	rc |= cli_sheet_text(&s[1], "<token:B>", b, blen, o);
	return rc ? EXIT_INPUT : EXIT_OK;
}

/* --token: print the replay token of the two legal sheets s. */
static int print_token(cli_sheet s[2], const cli_opts *o)
{
	char *t;

	if (am_replay_token(&t, s[0].sheet, s[1].sheet) < 0) {
		/* AM_ELIMIT: a token --replay would refuse is not printed */
		cli_error(o, "battle: %s", am_error_last_lang(o->lang));
		return EXIT_INPUT;
	}
	if (ut_out_printf(ut_out_stdout(), "%s\n", t) < 0) {
		free(t);
		return EXIT_INPUT; /* ut_cli_main says why */
	}
	free(t);
	return EXIT_OK;
}

int cmd_battle(const ut_cli *base, int argc, char **argv)
{
	cli_opts o = cli_opts_of(base);
	am_battle_opts bo = AM_BATTLE_OPTS_INIT;
	am_log_format fmt = AM_LOG_TEXT;
	const char *paths[2];
	cli_sheet s[2];
	am_engine *engine = NULL;
	am_log *log = NULL;
	am_chart *chart = NULL;
	const char *svg = NULL, *token = NULL;
	const char *battle_opt = NULL; /* an option of the battle (not --token) */
	int want_token = 0;
	sinks k;
	am_result res;
	uint64_t v;
	int c, rc, status = EXIT_OK;

	cli_getopt_begin(&o, argc, argv, CLI_SHORTOPTS, longopts);
	while ((c = getopt_long(argc, argv, CLI_SHORTOPTS, longopts, NULL)) != -1) {
		switch (c) {
		case 'h':
			return cli_help(&o, help_ja, help_en);
		case OPT_FORMAT:
			battle_opt = "--format";
			if (strcmp(optarg, "json") == 0)
				fmt = AM_LOG_JSON;
			else if (strcmp(optarg, "text") == 0)
				fmt = AM_LOG_TEXT;
			else
				return cli_usage_error(&o, "battle",
				                       UT_TR(&o, "--format の値「%s」は使えません"
				                                 "（text か json）",
				                             "unknown format '%s' (text or json)"),
				                       optarg);
			break;
		case OPT_TIE_BREAK:
			if (ut_cli_parse_u64(&bo.tie_seed, optarg,
				UINT64_MAX) < 0)
				return cli_bad_number(&o, "battle", "--tie-break", 0,
				                      UINT64_MAX, optarg);
			bo.tie_break = 1;
			battle_opt = "--tie-break";
			break;
		case OPT_SVG:
			if ((rc = cli_out_file(&o, "battle", "--svg", optarg)))
				return rc;
			svg = optarg;
			battle_opt = "--svg";
			break;
		case OPT_REPLAY:
			token = optarg;
			break;
		case OPT_TOKEN:
			want_token = 1;
			break;
		case OPT_MAX_UNITS:
			if (ut_cli_parse_u64(&v, optarg,
				UINT32_MAX - 2) < 0 || v < 2)
				return cli_usage_error(&o, "battle",
				                       UT_TR(&o, "--max-units には2から%luまでの"
				                                 "整数を指定してください（「%s」）",
				                             "--max-units needs a whole number "
				                             "from 2 to %lu, not '%s'"),
				                       (unsigned long)UINT32_MAX - 2, optarg);
			bo.max_units = (size_t)v;
			battle_opt = "--max-units";
			break;
		case OPT_MAX_WORK:
			if (ut_cli_parse_u64(&v, optarg, UINT64_MAX) < 0 || v < 1)
				return cli_bad_number(&o, "battle", "--max-work", 1,
				                      UINT64_MAX, optarg);
			bo.max_work = v;
			battle_opt = "--max-work";
			break;
		default:
			if ((rc = cli_common_option(&o, "battle", c, optarg)) == 0)
				return cli_bad_option(&o, "battle", c, argv, longopts);
			if (rc != 1)
				return rc;
		}
	}
	if (token && (want_token || argc - optind != 0))
		return cli_usage_error(&o, "battle",
		                       UT_TR(&o, "--replay はシートや --token と一緒には使えません",
		                             "--replay takes no sheets and no --token"));
	/* --token plays no battle: an option of the battle would be ignored */
	if (want_token && battle_opt)
		return cli_usage_error(&o, "battle",
		                       UT_TR(&o, "--token は戦闘をしないので %s とは"
		                                 "一緒に使えません",
		                             "--token plays no battle: it takes no "
		                             "%s"), battle_opt);
	if (token) {
		if ((status = load_token(s, token, &o)) != EXIT_OK)
			goto out;
		goto fight;
	}
	if (argc - optind != 2)
		return cli_usage_error(&o, "battle",
		                       UT_TR(&o, "シートをちょうど2つ指定してください（指定されたのは%d個）",
		                             "give exactly two sheets (%d given)"),
		                       argc - optind);
	paths[0] = argv[optind];
	paths[1] = argv[optind + 1];
	if (cli_one_stdin(&o, "battle", argc, argv, optind))
		return EXIT_USAGE;
	/* load both, so the errors of both are shown */
	rc = cli_sheet_load(&s[0], paths[0], &o);
	rc |= cli_sheet_load(&s[1], paths[1], &o);
	if (rc) {
		status = EXIT_INPUT;
		goto out;
	}
	if (want_token) {
		status = print_token(s, &o);
		goto out;
	}
fight:
	if (am_engine_new(&engine) < 0 ||
	    am_log_new(&log, fmt, o.lang, ut_out_writer, ut_out_stdout()) < 0 ||
	    (svg && am_chart_new(&chart, o.lang) < 0)) {
		cli_error(&o, "%s", am_error_last());
		status = EXIT_INPUT;
		goto out;
	}
	k.log = log;
	k.chart = chart;
	bo.on_event = on_event;
	bo.event_ud = &k;
	rc = am_battle_run(&res, engine, am_sheet_team(s[0].sheet),
	                   am_sheet_team(s[1].sheet), &bo);
	if (rc < 0) {
		char msg[600];
		am_render_stop(msg, sizeof(msg), am_error_last(), o.lang);
		if (am_log_finish(log, engine, &res, rc) < 0)
			log_failed(&o);
		cli_error(&o, UT_TR(&o, "battle: 戦闘を中断しました：%s",
		                "battle: battle stopped: %s"), msg);
		status = EXIT_INPUT;
	} else if (am_log_finish(log, engine, &res, rc) < 0) {
		log_failed(&o);
		status = EXIT_INPUT;
	}
	if (ut_out_flush(ut_out_stdout()) < 0)
		status = EXIT_INPUT; /* ut_cli_main says why */
	/* a stopped battle is drawn too: the chart up to the stop */
	if (svg && write_svg(&o, chart, engine, svg) != 0)
		status = EXIT_INPUT;
out:
	am_chart_free(chart);
	am_log_free(log);
	am_engine_free(engine);
	cli_sheet_free(&s[0]);
	cli_sheet_free(&s[1]);
	return status;
}
