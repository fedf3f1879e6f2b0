// SPDX-License-Identifier: GPL-2.0
/*
 * hmmbench unit tests: what `hmmbench compare` finds - each row's change,
 * its interval and verdict, or an exact change of counted instructions;
 * Holm over a family, the smallest change a "~" could have missed, what
 * counts as a unit (samples, runs, boots) and the primary metric - on
 * two results compared as compare_pair.c compares them.  Welch p-values
 * of run means are from ratio_ref.py (mpmath's incomplete beta for the t
 * tail), and agree with scipy's where the comments say so; Holm's
 * adjustment is worked out by hand from them.
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

/* One run a side: the change and its within-run interval, no verdict. */
static void single_runs_show_the_change_without_a_verdict(void **state)
{
	const struct hb_cmp_row *row;
	struct pair p;
	char *t;

	(void)state;
	pair_of(&p, base_ms, N(base_ms), new_ms, N(new_ms));
	row = row_of(&p.c, HB_WARM, HB_M_MEMREMAP);
	assert_false(row->by_run);
	assert_true(row->interval);
	assert_false(row->tested);
	assert_false(row->significant);
	assert_true(isnan(row->p_holm));
	assert_true(fabs(row->rel + 52.99695225194717) < 1e-6);
	assert_true(fabs(row->w.rel_lo + 53.53142114450792) < 1e-6);
	assert_true(fabs(row->w.rel_hi + 52.456336044272625) < 1e-6);
	assert_int_equal(row->a.n, 10);
	assert_int_equal(row->b.n, 10);
	t = render(&p.c, HB_FMT_TABLE);
	/* untested: a "?" the legend explains, no parentheses */
	assert_non_null(strstr(t, " -53.0%?  [-53.5%, -52.5%] 10+10\n"));
	assert_non_null(strstr(t, "\nx%?: not tested."));
	assert_null(strstr(t, "(-53.0%)"));
	assert_null(strstr(t, " ~ "));
	free(t);
	t = render(&p.c, HB_FMT_COVER);
	assert_non_null(strstr(t, "One boot on a side: "));
	assert_non_null(strstr(t, "(make ab)"));
	assert_non_null(strstr(t, "118.1 ms ±1% -> 55.5 ms ±1%  -53.0%? [-53.5%, -52.5%]"));
	assert_null(strstr(t, "p="));
	free(t);
	pair_free(&p);
}

/*
 * The same runs on both sides: "~", and how large a change they would
 * have detected - hb_mde() of the row's runs and variances, Welch at
 * alpha over the family's 12 tests, relative to the base mean.
 */
static void identical_runs_show_tilde_and_no_detectable_change(void **state)
{
	static const double runs_base_ms[] = { 100, 106, 98, 104 };
	static const struct rendered want[] = {
		{ HB_FMT_TABLE,
		  "\nmemremap_pages        102.0 ±4%   102.0 ±4%       ~  [-6.0%, +6.4%]  4+4\n" },
		{ HB_FMT_TABLE,
		  "\n                    (a change under ±16.4% would not have been detected)\n  memmap_init phase " },
		/* a "~" keeps base, new and the bound in the cover */
		{ HB_FMT_COVER,
		  "time in memmap_init_zone_device(): no detectable change (< ±16.4%):   1 GiB   91.8 ms ±4% ->  91.8 ms ±4%  ~ [-6.0%, +6.4%]  p=1 " },
		{ HB_FMT_COVER,
		  "memremap time: no detectable change (< ±16.4%):   1 GiB  102.0 ms ±4% -> 102.0 ms ±4%  ~ [-6.0%, +6.4%]  p=1 " },
		{ HB_FMT_COVER,
		  "memunmap time: no detectable change:   1 GiB   50.0 ms ±0% ->  50.0 ms ±0%  ~ [0.0%, 0.0%]  p=1 " },
		{ HB_FMT_CSV,
		  ",warm,memremap_ns,ns,20,20,102000000.0,102000000.0,102000000.0,102000000.0,0.0000," },
		{ HB_FMT_CSV,
		  ",1,12,false,16.4" },
	};
	const struct hb_cmp_row *row;
	struct hb_result ra, rb;
	struct hb_mde m;
	struct pair p;

	(void)state;
	fixture_runs(&ra, "base", 58.0, runs_base_ms, 4, 5);
	fixture_runs(&rb, "new", 58.0, runs_base_ms, 4, 5);
	pair_compare(&p, &ra, &rb, false);
	row = row_of(&p.c, HB_WARM, HB_M_MEMREMAP);
	assert_true(row->tested);
	assert_false(row->significant);
	assert_true(row->p_holm == 1.0);
	assert_int_equal(hb_mde(4, row->w.var_a, 4, row->w.var_b, 0.05 / 12,
				0.05, &m), HB_MDE_OK);
	assert_true(row->mde == 100 * m.rule / 102e6);
	assert_true(row->mde_welch == 100 * m.welch / 102e6);
	assert_false(row->mde_none);
	assert_true(fabs(row->mde - 16.4) < 0.05);
	/* both sides constant: nothing to scale an effect by */
	assert_true(isnan(row_of(&p.c, HB_WARM, HB_M_MEMUNMAP)->mde));
	assert_renders(&p.c, want, N(want));
	pair_free(&p);
}

