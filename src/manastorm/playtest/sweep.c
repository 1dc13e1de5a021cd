/*
 * sweep.c - parameter sweeps: a playtest per value of one numeric field
 * (manastorm/playtest.h, docs/MANASTORM.md "Sweeps").
 *
 * MS-SW-PATH-1: the fields are battles, rounds_per_battle, hand_size and
 * participants.NAME.threshold|mp|hp (mp for casters, hp for warriors).
 * MS-SW-VAL-1: values a..b (every integer), a..b/step (a, a+step, … ≤ b),
 * or a,b,c (as given); a ≤ b, step ≥ 1, at most MS_SW_VALUES_MAX.
 * MS-SW-CHECK-1: every value must be in the range a scenario file may
 * give the field (MS-SCN-NUM-1, MS-SCN-NUM-2; else MS_SW_RANGE naming the
 * value and the range), and is applied to a copy of the scenario, which
 * must pass ms_scenario_check (else MS_SW_ILLEGAL naming the value).
 * MS-SW-CRN-1: every value is played with the same seeds S … S+N−1.
 */
#define _POSIX_C_SOURCE 200809L

#include "manastorm/playtest.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "manastorm/scenario_yaml.h"
#include "util/error.h"
#include "util/utf8.h"

static int problem(ms_sw_spec *o, ms_sw_problem p, const char *detail,
                   size_t len)
{
	o->problem = p;
	if (len >= sizeof o->detail)
		len = sizeof o->detail - 1;
	memcpy(o->detail, detail, len);
	o->detail[len] = '\0';
	free(o->values);
	o->values = NULL;
	o->nvalues = 0;
	return ut_error_set(MS_EINVALID, "--vary: %s", o->detail);
}

/* A value of VALUES, s[0..e): digits only, ASCII or full-width, as
 * docs/CLI.md reads an option's number (no sign: no field can be
 * negative); 0 or -1. */
static int parse_int(const char *s, const char *e, int64_t *v)
{
	uint64_t u;

	if (e <= s || ut_utf8_parse_u64(&u, s, (size_t)(e - s), INT64_MAX) < 0)
		return -1;
	*v = (int64_t)u;
	return 0;
}

static int add(ms_sw_spec *o, int64_t v, size_t *cap)
{
	if (o->nvalues == MS_SW_VALUES_MAX)
		return 1;
	if (o->nvalues == *cap) {
		size_t nc = *cap ? *cap * 2 : 16;
		int64_t *nv = realloc(o->values, nc * sizeof *nv);
		if (!nv)
			return -1;
		o->values = nv;
		*cap = nc;
	}
	o->values[o->nvalues++] = v;
	return 0;
}

void ms_sw_apply(ms_scenario *copy, ms_participant *parts,
                 const ms_scenario *s, const ms_sw_spec *spec, int64_t value)
{
	*copy = *s;
	if (s->nparticipants)
		memcpy(parts, s->participants, s->nparticipants * sizeof *parts);
	copy->participants = parts;
	switch (spec->field) {
	case MS_SW_BATTLES: copy->battles = value; break;
	case MS_SW_ROUNDS: copy->rounds_per_battle = value; break;
	case MS_SW_HAND_SIZE: copy->hand_size = value; break;
	case MS_SW_THRESHOLD: parts[spec->participant].threshold = value; break;
	case MS_SW_MP: parts[spec->participant].mp = value; break;
	case MS_SW_HP: parts[spec->participant].hp = value; break;
	}
}

/*
 * MS-SW-PATH-1: "participants.NAME.FIELD", the part of the path after
 * "participants." up to eq: FIELD threshold, mp (a caster's) or hp (a
 * warrior's) of the participant NAME of s.  Sets o->field and
 * o->participant.  Returns 0 or the problem (path/plen: the whole path).
 */
static int participant_path(ms_sw_spec *o, const char *path, size_t plen,
                            const char *eq, const ms_scenario *s)
{
	const char *name = path + 13, *dot = NULL, *q;
	size_t nlen, i;

	for (q = name; q < eq; q++)
		if (*q == '.')
			dot = q;
	if (!dot || dot == name)
		return problem(o, MS_SW_BAD_PATH, path, plen);
	nlen = (size_t)(dot - name);
	if ((size_t)(eq - dot - 1) == 9 && !memcmp(dot + 1, "threshold", 9))
		o->field = MS_SW_THRESHOLD;
	else if ((size_t)(eq - dot - 1) == 2 && !memcmp(dot + 1, "mp", 2))
		o->field = MS_SW_MP;
	else if ((size_t)(eq - dot - 1) == 2 && !memcmp(dot + 1, "hp", 2))
		o->field = MS_SW_HP;
	else
		return problem(o, MS_SW_BAD_PATH, path, plen);
	for (i = 0; i < s->nparticipants; i++) {
		const char *pn = s->participants[i].name;
		if (pn && strlen(pn) == nlen && !memcmp(pn, name, nlen))
			break;
	}
	if (i == s->nparticipants)
		return problem(o, MS_SW_NO_PARTICIPANT, name, nlen);
	o->participant = i;
	if ((o->field == MS_SW_MP &&
	     s->participants[i].role != MS_ROLE_CASTER) ||
	    (o->field == MS_SW_HP &&
	     s->participants[i].role != MS_ROLE_WARRIOR))
		return problem(o, MS_SW_NOT_FOR_ROLE, path, plen);
	return 0;
}

