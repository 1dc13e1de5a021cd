/*
 * tempo.c - the attacks of one step, tempo by tempo (RULINGS A6, A8, A10):
 * targets (AM-TEMPO-1, BU-LINE-1), 反射 (AM-TEMPO-2), ガード (AM-TEMPO-4),
 * damage (AM-TEMPO-3, AM-TEMPO-5, AM-TEMPO-8), deaths (AM-TEMPO-6), and
 * the order in which attacks take stacks (AM-TEMPO-7).
 */
#include "engine_int.h"

/* Hit keys in stack order (AM-TEMPO-7): key, then arrival. */
static int key_cmp(const void *pa, const void *pb)
{
	const hit_key *a = pa, *b = pb;

	if (a->k != b->k)
		return a->k < b->k ? -1 : 1;
	return a->seq < b->seq ? -1 : a->seq > b->seq;
}

/*
 * The order in which the attacks arriving at one unit in one tempo take its
 * 反射 and ガード stacks (AM-TEMPO-7, BU-ALL-2; RULINGS A8): grouped by
 * target; attacks from its enemies before attacks from its allies; then by
 * the attacker's position, front first; then by arrival.  Fills
 * e->keys[0..n).
 */
static int order_hits(am_engine *e, size_t n)
{
	size_t i, j;

	TRY(UT_ARRAY_RESERVE(e->keys, e->capkeys, n));
	for (i = 0; i < n; i++) {
		const hit *h = &e->hits[i];
		hit_key *k = &e->keys[i];
		k->seq = h->seq;
		k->k = h->target < 0 ? UINT64_MAX
		     : ((uint64_t)(uint32_t)h->target << 33) |
		       ((uint64_t)!h->enemy << 32) | h->apos;
	}
	if (n > 16) {
		qsort(e->keys, n, sizeof(hit_key), key_cmp);
		return 0;
	}
	for (i = 1; i < n; i++) {
		hit_key x = e->keys[i];
		for (j = i; j > 0 && key_cmp(&e->keys[j - 1], &x) > 0; j--)
			e->keys[j] = e->keys[j - 1];
		e->keys[j] = x;
	}
	return 0;
}

/* Damage of one hit from the state at the start of the tempo (AM-TEMPO-3;
 * RULINGS A6; `hp` is the target's ＨＰ then), before ガード: X = the attacker's 攻撃力, or the target's ＨＰ
 * for ＨＰ減殺, ×Ｎ for 効果Ｎ倍 (AM-CUST-4), then AM-CLASS-1 X − 防御力,
 * AM-CLASS-2 X, AM-CLASS-3 ⌈X÷2⌉; the target is the unit the hit reaches,
 * also when 反射 sent it back to the attacker's side (AM-TEMPO-8).
 * Returns AM_EOVERFLOW on overflow (AM-ARITH-1). */
static int hit_damage(am_engine *e, uint32_t attacker, uint32_t action,
                      uint32_t target, int64_t hp, int64_t *out)
{
	const am_action *a = &e->sides[e->units[attacker].side]
	                          .prog->actions[action];
	const unit *atk = &e->units[attacker];
	const unit *t = &e->units[target];
	int64_t x = a->cls == AM_CLASS_HALVE ? hp : atk->atk;

	if (ut_ckd_mul(&x, x, a->mult))
		return am_engine_overflow();
	switch (a->cls) {
	case AM_CLASS_DIRECT:
		if (ut_ckd_sub(out, x, t->def))
			return am_engine_overflow();
		return 0;
	case AM_CLASS_HALVE:
		*out = ut_ceil_half(x);
		return 0;
	default:
		*out = x;
		return 0;
	}
}

/* hit_damage of hit h, from its target's ＨＰ now. */
static int base_damage(am_engine *e, const hit *h, int64_t *out)
{
	return hit_damage(e, h->attacker, h->action, (uint32_t)h->target,
	                  e->units[h->target].hp, out);
}

/*
 * Targets (AM-TEMPO-1, BU-LINE-1): an attack aimed at a side (target -1: a
 * direct attack, or one sent on by 反射) takes the front-most living unit
 * of that side now; with none it fizzles (NO_TARGET, it does not resolve:
 * AM-TEMPO-2).  Then the attackers' positions at the tempo's start and the
 * stack order of order_hits (AM-TEMPO-7).
 */
