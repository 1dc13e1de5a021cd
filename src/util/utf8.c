/* utf8.c - cutting UTF-8 text on character boundaries, finding control
 * characters, printable copies, the distance of two texts for suggestions (util/utf8.h). */
#include "util/utf8.h"

#include <string.h>
#include <utf8proc.h>

#include "util/buf.h"

size_t ut_utf8_floor(const char *s, size_t len, size_t n)
{
	while (n < len && n > 0 && ((unsigned char)s[n] & 0xC0) == 0x80)
		n--;
	return n;
}

size_t ut_utf8_copy(char *dst, size_t size, const char *src, size_t len)
{
	size_t n;

	if (size == 0)
		return len;
	n = ut_utf8_floor(src, len, len < size ? len : size - 1);
	if (n)
		memcpy(dst, src, n);
	dst[n] = '\0';
	return len;
}

size_t ut_utf8_control(const char *s, size_t len, uint32_t *cp)
{
	size_t i;

	for (i = 0; i < len; i++) {
		unsigned char b = (unsigned char)s[i];
		uint32_t c;
		if (b < 0x20 || b == 0x7F)
			c = b;
		else if (b == 0xC2 && i + 1 < len &&
		         (unsigned char)s[i + 1] >= 0x80 &&
		         (unsigned char)s[i + 1] <= 0x9F)
			c = (unsigned char)s[i + 1]; /* U+0080 … U+009F */
		else
			continue;
		if (cp)
			*cp = c;
		return i;
	}
	return len;
}

size_t ut_utf8_ideographic_space(const char *s, size_t len)
{
	return len >= 3 && memcmp(s, "\xe3\x80\x80", 3) == 0 ? 3 : 0;
}

size_t ut_utf8_seq(const unsigned char *s, size_t len)
{
	unsigned c = s[0];
	size_t n, i;
	unsigned long cp;

	if (c == 0)
		return 0;
	if (c < 0x80)
		return 1;
	if (c >= 0xC2 && c <= 0xDF)
		n = 2, cp = c & 0x1F;
	else if (c >= 0xE0 && c <= 0xEF)
		n = 3, cp = c & 0x0F;
	else if (c >= 0xF0 && c <= 0xF4)
		n = 4, cp = c & 0x07;
	else
		return 0;
	if (len < n)
		return 0;
	for (i = 1; i < n; i++) {
		if ((s[i] & 0xC0) != 0x80)
			return 0;
		cp = cp << 6 | (s[i] & 0x3F);
	}
	if ((n == 3 && cp < 0x800) || (n == 4 && cp < 0x10000) ||
	    (cp >= 0xD800 && cp <= 0xDFFF) || cp > 0x10FFFF)
		return 0;
	return n;
}

int ut_utf8_valid(const char *s, size_t len)
{
	size_t i, n;

	for (i = 0; i < len; i += n)
		if (!(n = ut_utf8_seq((const unsigned char *)s + i, len - i)))
			return 0;
	return 1;
}

const char *ut_str_utf8(const char *s, ut_buf *tmp)
{
	size_t len = strlen(s), i, n;

	if (ut_utf8_valid(s, len))
		return s;
	ut_buf_clear(tmp);
	for (i = 0; i < len; i += n) {
		n = ut_utf8_seq((const unsigned char *)s + i, len - i);
		if (n) {
			ut_buf_put(tmp, s + i, n);
		} else {
			ut_buf_puts(tmp, "\xEF\xBF\xBD");
			n = 1;
		}
	}
	return tmp->failed || !tmp->ptr ? NULL : tmp->ptr;
}

size_t ut_utf8_odd_digit(const char *s)
{
	const utf8proc_uint8_t *u = (const utf8proc_uint8_t *)s;
	utf8proc_ssize_t k;
	size_t i = 0;

	while (s[i]) {
		utf8proc_int32_t c;
		if ((unsigned char)s[i] < 0x80) {
			i++;
			continue;
		}
		if ((k = utf8proc_iterate(u + i, -1, &c)) <= 0)
			break;
		if (!(c >= 0xFF10 && c <= 0xFF19)) {
			utf8proc_category_t g = utf8proc_category(c);
			if (g == UTF8PROC_CATEGORY_ND || g == UTF8PROC_CATEGORY_NL ||
			    g == UTF8PROC_CATEGORY_NO)
				return i;
		}
		i += (size_t)k;
	}
	return strlen(s);
}

/* A line or paragraph separator (U+2028, U+2029: a new line to some
 * viewers) or a format character (U+202E turns the rest of a line
 * around, U+200B hides): what a log line must not carry as it is. */
static int invisible_format(utf8proc_int32_t c)
{
	utf8proc_category_t cat = utf8proc_category(c);

	return cat == UTF8PROC_CATEGORY_ZL || cat == UTF8PROC_CATEGORY_ZP ||
	       cat == UTF8PROC_CATEGORY_CF;
}

size_t ut_utf8_printable(char *dst, size_t size, const char *src, int space)
{
	const utf8proc_uint8_t *p = (const utf8proc_uint8_t *)src;
	size_t n = 0;

	if (size == 0)
		return 0;
	while (p && *p) {
		utf8proc_int32_t c;
		utf8proc_ssize_t k = utf8proc_iterate(p, -1, &c);
		int bad = k <= 0 || c < 0x20 || (c >= 0x7F && c <= 0x9F) ||
		          (c == ' ' && !space) || invisible_format(c);
		size_t w = bad ? 1 : (size_t)k;

		if (n + w > size - 1)
			break;
		if (bad)
			dst[n] = '?';
		else
			memcpy(dst + n, p, w);
		n += w;
		p += k <= 0 ? 1 : k;
	}
	dst[n] = '\0';
	return n;
}

