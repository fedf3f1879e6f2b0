// SPDX-License-Identifier: GPL-2.0
/*
 * hmmbench unit tests: the smallest change compare's rule detects
 * (stats/power.c) - against reference values from Debian 12's
 * python3-scipy 1.10.1 and python3-statsmodels 0.13.5, printed by
 * tests/unit/power_ref.py, and by simulating the rule itself:
 *
 *   nct:    stats.nct.sf(c, df, ncp) + stats.nct.cdf(-c, df, ncp)
 *   welch:  brentq on that for 80 % power at the Welch-Satterthwaite
 *           df, times the standard error; statsmodels'
 *           TTestIndPower().solve_power() for equal groups
 *   crit:   stats.mannwhitneyu(method='exact' | 'asymptotic') on groups
 *           built to have each U
 *   rule:   a comparison's own "~" row says how large a change it would
 *           have detected; normal runs with that row's counts and
 *           variances and a true change of that size go through the
 *           same tests and Holm step as compare, 2000 times, and must
 *           be found 80 % of the time
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

#include "fixture.h"
#include "results/compare.h"
#include "stats/dist.h"
#include "stats/power.h"

#define N(a)	(sizeof(a) / sizeof((a)[0]))
/* hb_nct_two_sided() integrates to ~1e-13; scipy's boost to ~1e-15. */
#define REL_NCT		1e-11
/* both solve for the same ncp to ~1e-12 */
#define REL_MDE		1e-9
/* statsmodels' solve_power stops at brentq's default tolerance */
#define REL_STATSMODELS	1e-7
#define TRIALS		2000
/*
 * Detection of 80 % over TRIALS trials has a binomial standard error of
 * sqrt(0.8 * 0.2 / 2000) = 0.9 %, and the MDE itself comes from 4000
 * trials (0.6 % on the power it reaches): 74-86 % is over 5 of their
 * combined 1.1 %.
 */
#define RATE_LO		0.74
#define RATE_HI		0.86
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

/* xorshift64* and Marsaglia's polar method: not power.c's generator. */
static uint64_t rng_state = 2025;

static double rng_unit(void)
{
	rng_state ^= rng_state >> 12;
	rng_state ^= rng_state << 25;
	rng_state ^= rng_state >> 27;
	return ((rng_state * 0x2545f4914f6cdd1dULL) >> 11) * 0x1p-53;
}

static double rng_normal(void)
{
	static double spare;
	static bool have;
	double u, v, s;

	if (have) {
		have = false;
		return spare;
	}
	do {
		u = 2.0 * rng_unit() - 1.0;
		v = 2.0 * rng_unit() - 1.0;
		s = u * u + v * v;
	} while (s >= 1.0 || s == 0.0);
	s = sqrt(-2.0 * log(s) / s);
	spare = v * s;
	have = true;
	return u * s;
}

/* @n run means around @mean ms, in whole ns as a result holds them. */
static void draw(double *ns, size_t n, double mean, double sd)
{
	size_t i;

	for (i = 0; i < n; i++)
		ns[i] = round(1e6 * (mean + sd * rng_normal()));
}

/*
 * Merged runs of one warm call each, without cold calls or the phase:
 * a family of four tests, memremap and three constants.
 */
static void runs_of(struct hb_input *in, const char *label,
		    const double *ns, size_t n)
{
	double ms[8];
	size_t i, j;

	assert_true(n <= N(ms));
	for (i = 0; i < n; i++)
		ms[i] = ns[i] / 1e6;
	memset(in, 0, sizeof(*in));
	in->path = label;
	fixture_runs(&in->r, label, 58.0, ms, n, 1);
	for (i = j = 0; i < in->r.nr_samples; i++) {
		if (in->r.samples[i].kind == HB_COLD)
			continue;
		in->r.samples[j] = in->r.samples[i];
		in->r.samples[j++].valid &= ~HMMBENCH_T_MEMMAP_INIT;
	}
	in->r.nr_samples = j;
}

/* Compares two sets of run means; the memremap row of @c. */
static const struct hb_cmp_row *compare(struct hb_input in[2],
					struct hb_comparison *c,
					const double *a, size_t na,
					const double *b, size_t nb)
{
	char err[256];
	size_t i;

	runs_of(&in[0], "base", a, na);
	runs_of(&in[1], "new", b, nb);
	assert_int_equal(hb_compare(in, 2, ALPHA, false, c, err,
				    sizeof(err)), 0);
	for (i = 0; i < c->nr_rows; i++)
		if (c->rows[i].metric == HB_M_MEMREMAP)
			return &c->rows[i];
	fail();
	return NULL;
}

static void compare_free(struct hb_input in[2], struct hb_comparison *c)
{
	hb_comparison_free(c);
	hb_result_free(&in[0].r);
	hb_result_free(&in[1].r);
}

