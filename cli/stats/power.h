/* SPDX-License-Identifier: GPL-2.0 */
/*
 * hmmbench: the power of compare's rule - the smallest change of a mean
 * it detects with 80 % power, for given unit counts and variances, so
 * that a "no significant change" can say how small a change could have
 * gone unseen.  Pure code, no I/O.
 */
#ifndef HB_POWER_H
#define HB_POWER_H

#include <stddef.h>

/* The power a minimum detectable effect is for. */
#define HB_MDE_POWER	0.8
/*
 * Simulated comparisons behind the rule's MDE: the binomial standard
 * error of the power it reaches is sqrt(0.8 * 0.2 / 4000) = 0.6 %.
 */
#define HB_MDE_TRIALS	4000
#define HB_MDE_SEED	0x686d6d62656e6368ULL	/* "hmmbench" */

enum hb_mde_status {
	HB_MDE_OK = 0,
	HB_MDE_NONE,		/* the rank test cannot reach alpha at these n */
	HB_MDE_INVALID,		/* n < 2 a side, variances negative, both
				   0 or not finite, a level outside (0, 1) */
	HB_MDE_NO_MEMORY,
};

/*
 * Shifts of the new group's mean, in the unit of the values, that are
 * detected with HB_MDE_POWER, the two groups being normal with the
 * variances given:
 *
 * rule:  by compare's rule for one row, Welch's two-sided p below
 *	  @level and the two-sided Mann-Whitney p below @alpha (exact up
 *	  to HB_MWU_EXACT_MAX_N values in all, as hb_mwu_test() decides),
 *	  the change detected in its own direction.  From HB_MDE_TRIALS
 *	  simulated pairs of groups (seed HB_MDE_SEED: the same inputs give
 *	  the same answer): each trial's noise is drawn once, the least
 *	  shift it passes the rule at is found exactly (Welch's df does not
 *	  depend on the shift, nor the ranks' order on anything but it),
 *	  and the answer is the shift that HB_MDE_POWER of the trials pass
 *	  at.  Welch's true level is not its nominal one at a few units,
 *	  and the rank test is coarse there: both count.
 * welch: by Welch's test alone, the textbook way: the noncentral t at
 *	  the Welch-Satterthwaite df of the variances, as if they were
 *	  known; what statsmodels' TTestIndPower gives with equal groups.
 *	  Below rule at a few units, where the variances' own noise makes
 *	  the real test weaker.
 */
struct hb_mde {
	double rule;		/* NAN unless HB_MDE_OK */
	double welch;		/* NAN when HB_MDE_INVALID */
};

/*
 * The MDEs of @n_a values of variance @var_a against @n_b values of
 * variance @var_b.  HB_MDE_NONE when no data of these sizes can get the
 * Mann-Whitney p below @alpha (2 + 2 or 3 + 3 values at 0.05): no shift
 * is detected, and only welch is set.
 */
enum hb_mde_status hb_mde(size_t n_a, double var_a, size_t n_b,
			  double var_b, double level, double alpha,
			  struct hb_mde *m);

#endif /* HB_POWER_H */
