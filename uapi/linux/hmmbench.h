/* SPDX-License-Identifier: GPL-2.0 WITH Linux-syscall-note */
/*
 * hmmbench: ioctl ABI of /dev/hmmbench, which creates and destroys
 * DEVICE_PRIVATE ZONE_DEVICE chunks and times each phase in the kernel,
 * and its generic netlink family (at the end), which reports them
 * system-wide.  Structs use fixed-width fields only; the enums at the end
 * number netlink commands and attributes and never appear in a struct.
 *
 * Every argument struct starts with __u32 size (set by the caller to the
 * sizeof() it was built with) and __u32 flags.  A smaller size than the
 * first published version (HMMBENCH_*_SIZE_VER0) is refused; a larger one
 * is accepted when the bytes this kernel does not know are zero, up to the
 * page size.  Only the (out) fields are written back, up to the smaller
 * of the two sizes.  MAP, UNMAP and ROOFLINE clear their (out) fields
 * before they change anything, so a struct the caller cannot write is
 * refused with EFAULT before a chunk is created or destroyed or a buffer
 * is written.
 *
 * Errors (negated in the kernel, in errno in user space):
 *   ENOTTY	unknown ioctl command
 *   EINVAL	understood but invalid: size field too small, unknown flag,
 *		non-zero reserved field, zero or unaligned length, length
 *		larger than the physical window chunks come from (see
 *		hmmbench_info.phys_window_start; or than the kernel
 *		allocates device-private struct pages for at once, see
 *		hmmbench_info.max_size), node not online, vmemmap_shift
 *		above a PUD's order (18 on x86-64; from Linux 6.18 also
 *		above the kernel's largest folio) or length not a multiple
 *		of the compound page; ROOFLINE's length as MAP's and
 *		node as MAP's, HMMBENCH_ROOFLINE_COPY with a size below
 *		HMMBENCH_ROOFLINE_SIZE_VER1 or a copy_length that is zero,
 *		unaligned or too large, or a copy_length without it; WATCH's types empty or with unknown bits;
 *		WATCH_READ's rec_size or nr out of range; VERIFY with
 *		HMMBENCH_VERIFY_PHYS and a handle, or a size without phys;
 *		MIRROR's range or batch out of bounds,
 *		HMMBENCH_MIRROR_WRITE without HMMBENCH_MIRROR_FAULT, or
 *		HMMBENCH_MIRROR_TIMES without room for every batch
 *		(times without it)
 *   E2BIG	struct larger than this kernel's with non-zero unknown bytes,
 *		or size field larger than the page size
 *   EOPNOTSUPP	a known field with a value this kernel cannot do, VERIFY
 *		where the module cannot read struct pages back (no
 *		HMMBENCH_FEAT_VERIFY, or HMMBENCH_FEAT_VERIFY_PHYS for
 *		HMMBENCH_VERIFY_PHYS), or MAP on a kernel without
 *		device-private memory (HMMBENCH_FEAT_NO_DEVICE_PRIVATE),
 *		or WATCH where the kernel cannot be probed (no
 *		HMMBENCH_FEAT_WATCH), MIGRATE and FAULT_READ without
 *		HMMBENCH_FEAT_MIGRATE, MIRROR without HMMBENCH_FEAT_MIRROR
 *   EPERM	MAP, UNMAP, VERIFY, ROOFLINE, WATCH, MIGRATE or MIRROR
 *		without CAP_SYS_ADMIN
 *   ENOMEM	the chunk's struct pages would push available memory below
 *		the module's reserve (see hmmbench_info.budget); ROOFLINE:
 *		its buffers would, or the node has no free PMD-sized
 *		blocks for them; MIRROR: its table (and times) would
 *   ENOSPC	no free physical address range large enough in that window
 *   EBUSY	WATCH while a window is open, on any descriptor; MIRROR
 *		when invalidations kept a batch from completing; UNMAP
 *		when pages the chunk lent could not come home (see
 *		struct hmmbench_unmap);
 *		VERIFY with HMMBENCH_VERIFY_PHYS while the memmap of the
 *		pgmap is still being added
 *   ENOENT	no chunk with that handle on this file descriptor (handle 0
 *		and the handle of a MAP still in progress never name one; a
 *		chunk that another thread is verifying, migrating or
 *		unmapping is not found either); WATCH_READ, or WATCH's stop, on a descriptor
 *		without a window; VERIFY with HMMBENCH_VERIFY_PHYS where
 *		no live dev_pagemap covers phys
 *   EFAULT	bad user pointer.  If the struct stops being writable while
 *		the call runs, MAP destroys the chunk it made before failing
 *		and UNMAP has destroyed the chunk when it fails.
 *   EINTR	a signal with a handler that does not restart system calls
 *		arrived while waiting for another caller's measurement; other
 *		signals restart the wait
 */
#ifndef _UAPI_LINUX_HMMBENCH_H
#define _UAPI_LINUX_HMMBENCH_H

#include <linux/types.h>
#include <linux/ioctl.h>

#define HMMBENCH_ABI_VERSION	1
#define HMMBENCH_DEVICE		"/dev/hmmbench"

/* Sizes of the first published structs: the smallest the kernel accepts */
#define HMMBENCH_INFO_SIZE_VER0		192
#define HMMBENCH_MAP_SIZE_VER0		72
#define HMMBENCH_UNMAP_SIZE_VER0	32
#define HMMBENCH_VERIFY_SIZE_VER0	688
#define HMMBENCH_VERIFY_SIZE_VER1	720 /* with phys */
#define HMMBENCH_ROOFLINE_SIZE_VER0	64
#define HMMBENCH_ROOFLINE_SIZE_VER1	80 /* with copy_length */
#define HMMBENCH_WATCH_SIZE_VER0	16
#define HMMBENCH_WATCH_READ_SIZE_VER0	56
#define HMMBENCH_CALL_SIZE_VER0		112
#define HMMBENCH_MIGRATE_SIZE_VER0	168
#define HMMBENCH_FAULT_READ_SIZE_VER0	48
#define HMMBENCH_FAULT_SIZE_VER0	80
#define HMMBENCH_MIRROR_SIZE_VER0	192

/* hmmbench_verify.flags */
#define HMMBENCH_VERIFY_PHYS	(1U << 0) /* the pgmap covering phys, not a
					   * chunk
					   */

/* hmmbench_roofline.flags */
#define HMMBENCH_ROOFLINE_COPY	(1U << 0) /* also time a page copy */

/* hmmbench_info.features */
#define HMMBENCH_FEAT_PHASE_PROBE	(1U << 0) /* memmap_init timed */
#define HMMBENCH_FEAT_VMEMMAP_SHIFT	(1U << 1) /* map.vmemmap_shift works */
#define HMMBENCH_FEAT_FOLIO_FREE	(1U << 2) /* built with folio_free */
#define HMMBENCH_FEAT_PRIVATE_PAGEMAP	(1U << 3) /* chunks are made with
						   * memremap_device_private_pagemap
						   */
#define HMMBENCH_FEAT_VERIFY		(1U << 4) /* HMMBENCH_IOC_VERIFY works */
#define HMMBENCH_FEAT_ROOFLINE		(1U << 5) /* HMMBENCH_IOC_ROOFLINE works */
#define HMMBENCH_FEAT_NO_DEVICE_PRIVATE	(1U << 6) /* the kernel has no
						   * CONFIG_DEVICE_PRIVATE: MAP
						   * fails with EOPNOTSUPP
						   */
