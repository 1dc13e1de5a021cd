/*
 * test_league.c - round-robin leagues: a hand-checked league, identical
 * results on 1, 2 and 3 threads, and shares (as MPI ranks play them) that
 * add up to the whole league.
 *
 * The rules are the project's own (docs/AMARYLLIS.md section 12, "Leagues");
 * each test names the rule IDs it checks, above it and in its cmocka name
 * (TF_TEST, tests/amaryllis/support/fixture.h).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "amaryllis.h"
#include "support/fail_alloc.h"
#include "support/fixture.h"

#include "../../bench/gen.h"

static am_sheet *load(const char *path)
{
	FILE *f = fopen(path, "rb");
	char buf[4096];
	size_t n;
	am_sheet *s;

	assert_non_null(f);
	n = fread(buf, 1, sizeof(buf), f);
	fclose(f);
	assert_int_equal(am_sheet_parse(&s, buf, n, NULL), 0);
	assert_true(am_sheet_ok(s));
	return s;
}

/*
 * グリスク, ヌト, 甲, 乙 (the last two: ＨＰ 10, no actions).  By hand
 * (tests/amaryllis/golden/league_small.cmd has the battle derivations):
 *   ヌト beats グリスク (1 vs −1), 甲 and 乙 (10 vs −1 each): 3-0-0, +24;
 *   グリスク beats 甲 and 乙 (10 vs −6 each): 2-0-1, +30;
 *   甲 and 乙 draw (10 vs 10): 0-1-2, −27 each.
 */
/* LG-PAIR-1 LG-POINTS-1 */
/* The four sheets of test_hand_checked: their sheets, programs and
 * names. */
static const char *const hand_paths[4] = {
	"examples/grisk.txt", "examples/nut.txt",
	"tests/amaryllis/golden/sheets/kou.txt",
	"tests/amaryllis/golden/sheets/otsu.txt"};

static void hand_load(am_sheet *s[4], am_program *p[4], const char *names[4])
{
	int i;

	for (i = 0; i < 4; i++) {
		s[i] = load(hand_paths[i]);
		assert_int_equal(am_program_new(&p[i], am_sheet_team(s[i])), 0);
		names[i] = am_sheet_team(s[i])->units[0].name;
	}
}

static void hand_free(am_sheet *s[4], am_program *p[4])
{
	int i;

	for (i = 0; i < 4; i++) {
		am_program_free(p[i]);
		am_sheet_free(s[i]);
	}
}

