/*
 * manastorm/scenario_yaml.h - reading a scenario file written in YAML
 * (rulings D1, D7.11; docs/MANASTORM.md "Scenarios", the MS-SCN rules).
 *
 * The reader takes a buffer (never a file) and a file name for messages,
 * and produces an ms_scenario_doc: the scenario as plain data
 * (manastorm/scenario.h) and every problem found as a diagnostic with a
 * 1-based line and column (columns count characters).  A document with any
 * error has no scenario.  The document owns every string it hands out.
 * The YAML layer is util's (util/yaml.h): the same syntax, integer and key
 * rules and the same wording as the other YAML inputs of the project.
 *
 *     ms_scenario_doc *doc;
 *     if (ms_scenario_parse(&doc, text, len, NULL) < 0) ... (out of memory)
 *     const ms_scenario *s = ms_scenario_doc_scenario(doc);
 *     if (!s) for each i < ms_scenario_doc_diag_count(doc): show it
 *     ms_scenario_doc_free(doc);
 */
#ifndef MANASTORM_SCENARIO_YAML_H
#define MANASTORM_SCENARIO_YAML_H

#include <stddef.h>
#include <stdint.h>

#include "../util/yaml.h"
#include "common.h"
#include "scenario.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct ms_scenario_doc ms_scenario_doc;

/** One diagnostic: line, column (1-based, characters), code, arguments
 *  (util/yaml.h).  The codes below UT_YAML_D_USER are util's (bytes, YAML,
 *  keys, types, numbers); manastorm's own follow. */
typedef ut_yaml_diag ms_diag;

/** manastorm's diagnostic codes (after util's); the arguments used. */
typedef enum ms_diag_code {
	MS_DIAG_RANGE = UT_YAML_D_USER, /**< s1 = the key as written, a = the
	                                     value, b = the lowest, s2 = the
	                                     highest (as text) */
	MS_DIAG_UNKNOWN_CARD,      /**< s1 = the text (no card is near) */
	MS_DIAG_UNKNOWN_CARD_NEAR, /**< s1 = the text, s2 = the nearest card */
	MS_DIAG_DUPLICATE_NAME,    /**< s1 = name, a = line of the first */
	MS_DIAG_NO_WARRIOR,        /**< s1 = the side (A or B) */
	MS_DIAG_CASTER_NO_OUTFITS, /**< outfits: [] (D7.11); s1 = the caster's
	                                name ("?": none) */
	MS_DIAG_CASTER_NO_MP,      /**< not reported since mp has D1's
	                                default (MS-SCN-PART-4); kept so the
	                                codes after it keep their numbers */
	MS_DIAG_WARRIOR_NO_HP,     /**< not reported since hp has D1's
	                                default (MS-SCN-PART-7); kept as above */
	MS_DIAG_NOT_FOR_CASTER,    /**< s1 = the key as written (hp) */
	MS_DIAG_NOT_FOR_WARRIOR,   /**< s1 = the key as written (mp, outfits) */
	MS_DIAG_EMPTY_DECK,        /**< deck: [] */
	MS_DIAG_TOO_MANY,          /**< too many participants: a = the most
	                                (s1 = the key as written) */
	MS_DIAG_TOO_MANY_OUTFITS,  /**< too many 衣装: as MS_DIAG_TOO_MANY */
	MS_DIAG_TOO_MANY_CARDS,    /**< too many cards in a deck: as
	                                MS_DIAG_TOO_MANY */
	MS_DIAG_COUNT
} ms_diag_code;

/** manastorm's wants (a of UT_YAML_D_WRONG_TYPE, after util's). */
enum { MS_WANT_CARD = UT_YAML_WANT_USER };

/** The vocabularies of values (a of UT_YAML_D_UNKNOWN_VALUE). */
typedef enum ms_vocab {
	MS_VOCAB_SIDE = 0, MS_VOCAB_ROLE, MS_VOCAB_SUIT, MS_VOCAB_MATCH,
	MS_VOCAB_POLICY
} ms_vocab;

/** D1's defaults of a participant's numbers, for a scenario file that
 *  leaves them out (MS-SCN-PART-1, MS-SCN-PART-4, MS-SCN-PART-5,
 *  MS-SCN-PART-7): threshold 7; a caster's mp 3 and outfits [3, 2]
 *  (ms_d1_outfits); a warrior's hp 10. */
