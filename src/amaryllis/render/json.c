/*
 * json.c - the battle log as one JSON document, built with jansson.
 *
 * The document is streamed: `{"events":[` then one compact event object per
 * line as the battle goes, then the result keys (winner, draw, turns, sides,
 * …) when it ends.  Units are referred to by instance id "名前#k" (k = the
 * creation index over both sides), and listed per side with their name.
 * Events are written in the engine's order (AM-LOG-1).
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "log.h"

#include "util/error.h"
#include "util/json.h"

static const char *const state_keys[AM_STATE_COUNT] = {
	"poison", "stun", "guard", "reflect", "life"
};
static const char *const stat_keys[4] = {"hp", "atk", "def", "spd"};
static const char *const kind_names[] = {
	[AM_EV_TURN_BEGIN] = "turn",    [AM_EV_POISON] = "poison",
	[AM_EV_STEP_BEGIN] = "step",    [AM_EV_STUNNED] = "stunned",
	[AM_EV_ACTION] = "action",      [AM_EV_STAT] = "stat",
	[AM_EV_HEAL] = "heal",          [AM_EV_STATE_GAIN] = "state",
	[AM_EV_NO_TARGET] = "no_target", [AM_EV_REFLECT] = "reflect",
	[AM_EV_GUARD] = "guard",        [AM_EV_DAMAGE] = "damage",
	[AM_EV_FAIL] = "fail",          [AM_EV_LIFE] = "revival",
	[AM_EV_DEATH] = "death",        [AM_EV_TURN_END] = "turn_end",
	[AM_EV_END] = "end",            [AM_EV_BUILD] = "build",
	[AM_EV_HITS] = "hits",
};

/* "名前#k" as a new JSON string, or JSON null for no unit. */
static json_t *unit_id(const am_engine *e, int32_t id)
{
	char buf[32];
	const char *name;
	size_t len;
	char *s;
	json_t *j;

	if (id < 0)
		return json_null();
	name = am_log_unit_name(e, id);
	snprintf(buf, sizeof(buf), "#%" PRId32, id);
	len = strlen(name) + strlen(buf) + 1;
	s = malloc(len);
	if (!s)
		return NULL;
	snprintf(s, len, "%s%s", name, buf);
	j = json_string(s);
	free(s);
	return j;
}

/* Serialise j compactly onto the output after sep and release it: the
 * two in one append, so that the separator never goes in without its
 * event (the document stays JSON when the combat stops there). */
static int emit_json(am_log *log, const char *sep, json_t *j)
{
	char *s = j ? ut_json_dumps(j, JSON_COMPACT | JSON_PRESERVE_ORDER |
	                                JSON_ENSURE_ASCII * 0)
	            : NULL;

	ut_json_short_reals(s);

	json_decref(j);
	if (!s)
		return ut_error_set(AM_ENOMEM, "out of memory");
	ut_buf_printf(&log->out, "%s%s", sep, s);
	free(s);
	return log->out.failed ? ut_error_set(AM_ENOMEM, "out of memory") : 0;
}

/* One event object, in the order the engine reports them (AM-LOG-1); a
 * build's "position" is the number of units in front of the new unit, 0 at
 * the front (BU-PLACE-1). */
