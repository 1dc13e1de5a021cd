/*
 * format.c - am_sheet_format, am_sheet_normalised: the sheet's
 * definitions in normalised notation (half-width, computed costs,
 * customisations in the order written), with each unit's 技術 and what
 * its actions use in comment lines: the storage as `amaryllis check`
 * prints it (BU-SHEET-3 in docs/AMARYLLIS.md).  The text is itself a
 * sheet that parses to the same team and formats to the same text
 * (tests/amaryllis/test_sheet.c: roundtrip_*).
 */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "util/buf.h"
#include "util/ckd.h"
#include "util/error.h"
#include "util/utf8.h"
#include "sheet_int.h"

/* A number, or "?" when unknown. */
static void num(ut_buf *b, int known, int64_t v)
{
	if (known)
		ut_buf_printf(b, "%" PRId64, v);
	else
		ut_buf_puts(b, "?");
}

/* [○]NAME[(S)]:HP/ATK/DEF/SPD[/names], [# 愛:N], # 技術:T 使用:U
 * The entry unit with its stored bonus S and its 愛 on a line of its own
 * (both only when 愛 > 0), a ビルディア with its bonus Ｂ (BU-SHEET-3).
 * The 愛 and 技術/使用 lines are comments (AM-UNIT-5), so the whole text is
 * a sheet again: 愛 is implied by S (BU-SHEET-1), 技術 by the stats. */
static void unit(ut_buf *b, const am_sheet *s, const am_unit_rec *u, int en)
{
	int64_t used = 0;
	int used_ok = 1;
	size_t j;

	if (u->buildia)
		ut_buf_puts(b, "○");
	ut_buf_puts(b, u->name);
	if (u->buildia || (u->bonus_ok && u->love > 0))
		ut_buf_printf(b, "(%" PRId64 ")", u->stored);
	ut_buf_printf(b, ":%" PRId64 "/%" PRId64 "/%" PRId64 "/%" PRId64, u->hp,
	              u->atk, u->def, u->spd);
	for (j = 0; j < u->nslots; j++) {
		const am_slot_rec *sl = &u->slots[j];
		ut_buf_puts(b, j ? "、" : "/");
		ut_buf_puts(b, sl->name);
		if (sl->action == AM_NOINDEX ||
		    !s->actions[sl->action].cost_ok ||
		    ut_ckd_add(&used, used, s->actions[sl->action].cost))
			used_ok = 0;
	}
	ut_buf_puts(b, "\n");
	if (!u->buildia && u->bonus_ok && u->love > 0)
		ut_buf_printf(b, "# %s:%" PRId64 "\n", en ? "love" : "愛", u->love);
	ut_buf_puts(b, en ? "# tech:" : "# 技術:");
	num(b, u->stats_ok, u->tech);
	ut_buf_puts(b, en ? " used:" : " 使用:");
	num(b, used_ok, used);
	ut_buf_puts(b, "\n");
}

/* ・NAME(COST):CLASS<CUSTOM>… */
static void action(ut_buf *b, const am_action_rec *a)
{
	const char *cls = am_class_name(a->cls);
	size_t i;

	ut_buf_printf(b, "・%s(", a->name);
	num(b, a->cost_ok, a->cost);
	ut_buf_puts(b, "):");
	switch (a->cls) {
	case AM_CLASS_ATK_UP:
	case AM_CLASS_DEF_UP:
	case AM_CLASS_SPD_UP:
		/* "攻撃力+N" with its number */
		ut_buf_printf(b, "%.*s%" PRId64, (int)(strlen(cls) - 1), cls, a->n);
		break;
	case AM_CLASS_BUILD:
		ut_buf_printf(b, "%s(%s)", cls, a->build_name);
		break;
	default:
		ut_buf_puts(b, cls);
	}
	for (i = 0; i < a->ncu; i++) {
		char text[64];
		ut_buf_printf(b, "<%s>",
		              am_terms_cu_text(text, sizeof(text), a->cu[i].kind,
		                               a->cu[i].n));
	}
	ut_buf_puts(b, "\n");
}

/* The storage as `amaryllis check` prints it (BU-SHEET-3); the contract is
 * in amaryllis/sheet.h. */
/* The notation of s into b (b->failed: out of memory). */
static void format(ut_buf *b, const am_sheet *s, am_lang lang)
{
	int en = lang == AM_LANG_EN;
	size_t i;

	if (s && s->entry != AM_NOINDEX && s->units[s->entry].ok)
		unit(b, s, &s->units[s->entry], en);
	for (i = 0; s && i < s->nunits; i++)
		if (s->units[i].buildia && s->units[i].ok)
			unit(b, s, &s->units[i], en);
	for (i = 0; s && i < s->nactions; i++)
		if (s->actions[i].first == i && s->actions[i].ok)
			action(b, &s->actions[i]);
}

size_t am_sheet_format(char *buf, size_t size, const am_sheet *s,
                       am_lang lang)
{
	ut_buf b = UT_BUF_INIT;
	size_t len;

	format(&b, s, lang);
	len = ut_utf8_copy(buf, size, b.ptr, b.failed ? 0 : b.len);
	ut_buf_free(&b);
	return len;
}

int am_sheet_normalised(char **out, size_t *len, const am_sheet *s,
                        am_lang lang)
{
	ut_buf b = UT_BUF_INIT;

	if (!out)
		return ut_error_set(AM_EINVALID, "am_sheet_normalised: out is NULL");
	*out = NULL;
	if (!s)
		return ut_error_set(AM_EINVALID,
		                    "am_sheet_normalised: sheet is NULL");
	format(&b, s, lang);
	/* (no definition at all: an empty string of its own) */
	if (ut_buf_take(&b, out, len) < 0)
		return ut_error_set(AM_ENOMEM, "out of memory");
	return 0;
}
