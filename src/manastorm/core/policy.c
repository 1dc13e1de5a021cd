/*
 * policy.c - the built-in policies (docs/MANASTORM.md, the MS-POLICY rules): `default`
 * (D5 with D7.7), `greedy` (D7.7) and `random`, and their lookup by name.
 * The table is constant: code adds its own policies through
 * ms_duel_opts.policies, never here.
 */
#include "manastorm/policy.h"

#include <string.h>

/* MS-ENCHANT-6 as ms_duel_passes, inline for the policies' loops. */
static int passes(const ms_participant *p, ms_card c)
{
	return (int64_t)c.number <= p->threshold ||
	       (p->suit != MS_SUIT_NONE && (int)c.suit == p->suit);
}

/* The best hand card among those that pass for i (and, for a caster,
 * whose number is not on the field): highest number, ties suit order
 * S H D C, then the earliest in the hand.  -1: none. */
static long best_hand(const ms_duel *d, uint32_t i, int not_on_field)
{
	ms_part_state st;
	size_t k, j, nf;
	const ms_field_card *f = ms_duel_field(d, &nf);
	long best = -1;

	const ms_participant *me = &ms_duel_scenario(d)->participants[i];

	ms_duel_participant(&st, d, i);
	for (k = 0; k < st.nhand; k++) {
		ms_card c = st.hand[k];
		if (!passes(me, c))
			continue;
		if (not_on_field) {
			for (j = 0; j < nf; j++)
				if (f[j].card.number == c.number)
					break;
			if (j < nf)
				continue;
		}
		if (best < 0 || c.number > st.hand[best].number ||
		    (c.number == st.hand[best].number && c.suit < st.hand[best].suit))
			best = (long)k;
	}
	return best;
}

/* MS-POLICY-2: the allied held enchant of highest number that passes for
 * warrior i, ties the earliest on the field.  -1: none. */
static long best_point(const ms_duel *d, const ms_ask *ask)
{
	size_t k, nf;
	const ms_field_card *f = ms_duel_field(d, &nf);
	long best = -1;

	const ms_participant *ps = ms_duel_scenario(d)->participants;

	for (k = 0; k < nf; k++) {
		const ms_participant *o = &ps[f[k].owner];
		if (!f[k].enchant || o->role != MS_ROLE_CASTER ||
		    o->side != ps[ask->actor].side)
			continue;
		if (!passes(&ps[ask->actor], f[k].card))
			continue;
		if (best < 0 || f[k].card.number > f[best].card.number)
			best = (long)k;
	}
	return best;
}

/* MS-POLICY-1, MS-POLICY-2, MS-POLICY-3: D5 exactly. */
static int choose_default(void *ud, const ms_duel *d, const ms_ask *ask,
                          ut_rng *rng, ms_choice *out)
{
	long k;

	(void)ud;
	(void)rng;
	memset(out, 0, sizeof(*out));
	switch (ask->kind) {
	case MS_ASK_ENCHANT:
		k = best_hand(d, ask->actor, 1);
		out->kind = k >= 0 ? MS_CHOICE_HAND : MS_CHOICE_PASS;
		out->index = k >= 0 ? (size_t)k : 0;
		break;
	case MS_ASK_ATTACK:
		if ((k = best_point(d, ask)) >= 0) {
			out->kind = MS_CHOICE_POINT;
			out->index = (size_t)k;
		} else if ((k = best_hand(d, ask->actor, 0)) >= 0) {
			out->kind = MS_CHOICE_HAND;
			out->index = (size_t)k;
		} else {
			out->kind = MS_CHOICE_PASS;
		}
		break;
	case MS_ASK_GO_ON: {
		int side = ms_duel_scenario(d)->participants[ask->actor].side;
		int can = best_point(d, ask) >= 0 || best_hand(d, ask->actor, 0) >= 0;
		out->kind = ms_duel_advantage(d, side) <= ms_duel_advantage(d, 1 - side)
		            && can ? MS_CHOICE_GO_ON : MS_CHOICE_GIVE_UP;
		break;
	}
	default:
		out->kind = MS_CHOICE_PASS;
	}
	return 0;
}

/* MS-POLICY-4: greedy — the deck top when something can be drawn, else
 * pass; always goes on. */
static int choose_greedy(void *ud, const ms_duel *d, const ms_ask *ask,
                         ut_rng *rng, ms_choice *out)
{
	(void)ud;
	(void)d;
	(void)rng;
	memset(out, 0, sizeof(*out));
	if (ask->kind == MS_ASK_GO_ON)
		out->kind = MS_CHOICE_GO_ON;
	else
		out->kind = ask->can_draw ? MS_CHOICE_DECK : MS_CHOICE_PASS;
	return 0;
}

/* MS-POLICY-5: random — uniform(n) over ms_duel_choices' list (one
 * generator call per decision, from the duel's generator). */
static int choose_random(void *ud, const ms_duel *d, const ms_ask *ask,
                         ut_rng *rng, ms_choice *out)
{
	size_t n = ms_duel_choices(NULL, 0, d, ask), k, nf, j;
	const ms_field_card *f = ms_duel_field(d, &nf);
	ms_part_state st;

	(void)ud;
	memset(out, 0, sizeof(*out));
	if (n == 0)
		return 0;
	k = (size_t)ut_rng_uniform(rng, n);
	if (ask->kind == MS_ASK_GO_ON) {
		out->kind = k == 0 ? MS_CHOICE_GO_ON : MS_CHOICE_GIVE_UP;
		return 0;
	}
	/* walk ms_duel_choices' order: hand, deck, allied enchants, pass */
	ms_duel_participant(&st, d, ask->actor);
	if (k < st.nhand) {
		out->kind = MS_CHOICE_HAND;
		out->index = k;
		return 0;
	}
	k -= st.nhand;
	if (ask->can_draw) {
		if (k == 0) {
			out->kind = MS_CHOICE_DECK;
			return 0;
		}
		k--;
	}
	if (ask->kind == MS_ASK_ATTACK)
		for (j = 0; j < nf; j++) {
			const ms_participant *o =
				&ms_duel_scenario(d)->participants[f[j].owner];
			if (!f[j].enchant || o->role != MS_ROLE_CASTER ||
			    o->side != st.side)
				continue;
			if (k-- == 0) {
				out->kind = MS_CHOICE_POINT;
				out->index = j;
				return 0;
			}
		}
	out->kind = MS_CHOICE_PASS;
	return 0;
}

static const ms_policy builtins[] = {
	{"default", choose_default, NULL},
	{"greedy", choose_greedy, NULL},
	{"random", choose_random, NULL},
};

/* A built-in policy by name, or NULL (MS-POLICY-6). */
const ms_policy *ms_policy_find(const char *name)
{
	size_t k;
	for (k = 0; name && k < sizeof(builtins) / sizeof(builtins[0]); k++)
		if (strcmp(builtins[k].name, name) == 0)
			return &builtins[k];
	return NULL;
}

const ms_policy *ms_policy_builtins(size_t *n)
{
	*n = sizeof(builtins) / sizeof(builtins[0]);
	return builtins;
}
