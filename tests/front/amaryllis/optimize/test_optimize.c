/*
 * test_optimize.c - the optimizer (include/amaryllis/optimize.h,
 * docs/OPTIMIZE.md).
 *
 *   - legality by construction: thousands of random, mutated and crossed
 *     designs, core and ビルディア, each formatted to the players' notation
 *     and read back by the real sheet parser and validator (AM-UNIT-1 …
 *     AM-UNIT-4, AM-CUST-7, BU-STORE-1, BU-STORE-2 …), and its team plays
 *     exactly like the parsed sheet's team;
 *   - determinism: the same seed gives the same best design, record and
 *     history on 1 and 2 threads, and split over 2 or 3 parts (as MPI ranks
 *     run it; the parts here are threads adding up through a barrier);
 *   - a field of one sheet; bad options;
 *   - every allocation failing in turn, on 1, 2 and 3 threads: the run
 *     fails with AM_ENOMEM (nothing leaked, no thread left waiting) or
 *     finds the same as without.
 */
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <jansson.h>

#include "amaryllis.h"
#include "support/fail_alloc.h"
#include "support/fixture.h"

static const char grisk[] =
	"グリスク：１０／１／１／２／シールド、スピア、スピア、ブースト\n"
	"・シールド（１）：防御力＋２＜リミテッド＞\n"
	"・スピア（１）：直接攻撃＜遅延起動４＞＜効果２倍＞\n"
	"・ブースト（１）：攻撃力＋１\n";

static const char nut[] =
	"ヌト：１０／３／１／１／命の剣、魔法剣、絶対剣\n"
	"・命の剣（１）：ライフ与え＜リミテッド＞\n"
	"・魔法剣（１）：ＨＰ減殺＜リミテッド＞＜遅延起動２＞\n"
	"・絶対剣（１）：防御無視攻撃＜遅延起動３＞\n";

static am_sheet *parse_ok(const char *text)
{
	am_sheet *s;

	assert_int_equal(am_sheet_parse(&s, text, strlen(text), NULL), 0);
	if (!am_sheet_ok(s)) {
		size_t i;
		fprintf(stderr, "illegal sheet:\n%s", text);
		for (i = 0; i < am_sheet_diag_count(s); i++) {
			char msg[512];
			const am_diag *d = am_sheet_diag(s, i);
			am_diag_format(msg, sizeof(msg), d, AM_LANG_EN);
			fprintf(stderr, "%u:%u: %s\n", d->line, d->col, msg);
		}
		fail_msg("a design is not a legal sheet");
	}
	return s;
}

static char *format(const am_design *d)
{
	size_t len = am_design_format(NULL, 0, d);
	char *s = malloc(len + 1);

	assert_non_null(s);
	assert_int_equal(am_design_format(s, len + 1, d), len);
	return s;
}

/* The design's own team and the parsed sheet's team play the same battle
 * against opp (same winner, scores and steps; both ways round, AM-SYM-1). */
static void same_play(am_engine *e, am_design *d, const am_sheet *s,
                      const am_team *opp)
{
	am_battle_opts bo = AM_BATTLE_OPTS_INIT;
	am_result x, y;
	int rx, ry;

	bo.max_units = 2000;
	rx = am_battle_run(&x, e, am_design_team(d), opp, &bo);
	ry = am_battle_run(&y, e, am_sheet_team(s), opp, &bo);
	assert_int_equal(rx, ry);
	if (rx == 0) {
		assert_int_equal(x.winner, y.winner);
		assert_true(x.score[0] == y.score[0] && x.score[1] == y.score[1]);
		assert_true(x.steps == y.steps);
	}
	rx = am_battle_run(&x, e, opp, am_design_team(d), &bo);
	ry = am_battle_run(&y, e, opp, am_sheet_team(s), &bo);
	assert_int_equal(rx, ry);
	if (rx == 0) {
		assert_int_equal(x.winner, y.winner);
		assert_true(x.score[0] == y.score[0] && x.score[1] == y.score[1]);
	}
}

/* A new design is all 10 bonus points in ＨＰ (10 × 5 = 50, AM-UNIT-1,
 * AM-UNIT-2) and no action: "オプティマ：５０／０／０／０". */
static void test_new_design(void **state)
{
	am_design *d;
	char *text;
	am_sheet *s;

	assert_int_equal(am_design_new(&d, 0), 0);
	text = format(d);
	assert_string_equal(text, "オプティマ：５０／０／０／０\n");
	s = parse_ok(text);
	assert_int_equal(am_sheet_team(s)->units[0].hp, 50);
	assert_int_equal(am_sheet_team(s)->units[0].tech, 0);
	am_sheet_free(s);
	free(text);
	am_design_free(d);
}

