/*
 * cmd_roll.c - megami roll: the SRS dice bot (docs/MEGAMI.md, Dice bot).
 *
 *     megami roll [--seed S | --dice LIST] [--format text|json]
 *                 [--lang ja|en] EXPR...
 *
 * Every EXPR is parsed first; if any is bad, each bad one is reported as
 * `<expr>:N:COL: error: MESSAGE` (N = its place among the EXPRs) with the
 * expression and a caret, nothing is rolled, and the exit status is 1.
 * Then they are rolled in order, one line each, from one dice source: the
 * generator seeded with S (default 0, M8.11), or the fixed results of
 * --dice taken in order across all the EXPRs (extra values are ignored; a
 * value out of range or a list that runs out stops with exit 1).  With
 * --format json each line is BCDice-API's answer (render.h's
 * mg_dice_json) with the dice recorded as they are rolled, and "seed".
 */
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "megami/dice.h"
#include "megami/render.h"
#include "util/rng.h"

static int help(const mg_cli *o)
{
	return ut_cli_help(&o->ui,
		"使い方: megami roll [--seed S | --dice 値,...] [--format text|json] 式...\n"
		"SRS のダイスボット（BCDice の SRS と同じ表示）: 式ごとに1行。\n"
		"  2D6+1>=8        判定 ＞ 成功・失敗（出目12 自動成功、2 自動失敗）\n"
		"  2D6+2>=10[11,3] 2D6+2@11#3>=10  クリティカル値とファンブル値\n"
		"  2D6[]  2D6@11   目標値なしの判定\n"
		"  3D6+2  1D6/2U   合計（+ - * /、/ の後に U C R F で端数処理）、\n"
		"                  比較 >= > <= < = <>\n"
		"全角でも書けます（２Ｄ６＞＝８）。空白より後はコメントです。\n"
		"\n"
		"オプション:\n"
		"  --seed S       乱数の種（0〜18446744073709551615、既定 0）\n"
		"  --dice 値,...  出目を順に与える（例: --dice 5,2）\n"
		"  --format text|json  出力の形式（既定 text。json は式ごとに\n"
		"                 BCDice-API の形の1行: ok, text, secret, success, failure,\n"
		"                 critical, fumble, rands, seed）\n"
		"  --lang ja|en   メッセージの言語\n"
		"  -h, --help     このヘルプを表示して終了する\n"
		"\n"
		"終了コード: 0 正常、1 式や出目の誤り、2 使い方の誤り\n",
		"Usage: megami roll [--seed S | --dice VALUE,...] [--format text|json] EXPR...\n"
		"The SRS dice bot (as BCDice's SRS prints it): one line per EXPR.\n"
		"  2D6+1>=8        judgement > 成功/失敗 (dice 12 自動成功, 2 自動失敗)\n"
		"  2D6+2>=10[11,3] 2D6+2@11#3>=10  critical and fumble values\n"
		"  2D6[]  2D6@11   judgement without a target\n"
		"  3D6+2  1D6/2U   sums (+ - * /, U C R F after / to round),\n"
		"                  comparisons >= > <= < = <>\n"
		"Full-width text works (２Ｄ６＞＝８); after a blank is a comment.\n"
		"\n"
		"Options:\n"
		"  --seed S         seed of the generator (0 to 18446744073709551615,\n"
		"                   default 0)\n"
		"  --dice VALUE,... the dice, in the order rolled (e.g. --dice 5,2)\n"
		"  --format text|json  output (default text; json: one line per EXPR in\n"
		"                   BCDice-API's shape: ok, text, secret, success,\n"
		"                   failure, critical, fumble, rands, seed)\n"
		"  --lang ja|en     language of messages\n"
		"  -h, --help       print this help and exit\n"
		"\n"
		"Exit status: 0 ok, 1 bad expression or dice, 2 usage.\n");
}

/* --dice 5,2,…: signed decimal values (checked against the sides when
 * rolled).  0, or a usage error. */
static int parse_dice(const ut_cli *ui, const char *arg, int64_t **out,
                      size_t *n)
{
	const char *p = arg;
	size_t cap = 8, k = 0;
	int64_t *v = malloc(cap * sizeof(*v));

	if (!v) {
		ut_cli_error(ui, "out of memory");
		return UT_EXIT_INPUT;
	}
	for (;;) {
		char *end;
		long long x;
		const char *q = p;
		while (*q && *q != ',')
			q++;
		errno = 0;
		x = (*p == '-' || (*p >= '0' && *p <= '9')) ? strtoll(p, &end, 10)
		                                            : (end = (char *)p, 0);
		if (end != q || end == p || errno) {
			free(v);
			return ut_cli_usage_error(ui, "roll",
				UT_TR(ui, "--dice の%zu番目の値「%.*s」は整数ではありません",
				      "--dice value %zu '%.*s' is not a whole number"),
				k + 1, (int)(q - p), p);
		}
		if (k == cap) {
			int64_t *nv = realloc(v, (cap *= 2) * sizeof(*v));
			if (!nv) {
				free(v);
				ut_cli_error(ui, "out of memory");
				return UT_EXIT_INPUT;
			}
			v = nv;
		}
		v[k++] = x;
		if (!*q)
			break;
		p = q + 1;
	}
	*out = v;
	*n = k;
	return 0;
}

static const struct option longopts[] = {
	MG_CLI_COMMON_LONGOPTS,
	{"seed", required_argument, NULL, OPT_SEED},
	{"dice", required_argument, NULL, OPT_DICE},
	{"format", required_argument, NULL, OPT_FORMAT},
	{NULL, 0, NULL, 0}
};

