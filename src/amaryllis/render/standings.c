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
#include <utf8proc.h>

#include "amaryllis/render.h"

#include "util/buf.h"
#include "util/error.h"
#include "util/msg.h"
#include "util/sink.h"
#include "util/width.h"

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

/* One CSV field, quoted when needed (RFC 4180). */
static void csv_field(ut_buf *b, const char *s)
{
	if (!strpbrk(s, ",\"\r\n")) {
		ut_buf_puts(b, s);
		return;
	}
	ut_buf_put(b, "\"", 1);
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
		{{"勝点", "points"}}, {{"ＨＰ差", "margin"}},
	};
	const char *head[8];
	size_t n = am_league_size(v->league), i, wn, wf;

	for (i = 0; i < 8; i++)
		head[i] = ut_msg_text(&heads[i], (ut_lang)lang);
	wn = width(head[1]);
	wf = width(head[2]);

	for (i = 0; i < n; i++) {
		size_t e = v->standings[i].entry;
		if (width(v->names[e]) > wn)
			wn = width(v->names[e]);
		if (width(v->files[e]) > wf)
			wf = width(v->files[e]);
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
		ut_buf_pad(&o->b, v->files[s->entry], wf, 0);
		ut_buf_printf(&o->b, " %6" PRId64 " %6" PRId64 " %6" PRId64
		              " %7" PRId64 " %+10" PRId64 "\n",
		              s->row.wins, s->row.draws, s->row.losses, s->points,
		              s->row.margin);
		if (flush(o, 0) < 0)
			return AM_ERROR;
	}
	return 0;
}

static int standings_csv(out *o, const am_league_view *v)
{
	size_t n = am_league_size(v->league), i;

	ut_buf_puts(&o->b, "rank,name,file,wins,draws,losses,points,margin\n");
	for (i = 0; i < n; i++) {
		const am_standing *s = &v->standings[i];
		ut_buf_printf(&o->b, "%zu,", s->rank);
		csv_field(&o->b, v->names[s->entry]);
		ut_buf_put(&o->b, ",", 1);
		csv_field(&o->b, v->files[s->entry]);
		ut_buf_printf(&o->b, ",%" PRId64 ",%" PRId64 ",%" PRId64
		              ",%" PRId64 ",%" PRId64 "\n",
		              s->row.wins, s->row.draws, s->row.losses, s->points,
		              s->row.margin);
		if (flush(o, 0) < 0)
			return AM_ERROR;
	}
	return 0;
}

/*
 * s as valid UTF-8 for JSON (file names may hold any bytes): invalid bytes
 * become U+FFFD.  Returns s itself when it is valid, else a copy in *tmp.
 */
static const char *utf8_clean(const char *s, ut_buf *tmp)
{
	const utf8proc_uint8_t *p = (const utf8proc_uint8_t *)s, *q = p;
	utf8proc_int32_t c;
	utf8proc_ssize_t k;

	while (*q && (k = utf8proc_iterate(q, -1, &c)) > 0)
		q += k;
	if (!*q)
		return s; /* valid all the way */
	ut_buf_clear(tmp);
	while (*p) {
		utf8proc_ssize_t k = utf8proc_iterate(p, -1, &c);
		if (k <= 0) {
			ut_buf_puts(tmp, "\xEF\xBF\xBD");
			p++;
		} else {
			ut_buf_put(tmp, (const char *)p, (size_t)k);
			p += k;
		}
	}
	return tmp->ptr ? tmp->ptr : "";
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
		                      "name", utf8_clean(v->names[s->entry], &t1),
		                      "file", utf8_clean(v->files[s->entry], &t2),
		                      "wins", (json_int_t)s->row.wins,
		                      "draws", (json_int_t)s->row.draws,
		                      "losses", (json_int_t)s->row.losses,
		                      "points", (json_int_t)s->points,
		                      "margin", (json_int_t)s->row.margin);
		bad |= !e || json_array_append_new(st, e);
	}
	for (i = 0; !bad && i < v->nrejected; i++) {
		json_t *e = json_pack("{s:s,s:s}",
		                      "file", utf8_clean(v->rejected_files[i], &t1),
		                      "error", utf8_clean(v->rejected_errors[i], &t2));
		bad |= !e || json_array_append_new(rej, e);
	}
	bad |= json_object_set_new(root, "standings", st) ||
	       json_object_set_new(root, "rejected", rej);
	text = bad ? NULL : json_dumps(root, JSON_INDENT(1) |
	                                         JSON_PRESERVE_ORDER);
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

/* The standings in rank order, as am_league_standings ranked them
 * (LG-POINTS-1): text, CSV or JSON. */
