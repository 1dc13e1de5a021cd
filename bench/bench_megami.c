/*
 * bench_megami.c - 戦女神TRPG fights per second on one thread, and
 * instructions per fight, for each bundled scenario.
 *
 * Each scenario (the files named; else every bundled scenario,
 * examples/megami/NAME.yaml under the current directory, then the
 * 4-against-4 scenario built in C by megami_gen.h) is fought again and again with one combat object
 * (mg_combat_restart), the default policy for every decision, no event
 * callback, and dice from the generator seeded S + i for fight i
 * (docs/RANDOM.md series, S = 20261130), as `megami fight --runs` does.
 *
 * Instructions per fight come from the CPU's counter (perf_event_open,
 * user space only) when the kernel offers it; where it does not (a virtual
 * machine), bench/callgrind.sh counts them under callgrind: it runs this
 * program with -n and collects only inside bench_fights().
 *
 * Usage: bench_megami [-n FIGHTS | SECONDS] [SCENARIO.yaml...]
 *   SECONDS  time per scenario (default 1); -n: exactly FIGHTS fights each
 *   (the wins and rounds printed are then the same on every machine).
 */
#define _GNU_SOURCE
#include <glob.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#ifdef __linux__
#include <linux/perf_event.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <unistd.h>
#endif

#include "megami/combat.h"
#include "megami/scenario_yaml.h"
#include "util/rng.h"

#include "megami_gen.h"

#define SEED 20261130u

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* The user-space instruction counter, or -1 when there is none. */
static int counter_open(void)
{
#ifdef __linux__
	struct perf_event_attr pe;
	memset(&pe, 0, sizeof pe);
	pe.type = PERF_TYPE_HARDWARE;
	pe.size = sizeof pe;
	pe.config = PERF_COUNT_HW_INSTRUCTIONS;
	pe.disabled = 1;
	pe.exclude_kernel = 1;
	pe.exclude_hv = 1;
	return (int)syscall(SYS_perf_event_open, &pe, 0, -1, -1, 0);
#else
	return -1;
#endif
}

static void counter_start(int fd)
{
#ifdef __linux__
	if (fd >= 0) {
		ioctl(fd, PERF_EVENT_IOC_RESET, 0);
		ioctl(fd, PERF_EVENT_IOC_ENABLE, 0);
	}
#else
	(void)fd;
#endif
}

static long long counter_stop(int fd)
{
#ifdef __linux__
	long long v = -1;
	if (fd < 0)
		return -1;
	ioctl(fd, PERF_EVENT_IOC_DISABLE, 0);
	if (read(fd, &v, sizeof v) != (ssize_t)sizeof v)
		return -1;
	return v;
#else
	(void)fd;
	return -1;
#endif
}

typedef struct tally {
	uint64_t fights, rounds, wins[3];
} tally;

/* Fights first … first+n−1 of the series (bench/callgrind.sh collects
 * only in here).  0, or the combat's error code. */
__attribute__((noinline)) int bench_fights(mg_combat *c, ut_dice *dice,
                                           uint64_t first, uint64_t n,
                                           tally *t)
{
	uint64_t i;

	for (i = first; i < first + n; i++) {
		mg_result res;
		int rc;
		ut_dice_seed(dice, ut_rng_series_seed(SEED, i));
		mg_combat_restart(c);
		if ((rc = mg_combat_run(&res, c)) < 0)
			return rc;
		t->fights++;
		t->rounds += (uint64_t)res.rounds;
		t->wins[res.winner + 1]++;
	}
	return 0;
}

/* The scenario of a file into *doc (the caller frees it), or NULL after
 * saying why. */
static const mg_scenario *from_file(const char *path, mg_scenario_doc **doc)
{
	static char text[1 << 20];
	FILE *f = fopen(path, "rb");
	size_t len;

	*doc = NULL;
	if (f == NULL) {
		perror(path);
		return NULL;
	}
	len = fread(text, 1, sizeof text, f);
	fclose(f);
	if (mg_scenario_parse(doc, text, len, NULL) < 0 ||
	    mg_scenario_doc_scenario(*doc) == NULL) {
		fprintf(stderr, "bench_megami: %s: not a valid scenario "
		        "(megami check %s)\n", path, path);
		return NULL;
	}
	return mg_scenario_doc_scenario(*doc);
}

