/*
 * cmd_track.c - `megami track SCENARIO [--seed S] [--log FILE] [--auto npc]`
 * or `megami track --resume REPLAY`: the GM's
 * combat tracker (docs/MEGAMI.md "Tracker and replays", the MG-TRACK rules).
 *
 * The combat engine runs with a person deciding: every decision the engine
 * asks for (megami/combat.h) is typed at a prompt, the default policy's
 * choice taken on Enter; every die is either rolled (Enter: the seeded
 * generator) or typed as rolled at the table (1–6, re-asked otherwise),
 * at a prompt that says whose roll it is and what for.  The GM may undo
 * and redo, adjust HP, positions and conditions, and ask for the odds.
 * At the end, or on `q`, the session may be saved as a replay
 * (megami/replay.h) that `megami fight --replay` plays back.
 *
 * This file is the command (options, the scenario, saving); the session is
 * track_session.c and its neighbours (track.h).
 */
#include <errno.h>
#include <limits.h>
#include <langinfo.h>
#include <locale.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "budget.h"
#include "scenario_io.h"
#include "track.h"

#include "util/error.h"
#include "util/out.h"

static const char help_ja[] =
	"使い方: megami track [オプション]... シナリオ\n"
	"  または: megami track [オプション]... --resume リプレイ\n"
	"GMの戦闘トラッカー：シナリオの戦闘を、人が決めてダイスを振りながら進めます。\n"
	"決定のたびに選べる行動と既定の方針の選択（Enter で採用）を示し、ダイスの\n"
	"たびに Enter（判定のダイスを乱数で振る）か卓で振った目（1〜6）を尋ねます。\n"
	"\n"
	"オプション:\n"
	"  --seed S          Enter で振るダイスの乱数の種（既定: OS の乱数）\n"
	"  --log FILE        終わったときに戦闘ログ全体を FILE に書く\n"
	"  --auto npc        NPCの決定は既定の方針で、NPCのダイスは乱数で、尋ねずに\n"
	"                    進める（PCの分だけ尋ねる。リプレイとログはそのたびに\n"
	"                    Enter を押したときと同じ）\n"
	"  --resume REPLAY   保存したリプレイの戦闘を、止めたプロンプトから続ける\n"
	"                    （シナリオと種はリプレイのもの。Enter の乱数も\n"
	"                    続きから）\n"
	"  --max-events N    戦闘のイベントの上限（既定: 100000。卓の戦闘は\n"
	"                    数百件）：超えると戦闘はそこで止まります\n"
	UT_CLI_MAX_BYTES_HELP_JA("     ")
	"  --lang ja|en      メッセージとログの言語（既定: ja）\n"
	"  -h, --help        このヘルプを表示して終了する\n"
	"\n"
	"プロンプトのコマンド（どのプロンプトでも ? で一覧）:\n"
	"  Enter             既定の方針の選択を採る（ダイスでは乱数で振る）\n"
	"  a 攻撃 相手       攻撃（番号か名前）で相手（番号か名前）を攻撃する\n"
	"  f 攻撃 相手       とどめを刺す\n"
	"  m 位置 / r 位置   戦闘移動 / 全力移動（位置は整数かキャラクター）\n"
	"  w / e             待機 / 主プロセスを終える\n"
	"  y / n             待機中：いま行動する / 待機を続ける\n"
	"  gm hp 相手 値     GMの手：HP（gm dmg / gm heal 相手 値：減らす / 増やす）、\n"
	"                    gm pos 相手 位置：位置、gm add / gm clear\n"
	"                    相手 戦闘不能|死亡：状態をつける / 外す、\n"
	"                    gm end pc|npc|none：ラウンド進行を終える（勝者はGMの判断）、\n"
	"                    gm enter 相手：未登場のキャラクターをいま登場させる\n"
	"  u / r             取り消す（ひとつ前の決定まで）/ やり直す\n"
	"  o                 見込み：ここから1万回戦ったときの勝率と終わるラウンド\n"
	"  1-6, a            ダイス：卓で振った目 / この判定の残り（イニシアティブ\n"
	"                    ではNPC全員の分も）を乱数で振る\n"
	"  3 4, 3,4, 3、4    2D6 の2個の目を1行で（全角でも）。BCDice の結果\n"
	"                    「(2D6) ＞ 7[3,4] ＞ 7」は [ ] の中の目を使います。\n"
	"                    合計（2D6 の「7」）は目に分けられないので受け付けません：\n"
	"                    出た目を尋ねて入力するか、Enter で振ってください\n"
	"  s                 状況を表示\n"
	"  q                 やめる（リプレイを保存するか尋ねる）\n"
	"  Ctrl-C            入力中の行を消す（2回続けると q と同じ）\n"
	"\n"
	"端末が閉じたとき（SIGHUP）と SIGTERM でも、リプレイと --log を保存して\n"
	"終わります。\n"
	"リプレイは megami fight --replay FILE で再生できます。\n"
	"終了コード: 0 正常、1 入力の誤り、2 使い方の誤り\n";

