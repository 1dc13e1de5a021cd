/*
 * fight_mc.h - the Monte Carlo part of `megami fight` (cmd_fight_mc.c):
 * the options --runs, --jobs and --svg, and the series itself
 * (docs/MEGAMI.md "Monte Carlo").  cmd_fight.c adds MG_FIGHT_MC_LONGOPTS to
 * its options, passes OPT_RUNS, OPT_JOBS and OPT_SVG to
 * mg_fight_mc_option, calls mg_fight_mc_check after the options, and,
 * when mc.runs is set, mg_fight_mc_run on the scenario it read instead of
 * one fight.
 */
#ifndef MG_FIGHT_MC_H
#define MG_FIGHT_MC_H

#include <stdint.h>

#include "cli.h"
#include "megami/scenario.h"

typedef struct mg_fight_mc {
	uint64_t runs;    /* --runs N; 0: one fight, not a series */
	unsigned jobs;    /* --jobs J; 0: the online cores */
	const char *svg;  /* --svg FILE, or NULL */
} mg_fight_mc;

#define MG_FIGHT_MC_INIT {0, 0, NULL}

#define MG_FIGHT_MC_LONGOPTS \
	{"runs", required_argument, NULL, OPT_RUNS}, \
	{"jobs", required_argument, NULL, OPT_JOBS}, \
	{"svg", required_argument, NULL, OPT_SVG}

/* The lines of fight's help about these options. */
#define MG_FIGHT_MC_HELP_JA \
	"  --runs N               N回の戦闘（種 S, S+1, …）の統計を出す\n" \
	"                         （1〜1000000000）：勝率と95%信頼区間、ラウンド数、\n" \
	"                         キャラクターごとの戦闘不能・死亡の率と残りHP\n" \
	"  --jobs J               --runs のスレッド数（1〜1024、既定: CPUコア数）\n" \
	"                         （MPI 版を mpirun で起動すると各ランクが --runs の\n" \
	"                         戦闘を分担し、ランク0が同じ結果を表示します）\n" \
	"  --svg FILE             --runs のラウンド数と残りHPの分布をSVGで書く\n"
#define MG_FIGHT_MC_HELP_EN \
	"  --runs N               statistics of N fights (seeds S, S+1, ...; 1 to\n" \
	"                         1000000000): win rates with 95% intervals, rounds,\n" \
	"                         each character's incapacitation, death, HP left\n" \
	"  --jobs J               threads for --runs (1 to 1024, default: the cores;\n" \
	"                         built with MPI and started by mpirun, the ranks\n" \
	"                         share the runs and rank 0 prints the same report)\n" \
	"  --svg FILE             with --runs, also write the distributions of rounds\n" \
	"                         and HP left as an SVG picture\n"

/* One of OPT_RUNS, OPT_JOBS, OPT_SVG with its value: 0, or UT_EXIT_USAGE
 * after printing the usage error (UT_EXIT_INPUT for an --svg file whose
 * folder is missing or not writable, ut_cli_out_file). */
int mg_fight_mc_option(mg_fight_mc *mc, const ut_cli *ui, int opt,
                       const char *arg);

/* After the options: --jobs and --svg need --runs, --dice excludes it.
 * 0, or UT_EXIT_USAGE after printing the usage error. */
int mg_fight_mc_check(const mg_fight_mc *mc, const ut_cli *ui,
                      int dice_given);

/* Fight the series with seed `seed`, each run with a budget of
 * `max_events` events (MG-BUDGET-2), and print the report on stdout (text
 * or JSON), the SVG into mc->svg; a progress bar on stderr when it is a
 * terminal.  Returns the exit status (1 when a run failed: the message
 * names the run and its seed).  Over MPI ranks (m, UT-CLI-MPI-1) each
 * rank fights its share of the runs and rank 0 adds the parts up
 * (MG-MC-SHARE-1) and prints; `hash` is the scenario text's, which the
 * ranks compare. */
int mg_fight_mc_run(const mg_fight_mc *mc, const ut_cli *ui,
                    const mg_scenario *s, uint64_t seed, int json,
                    uint64_t max_events, ut_cli_mpi *m, uint64_t hash);

#endif
