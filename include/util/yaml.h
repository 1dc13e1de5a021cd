/*
 * util/yaml.h - the YAML layer every rule system's input formats share
 * (library util_yaml: util + libyaml).
 *
 * A buffer is read into a small tree of nodes (scalars, sequences,
 * mappings), each with its 1-based line and column (columns count
 * characters, i.e. code points, of the line as written, after a UTF-8 byte
 * order mark).  What the formats all refuse is refused here, located:
 * bytes that are not UTF-8, tabs or full-width spaces (U+3000) in
 * indentation, libyaml's syntax errors (a key written "battles：3" or
 * "battles:3" just before one is named instead),
 * anchors, aliases, tags, a second document, NUL in a string, nesting
 * deeper than UT_YAML_MAX_DEPTH, more nodes than the cap.  Helpers then
 * check what every format needs: a mapping's keys against a table (English
 * and Japanese spellings of one key are the same key; unknown keys get the
 * nearest valid one), plain decimal 64-bit integers, booleans, names, words
 * of a vocabulary.  Every problem is a ut_yaml_diag (line, column, a code
 * and arguments); ut_yaml_diag_format words it in Japanese or English
 * through a catalogue that a format extends with its own codes.
 *
 * The layer never prints.  Everything a document hands out is owned by it
 * and freed with ut_yaml_doc_free.
 *
 *     ut_yaml_doc d;
 *     if (ut_yaml_doc_read(&d, text, len, NULL) < 0) ... (out of memory)
 *     if (d.root >= 0) ... walk d.nodes[d.root] with the helpers
 *     ut_yaml_doc_finish(&d);   (sorts and caps the diagnostics)
 *     ... d.diags[0 .. d.ndiags) ...
 *     ut_yaml_doc_free(&d);
 */
#ifndef UT_YAML_H
#define UT_YAML_H

#include <stddef.h>
#include <stdint.h>

#include "buf.h"
#include "lang.h"
#include "msg.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Deepest nesting of sequences and mappings read. */
#define UT_YAML_MAX_DEPTH 32

/** Node types. */
enum { UT_YAML_SCALAR = 0, UT_YAML_MAP = 1, UT_YAML_SEQ = 2 };

/** A node.  Children are linked by index (a mapping's children alternate
 *  key, value); -1 is none. */
typedef struct ut_yaml_node {
	int type;          /**< UT_YAML_SCALAR, UT_YAML_MAP, UT_YAML_SEQ */
	int quoted;        /**< a scalar written in quotes or as a block */
	int reported;      /**< stands for an alias already reported */
	uint32_t line, col; /**< 1-based; col in characters */
	const char *text;  /**< scalars: the value (NUL-terminated) */
	int first, last, next; /**< children, next sibling */
	size_t n;          /**< number of children */
} ut_yaml_node;

/** Generic diagnostic codes; a format's own codes start at UT_YAML_D_USER.
 *  The arguments each uses are listed. */
enum {
	UT_YAML_D_INVALID_UTF8 = 1, /**< a = the bad byte */
	UT_YAML_D_TAB,              /**< a tab in the indentation */
	UT_YAML_D_SYNTAX,           /**< s1 = libyaml's problem, s2 = its context
	                                 or NULL, a, b = where the context began;
	                                 or s1 = the layer's own text for a
	                                 full-width colon, a ':' without a blank,
	                                 a U+3000 in the indentation */
	UT_YAML_D_EMPTY,            /**< no document, or an empty one */
	UT_YAML_D_SECOND_DOCUMENT,
	UT_YAML_D_ANCHOR,           /**< s1 = the anchor */
	UT_YAML_D_ALIAS,            /**< s1 = the alias */
	UT_YAML_D_TAG,              /**< s1 = the tag (core tags as !!x) */
	UT_YAML_D_TOO_DEEP,         /**< a = the depth allowed */
	UT_YAML_D_NUL,              /**< a string holds "\0" */
	UT_YAML_D_TOO_MANY_NODES,   /**< a = the cap */
	UT_YAML_D_KEY_NOT_TEXT,     /**< a key that is a mapping, a list, empty */
	UT_YAML_D_UNKNOWN_KEY,      /**< s1 = key, s2 = nearest or NULL */
	UT_YAML_D_DUPLICATE_KEY,    /**< s1 = key, s2 = first spelling, a = its line */
	UT_YAML_D_MISSING_KEY,      /**< s1 = the key (English) */
	UT_YAML_D_WRONG_TYPE,       /**< a = want, b = found, s1 = the text */
	UT_YAML_D_NOT_DECIMAL,      /**< a = why (UT_YAML_ND_*), s1 = the text */
	UT_YAML_D_TOO_LARGE,        /**< s1 = the digits (beyond 64 bits) */
	UT_YAML_D_YAML11_BOOL,      /**< s1 = yes, no, on… */
	UT_YAML_D_UNKNOWN_VALUE,    /**< a = vocabulary, s1 = text, s2 = nearest */
	UT_YAML_D_EMPTY_NAME,       /**< a name that is "" */
	UT_YAML_D_NAME_TOO_LONG,    /**< a = its characters, b = the most
	                                 (UT_YAML_NAME_MAX) */
	UT_YAML_D_NAME_CONTROL,     /**< s1 = the code point of its first
	                                 control character ("U+001B") */
	UT_YAML_D_NAME_INVISIBLE,   /**< s1 = the code point of its first
	                                 invisible character ("U+200B") */
	UT_YAML_D_USER = 64         /**< first code of a format's own */
};

