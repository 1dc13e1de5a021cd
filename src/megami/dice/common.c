/*
 * common.c - BCDice's common commands besides the sum (megami/dice.h):
 * D66, C(...) (Calc), choice and repeat, parsed and printed as BCDice 3.16
 * (npm bcdice 4.9.0) does for game system SRS (docs/MEGAMI.md, Dice bot,
 * MG-DICE-COM-3, MG-DICE-COM-4, MG-DICE-COM-5, MG-DICE-COM-6).
 *
 * Each is tried, in BCDice's order (CommonCommand::COMMANDS), when neither
 * the SRS reading nor the sum reads the text; the dice pools among them
 * (nBx, nTx, nRx, nUx, BCDiceVersion) are pool.c's.
 */
#include "dice_int.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/ckd.h"
#include "util/msg.h"

enum { C_D66 = 1, C_CALC, C_CHOICE, C_REPEAT, C_POOL };
enum { DELIM_BRACKET, DELIM_PAREN, DELIM_SPACE };

#define CHOICE_MAX_ITEMS 100   /* BCDice: 項目数は100以下としてください */
#define REPEAT_LIMIT 100       /* BCDice's Repeat::REPEAT_LIMIT */
#define REPEAT_DEPTH 10        /* megami's: repeats one inside the other */

enum {
	M_RANDS, M_REPEAT_BLANK, M_REPEAT_EMPTY, M_CHOICE_FORM, M_CHOICE_OPEN,
	M_CHOICE_ZERO, M_CHOICE_ITEMS, M_CHOICE_FEW, M_CHOICE_LONG,
	M_CHOICE_REPEAT, M_CALC_EMPTY, M_CALC_DICE, M_OVERFLOW, M_CHOICE_BLANK,
	M_REPEAT_DEEP, M_ANSWER, M_COUNT
};

static const ut_msg msgs[M_COUNT] = {
	[M_RANDS] = {{"1つのコマンドで振れるダイスは10000個までです",
	              "at most 10000 dice in one command"}},
	[M_REPEAT_BLANK] = {{"繰り返し（x、rep、repeat）の前に空白は置けません",
	                     "a repeat (x, rep, repeat) cannot come after a blank"}},
	[M_REPEAT_EMPTY] = {{"繰り返すコマンドがありません（x3 2D6 のように書きます）",
	                     "nothing to repeat (write it like x3 2D6)"}},
	[M_CHOICE_FORM] = {{"choice は choice[a,b,c]、choice(a,b,c)、choice a b c と書きます",
	                    "write choice as choice[a,b,c], choice(a,b,c) or choice a b c"}},
	[M_CHOICE_OPEN] = {{"choice の「{1}」が閉じていません",
	                    "choice: '{1}' is not closed"}},
	[M_CHOICE_ZERO] = {{"choice で選ぶ数は1以上です",
	                    "choice must pick 1 item or more"}},
	[M_CHOICE_ITEMS] = {{"choice の項目は2つ以上か、1-6 や a-f のような範囲で書きます",
	                     "choice needs 2 items or more, or a range like 1-6 or a-f"}},
	[M_CHOICE_FEW] = {{"choice{1} には{1}個以上の項目が要ります",
	                   "choice{1} needs {1} items or more"}},
	[M_CHOICE_LONG] = {{"choice が長すぎます（16384バイトまで）",
	                    "choice too long (at most 16384 bytes)"}},
	[M_CHOICE_REPEAT] = {{"繰り返す choice が長すぎます（長さ×回数で16384バイトまで）",
	                      "repeated choice too long (at most 16384 bytes, "
	                      "its length times the count)"}},
	[M_REPEAT_DEEP] = {{"繰り返しの入れ子が深すぎます（10段まで）",
	                    "repeats nested too deep (at most 10 levels)"}},
	[M_ANSWER] = {{"1つのコマンドの答えは1048576バイトまでです",
	               "at most 1048576 bytes in one command's answer"}},
	[M_CALC_EMPTY] = {{"C() の中に式がありません", "C() holds no expression"}},
	[M_CALC_DICE] = {{"C() ではダイスを振れません", "C() cannot roll dice"}},
	[M_OVERFLOW] = {{"計算の結果が大きすぎます（64ビットを超えます）",
	                 "arithmetic overflow (over 64 bits)"}},
	[M_CHOICE_BLANK] = {{"choice と「{1}」の間に空白は置けません（choice[a,b,c] か、空白で区切って choice a b c と書きます）",
	                     "no blank between choice and '{1}': write choice[a,b,c], or blank-separated items as choice a b c"}},
};

/* *pdiag and *pcode (when no error is there yet) for msg at col, with
 * {1} arg (may be NULL). */
static void note_error(mg_dice_diag *pdiag, int *pcode, int code,
                       mg_lang lang, uint32_t col, int msg, const char *arg)
{
	if (*pcode)
		return;
	*pcode = mg_dice_message(pdiag, code, lang, col, &msgs[msg], &arg, 1,
	                         0);
}

