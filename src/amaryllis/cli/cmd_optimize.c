/*
 * cmd_optimize.c - `amaryllis optimize --field DIR_OR_SHEET…`: search for
 * the legal unit that scores the most league points against the field
 * (docs/OPTIMIZE.md), print it in the players' notation with its record.
 *
 * Loads the field like `league` does (a folder gives its visible regular
 * files in name order; illegal sheets are reported with their located
 * messages and left out), compiles it once and runs am_opt_run.
 *
 * Built with -DAMARYLLIS_MPI=ON and started by mpirun, every rank loads
 * the same field and runs the same generational search; the candidates of
 * each generation are shared out between the ranks and their values added
 * up (MPI_Allreduce), so the best sheet is the same for any number of
 * ranks.  Rank 0 prints.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#ifdef AMARYLLIS_MPI
#include <mpi.h>
#endif

#include "cli.h"

/* The most --evals (2^40): more than a search runs in years. */
#define EVALS_MAX (UINT64_C(1) << 40)

#include "util/array.h"
#include "util/buf.h"
#include "util/hash.h"

static const char help_ja[] =
	"使い方: amaryllis optimize [オプション]... --field フォルダまたはシート...\n"
	"フィールド（フォルダまたはシート）のすべてのユニットと戦って最も多くの勝ち点を\n"
	"取る正規のユニットを探し、プレイヤーの書き方（全角、コスト付き）で表示します。\n"
	"勝ち点はリーグと同じ（既定: 勝ち3、引き分け1、負け0、同点はＨＰ差）。表示は\n"
	"そのまま amaryllis check に通るシートで、成績は # の注釈行です。\n"
	"\n"
	"オプション:\n"
	"  --field F               フィールドのフォルダかシート（繰り返し可。引数も同じ）\n"
	"  --evals N               評価する候補の数（1〜1099511627776、既定: 2000）\n"
	"  --time T                探索の時間（60、60s、2m、1h）。--evals と併用すると\n"
	"                          先に来た方で止まる\n"
	"  --seed S                乱数の種（既定: 1）。同じ種なら --jobs によらず同じ結果\n"
	"  --jobs N                スレッド数（1〜64、既定: コア数）\n"
	"  --out FILE              最良のシートをファイルに書く（送付用）\n"
	"  --format text|json      報告の形式（既定: text）\n"
	"  --svg FILE.svg          最良の勝ち点の推移を SVG で書く\n"
	"  --buildia               ビルディア（愛、ストレージ、ビルド）も探す\n"
	"  --points W,D,L          勝ち・引き分け・負けの勝ち点（既定: 3,1,0）\n"
	"  --population N          1世代の候補数（既定: 48）\n"
	"  --method evolve|random  探索法（既定: evolve。random は比較用の無作為探索）\n"
	"  --max-units N           ユニット数が N を超えた戦闘を負けとする（既定: 2000）\n"
	"  --lang ja|en            メッセージの言語（既定: ja）\n"
	"  --max-sheet-bytes N     N バイトを超えるシートは読み切らずに誤りとする\n"
	"                          （既定: 1048576）\n"
	"  -h, --help              このヘルプを表示して終了する\n"
	"\n"
	"端末では標準エラーに進行（世代、評価数、評価/秒、最良の勝ち点、残り時間）を\n"
	"表示します。MPI 版は mpirun で起動すると各ランクが評価を分担します。\n"
	"終了コード: 0 正常、1 入力の誤り（不正なシート、読めないファイル）、2 使い方の誤り\n"
	"\n"
	"例:\n"
	"  amaryllis optimize --field hill/ --time 60s --out best.txt\n";

