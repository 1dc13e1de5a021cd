/*
 * megami/scenario_yaml.h - reading a scenario file written in YAML (rulings
 * M1, M8.1; docs/MEGAMI.md "Scenarios", the MG-SCN rules).
 *
 * The reader takes a buffer (never a file) and a file name for messages, and
 * produces an mg_scenario_doc: the scenario as plain data (megami/scenario.h),
 * where each character and attack came from, and every problem found as a
 * diagnostic with a 1-based line and column (columns count characters, i.e.
 * Unicode code points, of the original line).  A document with any
 * diagnostic has no scenario.  The document owns every string it hands out.
 *
 *     mg_scenario_doc *doc;
 *     if (mg_scenario_parse(&doc, text, len, NULL) < 0) ... (out of memory)
 *     const mg_scenario *s = mg_scenario_doc_scenario(doc);
 *     if (!s) for each i < mg_scenario_doc_diag_count(doc): show it
 *     mg_scenario_doc_free(doc);
 */
#ifndef MEGAMI_SCENARIO_YAML_H
#define MEGAMI_SCENARIO_YAML_H

#include <stddef.h>
#include <stdint.h>

#include "common.h"
#include "scenario.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct mg_scenario_doc mg_scenario_doc;

/** Diagnostic codes; the arguments of mg_diag each uses are listed. */
typedef enum mg_diag_code {
	/* the bytes and the YAML */
	MG_DIAG_INVALID_UTF8 = 1, /**< a = the bad byte (NUL counts as bad) */
	MG_DIAG_TAB,              /**< a tab in the indentation of a line */
	MG_DIAG_SYNTAX,           /**< s1 = libyaml's problem, s2 = its context or NULL,
	                               a, b = line, column where that context began */
	MG_DIAG_EMPTY,            /**< no document, or an empty one */
	MG_DIAG_SECOND_DOCUMENT,  /**< a second document in the stream */
	MG_DIAG_ANCHOR,           /**< s1 = the anchor's name */
	MG_DIAG_ALIAS,            /**< s1 = the alias's name */
	MG_DIAG_TAG,              /**< s1 = the tag */
	MG_DIAG_TOO_DEEP,         /**< a = the deepest nesting read */
	MG_DIAG_NUL,              /**< a quoted string holds a NUL ("\0") */
	/* keys */
	MG_DIAG_KEY_NOT_TEXT,     /**< a key that is a mapping, a list or empty */
	MG_DIAG_UNKNOWN_KEY,      /**< s1 = key, s2 = nearest valid key or NULL */
	MG_DIAG_DUPLICATE_KEY,    /**< s1 = key, s2 = how it was first written, a = its line */
	MG_DIAG_MISSING_KEY,      /**< s1 = the key (English) */
	/* values */
	MG_DIAG_WRONG_TYPE,       /**< a = mg_want, b = mg_found, s1 = the text (scalars) */
	MG_DIAG_NOT_DECIMAL,      /**< a = mg_not_decimal, s1 = the text */
	MG_DIAG_TOO_LARGE,        /**< s1 = the digits (beyond 64 bits) */
	MG_DIAG_YAML11_BOOL,      /**< s1 = yes, no, on, off, y, n… */
	MG_DIAG_UNKNOWN_VALUE,    /**< a = mg_vocab, s1 = text, s2 = nearest or NULL */
	MG_DIAG_DUPLICATE_ATTR,   /**< s1 = the attribute as written, a = its first column */
	MG_DIAG_EMPTY_NAME,       /**< a name that is "" */
	MG_DIAG_DUPLICATE_NAME,   /**< s1 = name, a = line of the first */
	MG_DIAG_HP_TOO_LOW,       /**< a = hp (< 1) */
	MG_DIAG_HP_NOW_OVER,      /**< a = hp_now, b = hp */
	MG_DIAG_RANGE_NEGATIVE,   /**< a = range (< 0) */
	MG_DIAG_ROUND_LIMIT,      /**< a = round_limit (< 1) */
	MG_DIAG_NO_PC,            /**< no character on side PC */
	MG_DIAG_NO_NPC,           /**< no character on side NPC */
	/* the limits of a scenario (MG-SCN-LIMIT-1; megami/scenario.h) */
	MG_DIAG_ROUND_LIMIT_HIGH, /**< a = round_limit, b = MG_SCN_ROUND_LIMIT_MAX */
	MG_DIAG_TOO_MANY,         /**< s1 = the key as written (characters,
	                               attacks), a = the most */
	MG_DIAG_NAME_TOO_LONG,    /**< a = its characters, b = the most */
	MG_DIAG_NUMBER_RANGE,     /**< s1 = the key as written, a = the value,
	                               b = MG_SCN_NUMBER_MAX (MG-SCN-LIMIT-2) */
	MG_DIAG_NAME_CONTROL,     /**< s1 = its code point ("U+001B"; MG-SCN-VAL-7) */
	MG_DIAG_NAME_INVISIBLE,   /**< s1 = its code point ("U+200B"; MG-SCN-VAL-7) */
	MG_DIAG_TOO_MANY_VALUES,  /**< a = the most YAML values read (MG-SCN-LIMIT-1) */
	MG_DIAG_COUNT
} mg_diag_code;