struct mg_dcommon {
	int kind;
	int secret;
	char *text;        /* C_CALC: the whole line; C_REPEAT: a message
	                      line instead of the rolls, or NULL */
	/* C_D66 */
	char suffix;       /* 0 or A N S D */
	/* C_CHOICE */
	char **items;
	size_t nitems;
	int toomany;       /* a range of more than 100 items (not stored) */
	size_t len;        /* bytes of the list as the answer shows it */
	int64_t takes;
	int delim;
	/* C_REPEAT */
	int64_t times;
	mg_dice_expr *sub;
	uint32_t subcol;   /* the column before the command's first */
	/* C_POOL (pool.c) */
	mg_dpool *pool;
};

void mg_dcommon_free(mg_dcommon *c)
{
	size_t i;

	if (!c)
		return;
	free(c->text);
	for (i = 0; i < c->nitems; i++)
		free(c->items[i]);
	free(c->items);
	mg_dice_free(c->sub);
	mg_dpool_free(c->pool);
	free(c);
}

static char *dup_text(const char *t)
{
	char *r = malloc(strlen(t) + 1);

	return r ? strcpy(r, t) : NULL;
}

/* ---- D66 (MG-DICE-COM-3): /^(S)?D66([ANSD])?$/ on the upper-cased word */

static int parse_d66(mg_dcommon *c, const char *s, size_t n)
{
	if (n && s[0] == 'S') {
		c->secret = 1;
		s++;
		n--;
	}
	if (n < 3 || memcmp(s, "D66", 3) != 0)
		return 1;
	if (n == 4 && strchr("ANSD", s[3]))
		c->suffix = s[3];
	else if (n != 3)
		return 1;
	c->kind = C_D66;
	return 0;
}

/* ---- Calc (MG-DICE-COM-4): [S] C add, Arithmetic printed as BCDice ---- */

typedef struct cp {
	const char *s;
	size_t n, i;
	int divzero, over, depth;
	ut_buf out;
} cp;

static int c_add(cp *p, int64_t *v);

static int c_peek(const cp *p)
{
	return p->i < p->n ? (unsigned char)p->s[p->i] : -1;
}

/* term -> "(" add ")" | NUMBER */
static int c_term(cp *p, int64_t *v)
{
	if (c_peek(p) == '(') {
		if (++p->depth > MG_DICE_MAX_DEPTH)
			return -1;
		p->i++;
		ut_buf_puts(&p->out, "(");
		if (c_add(p, v) < 0 || c_peek(p) != ')')
			return -1;
		p->i++;
		p->depth--;
		ut_buf_puts(&p->out, ")");
		return 0;
	}
	if (c_peek(p) >= '0' && c_peek(p) <= '9') {
		int64_t x = 0;
		while (c_peek(p) >= '0' && c_peek(p) <= '9') {
			if (ut_ckd_mul(&x, x, 10) ||
			    ut_ckd_add(&x, x, p->s[p->i] - '0'))
				p->over = 1;
			p->i++;
		}
		ut_buf_printf(&p->out, "%" PRId64, x);
		*v = x;
		return p->over ? -1 : 0;
	}
	return -1;
}

/* unary -> "+" unary | "-" unary | term  ("+x" prints as x) */
static int c_unary(cp *p, int64_t *v)
{
	int c = c_peek(p);

	if (c == '+' || c == '-') {
		if (++p->depth > MG_DICE_MAX_DEPTH)
			return -1;
		p->i++;
		if (c == '-')
			ut_buf_puts(&p->out, "-");
		if (c_unary(p, v) < 0)
			return -1;
		p->depth--;
		if (c == '-' && ut_ckd_sub(v, 0, *v))
			return p->over = 1, -1;
		return 0;
	}
	return c_term(p, v);
}

/* mul -> mul "*" unary | mul "/" unary [U|C|R|F] | unary; `/U` prints as
 * `/C` (Arithmetic's DivideWithCeil) */
static int c_mul(cp *p, int64_t *v)
{
	if (c_unary(p, v) < 0)
		return -1;
	while (c_peek(p) == '*' || c_peek(p) == '/') {
		int star = c_peek(p) == '*';
		char round = 0;
		int64_t r;
		p->i++;
		ut_buf_puts(&p->out, star ? "*" : "/");
		if (c_unary(p, &r) < 0)
			return -1;
		if (star) {
			if (ut_ckd_mul(v, *v, r))
				return p->over = 1, -1;
			continue;
		}
		if (c_peek(p) > 0 && strchr("UCRF", c_peek(p))) {
			round = p->s[p->i++];
			ut_buf_puts(&p->out, round == 'U' || round == 'C' ? "C"
			                     : round == 'R' ? "R" : "F");
		}
		if (r == 0) {
			p->divzero = 1;
			continue;
		}
		if (mg_dice_divide(*v, r, round == 'C' ? 'U' : round, v) < 0)
			return p->over = 1, -1;
	}
	return 0;
}

