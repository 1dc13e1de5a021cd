/*
 * diag.c - diagnostics: collecting them (the first max_diags in position
 * order, in bounded memory) and the message catalogue in Japanese and
 * English (util/msg.h templates).
 *
 * Every template gets the same arguments, derived from the am_diag:
 *   {1} {2}  the numbers a, b          {3} {4}  the texts s1, s2
 *   {5}      a as a byte 0xNN          {6}      the kind (am_kind) in a
 *   {7}      s2 quoted, or "end of line" when s2 is NULL
 *   {8}      the bracket closing s1
 * `more` is appended when s2 is set (the "did you mean" of unknown words).
 */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/buf.h"
#include "sheet_int.h"
#include "util/array.h"
#include "util/error.h"
#include "util/msg.h"
#include "util/utf8.h"

typedef struct diag_msg {
	ut_msg text;
	ut_msg more;
} diag_msg;

static const diag_msg catalogue[AM_DIAG_COUNT] = {
	[AM_DIAG_LINE_TOO_LONG] = {.text =
		{{"行が長すぎます：{1}バイト（上限{2}バイト）",
		  "line too long: {1} bytes, limit {2}"}}},
	[AM_DIAG_INVALID_UTF8] = {.text =
		{{"UTF-8として不正なバイト{5}があります（シートはUTF-8で保存してください）",
		  "invalid UTF-8: byte {5} (save the sheet as UTF-8)"}}},
	[AM_DIAG_NO_UNIT] = {.text =
		{{"ユニットの行がありません（名前：HP／攻撃力／防御力／素早さ）",
		  "no unit line (NAME:HP/ATK/DEF/SPD)"}}},
	[AM_DIAG_EXPECTED_COLON] = {.text =
		{{"「:」が必要ですが、{7}があります",
		  "expected ':', found {7}"}}},
	[AM_DIAG_EXPECTED_SLASH] = {.text =
		{{"「/」が必要ですが、{7}があります",
		  "expected '/', found {7}"}}},
	[AM_DIAG_EXPECTED_INT] = {.text =
		{{"整数が必要ですが、{7}があります",
		  "expected an integer, found {7}"}}},
	[AM_DIAG_EXPECTED_CLASS] = {.text =
		{{"アクションクラスが必要ですが、{7}があります",
		  "expected an action class, found {7}"}}},
	[AM_DIAG_EXPECTED_LPAREN] = {.text =
		{{"「(」とボーナスが必要ですが、{7}があります",
		  "expected '(' and the bonus, found {7}"}}},
	[AM_DIAG_UNCLOSED] = {.text =
		{{"{1}桁目の「{3}」を閉じる「{8}」が必要ですが、{7}があります",
		  "expected '{8}' to close '{3}' at column {1}, found {7}"}}},
	[AM_DIAG_TRAILING] = {.text =
		{{"余分な文字列「{3}」があります",
		  "unexpected text \"{3}\""}}},
	[AM_DIAG_EMPTY_NAME] = {.text =
		{{"名前が空です",
		  "empty name"}},
		{{"（「{4}」の後に何もありません）", " (nothing after \"{4}\")"}}},
	[AM_DIAG_NUMBER_TOO_LARGE] = {.text =
		{{"数が範囲外です：{3}は64ビットの符号付き整数（-9223372036854775808から9223372036854775807）に収まりません",
		  "number out of range: {3} does not fit in a signed 64-bit integer (-9223372036854775808 to 9223372036854775807)"}}},
	[AM_DIAG_NEGATIVE_STAT] = {.text =
		{{"{3}が{1}です（能力値は0以上）",
		  "{3} is {1} (stats must be ≥ 0)"}}},
	[AM_DIAG_HP_NOT_MULT5] = {.text =
		{{"HP {1}が5の倍数ではありません（HPはボーナス×5）",
		  "HP {1} is not a multiple of 5 (HP is bonus × 5)"}}},
	[AM_DIAG_STATS_OVER] = {.text =
		{{"能力値にボーナス{1}点を使っていますが、{2}点までです（技術が負になります）",
		  "stats use {1} bonus points, more than {2} (tech would be negative)"}}},
	[AM_DIAG_STATS_OVERFLOW] = {.text =
		{{"能力値が64ビット整数の範囲を超えています",
		  "stats overflow 64-bit integers"}}},
	[AM_DIAG_STORED_RANGE] = {.text =
		{{"ストレージ上のボーナス{1}は0以上10以下です（愛＝10−ボーナス）",
		  "stored bonus {1} must be between 0 and 10 (love = 10 − bonus)"}}},
	[AM_DIAG_BUILDIA_BONUS] = {.text =
		{{"ビルディアのボーナス{1}は1以上でなければなりません",
		  "bonus {1} of a Buildia must be ≥ 1"}}},
	[AM_DIAG_SECOND_ENTRY] = {.text =
		{{"エントリーユニットは1体だけです（{1}行目で定義済み）",
		  "second entry unit (a sheet has exactly one; it is on line {1})"}}},
	[AM_DIAG_DUP_UNIT] = {.text =
		{{"ユニット「{3}」は{1}行目で定義済みです",
		  "unit \"{3}\" is already defined on line {1}"}}},
	[AM_DIAG_TOO_MANY_BUILDIA] = {.text =
		{{"ビルディアが{1}体ありますが、愛は{2}です（ビルディアは愛の数まで）",
		  "{1} Buildia defined, but love is {2} (a sheet has at most as many "
		  "Buildia as its love)"}}},
	[AM_DIAG_UNREACHABLE] = {.text =
		{{"ビルディア「{3}」はどう転んでもビルドされません（エントリーユニットからビルドで辿れません）",
		  "Buildia \"{3}\" can never be built (no chain of ビルド actions "
		  "from the entry unit reaches it)"}}},
	[AM_DIAG_TECH_MISPLACED] = {.text =
		{{"技術の行はユニットの行の直後に書きます",
		  "a tech line (技術：N) must directly follow a unit line"}}},
	[AM_DIAG_TECH_MISMATCH] = {.text =
		{{"技術が{1}と書かれていますが、計算では{2}です",
		  "tech (技術) written as {1}, but it is {2}"}}},
	[AM_DIAG_UNDEFINED_ACTION] = {.text =
		{{"アクション「{3}」が定義されていません",
		  "action \"{3}\" is not defined"}},
		{{"。「{4}」ではありませんか？", "; did you mean \"{4}\"?"}}},
	[AM_DIAG_ACTIONS_OVER] = {.text =
		{{"アクションのコスト合計{1}が技術{2}を超えています",
		  "the actions cost {1}, more than the tech {2}"}}},
	[AM_DIAG_TOTAL_OVERFLOW] = {.text =
		{{"アクションのコスト合計が64ビット整数の範囲を超えています",
		  "the total cost of the actions overflows 64-bit integers"}}},
	[AM_DIAG_ACTION_REDEFINED] = {.text =
		{{"アクション「{3}」は{1}行目で別の内容で定義されています",
		  "action \"{3}\" is defined differently on line {1}"}}},
	[AM_DIAG_UNKNOWN_CLASS] = {.text =
		{{"不明なアクションクラス「{3}」です",
		  "unknown action class \"{3}\""}},
		{{"。「{4}」ではありませんか？", "; did you mean \"{4}\"?"}}},
	[AM_DIAG_UNKNOWN_CUSTOM] = {.text =
		{{"不明なカスタマイズ「{3}」です",
		  "unknown customisation \"{3}\""}},
		{{"。「{4}」ではありませんか？", "; did you mean \"{4}\"?"}}},
	[AM_DIAG_CUSTOM_TWICE] = {.text =
		{{"{3}が複数付いています（{3}は複数付与不可）",
		  "{3} given twice ({3} may be given only once)"}}},
	[AM_DIAG_CUSTOM_EXCLUSIVE] = {.text =
		{{"{3}と{4}は同時にセットできません",
		  "{3} and {4} exclude each other"}}},
	[AM_DIAG_ATTACK_ONLY] = {.text =
		{{"{3}が{6}アクションに付いています（{3}は攻撃アクションのみ）",
		  "{3} on {6} action ({3} is for attack actions only)"}}},
	[AM_DIAG_SUPPORT_ONLY] = {.text =
		{{"{3}が{6}アクションに付いています（{3}は補助アクションのみ）",
		  "{3} on {6} action ({3} is for support actions only)"}}},
	[AM_DIAG_NOT_ON_BUILD] = {.text =
		{{"{3}が{6}アクションに付いています（{3}は攻撃、補助アクションのみ）",
		  "{3} on {6} action ({3} is for attack or support actions only)"}}},
	[AM_DIAG_BUILD_ONLY] = {.text =
		{{"{3}が{6}アクションに付いています（{3}は構築アクションのみ）",
		  "{3} on {6} action ({3} is for ビルド actions only)"}}},
	[AM_DIAG_PLACE_REQUIRED] = {.text =
		{{"ビルドには配置Nが必須です",
		  "ビルド requires 配置N"}}},
	[AM_DIAG_LIMITED_REQUIRED] = {.text =
		{{"{3}にはリミテッドが必須です",
		  "{3} requires リミテッド"}}},
	[AM_DIAG_N_TOO_SMALL] = {.text =
		{{"{3}のNは{2}以上です（{1}になっています）",
		  "{3} needs N ≥ {2}, got {1}"}}},
	[AM_DIAG_N_ZERO] = {.text =
		{{"{3}のNは0以外の整数です",
		  "{3} needs N ≠ 0"}}},
	[AM_DIAG_UNKNOWN_UNIT] = {.text =
		{{"ビルドするユニット「{3}」がストレージにありません",
		  "ビルド cannot build \"{3}\": it is not in the storage"}}},
	[AM_DIAG_COST_MISMATCH] = {.text =
		{{"コストが{1}と書かれていますが、計算では{2}です",
		  "declared cost {1}, computed {2}"}}},
	[AM_DIAG_COST_OVERFLOW] = {.text =
		{{"アクション「{3}」のコストの計算（途中の積）が64ビット整数の範囲を超えています",
		  "computing the cost of action \"{3}\" overflows 64-bit integers "
		  "(an intermediate product)"}}},
	[AM_DIAG_BUILT_TOO_LATE] = {.text =
		{{"ビルディア「{3}」はどう転んでもビルドされません（「{4}」のビルドで"
		  "早くても{1}ターン目になり、戦闘は20ターン目で終わります）",
		  "Buildia \"{3}\" can never be built (the earliest is turn {1}, "
		  "by a ビルド of \"{4}\", and a battle ends with turn 20)"}}},
	[AM_DIAG_BUILDER_NEVER] = {.text =
		{{"ビルディア「{3}」はどう転んでもビルドされません（それをビルドする"
		  "「{4}」がビルドされ得ません）",
		  "Buildia \"{3}\" can never be built (\"{4}\", which would build "
		  "it, is never built itself)"}}},
	[AM_DIAG_BUILDER_NO_SPEED] = {.text =
		{{"ビルディア「{3}」はどう転んでもビルドされません（それをビルドする"
		  "「{4}」は素早さ0で、素早さを上げる味方もいないため行動できません）",
		  "Buildia \"{3}\" can never be built (\"{4}\", which would build "
		  "it, has SPD 0 and no ally can raise it, so it never acts)"}}},
	[AM_DIAG_BUILDER_HP0_LATE] = {.text =
		{{"ビルディア「{3}」はどう転んでもビルドされません（それをビルドする"
		  "「{4}」はHP0で、1ターン目以降にビルドされるとすぐ死亡します）",
		  "Buildia \"{3}\" can never be built (\"{4}\", which would build "
		  "it, has HP 0 and dies as soon as it is built after turn 0)"}}},
	[AM_DIAG_BUILDER_HP0_TURN0] = {.text =
		{{"ビルディア「{3}」はどう転んでもビルドされません（それをビルドする"
		  "「{4}」はHP0で1ターン目の開始時に死亡し、0ターン目にはこのビルドを"
		  "実行できません）",
		  "Buildia \"{3}\" can never be built (\"{4}\", which would build "
		  "it, has HP 0 and dies at the start of turn 1, and cannot carry out "
		  "the ビルド in turn 0)"}}},
	[AM_DIAG_BUILDER_CROWDED] = {.text =
		{{"ビルディア「{3}」はどう転んでもビルドされません（それをビルドする"
		  "「{4}」は、20ターン目まで毎ターン、行動回数をすべてビルドより前の"
		  "アクションに使います）",
		  "Buildia \"{3}\" can never be built (\"{4}\", which would build "
		  "it, spends every action of every turn up to turn 20 on the actions "
		  "set before the ビルド)"}}},
	[AM_DIAG_BUILD_ZERO] = {.text =
		{{"ビルドするユニット「{3}」のストレージ上のボーナスが0です"
		  "（ビルド（N）はN≧1）",
		  "ビルド cannot build \"{3}\": its stored bonus is 0 (ビルド(N) "
		  "needs N ≥ 1)"}}},
	[AM_DIAG_INVISIBLE] = {.text =
		{{"名前に見えない文字 {3} があります（ほかの名前と見分けがつかなくなるため使えません）",
		  "a name contains the invisible character {3} (not allowed: it would look like another name)"}}},
	[AM_DIAG_CONTROL] = {.text =
		{{"名前に制御文字 {3} があります（端末を操作できてしまうため使えません）",
		  "a name contains the control character {3} (not allowed: it could drive a terminal)"}}},
	[AM_DIAG_ODD_DIGIT] = {.text =
		{{"{3}（{4}）は数に使えません（数字は0〜9か０〜９で書きます）",
		  "{3} ({4}) cannot be part of a number (write its digits 0-9 or ０-９)"}}},
	[AM_DIAG_NOT_MINUS] = {.text =
		{{"「{3}」はマイナス記号ではありません（マイナスは－か-で書きます）",
		  "\"{3}\" is not a minus sign (write a minus as － or -)"}},
		{{"。「{4}」ではありませんか？", "; did you mean \"{4}\"?"}}},
	[AM_DIAG_NOT_MINUS_UNSIGNED] = {.text =
		{{"「{3}」はマイナス記号ではありません（ここの数に符号は付きません）",
		  "\"{3}\" is not a minus sign, and a number here takes no sign"}},
		{{"。「{4}」ではありませんか？", "; did you mean \"{4}\"?"}}},
	[AM_DIAG_COST_AFTER_CLASS] = {.text =
		{{"クラス「{3}」にコストが付いています：コストはアクション名の後に"
		  "書きます（・名前（コスト）：クラス）",
		  "the class \"{3}\" has a cost after it: the cost goes after the "
		  "action's name (・NAME(COST):CLASS)"}},
		{{"。「{4}」ではありませんか？", "; did you mean \"{4}\"?"}}},
	[AM_DIAG_FIFTH_NUMBER] = {.text =
		{{"5つ目の数「{3}」があります：ユニットの行の数はHP／攻撃力／防御力／"
		  "素早さの4つで、技術はボーナスの残りなので書きません",
		  "a fifth number \"{3}\": a unit line has four numbers "
		  "(HP/ATK/DEF/SPD); the tech is what is left of the bonus and "
		  "is not written"}}},
	[AM_DIAG_ACTION_NO_DOT] = {.text =
		{{"アクションの行は「・」で始めます（・名前：クラス）",
		  "an action line starts with ・ (・NAME:CLASS)"}}},
	[AM_DIAG_NUL] = {.text =
		{{"制御文字NUL（U+0000）があります（シートには使えません）",
		  "control character NUL (U+0000): not allowed in a sheet"}}},
	[AM_DIAG_LETTER_N] = {.text =
		{{"「{3}」のNには数を書きます（例：「{4}」）",
		  "the N of \"{3}\" stands for a number (e.g. \"{4}\")"}}},
	[AM_DIAG_WRONG_BRACKET] = {.text =
		{{"カスタマイズは{3}ではなく＜＞で囲みます",
		  "customisations go in ＜＞ (or <>), not in {3}"}}},
	[AM_DIAG_COST_BRACKET] = {.text =
		{{"コストは{3}ではなく（）で囲みます（・名前（コスト）：クラス）",
		  "the cost goes in （） (or ()), not in {3} (・NAME(COST):CLASS)"}}},
};