static const char help_en[] =
	"Usage: amaryllis optimize [OPTION]... --field DIR_OR_SHEET...\n"
	"Search for the legal unit that scores the most league points against every\n"
	"unit of the field (folders or sheets) and print it as players write it\n"
	"(full width, costs declared).  Points as in a league (default win 3, draw 1,\n"
	"loss 0, ties by HP margin).  The output is a sheet amaryllis check accepts as\n"
	"it is; the record is on # comment lines.\n"
	"\n"
	"Options:\n"
	"  --field F               a folder or sheet of the field (repeatable; operands\n"
	"                          are field entries too)\n"
	"  --evals N               candidates to evaluate (1 to 1099511627776, default\n"
	"                          2000)\n"
	"  --time T                time to search (60, 60s, 2m, 1h); with --evals,\n"
	"                          whichever comes first\n"
	"  --seed S                seed (default 1); same seed, same result for any --jobs\n"
	"  --jobs N                threads (1 to 64, default: all cores)\n"
	"  --out FILE              write the best sheet to FILE, ready to mail\n"
	"  --format text|json      the report as text (default) or JSON\n"
	"  --svg FILE.svg          draw the best points by evaluations as SVG\n"
	"  --buildia               search Buildia sheets too (love, storage, builds)\n"
	"  --points W,D,L          points of a win, draw, loss (default 3,1,0)\n"
	"  --population N          candidates per generation (default 48)\n"
	"  --method evolve|random  the search (default evolve; random is the baseline)\n"
	"  --max-units N           a battle past N units is a loss (default 2000)\n"
	"  --lang ja|en            language of messages (default ja)\n"
	"  --max-sheet-bytes N     a longer sheet is an error, not read (default\n"
	"                          1048576)\n"
	"  -h, --help              print this help and exit\n"
	"\n"
	"On a terminal a progress line (generation, evaluations, evaluations/s, best\n"
	"points, ETA) goes to stderr.  Built with MPI and started by mpirun, the ranks\n"
	"share the evaluations.\n"
	"Exit status: 0 ok, 1 bad input (illegal sheet, unreadable file), 2 usage.\n"
	"\n"
	"Example:\n"
	"  amaryllis optimize --field hill/ --time 60s --out best.txt\n";

/* Options of this command only (numbered past cli.h's). */
enum {
	OPT_FIELD = 1024,
	OPT_EVALS,
	OPT_TIME,
	OPT_SEED,
	OPT_OUT,
	OPT_BUILDIA,
	OPT_POPULATION,
	OPT_METHOD
};

static const struct option longopts[] = {
	CLI_COMMON_LONGOPTS,
	CLI_SHEET_LONGOPTS,
	{"field", required_argument, NULL, OPT_FIELD},
	{"evals", required_argument, NULL, OPT_EVALS},
	{"time", required_argument, NULL, OPT_TIME},
	{"seed", required_argument, NULL, OPT_SEED},
	{"jobs", required_argument, NULL, OPT_JOBS},
	{"out", required_argument, NULL, OPT_OUT},
	{"format", required_argument, NULL, OPT_FORMAT},
	{"svg", required_argument, NULL, OPT_SVG},
	{"buildia", no_argument, NULL, OPT_BUILDIA},
	{"points", required_argument, NULL, OPT_POINTS},
	{"population", required_argument, NULL, OPT_POPULATION},
	{"method", required_argument, NULL, OPT_METHOD},
	{"max-units", required_argument, NULL, OPT_MAX_UNITS},
	{NULL, 0, NULL, 0}
};

typedef struct opt_run {
	cli_opts o;
	am_opt_opts oo;
	int json, jobs_given, evals_given;
	double seconds;          /* --time, 0: none */
	const char *out, *svg;
	cli_paths args, paths;
	cli_sheet *sheets;
	am_program **progs;
	const char **names, **files;
	size_t n, nrej;
	int rank, size;
	double start, last;
	int shown;
	int tty;                 /* stderr is a terminal (asked once: the
	                            progress runs after every generation) */
} opt_run;

/* The sheets `arg` gives, as `league` reads them (cli_paths_collect).
 * 0, or -1 printed. */
