/*
 * test_null_args.c - every fallible function of the installed amaryllis
 * headers (amaryllis.h and what it includes) given a NULL for each pointer
 * it needs, one at a time: AM_EINVALID and "FUNCTION: ARG is NULL", with
 * *out emptied first when out itself is there (docs/EMBEDDING.md, the
 * paragraph after the examples).  Until 2026-12-04 most of these crashed.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "amaryllis.h"

/* A non-NULL pointer that is not an object: what a refused call must leave
 * alone or set to NULL, never read. */
#define JUNK ((void *)&junk_byte)
static char junk_byte;

/* The call fails with AM_EINVALID and exactly that message. */
#define NULL_ARG(call, msg)                                              \
	do {                                                             \
		am_error_clear();                                        \
		assert_int_equal((call), AM_EINVALID);                   \
		assert_string_equal(am_error_last(), (msg));             \
	} while (0)

static const char sheet_a[] = "嵐：５／１／０／１／嵐撃\n"
                              "・嵐撃（２）：直接攻撃＜全体化＞\n";
static const char sheet_b[] = "岩：１０／０／０／０\n";

static int sink(void *ud, const char *data, size_t len)
{
	(void)ud, (void)data, (void)len;
	return 0;
}

typedef struct fix {
	am_sheet *sa, *sb;
	const am_team *ta, *tb;
	am_engine *e;
	am_program *pa, *pb;
} fix;

static void fix_make(fix *f)
{
	assert_int_equal(am_sheet_parse(&f->sa, sheet_a, strlen(sheet_a), NULL),
	                 0);
	assert_int_equal(am_sheet_parse(&f->sb, sheet_b, strlen(sheet_b), NULL),
	                 0);
	assert_true(am_sheet_ok(f->sa));
	assert_true(am_sheet_ok(f->sb));
	f->ta = am_sheet_team(f->sa);
	f->tb = am_sheet_team(f->sb);
	assert_int_equal(am_engine_new(&f->e), 0);
	assert_int_equal(am_program_new(&f->pa, f->ta), 0);
	assert_int_equal(am_program_new(&f->pb, f->tb), 0);
}

static void fix_free(fix *f)
{
	am_program_free(f->pa);
	am_program_free(f->pb);
	am_engine_free(f->e);
	am_sheet_free(f->sa);
	am_sheet_free(f->sb);
}

/* engine.h, team.h: the constructors, the runs and the checks. */
static void test_engine(void **state)
{
	fix f;
	am_result r;
	am_program *p = JUNK;
	am_unit_state st;
	am_build_turn turns[2];
	am_action act;
	int64_t cost;

	(void)state;
	fix_make(&f);
	NULL_ARG(am_engine_new(NULL), "am_engine_new: out is NULL");

	NULL_ARG(am_battle_run(NULL, f.e, f.ta, f.tb, NULL),
	         "am_battle_run: out is NULL");
	NULL_ARG(am_battle_run(&r, NULL, f.ta, f.tb, NULL),
	         "am_battle_run: engine is NULL");
	NULL_ARG(am_battle_run(&r, f.e, NULL, f.tb, NULL),
	         "am_battle_run: a is NULL");
	NULL_ARG(am_battle_run(&r, f.e, f.ta, NULL, NULL),
	         "am_battle_run: b is NULL");
	/* the embedder's case: not "a team needs at least one unit" */
	NULL_ARG(am_battle_run(&r, f.e, NULL, NULL, NULL),
	         "am_battle_run: a is NULL");
	assert_int_equal(r.winner, -1);

	NULL_ARG(am_program_new(NULL, f.ta), "am_program_new: out is NULL");
	NULL_ARG(am_program_new(&p, NULL), "am_program_new: team is NULL");
	assert_null(p);
	NULL_ARG(am_program_reset(NULL, f.ta),
	         "am_program_reset: program is NULL");
	NULL_ARG(am_program_reset(f.pa, NULL), "am_program_reset: team is NULL");

	NULL_ARG(am_battle_run_programs(NULL, f.e, f.pa, f.pb, NULL),
	         "am_battle_run_programs: out is NULL");
	NULL_ARG(am_battle_run_programs(&r, NULL, f.pa, f.pb, NULL),
	         "am_battle_run_programs: engine is NULL");
	NULL_ARG(am_battle_run_programs(&r, f.e, NULL, f.pb, NULL),
	         "am_battle_run_programs: a is NULL");
	NULL_ARG(am_battle_run_programs(&r, f.e, f.pa, NULL, NULL),
	         "am_battle_run_programs: b is NULL");

	/* the engine still works after all of that */
	assert_int_equal(am_battle_run(&r, f.e, f.ta, f.tb, NULL), 0);
	NULL_ARG(am_engine_unit(NULL, f.e, 0), "am_engine_unit: out is NULL");
	NULL_ARG(am_engine_unit(&st, NULL, 0), "am_engine_unit: engine is NULL");
	NULL_ARG(am_engine_slot_spent(NULL, 0, 0),
	         "am_engine_slot_spent: engine is NULL");

	memset(&act, 0, sizeof(act));
	act.cls = AM_CLASS_DIRECT;
	act.mult = 1;
	NULL_ARG(am_action_cost(NULL, &act, 0), "am_action_cost: out is NULL");
	NULL_ARG(am_action_cost(&cost, NULL, 0), "am_action_cost: act is NULL");
	NULL_ARG(am_team_check(NULL), "am_team_check: team is NULL");
	NULL_ARG(am_team_build_turns(NULL, f.ta),
	         "am_team_build_turns: out is NULL");
	NULL_ARG(am_team_build_turns(turns, NULL),
	         "am_team_build_turns: team is NULL");
	fix_free(&f);
}

