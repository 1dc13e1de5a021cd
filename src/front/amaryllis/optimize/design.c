/*
 * design.c - am_design: one legal sheet as the optimizer sees it, its
 * random draws, mutations and crossover, its players' notation and its
 * team (docs/OPTIMIZE.md, "The space").
 *
 * Legality by construction: every change ends with repair(), which brings
 * any design back into the legal space of docs/AMARYLLIS.md:
 *   AM-UNIT-1, AM-UNIT-2  stats ≥ 0 from exactly the bonus (技術 implied ≥ 0)
 *   AM-UNIT-4             the costs of the actions set fit 技術
 *   AM-CLASS-4, AM-CLASS-5, AM-CLASS-6 (Ｎ ≥ 1), AM-CLASS-9, AM-CLASS-10
 *                         (リミテッド required), AM-CUST-7, BU-CUST-4 (the
 *                         exclusions), A3 (which customisation goes where)
 *   BU-SHEET-1, BU-SHEET-2, BU-STORE-1  愛, Ｂ ≥ 1, at most 愛 ビルディア
 *   BU-STORE-2            every ビルディア reachable; conservatively, only
 *                         through a ビルド slot that its (living, ＨＰ ≥ 5)
 *                         builder reaches in its first turn of use (slot
 *                         index < 素早さ) with at most 遅延起動5, so that it
 *                         is built in some battle.
 * tests/amaryllis/test_optimize.c formats thousands of mutated designs and checks
 * each with the real sheet parser and validator.
 */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "amaryllis/optimize.h"
#include "util/buf.h"
#include "util/ckd.h"
#include "util/error.h"
#include "util/utf8.h"

#define D_MAX_SLOTS 10
#define D_MAX_BUILDIA 3
#define D_MAX_UNITS (1 + D_MAX_BUILDIA)
#define D_MAX_ACTIONS (D_MAX_UNITS * D_MAX_SLOTS)
#define D_MAX_N 30        /* largest Ｎ of a stat support drawn or reached */
#define D_MAX_MULT 5      /* largest 効果Ｎ倍 */
#define D_MAX_DELAY 20    /* 遅延起動 past 20 never fires (AM-TURN-2) */
#define D_MAX_STACK 4     /* スタン与え / 毒与え copies */
#define D_MAX_BONUS 20    /* Ｂ of a ビルディア */
#define D_BUILD_DELAY 5   /* a ビルド counts for reaching with at most this */

/* One action as set in one slot.  Every field is small (a class, flags,
 * Ｎ up to D_MAX_N, customisations up to D_MAX_DELAY, D_MAX_MULT,
 * D_MAX_STACK and ±5; a mutation's step of 1 or 2 is brought back by
 * normalize before the next), so a byte each: a design of one unit then
 * spans 3 cache lines instead of 8, which the thread that plays it reads
 * from the core that made it (issue 21, twelfth round:
 * docs/OPTIMIZE.md). */
typedef struct d_act {
	int8_t cls;
	int8_t limited, fast, all;
	int8_t n, delay, mult, stun, poison, target, place;
	int8_t build; /* ビルド: index of the built unit in the design */
} d_act;

/* One unit: stats in bonus points (ＨＰ = hp × 5). */
typedef struct d_unit {
	int64_t hp, atk, def, spd;
	int64_t bonus; /* entry: 10; ビルディア: Ｂ */
	int64_t love;  /* entry only */
	size_t nslots;
	d_act slot[D_MAX_SLOTS];
} d_unit;

struct am_design {
	int buildia;
	size_t nunits;
	d_unit u[D_MAX_UNITS];
	/* the team, made by am_design_team */
	int team_ok;
	am_team team;
	am_unit_def defs[D_MAX_UNITS];
	uint32_t slots[D_MAX_UNITS][D_MAX_SLOTS];
	am_action acts[D_MAX_ACTIONS];
};

/* The names of a design's actions, in order of first use (技1 …): a
 * table, not a snprintf for each action of each candidate. */
static const char *const act_names[D_MAX_ACTIONS] = {
	"技1", "技2", "技3", "技4", "技5", "技6", "技7", "技8", "技9", "技10", "技11", "技12",
	"技13", "技14", "技15", "技16", "技17", "技18", "技19", "技20", "技21", "技22", "技23",
	"技24", "技25", "技26", "技27", "技28", "技29", "技30", "技31", "技32", "技33", "技34",
	"技35", "技36", "技37", "技38", "技39", "技40"
};

/* Names as written (full width) and as the parser normalises them (NFKC). */
static const char entry_name[] = "オプティマ";
static const char *const buildia_fw[D_MAX_BUILDIA] = {"分身Ａ", "分身Ｂ",
                                                      "分身Ｃ"};
