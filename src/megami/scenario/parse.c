/*
 * parse.c - mg_scenario_parse: a scenario file in YAML (M1, M8.1) into an
 * mg_scenario, with every problem located (docs/MEGAMI.md "Scenarios").
 *
 * Three phases, each reporting all it finds (up to opts.max_diags kept):
 *   1. the bytes: UTF-8 (MG-SCN-IN-1), tabs in indentation (MG-SCN-IN-2);
 *      any error here stops the reading;
 *   2. the YAML: libyaml's event parser builds a small tree of scalars,
 *      mappings and lists with the line and column of each node; a syntax
 *      error (libyaml stops at the first) stops the reading; anchors,
 *      aliases, tags and a second document are errors (MG-SCN-YAML-*);
 *   3. the scenario: the tree is walked with the key tables of vocab.c.
 */
#include <stdlib.h>
#include <string.h>

#include <yaml.h>

#include "sc_int.h"
#include "util/array.h"
#include "util/error.h"
#include "util/hash.h"
#include "util/utf8.h"

/* ---------------------------------------------------------------- tree */

enum { N_SCALAR, N_MAP, N_SEQ };

/* A node; children are linked by index (a map's children alternate key,
 * value).  Scalars own their text (in doc->strs). */
typedef struct node {
	int type;
	int quoted;        /* scalar written in quotes or as a block */
	int reported;      /* an alias: already reported, stands for nothing */
	uint32_t line, col;
	const char *text;  /* scalar */
	int first, last, next; /* child indexes, -1 for none */
	size_t n;          /* children */
} node;

struct mg_scenario_doc {
	char *file;
	char *text;        /* a copy of the input, for source lines */
	size_t len;
	size_t *line_at;   /* byte offset of each line */
	size_t nlines;
	mg_diag *diags;
	size_t ndiags, capdiags, nerrors, maxdiags;
	char **strs;       /* every string the doc owns */
	size_t nstrs, capstrs;
	node *nodes;
	size_t nnodes, capnodes;
	mg_scenario sc;
	mg_character *chars;
	mg_character_src *srcs;
	int ok;
	int nomem;
};

static char *own(mg_scenario_doc *d, const char *s, size_t len)
{
	char *p;

	if (d->nomem)
		return NULL;
	if (UT_ARRAY_RESERVE(d->strs, d->capstrs, d->nstrs + 1) < 0 ||
	    !(p = malloc(len + 1))) {
		d->nomem = 1;
		return NULL;
	}
	memcpy(p, s, len);
	p[len] = '\0';
	d->strs[d->nstrs++] = p;
	return p;
}

/* Memory the doc owns (freed with it), zeroed; NULL on failure. */
static void *own_mem(mg_scenario_doc *d, size_t n, size_t size)
{
	void *p;

	if (d->nomem)
		return NULL;
	if (n == 0)
		n = 1;
	if (UT_ARRAY_RESERVE(d->strs, d->capstrs, d->nstrs + 1) < 0 ||
	    !(p = calloc(n, size))) {
		d->nomem = 1;
		return NULL;
	}
	d->strs[d->nstrs++] = p;
	return p;
}

/* Record a diagnostic (texts copied). */
static void diag(mg_scenario_doc *d, int code, uint32_t line, uint32_t col,
                 int64_t a, int64_t b, const char *s1, const char *s2)
{
	mg_diag *g;

	d->nerrors++;
	/* all are kept until the end (sort_diags), so that the cap keeps the
	 * first ones in the text, not the first ones found */
	if (d->nomem)
		return;
	if (UT_ARRAY_RESERVE(d->diags, d->capdiags, d->ndiags + 1) < 0) {
		d->nomem = 1;
		return;
	}
	g = &d->diags[d->ndiags++];
	g->code = code;
	g->line = line;
	g->col = col;
	g->a = a;
	g->b = b;
	g->s1 = s1 ? own(d, s1, strlen(s1)) : NULL;
	g->s2 = s2 ? own(d, s2, strlen(s2)) : NULL;
}

static void diag_at(mg_scenario_doc *d, const node *n, int code, int64_t a,
                    int64_t b, const char *s1, const char *s2)
{
	diag(d, code, n->line, n->col, a, b, s1, s2);
}

static int new_node(mg_scenario_doc *d, int type, yaml_mark_t m)
{
	node *n;

	if (d->nomem ||
	    UT_ARRAY_RESERVE(d->nodes, d->capnodes, d->nnodes + 1) < 0) {
		d->nomem = 1;
		return -1;
	}
	n = &d->nodes[d->nnodes];
	memset(n, 0, sizeof(*n));
	n->type = type;
	n->line = (uint32_t)m.line + 1;
	n->col = (uint32_t)m.column + 1;
	n->first = n->last = n->next = -1;
	return (int)d->nnodes++;
}

static void add_child(mg_scenario_doc *d, int parent, int child)
{
	node *p = &d->nodes[parent];

	if (p->last < 0)
		p->first = child;
	else
		d->nodes[p->last].next = child;
	p->last = child;
	p->n++;
}

/* ---------------------------------------------------------------- bytes */

/* Length of the valid UTF-8 sequence at s[0..len), or 0 (RFC 3629: no
 * overlong forms, no surrogates, at most U+10FFFF; NUL is refused too). */
