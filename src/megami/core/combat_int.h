/*
 * combat_int.h - the inside of an mg_combat, shared by combat.c (rounds,
 * turns, the action budget), resolve.c (moves, 離脱, attacks, とどめ,
 * armor) and policy.c (the built-in policy); and the parts of the quiet
 * round (combat.c: quiet_round) that it takes inline: the policy's choice
 * of an attack (mg_policy_quiet) and a single-target attack
 * (mg_quiet_attack); and what the flat quiet rounds (quiet.c:
 * mg_quiet_flat) derive and count.  Private to src/megami/core.
 */
#ifndef MG_COMBAT_INT_H
#define MG_COMBAT_INT_H

#include <stdint.h>

#include "megami/combat.h"
#include "util/ckd.h"

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
} mg_catk;

/* One set of attacks as the quiet policy reads it (mg_cconst q). */
typedef struct mg_qset {
	const mg_catk *f, *af; /* its fronts: all, area */
	int64_t maxr, amaxr;   /* the longest range of each; -1: none */
	/* maxr + 1, amaxr + 1 as unsigned (0: none): d is covered by
	 * some attack of the front when d < lim (quiet.c) */
	uint64_t lim, alim;
} mg_qset;

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
	/* the quiet policy's fronts (mg_policy_quiet): of all attacks
	 * (q[0].f) and of the 通常 ones (q[1].f), the ones that can be the
	 * best against a target (MG-POLICY-1 with one hit each): by damage,
	 * high first, then attack order, each kept when its range is longer
	 * than every one before it (so the first that covers a distance is
	 * the best at it); q[0].af, q[1].af: the same of the area attacks
	 * alone */
	mg_qset q[2];
} mg_cconst;

/* An able enemy as the quiet round's policy reads it (mg_combat qv). */
typedef struct mg_qfoe {
	int64_t pos, hp;
	uint32_t j;          /* the character */
} mg_qfoe;

/* The armor modifier of one attack against one target (MG-ARMOR-1),
 * from mg_armor_modifier. */
typedef struct mg_cmod {
	int64_t mod;
	int attr, armor_attr;
} mg_cmod;

/* The flat quiet rounds (quiet.c: mg_quiet_flat) hold at most this many
 * characters: one bit each in a 64-bit mask. */
#define MG_QFLAT_MAX 64

/* What the flat quiet rounds read of the scenario, derived once (derive):
 * ok when they can play it (at most MG_QFLAT_MAX characters, the table
 * of armor modifiers kept, every value of the scenario they compute with
 * within ±MG_QFLAT_BOUND, so that no sum of theirs overflows); the
 * enemies of each side as a mask (bit j: character j); each character's
 * sort key without its dice (行動 · 4096 + (63 − its tie rank) · 64 + its
 * index: MG-INIT-2, the index in the low bits). */
#define MG_QFLAT_BOUND ((int64_t)1 << 40)
/* The lowest HP the flat rounds start a round with (quiet.c). */
#define MG_QFLAT_HP_FLOOR (-((int64_t)1 << 61))
typedef struct mg_qflat {
	int ok;
	int why;           /* !ok: MG_QP_NOFLAT_* (the first reason) */
	uint64_t foe[2];
	uint64_t fmask[MG_QFLAT_MAX]; /* fmask[i]: foe[side of i] */
	int64_t *kbase;
} mg_qflat;

/* Paths of the quiet run counted in debug builds (mg_combat qpath), so
 * that tests/megami/test_fused.c can prove its scenarios reach each. */
enum mg_qpath {
	MG_QP_FLAT_ROUND = 0, /* a round of mg_quiet_flat */
	MG_QP_FLAT_LIMIT,     /* its stretch ends at the round limit */
	MG_QP_FLAT_BUDGET,    /* ... when the budget may not hold a round */
	MG_QP_FLAT_LOWHP,     /* ... when an HP is below MG_QFLAT_HP_FLOOR */
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
	MG_QP_NOFLAT_MANY,    /* quiet_round: more than MG_QFLAT_MAX, the
	                       * table of armor modifiers kept */
	MG_QP_NOFLAT_NOMODS,  /* ... no table of armor modifiers */
	MG_QP_NOFLAT_BIG,     /* ... a value beyond MG_QFLAT_BOUND */
	MG_QP_STEP_ROUND,     /* a round of quiet_round */
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
	/* quiet_round (combat.c): the most events one round can take
	 * (derive), and each character's place among equal initiatives
	 * (MG-INIT-2's ties: higher 行動, PC first, scenario order) */
	uint64_t qbound;
	uint32_t *rank;
	/* quiet_round's views of the able enemies: those of side s, in
	 * scenario order, with their positions and HP, are qv[s][0 ..
	 * nqv[s]) (in qvbuf, laid out as foebuf); qslot[j]: j's place in
	 * the view that holds it.  Built by the first quiet round of a
	 * mg_combat_run (qv_ok 0), kept as the quiet rounds' actions change
	 * HP, 戦闘不能 and positions (mg_qv_*), dropped (qv_ok 0) when the
	 * step machine plays a main process; never read outside quiet_round
	 * (a person and the step machine change the characters without it) */
	int qv_ok;
	mg_qfoe *qvbuf;
	mg_qfoe *qv[2];
	size_t nqv[2];
	uint32_t *qslot;
	mg_qflat qf;       /* quiet.c */
#ifndef NDEBUG
	uint64_t qpath[MG_QP_COUNT]; /* enum mg_qpath, since mg_combat_new */
#endif
};

