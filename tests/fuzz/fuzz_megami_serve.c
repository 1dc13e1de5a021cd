/*
 * fuzz_megami_serve.c - libFuzzer target for megami's BCDice-API without
 * HTTP (mg_serve_handle, include/megami/serve.h): what a client on the
 * open internet sends to `megami serve` after libmicrohttpd has read it.
 *
 * Input: a first line "METHOD PATH[?QUERY]" (a first byte below 8 picks
 * one of the usual requests instead: see `pick`), then the body.  For the
 * picks the rest of the input goes in as the one parameter's value
 * (command=…, table=…), in the query or the body, still encoded as a
 * client sends it.  Checks: the status is one mg_serve_handle documents
 * (docs/MEGAMI.md "Endpoints": 200, 204 for OPTIONS, 400, 404, 405 with
 * Allow); a JSON answer is one object whose "ok" says whether the status is
 * 200 (the version, the admin and the list of systems have none, as
 * BCDice-API's), with a "reason" of the documented ones when it is not,
 * and a roll's or a table's "text" and "rands"; no answer is larger than
 * MG_DICE_MAX_ANSWER allows.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "megami/dice.h"
#include "megami/serve.h"

#include "fuzz_request.h"

static void check(int ok)
{
	if (!ok)
		abort();
}

static mg_serve *serve;

/* Requests picked by a first byte below 8: method, path, the parameter
 * the rest of the input is the value of, and whether it goes in the body
 * (else in the query). */
static const struct {
	const char *method, *path, *param;
	int in_body;
} pick[] = {
	{"GET", "/v2/game_system/SRS/roll", "command=", 0},
	{"POST", "/v2/game_system/SRS/roll", "command=", 1},
	{"GET", "/v2/game_system/DiceBot/roll", "command=", 0},
	{"POST", "/v2/game_system/DiceBot/roll", "command=", 1},
	{"POST", "/v2/original_table", "table=", 1},
	{"POST", "/v2/original_table", "table=", 0},
	{"GET", "/v2/game_system/SRS", "", 0},
	{"OPTIONS", "/v2/original_table", "", 0},
};

static const char *const reasons[] = {
	"unsupported game system", "unsupported command", "unsupported table",
	"bad request", "not found", "method not allowed",
	"the multipart/form-data body is not valid",
};

static int known_reason(const char *s)
{
	size_t i;

	for (i = 0; s && i < sizeof(reasons) / sizeof(reasons[0]); i++)
		if (!strcmp(s, reasons[i]))
			return 1;
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char method[16] = "GET", path[256] = "/v2/version", *query = NULL;
	char *buf = NULL;
	const char *body = (const char *)data;
	size_t len = size;
	mg_serve_response r;
	json_t *j, *ok;

	if (!serve) {
		mg_serve_config cfg = MG_SERVE_CONFIG_INIT;
		cfg.seed = 1;
		check(mg_serve_new(&serve, &cfg) == 0);
	}
	if (size > 0 && data[0] < 8) {
		const size_t p = data[0], plen = strlen(pick[p].param);
		strcpy(method, pick[p].method);
		strcpy(path, pick[p].path);
		/* PARAM=value, NUL-terminated for a query */
		if (!(buf = malloc(plen + size)))
			return 0;
		memcpy(buf, pick[p].param, plen);
		memcpy(buf + plen, data + 1, size - 1);
		buf[plen + size - 1] = '\0';
		if (pick[p].in_body) {
			body = buf;
			len = plen + size - 1;
		} else {
			query = buf;
			body = NULL;
			len = 0;
		}
	} else {
		fuzz_request_line(method, sizeof(method), path, sizeof(path),
		                  &body, &len);
		if ((query = strchr(path, '?')) != NULL)
			*query++ = '\0';
	}
	if (mg_serve_handle(&r, serve, method, path, query, body, len) < 0) {
		free(buf);
		return 0; /* out of memory */
	}
	check(r.status == 200 || r.status == 204 || r.status == 400 ||
	      r.status == 404 || r.status == 405);
	check(r.type != NULL && r.body != NULL);
	check((r.status == 405) == (r.allow != NULL));
	check(r.status != 204 || !strcmp(method, "OPTIONS"));
	/* a roll's text stops growing once past MG_DICE_MAX_ANSWER (1 MiB;
	 * the last piece a repeat adds is at most a pool's 100000 values
	 * shown, under 1 MiB more), and JSON writes a byte as at most 6
	 * ("\u0001"); its rands are at most 10000 dice of some 45 bytes */
	check(r.len <= 6 * 2 * (size_t)MG_DICE_MAX_ANSWER + 10000 * 64);
	if (!strncmp(r.type, "application/json", 16)) {
		/* a row of a table may hold a NUL: "\u0000", as JSON allows */
		j = json_loadb(r.body, r.len, JSON_ALLOW_NUL, NULL);
		check(json_is_object(j));
		ok = json_object_get(j, "ok");
		/* BCDice-API's version, admin and list of systems have no
		 * "ok"; every other answer has one, true for a 200 */
		if (r.status == 200 && (!strcmp(path, "/v2/version") ||
		                        !strcmp(path, "/v2/admin") ||
		                        !strcmp(path, "/v2/game_system")))
			check(ok == NULL);
		else
			check(json_is_boolean(ok) &&
			      json_is_true(ok) == (r.status == 200));
		if (r.status != 200)
			check(known_reason(json_string_value(
			        json_object_get(j, "reason"))));
		else if (strstr(path, "/roll") || !strcmp(path, "/v2/original_table"))
			check(json_is_string(json_object_get(j, "text")) &&
			      json_is_array(json_object_get(j, "rands")));
		json_decref(j);
	} else {
		check(r.status == 204);
	}
	mg_serve_response_free(&r);
	free(buf);
	return 0;
}
