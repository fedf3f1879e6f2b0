/* SPDX-License-Identifier: GPL-2.0 */
/*
 * hmmbench: why a run stopped where --until-ci or --max-time could have
 * stopped it, in one sentence that the table and the cover text share.
 */
#ifndef HB_STOPPED_H
#define HB_STOPPED_H

#include <stddef.h>

#include "results/metrics.h"

/*
 * "Stopped after 14 warm iterations: the 95% CI of the warm memremap
 * mean, ±1.8%, is within --until-ci 2%." and the like, for @r and its
 * @nr summaries @sum; NULL when neither option was given, or when @r is
 * incomplete (which the renderers say anyway).
 */
const char *hb_stopped_text(char *buf, size_t len, const struct hb_result *r,
			    const struct hb_summary *sum, size_t nr);

#endif /* HB_STOPPED_H */