#define HMMBENCH_FEAT_WATCH		(1U << 7) /* HMMBENCH_IOC_WATCH works */
#define HMMBENCH_FEAT_VERIFY_PHYS	(1U << 8) /* VERIFY takes
						   * HMMBENCH_VERIFY_PHYS
						   */
#define HMMBENCH_FEAT_MIGRATE		(1U << 9) /* MIGRATE and FAULT_READ
						   * work: chunks lend their
						   * pages as device memory
						   */
#define HMMBENCH_FEAT_MIGRATE_THP	(1U << 10) /* MIGRATE takes
						    * HMMBENCH_MIGRATE_THP:
						    * PMD-sized device folios
						    */
#define HMMBENCH_FEAT_ROOFLINE_COPY	(1U << 11) /* ROOFLINE takes
						    * HMMBENCH_ROOFLINE_COPY
						    */
#define HMMBENCH_FEAT_MIRROR		(1U << 12) /* MIRROR works: the
						    * kernel has
						    * CONFIG_HMM_MIRROR
						    */
#define HMMBENCH_FEAT_MIRROR_TIMES	(1U << 13) /* MIRROR takes
						    * HMMBENCH_MIRROR_TIMES
						    */

/* Timing bits in hmmbench_map.valid and hmmbench_unmap.valid */
#define HMMBENCH_T_REGION	(1U << 0)
#define HMMBENCH_T_MEMREMAP	(1U << 1)
#define HMMBENCH_T_MEMMAP_INIT	(1U << 2)
#define HMMBENCH_T_MEMUNMAP	(1U << 3)
#define HMMBENCH_T_RELEASE	(1U << 4)

/* Timing bits in hmmbench_roofline.valid */
#define HMMBENCH_R_PLAIN	(1U << 0) /* plain stores, memset() */
#define HMMBENCH_R_NT		(1U << 1) /* non-temporal stores */
#define HMMBENCH_R_COPY		(1U << 2) /* copy_highpage() of each page */

/*
 * Kinds of dev_pagemap (the kernel's enum memory_type), in
 * hmmbench_call.type; HMMBENCH_PGMAP_BIT() of them in hmmbench_watch.types.
 */
#define HMMBENCH_PGMAP_PRIVATE		1 /* device-private: chunks, HMM */
#define HMMBENCH_PGMAP_COHERENT		2 /* device-coherent */
#define HMMBENCH_PGMAP_FS_DAX		3 /* fsdax: nd_pmem binding a pfn
					   * device
					   */
#define HMMBENCH_PGMAP_GENERIC		4 /* device DAX (dax_pmem, kmem) */
#define HMMBENCH_PGMAP_P2PDMA		5 /* PCI peer-to-peer DMA */
#define HMMBENCH_PGMAP_NR		6
#define HMMBENCH_PGMAP_BIT(type)	(1U << (type))
#define HMMBENCH_PGMAP_ALL		0x3eU

/* hmmbench_call.call */
#define HMMBENCH_CALL_MEMREMAP		1 /* memremap_pages() */
#define HMMBENCH_CALL_MEMUNMAP		2 /* memunmap_pages() */

/* hmmbench_call.flags */
#define HMMBENCH_CALL_ALTMAP		(1U << 0) /* the struct pages live in
						   * the device (fsdax map=dev,
						   * devdax)
						   */
#define HMMBENCH_CALL_FAILED		(1U << 1) /* memremap_pages() failed */

/* hmmbench_watch.flags */
#define HMMBENCH_WATCH_STOP		(1U << 0) /* end this descriptor's
						   * window
						   */

/* hmmbench_migrate.direction */
#define HMMBENCH_MIGRATE_TO_DEVICE	1 /* system memory to the chunk */
#define HMMBENCH_MIGRATE_TO_SYSTEM	2 /* the chunk's pages back home */

/* hmmbench_migrate.flags */
#define HMMBENCH_MIGRATE_THP		(1U << 0) /* move PMD-sized folios
						   * whole where both sides
						   * have them
						   */

/* hmmbench_migrate.batch: pages per migrate_vma_setup() call, at most */
#define HMMBENCH_MIGRATE_BATCH_MAX	65536

/* hmmbench_mirror.flags; none: a snapshot, nothing is faulted in */
#define HMMBENCH_MIRROR_FAULT		(1U << 0) /* fault in what is not
						   * present (HMM_PFN_REQ_FAULT)
						   */
#define HMMBENCH_MIRROR_WRITE		(1U << 1) /* and what is not
						   * writable
						   * (HMM_PFN_REQ_WRITE); needs
						   * HMMBENCH_MIRROR_FAULT
						   */
#define HMMBENCH_MIRROR_TIMES		(1U << 2) /* each batch's time into
						   * times (needs
						   * HMMBENCH_FEAT_MIRROR_TIMES)
						   */

/* hmmbench_mirror.batch: pages per hmm_range_fault() call, at most */
#define HMMBENCH_MIRROR_BATCH_MAX	65536

/* hmmbench_mirror.length, in pages, at most (64 GiB of 4 KiB pages) */
#define HMMBENCH_MIRROR_PAGES_MAX	(1U << 24)

/* hmmbench_fault_read.nr, at most */
#define HMMBENCH_FAULT_READ_MAX		4096

/* hmmbench_map.node: the node of the calling CPU */
#define HMMBENCH_NODE_LOCAL	(-1)

/**
 * struct hmmbench_info - what this module and kernel can do
 * @size: (in) sizeof(struct hmmbench_info)
 * @flags: (in) must be 0
 * @abi_version: (out) HMMBENCH_ABI_VERSION of the module
 * @features: (out) HMMBENCH_FEAT_* bits
 * @module_version: (out) module version, NUL-terminated
 * @kernel_release: (out) utsname release, NUL-terminated
 * @page_size: (out) PAGE_SIZE in bytes
 * @struct_page_size: (out) sizeof(struct page) in bytes
 * @size_align: (out) chunk lengths must be a multiple of this (the
 *	memory section size)
 * @min_size: (out) smallest chunk length
 * @max_size: (out) largest chunk length the budget allows right now
 * @budget: (out) bytes of struct page memory that may still be allocated
 * @mem_available: (out) MemAvailable in bytes
 * @reserve: (out) bytes of available memory the module never uses
 * @live_chunks: (out) chunks mapped now, all file descriptors
 * @nr_nodes: (out) number of online NUMA nodes
 * @maps_total: (out) chunks created since the module was loaded, including
 *	those a MAP destroyed again because it could not copy its result out
 * @phys_window_start: (out) first physical address a chunk may take: of
 *	the range memory hotplug accepts with a mapping (whose struct pages
 *	the vmemmap can hold), within iomem; 0 and @phys_window_end 0 with
 *	HMMBENCH_FEAT_PRIVATE_PAGEMAP (chunks have no physical range), and
 *	from a module older than this field
 * @phys_window_end: (out) last physical address of that window, inclusive
 */
