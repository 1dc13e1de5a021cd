/*
 * test_token.c - replay tokens (LG-TOKEN-1, include/amaryllis/sheet.h):
 * "am1." + base64url of sheet A, a NUL byte, sheet B.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "amaryllis/sheet.h"

/* "am1." + base64url("A\0BC") by hand: the bytes 41 00 42 43 are
 * 010000 010000 000001 000010 | 010000 11(0000): Q Q B C Q w -> QQBCQw. */
static void read_by_hand(void **state)
{
	char *a, *b;
	size_t al, bl;

	(void)state;
	assert_int_equal(am_replay_token_read(&a, &al, &b, &bl, "am1.QQBCQw\n", 11, AM_LANG_EN), 0);
	assert_int_equal(al, 1);
	assert_int_equal(bl, 2);
	assert_string_equal(a, "A");
	assert_string_equal(b, "BC");
	free(a);
	free(b);
}

/* Each kind of bad token, and what is left: nothing. */
static void bad_tokens(void **state)
{
	static const char *bad[] = {
		"QQBCQw",        /* no prefix */
		"am1.QQBC Qw",   /* a blank inside (only trailing ones are dropped) */
		"am1.QQBCQ+",    /* '+' is base64, not base64url */
		"am1.QQBCQx",    /* trailing bits not 0: not what the encoder writes */
		"am1.QQBCQ",     /* a lone last character: 6 bits, no byte */
		"am1.QUJD",      /* "ABC": no NUL, one sheet */
		"am1.QQBCAEQ",   /* "A\\0B\\0D": two NULs */
	};
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		char *a = (char *)1, *b = (char *)1;
		size_t al, bl;
		int rc = am_replay_token_read(&a, &al, &b, &bl, bad[i], strlen(bad[i]), AM_LANG_EN);
		if (rc != AM_EINVALID)
			fail_msg("%s: rc %d", bad[i], rc);
		assert_null(a);
		assert_null(b);
	}
}

/* Longer than AM_REPLAY_TOKEN_MAX after the prefix: AM_ELIMIT, unread. */
static void too_long(void **state)
{
	size_t n = 4 + AM_REPLAY_TOKEN_MAX + 1;
	char *t = malloc(n + 1), *a, *b;
	size_t al, bl;

	(void)state;
	memcpy(t, "am1.", 4);
	memset(t + 4, 'A', n - 4);
	t[n] = '\0';
	assert_int_equal(am_replay_token_read(&a, &al, &b, &bl, t, n, AM_LANG_EN), AM_ELIMIT);
	free(t);
}

/* A file read whole (tests run from the source root); *len its length. */
static char *slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	char *t = malloc(65536);

	assert_non_null(f);
	assert_non_null(t);
	*len = fread(t, 1, 65535, f);
	t[*len] = '\0';
	fclose(f);
	return t;
}

/* A token of two sheets (the worked example's) reads back as their
 * normalised texts, which parse to legal sheets again. */
static void round_trip(void **state)
{
	size_t gl, nl;
	char *ga = slurp("examples/grisk.txt", &gl), *nb = slurp("examples/nut.txt", &nl);
	am_parse_opts po = AM_PARSE_OPTS_INIT;
	am_sheet *sa, *sb, *ra;
	char *tok, *a, *b;
	size_t al, bl, n;
	char want[512];

	(void)state;
	assert_int_equal(am_sheet_parse(&sa, ga, gl, &po), 0);
	assert_int_equal(am_sheet_parse(&sb, nb, nl, &po), 0);
	assert_true(am_sheet_ok(sa) && am_sheet_ok(sb));
	assert_int_equal(am_replay_token(&tok, sa, sb), 0);
	assert_memory_equal(tok, "am1.", 4);
	assert_int_equal(am_replay_token_read(&a, &al, &b, &bl, tok, strlen(tok), AM_LANG_EN), 0);
	n = am_sheet_format(want, sizeof(want), sa, AM_LANG_JA);
	assert_int_equal(al, n);
	assert_string_equal(a, want);
	am_sheet_format(want, sizeof(want), sb, AM_LANG_JA);
	assert_string_equal(b, want);
	assert_int_equal(am_sheet_parse(&ra, a, al, &po), 0);
	assert_true(am_sheet_ok(ra));
	am_sheet_free(ra);
	free(a);
	free(b);
	free(tok);
	am_sheet_free(sa);
	am_sheet_free(sb);
	free(ga);
	free(nb);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(read_by_hand),
		cmocka_unit_test(bad_tokens),
		cmocka_unit_test(too_long),
		cmocka_unit_test(round_trip),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
