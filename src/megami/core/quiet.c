/*
 * quiet.c - the flat quiet rounds (mg_quiet_flat): whole rounds of the
 * quiet run (mg_combat_run without an event callback, dice from the
 * generator) in one loop, as the step machine (combat.c, resolve.c,
 * policy.c) plays them, with the generator, the event count and the
 * characters' changing state (HP, position, able and 戦闘不能 as bit
 * masks, this round's initiative keys) in locals, copied back into the
 * combat when the stretch ends.  The events are only counted.  The step
 * machine stays the reference and plays whatever this loop does not:
 * a round with an entry or with nobody able (MG-ENTER-1), more than
 * MG_QFLAT_MAX characters, no table of armor modifiers, values beyond
 * MG_QFLAT_BOUND (where a sum could overflow), an HP below
 * MG_QFLAT_HP_FLOOR, a position beyond MG_QFLAT_POS_BOUND, a budget that
 * may not hold a round (combat_int.h: mg_qflat).  What the loop reads of
 * the scenario is derived once here (mg_quiet_derive).  One character
 * against one, where the choices, the order and the rolls simplify, has a
 * loop of its own (flat_duel); the rest play in flat_any.
 * tests/megami/test_fused.c proves the run equal to the step loop.
 */
#include <string.h>

#include "combat_int.h"
#include "util/assert.h"

/* The changing state of the characters ch[0 .. n) into the flat loop's
 * locals: positions, HP, the able, 戦闘不能 and yet-to-enter masks;
 * returns whether an HP (not dead) is below MG_QFLAT_HP_FLOOR or a
 * position beyond MG_QFLAT_POS_BOUND (both: mg_qflat). */
static inline int take_in(const mg_cchar *ch, size_t n, int64_t *pos,
                          int64_t *hp, uint64_t *pable, uint64_t *pdown,
                          uint64_t *pabsent)
{
	uint64_t able = 0, down = 0, absent = 0;
	size_t i;
	int low = 0;

	for (i = 0; i < n; i++) {
		const uint64_t bit = (uint64_t)1 << i;
		pos[i] = ch[i].pos;
		hp[i] = ch[i].hp;
		if (ch[i].state == MG_STATE_ABLE)
			able |= bit;
		else if (ch[i].state == MG_STATE_INCAPACITATED)
			down |= bit;
		else if (ch[i].state == MG_STATE_ABSENT)
			absent |= bit;
		low |= (ch[i].state != MG_STATE_DEAD &&
		        hp[i] < MG_QFLAT_HP_FLOOR) |
		       ((uint64_t)pos[i] + (uint64_t)MG_QFLAT_POS_BOUND >
		        2 * (uint64_t)MG_QFLAT_POS_BOUND);
	}
	*pable = able;
	*pdown = down;
	*pabsent = absent;
	return low;
}

/* ---- derived once --------------------------------------------------------- */

/* Into out: the front of the attacks in[0 .. n) (area: the area ones
 * only), as mg_cconst's f and af; returns its length. */
static size_t front(mg_catk *out, const mg_catk *in, size_t n, int area)
{
	size_t x, y, m = 0, kept = 0;
	int64_t reach = -1;

	for (x = 0; x < n; x++) { /* by damage, high first, stable */
		if (area && !in[x].area)
			continue;
		for (y = m; y > 0 && out[y - 1].damage < in[x].damage; y--)
			out[y] = out[y - 1];
		out[y] = in[x];
		m++;
	}
	for (x = 0; x < m; x++)
		if (out[x].range > reach) {
			reach = out[x].range;
			out[kept++] = out[x];
		}
	return kept;
}

/* The fronts of character k's attacks (mg_qchar f, af) into fr: the 4
 * slots an attack that follow its lists (all, norm) in c->catk; each
 * with its judgement base and its row of armor modifiers. */
static void fronts(const mg_combat *c, const mg_cconst *k, mg_qchar *q,
                   mg_catk *fr)
{
	mg_catk *const fr0 = fr;
	const mg_catk *from[2];
	size_t nfrom[2], x;

	from[0] = k->all;
	nfrom[0] = k->nall;
	from[1] = k->norm;
	nfrom[1] = k->nnorm;
	for (x = 0; x < 2; x++) {
		size_t m;
		q->f[x] = fr;
		m = front(fr, from[x], nfrom[x], 0);
		q->one[x] = m == 1;
		q->lim[x] = m ? (uint64_t)fr[m - 1].range + 1 : 0;
		fr += m;
		q->af[x] = fr;
		m = front(fr, from[x], nfrom[x], 1);
		q->alim[x] = m ? (uint64_t)fr[m - 1].range + 1 : 0;
		fr += m;
	}
	for (x = 0; fr0 + x < fr; x++) {
		fr0[x].check = c->check[fr0[x].ka];
		fr0[x].mods = c->mods + (size_t)fr0[x].ka * c->n;
	}
}

/* Is v within ±MG_QFLAT_BOUND? */
static int flat_small(int64_t v)
{
	return v >= -MG_QFLAT_BOUND && v <= MG_QFLAT_BOUND;
}

/* MG-INIT-2 MG-CKD-1 MG-BUDGET-1: c->qf (combat_int.h: mg_qflat) and the
 * fronts, after the rest of derive (combat.c).  The bound keeps every sum
 * of the flat rounds in range: an initiative (行動 + 12) and its key
 * (· 4096 + 63 · 64 + 63), a judgement (check + 12), a defence (回避 or
 * 抵抗 + 12), an attack's damage (damage + 6) and real damage (− the
 * modifier), the allowance (5 + 行動) and 3 × it; HP, at least
 * MG_QFLAT_HP_FLOOR when a round begins, loses at most n (≤ 64) real
 * damages (< 2^42 each) in it, which cannot pass INT64_MIN.  The most
 * events a round can take: a round, its initiatives, its order, and for
 * each character a skip, or a main process (begin, nothing, end) with at
 * most two actions of the policy (a move, then an attack or a とどめ: each
 * at most 2 + 3 events a target, every character a target), and the end;
 * n ≤ MG_SCN_MAX_CHARACTERS. */
