/*
 * fuzz_battle.c - libFuzzer target for whole battles: two sheets in, one
 * battle with its three logs (JSON, Japanese text, English text) out.
 *
 * Input: sheet A, then a separator line, then sheet B.  The separator is
 * the first line that is exactly `---` (no tie-break) or `===` (with the
 * seeded tie-break, seed = the input's size in bytes); a trailing CR is
 * allowed.  Without a separator line the whole input is both sheets (a
 * mirror battle).  Inputs where a sheet is not legal are skipped.
 *
 * Byte mutations of a legal pair rarely stay legal, and a corpus grown
 * from parse errors mostly fuzzes the parser (fuzz_sheet's job): without
 * help about 0.15% of the inputs reached a battle.  So the target sets
 * libFuzzer's -focus_function=am_battle_run by default (LLVMFuzzerInitialize
 * below; a later -focus_function= on the command line overrides it), which
 * mutates mainly the inputs that reach a battle: about 4% of them then do.
 *
 * The battle runs with small limits (BATTLE_MAX_UNITS, BATTLE_MAX_HITS) so
 * that each input stays fast; stopping at a limit (AM_ELIMIT) or on an
 * overflow (AM_EOVERFLOW) is a legal outcome, any other error is a finding.
 * The JSON log must parse (jansson) and agree with am_result; the result
 * must obey the rules (docs/AMARYLLIS.md sections 6 and 11).  Any violation
 * aborts.  The text logs only have to come out without a crash.
 *
 * Build: make fuzz (CMake -DAMARYLLIS_FUZZ=ON with clang, build-fuzz/fuzz/);
 * the seeds are in tests/fuzz/corpus/fuzz_battle/, the dictionary is
 * tests/fuzz/amaryllis.dict.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "amaryllis/engine.h"
#include "amaryllis/render.h"
#include "amaryllis/sheet.h"

enum {
	BATTLE_MAX_UNITS = 2000, /* population limit of one battle */
	BATTLE_MAX_HITS = 20000, /* attacks in one step */
	NLOGS = 3                /* JSON, text ja, text en */
};

/* Abort (a finding) when an invariant does not hold. */
static void check(int ok)
{
	if (!ok)
		abort();
}

/* A growable byte buffer: the JSON log's writer. */
typedef struct membuf {
	char *ptr;
	size_t len, cap;
} membuf;

/* am_write_fn: append to the membuf; 1 (stop) when out of memory. */
static int membuf_write(void *ud, const char *data, size_t len)
{
	membuf *m = ud;

	if (len > m->cap - m->len) {
		size_t cap = m->cap ? m->cap : 4096;
		char *p;
		while (len > cap - m->len)
			cap *= 2;
		p = realloc(m->ptr, cap);
		if (!p)
			return 1;
		m->ptr = p;
		m->cap = cap;
	}
	memcpy(m->ptr + m->len, data, len);
	m->len += len;
	return 0;
}

/* The engine callback: one event to every log. */
static int fan_out(void *ud, const am_engine *engine, const am_event *ev)
{
	am_log **logs = ud;
	int i, rc;

	for (i = 0; i < NLOGS; i++)
		if ((rc = am_log_event(logs[i], engine, ev)) != 0)
			return rc;
	return 0;
}

/*
 * Find the separator line.  On success *a_len is the length of sheet A
 * (up to the separator's line start), *b_off where sheet B begins, and
 * *tie_break whether the separator asked for the tie-break; returns 0 when
 * there is none.
 */
static int split(const uint8_t *data, size_t size, size_t *a_len,
                 size_t *b_off, int *tie_break)
{
	size_t line = 0;

	while (line < size) {
		const uint8_t *nl = memchr(data + line, '\n', size - line);
		size_t end = nl ? (size_t)(nl - data) : size;
		size_t n = end - line;
		if (n > 0 && data[end - 1] == '\r')
			n--;
		if (n == 3 && (memcmp(data + line, "---", 3) == 0 ||
		               memcmp(data + line, "===", 3) == 0)) {
			*a_len = line;
			*b_off = nl ? end + 1 : size;
			*tie_break = data[line] == '=';
			return 1;
		}
		line = end + 1;
	}
	return 0;
}

/* The JSON integer j, or abort. */
static json_int_t json_int(const json_t *j)
{
	check(json_is_integer(j));
	return json_integer_value(j);
}

/*
 * Check the JSON log `text` against the run: it is one object, its events
 * are in turn order, and winner, draw, tie_break, turns, steps and the sides
 * agree with `res` (or, when rc < 0, it carries the error).
 */
