/*
 * test_combat.c - the combat engine and the policy `default` (docs/MEGAMI.md
 * section "Combat", rulings M2–M8) on scenarios built in C with fixed dice.
 *
 * Every combat is recorded as a trace: one token per event, separated by
 * blanks, characters by their scenario index:
 *
 *   R1            round 1 begins
 *   I0=3+4:12     character 0's initiative: dice 3 and 4, value 12
 *   O2,1,0        the initiative order
 *   S1            1's turn skipped (戦闘不能)
 *   M0 /0         0's main process begins / ends (M0r: resumed)
 *   W0 U0         0 declares 待機 / resumes (U0f: forced, still waiting at
 *                 the end of the round)
 *   N0            0 did nothing
 *   L0v1=3+4:7/2+2:4ok   離脱 of 0 against 1: rolls, values, ok|no
 *   mv0:0>5  fm0:0>15    戦闘移動 / 全力移動 from > to; "(dest)bK" when
 *                        stopped short by K
 *   A0.1>2=3+4:9  0's attack 1 on chosen target 2: dice, value; C / F
 *   D2=3+4:9ev    2's defence: dice, value, C / F, hit|ev; D2=-hit: hit
 *                 without a roll
 *   G5:9          damage die 5, attack damage 9
 *   H2:7[2im/im]hp13  2 takes real damage 7, modifier 2 from the attack's
 *                 impact and the armor's impact entry ("-": none), HP 13
 *   X2hp0         2 becomes 戦闘不能 at HP 0
 *   T0.1>2=4:9[0-/-]9hp-9K   とどめ: die, attack damage, modifier, real
 *                 damage, HP, K if killed
 *   +2            2 died
 *   EPCr1 ENPCr1 E-r2   the end: winner, rounds
 *
 * Each test derives its trace by hand in the comment above it.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "megami/combat.h"
#include "megami/render.h"
#include "util/rng.h"

#define MAXC 12
#define MAXA 4
#define MAXD 256

typedef struct fx {
	mg_scenario s;
	mg_character ch[MAXC];
	mg_attack at[MAXC][MAXA];
	int64_t dice[MAXD];
	ut_dice d;
	mg_combat *c;
	char trace[16384];
	size_t len;
	int64_t seen[8192]; /* the dice of the events, in order */
	size_t nseen;
	mg_result r;
} fx;

static fx F;

static const char *const attr_short[MG_ATTR_COUNT] = {
	"pi", "im", "en", "fi", "ic", "th", "li", "ho", "da"};

static const char *ashort(int a)
{
	return a < 0 ? "-" : attr_short[a];
}

static void tr(fx *f, const char *fmt, ...)
{
	va_list ap;
	int n;
	if (f->len)
		f->trace[f->len++] = ' ';
	va_start(ap, fmt);
	n = vsnprintf(f->trace + f->len, sizeof(f->trace) - f->len, fmt, ap);
	va_end(ap);
	assert_true(n > 0 && (size_t)n < sizeof(f->trace) - f->len);
	f->len += (size_t)n;
}

static int record(void *ud, const mg_combat *c, const mg_event *e)
{
	fx *f = ud;
	size_t k;
	char buf[256];
	int n = 0;
	(void)c;
	for (k = 0; k < (size_t)e->ndice; k++) {
		assert_true(f->nseen < sizeof(f->seen) / sizeof(f->seen[0]));
		f->seen[f->nseen++] = e->dice[k];
	}
	switch (e->kind) {
	case MG_EV_ROUND: tr(f, "R%lld", (long long)e->round); break;
	case MG_EV_INITIATIVE:
		tr(f, "I%d=%lld+%lld:%lld", e->actor, (long long)e->dice[0],
		   (long long)e->dice[1], (long long)e->value);
		break;
	case MG_EV_ORDER:
		for (k = 0; k < e->norder; k++)
			n += snprintf(buf + n, sizeof(buf) - (size_t)n, "%s%u",
			              k ? "," : "", e->order[k]);
		buf[n] = '\0';
		tr(f, "O%s", buf);
		break;
	case MG_EV_SKIP: tr(f, "S%d", e->actor); break;
	case MG_EV_MAIN_BEGIN: tr(f, "M%d%s", e->actor, e->flag ? "r" : ""); break;
	case MG_EV_MAIN_END: tr(f, "/%d", e->actor); break;
	case MG_EV_WAIT: tr(f, "W%d", e->actor); break;
	case MG_EV_RESUME: tr(f, "U%d%s", e->actor, e->flag ? "f" : ""); break;
	case MG_EV_NOTHING: tr(f, "N%d", e->actor); break;
	case MG_EV_DISENGAGE:
		tr(f, "L%dv%d=%lld+%lld:%lld/%lld+%lld:%lld%s", e->actor, e->target,
		   (long long)e->dice[0], (long long)e->dice[1], (long long)e->value,
		   (long long)e->dice[2], (long long)e->dice[3],
		   (long long)e->value2, e->flag ? "ok" : "no");
		break;
	case MG_EV_MOVE:
		if (e->to != e->dest)
			tr(f, "%s%d:%lld>%lld(%lld)b%d", e->flag ? "fm" : "mv",
			   e->actor, (long long)e->from, (long long)e->to,
			   (long long)e->dest, e->target);
		else
			tr(f, "%s%d:%lld>%lld", e->flag ? "fm" : "mv", e->actor,
			   (long long)e->from, (long long)e->to);
		break;
	case MG_EV_ATTACK:
		tr(f, "A%d.%d>%d=%lld+%lld:%lld%s", e->actor, e->attack, e->target,
		   (long long)e->dice[0], (long long)e->dice[1],
		   (long long)e->value,
		   e->crit ? "C" : e->fumble ? "F" : "");
		break;
	case MG_EV_DEFENCE:
		if (e->ndice == 0)
			tr(f, "D%d=-hit", e->target);
		else
			tr(f, "D%d=%lld+%lld:%lld%s%s", e->target,
			   (long long)e->dice[0], (long long)e->dice[1],
			   (long long)e->value,
			   e->crit ? "C" : e->fumble ? "F" : "",
			   e->flag ? "hit" : "ev");
		break;
	case MG_EV_DAMAGE_ROLL:
		tr(f, "G%lld:%lld", (long long)e->dice[0], (long long)e->value);
		break;
	case MG_EV_DAMAGE:
		tr(f, "H%d:%lld[%lld%s/%s]hp%lld", e->target, (long long)e->damage,
		   (long long)e->modifier, ashort(e->attr), ashort(e->armor_attr),
		   (long long)e->hp);
		break;
	case MG_EV_INCAPACITATED:
		tr(f, "X%dhp%lld", e->target, (long long)e->hp);
		break;
	case MG_EV_FINISH:
		tr(f, "T%d.%d>%d=%lld:%lld[%lld%s/%s]%lldhp%lld%s", e->actor,
		   e->attack, e->target, (long long)e->dice[0], (long long)e->value,
		   (long long)e->modifier, ashort(e->attr), ashort(e->armor_attr),
		   (long long)e->damage, (long long)e->hp, e->flag ? "K" : "");
		break;
	case MG_EV_DEATH: tr(f, "+%d", e->target); break;
	case MG_EV_ADJUST:
		tr(f, "J%d.%d:%lld>%lld", e->target, e->flag, (long long)e->from,
		   (long long)e->to);
		break;
	case MG_EV_ENTER:
		tr(f, "V%d@%lld:%lld%s%s", e->actor, (long long)e->to,
		   (long long)e->hp, e->value == MG_STATE_ABLE ? "" : "X",
		   e->flag ? "g" : "");
		break;
	case MG_EV_END:
		tr(f, "E%sr%lld",
		   e->winner == MG_SIDE_PC ? "PC" : e->winner == MG_SIDE_NPC ? "NPC" : "-",
		   (long long)e->round);
		break;
	}
	return 0;
}

/* A scenario with `round_limit` and no characters yet. */
static fx *fx_new(int64_t round_limit)
{
	fx *f = &F;
	memset(f, 0, sizeof(*f));
	f->s.round_limit = round_limit;
	f->s.characters = f->ch;
	return f;
}

/* Character with name, side, hp, 行動 and position; other stats 0. */
static int chr(fx *f, const char *name, mg_side side, int64_t hp,
               int64_t init, int64_t pos)
{
	size_t i = f->s.ncharacters++;
	mg_character *c = &f->ch[i];
	assert_true(i < MAXC);
	mg_character_init(c);
	c->name = name;
	c->side = side;
	c->hp = c->hp_now = hp;
	c->stat[MG_STAT_INITIATIVE] = init;
	c->position = pos;
	c->attacks = f->at[i];
	return (int)i;
}

/* Attack of character ci: physical, check accuracy, single, normal. */
static mg_attack *atk(fx *f, int ci, const char *name, int64_t damage,
                      int64_t range)
{
	mg_character *c = &f->ch[ci];
	mg_attack *a = &f->at[ci][c->nattacks++];
	assert_true(c->nattacks <= MAXA);
	mg_attack_init(a);
	a->name = name;
	a->damage = damage;
	a->range = range;
	return a;
}

static void armor(fx *f, int ci, mg_attr a, int64_t v)
{
	f->ch[ci].armor[a] = v;
	f->ch[ci].armor_listed |= 1u << a;
}

static void set_dice(fx *f, const int64_t *v, size_t n)
{
	assert_true(n <= MAXD);
	if (n)
		memcpy(f->dice, v, n * sizeof(*v));
	ut_dice_list(&f->d, f->dice, n);
}

#define DICE(f, ...)                                                       \
	set_dice(f, (const int64_t[]){__VA_ARGS__},                            \
	         sizeof((const int64_t[]){__VA_ARGS__}) / sizeof(int64_t))

static void fx_start(fx *f)
{
	mg_combat_opts o = MG_COMBAT_OPTS_INIT;
	o.dice = &f->d;
	o.on_event = record;
	o.event_ud = f;
	assert_int_equal(mg_combat_new(&f->c, &f->s, &o), 0);
}

/* Run to the end with the default policy; return the code. */
static int fx_run(fx *f)
{
	int rc;
	fx_start(f);
	rc = mg_combat_run(&f->r, f->c);
	return rc;
}

static void fx_end(fx *f)
{
	mg_combat_free(f->c);
	f->c = NULL;
}

static mg_char_state st(fx *f, size_t i)
{
	mg_char_state s;
	assert_int_equal(mg_combat_character(&s, f->c, i), 0);
	return s;
}

/* Check the whole trace, the dice consumed and the result. */
static void expect(fx *f, const char *trace, size_t dice, int winner,
                   int64_t rounds)
{
	size_t k;
	assert_string_equal(f->trace, trace);
	assert_int_equal(f->d.rolled, dice);
	/* every die rolled is reported by an event, in rolling order */
	assert_int_equal(f->nseen, dice);
	for (k = 0; k < dice; k++)
		assert_int_equal(f->seen[k], f->dice[k]);
	assert_int_equal(f->r.over, 1);
	assert_int_equal(f->r.winner, winner);
	assert_int_equal(f->r.rounds, rounds);
}

/* next() must ask for an action of `actor`; returns the ask. */
static mg_ask ask_action(fx *f, uint32_t actor)
{
	mg_ask a;
	assert_int_equal(mg_combat_next(&a, f->c), 0);
	assert_int_equal(a.kind, MG_ASK_ACTION);
	assert_int_equal(a.actor, actor);
	return a;
}

static int act(fx *f, mg_action_kind kind, int64_t to, uint32_t attack,
               uint32_t target)
{
	mg_action a;
	memset(&a, 0, sizeof(a));
	a.kind = kind;
	a.to = to;
	a.attack = attack;
	a.target = target;
	return mg_combat_act(f->c, &a);
}

/* ---- rounds and initiative ----------------------------------------------- */

/* MG-INIT-1 MG-INIT-2 MG-POLICY-4 MG-END-3: five characters without
 * attacks, round_limit 1.  Initiative rolls in scenario order:
 *   0 P  行動2: 5+5 → 12      1 N 行動3: 4+5 → 12     2 P 行動3: 3+6 → 12
 *   3 N  行動3: 6+3 → 12      4 N 行動-5: 6+6 → 7 (12 is no critical here)
 * All but 4 tie on 12: higher 行動 first (1, 2, 3 before 0); among 行動 3
 * the PC (2) first, then the NPCs in scenario order (1, 3).  Order
 * 2,1,3,0,4.  Nobody has attacks: each does nothing.  Round limit 1 with
 * both sides able: a draw in round 1; 10 dice. */
static void test_init_ties(void **state)
{
	fx *f = fx_new(1);
	chr(f, "P0", MG_SIDE_PC, 10, 2, 0);
	chr(f, "N1", MG_SIDE_NPC, 10, 3, 0);
	chr(f, "P2", MG_SIDE_PC, 10, 3, 0);
	chr(f, "N3", MG_SIDE_NPC, 10, 3, 0);
	chr(f, "N4", MG_SIDE_NPC, 10, -5, 0);
	DICE(f, 5, 5, 4, 5, 3, 6, 6, 3, 6, 6);
	assert_int_equal(fx_run(f), 0);
	expect(f,
	       "R1 I0=5+5:12 I1=4+5:12 I2=3+6:12 I3=6+3:12 I4=6+6:7 O2,1,3,0,4 "
	       "M2 N2 /2 M1 N1 /1 M3 N3 /3 M0 N0 /0 M4 N4 /4 E-r1",
	       10, -1, 1);
	assert_int_equal(st(f, 4).initiative, 7);
	assert_int_equal(st(f, 4).status, MG_STATUS_DONE);
	fx_end(f);
}

/* MG-END-3 MG-ROUND-1 MG-ROUND-4: round_limit 2, no attacks: two rounds of
 * initiative (2 dice each per character), then a draw with rounds = 2. */
static void test_round_limit_draw(void **state)
{
	fx *f = fx_new(2);
	chr(f, "P0", MG_SIDE_PC, 10, 0, 0);
	chr(f, "N1", MG_SIDE_NPC, 10, 0, 0);
	DICE(f, 1, 1, 1, 2, 6, 6, 1, 1);
	assert_int_equal(fx_run(f), 0);
	/* round 1: 0 → 2, 1 → 3: 1 first.  round 2: 0 → 12, 1 → 2. */
	expect(f,
	       "R1 I0=1+1:2 I1=1+2:3 O1,0 M1 N1 /1 M0 N0 /0 "
	       "R2 I0=6+6:12 I1=1+1:2 O0,1 M0 N0 /0 M1 N1 /1 E-r2",
	       8, -1, 2);
	fx_end(f);
}

/* MG-END-2: the PC starts 戦闘不能 (hp_now 0): the combat ends before
 * round 1 with rounds 0, no dice; the NPC wins. */
