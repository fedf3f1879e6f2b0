// SPDX-License-Identifier: GPL-2.0
/*
 * An emulated device on a chunk, in the manner of lib/test_hmm.c's
 * dmirror: the chunk's device-private pages are handed out from a bitmap
 * (base pages, and PMD-aligned runs as device THP where the kernel has
 * them), each backed by a page of RAM that holds its data, so the
 * device's copy is a CPU copy, timed as its own phase.  Pages move with
 * migrate_vma_setup(), migrate_vma_pages() and migrate_vma_finalize(),
 * both ways, and come home on a CPU fault (migrate_to_ram) or, before the
 * chunk is destroyed, with migrate_device_range().
 */
#include <linux/bitmap.h>
#include <linux/gfp.h>
#include <linux/highmem.h>
#include <linux/huge_mm.h>
#include <linux/ktime.h>
#include <linux/memremap.h>
#include <linux/migrate.h>
#include <linux/mm.h>
#include <linux/mmap_lock.h>
#include <linux/pagemap.h>
#include <linux/sched/signal.h>
#include <linux/slab.h>
#include <linux/spinlock.h>

#include "compat.h"
#include "migrate.h"

#if HB_FEAT_MIGRATE

/* Fault records a chunk keeps until FAULT_READ takes them */
#define HB_FAULT_RING	8192

struct hb_devmem {
	struct dev_pagemap *pgmap;
	unsigned long base_pfn;
	unsigned long npages;
	spinlock_t lock;		/* guards everything below */
	unsigned long *used;		/* pages lent out, by index */
	unsigned long nr_used;
	unsigned long hint;		/* where the next base page is sought */
	struct page **backing;		/* each lent page's RAM */
	struct hmmbench_fault *ring;	/* fault records, oldest at tail */
	unsigned int tail;
	unsigned int count;
	u64 faults;
	u64 dropped;
};

/* One direction's phases and counts, summed over migrate_vma calls. */
struct hb_mig {
	u64 setup_ns, alloc_ns, copy_ns, pages_ns, finalize_ns;
	u64 collected, migrated, thp, split, nomem;
	unsigned int order;		/* largest order moved */
};

static inline unsigned long hb_now(void)
{
	return ktime_get_ns();
}

static struct page *hb_pfn_page(struct page *page, unsigned long i)
{
	return pfn_to_page(page_to_pfn(page) + i);
}

int hb_devmem_create(struct dev_pagemap *pgmap, struct hb_devmem **dmp)
{
	struct hb_devmem *dm = kzalloc(sizeof(*dm), GFP_KERNEL);

	if (!dm)
		return -ENOMEM;
	dm->pgmap = pgmap;
	dm->base_pfn = PHYS_PFN(pgmap->range.start);
	dm->npages = PHYS_PFN(range_len(&pgmap->range));
	spin_lock_init(&dm->lock);
	dm->used = bitmap_zalloc(dm->npages, GFP_KERNEL | __GFP_NOWARN);
	dm->backing = kvcalloc(dm->npages, sizeof(*dm->backing),
			       GFP_KERNEL | __GFP_NOWARN);
	dm->ring = kvcalloc(HB_FAULT_RING, sizeof(*dm->ring), GFP_KERNEL);
	if (!dm->used || !dm->backing || !dm->ring) {
		hb_devmem_destroy(dm);
		return -ENOMEM;
	}
	*dmp = dm;
	return 0;
}

/* Called once no page is lent out (after the chunk's memunmap_pages()). */
void hb_devmem_destroy(struct hb_devmem *dm)
{
	WARN_ON_ONCE(dm->nr_used);
	kvfree(dm->ring);
	kvfree(dm->backing);
	bitmap_free(dm->used);
	kfree(dm);
}

/* A free run of 2^@order pages of the chunk, marked used; its index. */
static long hb_take_run(struct hb_devmem *dm, unsigned int order)
{
	unsigned long nr = 1UL << order, idx;

	spin_lock(&dm->lock);
	idx = bitmap_find_next_zero_area(dm->used, dm->npages,
					 ALIGN(dm->hint, nr), nr, nr - 1);
	if (idx >= dm->npages)
		idx = bitmap_find_next_zero_area(dm->used, dm->npages, 0, nr,
						 nr - 1);
	if (idx >= dm->npages) {
		spin_unlock(&dm->lock);
		return -ENOSPC;
	}
	bitmap_set(dm->used, idx, nr);
	dm->nr_used += nr;
	dm->hint = idx + nr;
	spin_unlock(&dm->lock);
	return idx;
}