void mg_quiet_derive(mg_combat *c)
{
	const mg_character *const sc = c->s->characters;
	size_t i, a, t, na = 0;
	int s;

	c->qf.ok = 0;
	c->qf.foe[0] = c->qf.foe[1] = 0;
	c->qf.bound = 3 + (uint64_t)c->n +
	              (uint64_t)c->n * (7 + 6 * (uint64_t)c->n);
	c->qf.why = !c->mods ? MG_QP_NOFLAT_NOMODS
	            : c->n > MG_QFLAT_MAX ? MG_QP_NOFLAT_MANY : MG_QP_NOFLAT_BIG;
	if (c->n > MG_QFLAT_MAX || !c->mods)
		return;
	for (i = 0; i < c->n; i++) {
		const mg_character *d = &sc[i];
		if (!flat_small(c->k[i].istat) || !flat_small(c->k[i].evasion) ||
		    !flat_small(c->k[i].resistance))
			return;
		for (a = 0; a < d->nattacks; a++, na++) {
			if (!flat_small(c->check[na]) ||
			    !flat_small(d->attacks[a].damage))
				return;
			for (t = 0; t < c->n; t++)
				if (!flat_small(c->mods[na * c->n + t].mod))
					return;
		}
	}
	for (i = 0; i < c->n; i++) {
		/* MG-INIT-2's ties without the initiative: its rank counts
		 * the characters before it (the higher 行動, or the same and
		 * a PC before an NPC, or the same side and earlier) */
		const int64_t ii = c->k[i].istat;
		const int si = (int)sc[i].side;
		int64_t rank = 0;
		for (t = 0; t < c->n; t++) {
			const int64_t it = c->k[t].istat;
			const int st = (int)sc[t].side;
			rank += it != ii ? it > ii
			        : st != si ? st == MG_SIDE_PC : t < i;
		}
		mg_qchar *q = &c->qf.qc[i];
		s = si;
		c->qf.foe[1 - s] |= (uint64_t)1 << i;
		memset(q, 0, sizeof(*q));
		q->kbase = ii * 4096 + (63 - rank) * 64 + (int64_t)i;
		fronts(c, &c->k[i], q,
		       c->catk + 6 * c->atk0[i] + 2 * c->k[i].nall);
		q->def[0] = c->k[i].evasion;
		q->def[1] = c->k[i].resistance;
		q->maxr_move = c->k[i].maxr_move;
		q->allow = c->k[i].allow;
		q->atk = c->k[i].nall != 0;
		q->finish = sc[i].finish != 0;
	}
	for (i = 0; i < c->n; i++)
		c->qf.qc[i].fmask = c->qf.foe[sc[i].side];
	{
		int64_t p0[MG_QFLAT_MAX], h0[MG_QFLAT_MAX];
		c->qf.low0 = take_in(c->ch0, c->n, p0, h0, &c->qf.able0,
		                     &c->qf.down0, &c->qf.absent0);
	}
	/* one character against one: each side's mask holds one bit, and
	 * both are in the scene from the start (MG-ENTER-1) */
	c->qf.duel = c->n == 2 && c->qf.foe[0] && c->qf.foe[1] &&
	             !c->qf.absent0;
	c->qf.ok = 1;
}

/* ---- the rounds ----------------------------------------------------------- */

/* The index of the lowest bit set in m (m ≠ 0). */
static inline unsigned low_bit(uint64_t m)
{
#if defined(__GNUC__) || defined(__clang__)
	return (unsigned)__builtin_ctzll(m);
#else
	unsigned k = 0;
	while (!(m & 1)) {
		m >>= 1;
		k++;
	}
	return k;
#endif
}

#ifndef NDEBUG
/* MG-MOVE-2 MG-MOVE-3: a move of the policy from `from` to `to` is
 * neither held (no able enemy in E stands at `from`) nor stopped (none
 * strictly between): debug builds check it. */
static inline int move_free(uint64_t E, const int64_t *pos, int64_t from,
                     int64_t to)
{
	for (; E; E &= E - 1) {
		const int64_t q = pos[low_bit(E)];
		if (q == from || (from < to ? q > from && q < to
		                            : q < from && q > to))
			return 0;
	}
	return 1;
}
#else
/* Release builds do not evaluate assertions (util/assert.h): no function
 * that only they would call (clang warns of one). */
#define move_free(E, pos, from, to) 1
#endif

_Static_assert(MG_STATE_ABLE == 0 && MG_STATE_INCAPACITATED == 1 &&
               MG_STATE_DEAD == 2 && MG_STATUS_NONE == 0 &&
               MG_STATUS_PENDING == 1 && MG_STATUS_DONE == 2,
               "mg_quiet_flat writes the states and statuses as numbers");

/* What a main process took (MG-ROUND-3): a 戦闘移動, a 通常 action, a
 * 複雑 one. */
enum { DID_SIMPLE = 1, DID_NORMAL = 2, DID_COMPLEX = 4 };

/* Compare and exchange: the higher of x, y into x (branch free). */
#define CE(x, y)                                                       \
	do {                                                           \
		const int64_t ce_x = (x), ce_y = (y);                  \
		(x) = ce_x > ce_y ? ce_x : ce_y;                       \
		(y) = ce_x > ce_y ? ce_y : ce_x;                       \
	} while (0)

/* MG-INIT-2: the keys k[0 .. n) (distinct, n > 2) sorted high first:
 * up to 8 by a sorting network (the rest filled with INT64_MIN, below
 * every key: mg_qflat), whose compare-exchanges of one layer are
 * independent, so the chain of dependent steps is 3 or 6 long, not up to
 * 28 as in an insertion; more by insertion. */
