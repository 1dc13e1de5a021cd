/*
 * cmd_track.c - `megami track SCENARIO [--seed S] [--log FILE]`: the GM's
 * combat tracker (docs/MEGAMI.md "Tracker and replays", the MG-TRACK rules).
 *
 * The combat engine runs with a person deciding: every decision the engine
 * asks for (megami/combat.h) is typed at a prompt, the default policy's
 * choice taken on Enter; every die is either rolled (Enter: the seeded
 * generator) or typed as rolled at the table (1–6, re-asked otherwise).
 * The dice come through a callback source (util/rng.h ut_dice_callback).
 * After each step the new lines of the text log (megami/render.h) are
 * shown.  At the end, or on `q`, the session may be saved as a replay
 * (megami/replay.h) that `megami fight --replay` plays back.
 *
 * Lines are read with libedit (history, editing) when standard input is a
 * terminal, and as plain lines (echoed after the prompt) otherwise.
 */
#include <editline/readline.h>
#include <stdarg.h>
#include <locale.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "budget.h"
#include "scenario_io.h"

#include "megami/combat.h"
#include "megami/render.h"
#include "megami/replay.h"
#include "util/ckd.h"
#include "util/error.h"
#include "util/width.h"

static const char help_ja[] =
	"使い方: megami track [オプション]... シナリオ\n"
	"GMの戦闘トラッカー：シナリオの戦闘を、人が決めてダイスを振りながら進めます。\n"
	"決定のたびに選べる行動と既定の方針の選択（Enter で採用）を示し、ダイスの\n"
	"たびに Enter（乱数で振る）か卓で振った目（1〜6）を尋ねます。\n"
	"\n"
	"オプション:\n"
	"  --seed S          Enter で振るダイスの乱数のシード（既定: OS の乱数）\n"
	"  --log FILE        終わったときに戦闘ログ全体を FILE に書く\n"
	"  --max-events N    戦闘のイベントの上限（既定: 100000。卓の戦闘は\n"
	"                    数百件）：超えると戦闘はそこで止まります\n"
	"  --lang ja|en      メッセージとログの言語（既定: ja）\n"
	"  -h, --help        このヘルプを表示して終了する\n"
	"\n"
	"プロンプトのコマンド（? で一覧）:\n"
	"  Enter             既定の方針の選択を採る\n"
	"  a 攻撃 相手       攻撃（番号か名前）で相手（番号か名前）を攻撃する\n"
	"  f 攻撃 相手       とどめを刺す\n"
	"  m 位置            戦闘移動（位置は整数かキャラクター）\n"
	"  r 位置            全力移動\n"
	"  w                 待機        e   主プロセスを終える\n"
	"  y / n             待機中：いま行動する / 待機を続ける\n"
	"  s                 状況を表示  q   やめる（リプレイを保存するか尋ねる）\n"
	"\n"
	"リプレイは megami fight --replay FILE で再生できます。\n"
	"終了コード: 0 正常、1 入力の誤り、2 使い方の誤り\n";

static const char help_en[] =
	"Usage: megami track [OPTION]... SCENARIO\n"
	"The GM's combat tracker: play the scenario's combat with a person\n"
	"deciding and rolling.  Each decision shows what the character may do and\n"
	"the default policy's choice (taken on Enter); each die asks for Enter\n"
	"(roll it with the generator) or the value rolled at the table (1-6).\n"
	"\n"
	"Options:\n"
	"  --seed S          seed of the generator that rolls on Enter (default:\n"
	"                    fresh from the operating system)\n"
	"  --log FILE        write the whole combat log to FILE at the end\n"
	"  --max-events N    the most events of the combat (default 100000; a\n"
	"                    combat at a table has hundreds): it stops there\n"
	"  --lang ja|en      language of messages and the log (default ja)\n"
	"  -h, --help        print this help and exit\n"
	"\n"
	"Commands at the prompt (? lists them):\n"
	"  Enter             take the default policy's choice\n"
	"  a ATTACK TARGET   attack TARGET (number or name) with ATTACK (number or name)\n"
	"  f ATTACK TARGET   finish off (とどめ)\n"
	"  m POS             combat move (戦闘移動; POS a number or a character)\n"
	"  r POS             full move (全力移動)\n"
	"  w                 wait (待機)    e   end the main process\n"
	"  y / n             waiting: act now / keep waiting\n"
	"  s                 show the state q   quit (asks to save a replay)\n"
	"\n"
	"Play a saved replay with megami fight --replay FILE.\n"
	"Exit status: 0 ok, 1 bad input, 2 usage.\n";

