// SPDX-License-Identifier: GPL-2.0
/*
 * What comes back from hbfuzz's MIRROR calls: counts that nest and add
 * up to the range, batches as asked, phases inside the total, retries
 * timed only when counted, each batch's time (when asked for) between
 * the fastest and the slowest and all of them the total, what a range in
 * no mapping finds, and over the buffer, every page valid after a fault,
 * with its data.
 */
#define _GNU_SOURCE
#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include <linux/hmmbench.h>

#include "hbfuzz.h"

#define ULL(x) ((unsigned long long)(x))

/* What holds for every MIRROR that succeeded, whatever it found */
static void check_mirror_shape(const struct thread *t, const struct call *c,
			       const struct hmmbench_mirror *m)
{
	const struct hmmbench_mirror *in = &c->img.mir;
	uint64_t n = in->length / PAGE, b = in->batch ? in->batch : 64;

	if (m->pages != n || m->calls != (n + b - 1) / b)
		violation(t, c, "%llu pages in %llu calls, expected %llu in batches of %llu",
			  ULL(m->pages), ULL(m->calls), ULL(n), ULL(b));
	if (m->valid + m->error > n || m->writable > m->valid ||
	    m->pmd > m->valid || m->zero + m->device_private > m->valid ||
	    (!in->handle && m->device_private))
		violation(t, c, "counts: valid %llu error %llu writable %llu pmd %llu zero %llu device_private %llu of %llu",
			  ULL(m->valid), ULL(m->error), ULL(m->writable),
			  ULL(m->pmd), ULL(m->zero), ULL(m->device_private),
			  ULL(n));
	if (m->fault_ns + m->update_ns + m->retry_ns > m->total_ns ||
	    m->call_min_ns > m->call_max_ns ||
	    m->call_max_ns > m->total_ns ||
	    (!(m->retry_busy + m->retry_seq) && m->retry_ns) ||
	    (!m->invalidations && m->invalidate_ns))
		violation(t, c, "times: total %llu fault %llu update %llu retry %llu (%llu busy, %llu seq) calls %llu..%llu invalidations %llu (%llu ns)",
			  ULL(m->total_ns), ULL(m->fault_ns),
			  ULL(m->update_ns), ULL(m->retry_ns),
			  ULL(m->retry_busy), ULL(m->retry_seq),
			  ULL(m->call_min_ns), ULL(m->call_max_ns),
			  ULL(m->invalidations), ULL(m->invalidate_ns));
}

/* The times of the batches, in the records array: as the reply says. */
static void check_mirror_times(const struct thread *t, const struct call *c,
			       const struct hmmbench_mirror *m)
{
	const struct hmmbench_mirror *in = &c->img.mir;
	const uint64_t *times = (const uint64_t *)(uintptr_t)in->times;
	uint64_t i, sum = 0;

	if (!(in->flags & HMMBENCH_MIRROR_TIMES) ||
	    recs_room(t, in->times) < 8 * m->calls)
		return;
	for (i = 0; i < m->calls; i++) {
		if (times[i] < m->call_min_ns || times[i] > m->call_max_ns) {
			violation(t, c, "batch %llu took %llu ns, outside %llu..%llu",
				  ULL(i), ULL(times[i]), ULL(m->call_min_ns),
				  ULL(m->call_max_ns));
			return;
		}
		sum += times[i];
	}
	if (sum != m->total_ns)
		violation(t, c, "the %llu batches add up to %llu ns, the total is %llu",
			  ULL(m->calls), ULL(sum), ULL(m->total_ns));
}

/* Pages of [@first, @first + @n) that pagemap @pme shows lent (swapped). */
static uint64_t swapped(const uint64_t *pme, uint64_t first, uint64_t n)
{
	uint64_t i, k = 0;

	for (i = first; i < first + n; i++)
		k += (pme[i] & (PM_SWAP | PM_PRESENT)) == PM_SWAP;
	return k;
}

/*
 * Over the buffer (one mapping, every page written): no error, but in a
 * snapshot for pages lent (a PMD-sized folio lent to another device than
 * the call's is an error to hmm_vma_handle_absent_pmd() of 7.x), at most
 * those lent before the call, as pages only come home meanwhile; after a
 * fault every page valid and, for a write, writable but for the call's
 * own device-private pages, which hmm_vma_handle_pte() returns as their
 * entry is (a page lent while its PTE was read-only, as after the fork of
 * run_nocap(), stays read-only); without a device, lent pages came home
 * for it, with their data.  Below mmap_min_addr nothing
 * is mapped: every page an error.
 */
static void check_mirror_found(const struct thread *t, const struct call *c,
			       const struct hmmbench_mirror *m)
{
	const struct hmmbench_mirror *in = &c->img.mir;
	uint64_t n = in->length / PAGE, first, i, lent;
	bool fault = in->flags & HMMBENCH_MIRROR_FAULT;
	bool write = in->flags & HMMBENCH_MIRROR_WRITE;

	if (c->akind == AK_LOW && (m->valid || m->error != n))
		violation(t, c, "below mmap_min_addr: valid %llu error %llu of %llu",
			  ULL(m->valid), ULL(m->error), ULL(n));
	if (c->akind != AK_BUF)
		return;
	first = (in->addr - (uintptr_t)t->buf) / PAGE;
	lent = fault ? 0 : c->snapped ? swapped(t->snap, first, n) : n;
	if (m->error > lent || (fault && m->valid != n) ||
	    (write && m->writable + m->device_private < n))
		violation(t, c, "the buffer: valid %llu writable %llu device-private %llu error %llu of %llu, %llu lent before (%s)",
			  ULL(m->valid), ULL(m->writable),
			  ULL(m->device_private), ULL(m->error),
			  ULL(n), ULL(lent), write ? "write fault" :
			  fault ? "read fault" : "snapshot");
	if (!fault || in->handle)
		return;
	for (i = first; i < first + n; i++)
		if (page_bad_word(t, i) >= 0) {
			violation(t, c, "buffer page %llu lost its data to a faulting MIRROR",
				  ULL(i));
			return;
		}
}

void mirror_finish(struct thread *t, struct call *c)
{
	uint32_t h = c->img.mir.handle;
	struct hmmbench_mirror m;

	settle_handle(t, c, h);
	judge(t, c);
	if (!c->err && read_back(t, c, &m)) {
		atomic_fetch_add(&stats->mirrors, 1);
		atomic_fetch_add(&stats->mirrored, m.pages);
		atomic_fetch_add(&stats->mirror_devpriv, m.device_private);
		if (m.retry_busy + m.retry_seq)
			atomic_fetch_add(&stats->mirror_retries, 1);
		check_mirror_shape(t, c, &m);
		check_mirror_times(t, c, &m);
		check_mirror_found(t, c, &m);
	}
	release_handle(c, h);
}
