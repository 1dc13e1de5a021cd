/*
 * guard.c - the headers a request must carry before the API sees it
 * (docs/MEGAMI.md, "The BCDice-API server"), after the Host check of
 * util_httpd (DNS rebinding; util/http.h): for a POST with a body, a
 * form's Content-Type (urlencoded, or multipart/form-data, which util_httpd
 * hands on as urlencoded: multipart_forms).  No Origin check: the API changes nothing and
 * answers every origin (CORS), as BCDice-API does.
 */
#include <stdlib.h>
#include <string.h>

#include "serve_int.h"

int mg_serve_check(void *ud, ut_httpd_req *rq, const char *method,
                   const char *host, const char **detail, const char **msg)
{
	const char *cl = ut_httpd_header(rq, "Content-Length"), *ct;
	(void)ud;
	(void)host;

	if (strcmp(method, "POST") != 0 ||
	    (!ut_httpd_header(rq, "Transfer-Encoding") &&
	     (!cl || strtoull(cl, NULL, 10) == 0)))
		return 0;
	*detail = "type";
	ct = ut_httpd_header(rq, "Content-Type");
	if (!ut_http_media_type(ct, "application/x-www-form-urlencoded") &&
	    !ut_http_media_type(ct, "multipart/form-data")) {
		*msg = "a POST body must be application/x-www-form-urlencoded "
		       "or multipart/form-data";
		return 415;
	}
	return 0;
}
