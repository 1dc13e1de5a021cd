/* cmd_sweep.c - `manastorm sweep SCENARIO --vary PATH=VALUES`: a playtest
 * per value of one numeric field, the win rates against the value
 * (docs/MANASTORM.md "Sweeps", MS-SW-CLI-1). */
#define _POSIX_C_SOURCE 200809L

#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

#include "manastorm/playtest.h"
#include "manastorm/pt_render.h"
#include "manastorm/scenario_yaml.h"
#include "util/hash.h"
#include "util/utf8.h"

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
	"  --jobs J          スレッド数、1〜256（既定: オンラインのコア数）\n"
	"  --format text|json  出力の形式（既定: text）\n"
	"  --svg FILE        陣営A・陣営B・引き分けの割合と信頼区間の折れ線グラフを\n"
	"                    SVGでFILEに書く\n"
	"  --max-events N    1決闘のイベントの上限（既定: 100000 と\n"
	"                    10000000000/(値の数×N) の小さいほう、ただし 10000 以上）\n"
	UT_CLI_MAX_BYTES_HELP_JA("     ")
	"  --lang ja|en      メッセージの言語（既定: ja）\n"
	"  -h, --help        このヘルプを表示して終了する\n"
	"\n"
	"MPI 版は mpirun で起動すると各ランクが値ごとの決闘を分担し、ランク0が\n"
	"同じ表を表示します。\n"
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
	"  --jobs J          threads, 1 to 256 (default: the online cores)\n"
	"  --format text|json  output format (default text)\n"
	"  --svg FILE        write the shares of A, B and draws with their intervals\n"
	"                    as an SVG line chart\n"
	"  --max-events N    the most events of one duel (default: the smaller of\n"
	"                    100000 and 10000000000/(values × N), but at least\n"
	"                    10000)\n"
	UT_CLI_MAX_BYTES_HELP_EN("     ")
	"  --lang ja|en      language of messages (default ja)\n"
	"  -h, --help        print this help and exit\n"
	"\n"
	"Built with MPI and started by mpirun, the ranks share each value's duels\n"
	"and rank 0 prints the same table.\n"
	"Exit status: 0 done, 1 a bad scenario or a failed duel, 2 usage.\n"
	"\n"
	"Example:\n"
	"  manastorm sweep examples/manastorm/table.yaml --vary 'participants.リナ.threshold=3..12' --runs 2000\n";

/* The field of a --vary path: what follows its last '.'. */
static const char *field_of(const char *path)
{
	const char *dot = strrchr(path, '.');

	return dot ? dot + 1 : path;
}

/* The --vary path nearest to `path` of those the scenario s has, into
 * near (size n); 0 when none is near.  A participant's path is compared
 * by its field, among those of the participant's role, when the name is
 * the scenario's ("participants.リナ.thresold"), so the common prefix
 * does not make every field near; any other path with the top fields. */
static int near_path(char *near, size_t n, const char *path,
                     const ms_scenario *s)
{
	static const char *const top[] = {"battles", "rounds_per_battle",
	                                  "hand_size"};
	static const char *const field[] = {"threshold", "mp", "hp"};
	const char *dot = strrchr(path, '.');
	size_t best = SIZE_MAX, i, f;
	int found = 0;

	if (!strncmp(path, "participants.", 13) && dot > path + 13) {
		const char *name = path + 13;
		size_t nlen = (size_t)(dot - name);
		for (i = 0; s && i < s->nparticipants; i++) {
			const char *pn = s->participants[i].name;
			if (!pn || strlen(pn) != nlen || memcmp(pn, name, nlen))
				continue;
			for (f = 0; f < 3; f++) {
				/* mp is a caster's, hp a warrior's */
				if ((f == 1 && s->participants[i].role != MS_ROLE_CASTER) ||
				    (f == 2 && s->participants[i].role != MS_ROLE_WARRIOR))
					continue;
				if (ut_utf8_closer(dot + 1, field[f], &best)) {
					snprintf(near, n, "participants.%s.%s", pn,
					         field[f]);
					found = 1;
				}
			}
			break;
		}
		return found;
	}
	for (i = 0; i < sizeof(top) / sizeof(top[0]); i++)
		if (ut_utf8_closer(path, top[i], &best)) {
			snprintf(near, n, "%s", top[i]);
			found = 1;
		}
	return found;
}

