/*
 * manastorm/duel.h - the card duel engine (rulings D2–D7) as a step API.
 *
 * A duel borrows a scenario (manastorm/scenario.h) and uses one seeded
 * generator (util/rng.h, docs/RANDOM.md) for every shuffle (D2 start, D7.1
 * discard pile into an empty deck, D7.10 step 9) and for the choices of
 * the `random` policy, in the order they happen.  It does no I/O and keeps
 * no global state.  It advances one decision at a time:
 *
 *     ms_duel *d;
 *     ms_ask ask;
 *     ms_choice ch;
 *     ms_duel_new(&d, &scenario, &opts);
 *     while ((rc = ms_duel_next(&ask, d)) == 0 && ask.kind != MS_ASK_OVER) {
 *             ch = …;                       // a policy, or a person
 *             if ((rc = ms_duel_act(d, &ch)) < 0) …;
 *     }
 *     ms_duel_result(&result, d);
 *     ms_duel_free(d);
 *
 * ms_duel_run does that loop with each participant's policy.  Participants
 * are referred to by their index in the scenario (seat order).
 */
#ifndef MANASTORM_DUEL_H
#define MANASTORM_DUEL_H

#include <stddef.h>
#include <stdint.h>

#include "../util/rng.h"
#include "common.h"
#include "scenario.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct ms_duel ms_duel;

/** What ms_duel_next asks for. */
typedef enum ms_ask_kind {
	MS_ASK_ENCHANT = 0, /**< step 1: caster `actor` plays or passes */
	MS_ASK_ATTACK = 1,  /**< step 4: warrior `actor` plays, points, passes */
	MS_ASK_GO_ON = 2,   /**< step 8: warrior `actor` goes on or gives up */
	MS_ASK_OVER = 3     /**< the duel is over: ms_duel_result */
} ms_ask_kind;

/** A decision point. */
typedef struct ms_ask {
	ms_ask_kind kind;
	int64_t battle;  /**< 1, 2, … */
	int64_t round;   /**< 1, 2, … within the battle */
	uint32_t actor;  /**< the participant to decide for */
	size_t nhand;    /**< its hand size (hand choices: 0 … nhand−1) */
	int can_draw;    /**< its deck or discard pile has a card (MS_CHOICE_DECK) */
} ms_ask;

/** The kinds of choice. */
typedef enum ms_choice_kind {
	MS_CHOICE_PASS = 0,    /**< steps 1, 4: play nothing */
	MS_CHOICE_HAND = 1,    /**< steps 1, 4: hand card `index` */
	MS_CHOICE_DECK = 2,    /**< steps 1, 4: the top of the deck (D2's draw
	                            rule: an empty deck takes the discard pile) */
	MS_CHOICE_POINT = 3,   /**< step 4: the field card `index` (an allied
	                            caster's held enchant) */
	MS_CHOICE_GO_ON = 4,   /**< step 8 */
	MS_CHOICE_GIVE_UP = 5  /**< step 8 (giving up the attack right; there
	                            is no choice to surrender: MS-END-4) */
} ms_choice_kind;

/** One choice. */
typedef struct ms_choice {
	ms_choice_kind kind;
	size_t index; /**< MS_CHOICE_HAND: hand index; MS_CHOICE_POINT: field
	                   index */
} ms_choice;

/** Where a played card came from (events). */
typedef enum ms_source {
	MS_SRC_NONE = 0, MS_SRC_HAND = 1, MS_SRC_DECK = 2, MS_SRC_POINT = 3
} ms_source;

/** Which step ended the duel (D7.5). */
typedef enum ms_end_step {
	MS_END_NONE = 0,    /**< not over yet */
	MS_END_STEP6 = 6,   /**< a side lost its last warrior at step 6 */
	MS_END_STORM = 4,   /**< … in a マナ・ストーム (D4) */
	MS_END_STEP9 = 9,   /**< … at step 9 */
	MS_END_BATTLES = 10 /**< all `battles` battles were played */
} ms_end_step;

