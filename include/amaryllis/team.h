/*
 * amaryllis/team.h - the plain-data form of a side: unit definitions and
 * actions, as the engine consumes them.
 *
 * A team is what one player brings to a battle.  In the core game it holds
 * exactly one unit definition (the entry unit).  In アマリリス・ビルディア it is
 * the storage: the entry unit first, then the ビルディア definitions.
 * Teams are usually produced by the sheet parser (amaryllis/sheet.h) but may
 * be filled in by hand; the engine re-checks their structure before use.
 */
#ifndef AMARYLLIS_TEAM_H
#define AMARYLLIS_TEAM_H

#include <stddef.h>
#include <stdint.h>

#include "common.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Action classes (アクションクラス). */
typedef enum am_class {
	AM_CLASS_DIRECT = 0, /**< 直接攻撃 (1): X = 攻撃力, damage X - 防御力 */
	AM_CLASS_PIERCE,     /**< 防御無視攻撃 (3): X = 攻撃力, damage X */
	AM_CLASS_HALVE,      /**< ＨＰ減殺 (3): X = target ＨＰ, damage ceil(X/2) */
	AM_CLASS_ATK_UP,     /**< 攻撃力＋Ｎ (Ｎ) */
	AM_CLASS_DEF_UP,     /**< 防御力＋Ｎ (Ｎ) */
	AM_CLASS_SPD_UP,     /**< 素早さ＋Ｎ (Ｎ) */
	AM_CLASS_GUARD,      /**< ガード与え (1) */
	AM_CLASS_REFLECT,    /**< 反射与え (4) */
	AM_CLASS_LIFE,       /**< ライフ与え (2), リミテッド required */
	AM_CLASS_HEAL,       /**< ＨＰ回復 (2), リミテッド required */
	AM_CLASS_BUILD,      /**< ビルド（名前） (bonus of the named unit) */
	AM_CLASS_COUNT
} am_class;

/** Kind of a class: 攻撃, 補助 or 構築. */
typedef enum am_kind {
	AM_KIND_ATTACK = 0,
	AM_KIND_SUPPORT = 1,
	AM_KIND_BUILD = 2
} am_kind;

/** One defined action (a line `・名前（コスト）：クラス＜…＞`). */
typedef struct am_action {
	const char *name; /**< UTF-8, NFKC-normalised; borrowed */
	am_class cls;
	int64_t n;        /**< Ｎ of 攻撃力/防御力/素早さ＋Ｎ; 0 otherwise */
	int64_t delay;    /**< 遅延起動Ｎ: Ｎ ≥ 2, or 0 for none */
	int64_t mult;     /**< 効果Ｎ倍: Ｎ ≥ 2, or 1 for none */
	int64_t stun;     /**< number of スタン与え */
	int64_t poison;   /**< number of 毒与え */
	int64_t target;   /**< 対象Ｎ (Ｎ ≠ 0), or 0 for none (self) */
	int64_t place;    /**< 配置Ｎ (Ｎ ≠ 0), ビルド only */
	int32_t build;    /**< ビルド: index of the built unit in the team */
	uint8_t limited;  /**< リミテッド */
	uint8_t fast;     /**< 高速起動 */
	uint8_t all;      /**< 全体化 */
	int64_t cost;     /**< the computed cost (am_action_cost) */
} am_action;

/** One unit definition. */
typedef struct am_unit_def {
	const char *name; /**< UTF-8; borrowed */
	int64_t hp;       /**< ＨＰ value (bonus × 5) */
	int64_t atk, def, spd;
	int64_t tech;     /**< 技術 */
	int64_t love;     /**< 愛 (entry unit of a Buildia sheet), else 0 */
	int64_t bonus;    /**< bonus points: 10 for an entry unit, Ｂ for ビルディア */
	size_t nslots;          /**< number of actions set on the unit */
	const uint32_t *slots;  /**< indices into am_team.actions, in order */
} am_unit_def;

/** A side: its storage of unit definitions and the actions they use. */
typedef struct am_team {
	size_t nunits;            /**< ≥ 1; units[0] is the entry unit */
	const am_unit_def *units;
	size_t nactions;
	const am_action *actions;
} am_team;

