// SPDX-License-Identifier: GPL-2.0
/*
 * hmmbench unit tests: the statistics of a set of items as its owner
 * describes it (cli/stats/sets.c) - only the items in the set count,
 * in the order given, each run's mean of those that have the metric,
 * and the fewest and most items a run has.
 */
#include <math.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include "stats/sets.h"

#define N(a)	(sizeof(a) / sizeof((a)[0]))
#define EPS	1e-12

/* Items of two metrics; NAN: the item has none of that metric. */
struct item {
	bool in;
	size_t run;
	double v[2];
};

static const struct item items[] = {
	{ true, 0, { 10, 1 } },
	{ false, 0, { 99, 99 } },	/* another size, say */
	{ true, 0, { 20, NAN } },
	{ true, 1, { 40, 4 } },
	{ false, 1, { 99, 99 } },
	{ true, 1, { 30, 3 } },
	{ true, 1, { 50, 5 } },
	{ false, 2, { 99, 99 } },	/* a run with nothing in the set */
};

static bool item_in(const void *ctx, size_t i)
{
	return ((const struct item *)ctx)[i].in;
}

static size_t item_run(const void *ctx, size_t i)
{
	return ((const struct item *)ctx)[i].run;
}

static bool item_value(const void *ctx, size_t i, size_t id, double *v)
{
	*v = ((const struct item *)ctx)[i].v[id];
	return !isnan(*v);
}

static const struct hb_set set = {
	.ctx = items,
	.nr_items = N(items),
	.nr_runs = 3,
	.in = item_in,
	.run = item_run,
	.value = item_value,
};

static void values_are_the_set_s_in_order(void **state)
{
	double buf[N(items)];

	(void)state;
	assert_int_equal(hb_set_values(&set, 0, buf), 5);
	assert_float_equal(buf[0], 10, EPS);
	assert_float_equal(buf[1], 20, EPS);
	assert_float_equal(buf[2], 40, EPS);
	assert_float_equal(buf[3], 30, EPS);
	assert_float_equal(buf[4], 50, EPS);
	/* an item without the metric is left out, not a zero */
	assert_int_equal(hb_set_values(&set, 1, buf), 4);
	assert_float_equal(buf[1], 4, EPS);
}

static void run_means_skip_runs_without_the_metric(void **state)
{
	double buf[N(items)];

	(void)state;
	assert_int_equal(hb_set_run_means(&set, 0, buf), 2);
	assert_float_equal(buf[0], 15, EPS);
	assert_float_equal(buf[1], 40, EPS);
	assert_int_equal(hb_set_run_means(&set, 1, buf), 2);
	assert_float_equal(buf[0], 1, EPS);
	assert_float_equal(buf[1], 4, EPS);
}

static void items_per_run_count_runs_with_any(void **state)
{
	size_t lo, hi;

	(void)state;
	hb_set_items_per_run(&set, &lo, &hi);
	assert_int_equal(lo, 2);
	assert_int_equal(hi, 3);
}

static void stats_of_each_metric_and_of_run_means(void **state)
{
	struct hb_stats st[2], run[2];
	double buf[N(items)];

	(void)state;
	assert_int_equal(hb_set_stats(&set, 2, buf, st, run), 0);
	assert_int_equal(st[0].n, 5);
	assert_float_equal(st[0].mean, 30, EPS);
	assert_int_equal(st[1].n, 4);
	assert_float_equal(st[1].mean, 13.0 / 4, EPS);
	assert_int_equal(run[0].n, 2);
	assert_float_equal(run[0].mean, 27.5, EPS);
	assert_float_equal(run[1].mean, 2.5, EPS);
	/* without @run only the items' statistics */
	assert_int_equal(hb_set_stats(&set, 1, buf, st, NULL), 0);
	assert_float_equal(st[0].median, 30, EPS);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(values_are_the_set_s_in_order),
		cmocka_unit_test(run_means_skip_runs_without_the_metric),
		cmocka_unit_test(items_per_run_count_runs_with_any),
		cmocka_unit_test(stats_of_each_metric_and_of_run_means),
	};

	return cmocka_run_group_tests_name("sets", tests, NULL, NULL);
}
