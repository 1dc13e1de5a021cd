/*
 * search.c - am_opt_run: the generational search over designs against a
 * field (docs/OPTIMIZE.md).
 *
 * Determinism: everything random comes from one ut_rng seeded with
 * opts.seed, drawn by one thread at a time in a fixed order: the designs
 * of a generation are made one after the other by the thread that drives
 * the search (produce), while the other threads already evaluate the
 * designs made so far (each waits for its design: `ready`; each thread a
 * range of the candidates: play_round).
 * A candidate is evaluated independently of the others -- against the
 * field in a fixed order, skipping the rest of its battles once it cannot
 * reach the best points known at the start of the generation -- so the
 * numbers each candidate gets do not depend on which thread or process
 * played it.  Threads come from one pool for the whole run
 * (ut_series_run_pool, UT-SERIES-1, UT-SERIES-POOL-1, UT-SERIES-POOL-2),
 * and stay in a series for GENS_A_SERIES generations (handing a series
 * out and seeing it end took ~3 µs of a ~40 µs generation between two
 * cores a round trip of 500 ns apart): the calling thread's slot drives
 * them, one round each (gen_series); processes each make every design and play the
 * candidates j with j mod parts = part, and add up through opts.share.
 *
 * Points are LG-POINTS-1's (win, draw, loss; ties by the ＨＰ margin of
 * BU-RESULT-2 / AM-RESULT-1); a battle stopped by a limit (BU-POP-1,
 * BU-POP-2, AM-ARITH-1) counts as a loss of the candidate.
 */
#define _POSIX_C_SOURCE 200809L

#include <sched.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "amaryllis/league.h"
#include "amaryllis/optimize.h"
#include "util/array.h"
#include "util/ckd.h"
#include "util/error.h"
#include "util/series.h"

/* Values per candidate exchanged between parts. */
enum { V_WINS, V_DRAWS, V_LOSSES, V_ERRORS, V_MARGIN, V_PLAYED, V_COUNT };

typedef struct cand {
	am_design *d;
	uint64_t hash;   /* am_design_hash(d), once d is made */
	int64_t v[V_COUNT];
	int evaluated; /* has values */
	int complete;  /* played every battle */
	int64_t points;
} cand;

struct am_opt {
	am_design *best;
	int have_best;
	am_opt_record best_rec;
	uint8_t *outcome;       /* [n] AM_PAIR_* of the best */
	size_t field_best;
	am_opt_record field_rec;
	am_opt_point *hist;
	size_t nhist, caphist;
	uint64_t evals, gens, battles, skipped;
};

typedef struct worker worker;

/* Candidate i of a round (or of a series of one run a candidate): the
 * design the threads play, made once gen[0..need) are (0: ready before).
 * Written only where it changed (most generations it does not: the same
 * slots of `mail`), so that the lines the other threads read stay in
 * their caches. */
typedef struct job {
	const am_design *d;
	size_t need;
} job;

/* A pool series plays up to GENS_A_SERIES generations, one round each:
 * the calling thread's slot drives them (round_gen: it makes the
 * designs, plays, and between rounds chooses the next generation) while
 * the other slots play each round handed to them (follow), without
 * leaving the series between generations. */
enum { GENS_A_SERIES = 16 };

/* A range word: the round's tag above TAG_SHIFT, then [lo, hi) in
 * RANGE_BITS each (a population is at most 100,000 < 2^17). */
#define RANGE_BITS 17
#define RANGE_MASK ((UINT64_C(1) << RANGE_BITS) - 1)
#define TAG_SHIFT (2 * RANGE_BITS)
#define TAG_MASK ((UINT64_C(1) << (64 - TAG_SHIFT)) - 1)
/* `go`: the round to play shifted left once, or GO_STOP: the series is
 * over; 0 before the first round of a series. */
#define GO_STOP 1u

/* Slot t's share of a round: the candidates it plays first, a range
 * [lo, hi) tagged with the round in one word, that it takes from the
 * bottom and the others, once out of their own, steal from the top; and
 * for t ≥ 1, the round it is to play (go), written with the range, so
 * that one line brings both.  On a line of its own, so that taking a
 * candidate of one's own moves no line between the cores: only stealing
 * at the end of a round does. */
typedef struct share {
	_Alignas(64) atomic_uint_fast64_t range;
	atomic_uint_fast64_t go;
} share;

/* What a thread found for candidate i of a round, on a line of its own
 * (copied into the candidate after the round), and then its stamp: the
 * round << 8 | the slot that played it, stored last (release), which the
 * driver waits for. */
typedef struct found {
	_Alignas(64) int64_t v[V_COUNT];
	atomic_uint_fast64_t stamp;
} found;

typedef struct drv drv;

/* What the threads share while evaluating one generation.  During a
 * round the thread making the designs (produce) writes the population
 * and the candidates; besides what no thread writes then (the field, the
 * options), the threads read only `jobs` and `mail`, a copy of each
 * design written whole once it is made, and write only `found` and lines
 * of their own.  A line that another core has read costs a round trip
 * between the cores to write again: the copy writes a design's lines in
 * one burst, not in each step of making it, and the threads that play it
 * never write them (each makes the team in a copy of its own). */
