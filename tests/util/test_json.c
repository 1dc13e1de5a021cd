/*
 * test_json.c - util/json.h: jansson's %.17g reals made the shortest that
 * read back the same, strings and integers untouched; jansson's writer
 * and reader whole or not at all.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <jansson.h>

#include "support/fail_alloc.h"
#include "util/error.h"
#include "util/json.h"

static void check(const char *in, const char *want)
{
	char *s = strdup(in);

	assert_non_null(s);
	ut_json_short_reals(s);
	assert_string_equal(s, want);
	free(s);
}

/* 0.634 is 0.63400000000000000799… as a double: %.17g writes
 * 0.63400000000000001, %.3g "0.634" reads back the same double.  0.007
 * likewise (%.17g 0.0070000000000000001).  1/3 needs all 16 digits
 * (0.3333333333333333 reads back, 0.333333333333333 does not).  5.874
 * from 5.8739999999999997. */
static void test_shortest(void **state)
{
	(void)state;
	check("{\"rates\":{\"PC\":0.63400000000000001,\"draw\":0.0070000000000000001}}",
	      "{\"rates\":{\"PC\":0.634,\"draw\":0.007}}");
	check("[0.33333333333333331, 5.8739999999999997, -0.10000000000000001]",
	      "[0.3333333333333333, 5.874, -0.1]");
	/* the exponent form stays: 1e-05 as %.17g is 1.0000000000000001e-05 */
	check("[1.0000000000000001e-05]", "[1e-05]");
}

/* A real stays a real (6.0, not 6), fixed notation stays fixed (100000.0,
 * not 1e+05, which %.1g would give), integers and strings are untouched,
 * escaped quotes do not end a string. */
static void test_kept(void **state)
{
	(void)state;
	check("{\"mean\": 6.0, \"big\": 100000.0, \"n\": 12345678901234567890}",
	      "{\"mean\": 6.0, \"big\": 100000.0, \"n\": 12345678901234567890}");
	check("{\"s\":\"0.63400000000000001 \\\" 0.63400000000000001\",\"x\":0.63400000000000001}",
	      "{\"s\":\"0.63400000000000001 \\\" 0.63400000000000001\",\"x\":0.634}");
	check("[-0.0, 0.0]", "[-0.0, 0.0]");
	check("", "");
	ut_json_short_reals(NULL);
}

/* An object as the battle log writes its events, and what it dumps:
 * compact, keys in the order set, and its text indented by 1. */
static const char ev_compact[] =
	"{\"type\":\"damage\",\"turn\":3,\"actor\":\"甲#2\","
	"\"hits\":[1,-20],\"rate\":0.5,\"spent\":true}";
static const char ev_indent[] =
	"{\n \"type\": \"damage\",\n \"turn\": 3,\n \"actor\": \"甲#2\",\n"
	" \"hits\": [\n  1,\n  -20\n ],\n \"rate\": 0.5,\n \"spent\": true\n}";

static json_t *event(void)
{
	json_t *o = json_object(), *a = json_array();

	assert_non_null(o);
	assert_non_null(a);
	assert_int_equal(json_object_set_new(o, "type", json_string("damage")), 0);
	assert_int_equal(json_object_set_new(o, "turn", json_integer(3)), 0);
	assert_int_equal(json_object_set_new(o, "actor", json_string("甲#2")), 0);
	assert_int_equal(json_array_append_new(a, json_integer(1)), 0);
	assert_int_equal(json_array_append_new(a, json_integer(-20)), 0);
	assert_int_equal(json_object_set_new(o, "hits", a), 0);
	assert_int_equal(json_object_set_new(o, "rate", json_real(0.5)), 0);
	assert_int_equal(json_object_set_new(o, "spent", json_true()), 0);
	return o;
}

/* The same text as json_dumps, for either layout; NULL for NULL. */
static void test_dumps(void **state)
{
	json_t *o = event();
	char *s;

	(void)state;
	assert_non_null(s = ut_json_dumps(o, JSON_COMPACT | JSON_PRESERVE_ORDER));
	assert_string_equal(s, ev_compact);
	free(s);
	assert_non_null(s = ut_json_dumps(o, JSON_INDENT(1) | JSON_PRESERVE_ORDER));
	assert_string_equal(s, ev_indent);
	free(s);
	assert_null(ut_json_dumps(NULL, JSON_COMPACT));
	json_decref(o);
}

typedef struct dump_sweep {
	json_t *o;
	size_t flags;
	const char *want;
	char *got;
} dump_sweep;

static int dump_run(void *ud)
{
	dump_sweep *w = ud;

	w->got = ut_json_dumps(w->o, w->flags);
	return w->got ? 0 : UT_ENOMEM;
}

