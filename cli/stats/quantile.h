/* SPDX-License-Identifier: GPL-2.0 */
/*
 * hmmbench: quantiles of a set of values - the p50, p90, p99 and maximum
 * a latency distribution (a page fault's, say) is read by - interpolated
 * linearly between order statistics, Hyndman and Fan's type 7 (R's and
 * numpy's default), which at 0.5 is the median of mean.h.  Pure code, no
 * I/O.
 */
#ifndef HB_QUANTILE_H
#define HB_QUANTILE_H

#include <stddef.h>

/* The percentiles latencies are reported by; NAN when n is 0. */
struct hb_pcts {
	size_t n;
	double p50;
	double p90;
	double p99;
	double max;
};

/*
 * The @q quantile (0 <= q <= 1) of @n >= 1 values sorted ascending:
 * s[k] + f (s[k + 1] - s[k]) where (n - 1) q = k + f.
 */
double hb_quantile_sorted(const double *s, size_t n, double q);

/* Fills @p from @n values (not modified); -ENOMEM or 0. */
int hb_pcts_compute(const double *x, size_t n, struct hb_pcts *p);

#endif /* HB_QUANTILE_H */
