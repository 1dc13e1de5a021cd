/* emit.c - scalars written back as YAML (util/yaml.h ut_yaml_put_scalar). */
#include <string.h>

#include "util/yaml.h"

static int is_alnum(unsigned char c)
{
	return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') ||
	       (c >= 'A' && c <= 'Z');
}

/* 1 when s can stand unquoted and reads back as the same text: it starts
 * with a letter or a non-ASCII character, holds only letters, digits,
 * "_-.()" and inner single spaces besides, no character YAML treats
 * specially (C1 controls, NEL, line and paragraph separators, BOM,
 * U+FFFE/U+FFFF), and is no word that YAML 1.1 or 1.2 reads as a boolean or
 * null. */
static int plain_ok(const char *s)
{
	static const char *const words[] = {
		"true", "false", "null", "yes", "no", "on", "off", "y", "n"};
	const unsigned char *p = (const unsigned char *)s;
	size_t i, n = strlen(s);

	if (!n || !(p[0] >= 0x80 || is_alnum(p[0])) || (p[0] >= '0' && p[0] <= '9'))
		return 0;
	if (p[n - 1] == ' ')
		return 0;
	for (i = 0; i < n; i++) {
		unsigned char c = p[i];
		if (c >= 0x80) {
			if (c == 0xC2 && i + 1 < n && p[i + 1] < 0xA0)
				return 0;
			if (c == 0xE2 && i + 2 < n && p[i + 1] == 0x80 &&
			    (p[i + 2] == 0xA8 || p[i + 2] == 0xA9))
				return 0;
			if (c == 0xEF && i + 2 < n &&
			    ((p[i + 1] == 0xBB && p[i + 2] == 0xBF) ||
			     (p[i + 1] == 0xBF && p[i + 2] >= 0xBE)))
				return 0;
			continue;
		}
		if (!is_alnum(c) && !strchr("_-.()", c) &&
		    !(c == ' ' && p[i + 1] != ' '))
			return 0;
	}
	for (i = 0; i < sizeof(words) / sizeof(words[0]); i++) {
		size_t k, m = strlen(words[i]);
		if (m != n)
			continue;
		for (k = 0; k < n; k++)
			if ((p[k] | 0x20) != (unsigned char)words[i][k])
				break;
		if (k == n)
			return 0;
	}
	return 1;
}

/* s as a YAML scalar: plain when plain_ok, else double-quoted with escapes. */
void ut_yaml_put_scalar(ut_buf *b, const char *s)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t i, n = strlen(s);

	if (plain_ok(s)) {
		ut_buf_puts(b, s);
		return;
	}
	ut_buf_puts(b, "\"");
	for (i = 0; i < n; i++) {
		unsigned char c = p[i];
		if (c == '"' || c == '\\') {
			ut_buf_printf(b, "\\%c", c);
		} else if (c < 0x20 || c == 0x7F) {
			ut_buf_printf(b, "\\x%02X", c);
		} else if (c == 0xC2 && i + 1 < n && p[i + 1] < 0xA0) {
			ut_buf_printf(b, "\\u00%02X", p[++i]);
		} else if (c == 0xE2 && i + 2 < n && p[i + 1] == 0x80 &&
		           (p[i + 2] == 0xA8 || p[i + 2] == 0xA9)) {
			ut_buf_printf(b, "\\u%04X", p[i + 2] == 0xA8 ? 0x2028 : 0x2029);
			i += 2;
		} else if (c == 0xEF && i + 2 < n &&
		           ((p[i + 1] == 0xBB && p[i + 2] == 0xBF) ||
		            (p[i + 1] == 0xBF && p[i + 2] >= 0xBE))) {
			ut_buf_printf(b, "\\u%04X", p[i + 1] == 0xBB ? 0xFEFF
			                            : 0xFF00 | p[i + 2]);
			i += 2;
		} else {
			ut_buf_put(b, (const char *)p + i, 1);
		}
	}
	ut_buf_puts(b, "\"");
}
