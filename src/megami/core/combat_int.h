/*
 * combat_int.h - the inside of an mg_combat, shared by combat.c (rounds,
 * turns, the action budget), resolve.c (moves, 離脱, attacks, とどめ,
 * armor), policy.c (the built-in policy) and quiet.c (the flat quiet
 * rounds: mg_quiet_flat, and what it derives and counts).  Private to
 * src/megami/core.
 */
#ifndef MG_COMBAT_INT_H
#define MG_COMBAT_INT_H

#include <stdint.h>

#include "megami/combat.h"

/* One character's changing state. */
typedef struct mg_cchar {
	int64_t hp;
	int64_t pos;
	int side;          /* the scenario's, kept here for compact loops */
	mg_state state;
	mg_status status;
	int has_init;
	int waited;
	int64_t init;
	int64_t idice[2];
} mg_cchar;

/* What the policy reads of one attack (MG-POLICY-1). */
typedef struct mg_catk {
	int64_t range, damage;
	uint32_t a;          /* its index in the character's attacks */
	uint32_t ka;         /* its index in the combat's (mg_combat atk0) */
	unsigned char area;  /* MG_AREA_ENGAGEMENT */
	unsigned char magic; /* MG_KIND_MAGIC (quiet.c) */
	unsigned char complex; /* MG_TIMING_COMPLEX (quiet.c) */
	/* in the fronts (mg_qchar f, af) when the flat rounds can play:
	 * c->check[ka], and the row of c->mods of this attack (its
	 * modifier against t: mods[t].mod) */
	int64_t check;
	const struct mg_cmod *mods;
} mg_catk;

/* What the engine derives once from a character of the scenario
 * (mg_combat_new): read by the policy and the rules in their loops. */
typedef struct mg_cconst {
	int64_t istat;       /* 行動 (MG_STAT_INITIATIVE) */
	int64_t evasion, resistance; /* MG_STAT_EVASION, MG_STAT_RESISTANCE */
	int64_t maxr_normal; /* the longest range of a 通常 attack; -1: none */
	int64_t maxr_complex;/* the longest range of a 複雑 attack; -1: none */
	int64_t maxr_all;    /* the longest range of any attack; -1: none */
	int64_t maxr_move;   /* max(0, every attack's range): MG-POLICY-2 */
	int64_t allow;       /* mg_allowance (MG-MOVE-1); -1: it overflows */
	/* its attacks in order: all[0 .. nall), the 通常 ones
	 * norm[0 .. nnorm), the 複雑 ones cplx[0 .. ncplx) (in c->catk) */
	const mg_catk *all, *norm, *cplx;
	size_t nall, nnorm, ncplx;
} mg_cconst;

/* The armor modifier of one attack against one target (MG-ARMOR-1),
 * from mg_armor_modifier. */
typedef struct mg_cmod {
	int64_t mod;
	int attr, armor_attr;
} mg_cmod;

/* The flat quiet rounds (quiet.c: mg_quiet_flat) hold at most this many
 * characters: one bit each in a 64-bit mask. */
#define MG_QFLAT_MAX 64

/* What the flat quiet rounds read of the scenario, derived once
 * (quiet.c: mg_quiet_derive): ok when they can play it (at most MG_QFLAT_MAX characters, the table
 * of armor modifiers kept, every value of the scenario they compute with
 * within ±MG_QFLAT_BOUND, so that no sum of theirs overflows); the
 * enemies of each side as a mask (bit j: character j); each character's
 * sort key without its dice (行動 · 4096 + (63 − its tie rank) · 64 + its
 * index: MG-INIT-2, the index in the low bits). */
#define MG_QFLAT_BOUND ((int64_t)1 << 40)
/* The farthest from 0 a position may be when the flat rounds begin
 * (quiet.c): the distance of two is then at most 2^63, so a test of
 * range in unsigned arithmetic is exact; their moves (toward an enemy,
 * never past it) keep every position between the ones they began with. */
