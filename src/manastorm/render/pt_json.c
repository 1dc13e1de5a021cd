/*
 * pt_json.c - a playtest's and a sweep's report as one JSON object on one
 * line (docs/MANASTORM.md "Playtests" MS-PT-OUT-2, "Sweeps" MS-SW-OUT-2).
 * Rates and means are written as megami's (jansson's): 17 significant
 * digits, which give the double back exactly (6 decimals could not tell
 * apart rates of 10^7 runs and more); counts are integers.  Nothing depends
 * on the number of threads (there is no "jobs" key).
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "manastorm/pt_render.h"
#include "util/error.h"
#include "util/rng.h"
#include "util/json.h"
#include "render_int.h"

static void str(ut_buf *b, const char *s)
{
	ut_buf_put(b, "\"", 1);
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;
		if (c == '"' || c == '\\')
			ut_buf_printf(b, "\\%c", c);
		else if (c < 0x20)
			ut_buf_printf(b, "\\u%04x", c);
		else
			ut_buf_put(b, s, 1);
	}
	ut_buf_put(b, "\"", 1);
}

static void rate(ut_buf *b, double p, ms_pt_interval ci)
{
	char x[UT_JSON_REAL_MAX], y[UT_JSON_REAL_MAX], z[UT_JSON_REAL_MAX];

	ut_buf_printf(b, "{\"rate\":%s,\"lo\":%s,\"hi\":%s}", ut_json_real(x, p),
	              ut_json_real(y, ci.lo), ut_json_real(z, ci.hi));
}

static void rates(ut_buf *b, const ms_pt_report *r)
{
	ut_buf_puts(b, "{\"A\":");
	rate(b, r->rate[MS_PT_A], r->ci[MS_PT_A]);
	ut_buf_puts(b, ",\"B\":");
	rate(b, r->rate[MS_PT_B], r->ci[MS_PT_B]);
	ut_buf_puts(b, ",\"draw\":");
	rate(b, r->rate[MS_PT_DRAW], r->ci[MS_PT_DRAW]);
	ut_buf_puts(b, "}");
}

static void wins(ut_buf *b, const ms_pt_report *r)
{
	ut_buf_printf(b, "{\"A\":%" PRIu64 ",\"B\":%" PRIu64 ",\"draw\":%" PRIu64
	              "}", r->wins[0], r->wins[1], r->wins[2]);
}

static void hist(ut_buf *b, ut_bin *bins, const ut_tally *v)
{
	size_t nb = ut_tally_histogram(bins, v), i;
	ut_buf_puts(b, "[");
	for (i = 0; i < nb; i++)
		ut_buf_printf(b, "%s{\"lo\":%" PRId64 ",\"hi\":%" PRId64
		              ",\"count\":%" PRIu64 "}", i ? "," : "", bins[i].lo,
		              bins[i].hi, bins[i].count);
	ut_buf_puts(b, "]");
}

/* MS-PT-TELL-1: the side and rate used, the smallest difference these
 * runs tell apart, the runs 1, 2 and 5 points need (null: no spread). */
static void tell_apart(ut_buf *b, const ms_pt_report *r)
{
	static const unsigned points[3] = {1, 2, 5};
	int side = ms_pt_tell_side(r), i;
	double p = r->rate[side];
	int none = ms_pt_runs_needed(p, 0.01) == 0;
	char x[UT_JSON_REAL_MAX];

	ut_buf_printf(b, ",\"tell_apart\":{\"side\":\"%s\",\"rate\":%s,"
	              "\"confidence\":0.95,\"smallest_diff\":",
	              side == MS_PT_A ? "A" : "B", ut_json_real(x, p));
	if (none)
		ut_buf_puts(b, "null");
	else
		ut_buf_puts(b, ut_json_real(x, ms_pt_smallest_diff(p, r->runs)));
	ut_buf_puts(b, ",\"runs_needed\":[");
	for (i = 0; i < 3; i++) {
		ut_buf_printf(b, "%s{\"diff\":%.2f,\"runs\":", i ? "," : "",
		              points[i] / 100.0);
		if (none)
			ut_buf_puts(b, "null}");
		else
			ut_buf_printf(b, "%" PRIu64 "}",
			              ms_pt_runs_needed(p, points[i] / 100.0));
	}
	ut_buf_puts(b, "]}");
}

