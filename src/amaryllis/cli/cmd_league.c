/*
 * cmd_league.c - `amaryllis league DIR_OR_SHEET...`: a round robin.
 *
 * Loads every sheet (a directory contributes its visible regular files in
 * name order), reports the illegal ones and leaves them out, compiles the
 * others once, plays every pair once on --jobs threads, and prints the
 * standings.
 *
 * Built with -DAMARYLLIS_MPI=ON and started by mpirun, every rank loads the
 * same sheets and plays its share of the pairs, and rank 0 adds up and
 * prints.  The ranks agree before any data moves: each one does its local
 * work (options, sheets, its share) without any MPI call, then every rank,
 * whatever happened to it, makes the same calls in the same order --
 * agree() (is any rank stopped or failed? did all load the same sheets with
 * the same options?), the reductions only if all went well, and a last
 * agreement on the exit status, which every rank returns.  So a rank that
 * fails never leaves the others waiting in a reduction.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#ifdef AMARYLLIS_MPI
#include <mpi.h>
#endif

#include "cli.h"

#include "util/array.h"
#include "util/buf.h"
#include "util/hash.h"

static const char help_ja[] =
	"使い方: amaryllis league [オプション]... フォルダまたはシート...\n"
	"シートのすべての組を1回ずつ戦わせ、順位表を表示します（勝ち3、引き分け1、負け0、\n"
	"同点はＨＰ差の合計で順位を決める）。フォルダはその中の隠しファイル以外の\n"
	"通常ファイルをすべて読みます（~ で終わるバックアップは除く）。\n"
	"同じファイルは1度だけ読みます。\n"
	"不正なシートは報告して除き、リーグは残りで行います。\n"
	"\n"
	"オプション:\n"
	"  --lang ja|en           メッセージの言語（既定: ja）\n"
	"  --format text|csv|json 順位表の形式（既定: text）\n"
	"  --jobs N               スレッド数（1〜4096、既定: コア数）。結果は N によらず同じ\n"
	"  --points W,D,L         勝ち・引き分け・負けの勝ち点（既定: 3,1,0）\n"
	"  --matrix FILE.csv      対戦表（組ごとの W/D/L/E）を CSV で書く\n"
	"  --svg FILE.svg         対戦表をヒートマップの SVG で書く\n"
	"  --max-units N          ユニット数が N を超えた戦闘を止める（既定: 1000000）\n"
	"  --max-work N           作業量が N を超える戦闘を止める（既定: 上限なし。\n"
	"                         丘は4000000）\n"
	"  --max-sheet-bytes N    N バイトを超えるシートは読み切らずに誤りとする（既定: 1048576）\n"
	"  -h, --help             このヘルプを表示して終了する\n"
	"\n"
	"シート - は標準入力を読みます。-- のあとはすべてフォルダかシートです。\n"
	"MPI 版は mpirun で起動すると各ランクが組を分担し、ランク0が表示します。\n"
	"終了コード: 0 正常、1 入力の誤り（不正なシート、読めないファイル、止まった戦闘）、\n"
	"2 使い方の誤り\n"
	"\n"
	"例:\n"
	"  amaryllis league --matrix cross.csv sheets/\n";

static const char help_en[] =
	"Usage: amaryllis league [OPTION]... DIR_OR_SHEET...\n"
	"Play every pair of sheets once and print the standings (win 3, draw 1,\n"
	"loss 0; ties broken by the total HP margin).  A folder gives all its visible\n"
	"regular files (not backups ending in ~).  The same file is read once.\n"
	"Illegal sheets are reported and left out; the league runs without them.\n"
	"\n"
	"Options:\n"
	"  --lang ja|en           language of messages (default ja)\n"
	"  --format text|csv|json the standings as a table (default), CSV or JSON\n"
	"  --jobs N               threads (1 to 4096, default: all cores); the same\n"
	"                         result for any N\n"
	"  --points W,D,L         points of a win, draw, loss (default 3,1,0)\n"
	"  --matrix FILE.csv      write the cross table (W/D/L/E per pair) as CSV\n"
	"  --svg FILE.svg         write the cross table as an SVG heat map\n"
	"  --max-units N          stop a battle past N units (default 1000000)\n"
	"  --max-work N           stop a battle past N units of work (default no\n"
	"                         bound; a hill's is 4000000)\n"
	"  --max-sheet-bytes N    a longer sheet is an error, not read (default 1048576)\n"
	"  -h, --help             print this help and exit\n"
	"\n"
	"A SHEET of - reads standard input; everything after -- is a DIR_OR_SHEET.\n"
	"Built with MPI and started by mpirun, the ranks share the pairs and rank 0\n"
	"prints.\n"
	"Exit status: 0 ok, 1 bad input (illegal sheet, unreadable file, a stopped\n"
	"battle), 2 usage.\n"
	"\n"
	"Example:\n"
	"  amaryllis league --matrix cross.csv sheets/\n";

static const struct option longopts[] = {
	CLI_COMMON_LONGOPTS,
	CLI_SHEET_LONGOPTS,
	{"format", required_argument, NULL, OPT_FORMAT},
	{"jobs", required_argument, NULL, OPT_JOBS},
	{"points", required_argument, NULL, OPT_POINTS},
	{"matrix", required_argument, NULL, OPT_MATRIX},
	{"svg", required_argument, NULL, OPT_SVG},
	{"max-units", required_argument, NULL, OPT_MAX_UNITS},
	{"max-work", required_argument, NULL, OPT_MAX_WORK},
	{NULL, 0, NULL, 0}
};

/* The progress bar on a terminal: done/total, rate and ETA. */
typedef struct progress {
	double start, last;
	int shown;
} progress;

