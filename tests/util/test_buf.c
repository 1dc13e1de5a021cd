/*
 * test_buf.c - util/buf.h's ut_buf_take: a buffer's text handed over
 * whole, or none; and util/utf8.h's ut_str_utf8, a name as UTF-8 in a
 * buffer, whole or none.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "support/fail_alloc.h"
#include "util/buf.h"
#include "util/error.h"
#include "util/utf8.h"

/* The text and its length; the buffer is empty after, and can be used
 * again. */
static void take_text(void **state)
{
	ut_buf b = UT_BUF_INIT;
	char *s;
	size_t n = 99;
	(void)state;

	ut_buf_puts(&b, "グリスク");
	assert_int_equal(ut_buf_take(&b, &s, &n), 0);
	assert_string_equal(s, "グリスク");
	assert_int_equal(n, 12);
	assert_null(b.ptr);
	assert_int_equal(b.len, 0);
	free(s);
	ut_buf_puts(&b, "x");
	assert_int_equal(ut_buf_take(&b, &s, NULL), 0);
	assert_string_equal(s, "x");
	free(s);
}

/* Nothing added: a string of its own, "" (0 bytes); an allocation that
 * fails then (the only one): UT_ENOMEM and no text. */
static void take_empty(void **state)
{
	ut_buf b = UT_BUF_INIT;
	char *s;
	size_t n = 99;
	(void)state;

	assert_int_equal(ut_buf_take(&b, &s, &n), 0);
	assert_string_equal(s, "");
	assert_int_equal(n, 0);
	free(s);
	tf_fail_arm(1);
	assert_int_equal(ut_buf_take(&b, &s, &n), UT_ENOMEM);
	assert_true(tf_fail_disarm());
	assert_null(s);
}

/* An add that failed (the buffer's first allocation): UT_ENOMEM, no
 * text, not the part added before or after; the buffer freed and reset. */
static void take_failed(void **state)
{
	ut_buf b = UT_BUF_INIT;
	char *s = (char *)&b;
	(void)state;

	tf_fail_arm(1);
	assert_int_equal(ut_buf_puts(&b, "abc"), UT_ENOMEM);
	assert_true(tf_fail_disarm());
	ut_buf_puts(&b, "def");
	assert_true(b.failed);
	assert_int_equal(ut_buf_take(&b, &s, NULL), UT_ENOMEM);
	assert_null(s);
	assert_false(b.failed);
	assert_null(b.ptr);
}

/* UTF-8 as it is (no copy); a byte that is not UTF-8 as U+FFFD, in a
 * copy; NULL when the copy's memory fails (its first allocation). */
static void str_utf8(void **state)
{
	static const char good[] = "グリスク.txt";
	ut_buf tmp = UT_BUF_INIT;
	(void)state;

	assert_ptr_equal(ut_str_utf8(good, &tmp), good);
	assert_null(tmp.ptr);
	assert_string_equal(ut_str_utf8("a\xff\xfe.txt", &tmp),
	                    "a\xEF\xBF\xBD\xEF\xBF\xBD.txt");
	/* a lead byte without its continuation, then ASCII */
	assert_string_equal(ut_str_utf8("\xe3\x82x", &tmp),
	                    "\xEF\xBF\xBD\xEF\xBF\xBDx");
	ut_buf_free(&tmp);
	tf_fail_arm(1);
	assert_null(ut_str_utf8("a\xff", &tmp));
	assert_true(tf_fail_disarm());
	ut_buf_free(&tmp);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(take_text),
		cmocka_unit_test(take_empty),
		cmocka_unit_test(take_failed),
		cmocka_unit_test(str_utf8),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
