/*
 * tests/amaryllis/support/fixture.h - what the battle tests share: teams written with
 * named fields, battles played and recorded, and the checks every scenario
 * gets for free.
 *
 * A team is written the way a sheet is, with designated initialisers; a
 * field left out is "none" (0, no customisation, 効果1倍):
 *
 *   tf_team a;
 *   TEAM(&a, UNIT(.name = "グリスク", .hp = 10, .atk = 1, .def = 1, .spd = 2,
 *                 .actions = {
 *                         ACT(.name = "シールド", .cls = AM_CLASS_DEF_UP,
 *                             .n = 2, .limited = 1),
 *                         ACT(.name = "スピア", .cls = AM_CLASS_DIRECT,
 *                             .delay = 4, .mult = 2),
 *                         ...}));
 *
 * The first unit is the entry unit: 10 bonus points, 愛 = .love.  Every
 * further unit is a ビルディア with free bonus .bonus = Ｂ (docs/AMARYLLIS.md
 * BU-SHEET-1, BU-SHEET-2).  Actions are given inline on the unit that sets
 * them, in set order.  Actions with the same .name are one action of the
 * team (set on several units, or several times on one), as on a sheet, and
 * must be defined identically; an action without .name is its own action,
 * named after its class.  A ビルド names the unit it builds: .build = "兵".
 *
 * TEAM() computes every cost with am_action_cost and fails the test unless
 * the team is legal: ＨＰ a multiple of 5, stats ≥ 0, 技術 ≥ 0, the set
 * actions cost ≤ 技術 (AM-UNIT-1, AM-UNIT-4), at most 愛 ビルディア, each
 * buildable in some battle (BU-STORE-1, BU-STORE-2, BU-STORE-3,
 * BU-STORE-4: am_team_build_turns), and am_team_check.
 *
 * Running: tf_run plays one battle (a is side 0, b side 1) with an event
 * recorder, as the test sees it.  It also plays the same battle with
 * am_battle_opts.shortcuts = 0 and checks that the result, the final state
 * of every unit and the full event stream are identical, and plays both
 * settings once more without an event callback (the engine's shortcuts are
 * mostly taken then) and checks the result and final states.  tf_run_both
 * does that for a vs b and for b vs a, and checks that the second mirrors
 * the first (RULINGS: battles are symmetric).  So every scenario is also a
 * property test of the mirror and of the shortcuts.
 *
 * The tests are single-threaded: the helpers keep their scratch outcomes in
 * static storage.
 */
#ifndef TESTS_SUPPORT_FIXTURE_H
#define TESTS_SUPPORT_FIXTURE_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "amaryllis/engine.h"

#define TF_MAXS 16    /* actions set on one unit */
#define TF_MAXU 8     /* unit definitions in one team */
#define TF_MAXA 32    /* distinct actions in one team */
#define TF_MAXID 64   /* units created in one battle */
#define TF_MAXEV 8192 /* events recorded in one battle (more fails) */

/* ---- teams -------------------------------------------------------------- */

/* One action as written on a sheet line `・名前（コスト）：クラス＜…＞`. */
typedef struct tf_act {
	int given_;        /* set by ACT(): ends the list of .actions */
	const char *name;  /* NULL: its own action, named after the class */
	am_class cls;      /* default 直接攻撃 */
	int64_t n;         /* 攻撃力/防御力/素早さ＋Ｎ */
	int64_t delay;     /* 遅延起動Ｎ */
	int64_t mult;      /* 効果Ｎ倍 (0: none) */
	int64_t stun;      /* number of スタン与え */
	int64_t poison;    /* number of 毒与え */
	int64_t target;    /* 対象Ｎ */
	int64_t place;     /* 配置Ｎ */
	int limited;       /* リミテッド */
	int fast;          /* 高速起動 */
	int all;           /* 全体化 */
	const char *build; /* ビルド: name of the unit it builds */
} tf_act;

#define ACT(...) ((tf_act){.given_ = 1, __VA_ARGS__})

/* One unit definition as written on a unit line. */
typedef struct tf_unit_spec {
	const char *name;
	int64_t hp, atk, def, spd;
	int64_t love;             /* the entry unit's 愛 */
	int64_t bonus;            /* a ビルディア's free bonus Ｂ; the entry
	                             unit: 0 (it has 10) */
	tf_act actions[TF_MAXS];  /* set on the unit, in order */
} tf_unit_spec;

#define UNIT(...) ((tf_unit_spec){__VA_ARGS__})

/* A team (storage) ready for the engine: .team. */
typedef struct tf_team {
	am_action act[TF_MAXA];
	size_t nact;
	uint32_t slots[TF_MAXU][TF_MAXS];
	am_unit_def units[TF_MAXU];
	size_t nunits;
	am_team team;
} tf_team;

/* Fill *t from n unit specs (the entry unit first); fails the test unless
 * the team is legal (see above). */
void tf_team_make(tf_team *t, const tf_unit_spec *units, size_t n);

#define TEAM(t, ...)                                                    \
	tf_team_make((t), (const tf_unit_spec[]){__VA_ARGS__},          \
	             sizeof((const tf_unit_spec[]){__VA_ARGS__}) /      \
	                 sizeof(tf_unit_spec))