/* One run of the command, on one rank. */
typedef struct league_run {
	cli_opts o;
	am_league_opts lo;
	am_table_format fmt;
	int64_t pts[3];
	const char *matrix, *svg;
	int jobs_given;
	cli_paths args, paths;     /* operands; the sheet files they give */
	am_program **progs;         /* [n] the legal sheets, compiled (each
	                               owns a copy of its team: the sheets
	                               are freed once compiled, LG-MEM-1) */
	const char **names, **files;
	uint64_t loaded;            /* FNV-1a of the legal sheets' paths and
	                               texts, in order (agree()) */
	size_t n;
	const char **rej_files;     /* [nrej] left out, with their diagnostics */
	char **rej_errors;
	size_t nrej;
	am_league *lg;
	progress prog;
	int rank, size;
	int status;                 /* exit status so far (this rank) */
	int stop;                   /* no standings: help, usage, failure */
} league_run;

/* "amaryllis: league: MESSAGE" on stderr; on a rank other than 0,
 * "amaryllis: league: rank R: MESSAGE". */
static void lg_error(const league_run *r, const char *fmt, ...)
#if defined(__GNUC__)
	__attribute__((format(printf, 2, 3)))
#endif
	;

static void lg_error(const league_run *r, const char *fmt, ...)
{
	/* ut_cli_verror: "PROG: MESSAGE", with "out of memory" in the page's
	 * language; the rank goes into PROG */
	char prog[48];
	ut_cli u = {prog, (ut_lang)r->o.lang, 0};
	va_list ap;

	if (r->rank != 0)
		snprintf(prog, sizeof(prog), "amaryllis: league: rank %d",
		         r->rank);
	else
		snprintf(prog, sizeof(prog), "amaryllis: league");
	va_start(ap, fmt);
	ut_cli_verror(&u, fmt, ap);
	va_end(ap);
}

/* Add the sheets `arg` gives to r->paths (cli_paths_collect).  Returns 0,
 * or -1 after printing why. */
