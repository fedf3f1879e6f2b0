// SPDX-License-Identifier: GPL-2.0
/*
 * hmmbench: two-sample tests for `hmmbench compare`.  Student's t comes
 * from the regularized incomplete beta function (continued fraction with
 * the modified Lentz method), inverted by safeguarded Newton steps; the
 * exact Mann-Whitney distribution is counted over doubled mid-ranks.
 */
#include <float.h>
#include <math.h>
#include <stdlib.h>

#include "compare_stats.h"

#define HB_CF_EPS	1e-16
#define HB_CF_TINY	1e-300
#define HB_CF_ITERS	1000000
#define HB_TQ_ITERS	200
/*
 * Above this df, x = df / (df + t^2) is too close to 1 for a double to
 * carry the tail to 1e-10 (the error grows like sqrt(df) * 1e-14), so the
 * quantile comes from its expansion in 1/df around the normal one.
 */
#define HB_TQ_BIG_DF	1e5

const char *hb_cmp_status_str(enum hb_cmp_status st)
{
	switch (st) {
	case HB_CMP_OK:
		return "ok";
	case HB_CMP_IDENTICAL:
		return "all values identical";
	case HB_CMP_NO_SPREAD:
		return "both groups constant but different";
	case HB_CMP_ZERO_BASE:
		return "baseline mean is zero";
	case HB_CMP_TOO_FEW:
		return "too few samples";
	case HB_CMP_INVALID:
		return "invalid input";
	case HB_CMP_NO_MEMORY:
		return "out of memory";
	}
	return "unknown status";
}

/* Stirling series of lgamma(x) - ((x - 1/2) ln x - x + ln(2 pi) / 2). */
static double hb_cmp_stirling_corr(double x)
{
	double x2 = x * x;

	return (1.0 / 12 - (1.0 / 360 - (1.0 / 1260 - 1.0 / (1680 * x2)) /
			    x2) / x2) / x;
}

/*
 * ln B(a, b).  When the larger argument is big, lgamma(big) and
 * lgamma(big + small) are huge and nearly equal: take their difference
 * from Stirling's series instead, so large df keeps full precision.
 */
static double hb_cmp_lbeta(double a, double b)
{
	double big = fmax(a, b), small = fmin(a, b), d;

	if (big < 10.0)
		return lgamma(a) + lgamma(b) - lgamma(a + b);
	/* d = lgamma(big) - lgamma(big + small) */
	d = -(big - 0.5) * log1p(small / big) - small * log(big + small) +
	    small + hb_cmp_stirling_corr(big) -
	    hb_cmp_stirling_corr(big + small);
	return lgamma(small) + d;
}

static double hb_cmp_not_tiny(double v)
{
	return fabs(v) < HB_CF_TINY ? HB_CF_TINY : v;
}

/* Continued fraction of I_x(a, b), modified Lentz; x < (a+1)/(a+b+2). */
static double hb_cmp_betacf(double a, double b, double x)
{
	double c = 1.0, d, h, aa, del;
	int m;

	d = 1.0 / hb_cmp_not_tiny(1.0 - (a + b) * x / (a + 1.0));
	h = d;
	for (m = 1; m <= HB_CF_ITERS; m++) {
		aa = m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m));
		d = 1.0 / hb_cmp_not_tiny(1.0 + aa * d);
		c = hb_cmp_not_tiny(1.0 + aa / c);
		h *= d * c;
		aa = -(a + m) * (a + b + m) * x / ((a + 2 * m) *
						   (a + 2 * m + 1));
		d = 1.0 / hb_cmp_not_tiny(1.0 + aa * d);
		c = hb_cmp_not_tiny(1.0 + aa / c);
		del = d * c;
		h *= del;
		if (fabs(del - 1.0) < HB_CF_EPS)
			break;
	}
	return h;
}

/*
 * P(T > |t|) = I_x(df/2, 1/2) / 2 with x = df / (df + t^2).  Works with
 * r = |t| / sqrt(df) and its logs so that neither a huge t nor x close to
 * 1 loses the tail: small tails are computed directly, never as 1 - ...
 */