static void test_hand_checked(void **state)
{
	const char *names[4];
	am_sheet *s[4];
	am_program *p[4];
	am_league *lg;
	am_league_opts o = AM_LEAGUE_OPTS_INIT;
	am_standing st[4];
	int i;

	hand_load(s, p, names);
	o.keep_table = 1;
	assert_int_equal(am_league_run(&lg, (const am_program *const *)p, 4, &o),
	                 0);
	assert_int_equal(am_league_battles(lg), 6);
	assert_int_equal(am_league_row_of(lg, 1)->wins, 3);
	assert_int_equal(am_league_row_of(lg, 1)->margin, 24);
	assert_int_equal(am_league_row_of(lg, 0)->wins, 2);
	assert_int_equal(am_league_row_of(lg, 0)->losses, 1);
	assert_int_equal(am_league_row_of(lg, 0)->margin, 30);
	for (i = 2; i < 4; i++) {
		assert_int_equal(am_league_row_of(lg, (size_t)i)->draws, 1);
		assert_int_equal(am_league_row_of(lg, (size_t)i)->losses, 2);
		assert_int_equal(am_league_row_of(lg, (size_t)i)->margin, -27);
	}
	assert_int_equal(am_league_outcome(lg, 0, 1), AM_PAIR_LOSS);
	assert_int_equal(am_league_outcome(lg, 1, 0), AM_PAIR_WIN);
	assert_int_equal(am_league_outcome(lg, 2, 3), AM_PAIR_DRAW);
	assert_int_equal(am_league_outcome(lg, 2, 2), AM_PAIR_NONE);
	am_league_standings(st, lg, 3, 1, 0, names);
	assert_int_equal(st[0].entry, 1);
	assert_int_equal(st[0].points, 9);
	assert_int_equal(st[0].rank, 1);
	assert_int_equal(st[1].entry, 0);
	assert_int_equal(st[1].points, 6);
	assert_int_equal(st[1].rank, 2);
	/* 乙 and 甲 tie on points and margin: both rank 3, 乙 first by name */
	assert_int_equal(st[2].entry, 3);
	assert_int_equal(st[3].entry, 2);
	assert_int_equal(st[2].rank, 3);
	assert_int_equal(st[3].rank, 3);
	assert_int_equal(st[3].points, 1);
	am_league_free(lg);
	/* BU-POP-3: with a work bound of 1 every battle whose units carry
	 * out two actions stops, an error for both: グリスク (素早さ 2) uses
	 * シールド and ブースト in turn 1, ヌト 命の剣 in turn 1 and 魔法剣 in
	 * turn 2 (遅延起動２), before any of their battles can end; 甲
	 * against 乙 does nothing (work 0) and is still drawn.  Options of
	 * version 1 have no max_work: all six are played again. */
	o.max_work = 1;
	assert_int_equal(am_league_run(&lg, (const am_program *const *)p, 4, &o),
	                 0);
	assert_int_equal(am_league_battles(lg), 6);
	assert_int_equal(am_league_stopped(lg), 5);
	assert_int_equal(am_league_outcome(lg, 2, 3), AM_PAIR_DRAW);
	assert_int_equal(am_league_outcome(lg, 0, 1), AM_PAIR_ERROR);
	assert_int_equal(am_league_row_of(lg, 2)->errors, 2);
	am_league_free(lg);
	o.version = 1;
	assert_int_equal(am_league_run(&lg, (const am_program *const *)p, 4, &o),
	                 0);
	assert_int_equal(am_league_stopped(lg), 0);
	assert_int_equal(am_league_row_of(lg, 1)->wins, 3);
	am_league_free(lg);
	hand_free(s, p);
}

enum { N = 90 };
static gen_unit units[N];
static am_program *progs[N];

static int setup(void **state)
{
	uint64_t seed = 99;
	int i;
	(void)state;
	for (i = 0; i < N; i++) {
		gen_unit_make(&units[i], &seed, i);
		if (am_program_new(&progs[i], &units[i].team) < 0)
			return -1;
	}
	return 0;
}

static int teardown(void **state)
{
	int i;
	(void)state;
	for (i = 0; i < N; i++)
		am_program_free(progs[i]);
	return 0;
}

static am_league *league(unsigned jobs, uint32_t part, uint32_t parts)
{
	am_league_opts o = AM_LEAGUE_OPTS_INIT;
	am_league *lg;

	o.jobs = jobs;
	o.keep_table = 1;
	o.part = part;
	o.parts = parts;
	assert_int_equal(am_league_run(&lg, (const am_program *const *)progs, N,
	                               &o), 0);
	return lg;
}

/* --jobs 1, 2 and 3 give the same totals and cross table, bit for bit,
 * and each pair's result is the battle's own: N·(N−1)/2 battles, one per
 * pair. */
