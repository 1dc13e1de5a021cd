/*
 * test_yaml.c - the YAML layer (util/yaml.h): the located tree, what
 * every format refuses (bad UTF-8, tabs, syntax, anchors, aliases, tags, a
 * second document, NUL, depth, the node cap), the key tables with two
 * spellings, plain decimal integers, booleans, names, the nearest name,
 * the order and cap of diagnostics, their wording in ja and en, and the
 * scalars written back.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "util/buf.h"
#include "util/yaml.h"

/* Read s; the caller frees d. */
static void rd(ut_yaml_doc *d, const char *s, size_t max_diags)
{
	ut_yaml_limits lim = {max_diags, 0};

	assert_int_equal(ut_yaml_doc_read(d, s, strlen(s), &lim), 0);
}

/* Every diagnostic as "LINE:COL: message\n" in lang (static text). */
static const char *all(ut_yaml_doc *d, ut_lang lang)
{
	static char out[4096];
	size_t i, n = 0;

	assert_int_equal(ut_yaml_doc_finish(d), 0);
	out[0] = '\0';
	for (i = 0; i < d->ndiags; i++) {
		char msg[512];
		ut_yaml_diag_format(msg, sizeof(msg), &d->diags[i], lang, NULL);
		n += (size_t)snprintf(out + n, sizeof(out) - n, "%u:%u: %s\n",
		                      (unsigned)d->diags[i].line,
		                      (unsigned)d->diags[i].col, msg);
	}
	return out;
}

/* The tree of "a: [1, {b: ア}]\nc: x": lines and columns (in characters:
 * the x after "ア" on line 3 is at column 6 although ア is 3 bytes). */
static void test_tree_locations(void **state)
{
	ut_yaml_doc d;
	const ut_yaml_node *r, *k, *v, *e;

	rd(&d, "a: [1, {b: ア}]\nc: x\nア: y\n", 10);
	assert_int_equal(d.root, 0);
	r = &d.nodes[d.root];
	assert_int_equal(r->type, UT_YAML_MAP);
	assert_int_equal(r->n, 6); /* three pairs */
	k = &d.nodes[r->first];
	v = &d.nodes[k->next];
	assert_string_equal(k->text, "a");
	assert_int_equal(v->type, UT_YAML_SEQ);
	assert_int_equal(v->line, 1);
	assert_int_equal(v->col, 4);
	e = &d.nodes[v->first];
	assert_string_equal(e->text, "1");
	assert_int_equal(e->col, 5);
	e = &d.nodes[e->next];
	assert_int_equal(e->type, UT_YAML_MAP);
	assert_int_equal(e->col, 8);
	assert_string_equal(d.nodes[d.nodes[e->first].next].text, "ア");
	assert_int_equal(d.nodes[d.nodes[e->first].next].col, 12);
	k = &d.nodes[v->next];
	assert_string_equal(k->text, "c");
	assert_int_equal(k->line, 2);
	k = &d.nodes[d.nodes[k->next].next];
	assert_string_equal(k->text, "ア");
	assert_int_equal(d.nodes[k->next].line, 3);
	assert_int_equal(d.nodes[k->next].col, 4);
	assert_string_equal(all(&d, UT_LANG_EN), "");
	ut_yaml_doc_free(&d);
}

/* A BOM is skipped: columns count from after it. */
static void test_bom(void **state)
{
	ut_yaml_doc d;

	rd(&d, "\xEF\xBB\xBF" "a: 1\n", 10);
	assert_int_equal(d.nodes[d.root].col, 1);
	assert_int_equal(d.nodes[d.nodes[d.root].first].next, 2);
	assert_int_equal(d.nodes[2].col, 4);
	ut_yaml_doc_free(&d);
}

/* Bad UTF-8 (once per line) and a tab in the indentation stop the reading
 * before YAML: no root. */
static void test_bytes(void **state)
{
	ut_yaml_doc d;

	rd(&d, "a: \xff\xfe\nb:\n\t- 1\n", 10);
	assert_int_equal(d.root, -1);
	assert_string_equal(all(&d, UT_LANG_EN),
	                    "1:4: invalid UTF-8: byte 0xFF\n"
	                    "3:1: a tab in the indentation (YAML indents with spaces)\n");
	ut_yaml_doc_free(&d);
}

/* libyaml's syntax error, located, with its context, in both languages.
 * Found at the end of the text, it is shown after the last character
 * written ("a: [1, 2" is 8 characters: 1:9, where the "]" is missing),
 * not on the empty line 2 where libyaml's mark is. */
