/*
 * tests/amaryllis/support/fixture.c - teams with named fields, recorded battles, and
 * the mirror and shortcut checks (see fixture.h).
 */
#include "support/fixture.h"

#include <stdio.h>
#include <string.h>

#include "util/array.h"

/* ---- teams -------------------------------------------------------------- */

static int same_act(const am_action *x, const am_action *y)
{
	return x->cls == y->cls && x->n == y->n && x->delay == y->delay &&
	       x->mult == y->mult && x->stun == y->stun &&
	       x->poison == y->poison && x->target == y->target &&
	       x->place == y->place && x->build == y->build &&
	       x->limited == y->limited && x->fast == y->fast &&
	       x->all == y->all;
}

/* The engine's form of spec `s` of a team with unit specs u[0..n). */
static am_action to_action(const tf_act *s, const tf_unit_spec *u, size_t n)
{
	am_action a;
	size_t i;

	memset(&a, 0, sizeof(a));
	a.name = s->name ? s->name : am_class_name(s->cls);
	a.cls = s->cls;
	a.n = s->n;
	a.delay = s->delay;
	a.mult = s->mult ? s->mult : 1;
	a.stun = s->stun;
	a.poison = s->poison;
	a.target = s->target;
	a.place = s->place;
	a.limited = (uint8_t)(s->limited != 0);
	a.fast = (uint8_t)(s->fast != 0);
	a.all = (uint8_t)(s->all != 0);
	a.build = -1;
	if (s->cls == AM_CLASS_BUILD) {
		assert_non_null(s->build);
		for (i = 0; i < n; i++)
			if (strcmp(u[i].name, s->build) == 0)
				a.build = (int32_t)i;
		if (a.build < 0)
			fail_msg("ビルド of unknown unit %s", s->build);
	} else {
		assert_null(s->build);
	}
	return a;
}

/* Index of the team action for spec s: an existing one of the same name
 * (which must be identical), or a new one. */
static uint32_t add_action(tf_team *t, const tf_act *s,
                           const tf_unit_spec *u, size_t n)
{
	am_action a = to_action(s, u, n);
	size_t i;

	for (i = 0; s->name && i < t->nact; i++) {
		if (strcmp(t->act[i].name, s->name) != 0)
			continue;
		if (!same_act(&t->act[i], &a))
			fail_msg("action %s defined twice differently",
			         s->name);
		return (uint32_t)i;
	}
	assert_true(t->nact < TF_MAXA);
	t->act[t->nact] = a;
	return (uint32_t)t->nact++;
}

void tf_team_make(tf_team *t, const tf_unit_spec *u, size_t n)
{
	size_t i, j, k;

	memset(t, 0, sizeof(*t));
	assert_true(n >= 1 && n <= TF_MAXU);
	for (i = 0; i < n; i++) {
		am_unit_def *d = &t->units[i];
		assert_non_null(u[i].name);
		for (j = 0; j < i; j++)
			assert_true(strcmp(u[j].name, u[i].name) != 0);
		assert_true(u[i].hp >= 0 && u[i].hp % 5 == 0);
		assert_true(u[i].atk >= 0 && u[i].def >= 0 && u[i].spd >= 0);
		if (i == 0) { /* the entry unit: 10 points, 愛 among them */
			assert_true(u[i].bonus == 0 || u[i].bonus == 10);
			assert_true(u[i].love >= 0);
			d->bonus = 10;
			d->love = u[i].love;
		} else {      /* a ビルディア: free bonus Ｂ ≥ 1, no 愛 */
			assert_true(u[i].bonus >= 1);
			assert_int_equal(u[i].love, 0);
			d->bonus = u[i].bonus;
		}
		d->name = u[i].name;
		d->hp = u[i].hp;
		d->atk = u[i].atk;
		d->def = u[i].def;
		d->spd = u[i].spd;
		d->tech = d->bonus - d->love -
		          (d->hp / 5 + d->atk + d->def + d->spd);
		assert_true(d->tech >= 0);
		for (j = 0; j < TF_MAXS && u[i].actions[j].given_; j++)
			t->slots[i][j] = add_action(t, &u[i].actions[j], u, n);
		d->nslots = j;
		d->slots = t->slots[i];
	}
	t->nunits = n;
	/* at most 愛 ビルディア (B1) */
	assert_true((int64_t)(n - 1) <= t->units[0].love);
	for (i = 0; i < t->nact; i++) {
		am_action *a = &t->act[i];
		int64_t base = 0;
		if (a->cls == AM_CLASS_BUILD) { /* stored bonus: 愛 dropped */
			const am_unit_def *d = &t->units[a->build];
			base = d->bonus - d->love;
		}
		assert_int_equal(am_action_cost(&a->cost, a, base), 0);
		assert_true(a->cost >= 1);
	}
	for (i = 0; i < n; i++) {
		int64_t total = 0;
		for (j = 0; j < t->units[i].nslots; j++)
			total += t->act[t->units[i].slots[j]].cost;
		assert_true(total <= t->units[i].tech);
	}
	t->team.nunits = n;
	t->team.units = t->units;
	t->team.nactions = t->nact;
	t->team.actions = t->act;
	{ /* every ビルディア must be buildable in some battle (B1; BU-STORE-2,
	   * BU-STORE-3, BU-STORE-4) */
		am_build_turn bt[TF_MAXU];
		assert_int_equal(am_team_build_turns(bt, &t->team), 0);
		for (k = 0; k < n; k++) {
			if (bt[k].why != AM_BUILT)
				fail_msg("team unit %s can never be built (reason %d)",
				         t->units[k].name, (int)bt[k].why);
		}
	}
	t->team.nunits = n;
	t->team.units = t->units;
	t->team.nactions = t->nact;
	t->team.actions = t->act;
	assert_int_equal(am_team_check(&t->team), 0);
}

