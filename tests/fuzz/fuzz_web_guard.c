/*
 * fuzz_web_guard.c - libFuzzer target for the header checks of the web
 * server: Host and --public-host names (util/http.h, src/util/http/host.c,
 * shared with megami serve), Origin, Sec-Fetch-Site and Content-Type
 * (src/front/amaryllis/web/guard.c).
 *
 * Input: four lines, LOCAL (the address a connection came in on), HOST,
 * ORIGIN, CONTENT-TYPE (missing lines are empty; a header value holds no
 * NUL, so the input is cut at one).  Checks: each answer is one of the
 * documented ones; a Host accepted for a connection makes "http://HOST"
 * and "https://HOST" its same origin; a name --public-host takes is then
 * accepted as Host on any address, and anything else is not accepted
 * there unless it names that address (or localhost on loopback).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "web_int.h"

#define check(c) do { if (!(c)) { fprintf(stderr, "fuzz_web_guard: %s\n", #c); abort(); } } while (0)

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char buf[4096], *field[4] = {"", "", "", ""}, *p, origin[4200];
	const char *hosts[1];
	size_t n = size < sizeof(buf) - 1 ? size : sizeof(buf) - 1;
	int i, st, ok;

	memcpy(buf, data, n);
	buf[n] = '\0';
	p = buf;
	for (i = 0; i < 4 && p; i++) {
		field[i] = p;
		if ((p = strchr(p, '\n')) != NULL)
			*p++ = '\0';
	}
	/* no Host header names nothing: the server checks presence itself */
	st = ut_http_host_check(NULL, 0, field[0], field[1]);
	check(st == 0 || st == 400 || st == 421);
	if (st == 0) {
		snprintf(origin, sizeof(origin), "http://%s", field[1]);
		check(am_web_origin_ok(origin, field[1]));
		snprintf(origin, sizeof(origin), "HTTPS://%s", field[1]);
		check(am_web_origin_ok(origin, field[1]));
	}
	ok = am_web_origin_ok(field[2], field[1]);
	check(ok == 0 || ok == 1);
	if (ok) /* same origin: the scheme and exactly the Host */
		check((strncasecmp(field[2], "http://", 7) == 0 &&
		       strcasecmp(field[2] + 7, field[1]) == 0) ||
		      (strncasecmp(field[2], "https://", 8) == 0 &&
		       strcasecmp(field[2] + 8, field[1]) == 0));
	check(am_web_origin_ok(NULL, field[1]) == 1);
	check(am_web_origin_ok(field[2], NULL) == 0);
	ok = am_web_fetch_site_ok(field[2]);
	check(ok == (strcasecmp(field[2], "same-origin") == 0 ||
	             strcasecmp(field[2], "none") == 0));
	ok = am_web_json_type(field[3]);
	check(ok == 0 || ok == 1);
	if (ok) { /* application/json, then nothing but blanks or parameters */
		p = field[3] + strspn(field[3], " \t");
		check(strncasecmp(p, "application/json", 16) == 0);
		p += 16 + strspn(p + 16, " \t");
		check(*p == '\0' || *p == ';');
	}
	/* a public host: accepted as Host wherever the server listens */
	if (ut_http_public_host_ok(field[1])) {
		hosts[0] = field[1];
		check(ut_http_host_check(hosts, 1, "", field[1]) == 0);
		check(strchr(field[1], ':') == NULL);
	} else if (st == 421) {
		check(ut_http_host_check(NULL, 0, "", field[1]) == 421);
	}
	return 0;
}
