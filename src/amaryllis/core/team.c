/* team.c - action classes, the cost formula and the team structure check. */
#include "amaryllis/team.h"

#include <string.h>

#include "util/ckd.h"
#include "util/error.h"

/* The classes with their kind and base cost: AM-CLASS-1 直接攻撃,
 * AM-CLASS-2 防御無視攻撃, AM-CLASS-3 ＨＰ減殺, AM-CLASS-4 攻撃力＋Ｎ,
 * AM-CLASS-5 防御力＋Ｎ, AM-CLASS-6 素早さ＋Ｎ, AM-CLASS-7 ガード与え,
 * AM-CLASS-8 反射与え, AM-CLASS-9 ライフ与え, AM-CLASS-10 ＨＰ回復, and
 * BU-BUILD-1 ビルド. */
static const struct {
	const char *name;
	am_kind kind;
	int64_t base; /* 0: the cost is Ｎ (or the built unit's bonus) */
} classes[AM_CLASS_COUNT] = {
	[AM_CLASS_DIRECT] = {"直接攻撃", AM_KIND_ATTACK, 1},
	[AM_CLASS_PIERCE] = {"防御無視攻撃", AM_KIND_ATTACK, 3},
	[AM_CLASS_HALVE] = {"HP減殺", AM_KIND_ATTACK, 3},
	[AM_CLASS_ATK_UP] = {"攻撃力+N", AM_KIND_SUPPORT, 0},
	[AM_CLASS_DEF_UP] = {"防御力+N", AM_KIND_SUPPORT, 0},
	[AM_CLASS_SPD_UP] = {"素早さ+N", AM_KIND_SUPPORT, 0},
	[AM_CLASS_GUARD] = {"ガード与え", AM_KIND_SUPPORT, 1},
	[AM_CLASS_REFLECT] = {"反射与え", AM_KIND_SUPPORT, 4},
	[AM_CLASS_LIFE] = {"ライフ与え", AM_KIND_SUPPORT, 2},
	[AM_CLASS_HEAL] = {"HP回復", AM_KIND_SUPPORT, 2},
	[AM_CLASS_BUILD] = {"ビルド", AM_KIND_BUILD, 0},
};

am_kind am_class_kind(am_class cls)
{
	return (unsigned)cls < AM_CLASS_COUNT ? classes[cls].kind : AM_KIND_SUPPORT;
}

const char *am_class_name(am_class cls)
{
	return (unsigned)cls < AM_CLASS_COUNT ? classes[cls].name : "?";
}

/*
 * cost = ceil(base × multipliers ÷ divisors) (AM-COST-1; RULINGS A2).  The
 * base is the class's (AM-CLASS-1, AM-CLASS-2, AM-CLASS-3, AM-CLASS-7,
 * AM-CLASS-8, AM-CLASS-9, AM-CLASS-10), Ｎ (AM-CLASS-4, AM-CLASS-5,
 * AM-CLASS-6) or the built unit's stored bonus (BU-BUILD-1).  Multipliers:
 * 高速起動 ×2 (AM-CUST-3), 効果Ｎ倍 ×Ｎ² (AM-CUST-4), each スタン与え/毒与え ×2
 * (AM-CUST-5, AM-CUST-6), 全体化 ×2 (BU-CUST-3).  Divisors: リミテッド ÷2
 * (AM-CUST-1), 遅延起動Ｎ ÷Ｎ (AM-CUST-2).  配置Ｎ and 対象Ｎ leave it
 * unchanged (BU-CUST-1, BU-CUST-2, BU-CUST-4).  Both products are taken
 * exactly in 64 bits; AM_EOVERFLOW past them.
 */
