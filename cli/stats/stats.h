/* SPDX-License-Identifier: GPL-2.0 */
/*
 * hmmbench: descriptive statistics of one set of samples - the summary
 * of a metric, built from the mean, variance and median of mean.h.
 * Pure code, no I/O.  Values that are undefined for the sample count
 * (the standard deviation of one sample, a 95 % interval of the median
 * from fewer than six) are NAN, never zero.
 */
#ifndef HB_STATS_H
#define HB_STATS_H

#include <stddef.h>

#include "stats/shape.h"

/* Smallest n whose extreme order statistics cover the median at 95 %. */
#define HB_MEDIAN_CI_MIN_N	6

struct hb_stats {
	size_t n;
	double mean;
	double median;
	double min;
	double max;
	double stddev;		/* sample (n - 1) standard deviation */
	double cv;		/* stddev / mean */
	double mean_ci_lo;	/* 95 % CI of the mean, Student t */
	double mean_ci_hi;
	double median_ci_lo;	/* 95 % CI of the median, order statistics */
	double median_ci_hi;
	double median_ci_level;	/* its exact coverage, >= 0.95 */
	struct hb_shape shape;	/* outliers, two levels */
};

/*
 * Ranks (1-based) j and n + 1 - j of the order statistics bounding the
 * 95 % interval of the median of @n samples, and its coverage; returns 0
 * when n < HB_MEDIAN_CI_MIN_N.
 */
size_t hb_median_ci_rank(size_t n, double *level);

/*
 * Half the 95 % interval of the mean of @n >= 2 values whose sample
 * standard deviation is @sd (Student t, n - 1 df): mean_ci_lo and
 * mean_ci_hi lie that far either side of the mean.
 */
double hb_mean_ci_half(size_t n, double sd);

/* Fills @st from @n values (not modified); -ENOMEM or 0. */
int hb_stats_compute(const double *x, size_t n, struct hb_stats *st);

#endif /* HB_STATS_H */
