/* vocab.c - the names of the scenario format in English and Japanese (D1,
 * D7.11; docs/MANASTORM.md MS-SCN-KEY-4, MS-SCN-VAL-2, MS-SCN-VAL-3,
 * MS-SCN-VAL-4, MS-SCN-VAL-5, MS-SCN-VAL-6) and the cards. */
#include <string.h>

#include "sc_int.h"
#include "util/error.h"

/* MS-SCN-KEY-4: the Japanese names D1 gives in brackets, and ours for the
 * keys D1 leaves without one (the words of the seed where it has them:
 * 山札 for the deck, 衣装, 得意スート, 発現値). */
const ut_yaml_name ms_sc_top_keys[SC_TKEY_COUNT] = {
	[SC_TKEY_BATTLES] = {"battles", "バトル数"},
	[SC_TKEY_ROUNDS] = {"rounds_per_battle", "ラウンド上限"},
	[SC_TKEY_HAND] = {"hand_size", "手札"},
	[SC_TKEY_MATCH] = {"storm_match", "ストーム条件"},
	[SC_TKEY_SHUFFLE] = {"shuffle", "シャッフル"},
	[SC_TKEY_PARTICIPANTS] = {"participants", "参加者"},
};

const ut_yaml_name ms_sc_participant_keys[SC_PKEY_COUNT] = {
	[SC_PKEY_NAME] = {"name", "名前"},
	[SC_PKEY_SIDE] = {"side", "陣営"},
	[SC_PKEY_ROLE] = {"role", "役割"},
	[SC_PKEY_THRESHOLD] = {"threshold", "発現値"},
	[SC_PKEY_SUIT] = {"suit", "得意スート"},
	[SC_PKEY_MP] = {"mp", "MP"},
	[SC_PKEY_OUTFITS] = {"outfits", "衣装"},
	[SC_PKEY_HP] = {"hp", "HP"},
	[SC_PKEY_DECK] = {"deck", "山札"},
	[SC_PKEY_POLICY] = {"policy", "方針"},
};

const ut_yaml_name ms_sc_sides[2] = {{"A", "A"}, {"B", "B"}};
const ut_yaml_name ms_sc_roles[SC_NROLES] = {
	{"caster", "魔法術師"}, {"warrior", "魔法戦士"}, {"warrior", "魔法剣士"}};
const ut_yaml_name ms_sc_suits[SC_NSUITS] = {
	{"S", "♠"}, {"H", "♥"}, {"D", "♦"}, {"C", "♣"}, {"none", "なし"}};
const ut_yaml_name ms_sc_matches[2] = {{"number", "数"}, {"card", "カード"}};
const ut_yaml_name ms_sc_policies[3] = {
	{"default", "default"}, {"greedy", "greedy"}, {"random", "random"}};

const char *const ms_scenario_policies[3] = {"default", "greedy", "random"};

/* MS-SCN-PART-5: D1's 衣装 of a caster that leaves outfits out */
const int64_t ms_d1_outfits[MS_D1_NOUTFITS] = {3, 2};

#define SUIT13(L, M)                                                       \
	{L "1", M "1"}, {L "2", M "2"}, {L "3", M "3"}, {L "4", M "4"},         \
	{L "5", M "5"}, {L "6", M "6"}, {L "7", M "7"}, {L "8", M "8"},         \
	{L "9", M "9"}, {L "10", M "10"}, {L "11", M "11"}, {L "12", M "12"},   \
	{L "13", M "13"}

const ut_yaml_name ms_sc_cards[52] = {
	SUIT13("S", "♠"), SUIT13("H", "♥"), SUIT13("D", "♦"), SUIT13("C", "♣")};

const ut_yaml_name *ms_sc_vocab(int v, size_t *n)
{
	switch (v) {
	case MS_VOCAB_SIDE: *n = 2; return ms_sc_sides;
	case MS_VOCAB_ROLE: *n = SC_NROLES; return ms_sc_roles;
	case MS_VOCAB_SUIT: *n = SC_NSUITS; return ms_sc_suits;
	case MS_VOCAB_MATCH: *n = 2; return ms_sc_matches;
	default: *n = 3; return ms_sc_policies;
	}
}

/*
 * MS-SCN-CARD-1: a suit (S H D C, or ♠ ♥ ♦ ♣), then a number 1…13 in
 * plain decimal (no sign, no leading zero) or A J Q K (1, 11, 12, 13).
 * Upper-case letters only: "s1" is not a card (the nearest, S1, is
 * suggested).
 */
int ms_card_parse(ms_card *out, const char *s)
{
	static const char *const marks[4] = {"♠", "♥", "♦", "♣"};
	int suit = -1, num = 0;
	size_t i;

	if (!out)
		return ut_error_set(UT_EINVALID, "ms_card_parse: out is NULL");
	if (!s)
		return ut_error_set(UT_EINVALID, "ms_card_parse: text is NULL");
	if (*s && strchr("SHDC", *s)) {
		suit = (int)(strchr("SHDC", *s) - "SHDC");
		s++;
	} else {
		for (i = 0; i < 4; i++)
			if (strncmp(s, marks[i], strlen(marks[i])) == 0) {
				suit = (int)i;
				s += strlen(marks[i]);
				break;
			}
	}
	if (suit < 0)
		return ut_error_set(UT_EINVALID, "not a card: no suit");
	if (s[0] && !s[1] && strchr("AJQK", s[0])) {
		num = s[0] == 'A' ? 1 : s[0] == 'J' ? 11 : s[0] == 'Q' ? 12 : 13;
	} else if (s[0] >= '1' && s[0] <= '9' && !s[1]) {
		num = s[0] - '0';
	} else if (s[0] == '1' && s[1] >= '0' && s[1] <= '3' && !s[2]) {
		num = 10 + s[1] - '0';
	} else {
		return ut_error_set(UT_EINVALID, "not a card: no number 1-13");
	}
	out->suit = (uint8_t)suit;
	out->number = (uint8_t)num;
	return 0;
}
