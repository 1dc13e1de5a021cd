/*
 * standings.c - league results for people and machines: standings as text,
 * CSV or JSON (jansson), the cross table as CSV, and an SVG heat map.
 * Output goes through the caller's writer in chunks; nothing here does I/O.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "amaryllis/render.h"

#include "util/buf.h"
#include "util/error.h"
#include "util/msg.h"
#include "util/sink.h"
#include "util/width.h"
#include "util/json.h"
#include "util/utf8.h"

/* The output of one rendering: text is built in b and handed to the
 * caller's writer through sink. */
typedef struct out {
	ut_buf b;
	ut_sink sink;
} out;

static void start(out *o, am_write_fn write, void *ud)
{
	o->b = (ut_buf)UT_BUF_INIT;
	ut_sink_init(&o->sink, &o->b, write, ud, "the output");
}

static int flush(out *o, int force)
{
	return ut_sink_flush(&o->sink, force);
}

static int finish(out *o)
{
	int rc = flush(o, 1);
	ut_buf_free(&o->b);
	return rc;
}

/* Display width of a C string (util/width.h: wide characters count 2). */
static size_t width(const char *s)
{
	return ut_width(s, strlen(s));
}

/*
 * One CSV field, quoted when needed (RFC 4180).  A field that a
 * spreadsheet would take for a formula - starting with =, +, -, @, TAB or
 * CR: a unit named =cmd|x!A1 on a public hill - gets a ' in front, as
 * OWASP's "CSV injection" advice says, so that it is shown as text.
 */
static void csv_field(ut_buf *b, const char *s)
{
	int formula = *s && strchr("=+-@\t\r", *s);

	if (!strpbrk(s, ",\"\r\n")) {
		if (formula)
			ut_buf_put(b, "'", 1);
		ut_buf_puts(b, s);
		return;
	}
	ut_buf_put(b, "\"", 1);
	if (formula)
		ut_buf_put(b, "'", 1);
	for (; *s; s++) {
		if (*s == '"')
			ut_buf_put(b, "\"", 1);
		ut_buf_put(b, s, 1);
	}
	ut_buf_put(b, "\"", 1);
}

