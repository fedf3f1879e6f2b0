/* SPDX-License-Identifier: GPL-2.0 */
/*
 * hmmbench: which fields two results must share before compare may set
 * their samples side by side or merge may pool them: the rows of the
 * field tables (fields.c) that say so.
 */
#ifndef HB_CONFIG_MATCH_H
#define HB_CONFIG_MATCH_H

#include <stdbool.h>
#include <stddef.h>

#include "result.h"

struct hb_mismatch {
	const char *field;	/* "page size", ... */
	char base[64];		/* the value in each, as JSON writes it */
	char other[64];
};

/* The most mismatches one pair reports. */
#define HB_MAX_MISMATCH	8

/*
 * Fields of @other that differ from @base, into @out (HB_MAX_MISMATCH
 * slots); returns their count.  @merge adds what only merging needs: the
 * same kernel build (release and version) and the same sizes.
 */
size_t hb_config_diff(const struct hb_result *base,
		      const struct hb_result *other, bool merge,
		      struct hb_mismatch *out);

#endif /* HB_CONFIG_MATCH_H */