static const ut_msg kinds[3] = {
	{{"攻撃", "an attack"}},
	{{"補助", "a support"}},
	{{"構築", "a build"}},
};

/* appended to AM_DIAG_NO_UNIT when lines were read as quotes (a > 0) */
static const ut_msg no_unit_quoted = {{
	"。「>」で始まる行はメールの引用として読み飛ばします（{1}行）",
	"; lines starting with > are read as mail quotes and skipped ({1} "
	"here)"}};

static const ut_msg found_text = {{"「{1}」", "\"{1}\""}};
static const ut_msg end_of_line = {{"行末", "end of line"}};
static const ut_msg unknown = {{"不明な診断", "unknown diagnostic"}};

/* The message of d in lang into b (see the top for the arguments). */
static void expand(ut_buf *b, const am_diag *d, ut_lang lang)
{
	const diag_msg *m = &catalogue[d->code];
	ut_buf found = UT_BUF_INIT;
	char hex[8];
	ut_arg args[8];
	int rc;

	snprintf(hex, sizeof(hex), "0x%02X", (unsigned)(d->a & 0xFF));
	if (d->s2)
		ut_msg_put(&found, &found_text, lang, UT_ARGS(ut_arg_str(d->s2)));
	else
		ut_buf_puts(&found, ut_msg_text(&end_of_line, lang));
	args[0] = ut_arg_int(d->a);
	args[1] = ut_arg_int(d->b);
	args[2] = ut_arg_str(d->s1);
	args[3] = ut_arg_str(d->s2);
	args[4] = ut_arg_str(hex);
	args[5] = ut_arg_str(ut_msg_text(&kinds[d->a >= 0 && d->a < 3 ? d->a : 1],
	                                 lang));
	args[6] = ut_arg_str(found.ptr);
	args[7] = ut_arg_str(d->s1 && strcmp(d->s1, "(") == 0 ? ")" : ">");
	rc = ut_msg_put(b, &m->text, lang, args, 8);
	if (rc == 0 && d->s2 && m->more.text[UT_LANG_JA])
		rc = ut_msg_put(b, &m->more, lang, args, 8);
	if (rc == 0 && d->code == AM_DIAG_NO_UNIT && d->a > 0)
		rc = ut_msg_put(b, &no_unit_quoted, lang, args, 8);
	assert(rc != UT_EINVALID); /* a template of the catalogue is broken */
	(void)rc;
	if (found.failed)
		b->failed = 1;
	ut_buf_free(&found);
}