static void test_side_down_before_round1(void **state)
{
	fx *f = fx_new(20);
	chr(f, "P0", MG_SIDE_PC, 10, 0, 0);
	chr(f, "N1", MG_SIDE_NPC, 10, 0, 0);
	f->ch[0].hp_now = 0;
	set_dice(f, NULL, 0);
	assert_int_equal(fx_run(f), 0);
	expect(f, "ENPCr0", 0, MG_SIDE_NPC, 0);
	assert_int_equal(st(f, 0).state, MG_STATE_INCAPACITATED);
	fx_end(f);
}

/* MG-STOP-1: 2 characters need 4 initiative dice; the list holds 3: the
 * combat stops with MG_EINVALID naming die 4, after the events so far,
 * and keeps failing. */
static void test_dice_run_out(void **state)
{
	fx *f = fx_new(20);
	mg_ask a;
	chr(f, "P0", MG_SIDE_PC, 10, 0, 0);
	chr(f, "N1", MG_SIDE_NPC, 10, 0, 0);
	DICE(f, 3, 4, 5);
	assert_int_equal(fx_run(f), MG_EINVALID);
	assert_non_null(strstr(mg_error_last(), "die 4"));
	assert_string_equal(f->trace, "R1 I0=3+4:7");
	assert_int_equal(f->r.over, 0);
	assert_int_equal(mg_combat_next(&a, f->c), MG_EINVALID);
	assert_non_null(strstr(mg_error_last(), "die 4"));
	fx_end(f);
	/* a value out of range: 7 at position 2 */
	f = fx_new(20);
	chr(f, "P0", MG_SIDE_PC, 10, 0, 0);
	chr(f, "N1", MG_SIDE_NPC, 10, 0, 0);
	DICE(f, 3, 7, 5, 5);
	assert_int_equal(fx_run(f), MG_EINVALID);
	assert_non_null(strstr(mg_error_last(), "value 2 is 7"));
	fx_end(f);
}

/* ---- attack and defence -------------------------------------------------- */

/* The duel of the judgement tests: P0 (行動 10, accuracy acc) attacks N1
 * (hp 100, evasion eva) at the same position with one attack of damage 2;
 * round_limit 1.  Initiative 1+1 each: P0 12, N1 2; N1 has no attacks. */
static fx *duel(int64_t acc, int64_t eva)
{
	fx *f = fx_new(1);
	chr(f, "P0", MG_SIDE_PC, 10, 10, 0);
	chr(f, "N1", MG_SIDE_NPC, 100, 0, 0);
	f->ch[0].stat[MG_STAT_ACCURACY] = acc;
	f->ch[1].stat[MG_STAT_EVASION] = eva;
	atk(f, 0, "剣", 2, 0);
	return f;
}

#define DUEL_HEAD "R1 I0=1+1:12 I1=1+1:2 O0,1 M0 "
#define DUEL_TAIL " /0 M1 N1 /1 E-r1"

/* MG-ATTACK-3: equal values evade: 0 + 3+4 = 7 against 0 + 2+5 = 7. */
static void test_equal_evades(void **state)
{
	fx *f = duel(0, 0);
	DICE(f, 1, 1, 1, 1, 3, 4, 2, 5);
	assert_int_equal(fx_run(f), 0);
	expect(f, DUEL_HEAD "A0.0>1=3+4:7 D1=2+5:7ev" DUEL_TAIL, 8, -1, 1);
	assert_int_equal(st(f, 1).hp, 100);
	fx_end(f);
}

/* MG-ATTACK-2 MG-ATTACK-3: every critical/fumble combination.  Rows:
 * attack dice, accuracy, defence dice, evasion, the trace of the attack.
 *  a  6+6 crit, 0 (12) vs 3+4 +10 = 17: critical hits whatever the value
 *  b  6+6 crit vs 6+6 crit: the defence's critical evades
 *  c  6+6 crit vs 1+1 fumble: hit
 *  d  3+4 +10 = 17 vs 6+6 crit +0 = 12: a critical defence evades
 *  e  2+3 +0 = 5 vs 1+1 fumble +10 = 12: a fumbled defence is hit
 *  f  1+1 fumble: misses, no defence or damage dice
 *  g  1+1 fumble +20 = 22 vs 3+3 +0 = 6: still a fumble, misses
 *  h  3+5 = 8 vs 3+4 = 7: plain values, hit
 * A hit rolls the damage die (4): 2 + 4 = 6 real damage, HP 94. */
static void test_crit_fumble(void **state)
{
	static const struct row {
		int64_t a1, a2, acc, d1, d2, eva;
		const char *trace;
		size_t dice;
		int64_t hp;
	} rows[] = {
		{6, 6, 0, 3, 4, 10, "A0.0>1=6+6:12C D1=3+4:17hit G4:6 "
		 "H1:6[0-/-]hp94", 9, 94},
		{6, 6, 0, 6, 6, 0, "A0.0>1=6+6:12C D1=6+6:12Cev", 8, 100},
		{6, 6, 0, 1, 1, 0, "A0.0>1=6+6:12C D1=1+1:2Fhit G4:6 "
		 "H1:6[0-/-]hp94", 9, 94},
		{3, 4, 10, 6, 6, 0, "A0.0>1=3+4:17 D1=6+6:12Cev", 8, 100},
		{2, 3, 0, 1, 1, 10, "A0.0>1=2+3:5 D1=1+1:12Fhit G4:6 "
		 "H1:6[0-/-]hp94", 9, 94},
		{1, 1, 0, 0, 0, 0, "A0.0>1=1+1:2F", 6, 100},
		{1, 1, 20, 0, 0, 0, "A0.0>1=1+1:22F", 6, 100},
		{3, 5, 0, 3, 4, 0, "A0.0>1=3+5:8 D1=3+4:7hit G4:6 "
		 "H1:6[0-/-]hp94", 9, 94},
	};
	size_t k;
	char want[512];

	for (k = 0; k < sizeof(rows) / sizeof(rows[0]); k++) {
		const struct row *r = &rows[k];
		fx *f = duel(r->acc, r->eva);
		if (r->d1)
			DICE(f, 1, 1, 1, 1, r->a1, r->a2, r->d1, r->d2, 4);
		else
			DICE(f, 1, 1, 1, 1, r->a1, r->a2);
		assert_int_equal(fx_run(f), 0);
		snprintf(want, sizeof(want), "%s%s%s", DUEL_HEAD, r->trace,
		         DUEL_TAIL);
		expect(f, want, r->dice, -1, 1);
		assert_int_equal(st(f, 1).hp, r->hp);
		fx_end(f);
	}
}

/* MG-ATTACK-3: a magic attack is defended with 抵抗, a physical one with
 * 回避.  N1: evasion 10, resistance 0.  Magic: 3+4 = 7 vs 0 + 3+3 = 6:
 * hit, die 1: 2 + 1 = 3, HP 97.  Physical, the same dice: 10 + 6 = 16
 * evades. */
static void test_evasion_vs_resistance(void **state)
{
	fx *f = duel(0, 10);
	f->at[0][0].kind = MG_KIND_MAGIC;
	DICE(f, 1, 1, 1, 1, 3, 4, 3, 3, 1);
	assert_int_equal(fx_run(f), 0);
	expect(f, DUEL_HEAD "A0.0>1=3+4:7 D1=3+3:6hit G1:3 H1:3[0-/-]hp97"
	       DUEL_TAIL, 9, -1, 1);
	fx_end(f);
	f = duel(0, 10);
	DICE(f, 1, 1, 1, 1, 3, 4, 3, 3);
	assert_int_equal(fx_run(f), 0);
	expect(f, DUEL_HEAD "A0.0>1=3+4:7 D1=3+3:16ev" DUEL_TAIL, 8, -1, 1);
	fx_end(f);
}

/* MG-ATTACK-2: the check of an attack may name another stat or be an
 * integer.  Check 抵抗 (P0 resistance 5): 5 + 3+4 = 12 vs 0 + 6+5 = 11,
 * hit; check 7: 7 + 2+2 = 11 vs 11 evades. */
static void test_check_value(void **state)
{
	fx *f = duel(0, 0);
	f->ch[0].stat[MG_STAT_RESISTANCE] = 5;
	f->at[0][0].check_stat = MG_STAT_RESISTANCE;
	DICE(f, 1, 1, 1, 1, 3, 4, 6, 5, 2);
	assert_int_equal(fx_run(f), 0);
	expect(f, DUEL_HEAD "A0.0>1=3+4:12 D1=6+5:11hit G2:4 H1:4[0-/-]hp96"
	       DUEL_TAIL, 9, -1, 1);
	fx_end(f);
	f = duel(0, 0);
	f->at[0][0].check_stat = -1;
	f->at[0][0].check_value = 7;
	DICE(f, 1, 1, 1, 1, 2, 2, 6, 5);
	assert_int_equal(fx_run(f), 0);
	expect(f, DUEL_HEAD "A0.0>1=2+2:11 D1=6+5:11ev" DUEL_TAIL, 8, -1, 1);
	fx_end(f);
}

/* ---- armor --------------------------------------------------------------- */

/* MG-ARMOR-1 MG-ARMOR-2 MG-ARMOR-3 MG-ARMOR-4: mg_armor_modifier.
 *  the seed's example: pierce 1, impact 3, energy 2; attack impact + fire:
 *    impact 3, fire unlisted → energy 2: lowest 2, from fire via energy
 *  fire listed 5 (energy 2): fire alone → 5 (the subtype's own value)
 *  ice with fire 5 and energy 2 listed: → energy 2
 *  plain energy with only fire listed → 0 (energy unlisted, M8.10)
 *  holy (unlisted) + impact 3 → min(0, 3) = 0, from holy, no armor entry
 *  no attributes → 0 whatever the armor
 *  impact -2 → -2 (increases damage) */
static void test_armor_modifier(void **state)
{
	fx *f = fx_new(1);
	int a, b, p = chr(f, "P", MG_SIDE_PC, 1, 0, 0);
	mg_character *c = &f->ch[p];

	armor(f, p, MG_ATTR_PIERCE, 1);
	armor(f, p, MG_ATTR_IMPACT, 3);
	armor(f, p, MG_ATTR_ENERGY, 2);
	assert_int_equal(mg_armor_modifier(&a, &b, c, 1u << MG_ATTR_IMPACT |
	                                           1u << MG_ATTR_FIRE), 2);
	assert_int_equal(a, MG_ATTR_FIRE);
	assert_int_equal(b, MG_ATTR_ENERGY);
	armor(f, p, MG_ATTR_FIRE, 5);
	assert_int_equal(mg_armor_modifier(&a, &b, c, 1u << MG_ATTR_FIRE), 5);
	assert_int_equal(b, MG_ATTR_FIRE);
	assert_int_equal(mg_armor_modifier(&a, &b, c, 1u << MG_ATTR_ICE), 2);
	assert_int_equal(a, MG_ATTR_ICE);
	assert_int_equal(b, MG_ATTR_ENERGY);
	assert_int_equal(mg_armor_modifier(&a, &b, c, 1u << MG_ATTR_HOLY |
	                                           1u << MG_ATTR_IMPACT), 0);
	assert_int_equal(a, MG_ATTR_HOLY);
	assert_int_equal(b, -1);
	assert_int_equal(mg_armor_modifier(&a, &b, c, 0), 0);
	assert_int_equal(a, -1);
	assert_int_equal(b, -1);
	c->armor_listed = 0;
	armor(f, p, MG_ATTR_FIRE, 5);
	assert_int_equal(mg_armor_modifier(&a, &b, c, 1u << MG_ATTR_ENERGY), 0);
	assert_int_equal(a, MG_ATTR_ENERGY);
	assert_int_equal(b, -1);
	armor(f, p, MG_ATTR_IMPACT, -2);
	assert_int_equal(mg_armor_modifier(NULL, NULL, c, 1u << MG_ATTR_IMPACT),
	                 -2);
}

/* MG-ARMOR-1 MG-ATTACK-5: the seed's worked example in a combat.  Attack
 * damage 4 + die 6 = 10, attributes impact + fire; N1 hp 20, armor
 * pierce 1, impact 3, energy 2: real damage 10 - 2 = 8, HP 12.
 * Judgement 3+4 = 7 vs 1+2 = 3: hit. */
static void test_seed_example(void **state)
{
	fx *f = duel(0, 0);
	f->ch[1].hp = f->ch[1].hp_now = 20;
	f->at[0][0].damage = 4;
	f->at[0][0].attributes = 1u << MG_ATTR_IMPACT | 1u << MG_ATTR_FIRE;
	armor(f, 1, MG_ATTR_PIERCE, 1);
	armor(f, 1, MG_ATTR_IMPACT, 3);
	armor(f, 1, MG_ATTR_ENERGY, 2);
	DICE(f, 1, 1, 1, 1, 3, 4, 1, 2, 6);
	assert_int_equal(fx_run(f), 0);
	expect(f, DUEL_HEAD "A0.0>1=3+4:7 D1=1+2:3hit G6:10 H1:8[2fi/en]hp12"
	       DUEL_TAIL, 9, -1, 1);
	fx_end(f);
}

/* MG-ARMOR-1: damage floor 0 and negative armor.  Damage 2 + die 1 = 3
 * against impact 5: real 0, HP stays 100.  Against impact -2: 3 + 2 = 5,
 * HP 95.  Without attributes impact 5 does nothing: 3, HP 97. */
static void test_armor_floor_negative(void **state)
{
	static const struct { int64_t armor; uint32_t attrs; const char *h; int64_t hp; } rows[] = {
		{5, 1u << MG_ATTR_IMPACT, "H1:0[5im/im]hp100", 100},
		{-2, 1u << MG_ATTR_IMPACT, "H1:5[-2im/im]hp95", 95},
		{5, 0, "H1:3[0-/-]hp97", 97},
	};
	size_t k;
	char want[512];
	for (k = 0; k < 3; k++) {
		fx *f = duel(0, 0);
		armor(f, 1, MG_ATTR_IMPACT, rows[k].armor);
		f->at[0][0].attributes = rows[k].attrs;
		DICE(f, 1, 1, 1, 1, 3, 4, 1, 2, 1);
		assert_int_equal(fx_run(f), 0);
		snprintf(want, sizeof(want), "%sA0.0>1=3+4:7 D1=1+2:3hit G1:3 %s%s",
		         DUEL_HEAD, rows[k].h, DUEL_TAIL);
		expect(f, want, 9, -1, 1);
		assert_int_equal(st(f, 1).hp, rows[k].hp);
		fx_end(f);
	}
}

/* MG-ATTACK-6 MG-END-1: N1 hp 8 takes 2 + 6 = 8: HP exactly 0 is 戦闘不能;
 * the last NPC is down: the PC wins right after P0's main process, in
 * round 1; N1 never acts. */
