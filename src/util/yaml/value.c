/* value.c - the values every format reads (util/yaml.h): types, plain
 * decimal integers, booleans, names, words of a vocabulary, the keys of a
 * mapping, and the nearest name for a misspelt one. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <utf8proc.h>

#include "util/yaml.h"
#include "util/utf8.h"
#include "yaml_int.h"

const char *ut_yaml_fold(ut_yaml_doc *d, const char *s)
{
	const unsigned char *p = (const unsigned char *)s;
	utf8proc_uint8_t *m;
	const char *r;

	while (*p && *p < 0x80)
		p++;
	if (!*p)
		return s; /* ASCII: NFKC leaves it as it is */
	/* the text is valid UTF-8 (read.c checked): NULL is out of memory */
	if (!(m = utf8proc_NFKC((const utf8proc_uint8_t *)s))) {
		d->nomem = 1;
		return s;
	}
	{
		/* the blanks NFKC made of U+3000 at either end */
		const char *b = (const char *)m, *e = b + strlen(b);
		while (*b == ' ')
			b++;
		while (e > b && e[-1] == ' ')
			e--;
		r = ut_yaml_own(d, b, (size_t)(e - b));
	}
	free(m);
	return r ? r : s;
}


static const char *kind_text(const ut_yaml_node *n)
{
	return n->type == UT_YAML_SCALAR ? n->text : NULL;
}

static int found_of(const ut_yaml_node *n)
{
	if (n->type == UT_YAML_MAP)
		return UT_YAML_FOUND_MAPPING;
	if (n->type == UT_YAML_SEQ)
		return UT_YAML_FOUND_LIST;
	if (n->quoted)
		return UT_YAML_FOUND_QUOTED;
	if (!*n->text || strcmp(n->text, "~") == 0 || strcmp(n->text, "null") == 0 ||
	    strcmp(n->text, "Null") == 0 || strcmp(n->text, "NULL") == 0)
		return UT_YAML_FOUND_NULL;
	return UT_YAML_FOUND_PLAIN;
}

/* The key typo (read.c) on n's first line at or after n, when n is a
 * plain text: "round_limit：10" read as a text where a mapping was
 * wanted; or NULL. */
static const ut_yaml_typo *typo_in(const ut_yaml_doc *d, const ut_yaml_node *n)
{
	size_t lo = 0, hi = d->ntypos;

	if (n->type != UT_YAML_SCALAR || n->quoted)
		return NULL;
	/* the typos are in the order of the text, one a line at most: the
	 * first on or after n's line (a search, not a walk: a document may
	 * have a typo and a wrong type on every line) */
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (d->typos[mid].line < n->line)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < d->ntypos && d->typos[lo].line == n->line &&
	       d->typos[lo].col > n->col ? &d->typos[lo] : NULL;
}

void ut_yaml_wrong_type(ut_yaml_doc *d, const ut_yaml_node *n, int want)
{
	int f = found_of(n);
	const ut_yaml_typo *t;

	if (n->reported)
		return;
	if ((t = typo_in(d, n))) {
		ut_yaml_diag_add(d, UT_YAML_D_SYNTAX, t->line, t->col, 0, 0,
		                 ut_yaml_typo_text(t->kind), NULL);
		return;
	}
	ut_yaml_diag_at(d, n, UT_YAML_D_WRONG_TYPE, want, f,
	        f == UT_YAML_FOUND_QUOTED || f == UT_YAML_FOUND_PLAIN ? kind_text(n) : NULL,
	        NULL);
}

int ut_yaml_is_null(const ut_yaml_node *n)
{
	return n->type == UT_YAML_SCALAR && found_of(n) == UT_YAML_FOUND_NULL;
}

static int is_digit(char c)
{
	return c >= '0' && c <= '9';
}

/* Length of the full-width form (U+FF01-U+FF5E: EF BC 81 - EF BD 9E) of
 * ASCII c at s, or 0. */
static size_t fullwidth(const char *s, char c)
{
	unsigned u = (unsigned)(c - 0x20) + 0xFF00;

	return (unsigned char)s[0] == 0xEF &&
	       (unsigned char)s[1] == (0xBC | (u >> 6 & 1)) &&
	       (unsigned char)s[2] == (0x80 | (u & 0x3F)) ? 3 : 0;
}

