/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What a chunk may be and cost: its granularity, its largest size, the
 * memory its struct pages may take, and the count of chunks so far.
 */
#ifndef _HB_BUDGET_H
#define _HB_BUDGET_H

#include <linux/types.h>

u64 hb_size_align(void);
u64 hb_reserve_bytes(void);
u64 hb_mem_available(void);
u64 hb_budget_bytes(void);
u64 hb_max_size(void);
u64 hb_memmap_cost(u64 length);
void hb_account_map(void);
void hb_account_unmap(void);
u32 hb_live_chunks(void);
u64 hb_maps_total(void);

#endif /* _HB_BUDGET_H */
