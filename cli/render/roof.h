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
#include <stdio.h>

#include "results/metrics.h"

/*
 * One sentence per size of @r that has a roofline ("roofline of 1 GiB
 * (the kernel writing its 16 MiB of struct pages): plain stores 7.81
 * GiB/s, memmap_init at 10.0% of that; ..."), from the warm summaries in
 * @sum (cold, warm per size, as hb_summarize() makes them), wrapped at
 * @cols; then, under emulation, why the figures mean little.  @before
 * goes out first when anything does.
 */
void hb_roof_write(FILE *f, const struct hb_result *r,
		   const struct hb_summary *sum, size_t nr, const char *before,
		   size_t cols);

#endif /* HB_ROOF_H */
