/* cmd_check.c - `amaryllis check SHEET...`: validate and normalise. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <utf8proc.h>

#include "cli.h"
#include "util/buf.h"

static const char help_ja[] =
	"使い方: amaryllis check [オプション]... シート...\n"
	"シートを検査します。正しいシートは、技術と各アクションの計算したコストを添えて\n"
	"正規化した書式で表示し、誤りはファイル:行:桁の形で1件ずつ示します。\n"
	"\n"
	"オプション:\n"
	"  --lang ja|en           メッセージの言語（既定: ja）\n"
	"  --format text|json     出力の形式（既定: text）。json はシートごとに1つの文書\n"
	"                         （ok、errors、normalised、cost、notes）\n"
	"  --max-sheet-bytes N    N バイトを超えるシートは読み切らずに誤りとする（既定: 1048576）\n"
	"  -h, --help             このヘルプを表示して終了する\n"
	"\n"
	"シート - は標準入力を読みます。-- のあとはすべてシートです。フォルダは\n"
	"その中の隠しファイル以外の通常ファイル（~ で終わるものを除く）を名前順に\n"
	"読みます。\n"
	"終了コード: 0 すべて正しい、1 不正なシートか読めないファイルがある、2 使い方の誤り\n"
	"\n"
	"例:\n"
	"  amaryllis check examples/grisk.txt examples/nut.txt\n";

static const char help_en[] =
	"Usage: amaryllis check [OPTION]... SHEET...\n"
	"Validate unit sheets.  Each legal sheet is printed normalised, with its 技術\n"
	"and every action's computed cost; each problem as FILE:LINE:COL: error: ...\n"
	"\n"
	"Options:\n"
	"  --lang ja|en           language of messages (default ja)\n"
	"  --format text|json     output format (default text); json: one document per\n"
	"                         sheet (ok, errors, normalised, cost, notes)\n"
	"  --max-sheet-bytes N    a longer sheet is an error, not read (default 1048576)\n"
	"  -h, --help             print this help and exit\n"
	"\n"
	"A SHEET of - reads standard input; everything after -- is a SHEET.  A\n"
	"folder gives its visible regular files (not backups ending in ~), by name.\n"
	"Exit status: 0 all legal, 1 an illegal sheet or unreadable file, 2 usage.\n"
	"\n"
	"Example:\n"
	"  amaryllis check examples/grisk.txt examples/nut.txt\n";

static const struct option longopts[] = {
	CLI_COMMON_LONGOPTS,
	CLI_SHEET_LONGOPTS,
	{"format", required_argument, NULL, OPT_FORMAT},
	{NULL, 0, NULL, 0}
};

/* s as a JSON string (quotes, escapes; a byte that is not UTF-8 becomes
 * U+FFFD: file names may hold any bytes). */
static void json_str(ut_buf *b, const char *s)
{
	const utf8proc_uint8_t *p = (const utf8proc_uint8_t *)s;

	ut_buf_put(b, "\"", 1);
	while (*p) {
		utf8proc_int32_t c;
		utf8proc_ssize_t k = utf8proc_iterate(p, -1, &c);
		if (k <= 0) {
			ut_buf_puts(b, "\xef\xbf\xbd");
			p++;
			continue;
		}
		if (c == '"' || c == '\\')
			ut_buf_printf(b, "\\%c", (char)c);
		else if (c < 0x20 || c == 0x7f)
			ut_buf_printf(b, "\\u%04X", (unsigned)c);
		else
			ut_buf_put(b, (const char *)p, (size_t)k);
		p += k;
	}
	ut_buf_put(b, "\"", 1);
}

/* One note of the JSON document: {"line": N or null, "message": TEXT}. */
static void json_note(ut_buf *d, int *n, unsigned line, const char *msg)
{
	ut_buf_puts(d, *n ? ",\n  {\n" : "\n  {\n");
	if (line)
		ut_buf_printf(d, "   \"line\": %u,\n", line);
	else
		ut_buf_puts(d, "   \"line\": null,\n");
	ut_buf_puts(d, "   \"message\": ");
	json_str(d, msg);
	ut_buf_puts(d, "\n  }");
	++*n;
}

/*
 * The notes that `check` prints after "note:" on stderr, as "notes", the
 * document's last member (language review 2026-12-07: with --format json
 * they were lost): the file's encoding when it seems not UTF-8 (line
 * null), and the line without a colon.  doc is the document ("{\n … \n}\n").
 */