/*
 * Thousands of designs: 40 chains of 120 random changes (mutation, or
 * crossover with a fresh random design), for the core game and for
 * ビルディア; every one must be a legal sheet when written out, and every
 * tenth plays like its parsed sheet against グリスク and ヌト.
 */
static void mutate_chains(int buildia, size_t *legal, size_t *storages)
{
	am_design *d, *other;
	am_sheet *g, *n;
	am_engine *e;
	ut_rng r;
	int chain, step;

	assert_int_equal(am_design_new(&d, buildia), 0);
	assert_int_equal(am_design_new(&other, buildia), 0);
	assert_int_equal(am_engine_new(&e), 0);
	g = parse_ok(grisk);
	n = parse_ok(nut);
	ut_rng_seed(&r, 20261130 + (uint64_t)buildia);
	for (chain = 0; chain < 40; chain++) {
		am_design_random(d, &r);
		for (step = 0; step < 120; step++) {
			char *text;
			am_sheet *s;
			if (ut_rng_uniform(&r, 8) == 0) {
				am_design_random(other, &r);
				am_design_cross(d, d, other, &r);
			} else {
				am_design_mutate(d, &r);
			}
			text = format(d);
			s = parse_ok(text);
			(*legal)++;
			if (am_sheet_team(s)->nunits > 1)
				(*storages)++;
			assert_int_equal(am_sheet_team(s)->nunits,
			                 am_design_team(d)->nunits);
			if (step % 10 == 0) {
				same_play(e, d, s, am_sheet_team(g));
				same_play(e, d, s, am_sheet_team(n));
			}
			am_sheet_free(s);
			free(text);
		}
	}
	am_sheet_free(g);
	am_sheet_free(n);
	am_engine_free(e);
	am_design_free(other);
	am_design_free(d);
}

/*
 * am_design_copy copies only the units and slots in use, and
 * am_design_hash prefilters the search's duplicate check.  Over chains
 * of random changes (core game and ビルディア), a copy made into a design
 * that held something else (other units, longer slot lists) must be
 * equal to the original, hash alike, write the same sheet, and, changed
 * by the same draws, stay equal: nothing reads what the copy left stale.
 * Designs that hash alike must be equal (a 64-bit hash of a few thousand
 * designs: a collision would be a defect of the hash, not chance).
 */
static void copy_and_hash_chains(int buildia)
{
	enum { CHAINS = 20, STEPS = 60 };
	am_design *d, *c, *junk, *seen[CHAINS * STEPS];
	uint64_t h[CHAINS * STEPS];
	size_t nseen = 0, i, j, distinct = 0;
	ut_rng r, r2;
	int chain, step;

	assert_int_equal(am_design_new(&d, buildia), 0);
	assert_int_equal(am_design_new(&c, buildia), 0);
	assert_int_equal(am_design_new(&junk, buildia), 0);
	ut_rng_seed(&r, 20261201 + (uint64_t)buildia);
	for (chain = 0; chain < CHAINS; chain++) {
		am_design_random(d, &r);
		for (step = 0; step < STEPS; step++) {
			char *td, *tc;
			/* c holds a different, fuller design first */
			do
				am_design_random(junk, &r);
			while (am_design_equal(junk, d));
			am_design_copy(c, junk);
			am_design_copy(c, d);
			assert_true(am_design_equal(c, d));
			assert_true(am_design_hash(c) == am_design_hash(d));
			td = format(d);
			tc = format(c);
			assert_string_equal(tc, td);
			free(tc);
			free(td);
			/* the same change on both, from the same draws */
			r2 = r;
			am_design_mutate(d, &r);
			am_design_mutate(c, &r2);
			assert_true(am_design_equal(c, d));
			td = format(d);
			tc = format(c);
			assert_string_equal(tc, td);
			free(tc);
			free(td);
			assert_int_equal(am_design_new(&seen[nseen], buildia), 0);
			am_design_copy(seen[nseen], d);
			h[nseen] = am_design_hash(d);
			nseen++;
		}
	}
	for (i = 0; i < nseen; i++) {
		int first = 1;
		for (j = 0; j < nseen; j++) {
			if (j != i && h[i] == h[j])
				assert_true(am_design_equal(seen[i], seen[j]));
			if (j < i && h[i] == h[j])
				first = 0;
		}
		distinct += first;
	}
	/* many distinct designs, and designs met again (changes undone):
	 * both sides of the comparison above are exercised */
	assert_true(distinct > nseen / 8 && distinct < nseen);
	for (i = 0; i < nseen; i++)
		am_design_free(seen[i]);
	am_design_free(junk);
	am_design_free(c);
	am_design_free(d);
}

