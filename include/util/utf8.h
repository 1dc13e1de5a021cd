/*
 * util/utf8.h - cutting UTF-8 text on character boundaries, so a shortened
 * message never ends in half a character; finding control characters.
 */
#ifndef UT_UTF8_H
#define UT_UTF8_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/**
 * The largest k ≤ n at which s[0..len) may be cut without splitting a
 * character: n itself when n ≥ len or s[n] does not continue a sequence
 * (is not 10xxxxxx), else n moved back over the continuation bytes.
 */
size_t ut_utf8_floor(const char *s, size_t len, size_t n);

/**
 * Copy src[0..len) into dst[0..size) like snprintf: at most size − 1 bytes,
 * cut on a character boundary (ut_utf8_floor), then a NUL; nothing is
 * written when size is 0.  src may be NULL when len is 0.
 * @return len, the length the whole text needs (without the NUL)
 */
size_t ut_utf8_copy(char *dst, size_t size, const char *src, size_t len);

/**
 * The first control character of the UTF-8 text s[0..len): a C0 control
 * (U+0000–U+001F, tab and newline included), DEL (U+007F) or a C1 control
 * (U+0080–U+009F, e.g. U+009B, a terminal's CSI), which a terminal may
 * act on when the text is printed.
 * @param cp  receives its code point when there is one (may be NULL)
 * @return its byte offset, or len when there is none
 */
size_t ut_utf8_control(const char *s, size_t len, uint32_t *cp);

#ifdef __cplusplus
}
#endif

#endif
