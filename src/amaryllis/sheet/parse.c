/*
 * parse.c - the grammar of a sheet (see amaryllis/sheet.h), one normalised
 * line at a time.  Each function parses one rule, written above it.
 *
 * Syntax errors stop the line (one error per broken line, at the token at
 * fault); errors of meaning (a negative stat, a bad bonus) do not, so that
 * every one of them is reported.  Whole-sheet rules are in validate.c.
 *
 * Rule IDs (AM-UNIT-2, BU-SHEET-1, …) are those of docs/AMARYLLIS.md; section 13
 * there lists the functions below by rule.
 */
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

#include <utf8proc.h>

#include "util/ckd.h"
#include "sheet_int.h"
#include "util/array.h"

#define CP_NAKAGURO 0x30FB /* ・ */
#define CP_TOUTEN 0x3001   /* 、 */

typedef struct P {
	am_sheet *s;
	am_pstate *ps;
	const am_nline *ln;
	size_t i;
	int broken; /* a syntax error was reported on this line */
} P;

/* ---- cursor ----------------------------------------------------------- */

static int32_t peek(const P *p)
{
	return p->i < p->ln->n ? p->ln->cp[p->i] : -1;
}

static uint32_t colat(const P *p, size_t i)
{
	return i < p->ln->n ? p->ln->col[i] : p->ln->end_col;
}

static void skip_ws(P *p)
{
	while (p->i < p->ln->n && am_text_is_space(p->ln->cp[p->i]))
		p->i++;
}

static int is_digit(int32_t c)
{
	return c >= '0' && c <= '9';
}

static void err(P *p, int code, size_t at, int64_t a, int64_t b,
                const char *s1, const char *s2)
{
	am_diag_add(p->s, code, p->ln->line, colat(p, at), a, b, s1, s2);
}

/* A syntax error at index `at`, naming what is found there (the character,
 * or NULL at the end of the line).  The line is broken from here. */
static void err_found(P *p, int code, size_t at, int64_t a, const char *s1)
{
	char found[8];

	if (at < p->ln->n)
		am_text_utf8_buf(found, sizeof(found), p->ln->cp + at, 1);
	err(p, code, at, a, 0, s1, at < p->ln->n ? found : NULL);
	p->broken = 1;
}

/* Report the rest of the line (trimmed) as unexpected. */
static void err_trailing(P *p)
{
	char text[1024];
	size_t e = p->ln->n;

	while (e > p->i && am_text_is_space(p->ln->cp[e - 1]))
		e--;
	am_text_utf8_buf(text, sizeof(text), p->ln->cp + p->i, e - p->i);
	err(p, AM_DIAG_TRAILING, p->i, 0, 0, text, NULL);
	p->broken = 1;
}

/* Expect `c` at the cursor (after white space) and step over it. */
static int expect(P *p, int32_t c, int code)
{
	skip_ws(p);
	if (peek(p) != c) {
		err_found(p, code, p->i, 0, NULL);
		return 0;
	}
	p->i++;
	return 1;
}

/* Expect the closing bracket of the one opened at index `open`. */
static int close_bracket(P *p, size_t open)
{
	const char *op = p->ln->cp[open] == '(' ? "(" : "<";

	skip_ws(p);
	if (peek(p) != (op[0] == '(' ? ')' : '>')) {
		err_found(p, AM_DIAG_UNCLOSED, p->i, colat(p, open), op);
		return 0;
	}
	p->i++;
	return 1;
}

/* ---- numbers ---------------------------------------------------------- */

enum { INT_NONE = 0, INT_OK = 1, INT_BIG = -1, INT_ODD = -2,
       INT_NOT_MINUS = -3 };

/* ー (U+30FC, and ｰ U+FF70, which NFKC makes of it) and ➖ (U+2796), typed
 * for a minus sign: not one (ruling A1: －, −, -), but said so. */
static int not_minus(int32_t c)
{
	return c == 0x30FC || c == 0x2796;
}

/*
 * INT -> [ '+' | '-' ] digit { digit }, in w[pos..m), whose characters are
 * those of the line at wi[0..m) (NULL: w is the line).  On INT_OK *v is the
 * value; *end is past the digits (for INT_BIG too).  Beyond int64: INT_BIG.
 * A digit that NFKC made of another (² ₅ ①, AM-UNIT-8): INT_ODD, *end its
 * index in w; so also another number character where a digit could be,
 * first or right after the digits (〇, or Ⅻ, which NFKC makes XII): the
 * digit meant, not the letter NFKC left.  A number signed with ー or ➖
 * (not_minus; ➖ may carry its U+FE0F): INT_NOT_MINUS, *end past its
 * digits.
 */
static int int_at(const P *p, const int32_t *w, const size_t *wi, size_t m,
                  size_t pos, int64_t *v, size_t *end)
{
	size_t i = pos;
	int neg = 0, big = 0, nm = 0;
	uint64_t mag = 0;

	if (i < m && (w[i] == '+' || w[i] == '-')) {
		neg = w[i] == '-';
		i++;
	} else if (i < m && not_minus(w[i])) {
		nm = 1;
		i++;
		if (i < m && w[i] == 0xFE0F)
			i++;
	}
	if (i < m && !is_digit(w[i]) && p->ln->odd[wi ? wi[i] : i]) {
		*end = i;
		return INT_ODD;
	}
	if (i >= m || !is_digit(w[i]))
		return INT_NONE;
	for (; i < m && is_digit(w[i]); i++) {
		unsigned d = (unsigned)(w[i] - '0');
		if (p->ln->odd[wi ? wi[i] : i]) {
			*end = i;
			return INT_ODD;
		}
		if (mag > (UINT64_MAX - d) / 10)
			big = 1;
		else
			mag = mag * 10 + d;
	}
	*end = i;
	if (i < m && p->ln->odd[wi ? wi[i] : i])
		return INT_ODD;
	if (nm)
		return INT_NOT_MINUS;
	if (big || mag > (uint64_t)INT64_MAX + neg)
		return INT_BIG;
	if (!neg)
		*v = (int64_t)mag;
	else
		*v = mag > (uint64_t)INT64_MAX ? INT64_MIN : -(int64_t)mag;
	return INT_OK;
}