/* The message of a diagnostic in Japanese or English (AM-UNIT-6: the
 * caller puts the 1-based line and character column in front of it, and a
 * column inside the message, {1} of AM_DIAG_UNCLOSED, counts characters
 * too); see sheet.h. */
/* The message of diag into b (b->failed: out of memory). */
static void message(ut_buf *b, const am_diag *diag, am_lang lang)
{
	if (!diag || diag->code <= 0 || diag->code >= AM_DIAG_COUNT)
		ut_buf_puts(b, ut_msg_text(&unknown, (ut_lang)lang));
	else
		expand(b, diag, (ut_lang)lang);
}

size_t am_diag_format(char *buf, size_t size, const am_diag *diag,
                      am_lang lang)
{
	ut_buf b = UT_BUF_INIT;

	message(&b, diag, lang);
	return ut_msg_hand_out(buf, size, &b, (ut_lang)lang);
}

int am_diag_message(char **out, size_t *len, const am_diag *diag,
                    am_lang lang)
{
	ut_buf b = UT_BUF_INIT;

	if (!out)
		return ut_error_set(AM_EINVALID, "am_diag_message: out is NULL");
	*out = NULL;
	if (!diag)
		return ut_error_set(AM_EINVALID, "am_diag_message: diag is NULL");
	message(&b, diag, lang);
	if (ut_buf_take(&b, out, len) < 0)
		return ut_error_set(AM_ENOMEM, "out of memory");
	return 0;
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
		n = ut_utf8_floor(s, n, MAX_TEXT);
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

/* Record a diagnostic at 1-based line and column, the column counted in
 * characters of the original line (AM-UNIT-6); the first max_diags in
 * (line, column) order are kept.  See sheet_int.h. */
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
