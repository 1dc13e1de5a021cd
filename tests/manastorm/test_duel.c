/*
 * test_duel.c - the duel engine and the built-in policies (docs/MANASTORM.md
 * section "Duel", rulings D2–D7) on scenarios built in C, mostly with
 * shuffle = 0 and explicit decks (top first).
 *
 * Every duel is recorded as a trace, one token per event, participants by
 * seat index:
 *
 *   B1 r2          battle 1 begins / round 2 begins
 *   P0             0 passed (step 1 or 4)
 *   E0=S3d:ph      0's enchant S3 from the deck (h hand), flags p passes,
 *                  s same number (on the field, or with n only on
 *                  another card revealed now: MS_F_SAME_NOW), h held
 *   M1:1>0         1's MP before > after the −1 (step 3)
 *   O1-4#1         1 lost its 衣装 of マナ変換力 4, index 1 (of those left)
 *   X0=D9:3 F0=H1  0's happening (the card that caused it), 3 cards; each
 *                  card it put on the field
 *   A2=C5h:ps      2's attack card (h hand, d deck, @k field card k),
 *                  flags p passes, m match, s success
 *   H2:5>4 L2 K2   2's HP before > after; lost its attack right; defeated
 *   VA+2=2         side A gains 2 advantage, total 2
 *   G2 U2          2 goes on / gives up
 *   DA>3:2=8       side A deals 2 to 3, whose HP is now 8
 *   S!0            a storm (pair 0)
 *   sK.i=H3p       i drew H3 in the storm (K 0 power, 1 tie draw-off,
 *                  2 count draw), p when it passes for i
 *   W0^9           first victim 0 (its highest number 9)
 *   W2<0:1         next victim 2, counted by 0 with the number 1
 *   x3 Z0          3 field cards removed; the storm ended (0 field empty,
 *                  1 nobody to count, 2 victim cannot draw, 3 no victim)
 *   ~0 ~~0:5       0's deck shuffled; 0's discard pile (5) became its deck
 *   /              step 9: advantages 0, rights back, field to the decks
 *   END:A:10       the end: winner (- draw), ms_end_step
 *
 * Each test derives its trace by hand in the comment above it.
 */
#pragma GCC diagnostic ignored "-Woverride-init" /* WARRIOR(.hp = …) overrides the default 5 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "manastorm/duel.h"
#include "manastorm/policy.h"
#include "manastorm/render.h"

/* ---- building scenarios ------------------------------------------------ */

typedef struct tp {
	const char *name;
	int side;
	ms_role role;
	int64_t thr;
	int suit;
	int64_t mp;
	int64_t outfits[4];
	size_t nout;
	int64_t hp;
	const char *deck;   /* "S3 H9 …", top first; NULL: the full deck */
	const char *policy; /* NULL: "script" */
	const char *script; /* for "script": h0 d p @2 g u, blank separated */
} tp;

#define CASTER(...) ((tp){.role = MS_ROLE_CASTER, .suit = -1, __VA_ARGS__})
#define WARRIOR(...) ((tp){.role = MS_ROLE_WARRIOR, .suit = -1, .hp = 5, \
                           __VA_ARGS__})

#define MAXP 8
static ms_participant parts[MAXP];
static ms_card decks[MAXP][64];
static const char *scripts[MAXP];
static const char *spos[MAXP];

static ms_card card(const char *s)
{
	ms_card c;
	c.suit = (uint8_t)(strchr("SHDC", s[0]) - "SHDC");
	c.number = (uint8_t)atoi(s + 1);
	return c;
}

static size_t parse_cards(ms_card *out, const char *list)
{
	size_t n = 0;
	char buf[8];
	while (*list) {
		size_t k = 0;
		while (*list == ' ')
			list++;
		if (!*list)
			break;
		while (*list && *list != ' ' && k < 7)
			buf[k++] = *list++;
		buf[k] = 0;
		out[n++] = card(buf);
	}
	return n;
}

static void build(ms_scenario *s, const tp *t, size_t n)
{
	size_t i;
	ms_scenario_init(s);
	s->shuffle = 0;
	s->battles = 1;
	s->hand_size = 0;
	for (i = 0; i < n; i++) {
		ms_participant *p = &parts[i];
		ms_participant_init(p);
		p->name = t[i].name;
		p->side = t[i].side;
		p->role = t[i].role;
		p->threshold = t[i].thr;
		p->suit = t[i].suit;
		p->mp = t[i].mp;
		p->outfits = t[i].outfits;
		p->noutfits = t[i].nout;
		p->hp = t[i].hp;
		if (t[i].deck) {
			p->ndeck = parse_cards(decks[i], t[i].deck);
			p->deck = decks[i];
		}
		p->policy = t[i].policy ? t[i].policy : "script";
		scripts[i] = spos[i] = t[i].script ? t[i].script : "";
	}
	s->participants = parts;
	s->nparticipants = n;
}

/* The policy "script": the next token of the participant's script; when
 * it runs out, pass / give up. */
static int choose_script(void *ud, const ms_duel *d, const ms_ask *ask,
                         ut_rng *rng, ms_choice *out)
{
	const char **p = &spos[ask->actor];
	(void)ud; (void)d; (void)rng;
	memset(out, 0, sizeof(*out));
	while (**p == ' ')
		(*p)++;
	if (!**p) {
		out->kind = ask->kind == MS_ASK_GO_ON ? MS_CHOICE_GIVE_UP
		                                      : MS_CHOICE_PASS;
		return 0;
	}
	switch (**p) {
	case 'h': out->kind = MS_CHOICE_HAND; out->index = (size_t)atoi(*p + 1); break;
	case 'd': out->kind = MS_CHOICE_DECK; break;
	case '@': out->kind = MS_CHOICE_POINT; out->index = (size_t)atoi(*p + 1); break;
	case 'g': out->kind = MS_CHOICE_GO_ON; break;
	case 'u': out->kind = MS_CHOICE_GIVE_UP; break;
	default: out->kind = MS_CHOICE_PASS; break;
	}
	while (**p && **p != ' ')
		(*p)++;
	return 0;
}

static const ms_policy test_policies[] = {{"script", choose_script, NULL}};

/* ---- the trace ---------------------------------------------------------- */

static char trace[16384];
static size_t tlen;

static void put(const char *fmt, ...)
{
	va_list ap;
	if (tlen)
		trace[tlen++] = ' ';
	va_start(ap, fmt);
	tlen += (size_t)vsnprintf(trace + tlen, sizeof(trace) - tlen, fmt, ap);
	va_end(ap);
	assert_true(tlen < sizeof(trace) - 64);
}

static const char *cn(ms_card c)
{
	static char b[4][8];
	static int k;
	k = (k + 1) & 3;
	return ms_card_name(b[k], c, 0);
}

static const char *src(const ms_event *e)
{
	static char b[16];
	if (e->source == MS_SRC_POINT) {
		snprintf(b, sizeof(b), "@%lld", (long long)e->index);
		return b;
	}
	return e->source == MS_SRC_HAND ? "h" : "d";
}

static ms_log *glog; /* also record into this log when set */

static int record(void *ud, const ms_duel *d, const ms_event *e)
{
	(void)ud;
	if (glog && ms_log_record(glog, d, e))
		return 1;
	switch (e->kind) {
	case MS_EV_SHUFFLE: put("~%d", e->actor); break;
	case MS_EV_RESHUFFLE: put("~~%d:%lld", e->actor, (long long)e->count); break;
	case MS_EV_BATTLE: put("B%lld", (long long)e->battle); break;
	case MS_EV_ROUND: put("r%lld", (long long)e->round); break;
	case MS_EV_PASS: put("P%d", e->actor); break;
	case MS_EV_ENCHANT:
		put("E%d=%s%s:%s%s%s%s", e->actor, cn(e->card), src(e),
		    e->flags & MS_F_PASSES ? "p" : "", e->flags & MS_F_SAME ? "s" : "",
		    e->flags & MS_F_SAME_NOW ? "n" : "",
		    e->flags & MS_F_HELD ? "h" : "");
		break;
	case MS_EV_MP: put("M%d:%lld>%lld", e->actor, (long long)e->value,
	                   (long long)e->value2); break;
	case MS_EV_OUTFIT: put("O%d-%lld#%lld", e->actor, (long long)e->value,
	                       (long long)e->index); break;
	case MS_EV_HAPPENING: put("X%d=%s:%lld", e->actor, cn(e->card),
	                          (long long)e->count); break;
	case MS_EV_FIELD: put("F%d=%s", e->actor, cn(e->card)); break;
	case MS_EV_ATTACK:
		put("A%d=%s%s:%s%s%s", e->actor, cn(e->card), src(e),
		    e->flags & MS_F_PASSES ? "p" : "", e->flags & MS_F_MATCH ? "m" : "",
		    e->flags & MS_F_SUCCESS ? "s" : "");
		break;
	case MS_EV_HP: put("H%d:%lld>%lld", e->actor, (long long)e->value,
	                   (long long)e->value2); break;
	case MS_EV_RIGHT_LOST: put("L%d", e->actor); break;
	case MS_EV_DEFEATED: put("K%d", e->actor); break;
	case MS_EV_ADVANTAGE: put("V%c+%lld=%lld", "AB"[e->side], (long long)e->value,
	                          (long long)e->value2); break;
	case MS_EV_GO_ON: put("G%d", e->actor); break;
	case MS_EV_GIVE_UP: put("U%d", e->actor); break;
	case MS_EV_DAMAGE: put("D%c>%d:%lld=%lld", "AB"[e->side], e->target,
	                       (long long)e->value, (long long)e->value2); break;
	case MS_EV_STORM: put("S!%lld", (long long)e->count); break;
	case MS_EV_STORM_DRAW:
		if (e->flags & MS_F_NO_CARD) /* tied, cannot draw */
			put("s%lld.%d=-", (long long)e->index, e->actor);
		else
			put("s%lld.%d=%s%s", (long long)e->index, e->actor,
			    cn(e->card), e->flags & MS_F_PASSES ? "p" : "");
		break;
	case MS_EV_STORM_VICTIM:
		if (e->index == 0)
			put("W%d^%lld", e->actor, (long long)e->value);
		else
			put("W%d<%d:%lld", e->actor, e->target, (long long)e->value);
		break;
	case MS_EV_STORM_REMOVE: put("x%lld", (long long)e->count); break;
	case MS_EV_STORM_END: put("Z%lld", (long long)e->index); break;
	case MS_EV_BATTLE_END: put("/"); break;
	case MS_EV_END:
		put("END:%s:%lld", e->side < 0 ? "-" : e->side ? "B" : "A",
		    (long long)e->value);
		break;
	default: break;
	}
	return 0;
}

static ms_duel *duel;
static ms_result res;

static void play(const ms_scenario *s, uint64_t seed)
{
	ms_duel_opts o = MS_DUEL_OPTS_INIT;
	tlen = 0;
	trace[0] = 0;
	o.seed = seed;
	o.on_event = record;
	o.policies = test_policies;
	o.npolicies = 1;
	ms_duel_free(duel);
	duel = NULL;
	assert_int_equal(ms_duel_new(&duel, s, &o), 0);
	assert_int_equal(ms_duel_run(&res, duel), 0);
	assert_true(res.over);
}

static const char *cards_str(const ms_card *c, size_t n)
{
	static char b[512];
	size_t i, len = 0;
	b[0] = 0;
	for (i = 0; i < n; i++)
		len += (size_t)snprintf(b + len, sizeof(b) - len, "%s%s",
		                        i ? " " : "", cn(c[i]));
	return b;
}

static ms_part_state st(uint32_t i)
{
	ms_part_state s;
	ms_duel_participant(&s, duel, i);
	return s;
}

static int teardown(void **state)
{
	(void)state;
	ms_duel_free(duel);
	duel = NULL;
	return 0;
}

/* ---- enchants ------------------------------------------------------------ */

/* MS-ENCHANT-1 MS-ENCHANT-2 MS-ENCHANT-3 MS-ENCHANT-4 MS-ENCHANT-5
 * MS-ENCHANT-6 (S3 passes: 3 ≤ 5; H9 does not: 9 > 5)
 * Casters 0 (A, 発現値 5, MP 2, 衣装 [3,2]) and 1 (B, 発現値 5, MP 1, 衣装
 * [2,4,4]) play their deck tops; warriors pass, go on in round 1.
 * Round 1: 0 S3 passes, no 3 on the field: held.  1 H9 fails (9 > 5), no
 * other 9: discarded; MP 1 > 0, at 0 it loses the FIRST 衣装 of 4 (index 1,
 * D7.2) and MP = 4.
 * Round 2: 0 D9 and 1 S9 both fail and share the number 9, which is not on
 * the field (only S3 is): the same only by the card revealed with it
 * (flags s and n, MS_F_SAME_NOW): both discarded,
 * then caster by caster: 0 MP 2 > 1, happening: H1 H2 H4 to the field; 1
 * MP 4 > 3, happening: D1 D2 D4.  Warriors give up; step 9 deals 0 and 0.
 * The field S3 H1 H2 H4 D1 D2 D4 goes to the decks' bottoms: 0's deck
 * C1 C2 S3 H1 H2 H4, 1's S6 D1 D2 D4.  A draw (nothing dealt). */
static void ms_enchant_outcomes(void **state)
{
	ms_scenario s;
	tp t[] = {
		CASTER(.name = "a", .side = 0, .thr = 5, .mp = 2, .outfits = {3, 2},
		       .nout = 2, .deck = "S3 D9 H1 H2 H4 C1 C2", .script = "d d"),
		CASTER(.name = "b", .side = 1, .thr = 5, .mp = 1, .outfits = {2, 4, 4},
		       .nout = 3, .deck = "H9 S9 D1 D2 D4 S6", .script = "d d"),
		WARRIOR(.name = "wa", .side = 0, .thr = 13, .deck = "C5", .script = "p g p u"),
		WARRIOR(.name = "wb", .side = 1, .thr = 13, .deck = "C8", .script = "p g p u"),
	};
	(void)state;
	build(&s, t, 4);
	s.rounds_per_battle = 2;
	play(&s, 0);
	assert_string_equal(trace,
		"B1 r1 E0=S3d:ph E1=H9d: M1:1>0 O1-4#1 P2 P3 G2 G3 "
		"r2 E0=D9d:sn E1=S9d:sn M0:2>1 X0=D9:3 F0=H1 F0=H2 F0=H4 "
		"M1:4>3 X1=S9:3 F1=D1 F1=D2 F1=D4 P2 P3 U2 U3 "
		"DA>3:0=5 DB>2:0=5 / END:-:10");
	assert_string_equal(cards_str(st(0).deck, st(0).ndeck), "C1 C2 S3 H1 H2 H4");
	assert_string_equal(cards_str(st(0).discard, st(0).ndiscard), "D9");
	assert_string_equal(cards_str(st(1).deck, st(1).ndeck), "S6 D1 D2 D4");
	assert_string_equal(cards_str(st(1).discard, st(1).ndiscard), "H9 S9");
	assert_int_equal(st(0).mp, 1);
	assert_int_equal(st(0).noutfits, 2);
	assert_int_equal(st(1).mp, 3);
	assert_int_equal(st(1).noutfits, 2);
	assert_int_equal(st(1).outfits[0], 2);
	assert_int_equal(st(1).outfits[1], 4);
	assert_int_equal(res.happenings, 2);
	assert_int_equal(res.winner, -1);
	assert_int_equal(res.end, MS_END_BATTLES);
}

