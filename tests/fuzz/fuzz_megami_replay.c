/*
 * fuzz_megami_replay.c - libFuzzer target for the 戦女神TRPG replay files
 * (megami/replay.h; docs/MEGAMI.md "Tracker and replays", MG-REPLAY): what
 * `megami track --resume` and `megami fight --replay` read from a user's
 * disk, or from a file someone mailed them.  Any bytes must read without
 * a crash, leak or undefined behaviour, and
 *   - a replay that does not read fails with MG_EINVALID or MG_EOVERFLOW,
 *     a message, and a place within the text (line and column);
 *   - one that reads writes back (mg_replay_write) to a text that reads
 *     to the same text again: the same seed, scenario, dice and decisions;
 *   - played (MG-REPLAY-3) on its embedded scenario, or on duel.yaml's
 *     when it has none (the target reads no file), with its seed, the
 *     default policy nowhere (every decision comes from the replay) and a
 *     budget of FUZZ_MAX_EVENTS, it ends, runs out (a session that quit),
 *     or stops with a documented error and a message, with the log (text
 *     ja or en, or JSON, by the input's size) finished without an error.
 * Seeds: tests/fuzz/corpus/fuzz_megami_replay/ (see tests/fuzz/README.md).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "megami/combat.h"
#include "megami/render.h"
#include "megami/replay.h"
#include "megami/scenario_yaml.h"
#include "util/rng.h"

/* The budget of each replayed combat (MG-BUDGET-1): a few milliseconds. */
#define FUZZ_MAX_EVENTS 20000

/* examples/megami/duel.yaml: the scenario of a replay that names a file. */
static const char duel_yaml[] =
	"round_limit: 10\n"
	"characters:\n"
	"  - name: アリア\n"
	"    side: PC\n"
	"    hp: 24\n"
	"    initiative: 5\n"
	"    accuracy: 4\n"
	"    evasion: 3\n"
	"    resistance: 2\n"
	"    armor: {pierce: 1, impact: 3, energy: 2}\n"
	"    finish: true\n"
	"    attacks:\n"
	"      - name: ロングソード\n"
	"        damage: 5\n"
	"        attributes: [impact]\n"
	"  - name: オーガ\n"
	"    side: NPC\n"
	"    hp: 30\n"
	"    initiative: 2\n"
	"    accuracy: 3\n"
	"    evasion: 1\n"
	"    resistance: 0\n"
	"    armor: {impact: 2}\n"
	"    attacks:\n"
	"      - name: 棍棒\n"
	"        damage: 7\n"
	"        attributes: [impact]\n";

/* A failed check names its line, then aborts (libFuzzer keeps the input). */
static void check_at(int ok, int line)
{
	if (!ok) {
		fprintf(stderr, "fuzz_megami_replay.c:%d: check failed\n", line);
		abort();
	}
}
#define check(ok) check_at((ok) != 0, __LINE__)

/* MG-REPLAY-3: r played on its scenario, logged as `how` says (0 text
 * ja, 1 text en, 2 JSON). */
static void play(const mg_replay *r, unsigned how)
{
	mg_scenario_doc *doc = NULL;
	const mg_scenario *s;
	mg_combat_opts o = MG_COMBAT_OPTS_INIT;
	mg_combat *c = NULL;
	mg_replay_player p;
	mg_log *log = NULL;
	mg_result res;
	ut_dice dice;
	size_t len;
	int rc;

	if (r->scenario_yaml)
		check(mg_scenario_parse(&doc, r->scenario_yaml,
		                        r->scenario_yaml_len, NULL) == 0);
	else
		check(mg_scenario_parse(&doc, duel_yaml, sizeof duel_yaml - 1,
		                        NULL) == 0);
	if (!(s = mg_scenario_doc_scenario(doc))) {
		mg_scenario_doc_free(doc);
		return; /* the scenario's own fuzz target reads those */
	}
	check(mg_log_new(&log, how == 2 ? MG_LOG_JSON : MG_LOG_TEXT,
	                 how == 1 ? MG_LANG_EN : MG_LANG_JA, NULL, NULL) == 0);
	mg_replay_player_init(&p, r, how == 1 ? MG_LANG_EN : MG_LANG_JA);
	ut_dice_callback(&dice, mg_replay_dice, &p, r->seed);
	o.dice = &dice;
	o.max_events = FUZZ_MAX_EVENTS;
	o.on_event = mg_log_event;
	o.event_ud = log;
	check(mg_combat_new(&c, s, &o) == 0);
	rc = mg_replay_play(&p, c);
	check(rc == 0 || rc == MG_EINVALID || rc == MG_ELIMIT ||
	      rc == MG_EOVERFLOW);
	check(rc == 0 || mg_error_last()[0] != '\0');
	/* ended: the replay ran out first; else the combat is over */
	mg_combat_result(&res, c);
	check(rc != 0 || p.ended || res.over);
	check(!res.over || res.rounds <= s->round_limit);
	check(mg_combat_events(c) <= FUZZ_MAX_EVENTS);
	check(mg_log_finish(log, c, rc) == 0);
	check(mg_log_text(log, &len) != NULL);
	mg_log_free(log);
	mg_combat_free(c);
	mg_scenario_doc_free(doc);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const mg_lang lang = size % 2 ? MG_LANG_EN : MG_LANG_JA;
	mg_replay r = MG_REPLAY_INIT, r2 = MG_REPLAY_INIT;
	mg_replay_loc loc = {0, 0};
	char *out = NULL, *out2 = NULL;
	size_t len = 0, len2 = 0, i;
	int rc;

	rc = mg_replay_parse(&r, &loc, (const char *)data, size, lang);
	if (rc < 0) {
		check(rc == MG_EINVALID || rc == MG_EOVERFLOW);
		check(mg_error_last()[0] != '\0');
		check(loc.line >= 1 && loc.col >= 1);
		mg_replay_free(&r);
		return 0;
	}
	/* the written replay reads back to itself */
	check(mg_replay_write(&out, &len, &r) == 0);
	check(out[len] == '\0'); /* (a "| " line may hold a NUL) */
	check(mg_replay_parse(&r2, &loc, out, len, lang) == 0);
	check(r2.has_seed == r.has_seed && r2.seed == r.seed);
	check(r2.has_rolled == r.has_rolled && r2.rolled == r.rolled);
	check(!r2.scenario_path == !r.scenario_path);
	check(!r.scenario_path ||
	      strcmp(r2.scenario_path, r.scenario_path) == 0);
	check(r2.scenario_yaml_len == r.scenario_yaml_len);
	check(r.scenario_yaml_len == 0 ||
	      memcmp(r2.scenario_yaml, r.scenario_yaml,
	             r.scenario_yaml_len) == 0);
	check(r2.nitems == r.nitems);
	for (i = 0; i < r.nitems; i++) {
		check(r2.items[i].kind == r.items[i].kind);
		check(r2.items[i].kind != MG_RITEM_DIE ||
		      r2.items[i].die == r.items[i].die);
	}
	check(mg_replay_write(&out2, &len2, &r2) == 0);
	check(len2 == len && memcmp(out2, out, len) == 0);
	play(&r, (unsigned)(size % 3));
	free(out);
	free(out2);
	mg_replay_free(&r);
	mg_replay_free(&r2);
	return 0;
}
