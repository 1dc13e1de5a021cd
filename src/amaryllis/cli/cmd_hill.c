/*
 * cmd_hill.c - `amaryllis hill init|status HILL.db`: create a play-by-mail
 * hill, show its standings (the hill itself: amaryllis/hill.h; the mail
 * that feeds it: cmd_mail.c; docs/HILL.md).
 */
#include <stdlib.h>
#include <string.h>

#include "cli.h"

#include "amaryllis/hill.h"

static const char help_ja[] =
	"使い方: amaryllis hill init 丘.db --size N --address アドレス [オプション]...\n"
	"        amaryllis hill status 丘.db [--format text|json|html|svg]\n"
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
	"       amaryllis hill status HILL.db [--format text|json|html|svg]\n"
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

int cmd_hill(const ut_cli *base, int argc, char **argv)
{
	cli_opts o = cli_opts_of(base);
	am_hill_config cfg = AM_HILL_CONFIG_INIT;
	int c, r, format = -1, init_opt = 0, size_given = 0;
	const char *sub, *path, *init_name = NULL;
	uint64_t v;

	cli_getopt_begin(&o, argc, argv, CLI_SHORTOPTS, longopts);
	while ((c = getopt_long(argc, argv, CLI_SHORTOPTS, longopts, NULL)) != -1) {
		switch (c) {
		case 'h':
			return cli_help(&o, help_ja, help_en);
		case OPT_SIZE:
			if (ut_cli_parse_u64(&v, optarg, 10000) < 0 || v < 1)
				return cli_usage_error(&o, "hill",
					UT_TR(&o, "--size には1から10000までの整数を指定してください（「%s」）",
					      "--size needs a whole number from 1 to 10000, not '%s'"),
					optarg);
			cfg.size = (size_t)v;
			size_given = 1;
			init_opt = 1;
			init_name = "--size";
			break;
		case OPT_ADDRESS:
			cfg.address = optarg;
			init_opt = 1;
			init_name = "--address";
			break;
		case OPT_NAME:
			cfg.name = optarg;
			init_opt = 1;
			init_name = "--name";
			break;
		case OPT_POINTS:
			if (cli_parse_points(optarg, cfg.points) < 0)
				return cli_usage_error(&o, "hill",
					UT_TR(&o, "--points には W,D,L（-1000000から1000000までの整数3つ、"
					          "例: 3,1,0）を指定してください（「%s」）",
					      "--points needs W,D,L, whole numbers from -1000000 to "
					      "1000000, e.g. 3,1,0, not '%s'"), optarg);
			init_opt = 1;
			init_name = "--points";
			break;
		case OPT_PWHASH_OPS:
			if (ut_cli_parse_u64(&v, optarg, 1000) < 0 || v < 1)
				return cli_usage_error(&o, "hill",
					UT_TR(&o, "--pwhash-ops には1から1000までの整数を指定してください（「%s」）",
					      "--pwhash-ops needs a whole number from 1 to 1000, not '%s'"),
					optarg);
			cfg.pwhash_ops = v;
			init_opt = 1;
			init_name = "--pwhash-ops";
			break;
		case OPT_PWHASH_MEM:
			if (ut_cli_parse_u64(&v, optarg,
				(uint64_t)1 << 32) < 0 || v < 8192)
				return cli_usage_error(&o, "hill",
					UT_TR(&o, "--pwhash-mem には8192から4294967296までの整数を指定してください（「%s」）",
					      "--pwhash-mem needs a whole number from 8192 to 4294967296, not '%s'"),
					optarg);
			cfg.pwhash_mem = (size_t)v;
			init_opt = 1;
			init_name = "--pwhash-mem";
			break;
		case OPT_REPLIES:
		case OPT_REPLY_MAX:
		case OPT_PW_TRIES:
		case OPT_LOCK_S: {
			size_t k = 0;
			while (ranged[k].opt != c)
				k++;
			if (ut_cli_parse_u64(&v, optarg, ranged[k].hi) < 0 ||
			    v < ranged[k].lo)
				return cli_usage_error(&o, "hill",
					UT_TR(&o, "%s には%lluから%lluまでの整数を指定してください（「%s」）",
					      "%s needs a whole number from %llu to %llu, not '%s'"),
					ranged[k].name, (unsigned long long)ranged[k].lo,
					(unsigned long long)ranged[k].hi, optarg);
			set_ranged(&cfg, c, v);
			init_opt = 1;
			init_name = ranged[k].name;
			break;
		}
		case OPT_FORMAT:
			if (!strcmp(optarg, "text"))
				format = AM_HILL_TEXT;
			else if (!strcmp(optarg, "json"))
				format = AM_HILL_JSON;
			else if (!strcmp(optarg, "html"))
				format = AM_HILL_HTML;
			else if (!strcmp(optarg, "svg"))
				format = AM_HILL_SVG;
			else
				return cli_usage_error(&o, "hill",
					UT_TR(&o, "--format の値「%s」は使えません（text、json、html か svg）",
					      "unknown format '%s' (text, json, html or svg)"), optarg);
			break;
		default:
			if ((r = cli_common_option(&o, "hill", c, optarg)) == 0)
				return cli_bad_option(&o, "hill", c, argv, longopts);
			if (r != 1)
				return r;
		}
	}
	if (optind >= argc)
		return cli_usage_error(&o, "hill", UT_TR(&o, "init か status を指定してください",
		                                         "init or status expected"));
	sub = argv[optind++];
	if (strcmp(sub, "init") != 0 && strcmp(sub, "status") != 0)
		return cli_usage_error(&o, "hill",
		                       UT_TR(&o, "「%s」は init でも status でもありません",
		                             "'%s' is neither init nor status"), sub);
	if (optind >= argc)
		return cli_usage_error(&o, "hill", UT_TR(&o, "丘のファイルが指定されていません",
		                                         "no hill file given"));
	path = argv[optind++];
	if (optind < argc)
		return cli_usage_error(&o, "hill", UT_TR(&o, "余分な引数「%s」があります",
		                                         "unexpected operand '%s'"),
		                       argv[optind]);
	if (!strcmp(sub, "init")) {
		if (format >= 0)
			return cli_usage_error(&o, "hill",
			                       UT_TR(&o, "--format は status のオプションです",
			                             "--format is an option of status"));
		if (!size_given)
			return cli_usage_error(&o, "hill", UT_TR(&o, "init には --size が必要です",
			                                         "init needs --size"));
		if (!cfg.address)
			return cli_usage_error(&o, "hill", UT_TR(&o, "init には --address が必要です",
			                                         "init needs --address"));
		if (am_hill_create(path, &cfg) < 0) {
			cli_error("hill: %s", am_error_last());
			return EXIT_INPUT;
		}
		return EXIT_OK;
	}
	if (init_opt)
		return cli_usage_error(&o, "hill", UT_TR(&o, "%s は init のオプションです",
		                                         "%s is an option of init"),
		                       init_name);
	{
		am_hill *hill;
		char *out;
		size_t len;
		/* read-only: works on a read-only mount, never waits for mail
		 * being processed (WAL readers) */
		if (am_hill_open_readonly(&hill, path) < 0) {
			cli_error("hill: %s", am_error_last());
			return EXIT_INPUT;
		}
		if (am_hill_status(&out, &len, hill,
		                   format < 0 ? AM_HILL_TEXT : format,
		                   (int)o.lang) < 0) {
			cli_error("hill: %s", am_error_last());
			am_hill_free(hill);
			return EXIT_INPUT;
		}
		am_hill_free(hill);
		ut_out_write(ut_out_stdout(), out, len);
		free(out);
		if (ut_out_flush(ut_out_stdout()) < 0)
			return EXIT_INPUT; /* ut_cli_main says why */
	}
	return EXIT_OK;
}
