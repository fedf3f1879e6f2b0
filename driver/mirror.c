// SPDX-License-Identifier: GPL-2.0
/*
 * A device mirroring the caller's memory, in the manner of lib/test_hmm.c's
 * dmirror: hmm_range_fault() over the range in batches, under an
 * mmu_interval_notifier, retried when an invalidation races it, then the
 * device's page-table update (a store per page into a table of the
 * module's) under the device's lock.  Each phase, the retries and the
 * invalidations are timed; the pages found are counted by state.
 */
#include <linux/hmm.h>
#include <linux/jiffies.h>
#include <linux/ktime.h>
#include <linux/memremap.h>
#include <linux/mm.h>
#include <linux/mmap_lock.h>
#include <linux/mmu_notifier.h>
#include <linux/moduleparam.h>
#include <linux/mutex.h>
#include <linux/pgtable.h>
#include <linux/sched/signal.h>
#include <linux/slab.h>
#include <linux/uaccess.h>

#include "budget.h"
#include "compat.h"
#include "mirror.h"

#if HB_FEAT_MIRROR

/*
 * One MIRROR call's device: its notifier over the range and its page
 * table, a u64 per page of the range (the pfn and flags found); with
 * HMMBENCH_MIRROR_TIMES, each batch's time.
 */
struct hb_mirror {
	struct mmu_interval_notifier notifier;
	unsigned long start;
	unsigned long end;
	struct mutex lock;	/* the device's table: guards table and the
				 * invalidation counts
				 */
	u64 *table;
	u64 invalidations;
	u64 invalidate_ns;
	u64 *times;
};

/*
 * Test only, to make an invalidation race a batch: while
 * mirror_test_delay_ms is set, each attempt sleeps that long, with the
 * mmap lock dropped, in turns: after mmu_interval_read_begin() (an
 * invalidation then makes hmm_range_fault() return -EBUSY) on the first
 * attempt and every other one after it, after hmm_range_fault() (then
 * mmu_interval_read_retry() says retry) on the others.
 */
static unsigned int hb_mirror_test_delay_ms;
module_param_named(mirror_test_delay_ms, hb_mirror_test_delay_ms, uint, 0600);
MODULE_PARM_DESC(mirror_test_delay_ms,
		 "Test only: sleep before hmm_range_fault() and before the retry check (default 0)");

/*
 * The CPU's page tables changed in part of the range: the device forgets
 * those pages (as dmirror_do_update() does) and bumps the sequence, so a
 * batch in flight is retried.  Without blocking (the OOM reaper) the lock
 * may only be tried.
 */
static bool hb_mirror_invalidate(struct mmu_interval_notifier *mni,
				 const struct mmu_notifier_range *range,
				 unsigned long cur_seq)
{
	struct hb_mirror *mir = container_of(mni, struct hb_mirror, notifier);
	unsigned long start = max(range->start, mir->start);
	unsigned long end = min(range->end, mir->end);
	u64 t0 = ktime_get_ns();

	if (mmu_notifier_range_blockable(range))
		mutex_lock(&mir->lock);
	else if (!mutex_trylock(&mir->lock))
		return false;
	mmu_interval_set_seq(mni, cur_seq);
	if (start < end)
		memset(mir->table + ((start - mir->start) >> PAGE_SHIFT), 0,
		       ((end - start) >> PAGE_SHIFT) * sizeof(*mir->table));
	mir->invalidations++;
	mir->invalidate_ns += ktime_get_ns() - t0;
	mutex_unlock(&mir->lock);
	return true;
}

static const struct mmu_interval_notifier_ops hb_mirror_ops = {
	.invalidate = hb_mirror_invalidate,
};

static void hb_mirror_test_delay(const struct hmmbench_mirror *m, bool early)
{
	unsigned int ms = READ_ONCE(hb_mirror_test_delay_ms);

	if (ms && early == !((m->retry_busy + m->retry_seq) & 1))
		schedule_timeout_killable(msecs_to_jiffies(ms));
}

/*
 * One attempt at the batch @range: hmm_range_fault() under the mmap lock
 * (timed into *@fault_ns), then, with the device lock taken, whether its
 * pfns are still current.  0 with the device lock held; -EAGAIN to retry;
 * else what hmm_range_fault() returned.
 */
