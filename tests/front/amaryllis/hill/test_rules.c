/*
 * test_rules.c - the hill's rules through am_hill_process: standings
 * order, push-off, ownership, idempotence, loops (docs/HILL.md).
 *
 * Battle results used below, derived by hand (the same derivations as
 * tests/amaryllis/golden/league_small.cmd, RULINGS B4 scores):
 *   ヌト beats グリスク: the rules' worked example, scores 1 vs −1
 *     (margin ±2);
 *   グリスク beats 甲 (passive, ＨＰ 10, 防御力 0): 攻撃力 2, 3, 4 in
 *     T1–T3, T4 スピア 4×2 − 0 = 8 → 2, again 8 → −6: scores 10 vs −6;
 *   ヌト beats 甲: T2 魔法剣 ⌈10÷2⌉ = 5 → 5, T3 絶対剣 3 → 2, T4 3 → −1:
 *     scores 10 vs −1;
 *   甲 vs 乙: nobody acts, 10 vs 10, a draw.
 * Rules: LG-PAIR-1 (every pair once), LG-POINTS-1 (3/1/0 by default).
 */
#include <sqlite3.h>

#include "hill/hill_fixture.h"

#include "amaryllis/sheet.h"
#include "support/fail_alloc.h"

#define GRISK "examples/grisk.txt"
#define NUT "examples/nut.txt"
#define KOU "tests/amaryllis/golden/league/kou.txt"
#define OTSU "tests/amaryllis/golden/league/otsu.txt"

/*
 * Enter グリスク, ヌト, 甲 in that order (size 3, 3/1/0):
 *   ヌト    2-0-0  6 points  margin +2 + 11       = +13
 *   グリスク 1-0-1  3 points  margin −2 + 16       = +14
 *   甲      0-0-2  0 points  margin −16 − 11      = −27
 * Points first: ヌト, グリスク, 甲 (although グリスク's margin is larger).
 */
static void standings_by_points(void **state)
{
	fx f;
	char *s;

	fx_open(&f, 3);
	fx_enter(&f, "a@example.net", "g1@x", "pass-aaa", GRISK);
	assert_string_equal(f.result, "entered");
	fx_enter(&f, "b@example.net", "n1@x", "pass-bbb", NUT);
	assert_string_equal(f.result, "entered");
	/* ヌト (side 0) against グリスク: a win, ＨＰ 1 vs −1 */
	assert_non_null(strstr(f.body, "勝  ＨＰ 1 対 -1"));
	fx_enter(&f, "c@example.net", "k1@x", "pass-ccc", KOU);
	assert_non_null(strstr(f.body, "負  ＨＰ -6 対 10")); /* vs グリスク */
	assert_non_null(strstr(f.body, "負  ＨＰ -1 対 10")); /* vs ヌト */
	s = fx_status(&f, AM_HILL_TEXT, AM_LANG_EN);
	assert_string_equal(s,
		"Standings of Test Hill (3 of 3):\n"
		"rank  name      W-D-L        points    margin\n"
		"   1  ヌト      2-0-0             6       +13\n"
		"   2  グリスク  1-0-1             3       +14\n"
		"   3  甲        0-0-2             0       -27\n");
	free(s);
	/* the HTML page: the table in rank order and the heat map inline */
	s = fx_status(&f, AM_HILL_HTML, AM_LANG_EN);
	assert_non_null(strstr(s, "<!DOCTYPE html>"));
	assert_true(strstr(s, "<td>ヌト</td>") < strstr(s, "<td>グリスク</td>"));
	assert_true(strstr(s, "<td>グリスク</td>") < strstr(s, "<td>甲</td>"));
	assert_non_null(strstr(s, "<td class=\"n\">+13</td>"));
	assert_non_null(strstr(s, "<svg"));
	assert_null(strstr(s, "<?xml"));
	assert_non_null(strstr(s, "</html>\n"));
	free(s);
	/* the heat map alone (AM_HILL_SVG, the web page's image): a standalone
	 * SVG document, one cell per pair in standings order (ヌト, グリスク,
	 * 甲), a cell the row's share of points against the column
	 * (am_render_heatmap, colour-blind safe: share 1 blue #2166ac, 0
	 * orange #e66101, no battle on the diagonal white), each naming its
	 * pair on hover; then the legend's swatches */
	s = fx_status(&f, AM_HILL_SVG, AM_LANG_EN);
	assert_memory_equal(s, "<?xml", 5);
	assert_null(strstr(s, "<table"));
	assert_null(strstr(s, "<html"));
	assert_true(strstr(s, "1. ヌト") < strstr(s, "2. グリスク"));
	assert_true(strstr(s, "2. グリスク") < strstr(s, "3. 甲"));
	assert_non_null(strstr(s, "<title>ヌト vs グリスク: row wins</title>"));
	assert_non_null(strstr(s, "<title>甲 vs ヌト: row loses</title>"));
	assert_non_null(strstr(s, ">League cross table: 3 in the league, each against "
	                          "each (by rank)</text>"));
	{
		static const char *const want[9] = {
			"#ffffff", "#2166ac", "#2166ac", /* ヌト: beat both */
			"#e66101", "#ffffff", "#2166ac", /* グリスク: lost to ヌト */
			"#e66101", "#e66101", "#ffffff", /* 甲: lost both */
		};
		const char *p = s;
		int k = 0;
		while ((p = strstr(p, "<rect class=\"cell\" ")) != NULL) {
			const char *fill = strstr(p, "fill=\"");
			assert_non_null(fill);
			assert_true(k < 9);
			assert_memory_equal(fill + 6, want[k], 7);
			k++;
			p = fill;
		}
		assert_int_equal(k, 9);
		assert_non_null(strstr(s, "<rect class=\"key\""));
	}
	assert_non_null(strstr(s, "</svg>\n"));
	free(s);
	fx_close(&f);

	/* no member: an empty image, still a valid document */
	fx_open(&f, 3);
	s = fx_status(&f, AM_HILL_SVG, AM_LANG_JA);
	assert_string_equal(s, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
	                       "<svg xmlns=\"http://www.w3.org/2000/svg\" "
	                       "width=\"0\" height=\"0\"/>\n");
	free(s);
	fx_close(&f);
}

/* The same three with points 0/0/0: all equal, so the margin decides:
 * グリスク +14, ヌト +13, 甲 −27. */
static void standings_by_margin(void **state)
{
	fx f;
	char *s, *g, *n, *k;

	fx_open_pts(&f, 3, 0, 0, 0);
	fx_enter(&f, "a@example.net", "g1@x", "pass-aaa", GRISK);
	fx_enter(&f, "b@example.net", "n1@x", "pass-bbb", NUT);
	fx_enter(&f, "c@example.net", "k1@x", "pass-ccc", KOU);
	s = fx_status(&f, AM_HILL_JSON, AM_LANG_EN);
	g = strstr(s, "\"name\": \"グリスク\"");
	n = strstr(s, "\"name\": \"ヌト\"");
	k = strstr(s, "\"name\": \"甲\"");
	assert_true(g && n && k && g < n && n < k);
	assert_non_null(strstr(s, "\"margin\": 14"));
	assert_non_null(strstr(s, "\"margin\": 13"));
	assert_non_null(strstr(s, "\"margin\": -27"));
	/* no address in public; no display name given: null */
	assert_null(strstr(s, "a@example.net"));
	assert_non_null(strstr(s, "\"player\": null"));
	assert_non_null(strstr(s, "\"size\": 3"));
	free(s);
	fx_close(&f);
}

