/*
 * test_hits.c - the grouped hits of 全体化 attacks (BU-ALL-3).
 *
 * By default the engine plays a 全体化 attack as one volley record and lets
 * each target meet the volleys by kind of hit (am_battle_opts.expand_hits
 * = 0); with expand_hits = 1 it makes one record and one event per hit
 * (attackers × targets), as the rules tell it: the reference.
 *
 * Property: over every ordered pair of a set of generated ビルディア teams
 * whose attacks are all (or half) 全体化, both ways give the same return
 * code, result and final state of every unit; their event streams are the
 * same outside attack tempos, event for event, and inside each tempo tell
 * the same facts: the same hits (a HITS event counting as `count` hits of
 * its kind), reflections, guards, states gained, revivals and deaths, and
 * each damaged unit ends the tempo at the same ＨＰ.
 *
 * Hand case: the 母/父 pair of issue 11, which stopped at the old cap of
 * 4,000,000 attacks in one step.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "amaryllis/engine.h"
#include "amaryllis/sheet.h"
#include "support/bteam.h"
#include "support/fixture.h"
#include "util/array.h"

/* ---- recording events ---------------------------------------------------- */

typedef struct tape {
	am_event *ev;
	size_t n, cap;
	size_t turn_units[AM_LAST_TURN + 1]; /* units at each TURN_END */
} tape;

static int record(void *ud, const am_engine *e, const am_event *ev)
{
	tape *t = ud;

	if (ev->kind == AM_EV_TURN_END)
		t->turn_units[ev->turn] = am_engine_unit_count(e);
	if (UT_ARRAY_RESERVE(t->ev, t->cap, t->n + 1) < 0)
		return 1;
	t->ev[t->n++] = *ev;
	return 0;
}

/* ---- the facts of one tempo ---------------------------------------------- */

/* A fact: kind, then up to 5 fields; hits keep the attacker's side and
 * action, not its id (a HITS event names only the front-most attacker). */
typedef struct fact {
	int64_t f[6];
} fact;

typedef struct facts {
	fact *v;
	size_t n, cap;
} facts;

static int fact_cmp(const void *pa, const void *pb)
{
	const fact *a = pa, *b = pb;
	int i;

	for (i = 0; i < 6; i++)
		if (a->f[i] != b->f[i])
			return a->f[i] < b->f[i] ? -1 : 1;
	return 0;
}

static void put(facts *fs, int64_t a, int64_t b, int64_t c, int64_t d,
                int64_t e, int64_t f)
{
	fact *x;

	assert_int_equal(UT_ARRAY_RESERVE(fs->v, fs->cap, fs->n + 1), 0);
	x = &fs->v[fs->n++];
	x->f[0] = a;
	x->f[1] = b;
	x->f[2] = c;
	x->f[3] = d;
	x->f[4] = e;
	x->f[5] = f;
}

enum { F_HIT, F_REFLECT, F_GUARD, F_STATE, F_LIFE, F_DEATH, F_NOTARGET,
       F_HP };

/*
 * The facts of events ev[0..n) (one tempo) into fs, sorted: every hit with
 * its attacker's side, action, target and damage (a HITS event as `count`
 * hits), 反射 and ガード taken (with the stacks left), states gained summed
 * per unit and state with the count reached, revivals and deaths, and the
 * last ＨＰ told for each damaged unit.  `side` maps unit ids to sides.
 */
