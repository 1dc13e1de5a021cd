/*
 * roster.c - the units of a battle: creation (entry units and ビルド:
 * BU-BUILD-2, BU-BUILD-3, BU-POP-1; RULINGS B2), their lines and positions
 * (BU-LINE-1, BU-LINE-2; B3), death checks (AM-DEATH-1, AM-STATE-5,
 * AM-TURN-3, BU-BUILD-4; A6, A10) and retirement at the end of a step
 * (AM-SIM-3, BU-LINE-2).
 */
#include "engine_int.h"

/* Start side s with program p and an empty line. */
void am_roster_begin_side(am_engine *e, int s, const am_program *p)
{
	side *sd = &e->sides[s];

	sd->prog = p;
	sd->team = p->team;
	sd->root = AM_LINE_NIL;
	sd->nliving = 0;
}

/*
 * Positions for many units at once: when a step has many actors or a tempo
 * many hits, one walk of both lines (O(population)) beats a rank walk per
 * unit.  Fills e->pos[id] for every unit in a line, dead units not yet
 * retired included (BU-LINE-2): the keys of AM-LOG-1 and AM-TEMPO-7.
 */
int am_roster_positions(am_engine *e)
{
	int s;
	size_t i, n;

	TRY(UT_ARRAY_RESERVE(e->pos, e->cappos, e->nunits));
	for (s = 0; s < 2; s++) {
		TRY(UT_ARRAY_RESERVE(e->tmp, e->captmp,
		                     (size_t)am_roster_line_size(e, s) + 1));
		n = am_line_collect(e->nodes, e->sides[s].root, e->tmp, 0);
		for (i = 0; i < n; i++)
			e->pos[e->tmp[i]] = (uint32_t)i;
	}
	return 0;
}

/* The living units of side s, front first, in e->tmp; returns the count
 * (the targets of 全体化: BU-ALL-1, BU-ALL-2). */
int am_roster_living_line(am_engine *e, int s, size_t *n)
{
	TRY(UT_ARRAY_RESERVE(e->tmp, e->captmp,
	                     (size_t)am_roster_line_size(e, s) + 1));
	*n = am_line_collect(e->nodes, e->sides[s].root, e->tmp, 1);
	UT_ASSERT(*n == e->sides[s].nliving); /* a side's living are its line's */
	return 0;
}

/*
 * Create a unit of definition defi on side s with `pos` units in front of
 * it (pos = line size appends), born in the current turn (its turn 0:
 * BU-BUILD-3), with full ＨＰ, no states and AP = 素早さ (BU-BUILD-2;
 * RULINGS B2; entry units get AP in the AP phase).  Fails with AM_ELIMIT
 * past the population limit (BU-POP-1).
 */
int am_roster_spawn(am_engine *e, int s, uint32_t defi, uint32_t pos,
                    uint32_t *out)
{
	side *sd = &e->sides[s];
	const am_unit_def *d = &sd->team->units[defi];
	size_t nslots = defi == 0 ? sd->prog->entry.nslots : d->nslots;
	size_t w = WORDS(nslots), id = e->nunits;
	unit *u;

	UT_ASSERT(s == 0 || s == 1);
	UT_ASSERT(defi < sd->team->nunits);
	UT_ASSERT(pos <= am_roster_line_size(e, s)); /* size appends */
	if (e->nunits >= e->opts->max_units || e->nunits >= UINT32_MAX - 1)
		return ut_error_set(AM_ELIMIT,
		                    "a new unit would exceed the population "
		                    "limit of %zu units",
		                    e->opts->max_units);
	TRY(UT_ARRAY_RESERVE(e->units, e->capunits, e->nunits + 1));
	TRY(UT_ARRAY_RESERVE(e->nodes, e->capnodes, e->nunits + 1));
	TRY(UT_ARRAY_RESERVE(e->bits, e->capbits, e->nbits + w));
	u = &e->units[id];
	memset(u, 0, sizeof(*u));
	if (defi == 0 && e->turn == 0) { /* an entry unit: from the program */
		u->hp = u->hp0 = sd->prog->entry.hp;
		u->atk = sd->prog->entry.atk;
		u->def = sd->prog->entry.def;
		u->spd = u->ap = sd->prog->entry.spd;
		u->live = sd->prog->entry.live0;
	} else {
		u->hp = u->hp0 = d->hp;
		u->atk = d->atk;
		u->def = d->def;
		u->spd = u->ap = d->spd;
		u->live = sd->prog->live[defi][e->turn];
	}
	u->born = e->turn;
	u->bits = e->nbits;
	u->defi = defi;
	u->nslots = (uint32_t)nslots;
	u->side = (uint8_t)s;
	u->alive = 1;
	u->inline_ = 1;
	u->died = -1;
	u->slots = sd->prog->slots + sd->prog->slot_off[defi];
	if (w) /* e->bits may still be NULL when no unit has slots */
		memset(e->bits + e->nbits, 0, w * sizeof(uint64_t));
	e->nbits += w;
	e->nunits++;
	am_line_node_init(e->nodes, (uint32_t)id);
	sd->root = sd->root == AM_LINE_NIL
	               ? (uint32_t)id /* a line of one */
	               : am_line_insert(e->nodes, sd->root, pos, (uint32_t)id);
	sd->nliving++;
	UT_ASSERT(am_roster_line_size(e, s) >= sd->nliving);
	am_schedule_new_turn(e, u);
	*out = (uint32_t)id;
	return 0;
}

/*
 * Death check of unit id (AM-DEATH-1, AM-STATE-5; RULINGS A6): ＨＰ ≤ 0 →
 * one ライフ revives it at ＨＰ 1, else it dies (it keeps its place until the
 * step ends: BU-LINE-2).  Never in the battle's turn 0 (AM-TURN-3), but in
 * a later turn 0 of a built unit (BU-BUILD-4).
 */
int am_roster_death_check(am_engine *e, uint32_t id)
{
	unit *u = &e->units[id];

	if (e->turn == 0 || !u->alive || u->hp > 0)
		return 0;
	if (u->st[AM_STATE_LIFE] > 0) {
		u->st[AM_STATE_LIFE]--;
		u->hp = 1;
		EMIT(AM_EV_LIFE, -1, -1, id, 1, u->st[AM_STATE_LIFE]);
		return 0;
	}
	TRY(UT_ARRAY_RESERVE(e->died, e->capdied, e->ndied + 1));
	e->died[e->ndied++] = id;
	u->alive = 0;
	u->died = e->turn;
	am_line_kill(e->nodes, id);
	UT_ASSERT(e->sides[u->side].nliving > 0);
	e->sides[u->side].nliving--;
	EMIT(AM_EV_DEATH, -1, -1, id, 0, u->hp);
	return 0;
}

/* Units that died leave their lines; the lines close up (AM-SIM-3,
 * BU-LINE-2; RULINGS B3). */
void am_roster_retire(am_engine *e)
{
	size_t i;

	for (i = 0; i < e->ndied; i++) {
		unit *u = &e->units[e->died[i]];
		side *sd = &e->sides[u->side];
		UT_ASSERT(!u->alive && u->inline_); /* died in this step */
		sd->root = am_line_erase(e->nodes, sd->root, e->died[i]);
		u->inline_ = 0;
	}
	e->ndied = 0;
}
