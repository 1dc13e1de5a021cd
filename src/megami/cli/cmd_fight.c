/* cmd_fight.c - `megami fight SCENARIO` (MG-FIGHT-CLI-1): play one combat
 * with the built-in policy `default` for every decision and print its log
 * (docs/MEGAMI.md "Combat", MG-LOG-1; dice: M8.11, docs/RANDOM.md). */
#include <stdlib.h>
#include <string.h>

#include "budget.h"
#include "cli.h"
#include "fight_mc.h" /* --runs: cmd_fight_mc.c */
#include "scenario_io.h"
#include "stop_text.h"

#include "megami/combat.h"
#include "megami/render.h"
#include "megami/scenario_yaml.h"
#include "util/rng.h"

/* The scenario file: 1 MiB at most (the default of megami check). */
/* --dice: at most this many values. */

static const char help_ja[] =
	"使い方: megami fight [オプション]... シナリオ\n"
	"シナリオ（YAML）の戦闘を、すべての判断を組み込みの方針 default で行って\n"
	"最後まで進め、戦闘ログを表示します。\n"
	"\n"
	"オプション:\n"
	"  --seed S               ダイスを種 S の乱数（xoshiro256ss-1）で振る\n"
	"                         （0〜18446744073709551615、既定: 0）\n"
	"  --dice 3,4,6,...       ダイスの目を順に指定する（乱数を使わない）\n"
	"  --format text|json     ログの形式（既定: text）\n"
	MG_FIGHT_MC_HELP_JA
	MG_CLI_MAX_EVENTS_HELP_JA
	UT_CLI_MAX_BYTES_HELP_JA("          ")
	"  --replay FILE          megami track で保存したリプレイを再生する\n"
	"  --lang ja|en           ログとメッセージの言語（既定: ja）\n"
	"  -h, --help             このヘルプを表示して終了する\n"
	"\n"
	"シナリオ - は標準入力を読みます。--seed と --dice は同時に使えません。\n"
	"--dice の目が足りないか1〜6の外にあると、その位置を示して止まります。\n"
	"終了コード: 0 正常、1 入力の誤り（不正なシナリオ、読めないファイル、\n"
	"ダイスの誤りやイベントの上限で止まった戦闘）、2 使い方の誤り\n"
	"\n"
	"例:\n"
	"  megami fight --seed 42 examples/megami/duel.yaml\n";

static const char help_en[] =
	"Usage: megami fight [OPTION]... SCENARIO\n"
	"Play the combat of SCENARIO (YAML) to the end, every decision made by the\n"
	"built-in policy `default`, and print its log.\n"
	"\n"
	"Options:\n"
	"  --seed S               roll the dice with the generator xoshiro256ss-1\n"
	"                         seeded S (0 to 18446744073709551615, default 0)\n"
	"  --dice 3,4,6,...       take the dice from this list, in order\n"
	"  --format text|json     the log as text (default) or one JSON document\n"
	MG_FIGHT_MC_HELP_EN
	MG_CLI_MAX_EVENTS_HELP_EN
	UT_CLI_MAX_BYTES_HELP_EN("          ")
	"  --replay FILE          play a replay saved by megami track\n"
	"  --lang ja|en           language of the log and messages (default ja)\n"
	"  -h, --help             print this help and exit\n"
	"\n"
	"A SCENARIO of - reads standard input.  --seed and --dice exclude each\n"
	"other.  When the --dice list runs out or holds a value outside 1-6 the\n"
	"combat stops, naming the position.\n"
	"Exit status: 0 ok, 1 bad input (illegal scenario, unreadable file, a\n"
	"combat stopped by the dice or its event limit), 2 usage.\n"
	"\n"
	"Example:\n"
	"  megami fight --seed 42 examples/megami/duel.yaml\n";

