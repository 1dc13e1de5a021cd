/*
 * bench_manastorm.c - card duels per second and instructions per duel on
 * one thread, for each bundled scenario (every .yaml of examples/manastorm/).
 *
 * Each scenario file is read with ms_scenario_parse; one duel object is
 * played again and again (ms_duel_restart with seed S + i for duel i,
 * docs/RANDOM.md series), with each participant's own policy and no event
 * callback.  For each file it prints duels per CPU second of its thread
 * (the honest per-core figure on a shared machine), per wall second, the
 * outcome counts (a check that a change kept the results), and the
 * instructions per duel when the kernel lets a process count its own
 * (perf_event_open; containers often do not).
 * Under valgrind (bench/callgrind.sh bench_manastorm) it plays a fixed
 * number of duels per file instead of timing them, and dumps callgrind's
 * counts once per file ("bench: FILE per=N"), so the script prints the
 * exact instructions per duel of each scenario.
 * Usage: bench_manastorm [SECONDS [FILE…]]  (default 3 s and
 *        every .yaml of examples/manastorm/ from the current directory)
 */
#include <glob.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#if defined(__linux__)
#include <linux/perf_event.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <unistd.h>
#define HAVE_PERF 1
#endif

#if defined(__has_include)
#if __has_include(<valgrind/callgrind.h>)
#include <valgrind/callgrind.h>
#define HAVE_CALLGRIND 1
#endif
#endif

#include "manastorm/duel.h"
#include "manastorm/scenario_yaml.h"

/* Duels per file under valgrind. */
#define CALLGRIND_DUELS 2000

