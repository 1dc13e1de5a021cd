/*
 * diag.c - diagnostics: collecting them (the first max_diags in position
 * order, in bounded memory) and the message catalogue in Japanese and
 * English.
 *
 * Messages are templates.  Placeholders:
 *   {a} {b}  the numbers a, b        {1} {2}  the texts s1, s2
 *   {x}      a as a byte 0xNN        {k}      the kind (am_kind) in a
 *   {f}      s2 quoted, or "end of line" when s2 is NULL
 *   {c}      the bracket closing s1
 * `more` is appended when s2 is set (the "did you mean" of unknown words).
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/buf.h"
#include "sheet_int.h"
#include "util/array.h"

typedef struct msg {
	const char *ja, *en;
	const char *ja_more, *en_more;
} msg;

static const msg catalogue[AM_DIAG_COUNT] = {
	[AM_DIAG_LINE_TOO_LONG] = {
		"行が長すぎます：{a}バイト（上限{b}バイト）",
		"line too long: {a} bytes, limit {b}", NULL, NULL},
	[AM_DIAG_INVALID_UTF8] = {
		"UTF-8として不正なバイト{x}があります",
		"invalid UTF-8: byte {x}", NULL, NULL},
	[AM_DIAG_NO_UNIT] = {
		"ユニットの行がありません（名前：HP／攻撃力／防御力／素早さ）",
		"no unit line (NAME:HP/攻撃力/防御力/素早さ)", NULL, NULL},
	[AM_DIAG_EXPECTED_COLON] = {
		"「:」が必要ですが、{f}があります",
		"expected ':', found {f}", NULL, NULL},
	[AM_DIAG_EXPECTED_SLASH] = {
		"「/」が必要ですが、{f}があります",
		"expected '/', found {f}", NULL, NULL},
	[AM_DIAG_EXPECTED_INT] = {
		"整数が必要ですが、{f}があります",
		"expected an integer, found {f}", NULL, NULL},
	[AM_DIAG_EXPECTED_CLASS] = {
		"アクションクラスが必要ですが、{f}があります",
		"expected an action class, found {f}", NULL, NULL},
	[AM_DIAG_EXPECTED_LPAREN] = {
		"「(」とボーナスが必要ですが、{f}があります",
		"expected '(' and the bonus, found {f}", NULL, NULL},
	[AM_DIAG_UNCLOSED] = {
		"{a}桁目の「{1}」を閉じる「{c}」が必要ですが、{f}があります",
		"expected '{c}' to close '{1}' at column {a}, found {f}", NULL,
		NULL},
	[AM_DIAG_TRAILING] = {
		"余分な文字列「{1}」があります",
		"unexpected text \"{1}\"", NULL, NULL},
	[AM_DIAG_EMPTY_NAME] = {
		"名前が空です",
		"empty name", NULL, NULL},
	[AM_DIAG_NUMBER_TOO_LARGE] = {
		"数が大きすぎます：{1}は64ビット整数に収まりません",
		"number too large: {1} does not fit in 64 bits", NULL, NULL},
	[AM_DIAG_NEGATIVE_STAT] = {
		"{1}が{a}です（能力値は0以上）",
		"{1} is {a} (stats must be ≥ 0)", NULL, NULL},
	[AM_DIAG_HP_NOT_MULT5] = {
		"HP {a}が5の倍数ではありません（HPはボーナス×5）",
		"HP {a} is not a multiple of 5 (HP is bonus × 5)", NULL, NULL},
	[AM_DIAG_STATS_OVER] = {
		"能力値にボーナス{a}点を使っていますが、{b}点までです（技術が負になります）",
		"stats use {a} bonus points, more than {b}", NULL, NULL},
	[AM_DIAG_STATS_OVERFLOW] = {
		"能力値が64ビット整数の範囲を超えています",
		"stats overflow 64-bit integers", NULL, NULL},
	[AM_DIAG_STORED_RANGE] = {
		"ストレージ上のボーナス{a}は1以上10以下です（愛＝10−ボーナス）",
		"stored bonus {a} must be between 1 and 10 (愛 = 10 − bonus)",
		NULL, NULL},
	[AM_DIAG_BUILDIA_BONUS] = {
		"ビルディアのボーナス{a}は1以上でなければなりません",
		"bonus {a} of a ビルディア must be ≥ 1", NULL, NULL},
	[AM_DIAG_SECOND_ENTRY] = {
		"エントリーユニットは1体だけです（{a}行目で定義済み）",
		"second entry unit (a sheet has exactly one; it is on line {a})",
		NULL, NULL},
	[AM_DIAG_DUP_UNIT] = {
		"ユニット「{1}」は{a}行目で定義済みです",
		"unit \"{1}\" is already defined on line {a}", NULL, NULL},
	[AM_DIAG_TOO_MANY_BUILDIA] = {
		"ビルディアが{a}体ありますが、愛は{b}です（ビルディアは愛の数まで）",
		"{a} ビルディア defined, but 愛 is {b} (at most 愛 ビルディア)",
		NULL, NULL},
	[AM_DIAG_UNREACHABLE] = {
		"ビルディア「{1}」はどう転んでもビルドされません（エントリーユニットからビルドで辿れません）",
		"ビルディア \"{1}\" can never be built (no ビルド chain from the "
		"entry unit reaches it)", NULL, NULL},
	[AM_DIAG_TECH_MISPLACED] = {
		"技術の行はユニットの行の直後に書きます",
		"a 技術 line must directly follow a unit line", NULL, NULL},
	[AM_DIAG_TECH_MISMATCH] = {
		"技術が{a}と書かれていますが、計算では{b}です",
		"技術 {a} written, computed {b}", NULL, NULL},
	[AM_DIAG_UNDEFINED_ACTION] = {
		"アクション「{1}」が定義されていません",
		"action \"{1}\" is not defined", NULL, NULL},
	[AM_DIAG_ACTIONS_OVER] = {
		"アクションのコスト合計{a}が技術{b}を超えています",
		"actions cost {a} > 技術 {b}", NULL, NULL},
	[AM_DIAG_TOTAL_OVERFLOW] = {
		"アクションのコスト合計が64ビット整数の範囲を超えています",
		"the total cost of the actions overflows 64-bit integers", NULL,
		NULL},
	[AM_DIAG_ACTION_REDEFINED] = {
		"アクション「{1}」は{a}行目で別の内容で定義されています",
		"action \"{1}\" is defined differently on line {a}", NULL, NULL},
	[AM_DIAG_UNKNOWN_CLASS] = {
		"不明なアクションクラス「{1}」です",
		"unknown action class \"{1}\"",
		"。「{2}」ではありませんか？", "; did you mean \"{2}\"?"},
	[AM_DIAG_UNKNOWN_CUSTOM] = {
		"不明なカスタマイズ「{1}」です",
		"unknown customisation \"{1}\"",
		"。「{2}」ではありませんか？", "; did you mean \"{2}\"?"},
	[AM_DIAG_CUSTOM_TWICE] = {
		"{1}が複数付いています（{1}は複数付与不可）",
		"{1} given twice ({1} may be given only once)", NULL, NULL},
	[AM_DIAG_CUSTOM_EXCLUSIVE] = {
		"{1}と{2}は同時にセットできません",
		"{1} and {2} exclude each other", NULL, NULL},
	[AM_DIAG_ATTACK_ONLY] = {
		"{1}が{k}アクションに付いています（{1}は攻撃アクションのみ）",
		"{1} on {k} action ({1} is for attack actions only)", NULL, NULL},
	[AM_DIAG_SUPPORT_ONLY] = {
		"{1}が{k}アクションに付いています（{1}は補助アクションのみ）",
		"{1} on {k} action ({1} is for support actions only)", NULL, NULL},
	[AM_DIAG_NOT_ON_BUILD] = {
		"{1}が{k}アクションに付いています（{1}は攻撃、補助アクションのみ）",
		"{1} on {k} action ({1} is for attack or support actions only)",
		NULL, NULL},
	[AM_DIAG_BUILD_ONLY] = {
		"{1}が{k}アクションに付いています（{1}は構築アクションのみ）",
		"{1} on {k} action ({1} is for ビルド actions only)", NULL, NULL},
	[AM_DIAG_PLACE_REQUIRED] = {
		"ビルドには配置Nが必須です",
		"ビルド requires 配置N", NULL, NULL},
	[AM_DIAG_LIMITED_REQUIRED] = {
		"{1}にはリミテッドが必須です",
		"{1} requires リミテッド", NULL, NULL},
	[AM_DIAG_N_TOO_SMALL] = {
		"{1}のNは{b}以上です（{a}になっています）",
		"{1} needs N ≥ {b}, got {a}", NULL, NULL},
	[AM_DIAG_N_ZERO] = {
		"{1}のNは0以外の整数です",
		"{1} needs N ≠ 0", NULL, NULL},
	[AM_DIAG_UNKNOWN_UNIT] = {
		"ビルドするユニット「{1}」がストレージにありません",
		"ビルド of unknown unit \"{1}\" (not in the storage)", NULL, NULL},
	[AM_DIAG_COST_MISMATCH] = {
		"コストが{a}と書かれていますが、計算では{b}です",
		"declared cost {a}, computed {b}", NULL, NULL},
	[AM_DIAG_COST_OVERFLOW] = {
		"アクション「{1}」のコストが64ビット整数の範囲を超えています",
		"the cost of action \"{1}\" overflows 64-bit integers", NULL, NULL},
};

static const char *const kinds[2][3] = {
	{"攻撃", "補助", "構築"},
	{"an attack", "a support", "a build"},
};

/* Expand template t into b. */
static void expand(ut_buf *b, const char *t, const am_diag *d, int en)
{
	while (*t) {
		const char *p = strchr(t, '{');
		if (!p || !p[1] || p[2] != '}') {
			ut_buf_puts(b, t);
			return;
		}
		ut_buf_put(b, t, (size_t)(p - t));
		switch (p[1]) {
		case 'a':
			ut_buf_printf(b, "%" PRId64, d->a);
			break;
		case 'b':
			ut_buf_printf(b, "%" PRId64, d->b);
			break;
		case 'x':
			ut_buf_printf(b, "0x%02X", (unsigned)(d->a & 0xFF));
			break;
		case '1':
			ut_buf_puts(b, d->s1 ? d->s1 : "");
			break;
		case '2':
			ut_buf_puts(b, d->s2 ? d->s2 : "");
			break;
		case 'k':
			ut_buf_puts(b, kinds[en][d->a >= 0 && d->a < 3 ? d->a : 1]);
			break;
		case 'c':
			ut_buf_puts(b, d->s1 && strcmp(d->s1, "(") == 0 ? ")" : ">");
			break;
		case 'f':
			if (!d->s2)
				ut_buf_puts(b, en ? "end of line" : "行末");
			else
				ut_buf_printf(b, en ? "\"%s\"" : "「%s」", d->s2);
			break;
		default:
			ut_buf_put(b, p, 3);
		}
		t = p + 3;
	}
}

