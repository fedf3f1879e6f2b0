// SPDX-License-Identifier: GPL-2.0
/*
 * hmmbench: two-sample tests for `hmmbench compare`: Welch's t-test, and
 * the Mann-Whitney U test over mid-ranks with the Hodges-Lehmann shift.
 * Means, variances and the distributions come from stats.c and dist.c.
 */
#include <math.h>
#include <stdlib.h>

#include "stats/dist.h"
#include "stats/mean.h"
#include "stats/twosample.h"

/* Non-NULL (unless empty) and finite, or HB_CMP_INVALID. */
static enum hb_cmp_status hb_all_finite(const double *x, size_t n)
{
	size_t i;

	if (!x && n)
		return HB_CMP_INVALID;
	for (i = 0; i < n; i++)
		if (!isfinite(x[i]))
			return HB_CMP_INVALID;
	return HB_CMP_OK;
}

static void hb_welch_clear(struct hb_welch *w, size_t n_a, size_t n_b)
{
	w->n_a = n_a;
	w->n_b = n_b;
	w->mean_a = w->mean_b = w->var_a = w->var_b = NAN;
	w->diff = w->diff_lo = w->diff_hi = NAN;
	w->rel = w->rel_lo = w->rel_hi = NAN;
	w->se = w->df = w->t = w->p = NAN;
}

/*
 * The 1 - @alpha interval of the ratio mean_b / mean_a, by the delta
 * method on the log scale: log(mean) has the variance var / (n mean^2),
 * the two terms are combined as Welch's are, Welch-Satterthwaite giving
 * the degrees of freedom.  Taken back as a change in %, it can never
 * reach -100 %, which no time can.  NAN when a mean is not positive.
 */
static void hb_welch_ratio(struct hb_welch *w, double alpha)
{
	double la, lb, df, half = 0.0, ratio;

	if (!(w->mean_a > 0.0 && w->mean_b > 0.0))
		return;
	ratio = w->mean_b / w->mean_a;
	la = w->var_a / (w->n_a * w->mean_a * w->mean_a);
	lb = w->var_b / (w->n_b * w->mean_b * w->mean_b);
	if (la + lb > 0.0) {
		df = (la + lb) * (la + lb) /
		     (la * la / (w->n_a - 1) + lb * lb / (w->n_b - 1));
		half = hb_t_quantile(1.0 - alpha / 2, df) * sqrt(la + lb);
	}
	w->rel_lo = 100.0 * (ratio * exp(-half) - 1.0);
	w->rel_hi = 100.0 * (ratio * exp(half) - 1.0);
}

/* rel from diff, and its interval; NAN when mean_a is 0. */
static void hb_welch_relative(struct hb_welch *w, double alpha)
{
	if (w->mean_a == 0.0)
		return;
	w->rel = 100.0 * w->diff / w->mean_a;
	hb_welch_ratio(w, alpha);
}

/* Both groups constant: no spread to test against. */
static enum hb_cmp_status hb_welch_constant(struct hb_welch *w,
					    double alpha)
{
	w->se = 0.0;
	if (w->mean_a == w->mean_b) {
		w->diff = w->diff_lo = w->diff_hi = 0.0;
		w->rel = w->rel_lo = w->rel_hi = 0.0;
		w->t = 0.0;
		w->p = 1.0;
		return HB_CMP_IDENTICAL;
	}
	w->diff = w->diff_lo = w->diff_hi = w->mean_b - w->mean_a;
	w->t = copysign(INFINITY, w->diff);
	hb_welch_relative(w, alpha);
	return HB_CMP_NO_SPREAD;
}

/* Welch-Satterthwaite, scaled by the larger term so nothing overflows. */
void hb_welch_se_df(size_t n_a, double var_a, size_t n_b, double var_b,
		    double *se, double *df)
{
	double sa = var_a / n_a, sb = var_b / n_b;
	double m = fmax(sa, sb), ra = sa / m, rb = sb / m;

	*se = sqrt(sa + sb);
	*df = (ra + rb) * (ra + rb) /
	      (ra * ra / (n_a - 1) + rb * rb / (n_b - 1));
}

