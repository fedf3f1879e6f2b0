// SPDX-License-Identifier: GPL-2.0
/*
 * hmmbench: reads hmmbench migrate's JSON back - every iteration's
 * MIGRATE calls in the order the document holds them, its fault phase
 * and fault rows by the names of "fault_columns", the keys of
 * hb_mig_fault_fields - and the samples made of them.
 * Every number a record holds must be a whole one; a document that is
 * not a whole migration is refused in a sentence that names the file.
 */
#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "results/fields.h"
#include "results/json_read.h"
#include "results/mig_read.h"
#include "results/migration.h"

/* Where in the document a record is, for the sentence that refuses it. */
struct hb_mig_where {
	const char *path;
	size_t iter;		/* index into "iterations" */
	char *err;
	size_t len;
};

static int hb_mig_damaged(const struct hb_mig_where *w, const char *what,
			  const char *key)
{
	snprintf(w->err, w->len, "%s: iterations entry %zu has %s%s%s: is the file damaged?",
		 w->path, w->iter, what, key ? " " : "", key ? key : "");
	return -EINVAL;
}

static int hb_mig_unsized(const char *path, char *err, size_t len)
{
	snprintf(err, len, "%s: the configuration has no size, directions or page size: is the file damaged?",
		 path);
	return -EINVAL;
}

/* Member @key of @o, a whole number to @max, into *@v; absent is 0. */
static int hb_mig_whole(struct json_object *o, const char *key, uint64_t max,
			uint64_t *v, const struct hb_mig_where *w)
{
	*v = 0;
	if (hb_json_whole(o, key, max, v) < 0)
		return hb_mig_damaged(w, "no whole number in", key);
	return 0;
}

/* Members @t of @base from @o, whole numbers up to their type's. */
static int hb_mig_read_fields(struct json_object *o, const struct hb_fields *t,
			      void *base, const struct hb_mig_where *w)
{
	uint64_t v;
	size_t i;

	for (i = 0; i < t->n; i++) {
		if (hb_mig_whole(o, t->f[i].key,
				 t->f[i].type == HB_F_U32 ? UINT32_MAX :
							    INT64_MAX, &v, w))
			return -EINVAL;
		hb_field_set_uint(&t->f[i], base, v);
	}
	return 0;
}

/* The members of a MIGRATE's reply and its wall time. */
static int hb_mig_read_call(struct json_object *o, struct hb_mig_call *c,
			    const struct hb_mig_where *w)
{
	if (!json_object_is_type(o, json_type_object))
		return hb_mig_damaged(w, "a call that is no object", NULL);
	c->m.size = sizeof(c->m);
	return hb_mig_read_fields(o, &hb_mig_call_fields, c, w);
}

/*
 * Where each row of hb_mig_fault_fields is in the rows of @doc's
 * "fault_columns"; -EINVAL when one is missing.
 */
static int hb_mig_column_map(struct json_object *doc, size_t *at)
{
	const struct hb_fields *t = &hb_mig_fault_fields;
	struct json_object *a = hb_json_path(doc, "fault_columns");
	size_t i, k, n = hb_json_len(a);
	const char *name;

	for (i = 0; i < t->n; i++) {
		for (k = 0; k < n; k++) {
			name = json_object_get_string(
					json_object_array_get_idx(a, k));
			if (name && !strcmp(name, t->f[i].key))
				break;
		}
		if (k == n)
			return -EINVAL;
		at[i] = k;
	}
	return 0;
}

