/*
 * resolve.c - what actions do, once combat.c has checked them against
 * the budget and the range: moves and 離脱 (M4, M8.8), attacks (M5, M2),
 * the armor modifier (M5, M8.10), とどめ (M5, M8.6).  Dice are rolled in
 * exactly the order of the rulings.
 */
#include "combat_int.h"
#include "util/assert.h"
#include "util/ckd.h"
#include "util/error.h"

static int is_energy_subtype(int a)
{
	return a == MG_ATTR_FIRE || a == MG_ATTR_ICE || a == MG_ATTR_THUNDER ||
	       a == MG_ATTR_LIGHT;
}

/* MG-ARMOR-1 MG-ARMOR-2 MG-ARMOR-3 MG-ARMOR-4: the value of each of the
 * attack's attributes is the armor's value for it; an energy subtype the
 * armor does not list takes the armor's energy value; an unlisted
 * attribute counts 0; the lowest counts (the first attribute in mg_attr
 * order on ties); no attributes: no reduction. */
int64_t mg_armor_modifier(int *attr, int *armor_attr, const mg_character *t,
                          uint32_t attributes)
{
	int64_t best = 0;
	int best_attr = -1, best_armor = -1;
	uint32_t rest = attributes & ((1u << MG_ATTR_COUNT) - 1);

	while (rest) { /* the attributes in mg_attr order */
		int a = __builtin_ctz(rest);
		int64_t v = 0;
		int from = -1;
		rest &= rest - 1;
		if (t->armor_listed & (1u << a)) {
			v = t->armor[a];
			from = a;
		} else if (is_energy_subtype(a) &&
		           (t->armor_listed & (1u << MG_ATTR_ENERGY))) {
			v = t->armor[MG_ATTR_ENERGY];
			from = MG_ATTR_ENERGY;
		}
		if (best_attr < 0 || v < best) {
			best = v;
			best_attr = a;
			best_armor = from;
		}
	}
	if (attr)
		*attr = best_attr;
	if (armor_attr)
		*armor_attr = best_armor;
	return best;
}

/* MG-MOVE-3: the able enemy of `me` at `pos` that opposes a 離脱: highest
 * 行動, ties scenario order; -1 when there is none (MG-FINISH-2: the dead
 * are not able). */
static int32_t opponent_at(const mg_combat *c, uint32_t me, int64_t pos)
{
	const uint32_t *foe = c->foe[c->ch[me].side];
	const size_t nfoe = c->nfoe[c->ch[me].side];
	int32_t best = -1;
	size_t f;

	for (f = 0; f < nfoe; f++) {
		const uint32_t j = foe[f];
		if (c->ch[j].state != MG_STATE_ABLE || c->ch[j].pos != pos)
			continue;
		if (best < 0 || c->k[j].istat > c->k[best].istat)
			best = (int32_t)j;
	}
	return best;
}

/* MG-MOVE-2: where a move from `from` toward `to` stops: the first
 * position strictly between them holding an able enemy (M8.8), else `to`;
 * *blocker = the first such enemy in scenario order, or -1. */
static int64_t stop_at(const mg_combat *c, uint32_t me, int64_t from,
                       int64_t to, int32_t *blocker)
{
	const uint32_t *foe = c->foe[c->ch[me].side];
	const size_t nfoe = c->nfoe[c->ch[me].side];
	int64_t stop = to;
	size_t f;

	*blocker = -1;
	for (f = 0; f < nfoe; f++) {
		const uint32_t j = foe[f];
		int64_t p = c->ch[j].pos;
		if (c->ch[j].state != MG_STATE_ABLE)
			continue;
		if (from < to ? (p > from && p < stop) : (p < from && p > stop)) {
			stop = p;
			*blocker = (int32_t)j;
		}
	}
	return stop;
}

