/*
 * bench_megami.c - 戦女神TRPG fights per second on one thread.
 *
 * A 4-against-4 scenario is built in C from a fixed seed with the
 * generator (PCs around 0 m, NPCs around 12 m; melee, bows and area
 * magic; armor; some finish off), then fought again and again with one
 * combat object (mg_combat_restart), the default policy for every
 * decision, no event callback, and dice from the generator seeded S + i
 * for fight i (RANDOM.md series).
 * Usage: bench_megami [SECONDS]  (default 3)
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "megami/combat.h"
#include "util/rng.h"

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static const char *const names[8] = {"アリア", "ベル", "セリカ", "ディアナ",
                                     "ゴブリン", "オーク", "魔導士", "狼"};

int main(int argc, char **argv)
{
	double secs = argc > 1 ? atof(argv[1]) : 3.0;
	mg_character ch[8];
	mg_attack at[8][3];
	mg_scenario s;
	mg_combat_opts o = MG_COMBAT_OPTS_INIT;
	mg_combat *c;
	ut_dice dice;
	ut_rng r;
	uint64_t seed = 20261130, fights = 0, wins[3] = {0, 0, 0}, rounds = 0;
	double t0, t;
	int i;

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
	ut_dice_seed(&dice, seed);
	o.dice = &dice;
	if (mg_combat_new(&c, &s, &o) < 0) {
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
