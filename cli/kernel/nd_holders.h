/* SPDX-License-Identifier: GPL-2.0 */
/*
 * hmmbench: who holds a pmem namespace's device node - a mount, a stacked
 * block device, a process that has it open or mapped - so that `hmmbench
 * rebind` never unbinds a device from under its user.  Nothing here
 * prints.
 */
#ifndef HB_ND_HOLDERS_H
#define HB_ND_HOLDERS_H

#include <stddef.h>

#include "kernel/nd.h"

/*
 * Whether anything holds @ns's device node: mounted (itself or a
 * partition), held by another block device (device-mapper, md), open in
 * a process or mapped by one.  1 with a sentence naming the holder in
 * @who, 0 when free, a negative errno (and a sentence) when it cannot
 * tell.
 */
int hb_nd_holder(const char *root, const struct hb_nd_ns *ns, char *who,
		 size_t len);

#endif /* HB_ND_HOLDERS_H */