/* The team's action called `name` (fails the test if there is none). */
const am_action *tf_action(const tf_team *t, const char *name);

/* The action set in slot `slot` of unit definition `unit`. */
const am_action *tf_slot(const tf_team *t, size_t unit, size_t slot);

/* ---- outcomes ----------------------------------------------------------- */

/* The final state of one unit (am_unit_state, in the tests' words). */
typedef struct tf_unit {
	int side;           /* 0 or 1 */
	uint32_t index;     /* its definition in its team (0: entry unit) */
	const char *name;
	int64_t hp, atk, def, spd, ap;
	int64_t states[AM_STATE_COUNT];
	int alive;
	int died_turn;      /* -1 while alive */
	int position;       /* in its line from the front (0); -1 once gone */
} tf_unit;

/* What the event callback saw. */
typedef struct tf_log {
	int count[AM_EV_END + 1];                   /* events by kind */
	int seen_end[AM_LAST_TURN + 1];             /* turn t ended */
	int64_t hp_end[AM_LAST_TURN + 1][TF_MAXID]; /* ＨＰ at turn end, by id */
	int last_turn_begin;                        /* -1: none */
	size_t nev;
	am_event ev[TF_MAXEV];                      /* in order; keep last */
} tf_log;

/* One battle, after the fact.  Unit ids are the engine's creation indices
 * over both sides: 0 and 1 are the entry units of side 0 and side 1. */
typedef struct tf_outcome {
	int rc;                  /* am_battle_run's return */
	char error[256];         /* am_error_last() when rc < 0 */
	am_result r;
	size_t n;                /* units that existed */
	tf_unit u[TF_MAXID];     /* by id */
	int spent[TF_MAXID][TF_MAXS];
	size_t nside[2];
	uint32_t sid[2][TF_MAXID];  /* ids of a side, in creation order */
	size_t nline[2];
	uint32_t line[2][TF_MAXID]; /* ids, front first */
	tf_log log;              /* keep last (it is not cleared in full) */
} tf_outcome;

/*
 * Play a vs b with options `base` (NULL: defaults; its on_event must be
 * NULL and its shortcuts setting is ignored) into *o, and check that the
 * shortcuts change nothing (see above).  Does not check o->rc.
 */
void tf_run(tf_outcome *o, const tf_team *a, const tf_team *b,
            const am_battle_opts *base);

/* tf_run a vs b into *o and b vs a; both must succeed, and the second must
 * mirror the first exactly. */
void tf_run_both(tf_outcome *o, const tf_team *a, const tf_team *b);

/* Two results / two events are equal, field by field (the padding of
 * am_event is unspecified). */
void tf_same_result(const am_result *x, const am_result *y);
void tf_same_event(const am_event *x, const am_event *y);

/* Events recorded in order: an am_battle_opts.on_event callback
 * (tf_tape_record, with the tape as its user data); free(tape.ev). */
typedef struct tf_tape {
	am_event *ev;
	size_t n, cap;
} tf_tape;
int tf_tape_record(void *ud, const am_engine *e, const am_event *ev);

/* Every unit of engines a and b ends in the same state: every field of
 * am_unit_state, and the spent counts of its first `slots` action slots.
 * (A dead unit keeps its AP: that is compared too.) */
void tf_same_units(const am_engine *a, const am_engine *b, size_t slots);

/* A battle of a against b, to be played four ways (o, on engines e):
 * played the first way, and when it ends with some work done, with
 * max_work one below that work all four ways stop with AM_ELIMIT having
 * done the same work, less than it, and leave every unit in the same
 * state (am_battle_opts max_work: the bound is met at the same action
 * whatever the path).  The events are not kept (a
 * way with a callback gets one that ignores them).  Call it before the
 * battles the caller compares, which leave the engines as it expects. */
void tf_same_stop(am_engine *e[4], const am_team *a, const am_team *b,
                  const am_battle_opts o[4]);

/* Unit k (creation order, 0 = entry unit) of `side`. */
const tf_unit *tf_U(const tf_outcome *o, int side, size_t k);

/* The id of unit k of `side`. */
uint32_t tf_gid(const tf_outcome *o, int side, size_t k);

/* The local index k on `side` of unit id `id`. */
int tf_local(const tf_outcome *o, int side, uint32_t id);

/* Number of events of a kind by actor (-1: any actor). */
int tf_count_ev(const tf_outcome *o, am_event_kind kind, int32_t actor);

/* Sum of the values of the events of a kind on target (-1: any target). */
int64_t tf_sum_ev(const tf_outcome *o, am_event_kind kind, int32_t target);

/* ---- naming tests after the rules they check ----------------------------- */

/*
 * A cmocka test whose name starts with the IDs of the rules it checks
 * (docs/AMARYLLIS.md), so that `grep AM-TURN-2` finds it and the runner prints
 * it: TF_TEST("AM-TURN-2 AM-DEATH-1", test_turn0_no_death).
 */
#define TF_TEST(ids, f) {ids " " #f, f, NULL, NULL, NULL}

#endif
