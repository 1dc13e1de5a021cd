/*
 * base64.c - base64 and base64url (RFC 4648); the contract is in
 * util/base64.h.
 */
#include "util/base64.h"

static const char alphabet[2][65] = {
	"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/",
	"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_",
};

void ut_base64_put(ut_buf *b, const void *data, size_t n, ut_base64_kind kind)
{
	const unsigned char *d = data;
	const char *t = alphabet[kind == UT_BASE64URL];
	size_t i;
	char q[4];

	for (i = 0; i + 2 < n; i += 3) {
		q[0] = t[d[i] >> 2];
		q[1] = t[((d[i] & 3) << 4) | (d[i + 1] >> 4)];
		q[2] = t[((d[i + 1] & 15) << 2) | (d[i + 2] >> 6)];
		q[3] = t[d[i + 2] & 63];
		ut_buf_put(b, q, 4);
	}
	if (n - i == 0)
		return;
	q[0] = t[d[i] >> 2];
	if (n - i == 1) {
		q[1] = t[(d[i] & 3) << 4];
		q[2] = q[3] = '=';
	} else {
		q[1] = t[((d[i] & 3) << 4) | (d[i + 1] >> 4)];
		q[2] = t[(d[i + 1] & 15) << 2];
		q[3] = '=';
	}
	/* base64url goes without its padding */
	ut_buf_put(b, q, kind == UT_BASE64URL ? n - i + 1 : 4);
}

int ut_base64_value(int c, ut_base64_kind kind)
{
	if (c >= 'A' && c <= 'Z')
		return c - 'A';
	if (c >= 'a' && c <= 'z')
		return c - 'a' + 26;
	if (c >= '0' && c <= '9')
		return c - '0' + 52;
	if (c == (kind == UT_BASE64URL ? '-' : '+'))
		return 62;
	if (c == (kind == UT_BASE64URL ? '_' : '/'))
		return 63;
	return -1;
}