static int hb_mirror_attempt(struct hb_mirror *mir, struct hmm_range *range,
			     struct hmmbench_mirror *m, u64 *fault_ns)
{
	struct mm_struct *mm = mir->notifier.mm;
	unsigned long n = (range->end - range->start) >> PAGE_SHIFT;
	u64 t0;
	int ret;

	/* 7.x carries some input flags to the output: start clean */
	memset(range->hmm_pfns, 0, n * sizeof(*range->hmm_pfns));
	range->notifier_seq = mmu_interval_read_begin(&mir->notifier);
	hb_mirror_test_delay(m, true);
	mmap_read_lock(mm);
	t0 = ktime_get_ns();
	ret = hmm_range_fault(range);
	*fault_ns = ktime_get_ns() - t0;
	mmap_read_unlock(mm);
	if (ret == -EBUSY) {
		m->retry_busy++;
		return -EAGAIN;
	}
	if (ret)
		return ret;
	hb_mirror_test_delay(m, false);
	mutex_lock(&mir->lock);
	if (mmu_interval_read_retry(&mir->notifier, range->notifier_seq)) {
		mutex_unlock(&mir->lock);
		m->retry_seq++;
		return -EAGAIN;
	}
	return 0;
}

/* The device's update: the batch's pfns into its table; lock held */
static void hb_mirror_update(struct hb_mirror *mir,
			     const struct hmm_range *range)
{
	unsigned long i, n = (range->end - range->start) >> PAGE_SHIFT;
	u64 *to = mir->table + ((range->start - mir->start) >> PAGE_SHIFT);

	for (i = 0; i < n; i++)
		to[i] = range->hmm_pfns[i];
}

/*
 * The batch @range, retried until its pfns are current and stored, for
 * at most HMM_RANGE_DEFAULT_TIMEOUT (then -EBUSY, as test_hmm gives up)
 * or until a fatal signal (-EINTR); timed into @m.
 */
static int hb_mirror_batch(struct hb_mirror *mir, struct hmm_range *range,
			   struct hmmbench_mirror *m)
{
	unsigned long timeout = jiffies +
				msecs_to_jiffies(HMM_RANGE_DEFAULT_TIMEOUT);
	u64 tb = ktime_get_ns(), t0, t1, fault_ns;
	int ret;

	for (;;) {
		if (fatal_signal_pending(current))
			return -EINTR;
		if (time_after(jiffies, timeout))
			return -EBUSY;
		t0 = ktime_get_ns();
		ret = hb_mirror_attempt(mir, range, m, &fault_ns);
		if (ret != -EAGAIN)
			break;
		m->retry_ns += ktime_get_ns() - t0;
	}
	if (ret)
		return ret;
	t0 = ktime_get_ns();
	hb_mirror_update(mir, range);
	t1 = ktime_get_ns();
	mutex_unlock(&mir->lock);
	m->fault_ns += fault_ns;
	m->update_ns += t1 - t0;
	t1 = ktime_get_ns() - tb;
	if (mir->times)
		mir->times[m->calls] = t1;
	m->total_ns += t1;
	m->call_min_ns = m->calls ? min(m->call_min_ns, t1) : t1;
	m->call_max_ns = max(m->call_max_ns, t1);
	m->calls++;
	return 0;
}

/*
 * What the batch found, by state.  Outside the device lock: only the pfn
 * is read, and the pages it names stay (RAM, the zero page, or a chunk
 * the call has borrowed).
 */
static void hb_mirror_count(const struct hmm_range *range, void *owner,
			    struct hmmbench_mirror *m)
{
	unsigned long i, n = (range->end - range->start) >> PAGE_SHIFT;

	for (i = 0; i < n; i++) {
		unsigned long p = range->hmm_pfns[i];
		unsigned long pfn = p & ~HMM_PFN_FLAGS;

		if (p & HMM_PFN_ERROR)
			m->error++;
		if (!(p & HMM_PFN_VALID))
			continue;
		m->valid++;
		if (p & HMM_PFN_WRITE)
			m->writable++;
		if (hmm_pfn_to_map_order(p) >= PMD_SHIFT - PAGE_SHIFT)
			m->pmd++;
		if (is_zero_pfn(pfn))
			m->zero++;
		else if (owner && is_device_private_page(pfn_to_page(pfn)))
			m->device_private++;
	}
}

