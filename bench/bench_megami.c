/*
 * bench_megami.c - 戦女神TRPG fights per second on one thread.
 *
 * A 4-against-4 scenario is built in C from a fixed seed with the
 * generator (PCs around 0 m, NPCs around 12 m; melee, bows and area
 * magic; armor; some finish off), then fought again and again with one
 * combat object (mg_combat_restart), the default policy for every
 * decision, no event callback, and dice from the generator seeded S + i
 * for fight i (docs/RANDOM.md series).
 * Usage: bench_megami [SECONDS]  (default 3)
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "megami/combat.h"
#include "util/rng.h"

#include "megami_gen.h"

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

int main(int argc, char **argv)
{
	double secs = argc > 1 ? atof(argv[1]) : 3.0;
	megami_gen g;
	mg_combat_opts o = MG_COMBAT_OPTS_INIT;
	mg_combat *c;
	ut_dice dice;
	uint64_t seed = 20261130, fights = 0, wins[3] = {0, 0, 0}, rounds = 0;
	double t0, t;

	megami_gen_4v4(&g);
	ut_dice_seed(&dice, seed);
	o.dice = &dice;
	if (mg_combat_new(&c, &g.s, &o) < 0) {
		fprintf(stderr, "bench_megami: %s\n", mg_error_last());
		return 1;
	}
	t0 = now();
	do {
		int k;
		for (k = 0; k < 10000; k++) {
			mg_result res;
			ut_dice_seed(&dice, ut_rng_series_seed(seed, fights));
			mg_combat_restart(c);
			if (mg_combat_run(&res, c) < 0) {
				fprintf(stderr, "bench_megami: %s\n",
				        mg_error_last());
				return 1;
			}
			fights++;
			rounds += (uint64_t)res.rounds;
			wins[res.winner + 1]++;
		}
		t = now() - t0;
	} while (t < secs);
	printf("bench_megami: 4 against 4, %llu fights in %.2f s\n",
	       (unsigned long long)fights, t);
	printf("bench_megami: %.0f fights/second on 1 thread (%.2f rounds/fight;"
	       " PC won %llu, NPC won %llu, draws %llu)\n",
	       (double)fights / t, (double)rounds / (double)fights,
	       (unsigned long long)wins[1], (unsigned long long)wins[2],
	       (unsigned long long)wins[0]);
	mg_combat_free(c);
	return 0;
}