#define MG_QFLAT_POS_BOUND ((int64_t)1 << 62)
/* The lowest HP the flat rounds start a round with (quiet.c). */
#define MG_QFLAT_HP_FLOOR (-((int64_t)1 << 61))
/* What the flat rounds read of one character, in one 128-byte block
 * (its index a shift, its fields one base).  Its fronts (quiet.c:
 * choose): of all its attacks (f[0]) and of its 通常 ones (f[1]), the ones
 * that can be the best against a target (MG-POLICY-1 with one hit
 * each): by damage, high first, then attack order, each kept when its
 * range is longer than every one before it (so the first that covers a
 * distance is the best at it); af[0], af[1]: the same of the area
 * attacks alone.  lim[x], alim[x]: the longest range of f[x], af[x]
 * plus 1 as unsigned (0: none), so a distance d is covered by an attack
 * of the front when d < lim. */
typedef union mg_qchar {
	struct {
		const mg_catk *f[2], *af[2];
		uint64_t lim[2], alim[2];
		uint64_t fmask; /* its enemies: mg_qflat foe[other side] */
		/* its sort key without dice (MG-INIT-2: mg_quiet_derive) */
		int64_t kbase;
		/* the bases of its defence: def[magic], 回避 and 抵抗 against
		 * a physical and a magic attack (MG-ATTACK-3) */
		int64_t def[2];
		int64_t maxr_move, allow; /* mg_cconst's (MG-POLICY-2) */
		unsigned char one[2]; /* f[x] holds one attack */
		unsigned char atk;    /* it has an attack (MG-POLICY-4) */
		unsigned char finish; /* it gives とどめ (MG-POLICY-3) */
	};
	unsigned char line[128]; /* the size, with 4- or 8-byte pointers */
} mg_qchar;
_Static_assert(sizeof(mg_qchar) == 128, "mg_qchar fills 128 bytes");

typedef struct mg_qflat {
	int ok;
	int why;           /* !ok: MG_QP_NOFLAT_* (the first reason) */
	/* the most events one round can take: a round is played flat only
	 * while the event budget holds them (MG-BUDGET-1) */
	uint64_t bound;
	uint64_t foe[2];
	/* what they read of each character (n, allocated by
	 * mg_combat_new) */
	mg_qchar *qc;
	/* the characters as the scenario starts them (mg_combat ch0), as
	 * mg_quiet_flat takes them in: the able and 戦闘不能 masks, whether an
	 * HP or a position is beyond the flat rounds' bounds */
	uint64_t able0, down0, absent0;
	int low0;
	/* one character against one (quiet.c: mg_quiet_flat plays it in
	 * a loop of its own) */
	int duel;
} mg_qflat;

/* Paths of the quiet run counted in debug builds (mg_combat qpath), so
 * that tests/megami/test_fused.c can prove its scenarios reach each. */
enum mg_qpath {
	MG_QP_FLAT_ROUND = 0, /* a round of mg_quiet_flat */
	MG_QP_FLAT_LIMIT,     /* its stretch ends at the round limit */
	MG_QP_FLAT_BUDGET,    /* ... when the budget may not hold a round */
	MG_QP_FLAT_LOWHP,     /* ... when an HP is below MG_QFLAT_HP_FLOOR */
	MG_QP_FLAT_FAR,       /* none: a position beyond MG_QFLAT_POS_BOUND */
	MG_QP_FLAT_OVER,      /* ... when the combat is decided */
	MG_QP_FLAT_TIE,       /* equal initiatives (the tie rank decides) */
	MG_QP_FLAT_SKIP,      /* a 戦闘不能 character's turn skipped */
	MG_QP_FLAT_NOATK,     /* a character without attacks */
	MG_QP_FLAT_SINGLE,    /* a single-target attack */
	MG_QP_FLAT_AREA,      /* an area attack on two targets or more */
	MG_QP_FLAT_AREA_DOWN, /* ... that hits a 戦闘不能 one without a roll */
	MG_QP_FLAT_FUMBLE,    /* an attack judgement of 2 */
	MG_QP_FLAT_CRIT,      /* ... of 12 */
	MG_QP_FLAT_MOVE,      /* a 戦闘移動 */
	MG_QP_FLAT_MOVE_ATK,  /* ... then an attack */
	MG_QP_FLAT_FULL,      /* a 全力移動 */
	MG_QP_FLAT_NOMOVE,    /* a move of 0 m not made (MG-POLICY-3) */
	MG_QP_FLAT_FINISH,    /* a とどめ */
	MG_QP_FLAT_KILL,      /* ... that kills */
	MG_QP_FLAT_NOTHING,   /* a main process with nothing done */
	MG_QP_FLAT_NOFOE,     /* a turn with no able enemy, one to come */
	MG_QP_FLAT_ENTRY,     /* its stretch ends before a round with an
	                         entry or nobody able (MG-ENTER-1) */
	MG_QP_FLAT_CHOOSE_NONE,  /* choose: no attack in the set */
	MG_QP_FLAT_CHOOSE_SOLE,  /* ... one able enemy */
	MG_QP_FLAT_CHOOSE_ONE,   /* ... a front of one, no area attack */
	MG_QP_FLAT_CHOOSE_FRONT, /* ... a longer front, no area attack */
	MG_QP_FLAT_CHOOSE_AREA,  /* ... an area attack in the set */
	MG_QP_FLAT_IN_START,  /* the flat loop takes in the characters as
	                       * the scenario starts them (mg_combat fresh) */
	MG_QP_FLAT_IN_STATE,  /* ... as a round or a person left them */
	MG_QP_FLAT_DUEL,      /* the flat loop of one against one */
	MG_QP_NOFLAT_MANY,    /* the step machine plays the round: more
	                       * than MG_QFLAT_MAX, the table of armor
	                       * modifiers kept */
	MG_QP_NOFLAT_NOMODS,  /* ... no table of armor modifiers */
	MG_QP_NOFLAT_BIG,     /* ... a value beyond MG_QFLAT_BOUND */
	MG_QP_NOFLAT_ENTER,   /* ... a character enters in it (MG-ENTER-1) */
	MG_QP_COUNT
};

