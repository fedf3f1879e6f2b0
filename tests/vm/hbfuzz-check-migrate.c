// SPDX-License-Identifier: GPL-2.0
/*
 * What comes back from hbfuzz's MIGRATE and FAULT_READ calls, and the
 * buffer's pages coming home: counts that add up, a pagemap that agrees,
 * fault records that name the buffer, data that survived every way home
 * (MIGRATE, a touch, UNMAP, close).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <sys/ioctl.h>

#include <linux/hmmbench.h>

#include "hbfuzz.h"

/*
 * Settles the handle of a MIGRATE, FAULT_READ or MIRROR: a claim may have been
 * hidden by a poke, a poke ends, a guess may have found a chunk a MAP
 * made meanwhile (map_record() made it maybe live).
 */
void settle_handle(const struct thread *t, struct call *c, uint32_t h)
{
	struct hb_fd *hf = c->hf;

	pthread_mutex_lock(&hf->lock);
	switch (c->mode) {
	case H_CLAIM:
		if (claim_poked(hf, c, h)) {
			c->poked = true;
			if (c->found)
				c->expect |= OB(OC_ENOENT);
		}
		break;
	case H_POKE:
		hf->poke[t->id] = 0;
		hf->guess[t->id] = 0;
		atomic_fetch_add(&stats->pokes, 1);
		if (c->found && c->err == ENOENT)
			atomic_fetch_add(&stats->pokes_hidden, 1);
		break;
	default:
		if (!h)
			break;
		hf->guess[t->id] = 0;
		if (c->may_find && (hf->inflight || hf->gen != c->gen))
			c->expect |= c->found;
		break;
	}
	pthread_mutex_unlock(&hf->lock);
}

/*
 * A claimed chunk goes back: MIGRATE, FAULT_READ and MIRROR never destroy
 * it.
 */
void release_handle(struct call *c, uint32_t h)
{
	struct hb_fd *hf = c->hf;

	if (c->mode != H_CLAIM)
		return;
	pthread_mutex_lock(&hf->lock);
	hset_del(&hf->busy, h);
	claim_return(hf, h);
	pthread_mutex_unlock(&hf->lock);
}

/*
 * A page that came home: present, with its pattern.  Returns false after
 * reporting it.
 */
bool check_page_home(const struct thread *t, const struct call *c,
		     uint64_t pg, uint64_t pme, const char *how)
{
	long w;

	if (!(pme & PM_PRESENT)) {
		violation(t, c, "buffer page %llu not home %s: pagemap %#llx",
			  (unsigned long long)pg, how,
			  (unsigned long long)pme);
		return false;
	}
	w = page_bad_word(t, pg);
	if (w < 0)
		return true;
	violation(t, c, "buffer page %llu came home %s with word %ld %#llx, expected %#llx",
		  (unsigned long long)pg, how, w,
		  (unsigned long long)buf_word(t, pg, w),
		  (unsigned long long)pattern(t, pg * WORDS + w));
	return false;
}

/*
 * A MIGRATE that succeeded: its counts add up (requested = collected +
 * skip_uncollected, collected = migrated + skip_nomem + skip_busy), its
 * phases fit in its total, and over the buffer, the pagemap before and
 * after agrees with migrated; the pages that came home kept their data.
 */
