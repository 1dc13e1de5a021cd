/*
 * text.c - a duel's log as text, Japanese or English (docs/MANASTORM.md
 * "Duel", text log): a key to the step numbers (MS-LOG-3), then one line
 * per event, prefixed with the step number (1–9) where it belongs to a
 * step, cards with their suit symbols.  The sides are 陣営 / side.
 */
#include "manastorm/render.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/error.h"
#include "render_int.h"

#define T(ja, en) (en_ ? (en) : (ja))

/* What a line depends on besides its event: where in the duel it is. */
typedef struct ms_text_ctx {
	int in_storm; /* between a storm's start and its end */
	int step;     /* 1 from a round's start, 3 from its first revealed
	                 enchant: where a caster's draw is (its step 1 choice,
	                 or a happening) */
	/* step 7: the pairs (ms_duel_pair), the attack each warrior played
	 * this round (att_set[i]: one was revealed), the next pair step 7
	 * has not spoken of yet (npairs: none left, or not at step 7) */
	size_t npairs, next_pair;
	ms_card *att;
	int *att_flags;
	unsigned char *att_set;
	const ms_event *next; /* the event after this one, or NULL */
} ctx;

/* "card" or "cards" after n (English; Japanese says 枚 for any n). */
static const char *cards(long long n)
{
	return n == 1 ? "card" : "cards";
}

static const char *nm(const ms_duel *d, int32_t i)
{
	return i >= 0 ? ms_duel_scenario(d)->participants[i].name : "-";
}

static const char *cs(char *b, ms_card c)
{
	return ms_card_name(b, c, 1);
}

/* Why a card passes (or not) for participant i. */
static const char *why_pass(char *b, size_t n, const ms_duel *d, int32_t i,
                            ms_card c, int en_)
{
	const ms_participant *p = &ms_duel_scenario(d)->participants[i];
	if ((int64_t)c.number <= p->threshold)
		snprintf(b, n, T("通る（%u ≤ 発現値%lld）", "passes (%u ≤ threshold %lld)"),
		         c.number, (long long)p->threshold);
	else if (p->suit != MS_SUIT_NONE && (int)c.suit == p->suit)
		snprintf(b, n, "%s", T("通る（得意スート）", "passes (favoured suit)"));
	else
		snprintf(b, n, T("通らない（%u > 発現値%lld）",
		                 "does not pass (%u > threshold %lld)"),
		         c.number, (long long)p->threshold);
	return b;
}

static const char *srcname(const ms_event *e, char *b, size_t n, int en_)
{
	if (e->source == MS_SRC_HAND)
		return T("手札", "hand");
	if (e->source == MS_SRC_DECK)
		return T("山札", "deck");
	snprintf(b, n, T("場札%lldを指す", "points to field card %lld"),
	         (long long)e->index + 1);
	return b;
}

