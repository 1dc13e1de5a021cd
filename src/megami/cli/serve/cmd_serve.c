/*
 * cmd_serve.c - `megami serve`: the BCDice-API v2 server
 * (include/megami/serve.h, docs/MEGAMI.md "The BCDice-API server") until
 * SIGINT or SIGTERM.  Options, signals, the log on stderr; the dice's seed
 * from getrandom unless --seed.
 */
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>

#include "cli.h"
#include "megami/serve.h"

static int help(const mg_cli *o)
{
	return ut_cli_help(&o->ui,
		"使い方: megami serve [オプション]...\n"
		"BCDice-API v2 互換のサーバー（docs/MEGAMI.md）: オンラインセッションツールや\n"
		"ボットが HTTP で SRS のダイスを振れます。SIGINT か SIGTERM で終了します。\n"
		"\n"
		"エンドポイント:\n"
		"  GET /v2/version          版\n"
		"  GET /v2/admin            サーバーの管理者（--admin-name、--admin-url、\n"
		"                           --admin-email）\n"
		"  GET /v2/game_system      ゲームシステムの一覧（DiceBot と SRS）\n"
		"  GET /v2/game_system/SRS  SRS の説明（help_message）\n"
		"  GET|POST /v2/game_system/SRS/roll\n"
		"                           ダイスを振る（command=2D6%2B1%3E%3D8）\n"
		"                           DiceBot でも同じ（SRS の判定の読みなし）\n"
		"  POST /v2/original_table  表を振る（table=表のテキスト）\n"
		"\n"
		"オプション:\n"
		"  --listen ADDR:PORT     待ち受けるIPv4アドレスとポート（既定: 127.0.0.1:8080、\n"
		"                         ポート0は空いているポート、localhost は 127.0.0.1）\n"
		"  --seed S               ダイスの乱数の種（既定: 起動ごとに getrandom から）\n"
		"  --admin-name NAME      /v2/admin の name（既定: 空）\n"
		"  --admin-url URL        /v2/admin の url（既定: 空）\n"
		"  --admin-email ADDR     /v2/admin の email（既定: 空）\n"
		"  --max-body N           リクエスト本体の上限バイト数（既定: 65536、超えると413）\n"
		"  --max-connections N    同時接続数の上限（既定: 64）\n"
		"  --client-connections N 1つのクライアントアドレスからの同時接続数の上限（既定: 16、\n"
		"                         0は --max-connections まで）\n"
		"  --threads N            スレッドプールの大きさ（既定: 4）\n"
		"  --timeout S            S秒何も送受信しない接続を閉じる（既定: 10）\n"
		"  --request-timeout S    接続の開始か前の応答からS秒以内にリクエストが揃わない\n"
		"                         接続と、応答を毎秒4KiBより遅く（S秒ごとに見て）\n"
		"                         受け取る接続を閉じる（既定: 5）\n"
		"  --rate N               1クライアントアドレスあたり毎分のリクエスト数（既定: 600、\n"
		"                         0は無制限、超えると429）\n"
		"  --public-host NAME     Host ヘッダに待ち受けアドレスのほかに認める名前\n"
		"                         （リバースプロキシの公開名。繰り返し可）\n"
		"  --lang ja|en           メッセージと help_message の言語（既定: ja）\n"
		"  -h, --help             このヘルプを表示して終了する\n"
		"\n"
		"どのサイトのページからも呼べます（CORS: Access-Control-Allow-Origin: *）。\n"
		"リクエストごとに1行を標準エラーに記録します。\n"
		"終了コード: 0 シグナルで終了、1 待ち受けられない、2 使い方の誤り\n"
		"\n"
		"例:\n"
		"  megami serve --listen 127.0.0.1:8080\n",
		"Usage: megami serve [OPTION]...\n"
		"A BCDice-API v2 server (docs/MEGAMI.md): online tables and chat bots roll\n"
		"SRS dice over HTTP.  Runs until SIGINT or SIGTERM.\n"
		"\n"
		"Endpoints:\n"
		"  GET /v2/version          the version\n"
		"  GET /v2/admin            the server's admin (--admin-name, --admin-url,\n"
		"                           --admin-email)\n"
		"  GET /v2/game_system      the game systems (DiceBot and SRS)\n"
		"  GET /v2/game_system/SRS  SRS's help_message\n"
		"  GET|POST /v2/game_system/SRS/roll\n"
		"                           a roll (command=2D6%2B1%3E%3D8)\n"
		"                           likewise DiceBot (no SRS judgement reading)\n"
		"  POST /v2/original_table  a roll on a table (table=TEXT)\n"
		"\n"
		"Options:\n"
		"  --listen ADDR:PORT     IPv4 address and port (default 127.0.0.1:8080;\n"
		"                         port 0 picks a free one; localhost is 127.0.0.1)\n"
		"  --seed S               seed of the dice (default: a fresh one from\n"
		"                         getrandom at every start)\n"
		"  --admin-name NAME      /v2/admin's name (default empty)\n"
		"  --admin-url URL        /v2/admin's url (default empty)\n"
		"  --admin-email ADDR     /v2/admin's email (default empty)\n"
		"  --max-body N           request body limit in bytes (default 65536; 413)\n"
		"  --max-connections N    connections at once (default 64)\n"
		"  --client-connections N connections at once from one client address\n"
		"                         (default 16; 0: up to --max-connections)\n"
		"  --threads N            size of the thread pool (default 4)\n"
		"  --timeout S            close a connection that sends and takes nothing for\n"
		"                         S seconds (default 10)\n"
		"  --request-timeout S    close a connection whose request is not in whole S\n"
		"                         seconds after it opened or after its last response,\n"
		"                         or that takes less than 4 KiB a second of its\n"
		"                         answer, looked at every S seconds (default 5)\n"
		"  --rate N               requests a minute per client address (default 600;\n"
		"                         0 unlimited; 429 past it)\n"
		"  --public-host NAME     a name the Host header may give besides the\n"
		"                         listening address (a reverse proxy's public name;\n"
		"                         repeatable)\n"
		"  --lang ja|en           language of messages and help_message (default ja)\n"
		"  -h, --help             print this help and exit\n"
		"\n"
		"Pages of any site may call it (CORS: Access-Control-Allow-Origin: *).\n"
		"One line per request is logged on standard error.\n"
		"Exit status: 0 stopped by a signal, 1 cannot listen, 2 usage.\n"
		"\n"
		"Example:\n"
		"  megami serve --listen 127.0.0.1:8080\n");
}

