/* diag.c - the messages of the YAML layer in Japanese and English
 * (util/msg.h catalogue), a format's own through its ut_yaml_catalog. */
#include <stdio.h>
#include <string.h>

#include "util/yaml.h"
#include "yaml_int.h"

enum {
	M_SYNTAX_CTX = UT_YAML_D_USER, M_SYNTAX_CTX_JA, M_UNKNOWN_KEY_NEAR,
	M_DUP_KEY_OTHER, M_UNKNOWN_VALUE_NEAR, M_COUNT
};

static const ut_msg msgs[M_COUNT] = {
	[UT_YAML_D_INVALID_UTF8] = {{"UTF-8として不正なバイト{1}があります",
	                           "invalid UTF-8: byte {1}"}},
	[UT_YAML_D_TAB] = {{"インデントにタブがあります（YAMLのインデントは空白で書きます）",
	                  "a tab in the indentation (YAML indents with spaces)"}},
	[UT_YAML_D_SYNTAX] = {{"YAMLの構文エラー：{1}", "YAML syntax error: {1}"}},
	[M_SYNTAX_CTX] = {{"YAMLの構文エラー：{1}（{3}行{4}桁から：{2}）",
	                   "YAML syntax error: {1} ({2} started at {3}:{4})"}},
	[M_SYNTAX_CTX_JA] = {{"YAMLの構文エラー：{1}（{3}行{4}桁から始まる{2}の中）",
	                      "YAML syntax error: {1} ({2} started at {3}:{4})"}},
	[UT_YAML_D_EMPTY] = {{"シナリオが空です", "the scenario is empty"}},
	[UT_YAML_D_SECOND_DOCUMENT] = {{"2つ目のYAML文書があります（シナリオは1つの文書に書きます）",
	                              "a second YAML document (a scenario is one document)"}},
	[UT_YAML_D_ANCHOR] = {{"アンカー「&{1}」は使えません（値をそのまま書いてください）",
	                     "anchors are not supported: '&{1}' (write the value out)"}},
	[UT_YAML_D_ALIAS] = {{"エイリアス「*{1}」は使えません（値をそのまま書いてください）",
	                    "aliases are not supported: '*{1}' (write the value out)"}},
	[UT_YAML_D_TAG] = {{"タグ「{1}」は使えません", "tags are not supported: '{1}'"}},
	[UT_YAML_D_NUL] = {{"文字列にNUL文字（\\0）があります",
	                  "a NUL character (\\0) in a string"}},
	[UT_YAML_D_TOO_DEEP] = {{"入れ子が深すぎます（{2}段まで）",
	                       "nested too deeply (at most {2} levels)"}},
	[UT_YAML_D_KEY_NOT_TEXT] = {{"キーには名前を書いてください",
	                           "a key must be a name"}},
	[UT_YAML_D_UNKNOWN_KEY] = {{"不明なキー「{1}」です", "unknown key '{1}'"}},
	[M_UNKNOWN_KEY_NEAR] = {{"不明なキー「{1}」です。「{2}」のことですか？",
	                         "unknown key '{1}'; did you mean '{2}'?"}},
	[UT_YAML_D_DUPLICATE_KEY] = {{"キー「{1}」が2回書かれています（最初は{3}行目）",
	                            "key '{1}' given twice (first on line {3})"}},
	[M_DUP_KEY_OTHER] = {{"キー「{1}」が2回書かれています（最初は{3}行目の「{2}」）",
	                      "key '{1}' given twice (first as '{2}' on line {3})"}},
	[UT_YAML_D_MISSING_KEY] = {{"必須のキー「{1}」がありません",
	                          "missing required key '{1}'"}},
	[UT_YAML_D_WRONG_TYPE] = {{"{1}が必要です（書かれているのは{2}）",
	                         "expected {1}, found {2}"}},
	[UT_YAML_D_NOT_DECIMAL] = {{"「{1}」は10進の整数ではありません（{2}）",
	                          "'{1}' is not a plain decimal integer ({2})"}},
	[UT_YAML_D_TOO_LARGE] = {{"数が範囲外です：「{1}」（-9223372036854775808から9223372036854775807までの整数にしてください）",
	                        "number out of range: '{1}' (a whole number from -9223372036854775808 to 9223372036854775807)"}},
	[UT_YAML_D_YAML11_BOOL] = {{"「{1}」は真偽値に使えません（true か false と書いてください）",
	                          "'{1}' is not a boolean here (write true or false)"}},
	[UT_YAML_D_EMPTY_NAME] = {{"名前が空です", "a name must not be empty"}},
	[UT_YAML_D_NAME_TOO_LONG] = {{"名前が長すぎます（{2}文字。{3}文字までにしてください）",
	                            "a name of {2} characters is too long (at most {3})"}},
	[UT_YAML_D_NAME_CONTROL] = {{"名前に制御文字（{1}）があります（端末を操作できる文字は名前に使えません）",
	                           "a control character ({1}) in a name (a terminal may act on it)"}},
	[UT_YAML_D_NAME_INVISIBLE] = {{"名前に見えない文字（{1}）があります（ほかの名前と見分けがつかなくなるため使えません）",
	                             "an invisible character ({1}) in a name (not allowed: it would look like another name)"}},
	[UT_YAML_D_TOO_MANY_NODES] = {{"YAMLの値が多すぎます（{2}個まで）",
	                               "too many YAML values (at most {2})"}},
	[UT_YAML_D_UNKNOWN_VALUE] = {{"不明な{1}「{2}」です（{3}のいずれか）",
	                            "unknown {1} '{2}' (one of: {3})"}},
	[M_UNKNOWN_VALUE_NEAR] = {{"不明な{1}「{2}」です。「{3}」のことですか？",
	                           "unknown {1} '{2}'; did you mean '{3}'?"}},
	};

