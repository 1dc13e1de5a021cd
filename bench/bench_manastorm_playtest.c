/*
 * bench_manastorm_playtest.c - duels per second through the playtest API
 * (manastorm/playtest.h) on 1 and 2 threads.
 *
 * The scenario is the bundled table (examples/manastorm/table.yaml) built
 * in C: casters リナ and ミオ (発現値 7, MP 3, 衣装 [3, 2]), warriors カイ
 * and ジン (発現値 7, HP 10), full shuffled decks, 3 battles of at most 10
 * rounds, hand 5, policy default.  Each measurement is one ms_pt_run of N
 * runs from seed 20261130 (the report is the same for both; the second
 * line checks it).  Usage: bench_manastorm_playtest [RUNS]  (default 200000)
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "manastorm/playtest.h"

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

int main(int argc, char **argv)
{
	static const int64_t outfits[] = {3, 2};
	static const char *const names[4] = {"リナ", "カイ", "ミオ", "ジン"};
	static const int suits[4] = {MS_SUIT_H, MS_SUIT_S, MS_SUIT_D, MS_SUIT_C};
	uint64_t runs = argc > 1 ? strtoull(argv[1], NULL, 10) : 200000;
	uint64_t wins[2][3];
	ms_participant p[4];
	ms_scenario s;
	unsigned jobs;
	int i;

	for (i = 0; i < 4; i++) {
		ms_participant_init(&p[i]);
		p[i].name = names[i];
		p[i].side = i / 2;
		p[i].role = i % 2 ? MS_ROLE_WARRIOR : MS_ROLE_CASTER;
		p[i].threshold = 7;
		p[i].suit = suits[i];
		if (i % 2)
			p[i].hp = 10;
		else {
			p[i].mp = 3;
			p[i].outfits = outfits;
			p[i].noutfits = 2;
		}
	}
	ms_scenario_init(&s);
	s.participants = p;
	s.nparticipants = 4;
	for (jobs = 1; jobs <= 2; jobs++) {
		ms_pt_opts o = MS_PT_OPTS_INIT;
		ms_pt_report r;
		double t0, t;
		o.runs = runs;
		o.seed = 20261130;
		o.jobs = jobs;
		t0 = now();
		if (ms_pt_run(&r, &s, &o) < 0) {
			fprintf(stderr, "bench_manastorm_playtest: %s\n", ms_error_last());
			ms_pt_report_free(&r);
			return 1;
		}
		t = now() - t0;
		printf("manastorm playtest: %" PRIu64 " duels in %.2f s = %.0f duels/s "
		       "(%u thread%s)\n", runs, t, (double)runs / t, r.jobs,
		       r.jobs == 1 ? "" : "s");
		for (i = 0; i < 3; i++)
			wins[jobs - 1][i] = r.wins[i];
		ms_pt_report_free(&r);
	}
	printf("  A %" PRIu64 ", B %" PRIu64 ", draws %" PRIu64 "; %s for 1 and 2 "
	       "threads\n", wins[0][0], wins[0][1], wins[0][2],
	       wins[0][0] == wins[1][0] && wins[0][1] == wins[1][1] &&
	       wins[0][2] == wins[1][2] ? "the same" : "NOT the same");
	return 0;
}