struct hmmbench_info {
	__u32 size;
	__u32 flags;
	__u32 abi_version;
	__u32 features;
	char module_version[32];
	char kernel_release[64];
	__aligned_u64 page_size;
	__aligned_u64 struct_page_size;
	__aligned_u64 size_align;
	__aligned_u64 min_size;
	__aligned_u64 max_size;
	__aligned_u64 budget;
	__aligned_u64 mem_available;
	__aligned_u64 reserve;
	__u32 live_chunks;
	__u32 nr_nodes;
	__aligned_u64 maps_total;
	__aligned_u64 phys_window_start;
	__aligned_u64 phys_window_end;
};

/**
 * struct hmmbench_map - create one DEVICE_PRIVATE chunk
 * @size: (in) sizeof(struct hmmbench_map)
 * @flags: (in) must be 0
 * @length: (in) bytes of device memory, a multiple of info.size_align
 * @node: (in) NUMA node for the struct pages, or HMMBENCH_NODE_LOCAL
 * @vmemmap_shift: (in) 0 for base pages, else log2 of the pages per
 *	compound page (needs HMMBENCH_FEAT_VMEMMAP_SHIFT), at most a PUD's
 *	order, as for device DAX (and the largest folio's from 6.18);
 *	@length must be a multiple of the compound page
 * @handle: (out) names the chunk in UNMAP, non-zero; it is valid from the
 *	moment MAP returns success
 * @valid: (out) HMMBENCH_T_* bits for the timings below that were measured
 * @phys_start: (out) first physical address of the chunk (its first
 *	device-private address with HMMBENCH_FEAT_PRIVATE_PAGEMAP)
 * @region_ns: (out) request_free_mem_region(); there is no such phase with
 *	HMMBENCH_FEAT_PRIVATE_PAGEMAP
 * @memremap_ns: (out) memremap_pages(), total (with
 *	HMMBENCH_FEAT_PRIVATE_PAGEMAP, memremap_device_private_pagemap())
 * @memmap_init_ns: (out) time spent inside memmap_init_zone_device()
 *	during that memremap_pages() call
 * @__reserved: must be 0
 */
struct hmmbench_map {
	__u32 size;
	__u32 flags;
	__aligned_u64 length;
	__s32 node;
	__u32 vmemmap_shift;
	__u32 handle;
	__u32 valid;
	__aligned_u64 phys_start;
	__aligned_u64 region_ns;
	__aligned_u64 memremap_ns;
	__aligned_u64 memmap_init_ns;
	__aligned_u64 __reserved;
};

/**
 * struct hmmbench_unmap - destroy one chunk made on this file descriptor
 * @size: (in) sizeof(struct hmmbench_unmap)
 * @flags: (in) must be 0
 * @handle: (in) from hmmbench_map.handle
 * @valid: (out) HMMBENCH_T_* bits for the timings below
 * @memunmap_ns: (out) memunmap_pages() (with HMMBENCH_FEAT_PRIVATE_PAGEMAP,
 *	memunmap_device_private_pagemap())
 * @release_ns: (out) release of the physical address range, which there
 *	is not with HMMBENCH_FEAT_PRIVATE_PAGEMAP
 *
 * Pages the chunk lent (HMMBENCH_IOC_MIGRATE) come home first, whoever
 * maps them, into the RAM that held their data; none is needed for that.
 * Pages that cannot move yet (locked by a fault in progress) are tried
 * again until 5 s pass without one coming home: then UNMAP fails with
 * EBUSY, or EINTR on a fatal signal, says why in the kernel log and
 * leaves the chunk as it was.  Closing the descriptor destroys the chunk
 * then or, if that wait fails, once the pages have come home, trying
 * every second.
 */
struct hmmbench_unmap {
	__u32 size;
	__u32 flags;
	__u32 handle;
	__u32 valid;
	__aligned_u64 memunmap_ns;
	__aligned_u64 release_ns;
};

/*
 * hmmbench_verify.checks[]: invariants of every struct page of a chunk, as
 * memremap_pages() leaves them (the rules of __init_zone_device_page() and
 * memmap_init_compound() in mm/mm_init.c).  A page counts once per
 * invariant it breaks.  The refcount of a free page is 0, except for the
 * head or base pages of device DAX (GENERIC) and, on kernels where fsdax
 * refcounts are 1-based (before Linux 6.15), of FS_DAX and P2PDMA: 1.  The node is
 * the chunk's, or for HMMBENCH_VERIFY_PHYS the first page's.
 */
#define HMMBENCH_CHECK_REFCOUNT		0 /* refcount is not a free page's */
#define HMMBENCH_CHECK_MAPCOUNT		1 /* mapcount is not reset (-1) */
#define HMMBENCH_CHECK_ZONE		2 /* zone is not ZONE_DEVICE */
#define HMMBENCH_CHECK_NODE		3 /* node is not the chunk's */
#define HMMBENCH_CHECK_PGMAP		4 /* a head or base page's pgmap is
					   * not the chunk's dev_pagemap
					   */
#define HMMBENCH_CHECK_COMPOUND		5 /* head flag, order or a tail's
					   * compound head is not what
					   * vmemmap_shift makes them
					   */
#define HMMBENCH_CHECK_POINTER		6 /* a word holds a kernel address
					   * other than the chunk's pgmap,
					   * the page itself or its head
					   */
#define HMMBENCH_CHECK_NR		7
#define HMMBENCH_CHECK_SLOTS		16 /* room in struct hmmbench_verify */
#define HMMBENCH_CHECK_PFNS		4

/**
 * struct hmmbench_check - one invariant over a chunk
 * @count: (out) pages that break it
 * @pfn: (out) the first @count of them, at most HMMBENCH_CHECK_PFNS, in
 *	pfn order
 */
struct hmmbench_check {
	__aligned_u64 count;
	__aligned_u64 pfn[HMMBENCH_CHECK_PFNS];
};

/**
 * struct hmmbench_verify - read back a chunk's struct pages
 * @size: (in) sizeof(struct hmmbench_verify)
 * @flags: (in) 0, or HMMBENCH_VERIFY_PHYS
 * @handle: (in) a chunk made on this file descriptor; 0 with
 *	HMMBENCH_VERIFY_PHYS
 * @checks_nr: (out) HMMBENCH_CHECK_NR of this module: @checks beyond it
 *	are zero
 * @pages: (out) struct pages read, one per page of the chunk
 * @digest: (out) a hash of every word of every struct page, in pfn order,
 *	after each word that holds the chunk's dev_pagemap, the address of
 *	the word itself (a list head pointing to itself) or the page's
 *	compound head (tail pages) was replaced by a constant naming what
 *	it points to, and every other kernel address by one constant; two
 *	chunks of the same length and vmemmap_shift whose struct pages hold
 *	the same values have the same digest, across boots and kernels of
 *	the same @layout
 * @layout: (out) a hash of what the digest depends on besides the values:
 *	sizeof(struct page), the positions of its fields and of the zone
 *	and node in the flags, ZONE_DEVICE and the page flag numbers.
 *	Digests of different layouts are not comparable.
 * @bad_pages: (out) pages that break at least one invariant
 * @checks: (out) per invariant, indexed by HMMBENCH_CHECK_*
 * @start: (out) physical address of the first page read
 * @skipped: (out) pages of the range before @start, whose struct pages
 *	memremap_pages() does not initialise: the reserve and memmap of the
 *	pgmap's altmap (map=dev); 0 for a chunk
 * @type: (out) HMMBENCH_PGMAP_* of the pgmap
 * @vmemmap_shift: (out) its vmemmap_shift; compound pages start at @start
 * @phys: (in, HMMBENCH_VERIFY_PHYS) a physical address inside a live
 *	dev_pagemap, such as a bound pmem namespace's: VERIFY reads the
 *	range of that pgmap which holds @phys, and holds a reference on the
 *	pgmap while it does (its memunmap_pages() waits)
 *
 * VERIFY waits for any measured MAP or UNMAP to finish and holds off new
 * ones while it reads, so it never runs inside another caller's timing.
 * The invariants are those of a chunk as MAP left it: pages a MIGRATE
 * lent hold references while lent, and from Linux 6.19 a device THP
 * folio freed back keeps its compound state until handed out again, so
 * such a chunk's pages count against HMMBENCH_CHECK_COMPOUND and
 * HMMBENCH_CHECK_POINTER.
 */