static const char help_en[] =
	"Usage: megami track [OPTION]... SCENARIO\n"
	"  or:  megami track [OPTION]... --resume REPLAY\n"
	"The GM's combat tracker: play the scenario's combat with a person\n"
	"deciding and rolling.  Each decision shows what the character may do and\n"
	"the default policy's choice (taken on Enter); each die asks for Enter\n"
	"(roll the dice of its roll with the generator) or the value rolled at\n"
	"the table (1-6).\n"
	"\n"
	"Options:\n"
	"  --seed S          seed of the generator that rolls on Enter (default:\n"
	"                    fresh from the operating system)\n"
	"  --log FILE        write the whole combat log to FILE at the end\n"
	"  --auto npc        the NPCs decide by the default policy and roll with\n"
	"                    the generator, unasked: only the PCs are asked (the\n"
	"                    replay and the log are those of Enter at each prompt)\n"
	"  --resume REPLAY   go on with a saved replay's fight at the prompt where it\n"
	"                    stopped (its scenario and seed; Enter's dice go on too)\n"
	"  --max-events N    the most events of the combat (default 100000; a\n"
	"                    combat at a table has hundreds): it stops there\n"
	UT_CLI_MAX_BYTES_HELP_EN("     ")
	"  --lang ja|en      language of messages and the log (default ja)\n"
	"  -h, --help        print this help and exit\n"
	"\n"
	"Commands at the prompts (? at any prompt lists them):\n"
	"  Enter             take the default policy's choice (at a die: roll it)\n"
	"  a ATTACK TARGET   attack TARGET (number or name) with ATTACK (number or name)\n"
	"  f ATTACK TARGET   finish off (とどめ)\n"
	"  m POS / r POS     combat move / full move (POS a number or a character)\n"
	"  w / e             wait (待機) / end the main process\n"
	"  y / n             waiting: act now / keep waiting\n"
	"  gm hp WHO N       the GM's hand: HP (gm dmg / gm heal WHO N: less / more);\n"
	"                    gm pos WHO POS: position; gm add /\n"
	"                    gm clear WHO incapacitated|dead: add / clear a condition;\n"
	"                    gm end pc|npc|none: end the round progression (the\n"
	"                    winner is the GM's call); gm enter WHO: bring in now\n"
	"                    a character yet to enter the scene\n"
	"  u / r             undo (back to the previous decision) / redo\n"
	"  o                 odds: 10,000 fights from here, chances and rounds\n"
	"  1-6, a            at a die: the value rolled / roll the rest of the roll\n"
	"                    (at initiative: every NPC's too)\n"
	"  3 4, 3,4, 3、4    both dice of a 2D6 on one line (full width too); from\n"
	"                    BCDice's '(2D6) ＞ 7[3,4] ＞ 7' the dice in [ ] are\n"
	"                    taken.  A total ('7' for a 2D6) can't be split into\n"
	"                    dice and is refused: ask for the dice rolled and type\n"
	"                    them, or roll with Enter\n"
	"  s                 show the state\n"
	"  q                 quit (asks to save a replay)\n"
	"  Ctrl-C            drop the line being typed (twice in a row: as q)\n"
	"\n"
	"A closed terminal (SIGHUP) or SIGTERM saves the replay and --log too.\n"
	"Play a saved replay with megami fight --replay FILE.\n"
	"Exit status: 0 ok, 1 bad input, 2 usage.\n";

