/*
 * status.c - the standings document of `hill status`: text (the table of
 * the replies), JSON ({"name", "size", "address", "points": {"win",
 * "draw", "loss"}, "standings": [{"rank", "name", "player", "wins",
 * "draws", "losses", "points", "margin", "entered"}]}) and one
 * self-contained HTML page with how to enter (the hill's address, size,
 * scoring, an example mail, the directives), the table and the league's heat map
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
#include <sodium.h>

#include "amaryllis/engine.h"
#include "amaryllis/league.h"
#include "amaryllis/render.h"
#include "amaryllis/sheet.h"
#include "util/error.h"

#include "hill_db.h"
#include "util/json.h"

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
	/* what a player needs to enter: where to mail, how results score */
	json_object_set_new(root, "address", json_string(h->address));
	json_object_set_new(root, "points", json_pack("{sIsIsI}",
	                    "win", (json_int_t)h->points[0],
	                    "draw", (json_int_t)h->points[1],
	                    "loss", (json_int_t)h->points[2]));
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
	ut_json_short_reals(s);
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
			rc = ut_error_set_tr(AM_ERROR, "保存された「%s」のシートが読めません",
			                     "stored sheet of %s is unreadable", m[i].name);
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

/* The directives of a mail, as docs/HILL.md lists them: the keywords and
 * what they do, in Japanese, then in English. */
static const char *const directives[][4] = {
	{"#entry / #登録", "シートを登録する（省略時）",
	 "#entry / #登録", "enter the sheet (the default)"},
	{"#test / #テスト", "丘と戦わせるだけで何も保存しない（パスワード不要）",
	 "#test / #テスト", "fight the hill but store nothing (no password needed)"},
	{"#withdraw 名前 / #撤退 名前", "自分のユニットを取り下げる（#password が必要）",
	 "#withdraw NAME / #撤退 NAME", "withdraw your unit NAME (needs #password)"},
	{"#password 合言葉 / #パスワード 合言葉",
	 "ユニットの持ち主の合言葉（初回に決める、8文字以上）",
	 "#password SECRET / #パスワード SECRET",
	 "the owner's secret (chosen at the first entry, 8 characters or more)"},
	{"#name 名前 / #名前 名前", "順位表に出すプレイヤー名",
	 "#name PLAYER / #名前 PLAYER", "the player's name shown in the standings"},
	{"#status / #順位", "順位表だけを返信する",
	 "#status / #順位", "reply with the standings only"},
	{"#lang en / #lang ja", "返信の言語", "#lang en / #lang ja",
	 "the language of the reply"},
	{"#logs / #ログ", "戦闘ログを添付する", "#logs / #ログ", "attach the battle logs"},
};

/* "How to enter" of the standings page: the hill's address, its size and
 * scoring, a minimal example mail and the directives (docs/HILL.md). */
static void howto_html(am_hill *h, am_lang lang, ut_buf *b)
{
	size_t i;

	ut_buf_puts(b, UT_TRL(lang, "<h2>参加のしかた</h2>\n<p>ユニットシートを ",
	                      "<h2>How to enter</h2>\n<p>Mail your unit sheet to "));
	ut_buf_puts(b, "<a href=\"mailto:");
	ut_buf_xml(b, h->address);
	ut_buf_puts(b, "\"><code>");
	ut_buf_xml(b, h->address);
	ut_buf_puts(b, "</code></a>");
	ut_buf_printf(b, UT_TRL(lang,
		" あてにメールで送ってください。返信で対戦結果と順位が届きます。</p>\n"
		"<p>丘の定員は %zu 体%sです。新しいユニットは全員と1回ずつ戦い、"
		"勝ち %lld 点・引き分け %lld 点・負け %lld 点。同点はＨＰ差"
		"（各戦闘の終わりの自分のＨＰ − 相手のＨＰ、の合計）の大きい方、それも同じなら"
		"先に登録した方が上位です。定員を超えると最下位が押し出されます。</p>\n",
		". The reply gives your battles and your rank.</p>\n"
		"<p>The hill holds at most %zu unit%s. A new unit fights every member "
		"once: a win scores %lld points, a draw %lld, a loss %lld. Ties go to "
		"the larger HP margin (your final HP minus the opponent's, summed "
		"over the battles), "
		"then to the older entry. When the hill is over its size, the last "
		"is pushed off.</p>\n"),
		h->size, lang == AM_LANG_EN && h->size != 1 ? "s" : "",
		(long long)h->points[0], (long long)h->points[1],
		(long long)h->points[2]);
	ut_buf_puts(b, UT_TRL(lang, "<h3>メールの例</h3>\n<pre class=\"mail\">To: ",
	                      "<h3>An example mail</h3>\n<pre class=\"mail\">To: "));
	ut_buf_xml(b, h->address);
	ut_buf_puts(b, UT_TRL(lang,
		"\nSubject: 登録\n\n#パスワード 八文字以上の合言葉\n#名前 あなたの名前\n",
		"\nSubject: entry\n\n#password eight-or-more-characters\n"
		"#name Your name\n"));
	ut_buf_puts(b, "グリスク：１０／１／１／２／シールド、スピア、スピア、ブースト\n"
	               "・シールド：防御力＋２＜リミテッド＞\n"
	               "・スピア：直接攻撃＜遅延起動４＞＜効果２倍＞\n"
	               "・ブースト：攻撃力＋１</pre>\n");
	ut_buf_puts(b, UT_TRL(lang,
		"<h3>指示</h3>\n<p>本文の最初の行に、シートより前に書きます。</p>\n"
		"<div class=\"scroll\"><table>\n",
		"<h3>Directives</h3>\n<p>Lines at the top of the body, before the "
		"sheet.</p>\n<div class=\"scroll\"><table>\n"));
	for (i = 0; i < sizeof(directives) / sizeof(directives[0]); i++) {
		ut_buf_puts(b, "<tr><td><code>");
		ut_buf_xml(b, directives[i][lang == AM_LANG_EN ? 2 : 0]);
		ut_buf_puts(b, "</code></td><td>");
		ut_buf_xml(b, directives[i][lang == AM_LANG_EN ? 3 : 1]);
		ut_buf_puts(b, "</td></tr>\n");
	}
	ut_buf_puts(b, "</table></div>\n");
}

