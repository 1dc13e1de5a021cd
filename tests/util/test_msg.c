/*
 * test_msg.c - message catalogues (util/msg.h): positional
 * placeholders (a translation may reorder its arguments), typed arguments,
 * the language lookup, and the errors of a broken template.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "util/buf.h"
#include "util/error.h"
#include "util/msg.h"

/* Format into a fresh buffer and return a static copy of the text. */
static const char *fmt(const char *tmpl, const ut_arg *args, size_t n,
                       int *rc)
{
	static char text[512];
	ut_buf b = UT_BUF_INIT;

	*rc = ut_msg_format(&b, tmpl, args, n);
	snprintf(text, sizeof(text), "%s", b.ptr ? b.ptr : "");
	ut_buf_free(&b);
	return text;
}

/* The same arguments in the opposite order: Japanese puts the owner first
 * ({2}の{1}), English last ({1} of {2}). */
static void test_reorder(void **state)
{
	static const ut_msg of = {{"{2}の{1}", "{1} of {2}"}};
	ut_buf b = UT_BUF_INIT;

	assert_int_equal(ut_msg_put(&b, &of, UT_LANG_JA,
	                            UT_ARGS(ut_arg_str("攻撃力"),
	                                    ut_arg_str("グリスク"))), 0);
	assert_string_equal(b.ptr, "グリスクの攻撃力");
	ut_buf_clear(&b);
	assert_int_equal(ut_msg_put(&b, &of, UT_LANG_EN,
	                            UT_ARGS(ut_arg_str("ATK"),
	                                    ut_arg_str("グリスク"))), 0);
	assert_string_equal(b.ptr, "ATK of グリスク");
	/* ut_msg_put appends */
	assert_int_equal(ut_msg_put(&b, &of, UT_LANG_EN,
	                            UT_ARGS(ut_arg_str("x"), ut_arg_str("y"))),
	                 0);
	assert_string_equal(b.ptr, "ATK of グリスクx of y");
	ut_buf_free(&b);
}

/* An argument used twice, one not used, and the text around them. */
static void test_repeat_and_skip(void **state)
{
	const ut_arg a[] = {ut_arg_str("ヌト"), ut_arg_str("unused")};
	int rc;

	assert_string_equal(fmt("{1}のライフが発動　⇒{1}復活", a, 2, &rc),
	                    "ヌトのライフが発動　⇒ヌト復活");
	assert_int_equal(rc, 0);
	assert_string_equal(fmt("no placeholders", a, 2, &rc),
	                    "no placeholders");
	assert_string_equal(fmt("", a, 2, &rc), "");
	assert_int_equal(rc, 0);
	/* a placeholder-free template needs no arguments */
	assert_string_equal(fmt("結果", NULL, 0, &rc), "結果");
	assert_int_equal(rc, 0);
}

/* Integers: ASCII, full-width (both ends of int64), unsigned 2^64 − 1. */
static void test_numbers(void **state)
{
	int rc;

	assert_string_equal(fmt("[{1}|{2}|{3}]",
	                        UT_ARGS(ut_arg_int(-12), ut_arg_int_fw(-12),
	                                ut_arg_int_fw(0)), &rc),
	                    "[-12|－１２|０]");
	assert_int_equal(rc, 0);
	assert_string_equal(fmt("{1}", UT_ARGS(ut_arg_int(INT64_MIN)), &rc),
	                    "-9223372036854775808");
	assert_string_equal(fmt("{1}", UT_ARGS(ut_arg_int_fw(INT64_MIN)), &rc),
	                    "－９２２３３７２０３６８５４７７５８０８");
	assert_string_equal(fmt("{1}", UT_ARGS(ut_arg_int_fw(INT64_MAX)), &rc),
	                    "９２２３３７２０３６８５４７７５８０７");
	assert_string_equal(fmt("{1}",
	                        UT_ARGS(ut_arg_uint(UINT64_MAX)), &rc),
	                    "18446744073709551615");
	/* NULL strings write nothing */
	assert_string_equal(fmt("<{1}>", UT_ARGS(ut_arg_str(NULL)), &rc), "<>");
	assert_int_equal(rc, 0);
}

/* {{ is a literal brace; } alone is text; {10} is the tenth argument. */
static void test_braces_and_many_args(void **state)
{
	const ut_arg a[] = {
		ut_arg_int(1), ut_arg_int(2), ut_arg_int(3), ut_arg_int(4),
		ut_arg_int(5), ut_arg_int(6), ut_arg_int(7), ut_arg_int(8),
		ut_arg_int(9), ut_arg_str("ten"),
	};
	int rc;

	assert_string_equal(fmt("{{1}} } {1}", a, 1, &rc), "{1}} } 1");
	assert_int_equal(rc, 0);
	assert_string_equal(fmt("{10}/{1}{0}", a, 10, &rc), "ten/1");
	/* ...and {0} is an error, reported after "ten/1" */
	assert_int_equal(rc, UT_EINVALID);
	assert_string_equal(fmt("{10}-{9}", a, 10, &rc), "ten-9");
	assert_int_equal(rc, 0);
}

