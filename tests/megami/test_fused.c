/*
 * test_fused.c - mg_combat_run plays the default policy through a fused
 * path (combat.c: no ask built, no check of what the policy chose); the
 * step API (mg_combat_next, mg_policy_default, mg_combat_act) stays.  The
 * two must be one engine: over generated scenarios, each fought from the
 * start and from states a person reached (待機, GM adjustments), the fused
 * run and the step loop give the same return code and error text, the
 * same events field by field, the same dice used, the same result, and
 * the same state of every character, order, round, roll and refusal.
 * Each comparison runs twice: with an event callback on both sides, and
 * with none (mg_combat_run's quiet run when the dice come from the
 * generator: its own copy of the generator, no roll described).
 *
 * The scenarios vary what the policy and the rules branch on: sides of 1
 * to 5, positions close enough to block and 離脱, ranges, area and complex
 * attacks, armor, とどめ, characters starting 戦闘不能, no attacks; and
 * the ways a combat stops: overflowing values (in the policy and in the
 * rules), dice from a list that runs out or holds a bad value, a small
 * event budget or one that runs out after some rounds (the quiet run's
 * own rounds, then the step machine's), a callback that says stop.
 *
 * The quiet run plays its rounds in a flat loop (quiet.c: mg_quiet_flat)
 * when it can, else the step machine's way; the scenarios reach both and
 * every way out of the flat loop: many characters (more than its 64, or
 * too many for the table of armor modifiers), values just beyond its
 * bound, HP just below its floor, positions beyond its bound (near the
 * ends of int64), the round limit, a budget that may not hold a round,
 * the combat decided, a round with an entry (MG-ENTER-1) or with nobody
 * able; and inside it ties of initiative, skips, a turn with no able
 * enemy while one is to come, area
 * attacks (on 戦闘不能 targets too), fumbles, criticals, moves, とどめ,
 * each loop of the policy's choice (no attack, a sole enemy, a front of
 * one, a longer front, an area attack).  Debug builds count each
 * (mg_combat_qpaths) and the tests check that every one was reached.
 */
#include <inttypes.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "megami/combat.h"
#include "util/rng.h"

#include "../../src/megami/core/combat_int.h" /* mg_combat_qpaths */

#define MAXC 100
#define MAXA 7 /* 3, but 7 in a dense scenario (random_scenario) */
#define MAXV 64

typedef struct gen {
	mg_scenario s;
	mg_character ch[MAXC];
	mg_attack at[MAXC][MAXA];
	int64_t values[MAXV]; /* fixed dice */
	size_t nvalues;
	int fixed;
	uint64_t max_events;
	uint64_t stop_at;     /* the callback stops at this event (0: never) */
} gen;

/* One side of the comparison: a combat, its dice and its event log. */
typedef struct side {
	mg_combat *c;
	ut_dice d;
	char *log;
	size_t len, cap;
	uint64_t nev, stop_at;
} side;

static const char *const names[] = {"a", "b", "c", "d", "e",
                                    "f", "g", "h", "i", "j"};

/* The names of the many characters of a big scenario. */
static char big_names[MAXC][4];

/* The paths of the quiet run reached so far (debug builds). */
static uint64_t qpaths[MG_QP_COUNT];
static int qpaths_counted;

static void count_paths(const mg_combat *c)
{
	uint64_t p[MG_QP_COUNT];
	size_t k;

	if (mg_combat_qpaths(p, c) < 0)
		return; /* NDEBUG: not counted */
	qpaths_counted = 1;
	for (k = 0; k < MG_QP_COUNT; k++)
		qpaths[k] += p[k];
}

/* Every path from `from` to `to` (enum mg_qpath) was reached. */
static void check_paths(int from, int to)
{
	int k;

	if (!qpaths_counted)
		return;
	fprintf(stderr, "quiet paths %d-%d:", from, to);
	for (k = from; k <= to; k++)
		fprintf(stderr, " %" PRIu64, qpaths[k]);
	fprintf(stderr, "\n");
	for (k = from; k <= to; k++) {
		if (qpaths[k] == 0)
			fprintf(stderr, "quiet path %d never reached\n", k);
		assert_true(qpaths[k] > 0);
	}
}