static void sort_keys(int64_t *k, size_t n)
{
	size_t t, u;

	if (n <= 4) {
		int64_t k0 = k[0], k1 = k[1], k2 = k[2];
		int64_t k3 = n > 3 ? k[3] : INT64_MIN;
		CE(k0, k1); CE(k2, k3);
		CE(k0, k2); CE(k1, k3);
		CE(k1, k2);
		k[0] = k0, k[1] = k1, k[2] = k2, k[3] = k3;
	} else if (n <= 8) {
		int64_t k0 = k[0], k1 = k[1], k2 = k[2], k3 = k[3], k4 = k[4];
		int64_t k5 = n > 5 ? k[5] : INT64_MIN;
		int64_t k6 = n > 6 ? k[6] : INT64_MIN;
		int64_t k7 = n > 7 ? k[7] : INT64_MIN;
		CE(k0, k2); CE(k1, k3); CE(k4, k6); CE(k5, k7);
		CE(k0, k4); CE(k1, k5); CE(k2, k6); CE(k3, k7);
		CE(k0, k1); CE(k2, k3); CE(k4, k5); CE(k6, k7);
		CE(k2, k4); CE(k3, k5);
		CE(k1, k4); CE(k3, k6);
		CE(k1, k2); CE(k3, k4); CE(k5, k6);
		k[0] = k0, k[1] = k1, k[2] = k2, k[3] = k3;
		k[4] = k4, k[5] = k5, k[6] = k6, k[7] = k7;
	} else {
		for (t = 1; t < n; t++) {
			const int64_t kv = k[t];
			for (u = t; u > 0 && k[u - 1] < kv; u--)
				k[u] = k[u - 1];
			k[u] = kv;
		}
	}
}

/* choose, policy_move and put_back (below) are compiled into their
 * callers, the flat loops: GCC and Clang are told to inline them whatever
 * their size (at -O2 GCC called choose: 9 % more instructions a fight),
 * and not to inline the loops into mg_quiet_flat. */
#if defined(__GNUC__) || defined(__clang__)
#define FLAT_INLINE __attribute__((always_inline))
#define NOINLINE __attribute__((noinline))
#else
#define FLAT_INLINE
#define NOINLINE
#endif

/* One d6 from the generator (docs/RANDOM.md: 1 + uniform(6)). */
#define D6(r) (1 + (int64_t)ut_rng_uniform(&(r), 6))

/*
 * MG-POLICY-1 as best_candidate chooses (policy.c) with one hit each:
 * the best attack of the set q of a character at position p against the
 * able enemies E (a mask: scenario order is bit order), its target into
 * *tj; NULL when none is in range.  Against each able enemy j in range,
 * the best attack with one hit is the first of the front that covers the
 * distance; an area attack that covers it hits every able enemy at j's
 * position, so when those are two or more the best area attack (the
 * first of the area front that covers it) beats every single hit.  The
 * enemies are tried in order and a later one wins only when strictly
 * better: best_candidate's first of equals.
 */
static inline FLAT_INLINE const mg_catk *choose(uint32_t *tj,
    const mg_qchar *q, int x, uint64_t E, int64_t p, const int64_t *pos,
    const int64_t *hp)
{
	const mg_catk *best = NULL;
	const uint64_t lim = q->lim[x], alim = q->alim[x];
	uint64_t m, bhits = 0;
	int64_t bhp = 0;

	if (!lim)
		return NULL;
	if (!(E & (E - 1))) {
		/* one able enemy: the first of the front that covers its
		 * distance (an area attack would hit it alone); none while
		 * the enemies' side waits for its entry (MG-ENTER-3) */
		if (!E)
			return NULL;
		const unsigned j = low_bit(E);
		const uint64_t d = mg_dist(p, pos[j]);
		if (d >= lim)
			return NULL;
		for (best = q->f[x]; d > (uint64_t)best->range; best++)
			;
		*tj = j;
		return best;
	}
	if (!alim && q->one[x]) {
		/* one attack at every distance in range, one hit each:
		 * the lowest HP (the first of equals).  In range:
		 * |pos − p| ≤ lim − 1, tested as pos − (p − (lim − 1)) ≤
		 * 2 (lim − 1) in unsigned arithmetic, exact while the
		 * positions lie within ±MG_QFLAT_POS_BOUND (mg_qflat) */
		const uint64_t lo = (uint64_t)p - (lim - 1), span = 2 * (lim - 1);
		unsigned bj;
		for (m = E; m; m &= m - 1) /* the first in range */
			if ((uint64_t)pos[low_bit(m)] - lo <= span)
				break;
		if (!m)
			return NULL;
		bj = low_bit(m);
		bhp = hp[bj];
		for (m &= m - 1; m; m &= m - 1) { /* a lower HP after it */
			const unsigned j = low_bit(m);
			if ((uint64_t)pos[j] - lo <= span && hp[j] < bhp) {
				bhp = hp[j];
				bj = j;
			}
		}
		*tj = bj;
		return q->f[x];
	}
	if (!alim) {
		/* no area attack: one hit each, the highest damage, then
		 * the lowest HP (the first of equals) */
		int64_t bdmg = 0;
		for (m = E; m; m &= m - 1) {
			const unsigned j = low_bit(m);
			const uint64_t d = mg_dist(p, pos[j]);
			const mg_catk *e;
			if (d >= lim)
				continue;
			for (e = q->f[x]; d > (uint64_t)e->range; e++)
				;
			if (best && (e->damage != bdmg ? e->damage < bdmg
			                               : hp[j] >= bhp))
				continue;
			best = e;
			bdmg = e->damage;
			bhp = hp[j];
			*tj = j;
		}
		return best;
	}
	{
		/* an area attack in the set: the enemies grouped by position
		 * (in the order of their first member).  Those of a group
		 * are at one distance and count the same hits (the able
		 * enemies at their position), so they take the same attack
		 * and differ only by HP: a group's candidate is its lowest
		 * HP, the first of equals; of the groups, the best, and of
		 * equals the candidate first in order */
		int64_t gpos[MG_QFLAT_MAX], ghp[MG_QFLAT_MAX];
		unsigned gn[MG_QFLAT_MAX], gj[MG_QFLAT_MAX], bj = 0;
		size_t ng = 0, g;
		for (m = E; m; m &= m - 1) {
			const unsigned j = low_bit(m);
			const int64_t pj = pos[j];
			for (g = 0; g < ng && gpos[g] != pj; g++)
				;
			if (g == ng) {
				gpos[g] = pj;
				ghp[g] = hp[j];
				gj[g] = j;
				gn[g] = 1;
				ng++;
			} else {
				gn[g]++;
				if (hp[j] < ghp[g]) {
					ghp[g] = hp[j];
					gj[g] = j;
				}
			}
		}
		for (g = 0; g < ng; g++) {
			const uint64_t d = mg_dist(p, gpos[g]);
			const mg_catk *e;
			uint64_t hits = 1;
			if (d >= lim)
				continue;
			for (e = q->f[x]; d > (uint64_t)e->range; e++)
				;
			if (d < alim && gn[g] > 1) {
				hits = gn[g];
				for (e = q->af[x]; d > (uint64_t)e->range; e++)
					;
			}
			if (best && (hits != bhits ? hits < bhits :
			             e->damage != best->damage
			             ? e->damage < best->damage
			             : ghp[g] != bhp ? ghp[g] > bhp : gj[g] > bj))
				continue;
			best = e;
			bhits = hits;
			bhp = ghp[g];
			bj = gj[g];
		}
		if (best)
			*tj = bj;
		return best;
	}
}

