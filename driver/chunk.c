// SPDX-License-Identifier: GPL-2.0
/*
 * Chunk lifecycle: a free physical address range plus a DEVICE_PRIVATE
 * dev_pagemap, created with memremap_pages() and destroyed with
 * memunmap_pages() (or whatever compat.h says replaces them on this
 * kernel), each phase timed with ktime_get_ns().
 */
#include <linux/err.h>
#include <linux/ioport.h>
#include <linux/ktime.h>
#include <linux/mm.h>
#include <linux/mmzone.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/nodemask.h>
#include <linux/sched.h>
#include <linux/slab.h>

#include "hb.h"
#include "compat.h"

struct hb_chunk {
	struct dev_pagemap pgmap;
	struct resource *res;
	unsigned int vmemmap_shift;
	struct hb_live live;
};

unsigned int hb_reserve_mb;
module_param_named(reserve_mb, hb_reserve_mb, uint, 0644);
MODULE_PARM_DESC(reserve_mb,
		 "Available memory (MiB) chunks never use; 0: max(256 MiB, RAM/8)");

/*
 * Serialises every measured section (map and unmap, all file descriptors)
 * so that one caller's timings never include another's work, and makes the
 * budget check and the allocation it allows one step.
 */
static DEFINE_MUTEX(hb_measure_lock);

static atomic_t hb_nr_live = ATOMIC_INIT(0);
static atomic64_t hb_nr_maps = ATOMIC64_INIT(0);

/*
 * The pages of a chunk are never handed out, so nothing can fault on them
 * or drop their last reference; memremap_pages() refuses DEVICE_PRIVATE
 * memory without these callbacks.
 */
static vm_fault_t hb_migrate_to_ram(struct vm_fault *vmf)
{
	WARN_ON_ONCE(1);
	return VM_FAULT_SIGBUS;
}

#ifdef HB_HAVE_FOLIO_FREE
static void hb_folio_free(struct folio *folio)
{
	WARN_ON_ONCE(1);
}
#else
static void hb_page_free(struct page *page)
{
	WARN_ON_ONCE(1);
}
#endif

static const struct dev_pagemap_ops hb_pagemap_ops = {
#ifdef HB_HAVE_FOLIO_FREE
	.folio_free = hb_folio_free,
#else
	.page_free = hb_page_free,
#endif
	.migrate_to_ram = hb_migrate_to_ram,
};

/*
 * request_free_mem_region() rounds every request up to a memory section;
 * chunks keep that granularity where no physical range is involved, so
 * that sizes compare across kernels.
 */
u64 hb_size_align(void)
{
	return 1ULL << PA_SECTION_SHIFT;
}

u64 hb_reserve_bytes(void)
{
	u64 ram = (u64)totalram_pages() << PAGE_SHIFT;

	if (hb_reserve_mb)
		return (u64)hb_reserve_mb << 20;
	return max_t(u64, 256ULL << 20, ram / 8);
}

u64 hb_mem_available(void)
{
	return (u64)si_mem_available() << PAGE_SHIFT;
}

/* Bytes of struct page memory that may still be allocated. */
u64 hb_budget_bytes(void)
{
	u64 avail = hb_mem_available();
	u64 reserve = hb_reserve_bytes();

	return avail > reserve ? avail - reserve : 0;
}

u32 hb_live_chunks(void)
{
	return atomic_read(&hb_nr_live);
}

u64 hb_maps_total(void)
{
	return atomic64_read(&hb_nr_maps);
}

static u64 hb_memmap_cost(u64 length)
{
	return (length >> PAGE_SHIFT) * sizeof(struct page);
}

/* The measured part of MAP; called with hb_measure_lock held. */
static int hb_chunk_map_locked(struct hb_chunk *chunk,
			       struct hmmbench_map *map, int nid)
{
	struct resource *res;
	u64 t0, t1, t2, phase_ns;
	int ret;

	if (hb_memmap_cost(map->length) > hb_budget_bytes())
		return -ENOMEM;

	t0 = ktime_get_ns();
	res = hb_region_request(map->length);
	t1 = ktime_get_ns();
	if (IS_ERR(res))
		return PTR_ERR(res) == -ERANGE ? -ENOSPC : PTR_ERR(res);

	chunk->res = res;
	chunk->pgmap.type = MEMORY_DEVICE_PRIVATE;
	chunk->pgmap.ops = &hb_pagemap_ops;
	chunk->pgmap.owner = chunk;
	hb_pagemap_prepare(&chunk->pgmap, res, map->length);
	hb_set_vmemmap_shift(&chunk->pgmap, map->vmemmap_shift);
	chunk->vmemmap_shift = map->vmemmap_shift;

	hb_probe_begin();
	t2 = ktime_get_ns();
	ret = hb_pagemap_map(&chunk->pgmap, nid);
	map->memremap_ns = ktime_get_ns() - t2;
	if (ret) {
		hb_probe_end(&phase_ns);
		hb_region_release(res);
		return ret;
	}

