/*
 * seed.c - a fresh seed for the commands used at a table, `roll` and
 * `track` (ruling M8.11, MG-DICE-CLI-3): dice that repeat from one session
 * to the next are wrong there, so without --seed or --dice they take a seed
 * from the operating system (getrandom) and show it, so that the table can
 * replay the same dice with --seed.
 */
#include <errno.h>
#include <string.h>
#include <sys/random.h>

#include "cli.h"

int mg_cli_fresh_seed(const ut_cli *ui, const char *cmd, uint64_t *out)
{
	unsigned char *p = (unsigned char *)out;
	size_t got = 0;

	*out = 0;
	while (got < sizeof(*out)) {
		ssize_t n = getrandom(p + got, sizeof(*out) - got, 0);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			ut_cli_error(ui, UT_TR(ui, "%s: OS から乱数の種を得られません"
			                           "（getrandom: %s）。--seed で"
			                           "種を指定してください",
			                       "%s: no seed from the operating "
			                       "system (getrandom: %s); give one "
			                       "with --seed"),
			             cmd, n < 0 ? ut_cli_strerror((int)ui->lang, errno) : "0");
			return UT_EXIT_INPUT;
		}
		got += (size_t)n;
	}
	return UT_EXIT_OK;
}