static void test_incapacitated_at_zero(void **state)
{
	fx *f = duel(0, 0);
	f->ch[1].hp = f->ch[1].hp_now = 8;
	DICE(f, 1, 1, 1, 1, 3, 4, 1, 2, 6);
	assert_int_equal(fx_run(f), 0);
	expect(f, DUEL_HEAD "A0.0>1=3+4:7 D1=1+2:3hit G6:8 H1:8[0-/-]hp0 X1hp0 "
	       "/0 EPCr1", 9, MG_SIDE_PC, 1);
	assert_int_equal(st(f, 1).state, MG_STATE_INCAPACITATED);
	assert_int_equal(st(f, 1).status, MG_STATUS_PENDING);
	fx_end(f);
}

/* MG-ATTACK-1 MG-ATTACK-3 MG-ATTACK-4 MG-ATTACK-6 MG-POLICY-1
 * MG-ROUND-2: an area attack.  P0 (行動 10) has 爆発 (engagement, damage 3) and a single
 * 剣 (damage 9).  At position 0: N1 (hp 10), N2 (hp 4), N3 (hp_now -1,
 * 戦闘不能); N4 (hp 10) at 50 keeps the NPCs alive.  Candidates: 爆発 hits
 * 2 able enemies, 剣 1: 爆発 (more enemies beats more damage), chosen
 * target the lower HP: N2.  Initiative: P0 1+1 = 12; N1, N2, N4 1+1 = 2
 * (N3 does not roll).  Order 0,1,2,4.
 * Judgement 3+4 = 7.  Targets N1, N2, N3 in scenario order: N1 5+2 = 7
 * evades; N2 1+1 = 2 hit (fumble); N3 hit without a roll.  One damage die
 * 5: 3 + 5 = 8: N2 4 → -4 (戦闘不能), N3 -1 → -9 (still 戦闘不能, not
 * dead).  Then N1 has no attacks; N2 is skipped; N4 nothing.  Limit 1. */
static void test_area_attack(void **state)
{
	fx *f = fx_new(1);
	chr(f, "P0", MG_SIDE_PC, 10, 10, 0);
	chr(f, "N1", MG_SIDE_NPC, 10, 0, 0);
	chr(f, "N2", MG_SIDE_NPC, 4, 0, 0);
	chr(f, "N3", MG_SIDE_NPC, 10, 0, 0);
	chr(f, "N4", MG_SIDE_NPC, 10, 0, 50);
	f->ch[3].hp_now = -1;
	atk(f, 0, "剣", 9, 0);
	atk(f, 0, "爆発", 3, 0)->area = MG_AREA_ENGAGEMENT;
	DICE(f, 1, 1, 1, 1, 1, 1, 1, 1, 3, 4, 5, 2, 1, 1, 5);
	assert_int_equal(fx_run(f), 0);
	expect(f,
	       "R1 I0=1+1:12 I1=1+1:2 I2=1+1:2 I4=1+1:2 O0,1,2,4 M0 "
	       "A0.1>2=3+4:7 D1=5+2:7ev D2=1+1:2Fhit D3=-hit G5:8 "
	       "H2:8[0-/-]hp-4 X2hp-4 H3:8[0-/-]hp-9 /0 "
	       "M1 N1 /1 S2 M4 N4 /4 E-r1",
	       15, -1, 1);
	assert_int_equal(st(f, 3).state, MG_STATE_INCAPACITATED);
	assert_int_equal(st(f, 3).hp, -9);
	fx_end(f);
}

/* ---- the policy ---------------------------------------------------------- */

/* The policy's first choice for P0 (行動 10) at the start of round 1. */
static mg_action first_choice(fx *f)
{
	mg_ask a;
	mg_action x;
	size_t i;
	int64_t d[2 * MAXC];
	for (i = 0; i < 2 * MAXC; i++)
		d[i] = 1;
	set_dice(f, d, 2 * f->s.ncharacters);
	fx_start(f);
	a = ask_action(f, 0);
	assert_int_equal(mg_policy_default(&x, f->c, &a), 0);
	fx_end(f);
	return x;
}

/* MG-POLICY-1: each tie-break in order. */
static void test_policy_tiebreaks(void **state)
{
	mg_action x;
	fx *f;

	/* 1. more able enemies hit: area (damage 1) over single (damage 10):
	 * N1, N2 both at 0 */
	f = fx_new(1);
	chr(f, "P0", MG_SIDE_PC, 10, 10, 0);
	chr(f, "N1", MG_SIDE_NPC, 10, 0, 0);
	chr(f, "N2", MG_SIDE_NPC, 10, 0, 0);
	atk(f, 0, "single", 10, 0);
	atk(f, 0, "area", 1, 0)->area = MG_AREA_ENGAGEMENT;
	x = first_choice(f);
	assert_int_equal(x.kind, MG_ACT_ATTACK);
	assert_int_equal(x.attack, 1);
	assert_int_equal(x.target, 1);
	/* ... but an area attack on a lone enemy counts 1: then the higher
	 * damage decides (single, listed second) */
	f = fx_new(1);
	chr(f, "P0", MG_SIDE_PC, 10, 10, 0);
	chr(f, "N1", MG_SIDE_NPC, 10, 0, 0);
	atk(f, 0, "area", 1, 0)->area = MG_AREA_ENGAGEMENT;
	atk(f, 0, "single", 10, 0);
	x = first_choice(f);
	assert_int_equal(x.attack, 1);
	/* 2. higher damage: 3 vs 5 */
	f = fx_new(1);
	chr(f, "P0", MG_SIDE_PC, 10, 10, 0);
	chr(f, "N1", MG_SIDE_NPC, 10, 0, 0);
	atk(f, 0, "a", 3, 0);
	atk(f, 0, "b", 5, 0);
	x = first_choice(f);
	assert_int_equal(x.attack, 1);
	/* 3. lower current HP: N1 hp 10, N2 hp_now 5 (of 10), both at 0 */
	f = fx_new(1);
	chr(f, "P0", MG_SIDE_PC, 10, 10, 0);
	chr(f, "N1", MG_SIDE_NPC, 10, 0, 0);
	chr(f, "N2", MG_SIDE_NPC, 10, 0, 3);
	f->ch[2].hp_now = 5;
	atk(f, 0, "bow", 3, 5);
	x = first_choice(f);
	assert_int_equal(x.target, 2);
	/* 4. earlier target: equal HP, N1 before N2 (N2 listed first in
	 * position order does not matter) */
	f = fx_new(1);
	chr(f, "P0", MG_SIDE_PC, 10, 10, 0);
	chr(f, "N1", MG_SIDE_NPC, 10, 0, 3);
	chr(f, "N2", MG_SIDE_NPC, 10, 0, 0);
	atk(f, 0, "bow", 3, 5);
	x = first_choice(f);
	assert_int_equal(x.target, 1);
	/* 5. earlier attack: two attacks of damage 3 */
	f = fx_new(1);
	chr(f, "P0", MG_SIDE_PC, 10, 10, 0);
	chr(f, "N1", MG_SIDE_NPC, 10, 0, 0);
	atk(f, 0, "a", 3, 0);
	atk(f, 0, "b", 3, 0);
	x = first_choice(f);
	assert_int_equal(x.attack, 0);
	/* out of range attacks are no candidates: b (damage 9, range 0)
	 * cannot reach N1 at 2; a (range 2) can */
	f = fx_new(1);
	chr(f, "P0", MG_SIDE_PC, 10, 10, 0);
	chr(f, "N1", MG_SIDE_NPC, 10, 0, 2);
	atk(f, 0, "a", 3, 2);
	atk(f, 0, "b", 9, 0);
	x = first_choice(f);
	assert_int_equal(x.kind, MG_ACT_ATTACK);
	assert_int_equal(x.attack, 0);
}

/* MG-POLICY-2 MG-MOVE-1: P0 (行動 0: 戦闘移動 5, 全力移動 15) with a bow of
 * range 2.  N1 at 6 (distance 6 > 2): 戦闘移動 4 m to 4, then step 1
 * again: the bow reaches N1 → attack.  Initiative 1+1 each: equal value
 * and 行動, PC before NPC.  Attack 3+4 = 7 vs 1+1 fumble,
 * hit; die 2: 1 + 2 = 3, N1 7.  N1 has no attacks.  Limit 1. */
static void test_policy_move_then_attack(void **state)
{
	fx *f = fx_new(1);
	chr(f, "P0", MG_SIDE_PC, 10, 0, 0);
	chr(f, "N1", MG_SIDE_NPC, 10, 0, 6);
	atk(f, 0, "bow", 1, 2);
	DICE(f, 1, 1, 1, 1, 3, 4, 1, 1, 2);
	assert_int_equal(fx_run(f), 0);
	expect(f,
	       "R1 I0=1+1:2 I1=1+1:2 O0,1 M0 mv0:0>4 A0.0>1=3+4:7 D1=1+1:2Fhit "
	       "G2:3 H1:3[0-/-]hp7 /0 M1 N1 /1 E-r1",
	       9, -1, 1);
	assert_int_equal(st(f, 0).position, 4);
	fx_end(f);
}

/* MG-POLICY-2: 全力移動.  P0 as above; N1 at -20: need 18 > 5: 全力移動
 * min(18, 15) = 15 toward N1, to -15; nothing follows.  Round 2: need 3:
 * 戦闘移動 3 to -18, then the bow (range 2) reaches: attack 1+2 = 3 vs
 * 2+2 = 4: evaded.  Limit 2. */
static void test_policy_full_move(void **state)
{
	fx *f = fx_new(2);
	chr(f, "P0", MG_SIDE_PC, 10, 0, 0);
	chr(f, "N1", MG_SIDE_NPC, 10, 0, -20);
	atk(f, 0, "bow", 1, 2);
	DICE(f, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2, 2, 2);
	assert_int_equal(fx_run(f), 0);
	expect(f,
	       "R1 I0=1+1:2 I1=1+1:2 O0,1 M0 fm0:0>-15 /0 M1 N1 /1 "
	       "R2 I0=1+1:2 I1=1+1:2 O0,1 M0 mv0:-15>-18 A0.0>1=1+2:3 "
	       "D1=2+2:4ev /0 M1 N1 /1 E-r2",
	       12, -1, 2);
	fx_end(f);
}

/* MG-POLICY-2 (M8.5): after a 戦闘移動 only normal-timing attacks.  P0's
 * only attack is complex, range 2; N1 at 4: need 2 → 戦闘移動 to 2; step 1
 * again finds nothing (complex needs the whole process); no further move;
 * finish false: the process ends.  (The next round P0 would attack from
 * the start; limit 1.) */
static void test_policy_complex_after_move(void **state)
{
	fx *f = fx_new(1);
	chr(f, "P0", MG_SIDE_PC, 10, 0, 0);
	chr(f, "N1", MG_SIDE_NPC, 10, 0, 4);
	atk(f, 0, "magic", 5, 2)->timing = MG_TIMING_COMPLEX;
	DICE(f, 1, 1, 1, 1);
	assert_int_equal(fx_run(f), 0);
	expect(f, "R1 I0=1+1:2 I1=1+1:2 O0,1 M0 mv0:0>2 /0 M1 N1 /1 E-r1",
	       4, -1, 1);
	fx_end(f);
}

/* MG-POLICY-3 MG-FINISH-1 (M8.5, M8.6): P0 (finish, 行動 0) has slash
 * (normal, damage 3, range 0) and blast (complex, damage 5, range 2).  N1
 * (戦闘不能, hp_now -2) at 5; N2 able at 7.  No candidate (distance 7 >
 * 2): 戦闘移動 5 to 5 (7 - 2 = 5 ≤ 5).  Step 1 again with normal attacks:
 * slash cannot reach N2 (2 m).  Step 3: N1 is in range of slash and blast;
 * the highest damage counts, whatever its timing: blast.  Die 4: 5 + 4 =
 * 9, no armor: real 9 ≥ 1: N1 dies at HP -11.  N2 nothing.  Limit 1. */
static void test_policy_finish_after_move(void **state)
{
	fx *f = fx_new(1);
	chr(f, "P0", MG_SIDE_PC, 10, 0, 0);
	chr(f, "N1", MG_SIDE_NPC, 10, 0, 5);
	chr(f, "N2", MG_SIDE_NPC, 10, 0, 7);
	f->ch[0].finish = 1;
	f->ch[1].hp_now = -2;
	atk(f, 0, "slash", 3, 0);
	atk(f, 0, "blast", 5, 2)->timing = MG_TIMING_COMPLEX;
	DICE(f, 1, 1, 1, 1, 4);
	assert_int_equal(fx_run(f), 0);
	expect(f,
	       "R1 I0=1+1:2 I2=1+1:2 O0,2 M0 mv0:0>5 T0.1>1=4:9[0-/-]9hp-11K +1 "
	       "/0 M2 N2 /2 E-r1",
	       5, -1, 1);
	assert_int_equal(st(f, 1).state, MG_STATE_DEAD);
	fx_end(f);
}

/* MG-POLICY-3 MG-FINISH-1 (M8.6, docs/GM.md): the とどめ attack is the one
 * of the highest damage value, whatever the armor does to it.  P0
 * (finish, 行動 -5: allowance 0, no move) has ken (damage 3, impact) and
 * yari (damage 5, pierce); N1 (戦闘不能, HP -1) at 0 has armor pierce 10,
 * N2 far away keeps the NPCs able.  yari is chosen: 5 + 1 - 10 < 1: real
 * 0, N1 lives (ken would have dealt 4 and killed).  Initiative P0 1+1-5
 * = -3, N2 2: N2 first.  Limit 1. */
static void test_policy_finish_highest_damage(void **state)
{
	fx *f = fx_new(1);
	chr(f, "P0", MG_SIDE_PC, 10, -5, 0);
	chr(f, "N1", MG_SIDE_NPC, 10, 0, 0);
	chr(f, "N2", MG_SIDE_NPC, 10, 0, 40);
	f->ch[0].finish = 1;
	f->ch[1].hp_now = -1;
	armor(f, 1, MG_ATTR_PIERCE, 10);
	atk(f, 0, "ken", 3, 0)->attributes = 1u << MG_ATTR_IMPACT;
	atk(f, 0, "yari", 5, 0)->attributes = 1u << MG_ATTR_PIERCE;
	DICE(f, 1, 1, 1, 1, 1);
	assert_int_equal(fx_run(f), 0);
	expect(f,
	       "R1 I0=1+1:-3 I2=1+1:2 O2,0 M2 N2 /2 M0 T0.1>1=1:6[10pi/pi]0hp-1 "
	       "/0 E-r1",
	       5, -1, 1);
	assert_int_equal(st(f, 1).state, MG_STATE_INCAPACITATED);
	fx_end(f);
}