static size_t utf8_len(const unsigned char *s, size_t len)
{
	unsigned c = s[0];
	size_t n, i;
	unsigned long cp;

	if (c == 0)
		return 0;
	if (c < 0x80)
		return 1;
	if (c >= 0xC2 && c <= 0xDF)
		n = 2, cp = c & 0x1F;
	else if (c >= 0xE0 && c <= 0xEF)
		n = 3, cp = c & 0x0F;
	else if (c >= 0xF0 && c <= 0xF4)
		n = 4, cp = c & 0x07;
	else
		return 0;
	if (len < n)
		return 0;
	for (i = 1; i < n; i++) {
		if ((s[i] & 0xC0) != 0x80)
			return 0;
		cp = cp << 6 | (s[i] & 0x3F);
	}
	if ((n == 3 && cp < 0x800) || (n == 4 && cp < 0x10000) ||
	    (cp >= 0xD800 && cp <= 0xDFFF) || cp > 0x10FFFF)
		return 0;
	return n;
}

/*
 * MG-SCN-IN-1: the text is UTF-8 (each bad byte sequence reported at its
 * line and column, once per line).  MG-SCN-IN-2: no tab in the indentation
 * of a line that holds something (a tab elsewhere is left to YAML).
 * Also splits the lines for mg_scenario_doc_source_line.
 * Returns the number of problems.
 */
static size_t scan_bytes(mg_scenario_doc *d)
{
	const unsigned char *s = (const unsigned char *)d->text;
	size_t i = 0, bad = 0, cap = 0;
	uint32_t line = 1, col = 1;
	int indent = 1, tab_col = 0, line_bad = 0;

	if (UT_ARRAY_RESERVE(d->line_at, cap, 1) < 0) {
		d->nomem = 1;
		return 0;
	}
	d->line_at[0] = 0;
	d->nlines = 1;
	{
		while (i < d->len) {
			size_t k;
			if (s[i] == '\n') {
				if (UT_ARRAY_RESERVE(d->line_at, cap, d->nlines + 1) < 0) {
					d->nomem = 1;
					return bad;
				}
				d->line_at[d->nlines++] = i + 1;
				line++;
				col = 1;
				indent = 1;
				tab_col = 0;
				line_bad = 0;
				i++;
				continue;
			}
			k = utf8_len(s + i, d->len - i);
			if (k == 0) {
				if (!line_bad)
					diag(d, MG_DIAG_INVALID_UTF8, line, col, s[i], 0,
					     NULL, NULL);
				line_bad = 1;
				bad++;
				k = 1;
			} else if (indent) {
				if (s[i] == '\t') {
					if (!tab_col)
						tab_col = (int)col;
				} else if (s[i] != ' ' && s[i] != '\r') {
					indent = 0;
					if (tab_col && s[i] != '#') {
						diag(d, MG_DIAG_TAB, line, (uint32_t)tab_col, 0,
						     0, NULL, NULL);
						bad++;
					}
				}
			}
			i += k;
			col++;
		}
	}
	return bad;
}

/* ---------------------------------------------------------------- YAML */

/* Deepest nesting of lists and mappings read (the format needs 6). */
#define SC_MAX_DEPTH 32

/*
 * Parse the YAML into the tree.  Returns the index of the root node, -1
 * when there is none (empty stream or document), -2 after a syntax error.
 */