static void test_syntax(void **state)
{
	ut_yaml_doc d;

	rd(&d, "a: [1, 2\n", 10);
	assert_int_equal(d.root, -1);
	assert_string_equal(all(&d, UT_LANG_EN),
	                    "1:9: YAML syntax error: did not find expected ',' or ']' "
	                    "(while parsing a flow sequence started at 1:4)\n");
	assert_string_equal(all(&d, UT_LANG_JA),
	                    "1:9: YAMLの構文エラー：「,」か「]」がありません"
	                    "（1行4桁から始まるフロー形式のリスト（[ ]）の中）\n");
	ut_yaml_doc_free(&d);
}

/* Anchors, aliases, tags and a second document are errors; the first
 * document is still walked (root set). */
static void test_refused(void **state)
{
	ut_yaml_doc d;

	rd(&d, "a: &x 1\nb: *x\nc: !!str 3\n---\nd: 4\n", 10);
	assert_true(d.root >= 0);
	assert_string_equal(all(&d, UT_LANG_EN),
	                    "1:4: anchors are not supported: '&x' (write the value out)\n"
	                    "2:4: aliases are not supported: '*x' (write the value out)\n"
	                    "3:4: tags are not supported: '!!str'\n"
	                    "4:1: a second YAML document (a scenario is one document)\n");
	ut_yaml_doc_free(&d);
}

/* Nesting deeper than 32 stops the reading at the 33rd level; an empty
 * document and a NUL in a string are errors. */
static void test_depth_empty_nul(void **state)
{
	ut_yaml_doc d;
	char deep[100];

	memset(deep, '[', 33);
	memset(deep + 33, ']', 33);
	deep[66] = '\0';
	rd(&d, deep, 10);
	assert_int_equal(d.root, -1);
	assert_string_equal(all(&d, UT_LANG_EN),
	                    "1:33: nested too deeply (at most 32 levels)\n");
	ut_yaml_doc_free(&d);
	rd(&d, "# only a comment\n", 10);
	assert_int_equal(d.root, -1);
	assert_string_equal(all(&d, UT_LANG_JA), "1:1: シナリオが空です\n");
	ut_yaml_doc_free(&d);
	rd(&d, "a: \"x\\0y\"\n", 10);
	assert_string_equal(all(&d, UT_LANG_EN),
	                    "1:4: a NUL character (\\0) in a string\n");
	ut_yaml_doc_free(&d);
}

/* The node cap: "[1, 2, 3, 4]" is 5 nodes; with a cap of 3 the 4th (the
 * "3" at column 8) is reported and the reading stops. */
static void test_node_cap(void **state)
{
	ut_yaml_doc d;
	ut_yaml_limits lim = {10, 3};

	assert_int_equal(ut_yaml_doc_read(&d, "[1, 2, 3, 4]", 12, &lim), 0);
	assert_int_equal(d.root, -1);
	assert_string_equal(all(&d, UT_LANG_EN),
	                    "1:8: too many YAML values (at most 3)\n");
	ut_yaml_doc_free(&d);
}

static const ut_yaml_name keys[] = {
	{"threshold", "発現値"}, {"hp", "HP"}, {"name", "名前"}};

/* Keys: either spelling; unknown ones get the nearest (by edit distance,
 * ASCII case ignored, Japanese too); twice in any spelling is an error
 * naming the first; a key that is not text is an error (MS-SCN-KEY-1,
 * MS-SCN-KEY-2, MS-SCN-KEY-3: manastorm's scenario keys are these). */
static void test_keys(void **state)
{
	ut_yaml_doc d;
	int val[3], kl[3];

	rd(&d, "発現値: 7\nhp: 3\nthreshhold: 1\nHp: 2\n発現: 1\nthreshold: 6\n"
	       "HP: 5\n[x]: 1\ncolour: 2\n", 20);
	ut_yaml_keys(&d, &d.nodes[d.root], keys, 3, val, kl);
	assert_string_equal(d.nodes[val[0]].text, "7");
	assert_string_equal(d.nodes[val[1]].text, "3");
	assert_int_equal(val[2], -1);
	assert_int_equal(d.nodes[kl[0]].line, 1);
	assert_string_equal(all(&d, UT_LANG_EN),
	                    "3:1: unknown key 'threshhold'; did you mean 'threshold'?\n"
	                    "4:1: unknown key 'Hp'; did you mean 'hp'?\n"
	                    "5:1: unknown key '発現'; did you mean '発現値'?\n"
	                    "6:1: key 'threshold' given twice (first as '発現値' on line 1)\n"
	                    "7:1: key 'HP' given twice (first as 'hp' on line 2)\n"
	                    "8:1: a key must be a name\n"
	                    "9:1: unknown key 'colour'\n");
	ut_yaml_doc_free(&d);
}

