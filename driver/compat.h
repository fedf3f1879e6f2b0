/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Every kernel API difference hmmbench depends on, in one place.  The
 * HB_HAVE_* symbols come from feature probes in Kbuild:
 *   HB_HAVE_VMEMMAP_SHIFT	dev_pagemap.vmemmap_shift (5.17)
 *   HB_HAVE_FOLIO_FREE		dev_pagemap_ops.folio_free replaced
 *				page_free (6.19)
 *   MAX_FOLIO_ORDER		(#ifdef) memremap_pages() WARNs and fails
 *				on a larger vmemmap_shift (6.18)
 *   HB_HAVE_PRIVATE_PAGEMAP	memremap_device_private_pagemap() exists
 */
#ifndef _HB_COMPAT_H
#define _HB_COMPAT_H

#include <linux/memremap.h>
#include <linux/minmax.h>
#include <linux/mm.h>
#include <linux/hmmbench.h>

#ifdef HB_HAVE_VMEMMAP_SHIFT
#define HB_FEAT_VMEMMAP_SHIFT HMMBENCH_FEAT_VMEMMAP_SHIFT
#else
#define HB_FEAT_VMEMMAP_SHIFT 0
#endif

#ifdef HB_HAVE_FOLIO_FREE
#define HB_FEAT_FOLIO_FREE HMMBENCH_FEAT_FOLIO_FREE
#else
#define HB_FEAT_FOLIO_FREE 0
#endif

#ifdef HB_HAVE_PRIVATE_PAGEMAP
#define HB_FEAT_PRIVATE_PAGEMAP HMMBENCH_FEAT_PRIVATE_PAGEMAP
#else
#define HB_FEAT_PRIVATE_PAGEMAP 0
#endif

static inline void hb_set_vmemmap_shift(struct dev_pagemap *pgmap,
					unsigned int shift)
{
#ifdef HB_HAVE_VMEMMAP_SHIFT
	pgmap->vmemmap_shift = shift;
#endif
}

/* The largest vmemmap_shift: a compound page stays within a section. */
static inline unsigned int hb_vmemmap_shift_max(void)
{
#ifdef MAX_FOLIO_ORDER
	return min_t(unsigned int, PFN_SECTION_SHIFT, MAX_FOLIO_ORDER);
#else
	return PFN_SECTION_SHIFT;
#endif
}

#endif /* _HB_COMPAT_H */
