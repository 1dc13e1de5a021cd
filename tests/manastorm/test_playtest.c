/*
 * test_playtest.c - playtests and sweeps (manastorm/playtest.h,
 * docs/MANASTORM.md "Playtests" the MS-PT rules, "Sweeps" the MS-SW rules):
 * the Wilson
 * interval against values worked by hand, the same report for 1, 2 and 3
 * threads, run i equal to one duel seeded S+i, a duel whose outcome is
 * certain (derived by hand from D3), the sweep's edits and errors, common
 * seeds across values.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "manastorm/duel.h"
#include "manastorm/policy.h"
#include "manastorm/playtest.h"
#include "manastorm/pt_render.h"
#include "manastorm/render.h"
#include "manastorm/scenario_yaml.h"
#include "util/error.h"
#include "util/rng.h"

#include "support/fail_alloc.h"

static int ms_error_set_test(uint64_t seed)
{
	return ut_error_set(MS_EINVALID, "policy failed at seed %llu",
	                    (unsigned long long)seed);
}

#define TEST(ids, f) {ids " " #f, f, NULL, NULL, NULL}
#define EPS 5e-7

static const int64_t outfits[] = {3, 2};

/* The bundled table (examples/manastorm/table.yaml) built in C. */
static ms_participant table_parts[4];
static ms_scenario table(void)
{
	static const char *const names[4] = {"リナ", "カイ", "ミオ", "ジン"};
	static const int suits[4] = {MS_SUIT_H, MS_SUIT_S, MS_SUIT_D, MS_SUIT_C};
	ms_scenario s;
	int i;

	ms_scenario_init(&s);
	for (i = 0; i < 4; i++) {
		ms_participant *p = &table_parts[i];
		ms_participant_init(p);
		p->name = names[i];
		p->side = i / 2;
		p->role = i % 2 ? MS_ROLE_WARRIOR : MS_ROLE_CASTER;
		p->threshold = 7;
		p->suit = suits[i];
		if (p->role == MS_ROLE_CASTER) {
			p->mp = 3;
			p->outfits = outfits;
			p->noutfits = 2;
		} else
			p->hp = 10;
	}
	s.participants = table_parts;
	s.nparticipants = 4;
	return s;
}

/*
 * A certain duel: one battle of one round, hand 1, decks shuffled.  A's
 * warrior カイ (発現値 13: every card passes) plays its one hand card; B's
 * warrior ジン (発現値 0, no favoured suit: no card passes) passes (D5).
 * Step 5: カイ succeeds (ジン played nothing, nothing to match, no storm);
 * step 7: one succeeds, the other passed → A +1; step 9: A deals 1 to ジン
 * (HP 10 → 9), B deals ⌊0/2⌋ = 0.  Winner (D3 end): no one defeated, A
 * dealt more damage → A, whatever the shuffle.  More battles change
 * nothing: カイ's hand is empty, both pass, advantages 0 → 0 damage.
 */
static ms_participant sure_parts[2];
static ms_scenario sure(void)
{
	ms_scenario s;
	ms_scenario_init(&s);
	s.battles = 1;
	s.rounds_per_battle = 1;
	s.hand_size = 1;
	ms_participant_init(&sure_parts[0]);
	sure_parts[0].name = "カイ";
	sure_parts[0].side = 0;
	sure_parts[0].role = MS_ROLE_WARRIOR;
	sure_parts[0].threshold = 13;
	sure_parts[0].hp = 10;
	ms_participant_init(&sure_parts[1]);
	sure_parts[1].name = "ジン";
	sure_parts[1].side = 1;
	sure_parts[1].role = MS_ROLE_WARRIOR;
	sure_parts[1].threshold = 0;
	sure_parts[1].suit = MS_SUIT_NONE;
	sure_parts[1].hp = 10;
	s.participants = sure_parts;
	s.nparticipants = 2;
	return s;
}

static void run(ms_pt_report *r, const ms_scenario *s, uint64_t runs,
                uint64_t seed, unsigned jobs)
{
	ms_pt_opts o = MS_PT_OPTS_INIT;
	o.runs = runs;
	o.seed = seed;
	o.jobs = jobs;
	assert_int_equal(ms_pt_run(r, s, &o), 0);
}

/* MS-PT-WILSON-1: by hand, z = 1.959964, z² = 3.841459.
 * 5 of 10: p = .5, 1 + z²/n = 1.3841459, centre = (.5 + .1920729) /
 * 1.3841459 = .5, half = z·√(.025 + .0096036)/1.3841459 = .2634069 →
 * [.2365931, .7634069].  0 of 10: lo 0, centre = .1920729/1.3841459 =
 * .1387664, half = z·√.0096036/1.3841459 = .1387664 → hi .2775328.
 * 10 of 10: mirror → [.7224672, 1].  n = 0 or k > n: [0, 1]. */
static void wilson(void **state)
{
	ms_pt_interval ci;
	(void)state;
	ci = ms_pt_wilson(5, 10);
	assert_true(ci.lo > 0.2365931 - EPS && ci.lo < 0.2365931 + EPS);
	assert_true(ci.hi > 0.7634069 - EPS && ci.hi < 0.7634069 + EPS);
	ci = ms_pt_wilson(0, 10);
	assert_true(ci.lo == 0.0);
	assert_true(ci.hi > 0.2775328 - EPS && ci.hi < 0.2775328 + EPS);
	ci = ms_pt_wilson(10, 10);
	assert_true(ci.lo > 0.7224672 - EPS && ci.lo < 0.7224672 + EPS);
	assert_true(ci.hi == 1.0);
	ci = ms_pt_wilson(0, 0);
	assert_true(ci.lo == 0.0 && ci.hi == 1.0);
	ci = ms_pt_wilson(3, 2);
	assert_true(ci.lo == 0.0 && ci.hi == 1.0);
}

/* MS-PT-DIFF-1: by hand from the Wilson intervals of wilson() above.
 * 5 of 10 minus 10 of 10: d = .5 − 1 = −.5; lo = −.5 − √((.5 − .2365931)²
 * + (1 − 1)²) = −.7634069; hi = −.5 + √((.7634069 − .5)² + (1 −
 * .7224672)²) = −.5 + √(.0693832 + .0770245) = −.5 + .3826325 = −.1173675:
 * the interval excludes 0.  Swapped: [.1173675, .7634069].  0 of 10 minus
 * 0 of 10: d = 0, ±√(0 + .2775328²) = ±.2775328.  n = 0 or k > n: [−1, 1].
 */
static void diff(void **state)
{
	ms_pt_interval d;
	(void)state;
	d = ms_pt_diff(5, 10, 10, 10);
	assert_true(d.lo > -0.7634069 - EPS && d.lo < -0.7634069 + EPS);
	assert_true(d.hi > -0.1173675 - EPS && d.hi < -0.1173675 + EPS);
	d = ms_pt_diff(10, 10, 5, 10);
	assert_true(d.lo > 0.1173675 - EPS && d.lo < 0.1173675 + EPS);
	assert_true(d.hi > 0.7634069 - EPS && d.hi < 0.7634069 + EPS);
	d = ms_pt_diff(0, 10, 0, 10);
	assert_true(d.lo > -0.2775328 - EPS && d.lo < -0.2775328 + EPS);
	assert_true(d.hi > 0.2775328 - EPS && d.hi < 0.2775328 + EPS);
	d = ms_pt_diff(1, 0, 1, 10);
	assert_true(d.lo == -1.0 && d.hi == 1.0);
	d = ms_pt_diff(3, 10, 11, 10);
	assert_true(d.lo == -1.0 && d.hi == 1.0);
}

