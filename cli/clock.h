/* SPDX-License-Identifier: GPL-2.0 */
/* hmmbench: the clock every userspace timing reads. */
#ifndef HB_CLOCK_H
#define HB_CLOCK_H

#include <stdint.h>
#include <time.h>

/* CLOCK_MONOTONIC now, in ns. */
static inline uint64_t hb_now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ULL + ts.tv_nsec;
}

#endif /* HB_CLOCK_H */