/* Debug builds count which of choose's loops plays the choice of set x
 * of character q against the able enemies E. */
#define QCHOOSE(c, q, x, E)                                            \
	MG_QPATH(c, !(q)->lim[x] ? MG_QP_FLAT_CHOOSE_NONE              \
	            : !((E) & ((E) - 1)) ? MG_QP_FLAT_CHOOSE_SOLE      \
	            : (q)->alim[x] ? MG_QP_FLAT_CHOOSE_AREA            \
	            : (q)->one[x] ? MG_QP_FLAT_CHOOSE_ONE              \
	            : MG_QP_FLAT_CHOOSE_FRONT)

/* MG-POLICY-2 as both flat loops play it: a character at *p whose
 * nearest able enemy stands at gp, best away, beyond the reach of every
 * attack, moves toward it: DID_SIMPLE, a 戦闘移動 into the reach (then its
 * 通常 attacks may follow); DID_NORMAL, a 全力移動 of three times its
 * allowance; 0, no move (an allowance of 0).  *p is where it ends. */
static inline FLAT_INLINE unsigned policy_move(const mg_qchar *me, int64_t *p,
                                               int64_t gp, uint64_t best)
{
	uint64_t need, step, allow;

	UT_ASSERT(me->maxr_move >= 0 && best > (uint64_t)me->maxr_move &&
	          me->allow >= 0);
	need = best - (uint64_t)me->maxr_move;
	allow = (uint64_t)me->allow;
	if (need <= allow) {
		step = need;
	} else {
		step = 3 * allow;
		if (need < step)
			step = need;
		if (!step)
			return 0;
	}
	*p = gp > *p ? (int64_t)((uint64_t)*p + step)
	             : (int64_t)((uint64_t)*p - step);
	return need <= allow ? DID_SIMPLE : DID_NORMAL;
}

/* After flat rounds that played one round at least: their locals back
 * into the combat, as the step machine leaves it.  The last round's
 * order (the keys key[0 .. nord): who rolled in it, inited), the turns
 * of it taken (turn), who took a main process in it (done), what the
 * last main process took (last), whether the combat is decided (over);
 * the state 0 able, 1 戦闘不能, 2 dead, 3 yet to enter (absent: they
 * stay so in the flat rounds); the status 0 none, 1 pending,
 * 2 done (the done ones are inited); the dice of whoever rolled (id
 * nonzero). */
static inline FLAT_INLINE void put_back(mg_combat *c, size_t n,
    const int64_t *pos, const int64_t *hp, unsigned char (*id)[2],
    const int64_t *key, size_t nord, size_t turn, uint64_t able,
    uint64_t down, uint64_t absent, uint64_t done, unsigned last, int over,
    int64_t round)
{
	const mg_cconst *const kk = c->k;
	const uint64_t foe0 = c->qf.foe[0];
	mg_cchar *const ch = c->ch;
	uint64_t inited = 0, m;
	size_t t, i;

	for (t = 0; t < nord; t++) {
		c->order[t] = (uint32_t)key[t] & 63;
		inited |= (uint64_t)1 << (key[t] & 63);
	}
	/* the actor of the last main process: the last of the last round's
	 * turns that took one (a round played holds one: the first in its
	 * order is able) */
	for (t = turn; t-- > 0;)
		if ((done >> (key[t] & 63)) & 1) {
			c->actor = (uint32_t)key[t] & 63;
			break;
		}
	for (i = 0; i < n; i++) {
		const unsigned ab = (unsigned)(able >> i) & 1;
		const unsigned dn = (unsigned)(down >> i) & 1;
		const unsigned ib = (unsigned)(absent >> i) & 1;
		const unsigned in = (unsigned)(inited >> i) & 1;
		const unsigned dd = (unsigned)(done >> i) & 1;
		mg_cchar *h = &ch[i];
		h->pos = pos[i];
		h->hp = hp[i];
		h->state = (mg_state)(2 - dn - 2 * ab + ib);
		h->waited = 0;
		h->has_init = (int)in;
		h->status = (mg_status)(in + dd);
		if (id[i][0]) {
			h->idice[0] = id[i][0];
			h->idice[1] = id[i][1];
			h->init = kk[i].istat + id[i][0] + id[i][1];
		}
	}
	c->norder = nord;
	c->turn = turn;
	c->round = round;
	c->nwaiting = 0;
	c->able[MG_SIDE_PC] = c->able[MG_SIDE_NPC] = 0;
	for (m = able; m; m &= m - 1) /* foe0: the NPCs */
		c->able[(foe0 >> low_bit(m)) & 1]++;
	c->nsimple = (last & DID_SIMPLE) != 0;
	c->nnormal = (last & DID_NORMAL) != 0;
	c->ncomplex = (last & DID_COMPLEX) != 0;
	c->acted = last != 0;
	c->resumed = c->late = 0;
	c->cut = over;
	c->refusal = MG_REFUSE_NONE;
	c->phase = over ? MG_PH_TURNS : MG_PH_ROUND;
}

