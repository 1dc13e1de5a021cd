/*
 * test_http_host.c - the HTTP servers' header checks (util/http.h,
 * src/util/http/host.c): Host against the listening address, localhost on
 * loopback and the public names (case and one trailing dot ignored; 400
 * for a malformed value, 421 for another name), --public-host names, a
 * Content-Type's media type with or without parameters, and a request
 * target in absolute form split into its authority and its path.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "util/http.h"

static void host_names_this_server(void **state)
{
	const char *hosts[] = {"dice.example.org."};

	assert_int_equal(ut_http_host_check(NULL, 0, "192.0.2.7", "192.0.2.7:8080"), 0);
	assert_int_equal(ut_http_host_check(NULL, 0, "127.0.0.1", "LocalHost:80"), 0);
	assert_int_equal(ut_http_host_check(NULL, 0, "192.0.2.7", "localhost"), 421);
	assert_int_equal(ut_http_host_check(hosts, 1, "", "DICE.example.org"), 0);
	assert_int_equal(ut_http_host_check(hosts, 1, "", "dice.example.org.:443"), 0);
	assert_int_equal(ut_http_host_check(hosts, 1, "", "evil.example"), 421);
	assert_int_equal(ut_http_host_check(hosts, 1, "", "[::1]:8080"), 421);
}

static void malformed_host_is_400(void **state)
{
	assert_int_equal(ut_http_host_check(NULL, 0, "", ""), 400);
	assert_int_equal(ut_http_host_check(NULL, 0, "", "a b"), 400);
	assert_int_equal(ut_http_host_check(NULL, 0, "", "host:"), 400);
	assert_int_equal(ut_http_host_check(NULL, 0, "", "host:65536"), 400);
	assert_int_equal(ut_http_host_check(NULL, 0, "", "host:123456"), 400);
	assert_int_equal(ut_http_host_check(NULL, 0, "", "[::1"), 400);
	assert_int_equal(ut_http_host_check(NULL, 0, "", "[::g]"), 400);
}

static void public_host_names(void **state)
{
	assert_int_equal(ut_http_public_host_ok("dice.example.org"), 1);
	assert_int_equal(ut_http_public_host_ok("192.0.2.7"), 1);
	assert_int_equal(ut_http_public_host_ok("dice.example.org:80"), 0);
	assert_int_equal(ut_http_public_host_ok("[::1]"), 0);
	assert_int_equal(ut_http_public_host_ok(""), 0);
}

static void media_types(void **state)
{
	const char *json = "application/json";

	assert_int_equal(ut_http_media_type("application/json", json), 1);
	assert_int_equal(ut_http_media_type(" Application/JSON ; charset=utf-8", json), 1);
	assert_int_equal(ut_http_media_type("application/jsonx", json), 0);
	assert_int_equal(ut_http_media_type("application/jso", json), 0);
	assert_int_equal(ut_http_media_type("text/plain", json), 0);
	assert_int_equal(ut_http_media_type(NULL, json), 0);
}

/* RFC 9112 section 3.2: origin form as it is (path NULL: the target
 * itself); absolute form (scheme http or https, any case) to the path
 * after its authority, "" when none; the authority cut to the buffer (16
 * bytes: 15 kept of 20), never past it. */
static void request_targets(void **state)
{
	static const struct {
		const char *target, *path, *auth;
	} cases[] = {
		{"/v2/version", NULL, ""},
		{"*", NULL, ""},
		{"http://127.0.0.1:8080/v2/version", "/v2/version", "127.0.0.1:8080"},
		{"HTTPS://Example.org", "", "Example.org"},
		{"http:///x", "/x", ""},
		{"http://abcdefghijklmnopqrst/p", "/p", "abcdefghijklmno"},
		{"httpx://h/p", NULL, ""},
	};
	char auth[16];
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		const char *r = ut_http_target(cases[i].target, auth, sizeof(auth));
		if (cases[i].path)
			assert_string_equal(r, cases[i].path);
		else
			assert_ptr_equal(r, cases[i].target);
		assert_string_equal(auth, cases[i].auth);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(host_names_this_server),
		cmocka_unit_test(malformed_host_is_400),
		cmocka_unit_test(public_host_names),
		cmocka_unit_test(media_types),
		cmocka_unit_test(request_targets),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
