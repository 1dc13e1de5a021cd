/*
 * cmd_hill.c - `amaryllis hill init|status HILL.db`: create a play-by-mail
 * hill, show its standings (the hill itself: amaryllis/hill.h; the mail
 * that feeds it: cmd_mail.c; docs/HILL.md).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

#include "amaryllis/hill.h"
#include "util/utf8.h"

static const char help_ja[] =
	"使い方: amaryllis hill init 丘.db --size N --address アドレス [オプション]...\n"
	"   または: amaryllis hill status 丘.db [--format text|json|html|svg]\n"
	"メールで参加する丘（上位 N ユニットの常設リーグ）を作り、その順位表を表示します。\n"
	"\n"
	"init のオプション:\n"
	"  --size N               丘に残るユニットの数（1〜10000、必須）\n"
	"  --address ADDR         丘のメールアドレス（必須。返信の From）\n"
	"  --name NAME            丘の名前（既定: アドレス）\n"
	"  --points W,D,L         勝ち・引き分け・負けの勝ち点（既定: 3,1,0）\n"
	"  --pwhash-ops N         パスワードハッシュの計算量（既定: libsodium の\n"
	"                         INTERACTIVE。テスト用に 1 まで下げられる）\n"
	"  --pwhash-mem BYTES     パスワードハッシュのメモリ（既定: INTERACTIVE。最小 8192）\n"
	"  --replies-per-hour N   1つのアドレスへの1時間あたりの返信の上限（0〜100000、\n"
	"                         0 は無制限。既定: 30）\n"
	"  --reply-max BYTES      返信1通の上限（16384〜16777216、既定: 262144）\n"
	"  --password-tries N     ユニットをロックする、1時間のうちのまちがったパスワードの\n"
	"                         回数（1〜100、既定: 5）\n"
	"  --lock-seconds S       ロックの長さ（秒、60〜604800、既定: 3600）\n"
	"status のオプション:\n"
	"  --format text|json|html|svg  順位表の形式（既定: text。svg は対戦表の\n"
	"                         ヒートマップだけ）\n"
	"共通:\n"
	"  --lang ja|en           メッセージの言語（既定: ja）\n"
	"  -h, --help             このヘルプを表示して終了する\n"
	"\n"
	"メールは amaryllis mail --hill 丘.db で処理します（docs/HILL.md）。\n"
	"終了コード: 0 正常、1 誤り（丘がすでにある、丘が読めない）、2 使い方の誤り\n"
	"\n"
	"例:\n"
	"  amaryllis hill init hill.db --size 10 --address hill@example.org\n"
	"  amaryllis hill status hill.db --format html > hill.html\n";

static const char help_en[] =
	"Usage: amaryllis hill init HILL.db --size N --address ADDR [OPTION]...\n"
	"  or:  amaryllis hill status HILL.db [--format text|json|html|svg]\n"
	"Create a play-by-mail hill (a standing league of the best N units) and show\n"
	"its standings.\n"
	"\n"
	"Options of init:\n"
	"  --size N               units kept on the hill (1 to 10000, required)\n"
	"  --address ADDR         the hill's mail address (required; From of replies)\n"
	"  --name NAME            the hill's name (default: the address)\n"
	"  --points W,D,L         points of a win, draw, loss (default 3,1,0)\n"
	"  --pwhash-ops N         password hashing cost (default: libsodium's\n"
	"                         INTERACTIVE; tests lower it down to 1)\n"
	"  --pwhash-mem BYTES     password hashing memory (default INTERACTIVE; min 8192)\n"
	"  --replies-per-hour N   replies to one address within an hour (0 to 100000,\n"
	"                         0: no limit; default 30)\n"
	"  --reply-max BYTES      the largest reply (16384 to 16777216; default 262144)\n"
	"  --password-tries N     wrong passwords within an hour that lock a unit\n"
	"                         (1 to 100; default 5)\n"
	"  --lock-seconds S       how long a unit stays locked (60 to 604800; default 3600)\n"
	"Options of status:\n"
	"  --format text|json|html|svg  the standings' format (default text; svg:\n"
	"                         the heat map of the cross table alone)\n"
	"Both:\n"
	"  --lang ja|en           language of messages (default ja)\n"
	"  -h, --help             print this help and exit\n"
	"\n"
	"Mail is processed by amaryllis mail --hill HILL.db (docs/HILL.md).\n"
	"Exit status: 0 ok, 1 error (the hill exists already, cannot be read),\n"
	"2 usage.\n"
	"\n"
	"Example:\n"
	"  amaryllis hill init hill.db --size 10 --address hill@example.org\n"
	"  amaryllis hill status hill.db --format html > hill.html\n";

enum {
	OPT_SIZE = 400,
	OPT_ADDRESS,
	OPT_NAME,
	OPT_PWHASH_OPS,
	OPT_PWHASH_MEM,
	OPT_REPLIES,
	OPT_REPLY_MAX,
	OPT_PW_TRIES,
	OPT_LOCK_S
};

static const struct option longopts[] = {
	CLI_COMMON_LONGOPTS,
	{"size", required_argument, NULL, OPT_SIZE},
	{"address", required_argument, NULL, OPT_ADDRESS},
	{"name", required_argument, NULL, OPT_NAME},
	{"points", required_argument, NULL, OPT_POINTS},
	{"pwhash-ops", required_argument, NULL, OPT_PWHASH_OPS},
	{"pwhash-mem", required_argument, NULL, OPT_PWHASH_MEM},
	{"replies-per-hour", required_argument, NULL, OPT_REPLIES},
	{"reply-max", required_argument, NULL, OPT_REPLY_MAX},
	{"password-tries", required_argument, NULL, OPT_PW_TRIES},
	{"lock-seconds", required_argument, NULL, OPT_LOCK_S},
	{"format", required_argument, NULL, OPT_FORMAT},
	{NULL, 0, NULL, 0}
};

/* The security settings of init (docs/HILL.md "Security"): option, range. */
static const struct {
	int opt;
	const char *name;
	uint64_t lo, hi;
} ranged[] = {
	{OPT_REPLIES, "--replies-per-hour", 0, 100000},
	{OPT_REPLY_MAX, "--reply-max", 16384, 16777216},
	{OPT_PW_TRIES, "--password-tries", 1, 100},
	{OPT_LOCK_S, "--lock-seconds", 60, 604800},
};