/* sheet.h: the parser and the replay tokens. */
static void test_sheet(void **state)
{
	fix f;
	am_sheet *s = JUNK;
	char *tok = JUNK, *a = JUNK, *b = JUNK;
	size_t alen = 1, blen = 1;

	(void)state;
	fix_make(&f);
	NULL_ARG(am_sheet_parse(NULL, sheet_a, 1, NULL),
	         "am_sheet_parse: out is NULL");
	NULL_ARG(am_sheet_parse(&s, NULL, 1, NULL), "am_sheet_parse: buf is NULL");
	assert_null(s);

	/* the whole texts: *out NULL first */
	NULL_ARG(am_sheet_normalised(NULL, &alen, f.sa, AM_LANG_JA),
	         "am_sheet_normalised: out is NULL");
	NULL_ARG(am_sheet_normalised(&a, &alen, NULL, AM_LANG_JA),
	         "am_sheet_normalised: sheet is NULL");
	assert_null(a);
	a = JUNK;
	NULL_ARG(am_diag_message(NULL, &alen, NULL, AM_LANG_JA),
	         "am_diag_message: out is NULL");
	NULL_ARG(am_diag_message(&a, &alen, NULL, AM_LANG_JA),
	         "am_diag_message: diag is NULL");
	assert_null(a);
	a = JUNK;

	NULL_ARG(am_replay_token(NULL, f.sa, f.sb), "am_replay_token: out is NULL");
	NULL_ARG(am_replay_token(&tok, NULL, f.sb), "am_replay_token: a is NULL");
	assert_null(tok);
	NULL_ARG(am_replay_token(&tok, f.sa, NULL), "am_replay_token: b is NULL");

	NULL_ARG(am_replay_token_read(NULL, &alen, &b, &blen, "am1.", 4,
	                              AM_LANG_EN),
	         "am_replay_token_read: a is NULL");
	/* the other results are emptied all the same */
	assert_null(b);
	assert_int_equal(alen, 0);
	assert_int_equal(blen, 0);
	NULL_ARG(am_replay_token_read(&a, NULL, &b, &blen, "am1.", 4, AM_LANG_EN),
	         "am_replay_token_read: alen is NULL");
	NULL_ARG(am_replay_token_read(&a, &alen, NULL, &blen, "am1.", 4,
	                              AM_LANG_EN),
	         "am_replay_token_read: b is NULL");
	NULL_ARG(am_replay_token_read(&a, &alen, &b, NULL, "am1.", 4, AM_LANG_EN),
	         "am_replay_token_read: blen is NULL");
	NULL_ARG(am_replay_token_read(&a, &alen, &b, &blen, NULL, 4, AM_LANG_JA),
	         "am_replay_token_read: token is NULL");
	assert_null(a);
	assert_null(b);
	assert_int_equal(alen, 0);
	assert_int_equal(blen, 0);
	fix_free(&f);
}

