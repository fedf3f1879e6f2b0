// SPDX-License-Identifier: GPL-2.0
/*
 * hmmbench: reading a JSON document back with json-c - the file, with a
 * sentence for what is not one (binary, a table, truncated), members by
 * dotted path, whole numbers checked, and the records that a field table
 * of fields.h describes - for every reader of hmmbench's documents.
 */
#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "results/fields.h"
#include "results/json_read.h"
#include "results/migration.h"

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

const char *hb_json_str(struct json_object *o, const char *path)
{
	struct json_object *v = hb_json_path(o, path);

	return json_object_is_type(v, json_type_string) ?
	       json_object_get_string(v) : NULL;
}

uint64_t hb_json_u64(struct json_object *o, const char *path)
{
	struct json_object *v = hb_json_path(o, path);

	return json_object_is_type(v, json_type_int) ?
	       (uint64_t)json_object_get_int64(v) : 0;
}

size_t hb_json_len(struct json_object *a)
{
	return json_object_is_type(a, json_type_array) ?
	       json_object_array_length(a) : 0;
}

void hb_json_copy(char *dst, size_t len, struct json_object *o,
		  const char *path)
{
	const char *s = hb_json_str(o, path);

	snprintf(dst, len, "%s", s ? s : "");
}

/* Feature names back to bits; unknown bits were written as numbers. */
static uint32_t hb_read_features(struct json_object *a)
{
	uint32_t bits = 0;
	size_t i, n = hb_json_len(a);
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

	cfg->nr_sizes = hb_json_len(a);
	if (!cfg->nr_sizes || cfg->nr_sizes > HB_MAX_SWEEP)
		return -EINVAL;
	for (i = 0; i < cfg->nr_sizes; i++)
		cfg->sizes[i] = json_object_get_int64(
			json_object_array_get_idx(a, i));
	return 0;
}

/* Direction names back to HB_MIG_BIT()s; a name not known is left out. */
static unsigned int hb_read_dirs(struct json_object *a)
{
	unsigned int dirs = 0;
	size_t i, n = hb_json_len(a);
	enum hb_mig_dir d;
	const char *s;

	for (i = 0; i < n; i++) {
		s = json_object_get_string(json_object_array_get_idx(a, i));
		for (d = 0; s && d < HB_MIG_NR_DIRS; d++)
			if (!strcmp(s, hb_mig_dir_key(d)))
				dirs |= HB_MIG_BIT(d);
	}
	return dirs;
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
		hb_json_copy(v, f->size, o, f->key);
		return 0;
	case HB_F_STRING:
		*(const char **)v = hb_json_str(o, f->key);
		return 0;
	case HB_F_BOOL:
		*(bool *)v = json_object_get_boolean(j);
		return 0;
	case HB_F_TRI:
		/* absent, null or not a boolean: unknown */
		*(enum hb_tri *)v = !json_object_is_type(j, json_type_boolean) ?
				    HB_TRI_UNKNOWN : json_object_get_boolean(j) ?
				    HB_TRI_YES : HB_TRI_NO;
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
	case HB_F_DIRS:
		hb_field_set_uint(f, base, hb_read_dirs(j));
		return 0;
	default:
		hb_field_set_uint(f, base, hb_json_u64(o, f->key));
		return 0;
	}
}

int hb_read_fields(struct json_object *o, const struct hb_fields *t,
		   void *base)
{
	size_t i;

	for (i = 0; i < t->n; i++)
		if (!t->f[i].implied && hb_read_field(o, &t->f[i], base))
			return -EINVAL;
	return 0;
}

int hb_json_whole(struct json_object *o, const char *key, uint64_t max,
		  uint64_t *v)
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
	return hb_json_str(doc, "schema");
}

int hb_json_sources(struct json_object *a, struct hb_source **src, size_t *n,
		    size_t *boots)
{
	size_t i, len = hb_json_len(a);

	if (!len)
		return 0;
	*src = calloc(len, sizeof(**src));
	if (!*src)
		return -ENOMEM;
	*n = len;
	for (i = 0; i < len; i++)
		hb_read_fields(json_object_array_get_idx(a, i),
			       &hb_source_fields, &(*src)[i]);
	*boots = hb_sources_boots(*src, len);
	return 0;
}
