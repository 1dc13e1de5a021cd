/*
 * check.c - the verdict of `amaryllis check` on one sheet as a JSON
 * document (check --format json, and POST /api/check of the web server):
 *
 *   {"ok": BOOL,
 *    "errors": [{"line": N, "col": N, "message": TEXT}, …],
 *    "more_errors": N,            errors past the parser's max_diags
 *    "normalised": TEXT | null,   what `check` prints for a legal sheet
 *    "cost": null | {"units": [{"name", "bonus", "stored_bonus", "love",
 *                               "tech", "used"}, …],
 *                    "actions": [{"name", "class", "cost"}, …]}}
 *
 * "bonus" is the unit's bonus points (10 for the entry unit, its 愛
 * included; Ｂ for a ビルディア), "stored_bonus" the number the sheet
 * writes after the name, （Ｓ） or （Ｂ） (the entry unit's 10 − 愛,
 * BU-SHEET-1; the base of a ビルド of it, BU-BUILD-1), "love" its 愛 (0 but
 * for the entry unit of a ビルディア sheet): a sheet's （９） is "bonus":
 * 10, "stored_bonus": 9, "love": 1.
 *
 * Messages are am_diag_format's, so the same text as `check` (AM-UNIT-1,
 * A1: 技術 and each action's computed cost, RULINGS A2).
 */
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "amaryllis/render.h"
#include "amaryllis/sheet.h"

#include "util/ckd.h"
#include "util/error.h"
#include "util/json.h"

/* 技術 and costs of a legal sheet's team. */
static json_t *cost_json(const am_team *t)
{
	json_t *o = json_object(), *units = json_array(), *acts = json_array();
	size_t i, k;
	int bad = !o || !units || !acts;

	for (i = 0; !bad && i < t->nunits; i++) {
		const am_unit_def *u = &t->units[i];
		json_t *j = json_object();
		int64_t used = 0;
		int ok = 1;
		for (k = 0; k < u->nslots; k++)
			if (u->slots[k] >= t->nactions ||
			    ut_ckd_add(&used, used, t->actions[u->slots[k]].cost))
				ok = 0;
		bad |= !j;
		if (j) {
			bad |= ut_json_put(j, "name", json_string(u->name));
			bad |= ut_json_put(j, "bonus", json_integer(u->bonus));
			bad |= ut_json_put(j, "stored_bonus",
			           json_integer(u->bonus - u->love));
			bad |= ut_json_put(j, "love", json_integer(u->love));
			bad |= ut_json_put(j, "tech", json_integer(u->tech));
			bad |= ut_json_put(j, "used", ok ? json_integer(used) : json_null());
			bad |= json_array_append_new(units, j);
		}
	}
	for (i = 0; !bad && i < t->nactions; i++) {
		const am_action *a = &t->actions[i];
		json_t *j = json_object();
		bad |= !j;
		if (j) {
			bad |= ut_json_put(j, "name", json_string(a->name));
			bad |= ut_json_put(j, "class", json_string(am_class_name(a->cls)));
			bad |= ut_json_put(j, "cost", json_integer(a->cost));
			bad |= json_array_append_new(acts, j);
		}
	}
	if (!bad) {
		bad |= ut_json_put(o, "units", units);
		units = NULL;
		bad |= ut_json_put(o, "actions", acts);
		acts = NULL;
	}
	json_decref(units);
	json_decref(acts);
	if (bad) {
		json_decref(o);
		return NULL;
	}
	return o;
}

int am_render_check(const am_sheet *sheet, am_lang lang, am_write_fn write,
                    void *ud)
{
	json_t *o, *errs;
	size_t i, n, more;
	int bad, rc = 0;
	char *text = NULL;

	if (!sheet)
		return ut_error_set(AM_EINVALID,
		                    "am_render_check: sheet is NULL");
	if (!write)
		return ut_error_set(AM_EINVALID,
		                    "am_render_check: write is NULL");
	o = json_object();
	errs = json_array();
	n = am_sheet_diag_count(sheet);
	bad = !o || !errs;

	for (i = 0; !bad && i < n; i++) {
		const am_diag *d = am_sheet_diag(sheet, i);
		char *msg = NULL;
		json_t *e = json_object();
		bad |= am_diag_message(&msg, NULL, d, lang) < 0 || !e;
		if (!bad) {
			bad |= ut_json_put(e, "line", json_integer(d->line));
			bad |= ut_json_put(e, "col", json_integer(d->col));
			bad |= ut_json_put(e, "message", json_string(msg));
			bad |= json_array_append(errs, e);
		}
		json_decref(e);
		free(msg);
	}
	more = am_sheet_error_count(sheet);
	more = more > n ? more - n : 0;
	if (!bad) {
		bad |= ut_json_put(o, "ok", json_boolean(am_sheet_ok(sheet)));
		bad |= ut_json_put(o, "errors", errs);
		errs = NULL;
		bad |= ut_json_put(o, "more_errors", json_integer((json_int_t)more));
	}
	if (!bad && am_sheet_ok(sheet)) {
		size_t len;
		char *norm;
		bad |= am_sheet_normalised(&norm, &len, sheet, lang) < 0;
		if (norm) {
			bad |= ut_json_put(o, "normalised", json_stringn(norm, len));
			free(norm);
		}
		bad |= ut_json_put(o, "cost", cost_json(am_sheet_team(sheet)));
	} else if (!bad) {
		bad |= ut_json_put(o, "normalised", json_null());
		bad |= ut_json_put(o, "cost", json_null());
	}
	json_decref(errs);
	if (!bad)
		text = ut_json_dumps(o, JSON_INDENT(1) | JSON_PRESERVE_ORDER);
	ut_json_short_reals(text);
	json_decref(o);
	if (!text)
		return ut_error_set(AM_ENOMEM, "out of memory");
	if (write(ud, text, strlen(text)) != 0 || write(ud, "\n", 1) != 0)
		rc = ut_error_set(AM_ERROR, "cannot write the verdict");
	free(text);
	return rc;
}