/* render.h: the log, the chart and the renderers. */
static void test_render(void **state)
{
	fix f;
	am_result r;
	am_log *log = JUNK;
	am_chart *c = JUNK;
	am_event ev;
	am_league_view view;

	(void)state;
	fix_make(&f);
	memset(&ev, 0, sizeof(ev));
	memset(&view, 0, sizeof(view));
	assert_int_equal(am_battle_run(&r, f.e, f.ta, f.tb, NULL), 0);

	NULL_ARG(am_log_new(NULL, AM_LOG_TEXT, AM_LANG_JA, NULL, NULL),
	         "am_log_new: out is NULL");
	assert_int_equal(am_log_new(&log, AM_LOG_TEXT, AM_LANG_JA, NULL, NULL), 0);
	NULL_ARG(am_log_event(NULL, f.e, &ev), "am_log_event: ud is NULL");
	NULL_ARG(am_log_event(log, NULL, &ev), "am_log_event: engine is NULL");
	NULL_ARG(am_log_event(log, f.e, NULL), "am_log_event: ev is NULL");
	NULL_ARG(am_log_finish(NULL, f.e, &r, 0), "am_log_finish: log is NULL");
	NULL_ARG(am_log_finish(log, NULL, &r, 0), "am_log_finish: engine is NULL");
	NULL_ARG(am_log_finish(log, f.e, NULL, 0), "am_log_finish: result is NULL");
	am_log_free(log);

	NULL_ARG(am_chart_new(NULL, AM_LANG_JA), "am_chart_new: out is NULL");
	assert_int_equal(am_chart_new(&c, AM_LANG_JA), 0);
	NULL_ARG(am_chart_event(NULL, f.e, &ev), "am_chart_event: ud is NULL");
	NULL_ARG(am_chart_event(c, NULL, &ev), "am_chart_event: engine is NULL");
	NULL_ARG(am_chart_event(c, f.e, NULL), "am_chart_event: ev is NULL");
	NULL_ARG(am_chart_svg(NULL, f.e, sink, NULL), "am_chart_svg: chart is NULL");
	NULL_ARG(am_chart_svg(c, NULL, sink, NULL), "am_chart_svg: engine is NULL");
	NULL_ARG(am_chart_svg(c, f.e, NULL, NULL), "am_chart_svg: write is NULL");
	am_chart_free(c);

	NULL_ARG(am_render_standings(NULL, AM_TABLE_TEXT, AM_LANG_JA, sink, NULL),
	         "am_render_standings: view is NULL");
	NULL_ARG(am_render_standings(&view, AM_TABLE_TEXT, AM_LANG_JA, NULL, NULL),
	         "am_render_standings: write is NULL");
	NULL_ARG(am_render_cross_table(NULL, sink, NULL),
	         "am_render_cross_table: view is NULL");
	NULL_ARG(am_render_cross_table(&view, NULL, NULL),
	         "am_render_cross_table: write is NULL");
	NULL_ARG(am_render_heatmap(NULL, AM_LANG_JA, sink, NULL),
	         "am_render_heatmap: view is NULL");
	NULL_ARG(am_render_heatmap(&view, AM_LANG_JA, NULL, NULL),
	         "am_render_heatmap: write is NULL");
	NULL_ARG(am_render_check(NULL, AM_LANG_JA, sink, NULL),
	         "am_render_check: sheet is NULL");
	NULL_ARG(am_render_check(f.sa, AM_LANG_JA, NULL, NULL),
	         "am_render_check: write is NULL");
	fix_free(&f);
}

/* league.h, optimize.h: the league, the designs, the search, its report. */
static void test_league_optimize(void **state)
{
	fix f;
	am_league *lg = JUNK;
	am_opt *opt = JUNK;
	am_opt_opts oo = AM_OPT_OPTS_INIT;
	am_opt_view ov;
	const am_program *progs[2];

	(void)state;
	fix_make(&f);
	progs[0] = f.pa;
	progs[1] = f.pb;
	memset(&ov, 0, sizeof(ov));

	NULL_ARG(am_league_run(NULL, progs, 2, NULL), "am_league_run: out is NULL");
	NULL_ARG(am_league_run(&lg, NULL, 2, NULL), "am_league_run: progs is NULL");
	assert_null(lg);
	assert_int_equal(am_league_run(&lg, progs, 2, NULL), 0);
	NULL_ARG(am_league_set_counts(NULL, NULL, 0),
	         "am_league_set_counts: league is NULL");
	NULL_ARG(am_league_new_table(NULL, 2),
	         "am_league_new_table: out is NULL");
	NULL_ARG(am_league_set_outcome(NULL, 0, 1, AM_PAIR_WIN),
	         "am_league_set_outcome: league is NULL");
	NULL_ARG(am_league_set_counts(lg, NULL, 2 * AM_LEAGUE_COUNTS_PER_ENTRY),
	         "am_league_set_counts: counts is NULL");
	am_league_free(lg);

	NULL_ARG(am_design_new(NULL, 0), "am_design_new: out is NULL");
	{
		char *t = JUNK;
		NULL_ARG(am_design_text(NULL, NULL, NULL),
		         "am_design_text: out is NULL");
		NULL_ARG(am_design_text(&t, NULL, NULL),
		         "am_design_text: design is NULL");
		assert_null(t);
	}
	NULL_ARG(am_opt_run(NULL, progs, 2, &oo), "am_opt_run: out is NULL");
	NULL_ARG(am_opt_run(&opt, NULL, 2, &oo), "am_opt_run: field is NULL");
	assert_null(opt);
	opt = JUNK;
	NULL_ARG(am_opt_run(&opt, progs, 2, NULL), "am_opt_run: opts is NULL");
	assert_null(opt);
	NULL_ARG(am_render_opt_report(NULL, 0, AM_LANG_JA, sink, NULL),
	         "am_render_opt_report: view is NULL");
	NULL_ARG(am_render_opt_report(&ov, 1, AM_LANG_JA, NULL, NULL),
	         "am_render_opt_report: write is NULL");
	NULL_ARG(am_render_opt_history(NULL, AM_LANG_JA, sink, NULL),
	         "am_render_opt_history: view is NULL");
	NULL_ARG(am_render_opt_history(&ov, AM_LANG_JA, NULL, NULL),
	         "am_render_opt_history: write is NULL");
	fix_free(&f);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_engine),
		cmocka_unit_test(test_sheet),
		cmocka_unit_test(test_render),
		cmocka_unit_test(test_league_optimize),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