typedef struct eval_ctx {
	/* read by the threads at every battle; written before the first
	 * series, and then only where it changed (round_gen, setup) */
	_Alignas(64) const am_program *const *field;
	const size_t *order;    /* field indices, strongest first */
	size_t n;
	const am_opt_opts *o;
	int64_t points[3];      /* o->points: win, draw, loss */
	int64_t maxpt;          /* most points one battle gives */
	int64_t threshold;      /* skip once points cannot reach it */
	int prune;
	unsigned nslots;        /* the slots of this series (gen_series) */
	am_battle_opts bo;
	job *jobs;              /* [P] this part's candidates, written
	                           before the round */
	found *found;           /* [P] for jobs, written by the threads */
	share *shares;          /* [64] a round's shares, one a slot */
	am_design **mail;       /* [P] copies of gen[j].d, once made */
	uint8_t *outcome;       /* when set (one candidate): per field entry */
	/* the driver's alone (the calling thread's) */
	_Alignas(64) cand **dest; /* [P] the candidate each job's values go
	                           to after the round (not read by them) */
	/* the designs to make while the others are evaluated (produce): gen
	 * [first, P) from parents, the random ones below rand_end; NULL: none */
	cand *gen, *parents;
	size_t first, rand_end, P;
	ut_rng *rng;
	unsigned char wset[64]; /* workers[t]->ctx is this context */
	am_design *stage;       /* the next generation's first design, */
	uint64_t stage_hash;    /* made while the last round ends, */
	int staged;             /* when set */
	uint64_t round;         /* the round being played (from 1) */
	size_t did[64];         /* candidates each slot played in it */
	int driving;            /* slot 0 has started this series' drive */
	unsigned set_slots;     /* the slots setup made for this series */
	drv *drv;               /* the search, for the driver */
	atomic_int failed;      /* a thread's candidate failed (written
	                           by that thread): stop */
	_Alignas(64) atomic_size_t ready; /* gen[0..ready) are in mail */
	worker *workers[64];    /* per thread, kept warm across generations */
	ut_series_pool *pool;   /* the threads, kept for the whole run */
} eval_ctx;

/* A thread's own: made once for the whole run on lines of its own
 * (UT-LINES-1), with the engine and the program it plays candidates
 * with (made at its first candidate), so that no later generation
 * allocates. */
struct worker {
	eval_ctx *ctx;
	am_engine *engine;
	am_program *prog;       /* the candidate being played */
	am_design *local;       /* its design, copied from the job's */
	size_t ready;           /* ctx->ready as last read (it only grows) */
	unsigned slot;          /* its slot in the series (setup) */
};

static int64_t points_of(const am_opt_opts *o, const int64_t *v)
{
	return v[V_WINS] * o->points[0] + v[V_DRAWS] * o->points[1] +
	       (v[V_LOSSES] + v[V_ERRORS]) * o->points[2];
}

static void worker_free(worker *w)
{
	if (!w)
		return;
	am_engine_free(w->engine);
	am_program_free(w->prog);
	am_design_free(w->local);
	free(w);
}

/* setup runs on the calling thread before the series is handed to the
 * pool's threads, for slots 0 … jobs-1 of the series: the worker of slot
 * t is made by the first series and reused by every one after (its
 * engine and design by the thread that plays with them: eval_one) */
static int setup(void *ud, unsigned t, void **out)
{
	eval_ctx *c = ud;
	worker *w = c->workers[t % 64];

	if (!w) {
		if (!(w = ut_calloc_lines(1, sizeof(*w))))
			return ut_error_set(AM_ENOMEM, "out of memory");
		c->workers[t % 64] = w;
	}
	/* written once: a line the thread writes as it plays (its count
	 * of designs seen is reset by the thread itself: play_round) */
	if (!c->wset[t % 64]) {
		w->ctx = c;
		w->slot = t % 64;
		c->wset[t % 64] = 1;
	}
	c->set_slots = t % 64 + 1;
	/* no round yet (the last series ended with GO_STOP) */
	atomic_store_explicit(&c->shares[t % 64].go, 0, memory_order_relaxed);
	*out = w;
	return 0;
}

/* Fetch p's line for writing (x86 `prefetchw`: a NOP on CPUs without
 * it; elsewhere the compiler's prefetch for a write).  A core's writes
 * are committed in order, and a write to a line that another core holds
 * waits for that core: so a thread about to write such a line asks for
 * it well before, not when its next writes would queue behind it. */
static inline void prefetch_write(const void *p)
{
#if defined(__x86_64__) || defined(__i386__)
	__asm__ volatile("prefetchw %0" : : "m"(*(const char *)p));
#else
	__builtin_prefetch(p, 1, 3);
#endif
}

/*
 * Play candidate i of the jobs against the field, strongest first;
 * stop once even winning every battle left cannot reach the threshold.
 * Nothing is allocated once the thread's engine and program are warm
 * (am_program_reset compiles each candidate into the same memory; the
 * team is made in the thread's own copy of the design).
 */
static int eval_one(void *wv, uint64_t i)
{
	worker *w = wv;
	eval_ctx *c = w->ctx;
	const am_team *team;
	const am_program *prog;
	int64_t pts = 0, m, v[V_COUNT] = {0};
	size_t f;
	int rc;

	/* the line of its values, which the driver read after the last
	 * round, is fetched for writing while the battles are played */
	prefetch_write(&c->found[i]);
	/* made here, by the thread that writes them at every battle: made
	 * one after the other by the calling thread, two engines could
	 * share lines (in a probe, a candidate then took 3,300-4,600
	 * cycles on 2 threads instead of 2,600) */
	if ((!w->engine && (rc = am_engine_new(&w->engine)) < 0) ||
	    (!w->local && (rc = am_design_new(&w->local, 0)) < 0))
		return rc;
	am_design_copy(w->local, c->jobs[i].d);
	team = am_design_team(w->local);
	if ((rc = w->prog ? am_program_reset(w->prog, team)
	                  : am_program_new(&w->prog, team)) < 0)
		return rc;
	prog = w->prog;
	for (f = 0; f < c->n; f++) {
		am_result res;
		size_t fi = c->order[f];
		uint8_t oc;
		if (c->prune && !ut_ckd_mul(&m, (int64_t)(c->n - f), c->maxpt) &&
		    !ut_ckd_add(&m, m, pts) && m < c->threshold)
			break;
		rc = am_battle_run_programs(&res, w->engine, prog, c->field[fi],
		                            &c->bo);
		if (rc == AM_ENOMEM)
			return rc;
		if (rc < 0) {
			v[V_ERRORS]++;
			pts += c->points[2];
			oc = AM_PAIR_ERROR;
		} else if (res.winner == 0) {
			v[V_WINS]++;
			pts += c->points[0];
			oc = AM_PAIR_WIN;
		} else if (res.winner == 1) {
			v[V_LOSSES]++;
			pts += c->points[2];
			oc = AM_PAIR_LOSS;
		} else {
			v[V_DRAWS]++;
			pts += c->points[1];
			oc = AM_PAIR_DRAW;
		}
		if (rc == 0 && (ut_ckd_sub(&m, res.score[0], res.score[1]) ||
		                ut_ckd_add(&v[V_MARGIN], v[V_MARGIN], m)))
			v[V_MARGIN] = m < 0 ? INT64_MIN / 2 : INT64_MAX / 2;
		v[V_PLAYED]++;
		if (c->outcome)
			c->outcome[fi] = oc;
	}
	/* the values are written once, on a line of their own */
	memcpy(c->found[i].v, v, sizeof(v));
	return 0;
}