static const struct option longopts[] = {
	MG_CLI_COMMON_LONGOPTS,
	{"seed", required_argument, NULL, OPT_SEED},
	{"log", required_argument, NULL, OPT_LOG},
	{"auto", required_argument, NULL, OPT_AUTO},
	{"resume", required_argument, NULL, OPT_RESUME},
	MG_CLI_MAX_EVENTS_LONGOPT,
	MG_CLI_MAX_BYTES_LONGOPT,
	{NULL, 0, NULL, 0}
};

/* ---- saving: MG-TRACK-5 -------------------------------------------------- */

/* The folder of p made absolute (realpath) and p's last part: the name a
 * file that does not exist yet will have; -1 when the folder is not
 * there. */
static int canon(const char *p, char *out, size_t size)
{
	const char *slash = strrchr(p, '/');
	char dir[PATH_MAX], real[PATH_MAX];
	size_t len = slash ? (size_t)(slash - p) : 0;

	if (len >= sizeof(dir))
		return -1;
	if (slash)
		memcpy(dir, p, len);
	if (len == 0)
		memcpy(dir, slash ? "/" : ".", 2);
	else
		dir[len] = '\0';
	if (!realpath(dir, real))
		return -1;
	return snprintf(out, size, "%s/%s", real, slash ? slash + 1 : p) <
	       (int)size ? 0 : -1;
}

/* a and b name the same file: the same inode when both exist (a link, a
 * path spelled otherwise), else the same folder and name (MG-TRACK-5). */
static int same_file(const char *a, const char *b)
{
	struct stat sa, sb;
	char ca[PATH_MAX + NAME_MAX + 2], cb[PATH_MAX + NAME_MAX + 2];

	if (stat(a, &sa) == 0 && stat(b, &sb) == 0)
		return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
	return canon(a, ca, sizeof(ca)) == 0 && canon(b, cb, sizeof(cb)) == 0 &&
	       strcmp(ca, cb) == 0;
}

/* "  to go on: megami track --resume NAME", with the options that shape
 * the prompts (--auto npc, --lang en: the replay holds neither), NAME a
 * shell's word (ut_cli_shell_word; GM review 2026-12-07: a session of
 * --auto npc resumed without it asked for the NPCs' dice). */
static void resume_hint(track *t, const char *name)
{
	char word[4 * UT_CLI_NAME_MAX + 3];

	ut_cli_shell_word(word, sizeof(word), name);
	tr_say("%s%s%s --resume %s\n",
	       UT_TR(&t->ui, "  続けるには: megami track", "  to go on: megami track"),
	       t->ui.lang == UT_LANG_EN ? " --lang en" : "",
	       t->auto_npc ? " --auto npc" : "", word);
}

/* Write the replay text to `name` (replaced whole or not at all:
 * util/out.h) and say so; 0, or -1 after "megami: track: FILE: REASON". */
