/* names.c - a string → index map (open addressing, linear probing), so that
 * looking names up stays linear in the size of the sheet. */
#include <stdlib.h>
#include <string.h>

#include "sheet_int.h"
#include "util/hash.h"

int am_names_get(const am_names *m, const char *key, uint32_t *val)
{
	size_t i;

	if (!m->cap)
		return 0;
	for (i = ut_fnv1a_str(key) & (m->cap - 1); m->keys[i]; i = (i + 1) & (m->cap - 1))
		if (strcmp(m->keys[i], key) == 0) {
			*val = m->vals[i];
			return 1;
		}
	return 0;
}

/* Place key → val in a table known to have room and not to hold key. */
static void place(const char **keys, uint32_t *vals, size_t cap,
                  const char *key, uint32_t val)
{
	size_t i = ut_fnv1a_str(key) & (cap - 1);

	while (keys[i])
		i = (i + 1) & (cap - 1);
	keys[i] = key;
	vals[i] = val;
}

int am_names_put(am_names *m, const char *key, uint32_t val)
{
	uint32_t old;

	if (am_names_get(m, key, &old))
		return 0;
	if ((m->n + 1) * 2 > m->cap) { /* keep the load ≤ 1/2 */
		size_t cap = m->cap ? m->cap * 2 : 16, i;
		const char **keys;
		uint32_t *vals;

		if (cap > SIZE_MAX / sizeof(*keys))
			return AM_ENOMEM;
		keys = calloc(cap, sizeof(*keys));
		vals = malloc(cap * sizeof(*vals));
		if (!keys || !vals) {
			free(keys);
			free(vals);
			return AM_ENOMEM;
		}
		for (i = 0; i < m->cap; i++)
			if (m->keys[i])
				place(keys, vals, cap, m->keys[i], m->vals[i]);
		free(m->keys);
		free(m->vals);
		m->keys = keys;
		m->vals = vals;
		m->cap = cap;
	}
	place(m->keys, m->vals, m->cap, key, val);
	m->n++;
	return 0;
}

void am_names_free(am_names *m)
{
	free(m->keys);
	free(m->vals);
	m->keys = NULL;
	m->vals = NULL;
	m->cap = m->n = 0;
}
