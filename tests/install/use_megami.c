/*
 * tests/install/install.sh: a program built against the INSTALLED megami
 * (pkg-config megami, the headers and library in a DESTDIR).  It reads the
 * file argv[1] with the public API and prints "ok N" (N: its errors) or
 * "illegal N".
 */
#include <stdio.h>
#include <stdlib.h>

#include <megami/scenario_yaml.h>

int main(int argc, char **argv)
{
	static char buf[1 << 20];
	mg_scenario_doc *doc = NULL;
	size_t len;
	FILE *f;
	int legal;

	if (argc != 2 || !(f = fopen(argv[1], "rb")))
		return 2;
	len = fread(buf, 1, sizeof buf, f);
	fclose(f);
	if (mg_scenario_parse(&doc, buf, len, NULL) != 0)
		return 1;
	legal = mg_scenario_doc_scenario(doc) != NULL;
	printf("%s %zu\n", legal ? "ok" : "illegal", mg_scenario_doc_error_count(doc));
	mg_scenario_doc_free(doc);
	return legal ? 0 : 1;
}
