/*
 * chart.c - the ＨＰ of a battle's units over the turns, as an SVG chart.
 *
 * The chart is an event sink like the logs (am_chart_event as the engine's
 * on_event), sampling every unit at the start of the battle and at the end
 * of each turn (AM-TURN-1: turns 0..20).  Sample x = 0 is the start, sample
 * x = t + 1 the end of turn t.  Turns the engine skipped as idle (no event,
 * so no ＨＰ change) carry the previous sample forward.
 *
 * Two pictures:
 *   - up to CHART_LINES units in the battle: one line per unit (side 0 in
 *     blues, side 1 in reds), a cross where it died, a ring where ライフ
 *     revived it (AM-DEATH-1, AM-STATE-5);
 *   - more (ビルディア parties): one panel per side, the living ＨＰ of each
 *     unit definition of the storage stacked as areas (BU-STORE-1), so a
 *     million units cost one number per definition and turn.
 * No I/O: the SVG goes to the caller's writer.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "amaryllis/render.h"

#include "util/buf.h"
#include "util/ckd.h"
#include "util/error.h"
#include "util/msg.h"
#include "util/sink.h"
#include "util/svg.h"
#include "util/width.h"

#define CHART_LINES 12                /* more units: stacked areas */
#define CHART_X (AM_LAST_TURN + 2)    /* start + end of turns 0..20 */

struct am_chart {
	am_lang lang;
	int nx;                           /* samples taken: x < nx */
	unsigned char snap[CHART_X];      /* sample x was taken (else carried) */
	size_t units;                     /* most units seen in a sample */
	/* lines: units 0..CHART_LINES-1 */
	int64_t hp[CHART_LINES][CHART_X];
	unsigned char have[CHART_LINES][CHART_X];
	int died[CHART_LINES];            /* x of the death, or -1 */
	uint32_t revived[CHART_LINES];    /* bit x: revived by ライフ */
	int side[CHART_LINES];
	/* areas: living ＨＰ (negative counts 0) per side, definition, x */
	size_t ndefs[2];
	int64_t *area[2];                 /* ndefs[s] * CHART_X */
	int failed;                       /* out of memory in the callback */
	int ended, winner;                /* AM_EV_END seen; its side or -1 */
	int64_t turn;                     /* the turn begun last, or -1 */
};

int am_chart_new(am_chart **out, am_lang lang)
{
	am_chart *c;
	int i;

	if (!out)
		return ut_error_set(AM_EINVALID, "am_chart_new: out is NULL");
	*out = NULL;
	if (!(c = calloc(1, sizeof(*c))))
		return ut_error_set(AM_ENOMEM, "out of memory");
	c->lang = lang;
	c->turn = -1;
	for (i = 0; i < CHART_LINES; i++)
		c->died[i] = -1;
	*out = c;
	return 0;
}

void am_chart_free(am_chart *c)
{
	if (!c)
		return;
	free(c->area[0]);
	free(c->area[1]);
	free(c);
}

/* Record every unit's ＨＰ as sample x. */
static int snapshot(am_chart *c, const am_engine *e, int x)
{
	size_t n = am_engine_unit_count(e), id, d;
	int s;

	if (x < 0 || x >= CHART_X)
		return 0;
	for (s = 0; s < 2; s++) {
		const am_team *t = am_engine_team(e, s);
		if (!c->area[s] && t) {
			c->area[s] = calloc(t->nunits * CHART_X, sizeof(int64_t));
			if (!c->area[s])
				return ut_error_set(AM_ENOMEM, "out of memory");
			c->ndefs[s] = t->nunits;
		}
		for (d = 0; d < c->ndefs[s]; d++)
			c->area[s][d * CHART_X + (size_t)x] = 0;
	}
	if (n > c->units)
		c->units = n;
	for (id = 0; id < n; id++) {
		am_unit_state st;
		if (am_engine_unit(&st, e, id) < 0)
			continue;
		if (id < CHART_LINES) {
			c->side[id] = st.side;
			if (st.alive || c->died[id] < 0) {
				c->hp[id][x] = st.hp;
				c->have[id][x] = 1;
			}
			if (!st.alive && c->died[id] < 0)
				c->died[id] = x;
		}
		if (st.alive && st.hp > 0 && st.side >= 0 && st.side < 2 &&
		    st.index < c->ndefs[st.side]) {
			int64_t *a = &c->area[st.side][st.index * CHART_X + (size_t)x];
			if (ut_ckd_add(a, *a, st.hp))
				*a = INT64_MAX; /* saturates: still the top */
		}
	}
	c->snap[x] = 1;
	if (x + 1 > c->nx)
		c->nx = x + 1;
	return 0;
}

