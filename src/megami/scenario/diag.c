/* diag.c - the messages of the scenario reader in Japanese and English
 * (util/msg.h catalogue; docs/MEGAMI.md MG-SCN-DIAG-1). */
#include <stdio.h>
#include <string.h>

#include "sc_int.h"
#include "util/buf.h"
#include "util/msg.h"
#include "util/utf8.h"

enum {
	M_SYNTAX_CTX = MG_DIAG_COUNT, M_SYNTAX_CTX_JA, M_UNKNOWN_KEY_NEAR, M_DUP_KEY_OTHER,
	M_UNKNOWN_VALUE_NEAR, M_COUNT
};

static const ut_msg msgs[M_COUNT] = {
	[MG_DIAG_INVALID_UTF8] = {{"UTF-8として不正なバイト{1}があります",
	                           "invalid UTF-8: byte {1}"}},
	[MG_DIAG_TAB] = {{"インデントにタブがあります（YAMLのインデントは空白で書きます）",
	                  "a tab in the indentation (YAML indents with spaces)"}},
	[MG_DIAG_SYNTAX] = {{"YAMLの構文エラー：{1}", "YAML syntax error: {1}"}},
	[M_SYNTAX_CTX] = {{"YAMLの構文エラー：{1}（{3}行{4}桁から：{2}）",
	                   "YAML syntax error: {1} ({2} started at {3}:{4})"}},
	[M_SYNTAX_CTX_JA] = {{"YAMLの構文エラー：{1}（{3}行{4}桁から始まる{2}の中）",
	                      "YAML syntax error: {1} ({2} started at {3}:{4})"}},
	[MG_DIAG_EMPTY] = {{"シナリオが空です", "the scenario is empty"}},
	[MG_DIAG_SECOND_DOCUMENT] = {{"2つ目のYAML文書があります（シナリオは1つの文書に書きます）",
	                              "a second YAML document (a scenario is one document)"}},
	[MG_DIAG_ANCHOR] = {{"アンカー「&{1}」は使えません（値をそのまま書いてください）",
	                     "anchors are not supported: '&{1}' (write the value out)"}},
	[MG_DIAG_ALIAS] = {{"エイリアス「*{1}」は使えません（値をそのまま書いてください）",
	                    "aliases are not supported: '*{1}' (write the value out)"}},
	[MG_DIAG_TAG] = {{"タグ「{1}」は使えません", "tags are not supported: '{1}'"}},
	[MG_DIAG_NUL] = {{"文字列にNUL文字（\\0）があります",
	                  "a NUL character (\\0) in a string"}},
	[MG_DIAG_TOO_DEEP] = {{"入れ子が深すぎます（{2}段まで）",
	                       "nested too deeply (at most {2} levels)"}},
	[MG_DIAG_KEY_NOT_TEXT] = {{"キーには名前を書いてください",
	                           "a key must be a name"}},
	[MG_DIAG_UNKNOWN_KEY] = {{"不明なキー「{1}」です", "unknown key '{1}'"}},
	[M_UNKNOWN_KEY_NEAR] = {{"不明なキー「{1}」です。「{2}」のことですか？",
	                         "unknown key '{1}'; did you mean '{2}'?"}},
	[MG_DIAG_DUPLICATE_KEY] = {{"キー「{1}」が2回書かれています（最初は{3}行目）",
	                            "key '{1}' given twice (first on line {3})"}},
	[M_DUP_KEY_OTHER] = {{"キー「{1}」が2回書かれています（最初は{3}行目の「{2}」）",
	                      "key '{1}' given twice (first as '{2}' on line {3})"}},
	[MG_DIAG_MISSING_KEY] = {{"必須のキー「{1}」がありません",
	                          "missing required key '{1}'"}},
	[MG_DIAG_WRONG_TYPE] = {{"{1}が必要です（書かれているのは{2}）",
	                         "expected {1}, found {2}"}},
	[MG_DIAG_NOT_DECIMAL] = {{"「{1}」は10進の整数ではありません（{2}）",
	                          "'{1}' is not a plain decimal integer ({2})"}},
	[MG_DIAG_TOO_LARGE] = {{"数が大きすぎます：「{1}」（64ビットを超えます）",
	                        "number too large: '{1}' (beyond 64 bits)"}},
	[MG_DIAG_YAML11_BOOL] = {{"「{1}」は真偽値に使えません（true か false と書いてください）",
	                          "'{1}' is not a boolean here (write true or false)"}},
	[MG_DIAG_UNKNOWN_VALUE] = {{"不明な{1}「{2}」です（{3}のいずれか）",
	                            "unknown {1} '{2}' (one of: {3})"}},
	[M_UNKNOWN_VALUE_NEAR] = {{"不明な{1}「{2}」です。「{3}」のことですか？",
	                           "unknown {1} '{2}'; did you mean '{3}'?"}},
	[MG_DIAG_DUPLICATE_ATTR] = {{"属性「{1}」が2回書かれています（最初は{2}桁目）",
	                             "attribute '{1}' listed twice (first at column {2})"}},
	[MG_DIAG_EMPTY_NAME] = {{"名前が空です", "a name must not be empty"}},
	[MG_DIAG_DUPLICATE_NAME] = {{"「{1}」という名前のキャラクターが2人います（最初は{2}行目）",
	                             "two characters named '{1}' (the first on line {2})"}},
	[MG_DIAG_HP_TOO_LOW] = {{"HPが{2}です（1以上にしてください）",
	                         "hp {2} is less than 1"}},
	[MG_DIAG_HP_NOW_OVER] = {{"現在HP {2} がHP {3} を超えています",
	                          "hp_now {2} is more than hp {3}"}},
	[MG_DIAG_RANGE_NEGATIVE] = {{"射程が{2}です（0以上にしてください）",
	                             "range {2} is negative"}},
	[MG_DIAG_ROUND_LIMIT] = {{"ラウンド上限が{2}です（1以上にしてください）",
	                          "round_limit {2} is less than 1"}},
	[MG_DIAG_NO_PC] = {{"PCのキャラクターがいません", "no character on side PC"}},
	[MG_DIAG_NO_NPC] = {{"NPCのキャラクターがいません", "no character on side NPC"}},
};

