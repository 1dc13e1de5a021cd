/*
 * policy.c - the built-in policy `default` (M6 with M8.4–M8.8), decided
 * one action at a time from the combat's state and the ask (or, for the
 * fused mg_combat_run of combat.c, the budget read from the combat).
 */
#include <string.h>

#include "combat_int.h"
#include "util/assert.h"
#include "util/ckd.h"
#include "util/error.h"

/* One candidate of M6.1. */
typedef struct cand {
	uint32_t attack, target;
	size_t hits;
	int64_t damage, hp;
} cand;

/* MG-POLICY-1: the best (attack, able enemy target in range) among the
 * attacks the budget allows (normal: 通常, complex: 複雑).  The pairs are
 * tried targets outside (the enemies of c->foe, in scenario order),
 * attacks inside, both in ascending order, so a
 * later pair is never `better` on the last two keys (target earlier,
 * attack earlier): it wins only when strictly better on the first three,
 * and the first of equals stays.  Targets out of every allowed attack's
 * range are passed over; the able enemies at a target's position are
 * counted once per target, not once per attack (O(n² + attacks·n) a
 * decision; MG-BUDGET-1 bounds the decisions). */
static int best_candidate(const mg_combat *c, uint32_t i, int normal,
                          int complex, cand *out)
{
	const mg_cconst *me = &c->k[i];
	const mg_cchar *ch = c->ch;
	const int side = ch[i].side;
	const uint32_t *foe = c->foe[side];
	const size_t nfoe = c->nfoe[side];
	const int64_t pos = ch[i].pos;
	const mg_catk *ats;
	size_t na, f, k, x;
	int64_t maxr;
	int found = 0;

	/* from the engine, complex implies normal (MG-ROUND-3: a 複雑
	 * attack needs the whole budget); an ask built by hand may say
	 * otherwise */
	if (complex && normal) {
		ats = me->all;
		na = me->nall;
		maxr = me->maxr_all;
	} else if (complex) {
		ats = me->cplx;
		na = me->ncplx;
		maxr = me->maxr_complex;
	} else if (normal) {
		ats = me->norm;
		na = me->nnorm;
		maxr = me->maxr_normal;
	} else {
		return 0;
	}
	if (maxr < 0)
		return 0;
	for (f = 0; f < nfoe; f++) {
		const uint32_t j = foe[f];
		uint64_t d;
		size_t at_pos = 0; /* able enemies at j's position; 0: not counted */
		if (ch[j].state != MG_STATE_ABLE)
			continue;
		d = mg_dist(pos, ch[j].pos);
		if (d > (uint64_t)maxr)
			continue;
		for (x = 0; x < na; x++) {
			const mg_catk *at = &ats[x];
			size_t hits = 1;
			if (d > (uint64_t)at->range) /* ranges are ≥ 0 */
				continue;
			if (at->area) {
				if (at_pos == 0) /* j itself is one: never 0 */
					for (k = 0; k < nfoe; k++)
						at_pos += ch[foe[k]].state ==
						                  MG_STATE_ABLE &&
						          ch[foe[k]].pos == ch[j].pos;
				hits = at_pos;
			}
			if (found && (hits != out->hits ? hits < out->hits :
			              at->damage != out->damage
			              ? at->damage < out->damage
			              : ch[j].hp >= out->hp))
				continue;
			out->attack = at->a;
			out->target = j;
			out->damage = at->damage;
			out->hp = ch[j].hp;
			out->hits = hits;
			found = 1;
		}
	}
	return found;
}

/* MG-POLICY-2: the move toward the nearest able enemy, at distance best
 * (> 0) at position gp.  Sets *out to a 戦闘移動 or 全力移動 and returns 1,
 * or returns 0 when no move is made (a move of 0 m, M8.4). */
static int plan_step(const mg_combat *c, const mg_budget *b, uint32_t i,
                     uint64_t best, int64_t gp, mg_action *out, int *rc)
{
	const mg_character *me = &c->s->characters[i];
	int64_t pos = c->ch[i].pos, allow = 0, full, r;
	uint64_t need, step;

	*rc = 0;
	r = c->k[i].maxr_move;
	UT_ASSERT(best > (uint64_t)r); /* else it would be a candidate */
	if (best <= (uint64_t)r)
		return 0;
	need = best - (uint64_t)r;
	allow = c->k[i].allow; /* derived: mg_allowance */
	if (allow < 0) {
		*rc = mg_allowance(&allow, me); /* its overflow */
		return 0;
	}
	if (b->simple && need <= (uint64_t)allow) {
		out->kind = MG_ACT_MOVE;
		step = need;
	} else {
		if (!b->normal)
			return 0;
		if (ut_ckd_mul(&full, allow, 3)) {
			*rc = ut_error_set(UT_EOVERFLOW,
			                   "%s: 3 × %lld overflows", me->name,
			                   (long long)allow);
			return 0;
		}
		step = need < (uint64_t)full ? need : (uint64_t)full;
		if (step == 0)
			return 0;
		out->kind = MG_ACT_FULL_MOVE;
	}
	/* step ≤ the distance to the goal: the result lies between pos and
	 * the goal's position, so it fits */
	if (gp > pos)
		out->to = (int64_t)((uint64_t)pos + step);
	else
		out->to = (int64_t)((uint64_t)pos - step);
	return 1;
}

