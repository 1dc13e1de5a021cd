/*
 * dice_json.c - a dice roll as BCDice-API's answer (megami roll --format
 * json, megami serve): the recorder of the dice a roll used, and the
 * JSON object (jansson, compact, members in BCDice-API's order).
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "megami/render.h"
#include "util/error.h"
#include "util/json.h"
#include "util/utf8.h"

/* The recorder's ut_dice callback: a die from rec->from, kept. */
static int record_die(void *ud, uint64_t sides, size_t index, uint64_t *out)
{
	mg_dice_record *rec = ud;
	int rc;
	(void)index;

	if (rec->n == rec->cap) {
		size_t cap = rec->cap ? rec->cap * 2 : 16;
		mg_rand *r = realloc(rec->rands, cap * sizeof(*r));
		if (!r) {
			rec->failed = 1;
			return ut_error_set(MG_ENOMEM, "out of memory");
		}
		rec->rands = r;
		rec->cap = cap;
	}
	if ((rc = ut_dice_roll(out, rec->from, sides)) < 0)
		return rc;
	rec->rands[rec->n].sides = sides;
	rec->rands[rec->n].value = *out;
	rec->n++;
	return 0;
}

/*
 * The record's source takes every die from `from` through record_die.
 * It also mirrors a fixed list's fields: ut_dice_roll asks the callback
 * first (fn set), and mg_dice_roll, which names a bad fixed value by its
 * place in the list, reads them (fixed, values, nvalues, rolled: the
 * record's count of dice rolled is the list's).
 */
void mg_dice_record_init(mg_dice_record *rec, ut_dice *from)
{
	memset(rec, 0, sizeof(*rec));
	ut_dice_callback(&rec->dice, record_die, rec, 0);
	rec->from = from;
	rec->dice.fixed = from->fixed;
	rec->dice.values = from->values;
	rec->dice.nvalues = from->nvalues;
	rec->dice.rolled = from->rolled;
}

void mg_dice_record_clear(mg_dice_record *rec)
{
	rec->n = 0;
	rec->failed = 0;
}

void mg_dice_record_free(mg_dice_record *rec)
{
	if (!rec)
		return;
	free(rec->rands);
	rec->rands = NULL;
	rec->n = rec->cap = 0;
}

static json_t *rands(const mg_dice_record *rec)
{
	json_t *a = json_array();
	size_t i;

	for (i = 0; a && rec && i < rec->n; i++) {
		json_t *r = json_object();
		if (!r || ut_json_put(r, "kind", json_string("normal")) ||
		    ut_json_put(r, "sides", json_integer((json_int_t)rec->rands[i].sides)) ||
		    ut_json_put(r, "value", json_integer((json_int_t)rec->rands[i].value)) ||
		    json_array_append_new(a, r) != 0) {
			json_decref(r);
			json_decref(a);
			return NULL;
		}
	}
	return a;
}

/* The verdict as BCDice's Result: 自動成功 is a success and a critical,
 * 自動失敗 a failure and a fumble (checked against bcdice 4.9.0). */
int mg_dice_json(ut_buf *out, const char *text, size_t len,
                 const mg_dice_result *res, const mg_dice_record *rec,
                 mg_seed_show show, uint64_t seed)
{
	mg_dice_outcome o = res ? res->outcome : MG_DICE_NONE;
	json_t *doc, *t;
	char s[24];
	char *dump;
	int rc = 0;

	if (!out)
		return ut_error_set(MG_EINVALID, "mg_dice_json: out is NULL");
	if (!text && len)
		return ut_error_set(MG_EINVALID, "mg_dice_json: text is NULL");
	/* "ok" first (the keys' order), before t, which only a put takes */
	if (!(doc = json_object()) || ut_json_put(doc, "ok", json_true())) {
		json_decref(doc);
		return ut_error_set(MG_ENOMEM, "out of memory");
	}
	t = json_stringn(text ? text : "", len);
	if (!t) { /* (jansson's NULL for text it refuses, or out of memory) */
		json_decref(doc);
		if (ut_utf8_valid(text ? text : "", len))
			return ut_error_set(MG_ENOMEM, "out of memory");
		return ut_error_set(MG_EINVALID, "the roll's text is not UTF-8");
	}
	if (ut_json_put(doc, "text", t) ||
	    ut_json_put(doc, "secret", json_boolean(res && res->secret)) ||
	    ut_json_put(doc, "success", json_boolean(o == MG_DICE_SUCCESS ||
	                                     o == MG_DICE_CRITICAL)) ||
	    ut_json_put(doc, "failure", json_boolean(o == MG_DICE_FAILURE ||
	                                     o == MG_DICE_FUMBLE)) ||
	    ut_json_put(doc, "critical", json_boolean(o == MG_DICE_CRITICAL)) ||
	    ut_json_put(doc, "fumble", json_boolean(o == MG_DICE_FUMBLE)) ||
	    ut_json_put(doc, "rands", rands(rec)))
		rc = MG_ENOMEM;
	if (rc == 0 && show == MG_SEED_VALUE) {
		snprintf(s, sizeof(s), "%" PRIu64, seed);
		rc = ut_json_put(doc, "seed", json_string(s)) ? MG_ENOMEM : 0;
	} else if (rc == 0 && show == MG_SEED_NULL) {
		rc = ut_json_put(doc, "seed", json_null()) ? MG_ENOMEM : 0;
	}
	dump = rc == 0 ? ut_json_dumps(doc, JSON_COMPACT | JSON_PRESERVE_ORDER)
	               : NULL;
	ut_json_short_reals(dump);
	json_decref(doc);
	if (!dump || ut_buf_puts(out, dump) < 0) {
		free(dump);
		return ut_error_set(MG_ENOMEM, "out of memory");
	}
	free(dump);
	return 0;
}
