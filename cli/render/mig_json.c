// SPDX-License-Identifier: GPL-2.0
/*
 * hmmbench: hmmbench migrate's JSON, schema "hmmbench-migrate/1" in
 * FORMATS.md - metadata and configuration, every MIGRATE of every
 * iteration with each field of the kernel's reply, every fault sample as
 * a row of integers on one line, and the summaries of each direction.
 * Members appear in a fixed order and numbers with fixed decimals.
 */
#include <stdio.h>
#include <stdlib.h>

#include "render/json_write.h"
#include "render/renderers.h"
#include "results/fields.h"
#include "results/migration.h"

/* The keys of a fault sample's row, in order. */
static struct json_object *hb_mig_columns_json(void)
{
	const struct hb_fields *t = &hb_mig_fault_fields;
	struct json_object *a = json_object_new_array();
	size_t i;

	for (i = 0; i < t->n; i++)
		json_object_array_add(a, hb_jstr(t->f[i].key));
	return a;
}

/* Every field of a MIGRATE's reply, and the order it moved pages in. */
static struct json_object *hb_mig_call_json(const struct hb_mig_call *c,
					    uint64_t page_size)
{
	const struct hmmbench_migrate *m = &c->m;
	struct json_object *o = hb_fields_json(&hb_mig_call_fields, c);
	enum hb_mig_order ord;

	ord = hb_mig_order(m->migrated, m->thp, hb_mig_pmd_pages(page_size));
	hb_jadd(o, "order_class", hb_jstr(hb_mig_order_key(ord)));
	return o;
}

static struct json_object *hb_mig_fault_row(const struct hb_mig_fault *f)
{
	const struct hb_fields *t = &hb_mig_fault_fields;
	uint64_t v[HB_MIG_FAULT_COLS];
	size_t i;

	for (i = 0; i < t->n; i++)
		v[i] = hb_field_uint(&t->f[i], f);
	return hb_jrow(v, t->n);
}

/* The fault phase of @it and its samples. */
static struct json_object *hb_mig_phase_json(const struct hb_result *r,
					     const struct hb_mig_iter *it)
{
	const struct hb_mig_touches *t = &r->mig.phases[it->phase];
	struct json_object *a = json_object_new_array();
	struct json_object *o;
	size_t i;

	for (i = it->fault; i < it->fault_end; i++)
		json_object_array_add(a, hb_mig_fault_row(&r->mig.faults[i]));
	o = hb_fields_json(&hb_mig_touch_fields, t);
	hb_jadd(o, "unmatched", hb_jint(t->records - t->samples));
	hb_jadd(o, "lend", hb_mig_call_json(&t->lend, r->meta.info.page_size));
	hb_jadd(o, "samples", a);
	return o;
}

/* Iteration @it: its calls, then its fault phase. */
static struct json_object *hb_mig_iter_json(const struct hb_result *r,
					    const struct hb_mig_iter *it)
{
	struct json_object *o = json_object_new_object();
	const struct hb_mig_call *c;
	size_t i;

	hb_jadd(o, "iteration", hb_jint(it->iter));
	if (r->nr_sources)
		hb_jadd(o, "run", hb_jint(it->run));
	hb_jadd(o, "kind", hb_jstr(hb_kind_name(hb_mig_kind(it->iter))));
	for (i = it->call; i < it->call_end; i++) {
		c = &r->mig.calls[i];
		hb_jadd(o, hb_mig_dir_key(c->dir),
			hb_mig_call_json(c, r->meta.info.page_size));
	}
	if (it->phase < it->phase_end)
		hb_jadd(o, "fault", hb_mig_phase_json(r, it));
	return o;
}

static struct json_object *hb_mig_iters_json(const struct hb_result *r)
{
	struct json_object *a = json_object_new_array();
	struct hb_mig_cursor cur = { 0 };
	struct hb_mig_iter it;

	while (hb_mig_next(r, &cur, &it))
		json_object_array_add(a, hb_mig_iter_json(r, &it));
	return a;
}

static struct json_object *hb_mig_range_json(const struct hb_mig_range *rg)
{
	struct json_object *o = json_object_new_object();

	hb_jadd(o, "min", hb_jint(rg->min));
	hb_jadd(o, "max", hb_jint(rg->max));
	hb_jadd(o, "total", hb_jint(rg->total));
	return o;
}

static struct json_object *hb_mig_dir_json(const struct hb_result *r,
					   const struct hb_mig_summary *s,
					   const struct hb_summary *sum)
{
	const struct hb_stats *run = sum->run;
	uint64_t page_size = r->meta.info.page_size;
	uint64_t migrated = s->count[HB_MC_MIGRATED].total;
	uint64_t thp = s->count[HB_MC_THP].total;
	struct json_object *o = json_object_new_object();
	struct json_object *m = hb_summary_metrics_json(r, sum->group,
							  sum->st);
	struct json_object *c = json_object_new_object();
	enum hb_mig_order ord;
	char label[96];
	size_t i;

	for (i = 0; i < HB_MC_NR; i++)
		hb_jadd(c, hb_mig_count_fields.f[i].key,
			hb_mig_range_json(&s->count[i]));
	ord = hb_mig_order(migrated, thp, hb_mig_pmd_pages(page_size));
	hb_jadd(o, "n", hb_jint(s->n));
	hb_jadd(o, "order", s->n ? hb_jstr(hb_mig_order_label(label,
				sizeof(label), migrated, thp, page_size)) :
				   NULL);
	hb_jadd(o, "order_class", s->n ? hb_jstr(hb_mig_order_key(ord)) : NULL);
	hb_jadd(o, "metrics", m);
	if (sum->by_run)
		hb_jadd(o, "run_means",
			hb_summary_metrics_json(r, sum->group, run));
	hb_jadd(o, "counts", c);
	return o;
}

