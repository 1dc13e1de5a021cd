/*
 * schedule.c - the turn loop (AM-TURN-1; RULINGS A4, A5, B4): turn start,
 * the 毒 phase, the AP phase, and the action phase in which the living
 * units with AP and the highest 素早さ take step after step (AM-STEP-1,
 * BU-ORDER-1).
 */
#include "engine_int.h"

/* The kind of a 全体化 attack (BU-ALL-3): its action, and its 攻撃力 but
 * for ＨＰ減殺 (whose damage depends on the target only). */
typedef struct volley_kind {
	uint32_t action;
	int64_t atk;
} volley_kind;

static int kind_cmp(const void *pa, const void *pb)
{
	const volley_kind *a = pa, *b = pb;

	if (a->action != b->action)
		return a->action < b->action ? -1 : 1;
	return a->atk < b->atk ? -1 : a->atk > b->atk;
}

/*
 * The reach of the 全体化 attacks of the step of e->dec[0..n) (am_work,
 * BU-POP-3): at each side with living units (the side the first record
 * aims at first), those units × the kinds of attack aimed at it, as the
 * grouped tempo meets them (tempo.c: grouped, its classes).  Counted for
 * both sides before any hit lands, whether the hits are grouped or one
 * record each (expand_hits), so that a stop leaves the same state either
 * way.
 */
static int reach_volleys(am_engine *e, size_t n)
{
	volley_kind *kv = NULL;
	size_t i, m, kinds;
	int k, s, rc = 0;

	if (e->nhits == 0)
		return 0;
	for (k = 0; k < 2 && rc == 0; k++) {
		s = k ? 1 - e->hits[0].aim_side : e->hits[0].aim_side;
		if (!e->sides[s].nliving)
			continue;
		for (i = m = 0; i < n; i++) {
			const unit *u = &e->units[e->dec[i].actor];
			const slot *sl;
			if (e->dec[i].slot < 0 || u->side == s)
				continue;
			sl = am_step_slot_of(e, e->dec[i].actor, e->dec[i].slot);
			if (sl->kind != AM_KIND_ATTACK || !sl->all)
				continue;
			if (!kv && !(kv = malloc(n * sizeof(*kv))))
				return ut_error_set(AM_ENOMEM, "out of memory");
			kv[m].action = sl->index;
			kv[m++].atk = sl->cls == AM_CLASS_HALVE ? 0 : u->atk;
		}
		if (m == 0)
			continue;
		/* usually one kind, or kinds in a row: no sort */
		for (i = 1; i < m && kind_cmp(&kv[i - 1], &kv[i]) <= 0; i++)
			;
		if (i < m)
			qsort(kv, m, sizeof(*kv), kind_cmp);
		for (i = kinds = 1; i < m; i++)
			kinds += kind_cmp(&kv[i - 1], &kv[i]) != 0;
		rc = am_work_reach(e, e->sides[s].nliving, kinds);
	}
	free(kv);
	return rc;
}

/*
 * One action step of the units in e->dec[0..n) (one unit, or several of
 * equal 素早さ acting simultaneously: AM-SIM-1): decide all (AM-STEP-2,
 * AM-STATE-2), then スタン processing, supports with the death checks of
 * ＨＰ回復 (AM-SUP-1), builds in actor order (BU-ORDER-2), and attacks by
 * tempo, aimed after the builds (AM-SIM-2, AM-TEMPO-1, BU-ALL-2; RULINGS
 * A8, A10).  Every decision is carried out, also by an actor that died
 * earlier in the step (AM-SIM-3).  Returns 1 when every actor had nothing
 * to do (no スタン, no usable action: AM-STEP-3), else 0.
 */