static int collect(opt_run *r, const char *arg)
{
	char why[256], name[UT_CLI_NAME_MAX];
	int rc = cli_paths_collect(&r->paths, arg), err = errno;

	if (rc == 0)
		return 0;
	if (rc == -1)
		cli_error(&r->o, "optimize: out of memory");
	else
		cli_error(&r->o, "optimize: %s: error: %s",
		          ut_cli_shown_name(name, arg),
		          cli_paths_why(why, sizeof why, &r->o, rc, err));
	return -1;
}

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* --time: 90, 90s, 2m, 1h (at most a week). */
static int parse_time(const char *s, double *out)
{
	uint64_t v, mul = 1;
	char buf[32];
	size_t len = strlen(s);

	if (len == 0 || len >= sizeof(buf))
		return -1;
	memcpy(buf, s, len + 1);
	switch (buf[len - 1]) {
	case 's': mul = 1; buf[len - 1] = '\0'; break;
	case 'm': mul = 60; buf[len - 1] = '\0'; break;
	case 'h': mul = 3600; buf[len - 1] = '\0'; break;
	default: break;
	}
	if (ut_cli_parse_u64(&v, buf, 7 * 24 * 3600) < 0 || v * mul < 1 ||
	    v * mul > 7 * 24 * 3600)
		return -1;
	*out = (double)(v * mul);
	return 0;
}

/* Progress after each generation: the line on a terminal (rank 0; at
 * most every 0.2 s, and ESC [K clears what a longer line before left),
 * and the --time limit. */
static int progress(void *ud, const am_opt_progress *p)
{
	opt_run *r = ud;
	double t = now(), el = t - r->start, rate = el > 0 ? p->evaluations / el : 0;
	double left = -1;
	int stop = r->seconds > 0 && el >= r->seconds;

	if (r->rank != 0)
		return stop;
	if (p->budget)
		left = rate > 0 ? (double)(p->budget - p->evaluations) / rate : -1;
	if (r->seconds > 0 && (left < 0 || r->seconds - el < left))
		left = r->seconds - el;
	if (left < 0)
		left = 0;
	if (r->tty && (t - r->last >= 0.2 || stop)) {
		long eta = (long)left;
		r->last = t;
		r->shown = 1;
		fprintf(stderr, UT_TR(&r->o,
		        "\r世代 %llu  評価 %llu  %.0f 評価/秒  最良 勝ち点 %lld "
		        "(ＨＰ差 %+lld)  残り %ld:%02ld\033[K",
		        "\rgeneration %llu  evaluations %llu  %.0f evals/s  best "
		        "%lld points (margin %+lld)  ETA %ld:%02ld\033[K"),
		        (unsigned long long)p->generation,
		        (unsigned long long)p->evaluations, rate,
		        (long long)p->best_points, (long long)p->best_margin,
		        eta / 60, eta % 60);
	}
	return stop;
}

#ifdef AMARYLLIS_MPI
static int share(void *ud, int64_t *vals, size_t n)
{
	(void)ud;
	if (n > (size_t)1 << 30)
		return AM_ELIMIT;
	return MPI_Allreduce(MPI_IN_PLACE, vals, (int)n, MPI_INT64_T, MPI_SUM,
	                     MPI_COMM_WORLD) == MPI_SUCCESS ? 0 : AM_ERROR;
}
#endif