int am_chart_event(void *ud, const am_engine *e, const am_event *ev)
{
	am_chart *c = ud;
	int rc = 0;

	if (!c || !e || !ev)
		return ut_error_set(AM_EINVALID, "am_chart_event: %s is NULL",
		                    !c ? "ud" : !e ? "engine" : "ev");
	switch (ev->kind) {
	case AM_EV_TURN_BEGIN:
		if (c->nx == 0)
			rc = snapshot(c, e, 0);
		c->turn = ev->turn;
		break;
	case AM_EV_END:
		c->ended = 1;
		c->winner = (int)ev->value;
		rc = snapshot(c, e, ev->turn + 1);
		break;
	case AM_EV_TURN_END:
		rc = snapshot(c, e, ev->turn + 1);
		break;
	case AM_EV_LIFE:
		if (ev->target >= 0 && ev->target < CHART_LINES &&
		    ev->turn + 1 < CHART_X && ev->turn >= 0)
			c->revived[ev->target] |= (uint32_t)1 << (ev->turn + 1);
		break;
	default:
		break;
	}
	if (rc < 0)
		c->failed = 1;
	return rc;
}

/* Fill the samples of idle turns from the sample before them. */
static void carry(am_chart *c)
{
	int x, u;
	size_t d;

	for (x = 1; x < c->nx; x++) {
		if (c->snap[x])
			continue;
		for (u = 0; u < CHART_LINES; u++)
			if (c->have[u][x - 1] && (c->died[u] < 0 || c->died[u] > x)) {
				c->hp[u][x] = c->hp[u][x - 1];
				c->have[u][x] = 1;
			}
		for (int s = 0; s < 2; s++)
			for (d = 0; d < c->ndefs[s]; d++)
				c->area[s][d * CHART_X + (size_t)x] =
					c->area[s][d * CHART_X + (size_t)x - 1];
		c->snap[x] = 1;
	}
}

/* A step of 1, 2 or 5 × 10^k giving at most about 5 ticks over span. */
static double tick_step(double span)
{
	double step = 1;

	while (span / step > 5) {
		if (span / (step * 2) <= 5)
			return step * 2;
		if (span / (step * 5) <= 5)
			return step * 5;
		step *= 10;
	}
	return step;
}

static const char *const blues[] = {"#1f5fbf", "#4a90d9", "#0b3d91",
                                    "#6fa8dc", "#2e86ab", "#5b5ea6"};
static const char *const reds[] = {"#c0392b", "#e67e22", "#8e1b10",
                                   "#e74c3c", "#d35400", "#a93226"};

/* Plot area geometry. */
typedef struct frame {
	double left, top, width, height, ymin, ymax;
	int nx;
} frame;

static double fx(const frame *f, int x)
{
	return f->left + (f->nx > 1 ? f->width * x / (f->nx - 1) : 0);
}

static double fy(const frame *f, double v)
{
	return f->top + f->height * (f->ymax - v) / (f->ymax - f->ymin);
}

/* Axes, grid and labels of a frame.  The x axis is the turns: turn t
 * (AM-TURN-1) spans samples t (its start) to t + 1 (its end), so its
 * number sits between them, under a tick at each end of a turn. */