static const ut_msg wants[] = {
	[UT_YAML_WANT_MAPPING] = {{"マッピング（キー: 値）", "a mapping (key: value)"}},
	[UT_YAML_WANT_LIST] = {{"リスト", "a list"}},
	[UT_YAML_WANT_INTEGER] = {{"整数", "an integer"}},
	[UT_YAML_WANT_TEXT] = {{"名前", "a name"}},
	[UT_YAML_WANT_BOOL] = {{"true か false の値", "true or false"}},
};

static const ut_msg founds[] = {
	[UT_YAML_FOUND_MAPPING] = {{"マッピング", "a mapping"}},
	[UT_YAML_FOUND_LIST] = {{"リスト", "a list"}},
	[UT_YAML_FOUND_NULL] = {{"空の値", "nothing"}},
	[UT_YAML_FOUND_QUOTED] = {{"引用符で囲んだ文字列「{1}」", "the quoted string '{1}'"}},
	[UT_YAML_FOUND_PLAIN] = {{"「{1}」", "'{1}'"}},
};

static const ut_msg not_decimal[] = {
	[UT_YAML_ND_PLUS] = {{"「+」の符号", "a '+' sign"}},
	[UT_YAML_ND_HEX] = {{"16進数", "hexadecimal"}},
	[UT_YAML_ND_OCTAL] = {{"8進数", "octal"}},
	[UT_YAML_ND_BINARY] = {{"2進数", "binary"}},
	[UT_YAML_ND_EXPONENT] = {{"指数表記", "an exponent"}},
	[UT_YAML_ND_FRACTION] = {{"小数", "a fraction"}},
	[UT_YAML_ND_UNDERSCORE] = {{"「_」の区切り", "'_' separators"}},
	[UT_YAML_ND_LEADING_ZERO] = {{"先頭の0", "a leading zero"}},
};

/*
 * libyaml's texts (English only): every problem and context its reader,
 * scanner and parser (0.2.x) can report, in Japanese and, where libyaml's
 * own English is wrong or unclear, in better English (NULL: as libyaml
 * wrote it); and the layer's own problem texts (yaml_int.h).  The contexts
 * are nouns: "（2行3桁から始まるフロー形式のマッピング（{ }）の中）"; an
 * empty one is left out.
 */
