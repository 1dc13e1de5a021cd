/*
 * queue.h - who acts next: a max-heap of (素早さ, unit id, version) entries.
 *
 * Entries are never updated in place: when a unit's 素早さ or AP changes the
 * engine bumps the unit's version and pushes a fresh entry; stale entries
 * are skipped when they surface.  Each step then costs O(k log n) for k
 * acting units instead of a scan of the whole population (BU-ORDER-1,
 * BU-POP-1).
 */
#ifndef AM_CORE_QUEUE_H
#define AM_CORE_QUEUE_H

#include <stddef.h>
#include <stdint.h>

typedef struct am_qent {
	int64_t spd;
	uint32_t id;
	uint32_t ver;
} am_qent;

typedef struct am_queue {
	am_qent *a;
	size_t n, cap;
} am_queue;

/* Add an entry; 0 or AM_ENOMEM (BU-ORDER-1). */
int am_queue_push(am_queue *q, am_qent e);

/* Remove the entry with the highest 素早さ (q->n > 0): the next actors
 * (BU-ORDER-1). */
am_qent am_queue_pop(am_queue *q);

/* Make q->a[0 .. n) a heap again, in O(n) (after entries were dropped
 * or added in place). */
void am_queue_heapify(am_queue *q);

static inline const am_qent *am_queue_top(const am_queue *q)
{
	return q->n ? &q->a[0] : NULL;
}

void am_queue_free(am_queue *q);

#endif
