/* cli.c - the command-line conventions of every tool (util/cli.h). */
#include "util/cli.h"

#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <signal.h>
#include <stdatomic.h>
#include <sys/stat.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>
#include <utf8proc.h>

#include "util/buf.h"
#include "util/error.h"
#include "util/out.h"
#include "util/utf8.h"
#include "util/width.h"

static const char *visible_into(char *buf, size_t cap, const char *s);

void ut_cli_verror(const ut_cli *c, const char *fmt, va_list ap)
{
	/* on the stack: no allocation to say there is none */
	char msg[4096], shown[4200], vis[4200];
	const char *text;

	vsnprintf(msg, sizeof(msg), fmt, ap);
	/* "out of memory" in the page's language (util/error.h) */
	text = ut_error_text_lang((int)c->lang, msg, shown, sizeof(shown));
	/* a file name or any text from outside that the message holds: its
	 * control characters (a newline, ESC) as <U+XXXX> (docs/CLI.md), so that
	 * the message stays one line and no escape reaches the terminal */
	if (!ut_str_plain(text))
		text = visible_into(vis, sizeof(vis), text);
	fprintf(stderr, "%s: %s\n", c->prog, text);
}

void ut_cli_error(const ut_cli *c, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	ut_cli_verror(c, fmt, ap);
	va_end(ap);
}

int ut_cli_vusage_error(const ut_cli *c, const char *cmd, const char *fmt,
                        va_list ap)
{
	ut_buf raw = UT_BUF_INIT, shown = UT_BUF_INIT;

	if (c->quiet)
		return UT_EXIT_USAGE;
	/* the message quotes arguments as given: their control characters
	 * (a newline, ESC) as <U+XXXX>, so that it stays one line and no
	 * escape sequence reaches the terminal */
	ut_buf_vprintf(&raw, fmt, ap);
	if (!raw.failed && raw.ptr)
		ut_buf_visible(&shown, raw.ptr, raw.len);
	fprintf(stderr, "%s: ", c->prog);
	if (cmd)
		fprintf(stderr, "%s: ", cmd);
	if (!shown.failed && shown.ptr)
		fwrite(shown.ptr, 1, shown.len, stderr);
	else if (raw.failed || shown.failed)
		/* not the message raw (its control characters would reach the
		 * terminal), nor an empty one: why there is none */
		fputs(UT_TR(c, "メモリが足りません", "out of memory"), stderr);
	ut_buf_free(&raw);
	ut_buf_free(&shown);
	fputc('\n', stderr);
	fprintf(stderr, UT_TR(c, "詳しくは「%s %s%s--help」を実行してください。\n",
	                      "Try '%s %s%s--help' for more information.\n"),
	        c->prog, cmd ? cmd : "", cmd ? " " : "");
	return UT_EXIT_USAGE;
}

int ut_cli_usage_error(const ut_cli *c, const char *cmd, const char *fmt, ...)
{
	va_list ap;
	int rc;

	va_start(ap, fmt);
	rc = ut_cli_vusage_error(c, cmd, fmt, ap);
	va_end(ap);
	return rc;
}

int ut_cli_bad_number(const ut_cli *c, const char *cmd, const char *opt,
                      uint64_t lo, uint64_t hi, const char *arg)
{
	return ut_cli_usage_error(c, cmd,
		UT_TR(c, "%s には%" PRIu64 "から%" PRIu64 "までの整数を指定してください（「%s」）",
		      "%s needs a whole number from %" PRIu64 " to %" PRIu64 ", not '%s'"),
		opt, lo, hi, arg);
}

/* Whether the existing file `path` is no picture (--svg: its first
 * character, after blanks and a BOM, is not '<') or no cross table
 * (--matrix: it does not begin "rank,"): what an output option would
 * replace by mistake, a sheet or a scenario that getopt took as the
 * option's file (`league --matrix grisk.txt nut.txt …` replaced
 * grisk.txt).  0 for any other option, a file that is not there, empty
 * or not a regular file. */
static int not_ours(const char *opt, const char *path)
{
	char head[16];
	size_t n, i = 0;
	FILE *f;
	int svg = strcmp(opt, "--svg") == 0;

	if (!svg && strcmp(opt, "--matrix") != 0)
		return 0;
	if (!(f = fopen(path, "rb")))
		return 0;
	n = fread(head, 1, sizeof head, f);
	fclose(f);
	if (n == 0)
		return 0;
	if (n >= 3 && memcmp(head, "\xef\xbb\xbf", 3) == 0)
		i = 3; /* a BOM (a table saved again by a spreadsheet) */
	if (!svg)
		return n < i + 5 || memcmp(head + i, "rank,", 5) != 0;
	while (i < n && (head[i] == ' ' || head[i] == '\t' || head[i] == '\r' ||
	                 head[i] == '\n'))
		i++;
	return i < n && head[i] != '<';
}

