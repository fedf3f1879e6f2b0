// SPDX-License-Identifier: GPL-2.0
/*
 * hmmbench: the smallest change compare's rule detects.  Welch's test
 * alone has the textbook answer, the noncentral t solved for the power;
 * the rule itself, Welch's p and the Mann-Whitney p both below their
 * levels, is simulated: splitmix64 with a fixed seed and Box-Muller
 * normals, so that an answer never changes from one run to the next.
 */
#include <errno.h>
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>

#include "stats/dist.h"
#include "stats/mean.h"
#include "stats/power.h"
#include "stats/twosample.h"

#define HB_NCP_ITERS	100

/* splitmix64 (Steele, Lea and Flood 2014). */
static uint64_t hb_rng_next(uint64_t *s)
{
	uint64_t z = (*s += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

/* Uniform in (0, 1), never 0: Box-Muller takes its log. */
static double hb_rng_unit(uint64_t *s)
{
	return ((hb_rng_next(s) >> 11) + 0.5) * 0x1p-53;
}

/* @n normal values of standard deviation @sd into @x. */
static void hb_rng_normal(uint64_t *s, double sd, double *x, size_t n)
{
	double r, t;
	size_t i;

	for (i = 0; i < n; i += 2) {
		r = sd * sqrt(-2.0 * log(hb_rng_unit(s)));
		t = 2.0 * M_PI * hb_rng_unit(s);
		x[i] = r * cos(t);
		if (i + 1 < n)
			x[i + 1] = r * sin(t);
	}
}

/*
 * The noncentrality at which a two-sided t-test with critical value @c
 * and @df degrees of freedom has @power: bracketed by doubling, then
 * the Illinois variant of regula falsi, which keeps the bracket and
 * converges in a few steps.
 */
static double hb_ncp_for(double c, double df, double power)
{
	double lo = 0.0, hi = c + 1.0, x = hi, flo, fhi, fx;
	int i, side = 0;

	if (isinf(c))
		return INFINITY;
	while ((fhi = hb_nct_two_sided(c, df, hi) - power) < 0.0) {
		lo = hi;
		hi *= 2.0;
	}
	flo = hb_nct_two_sided(c, df, lo) - power;
	for (i = 0; i < HB_NCP_ITERS && hi - lo > 1e-12 * hi; i++) {
		x = (lo * fhi - hi * flo) / (fhi - flo);
		fx = hb_nct_two_sided(c, df, x) - power;
		if (fabs(fx) < 1e-14)
			break;
		if (fx > 0.0) {
			hi = x;
			fhi = fx;
			flo /= side < 0 ? 2.0 : 1.0;
			side = -1;
		} else {
			lo = x;
			flo = fx;
			fhi /= side > 0 ? 2.0 : 1.0;
			side = 1;
		}
	}
	return x;
}

/* Pairs with a_i - b_j <= @x; @a and @b sorted ascending. */
static size_t hb_pairs_le(const double *a, size_t n_a, const double *b,
			  size_t n_b, double x)
{
	size_t i, j = 0, n = 0;

	for (i = 0; i < n_a; i++) {
		while (j < n_b && b[j] < a[i] - x)
			j++;
		n += n_b - j;
	}
	return n;
}

/*
 * The @k-th smallest a_i - b_j, from 1, by bisection on how many are at
 * most x, down to the spacing of doubles; @a and @b sorted ascending.
 */
static double hb_pairs_kth(const double *a, size_t n_a, const double *b,
			   size_t n_b, size_t k)
{
	double lo = a[0] - b[n_b - 1], hi = a[n_a - 1] - b[0], mid;

	if (hb_pairs_le(a, n_a, b, n_b, lo) >= k)
		return lo;
	for (;;) {
		mid = lo + (hi - lo) / 2;
		if (mid <= lo || mid >= hi)
			return hi;
		if (hb_pairs_le(a, n_a, b, n_b, mid) >= k)
			hi = mid;
		else
			lo = mid;
	}
}

/* One simulated comparison, and what it needs. */
struct hb_trial {
	size_t n_a, n_b;
	double sd_a, sd_b;
	double level;		/* Welch's */
	size_t u_pass;		/* the least U the rank test passes */
	double *a, *b;
};

/*
 * Draws one trial's noise and returns the least shift of b at which it
 * passes the rule upwards.  Welch: the shift d passes when
 * mean_b + d - mean_a > t se, t the 1 - level/2 quantile at the trial's
 * df.  Mann-Whitney: U(d), the pairs with b_j + d > a_i, reaches u_pass
 * once d is above the u_pass-th smallest a_i - b_j.
 */
static double hb_trial_shift(struct hb_trial *t, uint64_t *rng)
{
	double ma, mb, se, df, welch;

	hb_rng_normal(rng, t->sd_a, t->a, t->n_a);
	hb_rng_normal(rng, t->sd_b, t->b, t->n_b);
	ma = hb_mean(t->a, t->n_a);
	mb = hb_mean(t->b, t->n_b);
	hb_welch_se_df(t->n_a, hb_variance(t->a, t->n_a, ma), t->n_b,
		       hb_variance(t->b, t->n_b, mb), &se, &df);
	welch = hb_t_quantile(1.0 - t->level / 2, df) * se - (mb - ma);
	qsort(t->a, t->n_a, sizeof(*t->a), hb_double_order);
	qsort(t->b, t->n_b, sizeof(*t->b), hb_double_order);
	return fmax(welch, hb_pairs_kth(t->a, t->n_a, t->b, t->n_b,
					t->u_pass));
}

/* The shift HB_MDE_POWER of HB_MDE_TRIALS trials pass at. */
static int hb_mde_simulate(struct hb_trial *t, double *rule)
{
	double *shift = malloc(HB_MDE_TRIALS * sizeof(*shift));
	uint64_t rng = HB_MDE_SEED;
	int ret = -ENOMEM;
	size_t i;

	t->a = malloc(t->n_a * sizeof(*t->a));
	t->b = malloc(t->n_b * sizeof(*t->b));
	if (shift && t->a && t->b) {
		for (i = 0; i < HB_MDE_TRIALS; i++)
			shift[i] = hb_trial_shift(t, &rng);
		qsort(shift, HB_MDE_TRIALS, sizeof(*shift), hb_double_order);
		*rule = shift[(size_t)ceil(HB_MDE_POWER * HB_MDE_TRIALS) - 1];
		ret = 0;
	}
	free(t->a);
	free(t->b);
	free(shift);
	return ret;
}

static bool hb_mde_args(size_t n_a, double var_a, size_t n_b, double var_b,
			double level, double alpha)
{
	return n_a >= 2 && n_b >= 2 && var_a >= 0.0 && var_b >= 0.0 &&
	       var_a + var_b > 0.0 && isfinite(var_a + var_b) &&
	       level > 0.0 && level < 1.0 && alpha > 0.0 && alpha < 1.0;
}

enum hb_mde_status hb_mde(size_t n_a, double var_a, size_t n_b,
			  double var_b, double level, double alpha,
			  struct hb_mde *m)
{
	struct hb_trial t = {
		.n_a = n_a, .n_b = n_b, .sd_a = sqrt(var_a),
		.sd_b = sqrt(var_b), .level = level,
	};
	double se, df, crit;
	bool nomem = false;

	m->rule = m->welch = NAN;
	if (!hb_mde_args(n_a, var_a, n_b, var_b, level, alpha))
		return HB_MDE_INVALID;
	hb_welch_se_df(n_a, var_a, n_b, var_b, &se, &df);
	m->welch = se * hb_ncp_for(hb_t_quantile(1.0 - level / 2, df), df,
				   HB_MDE_POWER);
	crit = hb_ranksum_crit(n_a, n_b, alpha,
			       n_a + n_b <= HB_MWU_EXACT_MAX_N, &nomem);
	if (nomem)
		return HB_MDE_NO_MEMORY;
	if (crit < 0)
		return HB_MDE_NONE;
	t.u_pass = n_a * n_b - (size_t)crit;
	return hb_mde_simulate(&t, &m->rule) ? HB_MDE_NO_MEMORY : HB_MDE_OK;
}
