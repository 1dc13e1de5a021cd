/*
 * cmd_fight_replay.c - `megami fight --replay FILE` (docs/MEGAMI.md
 * "Tracker and replays", the MG-REPLAY rules): play a replay saved by `megami
 * track` (or written by hand) and print the combat's log, the same log the
 * session showed.  A bad replay is FILE:LINE:COL: error: …, exit 1.

 */
#include <stdlib.h>
#include <string.h>

#include "budget.h"
#include "scenario_io.h"
#include "stop_text.h"

#include "megami/combat.h"
#include "megami/render.h"
#include "megami/replay.h"

/* "FILE:LINE:COL: error: MSG" and the line with a caret (or "FILE: error:
 * MSG" without a place). */
void mg_cli_replay_located(const char *file, const char *text, size_t len,
                           uint32_t line, uint32_t col, const char *msg)
{
	const char *l;
	size_t n;

	if (line == 0) {
		fprintf(stderr, "%s: error: %s\n", file, msg);
		return;
	}
	fprintf(stderr, "%s:%u:%u: error: %s\n", file, (unsigned)line,
	        (unsigned)col, msg);
	if ((l = mg_cli_nth_line(text, len, line, &n)))
		ut_cli_show_context(l, n, col);
}

/* The log on stdout; 0, or -1 (ut_cli_exit says why). */
static int print_log(const mg_log *log)
{
	size_t n;
	const char *s = mg_log_text(log, &n);

	if (ut_out_write(ut_out_stdout(), s, n) < 0)
		return -1;
	return ut_out_flush(ut_out_stdout());
}

/* MG-REPLAY-1, MG-REPLAY-2: the replay FILE ("-": stdin, `shown` as
 * <stdin>) read and parsed into *r, its scenario into *doc, its text in
 * *text (owned, for the places of later errors); UT_EXIT_OK, else the
 * status after the located error (*r, *doc and *text to be freed
 * still). */
int mg_cli_replay_load(const ut_cli *ui, const char *file, const char *shown,
                       mg_replay *r, mg_scenario_doc **doc, char **text,
                       size_t *len, size_t max_bytes)
{
	mg_replay_loc loc;
	int status;

	*doc = NULL;
	*text = NULL;
	*len = 0;
	memset(r, 0, sizeof(*r));
	if ((status = ut_cli_read_path(text, len, ui, file,
		MG_TRACK_MAX_BYTES, NULL)) != UT_EXIT_OK)
		return status;
	if (mg_replay_parse(r, &loc, *text, *len, (mg_lang)ui->lang) < 0) {
		char tr[1100]; /* its messages are in lang but for ENOMEM */
		mg_cli_replay_located(shown, *text, *len, loc.line, loc.col,
		        mg_cli_stop_text(tr, sizeof(tr), mg_error_last(),
		                         ui->lang));
		return UT_EXIT_INPUT;
	}
	/* MG-REPLAY-1: the embedded scenario wins over the path */
	if (r->scenario_yaml)
		return mg_cli_scenario_text(ui, shown, r->scenario_yaml,
		                            r->scenario_yaml_len,
		                            r->yaml_line - 1, 2, *text, *len, doc);
	return mg_cli_scenario_file(ui, r->scenario_path, max_bytes,
	                            "--max-bytes", doc);
}

/* MG-REPLAY-3, MG-REPLAY-4; the budget of --max-events too (MG-TRACK-6) */
int mg_fight_replay(const mg_cli *o, const char *file, int json,
                    uint64_t max_events, size_t max_bytes)
{
	const ut_cli *ui = &o->ui;
	char name[UT_CLI_NAME_MAX];
	const char *shown = ut_cli_shown_name(name, file);
	mg_lang lang = (mg_lang)ui->lang;
	mg_replay r = MG_REPLAY_INIT;
	mg_replay_player p;
	mg_scenario_doc *doc = NULL;
	mg_combat_opts co = MG_COMBAT_OPTS_INIT;
	mg_combat *c = NULL;
	mg_log *log = NULL;
	ut_dice dice;
	char *text = NULL;
	size_t len = 0;
	int status, rc;

	status = mg_cli_replay_load(ui, file, shown, &r, &doc, &text, &len,
	                            max_bytes);
	if (status != UT_EXIT_OK)
		goto out;
	mg_replay_player_init(&p, &r, lang);
	ut_dice_callback(&dice, mg_replay_dice, &p, r.seed);
	if (mg_log_new(&log, json ? MG_LOG_JSON : MG_LOG_TEXT, lang, NULL,
	               NULL) < 0)
		goto oom;
	if (r.has_seed)
		mg_log_set_seed(log, r.seed);
	co.dice = &dice;
	co.max_events = max_events; /* MG-BUDGET-1 */
	co.on_event = mg_log_event;
	co.event_ud = log;
	if (mg_combat_new(&c, mg_scenario_doc_scenario(doc), &co) < 0) {
		char tr[1100];
		mg_cli_replay_located(shown, text, len, 0, 0,
		        mg_cli_stop_text(tr, sizeof(tr), mg_error_last(),
		                         ui->lang));
		status = UT_EXIT_INPUT;
		goto out;
	}
	rc = mg_replay_play(&p, c);
	if (rc < 0) {
		char msg[1024], tr[1100];
		snprintf(msg, sizeof(msg), "%s", mg_error_last());
		/* the log up to the bad item, then where it is */
		if (json)
			mg_log_finish(log, c, rc);
		if (print_log(log) < 0)
			goto write_error;
		if (rc == MG_ELIMIT) /* MG-BUDGET-1: no fault of the item */
			mg_cli_budget_spent(ui, "fight", max_events,
			                    mg_combat_round(c));
		else
			mg_cli_replay_located(shown, text, len, p.loc.line, p.loc.col,
			        mg_cli_stop_text(tr, sizeof(tr), msg, ui->lang));
		status = UT_EXIT_INPUT;
		goto out;
	}
	if (!p.ended || json) {
		if (mg_log_finish(log, c, 0) < 0)
			goto oom;
	}
	if (print_log(log) < 0)
		goto write_error;
	if (p.ended)
		/* MG-REPLAY-4: a session that quit replays up to where it quit */
		fprintf(stderr, UT_TR(ui, "%s: note: リプレイは戦闘の終わりより前"
		                          "（ラウンド%lld）で終わっています\n",
		                      "%s: note: the replay ends before the combat "
		                      "does (round %lld)\n"),
		        shown, (long long)mg_combat_round(c));
	status = UT_EXIT_OK;
	goto out;
oom:
	ut_cli_error(ui, "%s", mg_error_last());
	status = UT_EXIT_INPUT;
	goto out;
write_error: /* stdout: ut_cli_exit says why */
	status = UT_EXIT_INPUT;
out:
	mg_combat_free(c);
	mg_log_free(log);
	mg_scenario_doc_free(doc);
	mg_replay_free(&r);
	free(text);
	return status;
}