/* ---- distance (ut_utf8_distance, ut_utf8_closer) ---------------------- */

#define MAXW 64

/* The code points of s (at most MAXW), read by utf8proc, ASCII letters
 * folded to lower case; a byte that is not valid UTF-8 counts one, as
 * minus its value (no code point equals it).  Returns the count, or
 * MAXW + 1 when s is longer. */
static size_t decode(const char *s, int32_t *cp)
{
	const utf8proc_uint8_t *p = (const utf8proc_uint8_t *)s;
	size_t n = 0;

	while (*p) {
		utf8proc_int32_t c;
		utf8proc_ssize_t k = utf8proc_iterate(p, -1, &c);
		if (k <= 0) {
			c = -(utf8proc_int32_t)*p;
			k = 1;
		}
		p += k;
		if (c >= 'A' && c <= 'Z')
			c += 'a' - 'A';
		if (n == MAXW)
			return MAXW + 1;
		cp[n++] = c;
	}
	return n;
}

/* Edit distance between a[0..na) and b[0..nb), both ≤ MAXW: insertions,
 * deletions, substitutions and transpositions of two neighbours
 * (optimal string alignment), each 1. */
static size_t lev(const int32_t *a, size_t na, const int32_t *b, size_t nb)
{
	size_t rows[3][MAXW + 1], i, j;
	size_t *pp = rows[0], *prev = rows[1], *cur = rows[2], *t;

	for (j = 0; j <= nb; j++)
		prev[j] = j;
	for (i = 1; i <= na; i++) {
		cur[0] = i;
		for (j = 1; j <= nb; j++) {
			size_t best = prev[j - 1] + (a[i - 1] != b[j - 1]);
			if (prev[j] + 1 < best)
				best = prev[j] + 1;
			if (cur[j - 1] + 1 < best)
				best = cur[j - 1] + 1;
			if (i > 1 && j > 1 && a[i - 1] == b[j - 2] &&
			    a[i - 2] == b[j - 1] && pp[j - 2] + 1 < best)
				best = pp[j - 2] + 1;
			cur[j] = best;
		}
		t = pp;
		pp = prev;
		prev = cur;
		cur = t;
	}
	return prev[nb];
}

size_t ut_utf8_distance(const char *s, const char *t)
{
	int32_t a[MAXW] = {0}, b[MAXW] = {0}; /* read only up to na, nb */
	size_t na = decode(s, a), nb = decode(t, b);

	if (na > MAXW || nb > MAXW)
		return SIZE_MAX;
	return lev(a, na, b, nb);
}

int ut_utf8_closer(const char *s, const char *cand, size_t *best)
{
	int32_t a[MAXW] = {0}, b[MAXW] = {0}; /* read only up to na, nb */
	size_t na = decode(s, a), nb = decode(cand, b), d;

	if (na == 0 || na > MAXW || nb > MAXW)
		return 0;
	d = lev(a, na, b, nb);
	/* a key cut short (登場 for 登場ラウンド, 4 from 6) is a suggestion
	 * however short it was cut, from two code points on */
	if (((d <= (nb + 1) / 2 && d < nb) ||
	     (na >= 2 && na < nb && memcmp(a, b, na * sizeof(*a)) == 0)) &&
	    d < *best) {
		*best = d;
		return 1;
	}
	return 0;
}

int ut_utf8_digit(const char *s, size_t *len)
{
	/* full-width: U+FF10 .. U+FF19, EF BC 90 .. EF BC 99 (s[2] is read
	 * only when s[1] is not the terminator) */
	if (*s >= '0' && *s <= '9') {
		*len = 1;
		return *s - '0';
	}
	if ((unsigned char)s[0] == 0xef && (unsigned char)s[1] == 0xbc &&
	    (unsigned char)s[2] >= 0x90 && (unsigned char)s[2] <= 0x99) {
		*len = 3;
		return (unsigned char)s[2] - 0x90;
	}
	return -1;
}

int ut_utf8_parse_u64(uint64_t *out, const char *s, size_t len, uint64_t max)
{
	const char *d = s, *end = s + len;
	uint64_t v = 0;
	size_t n;
	char tail[3];

	if (len == 0)
		return -1;
	while (d < end) {
		int k;
		if (end - d < 3) { /* no byte after end is read */
			memset(tail, 0, sizeof tail);
			memcpy(tail, d, (size_t)(end - d));
			k = ut_utf8_digit(tail, &n);
		} else {
			k = ut_utf8_digit(d, &n);
		}
		if (k < 0 || v > (UINT64_MAX - (unsigned)k) / 10)
			return -1;
		v = v * 10 + (unsigned)k;
		d += n;
	}
	if (v > max)
		return -1;
	*out = v;
	return 0;
}

size_t ut_utf8_invisible(const char *s, size_t len, uint32_t *cp)
{
	const utf8proc_uint8_t *p = (const utf8proc_uint8_t *)s;
	size_t i = 0;

	while (i < len) {
		utf8proc_int32_t c;
		utf8proc_ssize_t k = utf8proc_iterate(p + i,
		                                      (utf8proc_ssize_t)(len - i), &c);
		if (k <= 0)
			return len;
		if (c >= 0x80 && (c == 0x2800 || c == 0x2028 || c == 0x2029 ||
		                  utf8proc_get_property(c)->ignorable)) {
			if (cp)
				*cp = (uint32_t)c;
			return i;
		}
		i += (size_t)k;
	}
	return len;
}
