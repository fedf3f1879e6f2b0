// SPDX-License-Identifier: GPL-2.0
/*
 * hmmbench: probability distributions.  Student's t comes from the
 * regularized incomplete beta function (continued fraction with the
 * modified Lentz method), inverted by safeguarded Newton steps; the
 * noncentral t is integrated over its denominator; the exact
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
/* The noncentral t's adaptive Simpson: error per panel, and depth. */
#define HB_NCT_TOL	1e-14
#define HB_NCT_DEPTH	28

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

/*
 * The noncentral t is T = (Z + ncp) / S with S^2 = X / df, X chi-square
 * with df degrees of freedom, so P(|T| > c) is the mean over S of
 * P(|Z + ncp| > c S).  It is integrated over y = ln S, whose density
 * 2 (df/2)^(df/2) / Gamma(df/2) exp(df y - df e^(2y) / 2) is smooth,
 * peaks at 0 with a standard deviation near 1 / sqrt(2 df), and is below
 * e^-45 of its peak outside [-45 / df - sqrt(90 / df), sqrt(90 / df)]:
 * adaptive Simpson over panels one standard deviation wide, which
 * refines where P(|Z + ncp| > c S) drops from 1 to 0 however steeply.
 */
struct hb_nct {
	double c, df, ncp;
	double lnorm;		/* log of the density at its peak, y = 0 */
};

/*
 * The log of the density at its peak, ln 2 + x ln x - x - lgamma(x) with
 * x = df / 2: from Stirling's series when x is large, where those terms
 * are huge and nearly cancel.
 */
static double hb_nct_lnorm(double df)
{
	double x = df / 2;

	if (x < 10.0)
		return M_LN2 + x * log(x) - x - lgamma(x);
	return M_LN2 + 0.5 * log(x / (2 * M_PI)) - hb_stirling_corr(x);
}

/* The density times P(|Z + ncp| > c S) at S = e^y. */
static double hb_nct_f(const struct hb_nct *q, double y)
{
	double s = exp(y);

	return exp(q->lnorm + q->df * (y - expm1(2 * y) / 2)) * 0.5 *
	       (erfc((q->c * s - q->ncp) / M_SQRT2) +
		erfc((q->c * s + q->ncp) / M_SQRT2));
}

/* Simpson on [@a, @b] against its two halves, with Richardson's term. */
static double hb_nct_simpson(const struct hb_nct *q, double a, double b,
			     const double f[3], double whole, double tol,
			     int depth)
{
	double m = (a + b) / 2, l[3] = { f[0], hb_nct_f(q, (a + m) / 2), f[1] };
	double r[3] = { f[1], hb_nct_f(q, (m + b) / 2), f[2] };
	double left = (m - a) / 6 * (l[0] + 4 * l[1] + l[2]);
	double right = (b - m) / 6 * (r[0] + 4 * r[1] + r[2]);
	double delta = left + right - whole;

	/* no tighter than the rounding of the sum itself */
	if (depth <= 0 || fabs(delta) <= 15 * tol ||
	    fabs(delta) <= 64 * DBL_EPSILON * fabs(left + right))
		return left + right + delta / 15;
	return hb_nct_simpson(q, a, m, l, left, tol / 2, depth - 1) +
	       hb_nct_simpson(q, m, b, r, right, tol / 2, depth - 1);
}

double hb_nct_two_sided(double c, double df, double ncp)
{
	struct hb_nct q = { c, df, ncp, 0.0 };
	double sd = 1.0 / sqrt(2.0 * df), y, b, f[3], sum = 0.0;
	double lo = -45.0 / df - sqrt(90.0 / df), hi = sqrt(90.0 / df);

	if (isnan(c) || isnan(ncp) || !(df > 0.0) || c < 0.0)
		return NAN;
	if (isinf(c))
		return 0.0;
	q.lnorm = hb_nct_lnorm(df);
	for (y = lo; y < hi; y = b) {
		b = fmin(y + sd, hi);
		f[0] = hb_nct_f(&q, y);
		f[1] = hb_nct_f(&q, (y + b) / 2);
		f[2] = hb_nct_f(&q, b);
		sum += hb_nct_simpson(&q, y, b, f,
				      (b - y) / 6 * (f[0] + 4 * f[1] + f[2]),
				      HB_NCT_TOL, HB_NCT_DEPTH);
	}
	return fmin(1.0, sum);
}

/* In log space, so that large n is fine. */
double hb_binom_half(size_t n, size_t k)
{
	return exp(lgamma(n + 1.0) - lgamma(k + 1.0) - lgamma(n - k + 1.0) -
		   n * M_LN2);
}