static const char *const buildia_nfkc[D_MAX_BUILDIA] = {"分身A", "分身B",
                                                        "分身C"};

static uint64_t below(ut_rng *r, uint64_t n)
{
	return ut_rng_uniform(r, n);
}

static int64_t tech_of(const d_unit *u)
{
	return u->bonus - u->love - u->hp - u->atk - u->def - u->spd;
}

/* The stored bonus of unit i: the base cost of building it (BU-BUILD-1). */
static int64_t stored(const am_design *g, int i)
{
	return g->u[i].bonus - g->u[i].love;
}

static void to_action(am_action *a, const d_act *d)
{
	memset(a, 0, sizeof(*a));
	a->cls = (am_class)d->cls;
	a->n = d->n;
	a->delay = d->delay;
	a->mult = d->mult;
	a->stun = d->stun;
	a->poison = d->poison;
	a->target = d->target;
	a->place = d->place;
	a->build = d->cls == AM_CLASS_BUILD ? d->build : -1;
	a->limited = (uint8_t)d->limited;
	a->fast = (uint8_t)d->fast;
	a->all = (uint8_t)d->all;
}

/* The cost of an action (AM-COST-1); INT64_MAX when it overflows. */
static int64_t act_cost(const am_design *g, const d_act *d)
{
	am_action a;
	int64_t c;

	to_action(&a, d);
	if (am_action_cost(&c, &a, d->cls == AM_CLASS_BUILD ?
	                   stored(g, d->build) : 0) < 0)
		return INT64_MAX;
	return c;
}

static int64_t used_of(const am_design *g, const d_unit *u)
{
	int64_t sum = 0;
	size_t k;

	for (k = 0; k < u->nslots; k++)
		if (ut_ckd_add(&sum, sum, act_cost(g, &u->slot[k])))
			return INT64_MAX;
	return sum;
}

static int act_eq(const d_act *x, const d_act *y)
{
	return x->cls == y->cls && x->limited == y->limited &&
	       x->fast == y->fast && x->all == y->all && x->n == y->n &&
	       x->delay == y->delay && x->mult == y->mult &&
	       x->stun == y->stun && x->poison == y->poison &&
	       x->target == y->target && x->place == y->place &&
	       (x->cls != AM_CLASS_BUILD || x->build == y->build);
}

static int clamp_range(int64_t *v, int64_t lo, int64_t hi)
{
	if (*v < lo) *v = lo;
	if (*v > hi) *v = hi;
	return 0;
}

static void clamp8(int8_t *v, int lo, int hi)
{
	if (*v < lo) *v = (int8_t)lo;
	if (*v > hi) *v = (int8_t)hi;
}

/*
 * Make one action consistent (A3, AM-CUST-7, BU-CUST-4, AM-CLASS-4 …
 * AM-CLASS-10, BU-BUILD-1): what does not belong to its class goes, what
 * the class requires comes, Ｎ are brought into range.
 */
static void normalize(d_act *a, const am_design *g)
{
	am_kind kind;

	if (a->cls < 0 || a->cls >= AM_CLASS_COUNT)
		a->cls = AM_CLASS_DIRECT;
	if (a->cls == AM_CLASS_BUILD && (!g->buildia || g->nunits == 0))
		a->cls = AM_CLASS_DIRECT;
	kind = am_class_kind((am_class)a->cls);
	if (a->cls == AM_CLASS_ATK_UP || a->cls == AM_CLASS_DEF_UP ||
	    a->cls == AM_CLASS_SPD_UP)
		clamp8(&a->n, 1, D_MAX_N);
	else
		a->n = 0;
	if (a->cls == AM_CLASS_LIFE || a->cls == AM_CLASS_HEAL)
		a->limited = 1;
	a->limited = !!a->limited;
	a->fast = !!a->fast;
	a->all = !!a->all;
	if (a->delay < 2)
		a->delay = 0;
	clamp8(&a->delay, 0, D_MAX_DELAY);
	if (a->delay)
		a->fast = 0;
	if (kind != AM_KIND_ATTACK) {
		a->mult = 1;
		a->stun = a->poison = 0;
	}
	clamp8(&a->mult, 1, D_MAX_MULT);
	clamp8(&a->stun, 0, D_MAX_STACK);
	clamp8(&a->poison, 0, D_MAX_STACK);
	if (!g->buildia)
		a->all = 0, a->target = 0;
	if (kind == AM_KIND_BUILD)
		a->all = 0;
	if (kind != AM_KIND_SUPPORT || a->all)
		a->target = 0;
	clamp8(&a->target, -5, 5);
	if (kind == AM_KIND_BUILD) {
		if (a->place == 0)
			a->place = 1;
		clamp8(&a->place, -5, 5);
		if (a->build < 0 || (size_t)a->build >= g->nunits)
			a->build = 0;
	} else {
		a->place = 0;
		a->build = 0;
	}
}

