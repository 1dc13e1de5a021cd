/*
 * engine_int.h - the engine's private header: its state (struct am_engine,
 * units, decisions, hits) and the functions its modules share.
 *
 * The engine is one module per responsibility, each file naming its
 * functions after itself (docs/STYLE.md):
 *
 *   engine.c     am_engine_*    new/free, battle entry points, events,
 *                               the final score and the seeded tie-break
 *   roster.c     am_roster_*    units: creation, lines and positions, death
 *                               checks and retirement
 *   schedule.c   am_schedule_*  the turn loop: 毒, AP, who acts next, the
 *                               action phase and its steps; the duel path
 *                               (one unit a side, no ビルド: e->duel)
 *   step.c       am_step_*      what actors do: deciding, supports, builds
 *   tempo.c      am_tempo_*     the attacks of a step, tempo by tempo;
 *                               全体化 volleys grouped (BU-ALL-3)
 *   shortcuts.c  am_shortcuts_* skipping work that provably changes nothing
 *                               (am_battle_opts.shortcuts)
 *   query.c                     the public read-back API (am_engine_unit…)
 *
 * The small functions every step calls are static inline here, so that the
 * split costs no calls on the hot path.  Nothing here is public.
 *
 * Rule IDs (AM-STEP-2, BU-PLACE-1, …) are those of docs/AMARYLLIS.md; the
 * comment above each function names the rules it implements, and section 13
 * of docs/AMARYLLIS.md maps every ID to its functions here and in the modules.
 */
#ifndef AM_CORE_ENGINE_INT_H
#define AM_CORE_ENGINE_INT_H

#include "amaryllis/engine.h"

#include <stdlib.h>
#include <string.h>

#include "util/array.h"
#include "util/assert.h"
#include "util/ckd.h"
#include "util/error.h"
#include "line.h"
#include "program.h"
#include "queue.h"

typedef am_slot slot;

/* Per side: the compiled team (program.h) and its line of living/not yet
 * retired units, front first (line.h). */
typedef struct side {
	const am_program *prog;
	const am_team *team;  /* prog->team */
	uint32_t root;        /* the line, AM_LINE_NIL when empty */
	size_t nliving;
} side;

typedef struct unit {
	int64_t hp, atk, def, spd, ap, hp0;
	const struct am_slot *slots; /* its definition's slots (program.h) */
	int64_t st[AM_STATE_COUNT];
	int64_t born;        /* turn of creation (0 for entry units) */
	size_t bits;         /* offset of its spent bitmap in e->bits */
	uint32_t defi;       /* definition index in its team */
	uint32_t nslots;
	uint32_t ver;        /* version of its queue entry (queue.h) */
	int32_t died;        /* turn of death, -1 while alive */
	uint32_t live;       /* unspent slots usable by the last turn */
	uint64_t avail;      /* ≤ 64 slots: usable now, unused, unspent;
	                        more: the first slot that may be usable */
	uint8_t side;
	uint8_t alive;
	uint8_t inline_;     /* still in its line (not retired) */
	uint8_t hit;         /* touched in this tempo (death check pending) */
	uint8_t acting;      /* chosen for the next step (next_actors) */
	uint8_t dirty;       /* in e->dirty: its queue entry is to be pushed */
} unit;

/* A decided action of one actor in a step. */
typedef struct decision {
	uint32_t actor;
	int32_t slot;        /* -1: nothing; -2: スタン processing */
	uint64_t key;        /* side, then position: the order of the log */
} decision;

/* One attack on its way. */
typedef struct hit {
	uint32_t attacker;
	uint32_t action;     /* team action index */
	int32_t target;      /* unit id, or -1: front-most living of aim_side */
	uint8_t aim_side;
	uint8_t enemy;       /* attacker is an enemy of the target (sort key) */
	uint8_t resolve;     /* resolves in this tempo (not reflected) */
	uint8_t reflected;   /* 反射 sent it on to the next tempo */
	uint8_t guarded;     /* a ガード halves it */
	uint8_t all;         /* a 全体化 volley: one hit on every living unit
	                        of aim_side (grouped path, BU-ALL-3) */
	uint32_t apos;       /* attacker's position at the tempo's start */
	uint32_t seq;        /* order of arrival, the last sort key */
	int64_t left;        /* 反射/ガード stacks left after this hit took one */
	int64_t damage;
} hit;

