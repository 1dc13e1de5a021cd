/*
 * hill_fixture.h - what the hill's unit tests share: a fresh hill in a
 * temporary folder (with the cheapest password hashing, so that tests stay
 * fast: am_hill_config.pwhash_ops/pwhash_mem), messages built inline, and
 * the reply's headers and body read back.
 */
#ifndef HILL_FIXTURE_H
#define HILL_FIXTURE_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include <cmocka.h>

#include "amaryllis/hill.h"
#include "util/buf.h"

#define HILL_ADDR "hill@example.org"

/* each test file uses some of these */
#define FX_UNUSED __attribute__((unused))

typedef struct fx {
	char dir[64];
	char path[96];
	am_hill *hill;
	char *reply;       /* the last reply, or NULL */
	size_t reply_len;
	const char *result;
	char *body;        /* the last reply's decoded body */
} fx;

FX_UNUSED static void fx_clear_reply(fx *f)
{
	free(f->reply);
	free(f->body);
	f->reply = f->body = NULL;
	f->result = NULL;
}

/* A hill of `size` members in a new temporary folder, points W/D/L. */
FX_UNUSED static void fx_open_pts(fx *f, size_t size, int64_t w, int64_t d, int64_t l)
{
	am_hill_config cfg = AM_HILL_CONFIG_INIT;

	memset(f, 0, sizeof(*f));
	strcpy(f->dir, "/tmp/am_hill_test.XXXXXX");
	assert_non_null(mkdtemp(f->dir));
	snprintf(f->path, sizeof(f->path), "%s/hill.db", f->dir);
	cfg.address = HILL_ADDR;
	cfg.name = "Test Hill";
	cfg.size = size;
	cfg.points[0] = w;
	cfg.points[1] = d;
	cfg.points[2] = l;
	cfg.pwhash_ops = 1;      /* crypto_pwhash_OPSLIMIT_MIN */
	cfg.pwhash_mem = 8192;   /* crypto_pwhash_MEMLIMIT_MIN */
	assert_int_equal(am_hill_create(f->path, &cfg), 0);
	assert_int_equal(am_hill_open(&f->hill, f->path), 0);
}

FX_UNUSED static void fx_open(fx *f, size_t size)
{
	fx_open_pts(f, size, 3, 1, 0);
}

FX_UNUSED static void fx_close(fx *f)
{
	char cmd[160];

	fx_clear_reply(f);
	am_hill_free(f->hill);
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", f->dir);
	assert_int_equal(system(cmd), 0);
}

FX_UNUSED static int b64val(int c)
{
	if (c >= 'A' && c <= 'Z') return c - 'A';
	if (c >= 'a' && c <= 'z') return c - 'a' + 26;
	if (c >= '0' && c <= '9') return c - '0' + 52;
	if (c == '+') return 62;
	if (c == '/') return 63;
	return -1;
}

/* Base64 text (blanks ignored) decoded, NUL-terminated, owned. */
FX_UNUSED static char *b64_decode(const char *s, size_t n)
{
	char *out = malloc(n + 1);
	size_t o = 0, i;
	unsigned acc = 0;
	int bits = 0;

	assert_non_null(out);
	for (i = 0; i < n && s[i] != '='; i++) {
		int v = b64val((unsigned char)s[i]);
		if (v < 0)
			continue;
		acc = (acc << 6) | (unsigned)v;
		bits += 6;
		if (bits >= 8) {
			bits -= 8;
			out[o++] = (char)((acc >> bits) & 0xFF);
		}
	}
	out[o] = '\0';
	return out;
}

FX_UNUSED static void b64_encode(ut_buf *b, const unsigned char *p, size_t n)
{
	static const char t[] =
		"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
	size_t i;
	int col = 0;

	for (i = 0; i < n; i += 3) {
		unsigned v = (unsigned)p[i] << 16;
		char q[4];
		if (i + 1 < n) v |= (unsigned)p[i + 1] << 8;
		if (i + 2 < n) v |= p[i + 2];
		q[0] = t[(v >> 18) & 63];
		q[1] = t[(v >> 12) & 63];
		q[2] = i + 1 < n ? t[(v >> 6) & 63] : '=';
		q[3] = i + 2 < n ? t[v & 63] : '=';
		ut_buf_put(b, q, 4);
		if ((col += 4) >= 72) {
			ut_buf_puts(b, "\n");
			col = 0;
		}
	}
	ut_buf_puts(b, "\n");
}

