/* SPDX-License-Identifier: GPL-2.0 */
/*
 * hmmbench: the two-sample tests behind `hmmbench compare` - pure code,
 * no I/O.  Welch's t-test with the interval of the change, and the
 * two-sided Mann-Whitney U test, exact whenever the sizes allow.  "a" is
 * always the baseline and "b" the new result, so a positive difference
 * means slower.  Their distributions are dist.c's.
 */
#ifndef HB_TWOSAMPLE_H
#define HB_TWOSAMPLE_H

#include <stdbool.h>
#include <stddef.h>

/*
 * What a test could say.  Fields a status leaves undefined are NAN, never
 * a made-up number.
 *
 * HB_CMP_IDENTICAL: every value of a and b is the same: no change, p = 1.
 * HB_CMP_NO_SPREAD: (Welch) a and b are each constant but differ, so the
 *	change is exact yet cannot be tested: p is NAN.
 * HB_CMP_ZERO_BASE: (Welch) mean(a) is 0: the relative change is NAN,
 *	everything else is defined.
 * HB_CMP_TOO_FEW: Welch needs 2 samples per group, Mann-Whitney 1; only
 *	n and the means are set.
 * HB_CMP_INVALID: NULL, a NaN or infinite value, alpha outside (0, 1),
 *	or an exact test larger than HB_MWU_EXACT_MAX_N.
 */
enum hb_cmp_status {
	HB_CMP_OK = 0,
	HB_CMP_IDENTICAL,
	HB_CMP_NO_SPREAD,
	HB_CMP_ZERO_BASE,
	HB_CMP_TOO_FEW,
	HB_CMP_INVALID,
	HB_CMP_NO_MEMORY,
};

struct hb_welch {
	size_t n_a, n_b;
	double mean_a, mean_b;
	double var_a, var_b;	/* sample variances, n - 1 divisor */
	double diff;		/* mean_b - mean_a */
	double diff_lo;		/* 1 - alpha interval of diff, Welch */
	double diff_hi;
	/*
	 * 100 * diff / mean_a, and its 1 - alpha interval on the ratio
	 * scale: exp(log(mean_b / mean_a) -+ t se_log), se_log^2 = var_a /
	 * (n_a mean_a^2) + var_b / (n_b mean_b^2), Welch-Satterthwaite df
	 * over those two terms.  Always above -100 %; NAN unless both means
	 * are positive.
	 */
	double rel;
	double rel_lo;
	double rel_hi;
	double se;		/* standard error of diff */
	double df;		/* Welch-Satterthwaite degrees of freedom */
	double t;		/* diff / se */
	double p;		/* two-sided */
};

/*
 * Welch's unequal-variance t-test of @b against @a at level 1 - @alpha.
 * HB_CMP_IDENTICAL: t, diff, rel and their intervals are 0, p = 1, df NAN.
 * HB_CMP_NO_SPREAD: t is +-INFINITY, the intervals are [diff, diff],
 * se = 0, p and df are NAN.  Returns the status, also for HB_CMP_OK.
 */
enum hb_cmp_status hb_welch_test(const double *a, size_t n_a,
				 const double *b, size_t n_b, double alpha,
				 struct hb_welch *w);

/*
 * The standard error of mean_b - mean_a and its Welch-Satterthwaite
 * degrees of freedom, for sample variances @var_a and @var_b, not both 0,
 * of @n_a and @n_b >= 2 values.
 */
void hb_welch_se_df(size_t n_a, double var_a, size_t n_b, double var_b,
		    double *se, double *df);

enum hb_mwu_method {
	HB_MWU_AUTO,		/* exact up to HB_MWU_EXACT_MAX_N */
	HB_MWU_EXACT,		/* permutation distribution of the rank sum */
	HB_MWU_NORMAL,		/* normal, tie and continuity corrected */
};

/*
 * The exact distribution is counted over mid-ranks, so it stays exact
 * with ties; its table holds (min(n_a, n_b) + 1) * (2 * rank sum + 1)
 * doubles, under 3 MiB at this size.
 */
#define HB_MWU_EXACT_MAX_N	100

/* Above this many pairs b_j - a_i the Hodges-Lehmann shift is NAN. */
#define HB_HL_MAX_PAIRS		(1u << 20)

struct hb_mwu {
	size_t n_a, n_b;
	double u;		/* pairs with b_j > a_i, ties counting 1/2 */
	double p;		/* two-sided */
	enum hb_mwu_method method;	/* the one used: EXACT or NORMAL */
	bool ties;		/* some value occurs more than once */
	double hl_shift;	/* Hodges-Lehmann: median of all b_j - a_i */
};

/*
 * Two-sided Mann-Whitney U test of @b against @a.  Exact: twice the
 * smaller tail of the permutation distribution of the mid-rank sum of b,
 * capped at 1 (with ties this distribution need not be symmetric).
 * Normal: scipy's asymptotic method, U = max(U_a, U_b), continuity 1/2,
 * variance with the tie term.  HB_CMP_IDENTICAL: u = n_a n_b / 2, p = 1.
 */
enum hb_cmp_status hb_mwu_test(const double *a, size_t n_a,
			       const double *b, size_t n_b,
			       enum hb_mwu_method method, struct hb_mwu *m);

#endif /* HB_TWOSAMPLE_H */
