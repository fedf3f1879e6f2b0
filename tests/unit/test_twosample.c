// SPDX-License-Identifier: GPL-2.0
/*
 * hmmbench unit tests: the two-sample tests of `hmmbench compare`
 * (stats/twosample.c) and the t quantile under them (stats/dist.c)
 * against reference values from Debian 12's python3-scipy 1.10.1 (numpy
 * 1.24.2), printed with repr() by tests/unit/twosample_ref.py, which also
 * holds the exact calls.  In short, with a the baseline and b the new result:
 *
 *   Welch:  stats.ttest_ind(b, a, equal_var=False); the interval (not in
 *           scipy 1.10's ttest_ind) as d -+ stats.t.ppf(1 - alpha / 2, df)
 *           * se from numpy moments
 *   change: rel_lo and rel_hi, the interval of the ratio of the means on
 *           the log scale (delta method), are not scipy's: they come from
 *           tests/unit/ratio_ref.py, python3's statistics module for the
 *           moments and mpmath 1.3 (python3-mpmath) for the t quantile,
 *           as the root of its regularized incomplete beta tail
 *   MWU:    stats.mannwhitneyu(b, a, alternative='two-sided',
 *           method='exact' | 'asymptotic'); with ties scipy's 'exact'
 *           ignores them, so the exact p is stats.permutation_test((b, a),
 *           U, permutation_type='independent', n_resamples=np.inf);
 *           Hodges-Lehmann as np.median(np.subtract.outer(b, a))
 *   t:      stats.t.ppf(p, df), and for even df a 60-digit inversion of
 *           the closed-form tail (scipy's ppf is good to ~1e-9 only);
 *           above df 1e5, Cornish-Fisher around stats.norm.isf(q)
 */
#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include "stats/dist.h"
#include "stats/twosample.h"

#define N(a)	(sizeof(a) / sizeof((a)[0]))

/* Moments, intervals and Welch p: plain arithmetic plus stdtr. */
#define REL_WELCH	1e-9
/*
 * scipy's t.ppf (cephes stdtrit) itself errs by up to ~2e-9: at df 1.47
 * its 0.975 quantile is 6.188114944978, whose stdtr tail is off by 1e-9,
 * where ours, 6.188114940769, is off by 2e-16.  Intervals inherit this.
 */
#define REL_SCIPY_PPF	1e-6
#define REL_INTERVAL	1e-8
/* Closed forms and 60-digit references. */
#define REL_EXACT	1e-12
/* Exact permutation p: both sides count subsets exactly. */
#define REL_PERM	1e-12
/* Normal approximation: erfc against scipy's norm.sf. */
#define REL_NORMAL	1e-9

static void assert_close(double got, double want, double rel)
{
	if (!(fabs(got - want) <= rel * fabs(want) + 1e-300)) {
		print_error("got %.17g, want %.17g (rel %.3g)\n", got, want,
			    rel);
		fail();
	}
}

/* 64 GiB memremap before and after a faster memmap init, in ms. */
static const double clear_a[] = {
	117.2, 118.9, 116.4, 119.5, 117.8, 118.1, 116.9, 120.3, 117.5, 118.6,
};
static const double clear_b[] = {
	55.1, 54.8, 56.2, 55.7, 54.3, 55.9, 56.8, 55.4, 54.9, 56.1,
};
/* The same kernel twice. */
static const double aa_a[] = {
	182.3, 179.6, 185.1, 181.0, 183.7, 180.4, 184.2, 182.9, 178.8, 186.0,
};
static const double aa_b[] = {
	181.7, 184.5, 180.1, 183.2, 179.3, 185.6, 182.0, 181.4, 184.9, 180.8,
};
/* A steady baseline against a noisy new kernel with more runs. */
static const double uneq_a[] = { 50.2, 50.5, 49.9, 50.1, 50.4 };
static const double uneq_b[] = {
	52.0, 47.5, 55.3, 49.1, 58.2, 46.8, 53.7, 51.9, 60.4, 48.3, 54.6, 57.1,
};
static const double tiny2_a[] = { 10.0, 11.0 };
static const double tiny2_b[] = { 12.5, 13.0 };
static const double tiny3_a[] = { 1.0, 2.0, 3.0 };
static const double tiny3_b[] = { 2.5, 4.0, 5.5 };
static const double const_a[] = { 5.0, 5.0, 5.0, 5.0 };
static const double const_b[] = { 5.1, 5.3, 4.9, 5.2 };
/* Whole milliseconds: ties within and across the groups. */
static const double ties_a[] = { 26, 28, 28, 29, 30, 30, 31 };
static const double ties_b[] = { 28, 30, 30, 32, 33, 33, 35, 36 };
static const double ties3_a[] = { 1.0, 2.0, 2.0 };
static const double ties3_b[] = { 2.0, 3.0, 3.0 };