static int standings_text(out *o, const am_league_view *v, am_lang lang)
{
	static const ut_msg heads[8] = {
		{{"順位", "rank"}}, {{"名前", "name"}}, {{"ファイル", "file"}},
		{{"勝", "wins"}}, {{"分", "draws"}}, {{"負", "losses"}},
		{{"勝ち点", "points"}}, {{"ＨＰ差", "margin"}},
	};
	const char *head[8];
	size_t n = am_league_size(v->league), i, wn, wf;
	int64_t stopped = am_league_stopped(v->league);
	int rc;
	/* a file's name as shown: control and invisible characters as
	 * <U+XXXX> (a host may keep players' files under the names they
	 * chose; docs/CLI.md "Errors in a file") */
	ut_buf tmp = UT_BUF_INIT;

	for (i = 0; i < 8; i++)
		head[i] = ut_msg_text(&heads[i], (ut_lang)lang);
	wn = width(head[1]);
	wf = width(head[2]);

	for (i = 0; i < n; i++) {
		size_t e = v->standings[i].entry;
		if (width(v->names[e]) > wn)
			wn = width(v->names[e]);
		const char *f = ut_str_visible(v->files[e], &tmp);
		if (width(f) > wf)
			wf = width(f);
	}
	ut_buf_rpad(&o->b, head[0], 4);
	ut_buf_puts(&o->b, "  ");
	ut_buf_pad(&o->b, head[1], wn, 0);
	ut_buf_puts(&o->b, "  ");
	ut_buf_pad(&o->b, head[2], wf, 0);
	ut_buf_rpad(&o->b, head[3], 7);
	ut_buf_rpad(&o->b, head[4], 7);
	ut_buf_rpad(&o->b, head[5], 7);
	ut_buf_rpad(&o->b, head[6], 8);
	ut_buf_rpad(&o->b, head[7], 11);
	ut_buf_puts(&o->b, "\n");
	for (i = 0; i < n; i++) {
		const am_standing *s = &v->standings[i];
		ut_buf_printf(&o->b, "%4zu  ", s->rank);
		ut_buf_pad(&o->b, v->names[s->entry], wn, 0);
		ut_buf_puts(&o->b, "  ");
		ut_buf_pad(&o->b, ut_str_visible(v->files[s->entry], &tmp), wf, 0);
		ut_buf_printf(&o->b, " %6" PRId64 " %6" PRId64 " %6" PRId64
		              " %7" PRId64 " %+10" PRId64 "\n",
		              s->row.wins, s->row.draws, s->row.losses, s->points,
		              s->row.margin);
		if ((rc = flush(o, 0)) < 0) { /* (ENOMEM or the writer's) */
			ut_buf_free(&tmp);
			return rc;
		}
	}
	/* the sheets left out for their errors (amcli review W8: only the
	 * JSON said so; the errors themselves are on stderr) */
	if (v->nrejected > 0) {
		ut_buf_printf(&o->b, lang == AM_LANG_EN
		              ? "left out for their errors: %zu sheet%s:"
		              : "誤りのため除外したシート：%zu件：",
		              v->nrejected,
		              lang == AM_LANG_EN && v->nrejected != 1 ? "s" : "");
		for (i = 0; i < v->nrejected; i++)
			ut_buf_printf(&o->b, "%s%s", lang == AM_LANG_EN
			              ? (i ? ", " : " ") : (i ? "、" : ""),
			              ut_str_visible(v->rejected_files[i], &tmp));
		ut_buf_puts(&o->b, "\n");
	}
	/* a name shown as "?" for want of memory fails the output */
	if (tmp.failed)
		o->b.failed = 1;
	ut_buf_free(&tmp);
	if (stopped > 0)
		ut_buf_printf(&o->b, lang == AM_LANG_EN
		              ? "stopped battles: %" PRId64 " (an error for both "
		                "sides: neither a win, a draw nor a loss)\n"
		              : "中断した対戦：%" PRId64 "（両者のエラー：勝ち・"
		                "引き分け・負けのどれにも数えません）\n",
		              stopped);
	return 0;
}

static int standings_csv(out *o, const am_league_view *v)
{
	size_t n = am_league_size(v->league), i;
	ut_buf tmp = UT_BUF_INIT; /* a file's name as shown (ut_str_visible) */
	int rc;

	ut_buf_puts(&o->b, "rank,name,file,wins,draws,losses,points,margin\n");
	for (i = 0; i < n; i++) {
		const am_standing *s = &v->standings[i];
		ut_buf_printf(&o->b, "%zu,", s->rank);
		csv_field(&o->b, v->names[s->entry]);
		ut_buf_put(&o->b, ",", 1);
		csv_field(&o->b, ut_str_visible(v->files[s->entry], &tmp));
		ut_buf_printf(&o->b, ",%" PRId64 ",%" PRId64 ",%" PRId64
		              ",%" PRId64 ",%" PRId64 "\n",
		              s->row.wins, s->row.draws, s->row.losses, s->points,
		              s->row.margin);
		if ((rc = flush(o, 0)) < 0) { /* (ENOMEM or the writer's) */
			ut_buf_free(&tmp);
			return rc;
		}
	}
	/* a name shown as "?" for want of memory fails the output */
	if (tmp.failed)
		o->b.failed = 1;
	ut_buf_free(&tmp);
	return 0;
}

