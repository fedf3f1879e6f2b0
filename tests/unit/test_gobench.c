// SPDX-License-Identifier: GPL-2.0
/*
 * hmmbench unit tests: --format gobench against the rules benchstat's
 * reader (golang.org/x/perf/benchfmt) applies: configuration lines are
 * "key: value" with a lower-case key without spaces or upper case; a
 * result line is "Benchmark<Name> <iterations> (<value> <unit>)+" with
 * whitespace-free fields, an integer iteration count and numeric values.
 */
#include <ctype.h>
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "fixture.h"

static bool is_config_line(const char *l)
{
	const char *p;

	if (!islower((unsigned char)l[0]))
		return false;
	for (p = l; *p && *p != ':'; p++)
		if (isspace((unsigned char)*p) || isupper((unsigned char)*p))
			return false;
	return *p == ':' && (p[1] == ' ' || !p[1]);
}

/* Checks one result line; returns its value/unit pairs. */
static int parse_bench_line(char *l, char *name, size_t len)
{
	char *save, *f, *end;
	int pairs = 0;

	f = strtok_r(l, " \t", &save);
	assert_true(strncmp(f, "Benchmark", 9) == 0);
	snprintf(name, len, "%s", f);
	f = strtok_r(NULL, " \t", &save);
	assert_non_null(f);
	assert_true(strtol(f, &end, 10) == 1 && !*end);
	while ((f = strtok_r(NULL, " \t", &save))) {
		strtod(f, &end);
		assert_true(!*end);
		f = strtok_r(NULL, " \t", &save);
		assert_non_null(f);
		pairs++;
	}
	return pairs;
}

static void lines_parse_as_go_benchmarks(void **state)
{
	struct hb_result r;
	char *t, *l, *save, name[128];
	int bench = 0, config = 0, pairs[8];

	(void)state;
	fixture_result(&r);
	t = fixture_render(HB_FMT_GOBENCH, &r);
	assert_non_null(t);
	for (l = strtok_r(t, "\n", &save); l; l = strtok_r(NULL, "\n", &save)) {
		if (l[0] == '#')
			continue;
		if (is_config_line(l)) {
			config++;
			continue;
		}
		assert_true(bench < 8);
		pairs[bench++] = parse_bench_line(l, name, sizeof(name));
		assert_string_equal(name, "BenchmarkMemremap/size=1G/chunks=1");
	}
	/* goos, goarch, pkg, cpu; 3 warm samples, the cold and warmup left out */
	assert_int_equal(config, 4);
	assert_int_equal(bench, 3);
	assert_int_equal(pairs[0], 9);
	/* the sample of iteration 3 has no memmap_init: 4 pairs fewer */
	assert_int_equal(pairs[1], 5);
	free(t);
	hb_result_free(&r);
}

static void memremap_comes_first_as_ns_per_op(void **state)
{
	struct hb_result r;
	char *t;

	(void)state;
	fixture_result(&r);
	t = fixture_render(HB_FMT_GOBENCH, &r);
	assert_non_null(strstr(t, "goos: linux\ngoarch: amd64\npkg: hmmbench\ncpu: Test CPU @ 1.00GHz\n"));
	assert_non_null(strstr(t, "BenchmarkMemremap/size=1G/chunks=1 1 26000000 ns/op 2000 region-ns/op 20000000 memmap-init-ns/op 50000000 memunmap-ns/op 1002 release-ns/op "));
	assert_non_null(strstr(t, "# label base\n"));
	free(t);
	hb_result_free(&r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(lines_parse_as_go_benchmarks),
		cmocka_unit_test(memremap_comes_first_as_ns_per_op),
	};

	return cmocka_run_group_tests_name("gobench", tests, NULL, NULL);
}