int ut_cli_out_file(const ut_cli *c, const char *cmd, const char *opt,
                    const char *path)
{
	char dir[PATH_MAX];
	struct stat st;
	int e;

	if (strcmp(path, "-") == 0)
		return ut_cli_usage_error(c, cmd,
		                          UT_TR(c, "%s に「-」（標準出力）は使えません："
		                                   "ファイル名を指定してください",
		                                "%s cannot be - (standard output): "
		                                "give a file name"), opt);
	/* a rank other than 0 (quiet, UT-CLI-MPI-1) writes no file: its
	 * machine needs no such folder, and rank 0 says what is wrong (MPI
	 * review 2026-12-06: said once per rank) */
	if (c->quiet)
		return 0;
	/* The folder is looked at now, not after hours of runs (designer
	 * review 2026-12-06: playtest --svg /nonexist/x.svg played every duel
	 * first); the write at the end still checks everything. */
	if ((e = ut_out_check(path, dir, sizeof dir)) == 0) {
		if (stat(path, &st) == 0 && S_ISREG(st.st_mode) &&
		    not_ours(opt, path)) {
			ut_cli_error(c, UT_TR(c, "%s: %s %s はすでにあり、%sではありません"
			                         "（シートやシナリオの名前では？）："
			                         "置き換えません",
			                      "%s: %s %s exists and is not %s (a sheet "
			                      "or a scenario given by mistake?): it is "
			                      "not replaced"),
			             cmd, opt, path,
			             strcmp(opt, "--svg") == 0
			             ? UT_TR(c, "SVGの絵", "an SVG picture")
			             : UT_TR(c, "対戦表のCSV", "a cross table"));
			return UT_EXIT_INPUT;
		}
		return 0;
	}
	if (e == EISDIR)
		ut_cli_error(c, UT_TR(c, "%s: %s %s はフォルダです：ファイル名を"
		                         "指定してください",
		                      "%s: %s %s is a folder: give a file name"),
		             cmd, opt, path);
	else if (!dir[0]) /* the path itself (a link that cannot be followed) */
		ut_cli_error(c, "%s: %s %s: %s", cmd, opt, path,
		             ut_cli_strerror((int)c->lang, e));
	else if (e == ENOENT)
		ut_cli_error(c, UT_TR(c, "%s: %s %s：フォルダ %s がありません",
		                      "%s: %s %s: the folder %s does not exist"),
		             cmd, opt, path, dir);
	else
		ut_cli_error(c, UT_TR(c, "%s: %s %s：フォルダ %s に書き込めません（%s）",
		                      "%s: %s %s: cannot write in the folder %s "
		                      "(%s)"), cmd, opt, path, dir,
		             ut_cli_strerror((int)c->lang, e));
	return UT_EXIT_INPUT;
}

/* The language of the last options parsed (a command's --lang, else the
 * tool's), for the report of ut_cli_exit, which runs with the tool's
 * ut_cli after the command's copy is gone; -1 before any.  Set while the
 * arguments are parsed, on the main thread. */
static int lang_chosen = -1;

int ut_cli_lang_chosen(int fallback)
{
	return lang_chosen < 0 ? fallback : lang_chosen;
}

void ut_cli_getopt_begin(ut_cli *c, int argc, char **argv,
                         const char *shortopts, const struct option *longopts,
                         int lang_val)
{
	/* The first pass permutes a copy: on argv itself it could move an
	 * operand behind an option whose value is missing (battle A B
	 * --tie-break), and the real pass would take the operand as the value.
	 * On the stack for a command line of up to 63 words: no allocation
	 * that could fail and leave --lang unseen (the messages then in
	 * Japanese: output/no_memory). */
	char *mine[64];
	char **copy = (size_t)argc + 1 <= sizeof(mine) / sizeof(mine[0])
	              ? mine : malloc(((size_t)argc + 1) * sizeof(*copy));
	int ch;

	opterr = 0;
	optind = 0;
	if (copy) {
		memcpy(copy, argv, ((size_t)argc + 1) * sizeof(*copy));
		while ((ch = getopt_long(argc, copy, shortopts, longopts, NULL)) != -1) {
			const int lang = ch == lang_val ? ut_cli_lang_value(optarg) : -1;
			if (lang >= 0)
				c->lang = (ut_lang)lang;
		}
		if (copy != mine)
			free(copy);
	}
	optind = 0;
	lang_chosen = (int)c->lang;
}

const struct option *ut_cli_option(const struct option *lo, int val)
{
	for (; lo->name; lo++)
		if (lo->val == val)
			return lo;
	return NULL;
}