static int standings_json(out *o, const am_league_view *v)
{
	ut_buf t1 = UT_BUF_INIT, t2 = UT_BUF_INIT;
	json_t *root = json_object(), *st = json_array(), *rej = json_array();
	size_t n = am_league_size(v->league), i;
	int bad = !root || !st || !rej;
	char *text;

	for (i = 0; !bad && i < n; i++) {
		const am_standing *s = &v->standings[i];
		json_t *e = json_pack("{s:I,s:s,s:s,s:I,s:I,s:I,s:I,s:I}",
		                      "rank", (json_int_t)s->rank,
		                      "name", ut_str_utf8(v->names[s->entry], &t1),
		                      "file", ut_str_utf8(v->files[s->entry], &t2),
		                      "wins", (json_int_t)s->row.wins,
		                      "draws", (json_int_t)s->row.draws,
		                      "losses", (json_int_t)s->row.losses,
		                      "points", (json_int_t)s->points,
		                      "margin", (json_int_t)s->row.margin);
		bad |= !e || json_array_append_new(st, e);
	}
	for (i = 0; !bad && i < v->nrejected; i++) {
		json_t *e = json_pack("{s:s,s:s}",
		                      "file", ut_str_utf8(v->rejected_files[i], &t1),
		                      "error", ut_str_utf8(v->rejected_errors[i], &t2));
		bad |= !e || json_array_append_new(rej, e);
	}
	/* (each set takes its value, also when it fails: both are made) */
	bad |= ut_json_put(root, "standings", st) != 0;
	bad |= ut_json_put(root, "rejected", rej) != 0;
	/* only when battles stopped: the JSON of other leagues is as it was */
	if (!bad && am_league_stopped(v->league) > 0)
		bad |= json_object_set_new(root, "stopped_battles",
		                           json_integer((json_int_t)
		                                  am_league_stopped(v->league)));
	text = bad ? NULL : ut_json_dumps(root, JSON_INDENT(1) |
	                                         JSON_PRESERVE_ORDER);
	ut_json_short_reals(text);
	json_decref(root);
	ut_buf_free(&t1);
	ut_buf_free(&t2);
	if (!text)
		return ut_error_set(AM_ENOMEM, "out of memory");
	ut_buf_puts(&o->b, text);
	ut_buf_puts(&o->b, "\n");
	free(text);
	return 0;
}

/* The error of a renderer fn of a view given a NULL view or write (the
 * view v not NULL: write is): AM_EINVALID naming the first NULL one. */
static int view_args(const char *fn, const void *v)
{
	return ut_error_set(AM_EINVALID, "%s: %s is NULL", fn,
	                    !v ? "view" : "write");
}

/* The standings in rank order, as am_league_standings ranked them
 * (LG-POINTS-1): text, CSV or JSON. */
int am_render_standings(const am_league_view *v, am_table_format format,
                        am_lang lang, am_write_fn write, void *ud)
{
	out o;
	int rc, frc;

	if (!v || !write)
		return view_args("am_render_standings", v);
	start(&o, write, ud);
	rc = format == AM_TABLE_JSON ? standings_json(&o, v)
	   : format == AM_TABLE_CSV  ? standings_csv(&o, v)
	                             : standings_text(&o, v, lang);
	frc = finish(&o);
	return rc < 0 ? rc : frc;
}

int am_render_cross_table(const am_league_view *v, am_write_fn write,
                          void *ud)
{
	static const char cell[] = {'?', 'W', 'D', 'L', 'E'};
	out o;
	size_t n, i, j;

	if (!v || !write)
		return view_args("am_render_cross_table", v);
	n = am_league_size(v->league);
	start(&o, write, ud);
	ut_buf_puts(&o.b, "rank,name");
	for (j = 0; j < n; j++) {
		ut_buf_put(&o.b, ",", 1);
		csv_field(&o.b, v->names[v->standings[j].entry]);
	}
	ut_buf_puts(&o.b, "\n");
	for (i = 0; i < n; i++) {
		size_t a = v->standings[i].entry;
		ut_buf_printf(&o.b, "%zu,", v->standings[i].rank);
		csv_field(&o.b, v->names[a]);
		for (j = 0; j < n; j++) {
			int r = am_league_outcome(v->league, a,
			                          v->standings[j].entry);
			ut_buf_put(&o.b, ",", 1);
			ut_buf_put(&o.b, i == j ? "-" : &cell[r < 5 ? r : 0], 1);
		}
		ut_buf_puts(&o.b, "\n");
		if (flush(&o, 0) < 0)
			break;
	}
	return finish(&o);
}

/* Colour for a share of points p in [0, 1], safe for colour-blind eyes
 * (a diverging orange → grey → blue scale, ColorBrewer's PuOr/RdBu ends):
 * orange #e66101 (0, the row lost), grey #cccccc (½, a draw), blue
 * #2166ac (1, the row won). */