/* quiet.c: play whole rounds of the quiet run from phase MG_PH_ROUND
 * (quiet_ok holds, c->qf.ok) in one flat loop, while quiet_ok holds and
 * every HP is at least MG_QFLAT_HP_FLOOR, as quiet_round plays them (the
 * same dice, event count, states), with the generator and the characters'
 * changing state in locals, copied back when it returns.  Returns 1 when
 * the combat is decided (the caller ends it: finish), else 0 with the
 * phase at MG_PH_ROUND.  It cannot fail (c->qf.ok: no sum overflows). */
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

/* j's entry in the view that holds able character j (its enemies'). */
static inline mg_qfoe *mg_qv_of(mg_combat *c, uint32_t j)
{
	return &c->qv[1 - c->ch[j].side][c->qslot[j]];
}

/* Able character j has fallen (戦闘不能): out of its enemies' view, the
 * order of the others kept. */
static inline void mg_qv_remove(mg_combat *c, uint32_t j)
{
	const int s = 1 - c->ch[j].side;
	mg_qfoe *v = c->qv[s];
	size_t k;

	for (k = c->qslot[j]; k + 1 < c->nqv[s]; k++) {
		v[k] = v[k + 1];
		c->qslot[v[k].j] = (uint32_t)k;
	}
	c->nqv[s]--;
}

/* The largest table of armor modifiers a combat keeps (16 bytes each). */
#define MG_MODS_MAX 4096

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

/* policy.c: mg_policy_quiet when no attack is possible: MG-POLICY-2 (a
 * move, planned from the view) and MG-POLICY-3 as mg_policy_main. */
int mg_policy_quiet_other(mg_action *out, const mg_combat *c, uint32_t i,
                          int first);

/* mg_policy_main for character i (able, with attacks) in a main process
 * of the quiet round (combat.c: quiet_round) with nothing taken (first 1)
 * or one 戦闘移動 taken (first 0): sets out->kind and, as that kind needs,
 * out->attack and out->target, or out->to.  0, or the policy's error.
 * Inline: its call cost a fifth of it.
 *
 * MG-POLICY-1 in the quiet round: best_candidate's choice from the view
 * of the able enemies (mg_combat qv) and the fronts of mg_cconst.
 * Against each able enemy j in range, the best attack with
 * one hit is the first of the front that covers the distance; an area
 * attack that covers it hits every able enemy at j's position, so when
 * those are two or more the best area attack (the first of the area
 * front that covers it) beats every single hit.  The enemies are tried in
 * order and a later one wins only when strictly better: best_candidate's
 * first of equals. */
static inline int mg_policy_quiet(mg_action *out, const mg_combat *c,
                                  uint32_t i, int first)
{
	const mg_cconst *me = &c->k[i];
	const int side = c->ch[i].side;
	const mg_qfoe *v = c->qv[side];
	const size_t nv = c->nqv[side];
	const int64_t pos = c->ch[i].pos;
	const mg_qset *q = &me->q[!first];
	const mg_catk *fr = q->f, *af = q->af;
	const int64_t maxr = q->maxr, amaxr = q->amaxr;
	const mg_catk *best = NULL;
	size_t f, k, bhits = 0;
	int64_t bhp = 0;
	uint32_t bj = 0;

	if (maxr >= 0) {
		for (f = 0; f < nv; f++) {
			const mg_catk *e;
			size_t hits = 1;
			uint64_t d = mg_dist(pos, v[f].pos);
			if (d > (uint64_t)maxr)
				continue;
			for (e = fr; d > (uint64_t)e->range; e++)
				;
			if (amaxr >= 0 && d <= (uint64_t)amaxr) {
				const int64_t p = v[f].pos;
				for (hits = 0, k = 0; k < nv; k++)
					hits += v[k].pos == p;
				if (hits > 1)
					for (e = af; d > (uint64_t)e->range; e++)
						;
			}
			if (best && (hits != bhits ? hits < bhits :
			             e->damage != best->damage
			             ? e->damage < best->damage
			             : v[f].hp >= bhp))
				continue;
			best = e;
			bhits = hits;
			bhp = v[f].hp;
			bj = v[f].j;
		}
		if (best) {
			out->kind = MG_ACT_ATTACK;
			out->attack = best->a;
			out->target = bj;
			return 0;
		}
	}
	return mg_policy_quiet_other(out, c, i, first);
}

/* resolve.c: the actions, validated by the caller. */
int mg_resolve_move(mg_combat *c, uint32_t i, int64_t to, int full);
int mg_resolve_attack(mg_combat *c, uint32_t i, uint32_t a, uint32_t t);
int mg_resolve_finish(mg_combat *c, uint32_t i, uint32_t a, uint32_t t);

