/*
 * api.c - the BCDice-API v2 endpoints without HTTP (docs/MEGAMI.md, "The
 * BCDice-API server"): a request (method, path, raw query, form body) in,
 * one JSON answer out.  The dice are the server's one seeded generator,
 * under a lock; each roll's dice are recorded (render.h's
 * mg_dice_record) so that "rands" are exactly the dice used.
 *
 * Answers are BCDice-API's (repository bcdice/bcdice-api: its v2 API
 * document and application): compact JSON, members in its order; a parameter comes
 * from the form body of a POST, else from the query (Rack's params);
 * errors are 400 {"ok":false,"reason":…}.
 */
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "serve_int.h"

#include "megami/dice.h"
#include "megami/render.h"
#include "util/buf.h"
#include "util/error.h"
#include "util/json.h"
#include "util/utf8.h"

/* The BCDice whose SRS megami prints byte for byte (M8.12: the npm
 * package bcdice 4.9.0 is BCDice 3.16.1). */
#define BCDICE_VERSION "3.16.1"

/* Game system SRS as BCDice names it (lib/bcdice/game_system/SRS.rb). */
static const char srs_id[] = "SRS";
static const char srs_name[] = "スタンダードRPGシステム";
static const char srs_sort_key[] = "すたんたあとRPGしすてむ";
/* BCDice's command_pattern of SRS (its source, case to be ignored): text
 * that may be a command; a client sends only such text. */
static const char srs_pattern[] =
	"^S?([+\\-(]*(\\d+|D\\d+)|\\d+B\\d+|\\d+T[YZ]\\d+|C[+\\-(]*\\d+|choice|"
	"D66|(repeat|rep|x)\\d+|\\d+R\\d+|\\d+U\\d+|BCDiceVersion|2D6)";

static const char help_ja[] =
	"・判定\n"
	"　2D6+m@c#f>=t または 2D6+m>=t[c,f]\n"
	"　修正値m、目標値t、クリティカル値c、ファンブル値fで判定します"
	"（c、fの既定値は12、2）。\n"
	"　自動成功、自動失敗、成功、失敗を表示します。\n"
	"　例) 2d6+2>=10　2d6+2>=10[11]　2d6+2@12#4>=10\n"
	"・目標値なしの判定：2D6+m@c#f または 2D6+m[c,f]（例: 2d6[]）\n"
	"・合計：3D6+2、1D6/2U（+ - * /、/ の後に U C R F で端数処理）、"
	"比較 >= > <= < = <>\n"
	"（megami serve: docs/MEGAMI.md の「Dice bot」）\n";

static const char help_en[] =
	"- Judgement\n"
	"  2D6+m@c#f>=t or 2D6+m>=t[c,f]\n"
	"  modifier m, target t, critical value c, fumble value f (c and f\n"
	"  default to 12 and 2); prints 自動成功, 自動失敗, 成功 or 失敗.\n"
	"  e.g. 2d6+2>=10  2d6+2>=10[11]  2d6+2@12#4>=10\n"
	"- Without a target: 2D6+m@c#f or 2D6+m[c,f] (e.g. 2d6[])\n"
	"- Sums: 3D6+2, 1D6/2U (+ - * /, U C R F after / to round),\n"
	"  comparisons >= > <= < = <>\n"
	"(megami serve: docs/MEGAMI.md, \"Dice bot\")\n";

/* Game system DiceBot as BCDice names it (lib/bcdice/base.rb, game system
 * "DiceBot": the common commands alone, MG-DICE-SYS-1): every BCDice-API
 * serves it, and clients ask for it first (discord-bcdicebot fetches
 * /v2/game_system/DiceBot as it starts; ユドナリウム forks roll there when
 * no system is chosen).  Its pattern and help are BCDice's. */
static const char dicebot_id[] = "DiceBot";
static const char dicebot_sort_key[] = "*たいすほつと";
static const char dicebot_pattern[] =
	"^S?([+\\-(]*(\\d+|D\\d+)|\\d+B\\d+|\\d+T[YZ]\\d+|C[+\\-(]*\\d+|choice|"
	"D66|(repeat|rep|x)\\d+|\\d+R\\d+|\\d+U\\d+|BCDiceVersion)";
