/*
 * dice.c - the dice bot (megami/dice.h): BCDice's SRS command and its
 * plain-sum fallback (AddDice), parsed, rolled and printed as BCDice does.
 *
 * BCDice reads a command twice, and so do we (docs/MEGAMI.md, Dice bot):
 *
 *   1. the SRS way (MG-DICE-SRS-1, MG-DICE-SRS-2, MG-DICE-SRS-3,
 *      MG-DICE-SRS-4, MG-DICE-SRS-5, MG-DICE-SRS-6, MG-DICE-SRS-7): the
 *      first word is rewritten by BCDice's
 *      preprocessor (constant parentheses folded, `2D` → `2D6`) and, if it
 *      starts with 2D6, parsed by its Command::Parser with `2D6` as the
 *      notation, `@c` and `#f` options and only `>=` as comparison; or in
 *      the legacy form `…[c,f]`.  A bare `2D6±m` without @, #, target or
 *      [] is not an SRS judgement.
 *   2. otherwise as a plain sum (MG-DICE-SUM-1, MG-DICE-SUM-2,
 *      MG-DICE-SUM-3, MG-DICE-SUM-4, MG-DICE-SUM-5): BCDice's AddDice
 *      grammar on the text as written.
 *
 * Only when both fail is the expression bad; the message then comes from
 * the reading the user most likely meant (MG-DICE-ERR-1).
 */
#include "dice_int.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/ckd.h"
#include "util/error.h"
#include "util/msg.h"
#include "util/utf8.h"

/* ---- messages ------------------------------------------------------------ */

enum {
	M_EMPTY, M_UTF8, M_UNEXPECTED, M_UNSEEN, M_END, M_NUMBER, M_OVERFLOW, M_BADCMP,
	M_NODICE, M_TARGET_DICE, M_NESTED_DICE, M_TIMES, M_TOTAL,
	M_D66, M_PAREN, M_BRACKET, M_CF, M_TWICE, M_OPT_ORDER, M_SRS_CMP,
	M_SRS_QUESTION, M_DEEP, M_LONG, M_DIVZERO, M_FIXED_RANGE, M_FIXED_OUT,
	M_RANDS, M_LONG_TEXT, M_NOMEM, M_CF_PLACE, M_OPT_PLACE, M_COMMENT,
	M_MATH_CMP, M_COUNT
};

static const ut_msg msgs[M_COUNT] = {
	[M_EMPTY] = {{"式がありません", "empty expression"}},
	[M_UTF8] = {{"UTF-8 として正しくない文字です", "invalid UTF-8"}},
	[M_UNEXPECTED] = {{"「{1}」はここに書けません", "unexpected '{1}'"}},
	[M_UNSEEN] = {{"見えない文字 {1} はここに書けません",
	               "unexpected invisible character {1}"}},
	[M_END] = {{"式が途中で終わっています",
	            "unexpected end of the expression"}},
	[M_NUMBER] = {{"数「{1}」が大きすぎます（64ビットを超えます）",
	               "number {1} is too large (over 64 bits)"}},
	[M_OVERFLOW] = {{"計算の結果が大きすぎます（64ビットを超えます）",
	                 "arithmetic overflow (over 64 bits)"}},
	[M_BADCMP] = {{"比較演算子「{1}」は使えません",
	               "bad comparison operator '{1}'"}},
	[M_NODICE] = {{"振るダイスがありません（2D6 のように書きます）",
	               "no dice to roll (write them like 2D6)"}},
	[M_TARGET_DICE] = {{"目標値にダイスは使えません",
	                    "the target cannot roll dice"}},
	[M_NESTED_DICE] = {{"ダイスの数と面数にダイスは使えません",
	                    "the number and sides of dice cannot roll dice"}},
	[M_TIMES] = {{"D66 のダイスの数は0以上です（{1}個）",
	              "the number of D66 dice must be 0 or more, not {1}"}},
	[M_TOTAL] = {{"1つの式で振れるダイスは合計1000個までです",
	              "at most 1000 dice in one expression"}},
	[M_D66] = {{"D66 は D66、D66A、D66D、D66N、D66S と書きます",
	            "write D66 as D66, D66A, D66D, D66N or D66S"}},
	[M_PAREN] = {{"{1}文字目の「(」が閉じていません",
	              "'(' at column {1} is not closed"}},
	[M_BRACKET] = {{"{1}文字目の「[」が閉じていません",
	                "'[' at column {1} is not closed"}},
	[M_CF] = {{"クリティカル値とファンブル値は [c,f]、[c]、[,f]、[] の形で書きます",
	           "critical and fumble values are written [c,f], [c], [,f] or []"}},
	[M_TWICE] = {{"「{1}」は一度しか書けません", "'{1}' given twice"}},
	[M_OPT_ORDER] = {{"@ と # は修正値の前か後にまとめて書きます",
	                  "write @ and # together, before or after the modifier"}},
	[M_SRS_CMP] = {{"SRSの判定で使える比較は >= だけです",
	                "an SRS judgement compares with >= only"}},
	[M_SRS_QUESTION] = {{"SRSの判定の目標値に「?」は使えません",
	                     "an SRS judgement cannot have the target '?'"}},
	[M_DEEP] = {{"括弧が深すぎます（64段まで）",
	             "parentheses nested too deep (at most 64)"}},
	[M_LONG] = {{"式が長すぎます（1024バイトまで）",
	             "expression too long (at most 1024 bytes)"}},
	[M_DIVZERO] = {{"0 で割っています", "division by zero"}},
	[M_FIXED_RANGE] = {{"固定の出目: {1}番目の値 {2} は1から{3}の範囲外です",
	                    "fixed dice: value {1} is {2}, not between 1 and {3}"}},
	[M_FIXED_OUT] = {{"固定の出目: {1}個目のダイスが必要ですが、値は{2}個しかありません",
	                  "fixed dice: die {1} is needed but the list has only {2}"}},
	[M_RANDS] = {{"1つのコマンドで振れるダイスは10000個までです",
	              "at most 10000 dice in one command"}},
	[M_LONG_TEXT] = {{"テキストが長すぎます（コメントも含めて65536バイトまで）",
	                  "text too long (at most 65536 bytes, comment included)"}},
	[M_NOMEM] = {{"メモリが足りません", "out of memory"}},
	[M_CF_PLACE] = {{"「[…]」（クリティカル値、ファンブル値）は目標値の後、最後に書きます（2D6>=8[11,3] のように）",
	                 "'[…]' (critical, fumble) goes at the end, after the target: e.g. 2D6>=8[11,3]"}},
	[M_COMMENT] = {{"コメントの前には空白が要ります（2D6>=8 攻撃 のように書きます）",
	               "a comment needs a blank before it: e.g. 2D6>=8 攻撃"}},
	[M_MATH_CMP] = {{"「{1}」は比較に使えません。>= <= > < = <> で書きます（2D6>=8 のように）",
	                 "'{1}' is not a comparison: write >=, <=, >, <, = or <> (e.g. 2D6>=8)"}},
	[M_OPT_PLACE] = {{"@ と # は比較の前に書きます（2D6@11>=8 のように）",
	                  "@ and # go before the comparison: e.g. 2D6@11>=8"}},
};

/* (dice_int.h) */
int mg_dice_message(mg_dice_diag *d, int code, mg_lang lang, uint32_t col,
                    const ut_msg *m, const char *const *args, size_t nargs,
                    int set_error)
{
	ut_buf b = UT_BUF_INIT;
	ut_arg a[3];
	const char *t;
	size_t i;

	for (i = 0; i < nargs && i < 3; i++)
		a[i] = ut_arg_str(args[i]);
	ut_msg_put(&b, m, (ut_lang)lang, a, i);
	t = b.ptr ? b.ptr : "";
	if (b.failed) {
		code = MG_ENOMEM;
		col = 0;
		t = ut_strerror((int)lang, ENOMEM);
	}
	if (d) {
		d->col = col;
		snprintf(d->message, sizeof(d->message), "%s", t);
	}
	if (set_error)
		ut_error_set(code, "%s", t);
	ut_buf_free(&b);
	return code;
}

/* Fill diag (if any) and the error object; return code (MG_ENOMEM when
 * the message could not be made). */
static int fail(mg_dice_diag *diag, int code, mg_lang lang, uint32_t col,
                int msg, const char *arg1, const char *arg2,
                const char *arg3)
{
	const char *args[3] = {arg1, arg2, arg3};

	/* (either code: what the callers know it is, an error) */
	if (mg_dice_message(diag, code, lang, col, &msgs[msg], args, 3, 1) ==
	    MG_ENOMEM)
		code = MG_ENOMEM;
	return code;
}

/* ---- the expression ------------------------------------------------------ */

enum { N_NUM, N_NEG, N_ADD, N_SUB, N_MUL, N_DIV, N_PAREN, N_DICE };
enum { CMP_NONE, CMP_GE, CMP_GT, CMP_LE, CMP_LT, CMP_EQ, CMP_NE };

typedef struct node {
	int kind;
	char round;     /* N_DIV: 0 (the system's: floor), 'F', 'U', 'R' */
	int l, r;       /* children; N_DICE: none */
	int64_t v;      /* N_NUM: value; N_DICE: number of dice */
	int64_t sides;  /* N_DICE */
	size_t off;     /* N_DICE: its first value in the roll */
	size_t nval;    /* N_DICE: values it shows (0 for 0 or > 200 dice) */
	char filter;    /* N_DICE: 0, or KH KL DH DL as 'K' 'k' 'D' 'd' */
	int64_t nkeep;  /* N_DICE: the filter's number */
	uint32_t col;
	int dice;       /* the subtree rolls dice */
} node;