/* MG-POLICY-2: plan_step toward the first of the nearest able enemies
 * (scenario order); 0 when there is none. */
static int plan_move(const mg_combat *c, const mg_budget *b, uint32_t i,
                     mg_action *out, int *rc)
{
	const uint32_t *foe = c->foe[c->ch[i].side];
	const size_t nfoe = c->nfoe[c->ch[i].side];
	int64_t pos = c->ch[i].pos;
	uint64_t best = 0, d;
	int32_t goal = -1;
	size_t f, j;

	*rc = 0;
	for (f = 0; f < nfoe; f++) {
		j = foe[f];
		if (c->ch[j].state != MG_STATE_ABLE)
			continue;
		d = mg_dist(pos, c->ch[j].pos);
		if (goal < 0 || d < best) {
			best = d;
			goal = (int32_t)j;
		}
	}
	if (goal < 0)
		return 0;
	return plan_step(c, b, i, best, c->ch[goal].pos, out, rc);
}

/* MG-POLICY-3 (M8.6): とどめ on the earliest 戦闘不能 enemy in range of an
 * attack, with the highest-damage attack that covers it. */
static int plan_finish(const mg_combat *c, uint32_t i, mg_action *out)
{
	const mg_character *me = &c->s->characters[i];
	const uint32_t *foe = c->foe[c->ch[i].side];
	const size_t nfoe = c->nfoe[c->ch[i].side];
	size_t f;
	uint32_t a;

	for (f = 0; f < nfoe; f++) {
		const uint32_t j = foe[f];
		int32_t best = -1;
		if (c->ch[j].state != MG_STATE_INCAPACITATED)
			continue;
		for (a = 0; a < me->nattacks; a++) {
			if (!mg_in_range(mg_dist(c->ch[i].pos, c->ch[j].pos),
			                 me->attacks[a].range))
				continue;
			if (best < 0 ||
			    me->attacks[a].damage > me->attacks[best].damage)
				best = (int32_t)a;
		}
		if (best >= 0) {
			out->kind = MG_ACT_FINISH;
			out->attack = (uint32_t)best;
			out->target = (uint32_t)j;
			return 1;
		}
	}
	return 0;
}

int mg_policy_default(mg_action *out, const mg_combat *c, const mg_ask *ask)
{
	mg_budget b;

	if (!out)
		return ut_error_set(UT_EINVALID,
		                    "mg_policy_default: out is NULL");
	if (!c)
		return ut_error_set(UT_EINVALID,
		                    "mg_policy_default: c is NULL");
	if (!ask)
		return ut_error_set(UT_EINVALID,
		                    "mg_policy_default: ask is NULL");
	if (ask->kind == MG_ASK_RESUME) {
		/* MG-WAIT-4: the policy never waits; asked for a character a
		 * person put in 待機, it resumes at once */
		memset(out, 0, sizeof(*out));
		out->kind = MG_ACT_RESUME;
		return 0;
	}
	if (ask->kind != MG_ASK_ACTION || ask->actor >= c->n) {
		memset(out, 0, sizeof(*out));
		out->kind = MG_ACT_END;
		return 0;
	}
	b.simple = ask->simple;
	b.normal = ask->normal;
	b.complex = ask->complex;
	b.nsimple = ask->nsimple;
	b.nnormal = ask->nnormal;
	b.ncomplex = ask->ncomplex;
	return mg_policy_main(out, c, ask->actor, &b);
}

int mg_policy_main(mg_action *out, const mg_combat *c, uint32_t i,
                   const mg_budget *b)
{
	const mg_character *me = &c->s->characters[i];
	cand best = {0, 0, 0, 0, 0};
	int rc;

	memset(out, 0, sizeof(*out));
	out->kind = MG_ACT_END;
	/* MG-POLICY-4 (M8.7): no attacks, nothing to do */
	if (me->nattacks == 0)
		return 0;
	/* after an attack, a とどめ or a 全力移動 nothing follows (M6.1,
	 * M8.5) */
	if (b->nnormal || b->ncomplex)
		return 0;
	/* MG-POLICY-1; after a 戦闘移動 only normal-timing attacks (M8.5) */
	if (best_candidate(c, i, b->normal, b->complex, &best)) {
		out->kind = MG_ACT_ATTACK;
		out->attack = best.attack;
		out->target = best.target;
		return 0;
	}
	/* MG-POLICY-2: one move, only before any other action */
	if (b->nsimple == 0) {
		if (plan_move(c, b, i, out, &rc))
			return 0;
		if (rc < 0)
			return rc;
	}
	/* MG-POLICY-3 */
	if (me->finish && b->normal && plan_finish(c, i, out))
		return 0;
	out->kind = MG_ACT_END;
	return 0;
}
