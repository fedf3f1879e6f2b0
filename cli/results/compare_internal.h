/* SPDX-License-Identifier: GPL-2.0 */
/*
 * hmmbench: what the files that build a comparison share, and only they
 * (compare.c, compare_verdict.c, compare_notes.c): the verdict of a row
 * and of a family, and the notes.  Everything else reads a comparison
 * through compare.h.
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

/* Adds a note to @c, printf-style; 0 or -ENOMEM. */
int hb_note(struct hb_comparison *c, const char *fmt, ...);

/* Appends ", @item" (or @item first) to @buf at @used; the new length. */
size_t hb_list_add(char *buf, size_t len, size_t used, const char *item);

/*
 * The warnings on @c's rows, as notes: per new input, its environment
 * where it differs from the base's; per size and kind, too few runs,
 * the noisy metrics, the shape of each side's samples and the orders
 * pages moved in; and the roofline under emulation.  0 or -ENOMEM.
 */
int hb_cmp_warnings(struct hb_comparison *c);

#endif /* HB_COMPARE_INTERNAL_H */