/* 30 + 30 distinct values; the same formula as twosample_ref.py. */
static void exact30(double *a, double *b)
{
	int i;

	for (i = 0; i < 30; i++) {
		a[i] = 2.0 * ((i * 7) % 31);
		b[i] = 2.0 * ((i * 11) % 37) + 7.0;
	}
}

/* 60 + 70 quarter-millisecond values with ties, past the exact limit. */
static void big60_70(double *a, double *b)
{
	int i;

	for (i = 0; i < 60; i++)
		a[i] = 1000.0 + ((i * 7919) % 211) / 4.0;
	for (i = 0; i < 70; i++)
		b[i] = 1010.0 + ((i * 104729) % 223) / 4.0;
}

struct welch_ref {
	double t, p, df, diff, lo, hi, rel, rel_lo, rel_hi;
};

static void check_welch(const double *a, size_t n_a, const double *b,
			size_t n_b, double alpha, const struct welch_ref *r)
{
	struct hb_welch w;

	assert_int_equal(hb_welch_test(a, n_a, b, n_b, alpha, &w), HB_CMP_OK);
	assert_int_equal(w.n_a, n_a);
	assert_int_equal(w.n_b, n_b);
	assert_close(w.t, r->t, REL_WELCH);
	assert_close(w.p, r->p, REL_WELCH);
	assert_close(w.df, r->df, REL_WELCH);
	assert_close(w.diff, r->diff, REL_WELCH);
	assert_close(w.diff_lo, r->lo, REL_INTERVAL);
	assert_close(w.diff_hi, r->hi, REL_INTERVAL);
	assert_close(w.rel, r->rel, REL_WELCH);
	assert_close(w.rel_lo, r->rel_lo, REL_INTERVAL);
	assert_close(w.rel_hi, r->rel_hi, REL_INTERVAL);
}

static void welch_large_clear_difference_is_significant(void **state)
{
	static const struct welch_ref r = {
		.t = -138.1779126941712, .p = 7.43387328876002e-25,
		.df = 15.109097719134834, .diff = -62.59999999999998,
		.lo = -63.56502309829652, .hi = -61.63497690170344,
		.rel = -52.99695225194717, .rel_lo = -53.53142114450792,
		.rel_hi = -52.456336044272625,
	};

	(void)state;
	check_welch(clear_a, N(clear_a), clear_b, N(clear_b), 0.05, &r);
}

static void welch_aa_same_kernel_is_not_significant(void **state)
{
	static const struct welch_ref r = {
		.t = -0.049233281130898816, .p = 0.9612839438233518,
		.df = 17.724397242488216, .diff = -0.05000000000001137,
		.lo = -2.186020659061495, .hi = 2.086020659061472,
		.rel = -0.02741228070176062, .rel_lo = -1.1914601145213477,
		.rel_hi = 1.1503490171665076,
	};

	(void)state;
	check_welch(aa_a, N(aa_a), aa_b, N(aa_b), 0.05, &r);
}

static void welch_unequal_variances_and_sizes(void **state)
{
	static const struct welch_ref r = {
		.t = 2.0988771089097567, .p = 0.05937722664544,
		.df = 11.152981163076687, .diff = 2.6883333333333326,
		.lo = -0.12607378870521124, .hi = 5.502740455371876,
		.rel = 5.353112969600423, .rel_lo = -0.10567175959793618,
		.rel_hi = 11.110196223295743,
	};

	(void)state;
	check_welch(uneq_a, N(uneq_a), uneq_b, N(uneq_b), 0.05, &r);
}

static void welch_alpha_0_1_gives_90_percent_interval(void **state)
{
	static const struct welch_ref r = {
		.t = 2.0988771089097567, .p = 0.05937722664544,
		.df = 11.152981163076687, .diff = 2.6883333333333326,
		.lo = 0.39096959342875826, .hi = 4.9856970732379065,
		.rel = 5.353112969600423, .rel_lo = 0.8753276653677977,
		.rel_hi = 10.029664034449116,
	};

	(void)state;
	check_welch(uneq_a, N(uneq_a), uneq_b, N(uneq_b), 0.1, &r);
}