/* Integers: plain decimal only, each other form named; 64 bits exactly. */
static void test_integers(void **state)
{
	static const struct {
		const char *text;
		int ok;
		int64_t v;
		const char *msg;
	} cases[] = {
		{"0", 1, 0, NULL},
		{"-0", 1, 0, NULL},
		{"13", 1, 13, NULL},
		{"-7", 1, -7, NULL},
		{"9223372036854775807", 1, INT64_MAX, NULL},
		{"-9223372036854775808", 1, INT64_MIN, NULL},
		{"9223372036854775808", 0, 0,
		 "number out of range: '9223372036854775808' (a whole number from "
		 "-9223372036854775808 to 9223372036854775807)"},
		{"+5", 0, 0, "'+5' is not a plain decimal integer (a '+' sign)"},
		{"0x1F", 0, 0, "'0x1F' is not a plain decimal integer (hexadecimal)"},
		{"0o17", 0, 0, "'0o17' is not a plain decimal integer (octal)"},
		{"0b1", 0, 0, "'0b1' is not a plain decimal integer (binary)"},
		{"1e3", 0, 0, "'1e3' is not a plain decimal integer (an exponent)"},
		{"5.0", 0, 0, "'5.0' is not a plain decimal integer (a fraction)"},
		{"1_000", 0, 0, "'1_000' is not a plain decimal integer ('_' separators)"},
		{"05", 0, 0, "'05' is not a plain decimal integer (a leading zero)"},
		{"five", 0, 0, "expected an integer, found 'five'"},
		{"\"5\"", 0, 0, "expected an integer, found the quoted string '5'"},
		{"[5]", 0, 0, "expected an integer, found a list"},
		{"", 0, 0, "expected an integer, found nothing"},
	};
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		ut_yaml_doc d;
		char yaml[64], want[160];
		int64_t v = 42;
		snprintf(yaml, sizeof(yaml), "a: %s\n", cases[i].text);
		rd(&d, yaml, 10);
		assert_int_equal(ut_yaml_int(&d, &d.nodes[d.nodes[d.root].first + 1],
		                             &v), cases[i].ok);
		if (cases[i].ok) {
			assert_true(v == cases[i].v);
			assert_string_equal(all(&d, UT_LANG_EN), "");
		} else {
			/* an empty value stands right after "a:" */
			snprintf(want, sizeof(want), "1:%d: %s\n",
			         *cases[i].text ? 4 : 3, cases[i].msg);
			assert_string_equal(all(&d, UT_LANG_EN), want);
		}
		ut_yaml_doc_free(&d);
	}
}

/* Booleans: true/false in three cases; yes/no/on/off/y/n refused by name;
 * a number is not a boolean. */
static void test_booleans(void **state)
{
	ut_yaml_doc d;
	int v = -1;

	rd(&d, "[TRUE, False, yes, 1]", 10);
	{
		const ut_yaml_node *e = &d.nodes[d.nodes[d.root].first];
		assert_int_equal(ut_yaml_bool(&d, e, &v), 1);
		assert_int_equal(v, 1);
		e = &d.nodes[e->next];
		assert_int_equal(ut_yaml_bool(&d, e, &v), 1);
		assert_int_equal(v, 0);
		e = &d.nodes[e->next];
		assert_int_equal(ut_yaml_bool(&d, e, &v), 0);
		e = &d.nodes[e->next];
		assert_int_equal(ut_yaml_bool(&d, e, &v), 0);
	}
	assert_string_equal(all(&d, UT_LANG_JA),
	                    "1:15: 「yes」は真偽値に使えません（true か false と書いてください）\n"
	                    "1:20: true か false の値が必要です（書かれているのは「1」）\n");
	ut_yaml_doc_free(&d);
}

static const ut_yaml_name sides[] = {{"A", "A"}, {"B", "B"}};

static void vocab(ut_buf *out, int v, int list, ut_lang lang)
{
	assert_int_equal(v, 7);
	ut_buf_puts(out, list ? "A, B" : lang == UT_LANG_JA ? "陣営" : "side");
}

/* Words of a vocabulary and names; a format's catalogue words its own
 * codes ({1} = s1, {2} = a, {3} = b, {4} = s2) and its wants. */