static const struct option longopts[] = {
	MG_CLI_COMMON_LONGOPTS,
	{"seed", required_argument, NULL, OPT_SEED},
	{"dice", required_argument, NULL, OPT_DICE},
	{"format", required_argument, NULL, OPT_FORMAT},
	MG_FIGHT_MC_LONGOPTS,
	MG_CLI_MAX_EVENTS_LONGOPT,
	MG_CLI_MAX_BYTES_LONGOPT,
	{"replay", required_argument, NULL, OPT_REPLAY},
	{NULL, 0, NULL, 0}
};

/* What the command line of `megami fight` says. */
typedef struct fight_args {
	mg_log_format fmt;
	int64_t *values;      /* --dice (owned) */
	size_t nvalues;
	uint64_t seed;        /* M8.11: without --seed or --dice the seed is 0 */
	uint64_t max_events;  /* --max-events; 0: the default (MG-BUDGET-1, -2) */
	size_t max_bytes;     /* --max-bytes */
	int have_seed, have_dice;
	mg_fight_mc mc;
	const char *replay;   /* --replay: cmd_fight_replay.c */
} fight_args;

/* --format, --seed and --dice into a; 0, or the usage error's status. */
static int fight_value_option(fight_args *a, mg_cli *o, int c)
{
	switch (c) {
	case OPT_FORMAT:
		if (strcmp(optarg, "json") == 0)
			a->fmt = MG_LOG_JSON;
		else if (strcmp(optarg, "text") == 0)
			a->fmt = MG_LOG_TEXT;
		else
			return ut_cli_usage_error(&o->ui, "fight",
			       UT_TR(&o->ui, "--format の値「%s」は使えません"
			                     "（text か json）",
			             "unknown format '%s' (text or json)"),
			       optarg);
		return 0;
	case OPT_SEED:
		if (ut_cli_parse_u64(&a->seed, optarg, UINT64_MAX) < 0)
			return ut_cli_bad_number(&o->ui, "fight", "--seed", 0,
			                         UINT64_MAX, optarg);
		a->have_seed = 1;
		return 0;
	default: { /* OPT_DICE */
		int rc;
		free(a->values);
		a->values = NULL;
		if ((rc = mg_cli_dice_list(&o->ui, "fight", optarg, &a->values,
		                           &a->nvalues)) != 0)
			return rc;
		a->have_dice = 1;
		return 0;
	}
	}
}

/* The options of `megami fight` into a: 0 to go on, FIGHT_DONE after
 * --help, or the exit status of a usage error. */
#define FIGHT_DONE (-1)
static int fight_options(fight_args *a, mg_cli *o, int argc, char **argv)
{
	int c, rc;

	ut_cli_getopt_begin(&o->ui, argc, argv, MG_CLI_SHORTOPTS, longopts,
	                    OPT_LANG);
	while ((c = getopt_long(argc, argv, MG_CLI_SHORTOPTS, longopts, NULL)) != -1) {
		switch (c) {
		case 'h':
			rc = ut_cli_help(&o->ui, help_ja, help_en);
			return rc == UT_EXIT_OK ? FIGHT_DONE : rc;
		case OPT_LANG:
			if (ut_cli_lang(&o->ui, "fight", optarg) != 0)
				return UT_EXIT_USAGE;
			break;
		case OPT_FORMAT:
		case OPT_SEED:
		case OPT_DICE:
			if ((rc = fight_value_option(a, o, c)) != 0)
				return rc;
			break;
		case OPT_RUNS:
		case OPT_JOBS:
		case OPT_SVG:
			{
				int rc = mg_fight_mc_option(&a->mc, &o->ui, c,
				                            optarg);
				if (rc)
					return rc;
			}
			break;
		case OPT_REPLAY:
			a->replay = optarg;
			break;
		case OPT_MAX_EVENTS:
			if (ut_cli_max_events(&a->max_events, &o->ui, "fight",
			                      optarg) != 0)
				return UT_EXIT_USAGE;
			break;
		case OPT_MAX_BYTES:
			if (ut_cli_max_bytes(&a->max_bytes, &o->ui, "fight",
			                     optarg) != 0)
				return UT_EXIT_USAGE;
			break;
		default:
			return ut_cli_bad_option(&o->ui, "fight", c, argv, longopts);
		}
	}
	if (a->have_seed && a->have_dice)
		return ut_cli_usage_error(&o->ui, "fight",
		       UT_TR(&o->ui, "--seed と --dice は同時に使えません",
		             "--seed and --dice exclude each other"));
	if (mg_fight_mc_check(&a->mc, &o->ui, a->have_dice) != 0)
		return UT_EXIT_USAGE;
	return 0;
}

