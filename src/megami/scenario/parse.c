/*
 * parse.c - mg_scenario_parse: a scenario file in YAML (M1, M8.1) into an
 * mg_scenario, with every problem located (docs/MEGAMI.md "Scenarios").
 *
 * Three phases, each reporting all it finds (up to opts.max_diags kept):
 *   1. the bytes: UTF-8 (MG-SCN-IN-1), tabs in indentation (MG-SCN-IN-2);
 *      any error here stops the reading;
 *   2. the YAML: a small tree of scalars, mappings and lists with the line
 *      and column of each node; a syntax error stops the reading; anchors,
 *      aliases, tags and a second document are errors (MG-SCN-YAML-1,
 *      MG-SCN-YAML-2, MG-SCN-YAML-3, MG-SCN-YAML-4, MG-SCN-YAML-5,
 *      MG-SCN-YAML-6);
 *   3. the scenario: the tree is walked with the key tables of vocab.c.
 * Phases 1 and 2, the value and key checks and the order of the
 * diagnostics are util_yaml's (util/yaml.h), shared with the other YAML
 * inputs of the project; this file is the format.
 */
#include <stdlib.h>
#include <string.h>

#include "sc_int.h"
#include "util/error.h"
#include "util/hash.h"

struct mg_scenario_doc {
	ut_yaml_doc y;     /* the text, its lines, the tree, the diagnostics */
	char *file;
	mg_diag *diags;    /* y's, with megami's codes (mg_diag_code) */
	mg_scenario sc;
	mg_character *chars;
	mg_character_src *srcs;
	int ok;
};

typedef ut_yaml_node node;

/* MG-SCN-LIMIT-1: names are util_yaml's (ut_yaml_text) */
_Static_assert(MG_SCN_NAME_MAX == UT_YAML_NAME_MAX,
               "the name limit of megami/scenario.h is util_yaml's");

/* megami's own diagnostics, after util's (sc_int.h SC_D); texts copied */
static void diag(mg_scenario_doc *d, int code, uint32_t line, uint32_t col,
                 int64_t a, int64_t b, const char *s1, const char *s2)
{
	ut_yaml_diag_add(&d->y, code, line, col, a, b, s1, s2);
}

static void diag_at(mg_scenario_doc *d, const node *n, int code, int64_t a,
                    int64_t b, const char *s1, const char *s2)
{
	ut_yaml_diag_at(&d->y, n, code, a, b, s1, s2);
}

static void *own_mem(mg_scenario_doc *d, size_t n, size_t size)
{
	return ut_yaml_alloc(&d->y, n, size);
}

static void wrong_type(mg_scenario_doc *d, const node *n, int want)
{
	ut_yaml_wrong_type(&d->y, n, want);
}

/* An integer (MG-SCN-VAL-1: util_yaml's plain decimal). */
static int get_int(mg_scenario_doc *d, const node *n, int64_t *v)
{
	return ut_yaml_int(&d->y, n, v);
}

/* The lowest value of MG-SCN-LIMIT-2, as the range error writes it. */
#define NUMBER_MIN_TEXT "-1000000000000"
_Static_assert(MG_SCN_NUMBER_MAX == INT64_C(1000000000000),
               "NUMBER_MIN_TEXT is -MG_SCN_NUMBER_MAX");

/* A number of the scenario (MG-SCN-LIMIT-2): an integer within
 * ±MG_SCN_NUMBER_MAX, else an error at the value naming the key as written
 * (the node at index `key`) and the values it may take: from `lo` (the
 * key's own lowest, as text: hp's 1, range's 0; NULL: -MG_SCN_NUMBER_MAX)
 * to MG_SCN_NUMBER_MAX (GM review D3: hp's advice was -10^12).  Returns 1
 * when it is read and within. */
static int get_num_from(mg_scenario_doc *d, int key, const node *n,
                        int64_t *v, const char *lo)
{
	if (!get_int(d, n, v))
		return 0;
	if (*v >= -MG_SCN_NUMBER_MAX && *v <= MG_SCN_NUMBER_MAX)
		return 1;
	diag_at(d, n, SC_D_NUMBER_RANGE, *v, MG_SCN_NUMBER_MAX,
	        key >= 0 ? d->y.nodes[key].text : "?",
	        lo ? lo : NUMBER_MIN_TEXT);
	return 0;
}

