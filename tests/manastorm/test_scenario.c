/*
 * test_scenario.c - the YAML scenario reader (rulings D1, D7.11;
 * docs/MANASTORM.md "Scenarios", the MS-SCN rules): the example of D1 field
 * by field, the defaults, Japanese keys and values, every card spelling, the
 * errors with their exact line:col and message in both languages, the
 * canonical output read back.
 *
 * Columns count characters: in "  - {name: リナ, side: X}" the X is at
 * column 23 whatever the bytes of リナ (each counts 1).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "support/fail_alloc.h"

#include "manastorm/duel.h"
#include "manastorm/render.h"
#include "manastorm/scenario_yaml.h"

#define TEST(ids, f) {ids " " #f, f, NULL, NULL, NULL}

/* A warrior on each side, making a scenario whole after the lines under
 * test. */
#define PAIR                                                               \
	"  - {name: wa, side: A, role: warrior, threshold: 7, hp: 1}\n"          \
	"  - {name: wb, side: B, role: warrior, threshold: 7, hp: 1}\n"

/* Every diagnostic of yaml as "LINE:COL: message\n" in lang (static). */
static const char *diags(const char *yaml, ms_lang lang)
{
	static char out[8192];
	ms_scenario_doc *doc;
	size_t i, n = 0;

	assert_int_equal(ms_scenario_parse(&doc, yaml, strlen(yaml), NULL), 0);
	out[0] = '\0';
	for (i = 0; i < ms_scenario_doc_diag_count(doc); i++) {
		const ms_diag *g = ms_scenario_doc_diag(doc, i);
		char msg[512];
		ms_diag_format(msg, sizeof(msg), g, lang);
		n += (size_t)snprintf(out + n, sizeof(out) - n, "%u:%u: %s\n",
		                      (unsigned)g->line, (unsigned)g->col, msg);
	}
	assert_true((ms_scenario_doc_scenario(doc) == NULL) == (n > 0));
	ms_scenario_doc_free(doc);
	return out;
}

static const char d1_example[] =
	"battles: 3\n"
	"rounds_per_battle: 10\n"
	"hand_size: 5\n"
	"storm_match: number\n"
	"shuffle: true\n"
	"participants:\n"
	"  - name: リナ\n"
	"    side: A\n"
	"    role: caster\n"
	"    threshold: 7\n"
	"    suit: H\n"
	"    mp: 3\n"
	"    outfits: [3, 2]\n"
	"    deck: [S1, H13, ♦Q, CA]\n"
	"    policy: default\n"
	"  - name: カイ\n"
	"    side: A\n"
	"    role: warrior\n"
	"    threshold: 6\n"
	"    hp: 10\n"
	"  - name: ジン\n"
	"    side: B\n"
	"    role: 魔法剣士\n"
	"    threshold: 0\n"
	"    suit: none\n"
	"    hp: 1\n"
	"    policy: greedy\n";

/* MS-SCN-TOP-2, MS-SCN-PART-3: D1's example read field by field; the deck
 * top first as written (♦Q = D12, CA = C1); 魔法剣士 is a warrior. */
static void test_d1_example(void **state)
{
	ms_scenario_doc *doc;
	const ms_scenario *s;
	const ms_participant *p;

	assert_int_equal(ms_scenario_parse(&doc, d1_example, strlen(d1_example),
	                                   NULL), 0);
	assert_non_null(s = ms_scenario_doc_scenario(doc));
	assert_int_equal(ms_scenario_check(s), 0);
	assert_int_equal(s->battles, 3);
	assert_int_equal(s->rounds_per_battle, 10);
	assert_int_equal(s->hand_size, 5);
	assert_int_equal(s->storm_match, MS_MATCH_NUMBER);
	assert_int_equal(s->shuffle, 1);
	assert_int_equal(s->nparticipants, 3);
	p = &s->participants[0];
	assert_string_equal(p->name, "リナ");
	assert_int_equal(p->side, 0);
	assert_int_equal(p->role, MS_ROLE_CASTER);
	assert_int_equal(p->threshold, 7);
	assert_int_equal(p->suit, MS_SUIT_H);
	assert_int_equal(p->mp, 3);
	assert_int_equal(p->noutfits, 2);
	assert_int_equal(p->outfits[0], 3);
	assert_int_equal(p->outfits[1], 2);
	assert_int_equal(p->ndeck, 4);
	assert_int_equal(p->deck[0].suit, MS_SUIT_S);
	assert_int_equal(p->deck[0].number, 1);
	assert_int_equal(p->deck[1].suit, MS_SUIT_H);
	assert_int_equal(p->deck[1].number, 13);
	assert_int_equal(p->deck[2].suit, MS_SUIT_D);
	assert_int_equal(p->deck[2].number, 12);
	assert_int_equal(p->deck[3].suit, MS_SUIT_C);
	assert_int_equal(p->deck[3].number, 1);
	assert_string_equal(p->policy, "default");
	p = &s->participants[1];
	assert_int_equal(p->role, MS_ROLE_WARRIOR);
	assert_int_equal(p->hp, 10);
	assert_int_equal(p->suit, MS_SUIT_NONE); /* MS-SCN-PART-3: default none */
	assert_null(p->deck);                    /* the 52 cards */
	assert_string_equal(p->policy, "default");
	p = &s->participants[2];
	assert_int_equal(p->side, 1);
	assert_int_equal(p->role, MS_ROLE_WARRIOR);
	assert_int_equal(p->threshold, 0);
	assert_int_equal(p->suit, MS_SUIT_NONE);
	assert_string_equal(p->policy, "greedy");
	ms_scenario_doc_free(doc);
}

