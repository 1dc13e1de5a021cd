/*
 * html.c - the text of an HTML-only mail: enough of HTML for what mail
 * programs write (Gmail's <div>s, Outlook's <p>s, <br>, <pre>), not a
 * renderer.  Tags are dropped; the block tags end lines; <head>, <script>
 * and <style> are dropped with their content; entities are decoded; source
 * line breaks are blanks outside <pre>; each line is trimmed.  The text
 * inside <blockquote> (how HTML mail quotes, e.g. Gmail's gmail_quote)
 * comes out with "> " before each line, as a plain-text reply quotes, so
 * that the directives read it as quoted (directives.c).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "hill_int.h"

/* Append code point c as UTF-8 (nothing for surrogates and non-chars). */
static void put_cp(ut_buf *b, uint32_t c)
{
	char u[4];

	if (c == 0 || (c >= 0xD800 && c <= 0xDFFF) || c > 0x10FFFF)
		return;
	if (c < 0x80) {
		u[0] = (char)c;
		ut_buf_put(b, u, 1);
	} else if (c < 0x800) {
		u[0] = (char)(0xC0 | (c >> 6));
		u[1] = (char)(0x80 | (c & 0x3F));
		ut_buf_put(b, u, 2);
	} else if (c < 0x10000) {
		u[0] = (char)(0xE0 | (c >> 12));
		u[1] = (char)(0x80 | ((c >> 6) & 0x3F));
		u[2] = (char)(0x80 | (c & 0x3F));
		ut_buf_put(b, u, 3);
	} else {
		u[0] = (char)(0xF0 | (c >> 18));
		u[1] = (char)(0x80 | ((c >> 12) & 0x3F));
		u[2] = (char)(0x80 | ((c >> 6) & 0x3F));
		u[3] = (char)(0x80 | (c & 0x3F));
		ut_buf_put(b, u, 4);
	}
}

/* A numeric entity at p (after "&#"… p[0] is '#'): "#DDD;" or "#xHHH;"
 * appended, the bytes used returned, or 0 when it is not one. */
static size_t numeric_entity(ut_buf *b, const char *p, size_t n)
{
	uint32_t c = 0;
	int hex = p[1] == 'x' || p[1] == 'X';
	size_t i;

	for (i = hex ? 2 : 1; i < n && i < 10; i++) {
		char ch = p[i];
		if (ch == ';')
			break;
		if (ch >= '0' && ch <= '9')
			c = c * (hex ? 16 : 10) + (uint32_t)(ch - '0');
		else if (hex && ch >= 'a' && ch <= 'f')
			c = c * 16 + (uint32_t)(ch - 'a' + 10);
		else if (hex && ch >= 'A' && ch <= 'F')
			c = c * 16 + (uint32_t)(ch - 'A' + 10);
		else
			return 0;
	}
	if (i >= n || p[i] != ';' || i == (hex ? 2u : 1u))
		return 0;
	put_cp(b, c);
	return i + 1;
}

/* An entity at p (after '&'): appends it and returns the bytes used, or 0
 * when it is not one (the '&' is then kept as it is). */
static size_t entity(ut_buf *b, const char *p, size_t n)
{
	static const struct { const char *name; uint32_t cp; } names[] = {
		{"lt;", '<'}, {"gt;", '>'}, {"amp;", '&'}, {"quot;", '"'},
		{"apos;", '\''}, {"nbsp;", ' '}, {"yen;", 0xA5}, {"copy;", 0xA9},
	};
	size_t i;

	if (n > 1 && p[0] == '#')
		return numeric_entity(b, p, n);
	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		size_t k = strlen(names[i].name);
		if (n >= k && strncasecmp(p, names[i].name, k) == 0) {
			put_cp(b, names[i].cp);
			return k;
		}
	}
	return 0;
}

/* Does the tag at p (after '<', maybe '/') have this name? */
static int tag_is(const char *p, size_t n, const char *name)
{
	size_t k = strlen(name);

	return n > k && strncasecmp(p, name, k) == 0 &&
	       (p[k] == '>' || p[k] == ' ' || p[k] == '/' || p[k] == '\t' ||
	        p[k] == '\n' || p[k] == '\r');
}

