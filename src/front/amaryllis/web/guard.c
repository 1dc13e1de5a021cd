/*
 * guard.c - the headers a POST must carry before the API sees it
 * (docs/WEB.md, "Security"), after the Host check of util_httpd (DNS
 * rebinding; util/http.h): a same-origin Origin and a JSON Content-Type
 * (cross-site requests: a page elsewhere can send a form or a no-cors
 * fetch, but only as text/plain, form-urlencoded or multipart, and its
 * browser says where it comes from).
 */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "web_int.h"

int am_web_origin_ok(const char *origin, const char *host)
{
	const char *auth;

	if (!origin)
		return 1;
	if (!host)
		return 0; /* (HTTP/1.0 without a Host: nothing to be the same as) */
	if (strncasecmp(origin, "http://", 7) == 0)
		auth = origin + 7;
	else if (strncasecmp(origin, "https://", 8) == 0)
		auth = origin + 8;
	else
		return 0; /* "null", file:, another scheme */
	return strcasecmp(auth, host) == 0;
}

int am_web_fetch_site_ok(const char *site)
{
	return !site || strcasecmp(site, "same-origin") == 0 ||
	       strcasecmp(site, "none") == 0;
}

int am_web_json_type(const char *type)
{
	return ut_http_media_type(type, "application/json");
}
