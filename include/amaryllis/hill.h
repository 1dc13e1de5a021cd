/*
 * amaryllis/hill.h - the play-by-mail hill: a standing league of the best N
 * units (as Core War King-of-the-Hill servers) that players enter by mail.
 *
 * This is a front end on top of the public API (sheet, engine, league,
 * render): it keeps its state in an SQLite database (WAL mode; every
 * message is one BEGIN IMMEDIATE transaction keyed by a hash of its
 * sender and content),
 * reads mail with GMime 3 and hashes owner passwords with libsodium.  It
 * does I/O (the database file) but never prints; replies come back as raw
 * RFC 5322 text for the caller to deliver.
 *
 * GMime: am_hill_open() and am_hill_process() call g_mime_init() once per
 * process themselves (a g_once guard), so callers need not; GMime is never
 * shut down (its tables live until exit).
 *
 * A handle is used by one thread at a time; several processes (or handles)
 * may share one database: SQLite serialises their transactions.
 *
 * Typical use (the `amaryllis mail` command):
 *
 *     am_hill_open(&hill, "HILL.db");
 *     am_hill_process(&reply, &rlen, &result, hill, raw, len, &limits);
 *     if (reply) { deliver(reply); am_hill_mark_sent(hill); }
 *     free(reply);
 *     am_hill_free(hill);
 *
 * Errors: the hill sets its own failures' messages in both languages:
 * am_error_last() is the English one, am_error_last_lang(lang) either (the
 * commands print it in --lang); a failure passed up from the engine has
 * its English text only.
 *
 * See docs/HILL.md for the directives, the rules and the reliability design.
 */
#ifndef AMARYLLIS_HILL_H
#define AMARYLLIS_HILL_H

#include <stddef.h>
#include <stdint.h>

#include "common.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Return codes of the hill beyond am_error_code. */
enum {
	AM_HILL_ETEMP = -16,    /**< transient I/O: the database or its folder
	                             cannot be read or written (a full disk,
	                             permissions, an I/O error): try again once
	                             the host mended it (the mail command exits
	                             75; the web server answers 500 hill-io) */
	AM_HILL_ENOTFOUND = -17, /**< no hill at that path (exit 66); or no
	                             member of that name (am_hill_member_sheet) */
	AM_HILL_EBUSY = -18     /**< transient contention: the database stayed
	                             locked past the timeout, another delivery
	                             of the same message is sending its reply,
	                             or the password checks are crowded: try
	                             again shortly (the mail command exits 75;
	                             the web server answers 503 with
	                             Retry-After) */
};

typedef struct am_hill am_hill;

/** The longest name of a unit a hill takes, in bytes of UTF-8 (about 333
 *  Japanese characters): a longer one is refused at entry and at a test
 *  (the web's forms and the member picker take names up to this length;
 *  web review 2026-12-06: a unit of 1,200 bytes could enter, and the
 *  page could neither pick nor withdraw it). */
#define AM_HILL_NAME_MAX 1000

#define AM_HILL_CONFIG_VERSION 2

/** What `hill init` fixes once, when the hill is created.  (Version 1
 *  callers, without the fields after pwhash_mem, get their defaults.) */
typedef struct am_hill_config {
	unsigned version;      /**< AM_HILL_CONFIG_VERSION */
	const char *address;   /**< the hill's mail address (required) */
	const char *name;      /**< shown name; NULL: the address */
	size_t size;           /**< members kept (1 … 10000) */
	int64_t points[3];     /**< win, draw, loss */
	/** Password hashing cost (crypto_pwhash_str): 0 means libsodium's
	 *  INTERACTIVE limits.  Tests set the minimums (1 and 8192) to stay
	 *  fast; a real hill should keep 0. */
	unsigned long long pwhash_ops;
	size_t pwhash_mem;
	/* version 2 (docs/HILL.md, "Security") */
	unsigned replies_per_hour; /**< replies to one address within an hour;
	                                past it the hill says so once, then
	                                neither processes nor answers that
	                                address's mail until the hour is over
	                                (0: no limit; default 30) */
	size_t reply_max;      /**< the largest reply in bytes, the whole
	                            RFC 5322 message (16384 … 16777216; default
	                            262144): what does not fit is cut, with a
	                            note */
	unsigned pw_tries;     /**< wrong passwords for one unit within an hour
	                            that lock it (1 … 100; default 5) */
	unsigned pw_lock_s;    /**< how long a locked unit stays locked, in
	                            seconds (60 … 604800; default 3600) */
} am_hill_config;