/* MG-POLICY-3 MG-POLICY-2: allowance 0 (行動 -5) and no candidate: no
 * move is made (0 m), so step 3 follows: とどめ on the earliest 戦闘不能
 * enemy in range — N1 (listed before N2, both at 0).  Armor impact 20
 * against slash (impact): 3 + 6 - 20 < 0: real 0, not killed, HP stays
 * -1.  N3 far away keeps the NPCs able.  Then a second combat with N1's
 * armor 8: 9 - 8 = 1 ≥ 1 kills. */
static void test_policy_finish_no_move(void **state)
{
	static const struct { int64_t armor; const char *t; int dead; } rows[] = {
		{20, "T0.0>1=6:9[20im/im]0hp-1", 0},
		{8, "T0.0>1=6:9[8im/im]1hp-2K +1", 1},
	};
	size_t k;
	char want[512];
	for (k = 0; k < 2; k++) {
		fx *f = fx_new(1);
		chr(f, "P0", MG_SIDE_PC, 10, -5, 0);
		chr(f, "N1", MG_SIDE_NPC, 10, 0, 0);
		chr(f, "N2", MG_SIDE_NPC, 10, 0, 0);
		chr(f, "N3", MG_SIDE_NPC, 10, 0, 40);
		f->ch[0].finish = 1;
		f->ch[1].hp_now = -1;
		f->ch[2].hp_now = -1;
		armor(f, 1, MG_ATTR_IMPACT, rows[k].armor);
		atk(f, 0, "slash", 3, 0)->attributes = 1u << MG_ATTR_IMPACT;
		DICE(f, 1, 1, 1, 1, 6);
		assert_int_equal(fx_run(f), 0);
		/* P0 1+1-5 = -3, N3 2: N3 first */
		snprintf(want, sizeof(want),
		         "R1 I0=1+1:-3 I3=1+1:2 O3,0 M3 N3 /3 M0 %s /0 E-r1",
		         rows[k].t);
		expect(f, want, 5, -1, 1);
		assert_int_equal(st(f, 1).state,
		                 rows[k].dead ? MG_STATE_DEAD
		                              : MG_STATE_INCAPACITATED);
		assert_int_equal(st(f, 2).state, MG_STATE_INCAPACITATED);
		fx_end(f);
	}
}

/* MG-POLICY-4: finish false and no move possible: nothing. */
static void test_policy_nothing(void **state)
{
	fx *f = fx_new(1);
	chr(f, "P0", MG_SIDE_PC, 10, -5, 0);
	chr(f, "N1", MG_SIDE_NPC, 10, 0, 0);
	chr(f, "N2", MG_SIDE_NPC, 10, 0, 40);
	f->ch[1].hp_now = -1;
	atk(f, 0, "slash", 3, 0);
	DICE(f, 1, 1, 1, 1);
	assert_int_equal(fx_run(f), 0);
	expect(f, "R1 I0=1+1:-3 I2=1+1:2 O2,0 M2 N2 /2 M0 N0 /0 E-r1", 4, -1,
	       1);
	fx_end(f);
}

/* ---- moves through the step API ----------------------------------------- */

/* MG-MOVE-2 MG-ROUND-3 (M8.8): P0 (行動 5: 戦闘移動 10) at 0; N1 戦闘不能 at 2, P2 (an
 * ally) at 3, N3 able at 6, N4 able at 8.  戦闘移動 to 10 stops at 6,
 * the first position strictly between holding an able enemy (N1 is down,
 * P2 is a friend); the move is spent.  A second 戦闘移動 (two 簡易) from
 * 6 must first 離脱 N3: 5 + 3+3 = 11 vs N3 (行動 0) 4+1 = 5: ok; toward
 * 10 N4 at 8 stops it.  Two 簡易 spend the budget: the process ends by
 * itself and P2 is next.  Initiative: P0 5 + 6+6 = 17; P2, N3, N4 1+1 = 2
 * (N1 does not roll): P0, then the PC P2, then N3, N4. */
static void test_move_blocked(void **state)
{
	fx *f = fx_new(1);
	mg_ask a;
	chr(f, "P0", MG_SIDE_PC, 10, 5, 0);
	chr(f, "N1", MG_SIDE_NPC, 10, 0, 2);
	chr(f, "P2", MG_SIDE_PC, 10, 0, 3);
	chr(f, "N3", MG_SIDE_NPC, 10, 0, 6);
	chr(f, "N4", MG_SIDE_NPC, 10, 0, 8);
	f->ch[1].hp_now = 0;
	DICE(f, 6, 6, 1, 1, 1, 1, 1, 1, 3, 3, 4, 1);
	fx_start(f);
	a = ask_action(f, 0);
	assert_true(a.simple && a.normal && a.complex && a.can_wait);
	assert_int_equal(act(f, MG_ACT_MOVE, 10, 0, 0), 0);
	a = ask_action(f, 0);
	assert_true(a.simple && a.normal && !a.complex && !a.can_wait);
	assert_int_equal(a.nsimple, 1);
	assert_int_equal(act(f, MG_ACT_MOVE, 10, 0, 0), 0);
	a = ask_action(f, 2);
	assert_string_equal(f->trace,
	                    "R1 I0=6+6:17 I2=1+1:2 I3=1+1:2 I4=1+1:2 O0,2,3,4 M0 "
	                    "mv0:0>6(10)b3 L0v3=3+3:11/4+1:5ok mv0:6>8(10)b4 /0 "
	                    "M2");
	assert_int_equal(st(f, 0).position, 8);
	fx_end(f);
}

/* MG-MOVE-3: 離脱.  P0 (行動 0) at 0 with N1 (行動 1) and N2 (行動 3) and
 * N3 (行動 9, 戦闘不能).  The opponent is the able enemy there with the
 * highest 行動: N2.  First try: 3+4 = 7 vs 3 + 2+2 = 7: not strictly
 * higher: fails, P0 stays, the 戦闘移動 is spent.  Second (the other 簡易):
 * 6+2 = 8 vs 3 + 1+3 = 7: ok, to 5. */
static void test_disengage(void **state)
{
	fx *f = fx_new(1);
	mg_ask a;
	chr(f, "P0", MG_SIDE_PC, 10, 0, 0);
	chr(f, "N1", MG_SIDE_NPC, 10, 1, 0);
	chr(f, "N2", MG_SIDE_NPC, 10, 3, 0);
	chr(f, "N3", MG_SIDE_NPC, 10, 9, 0);
	f->ch[3].hp_now = 0;
	/* initiative: P0 6+6 = 12, N1 1+1 = 3, N2 1+1 = 5 */
	DICE(f, 6, 6, 1, 1, 1, 1, 3, 4, 2, 2, 6, 2, 1, 3);
	fx_start(f);
	ask_action(f, 0);
	assert_int_equal(act(f, MG_ACT_MOVE, 5, 0, 0), 0);
	assert_int_equal(st(f, 0).position, 0);
	a = ask_action(f, 0);
	assert_int_equal(a.nsimple, 1);
	assert_int_equal(act(f, MG_ACT_MOVE, 5, 0, 0), 0);
	assert_int_equal(st(f, 0).position, 5);
	assert_string_equal(f->trace,
	                    "R1 I0=6+6:12 I1=1+1:3 I2=1+1:5 O0,2,1 M0 "
	                    "L0v2=3+4:7/2+2:7no mv0:0>0(5)b-1 "
	                    "L0v2=6+2:8/1+3:7ok mv0:0>5");
	assert_int_equal(f->d.rolled, 14);
	fx_end(f);
}

/* MG-ACT-1 MG-ROUND-3: illegal actions are refused with MG_EINVALID and change
 * nothing.  P0 (行動 0) at 0, sword (range 0) and magic (complex, range
 * 0); N1 at 0; N2 at 3; P3 an ally at 0. */
static void test_illegal_actions(void **state)
{
	fx *f = fx_new(1);
	mg_ask a;
	chr(f, "P0", MG_SIDE_PC, 10, 0, 0);
	chr(f, "N1", MG_SIDE_NPC, 10, 0, 0);
	chr(f, "N2", MG_SIDE_NPC, 10, 0, 3);
	chr(f, "P3", MG_SIDE_PC, 10, -9, 0);
	atk(f, 0, "sword", 2, 0);
	atk(f, 0, "magic", 2, 0)->timing = MG_TIMING_COMPLEX;
	/* initiative 6+6 for P0, 1+1 the others; then the sword: 1+1 fumble */
	DICE(f, 6, 6, 1, 1, 1, 1, 1, 1, 1, 1);
	fx_start(f);
	ask_action(f, 0);
	assert_int_equal(act(f, MG_ACT_ATTACK, 0, 0, 2), MG_EINVALID);
	assert_non_null(strstr(mg_error_last(), "out of range"));
	assert_int_equal(act(f, MG_ACT_ATTACK, 0, 0, 3), MG_EINVALID);
	assert_non_null(strstr(mg_error_last(), "not an enemy"));
	assert_int_equal(act(f, MG_ACT_ATTACK, 0, 7, 1), MG_EINVALID);
	assert_int_equal(act(f, MG_ACT_FINISH, 0, 0, 1), MG_EINVALID);
	assert_non_null(strstr(mg_error_last(), "needs an incapacitated target"));
	assert_int_equal(act(f, MG_ACT_MOVE, 6, 0, 0), MG_EINVALID);
	assert_int_equal(act(f, MG_ACT_MOVE, 0, 0, 0), MG_EINVALID);
	assert_int_equal(act(f, MG_ACT_FULL_MOVE, -16, 0, 0), MG_EINVALID);
	assert_int_equal(act(f, MG_ACT_RESUME, 0, 0, 0), MG_EINVALID);
	/* the sword (通常), fumbled; then no second 通常 and no complex */
	assert_int_equal(act(f, MG_ACT_ATTACK, 0, 0, 1), 0);
	a = ask_action(f, 0);
	assert_true(a.simple && !a.normal && !a.complex && !a.can_wait);
	assert_int_equal(act(f, MG_ACT_ATTACK, 0, 0, 1), MG_EINVALID);
	assert_int_equal(act(f, MG_ACT_ATTACK, 0, 1, 1), MG_EINVALID);
	assert_int_equal(act(f, MG_ACT_FULL_MOVE, 5, 0, 0), MG_EINVALID);
	assert_int_equal(act(f, MG_ACT_WAIT, 0, 0, 0), MG_EINVALID);
	assert_int_equal(f->d.rolled, 10);
	assert_string_equal(f->trace,
	                    "R1 I0=6+6:12 I1=1+1:2 I2=1+1:2 I3=1+1:-7 O0,1,2,3 M0 "
	                    "A0.0>1=1+1:2F");
	fx_end(f);
}

/* MG-FINISH-1 MG-FINISH-2 (M8.2): dead characters leave the combat.  P0
 * (行動 5, at 3) kills N1 (戦闘不能 at 3) with とどめ by hand, using its
 * area attack boom's damage: die 1: 2 + 1 = 3 ≥ 1: dead at HP -3.  Then
 * N1 is no target (MG_EINVALID).  Round 2 the policy's boom on N2 (also
 * at 3) targets N2 only: the dead N1 is in no engagement.  Limit 2. */
static void test_dead_leave(void **state)
{
	fx *f = fx_new(2);
	mg_ask a;
	chr(f, "P0", MG_SIDE_PC, 10, 5, 3);
	chr(f, "N1", MG_SIDE_NPC, 10, 0, 3);
	chr(f, "N2", MG_SIDE_NPC, 10, 0, 3);
	f->ch[1].hp_now = 0;
	atk(f, 0, "boom", 2, 0)->area = MG_AREA_ENGAGEMENT;
	/* round 1: P0 6+6 = 17, N2 1+1 = 2; とどめ die 1 */
	DICE(f, 6, 6, 1, 1, 1,
	     /* round 2: P0 6+6, N2 1+1; boom 3+4 = 7 vs N2 1+2 = 3, die 2 */
	     6, 6, 1, 1, 3, 4, 1, 2, 2);
	fx_start(f);
	ask_action(f, 0);
	assert_int_equal(act(f, MG_ACT_FINISH, 0, 0, 1), 0);
	assert_int_equal(st(f, 1).state, MG_STATE_DEAD);
	a = ask_action(f, 0);
	(void)a;
	assert_int_equal(act(f, MG_ACT_ATTACK, 0, 0, 1), MG_EINVALID);
	assert_non_null(strstr(mg_error_last(), "dead"));
	assert_int_equal(act(f, MG_ACT_END, 0, 0, 0), 0);
	assert_int_equal(mg_combat_run(&f->r, f->c), 0);
	expect(f,
	       "R1 I0=6+6:17 I2=1+1:2 O0,2 M0 T0.0>1=1:3[0-/-]3hp-3K +1 /0 "
	       "M2 N2 /2 R2 I0=6+6:17 I2=1+1:2 O0,2 M0 A0.0>2=3+4:7 "
	       "D2=1+2:3hit G2:4 H2:4[0-/-]hp6 /0 M2 N2 /2 E-r2",
	       14, -1, 2);
	fx_end(f);
}

/* ---- 登場判定 -------------------------------------------------------------- */

/* The scenario and dice of test_enter_round and test_enter_by_gm (the
 * derivation is test_enter_round's). */
static fx *enter_fixture(void)
{
	fx *f = fx_new(5);
	chr(f, "P0", MG_SIDE_PC, 10, 3, 0);
	chr(f, "N1", MG_SIDE_NPC, 3, 0, 0);
	chr(f, "N2", MG_SIDE_NPC, 4, 1, 0);
	atk(f, 0, "剣", 5, 0);
	atk(f, 1, "爪", 1, 0);
	atk(f, 2, "爪", 1, 0);
	f->ch[2].enters = 2;
	DICE(f, 6, 6, 1, 1, 4, 4, 1, 2, 3,
	     1, 1, 6, 6, 3, 3, 2, 2, 1, 5, 5, 2, 3, 2);
	return f;
}

/* The trace of test_enter_round's combat; `gm`: N2's entry by the GM at
 * P0's first decision instead of at round 2's setup. */
#define ENTER_TRACE(gm)                                                    \
	"R1 I0=6+6:15 I1=1+1:2 O0,1 M0 " gm "A0.0>1=4+4:8 D1=1+2:3hit "      \
	"G3:8 H1:8[0-/-]hp-5 X1hp-5 /0 S1 R2 %sI0=1+1:5 I2=6+6:13 O2,0 "     \
	"M2 A2.0>0=3+3:6 D0=2+2:4hit G1:2 H0:2[0-/-]hp8 /2 "                 \
	"M0 A0.0>2=5+5:10 D2=2+3:5hit G2:7 H2:7[0-/-]hp-3 X2hp-3 /0 "        \
	"EPCr2"

