/*
 * util/base64.h - base64 (RFC 4648 §4, with padding) and base64url (§5,
 * without), for the replay tokens (amaryllis/sheet.h) and the web page's
 * mail (the form's reply decoded, an entry's mail encoded).
 */
#ifndef UT_BASE64_H
#define UT_BASE64_H

#include <stddef.h>

#include "buf.h"

#ifdef __cplusplus
extern "C" {
#endif

/** The two alphabets: base64 ("+/", padded with "="), base64url ("-_",
 *  no padding). */
typedef enum ut_base64_kind { UT_BASE64 = 0, UT_BASE64URL = 1 } ut_base64_kind;

/** Append p[0..n) encoded in `kind` to b. */
void ut_base64_put(ut_buf *b, const void *p, size_t n, ut_base64_kind kind);

/** The value (0..63) of character c in `kind`'s alphabet, or -1 (padding
 *  and every other character). */
int ut_base64_value(int c, ut_base64_kind kind);

#ifdef __cplusplus
}
#endif

#endif