/* MS-PT-TELL-1: by hand, z² = 3.8414588.  p = .5, d = 2 points: 2 · z² ·
 * .25 / .02² = 1.9207294 / .0004 = 4801.82 → 4802 runs each; d = 1 point:
 * 19207.29 → 19208; d = 5 points: 768.29 → 769.  p = .44 (.44 · .56 =
 * .2464), 2 points: 2 · 3.8414588 · .2464 / .0004 = 4732.68 → 4733.  At
 * the runs needed the smallest difference told is just below d: z ·
 * √(2 · .25 / 4802) = .0199996, and at one run fewer just above: z ·
 * √(.5 / 4801) = .0200017.  No spread (p = 0 or 1), d = 0 or d > 1: no
 * estimate (0). */
static void runs_needed(void **state)
{
	(void)state;
	assert_int_equal(ms_pt_runs_needed(0.5, 0.02), 4802);
	assert_int_equal(ms_pt_runs_needed(0.5, 0.01), 19208);
	assert_int_equal(ms_pt_runs_needed(0.5, 0.05), 769);
	assert_int_equal(ms_pt_runs_needed(0.44, 0.02), 4733);
	assert_int_equal(ms_pt_runs_needed(0.56, 0.02), 4733);
	assert_int_equal(ms_pt_runs_needed(0.0, 0.02), 0);
	assert_int_equal(ms_pt_runs_needed(1.0, 0.02), 0);
	assert_int_equal(ms_pt_runs_needed(0.5, 0.0), 0);
	assert_int_equal(ms_pt_runs_needed(0.5, 1.5), 0);
	assert_true(ms_pt_runs_needed(0.5, 1e-300) == UINT64_MAX);
	assert_true(ms_pt_smallest_diff(0.5, 4802) > 0.0199996 - EPS &&
	            ms_pt_smallest_diff(0.5, 4802) < 0.0199996 + EPS);
	assert_true(ms_pt_smallest_diff(0.5, 4802) <= 0.02);
	assert_true(ms_pt_smallest_diff(0.5, 4801) > 0.02);
	assert_true(ms_pt_smallest_diff(0.5, 0) == 0.0);
	assert_true(ms_pt_smallest_diff(1.0, 50) == 0.0);
}

/* MS-PT-TELL-1 (the side), MS-SW-BEST-1, MS-SW-OUT-1, MS-SW-OUT-2: reports
 * built by hand.  Side: A .44 (.2464) vs B .34 (.2244) → A; A .1 (.09) vs
 * B .6 (.24) → B; A 1 and B 0 (both 0) → A.  Best: A wins 5, 10, 10 of
 * 10 → index 1 (the first of the two tens); the row of 5 is 50 points
 * lower, [−76.3, −11.7] (diff() above): marked; the second 10 is +0.0,
 * [−27.8, +27.8] (from .7224672: ±√((1 − .7224672)² + 0) = ±.2775328):
 * not marked. */
static void best_value(void **state)
{
	ms_pt_report pt[3];
	int64_t values[3] = {4, 7, 9};
	ms_sw_report r;
	ut_buf b = UT_BUF_INIT;
	size_t i;
	(void)state;

	memset(pt, 0, sizeof pt);
	pt[0].rate[MS_PT_A] = 0.44;
	pt[0].rate[MS_PT_B] = 0.34;
	assert_int_equal(ms_pt_tell_side(&pt[0]), MS_PT_A);
	pt[0].rate[MS_PT_A] = 0.1;
	pt[0].rate[MS_PT_B] = 0.6;
	assert_int_equal(ms_pt_tell_side(&pt[0]), MS_PT_B);
	pt[0].rate[MS_PT_A] = 1.0;
	pt[0].rate[MS_PT_B] = 0.0;
	assert_int_equal(ms_pt_tell_side(&pt[0]), MS_PT_A);

	memset(pt, 0, sizeof pt);
	for (i = 0; i < 3; i++) {
		pt[i].runs = 10;
		pt[i].seed = 3;
		pt[i].wins[MS_PT_A] = i ? 10 : 5;
		pt[i].wins[MS_PT_B] = i ? 0 : 5;
		pt[i].rate[MS_PT_A] = (double)pt[i].wins[MS_PT_A] / 10.0;
		pt[i].rate[MS_PT_B] = (double)pt[i].wins[MS_PT_B] / 10.0;
		pt[i].ci[MS_PT_A] = ms_pt_wilson(pt[i].wins[MS_PT_A], 10);
		pt[i].ci[MS_PT_B] = ms_pt_wilson(pt[i].wins[MS_PT_B], 10);
		pt[i].ci[MS_PT_DRAW] = ms_pt_wilson(0, 10);
	}
	r.nvalues = 3;
	r.values = values;
	r.pt = pt;
	r.failed_value = 0;
	assert_int_equal(ms_sw_best(&r), 1);
	r.nvalues = 0;
	assert_int_equal(ms_sw_best(&r), 0);
	r.nvalues = 3;
	assert_int_equal(ms_sw_render_text(&b, &r, "battles=4,7,9", MS_LANG_EN), 0);
	assert_string_equal(b.ptr,
		"Sweep: battles=4,7,9, 10 duels per value (seeds from 3, the same for every value)\n"
		"   Value  Side A won              Side B won              Draw                    Side A won vs best\n"
		"       4   50.0% [23.7%, 76.3%]    50.0% [23.7%, 76.3%]     0.0% [0.0%, 27.8%]    -50.0 [-76.3, -11.7] *\n"
		"       7  100.0% [72.2%, 100.0%]    0.0% [0.0%, 27.8%]      0.0% [0.0%, 27.8%]     best\n"
		"       9  100.0% [72.2%, 100.0%]    0.0% [0.0%, 27.8%]      0.0% [0.0%, 27.8%]     +0.0 [-27.8, +27.8]\n"
		"vs best: side A's win rate minus that of the best value (7), in points, with its 95% interval (Newcombe); * the interval excludes 0: significantly lower\n");
	ut_buf_clear(&b);
	assert_int_equal(ms_sw_render_text(&b, &r, "battles=4,7,9", MS_LANG_JA), 0);
	assert_non_null(strstr(b.ptr, "   -50.0 [-76.3, -11.7] *\n"));
	assert_non_null(strstr(b.ptr, "    最高\n"));
	assert_non_null(strstr(b.ptr, "    +0.0 [-27.8, +27.8]\n"));
	assert_non_null(strstr(b.ptr, "最高との差：陣営Aの勝率から最高の値（7）の勝率を引いた"
	                              "ポイントと95%信頼区間（Newcombe）。* は区間が0を含まない＝有意に低い\n"));
	ut_buf_clear(&b);
	assert_int_equal(ms_sw_render_json(&b, &r, "battles=4,7,9"), 0);
	assert_non_null(strstr(b.ptr, ",\"best\":{\"index\":1,\"value\":7},"));
	/* the numbers as megami's (jansson's) reals: %.17g, the doubles
	 * exactly (-0.5; the intervals' text above to one decimal) */
	assert_non_null(strstr(b.ptr, "\"vs_best\":{\"diff\":-0.5,\"lo\":-0.7634"));
	assert_non_null(strstr(b.ptr, ",\"hi\":-0.1173"));
	assert_non_null(strstr(b.ptr, "\"differs\":true}"));
	assert_non_null(strstr(b.ptr, "\"vs_best\":{\"diff\":0.0,\"lo\":-0.27753279986288"));
	assert_non_null(strstr(b.ptr, "\"differs\":false}"));
	ut_buf_free(&b);
}