/* add -> add "+" mul | add "-" mul | mul */
static int c_add(cp *p, int64_t *v)
{
	if (c_mul(p, v) < 0)
		return -1;
	while (c_peek(p) == '+' || c_peek(p) == '-') {
		int plus = c_peek(p) == '+';
		int64_t r;
		p->i++;
		ut_buf_puts(&p->out, plus ? "+" : "-");
		if (c_mul(p, &r) < 0)
			return -1;
		if (plus ? ut_ckd_add(v, *v, r) : ut_ckd_sub(v, *v, r))
			return p->over = 1, -1;
	}
	return 0;
}

/* 0 parsed; 1 not Calc (*pdiag and *pcode say why when the word is
 * C(…): empty, dice, a number or value past 64 bits); MG_ENOMEM. */
static int parse_calc(mg_dcommon *c, const mg_dtext *word, mg_lang lang,
                      mg_dice_diag *pdiag, int *pcode)
{
	const char *s = word->s;
	size_t n = word->len;
	cp p;
	int64_t v = 0;
	ut_buf line = UT_BUF_INIT;
	int opened, paren;

	memset(&p, 0, sizeof(p));
	if (n && s[0] == 'S') {
		c->secret = 1;
		s++;
		n--;
	}
	if (n < 2 || s[0] != 'C')
		return 1;
	p.s = s + 1;
	p.n = n - 1;
	opened = c_peek(&p) == '(';
	if (c_add(&p, &v) < 0 || p.i != p.n) {
		uint32_t col = word->cols[c->secret];
		ut_buf_free(&p.out);
		if (p.over)
			note_error(pdiag, pcode, MG_EOVERFLOW, lang, col,
			           M_OVERFLOW, NULL);
		else if (opened && p.n == 2 && p.s[1] == ')')
			note_error(pdiag, pcode, MG_EINVALID, lang, col,
			           M_CALC_EMPTY, NULL);
		else if (opened && memchr(p.s, 'D', p.n))
			note_error(pdiag, pcode, MG_EINVALID, lang, col,
			           M_CALC_DICE, NULL);
		return 1;
	}
	if (p.out.failed) { /* (its text, as printed, could not be made) */
		ut_buf_free(&p.out);
		return MG_ENOMEM;
	}
	/* an expression that is one parenthesis prints as it is, else in
	 * (): as printed, so "+(1)" (a unary + prints nothing, as Arithmetic
	 * drops it) is "c(1)" as BCDice has it, not "c((1))" */
	paren = p.out.len > 0 && p.out.ptr[0] == '(';
	if (paren) { /* is the outer "(" closed only at the end? */
		size_t k, depth = 0;
		for (k = 0; k < p.out.len; k++) {
			if (p.out.ptr[k] == '(')
				depth++;
			else if (p.out.ptr[k] == ')' && --depth == 0 &&
			         k + 1 < p.out.len)
				paren = 0;
		}
	}
	ut_buf_printf(&line, paren ? "c%s ＞ " : "c(%s) ＞ ", p.out.ptr);
	if (p.divzero)
		ut_buf_puts(&line, "ゼロ除算が発生したため計算できませんでした");
	else
		ut_buf_printf(&line, "%" PRId64, v);
	ut_buf_free(&p.out);
	if (line.failed) {
		ut_buf_free(&line);
		return MG_ENOMEM;
	}
	c->text = line.ptr;
	c->kind = C_CALC;
	return 0;
}

/* ---- choice (MG-DICE-COM-5), on the whole text, not upper-cased ------- */

static int add_item(mg_dcommon *c, const char *s, size_t n)
{
	char **ni;

	while (n && mg_dice_is_blank(*s))
		s++, n--;
	while (n && mg_dice_is_blank(s[n - 1]))
		n--;
	if (!n)
		return 0; /* reject(&:empty?) */
	ni = realloc(c->items, (c->nitems + 1) * sizeof(*ni));
	if (!ni)
		return -1;
	c->items = ni;
	if (!(ni[c->nitems] = malloc(n + 1)))
		return -1;
	memcpy(ni[c->nitems], s, n);
	ni[c->nitems][n] = '\0';
	c->nitems++;
	return 0;
}

/* The item whole->s[a..b) of a choice, without the blanks around it, as
 * it was typed (BCDice prints the items as they are: "ｵｰｸ", "①",
 * "（強）"), or as normalized when the typed text cannot be cut there (one
 * character that became several, "⑴"); an empty item is dropped.  0, or
 * -1 when out of memory. */
static int add_span(mg_dcommon *c, const mg_dtext *whole, size_t a, size_t b)
{
	const size_t a0 = a, b0 = b;
	const char *p;
	size_t n;

	while (a < b && mg_dice_is_blank(whole->s[a]))
		a++;
	while (b > a && mg_dice_is_blank(whole->s[b - 1]))
		b--;
	if (a == b)
		return 0;
	/* a blank that is part of what one typed character became ("゛" is
	 * " ゙") goes with that character */
	while (a > a0 && whole->cols[a - 1] == whole->cols[a])
		a--;
	while (b < b0 && whole->cols[b] == whole->cols[b - 1])
		b++;
	if (mg_dtext_orig(whole, a, b, &p, &n) == 0)
		return add_item(c, p, n);
	return add_item(c, whole->s + a, b - a);
}