/* MS-ENCHANT-1, MS-ENCHANT-5, MS-LOG-1: a number on the field, not revealed
 * now, is "the same" without MS_F_SAME_NOW.  Round 1: caster 0 (発現値 5)
 * plays S3: passes, no 3 anywhere: held; caster 1 passes.  Round 2: 0
 * passes; 1 plays H3: passes (3 ≤ 5), but 0's S3 is on the field: flag s,
 * no n; not held, a happening: D1 D2 D4 to the field (1's pass at step 1
 * comes before 0's reveal at step 2).  The warriors pass, go on, pass and
 * give up: no advantage, step 9 deals 0 and 0 (HP 5), a draw.  The text
 * says "its number is on the field"; the JSON's "same" is true either
 * way. */
static void ms_enchant_same_on_field(void **state)
{
	ms_scenario s;
	ms_log log = MS_LOG_INIT;
	ut_buf b = UT_BUF_INIT;
	tp t[] = {
		CASTER(.name = "a", .side = 0, .thr = 5, .mp = 2, .outfits = {3},
		       .nout = 1, .deck = "S3 C1 C2 C4", .script = "d p"),
		CASTER(.name = "b", .side = 1, .thr = 5, .mp = 1, .outfits = {2},
		       .nout = 1, .deck = "H3 D1 D2 D4", .script = "p d"),
		WARRIOR(.name = "wa", .side = 0, .thr = 13, .deck = "C5", .script = "p g p u"),
		WARRIOR(.name = "wb", .side = 1, .thr = 13, .deck = "C8", .script = "p g p u"),
	};
	(void)state;
	build(&s, t, 4);
	s.rounds_per_battle = 2;
	glog = &log;
	play(&s, 0);
	glog = NULL;
	assert_string_equal(trace,
		"B1 r1 P1 E0=S3d:ph P2 P3 G2 G3 "
		"r2 P0 E1=H3d:ps X1=H3:3 F1=D1 F1=D2 F1=D4 P2 P3 U2 U3 "
		"DA>3:0=5 DB>2:0=5 / END:-:10");
	assert_int_equal(ms_render_text(&b, duel, &log, MS_LANG_EN), 0);
	assert_non_null(strstr(b.ptr, "2) b: ♥3 (deck) passes (3 ≤ threshold 5), its "
	                              "number is on the field → not held (discarded)\n"));
	ut_buf_clear(&b);
	assert_int_equal(ms_render_text(&b, duel, &log, MS_LANG_JA), 0);
	assert_non_null(strstr(b.ptr, "2) b: ♥3（山札）通る（3 ≤ 発現値5）、"
	                              "同じ数が場にある → 不発（捨て札）\n"));
	ut_buf_free(&b);
	ms_log_free(&log);
}

/* MS-ENCHANT-4 MS-POLICY-1 A caster (発現値 1, MP 1, 衣装 [1]) fails three
 * times from its deck (D5 D6 D7): MP 1 > 0, loses 衣装 1, MP 1; then MP
 * 1 > 0 with no 衣装 left: stays 0; then 0 > 0 (never below 0).  The
 * favoured suit: the B caster (発現値 1, suit H, default policy, hand H13)
 * holds H13 in round 1 (it passes by its suit), then has no hand: passes. */
static void ms_enchant_mp_zero_and_suit(void **state)
{
	ms_scenario s;
	tp t[] = {
		CASTER(.name = "a", .side = 0, .thr = 1, .mp = 1, .outfits = {1},
		       .nout = 1, .deck = "C13 D5 D6 D7", .script = "d d d"),
		CASTER(.name = "b", .side = 1, .thr = 1, .suit = MS_SUIT_H, .mp = 1,
		       .outfits = {1}, .nout = 1, .deck = "H13", .policy = "default"),
		WARRIOR(.name = "wa", .side = 0, .script = "p g p g p u"),
		WARRIOR(.name = "wb", .side = 1, .script = "p g p g p u"),
	};
	(void)state;
	build(&s, t, 4);
	s.hand_size = 1; /* a's hand: C13 (unused) */
	s.rounds_per_battle = 3;
	play(&s, 0);
	assert_string_equal(trace,
		"B1 r1 E0=D5d: E1=H13h:ph M0:1>0 O0-1#0 P2 P3 G2 G3 "
		"r2 P1 E0=D6d: M0:1>0 P2 P3 G2 G3 "
		"r3 P1 E0=D7d: M0:0>0 P2 P3 U2 U3 DA>3:0=5 DB>2:0=5 / END:-:10");
	assert_int_equal(st(0).mp, 0);
	assert_int_equal(st(0).noutfits, 0);
}

/* ---- attacks and advantage ---------------------------------------------- */

/* MS-ATTACK-1 MS-ATTACK-2 MS-ADV-1 MS-ADV-3 MS-POLICY-2 MS-POLICY-3
 * MS-DAMAGE-1 (equal) — default warriors, hands of 3.
 * 0 (A, 発現値 7, suit S): S12 H3 D9; passing: S12 (suit), H3 → S12.
 * 1 (B, 発現値 7): C5 H5 D13; passing 5s, suit order: H5 (index 1).
 * Round 1: both succeed; 12 + 2 (suit S) = 14 > 5: A +1.  Go on: 0's side
 * has 1 > 0: gives up; 1: 0 ≤ 1 and C5 passes: goes on.
 * Round 2: 1 plays C5, 0 has no right (played nothing): B +1.  1: 1 ≤ 1
 * but only D13 is left (fails): gives up.  Step 9: 1 = 1, each deals its
 * own: 1 to each.  Damage 1 : 1, nobody defeated: a draw. */
static void ms_attack_default_and_equal_damage(void **state)
{
	ms_scenario s;
	tp t[] = {
		WARRIOR(.name = "a", .side = 0, .thr = 7, .suit = MS_SUIT_S,
		        .deck = "S12 H3 D9", .policy = "default"),
		WARRIOR(.name = "b", .side = 1, .thr = 7, .deck = "C5 H5 D13",
		        .policy = "default"),
	};
	(void)state;
	build(&s, t, 2);
	s.hand_size = 3;
	play(&s, 0);
	assert_string_equal(trace,
		"B1 r1 A0=S12h:ps A1=H5h:ps VA+1=1 U0 G1 "
		"r2 A1=C5h:ps VB+1=1 U1 DA>1:1=4 DB>0:1=4 / END:-:10");
	assert_int_equal(res.damage[0], 1);
	assert_int_equal(res.damage[1], 1);
	assert_int_equal(res.winner, -1);
	assert_string_equal(cards_str(st(0).hand, st(0).nhand), "H3 D9");
	assert_string_equal(cards_str(st(0).discard, st(0).ndiscard), "S12");
	assert_string_equal(cards_str(st(1).discard, st(1).ndiscard), "H5 C5");
}

/* MS-ATTACK-3 MS-ADV-2 MS-ADV-3 MS-ADV-4 MS-DAMAGE-1 MS-DAMAGE-2 MS-END-3
 * Two warriors a side, pairs 0–2 and 1–3 (seat order within each side).
 * Round 1: 0 S5 succeeds; 1 passes; 2 (発現値 1) D9 fails: HP 10 > 9, right
 * lost; 3 C4 succeeds.  Pair 0: 0 succeeded, 2's card did not pass: A +2.
 * Pair 1: 3 succeeded, 1 played nothing: B +1.  0, 1, 3 go on.
 * Round 2: 0 S6, 1 passes, 3 C3 (2 has no right: played nothing): A +1 = 3,
 * B +1 = 2.  All give up.  Step 9: A 3 > B 2: A deals 3 to 2 (the first B
 * warrior with HP > 0: 9 > 6), B deals 2 / 2 = 1 to 0 (10 > 9).
 * Winner A by damage 3 : 1 (no one defeated). */
static void ms_attack_fail_and_lower_half(void **state)
{
	ms_scenario s;
	tp t[] = {
		WARRIOR(.name = "a1", .side = 0, .thr = 13, .hp = 10, .deck = "S5 S6",
		        .script = "h0 g h0 u"),
		WARRIOR(.name = "a2", .side = 0, .thr = 13, .hp = 10, .deck = "H1 H2",
		        .script = "p g p u"),
		WARRIOR(.name = "b1", .side = 1, .thr = 1, .hp = 10, .deck = "D9 D8",
		        .script = "h0"),
		WARRIOR(.name = "b2", .side = 1, .thr = 13, .hp = 10, .deck = "C4 C3",
		        .script = "h0 g h0 u"),
	};
	(void)state;
	build(&s, t, 4);
	s.hand_size = 2;
	play(&s, 0);
	assert_string_equal(trace,
		"B1 r1 P1 A0=S5h:ps A2=D9h: A3=C4h:ps H2:10>9 L2 VA+2=2 VB+1=1 "
		"G0 G1 G3 r2 P1 A0=S6h:ps A3=C3h:ps VA+1=3 VB+1=2 U0 U1 U3 "
		"DA>2:3=6 DB>0:1=9 / END:A:10");
	assert_int_equal(res.winner, 0);
	assert_int_equal(res.damage[0], 3);
	assert_int_equal(res.damage[1], 1);
	assert_int_equal(res.defeated[0], 0);
}

/* MS-ATTACK-1 MS-ATTACK-5 MS-POLICY-1 MS-POLICY-2 MS-DAMAGE-3 pointing:
 * caster 0 (A, 発現値 7) holds H7 (default: its highest passing card with
 * no 7 on the field).  Warrior 1 (A, 発現値 7) points to it (field 0: the
 * highest allied enchant that passes), warrior 2 (B) plays D3.  Both
 * succeed, 7 > 3: A +1.  1 gives up (1 > 0), 2 has an empty hand: gives
 * up.  Step 9: A deals 1 to 2 (3 > 2), B deals 0.  The pointed H7 is not
 * discarded: it goes back to the bottom of 0's deck (C1 H7). */
static void ms_attack_point(void **state)
{
	ms_scenario s;
	tp t[] = {
		CASTER(.name = "c", .side = 0, .thr = 7, .mp = 1, .outfits = {1},
		       .nout = 1, .deck = "H7 C1", .policy = "default"),
		WARRIOR(.name = "a", .side = 0, .thr = 7, .deck = "S2",
		        .policy = "default"),
		WARRIOR(.name = "b", .side = 1, .thr = 7, .hp = 3, .deck = "D3",
		        .policy = "default"),
	};
	(void)state;
	build(&s, t, 3);
	s.hand_size = 1;
	play(&s, 0);
	assert_string_equal(trace,
		"B1 r1 E0=H7h:ph A1=H7@0:ps A2=D3h:ps VA+1=1 U1 U2 "
		"DA>2:1=2 DB>1:0=5 / END:A:10");
	assert_string_equal(cards_str(st(0).deck, st(0).ndeck), "C1 H7");
	assert_int_equal(st(1).ndiscard, 0);
	assert_string_equal(cards_str(st(1).hand, st(1).nhand), "S2");
}

/* MS-ATTACK-4 MS-STORM-1 MS-STORM-2 MS-STORM-3 MS-STORM-4 MS-STORM-5
 * MS-START-3 (the discard piles, most recent first)
 * The storm, by hand.  Seats: 0 caster A (発現値 5, 衣装 [3,1]), 1 warrior A
 * (7), 2 caster B (5, 衣装 [2]), 3 warrior B (7).  Hands of 1; casters pass.
 * 1 plays S6, 3 D6: both pass, same number: no success, a storm.
 * Power draws: 0 S2 (passes) H9 (fails) → 9; 1 H1 H13 → 13; 2 D4 S8 → 8;
 * 3 S10 → 10.  Field S2 H9 H1 H13 D4 S8 S10.  First victim among casters
 * with 衣装: 0 (9 > 8).  0 loses 3: S10 S8 D4 discarded; 0 draws D1:
 * count 1 from 1 (warrior: skipped) → 2.  2 loses 2: D1 H13 discarded; 2
 * draws H5: 5 among {0} → 0.  0 loses 1: H5; no caster has 衣装: warriors.
 * 0 draws D3: count 3 from 1: 1, 3, 1 → 1.  1 loses min(5, 4) = 4 HP: D3 H1
 * H9 S2 discarded; the field is empty: the end.  Then the attack cards go
 * to the discard piles; nobody succeeded; both give up; step 9 deals 0. */
static void ms_storm_full(void **state)
{
	ms_scenario s;
	tp t[] = {
		CASTER(.name = "ca", .side = 0, .thr = 5, .mp = 2, .outfits = {3, 1},
		       .nout = 2, .deck = "C13 S2 H9 D1 D3", .script = "p"),
		WARRIOR(.name = "wa", .side = 0, .thr = 7, .deck = "S6 H1 H13 C2",
		        .script = "h0 u"),
		CASTER(.name = "cb", .side = 1, .thr = 5, .mp = 1, .outfits = {2},
		       .nout = 1, .deck = "C12 D4 S8 H5", .script = "p"),
		WARRIOR(.name = "wb", .side = 1, .thr = 7, .deck = "D6 S10 C3",
		        .script = "h0 u"),
	};
	(void)state;
	build(&s, t, 4);
	s.hand_size = 1;
	play(&s, 0);
	assert_string_equal(trace,
		"B1 r1 P0 P2 A1=S6h:pm A3=D6h:pm S!0 s0.0=S2p s0.0=H9 s0.1=H1p "
		"s0.1=H13 s0.2=D4p s0.2=S8 s0.3=S10 W0^9 O0-3#0 x3 s2.0=D1p W2<0:1 "
		"O2-2#0 x2 s2.2=H5p W0<2:5 O0-1#0 x1 s2.0=D3p W1<0:3 H1:5>1 x4 Z0 "
		"U1 U3 DA>3:0=5 DB>1:0=1 / END:-:10");
	assert_string_equal(cards_str(st(0).discard, st(0).ndiscard), "D1 D3 H9 S2");
	assert_string_equal(cards_str(st(1).discard, st(1).ndiscard), "H13 H1 S6");
	assert_string_equal(cards_str(st(2).discard, st(2).ndiscard), "S8 D4 H5");
	assert_string_equal(cards_str(st(3).discard, st(3).ndiscard), "S10 D6");
	assert_int_equal(res.storms, 1);
	assert_int_equal(st(1).hp, 1);
}

