/*
 * engine.c - the battle engine: turns, action steps, tempos, death and
 * judging, exactly as docs/RULES.md (RULINGS A4–A10, B2–B4) describes.
 *
 * The engine owns all its working memory and reuses it from battle to
 * battle, so a warm engine runs a core battle without allocating.  Nothing
 * here does I/O; events go to the caller's callback.
 */
#include "amaryllis/engine.h"

#include <stdlib.h>
#include <string.h>

#include "util/array.h"
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
	int poisoned;        /* some unit got 毒 in this battle */
	int in_step;         /* events now belong to step e->step */
	am_program own[2];   /* the programs of am_battle_run's teams */          /* selection by queue (large population) */
	uint32_t *died;      /* died in this step, to retire at its end */
	size_t ndied, capdied;
	uint32_t *touched;   /* ＨＰ set by ＨＰ回復 in this step */
	size_t ntouched, captouched;
	uint32_t *tmp;       /* scratch: a line's units */
	size_t captmp;
	struct hit_key *keys; /* scratch: order_hits */
	size_t capkeys;
	uint32_t *pos;       /* scratch: positions of all units (positions()) */
	size_t cappos;
	const am_battle_opts *opts;
	am_event_fn cb;
	void *ud;
	int turn;
	int tempo;
	uint64_t step;
};

#define WORDS(n) (((size_t)(n) + 63) / 64)

int am_engine_new(am_engine **out)
{
	*out = calloc(1, sizeof(**out));
	return *out ? 0 : ut_error_set(AM_ENOMEM, "out of memory");
}

void am_engine_free(am_engine *e)
{
	int s;

	if (!e)
		return;
	for (s = 0; s < 2; s++)
		am_program_release(&e->own[s]);
	free(e->nodes);
	am_queue_free(&e->queue);
	free(e->died);
	free(e->touched);
	free(e->tmp);
	free(e->keys);
	free(e->pos);
	free(e->units);
	free(e->bits);
	free(e->dec);
	free(e->hits);
	free(e->next);
	free(e);
}

static int overflow(void)
{
	return ut_error_set(AM_EOVERFLOW,
	                    "a value in the battle overflows 64-bit integers");
}

/* ---- events ------------------------------------------------------------ */

static int emit(am_engine *e, am_event_kind kind, int64_t actor,
                int64_t action, int64_t target, int64_t value, int64_t after)
{
	am_event ev;

	memset(&ev, 0, sizeof(ev));
	ev.kind = kind;
	ev.turn = e->turn;
	ev.tempo = e->tempo;
	ev.step = e->in_step ? e->step : 0;
	ev.actor = (int32_t)actor;
	ev.action = (int32_t)action;
	ev.target = (int32_t)target;
	ev.value = value;
	ev.after = after;
	return e->cb(e->ud, e, &ev) ? ut_error_set(AM_ERROR, "battle aborted")
	                            : 0;
}

/* The same with a stat/state/spent field; only called when e->cb is set. */
static int emit_ex(am_engine *e, am_event *ev)
{
	ev->turn = e->turn;
	ev->tempo = e->tempo;
	ev->step = e->in_step ? e->step : 0;
	return e->cb(e->ud, e, ev) ? ut_error_set(AM_ERROR, "battle aborted") : 0;
}

#define EMIT(...)                                                        \
	do {                                                             \
		if (e->cb) {                                             \
			int rc_ = emit(e, __VA_ARGS__);                  \
			if (rc_ < 0)                                     \
				return rc_;                              \
		}                                                        \
	} while (0)

#define TRY(x)                                                           \
	do {                                                             \
		int rc_ = (x);                                           \
		if (rc_ < 0)                                             \
			return rc_;                                      \
	} while (0)

/* ---- set-up ------------------------------------------------------------ */

/* Start side s with program p and an empty line. */
static void begin_side(am_engine *e, int s, const am_program *p)
{
	side *sd = &e->sides[s];

	sd->prog = p;
	sd->team = p->team;
	sd->root = AM_LINE_NIL;
	sd->nliving = 0;
}

/*
 * Below this many units, the next actors are found by scanning every unit,
 * which is cheaper than keeping the queue; past it (builds), by the queue.
 * Both pick the same units.
 */
#define SCAN_UNITS 16

/* Put unit id in the queue of actors (if it can act) with a new version. */
static int enqueue(am_engine *e, uint32_t id)
{
	unit *u = &e->units[id];
	am_qent q;

	if (!e->queued)
		return 0;
	u->ver++;
	if (!u->alive || u->ap < 1)
		return 0;
	q.spd = u->spd;
	q.id = id;
	q.ver = u->ver;
	return am_queue_push(&e->queue, q);
}

static uint32_t position(const am_engine *e, uint32_t id)
{
	return am_line_rank(e->nodes, id);
}

static uint32_t line_size(const am_engine *e, int s)
{
	return am_line_size(e->nodes, e->sides[s].root);
}

/*
 * Positions for many units at once: when a step has many actors or a tempo
 * many hits, one walk of both lines (O(population)) beats a rank walk per
 * unit.  Fills e->pos[id] for every unit in a line.
 */
static int positions(am_engine *e)
{
	int s;
	size_t i, n;

	TRY(UT_ARRAY_RESERVE(e->pos, e->cappos, e->nunits));
	for (s = 0; s < 2; s++) {
		TRY(UT_ARRAY_RESERVE(e->tmp, e->captmp, (size_t)line_size(e, s) + 1));
		n = am_line_collect(e->nodes, e->sides[s].root, e->tmp, 0);
		for (i = 0; i < n; i++)
			e->pos[e->tmp[i]] = (uint32_t)i;
	}
	return 0;
}