struct am_engine {
	side sides[2];
	unit *units;
	size_t nunits, capunits;
	uint64_t *bits;
	size_t nbits, capbits;
	decision *dec;
	size_t capdec;
	hit *hits, *next;
	size_t nhits, nnext, caphits, capnext;
	am_lnode *nodes;     /* line nodes, by unit id */
	size_t capnodes;
	am_queue queue;
	int queued;
	/* the units whose queue entry am_schedule_enqueue renewed since the
	 * last pop_actors, each once (unit dirty): pushed then, so that a
	 * unit whose 素早さ changes k times in a step is one entry, not k */
	uint32_t *dirty;
	size_t ndirty, capdirty;
	int poisoned;        /* some unit got 毒 in this battle */
	int in_step;         /* events now belong to step e->step */
	int shortcuts;       /* opts->shortcuts (shortcuts.c may skip work) */
	am_program own[2];   /* the programs of am_battle_run's teams */
	uint32_t *died;      /* died in this step, to retire at its end */
	size_t ndied, capdied;
	uint32_t *touched;   /* ＨＰ set by ＨＰ回復 in this step */
	size_t ntouched, captouched;
	uint32_t *tmp;       /* scratch: a line's units */
	size_t captmp;
	struct hit_key *keys; /* scratch: order_hits */
	size_t capkeys;
	uint32_t *pos;       /* scratch: positions of all units
	                        (am_roster_positions) */
	size_t cappos;
	int volleys;         /* e->hits holds 全体化 volleys (tempo.c) */
	int duel;            /* one unit a side, no ビルド: schedule.c's duel
	                        path (opts->duel) */
	struct hit_group *groups; /* scratch of the grouped tempo (tempo.c) */
	uint32_t *struck;    /* units damaged in the grouped tempo, in order */
	size_t nstruck, capstruck;
	const am_battle_opts *opts;
	am_battle_opts opts1; /* a version 1 caller's options, completed */
	int64_t work_left;   /* the work the battle may still do: the bound
	                        (at most INT64_MAX) minus the work so far
	                        (am_work) */
	int64_t work_base;   /* that bound (am_engine_work) */
	am_event_fn cb;
	void *ud;
	int turn;
	int tempo;
	uint64_t step;
};

/* Sort key of a hit for handing out 反射 and ガード stacks. */
typedef struct hit_key {
	uint64_t k;    /* target, then enemies first, then attacker position */
	uint32_t seq;  /* then order of arrival */
} hit_key;

/* Inlined even where the compiler would not (the duel's hot path). */
#if defined(__GNUC__) || defined(__clang__)
#define AM_HOT_INLINE static inline __attribute__((always_inline))
#else
#define AM_HOT_INLINE static inline
#endif

/* Words of a bitmap of n bits. */
#define WORDS(n) (((size_t)(n) + 63) / 64)

/* Emit an event when there is a callback (needs `am_engine *e` in scope);
 * return the error from the calling function if the callback aborted. */
#define EMIT(...)                                                        \
	do {                                                             \
		if (e->cb) {                                             \
			int rc_ = am_engine_emit(e, __VA_ARGS__);        \
			if (rc_ < 0)                                     \
				return rc_;                              \
		}                                                        \
	} while (0)

/* Return the error of x from the calling function, if any. */
#define TRY(x)                                                           \
	do {                                                             \
		int rc_ = (x);                                           \
		if (rc_ < 0)                                             \
			return rc_;                                      \
	} while (0)

/*
 * Below this many units, the next actors are found by scanning every unit,
 * which is cheaper than keeping the queue; past it (builds), by the queue.
 * Both pick the same units.
 */
