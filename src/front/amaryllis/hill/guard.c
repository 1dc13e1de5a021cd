/*
 * guard.c - what keeps a public hill safe (docs/HILL.md, "Security"):
 *
 *   am_hill_excerpt       untrusted text echoed short and escaped
 *   am_hill_player_name   the display name shown for a player
 *   am_hill_rate          replies per address per hour
 *   hill_lock_*        wrong passwords lock a unit for everyone
 *   am_hill_notice_queue  mail to an owner (a lock), delivered by the caller
 *                      through am_hill_next_notice
 *   am_hill_cap           a reply never larger than the hill's reply_max
 *   am_hill_sheet_scrub   no password line in a sheet stored or shown
 *
 * Everything here runs inside am_hill_process's transaction, so a count
 * and the message that changes it commit together.
 */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <sqlite3.h>
#include <utf8proc.h>

#include "amaryllis/sheet.h"
#include "util/error.h"
#include "util/utf8.h"

#include "hill_db.h"

/* ------------------------------------------------------------- excerpts */

static int invisible(utf8proc_int32_t c)
{
	return c < 0x20 || (c >= 0x7f && c < 0xa0) || c == 0x2028 ||
	       c == 0x2029 || utf8proc_get_property(c)->ignorable;
}

char *am_hill_excerpt(const char *s, size_t max_cp)
{
	size_t n = s ? strlen(s) : 0, i = 0, cps = 0;
	ut_buf b = UT_BUF_INIT;

	while (i < n) {
		utf8proc_int32_t c;
		utf8proc_ssize_t k = utf8proc_iterate((const utf8proc_uint8_t *)s + i,
		                                      (utf8proc_ssize_t)(n - i), &c);
		if (cps == max_cp) {
			ut_buf_puts(&b, "…");
			break;
		}
		if (k < 1) {
			k = 1;
			c = 0xfffd;
		} else if (c == '\t' || c == '\n' || c == '\r') {
			c = ' '; /* a folded header's blanks */
		} else if (invisible(c)) {
			c = 0xfffd;
		}
		if (c == ' ')
			ut_buf_puts(&b, " ");
		else if (c == 0xfffd)
			ut_buf_puts(&b, "\xef\xbf\xbd");
		else
			ut_buf_put(&b, s + i, (size_t)k);
		i += (size_t)k;
		cps++;
	}
	if (b.failed) {
		ut_buf_free(&b);
		return NULL;
	}
	return b.ptr ? b.ptr : strdup("");
}

/*
 * The name shown for a player: `chosen` (#name) or else the From's
 * display name; NFKC was applied to `chosen` already.  Invisible and
 * control characters are dropped, at most 40 characters are kept, and a
 * name with '@' in it is not used (mail programs often put the address
 * itself in the display name).  Owned, or NULL when no name is usable (or
 * out of memory: *nomem set).
 */
char *am_hill_player_name(const char *chosen, const char *display, int *nomem)
{
	const char *src[2] = {chosen, display};
	int k;

	*nomem = 0;
	for (k = 0; k < 2; k++) {
		const char *s = src[k];
		size_t n = s ? strlen(s) : 0, i = 0, cps = 0;
		ut_buf b = UT_BUF_INIT;
		if (!s || strchr(s, '@'))
			continue;
		while (i < n && cps < 40) {
			utf8proc_int32_t c;
			utf8proc_ssize_t m = utf8proc_iterate(
				(const utf8proc_uint8_t *)s + i, (utf8proc_ssize_t)(n - i), &c);
			if (m < 1)
				break;
			if (!invisible(c) && !(c == ' ' && b.len == 0)) {
				ut_buf_put(&b, s + i, (size_t)m);
				cps++;
			}
			i += (size_t)m;
		}
		while (b.len && b.ptr[b.len - 1] == ' ')
			b.ptr[--b.len] = '\0';
		if (b.failed) {
			ut_buf_free(&b);
			*nomem = 1;
			return NULL;
		}
		if (b.len)
			return b.ptr;
		ut_buf_free(&b);
	}
	return NULL;
}

/* ---------------------------------------------------------- sheet scrub */

/* Is the comment or quote line[0..n) (am_sheet_line_kind) a password
 * directive as a player may write it into a sheet (an attached file, a
 * web form): after blanks, '#' and the word password or パスワード, in
 * any width and case (NFKC with case folding), blanks allowed between?
 * Invisible characters anywhere are no disguise (a BOM before the '#', as
 * Notepad saves UTF-8; U+200B or a soft hyphen in the word: utf8proc
 * drops the default ignorable ones), nor is any blank the sheet skips
 * (\v, \f, U+1680) or a mail quote's '>' before it: the sheet reads such a
 * line as a comment or a quote, which the hill would show (security and
 * code reviews 2026-12-07).  The whole line is folded (a head cut at 256
 * bytes let 300 blanks hide the word).  1 or 0; -1 out of memory. */
