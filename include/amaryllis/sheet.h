/*
 * amaryllis/sheet.h - unit sheets in the notation of the rules.
 *
 * The parser takes a buffer (never a file) and produces an am_sheet: the
 * normalised text of every definition, the team the engine runs, and a list
 * of diagnostics with 1-based line and column (columns count characters, i.e.
 * Unicode code points, of the original line).  A sheet with any diagnostic of
 * severity error is illegal and has no team.
 *
 * Grammar (after NFKC normalisation; see docs/AMARYLLIS.md):
 *   sheet    -> { blank | comment | quote | unit | build | tech | action }
 *   comment  -> '#' text
 *   quote    -> '>' text
 *   unit     -> NAME [ '(' INT ')' ] ':' INT '/' INT '/' INT '/' INT [ '/' [ names ] ]
 *   build    -> '○' NAME '(' INT ')' ':' INT '/' INT '/' INT '/' INT [ '/' names ]
 *   tech     -> '技術' [':'] INT
 *   names    -> NAME { ('、' | ',') NAME }
 *   action   -> '・' NAME [ '(' INT ')' ] ':' CLASS { '<' CUSTOM '>' }
 */
#ifndef AMARYLLIS_SHEET_H
#define AMARYLLIS_SHEET_H

#include <stddef.h>
#include <stdint.h>

#include "common.h"
#include "team.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct am_sheet am_sheet;

/**
 * Diagnostic codes.  Each names the rule broken; the arguments of am_diag
 * that a message uses are listed after it.
 */
