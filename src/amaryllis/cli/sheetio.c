/*
 * sheetio.c - reading sheets from files or stdin, and showing diagnostics
 * the way compilers do: `file:line:col: error: message`, the source line and
 * a caret under the column (jq's locfile.c).
 */
#include <dirent.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli.h"

#include "util/array.h"
#include "util/buf.h"
#include "util/width.h"


/*
 * A file that cannot be read as a sheet: "FILE: error: MESSAGE" on stderr
 * (when print) and as the diagnostics in *diags (when diags; NULL and
 * out->nomem when they cannot be kept).  err ENOMEM: out->nomem.
 */
static int unreadable(cli_sheet *out, const char *shown, const cli_opts *o,
                      int err, int print, char **diags, int opening)
{
	char text[UT_CLI_NAME_MAX + 512]; /* no allocation to say it */

	if (err == EFBIG)
		snprintf(text, sizeof(text),
		         UT_TR(o, "%s: error: ファイルが大きすぎます：上限%zu"
		                  "バイトを超えています（--max-sheet-bytes）",
		               "%s: error: file too large: over the limit of "
		               "%zu bytes (--max-sheet-bytes)"),
		         shown, o->max_sheet_bytes);
	else
		snprintf(text, sizeof(text),
		         opening ? UT_TR(o, "%s: error: 開けません：%s",
		                         "%s: error: cannot open: %s")
		                 : UT_TR(o, "%s: error: 読めません：%s",
		                         "%s: error: cannot read: %s"),
		         shown, ut_cli_strerror((int)o->lang, err));
	if (err == ENOMEM)
		out->nomem = 1;
	if (print)
		fprintf(stderr, "%s\n", text);
	if (diags && !(*diags = strdup(text)))
		out->nomem = 1;
	return EXIT_INPUT;
}



/*
 * Show the source line (at most ~80 bytes each side of the column, cut at
 * character boundaries, so a 100 MB line prints a short excerpt) and a caret.
 */
static void show_context(const am_sheet *sh, const am_diag *d)
{
	size_t len;
	const char *line = am_sheet_source_line(sh, d->line, &len);

	if (line)
		ut_cli_show_context(line, len, d->col);
}

static int sheet_parse(cli_sheet *out, const char *shown, const cli_opts *o,
                       int print, char **diags);

int cli_sheet_load_ex(cli_sheet *out, const char *path, const cli_opts *o,
                      int print, char **diags)
{
	char name[UT_CLI_NAME_MAX];
	const char *shown = ut_cli_shown_name(name, path); /* in messages */
	FILE *f;
	int err;

	memset(out, 0, sizeof(*out));
	if (diags)
		*diags = NULL;
	out->path = strcmp(path, "-") == 0 ? "<stdin>" : path;
	f = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
	if (!f)
		return unreadable(out, shown, o, errno, print, diags, 1);
	err = ut_cli_read(&out->text, &out->len, f, o->max_sheet_bytes);
	if (f != stdin)
		fclose(f);
	if (err)
		return unreadable(out, shown, o, err, print, diags, 0);
	return sheet_parse(out, shown, o, print, diags);
}

int cli_sheet_text(cli_sheet *out, const char *name, char *text, size_t len,
                   const cli_opts *o)
{
	memset(out, 0, sizeof(*out));
	out->path = name;
	out->text = text;
	out->len = len;
	return sheet_parse(out, name, o, 1, NULL);
}

const char *cli_prose_note(am_lang lang)
{
	return lang == AM_LANG_JA
	       ? "この行には「：」がありません。シートの行（ユニット、アクション）"
	         "でなければ、行頭に # をつけて注釈にしてください"
	       : "this line has no '：': if it is not a sheet line (a unit or "
	         "an action), start it with # to make it a comment";
}

/* Parse out->text (its name `shown`) and report its diagnostics as
 * cli_sheet_load_ex says. */
static int sheet_parse(cli_sheet *out, const char *shown, const cli_opts *o,
                       int print, char **diags)
{
	size_t i;
	int rc;
	uint32_t prose; /* am_sheet_prose_line */
	am_parse_opts po = AM_PARSE_OPTS_INIT;
	ut_buf text = UT_BUF_INIT;

	if ((rc = am_sheet_parse(&out->sheet, out->text, out->len, &po)) < 0) {
		out->nomem = rc == AM_ENOMEM;
		cli_error(o, "%s: %s", shown, am_error_last());
		return EXIT_INPUT;
	}
	/* a sheet saved as Shift_JIS, EUC-JP, JIS or UTF-16: what it seems
	 * to be, and how to convert it (amcli review W3), first: the errors
	 * below it are of its bytes misread (player review 2026-12-07: the
	 * note came after a screen of mojibake) */
	if (print && !am_sheet_ok(out->sheet))
		ut_cli_encoding_note((int)o->lang, shown, out->text, out->len);
	for (i = 0; i < am_sheet_diag_count(out->sheet); i++) {
		const am_diag *d = am_sheet_diag(out->sheet, i);
		char raw[1024];
		ut_buf vis = UT_BUF_INIT;
		const char *msg;
		am_diag_format(raw, sizeof(raw), d, o->lang);
		/* the pieces of the line it quotes (「…」) with their control
		 * and invisible characters as <U+XXXX>, as in the echoed line */
		ut_buf_visible(&vis, raw, strlen(raw));
		msg = vis.failed || !vis.ptr ? raw : vis.ptr;
		if (print) {
			fprintf(stderr, "%s:%u:%u: error: %s\n", shown,
			        (unsigned)d->line, (unsigned)d->col, msg);
			show_context(out->sheet, d);
		}
		if (diags)
			ut_buf_printf(&text, "%s%s:%u:%u: error: %s",
			              i ? "\n" : "", shown, (unsigned)d->line,
			              (unsigned)d->col, msg);
		ut_buf_free(&vis);
	}
	if (am_sheet_error_count(out->sheet) > i) {
		size_t more = am_sheet_error_count(out->sheet) - i;
		if (print && o->lang == AM_LANG_JA)
			fprintf(stderr, "%s: note: ほかに%zu件のエラーがあります（表示は"
			        "最大%zu件）\n", shown, more, po.max_diags);
		else if (print)
			fprintf(stderr, "%s: note: %zu more error%s not shown (at "
			        "most %zu are)\n", shown, more, more == 1 ? "" : "s",
			        po.max_diags);
		if (diags)
			ut_buf_printf(&text, "\n%s: %zu more errors not shown",
			              shown, more);
	}
	/* an error on a line without a colon: most often prose read as
	 * sheet (a greeting, a note without its #), as the hill's reply
	 * says too (amcli review W4) */
	if (print && !am_sheet_ok(out->sheet) &&
	    (prose = am_sheet_prose_line(out->sheet)) != 0)
		fprintf(stderr, "%s:%u: note: %s\n", shown, (unsigned)prose,
		        cli_prose_note(o->lang));
	if (diags) {
		if (text.failed) /* not a cut list: none, and said so */
			out->nomem = 1;
		*diags = text.failed ? NULL : text.ptr;
		if (text.failed)
			ut_buf_free(&text);
	} else {
		ut_buf_free(&text);
	}
	return am_sheet_ok(out->sheet) ? 0 : EXIT_INPUT;
}

