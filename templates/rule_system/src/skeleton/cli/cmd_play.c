/*
 * cmd_play.c - `skeleton play [--seed N] [--runs N] [--format text|json]
 * FILE`: read a game, play it, print the result.
 */
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "skeleton/render.h"
#include "skeleton/scenario.h"

enum { OPT_LANG = 256, OPT_SEED, OPT_RUNS, OPT_FORMAT };

static const char help_ja[] =
	"使い方: skeleton play [オプション]... ファイル\n"
	"ファイルの2つの陣営（1行に「名前 HP ダイスの面数」）を戦わせます。\n"
	"\n"
	"  --seed N            乱数の種（既定: 0）\n"
	"  --runs N            N 回戦って勝ち数を表示する\n"
	"  --format text|json  出力の形式（既定: text）\n"
	"  --lang ja|en        メッセージの言語\n"
	"  -h, --help          このヘルプを表示して終了する\n";

static const char help_en[] =
	"Usage: skeleton play [OPTION]... FILE\n"
	"Play the two sides of FILE (one a line: NAME HP DIE-SIDES).\n"
	"\n"
	"  --seed N            the generator's seed (default 0)\n"
	"  --runs N            play N games and print the wins\n"
	"  --format text|json  the output's format (default text)\n"
	"  --lang ja|en        language of messages\n"
	"  -h, --help          print this help and exit\n";

/* Read, parse, play and print FILE; the exit status. */
static int play(const ut_cli *c, const char *path, uint64_t seed,
                uint64_t runs, int json)
{
	char *text;
	size_t len;
	sk_game g;
	sk_diag d;
	ut_buf out = UT_BUF_INIT;
	int rc;

	if ((rc = ut_cli_read_path(&text, &len, c, path, 1 << 20, NULL)) != 0)
		return rc;
	rc = sk_scenario_parse(&g, &d, text, len, c->lang);
	free(text);
	if (rc < 0) {
		fprintf(stderr, "%s:%u:%u: %s: %s\n", path, d.line, d.col,
		        UT_TR(c, "エラー", "error"), d.message);
		return UT_EXIT_INPUT;
	}
	if (runs) {
		sk_series s;
		rc = sk_series_run(&s, &g, seed, runs);
		if (rc == 0)
			rc = sk_render_series(&out, &g, &s, c->lang);
	} else {
		sk_result r;
		ut_dice dice;
		ut_dice_seed(&dice, seed);
		rc = sk_game_play(&r, &g, &dice);
		if (rc == 0)
			rc = json ? sk_render_json(&out, &g, &r)
			          : sk_render_text(&out, &g, &r, c->lang);
	}
	if (rc < 0) {
		ut_cli_error(c, "play: %s", sk_error_last());
		ut_buf_free(&out);
		return UT_EXIT_INPUT;
	}
	ut_out_write(ut_out_stdout(), out.ptr, out.len);
	ut_buf_free(&out);
	return UT_EXIT_OK;
}

int cmd_play(const ut_cli *base, int argc, char **argv)
{
	static const struct option longopts[] = {
		{"lang", required_argument, NULL, OPT_LANG},
		{"help", no_argument, NULL, 'h'},
		{"seed", required_argument, NULL, OPT_SEED},
		{"runs", required_argument, NULL, OPT_RUNS},
		{"format", required_argument, NULL, OPT_FORMAT},
		{NULL, 0, NULL, 0}
	};
	ut_cli c = *base;
	uint64_t seed = 0, runs = 0;
	int ch, json = 0;

	ut_cli_getopt_begin(&c, argc, argv, ":h", longopts, OPT_LANG);
	while ((ch = getopt_long(argc, argv, ":h", longopts, NULL)) != -1) {
		switch (ch) {
		case 'h':
			return ut_cli_help(&c, help_ja, help_en);
		case OPT_LANG:
			if (ut_cli_lang(&c, "play", optarg) != 0)
				return UT_EXIT_USAGE;
			break;
		case OPT_SEED:
		case OPT_RUNS:
			if (ut_cli_parse_u64(ch == OPT_SEED ? &seed : &runs, optarg,
			                     ch == OPT_SEED ? UINT64_MAX : 1000000) < 0)
				return ut_cli_usage_error(&c, "play",
				       UT_TR(&c, "「%s」は範囲内の整数ではありません",
				             "'%s' is not a whole number in range"), optarg);
			break;
		case OPT_FORMAT:
			json = strcmp(optarg, "json") == 0;
			if (!json && strcmp(optarg, "text") != 0)
				return ut_cli_usage_error(&c, "play",
				       UT_TR(&c, "--format は text か json です",
				             "--format is text or json"));
			break;
		default:
			return ut_cli_bad_option(&c, "play", ch, argv, longopts);
		}
	}
	if (argc - optind != 1)
		return ut_cli_usage_error(&c, "play",
		       UT_TR(&c, "ファイルを1つ指定してください",
		             "give one file"));
	return play(&c, argv[optind], seed, runs, json);
}