/* The digits of s from *i as a number (*i after them): 0, or 1 when
 * there are none or they pass 64 bits. */
static int digits(const char *s, size_t *i, int64_t *v)
{
	size_t d = *i;

	*v = 0;
	for (; s[*i] >= '0' && s[*i] <= '9'; (*i)++)
		if (ut_ckd_mul(v, *v, 10) || ut_ckd_add(v, *v, s[*i] - '0'))
			return 1;
	return *i == d;
}

/* `1-6` or `a-f` (one case): the items of the range; 1 not a range.  A
 * range of more than 100 numbers is not spelled out: *count holds how
 * many it has (BCDice's roll answers 項目数は100以下としてください). */
static int range_items(mg_dcommon *c, const char *s, uint64_t *count)
{
	char buf[32];
	int64_t a, b, k;
	size_t i = 0;

	*count = 0;
	if (!digits(s, &i, &a) && s[i] == '-' && (i++, !digits(s, &i, &b)) &&
	    !s[i]) {
		if (a > b)
			return 1;
		*count = (uint64_t)b - (uint64_t)a + 1; /* at least 1 */
		if (*count > CHOICE_MAX_ITEMS)
			return 0;
		for (k = a; k <= b; k++) {
			snprintf(buf, sizeof(buf), "%" PRId64, k);
			if (add_item(c, buf, strlen(buf)) < 0)
				return -1;
		}
		return 0;
	}
	if (strlen(s) == 3 && s[1] == '-' &&
	    ((s[0] >= 'a' && s[0] <= 'z' && s[2] >= 'a' && s[2] <= 'z') ||
	     (s[0] >= 'A' && s[0] <= 'Z' && s[2] >= 'A' && s[2] <= 'Z')) &&
	    s[0] <= s[2]) {
		for (k = s[0]; k <= s[2]; k++) {
			buf[0] = (char)k;
			if (add_item(c, buf, 1) < 0)
				return -1;
		}
		return 0;
	}
	return 1;
}

static int ci_prefix(const char *s, size_t n, const char *w)
{
	size_t i, wl = strlen(w);

	if (n < wl)
		return 0;
	for (i = 0; i < wl; i++)
		if ((s[i] | 0x20) != w[i])
			return 0;
	return 1;
}

/* 0 parsed; 1 not choice; MG_ENOMEM. */
/* choice's count of picks at s[*i] (choiceN), default 1: 0, or 1 when it
 * is not a count (0, or past 64 bits). */
static int choice_takes(int64_t *takes, const char *s, size_t n, size_t *i)
{
	*takes = 1;
	if (*i < n && s[*i] >= '0' && s[*i] <= '9') {
		*takes = 0;
		while (*i < n && s[*i] >= '0' && s[*i] <= '9') {
			if (ut_ckd_mul(takes, *takes, 10) ||
			    ut_ckd_add(takes, *takes, s[*i] - '0'))
				return 1;
			(*i)++;
		}
		if (*takes == 0)
			return 1;
	}
	return 0;
}

/* choice[a,b] / choice(a,b): the items up to each ",", the last up to the
 * first closing bracket after them; i is just after the opening one.  0, 1
 * (no closing bracket) or MG_ENOMEM. */
static int choice_bracket_items(mg_dcommon *c, const mg_dtext *whole,
                                size_t i, char close)
{
	const char *s = whole->s;
	size_t start, n = whole->len;

	for (start = i; i < n; i++)
		if (s[i] == ',') {
			if (add_span(c, whole, start, i) < 0)
				return MG_ENOMEM;
			start = i + 1;
		}
	for (i = start; i < n && s[i] != close; i++)
		;
	if (i == n)
		return 1;
	return add_span(c, whole, start, i) < 0 ? MG_ENOMEM : 0;
}

/* choice a b c: the items between blanks, from s[i].  0 or MG_ENOMEM. */
static int choice_blank_items(mg_dcommon *c, const mg_dtext *whole,
                              size_t i)
{
	const char *s = whole->s;
	size_t start, n = whole->len;

	while (i < n) {
		while (i < n && mg_dice_is_blank(s[i]))
			i++;
		for (start = i; i < n && !mg_dice_is_blank(s[i]); i++)
			;
		if (add_span(c, whole, start, i) < 0)
			return MG_ENOMEM;
	}
	return 0;
}

/* choice (BCDice answers nothing when it is bad: *pdiag and *pcode say
 * why, at the "c" or the bracket never closed).  megami's limit
 * (MG-DICE-LIMIT): the list a choice's answer shows (at most 100 items,
 * with their separators) is at most MG_DICE_MAX_CHOICE bytes; past it,
 * the error at the "c", and *raises (a repeat of it fails with the
 * error, not with BCDice's 繰り返し対象の…, which would show it again). */
