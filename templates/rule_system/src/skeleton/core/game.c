/*
 * game.c - the engine of the skeleton rule system (docs/SKELETON.md).
 */
#include "skeleton/game.h"
#include "util/assert.h"

int sk_game_play(sk_result *out, const sk_game *g, ut_dice *dice)
{
	sk_result r = {-1, 0, {g->side[0].hp, g->side[1].hp}};

	while (r.rounds < SK_MAX_ROUNDS) {   /* SK-GAME-3 */
		int a;
		r.rounds++;
		for (a = 0; a < 2; a++) {          /* SK-GAME-1: side 0 first */
			uint64_t dmg;
			int d = 1 - a;
			if (ut_dice_roll(&dmg, dice, g->side[a].die) < 0)
				return SK_EINVALID;
			/* SK-GAME-2: the die's value off the other's HP, to 0 */
			r.hp[d] = (uint64_t)r.hp[d] > dmg ? r.hp[d] - (int64_t)dmg : 0;
			UT_ASSERT(r.hp[d] >= 0);
			if (r.hp[d] == 0) {
				r.winner = a;
				*out = r;
				return SK_OK;
			}
		}
	}
	*out = r;
	return SK_OK;
}