int ut_cli_bad_option(const ut_cli *c, const char *cmd, int ch, char **argv,
                      const struct option *longopts)
{
	const char *word = argv[optind - 1];
	const struct option *lo;
	size_t len, nmatch = 0;
	char names[512] = "";

	/* A short option: getopt tells only its letter (optind may still point
	 * into a cluster such as -xh).  Long ones report their value (≥ 256, or
	 * 'h' for --help, which as -h never fails) or 0. */
	if (ch == '?' && optopt != 0 && optopt != 'h' && optopt < 256)
		return ut_cli_usage_error(c, cmd, UT_TR(c, "オプション「-%c」はありません",
		                                        "unknown option '-%c'"),
		                          optopt);
	if (ch == ':' && (lo = ut_cli_option(longopts, optopt)))
		return ut_cli_usage_error(c, cmd,
		                          UT_TR(c, "オプション「--%s」には値が必要です",
		                                "option '--%s' needs a value"),
		                          lo->name);
	if (ch == '?' && optopt != 0 && (lo = ut_cli_option(longopts, optopt)))
		return ut_cli_usage_error(c, cmd,
		                          UT_TR(c, "オプション「--%s」は値を取りません",
		                                "option '--%s' takes no value"),
		                          lo->name);
	/* unknown, or a prefix of several (getopt_long takes a prefix of one) */
	len = strcspn(word, "=");
	if (len > 2)
		for (lo = longopts; lo->name; lo++)
			if (strncmp(lo->name, word + 2, len - 2) == 0) {
				size_t k = strlen(names);
				snprintf(names + k, sizeof(names) - k, "%s--%s",
				         nmatch++ ? ", " : "", lo->name);
			}
	if (nmatch > 1)
		return ut_cli_usage_error(c, cmd,
		                          UT_TR(c, "オプション「%.*s」はあいまいです（%s）",
		                                "option '%.*s' is ambiguous (%s)"),
		                          (int)len, word, names);
	/* a misspelt long option: the nearest, as for commands (--jbos) */
	if (len > 2 && word[0] == '-' && word[1] == '-' && len - 2 < 128) {
		const char *near = NULL;
		size_t best = SIZE_MAX;
		char name[128];
		memcpy(name, word + 2, len - 2);
		name[len - 2] = '\0';
		for (lo = longopts; lo->name; lo++)
			if (ut_utf8_closer(name, lo->name, &best))
				near = lo->name;
		if (near)
			return ut_cli_usage_error(
				c, cmd, UT_TR(c, "オプション「%.*s」はありません。"
				                 "「--%s」のことですか？",
				              "unknown option '%.*s'; did you mean "
				              "'--%s'?"),
				(int)len, word, near);
	}
	return ut_cli_usage_error(c, cmd, UT_TR(c, "オプション「%.*s」はありません",
	                                        "unknown option '%.*s'"),
	                          (int)len, word);
}

int ut_cli_listen_error(const ut_cli *c, const char *cmd, const char *listen)
{
	const char *colon = strrchr(listen, ':');
	uint64_t port;

	/* what is wrong with it (language review 2026-12-07: a port past
	 * 65535 got the same words as a missing colon) */
	if (colon &&
	    ut_utf8_parse_u64(&port, colon + 1, strlen(colon + 1),
	                      UINT64_MAX) == 0 && port > 65535)
		return ut_cli_usage_error(c, cmd,
		                          UT_TR(c, "--listen のポート %s は範囲外です"
		                                   "（0〜65535）",
		                                "--listen's port %s is out of range "
		                                "(0 to 65535)"), colon + 1);
	return ut_cli_usage_error(c, cmd,
	                          UT_TR(c, "--listen には 127.0.0.1:8080 のように"
	                                   "IPv4アドレス（か localhost）とポートを"
	                                   "指定してください（「%s」）",
	                                "--listen needs an IPv4 address (or "
	                                "localhost) and a port, like "
	                                "127.0.0.1:8080, not '%s'"), listen);
}

int ut_cli_lang_value(const char *arg)
{
	return ut_lang_from_name(arg);
}

int ut_cli_lang(ut_cli *c, const char *cmd, const char *arg)
{
	int lang = ut_cli_lang_value(arg);

	if (lang >= 0) {
		c->lang = (ut_lang)lang;
		return 0;
	}
	/* no language chosen: say it in both */
	return ut_cli_usage_error(c, cmd,
	                          UT_TR(c, "--lang の値「%s」は使えません（ja か en）"
	                                   " / unknown language '%s' (use ja or en)",
	                                "unknown language '%s' (use ja or en)%.0s"),
	                          arg, arg);
}

int ut_cli_help(const ut_cli *c, const char *ja, const char *en)
{
	const char *text = UT_TR(c, ja, en);

	if (c->quiet)
		return UT_EXIT_OK;
	if (ut_out_write(ut_out_stdout(), text, strlen(text)) < 0 ||
	    ut_out_flush(ut_out_stdout()) < 0)
		return UT_EXIT_INPUT; /* ut_cli_exit says why */
	return UT_EXIT_OK;
}