static void check_migrate_out(struct thread *t, const struct call *c,
			      const struct hmmbench_migrate *m)
{
	const struct hmmbench_migrate *in = &c->img.mig;
	bool thp = in->flags & HMMBENCH_MIGRATE_THP;
	uint64_t n = in->length / PAGE, b = in->batch ? in->batch : PMD_PAGES;
	uint64_t phases = m->setup_ns + m->alloc_ns + m->copy_ns +
			  m->pages_ns + m->finalize_ns;
	uint64_t first, before, after, i;

	if (m->requested != n ||
	    m->collected + m->skip_uncollected != m->requested ||
	    m->collected != m->migrated + m->skip_nomem + m->skip_busy ||
	    m->migrated > m->collected || m->thp * PMD_PAGES > m->migrated ||
	    (!thp && (m->thp || m->split)))
		violation(t, c, "counts: requested %llu collected %llu migrated %llu thp %llu split %llu skip_uncollected %llu skip_nomem %llu skip_busy %llu",
			  (unsigned long long)m->requested,
			  (unsigned long long)m->collected,
			  (unsigned long long)m->migrated,
			  (unsigned long long)m->thp,
			  (unsigned long long)m->split,
			  (unsigned long long)m->skip_uncollected,
			  (unsigned long long)m->skip_nomem,
			  (unsigned long long)m->skip_busy);
	/* the buffer is one mapping: a call per batch */
	if (c->akind == AK_BUF && m->calls != (n + b - 1) / b)
		violation(t, c, "%u migrate_vma_setup() calls for %llu pages in batches of %llu",
			  m->calls, (unsigned long long)n,
			  (unsigned long long)b);
	if (phases > m->total_ns)
		violation(t, c, "phases %llu ns (setup %llu alloc %llu copy %llu pages %llu finalize %llu) exceed total %llu ns",
			  (unsigned long long)phases,
			  (unsigned long long)m->setup_ns,
			  (unsigned long long)m->alloc_ns,
			  (unsigned long long)m->copy_ns,
			  (unsigned long long)m->pages_ns,
			  (unsigned long long)m->finalize_ns,
			  (unsigned long long)m->total_ns);
	if (!c->snapped || !buf_pagemap(t, t->now))
		return;
	first = (in->addr - (uintptr_t)t->buf) / PAGE;
	before = count_lent(t->snap, first, n, &c->meta);
	after = count_lent(t->now, first, n, &c->meta);
	if (in->direction == HMMBENCH_MIGRATE_TO_DEVICE ?
	    after != before + m->migrated :
	    after + m->migrated != before || m->collected > before)
		violation(t, c, "%llu of the range's pages were lent to the chunk before, %llu after, %llu migrated, %llu collected",
			  (unsigned long long)before,
			  (unsigned long long)after,
			  (unsigned long long)m->migrated,
			  (unsigned long long)m->collected);
	if (in->direction != HMMBENCH_MIGRATE_TO_SYSTEM)
		return;
	for (i = first; i < first + n; i++) {
		if (!lent_to(t->snap[i], &c->meta) ||
		    lent_to(t->now[i], &c->meta))
			continue;
		if (!check_page_home(t, c, i, t->now[i], "by MIGRATE"))
			break;
		atomic_fetch_add(&stats->homed, 1);
	}
}

void migrate_finish(struct thread *t, struct call *c)
{
	uint32_t h = c->img.mig.handle;
	struct hmmbench_migrate m;

	settle_handle(t, c, h);
	judge(t, c);
	if (!c->err && read_back(t, c, &m)) {
		atomic_fetch_add(&stats->migrates, 1);
		atomic_fetch_add(&stats->moved, m.migrated);
		atomic_fetch_add(&stats->thp, m.thp);
		check_migrate_out(t, c, &m);
	}
	release_handle(c, h);
}

static bool in_buffers(uint64_t a)
{
	int i;

	for (i = 0; i < MAX_THREADS; i++)
		if (bufs[i] && a >= (uintptr_t)bufs[i] &&
		    a - (uintptr_t)bufs[i] < BUF_SIZE)
			return true;
	return false;
}