static const ut_msg wants[] = {
	[MG_WANT_MAPPING] = {{"マッピング（キー: 値）", "a mapping (key: value)"}},
	[MG_WANT_LIST] = {{"リスト", "a list"}},
	[MG_WANT_INTEGER] = {{"整数", "an integer"}},
	[MG_WANT_TEXT] = {{"名前", "a name"}},
	[MG_WANT_BOOL] = {{"true か false", "true or false"}},
	[MG_WANT_CHECK] = {{"能力値の名前か整数", "a stat name or an integer"}},
};

static const ut_msg founds[] = {
	[MG_FOUND_MAPPING] = {{"マッピング", "a mapping"}},
	[MG_FOUND_LIST] = {{"リスト", "a list"}},
	[MG_FOUND_NULL] = {{"空の値", "nothing"}},
	[MG_FOUND_QUOTED] = {{"引用符で囲んだ文字列「{1}」", "the quoted string '{1}'"}},
	[MG_FOUND_PLAIN] = {{"「{1}」", "'{1}'"}},
};

static const ut_msg not_decimal[] = {
	[MG_ND_PLUS] = {{"「+」の符号", "a '+' sign"}},
	[MG_ND_HEX] = {{"16進数", "hexadecimal"}},
	[MG_ND_OCTAL] = {{"8進数", "octal"}},
	[MG_ND_BINARY] = {{"2進数", "binary"}},
	[MG_ND_EXPONENT] = {{"指数表記", "an exponent"}},
	[MG_ND_FRACTION] = {{"小数", "a fraction"}},
	[MG_ND_UNDERSCORE] = {{"「_」の区切り", "'_' separators"}},
	[MG_ND_LEADING_ZERO] = {{"先頭の0", "a leading zero"}},
};

static const ut_msg vocabs[] = {
	[MG_VOCAB_SIDE] = {{"陣営", "side"}},
	[MG_VOCAB_KIND] = {{"種別", "kind"}},
	[MG_VOCAB_AREA] = {{"範囲", "area"}},
	[MG_VOCAB_TIMING] = {{"タイミング", "timing"}},
	[MG_VOCAB_ATTRIBUTE] = {{"属性", "attribute"}},
	[MG_VOCAB_STAT] = {{"能力値", "stat"}},
};

