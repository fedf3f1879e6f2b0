// SPDX-License-Identifier: GPL-2.0
/*
 * hmmbench: reads a comparison's JSON back into struct hb_comparison -
 * its inputs as far as the renderers show them, every row with both
 * sides' statistics, the change and the tests, the memmap checks and the
 * notes.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "results/compare_read.h"
#include "results/fields.h"

/* The number at @path of @o, NAN when absent or null. */
static double hb_jd(struct json_object *o, const char *path)
{
	struct json_object *v = hb_json_path(o, path);

	return v ? json_object_get_double(v) : NAN;
}

static const char *hb_js(struct json_object *o, const char *path)
{
	struct json_object *v = hb_json_path(o, path);

	return v ? json_object_get_string(v) : NULL;
}

/* [lo, hi] at @path into @lo and @hi; false when null. */
static bool hb_jpair_at(struct json_object *o, const char *path, double *lo,
			double *hi)
{
	struct json_object *a = hb_json_path(o, path);

	*lo = *hi = NAN;
	if (!a || json_object_array_length(a) != 2)
		return false;
	*lo = json_object_get_double(json_object_array_get_idx(a, 0));
	*hi = json_object_get_double(json_object_array_get_idx(a, 1));
	return true;
}

static void hb_cmp_read_stats(struct json_object *o, struct hb_stats *st)
{
	memset(st, 0, sizeof(*st));
	st->n = json_object_get_uint64(hb_json_path(o, "n"));
	st->mean = hb_jd(o, "mean");
	st->median = hb_jd(o, "median");
	st->min = hb_jd(o, "min");
	st->max = hb_jd(o, "max");
	st->stddev = hb_jd(o, "stddev");
	st->cv = hb_jd(o, "cv");
	st->median_ci_level = hb_jd(o, "median_ci_level");
	hb_jpair_at(o, "mean_ci95", &st->mean_ci_lo, &st->mean_ci_hi);
	hb_jpair_at(o, "median_ci95", &st->median_ci_lo, &st->median_ci_hi);
	st->shape.worst = st->shape.lo = st->shape.hi = NAN;
}

static bool hb_jbool_at(struct json_object *o, const char *path)
{
	return json_object_get_boolean(hb_json_path(o, path));
}

/* The metric named @key; false for one this hmmbench does not know. */
static bool hb_cmp_read_metric(const char *key, enum hb_metric_id *id)
{
	size_t mi;

	for (mi = 0; key && mi < HB_NR_METRICS; mi++) {
		if (!strcmp(key, hb_metrics[mi].key)) {
			*id = mi;
			return true;
		}
	}
	return false;
}

static void hb_cmp_read_tests(struct json_object *o, struct hb_cmp_row *row)
{
	const char *method = hb_js(o, "mann_whitney.method");

	row->w.t = hb_jd(o, "welch.t");
	row->w.df = hb_jd(o, "welch.df");
	row->w.p = hb_jd(o, "welch.p");
	row->u.u = hb_jd(o, "mann_whitney.u");
	row->u.p = hb_jd(o, "mann_whitney.p");
	row->u.method = method && !strcmp(method, "normal") ? HB_MWU_NORMAL :
							      HB_MWU_EXACT;
	row->p_holm = hb_jd(o, "holm.p");
	row->holm_m = json_object_get_uint64(hb_json_path(o, "holm.m"));
}

static void hb_cmp_read_warnings(struct json_object *o,
				 struct hb_cmp_row *row)
{
	struct json_object *a = hb_json_path(o, "warnings");
	const char *w;
	size_t i;

	for (i = 0; a && i < json_object_array_length(a); i++) {
		w = json_object_get_string(json_object_array_get_idx(a, i));
		if (!strcmp(w, "few_samples"))
			row->warn |= HB_CMP_WARN_FEW;
		else if (!strcmp(w, "high_cv"))
			row->warn |= HB_CMP_WARN_CV;
	}
}

/* The class named @key, as hb_mig_order_key() names them. */
static enum hb_mig_order hb_cmp_read_class(const char *key)
{
	enum hb_mig_order o;

	for (o = HB_ORDER_NONE; o <= HB_ORDER_BAD; o++)
		if (key && !strcmp(key, hb_mig_order_key(o)))
			return o;
	return HB_ORDER_NONE;
}

