/*
 * fuzz_megami_scenario.c - libFuzzer target for the 戦女神TRPG scenario
 * reader (megami/scenario_yaml.h; docs/MEGAMI.md "Scenarios"): any bytes
 * must read without a crash, leak or undefined behaviour, and
 *   - at most max_diags diagnostics are kept, each formats in ja and en,
 *     in the order of the text (MG-SCN-DIAG-2);
 *   - a scenario comes back exactly when there was no error, and it passes
 *     mg_scenario_check;
 *   - its canonical YAML reads back without an error to the same canonical
 *     YAML (MG-SCN-OUT);
 *   - it fights to the end (seeded with the input's size, the default
 *     policy) or stops at its event budget (MG-BUDGET-1: FUZZ_MAX_EVENTS,
 *     so no input makes a slow run) or at an overflow (MG-CKD-1), and no
 *     more events happen than the budget allows;
 *   - the same combat logged (MG-LOG-1: text in ja or en, or JSON, by the
 *     input's size) renders without an error, whatever stopped it.
 * Seeds: tests/fuzz/corpus/fuzz_megami_scenario/ (see tests/fuzz/README.md).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "megami/combat.h"
#include "megami/render.h"
#include "megami/scenario_yaml.h"
#include "util/rng.h"

/* The budget of the combat of each input: a scenario of a few kilobytes
 * (libFuzzer's inputs) fights this many events in a few milliseconds. */
#define FUZZ_MAX_EVENTS 20000

static void check(int ok)
{
	if (!ok)
		abort();
}

/* MG-BUDGET-1: one combat of s, bounded. */
static void fight(const mg_scenario *s, uint64_t seed)
{
	mg_combat_opts o = MG_COMBAT_OPTS_INIT;
	mg_combat *c = NULL;
	mg_result r;
	ut_dice dice;
	int rc;

	ut_dice_seed(&dice, seed);
	o.dice = &dice;
	o.max_events = FUZZ_MAX_EVENTS;
	check(mg_combat_new(&c, s, &o) == 0);
	rc = mg_combat_run(&r, c);
	check(rc == 0 || rc == MG_ELIMIT || rc == MG_EOVERFLOW);
	check(rc != 0 || (r.over && r.rounds <= s->round_limit));
	check(mg_combat_events(c) <= FUZZ_MAX_EVENTS);
	check(rc != MG_ELIMIT || mg_combat_events(c) == FUZZ_MAX_EVENTS);
	mg_combat_free(c);
}

/* MG-LOG-1: the same combat with its log, in the format and language `how`
 * picks (0 text ja, 1 text en, 2 JSON); the log is finished whatever
 * stopped the combat, as `megami fight` does. */
static void fight_logged(const mg_scenario *s, uint64_t seed, unsigned how)
{
	mg_combat_opts o = MG_COMBAT_OPTS_INIT;
	mg_combat *c = NULL;
	mg_log *log = NULL;
	mg_result r;
	ut_dice dice;
	size_t len;
	int rc;

	check(mg_log_new(&log, how == 2 ? MG_LOG_JSON : MG_LOG_TEXT,
	                 how == 1 ? MG_LANG_EN : MG_LANG_JA, NULL, NULL) == 0);
	ut_dice_seed(&dice, seed);
	o.dice = &dice;
	o.max_events = FUZZ_MAX_EVENTS;
	o.on_event = mg_log_event;
	o.event_ud = log;
	check(mg_combat_new(&c, s, &o) == 0);
	rc = mg_combat_run(&r, c);
	check(rc == 0 || rc == MG_ELIMIT || rc == MG_EOVERFLOW);
	check(mg_log_finish(log, c, rc) == 0);
	check(mg_log_text(log, &len) != NULL && len > 0);
	mg_combat_free(c);
	mg_log_free(log);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	mg_parse_opts opts = MG_PARSE_OPTS_INIT;
	mg_scenario_doc *doc = NULL, *again = NULL;
	const mg_scenario *s;
	char msg[7], *y1 = NULL, *y2 = NULL;
	size_t i, n, len1, len2, ln;

	opts.max_diags = 20;
	if (mg_scenario_parse(&doc, (const char *)data, size, &opts) < 0)
		return 0;
	n = mg_scenario_doc_diag_count(doc);
	check(n <= opts.max_diags);
	check(n <= mg_scenario_doc_error_count(doc));
	for (i = 0; i < n; i++) {
		const mg_diag *d = mg_scenario_doc_diag(doc, i);
		check(d->line >= 1 && d->col >= 1);
		if (i) {
			const mg_diag *p = mg_scenario_doc_diag(doc, i - 1);
			check(p->line < d->line || (p->line == d->line && p->col <= d->col));
		}
		check(mg_diag_format(msg, sizeof(msg), d, MG_LANG_JA) > 0);
		check(mg_diag_format(msg, sizeof(msg), d, MG_LANG_EN) > 0);
		(void)mg_scenario_doc_source_line(doc, d->line, &ln);
	}
	s = mg_scenario_doc_scenario(doc);
	check((s != NULL) == (mg_scenario_doc_error_count(doc) == 0));
	if (s) {
		check(mg_scenario_check(s) == 0);
		check(mg_scenario_to_yaml(&y1, &len1, s) == 0);
		check(mg_scenario_parse(&again, y1, len1, &opts) == 0);
		check(mg_scenario_doc_scenario(again) != NULL);
		check(mg_scenario_to_yaml(&y2, &len2, mg_scenario_doc_scenario(again)) == 0);
		check(len1 == len2 && memcmp(y1, y2, len1) == 0);
		free(y1);
		free(y2);
		mg_scenario_doc_free(again);
		fight(s, size);
		fight_logged(s, size, (unsigned)(size % 3));
	}
	mg_scenario_doc_free(doc);
	return 0;
}