struct mg_dice_expr {
	int srs;
	int secret;     /* the S prefix (MG-DICE-COM-1) */
	mg_dcommon *common; /* one of the other common commands, or NULL */
	/* SRS judgement (MG-DICE-SRS-1, MG-DICE-SRS-2, MG-DICE-SRS-3,
	 * MG-DICE-SRS-4, MG-DICE-SRS-5, MG-DICE-SRS-6, MG-DICE-SRS-7) */
	int64_t mod, target, crit, fumble;
	int has_target;
	uint32_t modcol; /* the column of the modifier's first sign, or 0 */
	/* plain sum (MG-DICE-SUM-1, MG-DICE-SUM-2, MG-DICE-SUM-3, MG-DICE-SUM-4,
	 * MG-DICE-SUM-5) */
	node *nodes;
	size_t n, cap;
	int root;
	int cmp;
	int question;   /* target `?` */
	int64_t rhs;
	size_t ndice;   /* dice rolled (a D66 value takes two) */
	size_t peak;    /* max over the terms of the dice rolled before one
	                   plus its number (MG-DICE-LIMIT, UPPER_LIMIT_RANDS) */
	size_t nvalues; /* values shown */
	int unsorted;   /* DiceBot: a sum's dice as rolled (MG-DICE-SYS-1) */
};

/* ---- tokens -------------------------------------------------------------- */

enum {
	T_END, T_NUM, T_PLUS, T_MINUS, T_STAR, T_SLASH, T_LP, T_RP, T_AT,
	T_SHARP, T_Q, T_CMP, T_BADCMP, T_NOTATION, T_CHAR
};

typedef struct tok {
	int type;
	size_t at, n;   /* bytes in the text */
	int64_t v;      /* T_NUM */
	int big;        /* T_NUM over 64 bits */
	int cmp;        /* T_CMP */
	char c;         /* T_CHAR: the (upper-case) byte */
} tok;

/* The parser's state; an error is recorded once (the first wins). */
typedef struct P {
	const char *s;
	const uint32_t *cols;
	size_t len, pos;
	int notation;   /* SRS lexer: `2D6` is one token anywhere */
	tok t;
	int depth;
	mg_dice_expr *e;
	/* the error */
	int err;        /* 0, or the code */
	int msg;
	uint32_t col;
	char arg[64], arg2[32];
	int divzero;    /* an Arithmetic division by zero (SRS: no match) */
} P;

static uint32_t col_at(const P *p, size_t at)
{
	return p->cols[at < p->len ? at : p->len];
}

static int perr(P *p, int code, int msg, size_t at, const char *arg)
{
	if (!p->err) {
		p->err = code;
		p->msg = msg;
		p->col = col_at(p, at);
		snprintf(p->arg, sizeof(p->arg), "%s", arg ? arg : "");
	}
	return -1;
}

/* BCDice's Normalize.comparison_operator, which searches the run of
 * <>!= for these spellings in this order (MG-DICE-SUM-5). */
static int cmp_of(const char *s, size_t n)
{
	static const struct { const char *a, *b; int op; } tbl[] = {
		{"<=", "=<", CMP_LE}, {">=", "=>", CMP_GE},
		{"<>", "!=", CMP_NE}, {"=!", NULL, CMP_NE},
		{"<", NULL, CMP_LT}, {">", NULL, CMP_GT}, {"=", NULL, CMP_EQ}};
	size_t i, j, k;

	for (i = 0; i < sizeof(tbl) / sizeof(tbl[0]); i++)
		for (j = 0; j < n; j++)
			for (k = 0; k < 2; k++) {
				const char *w = k ? tbl[i].b : tbl[i].a;
				size_t wl = w ? strlen(w) : 0;
				if (w && j + wl <= n && memcmp(s + j, w, wl) == 0)
					return tbl[i].op;
			}
	return CMP_NONE;
}

int mg_dice_cmp_of(const char *s, size_t n)
{
	/* the same order as MG_DCMP_* (dice_int.h) */
	static const int to[] = {MG_DCMP_NONE, MG_DCMP_GE, MG_DCMP_GT,
	                         MG_DCMP_LE, MG_DCMP_LT, MG_DCMP_EQ,
	                         MG_DCMP_NE};

	return to[cmp_of(s, n)];
}

static void next(P *p)
{
	const char *s = p->s;
	size_t i = p->pos;
	tok t;

	memset(&t, 0, sizeof(t));
	t.at = i;
	if (i >= p->len) {
		t.type = T_END;
	} else if (p->notation && i + 3 <= p->len &&
	           memcmp(s + i, "2D6", 3) == 0) {
		t.type = T_NOTATION;
		t.n = 3;
	} else if (s[i] >= '0' && s[i] <= '9') {
		size_t j = i;
		int64_t v = 0;
		while (j < p->len && s[j] >= '0' && s[j] <= '9') {
			if (ut_ckd_mul(&v, v, 10) || ut_ckd_add(&v, v, s[j] - '0'))
				t.big = 1;
			j++;
		}
		t.type = T_NUM;
		t.v = v;
		t.n = j - i;
	} else if (strchr("<>!=", s[i]) && s[i]) {
		size_t j = i;
		while (j < p->len && s[j] && strchr("<>!=", s[j]))
			j++;
		t.n = j - i;
		t.cmp = cmp_of(s + i, t.n);
		t.type = t.cmp == CMP_NONE ? T_BADCMP : T_CMP;
	} else {
		static const char sym[] = "+-*/()@#?";
		static const int types[] = {T_PLUS, T_MINUS, T_STAR, T_SLASH,
		                            T_LP, T_RP, T_AT, T_SHARP, T_Q};
		const char *q = s[i] ? strchr(sym, s[i]) : NULL;
		t.n = 1;
		if (q) {
			t.type = types[q - sym];
		} else {
			t.type = T_CHAR;
			t.c = s[i];
			/* a whole UTF-8 character, for the message */
			while (i + t.n < p->len &&
			       ((unsigned char)s[i + t.n] & 0xC0) == 0x80)
				t.n++;
		}
	}
	p->pos = i + t.n;
	p->t = t;
}

/* An error at the current token: a number too large, the end, or
 * "unexpected X". */
static int unexpected(P *p)
{
	char a[64];
	size_t n = p->t.n < sizeof(a) - 1 ? p->t.n : sizeof(a) - 1;

	if (p->t.type == T_END)
		return perr(p, MG_EINVALID, M_END, p->t.at, NULL);
	if (p->t.type == T_BADCMP) {
		memcpy(a, p->s + p->t.at, n);
		a[n] = '\0';
		return perr(p, MG_EINVALID, M_BADCMP, p->t.at, a);
	}
	/* a "[" with no "]" after it: an unclosed critical and fumble bracket
	 * ("2D6>=8[12"; GM review D4), said as such, not as "unexpected" */
	if (p->t.n == 1 && p->s[p->t.at] == '[' &&
	    !memchr(p->s + p->t.at + 1, ']', p->len - p->t.at - 1)) {
		snprintf(a, sizeof(a), "%" PRIu32, col_at(p, p->t.at));
		return perr(p, MG_EINVALID, M_BRACKET, p->t.at, a);
	}
	/* MG-DICE-ERR-1: a character that cannot be seen by its code point */
	return perr(p, MG_EINVALID,
	            mg_dice_token_arg(a, sizeof(a), p->s + p->t.at, p->t.n)
	            ? M_UNSEEN : M_UNEXPECTED, p->t.at, a);
}

/* The end of a whole expression: 0, or the error.  A visible non-ASCII
 * character right after a complete expression (`2D6>=8攻撃`) is a comment
 * with no blank before it, said as such (MG-DICE-ERR-1). */
static int at_end(P *p)
{
	char a[4];

	if (p->t.type == T_END)
		return 0;
	/* ≠ ≤ ≥ ≦ ≧, as an IME writes >=: no comparison of BCDice (GM
	 * review 2026-12-04, 5: it read as a comment) */
	if (p->t.type == T_CHAR && mg_dice_math_cmp(a, p->s + p->t.at, p->t.n))
		return perr(p, MG_EINVALID, M_MATH_CMP, p->t.at, a);
	if (p->t.type == T_CHAR && mg_dice_comment_start(p->s + p->t.at, p->t.n))
		return perr(p, MG_EINVALID, M_COMMENT, p->t.at, NULL);
	return unexpected(p);
}

/* A number token: its value, or an overflow error (MG-DICE-ERR-2). */
static int number(P *p, int64_t *v)
{
	if (p->t.big) {
		char a[64];
		size_t n = p->t.n < 40 ? p->t.n : 40;
		memcpy(a, p->s + p->t.at, n);
		strcpy(a + n, p->t.n > 40 ? "…" : "");
		return perr(p, MG_EOVERFLOW, M_NUMBER, p->t.at, a);
	}
	*v = p->t.v;
	return 0;
}

/* ---- integer arithmetic as BCDice does it (MG-DICE-SUM-3) --------------- */

/*
 * a / b (b != 0) rounded: 0 and 'F' floor (Ruby's Integer#/), 'U' up
 * (ceil), 'R' half away from zero (Ruby's Float#round) — exactly, where
 * Ruby goes through a double.
 */
