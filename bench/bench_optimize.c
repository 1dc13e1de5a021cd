/*
 * bench_optimize.c - the optimizer (docs/OPTIMIZE.md) on generated fields
 * (bench/gen.h):
 *
 * A field is a hill: the best FIELD_SIZE of 10 × FIELD_SIZE generated units.
 *
 *   1. quality: over several seeds, the points against the field of the
 *      evolutionary search, of random search with the same number of
 *      evaluations, and of the field's own best sheet (its mirror battle
 *      a draw, so every one plays as many battles);
 *   2. speed: evaluations per second (candidate × field) and battles per
 *      second on one and two threads, over 10 × EVALS evaluations or, when
 *      one thread plays those in less than a second, over as many more as
 *      take it a second (the field's own league at the start included:
 *      a run of 0.1 s said nothing of a second thread);
 *   3. allocations: malloc calls per evaluation for two field sizes; the
 *      same count means nothing is allocated per battle (the engine is
 *      warm, the programs compiled), only per candidate (its program).
 *
 *   usage: bench_optimize [FIELD_SIZE [EVALS [SEEDS [POPULATION]]]]
 *                                                    (60 3000 5 48)
 */
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "gen.h"

/* ---- counting malloc (glibc): every allocation of the process ---------- */

extern void *__libc_malloc(size_t);
extern void *__libc_calloc(size_t, size_t);
extern void *__libc_realloc(void *, size_t);
extern void __libc_free(void *);

static atomic_ullong allocs;

void *malloc(size_t n)
{
	atomic_fetch_add(&allocs, 1);
	return __libc_malloc(n);
}

void *calloc(size_t n, size_t m)
{
	atomic_fetch_add(&allocs, 1);
	return __libc_calloc(n, m);
}

void *realloc(void *p, size_t n)
{
	atomic_fetch_add(&allocs, 1);
	return __libc_realloc(p, n);
}

void free(void *p)
{
	__libc_free(p);
}

/* ---- fields --------------------------------------------------------------- */

typedef struct field {
	gen_unit *units;
	am_program **progs;
	size_t n;
} field;

/*
 * A hill: the best n of a pool of 10 n generated units by a league among
 * them (what a hill keeps after many challengers), in pool order.
 */
static void field_make(field *f, size_t n, uint64_t seed)
{
	uint64_t t = seed, s = gen_next(&t);
	size_t pool = 10 * n, i, k;
	gen_unit *units = calloc(pool, sizeof(*units));
	am_program **progs = calloc(pool, sizeof(*progs));
	am_league_opts lo = AM_LEAGUE_OPTS_INIT;
	am_standing *st = calloc(pool, sizeof(*st));
	am_league *lg;
	char *keep = calloc(pool, 1);

	if (!units || !progs || !st || !keep)
		exit(1);
	for (i = 0; i < pool; i++) {
		gen_unit_make(&units[i], &s, (int)i);
		if (am_program_new(&progs[i], &units[i].team) < 0) {
			fprintf(stderr, "bench_optimize: %s\n", am_error_last());
			exit(1);
		}
	}
	lo.jobs = 2;
	if (am_league_run(&lg, (const am_program *const *)progs, pool, &lo) < 0)
		exit(1);
	am_league_standings(st, lg, 3, 1, 0, NULL);
	for (i = 0; i < n; i++)
		keep[st[i].entry] = 1;
	am_league_free(lg);
	free(st);
	f->n = n;
	f->units = calloc(n, sizeof(*f->units));
	f->progs = calloc(n, sizeof(*f->progs));
	if (!f->units || !f->progs)
		exit(1);
	for (i = k = 0; i < pool; i++) {
		am_program_free(progs[i]);
		if (!keep[i])
			continue;
		/* the copy's team points into itself */
		f->units[k] = units[i];
		f->units[k].def.name = f->units[k].name;
		f->units[k].def.slots = f->units[k].slots;
		f->units[k].team.units = &f->units[k].def;
		f->units[k].team.actions = f->units[k].act;
		if (am_program_new(&f->progs[k], &f->units[k].team) < 0)
			exit(1);
		k++;
	}
	free(keep);
	free(progs);
	free(units);
}

static void field_free(field *f)
{
	size_t i;

	for (i = 0; i < f->n; i++)
		am_program_free(f->progs[i]);
	free(f->progs);
	free(f->units);
}

static size_t population = 48;

/* The process's CPU seconds (all threads): with the wall time, what a
 * second thread costs on a loaded machine. */
static double cpu_now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static am_opt *run(const field *f, am_opt_method m, uint64_t seed,
                   uint64_t evals, unsigned jobs, double *secs)
{
	am_opt_opts o = AM_OPT_OPTS_INIT;
	am_opt *opt;
	double t0 = gen_now();

	o.method = m;
	o.seed = seed;
	o.evals = evals;
	o.jobs = jobs;
	o.population = population;
	if (am_opt_run(&opt, (const am_program *const *)f->progs, f->n, &o) < 0) {
		fprintf(stderr, "bench_optimize: %s\n", am_error_last());
		exit(1);
	}
	if (secs)
		*secs = gen_now() - t0;
	return opt;
}