/* A migration's row: the order each side's pages moved in. */
static void hb_cmp_read_orders(struct json_object *o, struct hb_cmp_row *row)
{
	struct json_object *a = hb_json_path(o, "order");
	struct json_object *k = hb_json_path(o, "order_class");
	size_t side;

	if (hb_json_len(a) != 2 || hb_json_len(k) != 2)
		return;
	for (side = 0; side < 2; side++) {
		snprintf(row->order[side], sizeof(row->order[side]), "%s",
			 json_object_get_string(
				json_object_array_get_idx(a, side)) ?: "");
		row->order_class[side] = hb_cmp_read_class(
			json_object_get_string(
				json_object_array_get_idx(k, side)));
	}
}

static void hb_cmp_read_row(struct json_object *o, struct hb_cmp_row *row)
{
	const char *unit = hb_js(o, "test_unit");
	double na, nb;

	row->file = json_object_get_uint64(hb_json_path(o, "new_input"));
	row->size = json_object_get_uint64(hb_json_path(o, "size"));
	row->kind = !strcmp(hb_js(o, "kind") ?: "", "cold") ? HB_COLD :
							       HB_WARM;
	hb_cmp_read_stats(hb_json_path(o, "base"), &row->a);
	hb_cmp_read_stats(hb_json_path(o, "new"), &row->b);
	hb_jpair_at(o, "means", &row->w.mean_a, &row->w.mean_b);
	/* the units' spread, as their variance; absent before it: NAN */
	if (hb_jpair_at(o, "means_cv", &row->w.var_a, &row->w.var_b)) {
		row->w.var_a *= row->w.var_a * row->w.mean_a * row->w.mean_a;
		row->w.var_b *= row->w.var_b * row->w.mean_b * row->w.mean_b;
	}
	row->rel = hb_jd(o, "change_percent");
	row->w.rel = row->rel;
	row->interval = hb_jpair_at(o, "change_ci95_percent", &row->w.rel_lo,
				    &row->w.rel_hi);
	row->w.diff = hb_jd(o, "difference");
	hb_jpair_at(o, "difference_ci95", &row->w.diff_lo, &row->w.diff_hi);
	row->by_run = unit && !strcmp(unit, "run");
	if (hb_jpair_at(o, "test_n", &na, &nb)) {
		row->na = (size_t)na;
		row->nb = (size_t)nb;
	}
	hb_cmp_read_tests(o, row);
	row->primary = hb_jbool_at(o, "primary");
	row->tested = hb_jbool_at(o, "tested");
	row->exact = hb_jbool_at(o, "exact");
	row->significant = hb_jbool_at(o, "significant");
	/* absent from files older than them: read as none */
	row->mde = hb_jd(o, "mde_percent");
	row->mde_welch = hb_jd(o, "mde_welch_percent");
	row->mde_none = hb_json_path(o, "mde_detectable") &&
			!hb_jbool_at(o, "mde_detectable");
	hb_cmp_read_warnings(o, row);
	hb_cmp_read_orders(o, row);
}

static int hb_cmp_read_rows(struct json_object *doc, struct hb_comparison *c)
{
	struct json_object *a = hb_json_path(doc, "comparisons"), *o;
	size_t i, n = a ? json_object_array_length(a) : 0;
	enum hb_metric_id id;

	c->rows = calloc(n ? n : 1, sizeof(*c->rows));
	if (!c->rows)
		return -ENOMEM;
	for (i = 0; i < n; i++) {
		o = json_object_array_get_idx(a, i);
		if (!hb_cmp_read_metric(hb_js(o, "metric"), &id))
			continue;
		c->rows[c->nr_rows].metric = id;
		hb_cmp_read_row(o, &c->rows[c->nr_rows++]);
	}
	return 0;
}

/* "identical", "different" or "layouts_differ"; false for others. */
static bool hb_cmp_read_match(const char *s, enum hb_memmap_match *m)
{
	if (!s)
		return false;
	if (!strcmp(s, "identical"))
		*m = HB_MEMMAP_SAME;
	else if (!strcmp(s, "different"))
		*m = HB_MEMMAP_DIFFER;
	else if (!strcmp(s, "layouts_differ"))
		*m = HB_MEMMAP_LAYOUT;
	else
		return false;
	return true;
}

/* The memmap checks; an entry the reader does not understand is left out. */
static int hb_cmp_read_memmaps(struct json_object *doc,
			       struct hb_comparison *c)
{
	struct json_object *a = hb_json_path(doc, "memmaps"), *o;
	size_t i, n = json_object_is_type(a, json_type_array) ?
		      json_object_array_length(a) : 0;
	struct hb_cmp_memmap *m;

