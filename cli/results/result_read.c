// SPDX-License-Identifier: GPL-2.0
/*
 * hmmbench: reads a result file written by `run` or `sweep --format json`
 * (or by merge), or by migrate, back into a struct hb_result with
 * json-c: what every result's document holds here, what a migration's
 * holds of its own in mig_read.c.  Only raw, kernel-measured values, the
 * memmap digests and the store times are read; everything derived is
 * recomputed.
 */
#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "results/fields.h"
#include "results/json_read.h"
#include "results/metrics.h"
#include "results/mig_read.h"
#include "results/migration.h"
#include "results/result_read.h"

static int hb_read_kind(const char *s, enum hb_kind *kind)
{
	enum hb_kind k;

	for (k = HB_COLD; k <= HB_WARM; k++) {
		if (s && !strcmp(s, hb_kind_name(k))) {
			*kind = k;
			return 0;
		}
	}
	return -EINVAL;
}

/* The sentence for member @key of sample @i, not a whole number to @max. */
static int hb_bad_value(struct json_object *o, const char *key,
			uint64_t max, const char *path, size_t i, char *err,
			size_t len)
{
	snprintf(err, len, "%s: sample %zu has %s %.40s, not a whole number from 0 to %" PRIu64 ": is the file damaged?",
		 path, i, key,
		 json_object_to_json_string_ext(hb_json_path(o, key),
						JSON_C_TO_STRING_PLAIN),
		 max);
	return -EINVAL;
}

/* Where sample @o was taken: size, iteration, chunk, run, address. */
static int hb_read_place(struct json_object *o, struct hb_sample *s,
			 const char *path, size_t i, char *err, size_t len)
{
	uint64_t iter = 0, chunk = 0, run = 0;
	const struct {
		const char *key;
		uint64_t max;
		uint64_t *v;
	} f[] = {
		{ "size", INT64_MAX, &s->size },
		{ "iteration", UINT_MAX, &iter },
		{ "chunk", UINT_MAX, &chunk },
		{ "run", UINT_MAX, &run },
		{ "phys_start", INT64_MAX, &s->phys_start },
		{ "pages", INT64_MAX, &s->pages },
	};
	size_t k;

	for (k = 0; k < sizeof(f) / sizeof(f[0]); k++)
		if (hb_json_whole(o, f[k].key, f[k].max, f[k].v) < 0)
			return hb_bad_value(o, f[k].key, f[k].max, path, i,
					    err, len);
	s->iter = iter;
	s->chunk = chunk;
	s->run = run;
	return 0;
}

/* The kernel-measured phases of sample @o; null ones stay unmeasured. */
static int hb_read_phases(struct json_object *o, struct hb_sample *s,
			  const char *path, size_t i, char *err, size_t len)
{
	size_t mi;
	uint64_t v;
	int ret;

	for (mi = 0; mi < HB_NR_METRICS; mi++) {
		if (!hb_metrics[mi].raw)
			continue;
		ret = hb_json_whole(o, hb_metrics[mi].key, INT64_MAX, &v);
		if (ret < 0)
			return hb_bad_value(o, hb_metrics[mi].key, INT64_MAX,
					    path, i, err, len);
		if (ret)
			continue;
		hb_metric_set(&hb_metrics[mi], s, v);
	}
	return 0;
}

static int hb_read_sample(struct json_object *o, struct hb_sample *s,
			  const char *path, size_t i, char *err, size_t len)
{
	if (hb_read_place(o, s, path, i, err, len) ||
	    hb_read_phases(o, s, path, i, err, len))
		return -EINVAL;
	if (!s->size || hb_read_kind(hb_json_str(o, "kind"), &s->kind)) {
		snprintf(err, len, "%s: sample %zu has no size or an unknown kind: is the file damaged?",
			 path, i);
		return -EINVAL;
	}
	return 0;
}