static enum hb_cmp_status hb_welch_fill(struct hb_welch *w, double alpha)
{
	double half;

	w->diff = w->mean_b - w->mean_a;
	hb_welch_se_df(w->n_a, w->var_a, w->n_b, w->var_b, &w->se, &w->df);
	w->t = w->diff / w->se;
	w->p = hb_t_pvalue(w->t, w->df);
	half = hb_t_quantile(1.0 - alpha / 2, w->df) * w->se;
	w->diff_lo = w->diff - half;
	w->diff_hi = w->diff + half;
	hb_welch_relative(w, alpha);
	return w->mean_a == 0.0 ? HB_CMP_ZERO_BASE : HB_CMP_OK;
}

enum hb_cmp_status hb_welch_test(const double *a, size_t n_a,
				 const double *b, size_t n_b, double alpha,
				 struct hb_welch *w)
{
	if (!w)
		return HB_CMP_INVALID;
	hb_welch_clear(w, n_a, n_b);
	if (hb_all_finite(a, n_a) || hb_all_finite(b, n_b) ||
	    !(alpha > 0.0 && alpha < 1.0))
		return HB_CMP_INVALID;
	w->mean_a = hb_mean(a, n_a);
	w->mean_b = hb_mean(b, n_b);
	if (n_a < 2 || n_b < 2)
		return HB_CMP_TOO_FEW;
	w->var_a = hb_variance(a, n_a, w->mean_a);
	w->var_b = hb_variance(b, n_b, w->mean_b);
	if (w->var_a == 0.0 && w->var_b == 0.0)
		return hb_welch_constant(w, alpha);
	return hb_welch_fill(w, alpha);
}

/* One pooled value, and whether it came from b. */
struct hb_mwu_item {
	double v;
	bool in_b;
};

static int hb_mwu_item_cmp(const void *p, const void *q)
{
	const struct hb_mwu_item *x = p, *y = q;

	return (x->v > y->v) - (x->v < y->v);
}

/*
 * Writes twice the mid-rank of each sorted item to @rank2 (an integer:
 * ranks i+1..j share (i+1+j)/2) and returns the sum of t^3 - t over tie
 * groups of size t.
 */
static double hb_mwu_rank(const struct hb_mwu_item *it, size_t n,
			  size_t *rank2)
{
	double tie = 0.0, t;
	size_t i = 0, j, k;

	while (i < n) {
		for (j = i + 1; j < n && it[j].v == it[i].v; j++)
			;
		t = j - i;
		tie += t * t * t - t;
		for (k = i; k < j; k++)
			rank2[k] = i + 1 + j;
		i = j;
	}
	return tie;
}

/* Median of all b_j - a_i; NAN above HB_HL_MAX_PAIRS pairs. */
static enum hb_cmp_status hb_mwu_hl(const double *a, size_t n_a,
				    const double *b, size_t n_b,
				    struct hb_mwu *m)
{
	size_t n = n_a * n_b, i, j;
	double *d;

	if (n_a > HB_HL_MAX_PAIRS / n_b)
		return HB_CMP_OK;
	d = malloc(n * sizeof(*d));
	if (!d)
		return HB_CMP_NO_MEMORY;
	for (i = 0; i < n_a; i++)
		for (j = 0; j < n_b; j++)
			d[i * n_b + j] = b[j] - a[i];
	qsort(d, n, sizeof(*d), hb_double_order);
	m->hl_shift = hb_median_sorted(d, n);
	free(d);
	return HB_CMP_OK;
}

static struct hb_mwu_item *hb_mwu_pool(const double *a, size_t n_a,
				       const double *b, size_t n_b)
{
	struct hb_mwu_item *it = malloc((n_a + n_b) * sizeof(*it));
	size_t i;

	if (!it)
		return NULL;
	for (i = 0; i < n_a; i++)
		it[i] = (struct hb_mwu_item){ a[i], false };
	for (i = 0; i < n_b; i++)
		it[n_a + i] = (struct hb_mwu_item){ b[i], true };
	qsort(it, n_a + n_b, sizeof(*it), hb_mwu_item_cmp);
	return it;
}