/* A random action (any class the design allows, random customisations). */
static void random_act(d_act *a, const am_design *g, ut_rng *r)
{
	uint64_t t;

	memset(a, 0, sizeof(*a));
	a->mult = 1;
	a->cls = (int)below(r, g->buildia ? AM_CLASS_COUNT : AM_CLASS_BUILD);
	if (a->cls == AM_CLASS_ATK_UP || a->cls == AM_CLASS_DEF_UP ||
	    a->cls == AM_CLASS_SPD_UP)
		a->n = below(r, 4) ? 1 + (int64_t)below(r, 3) :
		                     1 + (int64_t)below(r, D_MAX_N);
	a->limited = below(r, 3) == 0;
	t = below(r, 10);
	if (t >= 5 && t < 7)
		a->fast = 1;
	else if (t >= 7)
		a->delay = 2 + (int64_t)(t < 9 ? below(r, 4) :
		                         below(r, D_MAX_DELAY - 1));
	if (below(r, 4) == 0)
		a->mult = 2 + (int64_t)below(r, 2);
	if (below(r, 5) == 0)
		a->stun = 1 + (int64_t)below(r, 2);
	if (below(r, 5) == 0)
		a->poison = 1 + (int64_t)below(r, 2);
	if (g->buildia) {
		a->all = below(r, 8) == 0;
		if (below(r, 8) == 0)
			a->target = (below(r, 2) ? 1 : -1) *
			            (1 + (int64_t)below(r, 3));
		a->place = (below(r, 2) ? 1 : -1) * (1 + (int64_t)below(r, 3));
		a->build = (int)below(r, g->nunits);
		if (a->cls == AM_CLASS_BUILD && a->delay > D_BUILD_DELAY)
			a->delay = 2 + (int64_t)below(r, D_BUILD_DELAY - 1);
	}
	normalize(a, g);
}

static void insert_slot(d_unit *u, size_t at, const d_act *a)
{
	if (u->nslots >= D_MAX_SLOTS)
		return;
	if (at > u->nslots)
		at = u->nslots;
	memmove(&u->slot[at + 1], &u->slot[at],
	        (u->nslots - at) * sizeof(u->slot[0]));
	u->slot[at] = *a;
	u->nslots++;
}

static void remove_slot(d_unit *u, size_t at)
{
	if (at >= u->nslots)
		return;
	memmove(&u->slot[at], &u->slot[at + 1],
	        (u->nslots - at - 1) * sizeof(u->slot[0]));
	u->nslots--;
}

/* Add a random action that fits the unit's 技術 left, at position `at`;
 * 0 if none was found in a few draws. */
static int add_random_act(am_design *g, int ui, size_t at, ut_rng *r)
{
	d_unit *u = &g->u[ui];
	int64_t left = tech_of(u) - used_of(g, u);
	int tries;
	d_act a;

	if (u->nslots >= D_MAX_SLOTS || left < 1)
		return 0;
	for (tries = 0; tries < 30; tries++) {
		random_act(&a, g, r);
		if (act_cost(g, &a) <= left) {
			insert_slot(u, at, &a);
			return 1;
		}
	}
	return 0;
}

/* Split `total` points over k stats uniformly over the compositions
 * (stars and bars: k − 1 bars among total + k − 1 places). */
static void split(int64_t *out[], int k, int64_t total, ut_rng *r)
{
	int64_t places = total + k - 1, pos;
	int bars = k - 1, i = 0;

	for (i = 0; i < k; i++)
		*out[i] = 0;
	i = 0;
	for (pos = 0; pos < places; pos++) {
		/* choose this place as a bar with probability bars left / places left */
		if (bars > 0 &&
		    (int64_t)below(r, (uint64_t)(places - pos)) < bars) {
			bars--;
			i++;
		} else {
			(*out[i])++;
		}
	}
}

/* Remove unit i from the storage: the slots that build it go, later
 * indices move down. */
static void remove_unit(am_design *g, size_t i)
{
	size_t v, k;

	if (i == 0 || i >= g->nunits)
		return;
	memmove(&g->u[i], &g->u[i + 1], (g->nunits - i - 1) * sizeof(g->u[0]));
	g->nunits--;
	for (v = 0; v < g->nunits; v++)
		for (k = g->u[v].nslots; k-- > 0;) {
			d_act *a = &g->u[v].slot[k];
			if (a->cls != AM_CLASS_BUILD)
				continue;
			if ((size_t)a->build == i)
				remove_slot(&g->u[v], k);
			else if ((size_t)a->build > i)
				a->build--;
		}
}

