/* SPDX-License-Identifier: GPL-2.0 */
/*
 * hmmbench: what the files that build a comparison share, and only they
 * (compare.c, compare_verdict.c): the verdict of a row and of a family.
 * Everything else reads a comparison through compare.h.
 */
#ifndef HB_COMPARE_INTERNAL_H
#define HB_COMPARE_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>

struct hb_cmp_row;
struct hb_comparison;

/*
 * Tests @na units @a against @nb units @b, which are instructions both
 * sides @counted (else times): the change, its interval and both tests
 * into @row, whose a and b (the statistics of the samples) are set.
 */
void hb_cmp_test(struct hb_cmp_row *row, const double *a, size_t na,
		 const double *b, size_t nb, bool counted);

/*
 * Decides the tested rows of new input @file as one family: Holm over
 * them, and the minimum detectable effect of each; 0 or -ENOMEM.
 */
int hb_cmp_family(struct hb_comparison *c, size_t file);

/* Marks the primary rows of [@first, @end), one size and kind. */
void hb_cmp_primary(struct hb_comparison *c, size_t first, size_t end);

#endif /* HB_COMPARE_INTERNAL_H */