static int save_to(track *t, const char *name, const char *text, size_t len)
{
	char dir[PATH_MAX], nbuf[UT_CLI_NAME_MAX], dbuf[UT_CLI_NAME_MAX];
	ut_out f;
	int e;

	/* what is wrong with the name, as --log and --svg say it (language
	 * review 2026-12-07: a folder that does not exist was a bare "No
	 * such file or directory") */
	e = ut_out_check(name, dir, sizeof dir);
	if (e == EISDIR || (e == ENOENT && dir[0])) {
		ut_cli_error(&t->ui, e == EISDIR
		             ? UT_TR(&t->ui, "track: %s はフォルダです：ファイル名を"
		                             "入力してください%.0s",
		                     "track: %s is a folder: type a file name%.0s")
		             : UT_TR(&t->ui, "track: %s：フォルダ %s がありません",
		                     "track: %s: the folder %s does not exist"),
		             ut_cli_shown_name(nbuf, name),
		             ut_cli_shown_name(dbuf, dir));
		return -1;
	}
	if (ut_out_open(&f, name, NULL) == 0)
		ut_out_write(&f, text, len);
	if (ut_cli_out_close(&t->ui, "track", &f, NULL) != UT_EXIT_OK)
		return -1;
	char buf[UT_CLI_NAME_MAX];
	const char *shown = ut_cli_shown_name(buf, name);
	mg_result r;
	tr_say(UT_TR(&t->ui, "保存しました: %s\n", "saved: %s\n"), shown);
	mg_combat_result(&r, t->c);
	/* MG-TRACK-14: the command that goes on, when the name is shown as
	 * it is (not one with control characters shown as <U+XXXX>) */
	if (!r.over && strcmp(shown, name) == 0)
		resume_hint(t, shown);
	return 0;
}

/* A name of the tracker's own for the replay, when nobody can be asked
 * (MG-TRACK-12): the scenario's file name without its extension, then
 * ".replay", in the current folder: duel.replay, else duel-2.replay, …,
 * the first that does not exist. */
static int own_name(track *t, char *buf, size_t size)
{
	const char *base = strrchr(t->path, '/'), *dot;
	struct stat st;
	int len, k;

	base = base ? base + 1 : t->path;
	dot = strrchr(base, '.');
	len = (int)(dot && dot != base ? (size_t)(dot - base) : strlen(base));
	for (k = 1; k <= 1000; k++) {
		if (k == 1)
			snprintf(buf, size, "%.*s.replay", len, base);
		else
			snprintf(buf, size, "%.*s-%d.replay", len, base, k);
		if (lstat(buf, &st) < 0 && errno == ENOENT &&
		    !(t->log_path && same_file(buf, t->log_path)))
			return 0;
	}
	return -1;
}

/* Whether the replay may not go to `name` (MG-TRACK-5): never over the
 * scenario being played or the --log file (said); over another file
 * that exists only when the person says y.  1 to ask for a name again. */
static int refused(track *t, const char *name)
{
	struct stat st;
	char prompt[UT_CLI_NAME_MAX + 128], buf[UT_CLI_NAME_MAX];
	/* the name as shown (a resumed replay's scenario names it) */
	const char *shown = ut_cli_shown_name(buf, name);
	char *yes;
	int no;

	if (same_file(name, t->path)) {
		tr_say(UT_TR(&t->ui, "  「%s」は戦っているシナリオです。別の名前にしてください\n",
		             "  '%s' is the scenario being played: give another name\n"),
		       shown);
		return 1;
	}
	if (t->log_path && same_file(name, t->log_path)) {
		tr_say(UT_TR(&t->ui, "  「%s」は --log のファイルです。別の名前にしてください\n",
		             "  '%s' is the --log file: give another name\n"), shown);
		return 1;
	}
	if (stat(name, &st) < 0 || !S_ISREG(st.st_mode))
		return 0; /* new, or a device (/dev/null) written in place */
	snprintf(prompt, sizeof(prompt),
	         UT_TR(&t->ui, "「%s」はもうあります。置き換えますか？ [y/N]> ",
	               "'%s' exists. Replace it? [y/N]> "), shown);
	yes = tr_input_at(t, prompt, 1);
	no = !yes || !(tr_is(yes, "y", "yes") || tr_is(yes, "Y", "はい"));
	free(yes);
	if (no && !t->stop_signal && !t->interrupted)
		tr_say("%s", UT_TR(&t->ui, "  置き換えません\n", "  not replaced\n"));
	return no;
}