static int parse_yaml(mg_scenario_doc *d)
{
	yaml_parser_t p;
	yaml_event_t ev;
	int *stack = NULL, root = -1, done = 0;
	size_t depth = 0, cap = 0, docs = 0;

	if (!yaml_parser_initialize(&p)) {
		d->nomem = 1;
		return -2;
	}
	yaml_parser_set_input_string(&p, (const unsigned char *)d->text, d->len);
	yaml_parser_set_encoding(&p, YAML_UTF8_ENCODING);
	while (!done) {
		int id = -1;
		const char *anchor = NULL, *tag = NULL;
		if (!yaml_parser_parse(&p, &ev)) {
			if (p.error == YAML_MEMORY_ERROR) {
				d->nomem = 1;
			} else {
				/* MG-SCN-YAML-1 */
				/* where libyaml found the problem; its context names
				 * where the construct being parsed began */
				yaml_mark_t m = p.problem ? p.problem_mark : p.context_mark;
				diag(d, MG_DIAG_SYNTAX, (uint32_t)m.line + 1,
				     (uint32_t)m.column + 1,
				     p.context ? (int64_t)p.context_mark.line + 1 : 0,
				     p.context ? (int64_t)p.context_mark.column + 1 : 0,
				     p.problem ? p.problem : "?", p.context);
			}
			root = -2;
			break;
		}
		switch (ev.type) {
		case YAML_STREAM_END_EVENT:
			done = 1;
			break;
		case YAML_DOCUMENT_START_EVENT:
			if (++docs == 2) /* MG-SCN-YAML-3 */
				diag(d, MG_DIAG_SECOND_DOCUMENT,
				     (uint32_t)ev.start_mark.line + 1,
				     (uint32_t)ev.start_mark.column + 1, 0, 0, NULL, NULL);
			break;
		case YAML_ALIAS_EVENT:
			/* MG-SCN-YAML-2: the alias stands for nothing */
			diag(d, MG_DIAG_ALIAS, (uint32_t)ev.start_mark.line + 1,
			     (uint32_t)ev.start_mark.column + 1, 0, 0,
			     (const char *)ev.data.alias.anchor, NULL);
			id = new_node(d, N_SCALAR, ev.start_mark);
			if (id >= 0) {
				d->nodes[id].text = own(d, "", 0);
				d->nodes[id].reported = 1;
			}
			break;
		case YAML_SCALAR_EVENT:
			anchor = (const char *)ev.data.scalar.anchor;
			tag = (const char *)ev.data.scalar.tag;
			id = new_node(d, N_SCALAR, ev.start_mark);
			if (memchr(ev.data.scalar.value, 0, ev.data.scalar.length))
				/* MG-SCN-VAL-6: "\0" would cut the text short */
				diag(d, MG_DIAG_NUL, (uint32_t)ev.start_mark.line + 1,
				     (uint32_t)ev.start_mark.column + 1, 0, 0, NULL, NULL);
			if (id >= 0) {
				d->nodes[id].text = own(d, (const char *)ev.data.scalar.value,
				                        ev.data.scalar.length);
				d->nodes[id].quoted =
					ev.data.scalar.style != YAML_PLAIN_SCALAR_STYLE;
			}
			break;
		case YAML_SEQUENCE_START_EVENT:
			anchor = (const char *)ev.data.sequence_start.anchor;
			tag = (const char *)ev.data.sequence_start.tag;
			id = new_node(d, N_SEQ, ev.start_mark);
			break;
		case YAML_MAPPING_START_EVENT:
			anchor = (const char *)ev.data.mapping_start.anchor;
			tag = (const char *)ev.data.mapping_start.tag;
			id = new_node(d, N_MAP, ev.start_mark);
			break;
		case YAML_SEQUENCE_END_EVENT:
		case YAML_MAPPING_END_EVENT:
			if (depth)
				depth--;
			break;
		default:
			break;
		}
		if (anchor) /* MG-SCN-YAML-2 */
			diag(d, MG_DIAG_ANCHOR, (uint32_t)ev.start_mark.line + 1,
			     (uint32_t)ev.start_mark.column + 1, 0, 0, anchor, NULL);
		if (tag) { /* MG-SCN-YAML-4: shown as written for the core tags */
			static const char core[] = "tag:yaml.org,2002:";
			char shown[256];
			if (strncmp(tag, core, sizeof(core) - 1) == 0) {
				ut_utf8_copy(shown + 2, sizeof(shown) - 2,
				             tag + sizeof(core) - 1,
				             strlen(tag + sizeof(core) - 1));
				shown[0] = shown[1] = '!';
				tag = shown;
			}
			diag(d, MG_DIAG_TAG, (uint32_t)ev.start_mark.line + 1,
			     (uint32_t)ev.start_mark.column + 1, 0, 0, tag, NULL);
		}
		if (id >= 0 && docs <= 1) {
			if (depth)
				add_child(d, stack[depth - 1], id);
			else if (root < 0)
				root = id;
			if ((ev.type == YAML_SEQUENCE_START_EVENT ||
			     ev.type == YAML_MAPPING_START_EVENT) &&
			    depth == SC_MAX_DEPTH) {
				/* MG-SCN-YAML-6: libyaml's scanner costs time in
				 * proportion to the depth for every token, so a deep
				 * file is stopped here, not read to its end */
				diag(d, MG_DIAG_TOO_DEEP, (uint32_t)ev.start_mark.line + 1,
				     (uint32_t)ev.start_mark.column + 1, SC_MAX_DEPTH, 0,
				     NULL, NULL);
				root = -2;
				done = 1;
			} else if (ev.type == YAML_SEQUENCE_START_EVENT ||
			           ev.type == YAML_MAPPING_START_EVENT) {
				if (UT_ARRAY_RESERVE(stack, cap, depth + 1) < 0) {
					d->nomem = 1;
					done = 1;
				} else {
					stack[depth++] = id;
				}
			}
		} else if (docs > 1 && depth == SC_MAX_DEPTH) {
			done = 1; /* a deep second document: no more to say */
		} else if (docs > 1 && (ev.type == YAML_SEQUENCE_START_EVENT ||
		                        ev.type == YAML_MAPPING_START_EVENT)) {
			/* later documents are not kept; keep the depth balanced */
			if (UT_ARRAY_RESERVE(stack, cap, depth + 1) < 0) {
				d->nomem = 1;
				done = 1;
			} else {
				stack[depth++] = -1;
			}
		}
		yaml_event_delete(&ev);
		if (d->nomem)
			break;
	}
	yaml_parser_delete(&p);
	free(stack);
	if (d->nomem)
		return -2;
	return root;
}

/* ---------------------------------------------------------------- values */

static const char *kind_text(const node *n)
{
	return n->type == N_SCALAR ? n->text : NULL;
}

static int found_of(const node *n)
{
	if (n->type == N_MAP)
		return MG_FOUND_MAPPING;
	if (n->type == N_SEQ)
		return MG_FOUND_LIST;
	if (n->quoted)
		return MG_FOUND_QUOTED;
	if (!*n->text || strcmp(n->text, "~") == 0 || strcmp(n->text, "null") == 0 ||
	    strcmp(n->text, "Null") == 0 || strcmp(n->text, "NULL") == 0)
		return MG_FOUND_NULL;
	return MG_FOUND_PLAIN;
}

static void wrong_type(mg_scenario_doc *d, const node *n, int want)
{
	int f = found_of(n);

	if (n->reported)
		return;
	diag_at(d, n, MG_DIAG_WRONG_TYPE, want, f,
	        f == MG_FOUND_QUOTED || f == MG_FOUND_PLAIN ? kind_text(n) : NULL,
	        NULL);
}

static int is_null(const node *n)
{
	return n->type == N_SCALAR && found_of(n) == MG_FOUND_NULL;
}

static int is_digit(char c)
{
	return c >= '0' && c <= '9';
}

/* 1 when s looks like a number: an optional sign, then a digit, or a '.'
 * and a digit. */
static int numeric(const char *s)
{
	if (*s == '+' || *s == '-')
		s++;
	return is_digit(s[0]) || (s[0] == '.' && is_digit(s[1]));
}