/* A value of 0 … n−1. */
static int64_t pick(ut_rng *r, uint64_t n)
{
	return (int64_t)ut_rng_uniform(r, n);
}

/* A big value now and then, for the overflow paths, and one just beyond
 * the bound of the flat quiet rounds (MG_QFLAT_BOUND: no overflow, but
 * the step machine plays it). */
static int tame; /* maybe_huge gives v only */
static int duel_only; /* random_scenario: one against one */

static int64_t maybe_huge(ut_rng *r, int64_t v)
{
	if (tame)
		return v;
	switch (pick(r, 200)) {
	case 0:
		return INT64_MAX - pick(r, 3);
	case 1:
		return INT64_MIN + pick(r, 3);
	case 2:
		return MG_QFLAT_BOUND + pick(r, 2);
	case 3:
		return -MG_QFLAT_BOUND - pick(r, 2);
	default:
		return v;
	}
}

static void random_scenario(gen *g, uint64_t seed)
{
	ut_rng r;
	size_t npc, nnpc, i, k;
	int sparse = 0, dense = 0;

	tame = 0;
	memset(g, 0, sizeof(*g));
	ut_rng_seed(&r, seed);
	npc = 1 + (size_t)pick(&r, 5);
	nnpc = 1 + (size_t)pick(&r, 5);
	if (duel_only)
		npc = nnpc = 1;
	/* now and then many: beyond the flat rounds' 64, or too many for
	 * the table of armor modifiers (MG_MODS_MAX) */
	if (pick(&r, 60) == 0) {
		npc = 15 + (size_t)pick(&r, 36);
		nnpc = 15 + (size_t)pick(&r, 36);
		/* and, half of the time, few attacks among them, so that
		 * the table is kept for more than 64, and no huge values
		 * (so that only the number of characters counts) */
		sparse = pick(&r, 2) == 0;
		tame = sparse;
		/* and now and then 50 against 50 with 7 attacks each: a
		 * table of 700 · 100 entries, beyond MG_MODS_MAX (one round:
		 * the step machine is slow at that size) */
		if (!sparse && pick(&r, 10) == 0) {
			npc = nnpc = 50;
			dense = 1;
		}
	}
	for (i = 0; i < npc + nnpc; i++) {
		mg_character *x = &g->ch[i];
		mg_character_init(x);
		big_names[i][0] = 'c';
		big_names[i][1] = (char)('0' + i / 10);
		big_names[i][2] = (char)('0' + i % 10);
		x->name = i < 10 ? names[i] : big_names[i];
		x->side = i < npc ? MG_SIDE_PC : MG_SIDE_NPC;
		x->hp = 1 + pick(&r, 30);
		x->hp_now = pick(&r, 12) == 0 ? -pick(&r, 3) : x->hp;
		x->hp_now = maybe_huge(&r, x->hp_now);
		/* 戦闘不能 just above or below the flat rounds' HP floor */
		if (pick(&r, 150) == 0)
			x->hp_now = MG_QFLAT_HP_FLOOR + 6 - pick(&r, 8);
		if (x->hp_now > x->hp)
			x->hp = x->hp_now;
		for (k = 0; k < MG_STAT_COUNT; k++)
			x->stat[k] = maybe_huge(&r, pick(&r, 10) - 3);
		x->position = (x->side == MG_SIDE_PC ? 0 : pick(&r, 25)) +
		              pick(&r, 7) - 3;
		x->position = maybe_huge(&r, x->position);
		x->armor_listed = (uint32_t)pick(&r, 1 << MG_ATTR_COUNT);
		for (k = 0; k < MG_ATTR_COUNT; k++)
			x->armor[k] = maybe_huge(&r, pick(&r, 6) - 1);
		x->finish = pick(&r, 2) == 0;
		x->nattacks = dense ? MAXA
		              : (size_t)pick(&r, 8) == 0 ? 0
		              : 1 + (size_t)pick(&r, 3);
		if (sparse && pick(&r, 5) != 0)
			x->nattacks = 0;
		for (k = 0; k < x->nattacks; k++) {
			mg_attack *a = &g->at[i][k];
			mg_attack_init(a);
			a->name = names[k];
			a->kind = pick(&r, 3) == 0 ? MG_KIND_MAGIC
			                           : MG_KIND_PHYSICAL;
			a->check_stat = (int)pick(&r, MG_STAT_COUNT + 1) - 1;
			a->check_value = maybe_huge(&r, pick(&r, 8));
			a->damage = maybe_huge(&r, pick(&r, 9));
			a->attributes = (uint32_t)pick(&r, 1 << MG_ATTR_COUNT);
			a->range = pick(&r, 3) == 0 ? 0 : pick(&r, 25);
			a->area = pick(&r, 3) == 0 ? MG_AREA_ENGAGEMENT
			                           : MG_AREA_SINGLE;
			a->timing = pick(&r, 4) == 0 ? MG_TIMING_COMPLEX
			                             : MG_TIMING_NORMAL;
		}
		x->attacks = g->at[i];
	}
	g->s.round_limit = dense ? 1 : 1 + pick(&r, 15);
	/* MG-ENTER-1: now and then characters that enter in a later round
	 * (a stream of their own: the scenarios above stay as they were) */
	{
		ut_rng e;
		ut_rng_seed(&e, seed ^ UINT64_C(0xe17e75));
		if (g->s.round_limit > 1 && pick(&e, 8) == 0)
			for (i = 0; i < npc + nnpc; i++)
				if (pick(&e, 3) == 0)
					g->ch[i].enters =
						2 + pick(&e, (uint64_t)g->s.round_limit - 1);
	}
	g->s.characters = g->ch;
	g->s.ncharacters = npc + nnpc;
	g->max_events = pick(&r, 10) == 0 ? 1 + (uint64_t)pick(&r, 150)
	                                  : MG_COMBAT_MAX_EVENTS_DEFAULT;
	g->stop_at = pick(&r, 10) == 0 ? 1 + (uint64_t)pick(&r, 150) : 0;
	g->fixed = pick(&r, 8) == 0;
	g->nvalues = (size_t)pick(&r, MAXV + 1);
	for (k = 0; k < g->nvalues; k++)
		g->values[k] = pick(&r, 40) == 0 ? 7 : 1 + pick(&r, 6);
	/* a budget that runs out after some whole rounds: the quiet run
	 * plays rounds flat while the budget holds the most events of a
	 * round, then the step machine's way (combat.c: flat_ok) */
	if (pick(&r, 6) == 0 && g->max_events == MG_COMBAT_MAX_EVENTS_DEFAULT)
		g->max_events = 40 + (uint64_t)pick(&r, 1500);
}