/* 甲 and 乙 draw: equal points (1) and margin (0); the older entry, 甲
 * (entered first), ranks first although 乙 comes first by name. */
static void standings_older_first(void **state)
{
	fx f;
	char *s;

	fx_open(&f, 5);
	fx_enter(&f, "c@example.net", "k1@x", "pass-ccc", KOU);
	fx_enter(&f, "d@example.net", "o1@x", "pass-ddd", OTSU);
	assert_non_null(strstr(f.body, "分  ＨＰ 10 対 10"));
	s = fx_status(&f, AM_HILL_TEXT, AM_LANG_EN);
	assert_string_equal(s,
		"Standings of Test Hill (2 of 5):\n"
		"rank  name  W-D-L        points    margin\n"
		"   1  甲    0-1-0             1        +0\n"
		"   2  乙    0-1-0             1        +0\n");
	free(s);
	fx_close(&f);
}

/* The one queued notice (am_hill_next_notice), marked sent: its raw text
 * in *raw and its decoded body in *text (both owned); NULL, NULL when
 * there is none. */
static void one_notice(fx *f, char **raw, char **text)
{
	size_t len;
	char *n, *b;

	assert_int_equal(am_hill_next_notice(&n, &len, f->hill), 0);
	*raw = n;
	*text = NULL;
	if (!n)
		return;
	assert_int_equal(am_hill_mark_sent(f->hill), 0);
	assert_non_null(b = strstr(n, "\n\n"));
	*text = b64_decode(b + 2, strlen(b + 2));
}

/* The hill's standings (JSON) name `kept` and not `gone`. */
static void left_hill(fx *f, const char *gone, const char *kept)
{
	char *s = fx_status(f, AM_HILL_JSON, AM_LANG_EN);

	assert_null(strstr(s, gone));
	assert_non_null(strstr(s, kept));
	free(s);
}

/* The hill has queued one notice and no other: to `to`, auto-generated,
 * its body `want` (it is marked sent). */
static void only_notice(fx *f, const char *to, const char *want)
{
	char *raw, *text, hdr[128];

	one_notice(f, &raw, &text);
	assert_non_null(raw);
	snprintf(hdr, sizeof(hdr), "\nTo: %s\n", to);
	assert_non_null(strstr(raw, hdr));
	assert_non_null(strstr(raw, "Auto-Submitted: auto-generated\n"));
	assert_string_equal(text, want);
	free(raw);
	free(text);
	one_notice(f, &raw, &text);
	assert_null(raw); /* one notice only */
}

/* Size 2: 甲, グリスク, then ヌト: ヌト 2-0-0, グリスク 1-0-1, 甲 0-0-2 is
 * last and pushed off.  Its owner c@ is told (issue 20), in Japanese (its
 * entry had no #lang), with its last record: 0-0-2, 0 points, and the
 * margin of its two losses, -27 (docs/HOSTING.md's league of the same
 * sheets: 甲 -27 against ヌト, グリスク and a 0 draw with 乙).  Then 乙
 * enters: it loses to both (the same battles as 甲), is the last of 3
 * itself and does not stay: the reply's headline says so (web review
 * 2026-12-06: it said 「乙」を登録しました), the reply gives its would-be
 * record (the same 0-0-2, -27) instead of naming it as pushed off, and
 * nobody is told.
 * am_hill_last_stayed says which entry stayed (1) and which did not (0). */
static void push_off(void **state)
{
	fx f;
	char *raw, *text;

	fx_open(&f, 2);
	fx_enter(&f, "c@example.net", "k1@x", "pass-ccc", KOU);
	fx_enter(&f, "a@example.net", "g1@x", "pass-aaa", GRISK);
	fx_enter(&f, "b@example.net", "n1@x", "pass-bbb", NUT);
	assert_string_equal(f.result, "entered");
	assert_non_null(strstr(f.body, "押し出されたユニット: 甲\n"));
	assert_non_null(strstr(f.body, "「ヌト」を登録しました。\n\n"));
	assert_int_equal(am_hill_last_stayed(f.hill), 1); /* the web form's "stayed" */
	left_hill(&f, "甲", "ヌト");
	only_notice(&f, "c@example.net",
		"丘「Test Hill」のあなたのユニット「甲」は、「ヌト」の登録で 3 体中の"
		"最下位になり、丘から押し出されました（定員 2）。\n\n"
		"最後の成績: 0勝 0分 2敗、勝ち点 0、ＨＰ差 -27\n\n"
		"もう一度挑戦するには、シートを直して丘あてに送ってください。\n");
	fx_enter(&f, "d@example.net", "o1@x", "pass-ddd", OTSU);
	assert_string_equal(f.result, "entered");
	assert_int_equal(am_hill_last_stayed(f.hill), 0); /* pushed off at once */
	assert_non_null(strstr(f.body, "\n「乙」は 3 体中の最下位で、丘に残れませんでした"
	                               "（定員 2）: 0勝 0分 2敗、勝ち点 0、ＨＰ差 -27\n"));
	assert_null(strstr(f.body, "押し出された"));
	assert_non_null(strstr(f.body, "「乙」は丘に残れませんでした。\n\n"));
	assert_null(strstr(f.body, "を登録しました"));
	one_notice(&f, &raw, &text);
	assert_null(raw); /* the sender is told in the reply, not by a notice */
	fx_close(&f);
}

/*
 * A member whose stored sheet a later, stricter check rejects: here
 * BU-STORE-4's ライフ in turn 0 (2026-12-06), with the sheet
 * b_hp0_life_late.txt written into the database as an older version
 * accepted it.  Before, every entry failed on it ("stored sheet …
 * unreadable", exit 70) until the host mended the database.  A #test of
 * ヌト leaves it out and changes nothing (no notice, グリスク still a
 * member); the entry of ヌト then retires it: the reply names it, the
 * standings hold ヌト alone, and its owner c@ is told, in Japanese (its
 * entry had no #lang), with the check's message, line and caret (the
 * stored sheet's line 7: ○子).
 */
