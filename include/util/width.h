/*
 * util/width.h - display width of UTF-8 text in a terminal's columns, for
 * aligning tables and placing carets under a column.
 */
#ifndef UT_WIDTH_H
#define UT_WIDTH_H

#include <stddef.h>
#include <stdint.h>

#include "buf.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * The display width of the UTF-8 text s[0..len): each character counts its
 * East Asian width as utf8proc_charwidth gives it (2 for wide and
 * full-width characters like グ or １, 1 for narrow and ambiguous ones,
 * 0 for combining marks and control characters), except that a tab counts
 * 1; each byte that is not part of a valid UTF-8 sequence counts 1 (it is
 * shown as one replacement character).
 */
size_t ut_width(const char *s, size_t len);

/* Append s left-aligned in w display columns: blanks after it up to w, and
 * at least `gap` blanks (0: none when s fills w or more; nothing is cut). */
void ut_buf_pad(ut_buf *b, const char *s, size_t w, size_t gap);

/* Append s right-aligned in w display columns (blanks before it). */
void ut_buf_rpad(ut_buf *b, const char *s, size_t w);

/*
 * The bytes of the longest beginning of s[0..len) whose width (as
 * ut_width counts it) is at most cols, cut between code points (a
 * combining mark stays with the character before it).
 */
size_t ut_width_cut(const char *s, size_t len, size_t cols);

/*
 * Append the NUL-terminated s when its width is at most cols (cols >= 1);
 * else its longest beginning of at most cols - 1 columns (ut_width_cut),
 * then "…" (U+2026, 1 column): a name that would widen a table or a label
 * to hundreds of columns, shown whole elsewhere.  Returns 1 when s was
 * cut, else 0.
 */
int ut_buf_fit(ut_buf *b, const char *s, size_t cols);

/*
 * 1 for a code point that must not reach a terminal raw: a C0 control but
 * TAB, DEL, a C1 control (U+0080-U+009F), U+2028, U+2029, or an invisible
 * (default ignorable) one such as U+00AD, U+200B, U+202E, U+FEFF; else 0.
 */
int ut_char_hidden(int32_t c);

/*
 * Append the UTF-8 text s[0..len) with every character of ut_char_hidden
 * written as <U+XXXX> (4 or 5 upper-case hex digits: ESC is <U+001B>) and
 * each byte that is not valid UTF-8 as U+FFFD: the one notation of every
 * tool for input it echoes (a quoted piece, a source line).
 */
void ut_buf_visible(ut_buf *b, const char *s, size_t len);

/*
 * Under a "FILE:LINE:COL: error: …" message: append the source line (cut
 * to 80 bytes each side of the column, at character boundaries, marked
 * with …; its hidden characters written by ut_buf_visible) and a line with
 * a caret under character column `col` (1-based): the caret line copies
 * the tabs of the source line before the column (a terminal expands both
 * alike, as gcc does) and has blanks for the display width of every other
 * character as shown (wide characters 2, <U+XXXX> 8).  Each line starts
 * with a blank and ends with a newline; a byte that is not UTF-8 is shown
 * as U+FFFD, one column (until 2026-12-03 such a line was not shown).
 * Nothing for col 0.
 */
/* Whether the NUL-terminated s shows as it is: no character of
 * ut_char_hidden and no byte that is not UTF-8. */
int ut_str_plain(const char *s);

/* The NUL-terminated s as text to show: s itself when ut_str_plain, else
 * a copy in *tmp
 * (cleared first) written by ut_buf_visible, or "?" when out of memory.
 * For names that come from outside (file names in a table). */
const char *ut_str_visible(const char *s, ut_buf *tmp);

void ut_buf_context(ut_buf *b, const char *line, size_t len, uint32_t col);

#ifdef __cplusplus
}
#endif

#endif