	map->phys_start = chunk->pgmap.range.start;
	map->region_ns = HB_T_REGION ? t1 - t0 : 0;
	map->valid = HB_T_REGION | HMMBENCH_T_MEMREMAP;
	map->memmap_init_ns = 0;
	if (hb_probe_end(&phase_ns)) {
		map->memmap_init_ns = phase_ns;
		map->valid |= HMMBENCH_T_MEMMAP_INIT;
	}
	return 0;
}

/* What the registry and the netlink family tell about a new chunk. */
static void hb_chunk_describe(struct hb_chunk *chunk,
			      const struct hmmbench_map *map, int nid)
{
	struct hb_live *live = &chunk->live;

	live->handle = map->handle;
	live->tgid = task_tgid_nr(current);
	get_task_comm(live->comm, current);
	live->size = map->length;
	live->node = nid;
	live->phys_start = chunk->pgmap.range.start;
	live->phys_end = chunk->pgmap.range.end;
	live->created_ns = ktime_get_real_ns();
	live->valid = map->valid;
	live->region_ns = map->region_ns;
	live->memremap_ns = map->memremap_ns;
	live->memmap_init_ns = map->memmap_init_ns;
}

/*
 * Creates a chunk as @map asks; @map is validated, its handle reserved,
 * and gets the timings.  The chunk's registry id is reserved before it is
 * measured, so nothing after the measurement can fail.
 */
int hb_chunk_map(struct hmmbench_map *map, struct hb_chunk **chunkp)
{
	struct hb_chunk *chunk;
	int nid, ret;

	nid = map->node == HMMBENCH_NODE_LOCAL ? numa_mem_id() : map->node;
	chunk = kzalloc(sizeof(*chunk), GFP_KERNEL);
	if (!chunk)
		return -ENOMEM;
	ret = hb_registry_reserve(&chunk->live);
	if (ret)
		goto err_free_chunk;

	/* A signal restarts the call unless its handler says otherwise. */
	if (mutex_lock_interruptible(&hb_measure_lock)) {
		ret = -ERESTARTSYS;
		goto err_release_id;
	}
	ret = hb_chunk_map_locked(chunk, map, nid);
	mutex_unlock(&hb_measure_lock);
	if (ret)
		goto err_release_id;

	hb_chunk_describe(chunk, map, nid);
	atomic_inc(&hb_nr_live);
	atomic64_inc(&hb_nr_maps);
	*chunkp = chunk;
	return 0;

err_release_id:
	hb_registry_remove(&chunk->live);
err_free_chunk:
	kfree(chunk);
	return ret;
}

/*
 * Reads back the struct pages of @chunk into @v, which the caller keeps
 * from being unmapped, outside any other caller's measured section.
 */
int hb_chunk_verify(struct hb_chunk *chunk, struct hmmbench_verify *v)
{
	int ret;

	if (mutex_lock_interruptible(&hb_measure_lock))
		return -ERESTARTSYS;
	ret = hb_memmap_verify(&chunk->pgmap, chunk->live.node,
			       chunk->vmemmap_shift, v);
	mutex_unlock(&hb_measure_lock);
	return ret;
}

/*
 * Makes @chunk visible system-wide, once its owner can name it: in the
 * netlink dump, and as a mapped event.
 */
void hb_chunk_publish(struct hb_chunk *chunk)
{
	hb_registry_publish(&chunk->live);
	hb_nl_event(HMMBENCH_CMD_CHUNK_MAPPED, &chunk->live, NULL);
}

/*
 * Destroys @chunk and frees it; @unmap, if not NULL, gets the timings.  A
 * published chunk leaves the registry and sends its unmapped event after
 * the measured section.
 */
void hb_chunk_unmap(struct hb_chunk *chunk, struct hmmbench_unmap *unmap)
{
	struct hb_unmap_times times;
	u64 t0, t1, t2;

	mutex_lock(&hb_measure_lock);
	t0 = ktime_get_ns();
	hb_pagemap_unmap(&chunk->pgmap);
	t1 = ktime_get_ns();
	hb_region_release(chunk->res);
	t2 = ktime_get_ns();
	mutex_unlock(&hb_measure_lock);

	times.memunmap_ns = t1 - t0;
	times.release_ns = HB_T_RELEASE ? t2 - t1 : 0;
	times.valid = HMMBENCH_T_MEMUNMAP | HB_T_RELEASE;
	atomic_dec(&hb_nr_live);
	if (hb_registry_remove(&chunk->live))
		hb_nl_event(HMMBENCH_CMD_CHUNK_UNMAPPED, &chunk->live, &times);
	kfree(chunk);
	if (unmap) {
		unmap->memunmap_ns = times.memunmap_ns;
		unmap->release_ns = times.release_ns;
		unmap->valid = times.valid;
	}
}
