/* SPDX-License-Identifier: GPL-2.0 */
/*
 * hmmbench: what a mean and an interval hide about a set of samples -
 * outliers, and two levels that a run switched between (64 GiB runs in
 * the VM were seen to move between about 1.4 s and 2.0 s mid-run).  Pure
 * code, fed sorted samples by stats.c; the table, cover text and compare
 * turn it into notes.
 */
#ifndef HB_SHAPE_H
#define HB_SHAPE_H

#include <stdbool.h>
#include <stddef.h>

#include "fmt.h"

/* Fewer samples than these say nothing about their shape. */
#define HB_SHAPE_OUTLIER_MIN_N	5
#define HB_SHAPE_LEVELS_MIN_N	6

struct hb_shape {
	/*
	 * Samples whose modified z-score, 0.6745 |x - median| / MAD, is
	 * above 3.5 (Iglewicz and Hoaglin), and the farthest of them; none
	 * when the MAD is 0.
	 */
	size_t outliers;
	double worst;
	/*
	 * Two levels: a gap in the sorted samples wider than the range on
	 * either side of it and than 5 % of the median, with at least
	 * max(2, n / 5) samples on each side; the widest such gap.
	 */
	bool levels;
	size_t n_lo, n_hi;	/* samples below and above the gap */
	double lo, hi;		/* their means */
};

/*
 * The shape of @n samples sorted ascending with median @median into @sh;
 * 0 or -ENOMEM.
 */
int hb_shape_sorted(const double *s, size_t n, double median,
		    struct hb_shape *sh);

/* Whether @sh has anything to say. */
static inline bool hb_shape_odd(const struct hb_shape *sh)
{
	return sh->levels || sh->outliers;
}

/*
 * "two levels: 6 calls near 1.41 s, 4 near 2.02 s" or "1 outlier:
 * 58.0 ms, median 50.1 ms", values in @unit; "" when nothing is odd.
 */
const char *hb_shape_str(char *buf, size_t len, const struct hb_shape *sh,
			 double median, enum hb_unit unit);

#endif /* HB_SHAPE_H */