/* AM-UNIT-8: report the digit at line index at, which NFKC made of
 * another character (the line is broken from here). */
static void err_odd(P *p, size_t at)
{
	char ch[8], code[16];
	const int32_t c = p->ln->odd[at];

	am_text_utf8_buf(ch, sizeof(ch), &c, 1);
	snprintf(code, sizeof(code), "U+%04X", (unsigned)c);
	err(p, AM_DIAG_ODD_DIGIT, at, 0, 0, ch, code);
	p->broken = 1;
}

/* Report the ー or ➖ at line index at, the sign of the number
 * w[sign..en), typed for a minus: s2 is w[st..en) with '-' for it, the
 * text meant; where no number has a sign (`signed_ok` 0: all but 配置Ｎ
 * and 対象Ｎ), the text without it, since a '-' there would be the next
 * error (review 2026-12-06: 攻撃力 ー１ suggested 「-1」).  The line is
 * broken from here. */
static void err_not_minus(P *p, const int32_t *w, size_t st, size_t sign,
                          size_t en, size_t at, int signed_ok)
{
	char ch[8], sug[512];
	int32_t fixed[128];
	size_t k, n = 0;

	am_text_utf8_buf(ch, sizeof(ch), w + sign, 1);
	for (k = st; k < en && n < sizeof(fixed) / sizeof(fixed[0]); k++)
		if (k == sign) {
			if (signed_ok)
				fixed[n++] = '-';
		} else if (w[k] != 0xFE0F) {
			fixed[n++] = w[k];
		}
	am_text_utf8_buf(sug, sizeof(sug), fixed, n);
	err(p, signed_ok ? AM_DIAG_NOT_MINUS : AM_DIAG_NOT_MINUS_UNSIGNED, at,
	    0, 0, ch, sug);
	p->broken = 1;
}

/* Report an integer beyond 64 bits found at w[st..en) of line indices wi. */
static void err_big(P *p, const int32_t *w, size_t st, size_t en,
                    size_t at)
{
	char text[512];

	am_text_utf8_buf(text, sizeof(text), w + st, en - st);
	err(p, AM_DIAG_NUMBER_TOO_LARGE, at, 0, 0, text, NULL);
}

/*
 * INT at the cursor (after white space).  1 with *v set; 0 after
 * NUMBER_TOO_LARGE (the cursor is past it, the line goes on); -1 after a
 * syntax error.  *at receives the index of the number.
 */
static int scan_int(P *p, int64_t *v, size_t *at)
{
	size_t end;
	int r;

	skip_ws(p);
	*at = p->i;
	r = int_at(p, p->ln->cp, NULL, p->ln->n, p->i, v, &end);
	if (r == INT_NONE) {
		err_found(p, AM_DIAG_EXPECTED_INT, p->i, 0, NULL);
		return -1;
	}
	if (r == INT_ODD) {
		err_odd(p, end);
		return -1;
	}
	if (r == INT_NOT_MINUS) {
		err_not_minus(p, p->ln->cp, p->i, p->i, end, p->i, 0);
		return -1;
	}
	if (r == INT_BIG)
		err_big(p, p->ln->cp, p->i, end, p->i);
	p->i = end;
	return r == INT_OK;
}

/* ---- names ------------------------------------------------------------ */

/*
 * AM-UNIT-7: the diagnostic of a character a name may not hold, or 0.
 * Controls: C0 (TAB too, inside a name: at its ends it is a blank,
 * trimmed), DEL and C1 (U+0080-U+009F).  Invisible: the default ignorable
 * code points, and U+2800 BRAILLE PATTERN BLANK, which shows as a blank.
 */
static int name_char_bad(int32_t c)
{
	if (c < 0x20 || (c >= 0x7f && c < 0xa0))
		return AM_DIAG_CONTROL;
	if (c >= 0x80 && (c == 0x2800 || utf8proc_get_property(c)->ignorable))
		return AM_DIAG_INVISIBLE;
	return 0;
}

/*
 * NAME: the text up to one of `stops` (or the end), white space trimmed.
 * `、` stops wherever ',' does: after NFKC (which folds `，` to ',') the two
 * are one separator (AM-UNIT-5).
 * Sets [*st, *en); returns the NUL-terminated copy in the arena, or NULL
 * when it is empty (EMPTY_NAME reported) or memory ran out.
 */
static const char *scan_name(P *p, const char *stops, size_t *st, size_t *en)
{
	const char *name;
	size_t e;

	skip_ws(p);
	*st = p->i;
	while (p->i < p->ln->n) {
		int32_t c = p->ln->cp[p->i];
		if (c < 0x80 && c && strchr(stops, (int)c))
			break;
		if (c == CP_TOUTEN && strchr(stops, ','))
			break;
		p->i++;
	}
	e = p->i;
	while (e > *st && am_text_is_space(p->ln->cp[e - 1]))
		e--;
	*en = e;
	if (e == *st) {
		err(p, AM_DIAG_EMPTY_NAME, *st, 0, 0, NULL, NULL);
		p->broken = 1;
		return NULL;
	}
	/* AM-UNIT-7: no invisible character, so that no name can pass for
	 * another (グリ<U+200B>スク beside グリスク), and no control
	 * character, so that no name drives the terminal of whoever reads
	 * the standings (ESC [ 2 J) */
	for (size_t k = *st; k < e; k++) {
		int32_t c = p->ln->cp[k];
		int code = name_char_bad(c);
		if (code) {
			char u[16];
			snprintf(u, sizeof(u), "U+%04X", (unsigned)c);
			err(p, code, k, 0, 0, u, NULL);
			break;
		}
	}
	name = am_text_utf8(&p->s->arena, p->ln->cp + *st, e - *st);
	if (!name)
		p->s->oom = 1;
	return name;
}

/* ---- unit lines ------------------------------------------------------- */

static const char *const stat_names[4] = {"HP", "攻撃力", "防御力", "素早さ"};

