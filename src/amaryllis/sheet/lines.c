/*
 * lines.c - from bytes to normalised lines.
 *
 * A sheet is split into lines at \n, \r\n and \r.  A line must be strict
 * UTF-8 without NUL.  Each line is normalised with NFKC (utf8proc), grapheme
 * cluster by grapheme cluster, so that every normalised code point knows the
 * column (1-based, in code points of the original line) where its cluster
 * started: ＨＰ → HP, ：→ :, ｶﾞ → ガ (one cluster), U+3000 → space.  Hyphens
 * U+2010..U+2015 and U+2212 then become '-'.  So full-width and half-width
 * forms are the same (AM-UNIT-5), and a diagnostic's column counts the
 * characters of the line as written (AM-UNIT-6); rule IDs are those of
 * docs/AMARYLLIS.md.
 *
 * Costs stay linear: clusters are cut after CLUSTER_MAX code points, which
 * bounds the work of utf8proc's canonical reordering (quadratic in the
 * length of a run of combining marks), and pure ASCII skips utf8proc.
 */
#include <stdlib.h>
#include <string.h>
#include <utf8proc.h>

#include "sheet_int.h"
#include "util/array.h"

#define CLUSTER_MAX 32

#define NFKC (UTF8PROC_STABLE | UTF8PROC_COMPAT | UTF8PROC_COMPOSE)

size_t am_text_line(const char *buf, size_t len, size_t pos, size_t *next)
{
	size_t i = pos;

	while (i < len && buf[i] != '\n' && buf[i] != '\r')
		i++;
	if (i < len && buf[i] == '\r' && i + 1 < len && buf[i + 1] == '\n')
		*next = i + 2;
	else
		*next = i < len ? i + 1 : len;
	return i - pos;
}

/* Length of the UTF-8 sequence at s[0..len), or 0 when it is not strict
 * UTF-8 (overlong, surrogate, beyond U+10FFFF, truncated) or is NUL. */
static size_t seq_len(const unsigned char *s, size_t len)
{
	unsigned c = s[0];
	unsigned lo = 0x80, hi = 0xBF;
	size_t n, i;

	if (c == 0)
		return 0;
	if (c < 0x80)
		return 1;
	if (c >= 0xC2 && c <= 0xDF)
		n = 2;
	else if (c >= 0xE0 && c <= 0xEF) {
		n = 3;
		if (c == 0xE0)
			lo = 0xA0;
		else if (c == 0xED)
			hi = 0x9F;
	} else if (c >= 0xF0 && c <= 0xF4) {
		n = 4;
		if (c == 0xF0)
			lo = 0x90;
		else if (c == 0xF4)
			hi = 0x8F;
	} else
		return 0;
	if (len < n || s[1] < lo || s[1] > hi)
		return 0;
	for (i = 2; i < n; i++)
		if ((s[i] & 0xC0) != 0x80)
			return 0;
	return n;
}

/* The column of a bad byte is counted in code points (AM-UNIT-6). */
size_t am_text_check_utf8(const char *s, size_t len, uint32_t *col)
{
	const unsigned char *u = (const unsigned char *)s;
	size_t i = 0;
	uint32_t c = 1;

	while (i < len) {
		size_t n = u[i] < 0x80 && u[i] ? 1 : seq_len(u + i, len - i);
		if (!n) {
			*col = c;
			return i;
		}
		i += n;
		if (c < UINT32_MAX)
			c++;
	}
	*col = c;
	return len;
}

int am_text_is_space(int32_t cp)
{
	if (cp < 0x80)
		return cp == ' ' || cp == '\t' || cp == '\v' || cp == '\f';
	return cp == 0xFEFF || cp == 0x200B ||
	       utf8proc_category(cp) == UTF8PROC_CATEGORY_ZS;
}

/* Decode one code point of valid UTF-8 at s; *n receives its length. */
static int32_t decode(const unsigned char *s, size_t *n)
{
	unsigned c = s[0];

	if (c < 0x80) {
		*n = 1;
		return (int32_t)c;
	}
	if (c < 0xE0) {
		*n = 2;
		return (int32_t)(((c & 0x1F) << 6) | (s[1] & 0x3F));
	}
	if (c < 0xF0) {
		*n = 3;
		return (int32_t)(((c & 0x0F) << 12) | ((s[1] & 0x3Fu) << 6) |
		                 (s[2] & 0x3F));
	}
	*n = 4;
	return (int32_t)(((c & 0x07) << 18) | ((s[1] & 0x3Fu) << 12) |
	                 ((s[2] & 0x3Fu) << 6) | (s[3] & 0x3F));
}

/* Make room for `need` normalised code points. */
static int reserve_out(am_text *t, size_t need)
{
	size_t cap = t->cap, colcap = t->cap, oddcap = t->cap;

	/* three arrays of one capacity: all grow by the same rule */
	if (UT_ARRAY_RESERVE(t->cp, cap, need) < 0 ||
	    UT_ARRAY_RESERVE(t->col, colcap, need) < 0 ||
	    UT_ARRAY_RESERVE(t->odd, oddcap, need) < 0)
		return AM_ENOMEM; /* t->cp may be bigger than t->cap says: harmless */
	t->cap = cap;
	return 0;
}

/* Map what NFKC leaves alone but the notation treats as the same: the
 * dashes and − (U+2212) are '-' (AM-UNIT-5). */
static int32_t fold(int32_t cp)
{
	if ((cp >= 0x2010 && cp <= 0x2015) || cp == 0x2212)
		return '-';
	return cp;
}

