/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What this module and kernel can do, as INFO reports it through the
 * ioctl and the netlink family.
 */
#ifndef _HB_INFO_H
#define _HB_INFO_H

#include <linux/hmmbench.h>

#define HB_VERSION "0.1.0"

void hb_info_fill(struct hmmbench_info *info);

#endif /* _HB_INFO_H */
