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
 * RULINGS A6), before ガード: X = the attacker's 攻撃力, or the target's ＨＰ
 * for ＨＰ減殺, ×Ｎ for 効果Ｎ倍 (AM-CUST-4), then AM-CLASS-1 X − 防御力,
 * AM-CLASS-2 X, AM-CLASS-3 ⌈X÷2⌉; the target is the unit the hit reaches,
 * also when 反射 sent it back to the attacker's side (AM-TEMPO-8).
 * Returns AM_EOVERFLOW on overflow (AM-ARITH-1). */
static int base_damage(am_engine *e, const hit *h, int64_t *out)
{
	const am_action *a = &e->sides[e->units[h->attacker].side]
	                          .team->actions[h->action];
	const unit *atk = &e->units[h->attacker];
	const unit *t = &e->units[h->target];
	int64_t x = a->cls == AM_CLASS_HALVE ? t->hp : atk->atk;

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
		         .team->actions[h->action];
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

/*
 * Resolve the attacks of one step by tempo (AM-TEMPO-1, AM-TEMPO-2,
 * AM-TEMPO-3, AM-TEMPO-4, AM-TEMPO-5, AM-TEMPO-6, AM-TEMPO-7; RULINGS A6,
 * A8, A10).  e->hits holds tempo 1.  Each tempo: aim (a reflected attack
 * aims at the front-most living unit of the reflector's enemy: BU-LINE-1;
 * none → it fizzles); hand out 反射, then ガード stacks in order_hits order;
 * compute every damage from the state at the tempo's start; apply them
 * all; then run the death checks.  The attacks 反射 sent on are the next
 * tempo.  Events come in order of arrival.
 */
int am_tempo_run(am_engine *e)
{
	for (e->tempo = 1; e->nhits; e->tempo++) {
		hit *hs = e->hits;
		size_t n = e->nhits;
		e->nnext = 0;
		TRY(aim(e, hs, n));
		reflects(e, hs, n);
		guards(e, hs, n);
		TRY(damage(e, hs, n));
		TRY(deaths(e, hs, n));
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
