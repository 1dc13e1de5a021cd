/*
 * cmd_roll.c - megami roll: the SRS dice bot (docs/MEGAMI.md, Dice bot).
 *
 *     megami roll [--seed S | --dice LIST] [--format text|json]
 *                 [--lang ja|en] EXPR... | -
 *
 * Each EXPR gets its own answer, in order (roll_one: one expression, one
 * answer): its line on standard output, or, when it is bad,
 * `<expr>:N:COL: error: MESSAGE` (N = its place among the EXPRs; for the
 * lines of standard input, `-`, `<stdin>:LINE:COL`) with the expression
 * and a caret on standard error; the others are rolled all the same and
 * the exit status is 1 if any was bad (MG-DICE-CLI-1).  The dice come from
 * one source across all of them (MG-DICE-CLI-2): the generator seeded with
 * S, or with a fresh seed from getrandom, shown on standard error before
 * the first roll (M8.11, MG-DICE-CLI-3), or the fixed results of --dice
 * taken in order (extra values are ignored; a value out of range or a list
 * that runs out stops with exit 1).  With --format json each answer is one
 * line of BCDice-API's shape (render.h's mg_dice_json) with the dice
 * recorded as they are rolled, and "seed"; a bad expression's line is
 * BCDice-API's {"ok":false,"reason":"unsupported command"}, its error on
 * standard error as in text (one that could not be read for want of
 * memory: {"ok":false,"reason":"out of memory"}).
 */
#include <errno.h>
#include <stdio.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "cli.h"
#include "stop_text.h"
#include "megami/dice.h"
#include "megami/render.h"
#include "util/rng.h"

static int help(const mg_cli *o)
{
	return ut_cli_help(&o->ui,
		"使い方: megami roll [--seed S | --dice 値,...] [--format text|json]\n"
		"                    [--system SRS|DiceBot] 式... | -\n"
		"SRS のダイスボット（BCDice の SRS と同じ表示）: 式ごとに1行。\n"
		"- は標準入力から1行に1つずつ式を読みます。\n"
		"  2D6+1>=8        判定 ＞ 成功・失敗（出目12 自動成功、2 自動失敗）\n"
		"  2D6+2>=10[11,3] 2D6+2@11#3>=10  クリティカル値とファンブル値\n"
		"  2D6[]  2D6@11   目標値なしの判定\n"
		"  3D6+2  1D6/2U   合計（+ - * /、/ の後に U C R F で端数処理）、\n"
		"                  比較 >= > <= < = <>\n"
		"BCDice の共通コマンドも同じ表示で振れます:\n"
		"  S2D6 シークレット  D66  4D6KH3 4D6KL1 2D6MAX  3B6>=4 3R6>=5 3U6[6]\n"
		"  C(10-3) 計算  choice[a,b,c]  x3 2D6 繰り返し（一覧は docs/GM.md）\n"
		"全角でも書けます（２Ｄ６＞＝８）。空白より後はコメントです。\n"
		"\n"
		"オプション:\n"
		"  --seed S       乱数の種（0〜18446744073709551615）。既定では OS から\n"
		"                 新しい種を得て、標準エラーに表示します\n"
		"  --dice 値,...  出目を順に与える（例: --dice 5,2）\n"
		"  --format text|json  出力の形式（既定 text。json は式ごとに\n"
		"                 BCDice-API の形の1行: ok, text, secret, success, failure,\n"
		"                 critical, fumble, rands, seed）\n"
		"  --system SRS|DiceBot  BCDice のゲームシステム（既定 SRS。DiceBot は\n"
		"                 SRS の判定の読みがなく、合計の出目を振った順に表示）\n"
		"  --lang ja|en   メッセージの言語（既定: ja）\n"
		"  -h, --help     このヘルプを表示して終了する\n"
		"\n"
		"終了コード: 0 正常、1 誤った式や出目があった、2 使い方の誤り\n",
		"Usage: megami roll [--seed S | --dice VALUE,...] [--format text|json]\n"
		"                   [--system SRS|DiceBot] EXPR... | -\n"
		"The SRS dice bot (as BCDice's SRS prints it): one line per EXPR;\n"
		"- reads one EXPR per line from standard input.\n"
		"  2D6+1>=8        judgement > 成功/失敗 (dice 12 自動成功, 2 自動失敗)\n"
		"  2D6+2>=10[11,3] 2D6+2@11#3>=10  critical and fumble values\n"
		"  2D6[]  2D6@11   judgement without a target\n"
		"  3D6+2  1D6/2U   sums (+ - * /, U C R F after / to round),\n"
		"                  comparisons >= > <= < = <>\n"
		"BCDice's common commands work too, printed as BCDice prints them:\n"
		"  S2D6 secret  D66  4D6KH3 4D6KL1 2D6MAX  3B6>=4 3R6>=5 3U6[6]\n"
		"  C(10-3) arithmetic  choice[a,b,c]  x3 2D6 repeat (the list: docs/GM.md)\n"
		"Full-width text works (２Ｄ６＞＝８); after a blank is a comment.\n"
		"\n"
		"Options:\n"
		"  --seed S         seed of the generator (0 to 18446744073709551615);\n"
		"                   by default a fresh one from the operating system,\n"
		"                   shown on standard error\n"
		"  --dice VALUE,... the dice, in the order rolled (e.g. --dice 5,2)\n"
		"  --format text|json  output (default text; json: one line per EXPR in\n"
		"                   BCDice-API's shape: ok, text, secret, success,\n"
		"                   failure, critical, fumble, rands, seed)\n"
		"  --system SRS|DiceBot  BCDice's game system (default SRS; DiceBot has\n"
		"                   no SRS judgement reading and shows a sum's dice as\n"
		"                   rolled)\n"
		"  --lang ja|en     language of messages (default ja)\n"
		"  -h, --help       print this help and exit\n"
		"\n"
		"Exit status: 0 ok, 1 bad expression or dice, 2 usage.\n");
}