/* LG-PAIR-1 */
static void test_threads_identical(void **state)
{
	am_league *one = league(1, 0, 1), *two = league(2, 0, 1),
	          *three = league(3, 0, 1);
	size_t l1, l2, l3, t1, t2, t3;
	static int64_t c1[N * 5], c2[N * 5], c3[N * 5];
	uint8_t *b1 = am_league_table(one, &t1), *b2 = am_league_table(two, &t2),
	        *b3 = am_league_table(three, &t3);
	am_engine *e;
	am_result r;
	(void)state;

	l1 = am_league_counts(c1, N * 5, one);
	l2 = am_league_counts(c2, N * 5, two);
	l3 = am_league_counts(c3, N * 5, three);
	assert_int_equal(l1, (size_t)N * 5);
	assert_int_equal(t1, (size_t)N * (N - 1) / 2);
	assert_int_equal(l1, l2);
	assert_int_equal(l1, l3);
	assert_memory_equal(c1, c2, l1 * sizeof(*c1));
	assert_memory_equal(c1, c3, l1 * sizeof(*c1));
	assert_memory_equal(b1, b2, t1);
	assert_memory_equal(b1, b3, t1);
	assert_int_equal(am_league_battles(one), (uint64_t)N * (N - 1) / 2);
	assert_int_equal(am_engine_new(&e), 0);
	assert_int_equal(am_battle_run_programs(&r, e, progs[17], progs[42],
	                                        NULL), 0);
	assert_int_equal(am_league_outcome(one, 17, 42),
	                 r.winner == 0 ? AM_PAIR_WIN
	                 : r.winner == 1 ? AM_PAIR_LOSS : AM_PAIR_DRAW);
	am_engine_free(e);
	am_league_free(one);
	am_league_free(two);
	am_league_free(three);
}

/* Three shares (as three MPI ranks) add up to the whole league: every
 * pair is played once over all shares. */
/* LG-PAIR-1 */
static void test_shares_add_up(void **state)
{
	am_league *whole = league(1, 0, 1), *part[3];
	size_t lw, tw, l, t, k;
	static int64_t cw[N * 5], c[N * 5], sum[N * 5];
	uint8_t *bw = am_league_table(whole, &tw), merged[N * (N - 1) / 2];
	uint64_t battles = 0;
	int p;
	(void)state;

	lw = am_league_counts(cw, N * 5, whole);
	memset(sum, 0, sizeof(sum));
	memset(merged, 0, sizeof(merged));
	for (p = 0; p < 3; p++) {
		uint8_t *b;
		part[p] = league(2, (uint32_t)p, 3);
		l = am_league_counts(c, N * 5, part[p]);
		b = am_league_table(part[p], &t);
		for (k = 0; k < l; k++)
			sum[k] += c[k];
		for (k = 0; k < t; k++)
			merged[k] += b[k];
		battles += am_league_battles(part[p]);
		assert_true(am_league_battles(part[p]) > 0);
	}
	assert_int_equal(battles, am_league_battles(whole));
	assert_memory_equal(sum, cw, lw * sizeof(*cw));
	assert_memory_equal(merged, bw, tw);
	/* merged counts set on a share make it the whole league's totals */
	assert_int_equal(am_league_set_counts(part[0], sum, N * 5), 0);
	for (k = 0; k < N; k++)
		assert_memory_equal(am_league_row_of(part[0], k),
		                    am_league_row_of(whole, k),
		                    sizeof(am_league_row));
	for (p = 0; p < 3; p++)
		am_league_free(part[p]);
	am_league_free(whole);
}

/*
 * am_league_counts hands out a copy, in the documented order (wins, draws,
 * losses, errors, margin per entry), not the league's own rows: writing
 * the copy changes nothing; am_league_set_counts is the one way back in,
 * and it refuses a wrong length or a negative count.
 */
