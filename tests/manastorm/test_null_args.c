/*
 * test_null_args.c - every fallible function of the installed manastorm
 * headers given a NULL for each pointer it needs, one at a time:
 * MS_EINVALID and "FUNCTION: ARG is NULL", with *out emptied first when
 * out itself is there (docs/EMBEDDING.md, the paragraph after the
 * examples).  Until 2026-12-04 most of these crashed.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "manastorm/duel.h"
#include "manastorm/playtest.h"
#include "manastorm/policy.h"
#include "manastorm/pt_render.h"
#include "manastorm/render.h"
#include "manastorm/scenario_yaml.h"
#include "util/buf.h"

/* A non-NULL pointer that is not an object: what a refused call must set
 * to NULL, never read. */
#define JUNK ((void *)&junk_byte)
static char junk_byte;

/* The call fails with MS_EINVALID and exactly that message. */
#define NULL_ARG(call, msg)                                              \
	do {                                                             \
		ms_error_clear();                                        \
		assert_int_equal((call), MS_EINVALID);                   \
		assert_string_equal(ms_error_last(), (msg));             \
	} while (0)

/* Two warriors of one card each, one battle; a duel on it. */
typedef struct fix {
	ms_participant p[2];
	ms_scenario s;
	ms_duel_opts opts;
	ms_duel *d;
} fix;

static const ms_card deck_a[] = {{MS_SUIT_S, 2}};
static const ms_card deck_b[] = {{MS_SUIT_H, 9}};

static void fix_make(fix *f)
{
	ms_duel_opts o = MS_DUEL_OPTS_INIT;

	memset(f, 0, sizeof(*f));
	ms_scenario_init(&f->s);
	f->s.battles = 1;
	f->s.hand_size = 1;
	f->s.shuffle = 0;
	ms_participant_init(&f->p[0]);
	f->p[0].name = "A";
	f->p[0].side = 0;
	f->p[0].role = MS_ROLE_WARRIOR;
	f->p[0].threshold = 13;
	f->p[0].hp = 5;
	f->p[0].deck = deck_a;
	f->p[0].ndeck = 1;
	ms_participant_init(&f->p[1]);
	f->p[1].name = "B";
	f->p[1].side = 1;
	f->p[1].role = MS_ROLE_WARRIOR;
	f->p[1].threshold = 13;
	f->p[1].hp = 5;
	f->p[1].deck = deck_b;
	f->p[1].ndeck = 1;
	f->s.participants = f->p;
	f->s.nparticipants = 2;
	f->opts = o;
	assert_int_equal(ms_duel_new(&f->d, &f->s, &f->opts), 0);
}