static int aim(am_engine *e, hit *hs, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		hit *h = &hs[i];
		h->seq = (uint32_t)i;
		if (h->target < 0) {
			int64_t t = am_roster_front(e, h->aim_side);
			if (t < 0) {
				EMIT(AM_EV_NO_TARGET, h->attacker, h->action,
				     -1, 0, 0);
				h->resolve = 0;
				continue;
			}
			h->target = (int32_t)t;
		}
		h->enemy = e->units[h->attacker].side !=
		           e->units[h->target].side;
		h->resolve = 1;
	}
	if (n > BULK_POSITIONS)
		TRY(am_roster_positions(e));
	for (i = 0; n > 1 && i < n; i++)
		hs[i].apos = n > BULK_POSITIONS
		                 ? e->pos[hs[i].attacker]
		                 : am_roster_position(e, hs[i].attacker);
	return order_hits(e, n);
}

/* 反射 (AM-TEMPO-2, AM-STATE-4; RULINGS A8): in stack order, each attack on
 * a unit with 反射 takes one stack and is sent on to the next tempo instead
 * of resolving. */
static void reflects(am_engine *e, hit *hs, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		hit *h = &hs[e->keys[i].seq];
		unit *t;
		if (!h->resolve)
			continue;
		t = &e->units[h->target];
		if (t->st[AM_STATE_REFLECT] > 0) {
			h->resolve = 0;
			h->reflected = 1;
			h->left = --t->st[AM_STATE_REFLECT];
		}
	}
}

/* ガード (AM-TEMPO-4, AM-STATE-3; RULINGS A8): in stack order, each
 * resolving attack on a unit with ガード takes one stack and will be halved
 * (even when its damage is ≤ 0). */
static void guards(am_engine *e, hit *hs, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		hit *h = &hs[e->keys[i].seq];
		unit *t;
		if (!h->resolve)
			continue;
		t = &e->units[h->target];
		if (t->st[AM_STATE_GUARD] > 0) {
			h->guarded = 1;
			h->left = --t->st[AM_STATE_GUARD];
		}
	}
}

/*
 * Damage (RULINGS A6, A8): every damage from the state at the tempo's
 * start (AM-TEMPO-3), then, in order of arrival: reflected attacks go on to
 * the next tempo, aimed at the reflector's enemy (REFLECT: AM-TEMPO-2),
 * ガード halves toward +∞ (GUARD: AM-TEMPO-4), a negative damage fails
 * (FAIL: AM-TEMPO-5), else ＨＰ drops (DAMAGE: AM-TEMPO-5) and a damage ≥ 1
 * gives its スタン/毒 (AM-CUST-5, AM-CUST-6).  All of it before any death
 * check (AM-TEMPO-6).
 */
static int damage(am_engine *e, hit *hs, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) /* all from the tempo's starting state */
		if (hs[i].resolve)
			TRY(base_damage(e, &hs[i], &hs[i].damage));
	for (i = 0; i < n; i++) { /* then apply, in order of arrival */
		hit *h = &hs[i];
		unit *t;
		const am_action *a;
		if (h->reflected) {
			EMIT(AM_EV_REFLECT, h->attacker, h->action, h->target,
			     0, h->left);
			TRY(am_tempo_push_hit(e, &e->next, &e->nnext,
			                      &e->capnext, h->attacker,
			                      h->action, -1,
			                      1 - e->units[h->target].side));
			continue;
		}
		if (!h->resolve)
			continue;
		t = &e->units[h->target];
		a = &e->sides[e->units[h->attacker].side]
		         .prog->actions[h->action];
		if (h->guarded) {
			int64_t d = ut_ceil_half(h->damage);
			if (e->cb) {
				am_event ev = {0};
				ev.kind = AM_EV_GUARD;
				ev.actor = (int32_t)h->attacker;
				ev.action = (int32_t)h->action;
				ev.target = h->target;
				ev.state = AM_STATE_GUARD;
				ev.value = h->damage;
				ev.after = d;
				TRY(am_engine_emit_ex(e, &ev));
			}
			h->damage = d;
		}
		if (h->damage < 0) {
			EMIT(AM_EV_FAIL, h->attacker, h->action, h->target,
			     h->damage, t->hp);
			continue;
		}
		if (ut_ckd_sub(&t->hp, t->hp, h->damage))
			return am_engine_overflow();
		t->hit = 1;
		EMIT(AM_EV_DAMAGE, h->attacker, h->action, h->target,
		     h->damage, t->hp);
		if (h->damage >= 1) {
			TRY(am_step_add_state(e, h->attacker, h->action,
			                      (uint32_t)h->target,
			                      AM_STATE_STUN, a->stun));
			TRY(am_step_add_state(e, h->attacker, h->action,
			                      (uint32_t)h->target,
			                      AM_STATE_POISON, a->poison));
		}
	}
	return 0;
}