/* The event callback: one line per event, every field. */
static int record(void *ud, const mg_combat *c, const mg_event *ev)
{
	side *sd = ud;
	char line[512];
	size_t k;
	int n;

	(void)c;
	n = snprintf(line, sizeof(line),
	             "%d r%" PRId64 " a%" PRId32 " t%" PRId32 " k%" PRId32
	             " n%d [%" PRId64 " %" PRId64 " %" PRId64 " %" PRId64
	             "] v%" PRId64 "/%" PRId64 " c%d f%d fl%d %" PRId64
	             ">%" PRId64 "(%" PRId64 ") m%" PRId64 " %d/%d d%"
	             PRId64 " hp%" PRId64 " w%d o",
	             (int)ev->kind, ev->round, ev->actor, ev->target,
	             ev->attack, ev->ndice, ev->dice[0], ev->dice[1],
	             ev->dice[2], ev->dice[3], ev->value, ev->value2,
	             ev->crit, ev->fumble, ev->flag, ev->from, ev->to,
	             ev->dest, ev->modifier, ev->attr, ev->armor_attr,
	             ev->damage, ev->hp, ev->winner);
	assert_true(n > 0 && (size_t)n < sizeof(line));
	for (k = 0; k < ev->norder && (size_t)n + 12 < sizeof(line); k++)
		n += snprintf(line + n, sizeof(line) - (size_t)n, ",%" PRIu32,
		              ev->order[k]);
	line[n++] = '\n';
	if (sd->len + (size_t)n + 1 > sd->cap) {
		sd->cap = (sd->cap + (size_t)n + 1) * 2;
		sd->log = realloc(sd->log, sd->cap);
		assert_non_null(sd->log);
	}
	memcpy(sd->log + sd->len, line, (size_t)n);
	sd->len += (size_t)n;
	sd->log[sd->len] = '\0';
	return ++sd->nev == sd->stop_at;
}

