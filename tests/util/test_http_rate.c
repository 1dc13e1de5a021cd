/*
 * test_http_rate.c - the HTTP servers' rate table (util/http.h,
 * src/util/http/rate.c) with chosen sizes and seeds: addresses that share
 * a chain each keep their own bucket, a full table forgets the address
 * seen least recently and no other, buckets refill at the rate; and a long
 * random run against a plain model of the same rules.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "util/http.h"

/* n requests of addr at time now: how many went through. */
static int take(ut_http_rate *t, const char *addr, double now, int n)
{
	int got = 0;

	while (n-- > 0)
		got += ut_http_rate_take(t, addr, now, 5);
	return got;
}

/* One chain for all: every address collides with every other. */
static void collisions_keep_their_buckets(void **state)
{
	ut_http_rate t;
	int round, got[3] = {0, 0, 0}, i;
	const char *a[3] = {"127.0.1.6", "127.0.1.169", "127.0.2.162"};

	assert_int_equal(ut_http_rate_init(&t, 16, 1, 42), 0);
	for (round = 0; round < 10; round++)
		for (i = 0; i < 3; i++)
			got[i] += ut_http_rate_take(&t, a[i], 100.0, 5);
	for (i = 0; i < 3; i++)
		assert_int_equal(got[i], 5);
	assert_int_equal(t.used, 3);
	ut_http_rate_free(&t);
}

/* A full table forgets the address seen least recently, and only it. */
static void full_table_forgets_the_oldest(void **state)
{
	ut_http_rate t;

	assert_int_equal(ut_http_rate_init(&t, 3, 2, 7), 0);
	assert_int_equal(take(&t, "A", 10.0, 6), 5);
	assert_int_equal(take(&t, "B", 10.0, 6), 5);
	assert_int_equal(take(&t, "C", 10.0, 6), 5);
	assert_int_equal(take(&t, "A", 10.0, 1), 0); /* A seen last now: B oldest */
	assert_int_equal(take(&t, "D", 10.0, 6), 5); /* takes B's entry */
	assert_int_equal(take(&t, "A", 10.0, 1), 0); /* kept, still empty */
	assert_int_equal(take(&t, "C", 10.0, 1), 0);
	assert_int_equal(take(&t, "D", 10.0, 1), 0);
	assert_int_equal(take(&t, "B", 10.0, 6), 5); /* forgotten: fresh (takes A's) */
	assert_int_equal(take(&t, "C", 10.0, 1), 0);
	ut_http_rate_free(&t);
}

/* 5 a minute: one token back every 12 s, never more than 5. */
static void buckets_refill_at_the_rate(void **state)
{
	ut_http_rate t;

	assert_int_equal(ut_http_rate_init(&t, 4, 4, 1), 0);
	assert_int_equal(take(&t, "A", 0.0, 5), 5);
	assert_int_equal(take(&t, "A", 11.0, 1), 0);
	assert_int_equal(take(&t, "A", 12.5, 1), 1);
	assert_int_equal(take(&t, "A", 1000.0, 9), 5);
	ut_http_rate_free(&t);
}

/* A charge (a battle's time) takes tokens beyond the bucket, down to a
 * debt of one minute's worth, paid back at the rate.  60 a minute: one a
 * second.  At 0, 1 taken: 59 left; charged 100: -41; at 10 s: -31, no
 * request; at 41 s: 0, none; at 42 s: 1, one request (0 left, so none
 * more); charged
 * 1000 at 42 s: -60 (the floor), so at 102 s: 0, none, and at 103 s: 1. */
static void charges_leave_a_debt(void **state)
{
	ut_http_rate t;

	(void)state;
	assert_int_equal(ut_http_rate_init(&t, 4, 4, 1), 0);
	assert_int_equal(ut_http_rate_take(&t, "A", 0.0, 60), 1);
	ut_http_rate_charge(&t, "A", 0.0, 60, 100);
	assert_int_equal(ut_http_rate_take(&t, "A", 10.0, 60), 0);
	assert_int_equal(ut_http_rate_take(&t, "A", 41.0, 60), 0);
	assert_int_equal(ut_http_rate_take(&t, "A", 42.0, 60), 1);
	assert_int_equal(ut_http_rate_take(&t, "A", 42.0, 60), 0);
	ut_http_rate_charge(&t, "A", 42.0, 60, 1000);
	assert_int_equal(ut_http_rate_take(&t, "A", 102.0, 60), 0);
	assert_int_equal(ut_http_rate_take(&t, "A", 103.0, 60), 1);
	assert_int_equal(ut_http_rate_take(&t, "B", 103.0, 60), 1); /* another's is full */
	ut_http_rate_free(&t);
}

