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

#include "amaryllis/common.h"
#include "util/error.h"
#include "amaryllis/sheet.h"

/* "am1." + base64url("A\n\0BC\n") by hand: the bytes 41 0A 00 | 42 43 0A
 * are 010000 010000 101000 000000 | 010000 100100 001100 001010:
 * Q Q o A Q k M K -> QQoAQkMK (each sheet ends with a newline, as
 * am_sheet_format writes it). */
static void read_by_hand(void **state)
{
	char *a, *b;
	size_t al, bl;

	(void)state;
	assert_int_equal(am_replay_token_read(&a, &al, &b, &bl, "am1.QQoAQkMK\n", 13, AM_LANG_EN), 0);
	assert_int_equal(al, 2);
	assert_int_equal(bl, 3);
	assert_string_equal(a, "A\n");
	assert_string_equal(b, "BC\n");
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
		/* a sheet without its last newline: a token cut short (the
		 * last character of QQoAQkMK gone: "A\\n\\0BC"), or made so */
		"am1.QQoAQkM",   /* "A\\n\\0BC" */
		"am1.QQBCQwo",   /* "A\\0BC\\n" */
		"am1.AEIK",      /* "\\0B\\n": sheet A empty */
		"am1.QQoA",      /* "A\\n\\0": sheet B empty */
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

/* A legal sheet of one unit with k unused actions besides its own (an
 * outside review's way to a long sheet), parsed. */
static am_sheet *long_sheet(size_t k)
{
	am_parse_opts po = AM_PARSE_OPTS_INIT;
	size_t cap = 64 + k * 48, n, i;
	char *t = malloc(cap);
	am_sheet *s;

	assert_non_null(t);
	n = (size_t)snprintf(t, cap, "A：10／1／1／2／X\n・X：直接攻撃\n");
	for (i = 0; i < k; i++)
		n += (size_t)snprintf(t + n, cap - n, "・未使用%zu：直接攻撃\n", i);
	assert_int_equal(am_sheet_parse(&s, t, n, &po), 0);
	assert_true(am_sheet_ok(s));
	free(t);
	return s;
}

/* The characters after "am1." of a token of raw bytes: base64url without
 * padding, 4 for each 3 and 2 or 3 for the 1 or 2 left. */
static size_t token_chars(size_t raw)
{
	return raw / 3 * 4 + (raw % 3 ? raw % 3 + 1 : 0);
}

/* am_replay_token makes no token am_replay_token_read refuses (a 62 KB
 * sheet gave an 86,822-character token that --replay refused): the two
 * sheets' normalised texts and the NUL between them, past
 * AM_REPLAY_TOKEN_MAX characters of base64url, are AM_ELIMIT; the
 * longest below the limit is made and reads back. */
static void writer_limit(void **state)
{
	am_sheet *b = long_sheet(0), *a;
	size_t k, raw, last_ok = 0, first_over = 0;
	char *tok, *x, *y;
	size_t xl, yl;

	(void)state;
	/* the k where the token crosses the limit, by bisection over the
	 * lengths of the notation the token holds (about 31 bytes an action:
	 * k near 49152 / 31) */
	last_ok = 1;
	first_over = 8000;
	while (first_over - last_ok > 1) {
		k = (last_ok + first_over) / 2;
		a = long_sheet(k);
		raw = am_sheet_format(NULL, 0, a, AM_LANG_JA) + 1 +
		      am_sheet_format(NULL, 0, b, AM_LANG_JA);
		if (token_chars(raw) <= AM_REPLAY_TOKEN_MAX)
			last_ok = k;
		else
			first_over = k;
		am_sheet_free(a);
	}
	assert_true(last_ok > 1000 && first_over < 8000);
	a = long_sheet(last_ok);
	assert_int_equal(am_replay_token(&tok, a, b), 0);
	assert_true(strlen(tok) - 4 <= AM_REPLAY_TOKEN_MAX);
	assert_int_equal(am_replay_token_read(&x, &xl, &y, &yl, tok, strlen(tok),
	                                      AM_LANG_EN), 0);
	free(x);
	free(y);
	free(tok);
	am_sheet_free(a);
	a = long_sheet(first_over);
	tok = (char *)1;
	assert_int_equal(am_replay_token(&tok, a, b), AM_ELIMIT);
	assert_null(tok);
	assert_non_null(strstr(ut_error_last_lang(UT_LANG_JA), "リプレイトークンには長すぎます"));
	assert_non_null(strstr(ut_error_last_lang(UT_LANG_EN), "too long for a replay token"));
	am_sheet_free(a);
	am_sheet_free(b);
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
		cmocka_unit_test(writer_limit),
		cmocka_unit_test(round_trip),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