	c->memmaps = calloc(n ? n : 1, sizeof(*c->memmaps));
	if (!c->memmaps)
		return -ENOMEM;
	for (i = 0; i < n; i++) {
		o = json_object_array_get_idx(a, i);
		m = &c->memmaps[c->nr_memmaps];
		if (!hb_cmp_read_match(hb_js(o, "match"), &m->match) ||
		    !hb_json_memmap(hb_json_path(o, "base"), &m->a) ||
		    !hb_json_memmap(hb_json_path(o, "new"), &m->b))
			continue;
		m->file = json_object_get_int64(hb_json_path(o, "new_input"));
		m->size = json_object_get_int64(hb_json_path(o, "size"));
		c->nr_memmaps++;
	}
	return 0;
}

static int hb_cmp_read_notes(struct json_object *doc,
			     struct hb_comparison *c)
{
	struct json_object *a = hb_json_path(doc, "notes");
	size_t i, n = a ? json_object_array_length(a) : 0;

	c->notes = calloc(n ? n : 1, sizeof(*c->notes));
	if (!c->notes)
		return -ENOMEM;
	for (i = 0; i < n; i++) {
		c->notes[i] = strdup(json_object_get_string(
					json_object_array_get_idx(a, i)));
		if (!c->notes[i])
			return -ENOMEM;
		c->nr_notes++;
	}
	return 0;
}

static void hb_cmp_read_sizes(struct json_object *a, struct hb_config *cfg)
{
	size_t i, n = a ? json_object_array_length(a) : 0;

	for (i = 0; i < n && i < HB_MAX_SWEEP; i++)
		cfg->sizes[i] = json_object_get_uint64(
					json_object_array_get_idx(a, i));
	cfg->nr_sizes = i;
}

/*
 * The command lines of a merged input's runs, as sources that hold
 * nothing else; -ENOMEM.  Comparisons from before them have none.
 */
static int hb_cmp_read_runs(struct json_object *a, struct hb_result *r)
{
	size_t i, n = a ? json_object_array_length(a) : 0;

	if (!n)
		return 0;
	r->sources = calloc(n, sizeof(*r->sources));
	if (!r->sources)
		return -ENOMEM;
	r->nr_sources = n;
	for (i = 0; i < n; i++)
		r->sources[i].command_line =
			json_object_get_string(json_object_array_get_idx(a, i));
	return 0;
}

/* Who measured the input: its hmmbench and its command lines. */
static int hb_cmp_read_commands(struct json_object *o, struct hb_result *r)
{
	snprintf(r->meta.version, sizeof(r->meta.version), "%s",
		 hb_js(o, "hmmbench_version") ?: "");
	snprintf(r->meta.host.hmmbench_git, sizeof(r->meta.host.hmmbench_git),
		 "%s", hb_js(o, "hmmbench_git") ?: "");
	r->meta.command_line = hb_js(o, "command_line");
	return hb_cmp_read_runs(hb_json_path(o, "run_command_lines"), r);
}

