/*
 * test_api.c - the web API without HTTP (am_web_handle_query) when memory
 * runs out: each allocation of each request below failing in turn, the
 * answer is AM_ENOMEM and no body, or the answer without failures, byte
 * for byte (include/amaryllis/web.h: "0 (the response says what
 * happened), or AM_ENOMEM").  Never an answer of another status (a 400
 * "bad JSON" for a request that was good), and never a 0 with no
 * response at all (status 0, which the server cannot send).
 *
 * The answers without failures, from docs/WEB.md and src/front/amaryllis/
 * web/api.c:
 * - POST /api/check with グリスク (examples/grisk.txt, legal) in English:
 *   200, `amaryllis check --format json`'s verdict, "ok": true.
 * - A "lang" other than "ja" or "en": 400, "\"lang\" must be \"ja\" or
 *   \"en\"" (lang_member).
 * - A body that is JSON but not an object: 400, "the request must be a
 *   JSON object"; one that is not JSON: 400, "bad JSON at line 1, column
 *   N: …"; a "sheet" that is a number: 400, "\"sheet\" must be a string".
 * - POST /api/battle, グリスク against ヌト: 200, the JSON log (an event
 *   a line, then the result's keys), ヌト the winner in 4 turns (`amaryllis battle`'s, whose log
 *   tests/amaryllis/golden checks); against a sheet "x" (no ':', not a
 *   sheet): 422 "illegal" with both verdicts.
 * - GET /api/nope: 404 "no such API: /api/nope"; GET /api/check: 405
 *   (Allow: POST); GET /api/hill on a server without a hill: 404
 *   "no-hill"; GET /: 200, the page (index.html); POST /: 405 "use GET
 *   for /".
 * With a hill (hill_alloc_failures: a hill of 5, グリスク entered by its
 * form as a@example.net, the password "pass-aaa"):
 * - GET /api/hill: 200, `hill status --format json`'s document, グリスク
 *   first with 0 points; /api/hill.en.html and /api/hill.svg: 200, the
 *   page and the picture of the same standings;
 * - GET /api/hill/sheet?name=グリスク (percent-encoded): 200, the sheet as
 *   entered (examples/grisk.txt);
 * - POST /api/hill/entry, action "test", ヌト (no password, English):
 *   200, "tested" (a test stores nothing: each run is the same); a sheet
 *   "x": 422, "rejected".
 * The hill's own allocations are swept in hill/test_rules; libmicrohttpd
 * is not involved (no server is started).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <jansson.h>

#include "amaryllis/common.h"
#include "amaryllis/hill.h"
#include "amaryllis/web.h"
#include "support/fail_alloc.h"

/* A file's text (NUL-terminated), read whole. */
static char *slurp(const char *path)
{
	FILE *f = fopen(path, "rb");
	char *s = calloc(1, 1 << 16);
	size_t n;

	assert_non_null(f);
	assert_non_null(s);
	n = fread(s, 1, (1 << 16) - 1, f);
	assert_true(n > 0 && n < (1 << 16) - 1);
	fclose(f);
	return s;
}

/* A request body: the object of the key/value pairs kv[0..2n) (strings). */
static char *object_of(const char *const *kv, size_t n)
{
	json_t *j = json_object();
	char *s;
	size_t i;

	assert_non_null(j);
	for (i = 0; i < n; i++)
		assert_int_equal(json_object_set_new(j, kv[2 * i],
		                                     json_string(kv[2 * i + 1])), 0);
	s = json_dumps(j, JSON_COMPACT);
	assert_non_null(s);
	json_decref(j);
	return s;
}

typedef struct req {
	am_web *web;
	const char *method, *path, *query, *body;
	am_web_response want, got;
} req;

static int req_run(void *ud)
{
	req *q = ud;

	return am_web_handle_query(&q->got, q->web, q->method, q->path,
	                           q->query, q->body,
	                           q->body ? strlen(q->body) : 0);
}

static void req_check(void *ud, int rc, int failed)
{
	req *q = ud;

	if (tf_fail_ran(rc, failed, AM_ENOMEM)) {
		if (q->got.status != q->want.status || q->got.len != q->want.len)
			fail_msg("%s %s: %d, not %d: %.*s", q->method, q->path,
			         q->got.status, q->want.status, (int)q->got.len,
			         q->got.body ? q->got.body : "");
		assert_string_equal(q->got.type, q->want.type);
		assert_int_equal(q->got.len, q->want.len);
		assert_memory_equal(q->got.body, q->want.body, q->want.len);
	} else {
		assert_null(q->got.body);
	}
	am_web_response_free(&q->got);
}

/* The answer to method path?query body without failures, with status
 * `status` and `has` in its body; then each allocation of it failing in
 * turn. */
static void sweep_query(am_web *web, const char *method, const char *path,
                        const char *query, const char *body, int status,
                        const char *has)
{
	req q;

	memset(&q, 0, sizeof(q));
	q.web = web, q.method = method, q.path = path, q.query = query;
	q.body = body;
	assert_int_equal(req_run(&q), 0);
	q.want = q.got;
	memset(&q.got, 0, sizeof(q.got));
	assert_int_equal(q.want.status, status);
	assert_non_null(q.want.body);
	{	/* (a body need not end in a NUL: the page's does not) */
		char *t = malloc(q.want.len + 1);
		assert_non_null(t);
		memcpy(t, q.want.body, q.want.len);
		t[q.want.len] = '\0';
		if (!strstr(t, has))
			fail_msg("%s %s: no \"%s\" in %s", method, path, has, t);
		free(t);
	}
	/* every request here allocates (at least its answer's body) */
	assert_true(tf_fail_sweep(req_run, req_check, &q) >= 1);
	am_web_response_free(&q.want);
}

