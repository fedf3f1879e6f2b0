/* SPDX-License-Identifier: GPL-2.0 */
/*
 * hmmbench: which configuration fields two results must share before
 * compare may set their samples side by side or merge may pool them.
 * Checked on the JSON documents, so fields this CLI does not model yet
 * (vmemmap_shift, map flags) are checked as soon as a writer adds them.
 */
#ifndef HB_CONFIG_MATCH_H
#define HB_CONFIG_MATCH_H

#include <stdbool.h>
#include <stddef.h>

struct json_object;

struct hb_mismatch {
	const char *field;	/* "page size", ... */
	const char *path;	/* its JSON member, "metadata.module.page_size" */
	char base[64];		/* the value in each, JSON text or "absent" */
	char other[64];
};

/* The most mismatches one pair reports. */
#define HB_MAX_MISMATCH	8

/*
 * Fields of @other that differ from @base, into @out (HB_MAX_MISMATCH
 * slots); returns their count.  @merge adds what only merging needs: the
 * same kernel build (release and version) and the same sizes.
 */
size_t hb_config_diff(struct json_object *base, struct json_object *other,
		      bool merge, struct hb_mismatch *out);

#endif /* HB_CONFIG_MATCH_H */
