/*
 * bench_population.c - the engine at the scale of アマリリス・ビルディア:
 * a battle whose population grows to about 10⁶ living units.
 *
 * Side A: a ビルディア-sized 母 (built here through the API, not a sheet: a
 * ビルディア's bonus is free, but a sheet's entry unit cannot reach such a
 * unit within 20 turns) with 素早さ S and S slots of ビルド（子）＜配置−1＞, so
 * it adds S units behind itself every turn; each 子 (ＨＰ 5, 素早さ 1) has a
 * 直接攻撃.  Side B: one sturdy unit whose ＨＰ減殺＜全体化＞ hits every
 * living 子 each turn.  So every turn has S single steps with a build each,
 * one simultaneous step of all 子 (one tempo of up to 10⁶ attacks on one
 * target) and one 全体化 attack with a hit per living enemy.
 *
 * MODE 2: 全体化 on both sides (BU-ALL-3).  Both sides are the 母 above,
 * and every 子 (攻撃力 0, so that nobody dies) attacks with
 * 直接攻撃＜全体化＞: each turn one simultaneous step of all 子 of both
 * sides, every one of them hitting every living enemy — at S = 24999,
 * 999,960 living 子 at the end, 2.5·10¹¹ hits in the last turn alone,
 * grouped by kind.
 *
 * Usage: bench_population [S] [MODE(0/1/2)]   (defaults 50000, 0)
 * Prints the time, steps, peak population, the engine's memory and the
 * process's peak RSS.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

#include "gen.h"

int main(int argc, char **argv)
{
	long s = argc > 1 ? atol(argv[1]) : 50000;
	int hits = argc > 2 ? atoi(argv[2]) : 0;
	am_action acts[3], bact[1];
	am_unit_def defs[2], bdef;
	uint32_t *slots, kid_slot = 1, b_slot = 0;
	am_team a, b;
	am_engine *e;
	am_result r;
	am_battle_opts o = AM_BATTLE_OPTS_INIT;
	struct rusage ru;
	double t0, t;
	long i;
	int rc;

	if (s < 1)
		s = 1;
	slots = malloc((size_t)s * sizeof(*slots));
	if (!slots)
		return 1;
	memset(acts, 0, sizeof(acts));
	acts[0].name = "子づくり";
	acts[0].cls = AM_CLASS_BUILD;
	acts[0].mult = 1;
	acts[0].build = 1;
	acts[0].place = -1;
	acts[1].name = "噛みつき";
	acts[1].cls = AM_CLASS_DIRECT;
	acts[1].mult = 1;
	acts[1].build = -1;
	for (i = 0; i < s; i++)
		slots[i] = 0;
	memset(defs, 0, sizeof(defs));
	defs[0].name = "母";
	defs[0].hp = 5;
	defs[0].spd = s;
	defs[0].nslots = (size_t)s;
	defs[0].slots = slots;
	defs[1].name = "子";
	defs[1].hp = 5;
	defs[1].atk = 1;
	defs[1].spd = 1;
	defs[1].nslots = 1;
	defs[1].slots = &kid_slot;
	a.nunits = 2;
	a.units = defs;
	a.nactions = 2;
	a.actions = acts;

	memset(bact, 0, sizeof(bact));
	bact[0].name = "赤赤";
	bact[0].cls = AM_CLASS_HALVE;
	bact[0].mult = 1;
	bact[0].all = 1;
	bact[0].build = -1;
	memset(&bdef, 0, sizeof(bdef));
	bdef.name = "壁";
	bdef.hp = 1000000000000LL;
	bdef.def = 1000;
	bdef.spd = hits ? 1 : 0;
	bdef.nslots = 1;
	bdef.slots = &b_slot;
	b.nunits = 1;
	b.units = &bdef;
	b.nactions = 1;
	b.actions = bact;

	if (hits == 2) { /* 全体化 on both sides: B is A */
		acts[1].all = 1;
		defs[1].atk = 0;
		b = a;
	}
	o.max_units = (size_t)s * 42 + 10;
	if (am_engine_new(&e) < 0)
		return 1;
	t0 = gen_now();
	rc = am_battle_run(&r, e, &a, &b, &o);
	t = gen_now() - t0;
	if (rc < 0) {
		fprintf(stderr, "bench_population: %s\n", am_error_last());
		return 1;
	}
	getrusage(RUSAGE_SELF, &ru);
	{
		size_t n = am_engine_unit_count(e), living = 0, k;
		for (k = 0; k < n; k++) {
			am_unit_state st;
			if (am_engine_unit(&st, e, k) == 0 && st.alive)
				living++;
		}
		printf("bench_population: S=%ld%s: %zu units created, %zu living "
		       "at the end, %d turns, %llu steps in %.2f s\n",
		       s, hits == 2 ? " with 全体化 attacks on both sides"
		          : hits ? " with 全体化 attacks" : "",
		       n, living, r.turns,
		       (unsigned long long)r.steps, t);
		printf("bench_population: engine memory %.1f MiB, peak RSS "
		       "%.1f MiB (%.0f bytes per unit)\n",
		       (double)am_engine_memory(e) / (1 << 20),
		       (double)ru.ru_maxrss / 1024,
		       (double)am_engine_memory(e) / (double)n);
	}
	am_engine_free(e);
	free(slots);
	return 0;
}
