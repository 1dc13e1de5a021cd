/* cmd_check.c - `megami check SCENARIO...`: read scenario files (M1, M8.1),
 * report every problem located, print each good one normalised
 * (docs/MEGAMI.md "Scenarios", MG-SCN-CLI-1). */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

#include "megami/scenario_yaml.h"

/* --max-bytes (MG-SCN-IN-3): 1 MiB by default, 1 GiB at most. */
#define MAX_BYTES_DEFAULT ((size_t)1 << 20)
#define MAX_BYTES_MAX ((size_t)1 << 30)

static const char help_ja[] =
	"使い方: megami check [オプション]... シナリオ...\n"
	"シナリオファイル（YAML）を検査します。正しいシナリオは、英語のキーで既定値を\n"
	"すべて書き出した正規の形で表示し、誤りはファイル:行:桁の形ですべて示します。\n"
	"\n"
	"オプション:\n"
	"  --lang ja|en      メッセージの言語（既定: ja）\n"
	"  --max-bytes N     N バイトを超えるファイルは読み切らずに誤りとする（既定: 1048576）\n"
	"  -h, --help        このヘルプを表示して終了する\n"
	"\n"
	"シナリオ - は標準入力を読みます。-- のあとはすべてシナリオです。\n"
	"終了コード: 0 すべて正しい、1 誤りのあるシナリオか読めないファイルがある、2 使い方の誤り\n"
	"\n"
	"例:\n"
	"  megami check examples/megami/duel.yaml\n";

static const char help_en[] =
	"Usage: megami check [OPTION]... SCENARIO...\n"
	"Check scenario files (YAML).  Each good scenario is printed in canonical\n"
	"form, English keys and every default written out; every problem is shown\n"
	"as FILE:LINE:COL: error: ...\n"
	"\n"
	"Options:\n"
	"  --lang ja|en      language of messages (default ja)\n"
	"  --max-bytes N     a longer file is an error, not read (default 1048576)\n"
	"  -h, --help        print this help and exit\n"
	"\n"
	"A SCENARIO of - reads standard input; everything after -- is a SCENARIO.\n"
	"Exit status: 0 all good, 1 a bad scenario or unreadable file, 2 usage.\n"
	"\n"
	"Example:\n"
	"  megami check examples/megami/duel.yaml\n";

static const struct option longopts[] = {
	MG_CLI_COMMON_LONGOPTS,
	{"max-bytes", required_argument, NULL, OPT_MAX_BYTES},
	{NULL, 0, NULL, 0}
};

/* A file that cannot be read: "FILE: error: …" on stderr, in the form of
 * the other diagnostics (no "megami: " before it). */
static int unreadable(const ut_cli *ui, const char *shown, int err,
                      int opening, size_t max)
{
	if (err == EFBIG)
		fprintf(stderr, UT_TR(ui, "%s: error: ファイルが大きすぎます：上限%zu"
		                          "バイトを超えています（--max-bytes）\n",
		                      "%s: error: file too large: over the limit of "
		                      "%zu bytes (--max-bytes)\n"), shown, max);
	else
		fprintf(stderr, opening ? UT_TR(ui, "%s: error: 開けません：%s\n",
		                                "%s: error: cannot open: %s\n")
		                        : UT_TR(ui, "%s: error: 読めません：%s\n",
		                                "%s: error: cannot read: %s\n"),
		        shown, strerror(err));
	return UT_EXIT_INPUT;
}

/* The diagnostics of doc on stderr, each with its line and a caret, then
 * how many were not shown. */
static void show_diags(const ut_cli *ui, const mg_scenario_doc *doc)
{
	size_t i, n = mg_scenario_doc_diag_count(doc);
	size_t all = mg_scenario_doc_error_count(doc);
	const char *file = mg_scenario_doc_file(doc);

	for (i = 0; i < n; i++) {
		const mg_diag *d = mg_scenario_doc_diag(doc, i);
		char msg[1024];
		const char *line;
		size_t len;
		mg_diag_format(msg, sizeof(msg), d, (mg_lang)ui->lang);
		fprintf(stderr, "%s:%u:%u: error: %s\n", file, (unsigned)d->line,
		        (unsigned)d->col, msg);
		if ((line = mg_scenario_doc_source_line(doc, d->line, &len)))
			ut_cli_show_context(line, len, d->col);
	}
	if (all > n)
		fprintf(stderr, UT_TR(ui, "%s: ほかに%zu件のエラーがあります（表示は最大%zu件）\n",
		                      "%s: %zu more errors not shown (at most %zu are)\n"),
		        file, all - n, n);
}