/* What compare decides of one pair, by its tests and Holm's first step. */
struct verdict {
	bool welch;		/* Holm-adjusted Welch p below alpha */
	bool rule;		/* and the Mann-Whitney p too */
};

static struct verdict decide(const double *a, size_t na, const double *b,
			     size_t nb, size_t m)
{
	struct hb_welch w;
	struct hb_mwu u;
	struct verdict v;

	hb_welch_test(a, na, b, nb, ALPHA, &w);
	hb_mwu_test(a, na, b, nb, HB_MWU_AUTO, &u);
	/* the other tests of the family have p = 1: this one is first */
	v.welch = fmin(1.0, m * w.p) < ALPHA;
	v.rule = v.welch && u.p < ALPHA;
	return v;
}

struct rates {
	double welch, rule;
};

/*
 * TRIALS pairs of @na and @nb normal run means with the variances of
 * @row and a true change of @shift ns: how often each verdict finds it.
 * The first @check pairs also go through hb_compare(), which must
 * decide as decide() does.
 */
static struct rates detect(const struct hb_cmp_row *row, double shift,
			   size_t check)
{
	double a[8], b[8], mean = row->w.mean_a / 1e6;
	struct rates r = { 0, 0 };
	struct hb_comparison c;
	struct hb_input in[2];
	struct verdict v;
	size_t t;

	for (t = 0; t < TRIALS; t++) {
		draw(a, row->na, mean, sqrt(row->w.var_a) / 1e6);
		draw(b, row->nb, mean + shift / 1e6,
		     sqrt(row->w.var_b) / 1e6);
		v = decide(a, row->na, b, row->nb, row->holm_m);
		r.welch += v.welch;
		r.rule += v.rule;
		if (t < check) {
			assert_int_equal(compare(in, &c, a, row->na, b,
						 row->nb)->significant,
					 v.rule);
			compare_free(in, &c);
		}
	}
	r.welch /= TRIALS;
	r.rule /= TRIALS;
	return r;
}

/*
 * An A/A comparison of @na against @nb runs, SD @sd_a and @sd_b ms
 * around 100 ms: its memremap row is "~" with an effect; that change,
 * simulated, is detected 80 % of the time by the rule, and by Welch
 * alone as often or more.  The rates at the textbook effect are printed
 * beside them: below 80 % at a few runs.
 */
static void check_calibration(size_t na, double sd_a, size_t nb,
			      double sd_b)
{
	double a[8], b[8];
	const struct hb_cmp_row *row;
	struct hb_comparison c;
	struct hb_input in[2];
	struct rates at_mde, at_welch;

	draw(a, na, 100.0, sd_a);
	draw(b, nb, 100.0, sd_b);
	row = compare(in, &c, a, na, b, nb);
	assert_true(row->tested && !row->significant);
	assert_int_equal(row->holm_m, 4);
	assert_false(row->mde_none);
	at_mde = detect(row, row->mde / 100 * row->w.mean_a, 40);
	at_welch = detect(row, row->mde_welch / 100 * row->w.mean_a, 0);
	print_message("# %zu+%zu runs, SD %.2f and %.2f ms, m 4: MDE %.2f%% (textbook Welch %.2f%%); detected at the MDE: Welch alone %.1f%%, rule %.1f%%; at the textbook MDE: Welch alone %.1f%%, rule %.1f%% (%d trials)\n",
		      row->na, row->nb, sqrt(row->w.var_a) / 1e6,
		      sqrt(row->w.var_b) / 1e6, row->mde, row->mde_welch,
		      100 * at_mde.welch, 100 * at_mde.rule,
		      100 * at_welch.welch, 100 * at_welch.rule, TRIALS);
	assert_in_range(1000 * at_mde.rule, 1000 * RATE_LO, 1000 * RATE_HI);
	assert_true(at_mde.welch >= at_mde.rule);
	compare_free(in, &c);
}

static void six_runs_a_side_detect_their_mde_80_percent(void **state)
{
	(void)state;
	check_calibration(6, 3.0, 6, 3.0);
}

/* Mann-Whitney is coarse at 4 + 4: the rule needs more than Welch. */
static void four_runs_a_side_detect_their_mde_80_percent(void **state)
{
	(void)state;
	check_calibration(4, 3.0, 4, 3.0);
}

static void unequal_runs_and_spread_detect_their_mde_80_percent(void **state)
{
	(void)state;
	check_calibration(5, 2.0, 8, 4.0);
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
		cmocka_unit_test(six_runs_a_side_detect_their_mde_80_percent),
		cmocka_unit_test(four_runs_a_side_detect_their_mde_80_percent),
		cmocka_unit_test(unequal_runs_and_spread_detect_their_mde_80_percent),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
