/*
 * gen.h - deterministic generator of legal core-game units for benchmarks
 * and tests, and a clock (header-only so each bench_*.c stays one
 * executable).
 *
 * A unit: 10 bonus points split at random over ＨＰ/攻撃力/防御力/素早さ/技術,
 * then random actions (class, customisations) while their costs fit 技術.
 */
#ifndef AM_BENCH_GEN_H
#define AM_BENCH_GEN_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "amaryllis.h"

#define GEN_MAX_ACTIONS 10

typedef struct gen_unit {
	char name[16];
	am_action act[GEN_MAX_ACTIONS];
	uint32_t slots[GEN_MAX_ACTIONS];
	am_unit_def def;
	am_team team;
} gen_unit;

/* Seconds on the monotonic clock, for timing benchmarks. */
static inline double gen_now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static inline uint64_t gen_next(uint64_t *s)
{
	uint64_t x = (*s += 0x9e3779b97f4a7c15ULL);
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
	x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
	return x ^ (x >> 31);
}

static inline int64_t gen_below(uint64_t *s, int64_t n)
{
	return (int64_t)(gen_next(s) % (uint64_t)n);
}

/* One random action costing at most `budget`, or 0 if none was found. */
static inline int gen_action(uint64_t *s, am_action *a, int64_t budget)
{
	int tries;

	for (tries = 0; tries < 50; tries++) {
		memset(a, 0, sizeof(*a));
		a->cls = (am_class)gen_below(s, AM_CLASS_BUILD);
		a->mult = 1;
		a->build = -1;
		a->name = am_class_name(a->cls);
		if (a->cls == AM_CLASS_ATK_UP || a->cls == AM_CLASS_DEF_UP ||
		    a->cls == AM_CLASS_SPD_UP)
			a->n = 1 + gen_below(s, 3);
		a->limited = a->cls == AM_CLASS_LIFE || a->cls == AM_CLASS_HEAL ||
		             gen_below(s, 3) == 0;
		switch (gen_below(s, 4)) {
		case 0: a->delay = 2 + gen_below(s, 4); break;
		case 1: a->fast = 1; break;
		default: break;
		}
		if (am_class_kind(a->cls) == AM_KIND_ATTACK) {
			if (gen_below(s, 4) == 0)
				a->mult = 2;
			a->stun = gen_below(s, 5) == 0;
			a->poison = gen_below(s, 5) == 0;
		}
		if (am_action_cost(&a->cost, a, 0) == 0 && a->cost <= budget)
			return 1;
	}
	return 0;
}

static inline void gen_unit_make(gen_unit *u, uint64_t *s, int index)
{
	int64_t pts[5] = {0, 0, 0, 0, 0}, tech;
	int i;
	size_t n = 0;

	memset(u, 0, sizeof(*u));
	for (i = 0; i < 10; i++)
		pts[gen_below(s, 5)]++;
	snprintf(u->name, sizeof(u->name), "U%d", index);
	u->def.name = u->name;
	u->def.hp = pts[0] * 5;
	u->def.atk = pts[1];
	u->def.def = pts[2];
	u->def.spd = pts[3];
	u->def.tech = tech = pts[4];
	u->def.bonus = 10;
	while (n < GEN_MAX_ACTIONS && tech > 0 &&
	       gen_action(s, &u->act[n], tech)) {
		tech -= u->act[n].cost;
		u->slots[n] = (uint32_t)n;
		n++;
	}
	u->def.nslots = n;
	u->def.slots = u->slots;
	u->team.nunits = 1;
	u->team.units = &u->def;
	u->team.nactions = n;
	u->team.actions = u->act;
}

#endif