/* 1 when s starts with a digit, half- or full-width. */
static int digit_at(const char *s)
{
	char c;

	if (is_digit(*s))
		return 1;
	for (c = '0'; c <= '9'; c++)
		if (fullwidth(s, c))
			return 1;
	return 0;
}

/* The length of ASCII c at s, half- (1) or full-width (3), or 0. */
static size_t char_at(const char *s, char c)
{
	return *s == c ? 1 : fullwidth(s, c);
}

/* s past the full-width spaces (U+3000) an IME left before a number,
 * which ut_yaml_fold drops (until 2026-12-06 "hp: 　12" was no number,
 * where "hp: 12　" was 12). */
static const char *past_ideographic_spaces(const char *s)
{
	size_t len = strlen(s), k;

	while ((k = ut_utf8_ideographic_space(s, len)) != 0) {
		s += k;
		len -= k;
	}
	return s;
}

int ut_yaml_looks_numeric(const char *s)
{
	size_t k;

	if ((k = char_at(s, '+')) || (k = char_at(s, '-')))
		s += k;
	return digit_at(s) || ((k = char_at(s, '.')) && digit_at(s + k));
}

/* 1 when s[0..) is one or more digits and nothing else. */
static int all_digits(const char *s)
{
	return *s && strspn(s, "0123456789") == strlen(s);
}

/*
 * A plain decimal integer: -?[0-9]+ without a leading zero
 * (0 itself is fine), in 64 bits.  Numbers in other forms get
 * UT_YAML_D_NOT_DECIMAL naming the form (the form before the sign: +5.0 is
 * a fraction); other scalars, lists and mappings UT_YAML_D_WRONG_TYPE.
 * Returns 1 with *v set; 0 after a diagnostic.
 */
int ut_yaml_int(ut_yaml_doc *d, const ut_yaml_node *n, int64_t *v)
{
	const char *s, *t, *p;
	int neg, why = -1;
	uint64_t u = 0, lim;

	if (n->type != UT_YAML_SCALAR || n->quoted ||
	    !ut_yaml_looks_numeric(past_ideographic_spaces(n->text)) ||
	    n->text[ut_utf8_odd_digit(n->text)]) { /* 2³ is not 23 */
		ut_yaml_wrong_type(d, n, UT_YAML_WANT_INTEGER);
		return 0;
	}
	s = ut_yaml_fold(d, n->text); /* "２４" is 24 */
	t = s + (*s == '+' || *s == '-');
	if (all_digits(t)) {
		if (*s == '+')
			why = UT_YAML_ND_PLUS;
		else if (t[0] == '0' && t[1])
			why = UT_YAML_ND_LEADING_ZERO;
	} else if (t[0] == '0' && (t[1] == 'x' || t[1] == 'X')) {
		why = UT_YAML_ND_HEX;
	} else if (t[0] == '0' && (t[1] == 'o' || t[1] == 'O')) {
		why = UT_YAML_ND_OCTAL;
	} else if (t[0] == '0' && (t[1] == 'b' || t[1] == 'B')) {
		why = UT_YAML_ND_BINARY;
	} else if (strpbrk(t, "eE") &&
	           strspn(t, "0123456789.eE+-") == strlen(t)) {
		why = UT_YAML_ND_EXPONENT;
	} else if (strspn(t, "0123456789.") == strlen(t) &&
	           strchr(t, '.') == strrchr(t, '.')) {
		why = UT_YAML_ND_FRACTION;
	} else if (strspn(t, "0123456789_") == strlen(t)) {
		why = UT_YAML_ND_UNDERSCORE;
	} else {
		ut_yaml_wrong_type(d, n, UT_YAML_WANT_INTEGER);
		return 0;
	}
	if (why >= 0) {
		ut_yaml_diag_at(d, n, UT_YAML_D_NOT_DECIMAL, why, 0, n->text, NULL);
		return 0;
	}
	neg = *s == '-';
	lim = neg ? (uint64_t)INT64_MAX + 1 : (uint64_t)INT64_MAX;
	for (p = t; *p; p++) {
		unsigned dgt = (unsigned)(*p - '0');
		if (u > (lim - dgt) / 10) {
			ut_yaml_diag_at(d, n, UT_YAML_D_TOO_LARGE, 0, 0, n->text, NULL);
			return 0;
		}
		u = u * 10 + dgt;
	}
	*v = !neg ? (int64_t)u : u == (uint64_t)INT64_MAX + 1 ? INT64_MIN
	                                                      : -(int64_t)u;
	return 1;
}

