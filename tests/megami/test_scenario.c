/*
 * test_scenario.c - the YAML scenario reader (rulings M1, M8.1;
 * docs/MEGAMI.md "Scenarios", the MG-SCN rules): every error kind with its exact
 * line:col and message in both languages, the example of M1 field by
 * field, Japanese keys, the defaults of M8.1, the canonical output.
 *
 * Columns count characters: in "  - {name: ア, hp: x}" the x is at column
 * 20 whatever the bytes of ア.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "support/fail_alloc.h"

#include "megami/scenario_yaml.h"
#include "util/buf.h"

#define TEST(ids, f) {ids " " #f, f, NULL, NULL, NULL}

/* Two characters that make a scenario whole, after the lines under test. */
#define PAIR "  - {name: a, side: PC, hp: 1}\n  - {name: b, side: NPC, hp: 1}\n"

/* Every diagnostic of yaml as "LINE:COL: message\n" in lang. */
static char *diags(const char *yaml, size_t len, mg_lang lang, size_t max)
{
	mg_parse_opts o = MG_PARSE_OPTS_INIT;
	mg_scenario_doc *doc;
	ut_buf b = UT_BUF_INIT;
	size_t i;

	o.file = "t.yaml";
	if (max)
		o.max_diags = max;
	assert_int_equal(mg_scenario_parse(&doc, yaml, len, &o), 0);
	for (i = 0; i < mg_scenario_doc_diag_count(doc); i++) {
		const mg_diag *d = mg_scenario_doc_diag(doc, i);
		char msg[512];
		mg_diag_format(msg, sizeof(msg), d, lang);
		ut_buf_printf(&b, "%u:%u: %s\n", (unsigned)d->line, (unsigned)d->col,
		              msg);
	}
	/* a document has a scenario exactly when it has no diagnostic */
	assert_true((mg_scenario_doc_scenario(doc) != NULL) ==
	            (mg_scenario_doc_error_count(doc) == 0));
	mg_scenario_doc_free(doc);
	ut_buf_puts(&b, "");
	return b.ptr ? b.ptr : strdup("");
}

/* yaml has exactly the diagnostics ja (Japanese) and en (English). */
static void expect(const char *yaml, const char *ja, const char *en)
{
	char *got = diags(yaml, strlen(yaml), MG_LANG_JA, 0);
	assert_string_equal(got, ja);
	free(got);
	got = diags(yaml, strlen(yaml), MG_LANG_EN, 0);
	assert_string_equal(got, en);
	free(got);
}

/* The scenario of yaml, which must be good; *doc to free. */
static const mg_scenario *good(const char *yaml, mg_scenario_doc **doc)
{
	assert_int_equal(mg_scenario_parse(doc, yaml, strlen(yaml), NULL), 0);
	if (mg_scenario_doc_diag_count(*doc)) {
		char msg[512];
		mg_diag_format(msg, sizeof(msg), mg_scenario_doc_diag(*doc, 0),
		               MG_LANG_EN);
		fail_msg("%u:%u: %s", (unsigned)mg_scenario_doc_diag(*doc, 0)->line,
		         (unsigned)mg_scenario_doc_diag(*doc, 0)->col, msg);
	}
	assert_non_null(mg_scenario_doc_scenario(*doc));
	return mg_scenario_doc_scenario(*doc);
}

static char *slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	static char buf[1 << 16];
	char *p;

	assert_non_null(f);
	*len = fread(buf, 1, sizeof(buf), f);
	fclose(f);
	p = malloc(*len + 1);
	memcpy(p, buf, *len);
	p[*len] = '\0';
	return p;
}

/* ------------------------------------------------------------ whole files */

/* MG-SCN-KEY-4 MG-SCN-CHR-4 MG-SCN-CHR-5 MG-SCN-CHR-7 MG-SCN-ATK-1: the example of M1 (with an NPC
 * added) read field by field; hp_now defaults to hp (24); the goblin's
 * attack has only name, damage, attributes, range: the rest are M8.1's
 * defaults; the goblin's finish defaults to false. */
static void test_m1_example(void **state)
{
	size_t len;
	char *text = slurp("examples/megami/m1_example.yaml", &len);
	mg_scenario_doc *doc;
	const mg_scenario *s = good(text, &doc);
	const mg_character *a, *g;
	const mg_character_src *src;

	assert_int_equal(s->round_limit, 20);
	assert_int_equal(s->ncharacters, 2);
	a = &s->characters[0];
	assert_string_equal(a->name, "アリア");
	assert_int_equal(a->side, MG_SIDE_PC);
	assert_int_equal(a->hp, 24);
	assert_int_equal(a->hp_now, 24);
	assert_int_equal(a->stat[MG_STAT_INITIATIVE], 5);
	assert_int_equal(a->stat[MG_STAT_ACCURACY], 4);
	assert_int_equal(a->stat[MG_STAT_EVASION], 3);
	assert_int_equal(a->stat[MG_STAT_RESISTANCE], 2);
	assert_int_equal(a->position, 0);
	assert_int_equal(a->armor_listed, 1u << MG_ATTR_IMPACT |
	                                  1u << MG_ATTR_ENERGY | 1u << MG_ATTR_FIRE);
	assert_int_equal(a->armor[MG_ATTR_IMPACT], 3);
	assert_int_equal(a->armor[MG_ATTR_ENERGY], 2);
	assert_int_equal(a->armor[MG_ATTR_FIRE], 4);
	assert_int_equal(a->finish, 0);
	assert_int_equal(a->nattacks, 1);
	assert_string_equal(a->attacks[0].name, "ロングソード");
	assert_int_equal(a->attacks[0].kind, MG_KIND_PHYSICAL);
	assert_int_equal(a->attacks[0].check_stat, MG_STAT_ACCURACY);
	assert_int_equal(a->attacks[0].damage, 5);
	assert_int_equal(a->attacks[0].attributes, 1u << MG_ATTR_IMPACT);
	assert_int_equal(a->attacks[0].range, 0);
	assert_int_equal(a->attacks[0].area, MG_AREA_SINGLE);
	assert_int_equal(a->attacks[0].timing, MG_TIMING_NORMAL);
	g = &s->characters[1];
	assert_string_equal(g->name, "ゴブリン");
	assert_int_equal(g->side, MG_SIDE_NPC);
	assert_int_equal(g->hp, 12);
	assert_int_equal(g->hp_now, 10);
	assert_int_equal(g->position, 10);
	assert_int_equal(g->armor_listed, 1u << MG_ATTR_PIERCE);
	assert_int_equal(g->armor[MG_ATTR_PIERCE], 1);
	assert_int_equal(g->finish, 0);
	assert_string_equal(g->attacks[0].name, "短弓");
	assert_int_equal(g->attacks[0].kind, MG_KIND_PHYSICAL);
	assert_int_equal(g->attacks[0].check_stat, MG_STAT_ACCURACY);
	assert_int_equal(g->attacks[0].damage, 3);
	assert_int_equal(g->attacks[0].attributes, 1u << MG_ATTR_PIERCE);
	assert_int_equal(g->attacks[0].range, 20);
	assert_int_equal(g->attacks[0].area, MG_AREA_SINGLE);
	assert_int_equal(g->attacks[0].timing, MG_TIMING_NORMAL);
	/* where they came from: アリア's mapping starts at line 4 column 5
	 * ("  - name"), her hp key on line 6, her attack at line 15 column 9,
	 * its damage key on line 18; hp_now was not written */
	src = mg_scenario_doc_character_src(doc, 0);
	assert_non_null(src);
	assert_int_equal(src->at.line, 4);
	assert_int_equal(src->at.col, 5);
	assert_int_equal(src->key[MG_CKEY_HP].line, 6);
	assert_int_equal(src->key[MG_CKEY_HP].col, 5);
	assert_int_equal(src->key[MG_CKEY_HP_NOW].line, 0);
	assert_int_equal(src->attacks[0].at.line, 15);
	assert_int_equal(src->attacks[0].at.col, 9);
	assert_int_equal(src->attacks[0].key[MG_AKEY_DAMAGE].line, 18);
	assert_int_equal(src->attacks[0].key[MG_AKEY_DAMAGE].col, 9);
	assert_null(mg_scenario_doc_character_src(doc, 2));
	mg_scenario_doc_free(doc);
	free(text);
}

