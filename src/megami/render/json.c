/*
 * json.c - the combat log as one JSON document (jansson):
 *   {"rng", "seed", "winner", "rounds", ["error",] "characters", "events"}
 * Events are kept as compact one-line objects until the end, when the
 * result is known and written first (the order of the document).
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "log.h"
#include "util/error.h"
#include "util/rng.h"
#include "util/json.h"

static const char *const kinds[] = {
	[MG_EV_ROUND] = "round",
	[MG_EV_INITIATIVE] = "initiative",
	[MG_EV_ORDER] = "order",
	[MG_EV_SKIP] = "skip",
	[MG_EV_MAIN_BEGIN] = "main_begin",
	[MG_EV_MAIN_END] = "main_end",
	[MG_EV_WAIT] = "wait",
	[MG_EV_RESUME] = "resume",
	[MG_EV_NOTHING] = "nothing",
	[MG_EV_DISENGAGE] = "disengage",
	[MG_EV_MOVE] = "move",
	[MG_EV_ATTACK] = "attack",
	[MG_EV_DEFENCE] = "defence",
	[MG_EV_DAMAGE_ROLL] = "damage_roll",
	[MG_EV_DAMAGE] = "damage",
	[MG_EV_INCAPACITATED] = "incapacitated",
	[MG_EV_FINISH] = "finish",
	[MG_EV_DEATH] = "death",
	[MG_EV_END] = "end",
	[MG_EV_ADJUST] = "adjust",
	[MG_EV_ENTER] = "enter",
};

/* A JSON string; text that is not UTF-8 becomes "?" rather than failing;
 * NULL out of memory (not "?": the event reports it). */
static json_t *str(const char *s)
{
	return s ? ut_json_text(s, strlen(s), "?") : json_string("");
}

static json_t *dice(const int64_t *d, int n)
{
	json_t *a = json_array();
	int i;
	for (i = 0; a && i < n; i++)
		if (json_array_append_new(a, json_integer(d[i])) != 0) {
			json_decref(a);
			return NULL;
		}
	return a;
}

static json_t *attr(int a)
{
	const char *n = mg_log_attr(a, MG_LANG_EN);
	return n ? json_string(n) : json_null();
}

static json_t *side_name(int w)
{
	return w == MG_SIDE_PC ? json_string("PC")
	       : w == MG_SIDE_NPC ? json_string("NPC") : json_null();
}

