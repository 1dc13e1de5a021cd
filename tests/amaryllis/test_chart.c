/*
 * test_chart.c - the ＨＰ chart (render/chart.c, `battle --svg`): the samples
 * it draws, read back from its data-hp attributes, against battles derived
 * by hand.  Sample x = 0 is the start, x = t + 1 the end of turn t.
 */
#include <stdarg.h>
#include <setjmp.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "amaryllis.h"
#include "util/buf.h"

static int collect(void *ud, const char *data, size_t len)
{
	return ut_buf_put(ud, data, len) < 0;
}

/* The chart of sheet a vs sheet b (both must be legal), NUL-terminated;
 * the battle with a population limit of max_units (0: the default), and
 * its outcome rc. */
static char *chart_lang(const char *a, const char *b, size_t max_units,
                        int rc, am_lang lang)
{
	am_sheet *sa = NULL, *sb = NULL;
	am_engine *e = NULL;
	am_chart *c = NULL;
	am_battle_opts bo = AM_BATTLE_OPTS_INIT;
	am_result res;
	ut_buf out = UT_BUF_INIT;

	assert_int_equal(am_sheet_parse(&sa, a, strlen(a), NULL), 0);
	assert_int_equal(am_sheet_parse(&sb, b, strlen(b), NULL), 0);
	assert_true(am_sheet_ok(sa));
	assert_true(am_sheet_ok(sb));
	assert_int_equal(am_engine_new(&e), 0);
	assert_int_equal(am_chart_new(&c, lang), 0);
	bo.on_event = am_chart_event;
	bo.event_ud = c;
	if (max_units)
		bo.max_units = max_units;
	assert_int_equal(am_battle_run(&res, e, am_sheet_team(sa),
	                               am_sheet_team(sb), &bo), rc);
	assert_int_equal(am_chart_svg(c, e, collect, &out), 0);
	assert_false(out.failed);
	am_chart_free(c);
	am_engine_free(e);
	am_sheet_free(sa);
	am_sheet_free(sb);
	return out.ptr;
}

static char *chart_limited(const char *a, const char *b, size_t max_units,
                           int rc)
{
	return chart_lang(a, b, max_units, rc, AM_LANG_JA);
}

static char *chart_of(const char *a, const char *b)
{
	return chart_limited(a, b, 0, 0);
}

static int count(const char *s, const char *what)
{
	int n = 0;

	while ((s = strstr(s, what)) != NULL) {
		n++;
		s += strlen(what);
	}
	return n;
}

static const char grisk[] =
	"グリスク：１０／１／１／２／シールド、スピア、スピア、ブースト\n"
	"・シールド（１）：防御力＋２＜リミテッド＞\n"
	"・スピア（１）：直接攻撃＜遅延起動４＞＜効果２倍＞\n"
	"・ブースト（１）：攻撃力＋１\n";
static const char nut[] =
	"ヌト：１０／３／１／１／命の剣、魔法剣、絶対剣\n"
	"・命の剣（１）：ライフ与え＜リミテッド＞\n"
	"・魔法剣（１）：ＨＰ減殺＜リミテッド＞＜遅延起動２＞\n"
	"・絶対剣（１）：防御無視攻撃＜遅延起動３＞\n";

/*
 * The worked example (docs/AMARYLLIS.md; AM-TURN-2, AM-CLASS-1, AM-CLASS-2,
 * AM-CLASS-3, AM-DEATH-1: ライフ revives at 1): nothing is usable in turn 0
 * and turn 1 deals no damage, so both are at 10 at the start, after turn 0 and after turn 1.  Turn 2: 魔法剣
 * (ＨＰ減殺, X = 10) takes グリスク to 10 − ⌈10÷2⌉ = 5.  Turn 3: 絶対剣
 * (防御無視, X = 攻撃力 3) takes it to 2.  Turn 4: two スピア of 攻撃力 4 × 2
 * − 防御力 1 = 7 each take ヌト to 3, then −4; ライフ revives it at 1; 絶対剣
 * takes グリスク to −1 and it dies.  So: グリスク 10 10 10 5 2 −1 (dead at
 * x = 5), ヌト 10 10 10 10 10 1 (revived at x = 5); two lines, no areas.
 */
static void worked_example(void **state)
{
	char *svg = chart_of(grisk, nut);

	assert_non_null(strstr(svg, "data-unit=\"0\" data-hp=\"10 10 10 5 2 -1\""));
	assert_non_null(strstr(svg, "data-unit=\"1\" data-hp=\"10 10 10 10 10 1\""));
	assert_int_equal(count(svg, "<polyline class=\"hp"), 2);
	assert_int_equal(count(svg, "<path class=\"death\" data-x=\"5\""), 1);
	assert_int_equal(count(svg, "class=\"death\""), 1);
	assert_int_equal(count(svg, "<circle class=\"revival\" data-x=\"5\""), 1);
	assert_int_equal(count(svg, "class=\"revival\""), 1);
	assert_int_equal(count(svg, "<polygon"), 0);
	/* the legend names the units (side and name, no instance ids), the
	 * title the winner, the axis the turns */
	assert_non_null(strstr(svg, ">A グリスク</text>"));
	assert_non_null(strstr(svg, ">B ヌト</text>"));
	assert_null(strstr(svg, "#0"));
	assert_non_null(strstr(svg, ">ＨＰの推移　—　B ヌトの勝利</text>"));
	assert_non_null(strstr(svg, ">ターン（点は各ターン終了時のＨＰ"));
	assert_null(strstr(svg, ">開始<"));
	free(svg);
}

