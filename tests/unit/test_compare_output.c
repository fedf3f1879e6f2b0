// SPDX-License-Identifier: GPL-2.0
/*
 * hmmbench unit tests: what a reader sees of a comparison - its notes
 * (noisy sides, too few runs, two levels, short and naming inputs by
 * their titles) and its table, cover text, CSV and JSON, which reads
 * back, on two results compared as compare_pair.c compares them.
 */
#include <errno.h>
#include <math.h>
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

#include "compare_pair.h"
#include "fixture.h"
#include "results/compare_read.h"
#include "results/compare.h"
#include "stats/power.h"

static void high_cv_warns(void **state)
{
	const struct hb_cmp_row *row;
	struct pair p;

	(void)state;
	pair_of(&p, noisy_ms, N(noisy_ms), base_ms, N(base_ms));
	row = row_of(&p.c, HB_WARM, HB_M_MEMREMAP);
	assert_true(row->warn & HB_CMP_WARN_CV);
	assert_false(row->warn & HB_CMP_WARN_FEW);
	assert_true(has_note(&p.c, "1 GiB warm: CV 22.8% in base (rest of memremap +2 more): small changes can hide"));
	pair_free(&p);
}

static void single_runs_warn_that_boots_are_confounded(void **state)
{
	struct pair p;

	(void)state;
	pair_of(&p, base_ms, N(base_ms), new_ms, N(new_ms));
	assert_true(has_note(&p.c, "base and new are one run each: no verdict; make ab measures several"));
	pair_free(&p);
}

/* Whether @line ends with @end. */
static bool ends_with(const char *line, const char *end)
{
	size_t n = strlen(line), m = strlen(end);

	return n >= m && !strcmp(line + n - m, end);
}

/* The columns of @line: a UTF-8 character (±) takes one. */
static size_t columns(const char *line)
{
	size_t n = 0;

	for (; *line; line++)
		n += ((unsigned char)*line & 0xc0) != 0x80;
	return n;
}

/*
 * An interval wider than its column's header widens the column, rather
 * than pushing the columns after it out of line: every row of a block
 * ends where its header does.
 */