static const struct option longopts[] = {
	MG_CLI_COMMON_LONGOPTS,
	{"seed", required_argument, NULL, OPT_SEED},
	{"log", required_argument, NULL, OPT_LOG},
	MG_CLI_MAX_EVENTS_LONGOPT,
	{NULL, 0, NULL, 0}
};

typedef struct track {
	ut_cli ui;
	const mg_scenario *s;
	mg_combat *c;
	mg_log *log;
	size_t shown;       /* log bytes already printed */
	ut_dice dice;
	mg_replay rep;
	int tty;            /* stdin is a terminal: libedit */
	int quit;           /* the person quit */
	uint64_t max_events; /* the combat's budget (MG-BUDGET-1, MG-TRACK-6) */
} track;

/* ---- input and output ---------------------------------------------------- */

/* Everything the tracker shows goes to stdout through util/out.h, checked:
 * a failure is reported once (megami: track: <stdout>: REASON) as soon as
 * input() sees it, and makes the exit status 1 (ut_cli_exit). */
static void say(const char *fmt, ...)
#if defined(__GNUC__)
	__attribute__((format(printf, 1, 2)))
#endif
	;

static void say(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	ut_out_vprintf(ut_out_stdout(), fmt, ap);
	va_end(ap);
}

/* Hand the transcript over before waiting for the person; say so at once
 * when it cannot be written (the session goes on: the prompts of libedit
 * and the --log file do not depend on it). */
static void show(track *t)
{
	if (ut_out_flush(ut_out_stdout()) < 0)
		ut_cli_out_report(&t->ui, "track", ut_out_stdout(), NULL);
}

/* One line typed after `prompt` (owned, without its newline), or NULL at
 * the end of input.  MG-TRACK-1 */
static char *input(track *t, const char *prompt)
{
	char *line = NULL;
	size_t cap = 0;
	ssize_t n;

	show(t);
	if (t->tty) {
		line = readline(prompt);
		if (line && *line)
			add_history(line);
		return line;
	}
	say("%s", prompt);
	show(t);
	n = getline(&line, &cap, stdin);
	if (n < 0) {
		free(line);
		say("\n");
		return NULL;
	}
	if (n > 0 && line[n - 1] == '\n')
		line[--n] = '\0';
	if (n > 0 && line[n - 1] == '\r')
		line[--n] = '\0';
	say("%s\n", line); /* the transcript shows what was typed */
	return line;
}

/* The log lines not shown yet. */
static void flush_log(track *t)
{
	size_t n;
	const char *s = mg_log_text(t->log, &n);

	if (n > t->shown) {
		ut_out_write(ut_out_stdout(), s + t->shown, n - t->shown);
		t->shown = n;
	}
}

/* s padded with blanks to `width` terminal columns. */
static void pad(const char *s, size_t width)
{
	size_t w = ut_width(s, strlen(s));
	say("%s", s);
	for (; w < width; w++)
		say(" ");
}

/* Split line into at most 8 words (in place). */
static size_t split(char *line, char **w)
{
	size_t n = 0;
	char *p = line;

	while (n < 8) {
		while (*p == ' ' || *p == '\t')
			p++;
		if (!*p)
			break;
		w[n++] = p;
		while (*p && *p != ' ' && *p != '\t')
			p++;
		if (*p)
			*p++ = '\0';
	}
	return n;
}

/* A whole number (an optional '-' when neg), or -1. */
static int parse_int(const char *s, int neg, int64_t *out)
{
	uint64_t v;
	int minus = neg && *s == '-';

	if (ut_cli_parse_u64(&v, s + minus, (uint64_t)INT64_MAX) < 0)
		return -1;
	*out = minus ? -(int64_t)v : (int64_t)v;
	return 0;
}