static void test_words_and_catalogue(void **state)
{
	static const ut_msg own[] = {{{"{1}は{2}から{3}（{4}）", "{1}: {2} to {3} ({4})"}}};
	static const ut_msg wants[] = {{{"カード", "a card"}}};
	const ut_yaml_catalog cat = {own, 1, wants, 1, vocab};
	ut_yaml_doc d;
	const ut_yaml_node *e;
	char msg[200];

	rd(&d, "[B, b, Q, \"\", x]", 10);
	e = &d.nodes[d.nodes[d.root].first];
	assert_int_equal(ut_yaml_word(&d, e, sides, 2, 7), 1);
	e = &d.nodes[e->next];
	assert_int_equal(ut_yaml_word(&d, e, sides, 2, 7), -1);
	e = &d.nodes[e->next];
	assert_int_equal(ut_yaml_word(&d, e, sides, 2, 7), -1);
	e = &d.nodes[e->next];
	assert_null(ut_yaml_text(&d, e));
	e = &d.nodes[e->next];
	assert_string_equal(ut_yaml_text(&d, e), "x");
	ut_yaml_wrong_type(&d, e, UT_YAML_WANT_USER);
	ut_yaml_diag_at(&d, e, UT_YAML_D_USER, 1, 13, "hp", "x");
	assert_int_equal(ut_yaml_doc_finish(&d), 0);
	assert_int_equal(d.ndiags, 5);
	ut_yaml_diag_format(msg, sizeof(msg), &d.diags[0], UT_LANG_EN, &cat);
	assert_string_equal(msg, "unknown side 'b'; did you mean 'B'?");
	ut_yaml_diag_format(msg, sizeof(msg), &d.diags[1], UT_LANG_JA, &cat);
	assert_string_equal(msg, "不明な陣営「Q」です（A, Bのいずれか）");
	ut_yaml_diag_format(msg, sizeof(msg), &d.diags[2], UT_LANG_EN, &cat);
	assert_string_equal(msg, "a name must not be empty");
	ut_yaml_diag_format(msg, sizeof(msg), &d.diags[3], UT_LANG_EN, &cat);
	assert_string_equal(msg, "expected a card, found 'x'");
	ut_yaml_diag_format(msg, sizeof(msg), &d.diags[4], UT_LANG_JA, &cat);
	assert_string_equal(msg, "hpは1から13（x）");
	/* without the catalogue a format's code is shown as a number */
	ut_yaml_diag_format(msg, sizeof(msg), &d.diags[4], UT_LANG_EN, NULL);
	assert_string_equal(msg, "? (64)");
	/* cut on a character boundary, the whole length returned */
	assert_int_equal(ut_yaml_diag_format(msg, 5, &d.diags[4], UT_LANG_JA, &cat),
	                 strlen("hpは1から13（x）"));
	assert_string_equal(msg, "hp");
	ut_yaml_doc_free(&d);
}

/* A name has at most UT_YAML_NAME_MAX (100) characters, counted as code
 * points: 100 "ア" (300 bytes) is a name, 101 "ア" or 101 "a" are too long
 * (MG-SCN-LIMIT-1, MS-SCN-LIMIT-1), at the name, in ja and en: "[" is
 * column 1, the first name 2…101, ", ", the second from 104 (to 204),
 * ", ", the third from 207. */
static void test_name_length(void **state)
{
	ut_yaml_doc d;
	const ut_yaml_node *e;
	char y[1024];
	size_t n = 0, i;

	(void)state;
	y[n++] = '[';
	for (i = 0; i < 100; i++, n += 3)
		memcpy(y + n, "ア", 3);
	n += (size_t)snprintf(y + n, sizeof(y) - n, ", ");
	for (i = 0; i < 101; i++, n += 3)
		memcpy(y + n, "ア", 3);
	n += (size_t)snprintf(y + n, sizeof(y) - n, ", ");
	for (i = 0; i < 101; i++)
		y[n++] = 'a';
	y[n++] = ']';
	y[n] = '\0';
	rd(&d, y, 10);
	e = &d.nodes[d.nodes[d.root].first];
	assert_non_null(ut_yaml_text(&d, e));
	e = &d.nodes[e->next];
	assert_null(ut_yaml_text(&d, e));
	e = &d.nodes[e->next];
	assert_null(ut_yaml_text(&d, e));
	assert_string_equal(all(&d, UT_LANG_EN),
	                    "1:104: a name of 101 characters is too long (at most 100)\n"
	                    "1:207: a name of 101 characters is too long (at most 100)\n");
	ut_yaml_doc_free(&d);
	rd(&d, y, 10);
	e = &d.nodes[d.nodes[d.nodes[d.root].first].next];
	assert_null(ut_yaml_text(&d, e));
	assert_string_equal(all(&d, UT_LANG_JA),
	                    "1:104: 名前が長すぎます（101文字。100文字までにしてください）\n");
	ut_yaml_doc_free(&d);
}

