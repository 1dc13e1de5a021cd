/*
 * pool.c - BCDice's dice-pool commands (megami/dice.h): nBx (バラバラ,
 * MG-DICE-COM-7), nRx (個数振り足し, MG-DICE-COM-8), nUx (上方無限,
 * MG-DICE-COM-9), nTYx / nTZx (tally, MG-DICE-COM-10) and BCDiceVersion
 * (MG-DICE-COM-11), parsed and printed as BCDice 3.16.1 (npm bcdice 4.9.0)
 * does for game system SRS (docs/MEGAMI.md, Dice bot).
 *
 * The four pools share BCDice's CommonCommand::Lexer (the first word,
 * upper-cased: numbers, runs of <>!= as one comparison, one character
 * otherwise) and its Arithmetic (`add` below); every number of a pool is a
 * constant, so everything is evaluated here, at parse time (a division by
 * zero, where BCDice raises, is an error).  Rolling follows BCDice's
 * Randomizer: a run of 0 or more than 200 dice rolls nothing, a die of 0
 * or more than 10000 sides shows 0 without rolling, and a command rolls at
 * most 10000 dice (UPPER_LIMIT_RANDS, counted across a repeat): past it
 * BCDice raises TooManyRandsError and megami reports an error.
 */
#include "dice_int.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/ckd.h"
#include "util/error.h"
#include "util/msg.h"

