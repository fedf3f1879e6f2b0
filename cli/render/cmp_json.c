// SPDX-License-Identifier: GPL-2.0
/*
 * hmmbench: JSON of a comparison, schema "hmmbench-compare/2" in
 * FORMATS.md - the inputs, one entry per size, kind and metric with both
 * sides' statistics (and of a migration, the order each side's pages
 * moved in), the change, both tests, the verdict and the smallest change
 * it could have missed, the memmap digests both sides recorded, the
 * facts in which their environments differ and the notes.
 */
#include <math.h>
#include <stdio.h>

#include "fmt.h"
#include "render/json_write.h"
#include "render/renderers.h"
#include "results/env.h"
#include "results/fields.h"
#include "version.h"

#define HB_PCT_PREC		4

/* A p-value to 6 significant digits (it may be 1e-25), or null. */
static struct json_object *hb_cmp_jp(double v)
{
	char buf[32];

	if (isnan(v) || isinf(v))
		return NULL;
	snprintf(buf, sizeof(buf), "%.6g", v);
	return json_object_new_double_s(v, buf);
}

/*
 * The command lines of a merged input's runs, null where not recorded;
 * NULL when none was.
 */
static struct json_object *hb_cmp_runs_json(const struct hb_result *r)
{
	struct json_object *a;
	size_t i;

	for (i = 0; r->sources && i < r->nr_sources; i++)
		if (r->sources[i].command_line)
			break;
	if (!r->sources || i == r->nr_sources)
		return NULL;
	a = json_object_new_array();
	for (i = 0; i < r->nr_sources; i++)
		json_object_array_add(a, hb_jstr(r->sources[i].command_line));
	return a;
}

static struct json_object *hb_cmp_input_json(const struct hb_input *in)
{
	const struct hb_result *r = &in->r;
	struct json_object *o = json_object_new_object();
	struct json_object *sizes = json_object_new_array();
	struct json_object *runs;
	size_t i;

	for (i = 0; i < r->cfg.nr_sizes; i++)
		json_object_array_add(sizes, hb_jint(r->cfg.sizes[i]));

	hb_jadd(o, "file", hb_jstr(in->path));
	hb_jadd(o, "label", hb_jstr(r->cfg.label));
	hb_jadd(o, "date", hb_jstr(r->meta.host.date));
	hb_jadd(o, "kernel_release", hb_jstr(r->meta.host.kernel_release));
	hb_jadd(o, "kernel_version", hb_jstr(r->meta.host.kernel_version));
	hb_jadd(o, "module_version", hb_jstr(r->meta.info.module_version));
	hb_jadd(o, "runs", hb_jint(hb_result_runs(r)));
	if (hb_result_boots(r) != hb_result_runs(r))
		hb_jadd(o, "boots", hb_jint(hb_result_boots(r)));
	if (r->meta.host.boot_id[0])
		hb_jadd(o, "boot_id", hb_jstr(r->meta.host.boot_id));
	hb_jadd(o, "complete", hb_jbool(r->complete));
	hb_jadd(o, "calls", hb_jint(hb_input_calls(in)));
	hb_jadd(o, "machine", hb_jstr(r->meta.host.machine));
	hb_jadd(o, "cpu_model", hb_jstr(r->meta.host.cpu_model));
	hb_jadd(o, "cpu_count", hb_jint(r->meta.host.cpus));
	hb_jadd(o, "accelerator", hb_jstr(r->meta.host.accel));
	hb_jadd(o, "qemu_version", hb_jstr(r->meta.host.qemu_version));
	hb_jadd(o, "kernel_cmdline", hb_jstr(r->meta.host.cmdline));
	hb_jadd(o, "environment", hb_fields_json(&hb_env_fields,
						 &r->meta.host));
	hb_jadd(o, "chunks", hb_jint(r->cfg.chunks));
	hb_jadd(o, "sizes", sizes);
	hb_jadd(o, "maps_total", hb_jint(r->meta.info.maps_total));
	hb_jadd(o, "configuration", hb_fields_json(&hb_config_fields, r));
	hb_jadd(o, "hmmbench_version", hb_jstr(hb_meta_version(&r->meta)));
	hb_jadd(o, "hmmbench_git", hb_jstr(r->meta.host.hmmbench_git));
	if (r->meta.command_line)
		hb_jadd(o, "command_line", hb_jstr(r->meta.command_line));
	runs = hb_cmp_runs_json(r);
	if (runs)
		hb_jadd(o, "run_command_lines", runs);
	return o;
}

static struct json_object *hb_cmp_welch_json(const struct hb_cmp_row *row)
{
	struct json_object *o = json_object_new_object();
	bool t = row->tested;

	hb_jadd(o, "t", hb_jnum(t ? row->w.t : NAN, 6));
	hb_jadd(o, "df", hb_jnum(t ? row->w.df : NAN, 6));
	hb_jadd(o, "p", hb_cmp_jp(t ? row->w.p : NAN));
	return o;
}

