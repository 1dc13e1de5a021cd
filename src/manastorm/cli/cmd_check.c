/* cmd_check.c - `manastorm check SCENARIO...`: read scenario files (D1,
 * D7.11), report every problem located, print each good one normalised
 * (docs/MANASTORM.md "Scenarios", MS-SCN-CLI-1).  Also the reading of a
 * scenario file every command shares (ms_cli_scenario_file, cli.h). */
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "util/hash.h"

#include "manastorm/scenario_yaml.h"

/* --max-bytes (MS-SCN-CLI-2): 1 MiB by default, 1 GiB at most (util/cli.h
 * ut_cli_check_files). */

static const char help_ja[] =
	"使い方: manastorm check [オプション]... シナリオ...\n"
	"シナリオファイル（YAML）を検査します。正しいシナリオは、英語のキーで既定値を\n"
	"書き出した正規の形で表示し（山札は書かれていたときだけ）、誤りはファイル:行:桁\n"
	"の形ですべて示します。\n"
	"\n"
	"オプション:\n"
	"  --lang ja|en      メッセージの言語（既定: ja）\n"
	UT_CLI_MAX_BYTES_HELP_JA("     ")
	"  -h, --help        このヘルプを表示して終了する\n"
	"\n"
	"シナリオ - は標準入力を読みます。-- のあとはすべてシナリオです。\n"
	"終了コード: 0 すべて正しい、1 誤りのあるシナリオか読めないファイルがある、2 使い方の誤り\n"
	"\n"
	"例:\n"
	"  manastorm check examples/manastorm/table.yaml\n";

static const char help_en[] =
	"Usage: manastorm check [OPTION]... SCENARIO...\n"
	"Check scenario files (YAML).  Each good scenario is printed in canonical\n"
	"form, English keys and the defaults written out (decks only when given);\n"
	"every problem is shown as FILE:LINE:COL: error: ...\n"
	"\n"
	"Options:\n"
	"  --lang ja|en      language of messages (default ja)\n"
	UT_CLI_MAX_BYTES_HELP_EN("     ")
	"  -h, --help        print this help and exit\n"
	"\n"
	"A SCENARIO of - reads standard input; everything after -- is a SCENARIO.\n"
	"Exit status: 0 all good, 1 a bad scenario or unreadable file, 2 usage.\n"
	"\n"
	"Example:\n"
	"  manastorm check examples/manastorm/table.yaml\n";

/* MS-SCN-DIAG-2: each diagnostic as FILE:LINE:COL: error: …, the line and
 * a caret (MS-SCN-DIAG-1, MS-SCN-IN-1: ut_cli_show_context, a byte that is
 * not UTF-8 as U+FFFD); then how many were not shown. */
static void show_diags(const ut_cli *ui, const ms_scenario_doc *doc,
                       const char *shown)
{
	size_t i, n = ms_scenario_doc_diag_count(doc);
	size_t all = ms_scenario_doc_error_count(doc);

	for (i = 0; i < n; i++) {
		const ms_diag *d = ms_scenario_doc_diag(doc, i);
		char msg[1024];
		const char *line;
		size_t llen;
		ms_diag_format(msg, sizeof(msg), d, (ms_lang)ui->lang);
		fprintf(stderr, "%s:%u:%u: error: %s\n", shown, (unsigned)d->line,
		        (unsigned)d->col, msg);
		if ((line = ms_scenario_doc_source_line(doc, d->line, &llen)))
			ut_cli_show_context(line, llen, d->col);
	}
	if (all > n)
		fprintf(stderr, UT_TR(ui, "%s: note: ほかに%zu件のエラーがあります（表示は最大%zu件）\n",
		                      "%s: note: %zu more errors not shown (at most %zu are)\n"),
		        shown, all - n, n);
}

int ms_cli_scenario_file(const ut_cli *ui, const char *path, size_t max,
                         const char *opt, ms_scenario_doc **doc)
{
	return ms_cli_scenario_file_hash(ui, path, max, opt, doc, NULL);
}

