/*
 * test_engine.c - the battle engine on hand-built teams.
 *
 * Every expected figure below is derived by hand from the rules as
 * docs/AMARYLLIS.md states them (the rule IDs there are cited above each test
 * and in its name); the derivation is written next to each test.
 */
#include <stdlib.h>
#include <string.h>

#include "amaryllis/engine.h"
#include "amaryllis/render.h"
#include "amaryllis/sheet.h"
#include "support/fail_alloc.h"
#include "support/fixture.h"

#include "../../bench/gen.h"

/* グリスク and ヌト, the two units of the worked example (RPG013 アマリリス, 戦闘例). */
static void grisk(tf_team *t)
{
	TEAM(t, UNIT(.name = "グリスク", .hp = 10, .atk = 1, .def = 1, .spd = 2,
	             .actions = {
	                     ACT(.name = "シールド", .cls = AM_CLASS_DEF_UP,
	                         .n = 2, .limited = 1),
	                     ACT(.name = "スピア", .cls = AM_CLASS_DIRECT,
	                         .delay = 4, .mult = 2),
	                     ACT(.name = "スピア", .cls = AM_CLASS_DIRECT,
	                         .delay = 4, .mult = 2),
	                     ACT(.name = "ブースト", .cls = AM_CLASS_ATK_UP,
	                         .n = 1),
	             }));
}

static void nut(tf_team *t)
{
	TEAM(t, UNIT(.name = "ヌト", .hp = 10, .atk = 3, .def = 1, .spd = 1,
	             .actions = {
	                     ACT(.name = "命の剣", .cls = AM_CLASS_LIFE,
	                         .limited = 1),
	                     ACT(.name = "魔法剣", .cls = AM_CLASS_HALVE,
	                         .limited = 1, .delay = 2),
	                     ACT(.name = "絶対剣", .cls = AM_CLASS_PIERCE,
	                         .delay = 3),
	             }));
}

/* AM-TURN-2 AM-CUST-4 AM-CLASS-3 AM-STATE-5 AM-RESULT-1 */
/*
 * The worked example of the rules (グリスク vs ヌト), as the text tells it:
 * T1 グリスク 防御力3 攻撃力2, ヌト ライフ; T2 攻撃力3, 魔法剣 ⌈10/2⌉=5 → 5;
 * T3 攻撃力4, 絶対剣 3 → 2; T4 スピア (4×2)−1=7 → ヌト 3, again 7 → −4,
 * ライフ → 1; 絶対剣 3 → グリスク −1, dead.  ヌト wins in turn 4.
 */
static void test_worked_example(void **state)
{
	static tf_outcome f;
	tf_team g, n;
	(void)state;
	grisk(&g);
	nut(&n);
	tf_run_both(&f, &g, &n);
	assert_int_equal(f.r.winner, 1);
	assert_int_equal(f.r.draw, 0);
	assert_int_equal(f.r.turns, 4);
	assert_int_equal(f.u[0].hp, -1);
	assert_int_equal(f.u[0].alive, 0);
	assert_int_equal(f.u[0].atk, 4);
	assert_int_equal(f.u[0].def, 3);
	assert_int_equal(f.u[1].hp, 1);
	assert_int_equal(f.u[1].alive, 1);
	assert_int_equal(f.u[1].states[AM_STATE_LIFE], 0);
	assert_int_equal(f.r.score[0], -1);
	assert_int_equal(f.r.score[1], 1);
}

static int count_steps(void *ud, const am_engine *e, const am_event *ev)
{
	(void)e;
	if (ev->kind == AM_EV_STEP_BEGIN)
		++*(uint64_t *)ud;
	return 0;
}

/* AM-SYM-1 AM-STEP-3 */
/*
 * Over every ordered pair of 120 generated legal units: (1) swapping the
 * sides mirrors the result exactly (RULINGS: battles are symmetric); (2) the
 * shortcuts taken without an event callback (empty steps played at once, the
 * jump to turn 20 when nobody can act) give the same result and step count
 * as the fully logged battle; (3) a reused engine gives what a fresh one does.
 */
