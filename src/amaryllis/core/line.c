/* line.c - implicit treap for party lines (see line.h). */
#include "line.h"

#define NIL AM_LINE_NIL

static uint32_t hash32(uint32_t x)
{
	x ^= x >> 16;
	x *= 0x7feb352dU;
	x ^= x >> 15;
	x *= 0x846ca68bU;
	x ^= x >> 16;
	return x;
}

static uint32_t size_of(const am_lnode *n, uint32_t x)
{
	return x == NIL ? 0 : n[x].size;
}

static uint32_t living_of(const am_lnode *n, uint32_t x)
{
	return x == NIL ? 0 : n[x].living;
}

/* Recompute x's counts from its children; re-parent the children. */
static void pull(am_lnode *n, uint32_t x)
{
	n[x].size = 1 + size_of(n, n[x].l) + size_of(n, n[x].r);
	n[x].living = n[x].alive + living_of(n, n[x].l) + living_of(n, n[x].r);
	if (n[x].l != NIL)
		n[n[x].l].p = x;
	if (n[x].r != NIL)
		n[n[x].r].p = x;
}

void am_line_node_init(am_lnode *n, uint32_t x)
{
	n[x].l = n[x].r = n[x].p = NIL;
	n[x].size = n[x].living = 1;
	n[x].alive = 1;
	n[x].prio = hash32(x);
}

/* Split t into the first k units (*a) and the rest (*b). */
static void split(am_lnode *n, uint32_t t, uint32_t k, uint32_t *a,
                  uint32_t *b)
{
	if (t == NIL) {
		*a = *b = NIL;
		return;
	}
	if (size_of(n, n[t].l) < k) {
		split(n, n[t].r, k - size_of(n, n[t].l) - 1, &n[t].r, b);
		pull(n, t);
		*a = t;
	} else {
		split(n, n[t].l, k, a, &n[t].l);
		pull(n, t);
		*b = t;
	}
	if (*a != NIL)
		n[*a].p = NIL;
	if (*b != NIL)
		n[*b].p = NIL;
}

/* Concatenate a then b. */
static uint32_t merge(am_lnode *n, uint32_t a, uint32_t b)
{
	if (a == NIL)
		return b;
	if (b == NIL)
		return a;
	if (n[a].prio > n[b].prio) {
		n[a].r = merge(n, n[a].r, b);
		pull(n, a);
		n[a].p = NIL;
		return a;
	}
	n[b].l = merge(n, a, n[b].l);
	pull(n, b);
	n[b].p = NIL;
	return b;
}

uint32_t am_line_insert(am_lnode *n, uint32_t root, uint32_t k, uint32_t x)
{
	uint32_t a, b;

	split(n, root, k, &a, &b);
	return merge(n, merge(n, a, x), b);
}

uint32_t am_line_erase(am_lnode *n, uint32_t root, uint32_t x)
{
	uint32_t k = am_line_rank(n, x), a, b, mid;

	split(n, root, k, &a, &b);
	split(n, b, 1, &mid, &b);
	n[x].l = n[x].r = n[x].p = NIL;
	return merge(n, a, b);
}

uint32_t am_line_rank(const am_lnode *n, uint32_t x)
{
	uint32_t r = size_of(n, n[x].l);

	while (n[x].p != NIL) {
		uint32_t p = n[x].p;
		if (n[p].r == x)
			r += size_of(n, n[p].l) + 1;
		x = p;
	}
	return r;
}

uint32_t am_line_kth(const am_lnode *n, uint32_t t, uint32_t k)
{
	while (t != NIL) {
		uint32_t ls = size_of(n, n[t].l);
		if (k < ls) {
			t = n[t].l;
		} else if (k == ls) {
			return t;
		} else {
			k -= ls + 1;
			t = n[t].r;
		}
	}
	return NIL;
}

uint32_t am_line_first_living(const am_lnode *n, uint32_t t)
{
	if (living_of(n, t) == 0)
		return NIL;
	while (t != NIL) {
		if (living_of(n, n[t].l) > 0)
			t = n[t].l;
		else if (n[t].alive)
			return t;
		else
			t = n[t].r;
	}
	return NIL;
}

void am_line_kill(am_lnode *n, uint32_t x)
{
	if (!n[x].alive)
		return;
	n[x].alive = 0;
	for (; x != NIL; x = n[x].p)
		n[x].living--;
}

size_t am_line_collect(const am_lnode *n, uint32_t t, uint32_t *out,
                       int living_only)
{
	size_t k = 0;
	uint32_t prev = NIL;

	/* in-order walk with parent pointers: no stack, O(size) */
	while (t != NIL) {
		if (prev == n[t].p) {           /* arrived from above */
			if (n[t].l != NIL) {
				prev = t;
				t = n[t].l;
				continue;
			}
			prev = NIL;                 /* as if back from the left */
		}
		if (prev == n[t].l) {           /* left side done: visit */
			if (!living_only || n[t].alive)
				out[k++] = t;
			if (n[t].r != NIL) {
				prev = t;
				t = n[t].r;
				continue;
			}
		}
		prev = t;                       /* both sides done: go up */
		t = n[t].p;
	}
	return k;
}
