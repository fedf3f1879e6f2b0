/* SPDX-License-Identifier: GPL-2.0 */
/*
 * hmmbench: the probability distributions behind every interval and
 * p-value - Student's t (and the noncentral t of a test's power), the
 * binomial with p = 1/2 (ranks of the median) and the Mann-Whitney rank
 * sum, exact and normal.  Pure code, used by the statistics of one
 * result (stats.c), by the two-sample tests (twosample.c) and by their
 * power (power.c) alike.
 */
#ifndef HB_DIST_H
#define HB_DIST_H

#include <stdbool.h>
#include <stddef.h>

/* Two-sided P(|T| >= |@t|) for Student's t with @df degrees of freedom. */
double hb_t_pvalue(double t, double df);

/*
 * Student's t quantile: the t with P(T <= t) = @p for @df > 0 degrees of
 * freedom (non-integer allowed), to about 1e-12 relative.  +-INFINITY at
 * p = 1 / 0, NAN when p or df is out of range.
 */
double hb_t_quantile(double p, double df);

/*
 * P(|T| > @c) for T noncentral t with @df > 0 degrees of freedom and
 * noncentrality @ncp: the power of a two-sided t-test whose critical
 * value is @c >= 0, to about 1e-12.  NAN when an argument is out of
 * range.
 */
double hb_nct_two_sided(double c, double df, double ncp);

/* P(B = @k) for B ~ Binomial(@n, 1/2). */
double hb_binom_half(size_t n, size_t k);

/*
 * Exact two-sided p of the Mann-Whitney rank sum: @rank2 holds twice the
 * mid-rank of each of the @n pooled values (an integer even with ties),
 * @obs the observed sum of those of the @k values of one group.  Twice
 * the smaller tail of the sum over all subsets of @k, capped at 1.  Sets
 * *@nomem and returns NAN without memory.
 */
double hb_ranksum_exact_p(const size_t *rank2, size_t n, size_t k,
			  size_t obs, bool *nomem);

/*
 * Normal two-sided p of the Mann-Whitney U = @u of groups of @n_a and
 * @n_b (scipy's asymptotic method: U = max(U_a, U_b), continuity 1/2),
 * with @tie the sum of t^3 - t over tie groups of size t.
 */
double hb_ranksum_normal_p(size_t n_a, size_t n_b, double u, double tie);

/*
 * The largest Mann-Whitney U of groups of @n_a and @n_b distinct values
 * whose two-sided p - exact (@exact) or normal, as above - is below
 * @alpha: a U at most this far from either end is significant, one
 * nearer the middle is not.  -1 when no U is, so that no data of these
 * sizes can be; NAN, with *@nomem set, without memory.
 */
double hb_ranksum_crit(size_t n_a, size_t n_b, double alpha, bool exact,
		       bool *nomem);

#endif /* HB_DIST_H */
