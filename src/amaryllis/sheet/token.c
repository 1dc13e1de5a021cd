/*
 * token.c - replay tokens (docs/AMARYLLIS.md, "Replay tokens"): one line
 * that holds both sheets of a battle, so that anyone can replay it exactly
 * (battles are deterministic, LG-TOKEN-1).
 *
 *     am1.<base64url of: sheet A normalised, a NUL byte, sheet B normalised>
 *
 * The sheets are in the normalised notation of `amaryllis check`
 * (am_sheet_format, Japanese): short, canonical, and they parse back to the
 * same teams.  base64url (RFC 4648 §5) without padding keeps the token one
 * word that survives mail, URLs and shells.
 */
#include <stdlib.h>
#include <string.h>

#include "amaryllis/sheet.h"
#include "util/base64.h"
#include "util/buf.h"
#include "util/error.h"
#include "util/msg.h"

#define TOKEN_PREFIX "am1."

/* Why a token is refused, in each language (am_replay_token_read). */
enum { T_PREFIX, T_LONG, T_CHAR, T_DAMAGED, T_NOMEM, T_COUNT };
static const ut_msg token_msgs[T_COUNT] = {
	[T_PREFIX] = {{"リプレイトークンではありません（" TOKEN_PREFIX
	               " で始まるものです）",
	               "not a replay token (it starts with " TOKEN_PREFIX ")"}},
	[T_LONG] = {{"リプレイトークンが長すぎます（" TOKEN_PREFIX
	             "の後{1}文字まで）",
	             "the replay token is longer than {1} characters"}},
	[T_CHAR] = {{"リプレイトークンの{1}文字目が base64url の文字では"
	             "ありません",
	             "the replay token has a character that is not base64url "
	             "at column {1}"}},
	[T_DAMAGED] = {{"リプレイトークンが途中で切れているか壊れています"
	                "（行全体をコピーしてください）",
	                "the replay token is cut or damaged (copy the whole "
	                "line)"}},
	[T_NOMEM] = {{"メモリが足りません", "out of memory"}},
};

/* Fail with error `code` and message m (argument: a number, or none) in
 * lang. */
static int token_fail(int code, int m, am_lang lang, int has_n, uint64_t n)
{
	ut_buf b = UT_BUF_INIT;
	ut_arg arg = ut_arg_uint(n);
	int rc;

	ut_msg_put(&b, &token_msgs[m], (ut_lang)lang, &arg, has_n ? 1 : 0);
	rc = ut_error_set(code, "%s", b.failed || !b.ptr
	                                  ? token_msgs[m].text[UT_LANG_EN]
	                                  : b.ptr);
	ut_buf_free(&b);
	return rc;
}

/* Append a sheet in its normalised notation.  0, or AM_EINVALID for an
 * illegal sheet. */
static int put_sheet(ut_buf *b, const am_sheet *s)
{
	char *t;
	size_t n;
	int rc;

	if (!am_sheet_ok(s))
		return ut_error_set(AM_EINVALID, "an illegal sheet has no replay token");
	if ((rc = am_sheet_normalised(&t, &n, s, AM_LANG_JA)) < 0)
		return rc;
	ut_buf_put(b, t, n);
	free(t);
	return 0;
}

int am_replay_token(char **out, const am_sheet *a, const am_sheet *b)
{
	ut_buf raw = UT_BUF_INIT, tok = UT_BUF_INIT;
	int rc;

	if (!out)
		return ut_error_set(AM_EINVALID,
		                    "am_replay_token: out is NULL");
	*out = NULL;
	if (!a)
		return ut_error_set(AM_EINVALID, "am_replay_token: a is NULL");
	if (!b)
		return ut_error_set(AM_EINVALID, "am_replay_token: b is NULL");
	if ((rc = put_sheet(&raw, a)) < 0)
		goto done;
	ut_buf_put(&raw, "", 1); /* the NUL between the sheets */
	if ((rc = put_sheet(&raw, b)) < 0)
		goto done;
	ut_buf_puts(&tok, TOKEN_PREFIX);
	if (!raw.failed)
		ut_base64_put(&tok, raw.ptr, raw.len, UT_BASE64URL);
	if (raw.failed || tok.failed) {
		rc = ut_error_set(AM_ENOMEM, "out of memory");
		goto done;
	}
	/* a token am_replay_token_read would refuse is not given out */
	if (tok.len - (sizeof(TOKEN_PREFIX) - 1) > AM_REPLAY_TOKEN_MAX) {
		rc = ut_error_set_tr(AM_ELIMIT,
			"2つのシートはリプレイトークンには長すぎます（am1.の後%zu文字、上限%d）",
			"the two sheets are too long for a replay token (%zu characters "
			"after am1., at most %d)",
			tok.len - (sizeof(TOKEN_PREFIX) - 1), AM_REPLAY_TOKEN_MAX);
		goto done;
	}
	*out = tok.ptr;
	tok.ptr = NULL;
done:
	ut_buf_free(&raw);
	ut_buf_free(&tok);
	return rc;
}