static int get_num(mg_scenario_doc *d, int key, const node *n, int64_t *v)
{
	return get_num_from(d, key, n, v, NULL);
}

/* A boolean (MG-SCN-VAL-2: util_yaml's true/false, the YAML 1.1 words
 * refused). */
static int get_bool(mg_scenario_doc *d, const node *n, int *v)
{
	return ut_yaml_bool(&d->y, n, v);
}

/* A name (MG-SCN-VAL-4: util_yaml's text, not empty; its length
 * MG-SCN-LIMIT-1; MG-SCN-VAL-7: no control character). */
static const char *get_text(mg_scenario_doc *d, const node *n)
{
	return ut_yaml_text(&d->y, n);
}

/* One value of a vocabulary (MG-SCN-VAL-3); -1 after a diagnostic. */
static int get_word(mg_scenario_doc *d, const node *n, int vocab)
{
	size_t nn;
	const sc_name *names = mg_sc_vocab(vocab, &nn);

	return ut_yaml_word(&d->y, n, names, nn, vocab);
}

/* MG-SCN-KEY-1, MG-SCN-KEY-2, MG-SCN-KEY-3: util_yaml's key walk (text keys,
 * known, once in either spelling). */
static void walk_keys(mg_scenario_doc *d, const node *m, const sc_name *keys,
                      size_t nk, int *val, int *kloc)
{
	ut_yaml_keys(&d->y, m, keys, nk, val, kloc);
}

static mg_src_loc loc_of(const node *n)
{
	mg_src_loc l;
	l.line = n->line;
	l.col = n->col;
	return l;
}

static void missing(mg_scenario_doc *d, const node *m, const char *key)
{
	diag_at(d, m, UT_YAML_D_MISSING_KEY, 0, 0, key, NULL);
}

/* ---------------------------------------------------------------- scenario */

/*
 * An attack (M1, M8.1; MG-SCN-ATK-1): required name and damage; kind
 * physical, check accuracy, no attributes, range 0, area single, timing
 * normal by default.  Returns 1 when it is whole.
 */
