/*
 * text.c - the combat log as text, in Japanese or English.  Rolls are
 * written the way BCDice's SRS dice bot writes them (rulings M2): the
 * dice sorted ascending, `(2D6+4) ＞ 7[3,4]+4 ＞ 11`, with ＞ クリティカル
 * or ＞ ファンブル after a judgement's 12 or 2 (never after initiative or
 * 離脱 rolls, M8.3).  The JSON log keeps the dice in rolled order.
 */
#include <stdio.h>
#include <string.h>

#include "log.h"
#include "util/error.h"
#include "util/msg.h"

enum {
	M_ROUND, M_INIT, M_ORDER, M_SEP, M_SKIP, M_MAIN, M_MAIN_RESUMED,
	M_WAIT, M_RESUME, M_RESUME_FORCED, M_NOTHING, M_DISENGAGE, M_OK,
	M_FAIL, M_MOVE, M_FULL_MOVE, M_BLOCKED, M_STAYS, M_ATTACK, M_CRIT,
	M_FUMBLE, M_FUMBLE_MISS, M_FUMBLE_MISS_ALL, M_EVASION, M_RESISTANCE,
	M_DEFENCE, M_HIT, M_HIT_CRIT, M_EVADED, M_HIT_DOWN, M_DAMAGE_ROLL,
	M_DAMAGE, M_NEGATIVE, M_FROM, M_FROM_ENERGY, M_FROM_UNLISTED, M_INCAP,
	M_FINISH, M_FINISH_FAILED, M_DEATH, M_RESULT, M_WINS, M_DRAW, M_CHAR,
	M_ERROR, M_ADJ_HP, M_ADJ_POS, M_ADJ_STATE, M_ADJ_BECOMES, M_GM_END,
	M_GM_WINS, M_GM_NONE, M_ENTER, M_GM_PREFIX, M_COUNT
};

