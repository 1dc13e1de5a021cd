/*
 * dice_list.c - the fixed dice of `--dice 3,4,6,…` (`megami fight`,
 * MG-FIGHT-CLI-1; `megami roll`, MG-DICE-CLI-2): values separated by
 * commas, each as docs/CLI.md reads an option's number (digits only, ASCII
 * or full-width as an IME types them; no sign or blank).  The comma may be
 * the full-width "，" or the "、" an IME types too (`--dice ５，２`), as
 * the tracker reads "4、4".  A value a die cannot show (0, or 7 for a D6)
 * is refused where it is rolled, by its position.
 */
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "util/utf8.h"

/* The next separator in p: ',', "，" (U+FF0C) or "、" (U+3001), its
 * length in *len; NULL if none. */
static const char *next_sep(const char *p, size_t *len)
{
	for (; *p; p++) {
		if (*p == ',') {
			*len = 1;
			return p;
		}
		if (!strncmp(p, "\xef\xbc\x8c", 3) || !strncmp(p, "\xe3\x80\x81", 3)) {
			*len = 3;
			return p;
		}
	}
	return NULL;
}

int mg_cli_dice_list(const ut_cli *ui, const char *cmd, const char *arg,
                     int64_t **out, size_t *n)
{
	const char *p = arg;
	size_t cap = 0, k = 0;
	int64_t *v = NULL;

	*out = NULL;
	*n = 0;
	for (;;) {
		size_t seplen = 0;
		const char *q = next_sep(p, &seplen);
		size_t len = q ? (size_t)(q - p) : strlen(p);
		uint64_t u;
		if (ut_utf8_parse_u64(&u, p, len, INT64_MAX) < 0) {
			free(v);
			return ut_cli_usage_error(ui, cmd,
			       UT_TR(ui, "--dice の%zu番目の値「%.*s」は数ではありません"
			                 "（数字だけで書きます）",
			             "--dice value %zu '%.*s' is not a number (digits "
			             "only)"), k + 1, (int)len, p);
		}
		if (k == MG_CLI_DICE_MAX) {
			free(v);
			return ut_cli_usage_error(ui, cmd,
			       UT_TR(ui, "--dice の値は%d個までです",
			             "--dice takes at most %d values"),
			       MG_CLI_DICE_MAX);
		}
		if (k == cap) {
			int64_t *nv;
			cap = cap ? 2 * cap : 64;
			if (!(nv = realloc(v, cap * sizeof(*v)))) {
				free(v);
				ut_cli_error(ui, "%s: out of memory", cmd);
				return UT_EXIT_INPUT;
			}
			v = nv;
		}
		v[k++] = (int64_t)u;
		if (!q)
			break;
		p = q + seplen;
	}
	*out = v;
	*n = k;
	return 0;
}