static int read_attack(mg_scenario_doc *d, const node *m, mg_attack *a,
                       mg_attack_src *src)
{
	int val[MG_AKEY_COUNT], kl[MG_AKEY_COUNT], ok = 1, w;
	size_t k;

	mg_attack_init(a);
	src->at = loc_of(m);
	if (m->type != UT_YAML_MAP) {
		wrong_type(d, m, UT_YAML_WANT_MAPPING);
		return 0;
	}
	walk_keys(d, m, mg_sc_attack_keys, MG_AKEY_COUNT, val, kl);
	for (k = 0; k < MG_AKEY_COUNT; k++)
		if (kl[k] >= 0)
			src->key[k] = loc_of(&d->y.nodes[kl[k]]);
	if (val[MG_AKEY_NAME] < 0) {
		missing(d, m, "name");
		ok = 0;
	} else if (!(a->name = get_text(d, &d->y.nodes[val[MG_AKEY_NAME]]))) {
		ok = 0;
	}
	if (val[MG_AKEY_DAMAGE] < 0) {
		missing(d, m, "damage");
		ok = 0;
	} else {
		ok &= get_num(d, kl[MG_AKEY_DAMAGE], &d->y.nodes[val[MG_AKEY_DAMAGE]],
		              &a->damage);
	}
	if (val[MG_AKEY_KIND] >= 0) {
		if ((w = get_word(d, &d->y.nodes[val[MG_AKEY_KIND]], MG_VOCAB_KIND)) < 0)
			ok = 0;
		else
			a->kind = (mg_kind)w;
	}
	if (val[MG_AKEY_AREA] >= 0) {
		if ((w = get_word(d, &d->y.nodes[val[MG_AKEY_AREA]], MG_VOCAB_AREA)) < 0)
			ok = 0;
		else
			a->area = (mg_area)w;
	}
	if (val[MG_AKEY_TIMING] >= 0) {
		if ((w = get_word(d, &d->y.nodes[val[MG_AKEY_TIMING]],
		                  MG_VOCAB_TIMING)) < 0)
			ok = 0;
		else
			a->timing = (mg_timing)w;
	}
	if (val[MG_AKEY_CHECK] >= 0) {
		/* MG-SCN-ATK-2: a stat name or an integer */
		const node *c = &d->y.nodes[val[MG_AKEY_CHECK]];
		if (c->type == UT_YAML_SCALAR && ut_yaml_looks_numeric(c->text)) {
			a->check_stat = -1;
			ok &= get_num(d, kl[MG_AKEY_CHECK], c, &a->check_value);
		} else if (c->type != UT_YAML_SCALAR || ut_yaml_is_null(c)) {
			wrong_type(d, c, SC_WANT_CHECK);
			ok = 0;
		} else if ((w = get_word(d, c, MG_VOCAB_STAT)) < 0) {
			ok = 0;
		} else {
			a->check_stat = w;
		}
	}
	if (val[MG_AKEY_RANGE] >= 0) {
		const node *r = &d->y.nodes[val[MG_AKEY_RANGE]];
		if (!get_num_from(d, kl[MG_AKEY_RANGE], r, &a->range, "0")) {
			ok = 0;
		} else if (a->range < 0) { /* MG-SCN-ATK-3 */
			diag_at(d, r, SC_D_RANGE_NEGATIVE, a->range, 0, NULL, NULL);
			ok = 0;
		}
	}
	if (val[MG_AKEY_ATTRIBUTES] >= 0) {
		/* MG-SCN-ATK-4: a list of attributes, each once; null = none */
		const node *l = &d->y.nodes[val[MG_AKEY_ATTRIBUTES]];
		int first_col[MG_ATTR_COUNT];
		int c;
		if (l->type == UT_YAML_SEQ) {
			for (c = l->first; c >= 0; c = d->y.nodes[c].next) {
				const node *e = &d->y.nodes[c];
				if ((w = get_word(d, e, MG_VOCAB_ATTRIBUTE)) < 0) {
					ok = 0;
				} else if (a->attributes & 1u << w) {
					diag_at(d, e, SC_D_DUPLICATE_ATTR, first_col[w], 0,
					        e->text, NULL);
					ok = 0;
				} else {
					a->attributes |= 1u << w;
					first_col[w] = (int)e->col;
				}
			}
		} else if (!ut_yaml_is_null(l)) {
			wrong_type(d, l, UT_YAML_WANT_LIST);
			ok = 0;
		}
	}
	return ok;
}

/* armor (MG-SCN-CHR-4): a mapping attribute → integer; null = {}
 * (MG-SCN-VAL-5). */
static int read_armor(mg_scenario_doc *d, const node *m, mg_character *ch)
{
	int val[MG_ATTR_COUNT], kl[MG_ATTR_COUNT], ok = 1;
	size_t k;

	if (ut_yaml_is_null(m))
		return 1;
	if (m->type != UT_YAML_MAP) {
		wrong_type(d, m, UT_YAML_WANT_MAPPING);
		return 0;
	}
	/* the keys are attribute names: unknown ones get MG_DIAG_UNKNOWN_KEY */
	walk_keys(d, m, mg_sc_attrs, MG_ATTR_COUNT, val, kl);
	for (k = 0; k < MG_ATTR_COUNT; k++)
		if (val[k] >= 0) {
			if (get_num(d, kl[k], &d->y.nodes[val[k]], &ch->armor[k]))
				ch->armor_listed |= 1u << k;
			else
				ok = 0;
		}
	return ok;
}

/* A character (M1, M8.1; MG-SCN-CHR-1, MG-SCN-CHR-2, MG-SCN-CHR-3,
 * MG-SCN-CHR-4, MG-SCN-CHR-5, MG-SCN-CHR-6, MG-SCN-CHR-7): what is not
 * written keeps the defaults of mg_character_init (MG-SCN-CHR-7).  Returns 1
 * when it is whole; *side_ok tells whether the side was read (for
 * MG-SCN-TOP-3), *name_at receives where the name's value is (for
 * MG-SCN-CHR-6).
 */