/** What a value should have been (a of UT_YAML_D_WRONG_TYPE); a format's
 *  own wants start at UT_YAML_WANT_USER. */
enum {
	UT_YAML_WANT_MAPPING = 0, UT_YAML_WANT_LIST, UT_YAML_WANT_INTEGER,
	UT_YAML_WANT_TEXT, UT_YAML_WANT_BOOL, UT_YAML_WANT_USER = 16
};

/** What it was (b of UT_YAML_D_WRONG_TYPE). */
enum {
	UT_YAML_FOUND_MAPPING = 0, UT_YAML_FOUND_LIST, UT_YAML_FOUND_NULL,
	UT_YAML_FOUND_QUOTED, UT_YAML_FOUND_PLAIN
};

/** Why a number is not a plain decimal integer (a of UT_YAML_D_NOT_DECIMAL). */
enum {
	UT_YAML_ND_PLUS = 0, UT_YAML_ND_HEX, UT_YAML_ND_OCTAL, UT_YAML_ND_BINARY,
	UT_YAML_ND_EXPONENT, UT_YAML_ND_FRACTION, UT_YAML_ND_UNDERSCORE,
	UT_YAML_ND_LEADING_ZERO
};

/** One diagnostic (an error).  Texts owned by the document. */
typedef struct ut_yaml_diag {
	int code;       /**< UT_YAML_D_* or a format's own */
	uint32_t line;  /**< 1-based */
	uint32_t col;   /**< 1-based, in characters */
	int64_t a, b;
	const char *s1, *s2;
} ut_yaml_diag;

/** One name of a format (a key or a value): its English and Japanese
 *  spellings (the same text twice when it has one). */
typedef struct ut_yaml_name {
	const char *en, *ja;
} ut_yaml_name;

/** Limits of ut_yaml_doc_read. */
typedef struct ut_yaml_limits {
	size_t max_diags;  /**< diagnostics kept (≥ 1; 0 = 100) */
	size_t max_nodes;  /**< nodes read (0 = 1048576) */
} ut_yaml_limits;

/** An IME typo of a key noted while reading: "battles：3" (a full-width
 *  colon) or "battles:3" (no blank after ':').  It is an error only where
 *  the YAML breaks right after it, or where a mapping reads as a text that
 *  holds it; then it is reported (UT_YAML_D_SYNTAX) at the colon. */
typedef struct ut_yaml_typo {
	uint32_t line, col; /**< of the colon */
	int kind;           /**< UT_YAML_TYPO_* */
} ut_yaml_typo;

enum { UT_YAML_TYPO_FULLWIDTH_COLON = 1, UT_YAML_TYPO_NO_BLANK };

/** A document being read.  Plain data: the fields are for reading. */
typedef struct ut_yaml_doc {
	char *text;          /**< a copy of the input (after a BOM) */
	size_t len;
	size_t *line_at;     /**< byte offset of each line (lines end at LF,
	                          CR LF, a lone CR, NEL, LS, PS, as libyaml's) */
	size_t nlines;
	ut_yaml_typo *typos; /**< the key typos, in the order of the text
	                          (one a line at most) */
	size_t ntypos, captypos;
	ut_yaml_node *nodes;
	size_t nnodes, capnodes, maxnodes;
	int root;            /**< the root node, -1 when there is none to read */
	ut_yaml_diag *diags;
	size_t ndiags, capdiags;
	size_t nerrors;      /**< all errors found, also past max_diags */
	size_t maxdiags;
	void **mem;          /**< every block the document owns */
	size_t nmem, capmem;
	int nomem;           /**< an allocation failed */
} ut_yaml_doc;