/* MS-SCN-TOP-2: the defaults of D1 when only participants are given. */
static void test_defaults(void **state)
{
	static const char y[] = "participants:\n" PAIR;
	ms_scenario_doc *doc;
	const ms_scenario *s;

	assert_int_equal(ms_scenario_parse(&doc, y, strlen(y), NULL), 0);
	assert_non_null(s = ms_scenario_doc_scenario(doc));
	assert_int_equal(s->battles, 3);
	assert_int_equal(s->rounds_per_battle, 10);
	assert_int_equal(s->hand_size, 5);
	assert_int_equal(s->storm_match, MS_MATCH_NUMBER);
	assert_int_equal(s->shuffle, 1);
	ms_scenario_doc_free(doc);
}

/* MS-SCN-KEY-4, MS-SCN-VAL-2, MS-SCN-VAL-3, MS-SCN-VAL-4, MS-SCN-VAL-5: the
 * Japanese keys and values give the same scenario as the English ones. */
static void test_japanese(void **state)
{
	static const char ja[] =
		"バトル数: 2\nラウンド上限: 4\n手札: 0\nストーム条件: カード\n"
		"シャッフル: false\n参加者:\n"
		"  - {名前: リナ, 陣営: B, 役割: 魔法術師, 発現値: 5, 得意スート: ♣, "
		"MP: 0, 衣装: [1], 山札: [♠1], 方針: random}\n"
		"  - {名前: カイ, 陣営: A, 役割: 魔法戦士, 発現値: 13, 得意スート: なし, HP: 2}\n"
		"  - {名前: ジン, 陣営: B, 役割: 魔法剣士, 発現値: 1, HP: 3}\n";
	static const char en[] =
		"battles: 2\nrounds_per_battle: 4\nhand_size: 0\nstorm_match: card\n"
		"shuffle: false\nparticipants:\n"
		"  - {name: リナ, side: B, role: caster, threshold: 5, suit: C, "
		"mp: 0, outfits: [1], deck: [S1], policy: random}\n"
		"  - {name: カイ, side: A, role: warrior, threshold: 13, suit: none, hp: 2}\n"
		"  - {name: ジン, side: B, role: warrior, threshold: 1, hp: 3}\n";
	ms_scenario_doc *a, *b;
	char *ya, *yb;

	assert_int_equal(ms_scenario_parse(&a, ja, strlen(ja), NULL), 0);
	assert_int_equal(ms_scenario_parse(&b, en, strlen(en), NULL), 0);
	assert_non_null(ms_scenario_doc_scenario(a));
	assert_non_null(ms_scenario_doc_scenario(b));
	assert_int_equal(ms_scenario_doc_scenario(a)->storm_match, MS_MATCH_CARD);
	assert_int_equal(ms_scenario_doc_scenario(a)->participants[0].suit,
	                 MS_SUIT_C);
	assert_int_equal(ms_scenario_to_yaml(&ya, NULL, ms_scenario_doc_scenario(a)), 0);
	assert_int_equal(ms_scenario_to_yaml(&yb, NULL, ms_scenario_doc_scenario(b)), 0);
	assert_string_equal(ya, yb);
	free(ya);
	free(yb);
	ms_scenario_doc_free(a);
	ms_scenario_doc_free(b);
}

/* MS-SCN-CARD-1: every spelling of a card; what is not one. */
static void test_card_parse(void **state)
{
	static const struct { const char *s; int suit, num; } ok[] = {
		{"S1", 0, 1}, {"H13", 1, 13}, {"D10", 2, 10}, {"C9", 3, 9},
		{"♠7", 0, 7}, {"♥12", 1, 12}, {"♦1", 2, 1}, {"♣13", 3, 13},
		{"SA", 0, 1}, {"HJ", 1, 11}, {"HQ", 1, 12}, {"♥K", 1, 13},
		{"♣A", 3, 1},
	};
	static const char *const bad[] = {
		"", "S", "S0", "S14", "S01", "s1", "X1", "SZ", "S 1", "1", "♤1",
		"SAA", "S1 ", "H-1", "Hk",
	};
	size_t i;
	ms_card c;

	for (i = 0; i < sizeof(ok) / sizeof(ok[0]); i++) {
		assert_int_equal(ms_card_parse(&c, ok[i].s), 0);
		assert_int_equal(c.suit, ok[i].suit);
		assert_int_equal(c.number, ok[i].num);
	}
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		assert_int_equal(ms_card_parse(&c, bad[i]), MS_EINVALID);
}

