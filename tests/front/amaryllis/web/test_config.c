/*
 * test_config.c - am_web_new's configuration versions: a version 4 config
 * bounds a battle's work (max_work, BU-POP-3), a version 3 one (without
 * that field) gets the default bound, an unknown version is refused.
 *
 * グリスク against ヌト (examples/grisk.txt, nut.txt) carries out ten
 * actions, none 全体化 (each counts 1: work 10, the log's ten lines of
 * actions): a bound of 1 stops it at its first step with an action (422,
 * "上限の1を超える", the request naming no lang); the default, 4,000,000,
 * lets it end (200).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "amaryllis/web.h"
#include "util/buf.h"

/* The battle of the two bundled sheets, as a request body. */
static char *battle_body(void)
{
	static const char *paths[2] = {"examples/grisk.txt", "examples/nut.txt"};
	ut_buf b = UT_BUF_INIT;
	int k;

	ut_buf_puts(&b, "{");
	for (k = 0; k < 2; k++) {
		char line[512];
		FILE *f = fopen(paths[k], "r");
		assert_non_null(f);
		ut_buf_printf(&b, "%s\"%s\": \"", k ? ", " : "", k ? "b" : "a");
		while (fgets(line, sizeof line, f)) {
			size_t n = strcspn(line, "\n");
			line[n] = '\0';
			assert_null(strchr(line, '"'));
			assert_null(strchr(line, '\\'));
			ut_buf_printf(&b, "%s\\n", line);
		}
		fclose(f);
		ut_buf_puts(&b, "\"");
	}
	ut_buf_puts(&b, "}");
	assert_false(b.failed);
	return b.ptr;
}

/* The status of POST /api/battle on a server of config cfg. */
static int battle_status(const am_web_config *cfg, const char *body,
                         char *err, size_t errsize)
{
	am_web *w;
	am_web_response r;
	int st;

	assert_int_equal(am_web_new(&w, cfg), 0);
	assert_int_equal(am_web_handle(&r, w, "POST", "/api/battle", body,
	                               strlen(body)), 0);
	st = r.status;
	snprintf(err, errsize, "%.*s", (int)r.len, r.body ? r.body : "");
	am_web_response_free(&r);
	am_web_free(w);
	return st;
}

static void versions(void **state)
{
	am_web_config cfg = AM_WEB_CONFIG_INIT;
	char *body = battle_body(), err[4096];
	am_web *w = NULL;
	(void)state;

	assert_int_equal(battle_status(&cfg, body, err, sizeof err), 200);
	cfg.max_work = 1;
	assert_int_equal(battle_status(&cfg, body, err, sizeof err), 422);
	/* the request names no lang: Japanese (am_render_stop) */
	assert_non_null(strstr(err, "\"戦闘を中断しました：戦闘の作業量が上限の1を超えるため\""));
	/* version 3 has no max_work: whatever is there is not read */
	cfg.version = 3;
	assert_int_equal(battle_status(&cfg, body, err, sizeof err), 200);
	cfg.version = 2;
	assert_int_equal(am_web_new(&w, &cfg), AM_EINVALID);
	assert_null(w);
	free(body);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(versions),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
