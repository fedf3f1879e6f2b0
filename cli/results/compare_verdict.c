// SPDX-License-Identifier: GPL-2.0
/*
 * hmmbench: the verdict of each row of a comparison - its change, its
 * interval and its two tests, or an exact change where instructions were
 * counted - then Holm's adjustment over the tested rows of one new
 * input, the smallest change each could have missed, and which metric of
 * a size and kind is the primary one.  The tests themselves live in
 * twosample.c, the effect in power.c.
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>

#include "results/compare.h"
#include "results/compare_internal.h"
#include "stats/power.h"

/* Interval of the change: always 95 %, whatever --alpha decides. */
#define HB_CMP_CI_ALPHA	0.05

/* Whether the @n values of @v agree within HB_CMP_EXACT of their mean. */
static bool hb_cmp_constant(const double *v, size_t n)
{
	double lo = v[0], hi = v[0], sum = 0.0;
	size_t i;

	for (i = 0; i < n; i++) {
		lo = fmin(lo, v[i]);
		hi = fmax(hi, v[i]);
		sum += v[i];
	}
	return hi - lo <= HB_CMP_EXACT * fabs(sum / n);
}

/*
 * Tests @na units @a against @nb units @b, which are instructions both
 * sides @counted (else times); row->a and row->b are set.
 */
void hb_cmp_test(struct hb_cmp_row *row, const double *a, size_t na,
		 const double *b, size_t nb, bool counted)
{
	const struct hb_welch *w = &row->w;

	row->na = na;
	row->nb = nb;
	row->wst = hb_welch_test(a, na, b, nb, HB_CMP_CI_ALPHA, &row->w);
	/* the means are set with too few units too, where w->rel is not */
	row->rel = w->mean_a != 0.0 ?
		   100.0 * (w->mean_b - w->mean_a) / w->mean_a : NAN;
	row->ust = hb_mwu_test(a, na, b, nb, HB_MWU_AUTO, &row->u);
	row->interval = na >= 2 && nb >= 2 && row->wst != HB_CMP_INVALID;
	row->tested = row->interval && row->by_run &&
		      hb_metrics[row->metric].measured &&
		      row->ust != HB_CMP_NO_MEMORY;
	/* only counts can be exact: times that agree are a coarse clock */
	row->exact = counted && row->tested && hb_cmp_constant(a, na) &&
		     hb_cmp_constant(b, nb);
	/* an exact change needs no more runs, and has no shape to show */
	if (row->exact)
		row->warn &= ~HB_CMP_WARN_FEW;
	row->p_holm = NAN;
	row->mde = row->mde_welch = NAN;
	if (row->by_run && (na < HB_CMP_MIN_N || nb < HB_CMP_MIN_N))
		row->warn |= HB_CMP_WARN_FEW;
	if (row->a.cv > HB_CMP_MAX_CV || row->b.cv > HB_CMP_MAX_CV)
		row->warn |= HB_CMP_WARN_CV;
}

/* The p a row's verdict rests on: Welch's, or the rank test's. */
static double hb_cmp_p(const struct hb_cmp_row *row)
{
	if (row->wst == HB_CMP_IDENTICAL)
		return 1.0;
	if (row->wst == HB_CMP_NO_SPREAD)
		return row->u.p;
	return row->w.p;
}

static int hb_cmp_p_order(const void *x, const void *y)
{
	double a = hb_cmp_p(*(struct hb_cmp_row *const *)x);
	double b = hb_cmp_p(*(struct hb_cmp_row *const *)y);

	return (a > b) - (a < b);
}

/*
 * Holm's step-down over the @m tested rows in @fam: the i-th smallest p
 * (from 0) is multiplied by m - i, capped at 1, and made no smaller than
 * the one before it.
 */
static void hb_cmp_holm(struct hb_cmp_row **fam, size_t m, double alpha)
{
	double adj, prev = 0.0;
	size_t i;

	qsort(fam, m, sizeof(*fam), hb_cmp_p_order);
	for (i = 0; i < m; i++) {
		adj = fmin(1.0, (m - i) * hb_cmp_p(fam[i]));
		prev = fmax(prev, adj);
		fam[i]->p_holm = prev;
		fam[i]->holm_m = m;
		fam[i]->significant = prev < alpha && fam[i]->u.p < alpha;
	}
}

/*
 * What a tested row could have detected.  Renderers show it under "~"
 * rows; it is kept for the significant ones too, for a caller that must
 * decide how many runs are enough without looking at the change found
 * (make ab ROUNDS=auto).
 */
static int hb_cmp_mde(struct hb_cmp_row *row, double alpha)
{
	struct hb_mde m;
	enum hb_mde_status st;

	if (!(row->w.mean_a > 0.0))
		return 0;
	st = hb_mde(row->na, row->w.var_a, row->nb, row->w.var_b,
		    alpha / row->holm_m, alpha, &m);
	if (st == HB_MDE_NO_MEMORY)
		return -ENOMEM;
	row->mde_none = st == HB_MDE_NONE;
	row->mde = 100.0 * m.rule / row->w.mean_a;
	row->mde_welch = 100.0 * m.welch / row->w.mean_a;
	return 0;
}

/* Decides the tested rows of new input @file as one family. */
int hb_cmp_family(struct hb_comparison *c, size_t file)
{
	struct hb_cmp_row **fam = malloc((c->nr_rows + 1) * sizeof(*fam));
	size_t i, m = 0;
	int ret = 0;

	if (!fam)
		return -ENOMEM;
	for (i = 0; i < c->nr_rows; i++) {
		struct hb_cmp_row *row = &c->rows[i];

		if (row->file != file || !row->tested)
			continue;
		if (row->exact)
			row->significant = fabs(row->w.mean_b - row->w.mean_a) >
					   HB_CMP_EXACT * fabs(row->w.mean_a);
		else
			fam[m++] = row;
	}
	hb_cmp_holm(fam, m, c->alpha);
	for (i = 0; i < m && !ret; i++)
		ret = hb_cmp_mde(fam[i], c->alpha);
	free(fam);
	return ret;
}

/* What a size and kind's primary metric is: the first of these it has. */
static const enum hb_metric_id hb_cmp_primaries[] = {
	HB_M_MEMMAP_INIT, HB_M_MEMREMAP,
	HB_M_TO_DEVICE, HB_M_TO_SYSTEM, HB_M_FAULT,
};

/* The first of hb_cmp_primaries that rows [@first, @end) have. */
static size_t hb_cmp_primary_of(const struct hb_comparison *c, size_t first,
				size_t end)
{
	size_t i, k;

	for (k = 0; k < sizeof(hb_cmp_primaries) / sizeof(*hb_cmp_primaries);
	     k++)
		for (i = first; i < end; i++)
			if (c->rows[i].metric == hb_cmp_primaries[k])
				return hb_cmp_primaries[k];
	return HB_NR_METRICS;
}

/* Marks the primary rows of [@first, @end), one size and kind. */
void hb_cmp_primary(struct hb_comparison *c, size_t first, size_t end)
{
	size_t i, id = hb_cmp_primary_of(c, first, end);

	for (i = first; i < end; i++)
		c->rows[i].primary = c->rows[i].metric == id;
}
