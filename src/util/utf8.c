/* utf8.c - cutting UTF-8 text on character boundaries (util/utf8.h). */
#include "util/utf8.h"

#include <string.h>

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
