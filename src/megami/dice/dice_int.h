/*
 * dice_int.h - what the files of src/megami/dice share (private).
 *
 * Text is handled as bytes with, beside each byte, the 1-based character
 * column it came from in the caller's text (cols[len] is the column just
 * after the end), so that every message points at what the user wrote even
 * after normalisation and BCDice's rewriting of the command.
 */
#ifndef MG_DICE_INT_H
#define MG_DICE_INT_H

#include <stddef.h>
#include <stdint.h>

#include "megami/dice.h"

/* A text with the column of each byte; both arrays owned (malloc). */
typedef struct mg_dtext {
	char *s;
	uint32_t *cols; /* len + 1 entries */
	size_t len;
} mg_dtext;

void mg_dtext_free(mg_dtext *t);

/* Append b[0..n) to t (capacity *cap bytes, and as many columns), every
 * byte from column col, and keep t->s NUL-terminated.  0, or -1 when out
 * of memory (t unchanged but possibly with more room). */
int mg_dtext_put(mg_dtext *t, size_t *cap, const char *b, size_t n,
                 uint32_t col);

/*
 * MG-DICE-IN-1 MG-DICE-IN-2 MG-DICE-IN-3: NFKC per character, leading blanks skipped, cut at the
 * next blank (the rest is a comment), ASCII letters upper-cased.
 * @return 0; -1 with *badcol the column of invalid UTF-8; -2 out of memory.
 */
int mg_dice_normalize(mg_dtext *out, const char *text, size_t len,
                      uint32_t *badcol);

#endif