/* resolve.c: the overflows of an attack (MG-CKD-1): the error set, its
 * code returned. */
int mg_err_attack_value(const mg_combat *c, uint32_t i, uint32_t a);
int mg_err_attack_damage(const mg_combat *c, uint32_t i, uint32_t a);
int mg_err_defence(const mg_combat *c, uint32_t t);
int mg_err_real_damage(const mg_combat *c, uint32_t t, int64_t ad,
                       int64_t mod);
int mg_err_hp(const mg_combat *c, uint32_t t, int64_t real);

/* resolve.c: the armor modifier of attack a of i against t (MG-ARMOR-1)
 * when the combat keeps no table (c->mods NULL). */
int64_t mg_quiet_armor(const mg_combat *c, uint32_t i, uint32_t a,
                       uint32_t t);

/* resolve.c: mg_quiet_attack of an area attack. */
int mg_quiet_attack_area(mg_combat *c, uint32_t i, uint32_t a, uint32_t t);

/* mg_resolve_attack in the quiet run (c->quiet) when the event budget
 * provably holds every event of the attack (combat.c: quiet_round): the
 * same dice, state, event count and errors, no roll described; the
 * generator in a local copy, the events only counted.  A single-target
 * attack inline (MG-ATTACK-2, MG-ATTACK-3, MG-ATTACK-4, MG-ATTACK-5,
 * MG-ATTACK-6 for one target), an area one in resolve.c. */
static inline int mg_quiet_attack(mg_combat *c, uint32_t i, uint32_t a,
                                  uint32_t t)
{
	const mg_attack *at = &c->s->characters[i].attacks[a];
	const size_t ka = c->atk0[i] + a;
	mg_cchar *h = &c->ch[t];
	ut_rng r;
	uint64_t nev;
	size_t rolled = 2;
	int64_t value, ad, d1, d2, mod, real, hp;
	int rc = 0;

	if (at->area != MG_AREA_SINGLE)
		return mg_quiet_attack_area(c, i, a, t);
	r = c->rng;
	nev = c->nevents;
	/* MG-ATTACK-2 */
	d1 = 1 + (int64_t)ut_rng_uniform(&r, 6);
	d2 = 1 + (int64_t)ut_rng_uniform(&r, 6);
	if (ut_ckd_add(&value, c->check[ka], d1 + d2)) {
		rc = mg_err_attack_value(c, i, a);
		goto out;
	}
	nev++;
	if (d1 + d2 == 2) /* fumble */
		goto out;
	/* MG-ATTACK-3: 戦闘不能: hit without a roll */
	if (h->state == MG_STATE_ABLE) {
		const int64_t base = at->kind == MG_KIND_MAGIC
		                     ? c->k[t].resistance : c->k[t].evasion;
		int64_t dv, e;
		e = 2 + (int64_t)ut_rng_uniform(&r, 6) +
		    (int64_t)ut_rng_uniform(&r, 6);
		rolled += 2;
		if (ut_ckd_add(&dv, base, e)) {
			rc = mg_err_defence(c, t);
			goto out;
		}
		nev++;
		if (d1 + d2 == 12 ? e == 12
		                  : e == 12 || (e != 2 && dv >= value))
			goto out; /* evaded (equal values evade) */
	} else {
		nev++;
	}
	/* MG-ATTACK-4 */
	d1 = 1 + (int64_t)ut_rng_uniform(&r, 6);
	rolled++;
	if (ut_ckd_add(&ad, at->damage, d1)) {
		rc = mg_err_attack_damage(c, i, a);
		goto out;
	}
	nev++;
	/* MG-ATTACK-5 MG-ARMOR-1 */
	mod = c->mods ? c->mods[ka * c->n + t].mod : mg_quiet_armor(c, i, a, t);
	if (ut_ckd_sub(&real, ad, mod)) {
		rc = mg_err_real_damage(c, t, ad, mod);
		goto out;
	}
	if (real < 0)
		real = 0;
	if (ut_ckd_sub(&hp, h->hp, real)) {
		rc = mg_err_hp(c, t, real);
		goto out;
	}
	nev++;
	h->hp = hp;
	/* MG-ATTACK-6; MG-END-1: a side with nobody able cuts the process */
	if (h->state == MG_STATE_ABLE) {
		if (hp > 0) {
			mg_qv_of(c, t)->hp = hp;
		} else {
			mg_qv_remove(c, t);
			h->state = MG_STATE_INCAPACITATED;
			c->able[h->side]--;
			nev++;
			if (!c->able[h->side])
				c->cut = 1;
		}
	}
out:
	c->rng = r;
	c->qrolled += rolled;
	c->nevents = nev;
	return rc;
}

/* resolve.c: mg_resolve_move of able character i to `to`, chosen by the
 * policy, in the quiet round, under the same proof of the budget; keeps
 * i's place in the view of its enemies.  0 (it cannot fail). */
int mg_quiet_move(mg_combat *c, uint32_t i, int64_t to);

#endif
