/*
 * test_null_args.c - every fallible function of the installed megami
 * headers given a NULL for each pointer it needs, one at a time:
 * MG_EINVALID and "FUNCTION: ARG is NULL", with *out emptied first when
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

#include "megami/combat.h"
#include "megami/dice.h"
#include "megami/mc_render.h"
#include "megami/montecarlo.h"
#include "megami/render.h"
#include "megami/replay.h"
#include "megami/scenario_yaml.h"
#include "util/buf.h"

/* A non-NULL pointer that is not an object: what a refused call must set
 * to NULL, never read. */
#define JUNK ((void *)&junk_byte)
static char junk_byte;

/* The call fails with MG_EINVALID and exactly that message. */
#define NULL_ARG(call, msg)                                              \
	do {                                                             \
		mg_error_clear();                                        \
		assert_int_equal((call), MG_EINVALID);                   \
		assert_string_equal(mg_error_last(), (msg));             \
	} while (0)

static int sink(void *ud, const char *data, size_t len)
{
	(void)ud, (void)data, (void)len;
	return 0;
}

/* One PC, one NPC, nobody has an attack; a combat on it with seeded dice. */
typedef struct fix {
	mg_character ch[2];
	mg_scenario s;
	ut_dice dice;
	mg_combat_opts opts;
	mg_combat *c;
} fix;

static void fix_make(fix *f)
{
	mg_combat_opts o = MG_COMBAT_OPTS_INIT;

	memset(f, 0, sizeof(*f));
	mg_character_init(&f->ch[0]);
	f->ch[0].name = "アリア";
	f->ch[0].side = MG_SIDE_PC;
	f->ch[0].hp = f->ch[0].hp_now = 10;
	mg_character_init(&f->ch[1]);
	f->ch[1].name = "ゴブリン";
	f->ch[1].side = MG_SIDE_NPC;
	f->ch[1].hp = f->ch[1].hp_now = 7;
	f->s.round_limit = 2;
	f->s.characters = f->ch;
	f->s.ncharacters = 2;
	ut_dice_seed(&f->dice, 1);
	f->opts = o;
	f->opts.dice = &f->dice;
	assert_int_equal(mg_combat_new(&f->c, &f->s, &f->opts), 0);
}

