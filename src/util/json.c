/*
 * util/json.c - the shortest reals of a JSON text, and jansson's writer
 * and reader whole or not at all (util/json.h).
 */
#include "util/json.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "util/buf.h"
#include "util/error.h"
#include "util/utf8.h"

/* json_dump_callback's writer: onto the buffer, whose failure sticks (a
 * piece jansson does not check, an object's key, fails it all the same) */
static int to_buf(const char *s, size_t n, void *ud)
{
	return ut_buf_put(ud, s, n) < 0 ? -1 : 0;
}

char *ut_json_dumps(const struct json_t *j, size_t flags)
{
	ut_buf b = UT_BUF_INIT;

	if (!j || json_dump_callback(j, to_buf, &b, flags) != 0 ||
	    ut_buf_put(&b, "", 0) < 0 || b.failed) {
		ut_buf_free(&b);
		return NULL;
	}
	return b.ptr;
}

/* jansson's refusal e is a failed allocation, not the text: it says so
 * (json_error_out_of_memory), or leaves e as it began, without a text
 * (text that is not JSON always gets one). */
static int no_memory(const json_error_t *e)
{
	return e->text[0] == '\0' ||
	       json_error_code(e) == json_error_out_of_memory;
}

int ut_json_loadb(struct json_t **out, const char *text, size_t len,
                  size_t flags, struct json_error_t *err)
{
	json_error_t e[2];
	json_t *j[2];
	int k, same;

	*out = NULL;
	for (k = 0; k < 2; k++) {
		memset(&e[k], 0, sizeof(e[k]));
		j[k] = json_loadb(text ? text : "", text ? len : 0, flags, &e[k]);
	}
	same = j[0] && j[1] ? json_equal(j[0], j[1]) :
	       !j[0] && !j[1] && !no_memory(&e[0]) && !no_memory(&e[1]) &&
	       strcmp(e[0].text, e[1].text) == 0 && e[0].line == e[1].line &&
	       e[0].column == e[1].column;
	json_decref(j[1]);
	if (!same) {
		json_decref(j[0]);
		return UT_ENOMEM;
	}
	if (!j[0]) {
		if (err)
			*err = e[0];
		return 1;
	}
	*out = j[0];
	return 0;
}

int ut_json_put(struct json_t *o, const char *key, struct json_t *v)
{
	return v && json_object_set_new(o, key, v) == 0 ? 0 : -1;
}

struct json_t *ut_json_text(const char *s, size_t n, const char *instead)
{
	json_t *v = json_stringn(s, n);

	return v || ut_utf8_valid(s, n) ? v : json_string(instead);
}

/* x, a number token of n bytes, in the fewest significant digits that
 * read back as x, in the token's notation (exp: with an exponent), into
 * out (UT_JSON_REAL_MAX bytes): its length, or 0 when that is longer than n. */
static size_t shortest(double x, int exp, char *out, size_t n)
{
	int p;

	for (p = 1; p <= 17; p++) {
		size_t m;
		int has_e, has_dot;

		snprintf(out, UT_JSON_REAL_MAX, "%.*g", p, x);
		if (strtod(out, NULL) != x)
			continue;
		has_e = strchr(out, 'e') != NULL;
		if (has_e != exp)
			continue; /* 100000.0 as 1e+05: go on to "100000" */
		has_dot = strchr(out, '.') != NULL;
		m = strlen(out);
		if (!has_e && !has_dot) { /* a real stays a real: 6.0 */
			memcpy(out + m, ".0", 3);
			m += 2;
		}
		return m <= n ? m : 0;
	}
	return 0;
}

const char *ut_json_real(char buf[UT_JSON_REAL_MAX], double v)
{
	char out[UT_JSON_REAL_MAX];
	size_t m;

	snprintf(buf, UT_JSON_REAL_MAX, "%.17g", v);
	if (!strpbrk(buf, ".eEn")) /* not "nan" or "inf" either */
		strcat(buf, ".0");
	if (isfinite(v) &&
	    (m = shortest(v, strpbrk(buf, "eE") != NULL, out, strlen(buf))))
		memcpy(buf, out, m + 1);
	for (m = 0; buf[m]; m++) /* a locale's decimal comma (LC_NUMERIC) */
		if (buf[m] == ',')
			buf[m] = '.';
	return buf;
}

void ut_json_short_reals(char *text)
{
	char *r = text, *w = text;
	int in_str = 0;

	if (!text)
		return;
	while (*r) {
		const char c = *r;
		size_t n;

		if (in_str) {
			*w++ = *r++;
			if (c == '\\' && *r)
				*w++ = *r++;
			else if (c == '"')
				in_str = 0;
			continue;
		}
		if (c == '"') {
			in_str = 1;
			*w++ = *r++;
			continue;
		}
		if (c != '-' && (c < '0' || c > '9')) {
			*w++ = *r++;
			continue;
		}
		n = strspn(r, "+-.0123456789eE");
		if (n < UT_JSON_REAL_MAX && (memchr(r, '.', n) || memchr(r, 'e', n) ||
		               memchr(r, 'E', n))) {
			char tok[UT_JSON_REAL_MAX], out[UT_JSON_REAL_MAX];
			char *end;
			double x;
			size_t m;

			memcpy(tok, r, n);
			tok[n] = '\0';
			x = strtod(tok, &end);
			if (end == tok + n && isfinite(x) &&
			    (m = shortest(x, strpbrk(tok, "eE") != NULL, out, n))) {
				memcpy(w, out, m);
				w += m;
				r += n;
				continue;
			}
		}
		memmove(w, r, n);
		w += n;
		r += n;
	}
	*w = '\0';
}