static struct json_object *hb_cmp_mwu_json(const struct hb_cmp_row *row)
{
	struct json_object *o = json_object_new_object();
	bool t = row->tested;

	hb_jadd(o, "u", hb_jnum(t ? row->u.u : NAN, 1));
	hb_jadd(o, "p", hb_cmp_jp(t ? row->u.p : NAN));
	hb_jadd(o, "method", hb_jstr(!t ? NULL :
				    row->u.method == HB_MWU_EXACT ? "exact" :
								    "normal"));
	return o;
}

/* [base, new]: how many units (samples or runs) the tests took a side. */
static struct json_object *hb_cmp_test_n_json(const struct hb_cmp_row *row)
{
	struct json_object *a = json_object_new_array();

	json_object_array_add(a, hb_jint(row->na));
	json_object_array_add(a, hb_jint(row->nb));
	return a;
}

static struct json_object *hb_cmp_holm_json(const struct hb_cmp_row *row)
{
	struct json_object *o = json_object_new_object();
	bool t = row->tested;

	hb_jadd(o, "p", hb_cmp_jp(t ? row->p_holm : NAN));
	hb_jadd(o, "m", t ? hb_jint(row->holm_m) : NULL);
	return o;
}

static struct json_object *hb_cmp_warn_json(unsigned int warn)
{
	struct json_object *a = json_object_new_array();

	if (warn & HB_CMP_WARN_FEW)
		json_object_array_add(a, hb_jstr("few_samples"));
	if (warn & HB_CMP_WARN_CV)
		json_object_array_add(a, hb_jstr("high_cv"));
	return a;
}

/* [base, new] of a migration's row: the orders, or their classes. */
static struct json_object *hb_cmp_orders_json(const struct hb_cmp_row *row,
					      bool cls)
{
	struct json_object *a = json_object_new_array();
	size_t side;

	for (side = 0; side < 2; side++)
		json_object_array_add(a, hb_jstr(cls ?
			hb_mig_order_key(row->order_class[side]) :
			row->order[side]));
	return a;
}

/* Whether a "~" row could have detected a change at all, or null. */
static struct json_object *hb_cmp_mde_json(const struct hb_cmp_row *row)
{
	if (row->mde_none)
		return hb_jbool(false);
	return isnan(row->mde) ? NULL : hb_jbool(true);
}

static struct json_object *hb_cmp_row_json(const struct hb_comparison *c,
					   const struct hb_cmp_row *row)
{
	const struct hb_metric *m = &hb_metrics[row->metric];
	enum hb_unit unit = hb_unit_counted(m->unit, hb_comparison_icount(c));
	struct json_object *o = json_object_new_object();
	int p = hb_fmt_precision(m->unit);
	bool t = row->tested, ci = row->interval;

	hb_jadd(o, "new_input", hb_jint(row->file));
	hb_jadd(o, "size", hb_jint(row->size));
	hb_jadd(o, "kind", hb_jstr(hb_kind_name(row->kind)));
	hb_jadd(o, "metric", hb_jstr(m->key));
	hb_jadd(o, "unit", hb_jstr(hb_unit_name(unit)));
	if (row->order[0][0]) {
		hb_jadd(o, "order", hb_cmp_orders_json(row, false));
		hb_jadd(o, "order_class", hb_cmp_orders_json(row, true));
		hb_jadd(o, "orders_differ", hb_jbool(hb_cmp_orders_differ(row)));
	}
	hb_jadd(o, "base", hb_stats_json(&row->a, m->unit));
	hb_jadd(o, "new", hb_stats_json(&row->b, m->unit));
	hb_jadd(o, "means", hb_jpair(row->w.mean_a, row->w.mean_b, p));
	hb_jadd(o, "means_cv", hb_jpair(hb_cmp_unit_cv(row, 0),
					hb_cmp_unit_cv(row, 1), 6));
	hb_jadd(o, "change_percent", hb_jnum(row->rel, HB_PCT_PREC));
	hb_jadd(o, "change_ci95_percent",
	       ci ? hb_jpair(row->w.rel_lo, row->w.rel_hi, HB_PCT_PREC) : NULL);
	hb_jadd(o, "difference",
		hb_jnum(isnan(row->w.diff) ? row->w.mean_b - row->w.mean_a :
					     row->w.diff, p));
	hb_jadd(o, "difference_ci95",
	       ci ? hb_jpair(row->w.diff_lo, row->w.diff_hi, p) : NULL);
	hb_jadd(o, "test_unit", hb_jstr(row->by_run ? "run" : "sample"));
	hb_jadd(o, "test_n", hb_cmp_test_n_json(row));
	hb_jadd(o, "welch", hb_cmp_welch_json(row));
	hb_jadd(o, "mann_whitney", hb_cmp_mwu_json(row));
	hb_jadd(o, "holm", hb_cmp_holm_json(row));
	hb_jadd(o, "primary", hb_jbool(row->primary));
	hb_jadd(o, "tested", hb_jbool(t));
	hb_jadd(o, "exact", hb_jbool(row->exact));
	hb_jadd(o, "significant", hb_jbool(row->significant));
	hb_jadd(o, "mde_percent", hb_jnum(row->mde, HB_PCT_PREC));
	hb_jadd(o, "mde_welch_percent", hb_jnum(row->mde_welch, HB_PCT_PREC));
	hb_jadd(o, "mde_detectable", hb_cmp_mde_json(row));
	hb_jadd(o, "warnings", hb_cmp_warn_json(row->warn));
	return o;
}

