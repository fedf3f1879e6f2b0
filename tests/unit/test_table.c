// SPDX-License-Identifier: GPL-2.0
/*
 * hmmbench unit tests: the human table - cold beside warm, what ± and
 * the median interval mean, wall and kernel time, and the notes for an
 * unmeasured phase, a module that was not fresh, an incomplete run and
 * a pool of merged runs, and the memmap digest.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "fixture.h"

static char *table(struct hb_result *r)
{
	char *text = fixture_render(HB_FMT_TABLE, r);

	assert_non_null(text);
	return text;
}

static char *wide(struct hb_result *r)
{
	char *t = fixture_render_as(HB_FMT_TABLE, true, r);

	assert_non_null(t);
	return t;
}

static void legend_explains_plus_minus_cold_and_wide(void **state)
{
	char *t = fixture_text(HB_FMT_TABLE);

	(void)state;
	assert_non_null(t);
	assert_non_null(strstr(t, "± is the half-width of the 95% confidence interval of the warm mean\n(Student t)."));
	assert_non_null(strstr(t, "cold: the first call after the module was loaded (after boot, in the VM)."));
	assert_non_null(strstr(t, "--wide adds min, max and the median's interval."));
	assert_null(strstr(t, "median 95% CI"));
	free(t);
}

/* --wide: min, max and the median's interval, which needs n >= 6. */
static void wide_table_has_min_max_and_median_interval(void **state)
{
	struct hb_result r;
	char *t, *row;

	(void)state;
	fixture_result(&r);
	t = wide(&r);
	assert_non_null(strstr(t, "median 95% CI"));
	assert_non_null(strstr(t, "it needs n >= 6"));
	assert_non_null(strstr(t, "\n1 GiB, ms "));
	row = strstr(t, "\nmemremap_pages ");
	assert_non_null(row);
	assert_non_null(strstr(row, " 26.0 "));
	assert_non_null(strstr(row, " 30.0 "));
	free(t);
	hb_result_free(&r);
}

static void memremap_row_has_cold_and_warm_statistics(void **state)
{
	struct hb_result r;
	char *t, *row;

	(void)state;
	fixture_result(&r);
	t = table(&r);
	row = strstr(t, "\nmemremap_pages ");
	assert_non_null(row);
	/* every time of the size in the unit its heading names */
	assert_non_null(strstr(t, "\n1 GiB, ms                    cold   warm mean       95% CI      median     CV\n"));
	assert_non_null(strstr(row, "               58.0        28.0        ± 5.0        28.0   7.1%\n"));
	assert_non_null(strstr(t, "\nregion release            0.00100     0.00100    ± 0.00000     0.00100   0.1%\n"));
	free(t);
	hb_result_free(&r);
}

static void wall_time_says_what_it_covers(void **state)
{
	char *t = fixture_text(HB_FMT_TABLE);

	(void)state;
	assert_non_null(t);
	assert_non_null(strstr(t, "wall time 500.0 ms (the measurement loop, not the whole command), kernel time\n422.0 ms"));
	free(t);
}

static void memmap_digest_is_shown_with_its_verdict(void **state)
{
	struct hb_result r;
	char *t;

	(void)state;
	fixture_result(&r);
	t = table(&r);
	assert_null(strstr(t, "memmap of"));
	free(t);
	r.memmap[0] = (struct hb_memmap){
		.valid = true, .pages = 262144, .digest = 0x3f9a,
		.layout = 0xabcd,
	};
	t = table(&r);
	assert_non_null(strstr(t, "\nmemmap of 1 GiB: digest 0x0000000000003f9a, layout 0x000000000000abcd, 262144\npages, all invariants hold\n"));
	free(t);
	r.memmap[0].bad_pages = 3;
	t = table(&r);
	assert_non_null(strstr(t, "262144\npages, 3 break an invariant (hmmbench verify shows which)\n"));
	free(t);
	hb_result_free(&r);
}