static const char dicebot_help_ja[] =
	"3D6+1>=9 ：3d6+1で目標値9以上かの判定\n"
	"1D100<=50 ：D100で50％目標の下方ロールの例\n"
	"3U6[5] ：3d6のダイス目が5以上の場合に振り足しして合計する(上方無限)\n"
	"3B6 ：3d6のダイス目をバラバラのまま出力する（合計しない）\n"
	"10B6>=4 ：10d6を振り4以上のダイス目の個数を数える\n"
	"2R6[>3]>=5 ：2D6のダイス目が3より大きい場合に振り足して、5以上のダイス目の個数を数える\n"
	"(8/2)D(4+6)<=(5*3)：個数・ダイス・達成値には四則演算も使用可能\n"
	"c(10-4*3/2+2)：c(計算式）で計算だけの実行も可能\n"
	"choice[a,b,c]：列挙した要素から一つを選択表示。ランダム攻撃対象決定などに\n"
	"S3d6 ： 各コマンドの先頭に「S」を付けると他人結果の見えないシークレットロール\n"
	"3d6/2 ： ダイス出目を割り算（端数処理はゲームシステム依存）。切り上げは /2C、四捨五入は /2R、切り捨ては /2F\n"
	"D66 ： D66ダイス。順序はゲームに依存。D66N：そのまま、D66A：昇順、D66D：降順\n"
	"\n"
	"詳細は下記URLのコマンドガイドを参照\n"
	"https://docs.bcdice.org/\n";
static const char dicebot_help_en[] =
	"3D6+1>=9: 3d6+1, is it 9 or more\n"
	"1D100<=50: a roll under 50 on D100\n"
	"3U6[5]: 3d6, a die of 5 or more rolled again and added (upper, unlimited)\n"
	"3B6: 3d6 shown one by one (no sum)\n"
	"10B6>=4: 10d6, how many show 4 or more\n"
	"2R6[>3]>=5: 2d6, a die over 3 rolled again; how many show 5 or more\n"
	"(8/2)D(4+6)<=(5*3): + - * / in the count, the sides and the target\n"
	"c(10-4*3/2+2): c(formula) computes only\n"
	"choice[a,b,c]: one of the items, e.g. a random target\n"
	"S3d6: an S before any command makes a secret roll\n"
	"3d6/2: divides the dice (rounding is the system's); /2C up, /2R to the "
	"nearest, /2F down\n"
	"D66: D66 dice; D66N as rolled, D66A ascending, D66D descending\n"
	"\n"
	"The command guide: https://docs.bcdice.org/\n";

/* The game systems served, in BCDice-API's order (by sort key). */
typedef struct gsys {
	const char *id, *name, *sort_key, *pattern, *help_ja, *help_en;
	mg_dice_system sys;
} gsys;

static const gsys systems_served[] = {
	{dicebot_id, dicebot_id, dicebot_sort_key, dicebot_pattern,
	 dicebot_help_ja, dicebot_help_en, MG_DICE_DICEBOT},
	{srs_id, srs_name, srs_sort_key, srs_pattern, help_ja, help_en,
	 MG_DICE_SRS},
};

