// SPDX-License-Identifier: GPL-2.0
/*
 * hmmbench: the metrics computed from a mirror's sample (its rate, time per
 * 4 KiB, phase shares, batches and retries): rows of the one metric
 * list, hb_metrics.
 */
#include <stdbool.h>

#include "results/derive.h"
#include "results/metrics.h"

/* A mirror's sample: one MIRROR over its whole range. */
static bool hb_mirror(const struct hb_sample *s)
{
	return s->valid & HB_T_MIRROR;
}

/* The total less hmm_range_fault(), the update and the retries. */
bool hb_get_mir_rest(const struct hb_sample *s,
		     const struct hb_meta *m, double *v)
{
	const struct hmmbench_mirror *r = &s->mirror;

	(void)m;
	*v = (double)r->total_ns - (double)r->fault_ns -
	     (double)r->update_ns - (double)r->retry_ns;
	return hb_mirror(s);
}

/* The bytes of the range, in *@bytes: false when there are none. */
static bool hb_mir_bytes(const struct hb_sample *s, const struct hb_meta *m,
			 double *bytes)
{
	*bytes = (double)s->mirror.pages * m->info.page_size;
	return hb_mirror(s) && *bytes && s->mirror.total_ns;
}

bool hb_get_mir_pp(const struct hb_sample *s,
		   const struct hb_meta *m, double *v)
{
	double bytes;

	return hb_mir_bytes(s, m, &bytes) &&
	       hb_ns_per_4k(s->mirror.total_ns, bytes, v);
}

bool hb_get_mir_rate(const struct hb_sample *s,
		     const struct hb_meta *m, double *v)
{
	double bytes;

	return !hb_meta_icount(m) && hb_mir_bytes(s, m, &bytes) &&
	       hb_gib_per_s(bytes, s->mirror.total_ns, v);
}

bool hb_get_mir_batch(const struct hb_sample *s,
		      const struct hb_meta *m, double *v)
{
	(void)m;
	if (!hb_mirror(s) || !s->mirror.calls)
		return false;
	*v = (double)s->mirror.total_ns / s->mirror.calls;
	return true;
}

bool hb_get_mir_retries(const struct hb_sample *s,
			const struct hb_meta *m, double *v)
{
	(void)m;
	if (!hb_mirror(s) || !s->mirror.calls)
		return false;
	*v = (double)(s->mirror.retry_busy + s->mirror.retry_seq) /
	     s->mirror.calls;
	return true;
}

/* The share of the total that @part (a phase's time, or the rest) is. */
static bool hb_mir_share(const struct hb_sample *s, double part, double *v)
{
	return hb_mirror(s) && hb_percent(part, s->mirror.total_ns, v);
}

#define HB_MIR_SHARE_OF(name)						\
bool hb_get_mir_##name##_share(const struct hb_sample *s,		\
			       const struct hb_meta *m, double *v)	\
{									\
	(void)m;							\
	return hb_mir_share(s, s->mirror.name##_ns, v);			\
}
HB_MIR_SHARE_OF(fault)
HB_MIR_SHARE_OF(update)
HB_MIR_SHARE_OF(retry)

bool hb_get_mir_rest_share(const struct hb_sample *s,
			   const struct hb_meta *m, double *v)
{
	double rest;

	return hb_get_mir_rest(s, m, &rest) && hb_mir_share(s, rest, v);
}

/*
 * A batch's time @ns, when the sample has it (@have), per 4 KiB of a
 * batch: of the range's pages over the batches (the batch asked for, but
 * the last).
 */
static bool hb_mir_batch_pp(const struct hb_sample *s,
			    const struct hb_meta *m, bool have, double ns,
			    double *v)
{
	double bytes;

	if (!have || !hb_mir_bytes(s, m, &bytes) || !s->mirror.calls)
		return false;
	*v = ns / (bytes / 4096 / s->mirror.calls);
	return true;
}

/* @have: the fastest and slowest are the module's, the rest hmmbench's */
#define HB_MIR_BATCH_PP(name, have, ns)					\
bool hb_get_mir_##name##_pp(const struct hb_sample *s,			\
			    const struct hb_meta *m, double *v)		\
{									\
	return hb_mir_batch_pp(s, m, have, ns, v);			\
}
HB_MIR_BATCH_PP(min, true, s->mirror.call_min_ns)
HB_MIR_BATCH_PP(p50, s->valid & HB_T_BATCHES, s->batch_ns[0])
HB_MIR_BATCH_PP(p90, s->valid & HB_T_BATCHES, s->batch_ns[1])
HB_MIR_BATCH_PP(p99, s->valid & HB_T_BATCHES, s->batch_ns[2])
HB_MIR_BATCH_PP(max, true, s->mirror.call_max_ns)

bool hb_get_mir_overhead(const struct hb_sample *s,
			 const struct hb_meta *m, double *v)
{
	(void)m;
	*v = (double)s->wall_ns - (double)s->mirror.total_ns;
	return hb_mirror(s);
}
