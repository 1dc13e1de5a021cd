/*
 * test_cli.c - the numbers of options (util/cli.h ut_cli_parse_u64): ASCII
 * or full-width digits only, so that no blank, sign or other character
 * slips through (strtoull read " -1" as 2^64 - 1); ut_cli_strerror; the
 * names of files
 * as messages show them (ut_cli_shown_name).
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "util/cli.h"

static int parse(const char *s, uint64_t max, uint64_t *v)
{
	*v = 12345;
	return ut_cli_parse_u64(v, s, max);
}

static void test_parse_u64_good(void **state)
{
	uint64_t v;

	(void)state;
	assert_int_equal(parse("0", UINT64_MAX, &v), 0);
	assert_true(v == 0);
	assert_int_equal(parse("007", UINT64_MAX, &v), 0);
	assert_true(v == 7);
	assert_int_equal(parse("18446744073709551615", UINT64_MAX, &v), 0);
	assert_true(v == UINT64_MAX);
	assert_int_equal(parse("100", 100, &v), 0);
	assert_true(v == 100);
	/* full-width digits, as an IME types them, alone or mixed */
	assert_int_equal(parse("１０", UINT64_MAX, &v), 0);
	assert_true(v == 10);
	assert_int_equal(parse("４2", UINT64_MAX, &v), 0);
	assert_true(v == 42);
	assert_int_equal(parse("０", UINT64_MAX, &v), 0);
	assert_true(v == 0);
	assert_int_equal(parse("１８４４６７４４０７３７０９５５１６１５",
	                       UINT64_MAX, &v), 0);
	assert_true(v == UINT64_MAX);
}

static void test_parse_u64_bad(void **state)
{
	static const char *const bad[] = {
		"", " -1", "\n-3", "\t-1", " 5", "5 ", "-1", "+1", " +1", "-0",
		"1e3", "0x10", "1,000", "18446744073709551616",
		"99999999999999999999", "1\n",
		/* full-width: no sign, blank, comma or other width's digits
		 * either (－ U+FF0D, ＋ U+FF0B, ideographic space U+3000, ，
		 * U+FF0C, ① U+2460, ٣ U+0663), nor a cut character */
		"－１", "＋１", "　５", "５　", "１，０００",
		"１８４４６７４４０７３７０９５５１６１６", "①", "٣",
		"\xef\xbc", "\xef\xbc\x9a", "\xef\xbc\x8f",
	};
	uint64_t v;
	size_t i;

	(void)state;
	for (i = 0; i < sizeof bad / sizeof *bad; i++) {
		assert_int_equal(parse(bad[i], UINT64_MAX, &v), -1);
		assert_true(v == 12345); /* untouched */
	}
	assert_int_equal(parse("101", 100, &v), -1);
}

/* ut_cli_strerror: the errors of files and streams in Japanese (glibc's
 * ja texts), strerror's in English and for the others. */
static void test_strerror(void **state)
{
	(void)state;
	assert_string_equal(ut_cli_strerror(UT_LANG_JA, ENOENT),
	                    "そのようなファイルやディレクトリはありません");
	assert_string_equal(ut_cli_strerror(UT_LANG_JA, ENOSPC),
	                    "デバイスに空き領域がありません");
	assert_string_equal(ut_cli_strerror(UT_LANG_JA, EACCES),
	                    "許可がありません");
	assert_string_equal(ut_cli_strerror(UT_LANG_EN, ENOENT),
	                    strerror(ENOENT));
	assert_string_equal(ut_cli_strerror(UT_LANG_JA, ECHILD),
	                    strerror(ECHILD));
}

/* ut_cli_shown_name: "-" is <stdin>; a clean name is returned as it is (the
 * same pointer, however long); ESC and BEL as <U+001B> <U+0007>, a newline
 * <U+000A>, a byte that is not UTF-8 U+FFFD; a name whose shown form is
 * longer than UT_CLI_NAME_MAX is cut at a character with "…" (1000 ESCs
 * are 8000 bytes shown: 127 fit, 127 · 8 = 1016 + 3 for … + NUL = 1020 ≤
 * 1024, and a 128th would take 1024 + 4). */
