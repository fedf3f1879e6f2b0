// SPDX-License-Identifier: GPL-2.0
/*
 * hmmbench: JSON output through json-c - schema "hmmbench-result/1" with
 * metadata, configuration, every raw sample, the summaries, the memmap
 * digest of each size that was verified and the kernel's store bandwidth
 * for each size, and "hmmbench-info/1"
 * for the info subcommand.  FORMATS.md documents both.
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

static struct json_object *hb_jfeatures(uint32_t features)
{
	struct json_object *a = json_object_new_array();
	unsigned int bit;

	for (bit = 0; bit < 32; bit++) {
		if (!(features & (1U << bit)))
			continue;
		if (hb_feature_name(bit))
			json_object_array_add(a, hb_jstr(hb_feature_name(bit)));
		else
			json_object_array_add(a, hb_jint(1ULL << bit));
	}
	return a;
}

static struct json_object *hb_jsizes(const struct hb_config *c)
{
	struct json_object *a = json_object_new_array();
	size_t i;

	for (i = 0; i < c->nr_sizes; i++)
		json_object_array_add(a, hb_jint(c->sizes[i]));
	return a;
}

static struct json_object *hb_jdirs(unsigned int dirs)
{
	struct json_object *a = json_object_new_array();
	enum hb_mig_dir d;

	for (d = 0; d < HB_MIG_NR_DIRS; d++)
		if (dirs & HB_MIG_BIT(d))
			json_object_array_add(a, hb_jstr(hb_mig_dir_key(d)));
	return a;
}

static struct json_object *hb_jwindow(const uint64_t *w)
{
	struct json_object *a = json_object_new_array();

	json_object_array_add(a, hb_jint(w[0]));
	json_object_array_add(a, hb_jint(w[1]));
	return a;
}

static struct json_object *hb_field_json(const struct hb_field *f,
					 const void *base)
{
	const void *v = hb_field_at(f, base);

	switch (f->type) {
	case HB_F_CHARS:
		return hb_jstr(v);
	case HB_F_STRING:
		return hb_jstr(*(const char *const *)v);
	case HB_F_BOOL:
		return hb_jbool(*(const bool *)v);
	case HB_F_TRI:
		if (*(const enum hb_tri *)v == HB_TRI_UNKNOWN)
			return NULL;
		return hb_jbool(*(const enum hb_tri *)v == HB_TRI_YES);
	case HB_F_FEATURES:
		return hb_jfeatures(hb_field_uint(f, base));
	case HB_F_NODE:
		return *(const int *)v == HMMBENCH_NODE_LOCAL ? NULL :
		       hb_jint(*(const int *)v);
	case HB_F_SIZES:
		return hb_jsizes(v);
	case HB_F_WINDOW:
		return hb_jwindow(v);
	case HB_F_RUNS:
		return hb_jint(hb_result_runs(base));
	case HB_F_PERCENT:
		return hb_jnum(*(const double *)v, 4);
	case HB_F_DIRS:
		return hb_jdirs(hb_field_uint(f, base));
	default:
		return hb_jint(hb_field_uint(f, base));
	}
}

struct json_object *hb_fields_json(const struct hb_fields *t,
				   const void *base)
{
	struct json_object *o = json_object_new_object();
	size_t i;

	for (i = 0; i < t->n; i++)
		if (!hb_field_absent(&t->f[i], base))
			hb_jadd(o, t->f[i].key, hb_field_json(&t->f[i], base));
	return o;
}

struct json_object *hb_sources_json(const struct hb_source *src, size_t n)
{
	struct json_object *a = json_object_new_array();
	size_t i;

	for (i = 0; i < n; i++)
		json_object_array_add(a, hb_fields_json(&hb_source_fields,
							&src[i]));
	return a;
}

static struct json_object *hb_meta_json(const struct hb_result *r)
{
	struct json_object *o = json_object_new_object();

	hb_jadd(o, "hmmbench_version", hb_jstr(hb_meta_version(&r->meta)));
	hb_jadd(o, "date", hb_jstr(r->meta.host.date));
	if (r->meta.run_id[0])
		hb_jadd(o, "run_id", hb_jstr(r->meta.run_id));
	if (hb_meta_icount(&r->meta))
		hb_jadd(o, "time_unit", hb_jstr("instructions"));
	hb_jadd(o, "label", hb_jstr(r->cfg.label));
	if (r->meta.command_line)
		hb_jadd(o, "command_line", hb_jstr(r->meta.command_line));
	hb_jadd(o, "host", hb_fields_json(&hb_host_fields, &r->meta.host));
	hb_jadd(o, "module", hb_fields_json(&hb_module_fields, &r->meta.info));
	if (r->nr_sources)
		hb_jadd(o, "sources", hb_sources_json(r->sources, r->nr_sources));
	return o;
}

static struct json_object *hb_metrics_json(const struct hb_result *r)
{
	struct json_object *a = json_object_new_array();
	size_t mi;

	for (mi = 0; mi < HB_NR_METRICS; mi++) {
		struct json_object *o;

		if (!hb_metric_shown(&r->cfg, &r->meta, mi))
			continue;
		o = json_object_new_object();

		hb_jadd(o, "key", hb_jstr(hb_metrics[mi].key));
		hb_jadd(o, "unit",
			hb_jstr(hb_unit_name(hb_metric_unit(mi, &r->meta))));
		hb_jadd(o, "measured", hb_jbool(hb_metrics[mi].measured));
		json_object_array_add(a, o);
	}
	return a;
}

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

/* Every metric of @r in @st, by key. */
static struct json_object *hb_summary_metrics_json(const struct hb_result *r,
						   const struct hb_stats *st)
{
	struct json_object *m = json_object_new_object();
	size_t mi;

	for (mi = 0; mi < HB_NR_METRICS; mi++)
		if (hb_metric_shown(&r->cfg, &r->meta, mi))
			hb_jadd(m, hb_metrics[mi].key,
				hb_stats_json(&st[mi], hb_metrics[mi].unit));
	return m;
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
	hb_jadd(o, "metrics", hb_summary_metrics_json(r, s->st));
	if (s->by_run)
		hb_jadd(o, "run_means", hb_summary_metrics_json(r, s->run));
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

void hb_memmap_json_add(struct json_object *o, const struct hb_memmap *m)
{
	hb_jadd(o, "pages", hb_jint(m->pages));
	hb_jadd(o, "digest", hb_jhex(m->digest));
	hb_jadd(o, "layout", hb_jhex(m->layout));
	hb_jadd(o, "bad_pages", hb_jint(m->bad_pages));
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

struct json_object *hb_result_head_json(const struct hb_result *r)
{
	const struct hb_workload *wl = hb_workload_of(&r->cfg);
	struct json_object *o = json_object_new_object();

	hb_jadd(o, "schema", hb_jstr(wl->schema));
	hb_jadd(o, "complete", hb_jbool(r->complete));
	hb_jadd(o, "stop_reason", hb_jstr(r->stop_reason));
	hb_jadd(o, "error", hb_jstr(r->error[0] ? r->error : NULL));
	hb_jadd(o, "stopped_by", hb_jstr(hb_end_name(r->end)));
	hb_jadd(o, "metadata", hb_meta_json(r));
	hb_jadd(o, "configuration", hb_fields_json(wl->config, r));
	hb_jadd(o, "wall_ns", hb_jint(r->wall_ns));
	return o;
}

static struct json_object *hb_result_json(const struct hb_result *r,
					  const struct hb_summary *sum,
					  size_t nr)
{
	struct json_object *o;
	struct json_object *a = json_object_new_array();
	size_t i;

	for (i = 0; i < nr; i++)
		json_object_array_add(a, hb_summary_json(r, &sum[i]));
	o = hb_result_head_json(r);
	hb_jadd(o, "kernel_ns", hb_jint(hb_kernel_ns(r)));
	hb_jadd(o, "metrics", hb_metrics_json(r));
	hb_jadd(o, "samples", hb_samples_json(r));
	hb_jadd(o, "summaries", a);
	a = hb_memmaps_json(r);
	if (a)
		hb_jadd(o, "memmaps", a);
	a = hb_roofs_json(r);
	if (a)
		hb_jadd(o, "rooflines", a);
	return o;
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
	return hb_json_write(f, hb_result_json(r, sum, nr));
}

int hb_render_info_json(FILE *f, const struct hb_meta *m)
{
	return hb_json_write(f, hb_info_json(m));
}