/* ms_cli_scenario_file_hash, its messages on stderr as they are */
static int file_hash(const ut_cli *ui, const char *path, size_t max,
                     const char *opt, ms_scenario_doc **doc, uint64_t *hash)
{
	char name[UT_CLI_NAME_MAX];
	const char *shown = ut_cli_shown_name(name, path);
	ms_parse_opts po = MS_PARSE_OPTS_INIT;
	char *text = NULL;
	size_t len = 0;
	int rc;

	*doc = NULL;
	if ((rc = ut_cli_read_path(&text, &len, ui, path, max,
		opt)) != UT_EXIT_OK)
		return rc;
	if (hash)
		*hash = ut_fnv1a(UT_FNV1A_START, text, len);
	po.file = shown;
	rc = ms_scenario_parse(doc, text, len, &po);
	if (rc < 0) {
		free(text);
		ut_cli_error(ui, "%s: %s", shown, ms_error_last());
		return UT_EXIT_INPUT;
	}
	if (ms_scenario_doc_scenario(*doc)) {
		free(text);
		return UT_EXIT_OK;
	}
	/* its encoding first, before the errors its misread bytes make */
	ut_cli_encoding_note((int)ui->lang, shown, text, len);
	show_diags(ui, *doc, shown);
	free(text);
	ms_scenario_doc_free(*doc);
	*doc = NULL;
	return UT_EXIT_INPUT;
}

int ms_cli_scenario_file_hash(const ut_cli *ui, const char *path,
                              size_t max, const char *opt,
                              ms_scenario_doc **doc, uint64_t *hash)
{
	/* a quiet MPI rank: rank 0 says what is wrong (UT-CLI-MPI-3) */
	int mute = ut_cli_mpi_mute(ui);
	int rc = file_hash(ui, path, max, opt, doc, hash);

	ut_cli_mpi_unmute(mute);
	return rc;
}

/* Check one file; print it normalised when good.  Returns the exit status. */
static int check_one(const ut_cli *ui, const char *path, size_t max,
                     int header)
{
	char name[UT_CLI_NAME_MAX];
	const char *shown = ut_cli_shown_name(name, path);
	ms_scenario_doc *doc = NULL;
	const ms_scenario *s;
	char *yaml = NULL;
	size_t len = 0, i, n[2][2] = {{0, 0}, {0, 0}};

	if (ms_cli_scenario_file(ui, path, max, "--max-bytes", &doc) != UT_EXIT_OK)
		return UT_EXIT_INPUT;
	s = ms_scenario_doc_scenario(doc);
	if (ms_scenario_to_yaml(&yaml, &len, s) < 0) {
		ut_cli_error(ui, "%s: %s", shown, ms_error_last());
		ms_scenario_doc_free(doc);
		return UT_EXIT_INPUT;
	}
	for (i = 0; i < s->nparticipants; i++)
		n[s->participants[i].side == 1][s->participants[i].role ==
		                                MS_ROLE_WARRIOR]++;
	if (header)
		ut_out_printf(ut_out_stdout(), "# %s\n", shown);
	/* MS-SCN-OUT-1: one comment line in the language of --lang; the keys
	 * stay English (stdout's failure: ut_cli_exit reports it) */
	if (ui->lang == UT_LANG_EN) /* "1 caster", "2 casters", "0 casters" */
		ut_out_printf(ut_out_stdout(),
		              "# normalised scenario: side A %zu %s, %zu %s; "
		              "side B %zu %s, %zu %s\n",
		              n[0][0], n[0][0] == 1 ? "caster" : "casters",
		              n[0][1], n[0][1] == 1 ? "warrior" : "warriors",
		              n[1][0], n[1][0] == 1 ? "caster" : "casters",
		              n[1][1], n[1][1] == 1 ? "warrior" : "warriors");
	else
		ut_out_printf(ut_out_stdout(),
		              "# 正規化したシナリオ：陣営A 魔法術師%zu人・魔法戦士%zu人、"
		              "陣営B 魔法術師%zu人・魔法戦士%zu人\n",
		              n[0][0], n[0][1], n[1][0], n[1][1]);
	ut_out_write(ut_out_stdout(), yaml, len);
	free(yaml);
	ms_scenario_doc_free(doc);
	return UT_EXIT_OK;
}

/*
 * Every file is checked, whatever happened to the ones before it (headed
 * by "# FILE" when several are given).  Exit 1 if any is unreadable or bad.
 * The options and the loop are util/cli.h's ut_cli_check_files.
 */
int cmd_check(const ut_cli *base, int argc, char **argv)
{
	return ut_cli_check_files(base, argc, argv, help_ja, help_en, check_one);
}