static int pt_json(ut_buf *b, const ms_pt_report *r)
{
	ut_bin bins[UT_BINS_MAX];
	size_t k, n = r->nparts;
	char x[6][UT_JSON_REAL_MAX];

	/* docs/RANDOM.md: the generator's name, the seed as a decimal string (a
	 * JSON number above 2^53 would be rounded by a double-based parser),
	 * the keys and their order those of `play --format json` (MS-LOG-2) */
	ut_buf_printf(b, "{\"rng\":\"" UT_RNG_NAME "\",\"seed\":\"%" PRIu64
	              "\",\"runs\":%" PRIu64 ",\"wins\":", r->seed, r->runs);
	wins(b, r);
	ut_buf_puts(b, ",\"rates\":");
	rates(b, r);
	tell_apart(b, r);
	ut_buf_printf(b, ",\"mean_battles\":%s,\"battles_min\":%" PRId64
	              ",\"battles_max\":%" PRId64, ut_json_real(x[0], r->mean_battles),
	              r->battles_min, r->battles_max);
	ut_buf_printf(b, ",\"storms_per_duel\":%s,\"happenings_per_duel\":%s"
	              ",\"storm_damage\":{\"outfits_per_duel\":%s,"
	              "\"hp_per_duel\":%s,\"outfits_per_storm\":%s,"
	              "\"hp_per_storm\":%s}",
	              ut_json_real(x[0], r->storms_per_duel),
	              ut_json_real(x[1], r->happenings_per_duel),
	              ut_json_real(x[2], r->storm_outfits_per_duel),
	              ut_json_real(x[3], r->storm_hp_per_duel),
	              ut_json_real(x[4], r->storm_outfits_per_storm),
	              ut_json_real(x[5], r->storm_hp_per_storm));
	ut_buf_printf(b, ",\"ended_by\":{\"step6\":%" PRIu64 ",\"storm\":%"
	              PRIu64 ",\"step9\":%" PRIu64 ",\"battles\":%" PRIu64 "}",
	              r->end[MS_PT_END_STEP6], r->end[MS_PT_END_STORM],
	              r->end[MS_PT_END_STEP9], r->end[MS_PT_END_BATTLES]);
	ut_buf_puts(b, ",\"participants\":[");
	for (k = 0; k < n; k++) {
		const ms_pt_part *p = &r->parts[k];
		ut_buf_puts(b, k ? ",{\"name\":" : "{\"name\":");
		str(b, p->name);
		ut_buf_printf(b, ",\"side\":\"%s\",\"role\":\"%s\"", p->side ? "B" : "A",
		              p->role == MS_ROLE_CASTER ? "caster" : "warrior");
		if (p->role == MS_ROLE_CASTER) {
			ut_buf_printf(b, ",\"mp_mean\":%s,\"mp_min\":%" PRId64
			              ",\"mp_max\":%" PRId64 ",\"outfits_mean\":%s"
			              ",\"mp_left\":", ut_json_real(x[0], p->mp_mean),
			              p->mp_min, p->mp_max, ut_json_real(x[1], p->outfits_mean));
			hist(b, bins, &r->mp[k]);
		} else {
			ut_buf_printf(b, ",\"hp_mean\":%s,\"hp_min\":%" PRId64
			              ",\"hp_max\":%" PRId64 ",\"hp_left\":",
			              ut_json_real(x[0], p->hp_mean), p->hp_min, p->hp_max);
			hist(b, bins, &r->hp[k]);
		}
		ut_buf_puts(b, "}");
	}
	ut_buf_puts(b, "],\"histograms\":{\"battles\":");
	hist(b, bins, &r->battles);
	ut_buf_puts(b, ",\"storms\":");
	hist(b, bins, &r->storms);
	ut_buf_puts(b, "}}\n");
	return b->failed ? ut_error_set(MS_ENOMEM, "out of memory") : 0;
}

static int sw_json(ut_buf *b, const ms_sw_report *r, const char *vary)
{
	size_t i, best = ms_sw_best(r);
	char x[3][UT_JSON_REAL_MAX];

	/* docs/RANDOM.md: as a playtest's (MS-PT-OUT-2), the generator and the
	 * first seed as a decimal string */
	ut_buf_printf(b, "{\"rng\":\"" UT_RNG_NAME "\",\"seed\":\"%" PRIu64
	              "\",\"vary\":", r->nvalues ? r->pt[0].seed : 0);
	str(b, vary);
	ut_buf_printf(b, ",\"runs\":%" PRIu64, r->nvalues ? r->pt[0].runs : 0);
	/* MS-SW-BEST-1: the best value and what vs_best means */
	if (r->nvalues)
		ut_buf_printf(b, ",\"best\":{\"index\":%zu,\"value\":%" PRId64 "}",
		              best, r->values[best]);
	else
		ut_buf_puts(b, ",\"best\":null");
	ut_buf_puts(b, ",\"legend\":\"vs_best: side A's win rate minus that of "
	            "the best value (the most wins of side A, the first among "
	            "equals), with its 95% interval (Newcombe); differs: the "
	            "interval excludes 0\",\"values\":[");
	for (i = 0; i < r->nvalues; i++) {
		const ms_pt_report *p = &r->pt[i];
		ms_pt_interval d;
		double diff;
		const int differs = ms_sw_vs_best(&diff, &d, r, i, best);

		ut_buf_printf(b, "%s{\"value\":%" PRId64 ",\"wins\":", i ? "," : "",
		              r->values[i]);
		wins(b, p);
		ut_buf_puts(b, ",\"rates\":");
		rates(b, p);
		ut_buf_printf(b, ",\"vs_best\":{\"diff\":%s,\"lo\":%s,"
		              "\"hi\":%s,\"differs\":%s}",
		              ut_json_real(x[0], diff), ut_json_real(x[1], d.lo),
		              ut_json_real(x[2], d.hi), differs ? "true" : "false");
		ut_buf_printf(b, ",\"mean_battles\":%s,\"storms_per_duel\":%s,"
		              "\"happenings_per_duel\":%s}",
		              ut_json_real(x[0], p->mean_battles),
		              ut_json_real(x[1], p->storms_per_duel),
		              ut_json_real(x[2], p->happenings_per_duel));
	}
	ut_buf_puts(b, "]}\n");
	return b->failed ? ut_error_set(MS_ENOMEM, "out of memory") : 0;
}

int ms_pt_render_json(ut_buf *out, const ms_pt_report *r)
{
	int rc = ms_pt_render_args("ms_pt_render_json", out, r);

	return rc < 0 ? rc : pt_json(out, r);
}

int ms_sw_render_json(ut_buf *out, const ms_sw_report *r, const char *vary)
{
	int rc = ms_sw_render_args("ms_sw_render_json", out, r, vary);

	return rc < 0 ? rc : sw_json(out, r, vary);
}
