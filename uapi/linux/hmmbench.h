/* SPDX-License-Identifier: GPL-2.0 WITH Linux-syscall-note */
/*
 * hmmbench: ioctl ABI of /dev/hmmbench, which creates and destroys
 * DEVICE_PRIVATE ZONE_DEVICE chunks and times each phase in the kernel.
 *
 * Every argument struct starts with __u32 size (set by the caller to the
 * sizeof() it was built with) and __u32 flags.  A smaller size than the
 * first published version (HMMBENCH_*_SIZE_VER0) is refused; a larger one
 * is accepted when the bytes this kernel does not know are zero, up to the
 * page size.  Only the (out) fields are written back, up to the smaller
 * of the two sizes.  MAP and UNMAP clear their (out) fields before they
 * change anything, so a struct the caller cannot write is refused with
 * EFAULT before a chunk is created or destroyed.
 *
 * Errors (negated in the kernel, in errno in user space):
 *   ENOTTY	unknown ioctl command
 *   EINVAL	understood but invalid: size field too small, unknown flag,
 *		non-zero reserved field, zero or unaligned length, length
 *		larger than the physical address space (or than the kernel
 *		allocates device-private struct pages for at once, see
 *		hmmbench_info.max_size), node not online, vmemmap_shift out
 *		of range
 *   E2BIG	struct larger than this kernel's with non-zero unknown bytes,
 *		or size field larger than the page size
 *   EOPNOTSUPP	a known field with a value this kernel cannot do
 *   EPERM	MAP or UNMAP without CAP_SYS_ADMIN
 *   ENOMEM	the chunk's struct pages would push available memory below
 *		the module's reserve (see hmmbench_info.budget)
 *   ENOSPC	no free physical address range large enough
 *   ENOENT	no chunk with that handle on this file descriptor (handle 0
 *		and the handle of a MAP still in progress never name one)
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

/* hmmbench_info.features */
#define HMMBENCH_FEAT_PHASE_PROBE	(1U << 0) /* memmap_init timed */
#define HMMBENCH_FEAT_VMEMMAP_SHIFT	(1U << 1) /* map.vmemmap_shift works */
#define HMMBENCH_FEAT_FOLIO_FREE	(1U << 2) /* built with folio_free */
#define HMMBENCH_FEAT_PRIVATE_PAGEMAP	(1U << 3) /* chunks are made with
						   * memremap_device_private_pagemap
						   */

/* Timing bits in hmmbench_map.valid and hmmbench_unmap.valid */
#define HMMBENCH_T_REGION	(1U << 0)
#define HMMBENCH_T_MEMREMAP	(1U << 1)
#define HMMBENCH_T_MEMMAP_INIT	(1U << 2)
#define HMMBENCH_T_MEMUNMAP	(1U << 3)
#define HMMBENCH_T_RELEASE	(1U << 4)

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
};

/**
 * struct hmmbench_map - create one DEVICE_PRIVATE chunk
 * @size: (in) sizeof(struct hmmbench_map)
 * @flags: (in) must be 0
 * @length: (in) bytes of device memory, a multiple of info.size_align
 * @node: (in) NUMA node for the struct pages, or HMMBENCH_NODE_LOCAL
 * @vmemmap_shift: (in) 0 for base pages, else log2 of the pages per
 *	compound page (needs HMMBENCH_FEAT_VMEMMAP_SHIFT)
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
 * The kernel dispatches on the type and number; the size bits of the
 * command are not used, the size field of the struct is.
 */
#define HMMBENCH_IOC_MAGIC	0xBB
#define HMMBENCH_IOC_INFO	_IOWR(HMMBENCH_IOC_MAGIC, 0x00, struct hmmbench_info)
#define HMMBENCH_IOC_MAP	_IOWR(HMMBENCH_IOC_MAGIC, 0x01, struct hmmbench_map)
#define HMMBENCH_IOC_UNMAP	_IOWR(HMMBENCH_IOC_MAGIC, 0x02, struct hmmbench_unmap)

#endif /* _UAPI_LINUX_HMMBENCH_H */
