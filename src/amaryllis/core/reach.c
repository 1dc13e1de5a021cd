/*
 * reach.c - the first turn in which each unit definition of a team can be
 * created (am_team_build_turns): the proof behind "a definition that can
 * never be built is illegal" (the extension text: 戦闘中にどう転んでも
 * ビルドされ得ないユニットの定義は禁止です; RULINGS B1; docs/AMARYLLIS.md
 * BU-STORE-2, BU-STORE-3, BU-STORE-4).
 *
 * The bound must hold in every battle, so everything the team cannot be
 * sure of is taken at its most favourable: the opponent does nothing (it
 * can only take AP away with スタン, or kill), and any ally that could raise
 * a unit's 素早さ or give it ライフ is assumed to have done so in time.
 * What is left is exact:
 *
 *  - A unit acts at most AP times a turn, and AP is set to its 素早さ in the
 *    AP phase; a unit built in the action phase starts with AP = its own
 *    素早さ (BU-BUILD-2).  Nothing but 素早さ＋Ｎ raises 素早さ, and
 *    nothing lowers it.  So a unit's AP in a turn is at most its 素早さ
 *    plus its own 素早さ＋Ｎ fired before that turn, unless some unit of
 *    the team has a 素早さ＋Ｎ with 対象Ｎ or 全体化 (then AP is unbounded
 *    from its second turn on: every usable action fires).
 *  - Each step runs the first action of the list that is active, unused
 *    this turn and not spent (AM-STEP-2), so a turn runs the first AP usable
 *    slots.  Taking every step (no スタン) makes every slot fire as early as
 *    it can: by induction over the turns, the slots spent by then are a
 *    superset of those of any other run, and a slot that fires in another
 *    run is among the first AP usable slots of this one (see `simulate`).
 *  - Ages count from the build turn (BU-BUILD-3): 高速起動 at age 0,
 *    遅延起動Ｎ at age Ｎ, others at age 1.
 *  - A unit of ＨＰ 0 built after turn 0 dies at once (BU-BUILD-4); one that
 *    exists in turn 0 (the entry unit, or built then) dies at the start of
 *    turn 1 (AM-TURN-4) unless it can have ライフ by then: a ライフ与え run
 *    in turn 0 once it is there (its own, or an ally's with 対象Ｎ or
 *    全体化, whose holder exists in turn 0 and fires it at age 0, after
 *    its ビルド of this unit when it is the builder: a unit's slots run in
 *    list order within a turn).  With it, ＨＰ is 1 from then on (A6).
 *
 * A definition's first turn is then the least, over the ビルド slots that
 * name it, of (its holder's first turn + the age at which the slot first
 * fires); a shortest-path computation over turns 0..20.
 */
#include <stddef.h>
#include <stdlib.h>

#include "amaryllis/engine.h"
#include "amaryllis/team.h"
#include "util/assert.h"
#include "util/error.h"

#define NEVER INT64_MAX
#define INF_AP INT64_MAX

/* First usable age of an action (AM-TURN-2, BU-BUILD-3). */
static int64_t start_age(const am_action *a)
{
	return a->fast ? 0 : a->delay ? a->delay : 1;
}

static int64_t sat_add(int64_t a, int64_t b)
{
	return a > INT64_MAX - b ? INT64_MAX : a + b;
}

/*
 * The age (0..AM_LAST_TURN) at which each slot of unit u first fires in the
 * most favourable run (no スタン, every step taken), into fire[] (-1: not by
 * age 20).  ext: some ally may raise its 素早さ (AP unbounded from age 1).
 * spent: scratch, u->nslots bytes.
 */
static void simulate(const am_team *t, const am_unit_def *u, int ext,
                     int64_t *fire, unsigned char *spent)
{
	int64_t spd = u->spd, age;
	size_t j;

	for (j = 0; j < u->nslots; j++) {
		fire[j] = -1;
		spent[j] = 0;
	}
	for (age = 0; age <= AM_LAST_TURN; age++) {
		/* AP of this turn: its 素早さ when built or at the AP phase */
		int64_t ap = age > 0 && ext ? INF_AP : spd, steps = 0;
		for (j = 0; j < u->nslots && steps < ap; j++) {
			const am_action *a = &t->actions[u->slots[j]];
			if (spent[j] || start_age(a) > age)
				continue;
			steps++;
			if (fire[j] < 0)
				fire[j] = age;
			if (a->limited)
				spent[j] = 1;
			if (a->cls == AM_CLASS_SPD_UP && !a->all && a->target == 0)
				spd = sat_add(spd, a->n); /* AP from the next turn */
		}
	}
}