static const struct option longopts[] = {
	MG_CLI_COMMON_LONGOPTS,
	{"seed", required_argument, NULL, OPT_SEED},
	{"dice", required_argument, NULL, OPT_DICE},
	{"format", required_argument, NULL, OPT_FORMAT},
	{"system", required_argument, NULL, OPT_SYSTEM},
	{NULL, 0, NULL, 0}
};

/* What the answers of one `megami roll` share: the dice source and the
 * language; the seed to show once when it is fresh. */
typedef struct roller {
	const ut_cli *ui;
	mg_lang lang;
	ut_dice dice;
	int fresh;        /* the seed came from getrandom: show it */
	uint64_t seed;
	int stream;       /* answering standard input: flush every answer */
	int json;         /* --format json */
	mg_dice_system sys; /* --system */
	int fixed;        /* --dice: the dice are a fixed list (json: no seed) */
	mg_dice_record rec; /* json: the dice of each answer, as rolled */
	ut_buf line, out;
} roller;

enum { ANSWER_OK = 0, ANSWER_BAD = 1, ANSWER_STOP = 2 };

/* `<src>:N:COL: error: MESSAGE`, the expression and a caret. */
static void report(const char *src, size_t n, const char *text, size_t len,
                   const mg_dice_diag *d)
{
	fprintf(stderr, "%s:%zu:%" PRIu32 ": error: %s\n", src, n, d->col,
	        d->message);
	ut_cli_show_context(text, len, d->col);
}

/* --format json: a bad expression's line, BCDice-API's answer; or,
 * `nomem`, the line of one that could not be read for want of memory (not
 * a fault of the command: no "unsupported command"). */
static void unsupported(const roller *r, int nomem)
{
	if (!r->json)
		return;
	ut_out_printf(ut_out_stdout(), "%s\n", nomem
	              ? "{\"ok\":false,\"reason\":\"out of memory\"}"
	              : "{\"ok\":false,\"reason\":\"unsupported command\"}");
	if (r->stream)
		ut_out_flush(ut_out_stdout());
}

/*
 * One expression, one answer (MG-DICE-CLI-1): parse text[0..len), roll it
 * from r's dice and print its line on standard output, or its error on
 * standard error as `src:n:COL` (src "<expr>" or "<stdin>").  Returns
 * ANSWER_OK, ANSWER_BAD (this one failed; the others go on) or ANSWER_STOP
 * (the dice source failed: a fixed die out of range or the list ran out).
 */