/* A boolean: true/True/TRUE, false/False/FALSE (YAML 1.2);
 * the YAML 1.1 words yes/no/on/off/y/n are refused with their own message. */
int ut_yaml_bool(ut_yaml_doc *d, const ut_yaml_node *n, int *v)
{
	static const char *const t[] = {"true", "True", "TRUE"};
	static const char *const f[] = {"false", "False", "FALSE"};
	static const char *const old[] = {
		"yes", "Yes", "YES", "no", "No", "NO", "on", "On", "ON",
		"off", "Off", "OFF", "y", "Y", "n", "N"};
	size_t i;

	if (n->type == UT_YAML_SCALAR && !n->quoted) {
		/* a word, folded as the others are: "ｔｒｕｅ" and "true　" */
		const char *s = ut_yaml_fold(d, n->text);
		for (i = 0; i < 3; i++) {
			if (strcmp(s, t[i]) == 0)
				return *v = 1, 1;
			if (strcmp(s, f[i]) == 0)
				return *v = 0, 1;
		}
		for (i = 0; i < sizeof(old) / sizeof(old[0]); i++)
			if (strcmp(s, old[i]) == 0) {
				ut_yaml_diag_at(d, n, UT_YAML_D_YAML11_BOOL, 0, 0, n->text, NULL);
				return 0;
			}
	}
	ut_yaml_wrong_type(d, n, UT_YAML_WANT_BOOL);
	return 0;
}

/* Whether s[0..len) ends (at_end) or begins with a blank: a space, or
 * the full-width space U+3000 (E3 80 80) an IME leaves; its length. */
static size_t blank_at(const char *s, size_t len, int at_end)
{
	const char *p = at_end ? s + len : s;

	if (len >= 1 && (at_end ? p[-1] : p[0]) == ' ')
		return 1;
	return len >= 3 ? ut_utf8_ideographic_space(at_end ? p - 3 : p, 3) : 0;
}

/* Text (a name): any scalar but null; "" is an empty name.  Blanks at
 * either end (a U+3000 that an IME left, spaces inside quotes) are
 * dropped, as YAML drops a plain scalar's own: "オーガ　" is オーガ, the
 * name a GM types (GM review 2026-12-06: the tracker showed オーガ and
 * refused it typed). */
const char *ut_yaml_text(ut_yaml_doc *d, const ut_yaml_node *n)
{
	const char *p, *text = n->text;
	size_t chars = 0, len, k;
	uint32_t cp;
	char u[16];

	if (n->type != UT_YAML_SCALAR || ut_yaml_is_null(n)) {
		if (n->type == UT_YAML_SCALAR && !*n->text && n->quoted)
			; /* "" : below */
		else {
			ut_yaml_wrong_type(d, n, UT_YAML_WANT_TEXT);
			return NULL;
		}
	}
	len = text ? strlen(text) : 0;
	while ((k = blank_at(text, len, 0)) != 0) {
		text += k;
		len -= k;
	}
	while ((k = blank_at(text, len, 1)) != 0)
		len -= k;
	if (len == 0) {
		ut_yaml_diag_at(d, n, UT_YAML_D_EMPTY_NAME, 0, 0, NULL, NULL);
		return NULL;
	}
	if (len != strlen(n->text) && !(text = ut_yaml_own(d, text, len))) {
		d->nomem = 1;
		return NULL;
	}
	for (p = text; *p; p++)
		chars += ((unsigned char)*p & 0xC0) != 0x80;
	if (chars > UT_YAML_NAME_MAX) {
		ut_yaml_diag_at(d, n, UT_YAML_D_NAME_TOO_LONG, (int64_t)chars,
		                UT_YAML_NAME_MAX, NULL, NULL);
		return NULL;
	}
	if (ut_utf8_control(text, len, &cp) < len) {
		snprintf(u, sizeof(u), "U+%04X", (unsigned)cp);
		ut_yaml_diag_at(d, n, UT_YAML_D_NAME_CONTROL, 0, 0, u, NULL);
		return NULL;
	}
	if (ut_utf8_invisible(text, len, &cp) < len) {
		snprintf(u, sizeof(u), "U+%04X", (unsigned)cp);
		ut_yaml_diag_at(d, n, UT_YAML_D_NAME_INVISIBLE, 0, 0, u, NULL);
		return NULL;
	}
	return text;
}

