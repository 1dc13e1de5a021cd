/*
 * duel.c - the card duel engine (rulings D2–D7; docs/MANASTORM.md "Duel",
 * the MS-START, MS-ENCHANT, MS-ATTACK, MS-ADV, MS-DAMAGE, MS-STORM and
 * MS-END rules).
 *
 * Every participant owns one block of `cap` cards for each of its hand
 * and discard pile and one of 2 × cap for its deck (cap = its deck size:
 * its cards never leave it, they only move between its piles, the field
 * and its played attack card).  The deck is cards[doff … doff+nd), top
 * first; the second cap cards are room for the cards step 9 puts at its
 * bottom (to_bottom moves it to the block's start only when they run
 * out).  The field holds
 * at most every card of the duel.  One allocation holds everything.
 */
#include "manastorm/duel.h"
#include "manastorm/policy.h"

#include <stdlib.h>
#include <string.h>

#include "util/array.h"
#include "util/assert.h"
#include "util/ckd.h"
#include "util/error.h"

enum { PH_START, PH_ENCHANT, PH_ATTACK, PH_GOON, PH_OVER };

/* For the few helpers of ms_duel_run's loop that a call costs more than
 * their work (gcc and clang otherwise keep them out of line). */
#if defined(__GNUC__)
#define HOT_INLINE inline __attribute__((always_inline))
#else
#define HOT_INLINE inline
#endif

/* For the building of an event a callback wants, out of the hot loops
 * (inline, its event on the stack makes gcc set up a frame for every
 * call, listener or not). */
#if defined(__GNUC__)
#define COLD __attribute__((noinline, cold))
#else
#define COLD
#endif

/* The kinds of event a quiet round (quiet_rounds) counts without building
 * them: a callback that wants one of them gets the step code.  The
 * others it delivers where the step API does (MS_EV_HP as attack_quiet,
 * the rest through the step functions it calls). */
#define QUIET_ROUND_KINDS (MS_EV_BIT(MS_EV_ROUND) | MS_EV_BIT(MS_EV_PASS) | \
	MS_EV_BIT(MS_EV_ENCHANT) | MS_EV_BIT(MS_EV_ATTACK) | \
	MS_EV_BIT(MS_EV_RIGHT_LOST) | MS_EV_BIT(MS_EV_DEFEATED) | \
	MS_EV_BIT(MS_EV_DISCARD) | MS_EV_BIT(MS_EV_ADVANTAGE) | \
	MS_EV_BIT(MS_EV_GO_ON) | MS_EV_BIT(MS_EV_GIVE_UP))

/* The kinds step 9 and the next battle's start emit (the END aside,
 * which finish delivers), that a quiet round's step 9 (quiet_damage)
 * only counts: a callback that wants one of them gets last_damage. */
#define QUIET_STEP9_KINDS (MS_EV_BIT(MS_EV_DAMAGE) | \
	MS_EV_BIT(MS_EV_DEFEATED) | MS_EV_BIT(MS_EV_BATTLE_END) | \
	MS_EV_BIT(MS_EV_SHUFFLE) | MS_EV_BIT(MS_EV_BATTLE) | \
	MS_EV_BIT(MS_EV_ROUND))

/* The built-in policies ms_duel_run plays without the public view
 * (fused_choose): the same choices as policy.c's functions, which the step
 * API and every other caller keep using (test_duel's
 * ms_fused_equals_step proves them equal). */
enum { FUSED_NONE, FUSED_DEFAULT, FUSED_GREEDY, FUSED_RANDOM };

/* Step 9 shuffles a deck may hold without having done them (defer_decks). */
#define PEND_MAX 4

typedef struct part {
	const ms_participant *p;
	uint32_t self;    /* its seat: d->parts[self] */
	/* p's numbers the hot loops read, copied by ms_duel_new */
	int caster, side, suit;
	int64_t threshold;
	uint64_t pass;    /* bit card_bit(c) set when c passes: passes() */
	int32_t partner;  /* a warrior's partner (D7.3), or -1: duel_lists */
	ms_card *deck;   /* 2 × cap cards; the deck is deck[doff … doff+nd) */
	size_t doff, nd;
	/* MS-DAMAGE-3: the step 9 shuffles of the deck not done yet, oldest
	 * first: the first len cards of the deck, shuffled with the generator
	 * of `epoch` (d->epoch then for the duel's own generator, 0 for a
	 * borrowed one) moved `skip` numbers on; g is that generator moved
	 * base ≤ skip numbers on, the nearest known when it was noted; call:
	 * d->ndefer then (defer_decks; undefer and undefer_all do them) */
	struct { ut_rng g; uint64_t base, skip, epoch, call; size_t len; } pend[PEND_MAX];
	unsigned npend;
	unsigned pdone;   /* undefer_all's next of pend */
	ms_card *hand;
	size_t nh;
	uint64_t hmask;   /* bit card_bit(c) set for each card c in the hand
	                     (hand_mask): fused_best_hand */
	int twins;        /* its deck holds a card twice (so may its hand):
	                     take_hand recounts hmask */
	ms_card *disc;
	size_t ndisc;
	size_t cap;
	int64_t *outfits; /* remaining, original order */
	size_t nout;
	int64_t hp, mp;
	int right;
	const ms_policy *pol;
	int fused;        /* FUSED_*: a built-in policy ms_duel_run plays itself */
	/* this round's set-up */
	ms_source src;
	ms_card card;
	size_t point;
	int passes, match, success;
	int same; /* 0; 1 its number is on the field; 2 only on another card
	             revealed now (enchant_reveal: MS_F_SAME_NOW) */
} part;

struct ms_duel {
	const ms_scenario *s;
	size_t n;
	part *parts;
	ms_field_card *field;
	size_t nfield;
	/* the field's cards by number (1–13): how many, and the bits of
	 * NUMBER_BITS(n) set in fmask when some (field_push, field_pop,
	 * field_clear) */
	uint32_t fcount[14];
	uint64_t fmask;
	/* bit card_bit(c) set for each held enchant c on the field of a
	 * caster of side 0 and 1 (field_push, ench_recount): the allied
	 * enchants fused_best_point and fused_can_attack look for */
	uint64_t ench[2];
	int64_t *hi;      /* storm scratch, n */
	int *tied;        /* storm scratch, n */
	ut_rng own, *rng;
	uint64_t lag;     /* numbers d->own is behind (defer_decks: gen_sync) */
	uint64_t ndefer;  /* defer_decks's calls, counted */
	uint64_t epoch;   /* d->own's state while it lags, counted (1, 2, …):
	                     defer_decks starts another when it does not lag
	                     (it changes only then: all uses catch up) */
	struct {          /* d->own of `epoch` moved `off` numbers on, as the
	                     last undefer left it (epoch 0: none) */
		ut_rng g;
		uint64_t off, epoch;
	} cur;
	uint64_t seed;
	ms_event_fn on_event;
	void *event_ud;
	uint64_t want;                /* kinds to build: opts.event_mask, 0
	                                 without a callback */
	uint64_t max_events;          /* MS-BUDGET-1 */
	uint64_t left;                /* events the budget still holds: the
	                                 count is max_events - left */
	int pending_shuffles;         /* finish_shuffles is due */
	uint32_t nreveal;             /* casters that revealed a card this
	                                 round (apply; enchant_check) */
	uint32_t nattack;             /* warriors that played an attack card
	                                 this round (apply; attack_check) */
	uint64_t attack_bound;        /* events steps 5-7 emit at most, storms
	                                 aside (attack_quiet) */
	uint64_t round_bound;         /* events a round emits at most, storms
	                                 aside, from step 1 to the next round's
	                                 start (quiet_rounds) */
	int quiet;                    /* every policy built-in and no callback
	                                 wants QUIET_ROUND_KINDS: quiet_rounds */
	int quiet9;                   /* no callback wants QUIET_STEP9_KINDS:
	                                 quiet_damage */
	int phase;
	uint32_t cursor;
	int asking;
	ms_ask ask;
	int64_t battle, round;
	int64_t adv[2];
	ms_result res;
	int64_t storm_outfits, storm_hp; /* lost in storms: storm_hit */
	int failed;
	/* warriors of each side in seat order (D7.3) */
	uint32_t *wside[2];
	size_t nw[2];
	size_t alive[2];  /* of those, with HP > 0 (side_alive): set_hp */
	/* the casters (role[0]) and the warriors (role[1]) in seat order: the
	 * steps' loops visit only those they are about */
	uint32_t *role[2];
	size_t nrole[2];
	/* the same lists as pointers to the participants (the quiet round's
	 * loops: duel_lists) */
	part **rpart[2];
	part **wpart[2];  /* wside's */
	uint32_t ask_pos; /* the asked participant's place in its role list */
};

enum { CASTERS = 0, WARRIORS = 1 };

/* for each participant i of role list r in seat order (k its place) */
#define FOR_ROLE(d, r, k, i) \
	for ((k) = 0; (k) < (d)->nrole[r] && ((i) = (d)->role[r][k], 1); (k)++)

/* ---- small helpers --------------------------------------------------- */

/* D5: whether card c passes for participant p (any card). */
static int passes_rule(const part *p, ms_card c)
{
	return (int64_t)c.number <= p->threshold ||
	       (p->suit != MS_SUIT_NONE && (int)c.suit == p->suit);
}

/* A card of a deck (suit 0–3, number 1–13: ms_scenario_check) as a bit
 * number below 64, in the order of the policies' preference (D5: the
 * higher number, then suit S H D C): 4 × number + 3 − suit, so that the
 * highest bit of a mask of cards is the best of them (fused_best_hand)
 * and the 4 bits of number n are NUMBER_BITS(n). */
static inline unsigned card_bit(ms_card c)
{
	UT_ASSERT(c.suit <= 3 && c.number >= 1 && c.number <= 13);
	return (unsigned)c.number * 4u + 3u - c.suit;
}

/* fused_best_hand compares a card's two bytes as one uint16_t */
_Static_assert(sizeof(ms_card) == sizeof(uint16_t), "ms_card is 2 bytes");

#define NUMBER_BITS(n) (UINT64_C(0xf) << (4 * (n)))

/* passes_rule for a card of a deck, from p->pass (pass_mask). */
static inline int passes(const part *p, ms_card c)
{
	return (int)((p->pass >> card_bit(c)) & 1);
}

/* p->pass: passes_rule for each of the 52 cards. */
static uint64_t pass_mask(const part *p)
{
	uint64_t m = 0;
	ms_card c;

	for (c.suit = 0; c.suit < 4; c.suit++)
		for (c.number = 1; c.number <= 13; c.number++)
			if (passes_rule(p, c))
				m |= UINT64_C(1) << card_bit(c);
	return m;
}

/* p->hmask from p's hand. */
static inline uint64_t hand_mask(const part *p)
{
	uint64_t m = 0;
	size_t k;

	for (k = 0; k < p->nh; k++)
		m |= UINT64_C(1) << card_bit(p->hand[k]);
	return m;
}

int ms_duel_passes(const ms_duel *d, uint32_t i, ms_card c)
{
	return i < d->n && passes_rule(&d->parts[i], c);
}

static int is_caster(const part *p)
{
	return p->caster;
}

static ms_event ev0(const ms_duel *d, ms_event_kind kind, int32_t actor)
{
	ms_event e;
	memset(&e, 0, sizeof(e));
	e.kind = kind;
	e.battle = d->battle;
	e.round = d->round;
	e.actor = actor;
	e.target = -1;
	e.side = -1;
	e.index = -1;
	return e;
}

/* MS-BUDGET-1: the budget is spent (the error, out of the hot path).
 * Battle 0 is D2's shuffles and hands, before battle 1: there is no
 * battle 0 to name (and 1 event is no "1 events": designer review
 * 2026-12-06, play --format json's "error"). */
static int budget_spent(ms_duel *d)
{
	const char *s = d->max_events == 1 ? "" : "s";

	if (d->battle < 1)
		return d->failed = ut_error_set(UT_ELIMIT,
		                                "the duel reached its limit of "
		                                "%llu event%s before the first "
		                                "battle",
		                                (unsigned long long)d->max_events,
		                                s);
	return d->failed = ut_error_set(UT_ELIMIT,
	                                "the duel reached its limit of %llu "
	                                "event%s (battle %lld, round %lld)",
	                                (unsigned long long)d->max_events, s,
	                                (long long)d->battle,
	                                (long long)d->round);
}

/* MS-BUDGET-1: every event counts against the budget, with or without a
 * callback, so a playtest's run stops where `play` stops.  Returns 0 or
 * MS_ELIMIT. */
static inline int count_event(ms_duel *d)
{
	if (d->left == 0)
		return budget_spent(d);
	d->left--;
	return 0;
}

/* Hand a counted event to the callback. */
static int deliver(ms_duel *d, const ms_event *e)
{
	int rc = d->on_event(d->event_ud, d, e);

	if (rc == 0)
		return 0;
	if (rc == MS_ENOMEM) /* the callback's own error stands */
		return d->failed = rc;
	d->failed = UT_ERROR;
	return ut_error_set(UT_ERROR, "the event callback stopped the duel");
}

/* Whether the callback wants events of this kind (none without one). */
#define WANTS(d, kind) (((d)->want >> (kind)) & 1)

/* Count an event of KIND; build it (ev0, then the statements FILL, which
 * name it e) and deliver it only when the callback wants that kind.
 * Returns from the caller on an error. */
#define EVENT(d, KIND, ACTOR, ...) do { \
	int rc_ = count_event(d); \
	if (rc_ < 0) \
		return rc_; \
	if (WANTS(d, KIND)) { \
		ms_event e = ev0((d), (KIND), (ACTOR)); \
		__VA_ARGS__; \
		if ((rc_ = deliver((d), &e)) < 0) \
			return rc_; \
	} \
} while (0)

/* One uniform(n) of docs/RANDOM.md (1 <= n <= 2^32) from a generator the
 * caller keeps in a local variable: ut_rng_uniform's bits exactly (the high
 * 64 bits of next() * n), with one 128-bit multiply where the compiler has
 * one. */
static inline uint64_t uniform_local(ut_rng *g, uint64_t n)
{
#ifdef __SIZEOF_INT128__
	__extension__ typedef unsigned __int128 u128;
#if defined(__GNUC__) && defined(__x86_64__)
	/* hide n's origin: gcc would otherwise count the loop's n down as a
	 * 128-bit number, 4 more instructions a draw */
	__asm__("" : "+r"(n));
#endif
	return (uint64_t)(((u128)ut_rng_next(g) * n) >> 64);
#else
	return ut_rng_uniform(g, n);
#endif
}

