/*
 * test_json.c - util/json.h: jansson's %.17g reals made the shortest that
 * read back the same, strings and integers untouched.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "util/json.h"

static void check(const char *in, const char *want)
{
	char *s = strdup(in);

	assert_non_null(s);
	ut_json_short_reals(s);
	assert_string_equal(s, want);
	free(s);
}

/* 0.634 is 0.63400000000000000799… as a double: %.17g writes
 * 0.63400000000000001, %.3g "0.634" reads back the same double.  0.007
 * likewise (%.17g 0.0070000000000000001).  1/3 needs all 16 digits
 * (0.3333333333333333 reads back, 0.333333333333333 does not).  5.874
 * from 5.8739999999999997. */
static void test_shortest(void **state)
{
	(void)state;
	check("{\"rates\":{\"PC\":0.63400000000000001,\"draw\":0.0070000000000000001}}",
	      "{\"rates\":{\"PC\":0.634,\"draw\":0.007}}");
	check("[0.33333333333333331, 5.8739999999999997, -0.10000000000000001]",
	      "[0.3333333333333333, 5.874, -0.1]");
	/* the exponent form stays: 1e-05 as %.17g is 1.0000000000000001e-05 */
	check("[1.0000000000000001e-05]", "[1e-05]");
}

/* A real stays a real (6.0, not 6), fixed notation stays fixed (100000.0,
 * not 1e+05, which %.1g would give), integers and strings are untouched,
 * escaped quotes do not end a string. */
static void test_kept(void **state)
{
	(void)state;
	check("{\"mean\": 6.0, \"big\": 100000.0, \"n\": 12345678901234567890}",
	      "{\"mean\": 6.0, \"big\": 100000.0, \"n\": 12345678901234567890}");
	check("{\"s\":\"0.63400000000000001 \\\" 0.63400000000000001\",\"x\":0.63400000000000001}",
	      "{\"s\":\"0.63400000000000001 \\\" 0.63400000000000001\",\"x\":0.634}");
	check("[-0.0, 0.0]", "[-0.0, 0.0]");
	check("", "");
	ut_json_short_reals(NULL);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_shortest),
		cmocka_unit_test(test_kept),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
