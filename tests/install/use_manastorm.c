/*
 * tests/install/install.sh: a program built against the INSTALLED manastorm
 * (pkg-config manastorm, the headers and library in a DESTDIR).  It reads the
 * file argv[1] with the public API and prints "ok N" (N: its errors) or
 * "illegal N".
 */
#include <stdio.h>
#include <stdlib.h>

#include <manastorm/scenario_yaml.h>

int main(int argc, char **argv)
{
	static char buf[1 << 20];
	ms_scenario_doc *doc = NULL;
	size_t len;
	FILE *f;
	int legal;

	if (argc != 2 || !(f = fopen(argv[1], "rb")))
		return 2;
	len = fread(buf, 1, sizeof buf, f);
	fclose(f);
	if (ms_scenario_parse(&doc, buf, len, NULL) != 0)
		return 1;
	legal = ms_scenario_doc_scenario(doc) != NULL;
	printf("%s %zu\n", legal ? "ok" : "illegal", ms_scenario_doc_error_count(doc));
	ms_scenario_doc_free(doc);
	return legal ? 0 : 1;
}