/* MS-SCN-CARD-2: the nearest card for a typo (the English spelling first,
 * the symbol one for a symbol; none when nothing is near). */
static void test_card_errors(void **state)
{
	static const char y[] =
		"participants:\n"
		"  - {name: x, side: A, role: warrior, threshold: 7, hp: 1, "
		"deck: [S14, h5, ♥0, ZZZ, [S1]]}\n" PAIR;

	assert_string_equal(diags(y, MS_LANG_EN),
		"2:67: unknown card 'S14'; did you mean 'S1'?\n"
		"2:72: unknown card 'h5'; did you mean 'H5'?\n"
		"2:76: unknown card '♥0'; did you mean '♥1'?\n"
		"2:80: unknown card 'ZZZ' (S1…C13; also ♠♥♦♣ and A J Q K)\n"
		"2:85: expected a card (S1…C13), found a list\n");
	assert_string_equal(diags(y, MS_LANG_JA),
		"2:67: 「S14」はカードではありません。「S1」のことですか？\n"
		"2:72: 「h5」はカードではありません。「H5」のことですか？\n"
		"2:76: 「♥0」はカードではありません。「♥1」のことですか？\n"
		"2:80: 「ZZZ」はカードではありません（S1〜C13。♠♥♦♣ と A J Q K も使えます）\n"
		"2:85: カード（S1〜C13）が必要です（書かれているのはリスト）\n");
}

/* MS-SCN-PART-4, MS-SCN-PART-5, MS-SCN-PART-6, MS-SCN-PART-7: the keys of
 * each role, in both languages.  The caster c leaves mp out and the
 * warrior w hp: no error, they take D1's defaults (test_d1_defaults); a
 * key of the other role is an error at that key (c's hp at 2:66, w's mp
 * and 衣装 at 3:53 and 3:60); d's outfits written as [] is an error at the
 * list (4:68), since a caster needs a 衣装 (D7.11). */
static void test_role_keys(void **state)
{
	static const char y[] =
		"participants:\n"
		"  - {name: c, side: A, role: caster, threshold: 7, outfits: [1], hp: 3}\n"
		"  - {name: w, side: A, role: warrior, threshold: 7, mp: 1, 衣装: [2]}\n"
		"  - {name: d, side: B, role: caster, threshold: 7, mp: 1, outfits: []}\n" PAIR;

	assert_string_equal(diags(y, MS_LANG_EN),
		"2:66: 'hp' is for warriors only (this participant is a caster)\n"
		"3:53: 'mp' is for casters only (this participant is a warrior)\n"
		"3:60: '衣装' is for casters only (this participant is a warrior)\n"
		"4:68: caster 'd' has no outfits (a caster needs at least one)\n");
	assert_string_equal(diags(y, MS_LANG_JA),
		"2:66: 「hp」は魔法戦士だけのキーです（この参加者は魔法術師）\n"
		"3:53: 「mp」は魔法術師だけのキーです（この参加者は魔法戦士）\n"
		"3:60: 「衣装」は魔法術師だけのキーです（この参加者は魔法戦士）\n"
		"4:68: 魔法術師「d」に衣装がありません（1着以上必要です）\n");
}

/* MS-SCN-PART-3, MS-SCN-NUM-2, MS-SCN-LIMIT-1: the ranges of D7.11 and D1
 * (the value's column; the key named as written). */
static void test_ranges(void **state)
{
	static const char y[] =
		"battles: 0\nrounds_per_battle: 1000001\nhand_size: -1\n"
		"participants:\n"
		"  - {name: c, side: A, role: caster, threshold: 14, mp: -1, outfits: [0, 1]}\n"
		"  - {name: w, side: A, role: warrior, 発現値: -1, HP: 0}\n" PAIR;

	assert_string_equal(diags(y, MS_LANG_EN),
		"1:10: battles is 0; it must be from 1 to 100\n"
		"2:20: rounds_per_battle is 1000001; it must be from 1 to 1000\n"
		"3:12: hand_size is -1; it must be from 0 to 1000000\n"
		"5:49: threshold is 14; it must be from 0 to 13\n"
		"5:57: mp is -1; it must be from 0 to 1000000\n"
		"5:71: outfits is 0; it must be from 1 to 1000000\n"
		"6:44: 発現値 is -1; it must be from 0 to 13\n"
		"6:52: HP is 0; it must be from 1 to 1000000\n");
	assert_string_equal(diags(y, MS_LANG_JA),
		"1:10: battlesが0です（1から100までにしてください）\n"
		"2:20: rounds_per_battleが1000001です（1から1000までにしてください）\n"
		"3:12: hand_sizeが-1です（0から1000000までにしてください）\n"
		"5:49: thresholdが14です（0から13までにしてください）\n"
		"5:57: mpが-1です（0から1000000までにしてください）\n"
		"5:71: outfitsが0です（1から1000000までにしてください）\n"
		"6:44: 発現値が-1です（0から13までにしてください）\n"
		"6:52: HPが0です（1から1000000までにしてください）\n");
}

