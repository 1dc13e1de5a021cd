/*
 * test_error.c - one error object for every system (util/error.h):
 * am_/mg_/ms_error_last read what ut_error_set wrote, any system's
 * *_error_clear clears it for all, and the public codes keep their values.
 * Those names are functions (embedder review W7: a binding of another
 * language finds a function by name, not a macro).
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "amaryllis/common.h"
#include "manastorm/common.h"
#include "megami/common.h"
#include "util/error.h"

#if defined(am_error_last) || defined(am_error_last_lang) || \
    defined(am_error_clear) || defined(mg_error_last) || \
    defined(mg_error_clear) || defined(ms_error_last) || defined(ms_error_clear)
#error "the systems' error functions must be functions, not macros"
#endif

/* Their addresses: they are functions of the libraries. */
static const char *(*const lasts[])(void) = {am_error_last, mg_error_last,
                                             ms_error_last};
static void (*const clears[])(void) = {am_error_clear, mg_error_clear,
                                       ms_error_clear};

/* A message set once is read under each system's name. */
static void test_one_object(void **state)
{
	(void)state;
	assert_int_equal(ut_error_set(MG_EINVALID, "bad %s", "dice"),
	                 MG_EINVALID);
	assert_string_equal(am_error_last(), "bad dice");
	assert_string_equal(mg_error_last(), "bad dice");
	assert_string_equal(ms_error_last(), "bad dice");
	ms_error_clear();
	assert_string_equal(am_error_last(), "");
	ut_error_set(UT_ERROR, "x");
	mg_error_clear();
	assert_string_equal(ms_error_last(), "");
	ut_error_set(UT_ERROR, "y");
	am_error_clear();
	assert_string_equal(mg_error_last(), "");
	/* through the functions' addresses: each reads the object, and
	 * another system's clear clears it */
	{
		size_t k;
		for (k = 0; k < 3; k++) {
			ut_error_set(UT_ERROR, "z");
			assert_string_equal(lasts[k](), "z");
			assert_string_equal(am_error_last_lang(UT_LANG_JA), "z");
			clears[(k + 1) % 3]();
			assert_string_equal(lasts[k](), "");
		}
	}
}

/* A message in both languages (ut_error_set_tr, ut_error_set_texts):
 * ut_error_last is the English text, ut_error_last_lang either; a later
 * ut_error_set (one text) is what both read, never the older Japanese. */
static void test_two_languages(void **state)
{
	(void)state;
	assert_int_equal(ut_error_set_tr(UT_EINVALID, "%s: すでにあります",
	                                 "%s: already exists", "h.db"),
	                 UT_EINVALID);
	assert_string_equal(am_error_last(), "h.db: already exists");
	assert_string_equal(am_error_last_lang(AM_LANG_EN), "h.db: already exists");
	assert_string_equal(am_error_last_lang(AM_LANG_JA), "h.db: すでにあります");
	ut_error_set(UT_ERROR, "one text");
	assert_string_equal(am_error_last_lang(AM_LANG_JA), "one text");
	assert_string_equal(am_error_last_lang(AM_LANG_EN), "one text");
	ut_error_set_texts(UT_ERROR, "日本語", "English");
	assert_string_equal(ut_error_last_lang(UT_LANG_JA), "日本語");
	assert_string_equal(ut_error_last(), "English");
	ut_error_clear();
	assert_string_equal(ut_error_last_lang(UT_LANG_JA), "");
	/* errno texts: glibc's Japanese for ENOENT, strerror's in English */
	assert_string_equal(ut_strerror(UT_LANG_JA, ENOENT),
	                    "そのようなファイルやディレクトリはありません");
	assert_string_equal(ut_strerror(UT_LANG_EN, ENOENT), strerror(ENOENT));
}

/* The codes are API: the same numbers in every system. */
/* A message longer than the error's 512 bytes is cut on a character
 * boundary: 200 "あ" (3 bytes each, 600) leave 511 bytes, which hold 170
 * whole characters (510 bytes), not 170 and a lead byte and a half; in
 * both languages of ut_error_set_tr, and after an ASCII prefix of 2 bytes
 * ("x:" then 169 whole characters, 509 bytes) */
