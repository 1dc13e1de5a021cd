/*
 * cmd_mail.c - `amaryllis mail --hill HILL.db`: process mail for a hill
 * (amaryllis/hill.h): one message on stdin (the MTA's pipe: an alias or
 * .forward line `|amaryllis mail --hill /path/HILL.db`), or every message
 * of a Maildir's new/ folder.  Each reply goes to an outbox folder or
 * through sendmail.
 *
 * Exit statuses are sysexits.h's, as MTAs read them: 0 ok (a polite
 * rejection included), 64 usage, 66 no hill, 75 try again later (database
 * busy, sendmail failed: the MTA retries, and a retried message gets its
 * stored reply, never a second state change), 70 internal error.
 */
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <sysexits.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"

#include "amaryllis/hill.h"
#include "util/buf.h"
#include "util/hash.h"
#include "util/out.h"
#include "util/utf8.h"

static const char help_ja[] =
	"使い方: amaryllis mail --hill 丘.db [オプション]... < メール\n"
	"   または: amaryllis mail --hill 丘.db --maildir フォルダ [オプション]...\n"
	"丘あてのメールを処理して返信します。標準入力の1通を処理するか（MTA の別名や\n"
	".forward に |amaryllis mail --hill /path/HILL.db と書く）、--maildir の new/ に\n"
	"あるメールをすべて処理して cur/ に移します。\n"
	"\n"
	"オプション:\n"
	"  --hill FILE            丘のデータベース（必須。amaryllis hill init で作る）\n"
	"  --outbox DIR           返信を DIR/*.eml に書く（既定: sendmail に渡す）\n"
	"  --sendmail CMD         返信を渡すコマンド（/bin/sh -c で実行。既定:\n"
	"                         /usr/sbin/sendmail -t -oi）\n"
	"  --return-path ADDR     返信のエンベロープ送信者（sendmail に -f ADDR を\n"
	"                         渡す。<> は空のリターンパス）\n"
	"  --maildir DIR          DIR/new のメールをすべて処理し、DIR/cur に移す\n"
	"  --max-bytes N          N バイトを超えるメールは読まずに断る（既定: 1048576）\n"
	"  --max-parts N          MIME パートの上限（既定: 64）\n"
	"  --max-depth N          MIME の入れ子の上限（既定: 8）\n"
	"  --max-work N           1戦闘の作業量の上限。超える戦闘のあるシートは断る\n"
	"                         （既定: 4000000）\n"
	"  --flush                メールを読まず、たまっているお知らせ（持ち主への\n"
	"                         ロックの通知など）だけを送る（cron 向け）\n"
	"  --log FILE             処理したメール1通、送ったお知らせ1通につき1行（時刻、\n"
	"                         Message-ID、送信者、結果、返信のファイル。送れなかった\n"
	"                         返信は failed）を FILE に追記する（- は標準エラー）\n"
	"  --lang ja|en           メッセージの言語（既定: ja。返信の言語は #lang）\n"
	"  -h, --help             このヘルプを表示して終了する\n"
	"\n"
	"終了コード（sysexits.h）: 0 正常（不正なメールへの丁寧な返信を含む）、64 使い方の\n"
	"誤り、66 丘がない、75 一時的な失敗（MTA が再送する）、70 内部の誤り\n"
	"\n"
	"例:\n"
	"  amaryllis mail --hill hill.db --outbox out/ < message.eml\n";

