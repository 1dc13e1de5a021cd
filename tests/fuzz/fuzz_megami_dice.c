/*
 * fuzz_megami_dice.c - libFuzzer target for the dice bot's expression
 * parser (megami/dice.h): any bytes must parse or be refused without a
 * crash, leak or undefined behaviour; a refusal has a message and a column
 * within the text; a parsed expression rolls (from the generator, then from
 * a short fixed list) and prints a line, taking at least the dice
 * mg_dice_count says (more when a pool rolls again: nRx, nUx) and at most
 * BCDice's 10000 in one command.
 *
 * Build and run: `make fuzz` (CMake -DAMARYLLIS_FUZZ=ON with clang).
 * Seeds: tests/fuzz/corpus/fuzz_megami_dice/; dictionary:
 * tests/fuzz/fuzz_megami_dice.dict.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "megami/dice.h"

/* Abort (a finding) when an invariant of the API does not hold. */
static void check(int ok)
{
	if (!ok)
		abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const int64_t fixed[] = {1, 6, 3, 4, 2, 5, 100, 7};
	mg_dice_expr *e = NULL;
	mg_dice_diag d;
	mg_dice_result r;
	ut_dice dice;
	ut_buf line = UT_BUF_INIT;
	int rc, lang;

	for (lang = 0; lang < 2; lang++) {
		memset(&d, 0, sizeof(d));
		rc = mg_dice_parse(&e, &d, (const char *)data, size,
		                   (mg_lang)lang);
		if (rc < 0) {
			check(e == NULL);
			check(rc == MG_EINVALID || rc == MG_EOVERFLOW ||
			      rc == MG_ELIMIT || rc == MG_ENOMEM);
			check(d.message[0] != '\0');
			check(strlen(d.message) < sizeof(d.message));
			/* a column within the text, or just after it */
			check(d.col >= 1 && d.col <= size + 1);
			continue;
		}
		check(e != NULL);
		/* 0 for a command that rolls nothing (0D6, 201D6, BCDiceVersion) */
		check(mg_dice_count(e) <= 10000);
		ut_dice_seed(&dice, (uint64_t)size);
		rc = mg_dice_roll(&line, &r, &d, e, &dice, (mg_lang)lang);
		check(rc == 0 || rc == MG_EOVERFLOW || rc == MG_ELIMIT);
		if (rc == 0) {
			check(line.len > 0);
			check(dice.rolled >= mg_dice_count(e));
			check(r.srs == mg_dice_is_srs(e));
		} else {
			check(d.message[0] != '\0');
		}
		ut_buf_clear(&line);
		ut_dice_list(&dice, fixed, sizeof(fixed) / sizeof(fixed[0]));
		rc = mg_dice_roll(&line, &r, &d, e, &dice, (mg_lang)lang);
		check(rc == 0 || rc == MG_EINVALID || rc == MG_EOVERFLOW ||
		      rc == MG_ELIMIT);
		if (rc == MG_EINVALID)
			check(d.col == 0 && d.message[0] != '\0');
		ut_buf_clear(&line);
		mg_dice_free(e);
		e = NULL;
	}
	ut_buf_free(&line);
	return 0;
}
