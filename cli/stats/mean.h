/* SPDX-License-Identifier: GPL-2.0 */
/*
 * hmmbench: the one mean, variance, median and sort order of a set of
 * values, which the summary of a metric (stats.c), its shape (shape.c)
 * and the two-sample tests (twosample.c) are all built from, and a mean
 * and variance kept up to date value by value.  Pure code, no I/O.
 */
#ifndef HB_MEAN_H
#define HB_MEAN_H

#include <stddef.h>

/* qsort() comparator of doubles, ascending. */
int hb_double_order(const void *a, const void *b);

/* Mean of @n values, summed in the order given; NAN when n is 0. */
double hb_mean(const double *x, size_t n);

/* Sample variance (n - 1 divisor), exactly 0 when all values are equal. */
double hb_variance(const double *x, size_t n, double mean);

/*
 * The mean and variance of values seen one at a time, without keeping
 * them (Welford's update): for a loop that must know when to stop.
 */
struct hb_running {
	size_t n;
	double mean;
	double m2;		/* sum of squared deviations from the mean */
};

void hb_running_add(struct hb_running *r, double x);
/* Sample variance (n - 1 divisor) of the values added; NAN below 2. */
double hb_running_variance(const struct hb_running *r);

/* Median of @n >= 1 values sorted ascending. */
double hb_median_sorted(const double *s, size_t n);

#endif /* HB_MEAN_H */