/* U and p from the sorted pool; the exact count uses the smaller group. */
static enum hb_cmp_status hb_mwu_ranked(const struct hb_mwu_item *it,
					size_t *rank2, struct hb_mwu *m)
{
	size_t n = m->n_a + m->n_b, i, rb = 0, rk = 0;
	bool use_b = m->n_b <= m->n_a, nomem = false;
	double tie = hb_mwu_rank(it, n, rank2);

	m->ties = tie > 0.0;
	for (i = 0; i < n; i++) {
		rb += it[i].in_b ? rank2[i] : 0;
		rk += it[i].in_b == use_b ? rank2[i] : 0;
	}
	m->u = rb / 2.0 - m->n_b * (m->n_b + 1.0) / 2;
	if (m->method == HB_MWU_NORMAL) {
		m->p = hb_ranksum_normal_p(m->n_a, m->n_b, m->u, tie);
		return HB_CMP_OK;
	}
	m->p = hb_ranksum_exact_p(rank2, n, use_b ? m->n_b : m->n_a, rk,
				  &nomem);
	return nomem ? HB_CMP_NO_MEMORY : HB_CMP_OK;
}

static enum hb_cmp_status hb_mwu_args(const double *a, size_t n_a,
				      const double *b, size_t n_b,
				      enum hb_mwu_method method,
				      struct hb_mwu *m)
{
	if (hb_all_finite(a, n_a) || hb_all_finite(b, n_b))
		return HB_CMP_INVALID;
	if (method == HB_MWU_AUTO)
		m->method = n_a + n_b <= HB_MWU_EXACT_MAX_N ? HB_MWU_EXACT :
							       HB_MWU_NORMAL;
	else if (method == HB_MWU_EXACT || method == HB_MWU_NORMAL)
		m->method = method;
	else
		return HB_CMP_INVALID;
	if (m->method == HB_MWU_EXACT && n_a + n_b > HB_MWU_EXACT_MAX_N)
		return HB_CMP_INVALID;
	if (!n_a || !n_b)
		return HB_CMP_TOO_FEW;
	return HB_CMP_OK;
}

/* Every pooled value is the same: no change, p = 1. */
static enum hb_cmp_status hb_mwu_identical(struct hb_mwu *m)
{
	m->ties = m->n_a + m->n_b > 1;
	m->u = m->n_a * (double)m->n_b / 2;
	m->p = 1.0;
	m->hl_shift = 0.0;
	return HB_CMP_IDENTICAL;
}

/* Ranks the sorted pool @it and tests it. */
static enum hb_cmp_status hb_mwu_pooled(const struct hb_mwu_item *it,
					struct hb_mwu *m)
{
	size_t n = m->n_a + m->n_b, *rank2;
	enum hb_cmp_status st;

	if (it[0].v == it[n - 1].v)
		return hb_mwu_identical(m);
	rank2 = malloc(n * sizeof(*rank2));
	if (!rank2)
		return HB_CMP_NO_MEMORY;
	st = hb_mwu_ranked(it, rank2, m);
	free(rank2);
	return st;
}

enum hb_cmp_status hb_mwu_test(const double *a, size_t n_a,
			       const double *b, size_t n_b,
			       enum hb_mwu_method method, struct hb_mwu *m)
{
	struct hb_mwu_item *it;
	enum hb_cmp_status st;

	if (!m)
		return HB_CMP_INVALID;
	*m = (struct hb_mwu){ .n_a = n_a, .n_b = n_b, .u = NAN, .p = NAN,
			      .method = method, .hl_shift = NAN };
	st = hb_mwu_args(a, n_a, b, n_b, method, m);
	if (st)
		return st;
	it = hb_mwu_pool(a, n_a, b, n_b);
	if (!it)
		return HB_CMP_NO_MEMORY;
	st = hb_mwu_pooled(it, m);
	free(it);
	if (st)
		return st;
	return hb_mwu_hl(a, n_a, b, n_b, m);
}