static int roll_one(roller *r, const char *src, size_t n, const char *text,
                    size_t len)
{
	mg_dice_expr *e = NULL;
	mg_dice_diag d;
	mg_dice_result res = {0};
	int rc = ANSWER_OK;

	if ((rc = mg_dice_parse_system(&e, &d, text, len, r->sys, r->lang)) < 0) {
		if (rc == MG_ENOMEM) /* no place in the expression to show */
			ut_cli_error(r->ui, "roll: %s", d.message);
		else
			report(src, n, text, len, &d);
		unsupported(r, rc == MG_ENOMEM);
		return ANSWER_BAD;
	}
	if (r->fresh) {
		/* M8.11: before the first roll, once */
		fprintf(stderr, UT_TR(r->ui,
		        "megami: roll: 乱数の種 %llu（--seed %llu で同じ出目を振り直せます）\n",
		        "megami: roll: seed %llu (--seed %llu rolls the same dice again)\n"),
		        (unsigned long long)r->seed, (unsigned long long)r->seed);
		r->fresh = 0;
	}
	ut_buf_clear(&r->line);
	mg_dice_record_clear(&r->rec);
	if (mg_dice_roll(&r->line, &res, &d, e, r->json ? &r->rec.dice : &r->dice,
	                 r->lang) < 0) {
		if (d.col) { /* a bad expression after all (an overflow) */
			report(src, n, text, len, &d);
			unsupported(r, 0);
			rc = ANSWER_BAD;
		} else {
			ut_cli_error(r->ui, "roll: %s", d.message);
			rc = ANSWER_STOP;
		}
	} else if (r->json) { /* the line as BCDice-API's answer */
		ut_buf_clear(&r->out);
		if (mg_dice_json(&r->out, r->line.ptr, r->line.len, &res, &r->rec,
		                 r->fixed ? MG_SEED_NULL : MG_SEED_VALUE,
		                 r->seed) < 0) {
			ut_cli_error(r->ui, "roll: %s", mg_error_last());
			rc = ANSWER_STOP;
		} else {
			ut_out_printf(ut_out_stdout(), "%s\n", r->out.ptr);
			if (r->stream)
				ut_out_flush(ut_out_stdout());
		}
	} else {
		ut_out_printf(ut_out_stdout(), "%s\n",
		              r->line.ptr ? r->line.ptr : "");
		if (r->stream)
			ut_out_flush(ut_out_stdout());
	}
	mg_dice_free(e);
	return rc;
}

/*
 * `-`: one expression per line of standard input (a bot or a script pipes
 * into it), ended by "\n", "\r\n" or a lone "\r" (as the scenario and
 * sheet readers); a UTF-8 byte order mark before the first is skipped (as
 * they do); empty lines are skipped.  A "\r" ends its line at once (the
 * "\n" of a "\r\n" is dropped when the next line begins), so that a bot
 * that sends "\r" and waits gets its answer.  A line longer than an
 * expression may be is cut after MG_DICE_MAX_TEXT + 1 bytes (the rest is
 * read and dropped) so that roll_one reports it as too long.
 */
static int roll_stdin(roller *r, int *status)
{
	static const char bom[] = "\xEF\xBB\xBF";
	char *buf = malloc(MG_DICE_MAX_TEXT + 2);
	size_t lineno = 0;
	int ch = 0, after_cr = 0;

	if (!buf) {
		ut_cli_error(r->ui, "out of memory");
		return ANSWER_STOP;
	}
	r->stream = 1;
	while (ch != EOF) {
		size_t len = 0;
		int rc;
		ch = getchar();
		if (after_cr && ch == '\n') /* the "\n" of a "\r\n" */
			ch = getchar();
		while (ch != EOF && ch != '\n' && ch != '\r') {
			if (len < MG_DICE_MAX_TEXT + 1)
				buf[len++] = (char)ch;
			ch = getchar();
		}
		after_cr = ch == '\r';
		if (ch == EOF && len == 0)
			break;
		lineno++;
		if (lineno == 1 && len >= 3 && memcmp(buf, bom, 3) == 0) {
			memmove(buf, buf + 3, len - 3);
			len -= 3;
		}
		if (len == 0)
			continue;
		buf[len] = '\0';
		rc = roll_one(r, "<stdin>", lineno, buf, len);
		if (rc != ANSWER_OK)
			*status = UT_EXIT_INPUT;
		if (rc == ANSWER_STOP) {
			free(buf);
			return ANSWER_STOP;
		}
	}
	if (ferror(stdin)) {
		/* as every reader words it (ut_cli_read_file): the errno of the
		 * read that failed, the last call before here */
		int err = errno;
		fprintf(stderr, UT_TR(r->ui, "<stdin>: error: 読めません：%s\n",
		                      "<stdin>: error: cannot read: %s\n"),
		        ut_cli_strerror((int)r->ui->lang, err));
		*status = UT_EXIT_INPUT;
	}
	free(buf);
	return ANSWER_OK;
}