/* One fault row, its columns at @at, into @f. */
static int hb_mig_read_row(struct json_object *row, const size_t *at,
			   struct hb_mig_fault *f,
			   const struct hb_mig_where *w)
{
	const struct hb_fields *t = &hb_mig_fault_fields;
	struct json_object *x;
	size_t i;

	for (i = 0; i < t->n; i++) {
		x = json_object_array_get_idx(row, at[i]);
		if (!json_object_is_type(x, json_type_int) ||
		    json_object_get_int64(x) < 0 ||
		    (t->f[i].type == HB_F_U32 &&
		     json_object_get_uint64(x) > UINT32_MAX))
			return hb_mig_damaged(w, "a fault sample whose column is no whole number:",
					      t->f[i].key);
		hb_field_set_uint(&t->f[i], f, json_object_get_uint64(x));
	}
	f->rec.size = sizeof(f->rec);
	return 0;
}

/* The counts of a fault phase, and its lending. */
static int hb_mig_read_counts(struct json_object *o, struct hb_mig_touches *t,
			      const struct hb_mig_where *w)
{
	uint64_t unmatched;

	if (hb_mig_read_call(hb_json_path(o, "lend"), &t->lend, w) ||
	    hb_mig_read_fields(o, &hb_mig_touch_fields, t, w) ||
	    hb_mig_whole(o, "unmatched", INT64_MAX, &unmatched, w))
		return -EINVAL;
	if (unmatched > t->records)
		return hb_mig_damaged(w, "more unmatched fault records than records",
				      NULL);
	t->samples = t->records - unmatched;
	t->lend.iter = t->iter;
	t->lend.run = t->run;
	t->lend.dir = HB_MIG_TO_DEVICE;
	t->lend.m.direction = HMMBENCH_MIGRATE_TO_DEVICE;
	return 0;
}

/* Iteration @iter of run @run's fault phase @o and its samples. */
static int hb_mig_read_phase(struct json_object *o, unsigned int run,
			     unsigned int iter, const size_t *at,
			     struct hb_result *r,
			     const struct hb_mig_where *w)
{
	struct hb_mig_touches *t = hb_mig_add_phase(r);
	struct json_object *a = hb_json_path(o, "samples");
	struct hb_mig_fault *f;
	size_t i, n = hb_json_len(a);

	if (!t)
		return -ENOMEM;
	t->run = run;
	t->iter = iter;
	if (hb_mig_read_counts(o, t, w))
		return -EINVAL;
	if (!json_object_is_type(a, json_type_array))
		return hb_mig_damaged(w, "a fault phase without a samples array",
				      NULL);
	for (i = 0; i < n; i++) {
		f = hb_mig_add_fault(r);
		if (!f)
			return -ENOMEM;
		f->run = run;
		f->iter = iter;
		if (hb_mig_read_row(json_object_array_get_idx(a, i), at, f, w))
			return -EINVAL;
	}
	return 0;
}

/* The direction whose JSON key is @key, or HB_MIG_NR_DIRS. */
static enum hb_mig_dir hb_mig_dir_named(const char *key)
{
	enum hb_mig_dir d;

	for (d = 0; d < HB_MIG_NR_DIRS; d++)
		if (!strcmp(key, hb_mig_dir_key(d)))
			break;
	return d;
}

/* The calls of iteration object @o, in the order it holds them. */
static int hb_mig_read_calls(struct json_object *o, unsigned int run,
			     unsigned int iter, struct hb_result *r,
			     const struct hb_mig_where *w)
{
	struct hb_mig_call *c;
	enum hb_mig_dir d;

	json_object_object_foreach(o, key, v) {
		d = hb_mig_dir_named(key);
		if (d != HB_MIG_TO_DEVICE && d != HB_MIG_TO_SYSTEM)
			continue;
		c = hb_mig_add_call(r);
		if (!c)
			return -ENOMEM;
		c->run = run;
		c->iter = iter;
		c->dir = d;
		c->m.direction = d == HB_MIG_TO_DEVICE ?
				 HMMBENCH_MIGRATE_TO_DEVICE :
				 HMMBENCH_MIGRATE_TO_SYSTEM;
		if (hb_mig_read_call(v, c, w))
			return -EINVAL;
	}
	return 0;
}

