/*
 * hill.c - the hill's database and rules, and am_hill_process.
 *
 * Database (SQLite, WAL mode, synchronous=FULL):
 *   meta(key, value)      name, address, size, points, pwhash cost
 *   units(id, name, owner, pwhash, sheet, entered)
 *                         the members; id grows with every entry (never
 *                         reused), so a smaller id is an older entry
 *   results(a, b, outcome, score_a, score_b)
 *                         each pair's battle, once, from a's side (a is
 *                         the newer entry); outcome 1 win, 2 draw, 3 loss
 *   messages(key, received, sender, result, reply, sent, at, replied,
 *            reply_id)   every message processed in the last 30 days: its
 *                         key (a hash of the sender and the content), its
 *                         sender as the replies per hour count it
 *                         (hill_mail rate_key), the
 *                         reply until it is sent, then only the reply's
 *                         Message-ID
 *   pwfail(name, at), locks(name, until)
 *                         wrong passwords and the units they locked
 *   outgoing(id, rcpt, msg, created, sent)
 *                         notices to owners (am_hill_next_notice)
 * Format 2 (issue 17) added player, rcpt and lang to units, the columns
 * after `sent` to messages and the last three tables; a format-1 hill is
 * upgraded when it is opened for writing.
 *
 * One message is one BEGIN IMMEDIATE transaction: the lookup of its key,
 * the state change and the stored reply commit together or not at all.
 * The caller delivers the reply, then am_hill_mark_sent sets `sent` (a
 * second, tiny transaction); a re-delivery of a message whose reply is
 * stored but not sent gets that reply again (see docs/HILL.md), unless a
 * delivery under way holds it (sending.c).
 *
 * Hill rules (docs/HILL.md): a new entry fights every member once (it is
 * side 0; battles are symmetric); standings are the round robin of the
 * members by points, then ＨＰ margin (RULINGS B4 scores), then the older
 * entry; past `size` members the last is pushed off (LG-POINTS-1 for the
 * points, LG-PAIR-1 for the pairs).
 */
#include <errno.h>
#include <fcntl.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <utf8proc.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <sodium.h>
#include <sqlite3.h>

#include "amaryllis/engine.h"
#include "amaryllis/render.h"
#include "amaryllis/sheet.h"
#include "util/ckd.h"
#include "util/error.h"
#include "util/msg.h"
#include "util/utf8.h"
#include "util/width.h"

#include "hill_int.h"
#include "hill_db.h"

/* ------------------------------------------------------------------ db */

/* The folder of `path` (owned), or NULL when out of memory. */
static char *parent_dir(const char *path)
{
	char *dir = strdup(path), *slash;

	if (!dir)
		return NULL;
	slash = strrchr(dir, '/');
	if (!slash)
		strcpy(dir, ".");
	else if (slash == dir)
		slash[1] = '\0';
	else
		*slash = '\0';
	return dir;
}

/* A message about `path` whose texts hold the text of errno e (in
 * Japanese ut_strerror's): "PATH: " and `ja` / `en`, formats of `arg`
 * and the errno text (of the errno text alone when arg is NULL). */
static int errno_fail(int code, int e, const char *path, const char *arg,
                      const char *ja, const char *en)
{
	char tj[400], te[400], mj[512], me[512];

	if (arg) {
		snprintf(tj, sizeof(tj), ja, arg, ut_strerror(UT_LANG_JA, e));
		snprintf(te, sizeof(te), en, arg, strerror(e));
	} else {
		snprintf(tj, sizeof(tj), ja, ut_strerror(UT_LANG_JA, e));
		snprintf(te, sizeof(te), en, strerror(e));
	}
	snprintf(mj, sizeof(mj), "%s: %s", path, tj);
	snprintf(me, sizeof(me), "%s: %s", path, te);
	return ut_error_set_texts(code, mj, me);
}

/* Why a database cannot be opened, read or written: the file cannot be
 * read (ro: opened read-only, as hill status does, which needs neither
 * folder nor file writable), its folder is missing (hill init in a folder
 * that does not exist) or not writable (SQLite creates HILL.db-wal and
 * -shm beside it), the file, or SQLite's word. */
static int io_cause(const char *path, const char *why, int ro)
{
	char *dir = parent_dir(path ? path : ".");
	int rc, e;

	if (!dir)
		return am_hill_oom(AM_ENOMEM);
	if (path && access(path, R_OK) != 0 && (ro || errno != ENOENT)) {
		e = errno;
		rc = errno_fail(AM_HILL_ETEMP, e, path, NULL,
		                "ファイルを読めません（%s）",
		                "the file is not readable (%s)");
	} else if (path && !ro && access(dir, W_OK) != 0) {
		e = errno;
		if (e == ENOENT)
			rc = ut_error_set_tr(AM_HILL_ETEMP, "%s: フォルダ %s がありません",
			                     "%s: the folder %s does not exist", path,
			                     dir);
		else if (e == ENOTDIR)
			rc = errno_fail(AM_HILL_ETEMP, e, path, dir,
			                "フォルダ %s がありません（%s）",
			                "the folder %s does not exist (%s)");
		else
			rc = errno_fail(AM_HILL_ETEMP, e, path, dir,
			                "フォルダ %s に書き込めません（%s）。丘のデータベースは"
			                "そこに -wal と -shm のファイルを作ります",
			                "the folder %s is not writable (%s): the hill's "
			                "database needs to create its -wal and -shm "
			                "files there");
	} else if (path && !ro && access(path, W_OK) != 0) {
		e = errno;
		rc = errno_fail(AM_HILL_ETEMP, e, path, NULL,
		                "ファイルに書き込めません（%s）",
		                "the file is not writable (%s)");
	} else {
		rc = ut_error_set_tr(AM_HILL_ETEMP,
		                     "%s: データベースを使えません（SQLite: %s）",
		                     "%s: %s", path ? path : "database", why);
	}
	free(dir);
	return rc;
}

/* What a failing statement was doing, in Japanese: the caller's word
 * "database" (or a path, as it is). */
static const char *what_ja(const char *what)
{
	return strcmp(what, "database") == 0 ? "丘のデータベース" : what;
}

static int db_fail(am_hill *h, int rc, const char *what)
{
	int p = rc & 0xff;

	if (p == SQLITE_READONLY || p == SQLITE_CANTOPEN || p == SQLITE_PERM)
		return io_cause(h ? h->path : NULL, h && h->db ?
		                sqlite3_errmsg(h->db) : sqlite3_errstr(rc),
		                h && h->readonly);
	if (p == SQLITE_BUSY || p == SQLITE_LOCKED || p == SQLITE_IOERR ||
	    p == SQLITE_FULL) {
		const char *why = h && h->db ? sqlite3_errmsg(h->db) :
		                  sqlite3_errstr(rc);
		char mj[512], me[512];
		if (p == SQLITE_BUSY || p == SQLITE_LOCKED)
			snprintf(mj, sizeof(mj), "%s: 使用中のため使えませんでした"
			         "（SQLite: %s）", what_ja(what), why);
		else
			snprintf(mj, sizeof(mj), "%s: 読み書きできませんでした"
			         "（SQLite: %s）", what_ja(what), why);
		snprintf(me, sizeof(me), "%s: %s", what, why);
		return ut_error_set_texts(p == SQLITE_BUSY || p == SQLITE_LOCKED ?
		                          AM_HILL_EBUSY : AM_HILL_ETEMP, mj, me);
	}
	if (rc == SQLITE_NOMEM)
		return am_hill_oom(AM_ENOMEM);
	return ut_error_set_tr(AM_ERROR, "%s: データベースの誤りです（SQLite: %s）",
	                       "%s: %s", what,
	                       h && h->db ? sqlite3_errmsg(h->db) : sqlite3_errstr(rc));
}

int am_hill_exec(am_hill *h, const char *sql)
{
	int rc = sqlite3_exec(h->db, sql, NULL, NULL, NULL);

	return rc == SQLITE_OK ? 0 : db_fail(h, rc, "database");
}

int am_hill_prepare(am_hill *h, sqlite3_stmt **st, const char *sql)
{
	int rc = sqlite3_prepare_v2(h->db, sql, -1, st, NULL);

	return rc == SQLITE_OK ? 0 : db_fail(h, rc, "database");
}

int am_hill_db_fail(am_hill *h, int rc, const char *what)
{
	return db_fail(h, rc, what);
}

int am_hill_step_done(am_hill *h, sqlite3_stmt *st)
{
	int rc = sqlite3_step(st);

	sqlite3_finalize(st);
	return rc == SQLITE_DONE ? 0 : db_fail(h, rc, "database");
}

#define step_done am_hill_step_done

static const char schema[] =
	"PRAGMA journal_mode=WAL;"
	"CREATE TABLE meta(key TEXT PRIMARY KEY, value NOT NULL);"
	"CREATE TABLE units(id INTEGER PRIMARY KEY AUTOINCREMENT,"
	" name TEXT NOT NULL UNIQUE, owner TEXT NOT NULL, pwhash TEXT NOT NULL,"
	" sheet BLOB NOT NULL, entered TEXT NOT NULL);"
	"CREATE TABLE results(a INTEGER NOT NULL, b INTEGER NOT NULL,"
	" outcome INTEGER NOT NULL, score_a INTEGER NOT NULL,"
	" score_b INTEGER NOT NULL, PRIMARY KEY(a, b));"
	"CREATE TABLE messages(key TEXT PRIMARY KEY, received TEXT NOT NULL,"
	" sender TEXT, result TEXT NOT NULL, reply BLOB,"
	" sent INTEGER NOT NULL);";

/* Format 1 -> 2 (issue 17, docs/HILL.md "Security"). */
static const char migrate_2[] =
	"ALTER TABLE units ADD COLUMN player TEXT;"
	"ALTER TABLE units ADD COLUMN rcpt TEXT;"
	"ALTER TABLE units ADD COLUMN lang INTEGER NOT NULL DEFAULT 0;"
	"ALTER TABLE messages ADD COLUMN at INTEGER NOT NULL DEFAULT 0;"
	"ALTER TABLE messages ADD COLUMN replied INTEGER NOT NULL DEFAULT 0;"
	"ALTER TABLE messages ADD COLUMN reply_id TEXT;"
	"CREATE INDEX messages_sender ON messages(sender, at);"
	"CREATE INDEX messages_at ON messages(at);"
	"CREATE TABLE pwfail(name TEXT NOT NULL, at INTEGER NOT NULL);"
	"CREATE INDEX pwfail_name ON pwfail(name, at);"
	"CREATE TABLE locks(name TEXT PRIMARY KEY, until INTEGER NOT NULL);"
	"CREATE TABLE outgoing(id INTEGER PRIMARY KEY AUTOINCREMENT,"
	" rcpt TEXT NOT NULL, msg BLOB, created INTEGER NOT NULL,"
	" sent INTEGER NOT NULL);"
	"UPDATE meta SET value = 2 WHERE key = 'format';"
	"INSERT OR IGNORE INTO meta VALUES('replies_per_hour', 30),"
	" ('reply_max', 262144), ('pw_tries', 5), ('pw_lock_s', 3600);";

static int put_meta(am_hill *h, const char *key, const char *text, int64_t v)
{
	sqlite3_stmt *st;
	int rc;

	if ((rc = am_hill_prepare(h, &st, "INSERT INTO meta VALUES(?, ?)")) < 0)
		return rc;
	sqlite3_bind_text(st, 1, key, -1, SQLITE_STATIC);
	if (text)
		sqlite3_bind_text(st, 2, text, -1, SQLITE_TRANSIENT);
	else
		sqlite3_bind_int64(st, 2, v);
	return step_done(h, st);
}

/* Text a hill shows and writes into mail and JSON (its name, its
 * address): UTF-8 without a control character.  A name that is not UTF-8
 * could not be put in the JSON standings (am_hill_status) at all. */
static int valid_text(const char *s)
{
	const char *p;

	if (!ut_utf8_valid(s, strlen(s)))
		return 0;
	for (p = s; *p; p++)
		if ((unsigned char)*p < 0x20 || *p == 0x7f)
			return 0;
	return 1;
}

/* Whether UTF-8 s shows nothing: only spaces (U+0020, U+3000, a
 * no-break space: Unicode's Zs) or invisible characters
 * (ut_utf8_invisible's). */
static int blank(const char *s)
{
	const utf8proc_uint8_t *p = (const utf8proc_uint8_t *)s;
	utf8proc_int32_t c;
	utf8proc_ssize_t k;
	size_t len = strlen(s), i = 0;

	while (i < len && (k = utf8proc_iterate(p + i, (utf8proc_ssize_t)(len - i),
	                                        &c)) > 0) {
		if (utf8proc_category(c) != UTF8PROC_CATEGORY_ZS &&
		    ut_utf8_invisible(s + i, (size_t)k, NULL) != 0)
			return 0;
		i += (size_t)k;
	}
	return 1;
}

static int valid_address(const char *a)
{
	const char *at = a ? strchr(a, '@') : NULL;

	return at && at > a && at[1] && !strchr(at + 1, '@') &&
	       !strpbrk(a, " \t\r\n<>\"(),;:\\[]");
}

/* Is the configuration (of this version) in range?  Returns 0 or the
 * error. */