/*
 * The same battle in English (--lang en): every word of the picture in
 * English, as the English log says them (review 2026-12-07: the legend
 * said "revived by ライフ" after an ideographic space).
 */
static void worked_example_en(void **state)
{
	char *svg = chart_lang(grisk, nut, 0, 0, AM_LANG_EN);

	assert_non_null(strstr(svg, ">HP over the turns — B ヌト wins</text>"));
	assert_non_null(strstr(svg, ">turn (points: HP at the end of each turn; "
	                            "left edge: the start)</text>"));
	assert_non_null(strstr(svg, ">× died · ○ revived by life</text>"));
	assert_null(strstr(svg, "ライフ"));
	assert_null(strstr(svg, "　"));
	free(svg);
}

/*
 * A party past 12 units is drawn as stacked areas per definition
 * (BU-STORE-1).  親 (stored 9, 愛 1; 技術 = 9 − (1+0+0+1) = 7) has 素早さ 1:
 * one step a turn (AM-AP-1), in which 産む builds a 子 (BU-BUILD-1: cost =
 * 子's bonus 1), from turn 1 (AM-TURN-2) to turn 20.  的 never acts and
 * nobody attacks, so nobody dies and the battle runs all 21 turns
 * (AM-JUDGE-1).  Areas: 親 5 throughout; 子 0 at the start and after turn 0,
 * then 5·t after turn t; 的 50.  Units: 親 + 20 子 + 的 = 22 > 12.
 */
static void party_areas(void **state)
{
	static const char breeder[] =
		"親(9):5/0/0/1/産む\n"
		"○子(1):5/0/0/0/\n"
		"・産む(1):ビルド(子)<配置1>\n";
	static const char target[] = "的:50/0/0/0/\n";
	char *svg = chart_of(breeder, target), want[200];
	ut_buf b = UT_BUF_INIT;
	int t;

	ut_buf_puts(&b, "data-def=\"1\" data-hp=\"0 0");
	for (t = 1; t <= 20; t++)
		ut_buf_printf(&b, " %d", 5 * t);
	ut_buf_puts(&b, "\"");
	assert_non_null(strstr(svg, b.ptr));
	ut_buf_free(&b);
	snprintf(want, sizeof(want), "class=\"area side0\" data-def=\"0\" "
	         "data-hp=\"5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5\"");
	assert_non_null(strstr(svg, want));
	assert_non_null(strstr(svg, "class=\"area side1\" data-def=\"0\" "
	                            "data-hp=\"50 50 50 50 50 50 50 50 50 50 50 "
	                            "50 50 50 50 50 50 50 50 50 50 50\""));
	assert_int_equal(count(svg, "<polygon"), 3);
	assert_int_equal(count(svg, "<polyline"), 0);
	assert_non_null(strstr(svg, ">最大22体：線では多すぎるので"));
	free(svg);
}

/*
 * A battle stopped by the population limit is drawn up to the stop
 * (docs/PLAYING.md; review 2026-12-06: it ended at the last turn's end).  The
 * breeder of party_areas against 的 with a limit of 4 units: 親 builds a
 * 子 in turn 1 and in turn 2 (4 units), and the 子 of turn 3 would be the
 * fifth: the battle stops in turn 3 (AM_ELIMIT).  Samples: the start,
 * the ends of turns 0, 1 and 2, and the stop in turn 3 (x = 4): 親 5 ×5,
 * 的 50 ×5, the first 子 (from turn 1's end, x = 2) 5 ×3, the second (from
 * x = 3) 5 ×2.  A unit with one sample, which a line cannot show, gets a
 * dot: 親 of 素早さ 2 with 産む twice and a limit of 3 builds a 子 in turn
 * 1's first step, and the second 産む stops the battle in turn 1: the 子
 * has the stop's sample (x = 2) alone.
 */