/* ---- dice: MG-TRACK-2 ---------------------------------------------------- */

static int ask_die(void *ud, uint64_t sides, size_t index, uint64_t *out)
{
	track *t = ud;
	char prompt[128];

	flush_log(t); /* what happened so far: why this die is rolled */
	snprintf(prompt, sizeof(prompt),
	         UT_TR(&t->ui, "ダイス%zu (d%llu) [Enter=振る / 1-%llu]> ",
	                    "die %zu (d%llu) [Enter=roll / 1-%llu]> "),
	         index, (unsigned long long)sides, (unsigned long long)sides);
	for (;;) {
		char *line = input(t, prompt), *w[8];
		size_t n;
		int64_t v;

		if (!line) {
			t->quit = 1;
			return ut_error_set(UT_ERROR, "quit");
		}
		n = split(line, w);
		if (n == 0) {
			*out = ut_rng_die(&t->dice.rng, sides);
			say(UT_TR(&t->ui, "  → %llu（振った目）\n", "  → %llu (rolled)\n"),
			    (unsigned long long)*out);
			free(line);
			break;
		}
		if (n == 1 && (strcmp(w[0], "q") == 0 || strcmp(w[0], "quit") == 0)) {
			free(line);
			t->quit = 1;
			return ut_error_set(UT_ERROR, "quit");
		}
		if (n == 1 && parse_int(w[0], 0, &v) == 0 && v >= 1 &&
		    (uint64_t)v <= sides) {
			*out = (uint64_t)v;
			free(line);
			break;
		}
		say(UT_TR(&t->ui, "  1から%lluの目を入力してください（Enter で振る、q でやめる）\n",
		               "  type a value from 1 to %llu (Enter rolls, q quits)\n"),
		    (unsigned long long)sides);
		free(line);
	}
	if (mg_replay_add_die(&t->rep, (int64_t)*out) < 0)
		return UT_ENOMEM;
	return 0;
}

/* ---- the state: MG-TRACK-3 ----------------------------------------------- */

static const char *state_word(track *t, const mg_char_state *st)
{
	if (st->state == MG_STATE_DEAD)
		return UT_TR(&t->ui, "死亡", "dead");
	if (st->state == MG_STATE_INCAPACITATED)
		return UT_TR(&t->ui, "戦闘不能", "incapacitated");
	switch (st->status) {
	case MG_STATUS_PENDING: return UT_TR(&t->ui, "未行動", "pending");
	case MG_STATUS_DONE: return UT_TR(&t->ui, "行動終了", "done");
	case MG_STATUS_WAITING: return UT_TR(&t->ui, "待機", "waiting");
	default: return UT_TR(&t->ui, "行動可", "able");
	}
}

static void show_state(track *t)
{
	size_t i, n, w = 4;
	const uint32_t *order = mg_combat_order(t->c, &n);
	char buf[64];

	for (i = 0; i < t->s->ncharacters; i++) {
		size_t cw = ut_width(t->s->characters[i].name,
		                     strlen(t->s->characters[i].name));
		if (cw > w)
			w = cw;
	}
	say(UT_TR(&t->ui, "== ラウンド %lld ==  順番:", "== round %lld ==  order:"),
	    (long long)mg_combat_round(t->c));
	for (i = 0; i < n; i++) {
		mg_char_state st;
		mg_combat_character(&st, t->c, order[i]);
		say(" %s%u.%s(%lld)", i ? "→ " : "", (unsigned)order[i] + 1,
		    st.name, (long long)st.initiative);
	}
	say("\n   #  ");
	pad(UT_TR(&t->ui, "名前", "name"), w);
	say(UT_TR(&t->ui, "  陣営  HP        位置  状態\n",
	               "  side  HP        pos   state\n"));
	for (i = 0; i < t->s->ncharacters; i++) {
		mg_char_state st;
		mg_combat_character(&st, t->c, i);
		say("  %2zu  ", i + 1);
		pad(st.name, w);
		snprintf(buf, sizeof(buf), "%lld/%lld", (long long)st.hp,
		         (long long)t->s->characters[i].hp);
		say("  %-4s  %-8s  %-4lld  %s\n",
		    st.side == MG_SIDE_PC ? "PC" : "NPC", buf,
		    (long long)st.position, state_word(t, &st));
	}
}

