/*
 * test_svg.c - ut_svg_text's room (util/svg.h): a text up to 1.6 times
 * too wide is squeezed into its room (textLength); a longer one is cut
 * with "…" and keeps its whole text as the hover title (review
 * 2026-12-06: a 60-character unit name in a 130 px legend became a grey
 * smear).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "util/buf.h"
#include "util/svg.h"

/* Size 10: a narrow character 6 px, a wide one (display width 2) 12 px.
 * "abcdefghij" is 60 px: in 60 px as it is; in 40 px (1.5 times) squeezed
 * to 40; in 30 px (2 times) cut: 1.6 × 30 / 6 − 1 = 7 columns,
 * "abcdefg…", squeezed to 30.  Wide and escaped: "あいう<えお" (6 + 1 + 4
 * = 11 columns, 66 px, over 1.6 × 40 = 64) in 40 px: 1.6 × 40 / 6 − 1 =
 * 9.67, so 9 columns: あいう<え (6 + 1 + 2), then "…"; the title and the
 * text escaped. */
static void test_text_room(void **state)
{
	ut_buf b = UT_BUF_INIT;
	(void)state;
	ut_svg_text(&b, 1, 2, 10, "start", NULL, 60, "abcdefghij");
	assert_string_equal(b.ptr, "<text x=\"1.0\" y=\"2.0\" font-size=\"10\" "
	                    "text-anchor=\"start\">abcdefghij</text>\n");
	ut_buf_clear(&b);
	ut_svg_text(&b, 1, 2, 10, "start", NULL, 40, "abcdefghij");
	assert_string_equal(b.ptr, "<text x=\"1.0\" y=\"2.0\" font-size=\"10\" "
	                    "text-anchor=\"start\" textLength=\"40\" "
	                    "lengthAdjust=\"spacingAndGlyphs\">abcdefghij</text>\n");
	ut_buf_clear(&b);
	ut_svg_text(&b, 1, 2, 10, "start", NULL, 30, "abcdefghij");
	assert_string_equal(b.ptr, "<text x=\"1.0\" y=\"2.0\" font-size=\"10\" "
	                    "text-anchor=\"start\" textLength=\"30\" "
	                    "lengthAdjust=\"spacingAndGlyphs\"><title>abcdefghij"
	                    "</title>abcdefg…</text>\n");
	ut_buf_clear(&b);
	ut_svg_text(&b, 1, 2, 10, "start", NULL, 40, "あいう<えお");
	assert_string_equal(b.ptr, "<text x=\"1.0\" y=\"2.0\" font-size=\"10\" "
	                    "text-anchor=\"start\" textLength=\"40\" "
	                    "lengthAdjust=\"spacingAndGlyphs\"><title>あいう&lt;えお"
	                    "</title>あいう&lt;え…</text>\n");
	ut_buf_free(&b);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_text_room),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