/* Options and operands; 0 to go on, else the exit status (help: 0). */
static int parse_args(opt_run *r, int argc, char **argv)
{
	cli_opts *o = &r->o;
	uint64_t v;
	int c, rc;

	cli_getopt_begin(o, argc, argv, CLI_SHORTOPTS, longopts);
	while ((c = getopt_long(argc, argv, CLI_SHORTOPTS, longopts, NULL)) != -1) {
		switch (c) {
		case 'h':
			rc = cli_help(o, help_ja, help_en);
			return rc == EXIT_OK ? -1 : rc;
		case OPT_FIELD:
			if (cli_paths_add(&r->args, optarg) < 0)
				return cli_error(&r->o, "optimize: out of memory"), EXIT_INPUT;
			break;
		case OPT_EVALS:
			if (ut_cli_parse_u64(&v, optarg, EVALS_MAX) < 0 || v < 1)
				return cli_bad_number(o, "optimize", "--evals", 1,
				                      EVALS_MAX, optarg);
			r->oo.evals = v;
			r->evals_given = 1;
			break;
		case OPT_TIME:
			if (parse_time(optarg, &r->seconds) < 0)
				return cli_usage_error(o, "optimize",
				        UT_TR(o, "--time には時間（例: 60、60s、2m、1h。"
				                 "1秒から1週間まで）を指定してください（「%s」）",
				              "--time needs a duration such as 60, 60s, 2m "
				              "or 1h (1 second to a week), not '%s'"), optarg);
			break;
		case OPT_SEED:
			if (ut_cli_parse_u64(&v, optarg, UINT64_MAX) < 0)
				return cli_bad_number(o, "optimize", "--seed", 0,
				                      UINT64_MAX, optarg);
			r->oo.seed = v;
			break;
		case OPT_JOBS:
			if (ut_cli_parse_u64(&v, optarg, 64) < 0 || v < 1)
				return cli_bad_number(o, "optimize", "--jobs", 1, 64,
				                      optarg);
			r->oo.jobs = (unsigned)v;
			r->jobs_given = 1;
			break;
		case OPT_OUT:
			{
				int rc = cli_out_file(o, "optimize", "--out",
				                      optarg);
				if (rc)
					return rc;
			}
			r->out = optarg;
			break;
		case OPT_SVG:
			{
				int rc = cli_out_file(o, "optimize", "--svg",
				                      optarg);
				if (rc)
					return rc;
			}
			r->svg = optarg;
			break;
		case OPT_FORMAT:
			if (strcmp(optarg, "text") == 0)
				r->json = 0;
			else if (strcmp(optarg, "json") == 0)
				r->json = 1;
			else
				return cli_usage_error(o, "optimize",
				        UT_TR(o, "--format の値「%s」は使えません"
				                 "（text か json）",
				              "unknown format '%s' (text or json)"), optarg);
			break;
		case OPT_BUILDIA:
			r->oo.buildia = 1;
			break;
		case OPT_POINTS:
			if (cli_parse_points(optarg, r->oo.points) < 0)
				return cli_usage_error(o, "optimize",
				        UT_TR(o, "--points には W,D,L（-1000000から"
				                 "1000000までの整数3つ、例: 3,1,0）を"
				                 "指定してください（「%s」）",
				              "--points needs W,D,L, whole numbers from "
				              "-1000000 to 1000000, e.g. 3,1,0, not '%s'"),
				        optarg);
			break;
		case OPT_POPULATION:
			if (ut_cli_parse_u64(&v, optarg, 100000) < 0 || v < 4)
				return cli_bad_number(o, "optimize", "--population", 4,
				                      100000, optarg);
			r->oo.population = (size_t)v;
			break;
		case OPT_METHOD:
			if (strcmp(optarg, "evolve") == 0)
				r->oo.method = AM_OPT_EVOLVE;
			else if (strcmp(optarg, "random") == 0)
				r->oo.method = AM_OPT_RANDOM;
			else
				return cli_usage_error(o, "optimize",
				        UT_TR(o, "--method の値「%s」は使えません"
				                 "（evolve か random）",
				              "unknown method '%s' (evolve or random)"),
				        optarg);
			break;
		case OPT_MAX_UNITS:
			if (ut_cli_parse_u64(&v, optarg,
				UINT32_MAX - 2) < 0 || v < 2)
				return cli_bad_number(o, "optimize", "--max-units", 2,
				                      UINT32_MAX - 2, optarg);
			r->oo.max_units = (size_t)v;
			break;
		default:
			if ((rc = cli_common_option(o, "optimize", c, optarg)) == 0)
				rc = cli_bad_option(o, "optimize", c, argv, longopts);
			if (rc != 1)
				return rc;
		}
	}
	for (; optind < argc; optind++)
		if (cli_paths_add(&r->args, argv[optind]) < 0)
			return cli_error(&r->o, "optimize: out of memory"), EXIT_INPUT;
	if (r->args.n == 0)
		return cli_usage_error(o, "optimize",
		                       UT_TR(o, "フィールドがありません（--field "
		                                "フォルダまたはシート）",
		                             "no field given (--field DIR_OR_SHEET)"));
	if (r->seconds > 0 && !r->evals_given)
		r->oo.evals = 0; /* --time alone: until the time is up */
	return 0;
}