const am_action *tf_action(const tf_team *t, const char *name)
{
	size_t i;

	for (i = 0; i < t->nact; i++)
		if (strcmp(t->act[i].name, name) == 0)
			return &t->act[i];
	fail_msg("no action %s", name);
	return NULL;
}

const am_action *tf_slot(const tf_team *t, size_t unit, size_t slot)
{
	assert_true(unit < t->nunits);
	assert_true(slot < t->units[unit].nslots);
	return &t->act[t->units[unit].slots[slot]];
}

/* ---- playing and recording --------------------------------------------- */

/* The one place that reads am_unit_state's fields by name. */
static void unit_from(tf_unit *out, const am_unit_state *s)
{
	int k;

	out->side = s->side;
	out->index = s->index;
	out->def = s->def;
	out->name = s->name;
	out->hp = s->hp;
	out->atk = s->atk;
	out->spd = s->spd;
	out->ap = s->ap;
	for (k = 0; k < AM_STATE_COUNT; k++)
		out->states[k] = s->states[k];
	out->alive = s->alive;
	out->died_turn = s->died_turn;
	out->position = s->position;
}

static int on_event(void *ud, const am_engine *engine, const am_event *ev)
{
	tf_log *r = ud;
	am_unit_state s;
	size_t i, n;

	if ((int)ev->kind >= 0 && ev->kind <= AM_EV_END)
		r->count[ev->kind]++;
	if (ev->kind == AM_EV_TURN_BEGIN)
		r->last_turn_begin = ev->turn;
	if (ev->kind == AM_EV_TURN_END && ev->turn >= 0 &&
	    ev->turn <= AM_LAST_TURN) {
		r->seen_end[ev->turn] = 1;
		n = am_engine_unit_count(engine);
		for (i = 0; i < n && i < TF_MAXID; i++)
			if (am_engine_unit(&s, engine, i) == 0)
				r->hp_end[ev->turn][i] = s.hp;
	}
	if (r->nev < TF_MAXEV)
		r->ev[r->nev] = *ev;
	r->nev++; /* counted beyond TF_MAXEV: play_one fails then */
	return 0;
}

/* One battle into *o: with the recorder when `logged`, with the given
 * shortcuts setting. */