/* Two sorted tallies hold the same values with the same counts. */
static void same_tally(const ut_tally *a, const ut_tally *b)
{
	assert_true(a->sorted && b->sorted);
	assert_int_equal(a->n, b->n);
	assert_int_equal(a->used, b->used);
	assert_memory_equal(a->value, b->value, a->used * sizeof *a->value);
	assert_memory_equal(a->count, b->count, a->used * sizeof *a->count);
}

static void same_report(const ms_pt_report *a, const ms_pt_report *b)
{
	size_t k;
	assert_int_equal(a->runs, b->runs);
	assert_memory_equal(a->wins, b->wins, sizeof a->wins);
	assert_memory_equal(a->end, b->end, sizeof a->end);
	same_tally(&a->battles, &b->battles);
	same_tally(&a->storms, &b->storms);
	for (k = 0; k < a->nparts; k++) {
		same_tally(&a->hp[k], &b->hp[k]);
		same_tally(&a->mp[k], &b->mp[k]);
		assert_true(a->parts[k].outfits_mean == b->parts[k].outfits_mean);
	}
	assert_true(a->happenings_per_duel == b->happenings_per_duel);
	assert_true(a->storm_outfits_per_duel == b->storm_outfits_per_duel);
	assert_true(a->mean_battles == b->mean_battles);
	assert_true(a->storms_per_duel == b->storms_per_duel);
	assert_true(a->storm_hp_per_duel == b->storm_hp_per_duel);
}

/* MS-PT-JOBS-1: 1, 2 and 3 threads give the same report, rendered the
 * same byte for byte (text, JSON, SVG); 300 runs = 10 chunks, uneven. */
static void jobs_identical(void **state)
{
	ms_scenario s = table();
	ms_pt_report r[3];
	ut_buf t[3] = {UT_BUF_INIT, UT_BUF_INIT, UT_BUF_INIT};
	unsigned j;
	(void)state;

	for (j = 0; j < 3; j++) {
		run(&r[j], &s, 300, 42, j + 1);
		assert_int_equal(ms_pt_render_json(&t[j], &r[j]), 0);
		assert_int_equal(ms_pt_render_text(&t[j], &r[j], MS_LANG_JA), 0);
		assert_int_equal(ms_pt_render_svg(&t[j], &r[j], MS_LANG_EN), 0);
	}
	assert_int_equal(r[0].jobs, 1);
	assert_int_equal(r[2].jobs, 3);
	for (j = 1; j < 3; j++) {
		same_report(&r[0], &r[j]);
		assert_int_equal(t[0].len, t[j].len);
		assert_memory_equal(t[0].ptr, t[j].ptr, t[0].len);
	}
	/* every duel is counted once */
	assert_int_equal(r[0].wins[0] + r[0].wins[1] + r[0].wins[2], 300);
	assert_int_equal(r[0].end[0] + r[0].end[1] + r[0].end[2] + r[0].end[3],
	                 300);
	for (j = 0; j < 3; j++) {
		ms_pt_report_free(&r[j]);
		ut_buf_free(&t[j]);
	}
}

/* MS-PT-JOBS-1: each allocation of 300 runs of the table (10 chunks, so
 * that every thread plays) failing in turn, on 1, 2 and 3 threads: the
 * series returns MS_ENOMEM (a duel's, or its own), or, for a failure it
 * does without (a thread of the pool: the others play its chunks), the
 * same report as without failures -- never a duel counted otherwise for
 * want of memory.  The sanitizer builds check that nothing leaks; a
 * thread left waiting would hang the test.  Three series in a row
 * without a failure (past the last allocation) end the sweep; the
 * report's tallies alone (battles, storms, and each participant's ＨＰ
 * and ＭＰ) are allocations that fail it: at least 4 series fail. */
typedef struct pt_sweep {
	ms_scenario s;
	ms_pt_opts o;
	ms_pt_report ref, r;
} pt_sweep;

static int pt_sweep_run(void *ud)
{
	pt_sweep *p = ud;

	return ms_pt_run(&p->r, &p->s, &p->o);
}

static void pt_sweep_check(void *ud, int rc, int failed)
{
	pt_sweep *p = ud;

	if (tf_fail_ran(rc, failed, MS_ENOMEM))
		same_report(&p->ref, &p->r);
	ms_pt_report_free(&p->r);
}

static void jobs_alloc_failures(void **state)
{
	static pt_sweep p;
	unsigned j;
	(void)state;

	p.s = table();
	p.o = (ms_pt_opts)MS_PT_OPTS_INIT;
	p.o.runs = 300;
	p.o.seed = 42;
	for (j = 1; j <= 3; j++) {
		p.o.jobs = j;
		assert_int_equal(ms_pt_run(&p.ref, &p.s, &p.o), 0);
		assert_true(tf_fail_sweep(pt_sweep_run, pt_sweep_check,
		                          &p) >= 4);
		ms_pt_report_free(&p.ref);
	}
}

/* The three renderings of a report, each allocation failing in turn:
 * MS_ENOMEM, or the same bytes as without failures. */
typedef struct render_sweep {
	const ms_pt_report *r;
	int kind; /* 0 text, 1 JSON, 2 SVG */
	ut_buf want, got;
} render_sweep;

static int render_sweep_run(void *ud)
{
	render_sweep *w = ud;

	ut_buf_free(&w->got);
	return w->kind == 0 ? ms_pt_render_text(&w->got, w->r, MS_LANG_JA) :
	       w->kind == 1 ? ms_pt_render_json(&w->got, w->r) :
	                      ms_pt_render_svg(&w->got, w->r, MS_LANG_EN);
}

/* A sweep's run that made bytes: MS_ENOMEM after a failure, or got is
 * want. */
static void same_bytes(int rc, int failed, const ut_buf *want,
                       const ut_buf *got)
{
	if (!tf_fail_ran(rc, failed, MS_ENOMEM))
		return;
	assert_int_equal(got->len, want->len);
	assert_memory_equal(got->ptr, want->ptr, want->len);
}

static void render_sweep_check(void *ud, int rc, int failed)
{
	render_sweep *w = ud;

	same_bytes(rc, failed, &w->want, &w->got);
}

static void render_alloc_failures(void **state)
{
	static render_sweep w;
	ms_scenario s = table();
	ms_pt_report r;
	(void)state;

	run(&r, &s, 300, 42, 1);
	w.r = &r;
	for (w.kind = 0; w.kind < 3; w.kind++) {
		assert_int_equal(render_sweep_run(&w), 0);
		w.want = w.got;
		w.got = (ut_buf)UT_BUF_INIT;
		/* each is made in a buffer that grows: 1 allocation at least */
		assert_true(tf_fail_sweep(render_sweep_run, render_sweep_check,
		                          &w) >= 1);
		ut_buf_free(&w.want);
		ut_buf_free(&w.got);
	}
	ms_pt_report_free(&r);
}

/* MS-PT-SHARE-1: 300 runs in parts of 0, 100, 101 and 99 runs (threads 1,
 * 2, 3, 2), packed, added up out of order and finished are ms_pt_run's
 * report, rendered the same byte for byte; of two failing parts the
 * smaller run is reported, whichever part holds it. */