/* mg_quiet_flat for the rest (not one against one: flat_duel). */
static NOINLINE int flat_any(mg_combat *c)
{
	const size_t n = c->n;
	const mg_qchar *const qc = c->qf.qc;
	const uint64_t foe0 = c->qf.foe[0], foe1 = c->qf.foe[1];
	const uint64_t maxev = c->opts.max_events, qbound = c->qf.bound;
	const int64_t limit = c->s->round_limit;
	mg_cchar *const ch = c->ch;
	int64_t pos[MG_QFLAT_MAX], hp[MG_QFLAT_MAX], key[MG_QFLAT_MAX];
	unsigned char id[MG_QFLAT_MAX][2];
	uint64_t able = 0, down = 0, absent = 0, done = 0;
	uint64_t nev = c->nevents, m;
	/* MG-ENTER-1: the characters of a side with someone yet to enter,
	 * which is not beaten while it waits (mg_decided; nobody enters in
	 * the flat rounds, which end before a round with an entry) */
	const uint64_t coming = (c->coming[MG_SIDE_NPC] ? foe0 : 0) |
	                        (c->coming[MG_SIDE_PC] ? foe1 : 0);
	/* the round the stretch stops before: the limit's, or an entry's
	 * (MG-ENTER-1: a round with one is the step machine's) */
	const int64_t enter = mg_enter_next(c);
	const int64_t stop = enter <= limit ? enter - 1 : limit;
	size_t nord = 0, turn = 0, ndice = 0, i, t;
	int64_t round = c->round;
	int low = 0, over = 0;
	/* what the last main process took (DID_*): a round played holds
	 * one, and only a round played reaches the write back */
	unsigned last = 0;
	ut_rng r = c->rng;

	UT_ASSERT(c->qf.ok && c->quiet && c->phase == MG_PH_ROUND &&
	          n <= MG_QFLAT_MAX && c->mods);
	memset(id, 0, n * sizeof(id[0])); /* nobody rolled yet */
	if (c->fresh) {
		/* the characters as the scenario starts them (ch0, as
		 * mg_combat_restart left them): what take_in finds there was
		 * found once (mg_qflat able0, down0, low0) */
		MG_QPATH(c, MG_QP_FLAT_IN_START);
		for (i = 0; i < n; i++) {
			pos[i] = ch[i].pos;
			hp[i] = ch[i].hp;
		}
		able = c->qf.able0;
		down = c->qf.down0;
		absent = c->qf.absent0;
		low = c->qf.low0;
#ifndef NDEBUG
		{
			int64_t p2[MG_QFLAT_MAX], h2[MG_QFLAT_MAX];
			uint64_t a2, d2, b2;
			UT_ASSERT(take_in(ch, n, p2, h2, &a2, &d2, &b2) == low &&
			          a2 == able && d2 == down && b2 == absent);
		}
#endif
	} else {
		MG_QPATH(c, MG_QP_FLAT_IN_STATE);
		low = take_in(ch, n, pos, hp, &able, &down, &absent);
	}
	c->fresh = 0;
	for (;;) {
		/* flat_ok (combat.c), and the HP floor (mg_qflat); a round
		 * where nobody is able (both sides wait for theirs, MG-ENTER-1)
		 * is the step machine's: no main process names c->actor */
		if (round >= stop || !able) {
			MG_QPATH(c, round >= limit ? MG_QP_FLAT_LIMIT
			                           : MG_QP_FLAT_ENTRY);
			break;
		}
		if (qbound > maxev || nev > maxev - qbound) {
			MG_QPATH(c, MG_QP_FLAT_BUDGET);
			break;
		}
		if (low) {
#ifndef NDEBUG
			for (i = 0; i < n; i++)
				if ((uint64_t)pos[i] + (uint64_t)MG_QFLAT_POS_BOUND >
				    2 * (uint64_t)MG_QFLAT_POS_BOUND)
					break;
			MG_QPATH(c, i < n ? MG_QP_FLAT_FAR : MG_QP_FLAT_LOWHP);
#endif
			break;
		}
		MG_QPATH(c, MG_QP_FLAT_ROUND);
		/* MG-ROUND-1; MG-INIT-1 in scenario order; MG-INIT-2: the keys
		 * (value · 4096 + (63 − tie rank) · 64 + index: mg_qflat)
		 * sorted high first */
		round++;
		nev += 2; /* the round and order events */
		done = 0;
		nord = 0;
		for (m = able; m; m &= m - 1) {
			const unsigned k = low_bit(m);
			const int64_t d1 = D6(r), d2 = D6(r);
			id[k][0] = (unsigned char)d1;
			id[k][1] = (unsigned char)d2;
			key[nord++] = qc[k].kbase + (d1 + d2) * 4096;
		}
		if (nord == 2)
			CE(key[0], key[1]);
		else if (nord > 2)
			sort_keys(key, nord);
#ifndef NDEBUG
		for (t = 1; t < nord; t++) {
			UT_ASSERT(key[t - 1] > key[t]);
			if ((uint64_t)key[t - 1] >> 12 == (uint64_t)key[t] >> 12)
				MG_QPATH(c, MG_QP_FLAT_TIE);
		}
#endif
		nev += nord;  /* the initiatives */
		ndice += 2 * nord;
		/* MG-ROUND-2, MG-ROUND-3: the turns */
		for (t = 0; t < nord; t++) {
			const uint32_t a = (uint32_t)key[t] & 63;
			const uint64_t abit = (uint64_t)1 << a;
			const mg_qchar *me = &qc[a];
			const uint64_t fm = me->fmask;
			const mg_catk *e;
			uint64_t E;
			uint32_t j = 0;
			int64_t p;
			/* what the main process took: DID_* */
			unsigned did = 0;
			if (!(able & abit)) {
				nev++; /* MG_EV_SKIP */
				MG_QPATH(c, MG_QP_FLAT_SKIP);
				continue;
			}
			nev++; /* MG_EV_MAIN_BEGIN */
			if (!me->atk) { /* MG-POLICY-4 */
				MG_QPATH(c, MG_QP_FLAT_NOATK);
				goto end;
			}
			E = able & fm;
			p = pos[a];
			/* MG-POLICY-1 with the whole budget (none without an
			 * able enemy: choose) */
			QCHOOSE(c, me, 0, E);
			if ((e = choose(&j, me, 0, E, p, pos, hp)) != NULL)
				goto attack;
			if (!E) {
				/* MG-ENTER-3: no able enemy, but one to come
				 * (else the combat is over): no move either
				 * (plan_move finds no goal); a とどめ */
				UT_ASSERT(coming & fm);
				MG_QPATH(c, MG_QP_FLAT_NOFOE);
				goto finish;
			}
			/* MG-POLICY-2: toward the nearest able enemy (the first
			 * of equals), as plan_step.  A move of the policy is
			 * neither held nor stopped (mg_resolve_move would find
			 * no 離脱, MG-MOVE-3: it moves only with no able enemy
			 * in range, and every range covers distance 0, so none
			 * stands where it stands; no stop, MG-MOVE-2: it moves
			 * at most as far as the nearest, so none stands on its
			 * way).  move_free checks it in debug builds. */
			{
				uint64_t best = UINT64_MAX;
				int64_t gp = p;
				for (m = E; m; m &= m - 1) {
					const unsigned k = low_bit(m);
					const uint64_t d = mg_dist(p, pos[k]);
					if (d < best) {
						best = d;
						gp = pos[k];
					}
				}
#ifndef NDEBUG
				const int64_t from = p;
#endif
				did = policy_move(me, &p, gp, best);
				UT_ASSERT(move_free(E, pos, from, p));
				if (did == DID_SIMPLE) { /* 戦闘移動 */
					pos[a] = p;
					nev++;
					MG_QPATH(c, MG_QP_FLAT_MOVE);
					/* MG-POLICY-1 with 通常 attacks only */
					QCHOOSE(c, me, 1, E);
					e = choose(&j, me, 1, E, p, pos,
					           hp);
					if (e) {
						MG_QPATH(c, MG_QP_FLAT_MOVE_ATK);
						goto attack;
					}
				} else if (did) { /* 全力移動 */
					pos[a] = p;
					nev++;
					MG_QPATH(c, MG_QP_FLAT_FULL);
					goto end;
				} else {
					MG_QPATH(c, MG_QP_FLAT_NOMOVE);
				}
			}
finish:
			/* MG-POLICY-3: とどめ on the first 戦闘不能 enemy in range
			 * of an attack, with the first of the front of all
			 * attacks that covers it (the highest damage, then list
			 * order); MG-FINISH-1 */
			if (me->finish && me->lim[0]) {
				for (m = down & fm; m; m &= m - 1) {
					const unsigned k = low_bit(m);
					const uint64_t d = mg_dist(p, pos[k]);
					int64_t real;
					if (d >= me->lim[0])
						continue;
					for (e = me->f[0]; d > (uint64_t)e->range; e++)
						;
					real = e->damage + D6(r) -
					       e->mods[k].mod;
					ndice++;
					if (real < 0)
						real = 0;
					hp[k] -= real;
					low |= hp[k] < MG_QFLAT_HP_FLOOR;
					nev++;
					did |= DID_NORMAL;
					MG_QPATH(c, MG_QP_FLAT_FINISH);
					if (real >= 1) { /* 死亡 */
						down &= ~((uint64_t)1 << k);
						nev++;
						MG_QPATH(c, MG_QP_FLAT_KILL);
					}
					break;
				}
			}
			goto end;
attack:
			/* MG-ATTACK-1, MG-ATTACK-2, MG-ATTACK-3, MG-ATTACK-4, MG-ATTACK-5,
			 * MG-ATTACK-6 */
			did |= e->complex ? DID_COMPLEX : DID_NORMAL;
			{
				const int64_t d1 = D6(r), d2 = D6(r);
				const int64_t value = e->check + d1 + d2;
				int64_t ad;
				ndice += 2;
				nev++;
				if (d1 + d2 == 2) { /* fumble */
					MG_QPATH(c, MG_QP_FLAT_FUMBLE);
					goto end;
				}
#ifndef NDEBUG
				if (d1 + d2 == 12)
					MG_QPATH(c, MG_QP_FLAT_CRIT);
#endif
				if (!e->area) {
					const int64_t ev = 2 + (int64_t)ut_rng_uniform(&r, 6) +
					                   (int64_t)ut_rng_uniform(&r, 6);
					const int64_t dv = ev + qc[j].def[e->magic];
					int64_t real;
					MG_QPATH(c, MG_QP_FLAT_SINGLE);
					ndice += 2;
					nev++;
					if (d1 + d2 == 12 ? ev == 12
					    : ev == 12 || (ev != 2 && dv >= value))
						goto end; /* evaded */
					ad = e->damage + D6(r);
					ndice++;
					nev++;
					real = ad - e->mods[j].mod;
					if (real < 0)
						real = 0;
					/* an able j may stand at HP ≤ 0 after a
					 * GM's clearing, even near the floor: one
					 * hit (< 2^42) cannot pass INT64_MIN, and
					 * j falls, so only とどめ and area attacks,
					 * which check the floor, hit it again */
					hp[j] -= real;
					nev++;
					if (hp[j] <= 0) { /* 戦闘不能 */
						able &= ~((uint64_t)1 << j);
						down |= (uint64_t)1 << j;
						nev++;
						over = !(able & fm) && !(coming & fm);
					}
				} else {
					/* MG-ATTACK-1: every enemy not dead at
					 * the target's position */
					const int64_t pj = pos[j];
					const int crit = d1 + d2 == 12;
					uint64_t hit = 0;
#ifndef NDEBUG
					uint64_t tm = 0; /* the targets */
#endif
					for (m = (able | down) & fm; m; m &= m - 1) {
						const unsigned k = low_bit(m);
						const uint64_t bit = (uint64_t)1 << k;
						if (pos[k] != pj)
							continue;
#ifndef NDEBUG
						tm |= bit;
#endif
						nev++;
						if (able & bit) {
							const int64_t ev = 2 +
								(int64_t)ut_rng_uniform(&r, 6) +
								(int64_t)ut_rng_uniform(&r, 6);
							const int64_t dv = ev + qc[k].def[e->magic];
							ndice += 2;
							if (crit ? ev != 12
							    : ev != 12 && (ev == 2 || dv < value))
								hit |= bit;
						} else {
							hit |= bit;
							MG_QPATH(c, MG_QP_FLAT_AREA_DOWN);
						}
					}
#ifndef NDEBUG
					if (tm & (tm - 1))
						MG_QPATH(c, MG_QP_FLAT_AREA);
#endif
					if (!hit)
						goto end;
					ad = e->damage + D6(r);
					ndice++;
					nev++;
					for (m = hit; m; m &= m - 1) {
						const unsigned k = low_bit(m);
						const uint64_t bit = (uint64_t)1 << k;
						int64_t real = ad - e->mods[k].mod;
						if (real < 0)
							real = 0;
						hp[k] -= real;
						low |= hp[k] < MG_QFLAT_HP_FLOOR;
						nev++;
						if ((able & bit) && hp[k] <= 0) {
							able &= ~bit;
							down |= bit;
							nev++;
						}
					}
					over = !(able & fm) && !(coming & fm);
				}
			}
end:
			/* end_main; MG-END-1 */
			done |= abit;
#ifndef NDEBUG
			if (!did)
				MG_QPATH(c, MG_QP_FLAT_NOTHING);
#endif
			nev += did ? 1 : 2;
			last = did;
			/* only an attack makes someone 戦闘不能, and only one
			 * of the actor's enemies: it set over */
			UT_ASSERT(over == ((!(able & foe0) && !(coming & foe0)) ||
			                   (!(able & foe1) && !(coming & foe1))));
			if (over)
				break;
		}
		turn = over ? t + 1 : nord;
		if (over) {
			MG_QPATH(c, MG_QP_FLAT_OVER);
			break;
		}
	}
	c->rng = r;
	c->qrolled += ndice;
	c->nevents = nev;
	if (round == c->round) /* no round played */
		return -1;
	put_back(c, n, pos, hp, id, key, nord, turn, able, down, absent, done,
	         last, over, round);
	return over;
}