static void test_copy_and_hash(void **state)
{
	(void)state;
	copy_and_hash_chains(0);
	copy_and_hash_chains(1);
}

/* AM-UNIT-1 AM-UNIT-2 AM-UNIT-3 AM-UNIT-4 AM-CUST-7 AM-COST-1 */
static void test_mutations_stay_legal(void **state)
{
	size_t legal = 0, storages = 0;

	mutate_chains(0, &legal, &storages);
	assert_int_equal(legal, 40 * 120);
	assert_int_equal(storages, 0); /* no ビルディア in the core game */
}

/* BU-SHEET-1 BU-SHEET-2 BU-STORE-1 BU-STORE-2 BU-CUST-4 BU-BUILD-1 */
static void test_buildia_mutations_stay_legal(void **state)
{
	size_t legal = 0, storages = 0;

	mutate_chains(1, &legal, &storages);
	assert_int_equal(legal, 40 * 120);
	/* the generator does reach storages (not a vacuous check) */
	assert_true(storages > 100);
}

/* A field of random designs, compiled. */
typedef struct field {
	am_design *d[16];
	am_program *p[16];
	size_t n;
} field;

static void field_make(field *f, size_t n, uint64_t seed, int buildia)
{
	ut_rng r;
	size_t i;

	ut_rng_seed(&r, seed);
	f->n = n;
	for (i = 0; i < n; i++) {
		assert_int_equal(am_design_new(&f->d[i], buildia), 0);
		am_design_random(f->d[i], &r);
		assert_int_equal(am_program_new(&f->p[i],
		                                am_design_team(f->d[i])), 0);
	}
}

static void field_free(field *f)
{
	size_t i;

	for (i = 0; i < f->n; i++) {
		am_program_free(f->p[i]);
		am_design_free(f->d[i]);
	}
}

static void same_search(const am_opt *a, const am_opt *b, size_t n)
{
	const am_opt_record *x = am_opt_best_record(a), *y = am_opt_best_record(b);
	const am_opt_point *ha, *hb;
	size_t i, na = am_opt_history(&ha, a), nb = am_opt_history(&hb, b);

	assert_true(am_design_equal(am_opt_best(a), am_opt_best(b)));
	assert_true(memcmp(x, y, sizeof(*x)) == 0);
	assert_int_equal(na, nb);
	assert_true(memcmp(ha, hb, na * sizeof(*ha)) == 0);
	assert_int_equal(am_opt_evaluations(a), am_opt_evaluations(b));
	assert_int_equal(am_opt_generations(a), am_opt_generations(b));
	assert_int_equal(am_opt_skipped(a), am_opt_skipped(b));
	for (i = 0; i < n; i++)
		assert_int_equal(am_opt_outcome(a, i), am_opt_outcome(b, i));
}

/* LG-POINTS-1: the record adds up (3 per win, 1 per draw) and the outcome
 * list agrees with it. */
static void record_adds_up(const am_opt *o, size_t n)
{
	const am_opt_record *r = am_opt_best_record(o);
	int64_t w = 0, d = 0, l = 0;
	size_t i;

	for (i = 0; i < n; i++) {
		int oc = am_opt_outcome(o, i);
		w += oc == AM_PAIR_WIN;
		d += oc == AM_PAIR_DRAW;
		l += oc == AM_PAIR_LOSS || oc == AM_PAIR_ERROR;
	}
	assert_int_equal(r->wins, w);
	assert_int_equal(r->draws, d);
	assert_int_equal(r->losses + r->errors, l);
	assert_int_equal(r->played, (int64_t)n);
	assert_int_equal(r->points, 3 * w + d);
}