static const char *const hb_memmap_match_names[] = {
	[HB_MEMMAP_SAME] = "identical",
	[HB_MEMMAP_DIFFER] = "different",
	[HB_MEMMAP_LAYOUT] = "layouts_differ",
};

static struct json_object *hb_cmp_memmap_json(const struct hb_cmp_memmap *m)
{
	struct json_object *o = json_object_new_object();
	struct json_object *a = json_object_new_object();
	struct json_object *b = json_object_new_object();

	hb_memmap_json_add(a, &m->a);
	hb_memmap_json_add(b, &m->b);
	hb_jadd(o, "new_input", hb_jint(m->file));
	hb_jadd(o, "size", hb_jint(m->size));
	hb_jadd(o, "match", hb_jstr(hb_memmap_match_names[m->match]));
	hb_jadd(o, "base", a);
	hb_jadd(o, "new", b);
	return o;
}

/* The memmap check of each size both sides recorded, or NULL: none. */
static struct json_object *hb_cmp_memmaps_json(const struct hb_comparison *c)
{
	struct json_object *a;
	size_t i;

	if (!c->nr_memmaps)
		return NULL;
	a = json_object_new_array();
	for (i = 0; i < c->nr_memmaps; i++)
		json_object_array_add(a, hb_cmp_memmap_json(&c->memmaps[i]));
	return a;
}

/*
 * The facts of the environment each new input knows differently from
 * the base: its text on either side, or of the kernel command line the
 * words only that side has.
 */
static struct json_object *hb_cmp_env_json(const struct hb_comparison *c)
{
	struct json_object *a = json_object_new_array(), *o;
	struct hb_env_diff d[HB_NR_ENV];
	size_t i, k, n;
	bool only;

	for (i = 1; i < c->nr_in; i++) {
		n = hb_env_diff(&c->in[0].r.meta.host, &c->in[i].r.meta.host,
				d);
		for (k = 0; k < n; k++) {
			only = d[k].id == HB_ENV_CMDLINE;
			o = json_object_new_object();
			hb_jadd(o, "new_input", hb_jint(i));
			hb_jadd(o, "fact", hb_jstr(hb_env_key(d[k].id)));
			hb_jadd(o, only ? "base_only" : "base",
				hb_jstr(d[k].base));
			hb_jadd(o, only ? "new_only" : "new",
				hb_jstr(d[k].other));
			json_object_array_add(a, o);
		}
	}
	return a;
}

static struct json_object *hb_comparison_json(const struct hb_comparison *c)
{
	struct json_object *o = json_object_new_object();
	struct json_object *in = json_object_new_array();
	struct json_object *rows = json_object_new_array();
	struct json_object *notes = json_object_new_array();
	size_t i;

	for (i = 0; i < c->nr_in; i++)
		json_object_array_add(in, hb_cmp_input_json(&c->in[i]));
	for (i = 0; i < c->nr_rows; i++)
		json_object_array_add(rows, hb_cmp_row_json(c, &c->rows[i]));
	for (i = 0; i < c->nr_notes; i++)
		json_object_array_add(notes, hb_jstr(c->notes[i]));
	hb_jadd(o, "schema", hb_jstr(HB_COMPARE_SCHEMA));
	hb_jadd(o, "hmmbench_version",
		hb_jstr(c->version ? c->version : HB_VERSION));
	if (c->hmmbench_git)
		hb_jadd(o, "hmmbench_git", hb_jstr(c->hmmbench_git));
	if (c->command_line)
		hb_jadd(o, "command_line", hb_jstr(c->command_line));
	hb_jadd(o, "alpha", hb_jnum(c->alpha, 6));
	hb_jadd(o, "rule", hb_jstr(HB_COMPARE_RULE));
	hb_jadd(o, "forced", hb_jbool(c->forced));
	hb_jadd(o, "inputs", in);
	hb_jadd(o, "comparisons", rows);
	if (c->nr_memmaps)
		hb_jadd(o, "memmaps", hb_cmp_memmaps_json(c));
	hb_jadd(o, "environment", hb_cmp_env_json(c));
	hb_jadd(o, "notes", notes);
	return o;
}

int hb_render_cmp_json(FILE *f, const struct hb_comparison *c)
{
	return hb_json_write(f, hb_comparison_json(c));
}