static void tempo_facts(facts *fs, const am_event *ev, size_t n,
                        const am_engine *e)
{
	size_t i, j;

	fs->n = 0;
	for (i = 0; i < n; i++) {
		const am_event *x = &ev[i];
		am_unit_state a;
		int64_t side = -1, k;
		if (x->actor >= 0) {
			assert_int_equal(am_engine_unit(&a, e, (size_t)x->actor), 0);
			side = a.side;
		}
		switch (x->kind) {
		case AM_EV_DAMAGE:
		case AM_EV_FAIL:
			put(fs, F_HIT, side, x->action, x->target, x->value, 0);
			break;
		case AM_EV_HITS:
			assert_true(x->count >= 2);
			for (k = 0; k < x->count; k++)
				put(fs, F_HIT, side, x->action, x->target, x->value, 0);
			break;
		case AM_EV_REFLECT:
			put(fs, F_REFLECT, x->actor, x->action, x->target, x->after,
			    0);
			break;
		case AM_EV_GUARD:
			put(fs, F_GUARD, x->actor, x->action, x->target, x->value,
			    x->after);
			break;
		case AM_EV_STATE_GAIN:
			put(fs, F_STATE, x->target, x->state, x->value, x->after,
			    0);
			break;
		case AM_EV_LIFE:
			put(fs, F_LIFE, x->target, x->after, 0, 0, 0);
			break;
		case AM_EV_DEATH:
			put(fs, F_DEATH, x->target, x->after, 0, 0, 0);
			break;
		case AM_EV_NO_TARGET:
			put(fs, F_NOTARGET, x->actor, x->action, x->target, 0, 0);
			break;
		default:
			fail_msg("event kind %d inside a tempo", (int)x->kind);
		}
	}
	/* the last ＨＰ told of each damaged unit (FAIL tells the ＨＰ of the
	 * moment, so it is left out) */
	for (i = 0; i < n; i++) {
		const am_event *x = &ev[i];
		int last = 1;
		if (x->kind != AM_EV_DAMAGE &&
		    !(x->kind == AM_EV_HITS && x->value >= 0))
			continue;
		for (j = i + 1; j < n && last; j++)
			last = !(ev[j].target == x->target &&
			         (ev[j].kind == AM_EV_DAMAGE ||
			          (ev[j].kind == AM_EV_HITS && ev[j].value >= 0)));
		if (last)
			put(fs, F_HP, x->target, x->after, 0, 0, 0);
	}
	/* states: the sum gained per unit and state, and the count reached
	 * (the largest, as states only grow inside a tempo) */
	qsort(fs->v, fs->n, sizeof(fact), fact_cmp);
	for (i = j = 0; i < fs->n; i++) {
		fact *x = &fs->v[i];
		if (x->f[0] == F_STATE && j > 0 && fs->v[j - 1].f[0] == F_STATE &&
		    fs->v[j - 1].f[1] == x->f[1] && fs->v[j - 1].f[2] == x->f[2]) {
			fact *y = &fs->v[j - 1];
			y->f[3] += x->f[3];
			y->f[4] = x->f[4] > y->f[4] ? x->f[4] : y->f[4];
			continue;
		}
		fs->v[j++] = *x;
	}
	fs->n = j;
	qsort(fs->v, fs->n, sizeof(fact), fact_cmp);
}

/*
 * Streams a (grouped) and b (reference) tell the same battle: outside
 * attack tempos event for event; each tempo (the events with the same
 * step and tempo ≥ 1) the same facts.  Returns the number of HITS events
 * of a (for the sanity counts).
 */
static size_t assert_same_story(const tape *a, const tape *b,
                                const am_engine *ea, const am_engine *eb)
{
	facts fa = {0}, fb = {0};
	size_t i = 0, j = 0, hits = 0, k;

	while (i < a->n && j < b->n) {
		size_t i2 = i, j2 = j;
		if (a->ev[i].tempo == 0 || b->ev[j].tempo == 0) {
			tf_same_event(&a->ev[i], &b->ev[j]);
			i++;
			j++;
			continue;
		}
		assert_int_equal(a->ev[i].step, b->ev[j].step);
		assert_int_equal(a->ev[i].tempo, b->ev[j].tempo);
		while (i2 < a->n && a->ev[i2].tempo == a->ev[i].tempo &&
		       a->ev[i2].step == a->ev[i].step)
			i2++;
		while (j2 < b->n && b->ev[j2].tempo == b->ev[j].tempo &&
		       b->ev[j2].step == b->ev[j].step)
			j2++;
		for (k = i; k < i2; k++)
			hits += a->ev[k].kind == AM_EV_HITS;
		tempo_facts(&fa, a->ev + i, i2 - i, ea);
		tempo_facts(&fb, b->ev + j, j2 - j, eb);
		assert_int_equal(fa.n, fb.n);
		for (k = 0; k < fa.n; k++)
			assert_memory_equal(fa.v[k].f, fb.v[k].f, sizeof(fa.v[k].f));
		i = i2;
		j = j2;
	}
	assert_int_equal(i, a->n);
	assert_int_equal(j, b->n);
	free(fa.v);
	free(fb.v);
	return hits;
}

/* ---- the property -------------------------------------------------------- */

#define NTEAMS 60