/* The field: legal sheets compiled; the others reported and counted.
 * Returns 0, or EXIT_INPUT when no field can be played (printed). */
static int load(opt_run *r)
{
	size_t i, m;

	/* UT-CLI-MPI-2: mpirun gives standard input to rank 0 only: "-" under
	 * more than one rank is refused before any rank reads (else the other
	 * ranks failed on an empty field, with no word from rank 0: MPI
	 * review 2026-12-06) */
	for (i = 0; i < r->args.n && r->size > 1; i++)
		if (strcmp(r->args.v[i], "-") == 0)
			return cli_usage_error(&r->o, "optimize",
			       UT_TR(&r->o, "mpirun では標準入力（-）はランク0にしか届き"
			                    "ません。シートはファイルで渡してください",
			             "under mpirun, standard input (-) reaches rank 0 "
			             "only: give the sheets as files"));
	for (i = 0; i < r->args.n; i++)
		if (collect(r, r->args.v[i]) < 0)
			return EXIT_INPUT;
	if (cli_paths_dedup_warn(&r->paths, &r->o, "optimize", r->rank) < 0) {
		cli_error(&r->o, "optimize: out of memory");
		return EXIT_INPUT;
	}
	if (r->paths.n == 0) {
		cli_error(&r->o, UT_TR(&r->o, "optimize: シートが見つかりません（フォルダからは"
		                       "隠しファイル以外の通常ファイルを読みます）",
		                "optimize: no sheets found (a folder gives its visible "
		                "regular files)"));
		return EXIT_INPUT;
	}
	m = r->paths.n;
	r->sheets = calloc(m, sizeof(*r->sheets));
	r->progs = calloc(m, sizeof(*r->progs));
	r->names = calloc(m, sizeof(*r->names));
	r->files = calloc(m, sizeof(*r->files));
	if (!r->sheets || !r->progs || !r->names || !r->files) {
		cli_error(&r->o, "optimize: out of memory");
		return EXIT_INPUT;
	}
	for (i = 0; i < r->paths.n; i++) {
		cli_sheet *s = &r->sheets[r->n];
		int bad = cli_sheet_load_ex(s, r->paths.v[i], &r->o,
		                            r->rank == 0, NULL),
		    rc = bad ? 0 : am_program_new(&r->progs[r->n],
		                                  am_sheet_team(s->sheet));
		if (s->nomem || rc == AM_ENOMEM) {
			/* not the sheet's fault: no search without it */
			cli_sheet_free(s);
			cli_error(&r->o, "optimize: out of memory");
			return EXIT_INPUT;
		}
		if (bad || rc < 0) {
			cli_sheet_free(s);
			r->nrej++;
			continue;
		}
		r->names[r->n] = am_sheet_team(s->sheet)->units[0].name;
		r->files[r->n] = r->paths.v[i];
		r->n++;
	}
	if (r->n == 0) {
		if (r->rank == 0)
			cli_error(&r->o, UT_TR(&r->o, "optimize: フィールドに正規のシートが"
			                       "ありません",
			                "optimize: the field has no legal sheet"));
		return EXIT_INPUT;
	}
	return 0;
}

/* Rank 0: the report (stdout: its failure is reported by main's
 * ut_cli_main), --out and --svg (replaced whole or not at all: util/out.h).
 * Returns the exit status. */