static const ut_msg msgs[M_COUNT] = {
	[M_ROUND] = {{"■第{1}ラウンド", "■Round {1}"}},
	[M_INIT] = {{"{1}のイニシアティブ {2}", "{1}'s initiative {2}"}},
	[M_ORDER] = {{"行動順：{1}", "Order: {1}"}},
	[M_SEP] = {{"、", ", "}},
	[M_SKIP] = {{"{1}は{2}のため行動できない", "{1} cannot act ({2})"}},
	[M_MAIN] = {{"▼{1}のメインプロセス", "▼{1}'s main process"}},
	[M_MAIN_RESUMED] = {{"▼{1}のメインプロセス（待機から）",
	                     "▼{1}'s main process (after waiting)"}},
	[M_WAIT] = {{"{1}は待機する", "{1} waits"}},
	[M_RESUME] = {{"{1}が待機を解除する", "{1} stops waiting"}},
	/* M3.4, MG-WAIT-3: not a choice */
	[M_RESUME_FORCED] = {{"ラウンドの終わりなので{1}の待機が解除される",
	                      "the round ends, so {1} stops waiting"}},
	[M_NOTHING] = {{"{1}は何もしない", "{1} does nothing"}},
	[M_DISENGAGE] = {{"{1}の離脱 {2} 対 {3} {4} ＞ {5}",
	                  "{1}'s disengagement {2} against {3} {4} ＞ {5}"}},
	[M_OK] = {{"成功", "success"}},
	[M_FAIL] = {{"失敗", "failure"}},
	[M_MOVE] = {{"{1}の戦闘移動 {2}m → {3}m", "{1} moves {2} m → {3} m"}},
	[M_FULL_MOVE] = {{"{1}の全力移動 {2}m → {3}m",
	                  "{1} runs {2} m → {3} m"}},
	[M_BLOCKED] = {{"（{1}に止められた。目標 {2}m）",
	                " (stopped by {1}; aimed at {2} m)"}},
	[M_STAYS] = {{"{1}はその場に留まる（{2}m）", "{1} stays at {2} m"}},
	[M_ATTACK] = {{"{1}の{2} → {3} {4}", "{1}'s {2} at {3} {4}"}},
	[M_CRIT] = {{" ＞ クリティカル", " ＞ critical"}},
	[M_FUMBLE] = {{" ＞ ファンブル", " ＞ fumble"}},
	/* an attack's fumble misses every target: no defence follows */
	[M_FUMBLE_MISS] = {{" ＞ ファンブル（外れ）", " ＞ fumble (misses)"}},
	[M_FUMBLE_MISS_ALL] = {{" ＞ ファンブル（全員に外れ）",
	                        " ＞ fumble (misses everyone)"}},
	[M_EVASION] = {{"回避", "evasion"}},
	[M_RESISTANCE] = {{"抵抗", "resistance"}},
	[M_DEFENCE] = {{"{1}の{2} {3} ＞ {4}", "{1}'s {2} {3} ＞ {4}"}},
	[M_HIT] = {{"命中", "hit"}},
	/* a critical attack hits a defence of the same or a higher value */
	[M_HIT_CRIT] = {{"命中（攻撃のクリティカル）", "hit (critical attack)"}},
	[M_EVADED] = {{"回避", "evaded"}},
	[M_HIT_DOWN] = {{"{1}は戦闘不能 ＞ 命中", "{1} is incapacitated ＞ hit"}},
	[M_DAMAGE_ROLL] = {{"ダメージ {1}", "Damage {1}"}},
	[M_DAMAGE] = {{"{1}に実ダメージ{2}（{3} − 防御修正{4}{5}） HP {6}",
	               "{1} takes {2} damage ({3} − armor {4}{5}), HP {6}"}},
	/* a negative modifier in "damage − modifier" */
	[M_NEGATIVE] = {{"(−{1})", "(−{1})"}},
	[M_FROM] = {{"：{1}", " against {1}"}},
	/* M5: an energy subtype not in the armor uses its energy value */
	[M_FROM_ENERGY] = {{"：{1}→{2}", " against {1} → {2}"}},
	/* M5: an attribute not in the armor counts 0 (the lowest here) */
	[M_FROM_UNLISTED] = {{"：{1}は防具に記載なし",
	                      " against {1}, not in the armor"}},
	[M_INCAP] = {{"{1}は戦闘不能になった", "{1} is incapacitated"}},
	[M_FINISH] = {{"{1}が{2}で{3}にとどめの一撃 {4}、実ダメージ{5}"
	               "（防御修正{6}{7}） HP {8}",
	               "{1}'s finishing blow on {3} with {2} {4}: {5} damage "
	               "(armor {6}{7}), HP {8}"}},
	[M_FINISH_FAILED] = {{"とどめは効かなかった", "the finishing blow fails"}},
	[M_DEATH] = {{"{1}は死亡した", "{1} dies"}},
	[M_RESULT] = {{"■結果（{1}ラウンド）", "■Result (round {1})"}},
	[M_WINS] = {{"{1}の勝利", "{1} wins"}},
	[M_DRAW] = {{"引き分け", "Draw"}},
	/* MG-GM-5: the GM ended the round progression */
	[M_GM_END] = {{"GM：ラウンド進行を終了", "GM: the round progression ends"}},
	[M_GM_WINS] = {{"{1}の勝利（GMの判断）", "{1} wins (the GM's call)"}},
	/* MG-ENTER-1: 登場判定 */
	[M_ENTER] = {{"{4}{1}が登場（位置 {2}m）{3}", "{4}{1} enters the scene (at {2} m){3}"}},
	[M_GM_PREFIX] = {{"GM：", "GM: "}},
	[M_GM_NONE] = {{"勝者なし（GMが終了）", "No winner (the GM ended the combat)"}},
	[M_CHAR] = {{"{1}（{2}） HP {3} {4}", "{1} ({2}) HP {3} {4}"}},
	[M_ERROR] = {{"エラー：{1}", "error: {1}"}},
	/* MG-GM-4: the GM's hand */
	[M_ADJ_HP] = {{"GM：{1}のHP {2} → {3}{4}", "GM: {1}'s HP {2} → {3}{4}"}},
	[M_ADJ_POS] = {{"GM：{1}の位置 {2}m → {3}m",
	                "GM: {1}'s position {2} m → {3} m"}},
	[M_ADJ_STATE] = {{"GM：{1}の状態 {2} → {3}",
	                  "GM: {1}'s state {2} → {3}"}},
	[M_ADJ_BECOMES] = {{"（{1}）", " ({1})"}},
};