/* scenario.h, scenario_yaml.h, combat.h */
static void test_combat(void **state)
{
	fix f;
	mg_combat *c = JUNK;
	mg_scenario_doc *doc = JUNK;
	char *yaml = JUNK;
	mg_ask ask;
	mg_action act;
	mg_adjust adj;
	mg_result r;
	mg_char_state st;

	(void)state;
	fix_make(&f);
	NULL_ARG(mg_scenario_parse(NULL, "a", 1, NULL),
	         "mg_scenario_parse: out is NULL");
	NULL_ARG(mg_scenario_parse(&doc, NULL, 1, NULL),
	         "mg_scenario_parse: text is NULL");
	assert_null(doc);
	NULL_ARG(mg_scenario_check(NULL), "mg_scenario_check: s is NULL");
	NULL_ARG(mg_scenario_to_yaml(NULL, NULL, &f.s),
	         "mg_scenario_to_yaml: out is NULL");
	NULL_ARG(mg_scenario_to_yaml(&yaml, NULL, NULL),
	         "mg_scenario_to_yaml: s is NULL");
	assert_null(yaml);

	NULL_ARG(mg_combat_new(NULL, &f.s, &f.opts), "mg_combat_new: out is NULL");
	NULL_ARG(mg_combat_new(&c, NULL, &f.opts),
	         "mg_combat_new: scenario is NULL");
	assert_null(c);
	c = JUNK;
	NULL_ARG(mg_combat_new(&c, &f.s, NULL), "mg_combat_new: opts is NULL");
	assert_null(c);

	NULL_ARG(mg_combat_next(NULL, f.c), "mg_combat_next: ask is NULL");
	NULL_ARG(mg_combat_next(&ask, NULL), "mg_combat_next: c is NULL");
	assert_int_equal(mg_combat_next(&ask, f.c), 0);
	assert_int_equal(ask.kind, MG_ASK_ACTION);
	NULL_ARG(mg_policy_default(NULL, f.c, &ask),
	         "mg_policy_default: out is NULL");
	NULL_ARG(mg_policy_default(&act, NULL, &ask),
	         "mg_policy_default: c is NULL");
	NULL_ARG(mg_policy_default(&act, f.c, NULL),
	         "mg_policy_default: ask is NULL");
	assert_int_equal(mg_policy_default(&act, f.c, &ask), 0);
	NULL_ARG(mg_combat_act(NULL, &act), "mg_combat_act: c is NULL");
	NULL_ARG(mg_combat_act(f.c, NULL), "mg_combat_act: action is NULL");
	memset(&adj, 0, sizeof(adj));
	adj.kind = MG_ADJ_HP;
	adj.value = 5;
	NULL_ARG(mg_combat_adjust(NULL, &adj), "mg_combat_adjust: c is NULL");
	NULL_ARG(mg_combat_adjust(f.c, NULL), "mg_combat_adjust: adj is NULL");
	NULL_ARG(mg_combat_character(NULL, f.c, 0),
	         "mg_combat_character: out is NULL");
	NULL_ARG(mg_combat_character(&st, NULL, 0),
	         "mg_combat_character: c is NULL");
	NULL_ARG(mg_combat_copy_state(NULL, f.c),
	         "mg_combat_copy_state: dst is NULL");
	NULL_ARG(mg_combat_copy_state(f.c, NULL),
	         "mg_combat_copy_state: src is NULL");
	NULL_ARG(mg_combat_run(NULL, f.c), "mg_combat_run: out is NULL");
	NULL_ARG(mg_combat_run(&r, NULL), "mg_combat_run: c is NULL");
	/* the combat was not touched: it plays to its end */
	assert_int_equal(mg_combat_act(f.c, &act), 0);
	assert_int_equal(mg_combat_run(&r, f.c), 0);
	assert_true(r.over);
	mg_combat_free(f.c);
}

/* dice.h, and render.h's dice JSON */
static void test_dice(void **state)
{
	mg_dice_expr *e = JUNK;
	mg_dice_diag d;
	mg_dice_result res;
	ut_buf b = UT_BUF_INIT;
	ut_dice dice;

	(void)state;
	ut_dice_seed(&dice, 0);
	memset(&d, 0, sizeof(d));
	d.col = 7;
	NULL_ARG(mg_dice_parse(NULL, &d, "2D6", 3, MG_LANG_JA),
	         "mg_dice_parse: out is NULL");
	/* the diagnostic says it too, with no place */
	assert_int_equal(d.col, 0);
	assert_string_equal(d.message, "mg_dice_parse: out is NULL");
	NULL_ARG(mg_dice_parse(&e, &d, NULL, 3, MG_LANG_EN),
	         "mg_dice_parse: text is NULL");
	assert_null(e);
	assert_string_equal(d.message, "mg_dice_parse: text is NULL");
	NULL_ARG(mg_dice_parse(&e, NULL, NULL, 3, MG_LANG_EN),
	         "mg_dice_parse: text is NULL");
	NULL_ARG(mg_dice_parse_system(NULL, NULL, "2D6", 3, MG_DICE_DICEBOT,
	                              MG_LANG_EN),
	         "mg_dice_parse_system: out is NULL");
	e = JUNK;
	NULL_ARG(mg_dice_parse_system(&e, &d, NULL, 3, MG_DICE_SRS, MG_LANG_EN),
	         "mg_dice_parse_system: text is NULL");
	assert_null(e);

	/* NULL with length 0 is the empty text, a bad expression */
	assert_true(mg_dice_parse(&e, &d, NULL, 0, MG_LANG_EN) < 0);
	assert_null(e);
	assert_string_not_equal(mg_error_last(), "mg_dice_parse: text is NULL");

	assert_int_equal(mg_dice_parse(&e, &d, "2D6", 3, MG_LANG_EN), 0);
	NULL_ARG(mg_dice_roll(NULL, &res, &d, e, &dice, MG_LANG_EN),
	         "mg_dice_roll: text is NULL");
	NULL_ARG(mg_dice_roll(&b, &res, &d, NULL, &dice, MG_LANG_EN),
	         "mg_dice_roll: e is NULL");
	NULL_ARG(mg_dice_roll(&b, NULL, NULL, e, NULL, MG_LANG_EN),
	         "mg_dice_roll: dice is NULL");
	assert_int_equal(b.len, 0);
	assert_int_equal(mg_dice_roll(&b, NULL, NULL, e, &dice, MG_LANG_EN), 0);
	mg_dice_free(e);

	NULL_ARG(mg_dice_json(NULL, "x", 1, NULL, NULL, MG_SEED_NONE, 0),
	         "mg_dice_json: out is NULL");
	NULL_ARG(mg_dice_json(&b, NULL, 1, NULL, NULL, MG_SEED_NONE, 0),
	         "mg_dice_json: text is NULL");
	ut_buf_free(&b);
}

