/*
 * mc_json.c - the report of a Monte Carlo series as one JSON document
 * (jansson), and the entry points of mc_render.h (MG-MC-OUT-2):
 *
 *   {"rng": "xoshiro256ss-1", "seed": "S", "runs": N,
 *    "wins": {"PC": n, "NPC": n, "draw": n},
 *    "rates": {"PC": x, "NPC": x, "draw": x},
 *    "intervals": {"PC": [lo, hi], "NPC": [lo, hi], "draw": [lo, hi]},
 *    "rounds": {"mean": x, "median": n, "p90": n, "min": n, "max": n,
 *               "histogram": [{"rounds": r, "runs": n}, …]},
 *    "characters": [{"name", "side", "incapacitated", "incapacitated_rate",
 *                    "incapacitated_interval", "dead", "dead_rate",
 *                    "dead_interval", "hp_mean", "hp_min", "hp_max"}, …]}
 *   and for a character entering later (enters > 1): "enters", "absent",
 *   "absent_rate", "absent_interval" (runs that ended before it entered)
 *
 * The seed is a decimal string (docs/RANDOM.md); rates and intervals are
 * fractions (0 … 1); the histogram lists every rounds value that occurred,
 * ascending.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "mc_int.h"
#include "util/error.h"
#include "util/json.h"

static const char *const keys[3] = {"PC", "NPC", "draw"};

/* ut_json_put(o, k, *v), *v handed over (NULL) whether or not that worked: what
 * is not handed over yet is still the caller's to release */
static int take(json_t *o, const char *k, json_t **v)
{
	json_t *x = *v;

	*v = NULL;
	return ut_json_put(o, k, x);
}

static json_t *interval(mg_mc_interval ci)
{
	return json_pack("[ff]", ci.lo, ci.hi);
}

/* MG-MC-HIST-1: every rounds value that occurred, ascending, with its
 * count (the tally's entries, MG-MC-MEM-1) */
static json_t *histogram(const mg_mc_report *r)
{
	json_t *a = json_array();
	size_t i;

	for (i = 0; a != NULL && i < r->rounds.used; i++)
		if (json_array_append_new(a, json_pack("{sIsI}", "rounds",
		                          (json_int_t)r->rounds.value[i], "runs",
		                          (json_int_t)r->rounds.count[i])) != 0) {
			json_decref(a);
			a = NULL;
		}
	return a;
}

static json_t *character(const mg_mc_char *c)
{
	json_t *o = json_object();
	int bad;

	if (o == NULL)
		return NULL;
	bad = ut_json_put(o, "name", json_string(c->name)) ||
	      ut_json_put(o, "side", json_string(c->side == MG_SIDE_PC ? "PC" : "NPC")) ||
	      ut_json_put(o, "incapacitated", json_integer((json_int_t)c->incapacitated)) ||
	      ut_json_put(o, "incapacitated_rate", json_real(c->incapacitated_rate)) ||
	      ut_json_put(o, "incapacitated_interval", interval(c->incapacitated_ci)) ||
	      ut_json_put(o, "dead", json_integer((json_int_t)c->dead)) ||
	      ut_json_put(o, "dead_rate", json_real(c->dead_rate)) ||
	      ut_json_put(o, "dead_interval", interval(c->dead_ci)) ||
	      ut_json_put(o, "hp_mean", json_real(c->hp_mean)) ||
	      ut_json_put(o, "hp_min", json_integer(c->hp_min)) ||
	      ut_json_put(o, "hp_max", json_integer(c->hp_max));
	/* MG-MC-CHAR-1: one entering later (enters > 1) */
	if (!bad && c->enters > 1)
		bad = ut_json_put(o, "enters", json_integer(c->enters)) ||
		      ut_json_put(o, "absent", json_integer((json_int_t)c->absent)) ||
		      ut_json_put(o, "absent_rate", json_real(c->absent_rate)) ||
		      ut_json_put(o, "absent_interval", interval(c->absent_ci));
	if (bad) {
		json_decref(o);
		return NULL;
	}
	return o;
}