static int config_check(const am_hill_config *cfg)
{
	int i;

	if (cfg->address && !valid_text(cfg->address))
		return ut_error_set_tr(AM_EINVALID, "丘のアドレスが UTF-8 ではないか、"
		                       "制御文字を含みます", "the hill's address is not "
		                       "UTF-8 or holds a control character");
	if (cfg->name && !valid_text(cfg->name))
		return ut_error_set_tr(AM_EINVALID, "丘の名前が UTF-8 ではないか、"
		                       "制御文字を含みます", "the hill's name is not "
		                       "UTF-8 or holds a control character");
	if (cfg->name && blank(cfg->name))
		/* (docs/HILL.md: the name defaults to the address; an empty one
		 * would head the standings with nothing) */
		return ut_error_set_tr(AM_EINVALID, "丘の名前が空です（省略すると"
		                       "アドレスが名前になります）", "the hill's name "
		                       "is empty (without --name it is the address)");
	if (!valid_address(cfg->address))
		return ut_error_set_tr(AM_EINVALID, "「%s」はメールアドレスではありません",
		                       "'%s' is not a mail address",
		                       cfg->address ? cfg->address : "");
	if (cfg->size < 1 || cfg->size > 10000)
		return ut_error_set_tr(AM_EINVALID, "大きさ %zu が1から10000の間にありません",
		                       "size %zu is not from 1 to 10000", cfg->size);
	for (i = 0; i < 3; i++)
		if (cfg->points[i] < -1000000 || cfg->points[i] > 1000000)
			return ut_error_set_tr(AM_EINVALID, "勝ち点が範囲外です",
			                       "points out of range");
	if (cfg->pwhash_ops && (cfg->pwhash_ops < crypto_pwhash_OPSLIMIT_MIN ||
	                        cfg->pwhash_ops > crypto_pwhash_OPSLIMIT_MAX))
		return ut_error_set_tr(AM_EINVALID, "パスワードハッシュの計算量が範囲外です",
		                       "bad password hashing opslimit");
	if (cfg->pwhash_mem && cfg->pwhash_mem < crypto_pwhash_MEMLIMIT_MIN)
		return ut_error_set_tr(AM_EINVALID, "パスワードハッシュのメモリが範囲外です",
		                       "bad password hashing memlimit");
	if (cfg->replies_per_hour > 100000)
		return ut_error_set_tr(AM_EINVALID, "1時間あたりの返信の上限 %u が0から100000の"
		                       "間にありません", "replies per hour %u is not from 0 "
		                       "to 100000", cfg->replies_per_hour);
	if (cfg->reply_max < 16384 || cfg->reply_max > 16777216)
		return ut_error_set_tr(AM_EINVALID, "返信の上限 %zu バイトが16384から16777216の"
		                       "間にありません", "reply size %zu is not from 16384 "
		                       "to 16777216 bytes", cfg->reply_max);
	if (cfg->pw_tries < 1 || cfg->pw_tries > 100)
		return ut_error_set_tr(AM_EINVALID, "パスワードの回数 %u が1から100の間にありません",
		                       "password tries %u is not from 1 to 100",
		                       cfg->pw_tries);
	if (cfg->pw_lock_s < 60 || cfg->pw_lock_s > 604800)
		return ut_error_set_tr(AM_EINVALID, "ロックの長さ %u 秒が60から604800秒の間に"
		                       "ありません", "lock time %u s is not from 60 to "
		                       "604800 seconds", cfg->pw_lock_s);
	return 0;
}

/* Create the schema of a new hill in its open database and store its
 * configuration, in one transaction.  Returns 0 or an error. */
static int write_config(am_hill *h, const am_hill_config *cfg)
{
	int rc;

	if ((rc = am_hill_exec(h, schema)) < 0 ||
	    (rc = am_hill_exec(h, "BEGIN IMMEDIATE")) < 0 ||
	    (rc = put_meta(h, "format", NULL, 1)) < 0 ||
	    (rc = put_meta(h, "address", cfg->address, 0)) < 0 ||
	    (rc = put_meta(h, "name", cfg->name ? cfg->name : cfg->address, 0)) < 0 ||
	    (rc = put_meta(h, "size", NULL, (int64_t)cfg->size)) < 0 ||
	    (rc = put_meta(h, "win", NULL, cfg->points[0])) < 0 ||
	    (rc = put_meta(h, "draw", NULL, cfg->points[1])) < 0 ||
	    (rc = put_meta(h, "loss", NULL, cfg->points[2])) < 0 ||
	    (rc = put_meta(h, "pwhash_ops", NULL, (int64_t)cfg->pwhash_ops)) < 0 ||
	    (rc = put_meta(h, "pwhash_mem", NULL, (int64_t)cfg->pwhash_mem)) < 0 ||
	    (rc = put_meta(h, "replies_per_hour", NULL,
	                   (int64_t)cfg->replies_per_hour)) < 0 ||
	    (rc = put_meta(h, "reply_max", NULL, (int64_t)cfg->reply_max)) < 0 ||
	    (rc = put_meta(h, "pw_tries", NULL, (int64_t)cfg->pw_tries)) < 0 ||
	    (rc = put_meta(h, "pw_lock_s", NULL, (int64_t)cfg->pw_lock_s)) < 0 ||
	    (rc = am_hill_exec(h, migrate_2)) < 0 ||
	    (rc = am_hill_exec(h, "COMMIT")) < 0)
		return rc;
	return 0;
}

int am_hill_create(const char *path, const am_hill_config *cfg_in)
{
	am_hill h;
	am_hill_config cfg_v = AM_HILL_CONFIG_INIT;
	const am_hill_config *cfg = &cfg_v;
	int rc, fd, made = 0;

	memset(&h, 0, sizeof(h));
	h.path = (char *)path;
	if (!cfg_in || cfg_in->version < 1 ||
	    cfg_in->version > AM_HILL_CONFIG_VERSION)
		return ut_error_set_tr(AM_EINVALID, "丘の設定が正しくありません",
		                       "bad hill configuration");
	if (cfg_in->version == 1) /* its fields up to pwhash_mem */
		memcpy(&cfg_v, cfg_in, offsetof(am_hill_config, replies_per_hour));
	else
		cfg_v = *cfg_in;
	cfg_v.version = AM_HILL_CONFIG_VERSION;
	if ((rc = config_check(cfg)) < 0)
		return rc;
	/* made here, never over a file that exists (O_EXCL: a link too), and
	 * the owner's alone (0600): it holds the players' addresses and
	 * password hashes, and SQLite gives its -wal and -shm files the
	 * database's permissions (until 2026-12-06 0644 under the usual
	 * umask: any local account could read them) */
	if ((fd = open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0600)) < 0) {
		if (errno == EEXIST)
			return ut_error_set_tr(AM_EINVALID,
			                       "%s: すでにあります（上書きしません）",
			                       "%s: already exists (not overwritten)", path);
	} else {
		made = 1;
		close(fd);
	}
	rc = sqlite3_open_v2(path, &h.db, SQLITE_OPEN_READWRITE |
	                     SQLITE_OPEN_CREATE, NULL);
	if (rc != SQLITE_OK) {
		rc = db_fail(&h, rc, path);
		sqlite3_close(h.db);
		if (made)
			unlink(path);
		return rc;
	}
	if ((rc = write_config(&h, cfg)) < 0) {
		sqlite3_close(h.db);
		unlink(path);
		return rc;
	}
	sqlite3_close(h.db);
	return 0;
}

static int get_meta(am_hill *h)
{
	sqlite3_stmt *st;
	int rc, n = 0;

	if ((rc = am_hill_prepare(h, &st, "SELECT key, value FROM meta")) < 0)
		return rc;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		const char *k = (const char *)sqlite3_column_text(st, 0);
		const char *v = (const char *)sqlite3_column_text(st, 1);
		int64_t i = sqlite3_column_int64(st, 1);
		if (!k || !v)
			continue;
		n++;
		if (!strcmp(k, "address")) {
			free(h->address); /* read again to upgrade: open_hill */
			h->address = strdup(v);
		} else if (!strcmp(k, "name")) {
			free(h->name);
			h->name = strdup(v);
		}
		else if (!strcmp(k, "size"))
			h->size = i > 0 ? (size_t)i : 1;
		else if (!strcmp(k, "win"))
			h->points[0] = i;
		else if (!strcmp(k, "draw"))
			h->points[1] = i;
		else if (!strcmp(k, "loss"))
			h->points[2] = i;
		else if (!strcmp(k, "pwhash_ops"))
			h->pwhash_ops = (unsigned long long)i;
		else if (!strcmp(k, "pwhash_mem"))
			h->pwhash_mem = (size_t)i;
		else if (!strcmp(k, "format"))
			h->format = (int)i;
		else if (!strcmp(k, "replies_per_hour"))
			h->replies_per_hour = i > 0 ? (unsigned)i : 0;
		else if (!strcmp(k, "reply_max"))
			h->reply_max = i >= 16384 ? (size_t)i : 16384;
		else if (!strcmp(k, "pw_tries"))
			h->pw_tries = i > 0 ? (unsigned)i : 1;
		else if (!strcmp(k, "pw_lock_s"))
			h->pw_lock_s = i > 0 ? (unsigned)i : 60;
	}
	sqlite3_finalize(st);
	if (rc != SQLITE_DONE)
		return db_fail(h, rc, "database");
	if (!h->address || !h->name)
		return n ? am_hill_oom(AM_ENOMEM) :
		           ut_error_set_tr(AM_EINVALID, "丘のデータベースではありません",
		                              "not a hill database");
	return 0;
}

/* "file:PATH?immutable=1" with PATH %-escaped as RFC 3986 wants. */
static char *immutable_uri(const char *path)
{
	ut_buf b = UT_BUF_INIT;
	const unsigned char *p;

	ut_buf_puts(&b, "file:");
	for (p = (const unsigned char *)path; *p; p++) {
		if (*p == '%' || *p == '?' || *p == '#' || *p <= ' ' || *p >= 0x7f)
			ut_buf_printf(&b, "%%%02X", *p);
		else
			ut_buf_put(&b, (const char *)p, 1);
	}
	ut_buf_puts(&b, "?immutable=1");
	if (b.failed) {
		ut_buf_free(&b);
		return NULL;
	}
	return b.ptr;
}

/* Is the folder of `path` writable (0) or why not (errno)? */
static int dir_errno(const char *path)
{
	char *dir = parent_dir(path);
	int e = 0;

	if (!dir)
		return ENOMEM;
	if (access(dir, W_OK) != 0)
		e = errno;
	free(dir);
	return e;
}

/*
 * Open the hill at `path`.  A file that is no SQLite database, or one
 * without the hill's tables, is "not a hill database" (AM_EINVALID: the
 * mail command exits 66 and the MTA bounces); anything else that stops
 * it (a folder or a file that cannot be written, a lock, I/O) is
 * AM_HILL_ETEMP with the cause (exit 75: the MTA retries once the host
 * fixed it).  Read-only: SQLITE_OPEN_READONLY, and on a read-only folder
 * (no -shm can be made) the file is opened immutable, as on a read-only
 * mount nobody writes it.  Writable: a format-1 hill is upgraded.
 */
static int open_hill(am_hill **out, const char *path, int ro)
{
	am_hill *h;
	int rc, code;
	struct stat sb;

	*out = NULL;
	am_hill_gmime_once();
	if (sodium_init() < 0)
		return ut_error_set_tr(AM_ERROR, "libsodium を初期化できません",
		                       "libsodium cannot start");
	if (stat(path, &sb) != 0)
		return errno_fail(AM_HILL_ENOTFOUND, errno, path, NULL, "%s", "%s");
	if (S_ISDIR(sb.st_mode)) /* (SQLite would say "disk I/O error") */
		return errno_fail(AM_HILL_ENOTFOUND, EISDIR, path, NULL,
		                  "%s（丘のデータベースのファイルを指定してください）",
		                  "%s (name the hill's database file)");
	if (!(h = calloc(1, sizeof(*h))) || !(h->path = strdup(path))) {
		free(h);
		return am_hill_oom(AM_ENOMEM);
	}
	h->readonly = ro;
	h->last_stayed = -1;
	h->send_fd = -1;
	h->send_off = -1;
	if (ro && dir_errno(path) != 0) {
		char *uri = immutable_uri(path);
		if (!uri) {
			am_hill_free(h);
			return am_hill_oom(AM_ENOMEM);
		}
		rc = sqlite3_open_v2(uri, &h->db, SQLITE_OPEN_READONLY |
		                     SQLITE_OPEN_URI, NULL);
		free(uri);
	} else {
		rc = sqlite3_open_v2(path, &h->db, ro ? SQLITE_OPEN_READONLY :
		                     SQLITE_OPEN_READWRITE, NULL);
	}
	if (rc != SQLITE_OK) {
		rc = db_fail(h, rc, path);
		am_hill_free(h);
		return rc;
	}
	sqlite3_busy_timeout(h->db, (int)AM_HILL_LIMITS_INIT_BUSY);
	h->replies_per_hour = 30;
	h->reply_max = 262144;
	h->pw_tries = 5;
	h->pw_lock_s = 3600;
	if ((!ro && (rc = am_hill_exec(h, "PRAGMA synchronous=FULL")) < 0) ||
	    (rc = get_meta(h)) < 0) {
		code = sqlite3_extended_errcode(h->db) & 0xff;
		if (code == SQLITE_NOTADB || code == SQLITE_ERROR ||
		    code == SQLITE_CORRUPT || rc == AM_EINVALID)
			rc = ut_error_set_tr(AM_EINVALID, "%s: 丘のデータベースではありません",
			                     "%s: not a hill database", path);
		am_hill_free(h);
		return rc;
	}
	if (!ro && h->format < 2) {
		/* upgrade under the write lock; another process may have done
		 * it since get_meta read the format: read it again */
		if ((rc = am_hill_exec(h, "BEGIN IMMEDIATE")) < 0) {
			am_hill_free(h);
			return rc;
		}
		if ((rc = get_meta(h)) < 0 ||
		    (h->format < 2 && (rc = am_hill_exec(h, migrate_2)) < 0) ||
		    (rc = am_hill_exec(h, "COMMIT")) < 0) {
			sqlite3_exec(h->db, "ROLLBACK", NULL, NULL, NULL);
			am_hill_free(h);
			return rc;
		}
		h->format = 2;
	}
	*out = h;
	return 0;
}

int am_hill_open(am_hill **out, const char *path)
{
	return open_hill(out, path, 0);
}

int am_hill_open_readonly(am_hill **out, const char *path)
{
	return open_hill(out, path, 1);
}

void am_hill_free(am_hill *h)
{
	if (!h)
		return;
	am_hill_send_close(h);
	sqlite3_close(h->db);
	free(h->address);
	free(h->name);
	free(h->last_key);
	free(h->last_msgid);
	free(h->last_from);
	free(h->path);
	free(h);
}

int am_hill_last_stayed(const am_hill *h)
{
	return h->last_stayed;
}

void am_hill_last_message(const char **message_id, const char **sender,
                          const am_hill *h)
{
	*message_id = h->last_msgid;
	*sender = h->last_from;
}

/* Keep a copy of the Message-ID and sender of the message being processed
 * (am_hill_last_message).  0, or AM_ENOMEM. */