/* Option numbers of serve alone (cli.h numbers the shared ones). */
enum {
	OPT_LISTEN = 512,
	OPT_MAX_BODY,
	OPT_MAX_CONNS,
	OPT_CLIENT_CONNS,
	OPT_THREADS,
	OPT_TIMEOUT,
	OPT_REQUEST_TIMEOUT,
	OPT_RATE,
	OPT_PUBLIC_HOST,
	OPT_ADMIN_NAME,
	OPT_ADMIN_URL,
	OPT_ADMIN_EMAIL
};

static const struct option longopts[] = {
	MG_CLI_COMMON_LONGOPTS,
	{"seed", required_argument, NULL, OPT_SEED},
	{"listen", required_argument, NULL, OPT_LISTEN},
	{"max-body", required_argument, NULL, OPT_MAX_BODY},
	{"max-connections", required_argument, NULL, OPT_MAX_CONNS},
	{"client-connections", required_argument, NULL, OPT_CLIENT_CONNS},
	{"threads", required_argument, NULL, OPT_THREADS},
	{"timeout", required_argument, NULL, OPT_TIMEOUT},
	{"request-timeout", required_argument, NULL, OPT_REQUEST_TIMEOUT},
	{"rate", required_argument, NULL, OPT_RATE},
	{"public-host", required_argument, NULL, OPT_PUBLIC_HOST},
	{"admin-name", required_argument, NULL, OPT_ADMIN_NAME},
	{"admin-url", required_argument, NULL, OPT_ADMIN_URL},
	{"admin-email", required_argument, NULL, OPT_ADMIN_EMAIL},
	{NULL, 0, NULL, 0}
};