struct hmmbench_verify {
	__u32 size;
	__u32 flags;
	__u32 handle;
	__u32 checks_nr;
	__aligned_u64 pages;
	__aligned_u64 digest;
	__aligned_u64 layout;
	__aligned_u64 bad_pages;
	struct hmmbench_check checks[HMMBENCH_CHECK_SLOTS];
	__aligned_u64 start;
	__aligned_u64 skipped;
	__u32 type;
	__u32 vmemmap_shift;
	__aligned_u64 phys;
};

/**
 * struct hmmbench_roofline - how fast the kernel writes a memmap's bytes
 * @size: (in) sizeof(struct hmmbench_roofline)
 * @flags: (in) 0, or HMMBENCH_ROOFLINE_COPY to time a copy of
 *	@copy_length bytes as well (needs HMMBENCH_FEAT_ROOFLINE_COPY and a
 *	@size of at least HMMBENCH_ROOFLINE_SIZE_VER1)
 * @length: (in) a chunk length, as for MAP: the bytes written are the
 *	struct pages of a chunk of this length
 * @node: (in) NUMA node of the buffers, or HMMBENCH_NODE_LOCAL
 * @valid: (out) HMMBENCH_R_* bits for the timings below that were measured
 * @bytes: (out) bytes written by each store variant, (@length / page
 *	size) * sizeof(struct page)
 * @plain_ns: (out) plain stores: memset() of a buffer of @bytes
 * @nt_ns: (out) non-temporal stores: memcpy_flushcache() of a cached
 *	zero page over the same buffer, then a store fence; only where
 *	that bypasses the cache (x86-64), else HMMBENCH_R_NT is clear
 * @__reserved: must be 0
 * @copy_length: (in) with HMMBENCH_ROOFLINE_COPY, the bytes to copy: a
 *	non-zero multiple of the page size, at most a chunk's largest
 *	length; else 0
 * @copy_ns: (out) copy_highpage() of each page of a buffer of
 *	@copy_length into another, as MIGRATE copies a page it moves: the
 *	fastest of three timed copies (HMMBENCH_R_COPY)
 *
 * The buffers are node-local memory of PMD-sized blocks written through
 * the kernel's direct map, which huge pages map as they map the vmemmap;
 * they count against hmmbench_info.budget while they exist (the copy's
 * two: twice @copy_length) and are freed before the call returns.  Each
 * variant runs once untimed first; the stores are then timed once each,
 * the copy three times.
 * ROOFLINE waits for any measured MAP or UNMAP to finish and holds off new
 * ones while it writes.
 */
struct hmmbench_roofline {
	__u32 size;
	__u32 flags;
	__aligned_u64 length;
	__s32 node;
	__u32 valid;
	__aligned_u64 bytes;
	__aligned_u64 plain_ns;
	__aligned_u64 nt_ns;
	__aligned_u64 __reserved[2];
	__aligned_u64 copy_length;
	__aligned_u64 copy_ns;
};

/**
 * struct hmmbench_watch - start or end a window on calls made by any task
 * @size: (in) sizeof(struct hmmbench_watch)
 * @flags: (in) 0 to start a window on this file descriptor, or
 *	HMMBENCH_WATCH_STOP to end it
 * @types: (in) to start: HMMBENCH_PGMAP_BIT() of each kind of dev_pagemap
 *	whose calls are recorded, non-zero, within HMMBENCH_PGMAP_ALL; to
 *	stop: 0
 * @capacity: (out) calls the window holds before it drops them
 *
 * While a window is open, every memremap_pages() and memunmap_pages()
 * call in the system, by any task (a driver binding a pmem namespace, say),
 * is timed, and so is the memmap_init_zone_device() phase of each
 * memremap_pages().  Calls on a pgmap of a kind not in @types are only
 * counted.  There is one window at a time: starting a second, from any
 * descriptor, fails with EBUSY until it stops.  A call already running
 * when a window starts is not seen; one running when it stops is recorded
 * when it returns, unless the descriptor has been closed by then.  The
 * records stay readable with HMMBENCH_IOC_WATCH_READ on the window's
 * descriptor after it stops, until that descriptor is closed or a new
 * window starts.  Closing the descriptor stops its window.  A start that
 * fails leaves the records of the window before it as they were.
 *
 * Errors besides the common ones: EPERM without CAP_SYS_ADMIN, EBUSY
 * another window is open, ENOENT (stop) no open window on this
 * descriptor,
 * EOPNOTSUPP the kernel cannot be probed there (no HMMBENCH_FEAT_WATCH),
 * EFAULT the struct cannot be written back: a window this call started
 * is stopped again (empty, and this descriptor's).
 */
struct hmmbench_watch {
	__u32 size;
	__u32 flags;
	__u32 types;
	__u32 capacity;
};

/**
 * struct hmmbench_call - one memremap_pages() or memunmap_pages() call
 * @size: (out) sizeof(struct hmmbench_call) of the module; records are
 *	hmmbench_watch_read.rec_size bytes apart in the caller's array
 * @call: (out) HMMBENCH_CALL_MEMREMAP or HMMBENCH_CALL_MEMUNMAP
 * @type: (out) HMMBENCH_PGMAP_* of the pgmap
 * @flags: (out) HMMBENCH_CALL_* bits
 * @valid: (out) HMMBENCH_T_MEMREMAP and HMMBENCH_T_MEMMAP_INIT, or
 *	HMMBENCH_T_MEMUNMAP, for the timings below that were measured;
 *	HMMBENCH_T_MEMMAP_INIT only when the phase of every range was
 *	timed
 * @pid: (out) thread group id of the caller, in the initial PID namespace
 * @node: (out) NUMA node of the struct pages initialised (memremap only),
 *	-1 when no memmap_init_zone_device() phase was seen
 * @vmemmap_shift: (out) log2 pages per compound page of the pgmap
 * @nr_range: (out) physical ranges of the pgmap
 * @seq: (out) numbers the calls of one window from 1, in the order they
 *	returned, whatever their kind
 * @start_ns: (out) CLOCK_MONOTONIC when the call was entered
 * @phys_start: (out) first physical address of the pgmap's first range
 * @pages: (out) pages in the pgmap's ranges
 * @init_pages: (out) pages memmap_init_zone_device() initialised: @pages
 *	less those holding the struct pages themselves with
 *	HMMBENCH_CALL_ALTMAP (the count the kernel's own pr_debug prints)
 * @total_ns: (out) the whole call
 * @memmap_init_ns: (out) time spent inside memmap_init_zone_device()
 *	during the call, over all its ranges
 * @comm: (out) command name of the caller, NUL-terminated
 */
