/*
 * terms.c - the game's terms as written on sheets, and spelling
 * suggestions for unknown ones (Levenshtein distance over code points).
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include <utf8proc.h>

#include "sheet_int.h"

/* The customisations as the rules name them, for messages (docs/AMARYLLIS.md:
 * AM-CUST-1, AM-CUST-2, AM-CUST-3, AM-CUST-4, AM-CUST-5, AM-CUST-6,
 * BU-CUST-1, BU-CUST-2, BU-CUST-3; am_cu names each). */
static const char *const cu_names[AM_CU_COUNT] = {
	[AM_CU_LIMITED] = "リミテッド",
	[AM_CU_DELAY] = "遅延起動N",
	[AM_CU_FAST] = "高速起動",
	[AM_CU_MULT] = "効果N倍",
	[AM_CU_STUN] = "スタン与え",
	[AM_CU_POISON] = "毒与え",
	[AM_CU_TARGET] = "対象N",
	[AM_CU_PLACE] = "配置N",
	[AM_CU_ALL] = "全体化",
};

/* The classes as the rules name them, for messages (AM-CLASS-1, AM-CLASS-2,
 * AM-CLASS-3, AM-CLASS-4, AM-CLASS-5, AM-CLASS-6, AM-CLASS-7, AM-CLASS-8,
 * AM-CLASS-9, AM-CLASS-10, BU-BUILD-1). */
static const char *const class_patterns[AM_CLASS_COUNT] = {
	[AM_CLASS_DIRECT] = "直接攻撃",
	[AM_CLASS_PIERCE] = "防御無視攻撃",
	[AM_CLASS_HALVE] = "HP減殺",
	[AM_CLASS_ATK_UP] = "攻撃力+N",
	[AM_CLASS_DEF_UP] = "防御力+N",
	[AM_CLASS_SPD_UP] = "素早さ+N",
	[AM_CLASS_GUARD] = "ガード与え",
	[AM_CLASS_REFLECT] = "反射与え",
	[AM_CLASS_LIFE] = "ライフ与え",
	[AM_CLASS_HEAL] = "HP回復",
	[AM_CLASS_BUILD] = "ビルド(NAME)",
};

const char *am_terms_cu_name(am_cu cu)
{
	return (unsigned)cu < AM_CU_COUNT ? cu_names[cu] : "?";
}

int am_terms_cu_has_n(am_cu cu)
{
	return cu == AM_CU_DELAY || cu == AM_CU_MULT || cu == AM_CU_TARGET ||
	       cu == AM_CU_PLACE;
}

const char *am_terms_cu_text(char *buf, size_t size, am_cu cu, int64_t n)
{
	switch (cu) {
	case AM_CU_DELAY:
		snprintf(buf, size, "遅延起動%" PRId64, n);
		break;
	case AM_CU_MULT:
		snprintf(buf, size, "効果%" PRId64 "倍", n);
		break;
	case AM_CU_TARGET:
		snprintf(buf, size, "対象%" PRId64, n);
		break;
	case AM_CU_PLACE:
		snprintf(buf, size, "配置%" PRId64, n);
		break;
	default:
		snprintf(buf, size, "%s", am_terms_cu_name(cu));
	}
	return buf;
}

const char *am_terms_class_pattern(am_class cls)
{
	return (unsigned)cls < AM_CLASS_COUNT ? class_patterns[cls] : "?";
}

#define MAXW 64 /* longest word compared, in code points */

/* Decode a UTF-8 literal into w (≤ MAXW code points); returns the count. */
static size_t lit(int32_t *w, const char *s)
{
	size_t n = 0;

	while (*s && n < MAXW) {
		utf8proc_int32_t c;
		utf8proc_ssize_t k = utf8proc_iterate((const utf8proc_uint8_t *)s,
		                                      -1, &c);
		if (k <= 0)
			break;
		w[n++] = c;
		s += k;
	}
	return n;
}

/* Edit distance between a[0..na) and b[0..nb), both ≤ MAXW. */
static size_t lev(const int32_t *a, size_t na, const int32_t *b, size_t nb)
{
	size_t row[MAXW + 1], i, j;

	for (j = 0; j <= nb; j++)
		row[j] = j;
	for (i = 1; i <= na; i++) {
		size_t diag = row[0];
		row[0] = i;
		for (j = 1; j <= nb; j++) {
			size_t up = row[j], best = diag + (a[i - 1] != b[j - 1]);
			if (up + 1 < best)
				best = up + 1;
			if (row[j - 1] + 1 < best)
				best = row[j - 1] + 1;
			diag = up;
			row[j] = best;
		}
	}
	return row[nb];
}

static int is_digit(int32_t c)
{
	return c >= '0' && c <= '9';
}

/* The writer's word s[0..n) with its number or its name replaced. */
typedef struct variants {
	/* vn: [0] the number without its sign as N, [1] with a '-' sign */
	int32_t vn[2][MAXW + 8], vb[MAXW + 8];
	size_t nvn[2], nvb;
	int nvar;     /* variants in vn: 0, 1 or 2 */
	int has_name; /* vb replaced a name that was not empty */
	char num[2][MAXW * 4 + 1], name[MAXW * 4 + 1]; /* what was replaced */
} variants;