static void hb_put_run(struct hb_devmem *dm, unsigned long idx,
		       unsigned long nr)
{
	spin_lock(&dm->lock);
	bitmap_clear(dm->used, idx, nr);
	dm->nr_used -= nr;
	spin_unlock(&dm->lock);
}

/* RAM for 2^@order device pages: one block split into base pages. */
static bool hb_backing_alloc(struct hb_devmem *dm, unsigned long idx,
			     unsigned int order)
{
	unsigned long i, nr = 1UL << order;
	struct page *page;

	page = alloc_pages(GFP_HIGHUSER | __GFP_NOWARN |
			   (order ? __GFP_NORETRY : 0), order);
	if (page) {
		if (order)
			split_page(page, order);
		for (i = 0; i < nr; i++)
			dm->backing[idx + i] = page + i;
		return true;
	}
	for (i = 0; i < nr; i++) {
		dm->backing[idx + i] = alloc_page(GFP_HIGHUSER | __GFP_NOWARN);
		if (!dm->backing[idx + i]) {
			while (i--) {
				__free_page(dm->backing[idx + i]);
				dm->backing[idx + i] = NULL;
			}
			return false;
		}
	}
	return true;
}

/*
 * A device page (a folio of 2^@order pages) with its RAM, referenced and
 * locked as migrate_vma_pages() wants it, or NULL.
 */
static struct page *hb_device_page(struct hb_devmem *dm, unsigned int order)
{
	long idx = hb_take_run(dm, order);
	struct page *page;

	if (idx < 0)
		return NULL;
	if (!hb_backing_alloc(dm, idx, order)) {
		hb_put_run(dm, idx, 1UL << order);
		return NULL;
	}
	page = pfn_to_page(dm->base_pfn + idx);
	hb_zone_device_page_init(page, dm->pgmap, order);
	return page;
}

/* The pgmap's free callback: the folio of @nr pages at @page is back. */
void hb_devmem_free(struct hb_devmem *dm, struct page *page, unsigned int nr)
{
	unsigned long idx = page_to_pfn(page) - dm->base_pfn;
	unsigned int i;

	for (i = 0; i < nr; i++) {
		if (dm->backing[idx + i])
			__free_page(dm->backing[idx + i]);
		dm->backing[idx + i] = NULL;
	}
	hb_put_run(dm, idx, nr);
}

static struct page *hb_backing(struct hb_devmem *dm, struct page *dpage)
{
	return dm->backing[page_to_pfn(dpage) - dm->base_pfn];
}

/* The order of the folio a source entry names (a hole: a PMD's). */
static unsigned int hb_src_order(unsigned long mpfn)
{
	struct page *page = migrate_pfn_to_page(mpfn);

	if (!(mpfn & HB_MIGRATE_PFN_COMPOUND))
		return 0;
	return page ? folio_order(page_folio(page)) : HB_PMD_ORDER;
}

static unsigned long hb_dst_entry(struct page *page, unsigned long src,
				  unsigned int order)
{
	unsigned long e = migrate_pfn(page_to_pfn(page));

	e |= src & MIGRATE_PFN_WRITE;
	if (order)
		e |= HB_MIGRATE_PFN_COMPOUND;
	return e;
}

/* A locked system page, or folio of 2^@order, for @addr in @vma. */
static struct page *hb_system_page(struct vm_area_struct *vma,
				   unsigned long addr, unsigned int order)
{
	struct page *page;

	if (order)
		page = hb_vma_alloc_large(vma, addr, order);
	else if (vma)
		page = alloc_page_vma(GFP_HIGHUSER_MOVABLE, vma, addr);
	else
		page = alloc_page(GFP_HIGHUSER_MOVABLE);
	if (page)
		lock_page(page);
	return page;
}

/* A destination for 2^@order pages at entry @i: a device or system page. */
static struct page *hb_dst_page(struct hb_devmem *dm,
				const struct migrate_vma *args, unsigned long i,
				bool lend, unsigned int order)
{
	if (lend)
		return hb_device_page(dm, order);
	return hb_system_page(args->vma, args->start + i * PAGE_SIZE, order);
}

/*
 * Destinations for the entries migrate_vma_setup() (or
 * migrate_device_range(), @args->vma NULL) collected: device pages to
 * lend, system pages to bring home.  A PMD-sized source without a
 * PMD-sized destination moves as base pages, which migrate_vma_pages()
 * splits it for (not migrate_device_pages(): there it waits).  Returns
 * false when a page could not be had; entries without one stay put.
 */