static void sweep(am_web *web, const char *method, const char *path,
                  const char *body, int status, const char *has)
{
	sweep_query(web, method, path, NULL, body, status, has);
}

static void alloc_failures(void **state)
{
	am_web_config cfg = AM_WEB_CONFIG_INIT;
	am_web *web;
	char *grisk = slurp("examples/grisk.txt"), *nut = slurp("examples/nut.txt");
	const char *check_en[] = {"sheet", grisk, "lang", "en"};
	const char *check_xx[] = {"sheet", "x", "lang", "xx"};
	const char *battle[] = {"a", grisk, "b", nut, "lang", "en"};
	const char *illegal[] = {"a", grisk, "b", "x"};
	char *b1 = object_of(check_en, 2), *b2 = object_of(check_xx, 2);
	char *b3 = object_of(battle, 3), *b4 = object_of(illegal, 2);
	(void)state;

	assert_int_equal(am_web_new(&web, &cfg), 0);
	sweep(web, "POST", "/api/check", b1, 200, "\"ok\": true");
	sweep(web, "POST", "/api/check", b2, 400,
	      "\"\\\"lang\\\" must be \\\"ja\\\" or \\\"en\\\"\"");
	sweep(web, "POST", "/api/check", "[1]", 400,
	      "\"the request must be a JSON object\"");
	sweep(web, "POST", "/api/check", "{\"sheet\": \"x\",", 400,
	      "\"bad JSON at line 1, column ");
	sweep(web, "POST", "/api/check", "{\"sheet\": 1}", 400,
	      "\"\\\"sheet\\\" must be a string\"");
	sweep(web, "POST", "/api/battle", b3, 200,
	      "\"winner\": \"ヌト\",\n \"winner_side\": 1,\n \"draw\": false,\n"
	      " \"tie_break\": false,\n \"turns\": 4,\n");
	sweep(web, "POST", "/api/battle", b4, 422, "\"status\": 422");
	sweep(web, "GET", "/api/nope", NULL, 404,
	      "\"no such API: /api/nope\"");
	sweep(web, "GET", "/api/check", NULL, 405, "\"status\": 405");
	sweep(web, "GET", "/api/hill", NULL, 404, "\"status\": 404");
	sweep(web, "GET", "/", NULL, 200, "<html");
	/* the page's 405 names the path asked, not the file behind it
	 * (review 2026-12-07: "use GET for /index.html" to a POST /) */
	sweep(web, "POST", "/", "{}", 405, "\"use GET for /\"");
	am_web_free(web);
	free(b1), free(b2), free(b3), free(b4);
	free(grisk), free(nut);
}

static void hill_alloc_failures(void **state)
{
	am_hill_config hc = AM_HILL_CONFIG_INIT;
	am_web_config cfg = AM_WEB_CONFIG_INIT;
	am_web_response r;
	am_web *web;
	char dir[] = "/tmp/am_web_test.XXXXXX", path[64], cmd[96];
	char *grisk = slurp("examples/grisk.txt"), *nut = slurp("examples/nut.txt");
	const char *enter[] = {"address", "a@example.net", "password", "pass-aaa",
	                       "sheet", grisk};
	const char *test[] = {"address", "b@example.net", "sheet", nut,
	                      "action", "test", "lang", "en"};
	const char *bad[] = {"address", "b@example.net", "sheet", "x",
	                     "action", "test", "lang", "en"};
	char *b1 = object_of(enter, 3), *b2 = object_of(test, 4);
	char *b3 = object_of(bad, 4);
	(void)state;

	assert_non_null(mkdtemp(dir));
	snprintf(path, sizeof(path), "%s/hill.db", dir);
	hc.address = "hill@example.org";
	hc.size = 5;
	hc.pwhash_ops = 1;      /* crypto_pwhash_OPSLIMIT_MIN */
	hc.pwhash_mem = 8192;   /* crypto_pwhash_MEMLIMIT_MIN */
	assert_int_equal(am_hill_create(path, &hc), 0);
	cfg.hill_path = path;
	assert_int_equal(am_web_new(&web, &cfg), 0);
	assert_int_equal(am_web_handle(&r, web, "POST", "/api/hill/entry", b1,
	                               strlen(b1)), 0);
	assert_int_equal(r.status, 200);
	assert_non_null(strstr(r.body, "\"result\": \"entered\""));
	am_web_response_free(&r);

	sweep(web, "GET", "/api/hill", NULL, 200,
	      "\"name\": \"グリスク\",\n      \"player\": null,\n"
	      "      \"wins\": 0,\n      \"draws\": 0,\n      \"losses\": 0,\n"
	      "      \"points\": 0,\n");
	sweep(web, "GET", "/api/hill.en.html", NULL, 200, "グリスク");
	sweep(web, "GET", "/api/hill.svg", NULL, 200, "グリスク");
	sweep_query(web, "GET", "/api/hill/sheet",
	            "name=%E3%82%B0%E3%83%AA%E3%82%B9%E3%82%AF", NULL, 200,
	            "\"name\": \"グリスク\"");
	sweep(web, "POST", "/api/hill/entry", b2, 200,
	      "\"result\": \"tested\"");
	sweep(web, "POST", "/api/hill/entry", b3, 422,
	      "\"result\": \"rejected\"");
	am_web_free(web);
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	assert_int_equal(system(cmd), 0);
	free(b1), free(b2), free(b3);
	free(grisk), free(nut);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(alloc_failures),
		cmocka_unit_test(hill_alloc_failures),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
