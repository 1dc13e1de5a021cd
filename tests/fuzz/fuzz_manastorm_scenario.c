/*
 * fuzz_manastorm_scenario.c - libFuzzer target for the card duel scenario
 * reader (manastorm/scenario_yaml.h; docs/MANASTORM.md "Scenarios"): any bytes
 * must read without a crash, leak or undefined behaviour, and
 *   - at most max_diags diagnostics are kept, each formats in ja and en,
 *     in the order of the text (MS-SCN-DIAG-2);
 *   - a scenario comes back exactly when there was no error, and it passes
 *     ms_scenario_check;
 *   - its canonical YAML reads back without an error to the same canonical
 *     YAML (MS-SCN-OUT-1);
 *   - its duel (seeded with the input's size, each participant's policy)
 *     ends or stops at its event budget (MS-BUDGET-1: FUZZ_MAX_EVENTS, so
 *     no input makes a slow run) or at an overflow, and no more events
 *     happen than the budget allows;
 *   - the same duel logged (MS-LOG-1, MS-LOG-2; with the hands and decks
 *     of MS-LOG-4 or not, text in ja or en or JSON, by the input's size)
 *     renders without an error when it ends.
 * Seeds: tests/fuzz/corpus/fuzz_manastorm_scenario/ (see tests/fuzz/README.md).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "manastorm/duel.h"
#include "manastorm/render.h"
#include "manastorm/scenario_yaml.h"
#include "util/buf.h"

/* The budget of the duel of each input (see fuzz_megami_scenario.c). */
#define FUZZ_MAX_EVENTS 20000

static void check(int ok)
{
	if (!ok)
		abort();
}

/* MS-BUDGET-1: one duel of s, bounded. */
static void duel(const ms_scenario *s, uint64_t seed)
{
	ms_duel_opts o = MS_DUEL_OPTS_INIT;
	ms_duel *d = NULL;
	ms_result r;
	int rc;

	o.seed = seed;
	o.max_events = FUZZ_MAX_EVENTS;
	check(ms_duel_new(&d, s, &o) == 0);
	rc = ms_duel_run(&r, d);
	check(rc == 0 || rc == MS_ELIMIT || rc == MS_EOVERFLOW);
	check(rc != 0 || (r.over && r.battles <= s->battles));
	check(ms_duel_events(d) <= FUZZ_MAX_EVENTS);
	check(rc != MS_ELIMIT || ms_duel_events(d) == FUZZ_MAX_EVENTS);
	ms_duel_free(d);
}

/* MS-LOG-1, MS-LOG-2, MS-LOG-4: the same duel recorded as `manastorm play`
 * does, with hands when `how` & 1, rendered as JSON when `how` & 2, else
 * as text in en when `how` & 4 (else ja); a duel that ends renders, and
 * one that stops renders what it had with its error (MS-LOG-5). */
static void duel_logged(const ms_scenario *s, uint64_t seed, unsigned how)
{
	ms_duel_opts o = MS_DUEL_OPTS_INIT;
	ms_duel *d = NULL;
	ms_log log = MS_LOG_INIT;
	ut_buf out = UT_BUF_INIT;
	ms_result r;
	int rc;

	log.hands = (int)(how & 1);
	o.seed = seed;
	o.max_events = FUZZ_MAX_EVENTS;
	o.on_event = ms_log_record;
	o.event_ud = &log;
	check(ms_duel_new(&d, s, &o) == 0);
	rc = ms_duel_run(&r, d);
	check(rc == 0 || rc == MS_ELIMIT || rc == MS_EOVERFLOW);
	{
		const char *err = rc == 0 ? NULL : "stopped";
		check((how & 2 ? ms_render_json_stopped(&out, d, &log, err)
		               : ms_render_text_stopped(&out, d, &log,
		                                        how & 4 ? MS_LANG_EN
		                                                : MS_LANG_JA,
		                                        err)) == 0);
		check(out.len > 0);
	}
	ut_buf_free(&out);
	ms_log_free(&log);
	ms_duel_free(d);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	ms_parse_opts opts = MS_PARSE_OPTS_INIT;
	ms_scenario_doc *doc = NULL, *again = NULL;
	const ms_scenario *s;
	char msg[7], *y1 = NULL, *y2 = NULL;
	size_t i, n, len1, len2, ln;

	opts.max_diags = 20;
	if (ms_scenario_parse(&doc, (const char *)data, size, &opts) < 0)
		return 0;
	n = ms_scenario_doc_diag_count(doc);
	check(n <= opts.max_diags);
	check(n <= ms_scenario_doc_error_count(doc));
	for (i = 0; i < n; i++) {
		const ms_diag *d = ms_scenario_doc_diag(doc, i);
		check(d->line >= 1 && d->col >= 1);
		if (i) {
			const ms_diag *p = ms_scenario_doc_diag(doc, i - 1);
			check(p->line < d->line || (p->line == d->line && p->col <= d->col));
		}
		check(ms_diag_format(msg, sizeof(msg), d, MS_LANG_JA) > 0);
		check(ms_diag_format(msg, sizeof(msg), d, MS_LANG_EN) > 0);
		(void)ms_scenario_doc_source_line(doc, d->line, &ln);
	}
	s = ms_scenario_doc_scenario(doc);
	check((s != NULL) == (ms_scenario_doc_error_count(doc) == 0));
	if (s) {
		check(ms_scenario_check(s) == 0);
		check(ms_scenario_to_yaml(&y1, &len1, s) == 0);
		check(ms_scenario_parse(&again, y1, len1, &opts) == 0);
		check(ms_scenario_doc_scenario(again) != NULL);
		check(ms_scenario_to_yaml(&y2, &len2, ms_scenario_doc_scenario(again)) == 0);
		check(len1 == len2 && memcmp(y1, y2, len1) == 0);
		free(y1);
		free(y2);
		ms_scenario_doc_free(again);
		duel(s, size);
		duel_logged(s, size, (unsigned)(size % 6));
	}
	ms_scenario_doc_free(doc);
	return 0;
}