static void test_counts_are_a_copy(void **state)
{
	am_league *lg = league(1, 0, 1);
	static int64_t c[N * 5], d[N * 5];
	const am_league_row *r7 = am_league_row_of(lg, 7);
	am_league_row before = *r7;
	size_t k;
	(void)state;

	assert_int_equal(am_league_counts(NULL, 0, lg), (size_t)N * 5);
	assert_int_equal(am_league_counts(c, N * 5 - 1, lg), (size_t)N * 5);
	assert_int_equal(c[0], 0); /* too small: nothing written */
	assert_int_equal(am_league_counts(c, N * 5, lg), (size_t)N * 5);
	assert_int_equal(c[7 * 5 + 0], before.wins);
	assert_int_equal(c[7 * 5 + 1], before.draws);
	assert_int_equal(c[7 * 5 + 2], before.losses);
	assert_int_equal(c[7 * 5 + 3], before.errors);
	assert_int_equal(c[7 * 5 + 4], before.margin);
	/* every entry played N − 1 battles */
	for (k = 0; k < N; k++)
		assert_int_equal(c[k * 5] + c[k * 5 + 1] + c[k * 5 + 2] +
		                 c[k * 5 + 3], N - 1);
	c[7 * 5 + 0] += 1000;
	assert_memory_equal(am_league_row_of(lg, 7), &before, sizeof(before));
	memcpy(d, c, sizeof(d));
	d[3 * 5 + 2] = -1;
	assert_int_equal(am_league_set_counts(lg, d, N * 5), AM_EINVALID);
	assert_string_equal(am_error_last(),
	                    "league counts: negative count for entry 3");
	assert_int_equal(am_league_set_counts(lg, c, N * 5 - 1), AM_EINVALID);
	assert_memory_equal(am_league_row_of(lg, 7), &before, sizeof(before));
	assert_int_equal(am_league_set_counts(lg, c, N * 5), 0);
	assert_int_equal(am_league_row_of(lg, 7)->wins, before.wins + 1000);
	am_league_free(lg);
}

/* A copy of generated unit u on the heap, its pointers into itself. */
static gen_unit *heap_unit(const gen_unit *u)
{
	gen_unit *h = malloc(sizeof(*h));

	assert_non_null(h);
	memcpy(h, u, sizeof(*h));
	h->def.name = h->name;
	h->def.slots = h->slots;
	h->team.units = &h->def;
	h->team.actions = h->act;
	return h;
}

/* The two battles of x and y against programs[j], on both sides. */
static void assert_same_battles(am_engine *e, const am_program *x,
                                const am_program *y, size_t j)
{
	am_result rx, ry;
	am_battle_opts bo = AM_BATTLE_OPTS_INIT;
	int side;

	for (side = 0; side < 2; side++) {
		const am_program *a = side ? progs[j] : x, *b = side ? x : progs[j];
		const am_program *c = side ? progs[j] : y, *d = side ? y : progs[j];
		int cx = am_battle_run_programs(&rx, e, a, b, &bo);
		int cy = am_battle_run_programs(&ry, e, c, d, &bo);
		assert_int_equal(cx, cy);
		assert_int_equal(rx.winner, ry.winner);
		assert_int_equal(rx.turns, ry.turns);
		assert_int_equal(rx.score[0], ry.score[0]);
		assert_int_equal(rx.score[1], ry.score[1]);
		assert_int_equal(rx.steps, ry.steps);
	}
}

/*
 * am_program_reset: one program reset to each generated unit in turn (0
 * to 10 actions, so its blocks are reused, grown and partly used) plays
 * every battle as the program am_program_new made of the same unit; it
 * holds its own copy (the team it came from is freed before it plays, as
 * ASan checks); a malformed team (a slot naming action 99) is refused and
 * leaves the program as it was.
 */
static void test_program_reset(void **state)
{
	am_program *r = NULL;
	am_engine *e = NULL;
	const size_t opp[3] = {0, 5, 17};
	size_t i, k;
	(void)state;

	assert_int_equal(am_engine_new(&e), 0);
	assert_int_equal(am_program_new(&r, &units[N - 1].team), 0);
	for (i = 0; i < N; i++) {
		gen_unit *h = heap_unit(&units[i]);
		gen_unit bad = units[(i + 1) % N];
		uint32_t wrong = 99;
		assert_int_equal(am_program_reset(r, &h->team), 0);
		free(h);
		for (k = 0; k < 3; k++)
			assert_same_battles(e, r, progs[i], opp[k]);
		bad.def.slots = &wrong;
		bad.def.nslots = 1;
		bad.team.units = &bad.def;
		bad.team.actions = bad.act;
		assert_int_equal(am_program_reset(r, &bad.team), AM_EINVALID);
		assert_same_battles(e, r, progs[i], opp[i % 3]);
	}
	am_program_free(r);
	am_engine_free(e);
}