int cli_sheet_load(cli_sheet *out, const char *path, const cli_opts *o)
{
	return cli_sheet_load_ex(out, path, o, 1, NULL);
}

void cli_sheet_free(cli_sheet *s)
{
	am_sheet_free(s->sheet);
	free(s->text);
	s->sheet = NULL;
	s->text = NULL;
}

int cli_paths_add(cli_paths *l, const char *p)
{
	if (UT_ARRAY_RESERVE(l->v, l->cap, l->n + 1) < 0 ||
	    !(l->v[l->n] = strdup(p)))
		return -1;
	l->n++;
	return 0;
}

void cli_paths_free(cli_paths *l)
{
	size_t i;

	for (i = 0; i < l->n; i++)
		free(l->v[i]);
	free(l->v);
	l->v = NULL;
	l->n = l->cap = 0;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

int cli_paths_dedup(cli_paths *l, cli_paths *twice)
{
	struct stat *seen = calloc(l->n ? l->n : 1, sizeof(*seen));
	size_t i, j, kept = 0, nseen = 0;
	int rc = 0;

	if (!seen)
		return -1;
	for (i = 0; i < l->n; i++) {
		struct stat st;
		int dup = 0;
		if (stat(l->v[i], &st) == 0 && S_ISREG(st.st_mode)) {
			for (j = 0; j < nseen && !dup; j++)
				dup = seen[j].st_dev == st.st_dev &&
				      seen[j].st_ino == st.st_ino;
			if (!dup)
				seen[nseen++] = st;
		}
		if (dup) {
			if (cli_paths_add(twice, l->v[i]) < 0)
				rc = -1;
			free(l->v[i]);
		} else {
			l->v[kept++] = l->v[i];
		}
	}
	l->n = kept;
	free(seen);
	return rc;
}

int cli_paths_dedup_warn(cli_paths *l, const cli_opts *o, const char *cmd,
                         int rank)
{
	cli_paths twice = {NULL, 0, 0};
	size_t i;
	int rc = cli_paths_dedup(l, &twice);

	for (i = 0; rank == 0 && i < twice.n; i++) {
		char name[UT_CLI_NAME_MAX];
		cli_error(o, UT_TR(o, "%s: %s: 同じファイルがもう指定されています：1度だけ読みます",
		                "%s: %s: the same file is given already: read once"),
		          cmd, ut_cli_shown_name(name, twice.v[i]));
	}
	cli_paths_free(&twice);
	return rc;
}

int cli_paths_collect(cli_paths *l, const char *arg)
{
	struct stat st;
	DIR *d;
	struct dirent *de;
	size_t first = l->n;

	if (stat(arg, &st) != 0 || !S_ISDIR(st.st_mode))
		return cli_paths_add(l, arg);
	if (!(d = opendir(arg)))
		return -2;
	while ((de = readdir(d))) {
		ut_buf p = UT_BUF_INIT;
		int rc = 0;
		if (de->d_name[0] == '.' ||
		    de->d_name[strlen(de->d_name) - 1] == '~')
			continue;
		ut_buf_printf(&p, "%s%s%s", arg,
		              arg[strlen(arg) - 1] == '/' ? "" : "/", de->d_name);
		if (p.failed)
			rc = -1;
		else if (stat(p.ptr, &st) != 0 || S_ISREG(st.st_mode))
			rc = cli_paths_add(l, p.ptr);
		ut_buf_free(&p);
		if (rc < 0) {
			closedir(d);
			return -1;
		}
	}
	closedir(d);
	if (l->n == first)
		return -3;
	qsort(l->v + first, l->n - first, sizeof(char *), cmp_str);
	return 0;
}

const char *cli_paths_why(char *buf, size_t size, const cli_opts *o, int rc,
                          int err)
{
	if (rc == -3)
		snprintf(buf, size, "%s",
		         UT_TR(o, "シートがありません（フォルダからは隠しファイル"
		                  "以外の通常ファイルを読みます）",
		               "no sheets in this folder (a folder gives its "
		               "visible regular files)"));
	else
		snprintf(buf, size, UT_TR(o, "開けません：%s", "cannot open: %s"),
		         ut_cli_strerror((int)o->lang, err));
	return buf;
}