static int step(am_engine *e, size_t n)
{
	size_t i, nstun = 0, nsup = 0, natk = 0, nbuild = 0;
	int volleys = 0; /* a 全体化 attack among them (reach_volleys) */

	TRY(am_step_next(e));
	EMIT(AM_EV_STEP_BEGIN, -1, -1, -1, (int64_t)n, 0);
	for (i = 0; i < n; i++) {
		int32_t d = am_step_decide(e, e->dec[i].actor);
		e->dec[i].slot = d;
		if (d == -2)
			nstun++;
		else if (d >= 0) {
			uint8_t k = am_step_slot_of(e, e->dec[i].actor, d)->kind;
			natk += k == AM_KIND_ATTACK;
			nsup += k == AM_KIND_SUPPORT;
			nbuild += k == AM_KIND_BUILD;
		}
	}
	if (nstun + nsup + natk + nbuild == 0)
		return 1;
	/* every actor of a step not empty, a スタン, an action or nothing
	 * (am_work, BU-POP-3: each costs the step's loops, picking and
	 * ordering it; the review of 2026-12-04 kept thousands stunned for
	 * seconds of uncounted steps) */
	TRY(am_work(e, n));
	for (i = 0; nstun && i < n; i++) {
		unit *u = &e->units[e->dec[i].actor];
		if (e->dec[i].slot != -2)
			continue;
		u->st[AM_STATE_STUN]--;
		EMIT(AM_EV_STUNNED, e->dec[i].actor, -1, e->dec[i].actor, 1,
		     u->st[AM_STATE_STUN]);
	}
	for (i = 0; nsup && i < n; i++) {
		const slot *sl;
		if (e->dec[i].slot < 0)
			continue;
		sl = am_step_slot_of(e, e->dec[i].actor, e->dec[i].slot);
		if (sl->kind != AM_KIND_SUPPORT)
			continue;
		if (e->cb)
			TRY(am_step_emit_action(e, e->dec[i].actor, sl));
		TRY(am_step_support(e, e->dec[i].actor, sl));
	}
	/* ＨＰ回復 may set ＨＰ to an initial ＨＰ of 0 */
	for (i = 0; i < e->ntouched; i++)
		TRY(am_roster_death_check(e, e->touched[i]));
	e->ntouched = 0;
	/* builds, front builder first (actors are in side, position order) */
	for (i = 0; nbuild && i < n; i++) {
		const slot *sl;
		if (e->dec[i].slot < 0)
			continue;
		sl = am_step_slot_of(e, e->dec[i].actor, e->dec[i].slot);
		if (sl->kind != AM_KIND_BUILD)
			continue;
		if (e->cb)
			TRY(am_step_emit_action(e, e->dec[i].actor, sl));
		TRY(am_step_build(e, e->dec[i].actor, sl));
	}
	if (natk == 0)
		return 0;
	e->nhits = 0;
	for (i = 0; i < n; i++) {
		const slot *sl;
		uint32_t id = e->dec[i].actor;
		int foe = 1 - e->units[id].side;
		if (e->dec[i].slot < 0)
			continue;
		sl = am_step_slot_of(e, id, e->dec[i].slot);
		if (sl->kind != AM_KIND_ATTACK)
			continue;
		if (e->cb)
			TRY(am_step_emit_action(e, id, sl));
		volleys |= sl->all;
		if (sl->all && !e->opts->expand_hits) {
			/* a volley: one hit per living enemy (B3), grouped
			 * in its tempo (BU-ALL-3) */
			TRY(am_tempo_push_hit(e, &e->hits, &e->nhits,
			                      &e->caphits, id, sl->index, -1,
			                      foe));
			e->hits[e->nhits - 1].all = 1;
			e->volleys = 1;
		} else if (sl->all) { /* one record per hit: reference */
			size_t k, m;
			TRY(am_roster_living_line(e, foe, &m));
			for (k = 0; k < m; k++)
				TRY(am_tempo_push_hit(e, &e->hits, &e->nhits,
				                      &e->caphits, id, sl->index,
				                      e->tmp[k], foe));
		} else {
			TRY(am_tempo_push_hit(e, &e->hits, &e->nhits,
			                      &e->caphits, id, sl->index, -1,
			                      foe));
		}
	}
	if (volleys)
		TRY(reach_volleys(e, n));
	return am_tempo_run(e);
}