/* Setting up: shuffles, hands, battles, rounds, passes (steps 1 and 4). */
static void line_setup(ut_buf *o, const ms_duel *d, const ms_event *e, int en_,
                       ctx *x)
{
	switch (e->kind) {
	case MS_EV_SHUFFLE:
		ut_buf_printf(o, T("%s%s: 山札を切る（%lld枚）\n", "%s%s shuffles the deck (%lld %s)\n"),
		              e->value == 9 ? "9) " : "", nm(d, e->actor), (long long)e->count,
		              cards(e->count));
		break;
	case MS_EV_RESHUFFLE:
		/* MS-LOG-3: numbered and indented as the draw it serves: in a
		 * storm (indented), a caster's step 1 or happening (3), a
		 * warrior's step 4 */
		ut_buf_printf(o, T("%s%s: 山札が尽きた — 捨て札%lld枚が山札になる\n",
		                   "%s%s: the deck is empty — the discard pile (%lld %s) becomes the deck\n"),
		              x->in_storm ? "   "
		              : ms_duel_scenario(d)->participants[e->actor].role == MS_ROLE_WARRIOR ? "4) "
		              : x->step == 1 ? "1) " : "3) ",
		              nm(d, e->actor), (long long)e->count, cards(e->count));
		break;
	case MS_EV_HAND:
		ut_buf_printf(o, T("%s: 手札%lld枚を引く\n", "%s draws %lld %s to the hand\n"),
		              nm(d, e->actor), (long long)e->count, cards(e->count));
		break;
	case MS_EV_BATTLE:
		ut_buf_printf(o, T("== バトル%lld ==\n", "== Battle %lld ==\n"), (long long)e->battle);
		break;
	case MS_EV_ROUND:
		x->step = 1;
		x->next_pair = 0;
		memset(x->att_set, 0, ms_duel_scenario(d)->nparticipants);
		ut_buf_printf(o, T("-- ラウンド%lld --\n", "-- Round %lld --\n"), (long long)e->round);
		break;
	case MS_EV_PASS:
		if (e->value == 1)
			ut_buf_printf(o, T("1) %s: エンチャントをパス\n", "1) %s passes (no enchant)\n"),
			              nm(d, e->actor));
		else
			ut_buf_printf(o, T("4) %s: アタックをパス\n", "4) %s passes (no attack)\n"),
			              nm(d, e->actor));
		break;
	default:
		break;
	}
}

/* The enchant steps 2 and 3: the card, MP, 衣装, happenings. */
static void line_enchant(ut_buf *o, const ms_duel *d, const ms_event *e, int en_,
                         ctx *x)
{
	char c1[8], w[96], sb[48];

	switch (e->kind) {
	case MS_EV_ENCHANT:
		x->step = 3;
		ut_buf_printf(o, T("2) %s: %s（%s）%s、%s → %s\n",
		                   "2) %s: %s (%s) %s, %s → %s\n"),
		              nm(d, e->actor), cs(c1, e->card), srcname(e, sb, sizeof(sb), en_),
		              why_pass(w, sizeof(w), d, e->actor, e->card, en_),
		              /* MS-LOG-1: where the same number is: on the field,
		               * or only on another caster's card revealed with
		               * this one (D3.2: "the others revealed now") */
		              !(e->flags & MS_F_SAME) ? T("同じ数はない", "no same number")
		              : e->flags & MS_F_SAME_NOW
		              ? T("同じ数が同時にめくられた", "the same number was revealed with it")
		              : T("同じ数が場にある", "its number is on the field"),
		              e->flags & MS_F_HELD ? T("発動（場に残る）", "held (stays on the field)")
		                                   : T("不発（捨て札）", "not held (discarded)"));
		break;
	case MS_EV_MP:
		ut_buf_printf(o, "3) %s: MP %lld → %lld\n", nm(d, e->actor),
		              (long long)e->value, (long long)e->value2);
		break;
	case MS_EV_OUTFIT:
		if (x->in_storm)
			ut_buf_printf(o, T("   %s: 衣装（マナ変換力%lld）が飛ぶ（残り%lld）\n",
			                   "   %s loses an outfit (mana conversion %lld; %lld left)\n"),
			              nm(d, e->actor), (long long)e->value, (long long)e->count);
		else
			ut_buf_printf(o, T("3) %s: MP 0 — 衣装（マナ変換力%lld）を消費、MP %lld（衣装残り%lld）\n",
			                   "3) %s: MP 0 — uses up an outfit (mana conversion %lld), MP %lld (%lld %s left)\n"),
			              nm(d, e->actor), (long long)e->value, (long long)e->value,
			              (long long)e->count, e->count == 1 ? "outfit" : "outfits");
		break;
	case MS_EV_HAPPENING:
		ut_buf_printf(o, T("3) %s: ハプニング（エモーション・イベント %s）— 山札から%lld枚を場に\n",
		                   "3) %s: a happening (emotion event %s) — %lld %s from the deck to the field\n"),
		              nm(d, e->actor), cs(c1, e->card), (long long)e->count,
		              cards(e->count));
		break;
	case MS_EV_FIELD:
		ut_buf_printf(o, T("   場に %s（%sのエンチャント）\n", "   %s to the field (%s's enchant)\n"),
		              cs(c1, e->card), nm(d, e->actor));
		break;
	default:
		break;
	}
}