static bool hb_alloc_pass(struct hb_devmem *dm, struct migrate_vma *args,
			  bool lend, struct hb_mig *st)
{
	unsigned long i, j, nr, n = args->npages;
	bool ok = true;

	for (i = 0; i < n; i += nr) {
		unsigned long src = args->src[i];
		unsigned int order = hb_src_order(src);
		struct page *dpage;

		nr = 1UL << order;
		if (!(src & MIGRATE_PFN_MIGRATE) ||
		    (!lend && !migrate_pfn_to_page(src)))
			continue;
		st->collected += nr;
		dpage = hb_dst_page(dm, args, i, lend, order);
		if (dpage) {
			args->dst[i] = hb_dst_entry(dpage, src, order);
			continue;
		}
		if (!order || (!lend && !args->vma)) {
			st->nomem += nr;
			ok = false;
			continue;
		}
		st->split++;
		for (j = 0; j < nr; j++) {
			dpage = hb_dst_page(dm, args, i + j, lend, 0);
			if (!dpage)
				break;
			args->dst[i + j] = hb_dst_entry(dpage, src, 0);
		}
		st->nomem += nr - j;
		ok &= j == nr;
	}
	return ok;
}

/*
 * The data of every source with a destination: into the device page's
 * RAM, or out of it (a hole lent is zeroes).  A whole-folio destination
 * takes its pages in order; a split one has an entry per page.
 */
static void hb_copy_pass(struct hb_devmem *dm, const struct migrate_vma *args,
			 bool lend)
{
	unsigned long i, j, nr, n = args->npages;

	for (i = 0; i < n; i += nr) {
		unsigned long src = args->src[i];
		struct page *spage = migrate_pfn_to_page(src);
		bool whole = args->dst[i] & HB_MIGRATE_PFN_COMPOUND;

		nr = 1UL << hb_src_order(src);
		if (!(src & MIGRATE_PFN_MIGRATE))
			continue;
		for (j = 0; j < nr; j++) {
			unsigned long d = args->dst[whole ? i : i + j];
			struct page *dpage, *from = NULL, *to;

			if (!d)
				continue;
			dpage = migrate_pfn_to_page(d);
			if (whole)
				dpage = hb_pfn_page(dpage, j);
			if (lend) {
				to = hb_backing(dm, dpage);
				if (spage)
					from = hb_pfn_page(spage, j);
			} else {
				to = dpage;
				from = hb_backing(dm, hb_pfn_page(spage, j));
			}
			if (from)
				copy_highpage(to, from);
			else
				clear_highpage(to);
		}
	}
}

/*
 * Destinations, then copies, each phase timed once for the whole call:
 * a clock read per page would cost as much as the work under emulation.
 */
static bool hb_alloc_copy(struct hb_devmem *dm, struct migrate_vma *args,
			  bool lend, struct hb_mig *st)
{
	u64 t0 = hb_now(), t1;
	bool ok = hb_alloc_pass(dm, args, lend, st);

	t1 = hb_now();
	hb_copy_pass(dm, args, lend);
	st->alloc_ns += t1 - t0;
	st->copy_ns += hb_now() - t1;
	return ok;
}

/* What migrate_vma_pages() moved, from the entries it left marked. */
static void hb_count_moved(const struct migrate_vma *args, struct hb_mig *st)
{
	unsigned long i, n = args->npages;

	for (i = 0; i < n; i++) {
		unsigned long src = args->src[i];
		unsigned int order;

		if (!(src & MIGRATE_PFN_MIGRATE) || !args->dst[i])
			continue;
		order = (src & args->dst[i] & HB_MIGRATE_PFN_COMPOUND) ?
			hb_src_order(src) : 0;
		st->migrated += 1UL << order;
		if (order) {
			st->thp++;
			i += (1UL << order) - 1;
		}
		st->order = max(st->order, order);
	}
}

/*
 * One migrate_vma_setup() .. migrate_vma_finalize() round over @args,
 * whose vma, range, flags and arrays are set; 0, or what setup returned.
 */
static int hb_migrate_one(struct hb_devmem *dm, struct migrate_vma *args,
			  bool lend, struct hb_mig *st)
{
	u64 t0, t1;
	int ret;

	memset(args->dst, 0, ((args->end - args->start) >> PAGE_SHIFT) *
	       sizeof(*args->dst));
	args->pgmap_owner = dm->pgmap->owner;
	t0 = hb_now();
	ret = migrate_vma_setup(args);
	st->setup_ns += hb_now() - t0;
	if (ret)
		return ret;
	hb_alloc_copy(dm, args, lend, st);
	t0 = hb_now();
	migrate_vma_pages(args);
	t1 = hb_now();
	hb_count_moved(args, st);
	migrate_vma_finalize(args);
	st->pages_ns += t1 - t0;
	st->finalize_ns += hb_now() - t1;
	return 0;
}

