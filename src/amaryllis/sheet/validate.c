/*
 * validate.c - the rules that need the whole sheet (docs/AMARYLLIS.md; rulings
 * A1–A3, A10, B1–B2): legality of every action line (AM-CUST-7, BU-CUST-4
 * and the conditions of the class and customisation tables), costs
 * (AM-COST-1, through am_action_cost), references between units and actions
 * (AM-UNIT-3, BU-BUILD-1), the 技術 budget of each unit (AM-UNIT-4), the
 * number of ビルディア allowed by 愛 (BU-STORE-1), and that every ビルディア
 * can be built in some battle (BU-STORE-2, BU-STORE-3, BU-STORE-4).
 *
 * A check that depends on a value an earlier error left unknown is skipped,
 * so that one mistake gives one diagnostic.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/assert.h"
#include "util/buf.h"
#include "util/ckd.h"
#include "util/error.h"
#include "util/utf8.h"
#include "sheet_int.h"

static void err(am_sheet *s, int code, uint32_t line, uint32_t col,
                int64_t a, int64_t b, const char *s1, const char *s2)
{
	am_diag_add(s, code, line, col, a, b, s1, s2);
}

/* Length of the number a slot name starts with when it is nothing else or
 * is followed by '/' ("3", "3/a": 技術 written as a fifth number), else 0. */
static size_t fifth_number(const char *name)
{
	size_t k = 0;

	while (name[k] >= '0' && name[k] <= '9')
		k++;
	return k && (name[k] == '\0' || name[k] == '/') ? k : 0;
}

/* What an undefined action name on a unit line may have meant (player
 * review 2026-12-07: no hint at all), into b: actions separated by blanks
 * instead of 、 (シールド スピア, both defined: シールド、スピア), else the
 * nearest defined name (ut_utf8_closer: シールト for シールド); b->len 0
 * when none. */
static void slot_hint(const am_sheet *s, const char *name, ut_buf *b)
{
	const char *p = name, *e;
	size_t i, best = SIZE_MAX, parts = 0;
	const char *near = NULL;
	uint32_t idx;

	ut_buf_clear(b);
	while (*p) {
		char part[512];
		for (e = p; *e && *e != ' '; e++)
			;
		if (e == p || (size_t)(e - p) >= sizeof(part))
			break;
		memcpy(part, p, (size_t)(e - p));
		part[e - p] = '\0';
		if (!am_names_get(&s->action_names, part, &idx))
			break;
		ut_buf_printf(b, "%s%s", parts++ ? "、" : "", part);
		for (p = e; *p == ' '; p++)
			;
	}
	if (!*p && parts > 1)
		return;
	ut_buf_clear(b);
	for (i = 0; i < s->nactions; i++)
		if (s->actions[i].name &&
		    ut_utf8_closer(name, s->actions[i].name, &best))
			near = s->actions[i].name;
	if (near)
		ut_buf_puts(b, near);
}

/* The action defined as `name` followed by a cost in ［］ or 【】
 * (・鏡［２］：… for the unit line's 鏡: the name is 鏡[2] after NFKC;
 * player review 2026-12-07), or NULL; *pair: "［］" or "【】". */
static const am_action_rec *cost_bracket(const am_sheet *s, const char *name,
                                         const char **pair)
{
	size_t i, n = strlen(name);

	for (i = 0; i < s->nactions; i++) {
		const char *a = s->actions[i].name, *d, *close;
		if (!a || strncmp(a, name, n) != 0)
			continue;
		if (a[n] == '[') {
			d = a + n + 1;
			close = "]";
			*pair = "［］";
		} else if (strncmp(a + n, "【", 3) == 0) {
			d = a + n + 3;
			close = "】";
			*pair = "【】";
		} else {
			continue;
		}
		if (*d < '0' || *d > '9')
			continue;
		while (*d >= '0' && *d <= '9')
			d++;
		if (strcmp(d, close) == 0)
			return &s->actions[i];
	}
	return NULL;
}