/** What a value should have been (a of MG_DIAG_WRONG_TYPE). */
typedef enum mg_want {
	MG_WANT_MAPPING = 0, MG_WANT_LIST, MG_WANT_INTEGER, MG_WANT_TEXT,
	MG_WANT_BOOL, MG_WANT_CHECK
} mg_want;

/** What it was (b of MG_DIAG_WRONG_TYPE). */
typedef enum mg_found {
	MG_FOUND_MAPPING = 0, MG_FOUND_LIST, MG_FOUND_NULL,
	MG_FOUND_QUOTED,  /**< a quoted string, s1 */
	MG_FOUND_PLAIN    /**< an unquoted scalar, s1 */
} mg_found;

/** Why a number is not a plain decimal integer (a of MG_DIAG_NOT_DECIMAL). */
typedef enum mg_not_decimal {
	MG_ND_PLUS = 0,     /**< +5 */
	MG_ND_HEX,          /**< 0x10 */
	MG_ND_OCTAL,        /**< 0o17 */
	MG_ND_BINARY,       /**< 0b101 */
	MG_ND_EXPONENT,     /**< 1e3 */
	MG_ND_FRACTION,     /**< 5.0 */
	MG_ND_UNDERSCORE,   /**< 1_000 */
	MG_ND_LEADING_ZERO  /**< 05 */
} mg_not_decimal;

/** The vocabularies of values (a of MG_DIAG_UNKNOWN_VALUE). */
typedef enum mg_vocab {
	MG_VOCAB_SIDE = 0, MG_VOCAB_KIND, MG_VOCAB_AREA, MG_VOCAB_TIMING,
	MG_VOCAB_ATTRIBUTE, MG_VOCAB_STAT
} mg_vocab;

/** One diagnostic (all are errors).  Texts are UTF-8, owned by the doc. */
typedef struct mg_diag {
	int code;          /**< MG_DIAG_* */
	uint32_t line;     /**< 1-based */
	uint32_t col;      /**< 1-based, in characters */
	int64_t a, b;      /**< numeric arguments */
	const char *s1;    /**< text arguments, or NULL */
	const char *s2;
} mg_diag;

/** A place in the source: 1-based line and column; 0, 0 when absent. */
typedef struct mg_src_loc {
	uint32_t line, col;
} mg_src_loc;

/** The keys of a character, for mg_character_src.key. */
typedef enum mg_character_key {
	MG_CKEY_NAME = 0, MG_CKEY_SIDE, MG_CKEY_HP, MG_CKEY_HP_NOW,
	MG_CKEY_INITIATIVE, MG_CKEY_ACCURACY, MG_CKEY_EVASION,
	MG_CKEY_RESISTANCE, MG_CKEY_POSITION, MG_CKEY_ARMOR, MG_CKEY_FINISH,
	MG_CKEY_ATTACKS, MG_CKEY_ENTERS, MG_CKEY_COUNT
} mg_character_key;

