/*
 * test_width.c - display width (util/width.h): the columns a terminal
 * gives Japanese, ASCII, combining marks and invalid bytes.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "util/buf.h"
#include "util/width.h"

static size_t w(const char *s)
{
	return ut_width(s, strlen(s));
}

static void test_width(void **state)
{
	assert_int_equal(w(""), 0);
	assert_int_equal(w("abc"), 3);
	/* katakana are wide: グリスク = 4 × 2 */
	assert_int_equal(w("グリスク"), 8);
	/* full-width digits and slash (the rules' notation) are wide */
	assert_int_equal(w("１０／１"), 8);
	/* mixed: "ＨＰ差" 3 × 2, "rank" 4 */
	assert_int_equal(w("ＨＰ差rank"), 10);
	/* half-width katakana ｸﾞ are narrow: ｸ 1 + ﾞ 1 */
	assert_int_equal(w("\xEF\xBD\xB8\xEF\xBE\x9E"), 2);
	/* e + U+0301 COMBINING ACUTE ACCENT: the mark takes no column */
	assert_int_equal(w("e\xCC\x81"), 1);
	/* East Asian ambiguous … (U+2026) counts 1, as utf8proc says */
	assert_int_equal(w("…"), 1);
	/* a tab counts 1 (not utf8proc's 0 for control characters); other
	 * control characters 0 */
	assert_int_equal(w("a\tb"), 3);
	assert_int_equal(w("a\x01" "b"), 2);
	/* invalid bytes: one column each; 0xE3 0x82 is グ cut short */
	assert_int_equal(w("\xFF"), 1);
	assert_int_equal(w("a\xE3\x82"), 3);
	/* only s[0..len) counts: グリ cut after グ (3 bytes) */
	assert_int_equal(ut_width("グリ", 3), 2);
	/* a cut inside リ: グ 2 + two stray bytes 1 each */
	assert_int_equal(ut_width("グリ", 5), 4);
}

/* s fitted in cols (ut_buf_fit) is want, cut (1) or not (0). */
static void fit_is(const char *s, size_t cols, const char *want, int cut)
{
	ut_buf b = UT_BUF_INIT;

	assert_int_equal(ut_buf_fit(&b, s, cols), cut);
	assert_string_equal(b.ptr ? b.ptr : "", want);
	ut_buf_free(&b);
}

/* ut_buf_fit: whole when it fits; else what fits in cols - 1 and "…". */
static void test_fit(void **state)
{
	(void)state;
	fit_is("abc", 3, "abc", 0);            /* width 3 in 3: whole */
	fit_is("abcd", 3, "ab…", 1);           /* 2 + … = 3 */
	fit_is("グリスク", 8, "グリスク", 0);   /* 8 in 8 */
	fit_is("グリスク", 7, "グリス…", 1);    /* 6 + 1 */
	fit_is("グリスク", 6, "グリ…", 1);      /* ス would make 6 + 1 = 7 */
	fit_is("グリスク", 1, "…", 1);          /* nothing fits before … */
	/* e + U+0301: the mark stays with its e (0 columns) */
	fit_is("e\xCC\x81" "fgh", 3, "e\xCC\x81" "f…", 1);
	fit_is("", 1, "", 0);
}

/* The context lines of col in line, compared with want. */
static void context_is(const char *line, uint32_t col, const char *want)
{
	ut_buf b = UT_BUF_INIT;

	ut_buf_context(&b, line, strlen(line), col);
	assert_false(b.failed);
	assert_int_equal(b.len, strlen(want));
	assert_memory_equal(b.ptr, want, b.len);
	ut_buf_free(&b);
}

/* The caret counts display width; plain lines as they always were. */
static void test_context_plain(void **state)
{
	(void)state;
	context_is("abc", 2, " abc\n  ^\n");
	/* グリ is 4 columns wide */
	context_is("グリスク：x", 3, " グリスク：x\n     ^\n");
	context_is("abc", 0, "");
}

