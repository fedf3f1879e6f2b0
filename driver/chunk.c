// SPDX-License-Identifier: GPL-2.0
/*
 * Chunk lifecycle: a free physical address range plus a DEVICE_PRIVATE
 * dev_pagemap, created with memremap_pages() and destroyed with
 * memunmap_pages() (or whatever compat.h says replaces them on this
 * kernel), each phase timed with ktime_get_ns().
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/err.h>
#include <linux/ioport.h>
#include <linux/ktime.h>
#include <linux/list.h>
#include <linux/mm.h>
#include <linux/mmzone.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/nodemask.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/workqueue.h>

#include "budget.h"
#include "chunk.h"
#include "compat.h"
#include "migrate.h"
#include "netlink.h"
#include "probe.h"
#include "registry.h"
#include "verify.h"

struct hb_chunk {
	struct dev_pagemap pgmap;
	struct resource *res;
	unsigned int vmemmap_shift;
	struct hb_devmem *dm;	/* set by the first MIGRATE */
	struct hb_live live;
	struct list_head orphan;	/* on hb_orphans, once closed */
};

/*
 * Serialises every measured section (map and unmap, all file descriptors)
 * so that one caller's timings never include another's work, and makes the
 * budget check and the allocation it allows one step.
 */
static DEFINE_MUTEX(hb_measure_lock);

/*
 * Enters the measured section for work other than a chunk's (ROOFLINE);
 * -ERESTARTSYS on a signal, which restarts the call unless its handler
 * says otherwise.
 */
int hb_measure_begin(void)
{
	return mutex_lock_interruptible(&hb_measure_lock) ? -ERESTARTSYS : 0;
}

void hb_measure_end(void)
{
	mutex_unlock(&hb_measure_lock);
}

/* A chunk's pgmap is owned by the chunk (what migrate_vma_setup() matches) */
static struct hb_devmem *hb_pgmap_devmem(const struct dev_pagemap *pgmap)
{
	const struct hb_chunk *chunk = pgmap->owner;

	return chunk->dm;
}

/*
 * A CPU touched a page MIGRATE lent out.  Only lent pages are mapped, and
 * the chunk's dm is set before the first is lent.
 */
static vm_fault_t hb_migrate_to_ram(struct vm_fault *vmf)
{
	return hb_devmem_fault(hb_pgmap_devmem(hb_page_pgmap(vmf->page)), vmf);
}