/* MG-ENTER-1 MG-ENTER-2 MG-ENTER-3: P0 (HP 10, 行動 3, 剣 5), N1 (HP 3,
 * 行動 0, 爪 1), N2 (HP 4, 行動 1, 爪 1, enters in round 2), all at 0,
 * other stats 0, limit 5.
 * Round 1: N2 is not in the scene: only P0 6+6 = 15 and N1 1+1 = 2 roll,
 * order 0,1.  P0 can't target N2 (refused, nothing changes); the policy
 * attacks N1: 4+4 = 8 against 1+2 = 3, hit; damage 3 + 5 = 8, HP 3 → −5,
 * 戦闘不能.  No NPC is able, but N2 is still to come: the combat goes on
 * (a count of the able alone would end it, PC winning).  N1's turn is
 * skipped.
 * Round 2: N2 enters (at 0, HP 4) before the initiatives: P0 1+1 = 5, N2
 * 6+6 = 13: order 2,0.  N2 attacks P0: 3+3 = 6 against 2+2 = 4, hit;
 * damage 1 + 1 = 2, HP 10 → 8.  P0 attacks N2: 5+5 = 10 against 2+3 = 5,
 * hit; damage 2 + 5 = 7, HP 4 → −3, 戦闘不能: no NPC able or to come, PC
 * wins in round 2.  23 dice. */
static void test_enter_round(void **state)
{
	fx *f = enter_fixture();
	char want[512];
	(void)state;
	assert_int_equal(mg_scenario_check(&f->s), 0);
	fx_start(f);
	assert_int_equal(st(f, 2).state, MG_STATE_ABSENT);
	ask_action(f, 0);
	assert_int_equal(act(f, MG_ACT_ATTACK, 0, 0, 2), MG_EINVALID);
	assert_int_equal(mg_combat_refusal(f->c), MG_REFUSE_ABSENT);
	assert_string_equal(mg_error_last(),
	                    "P0: the target has not entered the scene yet");
	assert_int_equal(mg_combat_run(&f->r, f->c), 0);
	snprintf(want, sizeof(want), ENTER_TRACE(""), "V2@0:4 ");
	expect(f, want, 23, MG_SIDE_PC, 2);
	assert_int_equal(st(f, 2).state, MG_STATE_INCAPACITATED);
	fx_end(f);
}

/* MG-ENTER-4: the scenario of test_enter_round, the same dice, but the
 * GM brings N2 in at P0's first decision of round 1 (event V2 with the
 * GM's mark, after P0's process began).  N2 is then able but outside
 * round 1's order: no turn in round 1.  P0's policy chooses between N1
 * (HP 3) and N2 (HP 4), same damage: the lower HP, N1, as before; N1
 * falls, N2 able: the combat goes on.  Round 2 needs no entry (N2 is in)
 * and goes as in test_enter_round: the same trace but for the place of
 * the entry.  Bringing in one already there is refused. */
static void test_enter_by_gm(void **state)
{
	fx *f = enter_fixture();
	char want[512];
	mg_adjust g;
	(void)state;
	fx_start(f);
	ask_action(f, 0);
	memset(&g, 0, sizeof(g));
	g.kind = MG_ADJ_ENTER;
	g.who = 0;
	assert_int_equal(mg_combat_adjust(f->c, &g), MG_EINVALID);
	assert_int_equal(mg_combat_refusal(f->c), MG_REFUSE_PRESENT);
	g.who = 2;
	assert_int_equal(mg_combat_adjust(f->c, &g), 0);
	assert_int_equal(st(f, 2).state, MG_STATE_ABLE);
	assert_int_equal(st(f, 2).status, MG_STATUS_NONE);
	assert_int_equal(mg_combat_adjust(f->c, &g), MG_EINVALID);
	assert_int_equal(mg_combat_refusal(f->c), MG_REFUSE_PRESENT);
	assert_string_equal(mg_error_last(), "N2: it is in the scene already");
	assert_int_equal(mg_combat_run(&f->r, f->c), 0);
	snprintf(want, sizeof(want), ENTER_TRACE("V2@0:4g "), "");
	expect(f, want, 23, MG_SIDE_PC, 2);
	fx_end(f);
}

/* MG-ENTER-3 (code review 2026-12-07): the end check also follows a
 * round's entries.  P0 (PC, HP 5 but hp_now 0, enters in round 2), N1
 * (NPC, hp_now −3, enters in round 3), limit 5.  Before round 1 each side
 * has someone to come: not decided.  Round 1: nobody is in the scene
 * able, so nobody rolls (an empty order).  Round 2: P0 enters 戦闘不能
 * (HP 0): the PCs have nobody able and nobody to come, the NPCs still
 * have N1 to come: NPC wins in round 2, N1 absent.  No dice.  (Before the
 * review the check ran only after main processes: rounds 2–5 went by
 * empty and it was a draw in round 5.) */
static void test_enter_decides_at_setup(void **state)
{
	fx *f = fx_new(5);
	(void)state;
	chr(f, "P0", MG_SIDE_PC, 5, 0, 0);
	chr(f, "N1", MG_SIDE_NPC, 5, 0, 0);
	f->ch[0].hp_now = 0;
	f->ch[0].enters = 2;
	f->ch[1].hp_now = -3;
	f->ch[1].enters = 3;
	DICE(f, 1);
	assert_int_equal(fx_run(f), 0);
	expect(f, "R1 O R2 V0@0:0X ENPCr2", 0, MG_SIDE_NPC, 2);
	assert_int_equal(st(f, 1).state, MG_STATE_ABSENT);
	fx_end(f);
}

/* MG-ENTER-4 MG-GM-3 (code review 2026-12-07): the GM brings in the last
 * character a side waited for, and it enters 戦闘不能: the combat is
 * decided there.  P0 (PC, HP 10, 行動 3, 剣 5, finish: true), N1 (NPC,
 * hp_now 0), N2 (NPC, hp_now 0, enters in round 4), limit 5.  Round 1: P0
 * alone rolls 6+6 = 15.  At its first decision the GM enters N2 (HP 0,
 * 戦闘不能): no NPC able or to come; P0's process ends at once with
 * nothing done (MG-END-1), and PC wins in round 1.  Before the review P0
 * went on acting: its policy's とどめ on N1 (M6.3) wanted a third die. */
static void test_enter_by_gm_decides(void **state)
{
	fx *f = fx_new(5);
	mg_adjust g;
	(void)state;
	chr(f, "P0", MG_SIDE_PC, 10, 3, 0);
	chr(f, "N1", MG_SIDE_NPC, 3, 0, 0);
	chr(f, "N2", MG_SIDE_NPC, 4, 0, 0);
	atk(f, 0, "剣", 5, 0);
	f->ch[0].finish = 1;
	f->ch[1].hp_now = 0;
	f->ch[2].hp_now = 0;
	f->ch[2].enters = 4;
	DICE(f, 6, 6);
	fx_start(f);
	ask_action(f, 0);
	memset(&g, 0, sizeof(g));
	g.kind = MG_ADJ_ENTER;
	g.who = 2;
	assert_int_equal(mg_combat_adjust(f->c, &g), 0);
	assert_int_equal(mg_combat_run(&f->r, f->c), 0);
	expect(f, "R1 I0=6+6:15 O0 M0 V2@0:0Xg N0 /0 EPCr1", 2, MG_SIDE_PC, 1);
	fx_end(f);
}

/* MG-ENTER-3: a reinforcement comes too late.  P0 (HP 1, 行動 0, no
 * attacks), N1 (行動 3, 爪 5), N2 (HP 4, enters in round 2), all at 0.
 * Round 1: P0 1+1 = 2, N1 6+6 = 15, order 1,0; N1 attacks: 4+4 = 8
 * against 1+2 = 3, hit; damage 3 + 5 = 8, HP 1 → −7: no PC able or to
 * come: NPC wins in round 1, N2 never enters (state absent, HP 4).  A
 * scenario whose character would enter after the round limit is refused
 * (it would never enter). */
static void test_enter_too_late(void **state)
{
	fx *f = fx_new(5);
	(void)state;
	chr(f, "P0", MG_SIDE_PC, 1, 0, 0);
	chr(f, "N1", MG_SIDE_NPC, 3, 3, 0);
	chr(f, "N2", MG_SIDE_NPC, 4, 1, 0);
	atk(f, 1, "爪", 5, 0);
	f->ch[2].enters = 2;
	DICE(f, 1, 1, 6, 6, 4, 4, 1, 2, 3);
	assert_int_equal(fx_run(f), 0);
	expect(f,
	       "R1 I0=1+1:2 I1=6+6:15 O1,0 M1 A1.0>0=4+4:8 D0=1+2:3hit G3:8 "
	       "H0:8[0-/-]hp-7 X0hp-7 /1 ENPCr1",
	       9, MG_SIDE_NPC, 1);
	assert_int_equal(st(f, 2).state, MG_STATE_ABSENT);
	assert_int_equal(st(f, 2).hp, 4);
	fx_end(f);
	f->ch[2].enters = 6;
	assert_int_equal(mg_scenario_check(&f->s), MG_EINVALID);
	assert_string_equal(mg_error_last(),
	                    "N2: enters in round 6, after the round limit 5");
}

/* ---- 待機 ----------------------------------------------------------------- */

/* MG-WAIT-1 MG-WAIT-2 MG-WAIT-3: P0 (行動 2), P1 (行動 1), N2 (行動 0), no
 * attacks, all 1+1: order 0,1,2.  P0 declares 待機; P1's turn: it waits
 * too.  N2 acts (nothing); after its process ends the waiting are asked
 * in initiative order: P0 stays, P1 resumes and ends; then P0 is asked
 * again and stays; the round's order is done: P0 acts at the end of the
 * round (resumed, it cannot wait again).  Limit 1. */
static void test_wait_resume(void **state)
{
	fx *f = fx_new(1);
	mg_ask a;
	chr(f, "P0", MG_SIDE_PC, 10, 2, 0);
	chr(f, "P1", MG_SIDE_PC, 10, 1, 0);
	chr(f, "N2", MG_SIDE_NPC, 10, 0, 0);
	DICE(f, 1, 1, 1, 1, 1, 1);
	fx_start(f);
	ask_action(f, 0);
	assert_int_equal(act(f, MG_ACT_WAIT, 0, 0, 0), 0);
	assert_int_equal(st(f, 0).status, MG_STATUS_WAITING);
	ask_action(f, 1);
	assert_int_equal(act(f, MG_ACT_WAIT, 0, 0, 0), 0);
	ask_action(f, 2);
	assert_int_equal(act(f, MG_ACT_END, 0, 0, 0), 0);
	assert_int_equal(mg_combat_next(&a, f->c), 0);
	assert_int_equal(a.kind, MG_ASK_RESUME);
	assert_int_equal(a.actor, 0);
	assert_int_equal(act(f, MG_ACT_STAY, 0, 0, 0), 0);
	assert_int_equal(mg_combat_next(&a, f->c), 0);
	assert_int_equal(a.kind, MG_ASK_RESUME);
	assert_int_equal(a.actor, 1);
	assert_int_equal(act(f, MG_ACT_RESUME, 0, 0, 0), 0);
	a = ask_action(f, 1);
	assert_true(a.resumed && !a.can_wait && a.complex);
	assert_int_equal(act(f, MG_ACT_END, 0, 0, 0), 0);
	assert_int_equal(mg_combat_next(&a, f->c), 0);
	assert_int_equal(a.kind, MG_ASK_RESUME);
	assert_int_equal(a.actor, 0);
	assert_int_equal(act(f, MG_ACT_STAY, 0, 0, 0), 0);
	a = ask_action(f, 0);
	assert_true(a.resumed && !a.can_wait);
	assert_int_equal(act(f, MG_ACT_END, 0, 0, 0), 0);
	assert_int_equal(mg_combat_next(&a, f->c), 0);
	assert_int_equal(a.kind, MG_ASK_OVER);
	assert_string_equal(f->trace,
	                    "R1 I0=1+1:4 I1=1+1:3 I2=1+1:2 O0,1,2 M0 W0 M1 W1 "
	                    "M2 N2 /2 U1 M1r N1 /1 U0f M0r N0 /0 E-r1");
	fx_end(f);
}

/* MG-WAIT-4: the policy resumes at the first ask.  P0 (行動 2) declares
 * 待機 by hand; then mg_combat_run: N1 (行動 0, no attacks) does nothing;
 * asked, the policy resumes P0 at once, which does nothing either (no
 * attacks).  Initiative 1+1 each: P0 4, N1 2.  Limit 1. */
static void test_wait_policy_resumes(void **state)
{
	fx *f = fx_new(1);
	chr(f, "P0", MG_SIDE_PC, 10, 2, 0);
	chr(f, "N1", MG_SIDE_NPC, 10, 0, 0);
	DICE(f, 1, 1, 1, 1);
	fx_start(f);
	ask_action(f, 0);
	assert_int_equal(act(f, MG_ACT_WAIT, 0, 0, 0), 0);
	assert_int_equal(mg_combat_run(&f->r, f->c), 0);
	expect(f, "R1 I0=1+1:4 I1=1+1:2 O0,1 M0 W0 M1 N1 /1 U0 M0r N0 /0 E-r1",
	       4, -1, 1);
	fx_end(f);
}

/* MG-WAIT-5: a waiting character that becomes 戦闘不能 is never asked and
 * does not act at the end of the round.  P0 (行動 3) waits; N1 (行動 2,
 * axe damage 20) attacks P0: 3+4 = 7 vs 1+2 = 3, die 1: 21, P0 → -11
 * 戦闘不能; P2 (able, far away at 90) keeps the combat going.  Then P2
 * (nothing); the round ends without P0 acting.  Limit 1. */
static void test_wait_incapacitated(void **state)
{
	fx *f = fx_new(1);
	chr(f, "P0", MG_SIDE_PC, 10, 3, 0);
	chr(f, "N1", MG_SIDE_NPC, 10, 2, 0);
	chr(f, "P2", MG_SIDE_PC, 10, 0, 90);
	atk(f, 1, "axe", 20, 0);
	DICE(f, 1, 1, 1, 1, 1, 1, 3, 4, 1, 2, 1);
	fx_start(f);
	ask_action(f, 0);
	assert_int_equal(act(f, MG_ACT_WAIT, 0, 0, 0), 0);
	assert_int_equal(mg_combat_run(&f->r, f->c), 0);
	expect(f,
	       "R1 I0=1+1:5 I1=1+1:4 I2=1+1:2 O0,1,2 M0 W0 M1 A1.0>0=3+4:7 "
	       "D0=1+2:3hit G1:21 H0:21[0-/-]hp-11 X0hp-11 /1 M2 N2 /2 E-r1",
	       11, -1, 1);
	assert_int_equal(st(f, 0).status, MG_STATUS_WAITING);
	fx_end(f);
}