static double hb_cmp_t_tail(double t, double df)
{
	double a = df / 2, b = 0.5, r = fabs(t) / sqrt(df), x, y, lx, ly;
	double front;

	if (r == 0.0)
		return 0.5;
	if (isinf(r))
		return 0.0;
	if (r > 1.0) {
		ly = -log1p(1.0 / (r * r));
		lx = -2.0 * log(r) + ly;
		x = 1.0 / (1.0 + r * r);
		y = 1.0 / (1.0 + 1.0 / (r * r));
	} else {
		lx = -log1p(r * r);
		ly = 2.0 * log(r) + lx;
		x = 1.0 / (1.0 + r * r);
		y = r * r / (1.0 + r * r);
	}
	front = exp(a * lx + b * ly - hb_cmp_lbeta(a, b));
	if (x < (a + 1.0) / (a + b + 2.0))
		return 0.5 * front * hb_cmp_betacf(a, b, x) / a;
	return 0.5 - 0.5 * front * hb_cmp_betacf(b, a, y) / b;
}

static double hb_cmp_t_pdf(double t, double df)
{
	return exp(-0.5 * log(df) - hb_cmp_lbeta(df / 2, 0.5) -
		   (df + 1) / 2 * log1p(t * t / df));
}

double hb_cmp_t_pvalue(double t, double df)
{
	if (isnan(t) || isnan(df) || df <= 0.0)
		return NAN;
	return fmin(1.0, 2.0 * hb_cmp_t_tail(t, df));
}

/* An upper tail P(X > x) and its density, for one df (unused by Z). */
struct hb_cmp_dist {
	double (*tail)(double x, double df);
	double (*pdf)(double x, double df);
	double df;
};

/*
 * The x in (@lo, @hi) with tail(x) = @q, tail(lo) > q >= tail(hi): Newton
 * steps on log tail(x) - log q, which reach far tails in a few steps, with
 * bisection whenever a step would leave the shrinking bracket.
 */
static double hb_cmp_solve_tail(const struct hb_cmp_dist *d, double q,
				double lo, double hi)
{
	double x = lo, tail, f, step;
	int i;

	for (i = 0; i < HB_TQ_ITERS; i++) {
		tail = d->tail(x, d->df);
		f = log(tail) - log(q);
		if (f > 0)
			lo = x;
		else
			hi = x;
		step = f * tail / d->pdf(x, d->df);
		if (!(x + step > lo && x + step < hi))
			step = 0.5 * (lo + hi) - x;
		x += step;
		if (fabs(step) <= 4 * DBL_EPSILON * x ||
		    hi - lo <= 4 * DBL_EPSILON * hi)
			break;
	}
	return x;
}

/* The t > 0 with P(T > t) = @q, for 0 < q < 1/2. */
static double hb_cmp_t_upper(double q, double df)
{
	struct hb_cmp_dist d = { hb_cmp_t_tail, hb_cmp_t_pdf, df };
	double lo = 0.0, hi = 1.0;

	while (hb_cmp_t_tail(hi, df) > q) {
		lo = hi;
		hi *= 2.0;
		if (hi > DBL_MAX / 4)
			return INFINITY;
	}
	return hb_cmp_solve_tail(&d, q, lo, hi);
}

static double hb_cmp_z_tail(double z, double unused)
{
	(void)unused;
	return 0.5 * erfc(z / M_SQRT2);
}

static double hb_cmp_z_pdf(double z, double unused)
{
	(void)unused;
	return exp(-0.5 * z * z) / sqrt(2 * M_PI);
}

/* The z > 0 with P(Z > z) = @q; P(Z > 40) underflows to 0. */
static double hb_cmp_z_upper(double q)
{
	struct hb_cmp_dist d = { hb_cmp_z_tail, hb_cmp_z_pdf, 0.0 };

	return hb_cmp_solve_tail(&d, q, 0.0, 40.0);
}

/* Cornish-Fisher: Abramowitz and Stegun 26.7.5, to 1/df^4. */
static double hb_cmp_t_upper_big_df(double q, double df)
{
	double z = hb_cmp_z_upper(q), z2 = z * z;
	double g1 = (z2 + 1) * z / 4;
	double g2 = ((5 * z2 + 16) * z2 + 3) * z / 96;
	double g3 = (((3 * z2 + 19) * z2 + 17) * z2 - 15) * z / 384;
	double g4 = ((((79 * z2 + 776) * z2 + 1482) * z2 - 1920) * z2 -
		     945) * z / 92160;

	return z + (g1 + (g2 + (g3 + g4 / df) / df) / df) / df;
}