/*
 * Every run of a side has the same mean, and the sides differ: Welch has
 * no spread to test (its p is NAN), so the verdict rests on the rank
 * test - exact Mann-Whitney of 4 runs below 4 others, p = 2/70 - Holm-
 * adjusted over the family, never on Welch's missing p.
 */
static void constant_runs_on_each_side_rest_on_the_rank_test(void **state)
{
	static const double base_runs_ms[] = { 100, 100, 100, 100 };
	static const double new_runs_ms[] = { 60, 60, 60, 60 };
	const struct hb_cmp_row *row;
	struct pair p;

	(void)state;
	pair_runs(&p, base_runs_ms, new_runs_ms);
	row = row_of(&p.c, HB_WARM, HB_M_MEMREMAP);
	assert_true(row->tested);
	assert_int_equal(row->wst, HB_CMP_NO_SPREAD);
	assert_true(isnan(row->w.p));
	assert_true(fabs(row->u.p - 2.0 / 70) < 1e-12);
	assert_true(row->p_holm >= row->u.p);
	assert_true(row->p_holm <= row->holm_m * row->u.p);
	assert_true(row->p_holm < 1.0);
	pair_free(&p);
}

/*
 * Under icount, runs of one side that count the same instructions are an
 * exact change: significant with 4 runs a side as with 3, out of the Holm
 * family, "exact" where the p would be; the same constant times, timed,
 * stay a test of the ranks.  Equal counts on both sides are no change.
 */
static void counted_constant_runs_are_an_exact_change(void **state)
{
	static const double base_runs_ms[] = { 100, 100, 100 };
	static const double new_runs_ms[] = { 60, 60, 60 };
	static const struct rendered want[] = {
		{ HB_FMT_TABLE, "exact: instructions counted" },
		{ HB_FMT_COVER, "100.0 M instr ±0% -> 60.0 M instr ±0%  -40.0% exact " },
		{ HB_FMT_TABLE, "\n1 GiB warm, M instr " },
		{ HB_FMT_JSON, "\"exact\":true" },
	};
	const struct hb_cmp_row *row;
	struct hb_result ra, rb;
	struct pair p;

	(void)state;
	fixture_runs(&ra, "base", 58.0, base_runs_ms, 3, PER_RUN);
	fixture_runs(&rb, "new", 58.0, new_runs_ms, 3, PER_RUN);
	snprintf(ra.meta.host.accel, sizeof(ra.meta.host.accel), "icount");
	snprintf(rb.meta.host.accel, sizeof(rb.meta.host.accel), "icount");
	pair_compare(&p, &ra, &rb, false);
	assert_int_equal(p.ret, 0);
	row = row_of(&p.c, HB_WARM, HB_M_MEMREMAP);
	assert_true(row->tested && row->exact && row->significant);
	assert_true(isnan(row->p_holm));
	assert_int_equal(row->holm_m, 0);
	assert_true(isnan(row->mde));
	assert_true(fabs(row->rel + 40.0) < 1e-9);
	row = row_of(&p.c, HB_WARM, HB_M_MEMUNMAP);
	assert_true(row->exact && !row->significant);
	assert_renders(&p.c, want, N(want));
	pair_free(&p);

	fixture_runs(&ra, "base", 58.0, base_runs_ms, 3, PER_RUN);
	fixture_runs(&rb, "new", 58.0, new_runs_ms, 3, PER_RUN);
	pair_compare(&p, &ra, &rb, false);
	row = row_of(&p.c, HB_WARM, HB_M_MEMREMAP);
	assert_true(row->tested && !row->exact && !row->significant);
	pair_free(&p);
}