/* Deaths (AM-TEMPO-6; RULINGS A6, A10): one death check per unit hit in
 * this tempo, in order of the first attack that hit it. */
static int deaths(am_engine *e, hit *hs, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		hit *h = &hs[i];
		if (h->resolve && e->units[h->target].hit) {
			e->units[h->target].hit = 0;
			TRY(am_roster_death_check(e, (uint32_t)h->target));
		}
	}
	return 0;
}

/* ---- the grouped tempo (BU-ALL-3) ------------------------------------- */

/*
 * A kind of hit: the same attacking side, action and — but for ＨＰ減殺, whose
 * damage does not depend on the attacker — 攻撃力.  All hits of one kind
 * deal the same damage to a given target (AM-TEMPO-3), so the plain hits of
 * a kind on one unit are applied, and told, at once.
 */
typedef struct hit_class {
	uint32_t first;   /* stack position of its front-most hit */
	uint32_t mfirst;  /* its hits: g->members[mfirst .. mfirst + total) */
	int64_t total;    /* hits of this kind on each target of the group */
	int64_t removed;  /* of them, taken by 反射/ガード on the current target
	                     (always the first ones in stack order) */
} hit_class;

/* Sort entry of a hit while grouping by kind. */
typedef struct hit_sort {
	uint64_t k1;      /* side, action */
	int64_t k2;       /* 攻撃力, or 0 for ＨＰ減殺 */
	uint32_t pos;     /* stack position */
} hit_sort;

/* The hits that reach one target (or every target of a side alike), in
 * stack order (AM-TEMPO-7), with their kinds. */
typedef struct hit_list {
	uint32_t *rec;    /* indices into e->hits, in stack order */
	uint32_t *cls;    /* the kind of rec[i] */
	uint32_t *members; /* stack positions, by kind, each kind's in order */
	hit_class *c;     /* kinds, in order of their front-most hit */
	hit_sort *srt;
	hit_key *keys;
	size_t n, nc, caprec, capcls, capmem, capc, capsrt, capkeys;
} hit_list;

/* Two lists: the volleys at a side, and everything at its front unit. */
struct hit_group {
	hit_list all, front;
	uint32_t *idx;    /* the records at one side */
	size_t capidx;
};

static void list_free(hit_list *l)
{
	free(l->rec);
	free(l->cls);
	free(l->members);
	free(l->c);
	free(l->srt);
	free(l->keys);
}

static size_t list_memory(const hit_list *l)
{
	return (l->caprec + l->capcls + l->capmem) * sizeof(uint32_t) +
	       l->capc * sizeof(hit_class) + l->capsrt * sizeof(hit_sort) +
	       l->capkeys * sizeof(hit_key);
}

/* Bytes of the grouped tempo's scratch (am_engine_memory). */
size_t am_tempo_memory(const am_engine *e)
{
	if (!e->groups)
		return 0;
	return sizeof(*e->groups) + list_memory(&e->groups->all) +
	       list_memory(&e->groups->front) +
	       e->groups->capidx * sizeof(uint32_t);
}

/* Release the grouped tempo's scratch. */
void am_tempo_free(am_engine *e)
{
	if (!e->groups)
		return;
	list_free(&e->groups->all);
	list_free(&e->groups->front);
	free(e->groups->idx);
	free(e->groups);
	e->groups = NULL;
}