int mg_dice_divide(int64_t a, int64_t b, char round, int64_t *out)
{
	int64_t q, r;

	if (a == INT64_MIN && b == -1)
		return -1;
	q = a / b;
	r = a % b;
	if (r != 0) {
		int neg = (a < 0) != (b < 0);
		uint64_t ar = r < 0 ? -(uint64_t)r : (uint64_t)r;
		uint64_t ab = b < 0 ? -(uint64_t)b : (uint64_t)b;
		switch (round) {
		case 'U':
			if (!neg)
				q++;
			break;
		case 'R':
			if (ar >= ab - ar)
				q += neg ? -1 : 1;
			break;
		default:
			if (neg)
				q--;
			break;
		}
	}
	*out = q;
	return 0;
}

static int divide(int64_t a, int64_t b, char round, int64_t *out)
{
	return mg_dice_divide(a, b, round, out);
}

/* ---- SRS: BCDice's Arithmetic and Command::Parser (MG-DICE-SRS-1) ------- */

static int a_add(P *p, int64_t *v);

/* term -> "(" add ")" | NUMBER */
static int a_term(P *p, int64_t *v)
{
	if (p->t.type == T_NUM) {
		if (number(p, v) < 0)
			return -1;
		next(p);
		return 0;
	}
	if (p->t.type == T_LP) {
		size_t open = p->t.at;
		if (++p->depth > MG_DICE_MAX_DEPTH)
			return perr(p, MG_ELIMIT, M_DEEP, open, NULL);
		next(p);
		if (a_add(p, v) < 0)
			return -1;
		if (p->t.type != T_RP) {
			char c[16];
			if (p->t.type != T_END)
				return unexpected(p);
			snprintf(c, sizeof(c), "%" PRIu32, col_at(p, open));
			return perr(p, MG_EINVALID, M_PAREN, p->t.at, c);
		}
		p->depth--;
		next(p);
		return 0;
	}
	return unexpected(p);
}

/* unary -> "+" unary | "-" unary | term */
static int a_unary(P *p, int64_t *v)
{
	if (p->t.type == T_PLUS || p->t.type == T_MINUS) {
		int neg = p->t.type == T_MINUS;
		size_t at = p->t.at;
		if (++p->depth > MG_DICE_MAX_DEPTH)
			return perr(p, MG_ELIMIT, M_DEEP, at, NULL);
		next(p);
		if (a_unary(p, v) < 0)
			return -1;
		p->depth--;
		if (neg && ut_ckd_sub(v, 0, *v))
			return perr(p, MG_EOVERFLOW, M_OVERFLOW, at, NULL);
		return 0;
	}
	return a_term(p, v);
}

/* The round letter after "/ unary", if any. */
static char round_letter(P *p)
{
	if (p->t.type == T_CHAR && strchr("UCRF", p->t.c)) {
		char c = p->t.c == 'C' ? 'U' : p->t.c;
		next(p);
		return c;
	}
	return 0;
}

/* mul -> mul "*" unary | mul "/" unary round | unary */
static int a_mul(P *p, int64_t *v)
{
	if (a_unary(p, v) < 0)
		return -1;
	while (p->t.type == T_STAR || p->t.type == T_SLASH) {
		int star = p->t.type == T_STAR;
		size_t at = p->t.at;
		int64_t r;
		next(p);
		if (a_unary(p, &r) < 0)
			return -1;
		if (star) {
			if (ut_ckd_mul(v, *v, r))
				return perr(p, MG_EOVERFLOW, M_OVERFLOW, at, NULL);
		} else {
			char round = round_letter(p);
			if (r == 0) {
				/* ZeroDivisionError: not an SRS command */
				p->divzero = 1;
				return perr(p, MG_EINVALID, M_DIVZERO, at, NULL);
			}
			if (divide(*v, r, round, v) < 0)
				return perr(p, MG_EOVERFLOW, M_OVERFLOW, at, NULL);
		}
	}
	return 0;
}

/* add -> add "+" mul | add "-" mul | mul */
static int a_add(P *p, int64_t *v)
{
	if (a_mul(p, v) < 0)
		return -1;
	while (p->t.type == T_PLUS || p->t.type == T_MINUS) {
		int plus = p->t.type == T_PLUS;
		size_t at = p->t.at;
		int64_t r;
		next(p);
		if (a_mul(p, &r) < 0)
			return -1;
		if (plus ? ut_ckd_add(v, *v, r) : ut_ckd_sub(v, *v, r))
			return perr(p, MG_EOVERFLOW, M_OVERFLOW, at, NULL);
	}
	return 0;
}

/*
 * expr   -> NOTATION opts [modifier opts] target END
 *           (options on one side of the modifier only)
 * opts   -> { "@" unary | "#" unary }        (each at most once)
 * modifier -> ("+"|"-") mul { ("+"|"-") mul }
 * target -> [ ">=" add ]
 * `legacy`: no options (the [c,f] form).
 */
/* What an SRS judgement has said so far. */
typedef struct srs_seen {
	int side;                     /* where options were: 1 before, 2 after
	                                 the modifier */
	int have_crit, have_fumble, have_mod;
} srs_seen;

/* An option @c or #f at the current token.  0, or -1 after its error. */
static int srs_option(P *p, srs_seen *w)
{
	mg_dice_expr *e = p->e;
	int at_sign = p->t.type == T_AT;
	size_t at = p->t.at;
	int where = w->have_mod ? 2 : 1;
	int64_t v;

	if (w->side && w->side != where)
		return perr(p, MG_EINVALID, M_OPT_ORDER, at, NULL);
	w->side = where;
	if (at_sign ? w->have_crit : w->have_fumble)
		return perr(p, MG_EINVALID, M_TWICE, at, at_sign ? "@" : "#");
	next(p);
	if (a_unary(p, &v) < 0)
		return -1;
	if (at_sign) {
		w->have_crit = 1;
		e->crit = v;
	} else {
		w->have_fumble = 1;
		e->fumble = v;
	}
	return 0;
}

/* The modifier ±m±n… at the current token, summed into e->mod.  0, or -1
 * after its error. */
static int srs_modifier(P *p, srs_seen *w)
{
	mg_dice_expr *e = p->e;
	int64_t v;

	w->have_mod = 1;
	while (p->t.type == T_PLUS || p->t.type == T_MINUS) {
		int plus = p->t.type == T_PLUS;
		size_t at = p->t.at;
		if (!e->modcol)
			e->modcol = col_at(p, at);
		next(p);
		if (a_mul(p, &v) < 0)
			return -1;
		if (plus ? ut_ckd_add(&e->mod, e->mod, v)
		         : ut_ckd_sub(&e->mod, e->mod, v))
			return perr(p, MG_EOVERFLOW, M_OVERFLOW, at, NULL);
	}
	return 0;
}

/* The target >=t, if the current token is a comparison.  0, or -1 after
 * its error. */
static int srs_target(P *p)
{
	mg_dice_expr *e = p->e;
	size_t at = p->t.at;

	e->has_target = 0;
	if (p->t.type != T_CMP)
		return 0;
	if (p->t.cmp != CMP_GE)
		return perr(p, MG_EINVALID, M_SRS_CMP, at, NULL);
	next(p);
	if (p->t.type == T_Q)
		return perr(p, MG_EINVALID, M_SRS_QUESTION, p->t.at, NULL);
	if (a_add(p, &e->target) < 0)
		return -1;
	e->has_target = 1;
	return 0;
}

static int srs_parse(P *p, int legacy)
{
	srs_seen w = {0, 0, 0, 0};
	mg_dice_expr *e = p->e;

	next(p);
	if (p->t.type != T_NOTATION)
		return unexpected(p);
	next(p);
	e->mod = 0;
	e->modcol = 0;
	for (;;) {
		if (!legacy && (p->t.type == T_AT || p->t.type == T_SHARP)) {
			if (srs_option(p, &w) < 0)
				return -1;
		} else if (!w.have_mod &&
		           (p->t.type == T_PLUS || p->t.type == T_MINUS)) {
			if (srs_modifier(p, &w) < 0)
				return -1;
		} else {
			break;
		}
	}
	if (!w.have_crit)
		e->crit = MG_DICE_DEFAULT_CRITICAL;
	if (!w.have_fumble)
		e->fumble = MG_DICE_DEFAULT_FUMBLE;
	if (srs_target(p) < 0)
		return -1;
	/* MG-DICE-ERR-1: a closed [c,f] before the target (`2D6[11,3]>=8`)
	 * and @ or # after it (`2D6>=8@11`) are said as misplaced */
	if (p->t.type == T_CHAR && p->t.c == '[' && !e->has_target &&
	    memchr(p->s + p->t.at + 1, ']', p->len - p->t.at - 1))
		return perr(p, MG_EINVALID, M_CF_PLACE, p->t.at, NULL);
	if (!legacy && e->has_target &&
	    (p->t.type == T_AT || p->t.type == T_SHARP))
		return perr(p, MG_EINVALID, M_OPT_PLACE, p->t.at, NULL);
	if (at_end(p) < 0)
		return -1;
	/* a bare 2D6±m is a plain sum (MG-DICE-SRS-4) */
	if (!legacy && !w.have_crit && !w.have_fumble && !e->has_target)
		return 1;
	return 0;
}

/* ---- BCDice's preprocessor, for the SRS reading (MG-DICE-SRS-5) -------- */

/* Evaluate s[0..n) as BCDice's Arithmetic.eval: 0 and *v, or -1. */
static int arith_eval(const char *s, const uint32_t *cols, size_t n,
                      int64_t *v)
{
	P q;

	memset(&q, 0, sizeof(q));
	q.s = s;
	q.cols = cols;
	q.len = n;
	next(&q);
	if (a_add(&q, v) < 0 || q.t.type != T_END)
		return -1;
	return 0;
}