/*
 * mg_quiet_flat for one character against one (mg_qflat duel), in a loop
 * of its own: what flat plays, with what cannot happen there left out.
 * Both are able whenever a round begins (a fall decides the combat), so
 * every round rolls 0 then 1 and orders two keys; each turn is a main
 * process of its own (nobody is skipped); the sole enemy is the target of
 * every choice (choose's first loop), an area attack hits it alone (a
 * single target's rolls and events), no とどめ finds a target (the enemy
 * is able), and the bounds (mg_qflat low) are checked once, on entry:
 * a hit ends the loop whenever it leaves an HP at 0 or below (the enemy
 * falls and the combat is decided), so no round begins with an HP that a
 * hit took below the floor (a GM's clearing may leave an able character
 * at HP ≤ 0, even near the floor: one hit of < 2^42 cannot pass
 * INT64_MIN).  With so little state the loop keeps it in registers: the
 * HPs and positions, the generator, the counts.
 */
static NOINLINE int flat_duel(mg_combat *c)
{
	const mg_qchar *const qc = c->qf.qc;
	const uint64_t maxev = c->opts.max_events, qbound = c->qf.bound;
	const int64_t limit = c->s->round_limit;
	mg_cchar *const ch = c->ch;
	int64_t pos[2], hp[2], key[2];
	unsigned char id[2][2] = {{0, 0}, {0, 0}};
	uint64_t able, down, nev = c->nevents, ndice = 0;
	int64_t round = c->round;
	unsigned first = 0, did = 0;
	size_t turn = 0;
	int low, over = 0;
	ut_rng r = c->rng;

	UT_ASSERT(c->qf.ok && c->qf.duel && c->quiet &&
	          c->phase == MG_PH_ROUND && c->n == 2 && c->mods);
	if (c->fresh) {
		MG_QPATH(c, MG_QP_FLAT_IN_START);
		pos[0] = ch[0].pos;
		pos[1] = ch[1].pos;
		hp[0] = ch[0].hp;
		hp[1] = ch[1].hp;
		able = c->qf.able0;
		down = c->qf.down0;
		low = c->qf.low0;
	} else {
		uint64_t absent;
		MG_QPATH(c, MG_QP_FLAT_IN_STATE);
		low = take_in(ch, 2, pos, hp, &able, &down, &absent);
		UT_ASSERT(!absent);
	}
	c->fresh = 0;
	/* a round begins only with both able: the combat is not decided */
	UT_ASSERT(able == 3 && down == 0);
	if (low) {
		MG_QPATH(c, (uint64_t)pos[0] + (uint64_t)MG_QFLAT_POS_BOUND >
		            2 * (uint64_t)MG_QFLAT_POS_BOUND ||
		            (uint64_t)pos[1] + (uint64_t)MG_QFLAT_POS_BOUND >
		            2 * (uint64_t)MG_QFLAT_POS_BOUND
		            ? MG_QP_FLAT_FAR : MG_QP_FLAT_LOWHP);
	}
	while (!low) {
		int64_t k0, k1;
		unsigned t;
		/* flat_ok (combat.c) */
		if (round >= limit) {
			MG_QPATH(c, MG_QP_FLAT_LIMIT);
			break;
		}
		if (qbound > maxev || nev > maxev - qbound) {
			MG_QPATH(c, MG_QP_FLAT_BUDGET);
			break;
		}
		MG_QPATH(c, MG_QP_FLAT_ROUND);
		/* MG-ROUND-1; MG-INIT-1: 0 rolls, then 1; MG-INIT-2: the
		 * higher key first (flat) */
		round++;
		{
			const int64_t d1 = D6(r), d2 = D6(r);
			const int64_t d3 = D6(r), d4 = D6(r);
			id[0][0] = (unsigned char)d1;
			id[0][1] = (unsigned char)d2;
			id[1][0] = (unsigned char)d3;
			id[1][1] = (unsigned char)d4;
			k0 = qc[0].kbase + (d1 + d2) * 4096;
			k1 = qc[1].kbase + (d3 + d4) * 4096;
		}
		first = k0 < k1;
#ifndef NDEBUG
		if ((uint64_t)k0 >> 12 == (uint64_t)k1 >> 12)
			MG_QPATH(c, MG_QP_FLAT_TIE);
#endif
		/* the round, its initiatives and order */
		nev += 4;
		ndice += 4;
		/* MG-ROUND-2, MG-ROUND-3: the turns */
		for (t = 0; t < 2; t++) {
			const unsigned a = first ^ t, j = a ^ 1;
			const mg_qchar *me = &qc[a];
			const mg_catk *e;
			int64_t p = pos[a];
			uint64_t d;

			did = 0;
			nev++; /* MG_EV_MAIN_BEGIN */
			if (!me->atk) { /* MG-POLICY-4 */
				MG_QPATH(c, MG_QP_FLAT_NOATK);
				goto end;
			}
			/* MG-POLICY-1 with the whole budget: the first of
			 * the front that covers the distance (choose) */
			QCHOOSE(c, me, 0, (uint64_t)1);
			d = mg_dist(p, pos[j]);
			if (d < me->lim[0]) {
				for (e = me->f[0]; d > (uint64_t)e->range; e++)
					;
				goto attack;
			}
			/* MG-POLICY-2: toward the enemy (flat) */
			did = policy_move(me, &p, pos[j], d);
			if (did == DID_SIMPLE) { /* 戦闘移動 */
				pos[a] = p;
				nev++;
				MG_QPATH(c, MG_QP_FLAT_MOVE);
				/* MG-POLICY-1 with 通常 attacks only */
				QCHOOSE(c, me, 1, (uint64_t)1);
				d = mg_dist(p, pos[j]);
				if (d < me->lim[1]) {
					for (e = me->f[1]; d > (uint64_t)e->range; e++)
						;
					MG_QPATH(c, MG_QP_FLAT_MOVE_ATK);
					goto attack;
				}
			} else if (did) { /* 全力移動 */
				pos[a] = p;
				nev++;
				MG_QPATH(c, MG_QP_FLAT_FULL);
				goto end;
			} else {
				MG_QPATH(c, MG_QP_FLAT_NOMOVE);
			}
			/* MG-POLICY-3: no とどめ (the enemy is able) */
			goto end;
attack:
			/* MG-ATTACK-1, MG-ATTACK-2, MG-ATTACK-3, MG-ATTACK-4,
			 * MG-ATTACK-5, MG-ATTACK-6 on the sole target (flat) */
			did |= e->complex ? DID_COMPLEX : DID_NORMAL;
			{
				const int64_t d1 = D6(r), d2 = D6(r);
				const int64_t value = e->check + d1 + d2;
				int64_t ev, real;
				ndice += 2;
				nev++;
				if (d1 + d2 == 2) { /* fumble */
					MG_QPATH(c, MG_QP_FLAT_FUMBLE);
					goto end;
				}
#ifndef NDEBUG
				if (d1 + d2 == 12)
					MG_QPATH(c, MG_QP_FLAT_CRIT);
#endif
				MG_QPATH(c, MG_QP_FLAT_SINGLE);
				ev = 2 + (int64_t)ut_rng_uniform(&r, 6) +
				     (int64_t)ut_rng_uniform(&r, 6);
				ndice += 2;
				nev++;
				if (d1 + d2 == 12 ? ev == 12
				    : ev == 12 || (ev != 2 &&
				                   ev + qc[j].def[e->magic] >= value))
					goto end; /* evaded */
				real = e->damage + D6(r) - e->mods[j].mod;
				ndice++;
				nev += 2; /* the damage and HP events */
				if (real < 0)
					real = 0;
				hp[j] -= real;
				if (hp[j] <= 0) { /* 戦闘不能 */
					able = (uint64_t)1 << a;
					down = (uint64_t)1 << j;
					nev++;
					over = 1;
				}
			}
end:
			/* end_main; MG-END-1 */
#ifndef NDEBUG
			if (!did)
				MG_QPATH(c, MG_QP_FLAT_NOTHING);
#endif
			nev += did ? 1 : 2;
			if (over)
				break;
		}
		turn = over ? t + 1 : 2;
		if (over) {
			MG_QPATH(c, MG_QP_FLAT_OVER);
			break;
		}
	}
	c->rng = r;
	c->qrolled += ndice;
	c->nevents = nev;
	if (round == c->round) /* no round played */
		return -1;
	/* every turn of the last round took a main process */
	key[0] = (int64_t)first;
	key[1] = (int64_t)(first ^ 1);
	put_back(c, 2, pos, hp, id, key, 2, turn, able, down, 0,
	         turn == 2 ? 3 : (uint64_t)1 << first, did, over, round);
	return over;
}

int mg_quiet_flat(mg_combat *c)
{
	if (c->qf.duel) {
		MG_QPATH(c, MG_QP_FLAT_DUEL);
		return flat_duel(c);
	}
	return flat_any(c);
}

int mg_combat_qpaths(uint64_t out[MG_QP_COUNT], const mg_combat *c)
{
#ifndef NDEBUG
	size_t k;
	for (k = 0; k < MG_QP_COUNT; k++)
		out[k] = c->qpath[k];
	return 0;
#else
	(void)out;
	(void)c;
	return -1;
#endif
}