/* MS-RNG-1: docs/RANDOM.md's shuffle of k cards (index 0 = top): for i = k−1 down to 1,
 * j = uniform(i + 1), swap i and j — ut_rng_shuffle's order exactly, with
 * the 2-byte swap inline (the start and step 9 shuffles are half of a
 * duel's time).  g is the caller's local copy of the generator
 * (shuffle_cards, shuffle_decks): the card stores are byte stores, which
 * may alias anything in memory, so through the duel's generator the
 * compiler would write the state back after every draw. */
static HOT_INLINE void shuffle_local(ut_rng *g, ms_card *c, size_t k)
{
	uint64_t n = k; /* i + 1 */
	size_t j;
	ms_card t;

	/* the draw for i = n − i1 (i1 = m + 1, written out: gcc's code is
	 * worse for n − 1 − m): j = uniform(n − m), swap i and j */
#define SWAP_AT(m, i1) do { \
	j = (size_t)uniform_local(g, n - m); \
	t = c[n - i1]; \
	c[n - i1] = c[j]; \
	c[j] = t; \
} while (0)
	/* eight draws a turn (gcc then keeps the state in registers
	 * without most of the moves between them that a shorter turn needs:
	 * 18.5 instructions a draw, 20.5 two a turn), then the 0–7 left by
	 * 4, 2 and 1: the same draws in the same order */
	for (; n > 8; n -= 8) {
		SWAP_AT(0, 1); SWAP_AT(1, 2); SWAP_AT(2, 3); SWAP_AT(3, 4);
		SWAP_AT(4, 5); SWAP_AT(5, 6); SWAP_AT(6, 7); SWAP_AT(7, 8);
	}
	for (; n > 4; n -= 4) {
		SWAP_AT(0, 1); SWAP_AT(1, 2); SWAP_AT(2, 3); SWAP_AT(3, 4);
	}
	for (; n > 2; n -= 2) {
		SWAP_AT(0, 1); SWAP_AT(1, 2);
	}
	if (n == 2) {
		j = (size_t)uniform_local(g, 2);
		t = c[1];
		c[1] = c[j];
		c[j] = t;
	}
#undef SWAP_AT
}

/* MS-RNG-1: shuffle_local of k cards at c with the duel's generator *r. */
static void shuffle_cards(ut_rng *r, ms_card *c, size_t k)
{
	ut_rng g = *r;

	shuffle_local(&g, c, k);
	*r = g;
}

/* The generator m numbers on: m × ut_rng_next's change of the state,
 * without its result (defer_decks, undefer, gen_sync). */
static HOT_INLINE void rng_skip(ut_rng *g, uint64_t m)
{
	uint64_t s0 = g->s[0], s1 = g->s[1], s2 = g->s[2], s3 = g->s[3], t;

#define SKIP1() do { \
	t = s1 << 17; \
	s2 ^= s0; \
	s3 ^= s1; \
	s1 ^= s2; \
	s0 ^= s3; \
	s2 ^= t; \
	s3 = (s3 << 45) | (s3 >> 19); \
} while (0)
	for (; m >= 4; m -= 4) {
		SKIP1(); SKIP1(); SKIP1(); SKIP1();
	}
	for (; m > 0; m--)
		SKIP1();
#undef SKIP1
	g->s[0] = s0;
	g->s[1] = s1;
	g->s[2] = s2;
	g->s[3] = s3;
}

/* One shuffle defer_decks left, p->pend[k] (undefer, undefer_all): from
 * d->cur when that is of its state, not past it and nearer than its own
 * g (base), else from g. */
static void undefer_one(ms_duel *d, part *p, unsigned k)
{
	uint64_t skip = p->pend[k].skip, base = p->pend[k].base;
	uint64_t epoch = p->pend[k].epoch;
	size_t len = p->pend[k].len;
	ut_rng g;

	UT_ASSERT(len >= 2 && len <= p->nd && base <= skip);
	if (epoch && epoch == d->cur.epoch && d->cur.off <= skip &&
	    d->cur.off >= base) {
		g = d->cur.g;
		rng_skip(&g, skip - d->cur.off);
	} else {
		g = p->pend[k].g;
		rng_skip(&g, skip - base);
	}
	shuffle_cards(&g, p->deck + p->doff, len);
	if (epoch) { /* len − 1 numbers taken */
		d->cur.g = g;
		d->cur.off = skip + len - 1;
		d->cur.epoch = epoch;
	}
}

/* MS-RNG-1, MS-DAMAGE-3: the shuffles defer_decks left to p's deck, in
 * their order (each on the cards of the deck then, its first len: a deck
 * only gets cards at its bottom meanwhile, to_bottom), with the generator
 * each had.  Before any look at the deck's cards (undefer_check).  A
 * shuffle of the duel's own generator starts from the one undefer left
 * (d->cur) when that is of the same state and not past it: the decks of a
 * step 9 looked at in seat order (a storm's draws) move the generator on
 * once, not once from the start for each. */
static COLD void undefer(ms_duel *d, part *p)
{
	unsigned k;

	for (k = 0; k < p->npend; k++)
		undefer_one(d, p, k);
	p->npend = 0;
}

/* Every deck's shuffles defer_decks left, in the order it noted them (by
 * call, then in seat order: the generator's order), so that each starts
 * where the one before left d->cur and the generator is moved on once in
 * all.  undefer of one deck after another skipped each deck's shuffles
 * from a generator before the others' (the decks' shuffles interleave):
 * the time of a duel of 100 battles was 3× its shuffles. */
static COLD void undefer_all(ms_duel *d)
{
	uint64_t call = UINT64_MAX;
	size_t i;

	for (i = 0; i < d->n; i++) {
		part *p = &d->parts[i];
		p->pdone = 0;
		if (p->npend && p->pend[0].call < call)
			call = p->pend[0].call;
	}
	while (call != UINT64_MAX) {
		uint64_t next = UINT64_MAX;
		for (i = 0; i < d->n; i++) {
			part *p = &d->parts[i];
			if (p->pdone < p->npend && p->pend[p->pdone].call == call)
				undefer_one(d, p, p->pdone++);
			if (p->pdone < p->npend && p->pend[p->pdone].call < next)
				next = p->pend[p->pdone].call;
		}
		call = next;
	}
	for (i = 0; i < d->n; i++)
		d->parts[i].npend = 0;
}

static HOT_INLINE void undefer_check(ms_duel *d, part *p)
{
	if (p->npend)
		undefer(d, p);
}

/* MS-RNG-1: the duel's own generator moved on by the numbers defer_decks
 * only counted (d->lag), before anything uses it. */
static COLD void gen_catch_up(ms_duel *d)
{
	UT_ASSERT(d->rng == &d->own);
	if (d->cur.epoch == d->epoch && d->cur.off <= d->lag) {
		d->own = d->cur.g;
		rng_skip(&d->own, d->lag - d->cur.off);
	} else {
		rng_skip(&d->own, d->lag);
	}
	d->lag = 0;
}

static HOT_INLINE void gen_sync(ms_duel *d)
{
	if (d->lag)
		gen_catch_up(d);
}

/* MS-RNG-1, MS-DAMAGE-3: every participant's deck shuffled in seat order
 * as shuffle_decks does it, but only noted: each deck keeps the generator
 * its shuffle starts from (p->pend: a copy and how many numbers on), and
 * the duel's generator is moved past the numbers the shuffle takes (k − 1
 * for k cards) — by rng_skip for a borrowed generator, which its owner may
 * look at (half of a shuffle's work), only counted in d->lag for the
 * duel's own, which nothing else sees (gen_sync moves it on before any
 * use).  The cards are shuffled when someone looks at them (undefer: a
 * draw, ms_duel_participant, another shuffle), bit for bit as then; a deck
 * that nobody looks at before the end (the default policies never draw) is
 * never shuffled.  When a deck has PEND_MAX shuffles waiting, every
 * deck does its own first (undefer_all). */
static void defer_decks(ms_duel *d)
{
	ut_rng g = *d->rng;
	int own = d->rng == &d->own;
	size_t i;

	UT_ASSERT(own || d->lag == 0);
	if (own && d->lag == 0) /* the generator since the last may differ */
		d->epoch++;
	for (i = 0; i < d->n; i++)
		if (d->parts[i].npend == PEND_MAX) {
			undefer_all(d);
			break;
		}
	d->ndefer++;
	for (i = 0; i < d->n; i++) {
		part *p = &d->parts[i];
		if (p->nd < 2) /* no number taken, nothing changes */
			continue;
		/* the nearest generator known: the one the last undefer left
		 * when it is of this epoch (else a shuffle of the 100th battle
		 * skipped from the first: time per duel grew with the square
		 * of the battles) */
		if (own && d->cur.epoch == d->epoch && d->cur.off <= d->lag) {
			p->pend[p->npend].g = d->cur.g;
			p->pend[p->npend].base = d->cur.off;
		} else {
			p->pend[p->npend].g = g;
			p->pend[p->npend].base = 0;
		}
		p->pend[p->npend].skip = d->lag;
		p->pend[p->npend].call = d->ndefer;
		p->pend[p->npend].epoch = own ? d->epoch : 0;
		p->pend[p->npend++].len = p->nd;
		if (own)
			d->lag += p->nd - 1;
		else
			rng_skip(&g, p->nd - 1);
	}
	*d->rng = g;
}

/* MS-RNG-1: every participant's deck shuffled in seat order (shuffle_cards
 * of each, one after the other), the generator in one local copy for all
 * of them; shuffles a deck still holds (defer_decks) first. */
static void shuffle_decks(ms_duel *d)
{
	ut_rng g;
	size_t i;

	gen_sync(d);
	g = *d->rng;
	for (i = 0; i < d->n; i++) {
		part *p = &d->parts[i];
		undefer_check(d, p);
		shuffle_local(&g, p->deck + p->doff, p->nd);
	}
	*d->rng = g;
}

static int can_draw(const part *p)
{
	return p->nd > 0 || p->ndisc > 0;
}

/* MS-START-2, MS-START-3: the top card of i's deck in *out; an empty deck
 * first takes the discard pile (shuffled when the scenario shuffles, index
 * 0 = top).  Returns 1 when a card was drawn, 0 when both are empty, or a
 * negative code (callback). */
static int draw_refill(ms_duel *d, uint32_t i, ms_card *out)
{
	part *p = &d->parts[i];

	UT_ASSERT(p->nd == 0 && p->npend == 0); /* (shuffles wait on 2+ cards) */
	if (p->ndisc == 0)
		return 0;
	UT_ASSERT(p->ndisc <= p->cap);
	memcpy(p->deck, p->disc, p->ndisc * sizeof(ms_card));
	p->doff = 0;
	p->nd = p->ndisc;
	p->ndisc = 0;
	if (d->s->shuffle) {
		gen_sync(d);
		shuffle_cards(d->rng, p->deck, p->nd);
	}
	EVENT(d, MS_EV_RESHUFFLE, (int32_t)i,
		e.count = (int64_t)p->nd;);
	*out = p->deck[p->doff++];
	p->nd--;
	return 1;
}

/* (the common case, a card in the deck, inline; draw_refill the rest) */
static HOT_INLINE int draw(ms_duel *d, uint32_t i, ms_card *out)
{
	part *p = &d->parts[i];

	if (p->nd == 0)
		return draw_refill(d, i, out);
	UT_ASSERT(p->nd >= 1 && p->doff + p->nd <= 2 * p->cap);
	undefer_check(d, p);
	*out = p->deck[p->doff++];
	p->nd--;
	return 1;
}

static HOT_INLINE void to_bottom(part *p, ms_card c)
{
	if (p->doff + p->nd == 2 * p->cap) { /* rare: see the file's top */
		memmove(p->deck, p->deck + p->doff, p->nd * sizeof(ms_card));
		p->doff = 0;
	}
	UT_ASSERT(p->nd < p->cap && p->doff + p->nd < 2 * p->cap);
	p->deck[p->doff + p->nd++] = c;
}

#ifndef NDEBUG
/* 1 when every participant holds all its cards in its deck, hand and
 * discard pile (nothing on the field or in play): the end of a battle.
 * For UT_ASSERT only (compiled out with it: clang would call it unneeded). */
static int cards_home(const ms_duel *d)
{
	size_t i;

	if (d->nfield)
		return 0;
	for (i = 0; i < d->n; i++) {
		const part *p = &d->parts[i];
		if (p->nd + p->nh + p->ndisc != p->cap)
			return 0;
	}
	return 1;
}
#endif

static HOT_INLINE void field_push(ms_duel *d, ms_card c, uint32_t owner,
                                  int enchant)
{
	UT_ASSERT(owner < d->n);
	ms_field_card *f = &d->field[d->nfield++];
	f->card = c;
	f->owner = owner;
	f->enchant = enchant;
	UT_ASSERT(c.number >= 1 && c.number <= 13); /* ms_scenario_check */
	d->fcount[c.number]++;
	d->fmask |= NUMBER_BITS(c.number);
	if (enchant) {
		UT_ASSERT(is_caster(&d->parts[owner]));
		d->ench[d->parts[owner].side] |= UINT64_C(1) << card_bit(c);
	}
}

/* d->ench from the field. */
static void ench_recount(ms_duel *d)
{
	size_t k;

	d->ench[0] = d->ench[1] = 0;
	for (k = 0; k < d->nfield; k++)
		if (d->field[k].enchant)
			d->ench[d->parts[d->field[k].owner].side] |=
				UINT64_C(1) << card_bit(d->field[k].card);
}

/* The last field card, off the field. */
static ms_field_card *field_pop(ms_duel *d)
{
	ms_field_card *f = &d->field[--d->nfield];

	if (--d->fcount[f->card.number] == 0)
		d->fmask &= ~NUMBER_BITS(f->card.number);
	if (f->enchant) /* a storm's victim: rare */
		ench_recount(d);
	return f;
}

/* Whether a card of number n is on the field. */
static inline int on_field(const ms_duel *d, unsigned n)
{
	return (int)((d->fmask >> (4 * n)) & 1);
}

static void field_clear(ms_duel *d)
{
	d->nfield = 0;
	d->fmask = 0;
	d->ench[0] = d->ench[1] = 0;
	memset(d->fcount, 0, sizeof(d->fcount));
}

/* MS-ENCHANT-4, D7.2: the first 衣装 of highest マナ変換力 goes; returns
 * its value (0 when none is left). */