/* AM-UNIT-8: the first character of s[0..len) (valid UTF-8) that is a
 * digit or a number but neither 0-9 nor ０-９ (² ₅ ① 𝟓 Ⅻ ½ ٥, which NFKC
 * makes digits of), or 0. */
static int32_t odd_digit(const char *s, size_t len)
{
	const unsigned char *u = (const unsigned char *)s;
	size_t i = 0, n;

	while (i < len) {
		const int32_t c = decode(u + i, &n);
		i += n;
		if (c >= 0x80 && !(c >= 0xFF10 && c <= 0xFF19)) {
			const utf8proc_category_t g = utf8proc_category(c);
			if (g == UTF8PROC_CATEGORY_ND ||
			    g == UTF8PROC_CATEGORY_NL ||
			    g == UTF8PROC_CATEGORY_NO)
				return c;
		}
	}
	return 0;
}

/* NFKC of the UTF-8 bytes s[0..len) (one cluster or part of one), folded,
 * appended with column col (AM-UNIT-5, AM-UNIT-6) and its odd digit
 * (AM-UNIT-8). */
static int put_cluster(am_text *t, const char *s, size_t len, uint32_t col)
{
	const int32_t odd = odd_digit(s, len);
	utf8proc_ssize_t n, i;

	for (;;) {
		n = utf8proc_decompose_custom((const utf8proc_uint8_t *)s,
		                              (utf8proc_ssize_t)len, t->tmp,
		                              (utf8proc_ssize_t)t->tcap, NFKC,
		                              NULL, NULL);
		if (n < 0)
			return AM_ERROR; /* cannot happen for valid UTF-8 */
		if ((size_t)n <= t->tcap)
			break;
		if (UT_ARRAY_RESERVE(t->tmp, t->tcap, (size_t)n) < 0)
			return AM_ENOMEM;
	}
	n = utf8proc_normalize_utf32(t->tmp, n, NFKC);
	if (n < 0)
		return AM_ERROR;
	if (reserve_out(t, t->n + (size_t)n) < 0)
		return AM_ENOMEM;
	for (i = 0; i < n; i++) {
		t->cp[t->n] = fold(t->tmp[i]);
		t->odd[t->n] = odd;
		t->col[t->n++] = col;
	}
	return 0;
}

/* NFKC cluster by cluster, each code point with the column of its cluster
 * in the original line (AM-UNIT-5, AM-UNIT-6; see the top of this file). */
int am_text_normalize(am_text *t, const char *s, size_t len, uint32_t line,
                      am_nline *out)
{
	const unsigned char *u = (const unsigned char *)s;
	size_t pos = 0, i = 0, n;
	utf8proc_int32_t state = 0;

	t->n = 0;
	while (pos < len) {
		size_t start = pos, count = 1;
		uint32_t col = i + 1 < UINT32_MAX ? (uint32_t)(i + 1) : UINT32_MAX;
		int32_t first = decode(u + pos, &n), prev = first;

		pos += n;
		i++;
		/* extend the cluster while no grapheme break follows */
		while (pos < len) {
			int32_t next = decode(u + pos, &n);
			if (prev < 0x80 && next < 0x80) {
				state = 0; /* ASCII never joins ASCII (no CR/LF here) */
				break;
			}
			if (utf8proc_grapheme_break_stateful(prev, next, &state) ||
			    count >= CLUSTER_MAX)
				break;
			pos += n;
			i++;
			count++;
			prev = next;
		}
		if (count == 1 && first < 0x80) {
			if (reserve_out(t, t->n + 1) < 0)
				return AM_ENOMEM;
			t->cp[t->n] = first;
			t->odd[t->n] = 0;
			t->col[t->n++] = col;
		} else if (put_cluster(t, s + start, pos - start, col) < 0) {
			return AM_ENOMEM;
		}
	}
	out->cp = t->cp;
	out->col = t->col;
	out->odd = t->odd;
	out->n = t->n;
	out->end_col = i + 1 < UINT32_MAX ? (uint32_t)(i + 1) : UINT32_MAX;
	out->line = line;
	return 0;
}

void am_text_free(am_text *t)
{
	free(t->cp);
	free(t->col);
	free(t->odd);
	free(t->tmp);
	memset(t, 0, sizeof(*t));
}

char *am_text_utf8(am_arena *a, const int32_t *cp, size_t n)
{
	size_t i, len = 0;
	char *p, *q;

	for (i = 0; i < n; i++) {
		uint8_t tmp[4];
		len += (size_t)utf8proc_encode_char(cp[i], tmp);
	}
	p = am_arena_alloc(a, len + 1);
	if (!p)
		return NULL;
	for (q = p, i = 0; i < n; i++)
		q += utf8proc_encode_char(cp[i], (utf8proc_uint8_t *)q);
	*q = '\0';
	return p;
}

char *am_text_utf8_buf(char *buf, size_t size, const int32_t *cp, size_t n)
{
	static const char ell[] = "…";
	size_t i, len = 0;

	for (i = 0; i < n; i++) {
		uint8_t tmp[4];
		size_t k = (size_t)utf8proc_encode_char(cp[i], tmp);
		if (len + k + (i + 1 < n ? sizeof(ell) - 1 : 0) + 1 > size) {
			if (len + sizeof(ell) <= size) {
				memcpy(buf + len, ell, sizeof(ell) - 1);
				len += sizeof(ell) - 1;
			}
			break;
		}
		memcpy(buf + len, tmp, k);
		len += k;
	}
	buf[len] = '\0';
	return buf;
}