int am_replay_token_read(char **a, size_t *alen, char **b, size_t *blen,
                         const char *token, size_t len, am_lang lang)
{
	const size_t plen = sizeof(TOKEN_PREFIX) - 1;
	unsigned char *raw;
	size_t i, n = 0, nul;
	uint32_t acc = 0;
	int bits = 0;

	if (a)
		*a = NULL;
	if (b)
		*b = NULL;
	if (alen)
		*alen = 0;
	if (blen)
		*blen = 0;
	if (!a || !alen || !b || !blen)
		return ut_error_set(AM_EINVALID,
		                    "am_replay_token_read: %s is NULL",
		                    !a ? "a" : !alen ? "alen"
		                    : !b ? "b" : "blen");
	if (!token && len)
		return ut_error_set(AM_EINVALID,
		                    "am_replay_token_read: token is NULL");
	while (len && (token[len - 1] == '\n' || token[len - 1] == '\r' ||
	               token[len - 1] == ' '))
		len--;
	if (len < plen || memcmp(token, TOKEN_PREFIX, plen) != 0)
		return token_fail(AM_EINVALID, T_PREFIX, lang, 0, 0);
	if (len - plen > AM_REPLAY_TOKEN_MAX)
		return token_fail(AM_ELIMIT, T_LONG, lang, 1,
		                  AM_REPLAY_TOKEN_MAX);
	if (!(raw = malloc((len - plen) * 3 / 4 + 1)))
		return token_fail(AM_ENOMEM, T_NOMEM, lang, 0, 0);
	for (i = plen; i < len; i++) {
		int v = ut_base64_value((unsigned char)token[i], UT_BASE64URL);
		if (v < 0) {
			free(raw);
			return token_fail(AM_EINVALID, T_CHAR, lang, 1,
			                  (uint64_t)i + 1);
		}
		acc = (acc << 6) | (uint32_t)v;
		if ((bits += 6) >= 8) {
			bits -= 8;
			raw[n++] = (unsigned char)(acc >> bits);
			acc &= (1u << bits) - 1;
		}
	}
	for (nul = 0; nul < n && raw[nul]; nul++)
		;
	/* two sheets, each as am_sheet_format writes it: lines that end
	 * with a newline, so a token that lost its end (a long line cut by a
	 * mail program) is refused as cut, not read as a shorter sheet */
	if (bits >= 6 || acc != 0 || nul == n ||
	    memchr(raw + nul + 1, 0, n - nul - 1) || nul == 0 ||
	    raw[nul - 1] != '\n' || nul + 1 == n || raw[n - 1] != '\n') {
		free(raw);
		return token_fail(AM_EINVALID, T_DAMAGED, lang, 0, 0);
	}
	*a = malloc(nul + 1);
	*b = malloc(n - nul);
	if (!*a || !*b) {
		free(*a);
		free(*b);
		*a = *b = NULL;
		free(raw);
		return token_fail(AM_ENOMEM, T_NOMEM, lang, 0, 0);
	}
	memcpy(*a, raw, nul + 1);
	memcpy(*b, raw + nul + 1, n - nul - 1);
	(*b)[n - nul - 1] = '\0';
	*alen = nul;
	*blen = n - nul - 1;
	free(raw);
	return 0;
}