int am_render_standings(const am_league_view *v, am_table_format format,
                        am_lang lang, am_write_fn write, void *ud)
{
	out o;
	int rc, frc;

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
	size_t n = am_league_size(v->league), i, j;

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

/* Colour for a share of points p in [0, 1]: red (0) → grey → green (1). */
static void colour(ut_buf *b, double p)
{
	int r, g, bl;

	if (p < 0.5) {
		r = 215;
		g = (int)(80 + 2 * p * 110);
		bl = (int)(70 + 2 * p * 120);
	} else {
		r = (int)(190 - (p - 0.5) * 2 * 150);
		g = (int)(190 + (p - 0.5) * 2 * 15);
		bl = (int)(190 - (p - 0.5) * 2 * 130);
	}
	ut_buf_printf(b, "#%02x%02x%02x", r, g, bl);
}

int am_render_heatmap(const am_league_view *v, am_lang lang,
                      am_write_fn write, void *ud)
{
	out o;
	static const ut_msg title = {{
		"リーグ対戦表（順位順、行から見た結果）",
		"League cross table, by rank: row vs column"}};
	static const ut_msg legend = {{
		"緑：行の勝ち　灰：引き分け　赤：行の負け　黒：エラー",
		"green: row wins, grey: draw, red: row loses, "
		"black: battle stopped by an error"}};
	size_t n = am_league_size(v->league), blocks, i, j, a, b;
	const ut_lang ul = (ut_lang)lang;
	const int cellpx = 14, label = n <= 120 ? 160 : 40, top = 40;
	size_t size;

	start(&o, write, ud);
	blocks = n <= 120 ? n : 120;
	size = blocks * (size_t)cellpx;
	ut_buf_printf(&o.b,
	              "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
	              "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%zu\" "
	              "height=\"%zu\" font-family=\"sans-serif\" "
	              "font-size=\"11\">\n",
	              (size_t)label + size + 20 > 640 ? (size_t)label + size + 20
	                                               : 640,
	              (size_t)top + size + 40);
	ut_buf_printf(&o.b, "<text x=\"%d\" y=\"20\" font-size=\"14\">%s "
	              "(%zu)</text>\n", label, ut_msg_text(&title, ul), n);
	for (j = 0; n <= 120 && j < n; j++) /* column heads: ranks */
		ut_buf_printf(&o.b, "<text x=\"%zu\" y=\"%d\" font-size=\"8\" "
		              "text-anchor=\"middle\">%zu</text>\n",
		              label + j * cellpx + cellpx / 2, top - 3,
		              v->standings[j].rank);
	/* entries per block: block k holds ranks [k·n/blocks, (k+1)·n/blocks) */
	for (i = 0; i < blocks; i++) {
		size_t r0 = i * n / blocks, r1 = (i + 1) * n / blocks;
		if (n <= 120) {
			ut_buf_printf(&o.b, "<text x=\"%d\" y=\"%zu\" "
			              "text-anchor=\"end\">%zu. ", label - 4,
			              top + i * cellpx + cellpx - 3,
			              v->standings[i].rank);
			ut_buf_xml(&o.b, v->names[v->standings[i].entry]);
			ut_buf_puts(&o.b, "</text>\n");
		}
		for (j = 0; j < blocks; j++) {
			size_t c0 = j * n / blocks, c1 = (j + 1) * n / blocks;
			double pts = 0, games = 0;
			int any_error = 0;
			for (a = r0; a < r1; a++)
				for (b = c0; b < c1; b++) {
					int r = am_league_outcome(
						v->league, v->standings[a].entry,
						v->standings[b].entry);
					if (r == AM_PAIR_WIN || r == AM_PAIR_DRAW ||
					    r == AM_PAIR_LOSS) {
						pts += r == AM_PAIR_WIN ? 1
						     : r == AM_PAIR_DRAW ? 0.5 : 0;
						games++;
					}
					any_error |= r == AM_PAIR_ERROR;
				}
			ut_buf_printf(&o.b, "<rect x=\"%zu\" y=\"%zu\" width=\"%d\" "
			              "height=\"%d\" fill=\"", label + j * cellpx,
			              top + i * cellpx, cellpx - 1, cellpx - 1);
			if (games > 0)
				colour(&o.b, pts / games);
			else
				ut_buf_puts(&o.b, any_error ? "#222222" : "#ffffff");
			ut_buf_puts(&o.b, "\"/>\n");
		}
		if (flush(&o, 0) < 0)
			return finish(&o);
	}
	ut_buf_printf(&o.b, "<text x=\"%d\" y=\"%zu\">%s</text>\n", label,
	              top + size + 20, ut_msg_text(&legend, ul));
	ut_buf_puts(&o.b, "</svg>\n");
	return finish(&o);
}