/* Owing is a bucket below zero, a token or more short of a request: 60 a
 * minute; at 0, 1 taken: 59; charged 59.5: -0.5, owes; at 0.5 s: 0, does
 * not owe, yet no request (ut_http_rate_take needs 1); at 1.5 s: 1.
 * Asking does not take: B, never seen, does not owe and is full. */
static void owes_below_zero(void **state)
{
	ut_http_rate t;

	(void)state;
	assert_int_equal(ut_http_rate_init(&t, 4, 4, 1), 0);
	assert_int_equal(ut_http_rate_take(&t, "A", 0.0, 60), 1);
	assert_int_equal(ut_http_rate_owes(&t, "A", 0.0, 60), 0);
	ut_http_rate_charge(&t, "A", 0.0, 60, 59.5);
	assert_int_equal(ut_http_rate_owes(&t, "A", 0.0, 60), 1);
	assert_int_equal(ut_http_rate_owes(&t, "A", 0.5, 60), 0);
	assert_int_equal(ut_http_rate_take(&t, "A", 0.5, 60), 0);
	assert_int_equal(ut_http_rate_owes(&t, "A", 1.5, 60), 0);
	assert_int_equal(ut_http_rate_take(&t, "A", 1.5, 60), 1);
	assert_int_equal(ut_http_rate_owes(&t, "B", 1.5, 60), 0);
	for (int i = 0; i < 60; i++)
		assert_int_equal(ut_http_rate_take(&t, "B", 1.5, 60), 1);
	assert_int_equal(ut_http_rate_take(&t, "B", 1.5, 60), 0);
	ut_http_rate_free(&t);
}

/* The model: per address its tokens, stamp and when it was seen last. */
typedef struct model {
	int known;
	double tokens, stamp;
	unsigned long seen;
} model;

static int model_take(model *m, int n, int cap, int k, double now,
                      unsigned long tick)
{
	int i, used = 0, oldest = -1;

	for (i = 0; i < n; i++)
		used += m[i].known;
	if (!m[k].known) {
		if (used == cap) { /* forget the one seen least recently */
			for (i = 0; i < n; i++)
				if (m[i].known && (oldest < 0 || m[i].seen < m[oldest].seen))
					oldest = i;
			m[oldest].known = 0;
		}
		m[k].known = 1;
		m[k].tokens = 5;
		m[k].stamp = now;
	}
	m[k].seen = tick;
	m[k].tokens += (now - m[k].stamp) * 5 / 60.0;
	if (m[k].tokens > 5)
		m[k].tokens = 5;
	m[k].stamp = now;
	if (m[k].tokens < 1)
		return 0;
	m[k].tokens -= 1;
	return 1;
}

/* 20,000 requests of 40 addresses in a table of 8 entries and 3 chains,
 * each answer as the model's. */
static void random_run_matches_the_model(void **state)
{
	enum { N = 40, CAP = 8 };
	ut_http_rate t;
	model m[N];
	char addr[N][16];
	uint64_t x = 0x9e3779b97f4a7c15u;
	unsigned long tick;
	double now = 0;
	int k;

	memset(m, 0, sizeof(m));
	for (k = 0; k < N; k++)
		snprintf(addr[k], sizeof(addr[k]), "10.0.0.%d", k);
	assert_int_equal(ut_http_rate_init(&t, CAP, 3, 99), 0);
	for (tick = 1; tick <= 20000; tick++) {
		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
		k = (int)(x % 100 < 70 ? x % 10 : x % N); /* some come often */
		now += (double)(x >> 40 & 7) * 0.05;
		assert_int_equal(ut_http_rate_take(&t, addr[k], now, 5),
		                 model_take(m, N, CAP, k, now, tick));
	}
	ut_http_rate_free(&t);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(collisions_keep_their_buckets),
		cmocka_unit_test(full_table_forgets_the_oldest),
		cmocka_unit_test(buckets_refill_at_the_rate),
		cmocka_unit_test(charges_leave_a_debt),
		cmocka_unit_test(owes_below_zero),
		cmocka_unit_test(random_run_matches_the_model),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