int ut_cli_version(const ut_cli *c, const char *version)
{
	if (ut_out_printf(ut_out_stdout(), "%s %s\n", c->prog, version) < 0 ||
	    ut_out_flush(ut_out_stdout()) < 0)
		return UT_EXIT_INPUT; /* ut_cli_exit says why */
	return UT_EXIT_OK;
}

int ut_cli_digit(const char *s, size_t *len)
{
	return ut_utf8_digit(s, len);
}

int ut_cli_parse_u64(uint64_t *out, const char *s, uint64_t max)
{
	/* digits only: strtoull would skip blanks and take a sign after them
	 * (" -1" is 2^64 - 1) */
	return ut_utf8_parse_u64(out, s, strlen(s), max);
}

int ut_cli_max_events(uint64_t *out, const ut_cli *c, const char *cmd,
                      const char *arg)
{
	uint64_t v;

	if (ut_cli_parse_u64(&v, arg, UINT64_MAX) < 0 || v < 1)
		return ut_cli_bad_number(c, cmd, "--max-events", 1, UINT64_MAX,
		                         arg);
	*out = v;
	return 0;
}

int ut_cli_max_bytes(size_t *out, const ut_cli *c, const char *cmd,
                     const char *arg)
{
	uint64_t v;

	if (ut_cli_parse_u64(&v, arg, UT_CLI_MAX_BYTES_MAX) < 0 || v < 1)
		return ut_cli_bad_number(c, cmd, "--max-bytes", 1,
		                         UT_CLI_MAX_BYTES_MAX, arg);
	*out = (size_t)v;
	return 0;
}

uint64_t ut_cli_series_budget(uint64_t given, uint64_t n, uint64_t per_run)
{
	uint64_t share;

	if (given)
		return given;
	share = n ? UT_CLI_SERIES_EVENTS / n : UT_CLI_SERIES_EVENTS;
	if (share > per_run)
		share = per_run;
	if (share < UT_CLI_RUN_EVENTS_MIN)
		share = per_run < UT_CLI_RUN_EVENTS_MIN ? per_run
		                                        : UT_CLI_RUN_EVENTS_MIN;
	return share ? share : 1;
}

int ut_cli_write_all(int fd, const char *p, size_t n)
{
	while (n > 0) {
		ssize_t k = write(fd, p, n);
		if (k < 0 && errno == EINTR)
			continue;
		if (k <= 0)
			return -1;
		p += k;
		n -= (size_t)k;
	}
	return 0;
}

int ut_cli_read(char **out, size_t *len, FILE *f, size_t max)
{
	size_t cap = max < (1 << 16) ? max + 1 : 1 << 16, n = 0;
	char *buf = malloc(cap);

	if (!buf)
		return ENOMEM;
	for (;;) {
		size_t r;
		if (n == cap) {
			char *p;
			size_t grow = cap > max / 2 ? max + 1 : cap * 2;
			if (cap > max) {
				free(buf);
				return EFBIG;
			}
			p = realloc(buf, grow);
			if (!p) {
				free(buf);
				return ENOMEM;
			}
			buf = p;
			cap = grow;
		}
		r = fread(buf + n, 1, cap - n, f);
		n += r;
		if (r == 0) {
			if (ferror(f)) {
				int err = errno ? errno : EIO;
				free(buf);
				return err;
			}
			break;
		}
	}
	if (n > max) {
		free(buf);
		return EFBIG;
	}
	*out = buf;
	*len = n;
	return 0;
}

void ut_cli_show_context(const char *line, size_t len, uint32_t col)
{
	ut_buf b = UT_BUF_INIT;

	ut_buf_context(&b, line, len, col);
	if (b.len && !b.failed)
		fwrite(b.ptr, 1, b.len, stderr);
	ut_buf_free(&b);
}

/* s into buf (cap bytes, cap >= 4) as text to show: its characters that
 * ut_char_hidden finds (C0 and C1 controls, DEL, bidi and invisible
 * ones) as <U+XXXX>, bytes that are not UTF-8 as U+FFFD, cut with "…"
 * where buf is full. */
static const char *visible_into(char *buf, size_t cap, const char *s)
{
	const utf8proc_uint8_t *p = (const utf8proc_uint8_t *)s;
	size_t len = strlen(s), i, n = 0;

	for (i = 0; i < len;) {
		char piece[16];
		size_t m;
		utf8proc_int32_t c;
		utf8proc_ssize_t k = utf8proc_iterate(p + i,
		                                      (utf8proc_ssize_t)(len - i), &c);
		if (k <= 0) {
			memcpy(piece, "\xef\xbf\xbd", m = 3); /* U+FFFD */
			k = 1;
		} else if (ut_char_hidden(c)) {
			m = (size_t)snprintf(piece, sizeof piece, "<U+%04X>",
			                     (unsigned)c);
		} else {
			memcpy(piece, s + i, m = (size_t)k);
		}
		/* room for the piece, "…" (3 bytes) and the NUL */
		if (n + m + 4 > cap) {
			memcpy(buf + n, "\xe2\x80\xa6", 3);
			n += 3;
			break;
		}
		memcpy(buf + n, piece, m);
		n += m;
		i += (size_t)k;
	}
	buf[n] = '\0';
	return buf;
}