size_t am_diag_format(char *buf, size_t size, const am_diag *diag,
                      am_lang lang)
{
	ut_buf b = UT_BUF_INIT;
	int en = lang == AM_LANG_EN;
	size_t len;

	if (!diag || diag->code <= 0 || diag->code >= AM_DIAG_COUNT) {
		ut_buf_puts(&b, en ? "unknown diagnostic" : "不明な診断");
	} else {
		const msg *m = &catalogue[diag->code];
		expand(&b, en ? m->en : m->ja, diag, en);
		if (diag->s2 && (en ? m->en_more : m->ja_more))
			expand(&b, en ? m->en_more : m->ja_more, diag, en);
	}
	len = b.len;
	if (size) {
		size_t n = len < size ? len : size - 1;
		/* do not cut a UTF-8 sequence */
		while (n < len && n > 0 && ((unsigned char)b.ptr[n] & 0xC0) == 0x80)
			n--;
		if (n && b.ptr)
			memcpy(buf, b.ptr, n);
		buf[n] = '\0';
	}
	ut_buf_free(&b);
	return len;
}

/* ---- collection ------------------------------------------------------- */

/* 1 when x sorts after y: (line, col, seq). */
static int after(const am_diag_item *x, const am_diag_item *y)
{
	if (x->d.line != y->d.line)
		return x->d.line > y->d.line;
	if (x->d.col != y->d.col)
		return x->d.col > y->d.col;
	return x->seq > y->seq;
}