int mg_serve_new(mg_serve **out, const mg_serve_config *cfg)
{
	mg_serve *s;
	size_t i;

	if (!out || !cfg)
		return ut_error_set(MG_EINVALID, "mg_serve_new: NULL argument");
	*out = NULL;
	if (cfg->version != MG_SERVE_CONFIG_VERSION)
		return ut_error_set(MG_EINVALID, "mg_serve_config version %u, "
		                    "expected %u", cfg->version,
		                    (unsigned)MG_SERVE_CONFIG_VERSION);
	if (cfg->request_timeout_s == 0)
		return ut_error_set(MG_EINVALID, "request_timeout_s must be at "
		                    "least 1");
	for (i = 0; i < cfg->npublic_hosts; i++)
		if (!ut_http_public_host_ok(cfg->public_hosts[i]))
			return ut_error_set(MG_EINVALID, "public host '%s' is not "
			                    "a host name", cfg->public_hosts[i]);
	if (!(s = calloc(1, sizeof(*s))))
		return ut_error_set(MG_ENOMEM, "out of memory");
	s->cfg = *cfg;
	s->cfg.public_hosts = NULL;
	if (cfg->npublic_hosts &&
	    !(s->hosts = calloc(cfg->npublic_hosts, sizeof(*s->hosts))))
		goto nomem;
	for (i = 0; i < cfg->npublic_hosts; i++)
		if (!(s->hosts[i] = strdup(cfg->public_hosts[i])))
			goto nomem;
	if (pthread_mutex_init(&s->lock, NULL) != 0)
		goto nomem;
	if (ut_http_rate_init(&s->rate, UT_HTTP_RATE_ENTRIES, UT_HTTP_RATE_CHAINS,
	                      ut_httpd_seed()) < 0) {
		pthread_mutex_destroy(&s->lock);
		goto nomem;
	}
	ut_dice_seed(&s->dice, cfg->seed);
	*out = s;
	return 0;
nomem:
	for (i = 0; s->hosts && i < cfg->npublic_hosts; i++)
		free(s->hosts[i]);
	free(s->hosts);
	free(s);
	return ut_error_set(MG_ENOMEM, "out of memory");
}

void mg_serve_free(mg_serve *s)
{
	size_t i;

	if (!s)
		return;
	mg_serve_stop(s);
	ut_http_rate_free(&s->rate);
	pthread_mutex_destroy(&s->lock);
	for (i = 0; s->hosts && i < s->cfg.npublic_hosts; i++)
		free(s->hosts[i]);
	free(s->hosts);
	free(s);
}

void mg_serve_response_free(mg_serve_response *r)
{
	if (r) {
		free(r->body);
		r->body = NULL;
	}
}

/* ---- answers ------------------------------------------------------------ */

/* Answer with doc (consumed), compact.  0, or MG_ENOMEM. */
static int answer(mg_serve_response *r, int status, json_t *doc,
                  const char *detail)
{
	char *s = doc ? ut_json_dumps(doc, JSON_COMPACT | JSON_PRESERVE_ORDER)
	              : NULL;

	ut_json_short_reals(s);

	json_decref(doc);
	if (!s)
		return ut_error_set(MG_ENOMEM, "out of memory");
	r->status = status;
	r->type = "application/json; charset=utf-8";
	r->body = s;
	r->len = strlen(s);
	r->detail = detail;
	return 0;
}

/* {"ok":false,"reason":REASON} with status. */
static int fail(mg_serve_response *r, int status, const char *reason,
                const char *detail)
{
	return answer(r, status, json_pack("{s:b,s:s}", "ok", 0, "reason", reason),
	              detail);
}

/* The methods of a path, for a 405's Allow (RFC 9110 section 15.5.6: a
 * 405 MUST have one): HEAD as GET; OPTIONS, the CORS preflight, on
 * every path. */
static const char allow_get[] = "GET, HEAD, OPTIONS";
static const char allow_roll[] = "GET, HEAD, POST, OPTIONS";
static const char allow_post[] = "POST, OPTIONS";

/* 405 "method not allowed" with Allow: methods. */
static int not_allowed(mg_serve_response *r, const char *methods)
{
	int rc = fail(r, 405, "method not allowed", "method");

	r->allow = methods;
	return rc;
}

/* ---- parameters ---------------------------------------------------------- */

static int hexval(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if ((c | 32) >= 'a' && (c | 32) <= 'f')
		return (c | 32) - 'a' + 10;
	return -1;
}