/* Check one file; print it normalised when good.  Returns the exit status. */
static int check_one(const ut_cli *ui, const char *path, size_t max,
                     int header)
{
	const char *shown = strcmp(path, "-") == 0 ? "<stdin>" : path;
	mg_parse_opts po = MG_PARSE_OPTS_INIT;
	mg_scenario_doc *doc = NULL;
	const mg_scenario *s;
	char *text = NULL, *yaml = NULL;
	size_t len = 0, i, npc = 0;
	FILE *f;
	int err;

	f = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
	if (!f)
		return unreadable(ui, shown, errno, 1, max);
	err = ut_cli_read(f, max, &text, &len);
	if (f != stdin)
		fclose(f);
	if (err)
		return unreadable(ui, shown, err, 0, max);
	po.file = shown;
	err = mg_scenario_parse(&doc, text, len, &po);
	free(text);
	if (err < 0) {
		ut_cli_error(ui, "%s: %s", shown, mg_error_last());
		return UT_EXIT_INPUT;
	}
	if (!(s = mg_scenario_doc_scenario(doc))) {
		show_diags(ui, doc);
		mg_scenario_doc_free(doc);
		return UT_EXIT_INPUT;
	}
	if (mg_scenario_to_yaml(&yaml, &len, s) < 0) {
		ut_cli_error(ui, "%s: %s", shown, mg_error_last());
		mg_scenario_doc_free(doc);
		return UT_EXIT_INPUT;
	}
	for (i = 0; i < s->ncharacters; i++)
		npc += s->characters[i].side == MG_SIDE_NPC;
	if (header)
		printf("# %s\n", shown);
	/* MG-SCN-OUT: one comment line in the language of --lang; the keys
	 * stay English */
	printf(UT_TR(ui, "# 正規化したシナリオ：PC %zu人、NPC %zu人\n",
	             "# normalised scenario: PC %zu, NPC %zu\n"),
	       s->ncharacters - npc, npc);
	fwrite(yaml, 1, len, stdout);
	free(yaml);
	mg_scenario_doc_free(doc);
	return UT_EXIT_OK;
}

/*
 * Every file is checked, whatever happened to the ones before it (headed
 * by "# FILE" when several are given).  Exit 1 if any is unreadable or bad.
 */
int cmd_check(const mg_cli *base, int argc, char **argv)
{
	mg_cli o = *base;
	size_t max = MAX_BYTES_DEFAULT;
	uint64_t v;
	int c, i, nfiles, status = UT_EXIT_OK;

	ut_cli_getopt_begin(&o.ui, argc, argv, MG_CLI_SHORTOPTS, longopts,
	                    OPT_LANG);
	while ((c = getopt_long(argc, argv, MG_CLI_SHORTOPTS, longopts, NULL)) != -1) {
		switch (c) {
		case 'h':
			return ut_cli_help(&o.ui, help_ja, help_en);
		case OPT_LANG:
			if (ut_cli_lang(&o.ui, "check", optarg) != 0)
				return UT_EXIT_USAGE;
			break;
		case OPT_MAX_BYTES:
			if (ut_cli_parse_u64(optarg, MAX_BYTES_MAX, &v) < 0 || v < 1)
				return ut_cli_usage_error(&o.ui, "check",
				       UT_TR(&o.ui, "--max-bytes には1から%zuまでの整数を"
				                    "指定してください（「%s」）",
				             "--max-bytes needs a whole number from 1 to "
				             "%zu, not '%s'"), MAX_BYTES_MAX, optarg);
			max = (size_t)v;
			break;
		default:
			return ut_cli_bad_option(&o.ui, "check", c, argv, longopts);
		}
	}
	nfiles = argc - optind;
	if (nfiles == 0)
		return ut_cli_usage_error(&o.ui, "check",
		                          UT_TR(&o.ui, "シナリオが指定されていません",
		                                "no scenario given"));
	for (i = optind; i < argc; i++)
		if (check_one(&o.ui, argv[i], max, nfiles > 1) != UT_EXIT_OK)
			status = UT_EXIT_INPUT;
	if (fflush(stdout) != 0) {
		ut_cli_error(&o.ui, UT_TR(&o.ui, "出力を書けません",
		                          "cannot write the output"));
		return UT_EXIT_INPUT;
	}
	return status;
}
