/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A chunk as an emulated device's memory: its pages lent to processes by
 * migrate_vma_*(), each backed by a page of RAM that holds its data, and
 * brought home by MIGRATE, by CPU faults, or before the chunk goes.
 */
#ifndef _HB_MIGRATE_H
#define _HB_MIGRATE_H

#include <linux/mm_types.h>
#include <linux/hmmbench.h>

struct dev_pagemap;
struct hb_devmem;

int hb_devmem_create(struct dev_pagemap *pgmap, struct hb_devmem **dmp);
unsigned long hb_devmem_lent(struct hb_devmem *dm);
int hb_devmem_evict(struct hb_devmem *dm, bool wait);
void hb_devmem_destroy(struct hb_devmem *dm);
int hb_devmem_migrate(struct hb_devmem *dm, struct hmmbench_migrate *m);
int hb_devmem_fault_take(struct hb_devmem *dm, struct hmmbench_fault *recs,
			 u32 nr, struct hmmbench_fault_read *r);
void hb_devmem_fault_commit(struct hb_devmem *dm, u32 nr);
void hb_devmem_free(struct hb_devmem *dm, struct page *page,
		    unsigned int nr);
vm_fault_t hb_devmem_fault(struct hb_devmem *dm, struct vm_fault *vmf);

#endif /* _HB_MIGRATE_H */
