/* SPDX-License-Identifier: GPL-2.0 */
/*
 * hmmbench: the rebind loop.  It unbinds and binds a pmem namespace's
 * driver while the module's watch window times the memremap_pages() and
 * memunmap_pages() calls those make, keeps one sample per rebind in a
 * struct hb_result and never prints; progress goes to a callback.
 */
#ifndef HB_REBIND_H
#define HB_REBIND_H

#include <signal.h>

#include "kernel/device.h"
#include "kernel/nd.h"
#include "measure/loop.h"
#include "results/result.h"

/* What the loop works on. */
struct hb_rebind {
	const char *root;	/* prefix of /sys and /proc: "" */
	struct hb_nd_ns ns;	/* found again after a reconfiguration */
	/* `ndctl create-namespace` to run first, or NULL */
	char *const *ndctl_argv;
	/* (out) calls on other pgmaps while it ran, not counted */
	uint64_t foreign;
	/*
	 * Tests only: ms to stay unbound in each rebind, so that a test's
	 * signal surely lands there (HMMBENCH_TEST_UNBOUND_MS).
	 */
	unsigned int unbound_ms;
};

/*
 * Fills r->cfg's namespace fields (workload, map, align, driver,
 * device, size) from @ns.
 */
void hb_rebind_config(struct hb_config *cfg, const struct hb_nd_ns *ns);

/*
 * With a window open on @dev: when rb->ndctl_argv is set, runs it and
 * keeps the bind it makes as the first sample; then r->cfg.iters times
 * unbinds and binds rb->ns's device (the first of these is the first
 * sample when there was no ndctl).  A sample holds the user-visible
 * unbind and bind times and the module's times of the calls in the
 * namespace's physical range.  *@stop is checked between rebinds, and
 * SIGINT and SIGTERM are held off between an unbind and its bind, so
 * that the device is always left bound.  Returns 0, HB_STOPPED, or a
 * negative errno with the sentence in r->error; r->complete,
 * r->stop_reason, r->end and r->wall_ns are set either way.
 */
int hb_rebind_run(struct hb_dev *dev, struct hb_rebind *rb,
		  struct hb_result *r, volatile sig_atomic_t *stop,
		  hb_progress_fn fn, void *arg);

#endif /* HB_REBIND_H */
