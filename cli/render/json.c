// SPDX-License-Identifier: GPL-2.0
/*
 * hmmbench: the one JSON writer of results, through json-c: the head
 * every result's document starts with (json_result.c), then what its
 * workload holds - schema "hmmbench-result/1": every raw sample, the
 * summaries, the memmap digest of each size that was verified and the
 * kernel's store bandwidth for each size; "hmmbench-migrate/1": a
 * migration's records and their summaries (mig_json.c) - and
 * "hmmbench-info/1" for the info subcommand.  FORMATS.md documents them.
 * Members appear in a fixed order and numbers with fixed decimals.
 */
#include <stdio.h>

#include "fmt.h"
#include "render/json_write.h"
#include "render/renderers.h"
#include "results/fields.h"
#include "results/workload.h"
#include "version.h"

#define HB_INFO_SCHEMA		"hmmbench-info/1"

/* Metric @m of @s: null, a whole number or fixed decimals. */
static struct json_object *hb_metric_json(const struct hb_result *r,
					  const struct hb_sample *s,
					  const struct hb_metric *m)
{
	const char *t;
	char buf[64];
	double v;

	t = hb_metric_text(buf, sizeof(buf), m, s, &r->meta, &v);
	if (!t)
		return NULL;
	if (m->measured)
		return hb_jint((uint64_t)v);
	return json_object_new_double_s(v, t);
}

static struct json_object *hb_sample_json(const struct hb_result *r,
					  const struct hb_sample *s)
{
	struct json_object *o = json_object_new_object();
	size_t mi;

	hb_jadd(o, "size", hb_jint(s->size));
	hb_jadd(o, "iteration", hb_jint(s->iter));
	hb_jadd(o, "chunk", hb_jint(s->chunk));
	if (r->nr_sources)
		hb_jadd(o, "run", hb_jint(s->run));
	hb_jadd(o, "kind", hb_jstr(hb_kind_name(s->kind)));
	hb_jadd(o, "phys_start", hb_jint(s->phys_start));
	if (s->pages)
		hb_jadd(o, "pages", hb_jint(s->pages));
	for (mi = 0; mi < HB_NR_METRICS; mi++)
		if (hb_metric_shown(&r->cfg, &r->meta, mi))
			hb_jadd(o, hb_metrics[mi].key,
				hb_metric_json(r, s, &hb_metrics[mi]));
	return o;
}

/*
 * A summary: over the samples; of a merged result also over the runs'
 * means, what its table and cover text show.
 */
static struct json_object *hb_summary_json(const struct hb_result *r,
					   const struct hb_summary *s)
{
	struct json_object *o = json_object_new_object();

	hb_jadd(o, "size", hb_jint(s->size));
	hb_jadd(o, "kind", hb_jstr(hb_kind_name(s->kind)));
	hb_jadd(o, "metrics", hb_summary_metrics_json(r, s->group, s->st));
	if (s->by_run)
		hb_jadd(o, "run_means",
			hb_summary_metrics_json(r, s->group, s->run));
	return o;
}

static struct json_object *hb_samples_json(const struct hb_result *r)
{
	struct json_object *a = json_object_new_array();
	size_t i;

	for (i = 0; i < r->nr_samples; i++)
		json_object_array_add(a, hb_sample_json(r, &r->samples[i]));
	return a;
}

/* The memmap of each size that has one, or NULL when none has. */
static struct json_object *hb_memmaps_json(const struct hb_result *r)
{
	struct json_object *a = NULL, *o;
	size_t i;

	for (i = 0; i < r->cfg.nr_sizes; i++) {
		if (!r->memmap[i].valid)
			continue;
		if (!a)
			a = json_object_new_array();
		o = json_object_new_object();
		hb_jadd(o, "size", hb_jint(r->cfg.sizes[i]));
		hb_memmap_json_add(o, &r->memmap[i]);
		json_object_array_add(a, o);
	}
	return a;
}

