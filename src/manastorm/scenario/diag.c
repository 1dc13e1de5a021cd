/* diag.c - the messages of the scenario reader in Japanese and English
 * (MS-SCN-DIAG-1): util_yaml's for what every format checks, these for
 * manastorm's own (util/msg.h: {1} = s1, {2} = a, {3} = b, {4} = s2). */
#include <string.h>

#include "sc_int.h"
#include "util/msg.h"

#define U(c) [(c) - UT_YAML_D_USER]

static const ut_msg msgs[MS_DIAG_COUNT - UT_YAML_D_USER] = {
	U(MS_DIAG_RANGE) = {{"{1}が{2}です（{3}から{4}までにしてください）",
	                     "{1} is {2}; it must be from {3} to {4}"}},
	U(MS_DIAG_UNKNOWN_CARD) = {{"「{1}」はカードではありません（S1〜C13。"
	                            "♠♥♦♣ と A J Q K も使えます）",
	                            "unknown card '{1}' (S1…C13; also ♠♥♦♣ and "
	                            "A J Q K)"}},
	U(MS_DIAG_UNKNOWN_CARD_NEAR) = {{"「{1}」はカードではありません。「{4}」の"
	                                 "ことですか？",
	                                 "unknown card '{1}'; did you mean '{4}'?"}},
	U(MS_DIAG_DUPLICATE_NAME) = {{"「{1}」という名前の参加者が2人います（最初は"
	                              "{2}行目）",
	                              "two participants named '{1}' (the first on "
	                              "line {2})"}},
	U(MS_DIAG_NO_WARRIOR) = {{"陣営{1}に魔法戦士がいません（各陣営に1人以上"
	                          "必要です）",
	                          "side {1} has no warrior (each side needs one)"}},
	U(MS_DIAG_CASTER_NO_OUTFITS) = {{"魔法術師「{1}」に衣装がありません（1着以上"
	                                 "必要です）",
	                                 "caster '{1}' has no outfits (a caster "
	                                 "needs at least one)"}},
	U(MS_DIAG_CASTER_NO_MP) = {{"魔法術師にはMP（mp）が必要です",
	                            "a caster needs mp"}},
	U(MS_DIAG_WARRIOR_NO_HP) = {{"魔法戦士にはHP（hp）が必要です",
	                             "a warrior needs hp"}},
	U(MS_DIAG_NOT_FOR_CASTER) = {{"「{1}」は魔法戦士だけのキーです（この参加者は"
	                              "魔法術師）",
	                              "'{1}' is for warriors only (this participant "
	                              "is a caster)"}},
	U(MS_DIAG_NOT_FOR_WARRIOR) = {{"「{1}」は魔法術師だけのキーです（この参加者"
	                               "は魔法戦士）",
	                               "'{1}' is for casters only (this participant "
	                               "is a warrior)"}},
	U(MS_DIAG_EMPTY_DECK) = {{"山札が空です（書かなければ52枚のカードになります）",
	                          "the deck is empty (leave it out for the 52 "
	                          "cards)"}},
	/* MS-SCN-NUM-3: each list named by its word, in Japanese as the
	 * other messages name keys (山札, 衣装), whatever language the key
	 * was written in */
	U(MS_DIAG_TOO_MANY) = {{"参加者が多すぎます（{2}人まで）",
	                        "too many participants (at most {2})"}},
	U(MS_DIAG_TOO_MANY_OUTFITS) = {{"衣装が多すぎます（{2}着まで）",
	                                "too many outfits (at most {2})"}},
	U(MS_DIAG_TOO_MANY_CARDS) = {{"山札のカードが多すぎます（{2}枚まで）",
	                              "too many cards in the deck (at most {2})"}},
};

static const ut_msg wants[] = {
	[MS_WANT_CARD - UT_YAML_WANT_USER] = {{"カード（S1〜C13）",
	                                       "a card (S1…C13)"}},
};

/* The name of vocabulary v, or with `list` its values (MS-SCN-VAL-1,
 * MS-SCN-VAL-2, MS-SCN-VAL-3, MS-SCN-VAL-4, MS-SCN-VAL-5, MS-SCN-VAL-6). */
static void vocab(ut_buf *out, int v, int list, ut_lang lang)
{
	static const ut_msg names[] = {
		[MS_VOCAB_SIDE] = {{"陣営", "side"}},
		[MS_VOCAB_ROLE] = {{"役割", "role"}},
		[MS_VOCAB_SUIT] = {{"得意スート", "suit"}},
		[MS_VOCAB_MATCH] = {{"ストーム条件", "storm_match"}},
		[MS_VOCAB_POLICY] = {{"方針", "policy"}},
	};
	static const ut_msg lists[] = {
		[MS_VOCAB_SIDE] = {{"A、B", "A, B"}},
		[MS_VOCAB_ROLE] = {{"caster（魔法術師）、warrior（魔法戦士、魔法剣士）",
		                    "caster, warrior"}},
		[MS_VOCAB_SUIT] = {{"S（♠）、H（♥）、D（♦）、C（♣）、none（なし）",
		                    "S, H, D, C, none"}},
		[MS_VOCAB_MATCH] = {{"number（数）、card（カード）", "number, card"}},
		[MS_VOCAB_POLICY] = {{"default、greedy、random",
		                      "default, greedy, random"}},
	};

	if (v < 0 || v > MS_VOCAB_POLICY) {
		ut_buf_puts(out, "?");
		return;
	}
	ut_buf_puts(out, ut_msg_text(list ? &lists[v] : &names[v], lang));
}

static const ut_yaml_catalog catalog = {
	msgs, sizeof(msgs) / sizeof(msgs[0]),
	wants, sizeof(wants) / sizeof(wants[0]),
	vocab,
};

size_t ms_diag_format(char *buf, size_t size, const ms_diag *g, ms_lang lang)
{
	return ut_yaml_diag_format(buf, size, g, (ut_lang)lang, &catalog);
}