/*
 * f[j][s] counts the subsets of j of the values seen so far whose doubled
 * ranks sum to s; after all @n, row @k (returned) is the distribution of
 * the sum, over 0..@smax.  The caller frees f, *@table; NULL without
 * memory.
 */
static const double *hb_ranksum_table(const size_t *rank2, size_t n,
				      size_t k, size_t smax, double **table)
{
	size_t i, j, s, r;
	double *f;

	f = calloc((k + 1) * (smax + 1), sizeof(*f));
	*table = f;
	if (!f)
		return NULL;
	f[0] = 1.0;
	for (i = 0; i < n; i++) {
		r = rank2[i];
		for (j = i + 1 < k ? i + 1 : k; j >= 1; j--)
			for (s = smax; s >= r; s--)
				f[j * (smax + 1) + s] +=
					f[(j - 1) * (smax + 1) + s - r];
	}
	return f + k * (smax + 1);
}

double hb_ranksum_exact_p(const size_t *rank2, size_t n, size_t k,
			  size_t obs, bool *nomem)
{
	size_t smax = k * (2 * n - k + 1), s;
	double below = 0.0, above = 0.0, total = 0.0, *table;
	const double *f = hb_ranksum_table(rank2, n, k, smax, &table);

	if (!f) {
		*nomem = true;
		return NAN;
	}
	for (s = 0; s <= smax; s++) {
		total += f[s];
		below += s <= obs ? f[s] : 0.0;
		above += s >= obs ? f[s] : 0.0;
	}
	free(table);
	return fmin(1.0, 2.0 * fmin(below, above) / total);
}

/*
 * The exact critical U: the sum of the smaller group's ranks 1..n (no
 * ties) runs up from its least, k (k + 1) / 2, while twice its lower
 * tail stays below @alpha - the p hb_ranksum_exact_p() gives it.
 */
static double hb_ranksum_exact_crit(size_t n_a, size_t n_b, double alpha,
				    bool *nomem)
{
	size_t n = n_a + n_b, k = n_a < n_b ? n_a : n_b, i, u;
	size_t smax = k * (2 * n - k + 1), least = k * (k + 1), *rank2;
	double below = 0.0, total = 0.0, *table = NULL, crit = -1.0;
	const double *f = NULL;

	rank2 = malloc(n * sizeof(*rank2));
	if (rank2) {
		for (i = 0; i < n; i++)
			rank2[i] = 2 * (i + 1);
		f = hb_ranksum_table(rank2, n, k, smax, &table);
	}
	free(rank2);
	if (!f) {
		free(table);
		*nomem = true;
		return NAN;
	}
	for (i = 0; i <= smax; i++)
		total += f[i];
	for (u = 0; least + 2 * u <= smax; u++) {
		below += f[least + 2 * u];
		if (!(fmin(1.0, 2.0 * below / total) < alpha))
			break;
		crit = u;
	}
	free(table);
	return crit;
}

double hb_ranksum_normal_p(size_t n_a, size_t n_b, double u, double tie)
{
	double na = n_a, nb = n_b, n = na + nb;
	double um = fmax(u, na * nb - u);
	double s = sqrt(na * nb / 12 * ((n + 1) - tie / (n * (n - 1))));
	double z = (um - na * nb / 2 - 0.5) / s;

	return fmin(1.0, erfc(z / M_SQRT2));
}

/* The normal critical U: a bisection over the U below the middle. */
static double hb_ranksum_normal_crit(size_t n_a, size_t n_b, double alpha)
{
	double lo = 0.0, hi = floor(n_a * (double)n_b / 2), mid;

	if (!(hb_ranksum_normal_p(n_a, n_b, lo, 0.0) < alpha))
		return -1.0;
	while (hi - lo > 1.0) {
		mid = floor((lo + hi) / 2);
		if (hb_ranksum_normal_p(n_a, n_b, mid, 0.0) < alpha)
			lo = mid;
		else
			hi = mid;
	}
	return hb_ranksum_normal_p(n_a, n_b, hi, 0.0) < alpha ? hi : lo;
}

double hb_ranksum_crit(size_t n_a, size_t n_b, double alpha, bool exact,
		       bool *nomem)
{
	if (!n_a || !n_b || !(alpha > 0.0 && alpha < 1.0))
		return -1.0;
	if (exact)
		return hb_ranksum_exact_crit(n_a, n_b, alpha, nomem);
	return hb_ranksum_normal_crit(n_a, n_b, alpha);
}