static void welch_two_plus_two(void **state)
{
	static const struct welch_ref r = {
		.t = 4.024922359499621, .p = 0.09171033896595437,
		.df = 1.4705882352941178, .diff = 2.25,
		.lo = -1.2092614173884089, .hi = 5.709261417388409,
		.rel = 21.428571428571427, .rel_lo = -16.296443021517305,
		.rel_hi = 76.15616936056944,
	};

	(void)state;
	check_welch(tiny2_a, N(tiny2_a), tiny2_b, N(tiny2_b), 0.05, &r);
}

static void welch_three_plus_three(void **state)
{
	static const struct welch_ref r = {
		.t = 1.9215378456610457, .p = 0.1375065372688033,
		.df = 3.484536082474226, .diff = 2.0,
		.lo = -1.0664736030592685, .hi = 5.0664736030592685,
		.rel = 100.0, .rel_lo = -28.856171204009463,
		.rel_hi = 462.24131701855055,
	};

	(void)state;
	check_welch(tiny3_a, N(tiny3_a), tiny3_b, N(tiny3_b), 0.05, &r);
}

static void welch_constant_baseline_uses_new_variance(void **state)
{
	static const struct welch_ref r = {
		.t = 1.4638501094228014, .p = 0.23944259863600237,
		.df = 3.0, .diff = 0.125,
		.lo = -0.14675308837964862, .hi = 0.3967530883796486,
		.rel = 2.5, .rel_lo = -2.7934782193851704,
		.rel_hi = 8.08173986218259,
	};

	(void)state;
	check_welch(const_a, N(const_a), const_b, N(const_b), 0.05, &r);
}

static void welch_tied_whole_milliseconds(void **state)
{
	static const struct welch_ref r = {
		.t = 2.855311489207023, .p = 0.014637215418753978,
		.df = 11.852432863143552, .diff = 3.2678571428571423,
		.lo = 0.7707939224629765, .hi = 5.764920363251308,
		.rel = 11.324257425742571, .rel_lo = 2.7531816700956835,
		.rel_hi = 20.61028271789045,
	};

	(void)state;
	check_welch(ties_a, N(ties_a), ties_b, N(ties_b), 0.05, &r);
}

static void welch_swapping_groups_mirrors_the_result(void **state)
{
	struct hb_welch ab, ba;

	(void)state;
	hb_welch_test(uneq_a, N(uneq_a), uneq_b, N(uneq_b), 0.05, &ab);
	hb_welch_test(uneq_b, N(uneq_b), uneq_a, N(uneq_a), 0.05, &ba);
	assert_close(ba.t, -ab.t, 1e-15);
	assert_close(ba.p, ab.p, 1e-15);
	assert_close(ba.df, ab.df, 1e-15);
	assert_close(ba.diff_lo, -ab.diff_hi, 1e-15);
	assert_close(ba.diff_hi, -ab.diff_lo, 1e-15);
}

static void welch_identical_constant_samples_p_is_1(void **state)
{
	static const double a[] = { 7.5, 7.5, 7.5 }, b[] = { 7.5, 7.5 };
	struct hb_welch w;

	(void)state;
	assert_int_equal(hb_welch_test(a, N(a), b, N(b), 0.05, &w),
			 HB_CMP_IDENTICAL);
	assert_true(w.p == 1.0);
	assert_true(w.t == 0.0 && w.diff == 0.0 && w.rel == 0.0);
	assert_true(w.diff_lo == 0.0 && w.diff_hi == 0.0);
	assert_true(w.rel_lo == 0.0 && w.rel_hi == 0.0);
	assert_true(isnan(w.df));
}

static void welch_different_constants_have_no_spread(void **state)
{
	static const double a[] = { 4.0, 4.0, 4.0 }, b[] = { 5.0, 5.0, 5.0 };
	struct hb_welch w;

	(void)state;
	assert_int_equal(hb_welch_test(a, N(a), b, N(b), 0.05, &w),
			 HB_CMP_NO_SPREAD);
	assert_true(w.diff == 1.0);
	assert_true(w.diff_lo == 1.0 && w.diff_hi == 1.0);
	assert_true(w.rel == 25.0 && w.rel_lo == 25.0 && w.rel_hi == 25.0);
	assert_true(isinf(w.t) && w.t > 0);
	assert_true(w.se == 0.0);
	assert_true(isnan(w.p) && isnan(w.df));
}

