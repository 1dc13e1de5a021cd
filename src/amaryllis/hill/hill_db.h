/*
 * hill_db.h - the hill handle and the database helpers shared by hill.c
 * and status.c (private to src/amaryllis/hill/).
 */
#ifndef AM_HILL_DB_H
#define AM_HILL_DB_H

#include <sqlite3.h>

#include "hill_int.h"

/* The default lock wait of am_hill_open (am_hill_process sets its own). */
#define AM_HILL_LIMITS_INIT_BUSY 120000

struct am_hill {
	sqlite3 *db;
	char *address, *name;
	size_t size;
	int64_t points[3];
	unsigned long long pwhash_ops;
	size_t pwhash_mem;
	char *last_key;   /* the message whose reply am_hill_mark_sent marks */
};

int hill_exec(am_hill *h, const char *sql);
int hill_prepare(am_hill *h, sqlite3_stmt **st, const char *sql);

/* The members in standings order (owned: hill_members_free). */
int hill_standings(am_hill *h, hill_member **out, size_t *n);
void hill_members_free(hill_member *m, size_t n);

/* The standings as an aligned text table. */
void hill_table_text(ut_buf *b, const hill_member *m, size_t n, am_lang lang);

#endif