/* LG-POINTS-1: same seed, same search on 1 and 2 threads. */
static void test_jobs_identical(void **state)
{
	field f;
	am_opt_opts o = AM_OPT_OPTS_INIT;
	am_opt *a, *b;
	int buildia;

	for (buildia = 0; buildia <= 1; buildia++) {
		field_make(&f, 12, 77 + (uint64_t)buildia, buildia);
		o.seed = 5;
		o.evals = 600;
		o.population = 24;
		o.buildia = buildia;
		o.jobs = 1;
		assert_int_equal(am_opt_run(&a, (const am_program *const *)f.p,
		                            f.n, &o), 0);
		o.jobs = 2;
		assert_int_equal(am_opt_run(&b, (const am_program *const *)f.p,
		                            f.n, &o), 0);
		same_search(a, b, f.n);
		record_adds_up(a, f.n);
		assert_int_equal(am_opt_evaluations(a), 600);
		am_opt_free(a);
		am_opt_free(b);
		field_free(&f);
	}
}

/* Parts as MPI ranks run them, here threads adding up through a barrier
 * (what MPI_Allreduce with MPI_SUM does). */
typedef struct parts_ctx {
	pthread_barrier_t bar;
	pthread_mutex_t mu;
	int64_t *acc;
	size_t cap;
	field *f;
	am_opt_opts base;
	am_opt *out[3];
} parts_ctx;

typedef struct part_arg {
	parts_ctx *c;
	uint32_t part, parts;
} part_arg;

static int share(void *ud, int64_t *vals, size_t n)
{
	parts_ctx *c = ud;
	size_t i;

	pthread_mutex_lock(&c->mu);
	if (c->cap < n) { /* the first to arrive grows it; nobody reads yet */
		c->acc = realloc(c->acc, n * sizeof(*c->acc));
		memset(c->acc + c->cap, 0, (n - c->cap) * sizeof(*c->acc));
		c->cap = n;
	}
	for (i = 0; i < n; i++)
		c->acc[i] += vals[i];
	pthread_mutex_unlock(&c->mu);
	pthread_barrier_wait(&c->bar);
	memcpy(vals, c->acc, n * sizeof(*vals));
	if (pthread_barrier_wait(&c->bar) == PTHREAD_BARRIER_SERIAL_THREAD)
		memset(c->acc, 0, c->cap * sizeof(*c->acc));
	pthread_barrier_wait(&c->bar);
	return 0;
}

static void *part_main(void *v)
{
	part_arg *a = v;
	am_opt_opts o = a->c->base;

	o.part = a->part;
	o.parts = a->parts;
	o.share = share;
	o.share_ud = a->c;
	if (am_opt_run(&a->c->out[a->part],
	               (const am_program *const *)a->c->f->p, a->c->f->n, &o) < 0)
		a->c->out[a->part] = NULL;
	return NULL;
}

static void test_parts_identical(void **state)
{
	field f;
	am_opt_opts o = AM_OPT_OPTS_INIT;
	am_opt *whole;
	uint32_t parts, k, jobs;

	field_make(&f, 10, 99, 0);
	o.seed = 11;
	o.evals = 400;
	o.population = 20;
	assert_int_equal(am_opt_run(&whole, (const am_program *const *)f.p, f.n,
	                            &o), 0);
	/* each part on 1 thread, then on 2: a part's driver shares the
	 * values between rounds while its other thread waits for the next */
	for (jobs = 1; jobs <= 2; jobs++)
	for (parts = 2; parts <= 3; parts++) {
		parts_ctx c;
		pthread_t th[3];
		part_arg args[3];
		uint64_t battles = 0;
		memset(&c, 0, sizeof(c));
		pthread_barrier_init(&c.bar, NULL, parts);
		pthread_mutex_init(&c.mu, NULL);
		c.f = &f;
		c.base = o;
		c.base.jobs = jobs;
		for (k = 0; k < parts; k++) {
			args[k].c = &c;
			args[k].part = k;
			args[k].parts = parts;
			assert_int_equal(pthread_create(&th[k], NULL, part_main,
			                                &args[k]), 0);
		}
		for (k = 0; k < parts; k++)
			pthread_join(th[k], NULL);
		for (k = 0; k < parts; k++) {
			assert_non_null(c.out[k]);
			same_search(whole, c.out[k], f.n);
			battles += am_opt_battles(c.out[k]);
		}
		/* the parts played the whole search's battles between them */
		assert_int_equal(battles, am_opt_battles(whole));
		for (k = 0; k < parts; k++)
			am_opt_free(c.out[k]);
		free(c.acc);
		pthread_barrier_destroy(&c.bar);
		pthread_mutex_destroy(&c.mu);
	}
	am_opt_free(whole);
	field_free(&f);
}

/*
 * A field of one sheet, グリスク.  Its record is one battle.  The mirror
 * battle of the field's best (グリスク itself) is a draw: 1 point, margin 0
 * (AM-SYM-1).  The best design's outcome is checked by replaying the
 * printed sheet against グリスク through the parser and engine.
 */