/* 1 when s[0..) is one or more digits and nothing else. */
static int all_digits(const char *s)
{
	return *s && strspn(s, "0123456789") == strlen(s);
}

/*
 * A plain decimal integer (MG-SCN-VAL-1): -?[0-9]+ without a leading zero
 * (0 itself is fine), in 64 bits.  Numbers in other forms get
 * MG_DIAG_NOT_DECIMAL naming the form (the form before the sign: +5.0 is
 * a fraction); other scalars, lists and mappings MG_DIAG_WRONG_TYPE.
 * Returns 1 with *v set; 0 after a diagnostic.
 */
static int get_int(mg_scenario_doc *d, const node *n, int64_t *v)
{
	const char *s = n->text, *t, *p;
	int neg, why = -1;
	uint64_t u = 0, lim;

	if (n->type != N_SCALAR || n->quoted || !numeric(s)) {
		wrong_type(d, n, MG_WANT_INTEGER);
		return 0;
	}
	t = s + (*s == '+' || *s == '-');
	if (all_digits(t)) {
		if (*s == '+')
			why = MG_ND_PLUS;
		else if (t[0] == '0' && t[1])
			why = MG_ND_LEADING_ZERO;
	} else if (t[0] == '0' && (t[1] == 'x' || t[1] == 'X')) {
		why = MG_ND_HEX;
	} else if (t[0] == '0' && (t[1] == 'o' || t[1] == 'O')) {
		why = MG_ND_OCTAL;
	} else if (t[0] == '0' && (t[1] == 'b' || t[1] == 'B')) {
		why = MG_ND_BINARY;
	} else if (strpbrk(t, "eE") &&
	           strspn(t, "0123456789.eE+-") == strlen(t)) {
		why = MG_ND_EXPONENT;
	} else if (strspn(t, "0123456789.") == strlen(t) &&
	           strchr(t, '.') == strrchr(t, '.')) {
		why = MG_ND_FRACTION;
	} else if (strspn(t, "0123456789_") == strlen(t)) {
		why = MG_ND_UNDERSCORE;
	} else {
		wrong_type(d, n, MG_WANT_INTEGER);
		return 0;
	}
	if (why >= 0) {
		diag_at(d, n, MG_DIAG_NOT_DECIMAL, why, 0, s, NULL);
		return 0;
	}
	neg = *s == '-';
	lim = neg ? (uint64_t)INT64_MAX + 1 : (uint64_t)INT64_MAX;
	for (p = t; *p; p++) {
		unsigned dgt = (unsigned)(*p - '0');
		if (u > (lim - dgt) / 10) {
			diag_at(d, n, MG_DIAG_TOO_LARGE, 0, 0, s, NULL);
			return 0;
		}
		u = u * 10 + dgt;
	}
	*v = !neg ? (int64_t)u : u == (uint64_t)INT64_MAX + 1 ? INT64_MIN
	                                                      : -(int64_t)u;
	return 1;
}

/* A boolean (MG-SCN-VAL-2): true/True/TRUE, false/False/FALSE (YAML 1.2);
 * the YAML 1.1 words yes/no/on/off/y/n are refused with their own message. */
static int get_bool(mg_scenario_doc *d, const node *n, int *v)
{
	static const char *const t[] = {"true", "True", "TRUE"};
	static const char *const f[] = {"false", "False", "FALSE"};
	static const char *const old[] = {
		"yes", "Yes", "YES", "no", "No", "NO", "on", "On", "ON",
		"off", "Off", "OFF", "y", "Y", "n", "N"};
	size_t i;

	if (n->type == N_SCALAR && !n->quoted) {
		for (i = 0; i < 3; i++) {
			if (strcmp(n->text, t[i]) == 0)
				return *v = 1, 1;
			if (strcmp(n->text, f[i]) == 0)
				return *v = 0, 1;
		}
		for (i = 0; i < sizeof(old) / sizeof(old[0]); i++)
			if (strcmp(n->text, old[i]) == 0) {
				diag_at(d, n, MG_DIAG_YAML11_BOOL, 0, 0, n->text, NULL);
				return 0;
			}
	}
	wrong_type(d, n, MG_WANT_BOOL);
	return 0;
}

/* Text (a name, MG-SCN-VAL-4): any scalar but null; "" is an empty name. */
static const char *get_text(mg_scenario_doc *d, const node *n)
{
	if (n->type != N_SCALAR || is_null(n)) {
		if (n->type == N_SCALAR && !*n->text && n->quoted)
			; /* "" : below */
		else {
			wrong_type(d, n, MG_WANT_TEXT);
			return NULL;
		}
	}
	if (!*n->text) {
		diag_at(d, n, MG_DIAG_EMPTY_NAME, 0, 0, NULL, NULL);
		return NULL;
	}
	return n->text;
}

/* One value of a vocabulary (MG-SCN-VAL-3); -1 after a diagnostic. */
static int get_word(mg_scenario_doc *d, const node *n, int vocab)
{
	size_t nn;
	const sc_name *names = sc_vocab(vocab, &nn);
	int i;

	if (n->type != N_SCALAR || is_null(n)) {
		wrong_type(d, n, MG_WANT_TEXT);
		return -1;
	}
	if ((i = sc_lookup(names, nn, n->text)) >= 0)
		return i;
	diag_at(d, n, MG_DIAG_UNKNOWN_VALUE, vocab, 0, n->text,
	        sc_suggest(names, nn, n->text));
	return -1;
}

/* ---------------------------------------------------------------- keys */