static int sort_cmp(const void *pa, const void *pb)
{
	const hit_sort *a = pa, *b = pb;

	if (a->k1 != b->k1)
		return a->k1 < b->k1 ? -1 : 1;
	if (a->k2 != b->k2)
		return a->k2 < b->k2 ? -1 : 1;
	return a->pos < b->pos ? -1 : a->pos > b->pos;
}

static int class_cmp(const void *pa, const void *pb)
{
	const hit_class *a = pa, *b = pb;

	return a->first < b->first ? -1 : a->first > b->first;
}

/*
 * Fill list l with the records idx[0..n) aimed at side s, put in stack
 * order (AM-TEMPO-7: attacks from the target's enemies first, then by the
 * attacker's position, then arrival), and grouped by kind.
 */
static int list_build(am_engine *e, hit_list *l, const uint32_t *idx,
                      size_t n, int s)
{
	const hit *hs = e->hits;
	size_t i, j, k;

	TRY(UT_ARRAY_RESERVE(l->keys, l->capkeys, n + 1));
	TRY(UT_ARRAY_RESERVE(l->rec, l->caprec, n + 1));
	TRY(UT_ARRAY_RESERVE(l->cls, l->capcls, n + 1));
	TRY(UT_ARRAY_RESERVE(l->members, l->capmem, n + 1));
	TRY(UT_ARRAY_RESERVE(l->srt, l->capsrt, n + 1));
	TRY(UT_ARRAY_RESERVE(l->c, l->capc, n + 1));
	for (i = 0; i < n; i++) {
		const hit *h = &hs[idx[i]];
		l->keys[i].k = ((uint64_t)(e->units[h->attacker].side == s) << 32) |
		               h->apos;
		l->keys[i].seq = idx[i]; /* records are in order of arrival */
	}
	/* usually in order already: the records come in actor order */
	for (i = 1; i < n && key_cmp(&l->keys[i - 1], &l->keys[i]) <= 0; i++)
		;
	if (i < n)
		qsort(l->keys, n, sizeof(hit_key), key_cmp);
	for (i = 0; i < n; i++) {
		const hit *h = &hs[l->keys[i].seq];
		const unit *u = &e->units[h->attacker];
		const am_action *a = &e->sides[u->side].prog->actions[h->action];
		l->rec[i] = l->keys[i].seq;
		l->srt[i].k1 = ((uint64_t)u->side << 32) | h->action;
		l->srt[i].k2 = a->cls == AM_CLASS_HALVE ? 0 : u->atk;
		l->srt[i].pos = (uint32_t)i;
	}
	for (i = 1; i < n && sort_cmp(&l->srt[i - 1], &l->srt[i]) <= 0; i++)
		; /* one kind, or kinds in a row: in order already */
	if (i < n)
		qsort(l->srt, n, sizeof(hit_sort), sort_cmp);
	l->nc = 0;
	for (i = 0; i < n; i = j) {
		hit_class *c = &l->c[l->nc++];
		for (j = i; j < n && l->srt[j].k1 == l->srt[i].k1 &&
		            l->srt[j].k2 == l->srt[i].k2; j++)
			l->members[j] = l->srt[j].pos;
		c->first = l->srt[i].pos;
		c->mfirst = (uint32_t)i;
		c->total = (int64_t)(j - i);
		c->removed = 0;
	}
	qsort(l->c, l->nc, sizeof(hit_class), class_cmp);
	for (k = 0; k < l->nc; k++)
		for (i = 0; i < (size_t)l->c[k].total; i++)
			l->cls[l->members[l->c[k].mfirst + i]] = (uint32_t)k;
	l->n = n;
	return 0;
}

/* ＨＰ of t −= k × d for k hits of d ≥ 0 each, exactly as k subtractions
 * would (AM-TEMPO-5): AM_EOVERFLOW when the ＨＰ would leave int64
 * (AM-ARITH-1). */