static int report(opt_run *r, const am_opt *opt)
{
	am_opt_view v = {opt, r->n, r->names, r->files, r->oo.seed,
	                 r->oo.buildia};
	int status = r->nrej ? EXIT_INPUT : EXIT_OK, rc;
	const int base = status; /* before the writes */
	ut_out f;

	if (am_render_opt_report(&v, r->json, r->o.lang, ut_out_writer,
	                         ut_out_stdout()) < 0 && !ut_out_stdout()->err) {
		cli_error(&r->o, "optimize: %s", am_error_last());
		status = EXIT_INPUT;
	}
	if (ut_out_flush(ut_out_stdout()) < 0)
		status = EXIT_INPUT;
	if (r->out) {
		size_t len;
		char *text = NULL;
		const char *why = NULL;
		if (ut_out_open(&f, r->out, "--out") == 0) {
			if (am_design_text(&text, &len, am_opt_best(opt)) == 0)
				ut_out_write(&f, text, len);
			else
				why = "out of memory";
		}
		if (cli_out_close(&r->o, "optimize", &f, why) != EXIT_OK)
			status = EXIT_INPUT;
		free(text);
	}
	if (r->svg) {
		rc = -1;
		if (ut_out_open(&f, r->svg, "--svg") == 0)
			rc = am_render_opt_history(&v, r->o.lang, ut_out_writer, &f);
		if (cli_out_close(&r->o, "optimize", &f,
		                  rc < 0 ? am_error_last() : NULL) != EXIT_OK)
			status = EXIT_INPUT;
	}
	if (status == base) {
		/* when everything was written: a search too short to beat the
		 * field's own best sheet says so (amcli review W5); the
		 * report's last lines show both, but a host who reads only the
		 * sheet would not know */
		am_opt_record fr;
		size_t fb = am_opt_field_best(&fr, opt);
		const am_opt_record *br = am_opt_best_record(opt);
		if (fb < r->n && fr.points > br->points)
			cli_error(&r->o, UT_TR(&r->o, "optimize: note: フィールドのシート%s（勝ち点"
			                "%lld%s）が、見つけたシート（勝ち点%lld%s）より強い"
			                "です。--evals か --time を増やしてください",
			                "optimize: note: the field's own sheet %s "
			                "(%lld point%s) beats the sheet found (%lld "
			                "point%s): raise --evals or --time"),
			          r->names[fb], (long long)fr.points,
			          r->o.lang == AM_LANG_EN && fr.points != 1 ? "s" : "",
			          (long long)br->points,
			          r->o.lang == AM_LANG_EN && br->points != 1 ? "s" : "");
		/* the search stops a battle at its own --max-units (2000 by
		 * default, `battle`'s is 1,000,000): a player who replays the
		 * sheet with plain `battle` gets another record unless told
		 * which limit the report used (host review 2026-12-06) */
		if (br->errors > 0 && r->o.lang == AM_LANG_EN)
			cli_error(&r->o, "optimize: note: %lld battle%s stopped at a "
			          "limit (--max-units %zu here; battle's default is "
			          "1000000) and count%s as lost; to replay %s as the "
			          "search did, give battle --max-units %zu",
			          (long long)br->errors, br->errors != 1 ? "s" : "",
			          r->oo.max_units, br->errors != 1 ? "" : "s",
			          br->errors != 1 ? "them" : "it", r->oo.max_units);
		else if (br->errors > 0)
			cli_error(&r->o, "optimize: note: %lld 戦が上限（ここでは "
			          "--max-units %zu。battle の既定は 1000000）で止まり、"
			          "負けに数えています。同じ結果を battle で確かめるには "
			          "--max-units %zu を付けてください",
			          (long long)br->errors, r->oo.max_units,
			          r->oo.max_units);
	}
	return status;
}

static void release(opt_run *r)
{
	size_t i;

	for (i = 0; r->sheets && i < r->n; i++) {
		am_program_free(r->progs[i]);
		cli_sheet_free(&r->sheets[i]);
	}
	free(r->sheets);
	free(r->progs);
	free(r->names);
	free(r->files);
	cli_paths_free(&r->args);
	cli_paths_free(&r->paths);
}

int cmd_optimize(const ut_cli *base, int argc, char **argv)
{
	opt_run r;
	am_opt *opt = NULL;
	int status = 0, any = 0;

	memset(&r, 0, sizeof(r));
	r.o = cli_opts_of(base);
	r.oo = (am_opt_opts)AM_OPT_OPTS_INIT;
	r.size = 1;
#ifdef AMARYLLIS_MPI
	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &r.rank);
	MPI_Comm_size(MPI_COMM_WORLD, &r.size);
	r.o.quiet = r.rank != 0;
