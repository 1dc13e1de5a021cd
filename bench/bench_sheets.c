/*
 * bench_sheets.c - memory per sheet in a league: N generated legal core
 * sheets (bench/gen.h units written as sheet text, fixed seed) are parsed
 * and compiled the way `amaryllis league` loads them, and the bytes the
 * heap holds afterwards (glibc mallinfo2: bytes in use, so the figure does
 * not depend on what the kernel has paged in) are divided by N.
 *
 * Two ways of keeping a sheet are measured:
 *   sheet kept    the text, the parsed am_sheet and the program (what the
 *                 league command kept before it dropped the sheets);
 *   program only  the program alone, which owns a copy of its team, the
 *                 sheet and its text freed once compiled (what it keeps now).
 *
 * Usage: bench_sheets [N]        measure (default N = 20000)
 *        bench_sheets N DIR      write the N sheets as DIR/NNNNNN.txt, for
 *                                measuring the command itself:
 *          /usr/bin/time -v timeout 60 amaryllis league --jobs 1 DIR
 *        (stopped while it plays; "Maximum resident set size" is the load).
 */
#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gen.h"

/* One generated unit as a sheet: `U7：15／2／0／1／a1、a2` and one action
 * line per slot (each slot its own action, named a1, a2, …). */
static void sheet_text(char *buf, size_t size, const gen_unit *u)
{
	size_t n = 0, i;

	n += (size_t)snprintf(buf + n, size - n, "%s：%lld／%lld／%lld／%lld",
	                      u->name, (long long)u->def.hp,
	                      (long long)u->def.atk, (long long)u->def.def,
	                      (long long)u->def.spd);
	for (i = 0; i < u->def.nslots; i++)
		n += (size_t)snprintf(buf + n, size - n, "%sa%zu", i ? "、" : "／",
		                      i + 1);
	n += (size_t)snprintf(buf + n, size - n, "\n");
	for (i = 0; i < u->def.nslots; i++) {
		const am_action *a = &u->act[i];
		n += (size_t)snprintf(buf + n, size - n, "・a%zu：%s", i + 1,
		                      am_class_name(a->cls));
		if (a->cls == AM_CLASS_ATK_UP || a->cls == AM_CLASS_DEF_UP ||
		    a->cls == AM_CLASS_SPD_UP) {
			/* the class name ends in "N": put the number there */
			n--;
			n += (size_t)snprintf(buf + n, size - n, "%lld",
			                      (long long)a->n);
		}
		if (a->limited)
			n += (size_t)snprintf(buf + n, size - n, "＜リミテッド＞");
		if (a->delay)
			n += (size_t)snprintf(buf + n, size - n, "＜遅延起動%lld＞",
			                      (long long)a->delay);
		if (a->fast)
			n += (size_t)snprintf(buf + n, size - n, "＜高速起動＞");
		if (a->mult > 1)
			n += (size_t)snprintf(buf + n, size - n, "＜効果%lld倍＞",
			                      (long long)a->mult);
		if (a->stun)
			n += (size_t)snprintf(buf + n, size - n, "＜スタン与え＞");
		if (a->poison)
			n += (size_t)snprintf(buf + n, size - n, "＜毒与え＞");
		n += (size_t)snprintf(buf + n, size - n, "\n");
	}
}

static size_t heap_used(void)
{
	struct mallinfo2 mi = mallinfo2();
	return mi.uordblks + mi.hblkhd;
}

/* Parse and compile N sheets, keeping the sheet or not; bytes per sheet. */
static double measure(int n, int keep_sheet, uint64_t seed)
{
	am_program **progs = calloc((size_t)n, sizeof(*progs));
	am_sheet **sheets = calloc((size_t)n, sizeof(*sheets));
	char **texts = calloc((size_t)n, sizeof(*texts));
	size_t before, after;
	int i;

	if (!progs || !sheets || !texts)
		exit(1);
	before = heap_used();
	for (i = 0; i < n; i++) {
		gen_unit u;
		char buf[4096];
		size_t len;
		gen_unit_make(&u, &seed, i);
		sheet_text(buf, sizeof(buf), &u);
		len = strlen(buf);
		if (!(texts[i] = malloc(len)))
			exit(1);
		memcpy(texts[i], buf, len); /* the command keeps what it read */
		if (am_sheet_parse(&sheets[i], texts[i], len, NULL) < 0 ||
		    !am_sheet_ok(sheets[i]) ||
		    am_program_new(&progs[i], am_sheet_team(sheets[i])) < 0) {
			fprintf(stderr, "bench_sheets: sheet %d is not legal:\n%s", i,
			        buf);
			exit(1);
		}
		if (!keep_sheet) {
			am_sheet_free(sheets[i]);
			free(texts[i]);
			sheets[i] = NULL;
			texts[i] = NULL;
		}
	}
	after = heap_used();
	for (i = 0; i < n; i++) {
		am_program_free(progs[i]);
		am_sheet_free(sheets[i]);
		free(texts[i]);
	}
	free(progs);
	free(sheets);
	free(texts);
	return (double)(after - before) / n;
}

int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 20000, i;
	uint64_t seed = 20261130;

	if (n < 1)
		return 1;
	if (argc > 2) {
		for (i = 0; i < n; i++) {
			gen_unit u;
			char buf[4096], path[4096];
			FILE *f;
			gen_unit_make(&u, &seed, i);
			sheet_text(buf, sizeof(buf), &u);
			snprintf(path, sizeof(path), "%s/%06d.txt", argv[2], i);
			if (!(f = fopen(path, "w")) || fputs(buf, f) < 0 ||
			    fclose(f) != 0) {
				perror(path);
				return 1;
			}
		}
		return 0;
	}
	printf("sheets: %d (generated core units, seed %llu)\n", n,
	       (unsigned long long)seed);
	printf("sheet kept:    %8.0f bytes per sheet (text + am_sheet + "
	       "program)\n", measure(n, 1, seed));
	printf("program only:  %8.0f bytes per sheet (the sheet freed after "
	       "am_program_new)\n", measure(n, 0, seed));
	return 0;
}
