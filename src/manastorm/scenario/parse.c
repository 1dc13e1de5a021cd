/*
 * parse.c - ms_scenario_parse: a scenario file in YAML (D1, D7.11) into an
 * ms_scenario, with every problem located (docs/MANASTORM.md "Scenarios").
 *
 * util_yaml (util/yaml.h) reads the bytes and the YAML into a tree of
 * located nodes and checks what every format checks (MS-SCN-IN-1,
 * MS-SCN-IN-2, MS-SCN-YAML-1, MS-SCN-YAML-2, MS-SCN-YAML-3, MS-SCN-YAML-4,
 * MS-SCN-YAML-5, keys MS-SCN-KEY-1, MS-SCN-KEY-2, MS-SCN-KEY-3, integers
 * MS-SCN-NUM-1, booleans); this file walks the tree with the key tables of
 * vocab.c.  Every problem is reported, not only the first (up to
 * opts.max_diags kept).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sc_int.h"
#include "util/error.h"
#include "util/utf8.h"

struct ms_scenario_doc {
	ut_yaml_doc y;
	char *file;
	ms_scenario sc;
	ms_participant *ps;
	int ok;
};

typedef ut_yaml_node node;

/* MS-SCN-LIMIT-1: names are util_yaml's (ut_yaml_text) */
_Static_assert(MS_SCN_NAME_MAX == UT_YAML_NAME_MAX,
               "the name limit of manastorm/scenario_yaml.h is util_yaml's");

static const node *at(const ms_scenario_doc *d, int i)
{
	return &d->y.nodes[i];
}

/*
 * An integer from lo to hi (MS-SCN-NUM-1, MS-SCN-NUM-2): the value of key
 * node k (its text names it in the message).  Returns 1 with *v set.
 */
static int get_num(ms_scenario_doc *d, const node *v, const node *k,
                   int64_t lo, int64_t hi, int64_t *out)
{
	int64_t x;
	char hs[24];

	if (!ut_yaml_int(&d->y, v, &x))
		return 0;
	if (x < lo || x > hi) {
		snprintf(hs, sizeof(hs), "%lld", (long long)hi);
		ut_yaml_diag_at(&d->y, v, MS_DIAG_RANGE, x, lo, k->text, hs);
		return 0;
	}
	*out = x;
	return 1;
}

/* A card (MS-SCN-CARD-1, MS-SCN-CARD-2: the nearest card suggested),
 * read after NFKC like every word (MS-SCN-IN-3: "Ｈ３", "♥３" are H3). */
static int get_card(ms_scenario_doc *d, const node *n, ms_card *c)
{
	const char *near, *s;

	if (n->type != UT_YAML_SCALAR || ut_yaml_is_null(n)) {
		ut_yaml_wrong_type(&d->y, n, MS_WANT_CARD);
		return 0;
	}
	s = ut_yaml_fold(&d->y, n->text);
	/* ³ ③ are not 3: the nearest card is suggested instead */
	if (!n->text[ut_utf8_odd_digit(n->text)] && ms_card_parse(c, s) == 0)
		return 1;
	near = ut_yaml_suggest(ms_sc_cards, 52, s);
	ut_yaml_diag_at(&d->y, n, near ? MS_DIAG_UNKNOWN_CARD_NEAR
	                               : MS_DIAG_UNKNOWN_CARD, 0, 0, n->text, near);
	return 0;
}

/* A list of at most max items (MS-SCN-NUM-3; too_many: the code that says
 * which list); 1 when it is one. */
static int get_list(ms_scenario_doc *d, const node *l, const node *k,
                    size_t max, int too_many)
{
	if (l->type != UT_YAML_SEQ) {
		ut_yaml_wrong_type(&d->y, l, UT_YAML_WANT_LIST);
		return 0;
	}
	if (l->n > max) {
		ut_yaml_diag_at(&d->y, l, too_many, (int64_t)max, 0, k->text, NULL);
		return 0;
	}
	return 1;
}

/* The deck (MS-SCN-PART-8): top first, at least one card. */
static int read_deck(ms_scenario_doc *d, const node *l, const node *k,
                     ms_participant *p)
{
	ms_card *cards;
	int c, ok = 1;
	size_t i = 0;

	if (!get_list(d, l, k, MS_SCN_MAX_DECK, MS_DIAG_TOO_MANY_CARDS))
		return 0;
	if (l->n == 0) {
		ut_yaml_diag_at(&d->y, l, MS_DIAG_EMPTY_DECK, 0, 0, NULL, NULL);
		return 0;
	}
	if (!(cards = ut_yaml_alloc(&d->y, l->n, sizeof(*cards))))
		return 0;
	for (c = l->first; c >= 0; c = at(d, c)->next, i++)
		ok &= get_card(d, at(d, c), &cards[i]);
	p->deck = cards;
	p->ndeck = l->n;
	return ok;
}

