/* array.c - growable arrays (util/array.h). */
#include "util/array.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "util/error.h"

int ut_array_grow(void *pp, size_t *cap, size_t need, size_t size)
{
	size_t c = *cap ? *cap : 16;
	void *old, *p;

	if (need <= *cap)
		return 0;
	while (c < need) {
		if (c > SIZE_MAX / 2)
			return ut_error_set(UT_ENOMEM, "out of memory");
		c *= 2;
	}
	if (c > SIZE_MAX / size)
		return ut_error_set(UT_ENOMEM, "out of memory");
	/* *pp is a T *; every object pointer has void *'s representation on
	 * the platforms we build for, so it is read and written as bytes. */
	memcpy(&old, pp, sizeof(old));
	p = realloc(old, c * size);
	if (!p)
		return ut_error_set(UT_ENOMEM, "out of memory");
	memcpy(pp, &p, sizeof(p));
	*cap = c;
	return 0;
}

void *ut_calloc_lines(size_t n, size_t size)
{
	size_t bytes;
	void *p;

	if (size != 0 && n > (SIZE_MAX - 63) / size)
		return NULL;
	/* UT-LINES-1: whole lines, at least one */
	bytes = (n * size + 63) / 64 * 64;
	if (bytes == 0)
		bytes = 64;
	if ((p = aligned_alloc(64, bytes)) != NULL)
		memset(p, 0, bytes);
	return p;
}
