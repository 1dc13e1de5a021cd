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

am_qent am_queue_pop(am_queue *q)
{
	am_qent top, last;
	size_t i = 0, c;

	UT_ASSERT(q->n > 0); /* the contract of queue.h */
	top = q->a[0];
	last = q->a[--q->n];

	while ((c = 2 * i + 1) < q->n) {
		if (c + 1 < q->n && q->a[c + 1].spd > q->a[c].spd)
			c++;
		if (q->a[c].spd <= last.spd)
			break;
		q->a[i] = q->a[c];
		i = c;
	}
	if (q->n)
		q->a[i] = last;
	return top;
}

void am_queue_free(am_queue *q)
{
	free(q->a);
	q->a = NULL;
	q->n = q->cap = 0;
}