static int lose_hp(am_engine *e, unit *t, int64_t k, int64_t d)
{
	uint64_t total, room = (uint64_t)t->hp - (uint64_t)INT64_MIN;

	(void)e;
	if (__builtin_mul_overflow((uint64_t)k, (uint64_t)d, &total) ||
	    total > room)
		return am_engine_overflow();
	t->hp = (int64_t)((uint64_t)t->hp - total);
	return 0;
}

/* k hits of attacker's action deal d each to target t (after ガード):
 * < 0 they fail (AM-TEMPO-5), else ＨＰ drops and a damage ≥ 1 gives k ×
 * its スタン/毒 (AM-CUST-5, AM-CUST-6).  One hit is told as before
 * (FAIL/DAMAGE), several as one AM_EV_HITS (BU-ALL-3). */
static int land(am_engine *e, uint32_t attacker, uint32_t action,
                uint32_t target, int64_t k, int64_t d)
{
	unit *t = &e->units[target];
	const am_action *a = &e->sides[e->units[attacker].side]
	                          .prog->actions[action];
	int64_t n;

	if (d >= 0) {
		TRY(lose_hp(e, t, k, d));
		if (!t->hit) {
			t->hit = 1;
			TRY(UT_ARRAY_RESERVE(e->struck, e->capstruck,
			                     e->nstruck + 1));
			e->struck[e->nstruck++] = target;
		}
	}
	if (e->cb && k > 1) {
		am_event ev = {0};
		ev.kind = AM_EV_HITS;
		ev.actor = (int32_t)attacker;
		ev.action = (int32_t)action;
		ev.target = (int32_t)target;
		ev.value = d;
		ev.after = t->hp;
		ev.count = k;
		TRY(am_engine_emit_ex(e, &ev));
	} else if (d < 0) {
		EMIT(AM_EV_FAIL, attacker, action, target, d, t->hp);
	} else {
		EMIT(AM_EV_DAMAGE, attacker, action, target, d, t->hp);
	}
	if (d < 1)
		return 0;
	/* k × Ｎ stacks: past int64 exactly when k additions would be */
	if (a->stun && ut_ckd_mul(&n, k, a->stun))
		return am_engine_overflow();
	if (a->stun)
		TRY(am_step_add_state(e, attacker, action, target,
		                      AM_STATE_STUN, n));
	if (a->poison && ut_ckd_mul(&n, k, a->poison))
		return am_engine_overflow();
	if (a->poison)
		TRY(am_step_add_state(e, attacker, action, target,
		                      AM_STATE_POISON, n));
	return 0;
}

/*
 * Every hit of list l on target t of side s (BU-ALL-2, BU-ALL-3): in stack
 * order the first take its 反射 (sent on to the next tempo: AM-TEMPO-2),
 * the next its ガード (AM-TEMPO-4), one by one; the rest, kind by kind,
 * at once.  Damage from t's ＨＰ at the tempo's start (AM-TEMPO-3).
 */
static int strike(am_engine *e, hit_list *l, uint32_t target, int s)
{
	unit *t = &e->units[target];
	int64_t hp = t->hp, d;
	size_t i = 0, k;

	for (; i < l->n && t->st[AM_STATE_REFLECT] > 0; i++) {
		const hit *h = &e->hits[l->rec[i]];
		t->st[AM_STATE_REFLECT]--;
		l->c[l->cls[i]].removed++;
		EMIT(AM_EV_REFLECT, h->attacker, h->action, target, 0,
		     t->st[AM_STATE_REFLECT]);
		TRY(am_tempo_push_hit(e, &e->next, &e->nnext, &e->capnext,
		                      h->attacker, h->action, -1, 1 - s));
	}
	for (; i < l->n && t->st[AM_STATE_GUARD] > 0; i++) {
		const hit *h = &e->hits[l->rec[i]];
		int64_t half;
		t->st[AM_STATE_GUARD]--;
		l->c[l->cls[i]].removed++;
		TRY(hit_damage(e, h->attacker, h->action, target, hp, &d));
		half = ut_ceil_half(d);
		if (e->cb) {
			am_event ev = {0};
			ev.kind = AM_EV_GUARD;
			ev.actor = (int32_t)h->attacker;
			ev.action = (int32_t)h->action;
			ev.target = (int32_t)target;
			ev.state = AM_STATE_GUARD;
			ev.value = d;
			ev.after = half;
			TRY(am_engine_emit_ex(e, &ev));
		}
		TRY(land(e, h->attacker, h->action, target, 1, half));
	}
	for (k = 0; k < l->nc; k++) {
		hit_class *c = &l->c[k];
		int64_t left = c->total - c->removed;
		const hit *h;
		if (left > 0) {
			/* its front-most hit not taken by a stack */
			h = &e->hits[l->rec[l->members[c->mfirst + c->removed]]];
			TRY(hit_damage(e, h->attacker, h->action, target, hp, &d));
			TRY(land(e, h->attacker, h->action, target, left, d));
		}
		c->removed = 0;
	}
	return 0;
}