/*
 * Every stopped battle is listed, in pair order, whatever thread played
 * it: 50 copies of 父 (it calls units) with a population limit of 3 stop
 * all 1225 pairs; the first AM_LEAGUE_STOPS_MAX are listed, all are
 * counted; the reason reads in Japanese through am_render_stop.
 */
/* LG-PAIR-1 BU-POP-1 */
static void test_every_stop_listed(void **state)
{
	enum { N = 50 };
	am_sheet *s = load("examples/chichi.txt");
	am_program *p;
	const am_program *ps[N];
	am_league *lg;
	am_league_opts o = AM_LEAGUE_OPTS_INIT;
	size_t k, i, j, pi = 0, pj = 1;
	char why[200];

	(void)state;
	assert_int_equal(am_program_new(&p, am_sheet_team(s)), 0);
	for (k = 0; k < N; k++)
		ps[k] = p;
	o.max_units = 3;
	o.jobs = 3;
	assert_int_equal(am_league_run(&lg, ps, N, &o), 0);
	assert_int_equal(am_league_stopped(lg), N * (N - 1) / 2);
	assert_int_equal(am_league_stop_count(lg), AM_LEAGUE_STOPS_MAX);
	for (k = 0; k < AM_LEAGUE_STOPS_MAX; k++) {
		const char *m = am_league_stop(lg, k, &i, &j);
		assert_non_null(m);
		assert_string_equal(m, "a new unit would exceed the population "
		                       "limit of 3 units");
		assert_int_equal(i, pi); /* pair order: (0,1), (0,2), … */
		assert_int_equal(j, pj);
		if (++pj == N) {
			pi++;
			pj = pi + 1;
		}
	}
	assert_null(am_league_stop(lg, AM_LEAGUE_STOPS_MAX, &i, &j));
	am_render_stop(why, sizeof(why), am_league_stop(lg, 0, &i, &j),
	               AM_LANG_JA);
	assert_string_equal(why, "ユニット数が上限の3体を超えるため");
	am_render_stop(why, sizeof(why), "something else", AM_LANG_JA);
	assert_string_equal(why, "something else");
	am_league_free(lg);
	am_program_free(p);
	am_sheet_free(s);
}

/* No battle stopped: nothing listed. */
/* LG-PAIR-1 */
static void test_no_stop(void **state)
{
	am_sheet *s[2] = {load("examples/grisk.txt"), load("examples/nut.txt")};
	am_program *p[2];
	am_league *lg;
	size_t i, j;

	(void)state;
	for (i = 0; i < 2; i++)
		assert_int_equal(am_program_new(&p[i], am_sheet_team(s[i])), 0);
	assert_int_equal(am_league_run(&lg, (const am_program *const *)p, 2,
	                               NULL), 0);
	assert_int_equal(am_league_stopped(lg), 0);
	assert_int_equal(am_league_stop_count(lg), 0);
	assert_null(am_league_stop(lg, 0, &i, &j));
	am_league_free(lg);
	for (i = 0; i < 2; i++) {
		am_program_free(p[i]);
		am_sheet_free(s[i]);
	}
}

/*
 * A league of results played elsewhere (a hill's: am_league_new_table):
 * no battle, every pair AM_PAIR_NONE until set; an outcome set from either
 * side reads as its mirror from the other; refused: a pair of one entry,
 * an entry past the end, a value that is no outcome.
 */