/* Append a unit record; its slots are copied from the scratch vector. */
static void push_unit(P *p, am_unit_rec *u)
{
	am_sheet *s = p->s;

	u->nslots = p->ps->nsl;
	if (u->nslots) {
		if (u->nslots > SIZE_MAX / sizeof(*u->slots) ||
		    !(u->slots = am_arena_alloc(&s->arena,
		                                u->nslots * sizeof(*u->slots)))) {
			s->oom = 1;
			return;
		}
		memcpy(u->slots, p->ps->sl, u->nslots * sizeof(*u->slots));
	}
	if (s->nunits >= AM_NOINDEX ||
	    UT_ARRAY_RESERVE(s->units, s->ucap, s->nunits + 1) < 0) {
		s->oom = 1;
		return;
	}
	s->units[s->nunits++] = *u;
}

/* names -> NAME { ('、' | ',') NAME }
 * The actions set on a unit, in order, repeats kept (AM-UNIT-2). */
static void names(P *p)
{
	am_pstate *ps = p->ps;
	int32_t sep = 0; /* the separator just read, 0 before the first */

	for (;;) {
		size_t st, en;
		const char *nm;
		if (sep) {
			/* an empty name after a separator: said with it (player
			 * review 2026-12-07: "シールド、" got "empty name" with
			 * no word of the stray 、) */
			skip_ws(p);
			if (p->i >= p->ln->n || p->ln->cp[p->i] == ',' ||
			    p->ln->cp[p->i] == CP_TOUTEN) {
				char text[8];
				am_text_utf8_buf(text, sizeof(text), &sep, 1);
				err(p, AM_DIAG_EMPTY_NAME, p->i, 0, 0, NULL, text);
				p->broken = 1;
				if (p->i >= p->ln->n)
					return;
				sep = p->ln->cp[p->i++];
				continue;
			}
		}
		nm = scan_name(p, ",", &st, &en);
		if (nm) {
			if (UT_ARRAY_RESERVE(ps->sl, ps->slcap, ps->nsl + 1) < 0) {
				p->s->oom = 1;
				return;
			}
			ps->sl[ps->nsl].name = nm;
			ps->sl[ps->nsl].col = colat(p, st);
			ps->sl[ps->nsl].action = AM_NOINDEX;
			ps->nsl++;
		} else if (p->s->oom) {
			return;
		}
		if (p->i >= p->ln->n)
			return;
		sep = p->ln->cp[p->i++]; /* the separator */
	}
}

/*
 * The checks of meaning on a parsed unit line: stats ≥ 0 (AM-UNIT-1); ＨＰ a
 * multiple of 5 and 技術 = u->stored − (ＨＰ÷5 + 攻撃力 + 防御力 + 素早さ) ≥ 0
 * (AM-UNIT-2), u->stored being 10 without （）, an entry unit's stored bonus
 * S in 0..10 with 愛 = 10 − S (BU-SHEET-1, BU-SHEET-4: 愛 10 is legal), or a
 * ビルディア's free bonus
 * Ｂ ≥ 1, without 愛 (BU-SHEET-2).
 */
static void unit_values(P *p, am_unit_rec *u, const int64_t *st,
                        const int *st_ok, const size_t *st_at,
                        size_t bonus_at, int bonus_ok)
{
	int k, good = 1;
	int64_t used;

	for (k = 0; k < 4; k++) {
		if (!st_ok[k]) {
			good = 0;
			continue;
		}
		if (st[k] < 0) {
			err(p, AM_DIAG_NEGATIVE_STAT, st_at[k], st[k], 0,
			    stat_names[k], NULL);
			good = 0;
		}
	}
	if (st_ok[0] && st[0] >= 0 && st[0] % 5 != 0) {
		err(p, AM_DIAG_HP_NOT_MULT5, st_at[0], st[0], 0, NULL, NULL);
		good = 0;
	}
	if (bonus_ok) {
		if (!u->buildia && (u->stored < 0 || u->stored > 10)) {
			err(p, AM_DIAG_STORED_RANGE, bonus_at, u->stored, 0, NULL,
			    NULL);
			bonus_ok = 0;
		} else if (u->buildia && u->stored < 1) {
			err(p, AM_DIAG_BUILDIA_BONUS, bonus_at, u->stored, 0, NULL,
			    NULL);
			bonus_ok = 0;
		}
	}
	u->bonus_ok = bonus_ok;
	u->love = !u->buildia && bonus_ok ? 10 - u->stored : 0;
	u->hp = st[0];
	u->atk = st[1];
	u->def = st[2];
	u->spd = st[3];
	if (!good || !bonus_ok)
		return;
	used = st[0] / 5;
	if (ut_ckd_add(&used, used, st[1]) || ut_ckd_add(&used, used, st[2]) ||
	    ut_ckd_add(&used, used, st[3])) {
		err(p, AM_DIAG_STATS_OVERFLOW, st_at[0], 0, 0, NULL, NULL);
		return;
	}
	if (used > u->stored) {
		err(p, AM_DIAG_STATS_OVER, st_at[0], used, u->stored, NULL, NULL);
		return;
	}
	u->tech = u->stored - used;
	u->stats_ok = 1;
}

/*
 * unit  -> NAME [ '(' INT ')' ] ':' INT '/' INT '/' INT '/' INT [ '/' names ]
 * build -> '○' NAME '(' INT ')' ':' INT '/' INT '/' INT '/' INT [ '/' names ]
 *
 * The unit line (AM-UNIT-2), with the entry unit's optional stored bonus
 * (BU-SHEET-1) or a ビルディア's required one (BU-SHEET-2).
 */