/* MG-SCN-KEY-4 MG-SCN-VAL-3 MG-SCN-CHR-4: Japanese keys and values mean
 * the same as the English ones; armor may be negative (火: -2). */
static void test_japanese_keys(void **state)
{
	size_t len;
	char *text = slurp("examples/megami/japanese_keys.yaml", &len);
	mg_scenario_doc *doc;
	const mg_scenario *s = good(text, &doc);
	const mg_character *r = &s->characters[0], *y = &s->characters[1];

	assert_int_equal(s->round_limit, 8);
	assert_string_equal(r->name, "リン");
	assert_int_equal(r->hp, 20);
	assert_int_equal(r->hp_now, 15);
	assert_int_equal(r->stat[MG_STAT_INITIATIVE], 4);
	assert_int_equal(r->armor_listed, 1u << MG_ATTR_PIERCE |
	                 1u << MG_ATTR_IMPACT | 1u << MG_ATTR_ENERGY |
	                 1u << MG_ATTR_ICE);
	assert_int_equal(r->armor[MG_ATTR_ICE], 3);
	assert_int_equal(r->finish, 1);
	assert_int_equal(r->nattacks, 2);
	assert_int_equal(r->attacks[0].attributes,
	                 1u << MG_ATTR_PIERCE | 1u << MG_ATTR_IMPACT);
	assert_int_equal(r->attacks[1].kind, MG_KIND_MAGIC);
	assert_int_equal(r->attacks[1].check_stat, MG_STAT_RESISTANCE);
	assert_int_equal(r->attacks[1].attributes, 1u << MG_ATTR_THUNDER);
	assert_int_equal(r->attacks[1].range, 10);
	assert_int_equal(r->attacks[1].area, MG_AREA_ENGAGEMENT);
	assert_int_equal(r->attacks[1].timing, MG_TIMING_COMPLEX);
	assert_int_equal(y->side, MG_SIDE_NPC);
	assert_int_equal(y->armor[MG_ATTR_FIRE], -2);
	assert_int_equal(y->attacks[0].check_stat, -1);
	assert_int_equal(y->attacks[0].check_value, 5);
	mg_scenario_doc_free(doc);
	free(text);
}

/* MG-SCN-CHR-7 MG-SCN-ATK-1 MG-SCN-TOP-2 MG-SCN-VAL-5: the defaults of
 * M8.1: round_limit 20, stats and position 0, no armor, finish false, no
 * attacks, hp_now = hp; an attack physical, check accuracy, no attributes,
 * range 0, single, normal; null armor/attacks/attributes are empty. */
static void test_defaults(void **state)
{
	mg_scenario_doc *doc;
	const mg_scenario *s = good(
		"characters:\n"
		"  - {name: a, side: PC, hp: 7, attacks: [{name: x, damage: 2, attributes: ~}]}\n"
		"  - {name: b, side: NPC, hp: 3, armor: , attacks: }\n", &doc);
	const mg_character *a = &s->characters[0], *b = &s->characters[1];
	size_t k;

	assert_int_equal(s->round_limit, 20);
	assert_int_equal(a->hp_now, 7);
	for (k = 0; k < MG_STAT_COUNT; k++)
		assert_int_equal(a->stat[k], 0);
	assert_int_equal(a->position, 0);
	assert_int_equal(a->armor_listed, 0);
	assert_int_equal(a->finish, 0);
	assert_int_equal(a->attacks[0].kind, MG_KIND_PHYSICAL);
	assert_int_equal(a->attacks[0].check_stat, MG_STAT_ACCURACY);
	assert_int_equal(a->attacks[0].attributes, 0);
	assert_int_equal(a->attacks[0].range, 0);
	assert_int_equal(a->attacks[0].area, MG_AREA_SINGLE);
	assert_int_equal(a->attacks[0].timing, MG_TIMING_NORMAL);
	assert_int_equal(b->nattacks, 0);
	assert_int_equal(b->armor_listed, 0);
	assert_int_equal(b->hp_now, 3);
	mg_scenario_doc_free(doc);
}

/* MG-SCN-VAL-1 MG-SCN-CHR-3 MG-SCN-ATK-2 MG-SCN-LIMIT-2: the extremes of
 * the numbers (±10^12) are read; hp_now may be ≤ 0 (starts 戦闘不能);
 * negative stats and positions are fine; check may be an integer,
 * negative too.  (round_limit has its own limit: MG-SCN-LIMIT-1.) */
static void test_limits(void **state)
{
	mg_scenario_doc *doc;
	const mg_scenario *s = good(
		"round_limit: 1000\n"
		"characters:\n"
		"  - {name: a, side: PC, hp: 1, hp_now: -1000000000000, initiative: -3,"
		" position: -40, attacks: [{name: x, damage: 0, check: -2}]}\n"
		"  - {name: b, side: NPC, hp: 1000000000000, hp_now: 0,"
		" armor: {fire: -1000000000000},"
		" attacks: [{name: y, damage: 1000000000000}]}\n", &doc);

	assert_int_equal(s->round_limit, 1000);
	assert_int_equal(s->characters[0].hp_now, -MG_SCN_NUMBER_MAX);
	assert_int_equal(s->characters[0].stat[MG_STAT_INITIATIVE], -3);
	assert_int_equal(s->characters[0].position, -40);
	assert_int_equal(s->characters[0].attacks[0].check_stat, -1);
	assert_int_equal(s->characters[0].attacks[0].check_value, -2);
	assert_int_equal(s->characters[1].hp_now, 0);
	assert_int_equal(s->characters[1].hp, MG_SCN_NUMBER_MAX);
	assert_int_equal(s->characters[1].armor[MG_ATTR_FIRE], -MG_SCN_NUMBER_MAX);
	assert_int_equal(s->characters[1].attacks[0].damage, MG_SCN_NUMBER_MAX);
	mg_scenario_doc_free(doc);
}

/* MG-SCN-VAL-7: a name with a control character (C0, DEL, C1) is an error
 * at the name, naming the code point (input audit D2: fight printed ESC
 * raw); U+00A0 and U+3000 are not controls. */
static void test_name_control(void **state)
{
	(void)state;
	expect("characters:\n"
	       "  - {name: \"a\\eb\", side: PC, hp: 1,"
	       " attacks: [{name: \"x\\u009B\", damage: 1}]}\n"
	       "  - {name: \"\\x7F\", side: NPC, hp: 1}\n"
	       "  - {name: \"c\\u00A0\\u3000d\", side: NPC, hp: 1}\n",
	       "2:12: 名前に制御文字（U+001B）があります"
	       "（端末を操作できる文字は名前に使えません）\n"
	       "2:54: 名前に制御文字（U+009B）があります"
	       "（端末を操作できる文字は名前に使えません）\n"
	       "3:12: 名前に制御文字（U+007F）があります"
	       "（端末を操作できる文字は名前に使えません）\n",
	       "2:12: a control character (U+001B) in a name"
	       " (a terminal may act on it)\n"
	       "2:54: a control character (U+009B) in a name"
	       " (a terminal may act on it)\n"
	       "3:12: a control character (U+007F) in a name"
	       " (a terminal may act on it)\n");
}

/* MG-SCN-LIMIT-2: a number beyond ±10^12 is an error at the value, naming
 * the key as written (ja, en); the extremes of 64 bits used to be read
 * and to overflow in the combat (input audit D4). */
static void test_number_range(void **state)
{
	(void)state;
	expect("characters:\n"
	       "  - {name: a, side: PC, hp: 1, hp_now: -9223372036854775808}\n"
	       "  - {name: b, side: NPC, hp: 1, 命中: 1000000000001,"
	       " attacks: [{name: y, damage: 9223372036854775807}]}\n",
	       "2:40: hp_nowの-9223372036854775808は範囲外です"
	       "（-1000000000000から1000000000000までにしてください）\n"
	       "3:37: 命中の1000000000001は範囲外です"
	       "（-1000000000000から1000000000000までにしてください）\n"
	       "3:80: damageの9223372036854775807は範囲外です"
	       "（-1000000000000から1000000000000までにしてください）\n",
	       "2:40: hp_now -9223372036854775808 is out of range"
	       " (from -1000000000000 to 1000000000000)\n"
	       "3:37: 命中 1000000000001 is out of range"
	       " (from -1000000000000 to 1000000000000)\n"
	       "3:80: damage 9223372036854775807 is out of range"
	       " (from -1000000000000 to 1000000000000)\n");
}

