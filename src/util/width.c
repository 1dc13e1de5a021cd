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