static int collect(league_run *r, const char *arg)
{
	char why[256], name[UT_CLI_NAME_MAX];
	int rc = cli_paths_collect(&r->paths, arg), err = errno;

	if (rc == 0)
		return 0;
	if (rc == -1)
		lg_error(r, "out of memory");
	else
		lg_error(r, "%s: error: %s", ut_cli_shown_name(name, arg),
		         cli_paths_why(why, sizeof why, &r->o, rc, err));
	return -1;
}

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void show_progress(void *ud, uint64_t done, uint64_t total)
{
	progress *p = ud;
	double t = now(), rate, frac = total ? (double)done / (double)total : 1;
	char bar[31];
	int k, fill = (int)(frac * 30);
	long eta;

	if (t - p->last < 0.2 && done < total)
		return;
	p->last = t;
	p->shown = 1;
	rate = t > p->start ? (double)done / (t - p->start) : 0;
	eta = rate > 0 ? (long)((double)(total - done) / rate) : 0;
	for (k = 0; k < 30; k++)
		bar[k] = k < fill ? '#' : '.';
	bar[30] = '\0';
	fprintf(stderr, "\r[%s] %5.1f%%  %.3gM battles/s  ETA %ld:%02ld ", bar,
	        frac * 100, rate / 1e6, eta / 60, eta % 60);
}


/*
 * The options and operands into r.  Returns 0 to go on, or 1 with r->stop
 * and r->status set (help printed: 0; a usage error: EXIT_USAGE).
 */
static int parse_args(league_run *r, int argc, char **argv)
{
	cli_opts *o = &r->o;
	uint64_t v;
	int c, rc;

	cli_getopt_begin(o, argc, argv, CLI_SHORTOPTS, longopts);
	while ((c = getopt_long(argc, argv, CLI_SHORTOPTS, longopts, NULL)) != -1) {
		rc = EXIT_USAGE;
		switch (c) {
		case 'h':
			rc = cli_help(o, help_ja, help_en);
			goto stop;
		case OPT_FORMAT:
			if (strcmp(optarg, "text") == 0)
				r->fmt = AM_TABLE_TEXT;
			else if (strcmp(optarg, "csv") == 0)
				r->fmt = AM_TABLE_CSV;
			else if (strcmp(optarg, "json") == 0)
				r->fmt = AM_TABLE_JSON;
			else {
				cli_usage_error(o, "league",
				                UT_TR(o, "--format の値「%s」は使えません"
				                         "（text、csv か json）",
				                      "unknown format '%s' (text, csv or json)"),
				                optarg);
				goto stop;
			}
			break;
		case OPT_JOBS:
			if (ut_cli_parse_u64(&v, optarg, 4096) < 0 || v < 1) {
				cli_bad_number(o, "league", "--jobs", 1, 4096, optarg);
				goto stop;
			}
			r->lo.jobs = (unsigned)v;
			r->jobs_given = 1;
			break;
		case OPT_POINTS:
			if (cli_parse_points(optarg, r->pts) < 0) {
				cli_usage_error(o, "league",
				                UT_TR(o, "--points には W,D,L（-1000000から"
				                         "1000000までの整数3つ、例: 3,1,0）を"
				                         "指定してください（「%s」）",
				                      "--points needs W,D,L, whole numbers from "
				                      "-1000000 to 1000000, e.g. 3,1,0, not '%s'"),
				                optarg);
				goto stop;
			}
			break;
		case OPT_MATRIX:
			if ((rc = cli_out_file(o, "league", "--matrix", optarg)))
				goto stop;
			r->matrix = optarg;
			break;
		case OPT_SVG:
			if ((rc = cli_out_file(o, "league", "--svg", optarg)))
				goto stop;
			r->svg = optarg;
			break;
		case OPT_MAX_UNITS:
			if (ut_cli_parse_u64(&v, optarg,
				UINT32_MAX - 2) < 0 || v < 2) {
				cli_bad_number(o, "league", "--max-units", 2,
				               UINT32_MAX - 2, optarg);
				goto stop;
			}
			r->lo.max_units = (size_t)v;
			break;
		case OPT_MAX_WORK:
			if (ut_cli_parse_u64(&v, optarg, UINT64_MAX) < 0 || v < 1) {
				cli_bad_number(o, "league", "--max-work", 1,
				               UINT64_MAX, optarg);
				goto stop;
			}
			r->lo.max_work = v;
			break;
		default:
			if ((rc = cli_common_option(o, "league", c, optarg)) == 0)
				rc = cli_bad_option(o, "league", c, argv, longopts);
			if (rc != 1)
				goto stop;
		}
	}
	if (optind == argc) {
		rc = cli_usage_error(o, "league",
		                     UT_TR(o, "フォルダもシートも指定されていません",
		                           "no folder or sheet given"));
		goto stop;
	}
	if (cli_one_stdin(o, "league", argc, argv, optind)) {
		rc = EXIT_USAGE;
		goto stop;
	}
	for (; optind < argc; optind++)
		if (cli_paths_add(&r->args, argv[optind]) < 0) {
			lg_error(r, "out of memory");
			rc = EXIT_INPUT;
			goto stop;
		}
	return 0;
stop:
	r->status = rc;
	r->stop = 1;
	return 1;
}

