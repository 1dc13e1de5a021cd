/*
 * tests/install/install.sh: a program built against the INSTALLED amaryllis
 * (pkg-config amaryllis, the headers and library in a DESTDIR).  It reads the
 * file argv[1] with the public API and prints "ok N" (N: its errors) or
 * "illegal N".
 */
#include <stdio.h>
#include <stdlib.h>

#include <amaryllis.h>

int main(int argc, char **argv)
{
	static char buf[1 << 20];
	am_sheet *doc = NULL;
	size_t len;
	FILE *f;
	int legal;

	if (argc != 2 || !(f = fopen(argv[1], "rb")))
		return 2;
	len = fread(buf, 1, sizeof buf, f);
	if (len == sizeof buf && fgetc(f) != EOF) { /* not cut short */
		fprintf(stderr, "%s: over %zu bytes\n", argv[1], sizeof buf);
		fclose(f);
		return 2;
	}
	fclose(f);
	if (am_sheet_parse(&doc, buf, len, NULL) != 0)
		return 1;
	legal = am_sheet_ok(doc);
	printf("%s %zu\n", legal ? "ok" : "illegal", am_sheet_error_count(doc));
	am_sheet_free(doc);
	return legal ? 0 : 1;
}