/* Ten calls of 64 GiB switching between about 1.4 s and 2.0 s. */
/* A sweep: one row per size by default, each size in full with --wide. */
static void sweep_table_has_one_row_per_size(void **state)
{
	static const double ms[] = { 30.0, 31.0, 29.0 };
	struct hb_result r;
	char *t;

	(void)state;
	fixture_series(&r, "base", 58.0, ms, 3);
	r.cfg.command = "sweep";
	r.cfg.workload = "chunk";
	r.cfg.sizes[r.cfg.nr_sizes++] = 2ULL << 30;
	t = table(&r);
	/* each per-4-KiB column named by what it divides */
	assert_non_null(strstr(t, "\n                       (ms)                (ms) memremap memmap_init      (ms)\n"
				  "size         memremap_pages   memmap_init phase  ns/4KiB     ns/4KiB  memunmap\n"
				  "1 GiB            30.0 ± 2.5          27.0 ± 2.2    114.4       103.0      50.0\n"
				  "2 GiB                     -                   -        -           -         -\n"));
	assert_null(strstr(t, "\nregion request"));
	assert_non_null(strstr(t, "cold: the first call after the module was loaded (after boot, in the VM), of the\nfirst size, 1 GiB."));
	assert_non_null(strstr(t, "first: the first call of a size after other calls"));
	free(t);
	t = wide(&r);
	assert_non_null(strstr(t, "\nregion request"));
	assert_non_null(strstr(t, "\n1 GiB, ms                    cold"));
	assert_non_null(strstr(t, "\n2 GiB                       first"));
	free(t);
	hb_result_free(&r);
}

static void two_level_run_gets_a_note(void **state)
{
	static const double ms[] = {
		1410, 1380, 1430, 2010, 2050, 1400, 1980, 1390, 2030, 1420,
	};
	struct hb_result r;
	char *t;

	(void)state;
	fixture_series(&r, "base", 2400.0, ms, 10);
	t = fixture_render(HB_FMT_TABLE, &r);
	assert_non_null(t);
	/* 1380..1430: mean 1405; 1980..2050: mean 2017.5; wrapped at 80 */
	assert_non_null(strstr(t, "note: 1 GiB warm memremap_pages: two levels: 6 calls near 1.405 s, 4 near\n  2.018 s\n"));
	free(t);
	t = fixture_render(HB_FMT_COVER, &r);
	assert_non_null(strstr(t, "1 GiB memremap_pages: two levels: 6 calls near 1.405 s, 4 near"));
	free(t);
	hb_result_free(&r);
}

/*
 * The table's n, and the n of each row made of fewer samples: the
 * memmap_init rows lack the sample without a memmap_init value.  Such
 * a part keeps its column's decimals: 8.0 ms, not 8.00 ms.
 */
static void sample_counts_are_shown(void **state)
{
	char *t = fixture_text(HB_FMT_TABLE);

	(void)state;
	assert_non_null(t);
	assert_non_null(strstr(t, "\nmemremap_pages               58.0        28.0        ± 5.0        28.0   7.1%\n"
				  "  memmap_init phase *        20.0        20.0        ± 0.0        20.0   0.0%\n"
				  "  rest of memremap *         38.0         8.0       ± 25.4         8.0  35.4%\n"));
	/* per 4 KiB: the unit in the row's title, a number in its cells */
	assert_non_null(strstr(t, "\nmemremap ns/4KiB           221.25      106.81"));
	assert_non_null(strstr(t, "\nsamples (n)                     1           3\n"
				  "* n = 1 cold, 2 warm: the samples that have every value the row needs.\n"));
	free(t);
}

/* One CPU is "1 CPU", in the table and the cover alike. */
static void one_cpu_is_singular(void **state)
{
	static const double ms[] = { 30.0, 31.0 };
	struct hb_result r;
	char *t;

	(void)state;
	fixture_series(&r, "base", 58.0, ms, 2);
	r.meta.host.cpus = 1;
	t = fixture_render(HB_FMT_TABLE, &r);
	assert_non_null(strstr(t, " 1 CPU, 1 NUMA node"));
	free(t);
	t = fixture_render(HB_FMT_COVER, &r);
	assert_non_null(strstr(t, " 1 CPU,"));
	free(t);
	hb_result_free(&r);
}

