/* cmd_playtest.c - `manastorm playtest SCENARIO --runs N`: many seeded
 * duels on all cores, the win rates with intervals and the distributions a
 * designer looks at (docs/MANASTORM.md "Playtests", MS-PT-CLI-1).  Also
 * what `sweep` shares with it (cli.h: ms_cli_pt_*). */
#define _POSIX_C_SOURCE 200809L

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"

#include "manastorm/playtest.h"
#include "manastorm/pt_render.h"
#include "manastorm/scenario_yaml.h"
#include "util/hash.h"

static const char help_ja[] =
	"使い方: manastorm playtest [オプション]... シナリオ\n"
	"シナリオの決闘を種を変えて何回も行い（i回目は種 S+i）、陣営ごとの勝率と\n"
	"95%信頼区間（Wilson）、1決闘のバトル数・マナ・ストーム数・エモーション・\n"
	"イベント数、ストームで失った衣装とHP、決着した手順、参加者の残りHP/MPを示します。\n"
	"勝率の差（1・2・5ポイント）を95%で見分けるのに要る回数も示します。\n"
	"結果は --jobs によらず同じです。\n"
	"\n"
	"オプション:\n"
	"  --runs N          決闘の回数（既定: 1000、最大 1000000000）\n"
	"  --seed S          最初の種（既定: 0）\n"
	"  --jobs J          スレッド数、1〜256（既定: オンラインのコア数）\n"
	"  --format text|json  出力の形式（既定: text）\n"
	"  --svg FILE        分布のグラフをSVGでFILEに書く\n"
	"  --max-events N    1決闘のイベントの上限（既定: 100000 と\n"
	"                    10000000000/N の小さいほう、ただし 10000 以上）：\n"
	"                    超える決闘で止まります\n"
	UT_CLI_MAX_BYTES_HELP_JA("     ")
	"  --lang ja|en      メッセージの言語（既定: ja）\n"
	"  -h, --help        このヘルプを表示して終了する\n"
	"\n"
	"端末では標準エラーに進み具合を表示します。MPI 版は mpirun で起動すると\n"
	"各ランクが決闘を分担し、ランク0が同じ結果を表示します。\n"
	"終了コード: 0 成功、1 誤りのあるシナリオか失敗した決闘（イベントの上限を\n"
	"含む）、2 使い方の誤り\n"
	"\n"
	"例:\n"
	"  manastorm playtest examples/manastorm/table.yaml --runs 10000 --svg pt.svg\n";

static const char help_en[] =
	"Usage: manastorm playtest [OPTION]... SCENARIO\n"
	"Play the scenario's duel many times with different seeds (run i uses\n"
	"seed S+i): each side's win rate with its 95% interval (Wilson), battles,\n"
	"mana storms and happenings per duel, outfits and HP lost in storms, the step\n"
	"that ended the duels, each participant's HP/MP left, and how many runs\n"
	"tell win rates 1, 2 or 5 points apart at 95%.  The report is the same for\n"
	"any --jobs.\n"
	"\n"
	"Options:\n"
	"  --runs N          number of duels (default 1000, at most 1000000000)\n"
	"  --seed S          the first seed (default 0)\n"
	"  --jobs J          threads, 1 to 256 (default: the online cores)\n"
	"  --format text|json  output format (default text)\n"
	"  --svg FILE        write the distributions as an SVG picture to FILE\n"
	"  --max-events N    the most events of one duel (default: the smaller of\n"
	"                    100000 and 10000000000/N, but at least 10000): a duel\n"
	"                    that needs more stops the playtest\n"
	UT_CLI_MAX_BYTES_HELP_EN("     ")
	"  --lang ja|en      language of messages (default ja)\n"
	"  -h, --help        print this help and exit\n"
	"\n"
	"On a terminal, a progress bar is shown on standard error.  Built with MPI\n"
	"and started by mpirun, the ranks share the duels and rank 0 prints the\n"
	"same report.\n"
	"Exit status: 0 done, 1 a bad scenario or a failed duel (its event limit\n"
	"included), 2 usage.\n"
	"\n"
	"Example:\n"
	"  manastorm playtest examples/manastorm/table.yaml --runs 10000 --svg pt.svg\n";

#define PT_LONGOPTS \
	MS_CLI_COMMON_LONGOPTS, \
	{"runs", required_argument, NULL, OPT_RUNS}, \
	{"seed", required_argument, NULL, OPT_SEED}, \
	{"jobs", required_argument, NULL, OPT_JOBS}, \
	{"format", required_argument, NULL, OPT_FORMAT}, \
	{"svg", required_argument, NULL, OPT_SVG}, \
	MS_CLI_MAX_EVENTS_LONGOPT, \
	MS_CLI_MAX_BYTES_LONGOPT