/* MS-STORM-2 MS-STORM-6 the tie draw-off: 0 (caster A) and 2 (caster B)
 * both drew 9 (D9, S9), so they draw again in seat order: H2 for 0, H7 for
 * 2: 2 is the victim (7).  2 loses 5: H7 H2 C9 S9 C8 discarded, D9 left; 2
 * draws D1: count 1 from 3 (warrior) → 0.  0 loses 5: D1 D9, field empty. */
static void ms_storm_tie(void **state)
{
	ms_scenario s;
	tp t[] = {
		CASTER(.name = "ca", .side = 0, .thr = 5, .mp = 2, .outfits = {5},
		       .nout = 1, .deck = "C13 D9 H2 S1", .script = "p"),
		WARRIOR(.name = "wa", .side = 0, .thr = 7, .deck = "S6 C8",
		        .script = "h0 u"),
		CASTER(.name = "cb", .side = 1, .thr = 5, .mp = 1, .outfits = {5},
		       .nout = 1, .deck = "C12 S9 H7 D1", .script = "p"),
		WARRIOR(.name = "wb", .side = 1, .thr = 7, .deck = "D6 C9",
		        .script = "h0 u"),
	};
	(void)state;
	build(&s, t, 4);
	s.hand_size = 1;
	play(&s, 0);
	assert_string_equal(trace,
		"B1 r1 P0 P2 A1=S6h:pm A3=D6h:pm S!0 s0.0=D9 s0.1=C8 s0.2=S9 "
		"s0.3=C9 s1.0=H2p s1.2=H7 W2^7 O2-5#0 x5 s2.2=D1p W0<2:1 O0-5#0 x2 "
		"Z0 U1 U3 DA>3:0=5 DB>1:0=5 / END:-:10");
	assert_string_equal(cards_str(st(0).discard, st(0).ndiscard), "H2 D9");
	assert_string_equal(cards_str(st(2).discard, st(2).ndiscard), "H7 S9 D1");
}

/* MS-ATTACK-4 MS-ATTACK-6 MS-POLICY-4 storm_match card: greedy warriors
 * (発現値 13) play S1/H1, S2/H2, S3/H3 from their decks: same numbers but
 * not the same cards: no storm, both succeed with equal numbers: nothing.
 * Greedy always goes on: rounds_per_battle 3 stops the battle. */
static void ms_storm_match_card_and_round_bound(void **state)
{
	ms_scenario s;
	tp t[] = {
		WARRIOR(.name = "a", .side = 0, .thr = 13, .hp = 10,
		        .deck = "S1 S2 S3 S4 S5", .policy = "greedy"),
		WARRIOR(.name = "b", .side = 1, .thr = 13, .hp = 10,
		        .deck = "H1 H2 H3 H4 H5", .policy = "greedy"),
	};
	(void)state;
	build(&s, t, 2);
	s.rounds_per_battle = 3;
	s.storm_match = MS_MATCH_CARD;
	play(&s, 0);
	assert_string_equal(trace,
		"B1 r1 A0=S1d:ps A1=H1d:ps G0 G1 r2 A0=S2d:ps A1=H2d:ps G0 G1 "
		"r3 A0=S3d:ps A1=H3d:ps G0 G1 DA>1:0=10 DB>0:0=10 / END:-:10");
	assert_int_equal(res.storms, 0);
}

/* MS-STORM-1 MS-STORM-5 MS-STORM-6 MS-START-2 MS-END-2 storm_match number, the same decks:
 * S1/H1 match: a storm.  No caster: warriors.  0 draws S2 … S5 (all pass)
 * and stops at the empty deck (5); 1 H2 … H5 (5).  Tie: neither can draw
 * (each says so, s1.N=-): the first in seat order, 0, is the victim: min(10, 8) = 8 HP, 8 cards
 * removed (H5 H4 H3 H2 to 1, S5 S4 S3 S2 to 0): field empty.
 * Round 2: 0's deck is empty: its discard pile S5 S4 S3 S2 S1 becomes the
 * deck unshuffled (S1 was the played attack card, discarded after the
 * storm): S5; 1: H5.  A storm again: 0 draws S4 S3 S2 S1 (4), 1 H4 … H1
 * (4); tie, nobody can draw: 0, who loses min(2, 8) = 2 HP (defeated), H1
 * H2 removed; warrior 1 can still be counted, but 0 cannot draw (its deck
 * and discard pile are empty; S5 still lies before it): the storm ends,
 * and side A has no warrior: B wins, ended in the storm (MS-END-2). */
static void ms_storm_number_and_reshuffle(void **state)
{
	ms_scenario s;
	tp t[] = {
		WARRIOR(.name = "a", .side = 0, .thr = 13, .hp = 10,
		        .deck = "S1 S2 S3 S4 S5", .policy = "greedy"),
		WARRIOR(.name = "b", .side = 1, .thr = 13, .hp = 10,
		        .deck = "H1 H2 H3 H4 H5", .policy = "greedy"),
	};
	(void)state;
	build(&s, t, 2);
	s.rounds_per_battle = 2;
	play(&s, 0);
	assert_string_equal(trace,
		"B1 r1 A0=S1d:pm A1=H1d:pm S!0 s0.0=S2p s0.0=S3p s0.0=S4p s0.0=S5p "
		"s0.1=H2p s0.1=H3p s0.1=H4p s0.1=H5p s1.0=- s1.1=- W0^5 H0:10>2 x8 "
		"Z0 G0 G1 r2 ~~0:5 ~~1:5 A0=S5d:pm A1=H5d:pm S!0 s0.0=S4p s0.0=S3p "
		"s0.0=S2p s0.0=S1p s0.1=H4p s0.1=H3p s0.1=H2p s0.1=H1p s1.0=- "
		"s1.1=- W0^4 H0:2>0 K0 x2 Z2 "
		"END:B:4");
	assert_int_equal(res.storms, 2);
	assert_int_equal(res.end, MS_END_STORM);
	assert_int_equal(res.winner, 1);
}

/* MS-STORM-4 MS-STORM-6 a storm with nothing to draw: both warriors play
 * their only card (S5, H5: a match); their decks and discard piles are
 * empty, so nobody draws, all count 0, the draw-off draws nothing (each
 * says so, s1.N=-): 0 (first
 * in seat order) is the victim, and the field is empty: the storm ends at
 * once, nobody loses anything. */
static void ms_storm_empty_field(void **state)
{
	ms_scenario s;
	tp t[] = {
		WARRIOR(.name = "a", .side = 0, .thr = 7, .deck = "S5", .script = "h0 u"),
		WARRIOR(.name = "b", .side = 1, .thr = 7, .deck = "H5", .script = "h0 u"),
	};
	(void)state;
	build(&s, t, 2);
	s.hand_size = 1;
	play(&s, 0);
	assert_string_equal(trace,
		"B1 r1 A0=S5h:pm A1=H5h:pm S!0 s1.0=- s1.1=- W0^0 Z0 U0 U1 "
		"DA>1:0=5 DB>0:0=5 / "
		"END:-:10");
	assert_int_equal(st(0).hp, 5);
}

/* MS-ATTACK-2 MS-ATTACK-4 a storm needs matching cards played in THIS
 * round (D7.3: a warrior that plays nothing matches nothing).  default
 * policies, no shuffle, hands of 1.  Battle 1, round 1: Kai plays S5, Jin
 * H5: both pass (発現値 13), same number: no success, one storm.  Storm
 * draws: Kai draws S1 (passes), then nothing is left (deck and discard
 * empty): his highest 1; Jin draws H1: 1.  Tie, nobody can draw again: the
 * first in seat order, Kai, is the first victim; no caster has a 衣装, so
 * warriors: Kai loses min(HP 5, 2 field cards) = 2 → HP 3, the 2 cards are
 * discarded, the field is empty: the storm ends.  Both hands are empty:
 * both give up; step 9: no advantage, no damage.  Battle 2: both pass (no
 * card in hand): nothing was played, so nothing matches — no second storm
 * (the engine once kept battle 1's match flag and stormed again).  Result:
 * storms 1, Kai HP 3, Jin HP 10, nobody defeated, no damage: a draw. */
static void ms_storm_needs_this_round(void **state)
{
	ms_scenario s;
	tp t[] = {
		WARRIOR(.name = "Kai", .side = 0, .thr = 13, .hp = 5,
		        .deck = "S5 S1", .policy = "default"),
		WARRIOR(.name = "Jin", .side = 1, .thr = 13, .hp = 10,
		        .deck = "H5 H1", .policy = "default"),
	};
	(void)state;
	build(&s, t, 2);
	s.hand_size = 1;
	s.battles = 2;
	s.rounds_per_battle = 3;
	play(&s, 0);
	assert_int_equal(res.storms, 1);
	assert_int_equal(res.winner, -1);
	assert_int_equal(res.battles, 2);
	assert_int_equal(st(0).hp, 3);
	assert_int_equal(st(1).hp, 10);
}

/* MS-END-2 MS-END-3 the early end at step 6: warrior 0 (HP 1, 発現値 1)
 * plays D9: fails, HP 1 > 0, defeated; side A has no warrior left: the
 * duel ends at once (no advantage, no step 9).  B defeated 1: B wins. */
static void ms_end_early(void **state)
{
	ms_scenario s;
	tp t[] = {
		WARRIOR(.name = "a", .side = 0, .thr = 1, .hp = 1, .deck = "D9",
		        .script = "h0"),
		WARRIOR(.name = "b", .side = 1, .thr = 7, .hp = 3, .deck = "H2",
		        .script = "h0"),
	};
	(void)state;
	build(&s, t, 2);
	s.hand_size = 1;
	s.battles = 3;
	play(&s, 0);
	assert_string_equal(trace, "B1 r1 A0=D9h: A1=H2h:ps H0:1>0 K0 END:B:6");
	assert_int_equal(res.winner, 1);
	assert_int_equal(res.defeated[1], 1);
	assert_int_equal(res.battles, 1);
	assert_int_equal(res.end, MS_END_STEP6);
	assert_string_equal(cards_str(st(0).discard, st(0).ndiscard), "D9");
}

/* MS-END-4 nobody surrenders: the step-8 question offers go on and give
 * up, nothing else (ms_duel_choices), and giving up ends no duel.  Two
 * warriors without cards (hand_size 0, empty decks) pass at step 4 and
 * give up at step 8 (the script's default) in round 1; then neither has
 * the right, so step 9 follows (MS-ATTACK-6), and the right comes back
 * for battle 2 (MS-DAMAGE-4): 2 battles × 2 warriors = 4 step-8
 * questions, then the duel ends because its battles ran out
 * (MS_END_BATTLES), HP untouched (10: no advantage, 0 damage at each
 * step 9), a draw. */
static void ms_no_surrender(void **state)
{
	ms_scenario s;
	ms_duel_opts o = MS_DUEL_OPTS_INIT;
	ms_ask ask;
	ms_choice ch[4];
	int asked = 0;
	tp t[] = {
		WARRIOR(.name = "a", .side = 0, .hp = 10),
		WARRIOR(.name = "b", .side = 1, .hp = 10),
	};
	(void)state;
	build(&s, t, 2);
	s.hand_size = 0;
	s.battles = 2;
	s.rounds_per_battle = 2;
	o.policies = test_policies;
	o.npolicies = 1;
	ms_duel_free(duel);
	duel = NULL;
	assert_int_equal(ms_duel_new(&duel, &s, &o), 0);
	for (;;) {
		assert_int_equal(ms_duel_next(&ask, duel), 0);
		if (ask.kind == MS_ASK_OVER)
			break;
		if (ask.kind == MS_ASK_GO_ON) {
			asked++;
			assert_int_equal(ms_duel_choices(ch, 4, duel, &ask), 2);
			assert_int_equal(ch[0].kind, MS_CHOICE_GO_ON);
			assert_int_equal(ch[1].kind, MS_CHOICE_GIVE_UP);
			assert_int_equal(ms_duel_act(duel, &ch[1]), 0);
		} else {
			ch[0].kind = MS_CHOICE_PASS;
			ch[0].index = 0;
			assert_int_equal(ms_duel_act(duel, &ch[0]), 0);
		}
	}
	assert_int_equal(asked, 4);
	ms_duel_result(&res, duel);
	assert_true(res.over);
	assert_int_equal(res.end, MS_END_BATTLES);
	assert_int_equal(res.battles, 2);
	assert_int_equal(res.winner, -1);
	assert_int_equal(st(0).hp, 10);
	assert_int_equal(st(1).hp, 10);
}

/* MS-DAMAGE-3 MS-DAMAGE-4 MS-END-1 two battles: rights come back.  A warriors (13)
 * play S6 and H6 (default), B warriors (1) have nothing that passes: pass.
 * A +1 +1 = 2 each battle; A gives up (2 > 0), B gives up (nothing
 * passes).  Step 9: A deals 2 to 2 (10 > 8, then 8 > 6), B deals 0.  A wins
 * by damage 4 : 0. */
static void ms_two_battles(void **state)
{
	ms_scenario s;
	tp t[] = {
		WARRIOR(.name = "a1", .side = 0, .thr = 13, .hp = 10, .deck = "S5 S6",
		        .policy = "default"),
		WARRIOR(.name = "a2", .side = 0, .thr = 13, .hp = 10, .deck = "H5 H6",
		        .policy = "default"),
		WARRIOR(.name = "b1", .side = 1, .thr = 1, .hp = 10, .deck = "D5 D6",
		        .policy = "default"),
		WARRIOR(.name = "b2", .side = 1, .thr = 1, .hp = 2, .deck = "C5 C6",
		        .policy = "default"),
	};
	(void)state;
	build(&s, t, 4);
	s.hand_size = 2;
	s.battles = 2;
	play(&s, 0);
	assert_string_equal(trace,
		"B1 r1 P2 P3 A0=S6h:ps A1=H6h:ps VA+1=1 VA+1=2 U0 U1 U2 U3 "
		"DA>2:2=8 DB>0:0=10 / "
		"B2 r1 P2 P3 A0=S5h:ps A1=H5h:ps VA+1=1 VA+1=2 U0 U1 U2 U3 "
		"DA>2:2=6 DB>0:0=10 / END:A:10");
	assert_int_equal(res.battles, 2);
	assert_int_equal(res.damage[0], 4);
	assert_int_equal(res.winner, 0);
}

