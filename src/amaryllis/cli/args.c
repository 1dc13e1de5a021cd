/*
 * args.c - the command line of amaryllis: the shared conventions of
 * util/cli.h (getopt_long, usage errors, help) spoken as "amaryllis", and
 * the options every amaryllis command has.
 */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

/* The speaker of util/cli.h for the options o. */
static ut_cli who(const cli_opts *o)
{
	ut_cli u = {"amaryllis", (ut_lang)o->lang, o->quiet};
	return u;
}

cli_opts cli_opts_of(const ut_cli *ui)
{
	cli_opts o = CLI_OPTS_INIT;

	o.lang = (am_lang)ui->lang;
	o.quiet = ui->quiet;
	return o;
}

void cli_error(const cli_opts *o, const char *fmt, ...)
{
	ut_cli u = {"amaryllis", (ut_lang)o->lang, 0};
	va_list ap;

	va_start(ap, fmt);
	ut_cli_verror(&u, fmt, ap);
	va_end(ap);
}

int cli_usage_error(const cli_opts *o, const char *cmd, const char *fmt, ...)
{
	ut_cli u = who(o);
	va_list ap;
	int rc;

	va_start(ap, fmt);
	rc = ut_cli_vusage_error(&u, cmd, fmt, ap);
	va_end(ap);
	return rc;
}

int cli_one_stdin(const cli_opts *o, const char *cmd, int argc,
                  char *const *argv, int from)
{
	int i, n = 0;

	for (i = from; i < argc; i++)
		n += strcmp(argv[i], "-") == 0;
	if (n < 2)
		return 0;
	return cli_usage_error(o, cmd,
	                       UT_TR(o, "標準入力（-）から読めるシートは1つだけです",
	                             "only one sheet can come from standard input"));
}

int cli_bad_number(const cli_opts *o, const char *cmd, const char *opt,
                   uint64_t lo, uint64_t hi, const char *arg)
{
	ut_cli u = who(o);

	return ut_cli_bad_number(&u, cmd, opt, lo, hi, arg);
}

void cli_getopt_begin(cli_opts *o, int argc, char **argv, const char *shortopts,
                      const struct option *longopts)
{
	ut_cli u = who(o);

	ut_cli_getopt_begin(&u, argc, argv, shortopts, longopts, OPT_LANG);
	o->lang = (am_lang)u.lang;
}

int cli_bad_option(const cli_opts *o, const char *cmd, int c, char **argv,
                   const struct option *longopts)
{
	ut_cli u = who(o);

	return ut_cli_bad_option(&u, cmd, c, argv, longopts);
}

int cli_common_option(cli_opts *o, const char *cmd, int c, const char *arg)
{
	uint64_t v;
	ut_cli u;

	switch (c) {
	case OPT_LANG:
		u = who(o);
		if (ut_cli_lang(&u, cmd, arg) != 0)
			return EXIT_USAGE;
		o->lang = (am_lang)u.lang;
		return 1;
	case OPT_MAX_SHEET_BYTES:
		if (ut_cli_parse_u64(&v, arg, CLI_SHEET_BYTES_MAX) < 0 || v < 1)
			return cli_usage_error(o, cmd,
			                       UT_TR(o, "--max-sheet-bytes には1から%zuまでの"
			                                "整数を指定してください（「%s」）",
			                             "--max-sheet-bytes needs a whole number "
			                             "from 1 to %zu, not '%s'"),
			                       CLI_SHEET_BYTES_MAX, arg);
		o->max_sheet_bytes = (size_t)v;
		return 1;
	default:
		return 0;
	}
}

int cli_help(const cli_opts *o, const char *ja, const char *en)
{
	ut_cli u = who(o);

	return ut_cli_help(&u, ja, en);
}

int cli_out_close(const cli_opts *o, const char *cmd, ut_out *f,
                  const char *why)
{
	ut_cli u = who(o);

	return ut_cli_out_close(&u, cmd, f, why);
}

int cli_parse_points(const char *s, int64_t pts[3])
{
	int i;

	/* each number is an optional '-' and digits, ASCII or full-width
	 * (strtoll would skip blanks and take a '+': the options' numbers
	 * are digits only, ut_cli_parse_u64) */
	for (i = 0; i < 3; i++) {
		int neg = *s == '-', k;
		int64_t v = 0;
		const char *d = s + neg;
		size_t n;
		if (ut_cli_digit(d, &n) < 0)
			return -1;
		for (; (k = ut_cli_digit(d, &n)) >= 0; d += n) {
			v = v * 10 + k;
			if (v > 1000000)
				return -1;
		}
		if (i < 2 ? *d != ',' : *d != '\0')
			return -1;
		pts[i] = neg ? -v : v;
		s = d + 1;
	}
	return 0;
}

int cli_out_file(const cli_opts *o, const char *cmd, const char *opt,
                 const char *path)
{
	ut_cli u = who(o);

	return ut_cli_out_file(&u, cmd, opt, path);
}