/* "♥4 = 6（4 + 得意スート2）" / "♥4 = 6 (4 + 2 favoured suit)": warrior i's
 * attack this round and the value step 7 gives it (MS-ADV-1). */
static const char *valued(char *b, size_t n, const ms_duel *d, uint32_t i,
                          const ctx *x, int en_)
{
	char c1[8];
	ms_card c = x->att[i];
	int64_t v = ms_duel_attack_value(d, i, c);

	if (v != (int64_t)c.number)
		snprintf(b, n, T("%s = %lld（%u + 得意スート%lld）",
		                 "%s = %lld (%u + %lld favoured suit)"),
		         cs(c1, c), (long long)v, c.number,
		         (long long)(v - (int64_t)c.number));
	else
		snprintf(b, n, "%s = %lld", cs(c1, c), (long long)v);
	return b;
}

/* MS-ADV-1: step 7 says nothing of a pair whose attacks both succeeded
 * with equal values (no advantage event): its line, in pair order, before
 * the next pair's advantage (pairs below `upto`). */
static void equal_pairs(ut_buf *o, const ms_duel *d, ctx *x, size_t upto, int en_)
{
	char va[64], vb[64];
	uint32_t a, b;

	for (; x->next_pair < upto && x->next_pair < x->npairs; x->next_pair++) {
		if (!ms_duel_pair(d, x->next_pair, &a, &b) || !x->att_set[a] || !x->att_set[b] ||
		    !(x->att_flags[a] & MS_F_SUCCESS) || !(x->att_flags[b] & MS_F_SUCCESS))
			continue;
		ut_buf_printf(o, T("7) アドバンテージなし — 両者成功、値が同じ: %s %s、%s %s\n",
		                   "7) no advantage — both succeeded with equal values: %s %s, %s %s\n"),
		              nm(d, (int32_t)a), valued(va, sizeof(va), d, a, x, en_),
		              nm(d, (int32_t)b), valued(vb, sizeof(vb), d, b, x, en_));
	}
}

/* The advantage line (MS-ADV-1, MS-ADV-2, MS-ADV-3), after the equal
 * pairs before it. */
static void line_advantage(ut_buf *o, const ms_duel *d, const ms_event *e,
                           int en_, ctx *x)
{
	char va[64], vb[64];
	const char *side = e->side == 0 ? "A" : "B";
	uint32_t a, b, hi, lo;

	equal_pairs(o, d, x, (size_t)e->count, en_);
	if (x->next_pair == (size_t)e->count)
		x->next_pair++;
	ut_buf_printf(o, T("7) 陣営%s: アドバンテージ +%lld（計%lld）— ",
	                   "7) side %s: advantage +%lld (total %lld) — "),
	              side, (long long)e->value, (long long)e->value2);
	if (e->index == 1 && ms_duel_pair(d, (size_t)e->count, &a, &b) &&
	    x->att_set[a] && x->att_set[b]) {
		hi = e->side == 0 ? a : b;
		lo = e->side == 0 ? b : a;
		ut_buf_printf(o, T("両者成功、値が高い: %s %s > %s %s\n",
		                   "both succeeded, the higher value: %s %s > %s %s\n"),
		              nm(d, (int32_t)hi), valued(va, sizeof(va), d, hi, x, en_),
		              nm(d, (int32_t)lo), valued(vb, sizeof(vb), d, lo, x, en_));
	} else {
		ut_buf_printf(o, "%s\n",
		              e->index == 1 ? T("両者成功、値が高い", "both succeeded, the higher value")
		              : e->index == 2 ? T("相手は失敗", "the other failed")
		                              : T("相手はカードを出さなかった", "the other played nothing"));
	}
}