static void share_parts(void **state)
{
	static const uint64_t cut[] = {0, 0, 100, 201};
	ms_scenario s = table();
	ms_pt_opts o = MS_PT_OPTS_INIT;
	ms_pt_report a, b, p, q;
	ut_buf t[2] = {UT_BUF_INIT, UT_BUF_INIT}, buf = UT_BUF_INIT;
	size_t i;
	(void)state;

	run(&a, &s, 300, 42, 1);
	o.runs = 300;
	o.seed = 42;
	o.jobs = 2;
	assert_int_equal(ms_pt_run_part(&b, &s, &o, 201, 99), 0);
	for (i = 0; i < 3; i++) {
		o.jobs = (unsigned)i + 1;
		assert_int_equal(ms_pt_run_part(&p, &s, &o, cut[i],
		                                cut[i + 1] - cut[i]), 0);
		ut_buf_clear(&buf);
		assert_int_equal(ms_pt_report_pack(&buf, &p), 0);
		assert_int_equal(ms_pt_report_merge_packed(&b, buf.ptr, buf.len),
		                 0);
		ms_pt_report_free(&p);
	}
	/* a packed part cut short is refused (by a part then to be freed) */
	assert_int_equal(ms_pt_run_part(&p, &s, &o, 0, 0), 0);
	assert_int_equal(ms_pt_report_merge_packed(&p, buf.ptr, buf.len - 1),
	                 MS_EINVALID);
	ms_pt_report_free(&p);
	assert_int_equal(ms_pt_report_finish(&b), 0);
	same_report(&a, &b);
	assert_int_equal(ms_pt_render_json(&t[0], &a), 0);
	assert_int_equal(ms_pt_render_text(&t[0], &a, MS_LANG_EN), 0);
	assert_int_equal(ms_pt_render_svg(&t[0], &a, MS_LANG_JA), 0);
	assert_int_equal(ms_pt_render_json(&t[1], &b), 0);
	assert_int_equal(ms_pt_render_text(&t[1], &b, MS_LANG_EN), 0);
	assert_int_equal(ms_pt_render_svg(&t[1], &b, MS_LANG_JA), 0);
	assert_int_equal(t[0].len, t[1].len);
	assert_memory_equal(t[0].ptr, t[1].ptr, t[0].len);
	ms_pt_report_free(&a);
	ms_pt_report_free(&b);

	/* one event a duel: every run fails; [10, 20) takes in [0, 10) */
	o.max_events = 1;
	assert_int_equal(ms_pt_run_part(&p, &s, &o, 10, 10), 0);
	assert_int_equal(ms_pt_run_part(&q, &s, &o, 0, 10), 0);
	assert_true(p.failed && p.failed_run == 10 && q.failed_run == 0);
	ut_buf_clear(&buf);
	assert_int_equal(ms_pt_report_pack(&buf, &q), 0);
	assert_int_equal(ms_pt_report_merge_packed(&p, buf.ptr, buf.len), 0);
	assert_int_equal(p.failed_run, 0);
	assert_int_equal(p.failed_seed, 42);
	assert_int_equal(ms_pt_report_finish(&p), MS_ELIMIT);
	assert_non_null(strstr(ms_error_last(), "run 0 (seed 42): "));
	ms_pt_report_free(&p);
	ms_pt_report_free(&q);
	ut_buf_free(&buf);
	ut_buf_free(&t[0]);
	ut_buf_free(&t[1]);
}

/* MS-PT-SEED-1, MS-PT-MEM-1: run i is the duel of ms_duel_new with seed
 * S + i (here S near 2^64, so S + i wraps) and ms_duel_run: the report's
 * counts, tallies and sums are those of the 50 duels played one by one
 * (winner, battles, storms, happenings, the step that ended it, each
 * HP/MP/衣装 left) — for the table, and for the table with warriors of
 * 55 HP and casters of 100 MP, whose values end on both sides of the
 * ones a worker counts in an array before its tallies (playtest.c:
 * count_value, flush_small). */
static void check_run_i(ms_scenario s)
{
	ms_pt_report r;
	uint64_t seed = UINT64_MAX - 20, i, wins[3] = {0}, end[MS_PT_END_N] = {0};
	int64_t happenings = 0, outfits[4] = {0};
	ut_tally battles = {0}, storms = {0}, hp[4] = {{0}}, mp[4] = {{0}};
	size_t k;

	run(&r, &s, 50, seed, 2);
	for (i = 0; i < 50; i++) {
		ms_duel_opts o = MS_DUEL_OPTS_INIT;
		ms_duel *d;
		ms_result res;
		o.seed = seed + i; /* wraps past 2^64 − 1 to 0 … */
		assert_int_equal(o.seed, ut_rng_series_seed(seed, i));
		assert_int_equal(ms_duel_new(&d, &s, &o), 0);
		assert_int_equal(ms_duel_run(&res, d), 0);
		wins[res.winner == 0 ? MS_PT_A
		     : res.winner == 1 ? MS_PT_B : MS_PT_DRAW]++;
		assert_int_equal(ut_tally_add(&battles, res.battles), 0);
		assert_int_equal(ut_tally_add(&storms, res.storms), 0);
		happenings += res.happenings;
		end[res.end == MS_END_STEP6 ? MS_PT_END_STEP6
		    : res.end == MS_END_STORM ? MS_PT_END_STORM
		    : res.end == MS_END_STEP9 ? MS_PT_END_STEP9
		    : MS_PT_END_BATTLES]++;
		for (k = 0; k < 4; k++) {
			ms_part_state ps;
			ms_duel_participant(&ps, d, (uint32_t)k);
			assert_int_equal(ut_tally_add(&hp[k], ps.hp), 0);
			assert_int_equal(ut_tally_add(&mp[k], ps.mp), 0);
			outfits[k] += (int64_t)ps.noutfits;
		}
		ms_duel_free(d);
	}
	assert_memory_equal(r.wins, wins, sizeof wins);
	assert_memory_equal(r.end, end, sizeof end);
	assert_true(r.happenings_per_duel == (double)happenings / 50.0);
	ut_tally_sort(&battles);
	ut_tally_sort(&storms);
	same_tally(&r.battles, &battles);
	same_tally(&r.storms, &storms);
	ut_tally_free(&battles);
	ut_tally_free(&storms);
	for (k = 0; k < 4; k++) {
		ut_tally_sort(&hp[k]);
		ut_tally_sort(&mp[k]);
		same_tally(&r.hp[k], &hp[k]);
		same_tally(&r.mp[k], &mp[k]);
		assert_true(r.parts[k].outfits_mean == (double)outfits[k] / 50.0);
		ut_tally_free(&hp[k]);
		ut_tally_free(&mp[k]);
	}
	ms_pt_report_free(&r);
}

static void run_i_is_one_duel(void **state)
{
	ms_scenario s = table();
	int64_t lo = INT64_MAX, hi = INT64_MIN;
	size_t k;
	ms_pt_report r;
	(void)state;

	check_run_i(s);
	for (k = 0; k < 4; k++) {
		if (table_parts[k].role == MS_ROLE_WARRIOR)
			table_parts[k].hp = 55;
		else
			table_parts[k].mp = 100;
	}
	check_run_i(s);
	/* HP left below and above 47 (the array's last value) */
	run(&r, &s, 50, UINT64_MAX - 20, 2);
	for (k = 0; k < 4; k += 2) {
		if (r.parts[k + 1].hp_min < lo)
			lo = r.parts[k + 1].hp_min;
		if (r.parts[k + 1].hp_max > hi)
			hi = r.parts[k + 1].hp_max;
	}
	assert_true(lo <= 47 && hi > 47);
	ms_pt_report_free(&r);
}

/* MS-PT-OUT-2, MS-PT-STAT-1, MS-PT-END-1, MS-PT-PART-1: the certain duel
 * (derivation above sure()), 10 runs: A wins 10 of 10 → Wilson [.7224672, 1];
 * 1 battle each, no storm, no happening, every duel ended by its battles; カイ
 * HP 10, ジン HP 9 in every run. */