static int read_character(mg_scenario_doc *d, const node *m, mg_character *ch,
                          mg_character_src *src, int *side_ok,
                          mg_src_loc *name_at)
{
	int val[MG_CKEY_COUNT], kl[MG_CKEY_COUNT], ok = 1, w, hp_ok = 0;
	size_t k;
	static const int stat_key[MG_STAT_COUNT] = {
		[MG_STAT_INITIATIVE] = MG_CKEY_INITIATIVE,
		[MG_STAT_ACCURACY] = MG_CKEY_ACCURACY,
		[MG_STAT_EVASION] = MG_CKEY_EVASION,
		[MG_STAT_RESISTANCE] = MG_CKEY_RESISTANCE,
	};

	mg_character_init(ch);
	ch->name = NULL;
	*side_ok = 0;
	src->at = loc_of(m);
	if (m->type != UT_YAML_MAP) {
		wrong_type(d, m, UT_YAML_WANT_MAPPING);
		return 0;
	}
	walk_keys(d, m, mg_sc_character_keys, MG_CKEY_COUNT, val, kl);
	for (k = 0; k < MG_CKEY_COUNT; k++)
		if (kl[k] >= 0)
			src->key[k] = loc_of(&d->y.nodes[kl[k]]);
	/* MG-SCN-CHR-1: name, side, hp are required */
	if (val[MG_CKEY_NAME] < 0) {
		missing(d, m, "name");
		ok = 0;
	} else {
		*name_at = loc_of(&d->y.nodes[val[MG_CKEY_NAME]]);
		if (!(ch->name = get_text(d, &d->y.nodes[val[MG_CKEY_NAME]])))
			ok = 0;
	}
	if (val[MG_CKEY_SIDE] < 0) {
		missing(d, m, "side");
		ok = 0;
	} else if ((w = get_word(d, &d->y.nodes[val[MG_CKEY_SIDE]],
	                         MG_VOCAB_SIDE)) < 0) {
		ok = 0;
	} else {
		ch->side = (mg_side)w;
		*side_ok = 1;
	}
	if (val[MG_CKEY_HP] < 0) {
		missing(d, m, "hp");
		ok = 0;
	} else if (!get_num_from(d, kl[MG_CKEY_HP], &d->y.nodes[val[MG_CKEY_HP]],
	                         &ch->hp, "1")) {
		ok = 0;
	} else if (ch->hp < 1) { /* MG-SCN-CHR-2 */
		diag_at(d, &d->y.nodes[val[MG_CKEY_HP]], SC_D_HP_TOO_LOW, ch->hp,
		        0, NULL, NULL);
		ok = 0;
	} else {
		hp_ok = 1;
	}
	ch->hp_now = ch->hp;
	if (val[MG_CKEY_HP_NOW] >= 0) {
		const node *h = &d->y.nodes[val[MG_CKEY_HP_NOW]];
		if (!get_num(d, kl[MG_CKEY_HP_NOW], h, &ch->hp_now)) {
			ok = 0;
		} else if (hp_ok && ch->hp_now > ch->hp) { /* MG-SCN-CHR-3 */
			diag_at(d, h, SC_D_HP_NOW_OVER, ch->hp_now, ch->hp, NULL,
			        NULL);
			ok = 0;
		}
	}
	for (k = 0; k < MG_STAT_COUNT; k++)
		if (val[stat_key[k]] >= 0)
			ok &= get_num(d, kl[stat_key[k]],
			              &d->y.nodes[val[stat_key[k]]], &ch->stat[k]);
	if (val[MG_CKEY_POSITION] >= 0)
		ok &= get_num(d, kl[MG_CKEY_POSITION],
		              &d->y.nodes[val[MG_CKEY_POSITION]], &ch->position);
	if (val[MG_CKEY_FINISH] >= 0)
		ok &= get_bool(d, &d->y.nodes[val[MG_CKEY_FINISH]], &ch->finish);
	ch->enters = 1;
	if (val[MG_CKEY_ENTERS] >= 0) {
		/* MG-SCN-CHR-8 MG-ENTER-1: a round from 1 to the round
		 * limit (read before the characters; the most there is when
		 * it is wrong) */
		const node *e = &d->y.nodes[val[MG_CKEY_ENTERS]];
		int64_t lim = d->sc.round_limit >= 1 &&
		              d->sc.round_limit <= MG_SCN_ROUND_LIMIT_MAX
		              ? d->sc.round_limit : MG_SCN_ROUND_LIMIT_MAX;
		if (!get_int(d, e, &ch->enters)) {
			ok = 0;
		} else if (ch->enters < 1 || ch->enters > lim) {
			diag_at(d, e, SC_D_NUMBER_RANGE, ch->enters, lim,
			        d->y.nodes[kl[MG_CKEY_ENTERS]].text, "1");
			ok = 0;
		}
	}
	if (val[MG_CKEY_ARMOR] >= 0)
		ok &= read_armor(d, &d->y.nodes[val[MG_CKEY_ARMOR]], ch);
	if (val[MG_CKEY_ATTACKS] >= 0) {
		/* MG-SCN-CHR-5: a list of attacks; null = none */
		const node *l = &d->y.nodes[val[MG_CKEY_ATTACKS]];
		if (l->type == UT_YAML_SEQ && l->n > MG_SCN_MAX_ATTACKS) {
			/* MG-SCN-LIMIT-1: not read further */
			diag_at(d, l, SC_D_TOO_MANY, MG_SCN_MAX_ATTACKS, 0,
			        d->y.nodes[kl[MG_CKEY_ATTACKS]].text, NULL);
			ok = 0;
		} else if (l->type == UT_YAML_SEQ) {
			mg_attack *atk = own_mem(d, l->n, sizeof(*atk));
			mg_attack_src *as = own_mem(d, l->n, sizeof(*as));
			int c;
			size_t i = 0;
			if (!atk || !as)
				return 0;
			for (c = l->first; c >= 0; c = d->y.nodes[c].next, i++)
				ok &= read_attack(d, &d->y.nodes[c], &atk[i], &as[i]);
			ch->attacks = atk;
			ch->nattacks = l->n;
			src->attacks = as;
		} else if (!ut_yaml_is_null(l)) {
			wrong_type(d, l, UT_YAML_WANT_LIST);
			ok = 0;
		}
	}
	return ok;
}