/*
 * libyaml's texts (English only) for the syntax errors a scenario's writer
 * meets, in Japanese; the others stay as libyaml wrote them.  The contexts
 * are nouns: "（2行3桁から始まるフロー形式のマッピング（{ }）の中）".
 */
static const char *const yaml_ja[][2] = {
	{"did not find expected key",
	 "キーがあるべきところにありません（インデントがずれていませんか）"},
	{"did not find expected '-' indicator",
	 "「-」があるべきところにありません（インデントがずれていませんか）"},
	{"did not find expected ',' or ']'", "「,」か「]」がありません"},
	{"did not find expected ',' or '}'", "「,」か「}」がありません"},
	{"did not find expected node content", "値がありません"},
	{"did not find expected <document start>", "文書の始まり（---）がありません"},
	{"mapping values are not allowed in this context",
	 "ここには「キー: 値」を書けません（インデントか「: 」を確かめてください）"},
	{"mapping keys are not allowed in this context", "ここにはキーを書けません"},
	{"block sequence entries are not allowed in this context",
	 "ここには「- 」の項目を書けません"},
	{"found character that cannot start any token", "ここに書けない文字があります"},
	{"found unexpected end of stream", "閉じないままファイルが終わりました"},
	{"could not find expected ':'", "「:」がありません"},
	{"found unexpected ':'", "「:」がここにあるのは誤りです"},
	{"found unknown escape character", "不明なエスケープ文字があります"},
	{"found invalid Unicode character escape code",
	 "Unicodeの文字にならないエスケープがあります"},
	{"found a tab character that violates indentation", "インデントにタブがあります"},
	{"found a tab character where an indentation space is expected",
	 "インデントにタブがあります"},
	{"control characters are not allowed", "制御文字は使えません"},
	{"found unexpected document indicator", "文書の区切り（--- か ...）がここにあるのは誤りです"},
	{"found undefined alias", "定義されていないエイリアスがあります"},
	{"found duplicate anchor; first occurrence", "同じ名前のアンカーが2つあります"},
	{"while parsing a block mapping", "ブロック形式のマッピング"},
	{"while parsing a block collection", "ブロック形式のリスト"},
	{"while parsing a flow mapping", "フロー形式のマッピング（{ }）"},
	{"while parsing a flow sequence", "フロー形式のリスト（[ ]）"},
	{"while parsing a block node", "値"},
	{"while parsing a flow node", "値"},
	{"while parsing a node", "値"},
	{"while scanning a simple key", "キー"},
	{"while scanning a quoted scalar", "引用符で囲んだ文字列"},
	{"while parsing a quoted scalar", "引用符で囲んだ文字列"},
	{"while scanning a plain scalar", "文字列"},
	{"while scanning a block scalar", "ブロック形式の文字列（| か >）"},
	{"while scanning an anchor", "アンカー"},
	{"while scanning an alias", "エイリアス"},
	{"while scanning a tag", "タグ"},
	{"while parsing a tag", "タグ"},
	{"while scanning a directive", "ディレクティブ（%）"},
};

/* s in Japanese when yaml_ja has it, else NULL. */
static const char *yaml_text_ja(const char *s)
{
	size_t i;

	for (i = 0; i < sizeof(yaml_ja) / sizeof(yaml_ja[0]); i++)
		if (strcmp(yaml_ja[i][0], s) == 0)
			return yaml_ja[i][1];
	return NULL;
}

/* The valid values of vocabulary v: "physical, magic" (en) or
 * "physical（物理）、magic（魔法）" (ja; sides have one spelling). */
static void vocab_list(ut_buf *b, int v, ut_lang lang)
{
	size_t n, i;
	const sc_name *names = sc_vocab(v, &n);

	for (i = 0; i < n; i++) {
		if (i)
			ut_buf_puts(b, lang == UT_LANG_JA ? "、" : ", ");
		ut_buf_puts(b, names[i].en);
		if (lang == UT_LANG_JA && strcmp(names[i].en, names[i].ja) != 0)
			ut_buf_printf(b, "（%s）", names[i].ja);
	}
}

