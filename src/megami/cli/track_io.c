/*
 * track_io.c - the terminal of `megami track` (track.h): lines read with
 * libedit at a terminal or as plain lines otherwise (MG-TRACK-1), what is
 * shown on stdout (checked, util/out.h), the log's new lines, and words.
 */
#include <editline/readline.h>
#include <errno.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>
#include <utf8proc.h>

#include "track.h"

#include "util/error.h"
#include "util/out.h"
#include "util/utf8.h"
#include "util/width.h"

/* Everything the tracker shows goes to stdout through util/out.h, checked:
 * a failure is reported once (megami: track: <stdout>: REASON) as soon as
 * tr_input() sees it, and makes the exit status 1 (ut_cli_exit). */
void tr_say(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	ut_out_vprintf(ut_out_stdout(), fmt, ap);
	va_end(ap);
}

/* Hand the transcript over before waiting for the person; say so at once
 * when it cannot be written (the session goes on: the prompts of libedit
 * and the --log file do not depend on it). */
void tr_show(track *t)
{
	if (ut_out_flush(ut_out_stdout()) < 0)
		ut_cli_out_report(&t->ui, "track", ut_out_stdout(), NULL);
}

/* A line longer than TR_LINE_MAX bytes (track.h) was read: say so; with
 * `stop` the input ends here (the session is then as at the end of input,
 * and the exit status is 1). */
static void too_long(track *t, int stop)
{
	if (stop) {
		tr_say("\n");
		tr_show(t); /* before stderr's message */
		ut_cli_error(&t->ui, UT_TR(&t->ui,
		             "track: 標準入力の1行が%dバイトを超えています："
		             "入力はここで終わりにします",
		             "track: a line of standard input is longer than %d "
		             "bytes: the input ends here"), TR_LINE_MAX);
		t->input_over = 1;
		return;
	}
	tr_say(UT_TR(&t->ui, "  1行は%dバイトまでです。もう一度入力してください\n",
	             "  a line holds at most %d bytes: type it again\n"),
	       TR_LINE_MAX);
}

/* No memory for a line typed: said (on a line of its own: `at_prompt`,
 * the line was not echoed), and the input ends there as after a line too
 * long (the session is then as at the end of input, and the exit status
 * is 1) rather than as if it had ended. */
static void input_nomem(track *t, int at_prompt)
{
	if (at_prompt)
		tr_say("\n");
	tr_show(t); /* before stderr's message */
	ut_cli_error(&t->ui, UT_TR(&t->ui, "track: メモリが足りません",
	                           "track: out of memory"));
	t->input_over = 1;
}

/* ---- signals: MG-TRACK-12 ------------------------------------------------- */

/* Set by the handlers, read by tr_input (only a flag is set there: the
 * handlers are async-signal-safe; the read they interrupt returns EINTR,
 * as no handler has SA_RESTART, and readline returns NULL with the
 * terminal put back).  libedit's own handlers are off (rl_catch_signals):
 * they pass every signal on with kill(0, sig), to the whole process
 * group, so a SIGTERM sent to the tracker alone also ended the shell
 * script that ran it.  So the stop of Ctrl-Z is this file's too. */
static volatile sig_atomic_t got_int, got_stop, got_tstp;

static void on_int(int sig)
{
	(void)sig;
	got_int = 1;
}

static void on_stop(int sig)
{
	got_stop = sig;
}

static void on_tstp(int sig)
{
	(void)sig;
	got_tstp = 1;
}

/* Ctrl-C (SIGINT) cancels the line being typed; SIGHUP (the terminal
 * closed), SIGTERM and SIGQUIT end the input, and the session saves what
 * it can (cmd_track.c); Ctrl-Z (SIGTSTP) stops the tracker once the line
 * is put back (suspend).  MG-TRACK-12 */
void tr_signals(void)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sigemptyset(&sa.sa_mask);
	sa.sa_handler = on_int;
	sigaction(SIGINT, &sa, NULL);
	sa.sa_handler = on_stop;
	sigaction(SIGHUP, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGQUIT, &sa, NULL);
	sa.sa_handler = on_tstp;
	sigaction(SIGTSTP, &sa, NULL);
	rl_catch_signals = 0;
}

int tr_signal_pending(void)
{
	return got_int || got_stop;
}

int tr_take_interrupt(void)
{
	int was = got_int;

	got_int = 0;
	return was;
}

/* Ctrl-Z came (MG-TRACK-12): the line being typed is dropped, as after
 * Ctrl-C, and the tracker stops as SIGTSTP would stop it, with the
 * terminal as the shell left it; once continued (fg) the prompt is asked
 * again. */
