/*
 * util/utf8.h - cutting UTF-8 text on character boundaries, so a shortened
 * message never ends in half a character; finding control characters;
 * making a text safe to print; the distance of two texts, for "did you mean" suggestions.
 */
#ifndef UT_UTF8_H
#define UT_UTF8_H

#include <stddef.h>
#include <stdint.h>

struct ut_buf;

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

/**
 * Copy the NUL-terminated src into dst[0..size) for a log line or a
 * terminal: every control character (C0, DEL, C1 such as U+009B, a
 * terminal's CSI), line and paragraph separator (U+2028, U+2029), format
 * character (U+202E, U+200B…), every byte that is not part of valid UTF-8 and, when
 * `space` is 0, the space become one '?' each; other characters (Japanese
 * names) are kept.  At most size − 1 bytes, never half a character, then a
 * NUL (nothing when size is 0).  src may be NULL (an empty text).
 * @return the bytes written (without the NUL)
 */
size_t ut_utf8_printable(char *dst, size_t size, const char *src, int space);

/**
 * 3 when s[0..len) begins with U+3000 IDEOGRAPHIC SPACE (全角の空白, E3 80
 * 80: the blank a Japanese IME types), else 0.
 */
size_t ut_utf8_ideographic_space(const char *s, size_t len);

/**
 * The length (1–4) of the valid UTF-8 sequence at s[0..len), or 0: RFC
 * 3629, so no overlong form, no surrogate, nothing above U+10FFFF; NUL is
 * refused too (0), as a file's reader wants it.
 */
size_t ut_utf8_seq(const unsigned char *s, size_t len);

/**
 * Whether s[0..len) is all valid UTF-8 by ut_utf8_seq (so no NUL), as
 * jansson takes a string: a NULL from json_string(s) for such text is
 * jansson out of memory, not text it refuses.
 */
int ut_utf8_valid(const char *s, size_t len);

/**
 * The NUL-terminated s as UTF-8 for JSON (a file's name may hold any
 * bytes): s itself when it is UTF-8 (ut_utf8_valid), else a copy in *tmp
 * (cleared first) with each byte that is not as U+FFFD; NULL when that
 * copy cannot be made (out of memory: never a name cut or emptied).
 */
const char *ut_str_utf8(const char *s, struct ut_buf *tmp);

/**
 * The first character of the NUL-terminated UTF-8 text s that is a digit
 * or a number of Unicode (general category Nd, Nl or No) but neither
 * 0–9 nor its full-width form ０–９: ² ₅ ① 𝟓 Ⅻ ½ ٥.  NFKC turns most of
 * them into digits (`2³` into 23), so a reader that accepts full-width
 * digits through NFKC refuses a number holding one of these instead.
 * Invalid UTF-8 ends the search.
 * @return its byte offset, or strlen(s) when there is none
 */
size_t ut_utf8_odd_digit(const char *s);

/**
 * The first invisible character of s[0..len) (UTF-8): one that shows as
 * nothing or moves other text, so that a name holding it can pass for
 * another or reorder the line it is printed on: Unicode's default
 * ignorables (zero-width space U+200B, joiners, bidi controls U+202A …
 * U+202E and U+2066 … U+2069, U+FEFF …), the braille blank U+2800 and
 * the line and paragraph separators U+2028, U+2029 (amaryllis's names
 * refuse the same, AM-UNIT-7).  Its code point into *cp (when not NULL).
 * @return its byte offset, or len when there is none (or s is not UTF-8
 *         from there on)
 */
size_t ut_utf8_invisible(const char *s, size_t len, uint32_t *cp);

/**
 * The value of the digit at s, ASCII or full-width (０ .. ９, U+FF10 ..
 * U+FF19, as an IME types them), its length in bytes in *len; -1 when s
 * holds none (s[1] and s[2] are read only while they can be one).
 */
int ut_utf8_digit(const char *s, size_t *len);

/**
 * The decimal whole number s[0..len) from 0 to max, as docs/CLI.md reads
 * an option's number: digits only, ASCII or full-width (ut_utf8_digit),
 * leading zeros allowed; no sign, blank or other character anywhere.
 * @return 0 (the number in *out), or -1
 */
int ut_utf8_parse_u64(uint64_t *out, const char *s, size_t len, uint64_t max);

/**
 * The edit distance of a and b for suggestions: over code points, with
 * transpositions of neighbours (optimal string alignment), ASCII letters
 * compared without case; SIZE_MAX when a text is over 64 code points.
 */
size_t ut_utf8_distance(const char *a, const char *b);

/**
 * Is cand a suggestion for s nearer than *best (a distance; SIZE_MAX to
 * begin)?  It is when its distance from s is less than *best, which it
 * then becomes, and either at most half cand's length (rounded up) and
 * less than that length, or s is the start of cand, two code points or
 * more (登場 for 登場ラウンド); never for an empty s or a text over 64
 * code points.  Called
 * for each candidate in order, the last that returned 1 is the nearest,
 * the earlier of equals.
 */
int ut_utf8_closer(const char *s, const char *cand, size_t *best);

#ifdef __cplusplus
}
#endif

#endif
