/*
 * bteam.h - random ビルディア teams through the public team API, for the
 * property tests that compare two ways of playing a battle
 * (tests/amaryllis/test_shortcuts.c, tests/amaryllis/test_hits.c).  Header-only; include it
 * after <cmocka.h>.
 */
#ifndef AM_TESTS_BTEAM_H
#define AM_TESTS_BTEAM_H

#include <stdio.h>
#include <string.h>

#include "amaryllis/engine.h"

#include "../bench/gen.h"

#define BMAX_UNITS 3
#define BMAX_ACTS 6

typedef struct bteam {
	char names[BMAX_UNITS][16];
	am_action act[BMAX_UNITS * BMAX_ACTS];
	uint32_t slots[BMAX_UNITS][BMAX_ACTS];
	am_unit_def def[BMAX_UNITS];
	am_team team;
} bteam;

/*
 * A random ビルディア team: an entry unit and two stored definitions, each
 * with up to BMAX_ACTS actions of any class.  Attacks may be 全体化, carry
 * 毒/スタン, be 効果２倍; supports may be 全体化 or 対象±Ｎ; builds name
 * a stored unit with 配置±1..2 (only the entry unit builds without
 * リミテッド, which bounds the population to a few hundred).  A stored unit
 * may have ＨＰ 0 (it dies as it is built) or 素早さ 0 (it never acts).
 * An attack is 全体化 with chance 1 in all_in.
 */
static inline void bteam_make(bteam *b, uint64_t *s, int index, int all_in)
{
	size_t u, k, na = 0;

	memset(b, 0, sizeof(*b));
	for (u = 0; u < BMAX_UNITS; u++) {
		am_unit_def *d = &b->def[u];
		size_t nslots = (size_t)gen_below(s, BMAX_ACTS + 1);
		snprintf(b->names[u], sizeof(b->names[u]), "B%d.%zu", index, u);
		d->name = b->names[u];
		d->hp = u == 0 ? 5 + gen_below(s, 40) : gen_below(s, 20);
		d->atk = gen_below(s, 6);
		d->def = gen_below(s, 3);
		d->spd = gen_below(s, u == 0 ? 4 : 3);
		d->tech = 10;
		d->bonus = u == 0 ? 10 : 1 + gen_below(s, 5);
		for (k = 0; k < nslots; k++) {
			am_action *a = &b->act[na];
			memset(a, 0, sizeof(*a));
			a->cls = (am_class)gen_below(s, AM_CLASS_COUNT);
			a->name = am_class_name(a->cls);
			a->mult = 1;
			a->build = -1;
			a->limited = gen_below(s, 3) == 0 ||
			             a->cls == AM_CLASS_LIFE ||
			             a->cls == AM_CLASS_HEAL;
			switch (gen_below(s, 4)) {
			case 0: a->delay = 2 + gen_below(s, 4); break;
			case 1: a->fast = 1; break;
			default: break;
			}
			switch (am_class_kind(a->cls)) {
			case AM_KIND_ATTACK:
				a->all = gen_below(s, all_in) == 0;
				a->stun = gen_below(s, 3) == 0;
				a->poison = gen_below(s, 3) == 0 ? 1 + gen_below(s, 2)
				                                 : 0;
				a->mult = gen_below(s, 5) == 0 ? 2 : 1;
				break;
			case AM_KIND_SUPPORT:
				if (a->cls == AM_CLASS_ATK_UP ||
				    a->cls == AM_CLASS_DEF_UP ||
				    a->cls == AM_CLASS_SPD_UP)
					a->n = 1 + gen_below(s, 2);
				if (gen_below(s, 3) == 0)
					a->all = 1;
				else if (gen_below(s, 2) == 0)
					a->target = gen_below(s, 2) ? 1 + gen_below(s, 2)
					                            : -1 - gen_below(s, 2);
				break;
			case AM_KIND_BUILD:
				a->build = (int32_t)(1 + gen_below(s, 2));
				a->place = gen_below(s, 2) ? 1 + gen_below(s, 2)
				                           : -1 - gen_below(s, 2);
				if (u != 0)
					a->limited = 1;
				break;
			}
			assert_int_equal(am_action_cost(&a->cost, a, 3), 0);
			b->slots[u][k] = (uint32_t)na++;
		}
		d->nslots = nslots;
		d->slots = b->slots[u];
	}
	b->team.nunits = BMAX_UNITS;
	b->team.units = b->def;
	b->team.nactions = na;
	b->team.actions = b->act;
	assert_int_equal(am_team_check(&b->team), 0);
}

#endif
