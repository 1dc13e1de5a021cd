/*
 * read.c - ut_yaml_doc_read: bytes → libyaml events → a small tree of
 * located nodes (util/yaml.h), in two phases that each report all they
 * find:
 *   1. the bytes: UTF-8 (bad sequences reported once per line), no tab in
 *      the indentation of a line; any error here stops the reading;
 *   2. the YAML: libyaml's event parser; a syntax error (libyaml stops at
 *      the first) stops the reading; anchors, aliases, tags, a second
 *      document, NUL in a string, nesting past UT_YAML_MAX_DEPTH and more
 *      nodes than the cap are errors.
 */
#include <stdlib.h>
#include <string.h>

#include <yaml.h>

#include "util/array.h"
#include "util/error.h"
#include "util/utf8.h"
#include "util/yaml.h"
#include "yaml_int.h"

char *ut_yaml_own(ut_yaml_doc *d, const char *s, size_t len)
{
	char *p;

	if (d->nomem)
		return NULL;
	if (UT_ARRAY_RESERVE(d->mem, d->capmem, d->nmem + 1) < 0 ||
	    !(p = malloc(len + 1))) {
		d->nomem = 1;
		return NULL;
	}
	memcpy(p, s, len);
	p[len] = '\0';
	d->mem[d->nmem++] = p;
	return p;
}

void *ut_yaml_alloc(ut_yaml_doc *d, size_t n, size_t size)
{
	void *p;

	if (d->nomem)
		return NULL;
	if (n == 0)
		n = 1;
	if (UT_ARRAY_RESERVE(d->mem, d->capmem, d->nmem + 1) < 0 ||
	    !(p = calloc(n, size))) {
		d->nomem = 1;
		return NULL;
	}
	d->mem[d->nmem++] = p;
	return p;
}