/* MG-ENTER-1: `enters` (ja 登場ラウンド) is read, 1 when absent; written in
 * the canonical YAML after position only when it is more than 1 (and
 * read back); a round before 1 or after the round limit is an error at
 * the value naming the range, the limit read wherever the key is. */
static void test_enters(void **state)
{
	mg_scenario_doc *doc, *back;
	char *y;
	const mg_scenario *s = good(
		"characters:\n"
		"  - {name: a, side: PC, hp: 1}\n"
		"  - {name: b, side: NPC, hp: 1, enters: 3}\n"
		"  - {name: c, side: NPC, hp: 1, 登場ラウンド: 4}\n"
		"round_limit: 4\n", &doc);

	(void)state;
	assert_int_equal(s->characters[0].enters, 1);
	assert_int_equal(s->characters[1].enters, 3);
	assert_int_equal(s->characters[2].enters, 4);
	assert_int_equal(mg_scenario_to_yaml(&y, NULL, s), 0);
	assert_null(strstr(y, "enters: 1\n"));
	assert_non_null(strstr(y, "    position: 0\n    enters: 3\n    armor: {}\n"));
	assert_int_equal(good(y, &back)->characters[2].enters, 4);
	free(y);
	mg_scenario_doc_free(back);
	mg_scenario_doc_free(doc);
	/* "  - {name: b, side: NPC, hp: 1, enters: " is 40 columns */
	expect("round_limit: 3\ncharacters:\n"
	       "  - {name: a, side: PC, hp: 1}\n"
	       "  - {name: b, side: NPC, hp: 1, enters: 4}\n"
	       "  - {name: c, side: NPC, hp: 1, enters: 0}\n",
	       "4:41: entersの4は範囲外です（1から3までにしてください）\n"
	       "5:41: entersの0は範囲外です（1から3までにしてください）\n",
	       "4:41: enters 4 is out of range (from 1 to 3)\n"
	       "5:41: enters 0 is out of range (from 1 to 3)\n");
}

/* MG-SCN-VAL-2: finish accepts true/True/TRUE and false/False/FALSE. */
static void test_booleans(void **state)
{
	mg_scenario_doc *doc;
	const mg_scenario *s = good(
		"characters:\n"
		"  - {name: a, side: PC, hp: 1, finish: True}\n"
		"  - {name: b, side: NPC, hp: 1, finish: FALSE}\n"
		"  - {name: c, side: NPC, hp: 1, finish: true}\n", &doc);

	assert_int_equal(s->characters[0].finish, 1);
	assert_int_equal(s->characters[1].finish, 0);
	assert_int_equal(s->characters[2].finish, 1);
	mg_scenario_doc_free(doc);
}

/* MG-SCN-OUT: the canonical YAML of a scenario reads back to the same
 * text (each example), and a name YAML would misread is quoted. */
static void test_canonical_round_trip(void **state)
{
	static const char *const files[] = {
		"examples/megami/m1_example.yaml", "examples/megami/duel.yaml",
		"examples/megami/encounter_4v4.yaml",
		"examples/megami/japanese_keys.yaml",
		"examples/megami/ambush.yaml"};
	size_t i, len;

	for (i = 0; i < sizeof(files) / sizeof(files[0]); i++) {
		char *text = slurp(files[i], &len), *y1, *y2;
		mg_scenario_doc *d1, *d2;
		assert_int_equal(mg_scenario_to_yaml(&y1, NULL, good(text, &d1)), 0);
		assert_int_equal(mg_scenario_to_yaml(&y2, NULL, good(y1, &d2)), 0);
		assert_string_equal(y1, y2);
		free(y1);
		free(y2);
		mg_scenario_doc_free(d1);
		mg_scenario_doc_free(d2);
		free(text);
	}
}

/* MG-SCN-OUT: every default is written; names that are numbers, booleans,
 * nulls or hold YAML's punctuation are double-quoted, with escapes. */
static void test_canonical_text(void **state)
{
	mg_scenario_doc *doc;
	char *y;
	const mg_scenario *s = good(
		"characters:\n"
		"  - {name: \"5\", side: PC, hp: 2}\n"
		"  - {name: 'yes', side: NPC, hp: 1, armor: {fire: 1, pierce: -1},"
		" attacks: [{name: \"a: \\\"b\\\"#\", damage: 1, check: 3,"
		" attributes: [dark, impact]}]}\n", &doc);

	assert_int_equal(mg_scenario_to_yaml(&y, NULL, s), 0);
	assert_string_equal(y,
		"round_limit: 20\n"
		"characters:\n"
		"  - name: \"5\"\n"
		"    side: PC\n"
		"    hp: 2\n"
		"    hp_now: 2\n"
		"    initiative: 0\n"
		"    accuracy: 0\n"
		"    evasion: 0\n"
		"    resistance: 0\n"
		"    position: 0\n"
		"    armor: {}\n"
		"    finish: false\n"
		"    attacks: []\n"
		"  - name: \"yes\"\n"
		"    side: NPC\n"
		"    hp: 1\n"
		"    hp_now: 1\n"
		"    initiative: 0\n"
		"    accuracy: 0\n"
		"    evasion: 0\n"
		"    resistance: 0\n"
		"    position: 0\n"
		"    armor: {pierce: -1, fire: 1}\n"
		"    finish: false\n"
		"    attacks:\n"
		"      - name: \"a: \\\"b\\\"#\"\n"
		"        kind: physical\n"
		"        check: 3\n"
		"        damage: 1\n"
		"        attributes: [impact, dark]\n"
		"        range: 0\n"
		"        area: single\n"
		"        timing: normal\n");
	free(y);
	mg_scenario_doc_free(doc);
}

/* ------------------------------------------------------------ the bytes */

/* MG-SCN-IN-1: bad UTF-8 is reported at its character column, once per
 * line; the reading stops there.  Line 2 "  - name: " is 10 characters,
 * so the 0xFF is column 11; line 3 "  - é" then 0xC3 with no continuation:
 * column 6. */
static void test_invalid_utf8(void **state)
{
	expect("characters:\n  - name: \xff\xfe\n  - \xc3\xa9\xc3\n",
	       "2:11: UTF-8として不正なバイト0xFFがあります\n"
	       "3:6: UTF-8として不正なバイト0xC3があります\n",
	       "2:11: invalid UTF-8: byte 0xFF\n"
	       "3:6: invalid UTF-8: byte 0xC3\n");
	/* a NUL byte is refused too */
	{
		char *got = diags("a: 1\n\0", 6, MG_LANG_EN, 0);
		assert_string_equal(got, "2:1: invalid UTF-8: byte 0x00\n");
		free(got);
	}
}

/* MG-SCN-IN-1: a UTF-8 byte order mark is skipped, and columns on line 1
 * count from after it ("round_limit: " is 13 characters: the 0 is at 14). */
static void test_bom(void **state)
{
	expect("\xEF\xBB\xBFround_limit: 0\ncharacters:\n" PAIR,
	       "1:14: ラウンド上限が0です（1以上にしてください）\n",
	       "1:14: round_limit 0 is less than 1\n");
}

/* MG-SCN-VAL-6: a NUL written as an escape is refused (it would cut the
 * name short); "  - {name: " is 11 characters, the quote at 12. */
static void test_nul_escape(void **state)
{
	expect("characters:\n  - {name: \"a\\0b\", side: PC, hp: 1}\n"
	       "  - {name: b, side: NPC, hp: 1}\n",
	       "2:12: 文字列にNUL文字（\\0）があります\n",
	       "2:12: a NUL character (\\0) in a string\n");
}

/* MG-SCN-ATK-2: a quoted number in check is a string where a stat name or
 * an integer is wanted, not an unknown stat ("check: " ends at column 69
 * of the attack line: the quote is at 70). */
static void test_check_quoted_number(void **state)
{
	expect("characters:\n"
	       "  - {name: a, side: PC, hp: 1, attacks: [{name: x, damage: 1, check: \"7\"}]}\n"
	       "  - {name: b, side: NPC, hp: 1}\n",
	       "2:70: 整数が必要です（書かれているのは引用符で囲んだ文字列「7」）\n",
	       "2:70: expected an integer, found the quoted string '7'\n");
}

/* MG-SCN-IN-2: a tab in the indentation of a line with content, at the
 * tab's column; comment lines may hold them. */