int cmd_roll(const ut_cli *base, int argc, char **argv)
{
	mg_cli o = {*base};
	const char *seed_arg = NULL, *dice_arg = NULL;
	int64_t *values = NULL;
	size_t nexpr, i, dashes = 0;
	roller r;
	int c, rc = UT_EXIT_OK;

	memset(&r, 0, sizeof(r));
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
			r.json = strcmp(optarg, "json") == 0;
			break;
		case OPT_SYSTEM: /* BCDice's ids, in any case */
			if (strcasecmp(optarg, "SRS") == 0)
				r.sys = MG_DICE_SRS;
			else if (strcasecmp(optarg, "DiceBot") == 0)
				r.sys = MG_DICE_DICEBOT;
			else
				return ut_cli_usage_error(&o.ui, "roll",
					UT_TR(&o.ui, "--system の値「%s」は使えません（SRS か DiceBot）",
					      "unknown game system '%s' (SRS or DiceBot)"), optarg);
			break;
		default:
			return ut_cli_bad_option(&o.ui, "roll", c, argv, longopts);
		}
	}
	if (seed_arg && dice_arg)
		return ut_cli_usage_error(&o.ui, "roll",
			UT_TR(&o.ui, "--seed と --dice は同時に使えません",
			      "--seed and --dice cannot be used together"));
	if (seed_arg && ut_cli_parse_u64(&r.seed, seed_arg, UINT64_MAX) < 0)
		return ut_cli_bad_number(&o.ui, "roll", "--seed", 0, UINT64_MAX,
		                         seed_arg);
	if (optind >= argc)
		return ut_cli_usage_error(&o.ui, "roll",
			UT_TR(&o.ui, "式がありません", "no expression given"));
	nexpr = (size_t)(argc - optind);
	for (i = 0; i < nexpr; i++)
		dashes += strcmp(argv[optind + (int)i], "-") == 0;
	if (dashes > 1)
		return ut_cli_usage_error(&o.ui, "roll",
			UT_TR(&o.ui, "標準入力（-）は1度だけ読めます",
			      "standard input (-) can be read only once"));
	if (dice_arg) {
		size_t nvalues = 0;
		if ((rc = mg_cli_dice_list(&o.ui, "roll", dice_arg, &values,
		                           &nvalues)))
			return rc;
		ut_dice_list(&r.dice, values, nvalues);
		r.fixed = 1;
	} else {
		/* M8.11, MG-DICE-CLI-3: a fresh seed unless --seed */
		if (!seed_arg) {
			if ((rc = mg_cli_fresh_seed(&o.ui, "roll", &r.seed)))
				return rc;
			r.fresh = 1;
		}
		ut_dice_seed(&r.dice, r.seed);
	}
	r.ui = &o.ui;
	r.lang = o.ui.lang == UT_LANG_EN ? MG_LANG_EN : MG_LANG_JA;
	mg_dice_record_init(&r.rec, &r.dice); /* the dice of each answer (json) */
	/* MG-DICE-CLI-1, MG-DICE-CLI-2: in order, one answer each */
	for (i = 0; i < nexpr; i++) {
		const char *text = argv[optind + (int)i];
		int a = strcmp(text, "-") == 0
		        ? roll_stdin(&r, &rc)
		        : roll_one(&r, "<expr>", i + 1, text, strlen(text));
		if (a != ANSWER_OK)
			rc = UT_EXIT_INPUT;
		if (a == ANSWER_STOP)
			break;
	}
	if (ut_out_flush(ut_out_stdout()) < 0)
		rc = UT_EXIT_INPUT; /* ut_cli_exit says why */
	else if (r.fixed && rc == 0)
		mg_cli_dice_unused(&o.ui, "roll", &r.dice);
	free(values);
	mg_dice_record_free(&r.rec);
	ut_buf_free(&r.line);
	ut_buf_free(&r.out);
	return rc;
}