static int lose_outfit(ms_duel *d, uint32_t i, int64_t *value)
{
	part *p = &d->parts[i];
	size_t k, best = 0;

	*value = 0;
	if (p->nout == 0)
		return 0;
	UT_ASSERT(is_caster(p));
	for (k = 1; k < p->nout; k++)
		if (p->outfits[k] > p->outfits[best])
			best = k;
	*value = p->outfits[best];
	memmove(p->outfits + best, p->outfits + best + 1,
	        (p->nout - best - 1) * sizeof(int64_t));
	p->nout--;
	EVENT(d, MS_EV_OUTFIT, (int32_t)i,
		e.index = (int64_t)best;
		e.value = *value;
		e.count = (int64_t)p->nout;);
	return 0;
}

static int side_alive(const ms_duel *d, int side)
{
	return d->alive[side] > 0;
}

/* Warrior p's HP is hp now: d->alive follows. */
static void set_hp(ms_duel *d, part *p, int64_t hp)
{
	if ((p->hp > 0) != (hp > 0)) {
		if (hp > 0)
			d->alive[p->side]++;
		else
			d->alive[p->side]--;
	}
	p->hp = hp;
}
static int hp_change(ms_duel *d, uint32_t i, int64_t loss)
{
	part *p = &d->parts[i];
	int64_t before = p->hp, after;

	UT_ASSERT(loss >= 0 && !is_caster(p)); /* warriors have HP */
	if (ut_ckd_sub(&after, p->hp, loss))
		return d->failed = ut_error_set(UT_EOVERFLOW, "%s: HP overflows",
		                                p->p->name);
	set_hp(d, p, after);
	EVENT(d, MS_EV_HP, (int32_t)i,
		e.value = before;
		e.value2 = after);
	if (after <= 0 && before > 0) {
		p->right = 0;
		EVENT(d, MS_EV_DEFEATED, (int32_t)i, (void)0);
	}
	return 0;
}

/* MS-END-3, D7.9: the result from the state. */
static void compute_result(ms_duel *d)
{
	size_t i;
	ms_result *r = &d->res;

	r->defeated[0] = r->defeated[1] = 0;
	for (i = 0; i < d->n; i++) {
		const part *p = &d->parts[i];
		if (p->p->role == MS_ROLE_WARRIOR && p->hp <= 0)
			r->defeated[1 - p->p->side]++;
	}
	if (r->defeated[0] != r->defeated[1])
		r->winner = r->defeated[0] > r->defeated[1] ? 0 : 1;
	else if (r->damage[0] != r->damage[1])
		r->winner = r->damage[0] > r->damage[1] ? 0 : 1;
	else
		r->winner = -1;
}

static int finish(ms_duel *d, ms_end_step step)
{
	int rc;

	d->phase = PH_OVER;
	d->res.over = 1;
	d->res.end = step;
	d->res.battles = d->battle;
	compute_result(d);
	rc = count_event(d);
	if (rc == 0 && WANTS(d, MS_EV_END)) {
		ms_event e = ev0(d, MS_EV_END, -1);
		e.side = d->res.winner;
		e.value = step;
		rc = deliver(d, &e);
	}
	if (rc < 0) {
		/* MS-BUDGET-1: the end event was one too many: not over */
		d->res.over = 0;
		d->res.end = MS_END_NONE;
		return rc;
	}
	return 0;
}

/* ---- creation ------------------------------------------------------- */

/* A policy by name: the caller's first, then the built-in ones
 * (MS-POLICY-6). */
static const ms_policy *lookup(const ms_duel_opts *o, const char *name)
{
	size_t k;
	for (k = 0; o->policies && k < o->npolicies; k++)
		if (o->policies[k].name && strcmp(o->policies[k].name, name) == 0)
			return &o->policies[k];
	return ms_policy_find(name);
}

/* The full deck of D1, top first: S1…S13 H1…H13 D1…D13 C1…C13 (a deck the
 * scenario does not give), built once so that reset only copies it. */
#define C13(s) {s, 1}, {s, 2}, {s, 3}, {s, 4}, {s, 5}, {s, 6}, {s, 7}, \
	{s, 8}, {s, 9}, {s, 10}, {s, 11}, {s, 12}, {s, 13}
static const ms_card full_deck[52] = {C13(0), C13(1), C13(2), C13(3)};
#undef C13

/* The state of a new duel: decks as given, hands and piles empty, the
 * participants' numbers; nothing shuffled yet. */
static void reset(ms_duel *d)
{
	size_t i;

	field_clear(d);
	d->asking = 0;
	d->failed = 0;
	d->pending_shuffles = 0;
	d->lag = 0; /* (ms_duel_restart seeds the generator again) */
	d->nreveal = 0;
	d->nattack = 0;
	d->left = d->max_events;
	d->cursor = 0;
	d->battle = d->round = 0;
	d->adv[0] = d->adv[1] = 0;
	memset(&d->res, 0, sizeof(d->res));
	d->storm_outfits = d->storm_hp = 0;
	d->phase = PH_START;
	d->res.winner = -1;
	d->alive[0] = d->alive[1] = 0;
	for (i = 0; i < d->n; i++) {
		part *p = &d->parts[i];
		p->doff = p->nh = p->ndisc = 0;
		p->npend = 0;
		p->hmask = 0;
		p->src = MS_SRC_NONE;
		p->right = 0;
		p->hp = p->mp = 0;
		p->nout = 0;
		/* (the full deck's size known, the copy is inline) */
		if (p->p->deck)
			memcpy(p->deck, p->p->deck, p->cap * sizeof(ms_card));
		else
			memcpy(p->deck, full_deck, sizeof(full_deck));
		p->nd = p->cap;
		if (is_caster(p)) {
			size_t k;
			/* (a few: a loop costs less than a call of memcpy) */
			for (k = 0; k < p->p->noutfits; k++)
				p->outfits[k] = p->p->outfits[k];
			p->nout = p->p->noutfits;
			p->mp = p->p->mp;
		} else {
			set_hp(d, p, p->p->hp);
			p->right = 1;
		}
	}
}

void ms_duel_restart(ms_duel *d, uint64_t seed)
{
	if (d->rng == &d->own)
		ut_rng_seed(&d->own, seed);
	d->seed = seed;
	reset(d);
}

/* The options and the scenario checked (a known version, a budget, every
 * policy found); the cards of all decks into *total, the casters' outfits
 * into *nout.  0 or an error. */
static int duel_check(size_t *total, size_t *nout, const ms_scenario *s,
                      const ms_duel_opts *o)
{
	size_t i;
	int rc;

	*total = *nout = 0;
	if (!o || o->version != MS_DUEL_OPTS_VERSION)
		return ut_error_set(UT_EINVALID, "ms_duel_opts: unknown version");
	if (o->max_events < 1)
		return ut_error_set(UT_EINVALID,
		                    "ms_duel_opts: an event budget of at least 1 "
		                    "is needed");
	if (!o->policies && o->npolicies) /* embedding review 2026-12-06 */
		return ut_error_set(UT_EINVALID,
		                    "ms_duel_opts: policies is NULL, npolicies %zu",
		                    o->npolicies);
	if ((rc = ms_scenario_check(s)) < 0)
		return rc;
	for (i = 0; i < s->nparticipants; i++) {
		const ms_participant *p = &s->participants[i];
		const char *pn = p->policy ? p->policy : "default";
		const ms_policy *pol = lookup(o, pn);
		if (!pol || !pol->choose)
			return ut_error_set(UT_EINVALID,
			                    "%s: unknown policy \"%s\"", p->name, pn);
		*total += p->deck ? p->ndeck : 52;
		if (p->role == MS_ROLE_CASTER)
			*nout += p->noutfits;
	}
	if (*total > SIZE_MAX / 16 / sizeof(ms_card) - 1)
		return ut_error_set(UT_ENOMEM, "decks too large");
	return 0;
}

/* Whether deck p->deck holds a card twice (the full deck does not). */
static int deck_twins(const ms_participant *p)
{
	uint64_t seen = 0, b;
	size_t k;

	for (k = 0; p->deck && k < p->ndeck; k++) {
		b = UINT64_C(1) << card_bit(p->deck[k]);
		if (seen & b)
			return 1;
		seen |= b;
	}
	return 0;
}

/* Carve d's arrays out of the block after it (mem), as ms_duel_new sized
 * it for `total` cards: participants, outfits, lists, field, decks. */
static void duel_layout(ms_duel *d, char *mem, size_t total,
                        const ms_duel_opts *o)
{
	const ms_scenario *s = d->s;
	size_t i;

	d->parts = (part *)mem;
	mem += d->n * sizeof(part);
	d->hi = (int64_t *)mem;
	mem += d->n * sizeof(int64_t);
	d->rpart[CASTERS] = (part **)mem;
	mem += d->n * sizeof(part *);
	d->wpart[0] = (part **)mem;
	mem += d->n * sizeof(part *);
	for (i = 0; i < d->n; i++) {
		part *p = &d->parts[i];
		p->p = &s->participants[i];
		p->self = (uint32_t)i;
		p->caster = p->p->role == MS_ROLE_CASTER;
		p->side = p->p->side;
		p->suit = p->p->suit;
		p->threshold = p->p->threshold;
		p->pass = pass_mask(p);
		p->twins = deck_twins(p->p);
		p->outfits = (int64_t *)mem;
		if (p->p->role == MS_ROLE_CASTER)
			mem += p->p->noutfits * sizeof(int64_t);
	}
	d->wside[0] = (uint32_t *)mem;
	mem += d->n * sizeof(uint32_t);
	d->role[CASTERS] = (uint32_t *)mem;
	mem += d->n * sizeof(uint32_t);
	d->tied = (int *)mem;
	mem += d->n * sizeof(int);
	d->field = (ms_field_card *)mem;
	mem += total * sizeof(ms_field_card);
	for (i = 0; i < d->n; i++) {
		part *p = &d->parts[i];
		p->cap = p->p->deck ? p->p->ndeck : 52;
		p->deck = (ms_card *)mem;
		mem += 2 * p->cap * sizeof(ms_card);
		p->hand = (ms_card *)mem;
		mem += p->cap * sizeof(ms_card);
		p->disc = (ms_card *)mem;
		mem += p->cap * sizeof(ms_card);
		p->pol = lookup(o, p->p->policy ? p->p->policy : "default");
		p->fused = p->pol == ms_policy_find("default") ? FUSED_DEFAULT :
		           p->pol == ms_policy_find("greedy") ? FUSED_GREEDY :
		           p->pol == ms_policy_find("random") ? FUSED_RANDOM :
		           FUSED_NONE;
	}
}

/* The seat lists: warriors per side (side A's then side B's in one
 * array), and casters then warriors, each in seat order. */
static void duel_lists(ms_duel *d)
{
	size_t i, na = 0, nb = 0;

	for (i = 0; i < d->n; i++)
		if (!is_caster(&d->parts[i]) && !d->parts[i].p->side)
			na++;
	d->wside[1] = d->wside[0] + na;
	na = nb = 0;
	for (i = 0; i < d->n; i++)
		if (!is_caster(&d->parts[i])) {
			if (d->parts[i].p->side)
				d->wside[1][nb++] = (uint32_t)i;
			else
				d->wside[0][na++] = (uint32_t)i;
		}
	d->nw[0] = na;
	d->nw[1] = nb;
	for (i = 0; i < d->n; i++)
		d->parts[i].partner = -1;
	for (i = 0; i < na && i < nb; i++) {
		d->parts[d->wside[0][i]].partner = (int32_t)d->wside[1][i];
		d->parts[d->wside[1][i]].partner = (int32_t)d->wside[0][i];
	}
	for (i = 0; i < d->n; i++)
		if (is_caster(&d->parts[i]))
			d->role[CASTERS][d->nrole[CASTERS]++] = (uint32_t)i;
	d->role[WARRIORS] = d->role[CASTERS] + d->nrole[CASTERS];
	for (i = 0; i < d->n; i++)
		if (!is_caster(&d->parts[i]))
			d->role[WARRIORS][d->nrole[WARRIORS]++] = (uint32_t)i;
	d->rpart[WARRIORS] = d->rpart[CASTERS] + d->nrole[CASTERS];
	for (i = 0; i < d->n; i++) /* both lists, one after the other */
		d->rpart[CASTERS][i] = &d->parts[d->role[CASTERS][i]];
	d->wpart[1] = d->wpart[0] + na;
	for (i = 0; i < na; i++)
		d->wpart[0][i] = &d->parts[d->wside[0][i]];
	for (i = 0; i < nb; i++)
		d->wpart[1][i] = &d->parts[d->wside[1][i]];
	/* per warrior ATTACK, HP, DEFEATED, RIGHT_LOST, DISCARD and an
	 * ADVANTAGE (npairs <= warriors), and the END */
	d->attack_bound = 6 * (uint64_t)d->nrole[WARRIORS] + 1;
	/* a caster: step 1 a PASS or a RESHUFFLE, step 2 its ENCHANT, step 3
	 * MP, OUTFIT, HAPPENING, 3 FIELD and a RESHUFFLE; a warrior: step 4
	 * a PASS or a RESHUFFLE, step 8 GO_ON or GIVE_UP; step 9 2 DAMAGE, 2
	 * DEFEATED, BATTLE_END, n SHUFFLE and the END; the next BATTLE and
	 * ROUND */
	d->round_bound = d->attack_bound + 9 * (uint64_t)d->nrole[CASTERS] +
	                 2 * (uint64_t)d->nrole[WARRIORS] + (uint64_t)d->n + 8;
}

int ms_duel_new(ms_duel **out, const ms_scenario *s, const ms_duel_opts *o)
{
	ms_duel *d;
	size_t total, nout, bytes, i;
	char *mem;
	int rc;

	if (!out)
		return ut_error_set(UT_EINVALID, "ms_duel_new: out is NULL");
	*out = NULL;
	if (!s)
		return ut_error_set(UT_EINVALID,
		                    "ms_duel_new: scenario is NULL");
	if (!o)
		return ut_error_set(UT_EINVALID, "ms_duel_new: opts is NULL");
	if ((rc = duel_check(&total, &nout, s, o)) < 0)
		return rc;
	bytes = sizeof(*d) + s->nparticipants * (sizeof(part) + 2 * sizeof(int64_t) +
	        2 * sizeof(part *) +
	        sizeof(int) + 2 * sizeof(uint32_t)) + nout * sizeof(int64_t) +
	        total * 4 * sizeof(ms_card) + total * sizeof(ms_field_card) + 64;
	/* on cache lines of its own (UT-LINES-1): a playtest makes the
	 * duels of all its threads one after another */
	mem = ut_calloc_lines(1, bytes);
	if (!mem)
		return ut_error_set(UT_ENOMEM, "out of memory");
	d = (ms_duel *)mem;
	d->s = s;
	d->n = s->nparticipants;
	duel_layout(d, mem + sizeof(*d), total, o);
	d->rng = o->rng ? o->rng : &d->own;
	d->seed = o->seed;
	if (!o->rng)
		ut_rng_seed(&d->own, o->seed);
	d->on_event = o->on_event;
	d->event_ud = o->event_ud;
	d->want = o->on_event ? o->event_mask : 0;
	d->max_events = o->max_events;
	reset(d);
	duel_lists(d);
	d->quiet = (d->want & QUIET_ROUND_KINDS) == 0;
	d->quiet9 = (d->want & QUIET_STEP9_KINDS) == 0;
	for (i = 0; i < d->n; i++) /* the quiet rounds play default and
	                              greedy, and leave the generator
	                              behind (defer_decks) */
		if (d->parts[i].fused == FUSED_NONE ||
		    d->parts[i].fused == FUSED_RANDOM)
			d->quiet = 0;
	*out = d;
	return 0;
}