static void test_tab(void **state)
{
	expect("characters:\n \t- {name: a}\n\t# ok\n",
	       "2:2: インデントにタブがあります（YAMLのインデントは空白で書きます）\n",
	       "2:2: a tab in the indentation (YAML indents with spaces)\n");
}

/* ------------------------------------------------------------ the YAML */

/* MG-SCN-YAML-1: libyaml's first syntax error, at its problem mark, with
 * where the construct it was parsing began; in Japanese, libyaml's words
 * translated (every problem and context of libyaml 0.2).  A problem found
 * at the end of the text is shown after the last character written:
 * "  {name: a" is 10 characters, so 2:11, where the "}" is missing. */
static void test_syntax(void **state)
{
	expect("characters: [\n  {name: a\n",
	       "2:11: YAMLの構文エラー：「,」か「}」がありません"
	       "（2行3桁から始まるフロー形式のマッピング（{ }）の中）\n",
	       "2:11: YAML syntax error: did not find expected ',' or '}' "
	       "(while parsing a flow mapping started at 2:3)\n");
	/* line 3 "     hp: 3" is indented more than "side": mapping values
	 * are not allowed after "hp" at column 8 */
	/* a rare problem is translated too (found at the blank, column 7;
	 * the tag began at the '!', column 4) */
	expect("a: !<x y\n",
	       "1:7: YAMLの構文エラー：「>」がありません"
	       "（1行4桁から始まるタグの中）\n",
	       "1:7: YAML syntax error: did not find the expected '>' "
	       "(while scanning a tag started at 1:4)\n");
	expect("characters:\n  - side: PC\n     hp: 3\n",
	       "3:8: YAMLの構文エラー：ここには「キー: 値」を書けません"
	       "（インデントと、この行と前の行の「: 」を確かめてください）\n",
	       "3:8: YAML syntax error: a 'key: value' cannot go here; check "
	       "the indentation, and the ': ' of this line and the one "
	       "before\n");
	/* the ':' forgotten on line 1 breaks the YAML at line 2's; the
	 * hint names the line before */
	expect("round_limit 10\ncharacters: []\n",
	       "2:11: YAMLの構文エラー：ここには「キー: 値」を書けません"
	       "（インデントと、この行と前の行の「: 」を確かめてください）\n",
	       "2:11: YAML syntax error: a 'key: value' cannot go here; check "
	       "the indentation, and the ': ' of this line and the one "
	       "before\n");
	/* a value expected at the end of the file: libyaml's context would
	 * start past the last line (3:1); where the problem is, it is left
	 * out */
	expect("round_limit: 10\ncharacters: [\n",
	       "2:14: YAMLの構文エラー：値がありません\n",
	       "2:14: YAML syntax error: a value is missing\n");
}

/* MG-SCN-YAML-2: anchors and aliases are refused at their marks; the
 * alias then stands for nothing (no second message about it). */
static void test_anchor_alias(void **state)
{
	expect("characters:\n  - &x {name: a, side: PC, hp: 1}\n  - *x\n"
	       "  - {name: b, side: NPC, hp: 1}\n",
	       "2:5: アンカー「&x」は使えません（値をそのまま書いてください）\n"
	       "3:5: エイリアス「*x」は使えません（値をそのまま書いてください）\n",
	       "2:5: anchors are not supported: '&x' (write the value out)\n"
	       "3:5: aliases are not supported: '*x' (write the value out)\n");
}

/* MG-SCN-YAML-3 MG-SCN-YAML-4: one document; no tags (core tags shown as
 * written, !!int). */
static void test_documents_and_tags(void **state)
{
	expect("characters:\n" PAIR "---\nround_limit: 3\n",
	       "4:1: 2つ目のYAML文書があります（シナリオは1つの文書に書きます）\n",
	       "4:1: a second YAML document (a scenario is one document)\n");
	expect("round_limit: !!int 3\ncharacters:\n" PAIR,
	       "1:14: タグ「!!int」は使えません\n",
	       "1:14: tags are not supported: '!!int'\n");
}

/* MG-SCN-YAML-6: at most 32 levels of lists and mappings: the 33rd '['
 * (column 33) is refused and the reading stops. */
static void test_too_deep(void **state)
{
	char text[64];

	memset(text, '[', 40);
	text[40] = '\0';
	expect(text, "1:33: 入れ子が深すぎます（32段まで）\n",
	       "1:33: nested too deeply (at most 32 levels)\n");
}

/* MG-SCN-CHR-6: names are found through a set: 100 characters (the most,
 * MG-SCN-LIMIT-1), the last named like the 50th (c49, whose name is at
 * line 51). */
static void test_duplicate_name_many(void **state)
{
	ut_buf b = UT_BUF_INIT;
	char *got;
	int i;

	ut_buf_puts(&b, "characters:\n");
	for (i = 0; i < 99; i++)
		ut_buf_printf(&b, "  - {name: c%d, side: %s, hp: 1}\n", i,
		              i ? "NPC" : "PC");
	ut_buf_puts(&b, "  - {name: c49, side: PC, hp: 1}\n");
	got = diags(b.ptr, b.len, MG_LANG_EN, 0);
	assert_string_equal(got,
	                    "101:12: two characters named 'c49' (the first on line 51)\n");
	free(got);
	ut_buf_free(&b);
}

/* MG-SCN-YAML-5: nothing, only comments, or a null document. */
static void test_empty(void **state)
{
	expect("", "1:1: シナリオが空です\n", "1:1: the scenario is empty\n");
	expect("# only a comment\n\n", "1:1: シナリオが空です\n",
	       "1:1: the scenario is empty\n");
	expect("\n~\n", "2:1: シナリオが空です\n", "2:1: the scenario is empty\n");
}

/* ------------------------------------------------------------ keys */

/* MG-SCN-KEY-2 MG-SCN-DIAG-3: an unknown key with the nearest valid one
 * of its mapping (either spelling, case aside), or none when nothing is
 * near; at every level, armor included. */
static void test_unknown_key(void **state)
{
	expect("characters:\n"
	       "  - {name: a, side: PC, hp: 1, evasoin: 3, Hp_now: 1, zzz: 1}\n"
	       "  - {name: b, side: NPC, hp: 1, armor: {fier: 1},"
	       " attacks: [{name: x, damage: 1, rnage: 2}]}\n"
	       "round_limt: 3\n",
	       "2:32: 不明なキー「evasoin」です。「evasion」のことですか？\n"
	       "2:44: 不明なキー「Hp_now」です。「hp_now」のことですか？\n"
	       "2:55: 不明なキー「zzz」です\n"
	       "3:41: 不明なキー「fier」です。「fire」のことですか？\n"
	       "3:82: 不明なキー「rnage」です。「range」のことですか？\n"
	       "4:1: 不明なキー「round_limt」です。「round_limit」のことですか？\n",
	       "2:32: unknown key 'evasoin'; did you mean 'evasion'?\n"
	       "2:44: unknown key 'Hp_now'; did you mean 'hp_now'?\n"
	       "2:55: unknown key 'zzz'\n"
	       "3:41: unknown key 'fier'; did you mean 'fire'?\n"
	       "3:82: unknown key 'rnage'; did you mean 'range'?\n"
	       "4:1: unknown key 'round_limt'; did you mean 'round_limit'?\n");
	/* a Japanese near miss: 命注 is one character from 命中 */
	expect("characters:\n  - {name: a, side: PC, hp: 1, 命注: 3}\n"
	       "  - {name: b, side: NPC, hp: 1}\n",
	       "2:32: 不明なキー「命注」です。「命中」のことですか？\n",
	       "2:32: unknown key '命注'; did you mean '命中'?\n");
}

/* MG-SCN-KEY-3: the same key twice, or a field in both spellings. */
static void test_duplicate_key(void **state)
{
	expect("characters:\n"
	       "  - {name: a, side: PC, hp: 1, HP: 2}\n"
	       "  - {name: b, side: NPC, hp: 1, side: NPC}\n",
	       "2:32: キー「HP」が2回書かれています（最初は2行目の「hp」）\n"
	       "3:33: キー「side」が2回書かれています（最初は3行目）\n",
	       "2:32: key 'HP' given twice (first as 'hp' on line 2)\n"
	       "3:33: key 'side' given twice (first on line 3)\n");
}

