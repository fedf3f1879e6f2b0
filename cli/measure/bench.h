/* SPDX-License-Identifier: GPL-2.0 */
/*
 * hmmbench: the measurement loop.  It maps and unmaps chunks through the
 * device client, keeps every raw sample in a struct hb_result and never
 * prints; progress goes to a callback.
 */
#ifndef HB_BENCH_H
#define HB_BENCH_H

#include <signal.h>

#include "kernel/device.h"
#include "measure/loop.h"
#include "measure/verify.h"
#include "results/result.h"

#define HB_MAX_CHUNKS	4096	/* chunks mapped at once */

/*
 * Runs r->cfg on @dev: per size, one cold iteration, cfg.warmup more and
 * cfg.iters warm ones, each mapping cfg.chunks chunks and then unmapping
 * them.  With cfg.interleave the sizes take turns inside each iteration.
 * Checks *@stop after every ioctl; when set it unmaps what is mapped and
 * returns HB_STOPPED.  On a failed ioctl it unmaps too, writes the
 * sentence to r->error and returns the negative errno.  Then, once per
 * size, it times the kernel's stores of that size's struct pages into
 * r->meta.roof (ROOFLINE; left unmeasured by a module without it).  With
 * cfg.verify, after all that succeeded, it reads back one more chunk of
 * each size into r->memmap (verify.h), untimed and not a sample.  Either
 * way r->complete, r->stop_reason, r->end and r->wall_ns are set.
 *
 * For one size (run), cfg.until_ci and cfg.max_time_ns end the loop
 * early, between steps: once the 95 % interval of the mean of the warm
 * memremap times is narrower than +-cfg.until_ci % of it (from 2 warm
 * samples), or once cfg.max_time_ns have gone by since it started.
 * Then cfg.iters becomes the warm iterations run, and r->end says which.
 */
int hb_bench_run(struct hb_dev *dev, struct hb_result *r,
		 volatile sig_atomic_t *stop, hb_progress_fn fn, void *arg);

#endif /* HB_BENCH_H */