void ms_duel_free(ms_duel *d)
{
	free(d);
}

/* ---- steps ---------------------------------------------------------- */

/* MS-START-1: in seat order, shuffle then draw hand_size cards.  When no
 * callback wants the SHUFFLE and HAND events and the budget holds them all,
 * nothing can come between the shuffles (the draws do not use the
 * generator): all decks are shuffled first (shuffle_decks). */
static int start(ms_duel *d)
{
	size_t i, k, take;
	int shuffled = 0;

	UT_ASSERT(d->lag == 0);
	if (d->s->shuffle && !WANTS(d, MS_EV_SHUFFLE) && !WANTS(d, MS_EV_HAND) &&
	    d->left >= 2 * (uint64_t)d->n) {
		shuffle_decks(d);
		shuffled = 1;
	}
	for (i = 0; i < d->n; i++) {
		part *p = &d->parts[i];
		if (d->s->shuffle) {
			if (!shuffled)
				shuffle_cards(d->rng, p->deck, p->nd);
			EVENT(d, MS_EV_SHUFFLE, (int32_t)i,
				e.value = 0;
				e.count = (int64_t)p->nd;);
		}
		/* the top hand_size cards (fewer when the deck is short: the
		 * discard pile is empty, nothing to refill from) */
		UT_ASSERT(p->ndisc == 0 && p->nh == 0 && p->doff == 0);
		take = d->s->hand_size < (int64_t)p->nd ? (size_t)d->s->hand_size
		                                         : p->nd;
		if (d->s->hand_size <= 0)
			take = 0;
		p->hmask = 0;
		for (k = 0; k < take; k++) {
			p->hand[k] = p->deck[k];
			p->hmask |= UINT64_C(1) << card_bit(p->deck[k]);
		}
		p->nh = take;
		p->doff = take;
		p->nd -= take;
		EVENT(d, MS_EV_HAND, (int32_t)i,
			e.count = (int64_t)p->nh;);
	}
	return 0;
}

static int begin_round(ms_duel *d, int new_battle)
{

	if (new_battle) {
		d->battle++;
		d->round = 0;
		EVENT(d, MS_EV_BATTLE, -1, (void)0);
	}
	d->round++;
	EVENT(d, MS_EV_ROUND, -1, (void)0);
	d->phase = PH_ENCHANT;
	d->cursor = 0;
	return 0;
}

/* A caster that revealed a card this round (not yet dealt with). */
static inline int revealed(const part *p)
{
	return is_caster(p) && p->src != MS_SRC_NONE;
}

/* MS-ENCHANT-1: reveal together; a card holds when it passes and no other
 * card on the field (others revealed now included) has its number. */
static void enchant_reveal(ms_duel *d)
{
	size_t i, j, k, m;

	FOR_ROLE(d, CASTERS, k, i) {
		part *p = &d->parts[i];
		if (!revealed(p))
			continue;
		p->passes = passes(p, p->card);
		p->same = on_field(d, p->card.number);
		if (d->nreveal < 2)
			continue; /* p's is the only card revealed */
		FOR_ROLE(d, CASTERS, m, j) {
			if (p->same)
				break;
			if (j != i && revealed(&d->parts[j]) &&
			    d->parts[j].card.number == p->card.number)
				p->same = 2; /* not on the field: revealed now */
		}
	}
}

/* MS-ENCHANT-2: held cards to the field in seat order, the others to the
 * discard pile, before step 3. */
static int enchant_place(ms_duel *d)
{
	size_t i, k;
	int64_t index;

	FOR_ROLE(d, CASTERS, k, i) {
		part *p = &d->parts[i];
		int held;
		if (!revealed(p))
			continue;
		held = p->passes && !p->same;
		index = held ? (int64_t)d->nfield : -1;
		if (held) {
			field_push(d, p->card, (uint32_t)i, 1);
		} else {
			UT_ASSERT(p->ndisc < p->cap);
			p->disc[p->ndisc++] = p->card;
		}
		EVENT(d, MS_EV_ENCHANT, (int32_t)i,
			e.card = p->card;
			e.source = p->src;
			e.flags = (p->passes ? MS_F_PASSES : 0) |
			          (p->same ? MS_F_SAME : 0) | (held ? MS_F_HELD : 0) |
			          (p->same == 2 ? MS_F_SAME_NOW : 0);
			e.index = index);
	}
	return 0;
}

/* MS-ENCHANT-4: a card that does not pass costs caster i one MP, never
 * below 0; at MP 0 with a 衣装 left, the 衣装 goes and its value is the new
 * MP. */
static int enchant_mp(ms_duel *d, uint32_t i)
{
	part *p = &d->parts[i];
	int64_t v;
	int rc;
	int64_t before = p->mp;

	p->mp = p->mp > 0 ? p->mp - 1 : 0;
	EVENT(d, MS_EV_MP, (int32_t)i,
		e.value = before;
		e.value2 = p->mp);
	if (p->mp == 0 && p->nout > 0) {
		if ((rc = lose_outfit(d, i, &v)) < 0)
			return rc;
		p->mp = v;
	}
	UT_ASSERT(p->mp >= 0);
	return 0;
}

/* MS-ENCHANT-5: a card whose number is on the field or on another card
 * revealed now is a happening: up to 3 cards of caster i's deck go to the
 * field as held enchants. */
static int enchant_happening(ms_duel *d, uint32_t i)
{
	part *p = &d->parts[i];
	size_t first = d->nfield, j;
	int k, rc;

	d->res.happenings++;
	for (k = 0; k < 3; k++) {
		ms_card c;
		if ((rc = draw(d, i, &c)) < 0)
			return rc;
		if (rc == 0)
			break;
		field_push(d, c, i, 1);
	}
	UT_ASSERT(d->nfield - first <= 3);
	EVENT(d, MS_EV_HAPPENING, (int32_t)i,
		e.card = p->card;
		e.count = (int64_t)(d->nfield - first););
	for (j = first; j < d->nfield; j++) {
		EVENT(d, MS_EV_FIELD, (int32_t)i,
			e.card = d->field[j].card;
			e.source = MS_SRC_DECK;
			e.index = (int64_t)j;);
	}
	return 0;
}

/* MS-ENCHANT-1, MS-ENCHANT-2, MS-ENCHANT-3, MS-ENCHANT-4, MS-ENCHANT-5,
 * MS-ENCHANT-6: steps 2 and 3 (D7.10's order): reveal, place, then
 * (MS-ENCHANT-3) caster by caster in seat order the MP loss, then the
 * happening; afterwards no caster holds a revealed card. */
static int enchant_check(ms_duel *d)
{
	size_t i, k;
	int rc;

	if (d->nreveal == 0)
		return 0; /* every caster passed: nothing to do */
	enchant_reveal(d);
	if ((rc = enchant_place(d)) < 0)
		return rc;
	FOR_ROLE(d, CASTERS, k, i) {
		part *p = &d->parts[i];
		if (!revealed(p))
			continue;
		if (!p->passes && (rc = enchant_mp(d, (uint32_t)i)) < 0)
			return rc;
		if (p->same && (rc = enchant_happening(d, (uint32_t)i)) < 0)
			return rc;
		p->src = MS_SRC_NONE;
	}
	d->nreveal = 0;
	return 0;
}

static int cards_match(const ms_duel *d, ms_card a, ms_card b)
{
	if (d->s->storm_match == MS_MATCH_CARD)
		return a.number == b.number && a.suit == b.suit;
	return a.number == b.number;
}


/* MS-STORM-2, MS-STORM-3: who may be a victim — casters with a 衣装, or,
 * when no caster has one (casters == 0), warriors with HP > 0. */
static inline int eligible(const part *p, int casters)
{
	return casters ? (is_caster(p) && p->nout > 0)
	               : (!is_caster(p) && p->hp > 0);
}

/* 1 when some caster still has a 衣装. */
static inline int any_outfit(const ms_duel *d)
{
	size_t i, k;

	FOR_ROLE(d, CASTERS, k, i)
		if (d->parts[i].nout > 0)
			return 1;
	return 0;
}

/* MS-STORM-3: the next victim, counting `count` eligible seats clockwise
 * from i's left neighbour (i + 1, wrapping) as 1.  Eligible: casters with a
 * 衣装, or when none has one, warriors with HP > 0.  -1: nobody. */
static int32_t count_victim(const ms_duel *d, uint32_t from, int64_t count)
{
	size_t i, m = 0, step = 0;
	int casters = any_outfit(d);

	for (i = 0; i < d->n; i++)
		if (eligible(&d->parts[i], casters))
			m++;
	if (m == 0)
		return -1;
	UT_ASSERT(count >= 1); /* a card's number, or 1 */
	count = (count - 1) % (int64_t)m + 1;
	for (i = (from + 1) % d->n;; i = (i + 1) % d->n)
		if (eligible(&d->parts[i], casters) && (int64_t)++step == count)
			return (int32_t)i;
}

static int storm_draw(ms_duel *d, uint32_t i, int kind, ms_card *c)
{
	int rc = draw(d, i, c);

	if (rc <= 0)
		return rc;
	field_push(d, *c, i, 0);
	EVENT(d, MS_EV_STORM_DRAW, (int32_t)i,
		e.card = *c;
		e.index = kind;
		e.flags = passes(&d->parts[i], *c) ? MS_F_PASSES : 0;);
	return 1;
}

/* MS-STORM-1: everyone in seat order draws to the field until a card that
 * does not pass for it (included) or it cannot draw; d->hi[i] = the highest
 * number it drew, 0 if nothing. */
static int storm_collect(ms_duel *d)
{
	size_t i;
	int rc;
	ms_card c;

	for (i = 0; i < d->n; i++) {
		d->hi[i] = 0;
		for (;;) {
			if ((rc = storm_draw(d, (uint32_t)i, 0, &c)) < 0)
				return rc;
			if (rc == 0)
				break;
			if (c.number > d->hi[i])
				d->hi[i] = c.number;
			if (!passes(&d->parts[i], c))
				break;
		}
	}
	return 0;
}

/* MS-STORM-6: the *ntied (≥ 1) seats of d->tied draw one more card each in
 * seat order and the highest stay tied, until one is left or none of them
 * can draw (then the first in seat order: *seat = 1).  The victim ends in
 * d->tied[0], *best its number; *rounds counts the draw-offs.  One that
 * cannot draw says so (a storm_draw event without a card). */
static int storm_tie_break(ms_duel *d, size_t *ntied, int64_t *best,
                           int64_t *rounds, int *seat)
{
	size_t k;
	int rc;
	ms_card c;

	while (*ntied > 1) {
		int64_t top = -1;
		size_t n2 = 0;
		int any = 0;
		++*rounds;
		for (k = 0; k < *ntied; k++) {
			uint32_t t = (uint32_t)d->tied[k];
			if ((rc = storm_draw(d, t, 1, &c)) < 0)
				return rc;
			if (rc == 0)
				EVENT(d, MS_EV_STORM_DRAW, (int32_t)t,
					e.index = 1;
					e.flags = MS_F_NO_CARD;);
			d->hi[t] = rc ? c.number : 0;
			any |= rc;
		}
		if (!any) {
			*ntied = 1;
			*seat = 1;
			break;
		}
		for (k = 0; k < *ntied; k++)
			if (d->hi[d->tied[k]] > top)
				top = d->hi[d->tied[k]];
		for (k = 0; k < *ntied; k++)
			if (d->hi[d->tied[k]] == top)
				d->tied[n2++] = d->tied[k];
		UT_ASSERT(n2 >= 1 && n2 <= *ntied);
		*ntied = n2;
		*best = top;
	}
	return 0;
}

/* MS-STORM-2: the first victim, the eligible seat of the highest number
 * (ties: storm_tie_break), into *out with its number in *best; *out = -1
 * when nobody is eligible.  *high is the highest number of the draws
 * before any draw-off, *rounds and *seat storm_tie_break's. */
static int storm_first_victim(ms_duel *d, int32_t *out, int64_t *best,
                              int64_t *high, int64_t *rounds, int *seat)
{
	size_t i, ntied = 0;
	int rc, casters = any_outfit(d);

	*best = -1;
	*out = -1;
	*rounds = 0;
	*seat = 0;
	for (i = 0; i < d->n; i++) {
		if (!eligible(&d->parts[i], casters))
			continue;
		if (d->hi[i] > *best) {
			*best = d->hi[i];
			ntied = 0;
		}
		if (d->hi[i] == *best)
			d->tied[ntied++] = (int)i;
	}
	UT_ASSERT(ntied <= d->n);
	if (ntied == 0)
		return 0;
	*high = *best;
	if ((rc = storm_tie_break(d, &ntied, best, rounds, seat)) < 0)
		return rc;
	*out = d->tied[0];
	UT_ASSERT(*out >= 0 && (size_t)*out < d->n);
	return 0;
}

/* MS-STORM-4: victim v (the field not empty) loses its highest 衣装 (a
 * caster) or min(HP, field) HP (a warrior), and as many field cards go to
 * their owners' discard piles, most recent first. */
