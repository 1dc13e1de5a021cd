/* format.c - a scenario as canonical YAML (MS-SCN-OUT-1): English keys, every
 * default written out, decks only when given; reading it back gives the
 * same scenario. */
#include <stdlib.h>

#include "sc_int.h"
#include "util/buf.h"
#include "util/error.h"

static void put_participant(ut_buf *b, const ms_participant *p)
{
	size_t k;
	char card[8];

	ut_buf_puts(b, "  - name: ");
	ut_yaml_put_scalar(b, p->name ? p->name : "");
	ut_buf_printf(b, "\n    side: %s\n    role: %s\n    threshold: %lld\n"
	              "    suit: %s\n",
	              ms_sc_sides[p->side == 1].en,
	              ms_sc_roles[p->role == MS_ROLE_WARRIOR].en,
	              (long long)p->threshold,
	              ms_sc_suits[p->suit >= MS_SUIT_S && p->suit <= MS_SUIT_C
	                       ? p->suit : 4].en);
	if (p->role == MS_ROLE_CASTER) {
		ut_buf_printf(b, "    mp: %lld\n    outfits: [", (long long)p->mp);
		for (k = 0; k < p->noutfits; k++)
			ut_buf_printf(b, "%s%lld", k ? ", " : "",
			              (long long)p->outfits[k]);
		ut_buf_puts(b, "]\n");
	} else {
		ut_buf_printf(b, "    hp: %lld\n", (long long)p->hp);
	}
	if (p->deck) {
		ut_buf_puts(b, "    deck: [");
		for (k = 0; k < p->ndeck; k++)
			ut_buf_printf(b, "%s%s", k ? ", " : "",
			              ms_card_name(card, p->deck[k], 0));
		ut_buf_puts(b, "]\n");
	}
	ut_buf_puts(b, "    policy: ");
	ut_yaml_put_scalar(b, p->policy ? p->policy : "default");
	ut_buf_puts(b, "\n");
}

int ms_scenario_to_yaml(char **out, size_t *len, const ms_scenario *s)
{
	ut_buf b = UT_BUF_INIT;
	size_t i;

	if (!out)
		return ut_error_set(UT_EINVALID,
		                    "ms_scenario_to_yaml: out is NULL");
	*out = NULL;
	if (!s)
		return ut_error_set(UT_EINVALID,
		                    "ms_scenario_to_yaml: s is NULL");
	ut_buf_printf(&b, "battles: %lld\nrounds_per_battle: %lld\n"
	              "hand_size: %lld\nstorm_match: %s\nshuffle: %s\n"
	              "participants:",
	              (long long)s->battles, (long long)s->rounds_per_battle,
	              (long long)s->hand_size,
	              ms_sc_matches[s->storm_match == MS_MATCH_CARD].en,
	              s->shuffle ? "true" : "false");
	if (!s->nparticipants)
		ut_buf_puts(&b, " []");
	ut_buf_puts(&b, "\n");
	for (i = 0; i < s->nparticipants; i++)
		put_participant(&b, &s->participants[i]);
	if (b.failed || !b.ptr) {
		ut_buf_free(&b);
		return ut_error_set(UT_ENOMEM, "out of memory");
	}
	*out = b.ptr;
	if (len)
		*len = b.len;
	return 0;
}
