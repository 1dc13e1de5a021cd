/*
 * test_replay.c - the replay format (megami/replay.h; docs/MEGAMI.md
 * "Tracker and replays"): writing and reading back (MG-REPLAY-1,
 * MG-REPLAY-2), every parse error with its line and column, and playing a
 * replay on a combat (MG-REPLAY-3): misplaced dice and decisions, illegal
 * decisions, values outside 1…6, items after the end, a replay that stops
 * early; the GM's hand (MG-GM-1, MG-GM-2, MG-GM-3, MG-GM-4, MG-GM-5): `gm` lines
 * written, read, refused and played, `gm end` ending the combat; what the engine says each die is for (MG-TRACK-7)
 * and its refusals in both languages.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "megami/combat.h"
#include "megami/replay.h"
#include "support/fail_alloc.h"
#include "util/rng.h"

/* ---- writing and reading ------------------------------------------------- */

/* MG-REPLAY-1 MG-REPLAY-2: a replay built by code is written as below
 * (consecutive dice on one line, numbers from 1, the YAML as "| " lines, an
 * empty YAML line as "|"), and reading it back gives the same items (with
 * their places) and writing that gives the same text. */
static void test_MG_REPLAY_1_2_round_trip(void **state)
{
	static const char want[] =
		"megami-replay 1\n"
		"rng xoshiro256ss-1\n"
		"seed 18446744073709551615\n"
		"rolled 7\n"
		"scenario dir with blanks/duel.yaml\n"
		"| round_limit: 3\n"
		"|\n"
		"| characters: []\n"
		"dice 6 1 3\n"
		"attack 1 2\n"
		"dice 2\n"
		"finish 2 1\n"
		"move -9223372036854775808\n"
		"run 12\n"
		"wait\n"
		"end\n"
		"resume\n"
		"stay\n";
	static const char yaml[] = "round_limit: 3\n\ncharacters: []\n";
	mg_replay r = MG_REPLAY_INIT, back;
	mg_replay_loc loc;
	mg_action a;
	char *text = NULL, *again = NULL;
	size_t len = 0, i;

	r.has_seed = 1;
	r.seed = UINT64_MAX;
	r.has_rolled = 1; /* MG-TRACK-14 */
	r.rolled = 7;
	assert_int_equal(mg_replay_set_scenario(&r, "dir with blanks/duel.yaml",
	                                        yaml, strlen(yaml)), 0);
	assert_int_equal(mg_replay_add_die(&r, 6), 0);
	assert_int_equal(mg_replay_add_die(&r, 1), 0);
	assert_int_equal(mg_replay_add_die(&r, 3), 0);
	memset(&a, 0, sizeof(a));
	a.kind = MG_ACT_ATTACK; a.attack = 0; a.target = 1;
	assert_int_equal(mg_replay_add_action(&r, &a), 0);
	assert_int_equal(mg_replay_add_die(&r, 2), 0);
	a.kind = MG_ACT_FINISH; a.attack = 1; a.target = 0;
	assert_int_equal(mg_replay_add_action(&r, &a), 0);
	memset(&a, 0, sizeof(a));
	a.kind = MG_ACT_MOVE; a.to = INT64_MIN;
	assert_int_equal(mg_replay_add_action(&r, &a), 0);
	a.kind = MG_ACT_FULL_MOVE; a.to = 12;
	assert_int_equal(mg_replay_add_action(&r, &a), 0);
	a.to = 0;
	a.kind = MG_ACT_WAIT; assert_int_equal(mg_replay_add_action(&r, &a), 0);
	a.kind = MG_ACT_END; assert_int_equal(mg_replay_add_action(&r, &a), 0);
	a.kind = MG_ACT_RESUME; assert_int_equal(mg_replay_add_action(&r, &a), 0);
	a.kind = MG_ACT_STAY; assert_int_equal(mg_replay_add_action(&r, &a), 0);

	assert_int_equal(mg_replay_write(&text, &len, &r), 0);
	assert_string_equal(text, want);
	assert_int_equal(len, strlen(want));

	assert_int_equal(mg_replay_parse(&back, &loc, text, len,
		MG_LANG_EN), 0);
	assert_int_equal(back.has_seed, 1);
	assert_true(back.seed == UINT64_MAX);
	assert_int_equal(back.has_rolled, 1);
	assert_true(back.rolled == 7);
	assert_string_equal(back.scenario_path, "dir with blanks/duel.yaml");
	assert_int_equal(back.scenario_yaml_len, strlen(yaml));
	assert_memory_equal(back.scenario_yaml, yaml, strlen(yaml));
	assert_int_equal(back.yaml_line, 6);
	assert_int_equal(back.nitems, r.nitems);
	for (i = 0; i < r.nitems; i++) {
		assert_int_equal(back.items[i].kind, r.items[i].kind);
		assert_true(back.items[i].die == r.items[i].die);
		assert_int_equal(back.items[i].action.kind, r.items[i].action.kind);
		assert_true(back.items[i].action.to == r.items[i].action.to);
		assert_int_equal(back.items[i].action.attack, r.items[i].action.attack);
		assert_int_equal(back.items[i].action.target, r.items[i].action.target);
	}
	/* places: "dice 6 1 3" on line 9 at columns 6, 8, 10; attack 10:1 */
	assert_int_equal(back.items[0].line, 9);
	assert_int_equal(back.items[0].col, 6);
	assert_int_equal(back.items[2].col, 10);
	assert_int_equal(back.items[3].line, 10);
	assert_int_equal(back.items[3].col, 1);
	assert_int_equal(mg_replay_write(&again, NULL, &back), 0);
	assert_string_equal(again, want);
	free(text);
	free(again);
	mg_replay_free(&r);
	mg_replay_free(&back);
}

/* MG-REPLAY-1: comments, blank lines, CRLF and blanks around words are
 * ignored; a path alone (no "| " lines) is a scenario; no seed is fine. */
static void test_MG_REPLAY_1_comments_and_path(void **state)
{
	static const char text[] =
		"# saved by hand\r\n"
		"\r\n"
		"  megami-replay   1   # the version\r\n"
		"scenario a.yaml\r\n"
		"\tdice 3\t4 # initiative\r\n"
		"attack 1 2";
	mg_replay r;
	mg_replay_loc loc;

	assert_int_equal(mg_replay_parse(&r, &loc, text, strlen(text),
		MG_LANG_EN), 0);
	assert_int_equal(r.has_seed, 0);
	assert_string_equal(r.scenario_path, "a.yaml");
	assert_null(r.scenario_yaml);
	assert_int_equal(r.nitems, 3);
	assert_int_equal(r.items[1].die, 4);
	assert_int_equal(r.items[1].line, 5);
	assert_int_equal(r.items[1].col, 9);
	assert_int_equal(r.items[2].action.kind, MG_ACT_ATTACK);
	assert_int_equal(r.items[2].action.target, 1);
	mg_replay_free(&r);
}

