/*
 * json.c - a duel's result and events as one JSON object (docs/MANASTORM.md
 * "Duel", JSON log), with jansson, keys in the documented order.
 */
#include "manastorm/render.h"

#include <inttypes.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/error.h"
#include "util/json.h"
#include "render_int.h"

/* The fields each kind carries: a actor, t target, s side, c card, r
 * source, f flags, i index, v value, w value2, n count. */
static const struct {
	const char *type;
	const char *fields;
	const char *v, *w, *n, *i; /* the keys of value, value2, count, index */
} kinds[] = {
	[MS_EV_SHUFFLE] = {"shuffle", "avn", "step", NULL, "cards", NULL},
	[MS_EV_RESHUFFLE] = {"reshuffle", "an", NULL, NULL, "cards", NULL},
	[MS_EV_HAND] = {"hand", "an", NULL, NULL, "cards", NULL},
	[MS_EV_BATTLE] = {"battle", "", NULL, NULL, NULL, NULL},
	[MS_EV_ROUND] = {"round", "", NULL, NULL, NULL, NULL},
	[MS_EV_PASS] = {"pass", "av", "step", NULL, NULL, NULL},
	[MS_EV_ENCHANT] = {"enchant", "acrf", NULL, NULL, NULL, NULL},
	[MS_EV_MP] = {"mp", "avw", "before", "after", NULL, NULL},
	[MS_EV_OUTFIT] = {"outfit_lost", "avni", "power", NULL, "left", "index"},
	[MS_EV_HAPPENING] = {"happening", "acn", NULL, NULL, "cards", NULL},
	[MS_EV_FIELD] = {"field", "aci", NULL, NULL, NULL, "at"},
	[MS_EV_ATTACK] = {"attack", "atcrfi", NULL, NULL, NULL, "pointed"},
	[MS_EV_HP] = {"hp", "avw", "before", "after", NULL, NULL},
	[MS_EV_RIGHT_LOST] = {"right_lost", "a", NULL, NULL, NULL, NULL},
	[MS_EV_DISCARD] = {"discard", "ac", NULL, NULL, NULL, NULL},
	[MS_EV_ADVANTAGE] = {"advantage", "svwni", "gain", "total", "pair", "reason"},
	[MS_EV_GO_ON] = {"go_on", "a", NULL, NULL, NULL, NULL},
	[MS_EV_GIVE_UP] = {"give_up", "a", NULL, NULL, NULL, NULL},
	[MS_EV_DAMAGE] = {"damage", "stvnw", "damage", "hp", "hp_before", NULL},
	[MS_EV_STORM] = {"storm", "atn", NULL, NULL, "pair", NULL},
	[MS_EV_STORM_DRAW] = {"storm_draw", "acfi", NULL, NULL, NULL, "draw"},
	[MS_EV_STORM_VICTIM] = {"storm_victim", "atvi", "number", NULL, NULL, "next"},
	[MS_EV_STORM_REMOVE] = {"storm_remove", "an", NULL, NULL, "cards", NULL},
	[MS_EV_STORM_END] = {"storm_end", "i", NULL, NULL, NULL, "reason"},
	[MS_EV_EMOTION] = {"emotion", "", NULL, NULL, NULL, NULL},
	[MS_EV_DEFEATED] = {"defeated", "a", NULL, NULL, NULL, NULL},
	[MS_EV_BATTLE_END] = {"battle_end", "", NULL, NULL, NULL, NULL},
	/* end's "step" is an ms_end_step, not a step number (MS-LOG-2):
	 * 6 step 6, 4 a storm (rulings D4), 9 step 9, 10 all battles */
	[MS_EV_END] = {"end", "sv", "step", NULL, NULL, NULL},
};

static json_t *side_json(int side)
{
	return side < 0 ? json_null() : json_string(side ? "B" : "A");
}

static json_t *name_json(const ms_duel *d, int32_t i)
{
	return i < 0 ? json_null()
	             : json_string(ms_duel_scenario(d)->participants[i].name);
}