/* A byte that is not UTF-8 is shown as U+FFFD, one column, as the readers
 * count a column for each such byte (until 2026-12-03 the line was not
 * shown): "a\xFF" col 1 has the caret under a; "a\xFF\xFEb" col 4 under b
 * (a, two U+FFFD, then b: 3 blanks); グ cut short (E3 82) then x: the two
 * bytes are 2 columns, so x at col 3 has 2 blanks before it. */
static void test_context_invalid(void **state)
{
	(void)state;
	context_is("a\xFF", 1, " a\xEF\xBF\xBD\n ^\n");
	context_is("a\xFF\xFE" "b", 4,
	           " a\xEF\xBF\xBD\xEF\xBF\xBD" "b\n    ^\n");
	context_is("\xE3\x82x", 3, " \xEF\xBF\xBD\xEF\xBF\xBDx\n   ^\n");
}

/* Tabs before the column are copied into the caret line (as gcc), so the
 * caret lands under the spot whatever the terminal's tab stops. */
static void test_context_tabs(void **state)
{
	(void)state;
	context_is("\t\tグリスク：１０", 5, " \t\tグリスク：１０\n \t\t    ^\n");
	context_is("a\tb", 3, " a\tb\n  \t^\n");
}

/* Control and invisible characters never reach the terminal raw: each is
 * <U+XXXX>, and the caret counts its 8 columns. */
static void test_context_hidden(void **state)
{
	(void)state;
	/* ESC [31m: the escape shown, the caret under 'x' */
	context_is("\x1b[31mx", 6, " <U+001B>[31mx\n             ^\n");
	/* OSC "set title" ended by BEL */
	context_is("a\x1b]0;t\x07z", 8,
	           " a<U+001B>]0;t<U+0007>z\n " "                     ^\n");
	/* DEL, C1 CSI (U+009B), U+200B, U+FEFF, U+202E */
	context_is("\x7f" "\xc2\x9b" "\xe2\x80\x8b" "\xef\xbb\xbf" "\xe2\x80\xae" "x",
	           6,
	           " <U+007F><U+009B><U+200B><U+FEFF><U+202E>x\n"
	           "                                         ^\n");
	/* a caret on the hidden character itself */
	context_is("ab\x1b", 3, " ab<U+001B>\n   ^\n");
}

static void test_visible(void **state)
{
	ut_buf b = UT_BUF_INIT;

	(void)state;
	ut_buf_visible(&b, "a\tb\x01\xf3\xa0\x80\x81\xff" "c", 10);
	assert_false(b.failed);
	/* TAB kept; U+0001; U+E0001 (a tag, ignorable); an invalid byte */
	assert_int_equal(b.len, strlen("a\tb<U+0001><U+E0001>\xef\xbf\xbd" "c"));
	assert_memory_equal(b.ptr, "a\tb<U+0001><U+E0001>\xef\xbf\xbd" "c", b.len);
	ut_buf_free(&b);
	assert_int_equal(ut_char_hidden('\t'), 0);
	assert_int_equal(ut_char_hidden('\n'), 1);
	assert_int_equal(ut_char_hidden(0x85), 1);
	assert_int_equal(ut_char_hidden(0xA0), 0);
	assert_int_equal(ut_char_hidden(0x3042), 0);
}

/* ut_str_visible: a clean name is itself (the same pointer); one with a
 * control character or a byte that is not UTF-8 is a copy in tmp, as
 * ut_buf_visible writes it. */
static void test_str_visible(void **state)
{
	ut_buf tmp = UT_BUF_INIT;
	const char *s = "evil/グリスク.txt";

	(void)state;
	assert_ptr_equal(ut_str_visible(s, &tmp), s);
	assert_string_equal(ut_str_visible("a\x1b[31m\n.txt", &tmp),
	                    "a<U+001B>[31m<U+000A>.txt");
	assert_string_equal(ut_str_visible("\xfe", &tmp), "\xef\xbf\xbd");
	ut_buf_free(&tmp);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_width),
		cmocka_unit_test(test_fit),
		cmocka_unit_test(test_context_plain),
		cmocka_unit_test(test_context_invalid),
		cmocka_unit_test(test_context_tabs),
		cmocka_unit_test(test_context_hidden),
		cmocka_unit_test(test_visible),
		cmocka_unit_test(test_str_visible),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
