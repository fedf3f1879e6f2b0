/* SPDX-License-Identifier: GPL-2.0 */
/*
 * hmmbench: reading a JSON document back - the file, members by path,
 * whole numbers and field tables - for the readers of results,
 * migrations and comparisons.  Users need not know that the document is
 * json-c's.
 */
#ifndef HB_JSON_READ_H
#define HB_JSON_READ_H

#include <stddef.h>
#include <stdint.h>

struct json_object;
struct hb_fields;
struct hb_source;

/*
 * Reads the JSON object in @path into *@doc, whatever its schema; -errno
 * or -EINVAL with the sentence in @err.  Release it with
 * json_object_put().
 */
int hb_json_load(const char *path, struct json_object **doc, char *err,
		 size_t len);

/* Its "schema" member, or NULL. */
const char *hb_json_schema(struct json_object *doc);

/* The member at a dotted @path ("metadata.module.page_size"), or NULL. */
struct json_object *hb_json_path(struct json_object *o, const char *path);

/* The string at @path, or NULL when it is absent or no string. */
const char *hb_json_str(struct json_object *o, const char *path);

/* The integer at @path, or 0 when it is absent or no integer. */
uint64_t hb_json_u64(struct json_object *o, const char *path);

/* Length of an array; 0 when it is absent or not an array. */
size_t hb_json_len(struct json_object *a);

/* The string at @path into @dst, "" when there is none. */
void hb_json_copy(char *dst, size_t len, struct json_object *o,
		  const char *path);

/*
 * Member @key of @o as a whole number from 0 to @max into *@v: 0, 1 when
 * it is absent or null, -EINVAL when it is anything else (negative, a
 * fraction, a string, too large).
 */
int hb_json_whole(struct json_object *o, const char *key, uint64_t max,
		  uint64_t *v);

/* Every field of table @t from object @o into @base; -EINVAL if bad. */
int hb_read_fields(struct json_object *o, const struct hb_fields *t,
		   void *base);

/*
 * The runs a merged result lists (its "sources" array @a) into a new
 * array *@src of *@n, and the distinct boots they ran in into *@boots;
 * nothing when there is none.  0 or -ENOMEM.
 */
int hb_json_sources(struct json_object *a, struct hb_source **src, size_t *n,
		    size_t *boots);

#endif /* HB_JSON_READ_H */
