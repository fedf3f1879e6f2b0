// SPDX-License-Identifier: GPL-2.0
/*
 * hmmbench: quantiles by linear interpolation between the order
 * statistics (type 7): the k-th smallest value is the (k - 1) / (n - 1)
 * quantile, and those between are on the straight line joining them.
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "stats/mean.h"
#include "stats/quantile.h"

double hb_quantile_sorted(const double *s, size_t n, double q)
{
	double h = (double)(n - 1) * q;
	size_t k = (size_t)floor(h);

	if (k + 1 >= n)
		return s[n - 1];
	return s[k] + (h - (double)k) * (s[k + 1] - s[k]);
}

int hb_pcts_compute(const double *x, size_t n, struct hb_pcts *p)
{
	double *s;

	p->n = n;
	p->p50 = p->p90 = p->p99 = p->max = NAN;
	if (!n)
		return 0;
	s = malloc(n * sizeof(*s));
	if (!s)
		return -ENOMEM;
	memcpy(s, x, n * sizeof(*s));
	qsort(s, n, sizeof(*s), hb_double_order);
	p->p50 = hb_quantile_sorted(s, n, 0.50);
	p->p90 = hb_quantile_sorted(s, n, 0.90);
	p->p99 = hb_quantile_sorted(s, n, 0.99);
	p->max = s[n - 1];
	free(s);
	return 0;
}
