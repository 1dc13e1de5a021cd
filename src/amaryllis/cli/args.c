/* args.c - command-line arguments shared by the subcommands. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

int cli_parse_common(cli_opts *o, int argc, char **argv, int *i)
{
	const char *a = argv[*i], *v = NULL;

	if (strcmp(a, "--lang") == 0) {
		if (*i + 1 >= argc) {
			cli_error("--lang needs a value: ja or en");
			return -1;
		}
		v = argv[++*i];
	} else if (strncmp(a, "--lang=", 7) == 0) {
		v = a + 7;
	} else {
		return 0;
	}
	if (strcmp(v, "ja") == 0)
		o->lang = AM_LANG_JA;
	else if (strcmp(v, "en") == 0)
		o->lang = AM_LANG_EN;
	else {
		cli_error("unknown language '%s' (use ja or en)", v);
		return -1;
	}
	return 1;
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
