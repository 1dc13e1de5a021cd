/*
 * test_stop_text.c - src/megami/cli/stop_text.c: why a combat stopped, in
 * the page's language (MG-CKD-1, MG-STOP-1 MG-DICE-OUT-2).  A scenario file cannot
 * make the engine overflow (MG-SCN-LIMIT-2), so the overflows come from
 * scenarios built by code, as an API caller may: the engine's own English
 * message is translated, the names before it kept.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "stop_text.h"

#include "megami/combat.h"
#include "megami/scenario.h"
#include "util/error.h"

/* A duel built by code (the library takes the whole 64-bit range): アリア
 * with `initiative` and one attack of `damage` against オーガ; run it with
 * the fixed dice `v` and a budget of `max_events` (0: the default), expect
 * it to fail with `want` and return the engine's message. */
static const char *run_duel(char *msg, size_t size, int64_t initiative,
                            int64_t damage, const int64_t *v, size_t n,
                            uint64_t max_events, int want)
{
	mg_character ch[2];
	mg_attack atk;
	mg_scenario s;
	mg_combat_opts co = MG_COMBAT_OPTS_INIT;
	mg_combat *c = NULL;
	mg_result r;
	ut_dice dice;
	int rc;

	mg_attack_init(&atk);
	atk.name = "ロングソード";
	atk.damage = damage;
	mg_character_init(&ch[0]);
	ch[0].name = "アリア";
	ch[0].side = MG_SIDE_PC;
	ch[0].hp = ch[0].hp_now = 24;
	ch[0].stat[MG_STAT_INITIATIVE] = initiative;
	ch[0].attacks = &atk;
	ch[0].nattacks = 1;
	mg_character_init(&ch[1]);
	ch[1].name = "オーガ";
	ch[1].side = MG_SIDE_NPC;
	ch[1].hp = ch[1].hp_now = 30;
	s.round_limit = 20;
	s.characters = ch;
	s.ncharacters = 2;
	ut_dice_list(&dice, v, n);
	co.dice = &dice;
	if (max_events)
		co.max_events = max_events;
	assert_int_equal(mg_combat_new(&c, &s, &co), 0);
	rc = mg_combat_run(&r, c);
	assert_int_equal(rc, want);
	snprintf(msg, size, "%s", mg_error_last());
	mg_combat_free(c);
	return msg;
}

/* MG-CKD-1: the engine's overflows, as the engine words them, in ja; en
 * keeps them. */
static void test_engine_overflows(void **state)
{
	/* initiatives 3+3, 1+1; attack 6+6 (critical), evasion 1+1;
	 * damage die 6: INT64_MAX + 6 overflows */
	static const int64_t dmg[] = {3, 3, 1, 1, 6, 6, 1, 1, 6};
	static const int64_t ini[] = {6, 6};
	char msg[512], out[512];

	(void)state;
	run_duel(msg, sizeof(msg), 0, INT64_MAX, dmg, 9, 0,
	         MG_EOVERFLOW);
	assert_string_equal(msg, "アリア: ロングソード: the attack damage overflows");
	assert_string_equal(mg_cli_stop_text(out, sizeof(out), msg, UT_LANG_JA),
	                    "アリア: ロングソード: 攻撃のダメージが64ビットを超えます");
	assert_string_equal(mg_cli_stop_text(out, sizeof(out), msg, UT_LANG_EN),
	                    msg);
	run_duel(msg, sizeof(msg), INT64_MAX - 11, 5, ini, 2, 0,
	         MG_EOVERFLOW);
	assert_string_equal(msg, "アリア: initiative 9223372036854775796 + 12 overflows");
	assert_string_equal(mg_cli_stop_text(out, sizeof(out), msg, UT_LANG_JA),
	                    "アリア: イニシアティブ 9223372036854775796 + 12 "
	                    "が64ビットを超えます");
}

/* The other texts of the engine (combat.c, policy.c, resolve.c); a name
 * may hold the words (the last ones count); a message that is none of
 * them is kept. */
static void test_texts(void **state)
{
	static const char *const cases[][2] = {
		{"a: movement allowance: 5 + 9223372036854775807 overflows",
		 "a: 移動力 5 + 9223372036854775807 が64ビットを超えます"},
		{"a: 3 × 3074457345618258603 overflows",
		 "a: 全力移動 3 × 3074457345618258603 が64ビットを超えます"},
		{"a: damage -9223372036854775807 - modifier 5 overflows",
		 "a: ダメージ -9223372036854775807 − 修正 5 が64ビットを超えます"},
		{"x: HP 1: HP -9223372036854775807 - 7 overflows",
		 "x: HP 1: HP -9223372036854775807 − 7 が64ビットを超えます"},
		{"a: 離脱: a value overflows", "a: 離脱の判定の値が64ビットを超えます"},
		{"a: b: the attack value overflows",
		 "a: b: 命中判定の値が64ビットを超えます"},
		{"a: the defence value overflows",
		 "a: 回避・抵抗の判定の値が64ビットを超えます"},
		{"run 3 (seed 4): a: the defence value overflows",
		 "run 3 (seed 4): a: 回避・抵抗の判定の値が64ビットを超えます"},
		{"a: HP 1 - 2 overflows now", "a: HP 1 - 2 overflows now"},
		{"a: HP x - 2 overflows", "a: HP x - 2 overflows"},
		{"something else", "something else"},
	};
	char out[512];
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
		assert_string_equal(mg_cli_stop_text(out, sizeof(out), cases[i][0],
		                                     UT_LANG_JA), cases[i][1]);
}