/* The numeric options and their ranges. */
static const struct {
	int opt;
	const char *name;
	uint64_t min, max;
} ranges[] = {
	{OPT_MAX_BODY, "max-body", 1, (uint64_t)1 << 30},
	{OPT_MAX_CONNS, "max-connections", 1, 65536},
	{OPT_CLIENT_CONNS, "client-connections", 0, 65536},
	{OPT_THREADS, "threads", 1, 256},
	{OPT_TIMEOUT, "timeout", 1, 3600},
	{OPT_REQUEST_TIMEOUT, "request-timeout", 1, 3600},
	{OPT_RATE, "rate", 0, 1000000},
};

/* A fresh seed (M8.11's fresh dice, for a server's whole run): 0, or -1
 * when the operating system gives none. */
static int fresh_seed(uint64_t *seed)
{
	ssize_t n;

	do
		n = getrandom(seed, sizeof(*seed), 0);
	while (n < 0 && errno == EINTR);
	return n == (ssize_t)sizeof(*seed) ? 0 : -1;
}

/* One numeric option into cfg; 0, or the usage error's status. */
static int numeric(mg_cli *o, mg_serve_config *cfg, int c, const char *arg)
{
	size_t i;
	uint64_t v;

	for (i = 0; i < sizeof(ranges) / sizeof(ranges[0]); i++)
		if (ranges[i].opt == c)
			break;
	if (ut_cli_parse_u64(&v, arg, ranges[i].max) < 0 ||
	    v < ranges[i].min) {
		char opt[40];
		snprintf(opt, sizeof(opt), "--%s", ranges[i].name);
		return ut_cli_bad_number(&o->ui, "serve", opt, ranges[i].min,
		                         ranges[i].max, arg);
	}
	switch (c) {
	case OPT_MAX_BODY: cfg->max_body = (size_t)v; break;
	case OPT_MAX_CONNS: cfg->max_conns = (unsigned)v; break;
	case OPT_CLIENT_CONNS: cfg->client_conns = (unsigned)v; break;
	case OPT_THREADS: cfg->threads = (unsigned)v; break;
	case OPT_TIMEOUT: cfg->timeout_s = (unsigned)v; break;
	case OPT_REQUEST_TIMEOUT: cfg->request_timeout_s = (unsigned)v; break;
	default: cfg->rate = (unsigned)v; break;
	}
	return 0;
}

/* Parse the options into cfg; 0 to go on, OPTIONS_DONE after --help, or
 * the exit status. */
#define OPTIONS_DONE (-1)
static int options(mg_cli *o, mg_serve_config *cfg, const char **listen,
                   const char **seed_arg, const char **hosts, size_t *nhosts,
                   int argc, char **argv)
{
	int c, rc;

	ut_cli_getopt_begin(&o->ui, argc, argv, MG_CLI_SHORTOPTS, longopts,
	                    OPT_LANG);
	while ((c = getopt_long(argc, argv, MG_CLI_SHORTOPTS, longopts,
	                        NULL)) != -1) {
		switch (c) {
		case 'h':
			rc = help(o);
			return rc == UT_EXIT_OK ? OPTIONS_DONE : rc;
		case OPT_LANG:
			if (ut_cli_lang(&o->ui, "serve", optarg) != 0)
				return UT_EXIT_USAGE;
			break;
		case OPT_SEED:
			*seed_arg = optarg;
			break;
		case OPT_LISTEN:
			*listen = optarg;
			break;
		case OPT_ADMIN_NAME:
			cfg->admin_name = optarg;
			break;
		case OPT_ADMIN_URL:
			cfg->admin_url = optarg;
			break;
		case OPT_ADMIN_EMAIL:
			cfg->admin_email = optarg;
			break;
		case OPT_PUBLIC_HOST:
			if (!ut_cli_public_host_ok(optarg))
				return ut_cli_usage_error(&o->ui, "serve",
					UT_TR(&o->ui, "--public-host にはポートを付けないホスト名か"
					      "IPv4アドレスを指定してください（「%s」）",
					      "--public-host needs a host name or an IPv4 "
					      "address without a port, not '%s'"), optarg);
			if (*nhosts == 32)
				return ut_cli_usage_error(&o->ui, "serve",
					UT_TR(&o->ui, "--public-host は%d個までです",
					      "at most %d --public-host names"), 32);
			hosts[(*nhosts)++] = optarg;
			break;
		case OPT_MAX_BODY: case OPT_MAX_CONNS: case OPT_CLIENT_CONNS:
		case OPT_THREADS: case OPT_TIMEOUT: case OPT_REQUEST_TIMEOUT:
		case OPT_RATE:
			if ((rc = numeric(o, cfg, c, optarg)) != 0)
				return rc;
			break;
		default:
			return ut_cli_bad_option(&o->ui, "serve", c, argv, longopts);
		}
	}
	if (optind < argc)
		return ut_cli_usage_error(&o->ui, "serve",
			UT_TR(&o->ui, "余分な引数「%s」があります",
			      "unexpected operand '%s'"), argv[optind]);
	return 0;
}