/* One value of a vocabulary; -1 after a diagnostic. */
int ut_yaml_word(ut_yaml_doc *d, const ut_yaml_node *n,
                 const ut_yaml_name *names, size_t nn, int vocab)
{
	int i;
	const char *s;

	if (n->type != UT_YAML_SCALAR || ut_yaml_is_null(n)) {
		ut_yaml_wrong_type(d, n, UT_YAML_WANT_TEXT);
		return -1;
	}
	s = ut_yaml_fold(d, n->text); /* "ＰＣ" is PC */
	if ((i = ut_yaml_lookup(names, nn, s)) >= 0)
		return i;
	ut_yaml_diag_at(d, n, UT_YAML_D_UNKNOWN_VALUE, vocab, 0, n->text,
	        ut_yaml_suggest(names, nn, s));
	return -1;
}

/* ---------------------------------------------------------------- keys */

/*
 * Walk the pairs of mapping m against the key table keys[0..nk): each key
 * must be text (UT_YAML_D_KEY_NOT_TEXT), known (UT_YAML_D_UNKNOWN_KEY, with the
 * nearest valid one) and given once, in either spelling (UT_YAML_D_DUPLICATE_KEY).
 * val[k] receives the value node of key k (-1 when absent), kloc[k] the
 * key node.
 */
void ut_yaml_keys(ut_yaml_doc *d, const ut_yaml_node *m,
                  const ut_yaml_name *keys, size_t nk, int *val, int *kloc)
{
	int c;
	size_t k;

	for (k = 0; k < nk; k++)
		val[k] = kloc[k] = -1;
	for (c = m->first; c >= 0; c = d->nodes[d->nodes[c].next].next) {
		const ut_yaml_node *key = &d->nodes[c];
		int v = key->next, i;
		const char *s;
		if (key->type != UT_YAML_SCALAR || ut_yaml_is_null(key)) {
			if (!key->reported)
				ut_yaml_diag_at(d, key, UT_YAML_D_KEY_NOT_TEXT, 0, 0, NULL, NULL);
			continue;
		}
		s = ut_yaml_fold(d, key->text); /* "ＨＰ" is HP */
		if ((i = ut_yaml_lookup(keys, nk, s)) < 0) {
			ut_yaml_diag_at(d, key, UT_YAML_D_UNKNOWN_KEY, 0, 0, key->text,
			        ut_yaml_suggest(keys, nk, s));
			continue;
		}
		if (kloc[i] >= 0) {
			const ut_yaml_node *first = &d->nodes[kloc[i]];
			ut_yaml_diag_at(d, key, UT_YAML_D_DUPLICATE_KEY, first->line, 0,
			        key->text, first->text);
			continue;
		}
		kloc[i] = c;
		val[i] = v;
	}
}

int ut_yaml_lookup(const ut_yaml_name *names, size_t n, const char *s)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (strcmp(names[i].en, s) == 0 || strcmp(names[i].ja, s) == 0)
			return (int)i;
	return -1;
}

const char *ut_yaml_suggest(const ut_yaml_name *names, size_t n, const char *s)
{
	size_t i, k, best = SIZE_MAX;
	const char *found = NULL;

	for (i = 0; i < n; i++)
		for (k = 0; k < 2; k++) {
			const char *cand = k ? names[i].ja : names[i].en;
			if (ut_utf8_closer(s, cand, &best))
				found = cand;
		}
	return found;
}

size_t ut_yaml_distance(const char *s, const char *t)
{
	return ut_utf8_distance(s, t);
}