/*
 * Walk the pairs of mapping m against the key table keys[0..nk): each key
 * must be text (MG-SCN-KEY-1), known (MG-SCN-KEY-2: unknown keys get the
 * nearest valid one) and given once, in either spelling (MG-SCN-KEY-3).
 * val[k] receives the value node of key k (-1 when absent), kloc[k] the
 * key node.
 */
static void walk_keys(mg_scenario_doc *d, const node *m, const sc_name *keys,
                      size_t nk, int *val, int *kloc)
{
	int c;
	size_t k;

	for (k = 0; k < nk; k++)
		val[k] = kloc[k] = -1;
	for (c = m->first; c >= 0; c = d->nodes[d->nodes[c].next].next) {
		const node *key = &d->nodes[c];
		int v = key->next, i;
		if (key->type != N_SCALAR || is_null(key)) {
			if (!key->reported)
				diag_at(d, key, MG_DIAG_KEY_NOT_TEXT, 0, 0, NULL, NULL);
			continue;
		}
		if ((i = sc_lookup(keys, nk, key->text)) < 0) {
			diag_at(d, key, MG_DIAG_UNKNOWN_KEY, 0, 0, key->text,
			        sc_suggest(keys, nk, key->text));
			continue;
		}
		if (kloc[i] >= 0) {
			const node *first = &d->nodes[kloc[i]];
			diag_at(d, key, MG_DIAG_DUPLICATE_KEY, first->line, 0,
			        key->text, first->text);
			continue;
		}
		kloc[i] = c;
		val[i] = v;
	}
}

static mg_src_loc loc_of(const node *n)
{
	mg_src_loc l;
	l.line = n->line;
	l.col = n->col;
	return l;
}

static void missing(mg_scenario_doc *d, const node *m, const char *key)
{
	diag_at(d, m, MG_DIAG_MISSING_KEY, 0, 0, key, NULL);
}

/* ---------------------------------------------------------------- scenario */

/*
 * An attack (M1, M8.1; MG-SCN-ATK-1): required name and damage; kind
 * physical, check accuracy, no attributes, range 0, area single, timing
 * normal by default.  Returns 1 when it is whole.
 */
static int read_attack(mg_scenario_doc *d, const node *m, mg_attack *a,
                       mg_attack_src *src)
{
	int val[MG_AKEY_COUNT], kl[MG_AKEY_COUNT], ok = 1, w;
	size_t k;

	mg_attack_init(a);
	src->at = loc_of(m);
	if (m->type != N_MAP) {
		wrong_type(d, m, MG_WANT_MAPPING);
		return 0;
	}
	walk_keys(d, m, sc_attack_keys, MG_AKEY_COUNT, val, kl);
	for (k = 0; k < MG_AKEY_COUNT; k++)
		if (kl[k] >= 0)
			src->key[k] = loc_of(&d->nodes[kl[k]]);
	if (val[MG_AKEY_NAME] < 0) {
		missing(d, m, "name");
		ok = 0;
	} else if (!(a->name = get_text(d, &d->nodes[val[MG_AKEY_NAME]]))) {
		ok = 0;
	}
	if (val[MG_AKEY_DAMAGE] < 0) {
		missing(d, m, "damage");
		ok = 0;
	} else {
		ok &= get_int(d, &d->nodes[val[MG_AKEY_DAMAGE]], &a->damage);
	}
	if (val[MG_AKEY_KIND] >= 0) {
		if ((w = get_word(d, &d->nodes[val[MG_AKEY_KIND]], MG_VOCAB_KIND)) < 0)
			ok = 0;
		else
			a->kind = (mg_kind)w;
	}
	if (val[MG_AKEY_AREA] >= 0) {
		if ((w = get_word(d, &d->nodes[val[MG_AKEY_AREA]], MG_VOCAB_AREA)) < 0)
			ok = 0;
		else
			a->area = (mg_area)w;
	}
	if (val[MG_AKEY_TIMING] >= 0) {
		if ((w = get_word(d, &d->nodes[val[MG_AKEY_TIMING]],
		                  MG_VOCAB_TIMING)) < 0)
			ok = 0;
		else
			a->timing = (mg_timing)w;
	}
	if (val[MG_AKEY_CHECK] >= 0) {
		/* MG-SCN-ATK-2: a stat name or an integer */
		const node *c = &d->nodes[val[MG_AKEY_CHECK]];
		if (c->type == N_SCALAR && numeric(c->text)) {
			a->check_stat = -1;
			ok &= get_int(d, c, &a->check_value);
		} else if (c->type != N_SCALAR || is_null(c)) {
			wrong_type(d, c, MG_WANT_CHECK);
			ok = 0;
		} else if ((w = get_word(d, c, MG_VOCAB_STAT)) < 0) {
			ok = 0;
		} else {
			a->check_stat = w;
		}
	}
	if (val[MG_AKEY_RANGE] >= 0) {
		const node *r = &d->nodes[val[MG_AKEY_RANGE]];
		if (!get_int(d, r, &a->range)) {
			ok = 0;
		} else if (a->range < 0) { /* MG-SCN-ATK-3 */
			diag_at(d, r, MG_DIAG_RANGE_NEGATIVE, a->range, 0, NULL, NULL);
			ok = 0;
		}
	}
	if (val[MG_AKEY_ATTRIBUTES] >= 0) {
		/* MG-SCN-ATK-4: a list of attributes, each once; null = none */
		const node *l = &d->nodes[val[MG_AKEY_ATTRIBUTES]];
		int first_col[MG_ATTR_COUNT];
		int c;
		if (l->type == N_SEQ) {
			for (c = l->first; c >= 0; c = d->nodes[c].next) {
				const node *e = &d->nodes[c];
				if ((w = get_word(d, e, MG_VOCAB_ATTRIBUTE)) < 0) {
					ok = 0;
				} else if (a->attributes & 1u << w) {
					diag_at(d, e, MG_DIAG_DUPLICATE_ATTR, first_col[w], 0,
					        e->text, NULL);
					ok = 0;
				} else {
					a->attributes |= 1u << w;
					first_col[w] = (int)e->col;
				}
			}
		} else if (!is_null(l)) {
			wrong_type(d, l, MG_WANT_LIST);
			ok = 0;
		}
	}
	return ok;
}