/* BU-STORE-2, conservatively (see the top of the file): which units are
 * reached from the entry unit; returns the index of the first unreached
 * one, or 0 when all are. */
static size_t unreached(const am_design *g)
{
	int reach[D_MAX_UNITS] = {1, 0, 0, 0}, grew = 1;
	size_t v, k;

	while (grew) {
		grew = 0;
		for (v = 0; v < g->nunits; v++) {
			const d_unit *u = &g->u[v];
			if (!reach[v] || u->hp < 1)
				continue;
			for (k = 0; k < u->nslots && (int64_t)k < u->spd; k++) {
				const d_act *a = &u->slot[k];
				if (a->cls == AM_CLASS_BUILD &&
				    a->delay <= D_BUILD_DELAY && !reach[a->build]) {
					reach[a->build] = 1;
					grew = 1;
				}
			}
		}
	}
	for (v = 1; v < g->nunits; v++)
		if (!reach[v])
			return v;
	return 0;
}

/* Take one point off the largest stat (ＨＰ first among equals). */
static void shave(d_unit *u)
{
	int64_t *s[5] = {&u->hp, &u->atk, &u->def, &u->spd, &u->love};
	int i, m = 0;

	for (i = 1; i < 5; i++)
		if (*s[i] > *s[m])
			m = i;
	(*s[m])--;
}

/* Bring any design back into the legal space (the list at the top). */
static void repair(am_design *g)
{
	size_t v, k;
	int round;

	g->team_ok = 0;
	if (!g->buildia) {
		g->nunits = 1;
		g->u[0].love = 0;
	}
	if (g->nunits < 1)
		g->nunits = 1;
	g->u[0].bonus = 10;
	for (v = 0; v < g->nunits; v++) {
		d_unit *u = &g->u[v];
		if (v > 0) {
			u->love = 0;
			clamp_range(&u->bonus, 1, D_MAX_BONUS);
		}
		clamp_range(&u->hp, 0, u->bonus);
		clamp_range(&u->atk, 0, u->bonus);
		clamp_range(&u->def, 0, u->bonus);
		clamp_range(&u->spd, 0, u->bonus);
		clamp_range(&u->love, 0, u->bonus);
		while (tech_of(u) < 0)
			shave(u);
	}
	while (g->nunits - 1 > (size_t)g->u[0].love) /* BU-STORE-1 */
		remove_unit(g, g->nunits - 1);
	for (round = 0; round < 2 * D_MAX_UNITS; round++) {
		for (v = 0; v < g->nunits; v++) {
			d_unit *u = &g->u[v];
			for (k = 0; k < u->nslots; k++)
				normalize(&u->slot[k], g);
			/* AM-UNIT-4: drop the dearest action (the last of
			 * equals) until the rest fits */
			while (u->nslots && used_of(g, u) > tech_of(u)) {
				size_t worst = 0;
				for (k = 1; k < u->nslots; k++)
					if (act_cost(g, &u->slot[k]) >=
					    act_cost(g, &u->slot[worst]))
						worst = k;
				remove_slot(u, worst);
			}
		}
		if (!(v = unreached(g)))
			break;
		remove_unit(g, v);
	}
}

int am_design_new(am_design **out, int buildia)
{
	am_design *g;

	if (!out)
		return ut_error_set(AM_EINVALID, "am_design_new: out is NULL");
	*out = NULL;
	if (!(g = calloc(1, sizeof(*g))))
		return ut_error_set(AM_ENOMEM, "out of memory");
	g->buildia = !!buildia;
	g->nunits = 1;
	g->u[0].bonus = 10;
	g->u[0].hp = 10;
	*out = g;
	return 0;
}

void am_design_free(am_design *g)
{
	free(g);
}

/* Only the units and slots in use are copied (nothing reads past nunits
 * or nslots before writing there): most designs are one unit with a few
 * actions, a tenth of the whole array, and the optimizer copies a design
 * for most children, on one thread while others play. */
void am_design_copy(am_design *dst, const am_design *src)
{
	size_t v;

	if (dst == src)
		return;
	dst->buildia = src->buildia;
	dst->nunits = src->nunits;
	for (v = 0; v < src->nunits; v++)
		memcpy(&dst->u[v], &src->u[v],
		       offsetof(d_unit, slot) +
		               src->u[v].nslots * sizeof(src->u[v].slot[0]));
	dst->team_ok = 0;
}

