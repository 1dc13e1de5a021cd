/* buf.c - growable byte buffer. */
#include "util/buf.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/error.h"

static int grow(ut_buf *b, size_t extra)
{
	size_t need, cap;
	char *p;

	if (b->failed)
		return UT_ENOMEM;
	if (extra > SIZE_MAX - b->len - 1)
		goto fail;
	need = b->len + extra + 1;
	if (need <= b->cap)
		return 0;
	cap = b->cap ? b->cap : 64;
	while (cap < need)
		cap = cap > SIZE_MAX / 2 ? need : cap * 2;
	p = realloc(b->ptr, cap);
	if (!p)
		goto fail;
	b->ptr = p;
	b->cap = cap;
	return 0;
fail:
	b->failed = 1;
	return UT_ENOMEM;
}

int ut_buf_put(ut_buf *b, const char *data, size_t len)
{
	if (grow(b, len) < 0)
		return UT_ENOMEM;
	if (len)
		memcpy(b->ptr + b->len, data, len);
	b->len += len;
	b->ptr[b->len] = '\0';
	return 0;
}

int ut_buf_puts(ut_buf *b, const char *s)
{
	return ut_buf_put(b, s, strlen(s));
}

int ut_buf_vprintf(ut_buf *b, const char *fmt, va_list ap)
{
	va_list ap2;
	int n;

	va_copy(ap2, ap);
	n = vsnprintf(NULL, 0, fmt, ap2);
	va_end(ap2);
	if (n < 0 || grow(b, (size_t)n) < 0)
		return UT_ENOMEM;
	vsnprintf(b->ptr + b->len, (size_t)n + 1, fmt, ap);
	b->len += (size_t)n;
	return 0;
}

int ut_buf_printf(ut_buf *b, const char *fmt, ...)
{
	va_list ap;
	int rc;

	va_start(ap, fmt);
	rc = ut_buf_vprintf(b, fmt, ap);
	va_end(ap);
	return rc;
}

void ut_buf_clear(ut_buf *b)
{
	b->len = 0;
	if (b->ptr)
		b->ptr[0] = '\0';
}

void ut_buf_free(ut_buf *b)
{
	free(b->ptr);
	b->ptr = NULL;
	b->len = b->cap = 0;
	b->failed = 0;
}

int ut_buf_take(ut_buf *b, char **out, size_t *len)
{
	*out = b->failed ? NULL : b->ptr ? b->ptr : calloc(1, 1);
	if (*out && len)
		*len = b->len;
	if (*out)
		b->ptr = NULL;
	ut_buf_free(b);
	return *out ? 0 : UT_ENOMEM;
}

int ut_buf_xml(ut_buf *b, const char *s)
{
	return ut_buf_xml_n(b, s, strlen(s));
}

int ut_buf_xml_n(ut_buf *b, const char *s, size_t len)
{
	const char *run = s, *end = s + len;

	for (; s < end; s++) {
		const char *rep;
		unsigned char c = (unsigned char)*s;
		switch (c) {
		case '&': rep = "&amp;"; break;
		case '<': rep = "&lt;"; break;
		case '>': rep = "&gt;"; break;
		case '"': rep = "&quot;"; break;
		case '\'': rep = "&#39;"; break;
		default:
			if (c >= 0x20 || c == '\t' || c == '\n' || c == '\r')
				continue;
			rep = "?";
		}
		ut_buf_put(b, run, (size_t)(s - run));
		ut_buf_puts(b, rep);
		run = s + 1;
	}
	ut_buf_put(b, run, (size_t)(s - run));
	return b->failed ? UT_ENOMEM : 0;
}