static void axes(ut_buf *b, const frame *f, ut_lang ul)
{
	static const ut_msg turn = {{
		"ターン（点は各ターン終了時のＨＰ、左端は戦闘開始時）",
		"turn (points: HP at the end of each turn; left edge: the start)"}};
	double step = tick_step(f->ymax - f->ymin), v;
	int x;

	for (v = step * (double)(long long)(f->ymin / step); v <= f->ymax;
	     v += step) {
		if (v < f->ymin)
			continue;
		ut_buf_printf(b, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" "
		              "y2=\"%.1f\" stroke=\"%s\"/>\n", f->left, fy(f, v),
		              f->left + f->width, fy(f, v),
		              v == 0 ? "#888" : "#e4e4e4");
		ut_buf_printf(b, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"end\">"
		              "%.0f</text>\n", f->left - 4, fy(f, v) + 4, v);
	}
	for (x = 0; x < f->nx; x++)
		ut_buf_printf(b, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" "
		              "y2=\"%.1f\" stroke=\"#888\"/>\n", fx(f, x),
		              f->top + f->height, fx(f, x), f->top + f->height + 4);
	for (x = 1; x < f->nx; x++)
		ut_buf_printf(b, "<text x=\"%.1f\" y=\"%.1f\" "
		              "text-anchor=\"middle\">%d</text>\n",
		              (fx(f, x - 1) + fx(f, x)) / 2, f->top + f->height + 15,
		              x - 1);
	ut_buf_printf(b, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">%s"
	              "</text>\n", f->left + f->width / 2, f->top + f->height + 30,
	              ut_msg_text(&turn, ul));
	ut_buf_printf(b, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" "
	              "height=\"%.1f\" fill=\"none\" stroke=\"#888\"/>\n",
	              f->left, f->top, f->width, f->height);
	/* a hidden marker per sample, for a viewer that steps through the
	 * battle (the web page shows the one of the turn on screen) */
	for (x = 0; x < f->nx; x++)
		ut_buf_printf(b, "<line class=\"turn-mark\" data-x=\"%d\" "
		              "x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" "
		              "stroke=\"#f0a000\" stroke-width=\"2\" "
		              "visibility=\"hidden\"/>\n", x, fx(f, x), f->top,
		              fx(f, x), f->top + f->height);
}

/* Append unit u's legend name, raw (ut_svg_text escapes it): "A グリスク",
 * with " (k)" when an earlier unit of its side has the same name (the k-th
 * of that name). */
static void legend_name(ut_buf *b, const am_chart *c, const am_engine *e,
                        size_t u)
{
	am_unit_state st, o;
	size_t v, k = 1;

	if (am_engine_unit(&st, e, u) < 0)
		return;
	ut_buf_printf(b, "%c ", c->side[u] ? 'B' : 'A');
	ut_buf_puts(b, st.name);
	for (v = 0; v < u; v++)
		if (am_engine_unit(&o, e, v) == 0 && o.side == st.side &&
		    strcmp(o.name, st.name) == 0)
			k++;
	if (k > 1)
		ut_buf_printf(b, " (%zu)", k);
}

/* How many samples unit u has. */
static int samples(const am_chart *c, size_t u)
{
	int x, n = 0;

	for (x = 0; x < c->nx; x++)
		n += c->have[u][x] != 0;
	return n;
}

