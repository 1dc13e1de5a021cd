/* cmd_play.c - `manastorm play SCENARIO`: one duel with each participant's
 * policy, its log as text (ja/en) or JSON (docs/MANASTORM.md "Duel"), with
 * --hands also the hands and deck orders (MS-LOG-4). */
#include <stdlib.h>
#include <string.h>

#include "cli.h"

#include "manastorm/duel.h"
#include "manastorm/render.h"
#include "manastorm/scenario_yaml.h"

static const char help_ja[] =
	"使い方: manastorm play [オプション]... シナリオ\n"
	"シナリオ（YAML）の決闘を1回行い、ログと結果を表示します。各参加者は\n"
	"シナリオの policy（default, greedy, random）で選択します。\n"
	"\n"
	"テキストのログの行頭の番号はバトルの手順です（ルールD3、原案の1)〜9)）:\n"
	"  1) エンチャントセットアップ 2) エンチャントチェック\n"
	"  3) エンチャントダメージチェック 4) アタックセットアップ 5) アタックチェック\n"
	"  6) アタックダメージチェック 7) アドバンテージチェック\n"
	"  8) ネクストラウンドチェック 9) ラストダメージチェック\n"
	"（ログの最初の凡例にも書いてあります）\n"
	"\n"
	"オプション:\n"
	"  --seed S               山札を切り random 方針の選択を決める乱数\n"
	"                         （xoshiro256ss-1）の種 S（0から\n"
	"                         18446744073709551615、既定: 0）\n"
	"  --format text|json     ログの形式（既定: text）\n"
	"  --hands                手札と山札も表示する：手札は変わるたび（最初に\n"
	"                         引いたあと、カードを出したあと）、山札は切る\n"
	"                         たびにその順（上から）\n"
	"  --max-events N         決闘のイベントの上限（既定: 100000）：超える\n"
	"                         決闘はそこで止まります（そこまでのログとエラー、\n"
	"                         終了コード1）\n"
	UT_CLI_MAX_BYTES_HELP_JA("          ")
	"  --lang ja|en           メッセージとログの言語（既定: ja）\n"
	"  -h, --help             このヘルプを表示して終了する\n"
	"\n"
	"シナリオ - は標準入力を読みます。\n"
	"終了コード: 0 成功、1 誤りのあるシナリオか読めないファイル、2 使い方の誤り\n"
	"\n"
	"例:\n"
	"  manastorm play --seed 42 examples/manastorm/table.yaml\n";

static const char help_en[] =
	"Usage: manastorm play [OPTION]... SCENARIO\n"
	"Play one duel of a scenario (YAML) and print its log and result.  Each\n"
	"participant chooses with its policy (default, greedy, random).\n"
	"\n"
	"The number that starts a line of the text log is the battle step (rulings\n"
	"D3, the rule text's steps 1)-9)):\n"
	"  1) enchant set-up 2) enchant check 3) enchant damage check\n"
	"  4) attack set-up 5) attack check 6) attack damage check\n"
	"  7) advantage check 8) next round check 9) last damage check\n"
	"(the key at the top of the log says it too)\n"
	"\n"
	"Options:\n"
	"  --seed S               seed S of the generator xoshiro256ss-1 that\n"
	"                         shuffles and makes the random policy's choices\n"
	"                         (0 to 18446744073709551615, default 0)\n"
	"  --format text|json     the log as text (default) or one JSON document\n"
	"  --hands                show the cards too: a hand whenever it changes\n"
	"                         (after the first draw, after a card leaves it),\n"
	"                         the deck order (top first) after each shuffle\n"
	"  --max-events N         the most events of the duel (default 100000): a\n"
	"                         duel that needs more stops there (the log so\n"
	"                         far and the error, exit status 1)\n"
	UT_CLI_MAX_BYTES_HELP_EN("          ")
	"  --lang ja|en           language of messages and log (default ja)\n"
	"  -h, --help             print this help and exit\n"
	"\n"
	"A SCENARIO of - reads standard input.\n"
	"Exit status: 0 ok, 1 a bad scenario or unreadable file, 2 usage.\n"
	"\n"
	"Example:\n"
	"  manastorm play --seed 42 examples/manastorm/table.yaml\n";

static const struct option longopts[] = {
	MS_CLI_COMMON_LONGOPTS,
	{"seed", required_argument, NULL, OPT_SEED},
	{"format", required_argument, NULL, OPT_FORMAT},
	{"hands", no_argument, NULL, OPT_HANDS},
	MS_CLI_MAX_EVENTS_LONGOPT,
	MS_CLI_MAX_BYTES_LONGOPT,
	{NULL, 0, NULL, 0}
};

/* One duel of sc with opts: 0, or the error that stopped it, its words
 * in why (*d is the duel when it was made). */
static int play(ms_duel **d, const ms_scenario *sc, const ms_duel_opts *opts,
                ms_result *res, char *why, size_t n)
{
	int rc = ms_duel_new(d, sc, opts);

	memset(res, 0, sizeof(*res));
	if (rc == 0)
		rc = ms_duel_run(res, *d);
	if (rc < 0)
		snprintf(why, n, "%s", ms_error_last());
	return rc;
}