/* MG-MOVE-1 MG-MOVE-2 MG-MOVE-3: move character i to `to` (checked), full = 全力移動. */
int mg_resolve_move(mg_combat *c, uint32_t i, int64_t to, int full)
{
	const mg_character *me = &c->s->characters[i];
	mg_cchar *h = &c->ch[i];
	int64_t from = h->pos, reached = to;
	int32_t opp = opponent_at(c, i, from), blocker = -1;
	int rc, ok = 1;

	if (opp >= 0) {
		/* MG-MOVE-3: 離脱, an opposed 行動 roll; not a judgement (M8.3) */
		const mg_character *o = &c->s->characters[opp];
		int64_t d[4], v1, v2;
		mg_roll_begin(c, MG_ROLL_DISENGAGE, i, opp, -1, 2,
		              me->stat[MG_STAT_INITIATIVE]);
		if ((rc = mg_roll(c, &d[0])) < 0 || (rc = mg_roll(c, &d[1])) < 0)
			return rc;
		/* MG-TRACK-7: the opponent holds it with a value ≥ the mover's */
		mg_roll_begin(c, MG_ROLL_HOLD, (uint32_t)opp, (int32_t)i, -1, 2,
		              o->stat[MG_STAT_INITIATIVE]);
		if (!c->quiet)
			c->roll.has_target = !ut_ckd_add(
				&c->roll.target, me->stat[MG_STAT_INITIATIVE],
				d[0] + d[1]);
		if ((rc = mg_roll(c, &d[2])) < 0 || (rc = mg_roll(c, &d[3])) < 0)
			return rc;
		if (ut_ckd_add(&v1, me->stat[MG_STAT_INITIATIVE], d[0] + d[1]) ||
		    ut_ckd_add(&v2, o->stat[MG_STAT_INITIATIVE], d[2] + d[3]))
			return ut_error_set(UT_EOVERFLOW,
			                    "%s: 離脱: a value overflows", me->name);
		ok = v1 > v2;
		if ((rc = mg_event_due(c)) < 0)
			return rc;
		if (rc) {
			mg_event ev;
			mg_event_init(&ev, c, MG_EV_DISENGAGE);
			ev.actor = (int32_t)i;
			ev.target = opp;
			ev.ndice = 4;
			ev.dice[0] = d[0];
			ev.dice[1] = d[1];
			ev.dice[2] = d[2];
			ev.dice[3] = d[3];
			ev.value = v1;
			ev.value2 = v2;
			ev.flag = ok;
			if ((rc = mg_emit(c, &ev)) < 0)
				return rc;
		}
	}
	if (ok)
		reached = stop_at(c, i, from, to, &blocker);
	else
		reached = from;
	h->pos = reached;
	if ((rc = mg_event_due(c)) < 0)
		return rc;
	if (rc) {
		mg_event ev;
		mg_event_init(&ev, c, MG_EV_MOVE);
		ev.actor = (int32_t)i;
		ev.flag = full;
		ev.from = from;
		ev.to = reached;
		ev.dest = to;
		ev.target = blocker;
		return mg_emit(c, &ev);
	}
	return 0;
}

/* The base of the attack judgement of attack a of i (M5): c->check. */
static int64_t check_value(const mg_combat *c, uint32_t i, uint32_t a)
{
	return c->check[c->atk0[i] + a];
}

/* The armor modifier of attack a of i against t (MG-ARMOR-1): from the
 * table when the combat keeps one; attr and armor_attr may be NULL. */
static int64_t armor_of(const mg_combat *c, uint32_t i, uint32_t a,
                        uint32_t t, int *attr, int *armor_attr)
{
	const mg_cmod *m;

	if (!c->mods)
		return mg_armor_modifier(attr, armor_attr, &c->s->characters[t],
		                         c->s->characters[i].attacks[a].attributes);
	m = &c->mods[(c->atk0[i] + a) * c->n + t];
	if (attr)
		*attr = m->attr;
	if (armor_attr)
		*armor_attr = m->armor_attr;
	return m->mod;
}

/* MG-CKD-1: the overflows of an attack, their texts in one place. */
static int err_attack_value(const mg_combat *c, uint32_t i, uint32_t a)
{
	return ut_error_set(UT_EOVERFLOW, "%s: %s: the attack value overflows",
	                    c->s->characters[i].name,
	                    c->s->characters[i].attacks[a].name);
}

static int err_attack_damage(const mg_combat *c, uint32_t i, uint32_t a)
{
	return ut_error_set(UT_EOVERFLOW,
	                    "%s: %s: the attack damage overflows",
	                    c->s->characters[i].name,
	                    c->s->characters[i].attacks[a].name);
}

static int err_defence(const mg_combat *c, uint32_t t)
{
	return ut_error_set(UT_EOVERFLOW, "%s: the defence value overflows",
	                    c->s->characters[t].name);
}