static void welch_one_sample_in_a_group_is_too_few(void **state)
{
	static const double a[] = { 3.0 };
	struct hb_welch w;

	(void)state;
	assert_int_equal(hb_welch_test(a, N(a), tiny3_b, N(tiny3_b), 0.05,
				       &w), HB_CMP_TOO_FEW);
	assert_true(w.mean_a == 3.0 && w.mean_b == 4.0);
	assert_true(isnan(w.p) && isnan(w.t) && isnan(w.diff_lo));
	assert_int_equal(hb_welch_test(tiny3_a, N(tiny3_a), NULL, 0, 0.05,
				       &w), HB_CMP_TOO_FEW);
	assert_true(isnan(w.mean_b) && isnan(w.p));
}

static void welch_nan_or_infinite_sample_is_invalid(void **state)
{
	double a[] = { 1.0, NAN, 3.0 }, b[] = { 1.0, 2.0, INFINITY };
	struct hb_welch w;

	(void)state;
	assert_int_equal(hb_welch_test(a, N(a), tiny3_b, N(tiny3_b), 0.05,
				       &w), HB_CMP_INVALID);
	assert_true(isnan(w.p) && isnan(w.mean_a));
	assert_int_equal(hb_welch_test(tiny3_a, N(tiny3_a), b, N(b), 0.05,
				       &w), HB_CMP_INVALID);
	assert_int_equal(hb_welch_test(NULL, 3, b, N(b), 0.05, &w),
			 HB_CMP_INVALID);
	assert_int_equal(hb_welch_test(a, N(a), b, N(b), 0.05, NULL),
			 HB_CMP_INVALID);
}

static void welch_alpha_outside_0_1_is_invalid(void **state)
{
	struct hb_welch w;

	(void)state;
	assert_int_equal(hb_welch_test(tiny3_a, 3, tiny3_b, 3, 0.0, &w),
			 HB_CMP_INVALID);
	assert_int_equal(hb_welch_test(tiny3_a, 3, tiny3_b, 3, 1.0, &w),
			 HB_CMP_INVALID);
	assert_int_equal(hb_welch_test(tiny3_a, 3, tiny3_b, 3, NAN, &w),
			 HB_CMP_INVALID);
	assert_true(isnan(w.p));
}

/*
 * The three-plus-three case the other way round: 4.0 down to 2.0 ms.
 * Welch's interval of the difference divided by the base mean would
 * reach -126.7 %; on the ratio scale it stays above -100 %.
 * ratio_ref.py: -82.21404280100236 to +40.56032925463764.
 */
static void welch_change_interval_never_below_minus_100(void **state)
{
	struct hb_welch w;

	(void)state;
	assert_int_equal(hb_welch_test(tiny3_b, N(tiny3_b), tiny3_a,
				       N(tiny3_a), 0.05, &w), HB_CMP_OK);
	assert_true(w.rel == -50.0);
	assert_true(w.diff_lo / w.mean_a * 100 < -100.0);
	assert_close(w.rel_lo, -82.21404280100236, REL_INTERVAL);
	assert_close(w.rel_hi, 40.56032925463764, REL_INTERVAL);
}

/* Same as the two-plus-two case shifted by -10.5: mean(a) is 0. */
static void welch_zero_base_mean_has_no_relative_change(void **state)
{
	static const double a[] = { -0.5, 0.5 }, b[] = { 2.0, 2.5 };
	struct hb_welch w;

	(void)state;
	assert_int_equal(hb_welch_test(a, N(a), b, N(b), 0.05, &w),
			 HB_CMP_ZERO_BASE);
	assert_close(w.p, 0.09171033896595437, REL_WELCH);
	assert_close(w.diff_lo, -1.2092614173884089, REL_INTERVAL);
	assert_true(isnan(w.rel) && isnan(w.rel_lo) && isnan(w.rel_hi));
}

static void check_tq(double df, const double *p, const double *want,
		     size_t n, double rel)
{
	size_t i;

	for (i = 0; i < n; i++)
		assert_close(hb_t_quantile(p[i], df), want[i], rel);
}

static const double tq_p[] = { 0.975, 0.995, 0.9, 0.6, 0.025, 1e-8 };