/* One record FAULT_READ wrote, @rec_size bytes at @p; false if bad. */
static bool check_record(const struct thread *t, const struct call *c,
			 const unsigned char *p, uint32_t rec_size, uint32_t i)
{
	bool thp = kinfo.features & HMMBENCH_FEAT_MIGRATE_THP;
	struct hmmbench_fault f;
	uint64_t phases;
	uint32_t j;

	memcpy(&f, p, sizeof(f));
	phases = f.setup_ns + f.alloc_ns + f.copy_ns + f.pages_ns +
		 f.finalize_ns;
	for (j = sizeof(f); j < rec_size && !p[j]; j++)
		;
	if (f.size == sizeof(f) && !f.__reserved && j == rec_size &&
	    (f.order == 0 || (thp && f.order == __builtin_ctz(PMD_PAGES))) &&
	    f.pages <= PMD_PAGES && (!f.order || f.pages == PMD_PAGES) &&
	    !(f.addr % PAGE) && in_buffers(f.addr) && phases <= f.total_ns &&
	    f.start_ns <= now_ns())
		return true;
	violation(t, c, "record %u: size %u order %u pages %u __reserved %u addr %#llx start %llu total %llu ns, phases %llu ns, byte %u of %u non-zero",
		  i, f.size, f.order, f.pages, f.__reserved,
		  (unsigned long long)f.addr, (unsigned long long)f.start_ns,
		  (unsigned long long)f.total_ns, (unsigned long long)phases,
		  j, rec_size);
	return false;
}

/*
 * A FAULT_READ that succeeded: no more records than asked, counters that
 * add up, sane records, and the slot after the last untouched.
 */
static void check_fault_read_out(const struct thread *t, const struct call *c,
				 const struct hmmbench_fault_read *r)
{
	const struct hmmbench_fault_read *in = &c->img.fread;
	const unsigned char *p = (const unsigned char *)(uintptr_t)in->records;
	uint64_t room = recs_room(t, in->records);
	uint32_t i, j;

	/* no capacity before the first MIGRATE makes the chunk a device */
	if (r->nr > in->nr || (!r->capacity && r->faults) ||
	    r->nr > r->capacity ||
	    r->dropped + r->nr > r->faults || r->rec_size != in->rec_size ||
	    r->records != in->records || r->handle != in->handle)
		violation(t, c, "returned nr %u capacity %u faults %llu dropped %llu (rec_size %u records %#llx handle %u)",
			  r->nr, r->capacity, (unsigned long long)r->faults,
			  (unsigned long long)r->dropped, r->rec_size,
			  (unsigned long long)r->records, r->handle);
	for (i = 0; i < r->nr && (uint64_t)(i + 1) * in->rec_size <= room; i++)
		if (!check_record(t, c, p + (uint64_t)i * in->rec_size,
				  in->rec_size, i))
			return;
	if (r->nr < c->marked && p[(uint64_t)r->nr * in->rec_size] != RECS_MARK)
		violation(t, c, "record %u written, %u returned", r->nr, r->nr);
	/*
	 * All the records taken, by the claim alone: the faults this thread
	 * made on the chunk's pages just before are among them (a PMD-sized
	 * fault moves the folio of the pages after it).
	 */
	if (!c->ntouched || c->poked || r->nr >= in->nr || r->dropped ||
	    (uint64_t)r->nr * in->rec_size > room)
		return;
	for (j = 0; j < c->ntouched; j++) {
		for (i = 0; i < r->nr; i++) {
			struct hmmbench_fault f;

			memcpy(&f, p + (uint64_t)i * in->rec_size, sizeof(f));
			/* BUF_SIZE is a PMD's */
			if (f.addr == c->touched[j] ||
			    (f.order &&
			     f.addr / BUF_SIZE == c->touched[j] / BUF_SIZE))
				break;
		}
		if (i == r->nr) {
			violation(t, c, "no record of the fault at %#llx, %u records taken",
				  (unsigned long long)c->touched[j], r->nr);
			return;
		}
	}
}

/*
 * FAULT_READ refused with EFAULT by a records array too small took no
 * record: read again, there must be one.  Nobody else reads the chunk
 * while the claim holds it, unless a poke did.
 */