/** The keys of an attack, for mg_attack_src.key. */
typedef enum mg_attack_key {
	MG_AKEY_NAME = 0, MG_AKEY_KIND, MG_AKEY_CHECK, MG_AKEY_DAMAGE,
	MG_AKEY_ATTRIBUTES, MG_AKEY_RANGE, MG_AKEY_AREA, MG_AKEY_TIMING,
	MG_AKEY_COUNT
} mg_attack_key;

/** Where an attack came from: its mapping and each key written. */
typedef struct mg_attack_src {
	mg_src_loc at;
	mg_src_loc key[MG_AKEY_COUNT];
} mg_attack_src;

/** Where a character came from; attacks[i] is for its attack i. */
typedef struct mg_character_src {
	mg_src_loc at;
	mg_src_loc key[MG_CKEY_COUNT];
	const mg_attack_src *attacks;
} mg_character_src;

#define MG_PARSE_OPTS_VERSION 1

/** Options of the reader. */
typedef struct mg_parse_opts {
	unsigned version;  /**< MG_PARSE_OPTS_VERSION */
	const char *file;  /**< the name shown in messages ("<stdin>" for -); copied */
	size_t max_diags;  /**< keep at most this many diagnostics (≥ 1) */
} mg_parse_opts;

#define MG_PARSE_OPTS_INIT {MG_PARSE_OPTS_VERSION, "scenario.yaml", 100}

/**
 * Read a scenario.
 * @param out   receives the document (also when the scenario is illegal,
 *              for its diagnostics); free with mg_scenario_doc_free
 * @param text  the bytes of the file (need not be NUL-terminated)
 * @param len   their number
 * @param opts  NULL for MG_PARSE_OPTS_INIT
 * @return 0 when reading ran (see mg_scenario_doc_scenario); MG_ENOMEM;
 *         MG_EINVALID for a bad opts (version), a NULL out, or text NULL
 *         with len > 0.
 */
int mg_scenario_parse(mg_scenario_doc **out, const char *text, size_t len,
                      const mg_parse_opts *opts);

/** Free a document; NULL is fine. */
void mg_scenario_doc_free(mg_scenario_doc *doc);

/** The scenario (borrowed from doc), or NULL when there were errors. */
const mg_scenario *mg_scenario_doc_scenario(const mg_scenario_doc *doc);

/** The file name given in the options (borrowed). */
const char *mg_scenario_doc_file(const mg_scenario_doc *doc);

/** Diagnostics kept (at most opts.max_diags), in the order of the text
 *  for each phase (bytes, then YAML, then the scenario). */
size_t mg_scenario_doc_diag_count(const mg_scenario_doc *doc);

/** Errors found, including those past opts.max_diags. */
size_t mg_scenario_doc_error_count(const mg_scenario_doc *doc);

/** Diagnostic i (borrowed), or NULL. */
const mg_diag *mg_scenario_doc_diag(const mg_scenario_doc *doc, size_t i);

/** Where character i of the scenario came from (borrowed), or NULL. */
const mg_character_src *mg_scenario_doc_character_src(const mg_scenario_doc *doc,
                                                      size_t i);

/**
 * Line `line` (1-based) of the text as read (borrowed, not NUL-terminated,
 * without its line break; length in *len), for showing context; NULL when
 * out of range.
 */
const char *mg_scenario_doc_source_line(const mg_scenario_doc *doc,
                                        uint32_t line, size_t *len);

/**
 * A diagnostic's message, without its location, in lang, into buf
 * (NUL-terminated, cut on a character boundary to size).
 * When out of memory, the message is the text for want of memory
 * (ut_strerror's for ENOMEM) in its place.
 * @return the length the whole message needs (like snprintf)
 */
size_t mg_diag_format(char *buf, size_t size, const mg_diag *diag,
                      mg_lang lang);

/**
 * The scenario as canonical YAML: English keys, every default written out,
 * characters and attacks in scenario order, armor and attributes in the
 * order of mg_attr (docs/MEGAMI.md MG-SCN-OUT).  Reading it back gives the
 * same scenario.
 * @param out  receives a NUL-terminated string, freed by the caller with free()
 * @param len  its length, or NULL
 * @return 0, MG_ENOMEM; MG_EINVALID when out or s is NULL
 */
int mg_scenario_to_yaml(char **out, size_t *len, const mg_scenario *s);

#ifdef __cplusplus
}
#endif

#endif