/* quiet: no event callback (mg_combat_run's quiet run when the dice come
 * from the generator, combat_int.h), on both sides. */
static void side_start(side *sd, const gen *g, uint64_t seed, int quiet)
{
	mg_combat_opts o = MG_COMBAT_OPTS_INIT;

	memset(sd, 0, sizeof(*sd));
	if (g->fixed)
		ut_dice_list(&sd->d, g->values, g->nvalues);
	else
		ut_dice_seed(&sd->d, seed);
	sd->stop_at = g->stop_at;
	o.dice = &sd->d;
	o.on_event = quiet ? NULL : record;
	o.event_ud = quiet ? NULL : sd;
	o.max_events = g->max_events;
	assert_int_equal(mg_combat_new(&sd->c, &g->s, &o), 0);
}

static void side_end(side *sd)
{
	mg_combat_free(sd->c);
	free(sd->log);
}

/* The step loop that mg_combat_run was before it was fused. */
static int run_steps(mg_result *out, mg_combat *c)
{
	mg_ask ask;
	mg_action act;
	int rc;

	while ((rc = mg_combat_next(&ask, c)) == 0 &&
	       ask.kind != MG_ASK_OVER) {
		if ((rc = mg_policy_default(&act, c, &ask)) < 0 ||
		    (rc = mg_combat_act(c, &act)) < 0)
			break;
	}
	mg_combat_result(out, c);
	return rc;
}

/* Everything a caller can read of the two combats is the same. */
static void same_state(const side *a, const side *b)
{
	const mg_scenario *s = mg_combat_scenario(a->c);
	mg_roll_info ra, rb;
	const uint32_t *oa, *ob;
	size_t na, nb, i;

	assert_string_equal(a->log ? a->log : "", b->log ? b->log : "");
	assert_int_equal(a->d.rolled, b->d.rolled);
	assert_memory_equal(&a->d.rng, &b->d.rng, sizeof(a->d.rng));
	assert_int_equal(mg_combat_events(a->c), mg_combat_events(b->c));
	assert_int_equal(mg_combat_round(a->c), mg_combat_round(b->c));
	assert_int_equal(mg_combat_refusal(a->c), mg_combat_refusal(b->c));
	mg_combat_rolling(&ra, a->c);
	mg_combat_rolling(&rb, b->c);
	assert_memory_equal(&ra, &rb, sizeof(ra));
	oa = mg_combat_order(a->c, &na);
	ob = mg_combat_order(b->c, &nb);
	assert_int_equal(na, nb);
	if (na)
		assert_memory_equal(oa, ob, na * sizeof(*oa));
	for (i = 0; i < s->ncharacters; i++) {
		mg_char_state x, y;
		assert_int_equal(mg_combat_character(&x, a->c, i), 0);
		assert_int_equal(mg_combat_character(&y, b->c, i), 0);
		assert_int_equal(x.hp, y.hp);
		assert_int_equal(x.position, y.position);
		assert_int_equal(x.state, y.state);
		assert_int_equal(x.status, y.status);
		assert_int_equal(x.has_initiative, y.has_initiative);
		assert_int_equal(x.initiative, y.initiative);
		assert_int_equal(x.init_dice[0], y.init_dice[0]);
		assert_int_equal(x.init_dice[1], y.init_dice[1]);
		assert_int_equal(x.waited, y.waited);
	}
}