static void test_symmetry_and_fast_paths(void **state)
{
	enum { N = 120 };
	static gen_unit u[N];
	uint64_t seed = 7;
	am_engine *e, *fresh;
	int i, j, decided = 0;
	(void)state;

	for (i = 0; i < N; i++)
		gen_unit_make(&u[i], &seed, i);
	assert_int_equal(am_engine_new(&e), 0);
	for (i = 0; i < N; i++)
		for (j = 0; j < N; j++) {
			am_result a, b, c, d;
			am_battle_opts o = AM_BATTLE_OPTS_INIT;
			am_battle_opts slow = AM_BATTLE_OPTS_INIT;
			uint64_t steps = 0;
			o.on_event = count_steps;
			o.event_ud = &steps;
			assert_int_equal(am_battle_run(&a, e, &u[i].team, &u[j].team,
			                               NULL), 0);
			assert_int_equal(am_battle_run(&b, e, &u[j].team, &u[i].team,
			                               NULL), 0);
			assert_int_equal(b.winner, a.winner < 0 ? -1 : 1 - a.winner);
			assert_int_equal(b.score[0], a.score[1]);
			assert_int_equal(b.score[1], a.score[0]);
			assert_int_equal(b.turns, a.turns);
			assert_int_equal(b.steps, a.steps);
			assert_int_equal(am_battle_run(&c, e, &u[i].team, &u[j].team,
			                               &o), 0);
			assert_memory_equal(&a, &c, sizeof(a));
			assert_int_equal(steps, a.steps);
			/* and every step played one by one gives the same */
			slow.shortcuts = 0;
			assert_int_equal(am_battle_run(&d, e, &u[i].team, &u[j].team,
			                               &slow), 0);
			assert_memory_equal(&a, &d, sizeof(a));
			decided += a.winner >= 0;
		}
	/* the generated population must be varied enough to mean something */
	assert_true(decided > N * N / 2);
	assert_int_equal(am_engine_new(&fresh), 0);
	{
		am_result a, c;
		assert_int_equal(am_battle_run(&a, e, &u[3].team, &u[5].team,
		                               NULL), 0);
		assert_int_equal(am_battle_run(&c, fresh, &u[3].team, &u[5].team,
		                               NULL), 0);
		assert_memory_equal(&a, &c, sizeof(a));
	}
	am_engine_free(fresh);
	am_engine_free(e);
}

static am_sheet *sheet(const char *text)
{
	am_sheet *s;
	assert_int_equal(am_sheet_parse(&s, text, strlen(text), NULL), 0);
	assert_true(am_sheet_ok(s));
	return s;
}

/* 嵐 attacks with 全体化 from turn 1; 巣 builds two 卵 in turn 0
 * (test_hits_limit, test_work_limit). */
static const char arashi[] = "嵐：５／１／０／１／嵐撃\n"
                             "・嵐撃（２）：直接攻撃＜全体化＞\n";
static const char su[] = "巣（９）：５／０／０／２／産、産\n"
                         "○卵（１）：５／０／０／０\n"
                         "・産（１）：ビルド（卵）＜リミテッド＞＜高速起動＞＜配置－１＞\n";

/* BU-POP-2 BU-ALL-3 */
/*
 * The bound on attack records in one tempo (am_battle_opts.max_hits): 巣
 * builds two 卵 in turn 0 (リミテッド, 高速起動), so in turn 1 嵐's 全体化 attack
 * is three hits.  With one record per hit (expand_hits, the reference path)
 * max_hits 3 lets the battle run and 2 stops it with AM_ELIMIT in turn 1
 * (not an allocation failure), after 巣's two builds.  Grouped (the
 * default: BU-ALL-3) the volley is one record: max_hits 1 is enough.
 */