/* Use positions() rather than position() for more than this many units. */
#define BULK_POSITIONS 32

/* The living units of side s, front first, in e->tmp; returns the count. */
static int living_line(am_engine *e, int s, size_t *n)
{
	TRY(UT_ARRAY_RESERVE(e->tmp, e->captmp, (size_t)line_size(e, s) + 1));
	*n = am_line_collect(e->nodes, e->sides[s].root, e->tmp, 1);
	return 0;
}

static void new_turn(am_engine *e, unit *u);

/*
 * Create a unit of definition defi on side s with `pos` units in front of
 * it (pos = line size appends), born in the current turn, with full ＨＰ,
 * no states and AP = 素早さ (RULINGS B2; entry units get AP in the AP
 * phase).  Fails with AM_ELIMIT past the population limit.
 */
static int spawn(am_engine *e, int s, uint32_t defi, uint32_t pos,
                 uint32_t *out)
{
	side *sd = &e->sides[s];
	const am_unit_def *d = &sd->team->units[defi];
	size_t w = WORDS(d->nslots), id = e->nunits, k;
	unit *u;

	if (e->nunits >= e->opts->max_units || e->nunits >= UINT32_MAX - 1)
		return ut_error_set(AM_ELIMIT,
		                    "population limit of %zu units reached",
		                    e->opts->max_units);
	TRY(UT_ARRAY_RESERVE(e->units, e->capunits, e->nunits + 1));
	TRY(UT_ARRAY_RESERVE(e->nodes, e->capnodes, e->nunits + 1));
	TRY(UT_ARRAY_RESERVE(e->bits, e->capbits, e->nbits + w));
	u = &e->units[id];
	memset(u, 0, sizeof(*u));
	u->hp = u->hp0 = d->hp;
	u->atk = d->atk;
	u->def = d->def;
	u->spd = d->spd;
	u->ap = d->spd;
	u->born = e->turn;
	u->bits = e->nbits;
	u->defi = defi;
	u->nslots = (uint32_t)d->nslots;
	u->side = (uint8_t)s;
	u->alive = 1;
	u->inline_ = 1;
	u->died = -1;
	for (k = 0; k < d->nslots; k++)
		u->live += sd->prog->slots[sd->prog->slot_off[defi] + k].start <=
		           AM_LAST_TURN - e->turn;
	if (w) /* e->bits may still be NULL when no unit has slots */
		memset(e->bits + e->nbits, 0, w * sizeof(uint64_t));
	e->nbits += w;
	e->nunits++;
	am_line_node_init(e->nodes, (uint32_t)id);
	sd->root = am_line_insert(e->nodes, sd->root, pos, (uint32_t)id);
	sd->nliving++;
	new_turn(e, u);
	*out = (uint32_t)id;
	return 0;
}

/* ---- death and judging -------------------------------------------------- */

/*
 * Death check of unit id (RULINGS A6): ＨＰ ≤ 0 → one ライフ revives it at
 * ＨＰ 1, else it dies (it keeps its place until the step ends).  Never in
 * the battle's turn 0.
 */
static int death_check(am_engine *e, uint32_t id)
{
	unit *u = &e->units[id];

	if (e->turn == 0 || !u->alive || u->hp > 0)
		return 0;
	if (u->st[AM_STATE_LIFE] > 0) {
		u->st[AM_STATE_LIFE]--;
		u->hp = 1;
		EMIT(AM_EV_LIFE, -1, -1, id, 1, u->st[AM_STATE_LIFE]);
		return 0;
	}
	TRY(UT_ARRAY_RESERVE(e->died, e->capdied, e->ndied + 1));
	e->died[e->ndied++] = id;
	u->alive = 0;
	u->died = e->turn;
	am_line_kill(e->nodes, id);
	e->sides[u->side].nliving--;
	EMIT(AM_EV_DEATH, -1, -1, id, 0, u->hp);
	return 0;
}

/* Units that died leave their lines; the lines close up (RULINGS B3). */
static void retire(am_engine *e)
{
	size_t i;

	for (i = 0; i < e->ndied; i++) {
		unit *u = &e->units[e->died[i]];
		side *sd = &e->sides[u->side];
		sd->root = am_line_erase(e->nodes, sd->root, e->died[i]);
		u->inline_ = 0;
	}
	e->ndied = 0;
}

static int over(const am_engine *e)
{
	return e->sides[0].nliving == 0 || e->sides[1].nliving == 0;
}

/* Front-most living unit of side s, or -1. */
static int64_t front(const am_engine *e, int s)
{
	uint32_t id = am_line_first_living(e->nodes, e->sides[s].root);

	return id == AM_LINE_NIL ? -1 : (int64_t)id;
}

/* ---- supports ------------------------------------------------------------ */

static int add_stat(am_engine *e, uint32_t actor, uint32_t action,
                    uint32_t target, am_stat stat, int64_t n)
{
	unit *t = &e->units[target];
	int64_t *v = stat == AM_STAT_ATK ? &t->atk
	           : stat == AM_STAT_DEF ? &t->def : &t->spd;

	if (ut_ckd_add(v, *v, n))
		return overflow();
	if (stat == AM_STAT_SPD) /* it may now act sooner (RULINGS A5) */
		TRY(enqueue(e, target));
	if (e->cb) {
		am_event ev = {0};
		ev.kind = AM_EV_STAT;
		ev.actor = (int32_t)actor;
		ev.action = (int32_t)action;
		ev.target = (int32_t)target;
		ev.stat = stat;
		ev.value = n;
		ev.after = *v;
		TRY(emit_ex(e, &ev));
	}
	return 0;
}