#define SCAN_UNITS 16

/* Use am_roster_positions() rather than am_roster_position() for more than
 * this many units. */
#define BULK_POSITIONS 32

/* ---- engine.c ------------------------------------------------------------ */

/* Set and return AM_EOVERFLOW: a battle value left 64-bit integers
 * (AM-ARITH-1). */
int am_engine_overflow(void);

/*
 * Report one event to e->cb (which must be set) stamped with the current
 * turn, tempo and step.  0, or AM_ERROR when the callback aborted.
 */
int am_engine_emit(am_engine *e, am_event_kind kind, int64_t actor,
                   int64_t action, int64_t target, int64_t value,
                   int64_t after);

/* The same for an event with a stat/state/spent field already filled in;
 * the turn, tempo and step are stamped here. */
int am_engine_emit_ex(am_engine *e, am_event *ev);

/* Score both sides, judge (AM-RESULT-1, AM-RESULT-2, BU-RESULT-2; RULINGS
 * A9, B4), fill r and emit AM_EV_END. */
int am_engine_finish(am_engine *e, am_result *r);

/* ---- roster.c ------------------------------------------------------------ */

/* Start side s with program p and an empty line. */
void am_roster_begin_side(am_engine *e, int s, const am_program *p);

/* Fill e->pos[id] with the position of every unit in a line (one walk of
 * both lines; for more than BULK_POSITIONS units at once). */
int am_roster_positions(am_engine *e);

/* The living units of side s, front first, in e->tmp; their count in *n
 * (the targets of 全体化: BU-ALL-1, BU-ALL-2). */
int am_roster_living_line(am_engine *e, int s, size_t *n);

/* Create a unit of definition defi on side s at position pos; its id in
 * *out (BU-BUILD-2, BU-BUILD-3).  AM_ELIMIT past the population limit
 * (BU-POP-1), AM_ENOMEM. */
int am_roster_spawn(am_engine *e, int s, uint32_t defi, uint32_t pos,
                    uint32_t *out);

/* Death check of unit id (AM-DEATH-1, AM-STATE-5, AM-TURN-3; RULINGS A6):
 * ライフ or death (it stays in its line until am_roster_retire: BU-LINE-2). */
int am_roster_death_check(am_engine *e, uint32_t id);

/* Take the units that died in this step out of their lines (AM-SIM-3,
 * BU-LINE-2). */
void am_roster_retire(am_engine *e);

/* ---- schedule.c ---------------------------------------------------------- */

/* Play turns 0..20 (or until one side is gone) and finish into r
 * (AM-TURN-1, AM-JUDGE-1, BU-RESULT-1). */
int am_schedule_play(am_engine *e, am_result *r);

/* ---- step.c -------------------------------------------------------------- */

/* Emit the AM_EV_ACTION event of actor executing slot sl (needs e->cb;
 * the order of the log: AM-LOG-1). */
int am_step_emit_action(am_engine *e, uint32_t actor, const slot *sl);

/* Apply support slot sl of actor to target, a living unit (AM-SUP-1 and
 * the effects AM-CLASS-4, AM-CLASS-5, AM-CLASS-6, AM-CLASS-7, AM-CLASS-8,
 * AM-CLASS-9, AM-CLASS-10; RULINGS A7). */
int am_step_support_on(am_engine *e, uint32_t actor, const slot *sl,
                       uint32_t target);

/* Execute ビルド slot sl of builder (BU-PLACE-1, BU-BUILD-2, BU-BUILD-4;
 * RULINGS B2, A10). */
int am_step_build(am_engine *e, uint32_t builder, const slot *sl);

/* ---- tempo.c ------------------------------------------------------------- */

/* Resolve the attacks in e->hits (tempo 1) and every tempo they cause
 * (AM-TEMPO-1, AM-TEMPO-2, AM-TEMPO-3, AM-TEMPO-4, AM-TEMPO-5, AM-TEMPO-6,
 * AM-TEMPO-7, AM-TEMPO-8; see tempo.c). */