/* The page's one <style>, whole (am_hill_html_style_csp hashes it). */
static const char page_style[] =
	"\nbody{font-family:sans-serif;margin:2em}"
	"table{border-collapse:collapse}"
	"th,td{border:1px solid #999;padding:.2em .6em}"
	"td.n{text-align:right}"
	"pre.mail{background:#f6f6f6;padding:.5em .8em;"
	"font-family:\"Noto Sans Mono CJK JP\",\"IPAGothic\",monospace;"
	"white-space:pre-wrap;overflow-wrap:anywhere}"
	/* on a phone the page is no wider than the screen: the tables and
	 * the heat map scroll in their boxes */
	".scroll{overflow-x:auto;max-width:100%}"
	"table.standings th,table.standings td{white-space:nowrap}"
	"@media(max-width:600px){body{margin:.8em}}"
	"\n";

void am_hill_html_style_csp(char out[AM_HILL_STYLE_CSP_SIZE])
{
	unsigned char h[crypto_hash_sha256_BYTES];

	/* 'sha256-' + base64 (with padding) of the hash, as CSP Level 2's
	 * hash-source; 44 characters for 32 bytes (libsodium started first,
	 * as its manual asks; the hash needs nothing it could fail to set
	 * up, so a failure changes nothing here) */
	if (sodium_init() < 0) {
	}
	crypto_hash_sha256(h, (const unsigned char *)page_style,
	                   sizeof(page_style) - 1);
	memcpy(out, "'sha256-", 8);
	sodium_bin2base64(out + 8, AM_HILL_STYLE_CSP_SIZE - 9, h, sizeof(h),
	                  sodium_base64_VARIANT_ORIGINAL);
	strcat(out, "'");
}

static int status_html(am_hill *h, hill_member *m, size_t n, am_lang lang,
                       ut_buf *b)
{
	size_t i;
	char num[64];

	ut_buf_puts(b, "<!DOCTYPE html>\n<html lang=\"");
	ut_buf_puts(b, lang == AM_LANG_EN ? "en" : "ja");
	ut_buf_puts(b, "\">\n<head>\n<meta charset=\"utf-8\">\n<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>");
	ut_buf_xml(b, h->name);
	ut_buf_puts(b, "</title>\n<style>");
	ut_buf_puts(b, page_style);
	ut_buf_puts(b, "</style>\n</head>\n<body>\n<h1>");
	ut_buf_xml(b, h->name);
	ut_buf_puts(b, "</h1>\n<p class=\"count\">");
	ut_buf_printf(b, UT_TRL(lang, "%zu 体（定員 %zu）", "%zu members of at most %zu"),
	              n, h->size);
	ut_buf_puts(b, "</p>\n");
	howto_html(h, lang, b);
	ut_buf_puts(b, UT_TRL(lang, "<h2>順位表</h2>\n", "<h2>Standings</h2>\n"));
	ut_buf_puts(b, "<div class=\"scroll\"><table class=\"standings\">\n<tr>");
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
	ut_buf_puts(b, "</table></div>\n");
	if (n > 0) {
		int rc;
		ut_buf_puts(b, "<div class=\"scroll\">\n");
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
		return rc == AM_ENOMEM ? am_hill_oom(rc) : rc;
	}
	*out = b.ptr ? b.ptr : strdup("");
	*len = b.len;
	return *out ? 0 : am_hill_oom(AM_ENOMEM);
}