const char *ut_cli_shown_name(char *buf, const char *path)
{
	if (strcmp(path, "-") == 0)
		return "<stdin>";
	if (ut_str_plain(path))
		return path;
	return visible_into(buf, UT_CLI_NAME_MAX, path);
}

const char *ut_cli_strerror(int lang, int err)
{
	return ut_strerror(lang, err);
}

int ut_cli_read_path(char **text, size_t *len, const ut_cli *ui,
                     const char *path, size_t max, const char *opt)
{
	char name[UT_CLI_NAME_MAX];
	const char *shown = ut_cli_shown_name(name, path);
	FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
	int err;

	if (!f) {
		fprintf(stderr, UT_TR(ui, "%s: error: 開けません：%s\n",
		                      "%s: error: cannot open: %s\n"),
		        shown, ut_cli_strerror((int)ui->lang, errno));
		return UT_EXIT_INPUT;
	}
	err = ut_cli_read(text, len, f, max);
	if (f != stdin)
		fclose(f);
	if (err == EFBIG) {
		fprintf(stderr, UT_TR(ui, "%s: error: ファイルが大きすぎます：上限%zu"
		                          "バイトを超えています",
		                      "%s: error: file too large: over the limit of "
		                      "%zu bytes"), shown, max);
		fprintf(stderr, opt ? UT_TR(ui, "（%s）\n", " (%s)\n") : "\n",
		        opt ? opt : "");
		return UT_EXIT_INPUT;
	}
	if (err) {
		fprintf(stderr, UT_TR(ui, "%s: error: 読めません：%s\n",
		                      "%s: error: cannot read: %s\n"),
		        shown, ut_cli_strerror((int)ui->lang, err));
		return UT_EXIT_INPUT;
	}
	return UT_EXIT_OK;
}

/* ---- a tool made of commands ------------------------------------------ */

enum { MAIN_LANG = 256, MAIN_VERSION };

static int main_help(const ut_cli *c, const char *about_ja,
                     const char *about_en, const ut_cli_command *commands)
{
	ut_buf b = UT_BUF_INIT;
	size_t i;
	int rc, width = 6; /* the names in a column, at least 6 wide */

	for (i = 0; commands[i].name; i++)
		if (strlen(commands[i].name) > (size_t)width)
			width = (int)strlen(commands[i].name);
	ut_buf_printf(&b, UT_TR(c, "使い方: %s [--lang ja|en] コマンド [オプション]... 引数...\n%s\n\nコマンド:\n",
	                        "Usage: %s [--lang ja|en] COMMAND [OPTION]... OPERAND...\n%s\n\nCommands:\n"),
	              c->prog, UT_TR(c, about_ja, about_en));
	for (i = 0; commands[i].name; i++)
		ut_buf_printf(&b, "  %-*s  %s\n", width, commands[i].name,
		              UT_TR(c, commands[i].ja, commands[i].en));
	ut_buf_printf(&b, UT_TR(c,
		"\n"
		"オプション:\n"
		"  --lang ja|en  メッセージとヘルプの言語（既定: ja）\n"
		"  -h, --help    このヘルプを表示して終了する\n"
		"  --version     版を表示して終了する\n"
		"\n"
		"各コマンドのヘルプ: %s コマンド --help（コマンドの後の --lang が優先）。\n"
		"終了コード: 0 正常、1 入力の誤り、2 使い方の誤り\n",
		"\n"
		"Options:\n"
		"  --lang ja|en  language of messages and help (default ja)\n"
		"  -h, --help    print this help and exit\n"
		"  --version     print the version and exit\n"
		"\n"
		"Each command has its own help: %s COMMAND --help (and may have its\n"
		"own --lang, which wins).\n"
		"Exit status: 0 ok, 1 bad input, 2 usage.\n"), c->prog);
	if (b.failed) {
		ut_buf_free(&b);
		ut_cli_error(c, "out of memory");
		return UT_EXIT_INPUT;
	}
	rc = ut_cli_help(c, b.ptr, b.ptr);
	ut_buf_free(&b);
	return rc;
}

/* c, or *cc: c in the language of the last --lang ja|en among argv[1..]
 * (up to a "--"), which the tool's own options stopped before. */
static const ut_cli *later_lang(const ut_cli *c, int argc, char **argv,
                                ut_cli *cc)
{
	int i;

	for (i = 1; i < argc && strcmp(argv[i], "--") != 0; i++) {
		const char *v = strncmp(argv[i], "--lang=", 7) == 0 ? argv[i] + 7
		                : strcmp(argv[i], "--lang") == 0 && i + 1 < argc
		                ? argv[i + 1] : NULL;
		const int lang = v ? ut_cli_lang_value(v) : -1;
		if (lang >= 0) {
			*cc = *c;
			cc->lang = (ut_lang)lang;
			c = cc;
		}
	}
	return c;
}