static void json_notes(ut_buf *doc, const cli_opts *o, const cli_sheet *s)
{
	ut_buf d = UT_BUF_INIT, enc = UT_BUF_INIT;
	uint32_t prose;
	int n = 0;

	if (doc->len < 3 || memcmp(doc->ptr + doc->len - 3, "\n}\n", 3) != 0)
		return;
	ut_buf_put(&d, doc->ptr, doc->len - 3);
	ut_buf_puts(&d, ",\n \"notes\": [");
	if (!am_sheet_ok(s->sheet)) {
		if (ut_cli_encoding_text(&enc, (int)o->lang, s->path, s->text,
		                         s->len) && !enc.failed)
			json_note(&d, &n, 0, enc.ptr);
		d.failed |= enc.failed;
		if ((prose = am_sheet_prose_line(s->sheet)) != 0)
			json_note(&d, &n, (unsigned)prose, cli_prose_note(o->lang));
	}
	ut_buf_puts(&d, n ? "\n ]\n}\n" : "]\n}\n");
	ut_buf_free(&enc);
	ut_buf_free(doc);
	*doc = d;
}

/* A document's start: "{" and, for one of several (file not NULL), the
 * "file" member. */
static void doc_head(ut_buf *d, const char *file)
{
	ut_buf_puts(d, "{\n");
	if (file) {
		ut_buf_puts(d, " \"file\": ");
		json_str(d, file);
		ut_buf_puts(d, ",\n");
	}
}

/* The document of an argument that gives no sheet: {["file",] "ok":
 * false, "error"}. */
static void error_doc(ut_buf *d, const char *file, const char *error)
{
	doc_head(d, file);
	ut_buf_puts(d, " \"ok\": false,\n \"error\": ");
	json_str(d, error);
	ut_buf_puts(d, "\n}\n");
}

static int buf_write(void *ud, const char *data, size_t len)
{
	return ut_buf_put(ud, data, len) < 0;
}

/*
 * `check --format json` of one file: the verdict document on stdout.  With
 * several files (`named`), each document starts with "file": the file as
 * given (<stdin> for -).  An unreadable file has a document too, {"ok":
 * false, "error"} ({"file", "ok", "error"} when named), and its error on
 * stderr: a program reading stdout gets a document for every argument
 * (review 2026-12-06: of one file, stdout was empty).  EXIT_OK, or
 * EXIT_INPUT.
 */
static int check_json(const cli_opts *o, const char *path, int named)
{
	cli_sheet s;
	char *diags = NULL;
	ut_buf b = UT_BUF_INIT;
	int status = EXIT_OK;

	if (cli_sheet_load_ex(&s, path, o, 0, &diags) != 0)
		status = EXIT_INPUT;
	if (s.sheet && am_render_check(s.sheet, o->lang, buf_write, &b) < 0) {
		cli_error(o, "%s", am_error_last());
		status = EXIT_INPUT;
	} else if (s.sheet) {
		json_notes(&b, o, &s);
	} else if (!s.sheet && diags) {
		fprintf(stderr, "%s\n", diags);
	}
	/* out of memory is ours, not the file's: no document says so (the
	 * output stays a start of the whole one, tests/output/no_memory.py) */
	if ((named && s.sheet) || (!s.sheet && diags && !s.nomem)) {
		ut_buf d = UT_BUF_INIT;
		if (!s.sheet) {
			error_doc(&d, named ? s.path : NULL, diags);
		} else {
			doc_head(&d, named ? s.path : NULL);
			if (b.len > 2) /* "{\n" and the rest */
				ut_buf_put(&d, b.ptr + 2, b.len - 2);
		}
		ut_buf_free(&b);
		b = d;
	}
	if (b.failed) {
		cli_error(o, "out of memory");
		status = EXIT_INPUT;
	} else if (b.len) {
		ut_out_write(ut_out_stdout(), b.ptr, b.len);
	}
	ut_buf_free(&b);
	free(diags);
	cli_sheet_free(&s);
	return status;
}

/* An operand that gives no sheet: a folder that cannot be opened (rc -2,
 * errno err) or holds none (-3), before the sheet paths.v[at]. */
typedef struct bad_arg {
	size_t at;
	const char *arg;
	int rc, err;
} bad_arg;

/* Its error on stderr ("DIR: error: WHY"), and with --format json its
 * document too, as an unreadable file's (check_json), so that every
 * argument has one, in order. */
