// SPDX-License-Identifier: GPL-2.0
/*
 * hmmbench: probability distributions.  Student's t comes from the
 * regularized incomplete beta function (continued fraction with the
 * modified Lentz method), inverted by safeguarded Newton steps; the exact
 * Mann-Whitney distribution is counted over doubled mid-ranks.
 */
#include <float.h>
#include <math.h>
#include <stdlib.h>

#include "stats/dist.h"

#define HB_CF_EPS	1e-16
#define HB_CF_TINY	1e-300
#define HB_CF_ITERS	1000000
#define HB_TQ_ITERS	200
/*
 * Above this df, x = df / (df + t^2) is too close to 1 for a double to
 * carry the tail to 1e-10 (the error grows like sqrt(df) * 1e-14), so the
 * quantile comes from its expansion in 1/df around the normal one.
 */
#define HB_TQ_BIG_DF	1e5

/* Stirling series of lgamma(x) - ((x - 1/2) ln x - x + ln(2 pi) / 2). */
static double hb_stirling_corr(double x)
{
	double x2 = x * x;

	return (1.0 / 12 - (1.0 / 360 - (1.0 / 1260 - 1.0 / (1680 * x2)) /
			    x2) / x2) / x;
}

/*
 * ln B(a, b).  When the larger argument is big, lgamma(big) and
 * lgamma(big + small) are huge and nearly equal: take their difference
 * from Stirling's series instead, so large df keeps full precision.
 */
static double hb_lbeta(double a, double b)
{
	double big = fmax(a, b), small = fmin(a, b), d;

	if (big < 10.0)
		return lgamma(a) + lgamma(b) - lgamma(a + b);
	/* d = lgamma(big) - lgamma(big + small) */
	d = -(big - 0.5) * log1p(small / big) - small * log(big + small) +
	    small + hb_stirling_corr(big) - hb_stirling_corr(big + small);
	return lgamma(small) + d;
}

static double hb_not_tiny(double v)
{
	return fabs(v) < HB_CF_TINY ? HB_CF_TINY : v;
}

/* Continued fraction of I_x(a, b), modified Lentz; x < (a+1)/(a+b+2). */
static double hb_betacf(double a, double b, double x)
{
	double c = 1.0, d, h, aa, del;
	int m;

	d = 1.0 / hb_not_tiny(1.0 - (a + b) * x / (a + 1.0));
	h = d;
	for (m = 1; m <= HB_CF_ITERS; m++) {
		aa = m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m));
		d = 1.0 / hb_not_tiny(1.0 + aa * d);
		c = hb_not_tiny(1.0 + aa / c);
		h *= d * c;
		aa = -(a + m) * (a + b + m) * x / ((a + 2 * m) *
						   (a + 2 * m + 1));
		d = 1.0 / hb_not_tiny(1.0 + aa * d);
		c = hb_not_tiny(1.0 + aa / c);
		del = d * c;
		h *= del;
		if (fabs(del - 1.0) < HB_CF_EPS)
			break;
	}
	return h;
}

/*
 * P(T > |t|) = I_x(df/2, 1/2) / 2 with x = df / (df + t^2).  Works with
 * r = |t| / sqrt(df) and its logs so that neither a huge t nor x close to
 * 1 loses the tail: small tails are computed directly, never as 1 - ...
 */
static double hb_t_tail(double t, double df)
{
	double a = df / 2, b = 0.5, r = fabs(t) / sqrt(df), x, y, lx, ly;
	double front;

	if (r == 0.0)
		return 0.5;
	if (isinf(r))
		return 0.0;
	if (r > 1.0) {
		ly = -log1p(1.0 / (r * r));
		lx = -2.0 * log(r) + ly;
		x = 1.0 / (1.0 + r * r);
		y = 1.0 / (1.0 + 1.0 / (r * r));
	} else {
		lx = -log1p(r * r);
		ly = 2.0 * log(r) + lx;
		x = 1.0 / (1.0 + r * r);
		y = r * r / (1.0 + r * r);
	}
	front = exp(a * lx + b * ly - hb_lbeta(a, b));
	if (x < (a + 1.0) / (a + b + 2.0))
		return 0.5 * front * hb_betacf(a, b, x) / a;
	return 0.5 - 0.5 * front * hb_betacf(b, a, y) / b;
}

static double hb_t_pdf(double t, double df)
{
	return exp(-0.5 * log(df) - hb_lbeta(df / 2, 0.5) -
		   (df + 1) / 2 * log1p(t * t / df));
}

double hb_t_pvalue(double t, double df)
{
	if (isnan(t) || isnan(df) || df <= 0.0)
		return NAN;
	return fmin(1.0, 2.0 * hb_t_tail(t, df));
}

double hb_t_cdf(double t, double df)
{
	double tail = 0.5 * hb_t_pvalue(t, df);

	return t >= 0 ? 1.0 - tail : tail;
}

/* An upper tail P(X > x) and its density, for one df (unused by Z). */
struct hb_dist {
	double (*tail)(double x, double df);
	double (*pdf)(double x, double df);
	double df;
};