static void colour(ut_buf *b, double p)
{
	static const int lo[3] = {230, 97, 1}, mid[3] = {204, 204, 204},
	                 hi[3] = {33, 102, 172};
	const int *a = p < 0.5 ? lo : mid, *z = p < 0.5 ? mid : hi;
	double t = p < 0.5 ? 2 * p : 2 * p - 1;
	int c[3], k;

	for (k = 0; k < 3; k++)
		c[k] = (int)((double)a[k] + ((double)z[k] - (double)a[k]) * t + 0.5);
	ut_buf_printf(b, "#%02x%02x%02x", c[0], c[1], c[2]);
}

enum { HM_TOP = 62, HM_MAX_BLOCKS = 120, HM_FONT = 12 };

/* The heat map's labels in both languages. */
static const ut_msg hm_title = {{
	"リーグ対戦表：%zu体の総当たり（順位順）",
	"League cross table: %zu in the league, each against each (by rank)"}};
static const ut_msg hm_sub = {{
	"マスは行のユニットから見た列との結果。番号は順位順の並び",
	"A cell is the row's result against the column; numbers are places "
	"in rank order"}};
static const ut_msg hm_sub_blocks = {{
	"マスは行のブロックが列のブロックから得た勝ち点の割合（勝ち1、引き分け½）",
	"A cell is the share of points the row block took against the column "
	"block (win 1, draw ½)"}};
static const ut_msg hm_keys[5] = {
	{{"行の勝ち", "row wins"}}, {{"引き分け", "draw"}},
	{{"行の負け", "row loses"}}, {{"エラーで停止", "stopped by an error"}},
	{{"対戦なし", "no battle"}}};
static const ut_msg hm_marks[5] = {
	{{"勝", "W"}}, {{"分", "D"}}, {{"負", "L"}}, {{"誤", "E"}}, {{"", ""}}};
static const ut_msg hm_vs = {{"%s 対 %s：%s", "%s vs %s: %s"}};
static const ut_msg hm_rank = {{"%zu位", "rank %zu"}};
static const ut_msg hm_places = {{"%zu–%zu位", "places %zu–%zu"}};
static const ut_msg hm_place = {{"%zu位", "place %zu"}};
static const ut_msg hm_sep = {{"、", ", "}};

/* Places r0+1 … r1 of a block into buf: "3–4位", "5位" ("places 3–4",
 * "place 5"); `bare`: the numbers alone ("3–4", "5"), for a label. */
static void hm_range(char buf[64], ut_lang ul, size_t r0, size_t r1,
                     int bare)
{
	if (r1 - r0 == 1)
		snprintf(buf, 64, bare ? "%zu" : ut_msg_text(&hm_place, ul), r1);
	else
		snprintf(buf, 64, bare ? "%zu–%zu" : ut_msg_text(&hm_places, ul),
		         r0 + 1, r1);
}

/* The end of a cell's <rect>: its hover text hm_vs, "A 対 B：WHAT"
 * ("A vs B: WHAT"), the three escaped, then </rect>. */
static void vs_title(ut_buf *b, ut_lang ul, const char *a, const char *bb,
                     const char *what)
{
	const char *f = ut_msg_text(&hm_vs, ul), *p1 = strstr(f, "%s");
	const char *p2 = strstr(p1 + 2, "%s"), *p3 = strstr(p2 + 2, "%s");

	ut_buf_puts(b, "><title>");
	ut_buf_put(b, f, (size_t)(p1 - f));
	ut_buf_xml(b, a);
	ut_buf_put(b, p1 + 2, (size_t)(p2 - p1 - 2));
	ut_buf_xml(b, bb);
	ut_buf_put(b, p2 + 2, (size_t)(p3 - p2 - 2));
	ut_buf_xml(b, what);
	ut_buf_puts(b, p3 + 2);
	ut_buf_puts(b, "</title></rect>\n");
}

/* One cell of entries r0 ≤ a < r1 against c0 ≤ b < c1: its colour, and
 * for a single pair (blocks of one) its mark and hover text. */