/* Decode one form-urlencoded part s[0..n) ('+' is a blank) into buf. */
static int decode(ut_buf *buf, const char *s, size_t n)
{
	size_t i;

	ut_buf_clear(buf);
	for (i = 0; i < n; i++) {
		char c = s[i];
		if (c == '%') {
			if (i + 2 >= n || hexval(s[i + 1]) < 0 || hexval(s[i + 2]) < 0)
				return -1;
			c = (char)(hexval(s[i + 1]) << 4 | hexval(s[i + 2]));
			i += 2;
		} else if (c == '+') {
			c = ' ';
		}
		ut_buf_put(buf, &c, 1);
	}
	ut_buf_put(buf, "", 0);
	return buf->failed ? MG_ENOMEM : 0;
}

/*
 * The value of `key` in the form s[0..n) (a&b=c&…), decoded into val (the
 * last one when given twice, as Rack).  1 found, 0 not there, -1 a
 * malformed %-escape, MG_ENOMEM.
 */
static int form_get(ut_buf *val, const char *s, size_t n, const char *key)
{
	size_t i = 0, klen = strlen(key);
	int found = 0, rc;
	ut_buf k = UT_BUF_INIT;

	while (s && i < n) {
		size_t j = i, eq;
		while (j < n && s[j] != '&')
			j++;
		for (eq = i; eq < j && s[eq] != '='; eq++)
			;
		if ((rc = decode(&k, s + i, eq - i)) < 0) {
			ut_buf_free(&k);
			return rc;
		}
		if (k.len == klen && memcmp(k.ptr, key, klen) == 0) {
			if ((rc = decode(val, s + eq + (eq < j), j - eq - (eq < j))) < 0) {
				ut_buf_free(&k);
				return rc;
			}
			found = 1;
		}
		i = j + 1;
	}
	ut_buf_free(&k);
	return found;
}

/* A parameter: the POST's form body first, then the query.  As form_get. */
static int param(ut_buf *val, const char *query, const char *body,
                 size_t len, const char *key)
{
	int rc = body ? form_get(val, body, len, key) : 0;

	if (rc == 0 && query)
		rc = form_get(val, query, strlen(query), key);
	return rc;
}

/* ---- endpoints ----------------------------------------------------------- */

static int version(mg_serve_response *r, mg_serve *s)
{
	return answer(r, 200, json_pack("{s:s,s:s}", "api",
	                                s->cfg.api_version ? s->cfg.api_version : "",
	                                "bcdice", BCDICE_VERSION), "version");
}

static int admin(mg_serve_response *r, mg_serve *s)
{
	const mg_serve_config *c = &s->cfg;

	return answer(r, 200, json_pack("{s:s,s:s,s:s}",
	                                "name", c->admin_name ? c->admin_name : "",
	                                "url", c->admin_url ? c->admin_url : "",
	                                "email", c->admin_email ? c->admin_email : ""),
	              "admin");
}

static int systems(mg_serve_response *r)
{
	const gsys *a = &systems_served[0], *b = &systems_served[1];

	return answer(r, 200, json_pack("{s:[{s:s,s:s,s:s},{s:s,s:s,s:s}]}",
	                                "game_system",
	                                "id", a->id, "name", a->name,
	                                "sort_key", a->sort_key,
	                                "id", b->id, "name", b->name,
	                                "sort_key", b->sort_key), "systems");
}

static int system_info(mg_serve_response *r, mg_serve *s, const gsys *g)
{
	return answer(r, 200, json_pack("{s:b,s:s,s:s,s:s,s:s,s:s}", "ok", 1,
	                                "id", g->id, "name", g->name,
	                                "sort_key", g->sort_key,
	                                "command_pattern", g->pattern,
	                                "help_message",
	                                s->cfg.lang == MG_LANG_EN ? g->help_en
	                                                          : g->help_ja),
	              "system");
}

/* Roll cmd[0..n) (the dice bot of docs/MEGAMI.md): BCDice-API's answer, or 400 when the dice
 * bot answers nothing (bad text, a fixed list cannot run out here). */