/* 1 when name is a word of the summary en (ASCII letters and digits, any
 * case: `gm` in "the GM's combat tracker"), or, holding a non-ASCII byte,
 * a part of ja (`トラッカー` in "GMの戦闘トラッカー"); names of 2 bytes or
 * more. */
static int in_summary(const char *name, const char *ja, const char *en)
{
	size_t n = strlen(name), i;
	const char *p;

	if (n < 2)
		return 0;
	for (i = 0; i < n; i++)
		if ((unsigned char)name[i] >= 0x80)
			return ja && strstr(ja, name) != NULL;
	for (p = en; p && *p;) {
		size_t k = 0;
		while (p[k] && isalnum((unsigned char)p[k]))
			k++;
		if (k == n && strncasecmp(p, name, n) == 0)
			return 1;
		p += k ? k : 1;
	}
	return 0;
}

/* Run the command `name`, which *cmd names from then on (for ut_cli_exit). */
static int main_run(const ut_cli *c, const ut_cli_command *commands,
                    const char *name, int argc, char **argv, const char **cmd)
{
	size_t i;

	size_t best = SIZE_MAX;
	const char *near = NULL;
	ut_cli cc;

	for (i = 0; commands[i].name; i++)
		if (strcmp(name, commands[i].name) == 0) {
			optind = 0; /* a fresh scan for the command */
			*cmd = commands[i].name;
			return commands[i].run(c, argc, argv);
		}
	/* its message in the language of a --lang after it (PROG chek --lang
	 * en), as a known command's would be (docs/CLI.md) */
	c = later_lang(c, argc, argv, &cc);
	/* a misspelt command: the nearest, as for a scenario's keys */
	for (i = 0; commands[i].name; i++)
		if (ut_utf8_closer(name, commands[i].name, &best))
			near = commands[i].name;
	/* else a word of one command's summary (language review
	 * 2026-12-07: a GM typed `megami gm` for the tracker) */
	if (!near) {
		size_t found = 0;
		const char *word = NULL;
		for (i = 0; commands[i].name; i++)
			if (in_summary(name, commands[i].ja, commands[i].en)) {
				found++;
				word = commands[i].name;
			}
		if (found == 1) /* two or more: no suggestion */
			near = word;
	}
	if (near)
		return ut_cli_usage_error(c, NULL,
		                          UT_TR(c, "コマンド「%s」はありません。"
		                                   "「%s」のことですか？",
		                                "unknown command '%s'; did you "
		                                "mean '%s'?"), name, near);
	return ut_cli_usage_error(c, NULL, UT_TR(c, "コマンド「%s」はありません",
	                                         "unknown command '%s'"), name);
}

/* ut_cli_main but for closing stdout; *cmd: the command run, if any. */
static int main_body(ut_cli *c, int argc, char **argv, const char *version,
                     const char *about_ja, const char *about_en,
                     const ut_cli_command *commands, const char **cmd)
{
	static const struct option longopts[] = {
		{"lang", required_argument, NULL, MAIN_LANG},
		{"help", no_argument, NULL, 'h'},
		{"version", no_argument, NULL, MAIN_VERSION},
		{NULL, 0, NULL, 0}
	};
	int ch, help = 0, n, rc;
	char **sub;
	ut_cli cc;
	const ut_cli *lc;

	ut_cli_getopt_begin(c, argc, argv, "+:h", longopts, MAIN_LANG);
	for (;;) {
		while ((ch = getopt_long(argc, argv, "+:h", longopts, NULL)) != -1) {
			switch (ch) {
			case 'h':
				return main_help(c, about_ja, about_en, commands);
			case MAIN_VERSION:
				return ut_cli_version(c, version);
			case MAIN_LANG:
				if (ut_cli_lang(c, NULL, optarg) != 0)
					return UT_EXIT_USAGE;
				break;
			default:
				return ut_cli_bad_option(c, NULL, ch, argv, longopts);
			}
		}
		/* the options after `help` are the tool's too (PROG help
		 * --lang en; PROG help help is PROG help) */
		if (optind >= argc || strcmp(argv[optind], "help") != 0)
			break;
		help = 1;
		optind++;
	}
	if (help && optind >= argc)
		return main_help(c, about_ja, about_en, commands);
	if (optind >= argc)
		return ut_cli_usage_error(c, NULL, UT_TR(c, "コマンドがありません",
		                                         "no command given"));
	if (!help)
		return main_run(c, commands, argv[optind], argc - optind,
		                argv + optind, cmd);
	/* `PROG help COMMAND [--lang L]`: anything else after the command is
	 * a usage error (docs/CLI.md: a wrong number of operands; review
	 * 2026-12-06: `help battle check` printed battle's help) */
	for (n = optind + 1; n < argc; n++) {
		const char *a = argv[n];
		if (strcmp(a, "--lang") == 0 && n + 1 < argc) {
			n++;
			continue;
		}
		if (strncmp(a, "--lang=", 7) == 0 || strcmp(a, "--help") == 0 ||
		    strcmp(a, "-h") == 0)
			continue;
		lc = later_lang(c, argc - optind, argv + optind, &cc);
		return ut_cli_usage_error(lc, NULL,
		       UT_TR(lc, "help の後はコマンド1つと --lang だけです（「%s」）",
		             "help takes one command and --lang only, not '%s'"),
		       a);
	}
	/* `PROG help COMMAND [ARG]...` is `PROG COMMAND --help [ARG]...`, so
	 * that `help fight --lang en` is in English */
	n = argc - optind + 1;
	if (!(sub = calloc((size_t)n + 1, sizeof *sub))) {
		ut_cli_error(c, UT_TR(c, "メモリが足りません", "out of memory"));
		return UT_EXIT_INPUT;
	}
	sub[0] = argv[optind];
	sub[1] = (char *)"--help";
	memcpy(sub + 2, argv + optind + 1, (size_t)(n - 2) * sizeof *sub);
	rc = main_run(c, commands, sub[0], n, sub, cmd);
	free(sub);
	return rc;
}

