/*
 * rate.c - the per-client request rate of the HTTP servers (util/http.h):
 * a token bucket per client address in a bounded table.
 *
 * Each address has its own entry, found through a hash chain (a seeded
 * hash, so that nobody can aim at one chain), whatever other address
 * hashes alike: a collision never gives a client a fresh bucket.  The
 * table holds `cap` addresses; when it is full, a newcomer takes the entry
 * of the address seen least recently (a list from the oldest to the
 * newest).  Only an address forgotten that way starts afresh, and only
 * after `cap` other addresses have come since its last request; its bucket
 * had usually filled up again by then (a minute's worth of tokens).
 */
#include <assert.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/http.h"

int ut_http_rate_init(ut_http_rate *t, unsigned cap, unsigned nbuckets,
                      uint64_t seed)
{
	unsigned i;

	memset(t, 0, sizeof(*t));
	if (cap == 0 || nbuckets == 0)
		return -1;
	t->e = calloc(cap, sizeof(*t->e));
	t->heads = malloc(nbuckets * sizeof(*t->heads));
	if (!t->e || !t->heads) {
		ut_http_rate_free(t);
		return -1;
	}
	for (i = 0; i < nbuckets; i++)
		t->heads[i] = -1;
	t->cap = cap;
	t->nbuckets = nbuckets;
	t->seed = seed;
	t->oldest = t->newest = -1;
	return 0;
}

void ut_http_rate_free(ut_http_rate *t)
{
	free(t->e);
	free(t->heads);
	memset(t, 0, sizeof(*t));
}

/* The chain of addr: FNV-1a over the bytes from a seeded basis, then
 * SplitMix64's finaliser (every bit of the seed and of the address moves
 * every bit of the result). */
static unsigned chain_of(const ut_http_rate *t, const char *addr)
{
	uint64_t h = 0xcbf29ce484222325u ^ t->seed;
	const char *p;

	for (p = addr; *p; p++)
		h = (h ^ (unsigned char)*p) * 0x100000001b3u;
	h ^= h >> 30;
	h *= 0xbf58476d1ce4e5b9u;
	h ^= h >> 27;
	h *= 0x94d049bb133111ebu;
	h ^= h >> 31;
	return (unsigned)(h % t->nbuckets);
}

/* Take entry i out of the age list / put it in as the newest. */
static void age_unlink(ut_http_rate *t, int i)
{
	ut_http_rate_entry *e = &t->e[i];

	if (e->older >= 0)
		t->e[e->older].newer = e->newer;
	else
		t->oldest = e->newer;
	if (e->newer >= 0)
		t->e[e->newer].older = e->older;
	else
		t->newest = e->older;
	e->older = e->newer = -1;
}

static void age_push(ut_http_rate *t, int i)
{
	ut_http_rate_entry *e = &t->e[i];

	e->older = t->newest;
	e->newer = -1;
	if (t->newest >= 0)
		t->e[t->newest].newer = i;
	else
		t->oldest = i;
	t->newest = i;
}

/* Take entry i out of its hash chain. */
static void chain_unlink(ut_http_rate *t, int i)
{
	int *p = &t->heads[chain_of(t, t->e[i].addr)];

	while (*p >= 0 && *p != i)
		p = &t->e[*p].next;
	assert(*p == i);
	*p = t->e[i].next;
	t->e[i].next = -1;
}

/* The entry of addr: found, or made (from a free entry or the oldest
 * one) with a full bucket. */
static int entry_of(ut_http_rate *t, const char *addr, double now, double cap)
{
	unsigned c = chain_of(t, addr);
	int i;

	for (i = t->heads[c]; i >= 0; i = t->e[i].next)
		if (strcmp(t->e[i].addr, addr) == 0) {
			age_unlink(t, i);
			age_push(t, i);
			return i;
		}
	if (t->used < t->cap) {
		i = (int)t->used++;
	} else { /* full: forget the address seen least recently */
		i = t->oldest;
		assert(i >= 0);
		age_unlink(t, i);
		chain_unlink(t, i);
	}
	snprintf(t->e[i].addr, sizeof(t->e[i].addr), "%s", addr);
	t->e[i].tokens = cap;
	t->e[i].stamp = now;
	t->e[i].next = t->heads[c];
	t->heads[c] = i;
	age_push(t, i);
	return i;
}

/* addr's bucket, refilled for the time since it was last seen. */
static ut_http_rate_entry *refilled(ut_http_rate *t, const char *addr,
                                    double now, double per_minute)
{
	ut_http_rate_entry *e = &t->e[entry_of(t, addr, now, per_minute)];

	if (now > e->stamp)
		e->tokens += (now - e->stamp) * per_minute / 60.0;
	if (e->tokens > per_minute)
		e->tokens = per_minute;
	e->stamp = now;
	return e;
}

void ut_http_rate_charge(ut_http_rate *t, const char *addr, double now,
                         double per_minute, double tokens)
{
	ut_http_rate_entry *e = refilled(t, addr, now, per_minute);

	e->tokens -= tokens;
	if (e->tokens < -per_minute)
		e->tokens = -per_minute;
}

int ut_http_rate_owes(ut_http_rate *t, const char *addr, double now,
                      double per_minute)
{
	return refilled(t, addr, now, per_minute)->tokens < 0;
}

/*
 * One request of addr at `now` (seconds): its bucket holds up to
 * per_minute tokens (a minute's worth of burst) and refills at per_minute
 * a minute.  Returns 1 when a token was there (the request may go on), 0
 * when the bucket is empty.  The caller serialises the calls.
 */
int ut_http_rate_take(ut_http_rate *t, const char *addr, double now,
                      double per_minute)
{
	ut_http_rate_entry *e = refilled(t, addr, now, per_minute);

	if (e->tokens < 1)
		return 0;
	e->tokens -= 1;
	return 1;
}
