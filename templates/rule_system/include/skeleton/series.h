/*
 * skeleton/series.h - the series layer: many games, run i on seed
 * ut_rng_series_seed(seed, i), counted.
 */
#ifndef SKELETON_SERIES_H
#define SKELETON_SERIES_H

#include <stdint.h>

#include "game.h"

#ifdef __cplusplus
extern "C" {
#endif

/** What a series came to. */
typedef struct sk_series {
	uint64_t runs;
	uint64_t wins[2], draws;
} sk_series;

/**
 * Play `runs` games of g.
 * @param out  the counts
 * @return 0, or what sk_game_play returned
 */
int sk_series_run(sk_series *out, const sk_game *g, uint64_t seed,
                  uint64_t runs);

#ifdef __cplusplus
}
#endif

#endif
