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

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_width),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