/* A random ビルディア: Ｂ, stats and actions (AM-UNIT-1, BU-SHEET-2). */
static void random_unit(d_unit *u, int ui, ut_rng *r)
{
	int64_t tech, *s[5];

	memset(u, 0, sizeof(*u));
	u->bonus = ui == 0 ? 10 : 1 + (int64_t)below(r, 10);
	s[0] = &u->hp, s[1] = &u->atk, s[2] = &u->def, s[3] = &u->spd;
	s[4] = &tech;
	split(s, 5, u->bonus - u->love, r);
}

void am_design_random(am_design *g, ut_rng *r)
{
	size_t v;
	int64_t love = 0;

	memset(g->u, 0, sizeof(g->u));
	g->nunits = 1;
	if (g->buildia && below(r, 2))
		love = 1 + (int64_t)below(r, 3);
	random_unit(&g->u[0], 0, r);
	g->u[0].love = love;
	{
		int64_t tech, *s[5] = {&g->u[0].hp, &g->u[0].atk, &g->u[0].def,
		                       &g->u[0].spd, &tech};
		split(s, 5, 10 - love, r);
	}
	if (g->buildia && love > 0) {
		size_t k = below(r, (uint64_t)love + 1);
		for (v = 0; v < k && v < D_MAX_BUILDIA; v++) {
			d_act b;
			random_unit(&g->u[1 + v], (int)(1 + v), r);
			g->nunits++;
			/* a ビルド of it set first on the entry unit, which then
			 * needs 素早さ ≥ 1 and ＨＰ to reach it (BU-STORE-2) */
			memset(&b, 0, sizeof(b));
			b.cls = AM_CLASS_BUILD;
			b.mult = 1;
			b.build = (int)(1 + v);
			b.place = below(r, 2) ? 1 : -1;
			b.limited = below(r, 2);
			normalize(&b, g);
			insert_slot(&g->u[0], 0, &b);
		}
		if (g->nunits > 1) {
			if (g->u[0].spd < (int64_t)(g->nunits - 1))
				g->u[0].spd = (int64_t)(g->nunits - 1);
			if (g->u[0].hp < 1)
				g->u[0].hp = 1;
		}
	}
	repair(g);
	for (v = 0; v < g->nunits; v++)
		while (below(r, 6) != 0 &&
		       add_random_act(g, (int)v, g->u[v].nslots, r))
			;
	repair(g);
}

/* Move one bonus point between two stats of unit u (技術 included, and 愛
 * on a ビルディア entry unit), or on a ビルディア change Ｂ by one; 0 if
 * there was nothing to move. */
static int move_point(am_design *g, d_unit *u, int entry, ut_rng *r)
{
	int64_t tech = tech_of(u);
	int64_t *s[6] = {&u->hp, &u->atk, &u->def, &u->spd, &tech, &u->love};
	int n = entry && g->buildia ? 6 : 5, from, to;

	if (!entry && below(r, 3) == 0) { /* Ｂ ± 1, through 技術 */
		if (below(r, 2))
			u->bonus++;
		else if (tech > 0)
			u->bonus--;
		return 1;
	}
	from = (int)below(r, (uint64_t)n);
	to = (int)below(r, (uint64_t)n - 1);
	if (to >= from)
		to++;
	if (*s[from] < 1)
		return 0;
	(*s[from])--;
	(*s[to])++;
	/* 技術 is implied: write the change back through Ｂ */
	if (!entry)
		u->bonus = u->hp + u->atk + u->def + u->spd + tech;
	return 1;
}

/* Change one customisation (or Ｎ) of an action. */
static void tweak(d_act *a, const am_design *g, ut_rng *r, int numbers)
{
	if (numbers) {
		int64_t d = below(r, 2) ? 1 : -1;
		if (a->n)
			a->n += d * (1 + (int64_t)below(r, 2));
		else if (a->mult > 1 || (a->delay == 0 && below(r, 2)))
			a->mult += d;
		else if (a->delay)
			a->delay += d;
		else if (a->cls == AM_CLASS_BUILD)
			a->place += d;
		else if (a->target)
			a->target += d;
		return;
	}
	switch (below(r, g->buildia ? 9 : 6)) {
	case 0: a->limited = !a->limited; break;
	case 1:
		a->fast = 0, a->delay = 0;
		switch (below(r, 3)) {
		case 0: a->fast = 1; break;
		case 1: a->delay = 2 + (int64_t)below(r, 6); break;
		}
		break;
	case 2: a->mult = a->mult > 1 ? 1 : 2 + (int64_t)below(r, 2); break;
	case 3: a->stun += below(r, 2) ? 1 : -1; break;
	case 4: a->poison += below(r, 2) ? 1 : -1; break;
	case 5: a->cls = (int)below(r, g->buildia ? AM_CLASS_COUNT :
	                             AM_CLASS_BUILD);
		if (a->n == 0)
			a->n = 1;
		break;
	case 6: a->all = !a->all; break;
	case 7: a->target = a->target ? 0 : (below(r, 2) ? 1 : -1); break;
	default:
		a->build = (int)below(r, g->nunits);
		a->place = (below(r, 2) ? 1 : -1) * (1 + (int64_t)below(r, 3));
	}
}