/*
 * Two runs a side: the rank test's p is at least 1/3, so no change
 * could have been detected, and no effect is claimed; three runs a side
 * cannot reach 0.05 either.
 */
static void two_runs_a_side_could_detect_no_change(void **state)
{
	static const double a_ms[] = { 100, 104, 98 };
	static const double b_ms[] = { 103, 99, 101, 102 };
	static const struct rendered two[] = {
		{ HB_FMT_TABLE,
		  "(no change could have been detected with 2 runs a side)\n" },
		{ HB_FMT_TABLE,
		  "\n(no change could have been detected): with so few runs the Mann-Whitney p" },
		{ HB_FMT_COVER,
		  "memremap time: no change could have been detected with 2 runs a side:   1 GiB  102.0 ms ±3% -> 101.0 ms ±3%  ~ [-12.2%, +11.6%]  p=1 " },
		{ HB_FMT_CSV,
		  ",1,12,false,," },
		{ HB_FMT_JSON,
		  "\"mde_percent\":null," },
		{ HB_FMT_JSON,
		  "\"mde_detectable\":false," },
	};
	static const struct rendered three[] = {
		{ HB_FMT_TABLE,
		  "(no change could have been detected with 3 + 4 runs)\n" },
	};
	const struct hb_cmp_row *row;
	struct hb_result ra, rb;
	struct pair p;

	(void)state;
	fixture_runs(&ra, "base", 58.0, a_ms, 2, 5);
	fixture_runs(&rb, "new", 58.0, b_ms, 2, 5);
	pair_compare(&p, &ra, &rb, false);
	row = row_of(&p.c, HB_WARM, HB_M_MEMREMAP);
	assert_true(row->tested && !row->significant);
	assert_true(row->mde_none);
	assert_true(isnan(row->mde));
	assert_true(row->mde_welch > 0.0);
	assert_renders(&p.c, two, N(two));
	pair_free(&p);
	fixture_runs(&ra, "base", 58.0, a_ms, 3, 5);
	fixture_runs(&rb, "new", 58.0, b_ms, 4, 5);
	pair_compare(&p, &ra, &rb, false);
	assert_renders(&p.c, three, N(three));
	pair_free(&p);
}

static void cold_and_warm_are_compared_apart(void **state)
{
	const struct hb_cmp_row *cold, *warm;
	struct hb_result a, b;
	struct pair p;

	(void)state;
	fixture_series(&a, "base", 240.0, base_ms, N(base_ms));
	fixture_series(&b, "new", 120.0, base_ms, N(base_ms));
	pair_compare(&p, &a, &b, false);
	cold = row_of(&p.c, HB_COLD, HB_M_MEMREMAP);
	warm = row_of(&p.c, HB_WARM, HB_M_MEMREMAP);
	assert_int_equal(cold->a.n, 1);
	assert_true(cold->a.mean == 240e6 && cold->b.mean == 120e6);
	assert_false(cold->tested);
	assert_true(cold->rel == -50.0);
	assert_int_equal(warm->a.n, 10);
	assert_false(warm->significant);
	assert_false(cold->interval);
	assert_true(has_note(&p.c, "base and new are one run each: no verdict"));
	pair_free(&p);
}