static void bad_operand(const cli_opts *o, const bad_arg *b, int json,
                        int named)
{
	char name[UT_CLI_NAME_MAX], why[256];
	ut_buf msg = UT_BUF_INIT, d = UT_BUF_INIT;

	ut_buf_printf(&msg, "%s: error: %s", ut_cli_shown_name(name, b->arg),
	              cli_paths_why(why, sizeof why, o, b->rc, b->err));
	if (msg.failed) {
		cli_error(o, "out of memory");
		return;
	}
	fprintf(stderr, "%s\n", msg.ptr);
	if (json) {
		error_doc(&d, named ? b->arg : NULL, msg.ptr);
		if (d.failed)
			cli_error(o, "out of memory");
		else
			ut_out_write(ut_out_stdout(), d.ptr, d.len);
	}
	ut_buf_free(&d);
	ut_buf_free(&msg);
}

/*
 * Every file is checked, whatever happened to the ones before it; each legal
 * sheet is printed in normalised notation (headed by "# FILE" when several
 * files are given).  Exit 1 if any file is unreadable or illegal, or if
 * stdout cannot be written (ut_cli_main says why).
 */
int cmd_check(const ut_cli *base, int argc, char **argv)
{
	cli_opts o = cli_opts_of(base);
	int c, r, i, nfiles, status = EXIT_OK, json = 0;
	cli_paths paths = {NULL, 0, 0};
	bad_arg *bads;
	size_t k, j, nbads = 0;

	cli_getopt_begin(&o, argc, argv, CLI_SHORTOPTS, longopts);
	while ((c = getopt_long(argc, argv, CLI_SHORTOPTS, longopts, NULL)) != -1) {
		if (c == 'h')
			return cli_help(&o, help_ja, help_en);
		if (c == OPT_FORMAT) {
			if (strcmp(optarg, "json") != 0 && strcmp(optarg, "text") != 0)
				return cli_usage_error(&o, "check",
				                       UT_TR(&o, "--format の値「%s」は使えません"
				                                 "（text か json）",
				                             "unknown format '%s' (text or json)"),
				                       optarg);
			json = strcmp(optarg, "json") == 0;
			continue;
		}
		if ((r = cli_common_option(&o, "check", c, optarg)) == 0)
			return cli_bad_option(&o, "check", c, argv, longopts);
		if (r != 1)
			return r;
	}
	nfiles = argc - optind;
	if (nfiles == 0)
		return cli_usage_error(&o, "check", UT_TR(&o, "シートが指定されていません",
		                                          "no sheet given"));
	if (cli_one_stdin(&o, "check", argc, argv, optind))
		return EXIT_USAGE;
	/* a folder gives its sheets, as for league and optimize (its
	 * visible regular files, but ~ backups; amcli review W8); one that
	 * cannot be opened or gives none is an error of its own, in its
	 * place among the sheets (bads[j]: before paths.v[bads[j].at]) */
	if (!(bads = calloc((size_t)(argc - optind), sizeof(*bads)))) {
		cli_error(&o, "out of memory");
		return EXIT_INPUT;
	}
	for (i = optind; i < argc; i++) {
		r = cli_paths_collect(&paths, argv[i]);
		if (r == -1) {
			cli_error(&o, "out of memory");
			cli_paths_free(&paths);
			free(bads);
			return EXIT_INPUT;
		} else if (r < 0) {
			bads[nbads].at = paths.n;
			bads[nbads].arg = argv[i];
			bads[nbads].rc = r;
			bads[nbads++].err = errno;
		}
	}
	nfiles = (int)(paths.n + nbads);
	for (k = 0, j = 0; k <= paths.n; k++) {
		const char *path = k < paths.n ? paths.v[k] : NULL;
		cli_sheet s;
		char name[UT_CLI_NAME_MAX];
		for (; j < nbads && bads[j].at == k; j++) {
			bad_operand(&o, &bads[j], json, nfiles > 1);
			status = EXIT_INPUT;
		}
		if (!path)
			break;
		if (json) {
			if (check_json(&o, path, nfiles > 1) != EXIT_OK)
				status = EXIT_INPUT;
			continue;
		} else if (cli_sheet_load(&s, path, &o) == 0) {
			size_t n;
			char *buf;
			if (am_sheet_normalised(&buf, &n, s.sheet, o.lang) < 0) {
				cli_error(&o, "out of memory");
				cli_sheet_free(&s);
				cli_paths_free(&paths);
				free(bads);
				return EXIT_INPUT;
			}
			if (nfiles > 1)
				ut_out_printf(ut_out_stdout(), "# %s\n",
				              ut_cli_shown_name(name, path));
			ut_out_write(ut_out_stdout(), buf, n);
			free(buf);
		} else {
			status = EXIT_INPUT;
		}
		cli_sheet_free(&s);
	}
	free(bads);
	cli_paths_free(&paths);
	if (ut_out_flush(ut_out_stdout()) < 0)
		return EXIT_INPUT; /* ut_cli_main says why */
	return status;
}