/* MS-SCN-TOP-3, MS-SCN-PART-2: a side without a warrior (both, here: each
 * error at the side of the side's first participant, 2:21 and 3:21, not
 * both at the list's start 2:3), names unique and not empty. */
static void test_sides_and_names(void **state)
{
	static const char y[] =
		"participants:\n"
		"  - {name: c, side: A, role: caster, threshold: 7, mp: 1, outfits: [1]}\n"
		"  - {name: c, side: B, role: caster, threshold: 7, mp: 1, outfits: [1]}\n"
		"  - {name: \"\", side: B, role: caster, threshold: 7, mp: 1, outfits: [1]}\n";

	assert_string_equal(diags(y, MS_LANG_EN),
		"2:21: side A has no warrior (each side needs one)\n"
		"3:12: two participants named 'c' (the first on line 2)\n"
		"3:21: side B has no warrior (each side needs one)\n"
		"4:12: a name must not be empty\n");
	assert_string_equal(diags(y, MS_LANG_JA),
		"2:21: 陣営Aに魔法戦士がいません（各陣営に1人以上必要です）\n"
		"3:12: 「c」という名前の参加者が2人います（最初は2行目）\n"
		"3:21: 陣営Bに魔法戦士がいません（各陣営に1人以上必要です）\n"
		"4:12: 名前が空です\n");
}

/* MS-SCN-KEY-2, MS-SCN-KEY-3, MS-SCN-VAL-2, MS-SCN-VAL-3, MS-SCN-VAL-4,
 * MS-SCN-VAL-5, MS-SCN-VAL-6, MS-SCN-TOP-1: unknown keys and values with the
 * nearest, a key twice in two spellings, required keys. */
static void test_keys_and_values(void **state)
{
	static const char y[] =
		"battels: 3\nstorm_match: numbr\nshuffle: no\n"
		"participants:\n"
		"  - {name: x, side: a, role: warior, threshold: 7, 発現値: 6, suit: ♤, "
		"hp: 1, policy: smart}\n"
		"  - {side: B, role: warrior, hp: 1}\n" PAIR;

	assert_string_equal(diags(y, MS_LANG_EN),
		"1:1: unknown key 'battels'; did you mean 'battles'?\n"
		"2:14: unknown storm_match 'numbr'; did you mean 'number'?\n"
		"3:10: 'no' is not a boolean here (write true or false)\n"
		"5:21: unknown side 'a'; did you mean 'A'?\n"
		"5:30: unknown role 'warior'; did you mean 'warrior'?\n"
		"5:52: key '発現値' given twice (first as 'threshold' on line 5)\n"
		"5:66: unknown suit '♤' (one of: S, H, D, C, none)\n"
		"5:84: unknown policy 'smart' (one of: default, greedy, random)\n"
		"6:5: missing required key 'name'\n");
	assert_string_equal(diags("battles: 1\n", MS_LANG_EN),
		"1:1: missing required key 'participants'\n");
}

/* MS-SCN-OUT-1: the canonical form reads back to the same canonical form;
 * a deck is written only when given. */
static void test_round_trip(void **state)
{
	ms_scenario_doc *a, *b;
	char *ya, *yb;
	size_t la;

	assert_int_equal(ms_scenario_parse(&a, d1_example, strlen(d1_example),
	                                   NULL), 0);
	assert_int_equal(ms_scenario_to_yaml(&ya, &la, ms_scenario_doc_scenario(a)), 0);
	assert_int_equal(strlen(ya), la);
	assert_non_null(strstr(ya, "    deck: [S1, H13, D12, C1]\n    policy: default\n"
	                           "  - name: カイ\n"));
	assert_null(strstr(strstr(ya, "カイ"), "deck"));
	assert_int_equal(ms_scenario_parse(&b, ya, la, NULL), 0);
	assert_non_null(ms_scenario_doc_scenario(b));
	assert_int_equal(ms_scenario_to_yaml(&yb, NULL, ms_scenario_doc_scenario(b)), 0);
	assert_string_equal(ya, yb);
	free(ya);
	free(yb);
	ms_scenario_doc_free(a);
	ms_scenario_doc_free(b);
}

/* MS-SCN-DIAG-2: opts.max_diags keeps the first ones in the text; the
 * error count has them all; a bad opts version is refused. */
