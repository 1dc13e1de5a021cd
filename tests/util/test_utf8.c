/*
 * test_utf8.c - cutting UTF-8 on character boundaries (util/utf8.h).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>
#include <jansson.h>

#include "util/utf8.h"

/* "aグb": a = byte 0, グ = bytes 1..3 (E3 82 B0), b = byte 4. */
static void test_floor(void **state)
{
	const char *s = "a\xE3\x82\xB0" "b";

	assert_int_equal(ut_utf8_floor(s, 5, 0), 0);
	assert_int_equal(ut_utf8_floor(s, 5, 1), 1); /* before グ */
	assert_int_equal(ut_utf8_floor(s, 5, 2), 1); /* inside グ: back to 1 */
	assert_int_equal(ut_utf8_floor(s, 5, 3), 1);
	assert_int_equal(ut_utf8_floor(s, 5, 4), 4); /* after グ */
	assert_int_equal(ut_utf8_floor(s, 5, 5), 5); /* n = len: the end */
	assert_int_equal(ut_utf8_floor(s, 5, 9), 9); /* n ≥ len: as it is */
	/* a text starting with stray continuation bytes stops at 0 */
	assert_int_equal(ut_utf8_floor("\x82\x82x", 3, 1), 0);
	assert_int_equal(ut_utf8_floor("\x82\x82x", 3, 2), 2); /* x */
}

/* snprintf semantics: returns the full length, copies what fits. */
static void test_copy(void **state)
{
	const char *s = "a\xE3\x82\xB0" "b";
	char buf[8];

	memset(buf, '#', sizeof(buf));
	assert_int_equal(ut_utf8_copy(buf, 8, s, 5), 5);
	assert_string_equal(buf, s);
	/* size 4: room for 3 bytes, which would cut グ: only "a" */
	assert_int_equal(ut_utf8_copy(buf, 4, s, 5), 5);
	assert_string_equal(buf, "a");
	/* size 5: room for 4 bytes = "aグ" */
	assert_int_equal(ut_utf8_copy(buf, 5, s, 5), 5);
	assert_string_equal(buf, "a\xE3\x82\xB0");
	assert_int_equal(ut_utf8_copy(buf, 1, s, 5), 5);
	assert_string_equal(buf, "");
	/* size 0 writes nothing */
	buf[0] = '#';
	assert_int_equal(ut_utf8_copy(buf, 0, s, 5), 5);
	assert_int_equal(buf[0], '#');
	/* an empty (NULL) source */
	assert_int_equal(ut_utf8_copy(buf, 8, NULL, 0), 0);
	assert_string_equal(buf, "");
}

/* ut_utf8_control: C0, DEL and C1 controls (input audit D2: they reach a
 * terminal raw), not the printable characters around them. */
static void test_control(void **state)
{
	uint32_t cp = 0;

	(void)state;
	assert_int_equal(ut_utf8_control("abc", 3, &cp), 3);
	assert_int_equal(ut_utf8_control("アリア", strlen("アリア"), &cp),
	                 strlen("アリア"));
	assert_int_equal(ut_utf8_control("a\x1b]0;x\x07", 7, &cp), 1);
	assert_int_equal(cp, 0x1B);
	assert_int_equal(ut_utf8_control("ab\t", 3, &cp), 2);
	assert_int_equal(cp, 0x09);
	assert_int_equal(ut_utf8_control("a\x7f", 2, &cp), 1);
	assert_int_equal(cp, 0x7F);
	assert_int_equal(ut_utf8_control("ア\xc2\x9b" "2J", 7, &cp), 3);
	assert_int_equal(cp, 0x9B);
	assert_int_equal(ut_utf8_control("\xc2\x80", 2, &cp), 0);
	assert_int_equal(cp, 0x80);
	/* U+00A0 and U+00E9 are not controls; nor is a lone 0xC2 at the end */
	assert_int_equal(ut_utf8_control("\xc2\xa0\xc3\xa9\xc2", 5, NULL), 5);
	assert_int_equal(ut_utf8_control("a\0b", 3, &cp), 1);
	assert_int_equal(cp, 0);
}