/* Save without asking (MG-TRACK-12): 0, or -1 after the error. */
static int save_own(track *t, const char *text, size_t len)
{
	char name[512];

	if (own_name(t, name, sizeof(name)) < 0) {
		ut_cli_error(&t->ui, UT_TR(&t->ui, "track: リプレイを保存する名前が見つかりません",
		                           "track: no free name to save the replay to"));
		return -1;
	}
	return save_to(t, name, text, len);
}

/* Ask for a file name until the replay is saved there or none is given.
 * A failure is reported (megami: track: FILE: REASON) and the name asked
 * again.  After SIGHUP or SIGTERM, a second Ctrl-C in a row at this
 * prompt, or Ctrl-D (the end of input) at a terminal, the replay is saved
 * under a name of its own (own_name, MG-TRACK-12): Ctrl-D twice, quit and
 * then this prompt, is a reflex too (GM review 2026-12-04, 4); a script's
 * input that ends here saves nothing, as an empty name.  Returns 0, or -1
 * when the last attempt failed (or the replay could not be made). */
static int offer_save(track *t)
{
	char *text = NULL;
	size_t len = 0;
	int rc = 0;

	if (mg_replay_write(&text, &len, &t->rep) < 0) {
		ut_cli_error(&t->ui, "%s", mg_error_last());
		return -1;
	}
	/* a Ctrl-C that quit the session does not count at this prompt */
	t->interrupted = 0;
	t->interrupts = 0;
	for (;;) {
		char *name;
		if (t->stop_signal) {
			rc = save_own(t, text, len);
			break;
		}
		name = tr_input_at(t, UT_TR(&t->ui, "リプレイを保存するファイル（Enter: 保存しない）> ",
		                                 "save the replay to (Enter: don't save)> "), 1);
		if (!name && (t->interrupted || t->stop_signal || t->tty)) {
			rc = save_own(t, text, len);
			break;
		}
		if (!name || !*name) {
			/* a name asked for and not written stays a failure
			 * (exit 1), also when the GM then declines: the
			 * session's writes are checked (output/dev_full) */
			free(name);
			break;
		}
		if (strcmp(name, "?") == 0) { /* MG-TRACK-11 */
			free(name);
			tr_help(t, HELP_SAVE);
			continue;
		}
		if (!refused(t, name)) {
			rc = save_to(t, name, text, len);
			if (rc == 0) {
				free(name);
				break;
			}
		}
		free(name);
	}
	free(text);
	return rc;
}

/* --log FILE, opened before the fight (a file that cannot be written is
 * said at once, MG-TRACK-5), written at the end: the whole log (replaced
 * whole or not at all: util/out.h); 0, or -1 after "megami: track: --log
 * FILE: REASON". */
static int write_log(track *t, ut_out *f)
{
	size_t n;
	const char *s = mg_log_text(t->log, &n);

	ut_out_write(f, s, n);
	return ut_cli_out_close(&t->ui, "track", f, NULL) == UT_EXIT_OK ? 0 : -1;
}

/* ---- resuming: MG-TRACK-14 ------------------------------------------------- */

/* The most dice of the generator a replay resumed may say were rolled
 * ("rolled N"): a session at a table rolls hundreds; the generator is
 * brought to where it was by rolling them again. */
#define TR_ROLLED_MAX 10000000u

/* The replay loaded into t->rep is played on a combat of its own first,
 * as fight --replay plays it, so that a bad item is said where it is
 * (FILE:LINE:COL) before the session starts; then the places are dropped
 * (TR_AUTO_MARK lives in `col`).  0, or -1 after the error. */
