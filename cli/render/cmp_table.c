// SPDX-License-Identifier: GPL-2.0
/*
 * hmmbench: the human table of a comparison - which results, then per new
 * result, size and kind the base and new centres, the change with its
 * interval and both p-values, then the rule and the notes.  For people
 * only; scripts use CSV or JSON.
 */
#include <math.h>
#include <stdio.h>

#include "fmt.h"
#include "render/cmp_fmt.h"
#include "render/renderers.h"

static void hb_cmp_table_input(FILE *f, const struct hb_comparison *c,
			       size_t i)
{
	const struct hb_result *r = &c->in[i].r;

	fprintf(f, "%-5s %s: Linux %s, module %s", i ? "new" : "base",
		c->in[i].path, r->meta.host.kernel_release,
		r->meta.info.module_version);
	if (r->cfg.label)
		fprintf(f, ", label \"%s\"", r->cfg.label);
	if (r->nr_sources)
		fprintf(f, ", %zu runs merged", r->nr_sources);
	fputc('\n', f);
}

static void hb_cmp_table_head(FILE *f, const struct hb_comparison *c,
			      const struct hb_cmp_row *row)
{
	char sz[32], title[64];

	snprintf(title, sizeof(title), "%s %s",
		 hb_size_human(row->size, sz, sizeof(sz)),
		 hb_kind_name(row->kind));
	if (c->nr_in > 2)
		fprintf(f, "\nagainst %s:", hb_cmp_name(c, row->file));
	fprintf(f, "\n%-22s %12s %12s %12s %12s %9s %-21s %8s %8s %10s\n",
		title, "base mean", "new mean", "base med", "new med",
		"change", "95% CI of change", "p Welch", "p MWU", "n");
}

static void hb_cmp_table_row(FILE *f, const struct hb_cmp_row *row)
{
	const struct hb_metric *m = &hb_metrics[row->metric];
	char am[32], bm[32], amed[32], bmed[32], ch[32], ci[48], pw[16],
	     pu[16], n[32];
	double ref = row->w.mean_a;

	snprintf(n, sizeof(n), "%zu+%zu%s", row->na, row->nb,
		 row->by_run ? " runs" : "");
	fprintf(f, "%-22s %12s %12s %12s %12s %9s %-21s %8s %8s %10s\n",
		m->title,
		hb_fmt_scaled(am, sizeof(am), m->unit, row->w.mean_a, ref),
		hb_fmt_scaled(bm, sizeof(bm), m->unit, row->w.mean_b, ref),
		hb_fmt_scaled(amed, sizeof(amed), m->unit, row->a.median, ref),
		hb_fmt_scaled(bmed, sizeof(bmed), m->unit, row->b.median, ref),
		hb_cmp_fmt_change(ch, sizeof(ch), row),
		hb_cmp_fmt_ci(ci, sizeof(ci), row),
		hb_cmp_fmt_p(pw, sizeof(pw), row->tested ? row->w.p : NAN),
		hb_cmp_fmt_p(pu, sizeof(pu), row->tested ? row->u.p : NAN), n);
}

static void hb_cmp_table_legend(FILE *f, const struct hb_comparison *c)
{
	size_t i;

	fprintf(f, "\nchange: new mean against base mean.  ~: no significant change - a change is\n"
		"shown only when Welch's t-test and the exact Mann-Whitney U test both give\n"
		"p < %g.  (x%%): one sample a side, not tested.  The 95%% CI of the change is\n"
		"Welch's, divided by the base mean.  n: samples a side, or \"runs\" when both\n"
		"sides merge several runs: samples of one boot are not independent, so each\n"
		"run is tested as one value, the mean of its samples.\n", c->alpha);
	for (i = 0; i < c->nr_notes; i++)
		fprintf(f, "note: %s\n", c->notes[i]);
}

void hb_render_cmp_table(FILE *f, const struct hb_comparison *c)
{
	size_t i;

	fputs("hmmbench compare\n", f);
	for (i = 0; i < c->nr_in; i++)
		hb_cmp_table_input(f, c, i);
	for (i = 0; i < c->nr_rows; i++) {
		const struct hb_cmp_row *p = i ? &c->rows[i - 1] : NULL;
		const struct hb_cmp_row *row = &c->rows[i];

		if (!p || p->file != row->file || p->size != row->size ||
		    p->kind != row->kind)
			hb_cmp_table_head(f, c, row);
		hb_cmp_table_row(f, row);
	}
	if (!c->nr_rows)
		fputs("\nnothing to compare: no size and kind measured in both\n",
		      f);
	hb_cmp_table_legend(f, c);
}