/* One pass of BCDice's `(arithmetic)` folding over cur into *nx: every
 * "(" + digits and + - * / C U R F + ")" whose value arith_eval finds is
 * replaced by that value (its columns those of the "("); *changed when one
 * was.  0, or -1 out of memory (nx then holds what was built). */
static int fold_pass(const mg_dtext *cur, mg_dtext *nx, int *changed)
{
	size_t i, ncap = 0;

	nx->len = 0;
	nx->s = NULL;
	nx->cols = NULL;
	for (i = 0; i < cur->len;) {
		size_t j = i + 1;
		int64_t v;
		if (cur->s[i] == '(') {
			while (j < cur->len &&
			       strchr("0123456789/+*-CURF", cur->s[j]) &&
			       cur->s[j])
				j++;
			if (j > i + 1 && j < cur->len && cur->s[j] == ')' &&
			    arith_eval(cur->s + i, cur->cols + i, j + 1 - i,
			               &v) == 0) {
				char b[32];
				int bn = snprintf(b, sizeof(b), "%" PRId64, v);
				if (mg_dtext_put(nx, &ncap, b, (size_t)bn,
				                 cur->cols[i]) < 0)
					return -1;
				i = j + 1;
				*changed = 1;
				continue;
			}
		}
		if (mg_dtext_put(nx, &ncap, cur->s + i, 1, cur->cols[i]) < 0)
			return -1;
		i++;
	}
	if (!nx->s && mg_dtext_put(nx, &ncap, "", 0, 0) < 0)
		return -1;
	nx->cols[nx->len] = cur->cols[cur->len];
	return 0;
}

/* BCDice's (\d+)D([^\w]|$) -> \1D6\2 over cur into *nx.  0, or -1 out of
 * memory (nx then holds what was built). */
static int default_d6(const mg_dtext *cur, mg_dtext *nx)
{
	size_t i, ncap = 0;

	memset(nx, 0, sizeof(*nx));
	if (mg_dtext_put(nx, &ncap, "", 0, 0) < 0)
		return -1;
	for (i = 0; i < cur->len; i++) {
		if (mg_dtext_put(nx, &ncap, cur->s + i, 1, cur->cols[i]) < 0)
			return -1;
		if ((cur->s[i] == 'D' || cur->s[i] == 'd') && i > 0 &&
		    cur->s[i - 1] >= '0' &&
		    cur->s[i - 1] <= '9') {
			unsigned char c = i + 1 < cur->len
			                  ? (unsigned char)cur->s[i + 1] : ' ';
			int word = (c >= '0' && c <= '9') ||
			           (c >= 'A' && c <= 'Z') ||
			           (c >= 'a' && c <= 'z') || c == '_';
			if (i + 1 >= cur->len || !word)
				if (mg_dtext_put(nx, &ncap, "6", 1, cur->cols[i]) < 0)
					return -1;
		}
	}
	nx->cols[nx->len] = cur->cols[cur->len];
	return 0;
}

/*
 * Rewrite in: every `( [0-9/+*\-CURF]+ )` that evaluates becomes its value
 * (again until nothing changes), then every `<digits>D` not followed by a
 * word character gets the 6 of the implicit sides.  The bytes written keep
 * the column of what they replace.
 */
static int preprocess(const mg_dtext *in, mg_dtext *out)
{
	mg_dtext cur = {NULL, NULL, 0, NULL, NULL}, nx = {NULL, NULL, 0, NULL, NULL};
	size_t cap = 0;
	int changed = 1;

	if (mg_dtext_put(&cur, &cap, in->s, in->len, 0) < 0)
		goto nomem;
	memcpy(cur.cols, in->cols, (in->len + 1) * sizeof(*cur.cols));
	/* fold `(arithmetic)` until nothing changes */
	while (changed) {
		changed = 0;
		if (fold_pass(&cur, &nx, &changed) < 0)
			goto nomem;
		mg_dtext_free(&cur);
		cur = nx;
		memset(&nx, 0, sizeof(nx));
	}
	if (default_d6(&cur, &nx) < 0)
		goto nomem;
	mg_dtext_free(&cur);
	*out = nx;
	return 0;
nomem:
	mg_dtext_free(&cur);
	mg_dtext_free(&nx);
	return -1;
}

/* ---- the plain sum: BCDice's AddDice (MG-DICE-SUM-1) --------------------- */

static int new_node(P *p, int kind, uint32_t col)
{
	mg_dice_expr *e = p->e;
	node *n;

	if (e->n == e->cap) {
		size_t c = e->cap ? e->cap * 2 : 16;
		node *nn = realloc(e->nodes, c * sizeof(*nn));
		if (!nn) {
			if (!p->err) {
				p->err = MG_ENOMEM;
				p->msg = M_NOMEM;
			}
			return -1;
		}
		e->nodes = nn;
		e->cap = c;
	}
	n = &e->nodes[e->n];
	memset(n, 0, sizeof(*n));
	n->kind = kind;
	n->l = n->r = -1;
	n->col = col;
	return (int)e->n++;
}

#define ND(p, i) (&(p)->e->nodes[(i)])

static int s_add(P *p);

/* The value of a dice-free subtree, as AddDice evaluates it (x/0 = 1). */
static int value(P *p, int i, int64_t *v)
{
	node *n = ND(p, i);
	int64_t a, b;

	switch (n->kind) {
	case N_NUM:
		*v = n->v;
		return 0;
	case N_NEG:
		if (value(p, n->l, &a) < 0)
			return -1;
		if (ut_ckd_sub(v, 0, a))
			return perr(p, MG_EOVERFLOW, M_OVERFLOW, 0, NULL);
		return 0;
	case N_PAREN:
		return value(p, n->l, v);
	default:
		break;
	}
	if (value(p, n->l, &a) < 0 || value(p, n->r, &b) < 0)
		return -1;
	n = ND(p, i);
	switch (n->kind) {
	case N_ADD:
		if (ut_ckd_add(v, a, b))
			goto over;
		return 0;
	case N_SUB:
		if (ut_ckd_sub(v, a, b))
			goto over;
		return 0;
	case N_MUL:
		if (ut_ckd_mul(v, a, b))
			goto over;
		return 0;
	default: /* N_DIV */
		if (b == 0) {
			*v = 1;
			return 0;
		}
		if (divide(a, b, n->round, v) < 0)
			goto over;
		return 0;
	}
over:
	if (!p->err) {
		p->err = MG_EOVERFLOW;
		p->msg = M_OVERFLOW;
		p->col = ND(p, i)->col;
		p->arg[0] = '\0';
	}
	return -1;
}

/* term -> "(" add ")" | NUMBER */
static int s_term(P *p)
{
	int i;

	if (p->t.type == T_NUM) {
		int64_t v = 0;
		if (number(p, &v) < 0)
			return -1;
		if ((i = new_node(p, N_NUM, col_at(p, p->t.at))) < 0)
			return -1;
		ND(p, i)->v = v;
		next(p);
		return i;
	}
	if (p->t.type == T_LP) {
		size_t open = p->t.at;
		int body;
		if (++p->depth > MG_DICE_MAX_DEPTH)
			return perr(p, MG_ELIMIT, M_DEEP, open, NULL);
		next(p);
		if ((body = s_add(p)) < 0)
			return -1;
		if (p->t.type != T_RP) {
			char c[16];
			if (p->t.type != T_END)
				return unexpected(p);
			snprintf(c, sizeof(c), "%" PRIu32, col_at(p, open));
			return perr(p, MG_EINVALID, M_PAREN, p->t.at, c);
		}
		p->depth--;
		next(p);
		if ((i = new_node(p, N_PAREN, col_at(p, open))) < 0)
			return -1;
		ND(p, i)->l = body;
		ND(p, i)->dice = ND(p, body)->dice;
		return i;
	}
	return unexpected(p);
}

static int starts_term(const P *p)
{
	return p->t.type == T_NUM || p->t.type == T_LP;
}

/* A dice node of `times` (a term, or -1 for 1) and `sides` (a term, or -1
 * for the implicit 6), with its limits checked (MG-DICE-LIMIT). */
static int make_dice(P *p, int times, int sides, size_t at)
{
	int64_t t = 1, s = 6;
	uint64_t nval, cost;
	int i;
	char a[32];

	if ((times >= 0 && ND(p, times)->dice) ||
	    (sides >= 0 && ND(p, sides)->dice))
		return perr(p, MG_EINVALID, M_NESTED_DICE, at, NULL);
	if (times >= 0 && value(p, times, &t) < 0)
		return -1;
	if (sides >= 0 && value(p, sides, &s) < 0)
		return -1;
	/* MG-DICE-LIMIT: as BCDice's Randomizer: 0 or more than 200 dice
	 * roll nothing; a die of 0 or more than 10000 sides shows 0 without
	 * rolling; 66 sides are D66 (two d6 each), without the limit of 200 */
	if (s == 66) {
		if (t < 0) {
			snprintf(a, sizeof(a), "%" PRId64, t);
			return perr(p, MG_ELIMIT, M_TIMES, at, a);
		}
		nval = (uint64_t)t;
		cost = nval > MG_DICE_MAX_TOTAL ? nval : 2 * nval;
	} else {
		/* BCDice's Randomizer#roll_barabara raises TooManyRandsError
		 * when the dice rolled so far and this term's number pass
		 * 10000, before it rolls nothing for more than 200 */
		if (t > 0 && (uint64_t)t > MG_DICE_RANDS - p->e->ndice)
			return perr(p, MG_ELIMIT, M_RANDS, at, NULL);
		if (t > 0 && p->e->ndice + (size_t)t > p->e->peak)
			p->e->peak = p->e->ndice + (size_t)t;
		nval = t < 1 || t > MG_DICE_MAX_TIMES ? 0 : (uint64_t)t;
		cost = s < 1 || s > MG_DICE_MAX_SIDES ? 0 : nval;
	}
	if (p->e->ndice + cost > MG_DICE_MAX_TOTAL)
		return perr(p, MG_ELIMIT, M_TOTAL, at, NULL);
	if ((i = new_node(p, N_DICE, col_at(p, at))) < 0)
		return -1;
	ND(p, i)->v = t;
	ND(p, i)->sides = s;
	ND(p, i)->off = p->e->nvalues;
	ND(p, i)->nval = (size_t)nval;
	ND(p, i)->dice = 1;
	p->e->ndice += (size_t)cost;
	p->e->nvalues += (size_t)nval;
	return i;
}