int mg_mc_render_json(const mg_mc_report *r, ut_buf *b)
{
	json_t *doc = json_object(), *wins = json_object(),
	       *rates = json_object(), *cis = json_object(),
	       *rounds = json_object(), *chars = json_array();
	char seed[24];
	char *text = NULL;
	size_t k;
	int bad = !doc || !wins || !rates || !cis || !rounds || !chars;

	for (k = 0; !bad && k < 3; k++)
		bad = ut_json_put(wins, keys[k], json_integer((json_int_t)r->wins[k])) ||
		      ut_json_put(rates, keys[k], json_real(r->rate[k])) ||
		      ut_json_put(cis, keys[k], interval(r->ci[k]));
	if (!bad)
		bad = ut_json_put(rounds, "mean", json_real(r->rounds_mean)) ||
		      ut_json_put(rounds, "median", json_integer(r->rounds_median)) ||
		      ut_json_put(rounds, "p90", json_integer(r->rounds_p90)) ||
		      ut_json_put(rounds, "min", json_integer(r->rounds_min)) ||
		      ut_json_put(rounds, "max", json_integer(r->rounds_max)) ||
		      ut_json_put(rounds, "histogram", histogram(r));
	for (k = 0; !bad && k < r->ncharacters; k++) {
		json_t *c = character(&r->characters[k]);
		bad = c == NULL || json_array_append_new(chars, c) != 0;
	}
	snprintf(seed, sizeof seed, "%llu", (unsigned long long)r->seed);
	if (!bad) {
		bad = ut_json_put(doc, "rng", json_string("xoshiro256ss-1")) ||
		      ut_json_put(doc, "seed", json_string(seed)) ||
		      ut_json_put(doc, "runs", json_integer((json_int_t)r->runs)) ||
		      take(doc, "wins", &wins) || take(doc, "rates", &rates) ||
		      take(doc, "intervals", &cis) ||
		      take(doc, "rounds", &rounds) ||
		      take(doc, "characters", &chars);
	}
	if (!bad)
		text = ut_json_dumps(doc, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
	ut_json_short_reals(text);
	json_decref(doc);
	json_decref(wins);
	json_decref(rates);
	json_decref(cis);
	json_decref(rounds);
	json_decref(chars);
	if (text == NULL)
		return ut_error_set(MG_ENOMEM, "out of memory");
	ut_buf_puts(b, text);
	ut_buf_puts(b, "\n");
	free(text);
	return b->failed ? ut_error_set(MG_ENOMEM, "out of memory") : 0;
}

/* Whether report r has totals to render: MG_EINVALID for a series that
 * failed or a part not finished (no totals, tallies unsorted: the
 * renderers printed zeros, or a debug build stopped on an assertion;
 * embedding review 2026-12-06). */
static int done(const char *fn, const mg_mc_report *r)
{
	if (r->failed)
		return ut_error_set(MG_EINVALID, "%s: the series failed (run "
		                    "%llu): it has no totals", fn,
		                    (unsigned long long)r->failed_run);
	if (r->part)
		return ut_error_set(MG_EINVALID, "%s: a part, not finished "
		                    "(mg_mc_report_finish)", fn);
	return 0;
}

static int emit(int rc, ut_buf *b, mg_write_fn write, void *ud)
{
	if (rc == 0 && write && b->len && write(ud, b->ptr, b->len) != 0)
		rc = ut_error_set(MG_ERROR, "write failed");
	ut_buf_free(b);
	return rc;
}

int mg_mc_render(const mg_mc_report *r, mg_log_format format, mg_lang lang,
                 mg_write_fn write, void *write_ud)
{
	ut_buf b = UT_BUF_INIT;
	int rc;

	if (!r)
		return ut_error_set(MG_EINVALID, "mg_mc_render: r is NULL");
	if (!write)
		return ut_error_set(MG_EINVALID, "mg_mc_render: write is NULL");
	if ((rc = done("mg_mc_render", r)) < 0)
		return rc;
	rc = format == MG_LOG_JSON ? mg_mc_render_json(r, &b)
	                           : mg_mc_render_text(r, lang, &b);
	return emit(rc, &b, write, write_ud);
}

int mg_mc_svg(const mg_mc_report *r, mg_lang lang, mg_write_fn write,
              void *write_ud)
{
	ut_buf b = UT_BUF_INIT;

	if (!r)
		return ut_error_set(MG_EINVALID, "mg_mc_svg: r is NULL");
	if (!write)
		return ut_error_set(MG_EINVALID, "mg_mc_svg: write is NULL");
	if (done("mg_mc_svg", r) < 0)
		return MG_EINVALID;
	return emit(mg_mc_render_svg(r, lang, &b), &b, write, write_ud);
}