static const char help_en[] =
	"Usage: amaryllis mail --hill HILL.db [OPTION]... < MESSAGE\n"
	"  or:  amaryllis mail --hill HILL.db --maildir DIR [OPTION]...\n"
	"Process mail sent to a hill and reply.  Reads one message on standard input\n"
	"(an MTA alias or .forward line |amaryllis mail --hill /path/HILL.db), or\n"
	"with --maildir every message of its new/ folder, moved to cur/ when done.\n"
	"\n"
	"Options:\n"
	"  --hill FILE            the hill's database (required; amaryllis hill init)\n"
	"  --outbox DIR           write replies as DIR/*.eml (default: sendmail)\n"
	"  --sendmail CMD         pipe replies to CMD, run by /bin/sh -c (default\n"
	"                         /usr/sbin/sendmail -t -oi)\n"
	"  --return-path ADDR     the replies' envelope sender (-f ADDR given to\n"
	"                         sendmail; <> for the null return path)\n"
	"  --maildir DIR          process every message in DIR/new, move it to DIR/cur\n"
	"  --max-bytes N          refuse, unread, a message over N bytes (default 1048576)\n"
	"  --max-parts N          most MIME parts in a message (default 64)\n"
	"  --max-depth N          deepest MIME nesting (default 8)\n"
	"  --max-work N           work limit of a battle: a sheet with a battle past\n"
	"                         it is refused (default 4000000)\n"
	"  --flush                read no mail; only send the queued notices (a lock\n"
	"                         told to a unit's owner), e.g. from cron\n"
	"  --log FILE             append one line per mail and per notice (time,\n"
	"                         Message-ID, sender, result, reply file; failed for\n"
	"                         a reply not delivered) to FILE (- for stderr)\n"
	"  --lang ja|en           language of messages (default ja; replies follow #lang)\n"
	"  -h, --help             print this help and exit\n"
	"\n"
	"Exit status (sysexits.h): 0 ok (a polite rejection of bad mail included),\n"
	"64 usage, 66 no hill, 75 temporary failure (the MTA retries), 70 internal.\n"
	"\n"
	"Example:\n"
	"  amaryllis mail --hill hill.db --outbox out/ < message.eml\n";

enum {
	OPT_HILL = 500,
	OPT_OUTBOX,
	OPT_SENDMAIL,
	OPT_MAILDIR,
	OPT_MAX_BYTES,
	OPT_MAX_PARTS,
	OPT_MAX_DEPTH,
	OPT_FLUSH,
	OPT_LOG,
	OPT_RETURN_PATH,
	OPT_MAX_WORK_MAIL
};

static const struct option longopts[] = {
	{"lang", required_argument, NULL, OPT_LANG},
	{"help", no_argument, NULL, 'h'},
	{"hill", required_argument, NULL, OPT_HILL},
	{"outbox", required_argument, NULL, OPT_OUTBOX},
	{"sendmail", required_argument, NULL, OPT_SENDMAIL},
	{"return-path", required_argument, NULL, OPT_RETURN_PATH},
	{"maildir", required_argument, NULL, OPT_MAILDIR},
	{"max-bytes", required_argument, NULL, OPT_MAX_BYTES},
	{"max-parts", required_argument, NULL, OPT_MAX_PARTS},
	{"max-depth", required_argument, NULL, OPT_MAX_DEPTH},
	{"max-work", required_argument, NULL, OPT_MAX_WORK_MAIL},
	{"flush", no_argument, NULL, OPT_FLUSH},
	{"log", required_argument, NULL, OPT_LOG},
	{NULL, 0, NULL, 0}
};

typedef struct mail_run {
	cli_opts o;
	const char *hill_path, *outbox, *sendmail, *maildir;
	const char *return_path; /* --return-path ADDR, or NULL */
	const char *log;     /* --log FILE ("-": stderr), or NULL */
	char *cmd;           /* the reply command with " -f 'ADDR'" of
	                        --return-path (owned), or NULL */
	am_hill_limits lim;
	am_hill *hill;
	int flush;
	char *sent_to;       /* where the last reply went: its outbox file,
	                        or NULL (sendmail) */
	int unsent;          /* one(): the message was processed, its reply
	                        stored but not delivered */
} mail_run;

/* errno e's text in the language of the messages (--lang) */
#define ES(r, e) ut_cli_strerror((int)(r)->o.lang, (e))

/* The exit status for a library failure. */
static int status_of(int rc)
{
	switch (rc) {
	case AM_HILL_ENOTFOUND:
		return EX_NOINPUT;
	case AM_HILL_ETEMP:
	case AM_HILL_EBUSY:
	case AM_ENOMEM:
		return EX_TEMPFAIL;
	case AM_EINVALID:
		return EX_NOINPUT;
	default:
		return EX_SOFTWARE;
	}
}

/* Drops from buf[0..n) what is the message's mbox envelope line ("From
 * sender date", which Postfix's and Exim's pipes put first: no header and
 * no part of the message); *env: -1 not known yet (fewer than 5 bytes
 * read), 1 in the line, 0 past it or none.  The bytes kept. */