int am_tempo_run(am_engine *e);

/* The attack of a duel's single actor, aimed at side `aim` (= the unit id
 * in a duel), and every tempo it causes (see tempo.c). */
int am_tempo_duel(am_engine *e, uint32_t attacker, uint32_t action, int aim);

/* Bytes of the scratch memory of grouped tempos (BU-ALL-3). */
size_t am_tempo_memory(const am_engine *e);

/* Release the scratch memory of grouped tempos (BU-ALL-3). */
void am_tempo_free(am_engine *e);

/* ---- shortcuts.c --------------------------------------------------------- */

/* All of them are AM-STEP-3: the same results, step counts and events as
 * playing every step. */

/* The STEP_BEGIN events of idle steps 1..most of e->dec[0..n) (a log
 * tells each step); am_shortcuts_idle_steps' path with a callback. */
int am_shortcuts_tell_idle_steps(am_engine *e, size_t n, int64_t most);

/* 1 when no living unit can ever act again and none is poisoned. */
int am_shortcuts_dormant(const am_engine *e);

/* Set and return AM_EOVERFLOW: the step count would pass INT64_MAX
 * (AM-ARITH-1). */
int am_shortcuts_steps_overflow(void);

/* Steps of an action phase in which nobody can do anything but スタン
 * processing, in *out: 0; 1 when the population is too large to count
 * (*out untouched); AM_EOVERFLOW. */
int am_shortcuts_empty_phase_steps(const am_engine *e, int64_t *out);

/* Jump from the current turn to the end of the battle (dormant battle),
 * adding per_turn steps a turn.  0 or AM_EOVERFLOW. */
int am_shortcuts_fast_forward(am_engine *e, int64_t per_turn);
int am_shortcuts_dormant_work(am_engine *e);

/* Count the steps of an action phase in which nobody can act and skip
 * it: 1, or AM_EOVERFLOW (see am_shortcuts_idle_turn). */
int am_shortcuts_skip_turn(am_engine *e);

/* ---- hot helpers, inline ------------------------------------------------- */

/* Put unit id in the queue of actors (if it can act) with a new version:
 * the queue yields the highest 素早さ first (AM-STEP-1, BU-ORDER-1), and a
 * raised 素早さ counts at once (AM-AP-1): from the next step's actors on,
 * the only ones the queue chooses.  The entry is pushed when pop_actors
 * next reads the queue (schedule.c: flush_dirty), with the 素早さ and AP
 * the unit has then: every change of them comes with a call here, so
 * they are those of its last call, and a unit's entries but the last are
 * stale anyway.  A 全体化 support of n units on n allies was n² entries a
 * step (a 369-byte sheet took 27 s and 350 MB). */
static inline int am_schedule_enqueue(am_engine *e, uint32_t id)
{
	unit *u = &e->units[id];
	int rc;

	if (!e->queued)
		return 0;
	u->ver++;
	if (u->dirty)
		return 0;
	if ((rc = UT_ARRAY_RESERVE(e->dirty, e->capdirty, e->ndirty + 1)) < 0)
		return rc;
	e->dirty[e->ndirty++] = id;
	u->dirty = 1;
	return 0;
}

/* Position of unit id in its line, front = 0 (O(log n) rank walk). */
static inline uint32_t am_roster_position(const am_engine *e, uint32_t id)
{
	return am_line_rank(e->nodes, id);
}

/* Units in side s's line, dead ones not yet retired included. */
static inline uint32_t am_roster_line_size(const am_engine *e, int s)
{
	return am_line_size(e->nodes, e->sides[s].root);
}

/* The battle is decided: a side has no living unit (AM-JUDGE-1,
 * BU-RESULT-1). */
static inline int am_roster_over(const am_engine *e)
{
	return e->sides[0].nliving == 0 || e->sides[1].nliving == 0;
}

/* Front-most living unit of side s, or -1: where an attack aimed at side s
 * lands (AM-TEMPO-1, AM-TEMPO-2, BU-LINE-1). */