static void suspend(void)
{
	struct sigaction dfl, old;

	got_tstp = 0;
	tr_say("^Z\n");
	memset(&dfl, 0, sizeof(dfl));
	sigemptyset(&dfl.sa_mask);
	dfl.sa_handler = SIG_DFL;
	sigaction(SIGTSTP, &dfl, &old);
	raise(SIGTSTP);
	sigaction(SIGTSTP, &old, NULL);
}

/* One line of standard input without libedit (no terminal, or a terminal
 * with no UTF-8 locale), at most TR_LINE_MAX bytes before its newline
 * (never more is kept: a longer line ends the input, too_long; at a
 * terminal it is refused and *again set, to ask again); NULL at the end of
 * input or when a signal interrupted the read (the part read is
 * dropped). */
static char *plain_line(track *t, int *again)
{
	char buf[TR_LINE_MAX + 1], *line;
	size_t n = 0;
	int ch = EOF;

	*again = 0;
	while (n <= TR_LINE_MAX && (ch = getchar()) != EOF && ch != '\n')
		buf[n++] = (char)ch;
	if (ch == EOF && ferror(stdin) && errno == EINTR) {
		clearerr(stdin);
		return NULL;
	}
	if (n > TR_LINE_MAX && t->tty) {
		/* at a terminal without libedit (no UTF-8 locale): refused
		 * and asked again, as libedit's line is (MG-TRACK-1) */
		while ((ch = getchar()) != EOF && ch != '\n')
			;
		too_long(t, 0);
		*again = 1;
		return NULL;
	}
	if (n > TR_LINE_MAX) {
		too_long(t, 1);
		return NULL;
	}
	if (ch == EOF && n == 0)
		return NULL;
	if (n > 0 && buf[n - 1] == '\r')
		n--;
	buf[n] = '\0';
	if (!(line = strdup(buf)))
		input_nomem(t, 1); /* not the end of input: said so */
	return line;
}

/* A signal came (MG-TRACK-12): 1 to end the input (SIGHUP or SIGTERM:
 * t->stop_signal; a second Ctrl-C in a row: t->interrupted), 0 to ask
 * again (a first Ctrl-C: the line is dropped, as a shell does). */
static int signalled(track *t, int save_prompt)
{
	if (got_stop) {
		t->stop_signal = got_stop;
		tr_say("\n"); /* after the prompt */
		return 1;
	}
	got_int = 0;
	tr_say("^C\n");
	if (++t->interrupts >= 2) {
		t->interrupted = 1;
		return 1;
	}
	tr_say("%s", save_prompt
	       ? UT_TR(&t->ui, "  （入力を取り消しました。もう一度 Ctrl-C で、リプレイを"
	                       "決まった名前で保存して終えます）\n",
	               "  (input cancelled; Ctrl-C again saves the replay under "
	               "a name of its own and ends)\n")
	       : UT_TR(&t->ui, "  （入力を取り消しました。やめるには q か、もう一度 Ctrl-C）\n",
	               "  (input cancelled; q or Ctrl-C again to quit)\n"));
	return 0;
}

/* One line typed after `prompt` (owned, without its newline), or NULL at
 * the end of input.  A line is at most TR_LINE_MAX bytes: at a terminal a
 * longer one is refused and asked again; otherwise it ends the input
 * (t->input_over).  Ctrl-C drops the line and asks again; a second one
 * in a row, SIGHUP or SIGTERM end the input (MG-TRACK-12).  `save_prompt`:
 * the prompt asks where to save the replay (what Ctrl-C says there).
 * MG-TRACK-1 */
char *tr_input_at(track *t, const char *prompt, int save_prompt)
{
	struct termios tio;
	char *line;

	for (;;) {
		tr_show(t);
		if (t->input_over || t->stop_signal || t->interrupted)
			return NULL;
		if (got_stop || got_int) { /* came while no line was read */
			if (signalled(t, save_prompt))
				return NULL;
			continue;
		}
		if (got_tstp) {
			suspend();
			continue;
		}
		if (t->edit) {
			while ((line = readline(prompt)) && strlen(line) > TR_LINE_MAX) {
				free(line);
				too_long(t, 0);
				tr_show(t);
			}
		} else {
			int again;
			tr_say("%s", prompt);
			tr_show(t);
			/* the transcript shows the line; a terminal (without
			 * libedit: no UTF-8 locale) echoed it already */
			if ((line = plain_line(t, &again)) && !t->tty)
				tr_say("%s\n", line);
			if (again)
				continue;
		}
		if (!line && (got_stop || got_int)) {
			if (signalled(t, save_prompt))
				return NULL;
			continue;
		}
		if (!line && got_tstp) {
			suspend();
			continue;
		}
		if (!line && t->tty && tcgetattr(STDIN_FILENO, &tio) < 0) {
			/* the terminal is gone (EIO): its SIGHUP may come after
			 * the read failed, to the shell first */
			got_stop = SIGHUP;
			signalled(t, save_prompt);
			return NULL;
		}
		if (!line) {
			/* the end of input: a transcript's line ends, and at a
			 * terminal the line of the ^D it echoed */
			if (!t->input_over)
				tr_say("\n");
			return NULL;
		}
		t->interrupts = 0;
		if (t->edit && *line)
			add_history(line);
		return line;
	}
}

