/*
 * norm.c - the text of a dice expression as BCDice reads it: normalised,
 * trimmed to its first word, upper-cased, each byte with its column.
 */
#include "dice_int.h"

#include "util/array.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <utf8proc.h>

void mg_dtext_free(mg_dtext *t)
{
	free(t->s);
	free(t->cols);
	free(t->coloff);
	t->s = NULL;
	t->cols = NULL;
	t->coloff = NULL;
	t->len = 0;
}

int mg_dtext_orig(const mg_dtext *t, size_t a, size_t b, const char **p,
                  size_t *n)
{
	size_t from, to;

	if (!t->orig || !t->coloff || a > b || b > t->len ||
	    (a > 0 && a < t->len && t->cols[a - 1] == t->cols[a]) ||
	    (b > 0 && b < t->len && t->cols[b - 1] == t->cols[b]))
		return -1;
	if (a == b) {
		*p = t->orig + t->coloff[t->cols[a]];
		*n = 0;
		return 0;
	}
	from = t->coloff[t->cols[a]];
	to = t->coloff[t->cols[b - 1] + 1];
	*p = t->orig + from;
	*n = to - from;
	return 0;
}

int mg_dice_comment_start(const char *s, size_t n)
{
	char a[64];

	return n && (unsigned char)s[0] >= 0x80 &&
	       !mg_dice_token_arg(a, sizeof(a), s, n);
}

int mg_dice_math_cmp(char out[4], const char *s, size_t n)
{
	/* U+2260 ≠, U+2264 ≤, U+2265 ≥, U+2266 ≦, U+2267 ≧ */
	if (n != 3 || memcmp(s, "\xe2\x89", 2) != 0 || s[2] == '\0' ||
	    !strchr("\xa0\xa4\xa5\xa6\xa7", s[2]))
		return 0;
	memcpy(out, s, 3);
	out[3] = '\0';
	return 1;
}

void mg_dtext_typed_char(const mg_dtext *whole, uint32_t col, char *arg,
                         size_t cap)
{
	size_t from, to;

	if (!arg[0] || arg[1] || !whole->orig || !whole->coloff || col < 1 ||
	    col >= whole->cols[whole->len])
		return;
	from = whole->coloff[col];
	to = whole->coloff[col + 1];
	if (to > from && to - from < cap) {
		memcpy(arg, whole->orig + from, to - from);
		arg[to - from] = '\0';
	}
}

int mg_dice_is_blank(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' ||
	       c == '\r';
}

int mg_dtext_put(mg_dtext *t, size_t *cap, const char *b, size_t n,
                 uint32_t col)
{
	size_t i, scap = *cap, ccap = *cap;

	/* two arrays of one capacity: both grow by the same rule */
	if (UT_ARRAY_RESERVE(t->s, scap, t->len + n + 1) < 0 ||
	    UT_ARRAY_RESERVE(t->cols, ccap, t->len + n + 1) < 0)
		return -1;
	*cap = scap;
	for (i = 0; i < n; i++) {
		t->s[t->len + i] = b[i];
		t->cols[t->len + i] = col;
	}
	t->len += n;
	t->s[t->len] = '\0';
	return 0;
}

/*
 * MG-DICE-IN-1: each character is normalised on its own (NFKC of one code point), so a
 * byte of the result always comes from one column; for the characters a
 * dice expression can hold (full-width ASCII, the ideographic space) this
 * is the NFKC of the whole text.
 */
