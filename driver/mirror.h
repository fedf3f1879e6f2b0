/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A device's mirror of the caller's memory: hmm_range_fault() in batches
 * under an mmu_interval_notifier that lives for one MIRROR call.
 */
#ifndef _HB_MIRROR_H
#define _HB_MIRROR_H

#include <linux/hmmbench.h>
#include <linux/math.h>
#include <linux/minmax.h>
#include <linux/mm.h>

/* test_hmm's batch, dmirror_fault()'s pfns[] in 6.1: a batch of 0 */
#define HB_MIRROR_BATCH	64

/* Pages per hmm_range_fault() call of @m, a range of whole pages. */
static inline u64 hb_mirror_batch_pages(const struct hmmbench_mirror *m)
{
	return min_t(u64, m->batch ?: HB_MIRROR_BATCH,
		     m->length >> PAGE_SHIFT);
}

/* The batches of @m: what its times need room for. */
static inline u64 hb_mirror_batches(const struct hmmbench_mirror *m)
{
	return DIV_ROUND_UP_ULL(m->length >> PAGE_SHIFT,
				hb_mirror_batch_pages(m));
}

int hb_mirror(struct hmmbench_mirror *m, void *owner);

#endif /* _HB_MIRROR_H */
