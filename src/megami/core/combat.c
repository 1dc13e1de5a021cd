/*
 * combat.c - the combat as a step machine: rounds, setup, initiative,
 * the order of main processes, 待機 and its resumption, the action budget,
 * the end check (M3, M4, M7, M8.9).  Actions are resolved in resolve.c;
 * the built-in policy is policy.c.  mg_combat_run plays the built-in
 * policy through the same code without asks (run_main), and, when nobody
 * listens and the dice come from the generator, whole rounds in a flat
 * loop of its own where it can (quiet.c: mg_quiet_flat) with the step
 * machine as its reference.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "combat_int.h"
#include "util/array.h"
#include "util/assert.h"
#include "util/ckd.h"
#include "util/error.h"

/* ---- plumbing ------------------------------------------------------------ */

void mg_event_init(mg_event *ev, const mg_combat *c, mg_event_kind kind)
{
	memset(ev, 0, sizeof(*ev));
	ev->kind = kind;
	ev->round = c->round;
	ev->actor = ev->target = ev->attack = -1;
	ev->attr = ev->armor_attr = -1;
	ev->winner = -1;
}

int mg_event_limit(const mg_combat *c)
{
	/* 1 event is no "1 events" (MG-BUDGET-1; mg_cli_stop_text reads
	 * both) */
	return ut_error_set(UT_ELIMIT,
	                    "the combat reached its limit of %llu event%s "
	                    "(round %lld)",
	                    (unsigned long long)c->opts.max_events,
	                    c->opts.max_events == 1 ? "" : "s",
	                    (long long)c->round);
}

/* The callback's MG_ENOMEM stops the combat with its own error (out of
 * memory); any other non-zero code with MG_ERROR. */
int mg_emit(mg_combat *c, const mg_event *ev)
{
	int rc;

	if (!c->opts.on_event ||
	    (rc = c->opts.on_event(c->opts.event_ud, c, ev)) == 0)
		return 0;
	if (rc == MG_ENOMEM)
		return rc;
	return ut_error_set(UT_ERROR, "the event callback stopped the combat");
}

int mg_roll_source(mg_combat *c, int64_t *v)
{
	uint64_t u;
	int rc = ut_dice_roll(&u, c->opts.dice, 6);

	if (rc < 0)
		return rc;
	*v = (int64_t)u;
	return 0;
}

void mg_combat_rolling(mg_roll_info *out, const mg_combat *c)
{
	*out = c->roll;
	if (out->kind == MG_ROLL_NONE)
		memset(out, 0, sizeof(*out));
}

/* MG-MOVE-1: allowance = max(0, 5 + 行動) (M4, M8.4). */
int mg_allowance(int64_t *out, const mg_character *ch)
{
	int64_t a;
	if (ut_ckd_add(&a, 5, ch->stat[MG_STAT_INITIATIVE]))
		return ut_error_set(UT_EOVERFLOW,
		                    "%s: movement allowance: 5 + %lld overflows",
		                    ch->name,
		                    (long long)ch->stat[MG_STAT_INITIATIVE]);
	*out = a < 0 ? 0 : a;
	return 0;
}

/* MG-STOP-1 MG-CKD-1: stop the combat with rc (failed dice, an overflow,
 * the callback); later calls return it again with its text. */
static int fail(mg_combat *c, int rc)
{
	snprintf(c->err, sizeof(c->err), "%s", ut_error_last());
	c->rc = rc;
	c->phase = MG_PH_FAILED;
	return rc;
}

static int refail(mg_combat *c)
{
	return ut_error_set(c->rc, "%s", c->err);
}

/* ---- life cycle ---------------------------------------------------------- */

/* What the loops read of the scenario, computed once (c->k, c->foe,
 * c->atk0, c->check, c->mods): each character's 行動 and longest ranges;
 * the enemies of each side, PCs' enemies (the NPCs) first in foebuf, each
 * list in scenario order; each attack's judgement base (MG-ATTACK-2) and
 * armor modifiers (MG-ARMOR-1, from mg_armor_modifier); then what the
 * flat quiet rounds read (quiet.c: mg_quiet_derive). */
static void derive(mg_combat *c)
{
	size_t i, a, t, nf = 0, na = 0;
	int s;

	for (i = 0; i < c->n; i++) {
		const mg_character *d = &c->s->characters[i];
		mg_cconst *k = &c->k[i];
		/* 6 slots an attack in c->catk: all, the 通常 then the 複雑
		 * ones, and 4 for the fronts of quiet.c */
		mg_catk *all = c->catk + 6 * na, *norm = all + d->nattacks;
		mg_catk *cplx;
		k->istat = d->stat[MG_STAT_INITIATIVE];
		k->evasion = d->stat[MG_STAT_EVASION];
		k->resistance = d->stat[MG_STAT_RESISTANCE];
		k->maxr_normal = k->maxr_complex = k->maxr_all = -1;
		k->maxr_move = 0;
		/* mg_allowance without its error, which plan_step raises
		 * when it is needed */
		if (ut_ckd_add(&k->allow, 5, k->istat))
			k->allow = -1;
		else if (k->allow < 0)
			k->allow = 0;
		k->all = all;
		k->norm = norm;
		k->nall = d->nattacks;
		k->nnorm = k->ncplx = 0;
		for (a = 0; a < d->nattacks; a++) {
			const mg_attack *at = &d->attacks[a];
			mg_catk x;
			x.range = at->range;
			x.damage = at->damage;
			x.a = (uint32_t)a;
			x.ka = (uint32_t)(na + a);
			x.area = at->area == MG_AREA_ENGAGEMENT;
			x.magic = at->kind == MG_KIND_MAGIC;
			x.complex = at->timing == MG_TIMING_COMPLEX;
			all[a] = x;
			if (at->timing != MG_TIMING_COMPLEX) {
				norm[k->nnorm++] = x;
				if (at->range > k->maxr_normal)
					k->maxr_normal = at->range;
			} else {
				k->ncplx++;
				if (at->range > k->maxr_complex)
					k->maxr_complex = at->range;
			}
			if (at->range > k->maxr_all)
				k->maxr_all = at->range;
			if (at->range > k->maxr_move)
				k->maxr_move = at->range;
		}
		/* the 複雑 ones after the 通常 ones, in order */
		k->cplx = cplx = norm + k->nnorm;
		for (a = 0; a < d->nattacks; a++)
			if (d->attacks[a].timing == MG_TIMING_COMPLEX)
				*cplx++ = all[a];
		na += d->nattacks;
	}
	na = 0;
	for (i = 0; i < c->n; i++) {
		const mg_character *d = &c->s->characters[i];
		c->atk0[i] = na;
		for (a = 0; a < d->nattacks; a++, na++) {
			const mg_attack *at = &d->attacks[a];
			c->check[na] = at->check_stat >= 0
			               ? d->stat[at->check_stat]
			               : at->check_value;
			if (c->mods)
				for (t = 0; t < c->n; t++) {
					mg_cmod *m = &c->mods[na * c->n + t];
					m->mod = mg_armor_modifier(
						&m->attr, &m->armor_attr,
						&c->s->characters[t],
						at->attributes);
				}
		}
	}
	/* MG-END-2: the characters at the start (mg_combat_restart);
	 * hp_now ≤ 0 starts 戦闘不能 (M8.1) */
	c->able0[0] = c->able0[1] = 0;
	c->coming0[0] = c->coming0[1] = 0;
	for (i = 0; i < c->n; i++) {
		const mg_character *d = &c->s->characters[i];
		mg_cchar *h = &c->ch0[i];
		memset(h, 0, sizeof(*h));
		h->hp = d->hp_now;
		h->pos = d->position;
		h->side = (int)d->side;
		h->state = d->hp_now > 0 ? MG_STATE_ABLE
		                         : MG_STATE_INCAPACITATED;
		if (d->enters > 1) { /* MG-ENTER-1: not in the scene yet */
			h->state = MG_STATE_ABSENT;
			c->coming0[d->side]++;
		}
		h->status = MG_STATUS_NONE;
		if (h->state == MG_STATE_ABLE)
			c->able0[d->side]++;
	}
	for (s = 0; s < 2; s++) {
		c->foe[s] = c->foebuf + nf;
		c->nfoe[s] = 0;
		for (i = 0; i < c->n; i++)
			if ((int)c->s->characters[i].side != s) {
				c->foebuf[nf++] = (uint32_t)i;
				c->nfoe[s]++;
			}
	}
	mg_quiet_derive(c);
}

