/* width.c - display width of UTF-8 text (util/width.h). */
#include "util/width.h"

#include <string.h>

#include <utf8proc.h>

/* The code point at s[i..len) (i < len): its length in bytes, its width
 * in *cw (a tab 1, a combining mark or a control character 0; an invalid
 * byte is one byte of width 1, shown as one replacement character). */
static size_t step(const char *s, size_t i, size_t len, size_t *cw)
{
	utf8proc_int32_t c;
	utf8proc_ssize_t k = utf8proc_iterate((const utf8proc_uint8_t *)s + i,
	                                      (utf8proc_ssize_t)(len - i), &c);
	int x;

	if (k <= 0) {
		*cw = 1;
		return 1;
	}
	x = c == '\t' ? 1 : utf8proc_charwidth(c);
	*cw = x > 0 ? (size_t)x : 0;
	return (size_t)k;
}

size_t ut_width(const char *s, size_t len)
{
	size_t w = 0, i = 0, cw;

	while (i < len) {
		i += step(s, i, len, &cw);
		w += cw;
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

size_t ut_width_cut(const char *s, size_t len, size_t cols)
{
	size_t w = 0, i = 0, cw, k;

	while (i < len) {
		k = step(s, i, len, &cw);
		if (w + cw > cols)
			break;
		w += cw;
		i += k;
	}
	return i;
}

int ut_buf_fit(ut_buf *b, const char *s, size_t cols)
{
	size_t len = strlen(s);

	if (ut_width(s, len) <= cols) {
		ut_buf_put(b, s, len);
		return 0;
	}
	ut_buf_put(b, s, ut_width_cut(s, len, cols ? cols - 1 : 0));
	ut_buf_puts(b, "\xe2\x80\xa6"); /* … */
	return 1;
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

int ut_char_hidden(int32_t c)
{
	if (c < 0x20)
		return c != '\t';
	if (c < 0x7f)
		return 0;
	if (c < 0xa0) /* DEL and C1 (U+009B is a CSI) */
		return 1;
	if (c == 0x2028 || c == 0x2029) /* line and paragraph separators */
		return 1;
	return c <= 0x10ffff && utf8proc_get_property(c)->ignorable;
}

/* The display width of code point c as ut_buf_visible writes it. */
static size_t shown_width(int32_t c)
{
	int cw;

	if (c == '\t')
		return 1;
	if (ut_char_hidden(c))
		return c > 0xffff ? 9 : 8; /* <U+XXXX> or <U+XXXXX> */
	cw = utf8proc_charwidth(c);
	return cw > 0 ? (size_t)cw : 0;
}

void ut_buf_visible(ut_buf *b, const char *s, size_t len)
{
	const utf8proc_uint8_t *p = (const utf8proc_uint8_t *)s;
	size_t i = 0, run = 0; /* s[run..i): characters shown as they are */

	while (i < len) {
		utf8proc_int32_t c;
		utf8proc_ssize_t k = utf8proc_iterate(p + i,
		                                      (utf8proc_ssize_t)(len - i), &c);
		if (k > 0 && !ut_char_hidden(c)) {
			i += (size_t)k;
			continue;
		}
		ut_buf_put(b, s + run, i - run);
		if (k <= 0) {
			ut_buf_puts(b, "\xef\xbf\xbd"); /* U+FFFD */
			k = 1;
		} else {
			ut_buf_printf(b, "<U+%04X>", (unsigned)c);
		}
		i += (size_t)k;
		run = i;
	}
	ut_buf_put(b, s + run, i - run);
}

int ut_str_plain(const char *s)
{
	const utf8proc_uint8_t *q = (const utf8proc_uint8_t *)s;
	utf8proc_int32_t c;
	utf8proc_ssize_t k;

	while (*q && (k = utf8proc_iterate(q, -1, &c)) > 0 && !ut_char_hidden(c))
		q += k;
	return !*q;
}

const char *ut_str_visible(const char *s, ut_buf *tmp)
{
	if (ut_str_plain(s))
		return s;
	ut_buf_clear(tmp);
	ut_buf_visible(tmp, s, strlen(s));
	return tmp->ptr && !tmp->failed ? tmp->ptr : "?";
}

void ut_buf_context(ut_buf *b, const char *line, size_t len, uint32_t col)
{
	const utf8proc_uint8_t *p = (const utf8proc_uint8_t *)line;
	size_t at, from, to, i;

	if (col == 0)
		return;
	at = byte_of_col(line, len, col);
	from = at > 80 ? at - 80 : 0;
	while (from > 0 && ((unsigned char)line[from] & 0xC0) == 0x80)
		from++;
	to = len - at > 80 ? at + 80 : len;
	while (to < len && ((unsigned char)line[to] & 0xC0) == 0x80)
		to++;
	/* the line with control and invisible characters as <U+XXXX> and
	 * each byte that is not UTF-8 as U+FFFD (none reaches the terminal
	 * raw), then the caret under the column: the line's tabs copied (a
	 * terminal expands them alike, as gcc does), blanks for the width of
	 * every other character as shown */
	ut_buf_printf(b, " %s", from ? "…" : "");
	ut_buf_visible(b, line + from, to - from);
	ut_buf_printf(b, "%s\n %s", to < len ? "…" : "", from ? " " : "");
	for (i = from; i < at;) {
		utf8proc_int32_t c;
		utf8proc_ssize_t k = utf8proc_iterate(p + i,
		                                      (utf8proc_ssize_t)(at - i), &c);
		size_t w;
		if (k <= 0) { /* a byte that is not UTF-8: U+FFFD, 1 wide */
			ut_buf_put(b, " ", 1);
			i++;
			continue;
		}
		if (c == '\t')
			ut_buf_put(b, "\t", 1);
		for (w = c == '\t' ? 0 : shown_width(c); w; w--)
			ut_buf_put(b, " ", 1);
		i += (size_t)k;
	}
	ut_buf_puts(b, "^\n");
}