static void runs_are_the_unit_when_both_sides_merge_several(void **state)
{
	const struct hb_cmp_row *row;
	struct pair p;

	(void)state;
	pair_runs(&p, runs_base_ms, runs_new_ms);
	row = row_of(&p.c, HB_WARM, HB_M_MEMREMAP);
	assert_true(row->by_run);
	assert_int_equal(row->na, RUNS);
	assert_int_equal(row->nb, RUNS);
	assert_int_equal(row->a.n, RUNS * PER_RUN);
	assert_true(fabs(row->w.t - 1.4) < 1e-9);
	assert_true(fabs(row->w.p - 0.2112514686424205) < 1e-9);
	assert_true(fabs(row->u.p - 0.2) < 1e-12);
	assert_true(row->tested);
	assert_false(row->significant);
	assert_true(row->warn & HB_CMP_WARN_FEW);
	assert_true(has_note(&p.c, "1 GiB warm: 4+4 runs, under 6 a side: a real change can go undetected"));
	assert_false(has_note(&p.c, "one run"));
	/* one cold sample per run: four a side, tested too */
	row = row_of(&p.c, HB_COLD, HB_M_MEMREMAP);
	assert_true(row->by_run && row->tested);
	assert_int_equal(row->na, RUNS);
	pair_free(&p);
}

#define BOOT_A	"3f1c2a9e-5b7d-4e2f-9a61-0c8d7e6b5a43"
#define BOOT_B	"9d0e4b21-7c3a-4f58-b2e6-1a9c5d7f3e80"

static void runs_in_boots(struct hb_result *r, const char *label,
			  const double *run_ms, const char *const *ids)
{
	size_t k;

	fixture_runs(r, label, 58.0, run_ms, RUNS, PER_RUN);
	strcpy(r->meta.host.boot_id, ids[0]);
	for (k = 0; k < RUNS; k++)
		r->sources[k].boot_id = ids[k];
}

static void pair_in_boots(struct pair *p, const char *const *base_ids,
			  const char *const *new_ids)
{
	struct hb_result ra, rb;

	runs_in_boots(&ra, "base", runs_base_ms, base_ids);
	runs_in_boots(&rb, "new", runs_fast_ms, new_ids);
	pair_compare(p, &ra, &rb, false);
	assert_int_equal(p->ret, 0);
}

static void runs_of_two_boots_a_side_are_called_runs(void **state)
{
	static const char *const ids[] = { BOOT_A, BOOT_A, BOOT_B, BOOT_B };
	struct pair p;
	char *t;

	(void)state;
	pair_in_boots(&p, ids, ids);
	assert_int_equal(hb_cmp_boots(&p.c), HB_CMP_SHARED);
	t = render(&p.c, HB_FMT_COVER);
	assert_non_null(strstr(t, "(base, 4 runs in 2 boots, 24 calls); new Linux 6.1.0-test (new, 4 runs in 2 boots, 24 calls)."));
	assert_non_null(strstr(t, "  Each run counts once, by the mean of its calls.  Average"));
	assert_non_null(strstr(t, "p: Welch's t-test on the runs' means, Holm-adjusted"));
	assert_non_null(strstr(t, "First call of each run, base -> new, change [95% CI]: (runs shared a boot: not all are the first after boot)"));
	assert_null(strstr(t, "boots' means"));
	assert_null(strstr(t, "Each boot counts once"));
	free(t);
	/* a long path wraps the input's line, the rest indented under it */
	t = render(&p.c, HB_FMT_TABLE);
	assert_non_null(strstr(t, "label \"base\", 4\n      runs in 2 boots, 24 calls\n"));
	assert_null(strstr(t, "label \"base\", 4 runs in 2 boots"));
	free(t);
	pair_free(&p);
}

