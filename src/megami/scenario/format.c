/* format.c - a scenario as canonical YAML (MG-SCN-OUT): English keys, every
 * default written out, reading it back gives the same scenario. */
#include <stdlib.h>
#include <string.h>

#include "sc_int.h"
#include "util/buf.h"
#include "util/error.h"

static int is_alnum(unsigned char c)
{
	return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') ||
	       (c >= 'A' && c <= 'Z');
}

/* 1 when s can stand unquoted and reads back as the same text: it starts
 * with a letter or a non-ASCII character, holds only letters, digits,
 * "_-.()" and inner single spaces besides, no character YAML treats
 * specially (C1 controls, NEL, line and paragraph separators, BOM,
 * U+FFFE/U+FFFF), and is no word that YAML 1.1 or 1.2 reads as a boolean or
 * null. */
static int plain_ok(const char *s)
{
	static const char *const words[] = {
		"true", "false", "null", "yes", "no", "on", "off", "y", "n"};
	const unsigned char *p = (const unsigned char *)s;
	size_t i, n = strlen(s);

	if (!n || !(p[0] >= 0x80 || is_alnum(p[0])) || (p[0] >= '0' && p[0] <= '9'))
		return 0;
	if (p[n - 1] == ' ')
		return 0;
	for (i = 0; i < n; i++) {
		unsigned char c = p[i];
		if (c >= 0x80) {
			if (c == 0xC2 && i + 1 < n && p[i + 1] < 0xA0)
				return 0;
			if (c == 0xE2 && i + 2 < n && p[i + 1] == 0x80 &&
			    (p[i + 2] == 0xA8 || p[i + 2] == 0xA9))
				return 0;
			if (c == 0xEF && i + 2 < n &&
			    ((p[i + 1] == 0xBB && p[i + 2] == 0xBF) ||
			     (p[i + 1] == 0xBF && p[i + 2] >= 0xBE)))
				return 0;
			continue;
		}
		if (!is_alnum(c) && !strchr("_-.()", c) &&
		    !(c == ' ' && p[i + 1] != ' '))
			return 0;
	}
	for (i = 0; i < sizeof(words) / sizeof(words[0]); i++) {
		size_t k, m = strlen(words[i]);
		if (m != n)
			continue;
		for (k = 0; k < n; k++)
			if ((p[k] | 0x20) != (unsigned char)words[i][k])
				break;
		if (k == n)
			return 0;
	}
	return 1;
}

/* s as a YAML scalar: plain when plain_ok, else double-quoted with escapes. */
static void put_name(ut_buf *b, const char *s)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t i, n = strlen(s);

	if (plain_ok(s)) {
		ut_buf_puts(b, s);
		return;
	}
	ut_buf_puts(b, "\"");
	for (i = 0; i < n; i++) {
		unsigned char c = p[i];
		if (c == '"' || c == '\\') {
			ut_buf_printf(b, "\\%c", c);
		} else if (c < 0x20 || c == 0x7F) {
			ut_buf_printf(b, "\\x%02X", c);
		} else if (c == 0xC2 && i + 1 < n && p[i + 1] < 0xA0) {
			ut_buf_printf(b, "\\u00%02X", p[++i]);
		} else if (c == 0xE2 && i + 2 < n && p[i + 1] == 0x80 &&
		           (p[i + 2] == 0xA8 || p[i + 2] == 0xA9)) {
			ut_buf_printf(b, "\\u%04X", p[i + 2] == 0xA8 ? 0x2028 : 0x2029);
			i += 2;
		} else if (c == 0xEF && i + 2 < n &&
		           ((p[i + 1] == 0xBB && p[i + 2] == 0xBF) ||
		            (p[i + 1] == 0xBF && p[i + 2] >= 0xBE))) {
			ut_buf_printf(b, "\\u%04X", p[i + 1] == 0xBB ? 0xFEFF
			                            : 0xFF00 | p[i + 2]);
			i += 2;
		} else {
			ut_buf_put(b, (const char *)p + i, 1);
		}
	}
	ut_buf_puts(b, "\"");
}

static void put_attack(ut_buf *b, const mg_attack *a)
{
	size_t k, first = 1;

	ut_buf_puts(b, "      - name: ");
	put_name(b, a->name ? a->name : "");
	ut_buf_printf(b, "\n        kind: %s\n        check: ",
	              sc_kinds[a->kind == MG_KIND_MAGIC].en);
	if (a->check_stat >= 0 && a->check_stat < MG_STAT_COUNT)
		ut_buf_puts(b, sc_stats[a->check_stat].en);
	else
		ut_buf_printf(b, "%lld", (long long)a->check_value);
	ut_buf_printf(b, "\n        damage: %lld\n        attributes: [",
	              (long long)a->damage);
	for (k = 0; k < MG_ATTR_COUNT; k++)
		if (a->attributes & 1u << k) {
			ut_buf_printf(b, "%s%s", first ? "" : ", ", sc_attrs[k].en);
			first = 0;
		}
	ut_buf_printf(b, "]\n        range: %lld\n        area: %s\n"
	              "        timing: %s\n",
	              (long long)a->range, sc_areas[a->area == MG_AREA_ENGAGEMENT].en,
	              sc_timings[a->timing == MG_TIMING_COMPLEX].en);
}

static void put_character(ut_buf *b, const mg_character *c)
{
	size_t k, first = 1;

	ut_buf_puts(b, "  - name: ");
	put_name(b, c->name ? c->name : "");
	ut_buf_printf(b, "\n    side: %s\n    hp: %lld\n    hp_now: %lld\n",
	              sc_sides[c->side == MG_SIDE_NPC].en, (long long)c->hp,
	              (long long)c->hp_now);
	for (k = 0; k < MG_STAT_COUNT; k++)
		ut_buf_printf(b, "    %s: %lld\n", sc_stats[k].en,
		              (long long)c->stat[k]);
	ut_buf_printf(b, "    position: %lld\n    armor: {", (long long)c->position);
	for (k = 0; k < MG_ATTR_COUNT; k++)
		if (c->armor_listed & 1u << k) {
			ut_buf_printf(b, "%s%s: %lld", first ? "" : ", ", sc_attrs[k].en,
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

	*out = NULL;
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