static void hm_cell(out *o, const am_league_view *v, ut_lang ul, size_t r0,
                    size_t r1, size_t c0, size_t c1, size_t x, size_t y,
                    int cell)
{
	double pts = 0, games = 0;
	int any_error = 0, key = 4;
	size_t a, b;

	for (a = r0; a < r1; a++)
		for (b = c0; b < c1; b++) {
			int r = am_league_outcome(v->league, v->standings[a].entry,
			                          v->standings[b].entry);
			if (r == AM_PAIR_WIN || r == AM_PAIR_DRAW ||
			    r == AM_PAIR_LOSS) {
				pts += r == AM_PAIR_WIN ? 1 : r == AM_PAIR_DRAW ? 0.5 : 0;
				games++;
			}
			any_error |= r == AM_PAIR_ERROR;
		}
	ut_buf_printf(&o->b, "<rect class=\"cell\" x=\"%zu\" y=\"%zu\" "
	              "width=\"%d\" height=\"%d\" fill=\"", x, y, cell - 1,
	              cell - 1);
	if (games > 0)
		colour(&o->b, pts / games);
	else
		ut_buf_puts(&o->b, any_error ? "#222222" : "#ffffff");
	ut_buf_puts(&o->b, "\"");
	if (games == 0 && !any_error)
		ut_buf_puts(&o->b, " stroke=\"#dddddd\"");
	if (r1 - r0 == 1 && c1 - c0 == 1) {
		char tmp[64];
		key = games == 0 ? (any_error ? 3 : 4)
		    : pts == 1 ? 0 : pts == 0 ? 2 : 1;
		/* "ヌト 対 グリスク：行の勝ち" */
		vs_title(&o->b, ul, v->names[v->standings[r0].entry],
		         v->names[v->standings[c0].entry],
		         ut_msg_text(&hm_keys[key], ul));
		if (cell >= 22 && key < 4) {
			/* black on grey and on orange, white on blue and on
			 * the error's dark grey: each at least 4.5:1 (WCAG
			 * AA; web review 2026-12-06: white on the loss's
			 * #e66101 was 3.46:1, black is 6.1:1) */
			snprintf(tmp, sizeof tmp, "%s", ut_msg_text(&hm_marks[key], ul));
			ut_buf_printf(&o->b, "<text x=\"%zu\" y=\"%zu\" "
			              "font-size=\"12\" text-anchor=\"middle\" "
			              "fill=\"%s\">%s</text>\n", x + (size_t)cell / 2,
			              y + (size_t)cell / 2 + 4,
			              key == 1 || key == 2 ? "#000000" : "#ffffff", tmp);
		}
	} else {
		/* "1–2位 対 3–4位：67%" ("places 1–2 vs places 3–4: 67%") */
		char rows[64], cols[64], share[16];
		hm_range(rows, ul, r0, r1, 0);
		hm_range(cols, ul, c0, c1, 0);
		if (games > 0)
			snprintf(share, sizeof share, "%.0f%%", 100 * pts / games);
		vs_title(&o->b, ul, rows, cols, games > 0 ? share :
		         ut_msg_text(&hm_keys[any_error ? 3 : 4], ul));
	}
}

/* The legend: a swatch per result (single pairs) or per share (blocks),
 * in rows of at most maxw px from (x, y); o NULL: draw nothing.  Returns
 * the number of rows. */
static size_t hm_legend(out *o, ut_lang ul, size_t x, size_t y, int blocks,
                        size_t maxw)
{
	static const double share[3] = {1, 0.5, 0};
	size_t k, w = 0, rows = 1;

	for (k = 0; k < 5; k++) {
		const char *label = ut_msg_text(&hm_keys[k], ul);
		char pct[16];
		size_t iw;
		if (blocks && k < 3) {
			snprintf(pct, sizeof pct, "%.0f%%", 100 * share[k]);
			label = pct;
		}
		iw = 18 + (size_t)(0.6 * HM_FONT * (double)width(label)) + 18;
		if (w > 0 && w + iw > maxw) {
			w = 0;
			rows++;
		}
		if (o) {
			size_t ry = y + (rows - 1) * 22;
			ut_buf_printf(&o->b, "<rect class=\"key\" x=\"%zu\" "
			              "y=\"%zu\" width=\"14\" height=\"14\" fill=\"",
			              x + w, ry);
			if (k < 3)
				colour(&o->b, share[k]);
			else
				ut_buf_puts(&o->b, k == 3 ? "#222222" : "#ffffff");
			ut_buf_puts(&o->b, "\" stroke=\"#999999\"/>\n");
			ut_buf_printf(&o->b, "<text x=\"%zu\" y=\"%zu\">",
			              x + w + 18, ry + 12);
			ut_buf_xml(&o->b, label);
			ut_buf_puts(&o->b, "</text>\n");
		}
		w += iw;
	}
	return rows;
}