/* MG-BUDGET-1: a combat that spends its event budget stops with the
 * engine's English message; the CLI words it in ja and en and names the
 * option that raises the limit (the text log's error line showed the
 * English words in a Japanese log).  What is before it is kept, a
 * message with something after it is not this one. */
static void test_budget(void **state)
{
	static const int64_t v[] = {3, 3, 1, 1, 1, 1};
	char msg[512], out[512];

	(void)state;
	/* round, 2 initiatives: the order is one too many */
	run_duel(msg, sizeof(msg), 0, 1, v, 6, 3, MG_ELIMIT);
	assert_string_equal(msg, "the combat reached its limit of 3 events "
	                         "(round 1)");
	assert_string_equal(mg_cli_stop_text(out, sizeof(out), msg, UT_LANG_JA),
	                    "戦闘がイベントの上限（3件）に達したのでラウンド1で"
	                    "止めました。--max-events で上限を上げられます");
	assert_string_equal(mg_cli_stop_text(out, sizeof(out), msg, UT_LANG_EN),
	                    "the combat reached its limit of 3 events and was "
	                    "stopped in round 1; --max-events raises the limit");
	/* a limit of one event counts it so, "1 event" (designer review
	 * 2026-12-06: "1 events" in the engine's text and in both commands'
	 * words); the round's start is the first event, in round 1 */
	run_duel(msg, sizeof(msg), 0, 1, v, 6, 1, MG_ELIMIT);
	assert_string_equal(msg, "the combat reached its limit of 1 event "
	                         "(round 1)");
	assert_string_equal(mg_cli_stop_text(out, sizeof(out), msg, UT_LANG_JA),
	                    "戦闘がイベントの上限（1件）に達したのでラウンド1で"
	                    "止めました。--max-events で上限を上げられます");
	assert_string_equal(mg_cli_stop_text(out, sizeof(out), msg, UT_LANG_EN),
	                    "the combat reached its limit of 1 event and was "
	                    "stopped in round 1; --max-events raises the limit");
	/* a series' run keeps its prefix (the tracker's odds) */
	assert_string_equal(mg_cli_stop_text(out, sizeof(out),
	                                     "run 3 (seed 4): the combat reached "
	                                     "its limit of 3 events (round 1)",
	                                     UT_LANG_JA),
	                    "run 3 (seed 4): 戦闘がイベントの上限（3件）に達したので"
	                    "ラウンド1で止めました。--max-events で上限を上げられます");
	assert_string_equal(mg_cli_stop_text(out, sizeof(out),
	                                     "the combat reached its limit of 3 "
	                                     "events (round 1) and more",
	                                     UT_LANG_JA),
	                    "the combat reached its limit of 3 events (round 1) "
	                    "and more");
}

/* MG-STOP-1 MG-DICE-OUT-2: the fixed dice's failure as megami roll --dice words it,
 * also as mg_error_last(); 0 when the next die would not fail. */
static void test_dice_failure(void **state)
{
	static const int64_t v[] = {6, 6, 7};
	ut_dice d;
	char out[256];

	(void)state;
	ut_dice_list(&d, v, 3);
	assert_int_equal(mg_cli_dice_failure(out, sizeof(out), &d, UT_LANG_JA), 0);
	d.rolled = 2;
	assert_int_equal(mg_cli_dice_failure(out, sizeof(out), &d, UT_LANG_JA), 1);
	assert_string_equal(out, "固定の出目: 3番目の値 7 は1から6の範囲外です");
	assert_string_equal(mg_error_last(), out);
	assert_int_equal(mg_cli_dice_failure(out, sizeof(out), &d, UT_LANG_EN), 1);
	assert_string_equal(out, "fixed dice: value 3 is 7, not between 1 and 6");
	d.rolled = 3;
	assert_int_equal(mg_cli_dice_failure(out, sizeof(out), &d, UT_LANG_JA), 1);
	assert_string_equal(out, "固定の出目: 4個目のダイスが必要ですが、値は3個しかありません");
	assert_int_equal(d.rolled, 3); /* d itself is not rolled */
	ut_dice_seed(&d, 1);
	assert_int_equal(mg_cli_dice_failure(out, sizeof(out), &d, UT_LANG_JA), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_engine_overflows),
		cmocka_unit_test(test_texts),
		cmocka_unit_test(test_budget),
		cmocka_unit_test(test_dice_failure),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