int ut_cli_main(ut_cli *c, int argc, char **argv, const char *version,
                const char *about_ja, const char *about_en,
                const ut_cli_command *commands)
{
	const char *cmd = NULL;
	int status = main_body(c, argc, argv, version, about_ja, about_en,
	                       commands, &cmd);

	return ut_cli_exit(c, cmd, status);
}

int ut_cli_exec_helper(const ut_cli *c, int argc, char **argv)
{
	char self[PATH_MAX], path[PATH_MAX];
	ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
	const char *slash;
	char **args;
	int i, k = 0, len, found = 0;

	if (n <= 0) {
		ut_cli_error(c, UT_TR(c, "%s: この実行ファイルの場所が分かりません"
		                      "（/proc/self/exe: %s）",
		                      "%s: cannot find this executable "
		                      "(/proc/self/exe: %s)"),
		             argv[0], ut_cli_strerror((int)c->lang, errno));
		return UT_EXIT_INPUT;
	}
	self[n] = '\0';
	/* the link is an absolute path: the folder is up to its last '/' */
	slash = strrchr(self, '/');
#ifdef UT_CLI_LIBEXEC
	/* installed: in the project's libexec folder (packagers keep the
	 * programs that only a tool runs out of PATH) */
	len = snprintf(path, sizeof path, "%.*s/%s/%s-%s",
	               slash ? (int)(slash - self) : 0, self, UT_CLI_LIBEXEC,
	               c->prog, argv[0]);
	found = len >= 0 && (size_t)len < sizeof path && access(path, F_OK) == 0;
#endif
	if (!found) /* built (or copied by hand): beside the tool */
		len = snprintf(path, sizeof path, "%.*s/%s-%s",
		               slash ? (int)(slash - self) : 0, self, c->prog,
		               argv[0]);
	if (len < 0 || (size_t)len >= sizeof path) {
		ut_cli_error(c, UT_TR(c, "%s: %s-%s のパス（%s の隣）が長すぎます",
		                      "%s: the path of %s-%s next to %s is too long"),
		             argv[0], c->prog, argv[0], self);
		return UT_EXIT_INPUT;
	}
	if (!(args = calloc((size_t)argc + 3, sizeof *args))) {
		ut_cli_error(c, UT_TR(c, "%s: メモリが足りません",
		                      "%s: out of memory"), argv[0]);
		return UT_EXIT_INPUT;
	}
	args[k++] = path;
	args[k++] = (char *)"--tool-lang";
	args[k++] = (char *)(c->lang == UT_LANG_EN ? "en" : "ja");
	for (i = 1; i < argc; i++)
		args[k++] = argv[i];
	args[k] = NULL;
	fflush(NULL);
	execv(path, args);
	ut_cli_error(c, UT_TR(c, "%s: %s を実行できません: %s",
	                      "%s: cannot run %s: %s"),
	             argv[0], path, ut_cli_strerror((int)c->lang, errno));
	free(args);
	return UT_EXIT_INPUT;
}