static void say(mg_log *log, int m, const ut_arg *args, size_t n)
{
	if (ut_msg_put(&log->out, &msgs[m], (ut_lang)log->lang, args, n) < 0)
		log->out.failed = 1;
}

static const char *txt(const mg_log *log, int m)
{
	return ut_msg_text(&msgs[m], (ut_lang)log->lang);
}

/* `(ND6+B) ＞ S[d,…]+B ＞ V`, dice sorted ascending; B = value − sum; a
 * lone 1D6 with no B is `(1D6) ＞ V`, as BCDice writes it (review GM D1). */
static void roll_text(ut_buf *b, const int64_t *dice, int n, int64_t value)
{
	int64_t d[4], sum = 0, base;
	int i, j;

	for (i = 0; i < n; i++) {
		d[i] = dice[i];
		sum += d[i];
		for (j = i; j > 0 && d[j - 1] > d[j]; j--) {
			int64_t t = d[j];
			d[j] = d[j - 1];
			d[j - 1] = t;
		}
	}
	base = value - sum;
	if (n == 1 && !base) {
		ut_buf_printf(b, "(1D6) ＞ %lld", (long long)value);
		return;
	}
	if (base)
		ut_buf_printf(b, "(%dD6%+lld) ＞ %lld[", n, (long long)base,
		              (long long)sum);
	else
		ut_buf_printf(b, "(%dD6) ＞ %lld[", n, (long long)sum);
	for (i = 0; i < n; i++)
		ut_buf_printf(b, "%s%lld", i ? "," : "", (long long)d[i]);
	if (base)
		ut_buf_printf(b, "]%+lld ＞ %lld", (long long)base,
		              (long long)value);
	else
		ut_buf_printf(b, "] ＞ %lld", (long long)value);
}

/* A state in the text log: mg_log_state's word (the JSON's), but "able
 * to act" for able, as 行動可能 says (language review 2026-12-07: "HP 12
 * able" read as half a sentence). */
static const char *state_text(mg_state st, mg_lang lang)
{
	if (st == MG_STATE_ABLE && lang == MG_LANG_EN)
		return "able to act";
	return mg_log_state(st, lang);
}

/* The armor entry that gave target's modifier (M5, M8.10): "：衝撃" /
 * " against impact"; an energy subtype through the energy value
 * "：雷→エネルギー"; an attribute its armor does not list (0, the lowest)
 * "：聖は防具に記載なし", said only when the armor lists something (no
 * armor at all needs no reason); "" for an attack without attributes.
 * The JSON's attribute and armor. */
static void from_text(mg_log *log, ut_buf *b, const mg_combat *c,
                      int32_t target, int attr, int armor_attr)
{
	const mg_scenario *s = mg_combat_scenario(c);
	const char *a = mg_log_attr(attr, log->lang);
	const char *from = mg_log_attr(armor_attr, log->lang);
	int rc = 0;

	if (!a)
		return;
	if (!from) {
		if (target < 0 || (size_t)target >= s->ncharacters ||
		    !s->characters[target].armor_listed)
			return;
		rc = ut_msg_put(b, &msgs[M_FROM_UNLISTED], (ut_lang)log->lang,
		                UT_ARGS(ut_arg_str(a)));
	} else if (armor_attr != attr)
		rc = ut_msg_put(b, &msgs[M_FROM_ENERGY], (ut_lang)log->lang,
		                UT_ARGS(ut_arg_str(a), ut_arg_str(from)));
	else
		rc = ut_msg_put(b, &msgs[M_FROM], (ut_lang)log->lang,
		                UT_ARGS(ut_arg_str(from)));
	if (rc < 0)
		b->failed = 1;
}

/* The modifier subtracted in "damage − modifier": "3", or "(−2)" when it
 * is negative (the damage grows), never "− -2". */