/*
 * A tempo that holds 全体化 volleys (tempo 1 of their step: BU-ALL-2,
 * BU-ALL-3).  Instead of one record per (attacker, target), a volley is
 * one record; each side's targets are taken front first, side by side
 * (the side the first attack aims at first), and each target meets the
 * volleys at its side (and, for the front-most, the single attacks: 
 * AM-TEMPO-1, BU-LINE-1) in stack order (strike).  Then the death checks,
 * in the order the units were first damaged (AM-TEMPO-6).  The same
 * outcome as one record per hit: stacks go to the same hits, every damage
 * comes from the tempo's starting state and the sums are those of the
 * single hits.
 */
static int grouped(am_engine *e)
{
	hit *hs = e->hits;
	size_t n = e->nhits, i, m, nv, nf, nt;
	int k, s;
	hit_list *lv, *lf;
	uint32_t *idx;

	if (!e->groups) {
		e->groups = calloc(1, sizeof(*e->groups));
		if (!e->groups)
			return ut_error_set(AM_ENOMEM, "out of memory");
	}
	lv = &e->groups->all;
	/* single attacks at a side with nobody living fizzle (AM-TEMPO-2) */
	for (i = 0; i < n; i++) {
		hs[i].resolve = !!e->sides[hs[i].aim_side].nliving;
		if (!hs[i].resolve && !hs[i].all)
			EMIT(AM_EV_NO_TARGET, hs[i].attacker, hs[i].action, -1, 0,
			     0);
	}
	/* the records of tempo 1 come in actor order, side then position
	 * (next_actors), and builds keep the order of the units already in a
	 * line: the records aimed at one side, all from the other, are in
	 * order of their attackers' positions (AM-TEMPO-7) */
	for (i = 0; i < n; i++)
		hs[i].apos = (uint32_t)i;
	/* record indices: the volleys at a side, then its single attacks */
	TRY(UT_ARRAY_RESERVE(e->groups->idx, e->groups->capidx, n + 1));
	idx = e->groups->idx;
	e->nstruck = 0;
	for (k = 0; k < 2; k++) {
		uint32_t front;
		s = k ? 1 - hs[0].aim_side : hs[0].aim_side;
		if (!e->sides[s].nliving)
			continue;
		for (i = nv = 0; i < n; i++)
			if (hs[i].aim_side == s && hs[i].all)
				idx[nv++] = (uint32_t)i;
		for (i = 0, nf = nv; i < n; i++)
			if (hs[i].aim_side == s && !hs[i].all)
				idx[nf++] = (uint32_t)i;
		if (nf == 0)
			continue;
		front = (uint32_t)am_roster_front(e, s);
		TRY(list_build(e, lv, idx, nv, s));
		/* (the work of its reach, units × lv->nc, was counted for
		 * both sides before: schedule.c, reach_volleys) */
		/* the front unit meets the single attacks too */
		lf = lv;
		if (nf > nv) {
			lf = &e->groups->front;
			TRY(list_build(e, lf, idx, nf, s));
		}
		if (nv == 0) {
			TRY(strike(e, lf, front, s));
			continue;
		}
		TRY(am_roster_living_line(e, s, &nt));
		for (m = 0; m < nt; m++) {
			uint32_t t = e->tmp[m];
			TRY(strike(e, t == front ? lf : lv, t, s));
		}
	}
	for (i = 0; i < e->nstruck; i++) {
		e->units[e->struck[i]].hit = 0;
		TRY(am_roster_death_check(e, e->struck[i]));
	}
	return 0;
}

