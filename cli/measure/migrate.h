/* SPDX-License-Identifier: GPL-2.0 */
/*
 * hmmbench: the loop of hmmbench migrate.  It maps one chunk whose pages
 * are the device memory; then each iteration fills a buffer of this
 * process, migrates it to the chunk and back, timing each MIGRATE, lends
 * it once more and touches every page, matching the module's fault
 * records to the touches, and checks after each round trip that the
 * buffer still holds what was written.  It never prints: progress goes
 * to a callback, errors into a sentence.
 */
#ifndef HB_MIGRATE_H
#define HB_MIGRATE_H

#include <signal.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "kernel/device.h"
#include "measure/loop.h"
#include "measure/verify.h"
#include "results/migration.h"

/* Touches between two FAULT_READs, at most. */
#define HB_MIG_WINDOW	2048

/* The touches since the last FAULT_READ, and which a record matched. */
struct hb_mig_window {
	uint64_t base;		/* the buffer's address */
	uint64_t first;		/* the window's first touch, counted from 0 */
	size_t n;		/* touches in it */
	uint64_t touch_ns[HB_MIG_WINDOW];	/* the clock before each */
	uint64_t user_ns[HB_MIG_WINDOW];	/* and how long it took */
	bool matched[HB_MIG_WINDOW];
};

/*
 * Counts @recs in t->records and makes each that names a touch of @w
 * that no record matched yet - its address that of the page touched - a
 * fault sample of iteration t->iter in @r, with the touch's times,
 * counted in t->samples.  A record of no touch of @w (another page, one
 * touched twice) is no sample.  0, or -ENOMEM.
 */
int hb_mig_match(struct hb_result *r, struct hb_mig_touches *t,
		 struct hb_mig_window *w, const struct hmmbench_fault *recs,
		 size_t nr);

/* The word written at byte @offset of the buffer in iteration @iter. */
uint64_t hb_mig_pattern(unsigned int iter, uint64_t offset);

/*
 * Runs r->cfg on @dev: maps a chunk of cfg.chunk_size, then one first
 * and cfg.iters warm iterations, each on a new buffer of cfg.size (see
 * above), and unmaps the chunk, also on an error or when *@stop was set
 * (checked between calls and between windows of touches).  Returns 0,
 * HB_STOPPED (verify.h), or a negative errno with the sentence in r->error; sets
 * r->complete, r->stop_reason and r->wall_ns either way.
 */
int hb_migrate_run(struct hb_dev *dev, struct hb_result *r,
		   volatile sig_atomic_t *stop, hb_progress_fn fn, void *arg);

#endif /* HB_MIGRATE_H */