/*
 * filter -> ("KH" | "KL" | "DH" | "DL") [term] | "MAX" | "MIN"
 * (MG-DICE-COM-2; a missing number is 1).  0 and the dice node's filter
 * set, 1 no filter here, -1 error.
 */
static int s_filter(P *p, int node)
{
	static const struct { const char *w; char f; int n; } tbl[] = {
		{"KH", 'K', 1}, {"KL", 'k', 1}, {"DH", 'D', 1}, {"DL", 'd', 1},
		{"MAX", 'K', 0}, {"MIN", 'k', 0}};
	size_t i, at = p->t.at;
	int64_t n = 1;
	int term;

	if (p->t.type != T_CHAR)
		return 1;
	for (i = 0; i < sizeof(tbl) / sizeof(tbl[0]); i++) {
		size_t wl = strlen(tbl[i].w);
		if (at + wl <= p->len && memcmp(p->s + at, tbl[i].w, wl) == 0)
			break;
	}
	if (i == sizeof(tbl) / sizeof(tbl[0]))
		return 1;
	p->pos = at + strlen(tbl[i].w);
	next(p);
	if (tbl[i].n && starts_term(p)) {
		size_t tat = p->t.at;
		if ((term = s_term(p)) < 0)
			return -1;
		if (ND(p, term)->dice)
			return perr(p, MG_EINVALID, M_NESTED_DICE, tat, NULL);
		if (value(p, term, &n) < 0)
			return -1;
	}
	ND(p, node)->filter = tbl[i].f;
	ND(p, node)->nkeep = n;
	return 0;
}

/* dice -> term "D" term | term "D" | "D" term | term */
static int s_dice(P *p)
{
	int times = -1, sides = -1;
	size_t at = p->t.at;

	int i, f;

	if (p->t.type == T_CHAR && p->t.c == 'D') {
		size_t d = p->t.at;
		int64_t sv;
		next(p);
		if (!starts_term(p))
			return unexpected(p);
		if ((sides = s_term(p)) < 0)
			return -1;
		/* `D66` is the D66 command, not a sum (AddDice's grammar) */
		if (ND(p, sides)->kind == N_NUM && !ND(p, sides)->dice &&
		    value(p, sides, &sv) == 0 && sv == 66)
			return perr(p, MG_EINVALID, M_D66, d, NULL);
		if ((i = make_dice(p, -1, sides, d)) < 0)
			return -1;
		return s_filter(p, i) < 0 ? -1 : i;
	}
	if ((times = s_term(p)) < 0)
		return -1;
	if (!(p->t.type == T_CHAR && p->t.c == 'D'))
		return times;
	at = p->t.at;
	next(p);
	if (starts_term(p) && (sides = s_term(p)) < 0)
		return -1;
	if ((i = make_dice(p, times, sides, at)) < 0)
		return -1;
	if ((f = s_filter(p, i)) < 0)
		return -1;
	return i;
}

/* unary -> "+" unary | "-" unary | dice;  --x is x (MG-DICE-SUM-2) */
static int s_unary(P *p)
{
	if (p->t.type == T_PLUS || p->t.type == T_MINUS) {
		int neg = p->t.type == T_MINUS, body, i;
		uint32_t col = col_at(p, p->t.at);
		if (++p->depth > MG_DICE_MAX_DEPTH)
			return perr(p, MG_ELIMIT, M_DEEP, p->t.at, NULL);
		next(p);
		if ((body = s_unary(p)) < 0)
			return -1;
		p->depth--;
		if (!neg)
			return body;
		if (ND(p, body)->kind == N_NEG)
			return ND(p, body)->l;
		if ((i = new_node(p, N_NEG, col)) < 0)
			return -1;
		ND(p, i)->l = body;
		ND(p, i)->dice = ND(p, body)->dice;
		return i;
	}
	return s_dice(p);
}

static int binary(P *p, int kind, int l, int r, uint32_t col)
{
	int i = new_node(p, kind, col);

	if (i < 0)
		return -1;
	ND(p, i)->l = l;
	ND(p, i)->r = r;
	ND(p, i)->dice = ND(p, l)->dice || ND(p, r)->dice;
	return i;
}

/* mul -> mul "*" unary | mul "/" unary [F|U|C|R] | unary */
static int s_mul(P *p)
{
	int l = s_unary(p);

	while (l >= 0 && (p->t.type == T_STAR || p->t.type == T_SLASH)) {
		int star = p->t.type == T_STAR, r;
		uint32_t col = col_at(p, p->t.at);
		next(p);
		if ((r = s_unary(p)) < 0)
			return -1;
		if ((l = binary(p, star ? N_MUL : N_DIV, l, r, col)) < 0)
			return -1;
		if (!star)
			ND(p, l)->round = round_letter(p);
	}
	return l;
}

/* add -> add "+" mul | add "-" mul | mul;  a+-b is a-b, a--b is a+b
 * (MG-DICE-SUM-2) */
static int s_add(P *p)
{
	int l = s_mul(p);

	while (l >= 0 && (p->t.type == T_PLUS || p->t.type == T_MINUS)) {
		int kind = p->t.type == T_PLUS ? N_ADD : N_SUB, r;
		uint32_t col = col_at(p, p->t.at);
		next(p);
		if ((r = s_mul(p)) < 0)
			return -1;
		if (ND(p, r)->kind == N_NEG) {
			kind = kind == N_ADD ? N_SUB : N_ADD;
			r = ND(p, r)->l;
		}
		if ((l = binary(p, kind, l, r, col)) < 0)
			return -1;
	}
	return l;
}

/* command -> add [CMP (add | "?")] END */
static int sum_parse(P *p)
{
	mg_dice_expr *e = p->e;
	int rhs;

	next(p);
	if (p->t.type == T_CHAR && p->t.c == 'S') { /* MG-DICE-COM-1 */
		e->secret = 1;
		next(p);
	}
	if ((e->root = s_add(p)) < 0)
		return -1;
	e->cmp = CMP_NONE;
	if (p->t.type == T_CMP) {
		e->cmp = p->t.cmp;
		next(p);
		if (p->t.type == T_Q) {
			e->question = 1;
			next(p);
		} else {
			size_t at = p->t.at;
			if ((rhs = s_add(p)) < 0)
				return -1;
			if (ND(p, rhs)->dice)
				return perr(p, MG_EINVALID, M_TARGET_DICE, at, NULL);
			if (value(p, rhs, &e->rhs) < 0)
				return -1;
		}
	}
	if (at_end(p) < 0)
		return -1;
	if (!ND(p, e->root)->dice)
		return perr(p, MG_EINVALID, M_NODICE, 0, NULL);
	return 0;
}

/* ---- parse --------------------------------------------------------------- */

static void p_init(P *p, const mg_dtext *t, mg_dice_expr *e, int notation)
{
	memset(p, 0, sizeof(*p));
	p->s = t->s;
	p->cols = t->cols;
	p->len = t->len;
	p->notation = notation;
	p->e = e;
}

static void expr_reset(mg_dice_expr *e)
{
	node *nodes = e->nodes;
	size_t cap = e->cap;

	memset(e, 0, sizeof(*e));
	e->nodes = nodes;
	e->cap = cap;
}

/* The legacy [c,f] part: /^(-?\d+)?(?:,(-?\d+))?$/ (MG-DICE-SRS-6).
 * A number past 64 bits: *big is 1 + where it starts, *bigend where it
 * ends (the first such number). */
static int legacy_cf(const char *s, size_t n, int64_t *crit, int64_t *fumble,
                     size_t *big, size_t *bigend)
{
	size_t i = 0;
	int part;

	*crit = MG_DICE_DEFAULT_CRITICAL;
	*fumble = MG_DICE_DEFAULT_FUMBLE;
	for (part = 0; part < 2; part++) {
		int neg = 0;
		int64_t v = 0;
		size_t d;
		if (part == 1) {
			if (i == n)
				return 0;
			if (s[i] != ',')
				return -1;
			i++;
		}
		if (i < n && s[i] == '-') {
			neg = 1;
			i++;
		}
		for (d = i; i < n && s[i] >= '0' && s[i] <= '9'; i++)
			if ((ut_ckd_mul(&v, v, 10) ||
			     ut_ckd_add(&v, v, neg ? -(s[i] - '0') : s[i] - '0')) &&
			    !*big)
				*big = d - (size_t)neg + 1;
		if (*big && !*bigend)
			*bigend = i;
		if (i == d) {
			if (neg || part == 1)
				return -1; /* "-" alone; "," without digits */
			continue;
		}
		*(part ? fumble : crit) = v;
	}
	return i == n ? 0 : -1;
}