/* The 衣装 of a caster (MS-SCN-PART-5): マナ変換力 each ≥ 1. */
static int read_outfits(ms_scenario_doc *d, const node *l, const node *k,
                        ms_participant *p, const char *name)
{
	int64_t *o;
	int c, ok = 1;
	size_t i = 0;

	if (!get_list(d, l, k, MS_SCN_MAX_OUTFITS, MS_DIAG_TOO_MANY_OUTFITS))
		return 0;
	if (l->n == 0) {
		ut_yaml_diag_at(&d->y, l, MS_DIAG_CASTER_NO_OUTFITS, 0, 0, name, NULL);
		return 0;
	}
	if (!(o = ut_yaml_alloc(&d->y, l->n, sizeof(*o))))
		return 0;
	for (c = l->first; c >= 0; c = at(d, c)->next, i++)
		ok &= get_num(d, at(d, c), k, 1, MS_SCN_NUMBER_MAX, &o[i]);
	p->outfits = o;
	p->noutfits = l->n;
	return ok;
}

#define V(k) at(d, val[k])
#define K(k) at(d, kl[k])

/* MS-SCN-PART-1: name, side, role are required (each missing one reported
 * on the mapping m); threshold defaults to D1's 7.  *shown becomes the
 * name, *name_at its node; *side and *role (-1 until read) what could be
 * read; the name is ut_yaml_text's, which refuses a control character
 * (MS-SCN-VAL-7).  MS-SCN-VAL-2: 魔法剣士 is a warrior (D7.11).  Returns 1
 * when all four were read. */
static int part_required(ms_scenario_doc *d, const node *m, const int *val,
                         const int *kl, ms_participant *p, const char **shown,
                         const node **name_at, int *side, int *role)
{
	int ok = 1, w;

	if (val[SC_PKEY_NAME] < 0) {
		ut_yaml_diag_at(&d->y, m, UT_YAML_D_MISSING_KEY, 0, 0, "name", NULL);
		ok = 0;
	} else if (!(p->name = ut_yaml_text(&d->y, V(SC_PKEY_NAME)))) {
		ok = 0;
	} else {
		*shown = p->name;
		*name_at = V(SC_PKEY_NAME);
	}
	if (val[SC_PKEY_SIDE] < 0) {
		ut_yaml_diag_at(&d->y, m, UT_YAML_D_MISSING_KEY, 0, 0, "side", NULL);
		ok = 0;
	} else if ((w = ut_yaml_word(&d->y, V(SC_PKEY_SIDE), ms_sc_sides, 2,
	                             MS_VOCAB_SIDE)) < 0) {
		ok = 0;
	} else {
		p->side = *side = w;
	}
	if (val[SC_PKEY_ROLE] < 0) {
		ut_yaml_diag_at(&d->y, m, UT_YAML_D_MISSING_KEY, 0, 0, "role", NULL);
		ok = 0;
	} else if ((w = ut_yaml_word(&d->y, V(SC_PKEY_ROLE), ms_sc_roles, SC_NROLES,
	                             MS_VOCAB_ROLE)) < 0) {
		ok = 0;
	} else {
		/* MS-SCN-VAL-2: 魔法剣士 is a warrior (D7.11) */
		*role = w == 0 ? MS_ROLE_CASTER : MS_ROLE_WARRIOR;
		p->role = (ms_role)*role;
	}
	/* MS-SCN-PART-1: threshold is D1's number with its default 7 */
	if (val[SC_PKEY_THRESHOLD] < 0)
		p->threshold = MS_D1_THRESHOLD;
	else
		ok &= get_num(d, V(SC_PKEY_THRESHOLD), K(SC_PKEY_THRESHOLD), 0, 13,
		              &p->threshold);
	return ok;
}

/* MS-SCN-PART-3, MS-SCN-PART-8: the keys with a default: suit, policy,
 * deck.  Returns 1 when those given were read. */
