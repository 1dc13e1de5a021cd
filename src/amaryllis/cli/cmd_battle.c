/* cmd_battle.c - `amaryllis battle A B`: run one battle, print its log. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

static int write_stdout(void *ud, const char *data, size_t len)
{
	(void)ud;
	return fwrite(data, 1, len, stdout) != len;
}

int cmd_battle(int argc, char **argv)
{
	cli_opts o = {AM_LANG_JA};
	am_battle_opts bo = AM_BATTLE_OPTS_INIT;
	am_log_format fmt = AM_LOG_TEXT;
	const char *paths[2];
	cli_sheet s[2];
	am_engine *engine = NULL;
	am_log *log = NULL;
	am_result res;
	int i, n = 0, rc, status = EXIT_OK;

	for (i = 1; i < argc; i++) {
		const char *a = argv[i];
		int r = cli_parse_common(&o, argc, argv, &i);
		if (r < 0)
			return EXIT_USAGE;
		if (r > 0)
			continue;
		if (strcmp(a, "--format") == 0 && i + 1 < argc) {
			a = argv[++i];
			if (strcmp(a, "json") == 0)
				fmt = AM_LOG_JSON;
			else if (strcmp(a, "text") == 0)
				fmt = AM_LOG_TEXT;
			else {
				cli_error("battle: unknown format '%s' (text or json)", a);
				return EXIT_USAGE;
			}
		} else if (strcmp(a, "--tie-break") == 0 && i + 1 < argc) {
			if (cli_parse_u64(argv[++i], UINT64_MAX, &bo.tie_seed) < 0) {
				cli_error("battle: --tie-break needs a seed, a whole "
				          "number from 0 to 18446744073709551615");
				return EXIT_USAGE;
			}
			bo.tie_break = 1;
		} else if (strcmp(a, "--max-units") == 0 && i + 1 < argc) {
			uint64_t v;
			if (cli_parse_u64(argv[++i], UINT32_MAX - 2, &v) < 0 ||
			    v < 2) {
				cli_error("battle: --max-units needs a whole number "
				          "from 2 to %lu", (unsigned long)UINT32_MAX - 2);
				return EXIT_USAGE;
			}
			bo.max_units = (size_t)v;
		} else if (a[0] == '-' && a[1]) {
			cli_error("battle: unknown or incomplete option '%s'", a);
			return EXIT_USAGE;
		} else if (n < 2) {
			paths[n++] = a;
		} else {
			cli_error("battle: give exactly two sheets");
			return EXIT_USAGE;
		}
	}
	if (n != 2) {
		cli_error("battle: give exactly two sheets (usage: amaryllis "
		          "battle A B)");
		return EXIT_USAGE;
	}
	if (strcmp(paths[0], "-") == 0 && strcmp(paths[1], "-") == 0) {
		cli_error("battle: only one sheet can come from standard input");
		return EXIT_USAGE;
	}
	/* load both, so the errors of both are shown */
	rc = cli_sheet_load(&s[0], paths[0], &o);
	rc |= cli_sheet_load(&s[1], paths[1], &o);
	if (rc) {
		status = EXIT_INPUT;
		goto out;
	}
	if (am_engine_new(&engine) < 0 ||
	    am_log_new(&log, fmt, o.lang, write_stdout, NULL) < 0) {
		cli_error("%s", am_error_last());
		status = EXIT_INPUT;
		goto out;
	}
	bo.on_event = am_log_event;
	bo.event_ud = log;
	rc = am_battle_run(&res, engine, am_sheet_team(s[0].sheet),
	                   am_sheet_team(s[1].sheet), &bo);
	if (rc < 0) {
		char msg[600];
		snprintf(msg, sizeof(msg), "%s", am_error_last());
		if (am_log_finish(log, engine, &res, rc) < 0)
			cli_error("cannot write the battle log");
		cli_error("battle stopped: %s", msg);
		status = EXIT_INPUT;
	} else if (am_log_finish(log, engine, &res, rc) < 0) {
		cli_error("cannot write the battle log");
		status = EXIT_INPUT;
	}
	if (fflush(stdout) != 0) {
		cli_error("cannot write the battle log");
		status = EXIT_INPUT;
	}
out:
	am_log_free(log);
	am_engine_free(engine);
	cli_sheet_free(&s[0]);
	cli_sheet_free(&s[1]);
	return status;
}