/* A GM adjustment drawn from r (MG-GM-1): a character of n, an HP from
 * −3, a position from −5, or a condition. */
static void random_adjust(mg_adjust *adj, ut_rng *r, size_t n)
{
	memset(adj, 0, sizeof(*adj));
	adj->who = (uint32_t)pick(r, n);
	/* the GM ending the combat (MG-GM-5) one time in 20: winner PC,
	 * NPC or none, or a refused 2; bringing one in (MG-ENTER-4) about
	 * as often (refused for one in the scene) */
	adj->kind = pick(r, 20) == 0 ? MG_ADJ_END
	            : pick(r, 19) == 0 ? MG_ADJ_ENTER
	            : (mg_adjust_kind)pick(r, 4);
	adj->value = adj->kind == MG_ADJ_HP ? pick(r, 10) - 3
	             : adj->kind == MG_ADJ_POS ? pick(r, 30) - 5
	             : adj->kind == MG_ADJ_END ? pick(r, 4) - 1
	             : 1 + pick(r, 2);
}

/* Combats the GM ended (MG-GM-5), over every compare. */
static uint64_t gm_ended;

/* Fight g both ways from the start; then compare what happened. */
static void compare(const gen *g, uint64_t seed, uint64_t *ended, int quiet)
{
	side a, b;
	mg_result ra, rb;
	ut_rng pick_r;
	int rca, rcb;
	char ea[1024] = "", eb[1024] = "";
	mg_ask ask, ask_b;
	size_t steps, k;

	if (mg_scenario_check(&g->s) < 0)
		return; /* e.g. hp_now huge: not a scenario */
	side_start(&a, g, seed, quiet);
	side_start(&b, g, seed, quiet);
	/* a GM adjustment before the first question, one time in 8: refused
	 * (no decision pending, MG-GM-1) on both; then the run and the steps
	 * say the same, MG_REFUSE_NONE after their success (mg_combat_run
	 * left the refusal standing where mg_combat_act cleared it) */
	ut_rng_seed(&pick_r, seed ^ 0xad1);
	if (pick(&pick_r, 8) == 0) {
		mg_adjust adj;
		random_adjust(&adj, &pick_r, g->s.ncharacters);
		assert_int_equal(mg_combat_adjust(a.c, &adj),
		                 mg_combat_adjust(b.c, &adj));
	}
	/* a person's prefix, the same on both: 待機 when possible, GM
	 * adjustments, the policy otherwise (MG-WAIT-1, MG-GM-1) */
	ut_rng_seed(&pick_r, seed ^ 0x5eed);
	steps = (size_t)pick(&pick_r, 4) == 0 ? (size_t)pick(&pick_r, 40) : 0;
	for (k = 0; k < steps; k++) {
		mg_action x;
		int r1, r2, r3, r4;
		r1 = mg_combat_next(&ask, a.c);
		r2 = mg_combat_next(&ask_b, b.c);
		assert_int_equal(r1, r2);
		if (r1 < 0 || ask.kind == MG_ASK_OVER)
			break;
		if (pick(&pick_r, 6) == 0) {
			mg_adjust adj;
			random_adjust(&adj, &pick_r, g->s.ncharacters);
			r3 = mg_combat_adjust(a.c, &adj);
			r4 = mg_combat_adjust(b.c, &adj);
			assert_int_equal(r3, r4);
			continue;
		}
		if (ask.kind == MG_ASK_ACTION && ask.can_wait &&
		    pick(&pick_r, 2) == 0) {
			memset(&x, 0, sizeof(x));
			x.kind = MG_ACT_WAIT;
		} else if (ask.kind == MG_ASK_RESUME && pick(&pick_r, 2) == 0) {
			memset(&x, 0, sizeof(x));
			x.kind = MG_ACT_STAY;
		} else if (mg_policy_default(&x, a.c, &ask) < 0) {
			break;
		}
		r3 = mg_combat_act(a.c, &x);
		r4 = mg_combat_act(b.c, &x);
		assert_int_equal(r3, r4);
	}
	same_state(&a, &b);
	rca = mg_combat_run(&ra, a.c);
	if (rca < 0)
		snprintf(ea, sizeof(ea), "%s", mg_error_last());
	count_paths(a.c);
	rcb = run_steps(&rb, b.c);
	if (rcb < 0)
		snprintf(eb, sizeof(eb), "%s", mg_error_last());
	assert_int_equal(rca, rcb);
	assert_string_equal(ea, eb);
	assert_int_equal(ra.over, rb.over);
	assert_int_equal(ra.winner, rb.winner);
	assert_int_equal(ra.rounds, rb.rounds);
	assert_int_equal(ra.by_gm, rb.by_gm);
	gm_ended += (uint64_t)ra.by_gm;
	same_state(&a, &b);
	/* and after it: the next call says the same */
	rca = mg_combat_next(&ask, a.c);
	rcb = mg_combat_next(&ask_b, b.c);
	assert_int_equal(rca, rcb);
	if (rca == 0) {
		assert_memory_equal(&ask, &ask_b, sizeof(ask));
		*ended += ask.kind == MG_ASK_OVER;
	}
	side_end(&a);
	side_end(&b);
}

