/*
 * bench_pingpong.c - what a cache line costs between two threads on this
 * machine: two threads hand one atomic counter back and forth N times and
 * the mean round trip is printed.  Work split into short series that wait
 * for each other (the optimizer's generations, ~50 µs each, hand designs,
 * candidates and their values between threads) pays a few such trips a
 * candidate.  On the 2-core virtual machine of issue 21's eighth round
 * the trip measured 470–670 ns for hours, while the optimizer's 2-thread
 * speedup was 1.25–1.35 (1.70–1.77 in the first minutes of the round,
 * not measured beside it; docs/OPTIMIZE.md), and the Monte Carlo series,
 * which share nothing a run, stayed near 2.  bench/scaling.sh prints it
 * first.
 *
 * Usage: bench_pingpong [N]   (default 200000 round trips)
 */
#define _POSIX_C_SOURCE 200809L

#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static _Alignas(64) atomic_long flag;
static long trips = 200000;

static void *pong(void *arg)
{
	long i;

	(void)arg;
	for (i = 0; i < trips; i++) {
		while (atomic_load_explicit(&flag, memory_order_acquire) != 2 * i + 1)
			;
		atomic_store_explicit(&flag, 2 * i + 2, memory_order_release);
	}
	return NULL;
}

int main(int argc, char **argv)
{
	struct timespec a, b;
	pthread_t t;
	long i;
	double ns;

	if (argc > 1 && (trips = strtol(argv[1], NULL, 10)) <= 0) {
		fprintf(stderr, "usage: bench_pingpong [N > 0]\n");
		return 2;
	}
	if (pthread_create(&t, NULL, pong, NULL) != 0) {
		fprintf(stderr, "bench_pingpong: no second thread\n");
		return 1;
	}
	clock_gettime(CLOCK_MONOTONIC, &a);
	for (i = 0; i < trips; i++) {
		atomic_store_explicit(&flag, 2 * i + 1, memory_order_release);
		while (atomic_load_explicit(&flag, memory_order_acquire) != 2 * i + 2)
			;
	}
	clock_gettime(CLOCK_MONOTONIC, &b);
	pthread_join(t, NULL);
	ns = ((double)(b.tv_sec - a.tv_sec) * 1e9 + (double)(b.tv_nsec - a.tv_nsec)) /
	     (double)trips;
	printf("bench_pingpong: a cache line's round trip between two threads: %.0f ns (%ld trips)\n",
	       ns, trips);
	return 0;
}
