// SPDX-License-Identifier: GPL-2.0
/*
 * INFO: what this module and kernel can do and what chunks may cost now,
 * for the ioctl and the netlink family alike.
 */
#include <linux/mm.h>
#include <linux/nodemask.h>
#include <linux/string.h>
#include <linux/utsname.h>

#include "budget.h"
#include "compat.h"
#include "info.h"
#include "probe.h"
#include "watch.h"

static u32 hb_features(void)
{
	u32 feat = HB_FEAT_VMEMMAP_SHIFT | HB_FEAT_FOLIO_FREE |
		   HB_FEAT_PRIVATE_PAGEMAP | HB_FEAT_VERIFY |
		   HMMBENCH_FEAT_ROOFLINE | HMMBENCH_FEAT_ROOFLINE_COPY |
		   HMMBENCH_FEAT_VERIFY_PHYS |
		   HB_FEAT_MIGRATE | HB_FEAT_MIGRATE_THP | HB_FEAT_MIRROR |
		   HB_FEAT_MIRROR_TIMES;

	if (hb_probe_active())
		feat |= HMMBENCH_FEAT_PHASE_PROBE;
	if (hb_watch_active())
		feat |= HMMBENCH_FEAT_WATCH;
	if (!IS_ENABLED(CONFIG_DEVICE_PRIVATE))
		feat |= HMMBENCH_FEAT_NO_DEVICE_PRIVATE;
	return feat;
}

/* The (out) fields of INFO, for the ioctl and the netlink family. */
void hb_info_fill(struct hmmbench_info *info)
{
	struct range win;

	info->abi_version = HMMBENCH_ABI_VERSION;
	info->features = hb_features();
	strscpy(info->module_version, HB_VERSION,
		sizeof(info->module_version));
	strscpy(info->kernel_release, utsname()->release,
		sizeof(info->kernel_release));
	info->page_size = PAGE_SIZE;
	info->struct_page_size = sizeof(struct page);
	info->size_align = hb_size_align();
	info->min_size = hb_size_align();
	info->max_size = hb_max_size();
	info->budget = hb_budget_bytes();
	info->mem_available = hb_mem_available();
	info->reserve = hb_reserve_bytes();
	info->live_chunks = hb_live_chunks();
	info->nr_nodes = num_online_nodes();
	info->maps_total = hb_maps_total();
	win = hb_region_window();
	info->phys_window_start = win.start;
	info->phys_window_end = win.end;
}