int hb_devmem_migrate(struct hb_devmem *dm, struct hmmbench_migrate *m)
{
	bool lend = m->direction == HMMBENCH_MIGRATE_TO_DEVICE;
	struct mm_struct *mm = current->mm;
	unsigned long batch = m->batch ?: PTRS_PER_PTE;
	unsigned long addr, next, end = m->addr + m->length;
	struct migrate_vma args = { 0 };
	struct hb_mig st = { 0 };
	unsigned long *pfns;
	u64 t0;
	int ret = 0;

	if (!mm)
		return -EINVAL;
	pfns = kvcalloc(2 * batch, sizeof(*pfns), GFP_KERNEL);
	if (!pfns)
		return -ENOMEM;
	args.src = pfns;
	args.dst = pfns + batch;
	args.flags = lend ? MIGRATE_VMA_SELECT_SYSTEM :
			    MIGRATE_VMA_SELECT_DEVICE_PRIVATE;
	if (m->flags & HMMBENCH_MIGRATE_THP)
		args.flags |= HB_MIGRATE_SELECT_COMPOUND;

	mmap_read_lock(mm);
	t0 = hb_now();
	for (addr = m->addr; addr < end; addr = next) {
		struct vm_area_struct *vma = vma_lookup(mm, addr);

		if (!vma) {
			ret = -EFAULT;
			break;
		}
		next = min3(end, vma->vm_end, addr + batch * PAGE_SIZE);
		args.vma = vma;
		args.start = addr;
		args.end = next;
		ret = hb_migrate_one(dm, &args, lend, &st);
		m->calls++;
		if (ret)
			break;
		if (fatal_signal_pending(current)) {
			ret = -EINTR;
			break;
		}
	}
	m->total_ns = hb_now() - t0;
	mmap_read_unlock(mm);
	kvfree(pfns);

	m->setup_ns = st.setup_ns;
	m->alloc_ns = st.alloc_ns;
	m->copy_ns = st.copy_ns;
	m->pages_ns = st.pages_ns;
	m->finalize_ns = st.finalize_ns;
	m->requested = m->length >> PAGE_SHIFT;
	m->collected = st.collected;
	m->migrated = st.migrated;
	m->thp = st.thp;
	m->split = st.split;
	m->skip_uncollected = m->requested - min(m->requested, st.collected);
	m->skip_nomem = st.nomem;
	m->skip_busy = st.collected - min(st.collected, st.migrated + st.nomem);
	return ret;
}

static void hb_fault_record(struct hb_devmem *dm,
			    const struct hmmbench_fault *rec)
{
	spin_lock(&dm->lock);
	dm->faults++;
	if (dm->count < HB_FAULT_RING) {
		dm->ring[(dm->tail + dm->count) % HB_FAULT_RING] = *rec;
		dm->count++;
	} else {
		dm->dropped++;
	}
	spin_unlock(&dm->lock);
}

/*
 * The CPU touched a lent page: bring it home, the whole folio where it is
 * mapped whole (a PMD entry), as test_hmm does.  The caller holds a
 * reference on the page, so the chunk outlives the call.
 */
vm_fault_t hb_devmem_fault(struct hb_devmem *dm, struct vm_fault *vmf)
{
	struct folio *folio = page_folio(vmf->page);
	unsigned int order = vmf->pte ? 0 : folio_order(folio);
	unsigned long nr = 1UL << order;
	struct hmmbench_fault rec = { .size = sizeof(rec) };
	struct migrate_vma args = {
		.vma = vmf->vma,
		.start = ALIGN_DOWN(vmf->address, PAGE_SIZE << order),
		.flags = MIGRATE_VMA_SELECT_DEVICE_PRIVATE,
		.fault_page = vmf->page,
	};
	struct hb_mig st = { 0 };
	vm_fault_t ret = 0;
	u64 t0 = hb_now();

	rec.start_ns = t0;
	rec.addr = ALIGN_DOWN(vmf->address, PAGE_SIZE);
	args.end = args.start + (PAGE_SIZE << order);
	if (order)
		args.flags |= HB_MIGRATE_SELECT_COMPOUND;
	args.src = kcalloc(nr, sizeof(*args.src), GFP_KERNEL);
	args.dst = kcalloc(nr, sizeof(*args.dst), GFP_KERNEL);
	if (!args.src || !args.dst) {
		ret = VM_FAULT_OOM;
		goto out;
	}
	/* setup only checks the vma and range, which the fault vouches for */
	if (hb_migrate_one(dm, &args, false, &st)) {
		ret = VM_FAULT_SIGBUS;
		goto out;
	}
	if (st.nomem)
		ret = VM_FAULT_OOM;
	rec.order = st.order;
	rec.pages = st.migrated;
	rec.setup_ns = st.setup_ns;
	rec.alloc_ns = st.alloc_ns;
	rec.copy_ns = st.copy_ns;
	rec.pages_ns = st.pages_ns;
	rec.finalize_ns = st.finalize_ns;
	rec.total_ns = hb_now() - t0;
	hb_fault_record(dm, &rec);
out:
	kfree(args.src);
	kfree(args.dst);
	return ret;
}

