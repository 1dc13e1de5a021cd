/*
 * test_line.c - the party line (implicit treap) against a plain array model:
 * random inserts at places, deaths and removals, checking every query.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "../../src/amaryllis/core/line.h"

enum { MAXN = 3000 };

static am_lnode nodes[MAXN];
static uint32_t model[MAXN];
static uint8_t alive[MAXN];
static uint32_t out[MAXN];

static uint64_t rng = 12345;

static uint32_t rnd(uint32_t n)
{
	rng = rng * 6364136223846793005ULL + 1442695040888963407ULL;
	return (uint32_t)((rng >> 33) % n);
}

static void check(uint32_t root, size_t n)
{
	size_t i, k, first = SIZE_MAX, living = 0;

	assert_int_equal(am_line_size(nodes, root), n);
	k = am_line_collect(nodes, root, out, 0);
	assert_int_equal(k, n);
	for (i = 0; i < n; i++) {
		assert_int_equal(out[i], model[i]);
		assert_int_equal(am_line_rank(nodes, model[i]), i);
		assert_int_equal(am_line_kth(nodes, root, (uint32_t)i), model[i]);
		if (alive[model[i]]) {
			living++;
			if (first == SIZE_MAX)
				first = i;
		}
	}
	assert_int_equal(am_line_living(nodes, root), living);
	assert_int_equal(am_line_first_living(nodes, root),
	                 first == SIZE_MAX ? AM_LINE_NIL : model[first]);
	k = am_line_collect(nodes, root, out, 1);
	assert_int_equal(k, living);
	assert_int_equal(am_line_kth(nodes, root, (uint32_t)n), AM_LINE_NIL);
}

static void test_random_ops(void **state)
{
	uint32_t root = AM_LINE_NIL, next = 0;
	size_t n = 0, round;

	(void)state;
	for (round = 0; round < 4000 && next < MAXN; round++) {
		uint32_t op = rnd(10);
		if (op < 6 || n == 0) { /* insert at a random place */
			uint32_t at = rnd((uint32_t)n + 1), x = next++;
			am_line_node_init(nodes, x);
			alive[x] = 1;
			root = am_line_insert(nodes, root, at, x);
			memmove(model + at + 1, model + at, (n - at) * sizeof(*model));
			model[at] = x;
			n++;
		} else if (op < 8) { /* a death: keeps its place */
			uint32_t x = model[rnd((uint32_t)n)];
			am_line_kill(nodes, x);
			alive[x] = 0;
		} else { /* retire a unit */
			uint32_t at = rnd((uint32_t)n);
			root = am_line_erase(nodes, root, model[at]);
			memmove(model + at, model + at + 1,
			        (n - at - 1) * sizeof(*model));
			n--;
		}
		if (round % 97 == 0 || n < 8)
			check(root, n);
	}
	check(root, n);
	assert_true(n > 500);
}

/* The placement example of the rules: A, B, C, D; D builds E with 配置２
 * → A, B, E, C, D (the engine inserts at position(D) − 2 + 1 = 2). */
static void test_rules_example(void **state)
{
	uint32_t root = AM_LINE_NIL, i;
	(void)state;
	for (i = 0; i < 4; i++) {
		am_line_node_init(nodes, i);
		root = am_line_insert(nodes, root, i, i);
	}
	am_line_node_init(nodes, 4);
	root = am_line_insert(nodes, root, am_line_rank(nodes, 3) - 2 + 1, 4);
	assert_int_equal(am_line_collect(nodes, root, out, 0), 5);
	assert_int_equal(out[0], 0);
	assert_int_equal(out[1], 1);
	assert_int_equal(out[2], 4);
	assert_int_equal(out[3], 2);
	assert_int_equal(out[4], 3);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_random_ops),
		cmocka_unit_test(test_rules_example),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