static void unit_line(P *p, int buildia)
{
	am_sheet *s = p->s;
	am_unit_rec u;
	int64_t st[4] = {0, 0, 0, 0};
	int st_ok[4] = {0, 0, 0, 0}, bonus_ok = 1, k, r;
	size_t st_at[4] = {0, 0, 0, 0}, bonus_at = 0, nst, nen;
	uint32_t idx = (uint32_t)s->nunits, first;

	memset(&u, 0, sizeof(u));
	u.line = p->ln->line;
	u.col = colat(p, p->i);
	u.buildia = buildia;
	u.team_index = AM_NOINDEX;
	u.stored = 10;
	p->ps->nsl = 0;
	if (buildia)
		p->i++; /* ○ */
	u.name = scan_name(p, "(:/", &nst, &nen);
	u.name_col = colat(p, nst);
	skip_ws(p);
	if (!u.name && peek(p) != '(' && peek(p) != ':')
		goto done; /* not a unit line after all: one error is enough */
	if (peek(p) == '(') {
		size_t open = p->i++;
		r = scan_int(p, &u.stored, &bonus_at);
		if (r < 0 || !close_bracket(p, open))
			goto done;
		bonus_ok = r;
	} else if (buildia) {
		err_found(p, AM_DIAG_EXPECTED_LPAREN, p->i, 0, NULL);
		goto done;
	}
	u.bonus_col = colat(p, bonus_at);
	if (!expect(p, ':', AM_DIAG_EXPECTED_COLON))
		goto done;
	for (k = 0; k < 4; k++) {
		if (k > 0 && !expect(p, '/', AM_DIAG_EXPECTED_SLASH))
			goto done;
		r = scan_int(p, &st[k], &st_at[k]);
		if (r < 0)
			goto done;
		st_ok[k] = r;
	}
	u.stats_col = colat(p, st_at[0]);
	unit_values(p, &u, st, st_ok, st_at, bonus_at, bonus_ok);
	skip_ws(p);
	if (peek(p) == '/') {
		p->i++;
		skip_ws(p);
		if (p->i < p->ln->n) /* "…/0/" with nothing after: no actions */
			names(p);
	} else if (p->i < p->ln->n) {
		err_trailing(p);
	}
done:
	u.ok = !p->broken;
	if (p->broken)
		u.stats_ok = 0;
	if (!buildia) {
		/* a broken line does not claim to be the entry unit */
		if (!u.ok) {
			u.ignored = 1;
			s->broken_entry = 1;
		} else if (s->entry != AM_NOINDEX) {
			am_diag_add(s, AM_DIAG_SECOND_ENTRY, u.line, u.col,
			            s->units[s->entry].line, 0, NULL, NULL);
			u.ignored = 1;
		} else {
			s->entry = idx;
		}
	}
	if (u.name && !(u.ignored && u.ok)) {
		if (am_names_get(&s->unit_names, u.name, &first))
			err(p, AM_DIAG_DUP_UNIT, nst, s->units[first].line, 0, u.name,
			    NULL);
		else if (am_names_put(&s->unit_names, u.name, idx) < 0)
			s->oom = 1;
	}
	push_unit(p, &u);
	p->ps->last = u.stats_ok && !u.ignored ? AM_LAST_UNIT : AM_LAST_BROKEN;
	p->ps->last_unit = idx;
}

/* tech -> '技術' [':'] INT
 * Optional; it follows a unit line (blank and comment lines may come
 * between) and must agree with that unit's 技術 (AM-UNIT-2). */
static void tech_line(P *p)
{
	am_pstate *ps = p->ps;
	size_t kw = p->i, at;
	int64_t v = 0;
	int r;

	p->i += 2; /* 技術 */
	skip_ws(p);
	if (peek(p) == ':')
		p->i++;
	r = scan_int(p, &v, &at);
	if (r >= 0) {
		skip_ws(p);
		if (p->i < p->ln->n)
			err_trailing(p);
	}
	if (ps->last == AM_LAST_OTHER) {
		err(p, AM_DIAG_TECH_MISPLACED, kw, 0, 0, NULL, NULL);
	} else if (ps->last == AM_LAST_UNIT && r > 0) {
		am_unit_rec *u = &p->s->units[ps->last_unit];
		u->has_tech_line = 1;
		if (v != u->tech)
			err(p, AM_DIAG_TECH_MISMATCH, at, v, u->tech, NULL, NULL);
	}
	ps->last = AM_LAST_OTHER;
}

/* ---- action lines ----------------------------------------------------- */

/* Copy line[st..en) without white space into the scratch word. */
static int word(P *p, size_t st, size_t en, size_t *m)
{
	am_pstate *ps = p->ps;
	size_t i, n = 0, cap = ps->wcap, wicap = ps->wcap;

	/* two arrays of one capacity: both grow by the same rule */
	if (UT_ARRAY_RESERVE(ps->w, cap, en - st + 1) < 0 ||
	    UT_ARRAY_RESERVE(ps->wi, wicap, en - st + 1) < 0)
		goto oom;
	ps->wcap = cap;
	for (i = st; i < en; i++)
		if (!am_text_is_space(p->ln->cp[i])) {
			ps->w[n] = p->ln->cp[i];
			ps->wi[n++] = i;
		}
	*m = n;
	return 0;
oom:
	p->s->oom = 1;
	return -1;
}

/* Number of code points of lit when w[0..m) starts with it, else 0. */
static size_t prefix(const int32_t *w, size_t m, const char *lit)
{
	const unsigned char *u = (const unsigned char *)lit;
	size_t n = 0;

	while (*u) {
		int32_t c;
		if (*u < 0x80)
			c = *u++;
		else if (*u < 0xE0)
			c = ((u[0] & 0x1F) << 6) | (u[1] & 0x3F), u += 2;
		else if (*u < 0xF0)
			c = ((u[0] & 0x0F) << 12) | ((u[1] & 0x3F) << 6) |
			    (u[2] & 0x3F),
			u += 3;
		else
			c = ((u[0] & 0x07) << 18) | ((u[1] & 0x3F) << 12) |
			    ((u[2] & 0x3F) << 6) | (u[3] & 0x3F),
			u += 4;
		if (n >= m || w[n] != c)
			return 0;
		n++;
	}
	return n;
}

/* The word with an integer: lit INT tail, the whole of w[0..m), whose
 * number may have a sign when signed_ok.  Returns INT_OK, INT_BIG,
 * INT_ODD or INT_NOT_MINUS (reported) or INT_NONE (does not match). */