/* scenario.h, scenario_yaml.h, duel.h */
static void test_duel(void **state)
{
	fix f;
	ms_scenario_doc *doc = JUNK;
	ms_duel *d = JUNK;
	char *yaml = JUNK;
	ms_card card;
	ms_ask ask;
	ms_choice ch;
	ms_result r;

	(void)state;
	fix_make(&f);
	NULL_ARG(ms_scenario_parse(NULL, "a", 1, NULL),
	         "ms_scenario_parse: out is NULL");
	NULL_ARG(ms_scenario_parse(&doc, NULL, 1, NULL),
	         "ms_scenario_parse: text is NULL");
	assert_null(doc);
	NULL_ARG(ms_scenario_check(NULL), "ms_scenario_check: s is NULL");
	NULL_ARG(ms_scenario_to_yaml(NULL, NULL, &f.s),
	         "ms_scenario_to_yaml: out is NULL");
	NULL_ARG(ms_scenario_to_yaml(&yaml, NULL, NULL),
	         "ms_scenario_to_yaml: s is NULL");
	assert_null(yaml);
	NULL_ARG(ms_card_parse(NULL, "S1"), "ms_card_parse: out is NULL");
	NULL_ARG(ms_card_parse(&card, NULL), "ms_card_parse: text is NULL");

	NULL_ARG(ms_duel_new(NULL, &f.s, &f.opts), "ms_duel_new: out is NULL");
	NULL_ARG(ms_duel_new(&d, NULL, &f.opts), "ms_duel_new: scenario is NULL");
	assert_null(d);
	d = JUNK;
	NULL_ARG(ms_duel_new(&d, &f.s, NULL), "ms_duel_new: opts is NULL");
	assert_null(d);

	NULL_ARG(ms_duel_next(NULL, f.d), "ms_duel_next: ask is NULL");
	NULL_ARG(ms_duel_next(&ask, NULL), "ms_duel_next: d is NULL");
	assert_int_equal(ms_duel_next(&ask, f.d), 0);
	assert_int_equal(ask.kind, MS_ASK_ATTACK);
	memset(&ch, 0, sizeof(ch));
	ch.kind = MS_CHOICE_PASS;
	NULL_ARG(ms_duel_act(NULL, &ch), "ms_duel_act: d is NULL");
	NULL_ARG(ms_duel_act(f.d, NULL), "ms_duel_act: choice is NULL");
	NULL_ARG(ms_duel_run(NULL, f.d), "ms_duel_run: out is NULL");
	NULL_ARG(ms_duel_run(&r, NULL), "ms_duel_run: d is NULL");
	/* the duel was not touched: it plays to its end */
	assert_int_equal(ms_duel_act(f.d, &ch), 0);
	assert_int_equal(ms_duel_run(&r, f.d), 0);
	assert_true(r.over);
	/* embedding review 2026-12-06: no policies with a count of them is
	 * MS_EINVALID (it read policies[0]); a participant past the two
	 * gives nothing (they read past the duel's parts); no name finds no
	 * policy (strcmp of NULL) */
	f.opts.npolicies = 3;
	d = JUNK;
	assert_int_equal(ms_duel_new(&d, &f.s, &f.opts), MS_EINVALID);
	assert_null(d);
	assert_string_equal(ms_error_last(),
	                    "ms_duel_opts: policies is NULL, npolicies 3");
	{
		ms_part_state ps;
		ms_part_vitals pv;
		memset(&ps, 0xff, sizeof(ps));
		memset(&pv, 0xff, sizeof(pv));
		ms_duel_participant(&ps, f.d, 2);
		assert_null(ps.name);
		assert_int_equal(ps.hp, 0);
		ms_duel_vitals(&pv, f.d, 99);
		assert_int_equal(pv.hp, 0);
		assert_int_equal(pv.noutfits, 0);
		assert_null(ms_duel_policy(f.d, 2));
		assert_non_null(ms_duel_policy(f.d, 1));
		assert_int_equal(ms_duel_passes(f.d, 2, deck_a[0]), 0);
		assert_int_equal(ms_duel_attack_value(f.d, 2, deck_a[0]), 0);
		assert_null(ms_policy_find(NULL));
	}
	ms_duel_free(f.d);
}

