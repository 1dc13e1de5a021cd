/*
 * line.h - a party's line (front first) as an implicit treap over unit ids.
 *
 * Nodes live in one array indexed by unit id, shared by both lines; a line
 * is named by its root.  Each node counts its subtree's units and living
 * units, so inserting at a place (BU-PLACE-1), removing (retirement:
 * BU-LINE-2), finding a unit's place, the unit at a place (BU-TARGET-1)
 * and the front-most living unit (BU-LINE-1) all take O(log n) expected
 * time — what a line of 10⁶ units with builds and retirements needs
 * (BU-POP-1; RULINGS B2, B3).
 */
#ifndef AM_CORE_LINE_H
#define AM_CORE_LINE_H

#include <stddef.h>
#include <stdint.h>

#define AM_LINE_NIL UINT32_MAX

typedef struct am_lnode {
	uint32_t l, r, p;  /* children and parent, AM_LINE_NIL for none */
	uint32_t size;     /* units in the subtree */
	uint32_t living;   /* living units in the subtree */
	uint32_t prio;     /* heap priority: a fixed hash of the id */
	uint8_t alive;
} am_lnode;

/* Make node x a one-unit living tree. */
void am_line_node_init(am_lnode *n, uint32_t x);

/* Insert node x so that k units precede it (a ビルド's placement:
 * BU-PLACE-1); returns the new root. */
uint32_t am_line_insert(am_lnode *n, uint32_t root, uint32_t k, uint32_t x);

/* Remove node x from the line rooted at root; returns the new root. */
uint32_t am_line_erase(am_lnode *n, uint32_t root, uint32_t x);

/* Number of units in front of x. */
uint32_t am_line_rank(const am_lnode *n, uint32_t x);

/* The unit with k units in front of it (k < size), or AM_LINE_NIL. */
uint32_t am_line_kth(const am_lnode *n, uint32_t root, uint32_t k);

/* The front-most living unit, or AM_LINE_NIL (an attack's target:
 * BU-LINE-1). */
uint32_t am_line_first_living(const am_lnode *n, uint32_t root);

/* Mark x dead (it keeps its place until erased: BU-LINE-2). */
void am_line_kill(am_lnode *n, uint32_t x);

static inline uint32_t am_line_size(const am_lnode *n, uint32_t root)
{
	return root == AM_LINE_NIL ? 0 : n[root].size;
}

static inline uint32_t am_line_living(const am_lnode *n, uint32_t root)
{
	return root == AM_LINE_NIL ? 0 : n[root].living;
}

/*
 * Write the line's units front first into out (room for its size), only the
 * living ones when living_only; returns how many were written.
 */
size_t am_line_collect(const am_lnode *n, uint32_t root, uint32_t *out,
                       int living_only);

#endif