struct hmmbench_call {
	__u32 size;
	__u32 call;
	__u32 type;
	__u32 flags;
	__u32 valid;
	__u32 pid;
	__s32 node;
	__u32 vmemmap_shift;
	__u32 nr_range;
	__u32 __reserved;
	__aligned_u64 seq;
	__aligned_u64 start_ns;
	__aligned_u64 phys_start;
	__aligned_u64 pages;
	__aligned_u64 init_pages;
	__aligned_u64 total_ns;
	__aligned_u64 memmap_init_ns;
	char comm[16];
};

/**
 * struct hmmbench_watch_read - take the calls a window recorded
 * @size: (in) sizeof(struct hmmbench_watch_read)
 * @flags: (in) must be 0
 * @records: (in) user address of an array of @nr records of @rec_size
 *	bytes each
 * @rec_size: (in) sizeof(struct hmmbench_call) the caller was built with,
 *	at least HMMBENCH_CALL_SIZE_VER0 and at most the page size
 * @nr: (in) records the array holds, at most 4096; (out) records written,
 *	oldest first; each is taken from the window once
 * @in_flight: (out) calls of the asked kinds that have been entered and
 *	have not returned yet: read again to have them
 * @other: (out) calls on a pgmap of a kind not asked for, since the start
 * @dropped: (out) calls lost because the window was full, since the start
 * @missed: (out) calls the probes could not follow (more at once than
 *	they track), since the start; their times are unknown
 *
 * ENOENT when this descriptor has no window; EFAULT when @records or this
 * struct cannot be written, in which case the records are not taken.
 */
struct hmmbench_watch_read {
	__u32 size;
	__u32 flags;
	__aligned_u64 records;
	__u32 rec_size;
	__u32 nr;
	__u32 in_flight;
	__u32 __reserved;
	__aligned_u64 other;
	__aligned_u64 dropped;
	__aligned_u64 missed;
};

/**
 * struct hmmbench_migrate - move a range of the caller's memory to a
 *	chunk's pages or back, timing each phase of the kernel's device
 *	migration (mm/migrate_device.c)
 * @size: (in) sizeof(struct hmmbench_migrate)
 * @flags: (in) 0 or HMMBENCH_MIGRATE_THP (needs
 *	HMMBENCH_FEAT_MIGRATE_THP)
 * @handle: (in) a chunk made on this file descriptor: its pages are the
 *	device memory, each backed by a page of system RAM that holds its
 *	data, so the device's copy is a CPU copy
 * @direction: (in) HMMBENCH_MIGRATE_TO_DEVICE or HMMBENCH_MIGRATE_TO_SYSTEM
 * @addr: (in) start of the range, page-aligned (with
 *	HMMBENCH_MIGRATE_THP, PMD-aligned), in mappings of the caller; only
 *	private anonymous pages move to the device (see @skip_busy)
 * @length: (in) bytes, a non-zero multiple of the page size (with
 *	HMMBENCH_MIGRATE_THP, of a PMD's size)
 * @batch: (in) pages per migrate_vma_setup() call, 0 for a PMD's pages
 *	(PAGE_SIZE / 8, the 7.x kernels' test_hmm), at most
 *	HMMBENCH_MIGRATE_BATCH_MAX; with HMMBENCH_MIGRATE_THP a multiple
 *	of a PMD's pages
 * @calls: (out) migrate_vma_setup() calls made
 * @total_ns: (out) the whole migration: every phase below and the loop
 *	around them, with the caller's mmap lock held
 * @setup_ns: (out) migrate_vma_setup(): collect and unmap the source
 *	pages
 * @alloc_ns: (out) allocating the destination pages (a chunk page and
 *	its RAM backing, or a system page)
 * @copy_ns: (out) copying the data (copy_highpage(), per 4 KiB)
 * @pages_ns: (out) migrate_vma_pages(): move the struct page state
 * @finalize_ns: (out) migrate_vma_finalize(): remap and release
 * @requested: (out) pages in the range
 * @collected: (out) pages migrate_vma_setup() selected for migration
 * @migrated: (out) pages that moved
 * @thp: (out) PMD-sized folios that moved whole (their pages are in
 *	@migrated)
 * @split: (out) PMD-sized sources, with HMMBENCH_MIGRATE_THP, that no
 *	PMD-sized destination could be had for and of which at least one
 *	base page moved (a THP the kernel split, or a PMD hole filled with
 *	base pages)
 * @skip_uncollected: (out) pages migrate_vma_setup() did not select, or
 *	selected and then put back: not mapped, another device's, not this
 *	direction's kind, or with references it cannot account for (pinned,
 *	spliced into a pipe) or otherwise not isolable
 * @skip_nomem: (out) collected pages no destination page was found for
 *	(the chunk is full, or no RAM); a PMD hole (never touched, or the
 *	huge zero page) that cannot have all its pages counts whole here
 * @skip_busy: (out) collected pages migrate_vma_pages() did not move:
 *	file-backed or shared memory (only private anonymous memory moves to
 *	the device), or references taken after collection
 * @__reserved: must be 0
 *
 * Pages may move in part: the counts say how many did, and
 * @requested = @collected + @skip_uncollected, @collected = @migrated +
 * @skip_nomem + @skip_busy.  A range with a gap (EFAULT) or a hugetlb,
 * VM_IO, VM_PFNMAP, VM_MIXEDMAP or DAX mapping (EINVAL) is refused before
 * anything moves; when a call fails after its first migrate_vma_setup()
 * (EINTR), the (out) fields are written as for a success and say what
 * moved.  Lent pages come
 * home when a process touches them (migrate_to_ram, timed: see
 * HMMBENCH_IOC_FAULT_READ), with TO_SYSTEM, and before their chunk is
 * destroyed (UNMAP, close), which waits for that; they are freed back to
 * the chunk when their last mapping goes (munmap, exit).
 * MIGRATE waits for any measured MAP or UNMAP (evictions included) to
 * finish and holds off new ones while it runs; CPU faults on lent pages,
 * which hold the faulting mm's mmap lock, run outside that order and may
 * run beside it.  Errors besides the common ones: EOPNOTSUPP no
 * HMMBENCH_FEAT_MIGRATE (or _THP for the flag), EINVAL a bad range,
 * direction or batch (or, with HMMBENCH_MIGRATE_THP, an @addr or
 * @length not PMD-aligned), EFAULT part of the range is not mapped, ENOENT no
 * such chunk (or another thread is migrating or verifying it), ENOMEM
 * no memory for the chunk's device bookkeeping (the first MIGRATE of a
 * chunk allocates a bit and a pointer per page of it), EINTR a fatal
 * signal stopped it between two calls (the pages moved so far stay
 * moved).  A chunk made with a vmemmap_shift cannot lend its pages
 * (EINVAL): device-private compound pages are not handed out one by one.
 */