static int check_resume(track *t, const char *shown, const char *text,
                        size_t len)
{
	mg_replay_player p;
	mg_combat_opts co = MG_COMBAT_OPTS_INIT;
	mg_combat *c = NULL;
	ut_dice dice;
	size_t i;
	int rc;

	if (t->rep.has_rolled && t->rep.rolled > TR_ROLLED_MAX) {
		ut_cli_error(&t->ui, UT_TR(&t->ui, "track: %s: rolled %llu は多すぎます"
		                                    "（%u まで）",
		                           "track: %s: rolled %llu is too many (at "
		                           "most %u)"),
		             shown, (unsigned long long)t->rep.rolled, TR_ROLLED_MAX);
		return -1;
	}
	mg_replay_player_init(&p, &t->rep, (mg_lang)t->ui.lang);
	ut_dice_callback(&dice, mg_replay_dice, &p, t->rep.seed);
	co.dice = &dice;
	co.max_events = t->max_events;
	if (mg_combat_new(&c, t->s, &co) < 0) {
		char tr[1100];
		mg_cli_replay_located(shown, text, len, 0, 0,
		        mg_cli_stop_text(tr, sizeof(tr), mg_error_last(),
		                         t->ui.lang));
		return -1;
	}
	rc = mg_replay_play(&p, c);
	if (rc < 0) {
		char msg[1024], tr[1100];
		snprintf(msg, sizeof(msg), "%s", mg_error_last());
		if (rc == MG_ELIMIT)
			mg_cli_budget_spent(&t->ui, "track", t->max_events,
			                    mg_combat_round(c));
		else
			mg_cli_replay_located(shown, text, len, p.loc.line, p.loc.col,
			        mg_cli_stop_text(tr, sizeof(tr), msg, t->ui.lang));
	}
	mg_combat_free(c);
	for (i = 0; i < t->rep.nitems; i++)
		t->rep.items[i].line = t->rep.items[i].col = 0;
	return rc < 0 ? -1 : 0;
}

/* ---- the command ------------------------------------------------------------ */

/* The terminal's characters are UTF-8 (MG-TRACK-1): the locale's when it
 * reads UTF-8, else C.UTF-8, since every name, prompt and message is UTF-8
 * (in the C locale libedit, given a UTF-8 prompt, crashed at the first
 * prompt: LANG=C over ssh; GM review 2026-12-06).  0 when no locale reads
 * UTF-8: then lines are read without libedit's editing. */
static int utf8_ctype(void)
{
	const char *cs;

	setlocale(LC_CTYPE, "");
	cs = nl_langinfo(CODESET);
	if (cs && strcmp(cs, "UTF-8") == 0)
		return 1;
	if (!setlocale(LC_CTYPE, "C.UTF-8"))
		return 0;
	cs = nl_langinfo(CODESET);
	return cs && strcmp(cs, "UTF-8") == 0;
}

