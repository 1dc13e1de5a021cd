/*
 * directives.c - the directives of a mail and its sheet.
 *
 *   body       -> { blank | quoted | attribution | directive | comment
 *                   | forwarded } sheet [ signature ]
 *   forwarded  -> a separator line (below), then { header line } ("From:",
 *                 "Date:", 差出人: …: forwarded_header) up to a blank
 *   comment    -> [blanks] ('#' | '＃') text      (no directive: the sheet's)
 *   quoted     -> [blanks] '>' text              (ignored anywhere)
 *   attribution-> text (':' | '：') [blanks], followed by { blank } quoted
 *                                                (ignored anywhere), and
 *                 the line directly above it when that holds '@' or ends
 *                 in '<' (an attribution wrapped in two)
 *   directive  -> ('#' | '＃') KEYWORD [ [':'|'：'] blanks ARG ]
 *   signature  -> "-- " line and everything after it (RFC 3676); after
 *                 the sheet has begun, any line that starts with two
 *                 dashes or more and has no colon (AM-UNIT-10: "--",
 *                 editors strip the trailing space; "－－" and "ーー"
 *                 typed with an IME; Outlook's "-----Original
 *                 Message-----" above the mail it quotes unquoted, or
 *                 new Outlook's line of underscores; no sheet line is
 *                 one: they have colons)
 *
 * Keywords (compared after NFKC, so ＃ｐａｓｓｗｏｒｄ is #password; ASCII
 * ones case-insensitive; no blank after '#', so that a sheet comment
 * "# test…" stays a comment):
 *   entry 登録 | test テスト | status 順位 | logs ログ   (no argument)
 *   withdraw 撤退 NAME (a #withdraw without NAME is one too, and refused)
 *   | password パスワード SECRET | lang ja|en
 *   name 名前 PLAYER (the name shown for the player on the hill)
 * An attribution is the line a mail program puts above what it quotes
 * ("On Wed, 2 Dec 2026 … wrote:", "2026年12月2日(水) 12:00 … <hill@…>:"):
 * a line ending in a colon directly followed (blank lines between
 * allowed) by a quoted line; no sheet line is that (a sheet line ending
 * in '：' has an empty field, an error anyway, and is followed by more
 * sheet, not by quoted text).
 * A byte order mark (U+FEFF) at the start of the body is skipped.
 * The first line that is not blank, quoted, an attribution, a directive
 * or a comment starts the sheet.  A '#' line that is no directive is a
 * sheet comment (kept for the sheet), and directives go on below it: a
 * player who writes "# my unit for the hill" above #password expects the
 * password to count, and no sheet line before the unit line can be a
 * directive anyway (a '#' line is a comment to the sheet).  Directive,
 * quoted and signature lines are blanked, not removed, so the sheet's line
 * numbers are the body's.
 */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <utf8proc.h>

#include "amaryllis/sheet.h"
#include "hill_int.h"
#include "util/lang.h"
#include "util/utf8.h"

enum { K_ENTRY, K_TEST, K_STATUS, K_LOGS, K_WITHDRAW, K_PASSWORD, K_LANG,
       K_NAME };

static const struct {
	const char *word;
	int key;
	int arg; /* takes an argument */
} keywords[] = {
	{"entry", K_ENTRY, 0}, {"登録", K_ENTRY, 0},
	{"test", K_TEST, 0}, {"テスト", K_TEST, 0},
	{"status", K_STATUS, 0}, {"順位", K_STATUS, 0},
	{"logs", K_LOGS, 0}, {"ログ", K_LOGS, 0},
	{"withdraw", K_WITHDRAW, 1}, {"撤退", K_WITHDRAW, 1},
	{"password", K_PASSWORD, 1}, {"パスワード", K_PASSWORD, 1},
	{"lang", K_LANG, 1},
	{"name", K_NAME, 1}, {"名前", K_NAME, 1},
};

/* Blanks: ASCII space, tab, and the ideographic space U+3000. */
static size_t blank_at(const char *p)
{
	if (*p == ' ' || *p == '\t')
		return 1;
	return ut_utf8_ideographic_space(p, strnlen(p, 3));
}

static const char *skip_blanks(const char *p, const char *e)
{
	size_t k;

	while (p < e && (k = blank_at(p)))
		p += k;
	return p;
}

