/*
 * megami/replay.h - a recorded combat: the scenario (a path and/or the
 * scenario itself), the seed, and every decision and every die in the order
 * they happened (docs/MEGAMI.md "Tracker and replays", the MG-REPLAY rules).
 *
 * The text format, version 1, one item a line ('#' starts a comment outside
 * scenario lines; blank lines are ignored):
 *
 *     megami-replay 1                  first line (after comments/blanks)
 *     rng xoshiro256ss-1               optional; no other generator
 *     seed 42                          optional, decimal 0 … 2^64−1
 *     rolled 7                         optional: the dice the seeded
 *                                      generator gave in the session
 *                                      (megami track --resume goes on
 *                                      from there), decimal 0 … 2^64−1
 *     scenario examples/megami/duel.yaml   optional: where it came from
 *     | round_limit: 10                the scenario's YAML, one line per
 *     | characters: …                  "| " line; when present it is used,
 *                                      else the file `scenario` names
 *     dice 3 4                         dice rolled, in order (1 or more)
 *     attack 1 2                       attack #1 of the actor on character #2
 *     finish 1 2                       とどめ with attack #1 on character #2
 *     move 5                           戦闘移動 to position 5
 *     run 12                           全力移動 to position 12
 *     wait | end | resume | stay       待機, end the main process, and the
 *                                      answers to "resume now?"
 *     gm hp 2 15                       the GM's hand (MG-GM-1), at a
 *     gm pos 2 5                       decision, before its answer: HP,
 *     gm add 2 incapacitated           position, add or clear a condition
 *     gm clear 2 dead                  (incapacitated or dead)
 *     gm end pc | npc | none           the GM ends the combat (MG-GM-5)
 *     gm enter 3                       the GM brings #3 in (MG-ENTER-4)
 *
 * Characters and attacks are numbered from 1 (scenario order, the actor's
 * list).  Headers come before the first die or decision.  The library does
 * no I/O: it parses and writes text, and plays a replay on a combat.
 */
#ifndef MEGAMI_REPLAY_H
#define MEGAMI_REPLAY_H

#include <stddef.h>
#include <stdint.h>

#include "combat.h"
#include "common.h"