static size_t drop_envelope(char *buf, size_t n, int *env)
{
	const char *nl;

	if (*env < 0) {
		if (memcmp(buf, "From ", n < 5 ? n : 5) != 0)
			*env = 0;
		else if (n >= 5)
			*env = 1;
		if (*env <= 0)
			return n;
	}
	if (!(nl = memchr(buf, '\n', n)))
		return 0; /* all of it is the line's */
	*env = 0;
	n -= (size_t)(nl - buf) + 1;
	memmove(buf, nl + 1, n);
	return n;
}

/*
 * Read one message from fd: at most max + 1 bytes are kept (a longer
 * message is refused by the hill from its headers), the rest is read and
 * dropped so that the MTA's pipe does not break.  An mbox envelope line
 * first is dropped as it is read and not counted (drop_envelope): counted,
 * a message over max lost the line's length from its max + 1 bytes to the
 * hill's own skipping of it, and the hill read the cut message as whole
 * (mail review 2026-12-06: a 2 MB mail through Postfix was answered "There
 * is no unit sheet", not "too large").  0 or an errno value.
 */
static int read_message(int fd, size_t max, char **out, size_t *len)
{
	size_t cap = max < 65536 ? max + 1 : 65536, n = 0;
	char *buf = malloc(cap), scratch[65536];
	ssize_t k;
	int env = -1;

	if (!buf)
		return ENOMEM;
	for (;;) {
		if (n == cap && cap < max + 1) {
			size_t nc = cap * 2 < max + 1 ? cap * 2 : max + 1;
			char *g = realloc(buf, nc);
			if (!g) {
				free(buf);
				return ENOMEM;
			}
			buf = g;
			cap = nc;
		}
		if (n < cap)
			k = read(fd, buf + n, cap - n);
		else
			k = read(fd, scratch, sizeof(scratch));
		if (k < 0 && errno == EINTR)
			continue;
		if (k < 0) {
			int e = errno;
			free(buf);
			return e;
		}
		if (k == 0)
			break;
		if (n < cap) {
			n += (size_t)k;
			if (env != 0)
				n = drop_envelope(buf, n, &env);
		}
	}
	*out = buf;
	*len = n;
	return 0;
}

/*
 * DIR/<FNV-1a of the reply>-<length>.eml, written whole or not at all
 * (util/out.h: a temporary file in DIR, fsync'ed, renamed).  The name
 * comes from the reply's bytes: a stored reply that is sent again (the
 * process was killed after writing it but before am_hill_mark_sent) is
 * byte for byte the same, so the rename replaces the first copy and the
 * outbox holds every reply once (docs/HILL.md, "the duplicate window").
 */
static int to_outbox(mail_run *r, const char *reply, size_t len)
{
	ut_buf fin = UT_BUF_INIT;
	ut_out f;
	int rc = -1;

	ut_buf_printf(&fin, "%s/%016llx-%zu.eml", r->outbox,
	              (unsigned long long)ut_fnv1a(UT_FNV1A_START, reply, len), len);
	if (fin.failed) {
		cli_error(&r->o, "mail: %s", ES(r, ENOMEM));
	} else if (ut_out_open(&f, fin.ptr, NULL) < 0 ||
	           /* the owner's alone, as the hill's database (a reply
	            * holds a player's address and results) */
	           (fchmod(fileno(f.f), 0600) < 0 && (f.err = errno)) ||
	           ut_out_write(&f, reply, len) < 0 ||
	           ut_out_close(&f, 1) < 0) {
		cli_error(&r->o, "mail: %s: %s", fin.ptr, ES(r, f.err));
		ut_out_close(&f, 0);
	} else {
		rc = 0;
		free(r->sent_to);
		r->sent_to = fin.ptr; /* for --log */
		fin.ptr = NULL;
	}
	ut_buf_free(&fin);
	return rc;
}

/*
 * --outbox DIR checked before any mail is read: a folder that is missing,
 * not a folder, or not writable would let the hill commit a message's
 * state change and then fail to write its reply.  Said here, by its name,
 * nothing is changed: exit 75 (the MTA keeps the mail until the host made
 * the folder).  0, or the exit status.
 */