/* Blanks at either end of a name are dropped (GM review 2026-12-06: a
 * U+3000 an IME left made a name no one could type in the tracker):
 * "オーガ　" (U+3000 after it), "　オーガ" and quoted " オーガ 　" are オーガ;
 * "ア　イ" keeps its blank inside; "　" alone and quoted " " are empty
 * names, at the name (lines 5 and 6, column 3, after "- "). */
static void test_name_blanks(void **state)
{
	ut_yaml_doc d;
	const ut_yaml_node *e;

	(void)state;
	rd(&d, "- オーガ\u3000\n- \u3000オーガ\n- \" オーガ \u3000\"\n"
	       "- ア\u3000イ\n- \u3000\n- \" \"\n", 10);
	e = &d.nodes[d.nodes[d.root].first];
	assert_string_equal(ut_yaml_text(&d, e), "オーガ");
	e = &d.nodes[e->next];
	assert_string_equal(ut_yaml_text(&d, e), "オーガ");
	e = &d.nodes[e->next];
	assert_string_equal(ut_yaml_text(&d, e), "オーガ");
	e = &d.nodes[e->next];
	assert_string_equal(ut_yaml_text(&d, e), "ア\u3000イ");
	e = &d.nodes[e->next];
	assert_null(ut_yaml_text(&d, e));
	e = &d.nodes[e->next];
	assert_null(ut_yaml_text(&d, e));
	assert_string_equal(all(&d, UT_LANG_EN),
	                    "5:3: a name must not be empty\n"
	                    "6:3: a name must not be empty\n");
	ut_yaml_doc_free(&d);
}

/* Diagnostics are sorted by line and column (stable) and capped; the
 * count of all errors stays. */
static void test_sort_and_cap(void **state)
{
	ut_yaml_doc d;

	rd(&d, "a: 1\n", 2);
	ut_yaml_diag_add(&d, UT_YAML_D_EMPTY_NAME, 3, 1, 0, 0, NULL, NULL);
	ut_yaml_diag_add(&d, UT_YAML_D_KEY_NOT_TEXT, 1, 5, 0, 0, NULL, NULL);
	ut_yaml_diag_add(&d, UT_YAML_D_EMPTY, 1, 5, 0, 0, NULL, NULL);
	ut_yaml_diag_add(&d, UT_YAML_D_TAB, 1, 2, 0, 0, NULL, NULL);
	assert_int_equal(ut_yaml_doc_finish(&d), 0);
	assert_int_equal(d.nerrors, 4);
	assert_int_equal(d.ndiags, 2);
	assert_int_equal(d.diags[0].code, UT_YAML_D_TAB);
	assert_int_equal(d.diags[1].code, UT_YAML_D_KEY_NOT_TEXT);
	ut_yaml_doc_free(&d);
	ut_yaml_doc_free(NULL);
}

/* The nearest name: transposition counts 1; a candidate must be close
 * (distance ≤ half its length, < its length); ties go to the earlier. */
static void test_suggest(void **state)
{
	static const ut_yaml_name names[] = {
		{"battles", "バトル数"}, {"hand_size", "手札"}, {"S1", "♠1"}, {"S2", "♠2"}};

	assert_int_equal(ut_yaml_distance("battels", "battles"), 1);
	assert_int_equal(ut_yaml_distance("BATTLES", "battles"), 0);
	assert_int_equal(ut_yaml_distance("バトル", "バトル数"), 1);
	assert_string_equal(ut_yaml_suggest(names, 4, "battels"), "battles");
	assert_string_equal(ut_yaml_suggest(names, 4, "バトル"), "バトル数");
	assert_string_equal(ut_yaml_suggest(names, 4, "S3"), "S1");
	assert_string_equal(ut_yaml_suggest(names, 4, "♠3"), "♠1");
	assert_null(ut_yaml_suggest(names, 4, "xyz"));
	assert_null(ut_yaml_suggest(names, 4, ""));
	assert_int_equal(ut_yaml_lookup(names, 4, "手札"), 1);
	assert_int_equal(ut_yaml_lookup(names, 4, "Hand_size"), -1);
}

/* Scalars written back: plain when they read back the same, else quoted
 * with escapes. */
/* Lines end where libyaml's do (LF, CR LF, a lone CR, NEL, LS, PS): the
 * source line of an error on line 2 is line 2, without its break; and the
 * UTF-8 and indentation checks count the same lines.  The unclosed "[" is
 * found at the end of the text and shown after the last character of the
 * last line with content: "b: [x" is line 2, 5 characters, so 2:6. */