static int remember_message(am_hill *h, const hill_mail *mail)
{
	free(h->last_msgid);
	free(h->last_from);
	h->last_msgid = mail->msgid ? strdup(mail->msgid) : NULL;
	h->last_from = mail->from ? strdup(mail->from) : NULL;
	if ((mail->msgid && !h->last_msgid) || (mail->from && !h->last_from))
		return am_hill_oom(AM_ENOMEM);
	return 0;
}

/* ------------------------------------------------------------- members */

void am_hill_members_free(hill_member *m, size_t n)
{
	size_t i;

	for (i = 0; m && i < n; i++) {
		free(m[i].name);
		free(m[i].owner);
		free(m[i].entered);
		free(m[i].sheet);
		free(m[i].player);
	}
	free(m);
}

char *am_hill_col_dup(sqlite3_stmt *st, int c, size_t *len)
{
	const void *p = sqlite3_column_blob(st, c);
	size_t n = (size_t)sqlite3_column_bytes(st, c);
	char *s = malloc(n + 1);

	if (s) {
		if (n)
			memcpy(s, p, n);
		s[n] = '\0';
	}
	if (len)
		*len = n;
	return s;
}

/* The outcome of a battle from side 0 (1 win, 2 draw, 3 loss). */
static int outcome_of(const am_result *r)
{
	return r->winner == 0 ? 1 : r->winner == 1 ? 3 : 2;
}

static int cmp_standing(const void *x, const void *y)
{
	const hill_member *a = x, *b = y;

	if (a->points != b->points)
		return a->points > b->points ? -1 : 1;
	if (a->margin != b->margin)
		return a->margin > b->margin ? -1 : 1;
	return a->id < b->id ? -1 : a->id > b->id;
}

/* The member with this id in m[0..n) sorted by id, or NULL. */
static hill_member *by_id(hill_member *m, size_t n, int64_t id)
{
	size_t lo = 0, hi = n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (m[mid].id == id)
			return &m[mid];
		if (m[mid].id < id)
			lo = mid + 1;
		else
			hi = mid;
	}
	return NULL;
}

/*
 * The members in standings order (points, margin, older first), with
 * their totals over the stored results between members.
 */
int am_hill_standings(am_hill *h, hill_member **out, size_t *n_out)
{
	sqlite3_stmt *st;
	hill_member *m = NULL;
	size_t n = 0, cap = 0, i;
	int rc;

	*out = NULL;
	*n_out = 0;
	/* a format-1 hill opened read-only has no player column */
	if ((rc = am_hill_prepare(h, &st, h->format >= 2 ?
	                       "SELECT id, name, owner, entered, sheet, player "
	                       "FROM units ORDER BY id" :
	                       "SELECT id, name, owner, entered, sheet, NULL "
	                       "FROM units ORDER BY id")) < 0)
		return rc;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		if (n == cap) {
			hill_member *g = realloc(m, (cap = cap ? 2 * cap : 16) *
			                         sizeof(*m));
			if (!g) {
				rc = SQLITE_NOMEM;
				break;
			}
			m = g;
		}
		memset(&m[n], 0, sizeof(m[n]));
		m[n].id = sqlite3_column_int64(st, 0);
		m[n].seq = m[n].id;
		m[n].name = am_hill_col_dup(st, 1, NULL);
		m[n].owner = am_hill_col_dup(st, 2, NULL);
		m[n].entered = am_hill_col_dup(st, 3, NULL);
		m[n].sheet = am_hill_col_dup(st, 4, &m[n].sheet_len);
		if (sqlite3_column_type(st, 5) != SQLITE_NULL &&
		    !(m[n].player = am_hill_col_dup(st, 5, NULL))) {
			free(m[n].name); /* out of memory: seen below */
			m[n].name = NULL;
		}
		n++;
		if (!m[n - 1].name || !m[n - 1].owner || !m[n - 1].entered ||
		    !m[n - 1].sheet) {
			rc = SQLITE_NOMEM;
			break;
		}
	}
	sqlite3_finalize(st);
	if (rc != SQLITE_DONE) {
		am_hill_members_free(m, n);
		return db_fail(h, rc, "database");
	}
	if ((rc = am_hill_prepare(h, &st, "SELECT a, b, outcome, score_a, score_b "
	                       "FROM results")) < 0) {
		am_hill_members_free(m, n);
		return rc;
	}
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		int64_t a = sqlite3_column_int64(st, 0), b = sqlite3_column_int64(st, 1);
		int oc = sqlite3_column_int(st, 2);
		int64_t sa = sqlite3_column_int64(st, 3), sb = sqlite3_column_int64(st, 4);
		/* m is in id order until the qsort below */
		hill_member *ma = by_id(m, n, a), *mb = by_id(m, n, b);
		if (!ma || !mb)
			continue;
		if (oc == 1) {
			ma->wins++;
			mb->losses++;
		} else if (oc == 3) {
			ma->losses++;
			mb->wins++;
		} else {
			ma->draws++;
			mb->draws++;
		}
		/* scores are 64-bit ＨＰ sums (checked by the engine); a margin
		 * past int64 saturates rather than wraps */
		{
			int64_t d;
			if (ut_ckd_sub(&d, sa, sb))
				d = sa > sb ? INT64_MAX : INT64_MIN;
			if (ut_ckd_add(&ma->margin, ma->margin, d))
				ma->margin = d > 0 ? INT64_MAX : INT64_MIN;
			if (d == INT64_MIN)
				d = INT64_MAX; /* −d would overflow */
			else
				d = -d;
			if (ut_ckd_add(&mb->margin, mb->margin, d))
				mb->margin = d > 0 ? INT64_MAX : INT64_MIN;
		}
	}
	sqlite3_finalize(st);
	if (rc != SQLITE_DONE) {
		am_hill_members_free(m, n);
		return db_fail(h, rc, "database");
	}
	for (i = 0; i < n; i++)
		m[i].points = m[i].wins * h->points[0] + m[i].draws * h->points[1] +
		              m[i].losses * h->points[2];
	if (n)
		qsort(m, n, sizeof(*m), cmp_standing);
	*out = m;
	*n_out = n;
	return 0;
}

static int delete_unit(am_hill *h, int64_t id)
{
	sqlite3_stmt *st;
	int rc;

	if ((rc = am_hill_prepare(h, &st, "DELETE FROM results WHERE a = ?1 OR b = ?1")) < 0)
		return rc;
	sqlite3_bind_int64(st, 1, id);
	if ((rc = step_done(h, st)) < 0)
		return rc;
	if ((rc = am_hill_prepare(h, &st, "DELETE FROM units WHERE id = ?")) < 0)
		return rc;
	sqlite3_bind_int64(st, 1, id);
	return step_done(h, st);
}

/* ----------------------------------------------------------- the reply */

static void fmt_margin(char *buf, size_t size, int64_t v)
{
	snprintf(buf, size, "%+lld", (long long)v);
}

/* The standings table (rank, name, W-D-L, points, margin); names cut to
 * max_cp characters (0: whole). */
void am_hill_table_text(ut_buf *b, const hill_member *m, size_t n, am_lang lang,
                        size_t max_cp)
{
	size_t i, wn = ut_width(UT_TRL(lang, "名前", "name"), strlen(UT_TRL(lang, "名前", "name")));
	char num[64], **shown;

	if (n == 0) {
		ut_buf_puts(b, UT_TRL(lang, "（まだ誰もいません）\n", "(nobody yet)\n"));
		return;
	}
	/* a reply's names as at most 40 characters, as everywhere in it (web
	 * review 2026-12-06: a member of 300 characters padded every row of
	 * the reply's standings to 633 columns); the host's `hill status`
	 * shows them whole (0) */
	if (!(shown = calloc(n, sizeof(*shown)))) {
		b->failed = 1;
		return;
	}
	for (i = 0; i < n; i++) {
		size_t w;
		if (!(shown[i] = max_cp ? am_hill_excerpt(m[i].name, max_cp) :
		                          strdup(m[i].name))) {
			b->failed = 1;
			goto done;
		}
		w = ut_width(shown[i], strlen(shown[i]));
		if (w > wn)
			wn = w;
	}
	ut_buf_rpad(b, UT_TRL(lang, "順位", "rank"), 4);
	ut_buf_puts(b, "  ");
	ut_buf_pad(b, UT_TRL(lang, "名前", "name"), wn + 2, 2);
	ut_buf_pad(b, UT_TRL(lang, "勝-分-負", "W-D-L"), 12, 1);
	ut_buf_rpad(b, UT_TRL(lang, "勝ち点", "points"), 7);
	ut_buf_rpad(b, UT_TRL(lang, "ＨＰ差", "margin"), 10);
	ut_buf_puts(b, "\n");
	for (i = 0; i < n; i++) {
		snprintf(num, sizeof(num), "%zu", i + 1);
		ut_buf_rpad(b, num, 4);
		ut_buf_puts(b, "  ");
		ut_buf_pad(b, shown[i], wn + 2, 2);
		snprintf(num, sizeof(num), "%lld-%lld-%lld", (long long)m[i].wins,
		         (long long)m[i].draws, (long long)m[i].losses);
		ut_buf_pad(b, num, 12, 1);
		snprintf(num, sizeof(num), "%lld", (long long)m[i].points);
		ut_buf_rpad(b, num, 7);
		fmt_margin(num, sizeof(num), m[i].margin);
		ut_buf_rpad(b, num, 10);
		ut_buf_puts(b, "\n");
	}
done:
	for (i = 0; i < n; i++)
		free(shown[i]);
	free(shown);
}

/* What an entry, a test or a withdrawal did. */
typedef struct job {
	am_hill *h;
	const hill_mail *mail;
	hill_directives *d;
	const am_hill_limits *lim;
	am_lang lang;
	ut_buf body;
	ut_buf logs;
	const char *result;
	int64_t now;         /* the time of the message */
	int logs_ok;         /* #logs may be attached (not a #test by a
	                        sender who did not prove a password) */
	/* the password checked before the write lock (preverify) */
	char *pre_name;      /* the member's name, or NULL: none checked */
	char *pre_hash;      /* its hash then */
	int pre_right;       /* 1: the password was its */
	size_t token_room;   /* bytes of replay tokens the reply may still
	                        carry (fight_member) */
	int tokens_cut;      /* the reply said the rest are left out */
} job;

/* The replay tokens a mailed reply carries: at most this many bytes, or
 * HILL_TOKEN_TIMES times the mail's size when that is more.  Each token
 * holds both sheets, so a hill of long sheets made an 89-byte #test from
 * a forged From a 244 KB reply to whoever it named (mail review,
 * 2026-12-03); the battles' lines stay, and the rest of the tokens are
 * one note away (the web page's battle view, `amaryllis battle`). */
#define HILL_TOKEN_FLOOR 8192
#define HILL_TOKEN_TIMES 4
/* A token's line besides the token ("    amaryllis battle --replay ",
 * the line end), counted with it */
#define HILL_TOKEN_LINE 32

static void say(job *j, const char *ja, const char *en)
{
	ut_buf_puts(&j->body, UT_TRL(j->lang, ja, en));
}

static void sayf(job *j, const char *ja, const char *en, const char *arg)
{
	ut_buf_printf(&j->body, UT_TRL(j->lang, ja, en), arg);
}

static void help_lines(job *j)
{
	say(j, "\n使い方: 本文の先頭に指示を書き、そのあとにユニットシートを書いてください"
	       "（.txt の添付でも構いません）。\n"
	       "  #登録 / #entry            登録（既定）\n"
	       "  #テスト / #test           丘と戦うだけで登録しない\n"
	       "  #撤退 名前 / #withdraw    自分のユニットを撤退させる\n"
	       "  #パスワード 秘密 / #password  持ち主の合言葉（登録と撤退に必要）\n"
	       "  #順位 / #status           順位表だけを返す\n"
	       "  #ログ / #logs             戦闘ログを添付する\n"
	       "  #名前 名前 / #name        丘で表示するあなたの名前\n"
	       "  #lang en                  英語で返信する\n",
	       "\nHow to: write directives at the top of the body, then the unit sheet "
	       "(or attach it as a .txt file).\n"
	       "  #entry / #登録            enter the hill (the default)\n"
	       "  #test / #テスト           fight the hill, store nothing\n"
	       "  #withdraw NAME / #撤退    withdraw your unit\n"
	       "  #password SECRET          the owner's secret (needed to enter and withdraw)\n"
	       "  #status / #順位           reply with the standings only\n"
	       "  #logs / #ログ             attach the battle logs\n"
	       "  #name NAME / #名前        the name shown for you on the hill\n"
	       "  #lang ja                  reply in Japanese\n");
}

/*
 * Does the sheet text hold a line the sheet reads (not a comment, quote or
 * separator: am_sheet_line_kind) with a colon, ':' or '：'?  Every unit
 * and action line has one: a mail with none ("使い方を教えてください",
 * a question) sent no sheet, and its reply adds the how-to.  1 or 0, or
 * AM_ENOMEM (reported).
 */
static int sheet_like(const char *src, size_t len)
{
	const char *p = src, *end = src + len;

	while (p < end) {
		const char *e = memchr(p, '\n', (size_t)(end - p));
		size_t n, k;
		int kind;
		if (!e)
			e = end;
		n = (size_t)(e - p);
		for (k = 0; k < n && p[k] != ':' &&
		            !(n - k >= 3 && memcmp(p + k, "：", 3) == 0); k++)
			;
		if (k < n) {
			if ((kind = am_sheet_line_kind(p, n)) < 0)
				return am_hill_oom(kind);
			if (kind == AM_LINE_SHEET)
				return 1;
		}
		p = e < end ? e + 1 : end;
	}
	return 0;
}

static int reject(job *j)
{
	j->result = "rejected";
	return 0;
}