#endif
	status = parse_args(&r, argc, argv);
	if (status == 0)
		status = load(&r);
#ifdef AMARYLLIS_MPI
	/* every rank goes on only if every rank can (help counts as a stop),
	 * and only if all loaded the same field with the same options */
	{
		int mine = status != 0, all = 0, worst = 0, st = status < 0 ? 0 : status;
		int failed = status > 0, nfailed = 0;
		uint64_t h = UT_FNV1A_START, hh[2], mx[2];
		size_t i;
		MPI_Allreduce(&mine, &all, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
		MPI_Allreduce(&st, &worst, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
		MPI_Allreduce(&failed, &nfailed, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
		/* rank 0 says how many failed when it did not (the others are
		 * quiet: a failure of theirs alone had no word; MPI review
		 * 2026-12-06), as ut_cli_mpi_agree does */
		if (all && status == 0 && r.rank == 0 && nfailed)
			cli_error(&r.o, UT_TR(&r.o, "optimize: %d/%dランクが失敗したため"
			                      "止めました",
			                "optimize: stopped: %d of %d ranks failed"),
			          nfailed, r.size);
		if (all && status == 0)
			status = worst ? worst : -1;
		if (status == 0) {
			uint64_t opt[6] = {r.oo.seed, r.oo.evals, (uint64_t)r.oo.buildia,
			                   r.oo.population, r.oo.max_units, r.n};
			h = ut_fnv1a(h, opt, sizeof(opt));
			h = ut_fnv1a(h, r.oo.points, sizeof(r.oo.points));
			for (i = 0; i < r.n; i++) {
				h = ut_fnv1a(h, r.files[i], strlen(r.files[i]) + 1);
				h = ut_fnv1a(h, r.sheets[i].text, r.sheets[i].len);
			}
			hh[0] = h;
			hh[1] = ~h;
			MPI_Allreduce(hh, mx, 2, MPI_UINT64_T, MPI_MAX, MPI_COMM_WORLD);
			if (mx[0] != ~mx[1]) {
				if (r.rank == 0)
					cli_error(&r.o, UT_TR(&r.o, "optimize: ランクごとに読んだシートか"
					                      "オプションが違います（標準入力はランク0"
					                      "にしか届きません）",
					                "optimize: the ranks did not load the same "
					                "field with the same options (standard "
					                "input reaches rank 0 only)"));
				status = EXIT_INPUT;
			}
		}
	}
#endif
	if (status == 0) {
		long cores = sysconf(_SC_NPROCESSORS_ONLN);
		any = 1;
		if (!r.jobs_given)
			r.oo.jobs = (unsigned)(cores > r.size ? cores / r.size : 1);
		if (r.oo.jobs > 64)
			r.oo.jobs = 64;
		r.oo.part = (uint32_t)r.rank;
		r.oo.parts = (uint32_t)r.size;
#ifdef AMARYLLIS_MPI
		r.oo.share = share;
#endif
		r.oo.progress = progress;
		r.oo.progress_ud = &r;
		r.tty = isatty(fileno(stderr));
		r.start = r.last = now();
		if (am_opt_run(&opt, (const am_program *const *)r.progs, r.n,
		               &r.oo) < 0) {
			cli_error(&r.o, "optimize: %s", am_error_last());
			status = EXIT_INPUT;
		}
		if (r.shown)
			fputc('\n', stderr);
		if (status == 0 && r.rank == 0)
			status = report(&r, opt);
	}
	(void)any;
	am_opt_free(opt);
	release(&r);
	if (status < 0)
		status = EXIT_OK; /* --help */
#ifdef AMARYLLIS_MPI
	MPI_Bcast(&status, 1, MPI_INT, 0, MPI_COMM_WORLD);
	MPI_Finalize();
#endif
	return status;
}
