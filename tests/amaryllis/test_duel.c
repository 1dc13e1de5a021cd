/*
 * test_duel.c - the duel path changes nothing.
 *
 * A battle of one unit a side whose entry units cannot build takes a
 * specialised path (am_battle_opts.duel = 1, the default: schedule.c's
 * duel_play, duel_actors, duel_step and tempo.c's am_tempo_duel); with
 * duel = 0 it takes the general one, the reference.
 *
 * Property: over every pair of NCORE generated core units (bench/gen.h, as
 * the benchmarks and leagues play them) and every ordered pair of NBUILD
 * generated ビルディア teams whose entry unit has no ビルド (so they duel,
 * with 全体化 and 対象Ｎ supports and 全体化 attacks on one unit a side),
 * the four runs {duel 1, 0} × {no callback, recording callback} give the
 * same return code and result, the two recorded event streams are equal
 * event for event, and both units end in the same state.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "amaryllis/engine.h"
#include "support/bteam.h"
#include "support/fixture.h"
#include "util/array.h"

/* a against b both ways; returns the steps of the battle */
static uint64_t both_paths(am_engine *e[4], const am_team *a,
                           const am_team *b, tf_tape *td, tf_tape *tg)
{
	am_battle_opts o[4] = {AM_BATTLE_OPTS_INIT, AM_BATTLE_OPTS_INIT,
	                       AM_BATTLE_OPTS_INIT, AM_BATTLE_OPTS_INIT};
	am_result r[4];
	int rc[4], k;
	size_t i;

	/* 0: duel, silent; 1: general, silent; 2: duel, recorded;
	 * 3: general, recorded */
	o[1].duel = o[3].duel = 0;
	o[2].on_event = o[3].on_event = tf_tape_record;
	td->n = tg->n = 0;
	o[2].event_ud = td;
	o[3].event_ud = tg;
	tf_same_stop(e, a, b, o);
	for (k = 0; k < 4; k++)
		rc[k] = am_battle_run(&r[k], e[k], a, b, &o[k]);
	for (k = 1; k < 4; k++) {
		assert_int_equal(rc[k], rc[0]);
		tf_same_result(&r[k], &r[0]);
		tf_same_units(e[k], e[0], GEN_MAX_ACTIONS * 2);
	}
	assert_int_equal(td->n, tg->n);
	for (i = 0; i < td->n; i++)
		tf_same_event(&td->ev[i], &tg->ev[i]);
	return r[0].steps;
}

/* The entry unit of b has no ビルド. */
static int duels(const bteam *b)
{
	size_t k;

	for (k = 0; k < b->def[0].nslots; k++)
		if (b->act[b->def[0].slots[k]].cls == AM_CLASS_BUILD)
			return 0;
	return 1;
}

#define NCORE 200
#define NBUILD 120

/* AM-STEP-1 AM-STEP-2 AM-SIM-1 AM-TEMPO-2 AM-TEMPO-4 AM-STEP-3 */
static void test_duel_changes_nothing(void **state)
{
	static gen_unit core[NCORE];
	static bteam build[NBUILD];
	const am_team *bt[NBUILD];
	am_engine *e[4];
	tf_tape td = {0}, tg = {0};
	uint64_t seed = 20261130;
	size_t reflected = 0, stunned = 0, sim = 0, all = 0, m;
	int i, j, k, nb = 0;
	(void)state;

	for (i = 0; i < NCORE; i++)
		gen_unit_make(&core[i], &seed, i);
	for (i = 0; i < NBUILD; i++) {
		bteam_make(&build[i], &seed, i, 2);
		if (duels(&build[i]))
			bt[nb++] = &build[i].team;
	}
	for (k = 0; k < 4; k++)
		assert_int_equal(am_engine_new(&e[k]), 0);
	for (i = 0; i < NCORE; i++)
		for (j = i + 1; j < NCORE; j++) {
			both_paths(e, &core[i].team, &core[j].team, &td, &tg);
			for (m = 0; m < td.n; m++) {
				reflected += td.ev[m].kind == AM_EV_REFLECT;
				stunned += td.ev[m].kind == AM_EV_STUNNED;
				sim += td.ev[m].kind == AM_EV_STEP_BEGIN &&
				       td.ev[m].value == 2;
			}
		}
	for (i = 0; i < nb; i++)
		for (j = 0; j < nb; j++) {
			both_paths(e, bt[i], bt[j], &td, &tg);
			for (m = 0; m < td.n; m++)
				all += td.ev[m].kind == AM_EV_ACTION &&
				       td.ev[m].actor >= 0;
		}
	/* the sets reach reflections, スタン, simultaneous steps, and the
	 * ビルディア teams that duel take actions */
	assert_true(nb >= 20);
	assert_true(reflected > 0);
	assert_true(stunned > 0);
	assert_true(sim > 0);
	assert_true(all > 0);
	for (k = 0; k < 4; k++)
		am_engine_free(e[k]);
	free(td.ev);
	free(tg.ev);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		TF_TEST("AM-STEP-1 AM-STEP-2 AM-SIM-1 AM-TEMPO-2 AM-TEMPO-4 "
		        "AM-STEP-3",
		        test_duel_changes_nothing),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