#ifndef NDEBUG
#define MG_QPATH(c, p) ((c)->qpath[p]++)
#else
#define MG_QPATH(c, p) ((void)0)
#endif

/* Where mg_combat_next stands. */
enum mg_phase {
	MG_PH_START = 0, /* before round 1: the first end check */
	MG_PH_ROUND,     /* a round is to begin (or the limit is reached) */
	MG_PH_TURNS,     /* the next character of the initiative order */
	MG_PH_MAIN,      /* inside a main process: ask for its next action */
	MG_PH_RESUME,    /* after a main process: ask the waiting characters */
	MG_PH_LATE,      /* end of the round: the still waiting ones act */
	MG_PH_OVER,
	MG_PH_FAILED
};

struct mg_combat {
	const mg_scenario *s;
	mg_combat_opts opts;
	size_t n;
	mg_cchar *ch;
	/* the characters as the scenario starts them, and the able of each
	 * side then (derive: MG-END-2; mg_combat_restart copies them) */
	mg_cchar *ch0;
	size_t able0[2];
	/* the characters of each side yet to enter (MG-ENTER-1), at the
	 * start and now: a side with one to come is still in the combat */
	size_t coming0[2], coming[2];
	mg_cconst *k;      /* per character, from the scenario */
	/* the characters of each side's enemies in scenario order: enemies
	 * of side s are foe[s][0 .. nfoe[s]) (sides never change); both
	 * lists are in foebuf */
	uint32_t *foebuf;
	const uint32_t *foe[2];
	size_t nfoe[2];
	/* attack a of character i is attack atk0[i] + a of the scenario;
	 * check[that] its judgement's base (M5); mods[that · n + t] its
	 * armor modifier against t, or mods is NULL when the table would be
	 * large (MG_MODS_MAX entries): then mg_armor_modifier computes it */
	size_t *atk0;
	mg_catk *catk;     /* the lists of mg_cconst all, norm, cplx, f, af */
	int64_t *check;
	mg_cmod *mods;
	uint32_t *order;   /* this round's initiative order */
	size_t norder;
	uint32_t *targets; /* scratch: the targets of one attack */
	unsigned char *hit;
	int phase;
	int64_t round;
	size_t turn;       /* MG_PH_TURNS: next index into order */
	size_t resume_i;   /* MG_PH_RESUME: next index into order to ask */
	size_t able[2];    /* able characters per side */
	size_t nwaiting;   /* characters in 待機 this round */
	/* the main process under way */
	uint32_t actor;
	int nsimple, nnormal, ncomplex;
	int resumed;       /* it resumes a 待機 */
	int late;          /* played at the end of the round */
	int acted;         /* an action was taken (for MG_EV_NOTHING) */
	int cut;           /* a side has nobody able: the process ends now */
	mg_result result;
	uint64_t nevents;  /* events so far (MG-BUDGET-1) */
	int rc;            /* MG_PH_FAILED: the error */
	char err[512];
	mg_roll_info roll; /* the roll under way (mg_combat_rolling) */
	mg_refusal refusal;/* the last refusal (mg_combat_refusal) */
	/* the quiet run (mg_combat_run without an event callback, dice from
	 * the generator): nothing outside the engine runs until it returns,
	 * so the dice come from a copy of the generator here, the rolls are
	 * not described in roll (nobody can ask mg_combat_rolling), and both
	 * go back to opts.dice when the run returns */
	int quiet;
	size_t qrolled;    /* dice rolled in the quiet run */
	ut_rng rng;        /* the generator during the quiet run */
	mg_qflat qf;       /* quiet.c */
	/* the characters are as the scenario starts them (ch == ch0):
	 * set by mg_combat_restart, cleared when a round begins, by the
	 * step machine (begin_round) or the flat loop (mg_quiet_flat) */
	int fresh;
#ifndef NDEBUG
	uint64_t qpath[MG_QP_COUNT]; /* enum mg_qpath, since mg_combat_new */
#endif
};

