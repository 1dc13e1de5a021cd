/*
 * cmd_fight_mc.c - `megami fight SCENARIO --runs N [--seed S] [--jobs J]
 * [--format text|json] [--svg FILE]`: Monte Carlo over seeded combats
 * (docs/MEGAMI.md "Monte Carlo", the MG-MC rules).  cmd_fight.c reads the
 * scenario and the common options and hands over here (fight_mc.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fight_mc.h"
#include "stop_text.h"
#include "megami/mc_render.h"
#include "megami/montecarlo.h"
#include "util/hash.h"

#define JOBS_MAX 1024

int mg_fight_mc_option(mg_fight_mc *mc, const ut_cli *ui, int opt,
                       const char *arg)
{
	uint64_t v;

	switch (opt) {
	case OPT_RUNS:
		/* MG-MC-LIMIT-1 */
		if (ut_cli_parse_u64(&v, arg, MG_MC_RUNS_MAX) < 0 || v < 1)
			return ut_cli_bad_number(ui, "fight", "--runs", 1,
			                         MG_MC_RUNS_MAX, arg);
		mc->runs = v;
		return 0;
	case OPT_JOBS:
		if (ut_cli_parse_u64(&v, arg, JOBS_MAX) < 0 || v < 1)
			return ut_cli_bad_number(ui, "fight", "--jobs", 1, JOBS_MAX,
			                         arg);
		mc->jobs = (unsigned)v;
		return 0;
	case OPT_SVG:
		{
			int rc = ut_cli_out_file(ui, "fight", "--svg", arg);
			if (rc)
				return rc;
		}
		mc->svg = arg;
		return 0;
	default:
		return UT_EXIT_USAGE;
	}
}

int mg_fight_mc_check(const mg_fight_mc *mc, const ut_cli *ui,
                      int dice_given)
{
	if (mc->runs == 0 && mc->jobs)
		return ut_cli_usage_error(ui, "fight",
			UT_TR(ui, "--jobs は --runs と一緒に使います",
			      "--jobs needs --runs"));
	if (mc->runs == 0 && mc->svg)
		return ut_cli_usage_error(ui, "fight",
			UT_TR(ui, "--svg は --runs と一緒に使います",
			      "--svg needs --runs"));
	if (mc->runs && dice_given)
		return ut_cli_usage_error(ui, "fight",
			UT_TR(ui, "--runs と --dice は同時に使えません",
			      "--runs and --dice cannot be used together"));
	return 0;
}

static unsigned online_cores(void)
{
	long n = sysconf(_SC_NPROCESSORS_ONLN);
	return n < 1 ? 1 : n > JOBS_MAX ? JOBS_MAX : (unsigned)n;
}

/* MG-MC-MPI-1, UT-CLI-MPI-1: every rank's part to rank 0, added up into
 * rank 0's r.  Returns 0, or -1 after the message (rank 0). */
static int gather(const ut_cli_mpi *m, const ut_cli *ui, mg_mc_report *r)
{
	ut_buf mine = UT_BUF_INIT, all = UT_BUF_INIT;
	size_t *lens = calloc((size_t)m->size, sizeof *lens), off;
	int i, rc = 0;

	if (!lens) {
		ut_cli_error(ui, "out of memory");
		exit(UT_EXIT_INPUT); /* before the gather: mpirun stops the job */
	}
	/* a rank that cannot pack sends nothing: rank 0 then fails below */
	if (m->rank != 0 && mg_mc_report_pack(&mine, r) < 0)
		ut_buf_clear(&mine);
	ut_cli_mpi_gather(m, &mine, &all, lens);
	for (i = 1, off = lens[0]; m->rank == 0 && i < m->size; i++) {
		if (rc == 0 && mg_mc_report_merge_packed(r, all.ptr + off,
		                                         lens[i]) < 0)
			rc = -1;
		off += lens[i];
	}
	if (rc < 0)
		ut_cli_error(ui, "fight: %s", mg_error_last());
	ut_buf_free(&mine);
	ut_buf_free(&all);
	free(lens);
	return rc;
}