int ut_cli_helper_main(ut_cli *c, int argc, char **argv, const char *version,
                       const char *cmd,
                       int (*run)(const ut_cli *c, int argc, char **argv))
{
	if (argc == 2 && strcmp(argv[1], "--version") == 0)
		return ut_cli_exit(c, NULL, ut_cli_version(c, version));
	/* run by the tool: its language, then the command's arguments as
	 * the tool would have passed them (argv[0] the command's name) */
	if (argc >= 3 && strcmp(argv[1], "--tool-lang") == 0) {
		c->lang = strcmp(argv[2], "en") == 0 ? UT_LANG_EN : UT_LANG_JA;
		argv[2] = (char *)cmd;
		argc -= 2;
		argv += 2;
	}
	return ut_cli_exit(c, cmd, run(c, argc, argv));
}

/* Ctrl-C (SIGINT), SIGTERM or SIGHUP while a bar is shown: the bar is
 * erased, then the signal does what it would have done (the process ends
 * by it), so that the shell's prompt does not follow a half-drawn bar
 * (designer review 2026-12-06).  Only write, signal and raise: safe in a
 * handler.  Installed once, for the signals whose action is the default
 * (a command with its own handler keeps it). */
static volatile sig_atomic_t bar_on;

static void bar_signal(int sig)
{
	static const char erase[] = "\r\033[K";

	if (bar_on) {
		/* a failed write leaves the bar: nothing more to do here */
		ssize_t n = write(STDERR_FILENO, erase, sizeof erase - 1);
		(void)n;
	}
	signal(sig, SIG_DFL);
	raise(sig);
}

static void bar_handlers(void)
{
	static const int sigs[] = {SIGINT, SIGTERM, SIGHUP};
	static atomic_flag done = ATOMIC_FLAG_INIT;
	struct sigaction sa, old;
	size_t i;

	if (atomic_flag_test_and_set(&done))
		return;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = bar_signal;
	sigemptyset(&sa.sa_mask);
	for (i = 0; i < sizeof sigs / sizeof sigs[0]; i++)
		if (sigaction(sigs[i], NULL, &old) == 0 &&
		    old.sa_handler == SIG_DFL)
			sigaction(sigs[i], &sa, NULL);
}

void ut_cli_progress(void *ud, uint64_t done, uint64_t total)
{
	ut_cli_bar *b = ud;
	int pct = total ? (int)(done * 100 / total) : 100, i;
	char line[48];

	if (pct == b->last)
		return;
	b->last = pct;
	if (!b->shown)
		bar_handlers();
	b->shown = 1;
	bar_on = 1;
	line[0] = '[';
	for (i = 0; i < 40; i++)
		line[1 + i] = i < pct * 40 / 100 ? '#' : '.';
	line[41] = ']';
	line[42] = '\0';
	fprintf(stderr, "\r%s %3d%% %llu/%llu", line, pct,
	        (unsigned long long)done, (unsigned long long)total);
	fflush(stderr);
}

void ut_cli_progress_end(ut_cli_bar *bar)
{
	bar_on = 0;
	if (bar->shown)
		fprintf(stderr, "\r%*s\r", 70, "");
	bar->shown = 0;
}

/* ---- check FILE… -------------------------------------------------------- */

enum { CHECK_LANG = 256, CHECK_MAX_BYTES };

int ut_cli_check_files(const ut_cli *base, int argc, char **argv,
                       const char *help_ja, const char *help_en,
                       int (*check_one)(const ut_cli *c, const char *path,
                                        size_t max, int header))
{
	static const struct option longopts[] = {
		{"lang", required_argument, NULL, CHECK_LANG},
		{"help", no_argument, NULL, 'h'},
		{"max-bytes", required_argument, NULL, CHECK_MAX_BYTES},
		{NULL, 0, NULL, 0}
	};
	ut_cli c = *base;
	size_t max = UT_CLI_MAX_BYTES_DEFAULT;
	int ch, i, nfiles, status = UT_EXIT_OK;

	ut_cli_getopt_begin(&c, argc, argv, ":h", longopts, CHECK_LANG);
	while ((ch = getopt_long(argc, argv, ":h", longopts, NULL)) != -1) {
		switch (ch) {
		case 'h':
			return ut_cli_help(&c, help_ja, help_en);
		case CHECK_LANG:
			if (ut_cli_lang(&c, "check", optarg) != 0)
				return UT_EXIT_USAGE;
			break;
		case CHECK_MAX_BYTES:
			if (ut_cli_max_bytes(&max, &c, "check", optarg) != 0)
				return UT_EXIT_USAGE;
			break;
		default:
			return ut_cli_bad_option(&c, "check", ch, argv, longopts);
		}
	}
	nfiles = argc - optind;
	if (nfiles == 0)
		return ut_cli_usage_error(&c, "check",
		                          UT_TR(&c, "シナリオが指定されていません",
		                                "no scenario given"));
	for (i = optind; i < argc; i++)
		if (check_one(&c, argv[i], max, nfiles > 1) != UT_EXIT_OK)
			status = UT_EXIT_INPUT;
	if (ut_out_flush(ut_out_stdout()) < 0)
		return UT_EXIT_INPUT; /* ut_cli_exit says why */
	return status;
}