/* BU-ALL-2 BU-ALL-3 AM-TEMPO-7 */
static void test_grouped_hits_change_nothing(void **state)
{
	static bteam teams[NTEAMS];
	am_engine *e[4];
	tape tg = {0}, tr = {0};
	uint64_t seed = 20261201;
	size_t hits = 0, reflects = 0, guards = 0, big = 0;
	int i, j, k;
	(void)state;

	/* the first half: every attack 全体化; the second: one in two */
	for (i = 0; i < NTEAMS; i++)
		bteam_make(&teams[i], &seed, i, i < NTEAMS / 2 ? 1 : 2);
	for (k = 0; k < 4; k++)
		assert_int_equal(am_engine_new(&e[k]), 0);
	for (i = 0; i < NTEAMS; i++)
		for (j = 0; j < NTEAMS; j++) {
			am_battle_opts o[4] = {AM_BATTLE_OPTS_INIT,
			                       AM_BATTLE_OPTS_INIT,
			                       AM_BATTLE_OPTS_INIT,
			                       AM_BATTLE_OPTS_INIT};
			am_result r[4];
			int rc[4];
			size_t m;
			/* 0 grouped, 1 reference, 2 grouped recorded,
			 * 3 reference recorded */
			o[1].expand_hits = o[3].expand_hits = 1;
			o[2].on_event = o[3].on_event = record;
			o[2].event_ud = &tg;
			o[3].event_ud = &tr;
			tf_same_stop(e, &teams[i].team, &teams[j].team, o);
			tg.n = tr.n = 0;
			for (k = 0; k < 4; k++)
				rc[k] = am_battle_run(&r[k], e[k], &teams[i].team,
				                      &teams[j].team, &o[k]);
			for (k = 1; k < 4; k++) {
				assert_int_equal(rc[k], rc[0]);
				tf_same_result(&r[k], &r[0]);
				tf_same_units(e[k], e[0], 0);
			}
			hits += assert_same_story(&tg, &tr, e[2], e[3]);
			for (m = 0; m < tg.n; m++) {
				reflects += tg.ev[m].kind == AM_EV_REFLECT;
				guards += tg.ev[m].kind == AM_EV_GUARD;
			}
			big += am_engine_unit_count(e[0]) > 16;
		}
	/* the set reaches grouped hits, 反射 and ガード inside grouped tempos
	 * and populations past a few units (counts from this seed) */
	assert_true(hits > 0);
	assert_true(reflects > 0);
	assert_true(guards > 0);
	assert_true(big > 0);
	for (k = 0; k < 4; k++)
		am_engine_free(e[k]);
	free(tg.ev);
	free(tr.ev);
}

/* ---- the 母/父 pair ---------------------------------------------------- */

static const char haha[] =
	"母（９）：５／０／０／２／呼ぶ\n"
	"・呼ぶ：ビルド（Ｘ）＜リミテッド＞＜遅延起動２＞＜配置１＞\n"
	"○Ｘ（１２）：５／０／０／２／増える、撃つ\n"
	"・増える：ビルド（Ｘ）＜遅延起動２＞＜配置１＞\n"
	"・撃つ：直接攻撃＜全体化＞\n";

static am_sheet *sheet(const char *text)
{
	am_sheet *s = NULL;

	assert_int_equal(am_sheet_parse(&s, text, strlen(text), NULL), 0);
	assert_true(am_sheet_ok(s));
	return s;
}