void am_design_mutate(am_design *g, ut_rng *r)
{
	int ui = g->buildia ? (int)below(r, g->nunits) : 0;
	d_unit *u = &g->u[ui];
	size_t k = u->nslots ? below(r, u->nslots) : 0;
	d_act a;

	switch (below(r, g->buildia ? 12 : 10)) {
	case 0: /* move a bonus point */
	case 1:
		move_point(g, u, ui == 0, r);
		break;
	case 2: /* change a class */
		if (u->nslots) {
			u->slot[k].cls = (int)below(r, g->buildia ?
			                             AM_CLASS_COUNT : AM_CLASS_BUILD);
			if (u->slot[k].n == 0)
				u->slot[k].n = 1 + (int64_t)below(r, 3);
		}
		break;
	case 3: /* an Ｎ */
		if (u->nslots)
			tweak(&u->slot[k], g, r, 1);
		break;
	case 4: /* a customisation */
		if (u->nslots)
			tweak(&u->slot[k], g, r, 0);
		break;
	case 5: /* add an action */
		add_random_act(g, ui, below(r, u->nslots + 1), r);
		break;
	case 6: /* remove one */
		remove_slot(u, k);
		break;
	case 7: /* repeat one */
		if (u->nslots) {
			a = u->slot[k];
			insert_slot(u, below(r, u->nslots + 1), &a);
		}
		break;
	case 8: /* move one */
		if (u->nslots > 1) {
			a = u->slot[k];
			remove_slot(u, k);
			insert_slot(u, below(r, u->nslots + 1), &a);
		}
		break;
	case 9: /* replace one */
		if (u->nslots) {
			remove_slot(u, k);
			add_random_act(g, ui, k, r);
		}
		break;
	case 10: /* 愛 ± 1 */
		if (below(r, 2) && g->u[0].love > 0)
			g->u[0].love--, g->u[0].hp++;
		else if (tech_of(&g->u[0]) > 0)
			g->u[0].love++;
		break;
	default: /* the storage: add or remove a ビルディア */
		if (g->nunits > 1 && below(r, 2)) {
			remove_unit(g, 1 + below(r, g->nunits - 1));
		} else if (g->nunits < D_MAX_UNITS) {
			size_t nu = g->nunits;
			if (g->u[0].love < (int64_t)nu) {
				if (tech_of(&g->u[0]) < 1)
					break;
				g->u[0].love++;
			}
			random_unit(&g->u[nu], (int)nu, r);
			g->nunits++;
			while (below(r, 3) != 0 &&
			       add_random_act(g, (int)nu, g->u[nu].nslots, r))
				;
			memset(&a, 0, sizeof(a));
			a.cls = AM_CLASS_BUILD;
			a.mult = 1;
			a.build = (int)nu;
			a.place = below(r, 2) ? 1 : -1;
			a.limited = below(r, 2);
			normalize(&a, g);
			insert_slot(&g->u[0], 0, &a);
			if (g->u[0].spd < 1 && tech_of(&g->u[0]) > 0)
				g->u[0].spd++;
		}
	}
	repair(g);
}

void am_design_cross(am_design *child, const am_design *a,
                     const am_design *b, ut_rng *r)
{
	d_unit *cu;
	const d_unit *bu = &b->u[0];

	am_design_copy(child, a);
	cu = &child->u[0];
	if (below(r, 2)) { /* b's stats */
		cu->hp = bu->hp, cu->atk = bu->atk, cu->def = bu->def;
		cu->spd = bu->spd;
		if (child->buildia)
			cu->love = bu->love;
	} else { /* a's head of the action list, b's tail */
		size_t i = below(r, cu->nslots + 1), j = below(r, bu->nslots + 1);
		size_t k;
		cu->nslots = i;
		for (k = j; k < bu->nslots && cu->nslots < D_MAX_SLOTS; k++) {
			d_act x = bu->slot[k];
			if (x.cls == AM_CLASS_BUILD && (size_t)x.build >= child->nunits)
				continue;
			cu->slot[cu->nslots++] = x;
		}
	}
	repair(child);
}