/* Why the mail could not be read (hostile), in j->lang. */
static int unreadable_why(job *j)
{
	const hill_mail *m = j->mail;

	switch (m->bad) {
	case HILL_MAIL_TOO_BIG:
		ut_buf_printf(&j->body, UT_TRL(j->lang,
			"このメールは大きすぎるため読みませんでした（上限 %zu バイト）。\n",
			"This mail is too large to read (the limit is %zu bytes).\n"),
			j->lim->max_bytes);
		break;
	case HILL_MAIL_TOO_MANY_PARTS:
		ut_buf_printf(&j->body, UT_TRL(j->lang,
			"このメールは MIME パートが多すぎるため読みませんでした（上限 %zu）。\n",
			"This mail has too many MIME parts to read (the limit is %zu).\n"),
			j->lim->max_parts);
		break;
	case HILL_MAIL_TOO_COMPLEX:
		ut_buf_printf(&j->body, UT_TRL(j->lang,
			"このメールはヘッダーの項目（宛先やパラメーターを含む）か MIME の区切りが多すぎるため読みませんでした（上限 %zu）。\n",
			"This mail has too many header fields, addresses, parameters or MIME boundaries to read (the limit is %zu).\n"),
			j->lim->max_parts > SIZE_MAX / 64 ? SIZE_MAX : j->lim->max_parts * 64);
		break;
	case HILL_MAIL_TOO_DEEP:
		ut_buf_printf(&j->body, UT_TRL(j->lang,
			"このメールは MIME の入れ子が深すぎるため読みませんでした（上限 %zu）。\n",
			"This mail nests MIME parts too deeply to read (the limit is %zu).\n"),
			j->lim->max_depth);
		break;
	case HILL_MAIL_CHARSET:
	case HILL_MAIL_UNDECODABLE: {
		/* the label as the sender wrote it, cut and cleaned as a
		 * name is (mail review 2026-12-06: an ESC or a U+202E in it
		 * reached the reply, and 5,000 characters came back whole) */
		char *cs = am_hill_excerpt(m->bad_arg ? m->bad_arg : "?", 40);
		if (!cs)
			return am_hill_oom(AM_ENOMEM);
		if (m->bad == HILL_MAIL_CHARSET)
			sayf(j, "文字コード「%s」を読めませんでした。ISO-2022-JP、"
			        "Shift_JIS、EUC-JP か UTF-8 で送ってください。\n",
			     "The charset '%s' is unknown here. Please send "
			     "ISO-2022-JP, Shift_JIS, EUC-JP or UTF-8.\n", cs);
		else
			sayf(j, "本文が文字コード（%s）として正しくないため読めません"
			        "でした。\n",
			     "The text is not valid in its charset (%s).\n", cs);
		free(cs);
		break;
	}
	case HILL_MAIL_BASE64:
		say(j, "base64 で符号化された部分が壊れているため読めませんでした。\n",
		    "A base64-encoded part is broken; it could not be read.\n");
		break;
	case HILL_MAIL_NO_TEXT:
		say(j, "本文にもテキストの添付にも、読める文章がありませんでした。\n",
		    "Neither the body nor a text attachment had any text.\n");
		break;
	default:
		say(j, "このメールは読めませんでした。\n", "This mail could not be read.\n");
		break;
	}
	help_lines(j);
	return 0;
}

/* A mail that could not be read: its #lang could not be either, so the
 * reply says why, with the how-to, in Japanese and then in English (a
 * player who wrote #lang en above a Latin-1 signature got Japanese
 * alone: review 2026-12-07). */
static int hostile(job *j)
{
	am_lang lang = j->lang;
	int rc;

	j->lang = AM_LANG_JA;
	if ((rc = unreadable_why(j)) == 0) {
		ut_buf_puts(&j->body, "\n---- English ----\n");
		j->lang = AM_LANG_EN;
		rc = unreadable_why(j);
	}
	j->lang = lang;
	return rc < 0 ? rc : reject(j);
}

/* The located diagnostics of sheet sh into b, in `lang`, as `amaryllis
 * check` prints them: FILE:LINE:COL: error: MESSAGE (FILE `shown`), then
 * the source line and a caret under the column.  0, or -1 out of memory. */
static int put_diags(ut_buf *b, const am_sheet *sh, const char *shown,
                     am_lang lang)
{
	size_t i, n = am_sheet_diag_count(sh);

	for (i = 0; i < n; i++) {
		const am_diag *dg = am_sheet_diag(sh, i);
		size_t len;
		const char *line;
		char *msg;
		if (am_diag_message(&msg, NULL, dg, lang) < 0)
			return -1;
		ut_buf_printf(b, "%s:%u:%u: error: %s\n", shown,
		              (unsigned)dg->line, (unsigned)dg->col, msg);
		free(msg);
		if ((line = am_sheet_source_line(sh, dg->line, &len)))
			ut_buf_context(b, line, len, dg->col);
	}
	return 0;
}

/* The located diagnostics of an illegal sheet (put_diags), and a hint when one is on a line that cannot be a sheet line (no colon:
 * am_sheet_prose_line).  0, or AM_ENOMEM (never a diagnostic that says
 * "out of memory", nor the file named otherwise, in a reply sent). */
static int diagnostics(job *j, const am_sheet *sh, const char *name)
{
	size_t n = am_sheet_diag_count(sh);
	/* an attachment's name as sheet_choice shows it: cut, and without
	 * control characters (it came from the sender, and is on every line:
	 * a 2,400-character name made a 2,940-byte mail's reply 251 KB, mail
	 * review 2026-12-03) */
	char *shown = am_hill_excerpt(name, 60);

	if (!shown)
		return am_hill_oom(AM_ENOMEM);
	if (put_diags(&j->body, sh, shown, j->lang) < 0) {
		free(shown);
		return am_hill_oom(AM_ENOMEM);
	}
	if (am_sheet_error_count(sh) > n) {
		size_t more = am_sheet_error_count(sh) - n;
		if (j->lang == AM_LANG_JA)
			ut_buf_printf(&j->body, "%s: ほかに%zu件のエラーがあります\n",
			              shown, more);
		else
			ut_buf_printf(&j->body, "%s: %zu more errors not shown\n",
			              shown, more);
	}
	/* every sheet line (a unit, an action) has a colon; an error on a
	 * line without one is most often a greeting above the sheet or a
	 * signature below it, read as sheet */
	if (!j->mail->attachment && am_sheet_prose_line(sh))
		say(j, "（「：」のない行をシートとして読みました。あいさつや署名など、"
		       "シートでない行かもしれません。シートの上には指示（#…）だけを書き、"
		       "署名はシートの下に「--」だけの行を置いてからその下に書いてください。）\n",
		    "(A line without '：' was read as part of the sheet: it may "
		    "be a greeting or a signature, not a sheet line. Put only "
		    "directives (#...) above the sheet, and a line '--' between "
		    "the sheet and a signature below it.)\n");
	free(shown);
	return 0;
}

/* A password as it is hashed: NFKC (am_hill_nfkc), so that one typed in
 * full width by an IME (ｓａｋｕｒａ－２０２６) is the one typed in half
 * width (docs/HILL.md "Passwords"); owned, or NULL when out of memory. */
static char *pw_norm(const char *pw)
{
	return am_hill_nfkc(pw, strlen(pw));
}

/* 1 when pw is the password of hash, 0 when not (or no pw), or AM_ENOMEM.
 * A hash made before passwords were normalised is of the password as
 * written: when NFKC changes pw, that is tried too (a second Argon2id
 * only for such input, so the time says nothing of the hash). */
static int pw_verify(const char *hash, const char *pw)
{
	char *n;
	int right;

	if (!pw)
		return 0;
	if (!(n = pw_norm(pw)))
		return am_hill_oom(AM_ENOMEM);
	/* both forms are tried whichever matches (not `||`): a right password
	 * took one hash and a wrong one two, a time anyone could measure to
	 * guess (mail review, 2026-12-03); how many hashes now depends on
	 * the password typed only (does NFKC change it), not on the hash */
	right = crypto_pwhash_str_verify(hash, n, strlen(n)) == 0;
	if (strcmp(n, pw) != 0 &&
	    crypto_pwhash_str_verify(hash, pw, strlen(pw)) == 0)
		right = 1;
	sodium_memzero(n, strlen(n));
	free(n);
	return right;
}

static int pw_hash(am_hill *h, char out[crypto_pwhash_STRBYTES], const char *pw)
{
	unsigned long long ops = h->pwhash_ops ? h->pwhash_ops :
	                         crypto_pwhash_OPSLIMIT_INTERACTIVE;
	size_t mem = h->pwhash_mem ? h->pwhash_mem : crypto_pwhash_MEMLIMIT_INTERACTIVE;
	char *n = pw_norm(pw);
	int bad;

	if (!n)
		return am_hill_oom(AM_ENOMEM);
	bad = crypto_pwhash_str(out, n, strlen(n), ops, mem) != 0;
	sodium_memzero(n, strlen(n));
	free(n);
	if (bad)
		return ut_error_set_tr(AM_ENOMEM, "メモリが足りません（パスワードのハッシュ）",
		                       "out of memory (password hash)");
	return 0;
}

static void standings_section(job *j, hill_member *m, size_t n)
{
	say(j, "\n順位表:\n", "\nStandings:\n");
	am_hill_table_text(&j->body, m, n, j->lang, 40);
}

static int do_status(job *j)
{
	hill_member *m;
	size_t n;
	int rc;

	if ((rc = am_hill_standings(j->h, &m, &n)) < 0)
		return rc;
	ut_buf_printf(&j->body, UT_TRL(j->lang, "%s の順位表（%zu／%zu）:\n",
	                          "Standings of %s (%zu of %zu):\n"),
	              j->h->name, n, j->h->size);
	am_hill_table_text(&j->body, m, n, j->lang, 40);
	am_hill_members_free(m, n);
	j->result = "status";
	return 0;
}

/* A member as the password rules need it. */
typedef struct unit_row {
	int64_t id;          /* 0: no member of that name */
	char *owner;         /* lower case: the owner identity */
	char *hash;          /* the password's hash */
	char *rcpt;          /* the owner's address as written (mail to it) */
	char *player;        /* the name shown for its player, or NULL */
	am_lang lang;        /* the language of its entry */
} unit_row;

static void unit_row_free(unit_row *u)
{
	free(u->owner);
	free(u->hash);
	free(u->rcpt);
	free(u->player);
	memset(u, 0, sizeof(*u));
}

/* The member named `name` into *u (owned: unit_row_free), or u->id 0. */
static int find_unit(am_hill *h, const char *name, unit_row *u)
{
	sqlite3_stmt *st;
	int rc;

	memset(u, 0, sizeof(*u));
	if ((rc = am_hill_prepare(h, &st, "SELECT id, owner, pwhash, "
	                       "coalesce(rcpt, owner), lang, player FROM units "
	                       "WHERE name = ?")) < 0)
		return rc;
	sqlite3_bind_text(st, 1, name, -1, SQLITE_STATIC);
	rc = sqlite3_step(st);
	if (rc == SQLITE_ROW) {
		u->id = sqlite3_column_int64(st, 0);
		u->owner = am_hill_col_dup(st, 1, NULL);
		u->hash = am_hill_col_dup(st, 2, NULL);
		u->rcpt = am_hill_col_dup(st, 3, NULL);
		u->lang = sqlite3_column_int(st, 4) == AM_LANG_EN ? AM_LANG_EN :
		                                                    AM_LANG_JA;
		if (sqlite3_column_type(st, 5) != SQLITE_NULL &&
		    !(u->player = am_hill_col_dup(st, 5, NULL)))
			rc = SQLITE_NOMEM;
		else
			rc = u->owner && u->hash && u->rcpt ? SQLITE_DONE
			                                    : SQLITE_NOMEM;
	}
	sqlite3_finalize(st);
	if (rc != SQLITE_DONE) {
		unit_row_free(u);
		return db_fail(h, rc, "database");
	}
	return 0;
}

/* Queue the notice subject/body to rcpt (am_hill_notice_queue; none when
 * rcpt is ""), or fail with AM_ENOMEM when building either ran out of
 * memory; both are freed.  Returns 0 or an error. */
static int queue_notice(job *j, const char *rcpt, ut_buf *subject,
                        ut_buf *body)
{
	/* "": the owner entered by a web form, an address never proven
	 * (am_hill_limits web): no notice */
	int rc = !*rcpt ? 0 : subject->failed || body->failed ?
	         am_hill_oom(AM_ENOMEM) :
	         am_hill_notice_queue(j->h, rcpt, subject->ptr, body->ptr, j->now);

	ut_buf_free(subject);
	ut_buf_free(body);
	return rc;
}

/*
 * May the sender act on the member u named `name` (`ename` in text)
 * (replace it, withdraw it, have a test's logs) with the password pw?  Returns 0 yes, 1 no, or
 * an error.  Yes needs the owner's address, the right password and no
 * lock.  A "no", and the time it takes, tell a sender without the
 * password nothing about the owner (docs/HILL.md "Security"): pw is
 * verified against the unit's hash every time, once (Argon2id, about
 * 0.1 s), whether the address is the owner's or not and whether the unit
 * is locked, and the callers word every "no" alike.  Only a wrong
 * password from the owner's address counts toward a lock (pw_tries
 * within an hour, so nobody locks a unit without its owner's address);
 * the lock is told by a notice to the owner's address, never in the
 * reply.
 */
static int claim(job *j, const char *name, const char *ename,
                 const unit_row *u, const char *pw)
{
	const int own = strcmp(u->owner, j->mail->from) == 0;
	int64_t until;
	int rc, right;

	if ((rc = am_hill_lock_get(j->h, name, j->now, &until)) < 0)
		return rc;
	/* always, for the same time: before the write lock (preverify),
	 * or here when the member changed in between */
	if (j->pre_name && strcmp(j->pre_name, name) == 0 &&
	    strcmp(j->pre_hash, u->hash) == 0)
		right = j->pre_right;
	else if ((right = pw_verify(u->hash, pw)) < 0)
		return right;
	if (own && !until && right)
		return 0;
	if (!own || until)
		return 1;
	if ((rc = am_hill_lock_fail(j->h, name, j->now, &until)) < 0)
		return rc;
	if (until) {
		char t[64];
		am_lang ol = u->lang;
		ut_buf subject = UT_BUF_INIT, body = UT_BUF_INIT;
		am_hill_time_text(t, sizeof(t), until);
		ut_buf_printf(&subject, UT_TRL(ol, "[%s] 「%s」をロックしました",
		                          "[%s] '%s' is locked"), j->h->name, ename);
		ut_buf_printf(&body, UT_TRL(ol,
			"丘「%s」のあなたのユニット「%s」に、1時間のうちに%u回まちがった"
			"パスワードが送られました。%s まで、このユニットの差し替えと撤退は"
			"できません（正しいパスワードでも）。\n\n"
			"あなたが送ったのでなければ、誰かがパスワードを当てようとしています。"
			"このお知らせはユニットの持ち主のアドレスにだけ送っています。\n",
			"On the hill '%s', your unit '%s' got %u wrong passwords within an "
			"hour. Until %s it can be neither replaced nor withdrawn (not even "
			"with the right password).\n\n"
			"If that was not you, someone is trying to guess the password. "
			"This notice goes only to the unit owner's address.\n"),
			j->h->name, ename, j->h->pw_tries, t);
		if ((rc = queue_notice(j, u->rcpt, &subject, &body)) < 0)
			return rc;
	}
	return 1;
}