static void test_opts(void **state)
{
	static const char y[] = "battles: 0\nhand_size: -1\nrounds_per_battle: 0\n"
	                        "participants: []\n";
	ms_parse_opts o = MS_PARSE_OPTS_INIT;
	ms_scenario_doc *doc;

	o.max_diags = 2;
	assert_int_equal(ms_scenario_parse(&doc, y, strlen(y), &o), 0);
	assert_null(ms_scenario_doc_scenario(doc));
	assert_int_equal(ms_scenario_doc_diag_count(doc), 2);
	assert_int_equal(ms_scenario_doc_error_count(doc), 5);
	assert_int_equal(ms_scenario_doc_diag(doc, 0)->line, 1);
	assert_int_equal(ms_scenario_doc_diag(doc, 1)->line, 2);
	assert_null(ms_scenario_doc_diag(doc, 2));
	assert_string_equal(ms_scenario_doc_file(doc), "scenario.yaml");
	{
		size_t len;
		const char *l = ms_scenario_doc_source_line(doc, 2, &len);
		assert_int_equal(len, 13);
		assert_memory_equal(l, "hand_size: -1", 13);
		assert_null(ms_scenario_doc_source_line(doc, 9, &len));
	}
	ms_scenario_doc_free(doc);
	o.version = 99;
	assert_int_equal(ms_scenario_parse(&doc, y, strlen(y), &o), MS_EINVALID);
	assert_null(doc);
	ms_scenario_doc_free(NULL);
}

/* MS-SCN-NUM-3: lists are capped (participants at 1000, 衣装 at 1000,
 * cards of a deck at 10000), each message naming its list. */
static void test_too_many(void **state)
{
	size_t i, n = 0, cap = 1001 * 64 + 64;
	char *y = malloc(cap);

	assert_non_null(y);
	n += (size_t)snprintf(y + n, cap - n, "participants:\n");
	for (i = 0; i < 1001; i++)
		n += (size_t)snprintf(y + n, cap - n,
		                      "  - {name: p%zu, side: A, role: warrior, "
		                      "threshold: 1, hp: 1}\n", i);
	assert_string_equal(diags(y, MS_LANG_EN),
	                    "2:3: too many participants (at most 1000)\n");
	assert_string_equal(diags(y, MS_LANG_JA),
	                    "2:3: 参加者が多すぎます（1000人まで）\n");
	/* 1001 衣装 and 10001 cards, each list named by its own word (the
	 * Japanese 衣装 and 山札 whatever language the key is written in: a
	 * deck written `deck:` is 山札 in Japanese); the lists start at 2:47
	 * and 3:45 */
	n = 0;
	n += (size_t)snprintf(y + n, cap - n, "participants:\n"
	                      "  - {name: c, side: A, role: caster, outfits: [1");
	for (i = 1; i < 1001; i++)
		n += (size_t)snprintf(y + n, cap - n, ",1");
	n += (size_t)snprintf(y + n, cap - n, "]}\n"
	                      "  - {name: w, side: A, role: warrior, deck: [S1");
	for (i = 1; i < 10001; i++)
		n += (size_t)snprintf(y + n, cap - n, ",S1");
	n += (size_t)snprintf(y + n, cap - n, "]}\n%s", PAIR);
	assert_string_equal(diags(y, MS_LANG_EN),
	                    "2:47: too many outfits (at most 1000)\n"
	                    "3:45: too many cards in the deck (at most 10000)\n");
	assert_string_equal(diags(y, MS_LANG_JA),
	                    "2:47: 衣装が多すぎます（1000着まで）\n"
	                    "3:45: 山札のカードが多すぎます（10000枚まで）\n");
	free(y);
}

/* MS-SCN-LIMIT-1: battles 100 and rounds_per_battle 1000 are read (the
 * largest duel: 100 × 1000 rounds); 101 and 1001 are one past them; the
 * issue's scenario (battles and rounds_per_battle 1000000, hp 1000000,
 * which used to play 10^12 rounds) is refused at both values, hp 1000000
 * being within MS-SCN-NUM-2.  "rounds_per_battle: " is 19 characters: the
 * value is at column 20; "battles: " 9: column 10. */