static void test_hits_limit(void **state)
{
	am_sheet *a = sheet(arashi), *b = sheet(su);
	am_battle_opts o = AM_BATTLE_OPTS_INIT;
	am_engine *e;
	am_result r;
	(void)state;

	assert_int_equal(am_engine_new(&e), 0);
	o.max_hits = 1;
	assert_int_equal(am_battle_run(&r, e, am_sheet_team(a), am_sheet_team(b),
	                               &o), 0);
	assert_int_equal(am_engine_unit_count(e), 4);
	o.expand_hits = 1;
	o.max_hits = 3;
	assert_int_equal(am_battle_run(&r, e, am_sheet_team(a), am_sheet_team(b),
	                               &o), 0);
	assert_int_equal(am_engine_unit_count(e), 4);
	o.max_hits = 2;
	assert_int_equal(am_battle_run(&r, e, am_sheet_team(a), am_sheet_team(b),
	                               &o), AM_ELIMIT);
	assert_int_equal(r.turns, 1);
	assert_int_equal(am_engine_unit_count(e), 4);
	assert_non_null(strstr(am_error_last(), "attack records in one tempo"));
	am_engine_free(e);
	am_sheet_free(a);
	am_sheet_free(b);
}

/*
 * The bound on the work of a battle (am_battle_opts.max_work): each actor
 * of a step that is not empty counts 1, a 全体化 attack also the living
 * units it reaches times the kinds of attack at them.  The sheets of
 * test_hits_limit: turn 0, 巣 (素早さ 2) takes two steps alone and builds
 * two 卵 (高速起動): 2; 嵐 (素早さ 1) has nothing usable yet (AM-TURN-3):
 * an empty step, 0.  卵 have 素早さ 0 and 巣 nothing left (its steps are
 * empty), so from turn 1 only 嵐's step counts, once a turn: its
 * 全体化 攻撃 (1) reaches 巣 and both 卵 with one kind (3 × 1), dealing
 * 1 − 0 = 1 to each; all three start at ＨＰ 5 and die in turn 5, which
 * ends the battle.  Work: 2 + 5 × (1 + 3) = 22.
 * max_work 22 lets it end; 21 stops it in turn 5 (before: 2 + 4 × 4 =
 * 18; the attack makes 19, its reach would make 22), having done 19;
 * 2 stops it at the first attack, in turn 1, having done the builds' 2.
 * Grouped or one record per hit (expand_hits), the same.  A version 1
 * caller has no max_work: no bound.
 */
static void test_work_limit(void **state)
{
	am_sheet *a = sheet(arashi), *b = sheet(su);
	am_battle_opts o = AM_BATTLE_OPTS_INIT;
	am_engine *e;
	am_result r;
	char why[128];
	int x;
	(void)state;

	assert_int_equal(am_engine_new(&e), 0);
	assert_true(o.max_work == UINT64_MAX);
	for (x = 0; x < 2; x++) {
		o.expand_hits = x;
		o.max_work = UINT64_MAX;
		assert_int_equal(am_battle_run(&r, e, am_sheet_team(a),
		                               am_sheet_team(b), &o), 0);
		assert_true(am_engine_work(e) == 22);
		assert_int_equal(r.winner, 0);
		assert_int_equal(r.turns, 5);
		o.max_work = 22;
		assert_int_equal(am_battle_run(&r, e, am_sheet_team(a),
		                               am_sheet_team(b), &o), 0);
		assert_true(am_engine_work(e) == 22);
		o.max_work = 21;
		assert_int_equal(am_battle_run(&r, e, am_sheet_team(a),
		                               am_sheet_team(b), &o), AM_ELIMIT);
		assert_string_equal(am_error_last(),
		                    "the battle would exceed the work limit of 21");
		am_render_stop(why, sizeof why, am_error_last(), AM_LANG_JA);
		assert_string_equal(why, "戦闘の作業量が上限の21を超えるため");
		assert_true(am_engine_work(e) == 19);
		assert_int_equal(r.turns, 5);
		o.max_work = 2;
		assert_int_equal(am_battle_run(&r, e, am_sheet_team(a),
		                               am_sheet_team(b), &o), AM_ELIMIT);
		assert_true(am_engine_work(e) == 2);
		assert_int_equal(r.turns, 1);
	}
	o.version = 1;
	o.expand_hits = 0;
	assert_int_equal(am_battle_run(&r, e, am_sheet_team(a), am_sheet_team(b),
	                               &o), 0);
	assert_true(am_engine_work(e) == 22);
	am_engine_free(e);
	am_sheet_free(a);
	am_sheet_free(b);
}