/* The attack steps 5 to 9: the card, HP, rights, advantage, damage. */
static void line_attack(ut_buf *o, const ms_duel *d, const ms_event *e, int en_,
                        ctx *x)
{
	char c1[8], w[96], sb[48];
	const char *side = e->side == 0 ? "A" : "B";

	switch (e->kind) {
	case MS_EV_ATTACK:
		x->att[e->actor] = e->card;
		x->att_flags[e->actor] = e->flags;
		x->att_set[e->actor] = 1;
		ut_buf_printf(o, T("5) %s: %s（%s）%s%s → %s\n", "5) %s: %s (%s) %s%s → %s\n"),
		              nm(d, e->actor), cs(c1, e->card), srcname(e, sb, sizeof(sb), en_),
		              why_pass(w, sizeof(w), d, e->actor, e->card, en_),
		              e->flags & MS_F_MATCH ? T("、相手のカードと一致", ", matches the other side's card") : "",
		              e->flags & MS_F_SUCCESS ? T("アタック成功", "attack succeeds")
		                                      : T("アタック失敗", "attack fails"));
		break;
	case MS_EV_HP:
		ut_buf_printf(o, "%s%s: HP %lld → %lld\n", x->in_storm ? "   " : "6) ",
		              nm(d, e->actor), (long long)e->value, (long long)e->value2);
		break;
	case MS_EV_RIGHT_LOST:
		ut_buf_printf(o, T("6) %s: アタック権を失う\n", "6) %s loses the attack right\n"),
		              nm(d, e->actor));
		break;
	case MS_EV_DISCARD:
		ut_buf_printf(o, T("6) %s: %sを捨て札に\n", "6) %s discards %s\n"),
		              nm(d, e->actor), cs(c1, e->card));
		break;
	case MS_EV_ADVANTAGE:
		line_advantage(o, d, e, en_, x);
		break;
	case MS_EV_GO_ON:
		ut_buf_printf(o, T("8) %s: 続ける\n", "8) %s goes on\n"), nm(d, e->actor));
		break;
	case MS_EV_GIVE_UP:
		ut_buf_printf(o, T("8) %s: アタック権を放棄\n", "8) %s gives up the attack right\n"),
		              nm(d, e->actor));
		break;
	case MS_EV_DAMAGE:
		if (en_)
			ut_buf_printf(o, "9) side %s deals %lld damage to %s (HP %lld → %lld)\n",
			              side, (long long)e->value, nm(d, e->target),
			              (long long)e->count, (long long)e->value2);
		else
			ut_buf_printf(o, "9) 陣営%s: %sに%lldダメージ（HP %lld → %lld）\n",
			              side, nm(d, e->target), (long long)e->value,
			              (long long)e->count, (long long)e->value2);
		break;
	default:
		break;
	}
}

/* MS-STORM-2, MS-STORM-6: the first victim and why: the highest number,
 * or after a tie the draw-off card or seat order; when nothing was drawn
 * and the field is empty (the storm ends at once), that nobody is hit. */
