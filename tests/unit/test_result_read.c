// SPDX-License-Identifier: GPL-2.0
/*
 * hmmbench unit tests: reading a result file back for compare and merge
 * (results/result_read.c) - a damaged, hand-edited or truncated file is
 * refused with one sentence naming the file and what is wrong, never read
 * as "nothing to compare"; another of hmmbench's documents (a comparison,
 * info, verify) is named as what it is.
 */
#include <errno.h>
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>
#include <json-c/json.h>

#include "fixture.h"
#include "results/result_read.h"

static const double warm_ms[] = { 26.0, 28.0, 30.0 };
static char err[1024];

/* The fixture result as a file, its JSON first changed by @edit. */
static char *edited(void (*edit)(struct json_object *doc))
{
	struct json_object *doc;
	struct hb_result r;
	char *path;

	fixture_series(&r, "base", 58.0, warm_ms, 3);
	path = fixture_json_file(&r);
	hb_result_free(&r);
	assert_non_null(path);
	doc = json_object_from_file(path);
	assert_non_null(doc);
	edit(doc);
	assert_int_equal(json_object_to_file(path, doc), 0);
	json_object_put(doc);
	return path;
}

/* Loads @path expecting a refusal; err then holds "<path>: ..." cut. */
static const char *refused(char *path)
{
	size_t n = strlen(path);
	struct hb_input in;
	int ret;

	err[0] = '\0';
	ret = hb_input_load(&in, path, err, sizeof(err));
	unlink(path);
	if (!ret)
		hb_input_free(&in);
	assert_int_equal(ret, -EINVAL);
	assert_memory_equal(err, path, n);
	free(path);
	return err + n;
}

static void drop_samples(struct json_object *doc)
{
	json_object_object_del(doc, "samples");
}

static void empty_samples(struct json_object *doc)
{
	json_object_object_add(doc, "samples", json_object_new_array());
}

static void samples_object(struct json_object *doc)
{
	json_object_object_add(doc, "samples", json_object_new_object());
}

static void missing_samples_are_refused(void **state)
{
	(void)state;
	assert_string_equal(refused(edited(drop_samples)),
			    ": there is no samples array: is the file damaged?");
}

static void empty_samples_are_refused(void **state)
{
	(void)state;
	assert_string_equal(refused(edited(empty_samples)),
			    ": the samples array is empty: is the file damaged?");
}

static void samples_that_are_not_an_array_are_refused(void **state)
{
	(void)state;
	assert_string_equal(refused(edited(samples_object)),
			    ": samples is not an array: is the file damaged?");
}

/* Sets member @key of sample 1 (the first warm one) to @v. */
static void set_sample(struct json_object *doc, const char *key,
		       struct json_object *v)
{
	struct json_object *samples = json_object_object_get(doc, "samples");

	json_object_object_add(json_object_array_get_idx(samples, 1), key, v);
}

static void negative_memremap(struct json_object *doc)
{
	set_sample(doc, "memremap_ns", json_object_new_int64(-5));
}

static void fractional_memunmap(struct json_object *doc)
{
	set_sample(doc, "memunmap_ns", json_object_new_double(1.5));
}

static void string_memmap_init(struct json_object *doc)
{
	set_sample(doc, "memmap_init_ns", json_object_new_string("12"));
}

static void huge_release(struct json_object *doc)
{
	set_sample(doc, "release_ns",
		   json_object_new_uint64(9223372036854775808ULL));
}

static void negative_chunk(struct json_object *doc)
{
	set_sample(doc, "chunk", json_object_new_int64(-1));
}

static void null_memmap_init(struct json_object *doc)
{
	set_sample(doc, "memmap_init_ns", NULL);
}

/* Once shown as "18446744073709.55 ms (+363510863182372.7%)". */
static void negative_time_is_refused_naming_file_sample_and_field(void **state)
{
	(void)state;
	assert_string_equal(refused(edited(negative_memremap)),
			    ": sample 1 has memremap_ns -5, not a whole number from 0 to 9223372036854775807: is the file damaged?");
}