/* Candidate x ranks before y: more points, then more margin; unevaluated
 * last. */
static int better(const cand *x, const cand *y)
{
	if (x->evaluated != y->evaluated)
		return x->evaluated;
	if (x->points != y->points)
		return x->points > y->points;
	return x->v[V_MARGIN] > y->v[V_MARGIN];
}

/*
 * This part's candidates of cs[0..m) as jobs (and each one's `dest`),
 * the others' values zeroed (another part plays them); how many.  A
 * design made in this round (c->gen set) is read from its copy in mail.
 */
static size_t prepare(eval_ctx *c, cand **cs, size_t m)
{
	const am_opt_opts *o = c->o;
	size_t j, mine = 0;

	for (j = 0; j < m; j++)
		if (j % o->parts == o->part) {
			size_t g = c->gen ? (size_t)(cs[j] - c->gen) : 0;
			int made = c->gen && g >= c->first;
			const am_design *d = made ? c->mail[g] : cs[j]->d;
			size_t need = made ? g + 1 : 0;
			if (c->jobs[mine].d != d)
				c->jobs[mine].d = d;
			if (c->jobs[mine].need != need)
				c->jobs[mine].need = need;
			c->dest[mine++] = cs[j];
		} else {
			memset(cs[j]->v, 0, sizeof(cs[j]->v));
		}
	return mine;
}

/*
 * After the jobs of cs[0..m) were played (rc: 0, or this part's
 * failure): their values into the candidates, added up over the parts
 * (a part that failed still takes part in the sharing, with the last
 * value set, so that no part waits for it: then every part fails), and
 * the counts.  Returns 0 or a negative code with the error set.
 */
static int collect(eval_ctx *c, cand **cs, size_t m, size_t mine,
                   am_opt *opt, int rc)
{
	const am_opt_opts *o = c->o;
	size_t j;

	if (rc < 0 && o->parts == 1)
		return rc;
	for (j = 0; rc == 0 && j < mine; j++) {
		memcpy(c->dest[j]->v, c->found[j].v, sizeof(c->found[j].v));
		opt->battles += (uint64_t)c->found[j].v[V_PLAYED];
	}
	if (o->parts > 1) {
		int local = rc < 0, local_rc = rc;
		int64_t *vals = calloc(m * V_COUNT + 1, sizeof(*vals));
		if (!vals)
			return ut_error_set(AM_ENOMEM, "out of memory");
		for (j = 0; j < m; j++)
			memcpy(&vals[j * V_COUNT], cs[j]->v, sizeof(cs[j]->v));
		vals[m * V_COUNT] = local;
		if ((rc = o->share(o->share_ud, vals, m * V_COUNT + 1)) < 0) {
			free(vals);
			return rc;
		}
		if (vals[m * V_COUNT] > 0) {
			long long nfailed = (long long)vals[m * V_COUNT];
			free(vals);
			if (local)
				return local_rc; /* its error says why */
			return ut_error_set(AM_ERROR, "%lld of %u parts failed",
			                    nfailed, (unsigned)o->parts);
		}
		for (j = 0; j < m; j++)
			memcpy(cs[j]->v, &vals[j * V_COUNT], sizeof(cs[j]->v));
		free(vals);
	}
	for (j = 0; j < m; j++) {
		cand *cd = cs[j];
		cd->evaluated = 1;
		cd->complete = cd->v[V_PLAYED] == (int64_t)c->n;
		cd->points = points_of(o, cd->v);
		opt->skipped += c->n - (uint64_t)cd->v[V_PLAYED];
	}
	opt->evals += m;
	return 0;
}

/* The threads of --jobs: 0 is 1, and at most 64 (the workers' slots). */
static unsigned threads_of(const am_opt_opts *o)
{
	return o->jobs == 0 ? 1 : o->jobs > 64 ? 64 : o->jobs;
}

/* Runs 0 … n-1 of `run` as a series of the pool, on the threads of
 * --jobs, each slot's worker made by setup: 0, or the error of the
 * failing run (or of the series). */
static int run_series(eval_ctx *c, uint64_t n, ut_series_run_fn run)
{
	ut_series_opts so;
	ut_series_result sr;
	int rc;

	memset(&so, 0, sizeof(so));
	so.jobs = threads_of(c->o);
	so.n = n;
	so.chunk = 1;
	so.setup = setup;
	so.ud = c;
	so.run = run;
	if ((rc = ut_series_run_pool(c->pool, &sr, &so)) == 0 && sr.failed)
		rc = ut_error_set(sr.failed_rc, "%s", sr.failed_message);
	return rc;
}

/*
 * Evaluate cs[0..m), designs made before (this part's share, then added
 * up over the parts): a series of one run a candidate.  Returns 0 or a
 * negative code with the error set.
 */
static int evaluate(eval_ctx *c, cand **cs, size_t m, am_opt *opt)
{
	size_t mine = prepare(c, cs, m);

	return collect(c, cs, m, mine, opt,
	               mine > 0 ? run_series(c, mine, eval_one) : 0);
}