/* Each side in a boot of its own: not the same boot. */
static void sides_in_boots_of_their_own_do_not_alternate(void **state)
{
	static const char *const a[] = { BOOT_A, BOOT_A, BOOT_A, BOOT_A };
	static const char *const b[] = { BOOT_B, BOOT_B, BOOT_B, BOOT_B };
	struct pair p;
	char *t;

	(void)state;
	pair_in_boots(&p, a, b);
	assert_int_equal(hb_cmp_boots(&p.c), HB_CMP_SHARED);
	t = render(&p.c, HB_FMT_COVER);
	assert_non_null(strstr(t, "(base, 4 runs in 1 boot, 24 calls); new Linux 6.1.0-test (new, 4 runs in 1 boot, 24 calls)."));
	assert_non_null(strstr(t, "  Each run counts once, by the mean of its calls.  Average"));
	free(t);
	pair_free(&p);
}

static void runs_of_both_sides_in_one_boot_alternate(void **state)
{
	static const char *const ids[] = { BOOT_A, BOOT_A, BOOT_A, BOOT_A };
	struct pair p;
	char *t;

	(void)state;
	pair_in_boots(&p, ids, ids);
	assert_int_equal(hb_cmp_boots(&p.c), HB_CMP_ONE_BOOT);
	t = render(&p.c, HB_FMT_COVER);
	assert_non_null(strstr(t, "  Each run counts once, by the mean of its calls; the runs of both sides alternate within the same boot.  Average"));
	free(t);
	pair_free(&p);
}

/* Runs without boot ids are boots each, as make ab measures them. */
static void runs_without_boot_ids_are_called_boots(void **state)
{
	struct pair p;
	char *t;

	(void)state;
	pair_runs(&p, runs_base_ms, runs_fast_ms);
	assert_int_equal(hb_cmp_boots(&p.c), HB_CMP_BOOT_EACH);
	t = render(&p.c, HB_FMT_COVER);
	assert_non_null(strstr(t, "(base, 4 boots, 24 calls); new Linux 6.1.0-test (new, 4 boots, 24 calls)."));
	assert_non_null(strstr(t, "  Each boot counts once, by the mean of its calls.  Average"));
	assert_non_null(strstr(t, "p: Welch's t-test on the boots' means, Holm-adjusted"));
	assert_non_null(strstr(t, "First call after boot, base -> new"));
	free(t);
	pair_free(&p);
}

/*
 * The same samples, unmerged, as two runs of one boot each: tested one by
 * one they would claim a change (Welch p = 0.00146); they get none.
 */
static void same_samples_unmerged_get_no_verdict(void **state)
{
	double a[RUNS * PER_RUN], b[RUNS * PER_RUN];
	const struct hb_cmp_row *row;
	struct hb_result ra, rb;
	struct pair p;
	size_t i;

	(void)state;
	fixture_runs(&ra, "base", 58.0, runs_base_ms, RUNS, PER_RUN);
	fixture_runs(&rb, "new", 58.0, runs_new_ms, RUNS, PER_RUN);
	for (i = 0; i < RUNS * PER_RUN; i++) {
		a[i] = ra.samples[i / PER_RUN * (PER_RUN + 1) + i % PER_RUN + 1]
			.memremap_ns / 1e6;
		b[i] = rb.samples[i / PER_RUN * (PER_RUN + 1) + i % PER_RUN + 1]
			.memremap_ns / 1e6;
	}
	hb_result_free(&ra);
	hb_result_free(&rb);
	pair_of(&p, a, N(a), b, N(b));
	row = row_of(&p.c, HB_WARM, HB_M_MEMREMAP);
	assert_false(row->by_run);
	assert_int_equal(row->na, RUNS * PER_RUN);
	assert_true(fabs(row->w.p - 0.001460298667604421) < 1e-9);
	assert_false(row->tested);
	assert_false(row->significant);
	assert_true(has_note(&p.c, "base and new are one run each: no verdict"));
	pair_free(&p);
}

