// SPDX-License-Identifier: GPL-2.0
/*
 * hmmbench: the metric field list (what each metric is called, its unit
 * and how to read it from a raw sample) and the summaries built from it.
 * A metric whose valid bit is clear is absent, not zero.
 */
#include <errno.h>
#include <stdlib.h>

#include "metrics.h"

#define HB_PAGE_4K	4096.0

static bool hb_get_bit(const struct hb_sample *s, uint32_t bit, uint64_t ns,
		       double *v)
{
	if (!(s->valid & bit))
		return false;
	*v = (double)ns;
	return true;
}

static bool hb_get_region(const struct hb_sample *s,
			  const struct hb_meta *m, double *v)
{
	(void)m;
	return hb_get_bit(s, HMMBENCH_T_REGION, s->region_ns, v);
}

static bool hb_get_memremap(const struct hb_sample *s,
			    const struct hb_meta *m, double *v)
{
	(void)m;
	return hb_get_bit(s, HMMBENCH_T_MEMREMAP, s->memremap_ns, v);
}

static bool hb_get_memmap_init(const struct hb_sample *s,
			       const struct hb_meta *m, double *v)
{
	(void)m;
	return hb_get_bit(s, HMMBENCH_T_MEMMAP_INIT, s->memmap_init_ns, v);
}

static bool hb_get_memunmap(const struct hb_sample *s,
			    const struct hb_meta *m, double *v)
{
	(void)m;
	return hb_get_bit(s, HMMBENCH_T_MEMUNMAP, s->memunmap_ns, v);
}

static bool hb_get_release(const struct hb_sample *s,
			   const struct hb_meta *m, double *v)
{
	(void)m;
	return hb_get_bit(s, HMMBENCH_T_RELEASE, s->release_ns, v);
}

static bool hb_get_memremap_pp(const struct hb_sample *s,
			       const struct hb_meta *m, double *v)
{
	if (!s->size || !hb_get_memremap(s, m, v))
		return false;
	*v /= s->size / HB_PAGE_4K;
	return true;
}

static bool hb_get_memmap_init_pp(const struct hb_sample *s,
				  const struct hb_meta *m, double *v)
{
	if (!s->size || !hb_get_memmap_init(s, m, v))
		return false;
	*v /= s->size / HB_PAGE_4K;
	return true;
}

/* struct page bytes initialised per second inside memmap_init. */
static bool hb_get_memmap_init_rate(const struct hb_sample *s,
				    const struct hb_meta *m, double *v)
{
	double bytes;

	if (!m->info.page_size || !m->info.struct_page_size ||
	    !hb_get_memmap_init(s, m, v) || *v <= 0)
		return false;
	bytes = (double)(s->size / m->info.page_size) *
		(double)m->info.struct_page_size;
	*v = bytes / (*v / 1e9);
	return true;
}

#define HB_METRIC(id, k, t, u, r, c, g, ph, gu)			\
	[id] = { .key = k, .title = t, .unit = u, .raw = r,	\
		 .cover = c, .get = g, .phrase = ph, .gounit = gu }

const struct hb_metric hb_metrics[HB_NR_METRICS] = {
	HB_METRIC(HB_M_REGION, "region_ns", "region request",
		  HB_UNIT_NS, true, false, hb_get_region,
		  NULL, "region-ns/op"),
	HB_METRIC(HB_M_MEMREMAP, "memremap_ns", "memremap_pages",
		  HB_UNIT_NS, true, true, hb_get_memremap,
		  "memremap time", "ns/op"),
	HB_METRIC(HB_M_MEMMAP_INIT, "memmap_init_ns", "  memmap_init phase",
		  HB_UNIT_NS, true, true, hb_get_memmap_init,
		  "time in memmap_init_zone_device()", "memmap-init-ns/op"),
	HB_METRIC(HB_M_MEMUNMAP, "memunmap_ns", "memunmap_pages",
		  HB_UNIT_NS, true, true, hb_get_memunmap,
		  "memunmap time", "memunmap-ns/op"),
	HB_METRIC(HB_M_RELEASE, "release_ns", "region release",
		  HB_UNIT_NS, true, false, hb_get_release,
		  NULL, "release-ns/op"),
	HB_METRIC(HB_M_MEMREMAP_PP, "memremap_ns_per_page", "memremap per 4 KiB",
		  HB_UNIT_NS_PER_PAGE, false, true, hb_get_memremap_pp,
		  NULL, "memremap-ns/page"),
	HB_METRIC(HB_M_MEMMAP_INIT_PP, "memmap_init_ns_per_page", "memmap_init per 4 KiB",
		  HB_UNIT_NS_PER_PAGE, false, false, hb_get_memmap_init_pp,
		  NULL, "memmap-init-ns/page"),
	HB_METRIC(HB_M_MEMMAP_INIT_RATE, "memmap_init_bytes_per_s", "struct page writes",
		  HB_UNIT_BYTES_PER_S, false, true, hb_get_memmap_init_rate,
		  NULL, "memmap-init-B/s"),
};

bool hb_metric_value(const struct hb_result *r, const struct hb_sample *s,
		     uint64_t size, enum hb_kind kind, size_t mi, double *v)
{
	return s->size == size && s->kind == kind &&
	       hb_metrics[mi].get(s, &r->meta, v);
}

size_t hb_metric_values(const struct hb_result *r, uint64_t size,
			enum hb_kind kind, size_t mi, double *buf)
{
	size_t i, n = 0;

	for (i = 0; i < r->nr_samples; i++)
		n += hb_metric_value(r, &r->samples[i], size, kind, mi,
				     &buf[n]);
	return n;
}

/* Statistics of metric @mi over the samples of @size and @kind. */
static int hb_summarize_metric(const struct hb_result *r, uint64_t size,
			       enum hb_kind kind, size_t mi, double *buf,
			       struct hb_stats *st)
{
	return hb_stats_compute(buf, hb_metric_values(r, size, kind, mi, buf),
				st);
}

static int hb_summarize_one(const struct hb_result *r, double *buf,
			    struct hb_summary *sum)
{
	size_t mi;
	int ret;

	for (mi = 0; mi < HB_NR_METRICS; mi++) {
		ret = hb_summarize_metric(r, sum->size, sum->kind, mi, buf,
					  &sum->st[mi]);
		if (ret)
			return ret;
	}
	return 0;
}

int hb_summarize(const struct hb_result *r, struct hb_summary **out,
		 size_t *nr)
{
	size_t i, n = 2 * r->cfg.nr_sizes;
	struct hb_summary *sum = calloc(n ? n : 1, sizeof(*sum));
	double *buf = malloc((r->nr_samples + 1) * sizeof(*buf));
	int ret = 0;

	if (!sum || !buf) {
		ret = -ENOMEM;
		goto out;
	}
	for (i = 0; i < n && !ret; i++) {
		sum[i].size = r->cfg.sizes[i / 2];
		sum[i].kind = i % 2 ? HB_WARM : HB_COLD;
		ret = hb_summarize_one(r, buf, &sum[i]);
	}
out:
	free(buf);
	if (ret) {
		free(sum);
		return ret;
	}
	*out = sum;
	*nr = n;
	return 0;
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
			    hb_metrics[mi].get(&r->samples[i], &r->meta, &v))
				total += (uint64_t)v;
		}
	}
	return total;
}