static void set_ranged(am_hill_config *cfg, int opt, uint64_t v)
{
	if (opt == OPT_REPLIES)
		cfg->replies_per_hour = (unsigned)v;
	else if (opt == OPT_REPLY_MAX)
		cfg->reply_max = (size_t)v;
	else if (opt == OPT_PW_TRIES)
		cfg->pw_tries = (unsigned)v;
	else
		cfg->pw_lock_s = (unsigned)v;
}

/* What the options of `hill` asked for. */
typedef struct {
	am_hill_config cfg;
	int format;            /* AM_HILL_*, -1 when --format was not given */
	int init_opt;          /* an option of init was given: init_name */
	int size_given;
	const char *init_name; /* the last option of init given */
} hill_args;

/* --size, --pwhash-ops, --pwhash-mem: a whole number in range, into
 * a->cfg.  -1, or the exit status of a bad value. */
static int sized_option(cli_opts *o, hill_args *a, int c, const char *arg)
{
	uint64_t v;

	if (c == OPT_SIZE) {
		if (ut_cli_parse_u64(&v, arg, 10000) < 0 || v < 1)
			return cli_bad_number(o, "hill", "--size", 1, 10000, arg);
		a->cfg.size = (size_t)v;
		a->size_given = 1;
		a->init_name = "--size";
	} else if (c == OPT_PWHASH_OPS) {
		if (ut_cli_parse_u64(&v, arg, 1000) < 0 || v < 1)
			return cli_bad_number(o, "hill", "--pwhash-ops", 1, 1000, arg);
		a->cfg.pwhash_ops = v;
		a->init_name = "--pwhash-ops";
	} else {
		if (ut_cli_parse_u64(&v, arg,
			(uint64_t)1 << 32) < 0 || v < 8192)
			return cli_bad_number(o, "hill", "--pwhash-mem", 8192,
			                      (uint64_t)1 << 32, arg);
		a->cfg.pwhash_mem = (size_t)v;
		a->init_name = "--pwhash-mem";
	}
	a->init_opt = 1;
	return -1;
}