typedef enum am_diag_code {
	/* input */
	AM_DIAG_LINE_TOO_LONG = 1, /**< a = bytes, b = limit */
	AM_DIAG_INVALID_UTF8,      /**< a = the bad byte (not NUL: AM_DIAG_NUL) */
	AM_DIAG_NO_UNIT,           /**< no entry unit line; a = the lines read
	                                as mail quotes ('>', AM-UNIT-9) */
	/* syntax */
	AM_DIAG_EXPECTED_COLON,    /**< ':' expected; s2 = found or NULL (end of line) */
	AM_DIAG_EXPECTED_SLASH,    /**< '/' expected; s2 = found or NULL */
	AM_DIAG_EXPECTED_INT,      /**< an integer expected; s2 = found or NULL */
	AM_DIAG_EXPECTED_CLASS,    /**< an action class expected; s2 = found or NULL */
	AM_DIAG_EXPECTED_LPAREN,   /**< '(' expected; s2 = found or NULL */
	AM_DIAG_UNCLOSED,          /**< s1 = opener, a = its column, s2 = found or NULL */
	AM_DIAG_TRAILING,          /**< s1 = unexpected text */
	AM_DIAG_EMPTY_NAME,        /**< a name is empty */
	AM_DIAG_NUMBER_TOO_LARGE,  /**< s1 = the digits (beyond 64 bits) */
	/* units */
	AM_DIAG_NEGATIVE_STAT,     /**< s1 = stat, a = value */
	AM_DIAG_HP_NOT_MULT5,      /**< a = ＨＰ */
	AM_DIAG_STATS_OVER,        /**< a = bonus used, b = bonus available */
	AM_DIAG_STATS_OVERFLOW,    /**< the stats overflow 64 bits */
	AM_DIAG_STORED_RANGE,      /**< a = stored bonus S, not in 0..10 */
	AM_DIAG_BUILDIA_BONUS,     /**< a = Ｂ < 1 */
	AM_DIAG_SECOND_ENTRY,      /**< a = line of the entry unit */
	AM_DIAG_DUP_UNIT,          /**< s1 = name, a = line of the first */
	AM_DIAG_TOO_MANY_BUILDIA,  /**< a = ビルディア count, b = 愛 */
	AM_DIAG_UNREACHABLE,       /**< s1 = ビルディア never built */
	AM_DIAG_TECH_MISPLACED,    /**< 技術 line not right after a unit line */
	AM_DIAG_TECH_MISMATCH,     /**< a = written, b = computed */
	AM_DIAG_UNDEFINED_ACTION,  /**< s1 = action name */
	AM_DIAG_ACTIONS_OVER,      /**< a = total cost, b = 技術 */
	AM_DIAG_TOTAL_OVERFLOW,    /**< total cost overflows 64 bits */
	/* actions */
	AM_DIAG_ACTION_REDEFINED,  /**< s1 = name, a = line of the first */
	AM_DIAG_UNKNOWN_CLASS,     /**< s1 = text, s2 = suggestion or NULL */
	AM_DIAG_UNKNOWN_CUSTOM,    /**< s1 = text, s2 = suggestion or NULL */
	AM_DIAG_CUSTOM_TWICE,      /**< s1 = customisation */
	AM_DIAG_CUSTOM_EXCLUSIVE,  /**< s1, s2 = the two customisations */
	AM_DIAG_ATTACK_ONLY,       /**< s1 = customisation, a = am_kind of the action */
	AM_DIAG_SUPPORT_ONLY,      /**< s1 = customisation, a = am_kind */
	AM_DIAG_NOT_ON_BUILD,      /**< s1 = customisation (全体化), a = am_kind */
	AM_DIAG_BUILD_ONLY,        /**< s1 = customisation (配置N), a = am_kind */
	AM_DIAG_PLACE_REQUIRED,    /**< ビルド without 配置N */
	AM_DIAG_LIMITED_REQUIRED,  /**< s1 = class */
	AM_DIAG_N_TOO_SMALL,       /**< s1 = class/customisation, a = Ｎ, b = minimum */
	AM_DIAG_N_ZERO,            /**< s1 = customisation */
	AM_DIAG_UNKNOWN_UNIT,      /**< s1 = name in ビルド(…) */
	AM_DIAG_COST_MISMATCH,     /**< a = declared, b = computed */
	AM_DIAG_COST_OVERFLOW,     /**< s1 = action name: a product of its cost
	                                computation overflows (A2) */
	/* a ビルディア that no battle can build (BU-STORE-3, BU-STORE-4):
	 * s1 = the ビルディア, s2 = the unit holding the ビルド the reason is
	 * about */
	AM_DIAG_BUILT_TOO_LATE,    /**< a = the earliest build turn (> 20) */
	AM_DIAG_BUILDER_NEVER,     /**< s2 is never built either */
	AM_DIAG_BUILDER_NO_SPEED,  /**< s2 has 素早さ 0, nothing raises it */
	AM_DIAG_BUILDER_HP0_LATE,  /**< s2 has ＨＰ 0 and is built after turn 0 */
	AM_DIAG_BUILDER_HP0_TURN0, /**< s2 has ＨＰ 0: only turn 0, too early */
	AM_DIAG_BUILDER_CROWDED,   /**< s2's earlier actions take every step */
	AM_DIAG_BUILD_ZERO,        /**< s1 = a unit of stored bonus 0 (ビルド(N): N ≥ 1) */
	AM_DIAG_INVISIBLE,         /**< s1 = "U+XXXX", an invisible (default
	                                ignorable, or U+2800) character in a
	                                name (AM-UNIT-7) */
	AM_DIAG_CONTROL,           /**< s1 = "U+XXXX", a control character
	                                (C0, DEL, C1) in a name (AM-UNIT-7) */
	AM_DIAG_ODD_DIGIT,         /**< s1 = the character, s2 = "U+XXXX": a
	                                digit other than 0-9 and ０-９ in a
	                                number (² ₅ ①, AM-UNIT-8) */
	AM_DIAG_NOT_MINUS,         /**< s1 = ー or ➖ signing a number, s2 =
	                                the text with '-' for it */
	AM_DIAG_FIFTH_NUMBER,      /**< s1 = a number written where the first
	                                action goes (技術 as a fifth number) */
	AM_DIAG_ACTION_NO_DOT,     /**< an action line (NAME:CLASS) without its
	                                leading ・ */
	AM_DIAG_NUL,               /**< a NUL byte (control character U+0000);
	                                the line is skipped as for bad UTF-8 */
	AM_DIAG_LETTER_N,          /**< s1 = a class or customisation written
	                                with the letter N (攻撃力+N), s2 = an
	                                example with a number */
	AM_DIAG_WRONG_BRACKET,     /**< s1 = 【】, 〈〉, 《》, 「」, ≪≫ or
	                                （） used for ＜＞ */
	AM_DIAG_NOT_MINUS_UNSIGNED, /**< s1 = ー or ➖ signing a number where
	                                 no number has a sign (all but 配置Ｎ
	                                 and 対象Ｎ), s2 = the text without
	                                 it */
	AM_DIAG_COST_AFTER_CLASS,  /**< s1 = a class with a cost after it
	                                (直接攻撃(1)), s2 = the class alone:
	                                the cost goes after the action's
	                                name */
	AM_DIAG_COST_BRACKET,      /**< s1 = ［］ or 【】 around an action's
	                                cost (・鏡［２］：…), which goes in
	                                （） */
	AM_DIAG_COUNT
} am_diag_code;

