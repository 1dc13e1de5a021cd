/*
 * megami/combat.h - the 戦女神TRPG combat engine (rulings M2–M8) as a step
 * API, and the built-in policy `default` (M6).
 *
 * A combat borrows a scenario (megami/scenario.h) and a dice source
 * (util/rng.h: the generator, or a fixed `--dice` list).  It does no I/O
 * and keeps no global state.  It advances one decision at a time:
 *
 *     mg_combat *c;
 *     mg_ask ask;
 *     mg_action act;
 *     mg_combat_new(&c, &scenario, &opts);
 *     while ((rc = mg_combat_next(&ask, c)) == 0 && ask.kind != MG_ASK_OVER) {
 *             mg_policy_default(&act, c, &ask);   // or a person decides
 *             if ((rc = mg_combat_act(c, &act)) < 0) …;
 *     }
 *     mg_combat_result(&result, c);
 *     mg_combat_free(c);
 *
 * mg_combat_run does exactly that loop.  Everything that needs no decision
 * (setup, initiative, skipping characters that cannot act, resolutions,
 * the end check) happens inside mg_combat_next and mg_combat_act, and is
 * reported through the event callback in the order it happens.
 *
 * Characters are referred to by their index in the scenario (0, 1, …).
 */
#ifndef MEGAMI_COMBAT_H
#define MEGAMI_COMBAT_H

#include <stddef.h>
#include <stdint.h>

#include "../util/rng.h"
#include "common.h"
#include "scenario.h"