static void lines(ut_buf *b, const am_chart *c, const am_engine *e,
                  ut_lang ul, double width)
{
	static const ut_msg died = {{"× 死亡", "× died"}};
	static const ut_msg revived = {{"○ ライフで復活", "○ revived by life"}};
	frame f = {60, 40, width - 60 - 170, 260, 0, 1, c->nx};
	size_t u, n = c->units < CHART_LINES ? c->units : CHART_LINES;
	int x, k[2] = {0, 0};

	for (u = 0; u < n; u++)
		for (x = 0; x < c->nx; x++)
			if (c->have[u][x]) {
				double v = (double)c->hp[u][x];
				if (v > f.ymax)
					f.ymax = v;
				if (v < f.ymin)
					f.ymin = v;
			}
	f.ymax += (f.ymax - f.ymin) * 0.05;
	axes(b, &f, ul);
	for (u = 0; u < n; u++) {
		int s = c->side[u] ? 1 : 0, first = 1, last = -1;
		const char *col = s ? reds[k[1]++ % 6] : blues[k[0]++ % 6];
		/* data-hp: the samples themselves, start first (for tests and
		 * scripts that read the picture) */
		ut_buf_printf(b, "<polyline class=\"hp side%d\" data-unit=\"%zu\" "
		              "data-hp=\"", s, u);
		for (x = 0; x < c->nx; x++)
			if (c->have[u][x])
				ut_buf_printf(b, "%s%lld", first ? "" : " ",
				              (long long)c->hp[u][x]), first = 0;
		first = 1;
		ut_buf_printf(b, "\" fill=\"none\" stroke=\"%s\" stroke-width=\"2\" "
		              "points=\"", col);
		for (x = 0; x < c->nx; x++)
			if (c->have[u][x]) {
				ut_buf_printf(b, "%s%.1f,%.1f", first ? "" : " ",
				              fx(&f, x), fy(&f, (double)c->hp[u][x]));
				first = 0;
				last = x;
			}
		ut_buf_puts(b, "\"/>\n");
		/* a unit with one sample (built in the turn a battle stopped
		 * in) has no line to draw: a dot */
		if (first == 0 && samples(c, u) == 1)
			ut_buf_printf(b, "<circle class=\"hp side%d\" data-unit=\"%zu\" "
			              "cx=\"%.1f\" cy=\"%.1f\" r=\"3\" fill=\"%s\"/>\n",
			              s, u, fx(&f, last), fy(&f, (double)c->hp[u][last]),
			              col);
		for (x = 0; x < c->nx; x++)
			if (c->revived[u] >> x & 1)
				ut_buf_printf(b, "<circle class=\"revival\" data-x=\"%d\" "
				              "cx=\"%.1f\" "
				              "cy=\"%.1f\" r=\"6\" fill=\"none\" "
				              "stroke=\"%s\" stroke-width=\"2\"/>\n",
				              x, fx(&f, x), fy(&f, 1), col);
		if (c->died[u] >= 0 && last >= 0) {
			double px = fx(&f, last), py = fy(&f, (double)c->hp[u][last]);
			ut_buf_printf(b, "<path class=\"death\" data-x=\"%d\" d=\"M%.1f "
			              "%.1fl10 10m0 -10l-10 10\" stroke=\"%s\" "
			              "stroke-width=\"2.5\"/>\n", last, px - 5, py - 5,
			              col);
		}
		/* legend */
		ut_buf_printf(b, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" "
		              "y2=\"%.1f\" stroke=\"%s\" stroke-width=\"3\"/>\n",
		              f.left + f.width + 12, 48 + 18.0 * (double)u,
		              f.left + f.width + 32, 48 + 18.0 * (double)u, col);
		{
			/* squeezed a little, or cut with its whole name on
			 * hover (ut_svg_text) */
			ut_buf lab = UT_BUF_INIT;
			legend_name(&lab, c, e, u);
			if (lab.failed)
				b->failed = 1;
			else
				ut_svg_text(b, f.left + f.width + 36,
				            52 + 18.0 * (double)u, 11, "start", NULL,
				            width - (f.left + f.width + 36) - 4,
				            lab.ptr ? lab.ptr : "");
			ut_buf_free(&lab);
		}
	}
	ut_buf_printf(b, "<text x=\"%.1f\" y=\"%.1f\" fill=\"#555\">%s%s%s"
	              "</text>\n", f.left, f.top + f.height + 48,
	              ut_msg_text(&died, ul), UT_TRL(ul, "　", " · "),
	              ut_msg_text(&revived, ul));
}