static void test_limit_rounds(void **state)
{
	ms_scenario_doc *doc;
	const ms_scenario *s;
	static const char ok[] =
		"battles: 100\nrounds_per_battle: 1000\nparticipants:\n" PAIR;
	static const char issue[] =
		"battles: 1000000\nrounds_per_battle: 1000000\nparticipants:\n"
		"  - {name: wa, side: A, role: warrior, threshold: 13, hp: 1000000}\n"
		"  - {name: wb, side: B, role: warrior, threshold: 13, hp: 1000000}\n";

	assert_int_equal(ms_scenario_parse(&doc, ok, strlen(ok), NULL), 0);
	assert_non_null(s = ms_scenario_doc_scenario(doc));
	assert_int_equal(s->battles, MS_SCN_BATTLES_MAX);
	assert_int_equal(s->rounds_per_battle, MS_SCN_ROUNDS_MAX);
	ms_scenario_doc_free(doc);
	assert_string_equal(diags("battles: 101\nrounds_per_battle: 1001\n"
	                          "participants:\n" PAIR, MS_LANG_EN),
	                    "1:10: battles is 101; it must be from 1 to 100\n"
	                    "2:20: rounds_per_battle is 1001; it must be from 1 "
	                    "to 1000\n");
	assert_string_equal(diags(issue, MS_LANG_EN),
	                    "1:10: battles is 1000000; it must be from 1 to 100\n"
	                    "2:20: rounds_per_battle is 1000000; it must be from "
	                    "1 to 1000\n");
	assert_string_equal(diags(issue, MS_LANG_JA),
	                    "1:10: battlesが1000000です（1から100までにしてください）\n"
	                    "2:20: rounds_per_battleが1000000です（1から1000までに"
	                    "してください）\n");
}

/* MS-SCN-LIMIT-1: a name of 100 characters (MS_SCN_NAME_MAX; "ア" is 3
 * bytes, one character) is read, one of 101 is refused at the name:
 * "  - {name: " puts it at column 12. */
static void test_limit_names(void **state)
{
	char y[2048], name[512];
	size_t i;

	for (i = 0; i < 101; i++)
		memcpy(name + 3 * i, "ア", 3);
	name[3 * 100] = '\0';
	snprintf(y, sizeof(y), "participants:\n  - {name: %s, side: A, role: "
	         "warrior, threshold: 1, hp: 1}\n" PAIR, name);
	assert_string_equal(diags(y, MS_LANG_EN), "");
	name[3 * 101] = '\0';
	memcpy(name + 300, "ア", 3);
	snprintf(y, sizeof(y), "participants:\n  - {name: %s, side: A, role: "
	         "warrior, threshold: 1, hp: 1}\n" PAIR, name);
	assert_string_equal(diags(y, MS_LANG_EN),
	                    "2:12: a name of 101 characters is too long (at most "
	                    "100)\n");
	assert_string_equal(diags(y, MS_LANG_JA),
	                    "2:12: 名前が長すぎます（101文字。100文字までにして"
	                    "ください）\n");
}

/* MS-SCN-LIMIT-1: ms_scenario_check holds scenarios built by code to the
 * same limits: at them the scenario passes, one past each it is refused. */
static void test_limit_check(void **state)
{
	ms_participant p[2];
	ms_scenario s;
	char name[512];
	size_t i;

	for (i = 0; i < 101; i++)
		memcpy(name + 3 * i, "ア", 3);
	name[300] = '\0';
	ms_scenario_init(&s);
	for (i = 0; i < 2; i++) {
		ms_participant_init(&p[i]);
		p[i].side = (int)i;
		p[i].role = MS_ROLE_WARRIOR;
	}
	p[0].name = name;
	p[1].name = "wb";
	s.participants = p;
	s.nparticipants = 2;
	s.battles = MS_SCN_BATTLES_MAX;
	s.rounds_per_battle = MS_SCN_ROUNDS_MAX;
	assert_int_equal(ms_scenario_check(&s), 0);
	s.battles = MS_SCN_BATTLES_MAX + 1;
	assert_int_equal(ms_scenario_check(&s), MS_EINVALID);
	assert_string_equal(ms_error_last(), "battles 101 > 100");
	s.battles = MS_SCN_BATTLES_MAX;
	s.rounds_per_battle = MS_SCN_ROUNDS_MAX + 1;
	assert_int_equal(ms_scenario_check(&s), MS_EINVALID);
	assert_string_equal(ms_error_last(), "rounds_per_battle 1001 > 1000");
	s.rounds_per_battle = MS_SCN_ROUNDS_MAX;
	name[300] = (char)0xE3; /* "ア" once more: 101 characters */
	name[301] = (char)0x82;
	name[302] = (char)0xA2;
	name[303] = '\0';
	assert_int_equal(ms_scenario_check(&s), MS_EINVALID);
	assert_string_equal(ms_error_last(),
	                    "participant 1: a name of more than 100 characters");
}

/* One duel of sc with the seed, its whole text log in English. */
static char *play_log(const ms_scenario *sc, uint64_t seed)
{
	ms_duel_opts o = MS_DUEL_OPTS_INIT;
	ms_log log = MS_LOG_INIT;
	ms_result r;
	ms_duel *d;
	ut_buf b = UT_BUF_INIT;

	o.seed = seed;
	o.on_event = ms_log_record;
	o.event_ud = &log;
	assert_int_equal(ms_duel_new(&d, sc, &o), 0);
	assert_int_equal(ms_duel_run(&r, d), 0);
	assert_true(r.over);
	assert_int_equal(ms_render_text(&b, d, &log, MS_LANG_EN), 0);
	ms_log_free(&log);
	ms_duel_free(d);
	return b.ptr;
}

