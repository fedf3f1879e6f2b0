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
#include <linux/moduleparam.h>
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
	unsigned long *split_at;	/* a round's entries that were split */
	unsigned long round_pages;	/* destination pages a round found */
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

/*
 * RAM for 2^@order device pages: a base page, or for a device THP a folio
 * of the same order, with a reference per device page (each is put when
 * its device page is freed, whole or after a split), so that eviction can
 * hand it over as the page's new home without allocating.
 */
static bool hb_backing_alloc(struct hb_devmem *dm, unsigned long idx,
			     unsigned int order)
{
	unsigned long i, nr = 1UL << order;
	struct folio *folio;

	folio = folio_alloc(GFP_HIGHUSER | __GFP_NOWARN |
			    (order ? __GFP_NORETRY : 0), order);
	if (!folio)
		return false;
	folio_ref_add(folio, nr - 1);
	for (i = 0; i < nr; i++)
		dm->backing[idx + i] = folio_page(folio, i);
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
			folio_put(page_folio(dm->backing[idx + i]));
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
	else
		page = alloc_page_vma(GFP_HIGHUSER_MOVABLE, vma, addr);
	if (page)
		lock_page(page);
	return page;
}

/* A destination for 2^@order pages at entry @i: a device or system page. */
/*
 * Test only, to make a partial fill happen: while migrate_test_pages is
 * set, a round finds destinations for that many pages at most, as if
 * memory ran out after them.
 */
static unsigned int hb_migrate_test_pages;
module_param_named(migrate_test_pages, hb_migrate_test_pages, uint, 0600);
MODULE_PARM_DESC(migrate_test_pages,
		 "Test only: destination pages a migrate round finds at most (default 0: no limit)");

static struct page *hb_dst_page(struct hb_devmem *dm,
				const struct migrate_vma *args, unsigned long i,
				bool lend, unsigned int order, struct hb_mig *st)
{
	unsigned int limit = READ_ONCE(hb_migrate_test_pages);
	struct page *page;

	if (limit && st->round_pages + (1UL << order) > limit)
		return NULL;
	if (lend)
		page = hb_device_page(dm, order);
	else
		page = hb_system_page(args->vma, args->start + i * PAGE_SIZE,
				      order);
	if (page)
		st->round_pages += 1UL << order;
	return page;
}

/* Unlocks and puts the @nr destination pages from @dst on, and zeroes them */
static void hb_put_dst(unsigned long *dst, unsigned long nr)
{
	unsigned long j;

	for (j = 0; j < nr; j++) {
		struct page *page = migrate_pfn_to_page(dst[j]);

		unlock_page(page);
		put_page(page);
		dst[j] = 0;
	}
}

/*
 * Base destination pages for the 2^@order entries of a PMD-sized source
 * from entry @i on, as many as can be had; how many.  A hole (no page:
 * never touched, or the huge zero page) gets all of them or none.
 */
static unsigned long hb_alloc_split(struct hb_devmem *dm,
				    struct migrate_vma *args, unsigned long i,
				    bool lend, unsigned int order,
				    struct hb_mig *st)
{
	unsigned long j, nr = 1UL << order, src = args->src[i];
	struct page *dpage;

	for (j = 0; j < nr; j++) {
		dpage = hb_dst_page(dm, args, i + j, lend, 0, st);
		if (!dpage)
			break;
		args->dst[i + j] = hb_dst_entry(dpage, src, 0);
	}
	if (j < nr && !migrate_pfn_to_page(src)) {
		hb_put_dst(args->dst + i, j);
		j = 0;
	}
	return j;
}

/*
 * Destinations for the entries migrate_vma_setup() collected: device
 * pages to lend, system pages to bring home.  What the kernel takes in
 * dst (mm/migrate_device.c of 6.1, 6.12 and 7.2):
 *  - 0 leaves the entry where it is; a page is locked and referenced, and
 *    migrate_vma_finalize() drops both, moved or not.
 *  - A PMD-sized source (MIGRATE_PFN_COMPOUND, 6.19+) takes one folio of
 *    its order (COMPOUND in the entry) or base pages, one per entry:
 *    migrate_vma_pages() then splits a present folio and moves the
 *    entries that have a page.
 *  - A PMD-sized hole with base pages is filled for every one of its
 *    entries (migrate_vma_insert_page() on each): an entry left 0 there
 *    is a NULL dereference, so a hole gets all its pages or none.
 */
