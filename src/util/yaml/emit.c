/* emit.c - scalars written back as YAML (util/yaml.h ut_yaml_put_scalar). */
#include <string.h>

#include "util/yaml.h"

static int is_alnum(unsigned char c)
{
	return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') ||
	       (c >= 'A' && c <= 'Z');
}

/* Length of the character at p[i] (of n bytes) that YAML treats specially
 * in a scalar: 2 for a C1 control or NEL, 3 for a line or paragraph
 * separator, the BOM, U+FFFE or U+FFFF; 0 for any other. */
static size_t special_len(const unsigned char *p, size_t i, size_t n)
{
	unsigned char c = p[i];

	if (c == 0xC2 && i + 1 < n && p[i + 1] < 0xA0)
		return 2;
	if (c == 0xE2 && i + 2 < n && p[i + 1] == 0x80 &&
	    (p[i + 2] == 0xA8 || p[i + 2] == 0xA9))
		return 3;
	if (c == 0xEF && i + 2 < n &&
	    ((p[i + 1] == 0xBB && p[i + 2] == 0xBF) ||
	     (p[i + 1] == 0xBF && p[i + 2] >= 0xBE)))
		return 3;
	return 0;
}

/* 1 when the n bytes at p are, ignoring ASCII case, a word that YAML 1.1
 * or 1.2 reads as a boolean or null. */
static int bool_or_null_word(const unsigned char *p, size_t n)
{
	static const char *const words[] = {
		"true", "false", "null", "yes", "no", "on", "off", "y", "n"};
	size_t i, k;

	for (i = 0; i < sizeof(words) / sizeof(words[0]); i++) {
		if (strlen(words[i]) != n)
			continue;
		for (k = 0; k < n; k++)
			if ((p[k] | 0x20) != (unsigned char)words[i][k])
				break;
		if (k == n)
			return 1;
	}
	return 0;
}

/* 1 when s can stand unquoted and reads back as the same text: it starts
 * with a letter or a non-ASCII character, holds only letters, digits,
 * "_-.()" and inner single spaces besides, no character YAML treats
 * specially (special_len), and is no word that YAML 1.1 or 1.2 reads as a
 * boolean or null. */
static int plain_ok(const char *s)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t i, n = strlen(s);

	if (!n || !(p[0] >= 0x80 || is_alnum(p[0])) || (p[0] >= '0' && p[0] <= '9'))
		return 0;
	if (p[n - 1] == ' ')
		return 0;
	for (i = 0; i < n; i++) {
		unsigned char c = p[i];
		if (c >= 0x80) {
			if (special_len(p, i, n))
				return 0;
			continue;
		}
		if (!is_alnum(c) && !strchr("_-.()", c) &&
		    !(c == ' ' && p[i + 1] != ' '))
			return 0;
	}
	return !bool_or_null_word(p, n);
}

/* The escape of the special character of k bytes at p (special_len). */
static void put_special(ut_buf *b, const unsigned char *p, size_t k)
{
	if (k == 2)
		ut_buf_printf(b, "\\u00%02X", p[1]);
	else if (p[0] == 0xE2)
		ut_buf_printf(b, "\\u%04X", p[2] == 0xA8 ? 0x2028 : 0x2029);
	else
		/* EF BB BF is U+FEFF; EF BF BE/BF are U+FFFE/U+FFFF (the
		 * low 6 bits of the last byte complete 0xFFC0) */
		ut_buf_printf(b, "\\u%04X", p[1] == 0xBB ? 0xFEFF
		                            : 0xFFC0 | (p[2] & 0x3F));
}

/* s as a YAML scalar: plain when plain_ok, else double-quoted with escapes. */
void ut_yaml_put_scalar(ut_buf *b, const char *s)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t i, k, n = strlen(s);

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
		} else if ((k = special_len(p, i, n)) != 0) {
			put_special(b, p + i, k);
			i += k - 1;
		} else {
			ut_buf_put(b, (const char *)p + i, 1);
		}
	}
	ut_buf_puts(b, "\"");
}