/* Actors in side, then position order (AM-LOG-1). */
static int dec_cmp(const void *pa, const void *pb)
{
	const decision *a = pa, *b = pb;

	return a->key < b->key ? -1 : a->key > b->key;
}

/* AM-STEP-1: the living units with AP ≥ 1 and the highest 素早さ, by
 * scanning every unit (a small population), into e->dec in unit order;
 * their number in *out. */
static inline int scan_actors(am_engine *e, size_t *out)
{
	size_t n = 0, i;
	int64_t best = 0;

	TRY(UT_ARRAY_RESERVE(e->dec, e->capdec, e->nunits));
	for (i = 0; i < e->nunits; i++) {
		const unit *u = &e->units[i];
		if (!u->alive || u->ap < 1 || (n && u->spd < best))
			continue;
		if (!n || u->spd > best) {
			best = u->spd;
			n = 0;
		}
		e->dec[n++].actor = (uint32_t)i;
	}
	*out = n;
	return 0;
}

/* AM-STEP-1, BU-ORDER-1: the same from the queue (a large population):
 * stale entries are dropped, and the entries of the actors taken are popped
 * and made stale (their version bumped), to be pushed again when they have
 * AP left. */
static inline int pop_actors(am_engine *e, size_t *out)
{
	size_t n = 0, i;
	int64_t best = 0;
	int rebuild;

	/* the entries am_schedule_enqueue renewed since the last step: each
	 * pushed, or, when they are many against the heap (a 全体化 素早さ
	 * support renews every ally's at each step), the heap made again of
	 * its live entries and them, in O(n), which also drops the stale
	 * entries of the renewed units (else n a step: n² a turn, and as
	 * many stale pops) */
	rebuild = e->ndirty && e->ndirty * 4 >= e->queue.n;
	if (rebuild) {
		size_t k = 0;
		for (i = 0; i < e->queue.n; i++) {
			const am_qent q = e->queue.a[i];
			const unit *u = &e->units[q.id];
			if (q.ver == u->ver && u->alive && u->ap >= 1)
				e->queue.a[k++] = q;
		}
		e->queue.n = k;
		if (UT_ARRAY_RESERVE(e->queue.a, e->queue.cap, k + e->ndirty) < 0)
			return AM_ENOMEM;
	}
	for (i = 0; i < e->ndirty; i++) {
		unit *u = &e->units[e->dirty[i]];
		u->dirty = 0;
		if (u->alive && u->ap >= 1) {
			am_qent q;
			q.spd = u->spd;
			q.id = e->dirty[i];
			q.ver = u->ver;
			if (rebuild)
				e->queue.a[e->queue.n++] = q;
			else
				TRY(am_queue_push(&e->queue, q));
		}
	}
	if (rebuild)
		am_queue_heapify(&e->queue);
	e->ndirty = 0;
	while (e->queue.n) {
		const am_qent *q = am_queue_top(&e->queue);
		const unit *u = &e->units[q->id];
		if (q->ver != u->ver || !u->alive || u->ap < 1) {
			am_queue_pop(&e->queue); /* stale */
			continue;
		}
		if (n && q->spd < best)
			break;
		best = q->spd;
		TRY(UT_ARRAY_RESERVE(e->dec, e->capdec, n + 1));
		e->dec[n].actor = q->id;
		e->dec[n].key = 0; /* set below when there are several */
		n++;
		am_queue_pop(&e->queue); /* q now points at another entry */
		e->units[e->dec[n - 1].actor].ver++; /* none of it remains */
	}
	*out = n;
	return 0;
}

/* AM-LOG-1: many actors (n of them): walk the lines, side 0 then 1, front
 * first, and take the actors as they come (no sort). */