void ut_yaml_diag_add(ut_yaml_doc *d, int code, uint32_t line, uint32_t col,
                      int64_t a, int64_t b, const char *s1, const char *s2)
{
	ut_yaml_diag *g;

	d->nerrors++;
	/* all are kept until ut_yaml_doc_finish, so that the cap keeps the
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
	g->s1 = s1 ? ut_yaml_own(d, s1, strlen(s1)) : NULL;
	g->s2 = s2 ? ut_yaml_own(d, s2, strlen(s2)) : NULL;
}

void ut_yaml_diag_at(ut_yaml_doc *d, const ut_yaml_node *n, int code,
                     int64_t a, int64_t b, const char *s1, const char *s2)
{
	ut_yaml_diag_add(d, code, n->line, n->col, a, b, s1, s2);
}

/* A new node at m; -1 when memory ran out or past the cap (reported once,
 * and d->nodes stays as it is: the reading stops). */
static int new_node(ut_yaml_doc *d, int type, yaml_mark_t m)
{
	ut_yaml_node *n;

	if (d->nnodes >= d->maxnodes) {
		if (d->nnodes == d->maxnodes) {
			ut_yaml_diag_add(d, UT_YAML_D_TOO_MANY_NODES,
			                 (uint32_t)m.line + 1, (uint32_t)m.column + 1,
			                 (int64_t)d->maxnodes, 0, NULL, NULL);
			d->maxnodes = 0; /* once */
		}
		return -1;
	}
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

static void add_child(ut_yaml_doc *d, int parent, int child)
{
	ut_yaml_node *p = &d->nodes[parent];

	if (p->last < 0)
		p->first = child;
	else
		d->nodes[p->last].next = child;
	p->last = child;
	p->n++;
}

/* ---------------------------------------------------------------- bytes */

/* Length of the line break at s[0..len) (LF, CR, CR LF, and NEL, LS, PS
 * in UTF-8), or 0: the breaks libyaml counts lines by (YAML 1.1), so that
 * the lines here are the lines of its marks. */
static size_t line_break(const unsigned char *s, size_t len)
{
	if (s[0] == '\n')
		return 1;
	if (s[0] == '\r')
		return len > 1 && s[1] == '\n' ? 2 : 1;
	if (s[0] == 0xC2 && len > 1 && s[1] == 0x85)
		return 2;
	if (s[0] == 0xE2 && len > 2 && s[1] == 0x80 &&
	    (s[2] == 0xA8 || s[2] == 0xA9))
		return 3;
	return 0;
}

/*
 * The IME typos of a key at the start of a line's content s[0..len)
 * (column col): after any "- " or "? ", a plain key (not a quote, a
 * bracket, a comment, an indicator) followed, before any blank, by a
 * full-width colon (U+FF1A) or by a ':' that is not followed by a blank or
 * the line's end ("battles：3", "battles:3").  Each is kept in d->typos,
 * to be named when the YAML breaks or a mapping reads as a text there
 * (a ':' in a text is fine when nothing breaks).
 */
static void scan_key_typo(ut_yaml_doc *d, const unsigned char *s, size_t len,
                          uint32_t line, uint32_t col)
{
	size_t i = 0;
	int code = 0;

	while (i + 1 < len && (s[i] == '-' || s[i] == '?') &&
	       (s[i + 1] == ' ' || s[i + 1] == '\t')) {
		i += 2, col += 2;
		while (i < len && s[i] == ' ')
			i++, col++;
	}
	if (i >= len || strchr("#'\"{}[]|>&*!%@`,:", s[i]))
		return;
	for (; i < len && s[i] != ' ' && s[i] != '\t'; col++) {
		if (s[i] == 0xEF && i + 2 < len && s[i + 1] == 0xBC &&
		    s[i + 2] == 0x9A) {
			code = UT_YAML_TYPO_FULLWIDTH_COLON;
			break;
		}
		if (s[i] == ':') {
			if (i + 1 < len && s[i + 1] != ' ' && s[i + 1] != '\t')
				code = UT_YAML_TYPO_NO_BLANK;
			break;
		}
		i++;
		while (i < len && (s[i] & 0xC0) == 0x80)
			i++;
	}
	if (!code)
		return;
	if (UT_ARRAY_RESERVE(d->typos, d->captypos, d->ntypos + 1) < 0) {
		d->nomem = 1;
		return;
	}
	d->typos[d->ntypos].line = line;
	d->typos[d->ntypos].col = col;
	d->typos[d->ntypos].kind = code;
	d->ntypos++;
}

const char *ut_yaml_typo_text(int kind)
{
	switch (kind) {
	case UT_YAML_TYPO_FULLWIDTH_COLON:
		return UT_YAML_TEXT_FULLWIDTH_COLON;
	case UT_YAML_TYPO_NO_BLANK:
		return UT_YAML_TEXT_NO_BLANK;
	default:
		return UT_YAML_TEXT_FULLWIDTH_SPACE;
	}
}

/* The state of one line for scan_bytes. */
typedef struct {
	uint32_t line, col;
	int indent;        /* still in the indentation */
	uint32_t tab_col;  /* first tab of the indentation, or 0 */
	uint32_t wide_col; /* first U+3000 of the indentation, or 0 */
	int bad;           /* an invalid byte was reported on the line */
} line_scan;

/* The line ends: a U+3000 in an indentation with nothing after it is
 * reported too (libyaml reads it as a text).  Returns the problems. */
static size_t end_line(ut_yaml_doc *d, line_scan *ls)
{
	size_t bad = 0;

	if (ls->indent && ls->wide_col) {
		ut_yaml_diag_add(d, UT_YAML_D_SYNTAX, ls->line, ls->wide_col, 0, 0,
		                 UT_YAML_TEXT_FULLWIDTH_SPACE, NULL);
		bad++;
	}
	ls->line++;
	ls->col = 1;
	ls->indent = 1;
	ls->tab_col = ls->wide_col = 0;
	ls->bad = 0;
	return bad;
}

/* The first character of a line's content, at s[0..len): a tab or a
 * U+3000 in the indentation before it is an error (not before a comment),
 * and a key there may hold an IME typo.  Returns the problems. */
static size_t content_starts(ut_yaml_doc *d, line_scan *ls,
                             const unsigned char *s, size_t len)
{
	size_t bad = 0, n;

	ls->indent = 0;
	if (s[0] == '#')
		return 0;
	if (ls->tab_col) {
		ut_yaml_diag_add(d, UT_YAML_D_TAB, ls->line, ls->tab_col, 0, 0,
		                 NULL, NULL);
		bad++;
	}
	if (ls->wide_col) {
		ut_yaml_diag_add(d, UT_YAML_D_SYNTAX, ls->line, ls->wide_col, 0, 0,
		                 UT_YAML_TEXT_FULLWIDTH_SPACE, NULL);
		bad++;
	}
	for (n = 0; n < len && !line_break(s + n, len - n); n++)
		;
	scan_key_typo(d, s, n, ls->line, ls->col);
	return bad;
}

/*
 * UTF-8: the text is UTF-8 (each bad byte sequence reported at its
 * line and column, once per line).  Indentation: no tab and no U+3000 in
 * the indentation of a line that holds something (a tab elsewhere is
 * left to YAML).  Also splits the lines (at every break libyaml counts:
 * LF, CR LF, a lone CR, NEL, LS, PS) for ut_yaml_doc_line, and notes the
 * IME typos of keys (scan_key_typo).  Returns the number of problems.
 */
static size_t scan_bytes(ut_yaml_doc *d)
{
	const unsigned char *s = (const unsigned char *)d->text;
	size_t i = 0, bad = 0, cap = 0;
	line_scan ls = { 1, 1, 1, 0, 0, 0 };

	if (UT_ARRAY_RESERVE(d->line_at, cap, 1) < 0) {
		d->nomem = 1;
		return 0;
	}
	d->line_at[0] = 0;
	d->nlines = 1;
	while (i < d->len && !d->nomem) {
		size_t k = line_break(s + i, d->len - i);
		if (k) {
			if (UT_ARRAY_RESERVE(d->line_at, cap, d->nlines + 1) < 0) {
				d->nomem = 1;
				return bad;
			}
			d->line_at[d->nlines++] = i + k;
			bad += end_line(d, &ls);
			i += k;
			continue;
		}
		k = ut_utf8_seq(s + i, d->len - i);
		if (k == 0) {
			if (!ls.bad)
				ut_yaml_diag_add(d, UT_YAML_D_INVALID_UTF8, ls.line, ls.col,
				                 s[i], 0, NULL, NULL);
			ls.bad = 1;
			bad++;
			k = 1;
		} else if (ls.indent) {
			if (s[i] == '\t') {
				if (!ls.tab_col)
					ls.tab_col = ls.col;
			} else if (ut_utf8_ideographic_space((const char *)s + i,
			                                     d->len - i)) {
				if (!ls.wide_col)
					ls.wide_col = ls.col;
			} else if (s[i] != ' ') {
				bad += content_starts(d, &ls, s + i, d->len - i);
			}
		}
		i += k;
		ls.col++;
	}
	bad += end_line(d, &ls);
	return bad;
}

/* ---------------------------------------------------------------- YAML */

/* Deepest nesting of lists and mappings read (the format needs 6). */
#define UT_YAML_MAX_DEPTH 32

/* The tree being built from libyaml's events. */
typedef struct {
	int *stack;   /* the open lists and mappings, outermost first
	               * (-1: one of a later document, not kept) */
	size_t depth, cap;
	size_t docs;  /* documents started */
	int root;     /* the root node; -1 none yet, -2 after an error */
	int done;     /* nothing more is read */
} tree_build;

/* Line and column (1-based) of byte offset off of the text. */
static void offset_mark(const ut_yaml_doc *d, size_t off, uint32_t *line,
                        uint32_t *col)
{
	size_t lo = 0, hi = d->nlines, i;
	uint32_t c = 1;

	if (off > d->len)
		off = d->len;
	while (hi - lo > 1) { /* the last line starting at or before off */
		size_t mid = lo + (hi - lo) / 2;
		if (d->line_at[mid] <= off)
			lo = mid;
		else
			hi = mid;
	}
	for (i = d->line_at[lo]; i < off; i++)
		c += ((unsigned char)d->text[i] & 0xC0) != 0x80;
	*line = (uint32_t)lo + 1;
	*col = c;
}

/* 1 when line holds something (not blank, not only a comment). */
static int line_has_content(const ut_yaml_doc *d, uint32_t line)
{
	size_t len, i = 0;
	const char *s = ut_yaml_doc_line(d, line, &len);

	while (s && i < len && (s[i] == ' ' || s[i] == '\t'))
		i++;
	return s && i < len && s[i] != '#';
}

/* A syntax error libyaml found past everything written (an unclosed [
 * or {, a quote never closed: its mark is then on the empty line after
 * the text, or after a comment or blanks) is shown just after the last
 * thing written, where the missing character belongs: when *line, *col
 * lie after the last character (not a blank) of the last line with
 * content, they become the column after it. */
static void end_of_content(const ut_yaml_doc *d, uint32_t *line,
                           uint32_t *col)
{
	uint32_t l = (uint32_t)d->nlines, c = 1;
	size_t len, i;
	const char *s;

	while (l > 0 && !line_has_content(d, l))
		l--;
	if (l == 0)
		return;
	s = ut_yaml_doc_line(d, l, &len);
	while (len > 0 && (s[len - 1] == ' ' || s[len - 1] == '\t' ||
	                   s[len - 1] == '\r'))
		len--;
	for (i = 0; i < len; i++)
		c += ((unsigned char)s[i] & 0xC0) != 0x80;
	if (*line < l || (*line == l && *col <= c))
		return; /* within the text */
	*line = l;
	*col = c;
}

/*
 * The IME typo a syntax error at line, col stems from, or NULL: the last
 * one before it, when no line between them holds anything ("battles：3"
 * is read as a text, and the YAML breaks at the next key).
 */
static const ut_yaml_typo *typo_before(const ut_yaml_doc *d, uint32_t line,
                                       uint32_t col)
{
	const ut_yaml_typo *t = NULL;
	size_t i;
	uint32_t l;

	for (i = 0; i < d->ntypos; i++)
		if (d->typos[i].line < line ||
		    (d->typos[i].line == line && d->typos[i].col < col))
			t = &d->typos[i];
	if (!t)
		return NULL;
	for (l = t->line + 1; l < line; l++)
		if (line_has_content(d, l))
			return NULL;
	return t;
}

/* Reports why libyaml's parser stopped: out of memory, or a syntax error
 * at where libyaml found the problem (its context names where the
 * construct being parsed began; a reader error has only a byte offset).
 * A key typo (typo_before) just before is the error named instead. */
static void report_parse_error(ut_yaml_doc *d, const yaml_parser_t *p)
{
	yaml_mark_t m;
	uint32_t line, col;
	const ut_yaml_typo *t;

	if (p->error == YAML_MEMORY_ERROR) {
		d->nomem = 1;
		return;
	}
	m = p->problem ? p->problem_mark : p->context_mark;
	line = (uint32_t)m.line + 1;
	col = (uint32_t)m.column + 1;
	if (p->error == YAML_READER_ERROR)
		offset_mark(d, p->problem_offset, &line, &col);
	else
		end_of_content(d, &line, &col);
	if ((t = typo_before(d, line, col))) {
		ut_yaml_diag_add(d, UT_YAML_D_SYNTAX, t->line, t->col, 0, 0,
		                 ut_yaml_typo_text(t->kind), NULL);
		return;
	}
	{
		/* the context's start, also within the text (a value expected
		 * at the end of the file "starts" past its last line); when
		 * that is where the problem is, it says nothing more */
		uint32_t cl = (uint32_t)p->context_mark.line + 1;
		uint32_t cc = (uint32_t)p->context_mark.column + 1;
		const char *ctx = p->context;
		if (ctx) {
			end_of_content(d, &cl, &cc);
			if (cl == line && cc == col)
				ctx = NULL;
		}
		/* A key without its ':' ("side PC", "hp 24") is found on the
		 * line after it, where libyaml gives up; a simple key is one
		 * line, so the ':' belongs on the key's: shown there (GM review
		 * 2026-12-06: the caret stood under the next, correct line) */
		if (ctx && p->problem &&
		    strcmp(p->problem, "could not find expected ':'") == 0 &&
		    strcmp(ctx, "while scanning a simple key") == 0 && cl < line) {
			line = cl;
			col = cc;
			ctx = NULL;
		}
		ut_yaml_diag_add(d, UT_YAML_D_SYNTAX, line, col,
		     ctx ? (int64_t)cl : 0, ctx ? (int64_t)cc : 0,
		     p->problem ? p->problem : "?", ctx);
	}
}

/* An alias event: refused (the alias stands for nothing), read as an empty
 * scalar already reported. */
static int alias_node(ut_yaml_doc *d, const yaml_event_t *ev)
{
	int id;

	ut_yaml_diag_add(d, UT_YAML_D_ALIAS, (uint32_t)ev->start_mark.line + 1,
	     (uint32_t)ev->start_mark.column + 1, 0, 0,
	     (const char *)ev->data.alias.anchor, NULL);
	id = new_node(d, UT_YAML_SCALAR, ev->start_mark);
	if (id >= 0) {
		d->nodes[id].text = ut_yaml_own(d, "", 0);
		d->nodes[id].reported = 1;
	}
	return id;
}

/* A scalar event: a scalar node with its text; NUL in it is refused
 * ("\0" would cut the text short). */
static int scalar_node(ut_yaml_doc *d, const yaml_event_t *ev)
{
	int id = new_node(d, UT_YAML_SCALAR, ev->start_mark);

	if (memchr(ev->data.scalar.value, 0, ev->data.scalar.length))
		ut_yaml_diag_add(d, UT_YAML_D_NUL, (uint32_t)ev->start_mark.line + 1,
		     (uint32_t)ev->start_mark.column + 1, 0, 0, NULL, NULL);
	if (id >= 0) {
		d->nodes[id].text = ut_yaml_own(d, (const char *)ev->data.scalar.value,
		                        ev->data.scalar.length);
		d->nodes[id].quoted =
			ev->data.scalar.style != YAML_PLAIN_SCALAR_STYLE;
	}
	return id;
}

/* One event: the node it makes (-1 for none) with the anchor and tag it
 * carries; the stream's end and a second document's start are handled
 * here, a collection's end closes it. */
static int event_node(ut_yaml_doc *d, tree_build *t, const yaml_event_t *ev,
                      const char **anchor, const char **tag)
{
	switch (ev->type) {
	case YAML_STREAM_END_EVENT:
		t->done = 1;
		return -1;
	case YAML_DOCUMENT_START_EVENT:
		if (++t->docs == 2) /* one document */
			ut_yaml_diag_add(d, UT_YAML_D_SECOND_DOCUMENT,
			     (uint32_t)ev->start_mark.line + 1,
			     (uint32_t)ev->start_mark.column + 1, 0, 0, NULL, NULL);
		return -1;
	case YAML_ALIAS_EVENT:
		return alias_node(d, ev);
	case YAML_SCALAR_EVENT:
		*anchor = (const char *)ev->data.scalar.anchor;
		*tag = (const char *)ev->data.scalar.tag;
		return scalar_node(d, ev);
	case YAML_SEQUENCE_START_EVENT:
		*anchor = (const char *)ev->data.sequence_start.anchor;
		*tag = (const char *)ev->data.sequence_start.tag;
		return new_node(d, UT_YAML_SEQ, ev->start_mark);
	case YAML_MAPPING_START_EVENT:
		*anchor = (const char *)ev->data.mapping_start.anchor;
		*tag = (const char *)ev->data.mapping_start.tag;
		return new_node(d, UT_YAML_MAP, ev->start_mark);
	case YAML_SEQUENCE_END_EVENT:
	case YAML_MAPPING_END_EVENT:
		if (t->depth)
			t->depth--;
		return -1;
	default:
		return -1;
	}
}

/* Anchors and tags are refused, each at its event; a core tag is shown as
 * written ("!!str"). */
static void report_anchor_tag(ut_yaml_doc *d, const yaml_event_t *ev,
                              const char *anchor, const char *tag)
{
	static const char core[] = "tag:yaml.org,2002:";
	char shown[256];

	if (anchor)
		ut_yaml_diag_add(d, UT_YAML_D_ANCHOR, (uint32_t)ev->start_mark.line + 1,
		     (uint32_t)ev->start_mark.column + 1, 0, 0, anchor, NULL);
	if (!tag)
		return;
	if (strncmp(tag, core, sizeof(core) - 1) == 0) {
		ut_utf8_copy(shown + 2, sizeof(shown) - 2,
		             tag + sizeof(core) - 1,
		             strlen(tag + sizeof(core) - 1));
		shown[0] = shown[1] = '!';
		tag = shown;
	}
	ut_yaml_diag_add(d, UT_YAML_D_TAG, (uint32_t)ev->start_mark.line + 1,
	     (uint32_t)ev->start_mark.column + 1, 0, 0, tag, NULL);
}

/* Pushes id (-1 for a later document's collection) on the open stack;
 * out of memory stops the reading. */
static void open_collection(ut_yaml_doc *d, tree_build *t, int id)
{
	if (UT_ARRAY_RESERVE(t->stack, t->cap, t->depth + 1) < 0) {
		d->nomem = 1;
		t->done = 1;
	} else {
		t->stack[t->depth++] = id;
	}
}

/* Places node id (or -1) of event ev: in the first document under the
 * open collection or as the root, and opened when it is a list or a
 * mapping, unless that is too deep; later documents only keep the depth
 * balanced. */
static void place_node(ut_yaml_doc *d, tree_build *t, const yaml_event_t *ev,
                       int id)
{
	int opens = ev->type == YAML_SEQUENCE_START_EVENT ||
	            ev->type == YAML_MAPPING_START_EVENT;

	if (id >= 0 && t->docs <= 1) {
		if (t->depth)
			add_child(d, t->stack[t->depth - 1], id);
		else if (t->root < 0)
			t->root = id;
		if (opens && t->depth == UT_YAML_MAX_DEPTH) {
			/* not too deep: libyaml's scanner costs time in
			 * proportion to the depth for every token, so a deep
			 * file is stopped here, not read to its end */
			ut_yaml_diag_add(d, UT_YAML_D_TOO_DEEP, (uint32_t)ev->start_mark.line + 1,
			     (uint32_t)ev->start_mark.column + 1, UT_YAML_MAX_DEPTH, 0,
			     NULL, NULL);
			t->root = -2;
			t->done = 1;
		} else if (opens) {
			open_collection(d, t, id);
		}
	} else if (t->docs > 1 && t->depth == UT_YAML_MAX_DEPTH) {
		t->done = 1; /* a deep second document: no more to say */
	} else if (t->docs > 1 && opens) {
		/* later documents are not kept; keep the depth balanced */
		open_collection(d, t, -1);
	}
}

/*
 * Parse the YAML into the tree.  Returns the index of the root node, -1
 * when there is none (empty stream or document), -2 after a syntax error.
 */
static int parse_yaml(ut_yaml_doc *d)
{
	yaml_parser_t p;
	yaml_event_t ev;
	tree_build t = { NULL, 0, 0, 0, -1, 0 };

	if (!yaml_parser_initialize(&p)) {
		d->nomem = 1;
		return -2;
	}
	yaml_parser_set_input_string(&p, (const unsigned char *)d->text, d->len);
	yaml_parser_set_encoding(&p, YAML_UTF8_ENCODING);
	while (!t.done) {
		int id;
		const char *anchor = NULL, *tag = NULL;
		if (!yaml_parser_parse(&p, &ev)) {
			report_parse_error(d, &p);
			t.root = -2;
			break;
		}
		id = event_node(d, &t, &ev, &anchor, &tag);
		report_anchor_tag(d, &ev, anchor, tag);
		place_node(d, &t, &ev, id);
		yaml_event_delete(&ev);
		if (d->maxnodes == 0) { /* the node cap: nothing more is read */
			t.root = -2;
			break;
		}
		if (d->nomem)
			break;
	}
	yaml_parser_delete(&p);
	free(t.stack);
	if (d->nomem)
		return -2;
	return t.root;
}


/* ---------------------------------------------------------------- API */

int ut_yaml_doc_read(ut_yaml_doc *d, const char *text, size_t len,
                     const ut_yaml_limits *lim)
{
	int root = -1;

	memset(d, 0, sizeof(*d));
	d->root = -1;
	d->maxdiags = lim && lim->max_diags ? lim->max_diags : 100;
	d->maxnodes = lim && lim->max_nodes ? lim->max_nodes : (size_t)1 << 20;
	if (!text)
		text = "", len = 0;
	/* a UTF-8 byte order mark is not part of the text (lines and columns
	 * count from after it, as editors show them) */
	if (len >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0)
		text += 3, len -= 3;
	d->text = ut_yaml_own(d, text, len);
	d->len = len;
	if (!d->nomem && scan_bytes(d) == 0 && !d->nomem) {
		root = parse_yaml(d);
		if (root == -1 || (root >= 0 && ut_yaml_is_null(&d->nodes[root]))) {
			uint32_t line = root >= 0 ? d->nodes[root].line : 1;
			uint32_t col = root >= 0 ? d->nodes[root].col : 1;
			ut_yaml_diag_add(d, UT_YAML_D_EMPTY, line, col, 0, 0, NULL, NULL);
			root = -1;
		}
	}
	if (d->nomem) {
		ut_yaml_doc_free(d);
		return ut_error_set(UT_ENOMEM, "out of memory");
	}
	/* problems found in the bytes or the YAML: nothing to walk (a
	 * document with an anchor, a tag… is still walked, for more errors) */
	d->root = root >= 0 ? root : -1;
	return 0;
}

static int before(const ut_yaml_diag *a, const ut_yaml_diag *b)
{
	return a->line < b->line || (a->line == b->line && a->col < b->col);
}

int ut_yaml_doc_finish(ut_yaml_doc *d)
{
	ut_yaml_diag *tmp;
	size_t w, i;

	/* a stable merge sort: two at one place keep the order they were
	 * found in */
	if (d->ndiags > 1) {
		if (!(tmp = malloc(d->ndiags * sizeof(*tmp))))
			return ut_error_set(UT_ENOMEM, "out of memory");
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
	}
	if (d->ndiags > d->maxdiags)
		d->ndiags = d->maxdiags;
	return 0;
}

void ut_yaml_doc_free(ut_yaml_doc *d)
{
	size_t i;

	if (!d)
		return;
	for (i = 0; i < d->nmem; i++)
		free(d->mem[i]);
	free(d->mem);
	free(d->diags);
	free(d->nodes);
	free(d->line_at);
	free(d->typos);
	memset(d, 0, sizeof(*d));
	d->root = -1;
}

const char *ut_yaml_doc_line(const ut_yaml_doc *d, uint32_t line, size_t *len)
{
	size_t from, to;

	if (line == 0 || line > d->nlines)
		return NULL;
	from = d->line_at[line - 1];
	/* without the break (every break scan_bytes split at) */
	for (to = from; to < d->len &&
	     !line_break((const unsigned char *)d->text + to, d->len - to); to++)
		;
	*len = to - from;
	return d->text + from;
}