static void stale_member(void **state)
{
	fx f;
	sqlite3 *db;
	sqlite3_stmt *st;
	ut_buf body = UT_BUF_INIT;
	char *stale = fx_slurp("tests/amaryllis/golden/sheets/b_hp0_life_late.txt");
	char *nut = fx_slurp(NUT), *msg, *s, *raw, *text;

	(void)state;
	fx_open(&f, 5);
	fx_enter(&f, "c@example.net", "g1@x", "pass-ccc", GRISK);
	assert_string_equal(f.result, "entered");
	assert_int_equal(sqlite3_open(f.path, &db), SQLITE_OK);
	assert_int_equal(sqlite3_prepare_v2(db, "UPDATE units SET sheet = ?1 "
	                                    "WHERE name = 'グリスク'", -1, &st,
	                                    NULL), SQLITE_OK);
	assert_int_equal(sqlite3_bind_blob(st, 1, stale, (int)strlen(stale),
	                                   SQLITE_STATIC), SQLITE_OK);
	assert_int_equal(sqlite3_step(st), SQLITE_DONE);
	assert_int_equal(sqlite3_changes(db), 1);
	sqlite3_finalize(st);
	assert_int_equal(sqlite3_close(db), SQLITE_OK);

	ut_buf_printf(&body, "#test\n#password pass-bbb\n%s", nut);
	assert_false(body.failed);
	msg = fx_msg("b@example.net", "t1@x", body.ptr);
	assert_int_equal(fx_process(&f, msg), 0);
	assert_int_equal(am_hill_mark_sent(f.hill), 0);
	assert_string_equal(f.result, "tested");
	assert_non_null(strstr(f.body, "\n  「グリスク」とは対戦しません（保存された"
	                               "シートがこの版の検査に通りません）\n"));
	one_notice(&f, &raw, &text);
	assert_null(raw);
	s = fx_status(&f, AM_HILL_JSON, AM_LANG_EN);
	assert_non_null(strstr(s, "グリスク"));
	free(s);
	free(msg);

	fx_enter(&f, "b@example.net", "n1@x", "pass-bbb", NUT);
	assert_string_equal(f.result, "entered");
	assert_non_null(strstr(f.body, "\n  「グリスク」は丘を去りました（保存された"
	                               "シートがこの版の検査に通りません）\n"));
	left_hill(&f, "グリスク", "ヌト");
	only_notice(&f, "c@example.net",
		"丘「Test Hill」のあなたのユニット「グリスク」は、シートがこの丘の"
		"プログラムの新しい版の検査に通らなくなったため、丘を去りました:\n\n"
		"シート:7:1: error: ビルディア「子」はどう転んでもビルドされません（それを"
		"ビルドする「親」はHP0で1ターン目の開始時に死亡し、0ターン目にはこの"
		"ビルドを実行できません）\n"
		" ○子（１）：５／０／０／０\n"
		" ^\n"
		"\nもう一度挑戦するには、シートを直して丘あてに送ってください。\n");
	ut_buf_free(&body);
	free(stale);
	free(nut);
	fx_close(&f);
}

/* The parsed sheet of a file (tests run from the source root). */
static am_sheet *sheet_of(const char *path)
{
	am_parse_opts po = AM_PARSE_OPTS_INIT;
	char *text = fx_slurp(path);
	am_sheet *s;

	assert_int_equal(am_sheet_parse(&s, text, strlen(text), &po), 0);
	assert_true(am_sheet_ok(s));
	free(text);
	return s;
}

/* LG-TOKEN-1 (issue 20): under each battle of an entry, the command that
 * replays it: `amaryllis battle --replay TOKEN`, the token of the new unit
 * (side A) against the member (side B) - the same token am_replay_token
 * makes of the two sheet files. */
static void replay_token(void **state)
{
	am_sheet *nut = sheet_of(NUT), *kou = sheet_of(KOU);
	char *token, *line;
	ut_buf want = UT_BUF_INIT;
	fx f;

	assert_int_equal(am_replay_token(&token, nut, kou), 0);
	ut_buf_printf(&want, "\n    amaryllis battle --replay %s\n", token);
	fx_open(&f, 5);
	fx_enter(&f, "c@example.net", "k1@x", "pass-ccc", KOU);
	fx_enter(&f, "b@example.net", "n1@x", "pass-bbb", NUT);
	assert_string_equal(f.result, "entered");
	line = strstr(f.body, want.ptr);
	if (!line)
		fail_msg("no '%s' in:\n%s", want.ptr, f.body);
	/* right under 甲's line */
	assert_non_null(strstr(f.body, "甲"));
	assert_true(strstr(f.body, "甲") < line);
	fx_close(&f);
	ut_buf_free(&want);
	free(token);
	am_sheet_free(nut);
	am_sheet_free(kou);
}

/* Ownership: a name belongs to (address, password).  A refusal reads
 * the same whether the address or the password is wrong (claim in
 * hill.c): a reply shown to whoever sent the request (the web form) must
 * not tell which address owns the unit. */
static void ownership(void **state)
{
	fx f;
	char *sheet = fx_slurp(GRISK), *m, *other;
	ut_buf b = UT_BUF_INIT;

	fx_open(&f, 5);
	fx_enter(&f, "a@example.net", "g1@x", "secret-words", GRISK);
	assert_string_equal(f.result, "entered");
	/* another owner, the right password: refused */
	fx_enter(&f, "b@example.net", "g2@x", "secret-words", GRISK);
	assert_string_equal(f.result, "rejected");
	assert_non_null(strstr(f.body, "「グリスク」を差し替えられません: "
	                               "持ち主のアドレスかパスワードが違うか"));
	/* a lock's notice goes only to units entered by mail (web review
	 * 2026-12-06: the words promised it to every unit) */
	assert_non_null(strstr(f.body, "（メールで登録したユニットなら、ロックしたとき"
	                               "に持ち主のアドレスへお知らせを送っています）"));
	other = strdup(f.body);
	assert_non_null(other);
	/* the owner, a wrong password: refused, in the same words */
	fx_enter(&f, "a@example.net", "g3@x", "wrong-words", GRISK);
	assert_string_equal(f.result, "rejected");
	assert_string_equal(f.body, other);
	free(other);
	/* the owner, the right password (address case does not matter) */
	fx_enter(&f, "A@Example.NET", "g4@x", "secret-words", GRISK);
	assert_string_equal(f.result, "replaced");
	/* a first entry without a password: asked for one */
	ut_buf_printf(&b, "%s", sheet);
	m = fx_msg("c@example.net", "n0@x", b.ptr);
	assert_int_equal(fx_process(&f, m), 0);
	assert_string_equal(f.result, "rejected");
	assert_non_null(strstr(f.body, "#パスワード"));
	free(m);
	/* a forged withdraw: someone else's address with the right password */
	m = fx_msg("b@example.net", "w1@x", "#lang en\n#withdraw グリスク\n#password secret-words\n");
	assert_int_equal(fx_process(&f, m), 0);
	assert_string_equal(f.result, "rejected");
	assert_non_null(strstr(f.body, "Cannot withdraw 'グリスク': the owner's "
	                               "address or the password does not match"));
	other = strdup(f.body);
	assert_non_null(other);
	free(m);
	/* a forged From with a wrong password: the same words */
	m = fx_msg("a@example.net", "w2@x", "#lang en\n#withdraw グリスク\n#password guess\n");
	assert_int_equal(fx_process(&f, m), 0);
	assert_string_equal(f.result, "rejected");
	assert_string_equal(f.body, other);
	free(other);
	free(m);
	/* the owner: withdrawn, and the hill is empty */
	m = fx_msg("a@example.net", "w3@x", "#撤退 グリスク\n#パスワード secret-words\n");
	assert_int_equal(fx_process(&f, m), 0);
	assert_string_equal(f.result, "withdrawn");
	assert_non_null(strstr(f.body, "（まだ誰もいません）"));
	free(m);
	free(sheet);
	ut_buf_free(&b);
	fx_close(&f);
}

/* The same Message-ID twice: one state change and one reply.  A reply
 * stored but not marked sent is given again (the same bytes). */