int mg_combat_new(mg_combat **out, const mg_scenario *scenario,
                  const mg_combat_opts *opts)
{
	mg_combat *c;
	size_t n, i, natk;
	int rc;

	if (!out)
		return ut_error_set(UT_EINVALID, "mg_combat_new: out is NULL");
	*out = NULL;
	if (!scenario)
		return ut_error_set(UT_EINVALID,
		                    "mg_combat_new: scenario is NULL");
	if (!opts)
		return ut_error_set(UT_EINVALID, "mg_combat_new: opts is NULL");
	if (opts->version != MG_COMBAT_OPTS_VERSION || !opts->dice ||
	    opts->max_events < 1)
		return ut_error_set(UT_EINVALID,
		                    "combat options: version %u, a dice source and "
		                    "an event budget of at least 1 are required",
		                    opts->version);
	if ((rc = mg_scenario_check(scenario)) < 0)
		return rc;
	n = scenario->ncharacters;
	if (n > UINT32_MAX / 2)
		return ut_error_set(UT_ELIMIT, "too many characters (%zu)", n);
	/* each block on cache lines of its own (UT-LINES-1): a series
	 * makes the combats of all its threads one after another */
	c = ut_calloc_lines(1, sizeof(*c));
	if (!c)
		return ut_error_set(UT_ENOMEM, "out of memory");
	c->ch = ut_calloc_lines(n, sizeof(*c->ch));
	c->ch0 = ut_calloc_lines(n ? n : 1, sizeof(*c->ch0));
	c->k = ut_calloc_lines(n ? n : 1, sizeof(*c->k));
	c->foebuf = ut_calloc_lines(n ? n : 1, sizeof(*c->foebuf));
	c->atk0 = ut_calloc_lines(n ? n : 1, sizeof(*c->atk0));
	c->qf.qc = ut_calloc_lines(n ? n : 1, sizeof(*c->qf.qc));
	for (i = natk = 0; i < n; i++)
		natk += scenario->characters[i].nattacks; /* ≤ 100 · 100 */
	c->check = ut_calloc_lines(natk ? natk : 1, sizeof(*c->check));
	c->catk = ut_calloc_lines(natk ? 6 * natk : 1, sizeof(*c->catk));
	if (natk * n <= MG_MODS_MAX)
		c->mods = ut_calloc_lines(natk * n > 0 ? natk * n : 1, sizeof(*c->mods));
	c->order = ut_calloc_lines(n, sizeof(*c->order));
	c->targets = ut_calloc_lines(n, sizeof(*c->targets));
	c->hit = ut_calloc_lines(n, 1);
	if (!c->ch || !c->ch0 || !c->k || !c->foebuf || !c->atk0 ||
	    !c->qf.qc || !c->check ||
	    !c->catk ||
	    (natk * n <= MG_MODS_MAX && !c->mods) || !c->order ||
	    !c->targets || !c->hit) {
		mg_combat_free(c);
		return ut_error_set(UT_ENOMEM, "out of memory");
	}
	c->s = scenario;
	c->opts = *opts;
	c->n = n;
	derive(c);
	mg_combat_restart(c);
	*out = c;
	return 0;
}

void mg_combat_restart(mg_combat *c)
{
	/* the characters as the scenario starts them (derive: ch0) */
	if (c->n)
		memcpy(c->ch, c->ch0, c->n * sizeof(*c->ch));
	c->fresh = 1;
	c->able[0] = c->able0[0];
	c->able[1] = c->able0[1];
	c->coming[0] = c->coming0[0];
	c->coming[1] = c->coming0[1];
	c->norder = 0;
	c->phase = MG_PH_START;
	c->round = 0;
	c->turn = c->resume_i = 0;
	c->nwaiting = 0;
	c->actor = 0;
	c->nsimple = c->nnormal = c->ncomplex = 0;
	c->resumed = c->late = c->acted = c->cut = 0;
	c->result.over = 0;
	c->result.winner = -1;
	c->result.rounds = 0;
	c->result.by_gm = 0;
	c->rc = 0;
	c->err[0] = '\0';
	c->nevents = 0;
	memset(&c->roll, 0, sizeof(c->roll));
	c->refusal = MG_REFUSE_NONE;
}

void mg_combat_free(mg_combat *c)
{
	if (!c)
		return;
	free(c->ch);
	free(c->ch0);
	free(c->k);
	free(c->foebuf);
	free(c->atk0);
	free(c->qf.qc);
	free(c->check);
	free(c->catk);
	free(c->mods);
	free(c->order);
	free(c->targets);
	free(c->hit);
	free(c);
}

/* ---- rounds -------------------------------------------------------------- */

/* The combat is over in round `rounds` with `winner`; by_gm: the GM ended
 * it (MG-GM-5). */