static void test_line_breaks(void **state)
{
	static const char *const texts[] = {
		"a: 1\nb: [x\n", "a: 1\r\nb: [x\r\n", "a: 1\rb: [x\r",
		"a: 1\xC2\x85" "b: [x\xC2\x85", "a: 1\xE2\x80\xA8" "b: [x\xE2\x80\xA9",
	};
	size_t i, len;
	const char *l;
	ut_yaml_doc d;

	(void)state;
	for (i = 0; i < sizeof(texts) / sizeof(texts[0]); i++) {
		rd(&d, texts[i], 10);
		assert_int_equal(d.ndiags, 1);
		assert_int_equal(d.diags[0].line, 2);
		assert_int_equal(d.diags[0].col, 6);
		l = ut_yaml_doc_line(&d, 2, &len);
		assert_non_null(l);
		assert_int_equal(len, 5);
		assert_memory_equal(l, "b: [x", 5);
		ut_yaml_doc_free(&d);
	}
	rd(&d, "a: 1\rb:\r\t c: 2\r", 10);
	assert_string_equal(all(&d, UT_LANG_EN),
	                    "3:1: a tab in the indentation (YAML indents with spaces)\n");
	ut_yaml_doc_free(&d);
	/* libyaml's reader gives a byte offset, not a mark: located here */
	rd(&d, "a: 1\rb: x\x01\r", 10);
	assert_string_equal(all(&d, UT_LANG_JA),
	                    "2:5: YAMLの構文エラー：制御文字は使えません\n");
	ut_yaml_doc_free(&d);
}

/* The IME's typos: a full-width colon or no blank after ':' in a key,
 * named at the colon when the YAML breaks right after them or a mapping
 * reads as a text holding one; U+3000 in the indentation at its column;
 * a ':' inside a value or a text that reads fine is no error. */
static void test_ime_typos(void **state)
{
	ut_yaml_doc d;
	int v[1], k[1];
	static const ut_yaml_name keys[] = {{"a", "a"}};

	(void)state;
	rd(&d, "x: 1\nbattles\xEF\xBC\x9A" "3\nrounds: 10\n", 10);
	assert_string_equal(all(&d, UT_LANG_JA),
	    "2:8: YAMLの構文エラー：全角の「：」です。半角の「: 」（コロンと空白）で書いてください\n");
	assert_string_equal(all(&d, UT_LANG_EN),
	    "2:8: YAML syntax error: a full-width colon '\xEF\xBC\x9A': write a "
	    "half-width ': ' (a colon and a space)\n");
	ut_yaml_doc_free(&d);
	rd(&d, "- n: a\n  hp:24\n\n# c\n  ac: 1\n", 10);
	assert_string_equal(all(&d, UT_LANG_EN),
	    "2:5: YAML syntax error: no space after ':': write ': ' (a colon and "
	    "a space) between a key and its value\n");
	ut_yaml_doc_free(&d);
	/* another line between: libyaml's own error stands */
	rd(&d, "- p:q\n- r\nk: 1\n", 10);
	assert_int_equal(d.ndiags, 1);
	assert_int_equal(d.diags[0].line, 3);
	assert_int_equal(d.diags[0].col, 1);
	ut_yaml_doc_free(&d);
	/* a one-line mapping reads as a text */
	rd(&d, "a\xEF\xBC\x9A" "10\n", 10);
	assert_int_equal(d.ndiags, 0);
	ut_yaml_wrong_type(&d, &d.nodes[d.root], UT_YAML_WANT_MAPPING);
	assert_string_equal(all(&d, UT_LANG_JA),
	    "1:2: YAMLの構文エラー：全角の「：」です。半角の「: 」（コロンと空白）で書いてください\n");
	ut_yaml_doc_free(&d);
	/* colons in values are fine */
	rd(&d, "a: x:y\xEF\xBC\x9Az\n", 10);
	assert_int_equal(d.root, 0);
	ut_yaml_keys(&d, &d.nodes[d.root], keys, 1, v, k);
	assert_string_equal(all(&d, UT_LANG_EN), "");
	assert_string_equal(d.nodes[v[0]].text, "x:y\xEF\xBC\x9Az");
	ut_yaml_doc_free(&d);
	rd(&d, "a:\n\xE3\x80\x80 b: 1\n", 10);
	assert_string_equal(all(&d, UT_LANG_EN),
	    "2:1: YAML syntax error: a full-width space (U+3000) in the "
	    "indentation: indent with half-width spaces\n");
	ut_yaml_doc_free(&d);
}

