/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Every kernel API difference hmmbench depends on, in one place.  The
 * HB_HAVE_* symbols come from feature probes in Kbuild:
 *   HB_HAVE_VMEMMAP_SHIFT	dev_pagemap.vmemmap_shift (5.17)
 *   HB_HAVE_FOLIO_FREE		dev_pagemap_ops.folio_free replaced
 *				page_free (6.19)
 *   HB_HAVE_PRIVATE_PAGEMAP	memremap_device_private_pagemap() exists
 */
#ifndef _HB_COMPAT_H
#define _HB_COMPAT_H

#include <linux/memremap.h>
#include <net/genetlink.h>
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

/*
 * Generic netlink multicast groups that only CAP_SYS_ADMIN may join (6.7,
 * backported to 6.1.y); older kernels let anyone join.
 */
#ifdef GENL_MCAST_CAP_SYS_ADMIN
#define HB_MCAST_CAP_SYS_ADMIN GENL_MCAST_CAP_SYS_ADMIN
#else
#define HB_MCAST_CAP_SYS_ADMIN 0
#endif

static inline void hb_set_vmemmap_shift(struct dev_pagemap *pgmap,
					unsigned int shift)
{
#ifdef HB_HAVE_VMEMMAP_SHIFT
	pgmap->vmemmap_shift = shift;
#endif
}

#endif /* _HB_COMPAT_H */
