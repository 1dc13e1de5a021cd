/*
 * fuzz_sheet.c - libFuzzer target for the sheet parser: any bytes must
 * parse without a crash, leak or undefined behaviour, and every result must
 * format.
 *
 * Build and run: `make fuzz` (CMake -DAMARYLLIS_FUZZ=ON with clang: the
 * libraries of src/util/ and src/amaryllis/ instrumented with
 * -fsanitize=fuzzer-no-link,address,undefined, this file linked with
 * -fsanitize=fuzzer into build-fuzz/fuzz/fuzz_sheet).  Seeds:
 * tests/fuzz/corpus/fuzz_sheet/; dictionary: tests/fuzz/amaryllis.dict
 * (see tests/fuzz/README.md).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "amaryllis/sheet.h"

/* Abort (a finding) when an invariant of the API does not hold. */
static void check(int ok)
{
	if (!ok)
		abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	am_parse_opts opts = AM_PARSE_OPTS_INIT;
	am_sheet *sheet = NULL;
	char small[7], *big;
	size_t i, n, len;
	const am_team *team;

	opts.max_line = 4096;
	opts.max_diags = 20;
	if (am_sheet_parse(&sheet, (const char *)data, size, &opts) < 0)
		return 0;
	n = am_sheet_diag_count(sheet);
	check(n <= opts.max_diags);
	check(am_sheet_ok(sheet) == (n == 0));
	team = am_sheet_team(sheet);
	check((team != NULL) == am_sheet_ok(sheet));
	if (team) {
		check(am_team_check(team) == 0);
		for (i = 0; i < team->nactions; i++)
			check(team->actions[i].cost >= 1);
	}
	for (i = 0; i < n; i++) {
		const am_diag *d = am_sheet_diag(sheet, i);
		size_t srclen;
		check(d->line >= 1 && d->col >= 1);
		if (i > 0) {
			const am_diag *p = am_sheet_diag(sheet, i - 1);
			check(p->line < d->line ||
			      (p->line == d->line && p->col <= d->col));
		}
		len = am_diag_format(small, sizeof(small), d, AM_LANG_JA);
		check(strlen(small) < sizeof(small) && strlen(small) <= len);
		am_diag_format(small, sizeof(small), d, AM_LANG_EN);
		(void)am_sheet_source_line(sheet, d->line, &srclen);
	}
	len = am_sheet_format(NULL, 0, sheet, AM_LANG_JA);
	big = malloc(len + 1);
	if (big) {
		check(am_sheet_format(big, len + 1, sheet, AM_LANG_JA) == len);
		check(strlen(big) == len);
		free(big);
	}
	am_sheet_format(small, sizeof(small), sheet, AM_LANG_EN);
	am_sheet_free(sheet);
	return 0;
}