static void certain_outcome(void **state)
{
	ms_scenario s = sure();
	ms_pt_report r;
	ut_buf b = UT_BUF_INIT;
	(void)state;

	run(&r, &s, 10, 7, 2);
	assert_int_equal(r.wins[MS_PT_A], 10);
	assert_int_equal(r.wins[MS_PT_B], 0);
	assert_int_equal(r.wins[MS_PT_DRAW], 0);
	assert_true(r.rate[MS_PT_A] == 1.0);
	assert_true(r.ci[MS_PT_A].lo > 0.7224672 - EPS &&
	            r.ci[MS_PT_A].lo < 0.7224672 + EPS);
	assert_true(r.ci[MS_PT_A].hi == 1.0);
	assert_true(r.ci[MS_PT_B].lo == 0.0);
	assert_true(r.mean_battles == 1.0);
	assert_int_equal(r.battles_min, 1);
	assert_int_equal(r.battles_max, 1);
	assert_true(r.storms_per_duel == 0.0 && r.happenings_per_duel == 0.0);
	assert_int_equal(r.end[MS_PT_END_BATTLES], 10);
	assert_int_equal(r.parts[0].hp_min, 10);
	assert_int_equal(r.parts[0].hp_max, 10);
	assert_int_equal(r.parts[1].hp_min, 9);
	assert_int_equal(r.parts[1].hp_max, 9);
	assert_true(r.parts[1].hp_mean == 9.0);
	assert_int_equal(ms_pt_render_json(&b, &r), 0);
	/* reals as jansson writes them (%.17g, ".0" for a whole number): the
	 * Wilson bounds of 10 of 10, 10 / (10 + z²) = 0.72246720013711074… and
	 * 1 − that = 0.2775327998628892 (MS-PT-WILSON-1, checked to EPS above),
	 * each in the fewest digits that read back as the double
	 * (util/json.h): 0.7224672001371107 */
	assert_string_equal(b.ptr,
		"{\"rng\":\"xoshiro256ss-1\",\"seed\":\"7\",\"runs\":10,"
		"\"wins\":{\"A\":10,\"B\":0,\"draw\":0},"
		"\"rates\":{\"A\":{\"rate\":1.0,\"lo\":0.7224672001371107,\"hi\":1.0},"
		"\"B\":{\"rate\":0.0,\"lo\":0.0,\"hi\":0.2775327998628892},"
		"\"draw\":{\"rate\":0.0,\"lo\":0.0,\"hi\":0.2775327998628892}},"
		"\"tell_apart\":{\"side\":\"A\",\"rate\":1.0,\"confidence\":"
		"0.95,\"smallest_diff\":null,\"runs_needed\":[{\"diff\":0.01,"
		"\"runs\":null},{\"diff\":0.02,\"runs\":null},{\"diff\":0.05,"
		"\"runs\":null}]},"
		"\"mean_battles\":1.0,\"battles_min\":1,\"battles_max\":1,"
		"\"storms_per_duel\":0.0,\"happenings_per_duel\":0.0,"
		"\"storm_damage\":{\"outfits_per_duel\":0.0,\"hp_per_duel\":"
		"0.0,\"outfits_per_storm\":0.0,\"hp_per_storm\":0.0},"
		"\"ended_by\":{\"step6\":0,\"storm\":0,\"step9\":0,\"battles\":10},"
		"\"participants\":[{\"name\":\"カイ\",\"side\":\"A\",\"role\":"
		"\"warrior\",\"hp_mean\":10.0,\"hp_min\":10,\"hp_max\":10,"
		"\"hp_left\":[{\"lo\":10,\"hi\":10,\"count\":10}]},{\"name\":\"ジン\","
		"\"side\":\"B\",\"role\":\"warrior\",\"hp_mean\":9.0,\"hp_min\":9,"
		"\"hp_max\":9,\"hp_left\":[{\"lo\":9,\"hi\":9,\"count\":10}]}],"
		"\"histograms\":{\"battles\":[{\"lo\":1,\"hi\":1,\"count\":10}],"
		"\"storms\":[{\"lo\":0,\"hi\":0,\"count\":10}]}}\n");
	/* MS-PT-TELL-1: every duel the same: no spread, no estimate */
	ut_buf_clear(&b);
	assert_int_equal(ms_pt_render_text(&b, &r, MS_LANG_EN), 0);
	assert_non_null(strstr(b.ptr, "\nTelling win rates apart: side A won 100.0% "
	                              "of the duels, no spread to estimate from\n"));
	ut_buf_clear(&b);
	assert_int_equal(ms_pt_render_text(&b, &r, MS_LANG_JA), 0);
	assert_non_null(strstr(b.ptr, "\n勝率の差を見分けるのに要る回数：陣営Aの勝率が"
	                              "100.0%でばらつきがないので見積もれません\n"));
	ut_buf_free(&b);
	ms_pt_report_free(&r);
}

/* MS-PT-ERR-1, MS-PT-LIMIT-1: bad options (0 runs, one more than the
 * limit) and a policy nobody knows fail before any run:
 * nothing is reported as a failed run. */
static void errors(void **state)
{
	ms_scenario s = sure();
	ms_pt_opts o = MS_PT_OPTS_INIT;
	ms_pt_report r;
	(void)state;

	o.runs = 0;
	assert_int_equal(ms_pt_run(&r, &s, &o), MS_EINVALID);
	o.runs = (uint64_t)MS_PT_RUNS_MAX + 1;
	assert_int_equal(ms_pt_run(&r, &s, &o), MS_ELIMIT);
	o.runs = 3;
	o.version = 99;
	assert_int_equal(ms_pt_run(&r, &s, &o), MS_EINVALID);
	o.version = MS_PT_OPTS_VERSION;
	sure_parts[1].policy = "nope";
	assert_int_equal(ms_pt_run(&r, &s, &o), MS_EINVALID);
	assert_int_equal(r.failed, 0);
	assert_null(r.hp);
	sure_parts[1].policy = NULL;
	sure_parts[1].hp = 0; /* D7.11: HP ≥ 1 */
	assert_int_equal(ms_pt_run(&r, &s, &o), MS_EINVALID);
	ms_pt_report_free(&r);
}

/* A policy that fails in the duels seeded S+37 and S+80 (ms_duel_seed),
 * else plays as `default`. */
static int fail_seed(void *ud, const ms_duel *d, const ms_ask *ask,
                     ut_rng *rng, ms_choice *out)
{
	uint64_t s = *(const uint64_t *)ud, seed = ms_duel_seed(d);
	if (seed == s + 37 || seed == s + 80)
		return ms_error_set_test(seed);
	return ms_policy_find("default")->choose(NULL, d, ask, rng, out);
}

/* MS-PT-ERR-1, MS-PT-POL-1 (the caller's policy in every duel): duels 37
 * and 80 fail (a policy's error); with 1, 2 or 3
 * threads the report names run 37 and its seed 1000+37, the policy's
 * message, and MS_EINVALID comes back. */