/* ut_utf8_seq: RFC 3629 sequences (the YAML reader's and manastorm
 * check's): 1 to 4 bytes; 0 for NUL, an overlong '/', a surrogate, a code
 * point above U+10FFFF, a lone continuation byte and a cut sequence. */
static void test_seq(void **state)
{
	const unsigned char *u;

	(void)state;
	u = (const unsigned char *)"a";
	assert_int_equal(ut_utf8_seq(u, 1), 1);
	u = (const unsigned char *)"\xC3\xA9";                /* é */
	assert_int_equal(ut_utf8_seq(u, 2), 2);
	u = (const unsigned char *)"\xE3\x82\xA2";            /* ア */
	assert_int_equal(ut_utf8_seq(u, 3), 3);
	assert_int_equal(ut_utf8_seq(u, 2), 0);                /* cut */
	u = (const unsigned char *)"\xF0\x9D\x9F\x93";        /* 𝟓 */
	assert_int_equal(ut_utf8_seq(u, 4), 4);
	assert_int_equal(ut_utf8_seq((const unsigned char *)"", 1), 0);
	u = (const unsigned char *)"\xC0\xAF";                /* overlong / */
	assert_int_equal(ut_utf8_seq(u, 2), 0);
	u = (const unsigned char *)"\xED\xA0\x80";            /* U+D800 */
	assert_int_equal(ut_utf8_seq(u, 3), 0);
	u = (const unsigned char *)"\xF4\x90\x80\x80";        /* U+110000 */
	assert_int_equal(ut_utf8_seq(u, 4), 0);
	u = (const unsigned char *)"\x80";
	assert_int_equal(ut_utf8_seq(u, 1), 0);
}

/* ut_utf8_valid: every sequence by ut_utf8_seq, so the empty text is
 * valid and a NUL, a cut last sequence or a lone byte anywhere is not;
 * agreeing with jansson (json_stringn: NULL for each invalid one). */
static void test_valid(void **state)
{
	static const char *const bad[] = {
		"a\xC3", "\xC0\xAF", "x\xED\xA0\x80y", "\200abc",
	};
	size_t i;

	(void)state;
	assert_true(ut_utf8_valid("", 0));
	assert_true(ut_utf8_valid("甲（Ａ）#2 é 𝟓", strlen("甲（Ａ）#2 é 𝟓")));
	assert_false(ut_utf8_valid("a\0b", 3));
	for (i = 0; i < sizeof(bad) / sizeof(*bad); i++) {
		json_t *j = json_stringn(bad[i], strlen(bad[i]));
		assert_false(ut_utf8_valid(bad[i], strlen(bad[i])));
		assert_null(j);
	}
}

/* ut_utf8_odd_digit: the digits and numbers of Unicode other than 0–9
 * and ０–９ (NFKC reads most of them as digits: review F1), at their byte
 * offset: "2" is 1 byte, "ア" 3, "１" 3. */
static void test_odd_digit(void **state)
{
	(void)state;
	assert_int_equal(ut_utf8_odd_digit("123"), 3);
	assert_int_equal(ut_utf8_odd_digit("１２ア"), 9);
	assert_int_equal(ut_utf8_odd_digit("-５"), 4);
	assert_int_equal(ut_utf8_odd_digit(""), 0);
	assert_int_equal(ut_utf8_odd_digit("2³"), 1);      /* No, U+00B3 */
	assert_int_equal(ut_utf8_odd_digit("1₅"), 1);      /* No, U+2085 */
	assert_int_equal(ut_utf8_odd_digit("ア①"), 3);     /* No, U+2460 */
	assert_int_equal(ut_utf8_odd_digit("1𝟓"), 1);      /* Nd, U+1D7D3 */
	assert_int_equal(ut_utf8_odd_digit("Ⅻ"), 0);       /* Nl, U+216B */
	assert_int_equal(ut_utf8_odd_digit("1٥"), 1);      /* Nd, U+0665 */
	assert_int_equal(ut_utf8_odd_digit("½"), 0);       /* No, U+00BD */
	/* invalid UTF-8 ends the search: no digit before it */
	assert_int_equal(ut_utf8_odd_digit("1\xff²"), 4);
}

