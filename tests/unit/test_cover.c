// SPDX-License-Identifier: GPL-2.0
/*
 * hmmbench unit tests: the cover-letter text - setup sentence, first
 * (cold) call beside the warm mean ± its 95 % interval, the legend, and
 * lines short enough for an email.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "fixture.h"

static char *cover(struct hb_result *r)
{
	char *text = fixture_render(HB_FMT_COVER, r);

	assert_non_null(text);
	return text;
}

static void setup_names_kernel_machine_and_label(void **state)
{
	char *t = fixture_text(HB_FMT_COVER);

	(void)state;
	assert_non_null(t);
	/* where it was measured, and what that means, in the first lines */
	assert_non_null(strstr(t, "Linux 6.1.192 x86_64 under QEMU 7.2.22 TCG, Test CPU @\n"));
	assert_non_null(strstr(t, "1.00GHz, 2 CPUs, 1 NUMA node, 4 GiB RAM, label \"base\". Environment:\n"));
	/* then the environment it ran in */
	assert_non_null(strstr(t, "SMT not supported, THP always/madvise, clocksource hpet, microcode 0x1;\n"
				  "mitigations: 1 vulnerable (spec_store_bypass), 2 mitigated. Emulated by\n"));
	assert_non_null(strstr(t, "the first call, then the mean of 3 more after warm-up runs."));
	free(t);
}

static void memremap_row_shows_first_then_mean_and_interval(void **state)
{
	char *t = fixture_text(HB_FMT_COVER);

	(void)state;
	assert_non_null(t);
	/* cold 58 ms; warm 26, 28, 30 ms: 28 ± 4.97 ms, CV 2/28 */
	assert_non_null(strstr(t,
		"\n  1 GiB, ms                   first              mean ± 95% CI      CV\n"
		"  memremap_pages               58.0                 28.0 ± 5.0    7.1%\n"));
	free(t);
}

static void legend_says_what_plus_minus_means(void **state)
{
	char *t = fixture_text(HB_FMT_COVER);

	(void)state;
	assert_non_null(t);
	assert_non_null(strstr(t,
		"± is the 95% confidence interval of the mean (Student t).\n"));
	assert_null(strstr(t, "INCOMPLETE"));
	free(t);
}

static void minor_phases_are_left_out(void **state)
{
	char *t = fixture_text(HB_FMT_COVER);

	(void)state;
	assert_non_null(t);
	assert_null(strstr(t, "region release"));
	assert_null(strstr(t, "region request"));
	assert_non_null(strstr(t, "memunmap_pages"));
	free(t);
}

static void lines_fit_in_an_email(void **state)
{
	struct hb_result r;
	char *t, *p;
	int col = 0;

	(void)state;
	fixture_result(&r);
	t = cover(&r);
	for (p = t; *p; p++) {
		if (*p == '\n')
			col = 0;
		else if ((*p & 0xc0) != 0x80)	/* count UTF-8 characters */
			assert_true(++col <= 72);
	}
	free(t);
	hb_result_free(&r);
}

static void incomplete_run_says_so(void **state)
{
	struct hb_result r;
	char *t;

	(void)state;
	fixture_result(&r);
	r.complete = false;
	r.stop_reason = "interrupted";
	t = cover(&r);
	assert_non_null(strstr(t, "INCOMPLETE"));
	free(t);
	hb_result_free(&r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(setup_names_kernel_machine_and_label),
		cmocka_unit_test(memremap_row_shows_first_then_mean_and_interval),
		cmocka_unit_test(legend_says_what_plus_minus_means),
		cmocka_unit_test(minor_phases_are_left_out),
		cmocka_unit_test(lines_fit_in_an_email),
		cmocka_unit_test(incomplete_run_says_so),
	};

	return cmocka_run_group_tests_name("cover", tests, NULL, NULL);
}
