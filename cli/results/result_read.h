/* SPDX-License-Identifier: GPL-2.0 */
/*
 * hmmbench: a result read back from its JSON file (schema
 * hmmbench-result/1, or hmmbench-migrate/1: a migration's records and
 * the samples made of them) for compare, merge, show and plot.  The
 * parsed document stays alive beside the struct hb_result, whose strings
 * point into it; users of struct hb_input need not know it is json-c's.
 */
#ifndef HB_RESULT_READ_H
#define HB_RESULT_READ_H

#include <stdbool.h>

#include "results/json_read.h"
#include "results/result.h"

struct json_object;

struct hb_input {
	const char *path;
	/*
	 * The result; of a migration (hmmbench migrate), its records and
	 * the samples that compare and merge take of them: one per MIGRATE
	 * call and per fault, the workload "migrate" (mig_read.h).
	 */
	struct hb_result r;
	struct json_object *doc;	/* owns the strings r points to */
	/*
	 * An input of a comparison read back (compare_read.h), which holds
	 * no samples: the samples it had, 0 when not recorded.  Else 0, and
	 * r.nr_samples says.
	 */
	size_t nr_calls;
};

/* The samples behind @in: calls (and of a migration, fault samples). */
size_t hb_input_calls(const struct hb_input *in);

/*
 * Reads @path into @in: a result (schema hmmbench-result/1) or a
 * migration (hmmbench-migrate/1).  Raw samples are restored with their
 * valid bits (a null phase stays unmeasured); derived metrics and
 * summaries are recomputed from them, never read.  On error returns
 * -errno or -EINVAL and writes a sentence naming the file to @err.
 */
int hb_input_load(struct hb_input *in, const char *path, char *err,
		  size_t len);
void hb_input_free(struct hb_input *in);

/* hb_input_load() of a document hb_json_load() read; @in owns @doc. */
int hb_input_take(struct hb_input *in, const char *path,
		  struct json_object *doc, char *err, size_t len);

/*
 * The members of a memmap object (pages, digest, layout, bad_pages) in
 * @o into @m; false when digest or layout are not "0x" and 16 hex digits.
 */
bool hb_json_memmap(struct json_object *o, struct hb_memmap *m);

#endif /* HB_RESULT_READ_H */
