/* scenario_io.c - reading scenario files for the commands (scenario_io.h). */
#include "scenario_io.h"

#include <stdlib.h>
#include <string.h>

#include "util/hash.h"

const char *mg_cli_nth_line(const char *text, size_t len, uint32_t line,
                            size_t *n)
{
	const char *s = text, *e = text + len, *nl;
	uint32_t i;

	for (i = 1; i < line && s < e; i++) {
		if (!(nl = memchr(s, '\n', (size_t)(e - s))))
			return NULL;
		s = nl + 1;
	}
	if (i != line || s > e)
		return NULL;
	nl = memchr(s, '\n', (size_t)(e - s));
	*n = nl ? (size_t)(nl - s) : (size_t)(e - s);
	if (*n > 0 && s[*n - 1] == '\r')
		(*n)--;
	return s;
}

void mg_cli_show_diags(const ut_cli *ui, const mg_scenario_doc *doc,
                       const char *shown, uint32_t line_off, uint32_t col_off,
                       const char *outer, size_t outer_len)
{
	size_t i, n = mg_scenario_doc_diag_count(doc);
	size_t all = mg_scenario_doc_error_count(doc);

	for (i = 0; i < n; i++) {
		const mg_diag *d = mg_scenario_doc_diag(doc, i);
		uint32_t col = d->col + (d->col ? col_off : 0);
		char msg[1024];
		const char *line;
		size_t llen;
		mg_diag_format(msg, sizeof(msg), d, (mg_lang)ui->lang);
		fprintf(stderr, "%s:%u:%u: error: %s\n", shown,
		        (unsigned)(d->line + line_off), (unsigned)col, msg);
		line = outer ? (d->col ? mg_cli_nth_line(outer, outer_len,
		                                         d->line + line_off, &llen)
		                       : NULL)
		             : mg_scenario_doc_source_line(doc, d->line, &llen);
		if (line)
			ut_cli_show_context(line, llen, col);
	}
	if (all > n)
		fprintf(stderr, UT_TR(ui, "%s: note: ほかに%zu件のエラーがあります（表示は最大%zu件）\n",
		                      "%s: note: %zu more errors not shown (at most %zu are)\n"),
		        shown, all - n, n);
}

int mg_cli_scenario_text(const ut_cli *ui, const char *shown, const char *text,
                         size_t len, uint32_t line_off, uint32_t col_off,
                         const char *outer, size_t outer_len,
                         mg_scenario_doc **doc)
{
	mg_parse_opts po = MG_PARSE_OPTS_INIT;

	po.file = shown;
	*doc = NULL;
	if (mg_scenario_parse(doc, text, len, &po) < 0) {
		ut_cli_error(ui, "%s: %s", shown, mg_error_last());
		return UT_EXIT_INPUT;
	}
	if (mg_scenario_doc_scenario(*doc))
		return UT_EXIT_OK;
	/* a file of its own, not a replay's: its encoding, before the
	 * errors its misread bytes make */
	if (!outer)
		ut_cli_encoding_note((int)ui->lang, shown, text, len);
	mg_cli_show_diags(ui, *doc, shown, line_off, col_off, outer, outer_len);
	mg_scenario_doc_free(*doc);
	*doc = NULL;
	return UT_EXIT_INPUT;
}

int mg_cli_scenario_file(const ut_cli *ui, const char *path, size_t max,
                         const char *opt, mg_scenario_doc **doc)
{
	return mg_cli_scenario_file_hash(ui, path, max, opt, doc, NULL);
}

int mg_cli_scenario_file_hash(const ut_cli *ui, const char *path,
                              size_t max, const char *opt,
                              mg_scenario_doc **doc, uint64_t *hash)
{
	char *text = NULL, name[UT_CLI_NAME_MAX];
	size_t len = 0;
	/* a quiet MPI rank: rank 0 says what is wrong (UT-CLI-MPI-3) */
	int rc, mute = ut_cli_mpi_mute(ui);

	*doc = NULL;
	if ((rc = ut_cli_read_path(&text, &len, ui, path, max,
		opt)) == UT_EXIT_OK) {
		if (hash)
			*hash = ut_fnv1a(UT_FNV1A_START, text, len);
		rc = mg_cli_scenario_text(ui, ut_cli_shown_name(name, path),
		                          text, len, 0, 0, NULL, 0, doc);
		free(text);
	}
	ut_cli_mpi_unmute(mute);
	return rc;
}