static void t_quantile_df_1_matches_scipy(void **state)
{
	static const double want[] = {
		12.706204736432095, 63.65674116287399, 3.0776835372078066,
		0.32491969623407446, -12.706204736432102, -31830988.618379056,
	};

	(void)state;
	check_tq(1.0, tq_p, want, N(want), REL_SCIPY_PPF);
}

static void t_quantile_df_2_5_matches_scipy(void **state)
{
	static const double want[] = {
		3.5746548420118773, 7.16372813402124, 1.730250928807177,
		0.2814595125866358, -3.574654842011878, -1389.2275830316382,
	};

	(void)state;
	check_tq(2.5, tq_p, want, N(want), REL_SCIPY_PPF);
}

static void t_quantile_df_10_matches_scipy(void **state)
{
	static const double want[] = {
		2.2281388519649385, 3.169272667175838, 1.3721836411102863,
		0.26018482949208005, -2.2281388519649385, -15.895687623406548,
	};

	(void)state;
	check_tq(10.0, tq_p, want, N(want), REL_SCIPY_PPF);
}

static void t_quantile_df_1000_matches_scipy(void **state)
{
	static const double want[] = {
		1.9623390808264074, 2.580754698065942, 1.2823987214609247,
		0.25341451583949864, -1.9623390808264078, -5.657912337660828,
	};

	(void)state;
	check_tq(1000.0, tq_p, want, N(want), REL_SCIPY_PPF);
}

static void t_quantile_df_1e6_matches_scipy(void **state)
{
	static const double want[] = {
		1.9599663568141066, 2.575834220105334, 1.2815524121299386,
		0.25334717053784156, -1.959966356814107, -5.6120468343692815,
	};

	(void)state;
	check_tq(1e6, tq_p, want, N(want), REL_SCIPY_PPF);
}

/* df 1: tan(pi (p - 1/2)); df 2: (2p - 1) / sqrt(2 p (1 - p)). */
static void t_quantile_df_1_and_2_match_closed_forms(void **state)
{
	static const double p[] = { 0.975, 0.995, 0.9, 0.6, 0.3, 1e-8, 1e-200 };
	size_t i;

	(void)state;
	for (i = 0; i < N(p); i++) {
		double q = p[i] < 0.5 ? p[i] : 1.0 - p[i];
		double cauchy = 1.0 / tan(M_PI * q);
		double df2 = (1.0 - 2.0 * q) / sqrt(2.0 * q * (1.0 - q));

		if (p[i] < 0.5) {
			cauchy = -cauchy;
			df2 = -df2;
		}
		assert_close(hb_t_quantile(p[i], 1.0), cauchy, REL_EXACT);
		assert_close(hb_t_quantile(p[i], 2.0), df2, REL_EXACT);
	}
}

/* Lower quantiles, so p is exactly the tail the reference inverted. */
static void t_quantile_even_df_matches_60_digit_reference(void **state)
{
	static const double p[] = { 0.025, 0.005, 0.1, 0.4, 1e-8 };
	static const double df10[] = {
		2.228138851986275, 3.1692726726169513, 1.3721836411103356,
		0.26018482949208016, 15.895687652513544,
	};
	static const double df1000[] = {
		1.9623390808264085, 2.580754698065951, 1.2823987214609245,
		0.2534145158394987, 5.657912337679106,
	};
	size_t i;

	(void)state;
	for (i = 0; i < N(p); i++) {
		assert_close(-hb_t_quantile(p[i], 10), df10[i], REL_EXACT);
		assert_close(-hb_t_quantile(p[i], 1000), df1000[i],
			     REL_EXACT);
	}
}

/* Above df 1e5: A&S 26.7.5 around scipy's norm.isf, in Python. */
static void t_quantile_huge_df_matches_expansion(void **state)
{
	(void)state;
	assert_close(-hb_t_quantile(0.025, 1e8), 1.9599640082627672,
		     REL_EXACT);
	assert_close(-hb_t_quantile(1e-8, 1e8), 5.61200170007357,
		     REL_EXACT);
	assert_close(-hb_t_quantile(0.025, 1e12), 1.9599639845424268,
		     REL_EXACT);
	assert_close(-hb_t_quantile(1e-8, 1e12), 5.612001244220379,
		     REL_EXACT);
}

