/* scenario.c - defaults and checks of scenarios built as data (M1, M8.1). */
#include "megami/scenario.h"

#include <string.h>

#include "util/error.h"

void mg_character_init(mg_character *c)
{
	memset(c, 0, sizeof(*c));
	c->side = MG_SIDE_PC;
	c->hp = c->hp_now = 1;
	c->enters = 1;
}

void mg_attack_init(mg_attack *a)
{
	memset(a, 0, sizeof(*a));
	a->kind = MG_KIND_PHYSICAL;
	a->check_stat = MG_STAT_ACCURACY;
	a->area = MG_AREA_SINGLE;
	a->timing = MG_TIMING_NORMAL;
}

/* The characters (code points) of a UTF-8 name. */
static size_t name_chars(const char *s)
{
	size_t n = 0;

	for (; *s; s++)
		n += ((unsigned char)*s & 0xC0) != 0x80;
	return n;
}

static int check_attack(const mg_character *c, const mg_attack *a)
{
	if (!a->name || !*a->name)
		return ut_error_set(UT_EINVALID, "%s: an attack without a name",
		                    c->name);
	if (name_chars(a->name) > MG_SCN_NAME_MAX)
		return ut_error_set(UT_EINVALID, "%s: an attack name of more "
		                    "than %d characters", c->name,
		                    MG_SCN_NAME_MAX);
	if ((unsigned)a->kind > MG_KIND_MAGIC ||
	    (unsigned)a->area > MG_AREA_ENGAGEMENT ||
	    (unsigned)a->timing > MG_TIMING_COMPLEX ||
	    a->check_stat < -1 || a->check_stat >= MG_STAT_COUNT ||
	    (a->attributes >> MG_ATTR_COUNT) != 0)
		return ut_error_set(UT_EINVALID, "%s: %s: a value out of range",
		                    c->name, a->name);
	if (a->range < 0)
		return ut_error_set(UT_EINVALID, "%s: %s: range %lld < 0",
		                    c->name, a->name, (long long)a->range);
	return 0;
}

int mg_scenario_check(const mg_scenario *s)
{
	size_t i, j;
	int sides = 0, rc;

	if (!s)
		return ut_error_set(UT_EINVALID,
		                    "mg_scenario_check: s is NULL");
	if (s->round_limit < 1)
		return ut_error_set(UT_EINVALID, "round_limit %lld < 1",
		                    (long long)s->round_limit);
	/* MG-SCN-LIMIT-1 */
	if (s->round_limit > MG_SCN_ROUND_LIMIT_MAX)
		return ut_error_set(UT_EINVALID, "round_limit %lld > %d",
		                    (long long)s->round_limit,
		                    MG_SCN_ROUND_LIMIT_MAX);
	if (s->ncharacters > MG_SCN_MAX_CHARACTERS)
		return ut_error_set(UT_EINVALID, "%zu characters (at most %d)",
		                    s->ncharacters, MG_SCN_MAX_CHARACTERS);
	if (s->ncharacters && !s->characters)
		return ut_error_set(UT_EINVALID, "no character array");
	for (i = 0; i < s->ncharacters; i++) {
		const mg_character *c = &s->characters[i];
		if (!c->name || !*c->name)
			return ut_error_set(UT_EINVALID,
			                    "character %zu has no name", i + 1);
		if (name_chars(c->name) > MG_SCN_NAME_MAX)
			return ut_error_set(UT_EINVALID, "character %zu: a name of "
			                    "more than %d characters", i + 1,
			                    MG_SCN_NAME_MAX);
		if (c->nattacks > MG_SCN_MAX_ATTACKS)
			return ut_error_set(UT_EINVALID, "%s: %zu attacks (at most "
			                    "%d)", c->name, c->nattacks,
			                    MG_SCN_MAX_ATTACKS);
		for (j = 0; j < i; j++)
			if (strcmp(s->characters[j].name, c->name) == 0)
				return ut_error_set(UT_EINVALID,
				                    "two characters named %s", c->name);
		if ((unsigned)c->side > MG_SIDE_NPC ||
		    (c->armor_listed >> MG_ATTR_COUNT) != 0)
			return ut_error_set(UT_EINVALID, "%s: a value out of range",
			                    c->name);
		if (c->hp < 1)
			return ut_error_set(UT_EINVALID, "%s: hp %lld < 1", c->name,
			                    (long long)c->hp);
		if (c->hp_now > c->hp)
			return ut_error_set(UT_EINVALID, "%s: hp_now %lld > hp %lld",
			                    c->name, (long long)c->hp_now,
			                    (long long)c->hp);
		/* MG-SCN-CHR-8 MG-ENTER-1: ≤ 1 is from the start; after
		 * the round limit the character would never enter */
		if (c->enters > s->round_limit)
			return ut_error_set(UT_EINVALID, "%s: enters in round %lld,"
			                    " after the round limit %lld", c->name,
			                    (long long)c->enters,
			                    (long long)s->round_limit);
		if (c->nattacks && !c->attacks)
			return ut_error_set(UT_EINVALID, "%s: no attack array",
			                    c->name);
		for (j = 0; j < c->nattacks; j++)
			if ((rc = check_attack(c, &c->attacks[j])) < 0)
				return rc;
		sides |= 1 << c->side;
	}
	if (!(sides & 1 << MG_SIDE_PC))
		return ut_error_set(UT_EINVALID, "no PC character");
	if (!(sides & 1 << MG_SIDE_NPC))
		return ut_error_set(UT_EINVALID, "no NPC character");
	return 0;
}