/* The stores that HMMBENCH_R_* @bit names, as @ns_key and @bps_key. */
static void hb_roof_json_add(struct json_object *o, const struct hb_roof *rf,
			     bool icount, uint32_t bit, const char *ns_key,
			     const char *bps_key)
{
	double bps;

	if (!hb_roof_rate(rf, bit, &bps)) {
		hb_jadd(o, ns_key, NULL);
		hb_jadd(o, bps_key, NULL);
		return;
	}
	hb_jadd(o, ns_key, hb_jint(bit == HMMBENCH_R_NT ? rf->nt_ns :
					       rf->plain_ns));
	/* instructions are no time: no bandwidth under icount */
	hb_jadd(o, bps_key, icount ? NULL :
		hb_jnum(bps, hb_fmt_precision(HB_UNIT_BYTES_PER_S)));
}

/* The store bandwidth of each size that has one, or NULL when none has. */
static struct json_object *hb_roofs_json(const struct hb_result *r)
{
	struct json_object *a = NULL, *o;
	const struct hb_roof *rf;
	size_t i;

	for (i = 0; i < r->cfg.nr_sizes; i++) {
		rf = hb_meta_roof(&r->meta, r->cfg.sizes[i]);
		if (!rf)
			continue;
		if (!a)
			a = json_object_new_array();
		o = json_object_new_object();
		hb_jadd(o, "size", hb_jint(rf->size));
		hb_jadd(o, "bytes", hb_jint(rf->bytes));
		hb_roof_json_add(o, rf, hb_meta_icount(&r->meta),
				 HMMBENCH_R_PLAIN, "plain_ns",
				 "plain_bytes_per_s");
		hb_roof_json_add(o, rf, hb_meta_icount(&r->meta),
				 HMMBENCH_R_NT, "nt_ns", "nt_bytes_per_s");
		json_object_array_add(a, o);
	}
	return a;
}

/*
 * What the document of a workload without records holds after its head:
 * the kernel time, the metrics, every sample, the summaries, and the
 * memmaps and rooflines of its sizes, when it has any.
 */
static void hb_samples_json_add(struct json_object *o,
				const struct hb_result *r,
				const struct hb_summary *sum, size_t nr)
{
	struct json_object *a = json_object_new_array();
	size_t i;

	for (i = 0; i < nr; i++)
		json_object_array_add(a, hb_summary_json(r, &sum[i]));
	hb_jadd(o, "kernel_ns", hb_jint(hb_kernel_ns(r)));
	hb_jadd(o, "metrics", hb_metrics_json(r, true));
	hb_jadd(o, "samples", hb_samples_json(r));
	hb_jadd(o, "summaries", a);
	a = hb_memmaps_json(r);
	if (a)
		hb_jadd(o, "memmaps", a);
	a = hb_roofs_json(r);
	if (a)
		hb_jadd(o, "rooflines", a);
}

static struct json_object *hb_info_json(const struct hb_meta *m)
{
	struct json_object *o = json_object_new_object();

	hb_jadd(o, "schema", hb_jstr(HB_INFO_SCHEMA));
	hb_jadd(o, "hmmbench_version", hb_jstr(HB_VERSION));
	hb_jadd(o, "date", hb_jstr(m->host.date));
	hb_jadd(o, "host", hb_fields_json(&hb_host_fields, &m->host));
	/* null: the module could not be asked */
	hb_jadd(o, "module", m->info.abi_version ?
		hb_fields_json(&hb_module_fields, &m->info) : NULL);
	return o;
}

int hb_render_json(FILE *f, const struct hb_result *r,
		   const struct hb_summary *sum, size_t nr)
{
	struct json_object *o = hb_result_head_json(r);
	int ret = 0;

	if (hb_workload_of(&r->cfg)->records)
		ret = hb_mig_json_add(o, r, sum, nr);
	else
		hb_samples_json_add(o, r, sum, nr);
	if (ret) {
		json_object_put(o);
		return ret;
	}
	return hb_json_write(f, o);
}

int hb_render_info_json(FILE *f, const struct hb_meta *m)
{
	return hb_json_write(f, hb_info_json(m));
}