static int word_int(P *p, size_t m, const char *lit, const char *tail,
                    int signed_ok, int64_t *v, size_t *at)
{
	const int32_t *w = p->ps->w;
	size_t k = prefix(w, m, lit), end;
	int r;

	if (!k)
		return INT_NONE;
	r = int_at(p, w, p->ps->wi, m, k, v, &end);
	if (r == INT_NONE)
		return INT_NONE;
	if (r == INT_ODD) {
		*at = p->ps->wi[k];
		err_odd(p, p->ps->wi[end]);
		return r;
	}
	if (tail) {
		size_t t = prefix(w + end, m - end, tail);
		if (!t || end + t != m)
			return INT_NONE;
	} else if (end != m) {
		return INT_NONE;
	}
	*at = p->ps->wi[k];
	if (r == INT_BIG)
		err_big(p, w, k, end, *at);
	if (r == INT_NOT_MINUS) /* ＜配置ー１＞: not 「配置1」, which the
	                           suggestion of an unknown word would say */
		err_not_minus(p, w, 0, k, m, *at, signed_ok);
	return r;
}

/* Report an unknown class or customisation: the text line[st..en) and a
 * suggestion from the scratch word w[0..m). */
static void unknown(P *p, int code, size_t st, size_t en, size_t m)
{
	char text[1024], sug[256];
	const char *s2;

	am_text_utf8_buf(text, sizeof(text), p->ln->cp + st, en - st);
	s2 = am_terms_suggest(sug, sizeof(sug), p->ps->w, m,
	                      code == AM_DIAG_UNKNOWN_CUSTOM);
	err(p, code, st, 0, 0, text, s2);
	p->broken = 1;
}

static const struct {
	const char *text;
	am_class cls;
} plain_classes[] = {
	{"直接攻撃", AM_CLASS_DIRECT},  {"防御無視攻撃", AM_CLASS_PIERCE},
	{"HP減殺", AM_CLASS_HALVE},     {"ガード与え", AM_CLASS_GUARD},
	{"反射与え", AM_CLASS_REFLECT}, {"ライフ与え", AM_CLASS_LIFE},
	{"HP回復", AM_CLASS_HEAL},
};

static const struct {
	const char *prefix;
	am_class cls;
} n_classes[] = {
	{"攻撃力+", AM_CLASS_ATK_UP},
	{"防御力+", AM_CLASS_DEF_UP},
	{"素早さ+", AM_CLASS_SPD_UP},
};

/* The word w[0..m) is lit 'N' tail, the letter N (Ｎ) copied from the
 * rules where a number goes: report it at the N with the example ex (the
 * line is broken from here); 1 when so. */
static int letter_n(P *p, size_t m, const char *lit, const char *tail,
                    const char *ex)
{
	const int32_t *w = p->ps->w;
	size_t k = prefix(w, m, lit), t;
	char text[256];

	if (!k || k >= m || (w[k] != 'N' && w[k] != 'n'))
		return 0;
	t = tail ? prefix(w + k + 1, m - k - 1, tail) : 0;
	if (k + 1 + t != m)
		return 0;
	am_text_utf8_buf(text, sizeof(text), w, m);
	err(p, AM_DIAG_LETTER_N, p->ps->wi[k], 0, 0, text, ex);
	p->broken = 1;
	return 1;
}

/* The word w[0..m) is a class with a cost after it, 直接攻撃（１） or
 * 攻撃力＋２（３）, where the rule text writes the cost after the action's
 * name (・シールド（１）：防御力＋２): report it at st, suggesting the class
 * alone (review 2026-12-06: 直接攻撃（１） got "did you mean ビルド(1)?");
 * 1 when so.  ビルド（名前） is a class of its own and never comes here. */
static int cost_after_class(P *p, size_t st, size_t en, size_t m)
{
	const int32_t *w = p->ps->w;
	char text[1024], sug[256];
	size_t q, i, k;

	for (q = 0; q < m && w[q] != '('; q++)
		;
	if (q == 0 || q + 2 > m || w[m - 1] != ')')
		return 0;
	for (i = 0; i < sizeof(plain_classes) / sizeof(plain_classes[0]); i++)
		if (prefix(w, q, plain_classes[i].text) == q)
			goto found;
	for (i = 0; i < sizeof(n_classes) / sizeof(n_classes[0]); i++) {
		if (!(k = prefix(w, q, n_classes[i].prefix)) || k == q)
			continue;
		while (k < q && w[k] >= '0' && w[k] <= '9')
			k++;
		if (k == q)
			goto found;
	}
	return 0;
found:
	for (k = q + 1; k + 1 < m && w[k] >= '0' && w[k] <= '9'; k++)
		;
	if (k + 1 < m) {
		/* not a number: a customisation in （） (反射与え（リミテッド）),
		 * not a cost (player review 2026-12-07) */
		static const int32_t pair[2] = {0xFF08, 0xFF09};
		am_text_utf8_buf(text, sizeof(text), pair, 2);
		err(p, AM_DIAG_WRONG_BRACKET, p->ps->wi[q], 0, 0, text, NULL);
		p->broken = 1;
		return 1;
	}
	am_text_utf8_buf(text, sizeof(text), p->ln->cp + st, en - st);
	am_text_utf8_buf(sug, sizeof(sug), w, q);
	err(p, AM_DIAG_COST_AFTER_CLASS, st, 0, 0, text, sug);
	p->broken = 1;
	return 1;
}

/* Hints for a class that is unknown as written (review W8): 【】 〈〉 《》
 * 「」 ≪≫ around customisations instead of ＜＞, at the bracket (player
 * review 2026-12-07: 「」 and ≪≫, what an IME gives for << >>, got no
 * hint); 攻撃力＋Ｎ with the letter Ｎ; a cost after the class, or a word
 * in its （） (cost_after_class).  1 when one was reported. */
static int class_hint(P *p, size_t st, size_t en, size_t m)
{
	static const char *const ex[] = {"攻撃力+1", "防御力+1", "素早さ+1"};
	size_t i;

	for (i = st; i < en; i++) {
		const int32_t c = p->ln->cp[i];
		if (c == 0x3010 || c == 0x3008 || c == 0x300A || /* 【 〈 《 */
		    c == 0x300C || c == 0x226A) {                /* 「 ≪ */
			const int32_t pair[2] = {c, c + 1};
			char text[16];
			am_text_utf8_buf(text, sizeof(text), pair, 2);
			err(p, AM_DIAG_WRONG_BRACKET, i, 0, 0, text, NULL);
			p->broken = 1;
			return 1;
		}
	}
	for (i = 0; i < sizeof(ex) / sizeof(ex[0]); i++)
		if (letter_n(p, m, n_classes[i].prefix, NULL, ex[i]))
			return 1;
	return cost_after_class(p, st, en, m);
}