static int roll(mg_serve_response *r, mg_serve *s, const char *cmd, size_t n,
                mg_dice_system sys)
{
	mg_dice_expr *e = NULL;
	mg_dice_diag d;
	mg_dice_result res;
	mg_dice_record rec;
	ut_buf line = UT_BUF_INIT, out = UT_BUF_INIT;
	int rc;

	if (n == 0)
		return fail(r, 400, "unsupported command", "no-command");
	rc = mg_dice_parse_system(&e, &d, cmd, n, sys, s->cfg.lang);
	if (rc == MG_ENOMEM)
		return rc;
	if (rc < 0)
		return fail(r, 400, "unsupported command", "bad-command");
	memset(&res, 0, sizeof(res));
	pthread_mutex_lock(&s->lock);
	mg_dice_record_init(&rec, &s->dice);
	rc = mg_dice_roll(&line, &res, &d, e, &rec.dice, s->cfg.lang);
	pthread_mutex_unlock(&s->lock);
	mg_dice_free(e);
	if (rc == MG_ENOMEM || rec.failed)
		rc = MG_ENOMEM;
	else if (rc < 0) /* an overflow when rolled: BCDice answers nothing */
		rc = fail(r, 400, "unsupported command", "bad-command");
	else if ((rc = mg_dice_json(&out, line.ptr, line.len, &res, &rec,
	                            MG_SEED_NONE, 0)) == 0) {
		r->status = 200;
		r->type = "application/json; charset=utf-8";
		r->body = out.ptr;
		r->len = out.len;
		r->detail = "roll";
		out.ptr = NULL;
	}
	mg_dice_record_free(&rec);
	ut_buf_free(&line);
	ut_buf_free(&out);
	return rc;
}

/* ---- original tables (BCDice's UserDefinedDiceTable) ---------------------- */

typedef struct tline {
	const char *p;
	size_t n;
} tline;

enum { T_SUM, T_D66, T_D66_ASC, T_D66_DESC };

static int is_space0(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' ||
	       c == '\r' || c == '\0';
}

/* The lines of text: split at \n (a \r before it goes too), each without
 * its trailing blanks, the empty ones left out (BCDice: split(/\r?\n/),
 * rstrip, reject empty).  The number of lines; *out owned (NULL when 0);
 * (size_t)-1 out of memory. */
static size_t table_lines(tline **out, const char *t, size_t len)
{
	size_t i = 0, k = 0, cap = 0;
	tline *v = NULL;

	*out = NULL;
	while (i < len) {
		size_t j = i, n;
		while (j < len && t[j] != '\n')
			j++;
		n = j - i;
		while (n > 0 && is_space0(t[i + n - 1]))
			n--;
		if (n > 0) {
			if (k == cap) {
				tline *nv = realloc(v, (cap = cap ? cap * 2 : 16) * sizeof(*v));
				if (!nv) {
					free(v);
					return (size_t)-1;
				}
				v = nv;
			}
			v[k].p = t + i;
			v[k++].n = n;
		}
		i = j + 1;
	}
	*out = v;
	return k;
}

/* Leading decimal digits of p[0..n) as a number, saturated at 2^62 (no
 * valid table gets near it); *used the digits' count. */
static uint64_t digits(const char *p, size_t n, size_t *used)
{
	uint64_t v = 0;
	size_t i;

	for (i = 0; i < n && p[i] >= '0' && p[i] <= '9'; i++)
		v = v > (UINT64_C(1) << 62) / 10 ? UINT64_C(1) << 62
		                                 : v * 10 + (uint64_t)(p[i] - '0');
	*used = i;
	return v;
}

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return (x > y) - (x < y);
}

/* The type line (upper-cased): NdX or D66[NASD]; -1 for another. */
static int table_type(const tline *l, uint64_t *times, uint64_t *sides)
{
	char t[24];
	size_t i, a, b;

	if (l->n >= sizeof(t))
		return -1;
	for (i = 0; i < l->n; i++)
		t[i] = l->p[i] >= 'a' && l->p[i] <= 'z' ? (char)(l->p[i] - 32) : l->p[i];
	t[l->n] = '\0';
	if (!strcmp(t, "D66") || !strcmp(t, "D66N"))
		return T_D66;
	if (!strcmp(t, "D66A") || !strcmp(t, "D66S"))
		return T_D66_ASC;
	if (!strcmp(t, "D66D"))
		return T_D66_DESC;
	*times = digits(t, l->n, &a);
	if (a == 0 || t[a] != 'D')
		return -1;
	*sides = digits(t + a + 1, l->n - a - 1, &b);
	if (b == 0 || a + 1 + b != l->n)
		return -1;
	return T_SUM;
}