static void test_shown_name(void **state)
{
	char buf[UT_CLI_NAME_MAX], esc[1001], longclean[3000];
	const char *r;
	size_t i;

	(void)state;
	assert_string_equal(ut_cli_shown_name(buf, "-"), "<stdin>");
	r = "dir/グリスク.txt";
	assert_ptr_equal(ut_cli_shown_name(buf, r), r);
	memset(longclean, 'a', sizeof longclean - 1);
	longclean[sizeof longclean - 1] = '\0';
	assert_ptr_equal(ut_cli_shown_name(buf, longclean), longclean);
	assert_string_equal(ut_cli_shown_name(buf, "a\x1b]0;x\x07.txt"),
	                    "a<U+001B>]0;x<U+0007>.txt");
	assert_string_equal(ut_cli_shown_name(buf, "two\nlines"),
	                    "two<U+000A>lines");
	assert_string_equal(ut_cli_shown_name(buf, "bad\xff.txt"),
	                    "bad\xef\xbf\xbd.txt");
	memset(esc, 0x1b, 1000);
	esc[1000] = '\0';
	r = ut_cli_shown_name(buf, esc);
	assert_int_equal(strlen(r), 127 * 8 + 3);
	for (i = 0; i < 127; i++)
		assert_memory_equal(r + 8 * i, "<U+001B>", 8);
	assert_string_equal(r + 127 * 8, "\xe2\x80\xa6");
}

/* ut_cli_guess_encoding: グリスク in each encoding (iconv's bytes: CP932
 * 83 4F 83 8A 83 58 83 4E, a lead byte 0x83 in 0x80–0xa0, so Shift_JIS
 * first; EUC-JP A5 B0 A5 EA A5 B9 A5 AF, none in 0x80–0xa0, so EUC-JP
 * first; UTF-16 with its byte order mark FF FE; "ab\n" as UTF-16LE
 * without one: NULs in the odd bytes; グリスク\n as UTF-16LE without one
 * (B0 30 EA 30 B9 30 AF 30 0A 00: its one NUL, of the LF, at odd offset
 * 9) and as UTF-16BE (30 B0 … 00 0A: at even offset 8); JIS: ESC $ B,
 * then the JIS X 0208 codes 25 30 25 6A, ESC ( B); UTF-8 and binary junk
 * with NUL and 0x01 name nothing, nor junk whose NULs are all in one
 * column but which is no text as UTF-16 (as UTF-16LE, 01 00 is U+0001, a
 * control character), nor text with a stray NUL and no UTF-16 line end,
 * nor UTF-8 text with a stray NUL that makes one. */
/* ut_cli_shell_word: a name the shell reads as it is stays so; any
 * other in single quotes, its own quote written '\'' (the resume hint of
 * megami track, the iconv line of the encoding note); a word that does
 * not fit is cut before a character, never inside the '\'' */
static void test_shell_word(void **state)
{
	char w[64];

	(void)state;
	ut_cli_shell_word(w, sizeof w, "examples/duel-2.replay");
	assert_string_equal(w, "examples/duel-2.replay");
	ut_cli_shell_word(w, sizeof w, "決闘.replay");
	assert_string_equal(w, "決闘.replay");
	ut_cli_shell_word(w, sizeof w, "my duel.replay");
	assert_string_equal(w, "'my duel.replay'");
	ut_cli_shell_word(w, sizeof w, "it's here");
	assert_string_equal(w, "'it'\\''s here'");
	ut_cli_shell_word(w, sizeof w, "-x");
	assert_string_equal(w, "'-x'");
	ut_cli_shell_word(w, sizeof w, "");
	assert_string_equal(w, "''");
	ut_cli_shell_word(w, 7, "a'b c");  /* 'a + '\'' is 6: no room */
	assert_string_equal(w, "'a'");
}