/* Both sides of the switch to the expansion give the same quantile. */
static void t_quantile_is_continuous_at_df_1e5(void **state)
{
	static const double p[] = { 0.4, 0.025, 1e-8, 1e-50 };
	size_t i;

	(void)state;
	for (i = 0; i < N(p); i++)
		assert_close(hb_t_quantile(p[i], 1e5 + 1e-6),
			     hb_t_quantile(p[i], 1e5), 1e-10);
}

static void t_quantile_edges_are_defined(void **state)
{
	(void)state;
	assert_true(hb_t_quantile(0.5, 3.0) == 0.0);
	assert_true(isinf(hb_t_quantile(1.0, 3.0)));
	assert_true(hb_t_quantile(0.0, 3.0) < 0);
	assert_true(isinf(hb_t_quantile(0.0, 3.0)));
	assert_true(isnan(hb_t_quantile(0.975, 0.0)));
	assert_true(isnan(hb_t_quantile(0.975, -1.0)));
	assert_true(isnan(hb_t_quantile(1.5, 3.0)));
	assert_true(isnan(hb_t_quantile(NAN, 3.0)));
	assert_true(isnan(hb_t_pvalue(1.0, 0.0)));
	assert_true(hb_t_pvalue(0.0, 3.0) == 1.0);
	assert_true(hb_t_pvalue(INFINITY, 3.0) == 0.0);
}

/* Lower quantiles: 1 - p / 2 would round away most of a tiny p. */
static void t_pvalue_inverts_quantile_for_fractional_df(void **state)
{
	static const double df[] = { 0.3, 1.7, 4.5, 33.3, 250.5 };
	static const double p[] = { 0.5, 0.05, 1e-3, 1e-12, 1e-60 };
	size_t i, j;

	(void)state;
	for (i = 0; i < N(df); i++)
		for (j = 0; j < N(p); j++) {
			double t = hb_t_quantile(p[j] / 2, df[i]);

			assert_close(hb_t_pvalue(t, df[i]), p[j], 1e-13);
		}
}

static void check_mwu(const double *a, size_t n_a, const double *b,
		      size_t n_b, enum hb_mwu_method method, double u,
		      double p, double rel, double hl)
{
	struct hb_mwu m;

	assert_int_equal(hb_mwu_test(a, n_a, b, n_b, method, &m), HB_CMP_OK);
	assert_int_equal(m.n_a, n_a);
	assert_int_equal(m.n_b, n_b);
	assert_true(m.u == u);
	assert_close(m.p, p, rel);
	assert_close(m.hl_shift, hl, 1e-12);
}

static void mwu_large_clear_difference_exact(void **state)
{
	struct hb_mwu m;

	(void)state;
	check_mwu(clear_a, N(clear_a), clear_b, N(clear_b), HB_MWU_AUTO,
		  0.0, 1.082508822446903e-05, REL_PERM, -62.55);
	hb_mwu_test(clear_a, N(clear_a), clear_b, N(clear_b), HB_MWU_AUTO,
		    &m);
	assert_int_equal(m.method, HB_MWU_EXACT);
	assert_false(m.ties);
}

static void mwu_aa_same_kernel_is_not_significant(void **state)
{
	(void)state;
	check_mwu(aa_a, N(aa_a), aa_b, N(aa_b), HB_MWU_EXACT, 49.0,
		  0.9705124596765464, REL_PERM, -0.19999999999998863);
}

static void mwu_unequal_sizes_exact(void **state)
{
	(void)state;
	check_mwu(uneq_a, N(uneq_a), uneq_b, N(uneq_b), HB_MWU_EXACT, 40.0,
		  0.3283775048480931, REL_PERM, 2.650000000000002);
}

static void mwu_two_plus_two_exact(void **state)
{
	(void)state;
	check_mwu(tiny2_a, N(tiny2_a), tiny2_b, N(tiny2_b), HB_MWU_EXACT,
		  4.0, 1.0 / 3, REL_PERM, 2.25);
}

static void mwu_three_plus_three_exact(void **state)
{
	(void)state;
	check_mwu(tiny3_a, N(tiny3_a), tiny3_b, N(tiny3_b), HB_MWU_EXACT,
		  8.0, 0.2, REL_PERM, 2.0);
}

static void mwu_one_plus_one_p_is_1(void **state)
{
	static const double a[] = { 1.0 }, b[] = { 2.0 };

	(void)state;
	check_mwu(a, 1, b, 1, HB_MWU_EXACT, 1.0, 1.0, REL_PERM, 1.0);
}

