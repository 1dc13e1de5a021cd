/* format.c - a scenario as canonical YAML (MG-SCN-OUT): English keys, every
 * default written out, reading it back gives the same scenario. */
#include <stdlib.h>
#include <string.h>

#include "sc_int.h"
#include "util/buf.h"
#include "util/error.h"

/* s as a YAML scalar: plain when it reads back as the same text, else
 * double-quoted with escapes (util_yaml). */
#define put_name ut_yaml_put_scalar

static void put_attack(ut_buf *b, const mg_attack *a)
{
	size_t k, first = 1;

	ut_buf_puts(b, "      - name: ");
	put_name(b, a->name ? a->name : "");
	ut_buf_printf(b, "\n        kind: %s\n        check: ",
	              mg_sc_kinds[a->kind == MG_KIND_MAGIC].en);
	if (a->check_stat >= 0 && a->check_stat < MG_STAT_COUNT)
		ut_buf_puts(b, mg_sc_stats[a->check_stat].en);
	else
		ut_buf_printf(b, "%lld", (long long)a->check_value);
	ut_buf_printf(b, "\n        damage: %lld\n        attributes: [",
	              (long long)a->damage);
	for (k = 0; k < MG_ATTR_COUNT; k++)
		if (a->attributes & 1u << k) {
			ut_buf_printf(b, "%s%s", first ? "" : ", ", mg_sc_attrs[k].en);
			first = 0;
		}
	ut_buf_printf(b, "]\n        range: %lld\n        area: %s\n"
	              "        timing: %s\n",
	              (long long)a->range, mg_sc_areas[a->area == MG_AREA_ENGAGEMENT].en,
	              mg_sc_timings[a->timing == MG_TIMING_COMPLEX].en);
}

static void put_character(ut_buf *b, const mg_character *c)
{
	size_t k, first = 1;

	ut_buf_puts(b, "  - name: ");
	put_name(b, c->name ? c->name : "");
	ut_buf_printf(b, "\n    side: %s\n    hp: %lld\n    hp_now: %lld\n",
	              mg_sc_sides[c->side == MG_SIDE_NPC].en, (long long)c->hp,
	              (long long)c->hp_now);
	for (k = 0; k < MG_STAT_COUNT; k++)
		ut_buf_printf(b, "    %s: %lld\n", mg_sc_stats[k].en,
		              (long long)c->stat[k]);
	ut_buf_printf(b, "    position: %lld\n", (long long)c->position);
	if (c->enters > 1) /* MG-SCN-CHR-8: only then, as scenarios before it */
		ut_buf_printf(b, "    enters: %lld\n", (long long)c->enters);
	ut_buf_puts(b, "    armor: {");
	for (k = 0; k < MG_ATTR_COUNT; k++)
		if (c->armor_listed & 1u << k) {
			ut_buf_printf(b, "%s%s: %lld", first ? "" : ", ", mg_sc_attrs[k].en,
			              (long long)c->armor[k]);
			first = 0;
		}
	ut_buf_printf(b, "}\n    finish: %s\n    attacks:", c->finish ? "true"
	                                                              : "false");
	if (!c->nattacks)
		ut_buf_puts(b, " []");
	ut_buf_puts(b, "\n");
	for (k = 0; k < c->nattacks; k++)
		put_attack(b, &c->attacks[k]);
}

int mg_scenario_to_yaml(char **out, size_t *len, const mg_scenario *s)
{
	ut_buf b = UT_BUF_INIT;
	size_t i;

	if (!out)
		return ut_error_set(UT_EINVALID,
		                    "mg_scenario_to_yaml: out is NULL");
	*out = NULL;
	if (!s)
		return ut_error_set(UT_EINVALID,
		                    "mg_scenario_to_yaml: s is NULL");
	ut_buf_printf(&b, "round_limit: %lld\ncharacters:", (long long)s->round_limit);
	if (!s->ncharacters)
		ut_buf_puts(&b, " []");
	ut_buf_puts(&b, "\n");
	for (i = 0; i < s->ncharacters; i++)
		put_character(&b, &s->characters[i]);
	if (b.failed || !b.ptr) {
		ut_buf_free(&b);
		return ut_error_set(UT_ENOMEM, "out of memory");
	}
	*out = b.ptr;
	if (len)
		*len = b.len;
	return 0;
}