static int parse_choice(mg_dcommon *c, const mg_dtext *whole, mg_lang lang,
                        mg_dice_diag *pdiag, int *pcode, int *raises)
{
	const char *s = whole->s;
	size_t n = whole->len;
	size_t i = 0, start, open, k;
	int64_t takes;
	int rc;

	if (n && (s[0] == 'S' || s[0] == 's'))
		c->secret = 1, i = 1;
	if (!ci_prefix(s + i, n - i, "choice"))
		return 1;
	start = i;
	i += 6;
	if (choice_takes(&takes, s, n, &i)) {
		/* 0, or a number past 64 bits: more than any list holds */
		char a[32];
		size_t k = 0;
		while (start + 6 + k < n && k < sizeof(a) - 4 &&
		       s[start + 6 + k] >= '0' && s[start + 6 + k] <= '9')
			k++;
		memcpy(a, s + start + 6, k);
		strcpy(a + k, start + 6 + k < n && s[start + 6 + k] >= '0' &&
		              s[start + 6 + k] <= '9' ? "…" : "");
		note_error(pdiag, pcode, MG_EINVALID, lang, whole->cols[start],
		           takes == 0 ? M_CHOICE_ZERO : M_CHOICE_FEW, a);
		return 1;
	}
	open = i;
	if (i < n && (s[i] == '[' || s[i] == '(')) {
		c->delim = s[i] == '[' ? DELIM_BRACKET : DELIM_PAREN;
		if ((rc = choice_bracket_items(c, whole, i + 1,
		                               s[i] == '[' ? ']' : ')')) != 0) {
			if (rc == 1)
				note_error(pdiag, pcode, MG_EINVALID, lang,
				           whole->cols[open], M_CHOICE_OPEN,
				           s[open] == '[' ? "[" : "(");
			return rc;
		}
	} else if (i < n && mg_dice_is_blank(s[i])) {
		c->delim = DELIM_SPACE;
		if ((rc = choice_blank_items(c, whole, i)) != 0)
			return rc;
	} else {
		note_error(pdiag, pcode, MG_EINVALID, lang, whole->cols[start],
		           M_CHOICE_FORM, NULL);
		return 1;
	}
	if (c->nitems == 1) {
		/* a range, read as normalized ("１-６" is 1-6): the item is
		 * kept as typed */
		char *only = c->items[0];
		mg_dtext norm = {NULL, NULL, 0, NULL, NULL};
		uint32_t bad;
		uint64_t count;
		/* `choice [a,b,c]`: one blank-separated item in brackets */
		char bracket = c->delim == DELIM_SPACE &&
		               (only[0] == '[' || only[0] == '(') ? only[0] : 0;
		c->nitems = 0;
		rc = mg_dice_normalize(&norm, only, strlen(only), MG_NORM_WHOLE,
		                       &bad);
		free(only);
		if (rc == -2)
			return MG_ENOMEM;
		rc = range_items(c, rc == 0 ? norm.s : "", &count);
		mg_dtext_free(&norm);
		if (rc < 0)
			return MG_ENOMEM;
		if (rc > 0 && bracket) {
			/* MG-DICE-ERR-1: the blank before the bracket is the
			 * mistake; the caret at the blank */
			note_error(pdiag, pcode, MG_EINVALID, lang,
			           whole->cols[open], M_CHOICE_BLANK,
			           bracket == '[' ? "[" : "(");
			return 1;
		}
		if (rc > 0) { /* one item, not a range */
			note_error(pdiag, pcode, MG_EINVALID, lang,
			           whole->cols[start], M_CHOICE_ITEMS, NULL);
			return 1;
		}
		if (count > CHOICE_MAX_ITEMS) {
			if ((uint64_t)takes > count)
				goto few;
			c->toomany = 1;
			c->takes = takes;
			c->kind = C_CHOICE;
			return 0;
		}
	}
	if (c->nitems == 0) {
		note_error(pdiag, pcode, MG_EINVALID, lang, whole->cols[start],
		           M_CHOICE_ITEMS, NULL);
		return 1;
	}
	if ((uint64_t)takes > c->nitems)
		goto few;
	for (k = 0; k < c->nitems && k <= CHOICE_MAX_ITEMS; k++)
		c->len += strlen(c->items[k]) + (k > 0);
	if (c->nitems <= CHOICE_MAX_ITEMS && c->len > MG_DICE_MAX_CHOICE) {
		note_error(pdiag, pcode, MG_ELIMIT, lang, whole->cols[start],
		           M_CHOICE_LONG, NULL);
		*raises = 1;
		return 1;
	}
	c->takes = takes;
	c->kind = C_CHOICE;
	return 0;
few: { /* more picks than items */
	char a[32];
	snprintf(a, sizeof(a), "%" PRId64, takes);
	note_error(pdiag, pcode, MG_EINVALID, lang, whole->cols[start],
	           M_CHOICE_FEW, a);
	return 1;
}
}

/* ---- repeat (MG-DICE-COM-6): [S](repeat|rep|x)N blank trailer ------- */

static const char *const repeat_kw[] = {"repeat", "rep", "x"};

/* The head of a repeat, "[S](repeat|rep|x)N " at s: the count into *times
 * (INT64_MAX past 64 bits), *i just after the blanks that follow it, the
 * secret mark into c.  0; 1 when s is not a repeat; 2 when nothing but
 * blanks follows the count (`x3`). */