static void a_shift_in_every_run_is_significant(void **state)
{
	const struct hb_cmp_row *row;
	struct pair p;
	char *t;

	(void)state;
	pair_runs(&p, runs_base_ms, runs_fast_ms);
	row = row_of(&p.c, HB_WARM, HB_M_MEMREMAP);
	/* Kept for a significant row, shown under "~" rows only */
	assert_true(row->mde > 0 && !row->mde_none);
	assert_true(fabs(row->w.p - 4.576265306179917e-06) < 1e-12);
	assert_true(fabs(row->u.p - 2.0 / 70) < 1e-12);
	/*
	 * Twelve tests: six measured metrics, cold and warm.  Both sides
	 * have the same cold calls, and the same region, memunmap and
	 * release times: nine p of 1.  Warm memremap, its phase (0.9 of it)
	 * and the rest (0.1 of it) have the same p, the three smallest:
	 * Holm gives max(12 p, 11 p, 10 p) = 12 p to each.
	 */
	assert_int_equal(row->holm_m, 12);
	assert_true(fabs(row->p_holm / (12 * 4.576265306179914e-06) - 1) <
		    1e-6);
	assert_true(row->significant);
	assert_true(fabs(row->rel + 40.0 / 102 * 100) < 1e-9);
	t = render(&p.c, HB_FMT_COVER);
	assert_non_null(strstr(t, "   1 GiB  102.0 ms ±4% -> 62.0 ms ±6%  -39.2% [-44.4%, -33.6%]  p=5.5e-05 "));
	assert_non_null(strstr(t, "Each boot counts once"));
	free(t);
	/* the table keeps each side's spread, Holm's p goes to --wide */
	t = render(&p.c, HB_FMT_TABLE);
	assert_non_null(strstr(t, "\nmemremap_pages        102.0 ±4%    62.0 ±6%  -39.2%  [-44.4%, -33.6%]  4+4\n"));
	assert_non_null(strstr(t, "  95% CI           runs\n"));
	assert_null(strstr(t, "p Holm  "));
	free(t);
	t = render(&p.c, HB_FMT_CSV);
	assert_non_null(strstr(t, ",1073741824,warm,memremap_ns,ns,20,20,"));
	assert_non_null(strstr(t, ",true,true,run,4,4,5.49152e-05,12,false,"));
	assert_non_null(strstr(t, ",true,ns,,\n"));
	free(t);
	t = render(&p.c, HB_FMT_JSON);
	assert_non_null(strstr(t, "\"test_unit\":\"run\""));
	free(t);
	pair_free(&p);
}

/*
 * Run means 7-8 ms slower, fully separated: alone, Welch p = 0.0153
 * (ratio_ref.py) and Mann-Whitney p = 2/70 would both pass 0.05.  With
 * twelve tests the equal p of memremap, its phase and the rest become
 * max(12 p, 11 p, 10 p) = 12 p = 0.184.
 */
static void holm_keeps_a_lone_small_p_from_being_a_change(void **state)
{
	static const double near_ms[] = { 107, 112, 108, 113 };
	const struct hb_cmp_row *row;
	struct pair p;

	(void)state;
	pair_runs(&p, runs_base_ms, near_ms);
	row = row_of(&p.c, HB_WARM, HB_M_MEMREMAP);
	assert_true(fabs(row->w.p - 0.01531264630757108) < 1e-9);
	assert_true(fabs(row->u.p - 2.0 / 70) < 1e-12);
	assert_int_equal(row->holm_m, 12);
	assert_true(fabs(row->p_holm - 12 * 0.01531264630757108) < 1e-8);
	assert_false(row->significant);
	pair_free(&p);
}

/* Per page and bandwidth rows are memremap and the phase rescaled. */
static void derived_metrics_are_shown_never_tested(void **state)
{
	const struct hb_cmp_row *row;
	struct pair p;

	(void)state;
	pair_runs(&p, runs_base_ms, runs_fast_ms);
	row = row_of(&p.c, HB_WARM, HB_M_MEMREMAP_PP);
	assert_true(row->interval);
	assert_false(row->tested);
	assert_false(row->significant);
	assert_true(fabs(row->rel + 40.0 / 102 * 100) < 1e-9);
	row = row_of(&p.c, HB_WARM, HB_M_MEMMAP_INIT_RATE);
	assert_false(row->tested);
	pair_free(&p);
}

