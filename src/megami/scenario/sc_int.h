/*
 * sc_int.h - private to src/megami/scenario/: the vocabularies of the
 * scenario format and the nearest-name helper.
 *
 *   parse.c   mg_scenario_parse: bytes → YAML events → a small tree → the
 *             scenario, with diagnostics
 *   diag.c    the message catalogue (ja, en) and mg_diag_format
 *   format.c  mg_scenario_to_yaml (canonical YAML)
 *   vocab.c   the names of keys and values (English, Japanese), suggestions
 *
 * Names: a table or function shared between these files is mg_sc_<name>
 * (megami's prefix, then sc_ for the scenario layer: every global symbol
 * of a library carries its system's prefix, tests/symbols.sh); types and
 * enums stay sc_/SC_, and what one file uses alone is static.
 */
#ifndef MG_SC_INT_H
#define MG_SC_INT_H

#include <stddef.h>

#include "megami/scenario_yaml.h"
#include "util/yaml.h"

/** One name of the format: its English and Japanese spellings (util_yaml's
 *  type: lookups and the nearest name are util/yaml.h's). */
typedef ut_yaml_name sc_name;

/* Keys of the top level, a character, an attack (index = the field). */
enum { SC_TKEY_ROUND_LIMIT = 0, SC_TKEY_CHARACTERS, SC_TKEY_COUNT };
extern const sc_name mg_sc_top_keys[SC_TKEY_COUNT];
extern const sc_name mg_sc_character_keys[MG_CKEY_COUNT];
extern const sc_name mg_sc_attack_keys[MG_AKEY_COUNT];

/* Values: index = the enum value (mg_side, mg_kind, mg_area, mg_timing,
 * mg_attr, mg_stat). */
extern const sc_name mg_sc_sides[2];
extern const sc_name mg_sc_kinds[2];
extern const sc_name mg_sc_areas[2];
extern const sc_name mg_sc_timings[2];
extern const sc_name mg_sc_attrs[MG_ATTR_COUNT];
extern const sc_name mg_sc_stats[MG_STAT_COUNT];

/** The table of vocabulary v (mg_vocab) and its size. */
const sc_name *mg_sc_vocab(int v, size_t *n);

/* megami's own diagnostics while reading, after util_yaml's codes (the
 * public mg_diag carries mg_diag_code: mg_sc_mg_code maps). */
enum {
	SC_D_DUPLICATE_ATTR = UT_YAML_D_USER, SC_D_DUPLICATE_NAME,
	SC_D_HP_TOO_LOW, SC_D_HP_NOW_OVER, SC_D_RANGE_NEGATIVE,
	SC_D_ROUND_LIMIT, SC_D_NO_PC, SC_D_NO_NPC, SC_D_ROUND_LIMIT_HIGH,
	SC_D_TOO_MANY, SC_D_NUMBER_RANGE, SC_D_END
};
/* megami's own want (a stat name or an integer), after util's. */
enum { SC_WANT_CHECK = UT_YAML_WANT_USER };

/** The mg_diag_code of a util_yaml or SC_D_ code (0 for none). */
int mg_sc_mg_code(int ut_code);

/** The util_yaml or SC_D_ code of an mg_diag_code (0 for none). */
int mg_sc_ut_code(int mg_code);

#endif