static void dump_check(void *ud, int rc, int failed)
{
	dump_sweep *w = ud;

	if (tf_fail_ran(rc, failed, UT_ENOMEM))
		assert_string_equal(w->got, w->want);
	free(w->got);
}

/*
 * Each allocation of dumping the event failing in turn, jansson's too
 * (support/fail_alloc.c hands it the malloc that fails on demand): the
 * whole text or NULL.  json_dumps in its place fails this: out of memory
 * while it writes a key, it leaves the key out and goes on,
 * {"type":"damage","turn":3,:"甲#2",…} (jansson 2.14, issue #655).  The buffer grows from 64 bytes
 * (ut_buf) and jansson allocates for its loop check: at least 2 fail.
 */
static void test_dumps_alloc_failures(void **state)
{
	dump_sweep w = {event(), JSON_COMPACT | JSON_PRESERVE_ORDER, ev_compact,
	                NULL};

	(void)state;
	assert_true(tf_fail_sweep(dump_run, dump_check, &w) >= 2);
	w.flags = JSON_INDENT(1) | JSON_PRESERVE_ORDER;
	w.want = ev_indent;
	assert_true(tf_fail_sweep(dump_run, dump_check, &w) >= 2);
	json_decref(w.o);
}

/* A request as the web API reads one: strings of many bytes (the
 * reader's buffer grows while it saves them), a number, an escape. */
static const char doc_text[] =
	"{\"sheet\": \"グリスク:10/1/1/2/シールド、スピア、スピア、ブースト\\n"
	"・シールド:防御力+2<リミテッド>\\n\", \"lang\": \"en\", "
	"\"n\": 1234567890123, \"a\": [\"x\\u00e9\", null]}";

typedef struct load_sweep {
	const char *text;
	json_t *want, *got;
	json_error_t err;
	int want_rc;
} load_sweep;

static int load_run(void *ud)
{
	load_sweep *w = ud;
	int rc = ut_json_loadb(&w->got, w->text, strlen(w->text),
	                       JSON_REJECT_DUPLICATES, &w->err);

	return rc == w->want_rc ? 0 : rc < 0 ? rc : -100 - rc;
}

static void load_check(void *ud, int rc, int failed)
{
	load_sweep *w = ud;

	if (tf_fail_ran(rc, failed, UT_ENOMEM)) {
		if (w->want) {
			assert_non_null(w->got);
			assert_true(json_equal(w->got, w->want));
		} else {
			assert_null(w->got);
			assert_string_equal(w->err.text,
			                    "premature end of input near '\"x'");
			assert_int_equal(w->err.line, 1);
		}
	} else {
		assert_null(w->got);
	}
	json_decref(w->got);
	w->got = NULL;
}

/*
 * ut_json_loadb with each allocation failing in turn, jansson's own: the
 * document (equal to the one read without failures) or UT_ENOMEM, never
 * another document; text that is not JSON (an unterminated string after
 * the object's first member: jansson's "premature end of input near
 * '\"x'", line 1) its refusal or UT_ENOMEM.  json_loadb alone fails this: out of
 * memory while it saves a string, it drops a byte ("10" read as "1") or
 * calls the string not JSON (jansson 2.14, issue #362).  Reading a
 * document allocates its values: at least 2 runs fail.
 */
static void test_loadb_alloc_failures(void **state)
{
	load_sweep w;
	json_t *s;

	(void)state;
	memset(&w, 0, sizeof(w));
	w.text = doc_text;
	w.want = json_loads(doc_text, 0, NULL);
	assert_non_null(w.want);
	s = json_object_get(w.want, "sheet");
	assert_string_equal(json_string_value(s),
	                    "グリスク:10/1/1/2/シールド、スピア、スピア、ブースト\n"
	                    "・シールド:防御力+2<リミテッド>\n");
	assert_int_equal(json_integer_value(json_object_get(w.want, "n")),
	                 1234567890123);
	assert_int_equal(ut_json_loadb(&w.got, doc_text, strlen(doc_text), 0,
	                               NULL), 0);
	assert_true(json_equal(w.got, w.want));
	json_decref(w.got);
	w.got = NULL;
	assert_true(tf_fail_sweep(load_run, load_check, &w) >= 2);
	json_decref(w.want);

	w.want = NULL;
	w.want_rc = 1;
	w.text = "{\"lang\": \"en\", \"sheet\": \"x";
	assert_true(tf_fail_sweep(load_run, load_check, &w) >= 1);
	/* NULL text is the empty text, not JSON */
	assert_int_equal(ut_json_loadb(&s, NULL, 0, 0, &w.err), 1);
	assert_null(s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_shortest),
		cmocka_unit_test(test_kept),
		cmocka_unit_test(test_dumps),
		cmocka_unit_test(test_dumps_alloc_failures),
		cmocka_unit_test(test_loadb_alloc_failures),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