#define AM_HILL_CONFIG_INIT \
	{AM_HILL_CONFIG_VERSION, NULL, NULL, 10, {3, 1, 0}, 0, 0, 30, 262144, 5, 3600}

#define AM_HILL_LIMITS_VERSION 4

/** Limits of one message (hostile mail is rejected politely past them).
 *  (Version 1 callers, without `now`, get the real clock; version 1 and 2
 *  callers, without `web`, process mail; version 1 to 3 callers, without
 *  `max_work`, get its default.) */
typedef struct am_hill_limits {
	unsigned version;      /**< AM_HILL_LIMITS_VERSION */
	size_t max_bytes;      /**< a longer raw message is refused unread */
	size_t max_parts;      /**< MIME parts in the message */
	size_t max_depth;      /**< nesting of multiparts / attached messages */
	size_t max_units;      /**< population limit of each battle */
	unsigned busy_ms;      /**< wait this long for the database lock */
	int64_t now;           /**< the time of the message in seconds since
	                            the epoch (reply limits, password locks); 0:
	                            the real clock.  For tests and replays. */
	int web;               /**< 1: the message is a web form's, whose reply
	                            goes back to whoever sent the request, not
	                            by mail, so its From: proves nothing: the
	                            replies per hour (a limit on mail to that
	                            address) neither apply to it nor count it
	                            (the front end limits its requests), and a
	                            unit it enters or replaces gets no notice
	                            by mail (docs/HILL.md "Security") */
	uint64_t max_work;     /**< the work of each battle (am_battle_opts
	                            max_work, BU-POP-3; version 4): a new sheet
	                            whose battle passes it is refused, as past
	                            max_units (default 4000000: the costliest
	                            battles found reach it in 0.3–0.4 s) */
} am_hill_limits;

#define AM_HILL_LIMITS_INIT \
	{AM_HILL_LIMITS_VERSION, (size_t)1 << 20, 64, 8, 10000, 120000, 0, 0, \
	 4000000}

/**
 * Create a hill database at `path` (it must not exist).
 * @return 0; AM_EINVALID for a bad configuration or an existing file
 *         (am_error_last says which); AM_HILL_ETEMP, AM_HILL_EBUSY or
 *         AM_ERROR for I/O.
 */
int am_hill_create(const char *path, const am_hill_config *cfg);

/**
 * Open an existing hill.
 * @return 0; AM_HILL_ENOTFOUND when there is no file; AM_EINVALID when it
 *         is not a hill; AM_HILL_ETEMP; AM_HILL_EBUSY; AM_ENOMEM.
 */
int am_hill_open(am_hill **out, const char *path);

/**
 * Open an existing hill for reading only (am_hill_status,
 * am_hill_member_sheet): works on a read-only file or mount, and never
 * waits for a writer (SQLite WAL readers).  am_hill_process and the other
 * writes fail with AM_HILL_ETEMP on such a handle.
 * @return as am_hill_open.
 */
int am_hill_open_readonly(am_hill **out, const char *path);

/** Close a hill; NULL is fine. */
void am_hill_free(am_hill *hill);

/**
 * Process one raw RFC 5322 message, in one transaction: the state change
 * and the reply are stored together, keyed by a hash of the sender, the
 * Message-ID and the content (docs/HILL.md, "Security").
 *
 * A message processed before gets no second reply (*reply_out NULL,
 * *result_out "duplicate"), unless its reply was stored but never marked
 * sent: then that same stored reply comes back, to be delivered now.
 *
 * @param reply_out   receives the raw reply (free() it), or NULL when no
 *                    reply is due (a loop, no sender, a duplicate)
 * @param result_out  receives the X-Amaryllis-Result value (a static
 *                    string): entered, replaced, tested, withdrawn,
 *                    status, rejected; limited (the sender passed the
 *                    hill's replies per hour: nothing was processed; the
 *                    first time a short notice is the reply, then none);
 *                    or ignored (loop, no sender) and duplicate (no
 *                    reply)
 * @param limits      NULL for AM_HILL_LIMITS_INIT
 * @return 0 (polite rejections included); AM_HILL_EBUSY when the
 *         database stayed locked past the timeout or another delivery of
 *         the same message is sending its reply (retry shortly);
 *         AM_HILL_ETEMP when it cannot be written (retry later);
 *         AM_ENOMEM; AM_ERROR (am_error_last says why).
 */
int am_hill_process(char **reply_out, size_t *reply_len,
                    const char **result_out, am_hill *hill, const char *raw,
                    size_t len, const am_hill_limits *limits);