/* MG-REPLAY-1 (fuzz_megami_replay's finding): every CR before a line's
 * end is dropped, in "| " lines too, so that a replay written back reads
 * the same (a "| " line "x\r\r" kept one CR, and lost it when written
 * back and read again); a control character in the scenario's path is an
 * error at its column (a NUL cut the path short unseen). */
static void test_MG_REPLAY_1_line_ends(void **state)
{
	static const char text[] =
		"megami-replay 1\r\r\n"
		"| round_limit: 3\r\r\r\n"
		"| characters: []\r\n"
		"dice 3 4\r\r\n";
	mg_replay r, back;
	mg_replay_loc loc;
	char *out;
	size_t len;
	(void)state;

	assert_int_equal(mg_replay_parse(&r, &loc, text, strlen(text),
		MG_LANG_EN), 0);
	assert_int_equal(r.scenario_yaml_len, strlen("round_limit: 3\n"
	                                              "characters: []\n"));
	assert_memory_equal(r.scenario_yaml, "round_limit: 3\ncharacters: []\n",
	                    r.scenario_yaml_len);
	assert_int_equal(r.nitems, 2);
	assert_int_equal(r.items[1].die, 4);
	assert_int_equal(mg_replay_write(&out, &len, &r), 0);
	assert_int_equal(mg_replay_parse(&back, &loc, out, len, MG_LANG_EN), 0);
	assert_int_equal(back.scenario_yaml_len, r.scenario_yaml_len);
	free(out);
	mg_replay_free(&r);
	mg_replay_free(&back);
	/* a path the scenario line cannot hold (review 2026-12-04, 4: a
	 * session of a file named with a TAB or a '#' wrote a replay that
	 * resumed another file, or none): left out beside the YAML, which
	 * the reader takes; refused as the only scenario */
	{
		static const char *const bad_paths[] = {"a\tb.yaml", "a#b.yaml",
		                                        " a.yaml", "a.yaml "};
		size_t k;
		for (k = 0; k < 4; k++) {
			mg_replay q = MG_REPLAY_INIT;
			assert_int_equal(mg_replay_set_scenario(&q, bad_paths[k],
				"round_limit: 3\n", 15), 0);
			assert_int_equal(mg_replay_write(&out, &len, &q), 0);
			assert_null(strstr(out, "scenario"));
			assert_non_null(strstr(out, "| round_limit: 3\n"));
			free(out);
			assert_int_equal(mg_replay_set_scenario(&q, bad_paths[k],
				NULL, 0), 0);
			assert_int_equal(mg_replay_write(&out, &len, &q),
			                 MG_EINVALID);
			mg_replay_free(&q);
		}
	}
	{
		static const char nul[] = "megami-replay 1\nscenario ab\0cd.yaml\n";
		assert_int_equal(mg_replay_parse(&r, &loc, nul, sizeof nul - 1,
			MG_LANG_EN), MG_EINVALID);
		assert_string_equal(mg_error_last(), "the scenario's path holds "
		                    "a control character (U+0000)");
		assert_int_equal(loc.line, 2);
		assert_int_equal(loc.col, 12);
		mg_replay_free(&r);
	}
}

/* One bad replay: the code, line, column and message (English). */
static void bad(const char *text, int code, uint32_t line, uint32_t col,
                const char *msg)
{
	mg_replay r;
	mg_replay_loc loc;

	assert_int_equal(mg_replay_parse(&r, &loc, text, strlen(text),
		MG_LANG_EN),
	                 code);
	assert_string_equal(mg_error_last(), msg);
	assert_int_equal(loc.line, line);
	assert_int_equal(loc.col, col);
	mg_replay_free(&r);
}

#define HEAD "megami-replay 1\nscenario s.yaml\n"

/* MG-REPLAY-1 MG-REPLAY-2: every parse error, located (columns count
 * characters: "キャラ" is 3 columns before the blank). */