static int outbox_ok(mail_run *r)
{
	struct stat sb;
	int e;

	if (stat(r->outbox, &sb) != 0) {
		e = errno;
		if (e == ENOENT || e == ENOTDIR)
			cli_error(&r->o, UT_TR(&r->o, "mail: --outbox のフォルダ %s がありません",
			                "mail: --outbox: the folder %s does not exist"),
			          r->outbox);
		else
			cli_error(&r->o, "mail: --outbox: %s: %s", r->outbox, ES(r, e));
		return EX_TEMPFAIL;
	}
	if (!S_ISDIR(sb.st_mode)) {
		cli_error(&r->o, UT_TR(&r->o, "mail: --outbox の %s はフォルダではありません",
		                "mail: --outbox: %s is not a folder"), r->outbox);
		return EX_TEMPFAIL;
	}
	if (access(r->outbox, W_OK | X_OK) != 0) {
		e = errno;
		cli_error(&r->o, UT_TR(&r->o, "mail: --outbox のフォルダ %s に書き込めません（%s）",
		                "mail: --outbox: the folder %s is not writable (%s)"),
		          r->outbox, ES(r, e));
		return EX_TEMPFAIL;
	}
	return 0;
}

/* The default reply command, by its full path: MTAs run pipe deliveries
 * with a short PATH (Postfix's local(8) and OpenSMTPD: /usr/bin:/bin; Exim:
 * /bin:/usr/bin) that lacks /usr/sbin, where every MTA installs sendmail
 * (FHS, LSB).  tests/front/amaryllis/hill/mta_e2e.sh found a bare "sendmail" missing there. */
#define AM_MAIL_SENDMAIL "/usr/sbin/sendmail -t -oi"

/* 1 when a --return-path is "<>" or looks like an address: a local part
 * and a domain of letters, digits and . _ + - = (so that it can go in
 * single quotes to /bin/sh as it is, and is no option to sendmail). */
static int return_path_ok(const char *a)
{
	const char *at = strchr(a, '@'), *p;

	if (strcmp(a, "<>") == 0)
		return 1;
	if (!at || at == a || !at[1] || strchr(at + 1, '@') || *a == '-' ||
	    strlen(a) > 254)
		return 0;
	for (p = a; *p; p++)
		if (!(isalnum((unsigned char)*p) || strchr("._+-=@", *p)))
			return 0;
	return 1;
}

/* CMD " -f 'ADDR'" (owned), or NULL when out of memory. */
static char *return_path_cmd(const char *cmd, const char *addr)
{
	size_t n = strlen(cmd) + strlen(addr) + 8;
	char *s = malloc(n);

	if (s)
		snprintf(s, n, "%s -f '%s'", cmd, addr);
	return s;
}

/* Pipe the reply to /bin/sh -c CMD; 0 when it exits 0. */
static int to_sendmail(mail_run *r, const char *reply, size_t len)
{
	const char *cmd = r->cmd ? r->cmd : r->sendmail ? r->sendmail :
	                  AM_MAIL_SENDMAIL;
	int p[2], st, wr;
	pid_t pid;

	if (pipe(p) < 0) {
		cli_error(&r->o, "mail: pipe: %s", ES(r, errno));
		return -1;
	}
	fflush(NULL);
	if ((pid = fork()) < 0) {
		cli_error(&r->o, "mail: fork: %s", ES(r, errno));
		close(p[0]);
		close(p[1]);
		return -1;
	}
	if (pid == 0) {
		close(p[1]);
		if (dup2(p[0], 0) < 0)
			_exit(127);
		close(p[0]);
		execl("/bin/sh", "sh", "-c", cmd, (char *)NULL);
		_exit(127);
	}
	close(p[0]);
	wr = ut_cli_write_all(p[1], reply, len);
	close(p[1]);
	while (waitpid(pid, &st, 0) < 0)
		if (errno != EINTR) {
			cli_error(&r->o, "mail: waitpid: %s", ES(r, errno));
			return -1;
		}
	if (wr < 0 || !WIFEXITED(st) || WEXITSTATUS(st) != 0) {
		cli_error(&r->o, UT_TR(&r->o, "mail: 返信を渡すコマンド「%s」が失敗しました"
		                       "（終了コード %d）",
		                "mail: '%s' failed (status %d)"), cmd,
		          WIFEXITED(st) ? WEXITSTATUS(st) : -1);
		return -1;
	}
	return 0;
}

