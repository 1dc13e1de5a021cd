/* program.c - teams compiled once for many battles (see program.h). */
#include "program.h"

#include <stdlib.h>
#include <string.h>

#include "util/array.h"
#include "util/error.h"

/*
 * Flatten the slots of every definition, with each slot's first usable
 * turn: 高速起動 0, 遅延起動Ｎ Ｎ, else 1 (AM-TURN-2, AM-TURN-3, AM-CUST-2,
 * AM-CUST-3; RULINGS A4); a slot is usable at every age from its start on
 * (the age of a built unit counts from its build turn: BU-BUILD-3).
 */
int am_program_compile(am_program *p, const am_team *t)
{
	size_t i, j, n = 0;
	int rc;

	for (i = 0; i < t->nunits; i++) {
		if (t->units[i].nslots > UINT32_MAX - n)
			return ut_error_set(AM_ELIMIT, "too many action slots");
		n += t->units[i].nslots;
	}
	if ((rc = UT_ARRAY_RESERVE(p->slots, p->capslots, n ? n : 1)) < 0 ||
	    (rc = UT_ARRAY_RESERVE(p->slot_off, p->capoff, t->nunits + 1)) < 0 ||
	    (rc = UT_ARRAY_RESERVE(p->masks, p->capmasks, t->nunits)) < 0 ||
	    (rc = UT_ARRAY_RESERVE(p->live, p->caplive, t->nunits)) < 0)
		return rc;
	n = 0;
	p->entry_builds = 0;
	for (i = 0; i < t->nunits; i++) {
		const am_unit_def *d = &t->units[i];
		uint64_t *m = p->masks[i];
		int age;
		p->slot_off[i] = n;
		memset(m, 0, sizeof(p->masks[i]));
		memset(p->live[i], 0, sizeof(p->live[i]));
		for (j = 0; j < d->nslots; j++, n++) {
			const am_action *a = &t->actions[d->slots[j]];
			am_slot *sl = &p->slots[n];
			sl->act = a;
			sl->index = d->slots[j];
			sl->start = a->fast ? 0 : a->delay ? a->delay : 1;
			sl->kind = (uint8_t)am_class_kind(a->cls);
			sl->cls = (uint8_t)a->cls;
			sl->n = a->n;
			sl->limited = !!a->limited;
			sl->all = !!a->all;
			sl->targeted = a->target != 0;
			p->entry_builds |= i == 0 && sl->kind == AM_KIND_BUILD;
			if (j < 64 && sl->start <= AM_LAST_TURN)
				m[sl->start] |= (uint64_t)1 << j;
			for (age = 0; age <= AM_LAST_TURN; age++)
				p->live[i][age] += sl->start <= AM_LAST_TURN - age;
		}
		for (age = 1; age <= AM_LAST_TURN; age++)
			m[age] |= m[age - 1];
	}
	p->slot_off[t->nunits] = n;
	p->actions = t->actions;
	p->nactions = t->nactions;
	p->entry.hp = t->units[0].hp;
	p->entry.atk = t->units[0].atk;
	p->entry.def = t->units[0].def;
	p->entry.spd = t->units[0].spd;
	p->entry.nslots = (uint32_t)t->units[0].nslots;
	p->entry.live0 = p->live[0][0];
	memcpy(p->entry.masks, p->masks[0], sizeof(p->entry.masks));
	p->nslots = n;
	p->team = t;
	return 0;
}

void am_program_release(am_program *p)
{
	free(p->copy);
	free(p->slots);
	free(p->slot_off);
	free(p->masks);
	free(p->live);
	memset(p, 0, sizeof(*p));
}

/* Round n up to a multiple of `al` (a power of two). */
static size_t align_up(size_t n, size_t al)
{
	return (n + al - 1) & ~(al - 1);
}

/* Where the parts of a team's copy go in its one block (copy_team). */
typedef struct team_layout {
	size_t units, acts, slots, names, size;
} team_layout;

/* The layout of a copy of team t; 0, or -1 when the sizes overflow. */
static int team_layout_of(team_layout *l, const am_team *t)
{
	size_t nslots = 0, names = 0, i;

	for (i = 0; i < t->nunits; i++) {
		nslots += t->units[i].nslots;
		names += strlen(t->units[i].name) + 1;
	}
	for (i = 0; i < t->nactions; i++)
		names += t->actions[i].name ? strlen(t->actions[i].name) + 1 : 0;
	if (t->nunits > SIZE_MAX / 4 / sizeof(am_unit_def) ||
	    t->nactions > SIZE_MAX / 4 / sizeof(am_action) ||
	    nslots > SIZE_MAX / 4 / sizeof(uint32_t) || names > SIZE_MAX / 4)
		return -1;
	l->units = align_up(sizeof(am_team), _Alignof(am_unit_def));
	l->acts = align_up(l->units + t->nunits * sizeof(am_unit_def),
	                   _Alignof(am_action));
	l->slots = align_up(l->acts + t->nactions * sizeof(am_action),
	                    _Alignof(uint32_t));
	l->names = l->slots + nslots * sizeof(uint32_t);
	l->size = l->names + names;
	return 0;
}