/* MG-END-1: a person's attack that downs the last enemy ends the main
 * process at once: nothing more is asked, the PC wins in round 1. */
static void test_end_after_attack(void **state)
{
	fx *f = duel(0, 0);
	mg_ask a;
	f->ch[1].hp = f->ch[1].hp_now = 3;
	DICE(f, 1, 1, 1, 1, 3, 4, 1, 2, 1);
	fx_start(f);
	ask_action(f, 0);
	assert_int_equal(act(f, MG_ACT_ATTACK, 0, 0, 1), 0);
	assert_int_equal(act(f, MG_ACT_MOVE, 3, 0, 0), MG_EINVALID);
	assert_int_equal(mg_combat_next(&a, f->c), 0);
	assert_int_equal(a.kind, MG_ASK_OVER);
	mg_combat_result(&f->r, f->c);
	expect(f, DUEL_HEAD "A0.0>1=3+4:7 D1=1+2:3hit G1:3 H1:3[0-/-]hp0 X1hp0 "
	       "/0 EPCr1", 9, MG_SIDE_PC, 1);
	fx_end(f);
}

static int stop_at_third(void *ud, const mg_combat *c, const mg_event *e)
{
	int *n = ud;
	(void)c;
	(void)e;
	return ++*n == 3;
}

/* MG-STOP-1: an event callback that returns non-zero stops the combat
 * with MG_ERROR at that event (the third: round, initiative, initiative),
 * and the combat keeps failing; 4 dice were rolled. */
static void test_callback_stops(void **state)
{
	fx *f = fx_new(1);
	mg_combat_opts o = MG_COMBAT_OPTS_INIT;
	mg_ask a;
	int n = 0;
	chr(f, "P0", MG_SIDE_PC, 10, 0, 0);
	chr(f, "N1", MG_SIDE_NPC, 10, 0, 0);
	DICE(f, 1, 1, 1, 1);
	o.dice = &f->d;
	o.on_event = stop_at_third;
	o.event_ud = &n;
	assert_int_equal(mg_combat_new(&f->c, &f->s, &o), 0);
	assert_int_equal(mg_combat_run(&f->r, f->c), MG_ERROR);
	assert_non_null(strstr(mg_error_last(), "callback"));
	assert_int_equal(n, 3);
	assert_int_equal(f->d.rolled, 4);
	assert_int_equal(mg_combat_next(&a, f->c), MG_ERROR);
	assert_int_equal(mg_combat_act(f->c, &(mg_action){MG_ACT_END, 0, 0, 0}),
	                 MG_ERROR);
	fx_end(f);
}

/* MG-ACT-1: mg_combat_new refuses options without a dice source or of
 * another version, and a scenario mg_scenario_check refuses (no NPC). */
static void test_new_refuses(void **state)
{
	fx *f = fx_new(1);
	mg_combat_opts o = MG_COMBAT_OPTS_INIT;
	mg_combat *c = (mg_combat *)&o;
	chr(f, "P0", MG_SIDE_PC, 10, 0, 0);
	DICE(f, 1);
	assert_int_equal(mg_combat_new(&c, &f->s, &o), MG_EINVALID);
	assert_null(c);
	o.dice = &f->d;
	assert_int_equal(mg_combat_new(&c, &f->s, &o), MG_EINVALID);
	assert_non_null(strstr(mg_error_last(), "no NPC"));
	chr(f, "N1", MG_SIDE_NPC, 10, 0, 0);
	o.version = 99;
	assert_int_equal(mg_combat_new(&c, &f->s, &o), MG_EINVALID);
	o.version = MG_COMBAT_OPTS_VERSION;
	assert_int_equal(mg_combat_new(&c, &f->s, &o), 0);
	mg_combat_free(c);
	mg_combat_free(NULL);
}

/* ---- the event budget (MG-BUDGET-1) -------------------------------------- */

static int count_event(void *ud, const mg_combat *c, const mg_event *e)
{
	(void)c;
	(void)e;
	++*(uint64_t *)ud;
	return 0;
}

/* A combat of f's scenario with the generator seeded 0, a budget of max
 * events, and a counting callback when `events` is not NULL; its code. */
static int budget_run(fx *f, uint64_t max, uint64_t *events, mg_combat **out)
{
	mg_combat_opts o = MG_COMBAT_OPTS_INIT;
	mg_result r;
	ut_dice_seed(&f->d, 0);
	o.dice = &f->d;
	o.max_events = max;
	if (events) {
		*events = 0;
		o.on_event = count_event;
		o.event_ud = events;
	}
	assert_int_equal(mg_combat_new(out, &f->s, &o), 0);
	return mg_combat_run(&r, *out);
}

/* MG-BUDGET-1: P0 and N1 have no attacks, so a round is exactly 10 events
 * (round, 2 initiatives, order, then main_begin, nothing, main_end for
 * each) and round_limit 3 makes 3 × 10 + 1 (the end) = 31 events.  A
 * budget of 31 ends it (a draw in round 3); 30 stops it before the end
 * event, in round 3, with MG_ELIMIT and the budget named; 10 stops it
 * before round 2's first event (the round counter is 2 by then).  The
 * same with and without a callback: every event counts. */
static void test_event_budget(void **state)
{
	fx *f = fx_new(3);
	mg_combat *c;
	mg_ask a;
	uint64_t n;
	mg_result r;
	chr(f, "P0", MG_SIDE_PC, 10, 0, 0);
	chr(f, "N1", MG_SIDE_NPC, 10, 0, 5);

	assert_int_equal(budget_run(f, 31, &n, &c), 0);
	assert_int_equal(n, 31);
	assert_int_equal(mg_combat_events(c), 31);
	mg_combat_result(&r, c);
	assert_int_equal(r.over, 1);
	assert_int_equal(r.winner, -1);
	assert_int_equal(r.rounds, 3);
	mg_combat_free(c);

	assert_int_equal(budget_run(f, 30, &n, &c), MG_ELIMIT);
	assert_string_equal(mg_error_last(),
	                    "the combat reached its limit of 30 events (round 3)");
	assert_int_equal(n, 30);
	assert_int_equal(mg_combat_events(c), 30);
	mg_combat_result(&r, c);
	assert_int_equal(r.over, 0);
	/* a stopped combat keeps failing with the same code and text */
	assert_int_equal(mg_combat_next(&a, c), MG_ELIMIT);
	assert_string_equal(mg_error_last(),
	                    "the combat reached its limit of 30 events (round 3)");
	mg_combat_free(c);

	assert_int_equal(budget_run(f, 10, NULL, &c), MG_ELIMIT);
	assert_string_equal(mg_error_last(),
	                    "the combat reached its limit of 10 events (round 2)");
	assert_int_equal(mg_combat_events(c), 10);
	assert_int_equal(mg_combat_round(c), 2);
	mg_combat_free(c);
}

/* MG-BUDGET-1 MG-SCN-LIMIT-1: the longest legal combat in which nobody
 * can be hurt (round_limit 1000, armor 1000 against damage 5 + a die)
 * ends: a draw after 1000 rounds, well within the default budget (each
 * round is at most 4 + 2 × 6 events: 16 000 + 1 in all). */
static void test_budget_longest_draw(void **state)
{
	fx *f = fx_new(MG_SCN_ROUND_LIMIT_MAX);
	mg_combat *c;
	uint64_t n;
	mg_result r;
	chr(f, "P0", MG_SIDE_PC, 10, 0, 0);
	chr(f, "N1", MG_SIDE_NPC, 10, 0, 0);
	atk(f, 0, "sword", 5, 0)->attributes = 1u << MG_ATTR_IMPACT;
	atk(f, 1, "claw", 5, 0)->attributes = 1u << MG_ATTR_IMPACT;
	armor(f, 0, MG_ATTR_IMPACT, 1000);
	armor(f, 1, MG_ATTR_IMPACT, 1000);
	assert_int_equal(budget_run(f, MG_COMBAT_MAX_EVENTS_DEFAULT, &n, &c), 0);
	mg_combat_result(&r, c);
	assert_int_equal(r.over, 1);
	assert_int_equal(r.winner, -1);
	assert_int_equal(r.rounds, 1000);
	assert_int_equal(n, mg_combat_events(c));
	assert_true(n >= 10 * 1000 + 1 && n <= 16 * 1000 + 1);
	mg_combat_free(c);
}

/* MG-BUDGET-1: the budget is at least 1 (0 is refused), and options of
 * the version before it (1, without max_events) are refused too. */
static void test_budget_options(void **state)
{
	fx *f = fx_new(1);
	mg_combat_opts o = MG_COMBAT_OPTS_INIT;
	mg_combat *c;
	chr(f, "P0", MG_SIDE_PC, 10, 0, 0);
	chr(f, "N1", MG_SIDE_NPC, 10, 0, 0);
	ut_dice_seed(&f->d, 0);
	o.dice = &f->d;
	assert_int_equal(o.max_events, MG_COMBAT_MAX_EVENTS_DEFAULT);
	o.max_events = 0;
	assert_int_equal(mg_combat_new(&c, &f->s, &o), MG_EINVALID);
	assert_null(c);
	o.max_events = 1;
	o.version = 1;
	assert_int_equal(mg_combat_new(&c, &f->s, &o), MG_EINVALID);
	o.version = MG_COMBAT_OPTS_VERSION;
	assert_int_equal(mg_combat_new(&c, &f->s, &o), 0);
	mg_combat_free(c);
}

/* MG-CKD-1: the engine's distance, public for front ends (the tracker's
 * options used their own, which wrapped to a negative distance for
 * positions 2^63 apart): exact for any two positions. */
static void test_distance(void **state)
{
	(void)state;
	assert_true(mg_distance(0, 0) == 0);
	assert_true(mg_distance(-3, 4) == 7);
	assert_true(mg_distance(4, -3) == 7);
	assert_true(mg_distance(INT64_MAX, -INT64_MAX) == UINT64_MAX - 1);
	assert_true(mg_distance(INT64_MIN, INT64_MAX) == UINT64_MAX);
	assert_true(mg_distance(INT64_MAX, INT64_MIN) == UINT64_MAX);
}

/* MG-CKD-1: an incapacitated N2 at HP INT64_MIN + 2 hit by an area attack
 * (2 + 1 = 3): HP would go below INT64_MIN: MG_EOVERFLOW stops it. */
static void test_overflow(void **state)
{
	fx *f = fx_new(1);
	chr(f, "P0", MG_SIDE_PC, 10, 10, 0);
	chr(f, "N1", MG_SIDE_NPC, 10, 0, 0);
	chr(f, "N2", MG_SIDE_NPC, 10, 0, 0);
	f->ch[2].hp_now = INT64_MIN + 2;
	atk(f, 0, "boom", 2, 0)->area = MG_AREA_ENGAGEMENT;
	DICE(f, 1, 1, 1, 1, 3, 4, 1, 2, 1);
	assert_int_equal(fx_run(f), MG_EOVERFLOW);
	assert_non_null(strstr(mg_error_last(), "N2"));
	fx_end(f);
}


/* ---- logs ---------------------------------------------------------------- */

/* The log of a combat through mg_log_event (ud = the log) in `format`. */
static char *log_of(fx *f, mg_log_format format, mg_lang lang, int seeded)
{
	mg_combat_opts o = MG_COMBAT_OPTS_INIT;
	mg_log *log;
	size_t len;
	int rc;
	char *out;
	assert_int_equal(mg_log_new(&log, format, lang, NULL, NULL), 0);
	if (seeded)
		mg_log_set_seed(log, 42);
	o.dice = &f->d;
	o.on_event = mg_log_event;
	o.event_ud = log;
	assert_int_equal(mg_combat_new(&f->c, &f->s, &o), 0);
	rc = mg_combat_run(&f->r, f->c);
	assert_int_equal(mg_log_finish(log, f->c, rc), 0);
	out = strdup(mg_log_text(log, &len));
	assert_int_equal(strlen(out), len);
	mg_log_free(log);
	fx_end(f);
	return out;
}

/* The seed's example as a combat: アリア (PC, 行動 1, 命中 2) with a
 * ロングソード (damage 4, impact + fire) against ゴブリン (NPC, hp 20, 回避
 * 1, armor pierce 1 / impact 3 / energy 2) and 魔導士 (NPC, hp 5, far at
 * 30, no attacks).  Initiative: アリア 1 + 5+1 = 7, ゴブリン 0 + 2+2 = 4,
 * 魔導士 3+3 = 6.  Attack 2 + 4+3 = 9 vs 1 + 2+1 = 4: hit, die 6: 10,
 * modifier 2 (fire → energy), real 8, HP 12.  Round limit 1: a draw. */
static fx *log_scenario(void)
{
	fx *f = fx_new(1);
	int a = chr(f, "アリア", MG_SIDE_PC, 24, 1, 0);
	int g = chr(f, "ゴブリン", MG_SIDE_NPC, 20, 0, 0);
	chr(f, "魔導士", MG_SIDE_NPC, 5, 0, 30);
	f->ch[a].stat[MG_STAT_ACCURACY] = 2;
	f->ch[g].stat[MG_STAT_EVASION] = 1;
	armor(f, g, MG_ATTR_PIERCE, 1);
	armor(f, g, MG_ATTR_IMPACT, 3);
	armor(f, g, MG_ATTR_ENERGY, 2);
	atk(f, a, "ロングソード", 4, 0)->attributes =
		1u << MG_ATTR_IMPACT | 1u << MG_ATTR_FIRE;
	DICE(f, 5, 1, 2, 2, 3, 3, 4, 3, 2, 1, 6);
	return f;
}