/* One combat of the scenario of doc, its log on standard output; the exit
 * status. */
static int fight_one(const fight_args *a, mg_cli *o, mg_scenario_doc *doc)
{
	mg_combat_opts co = MG_COMBAT_OPTS_INIT;
	mg_combat *combat = NULL;
	mg_log *log = NULL;
	mg_result res;
	ut_dice dice;
	int rc, status = UT_EXIT_OK;

	if (a->have_dice)
		ut_dice_list(&dice, a->values, a->nvalues);
	else
		ut_dice_seed(&dice, a->seed);
	co.dice = &dice;
	co.max_events = a->max_events ? a->max_events : MG_COMBAT_MAX_EVENTS_DEFAULT;
	if (mg_log_new(&log, a->fmt, (mg_lang)o->ui.lang, ut_out_writer,
	               ut_out_stdout()) < 0) {
		ut_cli_error(&o->ui, "%s", mg_error_last());
		return UT_EXIT_INPUT;
	}
	if (!a->have_dice)
		mg_log_set_seed(log, a->seed);
	co.on_event = mg_log_event; /* the log is the event sink */
	co.event_ud = log;
	if (mg_combat_new(&combat, mg_scenario_doc_scenario(doc), &co) < 0) {
		ut_cli_error(&o->ui, "%s", mg_error_last());
		mg_log_free(log);
		return UT_EXIT_INPUT;
	}
	/* the log goes to stdout: its failure is reported by ut_cli_exit */
	rc = mg_combat_run(&res, combat);
	if (rc < 0) {
		char msg[600], shown[700];
		snprintf(msg, sizeof(msg), "%s", mg_error_last());
		/* in the page's language: the fixed dice as megami roll words
		 * them (MG-STOP-1 MG-DICE-OUT-2), an overflow (MG-CKD-1); the text log's
		 * error line too, the JSON keeps the engine's words */
		if (!(a->have_dice && mg_cli_dice_failure(shown, sizeof(shown),
		                                          &dice, o->ui.lang)))
			mg_cli_stop_text(shown, sizeof(shown), msg, o->ui.lang);
		ut_error_set(rc, "%s", a->fmt == MG_LOG_TEXT ? shown : msg);
		if (mg_log_finish(log, combat, rc) < 0 && !ut_out_stdout()->err)
			ut_cli_error(&o->ui, "fight: %s", mg_error_last());
		if (rc == MG_ELIMIT) /* MG-BUDGET-1 */
			mg_cli_budget_spent(&o->ui, "fight", co.max_events,
			                    mg_combat_round(combat));
		else
			ut_cli_error(&o->ui, UT_TR(&o->ui, "fight: 戦闘が止まりました：%s",
			                           "fight: the combat stopped: %s"),
			             shown);
		status = UT_EXIT_INPUT;
	} else if (mg_log_finish(log, combat, rc) < 0) {
		if (!ut_out_stdout()->err)
			ut_cli_error(&o->ui, "fight: %s", mg_error_last());
		status = UT_EXIT_INPUT;
	} else if (a->have_dice) {
		mg_cli_dice_unused(&o->ui, "fight", &dice);
	}
	if (ut_out_flush(ut_out_stdout()) < 0)
		status = UT_EXIT_INPUT;
	mg_combat_free(combat);
	mg_log_free(log);
	return status;
}