static void failed_run(void **state)
{
	static uint64_t seed = 1000;
	const ms_policy pol[] = {{"failing", fail_seed, &seed}};
	ms_scenario s = table();
	unsigned j;
	(void)state;

	table_parts[1].policy = "failing";
	for (j = 1; j <= 3; j++) {
		ms_pt_opts o = MS_PT_OPTS_INIT;
		ms_pt_report r;
		o.runs = 200;
		o.seed = seed;
		o.jobs = j;
		o.policies = pol;
		o.npolicies = 1;
		assert_int_equal(ms_pt_run(&r, &s, &o), MS_EINVALID);
		assert_int_equal(r.failed, 1);
		assert_int_equal(r.failed_run, 37);
		assert_int_equal(r.failed_seed, 1037);
		assert_string_equal(r.failed_message, "policy failed at seed 1037");
		/* a failed playtest has no totals: its renderers refuse it
		 * (embedding review 2026-12-06: zeros, or a debug build's
		 * assertion) */
		{
			ut_buf b = UT_BUF_INIT;
			assert_int_equal(ms_pt_render_text(&b, &r, MS_LANG_EN),
			                 MS_EINVALID);
			assert_string_equal(ms_error_last(),
			                    "ms_pt_render_text: the playtest failed "
			                    "(run 37): it has no totals");
			assert_int_equal(ms_pt_render_json(&b, &r), MS_EINVALID);
			assert_int_equal(ms_pt_render_svg(&b, &r, MS_LANG_EN),
			                 MS_EINVALID);
			assert_int_equal(b.len, 0);
			ut_buf_free(&b);
		}
		ms_pt_report_free(&r);
	}
	table_parts[1].policy = NULL;
}

/* MS-BUDGET-2: each duel of a playtest has the budget o.max_events, and
 * run i stops exactly where `play --seed S+i` with that budget stops.  The
 * bundled table's duels take 75 to a few hundred events, so with a budget
 * of 100 some fail: the report names the smallest failing run k (found
 * here by playing the duels one by one) with MS_ELIMIT and the message of
 * duel k, whatever the threads.  A sweep's duels have the same budget;
 * 0 is refused. */
static void budget(void **state)
{
	ms_scenario s = table(), t = sure();
	ms_pt_opts o = MS_PT_OPTS_INIT;
	ms_duel_opts dopts = MS_DUEL_OPTS_INIT;
	ms_pt_report r;
	ms_sw_spec sp;
	ms_sw_report sw;
	ms_duel *d;
	ms_result res;
	char msg[512] = "";
	uint64_t k;
	unsigned j;
	(void)state;

	assert_int_equal(o.max_events, MS_DUEL_MAX_EVENTS_DEFAULT);
	dopts.max_events = 100;
	for (k = 0; k < 200; k++) {
		dopts.seed = 500 + k;
		assert_int_equal(ms_duel_new(&d, &s, &dopts), 0);
		if (ms_duel_run(&res, d) == MS_ELIMIT) {
			snprintf(msg, sizeof msg, "%s", ms_error_last());
			ms_duel_free(d);
			break;
		}
		ms_duel_free(d);
	}
	assert_true(k < 200); /* some duel needs more than 100 events */
	for (j = 1; j <= 3; j++) {
		o.runs = 200;
		o.seed = 500;
		o.jobs = j;
		o.max_events = 100;
		assert_int_equal(ms_pt_run(&r, &s, &o), MS_ELIMIT);
		assert_int_equal(r.failed, 1);
		assert_int_equal(r.failed_run, k);
		assert_int_equal(r.failed_seed, 500 + k);
		assert_string_equal(r.failed_message, msg);
		ms_pt_report_free(&r);
	}
	assert_int_equal(ms_sw_parse(&sp, "battles=1..3", &t), 0);
	o.runs = 5;
	o.max_events = 3; /* shuffle, hand, shuffle: b's hand is one too many */
	assert_int_equal(ms_sw_run(&sw, &t, &sp, &o), MS_ELIMIT);
	assert_int_equal(sw.failed_value, 0);
	assert_int_equal(sw.pt[0].failed_run, 0);
	assert_string_equal(sw.pt[0].failed_message, "the duel reached its "
	                    "limit of 3 events before the first battle");
	ms_sw_report_free(&sw);
	ms_sw_spec_free(&sp);
	o.max_events = 0;
	assert_int_equal(ms_pt_run(&r, &s, &o), MS_EINVALID);
	ms_pt_report_free(&r);
}

/* MS-PT-HIST-1: one bar per value over a span ≤ 40; 0…99 in 40 bars of
 * ⌈100/40⌉ = 3 (the last 99…99 holds 1). */
static void histogram(void **state)
{
	int64_t v[100];
	ms_pt_bin bins[MS_PT_BINS_MAX];
	size_t nb, i;
	(void)state;

	v[0] = 5; v[1] = 3; v[2] = 5;
	nb = ms_pt_histogram(bins, v, 3, 1);
	assert_int_equal(nb, 3);
	assert_int_equal(bins[0].lo, 3);
	assert_int_equal(bins[0].count, 1);
	assert_int_equal(bins[1].count, 0);
	assert_int_equal(bins[2].lo, 5);
	assert_int_equal(bins[2].count, 2);
	for (i = 0; i < 100; i++)
		v[i] = (int64_t)i;
	nb = ms_pt_histogram(bins, v, 100, 1);
	assert_int_equal(nb, 34);
	assert_int_equal(bins[0].hi, 2);
	assert_int_equal(bins[0].count, 3);
	assert_int_equal(bins[33].lo, 99);
	assert_int_equal(bins[33].hi, 99);
	assert_int_equal(bins[33].count, 1);
}

/* MS-SW-PATH-1, MS-SW-VAL-1: the forms of --vary and the values they
 * give, and the edit applied to a copy (the scenario itself untouched). */
static void sweep_parse(void **state)
{
	ms_scenario s = table(), c;
	ms_participant parts[4];
	ms_sw_spec sp;
	(void)state;

	assert_int_equal(ms_sw_parse(&sp, "participants.リナ.threshold=3..12", &s), 0);
	assert_int_equal(sp.field, MS_SW_THRESHOLD);
	assert_int_equal(sp.participant, 0);
	assert_int_equal(sp.nvalues, 10);
	assert_int_equal(sp.values[0], 3);
	assert_int_equal(sp.values[9], 12);
	ms_sw_apply(&c, parts, &s, &sp, 11);
	assert_int_equal(c.participants[0].threshold, 11);
	assert_int_equal(s.participants[0].threshold, 7);
	ms_sw_spec_free(&sp);

	/* 1..10/4: 1, 5, 9 (10 is not reached) */
	assert_int_equal(ms_sw_parse(&sp, "participants.ジン.hp=1..10/4", &s), 0);
	assert_int_equal(sp.field, MS_SW_HP);
	assert_int_equal(sp.participant, 3);
	assert_int_equal(sp.nvalues, 3);
	assert_int_equal(sp.values[2], 9);
	ms_sw_spec_free(&sp);

	assert_int_equal(ms_sw_parse(&sp, "hand_size=7,0,3", &s), 0);
	assert_int_equal(sp.field, MS_SW_HAND_SIZE);
	assert_int_equal(sp.nvalues, 3);
	assert_int_equal(sp.values[0], 7);
	assert_int_equal(sp.values[1], 0);
	ms_sw_apply(&c, parts, &s, &sp, 0);
	assert_int_equal(c.hand_size, 0);
	ms_sw_spec_free(&sp);

	assert_int_equal(ms_sw_parse(&sp, "battles=2", &s), 0);
	assert_int_equal(sp.field, MS_SW_BATTLES);
	ms_sw_apply(&c, parts, &s, &sp, 2);
	assert_int_equal(c.battles, 2);
	ms_sw_spec_free(&sp);
	/* full-width digits, as an IME types them: １..３/２ is 1, 3 */
	assert_int_equal(ms_sw_parse(&sp, "battles=１..３/２", &s), 0);
	assert_int_equal(sp.nvalues, 2);
	assert_int_equal(sp.values[0], 1);
	assert_int_equal(sp.values[1], 3);
	ms_sw_spec_free(&sp);
	assert_int_equal(ms_sw_parse(&sp, "rounds_per_battle=1..2", &s), 0);
	assert_int_equal(sp.field, MS_SW_ROUNDS);
	ms_sw_spec_free(&sp);
	assert_int_equal(ms_sw_parse(&sp, "participants.ミオ.mp=0..3", &s), 0);
	assert_int_equal(sp.field, MS_SW_MP);
	assert_int_equal(sp.participant, 2);
	ms_sw_spec_free(&sp);

	/* a name holding '=' (any scalar is a name; designer review D3): the
	 * values follow the last '=', since they never hold one; リ=ナ is
	 * participant 0, threshold 3 and 4 */
	{
		ms_scenario e = s;
		ms_participant named[4];
		assert_true(s.nparticipants <= 4);
		memcpy(named, s.participants, s.nparticipants * sizeof named[0]);
		named[0].name = "リ=ナ";
		e.participants = named;
		assert_int_equal(ms_sw_parse(&sp, "participants.リ=ナ.threshold=3,4",
		                             &e), 0);
		assert_int_equal(sp.field, MS_SW_THRESHOLD);
		assert_int_equal(sp.participant, 0);
		assert_int_equal(sp.nvalues, 2);
		assert_int_equal(sp.values[1], 4);
		ms_sw_spec_free(&sp);
	}
}