static void test_MG_REPLAY_1_2_parse_errors(void **state)
{
	bad("", MG_EINVALID, 1, 1,
	    "not a megami replay (the first line is 'megami-replay 1')");
	bad("# only a comment\nhello 1\n", MG_EINVALID, 2, 1,
	    "not a megami replay (the first line is 'megami-replay 1')");
	bad("megami-replay 2\n", MG_EINVALID, 1, 15,
	    "only version 1 of the replay format exists");
	bad("megami-replay\n", MG_EINVALID, 1, 14,
	    "only version 1 of the replay format exists");
	bad("megami-replay 1\ndice 1\n", MG_EINVALID, 1, 1,
	    "no scenario (a 'scenario FILE' line or '| ' lines are needed)");
	bad(HEAD "jump 3\n", MG_EINVALID, 3, 1,
	    "unknown word 'jump' (expected dice, attack, finish, move, run, "
	    "wait, end, resume, stay or gm)");
	bad(HEAD "attack 1 x\n", MG_EINVALID, 3, 10, "'x' is not a whole number");
	bad(HEAD "attack 0 2\n", MG_EINVALID, 3, 8,
	    "attack numbers start at 1 (not '0')");
	bad(HEAD "finish 1 0\n", MG_EINVALID, 3, 10,
	    "character numbers start at 1 (not '0')");
	bad(HEAD "attack 1 4294967297\n", MG_EINVALID, 3, 10,
	    "character numbers start at 1 (not '4294967297')");
	bad(HEAD "attack 1\n", MG_EINVALID, 3, 9,
	    "'attack' needs an attack number and a character number");
	bad(HEAD "move\n", MG_EINVALID, 3, 5, "'move' needs a position");
	bad(HEAD "run +5\n", MG_EINVALID, 3, 5, "'+5' is not a whole number");
	bad(HEAD "move 9223372036854775808\n", MG_EOVERFLOW, 3, 6,
	    "the number '9223372036854775808' is too large");
	bad(HEAD "move -9223372036854775809\n", MG_EOVERFLOW, 3, 6,
	    "the number '-9223372036854775809' is too large");
	bad(HEAD "wait 3\n", MG_EINVALID, 3, 6, "too many values for 'wait'");
	bad(HEAD "attack 1 2 3\n", MG_EINVALID, 3, 12,
	    "too many values for 'attack'");
	bad(HEAD "dice\n", MG_EINVALID, 3, 5, "'dice' needs one or more values");
	/* a negative die is a whole number: read, and refused where it is
	 * played (MG-REPLAY-3), as 7 is */
	bad(HEAD "dice 1 -x\n", MG_EINVALID, 3, 8, "'-x' is not a whole number");
	bad(HEAD "attack -1 2\n", MG_EINVALID, 3, 8,
	    "attack numbers start at 1 (not '-1')");
	bad("megami-replay 1\nseed 1\nseed 2\nscenario s\n", MG_EINVALID, 3, 1,
	    "'seed' is given twice (first on line 2)");
	bad("megami-replay 1\nseed -1\n", MG_EINVALID, 2, 6,
	    "the seed is a whole number from 0 to 18446744073709551615 "
	    "(not '-1')");
	bad("megami-replay 1\nseed 18446744073709551616\n", MG_EOVERFLOW, 2, 6,
	    "the number '18446744073709551616' is too large");
	bad("megami-replay 1\nseed 1 2\n", MG_EINVALID, 2, 8,
	    "too many values for 'seed'");
	bad("megami-replay 1\nseed\n", MG_EINVALID, 2, 5, "'seed' needs a value");
	/* "rolled N" (MG-TRACK-14) is read as the seed is */
	bad("megami-replay 1\nrolled 1\nrolled 2\nscenario s\n", MG_EINVALID, 3, 1,
	    "'rolled' is given twice (first on line 2)");
	bad("megami-replay 1\nrolled x\n", MG_EINVALID, 2, 8,
	    "rolled is a whole number from 0 to 18446744073709551615 "
	    "(not 'x')");
	bad("megami-replay 1\nrolled 18446744073709551616\n", MG_EOVERFLOW, 2, 8,
	    "the number '18446744073709551616' is too large");
	bad("megami-replay 1\nscenario s\ndice 1\nrolled 3\n", MG_EINVALID, 4, 1,
	    "'rolled' comes before the scenario's lines, the dice and the "
	    "decisions");
	bad("megami-replay 1\nrng mt19937\n", MG_EINVALID, 2, 5,
	    "unknown generator 'mt19937' (only xoshiro256ss-1)");
	bad(HEAD "dice 1\nseed 3\n", MG_EINVALID, 4, 1,
	    "'seed' comes before the scenario's lines, the dice and the "
	    "decisions");
	bad(HEAD "| a: 1\nscenario t\n", MG_EINVALID, 4, 1,
	    "'scenario' comes before the scenario's lines, the dice and the "
	    "decisions");
	bad(HEAD "dice 1\n| a: 1\n", MG_EINVALID, 4, 1,
	    "the scenario's '| ' lines come together, before any die or decision");
	bad(HEAD "| a: 1\n# between\n| b: 2\n", MG_EINVALID, 5, 1,
	    "the scenario's '| ' lines come together, before any die or decision");
	bad(HEAD "|a: 1\n", MG_EINVALID, 3, 2, "a scenario line starts with '| '");
	bad("megami-replay 1\nscenario キャラ.yaml\nキャラ 1\n", MG_EINVALID, 3, 1,
	    "unknown word 'キャラ' (expected dice, attack, finish, move, run, "
	    "wait, end, resume, stay or gm)");
	bad(HEAD "dice 1 キ 2\n", MG_EINVALID, 3, 8, "'キ' is not a whole number");
	bad(HEAD "  キャラ x\n", MG_EINVALID, 3, 3,
	    "unknown word 'キャラ' (expected dice, attack, finish, move, run, "
	    "wait, end, resume, stay or gm)");
}

/* MG-REPLAY-1: messages in Japanese too. */
static void test_MG_REPLAY_1_japanese(void **state)
{
	static const char text[] = HEAD "wait 3\n";
	mg_replay r;
	mg_replay_loc loc;

	assert_int_equal(mg_replay_parse(&r, &loc, text, strlen(text),
		MG_LANG_JA),
	                 MG_EINVALID);
	assert_string_equal(mg_error_last(), "「wait」の値が多すぎます");
	assert_int_equal(loc.line, 3);
	assert_int_equal(loc.col, 6);
	mg_replay_free(&r);
}

/* ---- playing ------------------------------------------------------------- */

/*
 * The duel of these tests: A (PC, HP 10, 行動 0, 命中 0, 剣 damage 5) and B
 * (NPC, HP 3, all 0, 爪 damage 1), both at 0.  The full replay:
 *   dice 3 3 1 1   initiative A 6, B 2: order A, B
 *   attack 1 2     A's 剣 on B
 *   dice 4 4 1 2 1 attack 8 + 0 = 8; defence 3 < 8: hit; damage 1 + 5 = 6,
 *                  B's HP 3 − 6 = −3: 戦闘不能, PC wins in round 1 (MG-END-1)
 */
typedef struct duel {
	mg_scenario s;
	mg_character ch[2];
	mg_attack at[2];
	mg_replay r;
	mg_replay_player p;
	ut_dice d;
	mg_combat *c;
} duel;

static void duel_init(duel *f)
{
	mg_combat_opts o = MG_COMBAT_OPTS_INIT;

	memset(f, 0, sizeof(*f));
	mg_character_init(&f->ch[0]);
	mg_character_init(&f->ch[1]);
	f->ch[0].name = "A";
	f->ch[0].side = MG_SIDE_PC;
	f->ch[0].hp = f->ch[0].hp_now = 10;
	f->ch[1].name = "B";
	f->ch[1].side = MG_SIDE_NPC;
	f->ch[1].hp = f->ch[1].hp_now = 3;
	mg_attack_init(&f->at[0]);
	f->at[0].name = "剣";
	f->at[0].damage = 5;
	mg_attack_init(&f->at[1]);
	f->at[1].name = "爪";
	f->at[1].damage = 1;
	f->ch[0].attacks = &f->at[0];
	f->ch[0].nattacks = 1;
	f->ch[1].attacks = &f->at[1];
	f->ch[1].nattacks = 1;
	f->s.round_limit = 5;
	f->s.characters = f->ch;
	f->s.ncharacters = 2;
	mg_replay_player_init(&f->p, &f->r, MG_LANG_EN);
	ut_dice_callback(&f->d, mg_replay_dice, &f->p, 0);
	o.dice = &f->d;
	assert_int_equal(mg_combat_new(&f->c, &f->s, &o), 0);
}

/* Parse `items` after a header and play them: the return code. */
static int duel_play(duel *f, const char *items)
{
	char text[1024];
	mg_replay_loc loc;

	snprintf(text, sizeof(text), "megami-replay 1\nscenario duel\n%s", items);
	assert_int_equal(mg_replay_parse(&f->r, &loc, text, strlen(text),
	                                 MG_LANG_EN), 0);
	return mg_replay_play(&f->p, f->c);
}

static void duel_free(duel *f)
{
	mg_combat_free(f->c);
	mg_replay_free(&f->r);
}

