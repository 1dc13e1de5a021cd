/*
 * sheet_int.h - internals of the sheet layer, shared by its modules:
 *
 *   arena.c     am_arena_*   bump allocator for the sheet's strings/arrays
 *   names.c     am_names_*   string → index hash map
 *   lines.c     am_text_*    line splitting, UTF-8 check, NFKC + column map
 *   terms.c     am_terms_*   game terms: customisation names, suggestions
 *   parse.c     am_parse_*   the grammar of sheet.h, one line at a time
 *   validate.c  am_validate_* legality, costs, references, buildability
 *   diag.c      am_diag_*    collecting diagnostics; message catalogue
 *   format.c    am_sheet_format
 *   sheet.c     am_sheet_*   the driver, accessors and the team
 *
 * Rule IDs (AM-UNIT-1, BU-SHEET-1, …) are those of docs/AMARYLLIS.md; its
 * section 13 maps them to the functions of these files.
 */
#ifndef AM_SHEET_INT_H
#define AM_SHEET_INT_H

#include <stddef.h>
#include <stdint.h>

#include "amaryllis/sheet.h"

#define AM_NOINDEX UINT32_MAX

/* ---- arena.c ---------------------------------------------------------- */

typedef struct am_arena {
	struct am_arena_chunk *head;
} am_arena;

/* Memory for `size` bytes, aligned for any object; NULL when out of memory.
 * It lives until am_arena_free. */
void *am_arena_alloc(am_arena *a, size_t size);
/* A NUL-terminated copy of s[0..n) in the arena, or NULL. */
char *am_arena_strndup(am_arena *a, const char *s, size_t n);
/* Release every block of the arena. */
void am_arena_free(am_arena *a);

/* ---- names.c ---------------------------------------------------------- */

/* Open-addressing map from NUL-terminated strings (borrowed: they must
 * outlive the map) to indices. */
typedef struct am_names {
	const char **keys;
	uint32_t *vals;
	size_t cap, n;
} am_names;

/* 1 and *val when key is present, else 0. */
int am_names_get(const am_names *m, const char *key, uint32_t *val);
/* Insert key → val unless key is present. 0, or AM_ENOMEM. */
int am_names_put(am_names *m, const char *key, uint32_t val);
void am_names_free(am_names *m);

/* ---- lines.c ---------------------------------------------------------- */

/* One normalised line: code points, and for each the 1-based column (in
 * code points of the original line) where its grapheme cluster starts,
 * and 0 or, for what NFKC made of a digit other than 0-9 and ０-９ (² ₅ ①
 * 𝟓: AM-UNIT-8), that character as written. */
typedef struct am_nline {
	const int32_t *cp;
	const uint32_t *col;
	const int32_t *odd;
	size_t n;
	uint32_t end_col; /* column just past the last original character */
	uint32_t line;    /* 1-based line number */
} am_nline;

/* Workspace of the normaliser, reused from line to line. */
typedef struct am_text {
	int32_t *cp;       /* normalised code points */
	uint32_t *col;
	int32_t *odd;      /* am_nline odd */
	size_t n, cap;
	int32_t *tmp;      /* decomposition buffer */
	size_t tcap;
} am_text;

/* Byte length of the next line of buf[pos..len) (without its terminator);
 * *next receives the offset of the line after it. */
size_t am_text_line(const char *buf, size_t len, size_t pos, size_t *next);
/* Check s[0..len) is strict UTF-8 without NUL.  Returns len when it is,
 * else the offset of the first bad byte, with its 1-based column (in code
 * points: AM-UNIT-6) in *col. */
size_t am_text_check_utf8(const char *s, size_t len, uint32_t *col);
/* Normalise valid UTF-8 (see lines.c: full-width = half-width, AM-UNIT-5;
 * columns of the original line, AM-UNIT-6) into t->cp/t->col.  Fills *out,
 * which borrows t's arrays until the next call.  0, or AM_ENOMEM. */