/**
 * Read text[0..len) (a UTF-8 BOM is skipped) into d (any previous content
 * is not freed: start from an uninitialised or freed doc).  d->root is the
 * root node when the bytes and the YAML were good and the document is not
 * empty; else -1 and the diagnostics say why.
 * @return 0, or UT_ENOMEM (d is then freed).
 */
int ut_yaml_doc_read(ut_yaml_doc *d, const char *text, size_t len,
                     const ut_yaml_limits *lim);

/** Sort the diagnostics in the order of the text (line, column; stable)
 *  and keep the first max_diags.  @return 0 or UT_ENOMEM. */
int ut_yaml_doc_finish(ut_yaml_doc *d);

/** Free what d owns (d itself is the caller's); NULL is fine. */
void ut_yaml_doc_free(ut_yaml_doc *d);

/** Line `line` (1-based) as read, without its line break (*len bytes, not
 *  NUL-terminated; borrowed), or NULL when out of range. */
const char *ut_yaml_doc_line(const ut_yaml_doc *d, uint32_t line, size_t *len);

/** A copy of s[0..len) that d owns (NUL-terminated); NULL on failure
 *  (d->nomem set). */
char *ut_yaml_own(ut_yaml_doc *d, const char *s, size_t len);

/** n zeroed items of `size` bytes that d owns; NULL on failure. */
void *ut_yaml_alloc(ut_yaml_doc *d, size_t n, size_t size);

/** Record a diagnostic (texts copied). */
void ut_yaml_diag_add(ut_yaml_doc *d, int code, uint32_t line, uint32_t col,
                      int64_t a, int64_t b, const char *s1, const char *s2);

/** The same at node n. */
void ut_yaml_diag_at(ut_yaml_doc *d, const ut_yaml_node *n, int code,
                     int64_t a, int64_t b, const char *s1, const char *s2);

/** 1 when n is a null scalar: empty, ~, null, Null, NULL (unquoted). */
int ut_yaml_is_null(const ut_yaml_node *n);

/** UT_YAML_D_WRONG_TYPE at n, wanting `want` (nothing for an alias
 *  already reported; UT_YAML_D_SYNTAX at the colon when n is a plain text
 *  holding a key typo, ut_yaml_typo). */
void ut_yaml_wrong_type(ut_yaml_doc *d, const ut_yaml_node *n, int want);

/**
 * s after Unicode NFKC (what keys, words of a vocabulary and numbers are
 * matched as: "ＨＰ" is "HP", "２４" is "24", "ＰＣ" is "PC"), with the
 * blanks at either end that NFKC made (a full-width space, U+3000, left
 * by an IME: "ＮＰＣ　" is "NPC", as YAML drops a trailing blank); s
 * itself when it is ASCII, else a copy owned by d (s on failure,
 * d->nomem set).
 */
const char *ut_yaml_fold(ut_yaml_doc *d, const char *s);

/**
 * A plain decimal integer: -?[0-9]+ without a leading zero, in 64 bits,
 * unquoted, read after NFKC (ut_yaml_fold: "２４" is 24).  Other number forms get UT_YAML_D_NOT_DECIMAL naming the form
 * (+5, 0x10, 0o17, 0b1, 1e3, 5.0, 1_000, 05), too many digits
 * UT_YAML_D_TOO_LARGE, anything else UT_YAML_D_WRONG_TYPE.
 * @return 1 with *v set; 0 after a diagnostic.
 */
int ut_yaml_int(ut_yaml_doc *d, const ut_yaml_node *n, int64_t *v);

/** 1 when s looks like a number (what ut_yaml_int takes as one, to say
 *  which form it is): an optional sign, then a digit, or '.' and a digit,
 *  each half- or full-width. */
int ut_yaml_looks_numeric(const char *s);

/** A boolean: true/True/TRUE, false/False/FALSE; the YAML 1.1 words (yes,
 *  no, on, off, y, n) get UT_YAML_D_YAML11_BOOL.  @return 1 or 0. */
int ut_yaml_bool(ut_yaml_doc *d, const ut_yaml_node *n, int *v);