int am_json_event(am_log *log, const am_engine *e, const am_event *ev)
{
	json_t *o;
	int bad = 0;

	if (ev->kind == AM_EV_TURN_END || ev->kind == AM_EV_END)
		return 0; /* the turn and the result are in the other keys */
	o = json_object();
	if (!o)
		return ut_error_set(AM_ENOMEM, "out of memory");
	bad |= ut_json_put(o, "type", json_string(kind_names[ev->kind]));
	bad |= ut_json_put(o, "turn", json_integer(ev->turn));
	if (ev->step) /* events outside steps (turn start, poison) have none */
		bad |= ut_json_put(o, "step", json_integer((json_int_t)ev->step));
	if (ev->tempo)
		bad |= ut_json_put(o, "tempo", json_integer(ev->tempo));
	if (ev->actor >= 0)
		bad |= ut_json_put(o, "actor", unit_id(e, ev->actor));
	if (ev->action >= 0)
		bad |= ut_json_put(o, "action", json_string(am_log_action_name(
		                                 e, ev->actor, ev->action)));
	if (ev->target >= 0)
		bad |= ut_json_put(o, "target", unit_id(e, ev->target));
	switch (ev->kind) {
	case AM_EV_POISON:
	case AM_EV_DAMAGE:
		bad |= ut_json_put(o, "damage", json_integer(ev->value));
		bad |= ut_json_put(o, "hp", json_integer(ev->after));
		break;
	case AM_EV_FAIL:
		bad |= ut_json_put(o, "damage", json_integer(ev->value));
		break;
	case AM_EV_HITS: /* BU-ALL-3: damage each (< 0: all failed) */
		bad |= ut_json_put(o, "count", json_integer(ev->count));
		bad |= ut_json_put(o, "damage", json_integer(ev->value));
		bad |= ut_json_put(o, "hp", json_integer(ev->after));
		break;
	case AM_EV_STEP_BEGIN:
		bad |= ut_json_put(o, "units", json_integer(ev->value));
		break;
	case AM_EV_ACTION:
		bad |= ut_json_put(o, "spent", json_boolean(ev->spent));
		break;
	case AM_EV_STAT:
		bad |= ut_json_put(o, "stat", json_string(stat_keys[ev->stat]));
		bad |= ut_json_put(o, "delta", json_integer(ev->value));
		bad |= ut_json_put(o, "value", json_integer(ev->after));
		break;
	case AM_EV_HEAL:
		bad |= ut_json_put(o, "hp", json_integer(ev->after));
		break;
	case AM_EV_STATE_GAIN:
		bad |= ut_json_put(o, "state", json_string(state_keys[ev->state]));
		bad |= ut_json_put(o, "gained", json_integer(ev->value));
		bad |= ut_json_put(o, "count", json_integer(ev->after));
		break;
	case AM_EV_STUNNED:
	case AM_EV_REFLECT:
	case AM_EV_GUARD:
	case AM_EV_LIFE: {
		am_state st = ev->kind == AM_EV_STUNNED ? AM_STATE_STUN
		            : ev->kind == AM_EV_REFLECT ? AM_STATE_REFLECT
		            : ev->kind == AM_EV_GUARD ? AM_STATE_GUARD
		                                      : AM_STATE_LIFE;
		bad |= ut_json_put(o, "state", json_string(state_keys[st]));
		bad |= ut_json_put(o, "lost", json_integer(1));
		if (ev->kind == AM_EV_GUARD) {
			bad |= ut_json_put(o, "before", json_integer(ev->value));
			bad |= ut_json_put(o, "damage", json_integer(ev->after));
		} else {
			bad |= ut_json_put(o, "count", json_integer(ev->after));
		}
		if (ev->kind == AM_EV_LIFE)
			bad |= ut_json_put(o, "hp", json_integer(1));
		break;
	}
	case AM_EV_DEATH:
		bad |= ut_json_put(o, "hp", json_integer(ev->after));
		break;
	case AM_EV_BUILD:
		bad |= ut_json_put(o, "position", json_integer(ev->value));
		break;
	default:
		break;
	}
	if (bad) {
		json_decref(o);
		return ut_error_set(AM_ENOMEM, "out of memory");
	}
	if (emit_json(log, log->nevents ? ",\n" : "{\"events\":[\n", o) < 0)
		return AM_ENOMEM;
	log->nevents++;
	return 0;
}

