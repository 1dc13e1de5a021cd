/*
 * mpi.c - the series commands over MPI ranks (util/cli.h UT-CLI-MPI-1).
 *
 * Built with -DAMARYLLIS_MPI=ON (AMARYLLIS_MPI defined for util_cli), the
 * functions make MPI calls; without it there is one rank and they only
 * pass their arguments through, so a command has one code path.  The
 * protocol is the league's (amaryllis cmd_league.c): every rank makes the
 * same calls in the same order whatever happened to it, and agrees on
 * failure before any data moves, so no rank waits for one that stopped.
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#ifdef AMARYLLIS_MPI
#include <mpi.h>
#endif

#include "util/cli.h"

void ut_cli_mpi_init(ut_cli_mpi *m, ut_cli *c, int *argc, char ***argv)
{
	m->rank = 0;
	m->size = 1;
	m->agreed = 0;
#ifdef AMARYLLIS_MPI
	MPI_Init(argc, argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &m->rank);
	MPI_Comm_size(MPI_COMM_WORLD, &m->size);
	c->quiet = c->quiet || m->rank != 0; /* rank 0 prints help and usage */
#else
	(void)c;
	(void)argc;
	(void)argv;
#endif
}

int ut_cli_mpi_mute(const ut_cli *c)
{
	int saved, null;

	if (!c->quiet)
		return -1;
	fflush(stderr);
	if ((saved = dup(STDERR_FILENO)) < 0)
		return -1;
	null = open("/dev/null", O_WRONLY | O_CLOEXEC);
	if (null < 0 || dup2(null, STDERR_FILENO) < 0) {
		if (null >= 0)
			close(null);
		close(saved);
		return -1;
	}
	close(null);
	return saved;
}

void ut_cli_mpi_unmute(int saved)
{
	if (saved < 0)
		return;
	fflush(stderr);
	/* a failed dup2 leaves stderr muted: this rank says nothing anyway */
	if (dup2(saved, STDERR_FILENO) < 0) {
		close(saved);
		return;
	}
	close(saved);
}

int ut_cli_mpi_stdin(const ut_cli_mpi *m, const ut_cli *c, const char *cmd,
                     const char *path)
{
	if (m->size > 1 && strcmp(path, "-") == 0)
		return ut_cli_usage_error(c, cmd,
		       UT_TR(c, "mpirun では標準入力（-）はランク0にしか届きません。"
		                "シナリオはファイルで渡してください",
		             "under mpirun, standard input (-) reaches rank 0 only: "
		             "give the scenario as a file"));
	return 0;
}

int ut_cli_mpi_agree(ut_cli_mpi *m, const ut_cli *c, const char *cmd,
                     int status, uint64_t hash)
{
	m->agreed = 1;
#ifdef AMARYLLIS_MPI
	{
		/* MPI_MAX over {status, h, ~h}: max(~h) = ~min(h) */
		uint64_t mine[3], all[3];
		int failed = status != UT_EXIT_OK, nfailed = 0;

		mine[0] = (uint64_t)status;
		mine[1] = hash;
		mine[2] = ~hash;
		MPI_Allreduce(mine, all, 3, MPI_UINT64_T, MPI_MAX, MPI_COMM_WORLD);
		MPI_Allreduce(&failed, &nfailed, 1, MPI_INT, MPI_SUM,
		              MPI_COMM_WORLD);
		if (all[0] != UT_EXIT_OK) {
			if (m->rank == 0 && !failed)
				ut_cli_error(c, UT_TR(c, "%s: %d/%dランクが失敗したため"
				                         "止めました",
				                      "%s: stopped: %d of %d ranks "
				                      "failed"), cmd, nfailed, m->size);
			return (int)all[0];
		}
		if (all[1] != ~all[2]) {
			if (m->rank == 0)
				ut_cli_error(c, UT_TR(c, "%s: ランクごとに読んだ入力か"
				                         "オプションが違います（どのランクも"
				                         "同じファイルを読む必要があります。"
				                         "標準入力はランク0にしか届きません）",
				                      "%s: the ranks did not read the same "
				                      "input and options (every rank must "
				                      "read the same files; standard input "
				                      "reaches rank 0 only)"), cmd);
			return UT_EXIT_INPUT;
		}
	}
#else
	(void)c;
	(void)cmd;
	(void)hash;
#endif
	return status;
}

void ut_cli_mpi_share(const ut_cli_mpi *m, uint64_t n, uint64_t *first,
                      uint64_t *count)
{
	/* contiguous blocks; n × size fits: n ≤ 2^40, size < 2^31 */
	unsigned __int128 a = (unsigned __int128)n * (unsigned)m->rank,
	                  b = (unsigned __int128)n * ((unsigned)m->rank + 1);
	*first = (uint64_t)(a / (unsigned)m->size);
	*count = (uint64_t)(b / (unsigned)m->size) - *first;
}

#ifdef AMARYLLIS_MPI
/* Rank 0 cannot take the parts while the others send them: stop them all. */
static void out_of_memory(void)
{
	fputs("out of memory\n", stderr);
	MPI_Abort(MPI_COMM_WORLD, UT_EXIT_INPUT);
	exit(UT_EXIT_INPUT);
}
#endif

int ut_cli_mpi_gather(const ut_cli_mpi *m, const ut_buf *mine, ut_buf *all,
                      size_t *lens)
{
#ifdef AMARYLLIS_MPI
	if (m->size > 1) {
		/* counts in bytes as int: a part is far below 2 GiB (its
		 * tallies grow with distinct values only) */
		int len = (int)mine->len, *counts = NULL, *displs = NULL, r;
		long long total = 0;

		if (m->rank == 0) {
			counts = calloc((size_t)m->size, sizeof *counts);
			displs = calloc((size_t)m->size, sizeof *displs);
			if (!counts || !displs)
				out_of_memory();
		}
		MPI_Gather(&len, 1, MPI_INT, counts, 1, MPI_INT, 0, MPI_COMM_WORLD);
		if (m->rank == 0) {
			for (r = 0; r < m->size; r++) {
				displs[r] = (int)total;
				total += counts[r];
				lens[r] = (size_t)counts[r];
			}
			ut_buf_free(all);
			if (total > 0x7fffffff ||
			    !(all->ptr = malloc((size_t)total + 1)))
				out_of_memory();
			all->cap = (size_t)total + 1;
			all->len = (size_t)total;
		}
		MPI_Gatherv(mine->ptr, len, MPI_BYTE, all->ptr, counts,
		            displs, MPI_BYTE, 0, MPI_COMM_WORLD);
		free(counts);
		free(displs);
		return UT_EXIT_OK;
	}
#endif
	(void)m;
	lens[0] = mine->len;
	ut_buf_clear(all);
	return ut_buf_put(all, mine->ptr ? mine->ptr : "", mine->len) < 0
	       ? UT_EXIT_INPUT : UT_EXIT_OK;
}

int ut_cli_mpi_end(ut_cli_mpi *m, int status)
{
#ifdef AMARYLLIS_MPI
	/* rank 0 may have failed to write: every rank returns its status */
	MPI_Bcast(&status, 1, MPI_INT, 0, MPI_COMM_WORLD);
	MPI_Finalize();
#endif
	(void)m;
	return status;
}