static const char *const yaml_texts[][3] = {
	/* the layer's own (read.c) */
	{UT_YAML_TEXT_FULLWIDTH_COLON,
	 "全角の「：」です。半角の「: 」（コロンと空白）で書いてください", NULL},
	{UT_YAML_TEXT_NO_BLANK,
	 "「:」の後に空白がありません。キーと値の間は半角の「: 」（コロンと空白）で書いてください",
	 NULL},
	{UT_YAML_TEXT_FULLWIDTH_SPACE,
	 "インデントに全角の空白（U+3000）があります。半角の空白で字下げしてください",
	 NULL},
	/* the scanner's and the parser's problems */
	{"did not find expected key",
	 "キーがあるべきところにありません（インデントがずれていませんか）",
	 "a key should be here; is the indentation off?"},
	{"did not find expected '-' indicator",
	 "「-」があるべきところにありません（インデントがずれていませんか）",
	 "a '-' should be here; is the indentation off?"},
	{"did not find expected ',' or ']'", "「,」か「]」がありません", NULL},
	{"did not find expected ',' or '}'", "「,」か「}」がありません", NULL},
	{"did not find expected node content", "値がありません",
	 "a value is missing"},
	{"did not find expected <document start>", "文書の始まり（---）がありません",
	 NULL},
	{"did not find expected <stream-start>", "ストリームの始まりがありません",
	 NULL},
	{"did not find expected hexdecimal number",
	 "16進数の数字がありません（\\x は2桁、\\u は4桁、\\U は8桁）",
	 "did not find the expected hexadecimal digits (\\x takes 2, \\u 4, \\U 8)"},
	{"did not find expected alphabetic or numeric character",
	 "英数字がありません", "did not find the expected letter or digit"},
	{"did not find expected comment or line break",
	 "ここにはコメントか改行しか書けません",
	 "did not find the expected comment or line break"},
	{"did not find expected digit or '.' character", "数字か「.」がありません",
	 "did not find the expected digit or '.'"},
	{"did not find expected tag URI", "タグのURIがありません",
	 "did not find the expected tag URI"},
	{"did not find expected version number", "バージョン番号がありません",
	 "did not find the expected version number"},
	{"did not find expected whitespace", "空白がありません",
	 "did not find the expected blank"},
	{"did not find expected whitespace or line break", "空白か改行がありません",
	 "did not find the expected blank or line break"},
	{"did not find expected '!'", "「!」がありません",
	 "did not find the expected '!'"},
	{"did not find the expected '>'", "「>」がありません", NULL},
	{"did not find URI escaped octet", "URIのエスケープ（%と16進2桁）がありません",
	 "did not find the URI escape ('%' and 2 hexadecimal digits)"},
	{"could not find expected directive name", "ディレクティブの名前がありません",
	 "could not find the expected directive name"},
	{"mapping values are not allowed in this context",
	 "ここには「キー: 値」を書けません（インデントと、この行と前の行の「: 」を"
	 "確かめてください）",
	 "a 'key: value' cannot go here; check the indentation, and the ': ' "
	 "of this line and the one before"},
	{"mapping keys are not allowed in this context", "ここにはキーを書けません",
	 NULL},
	{"block sequence entries are not allowed in this context",
	 "ここには「- 」の項目を書けません", NULL},
	{"found character that cannot start any token",
	 "ここに書けない文字があります（@ ` % で始まる値は引用符で囲んでください）",
	 "found a character that cannot start a value here (quote a value "
	 "that starts with @, ` or %)"},
	{"found unexpected end of stream", "閉じないままファイルが終わりました",
	 "the file ended before this was closed"},
	{"could not find expected ':'", "「:」がありません", "a ':' is missing"},
	{"found unexpected ':'", "「:」がここにあるのは誤りです", NULL},
	{"found unknown escape character", "不明なエスケープ文字があります", NULL},
	{"found invalid Unicode character escape code",
	 "Unicodeの文字にならないエスケープがあります", NULL},
	{"found a tab character that violates indentation",
	 "インデントにタブがあります", NULL},
	{"found a tab character where an indentation space is expected",
	 "インデントにタブがあります", NULL},
	{"found an indentation indicator equal to 0",
	 "インデントの指定に0は使えません", NULL},
	{"found unexpected document indicator",
	 "文書の区切り（--- か ...）がここにあるのは誤りです", NULL},
	{"found unexpected non-alphabetical character",
	 "ここには英字しか書けません",
	 "found an unexpected character that is not a letter"},
	{"found unknown directive name", "不明なディレクティブです", NULL},
	{"found undefined tag handle", "定義されていないタグのハンドルがあります",
	 NULL},
	{"found duplicate %TAG directive", "%TAGディレクティブが2つあります", NULL},
	{"found duplicate %YAML directive", "%YAMLディレクティブが2つあります",
	 NULL},
	{"found extremely long version number", "バージョン番号が長すぎます", NULL},
	{"found incompatible YAML document", "このYAMLの版には対応していません",
	 NULL},
	{"incompatible %YAML directive", "対応していない%YAMLディレクティブです",
	 NULL},
	{"found undefined alias", "定義されていないエイリアスがあります", NULL},
	{"found duplicate anchor; first occurrence", "同じ名前のアンカーが2つあります",
	 NULL},
	{"second occurrence", "2つ目", NULL},
	/* the reader's problems */
	{"control characters are not allowed", "制御文字は使えません", NULL},
	{"input error", "読み込みのエラーです", NULL},
	{"input is too long", "入力が長すぎます", NULL},
	{"invalid leading UTF-8 octet", "UTF-8として不正なバイトがあります", NULL},
	{"invalid trailing UTF-8 octet", "UTF-8として不正なバイトがあります", NULL},
	{"invalid length of a UTF-8 sequence", "UTF-8として不正なバイトがあります",
	 NULL},
	{"found an incorrect leading UTF-8 octet", "UTF-8として不正なバイトがあります",
	 NULL},
	{"found an incorrect trailing UTF-8 octet",
	 "UTF-8として不正なバイトがあります", NULL},
	{"incomplete UTF-8 octet sequence", "UTF-8の文字が途中で切れています", NULL},
	{"invalid Unicode character", "Unicodeとして不正な文字があります", NULL},
	{"incomplete UTF-16 character", "UTF-16の文字が途中で切れています", NULL},
	{"incomplete UTF-16 surrogate pair",
	 "UTF-16のサロゲートペアが途中で切れています", NULL},
	{"unexpected low surrogate area", "UTF-16の下位サロゲートが単独であります",
	 NULL},
	{"expected low surrogate area", "UTF-16の下位サロゲートがありません", NULL},
	/* contexts */
	{"while parsing a block mapping", "ブロック形式のマッピング", NULL},
	{"while parsing a block collection", "ブロック形式のリスト", NULL},
	{"while parsing a flow mapping", "フロー形式のマッピング（{ }）", NULL},
	{"while parsing a flow sequence", "フロー形式のリスト（[ ]）", NULL},
	{"while parsing a block node", "値", NULL},
	{"while parsing a flow node", "値", NULL},
	{"while parsing a node", "値", NULL},
	{"while scanning a simple key", "キー", NULL},
	{"while scanning a quoted scalar", "引用符で囲んだ文字列", NULL},
	{"while parsing a quoted scalar", "引用符で囲んだ文字列", NULL},
	{"while scanning a plain scalar", "文字列", NULL},
	{"while scanning a block scalar", "ブロック形式の文字列（| か >）", NULL},
	{"while scanning an anchor", "アンカー", NULL},
	{"while scanning an alias", "エイリアス", NULL},
	{"while scanning a tag", "タグ", NULL},
	{"while parsing a tag", "タグ", NULL},
	{"while scanning a directive", "ディレクティブ（%）", NULL},
	{"while scanning a %YAML directive", "%YAMLディレクティブ", NULL},
	{"while scanning a %TAG directive", "%TAGディレクティブ", NULL},
	{"while parsing a %TAG directive", "%TAGディレクティブ", NULL},
	{"while scanning a tag directive", "%TAGディレクティブ", NULL},
	{"while parsing a tag directive", "%TAGディレクティブ", NULL},
	/* names where the token began, the problem's own place: said once */
	{"while scanning for the next token", "", ""},
};

