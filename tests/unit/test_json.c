// SPDX-License-Identifier: GPL-2.0
/*
 * hmmbench unit tests: JSON written by hmmbench and read back with
 * json-c's parser - schema, metadata, configuration, every raw sample
 * (null for an unmeasured phase) and the cold and warm summaries.
 */
#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include <json-c/json.h>

#include "fixture.h"

static struct hb_result r;
static struct json_object *doc;

static int setup(void **state)
{
	char *text;

	(void)state;
	fixture_result(&r);
	text = fixture_render(HB_FMT_JSON, &r);
	if (!text)
		return -1;
	doc = json_tokener_parse(text);
	free(text);
	return doc ? 0 : -1;
}

static int teardown(void **state)
{
	(void)state;
	json_object_put(doc);
	hb_result_free(&r);
	return 0;
}

/* The member at a path of keys and (for arrays) "#n" indexes. */
static struct json_object *get(const char *path)
{
	struct json_object *o = doc;
	char buf[256], *tok, *save;

	snprintf(buf, sizeof(buf), "%s", path);
	for (tok = strtok_r(buf, ".", &save); tok;
	     tok = strtok_r(NULL, ".", &save)) {
		if (tok[0] == '#')
			o = json_object_array_get_idx(o, atoi(tok + 1));
		else if (!json_object_object_get_ex(o, tok, &o))
			fail_msg("no member %s in %s", tok, path);
	}
	return o;
}

static void assert_near(double got, double want, double tol)
{
	if (fabs(got - want) > tol)
		fail_msg("got %.17g, want %.17g", got, want);
}

static void schema_names_version_1(void **state)
{
	(void)state;
	assert_string_equal(json_object_get_string(get("schema")),
			    "hmmbench-result/1");
	assert_true(json_object_get_boolean(get("complete")));
	assert_null(get("stop_reason"));
	assert_null(get("error"));
}

static void metadata_keeps_host_module_and_label(void **state)
{
	(void)state;
	assert_string_equal(json_object_get_string(get("metadata.label")),
			    "base");
	assert_string_equal(json_object_get_string(get("metadata.date")),
			    "2025-01-02T03:04:05Z");
	assert_string_equal(json_object_get_string(get("metadata.host.cpu_model")),
			    "Test CPU @ 1.00GHz");
	assert_int_equal(json_object_get_int(get("metadata.host.cpu_count")), 2);
	assert_int_equal(json_object_get_int64(get("metadata.host.total_ram")),
			 4LL << 30);
	assert_string_equal(json_object_get_string(get("metadata.host.kernel_cmdline")),
			    "console=ttyS0 quiet");
	assert_string_equal(json_object_get_string(get("metadata.host.hmmbench_git")),
			    "v0.1.0-1-g0123abc");
	assert_string_equal(json_object_get_string(get("metadata.module.version")),
			    "0.1");
	assert_int_equal(json_object_get_int(get("metadata.module.struct_page_size")),
			 64);
	assert_string_equal(json_object_get_string(get("metadata.module.features.#0")),
			    "phase_probe");
}

static void configuration_records_the_run(void **state)
{
	(void)state;
	assert_string_equal(json_object_get_string(get("configuration.command")),
			    "run");
	assert_int_equal(json_object_get_int64(get("configuration.sizes.#0")),
			 1LL << 30);
	assert_int_equal(json_object_get_int(get("configuration.iterations")), 3);
	assert_int_equal(json_object_get_int(get("configuration.warmup_iterations")), 1);
	assert_null(get("configuration.node"));
}

static void every_raw_sample_is_kept(void **state)
{
	(void)state;
	assert_int_equal(json_object_array_length(get("samples")), 5);
	assert_string_equal(json_object_get_string(get("samples.#0.kind")),
			    "cold");
	assert_string_equal(json_object_get_string(get("samples.#1.kind")),
			    "warmup");
	assert_int_equal(json_object_get_int64(get("samples.#0.memremap_ns")),
			 58000000);
	assert_int_equal(json_object_get_int64(get("samples.#4.release_ns")),
			 1004);
	assert_true(json_object_is_type(get("samples.#0.memremap_ns"),
					json_type_int));
}