static int password_line(const char *line, size_t n)
{
	static const char *const words[] = {"password", "パスワード"};
	utf8proc_uint8_t *f = NULL;
	const utf8proc_uint8_t *p;
	size_t i;
	int hash = 0, hit = 0;
	utf8proc_ssize_t r;

	r = utf8proc_map((const utf8proc_uint8_t *)line, (utf8proc_ssize_t)n,
	                 &f, UTF8PROC_STABLE | UTF8PROC_COMPAT |
	                 UTF8PROC_COMPOSE | UTF8PROC_CASEFOLD |
	                 UTF8PROC_IGNORE);
	if (r == UTF8PROC_ERROR_NOMEM)
		return -1;
	if (r < 0)
		return 0; /* not UTF-8: no directive either */
	for (p = f; *p;) {
		utf8proc_int32_t c;
		utf8proc_ssize_t k = utf8proc_iterate(p, -1, &c);
		if (k < 1)
			break;
		if (c == ' ' || c == '\t' || c == '\v' || c == '\f' ||
		    utf8proc_category(c) == UTF8PROC_CATEGORY_ZS ||
		    (c == '>' && !hash))
			p += k;
		else if (c == '#' && !hash) {
			hash = 1;
			p += k;
		} else
			break;
	}
	if (hash)
		for (i = 0; i < sizeof(words) / sizeof(words[0]); i++)
			if (strncmp((const char *)p, words[i], strlen(words[i])) == 0)
				hit = 1;
	free(f);
	return hit;
}

/* Does line[0..n) hold the secret (NFKC, as it is hashed: pw_norm),
 * written as it is or in another width?  1 or 0; -1 out of memory. */
static int holds_secret(const char *line, size_t n, const char *secret)
{
	size_t m = strlen(secret), i;
	char *f;
	int hit;

	for (i = 0; i + m <= n; i++)
		if (memcmp(line + i, secret, m) == 0)
			return 1;
	if (!(f = am_hill_nfkc(line, n)))
		return -1;
	hit = strstr(f, secret) != NULL;
	free(f);
	return hit;
}

char *am_hill_sheet_scrub(const char *s, size_t len, const char *secret,
                          size_t *out_len)
{
	char *out = malloc(len + 1);
	size_t i = 0, o = 0;
	int begun = 0, ended = 0;

	if (!out)
		return NULL;
	if (secret && strlen(secret) < 4)
		secret = NULL; /* none so short is accepted; no line matched */
	if (len >= 3 && memcmp(s, "\xef\xbb\xbf", 3) == 0) {
		memcpy(out, s, 3); /* a BOM is no line's (as am_sheet_parse) */
		i = o = 3;
	}
	while (i < len) {
		size_t e = i;
		int kind, drop = 0;
		while (e < len && s[e] != '\n' && s[e] != '\r')
			e++;
		/* the lines as the sheet reads them (am_sheet_line_kind):
		 * what follows a signature's separator is not the sheet
		 * (AM-UNIT-10) and is not stored or shown (a name, a phone
		 * number, a quoted mail; code review 2026-12-07); of the
		 * comments and quotes, the password lines and, when the
		 * entry's password is known, any that holds it; a line the
		 * sheet reads is kept whatever it holds (a unit named as its
		 * password stays a unit) */
		kind = am_sheet_line_kind(s + i, e - i);
		if (kind < 0)
			drop = -1;
		else if (ended || ((kind == AM_LINE_SEPARATOR ||
		                    kind == AM_LINE_SIGNATURE) && begun))
			drop = ended = 1;
		else if (kind == AM_LINE_COMMENT || kind == AM_LINE_QUOTE) {
			drop = password_line(s + i, e - i);
			if (drop == 0 && secret)
				drop = holds_secret(s + i, e - i, secret);
		} else if (kind != AM_LINE_BLANK)
			begun = 1;
		if (drop < 0) { /* out of memory: never a line kept unread */
			free(out);
			return NULL;
		}
		if (!drop) {
			memcpy(out + o, s + i, e - i);
			o += e - i;
		}
		i = e;
		while (i < len && (s[i] == '\n' || s[i] == '\r'))
			out[o++] = s[i++]; /* the line ends stay: line numbers too */
	}
	out[o] = '\0';
	*out_len = o;
	return out;
}

/* -------------------------------------------------------- reply limits */

/*
 * How the hill stands with one sender (hill_mail rate_key): 0 under the
 * limit; 1 over it, not yet told (the one short notice goes out); 2 over
 * it and told (no reply, nothing processed).  The window is the hour
 * before `now`; the notice counts as a reply too.
 */