static int order_by_lines(am_engine *e, size_t n)
{
	int s;
	size_t i, j, k = 0, m;

	for (i = 0; i < n; i++)
		e->units[e->dec[i].actor].acting = 1;
	for (s = 0; s < 2; s++) {
		TRY(am_roster_living_line(e, s, &m));
		for (j = 0; j < m; j++) {
			unit *u = &e->units[e->tmp[j]];
			if (!u->acting)
				continue;
			u->acting = 0;
			UT_ASSERT(k < n);
			e->dec[k].actor = e->tmp[j];
			e->dec[k++].key = 0;
		}
	}
	UT_ASSERT(k == n); /* every actor is living, so on a line */
	return 0;
}

/* AM-LOG-1: a few actors (n > 1): sorted by side, then position (insertion
 * sort up to 16, qsort beyond). */
static inline void order_by_key(am_engine *e, size_t n)
{
	size_t i, j;

	for (i = 0; i < n; i++) {
		uint32_t id = e->dec[i].actor;
		e->dec[i].key = ((uint64_t)e->units[id].side << 32) |
		                (am_roster_position(e, id));
	}
	if (n > 16) {
		qsort(e->dec, n, sizeof(decision), dec_cmp);
		return;
	}
	for (i = 1; i < n; i++) {
		decision x = e->dec[i];
		for (j = i; j > 0 && e->dec[j - 1].key > x.key; j--)
			e->dec[j] = e->dec[j - 1];
		e->dec[j] = x;
	}
}

/*
 * The units of the next step: every living unit with AP ≥ 1 and the
 * highest current 素早さ (AM-STEP-1, BU-ORDER-1; RULINGS A5, B4), taken
 * from the queue, put in side then position order (AM-LOG-1: the order of
 * the log and of builds, never of results: AM-SYM-1).  Returns their number
 * (0: the phase is over).
 */
static int next_actors(am_engine *e, size_t *out)
{
	size_t n, i;

	if (!e->queued && e->nunits > SCAN_UNITS) {
		/* the population outgrew scanning: fill the queue once */
		e->queued = 1;
		e->queue.n = 0;
		for (i = 0; i < e->nunits; i++)
			TRY(am_schedule_enqueue(e, (uint32_t)i));
	}
	if (e->queued)
		TRY(pop_actors(e, &n));
	else
		TRY(scan_actors(e, &n));
	if (n > BULK_POSITIONS &&
	    (uint64_t)n * 8 >= (uint64_t)am_roster_line_size(e, 0) +
	                           am_roster_line_size(e, 1))
		TRY(order_by_lines(e, n));
	else if (n > 1)
		order_by_key(e, n);
	UT_ASSERT(n <= e->nunits);
	*out = n;
	return 0;
}

/*
 * The duel (AM-STEP-1, AM-SIM-1, BU-ORDER-1): with one unit a side and no
 * ビルド, the next actors are whichever of units 0 and 1 is living with AP
 * ≥ 1 and the faster, or both (side 0 first: AM-LOG-1) at equal 素早さ —
 * what next_actors finds, without its generality.  Returns their number.
 */
static size_t duel_actors(am_engine *e)
{
	const unit *a = &e->units[0], *b = &e->units[1];
	int ra = a->alive && a->ap >= 1, rb = b->alive && b->ap >= 1;

	if (ra && rb && a->spd == b->spd) {
		e->dec[0].actor = 0;
		e->dec[1].actor = 1;
		return 2;
	}
	if (ra && (!rb || a->spd > b->spd)) {
		e->dec[0].actor = 0;
		return 1;
	}
	if (rb) {
		e->dec[0].actor = 1;
		return 1;
	}
	return 0;
}

/*
 * step(e, 1) for the one actor e->dec[0] (AM-STEP-2, AM-STATE-2, AM-SUP-1,
 * AM-SIM-2, AM-TEMPO-1): the same decision, effects and events, without
 * the loops over a group.
 */