static json_t *event_json(const ms_duel *d, const ms_event *e)
{
	json_t *o = json_object();
	const char *f;
	char c[8];
	int bad = 0;

	if (!o)
		return NULL;
	bad |= ut_json_put(o, "type", json_string(kinds[e->kind].type));
	bad |= ut_json_put(o, "battle", json_integer(e->battle));
	bad |= ut_json_put(o, "round", json_integer(e->round));
	for (f = kinds[e->kind].fields; *f; f++) {
		switch (*f) {
		case 'a': bad |= ut_json_put(o, "who", name_json(d, e->actor)); break;
		case 't': bad |= ut_json_put(o, "target", name_json(d, e->target)); break;
		case 's': bad |= ut_json_put(o, e->kind == MS_EV_END ? "winner" : "side",
		                     side_json(e->side)); break;
		case 'c':
			/* a tied one that cannot draw: no card */
			bad |= ut_json_put(o, "card", e->flags & MS_F_NO_CARD ? json_null()
			           : json_string(ms_card_name(c, e->card, 0)));
			break;
		case 'r':
			bad |= ut_json_put(o, "from", json_string(e->source == MS_SRC_HAND ? "hand"
			                                  : e->source == MS_SRC_DECK ? "deck"
			                                  : "field"));
			break;
		case 'f':
			bad |= ut_json_put(o, "passes", json_boolean(e->flags & MS_F_PASSES));
			if (e->kind == MS_EV_ENCHANT) {
				bad |= ut_json_put(o, "same", json_boolean(e->flags & MS_F_SAME));
				bad |= ut_json_put(o, "held", json_boolean(e->flags & MS_F_HELD));
			} else if (e->kind == MS_EV_ATTACK) {
				bad |= ut_json_put(o, "match", json_boolean(e->flags & MS_F_MATCH));
				bad |= ut_json_put(o, "success", json_boolean(e->flags & MS_F_SUCCESS));
			}
			break;
		case 'i':
			if (e->kind == MS_EV_ATTACK && e->index < 0)
				bad |= ut_json_put(o, kinds[e->kind].i, json_null());
			else
				bad |= ut_json_put(o, kinds[e->kind].i, json_integer(e->index));
			break;
		case 'v': bad |= ut_json_put(o, kinds[e->kind].v, json_integer(e->value)); break;
		case 'w': bad |= ut_json_put(o, kinds[e->kind].w, json_integer(e->value2)); break;
		case 'n': bad |= ut_json_put(o, kinds[e->kind].n, json_integer(e->count)); break;
		}
	}
	if (e->kind == MS_EV_STORM_VICTIM && e->index == 0) {
		/* MS-STORM-6: what chose the first victim */
		bad |= ut_json_put(o, "highest", json_integer(e->count));
		bad |= ut_json_put(o, "draw_offs", json_integer(e->value2));
		bad |= ut_json_put(o, "seat", json_boolean(e->flags & MS_F_SEAT));
	}
	if (bad) {
		json_decref(o);
		return NULL;
	}
	return o;
}

/* MS-LOG-4: the cards event `kind` shows, kept with `hands` (cards NULL:
 * none kept), as the event's last key: "hand" (hand order) or "deck" (top
 * first), an array of cards ("S2"). */
static int cards_json(json_t *o, ms_event_kind kind, const ms_card *cards,
                      size_t n)
{
	char c[8];
	size_t k;
	json_t *a;
	int bad = 0;

	if (!cards)
		return 0;
	if (!(a = json_array()))
		return -1;
	for (k = 0; k < n && !bad; k++)
		bad |= json_array_append_new(a, json_string(ms_card_name(c, cards[k], 0)));
	if (bad) {
		json_decref(a);
		return -1;
	}
	return ut_json_put(o, kind == MS_EV_SHUFFLE || kind == MS_EV_RESHUFFLE ? "deck" : "hand",
	           a);
}

/* Append j to o as compact JSON, keys in order, reals as ut_json_real
 * writes them; j is released.  0, or UT_ENOMEM. */
static int put_json(ut_buf *o, json_t *j)
{
	char *text = j ? ut_json_dumps(j, JSON_COMPACT | JSON_PRESERVE_ORDER)
	               : NULL;
	int rc = 0;

	ut_json_short_reals(text);
	json_decref(j);
	if (!text || ut_buf_puts(o, text) < 0)
		rc = ut_error_set(UT_ENOMEM, "out of memory");
	free(text);
	return rc;
}

/* MS-LOG-2: one event as a JSON object, with the cards it shows
 * (MS-LOG-4). */
int ms_json_event(ut_buf *o, const ms_duel *d, const ms_event *e,
                  const ms_card *cards, size_t ncards)
{
	json_t *j = event_json(d, e);

	if (j && cards_json(j, e->kind, cards, ncards) < 0) {
		json_decref(j);
		j = NULL;
	}
	return put_json(o, j);
}

/* MS-LOG-2: the JSON log up to its events: its result, from the duel d
 * that has run (MS-LOG-5: with the error of a duel that stopped, error not
 * NULL), then "events":[ .  The events follow, a comma between two, then
 * MS_JSON_END. */