/* MG-SCN-KEY-1: a key must be a name (not a list, mapping or null). */
static void test_key_not_text(void **state)
{
	expect("characters:\n  - {name: a, side: PC, hp: 1, [x]: 1, ~: 2}\n"
	       "  - {name: b, side: NPC, hp: 1}\n",
	       "2:32: キーには名前を書いてください\n"
	       "2:40: キーには名前を書いてください\n",
	       "2:32: a key must be a name\n"
	       "2:40: a key must be a name\n");
}

/* MG-SCN-CHR-1 MG-SCN-ATK-1 MG-SCN-TOP-1: missing required keys, at the
 * start of their mapping. */
static void test_missing_keys(void **state)
{
	expect("characters:\n"
	       "  - {side: PC}\n"
	       "  - name: b\n"
	       "    side: NPC\n"
	       "    hp: 1\n"
	       "    attacks:\n"
	       "      - kind: magic\n",
	       "2:5: 必須のキー「name」がありません\n"
	       "2:5: 必須のキー「hp」がありません\n"
	       "7:9: 必須のキー「name」がありません\n"
	       "7:9: 必須のキー「damage」がありません\n",
	       "2:5: missing required key 'name'\n"
	       "2:5: missing required key 'hp'\n"
	       "7:9: missing required key 'name'\n"
	       "7:9: missing required key 'damage'\n");
	expect("round_limit: 3\n", "1:1: 必須のキー「characters」がありません\n",
	       "1:1: missing required key 'characters'\n");
}

/* ------------------------------------------------------------ values */

/* MG-SCN-VAL-1: what is not a plain decimal integer, and why. */
static void test_not_decimal(void **state)
{
	expect("characters:\n"
	       "  - {name: a, side: PC, hp: +5, initiative: 0x10, accuracy: 1e3,"
	       " evasion: 5.0, resistance: 05, position: 1_000}\n"
	       "  - {name: b, side: NPC, hp: 1, initiative: 0o17, accuracy: 0b1,"
	       " evasion: -2.5e1, resistance: +05}\n" PAIR,
	       "2:29: 「+5」は10進の整数ではありません（「+」の符号）\n"
	       "2:45: 「0x10」は10進の整数ではありません（16進数）\n"
	       "2:61: 「1e3」は10進の整数ではありません（指数表記）\n"
	       "2:75: 「5.0」は10進の整数ではありません（小数）\n"
	       "2:92: 「05」は10進の整数ではありません（先頭の0）\n"
	       "2:106: 「1_000」は10進の整数ではありません（「_」の区切り）\n"
	       "3:45: 「0o17」は10進の整数ではありません（8進数）\n"
	       "3:61: 「0b1」は10進の整数ではありません（2進数）\n"
	       "3:75: 「-2.5e1」は10進の整数ではありません（指数表記）\n"
	       "3:95: 「+05」は10進の整数ではありません（「+」の符号）\n"
	       "4:12: 「a」という名前のキャラクターが2人います（最初は2行目）\n"
	       "5:12: 「b」という名前のキャラクターが2人います（最初は3行目）\n",
	       "2:29: '+5' is not a plain decimal integer (a '+' sign)\n"
	       "2:45: '0x10' is not a plain decimal integer (hexadecimal)\n"
	       "2:61: '1e3' is not a plain decimal integer (an exponent)\n"
	       "2:75: '5.0' is not a plain decimal integer (a fraction)\n"
	       "2:92: '05' is not a plain decimal integer (a leading zero)\n"
	       "2:106: '1_000' is not a plain decimal integer ('_' separators)\n"
	       "3:45: '0o17' is not a plain decimal integer (octal)\n"
	       "3:61: '0b1' is not a plain decimal integer (binary)\n"
	       "3:75: '-2.5e1' is not a plain decimal integer (an exponent)\n"
	       "3:95: '+05' is not a plain decimal integer (a '+' sign)\n"
	       "4:12: two characters named 'a' (the first on line 2)\n"
	       "5:12: two characters named 'b' (the first on line 3)\n");
}

/* MG-SCN-VAL-1: beyond 64 bits (one past INT64_MAX, one before INT64_MIN). */
static void test_too_large(void **state)
{
	expect("round_limit: 9223372036854775808\ncharacters:\n"
	       "  - {name: a, side: PC, hp: 1, position: -9223372036854775809}\n"
	       "  - {name: b, side: NPC, hp: 1}\n",
	       "1:14: 数が範囲外です：「9223372036854775808」（-9223372036854775808から9223372036854775807までの整数にしてください）\n"
	       "3:42: 数が範囲外です：「-9223372036854775809」（-9223372036854775808から9223372036854775807までの整数にしてください）\n",
	       "1:14: number out of range: '9223372036854775808' (a whole number from -9223372036854775808 to 9223372036854775807)\n"
	       "3:42: number out of range: '-9223372036854775809' (a whole number from -9223372036854775808 to 9223372036854775807)\n");
}

/* MG-SCN-VAL-1 MG-SCN-VAL-4 MG-SCN-ATK-2: wrong types, each named. */
static void test_wrong_type(void **state)
{
	expect("characters:\n"
	       "  - {name: a, side: PC, hp: {x: 1}, initiative: [1], accuracy: \"3\","
	       " evasion: abc, resistance: , armor: [1], attacks: {}}\n"
	       "  - {name: [b], side: NPC, hp: 1, attacks: [3, {name: x, damage: 1,"
	       " check: [1], attributes: fire}]}\n"
	       "round_limit: .inf\n",
	       "2:29: 整数が必要です（書かれているのはマッピング）\n"
	       "2:49: 整数が必要です（書かれているのはリスト）\n"
	       "2:64: 整数が必要です（書かれているのは引用符で囲んだ文字列「3」）\n"
	       "2:78: 整数が必要です（書かれているのは「abc」）\n"
	       "2:95: 整数が必要です（書かれているのは空の値）\n"
	       "2:104: マッピング（キー: 値）が必要です（書かれているのはリスト）\n"
	       "2:118: リストが必要です（書かれているのはマッピング）\n"
	       "3:12: 名前が必要です（書かれているのはリスト）\n"
	       "3:45: マッピング（キー: 値）が必要です（書かれているのは「3」）\n"
	       "3:76: 能力値の名前か整数が必要です（書かれているのはリスト）\n"
	       "3:93: リストが必要です（書かれているのは「fire」）\n"
	       "4:14: 整数が必要です（書かれているのは「.inf」）\n",
	       "2:29: expected an integer, found a mapping\n"
	       "2:49: expected an integer, found a list\n"
	       "2:64: expected an integer, found the quoted string '3'\n"
	       "2:78: expected an integer, found 'abc'\n"
	       "2:95: expected an integer, found nothing\n"
	       "2:104: expected a mapping (key: value), found a list\n"
	       "2:118: expected a list, found a mapping\n"
	       "3:12: expected a name, found a list\n"
	       "3:45: expected a mapping (key: value), found '3'\n"
	       "3:76: expected a stat name or an integer, found a list\n"
	       "3:93: expected a list, found 'fire'\n"
	       "4:14: expected an integer, found '.inf'\n");
}

/* MG-SCN-VAL-2: YAML 1.1 booleans and other words for finish. */
static void test_bad_boolean(void **state)
{
	expect("characters:\n"
	       "  - {name: a, side: PC, hp: 1, finish: yes}\n"
	       "  - {name: b, side: NPC, hp: 1, finish: 1}\n",
	       "2:40: 「yes」は真偽値に使えません（true か false と書いてください）\n"
	       "3:41: true か false の値が必要です（書かれているのは「1」）\n",
	       "2:40: 'yes' is not a boolean here (write true or false)\n"
	       "3:41: expected true or false, found '1'\n");
}

/* MG-SCN-VAL-3 MG-SCN-DIAG-3: unknown side, kind, area, timing,
 * attribute and stat; with the nearest value, or the list of values. */
