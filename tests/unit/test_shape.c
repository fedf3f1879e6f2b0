// SPDX-License-Identifier: GPL-2.0
/*
 * hmmbench unit tests: outliers and two levels in a set of samples.  The
 * expected values are worked out by hand in each test's comment: the
 * median, the absolute deviations and their median (the MAD), the
 * modified z-score 0.6745 |x - median| / MAD, and the gaps of the sorted
 * samples against the range on either side.
 */
#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "stats/stats.h"

#define N(a)	(sizeof(a) / sizeof((a)[0]))

static struct hb_stats stats_of(const double *x, size_t n)
{
	struct hb_stats st;

	assert_int_equal(hb_stats_compute(x, n, &st), 0);
	return st;
}

/*
 * Sorted 49.8 49.9 50.0 50.1 50.2 50.3 58.0: median 50.1, deviations 0.3
 * 0.2 0.1 0 0.1 0.2 7.9, MAD 0.2; z of 58.0 = 0.6745 * 7.9 / 0.2 = 26.6,
 * of 49.8 = 1.01.  One outlier.  The widest gap, 50.3 to 58.0, leaves
 * one sample above it, fewer than the 2 a level needs.
 */
static void one_slow_call_is_an_outlier(void **state)
{
	static const double x[] = { 50.0, 50.2, 49.9, 58.0, 50.1, 50.3, 49.8 };
	struct hb_stats st = stats_of(x, N(x));
	char buf[128];

	(void)state;
	assert_false(st.shape.levels);
	assert_int_equal(st.shape.outliers, 1);
	assert_true(st.shape.worst == 58.0);
	assert_string_equal(hb_shape_str(buf, sizeof(buf), &st.shape, 50.1,
					 HB_UNIT_NS),
			    "1 outlier: 58 ns, median 50 ns");
}

/*
 * Sorted 1380 1390 1400 1410 1420 1430 | 1980 2010 2030 2050: the gap
 * 550 is wider than either side's range (50, 70) and than 5 % of the
 * median (1425).  Means 1405 and 2017.5.
 */
static void a_run_switching_levels_has_two(void **state)
{
	static const double x[] = {
		1410, 1380, 1430, 2010, 2050, 1400, 1980, 1390, 2030, 1420,
	};
	struct hb_stats st = stats_of(x, N(x));

	(void)state;
	assert_true(st.shape.levels);
	assert_int_equal(st.shape.n_lo, 6);
	assert_int_equal(st.shape.n_hi, 4);
	assert_true(st.shape.lo == 1405.0);
	assert_true(st.shape.hi == 2017.5);
	/* the upper level's calls are not outliers of the lower one */
	assert_int_equal(st.shape.outliers, 0);
}

/*
 * The clear-drop samples of test_twosample.c, 116.4 to 120.3: no gap
 * with 2 samples on each side is wider than the range below it (the
 * widest, 0.8 from 119.5 to 120.3, has one above); median 117.95, MAD
 * 0.85, the farthest z = 0.6745 * 2.35 / 0.85 = 1.86.
 */
static void steady_samples_have_nothing_odd(void **state)
{
	static const double x[] = {
		117.2, 118.9, 116.4, 119.5, 117.8, 118.1, 116.9, 120.3, 117.5,
		118.6,
	};
	struct hb_stats st = stats_of(x, N(x));

	(void)state;
	assert_false(hb_shape_odd(&st.shape));
}

/* Below 5 (outliers) and 6 (levels) samples nothing is said. */
static void few_samples_say_nothing(void **state)
{
	static const double x[] = { 10, 10, 10, 90 };
	struct hb_stats st = stats_of(x, N(x));

	(void)state;
	assert_false(hb_shape_odd(&st.shape));
}

/* Identical samples: a MAD of 0 flags nothing. */
static void constant_samples_say_nothing(void **state)
{
	static const double x[] = { 7, 7, 7, 7, 7, 7, 7 };
	struct hb_stats st = stats_of(x, N(x));

	(void)state;
	assert_false(hb_shape_odd(&st.shape));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(one_slow_call_is_an_outlier),
		cmocka_unit_test(a_run_switching_levels_has_two),
		cmocka_unit_test(steady_samples_have_nothing_odd),
		cmocka_unit_test(few_samples_say_nothing),
		cmocka_unit_test(constant_samples_say_nothing),
	};

	return cmocka_run_group_tests_name("shape", tests, NULL, NULL);
}
