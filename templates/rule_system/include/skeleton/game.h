/*
 * skeleton/game.h - the engine (core layer): two sides strike in turn
 * until one has no HP left.
 *
 *     sk_game g = {{{"A", 10, 6}, {"B", 8, 4}}};
 *     sk_result r;
 *     ut_dice dice;
 *     ut_dice_seed(&dice, 1);
 *     if (sk_game_play(&r, &g, &dice) < 0) … sk_error_last() …
 *
 * No I/O, no global state: the dice come from the caller's ut_dice.
 */
#ifndef SKELETON_GAME_H
#define SKELETON_GAME_H

#include <stdint.h>

#include "../util/rng.h"
#include "common.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Rounds after which a game is a draw (SK-GAME-3). */
#define SK_MAX_ROUNDS 100

/** One side: its name, hit points and the sides of its damage die. */
typedef struct sk_side {
	char name[32];
	int64_t hp;      /**< 1 … 1,000,000 */
	uint64_t die;    /**< 1 … 1,000 */
} sk_side;

/** A game: side 0 strikes first (SK-GAME-1). */
typedef struct sk_game {
	sk_side side[2];
} sk_game;

/** How a game ended. */
typedef struct sk_result {
	int winner;        /**< 0 or 1; -1: a draw after SK_MAX_ROUNDS */
	int rounds;        /**< rounds played */
	int64_t hp[2];     /**< hit points left (0 at least) */
} sk_result;

/**
 * Play g to its end (SK-GAME-1 … SK-GAME-3) with dice from `dice`.
 * @param out  the result
 * @return 0, or SK_EINVALID when a fixed die is out of range
 */
int sk_game_play(sk_result *out, const sk_game *g, ut_dice *dice);

#ifdef __cplusplus
}
#endif

#endif