static int err_real_damage(const mg_combat *c, uint32_t t, int64_t ad,
                           int64_t mod)
{
	return ut_error_set(UT_EOVERFLOW,
	                    "%s: damage %lld - modifier %lld overflows",
	                    c->s->characters[t].name, (long long)ad,
	                    (long long)mod);
}

static int err_hp(const mg_combat *c, uint32_t t, int64_t real)
{
	return ut_error_set(UT_EOVERFLOW, "%s: HP %lld - %lld overflows",
	                    c->s->characters[t].name,
	                    (long long)c->ch[t].hp, (long long)real);
}

/* MG-ATTACK-5 MG-CKD-1: HP after `real` damage to t, checked. */
static int hp_after(const mg_combat *c, uint32_t t, int64_t real,
                    int64_t *out)
{
	if (ut_ckd_sub(out, c->ch[t].hp, real))
		return err_hp(c, t, real);
	return 0;
}

/* Target t's HP becomes hp; HP ≤ 0 makes an able character 戦闘不能
 * (MG-ATTACK-6, M8.2: HP is never clamped). */
static int take_damage(mg_combat *c, uint32_t t, int64_t hp)
{
	mg_cchar *h = &c->ch[t];
	int rc;

	h->hp = hp;
	if (h->hp <= 0 && h->state == MG_STATE_ABLE) {
		h->state = MG_STATE_INCAPACITATED;
		c->able[h->side]--;
		if ((rc = mg_event_due(c)) < 0)
			return rc;
		if (rc) {
			mg_event ev;
			mg_event_init(&ev, c, MG_EV_INCAPACITATED);
			ev.target = (int32_t)t;
			ev.hp = h->hp;
			return mg_emit(c, &ev);
		}
	}
	return 0;
}

/* Real damage: max(0, attack damage − modifier) (MG-ARMOR-1). */
static int real_damage(int64_t *out, int64_t ad, int64_t mod,
                       const mg_combat *c, uint32_t t)
{
	if (ut_ckd_sub(out, ad, mod))
		return err_real_damage(c, t, ad, mod);
	if (*out < 0)
		*out = 0;
	return 0;
}

/* MG-ATTACK-1, MG-ATTACK-2, MG-ATTACK-3, MG-ATTACK-4, MG-ATTACK-5,
 * MG-ATTACK-6: character i attacks with attack a, chosen target t. */
/* MG-ATTACK-2: the attack judgement of attack a of i on t (M2: 12
 * critical, 2 fumble): its value, crit and fumble; the event.  0 or an
 * error. */
static inline int attack_judgement(mg_combat *c, uint32_t i, uint32_t a, uint32_t t,
                            int64_t *value, int *crit, int *fumble)
{
	int64_t d1, d2;
	int rc;

	mg_roll_begin(c, MG_ROLL_ATTACK, i, (int32_t)t, (int32_t)a, 2,
	              check_value(c, i, a));
	if ((rc = mg_roll(c, &d1)) < 0 || (rc = mg_roll(c, &d2)) < 0)
		return rc;
	if (ut_ckd_add(value, check_value(c, i, a), d1 + d2))
		return err_attack_value(c, i, a);
	*crit = d1 + d2 == 12;
	*fumble = d1 + d2 == 2;
	if ((rc = mg_event_due(c)) < 0)
		return rc;
	if (rc) {
		mg_event ev;
		mg_event_init(&ev, c, MG_EV_ATTACK);
		ev.actor = (int32_t)i;
		ev.attack = (int32_t)a;
		ev.target = (int32_t)t;
		ev.ndice = 2;
		ev.dice[0] = d1;
		ev.dice[1] = d2;
		ev.value = *value;
		ev.crit = *crit;
		ev.fumble = *fumble;
		if ((rc = mg_emit(c, &ev)) < 0)
			return rc;
	}
	return 0;
}

/* MG-ATTACK-1: the targets of attack `at` of i on t into c->targets, their
 * number (MG-FINISH-2: not the dead). */
static inline size_t attack_targets(mg_combat *c, uint32_t i, const mg_attack *at,
                             uint32_t t)
{
	const uint32_t *foe;
	size_t nt = 0, f, nfoe;
	int64_t p;

	if (at->area == MG_AREA_SINGLE) {
		c->targets[nt++] = t;
		return nt;
	}
	p = c->ch[t].pos;
	foe = c->foe[c->ch[i].side];
	nfoe = c->nfoe[c->ch[i].side];
	for (f = 0; f < nfoe; f++) {
		const uint32_t k = foe[f];
		/* able or 戦闘不能: not the dead, nor one yet to enter */
		if (c->ch[k].state <= MG_STATE_INCAPACITATED &&
		    c->ch[k].pos == p)
			c->targets[nt++] = k;
	}
	return nt;
}

