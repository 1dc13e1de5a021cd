/*
 * sc_int.h - private to src/manastorm/scenario/: the names of the scenario
 * format (keys and values in English and Japanese).
 *
 *   parse.c   ms_scenario_parse: util_yaml's tree → the scenario
 *   vocab.c   the names, cards (ms_card_parse, the nearest card)
 *   diag.c    the messages (ja, en) and ms_diag_format
 *   format.c  ms_scenario_to_yaml (canonical YAML)
 *
 * Names: a table or function shared between these files is ms_sc_<name>
 * (manastorm's prefix, then sc_ for the scenario layer: every global
 * symbol of a library carries its system's prefix, tests/symbols.sh);
 * enums stay SC_, and what one file uses alone is static.
 */
#ifndef MS_SC_INT_H
#define MS_SC_INT_H

#include <stddef.h>

#include "manastorm/scenario_yaml.h"
#include "util/yaml.h"

/* Keys of the top level and of a participant (index = the field). */
enum {
	SC_TKEY_BATTLES = 0, SC_TKEY_ROUNDS, SC_TKEY_HAND, SC_TKEY_MATCH,
	SC_TKEY_SHUFFLE, SC_TKEY_PARTICIPANTS, SC_TKEY_COUNT
};
enum {
	SC_PKEY_NAME = 0, SC_PKEY_SIDE, SC_PKEY_ROLE, SC_PKEY_THRESHOLD,
	SC_PKEY_SUIT, SC_PKEY_MP, SC_PKEY_OUTFITS, SC_PKEY_HP, SC_PKEY_DECK,
	SC_PKEY_POLICY, SC_PKEY_COUNT
};
extern const ut_yaml_name ms_sc_top_keys[SC_TKEY_COUNT];
extern const ut_yaml_name ms_sc_participant_keys[SC_PKEY_COUNT];

/* Values: sides (index = side), roles (index 2, 魔法剣士, is a warrior),
 * suits (index = ms_suit, 4 = none), storm_match (index = ms_storm_match),
 * policies. */
#define SC_NROLES 3
#define SC_NSUITS 5
extern const ut_yaml_name ms_sc_sides[2];
extern const ut_yaml_name ms_sc_roles[SC_NROLES];
extern const ut_yaml_name ms_sc_suits[SC_NSUITS];
extern const ut_yaml_name ms_sc_matches[2];
extern const ut_yaml_name ms_sc_policies[3];

/* The 52 cards: en "S1"… and ja "♠1"… (index = suit * 13 + number - 1). */
extern const ut_yaml_name ms_sc_cards[52];

/* The table of vocabulary v (ms_vocab) and its size. */
const ut_yaml_name *ms_sc_vocab(int v, size_t *n);

#endif