/* A set of character names for MG-SCN-CHR-6 (open addressing, linear
 * probing, slots hold index + 1, 0 = free; nslots a power of two at least
 * twice the characters; FNV-1a, util/hash.h), so that 30000 characters
 * take no time. */
static size_t name_find(const size_t *slots, size_t nslots,
                        const mg_character *chars, const char *name)
{
	size_t k = ut_fnv1a_str(name) & (nslots - 1);

	for (; slots[k]; k = (k + 1) & (nslots - 1))
		if (strcmp(chars[slots[k] - 1].name, name) == 0)
			return slots[k] - 1;
	return SIZE_MAX;
}

static void name_put(size_t *slots, size_t nslots, const mg_character *chars,
                     size_t i)
{
	size_t k = ut_fnv1a_str(chars[i].name) & (nslots - 1);

	while (slots[k])
		k = (k + 1) & (nslots - 1);
	slots[k] = i + 1;
}

/* The top level (MG-SCN-TOP-1, MG-SCN-TOP-2, MG-SCN-TOP-3). */
static void read_scenario(mg_scenario_doc *d, int root)
{
	const node *r = &d->y.nodes[root];
	int val[SC_TKEY_COUNT], kl[SC_TKEY_COUNT], ok = 1, sides = 0;
	const node *l;
	size_t i = 0;
	int c;
	mg_src_loc *name_at; /* where each name's value is */
	size_t *names, nslots; /* the names seen: a set of character indexes */

	d->sc.round_limit = 20;
	if (r->type != UT_YAML_MAP) {
		wrong_type(d, r, UT_YAML_WANT_MAPPING);
		return;
	}
	walk_keys(d, r, mg_sc_top_keys, SC_TKEY_COUNT, val, kl);
	if (val[SC_TKEY_ROUND_LIMIT] >= 0) {
		const node *n = &d->y.nodes[val[SC_TKEY_ROUND_LIMIT]];
		if (!get_int(d, n, &d->sc.round_limit)) {
			ok = 0;
		} else if (d->sc.round_limit < 1) { /* MG-SCN-TOP-2 */
			diag_at(d, n, SC_D_ROUND_LIMIT, d->sc.round_limit, 0, NULL,
			        NULL);
			ok = 0;
		} else if (d->sc.round_limit > MG_SCN_ROUND_LIMIT_MAX) {
			/* MG-SCN-LIMIT-1 */
			diag_at(d, n, SC_D_ROUND_LIMIT_HIGH, d->sc.round_limit,
			        MG_SCN_ROUND_LIMIT_MAX, NULL, NULL);
			ok = 0;
		}
	}
	if (val[SC_TKEY_CHARACTERS] < 0) { /* MG-SCN-TOP-1 */
		missing(d, r, "characters");
		return;
	}
	l = &d->y.nodes[val[SC_TKEY_CHARACTERS]];
	if (l->type != UT_YAML_SEQ && !ut_yaml_is_null(l)) {
		wrong_type(d, l, UT_YAML_WANT_LIST);
		return;
	}
	if (l->type == UT_YAML_SEQ && l->n > MG_SCN_MAX_CHARACTERS) {
		/* MG-SCN-LIMIT-1: not read further */
		diag_at(d, l, SC_D_TOO_MANY, MG_SCN_MAX_CHARACTERS, 0,
		        d->y.nodes[kl[SC_TKEY_CHARACTERS]].text, NULL);
		return;
	}
	d->chars = own_mem(d, l->type == UT_YAML_SEQ ? l->n : 0, sizeof(*d->chars));
	d->srcs = own_mem(d, l->type == UT_YAML_SEQ ? l->n : 0, sizeof(*d->srcs));
	name_at = own_mem(d, l->type == UT_YAML_SEQ ? l->n : 0, sizeof(*name_at));
	nslots = 16;
	while (l->type == UT_YAML_SEQ && nslots < 2 * l->n)
		nslots *= 2;
	names = own_mem(d, nslots, sizeof(*names));
	if (!d->chars || !d->srcs || !name_at || !names)
		return;
	if (l->type == UT_YAML_SEQ)
		for (c = l->first; c >= 0; c = d->y.nodes[c].next, i++) {
			mg_character *ch = &d->chars[i];
			int side_ok;
			size_t j;
			ok &= read_character(d, &d->y.nodes[c], ch, &d->srcs[i], &side_ok,
			                     &name_at[i]);
			if (side_ok)
				sides |= 1 << ch->side;
			else
				sides |= 4; /* unknown: do not claim a side is missing */
			if (!ch->name)
				continue;
			/* MG-SCN-CHR-6 */
			if ((j = name_find(names, nslots, d->chars, ch->name)) != SIZE_MAX) {
				diag(d, SC_D_DUPLICATE_NAME, name_at[i].line,
				     name_at[i].col, name_at[j].line, 0, ch->name, NULL);
				ok = 0;
			} else {
				name_put(names, nslots, d->chars, i);
			}
		}
	/* MG-SCN-TOP-3: a PC and an NPC (sides not read are given the
	 * benefit of the doubt) */
	if (!(sides & 4)) {
		if (!(sides & 1 << MG_SIDE_PC)) {
			diag_at(d, l, SC_D_NO_PC, 0, 0, NULL, NULL);
			ok = 0;
		}
		if (!(sides & 1 << MG_SIDE_NPC)) {
			diag_at(d, l, SC_D_NO_NPC, 0, 0, NULL, NULL);
			ok = 0;
		}
	}
	d->sc.characters = d->chars;
	d->sc.ncharacters = l->type == UT_YAML_SEQ ? l->n : 0;
	d->ok = ok;
}

