/* SPDX-License-Identifier: GPL-2.0 */
/*
 * hmmbench: how every cover text ends - the command lines that made a
 * result, or each side of a comparison and the comparison itself, as
 * they were recorded, with the hmmbench that ran them, for a reviewer
 * to paste.
 */
#ifndef HB_RERUN_H
#define HB_RERUN_H

#include <stdio.h>

#include "results/compare.h"
#include "results/result.h"

/*
 * "Measured by hmmbench 0.1.0 (git v0.1.0-1-gabc1234) with:" and the
 * command lines of @r - for a merged result each distinct one of its
 * runs', then the merge - wrapped at @cols with " \" so that each still
 * pastes as one command; or the sentence that they were not recorded.
 */
void hb_rerun_result(FILE *f, const struct hb_result *r, size_t cols);

/* The same for each input of @c, then the comparison's own command. */
void hb_rerun_compare(FILE *f, const struct hb_comparison *c, size_t cols);

#endif /* HB_RERUN_H */