static void check_json(const char *text, size_t len, const am_engine *engine,
                       const am_result *res, int rc,
                       const am_team *const teams[2])
{
	json_error_t err;
	json_t *doc = json_loadb(text, len, JSON_REJECT_DUPLICATES, &err);
	json_t *events, *ev, *sides, *winner;
	json_int_t last_turn = 0;
	size_t i, nunits = 0;
	int s;

	check(doc != NULL && json_is_object(doc));
	events = json_object_get(doc, "events");
	check(json_is_array(events));
	json_array_foreach(events, i, ev) {
		json_int_t turn = json_int(json_object_get(ev, "turn"));
		check(json_is_string(json_object_get(ev, "type")));
		check(turn >= last_turn && turn <= res->turns);
		last_turn = turn;
	}
	check(json_int(json_object_get(doc, "turns")) == res->turns);
	check(json_int(json_object_get(doc, "steps")) == (json_int_t)res->steps);
	winner = json_object_get(doc, "winner");
	if (rc < 0) {
		check(json_is_string(json_object_get(doc, "error")));
		check(json_is_null(winner));
		check(json_is_false(json_object_get(doc, "draw")));
	} else {
		check(json_object_get(doc, "error") == NULL);
		if (res->winner < 0)
			check(json_is_null(winner));
		else
			check(json_is_string(winner) &&
			      strcmp(json_string_value(winner),
			             teams[res->winner]->units[0].name) == 0);
		check(json_is_boolean(json_object_get(doc, "draw")) &&
		      json_is_true(json_object_get(doc, "draw")) == !!res->draw);
		check(json_is_boolean(json_object_get(doc, "tie_break")) &&
		      json_is_true(json_object_get(doc, "tie_break")) ==
		              !!res->tie_broken);
	}
	sides = json_object_get(doc, "sides");
	check(json_is_array(sides) && json_array_size(sides) == 2);
	for (s = 0; s < 2; s++) {
		json_t *side = json_array_get(sides, (size_t)s);
		json_t *name = json_object_get(side, "name");
		json_t *units = json_object_get(side, "units");
		check(json_is_string(name) &&
		      strcmp(json_string_value(name), teams[s]->units[0].name) == 0);
		if (rc < 0)
			check(json_is_null(json_object_get(side, "score")));
		else
			check(json_int(json_object_get(side, "score")) ==
			      res->score[s]);
		check(json_is_array(units));
		nunits += json_array_size(units);
	}
	check(nunits == am_engine_unit_count(engine));
	json_decref(doc);
}

/*
 * Check a finished battle (rc == 0) against the rules: winner, draw and
 * tie-break agree with the scores (docs/AMARYLLIS.md 6), the scores are the sums of
 * the units' ＨＰ (11), and a battle over before turn 20 has a side with no
 * living unit (11).
 */
static void check_result(const am_result *res, const am_engine *engine,
                         const am_battle_opts *bo)
{
	int64_t living[2] = {0, 0}, all[2] = {0, 0};
	int alive[2] = {0, 0}, overflow = 0, s;
	size_t i, n = am_engine_unit_count(engine);

	check(res->winner >= -1 && res->winner <= 1);
	check(res->turns >= 0 && res->turns <= AM_LAST_TURN);
	check(res->draw == (res->score[0] == res->score[1]));
	if (!res->draw) {
		check(res->winner == (res->score[0] > res->score[1] ? 0 : 1));
		check(!res->tie_broken);
	} else if (bo->tie_break) {
		check(res->winner == 0 || res->winner == 1);
		check(res->tie_broken && res->tie_seed == bo->tie_seed);
	} else {
		check(res->winner == -1 && !res->tie_broken);
	}
	check(n >= 2 && n <= bo->max_units);
	for (i = 0; i < n; i++) {
		am_unit_state st;
		check(am_engine_unit(&st, engine, i) == 0);
		check(st.side == 0 || st.side == 1);
		check(st.alive == (st.died_turn < 0));
		if (st.alive) {
			check(st.hp >= 1);
			alive[st.side] = 1;
			overflow |= __builtin_add_overflow(living[st.side], st.hp,
			                                   &living[st.side]);
		}
		overflow |= __builtin_add_overflow(all[st.side], st.hp,
		                                   &all[st.side]);
	}
	for (s = 0; s < 2 && !overflow; s++)
		check(res->score[s] == (alive[s] ? living[s] : all[s]));
	if (res->turns < AM_LAST_TURN)
		check(!alive[0] || !alive[1]);
}

/*
 * libFuzzer calls this before it reads its flags: put this target's default
 * flags right after the program name, so that the command line's own flags
 * (read later) win.  The new argv stays allocated for the whole run.
 */