/*
 * The SRS reading of t: 0 and e filled; 1 not an SRS judgement; -1 not
 * one either, with the reason in *err (it may be the one to report).
 */
static int try_srs(const mg_dtext *t, mg_dice_expr *e, P *err, int *relevant)
{
	mg_dtext pre = {NULL, NULL, 0, NULL, NULL};
	size_t i, lb = 0;
	int rc, secret = 0;
	P p;

	*relevant = 0;
	if (preprocess(t, &pre) < 0) {
		/* out of memory is the answer, not a cue to read the text
		 * another way (it was read as a plain sum, without its [12,2]) */
		memset(err, 0, sizeof(*err));
		err->err = MG_ENOMEM;
		err->msg = M_NOMEM;
		*relevant = 2;
		return -1;
	}
	/* MG-DICE-SRS-5: BCDice preprocesses the text as typed, then
	 * upper-cases it; MG-DICE-COM-1: a leading S is a secret roll */
	for (i = 0; i < pre.len; i++)
		if (pre.s[i] >= 'a' && pre.s[i] <= 'z')
			pre.s[i] = (char)(pre.s[i] - 'a' + 'A');
	if (pre.len && pre.s[0] == 'S') {
		secret = 1;
		memmove(pre.s, pre.s + 1, pre.len);
		memmove(pre.cols, pre.cols + 1, pre.len * sizeof(*pre.cols));
		pre.len--;
	}
	if (pre.len < 3 || memcmp(pre.s, "2D6", 3) != 0) {
		mg_dtext_free(&pre);
		return 1;
	}
	for (i = 0; i < pre.len; i++)
		if (strchr("@#[", pre.s[i]) && pre.s[i])
			*relevant = 1;
	/* /(.+)\[(.*)\]\z/: the last "[" after the first byte */
	if (pre.s[pre.len - 1] == ']')
		for (i = pre.len - 1; i-- > 1;)
			if (pre.s[i] == '[') {
				lb = i;
				break;
			}
	expr_reset(e);
	if (lb) {
		mg_dtext cmd = pre;
		int64_t c, f;
		size_t big = 0, bigend = 0;
		cmd.len = lb;
		p_init(&p, &cmd, e, 1);
		if (legacy_cf(pre.s + lb + 1, pre.len - lb - 2, &c, &f, &big,
		              &bigend) < 0) {
			p.cols = pre.cols;
			perr(&p, MG_EINVALID, M_CF, lb, NULL);
			rc = -1;
		} else if (big) {
			/* the number, as number() names it */
			char a[64];
			size_t at = lb + big, k = bigend - (big - 1);
			size_t m = k < 40 ? k : 40;
			memcpy(a, pre.s + at, m);
			strcpy(a + m, k > 40 ? "…" : "");
			p.cols = pre.cols;
			p.len = pre.len;
			perr(&p, MG_EOVERFLOW, M_NUMBER, at, a);
			rc = -1;
		} else {
			/* the command part ends where "[" stands */
			rc = srs_parse(&p, 1);
			e->crit = c;
			e->fumble = f;
		}
	} else {
		p_init(&p, &pre, e, 1);
		rc = srs_parse(&p, 0);
	}
	*err = p;
	err->s = NULL;
	err->cols = NULL;
	mg_dtext_free(&pre);
	if (rc == 0) {
		e->srs = 1;
		e->secret = secret;
		return 0;
	}
	if (rc > 0)
		return 1;
	/* an overflow is an error whatever the reading */
	if (p.err == MG_EOVERFLOW || p.err == MG_ELIMIT || p.err == MG_ENOMEM)
		*relevant = 2;
	return -1;
}

/* A NULL argument of a public entry (fn): MG_EINVALID, with the message in
 * diag too when there is one (col 0: no place). */
static int null_arg(mg_dice_diag *diag, const char *fn, const char *arg)
{
	int rc = ut_error_set(MG_EINVALID, "%s: %s is NULL", fn, arg);

	if (diag) {
		diag->col = 0;
		snprintf(diag->message, sizeof(diag->message), "%s",
		         ut_error_last());
	}
	return rc;
}

int mg_dice_parse(mg_dice_expr **out, mg_dice_diag *diag, const char *text,
                  size_t len, mg_lang lang)
{
	int raises = 0;

	if (!out)
		return null_arg(diag, "mg_dice_parse", "out");
	*out = NULL;
	if (!text && len)
		return null_arg(diag, "mg_dice_parse", "text");
	return mg_dice_parse_in(out, diag, text, len, MG_DICE_SRS, lang,
	                        &raises);
}

int mg_dice_parse_system(mg_dice_expr **out, mg_dice_diag *diag,
                         const char *text, size_t len, mg_dice_system sys,
                         mg_lang lang)
{
	int raises = 0;

	if (!out)
		return null_arg(diag, "mg_dice_parse_system", "out");
	*out = NULL;
	if (!text && len)
		return null_arg(diag, "mg_dice_parse_system", "text");
	return mg_dice_parse_in(out, diag, text, len, sys, lang, &raises);
}

/* 1: the word (upper-cased) is a choice's, `CHOICE…` or `SCHOICE…`. */
static int choice_word(const mg_dtext *t)
{
	size_t s = t->len && t->s[0] == 'S';

	return t->len - s >= 6 && memcmp(t->s + s, "CHOICE", 6) == 0;
}

/* The byte offset in t of the first character of its first word (up to
 * the first blank) that cannot be seen, its code point in a
 * (MG-DICE-ERR-1); t->len when there is none. */
static size_t first_unseen(const mg_dtext *t, char *a, size_t asize)
{
	size_t i = 0, n;

	while (i < t->len && !mg_dice_is_blank(t->s[i])) {
		n = ut_utf8_seq((const unsigned char *)t->s + i, t->len - i);
		if (n == 0)
			n = 1;
		if (mg_dice_token_arg(a, asize, t->s + i, n))
			return i;
		i += n;
	}
	return t->len;
}

int mg_dice_parse_in(mg_dice_expr **out, mg_dice_diag *diag,
                     const char *text, size_t len, mg_dice_system sys,
                     mg_lang lang, int *raises)
{
	mg_dtext t = {NULL, NULL, 0, NULL, NULL}, typed = {NULL, NULL, 0, NULL, NULL};
	mg_dtext whole = {NULL, NULL, 0, NULL, NULL};
	mg_dice_expr *e;
	uint32_t badcol = 0;
	int rc, relevant = 0, pool_code = 0;
	P srs_err, p;
	mg_dice_diag pool_diag;

	*out = NULL;
	if (len > MG_DICE_MAX_TEXT)
		return fail(diag, MG_ELIMIT, lang, 1, M_LONG_TEXT, NULL, NULL,
		            NULL);
	rc = mg_dice_normalize(&t, text, len, MG_NORM_UPCASE, &badcol);
	if (rc == 0 &&
	    (rc = mg_dice_normalize(&typed, text, len, 0, &badcol)) == 0 &&
	    (rc = mg_dice_normalize(&whole, text, len, MG_NORM_WHOLE,
	                            &badcol)) < 0)
		mg_dtext_free(&typed);
	if (rc < 0)
		mg_dtext_free(&t);
	if (rc == -1)
		return fail(diag, MG_EINVALID, lang, badcol, M_UTF8, NULL, NULL,
		            NULL);
	if (rc < 0)
		return fail(diag, MG_ENOMEM, lang, 0, M_NOMEM, NULL, NULL, NULL);
	if (t.len == 0) {
		rc = fail(diag, MG_EINVALID, lang, 1, M_EMPTY, NULL, NULL, NULL);
		goto out;
	}
	/* MG-DICE-ERR-1: a NUL is part of no command, wherever it is (the
	 * repeat's and the choice's texts were cut at it: `x2 2D6<NUL>abc`
	 * printed "… (2D6"; dice review 2026-12-06) */
	{
		const char *nul = memchr(whole.s, '\0', whole.len);
		if (nul) {
			rc = fail(diag, MG_EINVALID, lang, whole.cols[nul - whole.s],
			          M_UNSEEN, "U+0000", NULL, NULL);
			goto out;
		}
	}
	/* MG-DICE-LIMIT: a choice's word may be longer (`choice[a,b,…]`
	 * with no blank: its list); common.c bounds it by
	 * MG_DICE_MAX_CHOICE */
	if (t.len > MG_DICE_MAX_EXPR && !choice_word(&t)) {
		rc = fail(diag, MG_ELIMIT, lang, t.cols[MG_DICE_MAX_EXPR], M_LONG,
		          NULL, NULL, NULL);
		goto out;
	}
	e = calloc(1, sizeof(*e));
	if (!e) {
		rc = fail(diag, MG_ENOMEM, lang, 0, M_NOMEM, NULL, NULL, NULL);
		goto out;
	}
	/* MG-DICE-SYS-1: DiceBot has no SRS reading */
	rc = sys == MG_DICE_DICEBOT ? 1 : try_srs(&typed, e, &srs_err, &relevant);
	if (rc == 0)
		goto ok;
	if (sys != MG_DICE_DICEBOT && relevant == 2) {
		p = srs_err;
		goto bad;
	}
	expr_reset(e);
	p_init(&p, &t, e, 0);
	if (sum_parse(&p) == 0)
		goto ok;
	if (p.err == MG_ENOMEM) /* (not a cue to try the other readings) */
		goto bad;
	/* MG-DICE-COM-3 MG-DICE-COM-4 MG-DICE-COM-5 MG-DICE-COM-6: the other
	 * common commands */
	expr_reset(e);
	rc = mg_dcommon_parse(&e->common, &t, &whole, sys, lang, &pool_diag,
	                      &pool_code, raises);
	if (rc == 0)
		goto ok;
	if (rc == MG_ENOMEM) {
		memset(&p, 0, sizeof(p));
		p.err = MG_ENOMEM;
		p.msg = M_NOMEM;
	} else if (pool_code) {
		/* MG-DICE-ERR-1: the word is a pool's (`3R6[`): its error */
		if (diag)
			*diag = pool_diag;
		ut_error_set(pool_code, "%s", pool_diag.message);
		rc = pool_code;
		mg_dice_free(e);
		goto out;
	}
	if (relevant && srs_err.err && p.err != MG_EOVERFLOW &&
	    p.err != MG_ELIMIT && p.err != MG_ENOMEM)
		p = srs_err;
bad:
	/* TooManyRandsError: BCDice raises, also inside a repeat */
	if (p.msg == M_RANDS)
		*raises = 1;
	/* MG-DICE-ERR-1: no reading reads it, and its first word holds a
	 * character that cannot be seen: that is named, the likely cause
	 * (`x2<U+200B> 2D6` said "unexpected 'X'" at column 1) */
	if (p.msg == M_UNEXPECTED) {
		char a[64];
		size_t at = first_unseen(&t, a, sizeof(a));
		if (at < t.len) {
			rc = fail(diag, MG_EINVALID, lang, t.cols[at], M_UNSEEN, a,
			          NULL, NULL);
			mg_dice_free(e);
			goto out;
		}
	}
	/* as typed (language review 2026-12-07) */
	if (p.msg == M_UNEXPECTED)
		mg_dtext_typed_char(&whole, p.col, p.arg, sizeof(p.arg));
	rc = fail(diag, p.err ? p.err : MG_EINVALID, lang, p.col ? p.col : 1,
	          p.msg, p.arg, p.arg2, NULL);
	mg_dice_free(e);
	goto out;
ok:
	e->unsorted = sys == MG_DICE_DICEBOT;
	*out = e;
	rc = 0;
out:
	mg_dtext_free(&t);
	mg_dtext_free(&typed);
	mg_dtext_free(&whole);
	return rc;
}

