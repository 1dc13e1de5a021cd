/*
 * bench_manastorm.c - card duels per second on one thread.
 *
 * A bundled-style scenario built in C: 2 casters and 2 warriors (seat
 * order caster A, warrior A, caster B, warrior B), full 52-card decks,
 * shuffle on, hand 5, 3 battles of at most 10 rounds, policy default for
 * everyone.  One duel object is played again and again (ms_duel_restart
 * with seed S + i for duel i, docs/RANDOM.md series), without an event
 * callback.
 * It prints duels per wall second and per CPU second of its thread (the
 * second is the honest per-core figure on a shared machine).
 * Usage: bench_manastorm [SECONDS]  (default 3)
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "manastorm/duel.h"

static double clock_s(clockid_t id)
{
	struct timespec ts;
	clock_gettime(id, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static double now(void)
{
	return clock_s(CLOCK_MONOTONIC);
}

int main(int argc, char **argv)
{
	double secs = argc > 1 ? atof(argv[1]) : 3.0;
	static const int64_t rina[] = {3, 2}, mio[] = {2, 2, 1};
	ms_participant p[4];
	ms_scenario s;
	ms_duel_opts o = MS_DUEL_OPTS_INIT;
	ms_duel *d;
	ms_result r;
	uint64_t seed = 20261130, duels = 0, wins[3] = {0, 0, 0}, storms = 0,
	         battles = 0;
	double t0, t, c0, c;
	int i;

	for (i = 0; i < 4; i++)
		ms_participant_init(&p[i]);
	p[0].name = "リナ"; p[0].side = 0; p[0].role = MS_ROLE_CASTER;
	p[0].threshold = 7; p[0].suit = MS_SUIT_H; p[0].mp = 3;
	p[0].outfits = rina; p[0].noutfits = 2;
	p[1].name = "カイ"; p[1].side = 0; p[1].role = MS_ROLE_WARRIOR;
	p[1].threshold = 8; p[1].suit = MS_SUIT_S; p[1].hp = 10;
	p[2].name = "ミオ"; p[2].side = 1; p[2].role = MS_ROLE_CASTER;
	p[2].threshold = 6; p[2].suit = MS_SUIT_D; p[2].mp = 2;
	p[2].outfits = mio; p[2].noutfits = 3;
	p[3].name = "ゴウ"; p[3].side = 1; p[3].role = MS_ROLE_WARRIOR;
	p[3].threshold = 9; p[3].suit = MS_SUIT_C; p[3].hp = 10;
	ms_scenario_init(&s);
	s.participants = p;
	s.nparticipants = 4;
	o.seed = seed;
	if (ms_duel_new(&d, &s, &o) < 0) {
		fprintf(stderr, "bench_manastorm: %s\n", ms_error_last());
		return 1;
	}
	t0 = now();
	c0 = clock_s(CLOCK_THREAD_CPUTIME_ID);
	do {
		for (i = 0; i < 1000; i++) {
			ms_duel_restart(d, seed + duels);
			if (ms_duel_run(&r, d) < 0) {
				fprintf(stderr, "bench_manastorm: %s\n", ms_error_last());
				return 1;
			}
			duels++;
			wins[r.winner + 1]++;
			storms += (uint64_t)r.storms;
			battles += (uint64_t)r.battles;
		}
		t = now() - t0;
	} while (t < secs);
	c = clock_s(CLOCK_THREAD_CPUTIME_ID) - c0;
	printf("manastorm duels: %llu in %.2f s = %.0f duels/s (one thread); "
	       "%.2f s of CPU = %.0f duels per CPU second\n",
	       (unsigned long long)duels, t, (double)duels / t, c,
	       (double)duels / c);
	printf("  A %llu, B %llu, draws %llu; %.2f battles, %.3f storms per duel\n",
	       (unsigned long long)wins[1], (unsigned long long)wins[2],
	       (unsigned long long)wins[0], (double)battles / (double)duels,
	       (double)storms / (double)duels);
	ms_duel_free(d);
	return 0;
}
