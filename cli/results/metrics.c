// SPDX-License-Identifier: GPL-2.0
/*
 * hmmbench: the metric field list (what each metric is called, its unit,
 * the groups of samples it describes and how to read it from a raw
 * sample); summary.c builds the summaries from it.  A metric whose valid
 * bit is clear is absent, not zero.
 */
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "results/derive.h"
#include "results/metrics.h"

#define HB_PAGE_4K	4096.0

static uint64_t *hb_raw_in(const struct hb_metric *m, struct hb_sample *s)
{
	return (uint64_t *)((char *)s + m->offset);
}

static uint64_t hb_raw_at(const struct hb_metric *m,
			  const struct hb_sample *s)
{
	return *(const uint64_t *)((const char *)s + m->offset);
}

bool hb_metric_get(const struct hb_metric *m, const struct hb_sample *s,
		   const struct hb_meta *meta, double *v)
{
	if (m->derive)
		return m->derive(s, meta, v);
	if (!(s->valid & m->bit))
		return false;
	*v = (double)hb_raw_at(m, s);
	return true;
}

/*
 * Raw metric @id of @s per 4 KiB of device memory: per struct page
 * initialised when the sample counted them (a namespace whose struct
 * pages take some of its own), else per page of its size.
 */
static bool hb_per_page(const struct hb_sample *s, enum hb_metric_id id,
			double *v)
{
	double pages = s->pages ? (double)s->pages : s->size / HB_PAGE_4K;

	if (!pages || !hb_metric_get(&hb_metrics[id], s, NULL, v))
		return false;
	*v /= pages;
	return true;
}

static bool hb_get_memremap_pp(const struct hb_sample *s,
			       const struct hb_meta *m, double *v)
{
	(void)m;
	return hb_per_page(s, HB_M_MEMREMAP, v);
}

static bool hb_get_memmap_init_pp(const struct hb_sample *s,
				  const struct hb_meta *m, double *v)
{
	(void)m;
	return hb_per_page(s, HB_M_MEMMAP_INIT, v);
}

/* struct page bytes initialised per second inside memmap_init. */
static bool hb_get_memmap_init_rate(const struct hb_sample *s,
				    const struct hb_meta *m, double *v)
{
	double bytes;

	/* instructions are no time: a rate of them means nothing */
	if (hb_meta_icount(m) || !m->info.page_size ||
	    !m->info.struct_page_size ||
	    !hb_metric_get(&hb_metrics[HB_M_MEMMAP_INIT], s, m, v) || *v <= 0)
		return false;
	bytes = (double)(s->pages ? s->pages : s->size / m->info.page_size) *
		(double)m->info.struct_page_size;
	*v = bytes / (*v / 1e9);
	return true;
}

/*
 * memremap outside memmap_init_zone_device(): vmemmap population and the
 * pgmap set-up, measured around the phase in the same call.
 */
static bool hb_get_memremap_rest(const struct hb_sample *s,
				 const struct hb_meta *m, double *v)
{
	double phase;

	if (!hb_metric_get(&hb_metrics[HB_M_MEMREMAP], s, m, v) ||
	    !hb_metric_get(&hb_metrics[HB_M_MEMMAP_INIT], s, m, &phase))
		return false;
	*v -= phase;
	return true;
}

/*
 * The memmap_init phase's struct page bytes per second as a fraction of
 * the bandwidth the kernel's stores of as many bytes reached (ROOFLINE),
 * with the stores that HMMBENCH_R_* @bit names.
 */
static bool hb_roof_efficiency(const struct hb_sample *s,
			       const struct hb_meta *m, uint32_t bit,
			       double *v)
{
	const struct hb_roof *rf = hb_meta_roof(m, s->size);
	double bw;

	if (!rf || !hb_roof_rate(rf, bit, &bw) ||
	    !hb_get_memmap_init_rate(s, m, v))
		return false;
	*v /= bw;
	return true;
}

static bool hb_get_roof_plain(const struct hb_sample *s,
			      const struct hb_meta *m, double *v)
{
	return hb_roof_efficiency(s, m, HMMBENCH_R_PLAIN, v);
}