static int duel_step(am_engine *e)
{
	uint32_t id = e->dec[0].actor;
	unit *u = &e->units[id];
	const slot *sl;
	size_t i;
	int32_t d;

	TRY(am_step_next(e));
	EMIT(AM_EV_STEP_BEGIN, -1, -1, -1, 1, 0);
	d = am_step_decide(e, id);
	e->dec[0].slot = d;
	if (d == -1)
		return 1;
	TRY(am_work(e, 1)); /* the actor of a step not empty */
	if (d == -2) {
		u->st[AM_STATE_STUN]--;
		EMIT(AM_EV_STUNNED, id, -1, id, 1, u->st[AM_STATE_STUN]);
		return 0;
	}
	sl = am_step_slot_of(e, id, d);
	if (e->cb)
		TRY(am_step_emit_action(e, id, sl));
	switch (sl->kind) {
	case AM_KIND_SUPPORT:
		/* on itself, also for 全体化 and 対象Ｎ: its line is itself */
		if (sl->all || sl->targeted)
			TRY(am_step_support(e, id, sl));
		else
			TRY(am_step_support_on(e, id, sl, id));
		for (i = 0; i < e->ntouched; i++)
			TRY(am_roster_death_check(e, e->touched[i]));
		e->ntouched = 0;
		return 0;
	case AM_KIND_BUILD: /* entry units that build never duel */
		return ut_error_set(AM_ERROR, "a build in a duel");
	default: /* the enemy is alive: the step began with the battle on */
		if (sl->all) /* its reach, as grouped counts it (am_work):
		              * the one unit there, one kind */
			TRY(am_work(e, 1));
		return am_tempo_duel(e, id, sl->index, 1 - u->side);
	}
}

/*
 * The action phase (AM-STEP-1, AM-TURN-1; RULINGS A5, B4): repeatedly, the
 * living units with AP ≥ 1 and the highest current 素早さ take one
 * (simultaneous) step, until no living unit has AP left or the battle is
 * decided.  Each step is judged when it has completed, and its dead retire
 * then (AM-SIM-3, AM-JUDGE-1, BU-LINE-2, BU-RESULT-1); the rest of a group
 * of empty steps is counted at once (AM-STEP-3).
 */
static int action_phase(am_engine *e)
{
	for (;;) {
		size_t i, n;
		int rc;

		TRY(next_actors(e, &n));
		if (n == 0)
			return 0;
		e->in_step = 1;
		rc = step(e, n);
		if (rc == 1) /* an empty step: the group's other steps are too */
			rc = e->shortcuts ? am_shortcuts_idle_steps(e, n) : 0;
		e->in_step = 0;
		if (rc < 0)
			return rc;
		for (i = 0; e->queued && i < n; i++)
			TRY(am_schedule_enqueue(e, e->dec[i].actor));
		if (e->ndied) {
			am_roster_retire(e);
			if (am_roster_over(e))
				return 0;
		}
	}
}

/*
 * The 毒 phase at the start of each turn (AM-STATE-1, AM-TURN-1; RULINGS
 * A4): every living unit with 毒 loses that much ＨＰ, then those units get
 * their death checks.  Skipped when nobody ever got 毒 (AM-STEP-3).
 */
static int poison_phase(am_engine *e)
{
	size_t i;

	if (!e->poisoned && e->shortcuts) /* nobody ever got 毒 */
		return 0;
	for (i = 0; i < e->nunits; i++) {
		unit *u = &e->units[i];
		if (!u->alive || u->st[AM_STATE_POISON] == 0)
			continue;
		if (ut_ckd_sub(&u->hp, u->hp, u->st[AM_STATE_POISON]))
			return am_engine_overflow();
		EMIT(AM_EV_POISON, -1, -1, i, u->st[AM_STATE_POISON], u->hp);
	}
	for (i = 0; i < e->nunits; i++)
		if (e->units[i].alive && e->units[i].st[AM_STATE_POISON])
			TRY(am_roster_death_check(e, (uint32_t)i));
	return 0;
}