/* MS-SW-PATH-1: the path text[0..eq) names the number to vary: battles,
 * rounds_per_battle, hand_size or participants.NAME.FIELD.  Returns 0 or
 * the problem. */
static int sweep_path(ms_sw_spec *o, const char *text, const char *eq,
                      const ms_scenario *s)
{
	const char *path = text;
	size_t plen = (size_t)(eq - text);

	if (plen == 7 && !memcmp(path, "battles", 7))
		o->field = MS_SW_BATTLES;
	else if (plen == 17 && !memcmp(path, "rounds_per_battle", 17))
		o->field = MS_SW_ROUNDS;
	else if (plen == 9 && !memcmp(path, "hand_size", 9))
		o->field = MS_SW_HAND_SIZE;
	else if (plen > 13 && !memcmp(path, "participants.", 13))
		return participant_path(o, path, plen, eq, s);
	else
		return problem(o, MS_SW_BAD_PATH, path, plen);
	return 0;
}

/* The error of add(): rc < 0 memory, else too many values in v. */
static int add_failed(ms_sw_spec *o, int rc, const char *v)
{
	return rc < 0 ? ut_error_set(MS_ENOMEM, "out of memory")
	              : problem(o, MS_SW_TOO_MANY, v, strlen(v));
}

/* MS-SW-VAL-1: the values v (to the end of the text): "A..B" or
 * "A..B/STEP" (STEP >= 1, A <= B), or a list "X,Y,…", into o->values
 * (*cap: their allocated room).  Returns 0 or the problem. */
static int sweep_values(ms_sw_spec *o, const char *v, size_t *cap)
{
	const char *e = v + strlen(v), *dots = strstr(v, "..");
	int rc;

	if (dots) {
		const char *slash = strchr(dots, '/');
		int64_t a, b, step = 1, x;
		if (parse_int(v, dots, &a) < 0 ||
		    parse_int(dots + 2, slash ? slash : e, &b) < 0 ||
		    (slash && parse_int(slash + 1, e, &step) < 0) || step < 1 ||
		    a > b)
			return problem(o, MS_SW_BAD_VALUES, v, strlen(v));
		for (x = a;; x += step) {
			if ((rc = add(o, x, cap)) != 0)
				return add_failed(o, rc, v);
			/* unsigned: b − x may not fit an int64 */
			if ((uint64_t)b - (uint64_t)x < (uint64_t)step)
				break;
		}
	} else {
		const char *p = v;
		for (;;) {
			const char *c = strchr(p, ',');
			int64_t x;
			if (parse_int(p, c ? c : e, &x) < 0)
				return problem(o, MS_SW_BAD_VALUES, v, strlen(v));
			if ((rc = add(o, x, cap)) != 0)
				return add_failed(o, rc, v);
			if (!c)
				break;
			p = c + 1;
		}
	}
	return 0;
}

/* MS-SW-CHECK-1: the range a scenario file may give field f (the
 * scenario reader's, src/manastorm/scenario/parse.c, MS-SCN-NUM-1,
 * MS-SCN-NUM-2). */
static void field_range(ms_sw_field f, int64_t *lo, int64_t *hi)
{
	switch (f) {
	case MS_SW_BATTLES: *lo = 1, *hi = MS_SCN_BATTLES_MAX; break;
	case MS_SW_ROUNDS: *lo = 1, *hi = MS_SCN_ROUNDS_MAX; break;
	case MS_SW_THRESHOLD: *lo = 0, *hi = 13; break;
	case MS_SW_HP: *lo = 1, *hi = MS_SCN_NUMBER_MAX; break;
	case MS_SW_HAND_SIZE: /* fall through */
	case MS_SW_MP: /* fall through */
	default: *lo = 0, *hi = MS_SCN_NUMBER_MAX; break;
	}
}

/* MS-SW-CHECK-1: each value of o must be in the field's range
 * (MS_SW_RANGE, detail the path text[0..plen)) and, applied to s, give a
 * legal scenario; the first that does not is the problem (o->bad_value).
 * Returns 0 or an error. */