/** The most characters (code points) of a name: names are printed in
 *  every line of a log, so their length bounds the log's (a game's names
 *  are a few words). */
#define UT_YAML_NAME_MAX 100

/** A name: any scalar but null; "" gets UT_YAML_D_EMPTY_NAME, one of more
 *  than UT_YAML_NAME_MAX characters UT_YAML_D_NAME_TOO_LONG, one holding a
 *  control character (C0, DEL, C1: ut_utf8_control), which a terminal may
 *  act on when a log prints the name, UT_YAML_D_NAME_CONTROL; one holding
 *  an invisible character (ut_utf8_invisible: a zero-width space, a bidi
 *  control, a line separator), with which one name can pass for another
 *  or reorder a log line, UT_YAML_D_NAME_INVISIBLE.
 *  @return the text (owned by d), or NULL after a diagnostic. */
const char *ut_yaml_text(ut_yaml_doc *d, const ut_yaml_node *n);

/** Index of s (exact, either spelling) in names[0..n), or -1. */
int ut_yaml_lookup(const ut_yaml_name *names, size_t n, const char *s);

/**
 * The spelling in names[0..n) nearest to s, or NULL when none is near:
 * edit distance over code points with transpositions of neighbours
 * (optimal string alignment), ASCII letters compared without case; a
 * candidate counts when its distance is at most half its length (rounded
 * up) and less than its length; the smallest distance wins, then the
 * earlier name, English before Japanese.  Texts over 64 code points get
 * no suggestion.
 */
const char *ut_yaml_suggest(const ut_yaml_name *names, size_t n,
                            const char *s);

/** The edit distance ut_yaml_suggest uses, or SIZE_MAX when a text is
 *  over 64 code points. */
size_t ut_yaml_distance(const char *a, const char *b);

/** A word of vocabulary `vocab` (names[0..n)), matched after NFKC
 *  (ut_yaml_fold): its index, or -1 after UT_YAML_D_WRONG_TYPE or
 *  UT_YAML_D_UNKNOWN_VALUE (with the nearest to the folded text). */
int ut_yaml_word(ut_yaml_doc *d, const ut_yaml_node *n,
                 const ut_yaml_name *names, size_t nn, int vocab);

/**
 * Walk the pairs of mapping m against keys[0..nk): each key must be text
 * (UT_YAML_D_KEY_NOT_TEXT), known after NFKC (ut_yaml_fold;
 * UT_YAML_D_UNKNOWN_KEY with the nearest)
 * and given once in either spelling (UT_YAML_D_DUPLICATE_KEY).  val[k]
 * receives the value node of key k, kloc[k] its key node (-1 when absent).
 * m must be a mapping.
 */
void ut_yaml_keys(ut_yaml_doc *d, const ut_yaml_node *m,
                  const ut_yaml_name *keys, size_t nk, int *val, int *kloc);

/** A format's words for ut_yaml_diag_format. */
typedef struct ut_yaml_catalog {
	/** codes ≥ UT_YAML_D_USER: msgs[code - UT_YAML_D_USER], with {1} = s1,
	 *  {2} = a, {3} = b, {4} = s2 */
	const ut_msg *msgs;
	size_t nmsgs;
	/** wants ≥ UT_YAML_WANT_USER: wants[want - UT_YAML_WANT_USER] */
	const ut_msg *wants;
	size_t nwants;
	/** the name of vocabulary v (ja: "陣営", en: "side") into out, or with
	 *  `list` its valid values ("A, B") */
	void (*vocab)(ut_buf *out, int v, int list, ut_lang lang);
} ut_yaml_catalog;

/**
 * A diagnostic's message, without its location, in lang, into buf
 * (NUL-terminated, cut on a character boundary to size).
 * When out of memory, the message is the text for want of memory
 * (ut_strerror's for ENOMEM) in its place.
 * @return the length the whole message needs (like snprintf)
 */
size_t ut_yaml_diag_format(char *buf, size_t size, const ut_yaml_diag *g,
                           ut_lang lang, const ut_yaml_catalog *cat);

/** s as a YAML scalar into b: plain when it reads back as the same text
 *  (no indicator, no YAML 1.1/1.2 boolean or null word, no number),
 *  else double-quoted with escapes. */
void ut_yaml_put_scalar(ut_buf *b, const char *s);

#ifdef __cplusplus
}
#endif

#endif
