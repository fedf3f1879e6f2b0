/* SPDX-License-Identifier: GPL-2.0 */
/* Reading back and digesting the struct pages of a dev_pagemap. */
#ifndef _HB_VERIFY_H
#define _HB_VERIFY_H

#include <linux/hmmbench.h>

struct dev_pagemap;

int hb_memmap_verify(const struct dev_pagemap *pgmap, int nid,
		     unsigned int shift, struct hmmbench_verify *v);
int hb_pgmap_verify(u64 phys, struct hmmbench_verify *v);

#endif /* _HB_VERIFY_H */