static void test_field_of_one(void **state)
{
	am_sheet *g = parse_ok(grisk), *s;
	am_program *p;
	am_opt_opts o = AM_OPT_OPTS_INIT;
	am_opt *opt;
	am_opt_record fr;
	am_engine *e;
	am_result res;
	char *text;
	int oc;

	assert_int_equal(am_program_new(&p, am_sheet_team(g)), 0);
	o.evals = 300;
	o.population = 16;
	assert_int_equal(am_opt_run(&opt, (const am_program *const *)&p, 1, &o),
	                 0);
	assert_int_equal(am_opt_field_best(&fr, opt), 0);
	assert_int_equal(fr.draws, 1);
	assert_int_equal(fr.points, 1);
	assert_int_equal(fr.margin, 0);
	record_adds_up(opt, 1);
	text = format(am_opt_best(opt));
	s = parse_ok(text);
	assert_int_equal(am_engine_new(&e), 0);
	assert_int_equal(am_battle_run(&res, e, am_sheet_team(s),
	                               am_sheet_team(g), NULL), 0);
	oc = res.winner == 0 ? AM_PAIR_WIN : res.winner == 1 ? AM_PAIR_LOSS :
	     AM_PAIR_DRAW;
	assert_int_equal(am_opt_outcome(opt, 0), oc);
	assert_int_equal(am_opt_best_record(opt)->margin,
	                 res.score[0] - res.score[1]);
	am_engine_free(e);
	am_sheet_free(s);
	free(text);
	am_opt_free(opt);
	am_program_free(p);
	am_sheet_free(g);
}

/*
 * Each allocation of a run (200 evaluations, populations of 16, a field
 * of 6) failing in turn, on 1, 2 and 3 threads: the allocations of the
 * driver (the search's arrays, the designs, the pool and its threads'
 * slots) and of the threads at their first candidate (engine, design
 * copy, program).  Whichever thread's allocation fails, the run returns
 * AM_ENOMEM with no result (the sanitizer builds check that nothing
 * leaks; a thread left waiting would hang the test), or, if the failure
 * was one the run can do without, the same search as without failures.
 * (A failure the run does without: the pool's second or third thread,
 * whose share the others play.)  Past the run's last allocation nothing
 * fails: three runs in a row without a failure end the sweep.  The
 * designs of the two populations and of the mail slots alone are 3 × 16
 * allocations, each of which fails the run: at least 48 runs fail.
 */
typedef struct opt_sweep {
	field f;
	am_opt_opts o;
	am_opt *ref, *got;
} opt_sweep;

static int opt_sweep_run(void *ud)
{
	opt_sweep *s = ud;

	s->got = (am_opt *)s;
	return am_opt_run(&s->got, (const am_program *const *)s->f.p, s->f.n,
	                  &s->o);
}

static void opt_sweep_check(void *ud, int rc, int failed)
{
	opt_sweep *s = ud;

	if (!tf_fail_ran(rc, failed, AM_ENOMEM)) {
		assert_null(s->got);
		return;
	}
	same_search(s->ref, s->got, s->f.n);
	am_opt_free(s->got);
}

static void test_alloc_failures(void **state)
{
	static opt_sweep s;
	unsigned jobs;

	field_make(&s.f, 6, 31, 0);
	s.o = (am_opt_opts)AM_OPT_OPTS_INIT;
	s.o.seed = 3;
	s.o.evals = 200;
	s.o.population = 16;
	for (jobs = 1; jobs <= 3; jobs++) {
		s.o.jobs = jobs;
		assert_int_equal(opt_sweep_run(&s), 0);
		s.ref = s.got;
		assert_true(tf_fail_sweep(opt_sweep_run, opt_sweep_check, &s) >=
		            48);
		am_opt_free(s.ref);
	}
	field_free(&s.f);
}

typedef struct report_sweep {
	const am_opt_view *v;
	int json;
	am_lang lang;
	tf_out want, got;
} report_sweep;

static int report_run(void *ud)
{
	report_sweep *s = ud;

	s->got.len = 0;
	return am_render_opt_report(s->v, s->json, s->lang, tf_out_write,
	                            &s->got);
}

static void report_check(void *ud, int rc, int failed)
{
	report_sweep *s = ud;

	tf_out_check(&s->want, &s->got, rc, failed, AM_ENOMEM);
}