/* Link every action name set on a unit to the action's first definition;
 * a name set but never defined is an error (AM-UNIT-3); when an action
 * of that name with a cost in ［］ or 【】 after it is defined, the error
 * says so, at that bracket, instead. */
static void resolve_slots(am_sheet *s)
{
	size_t i, j, k;
	const am_action_rec *cb;
	const char *pair;

	for (i = 0; i < s->nunits; i++) {
		am_unit_rec *u = &s->units[i];
		if (u->ignored)
			continue;
		for (j = 0; j < u->nslots; j++) {
			am_slot_rec *sl = &u->slots[j];
			if (am_names_get(&s->action_names, sl->name, &sl->action))
				continue;
			sl->action = AM_NOINDEX;
			if (j == 0 && (k = fifth_number(sl->name)) > 0) {
				/* 甲：10／1／1／2／3／a: the unit line has four
				 * numbers, 技術 is the rest of the bonus (A1) */
				char num[32];
				snprintf(num, sizeof(num), "%.*s",
				         (int)(k < 31 ? k : 31), sl->name);
				err(s, AM_DIAG_FIFTH_NUMBER, u->line, sl->col, 0, 0, num,
				    NULL);
			} else if ((cb = cost_bracket(s, sl->name, &pair))) {
				/* the bracket's column: the name's code points
				 * after its first */
				uint32_t col = cb->name_col;
				const char *q;
				for (q = sl->name; *q; q++)
					col += ((unsigned char)*q & 0xC0) != 0x80;
				err(s, AM_DIAG_COST_BRACKET, cb->line, col, 0, 0, pair,
				    NULL);
			} else {
				ut_buf hint = UT_BUF_INIT;
				slot_hint(s, sl->name, &hint);
				if (hint.failed)
					s->oom = 1;
				err(s, AM_DIAG_UNDEFINED_ACTION, u->line, sl->col, 0, 0,
				    sl->name, hint.len ? hint.ptr : NULL);
				ut_buf_free(&hint);
			}
		}
	}
}

/* ＋Ｎ classes carry their Ｎ, which must be ≥ 1 (AM-CLASS-4, AM-CLASS-5,
 * AM-CLASS-6). */
static void class_n(am_sheet *s, const am_action_rec *a, am_action *act)
{
	if (a->cls == AM_CLASS_ATK_UP || a->cls == AM_CLASS_DEF_UP ||
	    a->cls == AM_CLASS_SPD_UP) {
		act->n = a->n;
		if (a->n_ok && a->n < 1)
			err(s, AM_DIAG_N_TOO_SMALL, a->line, a->n_col, a->n, 1,
			    am_terms_class_pattern(a->cls), NULL);
	}
}

/* Pairs that exclude each other: 遅延起動 and 高速起動 (AM-CUST-7), 対象Ｎ
 * and 全体化 (BU-CUST-4); c against those written before it. */
static void cu_exclusive(am_sheet *s, const am_action_rec *a,
                         const am_custom_rec *c, const int *seen)
{
	static const struct { am_cu kind, other; } pairs[] = {
		{AM_CU_FAST, AM_CU_DELAY},
		{AM_CU_DELAY, AM_CU_FAST},
		{AM_CU_ALL, AM_CU_TARGET},
		{AM_CU_TARGET, AM_CU_ALL},
	};
	size_t k;

	for (k = 0; k < sizeof(pairs) / sizeof(pairs[0]); k++)
		if (c->kind == pairs[k].kind && seen[pairs[k].other])
			err(s, AM_DIAG_CUSTOM_EXCLUSIVE, a->line, c->col, 0, 0,
			    am_terms_cu_name(pairs[k].other),
			    am_terms_cu_name(c->kind));
}

/* The kinds of class a customisation may go on: 効果Ｎ倍, スタン与え, 毒与え
 * attacks only (AM-CUST-4, AM-CUST-5, AM-CUST-6), 対象Ｎ supports only
 * (BU-CUST-2), 全体化 not on ビルド (BU-CUST-3), 配置Ｎ ビルド only
 * (BU-CUST-1). */