/* A broken template is an error naming it, with the text up to the fault. */
static void test_bad_templates(void **state)
{
	const ut_arg a[] = {ut_arg_str("A"), ut_arg_str("B")};
	int rc;

	assert_string_equal(fmt("x{3}y", a, 2, &rc), "x");
	assert_int_equal(rc, UT_EINVALID);
	assert_string_equal(ut_error_last(),
	                    "bad placeholder at byte 1 of message template "
	                    "\"x{3}y\" (2 arguments)");
	fmt("{a}", a, 1, &rc);
	assert_int_equal(rc, UT_EINVALID);
	assert_string_equal(ut_error_last(),
	                    "bad placeholder at byte 0 of message template "
	                    "\"{a}\" (1 argument)");
	fmt("{1", a, 2, &rc);       /* unclosed */
	assert_int_equal(rc, UT_EINVALID);
	fmt("{}", a, 2, &rc);       /* empty */
	assert_int_equal(rc, UT_EINVALID);
	fmt("{", a, 2, &rc);        /* a lone brace at the end */
	assert_int_equal(rc, UT_EINVALID);
	fmt("{1}", NULL, 0, &rc);   /* no arguments at all */
	assert_int_equal(rc, UT_EINVALID);
	/* a huge number does not wrap around to a valid one:
	 * 18446744073709551617 = 2^64 + 1 would wrap to 1 in 64 bits */
	fmt("{18446744073709551617}", a, 2, &rc);
	assert_int_equal(rc, UT_EINVALID);
}

/* The lookup falls back to Japanese for a missing translation and for a
 * value that is not a language. */
static void test_lookup(void **state)
{
	static const ut_msg both = {{"結果", "Result"}};
	static const ut_msg ja_only = {{"引き分け", NULL}};

	assert_string_equal(ut_msg_text(&both, UT_LANG_JA), "結果");
	assert_string_equal(ut_msg_text(&both, UT_LANG_EN), "Result");
	assert_string_equal(ut_msg_text(&ja_only, UT_LANG_EN), "引き分け");
	assert_string_equal(ut_msg_text(&both, (ut_lang)7), "結果");
	assert_string_equal(ut_msg_text(&both, (ut_lang)-1), "結果");
}

static void test_int_text(void **state)
{
	char n[UT_INT_TEXT_MAX];

	assert_string_equal(ut_int_text(n, 10, 0), "10");
	assert_string_equal(ut_int_text(n, 10, 1), "１０");
	assert_string_equal(ut_int_text(n, -1, 1), "－１");
	/* the longest: 20 characters of 3 bytes + NUL = 61 ≤ 64 */
	assert_int_equal(strlen(ut_int_text(n, INT64_MIN, 1)), 60);
}

/* ut_msg_hand_out: the built text copied out (cut on a character
 * boundary), its whole length returned, the buffer freed; a buffer whose
 * building failed gives the text for want of memory, whole, in the
 * caller's language (util/error.c: "メモリを確保できません", 33 bytes;
 * strerror's English), never the part built before the failure. */
static void test_hand_out(void **state)
{
	char out[8];
	ut_buf b = UT_BUF_INIT;
	(void)state;

	/* "結果です" is 12 bytes: 7 bytes hold 結果 (6) and the NUL */
	assert_int_equal(ut_buf_puts(&b, "結果です"), 0);
	assert_int_equal(ut_msg_hand_out(out, sizeof(out) - 1, &b, UT_LANG_JA),
	                 12);
	assert_string_equal(out, "結果");
	assert_null(b.ptr);
	assert_int_equal(ut_buf_puts(&b, "abc"), 0);
	assert_int_equal(ut_msg_hand_out(NULL, 0, &b, UT_LANG_EN), 3);
	assert_null(b.ptr);
	/* failed: the part "ab" is not handed out */
	assert_int_equal(ut_buf_puts(&b, "ab"), 0);
	b.failed = 1;
	assert_int_equal(ut_msg_hand_out(NULL, 0, &b, UT_LANG_JA),
	                 strlen("メモリを確保できません"));
	assert_int_equal(ut_buf_puts(&b, "ab"), 0);
	b.failed = 1;
	{
		char big[64];
		assert_int_equal(ut_msg_hand_out(big, sizeof(big), &b,
		                                 UT_LANG_EN),
		                 strlen(ut_strerror(UT_LANG_EN, ENOMEM)));
		assert_string_equal(big, ut_strerror(UT_LANG_EN, ENOMEM));
		assert_string_equal(big, strerror(ENOMEM));
	}
	assert_null(b.ptr);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_reorder),
		cmocka_unit_test(test_repeat_and_skip),
		cmocka_unit_test(test_numbers),
		cmocka_unit_test(test_braces_and_many_args),
		cmocka_unit_test(test_bad_templates),
		cmocka_unit_test(test_lookup),
		cmocka_unit_test(test_int_text),
		cmocka_unit_test(test_hand_out),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