static void hb_alloc_pass(struct hb_devmem *dm, struct migrate_vma *args,
			  bool lend, struct hb_mig *st)
{
	unsigned long i, j, nr, n = args->npages;

	for (i = 0; i < n; i += nr) {
		unsigned long src = args->src[i];
		unsigned int order = hb_src_order(src);
		struct page *dpage;

		nr = 1UL << order;
		if (!(src & MIGRATE_PFN_MIGRATE) ||
		    (!lend && !migrate_pfn_to_page(src)))
			continue;
		st->collected += nr;
		dpage = hb_dst_page(dm, args, i, lend, order, st);
		if (dpage) {
			args->dst[i] = hb_dst_entry(dpage, src, order);
			continue;
		}
		j = order ? hb_alloc_split(dm, args, i, lend, order, st) : 0;
		if (j)
			__set_bit(i, st->split_at);
		st->nomem += nr - j;
	}
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
static void hb_alloc_copy(struct hb_devmem *dm, struct migrate_vma *args,
			  bool lend, struct hb_mig *st)
{
	u64 t0 = hb_now(), t1;

	hb_alloc_pass(dm, args, lend, st);
	t1 = hb_now();
	hb_copy_pass(dm, args, lend);
	st->alloc_ns += t1 - t0;
	st->copy_ns += hb_now() - t1;
}

/* Whether a page of the PMD-sized source at entry @i moved as base pages */
static bool hb_split_moved(const struct migrate_vma *args, unsigned long i)
{
	unsigned long j, end = min(args->npages, i + (1UL << HB_PMD_ORDER));

	for (j = i; j < end; j++)
		if (args->src[j] & MIGRATE_PFN_MIGRATE && args->dst[j])
			return true;
	return false;
}

/*
 * What migrate_vma_pages() moved, from the entries it left marked; a
 * split counts when a page of it moved.
 */
static void hb_count_moved(const struct migrate_vma *args, struct hb_mig *st)
{
	unsigned long i, n = args->npages;

	for_each_set_bit(i, st->split_at, n)
		st->split += hb_split_moved(args, i);
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
	unsigned long n = (args->end - args->start) >> PAGE_SHIFT;
	u64 t0, t1;
	int ret;

	memset(args->dst, 0, n * sizeof(*args->dst));
	bitmap_zero(st->split_at, n);
	st->round_pages = 0;
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
	st->pages_ns += t1 - t0;
	/* before finalize drops the sources, outside its time */
	hb_count_moved(args, st);
	t0 = hb_now();
	migrate_vma_finalize(args);
	st->finalize_ns += hb_now() - t0;
	return 0;
}

/* A round's src and dst arrays and split bitmap for @nr pages, one block */
static unsigned long *hb_mig_arrays(struct migrate_vma *args,
				    struct hb_mig *st, unsigned long nr)
{
	unsigned long *p = kvcalloc(2 * nr + BITS_TO_LONGS(nr), sizeof(*p),
				    GFP_KERNEL);

	if (p) {
		args->src = p;
		args->dst = p + nr;
		st->split_at = p + 2 * nr;
	}
	return p;
}

/*
 * What migrate_vma_setup() refuses in [@addr, @end), found before anything
 * moves: a gap (EFAULT), hugetlb, VM_IO/VM_PFNMAP/VM_MIXEDMAP or DAX
 * (EINVAL).
 */
static int hb_check_range(struct mm_struct *mm, unsigned long addr,
			  unsigned long end)
{
	while (addr < end) {
		struct vm_area_struct *vma = vma_lookup(mm, addr);

		if (!vma)
			return -EFAULT;
		if (is_vm_hugetlb_page(vma) || vma->vm_flags & VM_SPECIAL ||
		    vma_is_dax(vma))
			return -EINVAL;
		addr = vma->vm_end;
	}
	return 0;
}

/* The rounds over @m's range, with the caller's mmap lock held */
static int hb_migrate_range(struct hb_devmem *dm, struct hmmbench_migrate *m,
			    struct migrate_vma *args, struct hb_mig *st)
{
	bool lend = m->direction == HMMBENCH_MIGRATE_TO_DEVICE;
	unsigned long batch = m->batch ?: PTRS_PER_PTE;
	unsigned long addr, end = m->addr + m->length;
	int ret;

	for (addr = m->addr; addr < end; addr = args->end) {
		args->vma = vma_lookup(current->mm, addr);
		args->start = addr;
		args->end = min3(end, args->vma->vm_end,
				 addr + batch * PAGE_SIZE);
		ret = hb_migrate_one(dm, args, lend, st);
		m->calls++;
		if (ret)
			return ret;
		if (fatal_signal_pending(current))
			return -EINTR;
	}
	return 0;
}

int hb_devmem_migrate(struct hb_devmem *dm, struct hmmbench_migrate *m)
{
	struct mm_struct *mm = current->mm;
	struct migrate_vma args = { 0 };
	struct hb_mig st = { 0 };
	unsigned long *arrays;
	u64 t0;
	int ret;

	if (!mm)
		return -EINVAL;
	arrays = hb_mig_arrays(&args, &st, m->batch ?: PTRS_PER_PTE);
	if (!arrays)
		return -ENOMEM;
	args.flags = m->direction == HMMBENCH_MIGRATE_TO_DEVICE ?
		     MIGRATE_VMA_SELECT_SYSTEM :
		     MIGRATE_VMA_SELECT_DEVICE_PRIVATE;
	if (m->flags & HMMBENCH_MIGRATE_THP)
		args.flags |= HB_MIGRATE_SELECT_COMPOUND;

	mmap_read_lock(mm);
	ret = hb_check_range(mm, m->addr, m->addr + m->length);
	if (ret) {
		mmap_read_unlock(mm);
		kvfree(arrays);
		return ret;
	}
	t0 = hb_now();
	ret = hb_migrate_range(dm, m, &args, &st);
	m->total_ns = hb_now() - t0;
	mmap_read_unlock(mm);
	kvfree(arrays);

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
	unsigned long *arrays, k;
	vm_fault_t ret = 0;
	u64 t0 = hb_now();

	rec.start_ns = t0;
	rec.addr = ALIGN_DOWN(vmf->address, PAGE_SIZE);
	args.end = args.start + (PAGE_SIZE << order);
	if (order)
		args.flags |= HB_MIGRATE_SELECT_COMPOUND;
	arrays = hb_mig_arrays(&args, &st, nr);
	if (!arrays)
		return VM_FAULT_OOM;
	/* setup only checks the vma and range, which the fault vouches for */
	if (hb_migrate_one(dm, &args, false, &st)) {
		ret = VM_FAULT_SIGBUS;
		goto out;
	}
	/*
	 * Out of memory only if the faulting page found no destination.  One
	 * it found may still stay: 7.2 cannot split a device THP that a
	 * fault holds, but it has split the PMD, so the retry is a base page.
	 */
	k = (rec.addr - args.start) >> PAGE_SHIFT;
	if (st.nomem && !args.dst[k])
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
	kvfree(arrays);
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

/* Pages migrate_device_range() takes at once: whole folios, a PMD's at least */
#define HB_EVICT_BATCH	max_t(unsigned long, 512, 1UL << HB_PMD_ORDER)

/* How long teardown keeps trying after the last page that came home */
#define HB_EVICT_WAIT	(5 * HZ)

/*
 * Test only, to make a teardown wait: while evict_test_stall is set,
 * eviction moves nothing, as if every lent page were locked by a fault in
 * progress.
 */
static bool hb_evict_test_stall;
module_param_named(evict_test_stall, hb_evict_test_stall, bool, 0600);
MODULE_PARM_DESC(evict_test_stall,
		 "Test only: eviction before a chunk is destroyed moves no page (default N)");

/*
 * The new home of the lent page (a folio of 2^@order) at @spage, locked
 * and referenced: its own RAM when that is a folio of the same size,
 * handed over with the data in it, so that teardown never waits for
 * memory; else (a device THP the kernel has split) a new page with the
 * data copied.  NULL when none can be had.
 */
static struct page *hb_evict_home(struct hb_devmem *dm, struct page *spage,
				  unsigned int order)
{
	struct page *ram = hb_backing(dm, spage), *page;
	struct folio *folio = page_folio(ram);

	if (&folio->page == ram && folio_order(folio) == order) {
		folio_get(folio);
		folio_lock(folio);
		return ram;
	}
	if (order)
		return NULL;
	page = alloc_page(GFP_HIGHUSER_MOVABLE | __GFP_NOWARN);
	if (!page)
		return NULL;
	lock_page(page);
	copy_highpage(page, ram);
	return page;
}

/* The dst entry of source entry @src in eviction, or 0 */
static unsigned long hb_evict_dst(struct hb_devmem *dm, unsigned long src)
{
	struct page *spage = migrate_pfn_to_page(src), *page;
	unsigned int order;

	if (!spage || !(src & MIGRATE_PFN_MIGRATE) ||
	    READ_ONCE(hb_evict_test_stall))
		return 0;
	order = hb_src_order(src);
	page = hb_evict_home(dm, spage, order);
	return page ? hb_dst_entry(page, src, order) : 0;
}

/*
 * One pass over the chunk: every lent page that can be locked comes home,
 * whoever maps it.  migrate_device_pages() cannot split a folio, so each
 * gets a home of its own size.
 */
static void hb_evict_pass(struct hb_devmem *dm, unsigned long *src,
			  unsigned long *dst)
{
	unsigned long idx, base, i, n;

	for (idx = find_first_bit(dm->used, dm->npages); idx < dm->npages;
	     idx = find_next_bit(dm->used, dm->npages, base + n)) {
		base = ALIGN_DOWN(idx, HB_EVICT_BATCH);
		n = min(HB_EVICT_BATCH, dm->npages - base);
		migrate_device_range(src, dm->base_pfn + base, n);
		for (i = 0; i < n; i++)
			dst[i] = hb_evict_dst(dm, src[i]);
		migrate_device_pages(src, dst, n);
		migrate_device_finalize(src, dst, n);
		cond_resched();
	}
}

/* Pages of the chunk lent out now */
unsigned long hb_devmem_lent(struct hb_devmem *dm)
{
	return READ_ONCE(dm->nr_used);
}

/*
 * Brings every lent page home before the chunk is destroyed:
 * memunmap_pages() would wait for them for ever.  Pages that cannot move
 * yet (locked by a fault in progress) are tried again, if @wait, until
 * HB_EVICT_WAIT has passed without one coming home or a fatal signal
 * (-EINTR); one whole pass is made in any case.  0 once none is lent,
 * else -EBUSY.
 */
int hb_devmem_evict(struct hb_devmem *dm, bool wait)
{
	unsigned long *src = kcalloc(HB_EVICT_BATCH, sizeof(*src),
				     GFP_KERNEL | __GFP_NOFAIL);
	unsigned long *dst = kcalloc(HB_EVICT_BATCH, sizeof(*dst),
				     GFP_KERNEL | __GFP_NOFAIL);
	unsigned long left, deadline = jiffies + HB_EVICT_WAIT;
	int ret = 0;

	for (;;) {
		left = hb_devmem_lent(dm);
		hb_evict_pass(dm, src, dst);
		if (!hb_devmem_lent(dm))
			break;
		if (hb_devmem_lent(dm) < left)
			deadline = jiffies + HB_EVICT_WAIT;
		if (wait && fatal_signal_pending(current))
			ret = -EINTR;
		else if (!wait || time_after(jiffies, deadline))
			ret = -EBUSY;
		if (ret)
			break;
		schedule_timeout_killable(1);
	}
	kfree(src);
	kfree(dst);
	return ret;
}

#else /* !HB_FEAT_MIGRATE */

int hb_devmem_create(struct dev_pagemap *pgmap, struct hb_devmem **dmp)
{
	return -EOPNOTSUPP;
}

unsigned long hb_devmem_lent(struct hb_devmem *dm)
{
	return 0;
}

int hb_devmem_evict(struct hb_devmem *dm, bool wait)
{
	return 0;
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
