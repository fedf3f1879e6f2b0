/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Every kernel API difference hmmbench depends on, in one place.  The
 * HB_HAVE_* symbols come from feature probes of memremap.h in Kbuild; a
 * macro the kernel defines is tested with #ifdef.  driver/COMPAT.md says
 * which kernels each was checked against.
 *
 * probe (since)          kernel                      hmmbench
 * ---------------------- --------------------------- ------------------------
 * HB_HAVE_VMEMMAP_SHIFT  dev_pagemap.vmemmap_shift   honours map.vmemmap_shift
 * (5.17)                                             (else EOPNOTSUPP)
 * MAX_FOLIO_ORDER        memremap_pages() WARNs and  caps vmemmap_shift there,
 * (#ifdef, 6.18)         fails above it              so no user value WARNs
 * HB_HAVE_FOLIO_FREE     ops.folio_free(folio)       sets .folio_free, not
 * (6.19)                 replaced page_free(page)    .page_free
 * HB_HAVE_PRIVATE_       memremap_device_private_    makes chunks with it: no
 * PAGEMAP (posted        pagemap(pgmap, nid);        physical range, no region
 * series, unmerged)      memremap_pages() refuses    or release phase, no
 *                        DEVICE_PRIVATE              vmemmap_shift, no phase
 *                                                    probe, length capped
 * HB_HAS_PRIVATE_        that name in another form   stops the build
 * PAGEMAP_NAME           (the RFC had no nid)
 * HB_HAVE_GET_DEV_       get_dev_pagemap(pfn), no    VERIFY_PHYS pins the
 * PAGEMAP_PFN (after     cached pgmap argument       pgmap with either form
 * 6.15)
 * HB_HAVE_FSDAX_         put_devmap_managed_*() in   free fsdax and P2PDMA
 * REFCOUNT_1 (to 6.14)   mm.h: fsdax counts from 1   pages hold 1, else 0
 * HB_HAVE_PAGE_PGMAP     page_pgmap(page), in        VERIFY reads a page's
 * (6.15, mmzone.h)       mmzone.h: the pgmap lives   pgmap with it, else
 *                        in the folio                page->pgmap
 * HB_HAVE_ARCH_PHYSMEM_  the architecture bounds     request_free_mem_region()
 * END (arch/<arch>/      request_free_mem_region()'s finds the range, else
 * include/asm; x86 6.11  search by its direct map    hmmbench searches the
 * and 6.1.y, arm64 6.12)                             pluggable range itself
 * HB_HAVE_NT_STORES      memcpy_flushcache() stores  ROOFLINE times it (on
 * (x86-64, any)          with MOVNTI, past the cache arm64 it is a copy
 *                                                    plus DC CVAP: not timed)
 * CONFIG_DEVICE_         migrate_vma_*() and         MIGRATE and FAULT_READ
 * MIGRATION (6.1)        migrate_device_range()      (else EOPNOTSUPP)
 * HB_HAVE_ZONE_DEVICE_   zone_device_page_init(page, device THP pages are
 * PAGE_INIT_PGMAP (7.x)  pgmap, order)               initialised with it
 * HB_HAVE_ZONE_DEVICE_   zone_device_page_init(page, the same, the folio
 * PAGE_INIT_ORDER (6.19) order)                      marked rmappable here
 * HB_HAVE_MIGRATE_       MIGRATE_VMA_SELECT_         HMMBENCH_MIGRATE_THP,
 * COMPOUND (6.19)        COMPOUND: PMD-sized folios  with the two above and
 *                        migrate whole               THP migration
 * CONFIG_HMM_MIRROR      hmm_range_fault(), mmu_     MIRROR (else EOPNOTSUPP)
 * (hidden, selected by   interval_notifier_insert()
 * drivers and TEST_HMM)
 */
#ifndef _HB_COMPAT_H
#define _HB_COMPAT_H

#include <linux/err.h>
#include <linux/ioport.h>
#include <linux/limits.h>
#include <linux/memory_hotplug.h>
#include <linux/memremap.h>
#include <linux/migrate.h>
#include <net/genetlink.h>
#include <linux/minmax.h>
#include <linux/mm.h>
#include <linux/range.h>
#include <linux/slab.h>
#include <linux/hmmbench.h>

#if defined(HB_HAS_PRIVATE_PAGEMAP_NAME) && !defined(HB_HAVE_PRIVATE_PAGEMAP)
#error "memremap_device_private_pagemap() has a form compat.h does not know"
#endif

/* Device-private struct pages cannot be compound pages there. */
#if defined(HB_HAVE_VMEMMAP_SHIFT) && !defined(HB_HAVE_PRIVATE_PAGEMAP)
#define HB_FEAT_VMEMMAP_SHIFT HMMBENCH_FEAT_VMEMMAP_SHIFT
#else
#define HB_FEAT_VMEMMAP_SHIFT 0
#endif

/*
 * VERIFY walks pfn_to_page() over the chunk's physical range, which
 * device-private memory without one does not have.
 */
#ifndef HB_HAVE_PRIVATE_PAGEMAP
#define HB_FEAT_VERIFY HMMBENCH_FEAT_VERIFY
#else
#define HB_FEAT_VERIFY 0
#endif

/*
 * Non-temporal stores: x86-64's memcpy_flushcache() writes with MOVNTI,
 * past the cache.  Elsewhere it is a copy followed by a cache clean
 * (arm64: DC CVAP), which is no cache-bypassing store.
 */
#if defined(CONFIG_X86_64) && defined(__HAVE_ARCH_MEMCPY_FLUSHCACHE)
#define HB_HAVE_NT_STORES
#endif

/*
 * Lending a chunk's pages needs device migration and a physical range
 * whose struct pages pfn_to_page() finds.
 */
#if IS_ENABLED(CONFIG_DEVICE_PRIVATE) && IS_ENABLED(CONFIG_DEVICE_MIGRATION) && \
	!defined(HB_HAVE_PRIVATE_PAGEMAP)
#define HB_FEAT_MIGRATE HMMBENCH_FEAT_MIGRATE
#else
#define HB_FEAT_MIGRATE 0
#endif

/*
 * Device THP: PMD-sized device-private folios, which the kernel migrates
 * whole (and splits) only where it can migrate THP at all.
 */
#if HB_FEAT_MIGRATE && defined(HB_HAVE_MIGRATE_COMPOUND) && \
	(defined(HB_HAVE_ZONE_DEVICE_PAGE_INIT_PGMAP) || \
	 defined(HB_HAVE_ZONE_DEVICE_PAGE_INIT_ORDER)) && \
	defined(HB_HAVE_FOLIO_FREE) && \
	IS_ENABLED(CONFIG_ARCH_ENABLE_THP_MIGRATION)
#define HB_FEAT_MIGRATE_THP HMMBENCH_FEAT_MIGRATE_THP
#define HB_MIGRATE_SELECT_COMPOUND MIGRATE_VMA_SELECT_COMPOUND
#define HB_PMD_ORDER HPAGE_PMD_ORDER
#else
#define HB_FEAT_MIGRATE_THP 0
#define HB_MIGRATE_SELECT_COMPOUND 0
#define HB_PMD_ORDER 0
#endif

/* A source or destination entry of a whole large folio (6.19) */
#ifdef MIGRATE_PFN_COMPOUND
#define HB_MIGRATE_PFN_COMPOUND MIGRATE_PFN_COMPOUND
#else
#define HB_MIGRATE_PFN_COMPOUND 0
#endif

/*
 * Mirroring: hmm_range_fault() and interval notifiers (HMM_MIRROR selects
 * MMU_NOTIFIER).  A hidden option: only drivers and TEST_HMM select it.
 */
#if IS_ENABLED(CONFIG_HMM_MIRROR)
#define HB_FEAT_MIRROR HMMBENCH_FEAT_MIRROR
#define HB_FEAT_MIRROR_TIMES HMMBENCH_FEAT_MIRROR_TIMES
#else
#define HB_FEAT_MIRROR 0
#define HB_FEAT_MIRROR_TIMES 0
#endif

#ifdef HB_HAVE_FOLIO_FREE
#define HB_FEAT_FOLIO_FREE HMMBENCH_FEAT_FOLIO_FREE
#else
#define HB_FEAT_FOLIO_FREE 0
#endif

/*
 * Generic netlink multicast groups that only CAP_SYS_ADMIN may join (6.7,
 * backported to 6.1.y); older kernels let anyone join.
 */
#ifdef GENL_MCAST_CAP_SYS_ADMIN
#define HB_MCAST_CAP_SYS_ADMIN GENL_MCAST_CAP_SYS_ADMIN
#else
#define HB_MCAST_CAP_SYS_ADMIN 0
#endif

#if HB_FEAT_MIGRATE
/*
 * A free device page, as a folio of 2^@order, referenced and locked.  The
 * page may have been a tail of a device folio freed before, so it is
 * taken as the head it is about to be, not through page_folio().
 */
static inline void hb_zone_device_page_init(struct page *page,
					    struct dev_pagemap *pgmap,
					    unsigned int order)
{
#if defined(HB_HAVE_ZONE_DEVICE_PAGE_INIT_PGMAP)
	zone_device_folio_init((struct folio *)page, pgmap, order);
#elif defined(HB_HAVE_ZONE_DEVICE_PAGE_INIT_ORDER)
	zone_device_page_init(page, order);
	if (order)
		folio_set_large_rmappable((struct folio *)page);
#else
	zone_device_page_init(page);
#endif
}

/* A locked-to-be system folio of 2^@order for @addr, or NULL. */
static inline struct page *hb_vma_alloc_large(struct vm_area_struct *vma,
					      unsigned long addr,
					      unsigned int order)
{
#if HB_FEAT_MIGRATE_THP
	gfp_t gfp = GFP_HIGHUSER_MOVABLE | __GFP_NOWARN;
	struct folio *folio = vma_alloc_folio(gfp, order, vma, addr);

	return folio ? &folio->page : NULL;
#else
	return NULL;
#endif
}
#endif /* HB_FEAT_MIGRATE */

static inline void hb_set_vmemmap_shift(struct dev_pagemap *pgmap,
					unsigned int shift)
{
#if HB_FEAT_VMEMMAP_SHIFT
	pgmap->vmemmap_shift = shift;
#endif
}

static inline unsigned int hb_get_vmemmap_shift(const struct dev_pagemap *pgmap)
{
#if HB_FEAT_VMEMMAP_SHIFT
	return pgmap->vmemmap_shift;
#else
	return 0;
#endif
}

static inline const struct dev_pagemap *hb_page_pgmap(const struct page *page)
{
#ifdef HB_HAVE_PAGE_PGMAP
	return page_pgmap(page);
#else
	return page->pgmap;
#endif
}

/* The compound order of any pgmap's pages, hmmbench's or not. */
static inline unsigned int hb_pgmap_shift(const struct dev_pagemap *pgmap)
{
#ifdef HB_HAVE_VMEMMAP_SHIFT
	return pgmap->vmemmap_shift;
#else
	return 0;
#endif
}

/* A reference on the live pgmap covering @pfn, or NULL. */
static inline struct dev_pagemap *hb_get_dev_pagemap(unsigned long pfn)
{
#ifdef HB_HAVE_GET_DEV_PAGEMAP_PFN
	return get_dev_pagemap(pfn);
#else
	return get_dev_pagemap(pfn, NULL);
#endif
}

/*
 * Pages at the start of range 0 of @pgmap whose struct pages
 * memmap_init_zone_device() leaves alone: the altmap's reserve and the
 * memmap stored there (vmem_altmap_offset(), which is not exported).
 */
static inline unsigned long hb_altmap_pages(const struct dev_pagemap *pgmap)
{
	if (!(pgmap->flags & PGMAP_ALTMAP_VALID))
		return 0;
	return pgmap->altmap.reserve + pgmap->altmap.free;
}

/*
 * The refcount __init_zone_device_page() gives a head or base page of
 * @pgmap: device DAX pages count from 1, fsdax and P2PDMA pages did too
 * until 6.15, the others count from 0.
 */
static inline int hb_free_refcount(const struct dev_pagemap *pgmap)
{
	switch (pgmap->type) {
	case MEMORY_DEVICE_GENERIC:
		return 1;
#ifdef HB_HAVE_FSDAX_REFCOUNT_1
	case MEMORY_DEVICE_FS_DAX:
	case MEMORY_DEVICE_PCI_P2PDMA:
		return 1;
#endif
	default:
		return 0;
	}
}

/*
 * The largest vmemmap_shift: a PUD, device DAX's largest compound page
 * (memremap_pages() populates one across sections), and from 6.18 no more
 * than the kernel's largest folio, above which memremap_pages() WARNs.
 */
static inline unsigned int hb_vmemmap_shift_max(void)
{
#ifdef MAX_FOLIO_ORDER
	return min_t(unsigned int, PUD_SHIFT - PAGE_SHIFT, MAX_FOLIO_ORDER);
#else
	return PUD_SHIFT - PAGE_SHIFT;
#endif
}

#ifdef HB_HAVE_PRIVATE_PAGEMAP

/*
 * The kernel gives device-private memory an address space of its own and
 * allocates its struct pages with kvzalloc(): there is no physical range
 * to reserve or release, and memmap_init_zone_device() does not run.
 */
#define HB_FEAT_PRIVATE_PAGEMAP HMMBENCH_FEAT_PRIVATE_PAGEMAP
#define HB_T_REGION 0
#define HB_T_RELEASE 0
#define HB_MEMMAP_INIT_PROBED false

static inline struct resource *hb_region_request(u64 length)
{
	return NULL;
}

/* No physical range: INFO reports an empty window. */
static inline struct range hb_region_window(void)
{
	return (struct range){ .start = 0, .end = 0 };
}

static inline void hb_region_release(struct resource *res)
{
}

/* kvzalloc() refuses, with a WARN, more than INT_MAX bytes. */
static inline u64 hb_length_max(void)
{
	return (u64)(INT_MAX / sizeof(struct page)) << PAGE_SHIFT;
}

static inline void hb_pagemap_prepare(struct dev_pagemap *pgmap,
				      const struct resource *res, u64 length)
{
	pgmap->nr_pages = length >> PAGE_SHIFT;
}

/* 0 or a negative errno, which the series returns as an unsigned long. */
static inline int hb_pagemap_map(struct dev_pagemap *pgmap, int nid)
{
	return (int)(long)memremap_device_private_pagemap(pgmap, nid);
}

static inline void hb_pagemap_unmap(struct dev_pagemap *pgmap)
{
	memunmap_device_private_pagemap(pgmap);
}

#else /* !HB_HAVE_PRIVATE_PAGEMAP */

/* A free physical range, no RAM, then memremap_pages() over it. */
#define HB_FEAT_PRIVATE_PAGEMAP 0
#define HB_T_REGION HMMBENCH_T_REGION
#define HB_T_RELEASE HMMBENCH_T_RELEASE
#define HB_MEMMAP_INIT_PROBED true

/*
 * The physical addresses whose struct pages the vmemmap can map: what
 * memory hotplug accepts with a mapping, within iomem.
 */
static inline struct range hb_region_window(void)
{
	struct range win = mhp_get_pluggable_range(true);

	win.start = max_t(u64, win.start, iomem_resource.start);
	win.end = min_t(u64, win.end, iomem_resource.end);
	return win;
}

#ifdef HB_HAVE_ARCH_PHYSMEM_END

/*
 * request_free_mem_region() searches down from the end of the direct map,
 * whose struct pages the vmemmap covers.
 */
static inline struct resource *hb_region_search(const struct range *win,
						u64 length)
{
	return request_free_mem_region(&iomem_resource, length, "hmmbench");
}

static inline void hb_region_release(struct resource *res)
{
	release_mem_region(res->start, resource_size(res));
}

#else /* !HB_HAVE_ARCH_PHYSMEM_END */

/*
 * Without the architecture's bound, request_free_mem_region() searches
 * down from 2^MAX_PHYSMEM_BITS, which on arm64 lies beyond the linear map:
 * vmemmap_populate() then WARNs and maps nothing, and the memmap init
 * faults.  So the search is done here, as the kernel does it (section
 * steps, downwards, a range nothing in iomem intersects), inside the
 * window.  The resource is inserted whole, with its type set, and taken
 * only if it went in at the top level without adopting another.
 */
static inline struct resource *hb_region_claim(u64 start, u64 size)
{
	struct resource *res = kzalloc(sizeof(*res), GFP_KERNEL);

	if (!res)
		return ERR_PTR(-ENOMEM);
	res->name = "hmmbench";
	res->start = start;
	res->end = start + size - 1;
	res->flags = IORESOURCE_MEM | IORESOURCE_BUSY;
	res->desc = IORES_DESC_DEVICE_PRIVATE_MEMORY;
	if (!insert_resource(&iomem_resource, res)) {
		if (res->parent == &iomem_resource && !res->child)
			return res;
		remove_resource(res);
	}
	kfree(res);
	return NULL;
}

static inline struct resource *hb_region_search(const struct range *win,
						u64 length)
{
	u64 size = ALIGN(length, 1ULL << PA_SECTION_SHIFT);
	struct resource *res;
	u64 addr;

	if (win->end <= win->start || win->end - win->start < size - 1)
		return ERR_PTR(-ERANGE);
	addr = ALIGN_DOWN(win->end - size + 1, 1ULL << PA_SECTION_SHIFT);
	for (; addr >= win->start; addr -= size) {
		if (region_intersects(addr, size, 0, IORES_DESC_NONE) ==
		    REGION_DISJOINT) {
			res = hb_region_claim(addr, size);
			if (res)
				return res;
		}
		if (addr < size)
			break;
	}
	return ERR_PTR(-ERANGE);
}

static inline void hb_region_release(struct resource *res)
{
	remove_resource(res);
	kfree(res);
}

#endif /* HB_HAVE_ARCH_PHYSMEM_END */

/* A range outside the window is never used, whoever found it. */
static inline struct resource *hb_region_request(u64 length)
{
	struct range win = hb_region_window();
	struct resource *res = hb_region_search(&win, length);

	if (IS_ERR(res) || (res->start >= win.start && res->end <= win.end))
		return res;
	hb_region_release(res);
	return ERR_PTR(-ERANGE);
}

static inline u64 hb_length_max(void)
{
	struct range win = hb_region_window();

	return win.end > win.start ? win.end - win.start + 1 : 0;
}

static inline void hb_pagemap_prepare(struct dev_pagemap *pgmap,
				      const struct resource *res, u64 length)
{
	pgmap->range.start = res->start;
	pgmap->range.end = res->end;
	pgmap->nr_range = 1;
}

static inline int hb_pagemap_map(struct dev_pagemap *pgmap, int nid)
{
	return PTR_ERR_OR_ZERO(memremap_pages(pgmap, nid));
}

static inline void hb_pagemap_unmap(struct dev_pagemap *pgmap)
{
	memunmap_pages(pgmap);
}

#endif /* HB_HAVE_PRIVATE_PAGEMAP */

#endif /* _HB_COMPAT_H */
