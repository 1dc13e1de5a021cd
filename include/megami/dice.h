/*
 * megami/dice.h - the dice bot: BCDice's SRS command and its plain-sum
 * fallback, printed byte for byte as Japanese online tables show them
 * (docs/MEGAMI.md, "Dice bot", the MG-DICE rules).
 *
 *     mg_dice_expr *e;
 *     mg_dice_diag d;
 *     mg_dice_result res;
 *     ut_buf line = UT_BUF_INIT;
 *     ut_dice dice;
 *     ut_dice_seed(&dice, 0);
 *     if (mg_dice_parse(&e, &d, "2D6+1>=8", 8, MG_LANG_JA) < 0)
 *             … d.col, d.message …           // bad expression
 *     mg_dice_roll(&line, &res, &d, e, &dice, MG_LANG_JA);
 *     // line: (2D6+1>=8[12,2]) ＞ 9[4,5]+1 ＞ 10 ＞ 成功
 *     // (as `megami roll --seed 0 '2D6+1>=8'`)
 *     mg_dice_free(e);
 *
 * No I/O, no global state; the dice come from a ut_dice source (the seeded
 * generator or a fixed list), consumed left to right.
 */
#ifndef MEGAMI_DICE_H
#define MEGAMI_DICE_H

#include <stddef.h>
#include <stdint.h>

#include "../util/buf.h"
#include "../util/rng.h"
#include "common.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Limits (MG-DICE-LIMIT): dice per term, sides, dice per expression,
 *  bytes of an expression (before its comment; not a choice's), bytes of
 *  the whole text, bytes of the lists one command's choices show (the
 *  items of a choice of at most 100 and their separators, times a
 *  repeat's count; its picks show at most as much again). */
#define MG_DICE_MAX_TIMES 200
#define MG_DICE_MAX_SIDES 10000
#define MG_DICE_MAX_TOTAL 1000
#define MG_DICE_MAX_EXPR 1024
#define MG_DICE_MAX_TEXT 65536
#define MG_DICE_MAX_CHOICE 16384
/** Bytes of one command's answer: a repeat stops with MG_ELIMIT past it
 *  (repeats inside repeats multiply their answers). */
#define MG_DICE_MAX_ANSWER 1048576
/** Parentheses nest at most this deep. */
#define MG_DICE_MAX_DEPTH 64

/** The SRS defaults (MG-DICE-SRS-2): critical 12, fumble 2. */
#define MG_DICE_DEFAULT_CRITICAL 12
#define MG_DICE_DEFAULT_FUMBLE 2

/** A parsed expression (opaque); free with mg_dice_free. */
typedef struct mg_dice_expr mg_dice_expr;

/** Why an expression could not be parsed or rolled. */
typedef struct mg_dice_diag {
	/** 1-based character column in the text given to mg_dice_parse
	 *  (0: no place, e.g. a fixed die that is out of range). */
	uint32_t col;
	/** The message in the language asked for, NUL-terminated. */
	char message[256];
} mg_dice_diag;

/** What a roll came to. */
typedef enum mg_dice_outcome {
	MG_DICE_NONE = 0,    /**< no judgement (a plain sum, or no target) */
	MG_DICE_SUCCESS,     /**< 成功 */
	MG_DICE_FAILURE,     /**< 失敗 */
	MG_DICE_CRITICAL,    /**< 自動成功 (SRS) */
	MG_DICE_FUMBLE       /**< 自動失敗 (SRS) */
} mg_dice_outcome;

/** The result of one roll besides its text. */
typedef struct mg_dice_result {
	int64_t total;           /**< the value shown last before the verdict */
	mg_dice_outcome outcome;
	int srs;                 /**< 1: an SRS judgement, 0: a plain sum */
	int secret;              /**< 1: a secret roll (S prefix): shown to its roller only */
} mg_dice_result;

/** How two dice of a judgement read (M2). */
typedef enum mg_judge {
	MG_JUDGE_NORMAL = 0,
	MG_JUDGE_CRITICAL,  /**< d1 + d2 ≥ crit (checked first) */
	MG_JUDGE_FUMBLE     /**< d1 + d2 ≤ fumble */
} mg_judge;

/**
 * The SRS reading of a 2D6 judgement (MG-DICE-SRS-3): critical when the
 * dice sum is at least `crit`, else fumble when it is at most `fumble`,
 * else normal.  The combat engine uses it with 12 and 2.
 */
mg_judge mg_judge_2d6(int d1, int d2, int crit, int fumble);

/**
 * Parse one expression: text[0..len) is UTF-8; it is NFKC-normalised
 * (full-width ２Ｄ６＞＝８ is 2D6>=8), leading blanks are skipped and
 * everything after the next blank is a comment.
 * @param out   the expression (owned by the caller) on success, else NULL
 * @param lang  language of diag->message
 * @param diag  filled on failure (may be NULL)
 * @return 0; MG_EINVALID (bad expression; or out is NULL, or text is
 *         NULL with len > 0: "mg_dice_parse: text is NULL", in English,
 *         diag->col 0), MG_EOVERFLOW (a number or a constant does not fit
 *         64 bits), MG_ELIMIT (a limit above), MG_ENOMEM; the message is
 *         also mg_error_last().
 */
int mg_dice_parse(mg_dice_expr **out, mg_dice_diag *diag, const char *text,
                  size_t len, mg_lang lang);

/** The game systems of BCDice the dice bot reads as (MG-DICE-SYS-1). */
typedef enum mg_dice_system {
	MG_DICE_SRS = 0,    /**< SRS: the judgement reading first, sums sorted */
	MG_DICE_DICEBOT = 1 /**< BCDice's DiceBot: the common commands only,
	                         a sum's dice as rolled */
} mg_dice_system;

/** mg_dice_parse as game system `sys` reads it (mg_dice_parse: SRS). */
int mg_dice_parse_system(mg_dice_expr **out, mg_dice_diag *diag,
                         const char *text, size_t len, mg_dice_system sys,
                         mg_lang lang);

/** 1: the expression is an SRS judgement, 0: a plain sum. */
int mg_dice_is_srs(const mg_dice_expr *e);

/** The number of dice one roll of e takes (an nRx or nUx: the dice it
 *  takes before any is rolled again). */
size_t mg_dice_count(const mg_dice_expr *e);

/**
 * Roll e with dice from `dice` (left to right as written) and append its
 * line, without a newline, to `text` (MG-DICE-OUT-1, MG-DICE-OUT-2).
 * @param res   the total and verdict (may be NULL)
 * @param diag  filled on failure (may be NULL)
 * @return 0; MG_EINVALID when a fixed die is out of range or the list ran
 *         out (diag->col 0, the message names the position in the list);
 *         MG_EOVERFLOW when the sum does not fit 64 bits (diag->col: the
 *         operator, or an SRS judgement's or nUx's modifier's first sign;
 *         a bad expression, as every failure with diag->col > 0); MG_ELIMIT when a dice pool goes past BCDice's 10000
 *         dice in one command or megami's 100000 values shown, or a
 *         repeat's answer past MG_DICE_MAX_ANSWER bytes (diag->col
 *         1); MG_ENOMEM.  On failure text may hold part of a line.
 *         MG_EINVALID also when text, e or dice is NULL (diag->col 0,
 *         nothing rolled).
 */
int mg_dice_roll(ut_buf *text, mg_dice_result *res, mg_dice_diag *diag,
                 const mg_dice_expr *e, ut_dice *dice, mg_lang lang);

/** Free an expression (NULL is fine). */
void mg_dice_free(mg_dice_expr *e);

#ifdef __cplusplus
}
#endif

#endif
