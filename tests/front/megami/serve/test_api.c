/*
 * test_api.c - megami serve's BCDice-API without HTTP (mg_serve_handle)
 * when memory runs out: each allocation of each request below failing in
 * turn (a new server of seed 1 each run, so that every run rolls the same
 * dice), the answer is MG_ENOMEM and no body, or the answer without
 * failures, byte for byte (include/megami/serve.h: "0 (the response says
 * what happened), or MG_ENOMEM").
 *
 * The answers without failures (docs/MEGAMI.md, "Dice bot" and the
 * server's table of refusals):
 * - GET /v2/version: 200 {"api":"","bcdice":…}; GET /v2/game_system: the
 *   two systems, DiceBot and SRS; GET /v2/game_system/SRS: "ok":true and
 *   its "command_pattern".
 * - POST /v2/game_system/SRS/roll with command=2D6+1>=8 (form-encoded):
 *   200, the text "(2D6+1>=8[12,2]) ＞ S[a,b]+1 ＞ T ＞ 成功|失敗"
 *   (MG-DICE-SRS-7: the command with SRS's critical and fumble, then the
 *   dice in ascending order) whose dice a ≤ b are the two "rands" (in the
 *   order rolled), S = a + b, T = S + 1, and "success" is T >= 8
 *   (checked below on the dice seed 1 gives, whatever they are: SRS's
 *   rule, not a copy of the output).  Out of memory, this was read as a
 *   plain sum, "(2D6+1>=8) ＞ …", without its [12,2].
 * - GET …/SRS/roll?command=xyz: 400 "unsupported command"; a malformed
 *   %-escape: 400 "bad request".
 * - POST /v2/original_table with a 1D6 table of six rows: 200, the text
 *   "飲み物表(N) ＞ ROW" with ROW the table's row N and N the one die.
 * - GET /v2/nope: 404 "not found"; POST /v2/version: 405 with Allow "GET,
 *   HEAD, OPTIONS"; OPTIONS: 204, an empty body.
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

#include "megami/serve.h"
#include "support/fail_alloc.h"

typedef struct req {
	const char *method, *path, *query, *body;
	mg_serve_response want, got;
} req;

static int req_run(void *ud)
{
	req *q = ud;
	mg_serve_config cfg = MG_SERVE_CONFIG_INIT;
	mg_serve *s;
	int rc;

	memset(&q->got, 0, sizeof(q->got));
	cfg.seed = 1;
	if ((rc = mg_serve_new(&s, &cfg)) < 0)
		return rc;
	rc = mg_serve_handle(&q->got, s, q->method, q->path, q->query, q->body,
	                     q->body ? strlen(q->body) : 0);
	mg_serve_free(s);
	return rc;
}

static void req_check(void *ud, int rc, int failed)
{
	req *q = ud;

	if (rc < 0 && rc != MG_ENOMEM)
		fail_msg("%s %s: %d, not MG_ENOMEM: %s", q->method, q->path, rc,
		         mg_error_last());
	if (tf_fail_ran(rc, failed, MG_ENOMEM)) {
		if (q->got.status != q->want.status || q->got.len != q->want.len)
			fail_msg("%s %s: %d, not %d: %.*s", q->method, q->path,
			         q->got.status, q->want.status, (int)q->got.len,
			         q->got.body ? q->got.body : "");
		assert_memory_equal(q->got.body, q->want.body, q->want.len);
		assert_string_equal(q->got.type, q->want.type);
		if (q->want.allow)
			assert_string_equal(q->got.allow, q->want.allow);
	} else {
		assert_null(q->got.body);
	}
	mg_serve_response_free(&q->got);
}

/* The answer to the request without failures, of status `status`, in
 * *want (the caller frees it); then each allocation failing in turn. */
static void sweep(mg_serve_response *want, const char *method,
                  const char *path, const char *query, const char *body,
                  int status)
{
	req q;

	memset(&q, 0, sizeof(q));
	q.method = method, q.path = path, q.query = query, q.body = body;
	assert_int_equal(req_run(&q), 0);
	q.want = q.got;
	assert_int_equal(q.want.status, status);
	assert_non_null(q.want.body);
	/* every answer allocates its body at least */
	assert_true(tf_fail_sweep(req_run, req_check, &q) >= 1);
	*want = q.want;
}

/* The JSON of an answer. */
static json_t *doc(const mg_serve_response *r)
{
	json_t *j = json_loadb(r->body, r->len, 0, NULL);

	assert_non_null(j);
	return j;
}

/* The die values of "rands", in order, into v (at most n); how many. */
static size_t rands(json_t *j, int64_t *v, size_t n)
{
	json_t *a = json_object_get(j, "rands");
	size_t i;

	assert_true(json_is_array(a));
	for (i = 0; i < json_array_size(a) && i < n; i++) {
		json_t *d = json_array_get(a, i);
		assert_int_equal(json_integer_value(json_object_get(d, "sides")), 6);
		v[i] = json_integer_value(json_object_get(d, "value"));
		assert_true(v[i] >= 1 && v[i] <= 6);
	}
	return json_array_size(a);
}