/*
 * Collect and load the sheets: the legal ones compiled into r->progs[0..n),
 * the others (reported on rank 0) into r->rej_*.  Returns 0, or -1 with
 * r->stop set when the league cannot be played (printed).
 */
static int load(league_run *r)
{
	size_t i, m;

	for (i = 0; i < r->args.n; i++)
		if (collect(r, r->args.v[i]) < 0)
			goto fail;
	if (cli_paths_dedup_warn(&r->paths, &r->o, "league", r->rank) < 0) {
		lg_error(r, "out of memory");
		goto fail;
	}
	if (r->paths.n == 0) {
		lg_error(r, UT_TR(&r->o, "シートが見つかりません（フォルダからは隠しファイル"
		                         "以外の通常ファイルを読みます）",
		                  "no sheets found (a folder gives its visible regular "
		                  "files)"));
		goto fail;
	}
	m = r->paths.n + 1;
	r->loaded = UT_FNV1A_START;
	r->progs = calloc(m, sizeof(*r->progs));
	r->names = calloc(m, sizeof(*r->names));
	r->files = calloc(m, sizeof(*r->files));
	r->rej_files = calloc(m, sizeof(*r->rej_files));
	r->rej_errors = calloc(m, sizeof(*r->rej_errors));
	if (!r->progs || !r->names || !r->files || !r->rej_files ||
	    !r->rej_errors) {
		lg_error(r, "out of memory");
		goto fail;
	}
	/* an illegal sheet is reported and left out; a legal one is kept
	 * only as its program (LG-MEM-1) */
	for (i = 0; i < r->paths.n; i++) {
		cli_sheet s;
		char *diags = NULL;
		const char *path = r->paths.v[i];
		int bad = cli_sheet_load_ex(&s, path, &r->o, r->rank == 0,
		                            &diags),
		    rc = bad ? 0 : am_program_new(&r->progs[r->n],
		                                  am_sheet_team(s.sheet));
		char *why = bad || rc < 0 ? diags ? diags : strdup(am_error_last())
		                         : NULL;
		if (s.nomem || rc == AM_ENOMEM || ((bad || rc < 0) && !why)) {
			/* not the sheet's fault: no table without it */
			free(why);
			cli_sheet_free(&s);
			lg_error(r, "%s", UT_TR(&r->o, "メモリが足りません",
			                        "out of memory"));
			goto fail;
		}
		if (bad || rc < 0) {
			r->rej_files[r->nrej] = path;
			r->rej_errors[r->nrej++] = why;
			cli_sheet_free(&s);
			r->status = EXIT_INPUT;
			continue;
		}
		free(diags);
		r->loaded = ut_fnv1a(r->loaded, path, strlen(path) + 1);
		r->loaded = ut_fnv1a(r->loaded, &s.len, sizeof(s.len));
		r->loaded = ut_fnv1a(r->loaded, s.text, s.len);
		cli_sheet_free(&s);
		r->names[r->n] = am_program_team(r->progs[r->n])->units[0].name;
		r->files[r->n] = path;
		r->n++;
	}
	/* every sheet left out: said as optimize says it (the table is
	 * still printed, with the sheets left out under it) */
	if (r->n == 0 && r->rank == 0)
		lg_error(r, "%s", UT_TR(&r->o, "正しいシートがありません",
		                        "no legal sheet"));
	return 0;
fail:
	r->status = EXIT_INPUT;
	r->stop = 1;
	return -1;
}