static int deliver(mail_run *r, const char *msg, size_t len)
{
	return r->outbox ? to_outbox(r, msg, len) : to_sendmail(r, msg, len);
}

/* A field of a log line: at most 200 bytes, every control character (C0
 * with tab, DEL, C1) and byte that is not UTF-8 as '?' (a Message-ID is
 * the sender's text); "-" for none. */
static void log_field(ut_buf *b, const char *s)
{
	char f[201];

	if (!s || !*s) {
		ut_buf_puts(b, "-");
		return;
	}
	ut_utf8_printable(f, sizeof(f), s, 1);
	ut_buf_puts(b, f);
}

/* What became of a reply or a notice, for --log's REPLY field. */
enum { LOG_NO_REPLY = 0, LOG_SENT, LOG_FAILED };

/*
 * --log: one line per message processed, and one per notice sent (or
 * tried), appended with one write(2) (so that deliveries running at once
 * do not interleave within a line):
 *
 *     TIME<TAB>MESSAGE-ID<TAB>SENDER<TAB>RESULT<TAB>REPLY
 *
 * TIME in UTC (2026-12-01T18:00:00Z), RESULT as X-Amaryllis-Result says
 * (or "ignored"; "notice" for a notice, whose MESSAGE-ID is its own and
 * SENDER its recipient), REPLY the outbox file, "sendmail", "-" when
 * there was no reply, or "failed" when it could not be delivered (stored:
 * the next delivery sends it); "-" for a field the mail did not have.  A
 * log that cannot be written is said on stderr; the mail itself is done.
 */
static void log_write(mail_run *r, const char *msgid, const char *from,
                      const char *result, int replied)
{
	char when[32];
	time_t now = time(NULL);
	struct tm tm;
	ut_buf b = UT_BUF_INIT;
	int fd;

	gmtime_r(&now, &tm);
	strftime(when, sizeof(when), "%Y-%m-%dT%H:%M:%SZ", &tm);
	ut_buf_printf(&b, "%s\t", when);
	log_field(&b, msgid);
	ut_buf_puts(&b, "\t");
	log_field(&b, from);
	ut_buf_printf(&b, "\t%s\t", result ? result : "-");
	log_field(&b, replied == LOG_NO_REPLY ? NULL : replied == LOG_FAILED ?
	          "failed" : r->sent_to ? r->sent_to : "sendmail");
	ut_buf_puts(&b, "\n");
	if (b.failed) {
		cli_error(&r->o, "mail: --log: %s", ES(r, ENOMEM));
	} else if (strcmp(r->log, "-") == 0) {
		if (ut_cli_write_all(2, b.ptr, b.len) < 0)
			cli_error(&r->o, "mail: --log: <stderr>: %s", ES(r, errno));
	} else if ((fd = open(r->log, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC,
	                      0640)) < 0) {
		cli_error(&r->o, "mail: %s: %s", r->log, ES(r, errno));
	} else {
		if (ut_cli_write_all(fd, b.ptr, b.len) < 0)
			cli_error(&r->o, "mail: %s: %s", r->log, ES(r, errno));
		if (close(fd) < 0)
			cli_error(&r->o, "mail: %s: %s", r->log, ES(r, errno));
	}
	ut_buf_free(&b);
}

/* The log line of the message am_hill_process just read. */
static void log_line(mail_run *r, const char *result, int replied)
{
	const char *msgid, *from;

	if (!r->log)
		return;
	am_hill_last_message(&msgid, &from, r->hill);
	log_write(r, msgid, from, result, replied);
}

/* The value of header `name` (its first line) in the header block of
 * msg, the hill's own message: the text between < and > when it has
 * them; owned, or NULL when there is none (or no memory). */
static char *header_of(const char *msg, size_t len, const char *name)
{
	size_t n = strlen(name), i = 0;

	while (i < len && msg[i] != '\r' && msg[i] != '\n') {
		const char *line = msg + i, *nl = memchr(line, '\n', len - i);
		size_t ll = nl ? (size_t)(nl - line) : len - i;
		if (ll > n && line[n] == ':' && strncasecmp(line, name, n) == 0) {
			const char *v = line + n + 1, *e = line + ll, *lt, *gt;
			while (v < e && (*v == ' ' || *v == '\t'))
				v++;
			while (e > v && (e[-1] == '\r' || e[-1] == ' '))
				e--;
			if ((lt = memchr(v, '<', (size_t)(e - v))) &&
			    (gt = memchr(lt, '>', (size_t)(e - lt)))) {
				v = lt + 1;
				e = gt;
			}
			return strndup(v, (size_t)(e - v));
		}
		i += ll + 1;
	}
	return NULL;
}

