// SPDX-License-Identifier: GPL-2.0
/*
 * hmmbench: what every result's JSON document is made of, whatever its
 * workload: its head (schema, completion, metadata, the configuration its
 * workload describes), the objects of the field tables, the list of the
 * metrics its summaries show and the statistics of a summary's metrics.
 * Members appear in a fixed order and numbers with fixed decimals.
 */
#include <stdio.h>

#include "fmt.h"
#include "render/json_write.h"
#include "render/renderers.h"
#include "results/fields.h"
#include "results/workload.h"

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

static struct json_object *hb_meta_json(const struct hb_result *r,
					const struct hb_workload *wl)
{
	struct json_object *o = json_object_new_object();

	hb_jadd(o, "hmmbench_version", hb_jstr(hb_meta_version(&r->meta)));
	hb_jadd(o, "date", hb_jstr(r->meta.host.date));
	if (r->meta.run_id[0])
		hb_jadd(o, "run_id", hb_jstr(r->meta.run_id));
	if (hb_meta_icount(&r->meta))
		hb_jadd(o, "time_unit", hb_jstr("instructions"));
	if (wl->labelled || r->cfg.label)
		hb_jadd(o, "label", hb_jstr(r->cfg.label));
	if (r->meta.command_line)
		hb_jadd(o, "command_line", hb_jstr(r->meta.command_line));
	hb_jadd(o, "host", hb_fields_json(&hb_host_fields, &r->meta.host));
	hb_jadd(o, "module", hb_fields_json(&hb_module_fields, &r->meta.info));
	if (r->nr_sources)
		hb_jadd(o, "sources", hb_sources_json(r->sources, r->nr_sources));
	return o;
}

struct json_object *hb_result_head_json(const struct hb_result *r)
{
	const struct hb_workload *wl = hb_workload_of(&r->cfg);
	struct json_object *o = json_object_new_object();

	hb_jadd(o, "schema", hb_jstr(wl->schema));
	hb_jadd(o, "complete", hb_jbool(r->complete));
	hb_jadd(o, "stop_reason", hb_jstr(r->stop_reason));
	hb_jadd(o, "error", hb_jstr(r->error[0] ? r->error : NULL));
	if (wl->stopped_by)
		hb_jadd(o, "stopped_by", hb_jstr(hb_end_name(r->end)));
	hb_jadd(o, "metadata", hb_meta_json(r, wl));
	hb_jadd(o, "configuration", hb_fields_json(wl->config, r));
	hb_jadd(o, "wall_ns", hb_jint(r->wall_ns));
	return o;
}

/*
 * The metrics @r's summaries show: of a workload whose samples fall in
 * groups, those of its groups; with whether each is measured when
 * @measured.
 */
struct json_object *hb_metrics_json(const struct hb_result *r, bool measured)
{
	unsigned int groups = hb_workload_of(&r->cfg)->groups;
	struct json_object *a = json_object_new_array(), *o;
	size_t mi;

	for (mi = 0; mi < HB_NR_METRICS; mi++) {
		if (!hb_metric_shown(&r->cfg, &r->meta, mi) ||
		    (groups && !(hb_metrics[mi].groups & groups)))
			continue;
		o = json_object_new_object();
		hb_jadd(o, "key", hb_jstr(hb_metrics[mi].key));
		hb_jadd(o, "unit",
			hb_jstr(hb_unit_name(hb_metric_unit(mi, &r->meta))));
		if (measured)
			hb_jadd(o, "measured",
				hb_jbool(hb_metrics[mi].measured));
		json_object_array_add(a, o);
	}
	return a;
}

struct json_object *hb_summary_metrics_json(const struct hb_result *r,
					    unsigned int group,
					    const struct hb_stats *st)
{
	struct json_object *m = json_object_new_object();
	size_t mi;

	for (mi = 0; mi < HB_NR_METRICS; mi++)
		if (hb_metric_shown(&r->cfg, &r->meta, mi) &&
		    hb_metric_of_group(mi, group))
			hb_jadd(m, hb_metrics[mi].key,
				hb_stats_json(&st[mi], hb_metrics[mi].unit));
	return m;
}

void hb_memmap_json_add(struct json_object *o, const struct hb_memmap *m)
{
	hb_jadd(o, "pages", hb_jint(m->pages));
	hb_jadd(o, "digest", hb_jhex(m->digest));
	hb_jadd(o, "layout", hb_jhex(m->layout));
	hb_jadd(o, "bad_pages", hb_jint(m->bad_pages));
}