/* At each SHUFFLE event: the shuffled participant, then the top 10 cards of
 * each deck (ms_start_shuffle_reference). */
static int record_decks(void *ud, const ms_duel *d, const ms_event *e)
{
	char *out = ud;
	uint32_t i;
	size_t len = strlen(out);

	len += (size_t)snprintf(out + len, 512 - len, "%d:", (int)e->actor);
	for (i = 0; i < 2; i++) {
		ms_part_state ps;
		ms_duel_participant(&ps, d, i);
		len += (size_t)snprintf(out + len, 512 - len, " [%s]",
		                        cards_str(ps.deck, 10));
	}
	snprintf(out + len, 512 - len, "\n");
	return 0;
}

/* MS-START-1 MS-RNG-1: the start shuffle is docs/RANDOM.md's.  Seed 42, two warriors with
 * the full deck (S1…C13) and no hand.  tests/util/rng_reference.py
 * (Xoshiro256ss(42).shuffle of the 52 cards, then of a fresh 52) gives:
 *   0: C2 S2 C13 D10 D6 S4 H6 H9 C4 D12 …  1: H8 C3 S4 S1 D4 C13 D8 C7 S12 D9
 * A script that never plays keeps the decks as shuffled.  In seat order:
 * a callback of the SHUFFLE (or the HAND) events sees deck 1 as dealt
 * (S1…) at participant 0's event (start shuffles all decks first only when
 * nobody sees it). */
static void ms_start_shuffle_reference(void **state)
{
	char seen[512];
	int k;
	ms_scenario s;
	ms_duel_opts o = MS_DUEL_OPTS_INIT;
	ms_ask ask;
	tp t[] = {
		WARRIOR(.name = "a", .side = 0),
		WARRIOR(.name = "b", .side = 1),
	};
	(void)state;
	build(&s, t, 2);
	s.shuffle = 1;
	o.seed = 42;
	o.policies = test_policies;
	o.npolicies = 1;
	ms_duel_free(duel);
	assert_int_equal(ms_duel_new(&duel, &s, &o), 0);
	assert_int_equal(ms_duel_next(&ask, duel), 0);
	assert_int_equal(ask.kind, MS_ASK_ATTACK);
	assert_string_equal(cards_str(st(0).deck, 10),
	                    "C2 S2 C13 D10 D6 S4 H6 H9 C4 D12");
	assert_string_equal(cards_str(st(1).deck, 10),
	                    "H8 C3 S4 S1 D4 C13 D8 C7 S12 D9");
	o.on_event = record_decks;
	o.event_ud = seen;
	for (k = 0; k < 2; k++) {
		seen[0] = '\0';
		o.event_mask = MS_EV_BIT(k ? MS_EV_HAND : MS_EV_SHUFFLE);
		ms_duel_free(duel);
		assert_int_equal(ms_duel_new(&duel, &s, &o), 0);
		assert_int_equal(ms_duel_next(&ask, duel), 0);
		assert_string_equal(seen,
			"0: [C2 S2 C13 D10 D6 S4 H6 H9 C4 D12] "
			"[S1 S2 S3 S4 S5 S6 S7 S8 S9 S10]\n"
			"1: [C2 S2 C13 D10 D6 S4 H6 H9 C4 D12] "
			"[H8 C3 S4 S1 D4 C13 D8 C7 S12 D9]\n");
	}
}

/* MS-LOG-1 MS-LOG-2 MS-LOG-3 the logs of ms_attack_point's duel: JSON (the whole line) and the English
 * text.  Seed 0 (shuffle off: the seed is only recorded). */
static void ms_render_logs(void **state)
{
	ms_scenario s;
	ms_log log = MS_LOG_INIT;
	ut_buf b = UT_BUF_INIT;
	tp t[] = {
		CASTER(.name = "c", .side = 0, .thr = 7, .mp = 1, .outfits = {1},
		       .nout = 1, .deck = "H7 C1", .policy = "default"),
		WARRIOR(.name = "a", .side = 0, .thr = 7, .deck = "S2",
		        .policy = "default"),
		WARRIOR(.name = "b", .side = 1, .thr = 7, .hp = 3, .deck = "D3",
		        .policy = "default"),
	};
	(void)state;
	build(&s, t, 3);
	s.hand_size = 1;
	glog = &log;
	play(&s, 0);
	glog = NULL;
	assert_int_equal(ms_render_json(&b, duel, &log), 0);
	assert_string_equal(b.ptr,
		"{\"rng\":\"xoshiro256ss-1\",\"seed\":\"0\",\"winner\":\"A\",\"battles\""
		":1,\"sides\":[{\"side\":\"A\",\"defeated\":0,\"damage\":1},{\"side\":\""
		"B\",\"defeated\":0,\"damage\":0}],\"participants\":[{\"name\":\"c\",\""
		"side\":\"A\",\"role\":\"caster\",\"hp\":null,\"mp\":1,\"outfits\":[1]}"
		",{\"name\":\"a\",\"side\":\"A\",\"role\":\"warrior\",\"hp\":5,\"mp\":n"
		"ull,\"outfits\":[]},{\"name\":\"b\",\"side\":\"B\",\"role\":\"warrior\""
		",\"hp\":2,\"mp\":null,\"outfits\":[]}],\"storms\":0,\"happenings\":0,\""
		"events\":[{\"type\":\"hand\",\"battle\":0,\"round\":0,\"who\":\"c\",\""
		"cards\":1},{\"type\":\"hand\",\"battle\":0,\"round\":0,\"who\":\"a\",\""
		"cards\":1},{\"type\":\"hand\",\"battle\":0,\"round\":0,\"who\":\"b\",\""
		"cards\":1},{\"type\":\"battle\",\"battle\":1,\"round\":0},{\"type\":\""
		"round\",\"battle\":1,\"round\":1},{\"type\":\"enchant\",\"battle\":1,\""
		"round\":1,\"who\":\"c\",\"card\":\"H7\",\"from\":\"hand\",\"passes\":t"
		"rue,\"same\":false,\"held\":true},{\"type\":\"attack\",\"battle\":1,\""
		"round\":1,\"who\":\"a\",\"target\":\"b\",\"card\":\"H7\",\"from\":\"fi"
		"eld\",\"passes\":true,\"match\":false,\"success\":true,\"pointed\":0},"
		"{\"type\":\"attack\",\"battle\":1,\"round\":1,\"who\":\"b\",\"target\""
		":\"a\",\"card\":\"D3\",\"from\":\"hand\",\"passes\":true,\"match\":fal"
		"se,\"success\":true,\"pointed\":null},{\"type\":\"discard\",\"battle\""
		":1,\"round\":1,\"who\":\"b\",\"card\":\"D3\"},{\"type\":\"advantage\","
		"\"battle\":1,\"round\":1,\"side\":\"A\",\"gain\":1,\"total\":1,\"pair\""
		":0,\"reason\":1},{\"type\":\"give_up\",\"battle\":1,\"round\":1,\"who\""
		":\"a\"},{\"type\":\"give_up\",\"battle\":1,\"round\":1,\"who\":\"b\"},"
		"{\"type\":\"damage\",\"battle\":1,\"round\":1,\"side\":\"A\",\"target\""
		":\"b\",\"damage\":1,\"hp_before\":3,\"hp\":2},{\"type\":\"damage\",\"b"
		"attle\":1,\"round\":1,\"side\":\"B\",\"target\":\"a\",\"damage\":0,\"h"
		"p_before\":5,\"hp\":5},{\"type\":\"battle_end\",\"battle\":1,\"round\""
		":1},{\"type\":\"end\",\"battle\":1,\"round\":1,\"winner\":\"A\",\"step"
		"\":10}]}\n");
	ut_buf_clear(&b);
	assert_int_equal(ms_render_text(&b, duel, &log, MS_LANG_EN), 0);
	assert_string_equal(b.ptr,
		"Key: the number that starts a line is the battle step (rulings D3, the rule text's steps 1)-9))\n"
		"  1) enchant set-up 2) enchant check 3) enchant damage check\n"
		"  4) attack set-up 5) attack check 6) attack damage check\n"
		"  7) advantage check 8) next round check 9) last damage check\n"
		"  no number: the start of the duel (D2) and headings; indented: goes on from the\n"
		"  line above (a happening's cards, a mana storm)\n"
		"c draws 1 card to the hand\n"
		"a draws 1 card to the hand\n"
		"b draws 1 card to the hand\n"
		"== Battle 1 ==\n"
		"-- Round 1 --\n"
		"2) c: ♥7 (hand) passes (7 ≤ threshold 7), no same number → held (stays on the field)\n"
		"5) a: ♥7 (points to field card 1) passes (7 ≤ threshold 7) → attack succeeds\n"
		"5) b: ♦3 (hand) passes (3 ≤ threshold 7) → attack succeeds\n"
		"6) b discards ♦3\n"
		"7) side A: advantage +1 (total 1) — both succeeded, the higher value: a ♥7 = 7 > b ♦3 = 3\n"
		"8) a gives up the attack right\n"
		"8) b gives up the attack right\n"
		"9) side A deals 1 damage to b (HP 3 → 2)\n"
		"9) side B deals 0 damage to a (HP 5 → 5)\n"
		"9) advantages 0, attack rights back, the field to the decks' bottoms\n"
		"== Result ==\n"
		"winner: side A\n"
		"battles: 1, ended: all battles played\n"
		"side A: warriors it defeated 0, damage it dealt 1\n"
		"side B: warriors it defeated 0, damage it dealt 0\n"
		"mana storms 0, happenings 0\n"
		"c (A, caster): MP 1, outfits [1]\n"
		"a (A, warrior): HP 5\n"
		"b (B, warrior): HP 2\n");
	ut_buf_clear(&b);
	assert_int_equal(ms_render_text(&b, duel, &log, MS_LANG_JA), 0);
	assert_string_equal(b.ptr,
		"凡例: 行頭の番号はバトルの手順（ルールD3、原案の1)〜9)）\n"
		"  1) エンチャントセットアップ 2) エンチャントチェック 3) エンチャントダメージチェック\n"
		"  4) アタックセットアップ 5) アタックチェック 6) アタックダメージチェック\n"
		"  7) アドバンテージチェック 8) ネクストラウンドチェック 9) ラストダメージチェック\n"
		"  番号なし: 決闘の始め（D2）と見出し。字下げ: 上の行の続き（ハプニングの場札、マナ・ストーム）\n"
		"c: 手札1枚を引く\n"
		"a: 手札1枚を引く\n"
		"b: 手札1枚を引く\n"
		"== バトル1 ==\n"
		"-- ラウンド1 --\n"
		"2) c: ♥7（手札）通る（7 ≤ 発現値7）、同じ数はない → 発動（場に残る）\n"
		"5) a: ♥7（場札1を指す）通る（7 ≤ 発現値7） → アタック成功\n"
		"5) b: ♦3（手札）通る（3 ≤ 発現値7） → アタック成功\n"
		"6) b: ♦3を捨て札に\n"
		"7) 陣営A: アドバンテージ +1（計1）— 両者成功、値が高い: a ♥7 = 7 > b ♦3 = 3\n"
		"8) a: アタック権を放棄\n"
		"8) b: アタック権を放棄\n"
		"9) 陣営A: bに1ダメージ（HP 3 → 2）\n"
		"9) 陣営B: aに0ダメージ（HP 5 → 5）\n"
		"9) アドバンテージ0、アタック権が戻る、場札を山札の下へ\n"
		"== 結果 ==\n"
		"勝者: 陣営A\n"
		"バトル1回、終了: バトル数に達した\n"
		"陣営A: 倒した数 0、ダメージ 1\n"
		"陣営B: 倒した数 0、ダメージ 0\n"
		"マナ・ストーム 0回、ハプニング 0回\n"
		"c（A・魔法術師）: MP 1、衣装 [1]\n"
		"a（A・魔法戦士）: HP 5\n"
		"b（B・魔法戦士）: HP 2\n");
	ut_buf_free(&b);
	ms_log_free(&log);
}

/* The duel of ms_reshuffle_seeded and ms_log_hands (derived at
 * ms_reshuffle_seeded, below). */
static void build_reshuffle(ms_scenario *s)
{
	tp t[] = {
		WARRIOR(.name = "a", .side = 0, .thr = 13, .hp = 10,
		        .deck = "S1 S2 S3", .policy = "greedy"),
		WARRIOR(.name = "b", .side = 1, .thr = 13, .hp = 10,
		        .deck = "H1 H2 H3", .policy = "greedy"),
	};
	build(s, t, 2); /* copies t */
	s->shuffle = 1;
	s->storm_match = MS_MATCH_CARD;
	s->rounds_per_battle = 5;
}

/* MS-START-2 MS-RNG-1 the discard pile shuffled into an empty deck (D7.1)
 * with shuffle on, seed 5.  Greedy warriors (13) with decks S1 S2 S3 and
 * H1 H2 H3, storm_match card (no storms).  tests/util/rng_reference.py,
 * Xoshiro256ss(5): shuffle [S1,S2,S3] → S3 S2 S1; [H1,H2,H3] → H1 H3 H2;
 * then (round 4) the discard pile S3 S2 S1 → S3 S1 S2, and H1 H3 H2 →
 * H1 H2 H3.  So rounds 1–3 play S3/H1, S2/H3, S1/H2; round 4 reshuffles
 * at set-up (both, before the reveal) and plays S3/H1; round 5 S1/H2.  Each pair succeeds; advantages: 3 > 1
 * A, 2 < 3 B, 1 < 2 B, 3 > 1 A, 1 < 2 B: A 2, B 3.  Step 9: B deals 3, A
 * 2 / 2 = 1. */
static void ms_reshuffle_seeded(void **state)
{
	ms_scenario s;
	(void)state;
	build_reshuffle(&s);
	play(&s, 5);
	assert_string_equal(trace,
		"~0 ~1 B1 r1 A0=S3d:ps A1=H1d:ps VA+1=1 G0 G1 "
		"r2 A0=S2d:ps A1=H3d:ps VB+1=1 G0 G1 "
		"r3 A0=S1d:ps A1=H2d:ps VB+1=2 G0 G1 "
		"r4 ~~0:3 ~~1:3 A0=S3d:ps A1=H1d:ps VA+1=2 G0 G1 "
		"r5 A0=S1d:ps A1=H2d:ps VB+1=3 G0 G1 "
		"DA>1:1=9 DB>0:3=7 / ~0 ~1 END:B:10");
}