/* After a generation: the best complete candidate of cs[0..m), evaluated
 * as number `first`+1 …, may become the best so far (history point). */
static int note_best(am_opt *opt, cand **cs, size_t m, uint64_t first,
                     const am_opt_opts *o)
{
	size_t j, b = m;
	am_opt_point p;

	for (j = 0; j < m; j++)
		if (cs[j]->evaluated && cs[j]->complete &&
		    (b == m || better(cs[j], cs[b])))
			b = j;
	if (b == m)
		return 0;
	if (opt->have_best && (cs[b]->points < opt->best_rec.points ||
	                       (cs[b]->points == opt->best_rec.points &&
	                        cs[b]->v[V_MARGIN] <= opt->best_rec.margin)))
		return 0;
	am_design_copy(opt->best, cs[b]->d);
	opt->have_best = 1;
	opt->best_rec.wins = cs[b]->v[V_WINS];
	opt->best_rec.draws = cs[b]->v[V_DRAWS];
	opt->best_rec.losses = cs[b]->v[V_LOSSES];
	opt->best_rec.errors = cs[b]->v[V_ERRORS];
	opt->best_rec.margin = cs[b]->v[V_MARGIN];
	opt->best_rec.played = cs[b]->v[V_PLAYED];
	opt->best_rec.points = points_of(o, cs[b]->v);
	p.evaluations = first + b + 1;
	p.points = opt->best_rec.points;
	p.margin = opt->best_rec.margin;
	if (UT_ARRAY_RESERVE(opt->hist, opt->caphist, opt->nhist + 1) < 0)
		return ut_error_set(AM_ENOMEM, "out of memory");
	opt->hist[opt->nhist++] = p;
	return 1;
}

/* Whether d equals one of the designs cs[0..j) (their hashes set). */
static int seen(const cand *cs, size_t j, const am_design *d)
{
	uint64_t h = am_design_hash(d);
	size_t i;

	for (i = 0; i < j; i++)
		if (cs[i].hash == h && am_design_equal(cs[i].d, d))
			return 1;
	return 0;
}

/* A tournament of 3 among the evaluated candidates of pop[0..m). */
static const cand *tournament(cand *pop, size_t m, ut_rng *r)
{
	const cand *w = &pop[ut_rng_uniform(r, m)];
	int k;

	for (k = 1; k < 3; k++) {
		const cand *x = &pop[ut_rng_uniform(r, m)];
		if (better(x, w))
			w = x;
	}
	return w;
}

static int cmp_cand(const void *a, const void *b)
{
	const cand *x = *(cand *const *)a, *y = *(cand *const *)b;
	if (better(x, y))
		return -1;
	if (better(y, x))
		return 1;
	return x < y ? -1 : x > y; /* stable by position in the population */
}

/* ptrs[0..k) := the first k of pop[0..P) in cmp_cand's order (k ≤ P):
 * all that plan_next reads, where sorting the whole population took as
 * long as the rest of the serial part of a generation. */
static void top(cand **ptrs, cand *pop, size_t P, size_t k)
{
	size_t i, j, q;

	for (i = 0; i < k; i++) {
		cand *b = NULL;
		for (j = 0; j < P; j++) {
			cand *x = &pop[j];
			for (q = 0; q < i && ptrs[q] != x; q++)
				;
			if (q == i && (!b || cmp_cand(&x, &b) < 0))
				b = x;
		}
		ptrs[i] = b;
	}
}

/* The field's own league: the order to play it in (strongest first, so
 * that hopeless candidates are skipped early) and its best sheet. */
static int field_league(am_opt *opt, size_t *order,
                        const am_program *const *field, size_t n,
                        const am_opt_opts *o)
{
	am_league_opts lo = AM_LEAGUE_OPTS_INIT;
	am_league *lg = NULL;
	am_standing *st;
	const am_league_row *row;
	size_t i;
	int rc;

	lo.jobs = o->jobs ? o->jobs : 1;
	lo.max_units = o->max_units;
	if ((rc = am_league_run(&lg, field, n, &lo)) < 0)
		return rc;
	if (!(st = calloc(n, sizeof(*st)))) {
		am_league_free(lg);
		return ut_error_set(AM_ENOMEM, "out of memory");
	}
	am_league_standings(st, lg, o->points[0], o->points[1], o->points[2],
	                    NULL);
	for (i = 0; i < n; i++)
		order[i] = st[i].entry;
	opt->field_best = st[0].entry;
	row = am_league_row_of(lg, st[0].entry);
	/* the mirror battle counts as a draw (AM-SYM-1: a unit against
	 * itself draws), so it plays n battles like a candidate */
	opt->field_rec.wins = row->wins;
	opt->field_rec.draws = row->draws + 1;
	opt->field_rec.losses = row->losses;
	opt->field_rec.errors = row->errors;
	opt->field_rec.margin = row->margin;
	opt->field_rec.played = (int64_t)n;
	opt->field_rec.points = row->wins * o->points[0] +
	                        (row->draws + 1) * o->points[1] +
	                        (row->losses + row->errors) * o->points[2];
	free(st);
	am_league_free(lg);
	return 0;
}

static int stop_now(const am_opt_opts *o, am_opt *opt, uint64_t budget)
{
	am_opt_progress p;
	int64_t stop = 0;

	if (o->progress) {
		memset(&p, 0, sizeof(p));
		p.generation = opt->gens;
		p.evaluations = opt->evals;
		p.budget = o->evals;
		p.battles = opt->battles;
		p.skipped = opt->skipped;
		p.best_points = opt->best_rec.points;
		p.best_margin = opt->best_rec.margin;
		stop = o->progress(o->progress_ud, &p) != 0;
	}
	/* every part stops together, when any part says so */
	if (o->parts > 1 && o->share(o->share_ud, &stop, 1) < 0)
		stop = 1;
	return stop || (budget && opt->evals >= budget);
}