/* `manastorm play` (MS-CLI-PLAY-1). */
int cmd_play(const ut_cli *base, int argc, char **argv)
{
	ms_cli o = {*base};
	uint64_t seed = 0; /* without --seed the seed is 0 */
	int c, json = 0, rc, status = UT_EXIT_OK;
	ms_scenario_doc *doc = NULL;
	ms_duel_opts opts = MS_DUEL_OPTS_INIT;
	ms_duel *d = NULL;
	ms_log_stream *ls = NULL;
	int hands = 0;
	ms_result res;
	char engine[300], shown[300];
	size_t max_bytes = UT_CLI_MAX_BYTES_DEFAULT;
	char name[UT_CLI_NAME_MAX];
	const char *path;

	ut_cli_getopt_begin(&o.ui, argc, argv, MS_CLI_SHORTOPTS, longopts,
	                    OPT_LANG);
	while ((c = getopt_long(argc, argv, MS_CLI_SHORTOPTS, longopts, NULL)) != -1) {
		switch (c) {
		case 'h':
			return ut_cli_help(&o.ui, help_ja, help_en);
		case OPT_LANG:
			if (ut_cli_lang(&o.ui, "play", optarg) != 0)
				return UT_EXIT_USAGE;
			break;
		case OPT_SEED:
			if (ut_cli_parse_u64(&seed, optarg, UINT64_MAX) < 0)
				return ut_cli_bad_number(&o.ui, "play", "--seed", 0,
				                         UINT64_MAX, optarg);
			break;
		case OPT_FORMAT:
			if (strcmp(optarg, "text") == 0)
				json = 0;
			else if (strcmp(optarg, "json") == 0)
				json = 1;
			else
				return ut_cli_usage_error(&o.ui, "play",
				       UT_TR(&o.ui, "--format の値「%s」は使えません"
				                    "（text か json）",
				             "unknown format '%s' (text or json)"),
				       optarg);
			break;
		case OPT_HANDS: /* MS-LOG-4 */
			hands = 1;
			break;
		case OPT_MAX_EVENTS:
			if (ut_cli_max_events(&opts.max_events, &o.ui, "play",
			                      optarg) != 0)
				return UT_EXIT_USAGE;
			break;
		case OPT_MAX_BYTES:
			if (ut_cli_max_bytes(&max_bytes, &o.ui, "play", optarg) != 0)
				return UT_EXIT_USAGE;
			break;
		default:
			return ut_cli_bad_option(&o.ui, "play", c, argv, longopts);
		}
	}
	if (argc - optind != 1)
		return ut_cli_usage_error(&o.ui, "play",
		       argc - optind == 0
		       ? UT_TR(&o.ui, "シナリオが指定されていません", "no scenario given")
		       : UT_TR(&o.ui, "シナリオは1つだけ指定してください",
		               "give one scenario only"));
	path = argv[optind];
	if (ms_cli_scenario_file(&o.ui, path, max_bytes, "--max-bytes", &doc) !=
	    UT_EXIT_OK)
		return UT_EXIT_INPUT;
	opts.seed = seed;
	if (ms_log_stream_new(&ls, json ? MS_LOG_JSON : MS_LOG_TEXT,
	                      (ms_lang)o.ui.lang, hands, ut_out_writer,
	                      ut_out_stdout()) < 0) {
		ut_cli_error(&o.ui, "play: %s", ms_error_last());
		status = UT_EXIT_INPUT;
		goto done;
	}
	/* MS-LOG-2: the JSON log begins with the result: a first play finds
	 * it, the second writes the same events as they come (a duel is
	 * determined by its scenario and seed), so that neither keeps them */
	rc = json ? play(&d, ms_scenario_doc_scenario(doc), &opts, &res, engine,
	                 sizeof engine) : 0;
	if (json && rc != MS_ENOMEM && d &&
	    ms_log_stream_head(ls, d, rc < 0 ? engine : NULL) < 0)
		rc = MS_ERROR;
	if (rc == 0 || (json && rc != MS_ENOMEM && d)) {
		ms_duel_free(d);
		d = NULL;
		opts.on_event = ms_log_stream_event;
		opts.event_ud = ls;
		rc = play(&d, ms_scenario_doc_scenario(doc), &opts, &res, engine,
		          sizeof engine);
	}
	if (ut_out_stdout()->err) {
		status = UT_EXIT_INPUT; /* ut_cli_exit says why */
	} else if (rc < 0 && d && rc != MS_ENOMEM) {
		/* MS-LOG-5: the duel stopped (its budget spent, MS-BUDGET-1, or
		 * an overflow): the log so far with the error, then exit 1 */
		if (rc == MS_ELIMIT)
			ms_cli_budget_text(&o.ui, shown, sizeof shown,
			                   opts.max_events, res.battles);
		else
			snprintf(shown, sizeof shown, "%s", engine);
		if (ms_log_stream_finish(ls, d, json ? engine : shown) < 0 &&
		    !ut_out_stdout()->err)
			ut_cli_error(&o.ui, "play: %s", ms_error_last());
		if (rc == MS_ELIMIT)
			ut_cli_error(&o.ui, "play: %s", shown);
		else
			ut_cli_error(&o.ui, "%s: %s",
			             ut_cli_shown_name(name, path), engine);
		status = UT_EXIT_INPUT;
	} else if (rc < 0) {
		/* out of memory: the log so far stays whole (a JSON document
		 * whose result went out ends with "error") */
		if (rc == MS_ENOMEM)
			(void)ms_log_stream_abort(ls);
		ut_cli_error(&o.ui, "%s: %s", ut_cli_shown_name(name, path),
		             engine);
		status = UT_EXIT_INPUT;
	} else if (ms_log_stream_finish(ls, d, NULL) < 0) {
		if (!ut_out_stdout()->err)
			ut_cli_error(&o.ui, "play: %s", ms_error_last());
		status = UT_EXIT_INPUT;
	}
done:
	if (ut_out_flush(ut_out_stdout()) < 0)
		status = UT_EXIT_INPUT;
	ms_log_stream_free(ls);
	ms_duel_free(d);
	ms_scenario_doc_free(doc);
	return status;
}