/* Play this rank's share.  Returns 0, or -1 with r->stop set (printed). */
static int play(league_run *r)
{
	long cores = sysconf(_SC_NPROCESSORS_ONLN);

	if (!r->jobs_given)
		r->lo.jobs = (unsigned)(cores > r->size ? cores / r->size : 1);
	r->lo.keep_table = r->matrix || r->svg;
	r->lo.part = (uint32_t)r->rank;
	r->lo.parts = (uint32_t)r->size;
	if (r->rank == 0 && isatty(fileno(stderr))) {
		r->prog.start = now();
		r->lo.progress = show_progress;
		r->lo.progress_ud = &r->prog;
	}
#ifdef AMARYLLIS_MPI
	{
		/* Test hook, for tests/amaryllis/mpi_fail.sh only: the rank named by
		 * AMARYLLIS_TEST_FAIL_RANK fails as if its share could not be
		 * played (out of memory, say), so that the test can show that
		 * the other ranks stop too instead of waiting for it. */
		const char *t = getenv("AMARYLLIS_TEST_FAIL_RANK");
		if (t && r->size > 1 && atoi(t) == r->rank) {
			lg_error(r, "failure injected by AMARYLLIS_TEST_FAIL_RANK "
			         "(a test hook)");
			goto fail;
		}
	}
#endif
	if (am_league_run(&r->lg, (const am_program *const *)r->progs, r->n,
	                  &r->lo) < 0) {
		lg_error(r, "%s", am_error_last());
		goto fail;
	}
	if (r->prog.shown)
		fputc('\n', stderr);
	return 0;
fail:
	r->status = EXIT_INPUT;
	r->stop = 1;
	return -1;
}

#ifdef AMARYLLIS_MPI
/*
 * Every rank calls this once, whatever happened to it.  Afterwards every
 * rank has the same r->stop and r->status: stopped if any rank stopped
 * (rank 0 tells how many failed, unless it failed itself and said why), or
 * if the ranks are not about to play the same league (the same sheets in
 * the same order with the same options: a sheet unreadable on one machine,
 * or "-", since mpirun gives standard input to rank 0 only).
 */