#define SEP " ＞ "
#define TIMES_LIMIT 200     /* Randomizer::UPPER_LIMIT_DICE_TIMES */
#define RANDS_LIMIT 10000   /* Randomizer::UPPER_LIMIT_RANDS */
#define REROLL_LIMIT 10000  /* RerollDice::REROLL_LIMIT */
#define TALLY_MAX_SIDES 20  /* TallyDice::MAX_SIDES */
#define SHOWN_LIMIT 100000  /* megami: values one command's nBx, nRx and
                              nUx may show (a repeat's all together) */
#define BCDICE_VERSION "3.16.1"

/* ---- messages ------------------------------------------------------------ */

enum {
	M_UNEXPECTED, M_UNSEEN, M_NO_MOD, M_END, M_NUMBER, M_OVERFLOW, M_BADCMP, M_DIVZERO,
	M_DEEP, M_TOTAL, M_NEGATIVE, M_RANDS, M_SHOWN, M_NOMEM, M_AT_TARGET,
	M_COMMENT, M_MATH_CMP, M_COUNT
};

static const ut_msg msgs[M_COUNT] = {
	[M_UNEXPECTED] = {{"「{1}」はここに書けません", "unexpected '{1}'"}},
	[M_UNSEEN] = {{"見えない文字 {1} はここに書けません",
	               "unexpected invisible character {1}"}},
	[M_NO_MOD] = {{"n{1}x には修正値を付けられません（3{1}6+2{1}6 のようにダイスだけを足せます）",
	               "n{1}x takes no modifier (only more dice, as in 3{1}6+2{1}6)"}},
	[M_END] = {{"式が途中で終わっています",
	            "unexpected end of the expression"}},
	[M_NUMBER] = {{"数「{1}」が大きすぎます（64ビットを超えます）",
	               "number {1} is too large (over 64 bits)"}},
	[M_OVERFLOW] = {{"計算の結果が大きすぎます（64ビットを超えます）",
	                 "arithmetic overflow (over 64 bits)"}},
	[M_BADCMP] = {{"比較演算子「{1}」は使えません",
	               "bad comparison operator '{1}'"}},
	[M_DIVZERO] = {{"0 で割っています", "division by zero"}},
	[M_DEEP] = {{"括弧が深すぎます（64段まで）",
	             "parentheses nested too deep (at most 64)"}},
	[M_TOTAL] = {{"1つの式で振れるダイスは合計1000個までです",
	              "at most 1000 dice in one expression"}},
	[M_NEGATIVE] = {{"上方無限ロールのダイスの数は0以上です（{1}個）",
	                 "the number of dice of nUx must be 0 or more, not {1}"}},
	[M_RANDS] = {{"1つのコマンドで振れるダイスは10000個までです",
	              "at most 10000 dice in one command"}},
	[M_SHOWN] = {{"1つのコマンドで表示する出目は100000個までです",
	              "at most 100000 dice shown by one command"}},
	[M_NOMEM] = {{"メモリが足りません", "out of memory"}},
	[M_COMMENT] = {{"コメントの前には空白が要ります（2D6>=8 攻撃 のように書きます）",
	               "a comment needs a blank before it: e.g. 2D6>=8 攻撃"}},
	[M_MATH_CMP] = {{"「{1}」は比較に使えません。>= <= > < = <> で書きます（3B6>=4 のように）",
	                 "'{1}' is not a comparison: write >=, <=, >, <, = or <> (e.g. 3B6>=4)"}},
	[M_AT_TARGET] = {{"n{1}x の目標値は @ の前に書きます（3{1}6>=4@5 のように）",
	                  "n{1}x takes the target before @: e.g. 3{1}6>=4@5"}},
};

/* Fill diag (if any) and the error object; return code. */
static int fail(mg_dice_diag *diag, int code, mg_lang lang, uint32_t col,
                int msg, const char *arg)
{
	/* (either code: what the callers know it is, an error) */
	if (mg_dice_message(diag, code, lang, col, &msgs[msg], &arg, 1, 1) ==
	    MG_ENOMEM)
		code = MG_ENOMEM;
	return code;
}

/* ---- the command --------------------------------------------------------- */

typedef struct pnote {
	int64_t times, sides;
} pnote;

struct mg_dpool {
	int kind;          /* MG_DPOOL_* */
	int secret;
	pnote *notes;      /* B R U: the notations; T: one */
	size_t nnotes;
	int cmp;           /* MG_DCMP_*: the target's comparison, or NONE */
	int64_t target;
	int64_t threshold; /* R: the reroll threshold; U: the upper one */
	int rcmp;          /* R: the reroll comparison */
	int valid;         /* R: RerollCondition#valid? for every notation */
	int64_t modifier;  /* U */
	uint32_t modcol;   /* U: the column of the modifier's first sign */
	int zeros;         /* T: TZ shows counts of 0 */
	char *source;      /* R: the first word as typed (the error line) */
};

void mg_dpool_free(mg_dpool *c)
{
	if (!c)
		return;
	free(c->notes);
	free(c->source);
	free(c);
}

int mg_dpool_secret(const mg_dpool *c)
{
	/* BCDice answers nTx's sides past 20 with Result.new(text): not
	 * secret, whatever the S */
	if (c->kind == MG_DPOOL_TALLY && c->nnotes &&
	    c->notes[0].sides > TALLY_MAX_SIDES)
		return 0;
	return c->secret;
}

/* The dice a roll surely takes (before any reroll): BCDice's rule
 * applied to each notation, and at most RANDS_LIMIT in all (a roll that
 * would take more stops there: TooManyRandsError; "3U6+10000U6[6]" takes
 * 10000, not 10003 - found by fuzz_megami_dice). */
size_t mg_dpool_count(const mg_dpool *c)
{
	size_t i, n = 0;

	/* answers that roll nothing */
	if ((c->kind == MG_DPOOL_REROLL && !c->valid) ||
	    (c->kind == MG_DPOOL_UPPER && c->threshold <= 1) ||
	    (c->kind == MG_DPOOL_TALLY && c->nnotes &&
	     c->notes[0].sides > TALLY_MAX_SIDES))
		return 0;
	for (i = 0; i < c->nnotes; i++) {
		const pnote *p = &c->notes[i];
		if (p->sides < 1 || p->sides > MG_DICE_MAX_SIDES || p->times < 1)
			continue;
		if (c->kind != MG_DPOOL_UPPER && p->times > TIMES_LIMIT)
			continue;
		n += (size_t)(p->times > RANDS_LIMIT ? RANDS_LIMIT : p->times);
	}
	return n > RANDS_LIMIT ? RANDS_LIMIT : n;
}

/* ---- BCDice's CommonCommand::Lexer -------------------------------------- */

enum {
	K_END, K_NUM, K_CMP, K_PLUS, K_MINUS, K_STAR, K_SLASH, K_LP, K_RP,
	K_LB, K_RB, K_AT, K_Q, K_CHAR
};

typedef struct pp {
	const char *s;
	const uint32_t *cols;
	size_t len, pos;
	/* the token */
	int type;
	size_t at, n;
	int64_t v;
	int big;
	int cmp;
	char c;
	int depth;
	size_t divzero;  /* 1 + where the first division by zero is */
	/* the first error */
	int err, msg;
	uint32_t col;
	char arg[64];
} pp;

static int perr(pp *p, int code, int msg, size_t at, const char *arg)
{
	if (!p->err) {
		p->err = code;
		p->msg = msg;
		p->col = p->cols[at < p->len ? at : p->len];
		snprintf(p->arg, sizeof(p->arg), "%s", arg ? arg : "");
	}
	return -1;
}

/* next_token: /\d+/ NUMBER, /[<>!=]+/ CMP_OP, else one character. */
static void next(pp *p)
{
	const char *s = p->s;
	size_t i = p->pos;

	p->at = i;
	p->big = 0;
	p->n = 1;
	if (i >= p->len) {
		p->type = K_END;
		p->n = 0;
	} else if (s[i] >= '0' && s[i] <= '9') {
		size_t j = i;
		int64_t v = 0;
		while (j < p->len && s[j] >= '0' && s[j] <= '9') {
			if (ut_ckd_mul(&v, v, 10) || ut_ckd_add(&v, v, s[j] - '0'))
				p->big = 1;
			j++;
		}
		p->type = K_NUM;
		p->v = v;
		p->n = j - i;
	} else if (strchr("<>!=", s[i])) {
		size_t j = i;
		while (j < p->len && s[j] && strchr("<>!=", s[j]))
			j++;
		p->type = K_CMP;
		p->n = j - i;
		p->cmp = mg_dice_cmp_of(s + i, p->n);
	} else {
		static const char sym[] = "+-*/()[]@?";
		static const int types[] = {K_PLUS, K_MINUS, K_STAR, K_SLASH,
		                            K_LP, K_RP, K_LB, K_RB, K_AT, K_Q};
		const char *q = strchr(sym, s[i]);
		if (q) {
			p->type = types[q - sym];
		} else {
			p->type = K_CHAR;
			p->c = s[i];
			while (i + p->n < p->len &&
			       ((unsigned char)s[i + p->n] & 0xC0) == 0x80)
				p->n++;
		}
	}
	p->pos = i + p->n;
}

static int is_char(const pp *p, char c)
{
	return p->type == K_CHAR && p->c == c;
}

/* "unexpected X", the end, or a comparison BCDice cannot read. */
static int unexpected(pp *p)
{
	char a[64];
	size_t n = p->n < sizeof(a) - 1 ? p->n : sizeof(a) - 1;

	if (p->type == K_END)
		return perr(p, MG_EINVALID, M_END, p->at, NULL);
	memcpy(a, p->s + p->at, n);
	a[n] = '\0';
	if (p->type == K_CMP)
		return perr(p, MG_EINVALID, M_BADCMP, p->at, a);
	/* MG-DICE-ERR-1: a character that cannot be seen by its code point */
	return perr(p, MG_EINVALID,
	            mg_dice_token_arg(a, sizeof(a), p->s + p->at, p->n)
	            ? M_UNSEEN : M_UNEXPECTED, p->at, a);
}

/* A CMP_OP token BCDice reads (Normalize.comparison_operator not nil):
 * its MG_DCMP_*, or -1 (`raise ParseError unless cmp_op`). */
static int cmp_token(pp *p)
{
	int c = p->cmp;

	if (c == MG_DCMP_NONE)
		return unexpected(p);
	next(p);
	return c;
}

/* ---- Arithmetic (the pools' add, mul, unary, term) ---------------------- */

static int a_add(pp *p, int64_t *v);

/* term -> "(" add ")" | NUMBER */
static int a_term(pp *p, int64_t *v)
{
	if (p->type == K_NUM) {
		if (p->big) {
			char a[48];
			size_t n = p->n < 40 ? p->n : 40;
			memcpy(a, p->s + p->at, n);
			strcpy(a + n, p->n > 40 ? "…" : "");
			return perr(p, MG_EOVERFLOW, M_NUMBER, p->at, a);
		}
		*v = p->v;
		next(p);
		return 0;
	}
	if (p->type == K_LP) {
		if (++p->depth > MG_DICE_MAX_DEPTH)
			return perr(p, MG_ELIMIT, M_DEEP, p->at, NULL);
		next(p);
		if (a_add(p, v) < 0)
			return -1;
		if (p->type != K_RP)
			return unexpected(p);
		p->depth--;
		next(p);
		return 0;
	}
	return unexpected(p);
}

/* unary -> "+" unary | "-" unary | term */
static int a_unary(pp *p, int64_t *v)
{
	if (p->type == K_PLUS || p->type == K_MINUS) {
		int neg = p->type == K_MINUS;
		size_t at = p->at;
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

/* mul -> mul "*" unary | mul "/" unary [U|C|R|F] | unary, where *v
 * already holds the first unary (DivideWithGameSystemDefault is SRS's
 * floor; U and C ceil, R half away from zero, F floor). */
static int a_mul_from(pp *p, int64_t *v)
{
	while (p->type == K_STAR || p->type == K_SLASH) {
		int star = p->type == K_STAR;
		size_t at = p->at;
		int64_t r;
		char round = 0;
		next(p);
		if (a_unary(p, &r) < 0)
			return -1;
		if (star) {
			if (ut_ckd_mul(v, *v, r))
				return perr(p, MG_EOVERFLOW, M_OVERFLOW, at, NULL);
			continue;
		}
		if (p->type == K_CHAR && strchr("UCRF", p->c)) {
			round = p->c == 'C' ? 'U' : p->c;
			next(p);
		}
		if (r == 0) { /* BCDice raises when it evaluates, if it parses */
			if (!p->divzero)
				p->divzero = at + 1;
			continue;
		}
		if (mg_dice_divide(*v, r, round, v) < 0)
			return perr(p, MG_EOVERFLOW, M_OVERFLOW, at, NULL);
	}
	return 0;
}

static int a_mul(pp *p, int64_t *v)
{
	return a_unary(p, v) < 0 ? -1 : a_mul_from(p, v);
}

/* add -> add "+" mul | add "-" mul | mul */
static int a_add(pp *p, int64_t *v)
{
	if (a_mul(p, v) < 0)
		return -1;
	while (p->type == K_PLUS || p->type == K_MINUS) {
		int plus = p->type == K_PLUS;
		size_t at = p->at;
		int64_t r;
		next(p);
		if (a_mul(p, &r) < 0)
			return -1;
		if (plus ? ut_ckd_add(v, *v, r) : ut_ckd_sub(v, *v, r))
			return perr(p, MG_EOVERFLOW, M_OVERFLOW, at, NULL);
	}
	return 0;
}

/* ---- the grammars -------------------------------------------------------- */

static int push_note(pp *p, mg_dpool *c, int64_t times, int64_t sides)
{
	pnote *n = realloc(c->notes, (c->nnotes + 1) * sizeof(*n));

	if (!n) {
		if (!p->err) {
			p->err = MG_ENOMEM;
			p->msg = M_NOMEM;
		}
		return -1;
	}
	c->notes = n;
	n[c->nnotes].times = times;
	n[c->nnotes].sides = sides;
	c->nnotes++;
	return 0;
}

/* dice -> term SEP term, where `times` is the first term already read. */
static int note_rest(pp *p, mg_dpool *c, char sep, int64_t times)
{
	int64_t sides;

	if (!is_char(p, sep))
		return unexpected(p);
	next(p);
	if (a_term(p, &sides) < 0)
		return -1;
	return push_note(p, c, times, sides);
}

/* notations -> notations "+" dice | dice  (B and R: a "+" after the
 * notations always starts another one) */
static int notations(pp *p, mg_dpool *c, char sep)
{
	int64_t t;
	size_t plus = 0; /* 1 + where the last "+" is */

	for (;;) {
		if (a_term(p, &t) < 0)
			return -1;
		if (plus && !is_char(p, sep) && p->type != K_CHAR) {
			/* `3B6+1`: a number where dice should be */
			char a[2] = {sep, '\0'};
			return perr(p, MG_EINVALID, M_NO_MOD, plus - 1, a);
		}
		if (note_rest(p, c, sep, t) < 0)
			return -1;
		if (p->type != K_PLUS)
			return 0;
		plus = p->at + 1;
		next(p);
	}
}

/* target -> [ CMP_OP add ] */
static int target(pp *p, mg_dpool *c)
{
	c->cmp = MG_DCMP_NONE;
	if (p->type != K_CMP)
		return 0;
	if ((c->cmp = cmp_token(p)) < 0)
		return -1;
	return a_add(p, &c->target);
}

/* [S] */
static void secret(pp *p, mg_dpool *c)
{
	if (is_char(p, 'S')) {
		c->secret = 1;
		next(p);
	}
}

static int at_end(pp *p)
{
	char a[4];

	if (p->type == K_END)
		return 0;
	/* ≠ ≤ ≥ ≦ ≧, as an IME writes >= (`3B6≧4`): no comparison, as in
	 * a sum roll (dice.c at_end), rather than a comment */
	if (p->type == K_CHAR && mg_dice_math_cmp(a, p->s + p->at, p->n))
		return perr(p, MG_EINVALID, M_MATH_CMP, p->at, a);
	/* a comment with no blank before it (`3B6攻撃`, MG-DICE-ERR-1) */
	if (p->type == K_CHAR && mg_dice_comment_start(p->s + p->at, p->n))
		return perr(p, MG_EINVALID, M_COMMENT, p->at, NULL);
	return unexpected(p);
}

/* The end after an nRx's or nUx's "@ add" with no target before it: a
 * comparison there is the target written after @ (`3R6@5>=4`), said as
 * such (MG-DICE-ERR-1). */
static int at_end_after_at(pp *p, const mg_dpool *c, char letter)
{
	char a[2] = {letter, '\0'};

	if (p->type == K_CMP && p->cmp != MG_DCMP_NONE &&
	    c->cmp == MG_DCMP_NONE)
		return perr(p, MG_EINVALID, M_AT_TARGET, p->at, a);
	return at_end(p);
}

/* MG-DICE-COM-7: expr -> [S] dice { "+" dice } [ CMP_OP add ],
 * dice -> term "B" term. */
static int parse_bara(pp *p, mg_dpool *c)
{
	secret(p, c);
	if (notations(p, c, 'B') < 0 || target(p, c) < 0)
		return -1;
	return at_end(p);
}

/* RerollCondition#valid?: can the threshold be reached without every
 * die rerolling (for each notation's sides). */
static int reroll_valid(const mg_dpool *c)
{
	size_t i;
	int64_t t = c->threshold;

	for (i = 0; i < c->nnotes; i++) {
		int64_t s = c->notes[i].sides;
		int ok;
		switch (c->rcmp) {
		case MG_DCMP_LE: ok = t < s; break;
		case MG_DCMP_LT: ok = t <= s; break;
		case MG_DCMP_GE: ok = t > 1; break;
		case MG_DCMP_GT: ok = t >= 1; break;
		case MG_DCMP_NE: ok = t >= 1 && t <= s; break;
		default: ok = 1; break;
		}
		if (!ok)
			return 0;
	}
	return 1;
}

/*
 * MG-DICE-COM-8: expr -> [S] notations target
 *                      | [S] notations bracket target
 *                      | [S] notations target at
 * bracket -> "[" [CMP_OP] add "]";  at -> "@" [CMP_OP] add;
 * dice -> term "R" term.  The reroll comparison defaults to the target's,
 * else >=; the threshold to the target number.
 */
static int parse_reroll(pp *p, mg_dpool *c)
{
	int have = 0, rcmp = MG_DCMP_NONE;
	int64_t th = 0;

	secret(p, c);
	if (notations(p, c, 'R') < 0)
		return -1;
	if (p->type == K_LB) {
		next(p);
		if (p->type == K_CMP && (rcmp = cmp_token(p)) < 0)
			return -1;
		if (a_add(p, &th) < 0)
			return -1;
		if (p->type != K_RB)
			return unexpected(p);
		next(p);
		have = 1;
		if (target(p, c) < 0)
			return -1;
	} else {
		if (target(p, c) < 0)
			return -1;
		if (p->type == K_AT) {
			next(p);
			if (p->type == K_CMP && (rcmp = cmp_token(p)) < 0)
				return -1;
			if (a_add(p, &th) < 0)
				return -1;
			have = 1;
			if (at_end_after_at(p, c, 'R') < 0)
				return -1;
		}
	}
	if (at_end(p) < 0)
		return -1;
	c->rcmp = rcmp != MG_DCMP_NONE ? rcmp
	          : c->cmp != MG_DCMP_NONE ? c->cmp : MG_DCMP_GE;
	c->threshold = have ? th : c->target;
	/* no threshold at all (neither given nor a target): not valid */
	c->valid = (have || c->cmp != MG_DCMP_NONE) && reroll_valid(c);
	return 0;
}

/* modifier -> { ("+"|"-") mul }, from the current "+" or "-" on. */
static int modifier(pp *p, mg_dpool *c)
{
	while (p->type == K_PLUS || p->type == K_MINUS) {
		int plus = p->type == K_PLUS;
		size_t at = p->at;
		int64_t v;
		if (!c->modcol)
			c->modcol = p->cols[at < p->len ? at : p->len];
		next(p);
		if (a_mul(p, &v) < 0)
			return -1;
		if (plus ? ut_ckd_add(&c->modifier, c->modifier, v)
		         : ut_ckd_sub(&c->modifier, c->modifier, v))
			return perr(p, MG_EOVERFLOW, M_OVERFLOW, at, NULL);
	}
	return 0;
}

/*
 * MG-DICE-COM-9: expr -> [S] notations modifier target
 *                      | [S] notations "[" add "]" modifier target
 *                      | [S] notations modifier target "@" add
 * dice -> term "U" term; modifier -> { ("+"|"-") mul }.  After the
 * notations a "+" followed by a term and "U" is one more notation, else
 * the modifier begins (racc decides on the token after the term).
 */
static int parse_upper(pp *p, mg_dpool *c)
{
	int64_t t;
	int in_mod = 0;

	secret(p, c);
	if (a_term(p, &t) < 0 || note_rest(p, c, 'U', t) < 0)
		return -1;
	while (!in_mod && p->type == K_PLUS) {
		size_t at = p->at;
		next(p);
		in_mod = 1;
		if (p->type != K_NUM && p->type != K_LP) {
			p->pos = at; /* a signed mul: the modifier, from "+" */
			next(p);
			break;
		}
		if (a_term(p, &t) < 0)
			return -1;
		if (is_char(p, 'U')) {
			if (note_rest(p, c, 'U', t) < 0)
				return -1;
			in_mod = 0;
			continue;
		}
		/* the modifier's first mul, from this term on */
		if (a_mul_from(p, &t) < 0)
			return -1;
		c->modifier = t;
		c->modcol = p->cols[at < p->len ? at : p->len];
	}
	if (p->type == K_MINUS)
		in_mod = 1;
	c->threshold = 0;
	if (!in_mod && p->type == K_LB) {
		next(p);
		if (a_add(p, &c->threshold) < 0)
			return -1;
		if (p->type != K_RB)
			return unexpected(p);
		next(p);
		if (modifier(p, c) < 0 || target(p, c) < 0)
			return -1;
		return at_end(p);
	}
	if (modifier(p, c) < 0 || target(p, c) < 0)
		return -1;
	if (p->type == K_AT) {
		next(p);
		if (a_add(p, &c->threshold) < 0)
			return -1;
		return at_end_after_at(p, c, 'U');
	}
	return at_end(p);
}

/* MG-DICE-COM-10: expr -> [S] term "T" ("Y"|"Z") term; not a command
 * unless both numbers are at least 1 (Dice#valid?). */
static int parse_tally(pp *p, mg_dpool *c)
{
	int64_t t, s;

	secret(p, c);
	if (a_term(p, &t) < 0)
		return -1;
	if (!is_char(p, 'T'))
		return unexpected(p);
	next(p);
	if (!is_char(p, 'Y') && !is_char(p, 'Z'))
		return unexpected(p);
	c->zeros = p->c == 'Z';
	next(p);
	if (a_term(p, &s) < 0 || at_end(p) < 0)
		return -1;
	if (push_note(p, c, t, s) < 0)
		return -1;
	return t > 0 && s > 0 ? 0 : 1;
}

/* 1 when word (upper-cased) starts /^S?\d+<sep>/ (a family's
 * PREFIX_PATTERN, as Base.command_pattern anchors it). */
static int prefixed(const mg_dtext *w, const char *sep)
{
	size_t i = w->len && w->s[0] == 'S' ? 1 : 0, d = i;

	while (i < w->len && w->s[i] >= '0' && w->s[i] <= '9')
		i++;
	return i > d && i + strlen(sep) <= w->len &&
	       memcmp(w->s + i, sep, strlen(sep)) == 0;
}

/* Parse `word` as one family; 0 parsed, 1 not it, -1 a claimed error
 * (the word has the family's prefix) in *p. */
static int try_kind(mg_dpool *c, int kind, const mg_dtext *word, pp *p)
{
	static const char *const sep[] = {"", "B", "R", "U", "T"};
	int rc;

	memset(p, 0, sizeof(*p));
	p->s = word->s;
	p->cols = word->cols;
	p->len = word->len;
	c->kind = kind;
	next(p);
	switch (kind) {
	case MG_DPOOL_BARA: rc = parse_bara(p, c); break;
	case MG_DPOOL_REROLL: rc = parse_reroll(p, c); break;
	case MG_DPOOL_UPPER: rc = parse_upper(p, c); break;
	default: rc = parse_tally(p, c); break;
	}
	if (rc >= 0 && p->divzero) /* ZeroDivisionError */
		return perr(p, MG_EINVALID, M_DIVZERO, p->divzero - 1, NULL);
	if (rc == 0 && kind == MG_DPOOL_UPPER && c->threshold > 1) {
		size_t i;
		char a[32];
		for (i = 0; i < c->nnotes; i++)
			if (c->notes[i].times < 0) { /* Array.new(-1) raises */
				snprintf(a, sizeof(a), "%" PRId64, c->notes[i].times);
				return perr(p, MG_EINVALID, M_NEGATIVE, 0, a);
			}
	}
	if (rc == 0 && kind == MG_DPOOL_BARA) {
		/* megami's limit of dice per expression (MG-DICE-LIMIT) */
		if (mg_dpool_count(c) > MG_DICE_MAX_TOTAL)
			rc = perr(p, MG_ELIMIT, M_TOTAL, 0, NULL);
	}
	if (rc < 0 && (p->err == MG_ENOMEM || p->err == MG_EOVERFLOW ||
	               p->err == MG_ELIMIT || prefixed(word, sep[kind])))
		return -1;
	return rc < 0 ? 1 : rc;
}

int mg_dpool_parse(mg_dpool **out, int kind, const mg_dtext *word,
                   const mg_dtext *whole, mg_dice_diag *diag, mg_lang lang,
                   int *raises)
{
	mg_dpool *c;
	pp p;
	int rc;

	*out = NULL;
	if (!(c = calloc(1, sizeof(*c))))
		return fail(diag, MG_ENOMEM, lang, 0, M_NOMEM, NULL);
	if (kind == MG_DPOOL_VERSION) {
		/* MG-DICE-COM-11: /^BCDiceVersion$/i on the first word */
		if (word->len != 13 || memcmp(word->s, "BCDICEVERSION", 13)) {
			mg_dpool_free(c);
			return 1;
		}
		c->kind = kind;
		*out = c;
		return 0;
	}
	rc = try_kind(c, kind, word, &p);
	if (rc == 0 && kind == MG_DPOOL_REROLL) {
		/* the first word as typed: BCDice's lexer.source */
		size_t n = 0;
		while (n < whole->len && !mg_dice_is_blank(whole->s[n]))
			n++;
		if (!(c->source = malloc(n + 1))) {
			mg_dpool_free(c);
			return fail(diag, MG_ENOMEM, lang, 0, M_NOMEM, NULL);
		}
		memcpy(c->source, whole->s, n);
		c->source[n] = '\0';
	}
	if (rc == 0) {
		*out = c;
		return 0;
	}
	mg_dpool_free(c);
	if (rc > 0)
		return 1;
	if (p.msg == M_DIVZERO || p.msg == M_NEGATIVE)
		*raises = 1;
	if (p.msg == M_UNEXPECTED) /* as typed */
		mg_dtext_typed_char(whole, p.col, p.arg, sizeof(p.arg));
	return fail(diag, p.err, lang, p.col ? p.col : 1, p.msg, p.arg);
}

/* ---- rolling ------------------------------------------------------------- */

static const char *cmp_text(int cmp)
{
	switch (cmp) {
	case MG_DCMP_GE: return ">=";
	case MG_DCMP_GT: return ">";
	case MG_DCMP_LE: return "<=";
	case MG_DCMP_LT: return "<";
	case MG_DCMP_EQ: return "=";
	case MG_DCMP_NE: return "<>";
	default: return "";
	}
}

static int cmp_holds(int cmp, int64_t a, int64_t b)
{
	switch (cmp) {
	case MG_DCMP_GE: return a >= b;
	case MG_DCMP_GT: return a > b;
	case MG_DCMP_LE: return a <= b;
	case MG_DCMP_LT: return a < b;
	case MG_DCMP_EQ: return a == b;
	case MG_DCMP_NE: return a != b;
	default: return 0;
	}
}

/* Where dice come from, how many this command took (across a repeat:
 * dice->rolled - base) and how many values it showed (*shown, across a
 * repeat too). */
typedef struct src {
	ut_dice *dice;
	size_t base;
	mg_lang lang;
	mg_dice_diag *diag;
	size_t *shown;
} src;

/* Show `times` more values in this command: megami's limit of 100000
 * (dice of 0 or over 10000 sides roll nothing, and BCDice shows them
 * all: `x100 9R0[=0]` would answer 20 MB). */
static int show(const src *r, int64_t times)
{
	if (times > 0 && (uint64_t)times > SHOWN_LIMIT - *r->shown)
		return fail(r->diag, MG_ELIMIT, r->lang, 1, M_SHOWN, NULL);
	*r->shown += times > 0 ? (size_t)times : 0;
	return 0;
}

static size_t used(const src *r)
{
	return r->dice->rolled - r->base;
}

/* Randomizer#roll_barabara's check: a run of `times` dice may not take
 * the command past 10000 (TooManyRandsError), whatever it rolls. */
static int check_run(const src *r, int64_t times)
{
	if (times > 0 && (uint64_t)times > RANDS_LIMIT - used(r))
		return fail(r->diag, MG_ELIMIT, r->lang, 1, M_RANDS, NULL);
	return 0;
}

/* Randomizer#roll_once: 0 without rolling for 0 or over 10000 sides. */
static int roll_once(const src *r, int64_t sides, int64_t *v)
{
	uint64_t d;
	int rc;

	if (sides < 1 || sides > MG_DICE_MAX_SIDES) {
		*v = 0;
		return 0;
	}
	if (used(r) >= RANDS_LIMIT)
		return fail(r->diag, MG_ELIMIT, r->lang, 1, M_RANDS, NULL);
	if ((rc = mg_dice_roll_die(&d, r->dice, (uint64_t)sides, r->lang,
	                           r->diag)) < 0)
		return rc;
	*v = (int64_t)d;
	return 0;
}

/* The number of dice roll_barabara(times, …) shows: none for 0 or more
 * than 200. */
static int64_t run_size(int64_t times)
{
	return times < 1 || times > TIMES_LIMIT ? 0 : times;
}

static void notes_text(ut_buf *b, const mg_dpool *c, const char *sep)
{
	size_t i;

	for (i = 0; i < c->nnotes; i++)
		ut_buf_printf(b, "%s%" PRId64 "%s%" PRId64, i ? "+" : "",
		              c->notes[i].times, sep, c->notes[i].sides);
}

static void target_text(ut_buf *b, const mg_dpool *c)
{
	if (c->cmp != MG_DCMP_NONE)
		ut_buf_printf(b, "%s%" PRId64, cmp_text(c->cmp), c->target);
}

/* MG-DICE-COM-7: ({t}B{s}+…{cmp}{target}) ＞ v,v,… [＞ 成功数N] */
static int roll_bara(ut_buf *b, int64_t *total, const mg_dpool *c,
                     const src *r)
{
	size_t i;
	int64_t k, v, n = 0;
	int first = 1, rc;

	ut_buf_puts(b, "(");
	notes_text(b, c, "B");
	target_text(b, c);
	ut_buf_puts(b, ")" SEP);
	for (i = 0; i < c->nnotes; i++) {
		if ((rc = check_run(r, c->notes[i].times)) < 0 ||
		    (rc = show(r, run_size(c->notes[i].times))) < 0)
			return rc;
		for (k = 0; k < run_size(c->notes[i].times); k++) {
			if ((rc = roll_once(r, c->notes[i].sides, &v)) < 0)
				return rc;
			ut_buf_printf(b, first ? "%" PRId64 : ",%" PRId64, v);
			first = 0;
			n += cmp_holds(c->cmp, v, c->target);
		}
	}
	if (c->cmp != MG_DCMP_NONE)
		ut_buf_printf(b, SEP "成功数%" PRId64, n);
	*total = n;
	return 0;
}

/* MG-DICE-COM-8: every run in a queue; the dice of a run that meet the
 * reroll condition are rolled again as a new run, at most 10000 runs.
 * ({notations}[{rcmp}{threshold}]{cmp}{target}) ＞ run + run … ＞ 成功数N */
static int roll_reroll(ut_buf *b, int64_t *total, const mg_dpool *c,
                       const src *r)
{
	pnote *q;
	size_t head = 0, tail = 0, cap = c->nnotes + REROLL_LIMIT, loops = 0;
	int64_t n = 0, k, v;
	int rc = 0;

	if (!c->valid) {
		ut_buf_printf(b, "%s" SEP "条件が間違っています。2R6>=5 あるいは "
		              "2R6[5] のように振り足し目標値を指定してください。",
		              c->source);
		*total = 0;
		return 0;
	}
	if (!(q = malloc(cap * sizeof(*q))))
		return fail(r->diag, MG_ENOMEM, r->lang, 0, M_NOMEM, NULL);
	memcpy(q, c->notes, c->nnotes * sizeof(*q));
	tail = c->nnotes;
	ut_buf_puts(b, "(");
	notes_text(b, c, "R");
	ut_buf_printf(b, "[%s%" PRId64 "]",
	              c->rcmp == c->cmp ? "" : cmp_text(c->rcmp), c->threshold);
	target_text(b, c);
	ut_buf_puts(b, ")" SEP);
	while (head < tail && loops < REROLL_LIMIT) {
		pnote d = q[head++];
		int64_t again = 0;
		loops++;
		if (loops > 1)
			ut_buf_puts(b, " + ");
		if ((rc = check_run(r, d.times)) < 0)
			goto out;
		if ((rc = show(r, run_size(d.times))) < 0)
			goto out;
		for (k = 0; k < run_size(d.times); k++) {
			if ((rc = roll_once(r, d.sides, &v)) < 0)
				goto out;
			ut_buf_printf(b, k ? ",%" PRId64 : "%" PRId64, v);
			n += cmp_holds(c->cmp, v, c->target);
			again += cmp_holds(c->rcmp, v, c->threshold);
		}
		if (again > 0) {
			q[tail].times = again;
			q[tail].sides = d.sides;
			tail++;
		}
	}
	ut_buf_printf(b, SEP "成功数%" PRId64, n);
	*total = n;
out:
	free(q);
	return rc;
}

static void modifier_text(ut_buf *b, int64_t m)
{
	if (m != 0)
		ut_buf_printf(b, m > 0 ? "+%" PRId64 : "%" PRId64, m);
}

/* One die of nUx: rolled again while it shows the threshold or more;
 * its values go to vals (grown as needed), its sum to *sum. */
static int upper_one(const src *r, int64_t sides, int64_t th, int64_t **vals,
                     size_t *nv, size_t *cap, int64_t *sum)
{
	int64_t v;
	int rc;

	*nv = 0;
	*sum = 0;
	do {
		if ((rc = roll_once(r, sides, &v)) < 0)
			return rc;
		if (*nv == *cap) {
			size_t nc = *cap ? *cap * 2 : 8;
			int64_t *nn = realloc(*vals, nc * sizeof(*nn));
			if (!nn)
				return fail(r->diag, MG_ENOMEM, r->lang, 0, M_NOMEM,
				            NULL);
			*vals = nn;
			*cap = nc;
		}
		(*vals)[(*nv)++] = v;
		*sum += v; /* ≤ 10000 dice of ≤ 10000 */
	} while (v >= th);
	return 0;
}

/* MG-DICE-COM-9: ({notations}[{th}]{mod}{cmp}{target}) ＞ {each die:
 * sum, or sum[v,v,…] when rerolled}{mod} ＞ max/total(最大/合計) or
 * 成功数N (dice whose sum + modifier meets the target). */
static int roll_upper(ut_buf *b, int64_t *out, const mg_dpool *c,
                      const src *r)
{
	int64_t *vals = NULL, sum, total = 0, max = 0, n = 0, k, x;
	size_t nv, cap = 0, i, j;
	int first = 1, rc = 0;

	ut_buf_puts(b, "(");
	notes_text(b, c, "U");
	ut_buf_printf(b, "[%" PRId64 "]", c->threshold);
	modifier_text(b, c->modifier);
	target_text(b, c);
	ut_buf_puts(b, ")" SEP);
	if (c->threshold <= 1) {
		ut_buf_puts(b, "無限ロールの条件がまちがっています");
		*out = 0;
		return 0;
	}
	for (i = 0; i < c->nnotes; i++) /* megami's limit (show) */
		if ((rc = show(r, c->notes[i].times)) < 0)
			return rc;
	for (i = 0; i < c->nnotes; i++)
		for (k = 0; k < c->notes[i].times; k++) {
			if ((rc = upper_one(r, c->notes[i].sides, c->threshold,
			                    &vals, &nv, &cap, &sum)) < 0)
				goto out;
			ut_buf_printf(b, first ? "%" PRId64 : ",%" PRId64, sum);
			for (j = 0; nv > 1 && j < nv; j++)
				ut_buf_printf(b, j ? ",%" PRId64 : "[%" PRId64,
				              vals[j]);
			if (nv > 1)
				ut_buf_puts(b, "]");
			total += sum;
			/* MG-DICE-CLI-2: a bad expression, named by the
			 * modifier's sign */
			if (ut_ckd_add(&x, sum, c->modifier)) {
				rc = fail(r->diag, MG_EOVERFLOW, r->lang,
				          c->modcol ? c->modcol : 1, M_OVERFLOW,
				          NULL);
				goto out;
			}
			if (first || x > max)
				max = x;
			n += cmp_holds(c->cmp, x, c->target);
			first = 0;
		}
	modifier_text(b, c->modifier);
	if (c->cmp != MG_DCMP_NONE) {
		ut_buf_printf(b, SEP "成功数%" PRId64, n);
		*out = n;
	} else {
		if (ut_ckd_add(&total, total, c->modifier)) {
			rc = fail(r->diag, MG_EOVERFLOW, r->lang,
			          c->modcol ? c->modcol : 1, M_OVERFLOW, NULL);
			goto out;
		}
		ut_buf_puts(b, SEP);
		if (!first) /* [].max is nil: nothing */
			ut_buf_printf(b, "%" PRId64, max);
		ut_buf_printf(b, "/%" PRId64 "(最大/合計)", total);
		*out = total;
	}
out:
	free(vals);
	return rc;
}

/* MG-DICE-COM-10: ({t}T{Y|Z}{s}) ＞ v,v,… ＞ [1]×n, [2]×n, … */
static int roll_tally(ut_buf *b, const mg_dpool *c, const src *r)
{
	int64_t t = c->notes[0].times, s = c->notes[0].sides, k, v;
	int64_t count[TALLY_MAX_SIDES + 1] = {0};
	int rc, first = 1;

	ut_buf_printf(b, "(%" PRId64 "T%c%" PRId64 ")" SEP, t,
	              c->zeros ? 'Z' : 'Y', s);
	if (s > TALLY_MAX_SIDES) {
		ut_buf_printf(b, "面数は1以上、%d以下としてください",
		              TALLY_MAX_SIDES);
		return 0;
	}
	if ((rc = check_run(r, t)) < 0)
		return rc;
	for (k = 0; k < run_size(t); k++) {
		if ((rc = roll_once(r, s, &v)) < 0)
			return rc;
		ut_buf_printf(b, k ? ",%" PRId64 : "%" PRId64, v);
		count[v]++;
	}
	ut_buf_puts(b, SEP);
	for (k = 1; k <= s; k++) {
		if (count[k] == 0 && !c->zeros)
			continue;
		ut_buf_printf(b, first ? "[%" PRId64 "]×%" PRId64
		                       : ", [%" PRId64 "]×%" PRId64, k, count[k]);
		first = 0;
	}
	return 0;
}

int mg_dpool_roll(ut_buf *b, mg_dice_result *res, mg_dice_diag *diag,
                  const mg_dpool *c, ut_dice *dice, size_t base,
                  size_t *shown, mg_lang lang)
{
	src r = {dice, base, lang, diag, shown};
	int64_t total = 0;
	int rc;

	switch (c->kind) {
	case MG_DPOOL_BARA: rc = roll_bara(b, &total, c, &r); break;
	case MG_DPOOL_REROLL: rc = roll_reroll(b, &total, c, &r); break;
	case MG_DPOOL_UPPER: rc = roll_upper(b, &total, c, &r); break;
	case MG_DPOOL_TALLY: rc = roll_tally(b, c, &r); break;
	default:
		ut_buf_puts(b, "BCDice " BCDICE_VERSION);
		rc = 0;
		break;
	}
	if (rc == 0 && res) {
		res->total = total;
		res->outcome = MG_DICE_NONE;
		res->srs = 0;
	}
	return rc;
}