/* render.h's log, montecarlo.h, mc_render.h */
static void test_log_mc(void **state)
{
	fix f;
	mg_log *log = JUNK;
	mg_event ev;
	mg_mc_report r;
	mg_mc_opts o = MG_MC_OPTS_INIT;
	mg_mc_start start;
	ut_buf b = UT_BUF_INIT;
	static const char data[1];

	(void)state;
	fix_make(&f);
	memset(&ev, 0, sizeof(ev));
	NULL_ARG(mg_log_new(NULL, MG_LOG_TEXT, MG_LANG_JA, NULL, NULL),
	         "mg_log_new: out is NULL");
	assert_int_equal(mg_log_new(&log, MG_LOG_JSON, MG_LANG_JA, NULL, NULL), 0);
	NULL_ARG(mg_log_event(NULL, f.c, &ev), "mg_log_event: ud is NULL");
	NULL_ARG(mg_log_event(log, NULL, &ev), "mg_log_event: c is NULL");
	NULL_ARG(mg_log_event(log, f.c, NULL), "mg_log_event: ev is NULL");
	NULL_ARG(mg_log_finish(NULL, f.c, 0), "mg_log_finish: log is NULL");
	NULL_ARG(mg_log_finish(log, NULL, 0), "mg_log_finish: c is NULL");
	mg_log_free(log);

	memset(&start, 0, sizeof(start));
	start.combat = f.c;
	NULL_ARG(mg_mc_run(NULL, &f.s, &o), "mg_mc_run: out is NULL");
	NULL_ARG(mg_mc_run(&r, NULL, &o), "mg_mc_run: scenario is NULL");
	NULL_ARG(mg_mc_run(&r, &f.s, NULL), "mg_mc_run: opts is NULL");
	NULL_ARG(mg_mc_run_part(NULL, &f.s, &o, 0, 1),
	         "mg_mc_run_part: out is NULL");
	NULL_ARG(mg_mc_run_part(&r, NULL, &o, 0, 1),
	         "mg_mc_run_part: scenario is NULL");
	NULL_ARG(mg_mc_run_part(&r, &f.s, NULL, 0, 1),
	         "mg_mc_run_part: opts is NULL");
	NULL_ARG(mg_mc_run_from(NULL, &start, &o), "mg_mc_run_from: out is NULL");
	NULL_ARG(mg_mc_run_from(&r, NULL, &o), "mg_mc_run_from: start is NULL");
	NULL_ARG(mg_mc_run_from(&r, &start, NULL), "mg_mc_run_from: opts is NULL");
	mg_mc_report_free(&r);

	assert_int_equal(mg_mc_run_part(&r, &f.s, &o, 0, 1), 0);
	NULL_ARG(mg_mc_report_pack(NULL, &r), "mg_mc_report_pack: b is NULL");
	NULL_ARG(mg_mc_report_pack(&b, NULL), "mg_mc_report_pack: part is NULL");
	NULL_ARG(mg_mc_report_merge_packed(NULL, data, sizeof(data)),
	         "mg_mc_report_merge_packed: into is NULL");
	NULL_ARG(mg_mc_report_merge_packed(&r, NULL, 1),
	         "mg_mc_report_merge_packed: data is NULL");
	NULL_ARG(mg_mc_report_finish(NULL), "mg_mc_report_finish: r is NULL");
	assert_int_equal(mg_mc_report_finish(&r), 0);
	NULL_ARG(mg_mc_render(NULL, MG_LOG_TEXT, MG_LANG_JA, sink, NULL),
	         "mg_mc_render: r is NULL");
	NULL_ARG(mg_mc_render(&r, MG_LOG_JSON, MG_LANG_JA, NULL, NULL),
	         "mg_mc_render: write is NULL");
	NULL_ARG(mg_mc_svg(NULL, MG_LANG_JA, sink, NULL), "mg_mc_svg: r is NULL");
	NULL_ARG(mg_mc_svg(&r, MG_LANG_JA, NULL, NULL), "mg_mc_svg: write is NULL");
	mg_mc_report_free(&r);
	ut_buf_free(&b);
	mg_combat_free(f.c);
}