/* s in lang when yaml_texts has it (English: NULL when libyaml's text
 * stands), else NULL. */
static const char *yaml_text(const char *s, ut_lang l)
{
	size_t i;

	for (i = 0; i < sizeof(yaml_texts) / sizeof(yaml_texts[0]); i++)
		if (strcmp(yaml_texts[i][0], s) == 0)
			return yaml_texts[i][l == UT_LANG_JA ? 1 : 2];
	return NULL;
}

/* ut_msg entry i of table t, or NULL when i is out of [0, n). */
static const ut_msg *pick(const ut_msg *t, size_t n, int64_t i)
{
	return t && i >= 0 && (uint64_t)i < n && t[i].text[0] ? &t[i] : NULL;
}

#define PICK(t, i) pick(t, sizeof(t) / sizeof((t)[0]), i)

static const ut_msg *want_of(const ut_yaml_catalog *cat, int64_t w)
{
	if (w >= UT_YAML_WANT_USER)
		return cat ? pick(cat->wants, cat->nwants, w - UT_YAML_WANT_USER)
		           : NULL;
	return PICK(wants, w);
}

/* UT_YAML_D_SYNTAX: libyaml's problem and context, in Japanese when
 * known, with where the context began. */
static void put_syntax(ut_buf *out, const ut_msg *m, const ut_yaml_diag *g,
                       ut_lang l)
{
	const char *s1 = g->s1 ? g->s1 : "", *s2 = g->s2 ? g->s2 : "";
	const char *p = yaml_text(s1, l) ? yaml_text(s1, l) : s1;
	const char *c = yaml_text(s2, l) ? yaml_text(s2, l) : s2;

	ut_msg_put(out, !g->s2 || !*c ? m
	                : l == UT_LANG_JA && c != s2 ? &msgs[M_SYNTAX_CTX_JA]
	                : &msgs[M_SYNTAX_CTX], l,
	           UT_ARGS(ut_arg_str(p), ut_arg_str(c), ut_arg_int(g->a),
	                   ut_arg_int(g->b)));
}

