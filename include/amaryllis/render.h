/*
 * amaryllis/render.h - battle logs as text (Japanese or English) and JSON.
 *
 * A log is an event sink: pass am_log_event as the engine's on_event with the
 * log as user data, then call am_log_finish.  The log does no I/O itself; it
 * hands its output to a writer callback in chunks (or keeps it all when the
 * writer is NULL, see am_log_text).
 */
#ifndef AMARYLLIS_RENDER_H
#define AMARYLLIS_RENDER_H

#include <stddef.h>

#include "common.h"
#include "engine.h"
#include "league.h"
#include "sheet.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum am_log_format {
	AM_LOG_TEXT = 0, /**< the log of the rules' worked example */
	AM_LOG_JSON = 1  /**< one JSON document (see README) */
} am_log_format;

/** Receives output; return 0 to go on, non-zero to stop (I/O error). */
typedef int (*am_write_fn)(void *ud, const char *data, size_t len);

typedef struct am_log am_log;

/**
 * Create a log.
 * @param write  NULL to keep everything in memory
 * @return 0; AM_EINVALID when out is NULL; AM_ENOMEM
 */
int am_log_new(am_log **out, am_log_format format, am_lang lang,
               am_write_fn write, void *write_ud);

/** Free a log; NULL is fine. */
void am_log_free(am_log *log);

/** The engine callback (ud = the am_log).
 * @return 0; AM_EINVALID when ud, engine or ev is NULL; AM_ENOMEM or
 *         AM_ERROR (the writer failed) */
int am_log_event(void *ud, const am_engine *engine, const am_event *ev);

/**
 * Finish the log after am_battle_run returned `rc`: writes the result (or,
 * when rc < 0, the error reached after the partial log) and flushes.
 * @return 0, or AM_ERROR when the writer failed, AM_ENOMEM; AM_EINVALID
 *         when log, engine or result is NULL
 */
int am_log_finish(am_log *log, const am_engine *engine,
                  const am_result *result, int rc);

/** Everything written so far when the writer is NULL (borrowed). */
const char *am_log_text(const am_log *log, size_t *len);

/* ---- leagues ------------------------------------------------------------ */

/** Formats of league standings. */
typedef enum am_table_format {
	AM_TABLE_TEXT = 0, /**< aligned columns for people */
	AM_TABLE_CSV = 1,
	AM_TABLE_JSON = 2  /**< {"standings": [...], "rejected": [...]} */
} am_table_format;

/** A finished league and what is needed to show it. */
typedef struct am_league_view {
	const am_league *league;
	const am_standing *standings;   /**< rank order, am_league_size lines */
	const char *const *names;       /**< by entry */
	const char *const *files;       /**< by entry */
	size_t nrejected;
	const char *const *rejected_files;
	const char *const *rejected_errors; /**< their diagnostics, one per line */
} am_league_view;

/**
 * Why a battle stopped (msg: the engine's English am_error_last() after
 * am_battle_run failed, or a league's am_league_stop) in lang: each message
 * the engine stops a battle with has its Japanese text (ユニット数が上限の
 * 3体を超えるため); any other msg is written as it is.  Written like
 * snprintf into buf (cut to size − 1 bytes, NUL-terminated when size > 0).
 * @return the length of the whole text
 */
size_t am_render_stop(char *buf, size_t size, const char *msg, am_lang lang);

/**
 * The standings (rank, name, file, wins, draws, losses, points, margin).
 * CSV (here and in the cross table): fields quoted as RFC 4180 says when
 * they hold a comma, a quote or a line end; a name or file starting with
 * =, +, -, @, TAB or CR gets a ' in front (OWASP, CSV injection), so that
 * a spreadsheet shows it as text, not a formula.
 * Here and in the cross table and the heat map: 0; AM_EINVALID when view
 * or write is NULL; AM_ERROR when the writer failed; AM_ENOMEM.
 */
int am_render_standings(const am_league_view *view, am_table_format format,
                        am_lang lang, am_write_fn write, void *write_ud);

/**
 * The cross table as CSV in rank order: a header of names, then per entry
 * its outcome against each other entry: W, D, L, E (error) or - (itself).
 * Needs a league run with keep_table.
 */
int am_render_cross_table(const am_league_view *view, am_write_fn write,
                          void *write_ud);

/**
 * The cross table as an SVG heat map in rank order, colour-blind safe
 * (blue win, grey draw, orange loss), with a swatch legend and each
 * pair's names on hover.  Leagues of more than 120 entries are drawn in
 * blocks, each coloured by the share of points its row entries took.
 */
int am_render_heatmap(const am_league_view *view, am_lang lang,
                      am_write_fn write, void *write_ud);

/* ---- sheets ------------------------------------------------------------- */

/**
 * The verdict on a parsed sheet as one JSON document (`check --format json`,
 * POST /api/check): {"ok", "errors": [{"line", "col", "message"}],
 * "more_errors", "normalised", "cost": {"units": [{"name", "bonus",
 * "stored_bonus", "love", "tech", "used"}], "actions": [{"name", "class",
 * "cost"}]}} ("normalised" and "cost" are null for an illegal sheet;
 * "bonus" is 10 for the entry unit, 愛 included, "stored_bonus" the
 * sheet's （Ｓ）/（Ｂ）, "love" the 愛).  Messages are am_diag_format's.
 * @return 0; AM_EINVALID when sheet or write is NULL; AM_ERROR when the
 *         writer failed; AM_ENOMEM
 */
int am_render_check(const am_sheet *sheet, am_lang lang, am_write_fn write,
                    void *write_ud);

/* ---- the ＨＰ chart of a battle ----------------------------------------- */

/**
 * The ＨＰ of every unit over the turns, drawn as SVG: one line per unit
 * (deaths and ライフ revivals marked) while the battle holds at most 12
 * units, else one panel per side with the living ＨＰ of each unit
 * definition stacked as areas (ビルディア parties).  An event sink like
 * am_log: pass am_chart_event as on_event (several sinks: call each from
 * one callback), then draw with am_chart_svg.
 */
typedef struct am_chart am_chart;

/** Create a chart whose labels are in `lang`.
 * @return 0; AM_EINVALID when out is NULL; AM_ENOMEM */
int am_chart_new(am_chart **out, am_lang lang);

/** Free a chart; NULL is fine. */
void am_chart_free(am_chart *chart);

/** The engine callback (ud = the am_chart).
 * @return 0; AM_EINVALID when ud, engine or ev is NULL; AM_ENOMEM */
int am_chart_event(void *ud, const am_engine *engine, const am_event *ev);

/**
 * Write the chart of the battle last run on `engine` (the one whose events
 * the chart received) as one SVG document to `write` (not NULL).  Its
 * title says who won; a battle without its end event (stopped by an
 * error or a limit) is titled `ＨＰの推移　—　中断` / `HP over the turns —
 * stopped`, so that the picture alone does not pass for a whole battle.
 * @return 0, AM_ENOMEM, or AM_ERROR when the writer failed; AM_EINVALID
 *         when chart, engine or write is NULL
 */
int am_chart_svg(am_chart *chart, const am_engine *engine, am_write_fn write,
                 void *write_ud);

#ifdef __cplusplus
}
#endif

#endif
