// SPDX-License-Identifier: GPL-2.0
/*
 * hmmbench: the metrics computed from a migration's samples (a MIGRATE call's
 * rates and phase shares, a fault's time outside its handler): rows of
 * the one metric list, hb_metrics.
 */
#include <stdbool.h>

#include "results/derive.h"
#include "results/metrics.h"

/*
 * Bytes a migration's call moved per second of the kernel's total of it,
 * for a sample of valid bit @bit (a direction).
 */
static bool hb_mig_rate(const struct hb_sample *s, const struct hb_meta *m,
			uint32_t bit, double *v)
{
	if (hb_meta_icount(m) || !s->pages || !m->info.page_size ||
	    !(s->valid & bit) || !s->migrate_ns)
		return false;
	*v = (double)s->pages * (double)m->info.page_size /
	     (s->migrate_ns / 1e9);
	return true;
}

bool hb_get_to_device_rate(const struct hb_sample *s,
			   const struct hb_meta *m, double *v)
{
	return hb_mig_rate(s, m, HB_T_TO_DEVICE, v);
}

bool hb_get_to_system_rate(const struct hb_sample *s,
			   const struct hb_meta *m, double *v)
{
	return hb_mig_rate(s, m, HB_T_TO_SYSTEM, v);
}

/* A MIGRATE call's sample: of to_device or to_system. */
static bool hb_call(const struct hb_sample *s)
{
	return s->valid & (HB_T_TO_DEVICE | HB_T_TO_SYSTEM);
}

/* The bytes call @s moved, in *@bytes: false when it moved none. */
static bool hb_call_bytes(const struct hb_sample *s, const struct hb_meta *m,
			  double *bytes)
{
	*bytes = (double)s->pages * m->info.page_size;
	return hb_call(s) && *bytes;
}

/* GiB the call moved per second of @ns: of its total, or of a phase. */
static bool hb_call_gib_per_s(const struct hb_sample *s,
			      const struct hb_meta *m, double ns, double *v)
{
	double bytes;

	return hb_call_bytes(s, m, &bytes) && hb_gib_per_s(bytes, ns, v);
}

bool hb_get_call_rate(const struct hb_sample *s,
		      const struct hb_meta *m, double *v)
{
	return hb_call_gib_per_s(s, m, s->migrate_ns, v);
}

bool hb_get_call_pp(const struct hb_sample *s,
		    const struct hb_meta *m, double *v)
{
	double bytes;

	return hb_call_bytes(s, m, &bytes) &&
	       hb_ns_per_4k(s->migrate_ns, bytes, v);
}

bool hb_get_call_total(const struct hb_sample *s,
		       const struct hb_meta *m, double *v)
{
	(void)m;
	*v = s->migrate_ns;
	return hb_call(s);
}

/* The share of phase @p of the call's total; the rest's for the last. */
static bool hb_call_share(const struct hb_sample *s, size_t p, double *v)
{
	double rest = (double)s->migrate_ns;
	size_t i;

	if (!hb_call(s))
		return false;
	if (p < HB_MIG_NR_PHASES)
		return hb_percent(s->phase_ns[p], s->migrate_ns, v);
	for (i = 0; i < HB_MIG_NR_PHASES; i++)
		rest -= s->phase_ns[i];
	return hb_percent(rest, s->migrate_ns, v);
}

#define HB_CALL_SHARE(name, p)						\
bool hb_get_call_##name(const struct hb_sample *s,			\
			const struct hb_meta *m, double *v)		\
{									\
	(void)m;							\
	return hb_call_share(s, p, v);					\
}
HB_CALL_SHARE(setup, HB_MP_SETUP)
HB_CALL_SHARE(alloc, HB_MP_ALLOC)
HB_CALL_SHARE(copy, HB_MP_COPY)
HB_CALL_SHARE(pages, HB_MP_PAGES)
HB_CALL_SHARE(finalize, HB_MP_FINALIZE)
HB_CALL_SHARE(other, HB_MIG_NR_PHASES)

bool hb_get_call_copy_rate(const struct hb_sample *s,
			   const struct hb_meta *m, double *v)
{
	return hb_call_gib_per_s(s, m, s->phase_ns[HB_MP_COPY], v);
}

bool hb_get_call_wall(const struct hb_sample *s,
		      const struct hb_meta *m, double *v)
{
	(void)m;
	*v = s->wall_ns;
	return hb_call(s);
}

bool hb_get_call_overhead(const struct hb_sample *s,
			  const struct hb_meta *m, double *v)
{
	(void)m;
	*v = (double)s->wall_ns - (double)s->migrate_ns;
	return hb_call(s);
}

/* A fault's touch less its handler: the trap and the fault path. */
bool hb_get_fault_outside(const struct hb_sample *s,
			  const struct hb_meta *m, double *v)
{
	(void)m;
	if ((s->valid & (HB_T_FAULT | HB_T_TOUCH)) != (HB_T_FAULT | HB_T_TOUCH))
		return false;
	*v = (double)s->touch_ns - (double)s->migrate_ns;
	return true;
}
