/* cmd_serve.c - `amaryllis serve`: the web page and the JSON API
 * (include/amaryllis/web.h) until SIGINT or SIGTERM. */
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

#include "amaryllis/web.h"

static const char help_ja[] =
	"使い方: amaryllis serve [オプション]...\n"
	"ウェブページとJSON API（docs/WEB.md）を提供します。シートの検査、戦闘の再生と\n"
	"ＨＰの図、--hill を付ければ順位表と登録フォーム。SIGINT か SIGTERM で終了します。\n"
	"\n"
	"オプション:\n"
	"  --listen ADDR:PORT     待ち受けるIPv4アドレスとポート（既定: 127.0.0.1:8080、\n"
	"                         ポート0は空いているポート、localhost は 127.0.0.1）\n"
	"  --hill HILL.db         この丘（amaryllis hill init）を扱う\n"
	"  --max-body N           リクエスト本体の上限バイト数（既定: 65536、超えると413）\n"
	"  --max-units N          1戦闘のユニット数の上限（既定: 10000、超えると422）\n"
	"  --max-work N           1戦闘の作業量の上限（既定: 4000000、超えると422。丘へ\n"
	"                         の登録では、超える戦闘のあるシートは登録しない）\n"
	"  --battle-ms N          1戦闘の時間の上限ミリ秒（既定: 2000、超えると422）\n"
	"  --max-battles N        APIのPOST（戦闘、チェック、丘への登録）に答える\n"
	"                         スレッドの数（既定: 4）。それより多い要求は順番を待つ\n"
	"                         （送信元アドレスの間で交互に）\n"
	"  --max-reply N          1戦闘の応答の上限バイト数（既定: 4194304、超えると422、\n"
	"                         0は無制限）\n"
	"  --max-inflight N       送信中の応答の合計の上限バイト数（既定: 67108864、\n"
	"                         超えると429、0は無制限）\n"
	"  --max-connections N    同時接続数の上限（既定: 64）\n"
	"  --client-connections N 1つのクライアントアドレスからの同時接続数の上限（既定: 16、\n"
	"                         0は --max-connections まで）\n"
	"  --threads N            接続を読み書きし、ページを返すスレッドの数（既定: 4）\n"
	"  --timeout S            S秒何も送受信しない接続を閉じる（既定: 10）\n"
	"  --request-timeout S    接続の開始か前の応答からS秒以内にリクエスト（行・ヘッダ・\n"
	"                         本体）が揃わない接続と、応答を毎秒4KiBより遅く（S秒\n"
	"                         ごとに見て）受け取る接続を閉じる（既定: 5）\n"
	"  --rate N               1クライアントアドレスあたり毎分のリクエスト数（既定: 600、\n"
	"                         0は無制限、超えると429。戦闘はかかった10ミリ秒ごとに\n"
	"                         1リクエストと数える）\n"
	"  --hill-wait-ms N       丘への登録がデータベースの書き込みロックを待つミリ秒\n"
	"                         （既定: 2000、超えると503）\n"
	"  --public-host NAME     Host ヘッダに待ち受けアドレスのほかに認める名前\n"
	"                         （リバースプロキシの公開名。繰り返し可）\n"
	"  --lang ja|en           メッセージの言語（既定: ja）\n"
	"  -h, --help             このヘルプを表示して終了する\n"
	"\n"
	"ファイルをディスクから配ることはありません（ページは実行ファイルの中）。\n"
	"POST は Content-Type: application/json で同じオリジンからのものだけを受け付けます\n"
	"（docs/WEB.md の「Security」）。\n"
	"リクエストごとに1行を標準エラーに記録します。\n"
	"終了コード: 0 正常に終了、1 待ち受けられない・丘を開けない、2 使い方の誤り\n"
	"\n"
	"例:\n"
	"  amaryllis serve --listen 127.0.0.1:8080 --hill hill.db\n";

