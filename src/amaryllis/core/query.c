/*
 * query.c - reading the engine back (am_engine_unit and friends): during a
 * battle from inside the event callback, or after it.
 */
#include "engine_int.h"

size_t am_engine_unit_count(const am_engine *e)
{
	return e->nunits;
}

uint64_t am_engine_work(const am_engine *e)
{
	return e ? (uint64_t)(e->work_base - e->work_left) : 0;
}

/* A unit's state; its position counts the dead not yet retired, and is -1
 * once it has retired (BU-LINE-2). */
int am_engine_unit(am_unit_state *out, const am_engine *e, size_t id)
{
	const unit *u;

	if (!out)
		return ut_error_set(AM_EINVALID, "am_engine_unit: out is NULL");
	if (!e)
		return ut_error_set(AM_EINVALID,
		                    "am_engine_unit: engine is NULL");
	if (id >= e->nunits)
		return ut_error_set(AM_EINVALID, "no unit %zu", id);
	u = &e->units[id];
	out->side = u->side;
	out->index = u->defi;
	out->name = e->sides[u->side].team->units[u->defi].name;
	out->hp = u->hp;
	out->atk = u->atk;
	out->def = u->def;
	out->spd = u->spd;
	out->ap = u->ap;
	memcpy(out->states, u->st, sizeof(u->st));
	out->alive = u->alive;
	out->died_turn = u->died;
	out->position = u->inline_ ? (int)am_line_rank(e->nodes, (uint32_t)id)
	                           : -1;
	return 0;
}

/* 1 when slot `slot` of unit id is a spent リミテッド action (AM-CUST-1). */
int am_engine_slot_spent(const am_engine *e, size_t id, size_t slot)
{
	const unit *u;

	if (!e)
		return ut_error_set(AM_EINVALID,
		                    "am_engine_slot_spent: engine is NULL");
	if (id >= e->nunits)
		return ut_error_set(AM_EINVALID, "no unit %zu", id);
	u = &e->units[id];
	if (slot >= u->nslots)
		return ut_error_set(AM_EINVALID, "no slot %zu", slot);
	return (int)((e->bits[u->bits + slot / 64] >>
	              (slot & 63)) & 1);
}

const am_team *am_engine_team(const am_engine *e, int side)
{
	return side == 0 || side == 1 ? e->sides[side].team : NULL;
}

size_t am_engine_line(uint32_t *out, size_t cap, const am_engine *e, int side)
{
	size_t n;

	if ((side != 0 && side != 1) || !e->sides[side].team)
		return 0;
	n = am_line_size(e->nodes, e->sides[side].root);
	if (out && cap >= n)
		am_line_collect(e->nodes, e->sides[side].root, out, 0);
	return n;
}

size_t am_engine_memory(const am_engine *e)
{
	size_t b = sizeof(*e);
	int s;

	for (s = 0; s < 2; s++)
		b += e->own[s].capslots * sizeof(slot) +
		     e->own[s].capoff * sizeof(size_t) +
		     e->own[s].capmasks * sizeof(*e->own[s].masks) +
		     e->own[s].caplive * sizeof(*e->own[s].live);
	b += e->capunits * sizeof(unit) + e->capnodes * sizeof(am_lnode) +
	     e->capbits * sizeof(uint64_t) + e->capdec * sizeof(decision) +
	     (e->caphits + e->capnext) * sizeof(hit) +
	     e->queue.cap * sizeof(am_qent) + e->capdirty * sizeof(uint32_t) +
	     e->capdied * sizeof(uint32_t) +
	     e->captouched * sizeof(uint32_t) + e->captmp * sizeof(uint32_t) +
	     e->capkeys * sizeof(hit_key) + e->cappos * sizeof(uint32_t) +
	     e->capstruck * sizeof(uint32_t) + am_tempo_memory(e);
	return b;
}
