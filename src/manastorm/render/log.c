/* log.c - ms_log: the events of a duel recorded in order (for the text and
 * JSON renderers), and with `hands` the hands and deck orders they leave
 * (MS-LOG-4). */
#include "manastorm/render.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "util/array.h"
#include "util/error.h"
#include "render_int.h"

/* MS-LOG-4: which of the actor's cards event e changes in view: 1 its
 * hand (the start's draw, a card played from the hand), 2 its deck (a
 * shuffle, the discard pile become the deck), 0 none. */
static int shows(const ms_event *e)
{
	switch (e->kind) {
	case MS_EV_HAND:
		return 1;
	case MS_EV_ENCHANT:
	case MS_EV_ATTACK:
		return e->source == MS_SRC_HAND ? 1 : 0;
	case MS_EV_SHUFFLE:
	case MS_EV_RESHUFFLE:
		return 2;
	default:
		return 0;
	}
}

const ms_card *ms_event_cards(const ms_duel *d, const ms_event *e, size_t *n)
{
	static const ms_card none[1];
	int what = shows(e);
	ms_part_state p;

	*n = 0;
	if (!what || e->actor < 0)
		return NULL;
	ms_duel_participant(&p, d, (uint32_t)e->actor);
	*n = what == 1 ? p.nhand : p.ndeck;
	if (!*n)
		return none; /* (hand or deck may be NULL) */
	return what == 1 ? p.hand : p.deck;
}

/* MS-LOG-4: keep with event number k the cards e shows (ms_event_cards).
 * The duel calls back with every kind wanted, so it defers no shuffle
 * (duel.c's can_defer_shuffles) and the look changes nothing.  -1 when
 * out of memory. */
static int keep_cards(ms_log *log, const ms_duel *d, const ms_event *e, size_t k)
{
	size_t n;
	const ms_card *c = ms_event_cards(d, e, &n);

	if (UT_ARRAY_RESERVE(log->view, log->view_cap, k + 1) < 0)
		return -1;
	log->view[k].off = SIZE_MAX;
	log->view[k].n = 0;
	if (!c)
		return 0;
	if (n > SIZE_MAX - log->ncards ||
	    UT_ARRAY_RESERVE(log->cards, log->cards_cap, log->ncards + n) < 0)
		return -1;
	if (n)
		memcpy(log->cards + log->ncards, c, n * sizeof(*c));
	log->view[k].off = log->ncards;
	log->view[k].n = n;
	log->ncards += n;
	return 0;
}

/* MS-LOG-1: keep every event of the duel, in order, for the renderers;
 * MS-LOG-4: with `hands`, the cards it shows. */
int ms_log_record(void *ud, const ms_duel *d, const ms_event *ev)
{
	ms_log *log = ud;

	if (!log || !d || !ev)
		return ut_error_set(UT_EINVALID, "ms_log_record: %s is NULL",
		                    !log ? "ud" : !d ? "d" : "ev");
	if (UT_ARRAY_RESERVE(log->ev, log->cap, log->n + 1) < 0 ||
	    (log->hands && keep_cards(log, d, ev, log->n) < 0)) {
		log->failed = 1;
		return ut_error_set(MS_ENOMEM, "out of memory");
	}
	log->ev[log->n++] = *ev;
	return 0;
}

/* MS-LOG-4 */
const ms_card *ms_log_cards(const ms_log *log, size_t i, size_t *n)
{
	static const ms_card none[1];

	*n = 0;
	if (!log->hands || !log->view || i >= log->n ||
	    log->view[i].off == SIZE_MAX)
		return NULL;
	*n = log->view[i].n;
	return *n ? log->cards + log->view[i].off : none; /* (cards may be NULL) */
}

void ms_log_free(ms_log *log)
{
	free(log->ev);
	free(log->view);
	free(log->cards);
	memset(log, 0, sizeof(*log));
}