static int end_with(mg_combat *c, int64_t rounds, int winner, int by_gm)
{
	int rc;

	if ((rc = mg_event_due(c)) < 0) /* the end event too (MG-BUDGET-1) */
		return rc;
	c->result.over = 1;
	c->result.winner = winner;
	c->result.rounds = rounds;
	c->result.by_gm = by_gm;
	c->phase = MG_PH_OVER;
	if (rc) {
		mg_event ev;
		mg_event_init(&ev, c, MG_EV_END);
		ev.round = rounds;
		ev.winner = winner;
		ev.flag = by_gm;
		return mg_emit(c, &ev);
	}
	return 0;
}

/* MG-END-1: the combat is over; the winner is the side with someone able
 * (or yet to enter, MG-ENTER-3). */
static int finish(mg_combat *c, int64_t rounds)
{
	int winner = -1;
	int pc = c->able[MG_SIDE_PC] || c->coming[MG_SIDE_PC];
	int npc = c->able[MG_SIDE_NPC] || c->coming[MG_SIDE_NPC];

	if (pc && !npc)
		winner = MG_SIDE_PC;
	else if (!pc && npc)
		winner = MG_SIDE_NPC;
	return end_with(c, rounds, winner, 0);
}

/* MG-INIT-2: value high first; ties: higher 行動, PC before NPC, scenario
 * order (M3.2).  Returns whether i goes before j. */
static int goes_before(const mg_combat *c, uint32_t i, uint32_t j)
{
	const mg_cchar *a = &c->ch[i], *b = &c->ch[j];
	int64_t ai, bi;

	if (a->init != b->init)
		return a->init > b->init;
	ai = c->k[i].istat;
	bi = c->k[j].istat;
	if (ai != bi)
		return ai > bi;
	if (a->side != b->side)
		return a->side == MG_SIDE_PC;
	return i < j;
}

/* MG-ENTER-1: character i, yet to enter, comes into the scene: able, or
 * 戦闘不能 when its HP is 0 or less (no event here). */
static void enter(mg_combat *c, size_t i)
{
	mg_cchar *h = &c->ch[i];

	c->coming[h->side]--;
	h->state = h->hp > 0 ? MG_STATE_ABLE : MG_STATE_INCAPACITATED;
	if (h->state == MG_STATE_ABLE)
		c->able[h->side]++;
}

/* The event of character i's entering; by_gm: MG-ENTER-4. */
static int entered(mg_combat *c, uint32_t i, int by_gm)
{
	mg_event ev;
	int rc;

	if ((rc = mg_event_due(c)) <= 0)
		return rc;
	mg_event_init(&ev, c, MG_EV_ENTER);
	ev.actor = (int32_t)i;
	ev.to = c->ch[i].pos;
	ev.hp = c->ch[i].hp;
	ev.value = c->ch[i].state;
	ev.flag = by_gm;
	return mg_emit(c, &ev);
}

/* MG-ROUND-1 (setup), MG-INIT-1 (rolls), MG-INIT-2 (order). */
static int begin_round(mg_combat *c)
{
	size_t i, k, nent;
	int rc;

	c->fresh = 0;
	c->round++;
	c->norder = 0;
	c->nwaiting = 0;
	/* MG-ENTER-1: 登場判定, first of the setup: those due enter (the
	 * scratch c->targets keeps who, for their events below) */
	nent = 0;
	if (c->coming[MG_SIDE_PC] || c->coming[MG_SIDE_NPC])
		for (i = 0; i < c->n; i++) {
			if (c->ch[i].state != MG_STATE_ABSENT ||
			    c->s->characters[i].enters > c->round)
				continue;
			enter(c, i);
			c->targets[nent++] = (uint32_t)i;
		}
	for (i = 0; i < c->n; i++) {
		mg_cchar *h = &c->ch[i];
		h->has_init = 0;
		h->waited = 0;
		h->status = h->state == MG_STATE_ABLE ? MG_STATUS_PENDING
		                                      : MG_STATUS_NONE;
	}
	if ((rc = mg_event_due(c)) < 0)
		return rc;
	if (rc) {
		mg_event ev;
		mg_event_init(&ev, c, MG_EV_ROUND);
		if ((rc = mg_emit(c, &ev)) < 0)
			return rc;
	}
	for (k = 0; k < nent; k++)
		if ((rc = entered(c, c->targets[k], 0)) < 0)
			return rc;
	/* MG-ENTER-3: the last one a side waited for came 戦闘不能: the end
	 * check, as after a main process (before anyone rolls) */
	if (nent && mg_decided(c))
		return finish(c, c->round);
	for (i = 0; i < c->n; i++) {
		mg_cchar *h = &c->ch[i];
		const mg_character *d;
		if (h->status != MG_STATUS_PENDING)
			continue;
		d = &c->s->characters[i];
		mg_roll_begin(c, MG_ROLL_INITIATIVE, (uint32_t)i, -1, -1, 2,
		              c->k[i].istat);
		if ((rc = mg_roll(c, &h->idice[0])) < 0 ||
		    (rc = mg_roll(c, &h->idice[1])) < 0)
			return rc;
		if (ut_ckd_add(&h->init, c->k[i].istat,
		               h->idice[0] + h->idice[1]))
			return ut_error_set(UT_EOVERFLOW,
			                    "%s: initiative %lld + %lld overflows",
			                    d->name,
			                    (long long)d->stat[MG_STAT_INITIATIVE],
			                    (long long)(h->idice[0] + h->idice[1]));
		h->has_init = 1;
		if ((rc = mg_event_due(c)) < 0)
			return rc;
		if (rc) {
			mg_event ev;
			mg_event_init(&ev, c, MG_EV_INITIATIVE);
			ev.actor = (int32_t)i;
			ev.ndice = 2;
			ev.dice[0] = h->idice[0];
			ev.dice[1] = h->idice[1];
			ev.value = h->init;
			if ((rc = mg_emit(c, &ev)) < 0)
				return rc;
		}
		/* insertion sort: characters are few */
		k = c->norder++;
		while (k > 0 && goes_before(c, (uint32_t)i, c->order[k - 1])) {
			c->order[k] = c->order[k - 1];
			k--;
		}
		c->order[k] = (uint32_t)i;
	}
	if ((rc = mg_event_due(c)) < 0)
		return rc;
	if (rc) {
		mg_event ev;
		mg_event_init(&ev, c, MG_EV_ORDER);
		ev.order = c->order;
		ev.norder = c->norder;
		if ((rc = mg_emit(c, &ev)) < 0)
			return rc;
	}
	return 0;
}