static inline int64_t am_roster_front(const am_engine *e, int s)
{
	uint32_t id = am_line_first_living(e->nodes, e->sides[s].root);

	return id == AM_LINE_NIL ? -1 : (int64_t)id;
}

/*
 * Unit target gains n of state st from actor's action (a support, AM-SUP-1:
 * AM-CLASS-7, AM-CLASS-8, AM-CLASS-9; or a スタン与え/毒与え customisation:
 * AM-CUST-5, AM-CUST-6).  n = 0 does nothing.  AM_EOVERFLOW (AM-ARITH-1).
 */
static inline int am_step_add_state(am_engine *e, uint32_t actor,
                                    uint32_t action, uint32_t target,
                                    am_state st, int64_t n)
{
	unit *t = &e->units[target];

	if (n == 0)
		return 0;
	if (ut_ckd_add(&t->st[st], t->st[st], n))
		return am_engine_overflow();
	e->poisoned |= st == AM_STATE_POISON;
	if (e->cb) {
		am_event ev = {0};
		ev.kind = AM_EV_STATE_GAIN;
		ev.actor = (int32_t)actor;
		ev.action = (int32_t)action;
		ev.target = (int32_t)target;
		ev.state = st;
		ev.value = n;
		ev.after = t->st[st];
		TRY(am_engine_emit_ex(e, &ev));
	}
	return 0;
}

/*
 * The work of a battle (am_battle_opts max_work, BU-POP-3): w more, before
 * what it counts is carried out (each actor of a step not empty, in the
 * step functions, schedule.c; a 全体化 support's reach, am_step_support;
 * a step's volleys, reach_volleys; a dormant jump's steps,
 * am_shortcuts_dormant_work).  AM_ELIMIT when that would pass the bound
 * (the battle stops there).
 */
int am_work_over(am_engine *e, uint64_t w);

AM_HOT_INLINE int am_work(am_engine *e, uint64_t w)
{
	/* w ≤ 2^32 (units < 2^32) and the work left ≥ 0: one subtraction
	 * and its sign (the error path out of line) */
	e->work_left -= (int64_t)w;
	if (__builtin_expect(e->work_left < 0, 0))
		return am_work_over(e, w);
	return 0;
}

/* am_work of units × kinds (a step's volleys at a side: BU-POP-3). */
static inline int am_work_reach(am_engine *e, uint64_t units, uint64_t kinds)
{
	uint64_t w;

	if (__builtin_mul_overflow(units, kinds, &w) ||
	    w > (uint64_t)e->work_left)
		return am_work_over(e, 0);
	return am_work(e, w);
}

/*
 * Append an attack to (*arr, *n, *cap) (a tempo's hits): target is a unit
 * id, or -1 for the front-most living unit of aim_side when it resolves
 * (AM-TEMPO-1, BU-LINE-1).  AM_ELIMIT past opts->max_hits (BU-POP-2;
 * a 全体化 volley is one record unless opts->expand_hits: BU-ALL-3),
 * AM_ENOMEM.
 */
static inline int am_tempo_push_hit(am_engine *e, hit **arr, size_t *n,
                                    size_t *cap, uint32_t attacker,
                                    uint32_t action, int64_t target,
                                    int aim_side)
{
	hit *h;

	UT_ASSERT(aim_side == 0 || aim_side == 1);
	UT_ASSERT(target < 0 || (uint64_t)target < e->nunits);
	if (*n >= e->opts->max_hits)
		return ut_error_set(AM_ELIMIT,
		                    "limit of %zu attack records in one tempo "
		                    "reached",
		                    e->opts->max_hits);
	if (*n + 1 > *cap)
		TRY(UT_ARRAY_RESERVE(*arr, *cap, *n + 1));
	h = &(*arr)[(*n)++];
	memset(h, 0, sizeof(*h));
	h->attacker = attacker;
	h->action = action;
	h->target = (int32_t)target;
	h->aim_side = (uint8_t)aim_side;
	h->seq = (uint32_t)(*n - 1);
	return 0;
}