static const char *trim_end(const char *p, const char *e)
{
	for (;;) {
		if (e > p && (e[-1] == ' ' || e[-1] == '\t'))
			e--;
		else if (e - p >= 3 && ut_utf8_ideographic_space(e - 3, 3))
			e -= 3;
		else
			return e;
	}
}

char *am_hill_nfkc(const char *s, size_t n)
{
	char *t = malloc(n + 1);
	utf8proc_uint8_t *r = NULL;
	utf8proc_ssize_t k;

	if (!t)
		return NULL;
	memcpy(t, s, n);
	t[n] = '\0';
	/* utf8proc_NFKC, with its error told apart: a NULL from it is out
	 * of memory as well as text that is not UTF-8 */
	k = utf8proc_map((const utf8proc_uint8_t *)t, 0, &r,
	                 UTF8PROC_NULLTERM | UTF8PROC_STABLE |
	                 UTF8PROC_COMPOSE | UTF8PROC_COMPAT);
	if (k == UTF8PROC_ERROR_NOMEM) {
		free(t);
		return NULL;
	}
	if (k < 0)
		return t; /* not valid UTF-8: compared as it is */
	free(t);
	return (char *)r;
}

static void set_cmd(hill_directives *d, hill_cmd c)
{
	if (d->cmd_given && d->cmd != c)
		d->conflict = 1;
	d->cmd = c;
	d->cmd_given = 1;
}

/*
 * The directive on line p..e (without its newline), applied to d.
 * Returns 1 if it was one, 0 if not, AM_ENOMEM.
 */
static int directive(hill_directives *d, const char *p, const char *e)
{
	size_t i;
	const char *a;

	char *word;

	if (e - p >= 1 && *p == '#')
		p += 1;
	else if (e - p >= 3 && memcmp(p, "＃", 3) == 0)
		p += 3;
	else
		return 0;
	/* the keyword: up to a blank, ':' or '：' (bytewise is safe: each
	 * of these starts with a byte no UTF-8 character continues with),
	 * compared after NFKC, so that ｐａｓｓｗｏｒｄ typed in full width
	 * (or ﾊﾟｽﾜｰﾄﾞ in half width) is #password, as ＃ is # */
	for (a = p; a < e && !blank_at(a) && *a != ':' &&
	            !(e - a >= 3 && memcmp(a, "：", 3) == 0); a++)
		;
	if (a == p || a - p > 64) /* no keyword is that long */
		return 0;
	if (!(word = am_hill_nfkc(p, (size_t)(a - p))))
		return AM_ENOMEM;
	for (i = 0; i < sizeof(keywords) / sizeof(keywords[0]); i++)
		if (strcasecmp(word, keywords[i].word) == 0)
			break;
	free(word);
	if (i == sizeof(keywords) / sizeof(keywords[0]))
		return 0; /* no keyword, or a longer word: #entrying */
	if (a < e && *a == ':')
		a++;
	else if (e - a >= 3 && memcmp(a, "：", 3) == 0)
		a += 3;
	a = skip_blanks(a, e);
	e = trim_end(a, e);
	if (!keywords[i].arg && a != e)
		return 0;
	if (keywords[i].arg && a == e && keywords[i].key != K_WITHDRAW)
		return 0;
	switch (keywords[i].key) {
	case K_ENTRY: set_cmd(d, HILL_CMD_ENTRY); break;
	case K_TEST: set_cmd(d, HILL_CMD_TEST); break;
	case K_STATUS: set_cmd(d, HILL_CMD_STATUS); break;
	case K_LOGS: d->logs = 1; break;
	case K_LANG: {
		char *l;
		int lang;
		if (e - a > 16)
			return 0; /* no language is that long */
		/* ｅｎ as en; out of memory is not "not a #lang" (the
		 * line would be read as the sheet's, the reply in Japanese) */
		if (!(l = am_hill_nfkc(a, (size_t)(e - a))))
			return AM_ENOMEM;
		/* the names --lang knows: english, 日本語 too (language
		 * review 2026-12-07) */
		lang = ut_lang_from_name(l);
		free(l);
		if (lang < 0)
			return 0;
		d->lang = (am_lang)lang;
		break;
	}
	case K_WITHDRAW:
		/* without a name still a #withdraw (d->withdraw ""), so that
		 * the reply can say the name is missing, rather than reading
		 * the line as the sheet ("no unit line") */
		set_cmd(d, HILL_CMD_WITHDRAW);
		free(d->withdraw);
		if (!(d->withdraw = am_hill_nfkc(a, (size_t)(e - a))))
			return AM_ENOMEM;
		break;
	case K_NAME:
		free(d->player);
		if (!(d->player = am_hill_nfkc(a, (size_t)(e - a))))
			return AM_ENOMEM;
		break;
	case K_PASSWORD:
		free(d->password);
		if (!(d->password = malloc((size_t)(e - a) + 1)))
			return AM_ENOMEM;
		memcpy(d->password, a, (size_t)(e - a));
		d->password[e - a] = '\0';
		break;
	}
	return 1;
}

