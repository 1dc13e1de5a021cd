/* arena.c - bump allocator: everything a sheet hands out lives until
 * am_sheet_free, so its strings and arrays come from one arena. */
#include <stdlib.h>
#include <string.h>

#include "sheet_int.h"

/* Chunks start small (a league keeps thousands of sheets) and double up to
 * CHUNK as a sheet needs more. */
#define FIRST_CHUNK 1024
#define CHUNK 65536

typedef union am_align {
	long double ld;
	long long ll;
	void *p;
	void (*fp)(void);
} am_align;

struct am_arena_chunk {
	struct am_arena_chunk *next;
	size_t used, size;
	am_align data[]; /* size bytes */
};

/* Round n up to the alignment of am_align; 0 on overflow. */
static size_t round_up(size_t n)
{
	size_t al = sizeof(am_align);
	if (n > SIZE_MAX - al)
		return 0;
	return (n + al - 1) / al * al;
}

void *am_arena_alloc(am_arena *a, size_t size)
{
	struct am_arena_chunk *c = a->head;
	size_t need = round_up(size ? size : 1);
	void *p;

	if (!need)
		return NULL;
	if (!c || c->size - c->used < need) {
		size_t next = c ? (c->size < CHUNK ? c->size * 2 : CHUNK)
		                : FIRST_CHUNK;
		size_t sz = need > next / 4 ? need : next;
		if (sz > SIZE_MAX - sizeof(*c))
			return NULL;
		c = malloc(sizeof(*c) + sz);
		if (!c)
			return NULL;
		c->used = 0;
		c->size = sz;
		if (a->head && sz != next) {
			/* a big block: keep the current chunk for small ones */
			c->next = a->head->next;
			a->head->next = c;
		} else {
			c->next = a->head;
			a->head = c;
		}
	}
	p = (char *)c->data + c->used;
	c->used += need;
	return p;
}

char *am_arena_strndup(am_arena *a, const char *s, size_t n)
{
	char *p;

	if (n == SIZE_MAX)
		return NULL;
	p = am_arena_alloc(a, n + 1);
	if (!p)
		return NULL;
	if (n)
		memcpy(p, s, n);
	p[n] = '\0';
	return p;
}

void am_arena_free(am_arena *a)
{
	struct am_arena_chunk *c = a->head;

	while (c) {
		struct am_arena_chunk *next = c->next;
		free(c);
		c = next;
	}
	a->head = NULL;
}