/* Every problem and context libyaml 0.2 reports is in Japanese; a few
 * English ones are reworded. */
static void test_libyaml_texts(void **state)
{
	ut_yaml_doc d;

	(void)state;
	rd(&d, "a: @x\n", 10);
	assert_string_equal(all(&d, UT_LANG_JA),
	    "1:4: YAMLの構文エラー：ここに書けない文字があります（@ ` % で始まる値は"
	    "引用符で囲んでください）\n");
	ut_yaml_doc_free(&d);
	rd(&d, "a: \"\\xZZ\"\n", 10);
	assert_string_equal(all(&d, UT_LANG_JA),
	    "1:7: YAMLの構文エラー：16進数の数字がありません（\\x は2桁、\\u は4桁、"
	    "\\U は8桁）（1行4桁から始まる引用符で囲んだ文字列の中）\n");
	assert_string_equal(all(&d, UT_LANG_EN),
	    "1:7: YAML syntax error: did not find the expected hexadecimal digits "
	    "(\\x takes 2, \\u 4, \\U 8) (while parsing a quoted scalar started at "
	    "1:4)\n");
	ut_yaml_doc_free(&d);
	rd(&d, "%YAML 1.1\n%YAML 1.1\n---\na: 1\n", 10);
	assert_string_equal(all(&d, UT_LANG_JA),
	    "2:1: YAMLの構文エラー：%YAMLディレクティブが2つあります\n");
	ut_yaml_doc_free(&d);
	rd(&d, "a: !<x y\n", 10);
	assert_string_equal(all(&d, UT_LANG_JA),
	    "1:7: YAMLの構文エラー：「>」がありません（1行4桁から始まるタグの中）\n");
	ut_yaml_doc_free(&d);
}

/* Keys, words, booleans and numbers are matched after NFKC. */
static void test_fold(void **state)
{
	ut_yaml_doc d;
	static const ut_yaml_name keys[] = {{"hp", "HP"}, {"side", "陣営"}};
	static const ut_yaml_name sides[] = {{"PC", "PC"}, {"NPC", "NPC"}};
	int v[2], k[2], i, b;
	int64_t x;

	(void)state;
	rd(&d, "ＨＰ: ２４\n陣営: ＰＣ\n", 10);
	ut_yaml_keys(&d, &d.nodes[d.root], keys, 2, v, k);
	assert_true(v[0] >= 0 && v[1] >= 0);
	assert_int_equal(ut_yaml_int(&d, &d.nodes[v[0]], &x), 1);
	assert_int_equal(x, 24);
	assert_int_equal(ut_yaml_word(&d, &d.nodes[v[1]], sides, 2, 0), 0);
	assert_string_equal(all(&d, UT_LANG_EN), "");
	ut_yaml_doc_free(&d);
	rd(&d, "a: －５\nb: ＋５\n", 10);
	assert_int_equal(ut_yaml_int(&d, &d.nodes[d.nodes[d.root].first + 1], &x),
	                 1);
	assert_int_equal(x, -5);
	assert_int_equal(ut_yaml_int(&d, &d.nodes[d.nodes[d.root].first + 3], &x),
	                 0);
	assert_string_equal(all(&d, UT_LANG_EN),
	    "2:4: '＋５' is not a plain decimal integer (a '+' sign)\n");
	ut_yaml_doc_free(&d);
	/* NFKC would read 2³ as 23, 1⑤ as 15 and 1𝟓 as 15 (review of the
	 * megami scenarios, F1): only 0–9 and ０–９ are digits, so each is
	 * "expected an integer", as ³ alone already was; １２ is still 12 */
	rd(&d, "a: 2³\nb: 1⑤\nc: 1𝟓\nd: ³\ne: １２\n", 10);
	for (i = 0; i < 4; i++)
		assert_int_equal(ut_yaml_int(&d, &d.nodes[d.nodes[d.root].first +
		                                          2 * i + 1], &x), 0);
	assert_int_equal(ut_yaml_int(&d, &d.nodes[d.nodes[d.root].first + 9],
	                             &x), 1);
	assert_int_equal(x, 12);
	assert_string_equal(all(&d, UT_LANG_EN),
	    "1:4: expected an integer, found '2³'\n"
	    "2:4: expected an integer, found '1⑤'\n"
	    "3:4: expected an integer, found '1𝟓'\n"
	    "4:4: expected an integer, found '³'\n");
	ut_yaml_doc_free(&d);
	/* an IME's full-width space (U+3000) after a value or a key is a
	 * blank, as YAML's own trailing blank is: ２４ and ＰＣ (review F5:
	 * "expected an integer, found '２４　'") */
	rd(&d, "ＨＰ　: ２４　\n陣営: 　ＰＣ　\n", 10);
	ut_yaml_keys(&d, &d.nodes[d.root], keys, 2, v, k);
	assert_true(v[0] >= 0 && v[1] >= 0);
	assert_int_equal(ut_yaml_int(&d, &d.nodes[v[0]], &x), 1);
	assert_int_equal(x, 24);
	assert_int_equal(ut_yaml_word(&d, &d.nodes[v[1]], sides, 2, 0), 0);
	assert_string_equal(all(&d, UT_LANG_EN), "");
	ut_yaml_doc_free(&d);
	/* and before a number too (review 2026-12-06: "hp: 　12" was
	 * "expected an integer, found '　12'" where "hp: 12　" was 12), and
	 * around a boolean, a word as the others: ｔｒｕｅ is true; a YAML 1.1
	 * word keeps its message, folded or not */
	rd(&d, "HP: 　　１２　\n陣営: ｔｒｕｅ　\n", 10);
	ut_yaml_keys(&d, &d.nodes[d.root], keys, 2, v, k);
	assert_true(v[0] >= 0 && v[1] >= 0);
	assert_int_equal(ut_yaml_int(&d, &d.nodes[v[0]], &x), 1);
	assert_int_equal(x, 12);
	assert_int_equal(ut_yaml_bool(&d, &d.nodes[v[1]], &b), 1);
	assert_int_equal(b, 1);
	assert_string_equal(all(&d, UT_LANG_EN), "");
	ut_yaml_doc_free(&d);
	rd(&d, "HP: 　x12\n陣営: ｙｅｓ\n", 10);
	ut_yaml_keys(&d, &d.nodes[d.root], keys, 2, v, k);
	assert_int_equal(ut_yaml_int(&d, &d.nodes[v[0]], &x), 0);
	assert_int_equal(ut_yaml_bool(&d, &d.nodes[v[1]], &b), 0);
	assert_string_equal(all(&d, UT_LANG_EN),
	    "1:5: expected an integer, found '　x12'\n"
	    "2:5: 'ｙｅｓ' is not a boolean here (write true or false)\n");
	ut_yaml_doc_free(&d);
}