static void test_unknown_values(void **state)
{
	expect("characters:\n"
	       "  - {name: a, side: pc, hp: 1}\n"
	       "  - {name: b, side: NPC, hp: 1, attacks: [{name: x, damage: 1,"
	       " kind: magik, area: al, timing: complx, attributes: [fir, wind],"
	       " check: accurcy}]}\n"
	       "  - {name: c, side: GM, hp: 1}\n",
	       "2:21: 不明な陣営「pc」です。「PC」のことですか？\n"
	       "3:70: 不明な種別「magik」です。「magic」のことですか？\n"
	       "3:83: 不明な範囲「al」です（single（単体）、engagement（エンゲージ）のいずれか）\n"
	       "3:95: 不明なタイミング「complx」です。「complex」のことですか？\n"
	       "3:116: 不明な属性「fir」です。「fire」のことですか？\n"
	       "3:121: 不明な属性「wind」です（pierce（貫通）、impact（衝撃）、"
	       "energy（エネルギー）、fire（火）、ice（氷）、thunder（雷）、light（光）、"
	       "holy（聖）、dark（闇）のいずれか）\n"
	       "3:135: 不明な能力値「accurcy」です。「accuracy」のことですか？\n"
	       "4:21: 不明な陣営「GM」です（PC、NPCのいずれか）\n",
	       "2:21: unknown side 'pc'; did you mean 'PC'?\n"
	       "3:70: unknown kind 'magik'; did you mean 'magic'?\n"
	       "3:83: unknown area 'al' (one of: single, engagement)\n"
	       "3:95: unknown timing 'complx'; did you mean 'complex'?\n"
	       "3:116: unknown attribute 'fir'; did you mean 'fire'?\n"
	       "3:121: unknown attribute 'wind' (one of: pierce, impact, energy, "
	       "fire, ice, thunder, light, holy, dark)\n"
	       "3:135: unknown stat 'accurcy'; did you mean 'accuracy'?\n"
	       "4:21: unknown side 'GM' (one of: PC, NPC)\n");
}

/* MG-SCN-ATK-4: an attribute twice (in either spelling). */
static void test_duplicate_attribute(void **state)
{
	expect("characters:\n"
	       "  - {name: a, side: PC, hp: 1, attacks: [{name: x, damage: 1,"
	       " attributes: [fire, ice, 火]}]}\n"
	       "  - {name: b, side: NPC, hp: 1}\n",
	       "2:87: 属性「火」が2回書かれています（最初は76桁目）\n",
	       "2:87: attribute '火' listed twice (first at column 76)\n");
}

/* MG-SCN-VAL-4: names must not be empty ("" or nothing). */
static void test_empty_name(void **state)
{
	expect("characters:\n"
	       "  - {name: \"\", side: PC, hp: 1}\n"
	       "  - {name: b, side: NPC, hp: 1, attacks: [{name: '', damage: 1}]}\n"
	       "  - {name: , side: NPC, hp: 1}\n",
	       "2:12: 名前が空です\n"
	       "3:50: 名前が空です\n"
	       "4:12: 名前が必要です（書かれているのは空の値）\n",
	       "2:12: a name must not be empty\n"
	       "3:50: a name must not be empty\n"
	       "4:12: expected a name, found nothing\n");
}

/* MG-SCN-CHR-6: duplicate names, at the second, naming the first's line. */
static void test_duplicate_name(void **state)
{
	expect("characters:\n"
	       "  - {name: アリア, side: PC, hp: 1}\n"
	       "  - {name: b, side: NPC, hp: 1}\n"
	       "  - name: アリア\n"
	       "    side: NPC\n"
	       "    hp: 2\n",
	       "4:11: 「アリア」という名前のキャラクターが2人います（最初は2行目）\n",
	       "4:11: two characters named 'アリア' (the first on line 2)\n");
}

/* MG-SCN-CHR-2 MG-SCN-CHR-3 MG-SCN-ATK-3 MG-SCN-TOP-2: hp < 1, hp_now >
 * hp, range < 0, round_limit < 1.  hp_now is not compared with a bad hp. */
static void test_ranges(void **state)
{
	expect("round_limit: 0\ncharacters:\n"
	       "  - {name: a, side: PC, hp: 0, hp_now: 5}\n"
	       "  - {name: b, side: NPC, hp: 3, hp_now: 4,"
	       " attacks: [{name: x, damage: 1, range: -1}]}\n",
	       "1:14: ラウンド上限が0です（1以上にしてください）\n"
	       "3:29: HPが0です（1以上にしてください）\n"
	       "4:41: 現在HP 4 がHP 3 を超えています\n"
	       "4:82: 射程が-1です（0以上にしてください）\n",
	       "1:14: round_limit 0 is less than 1\n"
	       "3:29: hp 0 is less than 1\n"
	       "4:41: hp_now 4 is more than hp 3\n"
	       "4:82: range -1 is negative\n");
}

/* MG-SCN-TOP-3: a PC and an NPC, reported at the list; not when a side
 * could not be read (it might have been the missing one). */
static void test_sides(void **state)
{
	expect("characters:\n  - {name: a, side: PC, hp: 1}\n",
	       "2:3: NPCのキャラクターがいません\n",
	       "2:3: no character on side NPC\n");
	expect("characters: []\n",
	       "1:13: PCのキャラクターがいません\n1:13: NPCのキャラクターがいません\n",
	       "1:13: no character on side PC\n1:13: no character on side NPC\n");
	expect("characters:\n  - {name: a, side: PC, hp: 1}\n  - {name: b, side: N, hp: 1}\n",
	       "3:21: 不明な陣営「N」です。「NPC」のことですか？\n",
	       "3:21: unknown side 'N'; did you mean 'NPC'?\n");
}

/* ------------------------------------------------------------ limits */

/* n characters (c0 a PC, the others NPCs) with `attacks` attacks each,
 * under the key `key` (characters or キャラクター). */
static char *scenario_of(const char *key, int n, int attacks)
{
	ut_buf b = UT_BUF_INIT;
	int i, k;

	ut_buf_printf(&b, "%s:\n", key);
	for (i = 0; i < n; i++) {
		ut_buf_printf(&b, "  - {name: c%d, side: %s, hp: 1, attacks: [", i,
		              i ? "NPC" : "PC");
		for (k = 0; k < attacks; k++)
			ut_buf_printf(&b, "%s{name: a%d, damage: 1}", k ? ", " : "", k);
		ut_buf_puts(&b, "]}\n");
	}
	return b.ptr;
}

/* A name of n characters: "ア" (3 bytes, one character) n times. */
static char *long_name(int n)
{
	ut_buf b = UT_BUF_INIT;
	while (n-- > 0)
		ut_buf_puts(&b, "ア");
	return b.ptr;
}

/* MG-SCN-LIMIT-1, round_limit: 1000 (MG_SCN_ROUND_LIMIT_MAX) is read,
 * 1001 is one past it, and the 9223372036854775807 is refused
 * with the same message.  "round_limit: " is 13 characters: the value is
 * at column 14. */
static void test_limit_round_limit(void **state)
{
	mg_scenario_doc *doc;
	const mg_scenario *s = good("round_limit: 1000\ncharacters:\n" PAIR, &doc);
	assert_int_equal(s->round_limit, MG_SCN_ROUND_LIMIT_MAX);
	mg_scenario_doc_free(doc);
	expect("round_limit: 1001\ncharacters:\n" PAIR,
	       "1:14: ラウンド上限が1001です（1000以下にしてください）\n",
	       "1:14: round_limit 1001 is more than 1000\n");
	expect("ラウンド上限: 9223372036854775807\nキャラクター:\n" PAIR,
	       "1:9: ラウンド上限が9223372036854775807です（1000以下にしてください）\n",
	       "1:9: round_limit 9223372036854775807 is more than 1000\n");
}

/* MG-SCN-LIMIT-1, characters and attacks: 100 characters of 100 attacks
 * each (MG_SCN_MAX_CHARACTERS, MG_SCN_MAX_ATTACKS) are read; 101
 * characters are refused at the list (line 2, column 3: "  - {"), named
 * by the key as written, and not read further (no other message); 101
 * attacks each on c0 and c1 are refused at each attack list: "  - {name:
 * c0, side: PC, hp: 1, attacks: [" puts the '[' at column 42 (43 for c1,
 * an NPC). */
static void test_limit_counts(void **state)
{
	mg_scenario_doc *doc;
	const mg_scenario *s;
	char *y = scenario_of("characters", 100, 100);

	s = good(y, &doc);
	assert_int_equal(s->ncharacters, MG_SCN_MAX_CHARACTERS);
	assert_int_equal(s->characters[99].nattacks, MG_SCN_MAX_ATTACKS);
	mg_scenario_doc_free(doc);
	free(y);
	y = scenario_of("characters", 101, 1);
	expect(y, "2:3: charactersが多すぎます（100個まで）\n",
	       "2:3: too many characters (at most 100)\n");
	free(y);
	y = scenario_of("キャラクター", 101, 1);
	expect(y, "2:3: キャラクターが多すぎます（100個まで）\n",
	       "2:3: too many キャラクター (at most 100)\n");
	free(y);
	y = scenario_of("characters", 2, 101);
	expect(y, "2:42: attacksが多すぎます（100個まで）\n"
	          "3:43: attacksが多すぎます（100個まで）\n",
	       "2:42: too many attacks (at most 100)\n"
	       "3:43: too many attacks (at most 100)\n");
	free(y);
}