static int storm_hit(ms_duel *d, uint32_t v)
{
	part *p = &d->parts[v];
	int64_t x;
	size_t r, k;
	int rc;

	UT_ASSERT(d->nfield > 0);
	if (is_caster(p)) {
		if (p->nout > 0) /* lose_outfit takes one (and says so) */
			d->storm_outfits++;
		if ((rc = lose_outfit(d, v, &x)) < 0)
			return rc;
	} else {
		x = p->hp < (int64_t)d->nfield ? p->hp : (int64_t)d->nfield;
		if ((rc = hp_change(d, v, x)) < 0)
			return rc;
		/* 0 < x ≤ the field's cards, so the sum stays far from any
		 * limit: at most 52 × participants a storm */
		if (x > 0)
			d->storm_hp += x;
	}
	r = x < (int64_t)d->nfield ? (size_t)x : d->nfield;
	for (k = 0; k < r; k++) {
		ms_field_card *f = field_pop(d);
		part *o = &d->parts[f->owner];
		UT_ASSERT(o->ndisc < o->cap);
		o->disc[o->ndisc++] = f->card;
	}
	EVENT(d, MS_EV_STORM_REMOVE, (int32_t)v,
		e.count = (int64_t)r;);
	return 0;
}

/* MS-STORM-5, MS-STORM-3: nobody left to count ends the storm before the
 * draw (*why = 1); else victim *v draws, and no card ends it (*why = 2),
 * a card counts the next victim into *v.  Returns 1 when the storm goes
 * on, 0 when it ends, < 0 on error. */
static int storm_next(ms_duel *d, int32_t *v, int *why)
{
	int32_t next;
	int rc;
	ms_card c;

	if (count_victim(d, (uint32_t)*v, 1) < 0) {
		*why = 1;
		return 0;
	}
	if ((rc = storm_draw(d, (uint32_t)*v, 2, &c)) < 0)
		return rc;
	if (rc == 0) {
		*why = 2;
		return 0;
	}
	next = count_victim(d, (uint32_t)*v, c.number);
	UT_ASSERT(next >= 0); /* someone was eligible before the draw */
	EVENT(d, MS_EV_STORM_VICTIM, next,
		e.index = 1;
		e.value = c.number;
		e.target = *v;);
	*v = next;
	return 1;
}

/* MS-STORM-1, MS-STORM-2, MS-STORM-3, MS-STORM-4, MS-STORM-5, MS-STORM-6,
 * MS-STORM-7: one マナ・ストーム (D4, D7.8): the draws (storm_collect), the
 * first victim (storm_first_victim), then hit after hit (storm_hit,
 * storm_next) while the field is not empty — it can be empty from the
 * start when nobody could draw.  The end reason: 0 the field is empty, 1
 * nobody left to count, 2 the victim cannot draw, 3 no first victim. */
static int storm(ms_duel *d, size_t pair, uint32_t wa, uint32_t wb)
{
	int rc, why = 3, seat;
	int64_t best, high = 0, rounds;
	int32_t v;

	d->res.storms++;
	EVENT(d, MS_EV_STORM, (int32_t)wa,
		e.target = (int32_t)wb;
		e.count = (int64_t)pair;);
	if ((rc = storm_collect(d)) < 0)
		return rc;
	if ((rc = storm_first_victim(d, &v, &best, &high, &rounds, &seat)) < 0)
		return rc;
	if (v >= 0) {
		EVENT(d, MS_EV_STORM_VICTIM, v,
			e.index = 0;
			e.value = best;
			e.count = high;
			e.value2 = rounds;
			e.flags = seat ? MS_F_SEAT : 0;);
		why = 0;
		while (d->nfield > 0) {
			if ((rc = storm_hit(d, (uint32_t)v)) < 0)
				return rc;
			if (d->nfield == 0)
				break;
			if ((rc = storm_next(d, &v, &why)) <= 0) {
				if (rc < 0)
					return rc;
				break;
			}
		}
	}
	EVENT(d, MS_EV_STORM_END, -1,
		e.index = why;);
	EVENT(d, MS_EV_EMOTION, -1, (void)0);
	return 0;
}

static int discard_attack_cards(ms_duel *d)
{
	size_t i, k;

	FOR_ROLE(d, WARRIORS, k, i) {
		part *p = &d->parts[i];
		if (p->src == MS_SRC_NONE)
			continue;
		if (p->src != MS_SRC_POINT) {
			UT_ASSERT(p->ndisc < p->cap);
			p->disc[p->ndisc++] = p->card;
			EVENT(d, MS_EV_DISCARD, (int32_t)i,
				e.card = p->card;);
		}
	}
	return 0;
}

static int clear_attack(ms_duel *d)
{
	size_t i, k;
	FOR_ROLE(d, WARRIORS, k, i)
		d->parts[i].src = MS_SRC_NONE;
	return 0;
}

static int gain(ms_duel *d, int side, int64_t v, size_t pair, int why)
{
	if (ut_ckd_add(&d->adv[side], d->adv[side], v))
		return d->failed = ut_error_set(UT_EOVERFLOW, "advantage overflows");
	EVENT(d, MS_EV_ADVANTAGE, -1,
		e.side = side;
		e.value = v;
		e.value2 = d->adv[side];
		e.count = (int64_t)pair;
		e.index = why);
	return 0;
}

static int64_t card_value(const part *p, ms_card c)
{
	return (int64_t)c.number +
	       (p->suit != MS_SUIT_NONE && (int)c.suit == p->suit ? 2 : 0);
}

static int64_t attack_value(const part *p)
{
	return card_value(p, p->card);
}

/* MS-ADV-1: the value step 7 compares, for the logs. */
int64_t ms_duel_attack_value(const ms_duel *d, uint32_t i, ms_card c)
{
	return i < d->n ? card_value(&d->parts[i], c) : 0;
}

/* MS-ADV-1: the pairs as duel_lists made them, for the logs. */
size_t ms_duel_pairs(const ms_duel *d)
{
	return d->nw[0] > d->nw[1] ? d->nw[0] : d->nw[1];
}

int ms_duel_pair(const ms_duel *d, size_t k, uint32_t *a, uint32_t *b)
{
	if (k >= d->nw[0] || k >= d->nw[1])
		return 0;
	*a = d->wside[0][k];
	*b = d->wside[1][k];
	return 1;
}

/* MS-ATTACK-2: step 5, each attacker passes or not, and its partner's card
 * matches or not; flags of an earlier round are cleared for one that played
 * nothing.  Returns 0 or an error. */
static int attack_flags(ms_duel *d)
{
	size_t i, k;

	FOR_ROLE(d, WARRIORS, k, i) {
		part *p = &d->parts[i];
		int32_t q;
		if (p->src == MS_SRC_NONE) {
			/* played nothing this round: it matches nothing (D7.3);
			 * flags of an earlier round must not start a storm */
			p->passes = p->match = p->success = 0;
			continue;
		}
		q = p->partner;
		p->passes = passes(p, p->card);
		p->match = q >= 0 && d->parts[q].src != MS_SRC_NONE &&
		           cards_match(d, p->card, d->parts[q].card);
		p->success = p->passes && !p->match;
		EVENT(d, MS_EV_ATTACK, (int32_t)i,
			e.target = q;
			e.card = p->card;
			e.source = p->src;
			if (p->src == MS_SRC_POINT)
				e.index = (int64_t)p->point;
			e.flags = (p->passes ? MS_F_PASSES : 0) |
			          (p->match ? MS_F_MATCH : 0) |
			          (p->success ? MS_F_SUCCESS : 0));
	}
	return 0;
}

/* MS-ATTACK-3: each attacker that played and did not pass loses 1 HP and
 * the right, together.  Returns 0 or an error. */
static int attack_losses(ms_duel *d)
{
	size_t i, k;
	int rc;

	FOR_ROLE(d, WARRIORS, k, i) {
		part *p = &d->parts[i];
		if (p->src == MS_SRC_NONE || p->passes)
			continue;
		if ((rc = hp_change(d, (uint32_t)i, 1)) < 0)
			return rc;
		if (p->right) {
			p->right = 0;
			EVENT(d, MS_EV_RIGHT_LOST, (int32_t)i, (void)0);
		}
	}
	return 0;
}

/* MS-END-2: when a side has no one left, the attack cards go to the discard
 * pile and the duel ends (`why`).  Returns 1 ended, 0 not, or an error. */
static int attack_end(ms_duel *d, ms_end_step why)
{
	int rc;

	if (side_alive(d, 0) && side_alive(d, 1))
		return 0;
	if ((rc = discard_attack_cards(d)) < 0)
		return rc;
	clear_attack(d);
	if ((rc = finish(d, why)) < 0)
		return rc;
	return 1;
}

/* MS-ATTACK-4, MS-STORM-7: one storm per matching pair of the first
 * `npairs`, in pair order, until a side falls.  Returns 1 when the duel
 * ended, 0, or an error. */
static int attack_storms(ms_duel *d, size_t npairs)
{
	size_t k;
	int rc;

	for (k = 0; k < npairs && k < d->nw[0] && k < d->nw[1]; k++) {
		uint32_t a = d->wside[0][k], b = d->wside[1][k];
		if (!d->parts[a].match)
			continue;
		if ((rc = storm(d, k, a, b)) < 0)
			return rc;
		if ((rc = attack_end(d, MS_END_STORM)) != 0)
			return rc;
	}
	return 0;
}

/* MS-ADV-1, MS-ADV-2, MS-ADV-3, MS-ADV-4: the advantage won in pair k
 * (either attacker may be missing).  Returns 0 or an error. */
static int pair_advantage(ms_duel *d, size_t k)
{
	int32_t a = k < d->nw[0] ? (int32_t)d->wside[0][k] : -1;
	int32_t b = k < d->nw[1] ? (int32_t)d->wside[1][k] : -1;
	const part *pa = a >= 0 ? &d->parts[a] : NULL;
	const part *pb = b >= 0 ? &d->parts[b] : NULL;
	int sa = pa && pa->src != MS_SRC_NONE && pa->success;
	int sb = pb && pb->src != MS_SRC_NONE && pb->success;
	int playa = pa && pa->src != MS_SRC_NONE;
	int playb = pb && pb->src != MS_SRC_NONE;

	if (sa && sb) {
		int64_t va = attack_value(pa), vb = attack_value(pb);
		if (va != vb)
			return gain(d, va > vb ? 0 : 1, 1, k, 1);
	} else if (sa) {
		return gain(d, 0, playb ? 2 : 1, k, playb ? 2 : 3);
	} else if (sb) {
		return gain(d, 1, playa ? 2 : 1, k, playa ? 2 : 3);
	}
	return 0;
}

/* Steps 5–7 after step 6's end test (attack_end), one event at a time:
 * the storms, then (MS-ATTACK-5) the attack cards to the discard piles and
 * the advantages.  Returns 1 when the duel ended. */
static int attack_rest(ms_duel *d, size_t npairs)
{
	size_t k;
	int rc;

	if ((rc = attack_storms(d, npairs)) != 0)
		return rc;
	/* MS-ATTACK-5: played attack cards to the discard pile */
	if ((rc = discard_attack_cards(d)) < 0)
		return rc;
	for (k = 0; k < npairs; k++)
		if ((rc = pair_advantage(d, k)) < 0)
			return rc;
	clear_attack(d);
	return 0;
}

/* Steps 5–7 one step after the other, every event counted and built as
 * wanted.  Returns 1 when the duel ended. */
static int attack_steps(ms_duel *d)
{
	int rc;

	if ((rc = attack_flags(d)) < 0 || (rc = attack_losses(d)) < 0)
		return rc;
	/* MS-END-2: at once after the HP losses */
	if ((rc = attack_end(d, MS_END_STEP6)) != 0)
		return rc;
	return attack_rest(d, d->nw[0] > d->nw[1] ? d->nw[0] : d->nw[1]);
}

/* The kinds steps 5–7 emit, storms aside, that attack_quiet never builds
 * (MS_EV_HP it delivers where attack_losses would). */
#define QUIET_ATTACK_KINDS (MS_EV_BIT(MS_EV_ATTACK) | \
	MS_EV_BIT(MS_EV_RIGHT_LOST) | MS_EV_BIT(MS_EV_DEFEATED) | \
	MS_EV_BIT(MS_EV_DISCARD) | MS_EV_BIT(MS_EV_ADVANTAGE))

/* The HP event of attack_quiet's loss of warrior i (out of the hot loop). */
static COLD int quiet_hp_event(ms_duel *d, uint32_t i, int64_t before, int64_t after)
{
	ms_event e = ev0(d, MS_EV_HP, (int32_t)i);

	e.value = before;
	e.value2 = after;
	return deliver(d, &e);
}

/* MS-ATTACK-5: warrior p's played attack card (not pointed) to its
 * discard pile, the event counted. */
static inline void quiet_discard(ms_duel *d, part *p)
{
	if (p->src != MS_SRC_POINT) {
		UT_ASSERT(p->ndisc < p->cap);
		p->disc[p->ndisc++] = p->card;
		d->left--; /* MS_EV_DISCARD */
	}
}

/* MS-ADV-1, MS-ADV-2, MS-ADV-3, MS-ADV-4: pair_advantage of a played
 * pair's flags (sa, sb: success; pa, pb: played), without the event. */
static inline int quiet_gain(ms_duel *d, const part *pa, const part *pb,
                             int sa, int sb, int playa, int playb)
{
	int side;
	int64_t v;

	if (sa && sb) {
		int64_t va = attack_value(pa), vb = attack_value(pb);
		if (va == vb)
			return 0;
		side = va > vb ? 0 : 1;
		v = 1;
	} else if (sa) {
		side = 0;
		v = playb ? 2 : 1;
	} else if (sb) {
		side = 1;
		v = playa ? 2 : 1;
	} else {
		return 0;
	}
	if (ut_ckd_add(&d->adv[side], d->adv[side], v))
		return d->failed = ut_error_set(UT_EOVERFLOW, "advantage overflows");
	d->left--;
	return 1;
}

/* MS-ATTACK-5, MS-ADV-1, MS-ADV-2, MS-ADV-3, MS-ADV-4: the end of pair
 * (pa, pb) (NULL: no warrior there) when there is no storm: the played
 * attack cards to the discard piles, the pair's advantage, the cards'
 * sources cleared, the events counted.  0 or an error (an advantage that
 * overflows). */
static HOT_INLINE int quiet_pair_end(ms_duel *d, part *pa, part *pb)
{
	int playa = pa && pa->src != MS_SRC_NONE;
	int playb = pb && pb->src != MS_SRC_NONE;
	int rc;

	if (!playa && !playb)
		return 0;
	if (playa)
		quiet_discard(d, pa);
	if (playb)
		quiet_discard(d, pb);
	if ((rc = quiet_gain(d, pa, pb, playa && pa->success,
	                     playb && pb->success, playa, playb)) < 0)
		return rc;
	if (playa)
		pa->src = MS_SRC_NONE;
	if (playb)
		pb->src = MS_SRC_NONE;
	return 0;
}