static int block_tag(const char *p, size_t n)
{
	static const char *const tags[] = {"br", "p", "div", "tr", "li", "h1",
		"h2", "h3", "h4", "h5", "h6", "pre", "blockquote", "table"};
	size_t i;

	for (i = 0; i < sizeof(tags) / sizeof(tags[0]); i++)
		if (tag_is(p, n, tags[i]))
			return 1;
	return 0;
}

/* Trim every line (blanks at both ends), in place. */
static void trim_lines(char *s)
{
	char *r = s, *w = s;

	while (*r) {
		char *e = strchr(r, '\n'), *a = r, *z;
		if (!e)
			e = r + strlen(r);
		z = e;
		while (a < z && (*a == ' ' || *a == '\t'))
			a++;
		while (z > a && (z[-1] == ' ' || z[-1] == '\t'))
			z--;
		memmove(w, a, (size_t)(z - a));
		w += z - a;
		if (*e == '\n')
			*w++ = '\n', e++;
		r = e;
	}
	*w = '\0';
}

/* Where the HTML text stands while it is read. */
typedef struct {
	ut_buf b;          /* the text so far */
	int pre;           /* inside <pre> */
	const char *skip;  /* inside <head>, <script> or <style>: its name */
	int quote;         /* <blockquote> depth */
} html_reader;

/* The end of the comment opened at html[i] ("<!--"): after its "-->", or
 * len. */
static size_t comment_end(const char *html, size_t len, size_t i)
{
	size_t k;

	for (k = i + 4; k + 2 < len; k++)
		if (html[k] == '-' && html[k + 1] == '-' && html[k + 2] == '>')
			return k + 3;
	return len;
}

/* The tag (or comment) at html[i] ('<'): it opens or closes a skipped
 * element, <pre>, or a line.  Returns where the text goes on. */
static size_t read_tag(html_reader *r, const char *html, size_t len, size_t i)
{
	const char *t = html + i + 1;
	size_t n = len - i - 1;
	const char *gt = memchr(t, '>', n);
	int close = n > 0 && t[0] == '/';
	size_t end = gt ? (size_t)(gt - html) + 1 : len;
	const char *name = close ? t + 1 : t;
	size_t nn = close ? n - 1 : n;

	if (n >= 3 && strncmp(t, "!--", 3) == 0)
		return comment_end(html, len, i);
	if (r->skip) {
		if (close && tag_is(name, nn, r->skip))
			r->skip = NULL;
	} else if (!close && (tag_is(name, nn, "head") ||
	                      tag_is(name, nn, "script") ||
	                      tag_is(name, nn, "style"))) {
		r->skip = tag_is(name, nn, "head") ? "head" :
		          tag_is(name, nn, "script") ? "script" : "style";
	} else {
		if (tag_is(name, nn, "pre"))
			r->pre = !close;
		if (tag_is(name, nn, "blockquote")) {
			if (!close)
				r->quote++;
			else if (r->quote > 0)
				r->quote--;
		}
		if (block_tag(name, nn))
			ut_buf_puts(&r->b, "\n");
	}
	return end;
}

/* The text at html[i] (not a tag): an entity decoded, a line break a blank
 * outside <pre> (a CR dropped inside), any other byte as it is; nothing
 * inside a skipped element.  Returns where the text goes on. */
static size_t read_text(html_reader *r, const char *html, size_t len, size_t i)
{
	char c = html[i];

	if (r->skip)
		return i + 1;
	if (r->quote && (r->b.len == 0 || r->b.ptr[r->b.len - 1] == '\n'))
		ut_buf_puts(&r->b, "> "); /* a quoted line starts */
	if (c == '&') {
		size_t k = entity(&r->b, html + i + 1, len - i - 1);
		if (k)
			return i + k + 1;
	}
	if ((c == '\n' || c == '\r') && !r->pre)
		c = ' ';
	if (c == '\r' && r->pre)
		return i + 1;
	ut_buf_put(&r->b, &c, 1);
	return i + 1;
}

char *am_hill_html_text(const char *html, size_t len)
{
	html_reader r = { UT_BUF_INIT, 0, NULL, 0 };
	size_t i = 0;

	while (i < len)
		i = html[i] == '<' ? read_tag(&r, html, len, i)
		                   : read_text(&r, html, len, i);
	if (r.b.failed) {
		ut_buf_free(&r.b);
		return NULL;
	}
	if (!r.b.ptr)
		return strdup("");
	trim_lines(r.b.ptr);
	return r.b.ptr;
}