/* MS-LOG-4 ms_reshuffle_seeded's duel kept with hands: the decks derived
 * by hand there after the start's shuffles (S3 S2 S1, H1 H3 H2) and the
 * reshuffles of round 4 (S3 S1 S2, H1 H2 H3), then after step 9's the one
 * card each has not played (S2, H3); the hands, empty (hand_size 0); the
 * same events as without hands, and no cards in a log kept without. */
static void ms_log_hands(void **state)
{
	ms_scenario s;
	ms_log log = MS_LOG_INIT, plain = MS_LOG_INIT;
	ut_buf b = UT_BUF_INIT;
	static char before[sizeof(trace)];
	char seen[256];
	size_t i, n, len = 0;
	const ms_card *c;
	(void)state;
	build_reshuffle(&s);
	glog = &plain;
	play(&s, 5);
	strcpy(before, trace);
	log.hands = 1;
	glog = &log;
	play(&s, 5);
	glog = NULL;
	assert_string_equal(trace, before);
	assert_int_equal(log.n, plain.n);
	seen[0] = '\0';
	for (i = 0; i < log.n; i++) {
		const ms_event *e = &log.ev[i];
		assert_null(ms_log_cards(&plain, i, &n));
		assert_int_equal(n, 0);
		assert_memory_equal(e, &plain.ev[i], sizeof(*e));
		if (!(c = ms_log_cards(&log, i, &n)))
			continue;
		len += (size_t)snprintf(seen + len, sizeof(seen) - len, "%s%d[%s] ",
		                        e->kind == MS_EV_SHUFFLE ? "~"
		                        : e->kind == MS_EV_RESHUFFLE ? "~~" : "h",
		                        e->actor, cards_str(c, n));
	}
	assert_string_equal(seen, "~0[S3 S2 S1] h0[] ~1[H1 H3 H2] h1[] "
	                          "~~0[S3 S1 S2] ~~1[H1 H2 H3] ~0[S2] ~1[H3] ");
	assert_int_equal(ms_render_text(&b, duel, &log, MS_LANG_EN), 0);
	assert_non_null(strstr(b.ptr, "a shuffles the deck (3 cards)\n"
	                              "   deck (top first): ♠3 ♠2 ♠1\n"
	                              "a draws 0 cards to the hand\n"
	                              "   hand: (none)\n"));
	assert_non_null(strstr(b.ptr, "4) b: the deck is empty — the discard "
	                              "pile (3 cards) becomes the deck\n"
	                              "   deck (top first): ♥1 ♥2 ♥3\n"));
	ut_buf_clear(&b);
	assert_int_equal(ms_render_json(&b, duel, &log), 0);
	assert_non_null(strstr(b.ptr, "{\"type\":\"shuffle\",\"battle\":0,"
	                              "\"round\":0,\"who\":\"a\",\"step\":0,"
	                              "\"cards\":3,\"deck\":[\"S3\",\"S2\",\"S1\"]},"
	                              "{\"type\":\"hand\",\"battle\":0,\"round\":0,"
	                              "\"who\":\"a\",\"cards\":0,\"hand\":[]}"));
	ut_buf_free(&b);
	ms_log_free(&log);
	ms_log_free(&plain);
}

static int stop_at_round(void *ud, const ms_duel *d, const ms_event *e)
{
	(void)ud; (void)d;
	return e->kind == MS_EV_ROUND;
}

/* The options' version is checked; a callback that returns non-zero stops
 * the duel with MS_ERROR, and the duel keeps failing. */
static void ms_opts_and_callback_stop(void **state)
{
	ms_scenario s;
	ms_duel_opts o = MS_DUEL_OPTS_INIT;
	ms_ask ask;
	tp t[] = {
		WARRIOR(.name = "a", .side = 0, .policy = "default"),
		WARRIOR(.name = "b", .side = 1, .policy = "default"),
	};
	(void)state;
	build(&s, t, 2);
	ms_duel_free(duel);
	duel = NULL;
	o.version = 99;
	assert_int_equal(ms_duel_new(&duel, &s, &o), MS_EINVALID);
	o.version = MS_DUEL_OPTS_VERSION;
	o.on_event = stop_at_round;
	assert_int_equal(ms_duel_new(&duel, &s, &o), 0);
	assert_int_equal(ms_duel_next(&ask, duel), MS_ERROR);
	assert_int_equal(ms_duel_next(&ask, duel), MS_ERROR);
	assert_int_equal(ms_duel_run(&res, duel), MS_ERROR);
	assert_false(res.over);
}

static int count_event(void *ud, const ms_duel *d, const ms_event *e)
{
	(void)d; (void)e;
	++*(uint64_t *)ud;
	return 0;
}

/* MS-BUDGET-1: every event counts against opts.max_events, with or
 * without a callback.  Two default warriors with empty hands (hand_size
 * 0), one battle, no shuffle: hand ×2, battle, round, pass ×2 (the
 * default warrior never plays from the deck), give up ×2 (nothing to
 * play), damage ×2 (0 each, step 9), battle_end, end: 12 events.  A
 * budget of 12 plays it to the end; 11 stops it before the end event
 * with MS_ELIMIT, the budget, battle and round named, 11 events delivered,
 * and the duel keeps failing; without a callback it stops at the same
 * event; 0 is refused. */
static void ms_budget_events(void **state)
{
	ms_scenario s;
	ms_duel_opts o = MS_DUEL_OPTS_INIT;
	ms_ask ask;
	uint64_t n = 0;
	tp t[] = {
		WARRIOR(.name = "a", .side = 0, .policy = "default"),
		WARRIOR(.name = "b", .side = 1, .policy = "default"),
	};
	(void)state;
	build(&s, t, 2);
	ms_duel_free(duel);
	duel = NULL;
	assert_int_equal(o.max_events, MS_DUEL_MAX_EVENTS_DEFAULT);
	o.on_event = count_event;
	o.event_ud = &n;
	o.max_events = 12;
	assert_int_equal(ms_duel_new(&duel, &s, &o), 0);
	assert_int_equal(ms_duel_run(&res, duel), 0);
	assert_true(res.over);
	assert_int_equal(n, 12);
	assert_int_equal(ms_duel_events(duel), 12);
	ms_duel_free(duel);

	n = 0;
	o.max_events = 11;
	assert_int_equal(ms_duel_new(&duel, &s, &o), 0);
	assert_int_equal(ms_duel_run(&res, duel), MS_ELIMIT);
	assert_string_equal(ms_error_last(), "the duel reached its limit of 11 "
	                    "events (battle 1, round 1)");
	assert_false(res.over);
	assert_int_equal(n, 11);
	assert_int_equal(ms_duel_next(&ask, duel), MS_ELIMIT);
	ms_duel_free(duel);

	o.on_event = NULL;
	assert_int_equal(ms_duel_new(&duel, &s, &o), 0);
	assert_int_equal(ms_duel_run(&res, duel), MS_ELIMIT);
	assert_int_equal(ms_duel_events(duel), 11);
	/* a restart starts the count again */
	ms_duel_restart(duel, 0);
	assert_int_equal(ms_duel_events(duel), 0);
	ms_duel_free(duel);
	duel = NULL;

	/* 1: the first hand (battle 0, D2) spends it; there is no battle 0
	 * to name, and 1 event is "1 event" (designer review 2026-12-06:
	 * play --format json's "error" said "1 events (battle 0, round 0)") */
	o.max_events = 1;
	assert_int_equal(ms_duel_new(&duel, &s, &o), 0);
	assert_int_equal(ms_duel_run(&res, duel), MS_ELIMIT);
	assert_string_equal(ms_error_last(), "the duel reached its limit of 1 "
	                    "event before the first battle");
	assert_int_equal(ms_duel_events(duel), 1);
	ms_duel_free(duel);
	duel = NULL;

	o.max_events = 0;
	assert_int_equal(ms_duel_new(&duel, &s, &o), MS_EINVALID);
}

/* MS-POLICY-6: an unknown policy names the participant; an illegal choice
 * is refused and changes nothing. */
static void ms_policy_unknown_and_illegal(void **state)
{
	ms_scenario s;
	ms_duel_opts o = MS_DUEL_OPTS_INIT;
	ms_ask ask;
	ms_choice ch = {MS_CHOICE_POINT, 0};
	tp t[] = {
		WARRIOR(.name = "a", .side = 0, .deck = "S1"),
		WARRIOR(.name = "b", .side = 1, .policy = "nosuch"),
	};
	(void)state;
	build(&s, t, 2);
	ms_duel_free(duel);
	duel = NULL;
	o.policies = test_policies;
	o.npolicies = 1;
	assert_int_equal(ms_duel_new(&duel, &s, &o), MS_EINVALID);
	assert_string_equal(ms_error_last(), "b: unknown policy \"nosuch\"");
	parts[1].policy = "default";
	assert_int_equal(ms_duel_new(&duel, &s, &o), 0);
	assert_int_equal(ms_duel_next(&ask, duel), 0);
	assert_int_equal(ask.actor, 0);
	assert_int_equal(ms_duel_act(duel, &ch), MS_EINVALID);
	ch.kind = MS_CHOICE_HAND;
	assert_int_equal(ms_duel_act(duel, &ch), MS_EINVALID);
	assert_int_equal(ms_duel_choices(NULL, 0, duel,
		&ask), 2); /* deck, pass */
	ch.kind = MS_CHOICE_DECK;
	assert_int_equal(ms_duel_act(duel, &ch), 0);
	assert_int_equal(st(0).ndeck, 0);
}

/* MS-POLICY-5 MS-RNG-1 property: random scenarios (2–6 seats, random roles, numbers,
 * full decks shuffled, policies default/greedy/random) end without error,
 * and the same seed gives the same duel (trace and result) twice; their
 * logs render (JSON, ja, en) without error. */
static void ms_property_random(void **state)
{
	static const char *pols[] = {"default", "greedy", "random"};
	ut_rng g;
	int iter;
	(void)state;
	ut_rng_seed(&g, 7);
	for (iter = 0; iter < 300; iter++) {
		ms_scenario s;
		tp t[6];
		size_t n = 2 + (size_t)ut_rng_uniform(&g, 5), i;
		char first[16384];
		ms_result r1;
		static char names[6][24];
		for (i = 0; i < n; i++) {
			int warrior = i < 2 || ut_rng_uniform(&g, 2);
			snprintf(names[i], sizeof(names[i]), "p%zu", i);
			memset(&t[i], 0, sizeof(t[i]));
			t[i].name = names[i];
			t[i].side = i < 2 ? (int)i : (int)ut_rng_uniform(&g, 2);
			t[i].role = warrior ? MS_ROLE_WARRIOR : MS_ROLE_CASTER;
			t[i].thr = (int64_t)ut_rng_uniform(&g, 14);
			t[i].suit = (int)ut_rng_uniform(&g, 5) - 1;
			t[i].mp = (int64_t)ut_rng_uniform(&g, 4);
			t[i].nout = 1 + (size_t)ut_rng_uniform(&g, 3);
			t[i].outfits[0] = 1 + (int64_t)ut_rng_uniform(&g, 4);
			t[i].outfits[1] = 1 + (int64_t)ut_rng_uniform(&g, 4);
			t[i].outfits[2] = 1 + (int64_t)ut_rng_uniform(&g, 4);
			t[i].hp = 1 + (int64_t)ut_rng_uniform(&g, 12);
			t[i].policy = pols[ut_rng_uniform(&g, 3)];
		}
		build(&s, t, n);
		s.shuffle = 1;
		s.hand_size = (int64_t)ut_rng_uniform(&g, 6);
		s.battles = 1 + (int64_t)ut_rng_uniform(&g, 3);
		s.storm_match = (ms_storm_match)ut_rng_uniform(&g, 2);
		{
			ms_log log = MS_LOG_INIT;
			ut_buf b = UT_BUF_INIT;
			glog = &log;
			play(&s, (uint64_t)iter);
			glog = NULL;
			assert_int_equal(ms_render_json(&b, duel, &log), 0);
			assert_int_equal(ms_render_text(&b, duel, &log, MS_LANG_JA), 0);
			assert_int_equal(ms_render_text(&b, duel, &log, MS_LANG_EN), 0);
			ut_buf_free(&b);
			ms_log_free(&log);
		}
		memcpy(first, trace, tlen + 1);
		r1 = res;
		play(&s, (uint64_t)iter);
		assert_string_equal(first, trace);
		assert_memory_equal(&r1, &res, sizeof(res));
		assert_true(res.battles >= 1 && res.battles <= s.battles);
	}
}


/* Events of the kinds in `mask` (of 64 recorded, in order). */
typedef struct kinds {
	uint64_t mask;
	int kind[4096];
	int64_t value[4096];
	size_t n;
} kinds;

static int record_kinds(void *ud, const ms_duel *d, const ms_event *e)
{
	kinds *k = ud;
	(void)d;
	assert_true((k->mask >> e->kind) & 1);
	assert_true(k->n < 4096);
	k->kind[k->n] = e->kind;
	k->value[k->n++] = e->value;
	return 0;
}

/* ms_duel_opts.event_mask: the callback gets exactly the kinds asked for,
 * as they come among all events, and the budget counts every event. */
static void ms_event_mask(void **state)
{
	static kinds all, some, filtered;
	ms_duel_opts o = MS_DUEL_OPTS_INIT;
	ms_scenario s;
	tp t[4];
	size_t i;
	uint64_t seed, nall, nsome, storms = 0;
	(void)state;
	t[0] = CASTER(.name = "c0", .side = 0, .thr = 7, .mp = 1, .outfits = {3, 2}, .nout = 2, .policy = "default");
	t[1] = WARRIOR(.name = "w0", .side = 0, .thr = 7, .hp = 10, .policy = "default");
	t[2] = CASTER(.name = "c1", .side = 1, .thr = 7, .mp = 1, .outfits = {3, 2}, .nout = 2, .policy = "default");
	t[3] = WARRIOR(.name = "w1", .side = 1, .thr = 7, .hp = 10, .policy = "default");
	build(&s, t, 4);
	s.shuffle = 1;
	s.battles = 3;
	s.hand_size = 5;
	for (seed = 0; seed < 40; seed++) {
		memset(&all, 0, sizeof(all));
		memset(&some, 0, sizeof(some));
		all.mask = MS_EV_ALL;
		some.mask = MS_EV_BIT(MS_EV_STORM) | MS_EV_BIT(MS_EV_STORM_END) |
		            MS_EV_BIT(MS_EV_OUTFIT) | MS_EV_BIT(MS_EV_HP);
		o.seed = seed;
		o.on_event = record_kinds;
		o.event_ud = &all;
		ms_duel_free(duel);
		duel = NULL;
		assert_int_equal(ms_duel_new(&duel, &s, &o), 0);
		assert_int_equal(ms_duel_run(&res, duel), 0);
		nall = ms_duel_events(duel);
		assert_int_equal(nall, all.n);
		o.event_ud = &some;
		o.event_mask = some.mask;
		ms_duel_free(duel);
		duel = NULL;
		assert_int_equal(ms_duel_new(&duel, &s, &o), 0);
		assert_int_equal(ms_duel_run(&res, duel), 0);
		nsome = ms_duel_events(duel);
		assert_int_equal(nsome, nall);
		o.event_mask = MS_EV_ALL;
		memset(&filtered, 0, sizeof(filtered));
		for (i = 0; i < all.n; i++)
			if ((some.mask >> all.kind[i]) & 1) {
				filtered.kind[filtered.n] = all.kind[i];
				filtered.value[filtered.n++] = all.value[i];
			}
		assert_int_equal(filtered.n, some.n);
		for (i = 0; i < some.n; i++)
			storms += some.kind[i] == MS_EV_STORM;
		assert_memory_equal(filtered.kind, some.kind, some.n * sizeof(int));
		assert_memory_equal(filtered.value, some.value,
		                    some.n * sizeof(int64_t));
	}
	assert_true(storms > 0);
}