/*
 * CLASS -> '直接攻撃' | '防御無視攻撃' | 'HP減殺' | '攻撃力+' INT
 *        | '防御力+' INT | '素早さ+' INT | 'ガード与え' | '反射与え'
 *        | 'ライフ与え' | 'HP回復' | 'ビルド' '(' NAME ')'
 * over line[st..en) (trimmed, non-empty; the cursor is at the '<' or the
 * end that follows); white space inside is ignored except in NAME.
 * The classes: AM-CLASS-1 直接攻撃, AM-CLASS-2 防御無視攻撃, AM-CLASS-3
 * ＨＰ減殺, AM-CLASS-4 攻撃力＋Ｎ, AM-CLASS-5 防御力＋Ｎ, AM-CLASS-6
 * 素早さ＋Ｎ, AM-CLASS-7 ガード与え, AM-CLASS-8 反射与え, AM-CLASS-9
 * ライフ与え, AM-CLASS-10 ＨＰ回復, and BU-BUILD-1 ビルド（名前）.
 * Returns -1 when the rest of the line cannot be read, else 0.
 */
static int action_class(P *p, am_action_rec *a, size_t st, size_t en)
{
	size_t m, k, i, stop = p->i;
	int64_t v;

	if (word(p, st, en, &m) < 0)
		return -1;
	for (i = 0; i < sizeof(plain_classes) / sizeof(plain_classes[0]); i++)
		if ((k = prefix(p->ps->w, m, plain_classes[i].text)) && k == m) {
			a->cls = plain_classes[i].cls;
			return 0;
		}
	for (i = 0; i < sizeof(n_classes) / sizeof(n_classes[0]); i++) {
		size_t at;
		int r = word_int(p, m, n_classes[i].prefix, NULL, 0, &v, &at);
		if (r == INT_NONE)
			continue;
		a->cls = n_classes[i].cls;
		a->n_col = colat(p, at);
		if (r == INT_OK) {
			a->n = v;
			a->n_ok = 1;
		} else {
			p->broken = 1;
		}
		return 0;
	}
	if ((k = prefix(p->ps->w, m, "ビルド("))) {
		/* NAME is the original text between '(' and the last ')' */
		size_t open = p->ps->wi[k - 1], nst, nen;
		am_nline sub;
		P q;

		a->cls = AM_CLASS_BUILD;
		if (p->ln->cp[en - 1] != ')' || en - 1 == open) {
			err_found(p, AM_DIAG_UNCLOSED, stop, colat(p, open), "(");
			return -1;
		}
		sub = *p->ln;
		sub.n = en - 1; /* stop before the last ')' */
		sub.end_col = colat(p, en - 1);
		q = *p;
		q.ln = &sub;
		q.i = open + 1;
		a->build_name = scan_name(&q, "", &nst, &nen);
		a->build_col = colat(p, nst);
		p->broken |= q.broken;
		return 0;
	}
	if (!class_hint(p, st, en, m))
		unknown(p, AM_DIAG_UNKNOWN_CLASS, st, en, m);
	return 0;
}

static const struct {
	const char *text;
	am_cu cu;
} plain_cus[] = {
	{"リミテッド", AM_CU_LIMITED}, {"高速起動", AM_CU_FAST},
	{"スタン与え", AM_CU_STUN},    {"毒与え", AM_CU_POISON},
	{"全体化", AM_CU_ALL},
};

static const struct {
	const char *prefix, *tail;
	am_cu cu;
} n_cus[] = {
	{"遅延起動", NULL, AM_CU_DELAY},
	{"効果", "倍", AM_CU_MULT},
	{"対象", NULL, AM_CU_TARGET},
	{"配置", NULL, AM_CU_PLACE},
};

/*
 * CUSTOM -> 'リミテッド' | '遅延起動' INT | '高速起動' | '効果' INT '倍'
 *         | 'スタン与え' | '毒与え' | '対象' INT | '配置' INT | '全体化'
 * over line[st..en) (trimmed); appended to the scratch list.
 * The customisations: AM-CUST-1 リミテッド, AM-CUST-2 遅延起動Ｎ, AM-CUST-3
 * 高速起動, AM-CUST-4 効果Ｎ倍, AM-CUST-5 スタン与え, AM-CUST-6 毒与え,
 * BU-CUST-1 配置Ｎ, BU-CUST-2 対象Ｎ, BU-CUST-3 全体化; which go together,
 * and on which classes, is validate.c's legality().
 * Returns 1 when it is unknown (reported), else 0.
 */
static int custom(P *p, size_t st, size_t en)
{
	am_pstate *ps = p->ps;
	am_custom_rec c;
	size_t m, k, i;

	if (word(p, st, en, &m) < 0)
		return 0;
	c.col = colat(p, st);
	c.ncol = 0;
	c.n = 0;
	c.kind = AM_CU_COUNT;
	c.big = 0;
	for (i = 0; i < sizeof(plain_cus) / sizeof(plain_cus[0]); i++)
		if ((k = prefix(ps->w, m, plain_cus[i].text)) && k == m)
			c.kind = plain_cus[i].cu;
	for (i = 0; c.kind == AM_CU_COUNT && i < sizeof(n_cus) / sizeof(n_cus[0]);
	     i++) {
		size_t at;
		int r = word_int(p, m, n_cus[i].prefix, n_cus[i].tail,
		                 n_cus[i].cu == AM_CU_PLACE ||
		                 n_cus[i].cu == AM_CU_TARGET, &c.n, &at);
		if (r == INT_NONE)
			continue;
		c.kind = n_cus[i].cu;
		if (r != INT_OK) { /* INT_BIG, INT_ODD, INT_NOT_MINUS:
		                      reported; kept, so not also missing */
			p->broken = 1;
			c.big = 1;
		}
		c.ncol = colat(p, at);
	}
	if (c.kind == AM_CU_COUNT) {
		if (!letter_n(p, m, "遅延起動", NULL, "遅延起動2") &&
		    !letter_n(p, m, "効果", "倍", "効果2倍") &&
		    !letter_n(p, m, "対象", NULL, "対象1") &&
		    !letter_n(p, m, "配置", NULL, "配置1"))
			unknown(p, AM_DIAG_UNKNOWN_CUSTOM, st, en, m);
		return 1;
	}
	if (UT_ARRAY_RESERVE(ps->cu, ps->cucap, ps->ncu + 1) < 0)
		p->s->oom = 1;
	else
		ps->cu[ps->ncu++] = c;
	return 0;
}