static void first_victim(ut_buf *o, const ms_duel *d, const ms_event *e,
                         int en_, const ctx *x)
{
	const char *who = nm(d, e->actor);
	long long hi = (long long)e->count, v = (long long)e->value;

	if (x->next && x->next->kind == MS_EV_STORM_END && x->next->index == 0)
		ut_buf_printf(o, "%s", T("   誰もカードを引けず場札もない — 犠牲者なし\n",
		                         "   nobody drew a card and the field is empty: nobody is hit\n"));
	else if (e->value2 == 0 && hi > 0)
		ut_buf_printf(o, T("   最初の犠牲者: %s（最大の数 %lld）\n",
		                   "   first victim: %s (highest number %lld)\n"), who, hi);
	else if (e->value2 == 0)
		ut_buf_printf(o, T("   最初の犠牲者: %s（何も引けなかったが、犠牲者になれるのはこの者だけ）\n",
		                   "   first victim: %s (it drew nothing, but it is the only one that can be a victim)\n"),
		              who);
	else if (!(e->flags & MS_F_SEAT))
		ut_buf_printf(o, T("   最初の犠牲者: %s（最大の数 %lld で同点 — 引き直しで最大の %lld）\n",
		                   "   first victim: %s (highest number %lld, tied: the highest in the tie draw-off, %lld)\n"),
		              who, hi, v);
	else if (hi > 0)
		ut_buf_printf(o, T("   最初の犠牲者: %s（最大の数 %lld で同点、引き直しで同点の誰も引けない — 席順で最初）\n",
		                   "   first victim: %s (highest number %lld, tied, and none of the tied could draw in the draw-off: the first in seat order)\n"),
		              who, hi);
	else
		ut_buf_printf(o, T("   最初の犠牲者: %s（犠牲者になれる者は誰も引けず、引き直しでも引けない — 席順で最初）\n",
		                   "   first victim: %s (none of those who can be victims drew a card, nor could in the draw-off: the first in seat order)\n"),
		              who);
}

/* A マナ・ストーム, from its start to 感情の処理. */
static void line_storm(ut_buf *o, const ms_duel *d, const ms_event *e, int en_,
                       ctx *x)
{
	char c1[8];

	switch (e->kind) {
	case MS_EV_STORM:
		x->in_storm = 1;
		ut_buf_printf(o, T("6) マナ・ストーム！（%sと%sのカードが一致）\n",
		                   "6) a mana storm! (%s's and %s's cards match)\n"),
		              nm(d, e->actor), nm(d, e->target));
		break;
	case MS_EV_STORM_DRAW:
		if (e->flags & MS_F_NO_CARD) {
			ut_buf_printf(o, T("   %s: 山札も捨て札もなく引けない — 同点の引き直し（0として数える）\n",
			                   "   %s cannot draw — tie draw-off (counts 0)\n"),
			              nm(d, e->actor));
			break;
		}
		ut_buf_printf(o, T("   %s: %sを引く（%s）%s\n", "   %s draws %s (%s)%s\n"),
		              nm(d, e->actor), cs(c1, e->card),
		              e->flags & MS_F_PASSES ? T("通る", "passes") : T("通らない", "does not pass"),
		              e->index == 1 ? T(" — 同点の引き直し", " — tie draw-off")
		              : e->index == 2 ? T(" — 数える数", " — the count") : "");
		break;
	case MS_EV_STORM_VICTIM:
		if (e->index == 0)
			first_victim(o, d, e, en_, x);
		else if (en_)
			ut_buf_printf(o, "   %s counts %lld clockwise from its left: the next victim is %s\n",
			              nm(d, e->target), (long long)e->value, nm(d, e->actor));
		else
			ut_buf_printf(o, "   %sが左隣から時計回りに%lld数える → 次の犠牲者: %s\n",
			              nm(d, e->target), (long long)e->value, nm(d, e->actor));
		break;
	case MS_EV_STORM_REMOVE:
		ut_buf_printf(o, T("   場札%lld枚を捨て札に（新しい順）\n",
		                   "   %lld field %s to the discard piles (most recent first)\n"),
		              (long long)e->count, cards(e->count));
		break;
	case MS_EV_STORM_END:
		x->in_storm = 0;
		ut_buf_printf(o, T("   マナ・ストーム終了（%s）\n", "   the mana storm ends (%s)\n"),
		              e->index == 0 ? T("場札がない", "the field is empty")
		              : e->index == 1 ? T("数える相手がいない", "nobody left to count")
		              : e->index == 2 ? T("犠牲者が引けない", "the victim cannot draw")
		                              : T("犠牲者がいない", "no victim"));
		break;
	case MS_EV_EMOTION:
		ut_buf_printf(o, "%s", T("   感情の処理（効果なし）\n",
		                         "   emotions are handled (no effect)\n"));
		break;
	default:
		break;
	}
}