static void test_table_of_results(void **state)
{
	am_league *lg;
	(void)state;

	assert_int_equal(am_league_new_table(&lg, 3), 0);
	assert_int_equal(am_league_size(lg), 3);
	assert_int_equal(am_league_battles(lg), 0);
	assert_int_equal(am_league_outcome(lg, 0, 1), AM_PAIR_NONE);
	assert_int_equal(am_league_set_outcome(lg, 0, 1, AM_PAIR_WIN), 0);
	assert_int_equal(am_league_set_outcome(lg, 2, 0, AM_PAIR_WIN), 0);
	assert_int_equal(am_league_set_outcome(lg, 2, 1, AM_PAIR_DRAW), 0);
	assert_int_equal(am_league_outcome(lg, 0, 1), AM_PAIR_WIN);
	assert_int_equal(am_league_outcome(lg, 1, 0), AM_PAIR_LOSS);
	assert_int_equal(am_league_outcome(lg, 0, 2), AM_PAIR_LOSS);
	assert_int_equal(am_league_outcome(lg, 2, 0), AM_PAIR_WIN);
	assert_int_equal(am_league_outcome(lg, 1, 2), AM_PAIR_DRAW);
	assert_int_equal(am_league_set_outcome(lg, 1, 1, AM_PAIR_WIN),
	                 AM_EINVALID);
	assert_int_equal(am_league_set_outcome(lg, 0, 3, AM_PAIR_WIN),
	                 AM_EINVALID);
	assert_int_equal(am_league_set_outcome(lg, 0, 1, 5), AM_EINVALID);
	assert_string_equal(am_error_last(), "am_league_set_outcome: no such "
	                    "pair or outcome (0, 1, 5; 3 entries)");
	assert_int_equal(am_league_outcome(lg, 0, 1), AM_PAIR_WIN);
	am_league_free(lg);
}

/*
 * Each allocation of the league of the N entries (in chunks of 256 of its
 * 4005 pairs, so that every thread plays; with its table) failing in turn,
 * on 1, 2 and 3 threads: the league returns AM_ENOMEM and no league (the
 * sanitizer builds check that nothing leaks; a thread left waiting would
 * hang the test), or, for a failure it does without (a thread of the pool:
 * the others play its share), the same counts and table as without
 * failures -- never a battle counted as an error for want of memory.
 * Three runs in a row without a failure (past the last allocation) end the
 * sweep; the league's own result, its totals and its table are allocations
 * that fail it: at least 3 runs fail.
 */
enum { M = N };
typedef struct league_sweep {
	am_league_opts o;
	size_t n;                   /* the first n entries play */
	int64_t want[M * 5], got[M * 5];
	const uint8_t *table;
	size_t len;
	const am_league *ref;       /* its stops */
	am_league *lg;
} league_sweep;

static int league_sweep_run(void *ud)
{
	league_sweep *s = ud;

	s->lg = (am_league *)s;
	return am_league_run(&s->lg, (const am_program *const *)progs, s->n,
	                     &s->o);
}

static void league_sweep_check(void *ud, int rc, int failed)
{
	league_sweep *s = ud;
	const uint8_t *t;
	size_t len, k, i, j, ri, rj;

	if (!tf_fail_ran(rc, failed, AM_ENOMEM)) {
		assert_null(s->lg);
		return;
	}
	assert_int_equal(am_league_counts(s->got, s->n * 5, s->lg), s->n * 5);
	assert_memory_equal(s->got, s->want, s->n * 5 * sizeof(s->want[0]));
	t = am_league_table(s->lg, &len);
	assert_int_equal(len, s->len);
	if (len)
		assert_memory_equal(t, s->table, len);
	assert_int_equal(am_league_stop_count(s->lg),
	                 am_league_stop_count(s->ref));
	for (k = 0; k < am_league_stop_count(s->ref); k++) {
		assert_string_equal(am_league_stop(s->lg, k, &i, &j),
		                    am_league_stop(s->ref, k, &ri, &rj));
		assert_int_equal(i, ri);
		assert_int_equal(j, rj);
	}
	am_league_free(s->lg);
}

static void test_alloc_failures(void **state)
{
	static league_sweep s;
	am_league *ref;
	unsigned jobs;
	(void)state;

	s.o = (am_league_opts)AM_LEAGUE_OPTS_INIT;
	s.o.keep_table = 1;
	s.n = M;
	for (jobs = 1; jobs <= 3; jobs++) {
		s.o.jobs = jobs;
		assert_int_equal(league_sweep_run(&s), 0);
		s.ref = ref = s.lg;
		assert_int_equal(am_league_counts(s.want, M * 5, ref), M * 5);
		s.table = am_league_table(ref, &s.len);
		assert_true(tf_fail_sweep(league_sweep_run, league_sweep_check,
		                          &s) >= 3);
		am_league_free(ref);
	}
}