static const struct option pt_longopts[] = {PT_LONGOPTS, {NULL, 0, NULL, 0}};
static const struct option sw_longopts[] = {
	PT_LONGOPTS, {"vary", required_argument, NULL, OPT_VARY},
	{NULL, 0, NULL, 0}
};


int ms_cli_pt_args(ms_cli_pt *a, ut_cli *ui, const char *cmd, int argc,
                   char **argv, const char *ja, const char *en)
{
	const struct option *longopts = strcmp(cmd, "sweep") == 0 ? sw_longopts
	                                                          : pt_longopts;
	uint64_t v;
	int c;

	memset(a, 0, sizeof *a);
	a->runs = 1000;
	a->max_bytes = UT_CLI_MAX_BYTES_DEFAULT;
	a->seed = 0; /* as `play` without --seed: run 0 is that duel */
	ut_cli_getopt_begin(ui, argc, argv, MS_CLI_SHORTOPTS, longopts, OPT_LANG);
	while ((c = getopt_long(argc, argv, MS_CLI_SHORTOPTS, longopts, NULL)) != -1) {
		switch (c) {
		case 'h':
			a->help = 1;
			return ut_cli_help(ui, ja, en);
		case OPT_LANG:
			if (ut_cli_lang(ui, cmd, optarg) != 0)
				return UT_EXIT_USAGE;
			break;
		case OPT_RUNS: /* MS-PT-LIMIT-1 */
			if (ut_cli_parse_u64(&v, optarg,
				MS_PT_RUNS_MAX) < 0 || v < 1)
				return ut_cli_bad_number(ui, cmd, "--runs", 1,
				                         MS_PT_RUNS_MAX, optarg);
			a->runs = v;
			break;
		case OPT_SEED:
			if (ut_cli_parse_u64(&v, optarg, UINT64_MAX) < 0)
				return ut_cli_bad_number(ui, cmd, "--seed", 0,
				                         UINT64_MAX, optarg);
			a->seed = v;
			break;
		case OPT_JOBS:
			if (ut_cli_parse_u64(&v, optarg,
				MS_PT_JOBS_MAX) < 0 || v < 1)
				return ut_cli_bad_number(ui, cmd, "--jobs", 1,
				                         MS_PT_JOBS_MAX, optarg);
			a->jobs = (unsigned)v;
			break;
		case OPT_FORMAT:
			if (strcmp(optarg, "text") == 0)
				a->json = 0;
			else if (strcmp(optarg, "json") == 0)
				a->json = 1;
			else
				return ut_cli_usage_error(ui, cmd,
				       UT_TR(ui, "--format は text か json です（「%s」）",
				             "--format is text or json, not '%s'"), optarg);
			break;
		case OPT_SVG:
			{
				int rc = ut_cli_out_file(ui, cmd, "--svg", optarg);
				if (rc)
					return rc;
			}
			a->svg = optarg;
			break;
		case OPT_VARY:
			/* MS-SW-CLI-1: a sweep varies one field; a second
			 * --vary is not a grid (it was dropped without a word) */
			if (a->vary)
				return ut_cli_usage_error(ui, cmd,
				       UT_TR(ui, "--vary は1つだけです（sweep が変える項目は"
				                 "1つ：「%s」と「%s」）",
				             "--vary given twice: a sweep varies one "
				             "field ('%s' and '%s')"), a->vary, optarg);
			a->vary = optarg;
			break;
		case OPT_MAX_EVENTS:
			if (ut_cli_max_events(&a->max_events, ui, cmd,
				optarg) != 0)
				return UT_EXIT_USAGE;
			break;
		case OPT_MAX_BYTES:
			if (ut_cli_max_bytes(&a->max_bytes, ui, cmd, optarg) != 0)
				return UT_EXIT_USAGE;
			break;
		default:
			return ut_cli_bad_option(ui, cmd, c, argv, longopts);
		}
	}
	if (argc - optind != 1)
		return ut_cli_usage_error(ui, cmd, argc - optind == 0
		       ? UT_TR(ui, "シナリオが指定されていません", "no scenario given")
		       : UT_TR(ui, "シナリオは1つだけです", "only one scenario, please"));
	a->path = argv[optind];
	return UT_EXIT_OK;
}