/*
 * Resolve the attacks of one step by tempo (AM-TEMPO-1, AM-TEMPO-2,
 * AM-TEMPO-3, AM-TEMPO-4, AM-TEMPO-5, AM-TEMPO-6, AM-TEMPO-7; RULINGS A6,
 * A8, A10).  e->hits holds tempo 1.  Each tempo: aim (a reflected attack
 * aims at the front-most living unit of the reflector's enemy: BU-LINE-1;
 * none → it fizzles); hand out 反射, then ガード stacks in order_hits order;
 * compute every damage from the state at the tempo's start; apply them
 * all; then run the death checks.  The attacks 反射 sent on are the next
 * tempo.  Events come in order of arrival.  A tempo with 全体化 volleys
 * is grouped instead (grouped, BU-ALL-3).
 */
int am_tempo_run(am_engine *e)
{
	for (e->tempo = 1; e->nhits; e->tempo++) {
		hit *hs = e->hits;
		size_t n = e->nhits;
		e->nnext = 0;
		if (e->volleys) {
			e->volleys = 0;
			TRY(grouped(e));
		} else {
			TRY(aim(e, hs, n));
			reflects(e, hs, n);
			guards(e, hs, n);
			TRY(damage(e, hs, n));
			TRY(deaths(e, hs, n));
		}
		/* the next tempo becomes the current one */
		{
			hit *tmp = e->hits;
			size_t tc = e->caphits;
			e->hits = e->next;
			e->caphits = e->capnext;
			e->nhits = e->nnext;
			e->next = tmp;
			e->capnext = tc;
		}
	}
	e->tempo = 0;
	return 0;
}

/*
 * am_tempo_run for the one attack of a duel's single actor (AM-TEMPO-1,
 * AM-TEMPO-2, AM-TEMPO-3, AM-TEMPO-4, AM-TEMPO-5, AM-TEMPO-6, AM-TEMPO-8;
 * RULINGS A6, A8): with one hit a tempo there is no stack order to find.
 * Tempo by tempo it aims at the unit of side `aim` (none living: it
 * fizzles); 反射 sends it on to the other side in the next tempo; else
 * ガード, the damage from the state now, and the death check.  The same
 * state and events as am_tempo_run with that one hit (a 全体化 attack on
 * the one enemy included: BU-ALL-3 tells a single hit the same way).
 */
int am_tempo_duel(am_engine *e, uint32_t attacker, uint32_t action, int aim)
{
	for (e->tempo = 1;; e->tempo++) {
		unit *t = &e->units[aim]; /* unit id = side in a duel */
		int64_t d;
		if (!t->alive) {
			EMIT(AM_EV_NO_TARGET, attacker, action, -1, 0, 0);
			break;
		}
		if (t->st[AM_STATE_REFLECT] > 0) {
			t->st[AM_STATE_REFLECT]--;
			EMIT(AM_EV_REFLECT, attacker, action, aim, 0,
			     t->st[AM_STATE_REFLECT]);
			aim = 1 - aim;
			continue;
		}
		TRY(hit_damage(e, attacker, action, (uint32_t)aim, t->hp, &d));
		if (t->st[AM_STATE_GUARD] > 0) {
			int64_t half = ut_ceil_half(d);
			t->st[AM_STATE_GUARD]--;
			if (e->cb) {
				am_event ev = {0};
				ev.kind = AM_EV_GUARD;
				ev.actor = (int32_t)attacker;
				ev.action = (int32_t)action;
				ev.target = aim;
				ev.state = AM_STATE_GUARD;
				ev.value = d;
				ev.after = half;
				TRY(am_engine_emit_ex(e, &ev));
			}
			d = half;
		}
		if (d < 0) {
			EMIT(AM_EV_FAIL, attacker, action, aim, d, t->hp);
			break;
		}
		TRY(land(e, attacker, action, (uint32_t)aim, 1, d));
		e->nstruck = 0;
		t->hit = 0;
		TRY(am_roster_death_check(e, (uint32_t)aim));
		break;
	}
	e->tempo = 0;
	return 0;
}