double hb_cmp_t_quantile(double p, double df)
{
	double q;

	if (isnan(p) || isnan(df) || df <= 0.0 || p < 0.0 || p > 1.0)
		return NAN;
	if (p == 0.0)
		return -INFINITY;
	if (p == 1.0)
		return INFINITY;
	if (p == 0.5)
		return 0.0;
	q = p < 0.5 ? p : 1.0 - p;
	q = df > HB_TQ_BIG_DF ? hb_cmp_t_upper_big_df(q, df) :
				hb_cmp_t_upper(q, df);
	return p < 0.5 ? -q : q;
}

/* Non-NULL (unless empty) and finite, or HB_CMP_INVALID. */
static enum hb_cmp_status hb_cmp_check(const double *x, size_t n)
{
	size_t i;

	if (!x && n)
		return HB_CMP_INVALID;
	for (i = 0; i < n; i++)
		if (!isfinite(x[i]))
			return HB_CMP_INVALID;
	return HB_CMP_OK;
}

static double hb_cmp_mean(const double *x, size_t n)
{
	double sum = 0.0;
	size_t i;

	if (!n)
		return NAN;
	for (i = 0; i < n; i++)
		sum += x[i];
	return sum / n;
}

/* Sample variance, exactly 0 when all values are equal. */
static double hb_cmp_var(const double *x, size_t n, double mean)
{
	double sum = 0.0;
	bool constant = true;
	size_t i;

	for (i = 0; i < n; i++) {
		sum += (x[i] - mean) * (x[i] - mean);
		constant = constant && x[i] == x[0];
	}
	return constant ? 0.0 : sum / (n - 1);
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

/* rel and its interval from diff and its interval; NAN if mean_a is 0. */
static void hb_welch_relative(struct hb_welch *w)
{
	double k;

	if (w->mean_a == 0.0)
		return;
	k = 100.0 / w->mean_a;
	w->rel = k * w->diff;
	w->rel_lo = k * (k > 0 ? w->diff_lo : w->diff_hi);
	w->rel_hi = k * (k > 0 ? w->diff_hi : w->diff_lo);
}

/* Both groups constant: no spread to test against. */
static enum hb_cmp_status hb_welch_constant(struct hb_welch *w)
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
	hb_welch_relative(w);
	return HB_CMP_NO_SPREAD;
}

/* Welch-Satterthwaite, scaled by the larger term so nothing overflows. */
static double hb_welch_df(const struct hb_welch *w)
{
	double sa = w->var_a / w->n_a, sb = w->var_b / w->n_b;
	double m = fmax(sa, sb), ra = sa / m, rb = sb / m;

	return (ra + rb) * (ra + rb) /
	       (ra * ra / (w->n_a - 1) + rb * rb / (w->n_b - 1));
}

static enum hb_cmp_status hb_welch_fill(struct hb_welch *w, double alpha)
{
	double half;

	w->diff = w->mean_b - w->mean_a;
	w->se = sqrt(w->var_a / w->n_a + w->var_b / w->n_b);
	w->df = hb_welch_df(w);
	w->t = w->diff / w->se;
	w->p = hb_cmp_t_pvalue(w->t, w->df);
	half = hb_cmp_t_quantile(1.0 - alpha / 2, w->df) * w->se;
	w->diff_lo = w->diff - half;
	w->diff_hi = w->diff + half;
	hb_welch_relative(w);
	return w->mean_a == 0.0 ? HB_CMP_ZERO_BASE : HB_CMP_OK;
}