/*
 * Copies up to @nr of the oldest fault records into @recs without taking
 * them, and the counters into @r; returns how many.
 */
int hb_devmem_fault_take(struct hb_devmem *dm, struct hmmbench_fault *recs,
			 u32 nr, struct hmmbench_fault_read *r)
{
	u32 i;

	spin_lock(&dm->lock);
	nr = min(nr, dm->count);
	for (i = 0; i < nr; i++)
		recs[i] = dm->ring[(dm->tail + i) % HB_FAULT_RING];
	r->capacity = HB_FAULT_RING;
	r->faults = dm->faults;
	r->dropped = dm->dropped;
	spin_unlock(&dm->lock);
	return nr;
}

/* Takes the @nr oldest records, which the caller has copied out. */
void hb_devmem_fault_commit(struct hb_devmem *dm, u32 nr)
{
	spin_lock(&dm->lock);
	dm->tail = (dm->tail + nr) % HB_FAULT_RING;
	dm->count -= nr;
	spin_unlock(&dm->lock);
}

/* Pages migrate_device_range() takes at once: a PMD's, folio-aligned */
#define HB_EVICT_BATCH	512

/*
 * Brings every lent page home, whoever maps it, before the chunk is
 * destroyed: memunmap_pages() waits for them.  A page that cannot move
 * yet (locked by a fault in progress, no RAM for it) is tried again.
 */
void hb_devmem_evict(struct hb_devmem *dm)
{
	unsigned long *src = kcalloc(HB_EVICT_BATCH, sizeof(*src),
				     GFP_KERNEL | __GFP_NOFAIL);
	unsigned long *dst = kcalloc(HB_EVICT_BATCH, sizeof(*dst),
				     GFP_KERNEL | __GFP_NOFAIL);
	struct migrate_vma args = { .src = src, .dst = dst };
	unsigned long idx, base, n;
	struct hb_mig st = { 0 };

	while (READ_ONCE(dm->nr_used)) {
		for (idx = find_first_bit(dm->used, dm->npages);
		     idx < dm->npages;
		     idx = find_next_bit(dm->used, dm->npages, base + n)) {
			base = ALIGN_DOWN(idx, HB_EVICT_BATCH);
			n = min_t(unsigned long, HB_EVICT_BATCH,
				  dm->npages - base);
			memset(dst, 0, n * sizeof(*dst));
			migrate_device_range(src, dm->base_pfn + base, n);
			args.npages = n;
			hb_alloc_copy(dm, &args, false, &st);
			migrate_device_pages(src, dst, n);
			migrate_device_finalize(src, dst, n);
			cond_resched();
		}
		if (READ_ONCE(dm->nr_used))
			schedule_timeout_uninterruptible(1);
	}
	kfree(src);
	kfree(dst);
}

#else /* !HB_FEAT_MIGRATE */

int hb_devmem_create(struct dev_pagemap *pgmap, struct hb_devmem **dmp)
{
	return -EOPNOTSUPP;
}

void hb_devmem_evict(struct hb_devmem *dm)
{
}

void hb_devmem_destroy(struct hb_devmem *dm)
{
}

int hb_devmem_migrate(struct hb_devmem *dm, struct hmmbench_migrate *m)
{
	return -EOPNOTSUPP;
}

int hb_devmem_fault_take(struct hb_devmem *dm, struct hmmbench_fault *recs,
			 u32 nr, struct hmmbench_fault_read *r)
{
	return -EOPNOTSUPP;
}

void hb_devmem_fault_commit(struct hb_devmem *dm, u32 nr)
{
}

void hb_devmem_free(struct hb_devmem *dm, struct page *page,
		    unsigned int nr)
{
	WARN_ON_ONCE(1);
}

vm_fault_t hb_devmem_fault(struct hb_devmem *dm, struct vm_fault *vmf)
{
	WARN_ON_ONCE(1);
	return VM_FAULT_SIGBUS;
}

#endif /* HB_FEAT_MIGRATE */