int am_text_normalize(am_text *t, const char *s, size_t len, uint32_t line,
                      am_nline *out);
void am_text_free(am_text *t);
/* 1 for the white space ignored around tokens. */
int am_text_is_space(int32_t cp);
/* Append the UTF-8 of cp[0..n) to a fresh arena string; NULL on OOM. */
char *am_text_utf8(am_arena *a, const int32_t *cp, size_t n);
/* UTF-8 of cp[0..n) into buf (size ≥ 1), truncated on a character boundary
 * with "…" when it does not fit; returns buf. */
char *am_text_utf8_buf(char *buf, size_t size, const int32_t *cp, size_t n);

/* ---- terms.c ---------------------------------------------------------- */

/* Customisations. */
typedef enum am_cu {
	AM_CU_LIMITED = 0, /* リミテッド (AM-CUST-1) */
	AM_CU_DELAY,       /* 遅延起動Ｎ (AM-CUST-2) */
	AM_CU_FAST,        /* 高速起動 (AM-CUST-3) */
	AM_CU_MULT,        /* 効果Ｎ倍 (AM-CUST-4) */
	AM_CU_STUN,        /* スタン与え (AM-CUST-5) */
	AM_CU_POISON,      /* 毒与え (AM-CUST-6) */
	AM_CU_TARGET,      /* 対象Ｎ (BU-CUST-2) */
	AM_CU_PLACE,       /* 配置Ｎ (BU-CUST-1) */
	AM_CU_ALL,         /* 全体化 (BU-CUST-3) */
	AM_CU_COUNT
} am_cu;

/* Name of a customisation as in the rules, with "N" for its number
 * ("遅延起動N"). */
const char *am_terms_cu_name(am_cu cu);
/* 1 when the customisation carries a number. */
int am_terms_cu_has_n(am_cu cu);
/* The customisation written with its number ("遅延起動4"); buf ≥ 48. */
const char *am_terms_cu_text(char *buf, size_t size, am_cu cu, int64_t n);
/* Name of a class with "N" ("攻撃力+N", "ビルド(NAME)") for messages. */
const char *am_terms_class_pattern(am_class cls);
/* Closest class (cus = 0) or customisation (cus = 1) spelling to s[0..n)
 * (white space removed), as text in buf; NULL when nothing is close. */
const char *am_terms_suggest(char *buf, size_t size, const int32_t *s,
                             size_t n, int cus);

/* ---- the sheet -------------------------------------------------------- */

typedef struct am_custom_rec {
	am_cu kind;
	int64_t n;
	uint32_t col;  /* column of the customisation's first character */
	uint32_t ncol; /* column of its number */
	int big;       /* its number does not fit in 64 bits (reported): it
	                  is there, so not missing, but not checked further */
} am_custom_rec;

/* One action line. */
typedef struct am_action_rec {
	const char *name;
	uint32_t line, name_col, class_col, n_col, decl_col, build_col;
	int ok;              /* parsed without a syntax error */
	int complete;        /* every customisation was read, none unknown */
	int n_ok;            /* n holds the Ｎ of a ＋Ｎ class */
	int has_decl;        /* a declared (COST) */
	int64_t decl;
	am_class cls;
	int64_t n;           /* Ｎ of ＋Ｎ classes */
	const char *build_name;
	am_custom_rec *cu;
	size_t ncu;
	uint32_t first;      /* record of the first definition of this name */
	/* filled by validation */
	am_action act;
	int legal;           /* act is complete: parsed, and no rule broken */
	int cost_ok;
	int64_t cost;
	uint32_t team_index;
} am_action_rec;

typedef struct am_slot_rec {
	const char *name;
	uint32_t col;
	uint32_t action; /* record of the action's first definition, or NOINDEX */
} am_slot_rec;