static void play_one(tf_outcome *o, const tf_team *a, const tf_team *b,
                     const am_battle_opts *base, int logged, int shortcuts)
{
	am_battle_opts opt = AM_BATTLE_OPTS_INIT;
	am_unit_state st;
	am_engine *e;
	size_t i, s;
	int side;

	if (base) {
		opt = *base;
		assert_null(base->on_event);
	}
	/* everything but the (large) event array, which nev bounds */
	memset(o, 0, offsetof(tf_outcome, log) + offsetof(tf_log, ev));
	o->log.last_turn_begin = -1;
	opt.on_event = logged ? on_event : NULL;
	opt.event_ud = logged ? &o->log : NULL;
	opt.shortcuts = shortcuts;
	assert_int_equal(am_engine_new(&e), 0);
	o->rc = am_battle_run(&o->r, e, &a->team, &b->team, &opt);
	if (o->rc < 0)
		snprintf(o->error, sizeof(o->error), "%s", am_error_last());
	assert_true(o->log.nev <= TF_MAXEV);
	o->n = am_engine_unit_count(e);
	assert_true(o->n >= 2 && o->n <= TF_MAXID);
	for (i = 0; i < o->n; i++) {
		const tf_team *f;
		assert_int_equal(am_engine_unit(&st, e, i), 0);
		unit_from(&o->u[i], &st);
		side = o->u[i].side;
		assert_true(side == 0 || side == 1);
		f = side == 0 ? a : b;
		assert_true(o->u[i].index < f->nunits);
		o->sid[side][o->nside[side]++] = (uint32_t)i;
		for (s = 0; s < f->units[o->u[i].index].nslots; s++)
			o->spent[i][s] = am_engine_slot_spent(e, i, s);
	}
	/* the entry units are 0 (side 0) and 1 (side 1) */
	assert_int_equal(o->u[0].side, 0);
	assert_int_equal(o->u[0].index, 0);
	assert_int_equal(o->u[1].side, 1);
	assert_int_equal(o->u[1].index, 0);
	for (side = 0; side < 2; side++) {
		o->nline[side] = am_engine_line(o->line[side], TF_MAXID, e,
		                                side);
		assert_true(o->nline[side] <= TF_MAXID);
	}
	am_engine_free(e);
}

static void same_unit(const tf_unit *x, const tf_unit *y)
{
	int k;

	assert_int_equal(x->index, y->index);
	assert_string_equal(x->name, y->name);
	assert_int_equal(x->hp, y->hp);
	assert_int_equal(x->atk, y->atk);
	assert_int_equal(x->def, y->def);
	assert_int_equal(x->spd, y->spd);
	assert_int_equal(x->ap, y->ap);
	assert_int_equal(x->alive, y->alive);
	assert_int_equal(x->died_turn, y->died_turn);
	assert_int_equal(x->position, y->position);
	for (k = 0; k < AM_STATE_COUNT; k++)
		assert_int_equal(x->states[k], y->states[k]);
}

void tf_same_event(const am_event *x, const am_event *y)
{
	assert_int_equal(x->kind, y->kind);
	assert_int_equal(x->turn, y->turn);
	assert_int_equal(x->tempo, y->tempo);
	assert_int_equal(x->step, y->step);
	assert_int_equal(x->actor, y->actor);
	assert_int_equal(x->action, y->action);
	assert_int_equal(x->target, y->target);
	assert_int_equal(x->stat, y->stat);
	assert_int_equal(x->state, y->state);
	assert_int_equal(x->value, y->value);
	assert_int_equal(x->after, y->after);
	assert_int_equal(x->spent, y->spent);
}

void tf_same_result(const am_result *x, const am_result *y)
{
	assert_int_equal(x->winner, y->winner);
	assert_int_equal(x->draw, y->draw);
	assert_int_equal(x->tie_broken, y->tie_broken);
	assert_int_equal(x->tie_seed, y->tie_seed);
	assert_int_equal(x->turns, y->turns);
	assert_int_equal(x->score[0], y->score[0]);
	assert_int_equal(x->score[1], y->score[1]);
	assert_int_equal(x->steps, y->steps);
}

/* y is the same battle as x played another way: everything is equal, the
 * event stream too when both were logged. */