static void swap(am_diag_item *v, size_t i, size_t j)
{
	am_diag_item t = v[i];
	v[i] = v[j];
	v[j] = t;
}

static void sift_up(am_diag_item *v, size_t i)
{
	while (i > 0 && after(&v[i], &v[(i - 1) / 2])) {
		swap(v, i, (i - 1) / 2);
		i = (i - 1) / 2;
	}
}

static void sift_down(am_diag_item *v, size_t n, size_t i)
{
	for (;;) {
		size_t l = 2 * i + 1, r = l + 1, m = i;
		if (l < n && after(&v[l], &v[m]))
			m = l;
		if (r < n && after(&v[r], &v[m]))
			m = r;
		if (m == i)
			return;
		swap(v, i, m);
		i = m;
	}
}

#define MAX_TEXT 256 /* bytes kept of a diagnostic's text argument */

/* A malloc'd copy of s, cut on a character boundary after MAX_TEXT bytes
 * with "…"; NULL for NULL (or out of memory: the text is dropped). */
static char *copy_text(const char *s)
{
	size_t n;
	char *p;

	if (!s)
		return NULL;
	n = strlen(s);
	if (n > MAX_TEXT) {
		n = MAX_TEXT;
		while (n > 0 && ((unsigned char)s[n] & 0xC0) == 0x80)
			n--;
		p = malloc(n + sizeof("…"));
		if (p) {
			memcpy(p, s, n);
			memcpy(p + n, "…", sizeof("…"));
		}
		return p;
	}
	p = malloc(n + 1);
	if (p)
		memcpy(p, s, n + 1);
	return p;
}