static void idempotence(void **state)
{
	fx f;
	char *sheet = fx_slurp(GRISK), *m, *first;
	ut_buf b = UT_BUF_INIT;

	fx_open(&f, 5);
	ut_buf_printf(&b, "#password pass-word\n%s", sheet);
	m = fx_msg("a@example.net", "same@x", b.ptr);
	assert_int_equal(fx_process(&f, m), 0);
	assert_string_equal(f.result, "entered");
	first = strdup(f.reply);
	/* killed before the reply was marked sent: the retry re-sends it */
	assert_int_equal(fx_process(&f, m), 0);
	assert_non_null(f.reply);
	assert_string_equal(f.reply, first);
	assert_string_equal(f.result, "entered");
	assert_int_equal(am_hill_mark_sent(f.hill), 0);
	/* sent: no second reply */
	assert_int_equal(fx_process(&f, m), 0);
	assert_null(f.reply);
	assert_string_equal(f.result, "duplicate");
	/* and the hill holds グリスク once, 0-0-0 */
	{
		char *s = fx_status(&f, AM_HILL_JSON, AM_LANG_EN);
		assert_non_null(strstr(s, "\"rank\": 1"));
		assert_null(strstr(s, "\"rank\": 2"));
		free(s);
	}
	/* without a Message-ID the raw bytes are the key */
	free(m);
	m = strdup("From: z@example.net\nSubject: x\n\n#status\n");
	assert_int_equal(fx_process(&f, m), 0);
	assert_string_equal(f.result, "status");
	assert_int_equal(am_hill_mark_sent(f.hill), 0);
	assert_int_equal(fx_process(&f, m), 0);
	assert_string_equal(f.result, "duplicate");
	assert_null(f.reply);
	free(first);
	free(m);
	free(sheet);
	ut_buf_free(&b);
	fx_close(&f);
}

/* Mail that must not be answered: recorded, no reply. */
static void loops(void **state)
{
	static const char *const heads[] = {
		"From: a@example.net\nAuto-Submitted: auto-replied\n",
		"From: a@example.net\nAuto-Submitted: auto-generated; x\n",
		"From: a@example.net\nPrecedence: bulk\n",
		"From: a@example.net\nPrecedence: junk\n",
		"From: a@example.net\nPrecedence: list\n",
		"From: MAILER-DAEMON@example.net\n",
		"Return-Path: <>\nFrom: a@example.net\n",
		"From: " HILL_ADDR "\n",
		"From: Hill <HILL@example.org>\n",
		"From: a@example.net\nX-Amaryllis-Result: entered\n",
		"Subject: no sender at all\n",
		/* HTTP audit H3 */
		"From: a@example.net\nList-Id: <games.lists.example.net>\n",
		"From: a@example.net\nX-Autoreply: yes\n",
		"From: a@example.net\nX-Auto-Response-Suppress: All\n",
		"From: a@example.net\nX-Auto-Response-Suppress: DR, AutoReply\n",
		"From: a@example.net\nX-Loop: " HILL_ADDR "\n",
		"From: a@example.net\nX-Loop: other@example.com\n"
		"X-Loop: Hill <HILL@example.org>\n",
		"From: a@example.net\nMIME-Version: 1.0\nContent-Type: "
		"multipart/report; report-type=delivery-status; boundary=b\n",
		"From: postmaster@example.net\n",
		"From: noreply@example.net\n",
		"From: No-Reply@example.net\n",
		"From: do-not-reply@example.net\n",
		"From: owner-games@example.net\n",
		"From: games-request@example.net\n",
		"From: games-bounces+a=example.net@example.net\n",
		"From: games-owner@example.net\n",
	};
	static const char *const people[] = {
		"From: a@example.net\nX-Auto-Response-Suppress: OOF, DR, RN\n",
		"From: a@example.net\nX-Loop: bot@example.com\n",
		"From: a@example.net\nX-Loop: xhill@example.org\n",
		"From: requester@example.net\n",
		"From: owner@example.net\n",
		"From: noreplyman@example.net\n",
	};
	fx f;
	size_t i;

	fx_open(&f, 5);
	for (i = 0; i < sizeof(heads) / sizeof(heads[0]); i++) {
		char raw[512];
		snprintf(raw, sizeof(raw), "%sMessage-ID: <loop%zu@x>\n\n#status\n",
		         heads[i], i);
		assert_int_equal(fx_process(&f, raw), 0);
		assert_null(f.reply);
		assert_string_equal(f.result, "ignored");
		/* recorded: the same message again is a duplicate */
		assert_int_equal(fx_process(&f, raw), 0);
		assert_string_equal(f.result, "duplicate");
	}
	/* Auto-Submitted: no is a person: answered */
	assert_int_equal(fx_process(&f, "From: a@example.net\nAuto-Submitted: no\n"
	                            "Message-ID: <human@x>\n\n#status\n"), 0);
	assert_non_null(f.reply);
	assert_string_equal(f.result, "status");
	/* and so are these: receipts or out-of-office suppressed only, an
	 * X-Loop of another responder, names near the robots' */
	for (i = 0; i < sizeof(people) / sizeof(people[0]); i++) {
		char raw[512];
		snprintf(raw, sizeof(raw), "%sMessage-ID: <person%zu@x>\n\n#status\n",
		         people[i], i);
		assert_int_equal(fx_process(&f, raw), 0);
		assert_non_null(f.reply);
		assert_string_equal(f.result, "status");
	}
	/* an X-Loop of 600,000 bytes ending with the hill's address: read
	 * in one pass (a search that measured the rest of the value at each
	 * byte took some 10^11 steps here, hours; the ctest timeout fails
	 * it), found, and ignored */
	{
		ut_buf raw = UT_BUF_INIT;
		size_t k;
		ut_buf_puts(&raw, "From: a@example.net\nX-Loop:");
		for (k = 0; k < 100000; k++)
			ut_buf_puts(&raw, " a@b.c");
		ut_buf_puts(&raw, " " HILL_ADDR "\nMessage-ID: <long-loop@x>\n\n"
		            "#status\n");
		assert_false(raw.failed);
		assert_int_equal(fx_process(&f, raw.ptr), 0);
		assert_null(f.reply);
		assert_string_equal(f.result, "ignored");
		ut_buf_free(&raw);
	}
	fx_close(&f);
}

/* #test fights the hill and stores nothing; no password needed. */
static void test_stores_nothing(void **state)
{
	fx f;
	char *sheet = fx_slurp(NUT), *m, *s;
	ut_buf b = UT_BUF_INIT;

	fx_open(&f, 5);
	fx_enter(&f, "a@example.net", "g1@x", "pass-aaa", GRISK);
	ut_buf_printf(&b, "#test\n#lang en\n%s", sheet);
	m = fx_msg("b@example.net", "t1@x", b.ptr);
	assert_int_equal(fx_process(&f, m), 0);
	assert_string_equal(f.result, "tested");
	assert_non_null(strstr(f.body, "W  HP 1 vs -1"));
	assert_non_null(strstr(f.body, "nothing was stored"));
	s = fx_status(&f, AM_HILL_JSON, AM_LANG_EN);
	assert_null(strstr(s, "ヌト"));
	assert_non_null(strstr(s, "\"wins\": 0"));
	free(s);
	free(m);
	free(sheet);
	ut_buf_free(&b);
	fx_close(&f);
}

