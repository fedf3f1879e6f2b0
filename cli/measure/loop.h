/* SPDX-License-Identifier: GPL-2.0 */
/*
 * hmmbench: what the measurement loops (bench.c, migrate.c, rebind.c)
 * share - the progress they report after each step, and the state every
 * loop keeps: its device, its result, the flag that stops it and its
 * count of steps.
 */
#ifndef HB_LOOP_H
#define HB_LOOP_H

#include <signal.h>
#include <stddef.h>
#include <stdint.h>

#include "kernel/device.h"
#include "results/result.h"

struct hb_progress {
	size_t step;		/* iterations of one size done, 1-based */
	size_t steps;		/* total of those */
	uint64_t size;
	unsigned int iter;
	enum hb_kind kind;
	uint64_t elapsed_ns;
	const struct hb_sample *samples;	/* this step's, or NULL */
	size_t nr_samples;
};

typedef void (*hb_progress_fn)(const struct hb_progress *p, void *arg);

/* A loop's state, inside each loop's own. */
struct hb_loop {
	struct hb_dev *dev;
	struct hb_result *r;
	volatile sig_atomic_t *stop;
	hb_progress_fn fn;
	void *arg;
	uint64_t start_ns;	/* when the loop started */
	size_t step;		/* steps reported so far */
	size_t steps;		/* of how many */
};

#endif /* HB_LOOP_H */