/* A result always has samples: hmmbench writes none without them. */
static int hb_check_samples(struct json_object *a, char *err, size_t len,
			    const char *path)
{
	const char *what = NULL;

	if (!a)
		what = "there is no samples array";
	else if (!json_object_is_type(a, json_type_array))
		what = "samples is not an array";
	else if (!json_object_array_length(a))
		what = "the samples array is empty";
	if (!what)
		return 0;
	snprintf(err, len, "%s: %s: is the file damaged?", path, what);
	return -EINVAL;
}

static int hb_read_samples(struct json_object *a, struct hb_result *r,
			   char *err, size_t len, const char *path)
{
	size_t i, n = hb_json_len(a);

	if (hb_check_samples(a, err, len, path))
		return -EINVAL;
	for (i = 0; i < n; i++) {
		struct hb_sample *s = hb_result_add(r);

		if (!s)
			return -ENOMEM;
		if (hb_read_sample(json_object_array_get_idx(a, i), s, path,
				   i, err, len))
			return -EINVAL;
		if (s->run >= hb_result_runs(r)) {
			snprintf(err, len, "%s: sample %zu belongs to run %u of %u: is the file damaged?",
				 path, i, s->run, hb_result_runs(r));
			return -EINVAL;
		}
	}
	return 0;
}

/* "0x" and 16 hex digits, as hb_jhex() writes them, into *@v. */
static bool hb_read_hex(struct json_object *o, const char *key, uint64_t *v)
{
	const char *s = hb_json_str(o, key);
	size_t i;

	if (!s || strlen(s) != 18 || s[0] != '0' || s[1] != 'x')
		return false;
	for (i = 2; i < 18; i++)
		if (!isxdigit((unsigned char)s[i]))
			return false;
	*v = strtoull(s + 2, NULL, 16);
	return true;
}

bool hb_json_memmap(struct json_object *o, struct hb_memmap *m)
{
	if (!hb_read_hex(o, "digest", &m->digest) ||
	    !hb_read_hex(o, "layout", &m->layout))
		return false;
	m->pages = hb_json_u64(o, "pages");
	m->bad_pages = hb_json_u64(o, "bad_pages");
	m->valid = true;
	return true;
}

/* One entry of "memmaps" into the memmap of its size. */
static bool hb_read_memmap(struct json_object *o, struct hb_result *r)
{
	uint64_t size = hb_json_u64(o, "size");
	struct hb_memmap m;
	size_t i;

	if (!hb_json_memmap(o, &m))
		return false;
	for (i = 0; i < r->cfg.nr_sizes; i++) {
		if (r->cfg.sizes[i] == size) {
			r->memmap[i] = m;
			return true;
		}
	}
	return false;
}

/* One store time of a "rooflines" entry; false when it is damaged. */
static bool hb_read_roof_ns(struct json_object *o, const char *key,
			    uint32_t bit, uint64_t *ns, uint32_t *valid)
{
	int ret = hb_json_whole(o, key, INT64_MAX, ns);

	if (ret < 0)
		return false;
	if (!ret)
		*valid |= bit;
	return true;
}

/* One entry of "rooflines" into the roofline of its size. */
static bool hb_read_roof(struct json_object *o, struct hb_result *r)
{
	struct hb_roof rf = { 0 };
	size_t i;

	if (hb_json_whole(o, "size", INT64_MAX, &rf.size) ||
	    hb_json_whole(o, "bytes", INT64_MAX, &rf.bytes) ||
	    !hb_read_roof_ns(o, "plain_ns", HMMBENCH_R_PLAIN, &rf.plain_ns,
			     &rf.valid) ||
	    !hb_read_roof_ns(o, "nt_ns", HMMBENCH_R_NT, &rf.nt_ns,
			     &rf.valid))
		return false;
	for (i = 0; i < r->cfg.nr_sizes; i++) {
		if (r->cfg.sizes[i] == rf.size) {
			r->meta.roof[i] = rf;
			return true;
		}
	}
	return false;
}