/* Defeats, the end of a battle and of the duel. */
static void line_end(ut_buf *o, const ms_duel *d, const ms_event *e, int en_)
{
	switch (e->kind) {
	case MS_EV_DEFEATED:
		ut_buf_printf(o, T("   %sは倒れた\n", "   %s is defeated\n"), nm(d, e->actor));
		break;
	case MS_EV_BATTLE_END:
		ut_buf_printf(o, "%s", T("9) アドバンテージ0、アタック権が戻る、場札を山札の下へ\n",
		                         "9) advantages 0, attack rights back, the field to the decks' bottoms\n"));
		break;
	case MS_EV_END:
		break;
	default:
		break;
	}
}

/* One event as one line (or none), by the part of the duel it belongs to
 * (the event kinds are in duel order). */
static void line(ut_buf *o, const ms_duel *d, const ms_event *e, int en_,
                 ctx *x)
{
	/* step 7 is over at step 8 or 9; a duel that ends before it (at step
	 * 6 or in a storm) has none */
	if (e->kind == MS_EV_GO_ON || e->kind == MS_EV_GIVE_UP ||
	    e->kind == MS_EV_DAMAGE)
		equal_pairs(o, d, x, x->npairs, en_);
	else if (e->kind == MS_EV_END)
		x->next_pair = x->npairs;
	if (e->kind <= MS_EV_PASS)
		line_setup(o, d, e, en_, x);
	else if (e->kind <= MS_EV_FIELD)
		line_enchant(o, d, e, en_, x);
	else if (e->kind <= MS_EV_DAMAGE)
		line_attack(o, d, e, en_, x);
	else if (e->kind <= MS_EV_EMOTION)
		line_storm(o, d, e, en_, x);
	else
		line_end(o, d, e, en_);
}

/* MS-LOG-4: the hand or the deck order that event `kind` shows, kept
 * with `hands` (cards NULL: none kept), as an indented line under the
 * event's own: "   手札: ♠2 ♦5" / "   hand: ♠2 ♦5", "   山札（上から）: …" /
 * "   deck (top first): …", "（なし）" / "(none)" when empty. */
static void cards_line(ut_buf *o, ms_event_kind kind, const ms_card *c,
                       size_t n, int en_)
{
	char c1[8];
	size_t k;

	if (!c)
		return;
	ut_buf_puts(o, kind == MS_EV_SHUFFLE || kind == MS_EV_RESHUFFLE
	               ? T("   山札（上から）:", "   deck (top first):")
	               : T("   手札:", "   hand:"));
	for (k = 0; k < n; k++)
		ut_buf_printf(o, " %s", cs(c1, c[k]));
	ut_buf_puts(o, n ? "\n" : T(" （なし）\n", " (none)\n"));
}

void ms_text_ctx_free(ms_text_ctx *x)
{
	if (!x)
		return;
	free(x->att);
	free(x->att_flags);
	free(x->att_set);
	free(x);
}

int ms_text_ctx_new(ms_text_ctx **out, const ms_duel *d)
{
	const ms_scenario *sc = ms_duel_scenario(d);
	size_t n = sc->nparticipants ? sc->nparticipants : 1;
	ctx *x = calloc(1, sizeof(*x));

	*out = NULL;
	if (x) {
		x->att = calloc(n, sizeof(*x->att));
		x->att_flags = calloc(n, sizeof(*x->att_flags));
		x->att_set = calloc(n, 1);
	}
	if (!x || !x->att || !x->att_flags || !x->att_set) {
		ms_text_ctx_free(x);
		return ut_error_set(UT_ENOMEM, "out of memory");
	}
	x->npairs = x->next_pair = ms_duel_pairs(d);
	*out = x;
	return 0;
}