/* quiet.c: c->qf and the fronts of c->k (q), from the rest of what
 * mg_combat_new derives (the attack lists, c->check, c->mods). */
void mg_quiet_derive(mg_combat *c);

/* quiet.c: play whole rounds of the quiet run from phase MG_PH_ROUND
 * (c->quiet, c->qf.ok, before the round limit, the budget holding
 * c->qf.bound events) in one flat loop, while that holds and every HP is
 * at least MG_QFLAT_HP_FLOOR, as the step machine plays them (the same
 * dice, event count, states), with the generator and the characters'
 * changing state in locals, copied back when it returns.  Returns 1 when
 * the combat is decided (the caller ends it: finish), 0 after some
 * rounds with the phase at MG_PH_ROUND, -1 when it played none (an HP
 * below the floor, a position beyond MG_QFLAT_POS_BOUND: the step
 * machine plays the round).  It cannot fail
 * (c->qf.ok: no sum overflows). */
int mg_quiet_flat(mg_combat *c);

/* The paths counted in debug builds (enum mg_qpath) into out; 0, or -1
 * in builds without them (NDEBUG).  For tests/megami/test_fused.c. */
int mg_combat_qpaths(uint64_t out[MG_QP_COUNT], const mg_combat *c);

/* MG-ROUND-3: the budget (M4): one 簡易 + one 通常, two 簡易, or one
 * 複雑: what the main process still allows. */
static inline int mg_budget_simple(const mg_combat *c)
{
	return c->ncomplex == 0 && c->nsimple + c->nnormal < 2;
}

static inline int mg_budget_normal(const mg_combat *c)
{
	return c->ncomplex == 0 && c->nnormal == 0 && c->nsimple < 2;
}

static inline int mg_budget_complex(const mg_combat *c)
{
	return c->nsimple + c->nnormal + c->ncomplex == 0;
}

/* |a - b| without overflow. */
static inline uint64_t mg_dist(int64_t a, int64_t b)
{
	return a >= b ? (uint64_t)a - (uint64_t)b : (uint64_t)b - (uint64_t)a;
}

/* Does a range (≥ 0) cover distance d? */
static inline int mg_in_range(uint64_t d, int64_t range)
{
	return range >= 0 && d <= (uint64_t)range;
}

/* MG-END-1, MG-ENTER-3: is the combat decided, a side with nobody able
 * and nobody yet to enter? */
static inline int mg_decided(const mg_combat *c)
{
	return (!c->able[MG_SIDE_PC] && !c->coming[MG_SIDE_PC]) ||
	       (!c->able[MG_SIDE_NPC] && !c->coming[MG_SIDE_NPC]);
}

/* MG-ENTER-1: the first round in which a character yet to enter comes
 * into the scene (its enters; begin_round lets in all of a round's),
 * INT64_MAX when nobody is to come. */
static inline int64_t mg_enter_next(const mg_combat *c)
{
	int64_t next = INT64_MAX;
	size_t i;

	if (c->coming[MG_SIDE_PC] || c->coming[MG_SIDE_NPC])
		for (i = 0; i < c->n; i++)
			if (c->ch[i].state == MG_STATE_ABSENT &&
			    c->s->characters[i].enters < next)
				next = c->s->characters[i].enters;
	return next;
}