/*
 * 1 when the line p..t (no newline) ends in ':' or '：' and the first line
 * after it (from `next`, up to end) that is not blank is quoted.  The
 * look-ahead stops at the first line that is not blank, so each blank
 * line is looked at for one attribution at most: linear.
 */
static int attribution(const char *p, const char *t, const char *next,
                       const char *end)
{
	const char *e = trim_end(p, t);

	if (!(e > p && (e[-1] == ':' ||
	                (e - p >= 3 && memcmp(e - 3, "：", 3) == 0))))
		return 0;
	while (next < end) {
		const char *nl = memchr(next, '\n', (size_t)(end - next));
		const char *s, *le = nl ? nl : end;
		if (le > next && le[-1] == '\r')
			le--;
		s = skip_blanks(next, le);
		if (s < le)
			return *s == '>';
		next = nl ? nl + 1 : end;
	}
	return 0;
}

/* Is the line s..t (from its first non-blank) a header line of a mail
 * forwarded or quoted in the body, under its "---------- Forwarded
 * message ---------" or "-----Original Message-----": "From:", "Date:",
 * "Subject:", "To:", "Cc:", "Sent:" (any case) or 差出人, 送信者,
 * 送信日時, 日付, 件名, 宛先, then ':' or '：' (blanks before it
 * allowed), and no '/' or '／' after it?  A unit line has slashes (a
 * unit named "To" is one: "To：１０／３／１／１／…"). */
static int forwarded_header(const char *s, const char *t)
{
	static const char *const keys[] = {
		"from", "date", "subject", "to", "cc", "sent", "差出人",
		"送信者", "送信日時", "日付", "件名", "宛先"
	};
	size_t i;

	for (i = 0; i < sizeof keys / sizeof *keys; i++) {
		size_t n = strlen(keys[i]);
		const char *c;
		if ((size_t)(t - s) < n || strncasecmp(s, keys[i], n) != 0)
			continue;
		c = skip_blanks(s + n, t);
		if (!(c < t && (*c == ':' ||
		                (t - c >= 3 && memcmp(c, "：", 3) == 0))))
			continue;
		for (; c < t; c++)
			if (*c == '/' || (t - c >= 3 && memcmp(c, "／", 3) == 0))
				return 0;
		return 1;
	}
	return 0;
}

/* Is the line s..t the first line of an attribution a mail program
 * wrapped in two (Gmail: "On Tue, … 試しの丘 <hill@example.org>" then
 * "wrote:", or the break inside the address, "… 試しの丘 <" then
 * "hill@example.org>:")?  It holds an address in ASCII angle brackets
 * ("<…@…>") or ends in '<', and the next line (next, directly below) is
 * an attribution (player review 2026-12-07).  A sheet line may hold an
 * '@' in a name (code review 2026-12-07), but not "<…@…>" nor a '<' at
 * its end (its customisations are closed). */
static int attribution_wrapped(const char *s, const char *t,
                               const char *next, const char *end)
{
	const char *e = trim_end(s, t), *nl, *le, *lt, *at;

	lt = memchr(s, '<', (size_t)(t - s));
	at = lt ? memchr(lt, '@', (size_t)(t - lt)) : NULL;
	if (next >= end ||
	    !((at && memchr(at, '>', (size_t)(t - at))) || (e > s && e[-1] == '<')))
		return 0;
	nl = memchr(next, '\n', (size_t)(end - next));
	le = nl ? nl : end;
	if (le > next && le[-1] == '\r')
		le--;
	return attribution(skip_blanks(next, le), le, nl ? nl + 1 : end, end);
}