/* One unit line (entry unit or ○ ビルディア). */
typedef struct am_unit_rec {
	const char *name;     /* NULL when the line broke before it */
	uint32_t line, col;   /* col: the line's first character (○) */
	uint32_t name_col, bonus_col, stats_col;
	int buildia;          /* a ○ line */
	int ok;               /* parsed without a syntax error */
	int ignored;          /* a second entry unit line */
	int bonus_ok;         /* stored bonus known and legal */
	int64_t stored;       /* S of the entry unit (10 − 愛, BU-SHEET-1),
	                         Ｂ of a ○ (BU-SHEET-2) */
	int64_t love;
	int64_t hp, atk, def, spd;
	int stats_ok;         /* tech computed */
	int64_t tech;
	int has_tech_line;
	am_slot_rec *slots;
	size_t nslots;
	uint32_t team_index;
} am_unit_rec;

typedef struct am_diag_item {
	am_diag d;     /* first: am_sheet_diag returns &item.d */
	uint64_t seq;
} am_diag_item;

struct am_sheet {
	char *src;             /* copy of the input */
	size_t srclen;
	size_t start;          /* offset of line 1 (after a BOM) */
	size_t *ckpt;          /* offset of line 1 + 1024·k */
	size_t nckpt, ckptcap;
	uint32_t nlines;
	am_parse_opts opts;
	am_arena arena;
	int oom;
	int skipped;           /* some line was not parsed (too long, bad UTF-8) */
	int broken_entry;      /* an entry unit line had a syntax error */
	uint32_t quoted;       /* lines read as mail quotes (AM-UNIT-9) */

	am_unit_rec *units;
	size_t nunits, ucap;
	uint32_t entry;        /* record of the entry unit, or NOINDEX */
	am_names unit_names;

	am_action_rec *actions;
	size_t nactions, acap;
	am_names action_names;

	am_diag_item *diags;   /* a max-heap on (line, col, seq) until sorted */
	size_t ndiags, dcap;
	size_t nerrors;
	uint64_t seq;

	int has_team;
	am_team team;
};

/* ---- diag.c ----------------------------------------------------------- */

/* Record an error.  Strings are copied (truncated to a sane length).  Keeps
 * the opts.max_diags first diagnostics in (line, col) order; all are
 * counted in s->nerrors. */
void am_diag_add(am_sheet *s, int code, uint32_t line, uint32_t col,
                 int64_t a, int64_t b, const char *s1, const char *s2);
/* Sort the kept diagnostics by position. */
void am_diag_finish(am_sheet *s);
/* Free the strings of the kept diagnostics and the array. */
void am_diag_free(am_sheet *s);

/* Parser state carried from line to line. */
typedef struct am_pstate {
	int last;          /* what the previous significant line was */
	int begun;         /* a line of the sheet was read (not blank, a
	                      comment or a quote) */
	int ended;         /* AM-UNIT-10: a signature's separator was read:
	                      the lines after it are not the sheet's */
	uint32_t last_unit;
	/* scratch vectors */
	am_custom_rec *cu;
	size_t ncu, cucap;
	am_slot_rec *sl;
	size_t nsl, slcap;
	int32_t *w;        /* a word without its white space */
	size_t *wi;        /* index of each of its code points in the line */
	size_t wcap;
} am_pstate;

enum { AM_LAST_OTHER = 0, AM_LAST_UNIT, AM_LAST_BROKEN };

/* ---- parse.c ---------------------------------------------------------- */

/* Parse one normalised line into s (records, diagnostics). */
void am_parse_line(am_sheet *s, am_pstate *ps, const am_nline *ln);
/* The am_line_kind of one normalised line (am_sheet_line_kind). */
int am_parse_line_kind(const am_nline *ln);
void am_parse_state_free(am_pstate *ps);

/* ---- validate.c ------------------------------------------------------- */

/* Whole-sheet checks after the last line: legality of every action line
 * (AM-UNIT-3), costs (AM-COST-1), references, budgets (AM-UNIT-4), 愛
 * (BU-STORE-1), buildability (BU-STORE-2, BU-STORE-3, BU-STORE-4). */
void am_validate_sheet(am_sheet *s);

#endif