/* The command on one rank (cmd_fight). */
static int fight(mg_cli *o_, ut_cli_mpi *m, int argc, char **argv)
{
	mg_cli o = *o_;
	fight_args a = {MG_LOG_TEXT, NULL, 0, 0, 0, UT_CLI_MAX_BYTES_DEFAULT, 0, 0,
	                MG_FIGHT_MC_INIT, NULL};
	mg_scenario_doc *doc = NULL;
	uint64_t hash = 0;
	int rc, status;

	if ((rc = fight_options(&a, &o, argc, argv)) != 0) {
		free(a.values);
		return rc == FIGHT_DONE ? UT_EXIT_OK : rc;
	}
	if (a.replay) {
		/* MG-REPLAY-4: the replay holds the scenario, seed and dice */
		free(a.values);
		if (a.have_seed || a.have_dice || a.mc.runs || argc - optind != 0)
			return ut_cli_usage_error(&o.ui, "fight",
			       UT_TR(&o.ui, "--replay にはシナリオ、--seed、--dice、--runs を"
			                    "添えません",
			             "--replay takes no scenario, --seed, --dice or --runs"));
		if (m->rank != 0) /* one combat: rank 0 alone replays and
		                     prints (every rank printed it, and a broken
		                     replay's error, once per rank) */
			return UT_EXIT_OK;
		return mg_fight_replay(&o, a.replay, a.fmt == MG_LOG_JSON,
		                       a.max_events ? a.max_events
		                                    : MG_COMBAT_MAX_EVENTS_DEFAULT,
		                       a.max_bytes);
	}
	if (argc - optind != 1) {
		free(a.values);
		return ut_cli_usage_error(&o.ui, "fight",
		       UT_TR(&o.ui, "シナリオをちょうど1つ指定してください"
		                    "（指定されたのは%d個）",
		             "give exactly one scenario (%d given)"),
		       argc - optind);
	}
	if ((rc = ut_cli_mpi_stdin(m, &o.ui, "fight", argv[optind])) != 0) {
		free(a.values);
		return rc;
	}
	if (mg_cli_scenario_file_hash(&o.ui, argv[optind], a.max_bytes,
	                              "--max-bytes", &doc, &hash) != UT_EXIT_OK) {
		free(a.values);
		return UT_EXIT_INPUT;
	}
	if (a.mc.runs)
		status = mg_fight_mc_run(&a.mc, &o.ui, mg_scenario_doc_scenario(doc),
		                         a.seed, a.fmt == MG_LOG_JSON,
		                         ut_cli_series_budget(a.max_events, a.mc.runs,
		                                              MG_COMBAT_MAX_EVENTS_DEFAULT),
		                         m, hash);
	else if (m->rank == 0) /* one combat: rank 0 alone fights and prints
	                          (every rank printed it: MPI review 2026-12-06) */
		status = fight_one(&a, &o, doc);
	else
		status = UT_EXIT_OK;
	mg_scenario_doc_free(doc);
	free(a.values);
	return status;
}

/* MG-MC-MPI-1, UT-CLI-MPI-1: started by mpirun (an MPI build), the ranks
 * share the runs of --runs (mg_fight_mc_run); every rank ends here with
 * rank 0's status, after one agreement if the series did not make it. */
int cmd_fight(const ut_cli *base, int argc, char **argv)
{
	mg_cli o = {*base};
	ut_cli_mpi m;
	int status;

	ut_cli_mpi_init(&m, &o.ui, &argc, &argv);
	status = fight(&o, &m, argc, argv);
	if (!m.agreed)
		status = ut_cli_mpi_agree(&m, &o.ui, "fight", status, 0);
	return ut_cli_mpi_end(&m, status);
}
