// SPDX-License-Identifier: GPL-2.0
/*
 * hmmbench unit tests: stats/quantile.c - percentiles by linear
 * interpolation between order statistics.  The expected values are
 * Python's statistics.quantiles(data, n=100, method='inclusive'), an
 * independent implementation of the same definition (Hyndman and Fan
 * type 7, numpy's default), e.g.
 *   python3 -c "import statistics as s;
 *     print(s.quantiles([7,3,10,1,5,9,2,8,4,6], n=100, method='inclusive'))"
 */
#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "stats/mean.h"
#include "stats/quantile.h"

#define N(a)	(sizeof(a) / sizeof((a)[0]))
#define EPS	1e-9

static void quantiles_of_one_to_ten_interpolate_linearly(void **state)
{
	const double x[] = { 7, 3, 10, 1, 5, 9, 2, 8, 4, 6 };
	struct hb_pcts p;

	(void)state;
	assert_int_equal(hb_pcts_compute(x, N(x), &p), 0);
	assert_int_equal(p.n, 10);
	assert_float_equal(p.p50, 5.5, EPS);
	assert_float_equal(p.p90, 9.1, EPS);
	assert_float_equal(p.p99, 9.91, EPS);
	assert_float_equal(p.max, 10, EPS);
}

/* A latency-shaped sample: a tight body and two slow faults. */
static void quantiles_of_a_long_tail_follow_the_tail(void **state)
{
	const double x[] = {
		120, 95, 101, 99, 250, 100, 98, 97, 102, 5000, 96, 103,
	};
	struct hb_pcts p;

	(void)state;
	assert_int_equal(hb_pcts_compute(x, N(x), &p), 0);
	assert_float_equal(p.p50, 100.5, EPS);
	assert_float_equal(p.p90, 237.0, EPS);
	assert_float_equal(p.p99, 4477.5, EPS);
	assert_float_equal(p.max, 5000, EPS);
}

/* At 0.5 the quantile is the median of mean.h, odd and even n alike. */
static void quantile_at_one_half_is_the_median(void **state)
{
	const double odd[] = { 1, 2, 4, 8, 16, 32, 64 };
	const double even[] = { 1, 2, 4, 8, 16, 32, 64, 128 };

	(void)state;
	assert_float_equal(hb_quantile_sorted(odd, N(odd), 0.5),
			   hb_median_sorted(odd, N(odd)), EPS);
	assert_float_equal(hb_quantile_sorted(even, N(even), 0.5),
			   hb_median_sorted(even, N(even)), EPS);
	assert_float_equal(hb_quantile_sorted(even, N(even), 0.5), 12, EPS);
	assert_float_equal(hb_quantile_sorted(even, N(even), 0), 1, EPS);
	assert_float_equal(hb_quantile_sorted(even, N(even), 1), 128, EPS);
}

static void one_value_is_every_percentile(void **state)
{
	const double x[] = { 4200 };
	struct hb_pcts p;

	(void)state;
	assert_int_equal(hb_pcts_compute(x, 1, &p), 0);
	assert_float_equal(p.p50, 4200, EPS);
	assert_float_equal(p.p90, 4200, EPS);
	assert_float_equal(p.p99, 4200, EPS);
	assert_float_equal(p.max, 4200, EPS);
}

static void no_values_have_no_percentiles(void **state)
{
	struct hb_pcts p;

	(void)state;
	assert_int_equal(hb_pcts_compute(NULL, 0, &p), 0);
	assert_int_equal(p.n, 0);
	assert_true(isnan(p.p50) && isnan(p.p90) && isnan(p.p99) &&
		    isnan(p.max));
}

static void the_values_are_left_as_given(void **state)
{
	double x[] = { 3, 1, 2 };
	const double want[] = { 3, 1, 2 };
	struct hb_pcts p;

	(void)state;
	assert_int_equal(hb_pcts_compute(x, N(x), &p), 0);
	assert_memory_equal(x, want, sizeof(x));
	assert_float_equal(p.p50, 2, EPS);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(quantiles_of_one_to_ten_interpolate_linearly),
		cmocka_unit_test(quantiles_of_a_long_tail_follow_the_tail),
		cmocka_unit_test(quantile_at_one_half_is_the_median),
		cmocka_unit_test(one_value_is_every_percentile),
		cmocka_unit_test(no_values_have_no_percentiles),
		cmocka_unit_test(the_values_are_left_as_given),
	};

	return cmocka_run_group_tests_name("quantile", tests, NULL, NULL);
}