/* What a ビルド slot of a settled holder gives: the turn its target can be
 * built (≤ 20), or a reason and a bound. */
typedef struct cand {
	am_unbuilt why;  /* AM_BUILT: `turn` is a build turn ≤ 20 */
	int64_t turn;
} cand;

typedef struct ctx {
	const am_team *t;
	int ext_speed;
	int turn0_known;    /* turn 0 settled: first[] says who exists then */
	int64_t *first;     /* [n] first turn, NEVER when not (yet) settled */
	int64_t **fire;     /* [n] per slot: first firing age, or -1 */
} ctx;

/* The definition a ビルド action names, or -1 when a is no ビルド or names
 * nothing of the team's n definitions. */
static inline ptrdiff_t build_target(const am_action *a, size_t n)
{
	if (a->cls != AM_CLASS_BUILD || a->build < 0 || (size_t)a->build >= n)
		return -1;
	return (ptrdiff_t)a->build;
}

/* Whether unit y can be built in turn 0 before slot l of unit h runs
 * (turn 0 settled): by a ビルド that fires at age 0 on a unit that exists
 * in turn 0, held by another unit or by h itself before slot l (a unit's
 * slots run in list order within a turn, AM-STEP-2).  The entry unit is
 * there before anything runs. */
static int built_before(const ctx *c, size_t y, size_t h, size_t l)
{
	const am_team *t = c->t;
	size_t g, b;

	if (y == 0)
		return 1;
	for (g = 0; g < t->nunits; g++) {
		const am_unit_def *u = &t->units[g];
		if (c->first[g] != 0)
			continue;
		for (b = 0; b < u->nslots; b++)
			if (build_target(&t->actions[u->slots[b]], t->nunits) ==
			        (ptrdiff_t)y &&
			    c->fire[g][b] == 0 && (g != h || b < l))
				return 1;
	}
	return 0;
}

/* 1 when unit y, alive in turn 0, may hold ライフ at the start of turn 1:
 * only turn 0's actions can give it (BU-STORE-4): a ライフ与え of its own
 * that it runs at age 0, or an ally's with 対象Ｎ or 全体化 run in turn 0
 * once y is there, by a holder that exists in turn 0 and runs it at age 0
 * (known once turn 0 is settled; until then only y's own counts, which
 * changes nothing in turn 0: ライフ only saves y for turn 1 on). */
static int may_have_life(const ctx *c, size_t y)
{
	const am_team *t = c->t;
	const am_unit_def *u = &t->units[y];
	size_t h, j;

	for (j = 0; j < u->nslots; j++)
		if (t->actions[u->slots[j]].cls == AM_CLASS_LIFE &&
		    c->fire[y][j] == 0)
			return 1;
	if (!c->turn0_known)
		return 0;
	for (h = 0; h < t->nunits; h++) {
		const am_unit_def *v = &t->units[h];
		if (h == y || c->first[h] != 0)
			continue;
		for (j = 0; j < v->nslots; j++) {
			const am_action *a = &t->actions[v->slots[j]];
			if (a->cls == AM_CLASS_LIFE && (a->all || a->target != 0) &&
			    c->fire[h][j] == 0 && built_before(c, y, h, j))
				return 1;
		}
	}
	return 0;
}

/* The ビルド in slot j of settled unit y. */
static cand candidate(const ctx *c, size_t y, size_t j)
{
	const am_unit_def *u = &c->t->units[y];
	const am_action *a = &c->t->actions[u->slots[j]];
	int64_t e = c->first[y], f = c->fire[y][j];
	cand r = {AM_BUILT, NEVER};

	if (u->hp <= 0 && e >= 1) {
		r.why = AM_UNBUILT_HP0_LATE; /* BU-BUILD-4 */
		return r;
	}
	if (u->hp <= 0 && !may_have_life(c, y)) {
		/* alive in turn 0 only (AM-TURN-3, AM-TURN-4) */
		if (f == 0)
			r.turn = 0;
		else
			r.why = AM_UNBUILT_HP0_TURN0;
		return r;
	}
	if (u->spd <= 0 && !c->ext_speed) {
		r.why = AM_UNBUILT_NO_SPEED; /* AP 0 every turn (AM-AP-1) */
		return r;
	}
	if (f >= 0) {
		r.turn = e + f;
		if (r.turn > AM_LAST_TURN)
			r.why = AM_UNBUILT_TOO_LATE;
		return r;
	}
	if (start_age(a) > AM_LAST_TURN) {
		r.why = AM_UNBUILT_TOO_LATE;
		r.turn = sat_add(e, start_age(a));
		return r;
	}
	r.why = AM_UNBUILT_CROWDED;
	return r;
}