static void test_cut_whole(void **state)
{
	char a[601];
	size_t i;

	(void)state;
	for (i = 0; i < 200; i++)
		memcpy(a + 3 * i, "\xe3\x81\x82", 3);
	a[600] = '\0';
	assert_int_equal(ut_error_set(UT_EINVALID, "%s", a), UT_EINVALID);
	assert_int_equal(strlen(ut_error_last()), 510);
	assert_memory_equal(ut_error_last(), a, 510);
	ut_error_set(UT_EINVALID, "x:%s", a);
	assert_int_equal(strlen(ut_error_last()), 509);
	assert_memory_equal(ut_error_last() + 2, a, 507);
	ut_error_set_tr(UT_EINVALID, "%s", "x:%s", a);
	assert_int_equal(strlen(ut_error_last_lang(UT_LANG_JA)), 510);
	assert_int_equal(strlen(ut_error_last_lang(UT_LANG_EN)), 509);
	ut_error_set_texts(UT_EINVALID, a, a + 1);
	assert_int_equal(strlen(ut_error_last_lang(UT_LANG_JA)), 510);
	/* a + 1: two continuation bytes, then 199 whole characters: 2 +
	 * 169 × 3 = 509 of the 511 (a 170th would need 512) */
	assert_int_equal(strlen(ut_error_last_lang(UT_LANG_EN)), 509);
	/* a message that fits is left as it is */
	ut_error_set(UT_EINVALID, "%.*s", 510, a);
	assert_int_equal(strlen(ut_error_last()), 510);
}

static void test_codes(void **state)
{
	static const int am[] = {AM_OK, AM_ERROR, AM_ENOMEM, AM_EINVALID,
	                         AM_EOVERFLOW, AM_ELIMIT};
	static const int mg[] = {MG_OK, MG_ERROR, MG_ENOMEM, MG_EINVALID,
	                         MG_EOVERFLOW, MG_ELIMIT};
	static const int ms[] = {MS_OK, MS_ERROR, MS_ENOMEM, MS_EINVALID,
	                         MS_EOVERFLOW, MS_ELIMIT};
	int i;

	(void)state;
	for (i = 0; i < 6; i++) {
		assert_int_equal(am[i], -i);
		assert_int_equal(mg[i], -i);
		assert_int_equal(ms[i], -i);
	}
}

/* ut_error_text_lang: the libraries' "out of memory" at the end of a
 * message is "メモリが足りません" in Japanese; nothing else changes. */
static void test_text_lang(void **state)
{
	char buf[64], small[28];
	const char *m;

	(void)state;
	m = ut_error_text_lang(UT_LANG_JA, "a.yaml: out of memory", buf,
	                       sizeof(buf));
	assert_ptr_equal(m, buf);
	assert_string_equal(m, "a.yaml: メモリが足りません");
	assert_string_equal(ut_error_text_lang(UT_LANG_JA, "out of memory",
	                                       buf, sizeof(buf)),
	                    "メモリが足りません");
	/* English, another message, or the words not at the end: as given */
	m = "a.yaml: out of memory";
	assert_ptr_equal(ut_error_text_lang(UT_LANG_EN, m, buf, sizeof(buf)),
	                 m);
	m = "out of memory (password hash)";
	assert_ptr_equal(ut_error_text_lang(UT_LANG_JA, m, buf, sizeof(buf)),
	                 m);
	m = "memory";
	assert_ptr_equal(ut_error_text_lang(UT_LANG_JA, m, buf, sizeof(buf)),
	                 m);
	/* cut on a character: "0123456789: " (12) and 5 of the 9 characters
	 * of メモリが足りません (15 bytes) fit in 27 bytes and the NUL */
	m = ut_error_text_lang(UT_LANG_JA, "0123456789: out of memory", small,
	                       sizeof(small));
	assert_string_equal(m, "0123456789: メモリが足");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_one_object),
		cmocka_unit_test(test_two_languages),
		cmocka_unit_test(test_codes),
		cmocka_unit_test(test_cut_whole),
		cmocka_unit_test(test_text_lang),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
