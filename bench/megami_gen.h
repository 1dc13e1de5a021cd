/*
 * megami_gen.h - the 4-against-4 scenario of the megami benchmarks and
 * tests, built in C from a fixed generator seed (1): PCs around 0 m, NPCs
 * around 12 m; melee, bows and area magic (a complex, fire, engagement
 * attack); armor; every third character finishes off.  Header only (like
 * gen.h): bench_megami.c, bench_megami_mc.c and tests/megami/ include it.
 */
#ifndef MEGAMI_GEN_H
#define MEGAMI_GEN_H

#include <string.h>

#include "megami/scenario.h"
#include "util/rng.h"

typedef struct megami_gen {
	mg_scenario s;
	mg_character ch[8];
	mg_attack at[8][3];
} megami_gen;

/* Fill *g; g->s is the scenario (it points into *g). */
static inline void megami_gen_4v4(megami_gen *g)
{
	static const char *const names[8] = {"アリア", "ベル", "セリカ", "ディアナ",
	                                     "ゴブリン", "オーク", "魔導士", "狼"};
	ut_rng r;
	int i;

	memset(g, 0, sizeof *g);
	ut_rng_seed(&r, 1);
	for (i = 0; i < 8; i++) {
		mg_character *x = &g->ch[i];
		mg_attack *at = g->at[i];
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
		mg_attack_init(&at[0]);
		at[0].name = "剣";
		at[0].damage = 6 + (int64_t)ut_rng_uniform(&r, 3);
		at[0].attributes = 1u << MG_ATTR_IMPACT;
		mg_attack_init(&at[1]);
		at[1].name = "弓";
		at[1].damage = 3 + (int64_t)ut_rng_uniform(&r, 2);
		at[1].range = 10;
		at[1].attributes = 1u << MG_ATTR_PIERCE;
		mg_attack_init(&at[2]);
		at[2].name = "火球";
		at[2].kind = MG_KIND_MAGIC;
		at[2].damage = 3;
		at[2].range = 6;
		at[2].area = MG_AREA_ENGAGEMENT;
		at[2].timing = MG_TIMING_COMPLEX;
		at[2].attributes = 1u << MG_ATTR_FIRE;
		x->attacks = at;
		x->nattacks = i % 2 ? 3 : 2;
	}
	g->s.round_limit = 20;
	g->s.characters = g->ch;
	g->s.ncharacters = 8;
}

#endif