int am_action_cost(int64_t *out, const am_action *act, int64_t build_base)
{
	int64_t num, den = 1, base;
	int64_t i;

	if (!out)
		return ut_error_set(AM_EINVALID, "am_action_cost: out is NULL");
	if (!act)
		return ut_error_set(AM_EINVALID, "am_action_cost: act is NULL");
	if ((unsigned)act->cls >= AM_CLASS_COUNT)
		return ut_error_set(AM_EINVALID, "unknown action class %d",
		                    (int)act->cls);
	base = classes[act->cls].base;
	if (base == 0)
		base = act->cls == AM_CLASS_BUILD ? build_base : act->n;
	if (base < 1)
		return ut_error_set(AM_EINVALID, "base cost %lld is below 1",
		                    (long long)base);
	num = base;
	if (act->fast && ut_ckd_mul(&num, num, 2))
		goto overflow;
	if (act->mult != 1) {
		int64_t sq;
		if (act->mult < 1 || ut_ckd_mul(&sq, act->mult, act->mult) ||
		    ut_ckd_mul(&num, num, sq))
			goto overflow;
	}
	if (act->stun < 0 || act->poison < 0)
		return ut_error_set(AM_EINVALID, "negative customisation count");
	/* ×2 per customisation: num ≥ 1 overflows within 63 doublings, so the
	 * loop ends by then (the count itself is never summed: it may not fit) */
	for (i = 0; i < act->stun; i++)
		if (ut_ckd_mul(&num, num, 2))
			goto overflow;
	for (i = 0; i < act->poison; i++)
		if (ut_ckd_mul(&num, num, 2))
			goto overflow;
	if (act->all && ut_ckd_mul(&num, num, 2))
		goto overflow;
	if (act->limited)
		den = 2;
	if (act->delay && ut_ckd_mul(&den, den, act->delay))
		goto overflow;
	if (den < 1)
		return ut_error_set(AM_EINVALID, "divisor %lld is below 1",
		                    (long long)den);
	*out = ut_ceil_div(num, den);
	return 0;
overflow:
	return ut_error_set(AM_EOVERFLOW,
	                    "the cost of action \"%s\" overflows 64-bit integers",
	                    act->name ? act->name : "?");
}

/* Action i is well formed: Ｎ ≥ 1 (AM-CLASS-4, AM-CLASS-5, AM-CLASS-6),
 * which customisations go together and on which classes (AM-CUST-7,
 * BU-CUST-1, BU-CUST-2, BU-CUST-3, BU-CUST-4), a ビルド with its 配置Ｎ and
 * a known unit (BU-BUILD-1), ライフ与え and ＨＰ回復 only リミテッド
 * (AM-CLASS-9, AM-CLASS-10). */
static int check_action(const am_team *t, size_t i)
{
	const am_action *a = &t->actions[i];
	const char *nm = a->name ? a->name : "?";
	am_kind kind;

	if ((unsigned)a->cls >= AM_CLASS_COUNT)
		return ut_error_set(AM_EINVALID, "action %zu: bad class", i);
	kind = classes[a->cls].kind;
	if (classes[a->cls].base == 0 && a->cls != AM_CLASS_BUILD && a->n < 1)
		return ut_error_set(AM_EINVALID, "action \"%s\": N must be >= 1", nm);
	if (a->delay != 0 && a->delay < 2)
		return ut_error_set(AM_EINVALID, "action \"%s\": delay must be >= 2",
		                    nm);
	if (a->delay && a->fast)
		return ut_error_set(AM_EINVALID,
		                    "action \"%s\": delayed and fast start", nm);
	if (a->mult < 1 || a->stun < 0 || a->poison < 0)
		return ut_error_set(AM_EINVALID, "action \"%s\": bad customisation",
		                    nm);
	if (kind != AM_KIND_ATTACK && (a->mult != 1 || a->stun || a->poison))
		return ut_error_set(AM_EINVALID,
		                    "action \"%s\": attack customisation on a "
		                    "non-attack", nm);
	if (a->target && (kind != AM_KIND_SUPPORT || a->all))
		return ut_error_set(AM_EINVALID, "action \"%s\": bad target", nm);
	if (kind == AM_KIND_BUILD) {
		if (a->place == 0 || a->all)
			return ut_error_set(AM_EINVALID,
			                    "action \"%s\": build needs a placement",
			                    nm);
		if (a->build < 0 || (size_t)a->build >= t->nunits)
			return ut_error_set(AM_EINVALID,
			                    "action \"%s\": builds unknown unit", nm);
	} else if (a->place) {
		return ut_error_set(AM_EINVALID,
		                    "action \"%s\": placement on a non-build", nm);
	}
	if ((a->cls == AM_CLASS_LIFE || a->cls == AM_CLASS_HEAL) && !a->limited)
		return ut_error_set(AM_EINVALID, "action \"%s\" must be limited", nm);
	return 0;
}

