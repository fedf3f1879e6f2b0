/* SPDX-License-Identifier: GPL-2.0 */
/*
 * hmmbench: a comparison read back from its JSON (schema
 * hmmbench-compare/2) so that `hmmbench show` renders it in any format
 * without the results it was made from.  What the renderers need is
 * restored as written - statistics, change, tests, verdicts, notes -
 * never recomputed.
 */
#ifndef HB_COMPARE_READ_H
#define HB_COMPARE_READ_H

#include "results/compare.h"

struct json_object;

struct hb_cmp_doc {
	struct json_object *doc;	/* owns the strings below point to */
	struct hb_input *in;		/* what the inputs said of themselves */
	struct hb_comparison c;
};

/*
 * Fills @d from @doc (read by hb_json_load() from @path), which it then
 * owns.  -EINVAL with a sentence naming @path in @err, or -ENOMEM.
 */
int hb_cmp_take(struct hb_cmp_doc *d, const char *path,
		struct json_object *doc, char *err, size_t len);
void hb_cmp_doc_free(struct hb_cmp_doc *d);

#endif /* HB_COMPARE_READ_H */
