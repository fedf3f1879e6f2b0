// SPDX-License-Identifier: GPL-2.0
/*
 * hmmbench: reads a result file written by `run` or `sweep --format json`
 * (or by merge) back into a struct hb_result with json-c.  Only raw,
 * kernel-measured values, the memmap digests and the store times are
 * read; everything derived is recomputed.
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
#include "results/metrics.h"
#include "results/result_read.h"

struct json_object *hb_json_path(struct json_object *o, const char *path)
{
	char key[64];
	const char *dot;

	while (o && *path) {
		dot = strchr(path, '.');
		snprintf(key, sizeof(key), "%.*s",
			 (int)(dot ? dot - path : (ptrdiff_t)strlen(path)),
			 path);
		if (!json_object_object_get_ex(o, key, &o))
			return NULL;
		path = dot ? dot + 1 : "";
	}
	return o;
}

static const char *hb_jstr_at(struct json_object *o, const char *path)
{
	struct json_object *v = hb_json_path(o, path);

	return json_object_is_type(v, json_type_string) ?
	       json_object_get_string(v) : NULL;
}

static uint64_t hb_ju64_at(struct json_object *o, const char *path)
{
	struct json_object *v = hb_json_path(o, path);

	return json_object_is_type(v, json_type_int) ?
	       (uint64_t)json_object_get_int64(v) : 0;
}

/* Length of an array member; 0 when it is absent or not an array. */
static size_t hb_jlen(struct json_object *a)
{
	return json_object_is_type(a, json_type_array) ?
	       json_object_array_length(a) : 0;
}

static void hb_copy(char *dst, size_t len, struct json_object *o,
		    const char *path)
{
	const char *s = hb_jstr_at(o, path);

	snprintf(dst, len, "%s", s ? s : "");
}

/* Feature names back to bits; unknown bits were written as numbers. */
static uint32_t hb_read_features(struct json_object *a)
{
	uint32_t bits = 0;
	size_t i, n = hb_jlen(a);
	unsigned int bit;

	for (i = 0; i < n; i++) {
		struct json_object *v = json_object_array_get_idx(a, i);

		if (json_object_is_type(v, json_type_int))
			bits |= (uint32_t)json_object_get_int64(v);
		for (bit = 0; bit < 32; bit++)
			if (json_object_is_type(v, json_type_string) &&
			    hb_feature_name(bit) &&
			    !strcmp(json_object_get_string(v),
				    hb_feature_name(bit)))
				bits |= 1U << bit;
	}
	return bits;
}

/* The configuration's sizes: 1 to HB_MAX_SWEEP of them, or -EINVAL. */
static int hb_read_sizes(struct json_object *a, struct hb_config *cfg)
{
	size_t i;

	cfg->nr_sizes = hb_jlen(a);
	if (!cfg->nr_sizes || cfg->nr_sizes > HB_MAX_SWEEP)
		return -EINVAL;
	for (i = 0; i < cfg->nr_sizes; i++)
		cfg->sizes[i] = json_object_get_int64(
			json_object_array_get_idx(a, i));
	return 0;
}

/* [start, end] into @w; absent is unknown (0, 0). */
static int hb_read_window(struct json_object *a, uint64_t *w)
{
	size_t i;

	w[0] = w[1] = 0;
	if (!a)
		return 0;
	if (!json_object_is_type(a, json_type_array) ||
	    json_object_array_length(a) != 2)
		return -EINVAL;
	for (i = 0; i < 2; i++)
		w[i] = json_object_get_uint64(json_object_array_get_idx(a, i));
	return 0;
}

/* Member f->key of @o into the member of @base that @f describes. */
static int hb_read_field(struct json_object *o, const struct hb_field *f,
			 void *base)
{
	struct json_object *j = hb_json_path(o, f->key);
	void *v = hb_field_in(f, base);

	switch (f->type) {
	case HB_F_CHARS:
		hb_copy(v, f->size, o, f->key);
		return 0;
	case HB_F_STRING:
		*(const char **)v = hb_jstr_at(o, f->key);
		return 0;
	case HB_F_BOOL:
		*(bool *)v = json_object_get_boolean(j);
		return 0;
	case HB_F_FEATURES:
		hb_field_set_uint(f, base, hb_read_features(j));
		return 0;
	case HB_F_NODE:
		*(int *)v = j ? json_object_get_int(j) : HMMBENCH_NODE_LOCAL;
		return 0;
	case HB_F_SIZES:
		return hb_read_sizes(j, v);
	case HB_F_WINDOW:
		return hb_read_window(j, v);
	case HB_F_RUNS:
		return 0;
	case HB_F_PERCENT:
		*(double *)v = j ? json_object_get_double(j) : 0.0;
		return 0;
	default:
		hb_field_set_uint(f, base, hb_ju64_at(o, f->key));
		return 0;
	}
}