#ifdef HB_HAVE_FOLIO_FREE
static void hb_folio_free(struct folio *folio)
{
	struct page *page = &folio->page;

	hb_devmem_free(hb_pgmap_devmem(hb_page_pgmap(page)), page,
		       folio_nr_pages(folio));
}
#else
static void hb_page_free(struct page *page)
{
	hb_devmem_free(hb_pgmap_devmem(page->pgmap), page, 1);
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

	/*
	 * A distribution kernel has ZONE_DEVICE without DEVICE_PRIVATE, and
	 * there memremap_pages() WARNs before it refuses such a pgmap.
	 */
	if (!IS_ENABLED(CONFIG_DEVICE_PRIVATE))
		return -EOPNOTSUPP;

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
	hb_account_map();
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
 * Moves the caller's pages as @m asks, with @chunk's pages as the device
 * memory; @chunk is the caller's alone for the call (borrowed), so its
 * device state is made here without a race.
 */
int hb_chunk_migrate(struct hb_chunk *chunk, struct hmmbench_migrate *m)
{
	int ret;

	if (chunk->vmemmap_shift)
		return -EINVAL;
	if (mutex_lock_interruptible(&hb_measure_lock))
		return -ERESTARTSYS;
	if (!chunk->dm) {
		ret = hb_devmem_create(&chunk->pgmap, &chunk->dm);
		if (ret)
			goto out;
	}
	ret = hb_devmem_migrate(chunk->dm, m);
out:
	mutex_unlock(&hb_measure_lock);
	return ret;
}

/* The dm of @chunk, which the caller has borrowed, or NULL before MIGRATE */
struct hb_devmem *hb_chunk_devmem(struct hb_chunk *chunk)
{
	return chunk->dm;
}

/* The owner of @chunk's pages, as hmm_range_fault() matches it */
void *hb_chunk_owner(struct hb_chunk *chunk)
{
	return chunk->pgmap.owner;
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

/* The measured part of destroying @chunk; called with hb_measure_lock held. */
static void hb_chunk_unmap_locked(struct hb_chunk *chunk,
				  struct hb_unmap_times *times)
{
	u64 t0, t1, t2;

	t0 = ktime_get_ns();
	hb_pagemap_unmap(&chunk->pgmap);
	t1 = ktime_get_ns();
	hb_region_release(chunk->res);
	t2 = ktime_get_ns();
	times->memunmap_ns = t1 - t0;
	times->release_ns = HB_T_RELEASE ? t2 - t1 : 0;
	times->valid = HMMBENCH_T_MEMUNMAP | HB_T_RELEASE;
}

/*
 * Frees @chunk, destroyed with @times; a published chunk leaves the
 * registry and sends its unmapped event.  @unmap, if not NULL, gets the
 * timings.
 */
static void hb_chunk_free(struct hb_chunk *chunk,
			  const struct hb_unmap_times *times,
			  struct hmmbench_unmap *unmap)
{
	if (chunk->dm)
		hb_devmem_destroy(chunk->dm);
	hb_account_unmap();
	if (hb_registry_remove(&chunk->live))
		hb_nl_event(HMMBENCH_CMD_CHUNK_UNMAPPED, &chunk->live, times);
	kfree(chunk);
	if (unmap) {
		unmap->memunmap_ns = times->memunmap_ns;
		unmap->release_ns = times->release_ns;
		unmap->valid = times->valid;
	}
}

/*
 * memunmap_pages() waits for every page lent out: they come home first,
 * under hb_measure_lock, so that no measurement runs beside the work.
 */
static int hb_chunk_evict(struct hb_chunk *chunk, bool wait, const char *then)
{
	int ret;

	if (!chunk->dm)
		return 0;
	ret = hb_devmem_evict(chunk->dm, wait);
	if (ret && wait)
		pr_warn("chunk %#llx-%#llx: %lu pages it lent could not come home (%s): %s\n",
			chunk->pgmap.range.start, chunk->pgmap.range.end,
			hb_devmem_lent(chunk->dm),
			ret == -EINTR ? "fatal signal" : "locked elsewhere",
			then);
	return ret;
}

/*
 * Destroys @chunk and frees it, as UNMAP asks; @unmap gets the timings.
 * -EBUSY or -EINTR when pages it lent could not all come home, or
 * -ERESTARTSYS on a signal while another caller measures: the chunk is
 * then left as it was.
 */
int hb_chunk_unmap(struct hb_chunk *chunk, struct hmmbench_unmap *unmap)
{
	struct hb_unmap_times times;
	int ret;

	if (mutex_lock_interruptible(&hb_measure_lock))
		return -ERESTARTSYS;
	ret = hb_chunk_evict(chunk, true, "UNMAP fails, the chunk stays");
	if (!ret)
		hb_chunk_unmap_locked(chunk, &times);
	mutex_unlock(&hb_measure_lock);
	if (!ret)
		hb_chunk_free(chunk, &times, unmap);
	return ret;
}

/*
 * Chunks whose descriptor was closed before the pages they lent could all
 * come home: each holds a reference on the module, and its pages are
 * tried again every second (one pass, no wait) until it can be destroyed.
 */
static LIST_HEAD(hb_orphans);
static DEFINE_MUTEX(hb_orphans_lock);	/* guards hb_orphans */
static void hb_orphans_reap(struct work_struct *work);
static DECLARE_DELAYED_WORK(hb_orphans_work, hb_orphans_reap);

static void hb_orphans_reap(struct work_struct *work)
{
	struct hb_chunk *chunk, *next;
	struct hb_unmap_times times;
	bool left;
	int ret;

	mutex_lock(&hb_orphans_lock);
	list_for_each_entry_safe(chunk, next, &hb_orphans, orphan) {
		mutex_lock(&hb_measure_lock);
		ret = hb_chunk_evict(chunk, false, NULL);
		if (!ret)
			hb_chunk_unmap_locked(chunk, &times);
		mutex_unlock(&hb_measure_lock);
		if (ret)
			continue;
		list_del(&chunk->orphan);
		hb_chunk_free(chunk, &times, NULL);
		module_put(THIS_MODULE);
	}
	left = !list_empty(&hb_orphans);
	mutex_unlock(&hb_orphans_lock);
	if (left)
		schedule_delayed_work(&hb_orphans_work, HZ);
}

/*
 * Destroys @chunk as its descriptor is closed (by close or at exit), or,
 * if pages it lent cannot come home yet, leaves it to hb_orphans_reap().
 */
void hb_chunk_release(struct hb_chunk *chunk)
{
	struct hb_unmap_times times;
	int ret;

	mutex_lock(&hb_measure_lock);
	ret = hb_chunk_evict(chunk, true, "the chunk goes once they do");
	if (!ret)
		hb_chunk_unmap_locked(chunk, &times);
	mutex_unlock(&hb_measure_lock);
	if (!ret) {
		hb_chunk_free(chunk, &times, NULL);
		return;
	}
	__module_get(THIS_MODULE);
	mutex_lock(&hb_orphans_lock);
	list_add_tail(&chunk->orphan, &hb_orphans);
	mutex_unlock(&hb_orphans_lock);
	schedule_delayed_work(&hb_orphans_work, HZ);
}

/* Module exit: an orphan holds the module, but its last reap may run. */
void hb_chunk_exit(void)
{
	cancel_delayed_work_sync(&hb_orphans_work);
}