enum hb_cmp_status hb_welch_test(const double *a, size_t n_a,
				 const double *b, size_t n_b, double alpha,
				 struct hb_welch *w)
{
	if (!w)
		return HB_CMP_INVALID;
	hb_welch_clear(w, n_a, n_b);
	if (hb_cmp_check(a, n_a) || hb_cmp_check(b, n_b) ||
	    !(alpha > 0.0 && alpha < 1.0))
		return HB_CMP_INVALID;
	w->mean_a = hb_cmp_mean(a, n_a);
	w->mean_b = hb_cmp_mean(b, n_b);
	if (n_a < 2 || n_b < 2)
		return HB_CMP_TOO_FEW;
	w->var_a = hb_cmp_var(a, n_a, w->mean_a);
	w->var_b = hb_cmp_var(b, n_b, w->mean_b);
	if (w->var_a == 0.0 && w->var_b == 0.0)
		return hb_welch_constant(w);
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

static int hb_cmp_double(const void *p, const void *q)
{
	double x = *(const double *)p, y = *(const double *)q;

	return (x > y) - (x < y);
}

/*
 * Replaces each sorted item's value by twice its mid-rank (an integer:
 * ranks i+1..j share (i+1+j)/2) and returns the sum of t^3 - t over tie
 * groups of size t.
 */
static double hb_mwu_rank(struct hb_mwu_item *it, size_t n)
{
	double tie = 0.0, t;
	size_t i = 0, j, k;

	while (i < n) {
		for (j = i + 1; j < n && it[j].v == it[i].v; j++)
			;
		t = j - i;
		tie += t * t * t - t;
		for (k = i; k < j; k++)
			it[k].v = (double)(i + 1 + j);
		i = j;
	}
	return tie;
}

/*
 * Counts, for every subset of k pooled items, its sum of doubled ranks:
 * f[j][s] = subsets of j of the items seen so far summing to s.  Returns
 * the two-sided p of the observed sum @obs: twice the smaller tail.
 */
static double hb_mwu_exact_p(const struct hb_mwu_item *it, size_t n,
			     size_t k, size_t obs, bool *nomem)
{
	size_t smax = k * (2 * n - k + 1), i, j, s, r;
	double *f, below = 0.0, above = 0.0, total = 0.0;

	f = calloc((k + 1) * (smax + 1), sizeof(*f));
	if (!f) {
		*nomem = true;
		return NAN;
	}
	f[0] = 1.0;
	for (i = 0; i < n; i++) {
		r = (size_t)it[i].v;
		for (j = i + 1 < k ? i + 1 : k; j >= 1; j--)
			for (s = smax; s >= r; s--)
				f[j * (smax + 1) + s] +=
					f[(j - 1) * (smax + 1) + s - r];
	}
	for (s = 0; s <= smax; s++) {
		double c = f[k * (smax + 1) + s];

		total += c;
		below += s <= obs ? c : 0.0;
		above += s >= obs ? c : 0.0;
	}
	free(f);
	return fmin(1.0, 2.0 * fmin(below, above) / total);
}

/* scipy's asymptotic p: U = max(U_a, U_b), continuity 1/2, tie term. */
static double hb_mwu_normal_p(const struct hb_mwu *m, double tie)
{
	double na = m->n_a, nb = m->n_b, n = na + nb;
	double u = fmax(m->u, na * nb - m->u);
	double s = sqrt(na * nb / 12 * ((n + 1) - tie / (n * (n - 1))));
	double z = (u - na * nb / 2 - 0.5) / s;

	return fmin(1.0, erfc(z / M_SQRT2));
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
	qsort(d, n, sizeof(*d), hb_cmp_double);
	m->hl_shift = n % 2 ? d[n / 2] : 0.5 * (d[n / 2 - 1] + d[n / 2]);
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

/* U and p from the ranked pool; the exact count uses the smaller group. */
static enum hb_cmp_status hb_mwu_ranked(struct hb_mwu_item *it,
					struct hb_mwu *m)
{
	size_t n = m->n_a + m->n_b, i, rb = 0, rk = 0;
	bool use_b = m->n_b <= m->n_a, nomem = false;
	double tie = hb_mwu_rank(it, n);

	m->ties = tie > 0.0;
	for (i = 0; i < n; i++) {
		rb += it[i].in_b ? (size_t)it[i].v : 0;
		rk += it[i].in_b == use_b ? (size_t)it[i].v : 0;
	}
	m->u = rb / 2.0 - m->n_b * (m->n_b + 1.0) / 2;
	if (m->method == HB_MWU_NORMAL) {
		m->p = hb_mwu_normal_p(m, tie);
		return HB_CMP_OK;
	}
	m->p = hb_mwu_exact_p(it, n, use_b ? m->n_b : m->n_a, rk, &nomem);
	return nomem ? HB_CMP_NO_MEMORY : HB_CMP_OK;
}

static enum hb_cmp_status hb_mwu_args(const double *a, size_t n_a,
				      const double *b, size_t n_b,
				      enum hb_mwu_method method,
				      struct hb_mwu *m)
{
	if (hb_cmp_check(a, n_a) || hb_cmp_check(b, n_b))
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
	if (it[0].v == it[n_a + n_b - 1].v) {
		m->ties = n_a + n_b > 1;
		m->u = n_a * (double)n_b / 2;
		m->p = 1.0;
		m->hl_shift = 0.0;
		free(it);
		return HB_CMP_IDENTICAL;
	}
	st = hb_mwu_ranked(it, m);
	free(it);
	if (st)
		return st;
	return hb_mwu_hl(a, n_a, b, n_b, m);
}
