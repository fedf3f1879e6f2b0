// SPDX-License-Identifier: GPL-2.0
/*
 * hmmbench unit tests: statistics against reference values computed
 * independently by stats_ref.py (beside this file): numpy for mean,
 * median and standard deviation, closed-form Student t series (not the
 * incomplete beta function cli/stats/dist.c uses) for the quantiles, and
 * scipy.stats.binom for the median interval ranks.  Its output is pasted
 * below with repr() precision.
 */
#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include "stats/dist.h"
#include "stats/stats.h"

#define N(a)	(sizeof(a) / sizeof((a)[0]))

/* Relative tolerance @rel. */
static void assert_close(double got, double want, double rel)
{
	if (fabs(got - want) > rel * fabs(want) + 1e-300) {
		print_error("got %.17g, want %.17g\n", got, want);
		fail();
	}
}

static const double ten[] = {
	183000000, 179500000, 188200000, 181700000, 185300000,
	180900000, 184400000, 182100000, 186600000, 179800000,
};

static const double seven[] = { 12.5, 9.25, 11.0, 10.75, 30.5, 9.5, 10.0 };

static void ten_memremap_samples_match_scipy(void **state)
{
	struct hb_stats st;

	(void)state;
	assert_int_equal(hb_stats_compute(ten, N(ten), &st), 0);
	assert_int_equal(st.n, 10);
	assert_close(st.mean, 183150000.0, 1e-15);
	assert_close(st.median, 182550000.0, 1e-15);
	assert_close(st.min, 179500000.0, 0);
	assert_close(st.max, 188200000.0, 0);
	assert_close(st.stddev, 2914046.442091592, 1e-12);
	assert_close(st.cv, 0.015910709484529578, 1e-12);
	assert_close(st.mean_ci_lo, 181065416.75333053, 1e-12);
	assert_close(st.mean_ci_hi, 185234583.24666947, 1e-12);
	assert_close(st.median_ci_lo, 179800000.0, 0);
	assert_close(st.median_ci_hi, 186600000.0, 0);
	assert_close(st.median_ci_level, 0.978515625, 1e-12);
}

static void odd_count_with_outlier_matches_scipy(void **state)
{
	struct hb_stats st;

	(void)state;
	assert_int_equal(hb_stats_compute(seven, N(seven), &st), 0);
	assert_close(st.mean, 13.357142857142858, 1e-15);
	assert_close(st.median, 10.75, 0);
	assert_close(st.stddev, 7.637431318372503, 1e-12);
	assert_close(st.cv, 0.5717863019102408, 1e-12);
	assert_close(st.mean_ci_lo, 6.293696974275007, 1e-12);
	assert_close(st.mean_ci_hi, 20.420588740010707, 1e-12);
	assert_close(st.median_ci_lo, 9.25, 0);
	assert_close(st.median_ci_hi, 30.5, 0);
	assert_close(st.median_ci_level, 0.984375, 1e-12);
}

static void thirty_samples_median_interval_uses_ranks_10_and_21(void **state)
{
	double x[30];
	struct hb_stats st;
	int i;

	(void)state;
	/* [float((i * 37) % 101) + 0.5 * i for i in range(30)] */
	for (i = 0; i < 30; i++)
		x[i] = (double)((i * 37) % 101) + 0.5 * i;
	assert_int_equal(hb_stats_compute(x, 30, &st), 0);
	assert_close(st.mean, 55.583333333333336, 1e-15);
	assert_close(st.median, 56.0, 0);
	assert_close(st.stddev, 30.544225520442943, 1e-12);
	assert_close(st.mean_ci_lo, 44.17793208147657, 1e-12);
	assert_close(st.mean_ci_hi, 66.9887345851901, 1e-12);
	assert_close(st.median_ci_lo, 37.5, 0);
	assert_close(st.median_ci_hi, 75.0, 0);
	assert_close(st.median_ci_level, 0.9572260547429323, 1e-12);
}

static void two_samples_have_a_wide_t_interval(void **state)
{
	static const double x[] = { 1.0, 4.0 };
	struct hb_stats st;

	(void)state;
	assert_int_equal(hb_stats_compute(x, 2, &st), 0);
	assert_close(st.stddev, 2.1213203435596424, 1e-15);
	assert_close(st.mean_ci_lo, -16.55930710426201, 1e-12);
	assert_close(st.mean_ci_hi, 21.55930710426201, 1e-12);
	assert_true(isnan(st.median_ci_lo) && isnan(st.median_ci_hi));
}

static void five_samples_are_too_few_for_a_median_interval(void **state)
{
	static const double x[] = { 5.0, 1.0, 4.0, 2.0, 3.0 };
	struct hb_stats st;

	(void)state;
	assert_int_equal(hb_stats_compute(x, 5, &st), 0);
	assert_close(st.median, 3.0, 0);
	assert_close(st.mean_ci_lo, 1.0367568385224428, 1e-12);
	assert_close(st.mean_ci_hi, 4.963243161477557, 1e-12);
	assert_true(isnan(st.median_ci_lo));
	assert_true(isnan(st.median_ci_level));
}