struct hmmbench_migrate {
	__u32 size;
	__u32 flags;
	__u32 handle;
	__u32 direction;
	__aligned_u64 addr;
	__aligned_u64 length;
	__u32 batch;
	__u32 calls;
	__aligned_u64 total_ns;
	__aligned_u64 setup_ns;
	__aligned_u64 alloc_ns;
	__aligned_u64 copy_ns;
	__aligned_u64 pages_ns;
	__aligned_u64 finalize_ns;
	__aligned_u64 requested;
	__aligned_u64 collected;
	__aligned_u64 migrated;
	__aligned_u64 thp;
	__aligned_u64 split;
	__aligned_u64 skip_uncollected;
	__aligned_u64 skip_nomem;
	__aligned_u64 skip_busy;
	__aligned_u64 __reserved[2];
};

/**
 * struct hmmbench_fault - one CPU fault on a lent page (migrate_to_ram)
 * @size: (out) sizeof(struct hmmbench_fault) of the module; records are
 *	hmmbench_fault_read.rec_size bytes apart in the caller's array
 * @order: (out) folio order moved home: 0, or a PMD's
 * @pages: (out) pages that moved (0 when another path had moved them)
 * @__reserved: 0
 * @start_ns: (out) CLOCK_MONOTONIC when the handler was entered
 * @addr: (out) the faulting address, page-aligned
 * @total_ns: (out) the whole handler
 * @setup_ns: (out) migrate_vma_setup()
 * @alloc_ns: (out) allocating the system pages
 * @copy_ns: (out) copying the data home
 * @pages_ns: (out) migrate_vma_pages()
 * @finalize_ns: (out) migrate_vma_finalize()
 */
struct hmmbench_fault {
	__u32 size;
	__u32 order;
	__u32 pages;
	__u32 __reserved;
	__aligned_u64 start_ns;
	__aligned_u64 addr;
	__aligned_u64 total_ns;
	__aligned_u64 setup_ns;
	__aligned_u64 alloc_ns;
	__aligned_u64 copy_ns;
	__aligned_u64 pages_ns;
	__aligned_u64 finalize_ns;
};

/**
 * struct hmmbench_fault_read - take the faults a chunk's pages took
 * @size: (in) sizeof(struct hmmbench_fault_read)
 * @flags: (in) must be 0
 * @handle: (in) a chunk made on this file descriptor
 * @rec_size: (in) sizeof(struct hmmbench_fault) the caller was built
 *	with, at least HMMBENCH_FAULT_SIZE_VER0 and at most the page size
 * @records: (in) user address of an array of @nr records of @rec_size
 *	bytes
 * @nr: (in) records the array holds, at most HMMBENCH_FAULT_READ_MAX;
 *	(out) records written, oldest first; each is taken once
 * @capacity: (out) records the chunk keeps before it drops new ones; 0
 *	until its first MIGRATE, before which it keeps none (and has none)
 * @faults: (out) faults handled on the chunk's pages since it was mapped
 * @dropped: (out) records lost because they were not read in time, since
 *	the chunk was mapped
 *
 * Faults by any process on the chunk's pages are recorded.  ENOENT no
 * such chunk (or another thread is migrating it), EFAULT @records or this
 * struct cannot be written (the records are then not taken).
 */
struct hmmbench_fault_read {
	__u32 size;
	__u32 flags;
	__u32 handle;
	__u32 rec_size;
	__aligned_u64 records;
	__u32 nr;
	__u32 capacity;
	__aligned_u64 faults;
	__aligned_u64 dropped;
};

/**
 * struct hmmbench_mirror - mirror a range of the caller's memory as a
 *	device would, with hmm_range_fault() under an mmu_interval_notifier
 *	(mm/hmm.c), timing each phase, in the manner of lib/test_hmm.c's
 *	dmirror_fault()
 * @size: (in) sizeof(struct hmmbench_mirror)
 * @flags: (in) 0 for a snapshot (what is mapped now, nothing faulted
 *	in), HMMBENCH_MIRROR_FAULT to fault in what is not present (as for
 *	a device read), with HMMBENCH_MIRROR_WRITE also what is not
 *	writable (as for a device write)
 * @handle: (in) 0, or a chunk made on this file descriptor whose pages
 *	are the device's own (needs HMMBENCH_FEAT_MIGRATE): pages it lent
 *	(HMMBENCH_IOC_MIGRATE) are then found as device-private entries
 *	and left where they are (dev_private_owner); with 0, or another
 *	chunk's, they are not valid in a snapshot and are faulted home
 *	(migrate_to_ram) with HMMBENCH_MIRROR_FAULT
 * @batch: (in) pages per hmm_range_fault() call, 0 for 64 (as 6.12's
 *	test_hmm), at most HMMBENCH_MIRROR_BATCH_MAX; a batch never goes
 *	past the range
 * @addr: (in) start of the range, page-aligned
 * @length: (in) bytes, a non-zero multiple of the page size, at most
 *	HMMBENCH_MIRROR_PAGES_MAX pages
 * @calls: (out) batches mirrored (each one successful hmm_range_fault()
 *	and device update, after any retries)
 * @total_ns: (out) the batches, each from the start of its first
 *	attempt to the end of its device update, the device lock dropped:
 *	every phase below plus mmu_interval_read_begin() (which waits for
 *	an invalidation in progress) and taking and dropping the mmap and
 *	device locks; counting the pages found is outside it
 * @fault_ns: (out) hmm_range_fault() calls that succeeded
 * @update_ns: (out) the device's page-table update: a store per page
 *	into the module's table, under its lock, after
 *	mmu_interval_read_retry() said the pfns are current
 * @retry_ns: (out) attempts that were retried, each whole (from
 *	clearing its pfns through mmu_interval_read_begin() to the retry)
 * @retry_busy: (out) hmm_range_fault() calls that returned -EBUSY (an
 *	invalidation raced the walk), each retried
 * @retry_seq: (out) mmu_interval_read_retry() checks that said an
 *	invalidation came after the walk, each retried
 * @invalidations: (out) invalidate callbacks of the call's notifier that
 *	overlapped the range (from any thread or process: munmap,
 *	madvise, mprotect, migration, reclaim, a THP split)
 * @invalidate_ns: (out) those callbacks, entry to return, the wait for the
 *	device lock included
 * @call_min_ns: (out) the fastest batch, as @total_ns times it
 * @call_max_ns: (out) the slowest batch
 * @pages: (out) pages in the range
 * @valid: (out) pages found with HMM_PFN_VALID (present and readable,
 *	device-private ones of @handle's chunk included)
 * @writable: (out) valid pages with HMM_PFN_WRITE
 * @pmd: (out) valid pages mapped by a PMD or larger entry
 *	(hmm_pfn_to_map_order() of a PMD's order or more: THP, device THP,
 *	the huge zero page, hugetlb)
 * @zero: (out) valid pages that are the shared zero page (is_zero_pfn();
 *	the huge zero page's pfn is not exported to modules: it counts in
 *	@pmd only)
 * @device_private: (out) valid pages that are device-private pages of
 *	@handle's chunk
 * @error: (out) pages found with HMM_PFN_ERROR: in no mapping (a
 *	snapshot over a hole), in a VM_IO, VM_PFNMAP or unreadable mapping,
 *	or special pages; and in a snapshot, the pages of a PMD-sized folio
 *	lent to another device than @handle's chunk (7.x's
 *	hmm_vma_handle_absent_pmd(); a base page lent so is not present)
 * @times: (in) with HMMBENCH_MIRROR_TIMES, a user array of @nr_times
 *	__u64 into which each batch's time goes (as @call_min_ns times
 *	it), in the order of the range, @calls of them; else 0
 * @nr_times: (in) with HMMBENCH_MIRROR_TIMES, the room of @times, at
 *	least the batches of the range (its pages over @batch, rounded
 *	up); else 0
 *
 * Pages neither valid nor in error were not present (a snapshot) and
 * are @pages - @valid - @error.  How many pages HMMBENCH_MIRROR_FAULT
 * faulted in is not counted: hmm_range_fault() faults and walks again
 * without saying which entries it faulted, and finding out would take a
 * second walk of the very page tables that are timed.  A snapshot
 * MIRROR before the faulting one says what was present.
 *
 * The notifier is inserted when the call starts and removed before it
 * returns, so nothing outlives the call: a close, UNMAP, exit or rmmod
 * never finds one.  The device's table (8 bytes per page, kvmalloc'd)
 * lives for the call too; its invalidate callback clears the entries in
 * the invalidated range.  The times are kept for the call too and copied
 * to @times after the last batch.  MIRROR waits for any measured MAP,
 * UNMAP or MIGRATE to finish and holds off new ones while it runs; the
 * chunk of @handle is the call's (borrowed) until it returns.  Errors
 * besides the common ones: EOPNOTSUPP no HMMBENCH_FEAT_MIRROR (or, for
 * a @handle, no HMMBENCH_FEAT_MIGRATE), EINVAL a bad range, flags,
 * batch or times, or a chunk made with a vmemmap_shift, ENOENT no such
 * chunk, ENOMEM the table (and the times) would take memory the
 * module's reserve keeps (see hmmbench_info.budget) or could not be
 * had, EFAULT @times not writable, and what hmm_range_fault() returns,
 * as it returns it: EFAULT a page to fault in has no mapping or cannot
 * be made valid (a snapshot finds such pages as @error instead), EPERM
 * a write fault in a mapping without write permission, EBUSY
 * invalidations kept a batch from completing for a second
 * (HMM_RANGE_DEFAULT_TIMEOUT, as test_hmm gives up), EINTR a fatal
 * signal between two attempts.  After an error the (out)
 * fields hold no result: they are zero if the call got as far as
 * clearing them (see the top of this file), else as they were.
 */
