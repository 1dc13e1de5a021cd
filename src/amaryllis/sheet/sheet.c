/*
 * sheet.c - the driver: split the buffer into lines, check and normalise
 * each (lines.c), parse it (parse.c), validate the whole (validate.c), then
 * build the team of a legal sheet.  Also the accessors of sheet.h.
 */
#include <stdlib.h>
#include <string.h>

#include "util/error.h"
#include "sheet_int.h"
#include "util/array.h"
#include "util/utf8.h"

#define CKPT_EVERY 1024 /* lines between remembered line offsets */

/* Fill s->team from the records of a legal sheet.  0 or AM_ENOMEM. */
static int assemble(am_sheet *s)
{
	am_unit_def *units;
	am_action *acts;
	size_t i, j, nu = 0, na = 0;

	for (i = 0; i < s->nactions; i++)
		if (s->actions[i].first == i)
			s->actions[i].team_index = (uint32_t)na++;
	/* entry first, then the ビルディア in order */
	s->units[s->entry].team_index = (uint32_t)nu++;
	for (i = 0; i < s->nunits; i++)
		if (i != s->entry)
			s->units[i].team_index = (uint32_t)nu++;
	if (nu > SIZE_MAX / sizeof(*units) || na > SIZE_MAX / sizeof(*acts))
		return AM_ENOMEM;
	units = am_arena_alloc(&s->arena, nu * sizeof(*units));
	acts = am_arena_alloc(&s->arena, (na ? na : 1) * sizeof(*acts));
	if (!units || !acts)
		return AM_ENOMEM;
	for (i = 0; i < s->nactions; i++) {
		const am_action_rec *a = &s->actions[i];
		am_action *t;
		if (a->first != i)
			continue;
		t = &acts[a->team_index];
		*t = a->act;
		t->cost = a->cost;
		t->build = a->cls == AM_CLASS_BUILD
		               ? (int32_t)s->units[a->act.build].team_index
		               : -1;
	}
	for (i = 0; i < s->nunits; i++) {
		const am_unit_rec *u = &s->units[i];
		am_unit_def *d = &units[u->team_index];
		uint32_t *slots = NULL;

		if (u->nslots) {
			if (u->nslots > SIZE_MAX / sizeof(*slots) ||
			    !(slots = am_arena_alloc(&s->arena,
			                             u->nslots * sizeof(*slots))))
				return AM_ENOMEM;
			for (j = 0; j < u->nslots; j++)
				slots[j] = s->actions[u->slots[j].action].team_index;
		}
		d->name = u->name;
		d->hp = u->hp;
		d->atk = u->atk;
		d->def = u->def;
		d->spd = u->spd;
		d->tech = u->tech;
		d->love = u->love;
		d->bonus = u->buildia ? u->stored : 10;
		d->nslots = u->nslots;
		d->slots = slots;
	}
	s->team.nunits = nu;
	s->team.units = units;
	s->team.nactions = na;
	s->team.actions = acts;
	s->has_team = 1;
	return 0;
}

/* Check, normalise and parse one line of the source. */
static void do_line(am_sheet *s, am_pstate *ps, am_text *t, size_t pos,
                    size_t n, uint32_t line)
{
	const char *p = s->src + pos;
	uint32_t col;
	am_nline ln;

	if (ps->ended) /* AM-UNIT-10: a signature, not read */
		return;
	if (n > s->opts.max_line) {
		am_diag_add(s, AM_DIAG_LINE_TOO_LONG, line, 1, (int64_t)n,
		            (int64_t)s->opts.max_line, NULL, NULL);
		s->skipped = 1;
		return;
	}
	if (am_text_check_utf8(p, n, &col) != n) {
		size_t bad = am_text_check_utf8(p, n, &col);
		/* NUL is valid UTF-8, refused as a control character: said so */
		am_diag_add(s, p[bad] ? AM_DIAG_INVALID_UTF8 : AM_DIAG_NUL, line,
		            col, (unsigned char)p[bad], 0, NULL, NULL);
		s->skipped = 1;
		return;
	}
	if (am_text_normalize(t, p, n, line, &ln) < 0) {
		s->oom = 1;
		return;
	}
	am_parse_line(s, ps, &ln);
}

int am_sheet_line_kind(const char *s, size_t len)
{
	am_text t;
	am_nline ln;
	uint32_t col;
	int kind;

	if (!s && len)
		return ut_error_set(AM_EINVALID, "am_sheet_line_kind: s is NULL");
	if (am_text_check_utf8(s ? s : "", len, &col) != len)
		return AM_LINE_SHEET; /* an error of the sheet's, not a kind */
	memset(&t, 0, sizeof(t));
	if (am_text_normalize(&t, s ? s : "", len, 1, &ln) < 0) {
		am_text_free(&t);
		return ut_error_set(AM_ENOMEM, "out of memory");
	}
	kind = am_parse_line_kind(&ln);
	am_text_free(&t);
	return kind;
}

