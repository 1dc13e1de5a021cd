/*
 * megami/scenario.h - a combat as plain data: characters, their stats,
 * armor and attacks (rulings M1, M8.1).  The YAML reader
 * (megami/scenario_yaml.h) fills it; code may build one directly.  The
 * engine borrows it (nothing is copied): it must outlive the combat.
 */
#ifndef MEGAMI_SCENARIO_H
#define MEGAMI_SCENARIO_H

#include <stddef.h>
#include <stdint.h>

#include "common.h"

#ifdef __cplusplus
extern "C" {
#endif

/** The two sides. */
typedef enum mg_side {
	MG_SIDE_PC = 0,
	MG_SIDE_NPC = 1
} mg_side;

/** Damage attributes (属性).  fire, ice, thunder and light are subtypes of
 *  energy (M5, M8.10). */
typedef enum mg_attr {
	MG_ATTR_PIERCE = 0, /**< 貫通 */
	MG_ATTR_IMPACT,     /**< 衝撃 */
	MG_ATTR_ENERGY,     /**< エネルギー */
	MG_ATTR_FIRE,       /**< 火 (energy) */
	MG_ATTR_ICE,        /**< 氷 (energy) */
	MG_ATTR_THUNDER,    /**< 雷 (energy) */
	MG_ATTR_LIGHT,      /**< 光 (energy) */
	MG_ATTR_HOLY,       /**< 聖 */
	MG_ATTR_DARK,       /**< 闇 */
	MG_ATTR_COUNT
} mg_attr;

/** The stats a judgement may use. */
typedef enum mg_stat {
	MG_STAT_INITIATIVE = 0, /**< 行動 */
	MG_STAT_ACCURACY,       /**< 命中 */
	MG_STAT_EVASION,        /**< 回避 */
	MG_STAT_RESISTANCE,     /**< 抵抗 */
	MG_STAT_COUNT
} mg_stat;

typedef enum mg_kind {
	MG_KIND_PHYSICAL = 0, /**< 物理: defended with 回避 */
	MG_KIND_MAGIC = 1     /**< 魔法: defended with 抵抗 */
} mg_kind;

typedef enum mg_area {
	MG_AREA_SINGLE = 0,    /**< 単体 */
	MG_AREA_ENGAGEMENT = 1 /**< エンゲージ: every enemy at the target's position */
} mg_area;

typedef enum mg_timing {
	MG_TIMING_NORMAL = 0, /**< 通常 action */
	MG_TIMING_COMPLEX = 1 /**< 複雑 action: the whole main process */
} mg_timing;

/** One attack of a character. */
typedef struct mg_attack {
	const char *name;    /**< NUL-terminated UTF-8, borrowed */
	mg_kind kind;
	int check_stat;      /**< an mg_stat, or -1: check_value is the value */
	int64_t check_value; /**< the integer of `check: 7` when check_stat < 0 */
	int64_t damage;
	uint32_t attributes; /**< bit (1u << mg_attr) per attribute; 0: none */
	int64_t range;       /**< metres, ≥ 0; 0 = the same position only */
	mg_area area;
	mg_timing timing;
} mg_attack;

/** One character, in scenario order. */
typedef struct mg_character {
	const char *name;    /**< unique in the scenario, borrowed */
	mg_side side;
	int64_t hp;          /**< maximum, ≥ 1 */
	int64_t hp_now;      /**< start value, ≤ hp (≤ 0: starts 戦闘不能) */
	int64_t stat[MG_STAT_COUNT];
	int64_t position;    /**< metres on one line */
	int64_t armor[MG_ATTR_COUNT]; /**< 防御修正 where listed */
	uint32_t armor_listed;        /**< bit (1u << mg_attr) per listed value */
	int finish;          /**< policy `default`: とどめ (M6.3) */
	const mg_attack *attacks;
	size_t nattacks;
	int64_t enters;      /**< the round it enters the scene (登場判定,
	                          MG-ENTER-1), ≤ round_limit; ≤ 1: there
	                          from the start (M8.1's default 1) */
} mg_character;

/*
 * The limits of a scenario (MG-SCN-LIMIT-1, docs/MEGAMI.md): what a combat
 * at a table never needs, so that the length and the memory of a combat
 * stay bounded (its log stays bounded by the event budget of
 * megami/combat.h).  round_limit 1 … 1000 (M1's default is 20); at most 100
 * characters, 100 attacks per character; names at most
 * MG_SCN_NAME_MAX characters (code points).
 */
#define MG_SCN_ROUND_LIMIT_MAX 1000
#define MG_SCN_MAX_CHARACTERS 100
#define MG_SCN_MAX_ATTACKS 100
#define MG_SCN_NAME_MAX 100

/*
 * The numbers of a scenario file (MG-SCN-LIMIT-2): hp, hp_now, the stats,
 * position, damage, range, a check's value and the armor values are
 * within ±MG_SCN_NUMBER_MAX (10^12; a table writes two digits), so that
 * no sum of a combat can overflow 64 bits (B = 10^12 < 2^40):
 *   - initiative 行動 + 2D6, a judgement base + 2D6, a defence + 2D6,
 *     attack damage = damage + 1D6, the allowance 5 + 行動 and 3 × it:
 *     below 4B;
 *   - real damage = attack damage − modifier (the lowest armor value,
 *     ≥ −B): at most 2B + 6; a target is hit at most 3 times per
 *     character a round (its actions), so at most 3 · 100 · 1000 < 2^19
 *     times in a combat of 100 characters and 1000 rounds
 *     (MG-SCN-LIMIT-1), and HP (from ≥ −B; the GM's hand sets it within
 *     ±B too, MG-GM-1) stays above −B − 2^19 · (2B + 6) > −2^61;
 *   - a position moves at most 3 · (5 + B) a move, at most 3 moves a
 *     round: |position| < B + 9000 · (B + 5) < 2^54; distances are
 *     unsigned differences (MG-CKD-1).
 * The library's own checks (MG-CKD-1) still hold scenarios built by code,
 * which may use the whole 64-bit range (mg_scenario_check does not apply
 * this bound); the bound is also below the flat quiet rounds' 2^40
 * (MG_QFLAT_BOUND), so every scenario file may play them.
 */
#define MG_SCN_NUMBER_MAX INT64_C(1000000000000)

/** A scenario. */
typedef struct mg_scenario {
	int64_t round_limit;           /**< 1 … MG_SCN_ROUND_LIMIT_MAX; default 20 */
	const mg_character *characters;
	size_t ncharacters;
} mg_scenario;

/** Initialise a character with the defaults of M8.1 (stats and position
 *  0, no armor, no attacks, finish false, enters 1); name, side and hp are for the
 *  caller, and hp_now should then be set to hp. */
void mg_character_init(mg_character *c);

/** Initialise an attack with the defaults of M8.1 (physical, check
 *  accuracy, no attributes, range 0, single, normal); name and damage are
 *  for the caller. */
void mg_attack_init(mg_attack *a);

/**
 * Check a scenario built by code against M1/M8.1 (names unique and
 * non-empty, a PC and an NPC, hp ≥ 1, hp_now ≤ hp, range ≥ 0, round_limit
 * ≥ 1, enum values in range) and the limits above (MG-SCN-LIMIT-1).
 * @return 0, or MG_EINVALID with mg_error_last() saying what is wrong
 *         ("mg_scenario_check: s is NULL" for NULL).
 */
int mg_scenario_check(const mg_scenario *s);

#ifdef __cplusplus
}
#endif

#endif