/* The participant of s whose name is nearest to `name`, or NULL. */
static const char *near_name(const char *name, const ms_scenario *s)
{
	size_t best = SIZE_MAX, i;
	const char *near = NULL;

	for (i = 0; s && i < s->nparticipants; i++)
		if (s->participants[i].name &&
		    ut_utf8_closer(name, s->participants[i].name, &best))
			near = s->participants[i].name;
	return near;
}

/* MS-SW-ERR-1: a bad --vary is a usage error naming the part, and the
 * nearest path or participant of the scenario s when one is near. */
static int bad_vary(const ut_cli *ui, const ms_sw_spec *sp, const char *vary,
                    const ms_scenario *s)
{
	char near[300];
	const char *who;

	switch (sp->problem) {
	case MS_SW_NO_EQUALS:
		return ut_cli_usage_error(ui, "sweep",
		       UT_TR(ui, "--vary は 項目=値 の形です（「%s」）",
		             "--vary takes FIELD=VALUES, not '%s'"), vary);
	case MS_SW_BAD_PATH:
		if (near_path(near, sizeof(near), sp->detail, s))
			return ut_cli_usage_error(ui, "sweep",
			       UT_TR(ui, "--vary: 変えられる項目ではありません：「%s」。"
			                 "「%s」のことですか？",
			             "--vary: not a field that can vary: '%s'; did "
			             "you mean '%s'?"), sp->detail, near);
		return ut_cli_usage_error(ui, "sweep",
		       UT_TR(ui, "--vary: 変えられる項目ではありません：「%s」（battles, "
		                 "rounds_per_battle, hand_size, participants.名前."
		                 "threshold|mp|hp）",
		             "--vary: not a field that can vary: '%s' (battles, "
		             "rounds_per_battle, hand_size, participants.NAME."
		             "threshold|mp|hp)"), sp->detail);
	case MS_SW_NO_PARTICIPANT:
		if ((who = near_name(sp->detail, s)) != NULL)
			return ut_cli_usage_error(ui, "sweep",
			       UT_TR(ui, "--vary: 参加者「%s」はシナリオにいません。"
			                 "「%s」のことですか？",
			             "--vary: no participant '%s' in the scenario; "
			             "did you mean '%s'?"), sp->detail, who);
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
	case MS_SW_RANGE: /* the words of MS_DIAG_RANGE (a scenario file's) */
		return ut_cli_usage_error(ui, "sweep",
		       UT_TR(ui, "--vary %s=%" PRId64 ": %sが%" PRId64 "です（%" PRId64
		                 "から%" PRId64 "までにしてください）",
		             "--vary %s=%" PRId64 ": %s is %" PRId64 "; it must be "
		             "from %" PRId64 " to %" PRId64),
		       sp->detail, sp->bad_value, field_of(sp->detail),
		       sp->bad_value, sp->lo, sp->hi);
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

/* The progress of all values' runs (rank 0's share of each). */
typedef struct sweep_bar {
	ut_cli_bar *bar;
	uint64_t before, total;
} sweep_bar;

static void sweep_progress(void *ud, uint64_t done, uint64_t total)
{
	sweep_bar *p = ud;
	(void)total;
	ut_cli_progress(p->bar, p->before + done, p->total);
}

/*
 * The sweep over the MPI ranks (MS-PT-MPI-1, UT-CLI-MPI-1; one rank
 * without MPI): for each value in turn every rank plays its share of the
 * runs, and rank 0 keeps the value's totals (MS-SW-MEM-1), as ms_sw_run
 * does; MS-SW-CRN-1: the same seeds for every value.  Returns as ms_cli_pt_run; on rank 0
 * *rc is the first failing value's (out->failed_value says which), as
 * ms_sw_run's.
 */
static int sweep_run(ms_sw_report *out, int *rc, const ut_cli *ui,
                     ut_cli_mpi *m, const ms_scenario *s,
                     const ms_sw_spec *spec, const ms_pt_opts *po,
                     uint64_t hash)
{
	ms_participant *parts;
	ms_pt_opts o = *po;
	sweep_bar sb;
	size_t i;
	int status = UT_EXIT_OK;

	memset(out, 0, sizeof *out);
	*rc = 0;
	parts = malloc((s->nparticipants ? s->nparticipants : 1) * sizeof *parts);
	out->values = malloc(spec->nvalues * sizeof *out->values);
	out->pt = calloc(spec->nvalues, sizeof *out->pt);
	if (!parts || !out->values || !out->pt) {
		/* every rank allocates the same: they agree in the playtest */
		ut_cli_error(ui, "sweep: out of memory");
		free(parts);
		ms_sw_report_free(out);
		return ut_cli_mpi_agree(m, ui, "sweep", UT_EXIT_INPUT, 0);
	}
	out->nvalues = spec->nvalues;
	memcpy(out->values, spec->values, spec->nvalues * sizeof *out->values);
	sb.bar = po->progress_ud;
	sb.total = po->runs * spec->nvalues;
	if (po->progress) {
		o.progress = sweep_progress;
		o.progress_ud = &sb;
	}
	for (i = 0; i < spec->nvalues; i++) {
		ms_scenario c;
		ms_sw_apply(&c, parts, s, spec, spec->values[i]);
		sb.before = po->runs * i;
		status = ms_cli_pt_run(&out->pt[i], rc, ui, "sweep", m, &c, &o,
		                       ut_fnv1a(hash, &spec->values[i],
		                                sizeof spec->values[i]));
		if (status != UT_EXIT_OK || *rc < 0) {
			out->failed_value = i;
			break;
		}
		if (m->rank != 0) {
			ms_pt_report_free(&out->pt[i]);
			continue;
		}
		/* MS-SW-MEM-1: only the totals are kept */
		ms_pt_report_drop_tallies(&out->pt[i]);
	}
	free(parts);
	return status;
}

/* The command on one rank (cmd_sweep). */
static int sweep(ms_cli o, ut_cli_mpi *m, int argc, char **argv)
{
	ms_cli_pt a;
	ut_cli_bar bar;
	ms_scenario_doc *doc = NULL;
	const ms_scenario *s;
	ms_sw_spec spec;
	ms_pt_opts po;
	ms_sw_report r;
	ut_buf out = UT_BUF_INIT, svg = UT_BUF_INIT;
	ms_lang lang;
	uint64_t hash = 0;
	int rc, status;

	if ((rc = ms_cli_pt_args(&a, &o.ui, "sweep", argc, argv, help_ja,
	                         help_en)) != UT_EXIT_OK || a.help)
		return rc;
	if (!a.vary)
		return ut_cli_usage_error(&o.ui, "sweep",
		       UT_TR(&o.ui, "--vary が指定されていません", "no --vary given"));
	lang = o.ui.lang == UT_LANG_EN ? MS_LANG_EN : MS_LANG_JA;
	if ((rc = ut_cli_mpi_stdin(m, &o.ui, "sweep", a.path)) != 0)
		return rc;
	if (ms_cli_scenario_file_hash(&o.ui, a.path, a.max_bytes, "--max-bytes",
	                              &doc, &hash) != UT_EXIT_OK)
		return UT_EXIT_INPUT;
	s = ms_scenario_doc_scenario(doc);
	if (ms_sw_parse(&spec, a.vary, s) < 0) {
		rc = bad_vary(&o.ui, &spec, a.vary, s);
		ms_sw_spec_free(&spec);
		ms_scenario_doc_free(doc);
		return rc;
	}
	ms_cli_pt_opts(&po, &a, &bar, m);
	/* MS-BUDGET-2: the share of every duel of every value (runs ≤ 10^9,
	 * values ≤ 1000: the product fits) */
	po.max_events = ut_cli_series_budget(a.max_events,
	                                     a.runs * (uint64_t)spec.nvalues,
	                                     MS_DUEL_MAX_EVENTS_DEFAULT);
	hash = ut_fnv1a(hash, a.vary, strlen(a.vary));
	status = sweep_run(&r, &rc, &o.ui, m, s, &spec, &po, hash);
	ut_cli_progress_end(&bar);
	if (status != UT_EXIT_OK || m->rank != 0) {
		ms_sw_report_free(&r);
		ms_sw_spec_free(&spec);
		ms_scenario_doc_free(doc);
		return status;
	}
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

/* UT-CLI-MPI-1: started by mpirun (an MPI build), the ranks share each
 * value's runs; every rank ends with rank 0's status. */
int cmd_sweep(const ut_cli *base, int argc, char **argv)
{
	ms_cli o = {*base};
	ut_cli_mpi m;
	int status;

	ut_cli_mpi_init(&m, &o.ui, &argc, &argv);
	status = sweep(o, &m, argc, argv);
	if (!m.agreed)
		status = ut_cli_mpi_agree(&m, &o.ui, "sweep", status, 0);
	return ut_cli_mpi_end(&m, status);
}
