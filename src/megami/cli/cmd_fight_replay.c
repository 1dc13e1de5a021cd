/*
 * cmd_fight_replay.c - `megami fight --replay FILE` (docs/MEGAMI.md
 * "Tracker and replays", MG-REPLAY-*): play a replay saved by `megami
 * track` (or written by hand) and print the combat's log, the same log the
 * session showed.  A bad replay is FILE:LINE:COL: error: …, exit 1.
 *
 * Also the scenario reading that cmd_track.c shares (track.h).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "track.h"

#include "megami/combat.h"
#include "megami/render.h"
#include "megami/replay.h"

int mg_track_read(const ut_cli *ui, const char *path, char **text,
                  size_t *len)
{
	const char *shown = strcmp(path, "-") == 0 ? "<stdin>" : path;
	FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
	int err;

	if (!f) {
		fprintf(stderr, UT_TR(ui, "%s: error: 開けません：%s\n",
		                      "%s: error: cannot open: %s\n"),
		        shown, strerror(errno));
		return UT_EXIT_INPUT;
	}
	err = ut_cli_read(f, MG_TRACK_MAX_BYTES, text, len);
	if (f != stdin)
		fclose(f);
	if (err == EFBIG) {
		fprintf(stderr, UT_TR(ui, "%s: error: ファイルが大きすぎます（上限%zuバイト）\n",
		                      "%s: error: file too large (over %zu bytes)\n"),
		        shown, MG_TRACK_MAX_BYTES);
		return UT_EXIT_INPUT;
	}
	if (err) {
		fprintf(stderr, UT_TR(ui, "%s: error: 読めません：%s\n",
		                      "%s: error: cannot read: %s\n"),
		        shown, strerror(err));
		return UT_EXIT_INPUT;
	}
	return UT_EXIT_OK;
}

/* Line `line` (1-based) of text, for the caret under an error. */
static const char *nth_line(const char *text, size_t len, uint32_t line,
                            size_t *n)
{
	const char *s = text, *e = text + len;
	uint32_t i;

	for (i = 1; i < line && s < e; i++) {
		const char *nl = memchr(s, '\n', (size_t)(e - s));
		if (!nl)
			return NULL;
		s = nl + 1;
	}
	if (i != line || s > e)
		return NULL;
	{
		const char *nl = memchr(s, '\n', (size_t)(e - s));
		*n = nl ? (size_t)(nl - s) : (size_t)(e - s);
		if (*n > 0 && s[*n - 1] == '\r')
			(*n)--;
	}
	return s;
}

int mg_track_scenario_text(const ut_cli *ui, const char *shown,
                           const char *text, size_t len, uint32_t line_off,
                           uint32_t col_off, const char *outer,
                           size_t outer_len, mg_scenario_doc **doc)
{
	mg_parse_opts po = MG_PARSE_OPTS_INIT;
	size_t i, n;

	po.file = shown;
	if (mg_scenario_parse(doc, text, len, &po) < 0) {
		ut_cli_error(ui, "%s: %s", shown, mg_error_last());
		return UT_EXIT_INPUT;
	}
	if (mg_scenario_doc_scenario(*doc))
		return UT_EXIT_OK;
	n = mg_scenario_doc_diag_count(*doc);
	for (i = 0; i < n; i++) {
		const mg_diag *d = mg_scenario_doc_diag(*doc, i);
		char msg[1024];
		const char *line;
		size_t llen;
		mg_diag_format(msg, sizeof(msg), d, (mg_lang)ui->lang);
		fprintf(stderr, "%s:%u:%u: error: %s\n", shown,
		        (unsigned)(d->line + line_off),
		        (unsigned)(d->col + (d->col ? col_off : 0)), msg);
		if (outer) {
			if (d->col && (line = nth_line(outer, outer_len,
			                              d->line + line_off, &llen)))
				ut_cli_show_context(line, llen, d->col + col_off);
		} else if ((line = mg_scenario_doc_source_line(*doc, d->line,
		                                               &llen))) {
			ut_cli_show_context(line, llen, d->col);
		}
	}
	mg_scenario_doc_free(*doc);
	*doc = NULL;
	return UT_EXIT_INPUT;
}