/*
 * BCDice's valid?: every row is "<digits>:…"; the distinct indices, in
 * order, are exactly those the type can roll (NdX: N … N·X; D66: 11 … 66
 * with both digits 1 … 6; sorted ascending: tens ≤ ones; descending:
 * tens ≥ ones).  Also megami's dice limits for NdX (MG-DICE-LIMIT).
 */
/* The rows' indices ("<digits>:…"), sorted, each once, into ix[0..*k);
 * 0 when a row has no index. */
static int table_indices(uint64_t *ix, size_t *k, const tline *rows, size_t n)
{
	size_t i, used;

	*k = 0;
	for (i = 0; i < n; i++) {
		ix[i] = digits(rows[i].p, rows[i].n, &used);
		if (!(used > 0 && used < rows[i].n && rows[i].p[used] == ':'))
			return 0;
	}
	if (n)
		qsort(ix, n, sizeof(*ix), cmp_u64);
	for (i = 0; i < n; i++)
		if (*k == 0 || ix[*k - 1] != ix[i])
			ix[(*k)++] = ix[i];
	return 1;
}

/* Whether the distinct sorted indices ix[0..k) are exactly those a D66
 * table of `type` rolls (ascending: tens <= ones; descending: tens >= ones). */
static int d66_indices(const uint64_t *ix, size_t k, int type)
{
	size_t want = 0;
	uint64_t tens, ones;

	for (tens = 1; tens <= 6; tens++)
		for (ones = 1; ones <= 6; ones++) {
			if ((type == T_D66_ASC && tens > ones) ||
			    (type == T_D66_DESC && tens < ones))
				continue;
			if (!(want < k && ix[want++] == tens * 10 + ones))
				return 0;
		}
	return want == k;
}

static int table_valid(const tline *rows, size_t n, int type, uint64_t times,
                       uint64_t sides)
{
	uint64_t *ix = n ? malloc(n * sizeof(*ix)) : NULL;
	size_t k;
	int ok;

	if (n && !ix)
		return MG_ENOMEM;
	ok = table_indices(ix, &k, rows, n);
	if (ok && type == T_SUM)
		ok = times <= MG_DICE_MAX_TIMES && sides >= 1 &&
		     sides <= MG_DICE_MAX_SIDES &&
		     k == times * sides - times + 1 && k > 0 && ix[0] == times &&
		     ix[k - 1] == times * sides;
	else if (ok)
		ok = d66_indices(ix, k, type);
	free(ix);
	return ok;
}

/* Roll the table's index with rec's dice (the caller holds the lock). */
static int table_index(uint64_t *out, ut_dice *dice, int type, uint64_t times,
                       uint64_t sides)
{
	uint64_t i, v, a, b;
	int rc;

	if (type == T_SUM) {
		for (*out = 0, i = 0; i < times; i++) {
			if ((rc = ut_dice_roll(&v, dice, sides)) < 0)
				return rc;
			*out += v;
		}
		return 0;
	}
	if ((rc = ut_dice_roll(&a, dice, 6)) < 0 ||
	    (rc = ut_dice_roll(&b, dice, 6)) < 0)
		return rc;
	if ((type == T_D66_ASC && a > b) || (type == T_D66_DESC && a < b)) {
		v = a;
		a = b;
		b = v;
	}
	*out = a * 10 + b;
	return 0;
}

/* The chosen row's text: after "INDEX:", the two characters \n made a
 * newline, stripped of blanks at both ends (BCDice's gsub and strip). */
