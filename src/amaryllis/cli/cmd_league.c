/*
 * cmd_league.c - `amaryllis league DIR_OR_SHEET...`: a round robin.
 *
 * Loads every sheet (a directory contributes its visible regular files in
 * name order), reports the illegal ones and leaves them out, compiles the
 * others once, plays every pair once on --jobs threads, and prints the
 * standings.  Built with -DAMARYLLIS_MPI=ON and started by mpirun, every
 * rank plays its share of the pairs and rank 0 adds up and prints.
 */
#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#ifdef AMARYLLIS_MPI
#include <mpi.h>
#endif

#include "cli.h"

#include "util/array.h"
#include "util/buf.h"

typedef struct entry_list {
	char **paths;
	size_t n, cap;
} entry_list;

static int add_path(entry_list *l, const char *p)
{
	if (UT_ARRAY_RESERVE(l->paths, l->cap, l->n + 1) < 0)
		return -1;
	if (!(l->paths[l->n] = strdup(p)))
		return -1;
	l->n++;
	return 0;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* A directory's visible regular files, sorted; a file as itself. */
static int collect(entry_list *l, const char *arg)
{
	struct stat st;
	DIR *d;
	struct dirent *de;
	size_t first = l->n;

	if (stat(arg, &st) != 0 || !S_ISDIR(st.st_mode))
		return add_path(l, arg); /* unreadable files are reported later */
	if (!(d = opendir(arg))) {
		cli_error("league: cannot open %s: %s", arg, strerror(errno));
		return -1;
	}
	while ((de = readdir(d))) {
		ut_buf p = UT_BUF_INIT;
		int rc = 0;
		if (de->d_name[0] == '.')
			continue;
		ut_buf_printf(&p, "%s%s%s", arg,
		              arg[strlen(arg) - 1] == '/' ? "" : "/", de->d_name);
		if (p.ptr && stat(p.ptr, &st) == 0 && S_ISREG(st.st_mode))
			rc = add_path(l, p.ptr);
		ut_buf_free(&p);
		if (rc < 0) {
			closedir(d);
			return -1;
		}
	}
	closedir(d);
	if (l->n > first)
		qsort(l->paths + first, l->n - first, sizeof(char *), cmp_str);
	return 0;
}

static int write_file(void *ud, const char *data, size_t len)
{
	return fwrite(data, 1, len, (FILE *)ud) != len;
}

/* The progress bar on a terminal: done/total, rate and ETA. */
typedef struct progress {
	double start, last;
	int shown;
} progress;

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void show_progress(void *ud, uint64_t done, uint64_t total)
{
	progress *p = ud;
	double t = now(), rate, frac = total ? (double)done / (double)total : 1;
	char bar[31];
	int k, fill = (int)(frac * 30);
	long eta;

	if (t - p->last < 0.2 && done < total)
		return;
	p->last = t;
	p->shown = 1;
	rate = t > p->start ? (double)done / (t - p->start) : 0;
	eta = rate > 0 ? (long)((double)(total - done) / rate) : 0;
	for (k = 0; k < 30; k++)
		bar[k] = k < fill ? '#' : '.';
	bar[30] = '\0';
	fprintf(stderr, "\r[%s] %5.1f%%  %.3gM battles/s  ETA %ld:%02ld ", bar,
	        frac * 100, rate / 1e6, eta / 60, eta % 60);
}

static int parse_points(const char *s, int64_t pts[3])
{
	char *end;
	int i;

	for (i = 0; i < 3; i++) {
		errno = 0;
		pts[i] = strtoll(s, &end, 10);
		if (errno || end == s || (i < 2 ? *end != ',' : *end != '\0') ||
		    pts[i] < -1000000 || pts[i] > 1000000)
			return -1;
		s = end + 1;
	}
	return 0;
}

int cmd_league(int argc, char **argv)
{
	cli_opts o = {AM_LANG_JA};
	am_league_opts lo = AM_LEAGUE_OPTS_INIT;
	am_table_format fmt = AM_TABLE_TEXT;
	int64_t pts[3] = {3, 1, 0};
	const char *matrix = NULL, *svg = NULL;
	entry_list args = {0}, paths = {0};
	cli_sheet *sheets = NULL;
	am_program **progs = NULL;
	const char **names = NULL, **files = NULL, **rej_files = NULL;
	char **rej_errors = NULL;
	size_t i, n = 0, nrej = 0;
	am_league *lg = NULL;
	am_standing *standings = NULL;
	int status = EXIT_OK, jobs_given = 0, rank = 0, size = 1;
	progress prog = {0, 0, 0};
	long cores = sysconf(_SC_NPROCESSORS_ONLN);

#ifdef AMARYLLIS_MPI
	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	MPI_Comm_size(MPI_COMM_WORLD, &size);
#endif
	for (i = 1; i < (size_t)argc; i++) {
		int ii = (int)i, r = cli_parse_common(&o, argc, argv, &ii);
		const char *a = argv[i];
		uint64_t v;
		i = (size_t)ii;
		if (r < 0) {
			status = EXIT_USAGE;
			goto out;
		}
		if (r > 0)
			continue;
		if (strcmp(a, "--format") == 0 && i + 1 < (size_t)argc) {
			a = argv[++i];
			if (strcmp(a, "text") == 0)
				fmt = AM_TABLE_TEXT;
			else if (strcmp(a, "csv") == 0)
				fmt = AM_TABLE_CSV;
			else if (strcmp(a, "json") == 0)
				fmt = AM_TABLE_JSON;
			else {
				cli_error("league: unknown format '%s' (text, csv or "
				          "json)", a);
				status = EXIT_USAGE;
				goto out;
			}
		} else if (strcmp(a, "--jobs") == 0 && i + 1 < (size_t)argc) {
			if (cli_parse_u64(argv[++i], 4096, &v) < 0 || v < 1) {
				cli_error("league: --jobs needs a number from 1 to 4096");
				status = EXIT_USAGE;
				goto out;
			}
			lo.jobs = (unsigned)v;
			jobs_given = 1;
		} else if (strcmp(a, "--points") == 0 && i + 1 < (size_t)argc) {
			if (parse_points(argv[++i], pts) < 0) {
				cli_error("league: --points needs W,D,L, whole numbers "
				          "from -1000000 to 1000000, e.g. 3,1,0");
				status = EXIT_USAGE;
				goto out;
			}
		} else if (strcmp(a, "--matrix") == 0 && i + 1 < (size_t)argc) {
			matrix = argv[++i];
		} else if (strcmp(a, "--svg") == 0 && i + 1 < (size_t)argc) {
			svg = argv[++i];
		} else if (strcmp(a, "--max-units") == 0 && i + 1 < (size_t)argc) {
			if (cli_parse_u64(argv[++i], UINT32_MAX - 2, &v) < 0 || v < 2) {
				cli_error("league: --max-units needs a number from 2 "
				          "to %lu", (unsigned long)UINT32_MAX - 2);
				status = EXIT_USAGE;
				goto out;
			}
			lo.max_units = (size_t)v;
		} else if (a[0] == '-' && a[1]) {
			cli_error("league: unknown or incomplete option '%s'", a);
			status = EXIT_USAGE;
			goto out;
		} else if (add_path(&args, a) < 0) {
			cli_error("out of memory");
			status = EXIT_INPUT;
			goto out;
		}
	}
	if (args.n == 0) {
		cli_error("league: no sheets (usage: amaryllis league "
		          "DIR_OR_SHEET...)");
		status = EXIT_USAGE;
		goto out;
	}
	for (i = 0; i < args.n; i++)
		if (collect(&paths, args.paths[i]) < 0) {
			status = EXIT_INPUT;
			goto out;
		}
	if (paths.n == 0) {
		cli_error("league: no sheets found (a folder gives its visible "
		          "regular files)");
		status = EXIT_INPUT;
		goto out;
	}
	sheets = calloc(paths.n + 1, sizeof(*sheets));
	progs = calloc(paths.n + 1, sizeof(*progs));
	names = calloc(paths.n + 1, sizeof(*names));
	files = calloc(paths.n + 1, sizeof(*files));
	rej_files = calloc(paths.n + 1, sizeof(*rej_files));
	rej_errors = calloc(paths.n + 1, sizeof(*rej_errors));
	if (!sheets || !progs || !names || !files || !rej_files || !rej_errors) {
		cli_error("out of memory");
		status = EXIT_INPUT;
		goto out;
	}
	/* load: an illegal sheet is reported and left out */
	for (i = 0; i < paths.n; i++) {
		cli_sheet *s = &sheets[n];
		char *diags = NULL;
		if (cli_sheet_load_ex(s, paths.paths[i], &o, rank == 0, &diags) ||
		    am_program_new(&progs[n], am_sheet_team(s->sheet)) < 0) {
			rej_files[nrej] = paths.paths[i];
			rej_errors[nrej++] = diags ? diags : strdup(am_error_last());
			cli_sheet_free(s);
			status = EXIT_INPUT;
			continue;
		}
		free(diags);
		names[n] = am_sheet_team(s->sheet)->units[0].name;
		files[n] = paths.paths[i];
		n++;
	}
	if (!jobs_given)
		lo.jobs = (unsigned)(cores > size ? cores / size : 1);
	lo.keep_table = matrix || svg;
	lo.part = (uint32_t)rank;
	lo.parts = (uint32_t)size;
	if (rank == 0 && isatty(fileno(stderr))) {
		prog.start = now();
		lo.progress = show_progress;
		lo.progress_ud = &prog;
	}
	if (am_league_run(&lg, (const am_program *const *)progs, n, &lo) < 0) {
		cli_error("league: %s", am_error_last());
		status = EXIT_INPUT;
		goto out;
	}
	if (prog.shown)
		fputc('\n', stderr);
#ifdef AMARYLLIS_MPI
	if (size > 1) { /* add up the shares on rank 0 */
		size_t len = am_league_counts(lg, NULL, 0);
		int64_t *counts = malloc(len * sizeof(*counts) + 1);
		uint8_t *table;
		if (!counts) {
			cli_error("out of memory");
			MPI_Abort(MPI_COMM_WORLD, EXIT_INPUT);
		}
		am_league_counts(lg, counts, len);
		MPI_Reduce(rank ? counts : MPI_IN_PLACE, counts, (int)len,
		           MPI_INT64_T, MPI_SUM, 0, MPI_COMM_WORLD);
		if (rank == 0 && am_league_set_counts(lg, counts, len) < 0) {
			cli_error("league: %s", am_error_last());
			status = EXIT_INPUT;
		}
		free(counts);
		table = am_league_table(lg, &len);
		for (i = 0; table && i < len; i += 1u << 30) {
			int chunk = (int)(len - i < (1u << 30) ? len - i : 1u << 30);
			MPI_Reduce(rank ? table + i : MPI_IN_PLACE, table + i, chunk,
			           MPI_UINT8_T, MPI_SUM, 0, MPI_COMM_WORLD);
		}
	}
#endif
	if (rank != 0)
		goto out;
	{
		size_t ei, ej;
		const char *err = am_league_error(lg, &ei, &ej);
		if (err && size == 1) {
			cli_error("league: %s vs %s: battle stopped: %s (counted "
			          "as an error for both)", files[ei], files[ej], err);
			status = EXIT_INPUT;
		}
		for (i = 0; i < n; i++)
			if (am_league_row_of(lg, i)->errors)
				status = EXIT_INPUT;
	}
	standings = calloc(n + 1, sizeof(*standings));
	if (!standings) {
		cli_error("out of memory");
		status = EXIT_INPUT;
		goto out;
	}
	am_league_standings(standings, lg, pts[0], pts[1], pts[2], names);
	{
		am_league_view v = {lg, standings, names, files, nrej, rej_files,
		                    (const char *const *)rej_errors};
		if (am_render_standings(&v, fmt, o.lang, write_file, stdout) < 0 ||
		    fflush(stdout) != 0) {
			cli_error("cannot write the standings");
			status = EXIT_INPUT;
		}
		if (matrix) {
			FILE *f = fopen(matrix, "wb");
			if (!f || am_render_cross_table(&v, write_file, f) < 0) {
				cli_error("cannot write %s: %s", matrix, strerror(errno));
				status = EXIT_INPUT;
			}
			if (f && fclose(f) != 0)
				status = EXIT_INPUT;
		}
		if (svg) {
			FILE *f = fopen(svg, "wb");
			if (!f || am_render_heatmap(&v, o.lang, write_file, f) < 0) {
				cli_error("cannot write %s: %s", svg, strerror(errno));
				status = EXIT_INPUT;
			}
			if (f && fclose(f) != 0)
				status = EXIT_INPUT;
		}
	}
out:
	am_league_free(lg);
	free(standings);
	for (i = 0; sheets && i < n; i++) {
		am_program_free(progs[i]);
		cli_sheet_free(&sheets[i]);
	}
	for (i = 0; rej_errors && i < nrej; i++)
		free(rej_errors[i]);
	free(sheets);
	free(progs);
	free(names);
	free(files);
	free(rej_files);
	free(rej_errors);
	for (i = 0; i < args.n; i++)
		free(args.paths[i]);
	for (i = 0; i < paths.n; i++)
		free(paths.paths[i]);
	free(args.paths);
	free(paths.paths);
#ifdef AMARYLLIS_MPI
	MPI_Finalize();
#endif
	return status;
}