/* ut_utf8_printable: a log line's field (HTTP audit H1): C0, DEL, C1
 * (U+009B as UTF-8 and as a raw byte), bytes that are not UTF-8 (a cut
 * sequence, an overlong '/', a surrogate), U+2028 and U+2029 (a new line
 * to some viewers) and format characters (U+202E turns the line around,
 * U+200B: mail review 2026-12-03) each one '?'; Japanese kept, and NBSP
 * (a space, not a format character); the space as the caller asks; never
 * half a character at the cut. */
static void test_printable(void **state)
{
	char out[16];

	(void)state;
	assert_int_equal(ut_utf8_printable(out, sizeof(out), "a\x1b[2Jb", 1), 6);
	assert_string_equal(out, "a?[2Jb");
	assert_int_equal(ut_utf8_printable(out, sizeof(out), "\xc2\x9b" "2J\x9b", 1),
	                 4);
	assert_string_equal(out, "?2J?");
	assert_int_equal(ut_utf8_printable(out, sizeof(out), "アリア", 1), 9);
	assert_string_equal(out, "アリア");
	ut_utf8_printable(out, sizeof(out), "\xc0\xaf\xed\xa0\x80\xe3\x82", 1);
	assert_string_equal(out, "???????");
	ut_utf8_printable(out, sizeof(out), "a b\tc\x7f\xc2\xa0", 0);
	assert_string_equal(out, "a?b?c?\xc2\xa0");
	ut_utf8_printable(out, sizeof(out), "a b", 1);
	assert_string_equal(out, "a b");
	assert_int_equal(ut_utf8_printable(out, sizeof(out),
	                                   "a\u2028b\u2029\u202e\u200bc", 1), 7);
	assert_string_equal(out, "a?b???c");
	assert_int_equal(ut_utf8_printable(out, 8, "アリア", 1), 6);
	assert_string_equal(out, "アリ");
	assert_int_equal(ut_utf8_printable(out, sizeof(out), NULL, 1), 0);
	assert_string_equal(out, "");
	assert_int_equal(ut_utf8_printable(out, 0, "x", 1), 0);
}

/* ut_utf8_distance and ut_utf8_closer: the suggestions of a misspelt
 * command or key.  chek → check is one insertion (1 ≤ (5 + 1) / 2);
 * fihgt → fight one transposition; nosuch is 5 or more from every
 * command; a nearer candidate replaces a farther one, an equal one does
 * not (the earlier of equals). */
static void test_closer(void **state)
{
	size_t best = SIZE_MAX;

	(void)state;
	assert_int_equal(ut_utf8_distance("chek", "check"), 1);
	assert_int_equal(ut_utf8_distance("fihgt", "fight"), 1);
	assert_int_equal(ut_utf8_distance("FIGHT", "fight"), 0);
	assert_int_equal(ut_utf8_distance("バトル", "バトル数"), 1);
	assert_true(ut_utf8_closer("chek", "check", &best));
	assert_int_equal(best, 1);
	assert_false(ut_utf8_closer("chek", "cheek", &best)); /* equal: no */
	best = SIZE_MAX;
	assert_false(ut_utf8_closer("nosuch", "fight", &best));
	assert_false(ut_utf8_closer("nosuch", "roll", &best));
	assert_false(ut_utf8_closer("", "roll", &best));
	assert_false(ut_utf8_closer("x", "y", &best)); /* 1 is not < 1 */
	assert_int_equal(best, SIZE_MAX);
	/* a key cut short: 登場 is the start of 登場ラウンド, 4 deletions
	 * from 6 code points (more than (6 + 1) / 2 = 3, yet suggested);
	 * one code point (登) is too little to tell; a start that is not one
	 * (場ラ) is not */
	assert_int_equal(ut_utf8_distance("登場", "登場ラウンド"), 4);
	assert_true(ut_utf8_closer("登場", "登場ラウンド", &best));
	assert_int_equal(best, 4);
	best = SIZE_MAX;
	assert_false(ut_utf8_closer("登", "登場ラウンド", &best));
	assert_false(ut_utf8_closer("場ラ", "登場ラウンド", &best));
	assert_true(ut_utf8_closer("EN", "enters", &best)); /* case folded */
	assert_int_equal(best, 4);
}

