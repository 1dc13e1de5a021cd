/*
 * engine.c - the battle engine's entry points: the workspace, a battle from
 * start to judging, and the events (AM-RESULT-1, AM-RESULT-2, AM-SYM-1,
 * BU-RESULT-2 for the judging; RULINGS A9, B4).
 *
 * The engine plays exactly as docs/AMARYLLIS.md (RULINGS A4–A10, B2–B4)
 * describes; engine_int.h maps its modules.  The engine owns all its
 * working memory and reuses it from battle to battle, so a warm engine runs
 * a core battle without allocating.  Nothing here does I/O; events go to
 * the caller's callback.
 */
#include "engine_int.h"

int am_engine_new(am_engine **out)
{
	if (!out)
		return ut_error_set(AM_EINVALID, "am_engine_new: out is NULL");
	*out = calloc(1, sizeof(**out));
	return *out ? 0 : ut_error_set(AM_ENOMEM, "out of memory");
}

void am_engine_free(am_engine *e)
{
	int s;

	if (!e)
		return;
	for (s = 0; s < 2; s++)
		am_program_release(&e->own[s]);
	free(e->nodes);
	am_queue_free(&e->queue);
	free(e->dirty);
	free(e->died);
	free(e->touched);
	free(e->tmp);
	free(e->keys);
	free(e->pos);
	free(e->units);
	free(e->bits);
	free(e->dec);
	free(e->hits);
	free(e->next);
	free(e->struck);
	am_tempo_free(e);
	free(e);
}

/* AM-ARITH-1: every checked operation on a battle value that fails. */
int am_engine_overflow(void)
{
	return ut_error_set(AM_EOVERFLOW,
	                    "a value in the battle overflows 64-bit integers");
}

/* What the callback's return rc makes of the battle: 0 goes on; AM_ENOMEM
 * (the callback's own error, as it set it) or any other code (AM_ERROR,
 * "battle aborted") stops it. */
static int aborted(int rc)
{
	if (rc == 0)
		return 0;
	if (rc == AM_ENOMEM)
		return rc;
	return ut_error_set(AM_ERROR, "battle aborted");
}

int am_engine_emit(am_engine *e, am_event_kind kind, int64_t actor,
                   int64_t action, int64_t target, int64_t value,
                   int64_t after)
{
	am_event ev;

	UT_ASSERT(e->cb); /* EMIT tests it: no callback, no event */
	memset(&ev, 0, sizeof(ev));
	ev.kind = kind;
	ev.turn = e->turn;
	ev.tempo = e->tempo;
	ev.step = e->in_step ? e->step : 0;
	ev.actor = (int32_t)actor;
	ev.action = (int32_t)action;
	ev.target = (int32_t)target;
	ev.value = value;
	ev.after = after;
	return aborted(e->cb(e->ud, e, &ev));
}

/* The same with a stat/state/spent field; only called when e->cb is set. */
int am_engine_emit_ex(am_engine *e, am_event *ev)
{
	UT_ASSERT(e->cb);
	ev->turn = e->turn;
	ev->tempo = e->tempo;
	ev->step = e->in_step ? e->step : 0;
	return aborted(e->cb(e->ud, e, ev));
}

/* Sum of ＨＰ of side s's living units, or of all its units if none lives
 * (BU-RESULT-2; RULINGS B4).  With one unit a side, its ＨＰ, or its ＨＰ at
 * death (AM-RESULT-1). */
static int score(const am_engine *e, int s, int64_t *out)
{
	int living = e->sides[s].nliving > 0;
	int64_t sum = 0;
	size_t i;

	for (i = 0; i < e->nunits; i++) {
		const unit *u = &e->units[i];
		if (u->side != s || (living && !u->alive))
			continue;
		if (ut_ckd_add(&sum, sum, u->hp))
			return am_engine_overflow();
	}
	*out = sum;
	return 0;
}

/* The seeded draw (AM-RESULT-2; RULINGS A9): splitmix64(seed), the first
 * output of splitmix64 from state seed; tie_break uses its low bit. */
static uint64_t splitmix64(uint64_t x)
{
	x += 0x9e3779b97f4a7c15ULL;
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
	x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
	return x ^ (x >> 31);
}

/*
 * Seeded tie-break (AM-RESULT-2; RULINGS A9): the two entry names are put
 * in byte order, or when they are the same the two teams in the order of
 * their contents (am_team_compare), and the seed picks one of them, so
 * swapping the sides picks the same sheet (AM-SYM-1).  Two identical teams
 * are one and the same either way.
 */
static int tie_break(const am_engine *e, uint64_t seed)
{
	const am_team *ta = e->sides[0].team, *tb = e->sides[1].team;
	int c = strcmp(ta->units[0].name, tb->units[0].name);
	int first = (c ? c : am_team_compare(ta, tb)) <= 0 ? 0 : 1;

	return (splitmix64(seed) & 1) ? 1 - first : first;
}

/* Judging (AM-RESULT-1, AM-RESULT-2, BU-RESULT-2): the higher score wins,
 * equal scores draw, and only the explicit option opts->tie_break picks a
 * winner of a draw. */
int am_engine_finish(am_engine *e, am_result *r)
{
	TRY(score(e, 0, &r->score[0]));
	TRY(score(e, 1, &r->score[1]));
	UT_ASSERT(e->turn >= 0 && e->turn <= AM_LAST_TURN);
	r->turns = e->turn;
	r->steps = e->step;
	r->draw = r->score[0] == r->score[1];
	r->winner = r->draw ? -1 : r->score[0] > r->score[1] ? 0 : 1;
	if (r->draw && e->opts->tie_break) {
		r->winner = tie_break(e, e->opts->tie_seed);
		r->tie_broken = 1;
		r->tie_seed = e->opts->tie_seed;
	}
	EMIT(AM_EV_END, -1, -1, -1, r->winner, 0);
	return 0;
}