static void cu_kind(am_sheet *s, const am_action_rec *a,
                    const am_custom_rec *c, am_kind kind)
{
	const char *nm = am_terms_cu_name(c->kind);
	uint32_t l = a->line;

	switch (c->kind) {
	case AM_CU_MULT:
	case AM_CU_STUN:
	case AM_CU_POISON:
		if (kind != AM_KIND_ATTACK)
			err(s, AM_DIAG_ATTACK_ONLY, l, c->col, kind, 0, nm, NULL);
		break;
	case AM_CU_TARGET:
		if (kind != AM_KIND_SUPPORT)
			err(s, AM_DIAG_SUPPORT_ONLY, l, c->col, kind, 0, nm, NULL);
		break;
	case AM_CU_ALL:
		if (kind == AM_KIND_BUILD)
			err(s, AM_DIAG_NOT_ON_BUILD, l, c->col, kind, 0, nm, NULL);
		break;
	case AM_CU_PLACE:
		if (kind != AM_KIND_BUILD)
			err(s, AM_DIAG_BUILD_ONLY, l, c->col, kind, 0, nm, NULL);
		break;
	default:
		break;
	}
}

/* The Ｎ of a customisation: 遅延起動Ｎ and 効果Ｎ倍 need Ｎ ≥ 2 (AM-CUST-2,
 * AM-CUST-4), 対象Ｎ and 配置Ｎ Ｎ ≠ 0 (BU-CUST-1, BU-CUST-2). */
static void cu_n(am_sheet *s, const am_action_rec *a, const am_custom_rec *c)
{
	const char *nm = am_terms_cu_name(c->kind);

	if ((c->kind == AM_CU_DELAY || c->kind == AM_CU_MULT) && c->n < 2)
		err(s, AM_DIAG_N_TOO_SMALL, a->line, c->ncol, c->n, 2, nm, NULL);
	if ((c->kind == AM_CU_TARGET || c->kind == AM_CU_PLACE) && c->n == 0)
		err(s, AM_DIAG_N_ZERO, a->line, c->ncol, 0, 0, nm, NULL);
}

/* What a customisation does to the action (the last one written wins, but
 * スタン与え and 毒与え, which add up): リミテッド (AM-CUST-1), 遅延起動Ｎ
 * (AM-CUST-2), 高速起動 (AM-CUST-3), 効果Ｎ倍 (AM-CUST-4), スタン与え
 * (AM-CUST-5), 毒与え (AM-CUST-6), 対象Ｎ, 配置Ｎ, 全体化 (BU-CUST-1,
 * BU-CUST-2, BU-CUST-3). */
static void cu_apply(am_action *act, const am_custom_rec *c)
{
	switch (c->kind) {
	case AM_CU_LIMITED: act->limited = 1; break;
	case AM_CU_DELAY: act->delay = c->n; break;
	case AM_CU_FAST: act->fast = 1; break;
	case AM_CU_MULT: act->mult = c->n; break;
	case AM_CU_STUN: act->stun++; break;
	case AM_CU_POISON: act->poison++; break;
	case AM_CU_TARGET: act->target = c->n; break;
	case AM_CU_PLACE: act->place = c->n; break;
	case AM_CU_ALL: act->all = 1; break;
	default: break;
	}
}

/* What a line must have: リミテッド on ライフ与え and ＨＰ回復 (AM-CLASS-9,
 * AM-CLASS-10) and 配置Ｎ on ビルド, checked when the line was read to its
 * end with every customisation known (a->complete: else the one missing
 * may be unread, or be the unknown one, ＜配置ー１＞); a ビルド names a
 * unit of the storage (BU-BUILD-1), put in act->build. */