#ifdef __cplusplus
extern "C" {
#endif

/** The first line of a replay of this version. */
#define MG_REPLAY_MAGIC "megami-replay 1"

typedef enum mg_replay_item_kind {
	MG_RITEM_DIE = 0,   /**< one die: `die` */
	MG_RITEM_ACTION = 1, /**< one decision: `action` */
	MG_RITEM_ADJUST = 2  /**< the GM's hand: `adjust` (MG-GM-1) */
} mg_replay_item_kind;

/** One die or one decision, and where it was written (1-based; 0 when
 *  built by code). */
typedef struct mg_replay_item {
	mg_replay_item_kind kind;
	int64_t die;
	mg_action action;   /**< attack and target 0-based, as the engine's */
	mg_adjust adjust;   /**< the character 0-based, as the engine's */
	uint32_t line, col;
} mg_replay_item;

/** A replay.  Strings and items are owned (mg_replay_free). */
typedef struct mg_replay {
	int has_seed;
	uint64_t seed;
	char *scenario_path;  /**< NULL when not given */
	char *scenario_yaml;  /**< the "| " lines joined (each ends in \n), or NULL */
	size_t scenario_yaml_len;
	uint32_t yaml_line;   /**< the replay line of the YAML's first line */
	mg_replay_item *items;
	size_t nitems, cap;
	int has_rolled;
	uint64_t rolled;      /**< "rolled N": the dice the generator gave */
} mg_replay;

#define MG_REPLAY_INIT {0, 0, NULL, NULL, 0, 0, NULL, 0, 0, 0, 0}

/** Where a replay error is (1-based line and column; 0, 0: no place). */
typedef struct mg_replay_loc {
	uint32_t line, col;
} mg_replay_loc;

/** Free what r owns and make it empty; NULL is fine. */
void mg_replay_free(mg_replay *r);

/** Set the scenario path / YAML (copied; either may be NULL).  0,
 *  MG_ENOMEM, or MG_EINVALID when r is NULL. */
int mg_replay_set_scenario(mg_replay *r, const char *path, const char *yaml,
                           size_t yaml_len);

/** Append a die.  0, MG_ENOMEM, or MG_EINVALID when r is NULL. */
int mg_replay_add_die(mg_replay *r, int64_t die);

/** Append a decision (copied).  0, MG_ENOMEM, or MG_EINVALID when r or
 *  action is NULL. */
int mg_replay_add_action(mg_replay *r, const mg_action *action);

/** Append a GM adjustment (copied).  0, MG_ENOMEM, or MG_EINVALID when r
 *  or adjust is NULL. */
int mg_replay_add_adjust(mg_replay *r, const mg_adjust *adjust);

/**
 * The replay's line of one GM adjustment (MG-GM-1, MG-GM-5, MG-ENTER-4),
 * without its newline: `gm hp 2 15`, `gm add 2 dead`, `gm end pc`, `gm
 * enter 3` (characters from 1), as snprintf writes it into buf (NULL when
 * size is 0).  A tracker shows the GM's hand so, as it was typed.
 * @return the length of the whole line (at most 64), as snprintf does, or
 *         MG_EINVALID when adjust is NULL
 */
int mg_replay_adjust_text(char *buf, size_t size, const mg_adjust *adjust);

/**
 * Parse the text of a replay into *out (initialised here; free it with
 * mg_replay_free also on error).
 * @return 0; MG_EINVALID with *loc and mg_error_last() (in `lang`) saying
 *         what is wrong; MG_EOVERFLOW for a number beyond its type (also
 *         located); MG_ENOMEM; MG_EINVALID (in English) when out is NULL
 *         or text is NULL with len > 0 (loc may be NULL)
 */
int mg_replay_parse(mg_replay *out, mg_replay_loc *loc, const char *text,
                    size_t len, mg_lang lang);

/**
 * The replay as text (the format above): consecutive dice on one `dice`
 * line; the YAML as "| " lines.  A scenario path the `scenario` line
 * cannot hold (a control character, a '#', a blank at an end) is left out
 * when the YAML is there (a reader takes the YAML anyway).  *out is
 * NUL-terminated, freed with free().
 * @return 0, MG_ENOMEM, or MG_EINVALID when out or r is NULL (len may be)
 *         or when such a path is the replay's only scenario
 */
int mg_replay_write(char **out, size_t *len, const mg_replay *r);

/**
 * Playing a replay on a combat.  The combat's dice source must be
 * ut_dice_callback(&dice, mg_replay_dice, &player, seed): dice and
 * decisions are taken from the replay in the order the combat needs them,
 * and must come in that order.
 */
typedef struct mg_replay_player {
	const mg_replay *replay;
	mg_lang lang;
	size_t pos;          /**< the next item */
	int ended;           /**< the replay ran out before the combat ended */
	mg_replay_loc loc;   /**< where the error is */
} mg_replay_player;

/** Start playing r (borrowed). */
void mg_replay_player_init(mg_replay_player *p, const mg_replay *r,
                           mg_lang lang);

/** The ut_dice_fn of a player (ud = the mg_replay_player); MG_EINVALID
 *  when ud or out is NULL. */
int mg_replay_dice(void *ud, uint64_t sides, size_t index, uint64_t *out);

/**
 * Play the rest of the replay on c (created with the player's dice).
 * @return 0 when the replay ran to its end: the combat is over, or
 *         p->ended = 1 when the replay stopped first (a session quit); an
 *         error (MG_EINVALID: an illegal or misplaced decision, GM
 *         adjustment or die, or items after the end, with p->loc; the
 *         combat's own errors) with mg_error_last(), in the player's
 *         language (an engine's refusal too: "NAME: " and
 *         mg_refusal_text; other errors of the combat as it words
 *         them).  GM adjustments are
 *         applied where the combat waits for a decision, before it.
 *         MG_EINVALID when p or c is NULL.
 */
int mg_replay_play(mg_replay_player *p, mg_combat *c);

#ifdef __cplusplus
}
#endif

#endif
