/*
 * bench_battle.c - core battles per second on one thread.
 *
 * Generates N legal units from a fixed seed, compiles each once
 * (am_program) and plays every pair in a loop with one reusable engine and
 * no event callback, as a league does.
 * Usage: bench_battle [UNITS] [SECONDS]  (defaults 200, 3)
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "gen.h"

int main(int argc, char **argv)
{
	int nunits = argc > 1 ? atoi(argv[1]) : 200;
	double secs = argc > 2 ? atof(argv[2]) : 3.0;
	gen_unit *units;
	am_program **progs;
	am_engine *e;
	uint64_t seed = 20261130, battles = 0, steps = 0, wins[3] = {0, 0, 0};
	double t0, t;
	int i, j;

	if (nunits < 2)
		nunits = 2;
	units = calloc((size_t)nunits, sizeof(*units));
	progs = calloc((size_t)nunits, sizeof(*progs));
	if (!units || !progs || am_engine_new(&e) < 0)
		return 1;
	for (i = 0; i < nunits; i++) {
		gen_unit_make(&units[i], &seed, i);
		if (am_program_new(&progs[i], &units[i].team) < 0)
			return 1;
	}
	t0 = gen_now();
	do {
		for (i = 0; i < nunits; i++)
			for (j = i + 1; j < nunits; j++) {
				am_result r;
				if (am_battle_run_programs(&r, e, progs[i], progs[j],
				                           NULL) < 0) {
					fprintf(stderr, "battle failed: %s\n",
					        am_error_last());
					return 1;
				}
				battles++;
				steps += r.steps;
				wins[r.winner + 1]++;
			}
		t = gen_now() - t0;
	} while (t < secs);
	printf("bench_battle: %d generated units, %llu battles in %.2f s\n",
	       nunits, (unsigned long long)battles, t);
	printf("bench_battle: %.0f core battles/second on 1 thread "
	       "(%.1f steps/battle; side 0 won %llu, side 1 won %llu, "
	       "draws %llu)\n",
	       (double)battles / t, (double)steps / (double)battles,
	       (unsigned long long)wins[1], (unsigned long long)wins[2],
	       (unsigned long long)wins[0]);
	am_engine_free(e);
	for (i = 0; i < nunits; i++)
		am_program_free(progs[i]);
	free(progs);
	free(units);
	return 0;
}
