/* judge.c - the SRS reading of a 2D6 judgement (megami/dice.h). */
#include "megami/dice.h"

/* MG-DICE-SRS-3: critical first (sum ≥ crit), then fumble (sum ≤ fumble);
 * so with [2,2] a sum of 2 is critical, as in BCDice's compare_result. */
mg_judge mg_judge_2d6(int d1, int d2, int crit, int fumble)
{
	long sum = (long)d1 + (long)d2;

	if (sum >= crit)
		return MG_JUDGE_CRITICAL;
	if (sum <= fumble)
		return MG_JUDGE_FUMBLE;
	return MG_JUDGE_NORMAL;
}