static void fractional_time_is_refused(void **state)
{
	(void)state;
	assert_string_equal(refused(edited(fractional_memunmap)),
			    ": sample 1 has memunmap_ns 1.5, not a whole number from 0 to 9223372036854775807: is the file damaged?");
}

static void time_written_as_a_string_is_refused(void **state)
{
	(void)state;
	assert_string_equal(refused(edited(string_memmap_init)),
			    ": sample 1 has memmap_init_ns \"12\", not a whole number from 0 to 9223372036854775807: is the file damaged?");
}

static void time_beyond_int64_is_refused(void **state)
{
	(void)state;
	assert_string_equal(refused(edited(huge_release)),
			    ": sample 1 has release_ns 9223372036854775808, not a whole number from 0 to 9223372036854775807: is the file damaged?");
}

static void negative_chunk_is_refused(void **state)
{
	(void)state;
	assert_string_equal(refused(edited(negative_chunk)),
			    ": sample 1 has chunk -1, not a whole number from 0 to 4294967295: is the file damaged?");
}

/* null is how the writer says a phase was not measured. */
static void null_time_reads_as_not_measured(void **state)
{
	char errbuf[512], *path = edited(null_memmap_init);
	struct hb_input in;

	(void)state;
	assert_int_equal(hb_input_load(&in, path, errbuf, sizeof(errbuf)), 0);
	unlink(path);
	free(path);
	assert_false(in.r.samples[1].valid & HMMBENCH_T_MEMMAP_INIT);
	assert_true(in.r.samples[1].valid & HMMBENCH_T_MEMREMAP);
	hb_input_free(&in);
}

/* As written before "stopped_by": an interrupted run. */
static void interrupted_before_stopped_by(struct json_object *doc)
{
	json_object_object_del(doc, "stopped_by");
	json_object_object_add(doc, "complete", json_object_new_boolean(0));
	json_object_object_add(doc, "stop_reason",
			       json_object_new_string("interrupted"));
}

static void complete_before_stopped_by(struct json_object *doc)
{
	json_object_object_del(doc, "stopped_by");
}

/* A file without "stopped_by" ended as "complete" and "stop_reason" say. */
static void older_file_without_stopped_by_reads_why_it_ended(void **state)
{
	static const struct {
		void (*edit)(struct json_object *doc);
		enum hb_end end;
	} older[] = {
		{ interrupted_before_stopped_by, HB_END_INTERRUPTED },
		{ complete_before_stopped_by, HB_END_ITERS },
	};
	char errbuf[512], *path;
	struct hb_input in;
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(older) / sizeof(older[0]); i++) {
		path = edited(older[i].edit);
		assert_int_equal(hb_input_load(&in, path, errbuf,
					       sizeof(errbuf)), 0);
		unlink(path);
		free(path);
		assert_int_equal(in.r.end, older[i].end);
		hb_input_free(&in);
	}
}

/* As written before the environment was recorded. */
static void without_environment(struct json_object *doc)
{
	static const char *const keys[] = {
		"microcode", "cpufreq_governor", "boost", "smt_control",
		"smt_active", "thp_enabled", "thp_defrag", "clocksource",
		"mitigations",
	};
	struct json_object *host;
	size_t i;

	assert_true(json_object_object_get_ex(doc, "metadata", &host));
	assert_true(json_object_object_get_ex(host, "host", &host));
	for (i = 0; i < sizeof(keys) / sizeof(keys[0]); i++)
		json_object_object_del(host, keys[i]);
}

/* Hand-edited: facts of the wrong type, which read as unknown. */
static void environment_of_other_types(struct json_object *doc)
{
	struct json_object *host;

	assert_true(json_object_object_get_ex(doc, "metadata", &host));
	assert_true(json_object_object_get_ex(host, "host", &host));
	json_object_object_add(host, "smt_active", json_object_new_int(1));
	json_object_object_add(host, "boost", json_object_new_string("on"));
	json_object_object_add(host, "clocksource", json_object_new_int(3));
}