static const char help_en[] =
	"Usage: amaryllis serve [OPTION]...\n"
	"Serve the web page and the JSON API (docs/WEB.md): checking sheets, battle\n"
	"replays with the HP chart and, with --hill, the standings and an entry\n"
	"form.  Runs until SIGINT or SIGTERM.\n"
	"\n"
	"Options:\n"
	"  --listen ADDR:PORT     IPv4 address and port (default 127.0.0.1:8080;\n"
	"                         port 0 picks a free one; localhost is 127.0.0.1)\n"
	"  --hill HILL.db         serve this hill (amaryllis hill init)\n"
	"  --max-body N           request body limit in bytes (default 65536; 413)\n"
	"  --max-units N          population limit of a battle (default 10000; 422)\n"
	"  --max-work N           work limit of a battle (default 4000000; 422; a\n"
	"                         hill entry with a battle past it is refused)\n"
	"  --battle-ms N          time budget of a battle in ms (default 2000; 422)\n"
	"  --max-battles N        threads that answer the API's POSTs (battles,\n"
	"                         checks, hill entries; default 4); more wait their\n"
	"                         turn, taken in turn across client addresses\n"
	"  --max-reply N          bytes of one battle's answer (default 4194304;\n"
	"                         422 past it; 0 unlimited)\n"
	"  --max-inflight N       bytes of answers being sent at once (default\n"
	"                         67108864; 429 past it; 0 unlimited)\n"
	"  --max-connections N    connections at once (default 64)\n"
	"  --client-connections N connections at once from one client address\n"
	"                         (default 16; 0: up to --max-connections)\n"
	"  --threads N            threads that read and write the connections and\n"
	"                         serve the page (default 4)\n"
	"  --timeout S            close a connection that sends and takes nothing for\n"
	"                         S seconds (default 10)\n"
	"  --request-timeout S    close a connection whose request (line, headers,\n"
	"                         body) is not in whole S seconds after it opened or\n"
	"                         after its last response, or that takes less than\n"
	"                         4 KiB a second of its answer, looked at every S\n"
	"                         seconds (default 5)\n"
	"  --rate N               requests a minute per client address (default 600;\n"
	"                         0 unlimited; 429 past it); a battle counts as a\n"
	"                         request for each 10 ms it took\n"
	"  --hill-wait-ms N       how long a hill entry waits for the database's\n"
	"                         write lock (default 2000; 503 past it)\n"
	"  --public-host NAME     a name the Host header may give besides the\n"
	"                         listening address (a reverse proxy's public name;\n"
	"                         repeatable)\n"
	"  --lang ja|en           language of messages (default ja)\n"
	"  -h, --help             print this help and exit\n"
	"\n"
	"No file is ever served from disk (the page is inside the executable).\n"
	"A POST must be application/json and come from the same origin\n"
	"(docs/WEB.md, \"Security\").\n"
	"One line per request is logged on standard error.\n"
	"Exit status: 0 stopped by a signal, 1 cannot listen or open the hill,\n"
	"2 usage.\n"
	"\n"
	"Example:\n"
	"  amaryllis serve --listen 127.0.0.1:8080 --hill hill.db\n";

/* Option numbers of serve alone (cli.h numbers the shared ones). */
enum {
	OPT_LISTEN = 512,
	OPT_HILL_DB,
	OPT_MAX_BODY,
	OPT_SERVE_MAX_UNITS,
	OPT_BATTLE_MS,
	OPT_MAX_BATTLES,
	OPT_MAX_CONNS,
	OPT_CLIENT_CONNS,
	OPT_THREADS,
	OPT_TIMEOUT,
	OPT_RATE,
	OPT_REQUEST_TIMEOUT,
	OPT_HILL_WAIT,
	OPT_PUBLIC_HOST,
	OPT_MAX_REPLY,
	OPT_MAX_INFLIGHT,
	OPT_SERVE_MAX_WORK
};