static void modifier_text(mg_log *log, ut_buf *b, int64_t m)
{
	char digits[24];

	if (m >= 0) {
		ut_buf_printf(b, "%lld", (long long)m);
		return;
	}
	snprintf(digits, sizeof(digits), "%llu",
	         (unsigned long long)0 - (unsigned long long)m);
	if (ut_msg_put(b, &msgs[M_NEGATIVE], (ut_lang)log->lang,
	               UT_ARGS(ut_arg_str(digits))) < 0)
		b->failed = 1;
}

/* MG-GM-4: the GM's hand as one line: HP (and the state it made),
 * position, or the state. */
static void adjust_text(mg_log *log, const char *target, const mg_event *ev)
{
	ut_buf u = UT_BUF_INIT;

	switch (ev->flag) {
	case MG_ADJ_HP:
		if (ev->value != ev->value2 &&
		    ut_msg_put(&u, &msgs[M_ADJ_BECOMES], (ut_lang)log->lang,
		               UT_ARGS(ut_arg_str(state_text(
		                       (mg_state)ev->value2, log->lang)))) < 0)
			u.failed = 1;
		say(log, M_ADJ_HP, UT_ARGS(ut_arg_str(target), ut_arg_int(ev->from),
		                           ut_arg_int(ev->to),
		                           ut_arg_str(u.ptr ? u.ptr : "")));
		break;
	case MG_ADJ_POS:
		say(log, M_ADJ_POS, UT_ARGS(ut_arg_str(target), ut_arg_int(ev->from),
		                            ut_arg_int(ev->to)));
		break;
	default:
		say(log, M_ADJ_STATE,
		    UT_ARGS(ut_arg_str(target),
		            ut_arg_str(state_text((mg_state)ev->value, log->lang)),
		            ut_arg_str(state_text((mg_state)ev->value2,
		                                    log->lang))));
		break;
	}
	if (u.failed)
		log->out.failed = 1;
	ut_buf_free(&u);
}

/* After a failed add: the log back to its first `start` bytes, so that
 * it holds whole lines only (a line whose dice could not be written is
 * not shown without them); UT_ENOMEM. */
static int cut_back(mg_log *log, size_t start)
{
	if (log->out.ptr && start <= log->out.len) {
		log->out.len = start;
		log->out.ptr[start] = '\0';
	}
	return ut_error_set(UT_ENOMEM, "out of memory");
}

