// SPDX-License-Identifier: GPL-2.0
/*
 * hmmbench: times memremap_pages()/memunmap_pages() of DEVICE_PRIVATE
 * chunks of any size, the binds of pmem namespaces (watch windows on
 * memremap_pages()), page migration to a chunk's pages and back, and
 * mirroring with hmm_range_fault() under an interval notifier, for
 * ZONE_DEVICE memmap initialisation and HMM work.
 */
#include <linux/module.h>

#include "chunk.h"
#include "dev.h"
#include "info.h"
#include "netlink.h"
#include "probe.h"
#include "watch.h"

static int __init hb_init(void)
{
	int ret;

	ret = hb_probe_init();
	if (ret)
		return ret;
	/* Chunks and windows send events: the family exists before. */
	ret = hb_nl_init();
	if (ret)
		goto err_probe_exit;
	ret = hb_watch_init(hb_nl_calls_notify);
	if (ret)
		goto err_nl_exit;
	ret = hb_dev_init();
	if (ret)
		goto err_watch_exit;
	return 0;

err_watch_exit:
	hb_watch_exit();
err_nl_exit:
	hb_nl_exit();
err_probe_exit:
	hb_probe_exit();
	return ret;
}

static void __exit hb_exit(void)
{
	hb_dev_exit();
	hb_chunk_exit();
	hb_watch_exit();
	hb_nl_exit();
	hb_probe_exit();
}

module_init(hb_init);
module_exit(hb_exit);

MODULE_DESCRIPTION("Benchmark of ZONE_DEVICE memmap setup and teardown (DEVICE_PRIVATE chunks, pmem binds), HMM page migration and mirroring");
MODULE_LICENSE("GPL");
MODULE_VERSION(HB_VERSION);