static void table_choice(ut_buf *b, const char *p, size_t n)
{
	size_t i, start = b->len;

	while (n > 0 && (is_space0(*p) && *p != '\0')) {
		p++;
		n--;
	}
	for (i = 0; i < n; i++) {
		if (p[i] == '\\' && i + 1 < n && p[i + 1] == 'n') {
			ut_buf_put(b, "\n", 1);
			i++;
		} else {
			ut_buf_put(b, p + i, 1);
		}
	}
	while (b->len > start && !b->failed && is_space0(b->ptr[b->len - 1]))
		b->len--;
	ut_buf_put(b, "", 0);
}

static json_t *table_rands(const mg_dice_record *rec)
{
	json_t *a = json_array();
	size_t i;

	for (i = 0; a && i < rec->n; i++)
		if (json_array_append_new(a, json_pack("{s:s,s:I,s:I}", "kind",
		                          "normal", "sides",
		                          (json_int_t)rec->rands[i].sides, "value",
		                          (json_int_t)rec->rands[i].value)) != 0) {
			json_decref(a);
			return NULL;
		}
	return a;
}

/* POST /v2/original_table: table=TEXT (title, dice, INDEX:TEXT rows). */
static int original_table(mg_serve_response *r, mg_serve *s, const char *t,
                          size_t len)
{
	tline *l = NULL;
	size_t n = table_lines(&l, t, len), i;
	uint64_t times = 0, sides = 0, index = 0;
	int type, ok, rc = 0;
	mg_dice_record rec;
	ut_buf text = UT_BUF_INIT;
	char key[32];
	json_t *str, *rands;

	if (n == (size_t)-1)
		return ut_error_set(MG_ENOMEM, "out of memory");
	type = n >= 2 ? table_type(&l[1], &times, &sides) : -1;
	ok = type >= 0 ? table_valid(l + 2, n - 2, type, times, sides) : 0;
	if (ok < 0) {
		free(l);
		return ok;
	}
	if (!ok) {
		free(l);
		return fail(r, 400, "unsupported table", "bad-table");
	}
	pthread_mutex_lock(&s->lock);
	mg_dice_record_init(&rec, &s->dice);
	rc = table_index(&index, &rec.dice, type, times, sides);
	pthread_mutex_unlock(&s->lock);
	if (rc < 0 || rec.failed) { /* (the generator itself cannot fail: the
	                               recorder ran out of memory) */
		mg_dice_record_free(&rec);
		free(l);
		return ut_error_set(MG_ENOMEM, "out of memory");
	}
	snprintf(key, sizeof(key), "%llu:", (unsigned long long)index);
	for (i = 2; i < n; i++)
		if (l[i].n >= strlen(key) && !memcmp(l[i].p, key, strlen(key)))
			break;
	if (i == n) { /* "01:" is index 1 but not the row "1:" */
		mg_dice_record_free(&rec);
		free(l);
		return fail(r, 400, "unsupported table", "bad-table");
	}
	ut_buf_put(&text, l[0].p, l[0].n);
	ut_buf_printf(&text, "(%llu) ＞ ", (unsigned long long)index);
	table_choice(&text, l[i].p + strlen(key), l[i].n - strlen(key));
	free(l);
	if (text.failed) {
		mg_dice_record_free(&rec);
		ut_buf_free(&text);
		return ut_error_set(MG_ENOMEM, "out of memory");
	}
	str = json_stringn(text.ptr, text.len);
	/* (jansson's NULL for text it refuses, or out of memory) */
	ok = str || !ut_utf8_valid(text.ptr, text.len);
	rands = table_rands(&rec);
	mg_dice_record_free(&rec);
	ut_buf_free(&text);
	if (!str) {
		json_decref(rands);
		return ok ? fail(r, 400, "unsupported table", "bad-table")
		          : ut_error_set(MG_ENOMEM, "out of memory");
	}
	if (!rands) {
		json_decref(str);
		return ut_error_set(MG_ENOMEM, "out of memory");
	}
	return answer(r, 200, json_pack("{s:b,s:o,s:o}", "ok", 1, "text", str,
	                                "rands", rands), "table");
}

/* ---- routing ------------------------------------------------------------- */

