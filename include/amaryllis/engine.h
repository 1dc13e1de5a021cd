/*
 * amaryllis/engine.h - the deterministic battle engine.
 *
 * The engine does no I/O and keeps no global state.  An am_engine is a
 * reusable workspace: run as many battles with it as you like (one at a time;
 * use one engine per thread).  A battle is a pure function of the two teams
 * and the options.  Events are reported through a callback, in the order in
 * which they happen; the final state of every unit can be read back after the
 * run (and from inside the callback).
 */
#ifndef AMARYLLIS_ENGINE_H
#define AMARYLLIS_ENGINE_H

#include <stddef.h>
#include <stdint.h>

#include "common.h"
#include "team.h"

#ifdef __cplusplus
extern "C" {
#endif

/** The number of turns of a battle: turns 0..20 are played. */
#define AM_LAST_TURN 20

/** States (状態). */
typedef enum am_state {
	AM_STATE_POISON = 0, /**< 毒 */
	AM_STATE_STUN,       /**< スタン */
	AM_STATE_GUARD,      /**< ガード */
	AM_STATE_REFLECT,    /**< 反射 */
	AM_STATE_LIFE,       /**< ライフ */
	AM_STATE_COUNT
} am_state;

/** Stats that supports change. */
typedef enum am_stat {
	AM_STAT_HP = 0,
	AM_STAT_ATK,
	AM_STAT_DEF,
	AM_STAT_SPD
} am_stat;

/** What happened. */
typedef enum am_event_kind {
	AM_EV_TURN_BEGIN = 0, /**< turn */
	AM_EV_POISON,      /**< target lost `value` ＨＰ to 毒; after = ＨＰ */
	AM_EV_STEP_BEGIN,  /**< a step; value = number of acting units */
	AM_EV_STUNNED,     /**< actor used its step for スタン processing; after = スタン left */
	AM_EV_ACTION,      /**< actor executes action; spent = it was リミテッド */
	AM_EV_STAT,        /**< target's `stat` rose by value; after = new value */
	AM_EV_HEAL,        /**< target's ＨＰ set to its initial ＨＰ (after) */
	AM_EV_STATE_GAIN,  /**< target gained `value` of `state`; after = count */
	AM_EV_NO_TARGET,   /**< actor's action had no (living) target */
	AM_EV_REFLECT,     /**< target reflected actor's attack; after = 反射 left */
	AM_EV_GUARD,       /**< target's ガード halved the damage: value = damage
	                        before, after = damage after */
	AM_EV_DAMAGE,      /**< actor's attack dealt value to target; after = ＨＰ */
	AM_EV_FAIL,        /**< actor's attack on target failed (damage value < 0) */
	AM_EV_LIFE,        /**< target's ライフ revived it at ＨＰ 1; after = ライフ left */
	AM_EV_DEATH,       /**< target died at ＨＰ after */
	AM_EV_BUILD,       /**< actor's ビルド created unit target with `value`
	                        units in front of it */
	AM_EV_HITS,        /**< `count` (≥ 2) hits of 全体化 attacks of one kind
	                        (the same action and 攻撃力) reached target with
	                        neither 反射 nor ガード, each dealing value
	                        (< 0: they all failed); actor is the front-most
	                        of their attackers; after = ＨＰ after all of
	                        them (BU-ALL-3) */
	AM_EV_TURN_END,    /**< turn ended; read unit states now for a status line */
	AM_EV_END          /**< battle over; value = winning side or -1 */
} am_event_kind;

/** One event.  Unit ids are creation indices over both sides (0, 1, …). */
typedef struct am_event {
	am_event_kind kind;
	int turn;
	int tempo;       /**< attack tempo within the step (1, 2, …), else 0 */
	uint64_t step;   /**< step number within the battle, from 1; 0 for
	                      events outside steps (turn start, poison) */
	int32_t actor;   /**< acting / attacking unit, or -1 */
	int32_t action;  /**< index into the actor's team actions, or -1 */
	int32_t target;  /**< unit acted upon, or -1 */
	am_stat stat;
	am_state state;
	int64_t value;
	int64_t after;
	int spent;       /**< AM_EV_ACTION: the action is gone (リミテッド) */
	int64_t count;   /**< AM_EV_HITS: the number of hits, else 0 */
} am_event;

typedef struct am_engine am_engine;

/**
 * Event callback.  `engine` may be queried (am_engine_unit and friends)
 * while inside the callback.  Return 0 to go on, non-zero to abort the battle
 * (am_battle_run then returns AM_ERROR, "battle aborted"; or AM_ENOMEM when
 * the callback returned AM_ENOMEM, with the error it set).
 */
typedef int (*am_event_fn)(void *ud, const am_engine *engine,
                           const am_event *ev);

#define AM_BATTLE_OPTS_VERSION 2

/** Options of one battle. */
typedef struct am_battle_opts {
	unsigned version;      /**< AM_BATTLE_OPTS_VERSION */
	am_event_fn on_event;  /**< may be NULL */
	void *event_ud;
	int tie_break;         /**< break a draw with a seeded draw (RULINGS A9) */
	uint64_t tie_seed;
	size_t max_units;      /**< population limit (AM_ELIMIT past it) */
	size_t max_hits;       /**< attack records in one tempo: a 全体化
	                            attack is one record, a reflected attack one
	                            more; AM_ELIMIT past it, which bounds memory
	                            (with expand_hits, one record per target) */
	int shortcuts;         /**< 1 (default): skip work that provably changes
	                            nothing (idle steps, idle turns, the dormant
	                            rest of a battle); 0: play every step one by
	                            one, the reference the shortcuts are tested
	                            against.  Results and events are the same. */
	int expand_hits;       /**< 0 (default): the hits of 全体化 attacks are
	                            grouped (BU-ALL-3): a step costs about
	                            targets × kinds of attack, and identical
	                            plain hits on one unit are one AM_EV_HITS
	                            event; 1: one record and one event per hit
	                            (attackers × targets), the reference the
	                            grouping is tested against.  Results and
	                            final states are the same. */
	int duel;              /**< 1 (default): a battle of one unit a side
	                            whose entry units cannot build takes a
	                            specialised path; 0: the general one, the
	                            reference it is tested against.  Results
	                            and events are the same. */
	uint64_t max_work;     /**< the work of one battle (version 2,
	                            BU-POP-3): each actor of a step that is not
	                            empty counts 1; a 全体化 support 1 more for
	                            each living unit of its side; the 全体化
	                            attacks of a step, at each side, its living
	                            units × the kinds of those attacks
	                            (BU-ALL-3); AM_ELIMIT past it, at the step
	                            that would pass it.
	                            It bounds the time a battle takes whatever
	                            the sheets (a hill's: docs/HILL.md).  The
	                            same for every choice of shortcuts,
	                            expand_hits and duel.  UINT64_MAX (the
	                            default, and for version 1 callers): no
	                            bound.  (A bound past 2^63 − 1 is 2^63 − 1,
	                            which no battle reaches: some three
	                            centuries at a unit of work a
	                            nanosecond.) */
} am_battle_opts;

#define AM_BATTLE_OPTS_INIT \
	{AM_BATTLE_OPTS_VERSION, NULL, NULL, 0, 0, 1000000, 4000000, 1, 0, 1, \
	 UINT64_MAX}

/** Outcome of a battle. */
typedef struct am_result {
	int winner;       /**< 0 or 1, or -1 for a draw */
	int draw;         /**< 1 when the comparison was equal (even if a
	                       tie-break then picked a winner) */
	int tie_broken;   /**< 1 when `winner` comes from the seeded tie-break */
	uint64_t tie_seed; /**< the seed used, when tie_broken */
	int turns;        /**< the last turn played (0..20) */
	int64_t score[2]; /**< RULINGS B4: living ＨＰ sum, or overkill sum */
	uint64_t steps;   /**< action steps played */
} am_result;

/** State of one unit, for rendering. */
typedef struct am_unit_state {
	int side;          /**< 0 or 1 */
	uint32_t index;    /**< index of its definition in its team's units */
	const char *name;  /**< borrowed from the team */
	int64_t hp, atk, def, spd, ap; /**< def: 防御力 */
	int64_t states[AM_STATE_COUNT];
	int alive;
	int died_turn;     /**< turn of its death, or -1 while alive */
	int position;      /**< place in its line from the front (0), -1 once gone */
} am_unit_state;

/** Create an engine workspace.
 * @return 0; AM_EINVALID when out is NULL; AM_ENOMEM */
int am_engine_new(am_engine **out);

/** Free an engine; NULL is fine. */
void am_engine_free(am_engine *engine);

/**
 * Play one battle between team a (side 0) and team b (side 1).
 *
 * The teams are borrowed for the duration of the call and until the next run
 * on this engine (unit states point at their names).
 *
 * @param out     receives the outcome
 * @param engine  the workspace
 * @param opts    NULL for defaults
 * @return 0; AM_EINVALID for a malformed team, or when out, engine, a
 *         or b is NULL ("am_battle_run: a is NULL"); AM_EOVERFLOW if a
 *         value overflows 64 bits; AM_ELIMIT past opts->max_units or
 *         opts->max_hits; AM_ENOMEM;
 *         AM_ERROR if the callback aborted.  On failure the engine still
 *         holds the state reached, for a partial log.
 */
int am_battle_run(am_result *out, am_engine *engine, const am_team *a,
                  const am_team *b, const am_battle_opts *opts);

/**
 * A team compiled once for many battles (a league): the engine reads it
 * without copying.  It holds its own copy of the team (names included), so
 * the team and the sheet it came from may be freed once it is made.
 */
typedef struct am_program am_program;

/**
 * Check and compile a team.
 * @return 0; AM_EINVALID for a malformed team (am_error_last says why) or
 *         when out or team is NULL; AM_ENOMEM
 */
int am_program_new(am_program **out, const am_team *team);

/**
 * Check and compile another team into an existing program, reusing its
 * memory (growing it when the team needs more): for one candidate after
 * another, as the optimizer plays them.  The program no longer depends on
 * the team it held before.
 * @return 0; AM_EINVALID for a malformed team, or when program or team is
 *         NULL (the program is unchanged); AM_ENOMEM or AM_ELIMIT, after
 *         which the program may only be reset again or freed
 */
int am_program_reset(am_program *program, const am_team *team);

/** Free a program; NULL is fine. */
void am_program_free(am_program *program);

/** The program's copy of the team it was compiled from (borrowed: it
 * lives as long as the program). */
const am_team *am_program_team(const am_program *program);

/**
 * am_battle_run for compiled teams: no checking, no compiling, and on a
 * warm engine no allocation for a core battle.  Programs may be shared by
 * engines on several threads (they are only read).
 * @return as am_battle_run (AM_EINVALID when out, engine, a or b is NULL)
 */
int am_battle_run_programs(am_result *out, am_engine *engine,
                           const am_program *a, const am_program *b,
                           const am_battle_opts *opts);

/** Number of units that existed in the last battle (both sides). */
size_t am_engine_unit_count(const am_engine *engine);

/**
 * The work of the last battle as am_battle_opts.max_work counts it (up to
 * where it stopped, when it did): how near a pair of sheets comes to a
 * bound, such as a hill's.  0 when engine is NULL.
 */
uint64_t am_engine_work(const am_engine *engine);

/**
 * State of unit `id` (0 ≤ id < am_engine_unit_count).
 * @return 0, or AM_EINVALID for an unknown id or when out or engine is
 *         NULL
 */
int am_engine_unit(am_unit_state *out, const am_engine *engine, size_t id);

/**
 * Whether slot `slot` of unit `id` is spent (a リミテッド action that was
 * used).  Returns 1 spent, 0 not, AM_EINVALID for bad arguments (a NULL
 * engine, an unknown id or slot).
 */
int am_engine_slot_spent(const am_engine *engine, size_t id, size_t slot);

/**
 * The line of side 0 or 1 now, front first: unit ids written to out when
 * cap is large enough.  Dead units stay in the line until the step ends.
 * @return the number of units in the line
 */
size_t am_engine_line(uint32_t *out, size_t cap, const am_engine *engine,
                      int side);

/** Bytes of working memory the engine holds (it keeps them for reuse). */
size_t am_engine_memory(const am_engine *engine);

/** The team of side 0 or 1 in the current battle (borrowed), or NULL. */
const am_team *am_engine_team(const am_engine *engine, int side);

#ifdef __cplusplus
}
#endif

#endif
