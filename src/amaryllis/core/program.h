/*
 * program.h - a team compiled for the engine: the slots of every unit
 * definition flattened, with each slot's first usable turn and, per
 * definition of at most 64 slots, the mask of slots usable at each age.
 */
#ifndef AM_CORE_PROGRAM_H
#define AM_CORE_PROGRAM_H

#include "amaryllis/engine.h"

/* One executable slot of a unit definition. */
typedef struct am_slot {
	const am_action *act;
	uint32_t index;   /* index into the team's actions */
	int64_t start;    /* first usable turn, relative to the unit's birth */
	int64_t n;        /* act->n: the Ｎ of a support */
	uint8_t kind;     /* am_kind */
	/* copies of act's fields the steps read, so that a battle finds
	 * them in the program (one place) rather than in the team */
	uint8_t cls;      /* act->cls */
	uint8_t limited;  /* act->limited */
	uint8_t all;      /* act->all */
	uint8_t targeted; /* act->target != 0 */
} am_slot;

struct am_program {
	const am_team *team;
	const am_action *actions; /* team->actions, one load nearer */
	size_t nactions;
	am_slot *slots;        /* all slots of all definitions */
	size_t *slot_off;      /* first slot of definition i */
	size_t nslots, capslots, capoff;
	uint64_t (*masks)[AM_LAST_TURN + 1]; /* usable slots by age */
	size_t capmasks;
	void *copy;            /* am_program_new: the team copied, one block */
	size_t capcopy;        /* its size in bytes */
	uint32_t (*live)[AM_LAST_TURN + 1]; /* slots of a unit built in turn
	                                       t still usable by turn 20 */
	size_t caplive;
	int entry_builds;      /* the entry unit (definition 0) has a ビルド */
	/* The entry unit as a battle first reads it (its stats, its usable
	 * slots by age, those usable by turn 20 when made in turn 0), here
	 * in the program itself rather than in the team and the arrays
	 * above: a league reads a different pair of programs every battle. */
	struct {
		int64_t hp, atk, def, spd;
		uint32_t nslots, live0;
		uint64_t masks[AM_LAST_TURN + 1];
	} entry;
};

/*
 * (Re)compile team t into p, reusing p's memory.  The team must have passed
 * am_team_check.  0 or a negative error.
 */
int am_program_compile(am_program *p, const am_team *t);

/* Release p's memory (p itself is not freed). */
void am_program_release(am_program *p);

#endif