/*
 * The same sweep over a league whose battles stop (BU-POP-3, a work bound
 * of 1: test_hand_checked), where each stopped battle's message is kept
 * (am_league_stop): the first 12 entries, 66 battles, on 1, 2 and 3
 * threads.  Every stop is an allocation that fails it, so at least as
 * many runs fail as there are stops; the counts and the stops' list are
 * as without failures.
 */
static void test_alloc_failures_stops(void **state)
{
	static league_sweep s;
	am_league *ref;
	unsigned jobs;
	size_t nstops;
	(void)state;

	s.o = (am_league_opts)AM_LEAGUE_OPTS_INIT;
	s.o.max_work = 1;
	s.n = 12;
	for (jobs = 1; jobs <= 3; jobs++) {
		s.o.jobs = jobs;
		assert_int_equal(league_sweep_run(&s), 0);
		s.ref = ref = s.lg;
		assert_int_equal(am_league_counts(s.want, s.n * 5, ref),
		                 s.n * 5);
		nstops = am_league_stop_count(ref);
		assert_true(nstops >= 10);
		assert_int_equal((int64_t)nstops, am_league_stopped(ref));
		assert_true(tf_fail_sweep(league_sweep_run, league_sweep_check,
		                          &s) >= (long)nstops);
		am_league_free(ref);
	}
}

/* One of the league's renderings: kind 0–2 the standings (text, CSV,
 * JSON), 3 the cross table, 4 the heat map; in lang. */
typedef struct render_sweep {
	const am_league_view *v;
	int kind;
	am_lang lang;
	tf_out want, got;
} render_sweep;

static int render_run(void *ud)
{
	render_sweep *s = ud;

	s->got.len = 0;
	if (s->kind <= 2)
		return am_render_standings(s->v, (am_table_format)s->kind, s->lang,
		                           tf_out_write, &s->got);
	if (s->kind == 3)
		return am_render_cross_table(s->v, tf_out_write, &s->got);
	return am_render_heatmap(s->v, s->lang, tf_out_write, &s->got);
}

static void render_check(void *ud, int rc, int failed)
{
	render_sweep *s = ud;

	if (rc < 0 && rc != AM_ENOMEM)
		fail_msg("rendering %d (lang %d): %d, not AM_ENOMEM: %s", s->kind,
		         (int)s->lang, rc, am_error_last());
	tf_out_check(&s->want, &s->got, rc, failed, AM_ENOMEM);
}

/*
 * The league of test_hand_checked (ヌト 3-0-0 9 points +24, グリスク 2-0-1
 * 6 +30, 乙 and 甲 0-1-2 1 −27, both third) and one rejected file,
 * rendered as `amaryllis league` does: its standings in text, CSV and
 * JSON, its cross table and its heat map, in Japanese and English, with
 * each allocation failing in turn: AM_ENOMEM and nothing written, or the
 * same bytes as without failures.  Each rendering builds its text in a
 * buffer that grows: at least one run fails.  The standings in text and
 * CSV returned AM_ERROR ("out of memory", but the code of a writer that
 * failed) when a row could not be added.
 */