int mg_json_event(mg_log *log, const mg_combat *c, const mg_event *ev)
{
	json_t *o = json_object(), *a;
	int bad = !o;
	size_t k;
	char *text;

	if (bad)
		return ut_error_set(UT_ENOMEM, "out of memory");
	bad |= ut_json_put(o, "type", json_string(kinds[ev->kind]));
	bad |= ut_json_put(o, "round", json_integer(ev->round));
	switch (ev->kind) {
	case MG_EV_ROUND:
		break;
	case MG_EV_INITIATIVE:
		bad |= ut_json_put(o, "actor", str(mg_log_name(c, ev->actor)));
		bad |= ut_json_put(o, "dice", dice(ev->dice, 2));
		bad |= ut_json_put(o, "value", json_integer(ev->value));
		break;
	case MG_EV_ORDER:
		a = json_array();
		for (k = 0; a && k < ev->norder; k++)
			bad |= json_array_append_new(
				a, str(mg_log_name(c, (int32_t)ev->order[k])));
		bad |= ut_json_put(o, "order", a);
		break;
	case MG_EV_MAIN_BEGIN:
		bad |= ut_json_put(o, "actor", str(mg_log_name(c, ev->actor)));
		bad |= ut_json_put(o, "resumed", json_boolean(ev->flag));
		break;
	case MG_EV_RESUME:
		bad |= ut_json_put(o, "actor", str(mg_log_name(c, ev->actor)));
		/* MG-WAIT-3: still waiting at the end of the round */
		bad |= ut_json_put(o, "forced", json_boolean(ev->flag));
		break;
	case MG_EV_SKIP:
	case MG_EV_MAIN_END:
	case MG_EV_WAIT:
	case MG_EV_NOTHING:
		bad |= ut_json_put(o, "actor", str(mg_log_name(c, ev->actor)));
		break;
	case MG_EV_DISENGAGE:
		bad |= ut_json_put(o, "actor", str(mg_log_name(c, ev->actor)));
		bad |= ut_json_put(o, "dice", dice(ev->dice, 2));
		bad |= ut_json_put(o, "value", json_integer(ev->value));
		bad |= ut_json_put(o, "opponent", str(mg_log_name(c, ev->target)));
		bad |= ut_json_put(o, "opponent_dice", dice(ev->dice + 2, 2));
		bad |= ut_json_put(o, "opponent_value", json_integer(ev->value2));
		bad |= ut_json_put(o, "success", json_boolean(ev->flag));
		break;
	case MG_EV_MOVE:
		bad |= ut_json_put(o, "actor", str(mg_log_name(c, ev->actor)));
		bad |= ut_json_put(o, "kind", json_string(ev->flag ? "full" : "combat"));
		bad |= ut_json_put(o, "from", json_integer(ev->from));
		bad |= ut_json_put(o, "to", json_integer(ev->to));
		bad |= ut_json_put(o, "dest", json_integer(ev->dest));
		bad |= ut_json_put(o, "blocked_by", ev->target >= 0
		                                ? str(mg_log_name(c, ev->target))
		                                : json_null());
		break;
	case MG_EV_ATTACK:
		bad |= ut_json_put(o, "actor", str(mg_log_name(c, ev->actor)));
		bad |= ut_json_put(o, "attack", str(mg_log_attack(c, ev->actor, ev->attack)));
		bad |= ut_json_put(o, "target", str(mg_log_name(c, ev->target)));
		bad |= ut_json_put(o, "dice", dice(ev->dice, 2));
		bad |= ut_json_put(o, "value", json_integer(ev->value));
		bad |= ut_json_put(o, "critical", json_boolean(ev->crit));
		bad |= ut_json_put(o, "fumble", json_boolean(ev->fumble));
		break;
	case MG_EV_DEFENCE:
		bad |= ut_json_put(o, "actor", str(mg_log_name(c, ev->actor)));
		bad |= ut_json_put(o, "target", str(mg_log_name(c, ev->target)));
		bad |= ut_json_put(o, "dice", dice(ev->dice, ev->ndice));
		bad |= ut_json_put(o, "value", ev->ndice ? json_integer(ev->value)
		                                 : json_null());
		bad |= ut_json_put(o, "critical", json_boolean(ev->crit));
		bad |= ut_json_put(o, "fumble", json_boolean(ev->fumble));
		bad |= ut_json_put(o, "hit", json_boolean(ev->flag));
		break;
	case MG_EV_DAMAGE_ROLL:
		bad |= ut_json_put(o, "actor", str(mg_log_name(c, ev->actor)));
		bad |= ut_json_put(o, "attack", str(mg_log_attack(c, ev->actor, ev->attack)));
		bad |= ut_json_put(o, "dice", dice(ev->dice, 1));
		bad |= ut_json_put(o, "attack_damage", json_integer(ev->value));
		break;
	case MG_EV_DAMAGE:
	case MG_EV_FINISH:
		bad |= ut_json_put(o, "actor", str(mg_log_name(c, ev->actor)));
		bad |= ut_json_put(o, "attack", str(mg_log_attack(c, ev->actor, ev->attack)));
		bad |= ut_json_put(o, "target", str(mg_log_name(c, ev->target)));
		if (ev->kind == MG_EV_FINISH)
			bad |= ut_json_put(o, "dice", dice(ev->dice, 1));
		bad |= ut_json_put(o, "attack_damage", json_integer(ev->value));
		bad |= ut_json_put(o, "modifier", json_integer(ev->modifier));
		bad |= ut_json_put(o, "attribute", attr(ev->attr));
		bad |= ut_json_put(o, "armor", attr(ev->armor_attr));
		bad |= ut_json_put(o, "damage", json_integer(ev->damage));
		bad |= ut_json_put(o, "hp", json_integer(ev->hp));
		if (ev->kind == MG_EV_FINISH)
			bad |= ut_json_put(o, "killed", json_boolean(ev->flag));
		break;
	case MG_EV_INCAPACITATED:
	case MG_EV_DEATH:
		bad |= ut_json_put(o, "target", str(mg_log_name(c, ev->target)));
		bad |= ut_json_put(o, "hp", json_integer(ev->hp));
		break;
	case MG_EV_END:
		bad |= ut_json_put(o, "winner", side_name(ev->winner));
		if (ev->flag) /* MG-GM-5 */
			bad |= ut_json_put(o, "by", json_string("gm"));
		break;
	case MG_EV_ENTER: /* MG-ENTER-1 */
		bad |= ut_json_put(o, "actor", str(mg_log_name(c, ev->actor)));
		bad |= ut_json_put(o, "position", json_integer(ev->to));
		bad |= ut_json_put(o, "hp", json_integer(ev->hp));
		bad |= ut_json_put(o, "state", json_string(mg_log_state(
		                           (mg_state)ev->value, MG_LANG_EN)));
		if (ev->flag) /* MG-ENTER-4 */
			bad |= ut_json_put(o, "by", json_string("gm"));
		break;
	case MG_EV_ADJUST: { /* MG-GM-4 */
		static const char *const what[] = {"hp", "position", "add",
		                                   "clear"};
		int cond = ev->flag == MG_ADJ_ADD || ev->flag == MG_ADJ_CLEAR;
		bad |= ut_json_put(o, "target", str(mg_log_name(c, ev->target)));
		bad |= ut_json_put(o, "what", json_string(what[ev->flag & 3]));
		bad |= ut_json_put(o, "from", cond ? json_string(mg_log_state(
		                                 (mg_state)ev->from, MG_LANG_EN))
		                           : json_integer(ev->from));
		bad |= ut_json_put(o, "to", cond ? json_string(mg_log_state(
		                               (mg_state)ev->to, MG_LANG_EN))
		                         : json_integer(ev->to));
		bad |= ut_json_put(o, "state", json_string(mg_log_state(
		                           (mg_state)ev->value2, MG_LANG_EN)));
		bad |= ut_json_put(o, "hp", json_integer(ev->hp));
		break;
	}
	}
	text = bad ? NULL : ut_json_dumps(o, JSON_COMPACT | JSON_PRESERVE_ORDER);
	ut_json_short_reals(text);
	json_decref(o);
	if (!text)
		return ut_error_set(UT_ENOMEM, "out of memory");
	/* one append: the separator never goes in without its event */
	ut_buf_printf(&log->events, "%s%s", log->nevents ? ",\n  " : "\n  ",
	              text);
	free(text);
	log->nevents++;
	return log->events.failed ? ut_error_set(UT_ENOMEM, "out of memory")
	                          : 0;
}