/** Kinds of event; fields not named are 0 / -1. */
typedef enum ms_event_kind {
	MS_EV_SHUFFLE = 0,  /**< actor's deck shuffled: value = 0 start, 9 step
	                         9; count = cards */
	MS_EV_RESHUFFLE,    /**< actor drew from an empty deck: its discard pile
	                         (count cards) became the deck (shuffled when
	                         the scenario shuffles) */
	MS_EV_HAND,         /**< actor drew count cards to its hand at the start */
	MS_EV_BATTLE,       /**< battle begins */
	MS_EV_ROUND,        /**< round begins */
	MS_EV_PASS,         /**< actor passed (value = 1 step 1, 4 step 4) */
	MS_EV_ENCHANT,      /**< step 2: actor's card (source), flags: passes,
	                         same (a number on the field), held */
	MS_EV_MP,           /**< step 3: actor's MP: value = before, value2 = after */
	MS_EV_OUTFIT,       /**< actor lost the 衣装 index `index` of マナ変換力
	                         value; count = 衣装 left */
	MS_EV_HAPPENING,    /**< step 3: エモーション・イベント of actor, card =
	                         the event's suit and number; count = cards that
	                         went to the field (MS_EV_FIELD each) */
	MS_EV_FIELD,        /**< card (owner actor) went to the field as a held
	                         enchant: source = deck (happening) */
	MS_EV_ATTACK,       /**< step 5: actor's card (source; index = field
	                         index when pointed), target = partner or -1,
	                         flags: passes, match, success */
	MS_EV_HP,           /**< actor's HP: value = before, value2 = after
	                         (step 6: −1; storm: the cards removed) */
	MS_EV_RIGHT_LOST,   /**< actor lost its attack right (step 6) */
	MS_EV_DISCARD,      /**< actor's played attack card went to its discard */
	MS_EV_ADVANTAGE,    /**< step 7: side gains value (count = pair index,
	                         index = reason: 1 higher, 2 other failed, 3
	                         other played nothing), value2 = side's total */
	MS_EV_GO_ON,        /**< step 8: actor goes on */
	MS_EV_GIVE_UP,      /**< step 8: actor gives up its right */
	MS_EV_DAMAGE,       /**< step 9: side deals value to target; value2 =
	                         target's HP after */
	MS_EV_STORM,        /**< a マナ・ストーム begins: count = pair index,
	                         actor/target = the two warriors */
	MS_EV_STORM_DRAW,   /**< actor drew card to the field in the storm;
	                         flags: passes; index = 0 power draw, 1 tie
	                         draw-off, 2 count draw.  Flag MS_F_NO_CARD
	                         (index 1 only): actor is tied but cannot draw
	                         (counts 0), no card */
	MS_EV_STORM_VICTIM, /**< actor is the (first: index 0, next: index 1)
	                         victim; value = the number that chose it
	                         (first: its highest draw, or after a tie its
	                         draw-off card) or the count (next), target =
	                         who counted.  First only: count = the highest
	                         number of the draws before any draw-off,
	                         value2 = the draw-offs held (0: no tie), flag
	                         MS_F_SEAT when none of the tied could draw in
	                         the last one (the first in seat order) */
	MS_EV_STORM_REMOVE, /**< count field cards went to their owners'
	                         discard piles (most recent first) */
	MS_EV_STORM_END,    /**< the storm ends: index = 0 field empty, 1
	                         nobody left to count, 2 a victim cannot draw,
	                         3 no first victim */
	MS_EV_EMOTION,      /**< 感情の処理 (D4.3): reported only */
	MS_EV_DEFEATED,     /**< actor (a warrior) has HP ≤ 0 */
	MS_EV_BATTLE_END,   /**< step 9: advantages 0, rights back, the field
	                         back to the decks (the shuffles follow) */
	MS_EV_END           /**< the duel is over: side = winner or -1, value =
	                         ms_end_step, battle = battles played */
} ms_event_kind;

/** Event flags. */
enum {
	MS_F_PASSES = 1, MS_F_SAME = 2, MS_F_HELD = 4, MS_F_MATCH = 8,
	MS_F_SUCCESS = 16, MS_F_NO_CARD = 32, MS_F_SEAT = 64,
	/** with MS_F_SAME on an enchant: the number is not on the field, only
	 *  on another caster's card revealed at the same time (MS-LOG-1) */
	MS_F_SAME_NOW = 128
};

/** One event. */
typedef struct ms_event {
	ms_event_kind kind;
	int64_t battle, round;
	int32_t actor, target;  /**< participant indices, or -1 */
	int side;               /**< 0 A, 1 B, or -1 */
	ms_card card;
	ms_source source;
	int flags;
	int64_t index, value, value2, count;
} ms_event;

/** Event callback; may query the duel.  Non-zero stops it (MS_ERROR; or
 *  MS_ENOMEM, with the error the callback set, when it returned that). */
typedef int (*ms_event_fn)(void *ud, const ms_duel *d, const ms_event *ev);