/* Quoted-printable: every byte but printable ASCII as =XX, soft breaks. */
FX_UNUSED static void qp_encode(ut_buf *b, const unsigned char *p, size_t n)
{
	size_t i;
	int col = 0;

	for (i = 0; i < n; i++) {
		if (p[i] == '\n') {
			ut_buf_puts(b, "\n");
			col = 0;
			continue;
		}
		if (col >= 70) {
			ut_buf_puts(b, "=\n");
			col = 0;
		}
		if (p[i] >= 33 && p[i] <= 126 && p[i] != '=') {
			ut_buf_put(b, (const char *)&p[i], 1);
			col++;
		} else {
			ut_buf_printf(b, "=%02X", p[i]);
			col += 3;
		}
	}
	ut_buf_puts(b, "\n");
}

/* The value of header `name` in the reply (first line only), or NULL. */
FX_UNUSED static char *fx_header(const fx *f, const char *name)
{
	const char *p = f->reply;
	size_t k = strlen(name);

	while (p && *p && *p != '\n') {
		const char *e = strchr(p, '\n');
		if (!e)
			e = p + strlen(p);
		if ((size_t)(e - p) > k && strncasecmp(p, name, k) == 0 && p[k] == ':') {
			const char *v = p + k + 1;
			char *r;
			while (*v == ' ')
				v++;
			r = strndup(v, (size_t)(e - v));
			return r;
		}
		p = *e ? e + 1 : e;
	}
	return NULL;
}

/* The decoded body of the reply kept (a single base64 text/plain part, as
 * the hill writes it; for a multipart reply, its first part) into
 * f->body. */
FX_UNUSED static void fx_decode_reply(fx *f)
{
	const char *b = strstr(f->reply, "\n\n");
	const char *enc = strstr(f->reply, "Content-Transfer-Encoding: base64");
	const char *e;

	assert_non_null(b);
	assert_non_null(enc);
	b = strstr(enc, "\n\n");
	assert_non_null(b);
	e = strstr(b + 2, "\n--");
	f->body = b64_decode(b + 2, e ? (size_t)(e - b - 2) : strlen(b + 2));
}

/* Process raw; keeps the reply, its result and its decoded body
 * (fx_decode_reply). */
FX_UNUSED static int fx_process_lim(fx *f, const char *raw, size_t len,
                          const am_hill_limits *lim)
{
	int rc;

	fx_clear_reply(f);
	rc = am_hill_process(&f->reply, &f->reply_len, &f->result, f->hill, raw,
	                     len, lim);
	if (rc == 0 && f->reply)
		fx_decode_reply(f);
	return rc;
}

FX_UNUSED static int fx_process(fx *f, const char *raw)
{
	return fx_process_lim(f, raw, strlen(raw), NULL);
}

/* Read a file whole (tests run from the source root). */
FX_UNUSED static char *fx_slurp(const char *path)
{
	FILE *fp = fopen(path, "rb");
	char *s;
	long n;

	assert_non_null(fp);
	fseek(fp, 0, SEEK_END);
	n = ftell(fp);
	fseek(fp, 0, SEEK_SET);
	s = malloc((size_t)n + 1);
	assert_non_null(s);
	assert_int_equal(fread(s, 1, (size_t)n, fp), (size_t)n);
	s[n] = '\0';
	fclose(fp);
	return s;
}

/* A plain UTF-8 message: From, Message-ID, the body (directives+sheet). */
FX_UNUSED static char *fx_msg(const char *from, const char *msgid, const char *body)
{
	ut_buf b = UT_BUF_INIT;

	ut_buf_printf(&b, "From: %s\nTo: " HILL_ADDR "\nSubject: hill\n"
	              "Message-ID: <%s>\nMIME-Version: 1.0\n"
	              "Content-Type: text/plain; charset=UTF-8\n"
	              "Content-Transfer-Encoding: 8bit\n\n%s", from, msgid, body);
	assert_false(b.failed);
	return b.ptr;
}

/* Enter the sheet file `path` as `from` with password `pw`. */
FX_UNUSED static void fx_enter(fx *f, const char *from, const char *msgid,
                     const char *pw, const char *path)
{
	char *sheet = fx_slurp(path), *msg;
	ut_buf body = UT_BUF_INIT;

	ut_buf_printf(&body, "#password %s\n%s", pw, sheet);
	msg = fx_msg(from, msgid, body.ptr);
	assert_int_equal(fx_process(f, msg), 0);
	assert_non_null(f->reply);
	assert_int_equal(am_hill_mark_sent(f->hill), 0);
	free(msg);
	free(sheet);
	ut_buf_free(&body);
}

/* The hill's text status (owned). */
FX_UNUSED __attribute__((noinline)) static char *fx_status(fx *f, int format,
                                                       int lang)
{
	char *out;
	size_t len;

	assert_int_equal(am_hill_status(&out, &len, f->hill, format, lang), 0);
	return out;
}

#endif