/* ---- decisions: MG-TRACK-4 ----------------------------------------------- */

static int64_t dist(int64_t a, int64_t b)
{
	return a > b ? (int64_t)((uint64_t)a - (uint64_t)b)
	             : (int64_t)((uint64_t)b - (uint64_t)a);
}

/* The action as typed at the prompt (and shown as the default). */
static void action_text(char *buf, size_t size, const mg_action *a)
{
	switch (a->kind) {
	case MG_ACT_ATTACK:
	case MG_ACT_FINISH:
		snprintf(buf, size, "%s %u %u", a->kind == MG_ACT_ATTACK ? "a" : "f",
		         (unsigned)a->attack + 1, (unsigned)a->target + 1);
		break;
	case MG_ACT_MOVE:
	case MG_ACT_FULL_MOVE:
		snprintf(buf, size, "%s %lld", a->kind == MG_ACT_MOVE ? "m" : "r",
		         (long long)a->to);
		break;
	case MG_ACT_WAIT: snprintf(buf, size, "w"); break;
	case MG_ACT_RESUME: snprintf(buf, size, "y"); break;
	case MG_ACT_STAY: snprintf(buf, size, "n"); break;
	default: snprintf(buf, size, "e"); break;
	}
}

/* What the actor may do now, with the default. */
static void show_options(track *t, const mg_ask *ask, const mg_action *def)
{
	const mg_character *me = &t->s->characters[ask->actor];
	mg_char_state st, tg;
	char dbuf[64];
	size_t a, i;
	int64_t allow = 5 + me->stat[MG_STAT_INITIATIVE];

	/* MG-MOVE-1 (the combat checks the real limit) */
	if (me->stat[MG_STAT_INITIATIVE] > INT64_MAX / 4)
		allow = INT64_MAX / 4;
	if (allow < 0)
		allow = 0;
	mg_combat_character(&st, t->c, ask->actor);
	action_text(dbuf, sizeof(dbuf), def);
	if (ask->kind == MG_ASK_RESUME) {
		say(UT_TR(&t->ui, "%s は待機中です。いま行動しますか？  y 行動する / n 待機を続ける\n",
		               "%s is waiting. Act now?  y act now / n keep waiting\n"),
		    me->name);
		say(UT_TR(&t->ui, "Enter = %s\n", "Enter = %s\n"), dbuf);
		return;
	}
	say(UT_TR(&t->ui, "%s の番（位置 %lld、残り: 簡易 %d・通常 %d%s）\n",
	               "%s to act (at %lld; left: simple %d, normal %d%s)\n"),
	    me->name, (long long)st.position, ask->simple, ask->normal,
	    ask->complex ? UT_TR(&t->ui, "・複雑 1", ", complex 1") : "");
	for (a = 0; a < me->nattacks; a++) {
		const mg_attack *at = &me->attacks[a];
		int ok = at->timing == MG_TIMING_COMPLEX ? ask->complex : ask->normal;
		for (i = 0; ok && i < t->s->ncharacters; i++) {
			mg_combat_character(&tg, t->c, i);
			if (tg.side == st.side || tg.state == MG_STATE_DEAD ||
			    dist(tg.position, st.position) > at->range)
				continue;
			say(UT_TR(&t->ui, "  a %zu %zu    %s → %s（距離 %lld m）\n",
			               "  a %zu %zu    attack %s on %s (distance %lld m)\n"),
			    a + 1, i + 1, at->name, tg.name,
			    (long long)dist(tg.position, st.position));
		}
		for (i = 0; ask->normal && i < t->s->ncharacters; i++) {
			mg_combat_character(&tg, t->c, i);
			if (tg.side == st.side || tg.state != MG_STATE_INCAPACITATED ||
			    dist(tg.position, st.position) > at->range)
				continue;
			say(UT_TR(&t->ui, "  f %zu %zu    とどめ：%s → %s\n",
			               "  f %zu %zu    finish off (とどめ) %s with %s\n"),
			    a + 1, i + 1, tg.name, at->name);
		}
	}
	/* where a move may end: position ± the distance (blocks aside) */
	for (i = 0; i < 2; i++) {
		int64_t d = i == 0 ? allow : 3 * allow, lo, hi;
		if (!(i == 0 ? ask->simple : ask->normal) || allow <= 0)
			continue;
		if (ut_ckd_sub(&lo, st.position, d) || ut_ckd_add(&hi, st.position, d))
			lo = hi = st.position;
		say(i == 0 ? UT_TR(&t->ui, "  m 位置   戦闘移動（%lld m まで: %lld〜%lld）\n",
		                        "  m POS    combat move (戦闘移動, up to %lld m: "
		                        "%lld to %lld)\n")
		           : UT_TR(&t->ui, "  r 位置   全力移動（%lld m まで: %lld〜%lld）\n",
		                        "  r POS    full move (全力移動, up to %lld m: "
		                        "%lld to %lld)\n"),
		    (long long)d, (long long)lo, (long long)hi);
	}
	if (ask->can_wait)
		say(UT_TR(&t->ui, "  w        待機\n", "  w        wait (待機)\n"));
	say(UT_TR(&t->ui, "  e        主プロセスを終える\n",
	               "  e        end the main process\n"));
	say("Enter = %s\n", dbuf);
}