/* 6000 generated scenarios, 3 dice seeds each, with and without an event
 * callback. */
static void test_fused_equals_steps(void **state)
{
	uint64_t seed, ended = 0;
	unsigned k;
	gen g;

	(void)state;
	for (seed = 0; seed < 6000; seed++) {
		random_scenario(&g, seed);
		for (k = 0; k < 3; k++) {
			compare(&g, seed * 3 + k, &ended, 0);
			compare(&g, seed * 3 + k, &ended, 1);
		}
	}
	/* most combats end; some stop on an error (the paths above) */
	assert_true(ended > 12000);
	/* and the GM's end was among the adjustments */
	assert_true(gm_ended > 0);
	/* each path of the quiet run was taken (debug builds) */
	check_paths(0, MG_QP_COUNT - 1);
}

/* The bundled-like 4-against-4 shape many times: long fights. */
static void test_fused_long_fights(void **state)
{
	uint64_t seed, ended = 0;
	gen g;

	(void)state;
	for (seed = 0; seed < 300; seed++) {
		size_t i;
		random_scenario(&g, 1000000 + seed);
		g.s.round_limit = 30;
		g.max_events = MG_COMBAT_MAX_EVENTS_DEFAULT;
		g.stop_at = 0;
		g.fixed = 0;
		for (i = 0; i < g.s.ncharacters; i++) {
			g.ch[i].hp = g.ch[i].hp_now = 20 + (int64_t)(i % 7);
			g.ch[i].position = g.ch[i].side == MG_SIDE_PC ? 0 : 12;
		}
		compare(&g, seed, &ended, 0);
		compare(&g, seed, &ended, 1);
	}
	assert_true(ended > 400);
}

/* One against one, which the quiet run plays in a loop of its own
 * (quiet.c: flat_duel): generated duels, a tenth of them with one side
 * unable to move (行動 −6: an allowance of 0, MG-MOVE-1), the same as the
 * step loop; and each path of that loop reached (debug builds). */
