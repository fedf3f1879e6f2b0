// SPDX-License-Identifier: GPL-2.0
/*
 * tsc-khz: this x86_64 machine's TSC rate in kHz, counted against
 * CLOCK_MONOTONIC_RAW over 100 ms, the median of five counts.  Under TCG
 * a guest's TSC is the host's (QEMU reads it with rdtsc), and vm/run
 * tells its rate to a guest that has no HPET or PM timer to calibrate its
 * TSC against (tsc_early_khz=).  Each end of a count is the clock read
 * between two TSC reads, taken at their midpoint.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <x86intrin.h>

#define COUNTS 5

/* now: the clock in ns, and in *tsc the TSC at that instant */
static int64_t now(uint64_t *tsc)
{
	struct timespec t;
	uint64_t a, b;

	a = __rdtsc();
	clock_gettime(CLOCK_MONOTONIC_RAW, &t);
	b = __rdtsc();
	*tsc = a + (b - a) / 2;
	return (int64_t)t.tv_sec * 1000000000 + t.tv_nsec;
}

static int cmp(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return (x > y) - (x < y);
}

int main(void)
{
	uint64_t khz[COUNTS], c0, c1;
	int64_t t0, t1;
	int i;

	for (i = 0; i < COUNTS; i++) {
		t0 = now(&c0);
		do
			t1 = now(&c1);
		while (t1 - t0 < 100000000);
		khz[i] = (c1 - c0) * 1000000 / (uint64_t)(t1 - t0);
	}
	qsort(khz, COUNTS, sizeof(khz[0]), cmp);
	printf("%llu\n", (unsigned long long)khz[COUNTS / 2]);
	return 0;
}