/* A NULL out is an error, not a crash (embedder review W4). */
static void test_null_out(void **state)
{
	(void)state;
	assert_int_equal(am_engine_new(NULL), AM_EINVALID);
	assert_string_equal(am_error_last(), "am_engine_new: out is NULL");
}

/* A battle of two example sheets with its log (text in Japanese, or
 * JSON) kept in memory, or written out as it is made (stream) and
 * compared as it comes, each allocation failing in turn. */
typedef struct log_sweep {
	am_sheet *s[8];
	size_t n, a, b;
	int json, stream;
	char *want;
	size_t wlen;
	size_t at;   /* stream: the bytes written that matched */
	int differs; /* stream: a write did not match want at `at` */
	am_log *log;
} log_sweep;

/* The log's writer (stream): what comes must be want's next bytes. */
static int compare_write(void *ud, const char *data, size_t len)
{
	log_sweep *w = ud;

	if (len > w->wlen - w->at || memcmp(data, w->want + w->at, len) != 0)
		w->differs = 1;
	else
		w->at += len;
	return 0;
}

static void load_sheet(const char *path, const char *text, size_t len,
                       void *ud)
{
	log_sweep *w = ud;

	(void)path;
	assert_true(w->n < 8);
	assert_int_equal(am_sheet_parse(&w->s[w->n], text, len, NULL), 0);
	assert_true(am_sheet_ok(w->s[w->n]));
	w->n++;
}

/* The battle and its log (w->log, to free): the first error of making
 * the engine, the log, the battle and its end. */
static int log_sweep_run(void *ud)
{
	log_sweep *w = ud;
	am_battle_opts o = AM_BATTLE_OPTS_INIT;
	am_engine *e = NULL;
	am_result res;
	int rc, brc;

	w->log = NULL;
	w->at = 0;
	w->differs = 0;
	if ((rc = am_log_new(&w->log, w->json ? AM_LOG_JSON : AM_LOG_TEXT,
	                     AM_LANG_JA, w->stream ? compare_write : NULL,
	                     w)) < 0 ||
	    (rc = am_engine_new(&e)) < 0)
		return rc;
	o.on_event = am_log_event;
	o.event_ud = w->log;
	brc = am_battle_run(&res, e, am_sheet_team(w->s[w->a]),
	                    am_sheet_team(w->s[w->b]), &o);
	rc = am_log_finish(w->log, e, &res, brc);
	am_engine_free(e);
	return brc == AM_ENOMEM ? brc : rc;
}

static void log_sweep_check(void *ud, int rc, int failed)
{
	log_sweep *w = ud;
	size_t len;
	const char *text;

	if (tf_fail_ran(rc, failed, AM_ENOMEM)) {
		if (w->stream) {
			assert_false(w->differs);
			assert_int_equal(w->at, w->wlen);
		} else {
			text = am_log_text(w->log, &len);
			assert_int_equal(len, w->wlen);
			assert_memory_equal(text, w->want, len);
		}
	}
	am_log_free(w->log);
}