/* MG-REPLAY-3: the full replay plays to the end: PC wins in round 1 with
 * B at HP −3 (derivation above). */
static void test_MG_REPLAY_3_full(void **state)
{
	duel f;
	mg_result res;
	mg_char_state st;

	duel_init(&f);
	assert_int_equal(duel_play(&f, "dice 3 3 1 1\nattack 1 2\ndice 4 4 1 2 1\n"), 0);
	assert_int_equal(f.p.ended, 0);
	mg_combat_result(&res, f.c);
	assert_int_equal(res.over, 1);
	assert_int_equal(res.winner, MG_SIDE_PC);
	assert_int_equal(res.rounds, 1);
	assert_int_equal(mg_combat_character(&st, f.c, 1), 0);
	assert_int_equal(st.hp, -3);
	duel_free(&f);
}

/* One failing play: code, place and message. */
static void play_bad(const char *items, int code, uint32_t line, uint32_t col,
                     const char *msg)
{
	duel f;

	duel_init(&f);
	assert_int_equal(duel_play(&f, items), code);
	assert_string_equal(mg_error_last(), msg);
	assert_int_equal(f.p.loc.line, line);
	assert_int_equal(f.p.loc.col, col);
	duel_free(&f);
}

/* MG-REPLAY-3: misplaced, illegal and extra items, each at its place (the
 * header is lines 1–2).  MG-ACT-1 gives the engine's own message for an
 * illegal decision: A attacking itself (character 1) or with attack 2. */
static void test_MG_REPLAY_3_play_errors(void **state)
{
	/* round 1 starts with the initiative dice: a decision is misplaced */
	play_bad("attack 1 2\n", MG_EINVALID, 3, 1,
	         "die 1 is needed here, but the replay has a decision");
	/* after four dice A decides: a fifth die is misplaced */
	play_bad("dice 3 3 1 1 4\n", MG_EINVALID, 3, 14,
	         "a decision for A is needed here, but the replay has a die");
	play_bad("dice 3 3 1 1\nattack 1 1\n", MG_EINVALID, 4, 1,
	         "A: the target is not an enemy");
	play_bad("dice 3 3 1 1\nattack 2 2\n", MG_EINVALID, 4, 1,
	         "A: no such attack");
	play_bad("dice 3 3 1 1\nresume\n", MG_EINVALID, 4, 1,
	         "A is to act: resume and stay answer a waiting character");
	/* a die of 7, and of 0 inside an action */
	play_bad("dice 3 7\n", MG_EINVALID, 3, 8, "die 2 is 7, not between 1 and 6");
	play_bad("dice 3 3 1 1\nattack 1 2\ndice 4 4 0\n", MG_EINVALID, 5, 10,
	         "die 7 is 0, not between 1 and 6");
	/* the combat is over (PC wins): anything more is an error */
	play_bad("dice 3 3 1 1\nattack 1 2\ndice 4 4 1 2 1\nend\n", MG_EINVALID,
	         6, 1, "the combat is over, but the replay goes on");
	play_bad("dice 3 3 1 1\nattack 1 2\ndice 4 4 1 2 1 6\n", MG_EINVALID,
	         5, 16, "the combat is over, but the replay goes on");
}

/* MG-REPLAY-3 MG-REPLAY-4: a replay that stops (a session that quit) plays
 * to its end and no further: at a decision, or in the middle of the
 * attack's dice (the combat then stopped by the dice source). */
static void test_MG_REPLAY_3_ends_early(void **state)
{
	duel f;
	mg_result res;

	duel_init(&f);
	assert_int_equal(duel_play(&f, "dice 3 3 1 1\n"), 0);
	assert_int_equal(f.p.ended, 1);
	assert_int_equal(f.p.pos, 4);
	mg_combat_result(&res, f.c);
	assert_int_equal(res.over, 0);
	duel_free(&f);

	duel_init(&f);
	assert_int_equal(duel_play(&f, "dice 3 3 1 1\nattack 1 2\ndice 4 4\n"), 0);
	assert_int_equal(f.p.ended, 1);
	assert_int_equal(f.p.pos, 7);
	duel_free(&f);
}


/* ---- the GM's hand: MG-GM-1, MG-GM-2, MG-GM-3, MG-GM-4 ------------------------------------- */

/* MG-GM-1: gm lines are written as typed at the tracker and read back to
 * the same items (characters from 1, HP and positions may be negative,
 * down to −10^12: MG-SCN-LIMIT-2). */
static void test_MG_GM_1_round_trip(void **state)
{
	static const char want[] =
		"megami-replay 1\n"
		"rng xoshiro256ss-1\n"
		"scenario s.yaml\n"
		"dice 3 3\n"
		"gm hp 2 -4\n"
		"gm pos 1 -1000000000000\n"
		"gm add 2 incapacitated\n"
		"gm clear 2 dead\n"
		"end\n";
	mg_replay r = MG_REPLAY_INIT, back;
	mg_replay_loc loc;
	mg_adjust g;
	mg_action a;
	char *text = NULL;
	size_t len = 0, i;

	(void)state;
	assert_int_equal(mg_replay_set_scenario(&r, "s.yaml", NULL, 0), 0);
	assert_int_equal(mg_replay_add_die(&r, 3), 0);
	assert_int_equal(mg_replay_add_die(&r, 3), 0);
	memset(&g, 0, sizeof(g));
	g.kind = MG_ADJ_HP; g.who = 1; g.value = -4;
	assert_int_equal(mg_replay_add_adjust(&r, &g), 0);
	g.kind = MG_ADJ_POS; g.who = 0; g.value = -MG_SCN_NUMBER_MAX;
	assert_int_equal(mg_replay_add_adjust(&r, &g), 0);
	g.kind = MG_ADJ_ADD; g.who = 1; g.value = MG_STATE_INCAPACITATED;
	assert_int_equal(mg_replay_add_adjust(&r, &g), 0);
	g.kind = MG_ADJ_CLEAR; g.value = MG_STATE_DEAD;
	assert_int_equal(mg_replay_add_adjust(&r, &g), 0);
	memset(&a, 0, sizeof(a));
	a.kind = MG_ACT_END;
	assert_int_equal(mg_replay_add_action(&r, &a), 0);
	assert_int_equal(mg_replay_write(&text, &len, &r), 0);
	assert_string_equal(text, want);
	assert_int_equal(mg_replay_parse(&back, &loc, text, len, MG_LANG_EN), 0);
	assert_int_equal(back.nitems, r.nitems);
	for (i = 0; i < r.nitems; i++) {
		assert_int_equal(back.items[i].kind, r.items[i].kind);
		assert_int_equal(back.items[i].adjust.kind, r.items[i].adjust.kind);
		assert_int_equal(back.items[i].adjust.who, r.items[i].adjust.who);
		assert_true(back.items[i].adjust.value == r.items[i].adjust.value);
	}
	assert_int_equal(back.items[2].kind, MG_RITEM_ADJUST);
	assert_int_equal(back.items[2].line, 5);
	assert_int_equal(back.items[2].col, 1);
	free(text);
	mg_replay_free(&r);
	mg_replay_free(&back);
}