int mg_dice_is_secret(const mg_dice_expr *e)
{
	return e->common ? mg_dcommon_secret(e->common) : e->secret;
}

size_t mg_dice_peak(const mg_dice_expr *e)
{
	size_t n = mg_dice_count(e);

	if (e->common)
		return mg_dcommon_peak(e->common);
	if (e->srs)
		return n;
	return e->peak > n ? e->peak : n;
}

size_t mg_dice_choice_bytes(const mg_dice_expr *e)
{
	return e->common ? mg_dcommon_choice_bytes(e->common) : 0;
}

int mg_dice_is_srs(const mg_dice_expr *e)
{
	return e->srs;
}

size_t mg_dice_count(const mg_dice_expr *e)
{
	/* a reroll (nRx, nUx) may take more: these are the dice it surely
	 * takes */
	return e->common ? mg_dcommon_count(e->common) : e->srs ? 2 : e->ndice;
}

void mg_dice_free(mg_dice_expr *e)
{
	if (!e)
		return;
	mg_dcommon_free(e->common);
	free(e->nodes);
	free(e);
}

/* ---- roll and print (MG-DICE-OUT-1, MG-DICE-OUT-2) ---------------------- */

#define SEP " ＞ "

/* Roll n dice of `sides` into v[] in order; errors name the position
 * (MG-DICE-OUT-2), but for a source out of memory (a recording one:
 * render.h's mg_dice_record), which is not the list's fault. */
static int roll(ut_dice *dice, size_t n, int64_t sides, int64_t *v,
                mg_lang lang, mg_dice_diag *diag)
{
	size_t i;

	for (i = 0; i < n; i++) {
		uint64_t d;
		int rc = ut_dice_roll(&d, dice, (uint64_t)sides);
		if (rc == MG_ENOMEM)
			return fail(diag, MG_ENOMEM, lang, 0, M_NOMEM, NULL, NULL,
			            NULL);
		if (rc < 0) {
			char a[32], b[32], c[32];
			if (dice->fixed && dice->rolled < dice->nvalues) {
				snprintf(a, sizeof(a), "%zu", dice->rolled + 1);
				snprintf(b, sizeof(b), "%" PRId64,
				         dice->values[dice->rolled]);
				snprintf(c, sizeof(c), "%" PRId64, sides);
				return fail(diag, MG_EINVALID, lang, 0,
				            M_FIXED_RANGE, a, b, c);
			}
			snprintf(a, sizeof(a), "%zu", dice->rolled + 1);
			snprintf(b, sizeof(b), "%zu", dice->nvalues);
			return fail(diag, MG_EINVALID, lang, 0, M_FIXED_OUT, a,
			            b, NULL);
		}
		v[i] = (int64_t)d;
	}
	return 0;
}

int mg_dice_roll_die(uint64_t *out, ut_dice *dice, uint64_t sides,
                     mg_lang lang, mg_dice_diag *diag)
{
	int64_t v = 0;
	int rc = roll(dice, 1, (int64_t)sides, &v, lang, diag);

	if (rc == 0)
		*out = (uint64_t)v;
	return rc;
}

static int cmp_i64(const void *a, const void *b)
{
	int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;

	return (x > y) - (x < y);
}

static void modifier(ut_buf *b, int64_t m)
{
	if (m > 0)
		ut_buf_printf(b, "+%" PRId64, m);
	else if (m < 0)
		ut_buf_printf(b, "%" PRId64, m);
}

static const char *verdict(mg_dice_outcome o)
{
	switch (o) {
	case MG_DICE_SUCCESS:
		return "成功";
	case MG_DICE_FAILURE:
		return "失敗";
	case MG_DICE_CRITICAL:
		return "自動成功";
	case MG_DICE_FUMBLE:
		return "自動失敗";
	default:
		return NULL;
	}
}

/* MG-DICE-SRS-7: (2D6{m}[>=t][c,f]) ＞ {sum}[a,b]{m} ＞ {sum+m}[ ＞ verdict] */
static int roll_srs(const mg_dice_expr *e, ut_dice *dice, mg_lang lang,
                    ut_buf *b, mg_dice_result *res, mg_dice_diag *diag)
{
	int64_t d[2], total;
	mg_dice_outcome o = MG_DICE_NONE;
	int rc;

	if ((rc = roll(dice, 2, 6, d, lang, diag)) < 0)
		return rc;
	qsort(d, 2, sizeof(d[0]), cmp_i64);
	/* MG-DICE-CLI-2: a bad expression, named by the modifier's sign */
	if (ut_ckd_add(&total, d[0] + d[1], e->mod))
		return fail(diag, MG_EOVERFLOW, lang, e->modcol ? e->modcol : 1,
		            M_OVERFLOW, NULL, NULL, NULL);
	switch (mg_judge_2d6((int)d[0], (int)d[1],
	                     e->crit > INT32_MAX ? INT32_MAX
	                     : e->crit < INT32_MIN ? INT32_MIN : (int)e->crit,
	                     e->fumble > INT32_MAX ? INT32_MAX
	                     : e->fumble < INT32_MIN ? INT32_MIN
	                                             : (int)e->fumble)) {
	case MG_JUDGE_CRITICAL:
		o = MG_DICE_CRITICAL;
		break;
	case MG_JUDGE_FUMBLE:
		o = MG_DICE_FUMBLE;
		break;
	default:
		if (e->has_target)
			o = total >= e->target ? MG_DICE_SUCCESS
			                       : MG_DICE_FAILURE;
	}
	ut_buf_puts(b, "(2D6");
	modifier(b, e->mod);
	if (e->has_target)
		ut_buf_printf(b, ">=%" PRId64, e->target);
	ut_buf_printf(b, "[%" PRId64 ",%" PRId64 "])" SEP, e->crit, e->fumble);
	ut_buf_printf(b, "%" PRId64 "[%" PRId64 ",%" PRId64 "]",
	              d[0] + d[1], d[0], d[1]);
	modifier(b, e->mod);
	ut_buf_printf(b, SEP "%" PRId64, total);
	if (verdict(o))
		ut_buf_printf(b, SEP "%s", verdict(o));
	if (res) {
		res->total = total;
		res->outcome = o;
		res->srs = 1;
	}
	return 0;
}

static const char *round_text(char r)
{
	return r == 'F' ? "F" : r == 'U' ? "U" : r == 'R' ? "R" : "";
}

static const char *op_text(int kind)
{
	return kind == N_ADD ? "+" : kind == N_SUB ? "-" : kind == N_MUL ? "*"
	                                                                : "/";
}

static const char *filter_text(char f)
{
	return f == 'K' ? "KH" : f == 'k' ? "KL" : f == 'D' ? "DH" : "DL";
}

/* The sum of the values v[0..n) (sorted ascending) a filter keeps
 * (MG-DICE-COM-2): KH n the n highest, KL n the n lowest, DH n all but
 * the n highest, DL n all but the n lowest. */
static int64_t filtered_sum(const int64_t *v, size_t n, char f, int64_t k)
{
	size_t kk = k < 0 ? 0 : (uint64_t)k > n ? n : (size_t)k, lo = 0, hi = n, i;
	int64_t sum = 0;

	switch (f) {
	case 'K': lo = n - kk; break;
	case 'k': hi = kk; break;
	case 'D': hi = n - kk; break;
	case 'd': lo = kk; break;
	default: break;
	}
	for (i = lo; i < hi; i++)
		sum += v[i]; /* ≤ 200 × 10000, or 1000 × 66 */
	return sum;
}