static const struct option longopts[] = {
	CLI_COMMON_LONGOPTS,
	{"listen", required_argument, NULL, OPT_LISTEN},
	{"hill", required_argument, NULL, OPT_HILL_DB},
	{"max-body", required_argument, NULL, OPT_MAX_BODY},
	{"max-units", required_argument, NULL, OPT_SERVE_MAX_UNITS},
	{"battle-ms", required_argument, NULL, OPT_BATTLE_MS},
	{"max-battles", required_argument, NULL, OPT_MAX_BATTLES},
	{"max-connections", required_argument, NULL, OPT_MAX_CONNS},
	{"client-connections", required_argument, NULL, OPT_CLIENT_CONNS},
	{"threads", required_argument, NULL, OPT_THREADS},
	{"timeout", required_argument, NULL, OPT_TIMEOUT},
	{"rate", required_argument, NULL, OPT_RATE},
	{"request-timeout", required_argument, NULL, OPT_REQUEST_TIMEOUT},
	{"hill-wait-ms", required_argument, NULL, OPT_HILL_WAIT},
	{"public-host", required_argument, NULL, OPT_PUBLIC_HOST},
	{"max-reply", required_argument, NULL, OPT_MAX_REPLY},
	{"max-inflight", required_argument, NULL, OPT_MAX_INFLIGHT},
	{"max-work", required_argument, NULL, OPT_SERVE_MAX_WORK},
	{NULL, 0, NULL, 0}
};