static void mwu_30_plus_30_exact_matches_scipy(void **state)
{
	double a[30], b[30];

	(void)state;
	exact30(a, b);
	check_mwu(a, 30, b, 30, HB_MWU_AUTO, 602.0, 0.02433546592616692,
		  REL_PERM, 13.0);
}

static void mwu_ties_exact_matches_permutation_test(void **state)
{
	struct hb_mwu m;

	(void)state;
	check_mwu(ties_a, N(ties_a), ties_b, N(ties_b), HB_MWU_AUTO, 47.0,
		  0.024864024864024864, REL_PERM, 3.0);
	hb_mwu_test(ties_a, N(ties_a), ties_b, N(ties_b), HB_MWU_AUTO, &m);
	assert_int_equal(m.method, HB_MWU_EXACT);
	assert_true(m.ties);
}

static void mwu_ties_three_plus_three_exact(void **state)
{
	(void)state;
	check_mwu(ties3_a, N(ties3_a), ties3_b, N(ties3_b), HB_MWU_EXACT,
		  8.0, 0.3, REL_PERM, 1.0);
}

static void mwu_ties_normal_matches_scipy_asymptotic(void **state)
{
	(void)state;
	check_mwu(ties_a, N(ties_a), ties_b, N(ties_b), HB_MWU_NORMAL, 47.0,
		  0.029990052184946492, REL_NORMAL, 3.0);
	check_mwu(ties3_a, N(ties3_a), ties3_b, N(ties3_b), HB_MWU_NORMAL,
		  8.0, 0.15729920705028502, REL_NORMAL, 1.0);
}

static void mwu_no_ties_normal_matches_scipy_asymptotic(void **state)
{
	(void)state;
	check_mwu(clear_a, N(clear_a), clear_b, N(clear_b), HB_MWU_NORMAL,
		  0.0, 0.00018267179110955002, REL_NORMAL, -62.55);
	check_mwu(aa_a, N(aa_a), aa_b, N(aa_b), HB_MWU_NORMAL, 49.0,
		  0.9698499769931556, REL_NORMAL, -0.19999999999998863);
}

static void mwu_over_exact_limit_uses_normal(void **state)
{
	double a[60], b[70];
	struct hb_mwu m;

	(void)state;
	big60_70(a, b);
	check_mwu(a, 60, b, 70, HB_MWU_AUTO, 2866.5, 0.00034701055691357697,
		  REL_NORMAL, 11.0);
	hb_mwu_test(a, 60, b, 70, HB_MWU_AUTO, &m);
	assert_int_equal(m.method, HB_MWU_NORMAL);
	assert_true(m.ties);
}

static void mwu_exact_over_limit_is_invalid(void **state)
{
	double a[60], b[70];
	struct hb_mwu m;

	(void)state;
	big60_70(a, b);
	assert_int_equal(hb_mwu_test(a, 60, b, 70, HB_MWU_EXACT, &m),
			 HB_CMP_INVALID);
	assert_true(isnan(m.p) && isnan(m.u));
}

static void mwu_all_values_tied_is_identical(void **state)
{
	static const double a[] = { 3.0, 3.0, 3.0 }, b[] = { 3.0, 3.0 };
	enum hb_mwu_method meth[] = { HB_MWU_EXACT, HB_MWU_NORMAL };
	struct hb_mwu m;
	size_t i;

	(void)state;
	for (i = 0; i < N(meth); i++) {
		assert_int_equal(hb_mwu_test(a, N(a), b, N(b), meth[i], &m),
				 HB_CMP_IDENTICAL);
		assert_true(m.p == 1.0 && m.u == 3.0 && m.hl_shift == 0.0);
		assert_true(m.ties);
		assert_int_equal(m.method, meth[i]);
	}
}

static void mwu_empty_group_is_too_few(void **state)
{
	struct hb_mwu m;

	(void)state;
	assert_int_equal(hb_mwu_test(tiny3_a, 3, NULL, 0, HB_MWU_AUTO, &m),
			 HB_CMP_TOO_FEW);
	assert_true(isnan(m.p) && isnan(m.u) && isnan(m.hl_shift));
}