/* One panel per side: the living ＨＰ of each definition, stacked. */
static int areas(ut_buf *b, const am_chart *c, const am_engine *e,
                 ut_lang ul, double width)
{
	static const ut_msg units = {{
		"最大%zu体：線では多すぎるので、ユニットの定義ごとに生きている"
		"ユニットのＨＰの合計を積み上げ",
		"up to %zu units: too many for lines, so the HP of the living "
		"units of each definition is summed and stacked"}};
	int s, x;
	size_t d;

	for (s = 0; s < 2; s++) {
		const am_team *t = am_engine_team(e, s);
		frame f = {70, 50 + 200.0 * s, width - 70 - 170, 150, 0, 1, c->nx};
		double *base = calloc((size_t)CHART_X, sizeof(double));
		if (!base)
			return ut_error_set(AM_ENOMEM, "out of memory");
		for (x = 0; x < c->nx; x++) {
			double sum = 0;
			for (d = 0; d < c->ndefs[s]; d++)
				sum += (double)c->area[s][d * CHART_X + (size_t)x];
			if (sum > f.ymax)
				f.ymax = sum;
		}
		f.ymax *= 1.05;
		axes(b, &f, ul);
		ut_buf_printf(b, "<text x=\"%.1f\" y=\"%.1f\" font-weight=\"bold\">"
		              "%c: ", f.left + 4, f.top - 6, s ? 'B' : 'A');
		if (t)
			ut_buf_xml(b, t->units[0].name);
		ut_buf_puts(b, "</text>\n");
		for (d = 0; d < c->ndefs[s]; d++) {
			const char *col = s ? reds[d % 6] : blues[d % 6];
			ut_buf_printf(b, "<polygon class=\"area side%d\" data-def=\"%zu\" "
			              "data-hp=\"", s, d);
			for (x = 0; x < c->nx; x++)
				ut_buf_printf(b, "%s%lld", x ? " " : "",
				              (long long)c->area[s][d * CHART_X + (size_t)x]);
			ut_buf_printf(b, "\" fill=\"%s\" fill-opacity=\"0.75\" "
			              "stroke=\"%s\" points=\"", col, col);
			for (x = 0; x < c->nx; x++)
				ut_buf_printf(b, "%.1f,%.1f ", fx(&f, x),
				              fy(&f, base[x] + (double)c->area[s][d * CHART_X + (size_t)x]));
			for (x = c->nx - 1; x >= 0; x--)
				ut_buf_printf(b, "%.1f,%.1f ", fx(&f, x), fy(&f, base[x]));
			ut_buf_puts(b, "\"/>\n");
			for (x = 0; x < c->nx; x++)
				base[x] += (double)c->area[s][d * CHART_X + (size_t)x];
			ut_buf_printf(b, "<rect x=\"%.1f\" y=\"%.1f\" width=\"14\" "
			              "height=\"10\" fill=\"%s\"/>\n",
			              f.left + f.width + 12, f.top + 4 + 16.0 * (double)d,
			              col);
			ut_svg_text(b, f.left + f.width + 30,
			            f.top + 13 + 16.0 * (double)d, 11, "start",
			            NULL, width - (f.left + f.width + 30) - 4,
			            t && d < t->nunits ? t->units[d].name : "");
			if (d >= 7 && d + 1 < c->ndefs[s]) {
				ut_buf_printf(b, "<text x=\"%.1f\" y=\"%.1f\">…</text>\n",
				              f.left + f.width + 30,
				              f.top + 29 + 16.0 * (double)d);
				/* the other definitions are still drawn, unnamed */
				for (d++; d < c->ndefs[s]; d++) {
					for (x = 0; x < c->nx; x++)
						base[x] += (double)c->area[s][d * CHART_X + (size_t)x];
				}
				break;
			}
		}
		free(base);
	}
	ut_buf_puts(b, "<text x=\"70\" y=\"452\" fill=\"#555\">");
	ut_buf_printf(b, ut_msg_text(&units, ul), c->units);
	ut_buf_puts(b, "</text>\n");
	return 0;
}