/* ---- the fused policies against the step API --------------------------- */

typedef struct digest {
	uint64_t h, events; /* the events and the state at each */
	uint64_t fin, nev;  /* the final state; ms_duel_events */
	uint64_t rng;       /* the borrowed generator at the end */
} digest;

static void mix(digest *g, int64_t v)
{
	size_t k;
	for (k = 0; k < 8; k++) {
		g->h ^= (uint64_t)(v >> (8 * k)) & 0xff;
		g->h *= UINT64_C(0x100000001b3);
	}
}

static void mix_cards(digest *g, const ms_card *c, size_t n)
{
	size_t k;
	mix(g, (int64_t)n);
	for (k = 0; k < n; k++)
		mix(g, c[k].suit * 16 + c[k].number);
}

/* Everything ms_duel_participant, ms_duel_field and ms_duel_advantage show. */
static void mix_state(digest *g, const ms_duel *d)
{
	size_t i, k, nf;
	const ms_field_card *f = ms_duel_field(d, &nf);
	for (i = 0; i < ms_duel_scenario(d)->nparticipants; i++) {
		ms_part_state ps;
		ms_duel_participant(&ps, d, (uint32_t)i);
		mix(g, ps.hp);
		mix(g, ps.mp);
		mix(g, (int64_t)ps.noutfits);
		for (k = 0; k < ps.noutfits; k++)
			mix(g, ps.outfits[k]);
		mix_cards(g, ps.hand, ps.nhand);
		mix_cards(g, ps.deck, ps.ndeck);
		mix_cards(g, ps.discard, ps.ndiscard);
		mix(g, ps.right);
		mix(g, ps.advantage_side);
	}
	mix(g, (int64_t)nf);
	for (k = 0; k < nf; k++) {
		mix_cards(g, &f[k].card, 1);
		mix(g, f[k].owner);
		mix(g, f[k].enchant);
	}
	mix(g, ms_duel_advantage(d, 0));
	mix(g, ms_duel_advantage(d, 1));
}

/* The kinds digest_event takes in (the others it ignores: the step API's
 * reference run asks for every kind, so that nothing quiet is left in it). */
static uint64_t digest_mask = MS_EV_ALL;

/* Every field of every event, the events counted so far, and the whole
 * state as the event sees it. */
static int digest_event(void *ud, const ms_duel *d, const ms_event *e)
{
	digest *g = ud;
	if (!((digest_mask >> e->kind) & 1))
		return 0;
	mix(g, (int64_t)ms_duel_events(d));
	mix(g, e->kind);
	mix(g, e->battle);
	mix(g, e->round);
	mix(g, e->actor);
	mix(g, e->target);
	mix(g, e->side);
	mix_cards(g, &e->card, 1);
	mix(g, e->source);
	mix(g, e->flags);
	mix(g, e->index);
	mix(g, e->value);
	mix(g, e->value2);
	mix(g, e->count);
	mix_state(g, d);
	g->events++;
	return 0;
}

/* The kinds way 0 of play_way and of play_cut asks for, and digest_mask,
 * in a test of a narrow mask (way 1, the reference, asks for all). */
static uint64_t way_mask = MS_EV_ALL;

/* Narrow masks as a front end asks for them (playtest's first): the fused
 * run's quiet steps deliver the few kinds wanted where the step API does. */
static const uint64_t narrow_masks[] = {
	MS_EV_BIT(MS_EV_STORM) | MS_EV_BIT(MS_EV_STORM_END) |
		MS_EV_BIT(MS_EV_OUTFIT) | MS_EV_BIT(MS_EV_HP),
	MS_EV_BIT(MS_EV_HP),
	MS_EV_BIT(MS_EV_OUTFIT) | MS_EV_BIT(MS_EV_MP),
	MS_EV_BIT(MS_EV_END) | MS_EV_BIT(MS_EV_ROUND),
	MS_EV_BIT(MS_EV_GO_ON) | MS_EV_BIT(MS_EV_PASS) | MS_EV_BIT(MS_EV_HP),
	/* quiet rounds, step 9 not quiet (last_damage, not quiet_damage) */
	MS_EV_BIT(MS_EV_DAMAGE) | MS_EV_BIT(MS_EV_BATTLE) | MS_EV_BIT(MS_EV_HP),
	MS_EV_BIT(MS_EV_SHUFFLE),
};
#define NNARROW (sizeof(narrow_masks) / sizeof(narrow_masks[0]))

/* 0: ms_duel_run (the fused policies) with the digest as callback; 1: the
 * step API with policy.c's functions (ms_duel_policy(…)->choose) and the
 * digest; both with a borrowed generator seeded with `seed` and the kinds
 * of way_mask.  With the
 * duel's own generator (the same numbers), so that the last shuffles may
 * wait: 2 ms_duel_run with no callback; 3 with the digest for every kind
 * but the shuffles.  *g gets the events, then the final state; *r the
 * result. */
static void play_way(digest *g, ms_result *r, const ms_scenario *s,
                     uint64_t seed, int way)
{
	ms_duel_opts o = MS_DUEL_OPTS_INIT;
	ms_duel *d;
	ms_ask ask;
	ms_choice ch;
	ut_rng rng;
	digest f;
	int rc;

	memset(g, 0, sizeof(*g));
	g->h = UINT64_C(0xcbf29ce484222325);
	ut_rng_seed(&rng, seed);
	if (way < 2)
		o.rng = &rng; /* the step API hands it to the policies */
	else
		o.seed = seed;
	if (way != 2) {
		o.on_event = digest_event;
		o.event_ud = g;
	}
	if (way == 3)
		o.event_mask = MS_EV_ALL & ~MS_EV_BIT(MS_EV_SHUFFLE);
	if (way == 0)
		o.event_mask = way_mask;
	assert_int_equal(ms_duel_new(&d, s, &o), 0);
	if (way == 1) {
		while ((rc = ms_duel_next(&ask, d)) == 0 && ask.kind != MS_ASK_OVER) {
			const ms_policy *pol = ms_duel_policy(d, ask.actor);
			memset(&ch, 0, sizeof(ch));
			assert_int_equal(pol->choose(pol->ud, d, &ask, &rng, &ch), 0);
			assert_int_equal(ms_duel_act(d, &ch), 0);
		}
		assert_int_equal(rc, 0);
		ms_duel_result(r, d);
	} else {
		assert_int_equal(ms_duel_run(r, d), 0);
	}
	assert_true(r->over);
	/* the borrowed generator before a look at a deck (which would do
	 * shuffles left waiting: only the duel's own generator may wait) */
	g->rng = rng.s[0] ^ rng.s[1] ^ rng.s[2] ^ rng.s[3];
	f.h = UINT64_C(0xcbf29ce484222325);
	mix_state(&f, d);
	g->fin = f.h;
	g->nev = ms_duel_events(d);
	ms_duel_free(d);
}

/* A generated scenario (ms_fused_equals_step's): 2–6 seats, decks full
 * or short and repeated so that discard piles are reshuffled, shuffled or
 * not, policies default/greedy (and random when iter % 5 == 0) mixed. */
static void gen_scenario(ms_scenario *s, ut_rng *g, int iter)
{
	static const char *pols[] = {"default", "greedy", "random", "default"};
	static tp t[6];
	static char names[6][24];
	size_t n = 2 + (size_t)ut_rng_uniform(g, 5), i, k;

	for (i = 0; i < n; i++) {
		int warrior = i < 2 || ut_rng_uniform(g, 2);
		snprintf(names[i], sizeof(names[i]), "p%zu", i);
		memset(&t[i], 0, sizeof(t[i]));
		t[i].name = names[i];
		t[i].side = i < 2 ? (int)i : (int)ut_rng_uniform(g, 2);
		t[i].role = warrior ? MS_ROLE_WARRIOR : MS_ROLE_CASTER;
		t[i].thr = (int64_t)ut_rng_uniform(g, 14);
		t[i].suit = (int)ut_rng_uniform(g, 5) - 1;
		t[i].mp = (int64_t)ut_rng_uniform(g, 4);
		t[i].nout = 1 + (size_t)ut_rng_uniform(g, 3);
		t[i].outfits[0] = 1 + (int64_t)ut_rng_uniform(g, 4);
		t[i].outfits[1] = 1 + (int64_t)ut_rng_uniform(g, 4);
		t[i].outfits[2] = 1 + (int64_t)ut_rng_uniform(g, 4);
		t[i].hp = 1 + (int64_t)ut_rng_uniform(g, 12);
		t[i].policy = pols[iter % 5 == 0 ? ut_rng_uniform(g, 4)
		                                 : ut_rng_uniform(g, 2) * 3];
	}
	build(s, t, n);
	for (i = 0; i < n; i++)
		if (ut_rng_uniform(g, 2)) {
			parts[i].ndeck = 1 + (size_t)ut_rng_uniform(g, 20);
			for (k = 0; k < parts[i].ndeck; k++) {
				decks[i][k].suit = (uint8_t)ut_rng_uniform(g, 4);
				decks[i][k].number = (uint8_t)(1 + ut_rng_uniform(g, 13));
			}
			parts[i].deck = decks[i];
		}
	s->shuffle = (int)(ut_rng_uniform(g, 4) != 0);
	s->hand_size = (int64_t)ut_rng_uniform(g, 7);
	s->battles = 1 + (int64_t)ut_rng_uniform(g, 4);
	s->rounds_per_battle = 1 + (int64_t)ut_rng_uniform(g, 10);
	s->storm_match = (ms_storm_match)ut_rng_uniform(g, 2);
}

/* Scenario s with seed `seed` every way (play_way 0-3): the same events,
 * states, generator and result; then with the narrow mask `narrow` (the
 * fused run's quiet steps deliver only those kinds, and the callback
 * looks at the decks in the middle of the duel) the step API and the
 * fused run the same. */
static void same_every_way(const ms_scenario *s, uint64_t seed,
                           unsigned narrow)
{
	digest d0, d1, d2, d3;
	ms_result r0, r1, r2, r3;

	play_way(&d0, &r0, s, seed, 0);
	play_way(&d1, &r1, s, seed, 1);
	play_way(&d2, &r2, s, seed, 2);
	play_way(&d3, &r3, s, seed, 3);
	assert_true(d0.events > 0);
	assert_int_equal(d0.events, d0.nev);
	assert_int_equal(d0.events, d1.events);
	assert_int_equal(d0.h, d1.h);
	assert_int_equal(d0.fin, d1.fin);
	assert_int_equal(d0.rng, d1.rng);
	assert_int_equal(d0.fin, d2.fin);
	assert_int_equal(d0.nev, d2.nev);
	assert_int_equal(d0.fin, d3.fin);
	assert_int_equal(d0.nev, d3.nev);
	assert_memory_equal(&r0, &r3, sizeof(r0));
	assert_memory_equal(&r0, &r1, sizeof(r0));
	assert_memory_equal(&r0, &r2, sizeof(r0));
	way_mask = digest_mask = narrow;
	play_way(&d0, &r0, s, seed, 0);
	play_way(&d1, &r1, s, seed, 1);
	way_mask = digest_mask = MS_EV_ALL;
	assert_int_equal(d0.events, d1.events);
	assert_int_equal(d0.h, d1.h);
	assert_int_equal(d0.fin, d1.fin);
	assert_int_equal(d0.nev, d1.nev);
	assert_int_equal(d0.rng, d1.rng);
	assert_memory_equal(&r0, &r1, sizeof(r0));
}

/* The fused built-in policies of ms_duel_run (duel.c) choose as policy.c's
 * do through the public view, and building no event without a listener
 * changes nothing, nor do the last shuffles that wait for a look at a
 * deck: over generated scenarios (gen_scenario) the ways of play_way give
 * the same events, the same state at every event, the same final state
 * and result. */
static void ms_fused_equals_step(void **state)
{
	ut_rng g;
	int iter;
	(void)state;
	ut_rng_seed(&g, 21);
	for (iter = 0; iter < 400; iter++) {
		ms_scenario s;
		gen_scenario(&s, &g, iter);
		same_every_way(&s, (uint64_t)iter, narrow_masks[iter % NNARROW]);
	}
}

/* `count` scenarios generated from `seed`, of battles + iter % spread
 * battles of 1 to 3 rounds, shuffled: the same every way
 * (same_every_way). */
static void deferred_cases(uint64_t seed, int count, int64_t battles,
                           int spread)
{
	ut_rng g;
	int iter;
	ut_rng_seed(&g, seed);
	for (iter = 0; iter < count; iter++) {
		ms_scenario s;
		gen_scenario(&s, &g, iter);
		s.battles = battles + iter % spread;
		s.rounds_per_battle = 1 + iter % 3;
		s.shuffle = 1;
		same_every_way(&s, (uint64_t)iter, narrow_masks[iter % NNARROW]);
	}
}

/* MS-DAMAGE-3: step 9's shuffles that wait until someone looks at a deck
 * (duel.c: defer_decks, undefer), also when a deck holds more of them than
 * it keeps (PEND_MAX: 6 to 10 battles): ms_fused_equals_step's ways give
 * the same events, states, generator and result. */
static void ms_deferred_shuffles_equal_step(void **state)
{
	(void)state;
	deferred_cases(2123, 100, 6, 5);
}

/* MS-DAMAGE-3: the same with 20 to 59 battles, so that defer_decks fills
 * PEND_MAX again and again and undefer_all does every deck's shuffles in
 * the generator's order (by call, then seat), among decks looked at in
 * between (greedy and random policies draw): the same events, states,
 * generator and result as the step API, which shuffles at once. */