int mg_dice_normalize(mg_dtext *out, const char *text, size_t len,
                      int how, uint32_t *badcol)
{
	mg_dtext t = {NULL, NULL, 0, NULL, NULL};
	size_t cap = 0, i = 0, k, start, end, ocap = 0, *coloff = NULL;
	uint32_t col = 1;

	while (i < len) {
		utf8proc_int32_t cp;
		utf8proc_ssize_t n = utf8proc_iterate(
			(const utf8proc_uint8_t *)text + i,
			(utf8proc_ssize_t)(len - i), &cp);
		if (n <= 0) {
			mg_dtext_free(&t);
			free(coloff);
			*badcol = col;
			return -1;
		}
		/* where each character begins (coloff[0] unused), and then
		 * where the text ends */
		if (UT_ARRAY_RESERVE(coloff, ocap, (size_t)col + 2) < 0)
			goto nomem;
		coloff[col] = i;
		if (cp < 0x80) {
			if (mg_dtext_put(&t, &cap, text + i, 1, col) < 0)
				goto nomem;
		} else {
			utf8proc_uint8_t *m = NULL;
			utf8proc_ssize_t mn = utf8proc_map(
				(const utf8proc_uint8_t *)text + i, n, &m,
				UTF8PROC_STABLE | UTF8PROC_COMPOSE | UTF8PROC_COMPAT);
			if (mn < 0) {
				free(m);
				mg_dtext_free(&t);
				free(coloff);
				*badcol = col;
				return -1;
			}
			if (mg_dtext_put(&t, &cap, (const char *)m, (size_t)mn, col) < 0) {
				free(m);
				goto nomem;
			}
			free(m);
		}
		i += (size_t)n;
		col++;
	}
	/* MG-DICE-IN-2: the first word: Ruby's strip, then
	 * split(/\s/, 2).first (or the whole text, without its leading
	 * blanks); MG-DICE-IN-3: upper case when asked */
	for (start = 0; start < t.len && mg_dice_is_blank(t.s[start]); start++)
		;
	for (end = start; end < t.len && ((how & MG_NORM_WHOLE) ||
	                                  !mg_dice_is_blank(t.s[end])); end++)
		;
	if (UT_ARRAY_RESERVE(coloff, ocap, (size_t)col + 1) < 0)
		goto nomem;
	coloff[col] = len;
	out->len = end - start;
	out->orig = NULL;
	out->coloff = NULL;
	out->s = malloc(out->len + 1);
	out->cols = malloc((out->len + 1) * sizeof(*out->cols));
	if (!out->s || !out->cols) {
		mg_dtext_free(out);
		goto nomem;
	}
	for (k = 0; k < out->len; k++) {
		char c = t.s[start + k];
		out->s[k] = (c >= 'a' && c <= 'z' && (how & MG_NORM_UPCASE))
		            ? (char)(c - 'a' + 'A') : c;
		out->cols[k] = t.cols[start + k];
	}
	out->s[out->len] = '\0';
	out->orig = text;
	out->coloff = coloff; /* only the whole text is cut as typed */
	coloff = NULL;
	if (!(how & MG_NORM_WHOLE)) {
		free(out->coloff);
		out->coloff = NULL;
	}
	out->cols[out->len] = end < t.len ? t.cols[end]
	                    : (out->len ? out->cols[out->len - 1] + 1 : col);
	mg_dtext_free(&t);
	return 0;
nomem:
	mg_dtext_free(&t);
	free(coloff);
	return -2;
}

int mg_dice_token_arg(char *out, size_t cap, const char *s, size_t n)
{
	utf8proc_int32_t cp = -1;
	utf8proc_ssize_t k = n ? utf8proc_iterate((const utf8proc_uint8_t *)s,
	                                          (utf8proc_ssize_t)n, &cp)
	                       : 0;
	size_t m;

	if (k > 0 && (size_t)k == n) {
		switch (utf8proc_category(cp)) {
		case UTF8PROC_CATEGORY_CC: case UTF8PROC_CATEGORY_CF:
		case UTF8PROC_CATEGORY_CO: case UTF8PROC_CATEGORY_CN:
		case UTF8PROC_CATEGORY_CS: case UTF8PROC_CATEGORY_ZS:
		case UTF8PROC_CATEGORY_ZL: case UTF8PROC_CATEGORY_ZP:
		case UTF8PROC_CATEGORY_MN: case UTF8PROC_CATEGORY_ME:
			snprintf(out, cap, "U+%04lX", (unsigned long)cp);
			return 1;
		default:
			break;
		}
	}
	/* as it is, cut at a character boundary before cap - 4 bytes */
	m = n < cap - 4 ? n : cap - 4;
	while (m < n && m > 0 && ((unsigned char)s[m] & 0xC0) == 0x80)
		m--;
	memcpy(out, s, m);
	strcpy(out + m, m < n ? "…" : "");
	return 0;
}
