/* diag.c - the messages of the scenario reader in Japanese and English
 * (util/msg.h catalogue; docs/MEGAMI.md MG-SCN-DIAG-1): util_yaml words
 * what every YAML input checks, this catalogue megami's own. */
#include <stdio.h>
#include <string.h>

#include "sc_int.h"
#include "util/buf.h"
#include "util/msg.h"
#include "util/utf8.h"

#define U(c) [(c) - UT_YAML_D_USER]

static const ut_msg msgs[SC_D_END - UT_YAML_D_USER] = {
	U(SC_D_DUPLICATE_ATTR) = {{"属性「{1}」が2回書かれています（最初は{2}桁目）",
	                             "attribute '{1}' listed twice (first at column {2})"}},
	U(SC_D_DUPLICATE_NAME) = {{"「{1}」という名前のキャラクターが2人います（最初は{2}行目）",
	                             "two characters named '{1}' (the first on line {2})"}},
	U(SC_D_HP_TOO_LOW) = {{"HPが{2}です（1以上にしてください）",
	                         "hp {2} is less than 1"}},
	U(SC_D_HP_NOW_OVER) = {{"現在HP {2} がHP {3} を超えています",
	                          "hp_now {2} is more than hp {3}"}},
	U(SC_D_RANGE_NEGATIVE) = {{"射程が{2}です（0以上にしてください）",
	                             "range {2} is negative"}},
	U(SC_D_ROUND_LIMIT) = {{"ラウンド上限が{2}です（1以上にしてください）",
	                          "round_limit {2} is less than 1"}},
	U(SC_D_NO_PC) = {{"PCのキャラクターがいません", "no character on side PC"}},
	U(SC_D_NO_NPC) = {{"NPCのキャラクターがいません", "no character on side NPC"}},
	U(SC_D_ROUND_LIMIT_HIGH) = {{"ラウンド上限が{2}です（{3}以下にしてください）",
	                               "round_limit {2} is more than {3}"}},
	U(SC_D_TOO_MANY) = {{"{1}が多すぎます（{2}個まで）",
	                       "too many {1} (at most {2})"}},
	U(SC_D_NUMBER_RANGE) = {{"{1}の{2}は範囲外です（{4}から{3}までにしてください）",
	                           "{1} {2} is out of range (from {4} to {3})"}},
};

static const ut_msg wants[] = {
	[SC_WANT_CHECK - UT_YAML_WANT_USER] = {{"能力値の名前か整数",
	                                        "a stat name or an integer"}},
};

static const ut_msg vocabs[] = {
	[MG_VOCAB_SIDE] = {{"陣営", "side"}},
	[MG_VOCAB_KIND] = {{"種別", "kind"}},
	[MG_VOCAB_AREA] = {{"範囲", "area"}},
	[MG_VOCAB_TIMING] = {{"タイミング", "timing"}},
	[MG_VOCAB_ATTRIBUTE] = {{"属性", "attribute"}},
	[MG_VOCAB_STAT] = {{"能力値", "stat"}},
};

/* The name of vocabulary v, or with `list` its valid values: "physical,
 * magic" (en) or "physical（物理）、magic（魔法）" (ja; sides have one
 * spelling). */
static void vocab(ut_buf *b, int v, int list, ut_lang lang)
{
	size_t n, i;
	const sc_name *names;

	if (!list) {
		if (v >= 0 && (size_t)v < sizeof(vocabs) / sizeof(vocabs[0]))
			ut_buf_puts(b, ut_msg_text(&vocabs[v], lang));
		else
			ut_buf_puts(b, "?");
		return;
	}
	names = mg_sc_vocab(v, &n);
	for (i = 0; i < n; i++) {
		if (i)
			ut_buf_puts(b, lang == UT_LANG_JA ? "、" : ", ");
		ut_buf_puts(b, names[i].en);
		if (lang == UT_LANG_JA && strcmp(names[i].en, names[i].ja) != 0)
			ut_buf_printf(b, "（%s）", names[i].ja);
	}
}

static const ut_yaml_catalog catalog = {
	msgs, sizeof(msgs) / sizeof(msgs[0]),
	wants, sizeof(wants) / sizeof(wants[0]),
	vocab,
};

size_t mg_diag_format(char *buf, size_t size, const mg_diag *g, mg_lang lang)
{
	ut_yaml_diag u;

	u.code = mg_sc_ut_code(g->code);
	u.line = g->line;
	u.col = g->col;
	u.a = g->a;
	u.b = g->b;
	u.s1 = g->s1;
	u.s2 = g->s2;
	if (u.code == UT_YAML_D_WRONG_TYPE && g->a == MG_WANT_CHECK)
		u.a = SC_WANT_CHECK;
	if (!u.code) { /* not a code of megami's */
		char t[32];
		snprintf(t, sizeof(t), "? (%d)", g->code);
		if (buf && size)
			ut_utf8_copy(buf, size, t, strlen(t));
		return strlen(t);
	}
	return ut_yaml_diag_format(buf, size, &u, (ut_lang)lang, &catalog);
}
