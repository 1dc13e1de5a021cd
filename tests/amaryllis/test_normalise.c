/*
 * test_normalise.c - `amaryllis check`'s normalised text is a sheet
 * (BU-SHEET-3, AM-UNIT-5): for every legal sheet S,
 *   am_sheet_format(S) = N parses as a legal sheet, am_sheet_format(N) = N
 *   (idempotence), and N's team is S's team: the same units (name, ＨＰ,
 *   攻撃力, 防御力, 素早さ, 技術, 愛, bonus, the actions set in order) and
 *   the same actions (class, numbers, customisations, cost).
 * In both languages (the English text differs only in its comment lines).
 *
 * The sheets: every sheet under examples/ and tests/amaryllis/golden/sheets/ that is
 * legal (the illegal ones there pin error messages), and random designs of
 * the optimizer's generator (am_design_random, am_design_mutate) for the
 * core game and for ビルディア.  The test runs from the source root.
 */
#include <dirent.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "amaryllis.h"
#include "amaryllis/optimize.h"
#include "util/rng.h"

static char *fmt(const am_sheet *s, am_lang lang)
{
	size_t n = am_sheet_format(NULL, 0, s, lang);
	char *buf = malloc(n + 1);

	assert_non_null(buf);
	assert_int_equal(am_sheet_format(buf, n + 1, s, lang), n);
	return buf;
}

static const am_unit_def *unit_named(const am_team *t, const char *name)
{
	size_t i;

	for (i = 0; i < t->nunits; i++)
		if (strcmp(t->units[i].name, name) == 0)
			return &t->units[i];
	return NULL;
}

/* Two actions are the same: every field, a ビルド's unit by name. */
static void same_action(const am_team *ta, const am_action *a,
                        const am_team *tb, const am_action *b)
{
	assert_string_equal(a->name, b->name);
	assert_int_equal(a->cls, b->cls);
	assert_int_equal(a->n, b->n);
	assert_int_equal(a->delay, b->delay);
	assert_int_equal(a->mult, b->mult);
	assert_int_equal(a->stun, b->stun);
	assert_int_equal(a->poison, b->poison);
	assert_int_equal(a->target, b->target);
	assert_int_equal(a->place, b->place);
	assert_int_equal(a->limited, b->limited);
	assert_int_equal(a->fast, b->fast);
	assert_int_equal(a->all, b->all);
	assert_int_equal(a->cost, b->cost);
	assert_int_equal(a->build < 0, b->build < 0);
	if (a->build >= 0)
		assert_string_equal(ta->units[a->build].name,
		                    tb->units[b->build].name);
}

/* The same team, up to the order of the ビルディア and of the actions. */
static void same_team(const am_team *a, const am_team *b)
{
	size_t i, j;

	assert_int_equal(a->nunits, b->nunits);
	assert_int_equal(a->nactions, b->nactions);
	assert_string_equal(a->units[0].name, b->units[0].name);
	for (i = 0; i < a->nunits; i++) {
		const am_unit_def *u = &a->units[i];
		const am_unit_def *v = unit_named(b, u->name);
		assert_non_null(v);
		assert_int_equal(u->hp, v->hp);
		assert_int_equal(u->atk, v->atk);
		assert_int_equal(u->def, v->def);
		assert_int_equal(u->spd, v->spd);
		assert_int_equal(u->tech, v->tech);
		assert_int_equal(u->love, v->love);
		assert_int_equal(u->bonus, v->bonus);
		assert_int_equal(u->nslots, v->nslots);
		for (j = 0; j < u->nslots; j++)
			same_action(a, &a->actions[u->slots[j]], b,
			            &b->actions[v->slots[j]]);
	}
	/* every action, also one no unit sets (AM-UNIT-3: all are printed) */
	for (i = 0; i < a->nactions; i++) {
		for (j = 0; j < b->nactions; j++)
			if (strcmp(a->actions[i].name, b->actions[j].name) == 0)
				break;
		assert_true(j < b->nactions);
		same_action(a, &a->actions[i], b, &b->actions[j]);
	}
}

/* The property for one legal sheet, in one language. */
static void roundtrip_lang(const char *label, const am_sheet *s, am_lang lang)
{
	char *n1 = fmt(s, lang), *n2;
	am_sheet *t;

	assert_int_equal(am_sheet_parse(&t, n1, strlen(n1), NULL), 0);
	if (!am_sheet_ok(t)) {
		char msg[512];
		am_diag_format(msg, sizeof(msg), am_sheet_diag(t, 0), AM_LANG_EN);
		fail_msg("%s: the normalised text is no sheet: %u:%u: %s\n%s", label,
		         am_sheet_diag(t, 0)->line, am_sheet_diag(t, 0)->col, msg,
		         n1);
	}
	n2 = fmt(t, lang);
	if (strcmp(n1, n2) != 0)
		fail_msg("%s: normalising twice differs:\n%s---\n%s", label, n1, n2);
	same_team(am_sheet_team(s), am_sheet_team(t));
	am_sheet_free(t);
	free(n2);
	free(n1);
}

/* 1 if text is a legal sheet (and the property holds), 0 if illegal. */
static int roundtrip(const char *label, const char *text, size_t len)
{
	am_sheet *s;
	int ok;

	assert_int_equal(am_sheet_parse(&s, text, len, NULL), 0);
	ok = am_sheet_ok(s);
	if (ok) {
		roundtrip_lang(label, s, AM_LANG_JA);
		roundtrip_lang(label, s, AM_LANG_EN);
	}
	am_sheet_free(s);
	return ok;
}