static void one_sample_has_no_spread_and_no_interval(void **state)
{
	static const double x[] = { 742000000.0 };
	struct hb_stats st;

	(void)state;
	assert_int_equal(hb_stats_compute(x, 1, &st), 0);
	assert_int_equal(st.n, 1);
	assert_close(st.mean, 742000000.0, 0);
	assert_close(st.median, 742000000.0, 0);
	assert_true(isnan(st.stddev));
	assert_true(isnan(st.cv));
	assert_true(isnan(st.mean_ci_lo) && isnan(st.mean_ci_hi));
}

static void no_samples_leave_everything_undefined(void **state)
{
	struct hb_stats st;

	(void)state;
	assert_int_equal(hb_stats_compute(NULL, 0, &st), 0);
	assert_int_equal(st.n, 0);
	assert_true(isnan(st.mean) && isnan(st.median) && isnan(st.min));
}

static void input_order_is_left_alone(void **state)
{
	double x[] = { 3.0, 1.0, 2.0 };
	struct hb_stats st;

	(void)state;
	hb_stats_compute(x, 3, &st);
	assert_true(x[0] == 3.0 && x[1] == 1.0 && x[2] == 2.0);
}

static void t_quantiles_match_scipy(void **state)
{
	static const struct {
		double df, t;
	} ref[] = {
		{ 1, 12.706204736174676 },
		{ 2, 4.302652729749459 },
		{ 3, 3.1824463052837064 },
		{ 4, 2.7764451051977934 },
		{ 5, 2.5705818356363146 },
		{ 6, 2.446911851144966 },
		{ 9, 2.2621571627982044 },
		{ 10, 2.228138851986274 },
		{ 19, 2.0930240544083105 },
		{ 29, 2.0452296421327043 },
		{ 30, 2.0422724563012418 },
		{ 60, 2.0002978220142538 },
		{ 100, 1.9839715185235463 },
		{ 1000, 1.962339080826423 },
	};
	size_t i;

	(void)state;
	for (i = 0; i < N(ref); i++)
		assert_close(hb_t_quantile(0.975, ref[i].df), ref[i].t, 1e-12);
}

static void t_quantile_is_symmetric(void **state)
{
	(void)state;
	assert_close(hb_t_quantile(0.025, 7), -hb_t_quantile(0.975, 7),
		     1e-12);
	assert_true(hb_t_quantile(0.5, 7) == 0.0);
}

static void t_cdf_inverts_the_quantile(void **state)
{
	(void)state;
	/* the two-sided tail beyond the 97.5 % quantile is 5 % */
	assert_close(hb_t_pvalue(hb_t_quantile(0.975, 3), 3), 0.05, 1e-10);
	assert_close(hb_t_pvalue(hb_t_quantile(0.025, 3), 3), 0.05, 1e-10);
	assert_close(hb_t_pvalue(0.0, 3), 1.0, 1e-15);
}

static void median_interval_ranks_match_the_binomial(void **state)
{
	/* (n, j, coverage) from scipy.stats.binom as in stats_ref.py. */
	static const struct {
		size_t n, j;
		double level;
	} ref[] = {
		{ 6, 1, 0.96875 },
		{ 10, 2, 0.978515625 },
		{ 15, 4, 0.96484375 },
		{ 20, 6, 0.9586105346679688 },
		{ 25, 8, 0.9567147493362427 },
		{ 40, 14, 0.9615226917157997 },
	};
	size_t i;
	double level;

	(void)state;
	for (i = 0; i < N(ref); i++) {
		assert_int_equal(hb_median_ci_rank(ref[i].n, &level), ref[i].j);
		assert_close(level, ref[i].level, 1e-12);
	}
	assert_int_equal(hb_median_ci_rank(5, &level), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(ten_memremap_samples_match_scipy),
		cmocka_unit_test(odd_count_with_outlier_matches_scipy),
		cmocka_unit_test(thirty_samples_median_interval_uses_ranks_10_and_21),
		cmocka_unit_test(two_samples_have_a_wide_t_interval),
		cmocka_unit_test(five_samples_are_too_few_for_a_median_interval),
		cmocka_unit_test(one_sample_has_no_spread_and_no_interval),
		cmocka_unit_test(no_samples_leave_everything_undefined),
		cmocka_unit_test(input_order_is_left_alone),
		cmocka_unit_test(t_quantiles_match_scipy),
		cmocka_unit_test(t_quantile_is_symmetric),
		cmocka_unit_test(t_cdf_inverts_the_quantile),
		cmocka_unit_test(median_interval_ranks_match_the_binomial),
	};

	return cmocka_run_group_tests_name("stats", tests, NULL, NULL);
}
