/* cmd_sweep.c - `manastorm sweep SCENARIO --vary PATH=VALUES`: a playtest
 * per value of one numeric field, the win rates against the value
 * (docs/MANASTORM.md "Sweeps", MS-SW-CLI-1). */
#define _POSIX_C_SOURCE 200809L

#include <inttypes.h>
#include <string.h>

#include "cli.h"

#include "manastorm/playtest.h"
#include "manastorm/pt_render.h"
#include "manastorm/scenario_yaml.h"

static const char help_ja[] =
	"使い方: manastorm sweep [オプション]... --vary 項目=値 シナリオ\n"
	"シナリオの数値を1つ変えながら、値ごとにテストプレイを行い（どの値も同じ種\n"
	"S…S+N-1）、陣営A・陣営B・引き分けの割合と95%信頼区間（Wilson）を値に対して\n"
	"表にします。最後の列は陣営Aの勝率の最高の値（勝ちが最も多い値）との差と\n"
	"その95%信頼区間（Newcombe）で、* は区間が0を含まない（有意に低い）値です。\n"
	"\n"
	"項目: battles, rounds_per_battle, hand_size,\n"
	"      participants.名前.threshold, participants.名前.mp（魔法術師）,\n"
	"      participants.名前.hp（魔法戦士）\n"
	"値:   a..b（すべての整数）、a..b/刻み、a,b,c\n"
	"\n"
	"オプション:\n"
	"  --vary 項目=値    変える項目と値（必須）\n"
	"  --runs N          値ごとの決闘の回数（既定: 1000）\n"
	"  --seed S          最初の種（既定: 0）\n"
	"  --jobs J          スレッド数（既定: オンラインのコア数）\n"
	"  --format text|json  出力の形式（既定: text）\n"
	"  --svg FILE        陣営A・陣営B・引き分けの割合と信頼区間の折れ線グラフを\n"
	"                    SVGでFILEに書く\n"
	"  --max-events N    1決闘のイベントの上限（既定: 100000 と\n"
	"                    10000000000/(値の数×N) の小さいほう）\n"
	"  --lang ja|en      メッセージの言語（既定: ja）\n"
	"  -h, --help        このヘルプを表示して終了する\n"
	"\n"
	"終了コード: 0 成功、1 誤りのあるシナリオか失敗した決闘、2 使い方の誤り\n"
	"\n"
	"例:\n"
	"  manastorm sweep examples/manastorm/table.yaml --vary 'participants.リナ.threshold=3..12' --runs 2000\n";

static const char help_en[] =
	"Usage: manastorm sweep [OPTION]... --vary FIELD=VALUES SCENARIO\n"
	"Playtest the scenario once per value of one number (every value with the\n"
	"same seeds S...S+N-1) and tabulate side A's, side B's and the draws' rates\n"
	"with their 95% intervals (Wilson) against the value.  The last column is\n"
	"side A's win rate minus that of the best value (the most wins of side A)\n"
	"with its 95% interval (Newcombe); * marks a value whose interval excludes\n"
	"0 (significantly lower).\n"
	"\n"
	"FIELD:  battles, rounds_per_battle, hand_size,\n"
	"        participants.NAME.threshold, participants.NAME.mp (casters),\n"
	"        participants.NAME.hp (warriors)\n"
	"VALUES: a..b (every integer), a..b/step, a,b,c\n"
	"\n"
	"Options:\n"
	"  --vary FIELD=VALUES  what to vary (required)\n"
	"  --runs N          duels per value (default 1000)\n"
	"  --seed S          the first seed (default 0)\n"
	"  --jobs J          threads (default: the online cores)\n"
	"  --format text|json  output format (default text)\n"
	"  --svg FILE        write the shares of A, B and draws with their intervals\n"
	"                    as an SVG line chart\n"
	"  --max-events N    the most events of one duel (default: the smaller of\n"
	"                    100000 and 10000000000/(values × N))\n"
	"  --lang ja|en      language of messages (default ja)\n"
	"  -h, --help        print this help and exit\n"
	"\n"
	"Exit status: 0 done, 1 a bad scenario or a failed duel, 2 usage.\n"
	"\n"
	"Example:\n"
	"  manastorm sweep examples/manastorm/table.yaml --vary 'participants.リナ.threshold=3..12' --runs 2000\n";