/* MS-ATTACK-2, MS-ATTACK-3, MS-ATTACK-4, MS-ATTACK-5, MS-END-2: steps 5–7
 * as attack_steps does them, when no callback wants QUIET_ATTACK_KINDS and
 * the budget holds every event they can emit without a storm
 * (d->attack_bound): one pass over the warriors for steps 5 and 6 (their
 * ATTACK events counted first, so that an HP event sees the count
 * attack_losses gives it), then, without a storm, one over the pairs for
 * the discards and the advantages; a storm goes on as attack_rest.
 * Returns 1 when the duel ended. */
static int attack_quiet(ms_duel *d)
{
	part *parts = d->parts;
	part *const *w = d->rpart[WARRIORS];
	size_t nw = d->nrole[WARRIORS], k, npairs;
	int anymatch = 0, rc;

	UT_ASSERT(d->left >= d->attack_bound);
	d->left -= d->nattack; /* the ATTACK events of step 5 */
	for (k = 0; k < nw; k++) {
		part *p = w[k];
		int32_t q;
		int64_t before, after;
		if (p->src == MS_SRC_NONE) {
			p->passes = p->match = p->success = 0;
			continue;
		}
		q = p->partner;
		p->passes = passes(p, p->card);
		p->match = q >= 0 && parts[q].src != MS_SRC_NONE &&
		           cards_match(d, p->card, parts[q].card);
		p->success = p->passes && !p->match;
		anymatch |= p->match;
		if (p->passes)
			continue;
		/* MS-ATTACK-3: hp_change(d, i, 1), then the right */
		before = p->hp;
		if (ut_ckd_sub(&after, before, 1))
			return d->failed = ut_error_set(UT_EOVERFLOW,
			                                "%s: HP overflows", p->p->name);
		set_hp(d, p, after);
		d->left--;
		if (WANTS(d, MS_EV_HP) &&
		    (rc = quiet_hp_event(d, p->self, before, after)) < 0)
			return rc;
		if (after <= 0 && before > 0) {
			p->right = 0;
			d->left--; /* MS_EV_DEFEATED */
		}
		if (p->right) {
			p->right = 0;
			d->left--; /* MS_EV_RIGHT_LOST */
		}
	}
	d->nattack = 0;
	/* MS-END-2: at once after the HP losses */
	if (!side_alive(d, 0) || !side_alive(d, 1))
		return attack_end(d, MS_END_STEP6);
	npairs = d->nw[0] > d->nw[1] ? d->nw[0] : d->nw[1];
	if (anymatch)
		return attack_rest(d, npairs);
	/* MS-ATTACK-5: no storm, so the budget holds the rest; pair by pair
	 * (every warrior is in one), as the discard piles are each its own */
	for (k = 0; k < npairs; k++)
		if ((rc = quiet_pair_end(d, k < d->nw[0] ? d->wpart[0][k] : NULL,
		                         k < d->nw[1] ? d->wpart[1][k] : NULL)) < 0)
			return rc;
	return 0;
}

/* MS-ATTACK-2, MS-ATTACK-3: steps 5 and 6 for warrior p (NULL: none) of
 * a pair whose cards match or not (d->alive follows).  No event is
 * built (the caller's callback wants none of them). */
static HOT_INLINE void quiet_flags(ms_duel *d, part *p, int match)
{
	int64_t after;

	if (!p)
		return;
	if (p->src == MS_SRC_NONE) {
		p->passes = p->match = p->success = 0;
		return;
	}
	p->passes = passes(p, p->card);
	p->match = match;
	p->success = p->passes && !match;
	if (p->passes)
		return;
	/* hp_change(d, i, 1), then the right: HP, and DEFEATED (at 0: it
	 * played, so it had HP and the right) or RIGHT_LOST */
	UT_ASSERT(p->hp >= 1 && p->right);
	after = p->hp - 1;
	d->left -= 2;
	if (after == 0)
		d->alive[p->side]--;
	p->hp = after;
	p->right = 0;
}

/* Steps 5–7 as attack_quiet does them when no callback wants MS_EV_HP
 * either (the quiet rounds'), pair by pair: the order of the warriors'
 * losses is seen only in their HP events.  Returns 1 when the duel
 * ended. */
static int quiet_attack(ms_duel *d)
{
	part *const *w0 = d->wpart[0], *const *w1 = d->wpart[1];
	size_t n0 = d->nw[0], n1 = d->nw[1], k;
	size_t npairs = n0 > n1 ? n0 : n1;
	int anymatch = 0, rc;

	UT_ASSERT(d->left >= d->attack_bound && !WANTS(d, MS_EV_HP));
	d->left -= d->nattack; /* the ATTACK events of step 5 */
	d->nattack = 0;
	for (k = 0; k < npairs; k++) {
		part *pa = k < n0 ? w0[k] : NULL;
		part *pb = k < n1 ? w1[k] : NULL;
		int match = pa && pb && pa->src != MS_SRC_NONE &&
		            pb->src != MS_SRC_NONE &&
		            cards_match(d, pa->card, pb->card);
		anymatch |= match;
		quiet_flags(d, pa, match);
		quiet_flags(d, pb, match);
	}
	/* MS-END-2: at once after the HP losses */
	if (!side_alive(d, 0) || !side_alive(d, 1))
		return attack_end(d, MS_END_STEP6);
	if (anymatch)
		return attack_rest(d, npairs);
	for (k = 0; k < npairs; k++)
		if ((rc = quiet_pair_end(d, k < n0 ? w0[k] : NULL,
		                         k < n1 ? w1[k] : NULL)) < 0)
			return rc;
	return 0;
}

/* Steps 5–7.  Returns 1 when the duel ended. */
static int attack_check(ms_duel *d)
{
	if ((d->want & QUIET_ATTACK_KINDS) == 0 && d->left >= d->attack_bound)
		return attack_quiet(d);
	d->nattack = 0;
	return attack_steps(d);
}

/* Whether step 9's shuffles may wait (finish_shuffles): the duel ends at
 * this step (MS-END-1), nobody can see the generator afterwards (the
 * duel's own, not a borrowed one), no callback wants the shuffle events
 * (it could look at a deck), and the budget holds those events and the
 * end (so no error can stop the duel half-way through them). */
static int can_defer_shuffles(const ms_duel *d)
{
	if (d->rng != &d->own || WANTS(d, MS_EV_SHUFFLE))
		return 0;
	if (side_alive(d, 0) && side_alive(d, 1) && d->battle < d->s->battles)
		return 0;
	return d->left > d->n; /* n shuffles + the end */
}

/* MS-DAMAGE-3: the shuffles of the last step 9, in seat order, done when
 * a deck is first looked at after the end: the duel's generator is used
 * by nothing else after it, so the decks come out as if shuffled then. */
static void finish_shuffles(ms_duel *d)
{
	d->pending_shuffles = 0;
	shuffle_decks(d);
}

/* MS-DAMAGE-1, MS-DAMAGE-2, MS-DAMAGE-3, MS-DAMAGE-4, MS-END-1: step 9.
 * Returns 1 when the duel ended. */
static int last_damage(ms_duel *d)
{
	int64_t deal[2];
	int32_t target[2] = {-1, -1};
	int side, rc;
	size_t i, k;

	if (d->adv[0] > d->adv[1]) {
		deal[0] = d->adv[0];
		deal[1] = d->adv[1] / 2;
	} else if (d->adv[1] > d->adv[0]) {
		deal[1] = d->adv[1];
		deal[0] = d->adv[0] / 2;
	} else {
		deal[0] = d->adv[0];
		deal[1] = d->adv[1];
	}
	for (side = 0; side < 2; side++)
		for (k = 0; k < d->nw[1 - side]; k++)
			if (d->parts[d->wside[1 - side][k]].hp > 0) {
				target[side] = (int32_t)d->wside[1 - side][k];
				break;
			}
	for (side = 0; side < 2; side++) {
		part *t;
		int64_t after;
		if (target[side] < 0)
			continue;
		t = &d->parts[target[side]];
		if (ut_ckd_sub(&after, t->hp, deal[side]) ||
		    ut_ckd_add(&d->res.damage[side], d->res.damage[side], deal[side]))
			return d->failed = ut_error_set(UT_EOVERFLOW, "damage overflows");
		EVENT(d, MS_EV_DAMAGE, -1,
			e.side = side;
			e.target = target[side];
			e.value = deal[side];
			e.value2 = after;
			e.count = t->hp;);
		if (after <= 0 && t->hp > 0) {
			set_hp(d, t, after);
			EVENT(d, MS_EV_DEFEATED, target[side], (void)0);
		}
		set_hp(d, t, after);
	}
	/* MS-DAMAGE-3: advantages 0, rights back, field to the decks'
	 * bottoms in field order, every deck shuffled in seat order */
	d->adv[0] = d->adv[1] = 0;
	FOR_ROLE(d, WARRIORS, k, i)
		d->parts[i].right = d->parts[i].hp > 0;
	for (k = 0; k < d->nfield; k++)
		to_bottom(&d->parts[d->field[k].owner], d->field[k].card);
	field_clear(d);
#ifndef NDEBUG
	UT_ASSERT(cards_home(d)); /* every card back with its owner */
#endif
	EVENT(d, MS_EV_BATTLE_END, -1, (void)0);
	if (d->s->shuffle && can_defer_shuffles(d)) {
		/* the duel ends now: the shuffles wait for a look at a deck
		 * (finish_shuffles); their events still count */
		d->pending_shuffles = 1;
		for (i = 0; i < d->n; i++)
			EVENT(d, MS_EV_SHUFFLE, (int32_t)i, (void)0);
	} else if (d->s->shuffle) {
		gen_sync(d);
		for (i = 0; i < d->n; i++) {
			part *p = &d->parts[i];
			undefer_check(d, p);
			shuffle_cards(d->rng, p->deck + p->doff, p->nd);
			EVENT(d, MS_EV_SHUFFLE, (int32_t)i,
				e.value = 9;
				e.count = (int64_t)p->nd;);
		}
	}
	if (!side_alive(d, 0) || !side_alive(d, 1)) {
		if ((rc = finish(d, MS_END_STEP9)) < 0)
			return rc;
		return 1;
	}
	if (d->battle >= d->s->battles) {
		if ((rc = finish(d, MS_END_BATTLES)) < 0)
			return rc;
		return 1;
	}
	return 0;
}

static int any_right(const ms_duel *d)
{
	size_t i, k;
	FOR_ROLE(d, WARRIORS, k, i)
		if (d->parts[i].right)
			return 1;
	return 0;
}

/* Ask for the participant at place pos of the role list of kind (the
 * casters at step 1, the warriors at steps 4 and 8). */
static void set_ask(ms_duel *d, ms_ask_kind kind, uint32_t pos, ms_ask *ask)
{
	uint32_t i = d->role[kind == MS_ASK_ENCHANT ? CASTERS : WARRIORS][pos];
	const part *p = &d->parts[i];

	memset(&d->ask, 0, sizeof(d->ask));
	d->ask.kind = kind;
	d->ask.battle = d->battle;
	d->ask.round = d->round;
	d->ask.actor = i;
	d->ask.nhand = p->nh;
	d->ask.can_draw = can_draw(p);
	d->asking = 1;
	d->ask_pos = pos;
	*ask = d->ask;
}

int ms_duel_next(ms_ask *ask, ms_duel *d)
{
	int rc;

	if (!ask)
		return ut_error_set(UT_EINVALID, "ms_duel_next: ask is NULL");
	if (!d)
		return ut_error_set(UT_EINVALID, "ms_duel_next: d is NULL");
	if (d->failed)
		return d->failed;
	if (d->asking) {
		*ask = d->ask;
		return 0;
	}
	for (;;) {
		switch (d->phase) {
		case PH_START:
			if ((rc = start(d)) < 0 || (rc = begin_round(d, 1)) < 0)
				return d->failed = rc;
			break;
		case PH_ENCHANT:
			if (d->cursor < d->nrole[CASTERS]) {
				set_ask(d, MS_ASK_ENCHANT, d->cursor, ask);
				return 0;
			}
			if ((rc = enchant_check(d)) < 0)
				return d->failed = rc;
			d->phase = PH_ATTACK;
			d->cursor = 0;
			break;
		case PH_ATTACK:
			while (d->cursor < d->nrole[WARRIORS] &&
			       !d->parts[d->role[WARRIORS][d->cursor]].right)
				d->cursor++;
			if (d->cursor < d->nrole[WARRIORS]) {
				set_ask(d, MS_ASK_ATTACK, d->cursor, ask);
				return 0;
			}
			if ((rc = attack_check(d)) < 0)
				return d->failed = rc;
			if (rc == 0) {
				d->phase = PH_GOON;
				d->cursor = 0;
			}
			break;
		case PH_GOON:
			while (d->cursor < d->nrole[WARRIORS] &&
			       !d->parts[d->role[WARRIORS][d->cursor]].right)
				d->cursor++;
			if (d->cursor < d->nrole[WARRIORS]) {
				set_ask(d, MS_ASK_GO_ON, d->cursor, ask);
				return 0;
			}
			/* MS-ATTACK-6: another round while a right remains and
			 * rounds_per_battle is not reached; else step 9 */
			if (any_right(d) && d->round < d->s->rounds_per_battle) {
				if ((rc = begin_round(d, 0)) < 0)
					return d->failed = rc;
				break;
			}
			if ((rc = last_damage(d)) < 0)
				return d->failed = rc;
			if (rc == 0 && (rc = begin_round(d, 1)) < 0)
				return d->failed = rc;
			break;
		default:
			memset(ask, 0, sizeof(*ask));
			ask->kind = MS_ASK_OVER;
			ask->battle = d->battle;
			ask->round = d->round;
			return 0;
		}
	}
}

/* MS-ATTACK-1: whether field card f is an enchant of a caster on
 * participant i's side (one i may attack with). */
static int allied_enchant(const ms_duel *d, uint32_t i, size_t f)
{
	const ms_field_card *fc;
	if (f >= d->nfield)
		return 0;
	fc = &d->field[f];
	return fc->enchant && is_caster(&d->parts[fc->owner]) &&
	       d->parts[fc->owner].side == d->parts[i].side;
}

/* Remove hand card k of p (hand order kept): the cards after it move up
 * one, carried from the last (a copy loop would be a call of memmove,
 * which costs more than the few moves of a hand). */
static inline ms_card take_hand(part *p, size_t k)
{
	size_t j = p->nh - 1;
	ms_card c = p->hand[j], t;

	UT_ASSERT(k < p->nh);
	for (; j > k; j--) {
		t = p->hand[j - 1];
		p->hand[j - 1] = c;
		c = t;
	}
	p->nh--;
	if (p->twins)
		p->hmask = hand_mask(p);
	else
		p->hmask &= ~(UINT64_C(1) << card_bit(c));
	return c;
}

