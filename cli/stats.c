// SPDX-License-Identifier: GPL-2.0
/*
 * hmmbench: statistics of the raw samples.  The Student t quantile is
 * compare_stats.c's (one implementation, accurate for any df), and the
 * median's interval comes from the binomial distribution of ranks, so no
 * table limits n.
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "compare_stats.h"
#include "stats.h"

double hb_t_cdf(double t, double df)
{
	double tail = 0.5 * hb_cmp_t_pvalue(t, df);

	return t >= 0 ? 1.0 - tail : tail;
}

double hb_t_quantile(double p, double df)
{
	return hb_cmp_t_quantile(p, df);
}

/* P(B = k) for B ~ Binomial(n, 1/2), in log space so large n is fine. */
static double hb_binom_half(size_t n, size_t k)
{
	return exp(lgamma(n + 1.0) - lgamma(k + 1.0) - lgamma(n - k + 1.0) -
		   n * M_LN2);
}

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

static int hb_cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

static void hb_stats_spread(const double *s, size_t n, struct hb_stats *st)
{
	double sum = 0.0, half;
	size_t i;

	for (i = 0; i < n; i++)
		sum += (s[i] - st->mean) * (s[i] - st->mean);
	st->stddev = sqrt(sum / (n - 1));
	st->cv = st->mean != 0.0 ? st->stddev / st->mean : NAN;
	half = hb_t_quantile(0.975, n - 1) * st->stddev / sqrt(n);
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
	double sum = 0.0, *s;
	size_t i;

	st->n = n;
	st->mean = st->median = st->min = st->max = NAN;
	st->stddev = st->cv = st->mean_ci_lo = st->mean_ci_hi = NAN;
	st->median_ci_lo = st->median_ci_hi = st->median_ci_level = NAN;
	if (!n)
		return 0;
	s = malloc(n * sizeof(*s));
	if (!s)
		return -ENOMEM;
	memcpy(s, x, n * sizeof(*s));
	qsort(s, n, sizeof(*s), hb_cmp_double);
	for (i = 0; i < n; i++)
		sum += s[i];
	st->mean = sum / n;
	st->min = s[0];
	st->max = s[n - 1];
	st->median = n % 2 ? s[n / 2] : 0.5 * (s[n / 2 - 1] + s[n / 2]);
	if (n >= 2)
		hb_stats_spread(s, n, st);
	hb_stats_median_ci(s, n, st);
	free(s);
	return 0;
}
