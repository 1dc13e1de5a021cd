/*
 * hill_int.h - what the files of the hill share (private to
 * src/front/amaryllis/hill/).
 *
 *   mailin.c      a raw message -> hill_mail (GMime: MIME, charsets)
 *   directives.c  the body's text -> directives and the sheet
 *   html.c        the text of an HTML-only mail
 *   reply.c       the reply message (GMime)
 *   guard.c       reply limits, password locks, notices, excerpts
 *   hill.c        the database, the rules, am_hill_process
 *   status.c      the standings as text, JSON, HTML
 *
 * Names: a function or table shared between these files is am_hill_<name>
 * (the public am_hill_ prefix, the module's own name after it: every
 * global symbol of a library carries its system's prefix, tests/symbols.sh);
 * one used in a single file is static and unprefixed.
 */
#ifndef AM_HILL_INT_H
#define AM_HILL_INT_H

#include <stddef.h>
#include <stdint.h>

#include "amaryllis/hill.h"
#include "util/buf.h"
#include "util/lang.h" /* UT_TRL: the reply's language */
#include "util/error.h"

/* "out of memory" (ja and en) as the error of `code` (AM_ENOMEM, or what
 * a callee returned for it): the hill's every out-of-memory return. */
static inline int am_hill_oom(int code)
{
	return ut_error_set_tr(code, "メモリが足りません", "out of memory");
}


/* Why a message cannot be read (the polite rejections of hostile mail). */
typedef enum hill_bad {
	HILL_MAIL_OK = 0,
	HILL_MAIL_TOO_BIG,       /* over limits->max_bytes */
	HILL_MAIL_TOO_MANY_PARTS,
	HILL_MAIL_TOO_COMPLEX,   /* past 64 items (fields, addresses,
	                            parameters, delimiters) a part allowed:
	                            parse_message */
	HILL_MAIL_TOO_DEEP,
	HILL_MAIL_UNPARSABLE,    /* GMime found no message */
	HILL_MAIL_CHARSET,       /* unknown charset (bad_arg names it) */
	HILL_MAIL_UNDECODABLE,   /* text not valid in its charset */
	HILL_MAIL_BASE64,        /* invalid base64 */
	HILL_MAIL_NO_TEXT        /* no text part at all */
} hill_bad;

/* A parsed incoming message: everything the rules need, in UTF-8. */
typedef struct hill_mail {
	char *key;          /* "sha256:HEX" of the sender and the content
	                       (not of the Message-ID alone: another sender's
	                       mail with the same Message-ID is another mail) */
	char *msgid;        /* Message-ID without <>, or NULL */
	char *from;         /* the sender's address (lower case), or NULL:
	                       the owner identity */
	char *rate_key;     /* the sender as --replies-per-hour counts it
	                       (mailin.c: rate_key), or NULL with from */
	char *reply_to;     /* where the reply goes: the From address as it
	                       was written (Reply-To is not used: the reply of
	                       a forged mail goes to the address it claims) */
	char *display;      /* the From's display name (UTF-8), or NULL */
	char *subject;      /* decoded, or NULL */
	char *references;   /* the References header as it was, or NULL */
	int loop;           /* auto-submitted, bounce, bulk: no reply */
	hill_bad bad;
	char *bad_arg;      /* e.g. the unknown charset */
	char *body;         /* the text of the body (NULL when none) */
	char *attachment;   /* a .txt attachment's text, or NULL */
	char *att_name;     /* its file name */
	ut_buf att_others;  /* the file names of the .txt attachments after
	                       the first (not read), each ending in '\n';
	                       empty when there is none */
} hill_mail;

/*
 * Read `raw` into *m (all fields owned; am_hill_mail_free).  Never fails for
 * bad input: m->bad says what was wrong.  `own_address` is the hill's (mail
 * from it is a loop).  Returns 0 or AM_ENOMEM.
 */
int am_hill_mail_read(hill_mail *m, const char *raw, size_t len,
                   const am_hill_limits *lim, const char *own_address);
void am_hill_mail_free(hill_mail *m);

/* Ensure g_mime_init() ran once in this process. */
void am_hill_gmime_once(void);

/* What the mail asks for. */
typedef enum hill_cmd {
	HILL_CMD_ENTRY = 0,
	HILL_CMD_TEST,
	HILL_CMD_WITHDRAW,
	HILL_CMD_STATUS
} hill_cmd;

typedef struct hill_directives {
	hill_cmd cmd;
	int cmd_given;       /* a command directive was written */
	int conflict;        /* two different commands */
	char *withdraw;      /* the name after #withdraw (owned) */
	char *password;      /* after #password (owned), or NULL */
	am_lang lang;
	int logs;
	char *player;        /* after #name (owned), or NULL */
	char *sheet;         /* the sheet text (owned): the body with the
	                        directive and quoted lines blanked, so that line
	                        numbers are the body's */
	size_t sheet_len;
	int sheet_blank;     /* nothing but blanks and comments (no line
	                        that starts the sheet) */
	size_t quoted;       /* lines read as mail quotes ('>') and blanked */
} hill_directives;

/* NFKC of s[0..n) (a unit name as the sheet parser sees it, a directive
 * word, a password), owned; text that is not UTF-8 as it is; NULL when out
 * of memory. */
char *am_hill_nfkc(const char *s, size_t n);

/* Read the directives and the sheet out of `body` (UTF-8).  0 or
 * AM_ENOMEM. */
int am_hill_directives_parse(hill_directives *d, const char *body);
void am_hill_directives_free(hill_directives *d);

/* The text of an HTML document: tags dropped, <br>, </p>, </div>, </tr>,
 * </li> and headings end lines, entities decoded.  Owned (free()), or NULL
 * when out of memory. */
char *am_hill_html_text(const char *html, size_t len);

/* An excerpt of untrusted text to echo in a reply or a page: at most
 * `max_cp` code points (then "…"); tabs and line ends made spaces; invalid
 * UTF-8, other control characters and invisible (default ignorable) code
 * points each made U+FFFD.  Owned
 * (free()), or NULL when out of memory. */
char *am_hill_excerpt(const char *s, size_t max_cp);

/* The reply: raw RFC 5322 in *out (malloc'ed).  `logs` (NULL for none)
 * goes as a text/plain attachment.  A notice (to->msgid NULL, `subject`
 * set) is a new message rather than a reply. */
typedef struct hill_reply_in {
	const char *hill_name, *hill_address;
	const hill_mail *to;
	const char *result;
	const char *body;
	const char *logs;
	const char *subject;   /* NULL: "Re: " + an excerpt of the mail's */
} hill_reply_in;

int am_hill_reply_build(char **out, size_t *len, const hill_reply_in *in,
                     char **id_out);

/* One member, in entry order. */
typedef struct hill_member {
	int64_t id;
	int64_t seq;          /* entry order: smaller is older */
	char *name, *owner, *entered;
	char *player;         /* the display name the player chose, or NULL */
	char *sheet;
	size_t sheet_len;
	/* standings */
	int64_t wins, draws, losses, points, margin;
} hill_member;

#endif
