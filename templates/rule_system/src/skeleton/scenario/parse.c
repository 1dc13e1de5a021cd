/*
 * parse.c - the input layer of the skeleton rule system: `NAME HP DIE`
 * lines (docs/SKELETON.md, SK-IN-1).
 */
#include <stdio.h>
#include <string.h>

#include "skeleton/scenario.h"

/* Fail at line:col with a message in lang. */
static int fail(sk_diag *diag, uint32_t line, uint32_t col, const char *msg)
{
	if (diag) {
		diag->line = line;
		diag->col = col;
		snprintf(diag->message, sizeof diag->message, "%s", msg);
	}
	return ut_error_set(SK_EINVALID, "%u:%u: %s", line, col, msg);
}

/* A whole number from s[*i], at most max; -1 when there is none or it is
 * larger. */
static int64_t number(const char *s, size_t len, size_t *i, int64_t max)
{
	int64_t v = 0;
	size_t start = *i;

	while (*i < len && s[*i] >= '0' && s[*i] <= '9') {
		v = v * 10 + (s[*i] - '0');
		if (v > max)
			return -1;
		(*i)++;
	}
	return *i > start ? v : -1;
}

int sk_scenario_parse(sk_game *out, sk_diag *diag, const char *text,
                      size_t len, ut_lang lang)
{
	sk_game g;
	uint32_t line = 0;
	size_t pos = 0;
	int n = 0;

	memset(&g, 0, sizeof g);
	while (pos < len) {
		size_t end = pos, i = pos, name, at;
		sk_side *s;
		int64_t v;

		while (end < len && text[end] != '\n')
			end++;
		line++;
		if (end == pos || text[pos] == '#') {
			pos = end + 1;
			continue;
		}
		if (n == 2)
			return fail(diag, line, 1, UT_TRL(lang, "3つ目の陣営があります",
			                                  "a third side"));
		s = &g.side[n++];
		while (i < end && text[i] != ' ')
			i++;
		name = i - pos;
		if (name == 0 || name >= sizeof s->name)
			return fail(diag, line, 1, UT_TRL(lang, "名前は1から31バイトです",
			                                  "a name is 1 to 31 bytes"));
		memcpy(s->name, text + pos, name);
		at = ++i;
		if ((v = number(text, end, &i, 1000000)) < 1)
			return fail(diag, line, (uint32_t)(at - pos + 1),
			            UT_TRL(lang, "HPは1から1000000までの整数です",
			                   "HP is a whole number from 1 to 1000000"));
		s->hp = v;
		if (i >= end || text[i] != ' ')
			return fail(diag, line, (uint32_t)(i - pos + 1),
			            UT_TRL(lang, "ダイスの面数がありません",
			                   "the die's sides are missing"));
		at = ++i;
		if ((v = number(text, end, &i, 1000)) < 1 || i != end)
			return fail(diag, line, (uint32_t)(at - pos + 1),
			            UT_TRL(lang, "ダイスの面数は1から1000までの整数です",
			                   "a die has 1 to 1000 sides"));
		s->die = (uint64_t)v;
		pos = end + 1;
	}
	if (n < 2)
		return fail(diag, line + 1, 1, UT_TRL(lang, "陣営は2つ必要です",
		                                      "two sides are needed"));
	*out = g;
	return SK_OK;
}