/* MG-SCN-LIMIT-1, names: a character or an attack name of 100 characters
 * (MG_SCN_NAME_MAX; "ア" is 3 bytes but one character) is read, one of
 * 101 is refused at the name: "  - {name: " puts it at column 12,
 * "  - {name: b, side: NPC, hp: 1, attacks: [{name: " at column 50. */
static void test_limit_names(void **state)
{
	mg_scenario_doc *doc;
	ut_buf b = UT_BUF_INIT;
	char *n100 = long_name(100), *n101 = long_name(101);

	ut_buf_printf(&b, "characters:\n  - {name: %s, side: PC, hp: 1}\n"
	              "  - {name: b, side: NPC, hp: 1, attacks: [{name: %s, "
	              "damage: 1}]}\n", n100, n100);
	good(b.ptr, &doc);
	mg_scenario_doc_free(doc);
	ut_buf_free(&b);
	ut_buf_printf(&b, "characters:\n  - {name: %s, side: PC, hp: 1}\n"
	              "  - {name: b, side: NPC, hp: 1, attacks: [{name: %s, "
	              "damage: 1}]}\n", n101, n101);
	expect(b.ptr,
	       "2:12: 名前が長すぎます（101文字。100文字までにしてください）\n"
	       "3:50: 名前が長すぎます（101文字。100文字までにしてください）\n",
	       "2:12: a name of 101 characters is too long (at most 100)\n"
	       "3:50: a name of 101 characters is too long (at most 100)\n");
	ut_buf_free(&b);
	free(n100);
	free(n101);
}

/* MG-SCN-LIMIT-1: mg_scenario_check holds scenarios built by code to the
 * same limits: round_limit 1001, 101 characters, 101 attacks, a name of
 * 101 characters are refused; at each limit the scenario passes. */
static void test_limit_check(void **state)
{
	static mg_character ch[MG_SCN_MAX_CHARACTERS + 1];
	static mg_attack at[MG_SCN_MAX_ATTACKS + 1];
	mg_scenario s = {MG_SCN_ROUND_LIMIT_MAX, ch, MG_SCN_MAX_CHARACTERS};
	char names[MG_SCN_MAX_CHARACTERS + 1][8];
	char *n100 = long_name(100), *n101 = long_name(101);
	size_t i;

	for (i = 0; i < MG_SCN_MAX_ATTACKS + 1; i++) {
		mg_attack_init(&at[i]);
		at[i].name = "a";
	}
	for (i = 0; i < MG_SCN_MAX_CHARACTERS + 1; i++) {
		mg_character_init(&ch[i]);
		snprintf(names[i], sizeof(names[i]), "c%zu", i);
		ch[i].name = names[i];
		ch[i].side = i ? MG_SIDE_NPC : MG_SIDE_PC;
	}
	ch[0].attacks = at;
	ch[0].nattacks = MG_SCN_MAX_ATTACKS;
	ch[1].name = n100;
	assert_int_equal(mg_scenario_check(&s), 0);
	s.round_limit = MG_SCN_ROUND_LIMIT_MAX + 1;
	assert_int_equal(mg_scenario_check(&s), MG_EINVALID);
	assert_string_equal(mg_error_last(), "round_limit 1001 > 1000");
	s.round_limit = MG_SCN_ROUND_LIMIT_MAX;
	s.ncharacters = MG_SCN_MAX_CHARACTERS + 1;
	assert_int_equal(mg_scenario_check(&s), MG_EINVALID);
	assert_string_equal(mg_error_last(), "101 characters (at most 100)");
	s.ncharacters = MG_SCN_MAX_CHARACTERS;
	ch[0].nattacks = MG_SCN_MAX_ATTACKS + 1;
	assert_int_equal(mg_scenario_check(&s), MG_EINVALID);
	assert_string_equal(mg_error_last(), "c0: 101 attacks (at most 100)");
	ch[0].nattacks = MG_SCN_MAX_ATTACKS;
	ch[1].name = n101;
	assert_int_equal(mg_scenario_check(&s), MG_EINVALID);
	assert_string_equal(mg_error_last(),
	                    "character 2: a name of more than 100 characters");
	ch[1].name = names[1];
	at[5].name = n101;
	assert_int_equal(mg_scenario_check(&s), MG_EINVALID);
	assert_string_equal(mg_error_last(),
	                    "c0: an attack name of more than 100 characters");
	free(n100);
	free(n101);
}

/* MG-SCN-DIAG-2: all errors in the order of the text, at most max_diags
 * kept; error_count counts all of them.  100 characters (the most,
 * MG-SCN-LIMIT-1) with hp 0 and hp_now x (two errors at line i+2) and no
 * NPC: 201 errors, the first 100 kept (the last: character 49's hp, line
 * 51). */
static void test_cap(void **state)
{
	ut_buf b = UT_BUF_INIT;
	mg_scenario_doc *doc;
	mg_parse_opts o = MG_PARSE_OPTS_INIT;
	int i;

	ut_buf_puts(&b, "characters:\n");
	for (i = 0; i < 100; i++)
		ut_buf_printf(&b, "  - {name: c%d, side: PC, hp: 0, hp_now: x}\n", i);
	assert_int_equal(mg_scenario_parse(&doc, b.ptr, b.len, &o), 0);
	assert_int_equal(mg_scenario_doc_error_count(doc), 201);
	assert_int_equal(mg_scenario_doc_diag_count(doc), 100);
	assert_int_equal(mg_scenario_doc_diag(doc, 0)->line, 2);
	assert_int_equal(mg_scenario_doc_diag(doc, 0)->code, MG_DIAG_NO_NPC);
	assert_int_equal(mg_scenario_doc_diag(doc, 1)->line, 2);
	assert_int_equal(mg_scenario_doc_diag(doc, 1)->code, MG_DIAG_HP_TOO_LOW);
	assert_int_equal(mg_scenario_doc_diag(doc, 2)->code, MG_DIAG_WRONG_TYPE);
	assert_int_equal(mg_scenario_doc_diag(doc, 99)->line, 51);
	assert_int_equal(mg_scenario_doc_diag(doc, 99)->code, MG_DIAG_HP_TOO_LOW);
	assert_null(mg_scenario_doc_diag(doc, 100));
	assert_null(mg_scenario_doc_scenario(doc));
	mg_scenario_doc_free(doc);
	ut_buf_free(&b);
}

/* MG-SCN-DIAG-1: source lines for the caret, without the line break
 * (CRLF too); the file name is the one given. */
static void test_source_lines(void **state)
{
	mg_scenario_doc *doc;
	mg_parse_opts o = MG_PARSE_OPTS_INIT;
	const char *l;
	size_t len;

	o.file = "x.yaml";
	assert_int_equal(mg_scenario_parse(&doc, "a: 1\r\nbb: 2", 11, &o), 0);
	assert_string_equal(mg_scenario_doc_file(doc), "x.yaml");
	l = mg_scenario_doc_source_line(doc, 1, &len);
	assert_int_equal(len, 4);
	assert_memory_equal(l, "a: 1", 4);
	l = mg_scenario_doc_source_line(doc, 2, &len);
	assert_int_equal(len, 5);
	assert_memory_equal(l, "bb: 2", 5);
	assert_null(mg_scenario_doc_source_line(doc, 3, &len));
	assert_null(mg_scenario_doc_source_line(doc, 0, &len));
	mg_scenario_doc_free(doc);
}

/* MG-SCN-DIAG-1: mg_diag_format cuts like snprintf, on a character
 * boundary, and returns the whole length. */
static void test_format_cut(void **state)
{
	mg_diag d = {MG_DIAG_NO_PC, 1, 1, 0, 0, NULL, NULL};
	char buf[8];
	/* "PCのキャラクターがいません": P C (2 bytes) then の (3) = 5, キ (3)
	 * would make 8 > 7 */
	size_t n = mg_diag_format(buf, sizeof(buf), &d, MG_LANG_JA);

	assert_int_equal(n, strlen("PCのキャラクターがいません"));
	assert_string_equal(buf, "PCの");
}