/*
 * step(e, 2) for the simultaneous step of both duel units (AM-SIM-1,
 * AM-SIM-2, AM-STATE-2, AM-SUP-1, AM-TEMPO-1; RULINGS A8): both decide,
 * then スタン processing, supports and the death checks of ＨＰ回復, then the
 * attacks by tempo — step()'s order and events, side 0 first (AM-LOG-1).
 * Returns 1 when neither had anything to do.
 */
static int duel_step2(am_engine *e)
{
	const slot *sl[2] = {NULL, NULL};
	int32_t d[2];
	size_t i;
	int k, natk = 0;
	unsigned vol = 0; /* bit k: unit k's attack is 全体化 */

	TRY(am_step_next(e));
	EMIT(AM_EV_STEP_BEGIN, -1, -1, -1, 2, 0);
	for (k = 0; k < 2; k++) {
		d[k] = am_step_decide(e, (uint32_t)k);
		e->dec[k].slot = d[k];
		if (d[k] >= 0)
			sl[k] = am_step_slot_of(e, (uint32_t)k, d[k]);
	}
	if (d[0] == -1 && d[1] == -1)
		return 1;
	TRY(am_work(e, 2)); /* both actors of a step not empty (am_work) */
	for (k = 0; k < 2; k++) {
		unit *u = &e->units[k];
		if (d[k] != -2)
			continue;
		u->st[AM_STATE_STUN]--;
		EMIT(AM_EV_STUNNED, k, -1, k, 1, u->st[AM_STATE_STUN]);
	}
	for (k = 0; k < 2; k++) {
		if (!sl[k])
			continue;
		if (sl[k]->kind == AM_KIND_BUILD) /* entry units that build
		                                     never duel */
			return ut_error_set(AM_ERROR, "a build in a duel");
		natk += sl[k]->kind == AM_KIND_ATTACK;
		if (sl[k]->kind != AM_KIND_SUPPORT)
			continue;
		if (e->cb)
			TRY(am_step_emit_action(e, (uint32_t)k, sl[k]));
		if (sl[k]->all || sl[k]->targeted)
			TRY(am_step_support(e, (uint32_t)k, sl[k]));
		else
			TRY(am_step_support_on(e, (uint32_t)k, sl[k], (uint32_t)k));
	}
	for (i = 0; i < e->ntouched; i++)
		TRY(am_roster_death_check(e, e->touched[i]));
	e->ntouched = 0;
	if (natk == 0)
		return 0;
	e->nhits = 0;
	for (k = 0; k < 2; k++) {
		if (!sl[k] || sl[k]->kind != AM_KIND_ATTACK)
			continue;
		if (e->cb)
			TRY(am_step_emit_action(e, (uint32_t)k, sl[k]));
		vol |= (unsigned)sl[k]->all << k;
		if (sl[k]->all && e->opts->expand_hits) {
			/* one record per living enemy, as step() */
			if (e->units[1 - k].alive)
				TRY(am_tempo_push_hit(e, &e->hits, &e->nhits,
				                      &e->caphits, (uint32_t)k,
				                      sl[k]->index, 1 - k, 1 - k));
			continue;
		}
		TRY(am_tempo_push_hit(e, &e->hits, &e->nhits, &e->caphits,
		                      (uint32_t)k, sl[k]->index, -1, 1 - k));
		if (sl[k]->all) { /* a volley (BU-ALL-3), as step() */
			e->hits[e->nhits - 1].all = 1;
			e->volleys = 1;
		}
	}
	/* their reach, as reach_volleys counts it: the one unit of the
	 * other side, if living, one kind; both before any hit lands */
	for (k = 0; vol && k < 2; k++)
		if ((vol >> k) & 1)
			TRY(am_work(e, e->units[1 - k].alive != 0));
	return am_tempo_run(e);
}

/*
 * action_phase for a duel (AM-STEP-1, AM-SIM-1, AM-STEP-3, AM-JUDGE-1):
 * duel_actors, duel_step for one actor, duel_step2 for two; after a single
 * actor's empty step its other steps are counted at once, as
 * am_shortcuts_idle_steps does.
 */