/* MG-GM-1: every malformed gm line, located. */
static void test_MG_GM_1_parse_errors(void **state)
{
	(void)state;
	bad(HEAD "gm\n", MG_EINVALID, 3, 3,
	    "'gm' is followed by hp, pos, add, clear, end or enter");
	bad(HEAD "gm heal 1 2\n", MG_EINVALID, 3, 4,
	    "'gm' is followed by hp, pos, add, clear, end or enter");
	/* MG-ENTER-4 */
	bad(HEAD "gm enter\n", MG_EINVALID, 3, 9,
	    "'gm enter' needs a character number");
	bad(HEAD "gm enter 2 3\n", MG_EINVALID, 3, 12,
	    "too many values for 'gm enter'");
	bad(HEAD "gm enter 0\n", MG_EINVALID, 3, 10,
	    "character numbers start at 1 (not '0')");
	bad(HEAD "gm hp 1\n", MG_EINVALID, 3, 8,
	    "'gm hp' needs a character number and a value");
	bad(HEAD "gm hp 1 2 3\n", MG_EINVALID, 3, 11,
	    "too many values for 'gm hp'");
	bad(HEAD "gm pos 0 2\n", MG_EINVALID, 3, 8,
	    "character numbers start at 1 (not '0')");
	bad(HEAD "gm hp 1 x\n", MG_EINVALID, 3, 9, "'x' is not a whole number");
	/* MG-SCN-LIMIT-2: within ±10^12, the bound of a scenario's numbers */
	bad(HEAD "gm hp 1 1000000000001\n", MG_EINVALID, 3, 9,
	    "'gm hp': the value '1000000000001' is out of range"
	    " (from -1000000000000 to 1000000000000)");
	bad(HEAD "gm pos 1 -9223372036854775808\n", MG_EINVALID, 3, 10,
	    "'gm pos': the value '-9223372036854775808' is out of range"
	    " (from -1000000000000 to 1000000000000)");
	bad(HEAD "gm hp 1 9223372036854775808\n", MG_EOVERFLOW, 3, 9,
	    "the number '9223372036854775808' is too large");
	bad(HEAD "gm add 1 asleep\n", MG_EINVALID, 3, 10,
	    "the condition is incapacitated or dead, not 'asleep'");
	bad(HEAD "gm clear 1 戦闘不能\n", MG_EINVALID, 3, 12,
	    "the condition is incapacitated or dead, not '戦闘不能'");
}

/* MG-GM-1 MG-GM-2 MG-GM-3: adjustments played at A's first decision.
 * gm hp 2 20: B's HP 20; A's 剣 (dice 4 4 1 2 1, as in the full replay)
 * does 6: HP 14, B able, the combat goes on (the replay ends).  gm add 2
 * dead: B leaves, nobody of the NPCs is able: A's process ends at once
 * (A did nothing) and the PCs win in round 1.  gm hp 1 -2: A is 戦闘不能,
 * its process ends, the NPCs win.  gm pos 2 20: A's 剣 (range 0) no
 * longer reaches B. */
static void test_MG_GM_2_3_play(void **state)
{
	duel f;
	mg_result res;
	mg_char_state st;

	(void)state;
	duel_init(&f);
	assert_int_equal(duel_play(&f, "dice 3 3 1 1\ngm hp 2 20\nattack 1 2\n"
	                               "dice 4 4 1 2 1\n"), 0);
	assert_int_equal(f.p.ended, 1);
	assert_int_equal(mg_combat_character(&st, f.c, 1), 0);
	assert_int_equal(st.hp, 14);
	assert_int_equal(st.state, MG_STATE_ABLE);
	mg_combat_result(&res, f.c);
	assert_int_equal(res.over, 0);
	duel_free(&f);

	duel_init(&f);
	assert_int_equal(duel_play(&f, "dice 3 3 1 1\ngm add 2 dead\n"), 0);
	assert_int_equal(f.p.ended, 0);
	mg_combat_result(&res, f.c);
	assert_int_equal(res.over, 1);
	assert_int_equal(res.winner, MG_SIDE_PC);
	assert_int_equal(res.rounds, 1);
	assert_int_equal(mg_combat_character(&st, f.c, 1), 0);
	assert_int_equal(st.state, MG_STATE_DEAD);
	assert_int_equal(st.hp, 3);
	duel_free(&f);

	duel_init(&f);
	assert_int_equal(duel_play(&f, "dice 3 3 1 1\ngm hp 1 -2\n"), 0);
	mg_combat_result(&res, f.c);
	assert_int_equal(res.over, 1);
	assert_int_equal(res.winner, MG_SIDE_NPC);
	assert_int_equal(mg_combat_character(&st, f.c, 0), 0);
	assert_int_equal(st.state, MG_STATE_INCAPACITATED);
	duel_free(&f);

	play_bad("dice 3 3 1 1\ngm pos 2 20\nattack 1 2\n", MG_EINVALID, 5, 1,
	         "A: the target is out of range");
}

/* MG-GM-1: refused adjustments are errors at their place, misplaced ones
 * too, and nothing follows the end. */
static void test_MG_GM_1_play_errors(void **state)
{
	(void)state;
	play_bad("gm hp 1 5\n", MG_EINVALID, 3, 1,
	         "die 1 is needed here, but the replay has a GM adjustment");
	play_bad("dice 3 3 1 1\ngm clear 2 dead\n", MG_EINVALID, 4, 1,
	         "B: it does not have that condition");
	play_bad("dice 3 3 1 1\ngm clear 2 incapacitated\n", MG_EINVALID, 4, 1,
	         "B: it does not have that condition");
	play_bad("dice 3 3 1 1\ngm add 2 dead\ngm clear 2 incapacitated\n",
	         MG_EINVALID, 5, 1, "the combat is over, but the replay goes on");
	play_bad("dice 3 3 1 1\ngm hp 3 1\n", MG_EINVALID, 4, 1,
	         "no such character");
}

/* MG-GM-2: the engine's own rules of the GM's hand, step by step at A's
 * first decision: HP ≤ 0 downs, HP > 0 brings back; a condition added
 * twice or cleared when absent is refused and changes nothing; dead →
 * cleared to 戦闘不能 → cleared to able. */
