/* SPDX-License-Identifier: GPL-2.0 */
/*
 * hmmbench: the roofline in prose, for the table and the cover text - the
 * kernel's store bandwidth for a size's struct pages and the warm
 * memmap_init phase's share of it - and the warning that goes with it
 * under emulation.
 */
#ifndef HB_ROOF_H
#define HB_ROOF_H

#include <stddef.h>

#include "results/metrics.h"

/*
 * "plain stores 7.81 GiB/s, memmap_init at 10.0% of that; non-temporal
 * 10.42 GiB/s, at 7.5%" for @rf and the warm statistics @warm of its
 * size, with HB_NBSP inside each figure; returns @buf.
 */
const char *hb_roof_prose(char *buf, size_t len, const struct hb_roof *rf,
			  const struct hb_stats *warm);

/* Why the figures mean little under emulation. */
extern const char hb_roof_emulated[];

#endif /* HB_ROOF_H */