static void phase_never_measured_gets_a_note(void **state)
{
	struct hb_result r;
	size_t i;
	char *t;

	(void)state;
	fixture_result(&r);
	for (i = 0; i < r.nr_samples; i++)
		r.samples[i].valid &= ~HMMBENCH_T_MEMMAP_INIT;
	t = table(&r);
	assert_non_null(strstr(t, "memmap_init phase: not measured"));
	free(t);
	hb_result_free(&r);
}

static void used_module_warns_that_cold_is_not_first(void **state)
{
	struct hb_result r;
	char *t;

	(void)state;
	fixture_result(&r);
	r.meta.info.maps_total = 7;
	t = table(&r);
	assert_non_null(strstr(t, "had made 7 mappings before this run"));
	free(t);
	hb_result_free(&r);
}

static void interrupted_run_is_marked_incomplete(void **state)
{
	struct hb_result r;
	char *t;

	(void)state;
	fixture_result(&r);
	r.complete = false;
	r.stop_reason = "interrupted";
	t = table(&r);
	assert_non_null(strstr(t, "INCOMPLETE (interrupted): only 5 samples"));
	free(t);
	hb_result_free(&r);
}

/*
 * Merged runs: the table shows the mean of the runs' means, its
 * interval over the 3 runs, and the calls per run, as compare tests
 * them; the figures pooled over every call only with --wide, labelled.
 */
static void merged_runs_show_the_runs_means(void **state)
{
	static const double runs_ms[] = { 30.0, 34.0, 31.0 };
	struct hb_result r;
	char *t;

	(void)state;
	fixture_runs(&r, "base", 58.0, runs_ms, 3, 4);
	t = table(&r);
	assert_non_null(strstr(t, "hmmbench run: 3 runs merged (3 boots), 1 chunk per iteration, 3 first + 12 warm\n  iterations (4 per run)"));
	/* the runs' means, 30, 34 and 31 ms: 31.7 ms ± 4.303 * 2.08 / sqrt(3) */
	assert_non_null(strstr(t, "\nmemremap_pages               59.0        31.7        ± 5.2        31.0   6.6%\n"));
	assert_non_null(strstr(t, "\nruns (n)                        3           3\ncalls per run                   1           4\n"));
	assert_non_null(strstr(t, "runs' mean is the mean of the 3 runs' means"));
	assert_null(strstr(t, "1 GiB, pooled"));
	free(t);
	t = wide(&r);
	assert_non_null(strstr(t, "\n1 GiB, pooled, ms            cold   warm mean"));
	assert_non_null(strstr(t, "\npooled: over the 3 runs' samples taken as one"));
	free(t);
	hb_result_free(&r);
	fixture_result(&r);
	t = table(&r);
	assert_null(strstr(t, "pooled"));
	assert_null(strstr(t, "runs' mean"));
	free(t);
	hb_result_free(&r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(legend_explains_plus_minus_cold_and_wide),
		cmocka_unit_test(wide_table_has_min_max_and_median_interval),
		cmocka_unit_test(memremap_row_has_cold_and_warm_statistics),
		cmocka_unit_test(wall_time_says_what_it_covers),
		cmocka_unit_test(sweep_table_has_one_row_per_size),
		cmocka_unit_test(two_level_run_gets_a_note),
		cmocka_unit_test(sample_counts_are_shown),
		cmocka_unit_test(one_cpu_is_singular),
		cmocka_unit_test(phase_never_measured_gets_a_note),
		cmocka_unit_test(used_module_warns_that_cold_is_not_first),
		cmocka_unit_test(interrupted_run_is_marked_incomplete),
		cmocka_unit_test(merged_runs_show_the_runs_means),
		cmocka_unit_test(memmap_digest_is_shown_with_its_verdict),
	};

	return cmocka_run_group_tests_name("table", tests, NULL, NULL);
}