static void test_MG_GM_2_engine(void **state)
{
	duel f;
	mg_ask ask;
	mg_adjust g;
	mg_char_state st;

	(void)state;
	duel_init(&f);
	assert_int_equal(duel_play(&f, "dice 3 3 1 1\n"), 0);
	memset(&g, 0, sizeof(g));
	g.who = 0; /* A, the actor: its own state is not at stake here */
	g.kind = MG_ADJ_ADD; g.value = MG_STATE_DEAD;
	g.who = 1;
	assert_int_equal(mg_combat_adjust(f.c, &g), 0);
	assert_int_equal(mg_combat_adjust(f.c, &g), MG_EINVALID);
	assert_int_equal(mg_combat_refusal(f.c), MG_REFUSE_ALREADY);
	assert_string_equal(mg_error_last(), "B: it has that condition already");
	g.kind = MG_ADJ_CLEAR; g.value = MG_STATE_INCAPACITATED;
	assert_int_equal(mg_combat_adjust(f.c, &g), MG_EINVALID);
	assert_int_equal(mg_combat_refusal(f.c), MG_REFUSE_IS_DEAD);
	g.value = MG_STATE_DEAD;
	assert_int_equal(mg_combat_adjust(f.c, &g), 0);
	mg_combat_character(&st, f.c, 1);
	assert_int_equal(st.state, MG_STATE_INCAPACITATED);
	g.kind = MG_ADJ_HP; g.value = 2; /* HP > 0 brings it back */
	assert_int_equal(mg_combat_adjust(f.c, &g), 0);
	mg_combat_character(&st, f.c, 1);
	assert_int_equal(st.state, MG_STATE_ABLE);
	assert_int_equal(st.hp, 2);
	g.value = 0;                   /* and HP ≤ 0 downs it again */
	assert_int_equal(mg_combat_adjust(f.c, &g), 0);
	mg_combat_character(&st, f.c, 1);
	assert_int_equal(st.state, MG_STATE_INCAPACITATED);
	g.kind = MG_ADJ_CLEAR; g.value = MG_STATE_INCAPACITATED;
	assert_int_equal(mg_combat_adjust(f.c, &g), 0);
	mg_combat_character(&st, f.c, 1);
	assert_int_equal(st.state, MG_STATE_ABLE);
	assert_int_equal(st.hp, 0); /* the GM's word, HP as it is */
	/* both sides able again: A is still asked */
	assert_int_equal(mg_combat_next(&ask, f.c), 0);
	assert_int_equal(ask.kind, MG_ASK_ACTION);
	assert_int_equal(ask.actor, 0);
	g.kind = MG_ADJ_POS; g.who = 2; g.value = 1;
	assert_int_equal(mg_combat_adjust(f.c, &g), MG_EINVALID);
	assert_int_equal(mg_combat_refusal(f.c), MG_REFUSE_NO_CHARACTER);
	duel_free(&f);
}

/* MG-GM-5: `gm end` written and read with its winner (pc, npc, none:
 * MG_SIDE_PC 0, MG_SIDE_NPC 1, −1), every malformed one located. */
static void test_MG_GM_5_replay(void **state)
{
	static const char want[] =
		"megami-replay 1\n"
		"rng xoshiro256ss-1\n"
		"scenario s.yaml\n"
		"gm end pc\n"
		"gm end npc\n"
		"gm end none\n"
		"gm enter 3\n";
	static const int64_t winners[] = {MG_SIDE_PC, MG_SIDE_NPC, -1};
	mg_replay r = MG_REPLAY_INIT, back;
	mg_replay_loc loc;
	mg_adjust g;
	char *text = NULL;
	size_t len = 0, i;

	(void)state;
	assert_int_equal(mg_replay_set_scenario(&r, "s.yaml", NULL, 0), 0);
	memset(&g, 0, sizeof(g));
	g.kind = MG_ADJ_END;
	for (i = 0; i < 3; i++) {
		g.value = winners[i];
		assert_int_equal(mg_replay_add_adjust(&r, &g), 0);
	}
	/* MG-ENTER-4: the GM brings character 3 in (0-based 2) */
	g.kind = MG_ADJ_ENTER;
	g.who = 2;
	g.value = 0;
	assert_int_equal(mg_replay_add_adjust(&r, &g), 0);
	assert_int_equal(mg_replay_write(&text, &len, &r), 0);
	assert_string_equal(text, want);
	assert_int_equal(mg_replay_parse(&back, &loc, text, len, MG_LANG_EN), 0);
	assert_int_equal(back.nitems, 4);
	assert_int_equal(back.items[3].adjust.kind, MG_ADJ_ENTER);
	assert_int_equal(back.items[3].adjust.who, 2);
	for (i = 0; i < 3; i++) {
		assert_int_equal(back.items[i].kind, MG_RITEM_ADJUST);
		assert_int_equal(back.items[i].adjust.kind, MG_ADJ_END);
		assert_true(back.items[i].adjust.value == winners[i]);
		assert_int_equal(back.items[i].line, 4 + i);
	}
	free(text);
	mg_replay_free(&r);
	mg_replay_free(&back);

	/* "gm end" is 6 columns: the missing winner is at column 7 */
	bad(HEAD "gm end\n", MG_EINVALID, 3, 7,
	    "'gm end' needs the winner (pc, npc or none)");
	bad(HEAD "gm end pc 2\n", MG_EINVALID, 3, 11,
	    "too many values for 'gm end'");
	bad(HEAD "gm end PC\n", MG_EINVALID, 3, 8,
	    "the winner is pc, npc or none, not 'PC'");
	bad(HEAD "gm end 1\n", MG_EINVALID, 3, 8,
	    "the winner is pc, npc or none, not '1'");
}

/* The line of each kind of the GM's hand, as the writer and the tracker
 * show it (characters from 1), and its length when buf is too short. */
static void test_MG_GM_adjust_text(void **state)
{
	static const struct {
		mg_adjust g;
		const char *want;
	} cases[] = {
		{{MG_ADJ_HP, 1, -4}, "gm hp 2 -4"},
		{{MG_ADJ_POS, 0, 12}, "gm pos 1 12"},
		{{MG_ADJ_ADD, 1, MG_STATE_INCAPACITATED}, "gm add 2 incapacitated"},
		{{MG_ADJ_CLEAR, 2, MG_STATE_DEAD}, "gm clear 3 dead"},
		{{MG_ADJ_END, 0, MG_SIDE_NPC}, "gm end npc"},
		{{MG_ADJ_END, 0, -1}, "gm end none"},
		{{MG_ADJ_ENTER, 3, 0}, "gm enter 4"},
	};
	char buf[80], tiny[5];
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		assert_int_equal(mg_replay_adjust_text(buf, sizeof(buf),
		                                       &cases[i].g),
		                 (int)strlen(cases[i].want));
		assert_string_equal(buf, cases[i].want);
	}
	assert_int_equal(mg_replay_adjust_text(tiny, sizeof(tiny), &cases[6].g),
	                 10);
	assert_string_equal(tiny, "gm e");
}

