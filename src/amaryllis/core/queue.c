/* queue.c - binary max-heap on 素早さ (see queue.h). */
#include "queue.h"

#include <stdlib.h>

#include "amaryllis/common.h"

#include "util/array.h"
#include "util/assert.h"

int am_queue_push(am_queue *q, am_qent e)
{
	size_t i;

	if (UT_ARRAY_RESERVE(q->a, q->cap, q->n + 1) < 0)
		return AM_ENOMEM;
	for (i = q->n++; i > 0 && q->a[(i - 1) / 2].spd < e.spd; i = (i - 1) / 2)
		q->a[i] = q->a[(i - 1) / 2];
	q->a[i] = e;
	return 0;
}

/* Put e at i (q->a[i] free) or below, as far down as the heap wants. */
static void sift_down(am_queue *q, size_t i, am_qent e)
{
	size_t c;

	while ((c = 2 * i + 1) < q->n) {
		if (c + 1 < q->n && q->a[c + 1].spd > q->a[c].spd)
			c++;
		if (q->a[c].spd <= e.spd)
			break;
		q->a[i] = q->a[c];
		i = c;
	}
	q->a[i] = e;
}

am_qent am_queue_pop(am_queue *q)
{
	am_qent top, last;

	UT_ASSERT(q->n > 0); /* the contract of queue.h */
	top = q->a[0];
	last = q->a[--q->n];
	if (q->n)
		sift_down(q, 0, last);
	return top;
}

void am_queue_heapify(am_queue *q)
{
	size_t i;

	for (i = q->n / 2; i-- > 0;)
		sift_down(q, i, q->a[i]);
}

void am_queue_free(am_queue *q)
{
	free(q->a);
	q->a = NULL;
	q->n = q->cap = 0;
}