/** One diagnostic. Text arguments are UTF-8, owned by the sheet. */
typedef struct am_diag {
	int code;          /**< AM_DIAG_* (internal numbering, stable per release) */
	uint32_t line;     /**< 1-based */
	uint32_t col;      /**< 1-based, in characters */
	int64_t a, b;      /**< numeric arguments of the message */
	const char *s1;    /**< text arguments of the message, or NULL */
	const char *s2;
} am_diag;

#define AM_PARSE_OPTS_VERSION 1

/** Options of the parser. */
typedef struct am_parse_opts {
	unsigned version;     /**< AM_PARSE_OPTS_VERSION */
	size_t max_line;      /**< longest line accepted, in bytes */
	size_t max_diags;     /**< stop collecting diagnostics after this many */
} am_parse_opts;

#define AM_PARSE_OPTS_INIT {AM_PARSE_OPTS_VERSION, 65536, 100}

/**
 * Parse and validate a sheet.
 *
 * @param out   receives the sheet (even an illegal one, for its diagnostics);
 *              free with am_sheet_free
 * @param buf   the text (any bytes; need not be NUL-terminated)
 * @param len   its length
 * @param opts  NULL for defaults
 * @return 0 when parsing ran (check am_sheet_ok for legality); AM_ENOMEM;
 *         AM_EINVALID when out is NULL, buf is NULL with len > 0, or
 *         opts->version is not AM_PARSE_OPTS_VERSION (opts not made with
 *         AM_PARSE_OPTS_INIT), with the error set.
 */
int am_sheet_parse(am_sheet **out, const char *buf, size_t len,
                   const am_parse_opts *opts);

/** Free a sheet; NULL is fine. */
void am_sheet_free(am_sheet *sheet);

/** 1 when the sheet is legal (no errors), else 0. */
int am_sheet_ok(const am_sheet *sheet);

/** Number of diagnostics. */
size_t am_sheet_diag_count(const am_sheet *sheet);

/** Number of errors found, including those past opts->max_diags. */
size_t am_sheet_error_count(const am_sheet *sheet);

/** Diagnostic i (borrowed), or NULL. */
const am_diag *am_sheet_diag(const am_sheet *sheet, size_t i);

/**
 * Format a diagnostic's message (without location) into buf, NUL-terminated
 * and truncated to size.  When out of memory, the message is the text for
 * want of memory (ut_strerror's for ENOMEM, in lang) in its place.
 * @return the length the full message needs (like snprintf)
 */
size_t am_diag_format(char *buf, size_t size, const am_diag *diag,
                      am_lang lang);

/**
 * am_diag_format's message, whole, in memory of its own: out of memory is
 * an error here, not a message.
 * @param out  the message, NUL-terminated (free()); NULL on failure
 * @param len  its length, or NULL
 * @return 0; AM_ENOMEM; AM_EINVALID when out or diag is NULL
 */
int am_diag_message(char **out, size_t *len, const am_diag *diag,
                    am_lang lang);

/**
 * The original text of line `line` of the parsed buffer (borrowed, not
 * NUL-terminated, length in *len), for showing context; NULL if out of range.
 */
const char *am_sheet_source_line(const am_sheet *sheet, uint32_t line,
                                 size_t *len);

/**
 * The first line with an error (of those am_sheet_diag gives) that has no
 * colon, ':' or '：', or 0 when there is none.  Every sheet line (a unit,
 * an action) has one, so such a line is most often prose read as sheet:
 * a greeting, a signature, a note without its `#` (the hill's reply and
 * `amaryllis check` say so).  A 技術 line (`技術４`) has none either: its
 * own errors (a wrong or misplaced 技術) do not count, nor does a line too
 long to be read (AM_DIAG_LINE_TOO_LONG).
 */