typedef struct ends {
	int n, winner, flag;
	int64_t round;
} ends;

static int on_end(void *ud, const mg_combat *c, const mg_event *ev)
{
	ends *e = ud;

	(void)c;
	if (ev->kind == MG_EV_END) {
		e->n++;
		e->winner = ev->winner;
		e->flag = ev->flag;
		e->round = ev->round;
	}
	return 0;
}

/* MG-GM-5: the GM ends the combat at A's first decision of round 1
 * (initiative 3+3 against 1+1: A first), with B (HP 3) and A (HP 10)
 * both able: over at once in round 1, the winner the GM's word (NPC here,
 * though both sides are able: a count of the able would say no one),
 * by_gm 1, one end event with flag 1; HP untouched.  A winner of 2 is
 * refused and changes nothing; nothing may follow the end; a restart
 * clears by_gm. */
static void test_MG_GM_5_end(void **state)
{
	mg_combat_opts o = MG_COMBAT_OPTS_INIT;
	ends e = {0, 0, 0, 0};
	duel f;
	mg_result res;
	mg_char_state st;
	mg_adjust g;
	mg_ask ask;

	(void)state;
	duel_init(&f);
	mg_combat_free(f.c);
	o.dice = &f.d;
	o.on_event = on_end;
	o.event_ud = &e;
	assert_int_equal(mg_combat_new(&f.c, &f.s, &o), 0);
	assert_int_equal(duel_play(&f, "dice 3 3 1 1\n"), 0);
	memset(&g, 0, sizeof(g));
	g.kind = MG_ADJ_END;
	g.who = 7; /* not used: no character 8 is asked for */
	g.value = 2;
	assert_int_equal(mg_combat_adjust(f.c, &g), MG_EINVALID);
	assert_int_equal(mg_combat_refusal(f.c), MG_REFUSE_BAD_ADJUST);
	mg_combat_result(&res, f.c);
	assert_int_equal(res.over, 0);
	assert_int_equal(e.n, 0);
	g.value = MG_SIDE_NPC;
	assert_int_equal(mg_combat_adjust(f.c, &g), 0);
	mg_combat_result(&res, f.c);
	assert_int_equal(res.over, 1);
	assert_int_equal(res.winner, MG_SIDE_NPC);
	assert_int_equal(res.rounds, 1);
	assert_int_equal(res.by_gm, 1);
	assert_int_equal(e.n, 1);
	assert_int_equal(e.winner, MG_SIDE_NPC);
	assert_int_equal(e.flag, 1);
	assert_int_equal(e.round, 1);
	assert_int_equal(mg_combat_character(&st, f.c, 1), 0);
	assert_int_equal(st.hp, 3);
	assert_int_equal(st.state, MG_STATE_ABLE);
	assert_int_equal(mg_combat_next(&ask, f.c), 0);
	assert_int_equal(ask.kind, MG_ASK_OVER);
	/* over: no decision pending, so no more of the GM's hand */
	assert_int_equal(mg_combat_adjust(f.c, &g), MG_EINVALID);
	assert_int_equal(mg_combat_refusal(f.c), MG_REFUSE_NOT_PENDING);
	mg_combat_restart(f.c);
	mg_combat_result(&res, f.c);
	assert_int_equal(res.over, 0);
	assert_int_equal(res.by_gm, 0);
	duel_free(&f);

	/* played from a replay: none, then nothing may follow */
	duel_init(&f);
	assert_int_equal(duel_play(&f, "dice 3 3 1 1\ngm end none\n"), 0);
	mg_combat_result(&res, f.c);
	assert_int_equal(res.over, 1);
	assert_int_equal(res.winner, -1);
	assert_int_equal(res.by_gm, 1);
	duel_free(&f);
	play_bad("dice 3 3 1 1\ngm end pc\nend\n", MG_EINVALID, 5, 1,
	         "the combat is over, but the replay goes on");
	/* a fight that ends by the rules is not the GM's */
	duel_init(&f);
	assert_int_equal(duel_play(&f, "dice 3 3 1 1\ngm add 2 dead\n"), 0);
	mg_combat_result(&res, f.c);
	assert_int_equal(res.winner, MG_SIDE_PC);
	assert_int_equal(res.by_gm, 0);
	duel_free(&f);
}

/* MG-REPLAY-3 MG-ACT-1: played in Japanese, an illegal decision or GM
 * adjustment is refused in Japanese (the name kept), as the tracker
 * refuses it; other errors are the replay's own, also in Japanese. */
static void test_MG_REPLAY_3_refusals_ja(void **state)
{
	static const struct {
		const char *items, *msg;
	} cases[] = {
		{"dice 3 3 1 1\nattack 1 1\n", "A: 対象が敵ではありません"},
		{"dice 3 3 1 1\nmove 0\n", "A: 0 m の移動はしません"},
		{"dice 3 3 1 1\nmove 6\n", "A: 移動力より長い移動です"},
		{"dice 3 3 1 1\ngm clear 2 dead\n", "B: その状態ではありません"},
		{"dice 3 3 1 1\nresume\n",
		 "Aの行動の番です：resume と stay は待機中の問いへの答えです"},
	};
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		duel f;
		duel_init(&f);
		f.p.lang = MG_LANG_JA;
		assert_int_equal(duel_play(&f, cases[i].items), MG_EINVALID);
		assert_string_equal(mg_error_last(), cases[i].msg);
		assert_int_equal(f.p.loc.line, 4);
		duel_free(&f);
	}
}

/* MG-ACT-1: a refusal's reason in both languages; the English one is the
 * text of mg_error_last. */
static void test_MG_ACT_1_refusal_text(void **state)
{
	duel f;
	mg_action a;

	(void)state;
	duel_init(&f);
	assert_int_equal(duel_play(&f, "dice 3 3 1 1\n"), 0);
	memset(&a, 0, sizeof(a));
	a.kind = MG_ACT_MOVE;
	a.to = 11; /* allowance 5 + 0 */
	assert_int_equal(mg_combat_act(f.c, &a), MG_EINVALID);
	assert_int_equal(mg_combat_refusal(f.c), MG_REFUSE_TOO_FAR);
	assert_string_equal(mg_error_last(),
	                    "A: the move is longer than the allowance");
	assert_string_equal(mg_refusal_text(MG_REFUSE_TOO_FAR, MG_LANG_EN),
	                    "the move is longer than the allowance");
	assert_string_equal(mg_refusal_text(MG_REFUSE_TOO_FAR, MG_LANG_JA),
	                    "移動力より長い移動です");
	assert_string_equal(mg_refusal_text(MG_REFUSE_NOT_ENEMY, MG_LANG_JA),
	                    "対象が敵ではありません");
	a.kind = MG_ACT_END; /* legal, and needs no die */
	assert_int_equal(mg_combat_act(f.c, &a), 0);
	assert_int_equal(mg_combat_refusal(f.c), MG_REFUSE_NONE);
	duel_free(&f);
}