/* The stored sheet of one member (the contract is in amaryllis/hill.h).
 * One SELECT: its own read transaction, one consistent state. */
int am_hill_member_sheet(char **out, size_t *len, am_hill *h, const char *name)
{
	sqlite3_stmt *st;
	int rc;

	*out = NULL;
	*len = 0;
	if ((rc = am_hill_prepare(h, &st, "SELECT sheet FROM units WHERE name = ?"))
	    < 0)
		return rc;
	sqlite3_bind_text(st, 1, name, -1, SQLITE_STATIC);
	rc = sqlite3_step(st);
	if (rc == SQLITE_ROW) {
		/* scrubbed again: a sheet stored before the scrub came in */
		const void *b = sqlite3_column_blob(st, 0);
		const size_t n = (size_t)sqlite3_column_bytes(st, 0);
		*out = am_hill_sheet_scrub(b ? b : "", n, NULL, len);
		rc = *out ? SQLITE_DONE : SQLITE_NOMEM;
	} else if (rc == SQLITE_DONE) {
		sqlite3_finalize(st);
		return ut_error_set_tr(AM_HILL_ENOTFOUND, "丘に「%s」というユニットはいません",
		                       "there is no unit named '%s' on the hill", name);
	}
	sqlite3_finalize(st);
	if (rc != SQLITE_DONE) {
		free(*out);
		*out = NULL;
		*len = 0;
		return db_fail(h, rc, "database");
	}
	return 0;
}

static int do_withdraw(job *j)
{
	unit_row u;
	char *ename;
	int rc;

	if (!j->d->withdraw || !*j->d->withdraw) {
		say(j, "#撤退（#withdraw）には撤退させるユニットの名前が必要です"
		       "（例: #撤退 グリスク）。\n",
		    "#withdraw needs the name of the unit to withdraw (as in "
		    "#withdraw グリスク).\n");
		return reject(j);
	}
	if (!(ename = am_hill_excerpt(j->d->withdraw, 40)))
		return am_hill_oom(AM_ENOMEM);
	if ((rc = find_unit(j->h, j->d->withdraw, &u)) < 0) {
		free(ename);
		return rc;
	}
	if (!u.id) {
		sayf(j, "「%s」という名前のユニットは丘にいません。\n",
		     "There is no unit named '%s' on the hill.\n", ename);
		rc = reject(j);
	} else if (!j->d->password) {
		say(j, "撤退には #パスワード（#password）が必要です。\n",
		    "Withdrawing needs the unit's #password.\n");
		rc = reject(j);
	} else if ((rc = claim(j, j->d->withdraw, ename, &u,
	                       j->d->password)) == 1) {
		/* one message for every "no": it tells a sender without the
		 * password nothing (claim) */
		sayf(j, "「%s」を撤退できません: 持ち主のアドレスかパスワードが違うか、"
		        "まちがったパスワードが続いてロックされています（メールで登録した"
		        "ユニットなら、ロックしたときに持ち主のアドレスへお知らせを送って"
		        "います）。\n",
		     "Cannot withdraw '%s': the owner's address or the password "
		     "does not match, or the unit is locked after repeated wrong "
		     "passwords (the owner of a unit entered by mail is told by "
		     "mail when it is locked).\n", ename);
		rc = reject(j);
	} else if (rc == 0 && (rc = delete_unit(j->h, u.id)) == 0) {
		hill_member *m;
		size_t n;
		sayf(j, "「%s」を撤退させました。\n", "'%s' has been withdrawn.\n",
		     ename);
		if ((rc = am_hill_standings(j->h, &m, &n)) == 0) {
			standings_section(j, m, n);
			am_hill_members_free(m, n);
			j->result = "withdrawn";
		}
	}
	unit_row_free(&u);
	free(ename);
	return rc;
}

/* A new password: 8 to 200 bytes, at least 8 characters, no control
 * character (docs/HILL.md "Security").  0 when it may be used. */
static int weak_password(const char *pw)
{
	size_t n = strlen(pw), i, cps = 0;

	if (n > 200)
		return 1;
	for (i = 0; i < n; i++) {
		unsigned char c = (unsigned char)pw[i];
		if (c < 0x20 || c == 0x7f)
			return 1;
		if ((c & 0xc0) != 0x80)
			cps++;
	}
	return cps < 8;
}

static void now_iso(char *buf, size_t size)
{
	time_t t = time(NULL);
	struct tm tm;

	gmtime_r(&t, &tm);
	strftime(buf, size, "%Y-%m-%dT%H:%M:%SZ", &tm);
}

/* The battles' logs of a #logs reply (fight_member): kept up to the
 * hill's reply_max bytes, the most a reply holds (am_hill_cap cuts them to
 * less), and past it neither written nor formatted, so that memory and
 * time stay bounded (a 538-byte mail whose battle logs 1.3 GB took 22 s
 * and 1.3 GB, two such members 2.1 GB and the mail failed: bomb review
 * 2, 2026-12-04). */
typedef struct log_sink {
	job *j;
	am_log *log;
} log_sink;

static int logs_full(const job *j)
{
	return j->logs.len >= j->h->reply_max;
}

static int log_write(void *ud, const char *data, size_t len)
{
	job *j = ud;

	if (logs_full(j))
		return 0;
	return ut_buf_put(&j->logs, data, len) != 0;
}

static int log_event(void *ud, const am_engine *engine, const am_event *ev)
{
	const log_sink *k = ud;

	if (logs_full(k->j))
		return 0;
	return am_log_event(k->log, engine, ev);
}

/*
 * May the sender enter (or test) the unit `name`?  Fills *u with the
 * member of that name (u->id 0: none).  Sets j->logs_ok.  Returns 0 yes,
 * 1 rejected (the reply says why), or an error.
 *   entry of a new name   a #password of 8 characters or more
 *   entry of a member     claim: the sender owns it, it is not locked,
 *                         and the password is right (a wrong one from the
 *                         owner's address counts; pw_tries lock it)
 *   test with #logs       the logs only when claim grants the member of
 *                         that name (a wrong password counts too)
 */
static int entry_rights(job *j, const char *name, const char *ename,
                        int test, unit_row *u)
{
	int rc;

	j->logs_ok = !test;
	if (strlen(name) > AM_HILL_NAME_MAX) {
		ut_buf_printf(&j->body, UT_TRL(j->lang,
		              "ユニット名「%s」が長すぎます（%zuバイト）。丘のユニット名は"
		              "UTF-8で%dバイト（日本語でおよそ%d文字）までです。\n",
		              "The unit's name '%s' is too long (%zu bytes): a hill "
		              "takes names of at most %d bytes of UTF-8 (about %d "
		              "Japanese characters).\n"), ename, strlen(name),
		              AM_HILL_NAME_MAX, AM_HILL_NAME_MAX / 3);
		return 1;
	}
	if (!test && !j->d->password) {
		sayf(j, "「%s」を登録するには #パスワード（#password）を書いてください。"
		        "あとで差し替えや撤退をするときに同じパスワードが必要です。\n",
		     "To enter '%s', please add a #password line: the same password "
		     "is needed later to replace or withdraw the unit.\n", ename);
		help_lines(j);
		return 1;
	}
	if ((rc = find_unit(j->h, name, u)) < 0)
		return rc;
	if (test) {
		if (!j->d->logs)
			return 0;
		rc = u->id && j->d->password ?
		     claim(j, name, ename, u, j->d->password) : 1;
		if (rc < 0)
			return rc;
		j->logs_ok = rc == 0;
		if (rc == 1)
			sayf(j, "（テストの戦闘ログは、丘にいる同じ名前「%s」のユニットの持ち主が"
			        "そのパスワードを書いたときだけ（ロック中を除く）添付します。）\n\n",
			     "(The battle logs of a test are attached only for the owner "
			     "of the unit of the same name '%s' on the hill, with its "
			     "#password, while it is not locked.)\n\n", ename);
		return 0;
	}
	if (!u->id) {
		if (weak_password(j->d->password)) {
			say(j, "パスワードは8文字以上（200バイトまで、制御文字なし）にしてください。"
			       "短いパスワードは当てられてしまいます。\n",
			    "A password needs at least 8 characters (at most 200 bytes, no "
			    "control characters): a short one can be guessed.\n");
			return 1;
		}
		return 0;
	}
	/* one message for every "no" (claim) */
	if ((rc = claim(j, name, ename, u, j->d->password)) == 1)
		sayf(j, "「%s」を差し替えられません: 持ち主のアドレスかパスワードが違うか、"
		        "まちがったパスワードが続いてロックされています（メールで登録した"
		        "ユニットなら、ロックしたときに持ち主のアドレスへお知らせを送って"
		        "います）。あなたのユニットでなければ、名前を変えてください。\n",
		     "Cannot replace '%s': the owner's address or the password does "
		     "not match, or the unit is locked after repeated wrong "
		     "passwords (the owner of a unit entered by mail is told by "
		     "mail when it is locked). If it is not your unit, please "
		     "choose another name.\n", ename);
	return rc;
}

/*
 * Store the new unit `name` of the sender (its sheet src/src_len) with the
 * password hash `hash` ("-" for a test) and the player's name `player`
 * (NULL: none).  Sets *new_id.  Returns 0 or an error.
 */
static int insert_unit(job *j, const char *name, const char *src,
                       size_t src_len, const char *hash, const char *player,
                       int64_t *new_id)
{
	am_hill *h = j->h;
	sqlite3_stmt *st;
	char when[32];
	size_t clean_len;
	/* no password line of the sheet is stored, nor any line with the
	 * password in it (am_hill_sheet_scrub) */
	char *secret = j->d && j->d->password ? pw_norm(j->d->password) : NULL;
	char *clean = (!j->d || !j->d->password || secret)
	            ? am_hill_sheet_scrub(src, src_len, secret, &clean_len) : NULL;
	int rc;

	free(secret);
	if (!clean)
		return am_hill_oom(AM_ENOMEM);
	now_iso(when, sizeof(when));
	if ((rc = am_hill_prepare(h, &st, "INSERT INTO units(name, owner, "
	                       "pwhash, sheet, entered, player, rcpt, lang) "
	                       "VALUES(?,?,?,?,?,?,?,?)")) < 0) {
		free(clean);
		return rc;
	}
	sqlite3_bind_text(st, 1, name, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 2, j->mail->from, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 3, hash, -1, SQLITE_STATIC);
	sqlite3_bind_blob(st, 4, clean, (int)clean_len, free);
	sqlite3_bind_text(st, 5, when, -1, SQLITE_TRANSIENT);
	if (player)
		sqlite3_bind_text(st, 6, player, -1, SQLITE_STATIC);
	/* a web form's address is not proven: "" gets no notice */
	sqlite3_bind_text(st, 7, j->lim->web ? "" : j->mail->reply_to, -1,
	                  SQLITE_STATIC);
	sqlite3_bind_int(st, 8, (int)j->lang);
	if ((rc = step_done(h, st)) < 0)
		return rc;
	*new_id = sqlite3_last_insert_rowid(h->db);
	return 0;
}

/*
 * Member m's stored sheet ms no longer passes the sheet check: a check
 * made stricter since it entered (docs/HILL.md, "Upgrading").  It leaves
 * the hill, its results with it, and its owner is told why, in the
 * language of its entry, with the check's messages; the reply names it.
 * In a test (which stores nothing) it is only left out.  Before, every
 * entry failed on it ("stored sheet … unreadable", exit 70) until the host
 * mended the database by hand.  Returns 0 or an error.
 */
static int retire_member(job *j, const hill_member *m, const am_sheet *ms,
                         int test)
{
	ut_buf subject = UT_BUF_INIT, body = UT_BUF_INIT;
	char *mname = am_hill_excerpt(m->name, 40);
	unit_row u;
	int rc;

	if (!mname)
		return am_hill_oom(AM_ENOMEM);
	if (test) {
		ut_buf_printf(&j->body, UT_TRL(j->lang,
		              "  「%s」とは対戦しません（保存されたシートがこの版の"
		              "検査に通りません）\n",
		              "  '%s' is not fought (its stored sheet does not pass "
		              "this version's check)\n"), mname);
		free(mname);
		return 0;
	}
	ut_buf_printf(&j->body, UT_TRL(j->lang,
	              "  「%s」は丘を去りました（保存されたシートがこの版の"
	              "検査に通りません）\n",
	              "  '%s' left the hill (its stored sheet does not pass "
	              "this version's check)\n"), mname);
	if ((rc = find_unit(j->h, m->name, &u)) < 0) {
		free(mname);
		return rc;
	}
	ut_buf_printf(&subject, UT_TRL(u.lang, "[%s] 「%s」が丘を去りました",
	                               "[%s] '%s' left the hill"),
	              j->h->name, mname);
	ut_buf_printf(&body, UT_TRL(u.lang,
	              "丘「%s」のあなたのユニット「%s」は、シートがこの丘のプログラムの"
	              "新しい版の検査に通らなくなったため、丘を去りました:\n\n",
	              "On the hill '%s', your unit '%s' left the hill: its sheet "
	              "does not pass the check of the hill's new version of the "
	              "program:\n\n"), j->h->name, mname);
	if (put_diags(&body, ms, UT_TRL(u.lang, "シート", "sheet"), u.lang) < 0)
		body.failed = 1;
	ut_buf_puts(&body, UT_TRL(u.lang,
		"\nもう一度挑戦するには、シートを直して丘あてに送ってください。\n",
		"\nTo enter again, send a corrected sheet to the hill.\n"));
	rc = queue_notice(j, u.id ? u.rcpt : "", &subject, &body);
	unit_row_free(&u);
	free(mname);
	return rc < 0 ? rc : delete_unit(j->h, m->id);
}

