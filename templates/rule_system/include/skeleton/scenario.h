/*
 * skeleton/scenario.h - the input layer: a game from text, one side a line
 * (`NAME HP DIE`), with the place of the first error.
 */
#ifndef SKELETON_SCENARIO_H
#define SKELETON_SCENARIO_H

#include <stddef.h>
#include <stdint.h>

#include "game.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Where and why a text is not a game. */
typedef struct sk_diag {
	uint32_t line, col;   /**< 1-based */
	char message[160];    /**< in the language asked for */
} sk_diag;

/**
 * Read text[0..len) as a game: exactly two lines `NAME HP DIE` (blank lines
 * and lines starting with # are skipped).
 * @param out   the game
 * @param diag  filled on failure (may be NULL)
 * @return 0, or SK_EINVALID (diag says where and why)
 */
int sk_scenario_parse(sk_game *out, sk_diag *diag, const char *text,
                      size_t len, ut_lang lang);

#ifdef __cplusplus
}
#endif

#endif