/**
 * A policy: the choice for `ask` from the duel's public view.  `rng` is the
 * duel's generator (the `random` policy draws from it).  `ud` is the
 * policy's own data.  Return 0, or a negative MS_E* code (error set).
 */
typedef int (*ms_policy_fn)(void *ud, const ms_duel *d, const ms_ask *ask,
                            ut_rng *rng, ms_choice *out);

/** A named policy. */
typedef struct ms_policy {
	const char *name;
	ms_policy_fn choose;
	void *ud;
} ms_policy;

/** The bit of an event kind in ms_duel_opts.event_mask. */
#define MS_EV_BIT(kind) (UINT64_C(1) << (kind))
/** Every kind of event. */
#define MS_EV_ALL (MS_EV_BIT(MS_EV_END + 1) - 1)

#define MS_DUEL_OPTS_VERSION 3

/**
 * The event budget of a duel by default (MS-BUDGET-1): 100 000 events,
 * about 400 times what the bundled table needs (75–234 events a duel).
 */
#define MS_DUEL_MAX_EVENTS_DEFAULT UINT64_C(100000)

/** Options of a duel. */
typedef struct ms_duel_opts {
	unsigned version;       /**< MS_DUEL_OPTS_VERSION */
	uint64_t seed;          /**< seeds the duel's own generator … */
	ut_rng *rng;            /**< … unless this is set (borrowed) */
	ms_event_fn on_event;   /**< may be NULL */
	void *event_ud;
	const ms_policy *policies; /**< extra policies, looked up before the
	                                built-ins (borrowed); may be NULL,
	                                with npolicies 0 (else MS_EINVALID) */
	size_t npolicies;
	/** The budget (MS-BUDGET-1), at least 1: a duel that would produce
	 *  its (max_events + 1)-th event (every ms_event kind counts, with or
	 *  without a callback) stops before it with MS_ELIMIT. */
	uint64_t max_events;
	/** The kinds on_event is called for (MS_EV_BIT of each; MS_EV_ALL
	 *  by default).  The others are not even built; they still count
	 *  against max_events.  A duel without on_event builds none. */
	uint64_t event_mask;
} ms_duel_opts;

#define MS_DUEL_OPTS_INIT \
	{MS_DUEL_OPTS_VERSION, 0, NULL, NULL, NULL, NULL, 0, \
	 MS_DUEL_MAX_EVENTS_DEFAULT, MS_EV_ALL}

/** The outcome (D6, D7.9). */
typedef struct ms_result {
	int over;
	int winner;            /**< 0 A, 1 B, -1 draw (or not over) */
	int64_t battles;       /**< battles played (the one it ended in counts) */
	int64_t defeated[2];   /**< opposing warriors with HP ≤ 0, per side */
	int64_t damage[2];     /**< step-9 damage dealt, per side */
	ms_end_step end;
	int64_t storms, happenings;
} ms_result;

/** A participant now, for logs, tests and policies. */
typedef struct ms_part_state {
	const char *name;
	int side;
	ms_role role;
	int64_t hp, mp;
	const int64_t *outfits; /**< remaining マナ変換力, original order */
	size_t noutfits;
	const ms_card *hand;    /**< hand order (drawn order, played removed) */
	size_t nhand;
	const ms_card *deck;    /**< top first */
	size_t ndeck;
	const ms_card *discard; /**< first discarded first */
	size_t ndiscard;
	int right;              /**< warriors: has the attack right */
	int advantage_side;     /**< its side's advantage now */
} ms_part_state;

/** A field card (場札). */
typedef struct ms_field_card {
	ms_card card;
	uint32_t owner;
	int enchant; /**< 1: a held enchant (step 2 or happening); 0: a storm card */
} ms_field_card;

/**
 * Create a duel on `scenario` (checked with ms_scenario_check; every
 * participant's policy looked up).  Nothing is shuffled yet.  The
 * scenario is borrowed and must outlive the duel, with everything it
 * points to (its participants array, their names, decks and policy
 * names), and so must opts->rng and opts->policies; opts itself is
 * copied.
 * @return 0; MS_EINVALID (bad scenario, options, unknown policy naming
 *         the participant; out, scenario or opts NULL); MS_ENOMEM
 */
int ms_duel_new(ms_duel **out, const ms_scenario *scenario,
                const ms_duel_opts *opts);

/**
 * Start the same scenario again from the beginning with the same options;
 * the duel's own generator is seeded with `seed` (a borrowed opts.rng
 * continues where it is).  No allocation.
 */
void ms_duel_restart(ms_duel *d, uint64_t seed);

/** Free a duel; NULL is fine. */
void ms_duel_free(ms_duel *d);