/* Append an action record, with its customisations from the scratch list.
 * The first line defining a name is that action; later ones are checked
 * against it (AM-UNIT-3). */
static void push_action(P *p, am_action_rec *a)
{
	am_sheet *s = p->s;
	uint32_t idx = (uint32_t)s->nactions, first;

	a->ncu = p->ps->ncu;
	if (a->ncu) {
		if (a->ncu > SIZE_MAX / sizeof(*a->cu) ||
		    !(a->cu = am_arena_alloc(&s->arena, a->ncu * sizeof(*a->cu)))) {
			s->oom = 1;
			return;
		}
		memcpy(a->cu, p->ps->cu, a->ncu * sizeof(*a->cu));
	}
	if (s->nactions >= AM_NOINDEX ||
	    UT_ARRAY_RESERVE(s->actions, s->acap, s->nactions + 1) < 0) {
		s->oom = 1;
		return;
	}
	if (am_names_get(&s->action_names, a->name, &first)) {
		a->first = first;
	} else {
		a->first = idx;
		if (am_names_put(&s->action_names, a->name, idx) < 0) {
			s->oom = 1;
			return;
		}
	}
	s->actions[s->nactions++] = *a;
}

/* action -> '・' NAME [ '(' INT ')' ] ':' CLASS { '<' CUSTOM '>' }
 * An action line with its optional declared cost (AM-UNIT-3); dot: the
 * cursor is at its '・' (or what stands for it, no_dot), else at NAME. */
static void action_line(P *p, int dot)
{
	am_action_rec a;
	size_t nst, nen, cst, cen;
	int r, unknown_cu = 0;

	memset(&a, 0, sizeof(a));
	a.line = p->ln->line;
	a.team_index = AM_NOINDEX;
	a.cls = AM_CLASS_COUNT;
	p->ps->ncu = 0;
	if (dot)
		p->i++; /* ・ */
	a.name = scan_name(p, "(:", &nst, &nen);
	a.name_col = colat(p, nst);
	if (!a.name) {
		p->broken = 1;
		return;
	}
	skip_ws(p);
	if (peek(p) == '(') {
		size_t open = p->i++, at;
		r = scan_int(p, &a.decl, &at);
		if (r < 0 || !close_bracket(p, open))
			goto done;
		a.has_decl = r;
		a.decl_col = colat(p, at);
		if (!r)
			p->broken = 1;
	}
	if (!expect(p, ':', AM_DIAG_EXPECTED_COLON))
		goto done;
	skip_ws(p);
	cst = p->i;
	while (p->i < p->ln->n && p->ln->cp[p->i] != '<')
		p->i++;
	cen = p->i;
	while (cen > cst && am_text_is_space(p->ln->cp[cen - 1]))
		cen--;
	if (cen == cst) {
		err_found(p, AM_DIAG_EXPECTED_CLASS, cst, 0, NULL);
		goto done;
	}
	a.class_col = colat(p, cst);
	if (action_class(p, &a, cst, cen) < 0 || p->s->oom)
		goto done;
	for (;;) {
		size_t open, st, en;
		skip_ws(p);
		if (p->i >= p->ln->n) {
			/* an unknown customisation may be the one required
			 * (＜配置ー１＞, ＜リミテド＞): not also "missing" */
			a.complete = !unknown_cu;
			break;
		}
		if (peek(p) != '<') {
			err_trailing(p);
			a.complete = !unknown_cu;
			break;
		}
		open = p->i++;
		while (p->i < p->ln->n && p->ln->cp[p->i] != '>')
			p->i++;
		if (p->i >= p->ln->n) {
			err_found(p, AM_DIAG_UNCLOSED, p->i, colat(p, open), "<");
			break;
		}
		st = open + 1;
		en = p->i++;
		while (st < en && am_text_is_space(p->ln->cp[st]))
			st++;
		while (en > st && am_text_is_space(p->ln->cp[en - 1]))
			en--;
		unknown_cu |= custom(p, st, en);
		if (p->s->oom)
			return;
	}
done:
	a.ok = !p->broken;
	push_action(p, &a);
}

/* ---- lines ------------------------------------------------------------ */

/* 1 when the text after the line's first ':' (up to a '<') starts as an
 * action class (a plain class, whatever follows it: •鏡（２）：反射与え
 * 【リミテッド】 with the wrong brackets too, player review 2026-12-07; a
 * ＋Ｎ class's prefix, or ビルド( ): an action line without its '・'
 * (a：直接攻撃, ＊a：直接攻撃), which as a unit line would read "expected
 * an integer".  *dot: 1 when
 * the line starts with a character typed for '・' (* · • ∙ ⋅ ‧), not part
 * of the name. */
static int no_dot(P *p, int *dot)
{
	const am_nline *ln = p->ln;
	const int32_t c = ln->cp[p->i];
	size_t i = p->i, m, k, cen;

	*dot = c == '*' || c == 0xB7 || c == 0x2022 || c == 0x2219 ||
	       c == 0x22C5 || c == 0x2027;
	while (i < ln->n && ln->cp[i] != ':')
		i++;
	if (i == p->i + (size_t)*dot || i >= ln->n)
		return 0;
	for (cen = ++i; cen < ln->n && ln->cp[cen] != '<'; cen++)
		;
	if (word(p, i, cen, &m) < 0)
		return 0;
	for (k = 0; k < sizeof(plain_classes) / sizeof(plain_classes[0]); k++)
		if (prefix(p->ps->w, m, plain_classes[k].text))
			return 1;
	for (k = 0; k < sizeof(n_classes) / sizeof(n_classes[0]); k++)
		if (prefix(p->ps->w, m, n_classes[k].prefix))
			return 1;
	return prefix(p->ps->w, m, "ビルド(") > 0;
}

