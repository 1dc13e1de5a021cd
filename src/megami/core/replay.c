/*
 * replay.c - the replay format (megami/replay.h): parse, write, and play on a
 * combat (docs/MEGAMI.md "Tracker and replays", the MG-REPLAY rules).  No
 * I/O.
 */
#include "megami/replay.h"
#include "megami/scenario.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/array.h"
#include "util/buf.h"
#include "util/error.h"
#include "util/lang.h"
#include "util/rng.h"

void mg_replay_free(mg_replay *r)
{
	if (!r)
		return;
	free(r->scenario_path);
	free(r->scenario_yaml);
	free(r->items);
	memset(r, 0, sizeof(*r));
}

static char *dup_n(const char *s, size_t n)
{
	char *p = malloc(n + 1);
	if (!p)
		return NULL;
	if (n)
		memcpy(p, s, n);
	p[n] = '\0';
	return p;
}

int mg_replay_set_scenario(mg_replay *r, const char *path, const char *yaml,
                           size_t yaml_len)
{
	char *p = NULL, *y = NULL;

	if (!r)
		return ut_error_set(UT_EINVALID,
		                    "mg_replay_set_scenario: r is NULL");
	if ((path && !(p = dup_n(path, strlen(path)))) ||
	    (yaml && !(y = dup_n(yaml, yaml_len)))) {
		free(p);
		return ut_error_set(UT_ENOMEM, "out of memory");
	}
	free(r->scenario_path);
	free(r->scenario_yaml);
	r->scenario_path = p;
	r->scenario_yaml = y;
	r->scenario_yaml_len = y ? yaml_len : 0;
	return 0;
}

static mg_replay_item *add_item(mg_replay *r)
{
	mg_replay_item *it;

	if (UT_ARRAY_RESERVE(r->items, r->cap, r->nitems + 1) < 0)
		return NULL;
	it = &r->items[r->nitems++];
	memset(it, 0, sizeof(*it));
	return it;
}

int mg_replay_add_die(mg_replay *r, int64_t die)
{
	mg_replay_item *it;

	if (!r)
		return ut_error_set(UT_EINVALID,
		                    "mg_replay_add_die: r is NULL");
	if (!(it = add_item(r)))
		return UT_ENOMEM;
	it->kind = MG_RITEM_DIE;
	it->die = die;
	return 0;
}

int mg_replay_add_action(mg_replay *r, const mg_action *action)
{
	mg_replay_item *it;

	if (!r)
		return ut_error_set(UT_EINVALID,
		                    "mg_replay_add_action: r is NULL");
	if (!action)
		return ut_error_set(UT_EINVALID,
		                    "mg_replay_add_action: action is NULL");
	if (!(it = add_item(r)))
		return UT_ENOMEM;
	it->kind = MG_RITEM_ACTION;
	it->action = *action;
	return 0;
}

int mg_replay_add_adjust(mg_replay *r, const mg_adjust *adjust)
{
	mg_replay_item *it;

	if (!r)
		return ut_error_set(UT_EINVALID,
		                    "mg_replay_add_adjust: r is NULL");
	if (!adjust)
		return ut_error_set(UT_EINVALID,
		                    "mg_replay_add_adjust: adjust is NULL");
	if (!(it = add_item(r)))
		return UT_ENOMEM;
	it->kind = MG_RITEM_ADJUST;
	it->adjust = *adjust;
	return 0;
}

/* ---- parsing ------------------------------------------------------------- */

/* MG-GM-1: the words of the GM's hand after `gm`, and of conditions. */
static const char *const gm_words[] = {"hp", "pos", "add", "clear", "end",
                                       "enter"};

/* MG-GM-5: the winner of `gm end`, by MG_SIDE_* (none: -1). */
static const char *const end_words[] = {"pc", "npc"};

static const char *const cond_words[] = {
	[MG_STATE_INCAPACITATED] = "incapacitated",
	[MG_STATE_DEAD] = "dead",
};

/* The words of decisions: MG-REPLAY-2. */
static const struct {
	const char *word;
	mg_action_kind kind;
	int nargs; /* 0; 1: a position; 2: attack and character */
} words[] = {
	{"end", MG_ACT_END, 0},
	{"move", MG_ACT_MOVE, 1},
	{"run", MG_ACT_FULL_MOVE, 1},
	{"attack", MG_ACT_ATTACK, 2},
	{"finish", MG_ACT_FINISH, 2},
	{"wait", MG_ACT_WAIT, 0},
	{"resume", MG_ACT_RESUME, 0},
	{"stay", MG_ACT_STAY, 0},
};

#define MAX_TOKENS 64

typedef struct tok {
	const char *s;
	size_t len;
	uint32_t col; /* 1-based, in characters */
} tok;

typedef struct parser {
	mg_replay *r;
	mg_lang lang;
	mg_replay_loc *loc;
	uint32_t line;
	const char *text; /* the line */
	size_t len;
} parser;

/* Characters (code points) in s[0..n): the bytes that do not continue
 * a UTF-8 sequence. */
/* A C0 control character or DEL (MG-REPLAY-1: none in a scenario path). */
static int is_control(char c)
{
	return (unsigned char)c < 0x20 || c == 0x7f;
}