/*
 * Fight the new unit `prog` (named `name`, `ename` in the reply, stored as
 * new_id) against the member `m` on `engine`: the battle's line goes to the
 * reply, its log to j->logs when #logs is granted, its result to the
 * database.  A member whose stored sheet no longer passes the check is not
 * fought but retired (retire_member; in a test only left out).  Returns
 * 0, 1 when the new sheet took the engine past its limits (the reply says
 * so; the caller rejects the entry), or an error.
 */
static int fight_member(job *j, am_engine *engine, const am_program *prog,
                        const am_sheet *sheet, const char *name,
                        const char *ename, int64_t new_id,
                        const hill_member *m, int test)
{
	char *token = NULL;
	am_hill *h = j->h;
	am_parse_opts po = AM_PARSE_OPTS_INIT;
	am_sheet *ms = NULL;
	am_program *mp = NULL;
	am_battle_opts bo = AM_BATTLE_OPTS_INIT;
	am_result res;
	am_log *log = NULL;
	log_sink sink;
	sqlite3_stmt *st;
	int rc, oc;
	size_t cost;

	bo.max_units = j->lim->max_units;
	bo.max_work = j->lim->max_work;
	if ((rc = am_sheet_parse(&ms, m->sheet, m->sheet_len, &po)) == 0 &&
	    !am_sheet_ok(ms)) {
		rc = retire_member(j, m, ms, test);
		am_sheet_free(ms);
		return rc;
	}
	if (rc < 0 || (rc = am_program_new(&mp, am_sheet_team(ms))) < 0) {
		am_sheet_free(ms);
		if (rc == AM_ENOMEM) /* (not the sheet's fault) */
			return am_hill_oom(rc);
		return ut_error_set_tr(AM_ERROR, "保存された「%s」のシートが読めません",
		                       "stored sheet of %s is unreadable", m->name);
	}
	/* the battle's replay token (LG-TOKEN-1): both sheets are legal;
	 * none for two sheets too long to replay by token (AM_ELIMIT) */
	if ((rc = am_replay_token(&token, sheet, ms)) < 0 && rc != AM_ELIMIT) {
		am_program_free(mp);
		am_sheet_free(ms);
		return am_hill_oom(AM_ENOMEM);
	}
	if (j->d->logs && j->logs_ok) {
		if (am_log_new(&log, AM_LOG_TEXT, j->lang, log_write, j) < 0) {
			am_program_free(mp);
			am_sheet_free(ms);
			free(token);
			return am_hill_oom(AM_ENOMEM);
		}
		if (!logs_full(j))
			ut_buf_printf(&j->logs, "=== %s vs %s ===\n", name,
			              m->name);
		sink.j = j;
		sink.log = log;
		bo.on_event = log_event;
		bo.event_ud = &sink;
	}
	rc = am_battle_run_programs(&res, engine, prog, mp, &bo);
	if (log) {
		am_log_finish(log, engine, &res, rc);
		am_log_free(log);
		if (!logs_full(j))
			ut_buf_puts(&j->logs, "\n");
	}
	am_program_free(mp);
	am_sheet_free(ms);
	if (rc == AM_ENOMEM) { /* (not the sheet's doing) */
		free(token);
		return am_hill_oom(rc);
	}
	if (rc < 0) {
		/* the engine's limits: the new sheet's doing (why, in the
		 * reply's language: am_render_stop) */
		char why[256];
		am_render_stop(why, sizeof why, am_error_last(), j->lang);
		ut_buf_clear(&j->body);
		ut_buf_printf(&j->body, UT_TRL(j->lang,
			"「%s」対「%s」の戦闘が止まりました: %s\n"
			"エンジンの上限を超えるシートは登録できません。\n",
			"The battle of '%s' against '%s' stopped: %s\n"
			"A sheet that takes the engine past its limits cannot "
			"enter.\n"), ename, m->name, why);
		free(token);
		return 1;
	}
	oc = outcome_of(&res);
	ut_buf_puts(&j->body, "  ");
	ut_buf_pad(&j->body, m->name, 18, 2);
	ut_buf_printf(&j->body, UT_TRL(j->lang, "%s  ＨＰ %lld 対 %lld\n",
	                          "%s  HP %lld vs %lld\n"),
	              oc == 1 ? UT_TRL(j->lang, "勝", "W") :
	              oc == 2 ? UT_TRL(j->lang, "分", "D") : UT_TRL(j->lang, "負", "L"),
	              (long long)res.score[0], (long long)res.score[1]);
	cost = token ? strlen(token) + HILL_TOKEN_LINE : 0;
	/* once one is left out, so are the rest (as the note says), even
	 * a shorter one that would fit */
	if (token && (j->tokens_cut || cost > j->token_room)) {
		if (!j->tokens_cut)
			say(j, "    （ここからのリプレイトークンは、返信を送られたメールの"
			       "大きさに見合うよう省きます。同じ戦闘は丘のウェブページの"
			       "対戦画面か `amaryllis battle` で見られます）\n",
			    "    (The replay tokens from here on are left out, to keep "
			    "the reply in proportion to the mail it answers. The same "
			    "battles are on the battle page of the hill's web site, or "
			    "`amaryllis battle`.)\n");
		j->tokens_cut = 1;
	} else if (token) {
		ut_buf_printf(&j->body, "    amaryllis battle --replay %s\n", token);
		j->token_room -= cost;
	} else
		ut_buf_printf(&j->body, UT_TRL(j->lang,
			"    （リプレイトークンなし: 2つのシートで am1. の後 %d 文字を超えます）\n",
			"    (no replay token: the two sheets take more than %d "
			"characters after am1.)\n"), AM_REPLAY_TOKEN_MAX);
	free(token);
	if ((rc = am_hill_prepare(h, &st, "INSERT INTO results VALUES(?,?,?,?,?)")) < 0)
		return rc;
	sqlite3_bind_int64(st, 1, new_id);
	sqlite3_bind_int64(st, 2, m->id);
	sqlite3_bind_int(st, 3, oc);
	sqlite3_bind_int64(st, 4, res.score[0]);
	sqlite3_bind_int64(st, 5, res.score[1]);
	return step_done(h, st);
}

/* A member's record in one line: "0勝 1分 2敗、勝ち点 1、ＨＰ差 -27"
 * (ＨＰ差, as every table of the hill says). */
static void record_text(ut_buf *b, const hill_member *m, am_lang lang)
{
	ut_buf_printf(b, UT_TRL(lang, "%lld勝 %lld分 %lld敗、勝ち点 %lld、ＨＰ差 %+lld",
	                        "%lld W, %lld D, %lld L, %lld points, margin %+lld"),
	              (long long)m->wins, (long long)m->draws, (long long)m->losses,
	              (long long)m->points, (long long)m->margin);
}

/*
 * Tell the owner of `m`, the last of n members, that the entry of `ename`
 * (by `player`, or NULL) pushed it off: a notice in the language of its
 * entry, with its last record (issue 20).  Returns 0 or an error.
 */
static int pushed_notice(job *j, const hill_member *m, size_t n,
                         const char *ename, const char *player)
{
	ut_buf subject = UT_BUF_INIT, body = UT_BUF_INIT, by = UT_BUF_INIT;
	unit_row u;
	char *mname;
	am_lang ol;
	int rc;

	if ((rc = find_unit(j->h, m->name, &u)) < 0)
		return rc;
	if (!u.id)
		return 0;
	ol = u.lang;
	if (!(mname = am_hill_excerpt(m->name, 40))) {
		unit_row_free(&u);
		return am_hill_oom(AM_ENOMEM);
	}
	if (player)
		ut_buf_printf(&by, UT_TRL(ol, "「%s」（%s）", "'%s' (%s)"), ename, player);
	else
		ut_buf_printf(&by, UT_TRL(ol, "「%s」", "'%s'"), ename);
	ut_buf_printf(&subject, UT_TRL(ol, "[%s] 「%s」が丘から押し出されました",
	                               "[%s] '%s' was pushed off the hill"),
	              j->h->name, mname);
	if (ol == AM_LANG_EN)
		ut_buf_printf(&body, "On the hill '%s', your unit '%s' became the last "
		              "of %zu members when %s entered, and was pushed off (the "
		              "hill holds %zu).\n\nIts last record: ", j->h->name, mname,
		              n, by.ptr ? by.ptr : "", j->h->size);
	else
		ut_buf_printf(&body, "丘「%s」のあなたのユニット「%s」は、%sの登録で "
		              "%zu 体中の最下位になり、丘から押し出されました（定員 %zu）。"
		              "\n\n最後の成績: ", j->h->name, mname,
		              by.ptr ? by.ptr : "", n, j->h->size);
	record_text(&body, m, ol);
	ut_buf_puts(&body, UT_TRL(ol,
		"\n\nもう一度挑戦するには、シートを直して丘あてに送ってください。\n",
		"\n\nTo try again, send an improved sheet to the hill.\n"));
	if (by.failed) /* the body lacks who pushed it off */
		body.failed = 1;
	rc = queue_notice(j, u.rcpt, &subject, &body);
	unit_row_free(&u);
	free(mname);
	ut_buf_free(&by);
	return rc;
}

/*
 * Push the last member off while the hill holds more than its size.  The
 * new unit (new_id) pushed off at once: its record goes in *self (owned
 * strings moved there; self->id 0 when it stayed); any other member is
 * named in `pushed` and, but in a test, its owner is told (pushed_notice).
 * Leaves the standings in *st_m / *nst, which belong to the caller (also
 * after an error).  Returns 0 or an error.
 */
static int push_off(job *j, hill_member **st_m, size_t *nst, ut_buf *pushed,
                    int64_t new_id, const char *ename, const char *player,
                    int test, hill_member *self)
{
	am_hill *h = j->h;
	int rc;

	for (;;) {
		hill_member *last;
		int64_t id;
		if ((rc = am_hill_standings(h, st_m, nst)) < 0)
			return rc;
		if (*nst <= h->size)
			return 0;
		last = &(*st_m)[*nst - 1];
		id = last->id;
		if (id == new_id) {
			*self = *last; /* its strings move to *self */
			memset(last, 0, sizeof(*last));
			self->seq = (int64_t)*nst; /* its place: the last of them */
		} else {
			ut_buf_printf(pushed, "%s%s",
			              pushed->len ? UT_TRL(j->lang, "、", ", ") : "",
			              last->name);
			/* (else the reply would not say who was pushed off) */
			if (pushed->failed)
				return am_hill_oom(AM_ENOMEM);
			if (!test && (rc = pushed_notice(j, last, *nst, ename,
			                                 player)) < 0)
				return rc;
		}
		if ((rc = delete_unit(h, id)) < 0)
			return rc;
		am_hill_members_free(*st_m, *nst);
		*st_m = NULL;
	}
}

/*
 * The end of the reply to an entry or test of `ename`: the standings
 * st_m / nst, the record of the new unit if it did not stay (self->id,
 * its place in self->seq), who was pushed off.
 */
static void entry_outcome(job *j, hill_member *st_m, size_t nst,
                          const hill_member *self, const char *ename,
                          const ut_buf *pushed, int test)
{
	if (test) { /* (language review 2026-12-07: it read as the hill's) */
		say(j, "\n登録した場合の順位表（丘は変わっていません）:\n",
		    "\nStandings if it entered (the hill has not changed):\n");
		am_hill_table_text(&j->body, st_m, nst, j->lang, 40);
	} else {
		standings_section(j, st_m, nst);
	}
	if (self->id) {
		ut_buf_printf(&j->body, UT_TRL(j->lang,
			test ? "\n「%s」は %lld 体中の最下位で、丘に残れません（定員 %zu）: "
			     : "\n「%s」は %lld 体中の最下位で、丘に残れませんでした（定員 %zu）: ",
			test ? "\n'%s' would be the last of %lld and would not stay on the hill "
			       "(it holds %zu): "
			     : "\n'%s' was the last of %lld and did not stay on the hill "
			       "(it holds %zu): "),
			ename, (long long)self->seq, j->h->size);
		record_text(&j->body, self, j->lang);
		ut_buf_puts(&j->body, "\n");
	}
	if (pushed->len)
		sayf(j, test ? "\n押し出されるユニット: %s\n" : "\n押し出されたユニット: %s\n",
		     test ? "\nWould be pushed off: %s\n" : "\nPushed off the hill: %s\n",
		     pushed->ptr);
}

/* Put the headline of an entry, replacement or test of `ename` before the
 * reply's body.  An entry or replacement that did not stay (`stayed` 0:
 * the last, pushed off at once) says so first (web review 2026-12-06: "'弱'
 * has entered the hill" headed a reply whose last line said it did not
 * stay, and the page said 登録されませんでした). */
static void entry_headline(job *j, const char *ename, int test, int64_t old_id,
                           int stayed)
{
	ut_buf head = UT_BUF_INIT;

	if (!test && !stayed)
		ut_buf_printf(&head, UT_TRL(j->lang, old_id ?
		                       "「%s」を差し替えましたが、丘に残れませんでした。\n\n" :
		                       "「%s」は丘に残れませんでした。\n\n",
		                       old_id ? "'%s' was replaced but did not stay on "
		                                "the hill.\n\n" :
		                       "'%s' did not stay on the hill.\n\n"), ename);
	else
		ut_buf_printf(&head, UT_TRL(j->lang, test ? "「%s」をテストしました。\n\n" :
		                       old_id ? "「%s」を差し替えました。\n\n" :
		                       "「%s」を登録しました。\n\n",
		                       test ? "'%s' was tested.\n\n" :
		                       old_id ? "'%s' was replaced.\n\n" :
		                       "'%s' has entered the hill.\n\n"), ename);
	ut_buf_put(&head, j->body.ptr, j->body.len);
	/* a body that lost a part keeps saying so (decide_reply) */
	if (j->body.failed)
		head.failed = 1;
	ut_buf_free(&j->body);
	j->body = head;
}

/*
 * The battles of the new unit against the members mem / nmem but the one
 * it replaces (old_id, 0: none), each through fight_member(), under their
 * heading.  Returns 0, 1 (the caller rejects the entry) or an error.
 */
static int fight_members(job *j, am_engine *engine, const am_program *prog,
                         const am_sheet *sheet, const char *name,
                         const char *ename, int64_t new_id,
                         const hill_member *mem, size_t nmem, int64_t old_id,
                         int test)
{
	size_t i;
	int rc;

	say(j, test ? "テストの対戦結果（何も保存していません）:\n"
	            : "対戦結果:\n",
	    test ? "Battles of the test (nothing was stored):\n" : "Battles:\n");
	if (nmem == 0 || (nmem == 1 && mem[0].id == old_id))
		say(j, "  （丘にはまだ誰もいません）\n", "  (the hill is empty)\n");
	for (i = 0; i < nmem; i++) {
		if (mem[i].id == old_id)
			continue;
		if ((rc = fight_member(j, engine, prog, sheet, name, ename, new_id,
		                       &mem[i], test)) != 0)
			return rc;
	}
	return 0;
}

