/* SPDX-License-Identifier: GPL-2.0 */
/* The generic netlink family: its lifetime and the chunk events it sends. */
#ifndef _HB_NETLINK_H
#define _HB_NETLINK_H

#include <linux/types.h>

#include "registry.h"

/* The UNMAP timings an unmapped event carries. */
struct hb_unmap_times {
	u32 valid;
	u64 memunmap_ns;
	u64 release_ns;
};

int hb_nl_init(void);
void hb_nl_exit(void);
void hb_nl_event(u8 cmd, const struct hb_live *live,
		 const struct hb_unmap_times *unmap);
/* Schedules the events of the calls a watch window recorded: atomic. */
void hb_nl_calls_notify(void);

#endif /* _HB_NETLINK_H */