/* MS-SCN-PART-1, MS-SCN-PART-4, MS-SCN-PART-5, MS-SCN-PART-7: RULINGS-duel
 * D1 makes every open number a scenario parameter "with the default
 * below": threshold 7, mp 3, outfits [3, 2], hp 10.  A table of D1's
 * example whose participants give only name, side and role (and a suit)
 * reads as the same table with those numbers written: each participant
 * holds them, the canonical form (which writes every default out) is the
 * same byte for byte, and the duels are the same, event for event, for
 * seeds 0 … 7 (the whole text log compared: same shuffles, same cards,
 * same MP, 衣装 and HP lines). */
static void test_d1_defaults(void **state)
{
	static const char bare[] =
		"participants:\n"
		"  - {name: リナ, side: A, role: caster, suit: H}\n"
		"  - {name: カイ, side: A, role: warrior, suit: S}\n"
		"  - {name: ミオ, side: B, role: 魔法術師, suit: D}\n"
		"  - {name: ジン, side: B, role: 魔法戦士, suit: C}\n";
	static const char full[] =
		"participants:\n"
		"  - {name: リナ, side: A, role: caster, suit: H, threshold: 7, mp: 3, outfits: [3, 2]}\n"
		"  - {name: カイ, side: A, role: warrior, suit: S, threshold: 7, hp: 10}\n"
		"  - {name: ミオ, side: B, role: 魔法術師, suit: D, 発現値: 7, MP: 3, 衣装: [3, 2]}\n"
		"  - {name: ジン, side: B, role: 魔法戦士, suit: C, 発現値: 7, HP: 10}\n";
	ms_scenario_doc *a, *b;
	const ms_scenario *sa, *sb;
	char *ya, *yb;
	size_t la, lb, i;
	uint64_t seed;

	assert_string_equal(diags(bare, MS_LANG_EN), "");
	assert_int_equal(ms_scenario_parse(&a, bare, strlen(bare), NULL), 0);
	assert_int_equal(ms_scenario_parse(&b, full, strlen(full), NULL), 0);
	assert_non_null(sa = ms_scenario_doc_scenario(a));
	assert_non_null(sb = ms_scenario_doc_scenario(b));
	assert_int_equal(sa->nparticipants, 4);
	for (i = 0; i < 4; i++) {
		const ms_participant *p = &sa->participants[i];
		assert_int_equal(p->threshold, 7);
		if (i % 2 == 0) { /* the casters リナ and ミオ */
			assert_int_equal(p->role, MS_ROLE_CASTER);
			assert_int_equal(p->mp, 3);
			assert_int_equal(p->noutfits, 2);
			assert_int_equal(p->outfits[0], 3);
			assert_int_equal(p->outfits[1], 2);
		} else { /* the warriors カイ and ジン */
			assert_int_equal(p->role, MS_ROLE_WARRIOR);
			assert_int_equal(p->hp, 10);
			assert_int_equal(p->noutfits, 0);
		}
	}
	assert_int_equal(ms_scenario_to_yaml(&ya, &la, sa), 0);
	assert_int_equal(ms_scenario_to_yaml(&yb, &lb, sb), 0);
	assert_string_equal(ya, yb);
	assert_non_null(strstr(ya, "  - name: リナ\n    side: A\n    role: caster\n"
	                           "    threshold: 7\n    suit: H\n    mp: 3\n"
	                           "    outfits: [3, 2]\n    policy: default\n"));
	assert_non_null(strstr(ya, "  - name: カイ\n    side: A\n    role: warrior\n"
	                           "    threshold: 7\n    suit: S\n    hp: 10\n"));
	for (seed = 0; seed < 8; seed++) {
		char *x = play_log(sa, seed), *y = play_log(sb, seed);
		assert_string_equal(x, y);
		/* a real duel: shuffles, hands and at least one battle */
		assert_non_null(strstr(x, "== Battle 1 =="));
		free(x);
		free(y);
	}
	free(ya);
	free(yb);
	ms_scenario_doc_free(a);
	ms_scenario_doc_free(b);
}

/* A NULL out or text is an error, not a crash (embedder review W4). */
static void test_null_args(void **state)
{
	ms_scenario_doc *d = NULL;
	(void)state;
	assert_int_equal(ms_scenario_parse(NULL, "x", 1, NULL), MS_EINVALID);
	assert_string_equal(ms_error_last(), "ms_scenario_parse: out is NULL");
	assert_int_equal(ms_scenario_parse(&d, NULL, 1, NULL), MS_EINVALID);
	assert_null(d);
	assert_string_equal(ms_error_last(), "ms_scenario_parse: text is NULL");
}

/* What reading a scenario gave, as text: its error count, each
 * diagnostic ("LINE:COL: message", English) and the scenario as canonical
 * YAML; into out (size bytes). */