static void same_battle(const tf_outcome *x, const tf_outcome *y, int logged)
{
	size_t i, k;
	int side, t;

	assert_int_equal(x->rc, y->rc);
	assert_string_equal(x->error, y->error);
	tf_same_result(&x->r, &y->r);
	assert_int_equal(x->n, y->n);
	for (i = 0; i < x->n; i++) {
		assert_int_equal(x->u[i].side, y->u[i].side);
		same_unit(&x->u[i], &y->u[i]);
		for (k = 0; k < TF_MAXS; k++)
			assert_int_equal(x->spent[i][k], y->spent[i][k]);
	}
	for (side = 0; side < 2; side++) {
		assert_int_equal(x->nline[side], y->nline[side]);
		for (k = 0; k < x->nline[side]; k++)
			assert_int_equal(x->line[side][k], y->line[side][k]);
	}
	if (!logged)
		return;
	assert_int_equal(x->log.nev, y->log.nev);
	for (i = 0; i < x->log.nev; i++)
		tf_same_event(&x->log.ev[i], &y->log.ev[i]);
	for (k = 0; k <= AM_EV_END; k++)
		assert_int_equal(x->log.count[k], y->log.count[k]);
	assert_int_equal(x->log.last_turn_begin, y->log.last_turn_begin);
	for (t = 0; t <= AM_LAST_TURN; t++) {
		assert_int_equal(x->log.seen_end[t], y->log.seen_end[t]);
		for (k = 0; k < TF_MAXID; k++)
			assert_int_equal(x->log.hp_end[t][k],
			                 y->log.hp_end[t][k]);
	}
}

void tf_run(tf_outcome *o, const tf_team *a, const tf_team *b,
            const am_battle_opts *base)
{
	static tf_outcome other; /* large: keep it off the stack */

	play_one(o, a, b, base, 1, 1);
	/* the reference: every step played one by one */
	play_one(&other, a, b, base, 1, 0);
	same_battle(o, &other, 1);
	/* without a callback, where most shortcuts are taken */
	play_one(&other, a, b, base, 0, 1);
	same_battle(o, &other, 0);
	play_one(&other, a, b, base, 0, 0);
	same_battle(o, &other, 0);
}

const tf_unit *tf_U(const tf_outcome *o, int side, size_t k)
{
	assert_true(side == 0 || side == 1);
	assert_true(k < o->nside[side]);
	return &o->u[o->sid[side][k]];
}

uint32_t tf_gid(const tf_outcome *o, int side, size_t k)
{
	assert_true(side == 0 || side == 1);
	assert_true(k < o->nside[side]);
	return o->sid[side][k];
}

int tf_local(const tf_outcome *o, int side, uint32_t id)
{
	size_t k;

	for (k = 0; k < o->nside[side]; k++)
		if (o->sid[side][k] == id)
			return (int)k;
	fail_msg("unit %u is not on side %d", id, side);
	return -1;
}

void tf_run_both(tf_outcome *o, const tf_team *a, const tf_team *b)
{
	static tf_outcome m; /* large: keep it off the stack */
	size_t k, s;
	int side, t;

	tf_run(o, a, b, NULL);
	assert_int_equal(o->rc, 0);
	tf_run(&m, b, a, NULL);
	assert_int_equal(m.rc, 0);
	assert_int_equal(m.r.draw, o->r.draw);
	assert_int_equal(m.r.tie_broken, o->r.tie_broken);
	assert_int_equal(m.r.turns, o->r.turns);
	assert_int_equal(m.r.winner, o->r.winner < 0 ? -1 : 1 - o->r.winner);
	assert_int_equal(m.r.steps, o->r.steps);
	assert_int_equal(m.n, o->n);
	for (side = 0; side < 2; side++) {
		assert_int_equal(m.r.score[side], o->r.score[1 - side]);
		assert_int_equal(m.nside[side], o->nside[1 - side]);
		/* unit k of a side is the same unit in both orders */
		for (k = 0; k < o->nside[1 - side]; k++) {
			uint32_t x = m.sid[side][k], y = o->sid[1 - side][k];
			same_unit(&m.u[x], &o->u[y]);
			for (s = 0; s < TF_MAXS; s++)
				assert_int_equal(m.spent[x][s], o->spent[y][s]);
			for (t = 0; t <= AM_LAST_TURN; t++)
				assert_int_equal(m.log.hp_end[t][x],
				                 o->log.hp_end[t][y]);
		}
		assert_int_equal(m.nline[side], o->nline[1 - side]);
		for (k = 0; k < m.nline[side]; k++)
			assert_int_equal(tf_local(&m, side, m.line[side][k]),
			                 tf_local(o, 1 - side,
			                          o->line[1 - side][k]));
	}
	for (k = 0; k <= AM_EV_END; k++)
		assert_int_equal(m.log.count[k], o->log.count[k]);
	assert_int_equal(m.log.last_turn_begin, o->log.last_turn_begin);
	for (t = 0; t <= AM_LAST_TURN; t++)
		assert_int_equal(m.log.seen_end[t], o->log.seen_end[t]);
}