/* A NULL out or text is an error, not a crash (embedder review W4). */
static void test_null_args(void **state)
{
	mg_scenario_doc *d = NULL;
	(void)state;
	assert_int_equal(mg_scenario_parse(NULL, "x", 1, NULL), MG_EINVALID);
	assert_string_equal(mg_error_last(), "mg_scenario_parse: out is NULL");
	assert_int_equal(mg_scenario_parse(&d, NULL, 1, NULL), MG_EINVALID);
	assert_null(d);
	assert_string_equal(mg_error_last(), "mg_scenario_parse: text is NULL");
}

/* What reading a scenario gave, as text: its error count, each
 * diagnostic ("LINE:COL: message", English) and the scenario as canonical
 * YAML; into out (size bytes). */
static void mg_doc_result(char *out, size_t size, const void *d)
{
	const mg_scenario_doc *doc = d;
	const mg_scenario *sc = mg_scenario_doc_scenario(doc);
	size_t i, at = (size_t)snprintf(out, size, "errors %zu\n",
	                                mg_scenario_doc_error_count(doc));
	char *yaml = NULL;

	for (i = 0; i < mg_scenario_doc_diag_count(doc) && at < size; i++) {
		const mg_diag *g = mg_scenario_doc_diag(doc, i);
		char msg[512];
		mg_diag_format(msg, sizeof(msg), g, MG_LANG_EN);
		at += (size_t)snprintf(out + at, size - at, "%u:%u: %s\n",
		                       (unsigned)g->line, (unsigned)g->col,
		                       msg);
	}
	if (sc && at < size) {
		assert_int_equal(mg_scenario_to_yaml(&yaml, NULL, sc), 0);
		snprintf(out + at, size - at, "%s", yaml);
		free(yaml);
	}
}

static int mg_parse_any(void **doc, const char *text, size_t len)
{
	return mg_scenario_parse((mg_scenario_doc **)doc, text, len, NULL);
}

static void mg_free_any(void *doc)
{
	mg_scenario_doc_free(doc);
}

/*
 * Each allocation of reading each scenario of examples/megami,
 * tests/megami/golden (and its scenarios/) and tests/megami/reference/edge
 * failing in turn: the reader returns MG_ENOMEM with no document, or the
 * same diagnostics and scenario as without failures -- never a diagnostic
 * lost or a value changed for want of memory (the ASan build also checks
 * that nothing leaks).  Every reading allocates at least its document, so
 * at least one run a file fails.
 */
static void test_alloc_failures(void **state)
{
	static const tf_reader r = {mg_parse_any, mg_doc_result, mg_free_any,
	                            MG_ENOMEM};
	static const char *const dirs[] = {
		"examples/megami", "tests/megami/golden",
		"tests/megami/golden/scenarios", "tests/megami/reference/edge"};
	(void)state;

	assert_true(tf_fail_readers(&r, dirs, sizeof(dirs) / sizeof(dirs[0]),
	                            ".yaml") >= 60);
}

/*
 * MG-SCN-LIMIT-1: at most 1048576 YAML values are read (speed review
 * 2026-12-07: with --max-bytes raised, a 40 MB list under an unknown key
 * took 1.96 GB to reject).  A flow list of 1048600 values after two keys
 * (the mapping, its 2 keys and 2 values, the list: 6 values before its
 * items) passes the cap: the reader stops with MG_DIAG_TOO_MANY_VALUES,
 * a = the cap, and no scenario.
 */
static void test_too_many_values(void **state)
{
	ut_buf b = UT_BUF_INIT;
	mg_scenario_doc *doc;
	size_t i, found = 0;
	char msg[256];

	(void)state;
	ut_buf_puts(&b, "round_limit: 10\nextra: [");
	for (i = 0; i < 1048600; i++)
		ut_buf_puts(&b, i ? ",1" : "1");
	ut_buf_puts(&b, "]\n");
	assert_false(b.failed);
	assert_int_equal(mg_scenario_parse(&doc, b.ptr, b.len, NULL), 0);
	assert_null(mg_scenario_doc_scenario(doc));
	for (i = 0; i < mg_scenario_doc_diag_count(doc); i++) {
		const mg_diag *d = mg_scenario_doc_diag(doc, i);
		if (d->code != MG_DIAG_TOO_MANY_VALUES)
			continue;
		found++;
		assert_int_equal(d->a, 1048576);
		mg_diag_format(msg, sizeof(msg), d, MG_LANG_EN);
		assert_string_equal(msg, "too many YAML values (at most 1048576)");
	}
	assert_int_equal(found, 1);
	mg_scenario_doc_free(doc);
	ut_buf_free(&b);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_too_many_values),
		cmocka_unit_test(test_alloc_failures),
		TEST("MG-SCN-KEY-4 MG-SCN-CHR-4 MG-SCN-CHR-5 MG-SCN-CHR-7 MG-SCN-ATK-1", test_m1_example),
		TEST("MG-SCN-KEY-4 MG-SCN-VAL-3 MG-SCN-CHR-4", test_japanese_keys),
		TEST("MG-ENTER-1", test_enters),
		TEST("MG-SCN-CHR-7 MG-SCN-ATK-1 MG-SCN-TOP-2 MG-SCN-VAL-5", test_defaults),
		TEST("MG-SCN-VAL-1 MG-SCN-CHR-3 MG-SCN-ATK-2 MG-SCN-LIMIT-2", test_limits),
		TEST("MG-SCN-LIMIT-2", test_number_range),
		TEST("MG-SCN-VAL-7", test_name_control),
		TEST("MG-SCN-VAL-2", test_booleans),
		TEST("MG-SCN-OUT", test_canonical_round_trip),
		TEST("MG-SCN-OUT", test_canonical_text),
		TEST("MG-SCN-IN-1", test_invalid_utf8),
		TEST("MG-SCN-IN-1", test_bom),
		TEST("MG-SCN-ATK-2", test_check_quoted_number),
		TEST("MG-SCN-VAL-6", test_nul_escape),
		TEST("MG-SCN-IN-2", test_tab),
		TEST("MG-SCN-YAML-1", test_syntax),
		TEST("MG-SCN-YAML-2", test_anchor_alias),
		TEST("MG-SCN-YAML-3 MG-SCN-YAML-4", test_documents_and_tags),
		TEST("MG-SCN-YAML-5", test_empty),
		TEST("MG-SCN-YAML-6", test_too_deep),
		TEST("MG-SCN-CHR-6", test_duplicate_name_many),
		TEST("MG-SCN-KEY-2 MG-SCN-DIAG-3", test_unknown_key),
		TEST("MG-SCN-KEY-3", test_duplicate_key),
		TEST("MG-SCN-KEY-1", test_key_not_text),
		TEST("MG-SCN-CHR-1 MG-SCN-ATK-1 MG-SCN-TOP-1", test_missing_keys),
		TEST("MG-SCN-VAL-1", test_not_decimal),
		TEST("MG-SCN-VAL-1", test_too_large),
		TEST("MG-SCN-VAL-1 MG-SCN-VAL-4 MG-SCN-ATK-2", test_wrong_type),
		TEST("MG-SCN-VAL-2", test_bad_boolean),
		TEST("MG-SCN-VAL-3 MG-SCN-DIAG-3", test_unknown_values),
		TEST("MG-SCN-ATK-4", test_duplicate_attribute),
		TEST("MG-SCN-VAL-4", test_empty_name),
		TEST("MG-SCN-CHR-6", test_duplicate_name),
		TEST("MG-SCN-CHR-2 MG-SCN-CHR-3 MG-SCN-ATK-3 MG-SCN-TOP-2", test_ranges),
		TEST("MG-SCN-TOP-3", test_sides),
		TEST("MG-SCN-DIAG-2", test_cap),
		TEST("MG-SCN-LIMIT-1", test_limit_round_limit),
		TEST("MG-SCN-LIMIT-1", test_limit_counts),
		TEST("MG-SCN-LIMIT-1", test_limit_names),
		TEST("MG-SCN-LIMIT-1", test_limit_check),
		TEST("MG-SCN-DIAG-1", test_source_lines),
		TEST("MG-SCN-DIAG-1", test_format_cut),
		TEST("MG-SCN-IN-1", test_null_args),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