/* A character by number (1…) or name; -1 if none. */
static long find_char(track *t, const char *w)
{
	int64_t v;
	size_t i;

	if (parse_int(w, 0, &v) == 0)
		return v >= 1 && (uint64_t)v <= t->s->ncharacters ? (long)(v - 1) : -1;
	for (i = 0; i < t->s->ncharacters; i++)
		if (strcmp(t->s->characters[i].name, w) == 0)
			return (long)i;
	return -1;
}

/* One of the actor's attacks by number (1…) or name; -1 if none. */
static long find_attack(const mg_character *me, const char *w)
{
	int64_t v;
	size_t i;

	if (parse_int(w, 0, &v) == 0)
		return v >= 1 && (uint64_t)v <= me->nattacks ? (long)(v - 1) : -1;
	for (i = 0; i < me->nattacks; i++)
		if (strcmp(me->attacks[i].name, w) == 0)
			return (long)i;
	return -1;
}

enum { CMD_ACT, CMD_AGAIN, CMD_QUIT };

/* Parse a typed command into *act.  Prints what is wrong (CMD_AGAIN). */
static int parse_command(track *t, const mg_ask *ask, char *line,
                         const mg_action *def, mg_action *act)
{
	const mg_character *me = &t->s->characters[ask->actor];
	char *w[8];
	size_t n = split(line, w);
	const char *k;

	memset(act, 0, sizeof(*act));
	if (n == 0) {
		*act = *def;
		return CMD_ACT;
	}
	k = w[0];
	if (!strcmp(k, "q") || !strcmp(k, "quit"))
		return CMD_QUIT;
	if (!strcmp(k, "?") || !strcmp(k, "help")) {
		/* the commands block of the help, up to its blank line */
		const char *h = strstr(UT_TR(&t->ui, help_ja, help_en),
		                       UT_TR(&t->ui, "プロンプトのコマンド", "Commands at"));
		const char *e = strstr(h, "\n\n");
		ut_out_write(ut_out_stdout(), h, (size_t)(e - h) + 1);
		return CMD_AGAIN;
	}
	if (!strcmp(k, "s") || !strcmp(k, "status")) {
		show_state(t);
		show_options(t, ask, def);
		return CMD_AGAIN;
	}
	if ((!strcmp(k, "a") || !strcmp(k, "attack") || !strcmp(k, "f") ||
	     !strcmp(k, "finish")) && n == 3) {
		long a = find_attack(me, w[1]), c = find_char(t, w[2]);
		if (a < 0) {
			say(UT_TR(&t->ui, "  %s に攻撃「%s」はありません\n",
			               "  %s has no attack '%s'\n"), me->name, w[1]);
			return CMD_AGAIN;
		}
		if (c < 0) {
			say(UT_TR(&t->ui, "  キャラクター「%s」はいません\n",
			               "  no character '%s'\n"), w[2]);
			return CMD_AGAIN;
		}
		act->kind = k[0] == 'a' ? MG_ACT_ATTACK : MG_ACT_FINISH;
		act->attack = (uint32_t)a;
		act->target = (uint32_t)c;
		return CMD_ACT;
	}
	if ((!strcmp(k, "m") || !strcmp(k, "move") || !strcmp(k, "r") ||
	     !strcmp(k, "run")) && n == 2) {
		long c;
		act->kind = k[0] == 'm' ? MG_ACT_MOVE : MG_ACT_FULL_MOVE;
		if (parse_int(w[1], 1, &act->to) == 0)
			return CMD_ACT;
		if ((c = find_char(t, w[1])) >= 0) {
			mg_char_state st;
			mg_combat_character(&st, t->c, (size_t)c);
			act->to = st.position;
			return CMD_ACT;
		}
		say(UT_TR(&t->ui, "  位置「%s」が分かりません（整数かキャラクター）\n",
		               "  '%s' is not a position (a whole number or a character)\n"),
		    w[1]);
		return CMD_AGAIN;
	}
	if (n == 1) {
		static const struct {
			const char *s, *l;
			mg_action_kind kind;
		} simple[] = {
			{"w", "wait", MG_ACT_WAIT}, {"e", "end", MG_ACT_END},
			{"y", "resume", MG_ACT_RESUME}, {"n", "stay", MG_ACT_STAY},
		};
		size_t i;
		for (i = 0; i < sizeof(simple) / sizeof(simple[0]); i++)
			if (!strcmp(k, simple[i].s) || !strcmp(k, simple[i].l)) {
				act->kind = simple[i].kind;
				return CMD_ACT;
			}
	}
	say(UT_TR(&t->ui, "  「%s」は分かりません（? で一覧）\n",
	               "  unknown command '%s' (? lists them)\n"), line);
	return CMD_AGAIN;
}