static json_t *unit_json(const am_engine *e, size_t id)
{
	am_unit_state st;
	json_t *o, *states;
	int bad = 0, s;

	if (am_engine_unit(&st, e, id) < 0 || !(o = json_object()))
		return NULL;
	bad |= ut_json_put(o, "name", json_string(st.name));
	bad |= ut_json_put(o, "id", unit_id(e, (int32_t)id));
	bad |= ut_json_put(o, "hp", json_integer(st.hp));
	bad |= ut_json_put(o, "atk", json_integer(st.atk));
	bad |= ut_json_put(o, "def", json_integer(st.def));
	bad |= ut_json_put(o, "spd", json_integer(st.spd));
	bad |= ut_json_put(o, "alive", json_boolean(st.alive));
	states = json_object();
	for (s = 0; states && s < AM_STATE_COUNT; s++)
		if (st.states[s])
			bad |= ut_json_put(states, state_keys[s], json_integer(st.states[s]));
	bad |= ut_json_put(o, "states", states);
	if (bad) {
		json_decref(o);
		return NULL;
	}
	return o;
}

/* The result keys; `rc` < 0 adds "error" (the log before it is partial).
 * "winner" is the winning side's entry-unit name (BU-RESULT-2) and
 * "winner_side" its index in "sides" (AM-LOG-2), "draw" and
 * "tie_break" tell a draw and whether the seeded draw picked the winner,
 * "tie_seed" is the seed as a string (AM-RESULT-2). */
int am_json_finish(am_log *log, const am_engine *e, const am_result *r,
                   int rc)
{
	json_t *o = json_object(), *sides = json_array();
	size_t i, n = am_engine_unit_count(e);
	int bad = !o || !sides, s;
	char *text;

	for (s = 0; s < 2 && !bad; s++) {
		const am_team *t = am_engine_team(e, s);
		json_t *side = json_object(), *units = json_array();
		bad |= !side || !units;
		if (bad) {
			json_decref(side);
			json_decref(units);
			break;
		}
		bad |= ut_json_put(side, "name", json_string(t ? t->units[0].name : ""));
		bad |= ut_json_put(side, "score", rc < 0 ? json_null()
		                                 : json_integer(r->score[s]));
		for (i = 0; i < n; i++) {
			am_unit_state st;
			if (am_engine_unit(&st, e, i) == 0 && st.side == s)
				bad |= json_array_append_new(units, unit_json(e, i));
		}
		bad |= ut_json_put(side, "units", units);
		bad |= json_array_append_new(sides, side);
	}
	if (rc < 0) {
		bad |= ut_json_put(o, "error", json_string(am_error_last()));
		bad |= ut_json_put(o, "winner", json_null());
		bad |= ut_json_put(o, "winner_side", json_null());
		bad |= ut_json_put(o, "draw", json_false());
	} else {
		const am_team *w = r->winner >= 0 ? am_engine_team(e, r->winner)
		                                  : NULL;
		bad |= ut_json_put(o, "winner", w ? json_string(w->units[0].name)
		                          : json_null());
		/* the index in "sides": the name alone is ambiguous when both
		 * sheets use it (AM-LOG-2) */
		bad |= ut_json_put(o, "winner_side", w ? json_integer(r->winner)
		                               : json_null());
		bad |= ut_json_put(o, "draw", json_boolean(r->draw));
		bad |= ut_json_put(o, "tie_break", json_boolean(r->tie_broken));
		if (r->tie_broken) { /* a string: seeds go up to 2^64 − 1 */
			char seed[24];
			snprintf(seed, sizeof(seed), "%" PRIu64, r->tie_seed);
			bad |= ut_json_put(o, "tie_seed", json_string(seed));
		}
	}
	bad |= ut_json_put(o, "turns", json_integer(r->turns));
	bad |= ut_json_put(o, "steps", json_integer((json_int_t)r->steps));
	bad |= ut_json_put(o, "sides", sides);
	sides = NULL;
	text = bad ? NULL : ut_json_dumps(o, JSON_INDENT(1) | JSON_PRESERVE_ORDER);
	ut_json_short_reals(text);
	json_decref(o);
	json_decref(sides);
	if (!text)
		return ut_error_set(AM_ENOMEM, "out of memory");
	/* splice the result keys after the streamed events */
	ut_buf_printf(&log->out, "%s%s\n",
	              log->nevents ? "\n],\n" : "{\"events\":[],\n",
	              text + 2); /* skip "{\n" */
	free(text);
	return log->out.failed ? ut_error_set(AM_ENOMEM, "out of memory") : 0;
}