/*
 * A file from before the environment was recorded, or with its members
 * of another type, reads: those facts are unknown.
 */
static void older_file_without_environment_reads_it_as_unknown(void **state)
{
	static void (*const edits[])(struct json_object *doc) = {
		without_environment, environment_of_other_types,
	};
	const struct hb_host *h;
	char errbuf[512], *path;
	struct hb_input in;
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(edits) / sizeof(edits[0]); i++) {
		path = edited(edits[i]);
		assert_int_equal(hb_input_load(&in, path, errbuf,
					       sizeof(errbuf)), 0);
		unlink(path);
		free(path);
		h = &in.r.meta.host;
		assert_string_equal(h->clocksource, "");
		assert_int_equal(h->smt_active, HB_TRI_UNKNOWN);
		assert_int_equal(h->boost, HB_TRI_UNKNOWN);
		if (edits[i] == without_environment) {
			assert_string_equal(h->microcode, "");
			assert_string_equal(h->thp_enabled, "");
			assert_string_equal(h->mitigations, "");
		}
		assert_string_equal(h->cpu_model, "Test CPU @ 1.00GHz");
		hb_input_free(&in);
	}
}

/* A temporary file holding the first @n bytes of @text. */
static char *raw_file(const char *text, size_t n)
{
	char *path = strdup("/tmp/hmmbench-test-XXXXXX");
	int fd;

	assert_non_null(path);
	fd = mkstemp(path);
	assert_true(fd >= 0);
	assert_int_equal(write(fd, text, n), n);
	close(fd);
	return path;
}

/* The fixture result's JSON cut to @num / @den of its length. */
static char *cut_file(size_t num, size_t den)
{
	struct json_object *doc;
	struct hb_result r;
	const char *text;
	char *path;

	fixture_series(&r, "base", 58.0, warm_ms, 3);
	path = fixture_json_file(&r);
	hb_result_free(&r);
	assert_non_null(path);
	doc = json_object_from_file(path);
	unlink(path);
	free(path);
	text = json_object_to_json_string_ext(doc, JSON_C_TO_STRING_PRETTY);
	assert_true(strlen(text) > 8192);
	path = raw_file(text, strlen(text) * num / den);
	json_object_put(doc);
	return path;
}

/* Once "json_tokener_parse_ex failed: continue". */
static void empty_file_says_the_json_ends_early(void **state)
{
	(void)state;
	assert_string_equal(refused(raw_file("", 0)),
			    ": not a hmmbench result: the JSON ends early (empty or truncated file)");
}

static void truncated_file_says_the_json_ends_early(void **state)
{
	(void)state;
	assert_string_equal(refused(cut_file(1, 2)),
			    ": not a hmmbench result: the JSON ends early (empty or truncated file)");
	assert_string_equal(refused(cut_file(99, 100)),
			    ": not a hmmbench result: the JSON ends early (empty or truncated file)");
}

static void whole_file_read_in_pieces_loads(void **state)
{
	char errbuf[512], *path = cut_file(1, 1);
	struct hb_input in;

	(void)state;
	assert_int_equal(hb_input_load(&in, path, errbuf, sizeof(errbuf)), 0);
	unlink(path);
	free(path);
	assert_int_equal(in.r.nr_samples, 4);
	hb_input_free(&in);
}

static void syntax_error_names_the_byte(void **state)
{
	static const char text[] = "{\"schema\" 1}";

	(void)state;
	assert_string_equal(refused(raw_file(text, strlen(text))),
			    ": not a hmmbench result: invalid JSON at byte 11 (object property name separator ':' expected)");
}

static void bare_number_is_not_a_result(void **state)
{
	(void)state;
	assert_string_equal(refused(raw_file("123", 3)),
			    ": not a hmmbench result: the JSON is not an object");
}