/* ---- saving: MG-TRACK-5 -------------------------------------------------- */

/* Ask for a file name until the replay is saved there (replaced whole or
 * not at all: util/out.h) or none is given.  A failure is reported
 * (megami: track: FILE: REASON) and the name asked again.  Returns 0, or
 * -1 when the last attempt failed (or the replay could not be made). */
static int offer_save(track *t)
{
	char *text = NULL;
	size_t len = 0;
	int rc = 0;

	if (mg_replay_write(&text, &len, &t->rep) < 0) {
		ut_cli_error(&t->ui, "%s", mg_error_last());
		return -1;
	}
	for (;;) {
		char *name = input(t, UT_TR(&t->ui, "リプレイを保存するファイル（Enter: 保存しない）> ",
		                                 "save the replay to (Enter: don't save)> "));
		ut_out f;
		if (!name || !*name) {
			free(name);
			break;
		}
		if (ut_out_open(&f, name) == 0)
			ut_out_write(&f, text, len);
		rc = ut_cli_out_close(&t->ui, "track", &f, NULL) == UT_EXIT_OK ? 0 : -1;
		if (rc == 0)
			say(UT_TR(&t->ui, "保存しました: %s\n", "saved: %s\n"), name);
		free(name);
		if (rc == 0)
			break;
	}
	free(text);
	return rc;
}

/* --log FILE: the whole log (replaced whole or not at all: util/out.h);
 * 0, or -1 after "megami: track: FILE: REASON". */
static int write_log(track *t, const char *path)
{
	size_t n;
	const char *s = mg_log_text(t->log, &n);
	ut_out f;

	if (ut_out_open(&f, path) == 0)
		ut_out_write(&f, s, n);
	return ut_cli_out_close(&t->ui, "track", &f, NULL) == UT_EXIT_OK ? 0 : -1;
}

