// SPDX-License-Identifier: GPL-2.0
/*
 * hmmbench: CSV of a comparison, one row per size, kind and metric of
 * each new result against the base; the columns are a stable contract in
 * FORMATS.md.  Undefined numbers are empty fields.
 */
#include <inttypes.h>
#include <math.h>
#include <stdio.h>

#include "fmt.h"
#include "render/csv_write.h"
#include "render/renderers.h"

static void hb_cmp_csv_mean(FILE *f, enum hb_unit unit, double v)
{
	char buf[64];

	fprintf(f, ",%s", hb_fmt_fixed(buf, sizeof(buf), unit, v));
}

static void hb_cmp_csv_row(FILE *f, const struct hb_comparison *c,
			   const struct hb_cmp_row *row)
{
	const struct hb_metric *m = &hb_metrics[row->metric];
	double nan = NAN;

	hb_csv_string(f, c->in[0].path);
	fputc(',', f);
	hb_csv_string(f, c->in[row->file].path);
	fprintf(f, ",%" PRIu64 ",%s,%s,%s,%zu,%zu", row->size,
		hb_kind_name(row->kind), m->key,
		hb_unit_name(hb_unit_counted(m->unit,
					     hb_comparison_icount(c))),
		row->a.n, row->b.n);
	hb_cmp_csv_mean(f, m->unit, row->w.mean_a);
	hb_cmp_csv_mean(f, m->unit, row->w.mean_b);
	hb_cmp_csv_mean(f, m->unit, row->a.median);
	hb_cmp_csv_mean(f, m->unit, row->b.median);
	hb_csv_num(f, "%.4f", row->rel);
	hb_csv_num(f, "%.4f", row->interval ? row->w.rel_lo : nan);
	hb_csv_num(f, "%.4f", row->interval ? row->w.rel_hi : nan);
	hb_csv_num(f, "%.6g", row->tested ? row->w.p : nan);
	hb_csv_num(f, "%.6g", row->tested ? row->u.p : nan);
	fprintf(f, ",%s,%s,%s,%zu,%zu", row->tested ? "true" : "false",
		row->significant ? "true" : "false",
		row->by_run ? "run" : "sample", row->na, row->nb);
	hb_csv_num(f, "%.6g", row->tested ? row->p_holm : nan);
	if (row->tested)
		fprintf(f, ",%zu", row->holm_m);
	else
		fputc(',', f);
	fprintf(f, ",%s", row->primary ? "true" : "false");
	hb_csv_num(f, "%.4f", row->mde);
	hb_csv_num(f, "%.4f", row->mde_welch);
	fprintf(f, ",%s,%s,", row->mde_none ? "false" :
			       isnan(row->mde) ? "" : "true",
		hb_time_unit(hb_comparison_icount(c)));
	hb_csv_string(f, row->order[0]);
	fputc(',', f);
	hb_csv_string(f, row->order[1]);
	fputc('\n', f);
}

void hb_render_cmp_csv(FILE *f, const struct hb_comparison *c)
{
	size_t i;

	fputs("base,new,size,kind,metric,unit,n_base,n_new,mean_base,mean_new,"
	      "median_base,median_new,change_pct,change_ci95_lo_pct,"
	      "change_ci95_hi_pct,p_welch,p_mann_whitney,tested,significant,"
	      "test_unit,test_n_base,test_n_new,p_holm,holm_m,primary,"
	      "mde_pct,mde_welch_pct,mde_detectable,time_unit,order_base,"
	      "order_new\n",
	      f);
	for (i = 0; i < c->nr_rows; i++)
		hb_cmp_csv_row(f, c, &c->rows[i]);
}