/*
 * The x in (@lo, @hi) with tail(x) = @q, tail(lo) > q >= tail(hi): Newton
 * steps on log tail(x) - log q, which reach far tails in a few steps, with
 * bisection whenever a step would leave the shrinking bracket.
 */
static double hb_solve_tail(const struct hb_dist *d, double q, double lo,
			    double hi)
{
	double x = lo, tail, f, step;
	int i;

	for (i = 0; i < HB_TQ_ITERS; i++) {
		tail = d->tail(x, d->df);
		f = log(tail) - log(q);
		if (f > 0)
			lo = x;
		else
			hi = x;
		step = f * tail / d->pdf(x, d->df);
		if (!(x + step > lo && x + step < hi))
			step = 0.5 * (lo + hi) - x;
		x += step;
		if (fabs(step) <= 4 * DBL_EPSILON * x ||
		    hi - lo <= 4 * DBL_EPSILON * hi)
			break;
	}
	return x;
}

/* The t > 0 with P(T > t) = @q, for 0 < q < 1/2. */
static double hb_t_upper(double q, double df)
{
	struct hb_dist d = { hb_t_tail, hb_t_pdf, df };
	double lo = 0.0, hi = 1.0;

	while (hb_t_tail(hi, df) > q) {
		lo = hi;
		hi *= 2.0;
		if (hi > DBL_MAX / 4)
			return INFINITY;
	}
	return hb_solve_tail(&d, q, lo, hi);
}

static double hb_z_tail(double z, double unused)
{
	(void)unused;
	return 0.5 * erfc(z / M_SQRT2);
}

static double hb_z_pdf(double z, double unused)
{
	(void)unused;
	return exp(-0.5 * z * z) / sqrt(2 * M_PI);
}

/* The z > 0 with P(Z > z) = @q; P(Z > 40) underflows to 0. */
static double hb_z_upper(double q)
{
	struct hb_dist d = { hb_z_tail, hb_z_pdf, 0.0 };

	return hb_solve_tail(&d, q, 0.0, 40.0);
}

/* Cornish-Fisher: Abramowitz and Stegun 26.7.5, to 1/df^4. */
static double hb_t_upper_big_df(double q, double df)
{
	double z = hb_z_upper(q), z2 = z * z;
	double g1 = (z2 + 1) * z / 4;
	double g2 = ((5 * z2 + 16) * z2 + 3) * z / 96;
	double g3 = (((3 * z2 + 19) * z2 + 17) * z2 - 15) * z / 384;
	double g4 = ((((79 * z2 + 776) * z2 + 1482) * z2 - 1920) * z2 -
		     945) * z / 92160;

	return z + (g1 + (g2 + (g3 + g4 / df) / df) / df) / df;
}

double hb_t_quantile(double p, double df)
{
	double q;

	if (isnan(p) || isnan(df) || df <= 0.0 || p < 0.0 || p > 1.0)
		return NAN;
	if (p == 0.0)
		return -INFINITY;
	if (p == 1.0)
		return INFINITY;
	if (p == 0.5)
		return 0.0;
	q = p < 0.5 ? p : 1.0 - p;
	q = df > HB_TQ_BIG_DF ? hb_t_upper_big_df(q, df) : hb_t_upper(q, df);
	return p < 0.5 ? -q : q;
}

/* In log space, so that large n is fine. */
double hb_binom_half(size_t n, size_t k)
{
	return exp(lgamma(n + 1.0) - lgamma(k + 1.0) - lgamma(n - k + 1.0) -
		   n * M_LN2);
}

/*
 * f[j][s] counts the subsets of j of the values seen so far whose doubled
 * ranks sum to s; after all @n, row @k is the distribution of the sum.
 */
double hb_ranksum_exact_p(const size_t *rank2, size_t n, size_t k,
			  size_t obs, bool *nomem)
{
	size_t smax = k * (2 * n - k + 1), i, j, s, r;
	double *f, below = 0.0, above = 0.0, total = 0.0;

	f = calloc((k + 1) * (smax + 1), sizeof(*f));
	if (!f) {
		*nomem = true;
		return NAN;
	}
	f[0] = 1.0;
	for (i = 0; i < n; i++) {
		r = rank2[i];
		for (j = i + 1 < k ? i + 1 : k; j >= 1; j--)
			for (s = smax; s >= r; s--)
				f[j * (smax + 1) + s] +=
					f[(j - 1) * (smax + 1) + s - r];
	}
	for (s = 0; s <= smax; s++) {
		double c = f[k * (smax + 1) + s];

		total += c;
		below += s <= obs ? c : 0.0;
		above += s >= obs ? c : 0.0;
	}
	free(f);
	return fmin(1.0, 2.0 * fmin(below, above) / total);
}

double hb_ranksum_normal_p(size_t n_a, size_t n_b, double u, double tie)
{
	double na = n_a, nb = n_b, n = na + nb;
	double um = fmax(u, na * nb - u);
	double s = sqrt(na * nb / 12 * ((n + 1) - tie / (n * (n - 1))));
	double z = (um - na * nb / 2 - 0.5) / s;

	return fmin(1.0, erfc(z / M_SQRT2));
}