/* Are the options and the field usable by am_opt_run()? */
static int opts_ok(const am_program *const *field, size_t n,
                   const am_opt_opts *o)
{
	return o && o->version == AM_OPT_OPTS_VERSION && n != 0 && field &&
	       o->population >= 4 && o->population <= 100000 && o->parts >= 1 &&
	       o->part < o->parts && !(o->parts > 1 && !o->share) &&
	       o->max_units >= 2;
}

/* The evaluation context for the field (n entries, `order` strongest
 * first); its jobs array is left as it is (allocated by the caller). */
static void ctx_setup(eval_ctx *ctx, const am_program *const *field,
                      const size_t *order, size_t n, const am_opt_opts *o)
{
	ctx->field = field;
	ctx->order = order;
	ctx->n = n;
	ctx->o = o;
	ctx->bo = (am_battle_opts)AM_BATTLE_OPTS_INIT;
	ctx->bo.max_units = o->max_units;
	ctx->bo.max_hits = 100000;
	memcpy(ctx->points, o->points, sizeof(ctx->points));
	ctx->maxpt = o->points[0];
	if (o->points[1] > ctx->maxpt) ctx->maxpt = o->points[1];
	if (o->points[2] > ctx->maxpt) ctx->maxpt = o->points[2];
}

/*
 * The child next[j] of two parents chosen by tournament in pop[0..P):
 * crossed (6 in 10) or copied, then mutated once (or more, 1 in 3), and
 * at least until it differs from its parent and from next[0..j) (no
 * evaluation spent on a copy: diversity), up to 6 times.
 */
static void breed(cand *next, size_t j, cand *pop, size_t P, ut_rng *rng)
{
	const cand *a = tournament(pop, P, rng);
	const cand *b = tournament(pop, P, rng);
	int k, times = 1 + (ut_rng_uniform(rng, 3) == 0 ?
	                    (int)ut_rng_uniform(rng, 3) : 0);

	if (ut_rng_uniform(rng, 10) < 6)
		am_design_cross(next[j].d, a->d, b->d, rng);
	else
		am_design_copy(next[j].d, a->d);
	for (k = 0; k < times ||
	     (k < 6 && (am_design_equal(next[j].d, a->d) ||
	                seen(next, j, next[j].d))); k++)
		am_design_mutate(next[j].d, rng);
	next[j].hash = am_design_hash(next[j].d);
	next[j].evaluated = 0;
}

/*
 * Make the designs gen[first..P) in order: random below rand_end, then
 * children of parents.  Only this run draws from the generator, so the
 * designs do not depend on the threads.  They are published (copied
 * to `mail`, then `ready`) in batches that double: the first design
 * alone, then as many as were published before it.  Each copy writes
 * lines that another core read in the generation before, and a core
 * commits its writes in order: a batch waits for those lines once, where
 * a copy after each design made each next design wait (breeding took
 * 870 cycles a design on 2 threads, 665 on 1), and less still when the
 * lines are fetched while the design is made.  The others, 2-3 times
 * slower to play a candidate than this thread to make one, still find
 * designs ready.  A thread waiting for design j sees it whole (release
 * here, acquire in wait_ready).
 */
static void produce(eval_ctx *c)
{
	size_t j, k, pub = c->first;

	for (j = c->first; j < c->P; j++) {
		/* the lines of design j's slot in `mail` are asked for while
		 * it is made, so that the batch's copy finds them here (its
		 * first 16 lines: the units of any design, 720 bytes) */
		for (k = 0; k < 16; k++)
			prefetch_write((const char *)c->mail[j] + 64 * k);
		if (j < c->rand_end) {
			am_design_random(c->gen[j].d, c->rng);
			c->gen[j].hash = am_design_hash(c->gen[j].d);
			c->gen[j].evaluated = 0;
		} else {
			breed(c->gen, j, c->parents, c->P, c->rng);
		}
		if (j + 1 - pub >= (pub > c->first ? pub - c->first : 1) ||
		    j + 1 == c->P) {
			for (; pub <= j; pub++)
				am_design_copy(c->mail[pub], c->gen[pub].d);
			atomic_store_explicit(&c->ready, pub,
			                      memory_order_release);
		}
	}
}

/* Wait until gen[0..need) are made; yield now and then, in case the
 * thread making them is not running (more threads than cores).  The
 * count last read (w->ready) spares reading the line the maker writes
 * once the maker is ahead. */
static void wait_ready(worker *w, size_t need)
{
	unsigned k = 0;

	while (w->ready < need) {
		w->ready = atomic_load_explicit(&w->ctx->ready,
		                                memory_order_acquire);
		if (w->ready < need && (++k & 4095) == 0)
			sched_yield();
	}
}

/*
 * Split the m candidates of a round between the series' slots and hand
 * it out: slot t ≥ 1 takes the (t-1)th range, slot 0 (which first makes
 * the designs) the last, whose designs are made last, on its own thread.
 * In proportion to what each played in the round before (once every
 * slot played some), else evenly: which slot plays a candidate never
 * changes its values.  Every range is stored before any `go`, so that a
 * thread that starts the round can steal from all of them.
 */
static void split(eval_ctx *c, size_t m, unsigned slots, uint64_t round)
{
	uint64_t tot = 0, tag = round & TAG_MASK;
	size_t at = 0;
	unsigned k;

	for (k = 0; k < slots && c->did[k]; k++)
		tot += c->did[k]; /* each at most the population */
	if (k < slots)
		tot = 0;
	for (k = 0; k < slots; k++) {
		unsigned t = k + 1 < slots ? k + 1 : 0;
		size_t len = m - at;
		if (k + 1 < slots) {
			uint64_t l = tot ? (uint64_t)m * c->did[t] / tot :
			                   m / slots;
			if (l < len)
				len = (size_t)l;
		}
		atomic_store_explicit(&c->shares[t].range,
		                      tag << TAG_SHIFT |
		                      (uint64_t)at << RANGE_BITS | (at + len),
		                      memory_order_relaxed);
		at += len;
	}
	for (k = 1; k < slots; k++)
		atomic_store_explicit(&c->shares[k].go, round << 1,
		                      memory_order_release);
}