/*
 * A password written into the sheet is neither stored nor shown
 * (am_hill_sheet_scrub, docs/HILL.md): a player attaches the whole mail as
 * unit.txt, directives and all, and writes the password again in the
 * sheet as a comment in full width with a blank after ＃.  The body
 * carries the directive, so the entry is accepted; the attachment is the
 * sheet (entry_source).  Stored and read back: the three password lines
 * are empty lines (their line ends kept, so the sheet's line numbers do
 * not move), "#name" and the unit stay.  A comment that only mentions a
 * password ("# no password here") stays: it does not start with the word.
 * The fourth password line is 291 bytes long: only its first 256 bytes are
 * read, and byte 256 is in the middle of a 秘 ("#password sekret-four" is
 * 21 bytes, then 3 a 秘: byte 255 starts the 79th) -- read cut there, it
 * was not UTF-8, so not a password line, and it was stored and shown.
 * Security review 2026-12-07: lines the sheet reads as comments or
 * quotes leaked, shown to anyone: a BOM before '#' (Notepad's UTF-8),
 * U+200B or a soft hyphen in the word, a quote's '>' or ＞ before it;
 * and a comment that holds the password itself (the body's sekret-one)
 * is dropped too, whatever it says.  The body starts with a BOM: its
 * #password still counts (else the entry is refused).  Code review
 * 2026-12-07: blanks the sheet skips that the scrub did not (\v, \f,
 * U+1680), 300 blanks before the '#' (the scrub read the first 256
 * bytes only); and what follows a signature's separator (AM-UNIT-10: a
 * name and a phone number) is neither stored nor shown.
 * (A sheet without a password line comes back byte for byte:
 * member_sheet.)
 */
#define LONG_SECRET_10 "秘秘秘秘秘秘秘秘秘秘"
#define BLANKS_50 "                                                  "
#define LONG_SECRET LONG_SECRET_10 LONG_SECRET_10 LONG_SECRET_10 \
	LONG_SECRET_10 LONG_SECRET_10 LONG_SECRET_10 LONG_SECRET_10 \
	LONG_SECRET_10 LONG_SECRET_10
static void member_sheet_no_password(void **state)
{
	static const char att[] =
		"#password sekret-one\n"
		"#name Leak\n"
		"＃ ＰＡＳＳＷＯＲＤ sekret-two\n"
		"  #パスワード sekret-three\n"
		"#password sekret-four" LONG_SECRET "\n"
		"\xef\xbb\xbf#password sekret-five\n"
		"#\xe2\x80\x8bpassword sekret-six\n"
		"#pass\xc2\xadword sekret-seven\n"
		"> #password sekret-eight\n"
		"＞　＃パスワード sekret-nine\n"
		"# the body's, once more: ｓｅｋｒｅｔ－ｏｎｅ\n"
		"\v#password sekret-ten\n"
		"\f#パスワード sekret-eleven\n"
		"\xe1\x9a\x80#password sekret-twelve\n"
		BLANKS_50 BLANKS_50 BLANKS_50 BLANKS_50 BLANKS_50 BLANKS_50
		"#password sekret-thirteen\n"
		"# no password here\n"
		"リーク：10/1/1/2/突\n"
		"・突（1）：直接攻撃\n"
		"-- \n"
		"山田太郎 090-1234-5678\n";
	fx f;
	ut_buf b = UT_BUF_INIT;
	char *s;
	size_t len;

	(void)state;
	fx_open(&f, 3);
	ut_buf_printf(&b,
		"From: a@example.net\nTo: " HILL_ADDR "\nSubject: hill\n"
		"Message-ID: <att1@x>\nMIME-Version: 1.0\n"
		"Content-Type: multipart/mixed; boundary=b\n\n"
		"--b\nContent-Type: text/plain; charset=UTF-8\n\n"
		"\xef\xbb\xbf#password sekret-one\n"
		"--b\nContent-Type: text/plain; charset=UTF-8\n"
		"Content-Disposition: attachment; filename=unit.txt\n\n"
		"%s--b--\n", att);
	assert_false(b.failed);
	assert_int_equal(fx_process(&f, b.ptr), 0);
	assert_string_equal(f.result, "entered");
	assert_int_equal(am_hill_mark_sent(f.hill), 0);
	assert_int_equal(am_hill_member_sheet(&s, &len, f.hill, "リーク"), 0);
	/* (the line end before "--b--" is the boundary's: RFC 2046 5.1.1) */
	assert_string_equal(s, "\n#name Leak\n\n\n\n\n\n\n\n\n\n\n\n\n\n"
	                       "# no password here\n"
	                       "リーク：10/1/1/2/突\n・突（1）：直接攻撃\n\n");
	assert_int_equal(len, strlen(s));
	assert_null(strstr(s, "sekret"));
	free(s);
	ut_buf_free(&b);

	fx_close(&f);
}

/* A sheet line is never scrubbed, whatever it holds (code review
 * 2026-12-07): a unit named as its owner's password (SuperNova1) was
 * stored without its unit line, and the next entry's battles, which read
 * the stored sheet, found no unit and retired it.  Stored whole; グリスク
 * entered after it fights it (both listed). */
static void password_as_name_kept(void **state)
{
	fx f;
	char *s, *m;
	size_t len;

	(void)state;
	fx_open(&f, 3);
	m = fx_msg("a@example.net", "pn1@x",
	           "#password SuperNova1\n"
	           "SuperNova1：10／1／1／2／突\n・突（1）：直接攻撃\n");
	assert_int_equal(fx_process(&f, m), 0);
	assert_string_equal(f.result, "entered");
	assert_int_equal(am_hill_mark_sent(f.hill), 0);
	free(m);
	assert_int_equal(am_hill_member_sheet(&s, &len, f.hill, "SuperNova1"), 0);
	assert_non_null(strstr(s, "SuperNova1：10／1／1／2／突"));
	free(s);
	fx_enter(&f, "b@example.net", "pn2@x", "pass-bbbb", GRISK);
	assert_string_equal(f.result, "entered");
	s = fx_status(&f, AM_HILL_JSON, AM_LANG_EN);
	assert_non_null(strstr(s, "\"name\": \"SuperNova1\""));
	assert_non_null(strstr(s, "\"name\": \"グリスク\""));
	free(s);
	fx_close(&f);
}

/* The normalised notation of a sheet text, as `amaryllis check` prints it
 * (am_sheet_normalised, ja). */
static char *normalised(const char *text, size_t len)
{
	am_sheet *sh = NULL;
	char *out;

	assert_int_equal(am_sheet_parse(&sh, text, len, NULL), 0);
	assert_true(am_sheet_ok(sh));
	assert_int_equal(am_sheet_normalised(&out, NULL, sh, AM_LANG_JA), 0);
	am_sheet_free(sh);
	return out;
}