static void required(am_sheet *s, const am_action_rec *a, const int *seen,
                     am_action *act)
{
	uint32_t unit;

	if (a->complete && (a->cls == AM_CLASS_LIFE || a->cls == AM_CLASS_HEAL) &&
	    !seen[AM_CU_LIMITED])
		err(s, AM_DIAG_LIMITED_REQUIRED, a->line, a->class_col, 0, 0,
		    am_terms_class_pattern(a->cls), NULL);
	if (a->cls != AM_CLASS_BUILD)
		return;
	if (a->complete && !seen[AM_CU_PLACE])
		err(s, AM_DIAG_PLACE_REQUIRED, a->line, a->class_col, 0, 0, NULL,
		    NULL);
	if (a->build_name) {
		if (am_names_get(&s->unit_names, a->build_name, &unit))
			act->build = (int32_t)unit; /* a record, for now */
		else
			err(s, AM_DIAG_UNKNOWN_UNIT, a->line, a->build_col, 0, 0,
			    a->build_name, NULL);
	}
}

/*
 * The legality of one action line (ruling A3): fills a->act from the class
 * and the customisations (in the order written) and reports every rule
 * broken (a missing customisation only when the line was read to its end):
 *   ＋Ｎ classes need Ｎ ≥ 1 (AM-CLASS-4, AM-CLASS-5, AM-CLASS-6);
 *   ライフ与え and ＨＰ回復 need リミテッド (AM-CLASS-9, AM-CLASS-10);
 *   遅延起動Ｎ needs Ｎ ≥ 2 (AM-CUST-2), 効果Ｎ倍 too (AM-CUST-4);
 *   効果Ｎ倍, スタン与え, 毒与え on attacks only (AM-CUST-4, AM-CUST-5,
 *   AM-CUST-6);
 *   at most one of each but スタン与え and 毒与え, 遅延起動 and 高速起動
 *   exclusive (AM-CUST-7), 対象Ｎ and 全体化 exclusive (BU-CUST-4);
 *   配置Ｎ (Ｎ ≠ 0) on ビルド only (BU-CUST-1), 対象Ｎ (Ｎ ≠ 0) on supports
 *   only (BU-CUST-2), 全体化 not on ビルド (BU-CUST-3);
 *   ビルド needs 配置Ｎ and names a unit of the storage (BU-BUILD-1).
 * Returns the number of errors.
 */
static size_t legality(am_sheet *s, am_action_rec *a)
{
	size_t before = s->nerrors, i;
	int seen[AM_CU_COUNT] = {0};
	am_action *act = &a->act;
	am_kind kind = am_class_kind(a->cls);

	memset(act, 0, sizeof(*act));
	act->name = a->name;
	act->cls = a->cls;
	act->mult = 1;
	act->build = -1;
	class_n(s, a, act);
	for (i = 0; i < a->ncu; i++) {
		const am_custom_rec *c = &a->cu[i];

		UT_ASSERT((unsigned)c->kind < AM_CU_COUNT);
		if (c->big) { /* ＜配置９９…９＞: there, not a missing 配置Ｎ */
			seen[c->kind] = 1;
			continue;
		}
		if (seen[c->kind] && c->kind != AM_CU_STUN &&
		    c->kind != AM_CU_POISON) {
			err(s, AM_DIAG_CUSTOM_TWICE, a->line, c->col, 0, 0,
			    am_terms_cu_name(c->kind), NULL);
			continue;
		}
		cu_exclusive(s, a, c, seen);
		cu_kind(s, a, c, kind);
		cu_n(s, a, c);
		cu_apply(act, c);
		seen[c->kind] = 1;
	}
	required(s, a, seen, act);
	UT_ASSERT(s->nerrors >= before);
	return s->nerrors - before;
}

/* 1 when two parsed definitions mean the same action (defining a name
 * twice identically is allowed: AM-UNIT-3). */
static int same_action(const am_action_rec *x, const am_action_rec *y)
{
	const am_action *a = &x->act, *b = &y->act;

	if ((x->build_name == NULL) != (y->build_name == NULL) ||
	    (x->build_name && strcmp(x->build_name, y->build_name) != 0))
		return 0;
	return a->cls == b->cls && a->n == b->n && a->delay == b->delay &&
	       a->mult == b->mult && a->stun == b->stun &&
	       a->poison == b->poison && a->target == b->target &&
	       a->place == b->place && a->limited == b->limited &&
	       a->fast == b->fast && a->all == b->all;
}