static void ms_deferred_shuffles_many_battles(void **state)
{
	(void)state;
	deferred_cases(4411, 40, 20, 40);
}

/* MS-DAMAGE-3 MS-STORM-1: the bundled table (examples/manastorm/table.yaml:
 * full decks, default policies, 3 battles of 10 rounds, hand 5), and the
 * same with 10 battles of one round: a storm that draws from decks whose
 * step 9 shuffles wait, and one in the last round of a battle, after which
 * step 9 shuffles at once (last_damage) with the duel's own generator,
 * which defer_decks left behind (d->lag): 400 seeds, the duel's own
 * generator without a callback (way 2) against the step API (way 1). */
static void ms_deferred_shuffles_table(void **state)
{
	ms_scenario s;
	tp t[] = {
		CASTER(.name = "リナ", .side = 0, .thr = 7, .suit = MS_SUIT_H,
		       .mp = 3, .outfits = {3, 2}, .nout = 2,
		       .policy = "default"),
		WARRIOR(.name = "カイ", .side = 0, .thr = 7, .suit = MS_SUIT_S,
		        .hp = 10, .policy = "default"),
		CASTER(.name = "ミオ", .side = 1, .thr = 7, .suit = MS_SUIT_D,
		       .mp = 3, .outfits = {3, 2}, .nout = 2,
		       .policy = "default"),
		WARRIOR(.name = "ジン", .side = 1, .thr = 7, .suit = MS_SUIT_C,
		        .hp = 10, .policy = "default"),
	};
	uint64_t seed;
	int64_t storms = 0;
	(void)state;
	build(&s, t, 4);
	s.hand_size = 5;
	s.shuffle = 1;
	for (seed = 0; seed < 400; seed++) {
		digest d1, d2;
		ms_result r1, r2;
		/* the table's 3 battles of 10 rounds, then 10 of one round
		 * (every storm in a battle's last round) */
		s.battles = seed % 2 ? 10 : 3;
		s.rounds_per_battle = seed % 2 ? 1 : 10;
		play_way(&d1, &r1, &s, seed, 1);
		play_way(&d2, &r2, &s, seed, 2);
		assert_int_equal(d1.fin, d2.fin);
		assert_int_equal(d1.nev, d2.nev);
		assert_memory_equal(&r1, &r2, sizeof(r1));
		storms += r1.storms;
	}
	assert_true(storms >= 50);
}

/* What the playtest counted from events before ms_duel_storm_losses: 衣装
 * and HP lost between a STORM and its STORM_END (MS-PT-STORM-1). */
typedef struct storm_count {
	int in_storm;
	int64_t outfits, hp;
} storm_count;

static int count_storm(void *ud, const ms_duel *d, const ms_event *ev)
{
	storm_count *c = ud;
	(void)d;
	switch (ev->kind) {
	case MS_EV_STORM: c->in_storm = 1; break;
	case MS_EV_STORM_END: c->in_storm = 0; break;
	case MS_EV_OUTFIT: c->outfits += c->in_storm; break;
	case MS_EV_HP:
		if (c->in_storm && ev->value > ev->value2)
			c->hp += ev->value - ev->value2;
		break;
	default: break;
	}
	return 0;
}

/* ms_duel_storm_losses adds up what the events of the storms say, over
 * 400 generated duels watched by a callback of every kind, and gives the
 * same figures when the same duel is played without a callback (its
 * quiet rounds); some of the duels have storms (the count of those is
 * checked, so the comparison is not only of zeros). */
static void ms_storm_losses_equal_events(void **state)
{
	ut_rng g;
	int iter, stormy = 0;
	(void)state;
	ut_rng_seed(&g, 23);
	for (iter = 0; iter < 400; iter++) {
		ms_scenario s;
		ms_duel_opts o = MS_DUEL_OPTS_INIT;
		ms_duel *d1, *d2;
		ms_result r1, r2;
		storm_count c = {0, 0, 0};
		int64_t so1, sh1, so2, sh2;
		gen_scenario(&s, &g, iter);
		o.seed = (uint64_t)iter;
		assert_int_equal(ms_duel_new(&d2, &s, &o), 0);
		o.on_event = count_storm;
		o.event_ud = &c;
		assert_int_equal(ms_duel_new(&d1, &s, &o), 0);
		assert_true(ms_duel_run(&r1, d1) >= 0);
		assert_true(ms_duel_run(&r2, d2) >= 0);
		ms_duel_storm_losses(d1, &so1, &sh1);
		ms_duel_storm_losses(d2, &so2, &sh2);
		assert_int_equal(so1, c.outfits);
		assert_int_equal(sh1, c.hp);
		assert_int_equal(so2, c.outfits);
		assert_int_equal(sh2, c.hp);
		assert_int_equal(r1.storms, r2.storms);
		stormy += c.outfits + c.hp > 0;
		/* a restart forgets them */
		ms_duel_restart(d2, (uint64_t)iter);
		ms_duel_storm_losses(d2, &so2, &sh2);
		assert_int_equal(so2, 0);
		assert_int_equal(sh2, 0);
		ms_duel_free(d1);
		ms_duel_free(d2);
	}
	assert_true(stormy >= 20);
}

/* ms_duel_vitals shows what ms_duel_participant shows of HP, MP and 衣装,
 * at the end of 300 generated duels of the duel's own generator, without
 * a callback (where the last step 9's shuffles wait), and the whole state
 * shown afterwards (decks after those shuffles included) is the one of
 * the same duel looked at without it.  (That it does not do the shuffles
 * is seen only in its cost: bench/callgrind.sh.) */
static void ms_vitals_equal_participant(void **state)
{
	ut_rng g;
	int iter;
	(void)state;
	ut_rng_seed(&g, 22);
	for (iter = 0; iter < 300; iter++) {
		ms_scenario s;
		ms_duel_opts o = MS_DUEL_OPTS_INIT;
		ms_duel *d1, *d2;
		ms_result r;
		digest a, b;
		uint32_t i;
		gen_scenario(&s, &g, iter);
		o.seed = (uint64_t)iter;
		assert_int_equal(ms_duel_new(&d1, &s, &o), 0);
		assert_int_equal(ms_duel_new(&d2, &s, &o), 0);
		assert_true(ms_duel_run(&r, d1) >= 0);
		assert_true(ms_duel_run(&r, d2) >= 0);
		for (i = 0; i < s.nparticipants; i++) {
			ms_part_vitals v;
			ms_part_state ps;
			ms_duel_vitals(&v, d1, i);
			ms_duel_participant(&ps, d2, i);
			assert_int_equal(v.hp, ps.hp);
			assert_int_equal(v.mp, ps.mp);
			assert_int_equal(v.noutfits, ps.noutfits);
		}
		memset(&a, 0, sizeof(a));
		memset(&b, 0, sizeof(b));
		mix_state(&a, d1);
		mix_state(&b, d2);
		assert_int_equal(a.h, b.h);
		ms_duel_free(d1);
		ms_duel_free(d2);
	}
}

/* One duel with a borrowed generator seeded with `seed`, the budget
 * max_events, the digest as callback when cb: the first `pre` decisions
 * through the step API (the participants' policies), then the rest by
 * ms_duel_run (way 0; after one more ms_duel_next when pre is odd, so
 * that it finds an ask waiting) or by the step API (way 1).  *g gets the
 * events and the state where it stopped, *r the result; returns the
 * return code that stopped it (0 at the end). */
static int play_cut(digest *g, ms_result *r, const ms_scenario *s,
                    uint64_t seed, int way, uint64_t max_events, int pre,
                    int cb)
{
	ms_duel_opts o = MS_DUEL_OPTS_INIT;
	ms_duel *d;
	ms_ask ask;
	ms_choice ch;
	ut_rng rng;
	digest f;
	int rc = 0, k;

	memset(g, 0, sizeof(*g));
	g->h = UINT64_C(0xcbf29ce484222325);
	ut_rng_seed(&rng, seed);
	o.rng = &rng;
	o.max_events = max_events;
	if (cb || way == 1) {
		/* the reference (way 1) asks for every kind, digest_mask
		 * keeps those of way 0 */
		o.on_event = digest_event;
		o.event_ud = g;
		o.event_mask = cb <= 1 || way == 1 ? MS_EV_ALL
		                                   : narrow_masks[cb - 2];
	}
	assert_int_equal(ms_duel_new(&d, s, &o), 0);
	for (k = 0; way == 1 || k < pre; k++) {
		if ((rc = ms_duel_next(&ask, d)) < 0 || ask.kind == MS_ASK_OVER)
			break;
		const ms_policy *pol = ms_duel_policy(d, ask.actor);
		memset(&ch, 0, sizeof(ch));
		assert_int_equal(pol->choose(pol->ud, d, &ask, &rng, &ch), 0);
		if ((rc = ms_duel_act(d, &ch)) < 0)
			break;
	}
	if (way == 0 && k == pre) {
		if (pre % 2)
			(void)ms_duel_next(&ask, d);
		rc = ms_duel_run(r, d);
	}
	ms_duel_result(r, d);
	/* the borrowed generator before a look at a deck (which would do
	 * shuffles left waiting: only the duel's own generator may wait) */
	g->rng = rng.s[0] ^ rng.s[1] ^ rng.s[2] ^ rng.s[3];
	f.h = UINT64_C(0xcbf29ce484222325);
	mix_state(&f, d);
	g->fin = f.h;
	g->nev = ms_duel_events(d);
	ms_duel_free(d);
	return rc;
}

/* ms_duel_run's own loop (decisions taken where they are asked) stops
 * where the step API stops and leaves the same state: cut by the event
 * budget (MS-BUDGET-1) at every point of a duel (inside a round, inside a
 * storm), without a callback, with one for every kind or for a few
 * (narrow_masks), and started after some decisions of the step API, with an ask
 * waiting or not. */
static void ms_fused_equals_step_cut(void **state)
{
	ut_rng g;
	int iter;
	(void)state;
	ut_rng_seed(&g, 2121);
	for (iter = 0; iter < 1500; iter++) {
		ms_scenario s;
		digest d0, d1;
		ms_result r0, r1;
		uint64_t max;
		int rc0, rc1, pre, cb;
		gen_scenario(&s, &g, iter);
		assert_int_equal(play_cut(&d1, &r1, &s, (uint64_t)iter, 1,
		                          MS_DUEL_MAX_EVENTS_DEFAULT, 0, 1), 0);
		max = 1 + ut_rng_uniform(&g, d1.nev + 1);
		pre = (int)ut_rng_uniform(&g, 6);
		/* no callback, every kind, or a narrow mask */
		cb = (int)ut_rng_uniform(&g, 2 + NNARROW);
		digest_mask = cb >= 2 ? narrow_masks[cb - 2] :
		              cb == 1 ? MS_EV_ALL : 0;
		rc0 = play_cut(&d0, &r0, &s, (uint64_t)iter, 0, max, pre, cb);
		rc1 = play_cut(&d1, &r1, &s, (uint64_t)iter, 1, max, pre, cb);
		digest_mask = MS_EV_ALL;
		assert_int_equal(rc0, rc1);
		assert_true(rc0 == 0 || rc0 == MS_ELIMIT);
		assert_int_equal(d0.events, d1.events);
		assert_int_equal(d0.h, d1.h);
		assert_int_equal(d0.fin, d1.fin);
		assert_int_equal(d0.nev, d1.nev);
		assert_int_equal(d0.rng, d1.rng);
		assert_memory_equal(&r0, &r1, sizeof(r0));
	}
}

/* ms_duel_run's quiet rounds (every policy built in, no callback or one
 * that wants none of the kinds they only count) stop where the step API
 * stops when the budget ends inside one of the last rounds: for generated
 * scenarios with the random policies made default, every budget from one
 * event more than the duel needs down to 47 less, without a callback and
 * with each narrow mask that leaves the rounds quiet. */
static void ms_quiet_round_cut(void **state)
{
	static const int cbs[] = {0, 2, 3, 4, 7, 8};
	ut_rng g;
	int iter;
	(void)state;
	ut_rng_seed(&g, 2122);
	for (iter = 0; iter < 120; iter++) {
		ms_scenario s;
		digest d0, d1;
		ms_result r0, r1;
		uint64_t max, nev;
		size_t i;
		int rc0, rc1, cb = cbs[iter % 6];
		gen_scenario(&s, &g, iter);
		for (i = 0; i < s.nparticipants; i++)
			if (strcmp(parts[i].policy, "random") == 0)
				parts[i].policy = "default";
		assert_int_equal(play_cut(&d1, &r1, &s, (uint64_t)iter, 1,
		                          MS_DUEL_MAX_EVENTS_DEFAULT, 0, 1), 0);
		nev = d1.nev;
		for (max = nev + 1; max >= 1 && max + 48 > nev; max--) {
			digest_mask = cb >= 2 ? narrow_masks[cb - 2] : 0;
			rc0 = play_cut(&d0, &r0, &s, (uint64_t)iter, 0, max, 0, cb);
			rc1 = play_cut(&d1, &r1, &s, (uint64_t)iter, 1, max, 0, cb);
			digest_mask = MS_EV_ALL;
			assert_int_equal(rc0, rc1);
			assert_int_equal(rc0, max >= nev ? 0 : MS_ELIMIT);
			assert_int_equal(d0.events, d1.events);
			assert_int_equal(d0.h, d1.h);
			assert_int_equal(d0.fin, d1.fin);
			assert_int_equal(d0.nev, d1.nev);
			assert_int_equal(d0.rng, d1.rng);
			assert_memory_equal(&r0, &r1, sizeof(r0));
		}
	}
}

/* ---- the log written while the duel goes on ---------------------------- */

/* A writer that keeps what it is handed, and fails at call fail_at
 * (0: never). */
typedef struct collect {
	ut_buf b;
	int calls, fail_at;
} collect;

static int collect_write(void *ud, const char *data, size_t len)
{
	collect *c = ud;

	if (++c->calls == c->fail_at)
		return 1;
	return ut_buf_put(&c->b, data, len) != 0;
}

/* Make s a long duel (its log of several 64 KiB chunks): 100 battles of
 * 100 rounds, warriors of 10^6 HP. */
static void long_duel(ms_scenario *s)
{
	size_t i;

	s->battles = 100;
	s->rounds_per_battle = 100;
	for (i = 0; i < s->nparticipants; i++)
		parts[i].hp = 1000000;
}

/* Duel s with seed and budget, its log recorded (ms_log) and rendered
 * whole into *want (the stopped form with "stopped" when the budget ran
 * out); returns the events. */
