/* SPDX-License-Identifier: GPL-2.0 */
/*
 * hmmbench: `hmmbench merge` without the I/O - pools the samples of
 * several results of one configuration (the boots of one side of an A/B
 * run), or the iterations of several migrations, into one result whose
 * summaries are computed afresh.
 */
#ifndef HB_MERGE_H
#define HB_MERGE_H

#include "results/migration.h"
#include "results/result_read.h"

/*
 * Fills @out from @in[0..@n): metadata and configuration of in[0], the
 * iteration counts summed, every sample in input order tagged with its
 * run, one source per run (an input that is itself merged brings its
 * own sources), the boots they came from (distinct boot ids, an input
 * without one a boot of its own), the memmap of a size when all inputs
 * recorded the same one, and of the environment (results/env.h) what
 * all inputs knew the same.  @out's strings point into the
 * inputs: free it before them, with hb_result_free().  The caller
 * checks the configurations (config_match.h) first.  Returns 0 or
 * -ENOMEM.
 */
int hb_merge(const struct hb_input *in, size_t n, struct hb_result *out);

/*
 * The same for migrations (every in[i].migration): configuration and
 * metadata of in[0], the warm iterations summed, every call, fault phase
 * and fault in input order tagged with its run, whose first iteration
 * stays the first, and the samples made of them; one source per run and
 * the boots they came from; the environment all inputs knew the same.
 * Free @out with hb_result_free(), before the inputs.  0 or -ENOMEM.
 */
int hb_mig_merge(const struct hb_input *in, size_t n,
		 struct hb_result *out);

#endif /* HB_MERGE_H */