static int duel_phase(am_engine *e)
{
	for (;;) {
		size_t n = duel_actors(e);
		int rc;

		if (n == 0)
			return 0;
		e->in_step = 1;
		if (n == 1) {
			unit *u = &e->units[e->dec[0].actor];
			rc = duel_step(e);
			if (rc == 1 && e->shortcuts) {
				rc = e->cb ? am_shortcuts_tell_idle_steps(e, 1, u->ap)
				           : am_shortcuts_add_steps(e, u->ap);
				u->ap = 0;
			}
		} else {
			rc = duel_step2(e);
			if (rc == 1 && e->shortcuts)
				rc = am_shortcuts_idle_steps(e, n);
		}
		e->in_step = 0;
		if (rc < 0)
			return rc;
		if (e->ndied) {
			am_roster_retire(e);
			if (am_roster_over(e))
				return 0;
		}
	}
}

/*
 * The steps of an action phase in which nobody in a duel can do anything
 * but スタン processing (am_shortcuts_empty_phase_steps for two units): a
 * living unit of 素早さ v ≥ 1 takes v steps, two of equal 素早さ share
 * theirs (AM-STEP-3).  AM_EOVERFLOW past INT64_MAX.
 */
static int duel_empty_steps(const am_engine *e, int64_t *out)
{
	const unit *a = &e->units[0], *b = &e->units[1];
	int64_t steps = a->alive && a->spd >= 1 ? a->spd : 0;

	*out = 0; /* set on every path (gcc -O3: -Wmaybe-uninitialized) */
	if (b->alive && b->spd >= 1 && !(a->alive && a->spd == b->spd) &&
	    ut_ckd_add(&steps, steps, b->spd))
		return am_shortcuts_steps_overflow();
	*out = steps;
	return 0;
}

/* A new turn for duel unit u (born in turn 0, so its age is the turn):
 * am_schedule_new_turn. */
static inline void duel_new_turn(am_engine *e, unit *u)
{
	if (u->nslots > 64 || !u->nslots) {
		am_schedule_new_turn(e, u);
		return;
	}
	u->avail = e->sides[u->side].prog->entry.masks[e->turn] &
	           ~*am_step_spent_bits(e, u);
}

/*
 * am_schedule_play for a duel (e->duel): the same turns, phases, judging
 * points and shortcuts (AM-TURN-1, AM-TURN-4, AM-STATE-1, AM-AP-1,
 * AM-JUDGE-1, AM-STEP-3), written for units 0 and 1.  Units that die
 * outside a step retire at once (BU-LINE-2).
 */
static int duel_play(am_engine *e, am_result *r)
{
	unit *u = e->units;
	int busy, k;
	int64_t steps;

	for (e->turn = 0; e->turn <= AM_LAST_TURN; e->turn++) {
		EMIT(AM_EV_TURN_BEGIN, -1, -1, -1, 0, 0);
		if (e->turn == 1) {
			TRY(am_roster_death_check(e, 0));
			TRY(am_roster_death_check(e, 1));
			if (e->ndied) {
				am_roster_retire(e);
				if (am_roster_over(e))
					break;
			}
		}
		if (e->poisoned || !e->shortcuts) {
			TRY(poison_phase(e));
			if (e->ndied) {
				am_roster_retire(e);
				if (am_roster_over(e))
					break;
			}
		}
		if (e->shortcuts && !e->cb && e->turn >= 1 &&
		    !(u[0].alive && (u[0].live || u[0].st[AM_STATE_POISON])) &&
		    !(u[1].alive && (u[1].live || u[1].st[AM_STATE_POISON]))) {
			/* dormant: jump to the end (am_shortcuts_dormant),
			 * when the work of the steps jumped fits */
			int fits = am_shortcuts_dormant_work(e);
			TRY(fits);
			if (fits) {
				TRY(duel_empty_steps(e, &steps));
				TRY(am_shortcuts_fast_forward(e, steps));
				break;
			}
		}
		busy = 0;
		for (k = 0; k < 2; k++) {
			if (!u[k].alive)
				continue;
			u[k].ap = u[k].spd;
			duel_new_turn(e, &u[k]);
			busy |= u[k].avail || u[k].nslots > 64 ||
			        u[k].st[AM_STATE_STUN];
		}
		if (e->shortcuts && !busy && !e->cb) {
			/* the idle turn (am_shortcuts_skip_turn) */
			TRY(duel_empty_steps(e, &steps));
			TRY(am_shortcuts_add_steps(e, steps));
			u[0].ap = u[0].alive ? 0 : u[0].ap;
			u[1].ap = u[1].alive ? 0 : u[1].ap;
		} else {
			TRY(duel_phase(e));
		}
		if (am_roster_over(e))
			break;
		EMIT(AM_EV_TURN_END, -1, -1, -1, 0, 0);
	}
	if (e->turn > AM_LAST_TURN)
		e->turn = AM_LAST_TURN;
	else
		EMIT(AM_EV_TURN_END, -1, -1, -1, 0, 0);
	return am_engine_finish(e, r);
}

