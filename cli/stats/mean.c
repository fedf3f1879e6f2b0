// SPDX-License-Identifier: GPL-2.0
/*
 * hmmbench: the mean, variance and median of a set of values, and the
 * order of doubles they are sorted in, and a mean and variance taken one
 * value at a time: the bottom of the statistics, which includes nothing
 * of the project but its own header.
 */
#include <math.h>
#include <stdbool.h>

#include "stats/mean.h"

int hb_double_order(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

double hb_mean(const double *x, size_t n)
{
	double sum = 0.0;
	size_t i;

	if (!n)
		return NAN;
	for (i = 0; i < n; i++)
		sum += x[i];
	return sum / n;
}

double hb_variance(const double *x, size_t n, double mean)
{
	double sum = 0.0;
	bool constant = true;
	size_t i;

	for (i = 0; i < n; i++) {
		sum += (x[i] - mean) * (x[i] - mean);
		constant = constant && x[i] == x[0];
	}
	return constant ? 0.0 : sum / (n - 1);
}

void hb_running_add(struct hb_running *r, double x)
{
	double d = x - r->mean;

	r->n++;
	r->mean += d / r->n;
	r->m2 += d * (x - r->mean);
}

double hb_running_variance(const struct hb_running *r)
{
	return r->n < 2 ? NAN : r->m2 / (r->n - 1);
}

double hb_median_sorted(const double *s, size_t n)
{
	return n % 2 ? s[n / 2] : 0.5 * (s[n / 2 - 1] + s[n / 2]);
}