/*
 * Each entry of the per-size array @a ("memmaps", "rooflines") through
 * @read; a damaged one is -EINVAL, with a sentence naming @key and
 * saying what the entry lacks (@lacks).
 */
static int hb_read_per_size(struct json_object *a, struct hb_result *r,
			    bool (*read)(struct json_object *o,
					 struct hb_result *r),
			    const char *key, const char *lacks, char *err,
			    size_t len, const char *path)
{
	size_t i, n = hb_json_len(a);

	for (i = 0; i < n; i++) {
		if (!read(json_object_array_get_idx(a, i), r)) {
			snprintf(err, len, "%s: %s entry %zu has no %s of a measured size: is the file damaged?",
				 path, key, i, lacks);
			return -EINVAL;
		}
	}
	return 0;
}

/*
 * Why the loop ended: "stopped_by", or in a file from before it, what
 * "complete" and "stop_reason" say.
 */
static enum hb_end hb_read_end(struct json_object *doc,
			       const struct hb_result *r)
{
	enum hb_end end = hb_end_named(hb_json_str(doc, "stopped_by"));

	if (end != HB_NR_ENDS)
		return end;
	if (r->complete)
		return HB_END_ITERS;
	return r->stop_reason && !strcmp(r->stop_reason, "interrupted") ?
	       HB_END_INTERRUPTED : HB_END_ERROR;
}

static void hb_read_meta(struct json_object *doc, struct hb_result *r)
{
	hb_read_fields(hb_json_path(doc, "metadata.host"), &hb_host_fields,
		       &r->meta.host);
	hb_json_copy(r->meta.host.date, sizeof(r->meta.host.date), doc,
		"metadata.date");
	hb_json_copy(r->meta.run_id, sizeof(r->meta.run_id), doc,
		"metadata.run_id");
	hb_json_copy(r->meta.version, sizeof(r->meta.version), doc,
		"metadata.hmmbench_version");
	r->meta.command_line = hb_json_str(doc, "metadata.command_line");
	hb_read_fields(hb_json_path(doc, "metadata.module"),
		       &hb_module_fields, &r->meta.info);
	r->meta.info.size = sizeof(r->meta.info);
	r->cfg.label = hb_json_str(doc, "metadata.label");
	r->complete = json_object_get_boolean(hb_json_path(doc, "complete"));
	r->stop_reason = hb_json_str(doc, "stop_reason");
	hb_json_copy(r->error, sizeof(r->error), doc, "error");
	r->end = hb_read_end(doc, r);
	r->wall_ns = hb_json_u64(doc, "wall_ns");
}

/*
 * Another document of hmmbench's, named by its schema, with the command
 * that reads it; NULL for one it does not know.
 */
static const char *hb_other_document(const char *schema)
{
	static const char *const kinds[][2] = {
		{ "hmmbench-compare/", "a comparison (hmmbench compare --format json): use hmmbench show to print it" },
		{ "hmmbench-info/", "the output of hmmbench info, not a result" },
		{ "hmmbench-verify/", "the output of hmmbench verify, not a result" },
	};
	size_t i;

	for (i = 0; schema && i < sizeof(kinds) / sizeof(kinds[0]); i++)
		if (!strncmp(schema, kinds[i][0], strlen(kinds[i][0])))
			return kinds[i][1];
	return NULL;
}

/* A result's configuration: its chunks', or a namespace's binds'. */
static int hb_read_config(struct json_object *doc, struct hb_result *r,
			  const char *path, char *err, size_t len)
{
	if (!hb_read_fields(hb_json_path(doc, "configuration"),
			    &hb_config_fields, r))
		return 0;
	snprintf(err, len, "%s: the configuration has no sizes (or more than %d): is the file damaged?",
		 path, HB_MAX_SWEEP);
	return -EINVAL;
}