/*
 * The battle (AM-TURN-1; RULINGS A4, B4): turns 0..20, each the 毒 phase,
 * the AP phase (AP = 素早さ for every living unit: AM-AP-1) and the action
 * phase, until a side has no living unit (AM-JUDGE-1, BU-RESULT-1); then
 * judging (am_engine_finish).  Turn 1 starts with the death checks turn 0
 * did not make (AM-TURN-4).  Units that die outside a step retire at once
 * (BU-LINE-2).  A dormant battle jumps to its end and an idle action phase
 * is counted, not played (AM-STEP-3).
 */
int am_schedule_play(am_engine *e, am_result *r)
{
	size_t i;
	int busy, skipped;
	int64_t per_turn;

	if (e->duel)
		return duel_play(e, r);
	for (e->turn = 0; e->turn <= AM_LAST_TURN; e->turn++) {
		EMIT(AM_EV_TURN_BEGIN, -1, -1, -1, 0, 0);
		if (e->turn == 1) {
			for (i = 0; i < e->nunits; i++)
				TRY(am_roster_death_check(e, (uint32_t)i));
			am_roster_retire(e);
			if (am_roster_over(e))
				break;
		}
		TRY(poison_phase(e));
		if (e->ndied) /* (a call saved on most turns) */
			am_roster_retire(e);
		if (am_roster_over(e))
			break;
		if (e->shortcuts && !e->cb && e->turn >= 1 &&
		    am_shortcuts_dormant(e)) {
			int rc = am_shortcuts_empty_phase_steps(e, &per_turn);
			TRY(rc);
			/* when the work of the steps jumped fits (BU-POP-3) */
			if (rc == 0 && (rc = am_shortcuts_dormant_work(e)) != 0) {
				TRY(rc);
				TRY(am_shortcuts_fast_forward(e, per_turn));
				break;
			}
		}
		e->queue.n = 0;
		busy = 0;
		for (i = 0; i < e->nunits; i++) {
			unit *u = &e->units[i];
			if (!u->alive)
				continue;
			u->ap = u->spd;
			am_schedule_new_turn(e, u);
			busy |= u->avail || u->nslots > 64 || u->st[AM_STATE_STUN];
			if (e->queued)
				TRY(am_schedule_enqueue(e, (uint32_t)i));
		}
		skipped = am_shortcuts_idle_turn(e, busy);
		TRY(skipped);
		if (!skipped)
			TRY(action_phase(e));
		if (am_roster_over(e))
			break;
		EMIT(AM_EV_TURN_END, -1, -1, -1, 0, 0);
	}
	if (e->turn > AM_LAST_TURN)
		e->turn = AM_LAST_TURN;
	else
		EMIT(AM_EV_TURN_END, -1, -1, -1, 0, 0);
	return am_engine_finish(e, r);
}