/* Whether each definition is named by a ビルド chain from the entry unit,
 * whatever the timing (BU-STORE-2). */
static void chain(const am_team *t, unsigned char *seen, uint32_t *queue)
{
	size_t head = 0, tail = 0, j;

	seen[0] = 1;
	queue[tail++] = 0;
	while (head < tail) {
		const am_unit_def *u = &t->units[queue[head++]];
		for (j = 0; j < u->nslots; j++) {
			const am_action *a = &t->actions[u->slots[j]];
			if (a->cls != AM_CLASS_BUILD || a->build < 0 ||
			    (size_t)a->build >= t->nunits || seen[a->build])
				continue;
			seen[a->build] = 1;
			queue[tail++] = (uint32_t)a->build;
		}
	}
}

/* Whether some ally may raise a unit's 素早さ (ext_speed): a 素早さ＋Ｎ with
 * 対象Ｎ or 全体化 anywhere in the team.  Returns the team's number of
 * slots. */
static size_t scan_team(ctx *c)
{
	const am_team *t = c->t;
	size_t i, j, nslots = 0;

	c->ext_speed = 0;
	for (i = 0; i < t->nunits; i++) {
		const am_unit_def *u = &t->units[i];
		nslots += u->nslots;
		for (j = 0; j < u->nslots; j++) {
			const am_action *a = &t->actions[u->slots[j]];
			if (a->cls == AM_CLASS_SPD_UP && (a->all || a->target != 0))
				c->ext_speed = 1;
		}
	}
	return nslots;
}

/* Let each ビルド of settled unit y offer its target a turn (candidate);
 * a target offered the current turn is settled now, through the queue. */
static void offer(ctx *c, size_t y, int64_t turn, unsigned char *done,
                  uint32_t *queue, size_t *tail)
{
	const am_team *t = c->t;
	const am_unit_def *u = &t->units[y];
	size_t j, n = t->nunits;

	for (j = 0; j < u->nslots; j++) {
		ptrdiff_t b = build_target(&t->actions[u->slots[j]], n);
		cand r;
		if (b < 0)
			continue;
		r = candidate(c, y, j);
		if (r.why != AM_BUILT || r.turn >= c->first[b])
			continue;
		UT_ASSERT(r.turn >= turn); /* no offer in the past */
		c->first[b] = r.turn;
		if (r.turn == turn && !done[b]) {
			done[b] = 1;
			queue[(*tail)++] = (uint32_t)b;
		}
	}
}

/* BU-STORE-2, BU-STORE-3: turn by turn from 0 to 20, settle the units
 * whose first turn it is (done[]) and let each ビルド they hold offer its
 * target a turn (offer); a target offered the current turn (高速起動 at
 * age 0) is settled in the same turn, through the queue.  Once turn 0 is
 * settled, who exists in it is known, and with it the ライフ an ally can
 * give then (may_have_life): the units of turn 0 offer again (only their
 * offers from turn 1 on can change).  c->first[0] is 0 on entry, every
 * other NEVER. */
static void settle(ctx *c, unsigned char *done, uint32_t *queue)
{
	const am_team *t = c->t;
	size_t n = t->nunits, i, head, tail;
	int64_t turn;

	for (turn = 0; turn <= AM_LAST_TURN; turn++) {
		head = tail = 0;
		for (i = 0; i < n; i++)
			if (!done[i] && c->first[i] == turn) {
				done[i] = 1;
				queue[tail++] = (uint32_t)i;
			}
		while (head < tail) {
			UT_ASSERT(tail <= n); /* each unit queued once (done[]) */
			offer(c, queue[head++], turn, done, queue, &tail);
		}
		if (turn == 0) {
			c->turn0_known = 1;
			for (i = 0; i < n; i++)
				if (done[i] && c->first[i] == 0) {
					size_t before = tail;
					offer(c, i, 0, done, queue, &tail);
					UT_ASSERT(tail == before);
				}
		}
	}
}

/* BU-STORE-3: the reason slot j of unit i gives its ビルド target o (not
 * settled): an unsettled holder names the first holder reachable by the
 * chain (o stays AM_UNBUILT_BUILDER), a settled one its candidate — the
 * earliest bound past turn 20 wins, else the first reason in team order. */