static uint64_t render_whole(ut_buf *want, const ms_scenario *s,
                             uint64_t seed, uint64_t budget,
                             ms_log_format fmt, ms_lang lang, int hands)
{
	ms_duel_opts o = MS_DUEL_OPTS_INIT;
	ms_log log = MS_LOG_INIT;
	ms_result r;
	ms_duel *d;
	uint64_t n;
	int rc;

	log.hands = hands;
	o.seed = seed;
	if (budget)
		o.max_events = budget;
	o.on_event = ms_log_record;
	o.event_ud = &log;
	assert_int_equal(ms_duel_new(&d, s, &o), 0);
	rc = ms_duel_run(&r, d);
	assert_true(rc == 0 || rc == MS_ELIMIT);
	if (fmt == MS_LOG_JSON)
		assert_int_equal(rc ? ms_render_json_stopped(want, d, &log, "stopped")
		                    : ms_render_json(want, d, &log), 0);
	else
		assert_int_equal(rc ? ms_render_text_stopped(want, d, &log, lang, "stopped")
		                    : ms_render_text(want, d, &log, lang), 0);
	n = ms_duel_events(d);
	ms_duel_free(d);
	ms_log_free(&log);
	return n;
}

/* The same duel through an ms_log_stream: to a writer (w not NULL) or in
 * memory; JSON with the head from a first play when head is set.  The
 * text it gave, appended to *got. */
static void render_stream(ut_buf *got, const ms_scenario *s, uint64_t seed,
                          uint64_t budget, ms_log_format fmt, ms_lang lang,
                          int hands, collect *w, int head)
{
	ms_duel_opts o = MS_DUEL_OPTS_INIT;
	ms_log_stream *ls;
	ms_result r;
	ms_duel *d;
	size_t len;
	const char *text;
	int rc;

	assert_int_equal(ms_log_stream_new(&ls, fmt, lang, hands,
	                                   w ? collect_write : NULL, w), 0);
	o.seed = seed;
	if (budget)
		o.max_events = budget;
	if (head) {
		assert_int_equal(ms_duel_new(&d, s, &o), 0);
		rc = ms_duel_run(&r, d);
		assert_int_equal(ms_log_stream_head(ls, d, rc ? "stopped" : NULL), 0);
		ms_duel_free(d);
	}
	o.on_event = ms_log_stream_event;
	o.event_ud = ls;
	assert_int_equal(ms_duel_new(&d, s, &o), 0);
	rc = ms_duel_run(&r, d);
	assert_true(rc == 0 || rc == MS_ELIMIT);
	assert_int_equal(ms_log_stream_finish(ls, d, rc ? "stopped" : NULL), 0);
	text = ms_log_stream_text(ls, &len);
	if (w)
		assert_int_equal(len, 0); /* everything went to the writer */
	else
		assert_int_equal(ut_buf_put(got, text, len), 0);
	ms_duel_free(d);
	ms_log_stream_free(ls);
}

/* MS-LOG-1 MS-LOG-2 MS-LOG-4 MS-LOG-5: an ms_log_stream gives the bytes
 * of ms_render_text / ms_render_json of the recorded log, over generated
 * duels (gen_scenario): text ja and en, JSON (the events kept as text, or
 * after a head from a first play), with and without hands, to a writer in
 * chunks or in memory, whole or stopped by the budget halfway (the stopped
 * form).  A log of over 64 KiB reaches the writer before the end. */
static void ms_log_stream_equals_render(void **state)
{
	static const struct {
		ms_log_format fmt;
		ms_lang lang;
		int head;
	} ways[] = {
		{MS_LOG_TEXT, MS_LANG_JA, 0}, {MS_LOG_TEXT, MS_LANG_EN, 0},
		{MS_LOG_JSON, MS_LANG_JA, 0}, {MS_LOG_JSON, MS_LANG_EN, 1},
	};
	ut_rng g;
	int iter, early = 0;
	(void)state;
	ut_rng_seed(&g, 77);
	for (iter = 0; iter < 240; iter++) {
		ms_scenario s;
		size_t k;
		gen_scenario(&s, &g, iter);
		if (iter % 40 == 0)
			long_duel(&s);
		for (k = 0; k < sizeof(ways) / sizeof(ways[0]); k++) {
			ut_buf want = UT_BUF_INIT, got = UT_BUF_INIT;
			collect w = {UT_BUF_INIT, 0, 0};
			int hands = (iter + (int)k) % 2;
			uint64_t n = render_whole(&want, &s, (uint64_t)iter, 0,
			                          ways[k].fmt, ways[k].lang, hands);
			render_stream(&got, &s, (uint64_t)iter, 0, ways[k].fmt,
			              ways[k].lang, hands, NULL, ways[k].head);
			assert_int_equal(got.len, want.len);
			assert_memory_equal(got.ptr, want.ptr, want.len);
			render_stream(&got, &s, (uint64_t)iter, 0, ways[k].fmt,
			              ways[k].lang, hands, &w, ways[k].head);
			assert_int_equal(w.b.len, want.len);
			assert_memory_equal(w.b.ptr, want.ptr, want.len);
			if (ways[k].fmt == MS_LOG_TEXT && w.calls > 1)
				early++;
			/* stopped halfway: the stopped form */
			ut_buf_clear(&want);
			ut_buf_clear(&got);
			render_whole(&want, &s, (uint64_t)iter, n / 2 + 1,
			             ways[k].fmt, ways[k].lang, hands);
			render_stream(&got, &s, (uint64_t)iter, n / 2 + 1,
			              ways[k].fmt, ways[k].lang, hands, NULL,
			              ways[k].head);
			assert_int_equal(got.len, want.len);
			assert_memory_equal(got.ptr, want.ptr, want.len);
			ut_buf_free(&want);
			ut_buf_free(&got);
			ut_buf_free(&w.b);
		}
	}
	assert_true(early >= 6); /* the long duels' text went out in chunks */
}

/* A writer that fails stops the duel at the next event, and is not called
 * again; the stream's finish says so.  A head that does not match the
 * duel is refused at the finish. */
static void ms_log_stream_errors(void **state)
{
	ms_duel_opts o = MS_DUEL_OPTS_INIT;
	ms_log_stream *ls;
	ms_scenario s;
	ms_result r;
	ms_duel *d, *other;
	collect w = {UT_BUF_INIT, 0, 1};
	tp t[] = { /* golden/scenarios/limit_5_battles.yaml's warriors */
		WARRIOR(.name = "A1", .side = 0, .thr = 13, .hp = 1000000,
		        .policy = "greedy"),
		WARRIOR(.name = "B1", .side = 1, .thr = 13, .hp = 1000000,
		        .policy = "greedy"),
	};
	(void)state;
	build(&s, t, 2);
	s.shuffle = 1;
	s.battles = 5;
	s.rounds_per_battle = 1000; /* 82,617 events: megabytes of log */
	assert_int_equal(ms_log_stream_new(&ls, MS_LOG_TEXT, MS_LANG_EN, 0,
	                                   collect_write, &w), 0);
	o.on_event = ms_log_stream_event;
	o.event_ud = ls;
	assert_int_equal(ms_duel_new(&d, &s, &o), 0);
	assert_int_equal(ms_duel_run(&r, d), MS_ERROR);
	assert_int_equal(w.calls, 1);
	assert_int_equal(ms_log_stream_finish(ls, d, NULL), MS_ERROR);
	assert_int_equal(w.calls, 1);
	ms_duel_free(d);
	ms_log_stream_free(ls);
	/* the head of a duel with another seed */
	assert_int_equal(ms_log_stream_new(&ls, MS_LOG_JSON, MS_LANG_EN, 0,
	                                   NULL, NULL), 0);
	o.on_event = NULL;
	o.seed = 1;
	assert_int_equal(ms_duel_new(&other, &s, &o), 0);
	assert_int_equal(ms_duel_run(&r, other), 0);
	assert_int_equal(ms_log_stream_head(ls, other, NULL), 0);
	assert_int_equal(ms_log_stream_head(ls, other, NULL), MS_EINVALID);
	o.on_event = ms_log_stream_event;
	o.event_ud = ls;
	o.seed = 2;
	assert_int_equal(ms_duel_new(&d, &s, &o), 0);
	assert_int_equal(ms_duel_run(&r, d), 0);
	assert_int_equal(ms_log_stream_finish(ls, d, NULL), MS_ERROR);
	assert_string_equal(ms_error_last(), "ms_log_stream_finish: the duel did "
	                    "not end as the one given to ms_log_stream_head");
	/* once only: a second finish, an abort or a head after it are refused,
	 * and nothing more is written */
	{
		size_t len;
		ms_log_stream_text(ls, &len);
		assert_int_equal(ms_log_stream_finish(ls, d, NULL), MS_EINVALID);
		assert_string_equal(ms_error_last(),
		                    "ms_log_stream_finish: the log is finished");
		assert_int_equal(ms_log_stream_abort(ls), MS_EINVALID);
		assert_int_equal(ms_log_stream_head(ls, d, NULL), MS_EINVALID);
		assert_string_equal(ms_error_last(),
		                    "ms_log_stream_head: the log is finished");
		assert_int_equal(strlen(ms_log_stream_text(ls, NULL)), len);
	}
	ms_duel_free(d);
	ms_duel_free(other);
	ms_log_stream_free(ls);
	ut_buf_free(&w.b);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		{"MS-ENCHANT-1, MS-ENCHANT-2, MS-ENCHANT-3, MS-ENCHANT-4, MS-ENCHANT-5 held, not passing, happening, both", ms_enchant_outcomes, NULL, teardown, NULL},
		{"MS-ENCHANT-1, MS-ENCHANT-5, MS-LOG-1 same number on the field", ms_enchant_same_on_field, NULL, teardown, NULL},
		{"MS-ENCHANT-4 MS-POLICY-1 MP 0, no 衣装 left, favoured suit", ms_enchant_mp_zero_and_suit, NULL, teardown, NULL},
		{"MS-ATTACK-1 MS-ATTACK-2 MS-ADV-1 MS-ADV-3 MS-POLICY-2 MS-POLICY-3 MS-DAMAGE-1 default warriors, equal advantage", ms_attack_default_and_equal_damage, NULL, teardown, NULL},
		{"MS-ATTACK-3 MS-ADV-2 MS-ADV-3 MS-DAMAGE-1 MS-DAMAGE-2 MS-END-3 failure, pairs, lower half", ms_attack_fail_and_lower_half, NULL, teardown, NULL},
		{"MS-ATTACK-1 MS-ATTACK-5 MS-POLICY-1 MS-POLICY-2 MS-DAMAGE-3 pointing", ms_attack_point, NULL, teardown, NULL},
		{"MS-ATTACK-4 MS-STORM-1, MS-STORM-2, MS-STORM-3, MS-STORM-4, MS-STORM-5 the storm by hand", ms_storm_full, NULL, teardown, NULL},
		{"MS-STORM-2 MS-STORM-6 the tie draw-off", ms_storm_tie, NULL, teardown, NULL},
		{"MS-ATTACK-4 MS-ATTACK-6 MS-POLICY-4 storm_match card, rounds_per_battle", ms_storm_match_card_and_round_bound, NULL, teardown, NULL},
		{"MS-STORM-1 MS-STORM-5 MS-STORM-6 MS-START-2 MS-END-2 storm_match number, reshuffle", ms_storm_number_and_reshuffle, NULL, teardown, NULL},
		{"MS-STORM-4 MS-STORM-6 a storm with nothing to draw", ms_storm_empty_field, NULL, teardown, NULL},
		{"MS-ATTACK-2 MS-ATTACK-4 a storm needs this round's cards", ms_storm_needs_this_round, NULL, teardown, NULL},
		{"MS-END-2 MS-END-3 the early end at step 6", ms_end_early, NULL, teardown, NULL},
		{"MS-END-4 nobody surrenders", ms_no_surrender, NULL, teardown, NULL},
		{"MS-DAMAGE-3 MS-DAMAGE-4 MS-END-1 two battles", ms_two_battles, NULL, teardown, NULL},
		{"MS-START-1 MS-RNG-1 the start shuffle is docs/RANDOM.md", ms_start_shuffle_reference, NULL, teardown, NULL},
		{"MS-START-2 MS-RNG-1 discard pile reshuffled (seeded)", ms_reshuffle_seeded, NULL, teardown, NULL},
		{"MS-LOG-4 hands and deck orders kept with the log", ms_log_hands, NULL, teardown, NULL},
		{"options version, callback stop", ms_opts_and_callback_stop, NULL, teardown, NULL},
		{"MS-BUDGET-1 the event budget", ms_budget_events, NULL, teardown, NULL},
		{"MS-POLICY-6 unknown policy, illegal choice", ms_policy_unknown_and_illegal, NULL, teardown, NULL},
		{"MS-LOG-1 MS-LOG-2 MS-LOG-3 logs: JSON, en, ja", ms_render_logs, NULL, teardown, NULL},
		{"MS-POLICY-5 MS-RNG-1 property: random duels end, replay", ms_property_random, NULL, teardown, NULL},
		{"MS-BUDGET-1 the event mask", ms_event_mask, NULL, teardown, NULL},
		{"MS-POLICY-1 MS-POLICY-4 the fused policies and no-listener events equal the step API", ms_fused_equals_step, NULL, teardown, NULL},
		{"MS-DAMAGE-3 the step 9 shuffles that wait equal the step API", ms_deferred_shuffles_equal_step, NULL, teardown, NULL},
		{"MS-DAMAGE-3 the waiting shuffles of 20 to 59 battles equal the step API", ms_deferred_shuffles_many_battles, NULL, teardown, NULL},
		{"MS-DAMAGE-3 MS-STORM-1 the table's waiting shuffles and storms equal the step API", ms_deferred_shuffles_table, NULL, teardown, NULL},
		{"MS-BUDGET-1 MS-POLICY-1 ms_duel_run stops where the step API stops", ms_fused_equals_step_cut, NULL, teardown, NULL},
		{"MS-BUDGET-1 MS-POLICY-1 quiet rounds stop where the step API stops", ms_quiet_round_cut, NULL, teardown, NULL},
		{"MS-DAMAGE-3 ms_duel_vitals shows HP, MP, 衣装 and leaves the last shuffles waiting", ms_vitals_equal_participant, NULL, teardown, NULL},
		{"MS-PT-STORM-1 ms_duel_storm_losses adds up the storms' events", ms_storm_losses_equal_events, NULL, teardown, NULL},
		{"MS-LOG-1 MS-LOG-2 MS-LOG-4 MS-LOG-5 the log stream writes the rendered log", ms_log_stream_equals_render, NULL, teardown, NULL},
		{"MS-LOG-1 MS-LOG-2 the log stream's writer failure and head check", ms_log_stream_errors, NULL, teardown, NULL},
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