int am_hill_rate(am_hill *h, const char *sender, int64_t now, int *state)
{
	sqlite3_stmt *st;
	int rc;
	int64_t replies = 0, told = 0;

	*state = 0;
	if (!h->replies_per_hour)
		return 0;
	if ((rc = am_hill_prepare(h, &st, "SELECT count(*), "
	                       "coalesce(sum(result = 'limited'), 0) FROM messages "
	                       "WHERE sender = ?1 AND at > ?2 AND replied = 1")) < 0)
		return rc;
	sqlite3_bind_text(st, 1, sender, -1, SQLITE_STATIC);
	sqlite3_bind_int64(st, 2, now - 3600);
	if ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		replies = sqlite3_column_int64(st, 0);
		told = sqlite3_column_int64(st, 1);
		rc = SQLITE_DONE;
	}
	sqlite3_finalize(st);
	if (rc != SQLITE_DONE)
		return am_hill_db_fail(h, rc, "database");
	if (told)
		*state = 2;
	else if (replies >= (int64_t)h->replies_per_hour)
		*state = 1;
	return 0;
}

/* ---------------------------------------------------------- pw locks */

int am_hill_lock_get(am_hill *h, const char *name, int64_t now, int64_t *until)
{
	sqlite3_stmt *st;
	int rc;

	*until = 0;
	if ((rc = am_hill_prepare(h, &st, "SELECT until FROM locks WHERE name = ? "
	                       "AND until > ?")) < 0)
		return rc;
	sqlite3_bind_text(st, 1, name, -1, SQLITE_STATIC);
	sqlite3_bind_int64(st, 2, now);
	if ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		*until = sqlite3_column_int64(st, 0);
		rc = SQLITE_DONE;
	}
	sqlite3_finalize(st);
	return rc == SQLITE_DONE ? 0 : am_hill_db_fail(h, rc, "database");
}

/*
 * Record a wrong password for the unit `name` at `now`.  When it is the
 * pw_tries-th within the hour (counting only failures since the unit's
 * last lock ended), the unit is locked until now + pw_lock_s: *until is
 * set, else 0.
 */
int am_hill_lock_fail(am_hill *h, const char *name, int64_t now, int64_t *until)
{
	sqlite3_stmt *st;
	int rc;
	int64_t n = 0;

	*until = 0;
	if ((rc = am_hill_prepare(h, &st, "INSERT INTO pwfail VALUES(?, ?)")) < 0)
		return rc;
	sqlite3_bind_text(st, 1, name, -1, SQLITE_STATIC);
	sqlite3_bind_int64(st, 2, now);
	if ((rc = am_hill_step_done(h, st)) < 0)
		return rc;
	if ((rc = am_hill_prepare(h, &st, "SELECT count(*) FROM pwfail WHERE "
	                       "name = ?1 AND at > ?2 AND at >= coalesce((SELECT "
	                       "until FROM locks WHERE name = ?1), 0)")) < 0)
		return rc;
	sqlite3_bind_text(st, 1, name, -1, SQLITE_STATIC);
	sqlite3_bind_int64(st, 2, now - 3600);
	if ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		n = sqlite3_column_int64(st, 0);
		rc = SQLITE_DONE;
	}
	sqlite3_finalize(st);
	if (rc != SQLITE_DONE)
		return am_hill_db_fail(h, rc, "database");
	if (n < (int64_t)h->pw_tries)
		return 0;
	if ((rc = am_hill_prepare(h, &st, "INSERT OR REPLACE INTO locks "
	                       "VALUES(?, ?)")) < 0)
		return rc;
	sqlite3_bind_text(st, 1, name, -1, SQLITE_STATIC);
	sqlite3_bind_int64(st, 2, now + (int64_t)h->pw_lock_s);
	if ((rc = am_hill_step_done(h, st)) < 0)
		return rc;
	*until = now + (int64_t)h->pw_lock_s;
	return 0;
}

void am_hill_time_text(char *buf, size_t size, int64_t t)
{
	time_t tt = (time_t)t;
	struct tm tm;

	gmtime_r(&tt, &tm);
	strftime(buf, size, "%Y-%m-%d %H:%M UTC", &tm);
}

/* ------------------------------------------------------------- notices */

int am_hill_notice_queue(am_hill *h, const char *rcpt, const char *subject,
                      const char *body, int64_t now)
{
	hill_mail to;
	hill_reply_in in;
	sqlite3_stmt *st;
	char *msg = NULL;
	size_t len = 0;
	int rc;

	memset(&to, 0, sizeof(to));
	to.reply_to = (char *)rcpt;
	memset(&in, 0, sizeof(in));
	in.hill_name = h->name;
	in.hill_address = h->address;
	in.to = &to;
	in.result = "notice";
	in.body = body;
	in.subject = subject;
	if ((rc = am_hill_reply_build(&msg, &len, &in, NULL)) < 0)
		return am_hill_oom(AM_ENOMEM);
	if ((rc = am_hill_prepare(h, &st, "INSERT INTO outgoing(rcpt, msg, created, "
	                       "sent) VALUES(?, ?, ?, 0)")) < 0) {
		free(msg);
		return rc;
	}
	sqlite3_bind_text(st, 1, rcpt, -1, SQLITE_STATIC);
	sqlite3_bind_blob(st, 2, msg, (int)len, SQLITE_STATIC);
	sqlite3_bind_int64(st, 3, now);
	rc = am_hill_step_done(h, st);
	free(msg);
	return rc;
}