/* ut_utf8_parse_u64 reads s[0..len) only: a number cut from a longer
 * text (a port after its colon, a sweep value before its comma), digits
 * ASCII or full-width; a full-width digit cut by len is no digit. */
static void test_parse_u64_len(void **state)
{
	uint64_t v = 7;
	(void)state;
	assert_int_equal(ut_utf8_parse_u64(&v, "12,34", 2, 100), 0);
	assert_int_equal(v, 12);
	assert_int_equal(ut_utf8_parse_u64(&v, "１２x", 6, 100), 0);
	assert_int_equal(v, 12);
	assert_int_equal(ut_utf8_parse_u64(&v, "００８０８０", 18, 65535), 0);
	assert_int_equal(v, 8080);
	v = 7;
	assert_int_equal(ut_utf8_parse_u64(&v, "１２", 5, 100), -1);
	assert_int_equal(ut_utf8_parse_u64(&v, "12", 0, 100), -1);
	assert_int_equal(ut_utf8_parse_u64(&v, "+1", 2, 100), -1);
	assert_int_equal(ut_utf8_parse_u64(&v, "-1", 2, 100), -1);
	assert_int_equal(ut_utf8_parse_u64(&v, " 1", 2, 100), -1);
	assert_int_equal(ut_utf8_parse_u64(&v, "101", 3, 100), -1);
	assert_int_equal(ut_utf8_parse_u64(&v, "18446744073709551616", 20,
	                                   UINT64_MAX), -1);
	assert_int_equal(v, 7); /* untouched when refused */
	assert_int_equal(ut_utf8_parse_u64(&v, "18446744073709551615", 20,
	                                   UINT64_MAX), 0);
	assert_true(v == UINT64_MAX);
}

/* ut_utf8_invisible: the first default ignorable (U+200B, U+202E,
 * U+FEFF), braille blank U+2800 or separator U+2028/U+2029, by its byte
 * offset; plain text, ASCII controls (ut_utf8_control's) and ideographic
 * space none. */
static void test_invisible(void **state)
{
	uint32_t cp = 0;
	(void)state;
	assert_int_equal(ut_utf8_invisible("グリ\u200bスク", strlen("グリ\u200bスク"), &cp), 6);
	assert_int_equal(cp, 0x200B);
	assert_int_equal(ut_utf8_invisible("a\u202eb", 5, &cp), 1);
	assert_int_equal(cp, 0x202E);
	assert_int_equal(ut_utf8_invisible("\ufeffx", 4, &cp), 0);
	assert_int_equal(cp, 0xFEFF);
	assert_int_equal(ut_utf8_invisible("x\u2800", 4, &cp), 1);
	assert_int_equal(ut_utf8_invisible("x\u2029", 4, NULL), 1);
	assert_int_equal(ut_utf8_invisible("グリスク　\t\x1b", strlen("グリスク　\t\x1b"), NULL),
	                 strlen("グリスク　\t\x1b"));
	/* counted up to len only */
	assert_int_equal(ut_utf8_invisible("ab\u200b", 2, NULL), 2);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_floor),
		cmocka_unit_test(test_copy),
		cmocka_unit_test(test_control),
		cmocka_unit_test(test_odd_digit),
		cmocka_unit_test(test_seq),
		cmocka_unit_test(test_valid),
		cmocka_unit_test(test_printable),
		cmocka_unit_test(test_closer),
		cmocka_unit_test(test_parse_u64_len),
		cmocka_unit_test(test_invisible),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
