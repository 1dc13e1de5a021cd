/*
 * status.c - the standings document of `hill status`: text (the table of
 * the replies), JSON ({"name", "size", "standings": [{"rank", "name",
 * "player", "wins", "draws", "losses", "points", "margin", "entered"}]}) and
 * one self-contained HTML page with the table and the league's heat map
 * (am_render_heatmap, from a replay of the members' round robin: battles
 * are deterministic, so it shows the stored results), and that heat map
 * alone as an SVG image (for a page that shows the table itself: the web
 * page's hill tab).
 *
 * The standings are read in a read transaction, so they are one consistent
 * state even while mail is being processed.
 *
 * No owner's address is ever shown: these documents are public (the web
 * page, a host's page).  A member shows the display name its player chose
 * ("player": #name, or the From's display name; null when none).
 */
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "amaryllis/engine.h"
#include "amaryllis/league.h"
#include "amaryllis/render.h"
#include "amaryllis/sheet.h"
#include "util/error.h"

#include "hill_db.h"

static int status_json(am_hill *h, hill_member *m, size_t n, ut_buf *b)
{
	json_t *root = json_object(), *arr = json_array();
	size_t i;
	char *s;

	if (!root || !arr) {
		json_decref(root);
		json_decref(arr);
		return AM_ENOMEM;
	}
	json_object_set_new(root, "name", json_string(h->name));
	json_object_set_new(root, "size", json_integer((json_int_t)h->size));
	for (i = 0; i < n; i++) {
		json_t *o = json_object();
		json_object_set_new(o, "rank", json_integer((json_int_t)(i + 1)));
		json_object_set_new(o, "name", json_string(m[i].name));
		json_object_set_new(o, "player", m[i].player ?
		                    json_string(m[i].player) : json_null());
		json_object_set_new(o, "wins", json_integer(m[i].wins));
		json_object_set_new(o, "draws", json_integer(m[i].draws));
		json_object_set_new(o, "losses", json_integer(m[i].losses));
		json_object_set_new(o, "points", json_integer(m[i].points));
		json_object_set_new(o, "margin", json_integer(m[i].margin));
		json_object_set_new(o, "entered", json_string(m[i].entered));
		json_array_append_new(arr, o);
	}
	json_object_set_new(root, "standings", arr);
	s = json_dumps(root, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
	json_decref(root);
	if (!s)
		return AM_ENOMEM;
	ut_buf_puts(b, s);
	ut_buf_puts(b, "\n");
	free(s);
	return 0;
}

static int buf_write(void *ud, const char *data, size_t len)
{
	return ut_buf_put((ut_buf *)ud, data, len) != 0;
}

/* The heat map of the members' round robin, in standings order: a
 * standalone SVG document, or (in_html) without its XML declaration, to
 * sit inside an HTML page. */
static int heatmap(hill_member *m, size_t n, am_lang lang, int in_html,
                   ut_buf *b)
{
	am_sheet **sheets = calloc(n + 1, sizeof(*sheets));
	am_program **progs = calloc(n + 1, sizeof(*progs));
	const char **names = calloc(n + 1, sizeof(*names));
	am_standing *st = calloc(n + 1, sizeof(*st));
	am_league_opts lo = AM_LEAGUE_OPTS_INIT;
	am_league *lg = NULL;
	size_t i;
	int rc = AM_ENOMEM;

	if (!sheets || !progs || !names || !st)
		goto out;
	for (i = 0; i < n; i++) {
		if ((rc = am_sheet_parse(&sheets[i], m[i].sheet, m[i].sheet_len,
		                         NULL)) < 0)
			goto out;
		if (!am_sheet_ok(sheets[i]) ||
		    (rc = am_program_new(&progs[i], am_sheet_team(sheets[i]))) < 0) {
			rc = ut_error_set(AM_ERROR, "stored sheet of %s is unreadable",
			                  m[i].name);
			goto out;
		}
		names[i] = m[i].name;
	}
	lo.keep_table = 1;
	if ((rc = am_league_run(&lg, (const am_program *const *)progs, n, &lo)) < 0)
		goto out;
	for (i = 0; i < n; i++) {
		const am_league_row *r = am_league_row_of(lg, i);
		st[i].entry = i;
		st[i].rank = i + 1;
		st[i].row = *r;
		st[i].points = m[i].points;
	}
	{
		am_league_view v = {lg, st, names, names, 0, NULL, NULL};
		ut_buf svg = UT_BUF_INIT;
		rc = am_render_heatmap(&v, lang, buf_write, &svg);
		if (rc == 0 && svg.ptr) {
			/* inline SVG in HTML takes no XML declaration */
			const char *p = svg.ptr;
			if (in_html && strncmp(p, "<?xml", 5) == 0 &&
			    strstr(p, "?>")) {
				p = strstr(p, "?>") + 2;
				while (*p == '\n')
					p++;
			}
			ut_buf_puts(b, p);
		}
		ut_buf_free(&svg);
	}
out:
	am_league_free(lg);
	for (i = 0; sheets && progs && i < n; i++) {
		am_program_free(progs[i]);
		am_sheet_free(sheets[i]);
	}
	free(sheets);
	free(progs);
	free(names);
	free(st);
	return rc;
}

static int status_html(am_hill *h, hill_member *m, size_t n, am_lang lang,
                       ut_buf *b)
{
	size_t i;
	char num[64];

	ut_buf_puts(b, "<!DOCTYPE html>\n<html lang=\"");
	ut_buf_puts(b, lang == AM_LANG_EN ? "en" : "ja");
	ut_buf_puts(b, "\">\n<head>\n<meta charset=\"utf-8\">\n<title>");
	ut_buf_xml(b, h->name);
	ut_buf_puts(b, "</title>\n<style>\nbody{font-family:sans-serif;margin:2em}"
	               "table{border-collapse:collapse}"
	               "th,td{border:1px solid #999;padding:.2em .6em}"
	               "td.n{text-align:right}\n</style>\n</head>\n<body>\n<h1>");
	ut_buf_xml(b, h->name);
	ut_buf_printf(b, "</h1>\n<p>%zu / %zu</p>\n<table>\n<tr>", n, h->size);
	ut_buf_puts(b, UT_TRL(lang, "<th>順位</th><th>名前</th><th>プレイヤー</th><th>勝</th>"
	                       "<th>分</th><th>負</th><th>勝ち点</th><th>ＨＰ差</th>"
	                       "<th>登録</th>",
	                 "<th>rank</th><th>name</th><th>player</th><th>wins</th>"
	                 "<th>draws</th><th>losses</th><th>points</th>"
	                 "<th>margin</th><th>entered</th>"));
	ut_buf_puts(b, "</tr>\n");
	for (i = 0; i < n; i++) {
		ut_buf_printf(b, "<tr><td class=\"n\">%zu</td><td>", i + 1);
		ut_buf_xml(b, m[i].name);
		ut_buf_puts(b, "</td><td>");
		ut_buf_xml(b, m[i].player ? m[i].player : "-");
		ut_buf_printf(b, "</td><td class=\"n\">%lld</td><td class=\"n\">%lld"
		              "</td><td class=\"n\">%lld</td><td class=\"n\">%lld</td>",
		              (long long)m[i].wins, (long long)m[i].draws,
		              (long long)m[i].losses, (long long)m[i].points);
		snprintf(num, sizeof(num), "%+lld", (long long)m[i].margin);
		ut_buf_printf(b, "<td class=\"n\">%s</td><td>", num);
		ut_buf_xml(b, m[i].entered);
		ut_buf_puts(b, "</td></tr>\n");
	}
	ut_buf_puts(b, "</table>\n");
	if (n > 0) {
		int rc;
		ut_buf_puts(b, "<div>\n");
		if ((rc = heatmap(m, n, lang, 1, b)) < 0)
			return rc;
		ut_buf_puts(b, "</div>\n");
	}
	ut_buf_puts(b, "</body>\n</html>\n");
	return 0;
}

int am_hill_status(char **out, size_t *len, am_hill *h, int format, int lang)
{
	hill_member *m;
	size_t n;
	ut_buf b = UT_BUF_INIT;
	int rc;
	am_lang lg = lang == AM_LANG_EN ? AM_LANG_EN : AM_LANG_JA;

	*out = NULL;
	*len = 0;
	if ((rc = am_hill_exec(h, "BEGIN")) < 0)
		return rc;
	rc = am_hill_standings(h, &m, &n);
	am_hill_exec(h, "COMMIT");
	if (rc < 0)
		return rc;
	if (format == AM_HILL_JSON) {
		rc = status_json(h, m, n, &b);
	} else if (format == AM_HILL_HTML) {
		rc = status_html(h, m, n, lg, &b);
	} else if (format == AM_HILL_SVG && n > 0) {
		rc = heatmap(m, n, lg, 0, &b);
	} else if (format == AM_HILL_SVG) {
		/* no member, no league to replay: an image with nothing in it */
		ut_buf_puts(&b, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
		                "<svg xmlns=\"http://www.w3.org/2000/svg\" "
		                "width=\"0\" height=\"0\"/>\n");
	} else {
		ut_buf_printf(&b, UT_TRL(lg, "%s の順位表（%zu／%zu）:\n",
		                    "Standings of %s (%zu of %zu):\n"),
		              h->name, n, h->size);
		am_hill_table_text(&b, m, n, lg);
	}
	am_hill_members_free(m, n);
	if (rc == 0 && b.failed)
		rc = AM_ENOMEM;
	if (rc < 0) {
		ut_buf_free(&b);
		return rc == AM_ENOMEM ? ut_error_set(rc, "out of memory") : rc;
	}
	*out = b.ptr ? b.ptr : strdup("");
	*len = b.len;
	return *out ? 0 : ut_error_set(AM_ENOMEM, "out of memory");
}