/* MG-LOG-1: one event as one line (none for main_end and end). */
int mg_text_event(mg_log *log, const mg_combat *c, const mg_event *ev)
{
	const char *actor = mg_log_name(c, ev->actor);
	const char *target = mg_log_name(c, ev->target);
	ut_buf t = UT_BUF_INIT, u = UT_BUF_INIT, v = UT_BUF_INIT;
	size_t k, start = log->out.len;
	int line = 1;

	switch (ev->kind) {
	case MG_EV_ROUND:
		say(log, M_ROUND, UT_ARGS(ut_arg_int(ev->round)));
		break;
	case MG_EV_INITIATIVE:
		roll_text(&t, ev->dice, 2, ev->value);
		say(log, M_INIT, UT_ARGS(ut_arg_str(actor), ut_arg_str(t.ptr)));
		break;
	case MG_EV_ORDER:
		for (k = 0; k < ev->norder; k++) {
			if (k)
				ut_buf_puts(&t, txt(log, M_SEP));
			ut_buf_puts(&t, mg_log_name(c, (int32_t)ev->order[k]));
		}
		say(log, M_ORDER, UT_ARGS(ut_arg_str(t.ptr ? t.ptr : "")));
		break;
	case MG_EV_SKIP: {
		mg_char_state s;
		mg_combat_character(&s, c, (size_t)ev->actor);
		say(log, M_SKIP, UT_ARGS(ut_arg_str(actor),
		                         ut_arg_str(state_text(s.state,
		                                                 log->lang))));
		break;
	}
	case MG_EV_MAIN_BEGIN:
		say(log, ev->flag ? M_MAIN_RESUMED : M_MAIN,
		    UT_ARGS(ut_arg_str(actor)));
		break;
	case MG_EV_END:
		if (ev->flag) { /* MG-GM-5 */
			say(log, M_GM_END, NULL, 0);
			break;
		}
		line = 0;
		break;
	case MG_EV_MAIN_END:
		line = 0;
		break;
	case MG_EV_WAIT:
		say(log, M_WAIT, UT_ARGS(ut_arg_str(actor)));
		break;
	case MG_EV_RESUME:
		say(log, ev->flag ? M_RESUME_FORCED : M_RESUME,
		    UT_ARGS(ut_arg_str(actor)));
		break;
	case MG_EV_NOTHING:
		say(log, M_NOTHING, UT_ARGS(ut_arg_str(actor)));
		break;
	case MG_EV_DISENGAGE:
		roll_text(&t, ev->dice, 2, ev->value);
		roll_text(&u, ev->dice + 2, 2, ev->value2);
		say(log, M_DISENGAGE,
		    UT_ARGS(ut_arg_str(actor), ut_arg_str(t.ptr),
		            ut_arg_str(target), ut_arg_str(u.ptr),
		            ut_arg_str(txt(log, ev->flag ? M_OK : M_FAIL))));
		break;
	case MG_EV_MOVE:
		if (ev->to == ev->from) {
			say(log, M_STAYS, UT_ARGS(ut_arg_str(actor),
			                          ut_arg_int(ev->from)));
			break;
		}
		say(log, ev->flag ? M_FULL_MOVE : M_MOVE,
		    UT_ARGS(ut_arg_str(actor), ut_arg_int(ev->from),
		            ut_arg_int(ev->to)));
		if (ev->target >= 0)
			say(log, M_BLOCKED, UT_ARGS(ut_arg_str(target),
			                            ut_arg_int(ev->dest)));
		break;
	case MG_EV_ATTACK: {
		const mg_scenario *s = mg_combat_scenario(c);
		const mg_attack *a = &s->characters[ev->actor].attacks[ev->attack];
		log->attack_value = ev->value;
		log->attack_crit = ev->crit;
		roll_text(&t, ev->dice, 2, ev->value);
		if (ev->crit)
			ut_buf_puts(&t, txt(log, M_CRIT));
		else if (ev->fumble) /* MG-ATTACK-2: no defence follows */
			ut_buf_puts(&t, txt(log, a->area == MG_AREA_SINGLE
			                                 ? M_FUMBLE_MISS
			                                 : M_FUMBLE_MISS_ALL));
		say(log, M_ATTACK,
		    UT_ARGS(ut_arg_str(actor),
		            ut_arg_str(mg_log_attack(c, ev->actor, ev->attack)),
		            ut_arg_str(target), ut_arg_str(t.ptr)));
		break;
	}
	case MG_EV_DEFENCE: {
		const mg_scenario *s = mg_combat_scenario(c);
		const mg_attack *a = &s->characters[ev->actor].attacks[ev->attack];
		if (ev->ndice == 0) {
			say(log, M_HIT_DOWN, UT_ARGS(ut_arg_str(target)));
			break;
		}
		roll_text(&t, ev->dice, 2, ev->value);
		if (ev->crit || ev->fumble)
			ut_buf_puts(&t, txt(log, ev->crit ? M_CRIT : M_FUMBLE));
		say(log, M_DEFENCE,
		    UT_ARGS(ut_arg_str(target),
		            ut_arg_str(txt(log, a->kind == MG_KIND_MAGIC
		                                        ? M_RESISTANCE
		                                        : M_EVASION)),
		            ut_arg_str(t.ptr),
		            ut_arg_str(txt(log, !ev->flag ? M_EVADED
		                               : log->attack_crit &&
		                                 ev->value >= log->attack_value
		                               ? M_HIT_CRIT : M_HIT))));
		break;
	}
	case MG_EV_DAMAGE_ROLL:
		roll_text(&t, ev->dice, 1, ev->value);
		say(log, M_DAMAGE_ROLL, UT_ARGS(ut_arg_str(t.ptr)));
		break;
	case MG_EV_DAMAGE:
		modifier_text(log, &t, ev->modifier);
		from_text(log, &u, c, ev->target, ev->attr, ev->armor_attr);
		say(log, M_DAMAGE,
		    UT_ARGS(ut_arg_str(target), ut_arg_int(ev->damage),
		            ut_arg_int(ev->value), ut_arg_str(t.ptr),
		            ut_arg_str(u.ptr ? u.ptr : ""), ut_arg_int(ev->hp)));
		break;
	case MG_EV_INCAPACITATED:
		say(log, M_INCAP, UT_ARGS(ut_arg_str(target)));
		break;
	case MG_EV_FINISH:
		roll_text(&t, ev->dice, 1, ev->value);
		from_text(log, &u, c, ev->target, ev->attr, ev->armor_attr);
		modifier_text(log, &v, ev->modifier); /* (−2) as in M_DAMAGE */
		say(log, M_FINISH,
		    UT_ARGS(ut_arg_str(actor),
		            ut_arg_str(mg_log_attack(c, ev->actor, ev->attack)),
		            ut_arg_str(target), ut_arg_str(t.ptr),
		            ut_arg_int(ev->damage), ut_arg_str(v.ptr),
		            ut_arg_str(u.ptr ? u.ptr : ""), ut_arg_int(ev->hp)));
		if (!ev->flag) {
			ut_buf_puts(&log->out, "\n");
			say(log, M_FINISH_FAILED, NULL, 0);
		}
		break;
	case MG_EV_DEATH:
		say(log, M_DEATH, UT_ARGS(ut_arg_str(target)));
		break;
	case MG_EV_ADJUST:
		adjust_text(log, target, ev);
		break;
	case MG_EV_ENTER: /* MG-ENTER-1: 戦闘不能 said when it enters so */
		if (ev->value != MG_STATE_ABLE &&
		    ut_msg_put(&u, &msgs[M_ADJ_BECOMES], (ut_lang)log->lang,
		               UT_ARGS(ut_arg_str(state_text(
		                       (mg_state)ev->value, log->lang)))) < 0)
			u.failed = 1;
		say(log, M_ENTER, UT_ARGS(ut_arg_str(actor), ut_arg_int(ev->to),
		                          ut_arg_str(u.ptr ? u.ptr : ""),
		                          ut_arg_str(ev->flag /* MG-ENTER-4 */
		                                     ? txt(log, M_GM_PREFIX) : "")));
		break;
	}
	if (line)
		ut_buf_puts(&log->out, "\n");
	if (t.failed || u.failed || v.failed)
		log->out.failed = 1;
	ut_buf_free(&t);
	ut_buf_free(&u);
	ut_buf_free(&v);
	return log->out.failed ? cut_back(log, start) : 0;
}