int tf_count_ev(const tf_outcome *o, am_event_kind kind, int32_t actor)
{
	size_t i;
	int n = 0;

	for (i = 0; i < o->log.nev; i++)
		if (o->log.ev[i].kind == kind &&
		    (actor < 0 || o->log.ev[i].actor == actor))
			n++;
	return n;
}

int64_t tf_sum_ev(const tf_outcome *o, am_event_kind kind, int32_t target)
{
	size_t i;
	int64_t s = 0;

	for (i = 0; i < o->log.nev; i++)
		if (o->log.ev[i].kind == kind &&
		    (target < 0 || o->log.ev[i].target == target))
			s += o->log.ev[i].value;
	return s;
}

int tf_tape_record(void *ud, const am_engine *e, const am_event *ev)
{
	tf_tape *t = ud;

	(void)e;
	if (UT_ARRAY_RESERVE(t->ev, t->cap, t->n + 1) < 0)
		return 1;
	t->ev[t->n++] = *ev;
	return 0;
}

void tf_same_units(const am_engine *a, const am_engine *b, size_t slots)
{
	size_t n = am_engine_unit_count(a), i, k;

	assert_int_equal(n, am_engine_unit_count(b));
	assert_int_equal(am_engine_work(a), am_engine_work(b));
	for (i = 0; i < n; i++) {
		am_unit_state x, y;
		assert_int_equal(am_engine_unit(&x, a, i), 0);
		assert_int_equal(am_engine_unit(&y, b, i), 0);
		assert_int_equal(x.side, y.side);
		assert_int_equal(x.index, y.index);
		assert_int_equal(x.hp, y.hp);
		assert_int_equal(x.atk, y.atk);
		assert_int_equal(x.def, y.def);
		assert_int_equal(x.spd, y.spd);
		assert_int_equal(x.ap, y.ap);
		assert_memory_equal(x.states, y.states, sizeof(x.states));
		assert_int_equal(x.alive, y.alive);
		assert_int_equal(x.died_turn, y.died_turn);
		assert_int_equal(x.position, y.position);
		for (k = 0; k < slots; k++)
			assert_int_equal(am_engine_slot_spent(a, i, k),
			                 am_engine_slot_spent(b, i, k));
	}
}

/* An event callback that keeps nothing (tf_same_stop). */
static int ignore_event(void *ud, const am_engine *e, const am_event *ev)
{
	(void)ud;
	(void)e;
	(void)ev;
	return 0;
}

void tf_same_stop(am_engine *e[4], const am_team *a, const am_team *b,
                  const am_battle_opts o[4])
{
	am_battle_opts p[4];
	am_result r;
	uint64_t w, w0 = 0;
	int k;

	/* the work of the whole battle, the first way */
	p[0] = o[0];
	p[0].on_event = o[0].on_event ? ignore_event : NULL;
	p[0].event_ud = NULL;
	if (am_battle_run(&r, e[0], a, b, &p[0]) != 0 ||
	    (w = am_engine_work(e[0])) == 0)
		return;
	for (k = 0; k < 4; k++) {
		p[k] = o[k];
		p[k].max_work = w - 1;
		/* a callback still (the paths without one differ), but
		 * nothing kept */
		p[k].on_event = o[k].on_event ? ignore_event : NULL;
		p[k].event_ud = NULL;
		assert_int_equal(am_battle_run(&r, e[k], a, b, &p[k]), AM_ELIMIT);
		if (k == 0)
			w0 = am_engine_work(e[0]);
		assert_true(am_engine_work(e[k]) == w0);
		assert_true(w0 < w);
		/* stopped at the same action: the units as they were then
		 * (the review of 2026-12-04 found a grouped tempo's first
		 * side struck before the second side's reach stopped it) */
		if (k > 0)
			tf_same_units(e[k], e[0], 0);
	}
}