static void fault_read_again(const struct thread *t, struct call *c)
{
	struct hmmbench_fault_read r = {
		.size = sizeof(r),
		.handle = c->img.fread.handle,
		.rec_size = FAULT_SIZE,
		.records = (uintptr_t)t->recs,
		.nr = HMMBENCH_FAULT_READ_MAX,
	};
	int err = ioctl(c->hf->fd, HMMBENCH_IOC_FAULT_READ, &r) ? errno : 0;
	bool poked;
	uint32_t i;

	atomic_fetch_add(&stats->calls, 1);
	pthread_mutex_lock(&c->hf->lock);
	poked = claim_poked(c->hf, c, r.handle);
	pthread_mutex_unlock(&c->hf->lock);
	if (poked)
		return;
	if (err) {
		violation(t, c, "FAULT_READ after EFAULT: %s", strerror(err));
		return;
	}
	if (!r.nr)
		violation(t, c, "FAULT_READ failed with EFAULT but took its records");
	atomic_fetch_add(&stats->records, r.nr);
	for (i = 0; i < r.nr; i++)
		if (!check_record(t, c,
				  (unsigned char *)t->recs + i * FAULT_SIZE,
				  FAULT_SIZE, i))
			break;
}

void fault_read_finish(struct thread *t, struct call *c)
{
	uint32_t h = c->img.fread.handle;
	struct hmmbench_fault_read r;

	settle_handle(t, c, h);
	judge(t, c);
	if (!c->err && read_back(t, c, &r)) {
		atomic_fetch_add(&stats->freads, 1);
		atomic_fetch_add(&stats->records, r.nr);
		check_fault_read_out(t, c, &r);
	}
	if (c->mode == H_CLAIM && c->err == EFAULT &&
	    (c->found & OB(OC_EFAULT)) && !c->poked)
		fault_read_again(t, c);
	release_handle(c, h);
}

/*
 * After chunks @ms were destroyed (UNMAP, close), which bring lent pages
 * home first: no page of the buffer is lent to them any more, and those
 * that were (t->snap) are home with their data.
 */
void check_home(struct thread *t, const struct call *c,
		const struct chunk_meta *ms, int n, const char *how)
{
	uint64_t i;
	int j;

	if (!buf_pagemap(t, t->now))
		return;
	for (i = 0; i < BUF_PAGES; i++) {
		for (j = 0; j < n; j++) {
			if (lent_to(t->now[i], &ms[j])) {
				violation(t, c, "buffer page %llu still lent to a chunk destroyed %s: pagemap %#llx",
					  (unsigned long long)i, how,
					  (unsigned long long)t->now[i]);
				return;
			}
			if (!lent_to(t->snap[i], &ms[j]))
				continue;
			if (!check_page_home(t, c, i, t->now[i], how))
				return;
			atomic_fetch_add(&stats->evicted, 1);
		}
	}
}

/*
 * Touches @n pages of the buffer from @first: a write first, maybe,
 * then a read of every word.  Lent pages come home on the fault
 * (migrate_to_ram) with their data.
 */
void touch_pages(struct thread *t, uint64_t first, uint64_t n)
{
	bool snap = buf_pagemap(t, t->snap), write = chance(t, 300);
	uint64_t i;
	long w;

	atomic_fetch_add(&stats->touches, 1);
	for (i = first; i < first + n; i++) {
		if (write)
			*(uint64_t *)(t->buf + i * PAGE) = pattern(t, i * WORDS);
		w = page_bad_word(t, i);
		if (w < 0)
			continue;
		violation(t, NULL, "buffer page %llu word %ld is %#llx after a touch, expected %#llx (pagemap before %#llx)",
			  (unsigned long long)i, w,
			  (unsigned long long)buf_word(t, i, w),
			  (unsigned long long)pattern(t, i * WORDS + w),
			  (unsigned long long)(snap ? t->snap[i] : 0));
		return;
	}
	if (!snap || !buf_pagemap(t, t->now))
		return;
	for (i = first; i < first + n; i++) {
		if ((t->snap[i] & (PM_SWAP | PM_PRESENT)) == PM_SWAP)
			atomic_fetch_add(&stats->faulted, 1);
		if (!(t->now[i] & PM_PRESENT)) {
			violation(t, NULL, "buffer page %llu not home after a touch: pagemap %#llx",
				  (unsigned long long)i,
				  (unsigned long long)t->now[i]);
			return;
		}
	}
}