int hb_read_fields(struct json_object *o, const struct hb_fields *t,
		   void *base)
{
	size_t i;

	for (i = 0; i < t->n; i++)
		if (hb_read_field(o, &t->f[i], base))
			return -EINVAL;
	return 0;
}

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

/*
 * Member @key of @o as a whole number from 0 to @max into *@v: 0, 1 when
 * it is absent or null, -EINVAL when it is anything else (negative, a
 * fraction, a string, too large).
 */
static int hb_read_whole(struct json_object *o, const char *key,
			 uint64_t max, uint64_t *v)
{
	struct json_object *j = hb_json_path(o, key);

	if (!j)
		return 1;
	if (!json_object_is_type(j, json_type_int) ||
	    json_object_get_int64(j) < 0 || json_object_get_uint64(j) > max)
		return -EINVAL;
	*v = json_object_get_uint64(j);
	return 0;
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
		if (hb_read_whole(o, f[k].key, f[k].max, f[k].v) < 0)
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
		ret = hb_read_whole(o, hb_metrics[mi].key, INT64_MAX, &v);
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
	if (!s->size || hb_read_kind(hb_jstr_at(o, "kind"), &s->kind)) {
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
	size_t i, n = hb_jlen(a);

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

static int hb_read_sources(struct json_object *a, struct hb_result *r)
{
	size_t i, n = hb_jlen(a);

	if (!n)
		return 0;
	r->sources = calloc(n, sizeof(*r->sources));
	if (!r->sources)
		return -ENOMEM;
	r->nr_sources = n;
	for (i = 0; i < n; i++)
		hb_read_fields(json_object_array_get_idx(a, i),
			       &hb_source_fields, &r->sources[i]);
	r->nr_boots = hb_sources_boots(r->sources, n);
	return 0;
}

/* "0x" and 16 hex digits, as hb_jhex() writes them, into *@v. */
static bool hb_read_hex(struct json_object *o, const char *key, uint64_t *v)
{
	const char *s = hb_jstr_at(o, key);
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
	m->pages = hb_ju64_at(o, "pages");
	m->bad_pages = hb_ju64_at(o, "bad_pages");
	m->valid = true;
	return true;
}

/* One entry of "memmaps" into the memmap of its size. */
static bool hb_read_memmap(struct json_object *o, struct hb_result *r)
{
	uint64_t size = hb_ju64_at(o, "size");
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
	int ret = hb_read_whole(o, key, INT64_MAX, ns);

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

	if (hb_read_whole(o, "size", INT64_MAX, &rf.size) ||
	    hb_read_whole(o, "bytes", INT64_MAX, &rf.bytes) ||
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
	size_t i, n = hb_jlen(a);

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
	enum hb_end end = hb_end_named(hb_jstr_at(doc, "stopped_by"));

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
	hb_copy(r->meta.host.date, sizeof(r->meta.host.date), doc,
		"metadata.date");
	hb_copy(r->meta.run_id, sizeof(r->meta.run_id), doc,
		"metadata.run_id");
	hb_copy(r->meta.version, sizeof(r->meta.version), doc,
		"metadata.hmmbench_version");
	r->meta.command_line = hb_jstr_at(doc, "metadata.command_line");
	hb_read_fields(hb_json_path(doc, "metadata.module"),
		       &hb_module_fields, &r->meta.info);
	r->meta.info.size = sizeof(r->meta.info);
	r->cfg.label = hb_jstr_at(doc, "metadata.label");
	r->complete = json_object_get_boolean(hb_json_path(doc, "complete"));
	r->stop_reason = hb_jstr_at(doc, "stop_reason");
	hb_copy(r->error, sizeof(r->error), doc, "error");
	r->end = hb_read_end(doc, r);
	r->wall_ns = hb_ju64_at(doc, "wall_ns");
}

static int hb_input_parse(struct hb_input *in, char *err, size_t len)
{
	struct json_object *doc = in->doc;
	const char *schema = hb_jstr_at(doc, "schema");
	int ret;

	if (!schema || strcmp(schema, HB_RESULT_SCHEMA)) {
		snprintf(err, len, "%s: schema is '%s', not %s: give a file written by hmmbench run, sweep or merge with --format json",
			 in->path, schema ? schema : "missing",
			 HB_RESULT_SCHEMA);
		return -EINVAL;
	}
	if (hb_read_fields(hb_json_path(doc, "configuration"),
			   &hb_config_fields, &in->r)) {
		snprintf(err, len, "%s: the configuration has no sizes (or more than %d): is the file damaged?",
			 in->path, HB_MAX_SWEEP);
		return -EINVAL;
	}
	hb_read_meta(doc, &in->r);
	ret = hb_read_sources(hb_json_path(doc, "metadata.sources"), &in->r);
	if (!ret)
		ret = hb_read_samples(hb_json_path(doc, "samples"), &in->r,
				      err, len, in->path);
	if (!ret)
		ret = hb_read_per_size(hb_json_path(doc, "memmaps"), &in->r,
				       hb_read_memmap, "memmaps",
				       "digest and layout", err, len, in->path);
	if (!ret)
		ret = hb_read_per_size(hb_json_path(doc, "rooflines"), &in->r,
				       hb_read_roof, "rooflines",
				       "whole size, bytes and store times", err,
				       len, in->path);
	if (ret == -ENOMEM)
		snprintf(err, len, "%s: out of memory", in->path);
	return ret;
}

/* Whether @c can start a JSON document. */
static bool hb_json_start(int c)
{
	return c == EOF || strchr("{[\"-0123456789tfn", c);
}

/*
 * Whether the @n bytes of @buf, a file's first, are not text: they hold
 * a NUL or another ASCII control character than white space and escape
 * (an ELF's DEL, a PNG's "\x1a"), as no table, cover, CSV or JSON does.
 */
static bool hb_binary(const char *buf, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		unsigned char c = buf[i];

		if (c == 0x7f || (c < ' ' && !memchr("\t\n\v\f\r\033", c, 6)))
			return true;
	}
	return false;
}

/*
 * The sentence for a document json-c gave up on at offset @at, whose
 * first character is @first; @binary when its start is not text.
 */
static int hb_json_error(enum json_tokener_error jerr, size_t at, int first,
			 bool binary, const char *path, char *err, size_t len)
{
	if (binary)
		snprintf(err, len, "%s: not a hmmbench result but a binary file, not text: give the --format json output of run, sweep or merge",
			 path);
	else if (!hb_json_start(first))
		snprintf(err, len, "%s: not a hmmbench result but text (a table, cover, CSV or gobench output?): give the --format json output of run, sweep or merge",
			 path);
	else if (jerr == json_tokener_error_parse_eof)
		snprintf(err, len, "%s: not a hmmbench result: the JSON ends early (empty or truncated file)",
			 path);
	else
		snprintf(err, len, "%s: not a hmmbench result: invalid JSON at byte %zu (%s)",
			 path, at + 1, json_tokener_error_desc(jerr));
	return -EINVAL;
}

/*
 * Parses the JSON document in @f a piece at a time into *@doc (NULL for
 * a bare null); -errno or -EINVAL with the sentence in @err.  The last
 * piece ends in the '\0' that tells json-c the input ends there.
 */
static int hb_parse_json(FILE *f, const char *path, struct json_object **doc,
			 char *err, size_t len)
{
	enum json_tokener_error jerr = json_tokener_continue;
	struct json_tokener *tok = json_tokener_new();
	size_t n, at = 0;
	bool head = true, binary = false;
	char buf[4097];
	int first;

	while ((first = getc(f)) != EOF && isspace(first))
		at++;
	if (first != EOF)
		ungetc(first, f);
	else
		clearerr(f);	/* read the empty rest below, and end it */
	if (!tok) {
		snprintf(err, len, "%s: out of memory", path);
		return -ENOMEM;
	}
	while (jerr == json_tokener_continue && !feof(f) && !ferror(f)) {
		n = fread(buf, 1, sizeof(buf) - 1, f);
		if (head)
			binary = hb_binary(buf, n);
		head = false;
		if (feof(f))
			buf[n++] = '\0';
		*doc = json_tokener_parse_ex(tok, buf, n);
		jerr = json_tokener_get_error(tok);
		at += jerr == json_tokener_continue ? n :
		      json_tokener_get_parse_end(tok);
	}
	json_tokener_free(tok);
	if (ferror(f)) {
		snprintf(err, len, "cannot read %s: %s", path, strerror(errno));
		return -EIO;
	}
	return jerr ? hb_json_error(jerr, at, first, binary, path, err,
				    len) : 0;
}

int hb_json_load(const char *path, struct json_object **doc, char *err,
		 size_t len)
{
	FILE *f;
	int ret;

	*doc = NULL;
	f = fopen(path, "r");
	if (!f) {
		ret = -errno;
		snprintf(err, len, "cannot read %s: %s", path, strerror(errno));
		return ret;
	}
	ret = hb_parse_json(f, path, doc, err, len);
	fclose(f);
	if (!ret && !json_object_is_type(*doc, json_type_object)) {
		snprintf(err, len, "%s: not a hmmbench result: the JSON is not an object",
			 path);
		ret = -EINVAL;
	}
	if (ret) {
		json_object_put(*doc);
		*doc = NULL;
	}
	return ret;
}

const char *hb_json_schema(struct json_object *doc)
{
	return hb_jstr_at(doc, "schema");
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

void hb_input_free(struct hb_input *in)
{
	hb_result_free(&in->r);
	json_object_put(in->doc);
	in->doc = NULL;
}