/* A team the engine can run: its actions well formed (check_action), its
 * units named with stats ≥ 0 (AM-UNIT-1) and actions that exist. */
int am_team_check(const am_team *t)
{
	size_t i, j;

	if (!t)
		return ut_error_set(AM_EINVALID, "am_team_check: team is NULL");
	if (t->nunits < 1 || !t->units || (t->nactions && !t->actions))
		return ut_error_set(AM_EINVALID, "a team needs at least one unit");
	for (i = 0; i < t->nactions; i++) {
		int rc = check_action(t, i);
		if (rc < 0)
			return rc;
	}
	for (i = 0; i < t->nunits; i++) {
		const am_unit_def *u = &t->units[i];
		if (!u->name)
			return ut_error_set(AM_EINVALID, "unit %zu has no name", i);
		if (u->hp < 0 || u->atk < 0 || u->def < 0 || u->spd < 0)
			return ut_error_set(AM_EINVALID,
			                    "unit \"%s\": negative stat", u->name);
		if (u->nslots && !u->slots)
			return ut_error_set(AM_EINVALID,
			                    "unit \"%s\": missing action list", u->name);
		for (j = 0; j < u->nslots; j++)
			if (u->slots[j] >= t->nactions)
				return ut_error_set(AM_EINVALID,
				                    "unit \"%s\": action %zu out of range",
				                    u->name, j);
	}
	return 0;
}

/* -1, 0, 1 for x < y, x = y, x > y. */
static int cmp_i64(int64_t x, int64_t y)
{
	return (x > y) - (x < y);
}

static int cmp_str(const char *x, const char *y)
{
	if (!x || !y)
		return (x != NULL) - (y != NULL);
	return strcmp(x, y);
}

/* Two actions, field by field (the build target by index). */
static int cmp_action(const am_action *a, const am_action *b)
{
	const int64_t x[] = {a->cls, a->n, a->delay, a->mult, a->stun,
	                     a->poison, a->target, a->place, a->build,
	                     a->limited, a->fast, a->all, a->cost};
	const int64_t y[] = {b->cls, b->n, b->delay, b->mult, b->stun,
	                     b->poison, b->target, b->place, b->build,
	                     b->limited, b->fast, b->all, b->cost};
	size_t i;
	int c = cmp_str(a->name, b->name);

	for (i = 0; c == 0 && i < sizeof(x) / sizeof(x[0]); i++)
		c = cmp_i64(x[i], y[i]);
	return c;
}

/* The content order of teams (AM-RESULT-2, AM-SYM-1): a function of the
 * two teams alone, never of their sides, so the tie-break stays symmetric
 * for entry units of the same name.  See team.h. */
int am_team_compare(const am_team *a, const am_team *b)
{
	size_t i, j;
	int c = cmp_i64((int64_t)a->nunits, (int64_t)b->nunits);

	for (i = 0; c == 0 && i < a->nunits; i++) {
		const am_unit_def *u = &a->units[i], *v = &b->units[i];
		const int64_t x[] = {u->hp, u->atk, u->def, u->spd, u->tech,
		                     u->love, u->bonus, (int64_t)u->nslots};
		const int64_t y[] = {v->hp, v->atk, v->def, v->spd, v->tech,
		                     v->love, v->bonus, (int64_t)v->nslots};
		c = cmp_str(u->name, v->name);
		for (j = 0; c == 0 && j < sizeof(x) / sizeof(x[0]); j++)
			c = cmp_i64(x[j], y[j]);
		for (j = 0; c == 0 && j < u->nslots; j++)
			c = cmp_action(&a->actions[u->slots[j]],
			               &b->actions[v->slots[j]]);
	}
	c = c ? c : cmp_i64((int64_t)a->nactions, (int64_t)b->nactions);
	for (i = 0; c == 0 && i < a->nactions; i++)
		c = cmp_action(&a->actions[i], &b->actions[i]);
	return c;
}
