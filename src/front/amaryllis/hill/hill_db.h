/*
 * hill_db.h - the hill handle and the database helpers shared by hill.c
 * and status.c (private to src/front/amaryllis/hill/).  Shared names are
 * am_hill_<name>, as in hill_int.h.
 */
#ifndef AM_HILL_DB_H
#define AM_HILL_DB_H

#include <sqlite3.h>

#include "hill_int.h"

/* The default lock wait of am_hill_open (am_hill_process sets its own). */
#define AM_HILL_LIMITS_INIT_BUSY 120000

struct am_hill {
	sqlite3 *db;
	char *path;
	char *address, *name;
	size_t size;
	int64_t points[3];
	unsigned long long pwhash_ops;
	size_t pwhash_mem;
	int format;       /* the database's format (2 since issue 17) */
	int readonly;     /* am_hill_open_readonly */
	unsigned replies_per_hour;
	size_t reply_max;
	unsigned pw_tries, pw_lock_s;
	char *last_key;   /* the message whose reply am_hill_mark_sent marks */
	char *last_msgid; /* the last message's Message-ID and sender, for */
	char *last_from;  /* am_hill_last_message (NULL: none) */
	int64_t last_out; /* or the notice (am_hill_next_notice), 0: none */
	int last_stayed;  /* am_hill_last_stayed: 1, 0, -1 (no entry) */
	/* sending.c: HILL.db-sending (-1 not open yet) and the byte of it
	 * locked for the reply or notice being delivered (-1 none) */
	int send_fd;
	int64_t send_off;
};

int am_hill_exec(am_hill *h, const char *sql);

int am_hill_prepare(am_hill *h, sqlite3_stmt **st, const char *sql);
/* Column c of the row as a NUL-terminated copy (owned, free()); its
 * length in *len when len is not NULL.  NULL when out of memory. */
char *am_hill_col_dup(sqlite3_stmt *st, int c, size_t *len);
/* Step a statement that returns no row; finalizes it. */
int am_hill_step_done(am_hill *h, sqlite3_stmt *st);
/* The library error for an SQLite failure, naming the cause: busy or
 * locked is AM_HILL_EBUSY (try again shortly); I/O, a full disk, a
 * read-only file or folder are AM_HILL_ETEMP (try again once mended). */
int am_hill_db_fail(am_hill *h, int rc, const char *what);

/* sending.c: the reply or notice being delivered, locked against other
 * deliveries.  am_hill_send_lock: unlock the last, lock the byte `off`
 * (a notice's id, or am_hill_send_key of a message's key); 1 locked, 0
 * held by another delivery, -1 no lock file (deliver unlocked, as
 * before).  am_hill_send_close: at am_hill_free. */
int64_t am_hill_send_key(const char *key);
int am_hill_send_lock(am_hill *h, int64_t off);
void am_hill_send_unlock(am_hill *h);
void am_hill_send_close(am_hill *h);

/* guard.c (docs/HILL.md, "Security") */
/* A copy of the sheet s[0..len) without the text of its password lines (a
 * '#' and password or パスワード, in any width or case, invisible
 * characters and a quote's '>' no disguise) and, when secret (the
 * password, NFKC; 4 bytes or more) is given, of every line that holds it
 * in any width; their line ends kept; owned, NUL-terminated, its length
 * in *out_len; NULL when out of memory.  A sheet is stored and shown
 * scrubbed: a player who attaches the whole mail, directives included,
 * publishes no password. */
char *am_hill_sheet_scrub(const char *s, size_t len, const char *secret,
                          size_t *out_len);
char *am_hill_player_name(const char *chosen, const char *display, int *nomem);
int am_hill_rate(am_hill *h, const char *sender, int64_t now, int *state);
int am_hill_lock_get(am_hill *h, const char *name, int64_t now, int64_t *until);
int am_hill_lock_fail(am_hill *h, const char *name, int64_t now, int64_t *until);
void am_hill_time_text(char *buf, size_t size, int64_t t);
int am_hill_notice_queue(am_hill *h, const char *rcpt, const char *subject,
                      const char *body, int64_t now);
void am_hill_cap(ut_buf *body, ut_buf *logs, int has_logs, size_t reply_max,
              am_lang lang);

/* The members in standings order (owned: am_hill_members_free). */
int am_hill_standings(am_hill *h, hill_member **out, size_t *n);
void am_hill_members_free(hill_member *m, size_t n);

/* The standings as an aligned text table, names cut to max_cp characters
 * (a reply: 40) or whole (0: the host's `hill status`). */
void am_hill_table_text(ut_buf *b, const hill_member *m, size_t n, am_lang lang,
                        size_t max_cp);

#endif