/* memremap outside the phase: 0.1 of memremap in these fixtures. */
static void rest_of_memremap_is_tested_as_measured(void **state)
{
	const struct hb_cmp_row *row;
	struct pair p;
	char *t;

	(void)state;
	pair_runs(&p, runs_base_ms, runs_fast_ms);
	row = row_of(&p.c, HB_WARM, HB_M_MEMREMAP_REST);
	assert_true(row->tested);
	assert_true(fabs(row->w.mean_a - 10.2e6) < 1e-3);
	assert_true(fabs(row->w.mean_b - 6.2e6) < 1e-3);
	assert_true(row->significant);
	t = render(&p.c, HB_FMT_TABLE);
	assert_non_null(strstr(t, "\n  rest of memremap     10.2 ±4%     6.2 ±6%  -39.2% "));
	free(t);
	t = render(&p.c, HB_FMT_CSV);
	assert_non_null(strstr(t, ",warm,memremap_rest_ns,ns,20,20,10200000.0,6200000.0,"));
	free(t);
	pair_free(&p);
}

/* The phase leads when both sides probed it, else memremap. */
static void primary_is_the_phase_when_probed_else_memremap(void **state)
{
	struct hb_result a, b;
	struct pair p;
	size_t i;

	(void)state;
	pair_runs(&p, runs_base_ms, runs_fast_ms);
	assert_true(row_of(&p.c, HB_WARM, HB_M_MEMMAP_INIT)->primary);
	assert_false(row_of(&p.c, HB_WARM, HB_M_MEMREMAP)->primary);
	assert_true(row_of(&p.c, HB_COLD, HB_M_MEMMAP_INIT)->primary);
	pair_free(&p);
	fixture_series(&a, "base", 58.0, base_ms, N(base_ms));
	fixture_series(&b, "new", 58.0, new_ms, N(new_ms));
	for (i = 0; i < b.nr_samples; i++)
		b.samples[i].valid &= ~HMMBENCH_T_MEMMAP_INIT;
	pair_compare(&p, &a, &b, false);
	assert_true(row_of(&p.c, HB_WARM, HB_M_MEMREMAP)->primary);
	assert_true(has_note(&p.c, "1 GiB: memmap_init phase, rest of memremap measured in base only: not compared"));
	pair_free(&p);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(single_runs_show_the_change_without_a_verdict),
		cmocka_unit_test(identical_runs_show_tilde_and_no_detectable_change),
		cmocka_unit_test(constant_runs_on_each_side_rest_on_the_rank_test),
		cmocka_unit_test(counted_constant_runs_are_an_exact_change),
		cmocka_unit_test(two_runs_a_side_could_detect_no_change),
		cmocka_unit_test(cold_and_warm_are_compared_apart),
		cmocka_unit_test(runs_are_the_unit_when_both_sides_merge_several),
		cmocka_unit_test(runs_of_two_boots_a_side_are_called_runs),
		cmocka_unit_test(sides_in_boots_of_their_own_do_not_alternate),
		cmocka_unit_test(runs_of_both_sides_in_one_boot_alternate),
		cmocka_unit_test(runs_without_boot_ids_are_called_boots),
		cmocka_unit_test(same_samples_unmerged_get_no_verdict),
		cmocka_unit_test(a_shift_in_every_run_is_significant),
		cmocka_unit_test(holm_keeps_a_lone_small_p_from_being_a_change),
		cmocka_unit_test(derived_metrics_are_shown_never_tested),
		cmocka_unit_test(primary_is_the_phase_when_probed_else_memremap),
		cmocka_unit_test(rest_of_memremap_is_tested_as_measured),
	};

	return cmocka_run_group_tests_name("compare", tests, NULL, NULL);
}