static void unmeasured_phase_is_null_not_zero(void **state)
{
	(void)state;
	assert_null(get("samples.#3.memmap_init_ns"));
	assert_null(get("samples.#3.memmap_init_bytes_per_s"));
	assert_int_equal(json_object_get_int64(get("samples.#2.memmap_init_ns")),
			 20000000);
}

static void cold_summary_is_separate_with_one_sample(void **state)
{
	(void)state;
	assert_int_equal(json_object_array_length(get("summaries")), 2);
	assert_string_equal(json_object_get_string(get("summaries.#0.kind")),
			    "cold");
	assert_int_equal(json_object_get_int(get("summaries.#0.metrics.memremap_ns.n")), 1);
	assert_true(json_object_get_double(get("summaries.#0.metrics.memremap_ns.mean")) ==
		    58000000.0);
	assert_null(get("summaries.#0.metrics.memremap_ns.stddev"));
	assert_null(get("summaries.#0.metrics.memremap_ns.mean_ci95"));
}

static void warm_summary_excludes_cold_and_warmup(void **state)
{
	double half = 4.302652729749462 * 2000000.0 / sqrt(3.0);

	(void)state;
	/* 26, 28 and 30 ms: mean 28 ms, sample stddev 2 ms, t(2) CI */
	assert_string_equal(json_object_get_string(get("summaries.#1.kind")),
			    "warm");
	assert_int_equal(json_object_get_int(get("summaries.#1.metrics.memremap_ns.n")), 3);
	assert_true(json_object_get_double(get("summaries.#1.metrics.memremap_ns.mean")) ==
		    28000000.0);
	assert_true(json_object_get_double(get("summaries.#1.metrics.memremap_ns.stddev")) ==
		    2000000.0);
	assert_near(json_object_get_double(get("summaries.#1.metrics.memremap_ns.mean_ci95.#0")),
			   28000000.0 - half, 0.05);
	assert_near(json_object_get_double(get("summaries.#1.metrics.memremap_ns.mean_ci95.#1")),
			   28000000.0 + half, 0.05);
	assert_null(get("summaries.#1.metrics.memremap_ns.median_ci95"));
	assert_int_equal(json_object_get_int(get("summaries.#1.metrics.memmap_init_ns.n")), 2);
}

static void wall_and_kernel_time_are_recorded(void **state)
{
	(void)state;
	assert_int_equal(json_object_get_int64(get("wall_ns")), 500000000);
	/* region 5 * 2 us + memremap 172 ms + memunmap 250 ms + release */
	assert_int_equal(json_object_get_int64(get("kernel_ns")), 422015010);
}

static void interrupted_result_is_marked_incomplete(void **state)
{
	struct json_object *o;
	struct hb_result ir;
	char *text;

	(void)state;
	fixture_result(&ir);
	ir.complete = false;
	ir.stop_reason = "interrupted";
	text = fixture_render(HB_FMT_JSON, &ir);
	o = json_tokener_parse(text);
	assert_non_null(o);
	assert_false(json_object_get_boolean(json_object_object_get(o, "complete")));
	assert_string_equal(json_object_get_string(json_object_object_get(o, "stop_reason")),
			    "interrupted");
	json_object_put(o);
	free(text);
	hb_result_free(&ir);
}

static void same_result_renders_the_same_bytes(void **state)
{
	char *a = fixture_render(HB_FMT_JSON, &r);
	char *b = fixture_render(HB_FMT_JSON, &r);

	(void)state;
	assert_string_equal(a, b);
	free(a);
	free(b);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(schema_names_version_1),
		cmocka_unit_test(metadata_keeps_host_module_and_label),
		cmocka_unit_test(configuration_records_the_run),
		cmocka_unit_test(every_raw_sample_is_kept),
		cmocka_unit_test(unmeasured_phase_is_null_not_zero),
		cmocka_unit_test(cold_summary_is_separate_with_one_sample),
		cmocka_unit_test(warm_summary_excludes_cold_and_warmup),
		cmocka_unit_test(wall_and_kernel_time_are_recorded),
		cmocka_unit_test(interrupted_result_is_marked_incomplete),
		cmocka_unit_test(same_result_renders_the_same_bytes),
	};

	return cmocka_run_group_tests_name("json", tests, setup, teardown);
}