static bool hb_get_roof_nt(const struct hb_sample *s,
			   const struct hb_meta *m, double *v)
{
	return hb_roof_efficiency(s, m, HMMBENCH_R_NT, v);
}

/* A metric the kernel measures: member @mb of the sample and @rs. */
#define HB_RAW(id, k, t, c, ph, gu, b, mb, rp, rs, wl)			\
	[id] = { .key = k, .title = t, .unit = HB_UNIT_NS, .raw = true,	\
		 .measured = true, .workloads = wl,			\
		 .cover = c, .phrase = ph, .gounit = gu, .bit = b,	\
		 .offset = offsetof(struct hb_sample, mb), .reply = rp,	\
		 .reply_offset = offsetof(rs, mb) }
#define HB_MAP(id, k, t, c, ph, gu, b, mb, wl)				\
	HB_RAW(id, k, t, c, ph, gu, b, mb, HB_REPLY_MAP, struct hmmbench_map, \
	       wl)
#define HB_UNMAP(id, k, t, c, ph, gu, b, mb, wl)			\
	HB_RAW(id, k, t, c, ph, gu, b, mb, HB_REPLY_UNMAP,		\
	       struct hmmbench_unmap, wl)
/* A time hmmbench measures around a write(): member @mb of the sample. */
#define HB_OWN(id, k, t, ph, gu, b, mb)					\
	[id] = { .key = k, .title = t, .unit = HB_UNIT_NS, .raw = true,	\
		 .measured = true, .cover = true, .phrase = ph,		\
		 .workloads = HB_WL_BIT(HB_WL_BIND),			\
		 .gounit = gu, .bit = b,				\
		 .offset = offsetof(struct hb_sample, mb),		\
		 .reply = HB_REPLY_NONE }
/* A time computed from two the kernel measured, by @d. */
#define HB_MEASURED(id, k, t, ph, d, gu, wl)				\
	[id] = { .key = k, .title = t, .unit = HB_UNIT_NS,		\
		 .measured = true, .cover = true, .phrase = ph,		\
		 .derive = d, .gounit = gu, .workloads = wl }
/* A migration's time: member @mb of the samples of valid bit @b. */
#define HB_MIG(id, k, t, ph, mv, b, mb)					\
	[id] = { .key = k, .title = t, .unit = HB_UNIT_NS, .raw = true,	\
		 .measured = true, .cover = true, .phrase = ph,		\
		 .workloads = HB_WL_BIT(HB_WL_MIGRATE),			\
		 .moved = mv, .bit = b,					\
		 .offset = offsetof(struct hb_sample, mb),		\
		 .reply = HB_REPLY_NONE }
/* Its bytes per second, by @d. */
#define HB_MIG_RATE(id, k, t, mv, d)					\
	[id] = { .key = k, .title = t, .unit = HB_UNIT_BYTES_PER_S,	\
		 .derive = d, .moved = mv,				\
		 .workloads = HB_WL_BIT(HB_WL_MIGRATE) }
/*
 * A migration's own metric of its groups @g (HB_MIG_BIT()s) of samples,
 * by @d: a call's, or a fault's.
 */
#define HB_GROUPED(id, k, t, u, d, g)					\
	[id] = { .key = k, .title = t, .unit = u, .derive = d,		\
		 .groups = g, .workloads = HB_WL_BIT(HB_WL_MIGRATE) }
#define HB_CALL(id, k, t, u, d)	HB_GROUPED(id, k, t, u, d, HB_MIG_CALLS)
/*
 * A mirror's: member @mb of its MIRROR reply, a time (@u HB_UNIT_NS)
 * compare tests when @me, or a count; @in, @ta and @hi as struct
 * hb_metric's inner, tally and hidden.
 */
#define HB_MIR(id, k, t, u, me, c, ph, gu, mb, in, ta, hi)		\
	[id] = { .key = k, .title = t, .unit = u, .raw = true,		\
		 .measured = me, .cover = c, .phrase = ph, .gounit = gu, \
		 .bit = HB_T_MIRROR, .inner = in, .tally = ta,		\
		 .hidden = hi,						\
		 .offset = offsetof(struct hb_sample, mirror.mb),	\
		 .reply = HB_REPLY_MIRROR,				\
		 .reply_offset = offsetof(struct hmmbench_mirror, mb),	\
		 .workloads = HB_WL_BIT(HB_WL_MIRROR) }
