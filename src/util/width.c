/* width.c - display width of UTF-8 text (util/width.h). */
#include "util/width.h"

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