static void stopped_battle(void **state)
{
	static const char breeder[] =
		"親(9):5/0/0/1/産む\n"
		"○子(1):5/0/0/0/\n"
		"・産む(1):ビルド(子)<配置1>\n";
	static const char target[] = "的:50/0/0/0/\n";
	char *svg = chart_limited(breeder, target, 4, AM_ELIMIT);

	assert_int_equal(count(svg, "<polyline class=\"hp"), 4);
	assert_int_equal(count(svg, "data-hp=\"5 5 5 5 5\""), 1);
	assert_int_equal(count(svg, "data-hp=\"50 50 50 50 50\""), 1);
	assert_int_equal(count(svg, "data-hp=\"5 5 5\""), 1);
	assert_int_equal(count(svg, "data-hp=\"5 5\""), 1);
	assert_int_equal(count(svg, "<circle class=\"hp"), 0);
	free(svg);
	svg = chart_limited("親(9):5/0/0/2/産む、産む\n"
	                    "○子(1):5/0/0/0/\n"
	                    "・産む(1):ビルド(子)<配置1>\n", target, 3, AM_ELIMIT);
	assert_non_null(strstr(svg, "data-unit=\"0\" data-hp=\"5 5 5\""));
	assert_non_null(strstr(svg, "data-unit=\"1\" data-hp=\"50 50 50\""));
	assert_non_null(strstr(svg, "data-unit=\"2\" data-hp=\"5\""));
	assert_int_equal(count(svg, "<circle class=\"hp side0\" data-unit=\"2\""), 1);
	assert_int_equal(count(svg, "<circle class=\"hp"), 1);
	free(svg);
}

/*
 * Long names in the title and in a party's legend (review 2026-12-06: the
 * title and the party legend squeezed a name of any length into their
 * box; ut_svg_text squeezes at most 1.6 times, then cuts with "…" and
 * keeps the whole text in a <title>).  The worked example with ヌト
 * renamed 長×28 + "&<" + 名×28: B wins as before.  The title is 15 px,
 * 650 px wide: a column is 0.6 × 15 = 9 px, so 1.6 × 650 / 9 − 1 (the
 * "…") = 114.6 columns are kept.  "ＨＰの推移　—　B " takes 10 + 2 + 1
 * + 2 + 2 = 17, the 長 56 more (73), "&<" 2 (75): 39 columns are left,
 * 19 名 of 2 columns each.  In the party of party_areas with 子 renamed
 * 長×28 + 名×28 (親 wins on the ＨＰ left, 105 against 50), the legend
 * of the definition keeps the whole name in its <title> and shows it cut
 * with "…"; the title, short, is not cut.
 */
static void long_names(void **state)
{
	ut_buf name = UT_BUF_INIT, sheet = UT_BUF_INIT, want = UT_BUF_INIT;
	char *svg;
	int i;

	for (i = 0; i < 28; i++)
		ut_buf_puts(&name, "長");
	ut_buf_puts(&name, "&<");
	for (i = 0; i < 28; i++)
		ut_buf_puts(&name, "名");
	ut_buf_printf(&sheet, "%s%s", name.ptr, strstr(nut, "："));
	svg = chart_of(grisk, sheet.ptr);
	ut_buf_puts(&want, "<title>ＨＰの推移　—　B ");
	for (i = 0; i < 28; i++)
		ut_buf_puts(&want, "長");
	ut_buf_puts(&want, "&amp;&lt;");
	for (i = 0; i < 28; i++)
		ut_buf_puts(&want, "名");
	ut_buf_puts(&want, "の勝利</title>ＨＰの推移　—　B ");
	for (i = 0; i < 28; i++)
		ut_buf_puts(&want, "長");
	ut_buf_puts(&want, "&amp;&lt;");
	for (i = 0; i < 19; i++)
		ut_buf_puts(&want, "名");
	ut_buf_puts(&want, "…</text>");
	assert_non_null(strstr(svg, want.ptr));
	assert_int_equal(count(svg, "<text x=\"60.0\" y=\"22.0\" "
	                            "font-size=\"15\" text-anchor=\"start\" "
	                            "textLength=\"650\""), 1);
	free(svg);

	/* a ビルド's target cannot hold "<" (a customisation starts) */
	name.len = 0;
	for (i = 0; i < 56; i++)
		ut_buf_puts(&name, i < 28 ? "長" : "名");
	ut_buf_free(&sheet);
	ut_buf_printf(&sheet, "親(9):5/0/0/1/産む\n○%s(1):5/0/0/0/\n"
	              "・産む(1):ビルド(%s)<配置1>\n", name.ptr, name.ptr);
	svg = chart_of(sheet.ptr, "的:50/0/0/0/\n");
	assert_int_equal(count(svg, "<polygon"), 3);
	ut_buf_free(&want);
	ut_buf_printf(&want, "<title>%s</title>長", name.ptr);
	assert_int_equal(count(svg, want.ptr), 1);
	assert_non_null(strstr(svg, ">ＨＰの推移　—　A 親の勝利</text>"));
	assert_int_equal(count(svg, "…</text>"), 1); /* the legend's alone */
	free(svg);
	ut_buf_free(&want);
	ut_buf_free(&sheet);
	ut_buf_free(&name);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(worked_example),
		cmocka_unit_test(worked_example_en),
		cmocka_unit_test(party_areas),
		cmocka_unit_test(stopped_battle),
		cmocka_unit_test(long_names),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
