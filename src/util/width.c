/* width.c - display width of UTF-8 text (util/width.h). */
#include "util/width.h"

#include <string.h>

#include <utf8proc.h>

size_t ut_width(const char *s, size_t len)
{
	const utf8proc_uint8_t *p = (const utf8proc_uint8_t *)s;
	size_t w = 0, i = 0;

	while (i < len) {
		utf8proc_int32_t c;
		utf8proc_ssize_t k = utf8proc_iterate(p + i,
		                                      (utf8proc_ssize_t)(len - i), &c);
		int cw;

		if (k <= 0) { /* an invalid byte */
			w++;
			i++;
			continue;
		}
		cw = c == '\t' ? 1 : utf8proc_charwidth(c);
		w += cw > 0 ? (size_t)cw : 0;
		i += (size_t)k;
	}
	return w;
}

void ut_buf_pad(ut_buf *b, const char *s, size_t w, size_t gap)
{
	size_t have = ut_width(s, strlen(s)), blanks;

	blanks = have < w ? w - have : 0;
	if (blanks < gap)
		blanks = gap;
	ut_buf_puts(b, s);
	while (blanks--)
		ut_buf_put(b, " ", 1);
}

void ut_buf_rpad(ut_buf *b, const char *s, size_t w)
{
	size_t have = ut_width(s, strlen(s));

	for (; have < w; have++)
		ut_buf_put(b, " ", 1);
	ut_buf_puts(b, s);
}

/* Byte offset of character column `col` (1-based) in s[0..len). */
static size_t byte_of_col(const char *s, size_t len, uint32_t col)
{
	size_t i = 0;
	uint32_t c = 1;

	while (i < len && c < col) {
		utf8proc_int32_t cp;
		utf8proc_ssize_t k = utf8proc_iterate((const utf8proc_uint8_t *)s + i,
		                                      (utf8proc_ssize_t)(len - i), &cp);
		i += k > 0 ? (size_t)k : 1;
		c++;
	}
	return i;
}

void ut_buf_context(ut_buf *b, const char *line, size_t len, uint32_t col)
{
	size_t at, from, to;

	if (col == 0)
		return;
	at = byte_of_col(line, len, col);
	from = at > 80 ? at - 80 : 0;
	while (from > 0 && ((unsigned char)line[from] & 0xC0) == 0x80)
		from++;
	to = len - at > 80 ? at + 80 : len;
	while (to < len && ((unsigned char)line[to] & 0xC0) == 0x80)
		to++;
	/* only valid UTF-8 (invalid lines are what the diagnostic is about;
	 * show nothing rather than junk) */
	if (utf8proc_decompose((const utf8proc_uint8_t *)line + from,
	                       (utf8proc_ssize_t)(to - from), NULL, 0, 0) < 0)
		return;
	ut_buf_printf(b, " %s%.*s%s\n", from ? "…" : "", (int)(to - from),
	              line + from, to < len ? "…" : "");
	ut_buf_printf(b, " %*s^\n", (int)(ut_width(line + from, at - from) +
	                                 (from ? 1 : 0)), "");
}