/* s after Unicode NFKC (owned): what an IME types, full-width digits and
 * letters and the full-width space U+3000, read as 0-9, a-z and a blank,
 * as `megami roll` and scenarios read them; a copy of s when it is ASCII
 * or not valid UTF-8; NULL without memory (utf8proc's NULL for valid
 * UTF-8 is that, never a line left unfolded). */
char *tr_fold(const char *s)
{
	const char *p;

	for (p = s; *p && !(*p & 0x80); p++)
		;
	if (*p && ut_utf8_valid(s, strlen(s)))
		return (char *)utf8proc_NFKC((const utf8proc_uint8_t *)s);
	return strdup(s);
}

/* A command line: after NFKC (tr_fold), its first word in lower case when
 * it is ASCII letters ("A 1 2", "GM hp", "Q"); MG-TRACK-1. */
char *tr_input(track *t, const char *prompt)
{
	char *line = tr_input_at(t, prompt, 0), *f, *p;

	if (!line)
		return NULL;
	f = tr_fold(line);
	free(line);
	if (!f) {
		input_nomem(t, 0);
		return NULL;
	}
	for (p = f; *p == ' ' || *p == '\t'; p++)
		;
	if (strspn(p, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ") ==
	    strcspn(p, " \t"))
		for (; *p && *p != ' ' && *p != '\t'; p++)
			if (*p >= 'A' && *p <= 'Z')
				*p = (char)(*p - 'A' + 'a');
	return f;
}

/* The log lines not shown yet (MG-TRACK-8: none while the session is
 * played again up to t->quiet). */
void tr_flush_log(track *t)
{
	size_t n;
	const char *s = mg_log_text(t->log, &n);

	if (t->quiet != SIZE_MAX) {
		t->shown = n;
		return;
	}
	if (n > t->shown) {
		ut_out_write(ut_out_stdout(), s + t->shown, n - t->shown);
		t->shown = n;
	}
}

/* s padded with blanks to `width` terminal columns. */
void tr_pad(const char *s, size_t width)
{
	size_t w = ut_width(s, strlen(s));
	tr_say("%s", s);
	for (; w < width; w++)
		tr_say(" ");
}

/* Split line into words (in place): blanks separate them; a word in
 * double quotes ("Big Ogre") may hold blanks, the quotes dropped.  The
 * first `max` are stored in w; the number of words is returned, also when
 * it is more than `max` (the caller says so: nothing is dropped
 * silently). */
size_t tr_split(char *line, char **w, size_t max)
{
	size_t n = 0;
	char *p = line;

	for (;;) {
		char *word, *q;
		while (*p == ' ' || *p == '\t')
			p++;
		if (!*p)
			break;
		if (*p == '"' && (q = strchr(p + 1, '"'))) {
			word = p + 1;
			*q = '\0';
			p = q + 1;
		} else {
			word = p;
			while (*p && *p != ' ' && *p != '\t')
				p++;
			if (*p)
				*p++ = '\0';
		}
		if (n < max)
			w[n] = word;
		n++;
	}
	return n;
}

/* A whole number (an optional '-' when neg) into *out: 0; -1 when s is not
 * a whole number; TR_OUT_OF_RANGE when it is one but beyond 64 bits or,
 * without neg, negative (MG-TRACK-9: said as out of range).  The minus
 * may be U+2212 MINUS SIGN, which NFKC keeps and which an IME or a
 * rulebook's text gives as often as '-' (GM review 2026-12-04, 7). */
int tr_parse_int(const char *s, int neg, int64_t *out)
{
	uint64_t v;
	int minus = *s == '-' ? 1 : strncmp(s, "\xe2\x88\x92", 3) == 0 ? 3 : 0;
	size_t digits = strspn(s + minus, "0123456789");

	if (digits == 0 || s[minus + digits] != '\0')
		return -1;
	if ((minus && !neg) ||
	    ut_cli_parse_u64(&v, s + minus, (uint64_t)INT64_MAX + (minus != 0)) < 0)
		return TR_OUT_OF_RANGE;
	*out = minus ? (int64_t)(0 - v) : (int64_t)v;
	return 0;
}

/* w is the short or the long word. */
int tr_is(const char *w, const char *a, const char *b)
{
	return strcmp(w, a) == 0 || (b && strcmp(w, b) == 0);
}