int am_sheet_parse(am_sheet **out, const char *buf, size_t len,
                   const am_parse_opts *opts)
{
	static const am_parse_opts defaults = AM_PARSE_OPTS_INIT;
	am_pstate ps;
	am_text t;
	am_sheet *s;
	size_t pos;
	uint32_t line = 0;

	if (!out)
		return ut_error_set(AM_EINVALID, "am_sheet_parse: out is NULL");
	*out = NULL;
	if (!buf && len)
		return ut_error_set(AM_EINVALID, "am_sheet_parse: buf is NULL");
	if (opts && opts->version != AM_PARSE_OPTS_VERSION)
		return ut_error_set(AM_EINVALID,
		                    "am_sheet_parse: unsupported options version %u",
		                    opts->version);
	s = calloc(1, sizeof(*s));
	if (!s)
		return ut_error_set(AM_ENOMEM, "out of memory");
	s->opts = opts ? *opts : defaults;
	s->entry = AM_NOINDEX;
	s->src = malloc(len ? len : 1);
	if (!s->src) {
		free(s);
		return ut_error_set(AM_ENOMEM, "out of memory");
	}
	if (len)
		memcpy(s->src, buf, len);
	s->srclen = len;
	if (len >= 3 && memcmp(buf, "\xEF\xBB\xBF", 3) == 0)
		s->start = 3; /* a BOM is not part of line 1 */
	memset(&ps, 0, sizeof(ps));
	memset(&t, 0, sizeof(t));
	for (pos = s->start; pos < len && !s->oom && line < UINT32_MAX;) {
		size_t next, n = am_text_line(s->src, len, pos, &next);
		if (line % CKPT_EVERY == 0) {
			if (UT_ARRAY_RESERVE(s->ckpt, s->ckptcap, s->nckpt + 1) < 0) {
				s->oom = 1;
				break;
			}
			s->ckpt[s->nckpt++] = pos;
		}
		do_line(s, &ps, &t, pos, n, ++line);
		pos = next;
	}
	s->nlines = line;
	am_text_free(&t);
	am_parse_state_free(&ps);
	if (!s->oom)
		am_validate_sheet(s);
	if (!s->oom && s->nerrors == 0 && assemble(s) < 0)
		s->oom = 1;
	if (s->oom) {
		am_sheet_free(s);
		return ut_error_set(AM_ENOMEM, "out of memory");
	}
	am_diag_finish(s);
	*out = s;
	return 0;
}

void am_sheet_free(am_sheet *s)
{
	if (!s)
		return;
	am_diag_free(s);
	am_names_free(&s->unit_names);
	am_names_free(&s->action_names);
	am_arena_free(&s->arena);
	free(s->units);
	free(s->actions);
	free(s->ckpt);
	free(s->src);
	free(s);
}

int am_sheet_ok(const am_sheet *s)
{
	return s && s->nerrors == 0;
}

size_t am_sheet_diag_count(const am_sheet *s)
{
	return s ? s->ndiags : 0;
}

size_t am_sheet_error_count(const am_sheet *s)
{
	return s ? s->nerrors : 0;
}

const am_diag *am_sheet_diag(const am_sheet *s, size_t i)
{
	return s && i < s->ndiags ? &s->diags[i].d : NULL;
}

/* Whether line[0..len) is text of a sheet's kind that has no colon: valid
 * UTF-8 without control characters but tab (a file in another encoding,
 * or binary, is another matter), not blank (an empty sheet is), and neither
 * ':' nor '：' (EF BC 9A) in it. */
static int prose(const char *p, size_t len)
{
	const unsigned char *u = (const unsigned char *)p;
	size_t k, n;
	int blank = 1;

	/* a comment or a quote (an error about it is the sheet's: no unit
	 * line at 1:1 of a sheet of comments) already is what "start it
	 * with #" asks for */
	for (k = 0; k < len; k += n)
		if (!(n = u[k] == ' ' || u[k] == '\t'
		          ? 1 : ut_utf8_ideographic_space(p + k, len - k)))
			break;
	if (k < len && (u[k] == '#' || u[k] == '>' ||
	                (len - k >= 3 && (memcmp(p + k, "＃", 3) == 0 ||
	                                  memcmp(p + k, "＞", 3) == 0))))
		return 0;
	for (k = 0; k < len; k += n) {
		if ((n = ut_utf8_seq(u + k, len - k)) == 0 ||
		    (u[k] < 0x20 && u[k] != '\t') || u[k] == ':' ||
		    (n == 3 && memcmp(p + k, "：", 3) == 0))
			return 0;
		blank &= u[k] == ' ' || u[k] == '\t' ||
		         ut_utf8_ideographic_space(p + k, n) != 0;
	}
	return !blank;
}

uint32_t am_sheet_prose_line(const am_sheet *s)
{
	size_t i, len;

	for (i = 0; s && i < s->ndiags; i++) {
		uint32_t line = s->diags[i].d.line;
		const char *p;
		int code = s->diags[i].d.code;
		/* a 技術 line (技術４, the rule text's own) has no colon; a
		 * line too long was never read, whatever it holds (a long
		 * comment: "start it with #" was no help, review 2026-12-06) */
		if (code == AM_DIAG_TECH_MISMATCH ||
		    code == AM_DIAG_TECH_MISPLACED || code == AM_DIAG_LINE_TOO_LONG)
			continue;
		p = am_sheet_source_line(s, line, &len);
		if (p && prose(p, len))
			return line;
	}
	return 0;
}

const char *am_sheet_source_line(const am_sheet *s, uint32_t line,
                                 size_t *len)
{
	size_t pos, next, n, k;

	if (!s || line < 1 || line > s->nlines)
		return NULL;
	pos = s->ckpt[(line - 1) / CKPT_EVERY];
	for (k = (line - 1) % CKPT_EVERY;; k--) {
		n = am_text_line(s->src, s->srclen, pos, &next);
		if (k == 0)
			break;
		pos = next;
	}
	if (len)
		*len = n;
	return s->src + pos;
}

const am_team *am_sheet_team(const am_sheet *s)
{
	return s && s->has_team ? &s->team : NULL;
}
