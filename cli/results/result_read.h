/* SPDX-License-Identifier: GPL-2.0 */
/*
 * hmmbench: a result read back from its JSON file (schema
 * hmmbench-result/1) for compare and merge.  The parsed document stays
 * alive beside the struct hb_result, whose strings point into it; users
 * of struct hb_input need not know it is json-c's.
 */
#ifndef HB_RESULT_READ_H
#define HB_RESULT_READ_H

#include <stdbool.h>

#include "results/result.h"

struct json_object;

struct hb_input {
	const char *path;
	struct hb_result r;
	struct json_object *doc;	/* owns the strings r points to */
};

/*
 * Reads @path into @in.  Raw samples are restored with their valid bits
 * (a null phase stays unmeasured); derived metrics and summaries are
 * recomputed from them, never read.  On error returns -errno or -EINVAL
 * and writes a sentence naming the file to @err.
 */
int hb_input_load(struct hb_input *in, const char *path, char *err,
		  size_t len);
void hb_input_free(struct hb_input *in);

/*
 * Reads the JSON object in @path into *@doc, whatever its schema; -errno
 * or -EINVAL with the sentence in @err.  Release it with
 * json_object_put().
 */
int hb_json_load(const char *path, struct json_object **doc, char *err,
		 size_t len);

/* Its "schema" member, or NULL. */
const char *hb_json_schema(struct json_object *doc);

/* hb_input_load() of a document hb_json_load() read; @in owns @doc. */
int hb_input_take(struct hb_input *in, const char *path,
		  struct json_object *doc, char *err, size_t len);

/*
 * The members of a memmap object (pages, digest, layout, bad_pages) in
 * @o into @m; false when digest or layout are not "0x" and 16 hex digits.
 */
bool hb_json_memmap(struct json_object *o, struct hb_memmap *m);

/* Every field of table @t from object @o into @base; -EINVAL if bad. */
struct hb_fields;
int hb_read_fields(struct json_object *o, const struct hb_fields *t,
		   void *base);

/* The member at a dotted @path ("metadata.module.page_size"), or NULL. */
struct json_object *hb_json_path(struct json_object *o, const char *path);

#endif /* HB_RESULT_READ_H */
