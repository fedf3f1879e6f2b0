// SPDX-License-Identifier: GPL-2.0
/*
 * hmmbench unit tests: the smallest change compare's rule detects
 * (stats/power.c) - against reference values from Debian 12's
 * python3-scipy 1.10.1 and python3-statsmodels 0.13.5, printed by
 * tests/unit/power_ref.py:
 *
 *   nct:    stats.nct.sf(c, df, ncp) + stats.nct.cdf(-c, df, ncp)
 *   welch:  brentq on that for 80 % power at the Welch-Satterthwaite
 *           df, times the standard error; statsmodels'
 *           TTestIndPower().solve_power() for equal groups
 *   crit:   stats.mannwhitneyu(method='exact' | 'asymptotic') on groups
 *           built to have each U
 */
#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "stats/dist.h"
#include "stats/power.h"
#include "stats/twosample.h"

#define N(a)	(sizeof(a) / sizeof((a)[0]))
/* hb_nct_two_sided() integrates to ~1e-13; scipy's boost to ~1e-15. */
#define REL_NCT		1e-11
/* both solve for the same ncp to ~1e-12 */
#define REL_MDE		1e-9
/* statsmodels' solve_power stops at brentq's default tolerance */
#define REL_STATSMODELS	1e-7
#define ALPHA		0.05

static void assert_close(double got, double want, double rel)
{
	if (!(fabs(got - want) <= rel * fabs(want) + 1e-300)) {
		print_error("got %.17g, want %.17g (rel %.3g)\n", got, want,
			    rel);
		fail();
	}
}

static void nct_power_matches_scipy(void **state)
{
	static const struct { double c, df, ncp, p; } ref[] = {
		{ 2.0, 6.0, 2.8, 0.7793764223411486 },
		{ 2.0, 1.0, 1.0, 0.40897691709801365 },
		{ 3.5, 30.0, 3.0, 0.33423601841589184 },
		{ 2.0, 1000.0, 2.8, 0.788058774970879 },
		{ 2.0, 1e6, 2.8, 0.7881453078585514 },
		{ 8000.0, 1.0, 9000.0, 0.7394109620021411 },
		{ 3.0, 2.5, -1.5, 0.23225380079673305 },
		{ 0.0, 5.0, 1.0, 1.0 },
	};
	size_t i;

	(void)state;
	for (i = 0; i < N(ref); i++)
		assert_close(hb_nct_two_sided(ref[i].c, ref[i].df, ref[i].ncp),
			     ref[i].p, REL_NCT);
	assert_true(hb_nct_two_sided(INFINITY, 3.0, 1.0) == 0.0);
	assert_true(isnan(hb_nct_two_sided(2.0, 0.0, 1.0)));
	assert_true(isnan(hb_nct_two_sided(-1.0, 3.0, 1.0)));
}

struct welch_ref {
	size_t n_a;
	double var_a;
	size_t n_b;
	double var_b, level, mde, statsmodels;
};

static void welch_mde_matches_scipy_and_statsmodels(void **state)
{
	static const struct welch_ref ref[] = {
		{ 6, 1.0, 6, 1.0, 0.05 / 12, 2.7034517733755346,
		  2.7034518213444 },
		{ 4, 1.0, 4, 1.0, 0.0125, 3.2228567777520403,
		  3.2228569098451287 },
		{ 10, 4.0, 10, 4.0, 0.005, 3.670429840987395,
		  3.670429838966942 },
		{ 20, 1.0, 20, 1.0, 0.05, 0.9091290328949526,
		  0.9091290413064503 },
		{ 5, 0.3, 12, 2.0, 0.01, 1.8333613231290695, NAN },
		{ 2, 100.0, 8, 1.0, 0.0005, 11160.344072256317, NAN },
	};
	struct hb_mde m;
	size_t i;

	(void)state;
	for (i = 0; i < N(ref); i++) {
		hb_mde(ref[i].n_a, ref[i].var_a, ref[i].n_b, ref[i].var_b,
		       ref[i].level, ALPHA, &m);
		assert_close(m.welch, ref[i].mde, REL_MDE);
		if (!isnan(ref[i].statsmodels))
			assert_close(m.welch, ref[i].statsmodels,
				     REL_STATSMODELS);
	}
}

static void rank_test_critical_u_matches_scipy(void **state)
{
	static const struct { size_t n_a, n_b; double crit; } ref[] = {
		{ 2, 2, -1 }, { 3, 3, -1 }, { 3, 4, -1 }, { 4, 4, 0 },
		{ 3, 5, 0 }, { 2, 7, -1 }, { 2, 8, 0 }, { 6, 6, 5 },
		{ 10, 10, 23 }, { 5, 12, 11 }, { 50, 50, 965 },
		{ 60, 70, 1679 }, { 8, 120, 280 },
	};
	bool nomem = false;
	size_t i, n;

	(void)state;
	for (i = 0; i < N(ref); i++) {
		n = ref[i].n_a + ref[i].n_b;
		assert_true(hb_ranksum_crit(ref[i].n_a, ref[i].n_b, ALPHA,
					    n <= HB_MWU_EXACT_MAX_N, &nomem) ==
			    ref[i].crit);
	}
	assert_false(nomem);
}

