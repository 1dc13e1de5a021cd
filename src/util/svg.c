/* svg.c - util/svg.h: the shared pieces of the systems' SVG charts. */
#include "util/svg.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "util/width.h"

double ut_svg_step(double span, int most)
{
	double step = 1;

	if (most < 1)
		most = 1;
	if (!(span > 0) || !isfinite(span))
		return 1;
	for (;;) {
		if (span / step <= most)
			return step;
		if (span / (step * 2) <= most)
			return step * 2;
		if (span / (step * 5) <= most)
			return step * 5;
		step *= 10;
	}
}

void ut_svg_open(ut_buf *b, int width, int height)
{
	ut_buf_printf(b, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
	              "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" "
	              "height=\"%d\" viewBox=\"0 0 %d %d\" "
	              "font-family=\"sans-serif\">\n"
	              "<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>\n",
	              width, height, width, height);
}

/* How far a text may be squeezed (textLength) and stay readable. */
#define SQUEEZE_MAX 1.6

void ut_svg_text(ut_buf *b, double x, double y, int size, const char *anchor,
                 const char *attrs, double maxw, const char *s)
{
	/* a wide character is about one em, a narrow one about 0.6 em */
	double em = 0.6 * size, est = em * (double)ut_width(s, strlen(s));
	size_t keep = strlen(s);

	/* beyond a readable squeeze: cut, "…", the whole text on hover
	 * (review 2026-12-06: a long name became a grey smear) */
	if (maxw > 0 && est > SQUEEZE_MAX * maxw) {
		double cols = SQUEEZE_MAX * maxw / em - 1; /* the "…" */
		keep = ut_width_cut(s, keep, cols > 1 ? (size_t)cols : 1);
		est = em * ((double)ut_width(s, keep) + 1);
	}
	ut_buf_printf(b, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"%d\" "
	              "text-anchor=\"%s\"", x, y, size, anchor);
	if (attrs)
		ut_buf_printf(b, " %s", attrs);
	if (maxw > 0 && est > maxw)
		ut_buf_printf(b, " textLength=\"%.0f\" "
		              "lengthAdjust=\"spacingAndGlyphs\"", maxw);
	ut_buf_puts(b, ">");
	if (keep < strlen(s)) {
		ut_buf_puts(b, "<title>");
		ut_buf_xml(b, s);
		ut_buf_puts(b, "</title>");
		ut_buf_xml_n(b, s, keep);
		ut_buf_puts(b, "\xe2\x80\xa6"); /* … */
	} else {
		ut_buf_xml(b, s);
	}
	ut_buf_puts(b, "</text>\n");
}

/* "%g"-like text of a round tick value (integers print without a dot). */
static void num(char *out, size_t n, double v)
{
	if (v == 0)
		v = 0; /* not "-0" (ceil(-0.5) is -0.0) */
	if (fabs(v) < 1e15 && v == floor(v))
		snprintf(out, n, "%.0f", v);
	else
		snprintf(out, n, "%.3g", v);
}

/* The count axis: 0 … top in round steps, at least three ticks (0, s,
 * 2s): returns top. */
static double count_axis(double most)
{
	double step = ut_svg_step(most, 4), top;

	top = step * ceil(most / step);
	if (top < 2 * step)
		top = 2 * step;
	return top;
}

