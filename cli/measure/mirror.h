/* SPDX-License-Identifier: GPL-2.0 */
/*
 * hmmbench: the loop of hmmbench mirror.  Each iteration builds a buffer
 * of this process in the state asked for, mirrors the whole of it with
 * one MIRROR - hmm_range_fault() in batches under an interval notifier,
 * as a device's driver does - and keeps the module's reply as a sample,
 * while a second thread invalidates parts of it when asked.  It never
 * prints: progress goes to a callback, errors into a sentence.
 */
#ifndef HB_MIRROR_H
#define HB_MIRROR_H

#include <signal.h>
#include <stdint.h>

#include "kernel/device.h"
#include "measure/loop.h"
#include "results/result.h"

/* The states --state builds, and their names. */
enum hb_mir_state {
	HB_MIR_4K,	/* written, with base pages */
	HB_MIR_THP,	/* written, with THPs where the kernel gives them */
	HB_MIR_NONE,	/* mapped, never touched */
	HB_MIR_ZERO,	/* read, never written: the shared zero page */
	HB_MIR_LENT,	/* written, then lent to the module's chunk */
	HB_MIR_NR_STATES,
};

extern const char *const hb_mir_state_names[HB_MIR_NR_STATES];

/* --fault's: HMMBENCH_MIRROR_* flags by name, "none", "read", "write". */
extern const char *const hb_mir_fault_names[3];

/* The state named @name, or HB_MIR_NR_STATES. */
enum hb_mir_state hb_mir_state_named(const char *name);

/* The MIRROR flags of --fault @name; -1 for an unknown name. */
int hb_mir_fault_flags(const char *name);

/*
 * Runs r->cfg on @dev: with --state lent, maps a chunk of cfg.chunk_size
 * first; then one first and cfg.iters warm iterations, each on a new
 * buffer of cfg.sizes[0] built as cfg.mirror_state says, mirrored once
 * as cfg.mirror_fault asks in batches of cfg.batch, with a thread
 * invalidating cfg.invalidate times a second meanwhile; unmaps the
 * chunk at the end, also on an error or when *@stop was set (checked
 * between iterations).  Returns 0, HB_STOPPED (verify.h), or a negative
 * errno with the sentence in r->error; sets r->complete, r->stop_reason,
 * r->end and r->wall_ns either way.
 */
int hb_mirror_run(struct hb_dev *dev, struct hb_result *r,
		  volatile sig_atomic_t *stop, hb_progress_fn fn, void *arg);

#endif /* HB_MIRROR_H */