static void ms_doc_result(char *out, size_t size, const void *d)
{
	const ms_scenario_doc *doc = d;
	const ms_scenario *sc = ms_scenario_doc_scenario(doc);
	size_t i, at = (size_t)snprintf(out, size, "errors %zu\n",
	                                ms_scenario_doc_error_count(doc));
	char *yaml = NULL;

	for (i = 0; i < ms_scenario_doc_diag_count(doc) && at < size; i++) {
		const ms_diag *g = ms_scenario_doc_diag(doc, i);
		char msg[512];
		ms_diag_format(msg, sizeof(msg), g, MS_LANG_EN);
		at += (size_t)snprintf(out + at, size - at, "%u:%u: %s\n",
		                       (unsigned)g->line, (unsigned)g->col,
		                       msg);
	}
	if (sc && at < size) {
		assert_int_equal(ms_scenario_to_yaml(&yaml, NULL, sc), 0);
		snprintf(out + at, size - at, "%s", yaml);
		free(yaml);
	}
}

static int ms_parse_any(void **doc, const char *text, size_t len)
{
	return ms_scenario_parse((ms_scenario_doc **)doc, text, len, NULL);
}

static void ms_free_any(void *doc)
{
	ms_scenario_doc_free(doc);
}

static const tf_reader ms_reader = {ms_parse_any, ms_doc_result, ms_free_any,
                                    MS_ENOMEM};

/*
 * Each allocation of reading each scenario of examples/manastorm,
 * tests/manastorm/golden/scenarios and tests/manastorm/reference/cases
 * failing in turn: the reader returns MS_ENOMEM with no document, or the
 * same diagnostics and scenario as without failures -- never a diagnostic
 * lost or a value changed for want of memory (the ASan build also checks
 * that nothing leaks).  Every reading allocates at least its document, so
 * at least one run a file fails.
 */
static void test_alloc_failures(void **state)
{
	static const char *const dirs[] = {
		"examples/manastorm", "tests/manastorm/golden/scenarios",
		"tests/manastorm/reference/cases"};
	(void)state;

	assert_true(tf_fail_readers(&ms_reader, dirs,
	                            sizeof(dirs) / sizeof(dirs[0]),
	                            ".yaml") >= 56);
}

static size_t ms_diag_count_any(const void *doc)
{
	return ms_scenario_doc_diag_count(doc);
}

static void ms_diag_format_any(char *buf, size_t size, const void *doc,
                               size_t i, int lang)
{
	ms_diag_format(buf, size, ms_scenario_doc_diag(doc, i), (ms_lang)lang);
}

/*
 * Each allocation of formatting each diagnostic of the golden scenarios
 * (util's YAML messages and manastorm's catalogue), in Japanese and in
 * English, failing in turn: the whole message, or in its place the one
 * for want of memory (ut_strerror's for ENOMEM) -- never a message cut or
 * emptied.  A message is built in a buffer that grows: at least one run a
 * message gives the one for want of memory.  (446 messages: 223
 * diagnostics in two languages.)
 */
static void test_diag_alloc_failures(void **state)
{
	static const tf_messages m = {ms_diag_count_any, ms_diag_format_any};
	(void)state;

	assert_true(tf_fail_messages(&ms_reader, &m,
	                             "tests/manastorm/golden/scenarios",
	                             ".yaml") >= 446);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_alloc_failures),
		cmocka_unit_test(test_diag_alloc_failures),
		TEST("MS-SCN-TOP-2 MS-SCN-PART-3", test_d1_example),
		TEST("MS-SCN-TOP-2", test_defaults),
		TEST("MS-SCN-KEY-4 MS-SCN-VAL-2", test_japanese),
		TEST("MS-SCN-CARD-1", test_card_parse),
		TEST("MS-SCN-CARD-2", test_card_errors),
		TEST("MS-SCN-PART-4 MS-SCN-PART-5 MS-SCN-PART-6 MS-SCN-PART-7",
		     test_role_keys),
		TEST("MS-SCN-PART-1 MS-SCN-PART-4 MS-SCN-PART-5 MS-SCN-PART-7",
		     test_d1_defaults),
		TEST("MS-SCN-PART-3 MS-SCN-NUM-2", test_ranges),
		TEST("MS-SCN-TOP-3 MS-SCN-PART-2", test_sides_and_names),
		TEST("MS-SCN-KEY-2 MS-SCN-KEY-3 MS-SCN-TOP-1", test_keys_and_values),
		TEST("MS-SCN-OUT-1", test_round_trip),
		TEST("MS-SCN-DIAG-2", test_opts),
		TEST("MS-SCN-NUM-3", test_too_many),
		TEST("MS-SCN-LIMIT-1", test_limit_rounds),
		TEST("MS-SCN-LIMIT-1", test_limit_names),
		TEST("MS-SCN-LIMIT-1", test_limit_check),
		TEST("MS-SCN-IN-1", test_null_args),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
