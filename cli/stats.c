// SPDX-License-Identifier: GPL-2.0
/*
 * hmmbench: statistics of the raw samples.  The Student t quantile comes
 * from the regularized incomplete beta function (continued fraction, as in
 * Numerical Recipes 6.4) inverted by bisection, and the median's interval
 * from the binomial distribution of ranks, so no table limits n.
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "stats.h"

#define HB_BETA_EPS	1e-15
#define HB_BETA_ITERS	300

/* Continued fraction of the incomplete beta function, modified Lentz. */
static double hb_betacf(double a, double b, double x)
{
	double c = 1.0, d = 1.0 - (a + b) * x / (a + 1.0), h;
	int m;

	d = 1.0 / (fabs(d) < 1e-300 ? 1e-300 : d);
	h = d;
	for (m = 1; m <= HB_BETA_ITERS; m++) {
		double aa, del;
		int m2 = 2 * m;

		aa = m * (b - m) * x / ((a + m2 - 1.0) * (a + m2));
		d = 1.0 + aa * d;
		d = 1.0 / (fabs(d) < 1e-300 ? 1e-300 : d);
		c = 1.0 + aa / c;
		c = fabs(c) < 1e-300 ? 1e-300 : c;
		h *= d * c;
		aa = -(a + m) * (a + b + m) * x / ((a + m2) * (a + m2 + 1.0));
		d = 1.0 + aa * d;
		d = 1.0 / (fabs(d) < 1e-300 ? 1e-300 : d);
		c = 1.0 + aa / c;
		c = fabs(c) < 1e-300 ? 1e-300 : c;
		del = d * c;
		h *= del;
		if (fabs(del - 1.0) < HB_BETA_EPS)
			break;
	}
	return h;
}

/* Regularized incomplete beta I_x(a, b). */
static double hb_ibeta(double a, double b, double x)
{
	double front;

	if (x <= 0.0)
		return 0.0;
	if (x >= 1.0)
		return 1.0;
	front = exp(lgamma(a + b) - lgamma(a) - lgamma(b) +
		    a * log(x) + b * log1p(-x));
	if (x < (a + 1.0) / (a + b + 2.0))
		return front * hb_betacf(a, b, x) / a;
	return 1.0 - front * hb_betacf(b, a, 1.0 - x) / b;
}

double hb_t_cdf(double t, double df)
{
	double tail = 0.5 * hb_ibeta(df / 2.0, 0.5, df / (df + t * t));

	return t >= 0 ? 1.0 - tail : tail;
}

double hb_t_quantile(double p, double df)
{
	double lo = 0.0, hi = 1.0;
	int i;

	if (p == 0.5)
		return 0.0;
	if (p < 0.5)
		return -hb_t_quantile(1.0 - p, df);
	while (hb_t_cdf(hi, df) < p && hi < 1e12)
		hi *= 2.0;
	for (i = 0; i < 200 && hi - lo > 1e-13 * hi; i++) {
		double mid = 0.5 * (lo + hi);

		if (hb_t_cdf(mid, df) < p)
			lo = mid;
		else
			hi = mid;
	}
	return 0.5 * (lo + hi);
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