/* MG-ATTACK-3: the defence of target tk against attack a of i (its value
 * and crit): *hit, and the event.  0 or an error. */
static inline int defend(mg_combat *c, uint32_t i, uint32_t a, uint32_t tk,
                  int64_t value, int crit, int *hit)
{
	int64_t e1 = 0, e2 = 0, dv = 0;
	int dcrit = 0, dfumble = 0, rolled = 0, rc;

	if (c->ch[tk].state != MG_STATE_ABLE) {
		*hit = 1; /* 戦闘不能: hit without a roll */
	} else {
		int magic = c->s->characters[i].attacks[a].kind == MG_KIND_MAGIC;
		int64_t base = magic ? c->k[tk].resistance : c->k[tk].evasion;
		mg_roll_begin(c, magic ? MG_ROLL_RESISTANCE : MG_ROLL_EVASION,
		              tk, (int32_t)i, (int32_t)a, 2, base);
		if (!c->quiet) {
			c->roll.has_target = 1;
			c->roll.target = value;
			c->roll.crit_only = crit;
		}
		if ((rc = mg_roll(c, &e1)) < 0 || (rc = mg_roll(c, &e2)) < 0)
			return rc;
		if (ut_ckd_add(&dv, base, e1 + e2))
			return err_defence(c, tk);
		rolled = 1;
		dcrit = e1 + e2 == 12;
		dfumble = e1 + e2 == 2;
		if (crit)
			*hit = !dcrit;
		else if (dcrit)
			*hit = 0;
		else if (dfumble)
			*hit = 1;
		else
			*hit = dv < value; /* equal values evade */
	}
	if ((rc = mg_event_due(c)) < 0)
		return rc;
	if (rc) {
		mg_event ev;
		mg_event_init(&ev, c, MG_EV_DEFENCE);
		ev.actor = (int32_t)i;
		ev.attack = (int32_t)a;
		ev.target = (int32_t)tk;
		if (rolled) {
			ev.ndice = 2;
			ev.dice[0] = e1;
			ev.dice[1] = e2;
			ev.value = dv;
			ev.crit = dcrit;
			ev.fumble = dfumble;
		}
		ev.flag = *hit;
		if ((rc = mg_emit(c, &ev)) < 0)
			return rc;
	}
	return 0;
}

/* MG-ATTACK-4: one damage die for everyone hit by attack a of i: the
 * attack's damage into *ad, and the event.  0 or an error. */
static inline int damage_roll(mg_combat *c, uint32_t i, uint32_t a, int64_t *ad)
{
	const mg_character *me = &c->s->characters[i];
	const mg_attack *at = &me->attacks[a];
	int64_t d1;
	int rc;

	mg_roll_begin(c, MG_ROLL_DAMAGE, i, -1, (int32_t)a, 1, at->damage);
	if ((rc = mg_roll(c, &d1)) < 0)
		return rc;
	if (ut_ckd_add(ad, at->damage, d1))
		return err_attack_damage(c, i, a);
	if ((rc = mg_event_due(c)) < 0)
		return rc;
	if (rc) {
		mg_event ev;
		mg_event_init(&ev, c, MG_EV_DAMAGE_ROLL);
		ev.actor = (int32_t)i;
		ev.attack = (int32_t)a;
		ev.ndice = 1;
		ev.dice[0] = d1;
		ev.value = *ad;
		if ((rc = mg_emit(c, &ev)) < 0)
			return rc;
	}
	return 0;
}

/* MG-ATTACK-5: the real damage of ad (attack a of i) to target tk, the
 * event, and the HP taken.  0 or an error. */