static int repeat_head(mg_dcommon *c, const char *s, size_t n, size_t *i,
                       int64_t *times)
{
	size_t k, d;

	*i = 0;
	*times = 0;
	if (n && (s[0] == 'S' || s[0] == 's'))
		c->secret = 1, *i = 1;
	for (k = 0; k < 3; k++)
		if (ci_prefix(s + *i, n - *i, repeat_kw[k]))
			break;
	if (k == 3)
		return 1;
	*i += strlen(repeat_kw[k]);
	for (d = *i; *i < n && s[*i] >= '0' && s[*i] <= '9'; (*i)++)
		if (ut_ckd_mul(times, *times, 10) ||
		    ut_ckd_add(times, *times, s[*i] - '0'))
			*times = INT64_MAX;
	if (*i == d || (*i < n && !mg_dice_is_blank(s[*i])))
		return 1;
	while (*i < n && mg_dice_is_blank(s[*i]))
		(*i)++;
	return *i == n ? 2 : 0;
}

/* How many repeats s[0..n) begins with, one inside the other (`X1 X1 2D6`
 * is 2), counting up to REPEAT_DEPTH + 1: megami's limit (MG-DICE-LIMIT).
 * Each level reads the rest of the text again and keeps it while the
 * next one does: 8,000 of them (24 KB) took seconds, gigabytes and then
 * the stack; a table nests two or three. */
static size_t repeat_chain(const char *s, size_t n)
{
	size_t depth = 0, i;
	int64_t times;

	while (depth <= REPEAT_DEPTH) {
		mg_dcommon scratch;
		memset(&scratch, 0, sizeof(scratch));
		if (repeat_head(&scratch, s, n, &i, &times) != 0)
			break;
		depth++;
		s += i;
		n -= i;
	}
	return depth;
}

/* Repeat#validate: the message of a repeat in a repeat or a count out of
 * 1 to 100 (the command's whole answer), or NULL when it is valid.  Its
 * check of a repeat in the command, /^(repeat|rep|x)\d+/, is
 * case-sensitive: `x2 X3 2D6` rolls the inner repeat twice. */
static const char *repeat_invalid(const char *s, size_t n, int64_t times)
{
	size_t k;

	for (k = 0; k < 3; k++) {
		size_t wl = strlen(repeat_kw[k]);
		if (n > wl && memcmp(s, repeat_kw[k], wl) == 0 &&
		    s[wl] >= '0' && s[wl] <= '9')
			return "Repeatコマンドの重複はできません";
	}
	if (times < 1 || times > REPEAT_LIMIT)
		return "繰り返し回数は1以上、100以下としてください";
	return NULL;
}

/* A repeat; *outer = 1 when it fails where BCDice raises (so that a
 * repeat around it fails too). */
static int parse_repeat(mg_dcommon *c, const mg_dtext *whole,
                        mg_dice_system sys, mg_lang lang,
                        mg_dice_diag *pdiag, int *pcode, int *outer)
{
	const char *s = whole->s;
	size_t n = whole->len;
	int raises = 0;
	size_t i;
	int64_t times;
	mg_dice_diag diag;
	const char *invalid, *inner;
	size_t ninner;
	int rc;

	if ((rc = repeat_head(c, s, n, &i, &times)) == 1)
		return 1;
	/* BCDice's Repeat.parse reads from the first character: after a
	 * blank (skipped, so the text starts after column 1) it answers
	 * nothing, and no other command reads it */
	if (whole->cols[0] > 1) {
		note_error(pdiag, pcode, MG_EINVALID, lang, 1, M_REPEAT_BLANK,
		           NULL);
		return 1;
	}
	if (rc == 2) { /* BCDice: no answer */
		note_error(pdiag, pcode, MG_EINVALID, lang, whole->cols[n],
		           M_REPEAT_EMPTY, NULL);
		return 1;
	}
	c->kind = C_REPEAT;
	c->times = times;
	/* Repeat#validate: no repeat in a repeat, 1 to 100 times */
	if ((invalid = repeat_invalid(s + i, n - i, times))) {
		c->text = dup_text(invalid);
		return c->text ? 0 : MG_ENOMEM;
	}
	/* the repeats inside this one, and it */
	if (repeat_chain(s + i, n - i) + 1 > REPEAT_DEPTH) {
		note_error(pdiag, pcode, MG_ELIMIT, lang, whole->cols[i],
		           M_REPEAT_DEEP, NULL);
		*outer = 1;
		return 1;
	}
	c->subcol = whole->cols[i] - 1;
	/* the command as typed (its failure line quotes it: "x2 ①" says
	 * (①), as BCDice), else as normalized (NFKC is idempotent: the same
	 * command either way) */
	if (mg_dtext_orig(whole, i, n, &inner, &ninner) < 0) {
		inner = s + i;
		ninner = n - i;
	}
	rc = mg_dice_parse_in(&c->sub, &diag, inner, ninner, sys, lang,
	                      &raises);
	if (rc == MG_ENOMEM)
		return rc;
	if (rc < 0 && raises) {
		/* BCDice raises (a pool's division by zero): so does the
		 * repeat; the error points into the whole text */
		*outer = 1;
		if (!*pcode) {
			*pcode = rc;
			*pdiag = diag;
			if (diag.col)
				pdiag->col = whole->cols[i] - 1 + diag.col;
		}
		return 1;
	}
	/* BCDice's Randomizer raises TooManyRandsError past 10000 dice in
	 * one command (UPPER_LIMIT_RANDS), counted across the repeat: the
	 * dice of every roll, and in the last one a term's number that
	 * takes it past (a term of over 200 dice rolls nothing but counts) */
	if (rc == 0 &&
	    ((uint64_t)times * mg_dice_count(c->sub) > MG_DICE_RANDS ||
	     (uint64_t)(times - 1) * mg_dice_count(c->sub) +
	             mg_dice_peak(c->sub) > MG_DICE_RANDS)) {
		note_error(pdiag, pcode, MG_ELIMIT, lang, whole->cols[i],
		           M_RANDS, NULL);
		*outer = 1;
		return 1;
	}
	/* megami's limit (MG-DICE-LIMIT): each roll repeats the choice's
	 * list, so the rolls together repeat at most MG_DICE_MAX_CHOICE
	 * bytes of it (`x100 choice100 …` answered 200 times its text) */
	if (rc == 0 && (uint64_t)times * mg_dice_choice_bytes(c->sub) >
	               MG_DICE_MAX_CHOICE) {
		note_error(pdiag, pcode, MG_ELIMIT, lang, whole->cols[i],
		           M_CHOICE_REPEAT, NULL);
		*outer = 1;
		return 1;
	}
	if (rc < 0) {
		ut_buf b = UT_BUF_INIT;
		ut_buf_puts(&b, "繰り返し対象のコマンドが実行できませんでした (");
		ut_buf_put(&b, inner, ninner);
		ut_buf_puts(&b, ")");
		if (b.failed) {
			ut_buf_free(&b);
			return MG_ENOMEM;
		}
		c->text = b.ptr;
	}
	return 0;
}

