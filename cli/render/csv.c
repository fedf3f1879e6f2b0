// SPDX-License-Identifier: GPL-2.0
/*
 * hmmbench: CSV output, one row per raw sample with a header line; the
 * columns are a stable contract described in FORMATS.md.  A metric that
 * was not measured is an empty field, never 0.
 */
#include <inttypes.h>

#include "render/csv_write.h"
#include "render/renderers.h"
#include "results/workload.h"

static void hb_csv_header(FILE *f)
{
	size_t mi;

	fputs("label,size,iteration,chunk,kind,phys_start", f);
	for (mi = 0; mi < HB_M_ROOF_PLAIN; mi++)
		fprintf(f, ",%s", hb_metrics[mi].key);
	fputs(",compound_size", f);
	for (mi = HB_M_ROOF_PLAIN; mi < HB_M_BIND; mi++)
		fprintf(f, ",%s", hb_metrics[mi].key);
	fputs(",pages", f);
	for (mi = HB_M_BIND; mi <= HB_M_UNBIND; mi++)
		fprintf(f, ",%s", hb_metrics[mi].key);
	fputs(",time_unit\n", f);
}

/* Metrics [@from, @to) of @s, each after a comma. */
static void hb_csv_metrics(FILE *f, const struct hb_result *r,
			   const struct hb_sample *s, size_t from, size_t to)
{
	const char *t;
	char buf[64];
	size_t mi;
	double v;

	for (mi = from; mi < to; mi++) {
		t = hb_metric_text(buf, sizeof(buf), &hb_metrics[mi], s,
				   &r->meta, &v);
		fprintf(f, ",%s", t ? t : "");
	}
}

static void hb_csv_row(FILE *f, const struct hb_result *r,
		       const struct hb_sample *s)
{
	hb_csv_string(f, r->cfg.label ? r->cfg.label : "");
	fprintf(f, ",%" PRIu64 ",%u,%u,%s,%" PRIu64, s->size, s->iter,
		s->chunk, hb_kind_name(s->kind), s->phys_start);
	hb_csv_metrics(f, r, s, 0, HB_M_ROOF_PLAIN);
	/* later columns: after the metrics, in the order they were added */
	fputc(',', f);
	if (r->cfg.compound_size)
		fprintf(f, "%" PRIu64, r->cfg.compound_size);
	hb_csv_metrics(f, r, s, HB_M_ROOF_PLAIN, HB_M_BIND);
	fputc(',', f);
	if (s->pages)
		fprintf(f, "%" PRIu64, s->pages);
	hb_csv_metrics(f, r, s, HB_M_BIND, HB_M_UNBIND + 1);
	fprintf(f, ",%s\n", hb_time_unit(hb_meta_icount(&r->meta)));
}

/*
 * A workload that came after CSV v1 (a mirror's): where a sample was
 * taken, then every metric of the workload, in hb_metrics' order.
 */
static void hb_csv_workload(FILE *f, const struct hb_result *r)
{
	const struct hb_sample *s;
	const char *t;
	char buf[64];
	size_t i, mi;
	double v;

	fputs("label,size,iteration,kind", f);
	for (mi = 0; mi < HB_NR_METRICS; mi++)
		if (hb_metric_applies(&r->cfg, mi))
			fprintf(f, ",%s", hb_metrics[mi].key);
	fputs(",time_unit\n", f);
	for (i = 0; i < r->nr_samples; i++) {
		s = &r->samples[i];
		hb_csv_string(f, r->cfg.label ? r->cfg.label : "");
		fprintf(f, ",%" PRIu64 ",%u,%s", s->size, s->iter,
			hb_kind_name(s->kind));
		for (mi = 0; mi < HB_NR_METRICS; mi++) {
			if (!hb_metric_applies(&r->cfg, mi))
				continue;
			t = hb_metric_text(buf, sizeof(buf), &hb_metrics[mi],
					   s, &r->meta, &v);
			fprintf(f, ",%s", t ? t : "");
		}
		fprintf(f, ",%s\n", hb_time_unit(hb_meta_icount(&r->meta)));
	}
}

void hb_render_csv(FILE *f, const struct hb_result *r)
{
	size_t i;

	if (hb_workload_of(&r->cfg)->records) {
		hb_render_mig_csv(f, r);
		return;
	}
	if (hb_config_mirror(&r->cfg)) {
		hb_csv_workload(f, r);
		return;
	}
	hb_csv_header(f);
	for (i = 0; i < r->nr_samples; i++)
		hb_csv_row(f, r, &r->samples[i]);
}
