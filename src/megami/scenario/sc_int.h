/*
 * sc_int.h - private to src/megami/scenario/: the vocabularies of the
 * scenario format and the nearest-name helper.
 *
 *   parse.c   mg_scenario_parse: bytes → YAML events → a small tree → the
 *             scenario, with diagnostics
 *   diag.c    the message catalogue (ja, en) and mg_diag_format
 *   format.c  mg_scenario_to_yaml (canonical YAML)
 *   vocab.c   the names of keys and values (English, Japanese), suggestions
 */
#ifndef MG_SC_INT_H
#define MG_SC_INT_H

#include <stddef.h>

#include "megami/scenario_yaml.h"

/** One name of the format: its English and Japanese spellings. */
typedef struct sc_name {
	const char *en, *ja;
} sc_name;

/* Keys of the top level, a character, an attack (index = the field). */
enum { SC_TKEY_ROUND_LIMIT = 0, SC_TKEY_CHARACTERS, SC_TKEY_COUNT };
extern const sc_name sc_top_keys[SC_TKEY_COUNT];
extern const sc_name sc_character_keys[MG_CKEY_COUNT];
extern const sc_name sc_attack_keys[MG_AKEY_COUNT];

/* Values: index = the enum value (mg_side, mg_kind, mg_area, mg_timing,
 * mg_attr, mg_stat). */
extern const sc_name sc_sides[2];
extern const sc_name sc_kinds[2];
extern const sc_name sc_areas[2];
extern const sc_name sc_timings[2];
extern const sc_name sc_attrs[MG_ATTR_COUNT];
extern const sc_name sc_stats[MG_STAT_COUNT];

/** The table of vocabulary v (mg_vocab) and its size. */
const sc_name *sc_vocab(int v, size_t *n);

/** Index of s (exact, either spelling) in names[0..n), or -1. */
int sc_lookup(const sc_name *names, size_t n, const char *s);

/**
 * The spelling in names[0..n) nearest to s (edit distance over code points
 * with transpositions, ASCII letters compared without case), or NULL when none is near:
 * a candidate counts when its distance is at most half its length (rounded
 * up) and less than its length; the smallest distance wins, then the
 * earlier name, English before Japanese.  Texts over 64 code points get no
 * suggestion.  MG-SCN-DIAG-3.
 */
const char *sc_suggest(const sc_name *names, size_t n, const char *s);

#endif