/* ---- the session ---------------------------------------------------------- */

/* The combat stopped with rc (not an illegal action): say why; -1. */
static int stopped(track *t, int rc)
{
	if (rc == MG_ELIMIT) /* MG-BUDGET-1 */
		mg_cli_budget_spent(&t->ui, "track", t->max_events,
		                    mg_combat_round(t->c));
	else
		ut_cli_error(&t->ui, "%s", mg_error_last());
	return -1;
}

static int session(track *t)
{
	int64_t shown_round = -1;

	for (;;) {
		mg_ask ask;
		mg_action def, act;
		int rc = mg_combat_next(&ask, t->c), cmd;
		char prompt[256];

		flush_log(t);
		if (rc < 0) {
			if (t->quit)
				return 0;
			return stopped(t, rc);
		}
		if (ask.kind == MG_ASK_OVER) {
			if (mg_log_finish(t->log, t->c, 0) < 0) {
				ut_cli_error(&t->ui, "%s", mg_error_last());
				return -1;
			}
			flush_log(t);
			return 0;
		}
		if (mg_policy_default(&def, t->c, &ask) < 0) {
			def.kind = ask.kind == MG_ASK_RESUME ? MG_ACT_RESUME : MG_ACT_END;
		}
		if (ask.kind == MG_ASK_RESUME || shown_round != ask.round ||
		    ask.nsimple + ask.nnormal + ask.ncomplex == 0) {
			show_state(t);
			shown_round = ask.round;
		}
		show_options(t, &ask, &def);
		snprintf(prompt, sizeof(prompt), "%s> ",
		         t->s->characters[ask.actor].name);
		for (;;) {
			char *line = input(t, prompt);
			if (!line)
				return 0; /* the end of input: as q */
			cmd = parse_command(t, &ask, line, &def, &act);
			free(line);
			if (cmd == CMD_QUIT)
				return 0;
			if (cmd == CMD_AGAIN)
				continue;
			/* the decision goes before the dice it makes roll */
			if (mg_replay_add_action(&t->rep, &act) < 0) {
				ut_cli_error(&t->ui, "%s", mg_error_last());
				return -1;
			}
			rc = mg_combat_act(t->c, &act);
			if (rc == 0)
				break;
			if (t->quit) {
				flush_log(t);
				return 0;
			}
			if (rc != MG_EINVALID) {
				flush_log(t);
				return stopped(t, rc);
			}
			/* MG-ACT-1: refused, nothing changed: ask again */
			t->rep.nitems--;
			say(UT_TR(&t->ui, "  できません: %s\n", "  not possible: %s\n"),
			    mg_error_last());
		}
		flush_log(t);
	}
}

