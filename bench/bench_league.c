/*
 * bench_league.c - a round-robin league of generated legal core units
 * (fixed seed), on 1 thread and on all cores: battles per second and the
 * scaling ratio.  The same standings are checked to come out of both runs.
 * Each configuration runs 3 times and the fastest counts (a shared machine
 * is noisy).  Usage: bench_league [UNITS] [JOBS]  (defaults 1500, all cores)
 *
 * bench_league UNITS JOBS once: one league on JOBS threads only, its wall
 * and CPU time (issue 11's figure: bench_league 20000 2 once, 2·10⁸
 * battles).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

#include "gen.h"

/* The best of 3 runs; *out keeps the last league. */
static double run(am_program **progs, int n, unsigned jobs, am_league **out)
{
	am_league_opts o = AM_LEAGUE_OPTS_INIT;
	double best = 0;
	int k;

	o.jobs = jobs;
	for (k = 0; k < 3; k++) {
		double t0 = gen_now(), t;
		if (k)
			am_league_free(*out);
		if (am_league_run(out, (const am_program *const *)progs,
		                  (size_t)n, &o) < 0) {
			fprintf(stderr, "bench_league: %s\n", am_error_last());
			exit(1);
		}
		t = gen_now() - t0;
		best = k == 0 || t < best ? t : best;
	}
	return best;
}

/* One league on `jobs` threads: its wall and CPU time.  0, or 1 printed. */
static int once(am_program **progs, int n, unsigned jobs, uint64_t battles)
{
	am_league_opts o = AM_LEAGUE_OPTS_INIT;
	am_league *lg;
	struct rusage ru;
	double t0 = gen_now(), t, cpu;

	o.jobs = jobs;
	if (am_league_run(&lg, (const am_program *const *)progs, (size_t)n,
	                  &o) < 0) {
		fprintf(stderr, "bench_league: %s\n", am_error_last());
		return 1;
	}
	t = gen_now() - t0;
	getrusage(RUSAGE_SELF, &ru);
	cpu = (double)ru.ru_utime.tv_sec + ru.ru_utime.tv_usec * 1e-6;
	printf("bench_league: %d generated units, %llu battles, %u threads, "
	       "once: wall %.2f s (%.0f battles/s), CPU %.2f s (%.0f battles "
	       "per CPU-second, loading included)\n", n,
	       (unsigned long long)battles, jobs, t, (double)battles / t, cpu,
	       (double)battles / cpu);
	am_league_free(lg);
	return 0;
}

int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 1500, i, rc = 0;
	unsigned jobs = argc > 2 ? (unsigned)atoi(argv[2])
	                         : (unsigned)sysconf(_SC_NPROCESSORS_ONLN);
	gen_unit *units = calloc((size_t)(n > 2 ? n : 2), sizeof(*units));
	am_program **progs = calloc((size_t)(n > 2 ? n : 2), sizeof(*progs));
	uint64_t seed = 20261130, battles;
	am_league *one, *all;
	double t1, tn;
	size_t len1, lenn;

	if (!units || !progs || n < 2 || jobs < 1)
		return 1;
	for (i = 0; i < n; i++) {
		gen_unit_make(&units[i], &seed, i);
		if (am_program_new(&progs[i], &units[i].team) < 0)
			return 1;
	}
	battles = (uint64_t)n * (uint64_t)(n - 1) / 2;
	if (argc > 3 && strcmp(argv[3], "once") == 0) {
		rc = once(progs, n, jobs, battles);
		goto out;
	}
	t1 = run(progs, n, 1, &one);
	tn = run(progs, n, jobs, &all);
	{
		int64_t *a, *b;
		len1 = am_league_counts(NULL, 0, one);
		lenn = am_league_counts(NULL, 0, all);
		a = malloc(len1 * sizeof(*a) + 1);
		b = malloc(lenn * sizeof(*b) + 1);
		if (!a || !b || len1 != lenn ||
		    am_league_counts(a, len1, one) != len1 ||
		    am_league_counts(b, lenn, all) != lenn ||
		    memcmp(a, b, len1 * sizeof(*a)) != 0) {
			fprintf(stderr, "bench_league: results differ!\n");
			return 1;
		}
		free(a);
		free(b);
	}
	printf("bench_league: %d generated units, %llu battles\n", n,
	       (unsigned long long)battles);
	printf("bench_league: 1 thread:  %.2f s, %.0f battles/second\n", t1,
	       (double)battles / t1);
	printf("bench_league: %u threads: %.2f s, %.0f battles/second, "
	       "scaling %.2fx (identical results)\n",
	       jobs, tn, (double)battles / tn, t1 / tn);
	am_league_free(one);
	am_league_free(all);
out:
	for (i = 0; i < n; i++)
		am_program_free(progs[i]);
	free(progs);
	free(units);
	return rc;
}