static void free_item(am_diag_item *it)
{
	free((char *)it->d.s1);
	free((char *)it->d.s2);
}

void am_diag_add(am_sheet *s, int code, uint32_t line, uint32_t col,
                 int64_t a, int64_t b, const char *s1, const char *s2)
{
	am_diag_item it;
	size_t max = s->opts.max_diags;

	s->nerrors++;
	if (max == 0)
		return;
	it.d.code = code;
	it.d.line = line;
	it.d.col = col;
	it.d.a = a;
	it.d.b = b;
	it.d.s1 = NULL;
	it.d.s2 = NULL;
	it.seq = s->seq++;
	if (s->ndiags >= max && !after(&s->diags[0], &it))
		return; /* the kept ones all come first */
	if ((s1 && !(it.d.s1 = copy_text(s1))) ||
	    (s2 && !(it.d.s2 = copy_text(s2)))) {
		free_item(&it);
		s->oom = 1;
		return;
	}
	if (s->ndiags >= max) {
		free_item(&s->diags[0]);
		s->diags[0] = it;
		sift_down(s->diags, s->ndiags, 0);
		return;
	}
	if (UT_ARRAY_RESERVE(s->diags, s->dcap, s->ndiags + 1) < 0) {
		free_item(&it);
		s->oom = 1;
		return;
	}
	s->diags[s->ndiags++] = it;
	sift_up(s->diags, s->ndiags - 1);
}

void am_diag_finish(am_sheet *s)
{
	size_t n = s->ndiags;

	/* heap sort: the max-heap is already built */
	while (n > 1) {
		swap(s->diags, 0, n - 1);
		n--;
		sift_down(s->diags, n, 0);
	}
}

void am_diag_free(am_sheet *s)
{
	size_t i;

	for (i = 0; i < s->ndiags; i++)
		free_item(&s->diags[i]);
	free(s->diags);
	s->diags = NULL;
	s->ndiags = s->dcap = 0;
}