/* MG-LOG-1: the text log in Japanese and English, the JSON document. */
static void test_logs(void **state)
{
	char *t;
	t = log_of(log_scenario(), MG_LOG_TEXT, MG_LANG_JA, 0);
	assert_string_equal(t,
	       "■第1ラウンド\n"
	       "アリアのイニシアティブ (2D6+1) ＞ 6[1,5]+1 ＞ 7\n"
	       "ゴブリンのイニシアティブ (2D6) ＞ 4[2,2] ＞ 4\n"
	       "魔導士のイニシアティブ (2D6) ＞ 6[3,3] ＞ 6\n"
	       "行動順：アリア、魔導士、ゴブリン\n"
	       "▼アリアのメインプロセス\n"
	       "アリアのロングソード → ゴブリン (2D6+2) ＞ 7[3,4]+2 ＞ 9\n"
	       "ゴブリンの回避 (2D6+1) ＞ 3[1,2]+1 ＞ 4 ＞ 命中\n"
	       "ダメージ (1D6+4) ＞ 6[6]+4 ＞ 10\n"
	       "ゴブリンに実ダメージ8（10 − 防御修正2：火→エネルギー） HP 12\n"
	       "▼魔導士のメインプロセス\n"
	       "魔導士は何もしない\n"
	       "▼ゴブリンのメインプロセス\n"
	       "ゴブリンは何もしない\n"
	       "■結果（1ラウンド）\n"
	       "引き分け\n"
	       "アリア（PC） HP 24 行動可能\n"
	       "ゴブリン（NPC） HP 12 行動可能\n"
	       "魔導士（NPC） HP 5 行動可能\n");
	free(t);
	t = log_of(log_scenario(), MG_LOG_TEXT, MG_LANG_EN, 0);
	assert_string_equal(t,
	       "■Round 1\n"
	       "アリア's initiative (2D6+1) ＞ 6[1,5]+1 ＞ 7\n"
	       "ゴブリン's initiative (2D6) ＞ 4[2,2] ＞ 4\n"
	       "魔導士's initiative (2D6) ＞ 6[3,3] ＞ 6\n"
	       "Order: アリア, 魔導士, ゴブリン\n"
	       "▼アリア's main process\n"
	       "アリア's ロングソード at ゴブリン (2D6+2) ＞ 7[3,4]+2 ＞ 9\n"
	       "ゴブリン's evasion (2D6+1) ＞ 3[1,2]+1 ＞ 4 ＞ hit\n"
	       "Damage (1D6+4) ＞ 6[6]+4 ＞ 10\n"
	       "ゴブリン takes 8 damage (10 − armor 2 against fire → energy), HP 12\n"
	       "▼魔導士's main process\n"
	       "魔導士 does nothing\n"
	       "▼ゴブリン's main process\n"
	       "ゴブリン does nothing\n"
	       "■Result (round 1)\n"
	       "Draw\n"
	       "アリア (PC) HP 24 able to act\n"
	       "ゴブリン (NPC) HP 12 able to act\n"
	       "魔導士 (NPC) HP 5 able to act\n");
	free(t);
	t = log_of(log_scenario(), MG_LOG_JSON, MG_LANG_JA, 1);
	assert_string_equal(t,
	       "{\n"
	       " \"rng\": \"xoshiro256ss-1\",\n"
	       " \"seed\": \"42\",\n"
	       " \"winner\": null,\n"
	       " \"rounds\": 1,\n"
	       " \"characters\": [\n"
	       "  {\"name\":\"アリア\",\"side\":\"PC\",\"hp\":24,\"state\":\"able\"},\n"
	       "  {\"name\":\"ゴブリン\",\"side\":\"NPC\",\"hp\":12,\"state\":\"able\"},\n"
	       "  {\"name\":\"魔導士\",\"side\":\"NPC\",\"hp\":5,\"state\":\"able\"}\n"
	       " ],\n"
	       " \"events\": [\n"
	       "  {\"type\":\"round\",\"round\":1},\n"
	       "  {\"type\":\"initiative\",\"round\":1,\"actor\":\"アリア\",\"dice\":[5,1],\"value\":7},\n"
	       "  {\"type\":\"initiative\",\"round\":1,\"actor\":\"ゴブリン\",\"dice\":[2,2],\"value\":4},\n"
	       "  {\"type\":\"initiative\",\"round\":1,\"actor\":\"魔導士\",\"dice\":[3,3],\"value\":6},\n"
	       "  {\"type\":\"order\",\"round\":1,\"order\":[\"アリア\",\"魔導士\",\"ゴブリン\"]},\n"
	       "  {\"type\":\"main_begin\",\"round\":1,\"actor\":\"アリア\",\"resumed\":false},\n"
	       "  {\"type\":\"attack\",\"round\":1,\"actor\":\"アリア\",\"attack\":\"ロングソード\",\"target\":\"ゴブリン\",\"dice\":[4,3],\"value\":9,\"critical\":false,\"fumble\":false},\n"
	       "  {\"type\":\"defence\",\"round\":1,\"actor\":\"アリア\",\"target\":\"ゴブリン\",\"dice\":[2,1],\"value\":4,\"critical\":false,\"fumble\":false,\"hit\":true},\n"
	       "  {\"type\":\"damage_roll\",\"round\":1,\"actor\":\"アリア\",\"attack\":\"ロングソード\",\"dice\":[6],\"attack_damage\":10},\n"
	       "  {\"type\":\"damage\",\"round\":1,\"actor\":\"アリア\",\"attack\":\"ロングソード\",\"target\":\"ゴブリン\",\"attack_damage\":10,\"modifier\":2,\"attribute\":\"fire\",\"armor\":\"energy\",\"damage\":8,\"hp\":12},\n"
	       "  {\"type\":\"main_end\",\"round\":1,\"actor\":\"アリア\"},\n"
	       "  {\"type\":\"main_begin\",\"round\":1,\"actor\":\"魔導士\",\"resumed\":false},\n"
	       "  {\"type\":\"nothing\",\"round\":1,\"actor\":\"魔導士\"},\n"
	       "  {\"type\":\"main_end\",\"round\":1,\"actor\":\"魔導士\"},\n"
	       "  {\"type\":\"main_begin\",\"round\":1,\"actor\":\"ゴブリン\",\"resumed\":false},\n"
	       "  {\"type\":\"nothing\",\"round\":1,\"actor\":\"ゴブリン\"},\n"
	       "  {\"type\":\"main_end\",\"round\":1,\"actor\":\"ゴブリン\"},\n"
	       "  {\"type\":\"end\",\"round\":1,\"winner\":null}\n"
	       " ]\n"
	       "}\n");
	free(t);
}

/* MG-LOG-1 MG-STOP-1: a log stopped by the dice: the partial log, then the
 * error; JSON: winner null, "error", seed null (fixed dice). */
static void test_log_error(void **state)
{
	char *t;
	fx *f = log_scenario();
	DICE(f, 5, 1, 2, 2, 3);
	t = log_of(f, MG_LOG_TEXT, MG_LANG_EN, 0);
	assert_string_equal(t,
	       "■Round 1\n"
	       "アリア's initiative (2D6+1) ＞ 6[1,5]+1 ＞ 7\n"
	       "ゴブリン's initiative (2D6) ＞ 4[2,2] ＞ 4\n"
	       "error: fixed dice: die 6 is needed but the list has only 5\n"
	       "アリア (PC) HP 24 able to act\n"
	       "ゴブリン (NPC) HP 20 able to act\n"
	       "魔導士 (NPC) HP 5 able to act\n");
	free(t);
	f = log_scenario();
	DICE(f, 5, 1, 2, 2, 3);
	t = log_of(f, MG_LOG_JSON, MG_LANG_EN, 0);
	assert_string_equal(t,
	       "{\n"
	       " \"rng\": \"xoshiro256ss-1\",\n"
	       " \"seed\": null,\n"
	       " \"winner\": null,\n"
	       " \"rounds\": 1,\n"
	       " \"error\": \"fixed dice: die 6 is needed but the list has only 5\",\n"
	       " \"characters\": [\n"
	       "  {\"name\":\"アリア\",\"side\":\"PC\",\"hp\":24,\"state\":\"able\"},\n"
	       "  {\"name\":\"ゴブリン\",\"side\":\"NPC\",\"hp\":20,\"state\":\"able\"},\n"
	       "  {\"name\":\"魔導士\",\"side\":\"NPC\",\"hp\":5,\"state\":\"able\"}\n"
	       " ],\n"
	       " \"events\": [\n"
	       "  {\"type\":\"round\",\"round\":1},\n"
	       "  {\"type\":\"initiative\",\"round\":1,\"actor\":\"アリア\",\"dice\":[5,1],\"value\":7},\n"
	       "  {\"type\":\"initiative\",\"round\":1,\"actor\":\"ゴブリン\",\"dice\":[2,2],\"value\":4}\n"
	       " ]\n"
	       "}\n");
	free(t);
}

/* MG-LOG-1: a scenario built by code may name a character with bytes that
 * are not UTF-8 (mg_scenario_check does not read them; a scenario file
 * cannot: MG-SCN-IN-1).  The JSON log, whose strings are UTF-8, shows
 * such a name as "?" wherever it stands; the text log as it is.  The
 * combat of test_log_error, ゴブリン named "ゴブ\xffリン": the same
 * initiatives (アリア 7, the goblin 4) and the same stop at die 6. */
static void test_log_name_not_utf8(void **state)
{
	char *t;
	fx *f = log_scenario();
	f->ch[1].name = "ゴブ\xffリン";
	DICE(f, 5, 1, 2, 2, 3);
	t = log_of(f, MG_LOG_JSON, MG_LANG_EN, 0);
	assert_string_equal(t,
	       "{\n"
	       " \"rng\": \"xoshiro256ss-1\",\n"
	       " \"seed\": null,\n"
	       " \"winner\": null,\n"
	       " \"rounds\": 1,\n"
	       " \"error\": \"fixed dice: die 6 is needed but the list has only 5\",\n"
	       " \"characters\": [\n"
	       "  {\"name\":\"アリア\",\"side\":\"PC\",\"hp\":24,\"state\":\"able\"},\n"
	       "  {\"name\":\"?\",\"side\":\"NPC\",\"hp\":20,\"state\":\"able\"},\n"
	       "  {\"name\":\"魔導士\",\"side\":\"NPC\",\"hp\":5,\"state\":\"able\"}\n"
	       " ],\n"
	       " \"events\": [\n"
	       "  {\"type\":\"round\",\"round\":1},\n"
	       "  {\"type\":\"initiative\",\"round\":1,\"actor\":\"アリア\",\"dice\":[5,1],\"value\":7},\n"
	       "  {\"type\":\"initiative\",\"round\":1,\"actor\":\"?\",\"dice\":[2,2],\"value\":4}\n"
	       " ]\n"
	       "}\n");
	free(t);
	f = log_scenario();
	f->ch[1].name = "ゴブ\xffリン";
	DICE(f, 5, 1, 2, 2, 3);
	t = log_of(f, MG_LOG_TEXT, MG_LANG_EN, 0);
	assert_non_null(strstr(t, "ゴブ\xffリン's initiative (2D6) ＞ 4[2,2] ＞ 4\n"));
	free(t);
}

/* MG-LOG-1 MG-WAIT-2 MG-MOVE-2 MG-MOVE-3: the events only a person causes,
 * in the logs.  P0 (行動 5) at 0 with N1 (行動 0); N2 at 4; N3 at 9.
 * Initiative: P0 5 + 6+6 = 17, N1 1+1 = 2, N2 1+2 = 3, N3 1+3 = 4: order
 * P0, N3, N2, N1.  P0 declares 待機; N3 and N2 do nothing (no attacks);
 * after N3 ends P0 is asked and stays, after N2 it resumes: 戦闘移動 to 9,
 * first 離脱 from N1: 5 + 3+3 = 11 against 0 + 1+1 = 2, ok; stopped at 4
 * by N2.  Then N1 nothing; limit 1: a draw. */
static void test_log_person_events(void **state)
{
	static const mg_log_format fmts[2] = {MG_LOG_TEXT, MG_LOG_JSON};
	int k;
	for (k = 0; k < 2; k++) {
		fx *f = fx_new(1);
		mg_combat_opts o = MG_COMBAT_OPTS_INIT;
		mg_log *log;
		mg_ask a;
		size_t len;
		chr(f, "P0", MG_SIDE_PC, 10, 5, 0);
		chr(f, "N1", MG_SIDE_NPC, 10, 0, 0);
		chr(f, "N2", MG_SIDE_NPC, 10, 0, 4);
		chr(f, "N3", MG_SIDE_NPC, 10, 0, 9);
		DICE(f, 6, 6, 1, 1, 1, 2, 1, 3, 3, 3, 1, 1);
		assert_int_equal(mg_log_new(&log, fmts[k], MG_LANG_EN, NULL, NULL),
		                 0);
		o.dice = &f->d;
		o.on_event = mg_log_event;
		o.event_ud = log;
		assert_int_equal(mg_combat_new(&f->c, &f->s, &o), 0);
		ask_action(f, 0);
		assert_int_equal(act(f, MG_ACT_WAIT, 0, 0, 0), 0);
		ask_action(f, 3);
		assert_int_equal(act(f, MG_ACT_END, 0, 0, 0), 0);
		assert_int_equal(mg_combat_next(&a, f->c), 0);
		assert_int_equal(a.kind, MG_ASK_RESUME);
		assert_int_equal(act(f, MG_ACT_STAY, 0, 0, 0), 0);
		ask_action(f, 2);
		assert_int_equal(act(f, MG_ACT_END, 0, 0, 0), 0);
		assert_int_equal(mg_combat_next(&a, f->c), 0);
		assert_int_equal(a.kind, MG_ASK_RESUME);
		assert_int_equal(act(f, MG_ACT_RESUME, 0, 0, 0), 0);
		ask_action(f, 0);
		assert_int_equal(act(f, MG_ACT_MOVE, 9, 0, 0), 0);
		ask_action(f, 0);
		assert_int_equal(act(f, MG_ACT_END, 0, 0, 0), 0);
		assert_int_equal(mg_combat_run(&f->r, f->c), 0);
		assert_int_equal(mg_log_finish(log, f->c, 0), 0);
		assert_string_equal(mg_log_text(log, &len), k ? 
		                    "{\n"
		                    " \"rng\": \"xoshiro256ss-1\",\n"
		                    " \"seed\": null,\n"
		                    " \"winner\": null,\n"
		                    " \"rounds\": 1,\n"
		                    " \"characters\": [\n"
		                    "  {\"name\":\"P0\",\"side\":\"PC\",\"hp\":10,\"state\":\"able\"},\n"
		                    "  {\"name\":\"N1\",\"side\":\"NPC\",\"hp\":10,\"state\":\"able\"},\n"
		                    "  {\"name\":\"N2\",\"side\":\"NPC\",\"hp\":10,\"state\":\"able\"},\n"
		                    "  {\"name\":\"N3\",\"side\":\"NPC\",\"hp\":10,\"state\":\"able\"}\n"
		                    " ],\n"
		                    " \"events\": [\n"
		                    "  {\"type\":\"round\",\"round\":1},\n"
		                    "  {\"type\":\"initiative\",\"round\":1,\"actor\":\"P0\",\"dice\":[6,6],\"value\":17},\n"
		                    "  {\"type\":\"initiative\",\"round\":1,\"actor\":\"N1\",\"dice\":[1,1],\"value\":2},\n"
		                    "  {\"type\":\"initiative\",\"round\":1,\"actor\":\"N2\",\"dice\":[1,2],\"value\":3},\n"
		                    "  {\"type\":\"initiative\",\"round\":1,\"actor\":\"N3\",\"dice\":[1,3],\"value\":4},\n"
		                    "  {\"type\":\"order\",\"round\":1,\"order\":[\"P0\",\"N3\",\"N2\",\"N1\"]},\n"
		                    "  {\"type\":\"main_begin\",\"round\":1,\"actor\":\"P0\",\"resumed\":false},\n"
		                    "  {\"type\":\"wait\",\"round\":1,\"actor\":\"P0\"},\n"
		                    "  {\"type\":\"main_begin\",\"round\":1,\"actor\":\"N3\",\"resumed\":false},\n"
		                    "  {\"type\":\"nothing\",\"round\":1,\"actor\":\"N3\"},\n"
		                    "  {\"type\":\"main_end\",\"round\":1,\"actor\":\"N3\"},\n"
		                    "  {\"type\":\"main_begin\",\"round\":1,\"actor\":\"N2\",\"resumed\":false},\n"
		                    "  {\"type\":\"nothing\",\"round\":1,\"actor\":\"N2\"},\n"
		                    "  {\"type\":\"main_end\",\"round\":1,\"actor\":\"N2\"},\n"
		                    "  {\"type\":\"resume\",\"round\":1,\"actor\":\"P0\",\"forced\":false},\n"
		                    "  {\"type\":\"main_begin\",\"round\":1,\"actor\":\"P0\",\"resumed\":true},\n"
		                    "  {\"type\":\"disengage\",\"round\":1,\"actor\":\"P0\",\"dice\":[3,3],\"value\":11,\"opponent\":\"N1\",\"opponent_dice\":[1,1],\"opponent_value\":2,\"success\":true},\n"
		                    "  {\"type\":\"move\",\"round\":1,\"actor\":\"P0\",\"kind\":\"combat\",\"from\":0,\"to\":4,\"dest\":9,\"blocked_by\":\"N2\"},\n"
		                    "  {\"type\":\"main_end\",\"round\":1,\"actor\":\"P0\"},\n"
		                    "  {\"type\":\"main_begin\",\"round\":1,\"actor\":\"N1\",\"resumed\":false},\n"
		                    "  {\"type\":\"nothing\",\"round\":1,\"actor\":\"N1\"},\n"
		                    "  {\"type\":\"main_end\",\"round\":1,\"actor\":\"N1\"},\n"
		                    "  {\"type\":\"end\",\"round\":1,\"winner\":null}\n"
		                    " ]\n"
		                    "}\n" :
		                    "■Round 1\n"
		                    "P0's initiative (2D6+5) ＞ 12[6,6]+5 ＞ 17\n"
		                    "N1's initiative (2D6) ＞ 2[1,1] ＞ 2\n"
		                    "N2's initiative (2D6) ＞ 3[1,2] ＞ 3\n"
		                    "N3's initiative (2D6) ＞ 4[1,3] ＞ 4\n"
		                    "Order: P0, N3, N2, N1\n"
		                    "▼P0's main process\n"
		                    "P0 waits\n"
		                    "▼N3's main process\n"
		                    "N3 does nothing\n"
		                    "▼N2's main process\n"
		                    "N2 does nothing\n"
		                    "P0 stops waiting\n"
		                    "▼P0's main process (after waiting)\n"
		                    "P0's disengagement (2D6+5) ＞ 6[3,3]+5 ＞ 11 against N1 (2D6) ＞ 2[1,1] ＞ 2 ＞ success\n"
		                    "P0 moves 0 m → 4 m (stopped by N2; aimed at 9 m)\n"
		                    "▼N1's main process\n"
		                    "N1 does nothing\n"
		                    "■Result (round 1)\n"
		                    "Draw\n"
		                    "P0 (PC) HP 10 able to act\n"
		                    "N1 (NPC) HP 10 able to act\n"
		                    "N2 (NPC) HP 10 able to act\n"
		                    "N3 (NPC) HP 10 able to act\n");
		mg_log_free(log);
		fx_end(f);
	}
}