/* MS-SW-ERR-1, MS-SW-CHECK-1: each problem with the part it names. */
static void sweep_errors(void **state)
{
	ms_scenario s = table();
	ms_sw_spec sp;
	(void)state;

#define BAD(text, prob, det)                                         \
	do {                                                                \
		assert_int_equal(ms_sw_parse(&sp, text, &s), MS_EINVALID);      \
		assert_int_equal(sp.problem, prob);                             \
		assert_string_equal(sp.detail, det);                            \
		assert_null(sp.values);                                         \
	} while (0)
	BAD("battles", MS_SW_NO_EQUALS, "battles");
	BAD("storm_match=1", MS_SW_BAD_PATH, "storm_match");
	BAD("participants.リナ.suit=1", MS_SW_BAD_PATH, "participants.リナ.suit");
	BAD("participants.threshold=1", MS_SW_BAD_PATH, "participants.threshold");
	BAD("participants.ナナ.threshold=1", MS_SW_NO_PARTICIPANT, "ナナ");
	BAD("participants.カイ.mp=1", MS_SW_NOT_FOR_ROLE, "participants.カイ.mp");
	BAD("participants.リナ.hp=1", MS_SW_NOT_FOR_ROLE, "participants.リナ.hp");
	BAD("battles=3..1", MS_SW_BAD_VALUES, "3..1");
	BAD("battles=1..3/0", MS_SW_BAD_VALUES, "1..3/0");
	BAD("battles=1,,2", MS_SW_BAD_VALUES, "1,,2");
	BAD("battles=x", MS_SW_BAD_VALUES, "x");
	BAD("battles=", MS_SW_BAD_VALUES, "");
	BAD("battles=1..2000", MS_SW_TOO_MANY, "1..2000");
	BAD("battles=1..3/", MS_SW_BAD_VALUES, "1..3/");
	/* the whole range of a value: stopped at 1000 values, no overflow */
	BAD("battles=0..9223372036854775807", MS_SW_TOO_MANY,
	    "0..9223372036854775807");
	BAD("battles=0..9223372036854775808", MS_SW_BAD_VALUES,
	    "0..9223372036854775808");
	/* docs/CLI.md's numbers: no sign, no blank (review 2026-12-06) */
	BAD("battles=-1..3", MS_SW_BAD_VALUES, "-1..3");
	BAD("battles=+1", MS_SW_BAD_VALUES, "+1");
	BAD("battles=1, 2", MS_SW_BAD_VALUES, "1, 2");
	/* D7.11: 発現値 0–13, so 14 is named, with the range a scenario file
	 * may give (MS-SCN-NUM-1) */
	assert_int_equal(ms_sw_parse(&sp, "participants.リナ.threshold=12..14", &s),
	                 MS_EINVALID);
	assert_int_equal(sp.problem, MS_SW_RANGE);
	assert_int_equal(sp.bad_value, 14);
	assert_int_equal(sp.lo, 0);
	assert_int_equal(sp.hi, 13);
	assert_string_equal(sp.detail, "participants.リナ.threshold");
	/* D1: battles ≥ 1 */
	assert_int_equal(ms_sw_parse(&sp, "battles=0,1", &s), MS_EINVALID);
	assert_int_equal(sp.problem, MS_SW_RANGE);
	assert_int_equal(sp.bad_value, 0);
	/* MS-SCN-NUM-2: what a scenario file may not give, --vary may not
	 * either (these ran before: the engine's check has no upper bound) */
	assert_int_equal(ms_sw_parse(&sp, "participants.リナ.mp=9223372036854775807",
	                             &s), MS_EINVALID);
	assert_int_equal(sp.problem, MS_SW_RANGE);
	assert_int_equal(sp.bad_value, INT64_MAX);
	assert_int_equal(sp.hi, MS_SCN_NUMBER_MAX);
	assert_int_equal(ms_sw_parse(&sp, "hand_size=5,1000001", &s), MS_EINVALID);
	assert_int_equal(sp.problem, MS_SW_RANGE);
	assert_int_equal(sp.bad_value, 1000001);
	assert_int_equal(ms_sw_parse(&sp, "participants.カイ.hp=1000001", &s),
	                 MS_EINVALID);
	assert_int_equal(sp.problem, MS_SW_RANGE);
	assert_int_equal(ms_sw_parse(&sp, "rounds_per_battle=1001", &s),
	                 MS_EINVALID);
	assert_int_equal(sp.problem, MS_SW_RANGE);
	assert_int_equal(sp.hi, MS_SCN_ROUNDS_MAX);
#undef BAD
}

/* MS-SW-CRN-1, MS-SW-MEM-1: every value uses the seeds S … S+N−1: the sweep of the
 * table's own 発現値 7 (twice) equals the plain playtest; on the certain
 * duel, battles 1..3 gives 1, 2, 3 battles per duel and A wins every one
 * (the comment above sure()). */