/* Bench one scenario: `fixed` fights, or as many as fit in secs. */
static int bench_one(const char *name, const mg_scenario *s, double secs,
                     uint64_t fixed, int fd)
{
	mg_combat_opts o = MG_COMBAT_OPTS_INIT;
	mg_combat *c;
	ut_dice dice;
	tally t = {0, 0, {0, 0, 0}};
	long long ins;
	double t0, el;
	int rc = 0;

	ut_dice_seed(&dice, SEED);
	o.dice = &dice;
	if (mg_combat_new(&c, s, &o) < 0) {
		fprintf(stderr, "bench_megami: %s: %s\n", name, mg_error_last());
		return 1;
	}
	t0 = now();
	counter_start(fd);
	if (fixed) {
		rc = bench_fights(c, &dice, 0, fixed, &t);
	} else {
		do
			rc = bench_fights(c, &dice, t.fights, 1000, &t);
		while (rc == 0 && now() - t0 < secs);
	}
	ins = counter_stop(fd);
	el = now() - t0;
	if (rc < 0) {
		fprintf(stderr, "bench_megami: %s: %s\n", name, mg_error_last());
		mg_combat_free(c);
		return 1;
	}
	printf("bench_megami: %s: %llu fights in %.2f s: %.0f fights/second "
	       "on 1 thread, ", name, (unsigned long long)t.fights, el,
	       (double)t.fights / el);
	if (ins >= 0)
		printf("%.0f instructions/fight", (double)ins / (double)t.fights);
	else
		printf("instructions/fight n/a (no counter: bench/callgrind.sh)");
	printf(" (%.3f rounds/fight; PC won %llu, NPC won %llu, draws %llu)\n",
	       (double)t.rounds / (double)t.fights,
	       (unsigned long long)t.wins[1], (unsigned long long)t.wins[2],
	       (unsigned long long)t.wins[0]);
	mg_combat_free(c);
	return 0;
}

int main(int argc, char **argv)
{
	double secs = 1.0;
	uint64_t fixed = 0;
	glob_t gl;
	megami_gen g;
	int fd, bad = 0, i, a = 1, globbed = 0;
	size_t k;

	if (a + 1 < argc && strcmp(argv[a], "-n") == 0) {
		fixed = strtoull(argv[a + 1], NULL, 10);
		a += 2;
	} else if (a < argc && strstr(argv[a], ".yaml") == NULL) {
		secs = atof(argv[a++]);
	}
	memset(&gl, 0, sizeof gl);
	if (a == argc) {
		globbed = glob("examples/megami/*.yaml", 0, NULL, &gl) == 0;
		if (!globbed)
			fprintf(stderr, "bench_megami: no examples/megami/*.yaml "
			        "here (run from the source tree or name the "
			        "files); only the built-in scenario\n");
	}
	fd = counter_open();
	if (globbed) {
		for (k = 0; k < gl.gl_pathc; k++) {
			mg_scenario_doc *doc;
			const mg_scenario *s = from_file(gl.gl_pathv[k], &doc);
			bad |= s == NULL || bench_one(gl.gl_pathv[k], s, secs,
			                              fixed, fd);
			mg_scenario_doc_free(doc);
		}
		globfree(&gl);
	}
	for (i = a; i < argc; i++) {
		mg_scenario_doc *doc;
		const mg_scenario *s = from_file(argv[i], &doc);
		bad |= s == NULL || bench_one(argv[i], s, secs, fixed, fd);
		mg_scenario_doc_free(doc);
	}
	if (a == argc) {
		megami_gen_4v4(&g);
		bad |= bench_one("built-in 4 against 4", &g.s, secs, fixed, fd);
	}
#ifdef __linux__
	if (fd >= 0)
		close(fd);
#endif
	return bad;
}