static void gobench_text_is_named_as_text(void **state)
{
	static const char text[] = "goos: linux\ngoarch: amd64\npkg: hmmbench\n";

	(void)state;
	assert_string_equal(refused(raw_file(text, strlen(text))),
			    ": not a hmmbench result but text (a table, cover, CSV or gobench output?): give the --format json output of run, sweep or merge");
}

/* A picture, a program, or JSON cut by NULs: binary, never "text". */
static void binary_file_is_named_as_binary_not_text(void **state)
{
	static const char png[] = "\x89PNG\r\n\x1a\n\0\0\0\rIHDR";
	static const char elf[] = "\x7f" "ELF\x02\x01\x01\0\0\0";
	static const char zeroed[] = "{\"schema\":\0\0\0\0";
	static const char *const want =
		": not a hmmbench result but a binary file, not text: give the --format json output of run, sweep or merge";

	(void)state;
	assert_string_equal(refused(raw_file(png, sizeof(png) - 1)), want);
	assert_string_equal(refused(raw_file(elf, sizeof(elf) - 1)), want);
	assert_string_equal(refused(raw_file(zeroed, sizeof(zeroed) - 1)),
			    want);
}

/*
 * A comparison given to compare or merge is named as one, with the
 * command that prints it; info's and verify's outputs as theirs.
 */
static void other_documents_are_named_as_what_they_are(void **state)
{
	static const char cmp[] = "{\"schema\":\"hmmbench-compare/2\",\"rows\":[]}";
	static const char future[] = "{\"schema\":\"hmmbench-compare/3\"}";
	static const char inf[] = "{\"schema\":\"hmmbench-info/1\"}";
	static const char ver[] = "{\"schema\":\"hmmbench-verify/1\"}";

	(void)state;
	assert_string_equal(refused(raw_file(cmp, strlen(cmp))),
			    " is a comparison (hmmbench compare --format json): use hmmbench show to print it");
	assert_string_equal(refused(raw_file(future, strlen(future))),
			    " is a comparison (hmmbench compare --format json): use hmmbench show to print it");
	assert_string_equal(refused(raw_file(inf, strlen(inf))),
			    " is the output of hmmbench info, not a result");
	assert_string_equal(refused(raw_file(ver, strlen(ver))),
			    " is the output of hmmbench verify, not a result");
}

static void leading_blank_lines_count_in_the_byte(void **state)
{
	static const char text[] = "\n\n{\"schema\" 1}";

	(void)state;
	assert_string_equal(refused(raw_file(text, strlen(text))),
			    ": not a hmmbench result: invalid JSON at byte 13 (object property name separator ':' expected)");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(older_file_without_stopped_by_reads_why_it_ended),
		cmocka_unit_test(older_file_without_environment_reads_it_as_unknown),
		cmocka_unit_test(missing_samples_are_refused),
		cmocka_unit_test(empty_samples_are_refused),
		cmocka_unit_test(samples_that_are_not_an_array_are_refused),
		cmocka_unit_test(negative_time_is_refused_naming_file_sample_and_field),
		cmocka_unit_test(fractional_time_is_refused),
		cmocka_unit_test(time_written_as_a_string_is_refused),
		cmocka_unit_test(time_beyond_int64_is_refused),
		cmocka_unit_test(negative_chunk_is_refused),
		cmocka_unit_test(null_time_reads_as_not_measured),
		cmocka_unit_test(empty_file_says_the_json_ends_early),
		cmocka_unit_test(truncated_file_says_the_json_ends_early),
		cmocka_unit_test(whole_file_read_in_pieces_loads),
		cmocka_unit_test(syntax_error_names_the_byte),
		cmocka_unit_test(bare_number_is_not_a_result),
		cmocka_unit_test(gobench_text_is_named_as_text),
		cmocka_unit_test(binary_file_is_named_as_binary_not_text),
		cmocka_unit_test(leading_blank_lines_count_in_the_byte),
		cmocka_unit_test(other_documents_are_named_as_what_they_are),
	};

	return cmocka_run_group_tests_name("result_read", tests, NULL, NULL);
}