/**
 * Run until the next decision and describe it in *ask (MS_ASK_OVER at the
 * end).
 * @return 0; MS_EOVERFLOW; MS_ELIMIT when the event budget is spent
 *         (opts.max_events, MS-BUDGET-1); MS_ERROR when the callback
 *         stopped the duel; MS_EINVALID when ask or d is NULL.
 */
int ms_duel_next(ms_ask *ask, ms_duel *d);

/**
 * Apply the answer to the last ask.
 * @return 0; MS_EINVALID for a choice that is not legal (nothing changed,
 *         ms_error_last says why), or when d or choice is NULL;
 *         MS_EOVERFLOW; MS_ELIMIT (the event budget); MS_ERROR
 */
int ms_duel_act(ms_duel *d, const ms_choice *choice);

/** Play to the end with each participant's policy.
 * @return 0, or the error of ms_duel_next/act (a policy's own code too);
 *         MS_EINVALID when out or d is NULL (nothing played) */
int ms_duel_run(ms_result *out, ms_duel *d);

/** The outcome so far. */
void ms_duel_result(ms_result *out, const ms_duel *d);

/** The scenario (borrowed). */
const ms_scenario *ms_duel_scenario(const ms_duel *d);

/** The seed (ms_duel_opts.seed; meaningless with opts.rng). */
uint64_t ms_duel_seed(const ms_duel *d);

/** Participant i now (pointers valid until the duel changes).  After the
 *  end at step 9 the first call may do that step's last shuffles, which
 *  wait for a look at a deck (MS-DAMAGE-3): the same decks, later; so do
 *  not call it on one duel from two threads at once. */
void ms_duel_participant(ms_part_state *out, const ms_duel *d, uint32_t i);
/* (For these queries, a participant i past the scenario's gives nothing:
 * *out zeroed, 0, NULL.) */

/** What a participant has left, without its cards. */
typedef struct ms_part_vitals {
	int64_t hp, mp;
	size_t noutfits; /**< 衣装 left */
} ms_part_vitals;

/** Participant i's HP, MP and 衣装 now: what ms_duel_participant shows of
 *  them, without looking at a deck (so the last shuffles keep waiting and
 *  a run that only counts what is left never does them). */
void ms_duel_vitals(ms_part_vitals *out, const ms_duel *d, uint32_t i);

/** What the storms of the duel so far took (MS-PT-STORM-1): 衣装 lost
 *  and HP lost in them, the MS_EV_OUTFIT events and the HP the MS_EV_HP
 *  events lose between each MS_EV_STORM and its MS_EV_STORM_END, with or
 *  without a callback. */
void ms_duel_storm_losses(const ms_duel *d, int64_t *outfits, int64_t *hp);

/** The field, in the order the cards were put. */
const ms_field_card *ms_duel_field(const ms_duel *d, size_t *n);

/** The events so far (MS-BUDGET-1: at most opts.max_events). */
uint64_t ms_duel_events(const ms_duel *d);

/** Advantage of side 0/1 now. */
int64_t ms_duel_advantage(const ms_duel *d, int side);

/** Whether `c` passes for participant i (number ≤ 発現値 or favoured suit). */
int ms_duel_passes(const ms_duel *d, uint32_t i, ms_card c);

/** The value step 7 gives card `c` of warrior i when both of a pair
 *  succeed (MS-ADV-1): its printed number, + 2 when it is of i's favoured
 *  suit. */
int64_t ms_duel_attack_value(const ms_duel *d, uint32_t i, ms_card c);

/** The pairs of steps 5–7 (MS-ADV-1): side A's and side B's warriors
 *  paired in seat order, as many pairs as the side with more warriors. */
size_t ms_duel_pairs(const ms_duel *d);

/** Pair k's warriors into *a (side A) and *b (side B): 1 when both sides
 *  have a k-th warrior, else 0. */
int ms_duel_pair(const ms_duel *d, size_t k, uint32_t *a, uint32_t *b);

/** The policy of participant i. */
const ms_policy *ms_duel_policy(const ms_duel *d, uint32_t i);

/**
 * The legal choices for `ask`, in this order: steps 1/4 — hand cards
 * (hand order), the deck top (when can_draw), at step 4 each allied held
 * enchant (field order), pass; step 8 — go on, give up.  Writes up to
 * `cap` into out (may be NULL) and returns how many there are.
 */
size_t ms_duel_choices(ms_choice *out, size_t cap, const ms_duel *d,
                       const ms_ask *ask);

#ifdef __cplusplus
}
#endif

#endif