/*
 * am_hill_member_sheet: enter グリスク and ヌト (the bundled examples) and
 * read their sheets back.
 *
 * As stored: fx_enter mails "#password P\n" + the file; the directive line
 * is blanked, not removed (docs/HILL.md), so the stored sheet is "\n" + the
 * file, byte for byte (nothing else of the body: the password line is
 * gone).
 *
 * Normalised, as `amaryllis check examples/grisk.txt` prints it
 * (BU-SHEET-3; AM-UNIT-5: NFKC makes full-width digits, （）：＋＜＞ and
 * ＨＰ half-width; 、 stays):
 *   グリスク: 技術 = 10 − (10÷5 + 1 + 1 + 2) = 4 (AM-UNIT-2); 使用 =
 *     シールド 1 + スピア 1 × 2 + ブースト 1 = 4 (AM-UNIT-4);
 *   ヌト: 技術 = 10 − (10÷5 + 3 + 1 + 1) = 3; 使用 = 1 + 1 + 1 = 3.
 * The actions follow in the order written, with their declared costs.
 *
 * No member of a name: AM_HILL_ENOTFOUND, also after a withdrawal.
 */
static void member_sheet(void **state)
{
	fx f;
	char *s, *file, *norm, *m;
	size_t len;

	fx_open(&f, 3);
	fx_enter(&f, "a@example.net", "g1@x", "pass-aaa", GRISK);
	fx_enter(&f, "b@example.net", "n1@x", "pass-bbb", NUT);

	assert_int_equal(am_hill_member_sheet(&s, &len, f.hill, "グリスク"), 0);
	file = fx_slurp(GRISK);
	assert_int_equal(len, 1 + strlen(file));
	assert_int_equal(strlen(s), len);
	assert_int_equal(s[0], '\n');
	assert_string_equal(s + 1, file);
	assert_null(strstr(s, "pa\n"));
	norm = normalised(s, len);
	assert_string_equal(norm,
		"グリスク:10/1/1/2/シールド、スピア、スピア、ブースト\n"
		"# 技術:4 使用:4\n"
		"・シールド(1):防御力+2<リミテッド>\n"
		"・スピア(1):直接攻撃<遅延起動4><効果2倍>\n"
		"・ブースト(1):攻撃力+1\n");
	free(norm);
	free(file);
	free(s);

	assert_int_equal(am_hill_member_sheet(&s, &len, f.hill, "ヌト"), 0);
	file = fx_slurp(NUT);
	assert_int_equal(len, 1 + strlen(file));
	assert_string_equal(s + 1, file);
	norm = normalised(s, len);
	assert_string_equal(norm,
		"ヌト:10/3/1/1/命の剣、魔法剣、絶対剣\n"
		"# 技術:3 使用:3\n"
		"・命の剣(1):ライフ与え<リミテッド>\n"
		"・魔法剣(1):HP減殺<リミテッド><遅延起動2>\n"
		"・絶対剣(1):防御無視攻撃<遅延起動3>\n");
	free(norm);
	free(file);
	free(s);

	/* names are compared exactly: a prefix, another name, "" */
	s = (char *)"x";
	len = 7;
	assert_int_equal(am_hill_member_sheet(&s, &len, f.hill, "グリ"),
	                 AM_HILL_ENOTFOUND);
	assert_null(s);
	assert_int_equal(len, 0);
	assert_non_null(strstr(am_error_last(), "グリ"));
	assert_int_equal(am_hill_member_sheet(&s, &len, f.hill, ""),
	                 AM_HILL_ENOTFOUND);

	/* withdrawn: gone */
	m = fx_msg("b@example.net", "w1@x", "#withdraw ヌト\n#password pass-bbb\n");
	assert_int_equal(fx_process(&f, m), 0);
	assert_string_equal(f.result, "withdrawn");
	free(m);
	assert_int_equal(am_hill_member_sheet(&s, &len, f.hill, "ヌト"),
	                 AM_HILL_ENOTFOUND);
	assert_int_equal(am_hill_member_sheet(&s, &len, f.hill, "グリスク"), 0);
	free(s);
	fx_close(&f);
}

/* am_hill_status in each format and language. */
typedef struct status_sweep {
	am_hill *hill;
	int format, lang;
	char *want, *got;
	size_t wlen, glen;
} status_sweep;

static int status_run(void *ud)
{
	status_sweep *w = ud;

	return am_hill_status(&w->got, &w->glen, w->hill, w->format, w->lang);
}

static void status_check(void *ud, int rc, int failed)
{
	status_sweep *w = ud;

	if (tf_fail_ran(rc, failed, AM_ENOMEM)) {
		assert_int_equal(w->glen, w->wlen);
		assert_memory_equal(w->got, w->want, w->wlen);
	} else {
		assert_null(w->got);
	}
	free(w->got);
	w->got = NULL;
}

/*
 * Each allocation of the status page of the hill of standings_by_points
 * failing in turn, in its four formats and two languages: AM_ENOMEM and
 * no page, or the page byte for byte.  The JSON standings (derived
 * there: ヌト 2-0-0 6 points +13, グリスク 1-0-1 3 +14, 甲 0-0-2 0 −27)
 * were written with a key or a member missing when a value could not be
 * made.  The hill's and jansson's allocations fail (SQLite's are its
 * own); the standings' array is one: at least one run a page fails.
 */
static void status_alloc_failures(void **state)
{
	static const int formats[4] = {AM_HILL_TEXT, AM_HILL_JSON,
	                               AM_HILL_HTML, AM_HILL_SVG};
	status_sweep w;
	fx f;
	int k;

	(void)state;
	fx_open(&f, 3);
	fx_enter(&f, "a@example.net", "g1@x", "pass-aaa", GRISK);
	fx_enter(&f, "b@example.net", "n1@x", "pass-bbb", NUT);
	fx_enter(&f, "c@example.net", "k1@x", "pass-ccc", KOU);
	memset(&w, 0, sizeof(w));
	w.hill = f.hill;
	for (k = 0; k < 8; k++) {
		w.format = formats[k / 2];
		w.lang = k % 2 ? AM_LANG_EN : AM_LANG_JA;
		assert_int_equal(am_hill_status(&w.want, &w.wlen, f.hill,
		                                w.format, w.lang), 0);
		if (w.format == AM_HILL_JSON) {
			const char *a = strstr(w.want, "\"name\": \"ヌト\",\n"
			                       "      \"player\": null,\n"
			                       "      \"wins\": 2,\n"
			                       "      \"draws\": 0,\n"
			                       "      \"losses\": 0,\n"
			                       "      \"points\": 6,\n"
			                       "      \"margin\": 13,\n");
			const char *b = strstr(w.want, "\"name\": \"グリスク\",\n"
			                       "      \"player\": null,\n"
			                       "      \"wins\": 1,\n"
			                       "      \"draws\": 0,\n"
			                       "      \"losses\": 1,\n"
			                       "      \"points\": 3,\n"
			                       "      \"margin\": 14,\n");
			const char *c = strstr(w.want, "\"name\": \"甲\",\n"
			                       "      \"player\": null,\n"
			                       "      \"wins\": 0,\n"
			                       "      \"draws\": 0,\n"
			                       "      \"losses\": 2,\n"
			                       "      \"points\": 0,\n"
			                       "      \"margin\": -27,\n");
			assert_non_null(a);
			assert_true(a < b && b < c);
		}
		assert_true(tf_fail_sweep(status_run, status_check, &w) >= 1);
		free(w.want);
	}
	fx_close(&f);
}