/*
 * The heat map: cells of 36 px for a few entries, down to 14 px for many;
 * more than HM_MAX_BLOCKS entries are drawn in blocks.  Rows are labelled
 * "k. name" (k the place in rank order, so tied ranks still number the
 * columns 1, 2, 3 …), columns by k; every cell of a pair says its two
 * names and the result on hover (<title>) and carries a mark (勝/分/負)
 * when there is room.  The width is what the labels, the cells, the title
 * and the legend need.
 */
int am_render_heatmap(const am_league_view *v, am_lang lang,
                      am_write_fn write, void *ud)
{
	out o;
	size_t n, blocks, i, j, w;
	const ut_lang ul = (ut_lang)lang;
	int cell, single;
	size_t label = 0, size, svg_w, svg_h, legend_rows;
	char title[256];

	if (!v || !write)
		return view_args("am_render_heatmap", v);
	n = am_league_size(v->league);
	start(&o, write, ud);
	blocks = n <= HM_MAX_BLOCKS ? n : HM_MAX_BLOCKS;
	single = n <= HM_MAX_BLOCKS;
	cell = blocks <= 12 ? 36 : blocks <= 30 ? 24 : blocks <= 60 ? 18 : 14;
	size = blocks * (size_t)cell;
	for (i = 0; single && i < n; i++) {
		char num[32];
		snprintf(num, sizeof num, "%zu. ", i + 1);
		w = width(num) + width(v->names[v->standings[i].entry]);
		if (w > 40)
			w = 40; /* longer names are squeezed */
		if (w > label)
			label = w;
	}
	if (!single) { /* the widest block label, "NNN–NNN" */
		char rg[64];
		hm_range(rg, ul, n - n / blocks - 1, n, 1);
		label = width(rg);
	}
	label = (size_t)(0.6 * HM_FONT * (double)label) + 16;
	if (label < 40)
		label = 40;
	snprintf(title, sizeof title, ut_msg_text(&hm_title, ul), n);
	svg_w = label + size + 20;
	w = (size_t)(0.6 * 15 * (double)width(title)) + 30;
	if (w > svg_w)
		svg_w = w;
	w = (size_t)(0.6 * 11 * (double)width(ut_msg_text(
		single ? &hm_sub : &hm_sub_blocks, ul))) + 30;
	if (w > svg_w)
		svg_w = w;
	legend_rows = hm_legend(NULL, ul, 10, 0, !single, svg_w - 20);
	svg_h = HM_TOP + size + 24 + 22 * legend_rows;
	ut_buf_printf(&o.b,
	              "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
	              "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%zu\" "
	              "height=\"%zu\" viewBox=\"0 0 %zu %zu\" "
	              "font-family=\"sans-serif\" font-size=\"%d\">\n"
	              "<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>\n",
	              svg_w, svg_h, svg_w, svg_h, HM_FONT);
	ut_buf_printf(&o.b, "<text x=\"10\" y=\"22\" font-size=\"15\" "
	              "font-weight=\"bold\">");
	ut_buf_xml(&o.b, title);
	ut_buf_printf(&o.b, "</text>\n<text x=\"10\" y=\"40\" font-size=\"11\" "
	              "fill=\"#444444\">%s</text>\n",
	              ut_msg_text(single ? &hm_sub : &hm_sub_blocks, ul));
	for (j = 0; single && j < n; j++) /* column heads: places */
		ut_buf_printf(&o.b, "<text x=\"%zu\" y=\"%d\" font-size=\"%d\" "
		              "text-anchor=\"middle\">%zu</text>\n",
		              label + j * (size_t)cell + (size_t)cell / 2, HM_TOP - 4,
		              cell >= 18 ? 11 : 9, j + 1);
	if (!single) {
		/* column heads of blocks: the first place of every `step`-th
		 * block, as many as fit side by side at 9 px (0.6 em a digit
		 * and 4 px apart) */
		char num[32];
		size_t step;
		snprintf(num, sizeof num, "%zu", n);
		step = ((size_t)(5.4 * (double)strlen(num)) + 4) / (size_t)cell + 1;
		for (j = 0; j < blocks; j += step)
			ut_buf_printf(&o.b, "<text x=\"%zu\" y=\"%d\" "
			              "font-size=\"9\" text-anchor=\"start\">%zu"
			              "</text>\n", label + j * (size_t)cell,
			              HM_TOP - 4, j * n / blocks + 1);
	}
	/* entries per block: block k holds places [k·n/blocks, (k+1)·n/blocks) */
	for (i = 0; i < blocks; i++) {
		size_t r0 = i * n / blocks, r1 = (i + 1) * n / blocks;
		if (single) {
			char num[32], rk[32];
			const char *name = v->names[v->standings[i].entry];
			ut_buf shown = UT_BUF_INIT;
			size_t est;
			int cut;
			snprintf(num, sizeof num, "%zu. ", i + 1);
			/* a name past the label's 40 columns is cut, whole on
			 * hover (web review 2026-12-06: 300 characters squeezed
			 * into the label made a grey bar) */
			cut = ut_buf_fit(&shown, name, 40 - width(num));
			if (shown.failed)
				o.b.failed = 1;
			est = width(num) + width(shown.ptr ? shown.ptr : "");
			ut_buf_printf(&o.b, "<text x=\"%zu\" y=\"%zu\" "
			              "text-anchor=\"end\"", label - 6,
			              HM_TOP + i * (size_t)cell + (size_t)cell / 2 + 4);
			if ((double)est * 0.6 * HM_FONT > (double)label - 14)
				ut_buf_printf(&o.b, " textLength=\"%zu\" "
				              "lengthAdjust=\"spacingAndGlyphs\"",
				              label - 14);
			snprintf(rk, sizeof rk, ut_msg_text(&hm_rank, ul),
			         v->standings[i].rank);
			ut_buf_printf(&o.b, "><title>%s", rk);
			if (cut) {
				ut_buf_puts(&o.b, ut_msg_text(&hm_sep, ul));
				ut_buf_xml(&o.b, name);
			}
			ut_buf_printf(&o.b, "</title>%s", num);
			ut_buf_xml(&o.b, shown.ptr ? shown.ptr : "");
			ut_buf_puts(&o.b, "</text>\n");
			ut_buf_free(&shown);
		} else {
			/* "1–3", the block's names on hover */
			char rg[64];
			size_t a;
			hm_range(rg, ul, r0, r1, 1);
			ut_buf_printf(&o.b, "<text x=\"%zu\" y=\"%zu\" "
			              "text-anchor=\"end\"><title>", label - 6,
			              HM_TOP + i * (size_t)cell + (size_t)cell / 2 + 4);
			for (a = r0; a < r1; a++) {
				if (a > r0)
					ut_buf_puts(&o.b, ut_msg_text(&hm_sep, ul));
				ut_buf_printf(&o.b, "%zu. ", a + 1);
				ut_buf_xml(&o.b, v->names[v->standings[a].entry]);
			}
			ut_buf_printf(&o.b, "</title>%s</text>\n", rg);
		}
		for (j = 0; j < blocks; j++)
			hm_cell(&o, v, ul, r0, r1, j * n / blocks, (j + 1) * n / blocks,
			        label + j * (size_t)cell, HM_TOP + i * (size_t)cell,
			        cell);
		if (flush(&o, 0) < 0)
			return finish(&o);
	}
	hm_legend(&o, ul, 10, HM_TOP + size + 16, !single, svg_w - 20);
	ut_buf_puts(&o.b, "</svg>\n");
	return finish(&o);
}