static void wide_interval_keeps_the_columns_in_line(void **state)
{
	static const double slow_ms[] = { 100, 900, 160, 1900 };
	size_t rows = 0, header = 0;
	char *t, *line, *save;
	struct pair p;

	(void)state;
	pair_runs(&p, runs_base_ms, slow_ms);
	t = render(&p.c, HB_FMT_TABLE);
	assert_non_null(strstr(t, "  [+31.0%, +4195.2%]  4+4\n"));
	for (line = strtok_r(t, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		if (ends_with(line, "  runs"))
			header = columns(line);
		else if (ends_with(line, " 4+4") && ++rows)
			assert_int_equal(columns(line), header);
	}
	assert_int_equal(rows, 12);
	free(t);
	pair_free(&p);
}

/* A new side switching between two levels is named in a note. */
static void two_levels_on_a_side_get_a_note(void **state)
{
	static const double levels_ms[] = {
		141, 138, 143, 201, 205, 140, 198, 139, 203, 142,
	};
	struct pair p;

	(void)state;
	pair_of(&p, base_ms, N(base_ms), levels_ms, N(levels_ms));
	assert_true(has_note(&p.c, "1 GiB warm memremap_pages, new: two levels: 6 calls near 140.5 ms, 4 near 201.8 ms"));
	assert_false(has_note(&p.c, ", base: "));
	pair_free(&p);
}

static void cover_lines_fit_in_an_email(void **state)
{
	char *buf = NULL, *line;
	size_t len = 0;
	struct pair p;
	FILE *f;

	(void)state;
	pair_of(&p, few_ms, N(few_ms), noisy_ms, N(noisy_ms));
	f = open_memstream(&buf, &len);
	hb_render_compare_as(f, HB_FMT_COVER, false, &p.c);
	fclose(f);
	for (line = strtok(buf, "\n"); line; line = strtok(NULL, "\n"))
		assert_in_range(strlen(line), 0, 72);
	free(buf);
	pair_free(&p);
}

/*
 * Every note fits a line of stderr with its "hmmbench: warning: " under
 * 100 columns, and names metrics by the table's titles, not JSON keys.
 */
static void notes_are_short_and_use_titles(void **state)
{
	struct hb_result a, b;
	struct pair p;
	size_t i;

	(void)state;
	fixture_series(&a, "base", 58.0, noisy_ms, N(noisy_ms));
	fixture_series(&b, "new", 58.0, few_ms, N(few_ms));
	b.cfg.chunks = 2;
	b.complete = false;
	b.stop_reason = "interrupted";
	for (i = 0; i < b.nr_samples; i++)
		b.samples[i].valid &= ~HMMBENCH_T_MEMMAP_INIT;
	pair_compare(&p, &a, &b, true);
	assert_int_equal(p.ret, 0);
	assert_true(p.c.nr_notes >= 4);
	for (i = 0; i < p.c.nr_notes; i++) {
		if (strlen(p.c.notes[i]) >= 100 - strlen("hmmbench: warning: "))
			fail_msg("too long: %s", p.c.notes[i]);
		assert_null(strstr(p.c.notes[i], "_ns"));
	}
	pair_free(&p);
}

static void json_output_reads_back(void **state)
{
	struct json_object *doc, *rows, *o = NULL, *v;
	struct pair p;
	size_t i;
	char *t;

	(void)state;
	pair_of(&p, base_ms, N(base_ms), new_ms, N(new_ms));
	t = render(&p.c, HB_FMT_JSON);
	doc = json_tokener_parse(t);
	assert_non_null(doc);
	assert_string_equal(json_object_get_string(hb_json_path(doc, "schema")),
			    "hmmbench-compare/2");
	v = json_object_array_get_idx(hb_json_path(doc, "inputs"), 1);
	assert_string_equal(json_object_get_string(hb_json_path(v, "label")),
			    "new");
	rows = hb_json_path(doc, "comparisons");
	for (i = 0; i < json_object_array_length(rows); i++) {
		v = json_object_array_get_idx(rows, i);
		if (!strcmp(json_object_get_string(hb_json_path(v, "metric")), "memremap_ns") &&
		    !strcmp(json_object_get_string(hb_json_path(v, "kind")), "warm"))
			o = v;
	}
	assert_non_null(o);
	assert_false(json_object_get_boolean(hb_json_path(o, "tested")));
	assert_false(json_object_get_boolean(hb_json_path(o, "significant")));
	assert_false(json_object_get_boolean(hb_json_path(o, "primary")));
	assert_null(hb_json_path(o, "holm.p"));
	v = hb_json_path(o, "change_ci95_percent");
	assert_true(fabs(json_object_get_double(json_object_array_get_idx(v, 0)) + 53.5314) < 1e-4);
	assert_true(fabs(json_object_get_double(hb_json_path(o, "change_percent")) + 53.0) < 0.01);
	assert_int_equal(json_object_get_int(hb_json_path(o, "base.n")), 10);
	assert_string_equal(json_object_get_string(hb_json_path(o, "test_unit")),
			    "sample");
	v = hb_json_path(o, "test_n");
	assert_int_equal(json_object_array_length(v), 2);
	assert_int_equal(json_object_get_int(json_object_array_get_idx(v, 1)),
			 10);
	assert_null(hb_json_path(o, "mann_whitney.method"));
	json_object_put(doc);
	free(t);
	pair_free(&p);
}

/* A comparison saved before effects were reported shows a plain "~". */
static void saved_comparison_without_effects_reads_back(void **state)
{
	static const double same_ms[] = { 100, 106, 98, 104 };
	struct json_object *doc, *rows, *o;
	struct hb_result ra, rb;
	struct hb_cmp_doc d;
	struct pair p;
	size_t i;
	char *t;

	(void)state;
	fixture_runs(&ra, "base", 58.0, same_ms, 4, 5);
	fixture_runs(&rb, "new", 58.0, same_ms, 4, 5);
	pair_compare(&p, &ra, &rb, false);
	t = render(&p.c, HB_FMT_JSON);
	doc = json_tokener_parse(t);
	free(t);
	rows = hb_json_path(doc, "comparisons");
	for (i = 0; i < json_object_array_length(rows); i++) {
		o = json_object_array_get_idx(rows, i);
		json_object_object_del(o, "mde_percent");
		json_object_object_del(o, "mde_welch_percent");
		json_object_object_del(o, "mde_detectable");
	}
	assert_int_equal(hb_cmp_take(&d, "old.json", doc, p.err,
				     sizeof(p.err)), 0);
	for (i = 0; i < d.c.nr_rows; i++)
		assert_true(isnan(d.c.rows[i].mde) && !d.c.rows[i].mde_none);
	t = render(&d.c, HB_FMT_TABLE);
	assert_non_null(strstr(t, "\nmemremap_pages        102.0 ±4%   102.0 ±4%       ~ "));
	free(t);
	hb_cmp_doc_free(&d);
	pair_free(&p);
}

/* @r again at 2 GiB, memremap and its phase times @scale. */
static void add_2g_runs(struct hb_result *r, double scale)
{
	size_t i, n = r->nr_samples;
	struct hb_sample s;

	r->cfg.sizes[r->cfg.nr_sizes++] = 2ULL << 30;
	for (i = 0; i < n; i++) {
		s = r->samples[i];
		s.size = 2ULL << 30;
		s.memremap_ns = s.memremap_ns * scale + 0.5;
		s.memmap_init_ns = s.memmap_init_ns * scale + 0.5;
		*hb_result_add(r) = s;
	}
}

/*
 * The cover text: a "~" size among changed ones says under its line
 * what it could have missed; every size "~", the largest of their
 * effects.
 */
static void cover_says_what_each_tilde_could_have_missed(void **state)
{
	static const struct rendered mixed[] = {
		{ HB_FMT_COVER,
		  "memremap time:   1 GiB  102.0 ms ±4% -> 105.5 ms ±3%       ~ [-2.5%, +9.7%]  p=1          (a change under ±18.7% would not have been detected)   2 GiB  102.0 ms ±4% ->  63.3 ms ±3%  -37.9% [-41.5%, -34.2%] " },
		{ HB_FMT_COVER,
		  "< x%: with these boots and their spread, a change that large" },
	};
	static const struct rendered same[] = {
		{ HB_FMT_COVER,
		  "memremap time: no detectable change at any size (< ±18.7%):   1 GiB  102.0 ms ±4% -> 105.5 ms ±3%  ~ [-2.5%, +9.7%]  p=1   2 GiB  102.0 ms ±4% -> 105.5 ms ±3%  ~ [-2.5%, +9.7%]  p=1 " },
	};
	struct hb_result ra, rb;
	struct pair p;

	(void)state;
	fixture_runs(&ra, "base", 58.0, runs_base_ms, RUNS, PER_RUN);
	add_2g_runs(&ra, 1.0);
	fixture_runs(&rb, "new", 58.0, runs_new_ms, RUNS, PER_RUN);
	add_2g_runs(&rb, 0.6);
	pair_compare(&p, &ra, &rb, false);
	assert_int_equal(p.ret, 0);
	assert_renders(&p.c, mixed, N(mixed));
	pair_free(&p);
	fixture_runs(&ra, "base", 58.0, runs_base_ms, RUNS, PER_RUN);
	add_2g_runs(&ra, 1.0);
	fixture_runs(&rb, "new", 58.0, runs_new_ms, RUNS, PER_RUN);
	add_2g_runs(&rb, 1.0);
	pair_compare(&p, &ra, &rb, false);
	assert_renders(&p.c, same, N(same));
	pair_free(&p);
}

static void csv_has_one_row_per_kind_and_metric(void **state)
{
	struct pair p;
	char *t, *s;
	int lines = 0;

	(void)state;
	pair_of(&p, base_ms, N(base_ms), new_ms, N(new_ms));
	t = render(&p.c, HB_FMT_CSV);
	for (s = t; *s; s++)
		lines += *s == '\n';
	/*
	 * header + (cold + warm) * every metric but the two rooflines, the
	 * driver's bind and unbind and a migration's, which chunks do not
	 * have
	 */
	assert_int_equal(lines, 1 + 2 * (HB_M_TO_DEVICE - 4));
	assert_non_null(strstr(t, ",1073741824,warm,memremap_ns,ns,10,10,"));
	assert_non_null(strstr(t, ",false,false,sample,10,10,,,false,,,,ns,,\n"));
	free(t);
	pair_free(&p);
}

/*
 * Means 30 ns apart in 100 ms (-0.00003 %) with an interval of about
 * +-0.01 %: the change and both ends of its interval round to zero, and
 * every format writes them unsigned, never "-0.0%" or "-0.0000".
 */
static void a_change_that_rounds_to_zero_has_no_sign(void **state)
{
	static const double a[] = {
		100.000, 100.010, 99.990, 100.005, 99.995, 100.000,
	};
	static const struct rendered want[] = {
		{ HB_FMT_TABLE,
		  "\nmemremap_pages        100.0 ±0%   100.0 ±0%   0.0%?  [0.0%, 0.0%]  6+6\n" },
		{ HB_FMT_COVER,
		  "memremap time:   1 GiB  100.0 ms ±0% -> 100.0 ms ±0%  0.0%? [0.0%, 0.0%] " },
		{ HB_FMT_CSV,
		  ",warm,memremap_ns,ns,6,6,100000000.0,99999970.0,100000000.0,99999970.0,0.0000," },
		{ HB_FMT_JSON, "\"change_percent\":0.0000," },
	};
	static const char *const signed_zero[] = {
		"-0.0%", "+0.0%", ",-0.0000,", ":-0.0000", "[-0.0000",
	};
	static const enum hb_format fmts[] = {
		HB_FMT_TABLE, HB_FMT_COVER, HB_FMT_CSV, HB_FMT_JSON,
	};
	double b[N(a)];
	struct pair p;
	size_t i, j;
	char *t;

	(void)state;
	for (i = 0; i < N(a); i++)
		b[i] = a[i] - 30e-6;
	pair_of(&p, a, N(a), b, N(b));
	assert_renders(&p.c, want, N(want));
	for (i = 0; i < N(fmts); i++) {
		t = render(&p.c, fmts[i]);
		for (j = 0; j < N(signed_zero); j++)
			if (strstr(t, signed_zero[j]))
				fail_msg("\"%s\" in:\n%s", signed_zero[j], t);
		free(t);
	}
	pair_free(&p);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(high_cv_warns),
		cmocka_unit_test(single_runs_warn_that_boots_are_confounded),
		cmocka_unit_test(wide_interval_keeps_the_columns_in_line),
		cmocka_unit_test(two_levels_on_a_side_get_a_note),
		cmocka_unit_test(cover_lines_fit_in_an_email),
		cmocka_unit_test(notes_are_short_and_use_titles),
		cmocka_unit_test(json_output_reads_back),
		cmocka_unit_test(saved_comparison_without_effects_reads_back),
		cmocka_unit_test(cover_says_what_each_tilde_could_have_missed),
		cmocka_unit_test(csv_has_one_row_per_kind_and_metric),
		cmocka_unit_test(a_change_that_rounds_to_zero_has_no_sign),
	};

	return cmocka_run_group_tests_name("compare_output", tests, NULL, NULL);
}