/* MG-TRACK-7: what each die of the full replay is for, asked from inside
 * the dice source: A's initiative (2D6+0), B's, A's attack judgement with
 * 剣 on B, B's evasion against it (target 8: the attack's 4 + 4 + 0),
 * A's damage die (1D6+5). */
typedef struct spy {
	mg_replay_player *p;
	mg_combat *c;
	char seen[16][48];
	size_t n;
} spy;

static int spy_die(void *ud, uint64_t sides, size_t index, uint64_t *out)
{
	spy *s = ud;
	mg_roll_info ri;

	mg_combat_rolling(&ri, s->c);
	snprintf(s->seen[s->n++], sizeof(s->seen[0]), "%d:%d>%d/%d.%d+%lld%s%lld",
	         (int)ri.kind, ri.who, ri.against, ri.index, ri.ndice,
	         (long long)ri.modifier, ri.has_target ? "t" : "-",
	         (long long)ri.target);
	return mg_replay_dice(s->p, sides, index, out);
}

static void test_MG_TRACK_7_rolling(void **state)
{
	static const char *const want[] = {
		"1:0>-1/0.2+0-0", "1:0>-1/1.2+0-0",   /* A's initiative */
		"1:1>-1/0.2+0-0", "1:1>-1/1.2+0-0",   /* B's */
		"4:0>1/0.2+0-0", "4:0>1/1.2+0-0",     /* A's 剣 on B */
		"5:1>0/0.2+0t8", "5:1>0/1.2+0t8",     /* B evades at 8 */
		"7:0>-1/0.1+5-0",                     /* damage 1D6+5 */
	};
	duel f;
	spy s;
	mg_roll_info ri;
	size_t i;

	(void)state;
	duel_init(&f);
	memset(&s, 0, sizeof(s));
	s.p = &f.p;
	s.c = f.c;
	ut_dice_callback(&f.d, spy_die, &s, 0);
	assert_int_equal(duel_play(&f, "dice 3 3 1 1\nattack 1 2\ndice 4 4 1 2 1\n"), 0);
	assert_int_equal(s.n, sizeof(want) / sizeof(want[0]));
	for (i = 0; i < s.n; i++)
		assert_string_equal(s.seen[i], want[i]);
	mg_combat_rolling(&ri, f.c);
	assert_int_equal(ri.kind, MG_ROLL_NONE);
	duel_free(&f);
}

/* A replay read for the sweep: its code, and the replay or the error
 * with its place and message. */
typedef struct read_replay {
	int rc;
	mg_replay r;
	mg_replay_loc loc;
	char msg[512];
} read_replay;

static int replay_parse_any(void **doc, const char *text, size_t len)
{
	read_replay *d = calloc(1, sizeof(*d));

	if (!d)
		return MG_ENOMEM;
	d->rc = mg_replay_parse(&d->r, &d->loc, text, len, MG_LANG_EN);
	snprintf(d->msg, sizeof(d->msg), "%s", d->rc < 0 ? mg_error_last() : "");
	if (d->rc == MG_ENOMEM) {
		mg_replay_free(&d->r);
		free(d);
		return MG_ENOMEM;
	}
	*doc = d;
	return 0;
}

/* What the replay says: the error and its place, or the replay written
 * back (mg_replay_write: every header, die and decision). */
static void replay_result(char *out, size_t size, const void *doc)
{
	const read_replay *d = doc;
	char *text = NULL;
	size_t len = 0;

	if (d->rc < 0) {
		snprintf(out, size, "%d %u:%u: %s", d->rc, (unsigned)d->loc.line,
		         (unsigned)d->loc.col, d->msg);
		return;
	}
	assert_int_equal(mg_replay_write(&text, &len, &d->r), 0);
	snprintf(out, size, "%s", text);
	free(text);
}

static void replay_free_any(void *doc)
{
	read_replay *d = doc;

	if (d)
		mg_replay_free(&d->r);
	free(d);
}

/*
 * Each allocation of reading each replay of the golden tests and of the
 * fuzzer's corpus (good ones, and ones with every kind of error) failing
 * in turn: MG_ENOMEM, or the same replay (as mg_replay_write writes it
 * back) or the same error at the same place.  Every replay file read
 * allocates the replay's items or a copy of a string: at least one run a
 * file fails.
 */
static void test_alloc_failures(void **state)
{
	static const char *const dirs[] = {"tests/megami/golden",
	                                   "tests/fuzz/corpus/fuzz_megami_replay"};
	static const tf_reader reader = {replay_parse_any, replay_result,
	                                 replay_free_any, MG_ENOMEM};
	(void)state;

	assert_true(tf_fail_readers(&reader, dirs, 2, ".replay") >= 20);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_MG_REPLAY_1_2_round_trip),
		cmocka_unit_test(test_MG_REPLAY_1_comments_and_path),
		cmocka_unit_test(test_MG_REPLAY_1_line_ends),
		cmocka_unit_test(test_MG_REPLAY_1_2_parse_errors),
		cmocka_unit_test(test_MG_REPLAY_1_japanese),
		cmocka_unit_test(test_MG_REPLAY_3_full),
		cmocka_unit_test(test_MG_REPLAY_3_play_errors),
		cmocka_unit_test(test_MG_REPLAY_3_refusals_ja),
		cmocka_unit_test(test_MG_REPLAY_3_ends_early),
		cmocka_unit_test(test_MG_GM_1_round_trip),
		cmocka_unit_test(test_MG_GM_1_parse_errors),
		cmocka_unit_test(test_MG_GM_2_3_play),
		cmocka_unit_test(test_MG_GM_1_play_errors),
		cmocka_unit_test(test_MG_GM_2_engine),
		cmocka_unit_test(test_MG_GM_5_replay),
		cmocka_unit_test(test_MG_GM_adjust_text),
		cmocka_unit_test(test_MG_GM_5_end),
		cmocka_unit_test(test_MG_ACT_1_refusal_text),
		cmocka_unit_test(test_MG_TRACK_7_rolling),
		cmocka_unit_test(test_alloc_failures),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
