/* scenario.c - defaults and checks of scenarios built as data (D1, D7.11). */
#include "manastorm/scenario.h"

#include <stdio.h>
#include <string.h>

#include "util/error.h"

void ms_participant_init(ms_participant *p)
{
	memset(p, 0, sizeof(*p));
	p->side = 0;
	p->role = MS_ROLE_CASTER;
	p->suit = MS_SUIT_NONE;
	p->hp = 1;
}

void ms_scenario_init(ms_scenario *s)
{
	memset(s, 0, sizeof(*s));
	s->battles = 3;
	s->rounds_per_battle = 10;
	s->hand_size = 5;
	s->storm_match = MS_MATCH_NUMBER;
	s->shuffle = 1;
}

const char *ms_card_name(char *buf, ms_card c, int symbols)
{
	static const char letters[4] = {'S', 'H', 'D', 'C'};
	static const char *const marks[4] = {"♠", "♥", "♦", "♣"};
	unsigned n = c.number > 99 ? 99 : c.number;

	if (symbols)
		snprintf(buf, 6, "%s%u", marks[c.suit & 3], n);
	else
		snprintf(buf, 4, "%c%u", letters[c.suit & 3], n);
	return buf;
}

/* The characters (code points) of a UTF-8 name. */
static size_t name_chars(const char *s)
{
	size_t n = 0;

	for (; *s; s++)
		n += ((unsigned char)*s & 0xC0) != 0x80;
	return n;
}

static int check_participant(const ms_participant *p)
{
	size_t i;

	if ((unsigned)p->side > 1 || (unsigned)p->role > MS_ROLE_WARRIOR ||
	    p->suit < MS_SUIT_NONE || p->suit > MS_SUIT_C)
		return ut_error_set(UT_EINVALID, "%s: a value out of range",
		                    p->name);
	if (p->threshold < 0 || p->threshold > 13)
		return ut_error_set(UT_EINVALID, "%s: 発現値 %lld is not 0-13",
		                    p->name, (long long)p->threshold);
	if (p->role == MS_ROLE_CASTER) {
		if (p->mp < 0)
			return ut_error_set(UT_EINVALID, "%s: MP %lld < 0", p->name,
			                    (long long)p->mp);
		if (p->noutfits == 0 || !p->outfits)
			return ut_error_set(UT_EINVALID, "%s: a caster needs a 衣装",
			                    p->name);
		for (i = 0; i < p->noutfits; i++)
			if (p->outfits[i] < 1)
				return ut_error_set(UT_EINVALID, "%s: 衣装 %lld < 1",
				                    p->name, (long long)p->outfits[i]);
	} else if (p->hp < 1) {
		return ut_error_set(UT_EINVALID, "%s: HP %lld < 1", p->name,
		                    (long long)p->hp);
	}
	if (p->ndeck && !p->deck)
		return ut_error_set(UT_EINVALID, "%s: no deck array", p->name);
	for (i = 0; i < p->ndeck; i++)
		if (p->deck[i].suit > MS_SUIT_C || p->deck[i].number < 1 ||
		    p->deck[i].number > 13)
			return ut_error_set(UT_EINVALID, "%s: card %zu of the deck "
			                    "is not S1-C13", p->name, i + 1);
	return 0;
}

int ms_scenario_check(const ms_scenario *s)
{
	size_t i, j;
	int warriors = 0, rc;

	if (!s)
		return ut_error_set(UT_EINVALID,
		                    "ms_scenario_check: s is NULL");
	if (s->battles < 1 || s->rounds_per_battle < 1 || s->hand_size < 0)
		return ut_error_set(UT_EINVALID, "battles and rounds_per_battle "
		                    "must be ≥ 1, hand_size ≥ 0");
	/* MS-SCN-LIMIT-1 */
	if (s->battles > MS_SCN_BATTLES_MAX)
		return ut_error_set(UT_EINVALID, "battles %lld > %d",
		                    (long long)s->battles, MS_SCN_BATTLES_MAX);
	if (s->rounds_per_battle > MS_SCN_ROUNDS_MAX)
		return ut_error_set(UT_EINVALID, "rounds_per_battle %lld > %d",
		                    (long long)s->rounds_per_battle,
		                    MS_SCN_ROUNDS_MAX);
	if ((unsigned)s->storm_match > MS_MATCH_CARD)
		return ut_error_set(UT_EINVALID, "storm_match out of range");
	for (i = 0; i < s->nparticipants; i++) {
		const ms_participant *p = &s->participants[i];
		if (!p->name || !*p->name)
			return ut_error_set(UT_EINVALID,
			                    "participant %zu has no name", i + 1);
		if (name_chars(p->name) > MS_SCN_NAME_MAX)
			return ut_error_set(UT_EINVALID, "participant %zu: a name of "
			                    "more than %d characters", i + 1,
			                    MS_SCN_NAME_MAX);
		for (j = 0; j < i; j++)
			if (strcmp(s->participants[j].name, p->name) == 0)
				return ut_error_set(UT_EINVALID,
				                    "two participants named %s", p->name);
		if ((rc = check_participant(p)) < 0)
			return rc;
		if (p->role == MS_ROLE_WARRIOR)
			warriors |= 1 << p->side;
	}
	if (!(warriors & 1))
		return ut_error_set(UT_EINVALID, "side A has no warrior");
	if (!(warriors & 2))
		return ut_error_set(UT_EINVALID, "side B has no warrior");
	return 0;
}