/* The batches over the range, with the notifier in place */
static int hb_mirror_range(struct hb_mirror *mir, struct hmm_range *range,
			   unsigned long batch, struct hmmbench_mirror *m)
{
	unsigned long addr;
	int ret;

	for (addr = mir->start; addr < mir->end; addr = range->end) {
		range->start = addr;
		range->end = min(mir->end, addr + batch * PAGE_SIZE);
		ret = hb_mirror_batch(mir, range, m);
		if (ret)
			return ret;
		hb_mirror_count(range, range->dev_private_owner, m);
	}
	return 0;
}

static void hb_mirror_free(struct hb_mirror *mir)
{
	mutex_destroy(&mir->lock);
	kvfree(mir->times);
	kvfree(mir->table);
	kfree(mir);
}

/* The device of @m, its table (and times) within the module's budget */
static struct hb_mirror *hb_mirror_alloc(const struct hmmbench_mirror *m)
{
	gfp_t gfp = GFP_KERNEL_ACCOUNT | __GFP_NOWARN | __GFP_RETRY_MAYFAIL;
	u64 n = m->length >> PAGE_SHIFT, nt = 0;
	struct hb_mirror *mir;

	if (m->flags & HMMBENCH_MIRROR_TIMES)
		nt = hb_mirror_batches(m);
	if ((n + nt) * sizeof(u64) > hb_budget_bytes())
		return NULL;
	mir = kzalloc(sizeof(*mir), GFP_KERNEL);
	if (!mir)
		return NULL;
	mutex_init(&mir->lock);
	mir->table = kvcalloc(n, sizeof(*mir->table), gfp);
	if (nt)
		mir->times = kvcalloc(nt, sizeof(*mir->times), gfp);
	if (!mir->table || (nt && !mir->times)) {
		hb_mirror_free(mir);
		return NULL;
	}
	mir->start = m->addr;
	mir->end = m->addr + m->length;
	return mir;
}

/*
 * Mirrors the caller's range as @m asks, with @owner (a chunk's, or
 * NULL) as the device's: its device-private pages are found, not
 * faulted.  The notifier is inserted here and removed before the call
 * returns, which waits for a callback in progress: nothing outlives the
 * call, so close, UNMAP, exit, SIGKILL and rmmod never meet one.
 */
int hb_mirror(struct hmmbench_mirror *m, void *owner)
{
	unsigned long batch = hb_mirror_batch_pages(m);
	struct hmm_range range = {
		.default_flags = (m->flags & HMMBENCH_MIRROR_FAULT ?
				  HMM_PFN_REQ_FAULT : 0) |
				 (m->flags & HMMBENCH_MIRROR_WRITE ?
				  HMM_PFN_REQ_WRITE : 0),
		.dev_private_owner = owner,
	};
	struct hb_mirror *mir;
	int ret;

	if (!current->mm)
		return -EINVAL;
	mir = hb_mirror_alloc(m);
	if (!mir)
		return -ENOMEM;
	range.hmm_pfns = kvcalloc(batch, sizeof(*range.hmm_pfns), GFP_KERNEL);
	ret = -ENOMEM;
	if (!range.hmm_pfns)
		goto err_free_mirror;
	range.notifier = &mir->notifier;
	ret = mmu_interval_notifier_insert(&mir->notifier, current->mm,
					   m->addr, m->length, &hb_mirror_ops);
	if (ret)
		goto err_free_pfns;

	m->pages = m->length >> PAGE_SHIFT;
	ret = hb_mirror_range(mir, &range, batch, m);
	mmu_interval_notifier_remove(&mir->notifier);
	m->invalidations = mir->invalidations;
	m->invalidate_ns = mir->invalidate_ns;
	if (!ret && mir->times &&
	    copy_to_user(u64_to_user_ptr(m->times), mir->times,
			 m->calls * sizeof(*mir->times)))
		ret = -EFAULT;

err_free_pfns:
	kvfree(range.hmm_pfns);
err_free_mirror:
	hb_mirror_free(mir);
	return ret;
}

#else /* !HB_FEAT_MIRROR */

int hb_mirror(struct hmmbench_mirror *m, void *owner)
{
	return -EOPNOTSUPP;
}

#endif /* HB_FEAT_MIRROR */
