/* util/buf.h - a growable byte buffer (owned, NUL-terminated when non-empty). */
#ifndef UT_BUF_H
#define UT_BUF_H

#include <stdarg.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct ut_buf {
	char *ptr;   /* owned; NULL until something is added */
	size_t len;
	size_t cap;
	int failed;  /* set once an allocation failed; later adds are no-ops */
} ut_buf;

#define UT_BUF_INIT {NULL, 0, 0, 0}

/** Append data[0..len).  Return 0, or UT_ENOMEM (b->failed is set: see
 *  `failed` above). */
int ut_buf_put(ut_buf *b, const char *data, size_t len);

/** Append the C string s.  0 or UT_ENOMEM, as ut_buf_put. */
int ut_buf_puts(ut_buf *b, const char *s);

/* Append s escaped for XML/HTML text and attribute values: & < > " '
 * as entities, and the control characters XML 1.0 forbids (all below
 * U+0020 but tab, line feed and carriage return) as '?'. */
int ut_buf_xml(ut_buf *b, const char *s);

/* ut_buf_xml of s[0..len) (a start of a longer text). */
int ut_buf_xml_n(ut_buf *b, const char *s, size_t len);

/** Append printf-formatted text.  0 or UT_ENOMEM, as ut_buf_put. */
int ut_buf_printf(ut_buf *b, const char *fmt, ...)
#if defined(__GNUC__)
	__attribute__((format(printf, 2, 3)))
#endif
	;

/** ut_buf_printf with a va_list. */
int ut_buf_vprintf(ut_buf *b, const char *fmt, va_list ap);

/* Forget the contents but keep the memory. */
void ut_buf_clear(ut_buf *b);

/* Release the memory; the buffer is UT_BUF_INIT again. */
void ut_buf_free(ut_buf *b);

/** The contents, NUL-terminated, into *out (free()) and their length
 *  into *len (when len is not NULL): an empty buffer gives a string of
 *  its own.  The buffer is UT_BUF_INIT again.  0, or UT_ENOMEM (*out
 *  NULL, the contents freed) when an add failed or that string cannot be
 *  allocated: a text whole, or none. */
int ut_buf_take(ut_buf *b, char **out, size_t *len);

#ifdef __cplusplus
}
#endif

#endif