/* armor (MG-SCN-CHR-4): a mapping attribute → integer; null = {}
 * (MG-SCN-VAL-5). */
static int read_armor(mg_scenario_doc *d, const node *m, mg_character *ch)
{
	int val[MG_ATTR_COUNT], kl[MG_ATTR_COUNT], ok = 1;
	size_t k;

	if (is_null(m))
		return 1;
	if (m->type != N_MAP) {
		wrong_type(d, m, MG_WANT_MAPPING);
		return 0;
	}
	/* the keys are attribute names: unknown ones get MG_DIAG_UNKNOWN_KEY */
	walk_keys(d, m, sc_attrs, MG_ATTR_COUNT, val, kl);
	for (k = 0; k < MG_ATTR_COUNT; k++)
		if (val[k] >= 0) {
			if (get_int(d, &d->nodes[val[k]], &ch->armor[k]))
				ch->armor_listed |= 1u << k;
			else
				ok = 0;
		}
	return ok;
}

/*
 * A character (M1, M8.1; MG-SCN-CHR-*): what is not written keeps the
 * defaults of mg_character_init (MG-SCN-CHR-7).  Returns 1 when it is whole;
 * *side_ok tells whether the side was read (for MG-SCN-TOP-3), *name_at
 * receives where the name's value is (for MG-SCN-CHR-6).
 */
static int read_character(mg_scenario_doc *d, const node *m, mg_character *ch,
                          mg_character_src *src, int *side_ok,
                          mg_src_loc *name_at)
{
	int val[MG_CKEY_COUNT], kl[MG_CKEY_COUNT], ok = 1, w, hp_ok = 0;
	size_t k;
	static const int stat_key[MG_STAT_COUNT] = {
		[MG_STAT_INITIATIVE] = MG_CKEY_INITIATIVE,
		[MG_STAT_ACCURACY] = MG_CKEY_ACCURACY,
		[MG_STAT_EVASION] = MG_CKEY_EVASION,
		[MG_STAT_RESISTANCE] = MG_CKEY_RESISTANCE,
	};

	mg_character_init(ch);
	ch->name = NULL;
	*side_ok = 0;
	src->at = loc_of(m);
	if (m->type != N_MAP) {
		wrong_type(d, m, MG_WANT_MAPPING);
		return 0;
	}
	walk_keys(d, m, sc_character_keys, MG_CKEY_COUNT, val, kl);
	for (k = 0; k < MG_CKEY_COUNT; k++)
		if (kl[k] >= 0)
			src->key[k] = loc_of(&d->nodes[kl[k]]);
	/* MG-SCN-CHR-1: name, side, hp are required */
	if (val[MG_CKEY_NAME] < 0) {
		missing(d, m, "name");
		ok = 0;
	} else {
		*name_at = loc_of(&d->nodes[val[MG_CKEY_NAME]]);
		if (!(ch->name = get_text(d, &d->nodes[val[MG_CKEY_NAME]])))
			ok = 0;
	}
	if (val[MG_CKEY_SIDE] < 0) {
		missing(d, m, "side");
		ok = 0;
	} else if ((w = get_word(d, &d->nodes[val[MG_CKEY_SIDE]],
	                         MG_VOCAB_SIDE)) < 0) {
		ok = 0;
	} else {
		ch->side = (mg_side)w;
		*side_ok = 1;
	}
	if (val[MG_CKEY_HP] < 0) {
		missing(d, m, "hp");
		ok = 0;
	} else if (!get_int(d, &d->nodes[val[MG_CKEY_HP]], &ch->hp)) {
		ok = 0;
	} else if (ch->hp < 1) { /* MG-SCN-CHR-2 */
		diag_at(d, &d->nodes[val[MG_CKEY_HP]], MG_DIAG_HP_TOO_LOW, ch->hp,
		        0, NULL, NULL);
		ok = 0;
	} else {
		hp_ok = 1;
	}
	ch->hp_now = ch->hp;
	if (val[MG_CKEY_HP_NOW] >= 0) {
		const node *h = &d->nodes[val[MG_CKEY_HP_NOW]];
		if (!get_int(d, h, &ch->hp_now)) {
			ok = 0;
		} else if (hp_ok && ch->hp_now > ch->hp) { /* MG-SCN-CHR-3 */
			diag_at(d, h, MG_DIAG_HP_NOW_OVER, ch->hp_now, ch->hp, NULL,
			        NULL);
			ok = 0;
		}
	}
	for (k = 0; k < MG_STAT_COUNT; k++)
		if (val[stat_key[k]] >= 0)
			ok &= get_int(d, &d->nodes[val[stat_key[k]]], &ch->stat[k]);
	if (val[MG_CKEY_POSITION] >= 0)
		ok &= get_int(d, &d->nodes[val[MG_CKEY_POSITION]], &ch->position);
	if (val[MG_CKEY_FINISH] >= 0)
		ok &= get_bool(d, &d->nodes[val[MG_CKEY_FINISH]], &ch->finish);
	if (val[MG_CKEY_ARMOR] >= 0)
		ok &= read_armor(d, &d->nodes[val[MG_CKEY_ARMOR]], ch);
	if (val[MG_CKEY_ATTACKS] >= 0) {
		/* MG-SCN-CHR-5: a list of attacks; null = none */
		const node *l = &d->nodes[val[MG_CKEY_ATTACKS]];
		if (l->type == N_SEQ) {
			mg_attack *atk = own_mem(d, l->n, sizeof(*atk));
			mg_attack_src *as = own_mem(d, l->n, sizeof(*as));
			int c;
			size_t i = 0;
			if (!atk || !as)
				return 0;
			for (c = l->first; c >= 0; c = d->nodes[c].next, i++)
				ok &= read_attack(d, &d->nodes[c], &atk[i], &as[i]);
			ch->attacks = atk;
			ch->nattacks = l->n;
			src->attacks = as;
		} else if (!is_null(l)) {
			wrong_type(d, l, MG_WANT_LIST);
			ok = 0;
		}
	}
	return ok;
}

