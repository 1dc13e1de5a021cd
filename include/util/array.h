/*
 * util/array.h - growable arrays: one helper for every `T *p; size_t cap;`
 * pair in the project.
 *
 *     uint32_t *ids = NULL;
 *     size_t cap = 0;
 *     if (UT_ARRAY_RESERVE(ids, cap, n + 1) < 0)
 *             return ...;          // ids and cap unchanged, error set
 *     ids[n++] = x;
 *
 * The capacity doubles from 16 until it holds `need`, so appending one at a
 * time costs amortised O(1).  The array's memory belongs to the caller, who
 * frees it with free().
 */
#ifndef UT_ARRAY_H
#define UT_ARRAY_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/*
 * Grow the array whose pointer variable is at `pp` (a T **, passed as it
 * is: no cast) with capacity *cap elements of `size` bytes to hold at least
 * `need`.  Returns 0, or UT_ENOMEM with the error set and the array intact.
 */
int ut_array_grow(void *pp, size_t *cap, size_t need, size_t size);

/* Make room for `need` elements in array `p` of capacity `cap` (lvalues);
 * the common case (enough room) stays inline.  0 or UT_ENOMEM. */
#define UT_ARRAY_RESERVE(p, cap, need)                                     \
	((size_t)(need) <= (cap) ? 0                                           \
	                         : ut_array_grow(&(p), &(cap), (need), sizeof(*(p))))

/*
 * UT-LINES-1: zeroed room for n elements of `size` bytes that starts a
 * cache line (64 bytes) and fills whole lines, for memory one thread
 * writes all the time while another thread writes memory allocated next
 * to it (a series' workers are all made on the calling thread: their
 * counts, their duels and combats): no line is shared, so no line moves
 * between the cores at each write.  NULL when out of memory or when
 * n × size overflows; free() frees it.
 */
void *ut_calloc_lines(size_t n, size_t size);

#ifdef __cplusplus
}
#endif

#endif
