/* SPDX-License-Identifier: GPL-2.0 */
/*
 * hmmbench: which fields two results must share before compare may set
 * their samples side by side or merge may pool them: the rows of the
 * field tables (fields.c) that say so, and the memmap digests.
 */
#ifndef HB_CONFIG_MATCH_H
#define HB_CONFIG_MATCH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "results/result.h"

struct hb_mismatch {
	const char *field;	/* "page size", ... */
	char base[64];		/* the value in each, as JSON writes it */
	char other[64];
	uint64_t size;		/* a memmap's: its size; else 0 */
};

/* How the memmaps two results recorded of one size compare. */
enum hb_memmap_match {
	HB_MEMMAP_UNKNOWN,	/* either has none */
	HB_MEMMAP_SAME,		/* same layout and digest */
	HB_MEMMAP_DIFFER,	/* same layout, different digests */
	HB_MEMMAP_LAYOUT,	/* different layouts: not comparable */
};

enum hb_memmap_match hb_memmap_match(const struct hb_result *a,
				     const struct hb_result *b,
				     uint64_t size);

/* The most mismatches one pair reports. */
#define HB_MAX_MISMATCH	8

/*
 * Fields of @other that differ from @base, into @out (HB_MAX_MISMATCH
 * slots); returns their count.  @merge adds what only merging needs: the
 * same kernel build (release and version) and the same sizes.  Last come
 * the sizes whose memmaps differ: digests of one layout (struct pages
 * that are not the same), and for @merge layouts too.
 */
size_t hb_config_diff(const struct hb_result *base,
		      const struct hb_result *other, bool merge,
		      struct hb_mismatch *out);

/*
 * Refuses, whatever --force says, inputs of @in[0..@n) of which some
 * counted instructions (icount) and some timed: writes the sentence
 * naming two of them to @err and returns -EINVAL.
 */
struct hb_input;
int hb_clock_check(const struct hb_input *in, size_t n, char *err,
		   size_t len);

/* "memmap digest at 1 GiB", or m->field; returns either. */
const char *hb_mismatch_field(const struct hb_mismatch *m, char *buf,
			      size_t len);

#endif /* HB_CONFIG_MATCH_H */