int ms_json_head(ut_buf *out, const ms_duel *d, const char *error)
{
	json_t *o = json_object(), *sides = json_array(), *ps = json_array();
	const ms_scenario *sc = ms_duel_scenario(d);
	ms_result r;
	char seed[24];
	size_t i;
	int bad = !o || !sides || !ps, s, rc;

	ms_duel_result(&r, d);
	snprintf(seed, sizeof(seed), "%" PRIu64, ms_duel_seed(d));
	for (s = 0; s < 2 && !bad; s++) {
		json_t *x = json_object();
		bad |= !x || json_array_append_new(sides, x);
		if (!bad) {
			bad |= ut_json_put(x, "side", side_json(s));
			bad |= ut_json_put(x, "defeated", json_integer(r.defeated[s]));
			bad |= ut_json_put(x, "damage", json_integer(r.damage[s]));
		}
	}
	for (i = 0; i < sc->nparticipants && !bad; i++) {
		ms_part_state p;
		json_t *x = json_object(), *out_ = json_array();
		size_t k;
		ms_duel_participant(&p, d, (uint32_t)i);
		/* x is ps's once appended (or released by the append that
		 * fails); before that, and out_ until added, they are ours */
		if (!x || !out_ || json_array_append_new(ps, x)) {
			if (!out_)
				json_decref(x);
			json_decref(out_);
			bad = 1;
			break;
		}
		bad |= ut_json_put(x, "name", json_string(p.name));
		bad |= ut_json_put(x, "side", side_json(p.side));
		bad |= ut_json_put(x, "role", json_string(p.role == MS_ROLE_CASTER ? "caster" : "warrior"));
		bad |= ut_json_put(x, "hp", p.role == MS_ROLE_CASTER ? json_null() : json_integer(p.hp));
		bad |= ut_json_put(x, "mp", p.role == MS_ROLE_CASTER ? json_integer(p.mp) : json_null());
		for (k = 0; k < p.noutfits && p.role == MS_ROLE_CASTER; k++)
			bad |= json_array_append_new(out_, json_integer(p.outfits[k]));
		bad |= ut_json_put(x, "outfits", out_);
	}
	if (!bad) {
		bad |= ut_json_put(o, "rng", json_string(UT_RNG_NAME));
		bad |= ut_json_put(o, "seed", json_string(seed));
		bad |= ut_json_put(o, "winner", side_json(error ? -1 : r.winner));
		bad |= ut_json_put(o, "battles", json_integer(r.battles));
		if (error)
			bad |= ut_json_put(o, "error", json_string(error));
		bad |= ut_json_put(o, "sides", sides);
		bad |= ut_json_put(o, "participants", ps);
		bad |= ut_json_put(o, "storms", json_integer(r.storms));
		bad |= ut_json_put(o, "happenings", json_integer(r.happenings));
		sides = ps = NULL;
	}
	json_decref(sides);
	json_decref(ps);
	if (bad) {
		json_decref(o);
		return ut_error_set(UT_ENOMEM, "out of memory");
	}
	/* the object's closing brace becomes the events' key and bracket */
	if ((rc = put_json(out, o)) < 0)
		return rc;
	if (out->len && out->ptr[out->len - 1] == '}')
		out->len--;
	return ut_buf_puts(out, ",\"events\":[") < 0
	       ? ut_error_set(UT_ENOMEM, "out of memory") : 0;
}

/* MS-LOG-2: the log as one JSON document; MS-LOG-4: with the hands and
 * deck orders of a log kept with `hands`; MS-LOG-5: with the error of a
 * duel that stopped (error not NULL). */
static int render_json(ut_buf *out, const ms_duel *d, const ms_log *log,
                       const char *error)
{
	const ms_card *c;
	size_t i, n;
	int rc = ms_json_head(out, d, error);

	for (i = 0; i < log->n && rc == 0; i++) {
		c = ms_log_cards(log, i, &n);
		if (i && ut_buf_puts(out, ",") < 0)
			rc = ut_error_set(UT_ENOMEM, "out of memory");
		else
			rc = ms_json_event(out, d, &log->ev[i], c, n);
	}
	if (rc == 0 && (ut_buf_puts(out, MS_JSON_END) < 0 || log->failed))
		rc = ut_error_set(UT_ENOMEM, "out of memory");
	return rc;
}

int ms_render_json_stopped(ut_buf *out, const ms_duel *d, const ms_log *log,
                           const char *error)
{
	int rc = ms_render_args("ms_render_json_stopped", out, d, log);

	return rc < 0 ? rc : render_json(out, d, log, error);
}

int ms_render_json(ut_buf *out, const ms_duel *d, const ms_log *log)
{
	int rc = ms_render_args("ms_render_json", out, d, log);

	return rc < 0 ? rc : render_json(out, d, log, NULL);
}