/* A main process begins (MG-ROUND-3); resumed: from 待機 (MG-WAIT-2). */
static int start_main(mg_combat *c, uint32_t i, int resumed, int late)
{
	mg_event ev;
	int rc;

	if (c->ch[i].status == MG_STATUS_WAITING)
		c->nwaiting--;
	c->phase = MG_PH_MAIN;
	c->actor = i;
	c->nsimple = c->nnormal = c->ncomplex = 0;
	c->resumed = resumed;
	c->late = late;
	c->acted = 0;
	c->cut = 0;
	if (resumed) {
		if ((rc = mg_event_due(c)) < 0)
			return rc;
		if (rc) {
			mg_event_init(&ev, c, MG_EV_RESUME);
			ev.actor = (int32_t)i;
			ev.flag = late; /* MG-WAIT-3: forced at the round's end */
			if ((rc = mg_emit(c, &ev)) < 0)
				return rc;
		}
	}
	if ((rc = mg_event_due(c)) < 0)
		return rc;
	if (rc) {
		mg_event_init(&ev, c, MG_EV_MAIN_BEGIN);
		ev.actor = (int32_t)i;
		ev.flag = resumed;
		if ((rc = mg_emit(c, &ev)) < 0)
			return rc;
	}
	return 0;
}

/* The main process ends: 行動終了, the end check (MG-END-1: after every
 * main process, M8.9), then the waiting characters may resume (M3.4). */
static int end_main(mg_combat *c)
{
	uint32_t i = c->actor;
	mg_event ev;
	int rc;

	c->ch[i].status = MG_STATUS_DONE;
	if (!c->acted) {
		if ((rc = mg_event_due(c)) < 0)
			return rc;
		if (rc) {
			mg_event_init(&ev, c, MG_EV_NOTHING);
			ev.actor = (int32_t)i;
			if ((rc = mg_emit(c, &ev)) < 0)
				return rc;
		}
	}
	if ((rc = mg_event_due(c)) < 0)
		return rc;
	if (rc) {
		mg_event_init(&ev, c, MG_EV_MAIN_END);
		ev.actor = (int32_t)i;
		if ((rc = mg_emit(c, &ev)) < 0)
			return rc;
	}
	if (mg_decided(c))
		return finish(c, c->round);
	if (c->late) {
		c->phase = MG_PH_LATE;
	} else if (c->nwaiting == 0) {
		c->phase = MG_PH_TURNS; /* nobody to ask */
	} else {
		c->phase = MG_PH_RESUME;
		c->resume_i = 0;
	}
	return 0;
}

static int exhausted(const mg_combat *c)
{
	return !mg_budget_simple(c) && !mg_budget_normal(c) &&
	       !mg_budget_complex(c);
}

static void fill_ask(const mg_combat *c, mg_ask *ask, mg_ask_kind kind,
                     uint32_t actor)
{
	memset(ask, 0, sizeof(*ask));
	ask->kind = kind;
	ask->round = c->round;
	ask->actor = actor;
	if (kind == MG_ASK_OVER)
		ask->round = c->result.rounds;
	if (kind != MG_ASK_ACTION)
		return;
	ask->simple = mg_budget_simple(c);
	ask->normal = mg_budget_normal(c);
	ask->complex = mg_budget_complex(c);
	ask->can_wait = ask->complex && !c->resumed && !c->ch[actor].waited;
	ask->resumed = c->resumed;
	ask->nsimple = c->nsimple;
	ask->nnormal = c->nnormal;
	ask->ncomplex = c->ncomplex;
}

/* Can the flat quiet rounds (quiet.c) play the round that begins now
 * (phase MG_PH_ROUND)?  In the quiet run, a scenario they can play
 * (c->qf.ok), before the round limit, when the event budget holds the
 * most events a round can take (c->qf.bound), and nobody enters in it
 * (MG-ENTER-1: a round with an entry is the step machine's). */
static int flat_ok(const mg_combat *c)
{
	return c->quiet && c->qf.ok && c->round < c->s->round_limit &&
	       c->qf.bound <= c->opts.max_events &&
	       c->nevents <= c->opts.max_events - c->qf.bound &&
	       mg_enter_next(c) > c->round + 1;
}

/* MG-END-3, MG-ROUND-1: the round limit ends the combat in a draw; else
 * a round begins (phase MG_PH_ROUND). */
static int next_round(mg_combat *c)
{
	if (c->round >= c->s->round_limit)
		return finish(c, c->s->round_limit);
	c->phase = MG_PH_TURNS;
	c->turn = 0;
	return begin_round(c);
}

/* Run the combat up to its next decision: on return 0 the phase is
 * MG_PH_MAIN (an action of c->actor is asked), MG_PH_RESUME (the waiting
 * character c->order[c->resume_i] is asked) or MG_PH_OVER; or an error
 * (the combat has failed).  mg_combat_next and the fused mg_combat_run
 * both stop here. */
static int advance(mg_combat *c)
{
	int rc = 0;
	size_t k;

	for (;;) {
		switch (c->phase) {
		case MG_PH_FAILED:
			return refail(c);
		case MG_PH_OVER:
			return 0;
		case MG_PH_START:
			/* MG-END-2: a side with nobody able before round 1 */
			if (mg_decided(c))
				rc = finish(c, 0);
			else
				c->phase = MG_PH_ROUND;
			break;
		case MG_PH_ROUND:
			if (flat_ok(c))
				return 0; /* mg_combat_run: mg_quiet_flat */
#ifndef NDEBUG
			if (c->quiet && !c->qf.ok)
				MG_QPATH(c, c->qf.why);
			else if (c->quiet && c->round < c->s->round_limit &&
			         mg_enter_next(c) <= c->round + 1)
				MG_QPATH(c, MG_QP_NOFLAT_ENTER);
#endif
			rc = next_round(c);
			break;
		case MG_PH_TURNS: {
			uint32_t i;
			if (c->turn == c->norder) {
				c->phase = MG_PH_LATE;
				break;
			}
			i = c->order[c->turn++];
			if (c->ch[i].status != MG_STATUS_PENDING)
				break;
			/* MG-ROUND-2: 戦闘不能 before its turn: skipped */
			if (c->ch[i].state != MG_STATE_ABLE) {
				if ((rc = mg_event_due(c)) > 0) {
					mg_event ev;
					mg_event_init(&ev, c, MG_EV_SKIP);
					ev.actor = (int32_t)i;
					rc = mg_emit(c, &ev);
				}
				break;
			}
			rc = start_main(c, i, 0, 0);
			break;
		}
		case MG_PH_MAIN:
			if (c->cut || exhausted(c)) {
				rc = end_main(c);
				break;
			}
			return 0;
		case MG_PH_RESUME:
			/* MG-WAIT-2: waiting characters, in initiative order;
			 * MG-WAIT-5: not the 戦闘不能 ones */
			for (; c->resume_i < c->norder; c->resume_i++) {
				uint32_t i = c->order[c->resume_i];
				if (c->ch[i].status == MG_STATUS_WAITING &&
				    c->ch[i].state == MG_STATE_ABLE)
					return 0;
			}
			c->phase = MG_PH_TURNS;
			break;
		case MG_PH_LATE:
			/* MG-WAIT-3: still waiting at the end of the round */
			for (k = c->nwaiting ? 0 : c->norder; k < c->norder; k++) {
				uint32_t i = c->order[k];
				if (c->ch[i].status == MG_STATUS_WAITING &&
				    c->ch[i].state == MG_STATE_ABLE)
					break;
			}
			if (k < c->norder) {
				rc = start_main(c, c->order[k], 1, 1);
				break;
			}
			/* MG-ROUND-4: cleanup (nothing is built in) */
			c->phase = MG_PH_ROUND;
			break;
		default:
			return ut_error_set(UT_ERROR, "combat in a bad state");
		}
		if (rc < 0)
			return fail(c, rc);
	}
}