#define MS_D1_THRESHOLD 7
#define MS_D1_MP 3
#define MS_D1_NOUTFITS 2
#define MS_D1_HP 10
extern const int64_t ms_d1_outfits[MS_D1_NOUTFITS];

/** The largest number any integer of a scenario may hold (MS-SCN-NUM-2). */
#define MS_SCN_NUMBER_MAX 1000000
/** At most this many participants, 衣装 of one caster, cards of one deck. */
#define MS_SCN_MAX_PARTICIPANTS 1000
#define MS_SCN_MAX_OUTFITS 1000
#define MS_SCN_MAX_DECK 10000

/** The policies a scenario may name (D5, MS-SCN-VAL-6): "default",
 *  "greedy", "random", in this order. */
extern const char *const ms_scenario_policies[3];

#define MS_PARSE_OPTS_VERSION 1

/** Options of the reader. */
typedef struct ms_parse_opts {
	unsigned version;  /**< MS_PARSE_OPTS_VERSION */
	const char *file;  /**< the name shown in messages; copied */
	size_t max_diags;  /**< keep at most this many diagnostics (≥ 1) */
} ms_parse_opts;

#define MS_PARSE_OPTS_INIT {MS_PARSE_OPTS_VERSION, "scenario.yaml", 100}

/**
 * Read a scenario.
 * @param out   receives the document (also when the scenario is illegal,
 *              for its diagnostics); free with ms_scenario_doc_free
 * @param text  the bytes of the file (need not be NUL-terminated)
 * @param len   their number
 * @param opts  NULL for MS_PARSE_OPTS_INIT
 * @return 0 when reading ran (see ms_scenario_doc_scenario); MS_ENOMEM;
 *         MS_EINVALID for a bad opts (version), a NULL out, or text NULL
 *         with len > 0.
 */
int ms_scenario_parse(ms_scenario_doc **out, const char *text, size_t len,
                      const ms_parse_opts *opts);

/** Free a document; NULL is fine. */
void ms_scenario_doc_free(ms_scenario_doc *doc);

/** The scenario (borrowed from doc), or NULL when there were errors.  It
 *  passes ms_scenario_check. */
const ms_scenario *ms_scenario_doc_scenario(const ms_scenario_doc *doc);

/** The file name given in the options (borrowed). */
const char *ms_scenario_doc_file(const ms_scenario_doc *doc);

/** Diagnostics kept (at most opts.max_diags), in the order of the text. */
size_t ms_scenario_doc_diag_count(const ms_scenario_doc *doc);

/** Errors found, including those past opts.max_diags. */
size_t ms_scenario_doc_error_count(const ms_scenario_doc *doc);

/** Diagnostic i (borrowed), or NULL. */
const ms_diag *ms_scenario_doc_diag(const ms_scenario_doc *doc, size_t i);

/** Line `line` (1-based) of the text as read (borrowed, not
 *  NUL-terminated, without its line break; length in *len), or NULL. */
const char *ms_scenario_doc_source_line(const ms_scenario_doc *doc,
                                        uint32_t line, size_t *len);

/**
 * A diagnostic's message, without its location, in lang, into buf
 * (NUL-terminated, cut on a character boundary to size).
 * When out of memory, the message is the text for want of memory
 * (ut_strerror's for ENOMEM) in its place.
 * @return the length the whole message needs (like snprintf)
 */
size_t ms_diag_format(char *buf, size_t size, const ms_diag *diag,
                      ms_lang lang);

/**
 * Read a card: S1…C13 (also ♠♥♦♣ for the suit and A J Q K for 1, 11, 12,
 * 13: HQ, ♥K).  @return 0, or MS_EINVALID (not a card; out or text
 * NULL).
 */
int ms_card_parse(ms_card *out, const char *text);

/**
 * The scenario as canonical YAML (MS-SCN-OUT-1): English keys, every default
 * written out, participants in seat order, cards as S1…C13; a deck is
 * written only when one was given (deck not NULL; NULL stands for the 52
 * cards and is left out).  Reading it back gives the same scenario.
 * @param out  receives a NUL-terminated string, freed with free()
 * @param len  its length, or NULL
 * @return 0, MS_ENOMEM; MS_EINVALID when out or s is NULL
 */
int ms_scenario_to_yaml(char **out, size_t *len, const ms_scenario *s);

#ifdef __cplusplus
}
#endif

#endif