static int part_optional(ms_scenario_doc *d, const int *val, const int *kl,
                         ms_participant *p)
{
	int ok = 1, w;

	if (val[SC_PKEY_SUIT] >= 0) {
		if ((w = ut_yaml_word(&d->y, V(SC_PKEY_SUIT), ms_sc_suits, SC_NSUITS,
		                      MS_VOCAB_SUIT)) < 0)
			ok = 0;
		else
			p->suit = w == 4 ? MS_SUIT_NONE : w;
	}
	if (val[SC_PKEY_POLICY] >= 0) {
		if ((w = ut_yaml_word(&d->y, V(SC_PKEY_POLICY), ms_sc_policies, 3,
		                      MS_VOCAB_POLICY)) < 0)
			ok = 0;
		else
			p->policy = ms_scenario_policies[w];
	}
	if (val[SC_PKEY_DECK] >= 0)
		ok &= read_deck(d, V(SC_PKEY_DECK), K(SC_PKEY_DECK), p);
	return ok;
}

/* MS-SCN-PART-4, MS-SCN-PART-5, MS-SCN-PART-6, MS-SCN-PART-7: the keys of
 * one role: a caster has mp and outfits (D1's defaults 3 and [3, 2] when
 * left out) and no hp, a warrior hp (default 10) and no mp or outfits;
 * with the role unknown (-1) only the values are read.  Returns 1 when
 * all is well. */
static int part_role_keys(ms_scenario_doc *d, const int *val, const int *kl,
                          ms_participant *p, const char *shown, int role)
{
	int ok = 1;

	/* MS-SCN-PART-6: a warrior has no MP and no 衣装, a caster no HP */
	if (val[SC_PKEY_MP] >= 0) {
		if (role == MS_ROLE_WARRIOR) {
			ut_yaml_diag_at(&d->y, K(SC_PKEY_MP), MS_DIAG_NOT_FOR_WARRIOR,
			                0, 0, K(SC_PKEY_MP)->text, NULL);
			ok = 0;
		} else {
			ok &= get_num(d, V(SC_PKEY_MP), K(SC_PKEY_MP), 0,
			              MS_SCN_NUMBER_MAX, &p->mp);
		}
	} else if (role == MS_ROLE_CASTER) { /* MS-SCN-PART-4 */
		p->mp = MS_D1_MP;
	}
	if (val[SC_PKEY_OUTFITS] >= 0) {
		if (role == MS_ROLE_WARRIOR) {
			ut_yaml_diag_at(&d->y, K(SC_PKEY_OUTFITS),
			                MS_DIAG_NOT_FOR_WARRIOR, 0, 0,
			                K(SC_PKEY_OUTFITS)->text, NULL);
			ok = 0;
		} else {
			ok &= read_outfits(d, V(SC_PKEY_OUTFITS), K(SC_PKEY_OUTFITS), p,
			                   shown);
		}
	} else if (role == MS_ROLE_CASTER) { /* MS-SCN-PART-5 */
		p->outfits = ms_d1_outfits;
		p->noutfits = MS_D1_NOUTFITS;
	}
	if (val[SC_PKEY_HP] >= 0) {
		if (role == MS_ROLE_CASTER) {
			ut_yaml_diag_at(&d->y, K(SC_PKEY_HP), MS_DIAG_NOT_FOR_CASTER,
			                0, 0, K(SC_PKEY_HP)->text, NULL);
			ok = 0;
		} else {
			ok &= get_num(d, V(SC_PKEY_HP), K(SC_PKEY_HP), 1,
			              MS_SCN_NUMBER_MAX, &p->hp);
		}
	} else if (role == MS_ROLE_WARRIOR) { /* MS-SCN-PART-7 */
		p->hp = MS_D1_HP;
	}
	return ok;
}

#undef V
#undef K

/*
 * A participant (MS-SCN-PART-1, MS-SCN-PART-2, MS-SCN-PART-3, MS-SCN-PART-4,
 * MS-SCN-PART-5, MS-SCN-PART-6, MS-SCN-PART-7, MS-SCN-PART-8): the
 * required keys, those with a default, then those of its role, in that
 * order (so are the diagnostics).  Returns 1 when it is whole; *sides gets
 * bit side when it is a warrior of a known side, bit 2 when its side or
 * role could not be read (MS-SCN-TOP-3 then claims no side lacks one);
 * *name_at the node of the name's value (NULL when there is no name);
 * side_at[w], when still NULL and its side w was read, the node of that
 * side's value (where MS-SCN-TOP-3 says side w has no warrior).
 */