int am_hill_next_notice(char **out, size_t *len, am_hill *h)
{
	sqlite3_stmt *st;
	int64_t after = 0;
	int rc, k;

	*out = NULL;
	*len = 0;
	free(h->last_key);
	h->last_key = NULL;
	h->last_out = 0;
	am_hill_send_unlock(h);
	/* the first unsent notice that no other delivery holds (sending.c):
	 * locked, then read again (the holder may have sent it meanwhile) */
	for (k = 0; k < 1000; k++) {
		int64_t id = 0;
		if ((rc = am_hill_prepare(h, &st, "SELECT id FROM outgoing WHERE "
		                       "sent = 0 AND id > ? ORDER BY id LIMIT 1")) < 0)
			return rc;
		sqlite3_bind_int64(st, 1, after);
		if ((rc = sqlite3_step(st)) == SQLITE_ROW) {
			id = sqlite3_column_int64(st, 0);
			rc = SQLITE_DONE;
		}
		sqlite3_finalize(st);
		if (rc != SQLITE_DONE)
			return am_hill_db_fail(h, rc, "database");
		if (!id)
			return 0;
		after = id;
		if (am_hill_send_lock(h, id) == 0)
			continue; /* another delivery holds it */
		if ((rc = am_hill_prepare(h, &st, "SELECT msg FROM outgoing WHERE "
		                       "id = ? AND sent = 0")) < 0)
			return rc;
		sqlite3_bind_int64(st, 1, id);
		if ((rc = sqlite3_step(st)) == SQLITE_ROW) {
			h->last_out = id;
			*out = am_hill_col_dup(st, 0, len);
			rc = *out ? SQLITE_DONE : SQLITE_NOMEM;
		}
		sqlite3_finalize(st);
		if (rc != SQLITE_DONE) {
			h->last_out = 0;
			*len = 0;
			am_hill_send_unlock(h);
			return am_hill_db_fail(h, rc, "database");
		}
		if (*out)
			return 0;
		am_hill_send_unlock(h); /* sent meanwhile */
	}
	return 0;
}

/* ----------------------------------------------------------- reply cap */

/* Cut b to at most `max` bytes at a line end (or, in a line longer than
 * that, a UTF-8 boundary). */
static void cut(ut_buf *b, size_t max)
{
	size_t e = max;

	if (b->len <= max)
		return;
	while (e > 0 && b->ptr[e - 1] != '\n')
		e--;
	if (e == 0)
		e = ut_utf8_floor(b->ptr, b->len, max);
	b->len = e;
	b->ptr[e] = '\0';
}

/*
 * Fit the body and the logs (has_logs) in a reply of at most reply_max
 * bytes.  The reply is base64 (4 bytes for 3, and a line end for each 76
 * characters: 57 bytes of text take 78) under at most 4 KiB of headers
 * and MIME framing (the subject and References are excerpts, bounded).
 * The body comes first; the logs get what is left, and what does not fit
 * is cut with a note saying how to see it all.
 */
void am_hill_cap(ut_buf *body, ut_buf *logs, int has_logs, size_t reply_max,
              am_lang lang)
{
	size_t text = reply_max > 8192 ? (reply_max - 4096) / 78 * 57 : 3000;
	size_t room = text - 1024; /* 1 KiB for the notes */
	const char *note = UT_TRL(lang,
		"\n（返信の上限 %zu バイトを超えるため、ここで打ち切りました。戦闘は決定的な"
		"ので、`amaryllis battle` か丘のウェブページの対戦画面で、同じシートから"
		"すべてを見られます。）\n",
		"\n(Cut here: a reply is at most %zu bytes. Battles are deterministic: "
		"`amaryllis battle` or the battle page of the hill's web site shows them "
		"whole from the same sheets.)\n");

	if (body->len > room) {
		cut(body, room);
		ut_buf_printf(body, note, reply_max);
		if (has_logs) {
			ut_buf_clear(logs);
			ut_buf_puts(logs, UT_TRL(lang, "（ログは返信の上限を超えるため省きました。）\n",
			                    "(The logs are left out: the reply would be too large.)\n"));
		}
		return;
	}
	if (has_logs && logs->len > room - body->len) {
		cut(logs, room - body->len);
		ut_buf_printf(logs, note, reply_max);
	}
}