static void test_put_scalar(void **state)
{
	static const char *const cases[][2] = {
		{"リナ", "リナ"},
		{"Rina Ko", "Rina Ko"},
		{"yes", "\"yes\""},
		{"Null", "\"Null\""},
		{"12", "\"12\""},
		{"a: b", "\"a: b\""},
		{"", "\"\""},
		{"say \"hi\"\\", "\"say \\\"hi\\\"\\\\\""},
		{"tab\there", "\"tab\\x09here\""},
		/* the specials YAML must escape, each its own code point: NEL
		 * (C2 85), the line separator (E2 80 A8), the BOM (EF BB BF),
		 * U+FFFE (EF BF BE) and U+FFFF (EF BF BF: 1111 111111 111111) -
		 * the last two were written \uFFBE and \uFFBF once */
		{"a\xC2\x85", "\"a\\u0085\""},
		{"a\xE2\x80\xA8", "\"a\\u2028\""},
		{"a\xEF\xBB\xBF", "\"a\\uFEFF\""},
		{"a\xEF\xBF\xBE", "\"a\\uFFFE\""},
		{"a\xEF\xBF\xBF", "\"a\\uFFFF\""},
	};
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		ut_buf b = UT_BUF_INIT;
		ut_yaml_put_scalar(&b, cases[i][0]);
		assert_string_equal(b.ptr, cases[i][1]);
		ut_buf_free(&b);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_tree_locations),
		cmocka_unit_test(test_bom),
		cmocka_unit_test(test_bytes),
		cmocka_unit_test(test_syntax),
		cmocka_unit_test(test_refused),
		cmocka_unit_test(test_depth_empty_nul),
		cmocka_unit_test(test_node_cap),
		cmocka_unit_test(test_keys),
		cmocka_unit_test(test_integers),
		cmocka_unit_test(test_booleans),
		cmocka_unit_test(test_words_and_catalogue),
		cmocka_unit_test(test_name_length),
		cmocka_unit_test(test_name_blanks),
		cmocka_unit_test(test_sort_and_cap),
		cmocka_unit_test(test_suggest),
		cmocka_unit_test(test_put_scalar),
		cmocka_unit_test(test_line_breaks),
		cmocka_unit_test(test_ime_typos),
		cmocka_unit_test(test_libyaml_texts),
		cmocka_unit_test(test_fold),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