/* A phase of its total: compared, its share the table's row. */
#define HB_MIR_PHASE(id, k, t, ph, gu, mb)				\
	HB_MIR(id, k, t, HB_UNIT_NS, true, false, ph, gu, mb, true,	\
	       false, true)
#define HB_MIR_COUNT(id, k, t, mb)					\
	HB_MIR(id, k, t, HB_UNIT_COUNT, false, false, NULL, NULL, mb,	\
	       false, true, false)
/* Its derived metrics, by @d. */
#define HB_MIR_DERIVED(id, k, t, u, me, c, ph, d, gu)			\
	[id] = { .key = k, .title = t, .unit = u, .measured = me,	\
		 .cover = c, .phrase = ph, .derive = d, .gounit = gu,	\
		 .workloads = HB_WL_BIT(HB_WL_MIRROR) }
/* A percentile @i of its batches' times, which hmmbench took of them. */
#define HB_MIR_BATCH(id, k, t, i)					\
	[id] = { .key = k, .title = t, .unit = HB_UNIT_NS, .raw = true,	\
		 .inner = true, .hidden = true, .bit = HB_T_BATCHES,	\
		 .offset = offsetof(struct hb_sample, batch_ns[i]),	\
		 .reply = HB_REPLY_NONE,				\
		 .workloads = HB_WL_BIT(HB_WL_MIRROR) }