static int read_participant(ms_scenario_doc *d, const node *m,
                            ms_participant *p, int *sides,
                            const node **name_at, const node **side_at)
{
	int val[SC_PKEY_COUNT], kl[SC_PKEY_COUNT], ok, role = -1, side = -1;
	const char *shown = "?";

	ms_participant_init(p);
	*name_at = NULL;
	p->policy = ms_scenario_policies[0];
	if (m->type != UT_YAML_MAP) {
		ut_yaml_wrong_type(&d->y, m, UT_YAML_WANT_MAPPING);
		*sides |= 4;
		return 0;
	}
	ut_yaml_keys(&d->y, m, ms_sc_participant_keys, SC_PKEY_COUNT, val, kl);
	ok = part_required(d, m, val, kl, p, &shown, name_at, &side, &role);
	ok &= part_optional(d, val, kl, p);
	ok &= part_role_keys(d, val, kl, p, shown, role);
	if (side >= 0 && !side_at[side])
		side_at[side] = at(d, val[SC_PKEY_SIDE]);
	if (role < 0 || side < 0)
		*sides |= 4;
	else if (role == MS_ROLE_WARRIOR)
		*sides |= 1 << p->side;
	return ok;
}

/* The top level (MS-SCN-TOP-1, MS-SCN-TOP-2, MS-SCN-TOP-3). */
static void read_scenario(ms_scenario_doc *d, int root)
{
	const node *r = at(d, root), *l;
	int val[SC_TKEY_COUNT], kl[SC_TKEY_COUNT], ok = 1, sides = 0, w, b, c;
	const node **names, *side_at[2] = {NULL, NULL};
	size_t i = 0, j, n;

	ms_scenario_init(&d->sc);
	if (r->type != UT_YAML_MAP) {
		ut_yaml_wrong_type(&d->y, r, UT_YAML_WANT_MAPPING);
		return;
	}
	ut_yaml_keys(&d->y, r, ms_sc_top_keys, SC_TKEY_COUNT, val, kl);
#define V(k) at(d, val[k])
#define K(k) at(d, kl[k])
	/* MS-SCN-TOP-2: D1's numbers, their defaults and ranges */
	/* MS-SCN-LIMIT-1: battles × rounds_per_battle bounds a duel */
	if (val[SC_TKEY_BATTLES] >= 0)
		ok &= get_num(d, V(SC_TKEY_BATTLES), K(SC_TKEY_BATTLES), 1,
		              MS_SCN_BATTLES_MAX, &d->sc.battles);
	if (val[SC_TKEY_ROUNDS] >= 0)
		ok &= get_num(d, V(SC_TKEY_ROUNDS), K(SC_TKEY_ROUNDS), 1,
		              MS_SCN_ROUNDS_MAX, &d->sc.rounds_per_battle);
	if (val[SC_TKEY_HAND] >= 0)
		ok &= get_num(d, V(SC_TKEY_HAND), K(SC_TKEY_HAND), 0,
		              MS_SCN_NUMBER_MAX, &d->sc.hand_size);
	if (val[SC_TKEY_MATCH] >= 0) {
		if ((w = ut_yaml_word(&d->y, V(SC_TKEY_MATCH), ms_sc_matches, 2,
		                      MS_VOCAB_MATCH)) < 0)
			ok = 0;
		else
			d->sc.storm_match = (ms_storm_match)w;
	}
	if (val[SC_TKEY_SHUFFLE] >= 0) {
		if (ut_yaml_bool(&d->y, V(SC_TKEY_SHUFFLE), &b))
			d->sc.shuffle = b;
		else
			ok = 0;
	}
	/* MS-SCN-TOP-1: participants is required */
	if (val[SC_TKEY_PARTICIPANTS] < 0) {
		ut_yaml_diag_at(&d->y, r, UT_YAML_D_MISSING_KEY, 0, 0, "participants",
		                NULL);
		return;
	}
	l = V(SC_TKEY_PARTICIPANTS);
	if (ut_yaml_is_null(l)) {
		n = 0;
	} else if (!get_list(d, l, K(SC_TKEY_PARTICIPANTS),
	                     MS_SCN_MAX_PARTICIPANTS, MS_DIAG_TOO_MANY)) {
		return;
	} else {
		n = l->n;
	}
#undef V
#undef K
	d->ps = ut_yaml_alloc(&d->y, n, sizeof(*d->ps));
	names = ut_yaml_alloc(&d->y, n, sizeof(*names));
	if (!d->ps || !names)
		return;
	for (c = n ? l->first : -1; c >= 0; c = at(d, c)->next, i++) {
		ms_participant *p = &d->ps[i];
		const node *pm = at(d, c);
		ok &= read_participant(d, pm, p, &sides, &names[i], side_at);
		if (!p->name)
			continue;
		/* MS-SCN-PART-2: names are unique (at most 1000: a square is
		 * cheap) */
		for (j = 0; j < i; j++)
			if (d->ps[j].name && names[j] &&
			    strcmp(d->ps[j].name, p->name) == 0) {
				ut_yaml_diag_at(&d->y, names[i], MS_DIAG_DUPLICATE_NAME,
				                names[j]->line, 0, p->name, NULL);
				ok = 0;
				break;
			}
	}
	/* MS-SCN-TOP-3: each side has a warrior (D7.11); participants whose
	 * side or role could not be read give the benefit of the doubt.  The
	 * error is at the side of the side's first participant; when the side
	 * has none, at the participants key (not at the first participant,
	 * which is of the other side), or at the list itself when it is
	 * empty */
	if (!(sides & 4)) {
		for (w = 0; w < 2; w++)
			if (!(sides & 1 << w)) {
				ut_yaml_diag_at(&d->y, side_at[w] ? side_at[w]
				                : n ? at(d, kl[SC_TKEY_PARTICIPANTS]) : l,
				                MS_DIAG_NO_WARRIOR, 0, 0,
				                ms_sc_sides[w].en, NULL);
				ok = 0;
			}
	}
	d->sc.participants = d->ps;
	d->sc.nparticipants = n;
	d->ok = ok;
}

