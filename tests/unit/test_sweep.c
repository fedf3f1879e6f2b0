// SPDX-License-Identifier: GPL-2.0
/*
 * hmmbench unit tests: --sizes - lists, doubling ranges, ranges with a
 * factor, and the mistakes a user can make in them.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "cmd/parse.h"

#define G(x)	((uint64_t)(x) << 30)
#define MIN	(1ULL << 20)
#define MAX	(1ULL << 50)

static uint64_t sizes[HB_MAX_SWEEP];
static char err[HB_ERR_LEN];

static int sweep(const char *s)
{
	err[0] = '\0';
	memset(sizes, 0, sizeof(sizes));
	return hb_parse_sweep(s, MIN, MAX, sizes, err, sizeof(err));
}

static void list_keeps_the_given_order(void **state)
{
	(void)state;
	assert_int_equal(sweep("16G,1G,4G,64G"), 4);
	assert_true(sizes[0] == G(16) && sizes[1] == G(1) &&
		    sizes[2] == G(4) && sizes[3] == G(64));
}

static void single_size_is_a_list_of_one(void **state)
{
	(void)state;
	assert_int_equal(sweep("8G"), 1);
	assert_true(sizes[0] == G(8));
}

static void range_doubles_and_includes_both_ends(void **state)
{
	(void)state;
	assert_int_equal(sweep("1G..64G"), 7);
	assert_true(sizes[0] == G(1) && sizes[3] == G(8) &&
		    sizes[6] == G(64));
}

static void range_with_factor_x4(void **state)
{
	(void)state;
	assert_int_equal(sweep("1G..64G:x4"), 4);
	assert_true(sizes[0] == G(1) && sizes[1] == G(4) &&
		    sizes[2] == G(16) && sizes[3] == G(64));
}

static void range_stops_below_an_unreached_end(void **state)
{
	(void)state;
	assert_int_equal(sweep("1G..48G"), 6);
	assert_true(sizes[5] == G(32));
}

static void range_of_one_size(void **state)
{
	(void)state;
	assert_int_equal(sweep("4G..4G"), 1);
	assert_true(sizes[0] == G(4));
}

static void range_mixes_suffixes(void **state)
{
	(void)state;
	assert_int_equal(sweep("512M..2G"), 3);
	assert_true(sizes[0] == 512ULL << 20 && sizes[2] == G(2));
}

static void descending_range_is_refused(void **state)
{
	(void)state;
	assert_int_equal(sweep("64G..1G"), -22);
	assert_non_null(strstr(err, "small to large"));
}

static void list_and_range_cannot_mix(void **state)
{
	(void)state;
	assert_int_equal(sweep("1G,2G..8G"), -22);
	assert_non_null(strstr(err, "cannot be mixed"));
}

static void duplicate_size_is_refused(void **state)
{
	(void)state;
	assert_int_equal(sweep("1G,4G,1024M"), -22);
	assert_non_null(strstr(err, "twice"));
}

static void bad_size_in_a_list_names_the_range(void **state)
{
	(void)state;
	assert_int_equal(sweep("1G,4Q"), -22);
	assert_non_null(strstr(err, "'4Q'"));
	assert_non_null(strstr(err, "from 1M to 1024T"));
}

static void empty_parts_are_refused(void **state)
{
	(void)state;
	assert_int_equal(sweep(""), -22);
	assert_int_equal(sweep("1G,"), -22);
	assert_int_equal(sweep(",1G"), -22);
	assert_int_equal(sweep("..4G"), -22);
	assert_int_equal(sweep("1G.."), -22);
}

static void bad_factors_are_refused(void **state)
{
	(void)state;
	assert_int_equal(sweep("1G..64G:4"), -22);
	assert_non_null(strstr(err, "x2, x4"));
	assert_int_equal(sweep("1G..64G:x1"), -22);
	assert_non_null(strstr(err, "from 2 to 1024"));
	assert_int_equal(sweep("1G..64G:x"), -22);
	assert_int_equal(sweep("1G..64G:x2G"), -22);
}

static void more_than_64_sizes_are_refused(void **state)
{
	char list[2048] = "";
	int i;

	(void)state;
	for (i = 1; i <= HB_MAX_SWEEP + 1; i++)
		snprintf(list + strlen(list), sizeof(list) - strlen(list),
			 "%s%dM", i > 1 ? "," : "", i);
	assert_int_equal(sweep(list), -22);
	assert_non_null(strstr(err, "at most 64"));
}

static void out_of_range_end_is_refused(void **state)
{
	(void)state;
	assert_int_equal(sweep("1G..2048T"), -22);
	assert_non_null(strstr(err, "'2048T'"));
}

/* @zeros leading zeros, then @tail: decimal, so still the size in @tail. */
static const char *zero_padded(int zeros, const char *head, const char *tail)
{
	static char buf[256];

	snprintf(buf, sizeof(buf), "%s%0*d%s", head, zeros, 0, tail);
	return buf;
}

/* Each size was once cut to 63 characters, hiding what followed. */
static void garbage_after_a_long_size_is_refused(void **state)
{
	(void)state;
	assert_int_equal(sweep(zero_padded(61, "", "1Gjunk")), -22);
	assert_non_null(strstr(err, "invalid size '0000"));
	assert_int_equal(sweep(zero_padded(61, "4G,", "1Gjunk")), -22);
	assert_int_equal(sweep(zero_padded(61, "1G..", "4Gjunk")), -22);
}

static void long_size_is_parsed_whole(void **state)
{
	(void)state;
	assert_int_equal(sweep(zero_padded(70, "", "1G")), 1);
	assert_true(sizes[0] == G(1));
	assert_int_equal(sweep(zero_padded(70, "1G..", "4G")), 3);
	assert_true(sizes[2] == G(4));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(list_keeps_the_given_order),
		cmocka_unit_test(single_size_is_a_list_of_one),
		cmocka_unit_test(range_doubles_and_includes_both_ends),
		cmocka_unit_test(range_with_factor_x4),
		cmocka_unit_test(range_stops_below_an_unreached_end),
		cmocka_unit_test(range_of_one_size),
		cmocka_unit_test(range_mixes_suffixes),
		cmocka_unit_test(descending_range_is_refused),
		cmocka_unit_test(list_and_range_cannot_mix),
		cmocka_unit_test(duplicate_size_is_refused),
		cmocka_unit_test(bad_size_in_a_list_names_the_range),
		cmocka_unit_test(empty_parts_are_refused),
		cmocka_unit_test(bad_factors_are_refused),
		cmocka_unit_test(more_than_64_sizes_are_refused),
		cmocka_unit_test(out_of_range_end_is_refused),
		cmocka_unit_test(garbage_after_a_long_size_is_refused),
		cmocka_unit_test(long_size_is_parsed_whole),
	};

	return cmocka_run_group_tests_name("sweep", tests, NULL, NULL);
}
