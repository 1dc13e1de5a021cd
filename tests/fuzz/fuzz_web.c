/*
 * fuzz_web.c - libFuzzer target for the web front end's API without HTTP
 * (am_web_handle, include/amaryllis/web.h): any request body, on any
 * endpoint, gets a well-formed answer.
 *
 * Input: a first line "METHOD PATH[?QUERY]" (a short first byte picks one
 * of the usual requests instead: see `pick`), then the body.  The query
 * goes to am_web_handle_query as the server passes it (still encoded).  Checks: the status is
 * one the API documents (docs/WEB.md); a JSON answer parses; an error
 * answer is {"error": TEXT, "status": the status}; an SVG answer is one
 * <svg> document.  Battles are held to 200 units and 500 ms.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "amaryllis/web.h"

#include "fuzz_request.h"

static void check(int ok)
{
	if (!ok)
		abort();
}

static am_web *web;

/* Requests picked by a first byte below 8 (the rest of the input is the
 * body), so that mutations of a seed body stay on its endpoint. */
static const char *const pick[][2] = {
	{"POST", "/api/check"}, {"POST", "/api/battle"},
	{"POST", "/api/battle.svg"}, {"POST", "/api/hill/entry"},
	{"GET", "/api/hill"}, {"GET", "/"}, {"GET", "/app.js"},
	{"DELETE", "/api/check"},
};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char method[16] = "POST", path[256] = "/api/check", *query;
	const char *body = (const char *)data;
	size_t len = size;
	am_web_response r;
	json_t *j;

	if (!web) {
		am_web_config cfg = AM_WEB_CONFIG_INIT;
		cfg.max_units = 200;
		cfg.battle_ms = 500;
		check(am_web_new(&web, &cfg) == 0);
	}
	if (size > 0 && data[0] < 8) {
		strcpy(method, pick[data[0]][0]);
		strcpy(path, pick[data[0]][1]);
		body++;
		len--;
	} else {
		fuzz_request_line(method, sizeof(method), path, sizeof(path),
		                  &body, &len);
	}
	if ((query = strchr(path, '?')) != NULL)
		*query++ = '\0';
	if (am_web_handle_query(&r, web, method, path, query, body, len) < 0)
		return 0; /* out of memory */
	check(r.status == 200 || r.status == 400 || r.status == 404 ||
	      r.status == 405 || r.status == 422 || r.status == 429 ||
	      r.status == 500);
	check(r.type != NULL && (r.body != NULL || r.len == 0));
	if (strncmp(r.type, "application/json", 16) == 0) {
		j = json_loadb(r.body, r.len, 0, NULL);
		check(j != NULL);
		if (r.status != 200 && !json_object_get(j, "result")) {
			check(json_is_string(json_object_get(j, "error")));
			check(json_integer_value(json_object_get(j, "status")) ==
			      r.status);
		}
		json_decref(j);
	} else if (strcmp(r.type, "image/svg+xml") == 0) {
		check(r.len > 12 && memcmp(r.body, "<svg", 4) == 0 &&
		      memcmp(r.body + r.len - 7, "</svg>\n", 7) == 0);
	}
	am_web_response_free(&r);
	return 0;
}