/* A 技術 line (AM-UNIT-2): '技術' [':'] INT with no '/' in the line (else
 * the line is a unit named 技術…). */
static int is_tech(const P *p)
{
	const am_nline *ln = p->ln;
	size_t i = p->i + 2, k;

	if (ln->n - p->i < 3 || ln->cp[p->i] != 0x6280 ||
	    ln->cp[p->i + 1] != 0x8853)
		return 0;
	while (i < ln->n && am_text_is_space(ln->cp[i]))
		i++;
	if (i < ln->n && ln->cp[i] == ':')
		i++;
	while (i < ln->n && am_text_is_space(ln->cp[i]))
		i++;
	if (i < ln->n && (ln->cp[i] == '+' || ln->cp[i] == '-'))
		i++;
	if (i >= ln->n || !is_digit(ln->cp[i]))
		return 0;
	for (k = p->i; k < ln->n; k++)
		if (ln->cp[k] == '/')
			return 0;
	return 1;
}

/* AM-UNIT-10: is the rest of the line from p->i the signature a phone's
 * mail program adds by itself: it ends in "から送信" ("iPhoneから送信",
 * "Galaxyから送信") or starts with "sent from" and a blank, in any case
 * ("Sent from my iPhone")? */
static int phone_signature(const P *p)
{
	static const int32_t kara[4] = {0x304B, 0x3089, 0x9001, 0x4FE1};
	static const char sent[] = "sent from";
	const int32_t *cp = p->ln->cp;
	size_t i = p->i, n = p->ln->n, k;

	while (n > i && am_text_is_space(cp[n - 1]))
		n--;
	if (n - i >= 4 && memcmp(cp + n - 4, kara, sizeof(kara)) == 0)
		return 1;
	for (k = 0; k < sizeof(sent) - 1; k++)
		if (i + k >= n || (cp[i + k] | 0x20) != sent[k])
			return 0;
	return i + k < n && am_text_is_space(cp[i + k]);
}

/* No colon in the line from cp[i] on?  Every unit and action line has
 * one. */
static int no_colon(const P *p, size_t i)
{
	for (; i < p->ln->n; i++)
		if (p->ln->cp[i] == ':')
			return 0;
	return 1;
}

/* AM-UNIT-10: does the rest of the line from p->i start a signature or a
 * quoted mail: two dashes or more ("--", "－－", "ーー" typed in kana
 * mode, "――": NFKC and fold made '-' of all but ー) or underscores (the
 * line of 32 new Outlook puts above the mail it quotes; "＿" is '_' after
 * NFKC), and no colon in the line ("-- 山田", "-----Original
 * Message-----")? */
static int separator(P *p)
{
	size_t i = p->i, k;

	for (k = 0; i + k < p->ln->n &&
	            (p->ln->cp[i + k] == '-' || p->ln->cp[i + k] == 0x30FC ||
	             p->ln->cp[i + k] == '_'); k++)
		;
	return k >= 2 && no_colon(p, i + k);
}

int am_parse_line_kind(const am_nline *ln)
{
	P p = {NULL, NULL, ln, 0, 0};

	skip_ws(&p);
	if (p.i >= ln->n)
		return AM_LINE_BLANK;
	if (ln->cp[p.i] == '#')
		return AM_LINE_COMMENT;
	if (ln->cp[p.i] == '>')
		return AM_LINE_QUOTE;
	if (separator(&p))
		return AM_LINE_SEPARATOR;
	return phone_signature(&p) && no_colon(&p, p.i) ? AM_LINE_SIGNATURE
	                                               : AM_LINE_SHEET;
}

/* sheet -> { blank | comment | unit | build | tech | action } [ signature ]
 * A line whose first non-blank character is '#' (or '＃') is a comment
 * (AM-UNIT-5), one whose first is '>' (or '＞') a mail quote, ignored
 * (AM-UNIT-9); '○', '〇' and '◯' start a ビルディア line (BU-SHEET-2); an
 * action line without its '・' (no_dot) is an error, then read as one.
 * Once the sheet has begun, a line of dashes (separator) or a phone's own
 * signature starts a mail's signature: it and every line after it are not
 * read (AM-UNIT-10). */
void am_parse_line(am_sheet *s, am_pstate *ps, const am_nline *ln)
{
	P p = {s, ps, ln, 0, 0};
	int32_t c;
	int dot, kind = am_parse_line_kind(ln);

	if (kind == AM_LINE_BLANK || kind == AM_LINE_COMMENT)
		return;
	if (kind == AM_LINE_QUOTE) { /* a mail quote (AM-UNIT-9), as the
	                              * hill reads it */
		s->quoted++;
		return;
	}
	if ((kind == AM_LINE_SEPARATOR || kind == AM_LINE_SIGNATURE) &&
	    ps->begun) {
		ps->ended = 1;
		return;
	}
	ps->begun = 1;
	skip_ws(&p);
	c = ln->cp[p.i];
	if (c == CP_NAKAGURO) {
		action_line(&p, 1);
		ps->last = AM_LAST_OTHER;
	} else if (c != 0x25CB && c != 0x3007 && c != 0x25EF &&
	           no_dot(&p, &dot)) {
		/* read as the action line it is meant to be, so that the
		 * units setting it find it: one error, not two */
		err(&p, AM_DIAG_ACTION_NO_DOT, p.i, 0, 0, NULL, NULL);
		action_line(&p, dot);
		ps->last = AM_LAST_OTHER;
	} else if (c == 0x25CB || c == 0x3007 || c == 0x25EF) { /* ○ 〇 ◯ */
		unit_line(&p, 1);
	} else if (is_tech(&p)) {
		tech_line(&p);
	} else {
		unit_line(&p, 0);
	}
}

void am_parse_state_free(am_pstate *ps)
{
	free(ps->cu);
	free(ps->sl);
	free(ps->w);
	free(ps->wi);
	memset(ps, 0, sizeof(*ps));
}