static char *slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	char *buf;
	long n;

	assert_non_null(f);
	assert_int_equal(fseek(f, 0, SEEK_END), 0);
	n = ftell(f);
	assert_true(n >= 0);
	rewind(f);
	buf = malloc((size_t)n + 1);
	assert_non_null(buf);
	assert_int_equal(fread(buf, 1, (size_t)n, f), (size_t)n);
	buf[n] = 0;
	fclose(f);
	*len = (size_t)n;
	return buf;
}

/* Every *.txt of dir; counts the files and the legal ones. */
static void dir_sheets(const char *dir, int *files, int *legal)
{
	DIR *d = opendir(dir);
	struct dirent *e;

	assert_non_null(d);
	while ((e = readdir(d)) != NULL) {
		char path[512];
		size_t n = strlen(e->d_name), len;
		char *text;
		if (n < 5 || strcmp(e->d_name + n - 4, ".txt") != 0)
			continue;
		snprintf(path, sizeof(path), "%s/%s", dir, e->d_name);
		text = slurp(path, &len);
		(*files)++;
		*legal += roundtrip(path, text, len);
		free(text);
	}
	closedir(d);
}

/* The example sheets of the rule texts: グリスク and ヌト (A1), 泡子,
 * 死神使い and 蛆の母 (the extension); and 母 and 父, issue 11's ビルディア
 * pair (BU-ALL-3): all seven legal. */
/* BU-SHEET-3 AM-UNIT-5 BU-SHEET-1 BU-SHEET-2 */
static void test_roundtrip_examples(void **state)
{
	int files = 0, legal = 0;

	dir_sheets("examples", &files, &legal);
	assert_int_equal(files, 7);
	assert_int_equal(legal, 7);
}

/* The golden sheets: the legal ones (borderline costs, 愛 10, half-width,
 * a trailing '/', ビルディア chains; the b_* cases the battle goldens
 * fight) round-trip; the rest pin error messages. */
/* BU-SHEET-3 AM-UNIT-5 BU-SHEET-4 */
static void test_roundtrip_golden_sheets(void **state)
{
	int files = 0, legal = 0;

	dir_sheets("tests/amaryllis/golden/sheets", &files, &legal);
	assert_true(files >= 40);
	/* at least kou, otsu, wall, halfwidth, love10, same_a/b, the legal
	 * b_chain20, b_hp0_fast, b_hp0_life, b_limited_first, b_speed_ally,
	 * b_turn20, trailing_slash: 14 today; not a vacuous loop */
	assert_true(legal >= 14);
}

/* A sheet that uses what the examples do not: a 技術 line, comments, an
 * unused action, a ビルディア written before the entry unit (the
 * normalised text puts the entry unit first), full-width forms. */
/* AM-UNIT-2 AM-UNIT-3 AM-UNIT-5 BU-SHEET-2 */
static void test_roundtrip_written_forms(void **state)
{
	static const char text[] =
		"# a comment\n"
		"○兵（３）：５／０／０／１／突き\n"
		"技術１\n"
		"主（７）：５／１／０／１／呼ぶ、突き\n"
		"＃ another comment\n"
		"技術：４\n"
		"・突き（１）：直接攻撃\n"
		"・呼ぶ：ビルド（兵）＜配置１＞＜リミテッド＞\n"
		"・予備：防御力＋３＜リミテッド＞＜遅延起動２＞\n";

	assert_int_equal(roundtrip("written forms", text, strlen(text)), 1);
}

/* Random legal designs of the optimizer (am_design_format writes them in
 * the players' full-width notation): 6000 of the core game, 6000 with
 * ビルディア, in chains of 120 (a random design, then random mutations and
 * now and then a crossover, as the optimizer walks: that is how the rare
 * legal storages with ビルディア come about, under 1% of the designs). */
/* BU-SHEET-3 AM-UNIT-5 */
static void generated(int buildia)
{
	am_design *d, *other;
	ut_rng r;
	int i, storages = 0;

	assert_int_equal(am_design_new(&d, buildia), 0);
	assert_int_equal(am_design_new(&other, buildia), 0);
	ut_rng_seed(&r, 0x6e6f726dULL + (uint64_t)buildia);
	for (i = 0; i < 6000; i++) {
		char label[64], *text;
		size_t len;
		if (i % 120 == 0) {
			am_design_random(d, &r);
		} else if (ut_rng_uniform(&r, 8) == 0) {
			am_design_random(other, &r);
			am_design_cross(d, d, other, &r);
		} else {
			am_design_mutate(d, &r);
		}
		len = am_design_format(NULL, 0, d);
		text = malloc(len + 1);
		assert_non_null(text);
		am_design_format(text, len + 1, d);
		snprintf(label, sizeof(label), "design %d (buildia %d)", i, buildia);
		assert_int_equal(roundtrip(label, text, len), 1);
		storages += am_design_team(d)->nunits > 1;
		free(text);
	}
	if (buildia)
		assert_true(storages > 30); /* the ビルディア form is exercised */
	else
		assert_int_equal(storages, 0);
	am_design_free(other);
	am_design_free(d);
}

static void test_roundtrip_generated_core(void **state)
{
	generated(0);
}

static void test_roundtrip_generated_buildia(void **state)
{
	generated(1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_roundtrip_examples),
		cmocka_unit_test(test_roundtrip_golden_sheets),
		cmocka_unit_test(test_roundtrip_written_forms),
		cmocka_unit_test(test_roundtrip_generated_core),
		cmocka_unit_test(test_roundtrip_generated_buildia),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
