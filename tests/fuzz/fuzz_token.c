/*
 * fuzz_token.c - libFuzzer target for the replay tokens of アマリリス
 * battles (LG-TOKEN-1, `amaryllis battle --replay am1.…`): a token comes in
 * a hill's reply and is pasted by whoever wants to watch the battle, so it
 * may come from anyone.  Any bytes must read without a crash, leak or
 * undefined behaviour, and
 *   - a token that does not read fails with AM_EINVALID or AM_ELIMIT and a
 *     message in the language asked (the input's size picks ja or en),
 *     and gives no sheet;
 *   - one that reads gives two NUL-terminated texts of the lengths it
 *     says; when both are legal sheets, the token of the pair
 *     (am_replay_token) reads back to the same two texts as the
 *     normalised sheets make, and the token of those is the same token
 *     again (a token is a fixed point of reading and writing).
 * Seeds: tests/fuzz/corpus/fuzz_token/ (see tests/fuzz/README.md).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "amaryllis/sheet.h"

/* A failed check names its line, then aborts (libFuzzer keeps the input). */
static void check_at(int ok, int line)
{
	if (!ok) {
		fprintf(stderr, "fuzz_token.c:%d: check failed\n", line);
		abort();
	}
}
#define check(ok) check_at((ok) != 0, __LINE__)

/* The legal sheet of text[0 .. len), or NULL. */
static am_sheet *legal(const char *text, size_t len)
{
	am_parse_opts po = AM_PARSE_OPTS_INIT;
	am_sheet *s = NULL;

	if (am_sheet_parse(&s, text, len, &po) < 0 || !am_sheet_ok(s)) {
		am_sheet_free(s);
		return NULL;
	}
	return s;
}

/* The token of a and b read back: its two texts (freed by the caller). */
static char *token_of(const am_sheet *a, const am_sheet *b, char **ta,
                      size_t *la, char **tb, size_t *lb)
{
	char *tok = NULL;
	int rc = am_replay_token(&tok, a, b);

	check(rc == 0 || rc == AM_ELIMIT);
	if (rc < 0)
		return NULL;
	check(strncmp(tok, "am1.", 4) == 0);
	check(am_replay_token_read(ta, la, tb, lb, tok, strlen(tok),
	                           AM_LANG_EN) == 0);
	return tok;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const am_lang lang = size % 2 ? AM_LANG_EN : AM_LANG_JA;
	char *a = NULL, *b = NULL, *a2 = NULL, *b2 = NULL, *a3 = NULL,
	     *b3 = NULL, *t1, *t2;
	size_t alen = 0, blen = 0, a2len, b2len, a3len, b3len;
	am_sheet *sa, *sb, *sa2, *sb2;
	int rc;

	rc = am_replay_token_read(&a, &alen, &b, &blen, (const char *)data,
	                          size, lang);
	if (rc < 0) {
		check(rc == AM_EINVALID || rc == AM_ELIMIT);
		check(am_error_last()[0] != '\0');
		check(a == NULL && b == NULL);
		return 0;
	}
	check(a && b && a[alen] == '\0' && b[blen] == '\0');
	sa = legal(a, alen);
	sb = legal(b, blen);
	if (sa && sb && (t1 = token_of(sa, sb, &a2, &a2len, &b2, &b2len))) {
		/* the normalised pair, tokened again: the same token */
		sa2 = legal(a2, a2len);
		sb2 = legal(b2, b2len);
		check(sa2 && sb2);
		t2 = token_of(sa2, sb2, &a3, &a3len, &b3, &b3len);
		check(t2 && strcmp(t1, t2) == 0);
		check(a3len == a2len && memcmp(a3, a2, a2len) == 0);
		check(b3len == b2len && memcmp(b3, b2, b2len) == 0);
		free(t1);
		free(t2);
		am_sheet_free(sa2);
		am_sheet_free(sb2);
	}
	am_sheet_free(sa);
	am_sheet_free(sb);
	free(a);
	free(b);
	free(a2);
	free(b2);
	free(a3);
	free(b3);
	return 0;
}