void ms_cli_pt_opts(ms_pt_opts *o, const ms_cli_pt *a, ut_cli_bar *bar,
                    const ut_cli_mpi *m)
{
	ms_pt_opts init = MS_PT_OPTS_INIT;
	*o = init;
	o->runs = a->runs;
	o->seed = a->seed;
	o->jobs = a->jobs;
	if (o->jobs == 0) {
		/* MS-PT-JOBS-1: the online cores by default (shared by the
		 * ranks: UT-CLI-MPI-1) */
		long n = sysconf(_SC_NPROCESSORS_ONLN) / m->size;
		o->jobs = n < 1 ? 1 : n > (long)MS_PT_JOBS_MAX ? MS_PT_JOBS_MAX
		                                                : (unsigned)n;
	}
	/* MS-BUDGET-2: a sweep sets its own share (values × runs) */
	o->max_events = ut_cli_series_budget(a->max_events, a->runs,
	                                     MS_DUEL_MAX_EVENTS_DEFAULT);
	bar->shown = 0;
	bar->last = -1;
	if (m->rank == 0 && isatty(fileno(stderr))) {
		o->progress = ut_cli_progress; /* util/cli.h */
		o->progress_ud = bar;
	}
}

int ms_cli_pt_output(const ut_cli *ui, const char *cmd, const ut_buf *out,
                     const ut_buf *svg, const char *svg_path)
{
	ut_out f;
	int status = UT_EXIT_OK;

	/* stdout's failure is reported by ut_cli_exit */
	if (ut_out_write(ut_out_stdout(), out->ptr, out->len) < 0 ||
	    ut_out_flush(ut_out_stdout()) < 0)
		status = UT_EXIT_INPUT;
	if (svg_path) {
		/* replaced whole or not at all (util/out.h) */
		if (ut_out_open(&f, svg_path, "--svg") == 0)
			ut_out_write(&f, svg->ptr, svg->len);
		if (ut_cli_out_close(ui, cmd, &f, NULL) != UT_EXIT_OK)
			status = UT_EXIT_INPUT;
	}
	return status;
}

void ms_cli_pt_failed(const ut_cli *ui, const char *cmd,
                      const ms_pt_report *r, int rc, uint64_t max_events)
{
	char lim[32];

	/* MS-PT-ERR-1: the run, its seed, the duel's message */
	if (r->failed && rc == MS_ELIMIT) /* MS-BUDGET-2 */
		ut_cli_error(ui, UT_TR(ui, "%s: 決闘 %" PRIu64 "（種 %" PRIu64 "）が"
		                           "イベントの上限（1決闘%s）に達し"
		                           "ました。--max-events で上限を上げられます",
		                       "%s: run %" PRIu64 " (seed %" PRIu64 ") reached "
		                       "the limit of %s a duel; "
		                       "--max-events raises the limit"),
		             cmd, r->failed_run, r->failed_seed,
		             ms_cli_events(ui, lim, sizeof lim, max_events));
	else if (r->failed)
		ut_cli_error(ui, UT_TR(ui, "%s: 決闘 %" PRIu64 "（種 %" PRIu64 "）が止まりました：%s",
		                       "%s: run %" PRIu64 " (seed %" PRIu64 ") stopped: %s"),
		             cmd, r->failed_run, r->failed_seed, r->failed_message);
	else
		ut_cli_error(ui, "%s: %s", cmd, ms_error_last());
}

/* Every part to rank 0, added up into its r (MS-PT-MPI-1, UT-CLI-MPI-1).
 * Returns 0, or -1 (rank 0, the error set). */
static int gather(const ut_cli_mpi *m, ms_pt_report *r)
{
	ut_buf mine = UT_BUF_INIT, all = UT_BUF_INIT;
	size_t *lens = calloc((size_t)m->size, sizeof *lens), off;
	int i, rc = 0;

	if (!lens) {
		fputs("out of memory\n", stderr);
		exit(UT_EXIT_INPUT); /* before the gather: mpirun stops the job */
	}
	/* a rank that cannot pack sends nothing: rank 0 then fails below */
	if (m->rank != 0 && ms_pt_report_pack(&mine, r) < 0)
		ut_buf_clear(&mine);
	ut_cli_mpi_gather(m, &mine, &all, lens);
	for (i = 1, off = lens[0]; m->rank == 0 && i < m->size; i++) {
		if (rc == 0 && ms_pt_report_merge_packed(r, all.ptr + off,
		                                         lens[i]) < 0)
			rc = -1;
		off += lens[i];
	}
	ut_buf_free(&mine);
	ut_buf_free(&all);
	free(lens);
	return rc;
}