/* An event with every field "none". */
void mg_event_init(mg_event *ev, const mg_combat *c, mg_event_kind kind);

/* MG-BUDGET-1: the event budget is spent: MG_ELIMIT, error set. */
int mg_event_limit(const mg_combat *c);

/* MG-BUDGET-1: count one event that is about to happen: MG_ELIMIT (error
 * set) when it would pass opts.max_events; else 1 when a callback takes
 * events (build it and mg_emit it), 0 when nobody listens.  Every event
 * counts, whether a callback takes it or not, so a combat stops at the
 * same event with and without a log. */
static inline int mg_event_due(mg_combat *c)
{
	if (c->nevents >= c->opts.max_events)
		return mg_event_limit(c);
	c->nevents++;
	return c->opts.on_event != NULL;
}

/* Hand ev to the callback; MG_ERROR (error set) when it says stop. */
int mg_emit(mg_combat *c, const mg_event *ev);

/* One d6 from a list or a callback (ut_dice_roll) into *v: 0, or the
 * source's error (MG-STOP-1). */
int mg_roll_source(mg_combat *c, int64_t *v);

/* One d6 from the dice source into *v (0, or the source's error); it is
 * die roll.index of c->roll, which ends with its last die.  Inline: the
 * generator's die is what ut_dice_roll does for it (a die of n sides is
 * 1 + uniform(n), docs/RANDOM.md) without the calls; a list or a callback
 * (a tracker, a replay) goes through ut_dice_roll. */
static inline int mg_roll(mg_combat *c, int64_t *v)
{
	ut_dice *d;

	if (c->quiet) {
		*v = 1 + (int64_t)ut_rng_uniform(&c->rng, 6);
		c->qrolled++;
		return 0;
	}
	d = c->opts.dice;
	if (!d->fixed && !d->fn) {
		*v = 1 + (int64_t)ut_rng_uniform(&d->rng, 6);
		d->rolled++;
	} else {
		int rc = mg_roll_source(c, v);
		if (rc < 0)
			return rc;
	}
	/* MG-TRACK-7: the roll under way, for the next die's prompt */
	if (c->roll.index < 2)
		c->roll.rolled[c->roll.index] = *v;
	if (++c->roll.index >= c->roll.ndice)
		c->roll.kind = MG_ROLL_NONE;
	return 0;
}

/* A roll of ndice dice begins: what it is for (mg_combat_rolling). */
static inline void mg_roll_begin(mg_combat *c, mg_roll_kind kind,
                                 uint32_t who, int32_t against,
                                 int32_t attack, int ndice, int64_t modifier)
{
	if (c->quiet)
		return;
	c->roll.kind = kind;
	c->roll.who = (int32_t)who;
	c->roll.against = against;
	c->roll.attack = attack;
	c->roll.ndice = ndice;
	c->roll.index = 0;
	c->roll.modifier = modifier;
	c->roll.has_target = 0;
	c->roll.target = 0;
	c->roll.crit_only = 0;
}

/* The largest table of armor modifiers a combat keeps (16 bytes each:
 * 1 MiB; 20 against 20 with 4 attacks each takes 6,400 entries).  Without
 * it the flat rounds cannot play (mg_qflat). */
#define MG_MODS_MAX 65536

/* 5 + 行動, at least 0 (M8.4); MG_EOVERFLOW. */
int mg_allowance(int64_t *out, const mg_character *ch);

/* What the built-in policy reads of a main process's budget: the fields
 * of an MG_ASK_ACTION ask (MG-ROUND-3). */
typedef struct mg_budget {
	int simple, normal, complex;    /* what is still allowed */
	int nsimple, nnormal, ncomplex; /* what was taken */
} mg_budget;

/* policy.c: the default policy's action for character i (able, in its
 * main process) with budget b; 0, or an error (an overflow). */
int mg_policy_main(mg_action *out, const mg_combat *c, uint32_t i,
                   const mg_budget *b);

/* resolve.c: the actions, validated by the caller. */
int mg_resolve_move(mg_combat *c, uint32_t i, int64_t to, int full);
int mg_resolve_attack(mg_combat *c, uint32_t i, uint32_t a, uint32_t t);
int mg_resolve_finish(mg_combat *c, uint32_t i, uint32_t a, uint32_t t);

#endif
