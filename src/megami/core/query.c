/* query.c - reading a combat: characters, order, round and result (M7). */
#include "combat_int.h"
#include "util/error.h"

void mg_combat_result(mg_result *out, const mg_combat *c)
{
	*out = c->result;
}

const mg_scenario *mg_combat_scenario(const mg_combat *c)
{
	return c->s;
}

int64_t mg_combat_round(const mg_combat *c)
{
	return c->round;
}

uint64_t mg_combat_events(const mg_combat *c)
{
	return c->nevents;
}

int mg_combat_character(mg_char_state *out, const mg_combat *c, size_t i)
{
	const mg_cchar *h;

	if (!out)
		return ut_error_set(UT_EINVALID,
		                    "mg_combat_character: out is NULL");
	if (!c)
		return ut_error_set(UT_EINVALID,
		                    "mg_combat_character: c is NULL");
	if (i >= c->n)
		return ut_error_set(UT_EINVALID, "no character %zu", i);
	h = &c->ch[i];
	out->name = c->s->characters[i].name;
	out->side = c->s->characters[i].side;
	out->hp = h->hp;
	out->position = h->pos;
	out->state = h->state;
	out->status = h->status;
	out->has_initiative = h->has_init;
	out->initiative = h->init;
	out->init_dice[0] = h->idice[0];
	out->init_dice[1] = h->idice[1];
	out->waited = h->waited;
	return 0;
}

void mg_combat_vitals(int64_t *hp, mg_state *state, const mg_combat *c)
{
	const mg_cchar *const h = c->ch;
	size_t i;

	for (i = 0; i < c->n; i++) {
		hp[i] = h[i].hp;
		state[i] = h[i].state;
	}
}

const uint32_t *mg_combat_order(const mg_combat *c, size_t *n)
{
	*n = c->norder;
	return c->order;
}