uint32_t am_sheet_prose_line(const am_sheet *sheet);

/** What one line is to the sheet's reader (am_sheet_line_kind). */
typedef enum am_line_kind {
	AM_LINE_BLANK = 0,    /**< blanks only */
	AM_LINE_COMMENT = 1,  /**< its first non-blank character is '#' */
	AM_LINE_QUOTE = 2,    /**< ... is '>': a mail quote (AM-UNIT-9) */
	AM_LINE_SEPARATOR = 3,/**< two dashes (or underscores) or more first
	                           and no colon: once
	                           a sheet has begun, a signature or a quoted
	                           mail starts there (AM-UNIT-10) */
	AM_LINE_SHEET = 4,    /**< anything else (text that is not UTF-8 too) */
	AM_LINE_SIGNATURE = 5 /**< the signature a phone adds by itself, no
	                           colon ("iPhoneから送信", "Sent from my
	                           iPhone"): once a sheet has begun, it ends
	                           there as at a separator (AM-UNIT-10) */
} am_line_kind;

/**
 * The kind of the line s[0..len) (UTF-8, without its line end) as
 * am_sheet_parse reads it: its blanks, its width (NFKC) and its dashes
 * as the sheet's, so that a program that cuts a mail into sheet,
 * quotes and signature (the hill) agrees with the parser to the line.
 * @return an am_line_kind; AM_EINVALID (s NULL with len > 0) or
 *         AM_ENOMEM
 */
int am_sheet_line_kind(const char *s, size_t len);

/** The team (borrowed from the sheet), or NULL when the sheet is illegal. */
const am_team *am_sheet_team(const am_sheet *sheet);

/**
 * The sheet's unit/action definitions in normalised notation, into
 * buf[0..size) like snprintf (cut on a character boundary).
 * @return the length of the whole notation; 0 (buf empty) when out of
 *         memory, which a caller that must know uses am_sheet_normalised
 *         to tell from an empty notation (a sheet without one legal
 *         definition)
 */
size_t am_sheet_format(char *buf, size_t size, const am_sheet *sheet,
                       am_lang lang);

/**
 * am_sheet_format's notation, whole, in memory of its own.
 * @param out  the notation, NUL-terminated (free()); NULL on failure
 * @param len  its length, or NULL
 * @return 0; AM_ENOMEM; AM_EINVALID when out or sheet is NULL
 */
int am_sheet_normalised(char **out, size_t *len, const am_sheet *sheet,
                        am_lang lang);

/** The longest replay token am_replay_token_read takes (characters after
 *  its "am1." prefix). */
#define AM_REPLAY_TOKEN_MAX 65536

/**
 * A replay token of the battle of a against b (LG-TOKEN-1): one line,
 * "am1." and base64url of both sheets in their normalised notation, that
 * am_replay_token_read turns back into the two sheets, so that anyone can
 * replay the battle exactly (`amaryllis battle --replay TOKEN`).
 * @param out  the token, NUL-terminated (free())
 * @return 0; AM_EINVALID when a sheet is illegal or out, a or b is NULL;
 *         AM_ELIMIT when the token
 *         would pass AM_REPLAY_TOKEN_MAX (am_replay_token_read would refuse
 *         it); AM_ENOMEM
 */
int am_replay_token(char **out, const am_sheet *a, const am_sheet *b);

/**
 * The two sheets of a replay token (trailing blanks and newlines are
 * ignored), each NUL-terminated, to parse with am_sheet_parse.
 * @param a     the first sheet's text (free()), NULL on failure
 * @param b     the second's, the same way
 * @param lang  the language of the message on failure
 * @return 0; AM_EINVALID (not a token, a character that is not base64url,
 *         cut or damaged), AM_ELIMIT (longer than AM_REPLAY_TOKEN_MAX),
 *         AM_ENOMEM; the message is am_error_last(), in lang.  AM_EINVALID
 *         also when a, alen, b or blen is NULL, or token is NULL with
 *         len > 0 (that message in English only)
 */
int am_replay_token_read(char **a, size_t *alen, char **b, size_t *blen,
                         const char *token, size_t len, am_lang lang);

#ifdef __cplusplus
}
#endif

#endif