/* The spent (リミテッド, used) slots of u, one bit each (AM-CUST-1). */
static inline uint64_t *am_step_spent_bits(am_engine *e, const unit *u)
{
	return e->bits + u->bits;
}

/*
 * A new turn for unit u: nothing used yet (AM-STEP-2); the slots usable at
 * its age (AM-TURN-2, AM-CUST-2, AM-CUST-3, BU-BUILD-3: the age counts
 * from the unit's build turn).  A unit with at most 64 slots keeps the
 * usable ones as a bit mask (active this turn and not spent), so that
 * deciding is one count-trailing-zeros.  A larger unit keeps a cursor
 * instead: within a turn, the slots before the first usable one stay
 * unusable (used, spent or not yet active), so the cursor only moves on,
 * and a turn costs O(slots) however many steps the unit takes.
 */
static inline void am_schedule_new_turn(am_engine *e, unit *u)
{
	int64_t age = e->turn - u->born; /* 0 ≤ age ≤ AM_LAST_TURN */

	UT_ASSERT(age >= 0 && age <= AM_LAST_TURN);
	if (u->nslots > 64) {
		u->avail = 0; /* the cursor */
		return;
	}
	u->avail = u->nslots ? e->sides[u->side].prog->masks[u->defi][age] &
	                           ~*am_step_spent_bits(e, u)
	                     : 0;
}

/*
 * Decide the action of unit id (AM-STEP-2, AM-SIM-1, AM-STATE-2, AM-CUST-1;
 * RULINGS A5): AP − 1; スタン → スタン processing; else the first slot active
 * this turn (AM-TURN-2, BU-BUILD-3), unused this turn and not spent, which
 * becomes used (and spent if リミテッド).
 */
AM_HOT_INLINE int32_t am_step_decide(am_engine *e, uint32_t id)
{
	unit *u = &e->units[id];
	const slot *sl = u->slots;
	uint64_t *spent;
	int64_t age;
	uint32_t i;

	UT_ASSERT(u->alive && u->ap >= 1); /* an actor (next_actors) */
	u->ap--;
	if (u->st[AM_STATE_STUN] > 0)
		return -2;
	if (u->nslots <= 64) {
		if (!u->avail)
			return -1;
		i = (uint32_t)__builtin_ctzll(u->avail);
		u->avail &= u->avail - 1;
		if (sl[i].limited) {
			UT_ASSERT(u->live > 0); /* live counts unspent slots */
			*am_step_spent_bits(e, u) |= (uint64_t)1 << i;
			u->live--;
		}
		return (int32_t)i;
	}
	spent = am_step_spent_bits(e, u);
	age = e->turn - u->born;
	for (i = (uint32_t)u->avail; i < u->nslots; i++) {
		uint64_t m = (uint64_t)1 << (i & 63);
		if ((spent[i / 64] & m) || sl[i].start > age)
			continue;
		u->avail = i + 1;
		if (sl[i].limited) {
			spent[i / 64] |= m;
			u->live--;
		}
		return (int32_t)i;
	}
	u->avail = u->nslots;
	return -1;
}

/* The slot i of unit id. */
static inline const slot *am_step_slot_of(am_engine *e, uint32_t id, int32_t i)
{
	UT_ASSERT(i >= 0 && (uint32_t)i < e->units[id].nslots);
	return e->units[id].slots + i;
}

/*
 * Count 0 ≤ n ≤ INT64_MAX more steps at once (a shortcut: AM-STEP-3).  The
 * step count stays within INT64_MAX (front ends print it as a signed 64-bit
 * number): AM_EOVERFLOW past it (AM-ARITH-1), the count left as it was, so
 * that the result's steps and any later count stay within it too (the
 * count was stored past it, and a debug build stopped on this assertion at
 * the next call: embedding review 2026-12-06); steps played one by one
 * count with am_step_next.
 */
/* One more step played (the STEP_BEGIN of a step): AM_EOVERFLOW when the
 * count is already INT64_MAX, which shortcuts can bring it near (the
 * steps of turns skipped of units of 素早さ 2⁶²: embedding review
 * 2026-12-06, the count went past it). */
