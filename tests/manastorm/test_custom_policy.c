/*
 * test_custom_policy.c - a policy written in C and given to the duel through
 * ms_duel_opts.policies (MS-POLICY-6), as README's "Add a policy" shows.
 * The scenario names it like a built-in one.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "manastorm/duel.h"
#include "manastorm/policy.h"

/* README: the policy — it never plays and never goes on. */
static int timid(void *ud, const ms_duel *d, const ms_ask *ask, ut_rng *rng,
                 ms_choice *out)
{
	(void)ud, (void)d, (void)rng;
	out->kind = ask->kind == MS_ASK_GO_ON ? MS_CHOICE_GIVE_UP : MS_CHOICE_PASS;
	out->index = 0;
	return 0;
}

static const ms_card timid_deck[] = {{MS_SUIT_S, 2}};
static const ms_card bold_deck[] = {{MS_SUIT_H, 9}};

static void table(ms_scenario *s, ms_participant p[2], const char *policy)
{
	ms_scenario_init(s);
	s->battles = 1;
	s->hand_size = 1;
	s->shuffle = 0;
	ms_participant_init(&p[0]);
	p[0].name = "Timid";
	p[0].side = 0;
	p[0].role = MS_ROLE_WARRIOR;
	p[0].threshold = 13;
	p[0].hp = 5;
	p[0].deck = timid_deck;
	p[0].ndeck = 1;
	p[0].policy = policy;
	ms_participant_init(&p[1]);
	p[1].name = "Bold";
	p[1].side = 1;
	p[1].role = MS_ROLE_WARRIOR;
	p[1].threshold = 13;
	p[1].hp = 5;
	p[1].deck = bold_deck;
	p[1].ndeck = 1;
	s->participants = p;
	s->nparticipants = 2;
}

/* MS-POLICY-6 One battle, hands of one card, no casters.  Step 4: Timid
 * passes (its policy); Bold (default) plays its only passing card H9.
 * Step 5: H9 passes (9 ≤ 13) and Timid played nothing: success, no match.
 * Step 7: one succeeds, the other played nothing: B +1.  Step 8: Timid gives
 * up (its policy); Bold's side leads 1 > 0: default gives up.  Step 9: B
 * has more advantage: it deals 1 to Timid (HP 5 → 4), A deals half of its
 * own 0 = 0.  The duel ends after its one battle: nobody defeated, damage
 * B 1 > A 0: B wins. */
static void ms_custom_policy_plays(void **state)
{
	static const ms_policy mine[] = {{"timid", timid, NULL}};
	ms_scenario s;
	ms_participant p[2];
	ms_duel_opts o = MS_DUEL_OPTS_INIT;
	ms_duel *d;
	ms_result r;
	ms_part_state st;
	(void)state;

	table(&s, p, "timid");
	o.policies = mine; /* README: the table, looked up before the built-ins */
	o.npolicies = 1;
	assert_int_equal(ms_duel_new(&d, &s, &o), 0);
	assert_int_equal(ms_duel_run(&r, d), 0);
	assert_int_equal(r.winner, 1);
	assert_int_equal(r.battles, 1);
	assert_int_equal(r.damage[0], 0);
	assert_int_equal(r.damage[1], 1);
	assert_int_equal(r.storms, 0);
	ms_duel_participant(&st, d, 0);
	assert_int_equal(st.hp, 4);
	ms_duel_participant(&st, d, 1);
	assert_int_equal(st.hp, 5);
	ms_duel_free(d);
}

/* MS-POLICY-6 Without the table the name is unknown: MS_EINVALID naming the
 * participant. */
static void ms_custom_policy_unknown(void **state)
{
	ms_scenario s;
	ms_participant p[2];
	ms_duel_opts o = MS_DUEL_OPTS_INIT;
	ms_duel *d = NULL;
	ms_result r;
	int rc;
	(void)state;

	table(&s, p, "timid");
	rc = ms_duel_new(&d, &s, &o);
	if (rc == 0)
		rc = ms_duel_run(&r, d);
	assert_int_equal(rc, MS_EINVALID);
	assert_non_null(strstr(ms_error_last(), "Timid"));
	assert_non_null(strstr(ms_error_last(), "timid"));
	ms_duel_free(d);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		{"MS-POLICY-6 a policy written in C", ms_custom_policy_plays, NULL,
		 NULL, NULL},
		{"MS-POLICY-6 an unknown policy", ms_custom_policy_unknown, NULL,
		 NULL, NULL},
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