/* The command as BCDice echoes it: dice as {times}D{sides}. */
static void expr_text(const mg_dice_expr *e, int i, ut_buf *b)
{
	const node *n = &e->nodes[i];

	switch (n->kind) {
	case N_NUM:
		ut_buf_printf(b, "%" PRId64, n->v);
		break;
	case N_NEG:
		ut_buf_puts(b, "-");
		expr_text(e, n->l, b);
		break;
	case N_PAREN:
		ut_buf_puts(b, "(");
		expr_text(e, n->l, b);
		ut_buf_puts(b, ")");
		break;
	case N_DICE:
		ut_buf_printf(b, "%" PRId64 "D%" PRId64, n->v, n->sides);
		if (n->filter)
			ut_buf_printf(b, "%s%" PRId64, filter_text(n->filter),
			              n->nkeep);
		break;
	default:
		expr_text(e, n->l, b);
		ut_buf_puts(b, op_text(n->kind));
		expr_text(e, n->r, b);
		if (n->kind == N_DIV)
			ut_buf_puts(b, round_text(n->round));
	}
}

/* Evaluate with the rolled dice (sorted per term) and write the middle
 * part: dice as {sum}[a,b,…]. */
static int eval(const mg_dice_expr *e, int i, const int64_t *v, ut_buf *b,
                int64_t *out, uint32_t *ocol)
{
	const node *n = &e->nodes[i];
	int64_t x, y;
	size_t k;

	switch (n->kind) {
	case N_NUM:
		ut_buf_printf(b, "%" PRId64, n->v);
		*out = n->v;
		return 0;
	case N_NEG:
		ut_buf_puts(b, "-");
		if (eval(e, n->l, v, b, &x, ocol) < 0)
			return -1;
		if (ut_ckd_sub(out, 0, x))
			goto over;
		return 0;
	case N_PAREN:
		ut_buf_puts(b, "(");
		if (eval(e, n->l, v, b, out, ocol) < 0)
			return -1;
		ut_buf_puts(b, ")");
		return 0;
	case N_DICE:
		x = filtered_sum(v + n->off, n->nval, n->filter, n->nkeep);
		ut_buf_printf(b, "%" PRId64 "[", x);
		for (k = 0; k < n->nval; k++)
			ut_buf_printf(b, k ? ",%" PRId64 : "%" PRId64,
			              v[n->off + k]);
		ut_buf_puts(b, "]");
		*out = x;
		return 0;
	default:
		break;
	}
	if (eval(e, n->l, v, b, &x, ocol) < 0)
		return -1;
	ut_buf_puts(b, op_text(n->kind));
	if (eval(e, n->r, v, b, &y, ocol) < 0)
		return -1;
	switch (n->kind) {
	case N_ADD:
		if (ut_ckd_add(out, x, y))
			goto over;
		return 0;
	case N_SUB:
		if (ut_ckd_sub(out, x, y))
			goto over;
		return 0;
	case N_MUL:
		if (ut_ckd_mul(out, x, y))
			goto over;
		return 0;
	default:
		ut_buf_puts(b, round_text(n->round));
		if (y == 0) {
			*out = 1; /* BCDice: x/0 is 1 (MG-DICE-SUM-4) */
			return 0;
		}
		if (divide(x, y, n->round, out) < 0)
			goto over;
		return 0;
	}
over: /* MG-DICE-ERR-2 */
	*ocol = n->col;
	return -1;
}

static const char *cmp_text(int cmp)
{
	switch (cmp) {
	case CMP_GE:
		return ">=";
	case CMP_GT:
		return ">";
	case CMP_LE:
		return "<=";
	case CMP_LT:
		return "<";
	case CMP_EQ:
		return "=";
	default:
		return "<>";
	}
}

/* The values of one dice term (MG-DICE-LIMIT): n->nval dice, or D66
 * values of two d6 each (tens first, unsorted as SRS's D66), or zeros for
 * dice of 0 or over 10000 sides (BCDice shows 0 without rolling). */
static int roll_term(ut_dice *dice, const node *n, int64_t *v, mg_lang lang,
                     mg_dice_diag *diag)
{
	size_t k;
	int rc;

	if (n->sides == 66) {
		for (k = 0; k < n->nval; k++) {
			int64_t d[2] = {0, 0};
			if ((rc = roll(dice, 2, 6, d, lang, diag)) < 0)
				return rc;
			v[k] = d[0] * 10 + d[1];
		}
		return 0;
	}
	if (n->sides < 1 || n->sides > MG_DICE_MAX_SIDES) {
		for (k = 0; k < n->nval; k++)
			v[k] = 0;
		return 0;
	}
	return roll(dice, n->nval, n->sides, v, lang, diag);
}

/* MG-DICE-OUT-1: ({expr}{cmp}{target})[ ＞ {middle}] ＞ {total}[ ＞ 成功/失敗] */
static int roll_sum(const mg_dice_expr *e, ut_dice *dice, mg_lang lang,
                    ut_buf *b, mg_dice_result *res, mg_dice_diag *diag)
{
	int64_t *v = malloc((e->nvalues ? e->nvalues : 1) * sizeof(*v));
	ut_buf mid = UT_BUF_INIT;
	int64_t total;
	uint32_t col = 0;
	mg_dice_outcome o = MG_DICE_NONE;
	size_t i;
	int rc;

	if (!v)
		return fail(diag, MG_ENOMEM, lang, 0, M_NOMEM, NULL, NULL, NULL);
	/* MG-DICE-OUT-2: every term's dice, left to right, then each term
	 * sorted (MG-DICE-SYS-1: as rolled in DiceBot, but for a term with
	 * keep or drop, which shows its dice sorted there too) */
	for (i = 0; i < e->n; i++) {
		const node *n = &e->nodes[i];
		if (n->kind != N_DICE)
			continue;
		if ((rc = roll_term(dice, n, v + n->off, lang, diag)) < 0)
			goto out;
		if (!e->unsorted || n->filter)
			qsort(v + n->off, n->nval, sizeof(*v), cmp_i64);
	}
	if (eval(e, e->root, v, &mid, &total, &col) < 0) {
		rc = fail(diag, MG_EOVERFLOW, lang, col, M_OVERFLOW, NULL, NULL,
		          NULL);
		goto out;
	}
	if (mid.failed) { /* (not a line without its dice) */
		rc = fail(diag, MG_ENOMEM, lang, 0, M_NOMEM, NULL, NULL, NULL);
		goto out;
	}
	ut_buf_puts(b, "(");
	expr_text(e, e->root, b);
	if (e->cmp != CMP_NONE) {
		ut_buf_puts(b, cmp_text(e->cmp));
		if (e->question)
			ut_buf_puts(b, "?");
		else
			ut_buf_printf(b, "%" PRId64, e->rhs);
	}
	ut_buf_puts(b, ")");
	if (!(e->nvalues <= 1 && e->nodes[e->root].kind == N_DICE &&
	      !e->nodes[e->root].filter)) {
		ut_buf_puts(b, SEP);
		ut_buf_put(b, mid.ptr ? mid.ptr : "", mid.len);
	}
	ut_buf_printf(b, SEP "%" PRId64, total);
	if (e->cmp != CMP_NONE && !e->question) {
		int ok;
		switch (e->cmp) {
		case CMP_GE: ok = total >= e->rhs; break;
		case CMP_GT: ok = total > e->rhs; break;
		case CMP_LE: ok = total <= e->rhs; break;
		case CMP_LT: ok = total < e->rhs; break;
		case CMP_EQ: ok = total == e->rhs; break;
		default: ok = total != e->rhs; break;
		}
		o = ok ? MG_DICE_SUCCESS : MG_DICE_FAILURE;
		ut_buf_printf(b, SEP "%s", verdict(o));
	}
	if (res) {
		res->total = total;
		res->outcome = o;
		res->srs = 0;
	}
	rc = 0;
out:
	ut_buf_free(&mid);
	free(v);
	return rc;
}

int mg_dice_roll(ut_buf *text, mg_dice_result *res, mg_dice_diag *diag,
                 const mg_dice_expr *e, ut_dice *dice, mg_lang lang)
{
	size_t shown = 0;

	if (!text)
		return null_arg(diag, "mg_dice_roll", "text");
	if (!e)
		return null_arg(diag, "mg_dice_roll", "e");
	if (!dice)
		return null_arg(diag, "mg_dice_roll", "dice");
	return mg_dice_roll_in(text, res, diag, e, dice, dice->rolled, &shown,
	                       lang);
}

int mg_dice_roll_in(ut_buf *text, mg_dice_result *res, mg_dice_diag *diag,
                    const mg_dice_expr *e, ut_dice *dice, size_t base,
                    size_t *shown, mg_lang lang)
{
	int rc = e->common ? mg_dcommon_roll(text, res, diag, e->common, dice,
	                                     base, shown, lang)
	       : e->srs ? roll_srs(e, dice, lang, text, res, diag)
	                : roll_sum(e, dice, lang, text, res, diag);

	if (rc == 0 && res)
		res->secret = mg_dice_is_secret(e);
	if (rc == 0 && text->failed)
		return fail(diag, MG_ENOMEM, lang, 0, M_NOMEM, NULL, NULL, NULL);
	return rc;
}