int am_design_equal(const am_design *a, const am_design *b)
{
	size_t v, k;

	if (a->nunits != b->nunits)
		return 0;
	for (v = 0; v < a->nunits; v++) {
		const d_unit *x = &a->u[v], *y = &b->u[v];
		if (x->hp != y->hp || x->atk != y->atk || x->def != y->def ||
		    x->spd != y->spd || x->bonus != y->bonus ||
		    x->love != y->love || x->nslots != y->nslots)
			return 0;
		for (k = 0; k < x->nslots; k++)
			if (!act_eq(&x->slot[k], &y->slot[k]))
				return 0;
	}
	return 1;
}

/* One word into the hash (FNV-1a's step, a word at a time). */
static uint64_t mix(uint64_t h, int64_t v)
{
	return (h ^ (uint64_t)v) * 0x100000001b3u;
}

uint64_t am_design_hash(const am_design *g)
{
	uint64_t h = mix(0xcbf29ce484222325u, (int64_t)g->nunits);
	size_t v, k;

	for (v = 0; v < g->nunits; v++) {
		const d_unit *u = &g->u[v];
		h = mix(h, u->hp);
		h = mix(h, u->atk);
		h = mix(h, u->def);
		h = mix(h, u->spd);
		h = mix(h, u->bonus);
		h = mix(h, u->love);
		h = mix(h, (int64_t)u->nslots);
		for (k = 0; k < u->nslots; k++) {
			const d_act *a = &u->slot[k];
			/* act_eq's fields; build only on a ビルド */
			h = mix(h, a->cls);
			h = mix(h, a->limited);
			h = mix(h, a->fast);
			h = mix(h, a->all);
			h = mix(h, a->n);
			h = mix(h, a->delay);
			h = mix(h, a->mult);
			h = mix(h, a->stun);
			h = mix(h, a->poison);
			h = mix(h, a->target);
			h = mix(h, a->place);
			if (a->cls == AM_CLASS_BUILD)
				h = mix(h, a->build);
		}
	}
	return h;
}

/* The distinct actions in order of first use: index of slot (v, k)'s
 * action in ids[v][k]; returns the count and the first slot of each. */
static size_t distinct(const am_design *g, size_t ids[][D_MAX_SLOTS],
                       const d_act **first)
{
	size_t v, k, i, n = 0;

	for (v = 0; v < g->nunits; v++)
		for (k = 0; k < g->u[v].nslots; k++) {
			const d_act *a = &g->u[v].slot[k];
			for (i = 0; i < n && !act_eq(first[i], a); i++)
				;
			if (i == n)
				first[n++] = a;
			ids[v][k] = i;
		}
	return n;
}

const am_team *am_design_team(am_design *g)
{
	size_t ids[D_MAX_UNITS][D_MAX_SLOTS];
	const d_act *first[D_MAX_ACTIONS];
	size_t n, i, v, k;

	if (g->team_ok)
		return &g->team;
	n = distinct(g, ids, first);
	for (i = 0; i < n; i++) {
		am_action *a = &g->acts[i];
		to_action(a, first[i]);
		a->name = act_names[i]; /* i < D_MAX_ACTIONS */
		a->cost = act_cost(g, first[i]);
	}
	for (v = 0; v < g->nunits; v++) {
		const d_unit *u = &g->u[v];
		am_unit_def *d = &g->defs[v];
		memset(d, 0, sizeof(*d));
		d->name = v == 0 ? entry_name : buildia_nfkc[v - 1];
		d->hp = u->hp * 5;
		d->atk = u->atk;
		d->def = u->def;
		d->spd = u->spd;
		d->tech = tech_of(u);
		d->love = u->love;
		d->bonus = u->bonus;
		for (k = 0; k < u->nslots; k++)
			g->slots[v][k] = (uint32_t)ids[v][k];
		d->nslots = u->nslots;
		d->slots = g->slots[v];
	}
	g->team.nunits = g->nunits;
	g->team.units = g->defs;
	g->team.nactions = n;
	g->team.actions = g->acts;
	g->team_ok = 1;
	return &g->team;
}

/* ---- the players' notation ------------------------------------------------ */

/* A number in full-width digits, with − (U+2212) for a minus sign, as the
 * rules write them (AM-UNIT-5 reads them back). */
static void fw(ut_buf *b, int64_t v)
{
	static const char *const digit[10] = {"０", "１", "２", "３", "４",
	                                      "５", "６", "７", "８", "９"};
	char tmp[24];
	int len, i;

	len = snprintf(tmp, sizeof(tmp), "%lld", (long long)v);
	for (i = 0; i < len; i++)
		ut_buf_puts(b, tmp[i] == '-' ? "−" : digit[tmp[i] - '0']);
}

