/* vocab.c - the names of the scenario format in English and Japanese (M1,
 * MG-SCN-KEY-4: exactly as M1 writes them; the nearest name for a misspelt
 * one, MG-SCN-DIAG-3, is util_yaml's ut_yaml_suggest), and the codes of
 * the diagnostics. */
#include <stdint.h>
#include <string.h>

#include "sc_int.h"

const sc_name mg_sc_top_keys[SC_TKEY_COUNT] = {
	{"round_limit", "ラウンド上限"},
	{"characters", "キャラクター"},
};

const sc_name mg_sc_character_keys[MG_CKEY_COUNT] = {
	[MG_CKEY_NAME] = {"name", "名前"},
	[MG_CKEY_SIDE] = {"side", "陣営"},
	[MG_CKEY_HP] = {"hp", "HP"},
	[MG_CKEY_HP_NOW] = {"hp_now", "現在HP"},
	[MG_CKEY_INITIATIVE] = {"initiative", "行動"},
	[MG_CKEY_ACCURACY] = {"accuracy", "命中"},
	[MG_CKEY_EVASION] = {"evasion", "回避"},
	[MG_CKEY_RESISTANCE] = {"resistance", "抵抗"},
	[MG_CKEY_POSITION] = {"position", "位置"},
	[MG_CKEY_ARMOR] = {"armor", "防具"},
	[MG_CKEY_FINISH] = {"finish", "とどめ"},
	[MG_CKEY_ATTACKS] = {"attacks", "攻撃"},
	[MG_CKEY_ENTERS] = {"enters", "登場ラウンド"}, /* MG-ENTER-1 */
};

const sc_name mg_sc_attack_keys[MG_AKEY_COUNT] = {
	[MG_AKEY_NAME] = {"name", "名前"},
	[MG_AKEY_KIND] = {"kind", "種別"},
	[MG_AKEY_CHECK] = {"check", "判定"},
	[MG_AKEY_DAMAGE] = {"damage", "ダメージ"},
	[MG_AKEY_ATTRIBUTES] = {"attributes", "属性"},
	[MG_AKEY_RANGE] = {"range", "射程"},
	[MG_AKEY_AREA] = {"area", "範囲"},
	[MG_AKEY_TIMING] = {"timing", "タイミング"},
};

/* Sides have no Japanese names in M1: PC and NPC are written so in
 * Japanese too. */
const sc_name mg_sc_sides[2] = {{"PC", "PC"}, {"NPC", "NPC"}};
const sc_name mg_sc_kinds[2] = {{"physical", "物理"}, {"magic", "魔法"}};
const sc_name mg_sc_areas[2] = {{"single", "単体"}, {"engagement", "エンゲージ"}};
const sc_name mg_sc_timings[2] = {{"normal", "通常"}, {"complex", "複雑"}};
const sc_name mg_sc_attrs[MG_ATTR_COUNT] = {
	[MG_ATTR_PIERCE] = {"pierce", "貫通"},
	[MG_ATTR_IMPACT] = {"impact", "衝撃"},
	[MG_ATTR_ENERGY] = {"energy", "エネルギー"},
	[MG_ATTR_FIRE] = {"fire", "火"},
	[MG_ATTR_ICE] = {"ice", "氷"},
	[MG_ATTR_THUNDER] = {"thunder", "雷"},
	[MG_ATTR_LIGHT] = {"light", "光"},
	[MG_ATTR_HOLY] = {"holy", "聖"},
	[MG_ATTR_DARK] = {"dark", "闇"},
};
const sc_name mg_sc_stats[MG_STAT_COUNT] = {
	[MG_STAT_INITIATIVE] = {"initiative", "行動"},
	[MG_STAT_ACCURACY] = {"accuracy", "命中"},
	[MG_STAT_EVASION] = {"evasion", "回避"},
	[MG_STAT_RESISTANCE] = {"resistance", "抵抗"},
};

const sc_name *mg_sc_vocab(int v, size_t *n)
{
	switch (v) {
	case MG_VOCAB_SIDE: *n = 2; return mg_sc_sides;
	case MG_VOCAB_KIND: *n = 2; return mg_sc_kinds;
	case MG_VOCAB_AREA: *n = 2; return mg_sc_areas;
	case MG_VOCAB_TIMING: *n = 2; return mg_sc_timings;
	case MG_VOCAB_ATTRIBUTE: *n = MG_ATTR_COUNT; return mg_sc_attrs;
	default: *n = MG_STAT_COUNT; return mg_sc_stats;
	}
}

