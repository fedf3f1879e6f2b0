// SPDX-License-Identifier: GPL-2.0
/*
 * hmmbench: statistics of the raw samples.  The interval of the mean
 * takes Student's t and the interval of the median the binomial
 * distribution of ranks, both from dist.c, so no table limits n.
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "stats/dist.h"
#include "stats/mean.h"
#include "stats/stats.h"

size_t hb_median_ci_rank(size_t n, double *level)
{
	double below = 0.0;	/* P(B <= j - 1) */
	size_t j;

	*level = NAN;
	if (n < HB_MEDIAN_CI_MIN_N)
		return 0;
	/* [x_(j), x_(n+1-j)] covers the median with 1 - 2 P(B <= j - 1). */
	for (j = 1; j <= n / 2; j++) {
		double next = below + hb_binom_half(n, j - 1);

		if (1.0 - 2.0 * next < 0.95)
			break;
		below = next;
	}
	*level = 1.0 - 2.0 * below;
	return j - 1;
}

double hb_mean_ci_half(size_t n, double sd)
{
	return hb_t_quantile(0.975, n - 1) * sd / sqrt(n);
}

static void hb_stats_spread(const double *s, size_t n, struct hb_stats *st)
{
	double half;

	st->stddev = sqrt(hb_variance(s, n, st->mean));
	st->cv = st->mean != 0.0 ? st->stddev / st->mean : NAN;
	half = hb_mean_ci_half(n, st->stddev);
	st->mean_ci_lo = st->mean - half;
	st->mean_ci_hi = st->mean + half;
}

static void hb_stats_median_ci(const double *s, size_t n,
			       struct hb_stats *st)
{
	size_t j = hb_median_ci_rank(n, &st->median_ci_level);

	if (!j)
		return;
	st->median_ci_lo = s[j - 1];
	st->median_ci_hi = s[n - j];
}

int hb_stats_compute(const double *x, size_t n, struct hb_stats *st)
{
	double *s;
	int ret;

	st->n = n;
	st->mean = st->median = st->min = st->max = NAN;
	st->stddev = st->cv = st->mean_ci_lo = st->mean_ci_hi = NAN;
	st->median_ci_lo = st->median_ci_hi = st->median_ci_level = NAN;
	hb_shape_sorted(NULL, 0, NAN, &st->shape);
	if (!n)
		return 0;
	s = malloc(n * sizeof(*s));
	if (!s)
		return -ENOMEM;
	memcpy(s, x, n * sizeof(*s));
	qsort(s, n, sizeof(*s), hb_double_order);
	st->mean = hb_mean(s, n);
	st->min = s[0];
	st->max = s[n - 1];
	st->median = hb_median_sorted(s, n);
	if (n >= 2)
		hb_stats_spread(s, n, st);
	hb_stats_median_ci(s, n, st);
	ret = hb_shape_sorted(s, n, st->median, &st->shape);
	free(s);
	return ret;
}