int ms_cli_pt_run(ms_pt_report *r, int *rc, const ut_cli *ui,
                  const char *cmd, ut_cli_mpi *m, const ms_scenario *s,
                  const ms_pt_opts *po, uint64_t hash)
{
	uint64_t first, count, opt[3];
	int status, agreed;

	memset(r, 0, sizeof *r);
	*rc = 0;
	/* the same input, runs, seed and budget on every rank */
	opt[0] = po->runs;
	opt[1] = po->seed;
	opt[2] = po->max_events;
	hash = ut_fnv1a(hash, opt, sizeof opt);
	if ((status = ut_cli_mpi_agree(m, ui, cmd, UT_EXIT_OK, hash)) != 0)
		return status;
	ut_cli_mpi_share(m, po->runs, &first, &count);
	if ((*rc = ms_pt_run_part(r, s, po, first, count)) < 0)
		ut_cli_error(ui, "%s: %s", cmd, ms_error_last());
	if ((status = ut_cli_mpi_agree(m, ui, cmd, *rc < 0 ? UT_EXIT_INPUT
	                                                   : UT_EXIT_OK, 0)) != 0)
		return status;
	if (m->size > 1 && gather(m, r) < 0) {
		if (m->rank == 0)
			ut_cli_error(ui, "%s: %s", cmd, ms_error_last());
		status = UT_EXIT_INPUT;
	}
	if (status == 0 && m->rank == 0)
		*rc = ms_pt_report_finish(r);
	/* every rank learns whether rank 0 has a report or stops (a sweep
	 * goes on to its next value only then) */
	agreed = ut_cli_mpi_agree(m, ui, cmd, status ? status
	                          : *rc < 0 ? UT_EXIT_INPUT : UT_EXIT_OK, 0);
	return m->rank == 0 ? status : agreed;
}

/* The command on one rank (cmd_playtest). */
static int playtest(ms_cli o, ut_cli_mpi *m, int argc, char **argv)
{
	ms_cli_pt a;
	ut_cli_bar bar;
	ms_scenario_doc *doc = NULL;
	ms_pt_opts po;
	ms_pt_report r;
	ut_buf out = UT_BUF_INIT, svg = UT_BUF_INIT;
	ms_lang lang;
	uint64_t hash = 0;
	int rc, status;

	if ((rc = ms_cli_pt_args(&a, &o.ui, "playtest", argc, argv, help_ja,
	                         help_en)) != UT_EXIT_OK || a.help)
		return rc;
	lang = o.ui.lang == UT_LANG_EN ? MS_LANG_EN : MS_LANG_JA;
	if ((rc = ut_cli_mpi_stdin(m, &o.ui, "playtest", a.path)) != 0)
		return rc;
	if (ms_cli_scenario_file_hash(&o.ui, a.path, a.max_bytes, "--max-bytes",
	                              &doc, &hash) != UT_EXIT_OK)
		return UT_EXIT_INPUT;
	ms_cli_pt_opts(&po, &a, &bar, m);
	status = ms_cli_pt_run(&r, &rc, &o.ui, "playtest", m,
	                       ms_scenario_doc_scenario(doc), &po, hash);
	ut_cli_progress_end(&bar);
	if (status != UT_EXIT_OK || m->rank != 0) {
		ms_pt_report_free(&r);
		ms_scenario_doc_free(doc);
		return status;
	}
	if (rc < 0) {
		ms_cli_pt_failed(&o.ui, "playtest", &r, rc, po.max_events);
		ms_pt_report_free(&r);
		ms_scenario_doc_free(doc);
		return UT_EXIT_INPUT;
	}
	rc = a.json ? ms_pt_render_json(&out, &r)
	            : ms_pt_render_text(&out, &r, lang);
	if (rc == 0 && a.svg)
		rc = ms_pt_render_svg(&svg, &r, lang);
	if (rc < 0) {
		ut_cli_error(&o.ui, "playtest: %s", ms_error_last());
		rc = UT_EXIT_INPUT;
	} else
		rc = ms_cli_pt_output(&o.ui, "playtest", &out, &svg, a.svg);
	ut_buf_free(&out);
	ut_buf_free(&svg);
	ms_pt_report_free(&r);
	ms_scenario_doc_free(doc);
	return rc;
}

/* UT-CLI-MPI-1: started by mpirun (an MPI build), the ranks share the runs;
 * every rank ends with rank 0's status. */
int cmd_playtest(const ut_cli *base, int argc, char **argv)
{
	ms_cli o = {*base};
	ut_cli_mpi m;
	int status;

	ut_cli_mpi_init(&m, &o.ui, &argc, &argv);
	status = playtest(o, &m, argc, argv);
	if (!m.agreed)
		status = ut_cli_mpi_agree(&m, &o.ui, "playtest", status, 0);
	return ut_cli_mpi_end(&m, status);
}