/* A mail processed by a hill that holds グリスク, each allocation failing
 * in turn. */
typedef struct process_sweep {
	fx f;
	char *mail;
	am_hill_limits lim;
	size_t size;             /* the hill's; 0: 5 */
	size_t npre;             /* the mails of a@example.net after its entry */
	const char *const *pre;  /* (their bodies, each an own Message-ID) */
	char *before;            /* the standings before the mail */
	char *want_body;         /* the reply's text without failures */
	const char *want_result;
	char *want_after;        /* the standings after it */
	int want_notice;         /* a notice queued (am_hill_next_notice) */
} process_sweep;

/* A new hill of w->size (5) that holds グリスク (a@example.net), entered at
 * T0, then w->pre's mails from a@example.net, each with its reply sent. */
static void process_fixture(process_sweep *w)
{
	char *sheet = fx_slurp(GRISK), *msg;
	ut_buf body = UT_BUF_INIT;
	size_t i;

	fx_open(&w->f, w->size ? w->size : 5);
	ut_buf_printf(&body, "#password pass-aaa\n%s", sheet);
	msg = fx_msg("a@example.net", "g1@x", body.ptr);
	assert_int_equal(fx_process_lim(&w->f, msg, strlen(msg), &w->lim), 0);
	assert_string_equal(w->f.result, "entered");
	assert_int_equal(am_hill_mark_sent(w->f.hill), 0);
	fx_clear_reply(&w->f);
	free(msg);
	for (i = 0; i < w->npre; i++) {
		char id[32];
		snprintf(id, sizeof(id), "pre%zu@x", i);
		msg = fx_msg("a@example.net", id, w->pre[i]);
		assert_int_equal(fx_process_lim(&w->f, msg, strlen(msg), &w->lim),
		                 0);
		assert_non_null(w->f.reply);
		assert_int_equal(am_hill_mark_sent(w->f.hill), 0);
		fx_clear_reply(&w->f);
		free(msg);
	}
	free(sheet);
	ut_buf_free(&body);
}

/* Whether the hill has a notice queued (for an owner). */
static int notice_queued(process_sweep *w)
{
	char *n = NULL;
	size_t len;

	assert_int_equal(am_hill_next_notice(&n, &len, w->f.hill), 0);
	free(n);
	return n != NULL;
}

static int process_run(void *ud)
{
	process_sweep *w = ud;

	return am_hill_process(&w->f.reply, &w->f.reply_len, &w->f.result,
	                       w->f.hill, w->mail, strlen(w->mail), &w->lim);
}

static void process_check(void *ud, int rc, int failed)
{
	process_sweep *w = ud;
	char *s;
	if (rc < 0 && rc != AM_ENOMEM)
		fail_msg("%d, not AM_ENOMEM: %s", rc, am_error_last());
	if (tf_fail_ran(rc, failed, AM_ENOMEM)) {
		assert_non_null(w->f.reply);
		assert_string_equal(w->f.result, w->want_result);
		fx_decode_reply(&w->f);
		assert_string_equal(w->f.body, w->want_body);
		s = fx_status(&w->f, AM_HILL_TEXT, AM_LANG_EN);
		assert_string_equal(s, w->want_after);
		free(s);
		assert_int_equal(notice_queued(w), w->want_notice);
		/* entered: a hill of its own again for the next run */
		fx_close(&w->f);
		process_fixture(w);
		return;
	}
	/* nothing stored: the same standings, and no reply (nor its key:
	 * the next run would be a duplicate) */
	assert_null(w->f.reply);
	s = fx_status(&w->f, AM_HILL_TEXT, AM_LANG_EN);
	assert_string_equal(s, w->before);
	free(s);
	assert_false(notice_queued(w));
	fx_clear_reply(&w->f);
}

/* The sweep of the message `mail` (owned: freed here) to a hill of
 * `size` (0: 5) that holds グリスク, after `pre` (process_fixture): its
 * result without failures is `result`; *notice whether it queued a notice
 * to an owner; the standings after it (text, English), which the caller
 * checks. */
static char *sweep_raw_in(char *mail, const char *result, size_t size,
                          const char *const *pre, size_t npre,
                          int *notice)
{
	static process_sweep w;
	char *after;

	memset(&w, 0, sizeof(w));
	w.lim = (am_hill_limits)AM_HILL_LIMITS_INIT;
	w.lim.now = 1000000000;
	w.mail = mail;
	w.size = size;
	w.pre = pre;
	w.npre = npre;
	process_fixture(&w);
	w.before = fx_status(&w.f, AM_HILL_TEXT, AM_LANG_EN);
	assert_false(notice_queued(&w));
	assert_int_equal(process_run(&w), 0);
	assert_non_null(w.f.reply);
	w.want_result = w.f.result;
	assert_string_equal(w.want_result, result);
	fx_decode_reply(&w.f);
	w.want_body = w.f.body;
	w.f.body = NULL;
	w.want_after = fx_status(&w.f, AM_HILL_TEXT, AM_LANG_EN);
	*notice = w.want_notice = notice_queued(&w);
	fx_close(&w.f);
	process_fixture(&w);
	assert_true(tf_fail_sweep(process_run, process_check, &w) >= 1);
	fx_close(&w.f);
	after = w.want_after;
	free(w.before);
	free(w.want_body);
	free(w.mail);
	return after;
}

/* sweep_raw_in to the hill of 5 that holds グリスク; no notice queued. */
static char *sweep_raw(char *mail, const char *result)
{
	int notice;
	char *after = sweep_raw_in(mail, result, 0, NULL, 0, &notice);

	assert_false(notice);
	return after;
}

/* sweep_raw of the mail from `from` with `body` (directives, then the
 * sheet file `sheet`, if any). */
static char *sweep_mail(const char *from, const char *directives,
                        const char *sheet_path, const char *result)
{
	char *sheet = sheet_path ? fx_slurp(sheet_path) : strdup("");
	ut_buf body = UT_BUF_INIT;
	char *after;

	assert_non_null(sheet);
	ut_buf_printf(&body, "%s%s", directives, sheet);
	after = sweep_raw(fx_msg(from, "n1@x", body.ptr), result);
	free(sheet);
	ut_buf_free(&body);
	return after;
}

/* The sweep of the message of tests/front/amaryllis/hill/corpus/NAME.eml
 * (hill/corpus, whose facts say what it is), as sweep_mail. */
static char *sweep_corpus(const char *name, const char *result)
{
	char path[128];

	snprintf(path, sizeof(path), "tests/front/amaryllis/hill/corpus/%s.eml",
	         name);
	return sweep_raw(fx_slurp(path), result);
}