int mg_combat_next(mg_ask *ask, mg_combat *c)
{
	int rc;

	if (!ask)
		return ut_error_set(UT_EINVALID, "mg_combat_next: ask is NULL");
	if (!c)
		return ut_error_set(UT_EINVALID, "mg_combat_next: c is NULL");
	c->refusal = MG_REFUSE_NONE; /* a question is never refused */
	rc = advance(c);

	if (rc < 0)
		return rc;
	switch (c->phase) {
	case MG_PH_OVER:
		fill_ask(c, ask, MG_ASK_OVER, 0);
		break;
	case MG_PH_MAIN:
		fill_ask(c, ask, MG_ASK_ACTION, c->actor);
		break;
	default: /* MG_PH_RESUME */
		fill_ask(c, ask, MG_ASK_RESUME, c->order[c->resume_i]);
		break;
	}
	return 0;
}

/* ---- actions ------------------------------------------------------------- */

/* MG-ACT-1: the reasons of refusals, English (mg_error_last) and Japanese
 * (mg_refusal_text). */
static const char *const refusals[][2] = {
	[MG_REFUSE_NONE] = {"", ""},
	[MG_REFUSE_NO_ATTACK] = {"no such attack",
	                     "その攻撃はありません"},
	[MG_REFUSE_NO_TARGET] = {"no such target",
	                     "その対象はいません"},
	[MG_REFUSE_NOT_ENEMY] = {"the target is not an enemy",
	                     "対象が敵ではありません"},
	[MG_REFUSE_DEAD] = {"the target is dead",
	                     "対象は死亡しています"},
	[MG_REFUSE_NOT_DOWN] = {"a finishing blow (とどめ) needs an incapacitated target",
	                     "とどめは戦闘不能の相手にだけ刺せます"},
	[MG_REFUSE_RANGE] = {"the target is out of range",
	                     "対象が射程の外です"},
	[MG_REFUSE_ZERO_MOVE] = {"a move of 0 m is not made",
	                     "0 m の移動はしません"},
	[MG_REFUSE_TOO_FAR] = {"the move is longer than the allowance",
	                     "移動力より長い移動です"},
	[MG_REFUSE_DECIDED] = {"the combat is decided: end the main process",
	                     "勝敗が決まりました：メインプロセスを終えてください"},
	[MG_REFUSE_WAIT] = {"waiting (待機) is not possible now",
	                     "いまは待機できません"},
	[MG_REFUSE_NO_MOVE_LEFT] = {"no action left for this move",
	                     "この移動に使える行動が残っていません"},
	[MG_REFUSE_COMPLEX] = {"a complex attack needs the whole main process",
	                     "複雑な攻撃にはメインプロセスの全部が要ります"},
	[MG_REFUSE_NO_NORMAL] = {"no normal action left",
	                     "通常行動が残っていません"},
	[MG_REFUSE_NOT_MAIN] = {"not an action of a main process",
	                     "メインプロセスの行動ではありません"},
	[MG_REFUSE_NOT_PENDING] = {"no decision is pending (call mg_combat_next)",
	                     "いまは決定を待っていません"},
	[MG_REFUSE_RESUME_ONLY] = {"resume or stay, nothing else",
	                     "答えは resume（行動する）か stay（待機を続ける）だけです"},
	[MG_REFUSE_NO_CHARACTER] = {"no such character",
	                     "そのキャラクターはいません"},
	[MG_REFUSE_ALREADY] = {"it has that condition already",
	                     "すでにその状態です"},
	[MG_REFUSE_HASNT] = {"it does not have that condition",
	                     "その状態ではありません"},
	[MG_REFUSE_IS_DEAD] = {"it is dead: clear that condition first",
	                     "死亡しています：先に死亡を解除してください"},
	[MG_REFUSE_ABSENT] = {"the target has not entered the scene yet",
	                     "対象はまだ登場していません"},
	[MG_REFUSE_PRESENT] = {"it is in the scene already",
	                     "もう登場しています"},
	[MG_REFUSE_BAD_ADJUST] = {"not an adjustment (HP, position, incapacitated or dead, or the end with PC, NPC or no winner)",
	                     "調整できるのは HP、位置、戦闘不能、死亡と、勝者（PC、NPC、なし）を決めての終了です"},
};

mg_refusal mg_combat_refusal(const mg_combat *c)
{
	return c->refusal;
}

const char *mg_refusal_text(mg_refusal r, mg_lang lang)
{
	if ((size_t)r >= sizeof(refusals) / sizeof(refusals[0]))
		return "";
	return refusals[r][lang == MG_LANG_EN ? 0 : 1];
}

/* Refuse with reason r, said of character `who` (MG-ACT-1). */
static int refuse_as(mg_combat *c, uint32_t who, mg_refusal r)
{
	c->refusal = r;
	return ut_error_set(UT_EINVALID, "%s: %s", c->s->characters[who].name,
	                    refusals[r][0]);
}

static int illegal(mg_combat *c, mg_refusal r)
{
	return refuse_as(c, c->actor, r);
}

/* MG-ACT-1 MG-ATTACK-1 MG-FINISH-1 MG-FINISH-2: an attack or とどめ
 * target is an enemy, not dead, in range of the attack. */
static int check_target(mg_combat *c, const mg_action *a,
                        int finishing)
{
	const mg_character *me = &c->s->characters[c->actor];
	const mg_character *them;
	uint64_t d;

	if (a->attack >= me->nattacks)
		return illegal(c, MG_REFUSE_NO_ATTACK);
	if (a->target >= c->n)
		return illegal(c, MG_REFUSE_NO_TARGET);
	them = &c->s->characters[a->target];
	if (them->side == me->side)
		return illegal(c, MG_REFUSE_NOT_ENEMY);
	if (c->ch[a->target].state == MG_STATE_DEAD)
		return illegal(c, MG_REFUSE_DEAD);
	if (c->ch[a->target].state == MG_STATE_ABSENT) /* MG-ENTER-2 */
		return illegal(c, MG_REFUSE_ABSENT);
	if (finishing && c->ch[a->target].state != MG_STATE_INCAPACITATED)
		return illegal(c, MG_REFUSE_NOT_DOWN);
	d = mg_dist(c->ch[c->actor].pos, c->ch[a->target].pos);
	if (!mg_in_range(d, me->attacks[a->attack].range))
		return illegal(c, MG_REFUSE_RANGE);
	return 0;
}