/* Apply choice ch of participant i to an ask of `kind` (ms_duel_act once
 * it is checked legal; ms_duel_run's built-in policies choose only legal
 * ones).  0 or an error (d->failed set). */
static HOT_INLINE int apply(ms_duel *d, ms_ask_kind kind, uint32_t i,
                            const ms_choice *ch)
{
	part *p = &d->parts[i];
	int rc;

	switch (ch->kind) {
	case MS_CHOICE_PASS:
		p->src = MS_SRC_NONE;
		EVENT(d, MS_EV_PASS, (int32_t)i,
			e.value = kind == MS_ASK_ENCHANT ? 1 : 4);
		break;
	case MS_CHOICE_HAND:
		p->card = take_hand(p, ch->index);
		p->src = MS_SRC_HAND;
		d->nreveal += kind == MS_ASK_ENCHANT;
		d->nattack += kind == MS_ASK_ATTACK;
		break;
	case MS_CHOICE_DECK:
		if ((rc = draw(d, i, &p->card)) < 0)
			return d->failed = rc;
		p->src = MS_SRC_DECK;
		d->nreveal += kind == MS_ASK_ENCHANT;
		d->nattack += kind == MS_ASK_ATTACK;
		break;
	case MS_CHOICE_POINT:
		UT_ASSERT(ch->index < d->nfield); /* allied_enchant */
		p->card = d->field[ch->index].card;
		p->point = ch->index;
		p->src = MS_SRC_POINT;
		d->nattack++;
		break;
	case MS_CHOICE_GO_ON:
		EVENT(d, MS_EV_GO_ON, (int32_t)i, (void)0);
		break;
	default:
		UT_ASSERT(ch->kind == MS_CHOICE_GIVE_UP);
		p->right = 0;
		EVENT(d, MS_EV_GIVE_UP, (int32_t)i, (void)0);
		break;
	}
	return 0;
}

/* ms_duel_act once its arguments are there (decide_other calls it for
 * every decision of a policy that is not built in). */
static int duel_act(ms_duel *d, const ms_choice *ch)
{
	part *p;
	int rc;

	if (d->failed)
		return d->failed;
	if (!d->asking)
		return ut_error_set(UT_EINVALID, "no decision is asked for");
	p = &d->parts[d->ask.actor];
	switch (d->ask.kind) {
	case MS_ASK_ENCHANT:
	case MS_ASK_ATTACK:
		switch (ch->kind) {
		case MS_CHOICE_PASS:
			break;
		case MS_CHOICE_HAND:
			if (ch->index >= p->nh)
				return ut_error_set(UT_EINVALID, "%s: no hand card %zu "
				                    "(hand of %zu)", p->p->name,
				                    ch->index + 1, p->nh);
			break;
		case MS_CHOICE_DECK:
			if (!can_draw(p))
				return ut_error_set(UT_EINVALID, "%s: nothing to draw",
				                    p->p->name);
			break;
		case MS_CHOICE_POINT:
			if (d->ask.kind == MS_ASK_ATTACK &&
			    allied_enchant(d, d->ask.actor, ch->index))
				break;
			/* fall through */
		default:
			return ut_error_set(UT_EINVALID, "%s: not a legal choice here",
			                    p->p->name);
		}
		break;
	case MS_ASK_GO_ON:
		if (ch->kind != MS_CHOICE_GO_ON && ch->kind != MS_CHOICE_GIVE_UP)
			return ut_error_set(UT_EINVALID, "%s: go on or give up",
			                    p->p->name);
		break;
	default:
		return ut_error_set(UT_EINVALID, "the duel is over");
	}
	d->asking = 0;
	if ((rc = apply(d, d->ask.kind, d->ask.actor, ch)) < 0)
		return rc;
	d->cursor = d->ask_pos + 1;
	return 0;
}

/* ---- the fused built-in policies ------------------------------------ */

/* The highest bit of x (not 0). */
static inline unsigned top_bit(uint64_t x)
{
	UT_ASSERT(x != 0);
#if defined(__GNUC__)
	return 63u - (unsigned)__builtin_clzll(x);
#else
	unsigned n = 0;
	while (x >>= 1)
		n++;
	return n;
#endif
}

/* policy.c's best_hand on the duel's own state: the best hand card of i
 * that passes (and, when not_on_field, whose number is not on the field):
 * highest number, ties suit order S H D C, then the earliest.  -1: none.
 * The card is the highest bit of a mask (p->hmask, p->pass, d->fmask:
 * card_bit), then its first place in the hand. */
static long fused_best_hand(const ms_duel *d, const part *p, int not_on_field)
{
	uint64_t m = p->hmask & p->pass;
	unsigned b;
	size_t k;
	ms_card c;
	uint16_t key;

	UT_ASSERT(p->hmask == hand_mask(p));
	if (not_on_field)
		m &= ~d->fmask;
	if (m == 0)
		return -1;
	b = top_bit(m);
	c.number = (uint8_t)(b >> 2);
	c.suit = (uint8_t)(3 - (b & 3));
	/* the card's two bytes compared as one */
	memcpy(&key, &c, sizeof(key));
	for (k = 0;; k++) {
		uint16_t h;
		UT_ASSERT(k < p->nh);
		memcpy(&h, &p->hand[k], sizeof(h));
		if (h == key)
			return (long)k;
	}
}

/* policy.c's best_point (MS-POLICY-2): the allied caster's held enchant of
 * highest number that passes for warrior p, ties the earliest.  -1: none.
 * That number from the masks (d->ench, p->pass), then its first place on
 * the field. */
static long fused_best_point(const ms_duel *d, const part *p)
{
	uint64_t m = d->ench[p->side] & p->pass;
	unsigned n;
	size_t k;

	if (m == 0)
		return -1;
	n = top_bit(m) >> 2;
	for (k = 0;; k++) {
		const ms_field_card *f = &d->field[k];
		UT_ASSERT(k < d->nfield);
		if (f->card.number == n && f->enchant &&
		    d->parts[f->owner].side == p->side && passes(p, f->card))
			return (long)k;
	}
}

/* Whether warrior p has something to attack with: an allied held enchant
 * or a hand card that passes for it (fused_best_point(d, p) >= 0 ||
 * fused_best_hand(d, p, 0) >= 0, without looking for the best). */
static inline int fused_can_attack(const ms_duel *d, const part *p)
{
	return ((p->hmask | d->ench[p->side]) & p->pass) != 0;
}

/* MS-POLICY-5: policy.c's choose_random for an ask of `kind` to p: one
 * number of the duel's generator picks one of the legal choices, in
 * ms_duel_choices' order (hand cards, the deck top when p can draw, at
 * step 4 the allied held enchants in field order, pass; step 8: go on,
 * give up).  The generator is up to date: a duel with this policy plays
 * no quiet round, which alone leaves it behind (defer_decks). */
static void fused_random(const ms_duel *d, ms_ask_kind kind, const part *p,
                         ms_choice *out)
{
	const int draw = can_draw(p);
	uint64_t n = 2, k;
	size_t f, nf = 0;

	UT_ASSERT(d->lag == 0);
	if (kind != MS_ASK_GO_ON) {
		if (kind == MS_ASK_ATTACK)
			for (f = 0; f < d->nfield; f++)
				nf += (size_t)allied_enchant(d, p->self, f);
		n = (uint64_t)p->nh + (uint64_t)draw + nf + 1;
	}
	k = ut_rng_uniform(d->rng, n);
	if (kind == MS_ASK_GO_ON) {
		out->kind = k == 0 ? MS_CHOICE_GO_ON : MS_CHOICE_GIVE_UP;
		return;
	}
	if (k < p->nh) {
		out->kind = MS_CHOICE_HAND;
		out->index = (size_t)k;
		return;
	}
	k -= p->nh;
	if (draw) {
		if (k == 0) {
			out->kind = MS_CHOICE_DECK;
			return;
		}
		k--;
	}
	if (k < nf) /* the k-th allied held enchant (0 first), else pass */
		for (f = 0;; f++)
			if (allied_enchant(d, p->self, f) && k-- == 0) {
				out->kind = MS_CHOICE_POINT;
				out->index = f;
				return;
			}
}

/* MS-POLICY-1, MS-POLICY-2, MS-POLICY-3, MS-POLICY-4, MS-POLICY-5:
 * policy.c's choose_default, choose_greedy and choose_random (which) for
 * an ask of `kind` to p, choice for choice. */
static void fused_choose(const ms_duel *d, ms_ask_kind kind, const part *p,
                         int which, ms_choice *out)
{
	long k;

	out->kind = MS_CHOICE_PASS;
	out->index = 0;
	if (which == FUSED_RANDOM) {
		fused_random(d, kind, p, out);
		return;
	}
	if (which == FUSED_GREEDY) {
		if (kind == MS_ASK_GO_ON)
			out->kind = MS_CHOICE_GO_ON;
		else if (can_draw(p))
			out->kind = MS_CHOICE_DECK;
		return;
	}
	UT_ASSERT(which == FUSED_DEFAULT);
	switch (kind) {
	case MS_ASK_ENCHANT:
		if ((k = fused_best_hand(d, p, 1)) >= 0) {
			out->kind = MS_CHOICE_HAND;
			out->index = (size_t)k;
		}
		break;
	case MS_ASK_ATTACK:
		if ((k = fused_best_point(d, p)) >= 0) {
			out->kind = MS_CHOICE_POINT;
			out->index = (size_t)k;
		} else if ((k = fused_best_hand(d, p, 0)) >= 0) {
			out->kind = MS_CHOICE_HAND;
			out->index = (size_t)k;
		}
		break;
	case MS_ASK_GO_ON: {
		/* policy.c asks whether it can attack first; the answer
		 * matters only when its side is not ahead */
		int side = p->side;
		out->kind = d->adv[side] <= d->adv[1 - side] &&
		            fused_can_attack(d, p) ? MS_CHOICE_GO_ON
		                                   : MS_CHOICE_GIVE_UP;
		break;
	}
	default:
		break;
	}
}

int ms_duel_act(ms_duel *d, const ms_choice *ch)
{
	if (!d)
		return ut_error_set(UT_EINVALID, "ms_duel_act: d is NULL");
	if (!ch)
		return ut_error_set(UT_EINVALID, "ms_duel_act: choice is NULL");
	return duel_act(d, ch);
}

/* The decision asked of the participant at place pos of role list r
 * (kind): a built-in policy chooses on the duel's state and its choice
 * (legal: test_duel's ms_fused_equals_step) is applied without an ask;
 * any other policy gets the ask of ms_duel_next and its choice goes
 * through ms_duel_act.  0 or an error. */
static int decide_other(ms_duel *d, ms_ask_kind kind, const part *p,
                        uint32_t pos)
{
	const ms_policy *pol = p->pol;
	ms_ask ask;
	ms_choice ch;
	int rc;

	set_ask(d, kind, pos, &ask);
	memset(&ch, 0, sizeof(ch));
	/* the generator it gets is up to date: only quiet rounds leave it
	 * behind (defer_decks), and a duel with this policy plays none */
	UT_ASSERT(d->lag == 0);
	if ((rc = pol->choose(pol->ud, d, &ask, d->rng, &ch)) < 0)
		return rc;
	return duel_act(d, &ch);
}

static HOT_INLINE int decide(ms_duel *d, ms_ask_kind kind, int r,
                             uint32_t pos)
{
	uint32_t i = d->role[r][pos];
	const part *p = &d->parts[i];
	ms_choice ch;
	int rc;

	if (p->fused == FUSED_NONE)
		return decide_other(d, kind, p, pos);
	fused_choose(d, kind, p, p->fused, &ch);
	if ((rc = apply(d, kind, i, &ch)) < 0)
		return rc;
	d->cursor = pos + 1;
	return 0;
}

/* ---- the quiet round ------------------------------------------------ */

/* The greedy policy's card in a quiet round: the deck's top (through the
 * draw rule), or a pass counted when deck and discard pile are empty.  1
 * drawn, 0 passed, or an error (a RESHUFFLE's callback). */
static HOT_INLINE int quiet_greedy_draw(ms_duel *d, part *p)
{
	int rc;

	if (p->nd > 0) {
		undefer_check(d, p);
		p->card = p->deck[p->doff++];
		p->nd--;
	} else if (p->ndisc == 0) {
		p->src = MS_SRC_NONE;
		d->left--; /* MS_EV_PASS */
		return 0;
	} else if ((rc = draw_refill(d, p->self, &p->card)) < 0) {
		return rc;
	}
	p->src = MS_SRC_DECK;
	return 1;
}

/* Step 1 for caster i on a built-in policy, as fused_choose and apply do
 * it: the card it reveals (src, card), or a pass counted.  The numbers
 * revealed go into *seen, those revealed twice into *dup.  0 or an error
 * (a RESHUFFLE's callback). */
static HOT_INLINE int quiet_enchant_choose(ms_duel *d, part *p,
                                           uint32_t *seen, uint32_t *dup)
{
	uint32_t bit;
	long k;
	int rc;

	if (p->fused == FUSED_GREEDY) {
		if ((rc = quiet_greedy_draw(d, p)) <= 0)
			return rc;
	} else if ((k = fused_best_hand(d, p, 1)) >= 0) {
		p->card = take_hand(p, (size_t)k);
		p->src = MS_SRC_HAND;
	} else {
		p->src = MS_SRC_NONE;
		d->left--; /* MS_EV_PASS */
		return 0;
	}
	bit = UINT32_C(1) << p->card.number;
	*dup |= *seen & bit;
	*seen |= bit;
	return 0;
}

/* MS-ENCHANT-1, MS-ENCHANT-2, MS-ENCHANT-3: steps 2 and 3 as
 * enchant_check does them, the ENCHANT events counted: a card is the same
 * as another when its number is on the field or revealed twice (dup; a
 * card held earlier this round has the number of this one only when both
 * were revealed now), so reveal and place are one pass; the MP losses and
 * happenings (enchant_mp, enchant_happening) follow caster by caster for
 * the cards that did not hold.  0 or an error. */