/* UT_YAML_D_WRONG_TYPE: what was wanted (g->a, built in or the
 * catalogue's) and what was found (g->b, with the text s1). */
static void put_wrong_type(ut_buf *out, const ut_msg *m, const ut_yaml_diag *g,
                           ut_lang l, const ut_yaml_catalog *cat)
{
	ut_buf x = UT_BUF_INIT;
	const ut_msg *sub;
	const char *s1 = g->s1 ? g->s1 : "";

	if ((sub = PICK(founds, g->b)))
		ut_msg_put(&x, sub, l, UT_ARGS(ut_arg_str(s1)));
	sub = want_of(cat, g->a);
	ut_msg_put(out, m, l,
	           UT_ARGS(ut_arg_str(sub ? ut_msg_text(sub, l) : "?"),
	                   ut_arg_str(x.ptr ? x.ptr : "?")));
	if (x.failed) /* a part missing: the whole fails */
		out->failed = 1;
	ut_buf_free(&x);
}

/* UT_YAML_D_UNKNOWN_VALUE: the catalogue's name for the vocabulary g->a,
 * the value s1, and the near value s2 or the vocabulary's list. */
static void put_unknown_value(ut_buf *out, const ut_msg *m,
                              const ut_yaml_diag *g, ut_lang l,
                              const ut_yaml_catalog *cat)
{
	ut_buf x = UT_BUF_INIT, v = UT_BUF_INIT;
	const char *s1 = g->s1 ? g->s1 : "", *s2 = g->s2 ? g->s2 : "";

	if (cat && cat->vocab)
		cat->vocab(&v, (int)g->a, 0, l);
	if (g->s2)
		ut_buf_puts(&x, s2);
	else if (cat && cat->vocab)
		cat->vocab(&x, (int)g->a, 1, l);
	ut_msg_put(out, g->s2 ? &msgs[M_UNKNOWN_VALUE_NEAR] : m, l,
	           UT_ARGS(ut_arg_str(v.ptr ? v.ptr : "?"),
	                   ut_arg_str(s1), ut_arg_str(x.ptr ? x.ptr : "")));
	if (x.failed || v.failed) /* a part missing: the whole fails */
		out->failed = 1;
	ut_buf_free(&x);
	ut_buf_free(&v);
}