/* render.h */
static void test_render(void **state)
{
	fix f;
	ms_log log = MS_LOG_INIT;
	ms_event ev;
	ut_buf b = UT_BUF_INIT;
	ms_log_stream *ls;
	size_t n = 1;

	(void)state;
	fix_make(&f);
	memset(&ev, 0, sizeof(ev));
	NULL_ARG(ms_log_record(NULL, f.d, &ev), "ms_log_record: ud is NULL");
	NULL_ARG(ms_log_record(&log, NULL, &ev), "ms_log_record: d is NULL");
	NULL_ARG(ms_log_record(&log, f.d, NULL), "ms_log_record: ev is NULL");
	assert_int_equal(log.n, 0);

	NULL_ARG(ms_render_text(NULL, f.d, &log, MS_LANG_JA),
	         "ms_render_text: out is NULL");
	NULL_ARG(ms_render_text(&b, NULL, &log, MS_LANG_JA),
	         "ms_render_text: d is NULL");
	NULL_ARG(ms_render_text(&b, f.d, NULL, MS_LANG_JA),
	         "ms_render_text: log is NULL");
	NULL_ARG(ms_render_json(NULL, f.d, &log), "ms_render_json: out is NULL");
	NULL_ARG(ms_render_json(&b, NULL, &log), "ms_render_json: d is NULL");
	NULL_ARG(ms_render_json(&b, f.d, NULL), "ms_render_json: log is NULL");
	NULL_ARG(ms_render_text_stopped(NULL, f.d, &log, MS_LANG_EN, "x"),
	         "ms_render_text_stopped: out is NULL");
	NULL_ARG(ms_render_text_stopped(&b, NULL, &log, MS_LANG_EN, "x"),
	         "ms_render_text_stopped: d is NULL");
	NULL_ARG(ms_render_text_stopped(&b, f.d, NULL, MS_LANG_EN, NULL),
	         "ms_render_text_stopped: log is NULL");
	NULL_ARG(ms_render_json_stopped(NULL, f.d, &log, "x"),
	         "ms_render_json_stopped: out is NULL");
	NULL_ARG(ms_render_json_stopped(&b, NULL, &log, "x"),
	         "ms_render_json_stopped: d is NULL");
	NULL_ARG(ms_render_json_stopped(&b, f.d, NULL, NULL),
	         "ms_render_json_stopped: log is NULL");
	assert_int_equal(b.len, 0);
	ut_buf_free(&b);
	ms_log_free(&log);

	NULL_ARG(ms_log_stream_new(NULL, MS_LOG_TEXT, MS_LANG_JA, 0, NULL, NULL),
	         "ms_log_stream_new: out is NULL");
	assert_int_equal(ms_log_stream_new(&ls, MS_LOG_JSON, MS_LANG_JA, 0,
	                                   NULL, NULL), 0);
	NULL_ARG(ms_log_stream_event(NULL, f.d, &ev),
	         "ms_log_stream_event: ud is NULL");
	NULL_ARG(ms_log_stream_event(ls, NULL, &ev),
	         "ms_log_stream_event: d is NULL");
	NULL_ARG(ms_log_stream_event(ls, f.d, NULL),
	         "ms_log_stream_event: ev is NULL");
	NULL_ARG(ms_log_stream_head(NULL, f.d, NULL),
	         "ms_log_stream_head: ls is NULL");
	NULL_ARG(ms_log_stream_head(ls, NULL, NULL),
	         "ms_log_stream_head: done is NULL");
	NULL_ARG(ms_log_stream_finish(NULL, f.d, NULL),
	         "ms_log_stream_finish: ls is NULL");
	NULL_ARG(ms_log_stream_finish(ls, NULL, NULL),
	         "ms_log_stream_finish: d is NULL");
	NULL_ARG(ms_log_stream_abort(NULL), "ms_log_stream_abort: ls is NULL");
	assert_string_equal(ms_log_stream_text(NULL, &n), "");
	assert_int_equal(n, 0);
	assert_string_equal(ms_log_stream_text(ls, &n), "");
	assert_int_equal(n, 0);
	ms_log_stream_free(ls);
	ms_log_stream_free(NULL);
	/* a text log has no head */
	assert_int_equal(ms_log_stream_new(&ls, MS_LOG_TEXT, MS_LANG_JA, 0,
	                                   NULL, NULL), 0);
	assert_int_equal(ms_log_stream_head(ls, f.d, NULL), MS_EINVALID);
	assert_string_equal(ms_error_last(),
	                    "ms_log_stream_head: a text log has no head");
	ms_log_stream_free(ls);
	ms_duel_free(f.d);
}