/* Iteration @o: its number, run and kind, calls and fault phase. */
static int hb_mig_read_iter(struct json_object *o, const size_t *at,
			    struct hb_result *r,
			    const struct hb_mig_where *w)
{
	struct json_object *fault = hb_json_path(o, "fault");
	const char *kind = hb_json_str(o, "kind");
	uint64_t iter, run;

	if (!json_object_is_type(o, json_type_object) ||
	    hb_json_whole(o, "iteration", UINT_MAX, &iter))
		return hb_mig_damaged(w, "no iteration number", NULL);
	if (hb_mig_whole(o, "run", UINT_MAX, &run, w))
		return -EINVAL;
	if (run >= hb_result_runs(r))
		return hb_mig_damaged(w, "a run that is none of its sources",
				      NULL);
	if (!kind || strcmp(kind, hb_kind_name(hb_mig_kind(iter))))
		return hb_mig_damaged(w, "a kind other than its number's",
				      NULL);
	if (hb_mig_read_calls(o, run, iter, r, w))
		return -EINVAL;
	if (fault && at[0] == SIZE_MAX)
		return hb_mig_damaged(w, "fault samples, and the document no fault_columns",
				      NULL);
	return fault ? hb_mig_read_phase(fault, run, iter, at, r, w) : 0;
}

static int hb_mig_read_iters(struct json_object *doc, struct hb_result *r,
			     struct hb_mig_where *w)
{
	struct json_object *a = hb_json_path(doc, "iterations");
	size_t at[HB_MIG_FAULT_COLS], n = hb_json_len(a);
	int ret = 0;

	if (!n) {
		snprintf(w->err, w->len, "%s: %s: is the file damaged?",
			 w->path, !a ? "there is no iterations array" :
			 !json_object_is_type(a, json_type_array) ?
			 "iterations is not an array" :
			 "the iterations array is empty");
		return -EINVAL;
	}
	if (hb_mig_column_map(doc, at))
		at[0] = SIZE_MAX;
	for (w->iter = 0; w->iter < n && !ret; w->iter++)
		ret = hb_mig_read_iter(json_object_array_get_idx(a, w->iter),
				       at, r, w);
	return ret;
}

/* The configuration: what was moved, how, and which directions. */
int hb_mig_read_config(struct json_object *doc, struct hb_result *r,
		       const char *path, char *err, size_t len)
{
	hb_mig_config_init(&r->cfg);
	hb_read_fields(hb_json_path(doc, "configuration"),
		       &hb_mig_config_fields, r);
	return r->cfg.sizes[0] && r->cfg.dirs ? 0 :
	       hb_mig_unsized(path, err, len);
}

/*
 * "roofline": ROOFLINE's copy, or why it is missing; a result from before
 * it was measured has none, and one with damaged figures none either.
 */
static void hb_mig_read_roof(struct json_object *doc, struct hb_result *r)
{
	struct hb_roof *rf = &r->meta.roof[0];

	hb_json_copy(r->mig.roof_skip, sizeof(r->mig.roof_skip), doc,
		     "roofline.not_measured");
	rf->copy_bytes = hb_json_u64(doc, "roofline.copy_bytes");
	rf->copy_ns = hb_json_u64(doc, "roofline.copy_ns");
	rf->size = hb_json_u64(doc, "roofline.chunk_size");
	if (rf->copy_bytes && rf->copy_ns && rf->size)
		rf->valid = HMMBENCH_R_COPY;
	else
		memset(rf, 0, sizeof(*rf));
}

int hb_mig_read_records(struct json_object *doc, struct hb_result *r,
			const char *path, char *err, size_t len)
{
	struct hb_mig_where w = { .path = path, .err = err, .len = len };

	if (!r->meta.info.page_size)
		return hb_mig_unsized(path, err, len);
	hb_mig_read_roof(doc, r);
	return hb_mig_read_iters(doc, r, &w) ?: hb_mig_samples(r);
}