void am_hill_directives_free(hill_directives *d)
{
	free(d->withdraw);
	free(d->password);
	free(d->player);
	free(d->sheet);
	memset(d, 0, sizeof(*d));
}

int am_hill_directives_parse(hill_directives *d, const char *body)
{
	size_t n = strlen(body);
	char *out;
	const char *p = body, *end = body + n;
	char *w;
	/* fwd: in a forwarded mail's header block; quoting: below its
	 * separator (its directives are the old mail's) */
	int head = 1, sig = 0, fwd = 0, quoting = 0, r;

	memset(d, 0, sizeof(*d));
	if (!(out = malloc(n + 1)))
		return AM_ENOMEM;
	w = out;
	d->sheet_blank = 1;
	/* a byte order mark (a body written in Notepad) is no text: the
	 * #password on the first line is one (security review 2026-12-07) */
	if (n >= 3 && memcmp(p, "\xef\xbb\xbf", 3) == 0)
		p += 3;
	while (p < end) {
		const char *e = memchr(p, '\n', (size_t)(end - p));
		const char *s, *t;
		int keep = 1;
		if (!e)
			e = end;
		t = e > p && e[-1] == '\r' ? e - 1 : e;
		s = skip_blanks(p, t);
		if (!sig && !head && !(t - p == 3 && memcmp(p, "-- ", 3) == 0)) {
			/* AM-UNIT-10: as the sheet reads it, to the line */
			int kind = am_sheet_line_kind(p, (size_t)(t - p));
			if (kind < 0) {
				free(out);
				am_hill_directives_free(d);
				return AM_ENOMEM;
			}
			sig = kind == AM_LINE_SEPARATOR ||
			      kind == AM_LINE_SIGNATURE;
		}
		if (sig || (t - p == 3 && memcmp(p, "-- ", 3) == 0)) {
			sig = 1;
			keep = 0;
		} else if (s < t && *s == '>') {
			keep = 0;
			d->quoted++;
		} else if (head && s == t) {
			keep = 1; /* a blank line before the sheet */
			fwd = 0;
		} else if (head && fwd && forwarded_header(s, t)) {
			keep = 0; /* the forwarded mail's From:, Date:, … */
		} else if (head) {
			/* a forwarded mail's directives are read, to be
			 * blanked (an old #パスワード is never stored), but
			 * not obeyed: the mail's own are those above it
			 * (code review 2026-12-07: a forwarded #登録 made a
			 * #テスト conflict, an old #パスワード won) */
			hill_directives old;
			int kind;
			memset(&old, 0, sizeof(old));
			r = directive(quoting ? &old : d, p, t);
			am_hill_directives_free(&old);
			if (r < 0 ||
			    (kind = am_sheet_line_kind(p, (size_t)(t - p))) < 0) {
				free(out);
				am_hill_directives_free(d);
				return r < 0 ? r : kind;
			}
			fwd = 0;
			if (r == 1 || attribution(s, t, e < end ? e + 1 : end, end) ||
			    attribution_wrapped(s, t, e < end ? e + 1 : end, end)) {
				keep = 0;
			} else if (kind == AM_LINE_SEPARATOR) {
				/* above the sheet: a forwarded mail's "----------
				 * Forwarded message ---------" (or a quoted one's
				 * "-----Original Message-----"), its header lines
				 * below it (review 2026-12-07: a player who
				 * forwarded the sheet got errors on them) */
				keep = 0;
				fwd = quoting = 1;
			} else if (*s != '#' &&
			         !(t - s >= 3 && memcmp(s, "＃", 3) == 0))
				head = 0;
			/* else a sheet comment: kept, and the directives
			 * may go on below it */
		} else if (s < t && (attribution(s, t, e < end ? e + 1 : end, end) ||
		                     attribution_wrapped(s, t, e < end ? e + 1 : end,
		                                         end))) {
			keep = 0;
		}
		if (keep) {
			memcpy(w, p, (size_t)(t - p));
			w += t - p;
			/* comments above the sheet are none of it: a mail
			 * of "#help" or "# 質問です" alone has no sheet
			 * (the reply says so, with the how-to) */
			if (s < t && !head)
				d->sheet_blank = 0;
		}
		if (e < end)
			*w++ = '\n';
		p = e < end ? e + 1 : end;
	}
	*w = '\0';
	d->sheet = out;
	d->sheet_len = (size_t)(w - out);
	return 0;
}
