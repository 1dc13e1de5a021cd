/*
 * test_cli.c - the numbers of options (util/cli.h ut_cli_parse_u64): ASCII
 * digits only, so that no blank, sign or other character slips through
 * (strtoull read " -1" as 2^64 - 1).
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
}

static void test_parse_u64_bad(void **state)
{
	static const char *const bad[] = {
		"", " -1", "\n-3", "\t-1", " 5", "5 ", "-1", "+1", " +1", "-0",
		"1e3", "0x10", "1,000", "18446744073709551616",
		"99999999999999999999", "５", "1\n",
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

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_parse_u64_good),
		cmocka_unit_test(test_parse_u64_bad),
		cmocka_unit_test(test_strerror),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