/* The rank test's own p is below alpha at the critical U, not above. */
static void critical_u_is_where_the_rank_test_turns(void **state)
{
	static const double a[] = { 2, 4, 6, 8, 10, 12 };
	/* b_j is above this many values of a: 0, 1, 2, 2, 0, 0 */
	double b[] = { 1, 3, 5, 5.5, 0.4, 0.5 };
	struct hb_mwu u;
	bool nomem = false;

	(void)state;
	assert_true(hb_ranksum_crit(6, 6, ALPHA, true, &nomem) == 5);
	hb_mwu_test(a, 6, b, 6, HB_MWU_EXACT, &u);
	assert_true(u.u == 5 && u.p < ALPHA);
	b[3] = 7;
	hb_mwu_test(a, 6, b, 6, HB_MWU_EXACT, &u);
	assert_true(u.u == 6 && !(u.p < ALPHA));
}

static void too_few_runs_for_the_rank_test_detect_nothing(void **state)
{
	static const size_t n[][2] = { { 2, 2 }, { 3, 3 }, { 3, 4 }, { 2, 7 } };
	struct hb_mde m;
	size_t i;

	(void)state;
	for (i = 0; i < N(n); i++) {
		assert_int_equal(hb_mde(n[i][0], 1.0, n[i][1], 1.0, 0.01,
					ALPHA, &m), HB_MDE_NONE);
		assert_true(isnan(m.rule));
		assert_true(m.welch > 0.0);
	}
	assert_int_equal(hb_mde(4, 1.0, 4, 1.0, 0.01, ALPHA, &m), HB_MDE_OK);
}

static void bad_arguments_are_invalid(void **state)
{
	struct hb_mde m;

	(void)state;
	assert_int_equal(hb_mde(1, 1.0, 6, 1.0, 0.01, ALPHA, &m),
			 HB_MDE_INVALID);
	assert_true(isnan(m.rule) && isnan(m.welch));
	assert_int_equal(hb_mde(6, 0.0, 6, 0.0, 0.01, ALPHA, &m),
			 HB_MDE_INVALID);
	assert_int_equal(hb_mde(6, -1.0, 6, 1.0, 0.01, ALPHA, &m),
			 HB_MDE_INVALID);
	assert_int_equal(hb_mde(6, NAN, 6, 1.0, 0.01, ALPHA, &m),
			 HB_MDE_INVALID);
	assert_int_equal(hb_mde(6, 1.0, 6, 1.0, 0.0, ALPHA, &m),
			 HB_MDE_INVALID);
	assert_int_equal(hb_mde(6, 1.0, 6, 1.0, 0.01, 1.0, &m),
			 HB_MDE_INVALID);
	/* one side constant: Welch runs on the other's variance */
	assert_int_equal(hb_mde(6, 0.0, 6, 1.0, 0.01, ALPHA, &m), HB_MDE_OK);
}

/*
 * A fixed seed: the same inputs give the same answer, and scaling the
 * values scales it.  At a few runs the real test needs more than the
 * textbook says; with many the two meet.
 */
static void rule_mde_is_reproducible_and_above_the_textbook(void **state)
{
	struct hb_mde m, again, scaled;

	(void)state;
	assert_int_equal(hb_mde(4, 1.0, 4, 1.0, 0.0125, ALPHA, &m), 0);
	hb_mde(4, 1.0, 4, 1.0, 0.0125, ALPHA, &again);
	assert_true(m.rule == again.rule);
	hb_mde(4, 9e12, 4, 9e12, 0.0125, ALPHA, &scaled);
	assert_close(scaled.rule, 3e6 * m.rule, 1e-9);
	assert_true(m.rule > 1.05 * m.welch);
	hb_mde(40, 1.0, 40, 1.0, 0.0125, ALPHA, &m);
	assert_close(m.rule, m.welch, 0.03);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(nct_power_matches_scipy),
		cmocka_unit_test(welch_mde_matches_scipy_and_statsmodels),
		cmocka_unit_test(rank_test_critical_u_matches_scipy),
		cmocka_unit_test(critical_u_is_where_the_rank_test_turns),
		cmocka_unit_test(too_few_runs_for_the_rank_test_detect_nothing),
		cmocka_unit_test(bad_arguments_are_invalid),
		cmocka_unit_test(rule_mde_is_reproducible_and_above_the_textbook),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