int cmd_track(const ut_cli *base, int argc, char **argv)
{
	track t;
	ut_out logf;
	int log_open = 0;
	mg_scenario_doc *doc = NULL;
	const char *log_path = NULL, *path, *resume = NULL;
	char *yaml = NULL, *rtext = NULL;
	size_t yaml_len = 0, rlen = 0, i;
	uint64_t seed = 0;
	size_t max_bytes = UT_CLI_MAX_BYTES_DEFAULT;
	char name[UT_CLI_NAME_MAX];
	int c, status = UT_EXIT_OK, has_seed = 0, utf8;

	memset(&t, 0, sizeof(t));
	t.acting = -1;
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
				return ut_cli_bad_number(&t.ui, "track", "--seed", 0,
				                         UINT64_MAX, optarg);
			break;
		case OPT_LOG:
			{
				int rc = ut_cli_out_file(&t.ui, "track", "--log",
				                         optarg);
				if (rc)
					return rc;
			}
			log_path = optarg;
			break;
		case OPT_AUTO: /* MG-TRACK-13 */
			if (strcmp(optarg, "npc") != 0)
				return ut_cli_usage_error(&t.ui, "track",
				       UT_TR(&t.ui, "--auto に指定できるのは npc だけです（「%s」）",
				             "--auto takes npc, not '%s'"), optarg);
			t.auto_npc = 1;
			break;
		case OPT_RESUME: /* MG-TRACK-14 */
			resume = optarg;
			break;
		case OPT_MAX_EVENTS:
			if (ut_cli_max_events(&t.max_events, &t.ui, "track",
			                      optarg) != 0)
				return UT_EXIT_USAGE;
			break;
		case OPT_MAX_BYTES:
			if (ut_cli_max_bytes(&max_bytes, &t.ui, "track",
			                     optarg) != 0)
				return UT_EXIT_USAGE;
			break;
		default:
			return ut_cli_bad_option(&t.ui, "track", c, argv, longopts);
		}
	}
	if (resume && (argc - optind != 0 || has_seed))
		return ut_cli_usage_error(&t.ui, "track",
		       UT_TR(&t.ui, "--resume のシナリオと種はリプレイのものです"
		                    "（シナリオと --seed は指定しません）",
		             "--resume plays the replay's scenario with its seed "
		             "(give no scenario and no --seed)"));
	if (!resume && argc - optind != 1)
		return ut_cli_usage_error(&t.ui, "track",
		       argc - optind == 0
		       ? UT_TR(&t.ui, "シナリオが指定されていません", "no scenario given")
		       : UT_TR(&t.ui, "シナリオは1つだけです", "only one scenario"));
	path = resume ? resume : argv[optind];
	if (strcmp(path, "-") == 0)
		return ut_cli_usage_error(&t.ui, "track",
		       UT_TR(&t.ui, "標準入力はコマンドを読むので、シナリオはファイルで"
		                    "指定してください",
		             "standard input is for commands: give the scenario "
		             "as a file"));
	utf8 = utf8_ctype();
	if (!t.max_events)
		t.max_events = MG_COMBAT_MAX_EVENTS_DEFAULT;
	if (resume) { /* MG-TRACK-14 */
		status = mg_cli_replay_load(&t.ui, resume,
		                            ut_cli_shown_name(name, resume),
		                            &t.rep, &doc,
		                            &rtext, &rlen, max_bytes);
		if (status != UT_EXIT_OK)
			goto out;
		t.s = mg_scenario_doc_scenario(doc);
		if (check_resume(&t, resume, rtext, rlen) < 0) {
			status = UT_EXIT_INPUT;
			goto out;
		}
		/* the scenario's file as the replay names it (else the
		 * replay's): never replaced by a save (MG-TRACK-5), and the
		 * name of the tracker's own replay (MG-TRACK-12) */
		if (t.rep.scenario_path)
			path = t.rep.scenario_path;
		has_seed = t.rep.has_seed;
		seed = t.rep.seed;
	} else {
		if ((status = mg_cli_scenario_file(&t.ui, path, max_bytes, "--max-bytes", &doc)) != UT_EXIT_OK)
			return status;
		t.s = mg_scenario_doc_scenario(doc);
	}
	if (log_path && same_file(log_path, path)) {
		ut_cli_error(&t.ui, UT_TR(&t.ui, "track: %s: --log のファイルは戦うシナリオです"
		                                  "（置き換えません）",
		                          "track: %s: the --log file is the scenario "
		                          "(it is not replaced)"), log_path);
		status = UT_EXIT_INPUT;
		goto out;
	}
	if (log_path && resume && same_file(log_path, resume)) {
		ut_cli_error(&t.ui, UT_TR(&t.ui, "track: %s: --log のファイルは再開するリプレイです"
		                                  "（置き換えません）",
		                          "track: %s: the --log file is the replay "
		                          "resumed (it is not replaced)"), log_path);
		status = UT_EXIT_INPUT;
		goto out;
	}
	if (log_path) {
		log_open = 1;
		const int opened = ut_out_open(&logf, log_path, "--log");
		if (opened < 0) {
			log_open = 0;
			status = ut_cli_out_close(&t.ui, "track", &logf, NULL);
			goto out;
		}
	}
	t.tty = isatty(STDIN_FILENO);
	t.edit = t.tty && utf8;
	/* MG-TRACK-5: the replay names the file and carries the scenario */
	if (!resume && (mg_scenario_to_yaml(&yaml, &yaml_len, t.s) < 0 ||
	                mg_replay_set_scenario(&t.rep, path, yaml, yaml_len) < 0))
		goto oom;
	/* M8.11: a fresh seed unless given; shown below, kept in the replay */
	if (!has_seed && (status = mg_cli_fresh_seed(&t.ui, "track", &seed)))
		goto out;
	t.rep.has_seed = 1;
	t.rep.seed = seed;
	t.seed = seed;
	t.path = path;
	t.log_path = log_path;
	ut_dice_callback(&t.dice, tr_ask_die, &t, seed);
	/* MG-TRACK-14: the generator where the session left it (megami
	 * dice are d6: MG-REPLAY-2) */
	for (i = 0; i < t.rep.rolled; i++)
		ut_rng_die(&t.dice.rng, 6);
	t.rep.has_rolled = 1;
	if (tr_start(&t, resume != NULL) < 0) {
		status = UT_EXIT_INPUT;
		goto out;
	}
	tr_signals(); /* MG-TRACK-12 */
	tr_say(UT_TR(&t.ui, "megami track: %s（種 %llu）。? でコマンドの一覧。\n",
	                "megami track: %s (seed %llu). ? lists the commands.\n"),
	       ut_cli_shown_name(name, path), (unsigned long long)seed);
	if (resume)
		tr_say(UT_TR(&t.ui, "%s から再開します：ダイスと決定 %zu 件を再生しました。\n",
		             "resumed from %s: %zu dice and decisions played again.\n"),
		       ut_cli_shown_name(name, resume), t.rep.nitems);
	if (t.auto_npc)
		tr_say("%s", UT_TR(&t.ui, "--auto npc: NPCの決定とダイスは尋ねずに進めます"
		                          "（既定の方針と乱数）。\n",
		                   "--auto npc: the NPCs decide and roll unasked (the "
		                   "default policy, the generator).\n"));
	if (tr_session(&t) < 0)
		status = UT_EXIT_INPUT;
	if (t.stop_signal)
		tr_say(UT_TR(&t.ui, "（%sを受けました：リプレイとログを保存して終えます）\n",
		             "(%s received: the replay and the log are saved)\n"),
		       t.stop_signal == SIGHUP ? "SIGHUP" :
		       t.stop_signal == SIGQUIT ? "SIGQUIT" : "SIGTERM");
	if (t.quit || status != UT_EXIT_OK)
		tr_say(UT_TR(&t.ui, "（戦闘の途中でやめました）\n",
		             "(stopped before the end of the combat)\n"));
	{
		mg_result r;
		mg_combat_result(&r, t.c);
		if (!r.over && !t.quit && status == UT_EXIT_OK)
			tr_say(UT_TR(&t.ui, "（戦闘の途中でやめました）\n",
			             "(stopped before the end of the combat)\n"));
	}
	if (offer_save(&t) < 0 || t.input_over)
		status = UT_EXIT_INPUT;
	if (log_open) {
		log_open = 0;
		if (write_log(&t, &logf) < 0)
			status = UT_EXIT_INPUT;
	}
	goto out;
oom:
	ut_cli_error(&t.ui, "%s", mg_error_last());
	status = UT_EXIT_INPUT;
out:
	if (log_open)
		ut_out_close(&logf, 0);
	tr_show(&t); /* and ut_cli_exit sets the status */
	mg_combat_free(t.c);
	mg_combat_free(t.snap);
	mg_log_free(t.log);
	mg_replay_free(&t.rep);
	mg_replay_free(&t.redo);
	free(yaml);
	free(rtext);
	mg_scenario_doc_free(doc);
	if (t.stop_signal) {
		/* MG-TRACK-12: end as the signal would have, now that all is saved */
		signal(t.stop_signal, SIG_DFL);
		raise(t.stop_signal);
	}
	return status;
}