static void test_guess_encoding(void **state)
{
	static const char sjis[] = "\x83\x4f\x83\x8a\x83\x58\x83\x4e\n";
	static const char euc[] = "\xa5\xb0\xa5\xea\xa5\xb9\xa5\xaf\n";
	static const char u16[] = "\xff\xfe\xb0\x30\xea\x30";
	static const char u16le[] = "a\0b\0\n\0";
	static const char jis[] = "\x1b$B%0%j\x1b(B\n";
	static const char bin[] = "\x83\x4f\0\x01junk";
	static const char jle[] = "\xb0\x30\xea\x30\xb9\x30\xaf\x30\n\0";
	static const char jbe[] = "\x30\xb0\x30\xea\x30\xb9\x30\xaf\0\n";
	static const char ctl[] = "\x01\0a\0\n\0";
	/* ASCII with a stray NUL: as UTF-16LE 扡 挀 (no control character),
	 * but no line end U+000A in it */
	static const char stray[] = "ab\0c";
	/* (review 2026-12-06) a stray NUL before the last LF: 00 0A at an
	 * even offset is a UTF-16BE line end, and as UTF-16BE the rest is
	 * CJK text (牯畮摟…), but its other LF is no UTF-16 line end */
	static const char stray_lf[] = "round_limit: 10\ncharacters: []\0\n";
	/* ねこ\nいぬ\n as UTF-16LE: 6D 30 53 30 0A 00 44 30 6C 30 0A 00, every
	 * byte ASCII (so UTF-8 but for its NULs), both LFs UTF-16 line ends */
	static const char kana[] = "\x6d\x30\x53\x30\n\0\x44\x30\x6c\x30\n\0";
	(void)state;
	assert_string_equal(ut_cli_guess_encoding(sjis, sizeof sjis - 1), "CP932");
	assert_string_equal(ut_cli_guess_encoding(euc, sizeof euc - 1), "EUC-JP-MS");
	assert_string_equal(ut_cli_guess_encoding(u16, sizeof u16 - 1), "UTF-16");
	assert_string_equal(ut_cli_guess_encoding(u16le, sizeof u16le - 1), "UTF-16LE");
	assert_string_equal(ut_cli_guess_encoding(jis, sizeof jis - 1), "ISO-2022-JP");
	assert_null(ut_cli_guess_encoding("グリスク\n", strlen("グリスク\n")));
	assert_null(ut_cli_guess_encoding(bin, sizeof bin - 1));
	assert_string_equal(ut_cli_guess_encoding(jle, sizeof jle - 1), "UTF-16LE");
	assert_string_equal(ut_cli_guess_encoding(jbe, sizeof jbe - 1), "UTF-16BE");
	assert_null(ut_cli_guess_encoding(ctl, sizeof ctl - 1));
	assert_null(ut_cli_guess_encoding(stray, sizeof stray - 1));
	assert_null(ut_cli_guess_encoding(stray_lf, sizeof stray_lf - 1));
	assert_string_equal(ut_cli_guess_encoding(kana, sizeof kana - 1), "UTF-16LE");
}

/* --lang's values: ja and en in any case and width, and the names a
 * person may type for them (language review 2026-12-07: --lang EN was a
 * Japanese error); nothing else, not even a prefix. */
static void test_lang_value(void **state)
{
	(void)state;
	assert_int_equal(ut_cli_lang_value("ja"), UT_LANG_JA);
	assert_int_equal(ut_cli_lang_value("JA"), UT_LANG_JA);
	assert_int_equal(ut_cli_lang_value("jp"), UT_LANG_JA);
	assert_int_equal(ut_cli_lang_value("Japanese"), UT_LANG_JA);
	assert_int_equal(ut_cli_lang_value("日本語"), UT_LANG_JA);
	assert_int_equal(ut_cli_lang_value("en"), UT_LANG_EN);
	assert_int_equal(ut_cli_lang_value("EN"), UT_LANG_EN);
	assert_int_equal(ut_cli_lang_value("ｅｎ"), UT_LANG_EN);
	assert_int_equal(ut_cli_lang_value("ＥＮ"), UT_LANG_EN);
	assert_int_equal(ut_cli_lang_value("English"), UT_LANG_EN);
	assert_int_equal(ut_cli_lang_value("eng"), UT_LANG_EN);
	assert_int_equal(ut_cli_lang_value("英語"), UT_LANG_EN);
	assert_int_equal(ut_cli_lang_value("fr"), -1);
	assert_int_equal(ut_cli_lang_value("e"), -1);
	assert_int_equal(ut_cli_lang_value("engl"), -1);
	assert_int_equal(ut_cli_lang_value(""), -1);
	assert_int_equal(ut_cli_lang_value(" en"), -1);
	assert_int_equal(ut_cli_lang_value("\xff"), -1);
	assert_int_equal(ut_cli_lang_value(NULL), -1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_parse_u64_good),
		cmocka_unit_test(test_parse_u64_bad),
		cmocka_unit_test(test_strerror),
		cmocka_unit_test(test_shown_name),
		cmocka_unit_test(test_shell_word),
		cmocka_unit_test(test_guess_encoding),
		cmocka_unit_test(test_lang_value),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