/* The cost of a legal action (AM-COST-1; ビルド: base = the built unit's
 * stored bonus, BU-BUILD-1, which must be ≥ 1: the extension text's
 * ビルド（Ｎ） has Ｎ≧１, BU-SHEET-4), checked against the declared cost
 * (AM-UNIT-3).
 * am_action_cost's thread-local error is put back: the sheet reports
 * through its diagnostics. */
static void cost(am_sheet *s, am_action_rec *a)
{
	int64_t base = 0;
	char saved[512];
	size_t n;

	if (a->cls == AM_CLASS_BUILD) {
		const am_unit_rec *u;
		if (a->act.build < 0)
			return;
		u = &s->units[a->act.build];
		if (!u->bonus_ok)
			return;
		base = u->stored;
		if (base == 0) { /* an entry unit of 愛 10 (BU-SHEET-4) */
			err(s, AM_DIAG_BUILD_ZERO, a->line, a->build_col, 0, 0,
			    a->build_name, NULL);
			return;
		}
	}
	n = strlen(am_error_last());
	if (n >= sizeof(saved))
		n = sizeof(saved) - 1;
	memcpy(saved, am_error_last(), n);
	saved[n] = '\0';
	if (am_action_cost(&a->cost, &a->act, base) < 0) {
		err(s, AM_DIAG_COST_OVERFLOW, a->line, a->name_col, 0, 0, a->name,
		    NULL);
		if (n)
			ut_error_set(AM_ERROR, "%s", saved);
		else
			am_error_clear();
		return;
	}
	a->act.cost = a->cost;
	a->cost_ok = 1;
	if (a->has_decl && a->decl != a->cost)
		err(s, AM_DIAG_COST_MISMATCH, a->line, a->decl_col, a->decl, a->cost,
		    NULL, NULL);
}

/* Every action line, even one no unit sets (AM-UNIT-3, ruling A10):
 * legality, redefinition, cost. */
static void actions(am_sheet *s)
{
	size_t i;

	for (i = 0; i < s->nactions; i++) {
		am_action_rec *a = &s->actions[i];
		const am_action_rec *f = &s->actions[a->first];
		size_t bad;

		if ((unsigned)a->cls >= AM_CLASS_COUNT)
			continue; /* unknown class: reported */
		bad = legality(s, a);
		a->legal = a->ok && !bad;
		if (a->first != i && a->ok && f->ok && !same_action(a, f))
			err(s, AM_DIAG_ACTION_REDEFINED, a->line, a->name_col, f->line,
			    0, a->name, NULL);
		if (a->ok && !bad)
			cost(s, a);
	}
}

/* The total cost of the actions set on a unit, repeats counted, must be
 * ≤ its 技術 (AM-UNIT-4; ruling A1). */
static void budget(am_sheet *s, const am_unit_rec *u)
{
	int64_t sum = 0;
	uint32_t over_col = 0;
	size_t j;

	if (u->ignored || !u->ok || !u->stats_ok)
		return;
	for (j = 0; j < u->nslots; j++) {
		const am_slot_rec *sl = &u->slots[j];
		if (sl->action == AM_NOINDEX || !s->actions[sl->action].cost_ok)
			return; /* unknown: reported elsewhere */
	}
	for (j = 0; j < u->nslots; j++) {
		const am_slot_rec *sl = &u->slots[j];
		if (ut_ckd_add(&sum, sum, s->actions[sl->action].cost)) {
			err(s, AM_DIAG_TOTAL_OVERFLOW, u->line, sl->col, 0, 0, NULL,
			    NULL);
			return;
		}
		if (sum > u->tech && !over_col)
			over_col = sl->col;
	}
	if (over_col)
		err(s, AM_DIAG_ACTIONS_OVER, u->line, over_col, sum, u->tech, NULL,
		    NULL);
}

/* At most 愛 ビルディア (BU-STORE-1; ruling B1). */
static void love(am_sheet *s)
{
	const am_unit_rec *e = &s->units[s->entry];
	size_t i, count = 0, at = AM_NOINDEX;

	if (!e->bonus_ok)
		return;
	for (i = 0; i < s->nunits; i++)
		if (s->units[i].buildia && ++count == (size_t)e->love + 1)
			at = i;
	if (at != AM_NOINDEX)
		err(s, AM_DIAG_TOO_MANY_BUILDIA, s->units[at].line,
		    s->units[at].col, (int64_t)count, e->love, NULL, NULL);
}