int mg_dcommon_parse(mg_dcommon **out, const mg_dtext *word,
                     const mg_dtext *whole, mg_dice_system sys,
                     mg_lang lang, mg_dice_diag *pdiag, int *pcode,
                     int *raises)
{
	/* BCDice's CommonCommand::COMMANDS after AddDice */
	static const int order[] = {
		-MG_DPOOL_BARA, -MG_DPOOL_TALLY, C_CALC, C_CHOICE, C_D66,
		C_REPEAT, -MG_DPOOL_REROLL, -MG_DPOOL_UPPER, -MG_DPOOL_VERSION};
	mg_dcommon *c;
	mg_dice_diag d;
	int rc;
	size_t step;

	*out = NULL;
	*pcode = 0;
	for (step = 0; step < sizeof(order) / sizeof(order[0]); step++) {
		if (!(c = calloc(1, sizeof(*c))))
			return MG_ENOMEM;
		switch (order[step]) {
		case C_CALC:
			rc = parse_calc(c, word, lang, pdiag, pcode);
			break;
		case C_CHOICE:
			rc = parse_choice(c, whole, lang, pdiag, pcode, raises);
			break;
		case C_D66: rc = parse_d66(c, word->s, word->len); break;
		case C_REPEAT:
			rc = parse_repeat(c, whole, sys, lang, pdiag, pcode,
			                  raises);
			break;
		default:
			rc = mg_dpool_parse(&c->pool, -order[step], word, whole,
			                    &d, lang, raises);
			c->kind = C_POOL;
			if (rc == MG_ENOMEM)
				break;
			if (rc < 0) { /* remembered; the others may still read it */
				if (!*pcode) {
					*pcode = rc;
					*pdiag = d;
				}
				rc = 1;
			}
			break;
		}
		if (rc == 0) {
			*out = c;
			return 0;
		}
		mg_dcommon_free(c);
		if (rc < 0)
			return rc;
	}
	return 1;
}

int mg_dcommon_secret(const mg_dcommon *c)
{
	if (c->pool)
		return mg_dpool_secret(c->pool);
	/* BCDice answers a choice of more than 100 items with
	 * Result.new(text): not secret, whatever the S */
	if (c->kind == C_CHOICE && (c->toomany || c->nitems > CHOICE_MAX_ITEMS))
		return 0;
	return c->secret || (c->sub && mg_dice_is_secret(c->sub));
}

/* The dice one roll surely takes: D66 two, choice one a pick, a repeat
 * its command's times its count, a pool mg_dpool_count. */
size_t mg_dcommon_count(const mg_dcommon *c)
{
	switch (c->kind) {
	case C_D66:
		return 2;
	case C_CHOICE:
		return c->toomany || c->nitems > CHOICE_MAX_ITEMS
		       ? 0 : (size_t)c->takes;
	case C_REPEAT:
		return c->text ? 0 : (size_t)c->times * mg_dice_count(c->sub);
	case C_POOL:
		return mg_dpool_count(c->pool);
	default:
		return 0;
	}
}

