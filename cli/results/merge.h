/* SPDX-License-Identifier: GPL-2.0 */
/*
 * hmmbench: `hmmbench merge` without the I/O - pools the samples of
 * several results of one configuration (the boots of one side of an A/B
 * run, the runs of a migration) into one result whose summaries are
 * computed afresh.
 */
#ifndef HB_MERGE_H
#define HB_MERGE_H

#include "results/result_read.h"

/*
 * Fills @out from @in[0..@n): metadata and configuration of in[0], the
 * iteration counts summed, every sample in input order tagged with its
 * run (and of a migration every call, fault phase and fault, whose
 * first iteration stays the first; its roofline is in[0]'s), one source
 * per run (an input that is itself merged brings its own sources), the
 * boots they came from (distinct boot ids, an input without one a boot
 * of its own), the memmap of a size when all inputs recorded the same
 * one, and of the environment (results/env.h) what all inputs knew the
 * same.  @out's strings point into the inputs: free it before them,
 * with hb_result_free().  The caller checks the configurations
 * (config_match.h) first.  Returns 0 or -ENOMEM.
 */
int hb_merge(const struct hb_input *in, size_t n, struct hb_result *out);

#endif /* HB_MERGE_H */