static inline int deal_damage(mg_combat *c, uint32_t i, uint32_t a, uint32_t tk,
                       int64_t ad)
{
	int64_t mod, real, hp;
	int attr, armor_attr, rc;

	mod = armor_of(c, i, a, tk, &attr, &armor_attr);
	if ((rc = real_damage(&real, ad, mod, c, tk)) < 0 ||
	    (rc = hp_after(c, tk, real, &hp)) < 0)
		return rc;
	if ((rc = mg_event_due(c)) < 0)
		return rc;
	if (rc) {
		mg_event ev;
		mg_event_init(&ev, c, MG_EV_DAMAGE);
		ev.actor = (int32_t)i;
		ev.attack = (int32_t)a;
		ev.target = (int32_t)tk;
		ev.value = ad;
		ev.modifier = mod;
		ev.attr = attr;
		ev.armor_attr = armor_attr;
		ev.damage = real;
		ev.hp = hp;
		if ((rc = mg_emit(c, &ev)) < 0)
			return rc;
	}
	return take_damage(c, tk, hp);
}

int mg_resolve_attack(mg_combat *c, uint32_t i, uint32_t a, uint32_t t)
{
	const mg_attack *at = &c->s->characters[i].attacks[a];
	size_t nt, k;
	int64_t value, ad = 0;
	int crit = 0, fumble = 0, rc, anyhit = 0;

	if ((rc = attack_judgement(c, i, a, t, &value, &crit, &fumble)) < 0)
		return rc;
	if (fumble)
		return 0;
	nt = attack_targets(c, i, at, t);
	/* MG-ATTACK-3: the defences, in order */
	for (k = 0; k < nt; k++) {
		int hit = 0;
		if ((rc = defend(c, i, a, c->targets[k], value, crit, &hit)) < 0)
			return rc;
		c->hit[k] = (unsigned char)hit;
		anyhit |= hit;
	}
	if (!anyhit)
		return 0;
	if ((rc = damage_roll(c, i, a, &ad)) < 0)
		return rc;
	/* MG-ATTACK-5: real damage per target hit */
	for (k = 0; k < nt; k++)
		if (c->hit[k] && (rc = deal_damage(c, i, a, c->targets[k], ad)) < 0)
			return rc;
	/* MG-END-1: the process ends at once when a side is left with no
	 * character able to act */
	if (mg_decided(c))
		c->cut = 1;
	return 0;
}

/* MG-FINISH-1: とどめ: one damage die, real damage ≥ 1 kills (M8.6). */
int mg_resolve_finish(mg_combat *c, uint32_t i, uint32_t a, uint32_t t)
{
	const mg_character *me = &c->s->characters[i];
	const mg_attack *at = &me->attacks[a];
	mg_cchar *h = &c->ch[t];
	int64_t die, ad, mod, real;
	int attr, armor_attr, rc, killed;

	/* MG-TRACK-7: it kills with damage + die − modifier ≥ 1 */
	mg_roll_begin(c, MG_ROLL_FINISH, i, (int32_t)t, (int32_t)a, 1,
	              at->damage);
	if (!c->quiet)
		c->roll.has_target = !ut_ckd_add(
			&c->roll.target, 1,
				armor_of(c, i, a, t, NULL, NULL));
	if ((rc = mg_roll(c, &die)) < 0)
		return rc;
	if (ut_ckd_add(&ad, at->damage, die))
		return err_attack_damage(c, i, a);
	mod = armor_of(c, i, a, t, &attr, &armor_attr);
	if ((rc = real_damage(&real, ad, mod, c, t)) < 0 ||
	    (rc = hp_after(c, t, real, &h->hp)) < 0)
		return rc;
	killed = real >= 1;
	if (killed)
		h->state = MG_STATE_DEAD;
	if ((rc = mg_event_due(c)) < 0)
		return rc;
	if (rc) {
		mg_event ev;
		mg_event_init(&ev, c, MG_EV_FINISH);
		ev.actor = (int32_t)i;
		ev.attack = (int32_t)a;
		ev.target = (int32_t)t;
		ev.ndice = 1;
		ev.dice[0] = die;
		ev.value = ad;
		ev.modifier = mod;
		ev.attr = attr;
		ev.armor_attr = armor_attr;
		ev.damage = real;
		ev.hp = h->hp;
		ev.flag = killed;
		if ((rc = mg_emit(c, &ev)) < 0)
			return rc;
	}
	if (killed) {
		if ((rc = mg_event_due(c)) < 0)
			return rc;
		if (rc) {
			mg_event ev;
			mg_event_init(&ev, c, MG_EV_DEATH);
			ev.target = (int32_t)t;
			ev.hp = h->hp;
			return mg_emit(c, &ev);
		}
	}
	return 0;
}
