/*
 * test_sink.c - buffered output (util/sink.h): what reaches the writer
 * and when, the in-memory mode, and the sticky write failure.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "util/buf.h"
#include "util/error.h"
#include "util/sink.h"

/* A writer that records each call; it fails from call number fail_at on. */
typedef struct recorder {
	ut_buf got;     /* everything received, concatenated */
	size_t calls;
	size_t last_len;
	size_t fail_at; /* 0: never fails */
} recorder;

static int record(void *ud, const char *data, size_t len)
{
	recorder *r = ud;

	r->calls++;
	if (r->fail_at && r->calls >= r->fail_at)
		return -1;
	r->last_len = len;
	ut_buf_put(&r->got, data, len);
	return 0;
}

/* Below UT_SINK_CHUNK bytes a plain flush keeps the output; at the chunk
 * it hands all of it over in one call; force hands over any rest; an empty
 * buffer never calls the writer. */
static void test_threshold_and_force(void **state)
{
	recorder r = {UT_BUF_INIT, 0, 0, 0};
	ut_buf out = UT_BUF_INIT;
	ut_sink s;
	char block[1024];
	size_t i;

	memset(block, 'x', sizeof(block));
	ut_sink_init(&s, &out, record, &r, "the test");
	assert_int_equal(ut_sink_flush(&s, 1), 0); /* empty: no call */
	assert_int_equal(r.calls, 0);
	for (i = 0; i < 63; i++) /* 63 KiB: below the 64 KiB chunk */
		ut_buf_put(&out, block, sizeof(block));
	assert_int_equal(ut_sink_flush(&s, 0), 0);
	assert_int_equal(r.calls, 0);
	assert_int_equal(out.len, 63 * 1024);
	ut_buf_put(&out, block, sizeof(block)); /* exactly 65536 */
	assert_int_equal(ut_sink_flush(&s, 0), 0);
	assert_int_equal(r.calls, 1);
	assert_int_equal(r.last_len, 65536);
	assert_int_equal(out.len, 0);
	ut_buf_puts(&out, "tail\n");
	assert_int_equal(ut_sink_flush(&s, 0), 0);
	assert_int_equal(r.calls, 1);
	assert_int_equal(ut_sink_flush(&s, 1), 0);
	assert_int_equal(r.calls, 2);
	assert_int_equal(r.got.len, 65536 + 5);
	assert_memory_equal(r.got.ptr + 65536, "tail\n", 5);
	ut_buf_free(&out);
	ut_buf_free(&r.got);
}

/* A NULL writer keeps everything, even when forced. */
static void test_in_memory(void **state)
{
	ut_buf out = UT_BUF_INIT;
	ut_sink s;
	size_t i;

	ut_sink_init(&s, &out, NULL, NULL, "the test");
	for (i = 0; i < 70000; i++)
		ut_buf_put(&out, "y", 1);
	assert_int_equal(ut_sink_flush(&s, 0), 0);
	assert_int_equal(ut_sink_flush(&s, 1), 0);
	assert_int_equal(out.len, 70000);
	ut_buf_free(&out);
}

/* The first failure sets "cannot write <what>" and UT_ERROR; later flushes
 * return UT_ERROR without calling the writer or touching the message. */
static void test_sticky_failure(void **state)
{
	recorder r = {UT_BUF_INIT, 0, 0, 1};
	ut_buf out = UT_BUF_INIT;
	ut_sink s;

	ut_sink_init(&s, &out, record, &r, "the battle log");
	ut_buf_puts(&out, "abc");
	ut_error_clear();
	assert_int_equal(ut_sink_flush(&s, 1), UT_ERROR);
	assert_string_equal(ut_error_last(), "cannot write the battle log");
	assert_int_equal(r.calls, 1);
	assert_int_equal(out.len, 3); /* not handed over: kept */
	ut_error_set(UT_ERROR, "something else");
	assert_int_equal(ut_sink_flush(&s, 1), UT_ERROR);
	assert_int_equal(r.calls, 1);
	assert_string_equal(ut_error_last(), "something else");
	ut_buf_free(&out);
	ut_buf_free(&r.got);
}

/* A buffer whose growth failed makes the flush fail with UT_ENOMEM (the
 * failure flag is what a failed ut_buf_put leaves; set by hand here). */
static void test_buffer_failure(void **state)
{
	recorder r = {UT_BUF_INIT, 0, 0, 0};
	ut_buf out = UT_BUF_INIT;
	ut_sink s;

	ut_sink_init(&s, &out, record, &r, "the test");
	ut_buf_puts(&out, "abc");
	out.failed = 1;
	assert_int_equal(ut_sink_flush(&s, 1), UT_ENOMEM);
	assert_string_equal(ut_error_last(), "out of memory");
	assert_int_equal(r.calls, 0);
	ut_buf_free(&out);
}

/* ut_buf_xml: the five XML specials become entities, a control character
 * XML 1.0 forbids (U+0001) becomes '?', tab and newline and UTF-8 pass. */
static void test_xml_escape(void **state)
{
	ut_buf b = UT_BUF_INIT;
	(void)state;
	assert_int_equal(ut_buf_xml(&b, "a<b>&\"'\x01\t\nグリスク"), 0);
	assert_string_equal(b.ptr, "a&lt;b&gt;&amp;&quot;&#39;?\t\nグリスク");
	assert_int_equal(ut_buf_xml(&b, ""), 0);
	assert_int_equal(b.len, strlen("a&lt;b&gt;&amp;&quot;&#39;?\t\nグリスク"));
	ut_buf_free(&b);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_threshold_and_force),
		cmocka_unit_test(test_in_memory),
		cmocka_unit_test(test_sticky_failure),
		cmocka_unit_test(test_buffer_failure),
		cmocka_unit_test(test_xml_escape),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