int main(int argc, char **argv)
{
	size_t n = argc > 1 ? (size_t)atol(argv[1]) : 60;
	uint64_t evals = argc > 2 ? (uint64_t)atoll(argv[2]) : 3000;
	int seeds = argc > 3 ? atoi(argv[3]) : 5, s;
	long pop = argc > 4 ? atol(argv[4]) : 48;
	double sum_e = 0, sum_r = 0, sum_f = 0;
	int beat_r = 0, beat_f = 0;
	unsigned jobs;
	uint64_t sevals; /* the speed part's evaluations */

	if (n < 1 || evals < 1 || seeds < 1 || pop < 4) {
		fprintf(stderr, "usage: bench_optimize [FIELD_SIZE [EVALS [SEEDS "
		        "[POPULATION]]]]\n");
		return 2;
	}
	population = (size_t)pop;
	sevals = evals > UINT64_MAX / 10 ? UINT64_MAX : 10 * evals;
	printf("field of %zu generated units (bench/gen.h), %llu evaluations, "
	       "points 3/1/0 out of %zu at most\n\n", n,
	       (unsigned long long)evals, 3 * n);
	printf("%-5s %-18s %-18s %-18s\n", "seed", "evolve pts (marg)",
	       "random pts (marg)", "field best (marg)");
	for (s = 1; s <= seeds; s++) {
		field f;
		am_opt *e, *r;
		am_opt_record fr;
		const am_opt_record *er, *rr;
		char a[32], b[32], c[32];

		field_make(&f, n, (uint64_t)s);
		e = run(&f, AM_OPT_EVOLVE, (uint64_t)s, evals, 2, NULL);
		r = run(&f, AM_OPT_RANDOM, (uint64_t)s, evals, 2, NULL);
		er = am_opt_best_record(e);
		rr = am_opt_best_record(r);
		am_opt_field_best(&fr, e);
		snprintf(a, sizeof(a), "%lld (%+lld)", (long long)er->points,
		         (long long)er->margin);
		snprintf(b, sizeof(b), "%lld (%+lld)", (long long)rr->points,
		         (long long)rr->margin);
		snprintf(c, sizeof(c), "%lld (%+lld)", (long long)fr.points,
		         (long long)fr.margin);
		printf("%-5d %-18s %-18s %-18s\n", s, a, b, c);
		sum_e += (double)er->points;
		sum_r += (double)rr->points;
		sum_f += (double)fr.points;
		beat_r += er->points > rr->points ||
		          (er->points == rr->points && er->margin > rr->margin);
		beat_f += er->points > fr.points;
		am_opt_free(e);
		am_opt_free(r);
		field_free(&f);
	}
	printf("mean  %-18.1f %-18.1f %-18.1f\n", sum_e / seeds, sum_r / seeds,
	       sum_f / seeds);
	printf("evolve beats random search on %d of %d seeds, the field's best "
	       "on %d of %d\n\n", beat_r, seeds, beat_f, seeds);

	/* speed: random search plays most battles (little skipping); at
	 * least a second of one thread's work, the same work on two */
	for (jobs = 1; jobs <= 2; jobs++) {
		field f;
		double secs, cpu;
		am_opt *o;
		field_make(&f, n, 1);
		for (;;) {
			cpu = cpu_now();
			o = run(&f, AM_OPT_EVOLVE, 1, sevals, jobs, &secs);
			cpu = cpu_now() - cpu;
			if (jobs > 1 || secs >= 1 || sevals > UINT64_MAX / 64)
				break;
			am_opt_free(o);
			sevals *= secs > 1.0 / 32 ? (uint64_t)(1.25 / secs) + 1 : 40;
		}
		printf("%u thread%s: %.0f evaluations/s, %.0f battles/s "
		       "(%llu evaluations, %llu battles played, %llu skipped, "
		       "%.2f s, CPU %.2f s)\n",
		       jobs, jobs > 1 ? "s" : " ",
		       (double)am_opt_evaluations(o) / secs,
		       (double)am_opt_battles(o) / secs,
		       (unsigned long long)am_opt_evaluations(o),
		       (unsigned long long)am_opt_battles(o),
		       (unsigned long long)am_opt_skipped(o), secs, cpu);
		am_opt_free(o);
		field_free(&f);
	}

	/* allocations per evaluation do not grow with the field */
	{
		size_t sizes[2] = {n / 2 ? n / 2 : 1, n * 2};
		int k;
		printf("\n");
		for (k = 0; k < 2; k++) {
			field f;
			am_opt *o;
			unsigned long long before;
			field_make(&f, sizes[k], 2);
			before = atomic_load(&allocs);
			o = run(&f, AM_OPT_RANDOM, 2, evals, 1, NULL);
			printf("field of %3zu: %.2f allocations per evaluation, "
			       "%.4f per battle played (%llu battles)\n",
			       sizes[k],
			       (double)(atomic_load(&allocs) - before) / (double)evals,
			       (double)(atomic_load(&allocs) - before) /
			       (double)am_opt_battles(o),
			       (unsigned long long)am_opt_battles(o));
			am_opt_free(o);
			field_free(&f);
		}
	}
	return 0;
}