/* ---------------------------------------------------------------- API */

int ms_scenario_parse(ms_scenario_doc **out, const char *text, size_t len,
                      const ms_parse_opts *opts)
{
	ms_parse_opts def = MS_PARSE_OPTS_INIT;
	ut_yaml_limits lim = {0, 0};
	ms_scenario_doc *d;

	if (!out)
		return ut_error_set(UT_EINVALID, "ms_scenario_parse: out is NULL");
	*out = NULL;
	if (!text && len)
		return ut_error_set(UT_EINVALID, "ms_scenario_parse: text is NULL");
	if (!opts)
		opts = &def;
	if (opts->version != MS_PARSE_OPTS_VERSION)
		return ut_error_set(UT_EINVALID, "ms_parse_opts: version %u, want %u",
		                    opts->version, MS_PARSE_OPTS_VERSION);
	if (!(d = calloc(1, sizeof(*d))))
		return ut_error_set(UT_ENOMEM, "out of memory");
	lim.max_diags = opts->max_diags ? opts->max_diags : 1;
	if (ut_yaml_doc_read(&d->y, text, len, &lim) < 0) {
		free(d);
		return UT_ENOMEM;
	}
	d->file = ut_yaml_own(&d->y, opts->file ? opts->file : "",
	                      opts->file ? strlen(opts->file) : 0);
	if (d->y.root >= 0 && !d->y.nomem)
		read_scenario(d, d->y.root);
	if (d->y.nomem || ut_yaml_doc_finish(&d->y) < 0) {
		ms_scenario_doc_free(d);
		return ut_error_set(UT_ENOMEM, "out of memory");
	}
	if (d->y.nerrors)
		d->ok = 0;
	*out = d;
	return 0;
}

void ms_scenario_doc_free(ms_scenario_doc *d)
{
	if (!d)
		return;
	ut_yaml_doc_free(&d->y);
	free(d);
}

const ms_scenario *ms_scenario_doc_scenario(const ms_scenario_doc *d)
{
	return d && d->ok ? &d->sc : NULL;
}

const char *ms_scenario_doc_file(const ms_scenario_doc *d)
{
	return d->file;
}

size_t ms_scenario_doc_diag_count(const ms_scenario_doc *d)
{
	return d->y.ndiags;
}

size_t ms_scenario_doc_error_count(const ms_scenario_doc *d)
{
	return d->y.nerrors;
}

const ms_diag *ms_scenario_doc_diag(const ms_scenario_doc *d, size_t i)
{
	return i < d->y.ndiags ? &d->y.diags[i] : NULL;
}

const char *ms_scenario_doc_source_line(const ms_scenario_doc *d,
                                        uint32_t line, size_t *len)
{
	return ut_yaml_doc_line(&d->y, line, len);
}