/* Append `"key": value` (value compact; stolen) with the separator. */
static int field(ut_buf *b, const char *sep, const char *key, json_t *v)
{
	char *text = v ? ut_json_dumps(v, JSON_COMPACT | JSON_ENCODE_ANY |
	                                      JSON_PRESERVE_ORDER)
	               : NULL;

	ut_json_short_reals(text);
	json_decref(v);
	if (!text)
		return ut_error_set(UT_ENOMEM, "out of memory");
	ut_buf_printf(b, "%s\"%s\": %s", sep, key, text);
	free(text);
	return 0;
}

/* MG-LOG-1: the document of the issue, one character and one event per
 * line; `error` after a failure (the events before it are a partial log,
 * winner null). */
int mg_json_finish(mg_log *log, const mg_combat *c, int rc)
{
	const mg_scenario *s = mg_combat_scenario(c);
	ut_buf *b = &log->out;
	mg_result r;
	size_t i;
	char seed[24];

	mg_combat_result(&r, c);
	snprintf(seed, sizeof(seed), "%" PRIu64, log->seed);
	if (field(b, "{\n ", "rng", json_string(UT_RNG_NAME)) < 0 ||
	    field(b, ",\n ", "seed", log->has_seed ? json_string(seed)
	                                           : json_null()) < 0 ||
	    field(b, ",\n ", "winner", rc < 0 ? json_null()
	                                      : side_name(r.winner)) < 0 ||
	    field(b, ",\n ", "rounds",
	          json_integer(rc < 0 ? mg_combat_round(c) : r.rounds)) < 0 ||
	    (rc >= 0 && r.by_gm && /* MG-GM-5 */
	     field(b, ",\n ", "ended_by", json_string("gm")) < 0) ||
	    (rc < 0 && field(b, ",\n ", "error", str(mg_error_last())) < 0))
		return UT_ENOMEM;
	ut_buf_puts(b, ",\n \"characters\": [");
	for (i = 0; i < s->ncharacters; i++) {
		mg_char_state st;
		json_t *ch = json_object();
		char *text;
		int bad = !ch;
		mg_combat_character(&st, c, i);
		if (ch) {
			bad |= ut_json_put(ch, "name", str(st.name));
			bad |= ut_json_put(ch, "side", json_string(st.side == MG_SIDE_PC
			                                       ? "PC" : "NPC"));
			bad |= ut_json_put(ch, "hp", json_integer(st.hp));
			bad |= ut_json_put(ch, "state",
			           json_string(mg_log_state(st.state, MG_LANG_EN)));
		}
		text = bad ? NULL
		           : ut_json_dumps(ch, JSON_COMPACT | JSON_PRESERVE_ORDER);
		ut_json_short_reals(text);
		json_decref(ch);
		if (!text)
			return ut_error_set(UT_ENOMEM, "out of memory");
		ut_buf_printf(b, "%s\n  %s", i ? "," : "", text);
		free(text);
	}
	ut_buf_puts(b, s->ncharacters ? "\n ],\n \"events\": [" : "],\n \"events\": [");
	if (log->events.len)
		ut_buf_put(b, log->events.ptr, log->events.len);
	ut_buf_puts(b, log->nevents ? "\n ]\n}\n" : "]\n}\n");
	return b->failed ? ut_error_set(UT_ENOMEM, "out of memory") : 0;
}