/* vr->vn: the first digits of s[0..n) (with or without a '-' before them)
 * as N; vr->num: those digits. */
static void number_variants(variants *vr, const int32_t *s, size_t n)
{
	size_t i, k, v, en;

	for (i = 0; i < n && !is_digit(s[i]); i++)
		;
	if (i == n)
		return;
	en = i;
	while (en < n && is_digit(s[en]))
		en++;
	vr->nvar = i > 0 && s[i - 1] == '-' ? 2 : 1;
	for (v = 0; v < (size_t)vr->nvar; v++) {
		size_t st = i - v;
		for (k = 0; k < st; k++)
			vr->vn[v][vr->nvn[v]++] = s[k];
		vr->vn[v][vr->nvn[v]++] = 'N';
		for (k = en; k < n; k++)
			vr->vn[v][vr->nvn[v]++] = s[k];
		am_text_utf8_buf(vr->num[v], sizeof(vr->num[v]), s + st, en - st);
	}
}

/* vr->vb: the text of s[0..n) in (…) replaced by NAME; vr->name: that
 * text.  Classes only (cus 0). */
static void name_variant(variants *vr, const int32_t *s, size_t n, int cus)
{
	size_t i, k, nb0, nb1;

	for (i = 0; i < n && s[i] != '('; i++)
		;
	if (cus || i == n)
		return;
	nb0 = i + 1;
	nb1 = s[n - 1] == ')' ? n - 1 : n;
	for (k = 0; k <= i; k++)
		vr->vb[vr->nvb++] = s[k];
	vr->nvb += lit(vr->vb + vr->nvb, "NAME)");
	vr->has_name = nb1 > nb0;
	if (vr->has_name)
		am_text_utf8_buf(vr->name, sizeof(vr->name), s + nb0, nb1 - nb0);
}

/*
 * The distance from s[0..n) or its variants to the pattern `pat`
 * (cand[0..nc): its characters).  *used_num: the number variant that gave
 * it (-1 none); *used_name: whether the name variant did, with a name.
 */
static size_t pattern_distance(const variants *vr, const int32_t *s, size_t n,
                               const char *pat, const int32_t *cand,
                               size_t nc, int *used_num, int *used_name)
{
	size_t d, v;
	int is_name = !!strstr(pat, "NAME");

	*used_num = -1;
	*used_name = 0;
	d = lev(s, n, cand, nc);
	for (v = 0; v < (size_t)vr->nvar && strchr(pat, 'N') && !is_name; v++) {
		size_t d2 = lev(vr->vn[v], vr->nvn[v], cand, nc);
		if (d2 < d) {
			d = d2;
			*used_num = (int)v;
		}
	}
	if (vr->nvb && is_name) {
		size_t d2 = lev(vr->vb, vr->nvb, cand, nc);
		if (d2 < d) {
			d = d2;
			*used_name = vr->has_name;
		}
	} else if (is_name) {
		/* no "(…)" written: compare with the word before '(' */
		size_t kp = 0, d2;
		while (kp < nc && cand[kp] != '(')
			kp++;
		d2 = lev(s, n, cand, kp);
		if (d2 < d)
			d = d2;
	}
	return d;
}

/*
 * The text most like s among the classes or customisations.  Words with a
 * number are compared with the writer's number replaced by "N", and ビルド
 * with its name replaced by "NAME"; the suggestion puts them back.  Close
 * means a distance of at most half the length of the candidate (rounded
 * up), and less than that length.
 */
const char *am_terms_suggest(char *buf, size_t size, const int32_t *s,
                             size_t n, int cus)
{
	variants vr;
	int32_t cand[MAXW];
	size_t best = SIZE_MAX;
	size_t i, count = cus ? AM_CU_COUNT : AM_CLASS_COUNT;
	int best_i = -1, best_num = -1, best_name = 0;

	if (n == 0 || n > MAXW)
		return NULL;
	memset(&vr, 0, sizeof(vr));
	number_variants(&vr, s, n);
	name_variant(&vr, s, n, cus);
	for (i = 0; i < count; i++) {
		const char *pat = cus ? cu_names[i] : class_patterns[i];
		size_t nc = lit(cand, pat), d, lim;
		int used_num, used_name;

		d = pattern_distance(&vr, s, n, pat, cand, nc, &used_num, &used_name);
		lim = (nc + 1) / 2;
		if (d <= lim && d < nc && d < best) {
			best = d;
			best_i = (int)i;
			best_num = used_num;
			best_name = used_name;
		}
	}
	if (best_i < 0)
		return NULL;
	{
		const char *pat = cus ? cu_names[best_i] : class_patterns[best_i];
		const char *p = best_name ? strstr(pat, "NAME")
		                : best_num >= 0 ? strchr(pat, 'N') : NULL;
		if (p)
			snprintf(buf, size, "%.*s%s%s", (int)(p - pat), pat,
			         best_name ? vr.name : vr.num[best_num],
			         p + (best_name ? 4 : 1));
		else
			snprintf(buf, size, "%s", pat);
	}
	{
		char in[MAXW * 4 + 1];
		am_text_utf8_buf(in, sizeof(in), s, n);
		if (strcmp(in, buf) == 0)
			return NULL; /* nothing better to say */
	}
	return buf;
}