/* A result's samples, and the memmap and roofline of each size. */
static int hb_read_body(struct json_object *doc, struct hb_result *r,
			const char *path, char *err, size_t len)
{
	return hb_read_samples(hb_json_path(doc, "samples"), r, err, len,
			       path) ?:
	       hb_read_per_size(hb_json_path(doc, "memmaps"), r,
				hb_read_memmap, "memmaps", "digest and layout",
				err, len, path) ?:
	       hb_read_per_size(hb_json_path(doc, "rooflines"), r,
				hb_read_roof, "rooflines",
				"whole size, bytes and store times", err, len,
				path);
}

/*
 * The documents a result is read from, by schema: what reads the
 * configuration, and after the metadata and sources every document has,
 * what it holds beside them.  Either returns 0, -ENOMEM, or -EINVAL
 * with a sentence naming @path in @err.
 */
static const struct hb_document {
	const char *schema;
	int (*config)(struct json_object *doc, struct hb_result *r,
		      const char *path, char *err, size_t len);
	int (*body)(struct json_object *doc, struct hb_result *r,
		    const char *path, char *err, size_t len);
} hb_documents[] = {
	{ HB_RESULT_SCHEMA, hb_read_config, hb_read_body },
	{ HB_MIG_SCHEMA, hb_mig_read_config, hb_mig_read_records },
};

static const struct hb_document *hb_document_of(const char *schema)
{
	const size_t n = sizeof(hb_documents) / sizeof(hb_documents[0]);
	size_t i;

	for (i = 0; schema && i < n; i++)
		if (!strcmp(schema, hb_documents[i].schema))
			return &hb_documents[i];
	return NULL;
}

static int hb_input_parse(struct hb_input *in, char *err, size_t len)
{
	struct json_object *doc = in->doc;
	const char *schema = hb_json_str(doc, "schema");
	const struct hb_document *d = hb_document_of(schema);
	struct hb_result *r = &in->r;
	int ret;

	if (!d && hb_other_document(schema)) {
		snprintf(err, len, "%s is %s", in->path,
			 hb_other_document(schema));
		return -EINVAL;
	}
	if (!d) {
		snprintf(err, len, "%s: schema is '%s', not %s or %s: give a file written by hmmbench run, sweep, rebind, migrate or merge with --format json",
			 in->path, schema ? schema : "missing",
			 HB_RESULT_SCHEMA, HB_MIG_SCHEMA);
		return -EINVAL;
	}
	ret = d->config(doc, r, in->path, err, len);
	if (ret)
		return ret;
	hb_read_meta(doc, r);
	ret = hb_json_sources(hb_json_path(doc, "metadata.sources"),
			      &r->sources, &r->nr_sources, &r->nr_boots) ?:
	      d->body(doc, r, in->path, err, len);
	if (ret == -ENOMEM)
		snprintf(err, len, "%s: out of memory", in->path);
	return ret;
}

int hb_input_take(struct hb_input *in, const char *path,
		  struct json_object *doc, char *err, size_t len)
{
	int ret;

	memset(in, 0, sizeof(*in));
	in->path = path;
	in->doc = doc;
	ret = hb_input_parse(in, err, len);
	if (ret)
		hb_input_free(in);
	return ret;
}

int hb_input_load(struct hb_input *in, const char *path, char *err,
		  size_t len)
{
	struct json_object *doc;
	int ret;

	memset(in, 0, sizeof(*in));
	in->path = path;
	ret = hb_json_load(path, &doc, err, len);
	return ret ? ret : hb_input_take(in, path, doc, err, len);
}

size_t hb_input_calls(const struct hb_input *in)
{
	return in->nr_calls ? in->nr_calls : in->r.nr_samples;
}

void hb_input_free(struct hb_input *in)
{
	hb_result_free(&in->r);
	json_object_put(in->doc);
	in->doc = NULL;
}