int cmd_serve(const ut_cli *base, int argc, char **argv)
{
	cli_opts o = cli_opts_of(base);
	am_web_config cfg = AM_WEB_CONFIG_INIT;
	const char *listen = "127.0.0.1:8080";
	am_web *web = NULL;
	unsigned port = 0;
	uint64_t v;
	int c, r = 0, sig;
	sigset_t set;
	const char *hosts[32];
	size_t nhosts = 0;
	static const struct {
		int opt;
		uint64_t min, max;
	} ranges[] = {
		{OPT_MAX_BODY, 1, (uint64_t)1 << 30},
		{OPT_SERVE_MAX_UNITS, 2, UINT32_MAX - 2},
		{OPT_BATTLE_MS, 1, 3600000},
		{OPT_MAX_BATTLES, 1, 1024},
		{OPT_MAX_CONNS, 1, 65536},
		{OPT_CLIENT_CONNS, 0, 65536},
		{OPT_THREADS, 1, 256},
		{OPT_TIMEOUT, 1, 3600},
		{OPT_RATE, 0, 1000000},
		{OPT_REQUEST_TIMEOUT, 1, 3600},
		{OPT_HILL_WAIT, 0, 600000},
		{OPT_MAX_REPLY, 0, (uint64_t)1 << 40},
		{OPT_MAX_INFLIGHT, 0, (uint64_t)1 << 40},
		{OPT_SERVE_MAX_WORK, 1, UINT64_MAX},
	};
	size_t i;

	cli_getopt_begin(&o, argc, argv, CLI_SHORTOPTS, longopts);
	while ((c = getopt_long(argc, argv, CLI_SHORTOPTS, longopts, NULL)) != -1) {
		if (c == 'h')
			return cli_help(&o, help_ja, help_en);
		if (c == OPT_LISTEN) {
			listen = optarg;
			continue;
		}
		if (c == OPT_HILL_DB) {
			cfg.hill_path = optarg;
			continue;
		}
		if (c == OPT_PUBLIC_HOST) {
			if (!ut_cli_public_host_ok(optarg))
				return cli_usage_error(&o, "serve",
				                       UT_TR(&o, "--public-host にはポートを付けない"
				                                 "ホスト名かIPv4アドレスを指定して"
				                                 "ください（「%s」）",
				                             "--public-host needs a host name or "
				                             "an IPv4 address without a port, "
				                             "not '%s'"), optarg);
			if (nhosts == sizeof(hosts) / sizeof(hosts[0]))
				return cli_usage_error(&o, "serve",
				                       UT_TR(&o, "--public-host は%zu個までです",
				                             "at most %zu --public-host names"),
				                       sizeof(hosts) / sizeof(hosts[0]));
			hosts[nhosts++] = optarg;
			continue;
		}
		for (i = 0; i < sizeof(ranges) / sizeof(ranges[0]); i++)
			if (ranges[i].opt == c)
				break;
		if (i < sizeof(ranges) / sizeof(ranges[0])) {
			const char *name = ut_cli_option(longopts, c)->name;
			if (ut_cli_parse_u64(&v, optarg, ranges[i].max) < 0 ||
			    v < ranges[i].min) {
				char opt[40];
				snprintf(opt, sizeof(opt), "--%s", name);
				return cli_bad_number(&o, "serve", opt, ranges[i].min,
				                      ranges[i].max, optarg);
			}
			switch (c) {
			case OPT_MAX_BODY: cfg.max_body = (size_t)v; break;
			case OPT_SERVE_MAX_UNITS: cfg.max_units = (size_t)v; break;
			case OPT_BATTLE_MS: cfg.battle_ms = (unsigned)v; break;
			case OPT_MAX_BATTLES: cfg.max_battles = (unsigned)v; break;
			case OPT_MAX_CONNS: cfg.max_conns = (unsigned)v; break;
			case OPT_CLIENT_CONNS: cfg.client_conns = (unsigned)v; break;
			case OPT_THREADS: cfg.threads = (unsigned)v; break;
			case OPT_TIMEOUT: cfg.timeout_s = (unsigned)v; break;
			case OPT_REQUEST_TIMEOUT: cfg.request_timeout_s = (unsigned)v; break;
			case OPT_HILL_WAIT: cfg.hill_wait_ms = (unsigned)v; break;
			case OPT_MAX_REPLY: cfg.max_reply = (size_t)v; break;
			case OPT_MAX_INFLIGHT: cfg.max_inflight = (size_t)v; break;
			case OPT_SERVE_MAX_WORK: cfg.max_work = v; break;
			default: cfg.rate = (unsigned)v; break;
			}
			continue;
		}
		if ((r = cli_common_option(&o, "serve", c, optarg)) == 0)
			return cli_bad_option(&o, "serve", c, argv, longopts);
		if (r != 1)
			return r;
	}
	if (optind < argc)
		return cli_usage_error(&o, "serve",
		                       UT_TR(&o, "余分な引数「%s」があります",
		                             "unexpected operand '%s'"), argv[optind]);
	cfg.public_hosts = hosts;
	cfg.npublic_hosts = nhosts;
	cfg.log = ut_cli_log_line;
	/* the signals are waited for, by this thread only */
	sigemptyset(&set);
	sigaddset(&set, SIGINT);
	sigaddset(&set, SIGTERM);
	pthread_sigmask(SIG_BLOCK, &set, NULL);
	signal(SIGPIPE, SIG_IGN);
	if (am_web_new(&web, &cfg) == 0 &&
	    (r = am_web_start(&port, web, listen)) == AM_EINVALID) {
		/* a --listen that is not ADDR:PORT: a usage error */
		am_web_free(web);
		ut_cli u = *base;
		u.lang = (ut_lang)o.lang;
		return ut_cli_listen_error(&u, "serve", listen);
	}
	if (!web || r < 0) { /* (a hill's message names its file) */
		cli_error(&o, "serve: %s", am_error_last_lang(o.lang));
		am_web_free(web);
		return EXIT_INPUT;
	}
	fprintf(stderr, UT_TR(&o, "amaryllis: http://%.*s:%u/ で待ち受けています%s\n",
	                      "amaryllis: serving on http://%.*s:%u/%s\n"),
	        (int)(strrchr(listen, ':') - listen), listen, port,
	        cfg.hill_path ? UT_TR(&o, "（丘あり）", " (with the hill)") : "");
	fflush(stderr);
	while (sigwait(&set, &sig) != 0)
		;
	ut_cli_log_say(UT_TR(&o, "amaryllis: 終了します\n", "amaryllis: stopping\n"));
	am_web_free(web);
	return EXIT_OK;
}