struct hmmbench_mirror {
	__u32 size;
	__u32 flags;
	__u32 handle;
	__u32 batch;
	__aligned_u64 addr;
	__aligned_u64 length;
	__aligned_u64 calls;
	__aligned_u64 total_ns;
	__aligned_u64 fault_ns;
	__aligned_u64 update_ns;
	__aligned_u64 retry_ns;
	__aligned_u64 retry_busy;
	__aligned_u64 retry_seq;
	__aligned_u64 invalidations;
	__aligned_u64 invalidate_ns;
	__aligned_u64 call_min_ns;
	__aligned_u64 call_max_ns;
	__aligned_u64 pages;
	__aligned_u64 valid;
	__aligned_u64 writable;
	__aligned_u64 pmd;
	__aligned_u64 zero;
	__aligned_u64 device_private;
	__aligned_u64 error;
	__aligned_u64 times;
	__aligned_u64 nr_times;
};

/*
 * The kernel dispatches on the type and number; the size bits of the
 * command are not used, the size field of the struct is.
 */
#define HMMBENCH_IOC_MAGIC	0xBB
#define HMMBENCH_IOC_INFO	_IOWR(HMMBENCH_IOC_MAGIC, 0x00, struct hmmbench_info)
#define HMMBENCH_IOC_MAP	_IOWR(HMMBENCH_IOC_MAGIC, 0x01, struct hmmbench_map)
#define HMMBENCH_IOC_UNMAP	_IOWR(HMMBENCH_IOC_MAGIC, 0x02, struct hmmbench_unmap)
#define HMMBENCH_IOC_VERIFY	_IOWR(HMMBENCH_IOC_MAGIC, 0x03, struct hmmbench_verify)
#define HMMBENCH_IOC_ROOFLINE	_IOWR(HMMBENCH_IOC_MAGIC, 0x04, struct hmmbench_roofline)
#define HMMBENCH_IOC_WATCH	_IOWR(HMMBENCH_IOC_MAGIC, 0x05, struct hmmbench_watch)
#define HMMBENCH_IOC_WATCH_READ	_IOWR(HMMBENCH_IOC_MAGIC, 0x06, struct hmmbench_watch_read)
#define HMMBENCH_IOC_MIGRATE	_IOWR(HMMBENCH_IOC_MAGIC, 0x07, struct hmmbench_migrate)
#define HMMBENCH_IOC_FAULT_READ	_IOWR(HMMBENCH_IOC_MAGIC, 0x08, struct hmmbench_fault_read)
#define HMMBENCH_IOC_MIRROR	_IOWR(HMMBENCH_IOC_MAGIC, 0x09, struct hmmbench_mirror)

/*
 * Generic netlink family HMMBENCH_GENL_NAME, version HMMBENCH_GENL_VERSION:
 * what is system-wide, for any process, where the ioctls above serve the
 * process that owns a chunk.  The family lives in the initial network
 * namespace only.  Requests carry no attributes: the policy of every
 * command rejects all of them, strictly (EINVAL), as it does a non-zero
 * reserved byte in the generic netlink header.
 *
 * HMMBENCH_CMD_GET_INFO (do, anyone): the reply carries the HMMBENCH_A_*
 *	attributes with the values of struct hmmbench_info, without its
 *	size and flags.  /proc/meminfo and uname tell as much.
 *
 * HMMBENCH_CMD_GET_CHUNKS (dump, CAP_SYS_ADMIN, else EPERM): every chunk
 *	alive now, in all processes, in the order of HMMBENCH_CHUNK_A_ID.
 *	Each message holds one HMMBENCH_A_CHUNKS nest of chunk nests (type
 *	0, attributes HMMBENCH_CHUNK_A_*); a dump spans as many messages as
 *	it needs and resumes after the last chunk sent, so it is complete
 *	however many chunks live.  A chunk mapped or unmapped while the dump
 *	runs may or may not appear; the message after such a change has
 *	NLM_F_DUMP_INTR set.  It needs CAP_SYS_ADMIN because it shows
 *	physical addresses, which /proc/iomem hides from unprivileged users,
 *	and who holds how much memory.
 *
 * Multicast group HMMBENCH_GENL_MCGRP_EVENTS: one HMMBENCH_CMD_CHUNK_MAPPED
 *	message per chunk created and one HMMBENCH_CMD_CHUNK_UNMAPPED per
 *	chunk destroyed (by UNMAP or by closing its descriptor), each with
 *	an HMMBENCH_A_CHUNK nest, sent after the measured section, never
 *	inside it.  A MAP that fails after it made its chunk (EFAULT) sends
 *	neither: the chunk never became visible, in dumps either.  Kernels
 *	whose generic netlink has GENL_MCAST_CAP_SYS_ADMIN (6.7 and stable
 *	backports such as Debian's 6.1.192) refuse to join the group
 *	without CAP_SYS_ADMIN (EPERM); on older ones anyone may join, which
 *	is why events never carry the physical range.  A CHUNK_MAPPED event
 *	may arrive before the MAP that made it has returned to its caller.
 *
 * Attribute types: u32 and u64 are NLA_U32 and NLA_U64 (64-bit values are
 * padded with HMMBENCH_A_PAD or HMMBENCH_CHUNK_A_PAD), strings are
 * NUL-terminated.  Durations are nanoseconds; a timing is present only
 * when it was measured (its HMMBENCH_T_* bit is in HMMBENCH_CHUNK_A_VALID).
 */
