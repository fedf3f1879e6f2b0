/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A device's mirror of the caller's memory: hmm_range_fault() in batches
 * under an mmu_interval_notifier that lives for one MIRROR call.
 */
#ifndef _HB_MIRROR_H
#define _HB_MIRROR_H

#include <linux/hmmbench.h>

int hb_mirror(struct hmmbench_mirror *m, void *owner);

#endif /* _HB_MIRROR_H */