static inline int am_step_next(am_engine *e)
{
	if (e->step >= INT64_MAX)
		return am_shortcuts_steps_overflow();
	e->step++;
	return 0;
}

static inline int am_shortcuts_add_steps(am_engine *e, int64_t n)
{
	UT_ASSERT(n >= 0 && e->step <= INT64_MAX);
	if ((uint64_t)n > (uint64_t)INT64_MAX - e->step)
		return am_shortcuts_steps_overflow();
	e->step += (uint64_t)n;
	return 0;
}

/*
 * AM-STEP-3, the idle turn.
 * After the AP phase, when (`busy` false) no living unit has a usable
 * action this turn and none is stunned: 1 when the whole action phase was
 * counted as empty and skipped (shortcuts on, no callback, a population
 * small enough to count), 0 when it must be played, or AM_EOVERFLOW.
 * (A shortcuts.c function, inline because it runs every turn.)
 */
static inline int am_shortcuts_idle_turn(am_engine *e, int busy)
{
	if (!e->shortcuts || busy || e->cb || e->nunits > SCAN_UNITS)
		return 0;
	return am_shortcuts_skip_turn(e);
}

/*
 * AM-STEP-3, idle steps.
 * After a step in which every actor had nothing to do: until their AP runs
 * out, nothing can change for them (only their own actions could, and none
 * is usable this turn; without スタン, no state of theirs acts), and they keep
 * the highest 素早さ, so their remaining steps are all empty.  Play them at
 * once: the same steps, the same events, without deciding each again.
 * (A shortcuts.c function, inline because it runs after every empty step.)
 */
static inline int am_shortcuts_idle_steps(am_engine *e, size_t n)
{
	int64_t most = 0;
	size_t i;

	for (i = 0; i < n; i++)
		if (e->units[e->dec[i].actor].ap > most)
			most = e->units[e->dec[i].actor].ap;
	if (!e->cb)
		TRY(am_shortcuts_add_steps(e, most));
	else
		TRY(am_shortcuts_tell_idle_steps(e, n, most));
	for (i = 0; i < n; i++)
		e->units[e->dec[i].actor].ap = 0;
	return 0;
}

/*
 * Targets of a support (AM-SUP-1, BU-TARGET-1, BU-ALL-1; RULINGS A7, B3):
 * self; 対象Ｎ: the unit Ｎ places forward (+) or back (−) in the actor's
 * line, clamped to the ends, with no effect when it is dead; 全体化: every
 * living ally, self included.
 * (A step.c function, inline because a support is in most steps.)
 */
static inline int am_step_support(am_engine *e, uint32_t actor,
                                  const slot *sl)
{
	const am_action *a = sl->act;
	unit *u = &e->units[actor];
	size_t i, n;

	if (a->all) {
		/* the work of its reach (am_work) */
		TRY(am_work(e, e->sides[u->side].nliving));
		TRY(am_roster_living_line(e, u->side, &n));
		for (i = 0; i < n; i++)
			TRY(am_step_support_on(e, actor, sl, e->tmp[i]));
		return 0;
	}
	if (a->target) {
		/* forward = towards the front = smaller position; clamp
		 * without ever computing pos − Ｎ out of range */
		int64_t pos = am_roster_position(e, actor), p;
		int64_t last = (int64_t)am_roster_line_size(e, u->side) - 1;
		uint32_t t;
		if (a->target > 0)
			p = a->target > pos ? 0 : pos - a->target;
		else
			p = a->target < pos - last ? last : pos - a->target;
		t = am_line_kth(e->nodes, e->sides[u->side].root, (uint32_t)p);
		if (!e->units[t].alive) {
			EMIT(AM_EV_NO_TARGET, actor, sl->index, t, 0, 0);
			return 0;
		}
		return am_step_support_on(e, actor, sl, t);
	}
	return am_step_support_on(e, actor, sl, actor);
}

#endif