static void test_fused_duels(void **state)
{
	static const int paths[] = {
		MG_QP_FLAT_DUEL, MG_QP_FLAT_ROUND, MG_QP_FLAT_LIMIT,
		MG_QP_FLAT_BUDGET, MG_QP_FLAT_LOWHP, MG_QP_FLAT_FAR,
		MG_QP_FLAT_OVER, MG_QP_FLAT_TIE, MG_QP_FLAT_NOATK,
		MG_QP_FLAT_SINGLE, MG_QP_FLAT_FUMBLE, MG_QP_FLAT_CRIT,
		MG_QP_FLAT_MOVE, MG_QP_FLAT_MOVE_ATK, MG_QP_FLAT_FULL,
		MG_QP_FLAT_NOMOVE, MG_QP_FLAT_NOTHING,
		MG_QP_FLAT_CHOOSE_NONE, MG_QP_FLAT_CHOOSE_SOLE,
		MG_QP_FLAT_IN_START, MG_QP_FLAT_IN_STATE,
	};
	uint64_t seed, ended = 0;
	size_t k;
	gen g;

	(void)state;
	memset(qpaths, 0, sizeof(qpaths));
	duel_only = 1;
	for (seed = 0; seed < 4000; seed++) {
		random_scenario(&g, 2000000 + seed);
		if (seed % 10 == 0)
			g.ch[seed / 10 % 2].stat[MG_STAT_INITIATIVE] = -6;
		compare(&g, seed, &ended, 0);
		compare(&g, seed, &ended, 1);
	}
	duel_only = 0;
	assert_true(ended > 6000);
	if (!qpaths_counted)
		return;
	for (k = 0; k < sizeof(paths) / sizeof(paths[0]); k++) {
		if (qpaths[paths[k]] == 0)
			fprintf(stderr, "duel: quiet path %d never reached\n",
			        paths[k]);
		assert_true(qpaths[paths[k]] > 0);
	}
}

/* MG-POLICY-2 MG-CKD-1: a character whose 行動 is so high that 5 + 行動
 * overflows but its initiative (行動 + 2d6) does not, when the dice are
 * low: the policy's move fails on the allowance (a policy error, not the
 * combat's), in the quiet run as in the step loop.  The generated
 * scenarios almost never reach it (their huge values come within 2 of
 * the limit, where the initiative overflows first). */
static void test_fused_allowance_overflow(void **state)
{
	uint64_t seed, ended = 0;
	unsigned failed = 0;
	gen g;

	(void)state;
	memset(&g, 0, sizeof(g));
	mg_character_init(&g.ch[0]);
	mg_character_init(&g.ch[1]);
	g.ch[0].name = "a";
	g.ch[0].side = MG_SIDE_PC;
	g.ch[0].stat[MG_STAT_INITIATIVE] = INT64_MAX - 4;
	g.ch[1].name = "b";
	g.ch[1].side = MG_SIDE_NPC;
	g.ch[1].position = 20;
	for (seed = 0; seed < 2; seed++) {
		mg_character *x = &g.ch[seed];
		mg_attack_init(&g.at[seed][0]);
		g.at[seed][0].name = "x";
		g.at[seed][0].damage = 3;
		x->hp = x->hp_now = 10;
		x->attacks = g.at[seed];
		x->nattacks = 1;
	}
	g.s.round_limit = 5;
	g.s.characters = g.ch;
	g.s.ncharacters = 2;
	g.max_events = MG_COMBAT_MAX_EVENTS_DEFAULT;
	for (seed = 0; seed < 120; seed++) {
		mg_combat_opts o = MG_COMBAT_OPTS_INIT;
		mg_combat *c;
		mg_result r;
		ut_dice d;
		compare(&g, seed, &ended, 0);
		compare(&g, seed, &ended, 1);
		ut_dice_seed(&d, seed);
		o.dice = &d;
		assert_int_equal(mg_combat_new(&c, &g.s, &o), 0);
		if (mg_combat_run(&r, c) < 0 &&
		    strstr(mg_error_last(), "movement allowance"))
			failed++;
		mg_combat_free(c);
	}
	/* the low rolls (2, 3 or 4: 1 in 6) meet the overflow */
	assert_true(failed > 5);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_fused_equals_steps),
		cmocka_unit_test(test_fused_long_fights),
		cmocka_unit_test(test_fused_duels),
		cmocka_unit_test(test_fused_allowance_overflow),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
