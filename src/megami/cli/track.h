/*
 * track.h - the inside of `megami track` (docs/MEGAMI.md "Tracker and
 * replays", the MG-TRACK rules), shared by its files:
 *
 *   cmd_track.c    the command: options, the scenario, the session's setup,
 *                  a replay resumed (--resume, MG-TRACK-14)
 *   track_session.c  the session: event-sourced from its replay (undo,
 *                  redo, rebuild), the decisions, the dice, the end
 *   track_io.c     the terminal: lines read (libedit or plain), what is
 *                  shown, words
 *   track_show.c   the state, the options of a decision, the label of a
 *                  roll, the odds
 *   track_cmd.c    what is typed at a decision: actions, the GM's hand,
 *                  the help of every prompt
 *
 * The tracker is event-sourced (MG-TRACK-8): `rep` holds every input that
 * survived (dice, decisions, GM adjustments) in order, and the combat is
 * always what playing `rep` from the beginning gives.  Undo moves the last
 * step (a decision or an adjustment with the dice it rolled) from `rep` to
 * `redo`, and the combat is built again by playing `rep`; redo moves it
 * back.  The replay saved is `rep`.
 */
#ifndef MG_TRACK_H
#define MG_TRACK_H

#include <stddef.h>
#include <stdint.h>

#include "cli.h"
#include "stop_text.h"

#include "megami/combat.h"
#include "megami/render.h"
#include "megami/replay.h"
#include "util/rng.h"

/* The longest line read at a prompt, in bytes (MG-TRACK-1): far more than
 * any command a person types (the longest are a few dozen bytes), small
 * enough to sit on the stack; a longer line is never kept. */
#define TR_LINE_MAX 4096
/* The dice of a roll after its first: a 2D6's second. */
#define TR_AHEAD_MAX 1

/* What a prompt asks the session to do besides answering. */
enum {
	TR_NONE = 0,
	TR_UNDO,   /* u */
	TR_REDO    /* r */
};

typedef struct track {
	ut_cli ui;
	const char *path;   /* the scenario file, as given */
	const char *log_path; /* --log FILE, or NULL */
	const mg_scenario *s;
	mg_combat *c;       /* the combat: rep played from the beginning */
	mg_combat *snap;    /* the state before the last decision's answer */
	mg_action snap_act; /* that answer (snap_has_act) */
	int snap_has_act;
	size_t snap_item;   /* rep's index of the first die after it */
	mg_log *log;
	size_t shown;       /* log bytes already printed */
	ut_dice dice;       /* the callback source; rng rolls on Enter */
	uint64_t seed;
	uint64_t max_events;/* the combat's budget (MG-BUDGET-1, MG-TRACK-6) */
	mg_replay rep;      /* what survived, in order (MG-TRACK-8) */
	mg_replay redo;     /* the items undone, oldest first */
	size_t feed;        /* rep's items played so far */
	size_t quiet;       /* the log is not shown before item `quiet` is
	                       played (SIZE_MAX: shown) */
	int again;          /* TR_UNDO / TR_REDO asked at a die prompt */
	int force_state;    /* show the state at the next decision */
	long acting;        /* the actor of the decision asked (-1: none, or
	                       a resume question) */
	int64_t auto_round; /* `a`: NPC initiatives of this round roll */
	int auto_rest;      /* `a`: the rest of this roll rolls */
	int64_t ahead[TR_AHEAD_MAX]; /* the rest of the roll's values typed on
	                                one line, or rolled by one Enter */
	size_t nahead;
	int tty;            /* stdin is a terminal */
	int edit;           /* ... and the characters are UTF-8: libedit */
	int input_over;     /* a line over TR_LINE_MAX (or no memory to
	                       read one) ended the input */
	int quit;           /* the person quit */
	int interrupts;     /* Ctrl-C in a row, no line read between */
	int interrupted;    /* a second Ctrl-C in a row ended the input */
	int stop_signal;    /* SIGHUP or SIGTERM ended the input (its number) */
	int resumed;        /* --resume: the state not shown yet */
	int auto_npc;       /* --auto npc: the NPCs' decisions and dice are
	                       taken as on Enter, without a prompt (MG-TRACK-13) */
} track;

/* MG-TRACK-13: a decision of rep taken by --auto npc is marked in its
 * item's `col` (the place in a file, which the tracker's own items never
 * have and the writer ignores), so that undo and redo move it with the
 * person's step before it. */
#define TR_AUTO_MARK 1u

/* track_io.c */
void tr_say(const char *fmt, ...)
#if defined(__GNUC__)
	__attribute__((format(printf, 1, 2)))
#endif
	;
void tr_show(track *t);
char *tr_input(track *t, const char *prompt);
char *tr_input_at(track *t, const char *prompt, int save_prompt);
char *tr_fold(const char *s);
void tr_flush_log(track *t);
void tr_pad(const char *s, size_t width);
/* Whether Ctrl-C, SIGHUP, SIGTERM or SIGQUIT came and no prompt has
 * taken it yet: a long computation (the odds) stops for it.  Safe from
 * any thread. */
int tr_signal_pending(void);
/* Whether Ctrl-C came and no prompt has taken it yet; it is taken. */
int tr_take_interrupt(void);
void tr_signals(void);
size_t tr_split(char *line, char **w, size_t max);
enum { TR_OUT_OF_RANGE = -2 };
int tr_parse_int(const char *s, int neg, int64_t *out);
int tr_is(const char *w, const char *a, const char *b);

/* track_show.c */
void tr_show_state(track *t);
void tr_action_text(char *buf, size_t size, const mg_action *a);
void tr_show_options(track *t, const mg_ask *ask, const mg_action *def);
void tr_roll_label(track *t, char *buf, size_t size);
void tr_odds(track *t, int at_die);
void tr_item_text(track *t, char *buf, size_t size, const mg_replay_item *it);

/* track_cmd.c */
enum { CMD_ACT, CMD_ADJUST, CMD_AGAIN, CMD_QUIT, CMD_UNDO, CMD_REDO };
void tr_help(track *t, int prompt);
enum { HELP_DECISION, HELP_DIE, HELP_END, HELP_SAVE };
/* tr_find_char, find_attack: no memory to read the name after NFKC */
enum { TR_FIND_NOMEM = -3 };
long tr_find_char(track *t, const char *w);
int tr_parse_command(track *t, const mg_ask *ask, char *line,
                     const mg_action *def, mg_action *act, mg_adjust *adj);
void tr_refused(track *t, uint32_t who);

/* track_session.c */
int tr_ask_die(void *ud, uint64_t sides, size_t index, uint64_t *out);
int64_t tr_generator_die(track *t, uint64_t sides);
int tr_on_event(void *ud, const mg_combat *c, const mg_event *ev);
int tr_start(track *t, int resumed);
int tr_session(track *t);
void tr_end(track *t);

#endif