static void mwu_nan_sample_or_bad_method_is_invalid(void **state)
{
	static const double a[] = { 1.0, NAN };
	struct hb_mwu m;

	(void)state;
	assert_int_equal(hb_mwu_test(a, N(a), tiny3_b, 3, HB_MWU_AUTO, &m),
			 HB_CMP_INVALID);
	assert_true(isnan(m.p));
	assert_int_equal(hb_mwu_test(tiny3_a, 3, tiny3_b, 3,
				     (enum hb_mwu_method)7, &m),
			 HB_CMP_INVALID);
	assert_int_equal(hb_mwu_test(tiny3_a, 3, tiny3_b, 3, HB_MWU_AUTO,
				     NULL), HB_CMP_INVALID);
}

/* The exact p does not depend on which group the DP counts over. */
static void mwu_swapping_groups_keeps_p_and_mirrors_u(void **state)
{
	struct hb_mwu ab, ba;

	(void)state;
	hb_mwu_test(ties_a, N(ties_a), ties_b, N(ties_b), HB_MWU_EXACT, &ab);
	hb_mwu_test(ties_b, N(ties_b), ties_a, N(ties_a), HB_MWU_EXACT, &ba);
	assert_close(ba.p, ab.p, 1e-14);
	assert_true(ba.u == N(ties_a) * N(ties_b) - ab.u);
	assert_true(ba.hl_shift == -ab.hl_shift);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(welch_large_clear_difference_is_significant),
		cmocka_unit_test(welch_aa_same_kernel_is_not_significant),
		cmocka_unit_test(welch_unequal_variances_and_sizes),
		cmocka_unit_test(welch_alpha_0_1_gives_90_percent_interval),
		cmocka_unit_test(welch_two_plus_two),
		cmocka_unit_test(welch_three_plus_three),
		cmocka_unit_test(welch_constant_baseline_uses_new_variance),
		cmocka_unit_test(welch_tied_whole_milliseconds),
		cmocka_unit_test(welch_swapping_groups_mirrors_the_result),
		cmocka_unit_test(welch_identical_constant_samples_p_is_1),
		cmocka_unit_test(welch_different_constants_have_no_spread),
		cmocka_unit_test(welch_one_sample_in_a_group_is_too_few),
		cmocka_unit_test(welch_nan_or_infinite_sample_is_invalid),
		cmocka_unit_test(welch_alpha_outside_0_1_is_invalid),
		cmocka_unit_test(welch_change_interval_never_below_minus_100),
		cmocka_unit_test(welch_zero_base_mean_has_no_relative_change),
		cmocka_unit_test(t_quantile_df_1_matches_scipy),
		cmocka_unit_test(t_quantile_df_2_5_matches_scipy),
		cmocka_unit_test(t_quantile_df_10_matches_scipy),
		cmocka_unit_test(t_quantile_df_1000_matches_scipy),
		cmocka_unit_test(t_quantile_df_1e6_matches_scipy),
		cmocka_unit_test(t_quantile_df_1_and_2_match_closed_forms),
		cmocka_unit_test(t_quantile_even_df_matches_60_digit_reference),
		cmocka_unit_test(t_quantile_huge_df_matches_expansion),
		cmocka_unit_test(t_quantile_is_continuous_at_df_1e5),
		cmocka_unit_test(t_quantile_edges_are_defined),
		cmocka_unit_test(t_pvalue_inverts_quantile_for_fractional_df),
		cmocka_unit_test(mwu_large_clear_difference_exact),
		cmocka_unit_test(mwu_aa_same_kernel_is_not_significant),
		cmocka_unit_test(mwu_unequal_sizes_exact),
		cmocka_unit_test(mwu_two_plus_two_exact),
		cmocka_unit_test(mwu_three_plus_three_exact),
		cmocka_unit_test(mwu_one_plus_one_p_is_1),
		cmocka_unit_test(mwu_30_plus_30_exact_matches_scipy),
		cmocka_unit_test(mwu_ties_exact_matches_permutation_test),
		cmocka_unit_test(mwu_ties_three_plus_three_exact),
		cmocka_unit_test(mwu_ties_normal_matches_scipy_asymptotic),
		cmocka_unit_test(mwu_no_ties_normal_matches_scipy_asymptotic),
		cmocka_unit_test(mwu_over_exact_limit_uses_normal),
		cmocka_unit_test(mwu_exact_over_limit_is_invalid),
		cmocka_unit_test(mwu_all_values_tied_is_identical),
		cmocka_unit_test(mwu_empty_group_is_too_few),
		cmocka_unit_test(mwu_nan_sample_or_bad_method_is_invalid),
		cmocka_unit_test(mwu_swapping_groups_keeps_p_and_mirrors_u),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