#ifdef __cplusplus
extern "C" {
#endif

/** A character's condition (M7). */
typedef enum mg_state {
	MG_STATE_ABLE = 0,          /**< able to act */
	MG_STATE_INCAPACITATED = 1, /**< 戦闘不能: HP ≤ 0 */
	MG_STATE_DEAD = 2,          /**< 死亡: left the combat */
	MG_STATE_ABSENT = 3         /**< 未登場: not in the scene yet; enters
	                                 at the setup of round `enters`
	                                 (登場判定, MG-ENTER-1) */
} mg_state;

/** A character's place in the round (M3). */
typedef enum mg_status {
	MG_STATUS_NONE = 0,    /**< not in this round (before round 1, or
	                            戦闘不能/dead at its setup) */
	MG_STATUS_PENDING = 1, /**< 未行動 */
	MG_STATUS_DONE = 2,    /**< 行動終了 */
	MG_STATUS_WAITING = 3  /**< 待機 */
} mg_status;

/** What mg_combat_next asks for. */
typedef enum mg_ask_kind {
	MG_ASK_ACTION = 0, /**< the next action of `actor`'s main process */
	MG_ASK_RESUME = 1, /**< whether waiting `actor` resumes now (M3.4) */
	MG_ASK_OVER = 2    /**< the combat is over: mg_combat_result */
} mg_ask_kind;

/** A decision point. */
typedef struct mg_ask {
	mg_ask_kind kind;
	int64_t round;    /**< 1, 2, …; the last round when over */
	uint32_t actor;   /**< the character to decide for (not when over) */
	/* MG_ASK_ACTION: what the action budget (M4) still allows */
	int simple;       /**< a 簡易 action (戦闘移動) */
	int normal;       /**< a 通常 action (全力移動, attack, とどめ) */
	int complex;      /**< a 複雑 action (complex attack): nothing done yet */
	int can_wait;     /**< 待機: nothing done yet and not resumed */
	int resumed;      /**< this main process resumes a 待機 */
	/* actions taken so far in this main process */
	int nsimple, nnormal, ncomplex;
} mg_ask;

/** The kinds of action (answers to an ask). */
typedef enum mg_action_kind {
	MG_ACT_END = 0,   /**< end the main process (MG_ASK_ACTION) */
	MG_ACT_MOVE,      /**< 戦闘移動 to position `to` (簡易) */
	MG_ACT_FULL_MOVE, /**< 全力移動 to position `to` (通常) */
	MG_ACT_ATTACK,    /**< attack `attack` on `target` (通常 or 複雑) */
	MG_ACT_FINISH,    /**< とどめ with `attack`'s damage on `target` (通常) */
	MG_ACT_WAIT,      /**< 待機 (first thing of a main process only) */
	MG_ACT_RESUME,    /**< MG_ASK_RESUME: resume now */
	MG_ACT_STAY       /**< MG_ASK_RESUME: keep waiting */
} mg_action_kind;

/** One action. */
typedef struct mg_action {
	mg_action_kind kind;
	int64_t to;       /**< moves: the destination position */
	uint32_t attack;  /**< attack, とどめ: index in the actor's attacks */
	uint32_t target;  /**< attack, とどめ: a character index */
} mg_action;

/** Kinds of event.  Fields not named are 0 / -1. */
typedef enum mg_event_kind {
	MG_EV_ROUND = 0,    /**< a round begins (setup done) */
	MG_EV_INITIATIVE,   /**< actor rolled dice[0..1]; value = 行動 + sum */
	MG_EV_ORDER,        /**< the initiative order: order[0..norder) */
	MG_EV_SKIP,         /**< actor's turn came but it is 戦闘不能 (or dead) */
	MG_EV_MAIN_BEGIN,   /**< actor's main process begins; flag = resumed */
	MG_EV_MAIN_END,     /**< actor's main process ends */
	MG_EV_WAIT,         /**< actor declared 待機 */
	MG_EV_RESUME,       /**< actor resumes from 待機; flag = 1 when it
	                         did not choose to: still waiting at the end of
	                         the round, it must act then (M3.4) */
	MG_EV_NOTHING,      /**< actor's main process ends with no action */
	MG_EV_DISENGAGE,    /**< 離脱: actor rolled dice[0..1] (value), target
	                         (the opponent) dice[2..3] (value2); flag = 1
	                         success */
	MG_EV_MOVE,         /**< actor moved: flag = 1 全力移動 / 0 戦闘移動;
	                         from → to (reached), dest (asked for); target =
	                         the able enemy that stopped it, or -1; to ==
	                         from when a 離脱 failed */
	MG_EV_ATTACK,       /**< actor's attack judgement with `attack` on the
	                         chosen target: dice[0..1], value; crit, fumble */
	MG_EV_DEFENCE,      /**< target's defence against actor: ndice = 2:
	                         dice, value, crit, fumble; ndice = 0: hit
	                         without a roll (戦闘不能); flag = 1 hit */
	MG_EV_DAMAGE_ROLL,  /**< the damage die dice[0]; value = attack damage */
	MG_EV_DAMAGE,       /**< target took `damage` real damage from actor's
	                         `attack`: modifier, attr (the attack's attribute
	                         that gave it) and armor_attr (the armor value
	                         used; -1 unlisted or no attribute); hp after */
	MG_EV_INCAPACITATED,/**< target became 戦闘不能 at hp */
	MG_EV_FINISH,       /**< actor's とどめ on target with `attack`: dice[0],
	                         value = attack damage, modifier, attr,
	                         armor_attr, damage, hp; flag = 1 killed */
	MG_EV_DEATH,        /**< target died (left the combat) */
	MG_EV_END,          /**< the combat is over: winner (MG_SIDE_* or -1),
	                         round = rounds played; flag = 1 when the GM
	                         ended it (MG_ADJ_END, MG-GM-5) */
	MG_EV_ADJUST,       /**< the GM's hand (mg_combat_adjust) on target:
	                         flag = the mg_adjust_kind; from → to: HP,
	                         position, or the mg_state for a condition;
	                         value → value2: its mg_state before and after;
	                         hp: its HP after */
	MG_EV_ENTER         /**< actor enters the scene at the round's setup
	                         (登場判定, MG-ENTER-1), before the initiative,
	                         or when the GM brings it in (flag 1,
	                         MG_ADJ_ENTER, MG-ENTER-4): to = its position,
	                         hp, value = its mg_state */
} mg_event_kind;

/** One event. */
typedef struct mg_event {
	mg_event_kind kind;
	int64_t round;    /**< the round (0 before round 1) */
	int32_t actor;    /**< character index, or -1 */
	int32_t target;   /**< character index, or -1 */
	int32_t attack;   /**< index in the actor's attacks, or -1 */
	int ndice;        /**< dice used by this event: dice[0..ndice) */
	int64_t dice[4];
	int64_t value, value2;
	int crit, fumble; /**< judgements only (M2, M8.3) */
	int flag;         /**< see the kinds */
	int64_t from, to, dest;
	int64_t modifier;
	int attr, armor_attr;  /**< mg_attr, or -1 */
	int64_t damage;
	int64_t hp;
	int winner;       /**< MG_EV_END: MG_SIDE_PC, MG_SIDE_NPC, or -1 */
	const uint32_t *order; /**< MG_EV_ORDER (borrowed for the call) */
	size_t norder;
} mg_event;

typedef struct mg_combat mg_combat;

/**
 * Event callback; the combat may be queried from inside it.
 * Return 0 to go on, non-zero to stop the combat (MG_ERROR; MG_ENOMEM, with
 * the error the callback set, when it returned MG_ENOMEM).
 */
typedef int (*mg_event_fn)(void *ud, const mg_combat *c, const mg_event *ev);

#define MG_COMBAT_OPTS_VERSION 2

/**
 * The event budget of a combat by default (MG-BUDGET-1): 100 000 events,
 * about 400 times what the bundled examples need (a 4-against-4 fight of 6
 * rounds has 241, a 1000-round duel in which nobody is hurt 13 745).
 */
#define MG_COMBAT_MAX_EVENTS_DEFAULT UINT64_C(100000)

/** Options of a combat. */
typedef struct mg_combat_opts {
	unsigned version;     /**< MG_COMBAT_OPTS_VERSION */
	ut_dice *dice;        /**< the dice source (borrowed); required */
	mg_event_fn on_event; /**< may be NULL */
	void *event_ud;
	/** The budget (MG-BUDGET-1), at least 1: a combat that would produce
	 *  its (max_events + 1)-th event (every mg_event kind counts, with or
	 *  without a callback) stops before it with MG_ELIMIT. */
	uint64_t max_events;
} mg_combat_opts;

#define MG_COMBAT_OPTS_INIT \
	{MG_COMBAT_OPTS_VERSION, NULL, NULL, NULL, MG_COMBAT_MAX_EVENTS_DEFAULT}

/** The outcome (M7, M8.9). */
typedef struct mg_result {
	int over;         /**< 1 once the combat ended */
	int winner;       /**< MG_SIDE_PC, MG_SIDE_NPC, or -1 (draw) */
	int64_t rounds;   /**< the round it ended in (0: before round 1;
	                       round_limit for a draw) */
	int by_gm;        /**< 1 when the GM ended it (MG_ADJ_END, MG-GM-5):
	                       the winner is the GM's word, -1 for none */
} mg_result;

/** A character now, for rendering and trackers. */
typedef struct mg_char_state {
	const char *name;       /**< borrowed from the scenario */
	mg_side side;
	int64_t hp;
	int64_t position;
	mg_state state;
	mg_status status;
	int has_initiative;     /**< rolled initiative this round */
	int64_t initiative;     /**< 行動 + dice */
	int64_t init_dice[2];
	int waited;             /**< declared 待機 this round */
} mg_char_state;

/**
 * Create a combat on `scenario` (checked with mg_scenario_check).  Nothing
 * is rolled yet.  The scenario and opts->dice are borrowed and must outlive
 * the combat; the scenario must not change while the combat lives (what
 * the engine derives from it, such as the armor modifiers, is computed
 * here).
 * @return 0; MG_EINVALID for a bad scenario or options, or when out,
 *         scenario or opts is NULL; MG_ENOMEM
 */
int mg_combat_new(mg_combat **out, const mg_scenario *scenario,
                  const mg_combat_opts *opts);

/**
 * Start the same scenario again from the beginning, with the same options
 * (the dice source continues where it is: reseed it first for a new fight).
 * No allocation.
 */
void mg_combat_restart(mg_combat *c);

/** Free a combat; NULL is fine. */
void mg_combat_free(mg_combat *c);

/**
 * Run until the next decision and describe it in *ask.
 * @return 0; MG_EINVALID when the dice failed (list ran out, value out of
 *         range: the error names the position); MG_EOVERFLOW; MG_ELIMIT
 *         when the event budget is spent (opts.max_events, MG-BUDGET-1);
 *         MG_ERROR when the callback stopped the combat.  A failed combat
 *         keeps failing with the same code.  MG_EINVALID also when ask or
 *         c is NULL (the combat is unchanged).
 */
int mg_combat_next(mg_ask *ask, mg_combat *c);

/**
 * Apply one action, the answer to the last ask.
 * @return 0; MG_EINVALID for an illegal action (the combat is unchanged,
 *         mg_error_last says why), failed dice, or a NULL c or action;
 *         MG_EOVERFLOW; MG_ELIMIT (the event budget); MG_ERROR
 */
int mg_combat_act(mg_combat *c, const mg_action *action);

/**
 * The distance of two positions as the engine measures it (MG-CKD-1): |a −
 * b| as an unsigned number, exact for any two 64-bit positions (an
 * attack's range covers it when it is ≤ the range).
 */
uint64_t mg_distance(int64_t a, int64_t b);

/**
 * The built-in policy `default` (M6, M8.4–M8.8): the action for `ask`.
 * @return 0; MG_EOVERFLOW when a distance does not fit; MG_EINVALID when
 *         out, c or ask is NULL
 */
int mg_policy_default(mg_action *out, const mg_combat *c, const mg_ask *ask);

/**
 * Play to the end with the default policy for every decision.
 * @return 0, or the error of mg_combat_next/act; *out holds the state
 *         reached either way.  MG_EINVALID when out or c is NULL (nothing
 *         played).
 */
int mg_combat_run(mg_result *out, mg_combat *c);

/** The outcome so far (over = 0 while it runs). */
void mg_combat_result(mg_result *out, const mg_combat *c);

/** The scenario (borrowed). */
const mg_scenario *mg_combat_scenario(const mg_combat *c);

/** The current round (0 before round 1). */
int64_t mg_combat_round(const mg_combat *c);

/** The events so far (MG-BUDGET-1: at most opts.max_events). */
uint64_t mg_combat_events(const mg_combat *c);

/**
 * Character i now.
 * @return 0, or MG_EINVALID when i is not a character index or out or c
 *         is NULL
 */
int mg_combat_character(mg_char_state *out, const mg_combat *c, size_t i);

/**
 * Every character's HP and state now, as mg_combat_character gives them
 * one by one: hp[i] and state[i] for each character index i (room for the
 * scenario's characters).  A Monte Carlo series reads its runs' outcomes
 * with it.
 */
void mg_combat_vitals(int64_t *hp, mg_state *state, const mg_combat *c);

/** The initiative order of this round (borrowed; *n characters). */
const uint32_t *mg_combat_order(const mg_combat *c, size_t *n);

/** What a die being rolled is for (mg_combat_rolling). */
typedef enum mg_roll_kind {
	MG_ROLL_NONE = 0,   /**< no die is being rolled */
	MG_ROLL_INITIATIVE, /**< who's initiative (2D6 + 行動) */
	MG_ROLL_DISENGAGE,  /**< who's 離脱 (2D6 + 行動), against `against` */
	MG_ROLL_HOLD,       /**< who holds `against` back from a 離脱 (2D6 +
	                         行動): it holds when the value ≥ target */
	MG_ROLL_ATTACK,     /**< who's attack judgement with `attack` on
	                         `against` (2D6 + the check value) */
	MG_ROLL_EVASION,    /**< who's evasion against `against`'s `attack`:
	                         evades when the value ≥ target */
	MG_ROLL_RESISTANCE, /**< the same for a magic attack */
	MG_ROLL_DAMAGE,     /**< who's damage die of `attack` (1D6 + damage) */
	MG_ROLL_FINISH      /**< who's とどめ with `attack` on `against` (1D6 +
	                         damage): kills when the value ≥ target */
} mg_roll_kind;

/** The roll a die is part of: for a tracker's prompt.  The die is number
 *  index (0-based) of the roll's ndice; rolled[0..index) are its dice so
 *  far.  value = the dice's sum + modifier. */
typedef struct mg_roll_info {
	mg_roll_kind kind;
	int32_t who;        /**< the character rolling */
	int32_t against;    /**< the other one, or -1 */
	int32_t attack;     /**< index in the attacker's list, or -1 */
	int ndice, index;
	int64_t rolled[2];
	int64_t modifier;
	int has_target;     /**< target is set */
	int64_t target;     /**< the value that succeeds (see the kinds) */
	int crit_only;      /**< evasion against a critical: only a critical
	                         (12) evades */
} mg_roll_info;

/**
 * The roll under way, from inside the dice source (a tracker asking a
 * person); kind MG_ROLL_NONE outside a roll.
 */
void mg_combat_rolling(mg_roll_info *out, const mg_combat *c);

/** Why an action or an adjustment was refused (MG-ACT-1). */
typedef enum mg_refusal {
	MG_REFUSE_NONE = 0,
	MG_REFUSE_NO_ATTACK,      /**< no such attack */
	MG_REFUSE_NO_TARGET,      /**< no such target */
	MG_REFUSE_NOT_ENEMY,      /**< the target is not an enemy */
	MG_REFUSE_DEAD,           /**< the target is dead */
	MG_REFUSE_NOT_DOWN,       /**< とどめ needs a 戦闘不能 target */
	MG_REFUSE_RANGE,          /**< the target is out of range */
	MG_REFUSE_ZERO_MOVE,      /**< a move of 0 m is not made */
	MG_REFUSE_TOO_FAR,        /**< the move is longer than the allowance */
	MG_REFUSE_DECIDED,        /**< a side has nobody able: end the process */
	MG_REFUSE_WAIT,           /**< 待機 is not possible now */
	MG_REFUSE_NO_MOVE_LEFT,   /**< no action left for this move */
	MG_REFUSE_COMPLEX,        /**< a complex attack needs the whole process */
	MG_REFUSE_NO_NORMAL,      /**< no 通常 action left */
	MG_REFUSE_NOT_MAIN,       /**< not an action of a main process */
	MG_REFUSE_NOT_PENDING,    /**< no decision is pending */
	MG_REFUSE_RESUME_ONLY,    /**< resume or stay, nothing else */
	MG_REFUSE_NO_CHARACTER,   /**< adjust: no such character */
	MG_REFUSE_ALREADY,        /**< adjust: it has that condition already */
	MG_REFUSE_HASNT,          /**< adjust: it does not have that condition */
	MG_REFUSE_IS_DEAD,        /**< adjust: dead: clear 死亡 first */
	MG_REFUSE_BAD_ADJUST,     /**< adjust: not a kind or condition */
	MG_REFUSE_ABSENT,         /**< the target (an attack, a condition) has
	                               not entered the scene yet (MG-ENTER-2) */
	MG_REFUSE_PRESENT         /**< adjust: MG_ADJ_ENTER of a character in
	                               the scene already (MG-ENTER-4) */
} mg_refusal;

/** The reason of the last refusal by c (MG_REFUSE_NONE after a success). */
mg_refusal mg_combat_refusal(const mg_combat *c);

/** A refusal's reason in `lang` (static text); "" for MG_REFUSE_NONE.  The
 *  English text is the one mg_error_last() carries after "NAME: ". */
const char *mg_refusal_text(mg_refusal r, mg_lang lang);

/** The GM's hand: what mg_combat_adjust changes. */
typedef enum mg_adjust_kind {
	MG_ADJ_HP = 0,  /**< HP = value: ≤ 0 makes an able character 戦闘不能,
	                     > 0 makes a 戦闘不能 one able; the dead stay dead */
	MG_ADJ_POS,     /**< position = value */
	MG_ADJ_ADD,     /**< add the condition `value` (MG_STATE_INCAPACITATED:
	                     able → 戦闘不能; MG_STATE_DEAD: → dead) */
	MG_ADJ_CLEAR,   /**< clear it (戦闘不能 → able; dead → 戦闘不能) */
	MG_ADJ_END,     /**< end the round progression now (MG-GM-5): `value`
	                     is the winner the GM declares, MG_SIDE_PC,
	                     MG_SIDE_NPC or -1 for none; `who` is not used */
	MG_ADJ_ENTER    /**< bring `who`, yet to enter, into the scene now
	                     (MG-ENTER-4): MG_EV_ENTER with flag 1; it acts
	                     from the next round; `value` is not used */
} mg_adjust_kind;

/** One adjustment by the GM. */
typedef struct mg_adjust {
	mg_adjust_kind kind;
	uint32_t who;     /**< a character index (not used by MG_ADJ_END) */
	int64_t value;    /**< HP, position, an mg_state, or a winner */
} mg_adjust;

/**
 * The GM's hand on a combat waiting for a decision (MG-GM-1): change a
 * character's HP, position or condition, reported as MG_EV_ADJUST; bring
 * one yet to enter into the scene (MG_ADJ_ENTER, MG-ENTER-4: MG_EV_ENTER
 * with flag 1); or end the combat with the winner the GM declares
 * (MG_ADJ_END, MG-GM-5: MG_EV_END with flag 1; mg_result's by_gm).  A
 * main process whose actor is no longer able, or after which a side has
 * nobody able (and nobody to come, MG-ENTER-3), ends on the next
 * mg_combat_next (the end check follows, M8.9); at a resume question, such
 * a side ends the combat.
 * A revived character acts in this round only if it is still 未行動 in
 * its order (a character down at the round's setup, or brought in,
 * waits for the next).
 * @return 0; MG_EINVALID when refused (no decision pending, no such
 *         character, the condition already there or not there, a
 *         condition on one yet to enter, an entry of one in the scene, a
 *         winner that is not one: the combat
 *         is unchanged, mg_combat_refusal says why), or a NULL c or adj;
 *         MG_ELIMIT (the event budget); MG_ERROR (the callback)
 */
int mg_combat_adjust(mg_combat *c, const mg_adjust *adj);

/**
 * Copy the state of `src` into `dst`, a combat of the same scenario (its
 * own options, dice and callback stay): dst continues from where src is,
 * events counted included.  No allocation.
 * @return 0, or MG_EINVALID when the scenarios differ or dst or src is
 *         NULL
 */
int mg_combat_copy_state(mg_combat *dst, const mg_combat *src);

/**
 * The armor modifier of character `target` against an attack with
 * `attributes` (M5, M8.10): the lowest matching value, an energy subtype
 * falling back to energy, unlisted 0; no attributes: 0.  *attr and
 * *armor_attr (may be NULL) receive the attack attribute that gave it and
 * the armor entry used, or -1.
 */
int64_t mg_armor_modifier(int *attr, int *armor_attr,
                          const mg_character *target, uint32_t attributes);

#ifdef __cplusplus
}
#endif

#endif
