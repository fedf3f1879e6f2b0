/* SPDX-License-Identifier: GPL-2.0 */
/*
 * hmmbench: which measured run a result holds, so that merge and compare
 * never count one run twice.  A run made since results carry one is
 * named by the random id written when it was measured, which merge keeps
 * per source; an older one by a hash of where and when it ran and of its
 * samples, the same whether the run is a file of its own or a source of
 * a merged one.
 */
#ifndef HB_RUNID_H
#define HB_RUNID_H

#include <stdbool.h>
#include <stddef.h>

#include "results/result_read.h"

#define HB_RUNID_LEN	HB_RUN_ID_SIZE

/* A new random run id, 32 hex digits, into @buf (HB_RUNID_LEN bytes). */
void hb_runid_new(char *buf);

/* The identity of run @k of @r (0 for a result of one run) into @buf. */
void hb_runid_of(const struct hb_result *r, size_t k, char *buf);

/*
 * Checks that no run of @in[0..@n) appears twice: in one input, or in
 * two inputs; with @base_only, only across the first input and each of
 * the others (compare's sides).  Else writes a sentence naming the files
 * to @err, ending in @why, and returns -EINVAL.
 */
int hb_runid_check(const struct hb_input *in, size_t n, bool base_only,
		   const char *why, char *err, size_t len);

#endif /* HB_RUNID_H */