/*
 * am_hill_process of three mails to a hill that holds グリスク, with each
 * of the hill's allocations failing in turn (GMime's, glib's and
 * SQLite's are their own; jansson's and the engine's fail too):
 * AM_ENOMEM with no reply and the hill as it was (the transaction rolled
 * back: the next run processes the same mail as new, not as a
 * duplicate), or the same reply (its text) and standings as without
 * failures.  Every run parses the mail's sheet, which allocates: at
 * least one run a mail fails.
 * - b@example.net enters ヌト: "entered", and ヌト beats グリスク, ending
 *   with ＨＰ 1 against −1 (the battle's log in web/test_api): ヌト 1-0-0,
 *   3 points, margin +2 first, グリスク 0-0-1, 0, −2 second.
 * - b@example.net tests ヌト with its logs (#test, #logs: the log as an
 *   attachment): "tested", the standings as they were, グリスク alone.
 * - a@example.net, グリスク's owner, enters グリスク again: "replaced",
 *   still alone (no battle: the hill holds no other).
 * And the mails that store no sheet:
 * - a@example.net withdraws グリスク with its password: "withdrawn", the
 *   hill empty (its standings: "(nobody yet)");
 * - anyone's #status: "status", グリスク alone as before;
 * - a@example.net replaces グリスク with a wrong password: "rejected",
 *   グリスク as it was (the wrong try is counted: a write that a
 *   failure must roll back with the rest);
 * - b@example.net enters a sheet with too many points (stats_over.txt,
 *   AM-COST-1): "rejected", nothing stored.
 * And the mails that tell an owner (a notice queued: am_hill_next_notice,
 * none after a failure):
 * - the fifth wrong password for グリスク within the hour from its owner's
 *   address (#withdraw, after four): "rejected", the unit locked;
 * - ヌト into a hill of one: "entered", グリスク pushed off (its owner
 *   told, and the reply says so: it did not, for want of memory for that
 *   line).
 * And five messages of hill/corpus, as they come (their .facts say what
 * each must give): ヌト in Shift_JIS and base64 (entered, as above); ヌト〜
 * in ISO-2022-JP with a wave dash (entered: the hill holds ヌト〜 too); ヌト
 * attached as a.txt with b.txt and a body (English; entered, as above);
 * an illegal sheet attached under a name of 200 A (rejected, nothing
 * stored); a charset nobody knows (rejected).
 * The sweep found these faults, now mended: the reply said only
 * "「ヌト」を登録しました。" when the first piece of its text could not be
 * allocated (the headline, put before it, dropped its failure); out of
 * memory while the stored sheet of a member was read made it
 * "unreadable" (AM_ERROR); out of memory in a battle rejected the new
 * sheet as one that takes the engine past its limits; an illegal sheet's
 * reply said "error: out of memory" where its diagnostic should be; and
 * the reply of an entry that pushed a member off did not say so.
 */
#define NUT_FIRST "   1  ヌト      1-0-0             3        +2\n" \
                  "   2  グリスク  0-0-1             0        -2\n"
#define GRISK_ALONE "   1  グリスク  0-0-0             0        +0\n"
/* The standings after a sweep hold `has` (or NULL) and not `hasnt` (or
 * NULL); freed. */
static void standings_hold(char *s, const char *has, const char *hasnt)
{
	if (has)
		assert_non_null(strstr(s, has));
	if (hasnt)
		assert_null(strstr(s, hasnt));
	free(s);
}

static void process_alloc_failures(void **state)
{
	static const struct {
		const char *from, *directives, *sheet, *result, *has, *hasnt;
	} mails[] = {
		{"b@example.net", "#password pass-bbb\n", NUT, "entered",
		 NUT_FIRST, NULL},
		{"b@example.net", "#test\n#logs\n", NUT, "tested", GRISK_ALONE,
		 "ヌト"},
		{"a@example.net", "#password pass-aaa\n", GRISK, "replaced",
		 GRISK_ALONE, NULL},
		{"a@example.net", "#withdraw グリスク\n#password pass-aaa\n", NULL,
		 "withdrawn", "(nobody yet)\n", "グリスク"},
		{"c@example.net", "#status\n", NULL, "status", GRISK_ALONE, NULL},
		{"a@example.net", "#password pass-wrong\n", GRISK, "rejected",
		 GRISK_ALONE, NULL},
		{"b@example.net", "#password pass-bbb\n",
		 "tests/amaryllis/golden/sheets/stats_over.txt", "rejected",
		 GRISK_ALONE, "   2  "},
	};
	/* the ways mail comes (hill/corpus) */
	static const struct {
		const char *name, *result, *has, *hasnt;
	} corpus[] = {
		{"charset_sjis_base64", "entered", NUT_FIRST, NULL},
		{"charset_iso2022jp_wave_dash", "entered", "ヌト〜", NULL},
		{"attachment_two_and_body_en", "entered", NUT_FIRST, NULL},
		{"attachment_illegal_long_name", "rejected", GRISK_ALONE, "   2  "},
		{"unknown_charset", "rejected", NULL, "   2  "},
	};
	size_t i;
	char *s;
	(void)state;

	for (i = 0; i < sizeof(mails) / sizeof(mails[0]); i++)
		standings_hold(sweep_mail(mails[i].from, mails[i].directives,
		                          mails[i].sheet, mails[i].result),
		               mails[i].has, mails[i].hasnt);
	/* the fifth wrong password for グリスク within the hour, from its
	 * owner's address (withdrawals): locked, and its owner told */
	{
		static const char *const wrong[] = {
			"#withdraw グリスク\n#password wrong-pass-1\n",
			"#withdraw グリスク\n#password wrong-pass-2\n",
			"#withdraw グリスク\n#password wrong-pass-3\n",
			"#withdraw グリスク\n#password wrong-pass-4\n"};
		int notice;
		s = sweep_raw_in(fx_msg("a@example.net", "n1@x",
		                        "#withdraw グリスク\n"
		                        "#password wrong-pass-5\n"),
		                 "rejected", 0, wrong, 4, &notice);
		assert_true(notice);
		standings_hold(s, GRISK_ALONE, NULL);
	}
	/* ヌト into a hill of one that holds グリスク: ヌト wins (above), the
	 * hill holds 2 of 1, so グリスク, last, is pushed off and its owner
	 * told; the standings are the round robin of the members
	 * (docs/HILL.md): ヌト alone, 0-0-0 */
	{
		char *sheet = fx_slurp(NUT);
		ut_buf body = UT_BUF_INIT;
		int notice;
		ut_buf_printf(&body, "#password pass-bbb\n%s", sheet);
		s = sweep_raw_in(fx_msg("b@example.net", "n1@x", body.ptr),
		                 "entered", 1, NULL, 0, &notice);
		assert_true(notice);
		standings_hold(s, "   1  ヌト  0-0-0             0        +0\n",
		               "グリスク");
		free(sheet);
		ut_buf_free(&body);
	}
	for (i = 0; i < sizeof(corpus) / sizeof(corpus[0]); i++)
		standings_hold(sweep_corpus(corpus[i].name, corpus[i].result),
		               corpus[i].has, corpus[i].hasnt);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(standings_by_points),
		cmocka_unit_test(standings_by_margin),
		cmocka_unit_test(standings_older_first),
		cmocka_unit_test(push_off),
		cmocka_unit_test(stale_member),
		cmocka_unit_test(replay_token),
		cmocka_unit_test(ownership),
		cmocka_unit_test(idempotence),
		cmocka_unit_test(loops),
		cmocka_unit_test(test_stores_nothing),
		cmocka_unit_test(member_sheet),
		cmocka_unit_test(member_sheet_no_password),
		cmocka_unit_test(password_as_name_kept),
		cmocka_unit_test(status_alloc_failures),
		cmocka_unit_test(process_alloc_failures),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