/* A set of character names for MG-SCN-CHR-6 (open addressing, linear
 * probing, slots hold index + 1, 0 = free; nslots a power of two at least
 * twice the characters; FNV-1a, util/hash.h), so that 30000 characters
 * take no time. */
static size_t name_find(const size_t *slots, size_t nslots,
                        const mg_character *chars, const char *name)
{
	size_t k = ut_fnv1a_str(name) & (nslots - 1);

	for (; slots[k]; k = (k + 1) & (nslots - 1))
		if (strcmp(chars[slots[k] - 1].name, name) == 0)
			return slots[k] - 1;
	return SIZE_MAX;
}

static void name_put(size_t *slots, size_t nslots, const mg_character *chars,
                     size_t i)
{
	size_t k = ut_fnv1a_str(chars[i].name) & (nslots - 1);

	while (slots[k])
		k = (k + 1) & (nslots - 1);
	slots[k] = i + 1;
}

/* The top level (MG-SCN-TOP-*). */
static void read_scenario(mg_scenario_doc *d, int root)
{
	const node *r = &d->nodes[root];
	int val[SC_TKEY_COUNT], kl[SC_TKEY_COUNT], ok = 1, sides = 0;
	const node *l;
	size_t i = 0;
	int c;
	mg_src_loc *name_at; /* where each name's value is */
	size_t *names, nslots; /* the names seen: a set of character indexes */

	d->sc.round_limit = 20;
	if (r->type != N_MAP) {
		wrong_type(d, r, MG_WANT_MAPPING);
		return;
	}
	walk_keys(d, r, sc_top_keys, SC_TKEY_COUNT, val, kl);
	if (val[SC_TKEY_ROUND_LIMIT] >= 0) {
		const node *n = &d->nodes[val[SC_TKEY_ROUND_LIMIT]];
		if (!get_int(d, n, &d->sc.round_limit)) {
			ok = 0;
		} else if (d->sc.round_limit < 1) { /* MG-SCN-TOP-2 */
			diag_at(d, n, MG_DIAG_ROUND_LIMIT, d->sc.round_limit, 0, NULL,
			        NULL);
			ok = 0;
		}
	}
	if (val[SC_TKEY_CHARACTERS] < 0) { /* MG-SCN-TOP-1 */
		missing(d, r, "characters");
		return;
	}
	l = &d->nodes[val[SC_TKEY_CHARACTERS]];
	if (l->type != N_SEQ && !is_null(l)) {
		wrong_type(d, l, MG_WANT_LIST);
		return;
	}
	d->chars = own_mem(d, l->type == N_SEQ ? l->n : 0, sizeof(*d->chars));
	d->srcs = own_mem(d, l->type == N_SEQ ? l->n : 0, sizeof(*d->srcs));
	name_at = own_mem(d, l->type == N_SEQ ? l->n : 0, sizeof(*name_at));
	nslots = 16;
	while (l->type == N_SEQ && nslots < 2 * l->n)
		nslots *= 2;
	names = own_mem(d, nslots, sizeof(*names));
	if (!d->chars || !d->srcs || !name_at || !names)
		return;
	if (l->type == N_SEQ)
		for (c = l->first; c >= 0; c = d->nodes[c].next, i++) {
			mg_character *ch = &d->chars[i];
			int side_ok;
			size_t j;
			ok &= read_character(d, &d->nodes[c], ch, &d->srcs[i], &side_ok,
			                     &name_at[i]);
			if (side_ok)
				sides |= 1 << ch->side;
			else
				sides |= 4; /* unknown: do not claim a side is missing */
			if (!ch->name)
				continue;
			/* MG-SCN-CHR-6 */
			if ((j = name_find(names, nslots, d->chars, ch->name)) != SIZE_MAX) {
				diag(d, MG_DIAG_DUPLICATE_NAME, name_at[i].line,
				     name_at[i].col, name_at[j].line, 0, ch->name, NULL);
				ok = 0;
			} else {
				name_put(names, nslots, d->chars, i);
			}
		}
	/* MG-SCN-TOP-3: a PC and an NPC (sides not read are given the
	 * benefit of the doubt) */
	if (!(sides & 4)) {
		if (!(sides & 1 << MG_SIDE_PC)) {
			diag_at(d, l, MG_DIAG_NO_PC, 0, 0, NULL, NULL);
			ok = 0;
		}
		if (!(sides & 1 << MG_SIDE_NPC)) {
			diag_at(d, l, MG_DIAG_NO_NPC, 0, 0, NULL, NULL);
			ok = 0;
		}
	}
	d->sc.characters = d->chars;
	d->sc.ncharacters = l->type == N_SEQ ? l->n : 0;
	d->ok = ok;
}