/* Ask for the memory a battle reads first of program p at once, rather
 * than one miss after the other (a league reads a different pair of
 * programs for every battle). */
static void prefetch(const am_program *p)
{
#if defined(__GNUC__) || defined(__clang__)
	const char *entry = (const char *)&p->entry;
	const char *slots = (const char *)p->slots;
	const char *acts = (const char *)p->actions;
	size_t k, n;

	for (k = 0; k < sizeof(p->entry); k += 64)
		__builtin_prefetch(entry + k);
	n = p->entry.nslots * sizeof(*p->slots); /* the entry unit's slots */
	for (k = 0; k < n && k < 16 * 64; k += 64)
		__builtin_prefetch(slots + k);
	n = p->nactions * sizeof(*p->actions);
	for (k = 0; k < n && k < 16 * 64; k += 64)
		__builtin_prefetch(acts + k);
#else
	(void)p;
#endif
}

/* am_work past the bound: the work left as it was, and the error. */
int am_work_over(am_engine *e, uint64_t w)
{
	e->work_left += (int64_t)w;
	return ut_error_set(AM_ELIMIT, "the battle would exceed the work "
	                    "limit of %llu",
	                    (unsigned long long)e->opts->max_work);
}

int am_battle_run_programs(am_result *out, am_engine *e,
                           const am_program *a, const am_program *b,
                           const am_battle_opts *opts)
{
	static const am_battle_opts defaults = AM_BATTLE_OPTS_INIT;
	uint32_t id;
	int rc;

	if (!out)
		return ut_error_set(AM_EINVALID,
		                    "am_battle_run_programs: out is NULL");
	memset(out, 0, sizeof(*out));
	out->winner = -1;
	if (!e)
		return ut_error_set(AM_EINVALID,
		                    "am_battle_run_programs: engine is NULL");
	if (!a)
		return ut_error_set(AM_EINVALID,
		                    "am_battle_run_programs: a is NULL");
	if (!b)
		return ut_error_set(AM_EINVALID,
		                    "am_battle_run_programs: b is NULL");
	e->nunits = 0;
	e->nbits = 0;
	e->turn = 0;
	e->tempo = 0;
	e->step = 0;
	e->ndied = e->ntouched = 0;
	e->queue.n = 0;
	e->queued = 0;
	e->ndirty = 0; /* (each unit's dirty is cleared as it is made) */
	e->poisoned = 0;
	e->volleys = 0;
	e->work_base = e->work_left = 0;
	e->opts = opts ? opts : &defaults;
	if (e->opts->version == 1) {
		/* its fields up to duel; no bound on the work */
		e->opts1 = defaults;
		memcpy(&e->opts1, e->opts, offsetof(am_battle_opts, max_work));
		e->opts1.version = AM_BATTLE_OPTS_VERSION;
		e->opts = &e->opts1;
	}
	prefetch(a);
	prefetch(b);
	am_roster_begin_side(e, 0, a);
	am_roster_begin_side(e, 1, b);
	if (e->opts->version != AM_BATTLE_OPTS_VERSION)
		return ut_error_set(AM_EINVALID, "unknown battle options version");
	/* (no battle does 2^63 − 1 work: ~300 years at a unit a ns) */
	e->work_base = e->work_left = e->opts->max_work > INT64_MAX
	                              ? INT64_MAX : (int64_t)e->opts->max_work;
	e->shortcuts = e->opts->shortcuts;
	e->cb = e->opts->on_event;
	e->ud = e->opts->event_ud;
	e->in_step = 0;
	TRY(am_roster_spawn(e, 0, 0, 0, &id));
	TRY(am_roster_spawn(e, 1, 0, 0, &id));
	/* the duel path (schedule.c) while neither entry unit can build */
	e->duel = e->opts->duel && !a->entry_builds && !b->entry_builds;
	TRY(UT_ARRAY_RESERVE(e->dec, e->capdec, 2));
	rc = am_schedule_play(e, out);
	if (rc < 0) { /* how far the battle got, for the partial log */
		out->turns = e->turn > AM_LAST_TURN ? AM_LAST_TURN : e->turn;
		out->steps = e->step;
	}
	return rc;
}

int am_battle_run(am_result *out, am_engine *e, const am_team *a,
                  const am_team *b, const am_battle_opts *opts)
{
	if (!out)
		return ut_error_set(AM_EINVALID, "am_battle_run: out is NULL");
	memset(out, 0, sizeof(*out));
	out->winner = -1;
	if (!e)
		return ut_error_set(AM_EINVALID,
		                    "am_battle_run: engine is NULL");
	if (!a)
		return ut_error_set(AM_EINVALID, "am_battle_run: a is NULL");
	if (!b)
		return ut_error_set(AM_EINVALID, "am_battle_run: b is NULL");
	e->nunits = 0;
	e->work_base = e->work_left = 0; /* am_engine_work: none yet */
	e->sides[0].team = e->sides[1].team = NULL;
	TRY(am_team_check(a));
	TRY(am_team_check(b));
	TRY(am_program_compile(&e->own[0], a));
	TRY(am_program_compile(&e->own[1], b));
	return am_battle_run_programs(out, e, &e->own[0], &e->own[1], opts);
}
