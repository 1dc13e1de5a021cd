/*
 * tests/install/install.sh: a program built against the INSTALLED megami
 * (pkg-config megami, the headers and library in a DESTDIR).  It reads the
 * scenario file argv[1] with the public API and prints "ok N" (N: its
 * errors) or "illegal N"; then plays its combat once, dice from the seed
 * 1, and prints who won in which round; then rolls an SRS judgement with
 * the seed 0 and prints its line, as `megami roll --seed 0` does.
 */
#include <stdio.h>
#include <stdlib.h>

#include <megami/combat.h>
#include <megami/dice.h>
#include <megami/scenario_yaml.h>

int main(int argc, char **argv)
{
	static char buf[1 << 20];
	static const char *const who[] = {"PC", "NPC"};
	mg_scenario_doc *doc = NULL;
	mg_combat_opts o = MG_COMBAT_OPTS_INIT;
	mg_combat *c = NULL;
	mg_result r;
	mg_dice_expr *e = NULL;
	mg_dice_diag d;
	mg_dice_result res;
	ut_buf line = UT_BUF_INIT;
	ut_dice dice;
	size_t len;
	FILE *f;

	if (argc != 2 || !(f = fopen(argv[1], "rb")))
		return 2;
	len = fread(buf, 1, sizeof buf, f);
	if (len == sizeof buf && fgetc(f) != EOF) { /* not cut short */
		fprintf(stderr, "%s: over %zu bytes\n", argv[1], sizeof buf);
		fclose(f);
		return 2;
	}
	fclose(f);
	if (mg_scenario_parse(&doc, buf, len, NULL) != 0)
		return 1;
	if (!mg_scenario_doc_scenario(doc)) {
		printf("illegal %zu\n", mg_scenario_doc_error_count(doc));
		mg_scenario_doc_free(doc);
		return 1;
	}
	printf("ok %zu\n", mg_scenario_doc_error_count(doc));
	/* the combat, with the default policy for everyone */
	ut_dice_seed(&dice, 1);
	o.dice = &dice;
	if (mg_combat_new(&c, mg_scenario_doc_scenario(doc), &o) < 0 ||
	    mg_combat_run(&r, c) < 0) {
		fprintf(stderr, "%s\n", mg_error_last());
		mg_combat_free(c); /* NULL is fine */
		mg_scenario_doc_free(doc);
		return 1;
	}
	printf("%s in round %lld\n", r.winner < 0 ? "draw" : who[r.winner],
	       (long long)r.rounds);
	mg_combat_free(c);
	mg_scenario_doc_free(doc);
	/* the dice bot */
	ut_dice_seed(&dice, 0);
	if (mg_dice_parse(&e, &d, "2D6+1>=8", 8, MG_LANG_JA) < 0 ||
	    mg_dice_roll(&line, &res, &d, e, &dice, MG_LANG_JA) < 0) {
		fprintf(stderr, "%s\n", d.message);
		mg_dice_free(e); /* NULL is fine */
		ut_buf_free(&line);
		return 1;
	}
	printf("%s\n", line.ptr);
	mg_dice_free(e);
	ut_buf_free(&line);
	return 0;
}