static uint32_t chars(const char *s, size_t n)
{
	uint32_t c = 0;
	size_t i;
	for (i = 0; i < n; i++)
		c += ((unsigned char)s[i] & 0xc0) != 0x80;
	return c;
}

static int fail_at(parser *ps, int code, uint32_t col, const char *fmt, ...)
#if defined(__GNUC__)
	__attribute__((format(printf, 4, 5)))
#endif
	;

static int fail_at(parser *ps, int code, uint32_t col, const char *fmt, ...)
{
	char msg[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	ps->loc->line = ps->line;
	ps->loc->col = col;
	return ut_error_set(code, "%s", msg);
}

static int tok_is(const tok *t, const char *s)
{
	return t->len == strlen(s) && memcmp(t->s, s, t->len) == 0;
}

/* A decimal number, an optional '-' when `negative` is allowed.
 * MG-REPLAY-1: plain decimal only. */
static int number(parser *ps, const tok *t, int negative, int64_t *out)
{
	size_t i = 0;
	int neg = 0;
	uint64_t v = 0, lim;

	if (negative && t->len > 0 && t->s[0] == '-') {
		neg = 1;
		i = 1;
	}
	if (i == t->len)
		goto bad;
	lim = neg ? (uint64_t)INT64_MAX + 1 : (uint64_t)INT64_MAX;
	for (; i < t->len; i++) {
		unsigned d;
		if (t->s[i] < '0' || t->s[i] > '9')
			goto bad;
		d = (unsigned)(t->s[i] - '0');
		if (v > (lim - d) / 10)
			return fail_at(ps, UT_EOVERFLOW, t->col,
			               UT_TRL(ps->lang, "数「%.*s」が大きすぎます",
			                      "the number '%.*s' is too large"),
			               (int)t->len, t->s);
		v = v * 10 + d;
	}
	*out = neg ? (int64_t)(0 - v) : (int64_t)v;
	return 0;
bad:
	return fail_at(ps, UT_EINVALID, t->col,
	               UT_TRL(ps->lang, "「%.*s」は整数ではありません",
	                      "'%.*s' is not a whole number"),
	               (int)t->len, t->s);
}

/* A 1-based number (attack, character) → 0-based (a negative one is a
 * whole number too: said as below 1). */
static int ordinal(parser *ps, const tok *t, const char *what, uint32_t *out)
{
	int64_t v;
	int rc = number(ps, t, 1, &v);
	if (rc < 0)
		return rc;
	if (v < 1 || v > (int64_t)UINT32_MAX)
		return fail_at(ps, UT_EINVALID, t->col,
		               UT_TRL(ps->lang, "%sの番号は1から数えます（「%.*s」）",
		                      "%s numbers start at 1 (not '%.*s')"),
		               what, (int)t->len, t->s);
	*out = (uint32_t)(v - 1);
	return 0;
}

static int decision(parser *ps, const tok *t, size_t n)
{
	size_t w;
	mg_action a;
	mg_replay_item *it;
	int rc;

	for (w = 0; w < sizeof(words) / sizeof(words[0]); w++)
		if (tok_is(&t[0], words[w].word))
			break;
	if (w == sizeof(words) / sizeof(words[0]))
		return fail_at(ps, UT_EINVALID, t[0].col,
		               UT_TRL(ps->lang, "「%.*s」は分かりません（dice, attack, finish, "
		                                "move, run, wait, end, resume, stay, gm のどれか）",
		                      "unknown word '%.*s' (expected dice, attack, finish, "
		                      "move, run, wait, end, resume, stay or gm)"),
		               (int)t[0].len, t[0].s);
	if (n - 1 < (size_t)words[w].nargs)
		return fail_at(ps, UT_EINVALID, chars(ps->text, ps->len) + 1,
		               words[w].nargs == 2
		               ? UT_TRL(ps->lang, "「%s」には攻撃とキャラクターの番号が要ります",
		                        "'%s' needs an attack number and a character number")
		               : UT_TRL(ps->lang, "「%s」には位置が要ります",
		                        "'%s' needs a position"),
		               words[w].word);
	if (n - 1 > (size_t)words[w].nargs)
		return fail_at(ps, UT_EINVALID, t[words[w].nargs + 1].col,
		               UT_TRL(ps->lang, "「%s」の値が多すぎます",
		                      "too many values for '%s'"), words[w].word);
	memset(&a, 0, sizeof(a));
	a.kind = words[w].kind;
	if (words[w].nargs == 1 && (rc = number(ps, &t[1], 1, &a.to)) < 0)
		return rc;
	if (words[w].nargs == 2 &&
	    ((rc = ordinal(ps, &t[1], UT_TRL(ps->lang, "攻撃", "attack"), &a.attack)) < 0 ||
	     (rc = ordinal(ps, &t[2], UT_TRL(ps->lang, "キャラクター", "character"),
	                   &a.target)) < 0))
		return rc;
	if (!(it = add_item(ps->r)))
		return UT_ENOMEM;
	it->kind = MG_RITEM_ACTION;
	it->action = a;
	it->line = ps->line;
	it->col = t[0].col;
	return 0;
}

/* MG-GM-5: "gm end pc|npc|none" into *adj.  Returns 0 or a located
 * error. */
static int gm_end_line(parser *ps, const tok *t, size_t n, mg_adjust *adj)
{
	if (n < 3)
		return fail_at(ps, UT_EINVALID, chars(ps->text, ps->len) + 1,
		               UT_TRL(ps->lang, "「gm end」には勝者（pc, npc, none）が要ります",
		                      "'gm end' needs the winner (pc, npc or none)"));
	if (n > 3)
		return fail_at(ps, UT_EINVALID, t[3].col,
		               UT_TRL(ps->lang, "「gm end」の値が多すぎます",
		                      "too many values for 'gm end'"));
	adj->kind = MG_ADJ_END;
	if (tok_is(&t[2], end_words[MG_SIDE_PC]))
		adj->value = MG_SIDE_PC;
	else if (tok_is(&t[2], end_words[MG_SIDE_NPC]))
		adj->value = MG_SIDE_NPC;
	else if (tok_is(&t[2], "none"))
		adj->value = -1;
	else
		return fail_at(ps, UT_EINVALID, t[2].col,
		               UT_TRL(ps->lang, "勝者は pc, npc, none のどれかです（「%.*s」）",
		                      "the winner is pc, npc or none, not '%.*s'"),
		               (int)t[2].len, t[2].s);
	return 0;
}

/* MG-GM-1: "gm hp C V", "gm pos C P", "gm add|clear C incapacitated|dead"
 * (C from 1); MG-GM-5: "gm end pc|npc|none"; MG-ENTER-4: "gm enter C".
 * Returns 0 or a located error. */
static int gm_line(parser *ps, const tok *t, size_t n)
{
	mg_adjust adj;
	mg_replay_item *it;
	size_t w;
	int rc;

	memset(&adj, 0, sizeof(adj));
	for (w = 0; n > 1 && w < sizeof(gm_words) / sizeof(gm_words[0]); w++)
		if (tok_is(&t[1], gm_words[w]))
			break;
	if (n < 2 || w == sizeof(gm_words) / sizeof(gm_words[0]))
		return fail_at(ps, UT_EINVALID,
		               n < 2 ? chars(ps->text, ps->len) + 1 : t[1].col,
		               UT_TRL(ps->lang, "「gm」の後は hp, pos, add, clear, end, enter のどれかです",
		                      "'gm' is followed by hp, pos, add, clear, end or enter"));
	if (w == MG_ADJ_END) {
		if ((rc = gm_end_line(ps, t, n, &adj)) < 0)
			return rc;
		goto add;
	}
	if (w == MG_ADJ_ENTER) { /* MG-ENTER-4: "gm enter C" */
		if (n < 3)
			return fail_at(ps, UT_EINVALID, chars(ps->text, ps->len) + 1,
			               UT_TRL(ps->lang, "「gm enter」にはキャラクターの番号が要ります",
			                      "'gm enter' needs a character number"));
		if (n > 3)
			return fail_at(ps, UT_EINVALID, t[3].col,
			               UT_TRL(ps->lang, "「gm enter」の値が多すぎます",
			                      "too many values for 'gm enter'"));
		adj.kind = MG_ADJ_ENTER;
		if ((rc = ordinal(ps, &t[2], UT_TRL(ps->lang, "キャラクター",
		                                    "character"), &adj.who)) < 0)
			return rc;
		goto add;
	}
	if (n < 4)
		return fail_at(ps, UT_EINVALID, chars(ps->text, ps->len) + 1,
		               UT_TRL(ps->lang, "「gm %s」にはキャラクターの番号と値が要ります",
		                      "'gm %s' needs a character number and a value"),
		               gm_words[w]);
	if (n > 4)
		return fail_at(ps, UT_EINVALID, t[4].col,
		               UT_TRL(ps->lang, "「gm %s」の値が多すぎます",
		                      "too many values for 'gm %s'"), gm_words[w]);
	adj.kind = (mg_adjust_kind)w;
	if ((rc = ordinal(ps, &t[2], UT_TRL(ps->lang, "キャラクター", "character"),
	                  &adj.who)) < 0)
		return rc;
	if (adj.kind == MG_ADJ_HP || adj.kind == MG_ADJ_POS) {
		if ((rc = number(ps, &t[3], 1, &adj.value)) < 0)
			return rc;
		/* MG-SCN-LIMIT-2: the GM's HP and position are held to the
		 * scenario's bound, so that no sum of the combat overflows */
		if (adj.value < -MG_SCN_NUMBER_MAX || adj.value > MG_SCN_NUMBER_MAX)
			return fail_at(ps, UT_EINVALID, t[3].col,
			               UT_TRL(ps->lang, "「gm %s」の値「%.*s」は範囲外です"
			                      "（-%" PRId64 "から%" PRId64 "までにしてください）",
			                      "'gm %s': the value '%.*s' is out of range"
			                      " (from -%" PRId64 " to %" PRId64 ")"),
			               gm_words[w], (int)t[3].len, t[3].s,
			               MG_SCN_NUMBER_MAX, MG_SCN_NUMBER_MAX);
	} else if (tok_is(&t[3], cond_words[MG_STATE_INCAPACITATED])) {
		adj.value = MG_STATE_INCAPACITATED;
	} else if (tok_is(&t[3], cond_words[MG_STATE_DEAD])) {
		adj.value = MG_STATE_DEAD;
	} else {
		return fail_at(ps, UT_EINVALID, t[3].col,
		               UT_TRL(ps->lang, "状態は incapacitated か dead です（「%.*s」）",
		                      "the condition is incapacitated or dead, not '%.*s'"),
		               (int)t[3].len, t[3].s);
	}
add:
	if (!(it = add_item(ps->r)))
		return UT_ENOMEM;
	it->kind = MG_RITEM_ADJUST;
	it->adjust = adj;
	it->line = ps->line;
	it->col = t[0].col;
	return 0;
}

static int dice_line(parser *ps, const tok *t, size_t n)
{
	size_t i;
	int rc;

	if (n < 2)
		return fail_at(ps, UT_EINVALID, chars(ps->text, ps->len) + 1,
		               UT_TRL(ps->lang, "「dice」には目が1つ以上要ります",
		                      "'dice' needs one or more values"));
	for (i = 1; i < n; i++) {
		int64_t v;
		mg_replay_item *it;
		/* a negative value is a whole number too: refused where it is
		 * played, as 0 and 7 are ("not between 1 and 6") */
		if ((rc = number(ps, &t[i], 1, &v)) < 0)
			return rc;
		if (!(it = add_item(ps->r)))
			return UT_ENOMEM;
		it->kind = MG_RITEM_DIE;
		it->die = v;
		it->line = ps->line;
		it->col = t[i].col;
	}
	return 0;
}

/*
 * MG-REPLAY-1: a "| " line of the scenario (ps->text, ps->len), appended
 * verbatim without its "| " to `yaml`.  *yaml_state: 0 no such line yet,
 * 1 in their block, 2 after it.  Returns 0 or a located error.
 */
static int scenario_line(parser *ps, int *yaml_state, ut_buf *yaml)
{
	const char *s = ps->text;
	size_t n = ps->len;

	if (*yaml_state == 2 || ps->r->nitems > 0)
		return fail_at(ps, UT_EINVALID, 1,
		               UT_TRL(ps->lang, "シナリオの行（| ）は、ダイスと決定より前に"
		                            "ひとまとまりで書きます",
		                  "the scenario's '| ' lines come together, "
		                  "before any die or decision"));
	if (n > 1 && s[1] != ' ')
		return fail_at(ps, UT_EINVALID, 2,
		               UT_TRL(ps->lang, "シナリオの行は「| 」で始めます",
		                  "a scenario line starts with '| '"));
	if (*yaml_state == 0)
		ps->r->yaml_line = ps->line;
	*yaml_state = 1;
	if (n > 2)
		ut_buf_put(yaml, s + 2, n - 2);
	ut_buf_puts(yaml, "\n");
	return 0;
}

/*
 * The words of the line (ps->text, ps->len) up to a '#', separated by
 * blanks, into t[0..*ntok) (MAX_TOKENS at most).  Returns 0 or a located
 * error.
 */
static int split_words(parser *ps, tok *t, size_t *ntok)
{
	const char *s = ps->text;
	size_t n = ps->len, i;

	*ntok = 0;
	for (i = 0; i < n && s[i] != '#';) {
		size_t b;
		if (s[i] == ' ' || s[i] == '\t') {
			i++;
			continue;
		}
		b = i;
		while (i < n && s[i] != ' ' && s[i] != '\t' && s[i] != '#')
			i++;
		if (*ntok == MAX_TOKENS)
			return fail_at(ps, UT_EINVALID, chars(s, b) + 1,
			               UT_TRL(ps->lang, "1行の値が多すぎます（%d個まで）",
			                  "too many values on one line (at most %d)"),
			               MAX_TOKENS);
		t[*ntok].s = s + b;
		t[*ntok].len = i - b;
		t[*ntok].col = chars(s, b) + 1;
		(*ntok)++;
	}
	return 0;
}

/* MG-REPLAY-1: the first line names the format and version:
 * "megami-replay 1".  Returns 0 or a located error. */
static int magic_line(parser *ps, const tok *t, size_t ntok)
{
	if (!tok_is(&t[0], "megami-replay"))
		return fail_at(ps, UT_EINVALID, t[0].col,
		               UT_TRL(ps->lang, "megami のリプレイではありません（1行目は"
		                            "「%s」）",
		                  "not a megami replay (the first line is '%s')"),
		               MG_REPLAY_MAGIC);
	if (ntok != 2 || !tok_is(&t[1], "1"))
		return fail_at(ps, UT_EINVALID,
		               ntok > 1 ? t[1].col : chars(ps->text, ps->len) + 1,
		               UT_TRL(ps->lang, "リプレイの版は 1 だけです",
		                  "only version 1 of the replay format exists"));
	return 0;
}

/* The seed `t` (or with `rolled`, the dice the generator gave): a whole
 * number from 0 to UINT64_MAX, into ps->r (set even after an error, as
 * far as it was read).  Returns 0 or a located error. */
static int seed_value(parser *ps, const tok *t, int rolled)
{
	uint64_t v = 0;
	size_t k;
	int rc = 0;

	for (k = 0; k < t->len && rc == 0; k++) {
		unsigned d = (unsigned)(t->s[k] - '0');
		if (t->s[k] < '0' || t->s[k] > '9')
			rc = rolled
			   ? fail_at(ps, UT_EINVALID, t->col,
			             UT_TRL(ps->lang, "rolled は0から%" PRIu64
			                          "までの整数です（「%.*s」）",
			                "rolled is a whole number from 0 "
			                "to %" PRIu64 " (not '%.*s')"),
			             UINT64_MAX, (int)t->len, t->s)
			   : fail_at(ps, UT_EINVALID, t->col,
			             UT_TRL(ps->lang, "種は0から%" PRIu64
			                          "までの整数です（「%.*s」）",
			                "the seed is a whole number from 0 "
			                "to %" PRIu64 " (not '%.*s')"),
			             UINT64_MAX, (int)t->len, t->s);
		else if (v > (UINT64_MAX - d) / 10)
			rc = fail_at(ps, UT_EOVERFLOW, t->col,
			             UT_TRL(ps->lang, "数「%.*s」が大きすぎます",
			                "the number '%.*s' is too large"),
			             (int)t->len, t->s);
		else
			v = v * 10 + d;
	}
	if (rolled) {
		ps->r->has_rolled = 1;
		ps->r->rolled = v;
	} else {
		ps->r->has_seed = 1;
		ps->r->seed = v;
	}
	return rc;
}

/*
 * A header line t[0..ntok): "rng NAME", "seed N", "rolled N" or
 * "scenario FILE",
 * once each (*seen: the line of the first, 0 none; set here) and before
 * the scenario's lines (yaml_state 0), the dice and the decisions.
 * Returns 0 or an error (located but for memory).
 */
static int header_line(parser *ps, const tok *t, size_t ntok, uint32_t *seen,
                       int yaml_state)
{
	if (ps->r->nitems > 0 || yaml_state != 0)
		return fail_at(ps, UT_EINVALID, t[0].col,
		               UT_TRL(ps->lang, "「%.*s」はシナリオの行、ダイス、決定より"
		                            "前に書きます",
		                  "'%.*s' comes before the scenario's lines, "
		                  "the dice and the decisions"),
		               (int)t[0].len, t[0].s);
	if (*seen)
		return fail_at(ps, UT_EINVALID, t[0].col,
		               UT_TRL(ps->lang, "「%.*s」が2回あります（最初は%u行目）",
		                  "'%.*s' is given twice (first on line %u)"),
		               (int)t[0].len, t[0].s, (unsigned)*seen);
	*seen = ps->line;
	if (ntok < 2)
		return fail_at(ps, UT_EINVALID, chars(ps->text, ps->len) + 1,
		               UT_TRL(ps->lang, "「%.*s」の値がありません",
		                  "'%.*s' needs a value"),
		               (int)t[0].len, t[0].s);
	if (tok_is(&t[0], "scenario")) {
		/* the rest of the line (blanks inside kept); no control
		 * character (a NUL would cut the path short, a CR end it
		 * where it is written back) */
		const char *p = t[1].s, *e = t[ntok - 1].s + t[ntok - 1].len, *q;
		for (q = p; q < e; q++)
			if (is_control(*q))
				return fail_at(ps, UT_EINVALID,
				               chars(ps->text, (size_t)(q - ps->text)) + 1,
				               UT_TRL(ps->lang, "シナリオのパスに制御文字"
				                                "（U+%04X）があります",
				                  "the scenario's path holds a control "
				                  "character (U+%04X)"),
				               (unsigned)(unsigned char)*q);
		if (!(ps->r->scenario_path = dup_n(p, (size_t)(e - p))))
			return ut_error_set(UT_ENOMEM, "out of memory");
		return 0;
	}
	if (ntok > 2)
		return fail_at(ps, UT_EINVALID, t[2].col,
		               UT_TRL(ps->lang, "「%.*s」の値が多すぎます",
		                  "too many values for '%.*s'"),
		               (int)t[0].len, t[0].s);
	if (tok_is(&t[0], "rng")) {
		/* docs/RANDOM.md: a replay records "xoshiro256ss-1" */
		if (!tok_is(&t[1], UT_RNG_NAME))
			return fail_at(ps, UT_EINVALID, t[1].col,
			               UT_TRL(ps->lang, "乱数生成器「%.*s」は使えません"
			                            "（%s だけ）",
			                  "unknown generator '%.*s' (only %s)"),
			               (int)t[1].len, t[1].s, UT_RNG_NAME);
		return 0;
	}
	return seed_value(ps, &t[1], tok_is(&t[0], "rolled"));
}

int mg_replay_parse(mg_replay *out, mg_replay_loc *loc, const char *text,
                    size_t len, mg_lang lang)
{
	mg_replay_loc dummy;
	parser ps;
	ut_buf yaml = UT_BUF_INIT;
	size_t at = 0;
	int magic = 0, yaml_state = 0; /* 0 none, 1 in the block, 2 after it */
	uint32_t seen_rng = 0, seen_seed = 0, seen_path = 0, first_line = 0;
	uint32_t seen_rolled = 0;
	int rc = 0;

	if (!out)
		return ut_error_set(UT_EINVALID,
		                    "mg_replay_parse: out is NULL");
	memset(out, 0, sizeof(*out));
	if (!loc)
		loc = &dummy;
	loc->line = loc->col = 0;
	if (!text && len)
		return ut_error_set(UT_EINVALID,
		                    "mg_replay_parse: text is NULL");
	ps.r = out;
	ps.lang = lang;
	ps.loc = loc;
	ps.line = 0;
	/* MG-REPLAY-1: a byte order mark before the first line (a replay
	 * saved again by an editor that adds one) is skipped, as in a
	 * scenario file */
	if (len >= 3 && memcmp(text, "\xef\xbb\xbf", 3) == 0)
		at = 3;
	while (at < len && rc == 0) {
		const char *s = text + at, *nl = memchr(s, '\n', len - at);
		size_t n = nl ? (size_t)(nl - s) : len - at, ntok = 0;
		tok t[MAX_TOKENS];

		at += n + (nl != NULL);
		ps.line++;
		/* CRLF, and any CR before a line's end: none is kept (a
		 * "| " line's trailing CR would not survive being written
		 * back) */
		while (n > 0 && s[n - 1] == '\r')
			n--;
		ps.text = s;
		ps.len = n;
		/* MG-REPLAY-1: "| " lines are the scenario, verbatim */
		if (n > 0 && s[0] == '|') {
			if (!magic)
				break; /* reported below: no header */
			rc = scenario_line(&ps, &yaml_state, &yaml);
			continue;
		}
		if (yaml_state == 1)
			yaml_state = 2;
		if ((rc = split_words(&ps, t, &ntok)) < 0 || ntok == 0)
			continue;
		if (!magic) {
			rc = magic_line(&ps, t, ntok);
			magic = 1;
			first_line = ps.line;
			continue;
		}
		if (tok_is(&t[0], "rng") || tok_is(&t[0], "seed") ||
		    tok_is(&t[0], "rolled") || tok_is(&t[0], "scenario")) {
			uint32_t *seen = tok_is(&t[0], "rng") ? &seen_rng
			               : tok_is(&t[0], "seed") ? &seen_seed
			               : tok_is(&t[0], "rolled") ? &seen_rolled
			               : &seen_path;
			rc = header_line(&ps, t, ntok, seen, yaml_state);
			continue;
		}
		if (tok_is(&t[0], "dice"))
			rc = dice_line(&ps, t, ntok);
		else if (tok_is(&t[0], "gm"))
			rc = gm_line(&ps, t, ntok);
		else
			rc = decision(&ps, t, ntok);
	}
	if (rc == 0 && !magic) {
		ps.line = 1;
		rc = fail_at(&ps, UT_EINVALID, 1,
		             UT_TRL(lang, "megami のリプレイではありません（1行目は「%s」）",
		                    "not a megami replay (the first line is '%s')"),
		             MG_REPLAY_MAGIC);
	}
	if (rc == 0 && !seen_path && yaml_state == 0) {
		ps.line = first_line;
		rc = fail_at(&ps, UT_EINVALID, 1,
		             UT_TRL(lang, "シナリオがありません（「scenario ファイル」か"
		                          "「| 」の行が要ります）",
		                    "no scenario (a 'scenario FILE' line or '| ' lines "
		                    "are needed)"));
	}
	if (rc == 0 && yaml.failed)
		rc = ut_error_set(UT_ENOMEM, "out of memory");
	if (rc == 0 && yaml_state != 0) {
		out->scenario_yaml = yaml.ptr;
		out->scenario_yaml_len = yaml.len;
		yaml.ptr = NULL;
	}
	ut_buf_free(&yaml);
	return rc;
}

/* Can the scenario line hold path p and read it back the same (MG-REPLAY-1:
 * the rest of the line up to a '#', blanks around it dropped, no control
 * character)? */
static int path_writable(const char *p)
{
	size_t n = strlen(p), i;

	if (n == 0 || p[0] == ' ' || p[n - 1] == ' ')
		return 0;
	for (i = 0; i < n; i++)
		if (is_control(p[i]) || p[i] == '#')
			return 0;
	return 1;
}

/* ---- writing ------------------------------------------------------------- */

/* MG-GM-1 MG-GM-5 MG-ENTER-4: one adjustment's line, for the writer and
 * for trackers. */
int mg_replay_adjust_text(char *buf, size_t size, const mg_adjust *g)
{
	int n;

	if (!g)
		return ut_error_set(UT_EINVALID,
		                    "mg_replay_adjust_text: adjust is NULL");
	if (g->kind == MG_ADJ_END)
		n = snprintf(buf, size, "gm end %s",
		             g->value == MG_SIDE_PC ? "pc"
		             : g->value == MG_SIDE_NPC ? "npc" : "none");
	else if (g->kind == MG_ADJ_ENTER)
		n = snprintf(buf, size, "gm enter %" PRIu64,
		             (uint64_t)g->who + 1);
	else if (g->kind == MG_ADJ_HP || g->kind == MG_ADJ_POS)
		n = snprintf(buf, size, "gm %s %" PRIu64 " %" PRId64,
		             gm_words[g->kind], (uint64_t)g->who + 1, g->value);
	else
		n = snprintf(buf, size, "gm %s %" PRIu64 " %s",
		             gm_words[(unsigned)g->kind & 3], (uint64_t)g->who + 1,
		             g->value == MG_STATE_DEAD ? "dead" : "incapacitated");
	return n;
}

int mg_replay_write(char **out, size_t *len, const mg_replay *r)
{
	ut_buf b = UT_BUF_INIT;
	size_t i;

	if (!out)
		return ut_error_set(UT_EINVALID,
		                    "mg_replay_write: out is NULL");
	*out = NULL;
	if (!r)
		return ut_error_set(UT_EINVALID, "mg_replay_write: r is NULL");
	ut_buf_puts(&b, MG_REPLAY_MAGIC "\n");
	ut_buf_puts(&b, "rng " UT_RNG_NAME "\n");
	if (r->has_seed)
		ut_buf_printf(&b, "seed %" PRIu64 "\n", r->seed);
	if (r->has_rolled)
		ut_buf_printf(&b, "rolled %" PRIu64 "\n", r->rolled);
	/* a path the line cannot hold (a session of a file named with a
	 * TAB or a '#') is left out when the scenario's lines are there,
	 * which a reader takes anyway (MG-REPLAY-1); else refused */
	if (r->scenario_path && path_writable(r->scenario_path))
		ut_buf_printf(&b, "scenario %s\n", r->scenario_path);
	else if (r->scenario_path && !r->scenario_yaml) {
		ut_buf_free(&b);
		return ut_error_set(UT_EINVALID, "mg_replay_write: the scenario's "
		                    "path cannot be written in a replay (a "
		                    "control character, a '#' or a blank at an "
		                    "end) and the replay holds no scenario");
	}
	if (r->scenario_yaml) {
		const char *s = r->scenario_yaml, *e = s + r->scenario_yaml_len;
		while (s < e) {
			const char *nl = memchr(s, '\n', (size_t)(e - s));
			size_t n = nl ? (size_t)(nl - s) : (size_t)(e - s);
			if (n == 0)
				ut_buf_puts(&b, "|\n");
			else {
				ut_buf_puts(&b, "| ");
				ut_buf_put(&b, s, n);
				ut_buf_puts(&b, "\n");
			}
			s += n + (nl != NULL);
		}
	}
	for (i = 0; i < r->nitems; i++) {
		const mg_replay_item *it = &r->items[i];
		const mg_action *a = &it->action;
		if (it->kind == MG_RITEM_DIE) {
			int first = i == 0 || r->items[i - 1].kind != MG_RITEM_DIE;
			int last = i + 1 == r->nitems ||
			           r->items[i + 1].kind != MG_RITEM_DIE;
			ut_buf_printf(&b, "%s%" PRId64 "%s", first ? "dice " : " ",
			              it->die, last ? "\n" : "");
			continue;
		}
		if (it->kind == MG_RITEM_ADJUST) {
			char line[80];
			mg_replay_adjust_text(line, sizeof(line), &it->adjust);
			ut_buf_printf(&b, "%s\n", line);
			continue;
		}
		switch (a->kind) {
		case MG_ACT_MOVE:
		case MG_ACT_FULL_MOVE:
			ut_buf_printf(&b, "%s %" PRId64 "\n",
			              a->kind == MG_ACT_MOVE ? "move" : "run", a->to);
			break;
		case MG_ACT_ATTACK:
		case MG_ACT_FINISH:
			ut_buf_printf(&b, "%s %" PRIu64 " %" PRIu64 "\n",
			              a->kind == MG_ACT_ATTACK ? "attack" : "finish",
			              (uint64_t)a->attack + 1, (uint64_t)a->target + 1);
			break;
		default: {
			size_t w;
			for (w = 0; w < sizeof(words) / sizeof(words[0]); w++)
				if (words[w].kind == a->kind)
					break;
			ut_buf_printf(&b, "%s\n", w < sizeof(words) / sizeof(words[0])
			                          ? words[w].word : "end");
		}
		}
	}
	if (b.failed) {
		ut_buf_free(&b);
		return ut_error_set(UT_ENOMEM, "out of memory");
	}
	*out = b.ptr;
	if (len)
		*len = b.len;
	return 0;
}

/* ---- playing ------------------------------------------------------------- */

void mg_replay_player_init(mg_replay_player *p, const mg_replay *r,
                           mg_lang lang)
{
	memset(p, 0, sizeof(*p));
	p->replay = r;
	p->lang = lang;
}

static int play_fail(mg_replay_player *p, const mg_replay_item *it, int code,
                     const char *fmt, ...)
#if defined(__GNUC__)
	__attribute__((format(printf, 4, 5)))
#endif
	;

static int play_fail(mg_replay_player *p, const mg_replay_item *it, int code,
                     const char *fmt, ...)
{
	char msg[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	p->loc.line = it ? it->line : 0;
	p->loc.col = it ? it->col : 0;
	return ut_error_set(code, "%s", msg);
}

/* MG-REPLAY-3: the next item must be a die, of 1 … sides. */
int mg_replay_dice(void *ud, uint64_t sides, size_t index, uint64_t *out)
{
	mg_replay_player *p = ud;
	const mg_replay *r;
	const mg_replay_item *it;

	if (!p)
		return ut_error_set(UT_EINVALID, "mg_replay_dice: ud is NULL");
	if (!out)
		return ut_error_set(UT_EINVALID, "mg_replay_dice: out is NULL");
	r = p->replay;
	if (p->pos >= r->nitems) {
		p->ended = 1;
		return play_fail(p, NULL, UT_ERROR,
		                 UT_TRL(p->lang, "リプレイはダイス%zuの前で終わっています",
		                        "the replay ends before die %zu"), index);
	}
	it = &r->items[p->pos];
	if (it->kind == MG_RITEM_ADJUST)
		return play_fail(p, it, UT_EINVALID,
		                 UT_TRL(p->lang, "ここではダイス（%zu個目）が要りますが、"
		                                 "リプレイには GM の調整があります",
		                        "die %zu is needed here, but the replay has a "
		                        "GM adjustment"), index);
	if (it->kind != MG_RITEM_DIE)
		return play_fail(p, it, UT_EINVALID,
		                 UT_TRL(p->lang, "ここではダイス（%zu個目）が要りますが、"
		                                 "リプレイには決定があります",
		                        "die %zu is needed here, but the replay has a "
		                        "decision"), index);
	if (it->die < 1 || (uint64_t)it->die > sides)
		return play_fail(p, it, UT_EINVALID,
		                 UT_TRL(p->lang, "ダイス%zuの目%" PRId64 "は1から%" PRIu64
		                                 "ではありません",
		                        "die %zu is %" PRId64 ", not between 1 and %" PRIu64),
		                 index, it->die, sides);
	*out = (uint64_t)it->die;
	p->pos++;
	return 0;
}

/* The actor's name for messages. */
static const char *actor_name(const mg_combat *c, uint32_t i)
{
	mg_char_state st;
	return mg_combat_character(&st, c, i) == 0 ? st.name : "?";
}

/* MG-REPLAY-3: an illegal decision or GM adjustment (MG-ACT-1) in the
 * replay's language: the engine's "NAME: reason" keeps the name, the
 * reason becomes mg_refusal_text's.  rc as it is. */
static int refused(const mg_replay_player *p, const mg_combat *c, int rc)
{
	mg_refusal why = mg_combat_refusal(c);
	const char *en = mg_refusal_text(why, MG_LANG_EN);
	char msg[512];
	size_t n, k = strlen(en);

	if (rc != UT_EINVALID || why == MG_REFUSE_NONE || p->lang == MG_LANG_EN)
		return rc;
	snprintf(msg, sizeof(msg), "%s", mg_error_last());
	n = strlen(msg);
	if (k == 0 || n < k || strcmp(msg + n - k, en) != 0)
		return rc;
	return ut_error_set(rc, "%.*s%s", (int)(n - k), msg,
	                    mg_refusal_text(why, p->lang));
}

/* MG-REPLAY-3: decisions and dice in the order the combat needs them; an
 * illegal decision (MG-ACT-1) is an error at its place. */
int mg_replay_play(mg_replay_player *p, mg_combat *c)
{
	const mg_replay *r;

	if (!p)
		return ut_error_set(UT_EINVALID, "mg_replay_play: p is NULL");
	if (!c)
		return ut_error_set(UT_EINVALID, "mg_replay_play: c is NULL");
	r = p->replay;
	for (;;) {
		const mg_replay_item *it;
		mg_ask ask;
		int rc = mg_combat_next(&ask, c), resume_word;

		if (rc < 0)
			return p->ended ? 0 : rc;
		if (ask.kind == MG_ASK_OVER) {
			if (p->pos < r->nitems)
				return play_fail(p, &r->items[p->pos], UT_EINVALID,
				                 UT_TRL(p->lang, "戦闘は終わっていますが、リプレイが"
				                                 "続いています",
				                        "the combat is over, but the replay "
				                        "goes on"));
			return 0;
		}
		if (p->pos >= r->nitems) {
			p->ended = 1;
			return 0;
		}
		it = &r->items[p->pos];
		if (it->kind == MG_RITEM_ADJUST) {
			/* MG-GM-1: the GM's hand, at a decision, before it */
			p->pos++;
			if ((rc = mg_combat_adjust(c, &it->adjust)) < 0) {
				if (rc == UT_EINVALID && p->loc.line == 0) {
					p->loc.line = it->line;
					p->loc.col = it->col;
				}
				return refused(p, c, rc);
			}
			continue;
		}
		if (it->kind != MG_RITEM_ACTION)
			return play_fail(p, it, UT_EINVALID,
			                 UT_TRL(p->lang, "ここでは%sの決定が要りますが、リプレイ"
			                                 "にはダイスがあります",
			                        "a decision for %s is needed here, but the "
			                        "replay has a die"),
			                 actor_name(c, ask.actor));
		resume_word = it->action.kind == MG_ACT_RESUME ||
		              it->action.kind == MG_ACT_STAY;
		if (ask.kind == MG_ASK_RESUME && !resume_word)
			return play_fail(p, it, UT_EINVALID,
			                 UT_TRL(p->lang, "%sは待機中です：ここでは resume か "
			                                 "stay です",
			                        "%s is waiting: the answer here is resume "
			                        "or stay"),
			                 actor_name(c, ask.actor));
		if (ask.kind == MG_ASK_ACTION && resume_word)
			return play_fail(p, it, UT_EINVALID,
			                 UT_TRL(p->lang, "%sの行動の番です：resume と stay は"
			                                 "待機中の問いへの答えです",
			                        "%s is to act: resume and stay answer a "
			                        "waiting character"),
			                 actor_name(c, ask.actor));
		p->pos++;
		rc = mg_combat_act(c, &it->action);
		if (rc < 0) {
			if (p->ended)
				return 0;
			if (p->loc.line == 0) {
				p->loc.line = it->line;
				p->loc.col = it->col;
			}
			return refused(p, c, rc);
		}
	}
}