/*
 * The pair of issue 11 (examples/haha.txt against examples/chichi.txt:
 * the same sheet under two names).  Derivation, per side (the sides are
 * alike): every unit has 素早さ 2, so every step is a simultaneous step of
 * all units with AP left (BU-ORDER-1).
 * - 母's 呼ぶ (リミテッド, 遅延起動2) builds one Ｘ in turn 2, once.
 * - An Ｘ built in turn b has 撃つ from turn b+1 and 増える from b+2 on
 *   (BU-BUILD-3); 増える comes first in its list, so from turn b+2 every
 *   turn it builds in its first step and attacks in its second.
 * - So with X(t) the Ｘ after turn t: X(2) = X(3) = 1 and, from turn 4,
 *   X(t) = X(t−1) + X(t−2) (those built by turn t−2 build one each): the
 *   Fibonacci numbers, X(t) = F(t−1): 1, 1, 2, 3, 5, 8, … X(19) = 2584,
 *   X(20) = F(19) = 4181.  With 母, a side has 4182 units at the end
 *   (2585 in turn 19, where the old engine stopped).
 * - 撃つ is a 直接攻撃 with 攻撃力 0 on 防御力 0: damage 0 (not < 0, so it
 *   lands and changes nothing: AM-TEMPO-5).  Nobody is ever hurt: the
 *   battle runs to turn 20, each side scores 4182 × 5 = 20910: a draw.
 * - Steps: turns 0 and 1 two empty steps each (AP 2); turn 2: 母 builds,
 *   then a step of 母 and the new Ｘ (AP 2), then one of the Ｘ alone: 3;
 *   turn 3: 2 (Ｘ attacks, then nothing); turns 4..20: the old units
 *   build or attack, then a step of the old and the new units, then one
 *   of the new ones alone: 3 each, 17 × 3 = 51.  In all 2+2+3+2+51 = 60.
 * - Turn 6 (steps 16, 17, 18; turns 0..5 took 2+2+3+2+3+3 = 15 steps): in
 *   step 16 the Ｘ of turns 2 and 4 build and the Ｘ of turn 5 attacks
 *   alone; in step 17 the two builders attack together: each of the 6
 *   living enemies (母 and 5 Ｘ) takes 2 hits of 0, one HITS event each.
 */
/* BU-ALL-2 BU-ALL-3 BU-BUILD-3 BU-RESULT-2 */
static void test_haha_chichi(void **state)
{
	static const size_t per_side[AM_LAST_TURN + 1] = {
		1, 1, 2, 2, 3, 4, 6, 9, 14, 22, 35, 56, 90, 145, 234, 378,
		611, 988, 1598, 2585, 4182
	};
	am_sheet *a = sheet(haha), *b;
	char *chichi = strdup(haha);
	am_battle_opts o = AM_BATTLE_OPTS_INIT;
	am_engine *e;
	am_result r;
	tape t = {0};
	size_t i, n17 = 0;
	int turn;
	(void)state;

	/* 父 for 母: the same bytes (both are one three-byte character) */
	assert_non_null(chichi);
	memcpy(chichi, "父", strlen("父"));
	b = sheet(chichi);
	o.on_event = record;
	o.event_ud = &t;
	assert_int_equal(am_engine_new(&e), 0);
	assert_int_equal(am_battle_run(&r, e, am_sheet_team(a),
	                               am_sheet_team(b), &o), 0);
	assert_int_equal(r.draw, 1);
	assert_int_equal(r.winner, -1);
	assert_int_equal(r.turns, 20);
	assert_int_equal(r.steps, 60);
	assert_int_equal(r.score[0], 20910);
	assert_int_equal(r.score[1], 20910);
	for (turn = 0; turn <= AM_LAST_TURN; turn++)
		assert_int_equal(t.turn_units[turn], 2 * per_side[turn]);
	assert_int_equal(am_engine_unit_count(e), 2 * 4182);
	for (i = 0; i < am_engine_unit_count(e); i++) {
		am_unit_state st;
		assert_int_equal(am_engine_unit(&st, e, i), 0);
		assert_int_equal(st.alive, 1);
		assert_int_equal(st.hp, 5);
	}
	for (i = 0; i < t.n; i++) {
		const am_event *x = &t.ev[i];
		if (x->step != 17 || x->tempo != 1)
			continue;
		assert_int_equal(x->kind, AM_EV_HITS);
		assert_int_equal(x->count, 2);
		assert_int_equal(x->value, 0);
		assert_int_equal(x->after, 5);
		n17++;
	}
	assert_int_equal(n17, 12);
	/* without a callback: the same result */
	o.on_event = NULL;
	{
		am_result r2;
		assert_int_equal(am_battle_run(&r2, e, am_sheet_team(a),
		                               am_sheet_team(b), &o), 0);
		tf_same_result(&r2, &r);
	}
	am_engine_free(e);
	am_sheet_free(a);
	am_sheet_free(b);
	free(chichi);
	free(t.ev);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		TF_TEST("BU-ALL-2 BU-ALL-3 AM-TEMPO-7",
		        test_grouped_hits_change_nothing),
		TF_TEST("BU-ALL-2 BU-ALL-3 BU-BUILD-3 BU-RESULT-2",
		        test_haha_chichi),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
