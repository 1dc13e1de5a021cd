/*
 * status.c - the standings document of `hill status`: text (the table of
 * the replies), JSON ({"name", "size", "address", "points": {"win",
 * "draw", "loss"}, "standings": [{"rank", "name", "player", "wins",
 * "draws", "losses", "points", "margin", "entered"}]}) and one
 * self-contained HTML page with how to enter (the hill's address, size,
 * scoring, an example mail, the directives), the table and the league's heat map
 * (am_render_heatmap, from the stored result of each pair of members, the
 * ones the table counts: no battle is played), and that heat map
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

/* The standings as JSON (AM_HILL_JSON) onto b; AM_ENOMEM when any part
 * could not be made: never a document with a key or a member missing. */
static int status_json(am_hill *h, hill_member *m, size_t n, ut_buf *b)
{
	json_t *root = json_object(), *arr = json_array();
	size_t i;
	char *s = NULL;
	int bad = !root || !arr;

	if (!bad) {
		/* (init takes only UTF-8 for both: "?" stands for the name or
		 * the address of a hill made before it checked) */
		bad |= ut_json_put(root, "name", ut_json_text(h->name,
		                   strlen(h->name), "?"));
		bad |= ut_json_put(root, "size", json_integer((json_int_t)h->size));
		/* what a player needs to enter: where to mail, how results
		 * score */
		bad |= ut_json_put(root, "address", ut_json_text(h->address,
		                   strlen(h->address), "?"));
		bad |= ut_json_put(root, "points", json_pack("{sIsIsI}",
		           "win", (json_int_t)h->points[0],
		           "draw", (json_int_t)h->points[1],
		           "loss", (json_int_t)h->points[2]));
	}
	for (i = 0; i < n && !bad; i++) {
		json_t *o = json_object();
		/* o is arr's once appended (the append that fails releases it) */
		if (!o || json_array_append_new(arr, o) != 0) {
			bad = 1;
			break;
		}
		bad |= ut_json_put(o, "rank", json_integer((json_int_t)(i + 1)));
		bad |= ut_json_put(o, "name", json_string(m[i].name));
		bad |= ut_json_put(o, "player", m[i].player ? json_string(m[i].player)
		                                    : json_null());
		bad |= ut_json_put(o, "wins", json_integer(m[i].wins));
		bad |= ut_json_put(o, "draws", json_integer(m[i].draws));
		bad |= ut_json_put(o, "losses", json_integer(m[i].losses));
		bad |= ut_json_put(o, "points", json_integer(m[i].points));
		bad |= ut_json_put(o, "margin", json_integer(m[i].margin));
		bad |= ut_json_put(o, "entered", json_string(m[i].entered));
	}
	if (!bad) {
		bad = ut_json_put(root, "standings", arr);
		arr = NULL; /* root's, or released by the set that failed */
	}
	if (!bad)
		s = ut_json_dumps(root, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
	ut_json_short_reals(s);
	json_decref(root);
	json_decref(arr);
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

/* An id and where it is in the standings (id order, for bsearch). */
typedef struct id_at {
	int64_t id;
	size_t at;
} id_at;

static int id_cmp(const void *pa, const void *pb)
{
	const id_at *a = pa, *b = pb;

	return a->id < b->id ? -1 : a->id > b->id;
}

/* The stored results of the members m[0 .. n) (standings order) as a
 * league (am_league_new_table): each pair's outcome, each member's
 * totals as the standings counted them.  Read inside the caller's read
 * transaction, with the standings.  No battle is played: a GET of the
 * heat map costs the hill reads only (a replay of the round robin cost up
 * to n(n − 1)/2 battles a request). */
static int stored_league(am_hill *h, const hill_member *m, size_t n,
                         am_league **out)
{
	id_at *ids = calloc(n + 1, sizeof(*ids));
	int64_t *counts = calloc(n * AM_LEAGUE_COUNTS_PER_ENTRY + 1,
	                         sizeof(*counts));
	am_league *lg = NULL;
	sqlite3_stmt *st = NULL;
	size_t i;
	int rc;

	*out = NULL;
	if (!ids || !counts || am_league_new_table(&lg, n) < 0) {
		rc = AM_ENOMEM;
		goto out;
	}
	for (i = 0; i < n; i++) {
		int64_t *c = counts + i * AM_LEAGUE_COUNTS_PER_ENTRY;
		ids[i].id = m[i].id;
		ids[i].at = i;
		c[0] = m[i].wins;
		c[1] = m[i].draws;
		c[2] = m[i].losses;
		c[3] = 0; /* a battle that stopped entered nobody */
		c[4] = m[i].margin;
	}
	qsort(ids, n, sizeof(*ids), id_cmp);
	if ((rc = am_league_set_counts(lg, counts,
	                               n * AM_LEAGUE_COUNTS_PER_ENTRY)) < 0 ||
	    (rc = am_hill_prepare(h, &st, "SELECT a, b, outcome FROM results")) < 0)
		goto out;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		id_at ka = {sqlite3_column_int64(st, 0), 0};
		id_at kb = {sqlite3_column_int64(st, 1), 0};
		const id_at *a = bsearch(&ka, ids, n, sizeof(*ids), id_cmp);
		const id_at *b = bsearch(&kb, ids, n, sizeof(*ids), id_cmp);
		int oc = sqlite3_column_int(st, 2);
		/* stored as outcome_of (hill.c): 1 a won, 3 b won, 2 drawn */
		if (a && b && a != b)
			am_league_set_outcome(lg, a->at, b->at,
			                      oc == 1 ? AM_PAIR_WIN :
			                      oc == 3 ? AM_PAIR_LOSS : AM_PAIR_DRAW);
	}
	rc = rc == SQLITE_DONE ? 0 : am_hill_db_fail(h, rc, "database");
out:
	sqlite3_finalize(st);
	free(ids);
	free(counts);
	if (rc < 0)
		am_league_free(lg);
	else
		*out = lg;
	return rc;
}

/* The heat map of the members' round robin (lg: stored_league), in
 * standings order: a standalone SVG document, or (in_html) without its
 * XML declaration, to sit inside an HTML page. */
static int heatmap(const am_league *lg, hill_member *m, size_t n,
                   am_lang lang, int in_html, ut_buf *b)
{
	const char **names = calloc(n + 1, sizeof(*names));
	am_standing *st = calloc(n + 1, sizeof(*st));
	size_t i;
	int rc = AM_ENOMEM;

	if (!names || !st)
		goto out;
	for (i = 0; i < n; i++) {
		names[i] = m[i].name;
		st[i].entry = i;
		st[i].rank = i + 1;
		st[i].row = *am_league_row_of(lg, i);
		st[i].points = m[i].points;
	}
	{
		am_league_view v = {lg, st, names, names, 0, NULL, NULL};
		ut_buf svg = UT_BUF_INIT;
		rc = am_render_heatmap(&v, lang, buf_write, &svg);
		/* the writer fails only when svg cannot grow: out of memory,
		 * not "cannot write the output" */
		if (rc < 0 && svg.failed)
			rc = AM_ENOMEM;
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
	/* AM-UNIT-10: a phone's signature below the sheet (player review
	 * 2026-12-07: the page never said how) */
	ut_buf_puts(b, UT_TRL(lang,
		"<p>署名（「iPhoneから送信」も）は、シートの下に <code>--</code> "
		"だけの行を置いてから書きます（<code>－－</code> や <code>ーー</code> "
		"でも同じ）。その行から下は読みません。</p>\n",
		"<p>Put a line <code>--</code> (or <code>－－</code>) between the "
		"sheet and a signature below it (\"Sent from my phone\" too): "
		"nothing below that line is read.</p>\n"));
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

static int status_html(am_hill *h, const am_league *league, hill_member *m,
                       size_t n, am_lang lang, ut_buf *b)
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
	if (n == 0) /* as the text says it (review 2026-12-06: a bare header) */
		ut_buf_puts(b, UT_TRL(lang, "<tr><td colspan=\"9\">（まだ誰もいません）</td></tr>\n",
		                      "<tr><td colspan=\"9\">(nobody yet)</td></tr>\n"));
	ut_buf_puts(b, "</table></div>\n");
	if (n > 0) {
		int rc;
		ut_buf_puts(b, "<div class=\"scroll\">\n");
		if ((rc = heatmap(league, m, n, lang, 1, b)) < 0)
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
	am_league *league = NULL;
	int rc;
	am_lang lg = lang == AM_LANG_EN ? AM_LANG_EN : AM_LANG_JA;

	*out = NULL;
	*len = 0;
	if ((rc = am_hill_exec(h, "BEGIN")) < 0)
		return rc;
	rc = am_hill_standings(h, &m, &n);
	/* the heat map's results, in the same read transaction */
	if (rc == 0 && n > 0 &&
	    (format == AM_HILL_HTML || format == AM_HILL_SVG) &&
	    (rc = stored_league(h, m, n, &league)) < 0)
		am_hill_members_free(m, n);
	am_hill_exec(h, "COMMIT");
	if (rc < 0)
		return rc == AM_ENOMEM ? am_hill_oom(rc) : rc;
	if (format == AM_HILL_JSON) {
		rc = status_json(h, m, n, &b);
	} else if (format == AM_HILL_HTML) {
		rc = status_html(h, league, m, n, lg, &b);
	} else if (format == AM_HILL_SVG && n > 0) {
		rc = heatmap(league, m, n, lg, 0, &b);
	} else if (format == AM_HILL_SVG) {
		/* no member, no results: an image with nothing in it */
		ut_buf_puts(&b, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
		                "<svg xmlns=\"http://www.w3.org/2000/svg\" "
		                "width=\"0\" height=\"0\"/>\n");
	} else {
		ut_buf_printf(&b, UT_TRL(lg, "%s の順位表（%zu／%zu）:\n",
		                    "Standings of %s (%zu of %zu):\n"),
		              h->name, n, h->size);
		am_hill_table_text(&b, m, n, lg, 0);
	}
	am_hill_members_free(m, n);
	am_league_free(league);
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