#define HMMBENCH_GENL_NAME		"hmmbench"
#define HMMBENCH_GENL_VERSION		1
#define HMMBENCH_GENL_MCGRP_EVENTS	"events"

enum hmmbench_cmd {
	HMMBENCH_CMD_UNSPEC,
	HMMBENCH_CMD_GET_INFO,		/* do */
	HMMBENCH_CMD_GET_CHUNKS,	/* dump */
	HMMBENCH_CMD_CHUNK_MAPPED,	/* event */
	HMMBENCH_CMD_CHUNK_UNMAPPED,	/* event */
	HMMBENCH_CMD_PGMAP_CALL,	/* event */
	__HMMBENCH_CMD_MAX
};
#define HMMBENCH_CMD_MAX (__HMMBENCH_CMD_MAX - 1)

/* Top-level attributes; the INFO ones are the fields of hmmbench_info. */
enum hmmbench_attr {
	HMMBENCH_A_UNSPEC,
	HMMBENCH_A_PAD,
	HMMBENCH_A_ABI_VERSION,		/* u32 */
	HMMBENCH_A_FEATURES,		/* u32, HMMBENCH_FEAT_* */
	HMMBENCH_A_MODULE_VERSION,	/* string */
	HMMBENCH_A_KERNEL_RELEASE,	/* string */
	HMMBENCH_A_PAGE_SIZE,		/* u64 */
	HMMBENCH_A_STRUCT_PAGE_SIZE,	/* u64 */
	HMMBENCH_A_SIZE_ALIGN,		/* u64 */
	HMMBENCH_A_MIN_SIZE,		/* u64 */
	HMMBENCH_A_MAX_SIZE,		/* u64 */
	HMMBENCH_A_BUDGET,		/* u64 */
	HMMBENCH_A_MEM_AVAILABLE,	/* u64 */
	HMMBENCH_A_RESERVE,		/* u64 */
	HMMBENCH_A_LIVE_CHUNKS,		/* u32 */
	HMMBENCH_A_NR_NODES,		/* u32 */
	HMMBENCH_A_MAPS_TOTAL,		/* u64 */
	HMMBENCH_A_CHUNKS,		/* nest of nests of HMMBENCH_CHUNK_A_* */
	HMMBENCH_A_CHUNK,		/* nest of HMMBENCH_CHUNK_A_* (events) */
	HMMBENCH_A_PHYS_WINDOW_START,	/* u64 */
	HMMBENCH_A_PHYS_WINDOW_END,	/* u64 */
	HMMBENCH_A_CALL,		/* nest of HMMBENCH_CALL_A_* (events) */
	__HMMBENCH_A_MAX
};
#define HMMBENCH_A_MAX (__HMMBENCH_A_MAX - 1)

/*
 * One chunk.  ID numbers chunks system-wide from 1, in the order they
 * were created (after 2^32 - 1 it starts again from the lowest free
 * one); HANDLE is the owner's handle, meaningful only on the owner's
 * descriptor, where UNMAP accepts it once MAP has returned (a dump or
 * event may show it a moment earlier).  OWNER_PID and OWNER_COMM are the thread group id
 * (initial PID namespace) and command name of the process that mapped it.
 * PHYS_START and PHYS_END (inclusive) are in dumps only.
 */
enum hmmbench_chunk_attr {
	HMMBENCH_CHUNK_A_UNSPEC,
	HMMBENCH_CHUNK_A_PAD,
	HMMBENCH_CHUNK_A_ID,		/* u32 */
	HMMBENCH_CHUNK_A_HANDLE,	/* u32 */
	HMMBENCH_CHUNK_A_OWNER_PID,	/* u32 */
	HMMBENCH_CHUNK_A_OWNER_COMM,	/* string */
	HMMBENCH_CHUNK_A_SIZE,		/* u64, bytes */
	HMMBENCH_CHUNK_A_NODE,		/* u32, NUMA node of its struct pages */
	HMMBENCH_CHUNK_A_PHYS_START,	/* u64, dumps only */
	HMMBENCH_CHUNK_A_PHYS_END,	/* u64, dumps only */
	HMMBENCH_CHUNK_A_CREATED_NS,	/* u64, CLOCK_REALTIME at MAP */
	HMMBENCH_CHUNK_A_VALID,		/* u32, HMMBENCH_T_* */
	HMMBENCH_CHUNK_A_REGION_NS,	/* u64 */
	HMMBENCH_CHUNK_A_MEMREMAP_NS,	/* u64 */
	HMMBENCH_CHUNK_A_MEMMAP_INIT_NS,	/* u64 */
	HMMBENCH_CHUNK_A_MEMUNMAP_NS,	/* u64, CHUNK_UNMAPPED only */
	HMMBENCH_CHUNK_A_RELEASE_NS,	/* u64, CHUNK_UNMAPPED only */
	__HMMBENCH_CHUNK_A_MAX
};
#define HMMBENCH_CHUNK_A_MAX (__HMMBENCH_CHUNK_A_MAX - 1)

/*
 * One memremap_pages() or memunmap_pages() call a window recorded
 * (struct hmmbench_call, whose fields they are), sent to the events group
 * as HMMBENCH_CMD_PGMAP_CALL after the call returned, without the
 * physical address.  Only calls of the kinds the window asked for are
 * sent: those that entered while it was open, when they return (also
 * after it stopped), until its descriptor is closed or a new window
 * starts.
 */
enum hmmbench_call_attr {
	HMMBENCH_CALL_A_UNSPEC,
	HMMBENCH_CALL_A_PAD,
	HMMBENCH_CALL_A_SEQ,		/* u64 */
	HMMBENCH_CALL_A_CALL,		/* u32, HMMBENCH_CALL_MEMREMAP... */
	HMMBENCH_CALL_A_TYPE,		/* u32, HMMBENCH_PGMAP_* */
	HMMBENCH_CALL_A_FLAGS,		/* u32, HMMBENCH_CALL_ALTMAP... */
	HMMBENCH_CALL_A_VALID,		/* u32, HMMBENCH_T_* */
	HMMBENCH_CALL_A_PID,		/* u32 */
	HMMBENCH_CALL_A_COMM,		/* string */
	HMMBENCH_CALL_A_NODE,		/* u32, absent when unknown */
	HMMBENCH_CALL_A_VMEMMAP_SHIFT,	/* u32 */
	HMMBENCH_CALL_A_PAGES,		/* u64 */
	HMMBENCH_CALL_A_INIT_PAGES,	/* u64 */
	HMMBENCH_CALL_A_TOTAL_NS,	/* u64 */
	HMMBENCH_CALL_A_MEMMAP_INIT_NS,	/* u64 */
	__HMMBENCH_CALL_A_MAX
};
#define HMMBENCH_CALL_A_MAX (__HMMBENCH_CALL_A_MAX - 1)

#endif /* _UAPI_LINUX_HMMBENCH_H */