/* The diagnostic of each reason why a ビルディア is never built. */
static int unbuilt_code(am_unbuilt why)
{
	switch (why) {
	case AM_UNBUILT_NO_CHAIN: return AM_DIAG_UNREACHABLE;
	case AM_UNBUILT_TOO_LATE: return AM_DIAG_BUILT_TOO_LATE;
	case AM_UNBUILT_BUILDER: return AM_DIAG_BUILDER_NEVER;
	case AM_UNBUILT_NO_SPEED: return AM_DIAG_BUILDER_NO_SPEED;
	case AM_UNBUILT_HP0_LATE: return AM_DIAG_BUILDER_HP0_LATE;
	case AM_UNBUILT_HP0_TURN0: return AM_DIAG_BUILDER_HP0_TURN0;
	case AM_UNBUILT_CROWDED: return AM_DIAG_BUILDER_CROWDED;
	default: return 0;
	}
}

/* 1 when every unit's stats and every action it sets are known and legal,
 * so that the timing of the ビルド can be worked out (else only the chain
 * is checked: one mistake, one diagnostic). */
static int timing_known(const am_sheet *s)
{
	size_t i, j;

	for (i = 0; i < s->nunits; i++) {
		const am_unit_rec *u = &s->units[i];
		if (u->ignored)
			continue;
		if (!u->stats_ok)
			return 0;
		for (j = 0; j < u->nslots; j++)
			if (u->slots[j].action == AM_NOINDEX ||
			    !s->actions[u->slots[j].action].legal)
				return 0;
	}
	return 1;
}

/* The team order of the records for am_team_build_turns (BU-STORE-2): the
 * entry unit first, then the others in order; perm[record] = team index,
 * back[team index] = record. */
static void team_order(const am_sheet *s, uint32_t *perm, uint32_t *back)
{
	size_t i, k;

	perm[s->entry] = 0;
	back[0] = (uint32_t)s->entry;
	for (i = 0, k = 1; i < s->nunits; i++)
		if (i != s->entry) {
			perm[i] = (uint32_t)k;
			back[k++] = (uint32_t)i;
		}
	UT_ASSERT(k == s->nunits);
}

/* The team's actions: with the timing known (timed) each whole action, else
 * only which unit a ビルド names, firing at once (高速起動). */
static void team_actions(const am_sheet *s, am_action *acts,
                         const uint32_t *perm, int timed)
{
	size_t i;

	for (i = 0; i < s->nactions; i++) {
		const am_action_rec *a = &s->actions[i];
		acts[i].cls = AM_CLASS_DIRECT;
		acts[i].build = -1;
		if (a->cls == AM_CLASS_BUILD && a->act.build >= 0) {
			UT_ASSERT((size_t)a->act.build < s->nunits);
			acts[i].cls = AM_CLASS_BUILD;
			acts[i].build = (int32_t)perm[a->act.build];
		}
		if (timed) { /* the whole action: its timing, its effect */
			int32_t b = acts[i].build;
			acts[i] = a->act;
			acts[i].build = b;
		}
	}
	if (!timed)
		for (i = 0; i < s->nactions; i++)
			acts[i].fast = 1;
}

/* The team's unit definitions in team order (BU-STORE-2), their slots in
 * slots[] (nslots entries); with the timing unknown, able to act at once,
 * in every turn. */
static void team_units(const am_sheet *s, am_unit_def *units,
                       uint32_t *slots, size_t nslots, const uint32_t *perm,
                       int timed)
{
	size_t i, j, k;

	for (i = 0, k = 0; i < s->nunits; i++) {
		const am_unit_rec *u = &s->units[i];
		am_unit_def *d = &units[perm[i]];
		d->name = u->name;
		/* unknown timing: able to act at once, in every turn */
		d->hp = timed ? u->hp : 5;
		d->spd = timed ? u->spd : INT64_MAX;
		if (u->ignored)
			continue;
		d->slots = slots + k;
		for (j = 0; j < u->nslots; j++) {
			uint32_t a = u->slots[j].action;
			if (a == AM_NOINDEX)
				continue;
			UT_ASSERT(k < nslots && a < s->nactions);
			slots[k++] = a;
			d->nslots++;
		}
	}
	(void)nslots;
}