/* The result (M7): winner or draw, then every character's HP and state in
 * scenario order; after an error, the error instead of the result. */
int mg_text_finish(mg_log *log, const mg_combat *c, int rc)
{
	const mg_scenario *s = mg_combat_scenario(c);
	mg_result r;
	size_t i;

	mg_combat_result(&r, c);
	if (rc < 0) {
		char tr[600]; /* "out of memory" in the log's language */
		say(log, M_ERROR, UT_ARGS(ut_arg_str(ut_error_text_lang(
		        (int)log->lang, mg_error_last(), tr, sizeof(tr)))));
		ut_buf_puts(&log->out, "\n");
	} else {
		say(log, M_RESULT, UT_ARGS(ut_arg_int(r.rounds)));
		ut_buf_puts(&log->out, "\n");
		if (r.winner >= 0)
			say(log, r.by_gm ? M_GM_WINS : M_WINS,
			    UT_ARGS(ut_arg_str(r.winner == MG_SIDE_PC ? "PC" : "NPC")));
		else
			say(log, r.by_gm ? M_GM_NONE : M_DRAW, NULL, 0);
		ut_buf_puts(&log->out, "\n");
	}
	for (i = 0; i < s->ncharacters; i++) {
		mg_char_state st;
		mg_combat_character(&st, c, i);
		say(log, M_CHAR,
		    UT_ARGS(ut_arg_str(st.name),
		            ut_arg_str(st.side == MG_SIDE_PC ? "PC" : "NPC"),
		            ut_arg_int(st.hp),
		            ut_arg_str(state_text(st.state, log->lang))));
		ut_buf_puts(&log->out, "\n");
	}
	return log->out.failed ? ut_error_set(UT_ENOMEM, "out of memory") : 0;
}