static void fw_action_name(ut_buf *b, size_t i)
{
	ut_buf_puts(b, "技");
	fw(b, (int64_t)i + 1);
}

static const char *unit_fw(size_t v)
{
	return v == 0 ? entry_name : buildia_fw[v - 1];
}

/* ・技Ｉ（コスト）：クラス＜…＞ */
static void fw_action(ut_buf *b, const am_design *g, size_t i,
                      const d_act *a)
{
	static const char *const cls_fw[AM_CLASS_COUNT] = {
		"直接攻撃", "防御無視攻撃", "ＨＰ減殺", "攻撃力＋", "防御力＋",
		"素早さ＋", "ガード与え", "反射与え", "ライフ与え", "ＨＰ回復",
		"ビルド"};
	int64_t j;

	ut_buf_puts(b, "・");
	fw_action_name(b, i);
	ut_buf_puts(b, "（");
	fw(b, act_cost(g, a));
	ut_buf_puts(b, "）：");
	ut_buf_puts(b, cls_fw[a->cls]);
	if (a->n)
		fw(b, a->n);
	if (a->cls == AM_CLASS_BUILD)
		ut_buf_printf(b, "（%s）", unit_fw((size_t)a->build));
	if (a->limited)
		ut_buf_puts(b, "＜リミテッド＞");
	if (a->fast)
		ut_buf_puts(b, "＜高速起動＞");
	if (a->delay) {
		ut_buf_puts(b, "＜遅延起動");
		fw(b, a->delay);
		ut_buf_puts(b, "＞");
	}
	if (a->mult > 1) {
		ut_buf_puts(b, "＜効果");
		fw(b, a->mult);
		ut_buf_puts(b, "倍＞");
	}
	for (j = 0; j < a->stun; j++)
		ut_buf_puts(b, "＜スタン与え＞");
	for (j = 0; j < a->poison; j++)
		ut_buf_puts(b, "＜毒与え＞");
	if (a->all)
		ut_buf_puts(b, "＜全体化＞");
	if (a->target) {
		ut_buf_puts(b, "＜対象");
		fw(b, a->target);
		ut_buf_puts(b, "＞");
	}
	if (a->cls == AM_CLASS_BUILD) {
		ut_buf_puts(b, "＜配置");
		fw(b, a->place);
		ut_buf_puts(b, "＞");
	}
	ut_buf_puts(b, "\n");
}

/* The design as players write it onto b (b->failed: out of memory). */
static void put_design(ut_buf *b, const am_design *g)
{
	size_t ids[D_MAX_UNITS][D_MAX_SLOTS];
	const d_act *first[D_MAX_ACTIONS];
	size_t n, i, v, k;

	n = distinct(g, ids, first);
	/* BU-SHEET-1, BU-SHEET-2: the entry (with its stored bonus when it
	 * has 愛), then the ビルディア with ○ and Ｂ */
	for (v = 0; v < g->nunits; v++) {
		const d_unit *u = &g->u[v];
		if (v > 0)
			ut_buf_puts(b, "○");
		ut_buf_puts(b, unit_fw(v));
		if (v > 0 || u->love > 0) {
			ut_buf_puts(b, "（");
			fw(b, u->bonus - u->love);
			ut_buf_puts(b, "）");
		}
		ut_buf_puts(b, "：");
		fw(b, u->hp * 5);
		ut_buf_puts(b, "／");
		fw(b, u->atk);
		ut_buf_puts(b, "／");
		fw(b, u->def);
		ut_buf_puts(b, "／");
		fw(b, u->spd);
		for (k = 0; k < u->nslots; k++) {
			ut_buf_puts(b, k ? "、" : "／");
			fw_action_name(b, ids[v][k]);
		}
		ut_buf_puts(b, "\n");
	}
	for (i = 0; i < n; i++)
		fw_action(b, g, i, first[i]);
}

size_t am_design_format(char *buf, size_t size, const am_design *g)
{
	ut_buf b = UT_BUF_INIT;
	size_t len;

	put_design(&b, g);
	len = ut_utf8_copy(buf, size, b.ptr, b.failed ? 0 : b.len);
	ut_buf_free(&b);
	return len;
}

int am_design_text(char **out, size_t *len, const am_design *g)
{
	ut_buf b = UT_BUF_INIT;

	if (!out)
		return ut_error_set(AM_EINVALID, "am_design_text: out is NULL");
	*out = NULL;
	if (!g)
		return ut_error_set(AM_EINVALID, "am_design_text: design is NULL");
	put_design(&b, g);
	if (ut_buf_take(&b, out, len) < 0)
		return ut_error_set(AM_ENOMEM, "out of memory");
	return 0;
}