int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	static char focus[] = "-focus_function=am_battle_run";
	static char **args;
	int i;

	args = malloc(((size_t)*argc + 2) * sizeof(*args));
	if (!args)
		return 0;
	args[0] = (*argv)[0];
	args[1] = focus;
	for (i = 1; i < *argc; i++)
		args[i + 1] = (*argv)[i];
	args[*argc + 1] = NULL;
	*argc += 1;
	*argv = args;
	return 0;
}

/* Steps up to which a battle is replayed with shortcuts = 0. */
#define SILENT_MAX_STEPS 200000

/* Replay the battle without events, shortcuts on or off, and compare. */
static void silent_equal(am_engine *engine, const am_team *const teams[2],
                         const am_battle_opts *logged, int rc,
                         const am_result *res, int shortcuts)
{
	am_battle_opts o = *logged;
	am_result r;

	o.on_event = NULL;
	o.event_ud = NULL;
	o.shortcuts = shortcuts;
	check(am_battle_run(&r, engine, teams[0], teams[1], &o) == rc);
	check(r.winner == res->winner && r.draw == res->draw &&
	      r.tie_broken == res->tie_broken && r.turns == res->turns &&
	      r.steps == res->steps);
	if (rc == 0)
		check(r.score[0] == res->score[0] && r.score[1] == res->score[1]);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const am_log_format formats[NLOGS] = {AM_LOG_JSON, AM_LOG_TEXT,
	                                             AM_LOG_TEXT};
	static const am_lang langs[NLOGS] = {AM_LANG_JA, AM_LANG_JA, AM_LANG_EN};
	am_parse_opts po = AM_PARSE_OPTS_INIT;
	am_battle_opts bo = AM_BATTLE_OPTS_INIT;
	am_sheet *sheets[2] = {NULL, NULL};
	const am_team *teams[2];
	am_log *logs[NLOGS] = {NULL, NULL, NULL};
	am_engine *engine = NULL;
	membuf json = {NULL, 0, 0};
	am_result res;
	size_t a_len = size, b_off = 0, len;
	int tie_break = 0, rc, i;

	if (!split(data, size, &a_len, &b_off, &tie_break))
		b_off = 0; /* a mirror battle */
	po.max_line = 4096;
	po.max_diags = 1;
	if (am_sheet_parse(&sheets[0], (const char *)data, a_len, &po) < 0 ||
	    am_sheet_parse(&sheets[1], (const char *)data + b_off,
	                   size - b_off, &po) < 0 ||
	    !am_sheet_ok(sheets[0]) || !am_sheet_ok(sheets[1]))
		goto out;
	teams[0] = am_sheet_team(sheets[0]);
	teams[1] = am_sheet_team(sheets[1]);
	check(teams[0] != NULL && teams[1] != NULL);

	check(am_engine_new(&engine) == 0);
	for (i = 0; i < NLOGS; i++)
		check(am_log_new(&logs[i], formats[i], langs[i],
		                 i == 0 ? membuf_write : NULL,
		                 i == 0 ? &json : NULL) == 0);
	bo.on_event = fan_out;
	bo.event_ud = logs;
	bo.tie_break = tie_break;
	bo.tie_seed = size;
	bo.max_units = BATTLE_MAX_UNITS;
	bo.max_hits = BATTLE_MAX_HITS;
	rc = am_battle_run(&res, engine, teams[0], teams[1], &bo);
	check(rc == 0 || rc == AM_ELIMIT || rc == AM_EOVERFLOW);
	check(res.turns >= 0 && res.turns <= AM_LAST_TURN);
	if (rc == 0)
		check_result(&res, engine, &bo);
	for (i = 0; i < NLOGS; i++)
		check(am_log_finish(logs[i], engine, &res, rc) == 0);
	check_json(json.ptr, json.len, engine, &res, rc, teams);
	for (i = 1; i < NLOGS; i++) {
		(void)am_log_text(logs[i], &len);
		check(len > 0);
	}
	/* Without a callback the engine takes its silent shortcuts (dormant
	 * fast-forward, idle turns); with shortcuts = 0 it plays every step.
	 * Both must give the logged battle's result (AM-STEP-3).  The
	 * step-by-step run is skipped for battles too long to replay fast. */
	silent_equal(engine, teams, &bo, rc, &res, 1);
	if (rc != AM_EOVERFLOW && res.steps <= SILENT_MAX_STEPS)
		silent_equal(engine, teams, &bo, rc, &res, 0);
out:
	for (i = 0; i < NLOGS; i++)
		am_log_free(logs[i]);
	am_engine_free(engine);
	free(json.ptr);
	am_sheet_free(sheets[0]);
	am_sheet_free(sheets[1]);
	return 0;
}