/**
 * What the last am_hill_process on this handle read, for a host's log
 * (`amaryllis mail --log`): the message's Message-ID (without <>) and its
 * sender's address (lower case), each NULL when the mail had none or could
 * not be read that far.
 * @param message_id  borrowed, valid until the next am_hill_process or
 *                    am_hill_free on this handle
 * @param sender      the same
 */
void am_hill_last_message(const char **message_id, const char **sender,
                          const am_hill *hill);

/**
 * Whether the unit of the last am_hill_process on this handle stayed on
 * the hill (for the web form: an entry pushed off at once is not shown as
 * entered).
 * @return 1 when it entered (or replaced, or a #test would enter) and
 *         stayed; 0 when it was (or would be) the last and did not stay;
 *         -1 when the mail entered no unit (a rejection, a status, …).
 */
int am_hill_last_stayed(const am_hill *hill);

/**
 * Mark the reply of the last am_hill_process on this handle (or the last
 * notice of am_hill_next_notice) as delivered, so that a re-delivery of
 * the message gets no second reply.  The stored reply is dropped then;
 * the message's hash key and the reply's Message-ID are kept (for 30
 * days) to know the message.
 * @return 0 (also when there is nothing to mark); AM_HILL_ETEMP;
 *         AM_HILL_EBUSY; AM_ERROR.
 */
int am_hill_mark_sent(am_hill *hill);

/**
 * The next notice the hill queued besides the replies: a mail to a unit's
 * owner (its unit was locked after wrong passwords, or pushed off the hill).  Deliver it, then
 * am_hill_mark_sent marks it sent, as it marks a reply; call again until
 * *out is NULL.  Notices wait in the database until a caller delivers
 * them (`amaryllis mail` after each message, or `mail --flush`).
 * @param out  receives the raw RFC 5322 message (free()), or NULL when
 *             none is waiting
 * @return 0; AM_HILL_ETEMP; AM_HILL_EBUSY; AM_ENOMEM; AM_ERROR.
 */
int am_hill_next_notice(char **out, size_t *len, am_hill *hill);

/** Formats of am_hill_status. */
typedef enum am_hill_format {
	AM_HILL_TEXT = 0, /**< aligned table */
	AM_HILL_JSON = 1, /**< {"name", "size", "standings": [...]} */
	AM_HILL_HTML = 2, /**< one self-contained page with the heat map */
	AM_HILL_SVG = 3   /**< the heat map alone: one standalone SVG image
	                       (am_render_heatmap; with no member, an empty
	                       image) */
} am_hill_format;

/** The size of am_hill_html_style_csp's text, its NUL included. */
#define AM_HILL_STYLE_CSP_SIZE 54

/**
 * The Content-Security-Policy source that allows the one <style> of an
 * AM_HILL_HTML page and nothing else: 'sha256-BASE64' with the quotes,
 * for a server that sends the page under `style-src` without
 * 'unsafe-inline' (amaryllis serve's /api/hill.html).
 */
void am_hill_html_style_csp(char out[AM_HILL_STYLE_CSP_SIZE]);

/**
 * The standings document as `hill status` prints it.
 * @param out  receives it (free()), NUL-terminated, length in *len
 * @return 0; AM_HILL_ETEMP; AM_HILL_EBUSY; AM_ENOMEM; AM_ERROR.
 */
int am_hill_status(char **out, size_t *len, am_hill *hill, int format,
                   int lang);

/**
 * The sheet of the member named `name`, as it was entered: the text the
 * entry parsed as legal (the .txt attachment; or the body with its
 * directive, quoted and signature lines blanked, so a body's sheet starts
 * with empty lines), but for the text of any password line written into
 * it (`#password`, `#パスワード`, any width or case: left out when stored
 * and when read, the line end kept).  It parses to the member's team, so it can be fought
 * again; am_sheet_parse + am_sheet_normalised give what `amaryllis check`
 * prints for it (a sheet too, but not the text the member entered:
 * comments, notation and the order of lines change).  Nothing else of
 * the member is read: the password hash never leaves the database; the owner is in
 * the standings (am_hill_status).
 *
 * The names are those of am_hill_status's standings ("name").
 * @param name  UTF-8, compared exactly (NFKC-normalised, as the sheet
 *              parser stores unit names)
 * @param out   receives the text (free()), NUL-terminated, length in *len;
 *              NULL on failure
 * @return 0; AM_HILL_ENOTFOUND when no member has that name (am_error_last
 *         says so); AM_HILL_ETEMP; AM_HILL_EBUSY; AM_ENOMEM; AM_ERROR.
 */
int am_hill_member_sheet(char **out, size_t *len, am_hill *hill,
                         const char *name);

#ifdef __cplusplus
}
#endif

#endif