int cmd_track(const ut_cli *base, int argc, char **argv)
{
	track t;
	mg_scenario_doc *doc = NULL;
	mg_combat_opts co = MG_COMBAT_OPTS_INIT;
	const char *log_path = NULL, *path;
	char *yaml = NULL;
	size_t yaml_len = 0;
	uint64_t seed = 0;
	int c, status = UT_EXIT_OK, has_seed = 0;

	memset(&t, 0, sizeof(t));
	t.ui = *base;
	ut_cli_getopt_begin(&t.ui, argc, argv, MG_CLI_SHORTOPTS, longopts,
	                    OPT_LANG);
	while ((c = getopt_long(argc, argv, MG_CLI_SHORTOPTS, longopts, NULL)) != -1) {
		switch (c) {
		case 'h':
			return ut_cli_help(&t.ui, help_ja, help_en);
		case OPT_LANG:
			if (ut_cli_lang(&t.ui, "track", optarg) != 0)
				return UT_EXIT_USAGE;
			break;
		case OPT_SEED:
			has_seed = 1;
			if (ut_cli_parse_u64(&seed, optarg, UINT64_MAX) < 0)
				return ut_cli_usage_error(&t.ui, "track",
				       UT_TR(&t.ui, "--seed には0から18446744073709551615までの"
				                    "整数を指定してください（「%s」）",
				             "--seed needs a whole number from 0 to "
				             "18446744073709551615, not '%s'"), optarg);
			break;
		case OPT_LOG:
			log_path = optarg;
			break;
		case OPT_MAX_EVENTS:
			if (ut_cli_max_events(&t.max_events, &t.ui, "track",
			                      optarg) != 0)
				return UT_EXIT_USAGE;
			break;
		default:
			return ut_cli_bad_option(&t.ui, "track", c, argv, longopts);
		}
	}
	if (argc - optind != 1)
		return ut_cli_usage_error(&t.ui, "track",
		       argc - optind == 0
		       ? UT_TR(&t.ui, "シナリオが指定されていません", "no scenario given")
		       : UT_TR(&t.ui, "シナリオは1つだけです", "only one scenario"));
	path = argv[optind];
	if (strcmp(path, "-") == 0)
		return ut_cli_usage_error(&t.ui, "track",
		       UT_TR(&t.ui, "標準入力はコマンドを読むので、シナリオはファイルで"
		                    "指定してください",
		             "standard input is for commands: give the scenario "
		             "as a file"));
	setlocale(LC_CTYPE, "");
	if ((status = mg_cli_scenario_file(&t.ui, path, MG_CLI_MAX_BYTES, NULL, &doc)) != UT_EXIT_OK)
		return status;
	t.s = mg_scenario_doc_scenario(doc);
	t.tty = isatty(STDIN_FILENO);
	/* MG-TRACK-5: the replay names the file and carries the scenario */
	if (mg_scenario_to_yaml(&yaml, &yaml_len, t.s) < 0 ||
	    mg_replay_set_scenario(&t.rep, path, yaml, yaml_len) < 0 ||
	    mg_log_new(&t.log, MG_LOG_TEXT, (mg_lang)t.ui.lang, NULL, NULL) < 0)
		goto oom;
	/* M8.11: a fresh seed unless given; shown below, kept in the replay */
	if (!has_seed && (status = mg_cli_fresh_seed(&t.ui, "track", &seed)))
		goto out;
	t.rep.has_seed = 1;
	t.rep.seed = seed;
	ut_dice_callback(&t.dice, ask_die, &t, seed);
	mg_log_set_seed(t.log, seed);
	co.dice = &t.dice;
	if (t.max_events)
		co.max_events = t.max_events;
	t.max_events = co.max_events;
	co.on_event = mg_log_event;
	co.event_ud = t.log;
	if (mg_combat_new(&t.c, t.s, &co) < 0) {
		ut_cli_error(&t.ui, "%s: %s", path, mg_error_last());
		status = UT_EXIT_INPUT;
		goto out;
	}
	say(UT_TR(&t.ui, "megami track: %s（シード %llu）。? でコマンドの一覧。\n",
	             "megami track: %s (seed %llu). ? lists the commands.\n"),
	    path, (unsigned long long)seed);
	if (session(&t) < 0)
		status = UT_EXIT_INPUT;
	if (t.quit || status != UT_EXIT_OK)
		say(UT_TR(&t.ui, "（戦闘の途中でやめました）\n",
		             "(stopped before the end of the combat)\n"));
	{
		mg_result r;
		mg_combat_result(&r, t.c);
		if (!r.over && !t.quit && status == UT_EXIT_OK)
			say(UT_TR(&t.ui, "（戦闘の途中でやめました）\n",
			             "(stopped before the end of the combat)\n"));
	}
	if (offer_save(&t) < 0)
		status = UT_EXIT_INPUT;
	if (log_path && write_log(&t, log_path) < 0)
		status = UT_EXIT_INPUT;
	goto out;
oom:
	ut_cli_error(&t.ui, "%s", mg_error_last());
	status = UT_EXIT_INPUT;
out:
	show(&t); /* and ut_cli_exit sets the status */
	mg_combat_free(t.c);
	mg_log_free(t.log);
	mg_replay_free(&t.rep);
	free(yaml);
	mg_scenario_doc_free(doc);
	return status;
}