/* playtest.h, pt_render.h */
static void test_playtest(void **state)
{
	fix f;
	ms_pt_opts o = MS_PT_OPTS_INIT;
	ms_pt_report r;
	ms_sw_spec spec;
	ms_sw_report sr;
	ut_buf b = UT_BUF_INIT;
	static const char data[1];

	(void)state;
	fix_make(&f);
	NULL_ARG(ms_pt_run(NULL, &f.s, &o), "ms_pt_run: out is NULL");
	NULL_ARG(ms_pt_run(&r, NULL, &o), "ms_pt_run: scenario is NULL");
	NULL_ARG(ms_pt_run(&r, &f.s, NULL), "ms_pt_run: opts is NULL");
	NULL_ARG(ms_pt_run_part(NULL, &f.s, &o, 0, 1),
	         "ms_pt_run_part: out is NULL");
	NULL_ARG(ms_pt_run_part(&r, NULL, &o, 0, 1),
	         "ms_pt_run_part: scenario is NULL");
	NULL_ARG(ms_pt_run_part(&r, &f.s, NULL, 0, 1),
	         "ms_pt_run_part: opts is NULL");
	ms_pt_report_free(&r);

	assert_int_equal(ms_pt_run_part(&r, &f.s, &o, 0, 1), 0);
	NULL_ARG(ms_pt_report_pack(NULL, &r), "ms_pt_report_pack: b is NULL");
	NULL_ARG(ms_pt_report_pack(&b, NULL), "ms_pt_report_pack: part is NULL");
	NULL_ARG(ms_pt_report_merge_packed(NULL, data, sizeof(data)),
	         "ms_pt_report_merge_packed: into is NULL");
	NULL_ARG(ms_pt_report_merge_packed(&r, NULL, 1),
	         "ms_pt_report_merge_packed: data is NULL");
	NULL_ARG(ms_pt_report_finish(NULL), "ms_pt_report_finish: r is NULL");
	assert_int_equal(ms_pt_report_finish(&r), 0);
	NULL_ARG(ms_pt_render_text(NULL, &r, MS_LANG_JA),
	         "ms_pt_render_text: out is NULL");
	NULL_ARG(ms_pt_render_text(&b, NULL, MS_LANG_JA),
	         "ms_pt_render_text: r is NULL");
	NULL_ARG(ms_pt_render_json(NULL, &r), "ms_pt_render_json: out is NULL");
	NULL_ARG(ms_pt_render_json(&b, NULL), "ms_pt_render_json: r is NULL");
	NULL_ARG(ms_pt_render_svg(NULL, &r, MS_LANG_EN),
	         "ms_pt_render_svg: out is NULL");
	NULL_ARG(ms_pt_render_svg(&b, NULL, MS_LANG_EN),
	         "ms_pt_render_svg: r is NULL");
	ms_pt_report_free(&r);

	NULL_ARG(ms_sw_parse(NULL, "battles=1..2", &f.s),
	         "ms_sw_parse: out is NULL");
	NULL_ARG(ms_sw_parse(&spec, NULL, &f.s), "ms_sw_parse: text is NULL");
	NULL_ARG(ms_sw_parse(&spec, "battles=1..2", NULL),
	         "ms_sw_parse: s is NULL");
	ms_sw_spec_free(&spec);
	assert_int_equal(ms_sw_parse(&spec, "battles=1..2", &f.s), 0);
	NULL_ARG(ms_sw_run(NULL, &f.s, &spec, &o), "ms_sw_run: out is NULL");
	NULL_ARG(ms_sw_run(&sr, NULL, &spec, &o), "ms_sw_run: s is NULL");
	NULL_ARG(ms_sw_run(&sr, &f.s, NULL, &o), "ms_sw_run: spec is NULL");
	NULL_ARG(ms_sw_run(&sr, &f.s, &spec, NULL), "ms_sw_run: opts is NULL");
	ms_sw_report_free(&sr);
	assert_int_equal(ms_sw_run(&sr, &f.s, &spec, &o), 0);
	NULL_ARG(ms_sw_render_text(NULL, &sr, "battles=1..2", MS_LANG_JA),
	         "ms_sw_render_text: out is NULL");
	NULL_ARG(ms_sw_render_text(&b, NULL, "battles=1..2", MS_LANG_JA),
	         "ms_sw_render_text: r is NULL");
	NULL_ARG(ms_sw_render_text(&b, &sr, NULL, MS_LANG_JA),
	         "ms_sw_render_text: vary is NULL");
	NULL_ARG(ms_sw_render_json(NULL, &sr, "battles=1..2"),
	         "ms_sw_render_json: out is NULL");
	NULL_ARG(ms_sw_render_json(&b, NULL, "battles=1..2"),
	         "ms_sw_render_json: r is NULL");
	NULL_ARG(ms_sw_render_json(&b, &sr, NULL),
	         "ms_sw_render_json: vary is NULL");
	NULL_ARG(ms_sw_render_svg(NULL, &sr, "battles=1..2", MS_LANG_EN),
	         "ms_sw_render_svg: out is NULL");
	NULL_ARG(ms_sw_render_svg(&b, NULL, "battles=1..2", MS_LANG_EN),
	         "ms_sw_render_svg: r is NULL");
	NULL_ARG(ms_sw_render_svg(&b, &sr, NULL, MS_LANG_EN),
	         "ms_sw_render_svg: vary is NULL");
	assert_int_equal(b.len, 0);
	ms_sw_report_free(&sr);
	ms_sw_spec_free(&spec);
	ut_buf_free(&b);
	ms_duel_free(f.d);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_duel),
		cmocka_unit_test(test_render),
		cmocka_unit_test(test_playtest),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