static double clock_s(clockid_t id)
{
	struct timespec ts;
	clock_gettime(id, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* A counter of this thread's user-space instructions, or -1. */
static int instr_open(void)
{
#ifdef HAVE_PERF
	struct perf_event_attr a;
	memset(&a, 0, sizeof(a));
	a.type = PERF_TYPE_HARDWARE;
	a.size = sizeof(a);
	a.config = PERF_COUNT_HW_INSTRUCTIONS;
	a.exclude_kernel = 1;
	a.exclude_hv = 1;
	return (int)syscall(SYS_perf_event_open, &a, 0, -1, -1, 0);
#else
	return -1;
#endif
}

static uint64_t instr_read(int fd)
{
	uint64_t v = 0;
#ifdef HAVE_PERF
	if (fd < 0 || read(fd, &v, sizeof(v)) != (ssize_t)sizeof(v))
		return 0;
#else
	(void)fd;
#endif
	return v;
}

static int under_valgrind(void)
{
#ifdef HAVE_CALLGRIND
	return RUNNING_ON_VALGRIND != 0;
#else
	return 0;
#endif
}

typedef struct tally {
	uint64_t duels, wins[3], storms, battles, events;
} tally;

/* Duels first … first+n−1 of the series; 0 or -1 (message printed). */
static int play(tally *t, ms_duel *d, uint64_t seed, uint64_t n)
{
	uint64_t i;
	ms_result r;

	for (i = 0; i < n; i++) {
		ms_duel_restart(d, seed + t->duels);
		if (ms_duel_run(&r, d) < 0) {
			fprintf(stderr, "bench_manastorm: %s\n", ms_error_last());
			return -1;
		}
		t->duels++;
		t->wins[r.winner + 1]++;
		t->storms += (uint64_t)r.storms;
		t->battles += (uint64_t)r.battles;
		t->events += ms_duel_events(d);
	}
	return 0;
}

static char *slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	char *buf = NULL;
	size_t cap = 0, n = 0;

	if (!f)
		return NULL;
	for (;;) {
		if (n == cap) {
			char *nb = realloc(buf, cap = cap ? 2 * cap : 4096);
			if (!nb) {
				free(buf);
				fclose(f);
				return NULL;
			}
			buf = nb;
		}
		size_t got = fread(buf + n, 1, cap - n, f);
		n += got;
		if (got == 0)
			break;
	}
	if (ferror(f)) {
		free(buf);
		buf = NULL;
	}
	fclose(f);
	*len = n;
	return buf;
}

static int bench_file(const char *path, double secs)
{
	uint64_t seed = 20261130;
	ms_duel_opts o = MS_DUEL_OPTS_INIT;
	ms_scenario_doc *doc = NULL;
	const ms_scenario *s;
	ms_duel *d;
	tally t;
	size_t len;
	char *text = slurp(path, &len);
	double t0, wall, c0, cpu;
	uint64_t i0, instr;
	int fd, rc = 0;

	memset(&t, 0, sizeof(t));
	if (!text) {
		fprintf(stderr, "bench_manastorm: %s: cannot read\n", path);
		return -1;
	}
	if (ms_scenario_parse(&doc, text, len, NULL) < 0 ||
	    !(s = ms_scenario_doc_scenario(doc))) {
		fprintf(stderr, "bench_manastorm: %s: not a legal scenario\n", path);
		ms_scenario_doc_free(doc);
		free(text);
		return -1;
	}
	o.seed = seed;
	if (ms_duel_new(&d, s, &o) < 0) {
		fprintf(stderr, "bench_manastorm: %s: %s\n", path, ms_error_last());
		ms_scenario_doc_free(doc);
		free(text);
		return -1;
	}
	if (under_valgrind()) {
#ifdef HAVE_CALLGRIND
		char label[512];
		CALLGRIND_ZERO_STATS;
		rc = play(&t, d, seed, CALLGRIND_DUELS);
		snprintf(label, sizeof(label), "bench: %s per=%d", path,
		         CALLGRIND_DUELS);
		CALLGRIND_DUMP_STATS_AT(label);
#endif
		wall = cpu = 0;
		instr = 0;
	} else {
		fd = instr_open();
		i0 = instr_read(fd);
		t0 = clock_s(CLOCK_MONOTONIC);
		c0 = clock_s(CLOCK_THREAD_CPUTIME_ID);
		do
			rc = play(&t, d, seed, 1000);
		while (rc == 0 && clock_s(CLOCK_MONOTONIC) - t0 < secs);
		instr = instr_read(fd) - i0;
		wall = clock_s(CLOCK_MONOTONIC) - t0;
		cpu = clock_s(CLOCK_THREAD_CPUTIME_ID) - c0;
		if (fd >= 0)
			close(fd);
	}
	if (rc == 0) {
		printf("%s: %" PRIu64 " duels", path, t.duels);
		if (cpu > 0)
			printf(", %.0f duels per CPU second (%.0f per wall second)",
			       (double)t.duels / cpu, (double)t.duels / wall);
		if (instr > 0)
			printf(", %.0f instructions per duel",
			       (double)instr / (double)t.duels);
		else if (!under_valgrind())
			printf(", instructions: bench/callgrind.sh bench_manastorm");
		printf("\n  A %" PRIu64 ", B %" PRIu64 ", draws %" PRIu64
		       "; %.2f battles, %.3f storms, %.1f events per duel\n",
		       t.wins[1], t.wins[2], t.wins[0],
		       (double)t.battles / (double)t.duels,
		       (double)t.storms / (double)t.duels,
		       (double)t.events / (double)t.duels);
	}
	ms_duel_free(d);
	ms_scenario_doc_free(doc);
	free(text);
	return rc;
}

int main(int argc, char **argv)
{
	double secs = argc > 1 ? atof(argv[1]) : 3.0;
	glob_t g;
	int i, bad = 0;

	if (argc > 2) {
		for (i = 2; i < argc; i++)
			bad |= bench_file(argv[i], secs) < 0;
		return bad;
	}
	if (glob("examples/manastorm/*.yaml", 0, NULL, &g) != 0) {
		fprintf(stderr, "bench_manastorm: no examples/manastorm/*.yaml here "
		        "(run it from the source tree, or name the files)\n");
		return 1;
	}
	for (size_t k = 0; k < g.gl_pathc; k++)
		bad |= bench_file(g.gl_pathv[k], secs) < 0;
	globfree(&g);
	return bad;
}