static int add_state(am_engine *e, uint32_t actor, uint32_t action,
                     uint32_t target, am_state st, int64_t n)
{
	unit *t = &e->units[target];

	if (n == 0)
		return 0;
	if (ut_ckd_add(&t->st[st], t->st[st], n))
		return overflow();
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
		TRY(emit_ex(e, &ev));
	}
	return 0;
}

/* Apply support action a of actor to target (a living unit). */
static int support_on(am_engine *e, uint32_t actor, const slot *sl,
                      uint32_t target)
{
	const am_action *a = sl->act;
	unit *t = &e->units[target];

	switch (a->cls) {
	case AM_CLASS_ATK_UP:
		return add_stat(e, actor, sl->index, target, AM_STAT_ATK, a->n);
	case AM_CLASS_DEF_UP:
		return add_stat(e, actor, sl->index, target, AM_STAT_DEF, a->n);
	case AM_CLASS_SPD_UP:
		return add_stat(e, actor, sl->index, target, AM_STAT_SPD, a->n);
	case AM_CLASS_GUARD:
		return add_state(e, actor, sl->index, target, AM_STATE_GUARD, 1);
	case AM_CLASS_REFLECT:
		return add_state(e, actor, sl->index, target, AM_STATE_REFLECT,
		                 1);
	case AM_CLASS_LIFE:
		return add_state(e, actor, sl->index, target, AM_STATE_LIFE, 1);
	case AM_CLASS_HEAL:
		t->hp = t->hp0;
		TRY(UT_ARRAY_RESERVE(e->touched, e->captouched, e->ntouched + 1));
		e->touched[e->ntouched++] = target;
		EMIT(AM_EV_HEAL, actor, sl->index, target, 0, t->hp);
		return 0;
	default:
		return 0;
	}
}

/*
 * Targets of a support (RULINGS A7, B3): self; 対象Ｎ: the unit Ｎ places
 * forward (+) or back (−) in the actor's line, clamped to the ends, with no
 * effect when it is dead; 全体化: every living ally, self included.
 */
static int support(am_engine *e, uint32_t actor, const slot *sl)
{
	const am_action *a = sl->act;
	unit *u = &e->units[actor];
	size_t i, n;

	if (a->all) {
		TRY(living_line(e, u->side, &n));
		for (i = 0; i < n; i++)
			TRY(support_on(e, actor, sl, e->tmp[i]));
		return 0;
	}
	if (a->target) {
		/* forward = towards the front = smaller position; clamp
		 * without ever computing pos − Ｎ out of range */
		int64_t pos = position(e, actor), p;
		int64_t last = (int64_t)line_size(e, u->side) - 1;
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
		return support_on(e, actor, sl, t);
	}
	return support_on(e, actor, sl, actor);
}

/* ---- builds ------------------------------------------------------------ */

/*
 * ビルド (RULINGS B2): a new unit from the stored definition joins the
 * builder's line relative to the builder's position now: 配置Ｎ > 0 puts it
 * Ｎ places in front (+1 directly in front), Ｎ < 0 behind (−1 directly
 * behind), clamped to the ends.  A unit built with ＨＰ ≤ 0 after turn 0 dies
 * at once (A10).
 */
static int build(am_engine *e, uint32_t builder, const slot *sl)
{
	const am_action *a = sl->act;
	int s = e->units[builder].side;
	int64_t pos = position(e, builder), size = line_size(e, s), at;
	uint32_t id;

	if (a->place > 0)
		at = a->place > pos ? 0 : pos - a->place + 1;
	else
		at = a->place < pos - size ? size : pos - a->place;
	TRY(spawn(e, s, (uint32_t)a->build, (uint32_t)at, &id));
	EMIT(AM_EV_BUILD, builder, sl->index, id, at, 0);
	TRY(death_check(e, id));
	return enqueue(e, id);
}

/* ---- attacks ---------------------------------------------------------- */