/* The codes of util_yaml (and SC_D_) for each mg_diag_code. */
static const int ut_of_mg[MG_DIAG_COUNT] = {
	[MG_DIAG_INVALID_UTF8] = UT_YAML_D_INVALID_UTF8,
	[MG_DIAG_TAB] = UT_YAML_D_TAB,
	[MG_DIAG_SYNTAX] = UT_YAML_D_SYNTAX,
	[MG_DIAG_EMPTY] = UT_YAML_D_EMPTY,
	[MG_DIAG_SECOND_DOCUMENT] = UT_YAML_D_SECOND_DOCUMENT,
	[MG_DIAG_ANCHOR] = UT_YAML_D_ANCHOR,
	[MG_DIAG_ALIAS] = UT_YAML_D_ALIAS,
	[MG_DIAG_TAG] = UT_YAML_D_TAG,
	[MG_DIAG_TOO_DEEP] = UT_YAML_D_TOO_DEEP,
	[MG_DIAG_NUL] = UT_YAML_D_NUL,
	[MG_DIAG_KEY_NOT_TEXT] = UT_YAML_D_KEY_NOT_TEXT,
	[MG_DIAG_UNKNOWN_KEY] = UT_YAML_D_UNKNOWN_KEY,
	[MG_DIAG_DUPLICATE_KEY] = UT_YAML_D_DUPLICATE_KEY,
	[MG_DIAG_MISSING_KEY] = UT_YAML_D_MISSING_KEY,
	[MG_DIAG_WRONG_TYPE] = UT_YAML_D_WRONG_TYPE,
	[MG_DIAG_NOT_DECIMAL] = UT_YAML_D_NOT_DECIMAL,
	[MG_DIAG_TOO_LARGE] = UT_YAML_D_TOO_LARGE,
	[MG_DIAG_YAML11_BOOL] = UT_YAML_D_YAML11_BOOL,
	[MG_DIAG_UNKNOWN_VALUE] = UT_YAML_D_UNKNOWN_VALUE,
	[MG_DIAG_DUPLICATE_ATTR] = SC_D_DUPLICATE_ATTR,
	[MG_DIAG_EMPTY_NAME] = UT_YAML_D_EMPTY_NAME,
	[MG_DIAG_DUPLICATE_NAME] = SC_D_DUPLICATE_NAME,
	[MG_DIAG_HP_TOO_LOW] = SC_D_HP_TOO_LOW,
	[MG_DIAG_HP_NOW_OVER] = SC_D_HP_NOW_OVER,
	[MG_DIAG_RANGE_NEGATIVE] = SC_D_RANGE_NEGATIVE,
	[MG_DIAG_ROUND_LIMIT] = SC_D_ROUND_LIMIT,
	[MG_DIAG_NO_PC] = SC_D_NO_PC,
	[MG_DIAG_NO_NPC] = SC_D_NO_NPC,
	[MG_DIAG_ROUND_LIMIT_HIGH] = SC_D_ROUND_LIMIT_HIGH,
	[MG_DIAG_TOO_MANY] = SC_D_TOO_MANY,
	[MG_DIAG_NAME_TOO_LONG] = UT_YAML_D_NAME_TOO_LONG,
	[MG_DIAG_NUMBER_RANGE] = SC_D_NUMBER_RANGE,
	[MG_DIAG_NAME_CONTROL] = UT_YAML_D_NAME_CONTROL,
	[MG_DIAG_NAME_INVISIBLE] = UT_YAML_D_NAME_INVISIBLE,
	[MG_DIAG_TOO_MANY_VALUES] = UT_YAML_D_TOO_MANY_NODES,
};

int mg_sc_ut_code(int mg_code)
{
	return mg_code > 0 && mg_code < MG_DIAG_COUNT ? ut_of_mg[mg_code] : 0;
}

int mg_sc_mg_code(int ut_code)
{
	int i;

	for (i = 1; i < MG_DIAG_COUNT; i++)
		if (ut_of_mg[i] == ut_code)
			return i;
	return 0;
}