/** The kind of a class. */
am_kind am_class_kind(am_class cls);

/** Japanese name of a class as written on sheets (NFKC form, e.g. "HP減殺"). */
const char *am_class_name(am_class cls);

/**
 * Compute the cost of an action (RULINGS A2):
 * ceil(base × multipliers ÷ divisors).  For ビルド the base is the bonus of
 * the built unit and must be given in `build_base`; it is ignored otherwise.
 *
 * @param out  receives the cost (≥ 1)
 * @return 0; AM_EOVERFLOW when 64-bit arithmetic would overflow;
 *         AM_EINVALID for an unknown class, a base below 1, or when out
 *         or act is NULL
 */
int am_action_cost(int64_t *out, const am_action *act, int64_t build_base);

/**
 * Check the structure of a team: indices in range, numbers in the ranges the
 * rules allow.  It does not repeat the sheet-level legality checks with
 * locations; it makes sure the engine can run the team safely.
 *
 * @return 0, or AM_EINVALID with am_error_last() describing the problem
 *         ("am_team_check: team is NULL" for NULL)
 */
int am_team_check(const am_team *team);

/**
 * A total order on the contents of teams: unit definitions (names, stats,
 * the actions they set, in order) and then every action; names compare by
 * bytes.  Two teams from the same sheet compare equal.  The seeded
 * tie-break uses it when both entry units have the same name (AM-RESULT-2).
 *
 * @return < 0, 0 or > 0 as a sorts before, with or after b
 */
int am_team_compare(const am_team *a, const am_team *b);

/** Why a unit definition can never be created in a battle
 * (am_team_build_turns; docs/AMARYLLIS.md BU-STORE-2, BU-STORE-3, BU-STORE-4). */
typedef enum am_unbuilt {
	AM_BUILT = 0,          /**< it can be: the entry unit, or built by turn 20 */
	AM_UNBUILT_NO_CHAIN,   /**< no ビルド chain from the entry unit names it */
	AM_UNBUILT_TOO_LATE,   /**< the earliest build would be in turn `turn` > 20 */
	AM_UNBUILT_BUILDER,    /**< every unit holding a ビルド of it is itself
	                            never built (`builder` is one) */
	AM_UNBUILT_NO_SPEED,   /**< the builder has 素早さ 0 and no ally can raise
	                            it: it never acts */
	AM_UNBUILT_HP0_LATE,   /**< the builder has ＨＰ 0 and is built after turn
	                            0: it dies at once */
	AM_UNBUILT_HP0_TURN0,  /**< the builder has ＨＰ 0, lives only in turn 0
	                            and cannot carry the ビルド out in it */
	AM_UNBUILT_CROWDED     /**< the actions set before the ビルド take all the
	                            builder's actions in every turn up to 20 */
} am_unbuilt;

/** The first turn in which a unit of one definition can exist. */
typedef struct am_build_turn {
	int64_t turn;     /**< AM_BUILT: the earliest turn (entry unit: 0);
	                       AM_UNBUILT_TOO_LATE: the earliest turn (> 20);
	                       otherwise INT64_MAX */
	am_unbuilt why;
	uint32_t builder; /**< the unit definition the reason is about (the
	                       holder of the ビルド), when there is one */
	uint32_t slot;    /**< the ビルド's place in its action list */
} am_build_turn;

/**
 * For each unit definition of a team, a lower bound on the first turn in
 * which a unit of it can be created in any battle, against any opponent
 * (the entry unit: turn 0).  When that bound is past turn 20, the
 * definition can never be built (the extension text: 戦闘中にどう転んでも
 * ビルドされ得ないユニットの定義は禁止です), and `why` says why.  The bound
 * is proved, never guessed (docs/AMARYLLIS.md BU-STORE-3): a definition is
 * reported only when no battle can build it.
 *
 * @param out   team->nunits entries
 * @param team  a team that passed am_team_check (ビルド actions whose
 *              `build` is < 0 are ignored)
 * @return 0; AM_EINVALID when out or team is NULL; AM_ENOMEM
 */
int am_team_build_turns(am_build_turn *out, const am_team *team);

#ifdef __cplusplus
}
#endif

#endif