/* ut_msg entry i of table t, or NULL when i is out of [0, n). */
static const ut_msg *pick(const ut_msg *t, size_t n, int64_t i)
{
	return i >= 0 && (uint64_t)i < n ? &t[i] : NULL;
}

#define PICK(t, i) pick(t, sizeof(t) / sizeof((t)[0]), i)

size_t mg_diag_format(char *buf, size_t size, const mg_diag *g, mg_lang lang)
{
	ut_buf out = UT_BUF_INIT, x = UT_BUF_INIT;
	ut_lang l = (ut_lang)lang;
	const ut_msg *m = PICK(msgs, g->code), *sub;
	const char *s1 = g->s1 ? g->s1 : "", *s2 = g->s2 ? g->s2 : "";
	char hex[8];
	size_t n;

	if (!m || !m->text[0]) {
		ut_buf_printf(&out, "? (%d)", g->code);
	} else switch (g->code) {
	case MG_DIAG_INVALID_UTF8:
		snprintf(hex, sizeof(hex), "0x%02X", (unsigned)(g->a & 0xFF));
		ut_msg_put(&out, m, l, UT_ARGS(ut_arg_str(hex)));
		break;
	case MG_DIAG_SYNTAX: {
		/* MG-SCN-YAML-1: libyaml's words, in Japanese when known */
		const char *p = l == UT_LANG_JA && yaml_text_ja(s1) ? yaml_text_ja(s1) : s1;
		const char *c = l == UT_LANG_JA && yaml_text_ja(s2) ? yaml_text_ja(s2) : s2;
		ut_msg_put(&out, !g->s2 ? m : c != s2 ? &msgs[M_SYNTAX_CTX_JA]
		                                      : &msgs[M_SYNTAX_CTX], l,
		           UT_ARGS(ut_arg_str(p), ut_arg_str(c), ut_arg_int(g->a),
		                   ut_arg_int(g->b)));
		break;
	}
	case MG_DIAG_UNKNOWN_KEY:
		ut_msg_put(&out, g->s2 ? &msgs[M_UNKNOWN_KEY_NEAR] : m, l,
		           UT_ARGS(ut_arg_str(s1), ut_arg_str(s2)));
		break;
	case MG_DIAG_DUPLICATE_KEY:
		ut_msg_put(&out, strcmp(s1, s2) != 0 ? &msgs[M_DUP_KEY_OTHER] : m, l,
		           UT_ARGS(ut_arg_str(s1), ut_arg_str(s2), ut_arg_int(g->a)));
		break;
	case MG_DIAG_WRONG_TYPE:
		if ((sub = PICK(founds, g->b)))
			ut_msg_put(&x, sub, l, UT_ARGS(ut_arg_str(s1)));
		sub = PICK(wants, g->a);
		ut_msg_put(&out, m, l,
		           UT_ARGS(ut_arg_str(sub ? ut_msg_text(sub, l) : "?"),
		                   ut_arg_str(x.ptr ? x.ptr : "?")));
		break;
	case MG_DIAG_NOT_DECIMAL:
		sub = PICK(not_decimal, g->a);
		ut_msg_put(&out, m, l,
		           UT_ARGS(ut_arg_str(s1),
		                   ut_arg_str(sub ? ut_msg_text(sub, l) : "?")));
		break;
	case MG_DIAG_UNKNOWN_VALUE:
		sub = PICK(vocabs, g->a);
		if (g->s2)
			ut_buf_puts(&x, s2);
		else
			vocab_list(&x, (int)g->a, l);
		ut_msg_put(&out, g->s2 ? &msgs[M_UNKNOWN_VALUE_NEAR] : m, l,
		           UT_ARGS(ut_arg_str(sub ? ut_msg_text(sub, l) : "?"),
		                   ut_arg_str(s1), ut_arg_str(x.ptr ? x.ptr : "")));
		break;
	default:
		ut_msg_put(&out, m, l,
		           UT_ARGS(ut_arg_str(s1), ut_arg_int(g->a), ut_arg_int(g->b)));
		break;
	}
	n = out.len;
	if (buf && size)
		ut_utf8_copy(buf, size, out.ptr, out.len);
	ut_buf_free(&out);
	ut_buf_free(&x);
	return n;
}
