/* cmd_check.c - `megami check SCENARIO...`: read scenario files (M1, M8.1),
 * report every problem located, print each good one normalised
 * (docs/MEGAMI.md "Scenarios", MG-SCN-CLI-1). */
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "scenario_io.h"

#include "megami/scenario_yaml.h"

/* --max-bytes (MG-SCN-IN-3): 1 MiB by default, 1 GiB at most (util/cli.h
 * ut_cli_check_files). */

static const char help_ja[] =
	"使い方: megami check [オプション]... シナリオ...\n"
	"シナリオファイル（YAML）を検査します。正しいシナリオは、英語のキーで既定値を\n"
	"すべて書き出した正規の形で表示し、誤りはファイル:行:桁の形ですべて示します。\n"
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
	"  megami check examples/megami/duel.yaml\n";

static const char help_en[] =
	"Usage: megami check [OPTION]... SCENARIO...\n"
	"Check scenario files (YAML).  Each good scenario is printed in canonical\n"
	"form, English keys and every default written out; every problem is shown\n"
	"as FILE:LINE:COL: error: ...\n"
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
	"  megami check examples/megami/duel.yaml\n";

/* Check one file; print it normalised when good.  Returns the exit status. */
static int check_one(const ut_cli *ui, const char *path, size_t max,
                     int header)
{
	char name[UT_CLI_NAME_MAX];
	const char *shown = ut_cli_shown_name(name, path);
	mg_scenario_doc *doc = NULL;
	const mg_scenario *s;
	char *yaml = NULL;
	size_t len = 0, i, npc = 0, later = 0;

	if (mg_cli_scenario_file(ui, path, max, "--max-bytes", &doc) != UT_EXIT_OK)
		return UT_EXIT_INPUT;
	s = mg_scenario_doc_scenario(doc);
	if (mg_scenario_to_yaml(&yaml, &len, s) < 0) {
		ut_cli_error(ui, "%s: %s", shown, mg_error_last());
		mg_scenario_doc_free(doc);
		return UT_EXIT_INPUT;
	}
	for (i = 0; i < s->ncharacters; i++) {
		npc += s->characters[i].side == MG_SIDE_NPC;
		later += s->characters[i].enters > 1; /* MG-ENTER-1 */
	}
	if (header)
		ut_out_printf(ut_out_stdout(), "# %s\n", shown);
	/* MG-SCN-OUT: one comment line in the language of --lang; the keys
	 * stay English (stdout's failure: ut_cli_exit reports it) */
	ut_out_printf(ut_out_stdout(),
	              UT_TR(ui, "# 正規化したシナリオ：PC %zu人、NPC %zu人",
	                    "# normalised scenario: PC %zu, NPC %zu"),
	              s->ncharacters - npc, npc);
	if (later) /* the reinforcements (GM review 2026-12-07) */
		ut_out_printf(ut_out_stdout(),
		              UT_TR(ui, "（うち後から登場 %zu人）",
		                    " (%zu of them entering later)"), later);
	ut_out_printf(ut_out_stdout(), "\n");
	ut_out_write(ut_out_stdout(), yaml, len);
	free(yaml);
	mg_scenario_doc_free(doc);
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