/*
 * The report of a search (200 evaluations against a field of 6), in text
 * and JSON, in Japanese and English, with each allocation failing in
 * turn: AM_ENOMEM and nothing written, or the report byte for byte.  Its
 * sheet is am_design_text's of the best design (am_design_format's text,
 * whole): the text report begins with it, and the JSON report's "sheet"
 * is it.  Made with am_design_format called twice (to size, then to
 * write), the report could hold an empty sheet when one call failed and
 * the other did not, and `amaryllis optimize --out` write the bytes
 * after it.  Each report is built in a buffer that grows: at least one
 * run a report fails.
 */
static void test_report_alloc_failures(void **state)
{
	static const char *const names[6] = {"a", "b", "c", "d", "e", "f"};
	/* files named with bytes that are not UTF-8 (a field folder may hold
	 * them): shown with U+FFFD in the JSON report, where they made it
	 * fail as "out of memory" */
	static const char *const files[6] = {"a\xff.txt", "b\xff.txt",
	                                     "c\xff.txt", "d\xff.txt",
	                                     "e\xff.txt", "f\xff.txt"};
	static report_sweep s;
	am_opt_opts o = AM_OPT_OPTS_INIT;
	am_opt_view v;
	field f;
	am_opt *opt;
	char *text, *want, fbfile[16];
	size_t len;
	json_t *j;
	int l;
	(void)state;

	field_make(&f, 6, 31, 0);
	o.seed = 3;
	o.evals = 200;
	o.population = 16;
	assert_int_equal(am_opt_run(&opt, (const am_program *const *)f.p, f.n,
	                            &o), 0);
	memset(&v, 0, sizeof(v));
	v.opt = opt;
	v.n = f.n;
	v.names = names;
	v.files = files;
	v.seed = 3;
	assert_int_equal(am_design_text(&text, &len, am_opt_best(opt)), 0);
	want = format(am_opt_best(opt));
	assert_int_equal(len, strlen(want));
	assert_string_equal(text, want);
	free(want);
	assert_int_equal(am_design_text(NULL, NULL, am_opt_best(opt)),
	                 AM_EINVALID);
	s.v = &v;
	for (s.json = 0; s.json < 2; s.json++)
		for (l = 0; l < 2; l++) {
			s.lang = l ? AM_LANG_EN : AM_LANG_JA;
			assert_int_equal(report_run(&s), 0);
			s.want = s.got;
			if (s.json) {
				j = json_loadb(s.want.buf, s.want.len, 0, NULL);
				assert_non_null(j);
				assert_string_equal(json_string_value(
				        json_object_get(j, "sheet")), text);
				snprintf(fbfile, sizeof(fbfile), "%c\xEF\xBF\xBD.txt",
				         'a' + (int)am_opt_field_best(NULL, opt));
				assert_string_equal(json_string_value(json_object_get(
				        json_object_get(j, "field_best"), "file")), fbfile);
				json_decref(j);
			} else {
				assert_memory_equal(s.want.buf, text, len);
			}
			assert_true(tf_fail_sweep(report_run, report_check, &s) >= 1);
		}
	free(text);
	am_opt_free(opt);
	field_free(&f);
}

static void test_bad_options(void **state)
{
	am_opt_opts o = AM_OPT_OPTS_INIT;
	am_opt *opt = (am_opt *)&o;

	assert_int_equal(am_opt_run(&opt, NULL, 0, &o), AM_EINVALID);
	assert_null(opt);
	o.population = 3;
	assert_int_equal(am_opt_run(&opt, NULL, 0, &o), AM_EINVALID);
	am_opt_free(NULL);
	am_design_free(NULL);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		TF_TEST("AM-UNIT-1 AM-UNIT-2", test_new_design),
		TF_TEST("AM-UNIT-1 AM-UNIT-4 AM-CUST-7 AM-COST-1",
		        test_mutations_stay_legal),
		TF_TEST("BU-STORE-1 BU-STORE-2 BU-CUST-4",
		        test_buildia_mutations_stay_legal),
		TF_TEST("AM-UNIT-1 BU-STORE-1", test_copy_and_hash),
		TF_TEST("LG-POINTS-1", test_jobs_identical),
		TF_TEST("LG-POINTS-1", test_parts_identical),
		TF_TEST("AM-SYM-1 LG-POINTS-1", test_field_of_one),
		cmocka_unit_test(test_alloc_failures),
		cmocka_unit_test(test_report_alloc_failures),
		cmocka_unit_test(test_bad_options),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
