/* buf.h - a growable byte buffer (owned, NUL-terminated when non-empty). */
#ifndef AM_UTIL_BUF_H
#define AM_UTIL_BUF_H

#include <stdarg.h>
#include <stddef.h>

typedef struct am_buf {
	char *ptr;   /* owned; NULL until something is added */
	size_t len;
	size_t cap;
	int failed;  /* set once an allocation failed; later adds are no-ops */
} am_buf;

#define AM_BUF_INIT {NULL, 0, 0, 0}

/* Append bytes / a C string / formatted text. Return 0, or -2 (AM_ENOMEM). */
int am_buf_put(am_buf *b, const char *data, size_t len);
int am_buf_puts(am_buf *b, const char *s);
int am_buf_printf(am_buf *b, const char *fmt, ...)
#if defined(__GNUC__)
	__attribute__((format(printf, 2, 3)))
#endif
	;
int am_buf_vprintf(am_buf *b, const char *fmt, va_list ap);

/* Forget the contents but keep the memory. */
void am_buf_clear(am_buf *b);

/* Release the memory; the buffer is AM_BUF_INIT again. */
void am_buf_free(am_buf *b);

#endif