/* ---------------------------------------------------------------- API */

/* The diagnostics with megami's codes (MG-SCN-DIAG-2: util_yaml sorted
 * them in the order of the text and kept opts.max_diags). */
static void convert_diags(mg_scenario_doc *d)
{
	size_t i;

	if (!(d->diags = own_mem(d, d->y.ndiags, sizeof(*d->diags))))
		return;
	for (i = 0; i < d->y.ndiags; i++) {
		const ut_yaml_diag *u = &d->y.diags[i];
		mg_diag *g = &d->diags[i];
		g->code = mg_sc_mg_code(u->code);
		g->line = u->line;
		g->col = u->col;
		g->a = u->a;
		g->b = u->b;
		if (u->code == UT_YAML_D_WRONG_TYPE && u->a == SC_WANT_CHECK)
			g->a = MG_WANT_CHECK;
		g->s1 = u->s1;
		g->s2 = u->s2;
	}
}

int mg_scenario_parse(mg_scenario_doc **out, const char *text, size_t len,
                      const mg_parse_opts *opts)
{
	mg_parse_opts def = MG_PARSE_OPTS_INIT;
	/* at most 1048576 YAML values, as manastorm (speed review
	 * 2026-12-07: with --max-bytes raised, a 40 MB list under an unknown
	 * key took 1.96 GB to reject); the largest legal scenario, 100
	 * characters of 100 attacks, has well under 300000 */
	ut_yaml_limits lim = {0, 0};
	mg_scenario_doc *d;

	if (!out)
		return ut_error_set(UT_EINVALID, "mg_scenario_parse: out is NULL");
	*out = NULL;
	if (!text && len)
		return ut_error_set(UT_EINVALID, "mg_scenario_parse: text is NULL");
	if (!opts)
		opts = &def;
	if (opts->version != MG_PARSE_OPTS_VERSION)
		return ut_error_set(UT_EINVALID, "mg_parse_opts: version %u, want %u",
		                    opts->version, MG_PARSE_OPTS_VERSION);
	if (!(d = calloc(1, sizeof(*d))))
		return ut_error_set(UT_ENOMEM, "out of memory");
	lim.max_diags = opts->max_diags ? opts->max_diags : 1;
	/* MG-SCN-IN-1, MG-SCN-IN-2, MG-SCN-IN-3, MG-SCN-YAML-1, MG-SCN-YAML-2,
	 * MG-SCN-YAML-3, MG-SCN-YAML-4, MG-SCN-YAML-5, MG-SCN-YAML-6: the bytes
	 * and the YAML (util_yaml), a NUL in a string too (MG-SCN-VAL-6) */
	if (ut_yaml_doc_read(&d->y, text, len, &lim) < 0) {
		free(d);
		return UT_ENOMEM;
	}
	d->file = ut_yaml_own(&d->y, opts->file ? opts->file : "",
	                      opts->file ? strlen(opts->file) : 0);
	if (d->y.root >= 0 && !d->y.nomem)
		read_scenario(d, d->y.root);
	if (!d->y.nomem && ut_yaml_doc_finish(&d->y) == 0)
		convert_diags(d);
	if (d->y.nomem || !d->diags) {
		mg_scenario_doc_free(d);
		return ut_error_set(UT_ENOMEM, "out of memory");
	}
	if (d->y.nerrors)
		d->ok = 0;
	/* the reader's checks cover mg_scenario_check's (the fuzz target holds
	 * it to that; it is not called here: its name check is quadratic) */
	*out = d;
	return 0;
}

void mg_scenario_doc_free(mg_scenario_doc *d)
{
	if (!d)
		return;
	ut_yaml_doc_free(&d->y);
	free(d);
}

const mg_scenario *mg_scenario_doc_scenario(const mg_scenario_doc *d)
{
	return d && d->ok ? &d->sc : NULL;
}

const char *mg_scenario_doc_file(const mg_scenario_doc *d)
{
	return d->file;
}

size_t mg_scenario_doc_diag_count(const mg_scenario_doc *d)
{
	return d->y.ndiags;
}

size_t mg_scenario_doc_error_count(const mg_scenario_doc *d)
{
	return d->y.nerrors;
}

const mg_diag *mg_scenario_doc_diag(const mg_scenario_doc *d, size_t i)
{
	return i < d->y.ndiags ? &d->diags[i] : NULL;
}

const mg_character_src *mg_scenario_doc_character_src(const mg_scenario_doc *d,
                                                      size_t i)
{
	return d->ok && i < d->sc.ncharacters ? &d->srcs[i] : NULL;
}

const char *mg_scenario_doc_source_line(const mg_scenario_doc *d,
                                        uint32_t line, size_t *len)
{
	return ut_yaml_doc_line(&d->y, line, len);
}