/* A batch's time by @d, per 4 KiB of the batch: the table's row of it. */
#define HB_MIR_PER_PAGE(id, k, t, d)					\
	HB_MIR_DERIVED(id, k, t, HB_UNIT_NS_PER_PAGE, false, false, NULL,	\
		       hb_get_mir_##d##_pp, NULL)
#define HB_MIR_SHARE(id, k, t, d)					\
	HB_MIR_DERIVED(id, k, t, HB_UNIT_PERCENT, false, false, NULL, d, NULL)
/* A metric computed from a sample by @d. */
#define HB_DERIVED(id, k, t, u, c, d, gu, wl)				\
	[id] = { .key = k, .title = t, .unit = u, .cover = c,		\
		 .derive = d, .gounit = gu, .workloads = wl }

/* the module's chunks', and a namespace's binds' too */
#define HB_CHUNK	HB_WL_BIT(HB_WL_CHUNK)
#define HB_BOTH		(HB_WL_BIT(HB_WL_CHUNK) | HB_WL_BIT(HB_WL_BIND))

const struct hb_metric hb_metrics[HB_NR_METRICS] = {
	HB_MAP(HB_M_REGION, "region_ns", "region request", false, NULL,
	       "region-ns/op", HMMBENCH_T_REGION, region_ns, HB_CHUNK),
	[HB_M_MEMREMAP] = { .key = "memremap_ns", .title = "memremap_pages",
			    .unit = HB_UNIT_NS, .raw = true, .measured = true,
			    .cover = true, .phrase = "memremap time",
			    .gounit = "ns/op", .bit = HMMBENCH_T_MEMREMAP,
			    .offset = offsetof(struct hb_sample, memremap_ns),
			    .reply = HB_REPLY_MAP,
			    .reply_offset = offsetof(struct hmmbench_map,
						     memremap_ns),
			    .workloads = HB_BOTH, .headline = true },
	HB_MAP(HB_M_MEMMAP_INIT, "memmap_init_ns", "  memmap_init phase",
	       true, "time in memmap_init_zone_device()", "memmap-init-ns/op",
	       HMMBENCH_T_MEMMAP_INIT, memmap_init_ns, HB_BOTH),
	HB_UNMAP(HB_M_MEMUNMAP, "memunmap_ns", "memunmap_pages", true,
		 "memunmap time", "memunmap-ns/op", HMMBENCH_T_MEMUNMAP,
		 memunmap_ns, HB_BOTH),
	HB_UNMAP(HB_M_RELEASE, "release_ns", "region release", false, NULL,
		 "release-ns/op", HMMBENCH_T_RELEASE, release_ns, HB_CHUNK),
	HB_DERIVED(HB_M_MEMREMAP_PP, "memremap_ns_per_page",
		   "memremap ns/4KiB", HB_UNIT_NS_PER_PAGE, true,
		   hb_get_memremap_pp, "memremap-ns/page", HB_BOTH),
	HB_DERIVED(HB_M_MEMMAP_INIT_PP, "memmap_init_ns_per_page",
		   "memmap_init ns/4KiB", HB_UNIT_NS_PER_PAGE, false,
		   hb_get_memmap_init_pp, "memmap-init-ns/page", HB_BOTH),
	HB_DERIVED(HB_M_MEMMAP_INIT_RATE, "memmap_init_bytes_per_s",
		   "struct page writes", HB_UNIT_BYTES_PER_S, true,
		   hb_get_memmap_init_rate, "memmap-init-B/s", HB_BOTH),
	HB_MEASURED(HB_M_MEMREMAP_REST, "memremap_rest_ns",
		    "  rest of memremap",
		    "memremap time outside memmap_init_zone_device()",
		    hb_get_memremap_rest, "memremap-rest-ns/op", HB_BOTH),
	/* ROOFLINE is run's */
	HB_DERIVED(HB_M_ROOF_PLAIN, "memmap_init_efficiency_plain",
		   "  % of plain stores", HB_UNIT_RATIO, true,
		   hb_get_roof_plain, "memmap-init-eff-plain", HB_CHUNK),
	HB_DERIVED(HB_M_ROOF_NT, "memmap_init_efficiency_nt",
		   "  % of NT stores", HB_UNIT_RATIO, true,
		   hb_get_roof_nt, "memmap-init-eff-nt", HB_CHUNK),
	HB_OWN(HB_M_BIND, "bind_ns", "driver bind", "bind time",
	       "bind-ns/op", HB_T_BIND, bind_ns),
	HB_OWN(HB_M_UNBIND, "unbind_ns", "driver unbind", "unbind time",
	       "unbind-ns/op", HB_T_UNBIND, unbind_ns),
	HB_MIG(HB_M_TO_DEVICE, "to_device_total_ns", "to-device",
	       "MIGRATE to-device, kernel time per call", "to-device",
	       HB_T_TO_DEVICE, migrate_ns),
	HB_MIG(HB_M_TO_SYSTEM, "to_system_total_ns", "to-system",
	       "MIGRATE to-system, kernel time per call", "to-system",
	       HB_T_TO_SYSTEM, migrate_ns),
	HB_MIG(HB_M_FAULT, "fault_handler_ns", "fault handler",
	       "CPU fault, migrate_to_ram() time per fault", "fault",
	       HB_T_FAULT, migrate_ns),
	HB_MIG(HB_M_TOUCH, "fault_user_ns", "fault, the touch",
	       "CPU fault, time per touch as the process saw it", "fault",
	       HB_T_TOUCH, touch_ns),
	HB_MIG_RATE(HB_M_TO_DEVICE_RATE, "to_device_bytes_per_s",
		    "to-device rate", "to-device", hb_get_to_device_rate),
	HB_MIG_RATE(HB_M_TO_SYSTEM_RATE, "to_system_bytes_per_s",
		    "to-system rate", "to-system", hb_get_to_system_rate),
	HB_CALL(HB_M_CALL_RATE, "gib_per_s", "throughput", HB_UNIT_GIB_PER_S,
		hb_get_call_rate),
	HB_CALL(HB_M_CALL_PP, "ns_per_page", "kernel ns/4KiB",
		HB_UNIT_NS_PER_PAGE, hb_get_call_pp),
	[HB_M_CALL_TOTAL] = { .key = "total_ns", .title = "kernel total",
			      .unit = HB_UNIT_NS, .derive = hb_get_call_total,
			      .groups = HB_MIG_CALLS, .headline = true,
			      .workloads = HB_WL_BIT(HB_WL_MIGRATE) },
	HB_CALL(HB_M_CALL_SETUP, "setup_percent", "  setup", HB_UNIT_PERCENT,
		hb_get_call_setup),
	HB_CALL(HB_M_CALL_ALLOC, "alloc_percent", "  alloc", HB_UNIT_PERCENT,
		hb_get_call_alloc),
	HB_CALL(HB_M_CALL_COPY, "copy_percent", "  copy", HB_UNIT_PERCENT,
		hb_get_call_copy),
	HB_CALL(HB_M_CALL_PAGES, "pages_percent", "  pages", HB_UNIT_PERCENT,
		hb_get_call_pages),
	HB_CALL(HB_M_CALL_FINALIZE, "finalize_percent", "  finalize",
		HB_UNIT_PERCENT, hb_get_call_finalize),
	HB_CALL(HB_M_CALL_OTHER, "other_percent", "  other", HB_UNIT_PERCENT,
		hb_get_call_other),
	HB_CALL(HB_M_CALL_COPY_RATE, "copy_gib_per_s", "copy throughput",
		HB_UNIT_GIB_PER_S, hb_get_call_copy_rate),
	/* in the machine formats, and as the next row in the table */
	[HB_M_CALL_WALL] = { .key = "wall_ns", .title = "wall",
			     .unit = HB_UNIT_NS, .derive = hb_get_call_wall,
			     .groups = HB_MIG_CALLS, .hidden = true,
			     .workloads = HB_WL_BIT(HB_WL_MIGRATE) },
	HB_CALL(HB_M_CALL_OVERHEAD, "overhead_ns", "wall - kernel", HB_UNIT_NS,
		hb_get_call_overhead),
	HB_GROUPED(HB_M_FAULT_OUTSIDE, "fault_outside_ns",
		   "outside the handler", HB_UNIT_NS, hb_get_fault_outside,
		   HB_MIG_BIT(HB_MIG_FAULT)),
	[HB_M_MIR_TOTAL] = { .key = "mirror_total_ns",
			     .title = "mirror, kernel total",
			     .unit = HB_UNIT_NS, .raw = true, .measured = true,
			     .cover = true,
			     .phrase = "MIRROR kernel time per call",
			     .gounit = "mirror-ns/op", .bit = HB_T_MIRROR,
			     .offset = offsetof(struct hb_sample,
						mirror.total_ns),
			     .reply = HB_REPLY_MIRROR,
			     .reply_offset = offsetof(struct hmmbench_mirror,
						      total_ns),
			     .workloads = HB_WL_BIT(HB_WL_MIRROR),
			     .headline = true },
	HB_MIR_PHASE(HB_M_MIR_FAULT, "mirror_fault_ns", "  hmm_range_fault",
		     "time in hmm_range_fault()", "mirror-fault-ns/op",
		     fault_ns),
	HB_MIR_PHASE(HB_M_MIR_UPDATE, "mirror_update_ns", "  device update",
		     "device page-table update time", "mirror-update-ns/op",
		     update_ns),
	HB_MIR_PHASE(HB_M_MIR_RETRY, "mirror_retry_ns", "  retried attempts",
		     "time in retried attempts", "mirror-retry-ns/op",
		     retry_ns),
	HB_MIR(HB_M_MIR_INVALIDATE, "mirror_invalidate_ns",
	       "invalidate callbacks", HB_UNIT_NS, true, false,
	       "time in invalidate callbacks", "mirror-invalidate-ns/op",
	       invalidate_ns, false, false, false),
	HB_MIR(HB_M_MIR_CALL_MIN, "mirror_call_min_ns", "fastest batch",
	       HB_UNIT_NS, false, false, NULL, NULL, call_min_ns, true,
	       false, true),
	HB_MIR(HB_M_MIR_CALL_MAX, "mirror_call_max_ns", "slowest batch",
	       HB_UNIT_NS, false, false, NULL, NULL, call_max_ns, true,
	       false, true),
	[HB_M_MIR_WALL] = { .key = "mirror_wall_ns", .title = "wall",
			    .unit = HB_UNIT_NS, .raw = true, .inner = true,
			    .bit = HB_T_MIRROR, .tally = true,
			    .offset = offsetof(struct hb_sample, wall_ns),
			    .reply = HB_REPLY_NONE,
			    .workloads = HB_WL_BIT(HB_WL_MIRROR) },
	HB_MIR_COUNT(HB_M_MIR_CALLS, "mirror_calls", "batches", calls),
	HB_MIR_COUNT(HB_M_MIR_RETRY_BUSY, "mirror_retry_busy",
		     "retried on -EBUSY", retry_busy),
	HB_MIR_COUNT(HB_M_MIR_RETRY_SEQ, "mirror_retry_seq",
		     "retried after an invalidation", retry_seq),
	HB_MIR_COUNT(HB_M_MIR_INVALIDATIONS, "mirror_invalidations",
		     "invalidations", invalidations),
	HB_MIR_COUNT(HB_M_MIR_PAGES, "mirror_pages", "pages", pages),
	HB_MIR_COUNT(HB_M_MIR_VALID, "mirror_valid", "valid", valid),
	HB_MIR_COUNT(HB_M_MIR_WRITABLE, "mirror_writable", "writable",
		     writable),
	HB_MIR_COUNT(HB_M_MIR_PMD, "mirror_pmd", "in PMDs", pmd),
	HB_MIR_COUNT(HB_M_MIR_ZERO, "mirror_zero", "on the zero page", zero),
	HB_MIR_COUNT(HB_M_MIR_DEVICE_PRIVATE, "mirror_device_private",
		     "device-private", device_private),
	HB_MIR_COUNT(HB_M_MIR_ERROR, "mirror_error", "errors", error),
	[HB_M_MIR_REST] = { .key = "mirror_rest_ns",
			    .title = "  rest of the call", .unit = HB_UNIT_NS,
			    .measured = true, .hidden = true,
			    .phrase = "MIRROR time outside its timed phases",
			    .derive = hb_get_mir_rest,
			    .gounit = "mirror-rest-ns/op",
			    .workloads = HB_WL_BIT(HB_WL_MIRROR) },
	HB_MIR_DERIVED(HB_M_MIR_PP, "mirror_ns_per_page", "mirror ns/4KiB",
		       HB_UNIT_NS_PER_PAGE, false, true, NULL, hb_get_mir_pp,
		       "mirror-ns/page"),
	HB_MIR_DERIVED(HB_M_MIR_RATE, "mirror_gib_per_s", "range mirrored",
		       HB_UNIT_GIB_PER_S, false, true, NULL, hb_get_mir_rate,
		       "mirror-GiB/s"),
	[HB_M_MIR_BATCH] = { .key = "mirror_batch_ns", .title = "batch mean",
			     .unit = HB_UNIT_NS, .hidden = true,
			     .derive = hb_get_mir_batch,
			     .gounit = "mirror-batch-ns/op",
			     .workloads = HB_WL_BIT(HB_WL_MIRROR) },
	HB_MIR_DERIVED(HB_M_MIR_RETRIES, "mirror_retries_per_batch",
		       "retries per batch", HB_UNIT_COUNT, false, false, NULL,
		       hb_get_mir_retries, "mirror-retries/batch"),
	HB_MIR_DERIVED(HB_M_MIR_OVERHEAD, "mirror_overhead_ns", "wall - kernel",
		       HB_UNIT_NS, false, false, NULL, hb_get_mir_overhead,
		       "mirror-overhead-ns/op"),
	HB_MIR_SHARE(HB_M_MIR_FAULT_SHARE, "mirror_fault_percent",
		     "  hmm_range_fault", hb_get_mir_fault_share),
	HB_MIR_SHARE(HB_M_MIR_UPDATE_SHARE, "mirror_update_percent",
		     "  device update", hb_get_mir_update_share),
	HB_MIR_SHARE(HB_M_MIR_RETRY_SHARE, "mirror_retry_percent",
		     "  retried attempts", hb_get_mir_retry_share),
	HB_MIR_SHARE(HB_M_MIR_REST_SHARE, "mirror_rest_percent",
		     "  rest of the call", hb_get_mir_rest_share),
	HB_MIR_BATCH(HB_M_MIR_BATCH_P50, "mirror_batch_p50_ns", "batch p50", 0),
	HB_MIR_BATCH(HB_M_MIR_BATCH_P90, "mirror_batch_p90_ns", "batch p90", 1),
	HB_MIR_BATCH(HB_M_MIR_BATCH_P99, "mirror_batch_p99_ns", "batch p99", 2),
	HB_MIR_PER_PAGE(HB_M_MIR_MIN_PP, "mirror_call_min_ns_per_page",
			"fastest batch ns/4KiB", min),
	HB_MIR_PER_PAGE(HB_M_MIR_P50_PP, "mirror_batch_p50_ns_per_page",
			"batch p50 ns/4KiB", p50),
	HB_MIR_PER_PAGE(HB_M_MIR_P90_PP, "mirror_batch_p90_ns_per_page",
			"batch p90 ns/4KiB", p90),
	HB_MIR_PER_PAGE(HB_M_MIR_P99_PP, "mirror_batch_p99_ns_per_page",
			"batch p99 ns/4KiB", p99),
	HB_MIR_PER_PAGE(HB_M_MIR_MAX_PP, "mirror_call_max_ns_per_page",
			"slowest batch ns/4KiB", max),
};

const enum hb_metric_id hb_metric_order[HB_NR_METRICS] = {
	HB_M_BIND, HB_M_REGION, HB_M_MEMREMAP, HB_M_MEMMAP_INIT,
	HB_M_MEMREMAP_REST, HB_M_UNBIND, HB_M_MEMUNMAP, HB_M_RELEASE,
	HB_M_TO_DEVICE, HB_M_TO_SYSTEM, HB_M_FAULT, HB_M_TOUCH,
	HB_M_MEMREMAP_PP, HB_M_MEMMAP_INIT_PP,
	HB_M_MEMMAP_INIT_RATE, HB_M_ROOF_PLAIN, HB_M_ROOF_NT,
	HB_M_TO_DEVICE_RATE, HB_M_TO_SYSTEM_RATE,
	HB_M_CALL_RATE, HB_M_CALL_PP, HB_M_CALL_TOTAL, HB_M_CALL_SETUP,
	HB_M_CALL_ALLOC, HB_M_CALL_COPY, HB_M_CALL_PAGES, HB_M_CALL_FINALIZE,
	HB_M_CALL_OTHER, HB_M_CALL_COPY_RATE, HB_M_CALL_WALL,
	HB_M_CALL_OVERHEAD, HB_M_FAULT_OUTSIDE,
	HB_M_MIR_RATE, HB_M_MIR_PP, HB_M_MIR_TOTAL, HB_M_MIR_FAULT,
	HB_M_MIR_UPDATE, HB_M_MIR_RETRY, HB_M_MIR_REST, HB_M_MIR_FAULT_SHARE,
	HB_M_MIR_UPDATE_SHARE, HB_M_MIR_RETRY_SHARE, HB_M_MIR_REST_SHARE,
	HB_M_MIR_INVALIDATE,
	HB_M_MIR_BATCH, HB_M_MIR_CALL_MIN, HB_M_MIR_BATCH_P50,
	HB_M_MIR_BATCH_P90, HB_M_MIR_BATCH_P99, HB_M_MIR_CALL_MAX,
	HB_M_MIR_MIN_PP, HB_M_MIR_P50_PP, HB_M_MIR_P90_PP, HB_M_MIR_P99_PP,
	HB_M_MIR_MAX_PP,
	HB_M_MIR_RETRIES, HB_M_MIR_OVERHEAD, HB_M_MIR_WALL,
	HB_M_MIR_PAGES, HB_M_MIR_VALID, HB_M_MIR_WRITABLE, HB_M_MIR_PMD,
	HB_M_MIR_ZERO, HB_M_MIR_DEVICE_PRIVATE, HB_M_MIR_ERROR,
	HB_M_MIR_CALLS, HB_M_MIR_RETRY_BUSY, HB_M_MIR_RETRY_SEQ,
	HB_M_MIR_INVALIDATIONS,
};

bool hb_metric_applies(const struct hb_config *c, size_t mi)
{
	return hb_metrics[mi].workloads & HB_WL_BIT(hb_workload_of(c)->id);
}

bool hb_metric_shown(const struct hb_config *c, const struct hb_meta *m,
		     size_t mi)
{
	enum hb_unit u = hb_metrics[mi].unit;

	if (!hb_metric_applies(c, mi))
		return false;
	return !hb_meta_icount(m) ||
	       (u != HB_UNIT_BYTES_PER_S && u != HB_UNIT_GIB_PER_S &&
		u != HB_UNIT_RATIO);
}

enum hb_metric_id hb_headline(const struct hb_config *c)
{
	size_t mi;

	for (mi = 0; mi < HB_NR_METRICS; mi++)
		if (hb_metrics[mi].headline && hb_metric_applies(c, mi))
			return mi;
	return HB_M_MEMREMAP;
}

enum hb_unit hb_metric_unit(size_t mi, const struct hb_meta *m)
{
	return hb_unit_counted(hb_metrics[mi].unit, hb_meta_icount(m));
}

const char *hb_metric_title(size_t mi, bool icount, char *buf, size_t len)
{
	const char *t = hb_metrics[mi].title, *ns = strstr(t, "ns/");

	if (!icount || !ns)
		return t;
	snprintf(buf, len, "%.*sinstr/%s", (int)(ns - t), t, ns + 3);
	return buf;
}

const char *hb_metric_name(size_t mi)
{
	const char *t = hb_metrics[mi].title;

	return t + strspn(t, " ");
}

const char *hb_metric_text(char *buf, size_t len, const struct hb_metric *m,
			   const struct hb_sample *s,
			   const struct hb_meta *meta, double *v)
{
	if (!hb_metric_get(m, s, meta, v))
		return NULL;
	if (m->measured || m->raw)
		snprintf(buf, len, "%.0f", *v);
	else
		hb_fmt_fixed(buf, len, m->unit, *v);
	return buf;
}

void hb_metric_set(const struct hb_metric *m, struct hb_sample *s,
		   uint64_t ns)
{
	*hb_raw_in(m, s) = ns;
	s->valid |= m->bit;
}

void hb_metrics_take(struct hb_sample *s, enum hb_reply kind,
		     const void *reply, uint32_t valid)
{
	const struct hb_metric *m;

	for (m = hb_metrics; m < &hb_metrics[HB_NR_METRICS]; m++) {
		if (!m->raw || m->reply != kind)
			continue;
		s->valid |= valid & m->bit;
		*hb_raw_in(m, s) = *(const uint64_t *)((const char *)reply +
						      m->reply_offset);
	}
}

bool hb_metric_value(const struct hb_result *r, const struct hb_sample *s,
		     uint64_t size, enum hb_kind kind, size_t mi, double *v)
{
	return s->size == size && s->kind == kind &&
	       hb_metric_get(&hb_metrics[mi], s, &r->meta, v);
}

bool hb_metric_of_group(size_t mi, unsigned int group)
{
	return group == HB_ALL_GROUPS ||
	       (group < 32 && (hb_metrics[mi].groups & HB_MIG_BIT(group)));
}

uint64_t hb_kernel_ns(const struct hb_result *r)
{
	uint64_t total = 0;
	size_t i, mi;

	for (i = 0; i < r->nr_samples; i++) {
		for (mi = 0; mi < HB_NR_METRICS; mi++) {
			double v;

			/* memmap_init is inside memremap: not counted twice */
			if (hb_metrics[mi].raw && mi != HB_M_MEMMAP_INIT &&
			    hb_metrics[mi].reply != HB_REPLY_NONE &&
			    hb_metrics[mi].unit == HB_UNIT_NS &&
			    !hb_metrics[mi].inner &&
			    hb_metric_get(&hb_metrics[mi], &r->samples[i],
					  &r->meta, &v))
				total += (uint64_t)v;
		}
	}
	return total;
}
