/* utf8.c - cutting UTF-8 text on character boundaries, finding control
 * characters (util/utf8.h). */
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