/* ---------------------------------------------------------------- API */

static int before(const mg_diag *a, const mg_diag *b)
{
	return a->line < b->line || (a->line == b->line && a->col < b->col);
}

/*
 * MG-SCN-DIAG-2: the diagnostics in the order of the text (line, then
 * column; a stable merge sort, so two at one place keep the order they
 * were found in), then cut to opts.max_diags.
 */
static void sort_diags(mg_scenario_doc *d)
{
	mg_diag *tmp;
	size_t w, i;

	if (d->ndiags > 1 && (tmp = malloc(d->ndiags * sizeof(*tmp)))) {
		for (w = 1; w < d->ndiags; w *= 2) {
			for (i = 0; i < d->ndiags; i += 2 * w) {
				size_t a = i, m = i + w < d->ndiags ? i + w : d->ndiags;
				size_t b = m, e = i + 2 * w < d->ndiags ? i + 2 * w : d->ndiags;
				size_t k = i;
				while (a < m && b < e)
					tmp[k++] = before(&d->diags[b], &d->diags[a])
					           ? d->diags[b++] : d->diags[a++];
				while (a < m)
					tmp[k++] = d->diags[a++];
				while (b < e)
					tmp[k++] = d->diags[b++];
			}
			memcpy(d->diags, tmp, d->ndiags * sizeof(*tmp));
		}
		free(tmp);
	} else if (d->ndiags > 1) {
		d->nomem = 1;
	}
	if (d->ndiags > d->maxdiags)
		d->ndiags = d->maxdiags;
}

int mg_scenario_parse(mg_scenario_doc **out, const char *text, size_t len,
                      const mg_parse_opts *opts)
{
	mg_parse_opts def = MG_PARSE_OPTS_INIT;
	mg_scenario_doc *d;
	int root;

	*out = NULL;
	if (!opts)
		opts = &def;
	if (opts->version != MG_PARSE_OPTS_VERSION)
		return ut_error_set(UT_EINVALID, "mg_parse_opts: version %u, want %u",
		                    opts->version, MG_PARSE_OPTS_VERSION);
	if (!(d = calloc(1, sizeof(*d))))
		return ut_error_set(UT_ENOMEM, "out of memory");
	d->maxdiags = opts->max_diags ? opts->max_diags : 1;
	d->file = own(d, opts->file ? opts->file : "", opts->file ? strlen(opts->file) : 0);
	if (!text)
		text = "", len = 0;
	/* MG-SCN-IN-1: a UTF-8 byte order mark is not part of the text (lines
	 * and columns count from after it, as editors show them) */
	if (len >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0)
		text += 3, len -= 3;
	d->text = own(d, text, len);
	d->len = len;
	if (!d->nomem && scan_bytes(d) == 0 && !d->nomem) {
		root = parse_yaml(d);
		if (root == -1 || (root >= 0 && is_null(&d->nodes[root]) &&
		                   !d->nodes[root].quoted)) {
			/* MG-SCN-YAML-5 */
			uint32_t line = root >= 0 ? d->nodes[root].line : 1;
			uint32_t col = root >= 0 ? d->nodes[root].col : 1;
			diag(d, MG_DIAG_EMPTY, line, col, 0, 0, NULL, NULL);
		} else if (root >= 0 && !d->nomem) {
			read_scenario(d, root);
		}
	}
	sort_diags(d);
	if (d->nomem) {
		mg_scenario_doc_free(d);
		return ut_error_set(UT_ENOMEM, "out of memory");
	}
	if (d->nerrors)
		d->ok = 0;
	/* the reader's checks cover mg_scenario_check's (the fuzz target holds
	 * it to that; it is not called here: its name check is quadratic) */
	*out = d;
	return 0;
}

void mg_scenario_doc_free(mg_scenario_doc *d)
{
	size_t i;

	if (!d)
		return;
	for (i = 0; i < d->nstrs; i++)
		free(d->strs[i]);
	free(d->strs);
	free(d->diags);
	free(d->nodes);
	free(d->line_at);
	free(d);
}

const mg_scenario *mg_scenario_doc_scenario(const mg_scenario_doc *d)
{
	return d && d->ok ? &d->sc : NULL;
}

const char *mg_scenario_doc_file(const mg_scenario_doc *d)
{
	return d->file;
}

size_t mg_scenario_doc_diag_count(const mg_scenario_doc *d)
{
	return d->ndiags;
}

size_t mg_scenario_doc_error_count(const mg_scenario_doc *d)
{
	return d->nerrors;
}

const mg_diag *mg_scenario_doc_diag(const mg_scenario_doc *d, size_t i)
{
	return i < d->ndiags ? &d->diags[i] : NULL;
}

const mg_character_src *mg_scenario_doc_character_src(const mg_scenario_doc *d,
                                                      size_t i)
{
	return d->ok && i < d->sc.ncharacters ? &d->srcs[i] : NULL;
}

const char *mg_scenario_doc_source_line(const mg_scenario_doc *d,
                                        uint32_t line, size_t *len)
{
	size_t from, to;

	if (line == 0 || line > d->nlines)
		return NULL;
	from = d->line_at[line - 1];
	to = line < d->nlines ? d->line_at[line] - 1 : d->len;
	if (to > from && d->text[to - 1] == '\r')
		to--;
	*len = to - from;
	return d->text + from;
}
