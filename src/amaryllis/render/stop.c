/*
 * stop.c - why a battle stopped, in the reader's language: the engine
 * fails with an English message (am_error_last(), kept by a league for
 * every stopped pair); each message the engine can stop a battle with is
 * written here once more, so that a front end shows it in Japanese too.
 */
#include <stdio.h>
#include <string.h>

#include "amaryllis/render.h"
#include "util/msg.h"

/* One message of the engine: its English text, which may hold one
 * argument between `pre` and `post` (number: digits only), and its text
 * in each language, the argument as {1}. */
typedef struct stop_msg {
	const char *pre, *post;
	int has_arg, number;
	ut_msg text;
} stop_msg;

static const stop_msg msgs[] = {
	/* core/roster.c: am_roster_spawn (BU-POP-1): the unit is not made,
	 * the battle stops before the limit is passed */
	{"a new unit would exceed the population limit of ", " units", 1, 1,
	 {{"ユニット数が上限の{1}体を超えるため",
	   "a new unit would exceed the population limit of {1} units"}}},
	/* core/engine_int.h: am_work, the work of the battle (the action
	 * that would pass the bound is not carried out) */
	{"the battle would exceed the work limit of ", "", 1, 1,
	 {{"戦闘の作業量が上限の{1}を超えるため",
	   "the battle would exceed the work limit of {1}"}}},
	/* core/engine_int.h: the hits of one tempo */
	{"limit of ", " attack records in one tempo reached", 1, 1,
	 {{"1テンポの攻撃の記録が上限の{1}件に達しました",
	   "limit of {1} attack records in one tempo reached"}}},
	/* core/engine.c: am_engine_overflow (AM-ARITH-1) */
	{"a value in the battle overflows 64-bit integers", "", 0, 0,
	 {{"戦闘中の値が64ビット整数の範囲を超えました",
	   "a value in the battle overflows 64-bit integers"}}},
	/* core/shortcuts.c: am_shortcuts_steps_overflow */
	{"the number of steps overflows 64-bit integers", "", 0, 0,
	 {{"ステップ数が64ビット整数の範囲を超えました",
	   "the number of steps overflows 64-bit integers"}}},
	/* core/team.c: am_action_cost */
	{"the cost of action \"", "\" overflows 64-bit integers", 1, 0,
	 {{"アクション「{1}」のコストが64ビット整数の範囲を超えました",
	   "the cost of action \"{1}\" overflows 64-bit integers"}}},
	{"out of memory", "", 0, 0, {{"メモリが足りません", "out of memory"}}},
};

/* Does msg[0..len) read as m?  Its argument in [*a, *a + *alen). */
static int match(const stop_msg *m, const char *msg, size_t len,
                 const char **a, size_t *alen)
{
	size_t pre = strlen(m->pre), post = strlen(m->post), i;

	if (!m->has_arg)
		return len == pre && memcmp(msg, m->pre, len) == 0;
	if (len <= pre + post || memcmp(msg, m->pre, pre) != 0 ||
	    memcmp(msg + len - post, m->post, post) != 0)
		return 0;
	*a = msg + pre;
	*alen = len - pre - post;
	for (i = 0; m->number && i < *alen; i++)
		if ((*a)[i] < '0' || (*a)[i] > '9')
			return 0;
	return 1;
}

size_t am_render_stop(char *buf, size_t size, const char *msg, am_lang lang)
{
	size_t len = strlen(msg), k, alen = 0;
	const char *a = NULL;
	ut_buf b = UT_BUF_INIT, arg = UT_BUF_INIT;
	size_t n;

	for (k = 0; k < sizeof msgs / sizeof *msgs; k++)
		if (match(&msgs[k], msg, len, &a, &alen))
			break;
	if (k == sizeof msgs / sizeof *msgs || lang == AM_LANG_EN)
		return (size_t)snprintf(buf, size, "%s", msg);
	ut_buf_put(&arg, a ? a : "", alen);
	ut_msg_put(&b, &msgs[k].text, (ut_lang)lang,
	           UT_ARGS(ut_arg_str(arg.ptr ? arg.ptr : "")));
	n = b.failed ? (size_t)snprintf(buf, size, "%s", msg)
	             : (size_t)snprintf(buf, size, "%s", b.ptr ? b.ptr : "");
	ut_buf_free(&b);
	ut_buf_free(&arg);
	return n;
}