/* Take a candidate of the round tagged `tag` from range *r: its lowest
 * (low) or its highest; 0 if the range is empty or of another round (a
 * thread still looking in the last round never takes one of the next). */
static int take(atomic_uint_fast64_t *r, uint64_t tag, int low, size_t *i)
{
	uint_fast64_t x = atomic_load(r);

	for (;;) {
		uint64_t lo = x >> RANGE_BITS & RANGE_MASK, hi = x & RANGE_MASK;
		if (x >> TAG_SHIFT != tag || lo >= hi)
			return 0;
		/* lo < hi ≤ RANGE_MASK: neither step leaves its field */
		if (atomic_compare_exchange_weak(r, &x, low ?
		                                 x + (UINT64_C(1) << RANGE_BITS) :
		                                 x - 1)) {
			*i = (size_t)(low ? lo : hi - 1);
			return 1;
		}
	}
}

/*
 * Play round `round` as slot w->slot: the candidates of its own range,
 * then those left in the others', each once its design is made; each
 * one's values stamped once written.  Returns 0 once none is left, or
 * the error of a candidate (c->failed set).
 */
static int play_round(worker *w, uint64_t round)
{
	eval_ctx *c = w->ctx;
	unsigned t = w->slot, slots = c->nslots, k;
	uint64_t tag = round & TAG_MASK;
	size_t i;
	int rc;

	w->ready = 0; /* gen[0..first) at least: re-read */
	for (;;) {
		int got = take(&c->shares[t].range, tag, 1, &i);
		for (k = 1; !got && k < slots; k++)
			got = take(&c->shares[(t + k) % slots].range, tag, 0, &i);
		if (!got)
			return 0;
		wait_ready(w, c->jobs[i].need);
		if ((rc = eval_one(w, i)) < 0) {
			atomic_store(&c->failed, 1);
			return rc;
		}
		atomic_store_explicit(&c->found[i].stamp, round << 8 | t,
		                      memory_order_release);
	}
}

/* How long a thread looks for the next round before it naps between
 * looks (FOLLOW_NAP_NS each): the rounds of a series follow each other
 * within microseconds, but the driver may wait for other processes
 * between them (the parts' sharing) or not be running. */
#define FOLLOW_SPIN_NS 200000
#define FOLLOW_NAP_NS 100000

/* A slot other than the driver's: play each round its `go` hands out
 * until the series is over.  It looks without sleeping for a while, and
 * yields now and then, in case the driver is not running; then naps. */
static int follow(worker *w)
{
	atomic_uint_fast64_t *go = &w->ctx->shares[w->slot].go;
	uint64_t last = 0, since = 0;
	unsigned k = 0;
	int rc;

	for (;;) {
		uint_fast64_t x = atomic_load_explicit(go, memory_order_acquire);
		if (x & GO_STOP)
			return 0;
		if (x >> 1 == last) {
			if ((++k & 4095) == 0) {
				uint64_t t = ut_series_now_ns();
				if (!since) {
					since = t;
				} else if (t - since >= FOLLOW_SPIN_NS) {
					struct timespec nap = {0, FOLLOW_NAP_NS};
					nanosleep(&nap, NULL);
				} else {
					sched_yield();
				}
			}
			continue;
		}
		last = x >> 1;
		since = 0;
		if ((rc = play_round(w, last)) < 0)
			return rc;
	}
}

/* Wait for the stamps of the round's jobs [0, mine), counting what each
 * slot played (c->did); -1 if a thread failed. */
static int await_round(eval_ctx *c, size_t mine)
{
	size_t i;
	unsigned k = 0;

	memset(c->did, 0, sizeof(c->did));
	for (i = 0; i < mine; i++) {
		uint_fast64_t st;
		while ((st = atomic_load_explicit(&c->found[i].stamp,
		                                  memory_order_acquire)) >> 8 !=
		       c->round) {
			if (atomic_load_explicit(&c->failed, memory_order_relaxed))
				return -1;
			if ((++k & 4095) == 0)
				sched_yield();
		}
		c->did[st & 0xff]++;
	}
	return 0;
}

/*
 * Plan the next generation next[0..P) from pop[0..P) (ptrs: P slots,
 * the best `elite` of pop put first): all random for AM_OPT_RANDOM; after 12 generations
 * without progress (*stall, reset here) a restart from the best so far
 * and fresh designs; else the `elite` best kept, `immig` immigrants, and
 * children.  The kept ones are copied here; returns how many, with
 * *rand_end the end of the random ones that follow (produce makes them
 * and the children).
 */
static size_t plan_next(cand *next, cand *pop, cand **ptrs, size_t P,
                        size_t elite, size_t immig, int *stall,
                        const am_opt *opt, const am_opt_opts *o,
                        size_t *rand_end)
{
	size_t j;

	top(ptrs, pop, P, elite > 0 ? elite : 1);
	*rand_end = P;
	if (o->method == AM_OPT_RANDOM)
		return 0;
	if (*stall >= 12) {
		/* restart: the best so far and fresh designs */
		am_design_copy(next[0].d, opt->best);
		next[0].hash = am_design_hash(next[0].d);
		memcpy(next[0].v, ptrs[0]->v, sizeof(next[0].v));
		next[0].evaluated = 0; /* re-evaluated: cheap, exact */
		*stall = 0;
		return 1;
	}
	for (j = 0; j < elite; j++) {
		am_design_copy(next[j].d, ptrs[j]->d);
		next[j].hash = ptrs[j]->hash;
		memcpy(next[j].v, ptrs[j]->v, sizeof(next[j].v));
		next[j].evaluated = ptrs[j]->evaluated;
		next[j].complete = ptrs[j]->complete;
		next[j].points = ptrs[j]->points;
	}
	*rand_end = elite + immig < P ? elite + immig : P;
	return elite;
}

/* The search as the driver carries it from one generation to the next:
 * set up by am_opt_run, played GENS_A_SERIES generations a series. */