int mg_fight_mc_run(const mg_fight_mc *mc, const ut_cli *ui,
                    const mg_scenario *s, uint64_t seed, int json,
                    uint64_t max_events, ut_cli_mpi *m, uint64_t hash)
{
	mg_mc_opts o = MG_MC_OPTS_INIT;
	mg_mc_report r;
	mg_lang lang = ui->lang == UT_LANG_EN ? MG_LANG_EN : MG_LANG_JA;
	ut_cli_bar b = UT_CLI_BAR_INIT;
	uint64_t first, count, opt[3];
	int rc, status;

	o.runs = mc->runs;
	o.seed = seed;
	o.max_events = max_events; /* MG-BUDGET-2 */
	/* MG-MC-JOBS-1; the cores shared by the ranks of one machine */
	o.jobs = mc->jobs ? mc->jobs : online_cores() / (unsigned)m->size;
	if (o.jobs < 1)
		o.jobs = 1;
	if (m->rank == 0 && isatty(fileno(stderr))) {
		o.progress = ut_cli_progress; /* util/cli.h */
		o.progress_ud = &b;
	}
	/* MG-MC-MPI-1: the same scenario, runs, seed and budget everywhere */
	opt[0] = o.runs;
	opt[1] = o.seed;
	opt[2] = o.max_events;
	hash = ut_fnv1a(hash, opt, sizeof opt);
	if ((status = ut_cli_mpi_agree(m, ui, "fight", UT_EXIT_OK, hash)) != 0)
		return status;
	ut_cli_mpi_share(m, o.runs, &first, &count);
	rc = mg_mc_run_part(&r, s, &o, first, count); /* MG-MC-SHARE-1 */
	ut_cli_progress_end(&b);
	if (rc < 0)
		ut_cli_error(ui, "fight: %s", mg_error_last());
	if ((status = ut_cli_mpi_agree(m, ui, "fight",
	                               rc < 0 ? UT_EXIT_INPUT : UT_EXIT_OK,
	                               0)) != 0) {
		mg_mc_report_free(&r);
		return status;
	}
	if (m->size > 1 && gather(m, ui, &r) < 0) {
		mg_mc_report_free(&r);
		return UT_EXIT_INPUT;
	}
	if (m->rank != 0) {
		mg_mc_report_free(&r);
		return UT_EXIT_OK; /* rank 0's status is every rank's */
	}
	rc = mg_mc_report_finish(&r);
	if (rc < 0) {
		char shown[1536];
		/* MG-MC-ERR-1: the run, its seed, the combat's message (in the
		 * page's language, stop_text.h) */
		if (r.failed)
			ut_cli_error(ui, "fight: %s",
			             mg_cli_run_failure(shown, sizeof(shown), &r, rc,
			                                max_events, ui->lang));
		else
			ut_cli_error(ui, "fight: %s", mg_error_last());
		mg_mc_report_free(&r);
		return UT_EXIT_INPUT;
	}
	/* the report on stdout (its failure: ut_cli_exit), the picture in
	 * --svg, replaced whole or not at all (util/out.h) */
	rc = mg_mc_render(&r, json ? MG_LOG_JSON : MG_LOG_TEXT, lang,
	                  ut_out_writer, ut_out_stdout());
	if (rc < 0 && !ut_out_stdout()->err)
		ut_cli_error(ui, "fight: %s", mg_error_last());
	status = rc < 0 || ut_out_flush(ut_out_stdout()) < 0 ? UT_EXIT_INPUT
	                                                     : UT_EXIT_OK;
	if (mc->svg) {
		ut_out f;
		rc = -1;
		if (ut_out_open(&f, mc->svg, "--svg") == 0)
			rc = mg_mc_svg(&r, lang, ut_out_writer, &f);
		if (ut_cli_out_close(ui, "fight", &f,
		                     rc < 0 ? mg_error_last() : NULL) != UT_EXIT_OK)
			status = UT_EXIT_INPUT;
	}
	mg_mc_report_free(&r);
	return status;
}