/* One diagnostic per ビルディア never built (BU-STORE-3; res[] in team
 * order), on its first definition only. */
static void report_unbuilt(am_sheet *s, const am_build_turn *res,
                           const uint32_t *back)
{
	size_t k;

	for (k = 1; k < s->nunits; k++) {
		const am_unit_rec *u = &s->units[back[k]];
		uint32_t owner;
		int code = unbuilt_code(res[k].why);
		if (!code || !u->buildia || !u->name ||
		    !am_names_get(&s->unit_names, u->name, &owner) ||
		    owner != back[k])
			continue;
		UT_ASSERT(code == AM_DIAG_UNREACHABLE ||
		          res[k].builder < s->nunits);
		err(s, code, u->line, u->col,
		    res[k].why == AM_UNBUILT_TOO_LATE ? res[k].turn : 0, 0, u->name,
		    code == AM_DIAG_UNREACHABLE ? NULL
		                                : s->units[back[res[k].builder]].name);
	}
}

/*
 * Every ビルディア must be buildable in some battle (BU-STORE-2, BU-STORE-3,
 * BU-STORE-4; ruling B1; the extension text: 戦闘中にどう転んでもビルドされ
 * 得ないユニットの定義は禁止です).  The records are put in the form of a
 * team (the entry unit first) for am_team_build_turns, which proves the
 * first turn each can be built, or why never; with a stat or an action
 * still unknown, every ビルド counts as able to fire and only the chain
 * from the entry unit is checked.  Skipped when a unit line is broken (its
 * action list may be incomplete).
 */
static void reach(am_sheet *s)
{
	size_t n = s->nunits, i, nslots = 0;
	am_unit_def *units = NULL;
	am_action *acts = NULL;
	uint32_t *slots = NULL, *perm = NULL, *back = NULL;
	am_build_turn *res = NULL;
	am_team t;
	int timed = timing_known(s);

	if (s->entry >= n || n == 1)
		return; /* no ビルディア: nothing to check */
	for (i = 0; i < n; i++) {
		if (!s->units[i].ok && !s->units[i].ignored)
			return;
		if (!s->units[i].ignored)
			nslots += s->units[i].nslots;
	}
	units = calloc(n, sizeof(*units));
	acts = calloc(s->nactions ? s->nactions : 1, sizeof(*acts));
	slots = malloc((nslots ? nslots : 1) * sizeof(*slots));
	perm = malloc(n * sizeof(*perm));
	back = malloc(n * sizeof(*back));
	res = malloc(n * sizeof(*res));
	if (!units || !acts || !slots || !perm || !back || !res) {
		s->oom = 1;
		goto out;
	}
	team_order(s, perm, back);
	team_actions(s, acts, perm, timed);
	team_units(s, units, slots, nslots, perm, timed);
	t.nunits = n;
	t.units = units;
	t.nactions = s->nactions;
	t.actions = acts;
	if (am_team_build_turns(res, &t) < 0) {
		s->oom = 1;
		goto out;
	}
	report_unbuilt(s, res, back);
out:
	free(units);
	free(acts);
	free(slots);
	free(perm);
	free(back);
	free(res);
}

void am_validate_sheet(am_sheet *s)
{
	size_t i;

	resolve_slots(s);
	actions(s);
	for (i = 0; i < s->nunits; i++)
		budget(s, &s->units[i]);
	if (s->entry == AM_NOINDEX) {
		if (!s->skipped && !s->broken_entry)
			err(s, AM_DIAG_NO_UNIT, 1, 1, s->quoted, 0, NULL, NULL);
		return;
	}
	love(s);
	reach(s);
}