static int check_move(mg_combat *c, const mg_action *a, int full)
{
	const mg_character *me = &c->s->characters[c->actor];
	int64_t allow = 0;
	int rc;

	if (a->to == c->ch[c->actor].pos)
		return illegal(c, MG_REFUSE_ZERO_MOVE);
	if ((rc = mg_allowance(&allow, me)) < 0)
		return rc;
	if (full && ut_ckd_mul(&allow, allow, 3))
		return ut_error_set(UT_EOVERFLOW, "%s: 3 × %lld overflows",
		                    me->name, (long long)allow);
	if (!mg_in_range(mg_dist(c->ch[c->actor].pos, a->to), allow))
		return illegal(c, MG_REFUSE_TOO_FAR);
	return 0;
}

/* Validate and apply a main-process action.  *applied is set once the
 * combat changes: an error before that is an illegal action (the combat
 * goes on), an error after it stops the combat. */
static int act_main(mg_combat *c, const mg_action *a, int *applied)
{
	const mg_character *me = &c->s->characters[c->actor];
	int rc;

	*applied = 1;
	if (a->kind == MG_ACT_END)
		return end_main(c);
	*applied = 0;
	if (c->cut)
		return illegal(c, MG_REFUSE_DECIDED);
	switch (a->kind) {
	case MG_ACT_WAIT:
		/* MG-WAIT-1: instead of any action, once a round */
		if (!mg_budget_complex(c) || c->resumed || c->ch[c->actor].waited)
			return illegal(c, MG_REFUSE_WAIT);
		*applied = 1;
		c->ch[c->actor].status = MG_STATUS_WAITING;
		c->ch[c->actor].waited = 1;
		c->nwaiting++;
		c->phase = MG_PH_TURNS;
		if ((rc = mg_event_due(c)) < 0)
			return rc;
		if (rc) {
			mg_event ev;
			mg_event_init(&ev, c, MG_EV_WAIT);
			ev.actor = (int32_t)c->actor;
			return mg_emit(c, &ev);
		}
		return 0;
	case MG_ACT_MOVE:
	case MG_ACT_FULL_MOVE: {
		int full = a->kind == MG_ACT_FULL_MOVE;
		if (full ? !mg_budget_normal(c) : !mg_budget_simple(c))
			return illegal(c, MG_REFUSE_NO_MOVE_LEFT);
		if ((rc = check_move(c, a, full)) < 0)
			return rc;
		*applied = 1;
		if (full)
			c->nnormal++;
		else
			c->nsimple++;
		c->acted = 1;
		return mg_resolve_move(c, c->actor, a->to, full);
	}
	case MG_ACT_ATTACK:
		if ((rc = check_target(c, a, 0)) < 0)
			return rc;
		if (me->attacks[a->attack].timing == MG_TIMING_COMPLEX) {
			if (!mg_budget_complex(c))
				return illegal(c, MG_REFUSE_COMPLEX);
			*applied = 1;
			c->ncomplex++;
		} else {
			if (!mg_budget_normal(c))
				return illegal(c, MG_REFUSE_NO_NORMAL);
			*applied = 1;
			c->nnormal++;
		}
		c->acted = 1;
		return mg_resolve_attack(c, c->actor, a->attack, a->target);
	case MG_ACT_FINISH:
		if ((rc = check_target(c, a, 1)) < 0)
			return rc;
		if (!mg_budget_normal(c))
			return illegal(c, MG_REFUSE_NO_NORMAL);
		*applied = 1;
		c->nnormal++;
		c->acted = 1;
		return mg_resolve_finish(c, c->actor, a->attack, a->target);
	default:
		return illegal(c, MG_REFUSE_NOT_MAIN);
	}
}

/* MG-ACT-1: an illegal action changes nothing; MG-WAIT-2: the answer to a
 * resume ask. */
int mg_combat_act(mg_combat *c, const mg_action *a)
{
	int rc, applied = 0;

	if (!c)
		return ut_error_set(UT_EINVALID, "mg_combat_act: c is NULL");
	if (!a)
		return ut_error_set(UT_EINVALID,
		                    "mg_combat_act: action is NULL");
	c->refusal = MG_REFUSE_NONE;
	switch (c->phase) {
	case MG_PH_FAILED:
		return refail(c);
	case MG_PH_MAIN:
		rc = act_main(c, a, &applied);
		/* an illegal action changes nothing and does not stop it */
		if (rc == UT_EINVALID && !applied)
			return rc;
		break;
	case MG_PH_RESUME: {
		uint32_t i;
		if (c->resume_i >= c->norder ||
		    c->ch[c->order[c->resume_i]].status != MG_STATUS_WAITING ||
		    c->ch[c->order[c->resume_i]].state != MG_STATE_ABLE) {
			c->refusal = MG_REFUSE_NOT_PENDING;
			return ut_error_set(UT_EINVALID,
			                    "no decision is pending "
			                    "(call mg_combat_next)");
		}
		i = c->order[c->resume_i];
		if (a->kind == MG_ACT_STAY) {
			c->resume_i++;
			return 0;
		}
		if (a->kind != MG_ACT_RESUME)
			return refuse_as(c, i, MG_REFUSE_RESUME_ONLY);
		rc = start_main(c, i, 1, 0);
		break;
	}
	default:
		c->refusal = MG_REFUSE_NOT_PENDING;
		return ut_error_set(UT_EINVALID,
		                    "no decision is pending (call mg_combat_next)");
	}
	if (rc < 0)
		return fail(c, rc);
	return 0;
}

/* ---- the built-in policy, fused ----------------------------------------- */

/* Apply the default policy's main-process action a, which is legal by
 * construction (mg_policy_main chooses only what act_main accepts:
 * checked in debug builds), as act_main does after its checks. */
