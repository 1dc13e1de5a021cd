/*
 * tests/install/install.sh: a program built against the INSTALLED manastorm
 * (pkg-config manastorm, the headers and library in a DESTDIR).  It reads the
 * scenario file argv[1] with the public API and prints "ok N" (N: its
 * errors) or "illegal N"; then plays its duel once with the seed 1 and
 * prints who won after how many battles.
 */
#include <stdio.h>
#include <stdlib.h>

#include <manastorm/duel.h>
#include <manastorm/scenario_yaml.h>

int main(int argc, char **argv)
{
	static char buf[1 << 20];
	static const char *const who[] = {"A", "B"};
	ms_scenario_doc *doc = NULL;
	ms_duel_opts o = MS_DUEL_OPTS_INIT;
	ms_duel *d = NULL;
	ms_result r;
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
	if (ms_scenario_parse(&doc, buf, len, NULL) != 0)
		return 1;
	if (!ms_scenario_doc_scenario(doc)) {
		printf("illegal %zu\n", ms_scenario_doc_error_count(doc));
		ms_scenario_doc_free(doc);
		return 1;
	}
	printf("ok %zu\n", ms_scenario_doc_error_count(doc));
	/* the duel, with the scenario's policies */
	o.seed = 1;
	if (ms_duel_new(&d, ms_scenario_doc_scenario(doc), &o) < 0 ||
	    ms_duel_run(&r, d) < 0) {
		fprintf(stderr, "%s\n", ms_error_last());
		ms_duel_free(d); /* NULL is fine */
		ms_scenario_doc_free(doc);
		return 1;
	}
	printf("%s after %lld battles\n", r.winner < 0 ? "draw" : who[r.winner],
	       (long long)r.battles);
	ms_duel_free(d);
	ms_scenario_doc_free(doc);
	return 0;
}
