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

struct ut_msg;

/*
 * The message m (of a file's catalogue) in lang, its {1} … {nargs} the
 * texts args[] (each may be NULL), into d (when not NULL) at column col,
 * and (set_error) the thread's error, whole: code.  When the message
 * cannot be made (out of memory): MG_ENOMEM, with the text for want of
 * memory (ut_strerror's) at no column -- never an empty or a cut message
 * under the code of another error.
 */
int mg_dice_message(mg_dice_diag *d, int code, mg_lang lang, uint32_t col,
                    const struct ut_msg *m, const char *const *args,
                    size_t nargs, int set_error);

/* A text with the column of each byte; the arrays owned (malloc).  Made
 * by mg_dice_normalize, it also points at the text as typed (orig, not
 * owned: the caller's, for the time of the parse), whose column c is its
 * c-th character, at byte coloff[c] (coloff[c + 1] ends it). */
typedef struct mg_dtext {
	char *s;
	uint32_t *cols; /* len + 1 entries */
	size_t len;
	const char *orig;
	size_t *coloff; /* the characters of orig and one past the last */
} mg_dtext;

void mg_dtext_free(mg_dtext *t);

/* The text as typed (t->orig) of the bytes s[a..b) of t, into *p and *n:
 * 0, or -1 when t has no orig or a or b falls inside what one typed
 * character became (its NFKC: "⑴" is "(1)"). */
int mg_dtext_orig(const mg_dtext *t, size_t a, size_t b, const char **p,
                  size_t *n);

/* The one character of an "unexpected" error, as typed: when arg (cap
 * bytes) is a single byte, it becomes the character of whole's text at
 * column col (whole made with MG_NORM_WHOLE), as the user typed it: the
 * readings parse an upper-cased, NFKC copy (`hello` said 'H'). */
void mg_dtext_typed_char(const mg_dtext *whole, uint32_t col, char *arg,
                         size_t cap);

/* Append b[0..n) to t (capacity *cap bytes, and as many columns), every
 * byte from column col, and keep t->s NUL-terminated.  0, or -1 when out
 * of memory (t unchanged but possibly with more room). */
int mg_dtext_put(mg_dtext *t, size_t *cap, const char *b, size_t n,
                 uint32_t col);

/* How mg_dice_normalize cuts and cases the text (flags). */
enum {
	MG_NORM_UPCASE = 1, /* ASCII letters upper-cased */
	MG_NORM_WHOLE = 2   /* not cut at the first blank after the word */
};

/*
 * MG-DICE-IN-1 MG-DICE-IN-2 MG-DICE-IN-3: NFKC per character, leading
 * blanks skipped, cut at the next blank (the rest is a comment) unless
 * MG_NORM_WHOLE, ASCII letters upper-cased if MG_NORM_UPCASE.
 * @return 0; -1 with *badcol the column of invalid UTF-8; -2 out of memory.
 */
int mg_dice_normalize(mg_dtext *out, const char *text, size_t len, int how,
                      uint32_t *badcol);

/* norm.c: the {1} of an "unexpected" message for the token s[0..n)
 * into out (cap bytes, cut with "…"): 0 and the text as it is; 1 and
 * "U+XXXX" when the token is one character that cannot be seen (a
 * control, format, separator or unassigned character, a combining mark,
 * a blank that is not MG-DICE-IN-2's). */
int mg_dice_token_arg(char *out, size_t cap, const char *s, size_t n);

/* 1 when the token s[0..n), right after a whole expression, is the start
 * of a comment typed with no blank before it (`2D6>=8攻撃`): a visible
 * non-ASCII character (MG-DICE-ERR-1; one that cannot be seen is named
 * by its code point instead, mg_dice_token_arg). */
int mg_dice_comment_start(const char *s, size_t n);

/* 1, and the character as a string in out, when the token s[0..n) is
 * one of ≠ ≤ ≥ ≦ ≧, as an IME writes a comparison: no comparison of
 * BCDice, said as such rather than as a comment (GM review 2026-12-04,
 * 5); else 0. */
int mg_dice_math_cmp(char out[4], const char *s, size_t n);

/* 1: the byte is a blank of MG-DICE-IN-2. */
int mg_dice_is_blank(char c);

/* dice.c: a / b (b != 0) rounded as BCDice (0 or 'F' floor, 'U' up, 'R'
 * half away from zero); -1 when it overflows. */
int mg_dice_divide(int64_t a, int64_t b, char round, int64_t *out);

/* dice.c: one die of `sides` sides into *out; errors as mg_dice_roll's. */
int mg_dice_roll_die(uint64_t *out, ut_dice *dice, uint64_t sides,
                     mg_lang lang, mg_dice_diag *diag);

/* dice.c: BCDice's Normalize.comparison_operator on a run of <>!=
 * (MG-DICE-SUM-5): one of these. */
