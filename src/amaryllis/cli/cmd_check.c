/* cmd_check.c - `amaryllis check SHEET...`: validate and normalise. */
#include <stdlib.h>
#include <string.h>

#include "cli.h"

/*
 * Every file is checked, whatever happened to the ones before it; each legal
 * sheet is printed in normalised notation (headed by "# FILE" when several
 * files are given).  Exit 1 if any file is unreadable or illegal.
 */
int cmd_check(int argc, char **argv)
{
	cli_opts o = {AM_LANG_JA};
	int i, nfiles = 0, status = EXIT_OK;

	for (i = 1; i < argc; i++) {
		int r = argv[i][0] == '-' && argv[i][1] ? cli_parse_common(&o, argc,
		                                                           argv, &i)
		                                        : 0;
		if (r < 0)
			return EXIT_USAGE;
		if (r == 0 && argv[i][0] == '-' && argv[i][1]) {
			cli_error("check: unknown option '%s'", argv[i]);
			return EXIT_USAGE;
		}
		if (r == 0)
			nfiles++;
	}
	if (nfiles == 0) {
		cli_error("check: no sheet given (usage: amaryllis check SHEET...)");
		return EXIT_USAGE;
	}
	for (i = 1; i < argc; i++) {
		cli_sheet s;
		if (argv[i][0] == '-' && argv[i][1]) {
			if (strcmp(argv[i], "--lang") == 0)
				i++;
			continue;
		}
		if (cli_sheet_load(&s, argv[i], &o) == 0) {
			size_t n = am_sheet_format(NULL, 0, s.sheet, o.lang);
			char *buf = malloc(n + 1);
			if (!buf) {
				cli_error("out of memory");
				cli_sheet_free(&s);
				return EXIT_INPUT;
			}
			am_sheet_format(buf, n + 1, s.sheet, o.lang);
			if (nfiles > 1)
				printf("# %s\n", s.path);
			fwrite(buf, 1, n, stdout);
			free(buf);
		} else {
			status = EXIT_INPUT;
		}
		cli_sheet_free(&s);
	}
	if (fflush(stdout) != 0) {
		cli_error("cannot write the output");
		return EXIT_INPUT;
	}
	return status;
}
