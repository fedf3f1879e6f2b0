// SPDX-License-Identifier: GPL-2.0
/*
 * hmmbench unit tests: CSV - the header, one row per raw sample in the
 * order measured, empty fields for unmeasured metrics, derived columns
 * with fixed decimals, and RFC 4180 quoting of the label.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "fixture.h"

#define HEADER "label,size,iteration,chunk,kind,phys_start,region_ns," \
	"memremap_ns,memmap_init_ns,memunmap_ns,release_ns," \
	"memremap_ns_per_page,memmap_init_ns_per_page," \
	"memmap_init_bytes_per_s,memremap_rest_ns,compound_size," \
	"memmap_init_efficiency_plain,memmap_init_efficiency_nt,pages," \
	"bind_ns,unbind_ns,time_unit\n"

/* Line @n (0-based) of @text, without its newline. */
static char *line(const char *text, int n)
{
	static char buf[512];
	const char *p = text, *eol;

	for (; n > 0 && p; n--) {
		p = strchr(p, '\n');
		p = p ? p + 1 : NULL;
	}
	assert_non_null(p);
	eol = strchr(p, '\n');
	assert_non_null(eol);
	snprintf(buf, sizeof(buf), "%.*s", (int)(eol - p), p);
	return buf;
}

static void header_names_every_column(void **state)
{
	struct hb_result r;
	char *csv;

	(void)state;
	fixture_result(&r);
	csv = fixture_render(HB_FMT_CSV, &r);
	assert_non_null(csv);
	assert_memory_equal(csv, HEADER, strlen(HEADER));
	free(csv);
	hb_result_free(&r);
}

static void one_row_per_sample_plus_header(void **state)
{
	struct hb_result r;
	char *csv, *p;
	int lines = 0;

	(void)state;
	fixture_result(&r);
	csv = fixture_render(HB_FMT_CSV, &r);
	for (p = csv; *p; p++)
		lines += *p == '\n';
	assert_int_equal(lines, 1 + 5);
	free(csv);
	hb_result_free(&r);
}

static void cold_row_has_raw_and_derived_values(void **state)
{
	struct hb_result r;
	char *csv;

	(void)state;
	fixture_result(&r);
	csv = fixture_render(HB_FMT_CSV, &r);
	/* 58e6 / 262144 pages; 20e6 / 262144; 262144 * 64 B / 0.02 s */
	assert_string_equal(line(csv, 1),
			    "base,1073741824,0,0,cold,4294967296,2000,58000000,20000000,50000000,1000,221.2524,76.2939,838860800,38000000,4096,,,,,,ns");
	assert_string_equal(line(csv, 2),
			    "base,1073741824,1,0,warmup,8589934592,2000,30000000,20000000,50000000,1001,114.4409,76.2939,838860800,10000000,4096,,,,,,ns");
	free(csv);
	hb_result_free(&r);
}

static void unmeasured_phase_is_an_empty_field_not_zero(void **state)
{
	struct hb_result r;
	char *csv;

	(void)state;
	fixture_result(&r);
	csv = fixture_render(HB_FMT_CSV, &r);
	assert_string_equal(line(csv, 4),
			    "base,1073741824,3,0,warm,17179869184,2000,28000000,,50000000,1003,106.8115,,,,4096,,,,,,ns");
	free(csv);
	hb_result_free(&r);
}

/* --compound 2M is in every format: CSV, table, cover, gobench. */
static void compound_pages_are_in_every_format(void **state)
{
	struct hb_result r;
	char *t;

	(void)state;
	fixture_result(&r);
	r.cfg.vmemmap_shift = 9;
	r.cfg.compound_size = 2ULL << 20;
	t = fixture_render(HB_FMT_CSV, &r);
	assert_string_equal(line(t, 2),
			    "base,1073741824,1,0,warmup,8589934592,2000,30000000,20000000,50000000,1001,114.4409,76.2939,838860800,10000000,2097152,,,,,,ns");
	free(t);
	t = fixture_render(HB_FMT_TABLE, &r);
	assert_non_null(strstr(t, ", 2M compound pages"));
	free(t);
	t = fixture_render(HB_FMT_COVER, &r);
	assert_non_null(strstr(t, "memunmap_pages() of 2M compound\npages"));
	free(t);
	t = fixture_render(HB_FMT_GOBENCH, &r);
	assert_non_null(strstr(t, "BenchmarkMemremap/size=1G/chunks=1/compound=2M 1 "));
	free(t);
	t = fixture_render(HB_FMT_JSON, &r);
	assert_non_null(strstr(t, "\"vmemmap_shift\":9"));
	assert_non_null(strstr(t, "\"compound_size\":2097152"));
	free(t);
	hb_result_free(&r);
}

static void label_with_comma_and_quote_is_quoted(void **state)
{
	struct hb_result r;
	char *csv;

	(void)state;
	fixture_result(&r);
	r.cfg.label = "v2, \"nt\"";
	csv = fixture_render(HB_FMT_CSV, &r);
	assert_memory_equal(line(csv, 1), "\"v2, \"\"nt\"\"\",1073741824,",
			    24);
	free(csv);
	hb_result_free(&r);
}

static void missing_label_is_an_empty_field(void **state)
{
	struct hb_result r;
	char *csv;

	(void)state;
	fixture_result(&r);
	r.cfg.label = NULL;
	csv = fixture_render(HB_FMT_CSV, &r);
	assert_memory_equal(line(csv, 1), ",1073741824,0,0,cold,", 21);
	free(csv);
	hb_result_free(&r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(header_names_every_column),
		cmocka_unit_test(compound_pages_are_in_every_format),
		cmocka_unit_test(one_row_per_sample_plus_header),
		cmocka_unit_test(cold_row_has_raw_and_derived_values),
		cmocka_unit_test(unmeasured_phase_is_an_empty_field_not_zero),
		cmocka_unit_test(label_with_comma_and_quote_is_quoted),
		cmocka_unit_test(missing_label_is_an_empty_field),
	};

	return cmocka_run_group_tests_name("csv", tests, NULL, NULL);
}