static int push_hit(am_engine *e, hit **arr, size_t *n, size_t *cap,
                    uint32_t attacker, uint32_t action, int64_t target,
                    int aim_side)
{
	hit *h;

	if (*n >= e->opts->max_hits)
		return ut_error_set(AM_ELIMIT,
		                    "limit of %zu attacks in one step reached "
		                    "(全体化 attacks of many units on many units)",
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

/* Sort key of a hit for handing out 反射 and ガード stacks. */
typedef struct hit_key {
	uint64_t k;    /* target, then enemies first, then attacker position */
	uint32_t seq;  /* then order of arrival */
} hit_key;

static int key_cmp(const void *pa, const void *pb)
{
	const hit_key *a = pa, *b = pb;

	if (a->k != b->k)
		return a->k < b->k ? -1 : 1;
	return a->seq < b->seq ? -1 : a->seq > b->seq;
}

/*
 * The order in which the attacks arriving at one unit in one tempo take its
 * 反射 and ガード stacks (RULINGS A8): grouped by target; attacks from its
 * enemies before attacks from its allies; then by the attacker's position,
 * front first; then by arrival.  Fills e->keys[0..n).
 */
static int order_hits(am_engine *e, size_t n)
{
	size_t i, j;

	TRY(UT_ARRAY_RESERVE(e->keys, e->capkeys, n));
	for (i = 0; i < n; i++) {
		const hit *h = &e->hits[i];
		hit_key *k = &e->keys[i];
		k->seq = h->seq;
		k->k = h->target < 0 ? UINT64_MAX
		     : ((uint64_t)(uint32_t)h->target << 33) |
		       ((uint64_t)!h->enemy << 32) | h->apos;
	}
	if (n > 16) {
		qsort(e->keys, n, sizeof(hit_key), key_cmp);
		return 0;
	}
	for (i = 1; i < n; i++) {
		hit_key x = e->keys[i];
		for (j = i; j > 0 && key_cmp(&e->keys[j - 1], &x) > 0; j--)
			e->keys[j] = e->keys[j - 1];
		e->keys[j] = x;
	}
	return 0;
}

/* Damage of one hit from the state at the start of the tempo (RULINGS A6),
 * before ガード.  Returns AM_EOVERFLOW on overflow. */
static int base_damage(am_engine *e, const hit *h, int64_t *out)
{
	const am_action *a = &e->sides[e->units[h->attacker].side]
	                          .team->actions[h->action];
	const unit *atk = &e->units[h->attacker];
	const unit *t = &e->units[h->target];
	int64_t x = a->cls == AM_CLASS_HALVE ? t->hp : atk->atk;

	if (ut_ckd_mul(&x, x, a->mult))
		return overflow();
	switch (a->cls) {
	case AM_CLASS_DIRECT:
		if (ut_ckd_sub(out, x, t->def))
			return overflow();
		return 0;
	case AM_CLASS_HALVE:
		*out = ut_ceil_half(x);
		return 0;
	default:
		*out = x;
		return 0;
	}
}

/*
 * Resolve the attacks of one step by tempo (RULINGS A6, A8, A10).  e->hits
 * holds tempo 1.  Each tempo: resolve targets (a reflected attack aims at
 * the front-most living unit of the reflector's enemy; none → it fizzles);
 * hand out 反射, then ガード stacks in order_hits order; compute every
 * damage from the state at the tempo's start; apply them all; then run the
 * death checks.  Events come in order of arrival.
 */
static int attacks(am_engine *e)
{
	size_t i, n;

	for (e->tempo = 1; e->nhits; e->tempo++) {
		hit *hs = e->hits;
		n = e->nhits;
		e->nnext = 0;
		for (i = 0; i < n; i++) {
			hit *h = &hs[i];
			h->seq = (uint32_t)i;
			if (h->target < 0) {
				int64_t t = front(e, h->aim_side);
				if (t < 0) {
					EMIT(AM_EV_NO_TARGET, h->attacker, h->action,
					     -1, 0, 0);
					h->resolve = 0;
					continue;
				}
				h->target = (int32_t)t;
			}
			h->enemy = e->units[h->attacker].side !=
			           e->units[h->target].side;
			h->resolve = 1;
		}
		if (n > BULK_POSITIONS)
			TRY(positions(e));
		for (i = 0; n > 1 && i < n; i++)
			hs[i].apos = n > BULK_POSITIONS ? e->pos[hs[i].attacker]
			                                : position(e, hs[i].attacker);
		TRY(order_hits(e, n));
		for (i = 0; i < n; i++) { /* 反射, in stack order */
			hit *h = &hs[e->keys[i].seq];
			unit *t;
			if (!h->resolve)
				continue;
			t = &e->units[h->target];
			if (t->st[AM_STATE_REFLECT] > 0) {
				h->resolve = 0;
				h->reflected = 1;
				h->left = --t->st[AM_STATE_REFLECT];
			}
		}
		for (i = 0; i < n; i++) { /* ガード, in stack order */
			hit *h = &hs[e->keys[i].seq];
			unit *t;
			if (!h->resolve)
				continue;
			t = &e->units[h->target];
			if (t->st[AM_STATE_GUARD] > 0) {
				h->guarded = 1;
				h->left = --t->st[AM_STATE_GUARD];
			}
		}
		for (i = 0; i < n; i++) /* all from the tempo's starting state */
			if (hs[i].resolve)
				TRY(base_damage(e, &hs[i], &hs[i].damage));
		for (i = 0; i < n; i++) { /* then apply, in order of arrival */
			hit *h = &hs[i];
			unit *t;
			const am_action *a;
			if (h->reflected) {
				EMIT(AM_EV_REFLECT, h->attacker, h->action, h->target,
				     0, h->left);
				TRY(push_hit(e, &e->next, &e->nnext, &e->capnext,
				             h->attacker, h->action, -1,
				             1 - e->units[h->target].side));
				continue;
			}
			if (!h->resolve)
				continue;
			t = &e->units[h->target];
			a = &e->sides[e->units[h->attacker].side]
			         .team->actions[h->action];
			if (h->guarded) {
				int64_t d = ut_ceil_half(h->damage);
				if (e->cb) {
					am_event ev = {0};
					ev.kind = AM_EV_GUARD;
					ev.actor = (int32_t)h->attacker;
					ev.action = (int32_t)h->action;
					ev.target = h->target;
					ev.state = AM_STATE_GUARD;
					ev.value = h->damage;
					ev.after = d;
					TRY(emit_ex(e, &ev));
				}
				h->damage = d;
			}
			if (h->damage < 0) {
				EMIT(AM_EV_FAIL, h->attacker, h->action, h->target,
				     h->damage, t->hp);
				continue;
			}
			if (ut_ckd_sub(&t->hp, t->hp, h->damage))
				return overflow();
			t->hit = 1;
			EMIT(AM_EV_DAMAGE, h->attacker, h->action, h->target,
			     h->damage, t->hp);
			if (h->damage >= 1) {
				TRY(add_state(e, h->attacker, h->action,
				              (uint32_t)h->target, AM_STATE_STUN,
				              a->stun));
				TRY(add_state(e, h->attacker, h->action,
				              (uint32_t)h->target, AM_STATE_POISON,
				              a->poison));
			}
		}
		for (i = 0; i < n; i++) {
			hit *h = &hs[i];
			if (h->resolve && e->units[h->target].hit) {
				e->units[h->target].hit = 0;
				TRY(death_check(e, (uint32_t)h->target));
			}
		}
		/* the next tempo becomes the current one */
		{
			hit *tmp = e->hits;
			size_t tc = e->caphits;
			e->hits = e->next;
			e->caphits = e->capnext;
			e->nhits = e->nnext;
			e->next = tmp;
			e->capnext = tc;
		}
	}
	e->tempo = 0;
	return 0;
}

/* ---- steps ------------------------------------------------------------- */

/* The spent (リミテッド, used) slots of u, one bit each. */
static inline uint64_t *spent_bits(am_engine *e, const unit *u)
{
	return e->bits + u->bits;
}

/*
 * A new turn for unit u: nothing used yet.  A unit with at most 64 slots
 * keeps the usable ones as a bit mask (active this turn and not spent), so
 * that deciding is one count-trailing-zeros.  A larger unit keeps a cursor
 * instead: within a turn, the slots before the first usable one stay
 * unusable (used, spent or not yet active), so the cursor only moves on,
 * and a turn costs O(slots) however many steps the unit takes.
 */
static void new_turn(am_engine *e, unit *u)
{
	int64_t age = e->turn - u->born; /* 0 ≤ age ≤ AM_LAST_TURN */

	if (u->nslots > 64) {
		u->avail = 0; /* the cursor */
		return;
	}
	u->avail = u->nslots ? e->sides[u->side].prog->masks[u->defi][age] &
	                           ~*spent_bits(e, u)
	                     : 0;
}

/*
 * Decide the action of unit id (RULINGS A5): AP − 1; スタン → スタン
 * processing; else the first slot active this turn, unused this turn and
 * not spent, which becomes used (and spent if リミテッド).
 */
static int32_t decide(am_engine *e, uint32_t id)
{
	unit *u = &e->units[id];
	const side *sd = &e->sides[u->side];
	const slot *sl = sd->prog->slots + sd->prog->slot_off[u->defi];
	uint64_t *spent;
	int64_t age;
	uint32_t i;

	u->ap--;
	if (u->st[AM_STATE_STUN] > 0)
		return -2;
	if (u->nslots <= 64) {
		if (!u->avail)
			return -1;
		i = (uint32_t)__builtin_ctzll(u->avail);
		u->avail &= u->avail - 1;
		if (sl[i].act->limited) {
			*spent_bits(e, u) |= (uint64_t)1 << i;
			u->live--;
		}
		return (int32_t)i;
	}
	spent = spent_bits(e, u);
	age = e->turn - u->born;
	for (i = (uint32_t)u->avail; i < u->nslots; i++) {
		uint64_t m = (uint64_t)1 << (i & 63);
		if ((spent[i / 64] & m) || sl[i].start > age)
			continue;
		u->avail = i + 1;
		if (sl[i].act->limited) {
			spent[i / 64] |= m;
			u->live--;
		}
		return (int32_t)i;
	}
	u->avail = u->nslots;
	return -1;
}

static const slot *slot_of(am_engine *e, uint32_t id, int32_t i)
{
	const unit *u = &e->units[id];
	const side *sd = &e->sides[u->side];

	return sd->prog->slots + sd->prog->slot_off[u->defi] + i;
}

/* Emit the ACTION event of decision d (slot sl). */
static int emit_action(am_engine *e, uint32_t actor, const slot *sl)
{
	am_event ev = {0};

	ev.kind = AM_EV_ACTION;
	ev.actor = (int32_t)actor;
	ev.action = (int32_t)sl->index;
	ev.target = -1;
	ev.spent = sl->act->limited;
	return emit_ex(e, &ev);
}

/*
 * One action step of the units in e->dec[0..n) (one unit, or several of
 * equal 素早さ acting simultaneously): decide all, then スタン processing,
 * supports, builds, and attacks by tempo (RULINGS A8, A10).  Returns 1 when
 * every actor had nothing to do (no スタン, no usable action), else 0.
 */
static int step(am_engine *e, size_t n)
{
	size_t i, nstun = 0, nsup = 0, natk = 0, nbuild = 0;

	e->step++;
	EMIT(AM_EV_STEP_BEGIN, -1, -1, -1, (int64_t)n, 0);
	for (i = 0; i < n; i++) {
		int32_t d = decide(e, e->dec[i].actor);
		e->dec[i].slot = d;
		if (d == -2)
			nstun++;
		else if (d >= 0) {
			uint8_t k = slot_of(e, e->dec[i].actor, d)->kind;
			natk += k == AM_KIND_ATTACK;
			nsup += k == AM_KIND_SUPPORT;
			nbuild += k == AM_KIND_BUILD;
		}
	}
	if (nstun + nsup + natk + nbuild == 0)
		return 1;
	for (i = 0; nstun && i < n; i++) {
		unit *u = &e->units[e->dec[i].actor];
		if (e->dec[i].slot != -2)
			continue;
		u->st[AM_STATE_STUN]--;
		EMIT(AM_EV_STUNNED, e->dec[i].actor, -1, e->dec[i].actor, 1,
		     u->st[AM_STATE_STUN]);
	}
	for (i = 0; nsup && i < n; i++) {
		const slot *sl;
		if (e->dec[i].slot < 0)
			continue;
		sl = slot_of(e, e->dec[i].actor, e->dec[i].slot);
		if (sl->kind != AM_KIND_SUPPORT)
			continue;
		if (e->cb)
			TRY(emit_action(e, e->dec[i].actor, sl));
		TRY(support(e, e->dec[i].actor, sl));
	}
	/* ＨＰ回復 may set ＨＰ to an initial ＨＰ of 0 */
	for (i = 0; i < e->ntouched; i++)
		TRY(death_check(e, e->touched[i]));
	e->ntouched = 0;
	/* builds, front builder first (actors are in side, position order) */
	for (i = 0; nbuild && i < n; i++) {
		const slot *sl;
		if (e->dec[i].slot < 0)
			continue;
		sl = slot_of(e, e->dec[i].actor, e->dec[i].slot);
		if (sl->kind != AM_KIND_BUILD)
			continue;
		if (e->cb)
			TRY(emit_action(e, e->dec[i].actor, sl));
		TRY(build(e, e->dec[i].actor, sl));
	}
	if (natk == 0)
		return 0;
	e->nhits = 0;
	for (i = 0; i < n; i++) {
		const slot *sl;
		uint32_t id = e->dec[i].actor;
		int foe = 1 - e->units[id].side;
		if (e->dec[i].slot < 0)
			continue;
		sl = slot_of(e, id, e->dec[i].slot);
		if (sl->kind != AM_KIND_ATTACK)
			continue;
		if (e->cb)
			TRY(emit_action(e, id, sl));
		if (sl->act->all) { /* one hit per living enemy (B3) */
			size_t k, m;
			TRY(living_line(e, foe, &m));
			for (k = 0; k < m; k++)
				TRY(push_hit(e, &e->hits, &e->nhits, &e->caphits,
				             id, sl->index, e->tmp[k], foe));
		} else {
			TRY(push_hit(e, &e->hits, &e->nhits, &e->caphits, id,
			             sl->index, -1, foe));
		}
	}
	return attacks(e);
}

/*
 * After a step in which every actor had nothing to do: until their AP runs
 * out, nothing can change for them (only their own actions could, and none
 * is usable this turn; without スタン, no state of theirs acts), and they keep
 * the highest 素早さ, so their remaining steps are all empty.  Play them at
 * once: the same steps, the same events, without deciding each again.
 */
static int idle_steps(am_engine *e, size_t n)
{
	int64_t k, most = 0;
	size_t i;

	for (i = 0; i < n; i++)
		if (e->units[e->dec[i].actor].ap > most)
			most = e->units[e->dec[i].actor].ap;
	if (!e->cb)
		e->step += (uint64_t)most;
	for (k = 1; e->cb && k <= most; k++) {
		int64_t acting = 0;
		for (i = 0; i < n; i++)
			acting += e->units[e->dec[i].actor].ap >= k;
		e->step++;
		EMIT(AM_EV_STEP_BEGIN, -1, -1, -1, acting, 0);
	}
	for (i = 0; i < n; i++)
		e->units[e->dec[i].actor].ap = 0;
	return 0;
}

static int dec_cmp(const void *pa, const void *pb)
{
	const decision *a = pa, *b = pb;

	return a->key < b->key ? -1 : a->key > b->key;
}

/*
 * The units of the next step: every living unit with AP ≥ 1 and the
 * highest current 素早さ (RULINGS A5, B4), taken from the queue, put in
 * side then position order.  Returns their number (0: the phase is over).
 */
static int next_actors(am_engine *e, size_t *out)
{
	size_t n = 0, i, j;
	int64_t best = 0;

	if (!e->queued && e->nunits > SCAN_UNITS) {
		/* the population outgrew scanning: fill the queue once */
		e->queued = 1;
		e->queue.n = 0;
		for (i = 0; i < e->nunits; i++)
			TRY(enqueue(e, (uint32_t)i));
	}
	if (!e->queued)
		TRY(UT_ARRAY_RESERVE(e->dec, e->capdec, e->nunits));
	for (i = 0; !e->queued && i < e->nunits; i++) {
		const unit *u = &e->units[i];
		if (!u->alive || u->ap < 1 || (n && u->spd < best))
			continue;
		if (!n || u->spd > best) {
			best = u->spd;
			n = 0;
		}
		e->dec[n++].actor = (uint32_t)i;
	}
	while (e->queued && e->queue.n) {
		const am_qent *q = am_queue_top(&e->queue);
		const unit *u = &e->units[q->id];
		if (q->ver != u->ver || !u->alive || u->ap < 1) {
			am_queue_pop(&e->queue); /* stale */
			continue;
		}
		if (n && q->spd < best)
			break;
		best = q->spd;
		TRY(UT_ARRAY_RESERVE(e->dec, e->capdec, n + 1));
		e->dec[n].actor = q->id;
		e->dec[n].key = 0; /* set below when there are several */
		n++;
		am_queue_pop(&e->queue); /* q now points at another entry */
		e->units[e->dec[n - 1].actor].ver++; /* none of it remains */
	}
	if (n > BULK_POSITIONS)
		TRY(positions(e));
	if (n > 1) {
		for (i = 0; i < n; i++) {
			uint32_t id = e->dec[i].actor;
			e->dec[i].key = ((uint64_t)e->units[id].side << 32) |
			                (n > BULK_POSITIONS ? e->pos[id]
			                                    : position(e, id));
		}
		if (n > 16) {
			qsort(e->dec, n, sizeof(decision), dec_cmp);
		} else {
			for (i = 1; i < n; i++) {
				decision x = e->dec[i];
				for (j = i; j > 0 && e->dec[j - 1].key > x.key; j--)
					e->dec[j] = e->dec[j - 1];
				e->dec[j] = x;
			}
		}
	}
	*out = n;
	return 0;
}

/*
 * The action phase (RULINGS A5, B4): repeatedly, the living units with
 * AP ≥ 1 and the highest current 素早さ take one (simultaneous) step, until
 * no living unit has AP left or the battle is decided.
 */
static int action_phase(am_engine *e)
{
	for (;;) {
		size_t i, n;
		int rc;

		TRY(next_actors(e, &n));
		if (n == 0)
			return 0;
		e->in_step = 1;
		rc = step(e, n);
		if (rc == 1)
			rc = idle_steps(e, n);
		e->in_step = 0;
		if (rc < 0)
			return rc;
		for (i = 0; e->queued && i < n; i++)
			TRY(enqueue(e, e->dec[i].actor));
		if (e->ndied) {
			retire(e);
			if (over(e))
				return 0;
		}
	}
}

/* Sum of ＨＰ of side s's living units, or of all its units if none lives
 * (RULINGS B4). */
static int score(const am_engine *e, int s, int64_t *out)
{
	int living = e->sides[s].nliving > 0;
	int64_t sum = 0;
	size_t i;

	for (i = 0; i < e->nunits; i++) {
		const unit *u = &e->units[i];
		if (u->side != s || (living && !u->alive))
			continue;
		if (ut_ckd_add(&sum, sum, u->hp))
			return overflow();
	}
	*out = sum;
	return 0;
}

static uint64_t splitmix64(uint64_t x)
{
	x += 0x9e3779b97f4a7c15ULL;
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
	x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
	return x ^ (x >> 31);
}

/*
 * Seeded tie-break (RULINGS A9): the two entry names are put in byte order
 * and the seed picks one of them, so swapping the sides picks the same unit.
 */
static int tie_break(const am_engine *e, uint64_t seed)
{
	const char *a = e->sides[0].team->units[0].name;
	const char *b = e->sides[1].team->units[0].name;
	int first = strcmp(a, b) <= 0 ? 0 : 1;

	return (splitmix64(seed) & 1) ? 1 - first : first;
}

static int finish(am_engine *e, am_result *r)
{
	TRY(score(e, 0, &r->score[0]));
	TRY(score(e, 1, &r->score[1]));
	r->turns = e->turn;
	r->steps = e->step;
	r->draw = r->score[0] == r->score[1];
	r->winner = r->draw ? -1 : r->score[0] > r->score[1] ? 0 : 1;
	if (r->draw && e->opts->tie_break) {
		r->winner = tie_break(e, e->opts->tie_seed);
		r->tie_broken = 1;
		r->tie_seed = e->opts->tie_seed;
	}
	EMIT(AM_EV_END, -1, -1, -1, r->winner, 0);
	return 0;
}

static int poison_phase(am_engine *e)
{
	size_t i;

	if (!e->poisoned)
		return 0;
	for (i = 0; i < e->nunits; i++) {
		unit *u = &e->units[i];
		if (!u->alive || u->st[AM_STATE_POISON] == 0)
			continue;
		if (ut_ckd_sub(&u->hp, u->hp, u->st[AM_STATE_POISON]))
			return overflow();
		EMIT(AM_EV_POISON, -1, -1, i, u->st[AM_STATE_POISON], u->hp);
	}
	for (i = 0; i < e->nunits; i++)
		if (e->units[i].alive && e->units[i].st[AM_STATE_POISON])
			TRY(death_check(e, (uint32_t)i));
	return 0;
}

/*
 * When no living unit can ever execute an action again and none is
 * poisoned, the rest of the battle changes nothing but スタン counts and the
 * step count: every turn each unit spends 素早さ steps, one スタン each.  Jump
 * to the end of turn 20.  Only without an event callback (a log wants every
 * turn told).
 */
static int dormant(const am_engine *e)
{
	size_t i;

	for (i = 0; i < e->nunits; i++) {
		const unit *u = &e->units[i];
		if (u->alive && (u->live || u->st[AM_STATE_POISON]))
			return 0;
	}
	return 1;
}

/*
 * The number of steps of an action phase in which nobody can do anything
 * but スタン processing: the units of each 素早さ share their steps (they are
 * simultaneous), so a group of 素早さ v takes v steps.  Only for small
 * populations (quadratic); returns -1 otherwise.
 */
static int64_t empty_phase_steps(const am_engine *e)
{
	int64_t steps = 0;
	size_t i, j;

	if (e->nunits > SCAN_UNITS)
		return -1;
	for (i = 0; i < e->nunits; i++) {
		const unit *u = &e->units[i];
		int first = 1;
		if (!u->alive || u->spd < 1)
			continue;
		for (j = 0; j < i && first; j++)
			first = !(e->units[j].alive && e->units[j].spd == u->spd);
		steps += first ? u->spd : 0;
	}
	return steps;
}

static void fast_forward(am_engine *e, int64_t per_turn)
{
	int64_t turns = AM_LAST_TURN - e->turn + 1;
	size_t i;

	for (i = 0; i < e->nunits; i++) {
		unit *u = &e->units[i];
		if (!u->alive)
			continue;
		u->st[AM_STATE_STUN] = u->st[AM_STATE_STUN] > u->spd * turns
		                           ? u->st[AM_STATE_STUN] - u->spd * turns
		                           : 0;
		u->ap = 0;
	}
	e->step += (uint64_t)(per_turn * turns);
	e->turn = AM_LAST_TURN + 1;
}

/*
 * After the AP phase, when (`busy` false) no living unit has a usable
 * action this turn and none is stunned: every step of the phase is empty.
 * Count them and skip the phase (only without a callback: a log tells each
 * step).
 */
static int idle_turn(am_engine *e, int busy)
{
	int64_t steps;
	size_t i;

	if (busy || e->cb || e->nunits > SCAN_UNITS)
		return 0;
	steps = empty_phase_steps(e);
	for (i = 0; i < e->nunits; i++)
		e->units[i].ap = 0;
	e->step += (uint64_t)steps;
	return 1;
}

static int play(am_engine *e, am_result *r)
{
	size_t i;
	int busy;
	int64_t per_turn;

	for (e->turn = 0; e->turn <= AM_LAST_TURN; e->turn++) {
		EMIT(AM_EV_TURN_BEGIN, -1, -1, -1, 0, 0);
		if (e->turn == 1) {
			for (i = 0; i < e->nunits; i++)
				TRY(death_check(e, (uint32_t)i));
			retire(e);
			if (over(e))
				break;
		}
		TRY(poison_phase(e));
		retire(e);
		if (over(e))
			break;
		if (!e->cb && e->turn >= 1 && dormant(e) &&
		    (per_turn = empty_phase_steps(e)) >= 0) {
			fast_forward(e, per_turn);
			break;
		}
		e->queue.n = 0;
		busy = 0;
		for (i = 0; i < e->nunits; i++) {
			unit *u = &e->units[i];
			if (!u->alive)
				continue;
			u->ap = u->spd;
			new_turn(e, u);
			busy |= u->avail || u->nslots > 64 || u->st[AM_STATE_STUN];
			if (e->queued)
				TRY(enqueue(e, (uint32_t)i));
		}
		if (!idle_turn(e, busy))
			TRY(action_phase(e));
		if (over(e))
			break;
		EMIT(AM_EV_TURN_END, -1, -1, -1, 0, 0);
	}
	if (e->turn > AM_LAST_TURN)
		e->turn = AM_LAST_TURN;
	else
		EMIT(AM_EV_TURN_END, -1, -1, -1, 0, 0);
	return finish(e, r);
}

int am_battle_run_programs(am_result *out, am_engine *e,
                           const am_program *a, const am_program *b,
                           const am_battle_opts *opts)
{
	static const am_battle_opts defaults = AM_BATTLE_OPTS_INIT;
	uint32_t id;
	int rc;

	memset(out, 0, sizeof(*out));
	out->winner = -1;
	e->nunits = 0;
	e->nbits = 0;
	e->turn = 0;
	e->tempo = 0;
	e->step = 0;
	e->ndied = e->ntouched = 0;
	e->queue.n = 0;
	e->queued = 0;
	e->poisoned = 0;
	e->opts = opts ? opts : &defaults;
	begin_side(e, 0, a);
	begin_side(e, 1, b);
	if (e->opts->version != AM_BATTLE_OPTS_VERSION)
		return ut_error_set(AM_EINVALID, "unknown battle options version");
	e->cb = e->opts->on_event;
	e->ud = e->opts->event_ud;
	e->in_step = 0;
	TRY(spawn(e, 0, 0, 0, &id));
	TRY(spawn(e, 1, 0, 0, &id));
	rc = play(e, out);
	if (rc < 0) { /* how far the battle got, for the partial log */
		out->turns = e->turn > AM_LAST_TURN ? AM_LAST_TURN : e->turn;
		out->steps = e->step;
	}
	return rc;
}

int am_battle_run(am_result *out, am_engine *e, const am_team *a,
                  const am_team *b, const am_battle_opts *opts)
{
	memset(out, 0, sizeof(*out));
	out->winner = -1;
	e->nunits = 0;
	e->sides[0].team = e->sides[1].team = NULL;
	TRY(am_team_check(a));
	TRY(am_team_check(b));
	TRY(am_program_compile(&e->own[0], a));
	TRY(am_program_compile(&e->own[1], b));
	return am_battle_run_programs(out, e, &e->own[0], &e->own[1], opts);
}

size_t am_engine_unit_count(const am_engine *e)
{
	return e->nunits;
}

int am_engine_unit(am_unit_state *out, const am_engine *e, size_t id)
{
	const unit *u;

	if (id >= e->nunits)
		return ut_error_set(AM_EINVALID, "no unit %zu", id);
	u = &e->units[id];
	out->side = u->side;
	out->def = u->defi;
	out->name = e->sides[u->side].team->units[u->defi].name;
	out->hp = u->hp;
	out->atk = u->atk;
	out->def_ = u->def;
	out->spd = u->spd;
	out->ap = u->ap;
	memcpy(out->states, u->st, sizeof(u->st));
	out->alive = u->alive;
	out->died_turn = u->died;
	out->position = u->inline_ ? (int)am_line_rank(e->nodes, (uint32_t)id)
	                           : -1;
	return 0;
}

int am_engine_slot_spent(const am_engine *e, size_t id, size_t slot)
{
	const unit *u;

	if (id >= e->nunits)
		return ut_error_set(AM_EINVALID, "no unit %zu", id);
	u = &e->units[id];
	if (slot >= u->nslots)
		return ut_error_set(AM_EINVALID, "no slot %zu", slot);
	return (int)((e->bits[u->bits + slot / 64] >>
	              (slot & 63)) & 1);
}

const am_team *am_engine_team(const am_engine *e, int side)
{
	return side == 0 || side == 1 ? e->sides[side].team : NULL;
}

size_t am_engine_line(const am_engine *e, int side, uint32_t *out,
                      size_t cap)
{
	size_t n;

	if ((side != 0 && side != 1) || !e->sides[side].team)
		return 0;
	n = am_line_size(e->nodes, e->sides[side].root);
	if (out && cap >= n)
		am_line_collect(e->nodes, e->sides[side].root, out, 0);
	return n;
}

size_t am_engine_memory(const am_engine *e)
{
	size_t b = sizeof(*e);
	int s;

	for (s = 0; s < 2; s++)
		b += e->own[s].capslots * sizeof(slot) +
		     e->own[s].capoff * sizeof(size_t) +
		     e->own[s].capmasks * sizeof(*e->own[s].masks);
	b += e->capunits * sizeof(unit) + e->capnodes * sizeof(am_lnode) +
	     e->capbits * sizeof(uint64_t) + e->capdec * sizeof(decision) +
	     (e->caphits + e->capnext) * sizeof(hit) +
	     e->queue.cap * sizeof(am_qent) + e->capdied * sizeof(uint32_t) +
	     e->captouched * sizeof(uint32_t) + e->captmp * sizeof(uint32_t) +
	     e->capkeys * sizeof(hit_key);
	return b;
}
