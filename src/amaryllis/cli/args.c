/*
 * args.c - the command line: glibc's getopt_long, and the usage errors and
 * help texts every command words the same way.
 *
 * getopt_long keeps its state in globals (optind, optarg, optopt) and
 * permutes argv so that the operands end up last; setting optind = 0 starts
 * a fresh scan (the tool scans its own options, then the command's).
 * getopt's own messages are off (opterr = 0): ours are in the language of
 * --lang and have the hint line.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

int cli_usage_error(const cli_opts *o, const char *cmd, const char *fmt, ...)
{
	va_list ap;

	if (o->quiet)
		return EXIT_USAGE;
	fputs("amaryllis: ", stderr);
	if (cmd)
		fprintf(stderr, "%s: ", cmd);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	fprintf(stderr, TR(o, "詳しくは「amaryllis %s%s--help」を実行してください。\n",
	                   "Try 'amaryllis %s%s--help' for more information.\n"),
	        cmd ? cmd : "", cmd ? " " : "");
	return EXIT_USAGE;
}

void cli_getopt_begin(cli_opts *o, int argc, char **argv, const char *shortopts,
                      const struct option *longopts)
{
	/* The first pass permutes a copy: on argv itself it could move an
	 * operand behind an option whose value is missing (battle A B
	 * --tie-break), and the real pass would take the operand as the value. */
	char **copy = malloc(((size_t)argc + 1) * sizeof(*copy));
	int c;

	opterr = 0;
	optind = 0;
	if (copy) {
		memcpy(copy, argv, ((size_t)argc + 1) * sizeof(*copy));
		while ((c = getopt_long(argc, copy, shortopts, longopts, NULL)) != -1)
			if (c == OPT_LANG && strcmp(optarg, "ja") == 0)
				o->lang = AM_LANG_JA;
			else if (c == OPT_LANG && strcmp(optarg, "en") == 0)
				o->lang = AM_LANG_EN;
		free(copy);
	}
	optind = 0;
}

static const struct option *option_of(const struct option *lo, int val)
{
	for (; lo->name; lo++)
		if (lo->val == val)
			return lo;
	return NULL;
}

int cli_bad_option(const cli_opts *o, const char *cmd, int c, char **argv,
                   const struct option *longopts)
{
	const char *word = argv[optind - 1];
	const struct option *lo;
	size_t len, nmatch = 0;
	char names[512] = "";

	/* A short option: getopt tells only its letter (optind may still point
	 * into a cluster such as -xh).  Long ones report their value (≥ 256, or
	 * 'h' for --help, which as -h never fails) or 0. */
	if (c == '?' && optopt != 0 && optopt != 'h' && optopt < 256)
		return cli_usage_error(o, cmd, TR(o, "オプション「-%c」はありません",
		                                  "unknown option '-%c'"), optopt);
	if (c == ':' && (lo = option_of(longopts, optopt)))
		return cli_usage_error(o, cmd, TR(o, "オプション「--%s」には値が必要です",
		                                  "option '--%s' needs a value"),
		                       lo->name);
	if (c == '?' && optopt != 0 && (lo = option_of(longopts, optopt)))
		return cli_usage_error(o, cmd, TR(o, "オプション「--%s」は値を取りません",
		                                  "option '--%s' takes no value"),
		                       lo->name);
	/* unknown, or a prefix of several (getopt_long takes a prefix of one) */
	len = strcspn(word, "=");
	if (len > 2)
		for (lo = longopts; lo->name; lo++)
			if (strncmp(lo->name, word + 2, len - 2) == 0) {
				size_t k = strlen(names);
				snprintf(names + k, sizeof(names) - k, "%s--%s",
				         nmatch++ ? ", " : "", lo->name);
			}
	if (nmatch > 1)
		return cli_usage_error(o, cmd,
		                       TR(o, "オプション「%.*s」はあいまいです（%s）",
		                          "option '%.*s' is ambiguous (%s)"),
		                       (int)len, word, names);
	return cli_usage_error(o, cmd, TR(o, "オプション「%.*s」はありません",
	                                  "unknown option '%.*s'"), (int)len, word);
}

int cli_common_option(cli_opts *o, const char *cmd, int c, const char *arg)
{
	uint64_t v;

	switch (c) {
	case OPT_LANG:
		if (strcmp(arg, "ja") == 0)
			o->lang = AM_LANG_JA;
		else if (strcmp(arg, "en") == 0)
			o->lang = AM_LANG_EN;
		else
			return cli_usage_error(o, cmd,
			                       TR(o, "--lang の値「%s」は使えません（ja か en）",
			                          "unknown language '%s' (use ja or en)"),
			                       arg);
		return 1;
	case OPT_MAX_SHEET_BYTES:
		if (cli_parse_u64(arg, CLI_SHEET_BYTES_MAX, &v) < 0 || v < 1)
			return cli_usage_error(o, cmd,
			                       TR(o, "--max-sheet-bytes には1から%zuまでの"
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
	if (o->quiet)
		return EXIT_OK;
	fputs(TR(o, ja, en), stdout);
	if (fflush(stdout) != 0) {
		cli_error("cannot write the help");
		return EXIT_INPUT;
	}
	return EXIT_OK;
}

int cli_parse_u64(const char *s, uint64_t max, uint64_t *out)
{
	char *end;
	unsigned long long v;

	if (!*s || *s == '-' || *s == '+')
		return -1;
	errno = 0;
	v = strtoull(s, &end, 10);
	if (errno || *end || v > max)
		return -1;
	*out = v;
	return 0;
}
