/*
 * manastorm/scenario.h - a duel as plain data: the table's participants in
 * seat order, their numbers, decks and policies (rulings D1, D7.11).  The
 * YAML reader (manastorm/scenario_yaml.h) fills it; code may build one
 * directly.  The engine borrows it: it must outlive the duel.
 */
#ifndef MANASTORM_SCENARIO_H
#define MANASTORM_SCENARIO_H

#include <stddef.h>
#include <stdint.h>

#include "common.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Suits, in the order of D5's ties (S H D C: ♠♥♦♣). */
typedef enum ms_suit {
	MS_SUIT_S = 0,
	MS_SUIT_H = 1,
	MS_SUIT_D = 2,
	MS_SUIT_C = 3,
	MS_SUIT_NONE = -1 /**< a favoured suit: none */
} ms_suit;

/** A playing card: suit 0–3 and number 1–13 (A=1, J=11, Q=12, K=13). */
typedef struct ms_card {
	uint8_t suit;
	uint8_t number;
} ms_card;

typedef enum ms_role {
	MS_ROLE_CASTER = 0, /**< 魔法術師: enchants, MP and 衣装 */
	MS_ROLE_WARRIOR = 1 /**< 魔法戦士 (also 魔法剣士): attacks, HP */
} ms_role;

typedef enum ms_storm_match {
	MS_MATCH_NUMBER = 0, /**< the same number makes a マナ・ストーム */
	MS_MATCH_CARD = 1    /**< the same suit and number */
} ms_storm_match;

/** One participant, in seat order round the table. */
typedef struct ms_participant {
	const char *name;      /**< unique, borrowed */
	int side;              /**< 0 = A, 1 = B */
	ms_role role;
	int64_t threshold;     /**< 発現値, 0–13 */
	int suit;              /**< 得意スート: an ms_suit, or MS_SUIT_NONE */
	int64_t mp;            /**< casters: ≥ 0 */
	const int64_t *outfits; /**< casters: マナ変換力 of each 衣装 (≥ 1) */
	size_t noutfits;       /**< casters: ≥ 1 */
	int64_t hp;            /**< warriors: ≥ 1 */
	const ms_card *deck;   /**< top first; NULL: the 52 cards S1…S13 H1…
	                            H13 D1…D13 C1…C13 */
	size_t ndeck;
	const char *policy;    /**< a policy's name (ms_policy_find); NULL:
	                            "default" */
} ms_participant;

/*
 * The limits of a scenario that bound a duel's length (MS-SCN-LIMIT-1,
 * docs/MANASTORM.md): battles 1 … 100 and rounds_per_battle 1 … 1000
 * (D1's defaults are 3 and 10), so a duel is at most 100 000 rounds (its
 * events are bounded by the budget of manastorm/duel.h); names of at most
 * MS_SCN_NAME_MAX characters (code points), for the size of a log line.
 */
#define MS_SCN_BATTLES_MAX 100
#define MS_SCN_ROUNDS_MAX 1000
#define MS_SCN_NAME_MAX 100

/** A scenario (D1 with its defaults). */
typedef struct ms_scenario {
	int64_t battles;            /**< 1 … MS_SCN_BATTLES_MAX; default 3 */
	int64_t rounds_per_battle;  /**< 1 … MS_SCN_ROUNDS_MAX; default 10 */
	int64_t hand_size;          /**< default 5 */
	ms_storm_match storm_match; /**< default number */
	int shuffle;                /**< default 1; 0: decks in the given order */
	const ms_participant *participants;
	size_t nparticipants;
} ms_scenario;

/** Set what a participant built by code starts from (a caster with no
 *  衣装 yet, threshold 0, no favoured suit, MP 0, HP 1, the full deck,
 *  policy default); name, side, role and the role's numbers are for the
 *  caller.  The numbers D1 gives a scenario file that leaves them out
 *  (threshold 7, MP 3, 衣装 [3, 2], HP 10) are the reader's:
 *  MS_D1_THRESHOLD and the others in manastorm/scenario_yaml.h. */
void ms_participant_init(ms_participant *p);

/** Set the defaults of D1 (3 battles, 10 rounds, hand 5, number, shuffle),
 *  with no participants. */
void ms_scenario_init(ms_scenario *s);

/**
 * Check a scenario built by code against D1/D7.11: names unique and
 * non-empty, each side has a warrior, a caster has at least one 衣装, 衣装
 * ≥ 1, HP ≥ 1, MP ≥ 0, 発現値 0–13, cards S1…C13, the numbers of D1 ≥ 1
 * (hand_size ≥ 0), and the limits above (MS-SCN-LIMIT-1).  It does not
 * look policies up (the engine does).
 * @return 0, or MS_EINVALID with ms_error_last() saying what is wrong
 *         ("ms_scenario_check: s is NULL" for NULL).
 */
int ms_scenario_check(const ms_scenario *s);

/** "S1"…"C13" for a card (buffer of 4), or "♠1"… with `symbols`
 *  (buffer of 6); returns buf. */
const char *ms_card_name(char *buf, ms_card c, int symbols);

#ifdef __cplusplus
}
#endif

#endif