/*
 * Each allocation of a battle of two of the 7 example sheets (the .txt
 * files of examples/), with its log in Japanese text and in JSON, failing
 * in turn: AM_ENOMEM, or the same log byte for byte -- never a battle
 * played otherwise or a line of its log lost for want of memory (the ASan
 * build also checks that nothing leaks).  The engine and the log are
 * allocations that fail it: at least 2 runs a battle fail.
 *
 * Every ordered pair, a sheet against itself too: there every unit name
 * is on both sides, so the text log marks them （Ａ）/（Ｂ） (AM-LOG-2),
 * and the table of those names is an allocation of its own.  Each
 * allocation replays the battle whole, so what is swept is cut where it
 * repeats itself:
 * - the JSON log makes 25-30 allocations an event (jansson's fail too:
 *   tests/util/support/fail_alloc.h), 880 to 5,700 a battle, so it is
 *   swept in one order of each pair of two sheets (the other is the same
 *   battle, the sides exchanged; the marks are the text log's), where it
 *   is under 16 KiB: 13 pairs, with every kind of event that the 16
 *   under 64 KiB have (泡子 against 蛆の母 has no_target and hits,
 *   グリスク against ヌト revival and stat, 父 against ヌト fail);
 * - the big logs (64 KiB and more: 父 and 母 of chichi.txt and haha.txt,
 *   whose units multiply, against each other, themselves, 死神使い and
 *   蛆の母; 0.5 to 7 MiB of text) in text alone, written out as they are
 *   made (so the writer's path too), in one order, and not against
 *   themselves (父 and 母 are one sheet under two names, so 父 against 母
 *   is that battle).
 * Of the 49 ordered pairs, 12 have big logs (父 and 母 each against 父,
 * 母, 死神使い and 蛆の母, and those two against 父 and 母).  So the text
 * logs of the other 37 (泡子's against itself is 57 KiB) and 5 big ones
 * (父 against 母, and each of them against 死神使い and 蛆の母), and 13
 * JSON logs: 55 sweeps.  The release build fails every allocation of
 * each; the ASan build the first and the last 50 and every 4th between
 * them (tf_fail_sweep_sampled: the ASan test took 70 s of CPU before,
 * 49 s after, measured side by side).
 */
static void test_alloc_failures(void **state)
{
	static log_sweep w;
	size_t swept = 0;
	(void)state;

	assert_int_equal(tf_each_file("examples", ".txt", load_sheet, &w), 7);
	for (w.a = 0; w.a < w.n; w.a++)
		for (w.b = 0; w.b < w.n; w.b++)
			for (w.json = 0; w.json < 2; w.json++) {
				const char *text;
				/* a JSON log is swept in one order only, and it is
				 * longer than the text log (w.wlen, just made): not
				 * made at all where it would not be swept (the 5
				 * pairs of big logs and the other order were a third
				 * of this test under ASan) */
				if (w.json && (w.a >= w.b || w.wlen >= 16384))
					continue;
				w.stream = 0;
				assert_int_equal(log_sweep_run(&w), 0);
				text = am_log_text(w.log, &w.wlen);
				w.want = NULL;
				if (w.json ? w.a < w.b && w.wlen < 16384
				           : w.wlen < 65536 || w.a < w.b) {
					assert_non_null(w.want = malloc(w.wlen + 1));
					memcpy(w.want, text, w.wlen);
				}
				am_log_free(w.log);
				if (!w.want)
					continue;
				w.stream = w.wlen >= 65536;
				assert_true(tf_fail_sweep_sampled(log_sweep_run,
				                                  log_sweep_check,
				                                  &w, 50, 4) >= 2);
				free(w.want);
				swept++;
			}
	assert_int_equal(swept, 55);
	for (w.a = 0; w.a < w.n; w.a++)
		am_sheet_free(w.s[w.a]);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		TF_TEST("AM-TURN-2 AM-CUST-4 AM-CLASS-3 AM-STATE-5 AM-RESULT-1",
		        test_worked_example),
		TF_TEST("AM-SYM-1 AM-STEP-3", test_symmetry_and_fast_paths),
		TF_TEST("BU-POP-2", test_hits_limit),
		TF_TEST("BU-POP-3", test_work_limit),
		TF_TEST("docs/EMBEDDING.md", test_null_out),
		cmocka_unit_test(test_alloc_failures),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