static void test_render_alloc_failures(void **state)
{
	/* ヌト's file named with an ESC and a byte that is not UTF-8 (shown
	 * as <U+001B> and U+FFFD in text and CSV; in JSON \u001B, U+FFFD) */
	static const char *const files[4] = {"grisk.txt", "nut\x1b\xff.txt",
	                                     "kou.txt", "otsu.txt"};
	static const char *const rej_files[1] = {"bad.txt"};
	static const char *const rej_errors[1] = {"bad.txt:1:2: error: x"};
	static render_sweep s;
	const char *names[4];
	am_sheet *sh[4];
	am_program *p[4];
	am_league *lg;
	am_league_opts o = AM_LEAGUE_OPTS_INIT;
	am_standing st[4];
	am_league_view v;
	int l;
	(void)state;

	hand_load(sh, p, names);
	o.keep_table = 1;
	assert_int_equal(am_league_run(&lg, (const am_program *const *)p, 4, &o),
	                 0);
	am_league_standings(st, lg, 3, 1, 0, names);
	memset(&v, 0, sizeof(v));
	v.league = lg;
	v.standings = st;
	v.names = names;
	v.files = files;
	v.nrejected = 1;
	v.rejected_files = rej_files;
	v.rejected_errors = rej_errors;
	s.v = &v;
	for (s.kind = 0; s.kind <= 4; s.kind++)
		for (l = 0; l < 2; l++) {
			s.lang = l ? AM_LANG_EN : AM_LANG_JA;
			assert_int_equal(render_run(&s), 0);
			s.want = s.got;
			if (s.kind == 2) /* ヌト first: 3 won, 9 points, +24 */
				assert_non_null(strstr(s.want.buf,
				        " \"standings\": [\n  {\n   \"rank\": 1,\n"
				        "   \"name\": \"ヌト\",\n"
				        "   \"file\": \"nut\\u001B\xEF\xBF\xBD.txt\",\n"
				        "   \"wins\": 3,\n   \"draws\": 0,\n"
				        "   \"losses\": 0,\n   \"points\": 9,\n"
				        "   \"margin\": 24\n"));
			if (s.kind <= 1) /* text, CSV */
				assert_non_null(strstr(s.want.buf,
				                       "nut<U+001B>\xEF\xBF\xBD.txt"));
			assert_true(tf_fail_sweep(render_run, render_check, &s) >= 1);
		}
	am_league_free(lg);
	hand_free(sh, p);
}

/*
 * LG-POINTS-1 at the ends of int64 (embedding review 2026-12-06: the sum
 * of three products overflowed __int128, undefined behaviour): a league of
 * 2 with counts set to INT64_MAX wins, draws and losses each, points
 * INT64_MAX, INT64_MAX, INT64_MAX: 3 × (2^63 − 1)^2 passes 2^127, so the
 * points are INT64_MAX (clamped, as any total past int64); with points 1,
 * 0, −1 the exact total is 0.  Margins 0: both tie at rank 1.
 */
static void test_points_at_int64_ends(void **state)
{
	am_league *lg;
	am_standing st[2];
	const int64_t c[10] = {INT64_MAX, INT64_MAX, INT64_MAX, 0, 0,
	                       INT64_MAX, INT64_MAX, INT64_MAX, 0, 0};
	(void)state;

	assert_int_equal(am_league_new_table(&lg, 2), 0);
	assert_int_equal(am_league_set_counts(lg, c, 10), 0);
	am_league_standings(st, lg, INT64_MAX, INT64_MAX, INT64_MAX, NULL);
	assert_int_equal(st[0].points, INT64_MAX);
	assert_int_equal(st[1].points, INT64_MAX);
	assert_int_equal(st[0].rank, 1);
	assert_int_equal(st[1].rank, 1);
	am_league_standings(st, lg, 1, 0, -1, NULL);
	assert_int_equal(st[0].points, 0);
	assert_int_equal(st[1].points, 0);
	am_league_free(lg);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		TF_TEST("LG-PAIR-1 LG-POINTS-1", test_hand_checked),
		TF_TEST("LG-PAIR-1", test_threads_identical),
		TF_TEST("LG-PAIR-1", test_shares_add_up),
		TF_TEST("LG-PAIR-1 BU-POP-1", test_every_stop_listed),
		TF_TEST("LG-PAIR-1", test_no_stop),
		cmocka_unit_test(test_counts_are_a_copy),
		TF_TEST("LG-POINTS-1", test_points_at_int64_ends),
		cmocka_unit_test(test_table_of_results),
		cmocka_unit_test(test_program_reset),
		TF_TEST("LG-PAIR-1", test_alloc_failures),
		TF_TEST("LG-PAIR-1 BU-POP-3", test_alloc_failures_stops),
		TF_TEST("LG-POINTS-1", test_render_alloc_failures),
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}
