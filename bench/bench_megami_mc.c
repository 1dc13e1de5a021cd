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

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static const char *const names[8] = {"アリア", "ベル", "セリカ", "ディアナ",
                                     "ゴブリン", "オーク", "魔導士", "狼"};

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
	mg_character ch[8];
	mg_attack at[8][3];
	mg_scenario s;
	uint64_t first[3] = {0, 0, 0};
	ut_rng r;
	unsigned j;
	int i;

	if (argc > 2 && strcmp(argv[1], "-f") == 0) {
		file = argv[2];
		argc -= 2;
		argv += 2;
	}
	runs = argc > 1 ? strtoull(argv[1], NULL, 10) : 200000;
	njobs = argc > 2 ? (unsigned)(argc - 2) : 2;
	ut_rng_seed(&r, 1);
	for (i = 0; i < 8; i++) {
		mg_character *x = &ch[i];
		mg_character_init(x);
		x->name = names[i];
		x->side = i < 4 ? MG_SIDE_PC : MG_SIDE_NPC;
		x->hp = x->hp_now = 18 + (int64_t)ut_rng_uniform(&r, 12);
		x->stat[MG_STAT_INITIATIVE] = (int64_t)ut_rng_uniform(&r, 5);
		x->stat[MG_STAT_ACCURACY] = 1 + (int64_t)ut_rng_uniform(&r, 4);
		x->stat[MG_STAT_EVASION] = (int64_t)ut_rng_uniform(&r, 4);
		x->stat[MG_STAT_RESISTANCE] = (int64_t)ut_rng_uniform(&r, 4);
		x->position = (i < 4 ? 0 : 12) + (int64_t)ut_rng_uniform(&r, 3);
		x->armor[MG_ATTR_IMPACT] = (int64_t)ut_rng_uniform(&r, 2);
		x->armor[MG_ATTR_PIERCE] = (int64_t)ut_rng_uniform(&r, 2);
		x->armor[MG_ATTR_ENERGY] = (int64_t)ut_rng_uniform(&r, 3);
		x->armor_listed = 1u << MG_ATTR_IMPACT | 1u << MG_ATTR_PIERCE |
		                  1u << MG_ATTR_ENERGY;
		x->finish = i % 3 == 0;
		mg_attack_init(&at[i][0]);
		at[i][0].name = "剣";
		at[i][0].damage = 6 + (int64_t)ut_rng_uniform(&r, 3);
		at[i][0].attributes = 1u << MG_ATTR_IMPACT;
		mg_attack_init(&at[i][1]);
		at[i][1].name = "弓";
		at[i][1].damage = 3 + (int64_t)ut_rng_uniform(&r, 2);
		at[i][1].range = 10;
		at[i][1].attributes = 1u << MG_ATTR_PIERCE;
		mg_attack_init(&at[i][2]);
		at[i][2].name = "火球";
		at[i][2].kind = MG_KIND_MAGIC;
		at[i][2].damage = 3;
		at[i][2].range = 6;
		at[i][2].area = MG_AREA_ENGAGEMENT;
		at[i][2].timing = MG_TIMING_COMPLEX;
		at[i][2].attributes = 1u << MG_ATTR_FIRE;
		x->attacks = at[i];
		x->nattacks = i % 2 ? 3 : 2;
	}
	s.round_limit = 20;
	s.characters = ch;
	s.ncharacters = 8;
	sc = &s;
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