/*
 * A copy of team t in one block (the am_team, its units, their slot lists,
 * its actions and every name), so that a program needs nothing of what it
 * was compiled from: a league of 100,000 sheets keeps only its programs
 * (LG-MEM-1).  The team must have passed am_team_check.  The block is
 * *buf when its *cap bytes are enough, else a new one (the old freed);
 * NULL when out of memory (or the sizes overflow), *buf kept.
 */
static am_team *copy_team(void **buf, size_t *cap, const am_team *t)
{
	team_layout l;
	size_t i, j;
	am_team *c;
	am_unit_def *units;
	am_action *acts;
	uint32_t *slots;
	char *p;

	if (team_layout_of(&l, t) < 0)
		return NULL;
	if (l.size > *cap) {
		void *nb = malloc(l.size);
		if (!nb)
			return NULL;
		free(*buf);
		*buf = nb;
		*cap = l.size;
	}
	c = *buf;
	units = (am_unit_def *)((char *)c + l.units);
	acts = (am_action *)((char *)c + l.acts);
	slots = (uint32_t *)((char *)c + l.slots);
	p = (char *)c + l.names;
	for (i = 0; i < t->nactions; i++) {
		acts[i] = t->actions[i];
		if (t->actions[i].name) {
			size_t n = strlen(t->actions[i].name) + 1;
			memcpy(p, t->actions[i].name, n);
			acts[i].name = p;
			p += n;
		}
	}
	for (i = 0; i < t->nunits; i++) {
		size_t n = strlen(t->units[i].name) + 1;
		units[i] = t->units[i];
		memcpy(p, t->units[i].name, n);
		units[i].name = p;
		p += n;
		units[i].slots = units[i].nslots ? slots : NULL;
		for (j = 0; j < t->units[i].nslots; j++)
			*slots++ = t->units[i].slots[j];
	}
	c->nunits = t->nunits;
	c->units = units;
	c->nactions = t->nactions;
	c->actions = acts;
	return c;
}

/* Check, copy and compile a team; the arrays are allocated at their exact
 * sizes (a program is made once and kept: LG-MEM-1). */
int am_program_new(am_program **out, const am_team *team)
{
	am_program *p;
	am_team *t;
	size_t i, n = 0;
	int rc;

	if (!out)
		return ut_error_set(AM_EINVALID, "am_program_new: out is NULL");
	*out = NULL;
	if (!team)
		return ut_error_set(AM_EINVALID,
		                    "am_program_new: team is NULL");
	if ((rc = am_team_check(team)) < 0)
		return rc;
	if (!(p = calloc(1, sizeof(*p))) ||
	    !(t = copy_team(&p->copy, &p->capcopy, team))) {
		free(p);
		return ut_error_set(AM_ENOMEM, "out of memory");
	}
	for (i = 0; i < t->nunits; i++)
		n += t->units[i].nslots;
	p->capslots = n ? n : 1;
	p->capoff = t->nunits + 1;
	p->capmasks = t->nunits;
	p->caplive = t->nunits;
	p->slots = malloc(p->capslots * sizeof(*p->slots));
	p->slot_off = malloc(p->capoff * sizeof(*p->slot_off));
	p->masks = malloc(p->capmasks * sizeof(*p->masks));
	p->live = malloc(p->caplive * sizeof(*p->live));
	if (!p->slots || !p->slot_off || !p->masks || !p->live) {
		am_program_free(p);
		return ut_error_set(AM_ENOMEM, "out of memory");
	}
	if ((rc = am_program_compile(p, t)) < 0) {
		am_program_free(p);
		return rc;
	}
	*out = p;
	return 0;
}

/* am_program_new into a program that exists: its blocks are kept, and
 * grown when the team needs more (the optimizer compiles one candidate
 * after another on each thread, with no allocation once they are big
 * enough). */
int am_program_reset(am_program *p, const am_team *team)
{
	am_team *t;
	int rc;

	if (!p)
		return ut_error_set(AM_EINVALID,
		                    "am_program_reset: program is NULL");
	if (!team)
		return ut_error_set(AM_EINVALID,
		                    "am_program_reset: team is NULL");
	if ((rc = am_team_check(team)) < 0)
		return rc;
	if (!(t = copy_team(&p->copy, &p->capcopy, team)))
		return ut_error_set(AM_ENOMEM, "out of memory");
	return am_program_compile(p, t);
}

void am_program_free(am_program *p)
{
	if (!p)
		return;
	am_program_release(p);
	free(p);
}

const am_team *am_program_team(const am_program *p)
{
	return p->team;
}