enum {
	MG_DCMP_NONE, MG_DCMP_GE, MG_DCMP_GT, MG_DCMP_LE, MG_DCMP_LT,
	MG_DCMP_EQ, MG_DCMP_NE
};
int mg_dice_cmp_of(const char *s, size_t n);

/* dice.c: mg_dice_parse that also says (*raises = 1) when the text
 * fails where BCDice raises an exception (a pool's division by zero), so
 * that a repeat of it fails too. */
int mg_dice_parse_in(mg_dice_expr **out, mg_dice_diag *diag,
                     const char *text, size_t len, mg_dice_system sys,
                     mg_lang lang, int *raises);

/* dice.c: mg_dice_roll inside one command: `base` is dice->rolled when
 * the command began (a repeat's rolls share BCDice's limit of 10000);
 * *shown counts the values the command's pools showed so far (a repeat's
 * share megami's limit of 100000, MG-DICE-ERR-1). */
int mg_dice_roll_in(ut_buf *text, mg_dice_result *res, mg_dice_diag *diag,
                    const mg_dice_expr *e, ut_dice *dice, size_t base,
                    size_t *shown, mg_lang lang);

/* BCDice's Randomizer::UPPER_LIMIT_RANDS: the dice one command rolls. */
#define MG_DICE_RANDS 10000

/* dice.c: the most dice BCDice's Randomizer counts at one check of a
 * roll of e (the dice rolled before a term plus the term's number, which
 * may be past 200 and roll nothing); mg_dice_count for the others. */
size_t mg_dice_peak(const mg_dice_expr *e);

/* dice.c: the bytes of the list e's choice shows (its items, at most
 * 100, and their separators), else 0: what MG_DICE_MAX_CHOICE bounds. */
size_t mg_dice_choice_bytes(const mg_dice_expr *e);

/* dice.c: 1 when the expression is a secret roll (MG-DICE-COM-1). */
int mg_dice_is_secret(const mg_dice_expr *e);

/*
 * common.c: BCDice's common commands after the sum, tried in BCDice's
 * order (nBx, nTx, Calc, choice, D66, repeat, nRx, nUx, BCDiceVersion) on
 * `word` (the first word, upper-cased) or `whole` (the whole text, as
 * typed after NFKC).  0 and *out (owned, mg_dcommon_free); 1 none of
 * them; MG_EOVERFLOW, MG_ENOMEM; or, with *pdiag filled (code in
 * *pcode), the error of a pool family whose prefix the word has.
 */
typedef struct mg_dcommon mg_dcommon;
int mg_dcommon_parse(mg_dcommon **out, const mg_dtext *word,
                     const mg_dtext *whole, mg_dice_system sys,
                     mg_lang lang, mg_dice_diag *pdiag, int *pcode,
                     int *raises);
int mg_dcommon_roll(ut_buf *b, mg_dice_result *res, mg_dice_diag *diag,
                    const mg_dcommon *c, ut_dice *dice, size_t base,
                    size_t *shown, mg_lang lang);
int mg_dcommon_secret(const mg_dcommon *c);
size_t mg_dcommon_count(const mg_dcommon *c);
size_t mg_dcommon_peak(const mg_dcommon *c);
size_t mg_dcommon_choice_bytes(const mg_dcommon *c);
void mg_dcommon_free(mg_dcommon *c);

/*
 * pool.c: BCDice's nBx, nRx, nUx, nTYx/nTZx and BCDiceVersion
 * (MG-DICE-COM-7, MG-DICE-COM-8, MG-DICE-COM-9, MG-DICE-COM-10,
 * MG-DICE-COM-11 in docs/MEGAMI.md), one family at a
 * time on `word` (the first word, upper-cased; `whole` gives it as
 * typed).  0 and *out (owned, mg_dpool_free); 1 not that command; a
 * negative code with diag filled when the word has the family's prefix
 * (`3R6[`) but is bad, or a number overflows (*raises = 1 when BCDice
 * raises there: a division by zero).
 */
enum {
	MG_DPOOL_BARA = 1, MG_DPOOL_REROLL, MG_DPOOL_UPPER, MG_DPOOL_TALLY,
	MG_DPOOL_VERSION
};
typedef struct mg_dpool mg_dpool;
int mg_dpool_parse(mg_dpool **out, int kind, const mg_dtext *word,
                   const mg_dtext *whole, mg_dice_diag *diag, mg_lang lang,
                   int *raises);
int mg_dpool_roll(ut_buf *b, mg_dice_result *res, mg_dice_diag *diag,
                  const mg_dpool *c, ut_dice *dice, size_t base,
                  size_t *shown, mg_lang lang);
int mg_dpool_secret(const mg_dpool *c);
size_t mg_dpool_count(const mg_dpool *c);
void mg_dpool_free(mg_dpool *c);

#endif