void ms_text_event(ut_buf *o, const ms_duel *d, ms_text_ctx *x,
                   const ms_event *e, const ms_event *next,
                   const ms_card *cards, size_t ncards, ms_lang lang)
{
	int en_ = lang == MS_LANG_EN;

	x->next = next;
	line(o, d, e, en_, x);
	cards_line(o, e->kind, cards, ncards, en_);
}

/* Whether side s still has a warrior with HP > 0 (the end line says
 * "both sides" when neither has). */
static int side_standing(const ms_duel *d, int s)
{
	const ms_scenario *sc = ms_duel_scenario(d);
	size_t i;

	for (i = 0; i < sc->nparticipants; i++) {
		ms_part_vitals v;
		if (sc->participants[i].side != s ||
		    sc->participants[i].role != MS_ROLE_WARRIOR)
			continue;
		ms_duel_vitals(&v, d, (uint32_t)i);
		if (v.hp > 0)
			return 1;
	}
	return 0;
}

/* MS-LOG-3: the legend heading the log: the step numbers that start the
 * lines are D3's steps, named as the seed names them (its 1)–9)). */
void ms_text_legend(ut_buf *o, ms_lang lang)
{
	int en_ = lang == MS_LANG_EN;

	ut_buf_puts(o, T("凡例: 行頭の番号はバトルの手順（ルールD3、原案の1)〜9)）\n"
	                 "  1) エンチャントセットアップ 2) エンチャントチェック 3) エンチャントダメージチェック\n"
	                 "  4) アタックセットアップ 5) アタックチェック 6) アタックダメージチェック\n"
	                 "  7) アドバンテージチェック 8) ネクストラウンドチェック 9) ラストダメージチェック\n"
	                 "  番号なし: 決闘の始め（D2）と見出し。字下げ: 上の行の続き（ハプニングの場札、マナ・ストーム）\n",
	                 "Key: the number that starts a line is the battle step (rulings D3, the rule text's steps 1)-9))\n"
	                 "  1) enchant set-up 2) enchant check 3) enchant damage check\n"
	                 "  4) attack set-up 5) attack check 6) attack damage check\n"
	                 "  7) advantage check 8) next round check 9) last damage check\n"
	                 "  no number: the start of the duel (D2) and headings; indented: goes on from the\n"
	                 "  line above (a happening's cards, a mana storm)\n"));
}

/* MS-LOG-1: the end of the text log: with an error (not NULL) the line
 * that says why the duel stopped (MS-LOG-5), then the result. */