/* path is PREFIX followed by an id segment (no '/'); the id in *id. */
static int segment(const char *path, const char *prefix, const char *suffix,
                   const char **id, size_t *idlen)
{
	size_t p = strlen(prefix), sl = strlen(suffix), n = strlen(path);
	const char *slash;

	if (n <= p + sl || strncmp(path, prefix, p) != 0 ||
	    strcmp(path + n - sl, suffix) != 0)
		return 0;
	slash = memchr(path + p, '/', n - p - sl);
	if (slash)
		return 0;
	*id = path + p;
	*idlen = n - p - sl;
	return 1;
}

/* The game system of id[0..n) (BCDice-API compares ids exactly), or
 * NULL. */
static const gsys *system_of(const char *id, size_t n)
{
	size_t i;

	for (i = 0; i < sizeof(systems_served) / sizeof(systems_served[0]); i++)
		if (strlen(systems_served[i].id) == n &&
		    memcmp(id, systems_served[i].id, n) == 0)
			return &systems_served[i];
	return NULL;
}

/* The command of a roll request, then the roll. */
static int roll_request(mg_serve_response *r, mg_serve *s, const char *query,
                        const char *body, size_t len, const gsys *g)
{
	ut_buf cmd = UT_BUF_INIT;
	int rc = param(&cmd, query, body, len, "command");

	if (rc == MG_ENOMEM)
		ut_error_set(rc, "out of memory"); /* (cmd freed below) */
	else if (rc < 0)
		rc = fail(r, 400, "bad request", "bad-query");
	else if (rc == 0)
		rc = fail(r, 400, "unsupported command", "no-command");
	else
		rc = roll(r, s, cmd.ptr, cmd.len, g->sys);
	ut_buf_free(&cmd);
	return rc;
}

int mg_serve_handle(mg_serve_response *out, mg_serve *s, const char *method,
                    const char *path, const char *query, const char *body,
                    size_t len)
{
	int get = !strcmp(method, "GET") || !strcmp(method, "HEAD");
	int post = !strcmp(method, "POST");
	const char *id;
	const gsys *g;
	size_t idlen;
	int rc;

	memset(out, 0, sizeof(*out));
	if (!post)
		body = NULL;
	if (!strcmp(method, "OPTIONS")) { /* a CORS preflight (server.c adds
	                                     the headers) */
		out->status = 204;
		out->type = "text/plain; charset=utf-8";
		out->body = calloc(1, 1);
		out->detail = "preflight";
		return out->body ? 0 : ut_error_set(MG_ENOMEM, "out of memory");
	}
	if (!strcmp(path, "/v2/version") || !strcmp(path, "/v2/admin") ||
	    !strcmp(path, "/v2/game_system") ||
	    segment(path, "/v2/game_system/", "", &id, &idlen)) {
		if (!get)
			return not_allowed(out, allow_get);
		if (!strcmp(path, "/v2/version"))
			return version(out, s);
		if (!strcmp(path, "/v2/admin"))
			return admin(out, s);
		if (!strcmp(path, "/v2/game_system"))
			return systems(out);
		if (!(g = system_of(id, idlen)))
			return fail(out, 400, "unsupported game system", "no-system");
		return system_info(out, s, g);
	}
	if (segment(path, "/v2/game_system/", "/roll", &id, &idlen)) {
		if (!get && !post)
			return not_allowed(out, allow_roll);
		if (!(g = system_of(id, idlen)))
			return fail(out, 400, "unsupported game system", "no-system");
		return roll_request(out, s, query, body, len, g);
	}
	if (!strcmp(path, "/v2/original_table")) {
		ut_buf t = UT_BUF_INIT;
		if (!post)
			return not_allowed(out, allow_post);
		rc = param(&t, query, body, len, "table");
		if (rc == MG_ENOMEM)
			ut_error_set(rc, "out of memory"); /* (t freed below) */
		else if (rc < 0)
			rc = fail(out, 400, "bad request", "bad-query");
		else if (rc == 0)
			rc = fail(out, 400, "unsupported table", "bad-table");
		else
			rc = original_table(out, s, t.ptr, t.len);
		ut_buf_free(&t);
		return rc;
	}
	return fail(out, 404, "not found", "not-found");
}