static struct json_object *hb_pcts_json(const struct hb_pcts *p)
{
	struct json_object *o = json_object_new_object();

	hb_jadd(o, "n", hb_jint(p->n));
	hb_jadd(o, "p50", hb_jnum(p->p50, 1));
	hb_jadd(o, "p90", hb_jnum(p->p90, 1));
	hb_jadd(o, "p99", hb_jnum(p->p99, 1));
	hb_jadd(o, "max", hb_jnum(p->max, 1));
	return o;
}

static struct json_object *hb_mig_shares_json(const double *share)
{
	struct json_object *o = json_object_new_object();
	char key[32];
	size_t p;

	for (p = 0; p <= HB_MIG_NR_PHASES; p++) {
		snprintf(key, sizeof(key), "%s_percent", hb_mig_phase_name(p));
		hb_jadd(o, key, hb_jnum(share[p], 4));
	}
	return o;
}

static struct json_object *hb_mig_fault_json(
	const struct hb_mig_fault_summary *s, uint64_t page_size)
{
	struct json_object *o = json_object_new_object();
	char label[96];

	hb_jadd(o, "n", hb_jint(s->n));
	hb_jadd(o, "order", hb_jstr(hb_mig_fault_order_label(label,
			sizeof(label), s->thp, s->base, s->other, page_size)));
	hb_jadd(o, "order_class", hb_jstr(hb_mig_order_key(
			hb_mig_fault_order(s->thp, s->base, s->other))));
	hb_jadd(o, "thp_faults", hb_jint(s->thp));
	hb_jadd(o, "base_faults", hb_jint(s->base));
	hb_jadd(o, "other_faults", hb_jint(s->other));
	hb_jadd(o, "pages", hb_jint(s->pages));
	hb_jadd(o, "iterations", hb_jint(s->phases));
	hb_jadd(o, "touches", hb_jint(s->touches));
	hb_jadd(o, "faults", hb_jint(s->faults));
	hb_jadd(o, "dropped", hb_jint(s->dropped));
	hb_jadd(o, "records", hb_jint(s->records));
	hb_jadd(o, "unmatched", hb_jint(s->records - s->n));
	hb_jadd(o, "stale", hb_jint(s->stale));
	hb_jadd(o, "user_ns", hb_pcts_json(&s->user));
	hb_jadd(o, "handler_ns", hb_pcts_json(&s->handler));
	hb_jadd(o, "outside_ns", hb_pcts_json(&s->outside));
	hb_jadd(o, "shares", hb_mig_shares_json(s->share));
	return o;
}

/* Per direction measured, {"cold": ..., "warm": ...}. */
static struct json_object *hb_mig_summaries_json(const struct hb_result *r,
						 const struct hb_mig_summaries *s,
						 const struct hb_summary *sum,
						 size_t nr)
{
	static const char *const kinds[] = { "cold", "warm" };
	uint64_t ps = r->meta.info.page_size;
	struct json_object *o = json_object_new_object(), *d;
	const struct hb_summary *ds;
	enum hb_mig_dir dir;
	int k;

	for (dir = 0; dir < HB_MIG_NR_DIRS; dir++) {
		if (!(r->cfg.dirs & HB_MIG_BIT(dir)))
			continue;
		d = json_object_new_object();
		for (k = HB_MIG_FIRST; k <= HB_MIG_WARM; k++) {
			ds = hb_summary_find(sum, nr, r->cfg.sizes[0], dir,
					     k ? HB_WARM : HB_COLD);
			hb_jadd(d, kinds[k], dir == HB_MIG_FAULT ?
				hb_mig_fault_json(&s->fault[k], ps) :
				hb_mig_dir_json(r, &s->call[dir][k], ds));
		}
		hb_jadd(o, hb_mig_dir_key(dir), d);
	}
	return o;
}

/*
 * ROOFLINE's copy of the buffer's bytes, or why it is missing; NULL for
 * a result from before it was measured.
 */
static struct json_object *hb_mig_roof_json(const struct hb_result *r)
{
	const struct hb_roof *rf = &r->meta.roof[0];
	struct json_object *o;
	double bps;

	if (!hb_roof_rate(rf, HMMBENCH_R_COPY, &bps) && !r->mig.roof_skip[0])
		return NULL;
	o = json_object_new_object();
	if (!hb_roof_rate(rf, HMMBENCH_R_COPY, &bps)) {
		hb_jadd(o, "not_measured", hb_jstr(r->mig.roof_skip));
		return o;
	}
	hb_jadd(o, "chunk_size", hb_jint(rf->size));
	hb_jadd(o, "copy_bytes", hb_jint(rf->copy_bytes));
	hb_jadd(o, "copy_ns", hb_jint(rf->copy_ns));
	/* instructions are no time: no rate under icount */
	hb_jadd(o, "copy_gib_per_s", hb_meta_icount(&r->meta) ? NULL :
		hb_jnum(bps / (1ULL << 30), 3));
	return o;
}

int hb_mig_json_add(struct json_object *o, const struct hb_result *r,
		    const struct hb_summary *sum, size_t nr)
{
	struct hb_mig_summaries *s;
	int ret;

	ret = hb_mig_summaries_new(r, &s);
	if (ret)
		return ret;
	hb_jadd(o, "roofline", hb_mig_roof_json(r));
	hb_jadd(o, "metrics", hb_metrics_json(r, false));
	hb_jadd(o, "fault_columns", hb_mig_columns_json());
	hb_jadd(o, "iterations", hb_mig_iters_json(r));
	hb_jadd(o, "summaries", hb_mig_summaries_json(r, s, sum, nr));
	free(s);
	return 0;
}