/* replay.h */
static void test_replay(void **state)
{
	fix f;
	mg_replay rp = MG_REPLAY_INIT;
	mg_replay_loc loc;
	mg_replay_player p;
	mg_action act;
	mg_adjust adj;
	char *text = JUNK;
	uint64_t v;

	(void)state;
	fix_make(&f);
	memset(&act, 0, sizeof(act));
	memset(&adj, 0, sizeof(adj));
	NULL_ARG(mg_replay_set_scenario(NULL, "a.yaml", NULL, 0),
	         "mg_replay_set_scenario: r is NULL");
	NULL_ARG(mg_replay_add_die(NULL, 3), "mg_replay_add_die: r is NULL");
	NULL_ARG(mg_replay_add_action(NULL, &act), "mg_replay_add_action: r is NULL");
	NULL_ARG(mg_replay_add_action(&rp, NULL),
	         "mg_replay_add_action: action is NULL");
	NULL_ARG(mg_replay_add_adjust(NULL, &adj), "mg_replay_add_adjust: r is NULL");
	NULL_ARG(mg_replay_add_adjust(&rp, NULL),
	         "mg_replay_add_adjust: adjust is NULL");
	NULL_ARG(mg_replay_adjust_text(NULL, 0, NULL),
	         "mg_replay_adjust_text: adjust is NULL");
	assert_int_equal(rp.nitems, 0);
	NULL_ARG(mg_replay_parse(NULL, &loc, "x", 1, MG_LANG_EN),
	         "mg_replay_parse: out is NULL");
	NULL_ARG(mg_replay_parse(&rp, &loc, NULL, 1, MG_LANG_EN),
	         "mg_replay_parse: text is NULL");
	mg_replay_free(&rp);
	NULL_ARG(mg_replay_write(NULL, NULL, &rp), "mg_replay_write: out is NULL");
	NULL_ARG(mg_replay_write(&text, NULL, NULL), "mg_replay_write: r is NULL");
	assert_null(text);
	mg_replay_player_init(&p, &rp, MG_LANG_EN);
	NULL_ARG(mg_replay_dice(NULL, 6, 0, &v), "mg_replay_dice: ud is NULL");
	NULL_ARG(mg_replay_dice(&p, 6, 0, NULL), "mg_replay_dice: out is NULL");
	NULL_ARG(mg_replay_play(NULL, f.c), "mg_replay_play: p is NULL");
	NULL_ARG(mg_replay_play(&p, NULL), "mg_replay_play: c is NULL");
	mg_combat_free(f.c);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_combat),
		cmocka_unit_test(test_dice),
		cmocka_unit_test(test_log_mc),
		cmocka_unit_test(test_replay),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