/*
 * A new unit's entry that stores nothing (refused, or pushed off at once)
 * gets no logs: it proved nothing of its sender, so a forged one would be
 * a #test with logs for a stranger, a reply of up to --reply-max bytes to
 * any address for a mail of a few hundred (hostile review 2026-12-06, D2).
 * A replacement (its owner's claim) and a #test keep their own rule
 * (entry_rights).
 */
static void no_logs_unless_stays(job *j, int test, int64_t old_id,
                                 const char *ename)
{
	if (test || old_id || !j->logs_ok)
		return;
	j->logs_ok = 0;
	if (j->d->logs)
		sayf(j, "\n（新しいユニットの戦闘ログは、丘に残ったときだけ添付します。"
		        "戦闘は決定的なので、amaryllis battle や丘のページの戦闘表示で"
		        "同じ戦闘を見られます。「%s」の戦闘も同じです。）\n",
		     "\n(The battle logs of a new unit are attached only when it "
		     "stays on the hill. Battles are deterministic: amaryllis battle "
		     "or the hill page's battle view shows the same battles, those "
		     "of '%s' too.)\n", ename);
}

/*
 * Close the savepoint "entry" of an entry or test of `ename`: a test rolls
 * back, then the savepoint is released (*savepoint 0) and the headline put
 * first (stayed: whether the unit stayed on the hill).  Sets j->result.
 * Returns 0 or an error (*savepoint is left set when the release was not
 * reached).
 */
static int entry_close(job *j, const char *ename, int test, int64_t old_id,
                       int stayed, int *savepoint)
{
	int rc = 0;

	if (test) {
		rc = am_hill_exec(j->h, "ROLLBACK TO entry");
		j->result = "tested";
	} else {
		j->result = old_id ? "replaced" : "entered";
	}
	if (rc == 0) {
		rc = am_hill_exec(j->h, "RELEASE entry");
		*savepoint = 0;
	}
	if (rc == 0)
		entry_headline(j, ename, test, old_id, stayed); /* first */
	return rc;
}

/* The sheet of an entry: the attachment (named by its file name) if any,
 * else the body's sheet (named "シート", in English "sheet"); both
 * borrowed from the mail. */
static void entry_source(job *j, const char **src, size_t *src_len,
                         const char **file)
{
	if (j->mail->attachment) {
		*src = j->mail->attachment;
		*src_len = strlen(*src);
		*file = j->mail->att_name;
	} else {
		*src = j->d->sheet;
		*src_len = j->d->sheet_len;
		/* (language review 2026-12-07: "sheet" in a Japanese reply) */
		*file = UT_TRL(j->lang, "シート", "sheet");
	}
}

/*
 * When the sheet is an attachment and the mail held another (a sheet in
 * the body, another .txt attachment): say which one was read and which
 * were not (review W11: the choice was silent).  The body counts when
 * anything but directives, quotes, comments above the sheet and a
 * signature is left in it (hill_directives.sheet_blank).
 */
static void sheet_choice(job *j)
{
	const hill_mail *m = j->mail;
	ut_buf b = UT_BUF_INIT;
	const char *p, *nl;
	char *used;

	if (!m->attachment || (j->d->sheet_blank && !m->att_others.len))
		return;
	if (!j->d->sheet_blank)
		ut_buf_puts(&b, UT_TRL(j->lang, "本文の指示（#…）以外の行",
		                       "the body's lines other than directives (#...)"));
	for (p = m->att_others.ptr; p && *p; p = nl + 1) {
		char *raw, *name;
		nl = strchr(p, '\n');
		raw = strndup(p, (size_t)(nl - p));
		name = raw ? am_hill_excerpt(raw, 60) : NULL;
		free(raw);
		if (!name) {
			b.failed = 1;
			break;
		}
		ut_buf_printf(&b, UT_TRL(j->lang, "%s添付ファイル「%s」",
		                         "%sthe attachment '%s'"),
		              b.len ? UT_TRL(j->lang, "、", ", ") : "", name);
		free(name);
	}
	if ((used = am_hill_excerpt(m->att_name, 60)) && !b.failed)
		ut_buf_printf(&j->body, UT_TRL(j->lang,
		              "シートは添付ファイル「%s」から読みました。"
		              "次は読んでいません: %s。\n\n",
		              "The sheet was read from the attachment '%s'. "
		              "Not read: %s.\n\n"), used, b.ptr);
	else
		j->body.failed = 1;
	free(used);
	ut_buf_free(&b);
}

/* Entry and test: check the sheet, fight every member, store (entry) or
 * roll back (test), reply with the battles and the standings. */
static int do_entry(job *j, int test)
{
	am_hill *h = j->h;
	const char *src, *file;
	size_t src_len;
	am_parse_opts po = AM_PARSE_OPTS_INIT;
	am_sheet *sheet = NULL;
	am_program *prog = NULL;
	am_engine *engine = NULL;
	hill_member *mem = NULL, *st_m = NULL;
	size_t nmem = 0, nst = 0;
	int64_t old_id = 0, new_id = 0;
	unit_row u = {0};
	char *kept_hash = NULL, *ename = NULL, *player = NULL;
	char newhash[crypto_pwhash_STRBYTES];
	const char *name;
	int rc = 0, savepoint = 0, nomem;
	ut_buf pushed = UT_BUF_INIT;
	hill_member self = {0};

	entry_source(j, &src, &src_len, &file);
	sheet_choice(j);
	if (!j->mail->attachment && j->d->sheet_blank) {
		say(j, "ユニットシートがありません。\n", "There is no unit sheet.\n");
		/* a sheet sent quoted (a reply to the hill's own mail, every
		 * line "> …"): say why it was not read, as check does */
		if (j->d->quoted)
			ut_buf_printf(&j->body, UT_TRL(j->lang,
			              "「>」で始まる行はメールの引用として読み飛ばします"
			              "（%zu行）。シートの行は「>」を付けずに書いてください。\n",
			              "Lines starting with > are read as mail quotes and "
			              "skipped (%zu lines): write the sheet's lines without "
			              "the >.\n"), j->d->quoted);
		help_lines(j);
		return reject(j);
	}
	if (am_sheet_parse(&sheet, src, src_len, &po) < 0)
		return am_hill_oom(AM_ENOMEM);
	if (!am_sheet_ok(sheet)) {
		say(j, "ユニットシートに誤りがあります:\n",
		    "The unit sheet has errors:\n");
		if ((rc = diagnostics(j, sheet, file)) == 0 &&
		    (rc = sheet_like(src, src_len)) == 0)
			help_lines(j); /* a question, not a sheet */
		if (rc >= 0)
			rc = reject(j);
		goto done;
	}
	name = am_sheet_team(sheet)->units[0].name;
	player = am_hill_player_name(j->d->player, j->mail->display, &nomem);
	if (!(ename = am_hill_excerpt(name, 40)) || nomem) {
		rc = am_hill_oom(AM_ENOMEM);
		goto done;
	}
	if ((rc = entry_rights(j, name, ename, test, &u)) != 0) {
		if (rc > 0)
			rc = reject(j);
		goto done;
	}
	old_id = u.id; /* a test of a member's name fights in its place */
	if (u.id && !test)
		kept_hash = u.hash;
	/* a replacement that names no player (no #name, no display name)
	 * keeps the name shown before (hill review: it was dropped) */
	if (u.id && !test && !player && u.player &&
	    !(player = strdup(u.player))) {
		rc = am_hill_oom(AM_ENOMEM);
		goto done;
	}
	if ((rc = am_program_new(&prog, am_sheet_team(sheet))) < 0 ||
	    (rc = am_engine_new(&engine)) < 0)
		goto done;
	if ((rc = am_hill_standings(h, &mem, &nmem)) < 0)
		goto done;
	if ((rc = am_hill_exec(h, "SAVEPOINT entry")) < 0)
		goto done;
	savepoint = 1;
	if (old_id && (rc = delete_unit(h, old_id)) < 0)
		goto done;
	if (!kept_hash && !test && (rc = pw_hash(h, newhash, j->d->password)) < 0)
		goto done;
	if ((rc = insert_unit(j, name, src, src_len,
	                      test ? "-" : kept_hash ? kept_hash : newhash,
	                      player, &new_id)) < 0)
		goto done;
	if ((rc = fight_members(j, engine, prog, sheet, name, ename, new_id, mem,
	                        nmem, old_id, test)) != 0) {
		if (rc > 0) {
			rc = reject(j);
			no_logs_unless_stays(j, test, old_id, ename);
		}
		goto done;
	}
	if ((rc = push_off(j, &st_m, &nst, &pushed, new_id, ename, player, test,
	                   &self)) < 0)
		goto done;
	entry_outcome(j, st_m, nst, &self, ename, &pushed, test);
	rc = entry_close(j, ename, test, old_id, self.id == 0, &savepoint);
	if (rc == 0 && self.id)
		no_logs_unless_stays(j, test, old_id, ename);
	if (rc == 0)
		h->last_stayed = self.id ? 0 : 1; /* self.id: it did not stay */
done:
	if (savepoint) {
		/* a rejection or an error after the savepoint: undo it */
		if (am_hill_exec(h, "ROLLBACK TO entry") == 0)
			am_hill_exec(h, "RELEASE entry");
	}
	am_hill_members_free(mem, nmem);
	am_hill_members_free(st_m, nst);
	free(self.name);
	free(self.owner);
	free(self.entered);
	free(self.sheet);
	free(self.player);
	ut_buf_free(&pushed);
	am_engine_free(engine);
	am_program_free(prog);
	am_sheet_free(sheet);
	unit_row_free(&u);
	free(ename);
	free(player);
	sodium_memzero(newhash, sizeof(newhash));
	return rc;
}

/* Decide and act on a readable message inside the open transaction. */
static int act(job *j)
{
	hill_directives *d = j->d;

	if (j->mail->bad)
		return hostile(j);
	if (d->conflict) {
		say(j, "指示が矛盾しています（#登録・#テスト・#撤退・#順位 は1通に1つだけ）。\n",
		    "Conflicting directives: one of #entry, #test, #withdraw, "
		    "#status per mail.\n");
		help_lines(j);
		return reject(j);
	}
	switch (d->cmd) {
	case HILL_CMD_STATUS:
		return do_status(j);
	case HILL_CMD_WITHDRAW:
		return do_withdraw(j);
	case HILL_CMD_TEST:
		return do_entry(j, 1);
	default:
		return do_entry(j, 0);
	}
}

/* ------------------------------------------------------------- process */

static const char *const results[] = {
	"entered", "replaced", "tested", "withdrawn", "status", "rejected",
	"ignored", "duplicate", "limited"
};

/* Forget what is no longer needed, in the message's transaction: the
 * messages and notices of more than 30 days ago (an MTA retries for 5
 * days at most), old wrong passwords and ended locks.  A notice still
 * unsent after 5 days is given up, as an MTA gives up a mail (mail review
 * 2026-12-03, 7: one that sendmail kept refusing held up every notice
 * queued after it, for ever), and so is a reply (security review
 * 2026-12-07: with --maildir the message stays in new/ until its reply
 * goes out, and a reply sendmail always refuses was sent again on every
 * pass, for ever): its message is then a duplicate. */
static int prune(am_hill *h, int64_t now)
{
	sqlite3_stmt *st;
	int rc;
	size_t i;
	static const char *const sql[] = {
		"DELETE FROM messages WHERE at > 0 AND at < ?1 - 2592000 AND sent = 1",
		("UPDATE outgoing SET sent = 1, msg = NULL WHERE sent = 0 AND "
		 "created < ?1 - 432000"),
		("UPDATE messages SET sent = 1, reply = NULL WHERE sent = 0 AND "
		 "at > 0 AND at < ?1 - 432000"),
		"DELETE FROM outgoing WHERE created < ?1 - 2592000 AND sent = 1",
		"DELETE FROM pwfail WHERE at < ?1 - 86400",
		"DELETE FROM locks WHERE until < ?1 - 86400"
	};

	for (i = 0; i < sizeof(sql) / sizeof(sql[0]); i++) {
		if ((rc = am_hill_prepare(h, &st, sql[i])) < 0)
			return rc;
		sqlite3_bind_int64(st, 1, now);
		if ((rc = step_done(h, st)) < 0)
			return rc;
	}
	return 0;
}

/* The one short notice to a sender past the replies per hour. */
static void say_limited(job *j)
{
	char t[64];

	am_hill_time_text(t, sizeof(t), j->now + 3600);
	ut_buf_printf(&j->body, UT_TRL(j->lang,
		"このアドレスへの返信が1時間に%u通を超えました。このメールは処理して"
		"いません。%s ごろまで、このアドレスからのメールは処理も返信もしません"
		"（このお知らせも1回だけです）。そのあとで送りなおしてください。\n",
		"Replies to this address passed %u within an hour. This mail was not "
		"processed; until about %s, mail from this address is neither "
		"processed nor answered (this notice comes once). Please send it "
		"again after that.\n"), j->h->replies_per_hour, t);
	j->result = "limited";
}

static const char *static_result(const char *s)
{
	size_t i;

	for (i = 0; s && i < sizeof(results) / sizeof(results[0]); i++)
		if (!strcmp(s, results[i]))
			return results[i];
	return "rejected";
}

/* The limits in effect: `limits` if of this version, of version 1 (its
 * fields up to busy_ms, the rest the defaults), 2 (up to now) or 3 (up to
 * web), else the defaults. */
static void limits_of(am_hill_limits *lim, const am_hill_limits *limits)
{
	*lim = (am_hill_limits)AM_HILL_LIMITS_INIT;
	if (limits && limits->version == AM_HILL_LIMITS_VERSION)
		*lim = *limits;
	else if (limits && limits->version == 1) /* its fields up to busy_ms */
		memcpy(lim, limits, offsetof(am_hill_limits, now));
	else if (limits && limits->version == 2) /* its fields up to now */
		memcpy(lim, limits, offsetof(am_hill_limits, web));
	else if (limits && limits->version == 3) /* its fields up to web */
		memcpy(lim, limits, offsetof(am_hill_limits, max_work));
	lim->version = AM_HILL_LIMITS_VERSION;
}