/* ---- property ----------------------------------------------------------- */

static uint64_t prop_trace_hash(const char *s)
{
	uint64_t h = 1469598103934665603ull;
	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 1099511628211ull;
	return h;
}

/* A random legal scenario from seed: 2-8 characters, positions 0-20,
 * stats -3..6, 0-3 attacks with random kind/area/timing/range/attrs,
 * random armor, some starting 戦闘不能, finish random. */
static void random_scenario(fx *f, uint64_t seed)
{
	ut_rng r;
	size_t n, i, k;
	ut_rng_seed(&r, seed);
	fx_new((int64_t)ut_rng_die(&r, 10));
	n = 2 + ut_rng_uniform(&r, 7);
	for (i = 0; i < n; i++) {
		static const char *names[] = {"a", "b", "c", "d", "e", "f", "g", "h"};
		mg_side side = i == 0 ? MG_SIDE_PC : i == 1 ? MG_SIDE_NPC
		                   : (mg_side)ut_rng_uniform(&r, 2);
		int ci = chr(f, names[i], side, 1 + (int64_t)ut_rng_uniform(&r, 20),
		             (int64_t)ut_rng_uniform(&r, 10) - 3,
		             (int64_t)ut_rng_uniform(&r, 21));
		mg_character *c = &f->ch[ci];
		int s;
		for (s = 1; s < MG_STAT_COUNT; s++)
			c->stat[s] = (int64_t)ut_rng_uniform(&r, 10) - 3;
		if (ut_rng_uniform(&r, 8) == 0)
			c->hp_now = -(int64_t)ut_rng_uniform(&r, 3);
		c->finish = (int)ut_rng_uniform(&r, 2);
		for (s = 0; s < MG_ATTR_COUNT; s++)
			if (ut_rng_uniform(&r, 3) == 0)
				armor(f, ci, (mg_attr)s,
				      (int64_t)ut_rng_uniform(&r, 8) - 2);
		for (k = ut_rng_uniform(&r, 4); k > 0; k--) {
			mg_attack *a = atk(f, ci, "x", (int64_t)ut_rng_uniform(&r, 8),
			                   (int64_t)ut_rng_uniform(&r, 12));
			a->kind = (mg_kind)ut_rng_uniform(&r, 2);
			a->area = (mg_area)ut_rng_uniform(&r, 2);
			a->timing = ut_rng_uniform(&r, 4) == 0 ? MG_TIMING_COMPLEX
			                                        : MG_TIMING_NORMAL;
			a->attributes = (uint32_t)ut_rng_uniform(&r, 1u << MG_ATTR_COUNT);
			if (ut_rng_uniform(&r, 3) == 0) {
				a->check_stat = -1;
				a->check_value = (int64_t)ut_rng_uniform(&r, 10);
			}
		}
	}
}

/* MG-ROUND-1 MG-END-1 MG-END-3 MG-STOP-1: 2000 random scenarios, each with
 * dice from the generator seeded with its index, run to the end without
 * error; the same seed gives the same trace and result twice; and the dice
 * the events report, in event order, are exactly the generator's dice in
 * the order rolled (every die is reported once, in rolling order). */
static void test_property_random(void **state)
{
	uint64_t seed;
	for (seed = 0; seed < 2000; seed++) {
		fx *f = &F;
		uint64_t h1;
		mg_result r1;
		int64_t rounds_max;
		random_scenario(f, seed);
		rounds_max = f->s.round_limit;
		ut_dice_seed(&f->d, seed);
		assert_int_equal(fx_run(f), 0);
		h1 = prop_trace_hash(f->trace);
		r1 = f->r;
		{
			ut_rng g;
			size_t k;
			ut_rng_seed(&g, seed);
			assert_int_equal(f->nseen, f->d.rolled);
			for (k = 0; k < f->nseen; k++)
				assert_int_equal(f->seen[k],
				                 (int64_t)ut_rng_die(&g, 6));
		}
		assert_int_equal(r1.over, 1);
		assert_true(r1.rounds >= 0 && r1.rounds <= rounds_max);
		if (r1.winner < 0)
			assert_true(r1.rounds == rounds_max || r1.rounds == 0);
		/* the same again, on a restarted combat */
		f->len = 0;
		f->nseen = 0;
		f->trace[0] = '\0';
		ut_dice_seed(&f->d, seed);
		mg_combat_restart(f->c);
		assert_int_equal(mg_combat_run(&f->r, f->c), 0);
		assert_int_equal(prop_trace_hash(f->trace), h1);
		assert_int_equal(f->r.winner, r1.winner);
		assert_int_equal(f->r.rounds, r1.rounds);
		fx_end(f);
	}
}

/* Everything a query shows, to compare before and after a refused action. */
static void snapshot(fx *f, mg_char_state *out, mg_ask *ask)
{
	size_t i;
	assert_int_equal(mg_combat_next(ask, f->c), 0);
	for (i = 0; i < f->s.ncharacters; i++)
		out[i] = st(f, i);
}

/* MG-ACT-1 MG-ROUND-3 MG-WAIT-1 MG-WAIT-2: 500 random scenarios played by
 * a "person" who answers every ask with a random action (any kind, random
 * position, attack and target) half of the time and with the policy's
 * otherwise.  A refused action (MG_EINVALID) changes nothing: the same
 * characters, no event, no die, and the same ask again; any other error
 * fails.  Every combat ends. */
static void test_property_random_person(void **state)
{
	uint64_t seed;
	for (seed = 0; seed < 500; seed++) {
		fx *f = &F;
		ut_rng pick;
		mg_ask ask, again;
		mg_char_state before[MAXC], after[MAXC];
		size_t steps = 0, refused = 0;
		random_scenario(f, seed);
		ut_dice_seed(&f->d, seed);
		ut_rng_seed(&pick, ~seed);
		fx_start(f);
		for (;;) {
			mg_action x;
			size_t len, rolled, i;
			int rc;
			snapshot(f, before, &ask);
			len = f->len;
			rolled = f->d.rolled;
			if (ask.kind == MG_ASK_OVER)
				break;
			assert_true(++steps < 100000);
			if (ut_rng_uniform(&pick, 2) == 0 && refused < 20) {
				memset(&x, 0, sizeof(x));
				x.kind = (mg_action_kind)ut_rng_uniform(&pick, 8);
				x.to = (int64_t)ut_rng_uniform(&pick, 61) - 30;
				x.attack = (uint32_t)ut_rng_uniform(&pick, 4);
				x.target = (uint32_t)ut_rng_uniform(&pick, f->s.ncharacters + 1);
			} else {
				assert_int_equal(mg_policy_default(&x, f->c,
				                                   &ask), 0);
				refused = 0;
			}
			rc = mg_combat_act(f->c, &x);
			if (rc == 0)
				continue;
			assert_int_equal(rc, MG_EINVALID);
			refused++;
			assert_int_equal(f->len, len);
			assert_int_equal(f->d.rolled, rolled);
			snapshot(f, after, &again);
			assert_memory_equal(&again, &ask, sizeof(ask));
			for (i = 0; i < f->s.ncharacters; i++) {
				const mg_char_state *b = &before[i], *q = &after[i];
				assert_int_equal(q->hp, b->hp);
				assert_int_equal(q->position, b->position);
				assert_int_equal(q->state, b->state);
				assert_int_equal(q->status, b->status);
				assert_int_equal(q->initiative, b->initiative);
				assert_int_equal(q->waited, b->waited);
			}
		}
		mg_combat_result(&f->r, f->c);
		assert_int_equal(f->r.over, 1);
		fx_end(f);
	}
}

#define T(ids, f) {ids " " #f, f, NULL, NULL, NULL}

int main(void)
{
	const struct CMUnitTest tests[] = {
		T("MG-INIT-1 MG-INIT-2 MG-POLICY-4", test_init_ties),
		T("MG-END-3 MG-ROUND-1 MG-ROUND-4", test_round_limit_draw),
		T("MG-END-2", test_side_down_before_round1),
		T("MG-STOP-1", test_dice_run_out),
		T("MG-ATTACK-3", test_equal_evades),
		T("MG-ATTACK-2 MG-ATTACK-3", test_crit_fumble),
		T("MG-ATTACK-3", test_evasion_vs_resistance),
		T("MG-ATTACK-2", test_check_value),
		T("MG-ARMOR-1 MG-ARMOR-2 MG-ARMOR-3 MG-ARMOR-4", test_armor_modifier),
		T("MG-ARMOR-1 MG-ATTACK-5", test_seed_example),
		T("MG-ARMOR-1", test_armor_floor_negative),
		T("MG-ATTACK-6 MG-END-1", test_incapacitated_at_zero),
		T("MG-ATTACK-1 MG-ATTACK-4 MG-ATTACK-6 MG-POLICY-1 MG-ROUND-2", test_area_attack),
		T("MG-POLICY-1", test_policy_tiebreaks),
		T("MG-POLICY-2 MG-MOVE-1", test_policy_move_then_attack),
		T("MG-POLICY-2", test_policy_full_move),
		T("MG-POLICY-2", test_policy_complex_after_move),
		T("MG-POLICY-3 MG-FINISH-1", test_policy_finish_after_move),
		T("MG-POLICY-3 MG-FINISH-1", test_policy_finish_no_move),
		T("MG-POLICY-3 MG-FINISH-1", test_policy_finish_highest_damage),
		T("MG-POLICY-4", test_policy_nothing),
		T("MG-MOVE-2 MG-ROUND-3", test_move_blocked),
		T("MG-MOVE-3", test_disengage),
		T("MG-ACT-1 MG-ROUND-3", test_illegal_actions),
		T("MG-FINISH-1 MG-FINISH-2", test_dead_leave),
		T("MG-ENTER-1 MG-ENTER-2 MG-ENTER-3", test_enter_round),
		T("MG-ENTER-3", test_enter_too_late),
		T("MG-ENTER-4", test_enter_by_gm),
		T("MG-ENTER-3", test_enter_decides_at_setup),
		T("MG-ENTER-4 MG-GM-3", test_enter_by_gm_decides),
		T("MG-WAIT-1 MG-WAIT-2 MG-WAIT-3", test_wait_resume),
		T("MG-WAIT-4", test_wait_policy_resumes),
		T("MG-WAIT-5", test_wait_incapacitated),
		T("MG-END-1", test_end_after_attack),
		T("MG-CKD-1", test_overflow),
		T("MG-CKD-1", test_distance),
		T("MG-STOP-1", test_callback_stops),
		T("MG-ACT-1", test_new_refuses),
		T("MG-BUDGET-1", test_event_budget),
		T("MG-BUDGET-1 MG-SCN-LIMIT-1", test_budget_longest_draw),
		T("MG-BUDGET-1", test_budget_options),
		T("MG-LOG-1", test_logs),
		T("MG-LOG-1 MG-STOP-1", test_log_error),
		T("MG-LOG-1", test_log_name_not_utf8),
		T("MG-LOG-1 MG-WAIT-2 MG-MOVE-2 MG-MOVE-3", test_log_person_events),
		T("MG-ROUND-1 MG-END-1 MG-END-3 MG-STOP-1", test_property_random),
		T("MG-ACT-1 MG-ROUND-3 MG-WAIT-1 MG-WAIT-2", test_property_random_person),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