/* What a renderer shows of an input, as its entry in "inputs" says. */
static int hb_cmp_read_input(struct json_object *o, struct hb_input *in)
{
	struct json_object *cfg = hb_json_path(o, "configuration");
	struct hb_result *r = &in->r;
	unsigned int runs;

	/*
	 * The configuration holds sizes and chunks too; older comparisons
	 * have none (their inputs read as chunks), only these two members.
	 */
	if (!cfg || hb_read_fields(cfg, &hb_config_fields, r)) {
		r->cfg.chunks = json_object_get_int(hb_json_path(o, "chunks"));
		hb_cmp_read_sizes(hb_json_path(o, "sizes"), &r->cfg);
	}
	in->path = hb_js(o, "file") ?: "";
	r->cfg.label = hb_js(o, "label");
	snprintf(r->meta.host.kernel_release,
		 sizeof(r->meta.host.kernel_release), "%s",
		 hb_js(o, "kernel_release") ?: "");
	snprintf(r->meta.info.module_version,
		 sizeof(r->meta.info.module_version), "%s",
		 hb_js(o, "module_version") ?: "");
	snprintf(r->meta.host.date, sizeof(r->meta.host.date), "%s",
		 hb_js(o, "date") ?: "");
	snprintf(r->meta.host.kernel_version,
		 sizeof(r->meta.host.kernel_version), "%s",
		 hb_js(o, "kernel_version") ?: "");
	snprintf(r->meta.host.machine, sizeof(r->meta.host.machine), "%s",
		 hb_js(o, "machine") ?: "");
	snprintf(r->meta.host.cpu_model, sizeof(r->meta.host.cpu_model),
		 "%s", hb_js(o, "cpu_model") ?: "");
	/* where it was measured, and its calls: "" and 0 before them */
	snprintf(r->meta.host.accel, sizeof(r->meta.host.accel), "%s",
		 hb_js(o, "accelerator") ?: "");
	snprintf(r->meta.host.qemu_version, sizeof(r->meta.host.qemu_version),
		 "%s", hb_js(o, "qemu_version") ?: "");
	/* the environment: unknown before it was written */
	snprintf(r->meta.host.cmdline, sizeof(r->meta.host.cmdline), "%s",
		 hb_js(o, "kernel_cmdline") ?: "");
	hb_read_fields(hb_json_path(o, "environment"), &hb_env_fields,
		       &r->meta.host);
	in->nr_calls = json_object_get_uint64(hb_json_path(o, "calls"));
	r->meta.host.cpus = json_object_get_int(hb_json_path(o, "cpu_count"));
	r->complete = hb_jbool_at(o, "complete");
	r->meta.info.maps_total =
		json_object_get_uint64(hb_json_path(o, "maps_total"));
	snprintf(r->meta.host.boot_id, sizeof(r->meta.host.boot_id), "%s",
		 hb_js(o, "boot_id") ?: "");
	runs = json_object_get_int(hb_json_path(o, "runs"));
	/* the count of merged runs is all a renderer asks of sources */
	r->nr_sources = runs > 1 ? runs : 0;
	r->nr_boots = json_object_get_int(hb_json_path(o, "boots"));
	return hb_cmp_read_commands(o, r);
}

static int hb_cmp_read_inputs(struct json_object *doc, struct hb_cmp_doc *d)
{
	struct json_object *a = hb_json_path(doc, "inputs");
	size_t i, n = a ? json_object_array_length(a) : 0;

	if (n < 2)
		return -EINVAL;
	d->in = calloc(n, sizeof(*d->in));
	if (!d->in)
		return -ENOMEM;
	d->c.in = d->in;
	d->c.nr_in = n;
	for (i = 0; i < n; i++)
		if (hb_cmp_read_input(json_object_array_get_idx(a, i),
				      &d->in[i]))
			return -ENOMEM;
	return 0;
}

int hb_cmp_take(struct hb_cmp_doc *d, const char *path,
		struct json_object *doc, char *err, size_t len)
{
	const char *schema = hb_json_schema(doc);
	int ret;

	memset(d, 0, sizeof(*d));
	d->doc = doc;
	if (!schema || strcmp(schema, HB_COMPARE_SCHEMA)) {
		snprintf(err, len, "%s: schema is '%s', not %s: give the --format json output of hmmbench compare",
			 path, schema ? schema : "missing", HB_COMPARE_SCHEMA);
		hb_cmp_doc_free(d);
		return -EINVAL;
	}
	d->c.alpha = hb_jd(doc, "alpha");
	d->c.forced = hb_jbool_at(doc, "forced");
	d->c.version = hb_js(doc, "hmmbench_version");
	d->c.hmmbench_git = hb_js(doc, "hmmbench_git");
	d->c.command_line = hb_js(doc, "command_line");
	ret = hb_cmp_read_inputs(doc, d) ?: hb_cmp_read_rows(doc, &d->c) ?:
	      hb_cmp_read_memmaps(doc, &d->c) ?: hb_cmp_read_notes(doc, &d->c);
	if (ret == -EINVAL)
		snprintf(err, len, "%s: a comparison needs a base and a new input: is the file damaged?",
			 path);
	else if (ret)
		snprintf(err, len, "%s: out of memory", path);
	if (ret)
		hb_cmp_doc_free(d);
	return ret;
}

void hb_cmp_doc_free(struct hb_cmp_doc *d)
{
	size_t i;

	for (i = 0; d->in && i < d->c.nr_in; i++)
		free(d->in[i].r.sources);
	hb_comparison_free(&d->c);
	free(d->in);
	d->in = NULL;
	json_object_put(d->doc);
	d->doc = NULL;
}