static int act_policy(mg_combat *c, const mg_action *a)
{
	const mg_character *me = &c->s->characters[c->actor];

	switch (a->kind) {
	case MG_ACT_END:
		return end_main(c);
	case MG_ACT_MOVE:
	case MG_ACT_FULL_MOVE:
		UT_ASSERT(!c->cut && check_move(c, a, a->kind ==
		                                       MG_ACT_FULL_MOVE) == 0);
		if (a->kind == MG_ACT_FULL_MOVE)
			c->nnormal++;
		else
			c->nsimple++;
		c->acted = 1;
		return mg_resolve_move(c, c->actor, a->to,
		                       a->kind == MG_ACT_FULL_MOVE);
	case MG_ACT_ATTACK:
		UT_ASSERT(!c->cut && check_target(c, a, 0) == 0);
		if (me->attacks[a->attack].timing == MG_TIMING_COMPLEX) {
			UT_ASSERT(mg_budget_complex(c));
			c->ncomplex++;
		} else {
			UT_ASSERT(mg_budget_normal(c));
			c->nnormal++;
		}
		c->acted = 1;
		return mg_resolve_attack(c, c->actor, a->attack, a->target);
	default: /* MG_ACT_FINISH: the policy never waits (MG-WAIT-4) */
		UT_ASSERT(a->kind == MG_ACT_FINISH && !c->cut &&
		          check_target(c, a, 1) == 0 && mg_budget_normal(c));
		c->nnormal++;
		c->acted = 1;
		return mg_resolve_finish(c, c->actor, a->attack, a->target);
	}
}

/* The main process of c->actor (phase MG_PH_MAIN) with the default
 * policy, to its end: each decision as advance and the policy take it
 * (the budget, then mg_policy_main), without going back to advance
 * between the actions of one process.  0, an error of the rules (the
 * combat's, *policy 0) or of the policy (*policy 1). */
static int run_main(mg_combat *c, int *policy)
{
	const size_t na = c->s->characters[c->actor].nattacks;
	mg_action act;
	mg_budget b;
	int rc;

	/* advance gives a process that is neither cut nor exhausted, so its
	 * first decision is the policy's, which mg_combat_act would take
	 * with the refusal cleared; later ones follow an action that did */
	*policy = 0;
	c->refusal = MG_REFUSE_NONE;
	do {
		/* cut or exhausted: advance ends it; after an attack, a とどめ
		 * or a 全力移動, or with no attacks (MG-POLICY-4),
		 * mg_policy_main says end; with nnormal = ncomplex = 0 the
		 * budget is exhausted by two 簡易 (MG-ROUND-3) */
		if (c->cut || c->nnormal || c->ncomplex || na == 0 ||
		    c->nsimple >= 2)
			return end_main(c);
		b.simple = b.normal = 1;
		b.complex = c->nsimple == 0;
		b.nsimple = c->nsimple;
		b.nnormal = b.ncomplex = 0;
		UT_ASSERT(b.simple == mg_budget_simple(c) &&
		          b.normal == mg_budget_normal(c) &&
		          b.complex == mg_budget_complex(c));
		if ((rc = mg_policy_main(&act, c, c->actor, &b)) < 0) {
			*policy = 1; /* the policy's error: not the combat's */
			return rc;
		}
		if ((rc = act_policy(c, &act)) < 0)
			return rc;
	} while (c->phase == MG_PH_MAIN);
	return 0;
}

/*
 * The whole combat with the default policy: what the loop
 *     while (mg_combat_next(&ask, c) == 0 && ask.kind != MG_ASK_OVER)
 *             mg_policy_default(&act, c, &ask), mg_combat_act(c, &act);
 * does, step for step (the same dice, events, states and errors), without
 * building an ask for each decision or checking what the policy chose.
 * tests/megami/test_fused.c proves the two equal over generated scenarios.
 */
int mg_combat_run(mg_result *out, mg_combat *c)
{
	ut_dice *d;
	int rc, policy = 0;

	if (!out)
		return ut_error_set(UT_EINVALID, "mg_combat_run: out is NULL");
	if (!c)
		return ut_error_set(UT_EINVALID, "mg_combat_run: c is NULL");
	d = c->opts.dice;
	c->refusal = MG_REFUSE_NONE; /* nor is a run */
	/* quiet: nobody sees a roll under way (combat_int.h) */
	c->quiet = !c->opts.on_event && !d->fixed && !d->fn;
	if (c->quiet) {
		c->rng = d->rng;
		c->qrolled = 0;
	}
	while ((rc = advance(c)) == 0 && c->phase != MG_PH_OVER) {
		if (c->phase == MG_PH_ROUND) {
			/* flat_ok: the flat rounds while they can (quiet.c),
			 * else this round the step machine's way */
			int flat = mg_quiet_flat(c);
			if (flat > 0) {
				if ((rc = finish(c, c->round)) == 0)
					break; /* MG_PH_OVER */
			} else if (flat < 0)
				rc = next_round(c);
		} else if (c->phase == MG_PH_RESUME) {
			/* MG-WAIT-4: the policy resumes at once */
			c->refusal = MG_REFUSE_NONE;
			rc = start_main(c, c->order[c->resume_i], 1, 0);
		} else {
			rc = run_main(c, &policy);
			if (policy)
				break;
		}
		if (rc < 0) {
			rc = fail(c, rc);
			break;
		}
	}
	if (c->quiet) {
		d->rng = c->rng;
		d->rolled += c->qrolled;
		c->quiet = 0;
	}
	mg_combat_result(out, c);
	return rc;
}

/* ---- the GM's hand: MG-GM-1 ---------------------------------------------- */

/* The state of character `who` becomes `to` (the able counts follow). */
static void set_state(mg_combat *c, uint32_t who, mg_state to)
{
	mg_cchar *h = &c->ch[who];

	if (h->state == MG_STATE_ABLE && to != MG_STATE_ABLE)
		c->able[h->side]--;
	else if (h->state != MG_STATE_ABLE && to == MG_STATE_ABLE)
		c->able[h->side]++;
	h->state = to;
}

/* Whether adj may be applied to h; the refusal, or MG_REFUSE_NONE. */
static mg_refusal adjust_check(const mg_cchar *h, const mg_adjust *adj)
{
	int cond = adj->value == MG_STATE_INCAPACITATED ||
	           adj->value == MG_STATE_DEAD;

	switch (adj->kind) {
	case MG_ADJ_HP:
	case MG_ADJ_POS:
		return MG_REFUSE_NONE;
	case MG_ADJ_ADD:
		if (!cond)
			return MG_REFUSE_BAD_ADJUST;
		if (h->state == MG_STATE_ABSENT) /* MG-ENTER-2 */
			return MG_REFUSE_ABSENT;
		if (h->state == MG_STATE_DEAD ||
		    (adj->value == MG_STATE_INCAPACITATED &&
		     h->state == MG_STATE_INCAPACITATED))
			return MG_REFUSE_ALREADY;
		return MG_REFUSE_NONE;
	case MG_ADJ_ENTER: /* MG-ENTER-4 */
		return h->state == MG_STATE_ABSENT ? MG_REFUSE_NONE
		                                   : MG_REFUSE_PRESENT;
	case MG_ADJ_CLEAR:
		if (!cond)
			return MG_REFUSE_BAD_ADJUST;
		if (h->state == MG_STATE_ABSENT) /* MG-ENTER-2 */
			return MG_REFUSE_ABSENT;
		if (adj->value == MG_STATE_INCAPACITATED &&
		    h->state == MG_STATE_DEAD)
			return MG_REFUSE_IS_DEAD;
		if (h->state != adj->value)
			return MG_REFUSE_HASNT;
		return MG_REFUSE_NONE;
	default:
		return MG_REFUSE_BAD_ADJUST;
	}
}

