/* SPDX-License-Identifier: GPL-2.0 */
/*
 * hmmbench: what metrics.c, metrics_mig.c and metrics_mir.c share - the
 * formulas the rates are computed by, and the functions (struct
 * hb_metric's derive) that compute a migration's and a mirror's metrics
 * from a sample's own members, which the one list in metrics.c names.
 * Only those three include it.
 */
#ifndef HB_DERIVE_H
#define HB_DERIVE_H

#include <stdbool.h>

struct hb_sample;
struct hb_meta;

/* @part as a percentage of @whole, or false when @whole is 0. */
static inline bool hb_percent(double part, double whole, double *v)
{
	if (!whole)
		return false;
	*v = 100.0 * part / whole;
	return true;
}

/* GiB per second of @bytes in @ns, or false when either is 0. */
static inline bool hb_gib_per_s(double bytes, double ns, double *v)
{
	if (!bytes || !ns)
		return false;
	*v = bytes / (1ULL << 30) / (ns / 1e9);
	return true;
}

/* @ns per 4 KiB of @bytes, or false when there are none. */
static inline bool hb_ns_per_4k(double ns, double bytes, double *v)
{
	if (!bytes)
		return false;
	*v = ns / (bytes / 4096);
	return true;
}

#define HB_DERIVE(name)							\
	bool name(const struct hb_sample *s, const struct hb_meta *m,	\
		  double *v)

/* metrics_mig.c */
HB_DERIVE(hb_get_to_device_rate);
HB_DERIVE(hb_get_to_system_rate);
HB_DERIVE(hb_get_call_rate);
HB_DERIVE(hb_get_call_pp);
HB_DERIVE(hb_get_call_total);
HB_DERIVE(hb_get_call_setup);
HB_DERIVE(hb_get_call_alloc);
HB_DERIVE(hb_get_call_copy);
HB_DERIVE(hb_get_call_pages);
HB_DERIVE(hb_get_call_finalize);
HB_DERIVE(hb_get_call_other);
HB_DERIVE(hb_get_call_copy_rate);
HB_DERIVE(hb_get_call_wall);
HB_DERIVE(hb_get_call_overhead);
HB_DERIVE(hb_get_fault_outside);

/* metrics_mir.c */
HB_DERIVE(hb_get_mir_rest);
HB_DERIVE(hb_get_mir_pp);
HB_DERIVE(hb_get_mir_rate);
HB_DERIVE(hb_get_mir_batch);
HB_DERIVE(hb_get_mir_retries);
HB_DERIVE(hb_get_mir_fault_share);
HB_DERIVE(hb_get_mir_update_share);
HB_DERIVE(hb_get_mir_retry_share);
HB_DERIVE(hb_get_mir_rest_share);
HB_DERIVE(hb_get_mir_min_pp);
HB_DERIVE(hb_get_mir_p50_pp);
HB_DERIVE(hb_get_mir_p90_pp);
HB_DERIVE(hb_get_mir_p99_pp);
HB_DERIVE(hb_get_mir_max_pp);
HB_DERIVE(hb_get_mir_overhead);

#endif
