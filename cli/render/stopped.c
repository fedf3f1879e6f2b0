// SPDX-License-Identifier: GPL-2.0
/*
 * hmmbench: the sentence that says what ended a run of --until-ci or
 * --max-time, with how wide the interval it watched got.
 */
#include <math.h>
#include <stdio.h>

#include "fmt.h"
#include "render/stopped.h"

/* Half the 95 % interval of the warm memremap mean, in % of it, or NAN. */
static double hb_stopped_ci(const struct hb_result *r,
			    const struct hb_summary *sum, size_t nr)
{
	const struct hb_stats *st;
	size_t i;

	for (i = 0; i < nr; i++) {
		if (sum[i].kind != HB_WARM || sum[i].size != r->cfg.sizes[0])
			continue;
		st = &sum[i].st[HB_M_MEMREMAP];
		return st->n >= 2 ? 100 * (st->mean_ci_hi - st->mean) /
				    st->mean : NAN;
	}
	return NAN;
}

/*
 * ": the 95% CI of the warm memremap mean, ±1.8%, is within --until-ci
 * 2%" (or "is not"); "" without --until-ci or an interval.
 */
static const char *hb_stopped_target(char *buf, size_t len,
				     const struct hb_config *c, double ci)
{
	buf[0] = '\0';
	if (c->until_ci && !isnan(ci))
		snprintf(buf, len, ": the 95%% CI of the warm memremap mean, ±%.2g%%, is %swithin --until-ci %g%%",
			 ci, ci < c->until_ci ? "" : "not ", c->until_ci);
	return buf;
}

const char *hb_stopped_text(char *buf, size_t len, const struct hb_result *r,
			    const struct hb_summary *sum, size_t nr)
{
	const struct hb_config *c = &r->cfg;
	char t[32], target[128];

	if (!r->complete || (!c->until_ci && !c->max_time_ns))
		return NULL;
	hb_stopped_target(target, sizeof(target), c,
			  hb_stopped_ci(r, sum, nr));
	hb_fmt_duration(t, sizeof(t), c->max_time_ns);
	if (r->end == HB_END_CI)
		snprintf(buf, len, "Stopped after %u warm iterations%s.",
			 c->iters, target);
	else if (r->end == HB_END_MAX_TIME)
		snprintf(buf, len, "Stopped after %u warm iterations when --max-time %s ran out%s.",
			 c->iters, t, target);
	else if (c->until_ci)
		snprintf(buf, len, "Stopped after all %u warm iterations of --iters%s.",
			 c->iters, target);
	else
		snprintf(buf, len, "Ran all %u warm iterations of --iters within --max-time %s.",
			 c->iters, t);
	return buf;
}
