/*
 * test_base64.c - util/base64.h against RFC 4648's test vectors (§10) and
 * the two alphabets.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "util/base64.h"

/* RFC 4648 §10: "" "f" "fo" "foo" "foob" "fooba" "foobar"; base64url the
 * same without its padding. */
static void test_vectors(void **state)
{
	static const char *const v[][3] = {
		{"", "", ""},
		{"f", "Zg==", "Zg"},
		{"fo", "Zm8=", "Zm8"},
		{"foo", "Zm9v", "Zm9v"},
		{"foob", "Zm9vYg==", "Zm9vYg"},
		{"fooba", "Zm9vYmE=", "Zm9vYmE"},
		{"foobar", "Zm9vYmFy", "Zm9vYmFy"},
	};
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(v) / sizeof(v[0]); i++) {
		ut_buf a = UT_BUF_INIT, b = UT_BUF_INIT;
		ut_base64_put(&a, v[i][0], strlen(v[i][0]), UT_BASE64);
		ut_base64_put(&b, v[i][0], strlen(v[i][0]), UT_BASE64URL);
		assert_string_equal(a.ptr ? a.ptr : "", v[i][1]);
		assert_string_equal(b.ptr ? b.ptr : "", v[i][2]);
		ut_buf_free(&a);
		ut_buf_free(&b);
	}
}

/* FB FF: 111110 111111 1111(00): 62 63 60 -> "+/8=" and "-_8"; and the
 * values of the characters that differ between the alphabets. */
static void test_alphabets(void **state)
{
	static const unsigned char d[] = {0xFB, 0xFF};
	ut_buf a = UT_BUF_INIT, b = UT_BUF_INIT;

	(void)state;
	ut_base64_put(&a, d, 2, UT_BASE64);
	ut_base64_put(&b, d, 2, UT_BASE64URL);
	assert_string_equal(a.ptr, "+/8=");
	assert_string_equal(b.ptr, "-_8");
	assert_int_equal(ut_base64_value('+', UT_BASE64), 62);
	assert_int_equal(ut_base64_value('/', UT_BASE64), 63);
	assert_int_equal(ut_base64_value('-', UT_BASE64), -1);
	assert_int_equal(ut_base64_value('-', UT_BASE64URL), 62);
	assert_int_equal(ut_base64_value('_', UT_BASE64URL), 63);
	assert_int_equal(ut_base64_value('+', UT_BASE64URL), -1);
	assert_int_equal(ut_base64_value('=', UT_BASE64), -1);
	assert_int_equal(ut_base64_value('A', UT_BASE64URL), 0);
	assert_int_equal(ut_base64_value('z', UT_BASE64), 51);
	assert_int_equal(ut_base64_value('9', UT_BASE64), 61);
	ut_buf_free(&a);
	ut_buf_free(&b);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_vectors),
		cmocka_unit_test(test_alphabets),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