struct drv {
	am_opt *opt;
	const am_opt_opts *o;
	cand *pop, *next, **ptrs; /* this generation, the other, P slots */
	size_t P, first, rand_end, elite, immig;
	uint64_t budget;        /* evaluations (0: none) */
	int stall;              /* generations without progress */
	int over;               /* the search has ended */
	int stage_ok;           /* every next generation's first design is
	                           random (immigrants, restarts, random) */
};

/*
 * One generation, as round c->round + 1 of the driver w (slot 0): pop
 * [first, P) are made from parents (random below rand_end) while the
 * candidates are played; pop[0..first) are ready, and those without
 * values yet (the best of a restart) are played too.  Within the
 * budget; then the best is noted, the generations counted, and the next
 * generation planned, or d->over set.  A failure of another thread ends
 * the search with 0 (its run reports it); otherwise 0 or an error.
 */
static int round_gen(worker *w, drv *d)
{
	eval_ctx *c = w->ctx;
	am_opt *opt = d->opt;
	size_t m = 0, mine, j;
	uint64_t before = opt->evals;
	int rc;

	for (j = 0; j < d->P; j++)
		if (j >= d->first || !d->pop[j].evaluated)
			d->ptrs[m++] = &d->pop[j];
	if (d->budget && m > d->budget - opt->evals)
		m = (size_t)(d->budget - opt->evals);
	/* written where changed: the threads read them at every battle */
	if (c->prune != opt->have_best)
		c->prune = opt->have_best;
	if (c->threshold != opt->best_rec.points)
		c->threshold = opt->best_rec.points;
	c->gen = d->pop;
	c->parents = d->next;
	c->first = d->first;
	if (c->staged) {
		/* its first design, made as the last round ended (d->first <
		 * rand_end): played from the population, ready before */
		am_design *t = d->pop[d->first].d;
		d->pop[d->first].d = c->stage;
		d->pop[d->first].hash = c->stage_hash;
		d->pop[d->first].evaluated = 0;
		c->stage = t;
		c->staged = 0;
		c->first = d->first + 1;
	}
	c->rand_end = d->rand_end;
	c->P = d->P;
	atomic_store_explicit(&c->ready, c->first, memory_order_relaxed);
	mine = prepare(c, d->ptrs, m);
	c->round++;
	split(c, mine, c->nslots, c->round);
	/* every part makes every design, whatever its share */
	produce(c);
	rc = play_round(w, c->round);
	c->gen = NULL;
	if (rc == 0 && d->stage_ok) {
		/* while the others' values come (asked for first), the next
		 * generation's first design: the generator's next draws, the
		 * same whatever this round's outcome (and unused if it is the
		 * last) */
		for (j = 0; j < mine; j++)
			__builtin_prefetch(&c->found[j]);
		am_design_random(c->stage, c->rng);
		c->stage_hash = am_design_hash(c->stage);
		c->staged = 1;
	}
	if (rc == 0 && await_round(c, mine) < 0) {
		/* another thread failed: the other parts hear of it */
		if (d->o->parts > 1)
			(void)collect(c, d->ptrs, m, mine, opt, AM_ERROR);
		d->over = 1;
		return 0;
	}
	if ((rc = collect(c, d->ptrs, m, mine, opt, rc)) < 0)
		return rc;
	opt->gens++;
	if ((rc = note_best(opt, d->ptrs, m, before, d->o)) < 0)
		return rc;
	d->stall = rc ? 0 : d->stall + 1;
	if (stop_now(d->o, opt, d->budget)) {
		d->over = 1;
		return 0;
	}
	d->first = plan_next(d->next, d->pop, d->ptrs, d->P, d->elite,
	                     d->immig, &d->stall, opt, d->o, &d->rand_end);
	{
		cand *tmp = d->pop;
		d->pop = d->next;
		d->next = tmp;
	}
	return 0;
}

/* A run of a series of generations: slot 0's first drives up to
 * GENS_A_SERIES of them, then sends the other slots out of the series;
 * the other slots follow. */
static int gen_series(void *wv, uint64_t r)
{
	worker *w = wv;
	eval_ctx *c = w->ctx;
	unsigned k, t;
	int rc = 0;

	(void)r;
	if (w->slot != 0)
		return follow(w);
	if (c->driving)
		return 0; /* slot 0's second run (the series on one thread) */
	c->driving = 1;
	if (c->nslots != c->set_slots) /* read at every round: published
	                                  by each round's go */
		c->nslots = c->set_slots;
	for (k = 0; k < GENS_A_SERIES && !c->drv->over && rc == 0; k++)
		rc = round_gen(w, c->drv);
	for (t = 1; t < c->nslots; t++)
		atomic_store_explicit(&c->shares[t].go, GO_STOP,
		                      memory_order_release);
	return rc;
}

/*
 * The best's full record and its outcome against each field entry
 * (opt->outcome), evaluated alone without pruning; the counts of
 * evaluations, skips and battles stay as they were.  The workers it makes
 * go back to ctx.  Returns 0 or an error.
 */
static int best_record(eval_ctx *ctx, am_opt *opt, const am_opt_opts *o)
{
	cand c;
	cand *cp = &c;
	eval_ctx one = *ctx;
	am_opt_opts solo = *o;
	uint64_t e, s, bt;
	int rc;

	memset(&c, 0, sizeof(c));
	c.d = opt->best;
	solo.parts = 1;
	solo.part = 0;
	one.o = &solo;
	one.prune = 0;
	one.outcome = opt->outcome;
	memset(one.wset, 0, sizeof(one.wset)); /* the workers' ctx: &one */
	e = opt->evals, s = opt->skipped, bt = opt->battles;
	rc = evaluate(&one, &cp, 1, opt);
	memcpy(ctx->workers, one.workers, sizeof(ctx->workers));
	if (rc < 0)
		return rc;
	opt->evals = e, opt->skipped = s, opt->battles = bt;
	opt->best_rec.wins = c.v[V_WINS];
	opt->best_rec.draws = c.v[V_DRAWS];
	opt->best_rec.losses = c.v[V_LOSSES];
	opt->best_rec.errors = c.v[V_ERRORS];
	opt->best_rec.margin = c.v[V_MARGIN];
	opt->best_rec.played = c.v[V_PLAYED];
	opt->best_rec.points = points_of(o, c.v);
	return 0;
}