static void agree(league_run *r)
{
	uint64_t h = UT_FNV1A_START, mine[4], all[4];
	int failed = r->stop && r->status != EXIT_OK, nfailed = 0, stopped_here;

	if (!r->stop) {
		uint64_t opt[4] = {r->lo.max_units, r->matrix || r->svg, r->n,
		                   r->lo.max_work};
		h = ut_fnv1a(h, opt, sizeof(opt));
		h = ut_fnv1a(h, &r->loaded, sizeof(r->loaded));
	}
	/* MPI_MAX over {stop, status, h, ~h}: max(~h) = ~min(h) */
	mine[0] = (uint64_t)r->stop;
	mine[1] = (uint64_t)r->status;
	mine[2] = h;
	mine[3] = ~h;
	MPI_Allreduce(mine, all, 4, MPI_UINT64_T, MPI_MAX, MPI_COMM_WORLD);
	MPI_Allreduce(&failed, &nfailed, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
	stopped_here = r->stop;
	r->stop = (int)all[0];
	r->status = (int)all[1];
	if (r->stop) {
		if (r->rank == 0 && !stopped_here && nfailed > 0)
			lg_error(r, UT_TR(&r->o, "%d/%dランクが失敗したため止めました"
			                         "（順位表はありません）",
			                  "stopped: %d of %d ranks failed; no standings"),
			         nfailed, r->size);
		return;
	}
	if (all[2] != ~all[3]) {
		if (r->rank == 0)
			lg_error(r, UT_TR(&r->o, "ランクごとに読んだシートが違います（どの"
			                         "ランクも同じファイルを読む必要があります。"
			                         "標準入力はランク0にしか届きません）",
			                  "the ranks did not load the same sheets (every "
			                  "rank must read the same files; standard input "
			                  "reaches rank 0 only)"));
		r->status = EXIT_INPUT;
		r->stop = 1;
	}
}

/* Add up the shares on rank 0 (every rank calls it, after agree()). */
static void gather(league_run *r)
{
	size_t i, len = am_league_counts(NULL, 0, r->lg);
	int64_t *counts = malloc(len * sizeof(*counts) + 1);
	uint8_t *table;

	if (!counts) { /* the others wait in MPI_Reduce: stop them all */
		lg_error(r, "out of memory");
		MPI_Abort(MPI_COMM_WORLD, EXIT_INPUT);
	}
	am_league_counts(counts, len, r->lg);
	MPI_Reduce(r->rank ? counts : MPI_IN_PLACE, counts, (int)len,
	           MPI_INT64_T, MPI_SUM, 0, MPI_COMM_WORLD);
	if (r->rank == 0 && am_league_set_counts(r->lg, counts, len) < 0) {
		lg_error(r, "%s", am_error_last());
		r->status = EXIT_INPUT;
		r->stop = 1; /* rank 0 reports nothing; its status is broadcast */
	}
	free(counts);
	table = am_league_table(r->lg, &len);
	for (i = 0; table && i < len; i += 1u << 30) {
		int chunk = (int)(len - i < (1u << 30) ? len - i : 1u << 30);
		MPI_Reduce(r->rank ? table + i : MPI_IN_PLACE, table + i, chunk,
		           MPI_UINT8_T, MPI_SUM, 0, MPI_COMM_WORLD);
	}
}
#endif

/* Every battle that stopped (the first AM_LEAGUE_STOPS_MAX, in pair
 * order: then how many more), one line each on stderr, in the language of
 * --lang.  Only without MPI: a rank knows the stops of its share only (the
 * standings count them all). */
static void report_stops(league_run *r)
{
	size_t k, n = am_league_stop_count(r->lg), ei, ej;
	int64_t all = am_league_stopped(r->lg);

	if (r->size != 1)
		return;
	for (k = 0; k < n; k++) {
		char why[600];
		const char *err = am_league_stop(r->lg, k, &ei, &ej);
		am_render_stop(why, sizeof(why), err, r->o.lang);
		lg_error(r, UT_TR(&r->o, "%s 対 %s: 戦闘を中断しました：%s"
		                         "（両者のエラーとして数えます）",
		                  "%s vs %s: battle stopped: %s (counted as an "
		                  "error for both)"),
		         r->files[ei], r->files[ej], why);
	}
	if (all > (int64_t)n)
		lg_error(r, UT_TR(&r->o, "ほかに%" PRId64 "件の対戦が中断しました"
		                         "（表示は最大%d件）",
		                  "%" PRId64 " more battles stopped (at most %d "
		                  "are shown)"),
		         all - (int64_t)n, AM_LEAGUE_STOPS_MAX);
}

/* Rank 0: the standings on stdout, and the files asked for. */
static void report(league_run *r)
{
	am_standing *standings;
	size_t i;

	report_stops(r);
	for (i = 0; i < r->n; i++)
		if (am_league_row_of(r->lg, i)->errors)
			r->status = EXIT_INPUT;
	standings = calloc(r->n + 1, sizeof(*standings));
	if (!standings) {
		cli_error(&r->o, "out of memory");
		r->status = EXIT_INPUT;
		return;
	}
	am_league_standings(standings, r->lg, r->pts[0], r->pts[1], r->pts[2],
	                    r->names);
	{
		am_league_view v = {r->lg, standings, r->names, r->files, r->nrej,
		                    r->rej_files,
		                    (const char *const *)r->rej_errors};
		ut_out f;
		int rc;
		/* stdout: its failure is reported by ut_cli_main */
		if (am_render_standings(&v, r->fmt, r->o.lang, ut_out_writer,
		                        ut_out_stdout()) < 0 &&
		    !ut_out_stdout()->err) {
			lg_error(r, "%s", am_error_last());
			r->status = EXIT_INPUT;
		}
		if (ut_out_flush(ut_out_stdout()) < 0)
			r->status = EXIT_INPUT;
		/* the files: replaced whole or not at all (util/out.h) */
		if (r->matrix) {
			rc = -1;
			if (ut_out_open(&f, r->matrix, "--matrix") == 0)
				rc = am_render_cross_table(&v, ut_out_writer, &f);
			if (cli_out_close(&r->o, "league", &f,
			                  rc < 0 ? am_error_last() : NULL) != EXIT_OK)
				r->status = EXIT_INPUT;
		}
		if (r->svg) {
			rc = -1;
			if (ut_out_open(&f, r->svg, "--svg") == 0)
				rc = am_render_heatmap(&v, r->o.lang, ut_out_writer, &f);
			if (cli_out_close(&r->o, "league", &f,
			                  rc < 0 ? am_error_last() : NULL) != EXIT_OK)
				r->status = EXIT_INPUT;
		}
	}
	free(standings);
}

static void release(league_run *r)
{
	size_t i;

	am_league_free(r->lg);
	for (i = 0; r->progs && i < r->n; i++)
		am_program_free(r->progs[i]);
	for (i = 0; r->rej_errors && i < r->nrej; i++)
		free(r->rej_errors[i]);
	free(r->progs);
	free(r->names);
	free(r->files);
	free(r->rej_files);
	free(r->rej_errors);
	cli_paths_free(&r->args);
	cli_paths_free(&r->paths);
}

int cmd_league(const ut_cli *base, int argc, char **argv)
{
	league_run r;
	int status;

	memset(&r, 0, sizeof(r));
	r.o = cli_opts_of(base);
	r.lo = (am_league_opts)AM_LEAGUE_OPTS_INIT;
	r.fmt = AM_TABLE_TEXT;
	r.pts[0] = 3;
	r.pts[1] = 1;
	r.pts[2] = 0;
	r.size = 1;
#ifdef AMARYLLIS_MPI
	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &r.rank);
	MPI_Comm_size(MPI_COMM_WORLD, &r.size);
	r.o.quiet = r.rank != 0; /* rank 0 prints help and usage errors */
#endif
	/* local work: no MPI call until agree() */
	if (parse_args(&r, argc, argv) == 0 && load(&r) == 0)
		play(&r);
#ifdef AMARYLLIS_MPI
	agree(&r);
	if (!r.stop && r.size > 1)
		gather(&r);
#endif
	if (!r.stop && r.rank == 0)
		report(&r);
	status = r.status;
#ifdef AMARYLLIS_MPI
	/* rank 0 may have failed to write: every rank returns its status */
	MPI_Bcast(&status, 1, MPI_INT, 0, MPI_COMM_WORLD);
#endif
	release(&r);
#ifdef AMARYLLIS_MPI
	MPI_Finalize();
#endif
	return status;
}