static int quiet_enchant(ms_duel *d, uint32_t dup)
{
	part *const *c = d->rpart[CASTERS];
	size_t nc = d->nrole[CASTERS], k;
	int rare = 0, rc;

	UT_ASSERT(d->nreveal == 0);
	for (k = 0; k < nc; k++) {
		part *p = c[k];
		if (p->src == MS_SRC_NONE)
			continue;
		p->passes = passes(p, p->card);
		p->same = on_field(d, p->card.number) ||
		          ((dup >> p->card.number) & 1);
		d->left--; /* MS_EV_ENCHANT */
		if (p->passes && !p->same) {
			field_push(d, p->card, p->self, 1);
			p->src = MS_SRC_NONE; /* nothing more for it */
		} else {
			UT_ASSERT(p->ndisc < p->cap);
			p->disc[p->ndisc++] = p->card;
			rare = 1;
		}
	}
	for (k = 0; rare && k < nc; k++) {
		part *p = c[k];
		if (p->src == MS_SRC_NONE)
			continue;
		p->src = MS_SRC_NONE;
		if (!p->passes && (rc = enchant_mp(d, p->self)) < 0)
			return rc;
		if (p->same && (rc = enchant_happening(d, p->self)) < 0)
			return rc;
	}
	return 0;
}

/* Step 4 for warrior i (with the right) on a built-in policy, as
 * fused_choose and apply do it.  0 or an error (a RESHUFFLE's
 * callback). */
static HOT_INLINE int quiet_attack_choose(ms_duel *d, part *p)
{
	long k;
	int rc;

	if (p->fused == FUSED_GREEDY) {
		if ((rc = quiet_greedy_draw(d, p)) <= 0)
			return rc;
	} else if ((k = fused_best_point(d, p)) >= 0) {
		p->card = d->field[k].card;
		p->point = (size_t)k;
		p->src = MS_SRC_POINT;
	} else if ((k = fused_best_hand(d, p, 0)) >= 0) {
		p->card = take_hand(p, (size_t)k);
		p->src = MS_SRC_HAND;
	} else {
		p->src = MS_SRC_NONE;
		d->left--; /* MS_EV_PASS */
		return 0;
	}
	d->nattack++;
	return 0;
}

/* Step 8 for the warriors with the right, as fused_choose and apply do
 * it, the GO_ON and GIVE_UP events counted.  1 when one still has the
 * right (any_right). */
static int quiet_go_on(ms_duel *d)
{
	part *const *w = d->rpart[WARRIORS];
	size_t nw = d->nrole[WARRIORS], k;
	int any = 0;

	for (k = 0; k < nw; k++) {
		part *p = w[k];
		if (!p->right)
			continue;
		d->left--; /* MS_EV_GO_ON or MS_EV_GIVE_UP */
		if (p->fused == FUSED_DEFAULT &&
		    !(d->adv[p->side] <= d->adv[1 - p->side] &&
		      fused_can_attack(d, p)))
			p->right = 0;
		any |= p->right;
	}
	return any;
}

/* MS-DAMAGE-1, MS-DAMAGE-2, MS-DAMAGE-3, MS-DAMAGE-4, MS-END-1: step 9
 * as last_damage does it, then the next battle's start as begin_round,
 * in a quiet round whose callback wants none of QUIET_STEP9_KINDS
 * (d->quiet9): their events only counted (the round's budget test holds
 * them, d->round_bound), the END as finish delivers it.  1 when the duel
 * ended, 0 or an error. */
static int quiet_damage(ms_duel *d)
{
	part *parts = d->parts;
	int64_t a = d->adv[0], b = d->adv[1], deal, after;
	size_t k;
	int side, ended;

	for (side = 0; side < 2; side++) {
		part *const *ws = d->wpart[1 - side];
		size_t nws = d->nw[1 - side];
		part *t;
		/* the higher advantage deals it all, the lower half (equal:
		 * each its own) */
		deal = side ? (b >= a ? b : b / 2) : (a >= b ? a : a / 2);
		for (k = 0; k < nws && ws[k]->hp <= 0; k++)
			;
		if (k == nws)
			continue;
		t = ws[k];
		if (ut_ckd_sub(&after, t->hp, deal) ||
		    ut_ckd_add(&d->res.damage[side], d->res.damage[side], deal))
			return d->failed = ut_error_set(UT_EOVERFLOW, "damage overflows");
		d->left--; /* MS_EV_DAMAGE */
		if (after <= 0) {
			d->left--; /* MS_EV_DEFEATED (t->hp > 0) */
			d->alive[t->side]--;
		}
		t->hp = after;
	}
	d->adv[0] = d->adv[1] = 0;
	for (k = 0; k < d->nrole[WARRIORS]; k++) {
		part *p = d->rpart[WARRIORS][k];
		p->right = p->hp > 0;
	}
	for (k = 0; k < d->nfield; k++)
		to_bottom(&parts[d->field[k].owner], d->field[k].card);
	field_clear(d);
#ifndef NDEBUG
	UT_ASSERT(cards_home(d)); /* every card back with its owner */
#endif
	d->left--; /* MS_EV_BATTLE_END */
	side = !side_alive(d, 0) || !side_alive(d, 1);
	ended = side || d->battle >= d->s->battles;
	if (d->s->shuffle) {
		if (ended && can_defer_shuffles(d))
			d->pending_shuffles = 1;
		else
			defer_decks(d);
		d->left -= d->n; /* MS_EV_SHUFFLE each */
	}
	if (ended) {
		int rc = finish(d, side ? MS_END_STEP9 : MS_END_BATTLES);
		return rc < 0 ? rc : 1;
	}
	/* begin_round(d, 1) */
	d->battle++;
	d->round = 1;
	d->left -= 2; /* MS_EV_BATTLE, MS_EV_ROUND */
	d->phase = PH_ENCHANT;
	d->cursor = 0;
	return 0;
}

/* Rounds played whole (steps 1 to 9) while every policy is built in, no
 * callback wants QUIET_ROUND_KINDS (d->quiet) and the budget holds a
 * round's most events (d->round_bound): the steps of ms_duel_run's loop in
 * the same order, on the duel's own arrays, those events only counted.  A
 * storm (attack_quiet goes on with the step code) hands the rest of its
 * round back to ms_duel_run's loop (PH_GOON), and so does a round the
 * budget may not hold (PH_ENCHANT).  0 (d->phase says where to go on) or
 * an error. */
static int quiet_rounds(ms_duel *d)
{
	part *const *c = d->rpart[CASTERS], *const *w = d->rpart[WARRIORS];
	size_t nc = d->nrole[CASTERS], nw = d->nrole[WARRIORS], k;
	int rc;

	UT_ASSERT(d->quiet && d->phase == PH_ENCHANT && d->cursor == 0);
	while (d->left >= d->round_bound) {
		uint32_t seen = 0, dup = 0;
		int64_t storms = d->res.storms;
		/* step 1 */
		for (k = 0; k < nc; k++)
			if ((rc = quiet_enchant_choose(d, c[k], &seen, &dup)) < 0)
				return rc;
		/* steps 2-3 */
		if (seen && (rc = quiet_enchant(d, dup)) < 0)
			return rc;
		/* step 4 */
		for (k = 0; k < nw; k++)
			if (w[k]->right &&
			    (rc = quiet_attack_choose(d, w[k])) < 0)
				return rc;
		/* steps 5-7 */
		UT_ASSERT(d->left >= d->attack_bound);
		rc = WANTS(d, MS_EV_HP) ? attack_quiet(d) : quiet_attack(d);
		if (rc != 0)
			return rc < 0 ? rc : 0; /* the end (d->phase) */
		if (d->res.storms != storms) {
			d->phase = PH_GOON;
			d->cursor = 0;
			return 0;
		}
		/* step 8, MS-ATTACK-6 */
		if (quiet_go_on(d) && d->round < d->s->rounds_per_battle) {
			d->round++;
			d->left--; /* MS_EV_ROUND */
			continue;
		}
		/* step 9 */
		if (d->quiet9) {
			if ((rc = quiet_damage(d)) != 0)
				return rc < 0 ? rc : 0;
			continue;
		}
		if ((rc = last_damage(d)) != 0)
			return rc < 0 ? rc : 0;
		if ((rc = begin_round(d, 1)) < 0)
			return rc;
	}
	return 0;
}

/* ms_duel_next's loop with each decision taken where it is asked
 * (decide): the same steps in the same order, without the round trip. */
int ms_duel_run(ms_result *out, ms_duel *d)
{
	int rc;

	if (!out)
		return ut_error_set(UT_EINVALID, "ms_duel_run: out is NULL");
	if (!d)
		return ut_error_set(UT_EINVALID, "ms_duel_run: d is NULL");
	rc = d->failed;

	/* an ask ms_duel_next left waiting is the one at d->cursor, which
	 * the loop asks again */
	UT_ASSERT(!d->asking || d->ask_pos == d->cursor);
	d->asking = 0;
	while (rc == 0 && d->phase != PH_OVER) {
		switch (d->phase) {
		case PH_START:
			if ((rc = start(d)) < 0 || (rc = begin_round(d, 1)) < 0)
				rc = d->failed = rc;
			break;
		case PH_ENCHANT:
			if (d->quiet && d->cursor == 0 &&
			    d->left >= d->round_bound) {
				if ((rc = quiet_rounds(d)) < 0)
					rc = d->failed = rc;
				break;
			}
			while (d->cursor < d->nrole[CASTERS])
				if ((rc = decide(d, MS_ASK_ENCHANT, CASTERS,
				                 d->cursor)) < 0)
					goto out;
			if ((rc = enchant_check(d)) < 0) {
				rc = d->failed = rc;
				break;
			}
			d->phase = PH_ATTACK;
			d->cursor = 0;
			break;
		case PH_ATTACK:
			while (d->cursor < d->nrole[WARRIORS])
				if (!d->parts[d->role[WARRIORS][d->cursor]].right)
					d->cursor++;
				else if ((rc = decide(d, MS_ASK_ATTACK, WARRIORS,
				                      d->cursor)) < 0)
					goto out;
			if ((rc = attack_check(d)) < 0) {
				rc = d->failed = rc;
				break;
			}
			rc = 0;
			if (d->phase != PH_OVER) {
				d->phase = PH_GOON;
				d->cursor = 0;
			}
			break;
		default: /* PH_GOON */
			UT_ASSERT(d->phase == PH_GOON);
			while (d->cursor < d->nrole[WARRIORS])
				if (!d->parts[d->role[WARRIORS][d->cursor]].right)
					d->cursor++;
				else if ((rc = decide(d, MS_ASK_GO_ON, WARRIORS,
				                      d->cursor)) < 0)
					goto out;
			/* MS-ATTACK-6 */
			if (any_right(d) && d->round < d->s->rounds_per_battle) {
				if ((rc = begin_round(d, 0)) < 0)
					rc = d->failed = rc;
				break;
			}
			if ((rc = last_damage(d)) < 0) {
				rc = d->failed = rc;
				break;
			}
			rc = rc == 0 ? begin_round(d, 1) : 0;
			if (rc < 0)
				rc = d->failed = rc;
			break;
		}
	}
out:
	if (out)
		ms_duel_result(out, d);
	return rc;
}

void ms_duel_result(ms_result *out, const ms_duel *d)
{
	*out = d->res;
	if (!d->res.over) {
		ms_result r = d->res;
		size_t i;
		r.battles = d->battle;
		r.defeated[0] = r.defeated[1] = 0;
		for (i = 0; i < d->n; i++)
			if (!is_caster(&d->parts[i]) && d->parts[i].hp <= 0)
				r.defeated[1 - d->parts[i].p->side]++;
		*out = r;
	}
}

const ms_scenario *ms_duel_scenario(const ms_duel *d)
{
	return d->s;
}

uint64_t ms_duel_seed(const ms_duel *d)
{
	return d->seed;
}

void ms_duel_storm_losses(const ms_duel *d, int64_t *outfits, int64_t *hp)
{
	*outfits = d->storm_outfits;
	*hp = d->storm_hp;
}

void ms_duel_vitals(ms_part_vitals *o, const ms_duel *d, uint32_t i)
{
	const part *p;

	if (i >= d->n) {
		memset(o, 0, sizeof(*o));
		return;
	}
	p = &d->parts[i];
	o->hp = p->hp;
	o->mp = p->mp;
	o->noutfits = p->nout;
}

void ms_duel_participant(ms_part_state *o, const ms_duel *d, uint32_t i)
{
	const part *p;

	if (i >= d->n) { /* no such participant: nothing (embedding review) */
		memset(o, 0, sizeof(*o));
		return;
	}
	p = &d->parts[i];
	/* a duel is never const (ms_duel_new): the shuffles left waiting */
	if (d->pending_shuffles)
		finish_shuffles((ms_duel *)(uintptr_t)d);
	undefer((ms_duel *)(uintptr_t)d, (part *)(uintptr_t)p);

	memset(o, 0, sizeof(*o));
	o->name = p->p->name;
	o->side = p->p->side;
	o->role = p->p->role;
	o->hp = p->hp;
	o->mp = p->mp;
	o->outfits = p->outfits;
	o->noutfits = p->nout;
	o->hand = p->hand;
	o->nhand = p->nh;
	o->deck = p->deck + p->doff;
	o->ndeck = p->nd;
	o->discard = p->disc;
	o->ndiscard = p->ndisc;
	o->right = p->right;
	o->advantage_side = (int)d->adv[p->p->side];
}

const ms_field_card *ms_duel_field(const ms_duel *d, size_t *n)
{
	*n = d->nfield;
	return d->field;
}

uint64_t ms_duel_events(const ms_duel *d)
{
	return d->max_events - d->left;
}

int64_t ms_duel_advantage(const ms_duel *d, int side)
{
	return d->adv[side & 1];
}

const ms_policy *ms_duel_policy(const ms_duel *d, uint32_t i)
{
	return i < d->n ? d->parts[i].pol : NULL;
}

size_t ms_duel_choices(ms_choice *out, size_t cap, const ms_duel *d,
                       const ms_ask *ask)
{
	size_t n = 0, k;
	const part *p;

#define ADD(K, I) do { if (out && n < cap) { out[n].kind = (K); \
	out[n].index = (I); } n++; } while (0)
	if (ask->kind == MS_ASK_OVER)
		return 0;
	p = &d->parts[ask->actor];
	if (ask->kind == MS_ASK_GO_ON) {
		ADD(MS_CHOICE_GO_ON, 0);
		ADD(MS_CHOICE_GIVE_UP, 0);
		return n;
	}
	for (k = 0; k < p->nh; k++)
		ADD(MS_CHOICE_HAND, k);
	if (can_draw(p))
		ADD(MS_CHOICE_DECK, 0);
	if (ask->kind == MS_ASK_ATTACK)
		for (k = 0; k < d->nfield; k++)
			if (allied_enchant(d, ask->actor, k))
				ADD(MS_CHOICE_POINT, k);
	ADD(MS_CHOICE_PASS, 0);
#undef ADD
	return n;
}