/* A built-in diagnostic g (message m): the arguments each code takes. */
static void put_builtin(ut_buf *out, const ut_msg *m, const ut_yaml_diag *g,
                        ut_lang l, const ut_yaml_catalog *cat)
{
	const char *s1 = g->s1 ? g->s1 : "", *s2 = g->s2 ? g->s2 : "";
	const ut_msg *sub;
	char hex[8];

	switch (g->code) {
	case UT_YAML_D_INVALID_UTF8:
		snprintf(hex, sizeof(hex), "0x%02X", (unsigned)(g->a & 0xFF));
		ut_msg_put(out, m, l, UT_ARGS(ut_arg_str(hex)));
		break;
	case UT_YAML_D_SYNTAX:
		put_syntax(out, m, g, l);
		break;
	case UT_YAML_D_UNKNOWN_KEY:
		ut_msg_put(out, g->s2 ? &msgs[M_UNKNOWN_KEY_NEAR] : m, l,
		           UT_ARGS(ut_arg_str(s1), ut_arg_str(s2)));
		break;
	case UT_YAML_D_DUPLICATE_KEY:
		ut_msg_put(out, strcmp(s1, s2) != 0 ? &msgs[M_DUP_KEY_OTHER] : m, l,
		           UT_ARGS(ut_arg_str(s1), ut_arg_str(s2), ut_arg_int(g->a)));
		break;
	case UT_YAML_D_WRONG_TYPE:
		put_wrong_type(out, m, g, l, cat);
		break;
	case UT_YAML_D_NOT_DECIMAL:
		sub = PICK(not_decimal, g->a);
		ut_msg_put(out, m, l,
		           UT_ARGS(ut_arg_str(s1),
		                   ut_arg_str(sub ? ut_msg_text(sub, l) : "?")));
		break;
	case UT_YAML_D_UNKNOWN_VALUE:
		put_unknown_value(out, m, g, l, cat);
		break;
	default:
		ut_msg_put(out, m, l,
		           UT_ARGS(ut_arg_str(s1), ut_arg_int(g->a), ut_arg_int(g->b)));
		break;
	}
}

size_t ut_yaml_diag_format(char *buf, size_t size, const ut_yaml_diag *g,
                           ut_lang l, const ut_yaml_catalog *cat)
{
	ut_buf out = UT_BUF_INIT;
	const ut_msg *m;
	const char *s1 = g->s1 ? g->s1 : "", *s2 = g->s2 ? g->s2 : "";

	m = g->code >= UT_YAML_D_USER
	    ? (cat ? pick(cat->msgs, cat->nmsgs, g->code - UT_YAML_D_USER) : NULL)
	    : PICK(msgs, g->code);
	if (!m)
		ut_buf_printf(&out, "? (%d)", g->code);
	else if (g->code >= UT_YAML_D_USER)
		ut_msg_put(&out, m, l,
		           UT_ARGS(ut_arg_str(s1), ut_arg_int(g->a), ut_arg_int(g->b),
		                   ut_arg_str(s2)));
	else
		put_builtin(&out, m, g, l, cat);
	return ut_msg_hand_out(buf, size, &out, l);
}