int am_opt_run(am_opt **out, const am_program *const *field, size_t n,
               const am_opt_opts *o)
{
	am_opt *opt = NULL;
	eval_ctx ctx;
	drv d;
	cand *pop = NULL, *next = NULL, **ptrs = NULL;
	size_t *order = NULL, P, j;
	ut_rng rng;
	int rc = 0;

	if (!out)
		return ut_error_set(AM_EINVALID, "am_opt_run: out is NULL");
	*out = NULL;
	if (!field && n)
		return ut_error_set(AM_EINVALID, "am_opt_run: field is NULL");
	if (!o)
		return ut_error_set(AM_EINVALID, "am_opt_run: opts is NULL");
	if (!opts_ok(field, n, o))
		return ut_error_set(AM_EINVALID, "bad optimizer options");
	P = o->population;
	memset(&ctx, 0, sizeof(ctx));
	if (!(opt = calloc(1, sizeof(*opt))) ||
	    !(opt->outcome = calloc(n, 1)) ||
	    !(order = ut_calloc_lines(n, sizeof(*order))) ||
	    !(pop = calloc(P, sizeof(*pop))) ||
	    !(next = calloc(P, sizeof(*next))) ||
	    !(ptrs = calloc(P, sizeof(*ptrs))) ||
	    !(ctx.jobs = ut_calloc_lines(P, sizeof(*ctx.jobs))) ||
	    !(ctx.found = ut_calloc_lines(P, sizeof(*ctx.found))) ||
	    !(ctx.shares = ut_calloc_lines(64, sizeof(*ctx.shares))) ||
	    !(ctx.dest = calloc(P, sizeof(*ctx.dest))) ||
	    !(ctx.mail = calloc(P, sizeof(*ctx.mail)))) {
		rc = ut_error_set(AM_ENOMEM, "out of memory");
		goto done;
	}
	if ((rc = am_design_new(&opt->best, o->buildia)) < 0 ||
	    (rc = am_design_new(&ctx.stage, o->buildia)) < 0)
		goto done;
	for (j = 0; j < P; j++)
		if ((rc = am_design_new(&pop[j].d, o->buildia)) < 0 ||
		    (rc = am_design_new(&next[j].d, o->buildia)) < 0 ||
		    (rc = am_design_new(&ctx.mail[j], o->buildia)) < 0)
			goto done;
	if ((rc = field_league(opt, order, field, n, o)) < 0)
		goto done;
	ctx_setup(&ctx, field, order, n, o);
	if ((rc = ut_series_pool_new(&ctx.pool, threads_of(o))) < 0)
		goto done;
	ut_rng_seed(&rng, o->seed);

	ctx.rng = &rng;

	/* generation 1: random designs (first 0, rand_end P); then each
	 * generation is planned from the one before and made while it is
	 * evaluated, GENS_A_SERIES generations a series of the pool */
	memset(&d, 0, sizeof(d));
	d.opt = opt;
	d.o = o;
	d.pop = pop;
	d.next = next;
	d.ptrs = ptrs;
	d.P = P;
	d.rand_end = P;
	d.elite = 2;
	d.immig = P / 8;
	d.budget = o->evals;
	d.stage_ok = o->method == AM_OPT_RANDOM || d.immig > 0;
	ctx.drv = &d;
	while (!d.over) {
		ctx.driving = 0;
		/* a run a slot: slot 0's drives */
		if ((rc = run_series(&ctx, threads_of(o), gen_series)) < 0)
			goto done;
	}
	/* the best's full record and its outcome against each field entry */
	rc = 0;
	if (opt->have_best && (rc = best_record(&ctx, opt, o)) < 0)
		goto done;
done:
	for (j = 0; pop && j < P; j++)
		am_design_free(pop[j].d);
	for (j = 0; next && j < P; j++)
		am_design_free(next[j].d);
	free(pop);
	free(next);
	free(ptrs);
	ut_series_pool_free(ctx.pool);
	for (j = 0; ctx.mail && j < P; j++)
		am_design_free(ctx.mail[j]);
	free(ctx.mail);
	am_design_free(ctx.stage);
	free(ctx.jobs);
	free(ctx.found);
	free(ctx.shares);
	free(ctx.dest);
	free(order);
	for (j = 0; j < 64; j++)
		worker_free(ctx.workers[j]);
	if (rc < 0) {
		am_opt_free(opt);
		return rc;
	}
	*out = opt;
	return 0;
}

void am_opt_free(am_opt *opt)
{
	if (!opt)
		return;
	am_design_free(opt->best);
	free(opt->outcome);
	free(opt->hist);
	free(opt);
}

const am_design *am_opt_best(const am_opt *opt)
{
	return opt->best;
}

const am_opt_record *am_opt_best_record(const am_opt *opt)
{
	return &opt->best_rec;
}

int am_opt_outcome(const am_opt *opt, size_t i)
{
	return opt->outcome[i];
}

size_t am_opt_field_best(am_opt_record *rec, const am_opt *opt)
{
	if (rec)
		*rec = opt->field_rec;
	return opt->field_best;
}

size_t am_opt_history(const am_opt_point **out, const am_opt *opt)
{
	*out = opt->hist;
	return opt->nhist;
}

uint64_t am_opt_evaluations(const am_opt *opt) { return opt->evals; }
uint64_t am_opt_generations(const am_opt *opt) { return opt->gens; }
uint64_t am_opt_battles(const am_opt *opt) { return opt->battles; }
uint64_t am_opt_skipped(const am_opt *opt) { return opt->skipped; }