/*
 * Was the message `key` processed before (inside the transaction)?
 * Returns 0 no, 1 yes, or an error.  Yes: *result_out "duplicate" when its
 * reply was sent (or it had none), else its stored result and reply, to
 * send again, in *result_out and *reply_out / *reply_len (the caller's to
 * free, also after an error) and the key in h->last_key, the reply locked
 * for this delivery (sending.c); AM_HILL_EBUSY when another delivery of
 * the message holds it.
 */
static int processed_before(am_hill *h, const char *key, char **reply_out,
                            size_t *reply_len, const char **result_out)
{
	sqlite3_stmt *st;
	int rc;

	if ((rc = am_hill_prepare(h, &st, "SELECT result, reply, sent FROM messages "
	                       "WHERE key = ?")) < 0)
		return rc;
	sqlite3_bind_text(st, 1, key, -1, SQLITE_STATIC);
	rc = sqlite3_step(st);
	if (rc == SQLITE_ROW) {
		int sent = sqlite3_column_int(st, 2);
		if (sent || sqlite3_column_type(st, 1) == SQLITE_NULL) {
			*result_out = "duplicate";
		} else if (am_hill_send_lock(h, am_hill_send_key(key)) == 0) {
			sqlite3_finalize(st);
			return ut_error_set_tr(AM_HILL_EBUSY, "この手紙の返信は、同じ手紙"
			                       "の別の配送が送っているところです。あとで"
			                       "もう一度試してください",
			                       "another delivery of this message is "
			                       "sending its reply; try again later");
		} else {
			*result_out = static_result((const char *)sqlite3_column_text(st, 0));
			*reply_out = am_hill_col_dup(st, 1, reply_len);
			h->last_key = strdup(key);
			if (!*reply_out || !h->last_key) {
				sqlite3_finalize(st);
				return am_hill_oom(AM_ENOMEM);
			}
		}
		sqlite3_finalize(st);
		return 1;
	}
	sqlite3_finalize(st);
	if (rc != SQLITE_DONE)
		return db_fail(h, rc, "database");
	return 0;
}

/*
 * Decide on the mail of j (rate: am_hill_rate()'s answer, 0 when not
 * asked) and build the reply, if any, in *reply_out / *reply_len with its
 * Message-ID in *reply_id (both the caller's to free, also after an
 * error).  No reply to a loop, to no sender or to a sender past the limit
 * who was told.  Sets j->result.  Returns 0 or an error.
 */
static int decide_reply(job *j, int rate, char **reply_out, size_t *reply_len,
                        char **reply_id)
{
	am_hill *h = j->h;
	const hill_mail *mail = j->mail;
	int rc, logs;

	if (mail->loop || !mail->reply_to || !mail->from || rate == 2) {
		/* no reply: a loop, no sender, or a sender past the limit who
		 * was told (nothing is processed) */
		j->result = rate == 2 ? "limited" : "ignored";
		return 0;
	}
	if (rate == 1)
		say_limited(j);
	else if ((rc = act(j)) < 0)
		return rc;
	logs = j->d->logs && j->logs_ok;
	am_hill_cap(&j->body, &j->logs, logs, h->reply_max, j->lang);
	if (j->body.failed || j->logs.failed)
		return am_hill_oom(AM_ENOMEM);
	{
		hill_reply_in in = {h->name, h->address, mail, j->result,
		                    j->body.ptr ? j->body.ptr : "",
		                    logs && j->logs.ptr ? j->logs.ptr : NULL, NULL};
		if ((rc = am_hill_reply_build(reply_out, reply_len, &in,
		                           reply_id)) < 0)
			return am_hill_oom(rc);
	}
	return 0;
}

/* Record the message of j with its reply (NULL: none; reply_id its
 * Message-ID or NULL), in the open transaction.  Returns 0 or an error. */
static int record_message(job *j, const char *reply, size_t reply_len,
                          const char *reply_id)
{
	am_hill *h = j->h;
	sqlite3_stmt *st;
	char when[32];
	int rc;

	now_iso(when, sizeof(when));
	if ((rc = am_hill_prepare(h, &st, "INSERT INTO messages(key, received, "
	                       "sender, result, reply, sent, at, replied, "
	                       "reply_id) VALUES(?,?,?,?,?,?,?,?,?)")) < 0)
		return rc;
	sqlite3_bind_text(st, 1, j->mail->key, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 2, when, -1, SQLITE_STATIC);
	/* a web form's message counts under no address (am_hill_rate) */
	if (j->mail->rate_key && !j->lim->web)
		sqlite3_bind_text(st, 3, j->mail->rate_key, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 4, j->result, -1, SQLITE_STATIC);
	if (reply)
		sqlite3_bind_blob(st, 5, reply, (int)reply_len, SQLITE_STATIC);
	sqlite3_bind_int(st, 6, reply ? 0 : 1);
	sqlite3_bind_int64(st, 7, j->now);
	sqlite3_bind_int(st, 8, reply != NULL);
	if (reply_id)
		sqlite3_bind_text(st, 9, reply_id, -1, SQLITE_STATIC);
	return step_done(h, st);
}

/*
 * The password of a claim (claim: a replacement, a withdrawal, a test's
 * logs), verified before the hill's write lock is taken: Argon2id takes
 * 0.1-0.5 s, and under the lock a web client guessing a few times a second
 * held every entry and every mail waiting (review D5).  The member named
 * by #withdraw, or by the sheet's unit line, is read outside the
 * transaction and its hash verified in the hill's one password slot
 * (flock of HILL.db-pwslot: one Argon2id at a time over every process
 * and thread of the hill, so that memory stays at one INTERACTIVE hash,
 * 64 MiB, however many deliveries come at once); claim uses the verdict
 * while the member's hash is still the one verified.  Nothing here
 * decides anything: without a verdict (no such member, no password, out
 * of memory, no slot file) claim verifies under the lock as before.  The
 * slot is waited for as the database is (busy_ms), then AM_HILL_EBUSY:
 * a flood of guesses makes its own requests wait, and nothing else.
 */
static int slot_take(int fd, unsigned busy_ms)
{
	const struct timespec tick = {0, 10000000}; /* 10 ms */
	unsigned waited = 0;

	while (flock(fd, LOCK_EX | LOCK_NB) != 0) {
		if (errno != EWOULDBLOCK && errno != EINTR)
			return 0; /* no slot: claim verifies as before */
		if (waited >= busy_ms)
			return ut_error_set_tr(AM_HILL_EBUSY, "丘のパスワードの確認が混み合っています。"
			                       "あとでもう一度試してください",
			                       "the hill's password checks are busy; try "
			                       "again later");
		nanosleep(&tick, NULL);
		waited += 10;
	}
	return 1;
}

static int preverify(job *j)
{
	const hill_directives *d = j->d;
	am_sheet *sheet = NULL;
	const char *name = NULL, *src, *file;
	size_t src_len;
	unit_row u;
	char *lock_path;
	int fd = -1, right, rc = 0;

	if (!d->password || d->conflict)
		return 0;
	if (d->cmd == HILL_CMD_WITHDRAW) {
		name = d->withdraw;
	} else if (d->cmd == HILL_CMD_ENTRY ||
	           (d->cmd == HILL_CMD_TEST && d->logs)) {
		am_parse_opts po = AM_PARSE_OPTS_INIT;
		entry_source(j, &src, &src_len, &file);
		if (am_sheet_parse(&sheet, src, src_len, &po) == 0 &&
		    am_sheet_ok(sheet))
			name = am_sheet_team(sheet)->units[0].name;
	}
	if (name && find_unit(j->h, name, &u) == 0) {
		if (u.id && (lock_path = malloc(strlen(j->h->path) + 8)) != NULL) {
			sprintf(lock_path, "%s-pwslot", j->h->path);
			fd = open(lock_path, O_RDWR | O_CREAT | O_CLOEXEC, 0600);
			free(lock_path);
			if (fd >= 0 && (rc = slot_take(fd, j->lim->busy_ms)) > 0 &&
			    (right = pw_verify(u.hash, d->password)) >= 0 &&
			    (j->pre_name = strdup(name)) != NULL) {
				j->pre_hash = u.hash;
				u.hash = NULL;
				j->pre_right = right;
			}
			if (fd >= 0)
				close(fd); /* and the slot with it */
		}
		unit_row_free(&u);
	}
	am_sheet_free(sheet);
	return rc < 0 ? rc : 0;
}

int am_hill_process(char **reply_out, size_t *reply_len,
                    const char **result_out, am_hill *h, const char *raw,
                    size_t len, const am_hill_limits *limits)
{
	am_hill_limits lim;
	hill_mail mail;
	hill_directives d;
	job j;
	int rc, in_txn = 0, rate = 0;
	char *reply_id = NULL;

	*reply_out = NULL;
	*reply_len = 0;
	*result_out = NULL;
	limits_of(&lim, limits);
	free(h->last_key);
	h->last_key = NULL;
	h->last_out = 0;
	am_hill_send_unlock(h);
	free(h->last_msgid);
	free(h->last_from);
	h->last_msgid = h->last_from = NULL;
	h->last_stayed = -1;
	if (h->readonly)
		return ut_error_set_tr(AM_HILL_ETEMP, "%s: 読み込み専用で開いています",
		                       "%s: opened read-only", h->path);
	memset(&d, 0, sizeof(d));
	memset(&j, 0, sizeof(j));
	if ((rc = am_hill_mail_read(&mail, raw, len, &lim, h->address)) < 0) {
		am_hill_mail_free(&mail); /* what it read before memory ran out */
		return am_hill_oom(rc);
	}
	if ((rc = remember_message(h, &mail)) < 0) {
		am_hill_mail_free(&mail);
		return rc;
	}
	if (!mail.bad && !mail.loop &&
	    (rc = am_hill_directives_parse(&d, mail.body ? mail.body : "")) < 0) {
		am_hill_mail_free(&mail);
		return am_hill_oom(rc);
	}
	/* The entry's password is hashed inside the lock, not before it:
	 * INTERACTIVE costs 64 MiB, and 50 deliveries at once hashing in
	 * parallel would need 3 GiB; one at a time they wait ~0.1 s each.
	 * A claim's password is verified before it, one at a time in the
	 * password slot (preverify). */
	j.h = h;
	j.mail = &mail;
	j.d = &d;
	j.lim = &lim;
	if (!mail.bad && !mail.loop && mail.from &&
	    (rc = preverify(&j)) < 0)
		goto out;
	sqlite3_busy_timeout(h->db, (int)lim.busy_ms);
	if ((rc = am_hill_exec(h, "BEGIN IMMEDIATE")) < 0)
		goto out;
	in_txn = 1;
	j.now = lim.now ? lim.now : (int64_t)time(NULL);
	/* before the duplicate check: a reply given up is not sent again */
	if ((rc = prune(h, j.now)) < 0)
		goto out;
	if ((rc = processed_before(h, mail.key, reply_out, reply_len,
	                           result_out)) < 0)
		goto out;
	if (rc > 0) {
		rc = am_hill_exec(h, "COMMIT");
		in_txn = rc < 0;
		goto out;
	}
	/* decide */
	j.h = h;
	j.mail = &mail;
	j.d = &d;
	j.lim = &lim;
	j.lang = d.lang;
	/* (the web's answers go to who asked, within its rate) */
	if (lim.web || len > SIZE_MAX / HILL_TOKEN_TIMES)
		j.token_room = SIZE_MAX;
	else if (len * HILL_TOKEN_TIMES > HILL_TOKEN_FLOOR)
		j.token_room = len * HILL_TOKEN_TIMES;
	else
		j.token_room = HILL_TOKEN_FLOOR;
	if (!mail.loop && mail.reply_to && mail.from && !lim.web &&
	    (rc = am_hill_rate(h, mail.rate_key, j.now, &rate)) < 0)
		goto out;
	if ((rc = decide_reply(&j, rate, reply_out, reply_len, &reply_id)) < 0)
		goto out;
	/* record, with the reply, in the same transaction; the reply locked
	 * for this delivery before another can see it (sending.c) */
	if ((rc = record_message(&j, *reply_out, *reply_len, reply_id)) < 0)
		goto out;
	if (*reply_out)
		am_hill_send_lock(h, am_hill_send_key(mail.key));
	if ((rc = am_hill_exec(h, "COMMIT")) < 0)
		goto out;
	in_txn = 0;
	*result_out = j.result;
	if (*reply_out && !(h->last_key = strdup(mail.key)))
		rc = am_hill_oom(AM_ENOMEM);
out:
	if (in_txn)
		sqlite3_exec(h->db, "ROLLBACK", NULL, NULL, NULL);
	if (rc < 0) {
		free(*reply_out);
		*reply_out = NULL;
		*reply_len = 0;
		*result_out = NULL;
	}
	ut_buf_free(&j.body);
	ut_buf_free(&j.logs);
	free(j.pre_name);
	free(j.pre_hash);
	free(reply_id);
	am_hill_directives_free(&d);
	am_hill_mail_free(&mail);
	return rc < 0 ? rc : 0;
}

int am_hill_mark_sent(am_hill *h)
{
	sqlite3_stmt *st;
	int rc;

	if (h->last_out) {
		if ((rc = am_hill_prepare(h, &st, "UPDATE outgoing SET sent = 1, "
		                       "msg = NULL WHERE id = ?")) < 0)
			return rc;
		sqlite3_bind_int64(st, 1, h->last_out);
		if ((rc = step_done(h, st)) == 0) {
			h->last_out = 0;
			am_hill_send_unlock(h);
		}
		return rc;
	}
	if (!h->last_key)
		return 0;
	/* sent: the reply itself is no longer kept (its Message-ID is) */
	if ((rc = am_hill_prepare(h, &st, "UPDATE messages SET sent = 1, "
	                       "reply = NULL WHERE key = ?")) < 0)
		return rc;
	sqlite3_bind_text(st, 1, h->last_key, -1, SQLITE_STATIC);
	if ((rc = step_done(h, st)) == 0) {
		free(h->last_key);
		h->last_key = NULL;
		am_hill_send_unlock(h);
	}
	return rc;
}