/* MS-SW-ERR-1: a bad --vary is a usage error naming the part. */
static int bad_vary(const ut_cli *ui, const ms_sw_spec *sp, const char *vary)
{
	switch (sp->problem) {
	case MS_SW_NO_EQUALS:
		return ut_cli_usage_error(ui, "sweep",
		       UT_TR(ui, "--vary は 項目=値 の形です（「%s」）",
		             "--vary takes FIELD=VALUES, not '%s'"), vary);
	case MS_SW_BAD_PATH:
		return ut_cli_usage_error(ui, "sweep",
		       UT_TR(ui, "--vary: 変えられる項目ではありません：「%s」（battles, "
		                 "rounds_per_battle, hand_size, participants.名前."
		                 "threshold|mp|hp）",
		             "--vary: not a field that can vary: '%s' (battles, "
		             "rounds_per_battle, hand_size, participants.NAME."
		             "threshold|mp|hp)"), sp->detail);
	case MS_SW_NO_PARTICIPANT:
		return ut_cli_usage_error(ui, "sweep",
		       UT_TR(ui, "--vary: 参加者「%s」はシナリオにいません",
		             "--vary: no participant '%s' in the scenario"),
		       sp->detail);
	case MS_SW_NOT_FOR_ROLE:
		return ut_cli_usage_error(ui, "sweep",
		       UT_TR(ui, "--vary: 「%s」はその参加者の役割にありません（mp は魔法術師、"
		                 "hp は魔法戦士）",
		             "--vary: '%s' is not for that participant's role (mp: "
		             "casters, hp: warriors)"), sp->detail);
	case MS_SW_BAD_VALUES:
		return ut_cli_usage_error(ui, "sweep",
		       UT_TR(ui, "--vary: 値は a..b、a..b/刻み、a,b,c の形の整数です"
		                 "（a ≦ b、刻み ≧ 1）：「%s」",
		             "--vary: the values are whole numbers as a..b, "
		             "a..b/step or a,b,c (a <= b, step >= 1), not '%s'"),
		       sp->detail);
	case MS_SW_TOO_MANY:
		return ut_cli_usage_error(ui, "sweep",
		       UT_TR(ui, "--vary: 値が%u個を超えます：「%s」",
		             "--vary: more than %u values: '%s'"),
		       MS_SW_VALUES_MAX, sp->detail);
	case MS_SW_ILLEGAL:
		return ut_cli_usage_error(ui, "sweep",
		       UT_TR(ui, "--vary: 値 %" PRId64 " ではシナリオが正しくありません：%s",
		             "--vary: the value %" PRId64 " makes the scenario "
		             "illegal: %s"), sp->bad_value, sp->detail);
	default:
		ut_cli_error(ui, "sweep: %s", ms_error_last());
		return UT_EXIT_INPUT;
	}
}

int cmd_sweep(const ut_cli *base, int argc, char **argv)
{
	ms_cli o = {*base};
	ms_cli_pt a;
	ut_cli_bar bar;
	ms_scenario_doc *doc = NULL;
	const ms_scenario *s;
	ms_sw_spec spec;
	ms_pt_opts po;
	ms_sw_report r;
	ut_buf out = UT_BUF_INIT, svg = UT_BUF_INIT;
	ms_lang lang;
	int rc;

	if ((rc = ms_cli_pt_args(&a, &o.ui, "sweep", argc, argv, help_ja,
	                         help_en)) != UT_EXIT_OK || a.help)
		return rc;
	if (!a.vary)
		return ut_cli_usage_error(&o.ui, "sweep",
		       UT_TR(&o.ui, "--vary が指定されていません", "no --vary given"));
	lang = o.ui.lang == UT_LANG_EN ? MS_LANG_EN : MS_LANG_JA;
	if (ms_cli_scenario_file(&o.ui, a.path, MS_CLI_MAX_BYTES, NULL, &doc) !=
	    UT_EXIT_OK)
		return UT_EXIT_INPUT;
	s = ms_scenario_doc_scenario(doc);
	if (ms_sw_parse(&spec, a.vary, s) < 0) {
		rc = bad_vary(&o.ui, &spec, a.vary);
		ms_sw_spec_free(&spec);
		ms_scenario_doc_free(doc);
		return rc;
	}
	ms_cli_pt_opts(&po, &a, &bar);
	/* MS-BUDGET-2: the share of every duel of every value */
	po.max_events = ut_cli_series_budget(a.max_events,
	                                     a.runs * (uint64_t)spec.nvalues,
	                                     MS_DUEL_MAX_EVENTS_DEFAULT);
	rc = ms_sw_run(&r, s, &spec, &po);
	ut_cli_progress_end(&bar);
	if (rc < 0) {
		if (r.pt && r.failed_value < r.nvalues) {
			ut_cli_error(&o.ui, UT_TR(&o.ui, "sweep: 値 %" PRId64 "：",
			                          "sweep: value %" PRId64 ":"),
			             r.values[r.failed_value]);
			ms_cli_pt_failed(&o.ui, "sweep", &r.pt[r.failed_value], rc,
			                 po.max_events);
		} else
			ut_cli_error(&o.ui, "sweep: %s", ms_error_last());
		ms_sw_report_free(&r);
		ms_sw_spec_free(&spec);
		ms_scenario_doc_free(doc);
		return UT_EXIT_INPUT;
	}
	rc = a.json ? ms_sw_render_json(&out, &r, a.vary)
	            : ms_sw_render_text(&out, &r, a.vary, lang);
	if (rc == 0 && a.svg)
		rc = ms_sw_render_svg(&svg, &r, a.vary, lang);
	if (rc < 0) {
		ut_cli_error(&o.ui, "sweep: %s", ms_error_last());
		rc = UT_EXIT_INPUT;
	} else
		rc = ms_cli_pt_output(&o.ui, "sweep", &out, &svg, a.svg);
	ut_buf_free(&out);
	ut_buf_free(&svg);
	ms_sw_report_free(&r);
	ms_sw_spec_free(&spec);
	ms_scenario_doc_free(doc);
	return rc;
}