/* mg_dice_choice_bytes: the bytes of the list a choice's answer shows
 * (at most 100 items), else 0. */
size_t mg_dcommon_choice_bytes(const mg_dcommon *c)
{
	return c->kind == C_CHOICE && !c->toomany &&
	       c->nitems <= CHOICE_MAX_ITEMS ? c->len : 0;
}

/* mg_dice_peak of a repeat: the dice of the rolls before its last one
 * plus the peak of its command; mg_dcommon_count for the others. */
size_t mg_dcommon_peak(const mg_dcommon *c)
{
	if (c->kind == C_REPEAT && !c->text)
		return (size_t)(c->times - 1) * mg_dice_count(c->sub) +
		       mg_dice_peak(c->sub);
	return mg_dcommon_count(c);
}

int mg_dcommon_roll(ut_buf *b, mg_dice_result *res, mg_dice_diag *diag,
                    const mg_dcommon *c, ut_dice *dice, size_t base,
                    size_t *shown, mg_lang lang)
{
	uint64_t d[2];
	int64_t k;
	int rc;

	if (c->kind == C_POOL)
		return mg_dpool_roll(b, res, diag, c->pool, dice, base, shown,
		                     lang);
	switch (c->kind) {
	case C_D66: /* two d6: tens, units; A/S ascending, D descending */
		if ((rc = mg_dice_roll_die(&d[0], dice, 6, lang, diag)) < 0 ||
		    (rc = mg_dice_roll_die(&d[1], dice, 6, lang, diag)) < 0)
			return rc;
		if (((c->suffix == 'A' || c->suffix == 'S') && d[0] > d[1]) ||
		    (c->suffix == 'D' && d[0] < d[1])) {
			uint64_t t = d[0];
			d[0] = d[1];
			d[1] = t;
		}
		ut_buf_puts(b, "(D66");
		if (c->suffix)
			ut_buf_put(b, &c->suffix, 1);
		ut_buf_printf(b, ") ＞ %" PRIu64, d[0] * 10 + d[1]);
		break;
	case C_CALC:
		ut_buf_puts(b, c->text);
		break;
	case C_CHOICE: {
		/* each pick: an index die of the items left, then removed */
		char **left;
		size_t n = c->nitems, i;
		if (c->toomany || c->nitems > CHOICE_MAX_ITEMS) {
			ut_buf_puts(b, "項目数は100以下としてください");
			break;
		}
		if (!(left = malloc(c->nitems * sizeof(*left))))
			return MG_ENOMEM;
		memcpy(left, c->items, n * sizeof(*left));
		ut_buf_puts(b, "(choice");
		if (c->takes != 1)
			ut_buf_printf(b, "%" PRId64, c->takes);
		ut_buf_puts(b, c->delim == DELIM_BRACKET ? "["
		               : c->delim == DELIM_PAREN ? "(" : " ");
		for (i = 0; i < c->nitems; i++) {
			if (i)
				ut_buf_puts(b, c->delim == DELIM_SPACE ? " " : ",");
			ut_buf_puts(b, c->items[i]);
		}
		ut_buf_puts(b, c->delim == DELIM_BRACKET ? "]) ＞ "
		               : c->delim == DELIM_PAREN ? ")) ＞ " : ") ＞ ");
		for (k = 0; k < c->takes; k++) {
			uint64_t x;
			if ((rc = mg_dice_roll_die(&x, dice, n, lang, diag)) < 0) {
				free(left);
				return rc;
			}
			if (k)
				ut_buf_puts(b, c->delim == DELIM_SPACE ? " " : ", ");
			ut_buf_puts(b, left[x - 1]);
			memmove(left + x - 1, left + x, (n - x) * sizeof(*left));
			n--;
		}
		free(left);
		break;
	}
	default: /* C_REPEAT: "#i\n<text>" joined by blank lines */
		if (c->text) {
			ut_buf_puts(b, c->text);
			break;
		}
		for (k = 0; k < c->times; k++) {
			/* megami's limit (MG-DICE-LIMIT): repeats inside
			 * repeats multiply their answers (`x100 Sx100 Sx100
			 * Sx100 Sx100 1`, 30 bytes, would answer 7.6 GB) */
			if (b->len > MG_DICE_MAX_ANSWER) {
				int code = 0;
				if (diag)
					note_error(diag, &code, MG_ELIMIT, lang, 1,
					           M_ANSWER, NULL);
				return MG_ELIMIT;
			}
			ut_buf_printf(b, k ? "\n\n#%" PRId64 "\n" : "#%" PRId64 "\n",
			              k + 1);
			if ((rc = mg_dice_roll_in(b, NULL, diag, c->sub, dice, base,
			                          shown, lang)) < 0) {
				/* the column in the whole text */
				if (diag && diag->col)
					diag->col += c->subcol;
				return rc;
			}
		}
		break;
	}
	if (res) {
		res->total = 0;
		res->outcome = MG_DICE_NONE;
		res->srs = 0;
	}
	return 0;
}
