/*
 * util/svg.h - the pieces the rule systems' SVG charts share (megami's
 * Monte Carlo, manastorm's playtests and sweeps): round tick steps, text
 * that never runs out of its box, a histogram panel with round ticks and
 * a marked "≤ 0" zone, and a panel of shares with their 95% intervals.
 * Everything is appended to a ut_buf; no I/O.  The pictures are described
 * in docs/MEGAMI.md ("Monte Carlo") and docs/MANASTORM.md ("Playtests",
 * "Sweeps").
 */
#ifndef UT_SVG_H
#define UT_SVG_H

#include <stddef.h>
#include <stdint.h>

#include "buf.h"
#include "stats.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * A round step for ticks over span ≥ 0: the smallest of 1, 2, 5, 10, 20,
 * 50, … with span / step ≤ most (most ≥ 1).
 */
double ut_svg_step(double span, int most);

/** The XML declaration, the opening <svg> of width × height (its
 *  viewBox the same) and a white background. */
void ut_svg_open(ut_buf *b, int width, int height);

/**
 * A <text> at (x, y) of font size `size`, anchored `anchor` (start,
 * middle, end), with extra attributes `attrs` (may be NULL); s is escaped.
 * When s would be wider than maxw (> 0; estimated from its display width,
 * util/width.h), it is squeezed into maxw (textLength).
 */
void ut_svg_text(ut_buf *b, double x, double y, int size, const char *anchor,
                 const char *attrs, double maxw, const char *s);

/** A histogram panel (ut_svg_hist_panel). */
typedef struct ut_svg_hist {
	const char *title;   /**< above the plot */
	const char *xname, *yname; /**< the axes' names */
	const char *fill;    /**< the bars' colour */
	const ut_bin *bins;  /**< ut_histogram's bars, nb ≥ 1 */
	size_t nb;
	/** Non-NULL: the x range reaches 0 and values ≤ 0 are shaded, with
	 *  this label (e.g. "HP ≤ 0: 戦闘不能"). */
	const char *zero_label;
} ut_svg_hist;

/**
 * Draw a histogram in the box (x0, y0, w, h), w ≥ 200, h ≥ 150: its
 * title, the bars on a value axis (each value one step wide; ticks on
 * round values, 0 among them when it is in range), a count axis from 0
 * with at least three round ticks and grid lines, and the axis names.
 */
void ut_svg_hist_panel(ut_buf *b, double x0, double y0, double w, double h,
                       const ut_svg_hist *p);

/** One row of a share panel. */
typedef struct ut_svg_share {
	const char *label;   /**< e.g. "PCの勝利" */
	uint64_t k;          /**< the runs it counts */
	double rate;         /**< k / n */
	ut_interval ci;      /**< its 95% interval */
	const char *fill;
} ut_svg_share;

/**
 * Draw n rows of shares of n_runs runs in the box (x0, y0, w, …) under
 * `title`: per row its label, a bar of the share on a 0–100% axis with
 * the 95% interval as a whisker, and "47.0% (38.1–56.0%)" after it;
 * `note` (may be NULL) under the axis.  Returns the height used.
 */
double ut_svg_shares(ut_buf *b, double x0, double y0, double w,
                     const char *title, const ut_svg_share *s, size_t n,
                     const char *note);

#ifdef __cplusplus
}
#endif

#endif