static void alloc_failures(void **state)
{
	static const char *const drinks[6] = {"水", "緑茶", "麦茶", "コーラ",
	                                      "オレンジジュース",
	                                      "選ばれし者の知的飲料"};
	mg_serve_response r;
	json_t *j;
	int64_t d[4];
	char want[256];
	int ok;
	(void)state;

	sweep(&r, "GET", "/v2/version", NULL, NULL, 200);
	j = doc(&r);
	assert_string_equal(json_string_value(json_object_get(j, "api")), "");
	assert_true(json_is_string(json_object_get(j, "bcdice")));
	json_decref(j), mg_serve_response_free(&r);

	sweep(&r, "GET", "/v2/game_system", NULL, NULL, 200);
	j = doc(&r);
	assert_int_equal(json_array_size(json_object_get(j, "game_system")), 2);
	json_decref(j), mg_serve_response_free(&r);

	sweep(&r, "GET", "/v2/game_system/SRS", NULL, NULL, 200);
	j = doc(&r);
	assert_true(json_is_true(json_object_get(j, "ok")));
	assert_string_equal(json_string_value(json_object_get(j, "id")), "SRS");
	json_decref(j), mg_serve_response_free(&r);

	/* 2D6+1>=8: the two dice, their sum, +1, and success at 8 */
	sweep(&r, "POST", "/v2/game_system/SRS/roll", NULL,
	      "command=2D6%2B1%3E%3D8", 200);
	j = doc(&r);
	assert_int_equal(rands(j, d, 4), 2);
	ok = d[0] + d[1] + 1 >= 8;
	snprintf(want, sizeof(want), "(2D6+1>=8[12,2]) ＞ %d[%d,%d]+1 ＞ %d ＞ %s",
	         (int)(d[0] + d[1]), (int)(d[0] < d[1] ? d[0] : d[1]),
	         (int)(d[0] < d[1] ? d[1] : d[0]), (int)(d[0] + d[1] + 1),
	         ok ? "成功" : "失敗");
	/* (a 2 or a 12 is SRS's fumble or critical, which says so instead) */
	if (d[0] + d[1] != 2 && d[0] + d[1] != 12) {
		assert_string_equal(json_string_value(json_object_get(j, "text")),
		                    want);
		assert_int_equal(json_is_true(json_object_get(j, "success")), ok);
	}
	json_decref(j), mg_serve_response_free(&r);

	sweep(&r, "GET", "/v2/game_system/SRS/roll", "command=xyz", NULL, 400);
	assert_non_null(strstr(r.body, "\"reason\":\"unsupported command\""));
	mg_serve_response_free(&r);
	sweep(&r, "GET", "/v2/game_system/SRS/roll", "command=%zz", NULL, 400);
	assert_non_null(strstr(r.body, "\"reason\":\"bad request\""));
	mg_serve_response_free(&r);

	/* a table of 1D6 rows: the row of the die */
	sweep(&r, "POST", "/v2/original_table", NULL,
	      "table=%E9%A3%B2%E3%81%BF%E7%89%A9%E8%A1%A8%0A1D6%0A"
	      "1%3A%E6%B0%B4%0A2%3A%E7%B7%91%E8%8C%B6%0A3%3A%E9%BA%A6%E8%8C%B6%0A"
	      "4%3A%E3%82%B3%E3%83%BC%E3%83%A9%0A"
	      "5%3A%E3%82%AA%E3%83%AC%E3%83%B3%E3%82%B8%E3%82%B8%E3%83%A5%E3%83%BC%E3%82%B9%0A"
	      "6%3A%E9%81%B8%E3%81%B0%E3%82%8C%E3%81%97%E8%80%85%E3%81%AE"
	      "%E7%9F%A5%E7%9A%84%E9%A3%B2%E6%96%99", 200);
	j = doc(&r);
	assert_int_equal(rands(j, d, 4), 1);
	snprintf(want, sizeof(want), "飲み物表(%d) ＞ %s", (int)d[0],
	         drinks[d[0] - 1]);
	assert_string_equal(json_string_value(json_object_get(j, "text")), want);
	json_decref(j), mg_serve_response_free(&r);

	sweep(&r, "GET", "/v2/nope", NULL, NULL, 404);
	assert_non_null(strstr(r.body, "\"reason\":\"not found\""));
	mg_serve_response_free(&r);
	sweep(&r, "POST", "/v2/version", NULL, "", 405);
	assert_string_equal(r.allow, "GET, HEAD, OPTIONS");
	mg_serve_response_free(&r);
	sweep(&r, "OPTIONS", "/v2/version", NULL, NULL, 204);
	assert_int_equal(r.len, 0);
	mg_serve_response_free(&r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(alloc_failures),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