void ut_svg_hist_panel(ut_buf *b, double x0, double y0, double w, double h,
                       const ut_svg_hist *p)
{
	const double left = x0 + 56, right = x0 + w - 14;
	const double top = y0 + 40, base = y0 + h - 40;
	const double pw = right - left, ph = base - top;
	double vmin, vmax, most = 0, ymax, ystep, span, unit, step, t;
	size_t i;
	char tmp[64];

	if (p->nb == 0)
		return;
	vmin = (double)p->bins[0].lo;
	vmax = (double)p->bins[p->nb - 1].hi;
	if (p->zero_label) {
		if (vmin > 0)
			vmin = 0;
		if (vmax < 0)
			vmax = 0;
	}
	span = vmax + 1 - vmin; /* each value is one unit wide */
	unit = pw / span;
#define X(v) (left + ((double)(v) - vmin) * unit)
#define Y(c) (base - ph * (double)(c) / ymax)
	for (i = 0; i < p->nb; i++)
		if ((double)p->bins[i].count > most)
			most = (double)p->bins[i].count;
	ymax = count_axis(most);
	ystep = ut_svg_step(most, 4);
	ut_buf_puts(b, "<g class=\"panel\">\n");
	ut_svg_text(b, x0 + 8, y0 + 16, 13, "start", "font-weight=\"bold\"",
	            w - 16, p->title);
	/* the "≤ 0" zone: values vmin … 0 */
	if (p->zero_label && vmin <= 0) {
		ut_buf_printf(b, "<rect class=\"zero\" x=\"%.1f\" y=\"%.1f\" "
		              "width=\"%.1f\" height=\"%.1f\" fill=\"#eeeeee\"/>\n",
		              left, top, X(1) - left, ph);
		ut_buf_printf(b, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" "
		              "y2=\"%.1f\" stroke=\"#555\" stroke-dasharray=\"4 3\"/>\n",
		              X(1), top - 14, X(1), base);
		/* the label on the wider side of the line */
		if (right - X(1) >= X(1) - left)
			ut_svg_text(b, X(1) + 3, top - 5, 10, "start",
			            "fill=\"#444\"", right - X(1) - 6, p->zero_label);
		else
			ut_svg_text(b, X(1) - 3, top - 5, 10, "end",
			            "fill=\"#444\"", X(1) - left - 6, p->zero_label);
	}
	/* count grid and ticks */
	for (t = 0; t <= ymax + ystep / 2; t += ystep) {
		ut_buf_printf(b, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" "
		              "y2=\"%.1f\" stroke=\"%s\"/>\n", left, Y(t), right,
		              Y(t), t == 0 ? "black" : "#dddddd");
		num(tmp, sizeof tmp, t);
		ut_svg_text(b, left - 5, Y(t) + 4, 11, "end", NULL, 0, tmp);
	}
	ut_buf_printf(b, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" "
	              "stroke=\"black\"/>\n", left, top, left, base);
	/* bars */
	for (i = 0; i < p->nb; i++) {
		const ut_bin *bi = &p->bins[i];
		double xa = X(bi->lo), xb = X((double)bi->hi + 1);
		double bh = ph * (double)bi->count / ymax;
		double gap = xb - xa > 4 ? 1 : 0;
		ut_buf_printf(b, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" "
		              "height=\"%.1f\" fill=\"%s\"><title>%lld",
		              xa + gap, base - bh, xb - xa - 2 * gap, bh, p->fill,
		              (long long)bi->lo);
		if (bi->hi != bi->lo)
			ut_buf_printf(b, "–%lld", (long long)bi->hi);
		ut_buf_printf(b, ": %llu</title></rect>\n",
		              (unsigned long long)bi->count);
	}
	/* value ticks: round values, at the middle of their unit */
	step = ut_svg_step(vmax - vmin, (int)(pw / 45) > 1 ? (int)(pw / 45) : 1);
	for (t = step * ceil(vmin / step); t <= vmax; t += step) {
		double x = X(t) + unit / 2;
		ut_buf_printf(b, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" "
		              "y2=\"%.1f\" stroke=\"black\"/>\n", x, base, x,
		              base + 4);
		num(tmp, sizeof tmp, t);
		ut_svg_text(b, x, base + 16, 11, "middle", NULL, 0, tmp);
	}
	ut_svg_text(b, (left + right) / 2, base + 32, 12, "middle", NULL, pw,
	            p->xname);
	ut_buf_printf(b, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"12\" "
	              "text-anchor=\"middle\" transform=\"rotate(-90 %.1f %.1f)\">",
	              x0 + 14, (top + base) / 2, x0 + 14, (top + base) / 2);
	ut_buf_xml(b, p->yname);
	ut_buf_puts(b, "</text>\n</g>\n");
#undef X
#undef Y
}

double ut_svg_shares(ut_buf *b, double x0, double y0, double w,
                     const char *title, const ut_svg_share *s, size_t n,
                     const char *note)
{
	const double label_w = 150, value_w = 170, row = 26;
	const double left = x0 + label_w, right = x0 + w - value_w;
	const double pw = right - left, top = y0 + 28;
	const double base = top + row * (double)n;
	size_t i;
	int t;
	char tmp[96];

#define X(p) (left + pw * (p))
	ut_buf_puts(b, "<g class=\"shares\">\n");
	ut_svg_text(b, x0 + 8, y0 + 16, 14, "start", "font-weight=\"bold\"",
	            w - 16, title);
	for (t = 0; t <= 100; t += 25) {
		ut_buf_printf(b, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" "
		              "y2=\"%.1f\" stroke=\"%s\"%s/>\n", X(t / 100.0), top,
		              X(t / 100.0), base, t == 0 ? "black" : "#cccccc",
		              t == 50 ? " stroke-dasharray=\"4 3\"" : "");
		snprintf(tmp, sizeof tmp, "%d%%", t);
		ut_svg_text(b, X(t / 100.0), base + 14, 11, "middle", NULL, 0, tmp);
	}
	for (i = 0; i < n; i++) {
		double y = top + row * (double)i, mid = y + row / 2;
		ut_svg_text(b, left - 8, mid + 4, 12, "end", NULL, label_w - 16,
		            s[i].label);
		ut_buf_printf(b, "<rect class=\"share\" x=\"%.1f\" y=\"%.1f\" "
		              "width=\"%.1f\" height=\"%.1f\" fill=\"%s\">"
		              "<title>%llu: %.1f%% (95%%: %.1f–%.1f%%)</title>"
		              "</rect>\n", left, y + 5, pw * s[i].rate, row - 10,
		              s[i].fill, (unsigned long long)s[i].k,
		              100 * s[i].rate, 100 * s[i].ci.lo, 100 * s[i].ci.hi);
		/* the interval: a whisker with end caps */
		ut_buf_printf(b, "<path class=\"ci\" d=\"M%.1f %.1fH%.1fM%.1f "
		              "%.1fV%.1fM%.1f %.1fV%.1f\" stroke=\"black\" "
		              "stroke-width=\"1.5\" fill=\"none\"/>\n",
		              X(s[i].ci.lo), mid, X(s[i].ci.hi), X(s[i].ci.lo),
		              mid - 6, mid + 6, X(s[i].ci.hi), mid - 6, mid + 6);
		snprintf(tmp, sizeof tmp, "%.1f%% (%.1f–%.1f%%)", 100 * s[i].rate,
		         100 * s[i].ci.lo, 100 * s[i].ci.hi);
		ut_svg_text(b, right + 8, mid + 4, 12, "start", NULL, value_w - 12,
		            tmp);
	}
	if (note)
		ut_svg_text(b, left, base + 30, 11, "start", "fill=\"#444\"",
		            x0 + w - left - 8, note);
	ut_buf_puts(b, "</g>\n");
#undef X
	return base + (note ? 38 : 22) - y0;
}