int cmd_serve(const ut_cli *base, int argc, char **argv)
{
	mg_cli o = {*base};
	mg_serve_config cfg = MG_SERVE_CONFIG_INIT;
	const char *listen = "127.0.0.1:8080", *seed_arg = NULL;
	const char *hosts[32];
	size_t nhosts = 0;
	mg_serve *srv = NULL;
	unsigned port = 0;
	int rc, sig;
	sigset_t set;

	if ((rc = options(&o, &cfg, &listen, &seed_arg, hosts, &nhosts, argc,
	                  argv)) != 0)
		return rc == OPTIONS_DONE ? UT_EXIT_OK : rc;
	if (seed_arg && ut_cli_parse_u64(&cfg.seed, seed_arg, UINT64_MAX) < 0)
		return ut_cli_usage_error(&o.ui, "serve",
			UT_TR(&o.ui, "--seed の値「%s」は0から18446744073709551615の整数ではありません",
			      "--seed value '%s' is not a whole number from 0 to 18446744073709551615"),
			seed_arg);
	if (!seed_arg && fresh_seed(&cfg.seed) < 0) {
		ut_cli_error(&o.ui, UT_TR(&o.ui, "serve: 乱数の種を得られません: %s",
		                          "serve: no seed from the system: %s"),
		             strerror(errno));
		return UT_EXIT_INPUT;
	}
	cfg.api_version = MEGAMI_VERSION;
	cfg.lang = o.ui.lang == UT_LANG_EN ? MG_LANG_EN : MG_LANG_JA;
	cfg.public_hosts = hosts;
	cfg.npublic_hosts = nhosts;
	cfg.log = ut_cli_log_line;
	/* the signals are waited for, by this thread only */
	sigemptyset(&set);
	sigaddset(&set, SIGINT);
	sigaddset(&set, SIGTERM);
	pthread_sigmask(SIG_BLOCK, &set, NULL);
	signal(SIGPIPE, SIG_IGN);
	if ((rc = mg_serve_new(&srv, &cfg)) == 0 &&
	    (rc = mg_serve_start(&port, srv, listen)) == MG_EINVALID) {
		mg_serve_free(srv);
		return ut_cli_listen_error(&o.ui, "serve", listen);
	}
	if (rc < 0) {
		ut_cli_error(&o.ui, "serve: %s", ut_error_last_lang(o.ui.lang));
		mg_serve_free(srv);
		return UT_EXIT_INPUT;
	}
	fprintf(stderr, UT_TR(&o.ui, "megami: http://%.*s:%u/ で待ち受けています\n",
	                      "megami: serving on http://%.*s:%u/\n"),
	        (int)(strrchr(listen, ':') - listen), listen, port);
	fflush(stderr);
	while (sigwait(&set, &sig) != 0)
		;
	ut_cli_log_say(UT_TR(&o.ui, "megami: 終了します\n", "megami: stopping\n"));
	mg_serve_free(srv);
	return UT_EXIT_OK;
}
