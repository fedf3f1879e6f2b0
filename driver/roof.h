/* SPDX-License-Identifier: GPL-2.0 */
/* ROOFLINE: the store bandwidth a memmap's initialisation is bound by. */
#ifndef _HB_ROOF_H
#define _HB_ROOF_H

#include <linux/hmmbench.h>

int hb_roofline(struct hmmbench_roofline *r);

#endif /* _HB_ROOF_H */