int cmd_roll(const ut_cli *base, int argc, char **argv)
{
	mg_cli o = {*base};
	const char *seed_arg = NULL, *dice_arg = NULL;
	uint64_t seed = 0;
	int64_t *values = NULL;
	size_t nvalues = 0, nexpr, i;
	mg_dice_expr **exprs = NULL;
	ut_dice dice;
	ut_buf line = UT_BUF_INIT, out = UT_BUF_INIT;
	int c, rc = UT_EXIT_OK, json = 0;
	mg_lang lang;
	mg_dice_record rec = {0}; /* (freed at the end: zero until initialised) */

	ut_cli_getopt_begin(&o.ui, argc, argv, MG_CLI_SHORTOPTS, longopts,
	                    OPT_LANG);
	while ((c = getopt_long(argc, argv, MG_CLI_SHORTOPTS, longopts,
	                        NULL)) != -1) {
		switch (c) {
		case 'h':
			return help(&o);
		case OPT_LANG:
			if (ut_cli_lang(&o.ui, "roll", optarg) != 0)
				return UT_EXIT_USAGE;
			break;
		case OPT_SEED:
			seed_arg = optarg;
			break;
		case OPT_DICE:
			dice_arg = optarg;
			break;
		case OPT_FORMAT:
			if (strcmp(optarg, "json") != 0 && strcmp(optarg, "text") != 0)
				return ut_cli_usage_error(&o.ui, "roll",
					UT_TR(&o.ui, "--format の値「%s」は使えません（text か json）",
					      "unknown format '%s' (text or json)"), optarg);
			json = strcmp(optarg, "json") == 0;
			break;
		default:
			return ut_cli_bad_option(&o.ui, "roll", c, argv, longopts);
		}
	}
	if (seed_arg && dice_arg)
		return ut_cli_usage_error(&o.ui, "roll",
			UT_TR(&o.ui, "--seed と --dice は同時に使えません",
			      "--seed and --dice cannot be used together"));
	if (seed_arg && ut_cli_parse_u64(&seed, seed_arg, UINT64_MAX) < 0)
		return ut_cli_usage_error(&o.ui, "roll",
			UT_TR(&o.ui, "--seed の値「%s」は0から18446744073709551615の整数ではありません",
			      "--seed value '%s' is not a whole number from 0 to 18446744073709551615"),
			seed_arg);
	if (dice_arg && (rc = parse_dice(&o.ui, dice_arg, &values, &nvalues)))
		return rc;
	if (optind >= argc) {
		free(values);
		return ut_cli_usage_error(&o.ui, "roll",
			UT_TR(&o.ui, "式がありません", "no expression given"));
	}
	lang = o.ui.lang == UT_LANG_EN ? MG_LANG_EN : MG_LANG_JA;
	nexpr = (size_t)(argc - optind);
	exprs = calloc(nexpr, sizeof(*exprs));
	if (!exprs) {
		free(values);
		ut_cli_error(&o.ui, "out of memory");
		return UT_EXIT_INPUT;
	}
	/* MG-DICE-CLI-1: parse them all, report every bad one */
	for (i = 0; i < nexpr; i++) {
		const char *text = argv[optind + (int)i];
		size_t len = strlen(text);
		mg_dice_diag d;
		if (mg_dice_parse(&exprs[i], &d, text, len, lang) < 0) {
			fprintf(stderr, "<expr>:%zu:%" PRIu32 ": error: %s\n",
			        i + 1, d.col, d.message);
			ut_cli_show_context(text, len, d.col);
			rc = UT_EXIT_INPUT;
		}
	}
	if (rc)
		goto out;
	if (values)
		ut_dice_list(&dice, values, nvalues);
	else
		ut_dice_seed(&dice, seed);
	mg_dice_record_init(&rec, &dice); /* the dice of each line (json) */
	/* MG-DICE-CLI-2: roll them in order from one source */
	for (i = 0; i < nexpr; i++) {
		mg_dice_diag d;
		mg_dice_result res = {0};
		ut_buf_clear(&line);
		mg_dice_record_clear(&rec);
		if (mg_dice_roll(&line, &res, &d, exprs[i],
		                 json ? &rec.dice : &dice, lang) < 0) {
			if (d.col) {
				const char *text = argv[optind + (int)i];
				fprintf(stderr, "<expr>:%zu:%" PRIu32
				        ": error: %s\n", i + 1, d.col, d.message);
				ut_cli_show_context(text, strlen(text), d.col);
			} else {
				ut_cli_error(&o.ui, "roll: %s", d.message);
			}
			rc = UT_EXIT_INPUT;
			break;
		}
		if (json) { /* the line as BCDice-API's answer */
			ut_buf_clear(&out);
			if (mg_dice_json(&out, line.ptr, line.len, &res, &rec,
			                 values ? MG_SEED_NULL : MG_SEED_VALUE,
			                 seed) < 0) {
				ut_cli_error(&o.ui, "roll: %s", mg_error_last());
				rc = UT_EXIT_INPUT;
				break;
			}
		}
		ut_out_printf(ut_out_stdout(), "%s\n", json ? out.ptr
		              : line.ptr ? line.ptr : "");
	}
	if (ut_out_flush(ut_out_stdout()) < 0)
		rc = UT_EXIT_INPUT; /* ut_cli_exit says why */
out:
	for (i = 0; i < nexpr; i++)
		mg_dice_free(exprs[i]);
	free(exprs);
	free(values);
	mg_dice_record_free(&rec);
	ut_buf_free(&line);
	ut_buf_free(&out);
	return rc;
}
