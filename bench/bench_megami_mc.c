/*
 * bench_megami_mc.c - 戦女神TRPG Monte Carlo: fights per second of
 * mg_mc_run on 1 and 2 threads (or the counts given), for the 4-against-4
 * scenario of bench_megami.c (generator seed 1), or a scenario file such as
 * examples/megami/encounter_4v4.yaml; series seed 20261130.  Also checks
 * that every thread count gives the same wins.
 * Usage: bench_megami_mc [-f SCENARIO.yaml] [RUNS [JOBS...]]
 *        (default: the built-in scenario, 200000 runs, 1 and 2 threads)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "megami/montecarlo.h"
#include "megami/scenario_yaml.h"
#include "util/rng.h"

#include "megami_gen.h"

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* The scenario of a file, or NULL after saying why. */
static const mg_scenario *from_file(const char *path, mg_scenario_doc **doc)
{
	static char text[1 << 20];
	FILE *f = fopen(path, "rb");
	size_t len;

	if (f == NULL) {
		perror(path);
		return NULL;
	}
	len = fread(text, 1, sizeof text, f);
	fclose(f);
	if (mg_scenario_parse(doc, text, len, NULL) < 0 ||
	    mg_scenario_doc_scenario(*doc) == NULL) {
		fprintf(stderr, "bench_megami_mc: %s: not a valid scenario "
		        "(megami check %s)\n", path, path);
		return NULL;
	}
	return mg_scenario_doc_scenario(*doc);
}

int main(int argc, char **argv)
{
	mg_scenario_doc *doc = NULL;
	const mg_scenario *sc;
	const char *file = NULL;
	uint64_t runs;
	unsigned deflt[2] = {1, 2}, njobs;
	megami_gen g;
	uint64_t first[3] = {0, 0, 0};
	unsigned j;

	if (argc > 2 && strcmp(argv[1], "-f") == 0) {
		file = argv[2];
		argc -= 2;
		argv += 2;
	}
	runs = argc > 1 ? strtoull(argv[1], NULL, 10) : 200000;
	njobs = argc > 2 ? (unsigned)(argc - 2) : 2;
	megami_gen_4v4(&g);
	sc = &g.s;
	if (file && (sc = from_file(file, &doc)) == NULL)
		return 1;

	for (j = 0; j < njobs; j++) {
		mg_mc_opts o = MG_MC_OPTS_INIT;
		mg_mc_report rep;
		double t0, t;
		o.runs = runs;
		o.seed = 20261130;
		o.jobs = argc > 2 ? (unsigned)atoi(argv[2 + j]) : deflt[j];
		t0 = now();
		if (mg_mc_run(&rep, sc, &o) < 0) {
			fprintf(stderr, "bench_megami_mc: %s\n", mg_error_last());
			return 1;
		}
		t = now() - t0;
		printf("bench_megami_mc: %s, %llu fights on %u thread%s in "
		       "%.2f s: %.0f fights/second (PC %llu, NPC %llu, draws "
		       "%llu)\n", file ? file : "4 against 4",
		       (unsigned long long)runs, rep.jobs,
		       rep.jobs == 1 ? "" : "s", t, (double)runs / t,
		       (unsigned long long)rep.wins[MG_MC_PC],
		       (unsigned long long)rep.wins[MG_MC_NPC],
		       (unsigned long long)rep.wins[MG_MC_DRAW]);
		if (j == 0) {
			first[0] = rep.wins[0];
			first[1] = rep.wins[1];
			first[2] = rep.wins[2];
		} else if (first[0] != rep.wins[0] || first[1] != rep.wins[1] ||
		           first[2] != rep.wins[2]) {
			fprintf(stderr, "bench_megami_mc: the wins differ between "
			        "thread counts\n");
			return 1;
		}
		mg_mc_report_free(&rep);
	}
	mg_scenario_doc_free(doc);
	return 0;
}
