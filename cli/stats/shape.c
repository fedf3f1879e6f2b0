// SPDX-License-Identifier: GPL-2.0
/*
 * hmmbench: outliers by the modified z-score, and two levels by the
 * widest gap in the sorted samples that separates them more than either
 * side spreads.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "stats/mean.h"
#include "stats/shape.h"

#define HB_OUTLIER_Z	3.5
#define HB_LEVEL_GAP	0.05	/* of the median, at least */

static int hb_shape_outliers(const double *s, size_t n, double median,
			     struct hb_shape *sh)
{
	double *dev = malloc(n * sizeof(*dev)), mad, z;
	size_t i;

	if (!dev)
		return -ENOMEM;
	for (i = 0; i < n; i++)
		dev[i] = fabs(s[i] - median);
	qsort(dev, n, sizeof(*dev), hb_double_order);
	mad = hb_median_sorted(dev, n);
	free(dev);
	if (mad <= 0.0)
		return 0;
	for (i = 0; i < n; i++) {
		z = 0.6745 * fabs(s[i] - median) / mad;
		if (z <= HB_OUTLIER_Z)
			continue;
		if (!sh->outliers++ ||
		    fabs(s[i] - median) > fabs(sh->worst - median))
			sh->worst = s[i];
	}
	return 0;
}

static void hb_shape_levels(const double *s, size_t n, double median,
			    struct hb_shape *sh)
{
	size_t m = n / 5 > 2 ? n / 5 : 2, k, best = 0;
	double gap, spread, widest = 0.0;

	for (k = m; k + m <= n; k++) {
		gap = s[k] - s[k - 1];
		spread = fmax(s[k - 1] - s[0], s[n - 1] - s[k]);
		if (gap > spread && gap > HB_LEVEL_GAP * fabs(median) &&
		    gap > widest) {
			widest = gap;
			best = k;
		}
	}
	if (!best)
		return;
	sh->levels = true;
	sh->n_lo = best;
	sh->n_hi = n - best;
	sh->lo = hb_mean(s, best);
	sh->hi = hb_mean(s + best, n - best);
}

int hb_shape_sorted(const double *s, size_t n, double median,
		    struct hb_shape *sh)
{
	*sh = (struct hb_shape){ .worst = NAN, .lo = NAN, .hi = NAN };
	if (n >= HB_SHAPE_LEVELS_MIN_N)
		hb_shape_levels(s, n, median, sh);
	/* with two levels, the samples of one are no outliers */
	if (n < HB_SHAPE_OUTLIER_MIN_N || sh->levels)
		return 0;
	return hb_shape_outliers(s, n, median, sh);
}

const char *hb_shape_str(char *buf, size_t len, const struct hb_shape *sh,
			 double median, enum hb_unit unit)
{
	char a[32], b[32];

	if (sh->levels)
		snprintf(buf, len, "two levels: %zu calls near %s, %zu near %s",
			 sh->n_lo, hb_fmt_human(a, sizeof(a), unit, sh->lo),
			 sh->n_hi, hb_fmt_human(b, sizeof(b), unit, sh->hi));
	else if (sh->outliers)
		snprintf(buf, len, "%zu outlier%s: %s%s, median %s",
			 sh->outliers, sh->outliers == 1 ? "" : "s",
			 sh->outliers == 1 ? "" : "farthest ",
			 hb_fmt_human(a, sizeof(a), unit, sh->worst),
			 hb_fmt_human(b, sizeof(b), unit, median));
	else
		buf[0] = '\0';
	return buf;
}
