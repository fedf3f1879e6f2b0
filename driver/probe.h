/* SPDX-License-Identifier: GPL-2.0 */
/* The kretprobe that times memmap_init_zone_device() inside a MAP. */
#ifndef _HB_PROBE_H
#define _HB_PROBE_H

#include <linux/types.h>

int hb_probe_init(void);
void hb_probe_exit(void);
bool hb_probe_active(void);
void hb_probe_begin(void);
bool hb_probe_end(u64 *ns);

#endif /* _HB_PROBE_H */