static int sweep_check(ms_sw_spec *o, const ms_scenario *s, const char *text,
                       size_t plen)
{
	ms_participant *parts;
	size_t i;
	int64_t lo, hi;

	field_range(o->field, &lo, &hi);
	for (i = 0; i < o->nvalues; i++)
		if (o->values[i] < lo || o->values[i] > hi) {
			int64_t bad = o->values[i];
			problem(o, MS_SW_RANGE, text, plen);
			o->bad_value = bad;
			o->lo = lo;
			o->hi = hi;
			return ut_error_set(MS_EINVALID, "--vary: %" PRId64 ": %s is "
			                    "from %" PRId64 " to %" PRId64, bad,
			                    o->detail, lo, hi);
		}
	parts = malloc((s->nparticipants ? s->nparticipants : 1) * sizeof *parts);
	if (!parts)
		return ut_error_set(MS_ENOMEM, "out of memory");
	for (i = 0; i < o->nvalues; i++) {
		ms_scenario c;
		ms_sw_apply(&c, parts, s, o, o->values[i]);
		if (ms_scenario_check(&c) < 0) {
			const char *m = ms_error_last();
			int64_t bad = o->values[i];
			free(parts);
			problem(o, MS_SW_ILLEGAL, m, strlen(m));
			o->bad_value = bad;
			return ut_error_set(MS_EINVALID, "--vary: %" PRId64 ": %s",
			                    bad, o->detail);
		}
	}
	free(parts);
	return 0;
}

int ms_sw_parse(ms_sw_spec *o, const char *text, const ms_scenario *s)
{
	const char *eq;
	size_t cap = 0;
	int rc;

	if (!o)
		return ut_error_set(MS_EINVALID, "ms_sw_parse: out is NULL");
	memset(o, 0, sizeof *o);
	if (!text)
		return ut_error_set(MS_EINVALID, "ms_sw_parse: text is NULL");
	if (!s)
		return ut_error_set(MS_EINVALID, "ms_sw_parse: s is NULL");
	if (!(eq = strrchr(text, '=')))
		return problem(o, MS_SW_NO_EQUALS, text, strlen(text));
	if ((rc = sweep_path(o, text, eq, s)) < 0 ||
	    (rc = sweep_values(o, eq + 1, &cap)) < 0)
		return rc;
	return sweep_check(o, s, text, (size_t)(eq - text));
}

void ms_sw_spec_free(ms_sw_spec *spec)
{
	if (spec) {
		free(spec->values);
		spec->values = NULL;
		spec->nvalues = 0;
	}
}

typedef struct sweep_progress {
	ms_pt_progress_fn fn;
	void *ud;
	uint64_t before, total;
} sweep_progress;

static void progress(void *ud, uint64_t done, uint64_t total)
{
	sweep_progress *p = ud;
	(void)total;
	p->fn(p->ud, p->before + done, p->total);
}

int ms_sw_run(ms_sw_report *out, const ms_scenario *s, const ms_sw_spec *spec,
              const ms_pt_opts *opts)
{
	ms_participant *parts;
	sweep_progress sp;
	ms_pt_opts o;
	size_t i;
	int rc = 0;

	if (!out)
		return ut_error_set(MS_EINVALID, "ms_sw_run: out is NULL");
	memset(out, 0, sizeof *out);
	if (!s)
		return ut_error_set(MS_EINVALID, "ms_sw_run: s is NULL");
	if (!spec)
		return ut_error_set(MS_EINVALID, "ms_sw_run: spec is NULL");
	if (!opts)
		return ut_error_set(MS_EINVALID, "ms_sw_run: opts is NULL");
	if (spec->nvalues == 0)
		return ut_error_set(MS_EINVALID, "sweep: no values");
	parts = malloc((s->nparticipants ? s->nparticipants : 1) * sizeof *parts);
	out->values = malloc(spec->nvalues * sizeof *out->values);
	out->pt = calloc(spec->nvalues, sizeof *out->pt);
	if (!parts || !out->values || !out->pt) {
		free(parts);
		ms_sw_report_free(out);
		return ut_error_set(MS_ENOMEM, "out of memory");
	}
	out->nvalues = spec->nvalues;
	memcpy(out->values, spec->values, spec->nvalues * sizeof *out->values);
	o = *opts;
	sp.fn = opts->progress;
	sp.ud = opts->progress_ud;
	sp.total = opts->runs * spec->nvalues;
	if (opts->progress) {
		o.progress = progress;
		o.progress_ud = &sp;
	}
	for (i = 0; i < spec->nvalues; i++) {
		ms_scenario c;
		ms_sw_apply(&c, parts, s, spec, spec->values[i]);
		sp.before = opts->runs * i;
		/* MS-SW-CRN-1: the same seeds for every value */
		if ((rc = ms_pt_run(&out->pt[i], &c, &o)) < 0) {
			out->failed_value = i;
			break;
		}
		/* MS-SW-MEM-1: only the totals are kept (the names point into
		 * the caller's scenario); the runs' slots go, so a sweep needs
		 * the memory of one playtest */
		ms_pt_report_drop_tallies(&out->pt[i]);
	}
	free(parts);
	return rc;
}

void ms_sw_report_free(ms_sw_report *r)
{
	size_t i;
	if (!r)
		return;
	for (i = 0; r->pt && i < r->nvalues; i++)
		ms_pt_report_free(&r->pt[i]);
	free(r->pt);
	free(r->values);
	memset(r, 0, sizeof *r);
}