void ms_text_result(ut_buf *o, const ms_duel *d, ms_lang lang,
                    const char *error)
{
	int en_ = lang == MS_LANG_EN, s, both;
	size_t i;
	ms_result r;
	const ms_scenario *sc = ms_duel_scenario(d);

	ms_duel_result(&r, d);
	if (error)
		ut_buf_printf(o, T("エラー：%s\n", "error: %s\n"), error);
	ut_buf_printf(o, "%s", T("== 結果 ==\n", "== Result ==\n"));
	if (!error && r.winner < 0)
		ut_buf_printf(o, "%s", T("引き分け\n", "a draw\n"));
	else if (!error)
		ut_buf_printf(o, T("勝者: 陣営%s\n", "winner: side %s\n"), r.winner ? "B" : "A");
	both = !side_standing(d, 0) && !side_standing(d, 1);
	ut_buf_printf(o, T("バトル%lld回、終了: %s\n", "battles: %lld, ended: %s\n"),
	              (long long)r.battles,
	              r.end == MS_END_BATTLES ? T("バトル数に達した", "all battles played")
	              : r.end == MS_END_STEP6 ? (both ? T("6) で両陣営の魔法戦士が全滅", "both sides lost their warriors at step 6")
	                                              : T("6) で魔法戦士が全滅", "a side lost its warriors at step 6"))
	              : r.end == MS_END_STORM ? (both ? T("マナ・ストームで両陣営の魔法戦士が全滅", "both sides lost their warriors in a storm")
	                                              : T("マナ・ストームで魔法戦士が全滅", "a side lost its warriors in a storm"))
	              : r.end == MS_END_STEP9 ? (both ? T("9) で両陣営の魔法戦士が全滅", "both sides lost their warriors at step 9")
	                                              : T("9) で魔法戦士が全滅", "a side lost its warriors at step 9"))
	                                      : T("途中", "not over"));
	for (s = 0; s < 2; s++)
		/* (language review 2026-12-07: "defeated 0" read either way) */
		ut_buf_printf(o, T("陣営%s: 倒した数 %lld、ダメージ %lld\n",
		                   "side %s: warriors it defeated %lld, damage it "
		                   "dealt %lld\n"),
		              s ? "B" : "A", (long long)r.defeated[s], (long long)r.damage[s]);
	ut_buf_printf(o, T("マナ・ストーム %lld回、ハプニング %lld回\n",
	                   "mana storms %lld, happenings %lld\n"),
	              (long long)r.storms, (long long)r.happenings);
	for (i = 0; i < sc->nparticipants; i++) {
		ms_part_state p;
		size_t k;
		ms_duel_participant(&p, d, (uint32_t)i);
		if (p.role == MS_ROLE_WARRIOR) {
			ut_buf_printf(o, T("%s（%s・魔法戦士）: HP %lld\n", "%s (%s, warrior): HP %lld\n"),
			              p.name, p.side ? "B" : "A", (long long)p.hp);
			continue;
		}
		ut_buf_printf(o, T("%s（%s・魔法術師）: MP %lld、衣装 [", "%s (%s, caster): MP %lld, outfits ["),
		              p.name, p.side ? "B" : "A", (long long)p.mp);
		for (k = 0; k < p.noutfits; k++)
			ut_buf_printf(o, "%s%lld", k ? ", " : "", (long long)p.outfits[k]);
		ut_buf_puts(o, "]\n");
	}
}

/* MS-LOG-1: the log as text, one line an event, in lang, after the legend
 * of MS-LOG-3; MS-LOG-4: with the hands and deck orders of a log kept with
 * `hands`; MS-LOG-5: a duel that stopped, with its error (error not
 * NULL) in place of the winner. */
static int render_text(ut_buf *o, const ms_duel *d, const ms_log *log,
                       ms_lang lang, const char *error)
{
	ctx *x;
	size_t i, n;
	const ms_card *c;

	int rc = ms_text_ctx_new(&x, d);

	if (rc < 0)
		return rc;
	ms_text_legend(o, lang);
	for (i = 0; i < log->n; i++) {
		c = ms_log_cards(log, i, &n);
		ms_text_event(o, d, x, &log->ev[i],
		              i + 1 < log->n ? &log->ev[i + 1] : NULL, c, n, lang);
	}
	ms_text_ctx_free(x);
	ms_text_result(o, d, lang, error);
	if (o->failed || log->failed)
		return ut_error_set(UT_ENOMEM, "out of memory");
	return 0;
}

int ms_render_text_stopped(ut_buf *o, const ms_duel *d, const ms_log *log,
                           ms_lang lang, const char *error)
{
	int rc = ms_render_args("ms_render_text_stopped", o, d, log);

	return rc < 0 ? rc : render_text(o, d, log, lang, error);
}

int ms_render_text(ut_buf *o, const ms_duel *d, const ms_log *log, ms_lang lang)
{
	int rc = ms_render_args("ms_render_text", o, d, log);

	return rc < 0 ? rc : render_text(o, d, log, lang, NULL);
}