/* The security settings (the table ranged): a whole number in the
 * option's range, into a->cfg.  -1, or the exit status of a bad value. */
static int ranged_option(cli_opts *o, hill_args *a, int c, const char *arg)
{
	size_t k = 0;
	uint64_t v;

	while (ranged[k].opt != c)
		k++;
	if (ut_cli_parse_u64(&v, arg, ranged[k].hi) < 0 ||
	    v < ranged[k].lo)
		return cli_bad_number(o, "hill", ranged[k].name, ranged[k].lo,
		                      ranged[k].hi, arg);
	set_ranged(&a->cfg, c, v);
	a->init_opt = 1;
	a->init_name = ranged[k].name;
	return -1;
}

/* An option of init (--size … --lock-seconds) into a: -1 when it was
 * one and good, 0 when c is no option of init, else the exit status of a
 * bad value. */
static int init_option(cli_opts *o, hill_args *a, int c, const char *arg)
{
	switch (c) {
	case OPT_SIZE:
	case OPT_PWHASH_OPS:
	case OPT_PWHASH_MEM:
		return sized_option(o, a, c, arg);
	case OPT_ADDRESS:
		a->cfg.address = arg;
		a->init_name = "--address";
		break;
	case OPT_NAME:
		a->cfg.name = arg;
		a->init_name = "--name";
		break;
	case OPT_POINTS:
		if (cli_parse_points(arg, a->cfg.points) < 0)
			return cli_usage_error(o, "hill",
				UT_TR(o, "--points には W,D,L（-1000000から1000000までの整数3つ、"
				          "例: 3,1,0）を指定してください（「%s」）",
				      "--points needs W,D,L, whole numbers from -1000000 to "
				      "1000000, e.g. 3,1,0, not '%s'"), arg);
		a->init_name = "--points";
		break;
	case OPT_REPLIES:
	case OPT_REPLY_MAX:
	case OPT_PW_TRIES:
	case OPT_LOCK_S:
		return ranged_option(o, a, c, arg);
	default:
		return 0;
	}
	a->init_opt = 1;
	return -1;
}

/* --format of status: a->format.  -1, or the exit status of a bad value. */
static int format_option(cli_opts *o, hill_args *a, const char *arg)
{
	if (!strcmp(arg, "text"))
		a->format = AM_HILL_TEXT;
	else if (!strcmp(arg, "json"))
		a->format = AM_HILL_JSON;
	else if (!strcmp(arg, "html"))
		a->format = AM_HILL_HTML;
	else if (!strcmp(arg, "svg"))
		a->format = AM_HILL_SVG;
	else
		return cli_usage_error(o, "hill",
			UT_TR(o, "--format の値「%s」は使えません（text、json、html か svg）",
			      "unknown format '%s' (text, json, html or svg)"), arg);
	return -1;
}

/* An option every command has (CLI_COMMON_LONGOPTS), or a bad one: -1
 * when it was good, else the exit status. */
static int common_option(cli_opts *o, int c, char **argv)
{
	int r = cli_common_option(o, "hill", c, optarg);

	if (r == 0)
		return cli_bad_option(o, "hill", c, argv, longopts);
	return r == 1 ? -1 : r;
}

/* The options of `hill` into a: -1 when all were good, else the exit
 * status (--help printed, or a usage error). */
static int hill_options(cli_opts *o, hill_args *a, int argc, char **argv)
{
	int c, r;

	cli_getopt_begin(o, argc, argv, CLI_SHORTOPTS, longopts);
	while ((c = getopt_long(argc, argv, CLI_SHORTOPTS, longopts, NULL)) != -1) {
		if (c == 'h')
			return cli_help(o, help_ja, help_en);
		if (c == OPT_FORMAT)
			r = format_option(o, a, optarg);
		else if ((r = init_option(o, a, c, optarg)) == 0)
			r = common_option(o, c, argv);
		if (r >= 0)
			return r;
	}
	return -1;
}

/* The operands after the options: init|status and the hill's file.  -1,
 * or the exit status of a usage error. */