static void sweep_runs(void **state)
{
	ms_scenario s = table(), t = sure();
	ms_pt_opts o = MS_PT_OPTS_INIT;
	ms_pt_report plain;
	ms_sw_spec sp;
	ms_sw_report r;
	size_t i;
	(void)state;

	run(&plain, &s, 64, 9, 1);
	assert_int_equal(ms_sw_parse(&sp, "participants.リナ.threshold=7,7", &s), 0);
	o.runs = 64;
	o.seed = 9;
	o.jobs = 2;
	assert_int_equal(ms_sw_run(&r, &s, &sp, &o), 0);
	assert_int_equal(r.nvalues, 2);
	for (i = 0; i < 2; i++) {
		const ms_pt_report *q = &r.pt[i];
		size_t k;
		assert_memory_equal(plain.wins, q->wins, sizeof plain.wins);
		assert_memory_equal(plain.end, q->end, sizeof plain.end);
		assert_true(plain.mean_battles == q->mean_battles);
		assert_true(plain.storms_per_duel == q->storms_per_duel);
		assert_true(plain.happenings_per_duel == q->happenings_per_duel);
		assert_true(plain.storm_hp_per_duel == q->storm_hp_per_duel);
		assert_true(plain.storm_outfits_per_duel == q->storm_outfits_per_duel);
		for (k = 0; k < 4; k++) {
			assert_true(plain.parts[k].hp_mean == q->parts[k].hp_mean);
			assert_true(plain.parts[k].mp_mean == q->parts[k].mp_mean);
			assert_int_equal(plain.parts[k].hp_min, q->parts[k].hp_min);
		}
		/* MS-SW-MEM-1 */
		assert_null(q->hp);
		assert_null(q->battles.value);
		assert_int_equal(q->battles.used, 0);
	}
	ms_sw_report_free(&r);
	ms_sw_spec_free(&sp);
	ms_pt_report_free(&plain);

	assert_int_equal(ms_sw_parse(&sp, "battles=1..3", &t), 0);
	o.runs = 5;
	assert_int_equal(ms_sw_run(&r, &t, &sp, &o), 0);
	for (i = 0; i < 3; i++) {
		assert_int_equal(r.values[i], (int64_t)i + 1);
		assert_int_equal(r.pt[i].wins[MS_PT_A], 5);
		assert_true(r.pt[i].mean_battles == (double)(i + 1));
		assert_int_equal(r.pt[i].parts[1].hp_max, 9);
	}
	ms_sw_report_free(&r);
	ms_sw_spec_free(&sp);
}

/* docs/RANDOM.md "Series and replays", MS-PT-OUT-2, MS-SW-OUT-2: a playtest's
 * and a sweep's JSON name the generator and write the first seed as a
 * decimal string, so the largest seed 2^64 − 1 = 18446744073709551615
 * reads back exactly (as a JSON number a double-based parser would make it
 * 18446744073709551616, one past the last seed).  The certain duel (the
 * comment above sure()) with 2 runs: runs 0 and 1 use seeds 2^64 − 1 and
 * 0 (S + i mod 2^64), and A wins both whatever the shuffle; the sweep
 * battles=1,2 plays the same two seeds for each value. */
static void seed_as_string(void **state)
{
	static const char pt_head[] =
		"{\"rng\":\"xoshiro256ss-1\",\"seed\":\"18446744073709551615\","
		"\"runs\":2,\"wins\":{\"A\":2,\"B\":0,\"draw\":0},";
	static const char sw_head[] =
		"{\"rng\":\"xoshiro256ss-1\",\"seed\":\"18446744073709551615\","
		"\"vary\":\"battles=1,2\",\"runs\":2,";
	ms_scenario t = sure();
	ms_pt_opts o = MS_PT_OPTS_INIT;
	ms_pt_report r;
	ms_sw_spec sp;
	ms_sw_report w;
	ut_buf b = UT_BUF_INIT;
	(void)state;

	run(&r, &t, 2, UINT64_MAX, 1);
	assert_int_equal(r.wins[MS_PT_A], 2);
	assert_int_equal(ms_pt_render_json(&b, &r), 0);
	assert_true(strncmp(b.ptr, pt_head, strlen(pt_head)) == 0);
	/* the seed once, as a string: no bare number form anywhere */
	assert_null(strstr(b.ptr, "\"seed\":1"));
	ms_pt_report_free(&r);
	ut_buf_clear(&b);

	assert_int_equal(ms_sw_parse(&sp, "battles=1,2", &t), 0);
	o.runs = 2;
	o.seed = UINT64_MAX;
	o.jobs = 1;
	assert_int_equal(ms_sw_run(&w, &t, &sp, &o), 0);
	assert_int_equal(w.pt[0].wins[MS_PT_A], 2);
	assert_int_equal(w.pt[1].wins[MS_PT_A], 2);
	assert_int_equal(ms_sw_render_json(&b, &w, "battles=1,2"), 0);
	assert_true(strncmp(b.ptr, sw_head, strlen(sw_head)) == 0);
	ms_sw_report_free(&w);
	ms_sw_spec_free(&sp);
	ut_buf_free(&b);
}

/* One duel of the table with its log (text in Japanese, or JSON), each
 * allocation failing in turn. */
typedef struct duel_sweep {
	ms_scenario s;
	uint64_t seed;
	int json;
	ut_buf want, got;
} duel_sweep;

/* The duel and its rendered log (w->got): the first error of making the
 * duel, of playing it (its log's MS_ENOMEM among them) and of rendering
 * it. */
static int duel_sweep_run(void *ud)
{
	duel_sweep *w = ud;
	ms_duel_opts o = MS_DUEL_OPTS_INIT;
	ms_log log = MS_LOG_INIT;
	ms_duel *d = NULL;
	ms_result res;
	int rc;

	ut_buf_free(&w->got);
	o.seed = w->seed;
	o.on_event = ms_log_record;
	o.event_ud = &log;
	if ((rc = ms_duel_new(&d, &w->s, &o)) == 0 &&
	    (rc = ms_duel_run(&res, d)) == 0)
		rc = w->json ? ms_render_json(&w->got, d, &log)
		             : ms_render_text(&w->got, d, &log, MS_LANG_JA);
	ms_log_free(&log);
	ms_duel_free(d);
	return rc;
}

static void duel_sweep_check(void *ud, int rc, int failed)
{
	duel_sweep *w = ud;

	same_bytes(rc, failed, &w->want, &w->got);
}

/* MS-PT-SEED-1: each allocation of the duels of seeds 1 … 3 of the table,
 * with their logs in Japanese text and in JSON, failing in turn:
 * MS_ENOMEM, or the same log byte for byte -- never a duel played
 * otherwise or an event of its log lost for want of memory (the ASan build
 * also checks that nothing leaks).  The duel and the log's events are
 * allocations that fail it: at least 2 runs a duel fail. */
static void duel_log_alloc_failures(void **state)
{
	static duel_sweep w;
	(void)state;

	w.s = table();
	for (w.seed = 1; w.seed <= 3; w.seed++)
		for (w.json = 0; w.json < 2; w.json++) {
			assert_int_equal(duel_sweep_run(&w), 0);
			w.want = w.got;
			w.got = (ut_buf)UT_BUF_INIT;
			assert_true(tf_fail_sweep(duel_sweep_run,
			                          duel_sweep_check, &w) >= 2);
			ut_buf_free(&w.want);
			ut_buf_free(&w.got);
		}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		TEST("MS-PT-WILSON-1", wilson),
		TEST("MS-PT-DIFF-1", diff),
		TEST("MS-PT-TELL-1", runs_needed),
		TEST("MS-SW-BEST-1 MS-PT-TELL-1", best_value),
		TEST("MS-PT-JOBS-1", jobs_identical),
		TEST("MS-PT-JOBS-1", jobs_alloc_failures),
		cmocka_unit_test(render_alloc_failures),
		TEST("MS-PT-SEED-1", duel_log_alloc_failures),
		TEST("MS-PT-SEED-1", run_i_is_one_duel),
		TEST("MS-PT-OUT-2 MS-PT-TELL-1", certain_outcome),
		TEST("MS-PT-OUT-2 MS-SW-OUT-2", seed_as_string),
		TEST("MS-PT-ERR-1", errors),
		TEST("MS-PT-ERR-1", failed_run),
		TEST("MS-BUDGET-2", budget),
		TEST("MS-PT-SHARE-1", share_parts),
		TEST("MS-PT-HIST-1", histogram),
		TEST("MS-SW-PATH-1 MS-SW-VAL-1", sweep_parse),
		TEST("MS-SW-ERR-1 MS-SW-CHECK-1", sweep_errors),
		TEST("MS-SW-CRN-1 MS-SW-MEM-1", sweep_runs),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