static void slot_reason(const ctx *c, const unsigned char *done,
                        const unsigned char *seen, size_t i, size_t j,
                        am_build_turn *o)
{
	cand r;

	if (!done[i]) {
		if (o->why == AM_UNBUILT_BUILDER && o->builder == 0 && seen[i] &&
		    i != 0) {
			o->builder = (uint32_t)i; /* the first such */
			o->slot = (uint32_t)j;
		}
		return;
	}
	r = candidate(c, i, j);
	/* a settled holder that builds o in time has settled it (settle) */
	UT_ASSERT(r.why != AM_BUILT);
	if (r.why == AM_UNBUILT_TOO_LATE
	        ? o->why != AM_UNBUILT_TOO_LATE || r.turn < o->turn
	        : o->why == AM_UNBUILT_BUILDER || o->why == AM_UNBUILT_NO_CHAIN) {
		o->why = r.why;
		o->turn = r.why == AM_UNBUILT_TOO_LATE ? r.turn : NEVER;
		o->builder = (uint32_t)i;
		o->slot = (uint32_t)j;
	}
}

/* BU-STORE-3: out[] from the settled turns (done[], c->first) and the
 * chain (seen[]): settled definitions get their turn, the others a reason,
 * from the ビルド slots of settled holders first (slot_reason), else
 * BUILDER / NO_CHAIN. */
static void reasons(const ctx *c, const unsigned char *done,
                    const unsigned char *seen, am_build_turn *out)
{
	const am_team *t = c->t;
	size_t n = t->nunits, i, j;

	for (i = 0; i < n; i++) {
		am_build_turn *o = &out[i];
		o->builder = 0;
		o->slot = 0;
		if (done[i]) {
			UT_ASSERT(c->first[i] >= 0 && c->first[i] <= AM_LAST_TURN);
			o->turn = c->first[i];
			o->why = AM_BUILT;
			continue;
		}
		o->turn = NEVER;
		o->why = seen[i] ? AM_UNBUILT_BUILDER : AM_UNBUILT_NO_CHAIN;
	}
	for (i = 0; i < n; i++) {
		const am_unit_def *u = &t->units[i];
		for (j = 0; j < u->nslots; j++) {
			ptrdiff_t b = build_target(&t->actions[u->slots[j]], n);
			if (b < 0 || done[b])
				continue;
			slot_reason(c, done, seen, i, j, &out[b]);
		}
	}
}

/*
 * The first turns (see the top): settle() turn by turn, the chain, then
 * every definition left gets its reason (reasons()).
 */
int am_team_build_turns(am_build_turn *out, const am_team *t)
{
	size_t n, i, nslots, k;
	int64_t *firebuf = NULL;
	unsigned char *seen = NULL, *done = NULL, *spent = NULL;
	uint32_t *queue = NULL;
	ctx c;
	int rc = 0;

	if (!out)
		return ut_error_set(AM_EINVALID,
		                    "am_team_build_turns: out is NULL");
	if (!t)
		return ut_error_set(AM_EINVALID,
		                    "am_team_build_turns: team is NULL");
	n = t->nunits;
	UT_ASSERT(n >= 1); /* units[0] is the entry unit */
	c.t = t;
	c.first = NULL;
	c.fire = NULL;
	nslots = scan_team(&c);
	c.first = malloc(n * sizeof(*c.first));
	c.fire = malloc(n * sizeof(*c.fire));
	firebuf = malloc((nslots ? nslots : 1) * sizeof(*firebuf));
	seen = calloc(n, 1);
	done = calloc(n, 1);
	queue = malloc(n * sizeof(*queue));
	spent = malloc(nslots ? nslots : 1);
	if (!c.first || !c.fire || !firebuf || !seen || !done || !queue ||
	    !spent) {
		rc = ut_error_set(AM_ENOMEM, "out of memory");
		goto out;
	}
	for (i = 0, k = 0; i < n; i++) {
		c.fire[i] = firebuf + k;
		k += t->units[i].nslots;
		simulate(t, &t->units[i], c.ext_speed, c.fire[i], spent);
		c.first[i] = NEVER;
	}
	UT_ASSERT(k == nslots);
	c.turn0_known = 0;
	c.first[0] = 0;
	settle(&c, done, queue);
	chain(t, seen, queue);
	reasons(&c, done, seen, out);
out:
	free(c.first);
	free(c.fire);
	free(firebuf);
	free(seen);
	free(done);
	free(queue);
	free(spent);
	return rc;
}
