/*
 * series.c - the series layer of the skeleton rule system: many games.
 */
#include "skeleton/series.h"

int sk_series_run(sk_series *out, const sk_game *g, uint64_t seed,
                  uint64_t runs)
{
	sk_series s = {runs, {0, 0}, 0};
	uint64_t i;

	for (i = 0; i < runs; i++) {
		ut_dice dice;
		sk_result r;
		int rc;
		ut_dice_seed(&dice, ut_rng_series_seed(seed, i));
		if ((rc = sk_game_play(&r, g, &dice)) < 0)
			return rc;
		if (r.winner < 0)
			s.draws++;
		else
			s.wins[r.winner]++;
	}
	*out = s;
	return SK_OK;
}