/* MG-CKD-1: the engine's own distance (mg_dist), for front ends. */
uint64_t mg_distance(int64_t a, int64_t b)
{
	return mg_dist(a, b);
}

int mg_combat_adjust(mg_combat *c, const mg_adjust *adj)
{
	mg_cchar *h;
	mg_event ev;
	mg_refusal r;
	mg_state before;
	int64_t from = 0, to = 0;
	int rc;

	if (!c)
		return ut_error_set(UT_EINVALID, "mg_combat_adjust: c is NULL");
	if (!adj)
		return ut_error_set(UT_EINVALID,
		                    "mg_combat_adjust: adj is NULL");
	c->refusal = MG_REFUSE_NONE;
	if (c->phase == MG_PH_FAILED)
		return refail(c);
	if (c->phase != MG_PH_MAIN && c->phase != MG_PH_RESUME) {
		c->refusal = MG_REFUSE_NOT_PENDING;
		return ut_error_set(UT_EINVALID,
		                    "no decision is pending (call mg_combat_next)");
	}
	if (adj->kind == MG_ADJ_END) {
		/* MG-GM-5: the GM ends the round progression, in the middle
		 * of a round too; the winner is the GM's word */
		if (adj->value != MG_SIDE_PC && adj->value != MG_SIDE_NPC &&
		    adj->value != -1) {
			c->refusal = MG_REFUSE_BAD_ADJUST;
			return ut_error_set(UT_EINVALID, "%s",
			                    refusals[MG_REFUSE_BAD_ADJUST][0]);
		}
		if ((rc = end_with(c, c->round, (int)adj->value, 1)) < 0)
			return fail(c, rc);
		return 0;
	}
	if (adj->who >= c->n) {
		c->refusal = MG_REFUSE_NO_CHARACTER;
		return ut_error_set(UT_EINVALID, "%s",
		                    refusals[MG_REFUSE_NO_CHARACTER][0]);
	}
	h = &c->ch[adj->who];
	if ((r = adjust_check(h, adj)) != MG_REFUSE_NONE)
		return refuse_as(c, adj->who, r);
	before = h->state;
	switch (adj->kind) {
	case MG_ADJ_HP:
		from = h->hp;
		to = h->hp = adj->value;
		/* MG-GM-2: HP decides 戦闘不能 as damage does, both ways */
		if (h->state == MG_STATE_ABLE && h->hp <= 0)
			set_state(c, adj->who, MG_STATE_INCAPACITATED);
		else if (h->state == MG_STATE_INCAPACITATED && h->hp > 0)
			set_state(c, adj->who, MG_STATE_ABLE);
		break;
	case MG_ADJ_POS:
		from = h->pos;
		to = h->pos = adj->value;
		break;
	case MG_ADJ_ADD:
		from = h->state;
		set_state(c, adj->who, (mg_state)adj->value);
		to = h->state;
		break;
	case MG_ADJ_ENTER:
		/* MG-ENTER-4: in the scene now, out of this round's order (its
		 * status stays MG_STATUS_NONE): it acts from the next round;
		 * its own event below, then the consequences (entering
		 * 戦闘不能, the last one to come may decide the combat) */
		enter(c, adj->who);
		break;
	default: /* MG_ADJ_CLEAR */
		from = h->state;
		set_state(c, adj->who, adj->value == MG_STATE_DEAD
		                       ? MG_STATE_INCAPACITATED : MG_STATE_ABLE);
		to = h->state;
		break;
	}
	/* MG-GM-3: the consequences, at the next mg_combat_next */
	if (c->phase == MG_PH_MAIN)
		c->cut = mg_decided(c) ||
		         c->ch[c->actor].state != MG_STATE_ABLE;
	if (adj->kind == MG_ADJ_ENTER) {
		rc = entered(c, adj->who, 1);
	} else if ((rc = mg_event_due(c)) > 0) {
		mg_event_init(&ev, c, MG_EV_ADJUST);
		ev.target = (int32_t)adj->who;
		ev.flag = (int)adj->kind;
		ev.from = from;
		ev.to = to;
		ev.value = before;
		ev.value2 = h->state;
		ev.hp = h->hp;
		rc = mg_emit(c, &ev);
	}
	if (rc == 0 && c->phase == MG_PH_RESUME && mg_decided(c))
		rc = finish(c, c->round);
	if (rc < 0)
		return fail(c, rc);
	return 0;
}

int mg_combat_copy_state(mg_combat *dst, const mg_combat *src)
{
	mg_combat_opts opts;
	mg_cchar *ch, *ch0;
	mg_cconst *k;
	size_t *atk0;
	mg_qchar *qc;
	int64_t *check;
	mg_catk *catk;
	mg_cmod *mods;
	const uint32_t *foe[2];
	uint32_t *foebuf, *order, *targets;
	unsigned char *hit;

	if (!dst)
		return ut_error_set(UT_EINVALID,
		                    "mg_combat_copy_state: dst is NULL");
	if (!src)
		return ut_error_set(UT_EINVALID,
		                    "mg_combat_copy_state: src is NULL");
	if (dst->s != src->s)
		return ut_error_set(UT_EINVALID,
		                    "copy: the combats have different scenarios");
	if (dst == src)
		return 0;
	opts = dst->opts;
	k = dst->k;
	foebuf = dst->foebuf;
	foe[0] = dst->foe[0];
	foe[1] = dst->foe[1];
	atk0 = dst->atk0;
	qc = dst->qf.qc;
	check = dst->check;
	catk = dst->catk;
	mods = dst->mods;
	ch = dst->ch;
	ch0 = dst->ch0;
	order = dst->order;
	targets = dst->targets;
	hit = dst->hit;
	memcpy(ch, src->ch, src->n * sizeof(*ch));
	memcpy(order, src->order, src->n * sizeof(*order));
	*dst = *src;
	dst->opts = opts;
	dst->k = k; /* the same scenario: the same contents */
	dst->foebuf = foebuf;
	dst->foe[0] = foe[0];
	dst->foe[1] = foe[1];
	dst->atk0 = atk0;
	dst->qf.qc = qc;
	dst->check = check;
	dst->catk = catk;
	dst->mods = mods;
	dst->ch = ch;
	dst->ch0 = ch0;
	dst->order = order;
	dst->targets = targets;
	dst->hit = hit;
	return 0;
}