/* After the title: "　—　B ヌトの勝利" or "　—　引き分け" (AM_EV_END's
 * side; a side is named by its entry unit, as the log does), or
 * "　—　中断" for a battle that did not reach its end. */
static void winner(ut_buf *b, const am_chart *c, const am_engine *e,
                   ut_lang ul)
{
	static const ut_msg wins = {{"　—　%c %sの勝利", " — %c %s wins"}};
	static const ut_msg draw = {{"　—　引き分け", " — a draw"}};
	const am_team *t = c->winner == 0 || c->winner == 1
	                   ? am_engine_team(e, c->winner) : NULL;
	static const ut_msg stopped = {{"　—　中断", " — stopped"}};

	if (!c->ended) {
		ut_buf_puts(b, ut_msg_text(&stopped, ul));
		return;
	}
	if (!t) {
		ut_buf_puts(b, ut_msg_text(&draw, ul));
		return;
	}
	ut_buf_printf(b, ut_msg_text(&wins, ul), c->winner ? 'B' : 'A',
	              t->units[0].name);
}

static int chart_svg(am_chart *c, const am_engine *e, am_write_fn write,
                     void *ud)
{
	static const ut_msg title = {{"ＨＰの推移", "HP over the turns"}};
	const ut_lang ul = (ut_lang)c->lang;
	const int stacked = c->units > CHART_LINES;
	const double width = 720, height = stacked ? 462 : 372;
	ut_buf b = UT_BUF_INIT;
	ut_sink sink;
	int rc = 0;

	if (c->failed)
		return ut_error_set(AM_ENOMEM, "out of memory");
	/* a battle stopped in turn t (an error, --max-units: no end event)
	 * is drawn up to the stop: the units as they are now, as turn t's
	 * sample (docs/PLAYING.md) */
	if (!c->ended && c->turn >= 0 && c->turn + 1 < CHART_X &&
	    (c->turn + 1 >= c->nx || !c->snap[c->turn + 1]) &&
	    snapshot(c, e, (int)c->turn + 1) < 0)
		return -1;
	carry(c);
	ut_sink_init(&sink, &b, write, ud, "the chart");
	ut_buf_printf(&b,
	              "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"am-chart\" "
	              "width=\"%.0f\" height=\"%.0f\" viewBox=\"0 0 %.0f %.0f\" "
	              "font-family=\"sans-serif\" font-size=\"11\">\n"
	              "<rect width=\"100%%\" height=\"100%%\" fill=\"#fff\"/>\n",
	              width, height, width, height);
	{
		ut_buf lab = UT_BUF_INIT;
		ut_buf_puts(&lab, ut_msg_text(&title, ul));
		winner(&lab, c, e, ul);
		if (lab.failed)
			b.failed = 1;
		else
			ut_svg_text(&b, 60, 22, 15, "start", NULL, width - 60 - 10,
			            lab.ptr);
		ut_buf_free(&lab);
	}
	if (c->nx > 0) {
		if (stacked)
			rc = areas(&b, c, e, ul, width);
		else
			lines(&b, c, e, ul, width);
	}
	ut_buf_puts(&b, "</svg>\n");
	if (rc == 0 && b.failed)
		rc = ut_error_set(AM_ENOMEM, "out of memory");
	if (rc == 0)
		rc = ut_sink_flush(&sink, 1);
	ut_buf_free(&b);
	return rc;
}

int am_chart_svg(am_chart *c, const am_engine *e, am_write_fn write, void *ud)
{
	if (!c)
		return ut_error_set(AM_EINVALID, "am_chart_svg: chart is NULL");
	if (!e)
		return ut_error_set(AM_EINVALID,
		                    "am_chart_svg: engine is NULL");
	if (!write)
		return ut_error_set(AM_EINVALID, "am_chart_svg: write is NULL");
	return chart_svg(c, e, write, ud);
}