int mg_track_scenario_file(const ut_cli *ui, const char *path,
                           mg_scenario_doc **doc)
{
	char *text = NULL;
	size_t len = 0;
	int rc = mg_track_read(ui, path, &text, &len);

	if (rc != UT_EXIT_OK)
		return rc;
	rc = mg_track_scenario_text(ui, strcmp(path, "-") == 0 ? "<stdin>" : path,
	                            text, len, 0, 0, NULL, 0, doc);
	free(text);
	return rc;
}

/* "FILE:LINE:COL: error: MSG" and the line with a caret (or "FILE: error:
 * MSG" without a place). */
static void located(const char *file, const char *text, size_t len,
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
	if ((l = nth_line(text, len, line, &n)))
		ut_cli_show_context(l, n, col);
}

static int print_log(const mg_log *log)
{
	size_t n;
	const char *s = mg_log_text(log, &n);

	if (n && fwrite(s, 1, n, stdout) != n)
		return -1;
	return fflush(stdout) == 0 ? 0 : -1;
}

/* MG-REPLAY-3, MG-REPLAY-4 */
int mg_fight_replay(const mg_cli *o, const char *file, int json)
{
	const ut_cli *ui = &o->ui;
	const char *shown = strcmp(file, "-") == 0 ? "<stdin>" : file;
	mg_lang lang = (mg_lang)ui->lang;
	mg_replay r = MG_REPLAY_INIT;
	mg_replay_loc loc;
	mg_replay_player p;
	mg_scenario_doc *doc = NULL;
	mg_combat_opts co = MG_COMBAT_OPTS_INIT;
	mg_combat *c = NULL;
	mg_log *log = NULL;
	ut_dice dice;
	char *text = NULL;
	size_t len = 0;
	int status, rc;

	if ((status = mg_track_read(ui, file, &text, &len)) != UT_EXIT_OK)
		return status;
	if (mg_replay_parse(&r, text, len, lang, &loc) < 0) {
		located(shown, text, len, loc.line, loc.col, mg_error_last());
		status = UT_EXIT_INPUT;
		goto out;
	}
	/* MG-REPLAY-1: the embedded scenario wins over the path */
	if (r.scenario_yaml)
		status = mg_track_scenario_text(ui, shown, r.scenario_yaml,
		                                r.scenario_yaml_len,
		                                r.yaml_line - 1, 2, text, len,
		                                &doc);
	else
		status = mg_track_scenario_file(ui, r.scenario_path, &doc);
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
	co.on_event = mg_log_event;
	co.event_ud = log;
	if (mg_combat_new(&c, mg_scenario_doc_scenario(doc), &co) < 0) {
		located(shown, text, len, 0, 0, mg_error_last());
		status = UT_EXIT_INPUT;
		goto out;
	}
	rc = mg_replay_play(&p, c);
	if (rc < 0) {
		char msg[1024];
		snprintf(msg, sizeof(msg), "%s", mg_error_last());
		/* the log up to the bad item, then where it is */
		if (json)
			mg_log_finish(log, c, rc);
		if (print_log(log) < 0)
			goto write_error;
		located(shown, text, len, p.loc.line, p.loc.col, msg);
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
		fprintf(stderr, UT_TR(ui, "%s: 注意: リプレイは戦闘の終わりより前"
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
write_error:
	ut_cli_error(ui, UT_TR(ui, "出力を書けません", "cannot write the output"));
	status = UT_EXIT_INPUT;
out:
	mg_combat_free(c);
	mg_log_free(log);
	mg_scenario_doc_free(doc);
	mg_replay_free(&r);
	free(text);
	return status;
}
