// SPDX-License-Identifier: GPL-2.0
/*
 * What a chunk may be and cost: the section granularity of its length,
 * its largest length, the memory its struct pages may take (available
 * memory less a reserve), and the count of chunks made so far.
 */
#include <linux/atomic.h>
#include <linux/minmax.h>
#include <linux/mm.h>
#include <linux/mmzone.h>
#include <linux/module.h>

#include "budget.h"
#include "compat.h"

static unsigned int hb_reserve_mb;
module_param_named(reserve_mb, hb_reserve_mb, uint, 0644);
MODULE_PARM_DESC(reserve_mb,
		 "Available memory (MiB) chunks never use; 0: max(256 MiB, RAM/8)");

static atomic_t hb_nr_live = ATOMIC_INIT(0);
static atomic64_t hb_nr_maps = ATOMIC64_INIT(0);

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

u64 hb_memmap_cost(u64 length)
{
	return (length >> PAGE_SHIFT) * sizeof(struct page);
}

u64 hb_max_size(void)
{
	u64 align = hb_size_align();
	u64 pages = hb_budget_bytes() / sizeof(struct page);
	u64 max = min_t(u64, pages << PAGE_SHIFT, hb_length_max());

	return round_down(max, align);
}

/* Counts a chunk made (and still alive) and one destroyed. */
void hb_account_map(void)
{
	atomic_inc(&hb_nr_live);
	atomic64_inc(&hb_nr_maps);
}

void hb_account_unmap(void)
{
	atomic_dec(&hb_nr_live);
}