static int hill_operands(cli_opts *o, int argc, char **argv, const char **sub,
                         const char **path)
{
	if (optind >= argc)
		return cli_usage_error(o, "hill", UT_TR(o, "init か status を指定してください",
		                                        "init or status expected"));
	*sub = argv[optind++];
	if (strcmp(*sub, "init") != 0 && strcmp(*sub, "status") != 0) {
		/* a misspelt one: the nearest, as for a command */
		size_t best = SIZE_MAX;
		const char *near = NULL;
		if (ut_utf8_closer(*sub, "init", &best))
			near = "init";
		if (ut_utf8_closer(*sub, "status", &best))
			near = "status";
		if (near)
			return cli_usage_error(o, "hill",
			                       UT_TR(o, "「%s」は init でも status でもありません。"
			                                "「%s」のことですか？",
			                             "'%s' is neither init nor status; "
			                             "did you mean '%s'?"), *sub, near);
		return cli_usage_error(o, "hill",
		                       UT_TR(o, "「%s」は init でも status でもありません",
		                             "'%s' is neither init nor status"), *sub);
	}
	if (optind >= argc)
		return cli_usage_error(o, "hill", UT_TR(o, "丘のファイルが指定されていません",
		                                        "no hill file given"));
	*path = argv[optind++];
	if (optind < argc)
		return cli_usage_error(o, "hill", UT_TR(o, "余分な引数「%s」があります",
		                                        "unexpected operand '%s'"),
		                       argv[optind]);
	return -1;
}

/* `hill init PATH`: the hill created from a's settings. */
static int hill_init(cli_opts *o, const hill_args *a, const char *path)
{
	if (a->format >= 0)
		return cli_usage_error(o, "hill",
		                       UT_TR(o, "--format は status のオプションです",
		                             "--format is an option of status"));
	if (!a->size_given)
		return cli_usage_error(o, "hill", UT_TR(o, "init には --size が必要です",
		                                        "init needs --size"));
	if (!a->cfg.address)
		return cli_usage_error(o, "hill", UT_TR(o, "init には --address が必要です",
		                                        "init needs --address"));
	if (am_hill_create(path, &a->cfg) < 0) {
		cli_error(o, "hill: %s", am_error_last_lang(o->lang));
		return EXIT_INPUT;
	}
	return EXIT_OK;
}

/* `hill status PATH`: the standings on stdout in a->format. */
static int hill_status(cli_opts *o, const hill_args *a, const char *path)
{
	am_hill *hill;
	char *out;
	size_t len;

	if (a->init_opt)
		return cli_usage_error(o, "hill", UT_TR(o, "%s は init のオプションです",
		                                        "%s is an option of init"),
		                       a->init_name);
	/* read-only: works on a read-only mount, never waits for mail
	 * being processed (WAL readers) */
	if (am_hill_open_readonly(&hill, path) < 0) {
		cli_error(o, "hill: %s", am_error_last_lang(o->lang));
		return EXIT_INPUT;
	}
	if (am_hill_status(&out, &len, hill,
	                   a->format < 0 ? AM_HILL_TEXT : a->format,
	                   (int)o->lang) < 0) {
		cli_error(o, "hill: %s", am_error_last_lang(o->lang));
		am_hill_free(hill);
		return EXIT_INPUT;
	}
	am_hill_free(hill);
	ut_out_write(ut_out_stdout(), out, len);
	free(out);
	if (ut_out_flush(ut_out_stdout()) < 0)
		return EXIT_INPUT; /* ut_cli_main says why */
	return EXIT_OK;
}

int cmd_hill(const ut_cli *base, int argc, char **argv)
{
	cli_opts o = cli_opts_of(base);
	hill_args a = { AM_HILL_CONFIG_INIT, -1, 0, 0, NULL };
	const char *sub = NULL, *path = NULL;
	int r;

	if ((r = hill_options(&o, &a, argc, argv)) >= 0 ||
	    (r = hill_operands(&o, argc, argv, &sub, &path)) >= 0)
		return r;
	if (!strcmp(sub, "init"))
		return hill_init(&o, &a, path);
	return hill_status(&o, &a, path);
}