/*
 * Deliver the notices the hill queued (am_hill_next_notice): mail to
 * owners, e.g. that their unit was locked.  A notice that cannot be
 * delivered stays queued for the next run and is said on stderr; it does
 * not make the message's delivery fail.  At most 100 a run.
 */
static void notices(mail_run *r)
{
	int k, d;

	for (k = 0; k < 100; k++) {
		char *msg;
		size_t len;
		if (am_hill_next_notice(&msg, &len, r->hill) < 0) {
			cli_error(&r->o, "mail: %s", am_error_last_lang(r->o.lang));
			return;
		}
		if (!msg)
			return;
		free(r->sent_to);
		r->sent_to = NULL;
		d = deliver(r, msg, len);
		if (r->log) {
			char *id = header_of(msg, len, "Message-Id"),
			     *to = header_of(msg, len, "To");
			log_write(r, id, to, "notice", d == 0 ? LOG_SENT : LOG_FAILED);
			free(id);
			free(to);
		}
		free(msg);
		if (d < 0)
			return;
		if (am_hill_mark_sent(r->hill) < 0) {
			cli_error(&r->o, "mail: %s", am_error_last_lang(r->o.lang));
			return;
		}
	}
}

/* Process one raw message and deliver its reply.  Returns an exit status. */
static int one(mail_run *r, const char *raw, size_t len, const char *what)
{
	char *reply;
	size_t rlen;
	const char *result;
	int rc;

	rc = am_hill_process(&reply, &rlen, &result, r->hill, raw, len,
	                     &r->lim);
	if (rc < 0) {
		cli_error(&r->o, "mail: %s%s%s", what ? what : "", what ? ": " : "",
		          am_error_last_lang(r->o.lang));
		return status_of(rc);
	}
	if (reply) {
		int d;
		free(r->sent_to);
		r->sent_to = NULL;
		d = deliver(r, reply, rlen);
		free(reply);
		log_line(r, result, d == 0 ? LOG_SENT : LOG_FAILED);
		if (d < 0) {
			r->unsent = 1;
			return EX_TEMPFAIL; /* stored, unsent: a retry sends it */
		}
		if ((rc = am_hill_mark_sent(r->hill)) < 0) {
			/* delivered but not marked: a retry would send it again;
			 * say so, but the message itself is done */
			cli_error(&r->o, "mail: %s", am_error_last_lang(r->o.lang));
		}
	}
	else
		log_line(r, result, LOG_NO_REPLY);
	notices(r);
	return EX_OK;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Every file of DIR/new in name order, processed, then moved to DIR/cur
 * (with the ":2," info of a seen message).  A transient failure of the
 * hill stops the pass (the file stays in new/ for the next one):
 * EX_TEMPFAIL.  A message whose reply could not be delivered stays in
 * new/ (the next pass sends the stored reply, given up after 5 days by
 * the hill) and the pass goes on: EX_TEMPFAIL at the end (security review
 * 2026-12-07: a sender whose address sendmail refused at once, first in
 * new/, stopped every pass before the mail of everyone else).  A file
 * that cannot be read, or is no regular file (a folder, a FIFO, which an
 * open without O_NONBLOCK waited on for ever, a symbolic link), is said
 * and left in new/, and the pass goes on to the next; then EX_TEMPFAIL
 * too (mail review 2026-12-06: a folder in new/
 * stopped every pass before the messages after it). */
static int maildir_pass(mail_run *r)
{
	ut_buf p = UT_BUF_INIT;
	DIR *d;
	struct dirent *de;
	char **names = NULL;
	size_t n = 0, cap = 0, i;
	int status = EX_OK, unread = 0, unsent = 0;

	ut_buf_printf(&p, "%s/new", r->maildir);
	if (p.failed || !(d = opendir(p.ptr))) {
		cli_error(&r->o, "mail: %s: %s", p.ptr ? p.ptr : r->maildir, ES(r, errno));
		ut_buf_free(&p);
		return EX_NOINPUT;
	}
	while ((de = readdir(d))) {
		if (de->d_name[0] == '.')
			continue;
		if (n == cap) {
			char **g = realloc(names, (cap = cap ? cap * 2 : 64) * sizeof(*g));
			if (!g)
				break;
			names = g;
		}
		if (!(names[n] = strdup(de->d_name)))
			break;
		n++;
	}
	closedir(d);
	if (n)
		qsort(names, n, sizeof(*names), cmp_str);
	for (i = 0; i < n && status == EX_OK; i++) {
		ut_buf src = UT_BUF_INIT, dst = UT_BUF_INIT;
		char *raw;
		size_t len;
		struct stat st;
		int fd, e;
		ut_buf_printf(&src, "%s/new/%s", r->maildir, names[i]);
		ut_buf_printf(&dst, "%s/cur/%s%s", r->maildir, names[i],
		              strchr(names[i], ':') ? "" : ":2,");
		if (src.failed || dst.failed) {
			status = EX_TEMPFAIL;
		} else if ((fd = open(src.ptr, O_RDONLY | O_NONBLOCK |
		                      O_NOFOLLOW | O_CLOEXEC)) < 0 &&
		           errno == ENOENT) {
			/* another pass took it */
		} else if (fd < 0 || fstat(fd, &st) < 0 || !S_ISREG(st.st_mode)) {
			/* ELOOP: a symbolic link (O_NOFOLLOW) */
			e = fd < 0 && errno != ELOOP ? errno : 0;
			cli_error(&r->o, "mail: %s: %s", src.ptr, e ? ES(r, e) :
			          UT_TRL(r->o.lang, "通常のファイルではないので飛ばし"
			                 "ました", "not a regular file: skipped"));
			if (fd >= 0)
				close(fd);
			unread = 1;
		} else {
			e = read_message(fd, r->lim.max_bytes, &raw, &len);
			close(fd);
			if (e) {
				cli_error(&r->o, "mail: %s: %s", src.ptr, ES(r, e));
				unread = 1;
			} else {
				r->unsent = 0;
				status = one(r, raw, len, src.ptr);
				free(raw);
				if (status == EX_TEMPFAIL && r->unsent) {
					unsent = 1; /* left in new/ */
					status = EX_OK;
				} else if (status == EX_OK &&
				           rename(src.ptr, dst.ptr) < 0 &&
				           errno != ENOENT) {
					cli_error(&r->o, "mail: %s: %s", dst.ptr, ES(r, errno));
					status = EX_TEMPFAIL;
				}
			}
		}
		ut_buf_free(&src);
		ut_buf_free(&dst);
	}
	for (i = 0; i < n; i++)
		free(names[i]);
	free(names);
	ut_buf_free(&p);
	return status == EX_OK && (unread || unsent) ? EX_TEMPFAIL : status;
}

static int usage(int rc)
{
	return rc == EXIT_USAGE ? EX_USAGE : rc;
}

static int parse_size(mail_run *r, const char *opt, const char *arg,
                      uint64_t max, size_t *out)
{
	uint64_t v;

	if (ut_cli_parse_u64(&v, arg, max) < 0 || v < 1)
		return usage(cli_bad_number(&r->o, "mail", opt, 1, max, arg));
	*out = (size_t)v;
	return 0;
}

int cmd_mail(const ut_cli *base, int argc, char **argv)
{
	mail_run r;
	int c, rc, status;

	memset(&r, 0, sizeof(r));
	r.o = cli_opts_of(base);
	r.lim = (am_hill_limits)AM_HILL_LIMITS_INIT;
	cli_getopt_begin(&r.o, argc, argv, CLI_SHORTOPTS, longopts);
	while ((c = getopt_long(argc, argv, CLI_SHORTOPTS, longopts, NULL)) != -1) {
		switch (c) {
		case 'h':
			return cli_help(&r.o, help_ja, help_en);
		case OPT_HILL:
			r.hill_path = optarg;
			break;
		case OPT_OUTBOX:
			r.outbox = optarg;
			break;
		case OPT_SENDMAIL:
			r.sendmail = optarg;
			break;
		case OPT_MAILDIR:
			r.maildir = optarg;
			break;
		case OPT_MAX_BYTES:
			if ((rc = parse_size(&r, "--max-bytes", optarg, (uint64_t)1 << 30,
			                     &r.lim.max_bytes)))
				return rc;
			break;
		case OPT_MAX_PARTS:
			if ((rc = parse_size(&r, "--max-parts", optarg, 100000,
			                     &r.lim.max_parts)))
				return rc;
			break;
		case OPT_FLUSH:
			r.flush = 1;
			break;
		case OPT_LOG:
			r.log = optarg;
			break;
		case OPT_RETURN_PATH:
			r.return_path = optarg;
			break;
		case OPT_MAX_DEPTH:
			if ((rc = parse_size(&r, "--max-depth", optarg, 1000,
			                     &r.lim.max_depth)))
				return rc;
			break;
		case OPT_MAX_WORK_MAIL: {
			uint64_t v;
			if (ut_cli_parse_u64(&v, optarg, UINT64_MAX) < 0 || v < 1)
				return usage(cli_bad_number(&r.o, "mail", "--max-work",
				                            1, UINT64_MAX, optarg));
			r.lim.max_work = v;
			break;
		}
		default:
			if ((rc = cli_common_option(&r.o, "mail", c, optarg)) == 0)
				return usage(cli_bad_option(&r.o, "mail", c, argv, longopts));
			if (rc != 1)
				return usage(rc);
		}
	}
	if (optind < argc)
		return usage(cli_usage_error(&r.o, "mail",
		                             UT_TR(&r.o, "余分な引数「%s」があります",
		                                   "unexpected operand '%s'"),
		                             argv[optind]));
	if (!r.hill_path)
		return usage(cli_usage_error(&r.o, "mail",
		                             UT_TR(&r.o, "--hill が必要です",
		                                   "--hill is required")));
	if (r.sendmail && r.sendmail[strspn(r.sendmail, " \t\r\n")] == '\0')
		/* an empty command: sh -c '' succeeds and every reply is lost */
		return usage(cli_usage_error(&r.o, "mail",
		                             UT_TR(&r.o, "--sendmail にコマンドがありません",
		                                   "--sendmail has no command")));
	if (r.outbox && r.sendmail)
		return usage(cli_usage_error(&r.o, "mail",
		                             UT_TR(&r.o, "--outbox と --sendmail は同時に使えません",
		                                   "--outbox and --sendmail exclude each other")));
	if (r.return_path) {
		if (r.outbox)
			return usage(cli_usage_error(&r.o, "mail",
			                             UT_TR(&r.o, "--outbox と --return-path は同時に使えません",
			                                   "--outbox and --return-path exclude each other")));
		if (!return_path_ok(r.return_path))
			return usage(cli_usage_error(&r.o, "mail",
			                             UT_TR(&r.o, "--return-path「%s」はアドレスでも <> でもありません",
			                                   "--return-path '%s' is neither an address nor <>"),
			                             r.return_path));
		if (!(r.cmd = return_path_cmd(r.sendmail ? r.sendmail : AM_MAIL_SENDMAIL,
		                              r.return_path))) {
			cli_error(&r.o, "mail: %s", ES(&r, ENOMEM));
			return EX_SOFTWARE;
		}
	}
	if (r.outbox && (status = outbox_ok(&r)) != 0)
		return status;
	signal(SIGPIPE, SIG_IGN); /* a dead sendmail is an EPIPE, not a death */
	if ((rc = am_hill_open(&r.hill, r.hill_path)) < 0) {
		cli_error(&r.o, "mail: %s", am_error_last_lang(r.o.lang));
		return status_of(rc);
	}
	if (r.flush) {
		notices(&r);
		status = EX_OK;
	} else if (r.maildir) {
		status = maildir_pass(&r);
	} else {
		char *raw;
		size_t len;
		int e = read_message(0, r.lim.max_bytes, &raw, &len);
		if (e) {
			cli_error(&r.o, "mail: <stdin>: %s", ES(&r, e));
			status = EX_TEMPFAIL;
		} else {
			status = one(&r, raw, len, NULL);
			free(raw);
		}
	}
	am_hill_free(r.hill);
	free(r.sent_to);
	free(r.cmd);
	return status;
}
