// SPDX-License-Identifier: GPL-2.0
/*
 * hmmbench: the human table of a comparison - which results, then per new
 * result, size and kind the base and new means of each measured metric,
 * the change with its interval and the Holm-adjusted p, under a "~" the
 * smallest change it could have detected, then the rules the verdicts
 * follow.  80 columns; for people only, scripts use CSV or JSON.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fmt.h"
#include "render/cmp_fmt.h"
#include "render/renderers.h"
#include "render/wrap.h"

#define HB_CMP_COLS	80

/*
 * "base  base.json: Linux 6.1.0, module 0.1, label "base", 6 runs
 * merged", wrapped at 80 columns: a long path moves the rest down.
 */
static void hb_cmp_table_input(FILE *f, const struct hb_comparison *c,
			       size_t i)
{
	const struct hb_result *r = &c->in[i].r;
	char *text = NULL;
	size_t len = 0;
	FILE *m = open_memstream(&text, &len);

	if (!m)
		return;
	/* "base" and "new" padded with spaces the wrapping keeps */
	fprintf(m, "%s %s: Linux %s, module %s",
		i ? "new\x1f\x1f" : "base\x1f", c->in[i].path,
		r->meta.host.kernel_release, r->meta.info.module_version);
	if (r->cfg.label)
		fprintf(m, ", label \"%s\"", r->cfg.label);
	if (hb_result_boots(r) != hb_result_runs(r))
		fprintf(m, ", %zu runs in %u boot%s", r->nr_sources,
			hb_result_boots(r), hb_result_boots(r) == 1 ? "" : "s");
	else if (r->nr_sources)
		fprintf(m, ", %zu runs merged", r->nr_sources);
	fclose(m);
	hb_wrap(f, text, "      ", HB_CMP_COLS);
	free(text);
}

/* The width of each column: at least its header's, and of every cell. */
struct hb_cmp_cols {
	int mean, change, ci, p, n;
};

static void hb_cmp_fit(int *w, const char *cell)
{
	if ((int)strlen(cell) > *w)
		*w = strlen(cell);
}

/* Widens @w to the cells of @row. */
static void hb_cmp_cols_fit(struct hb_cmp_cols *w,
			    const struct hb_cmp_row *row)
{
	const struct hb_metric *m = &hb_metrics[row->metric];
	double ref = row->w.mean_a;
	char buf[64];

	hb_cmp_fit(&w->mean, hb_fmt_scaled(buf, sizeof(buf), m->unit,
					   row->w.mean_a, ref));
	hb_cmp_fit(&w->mean, hb_fmt_scaled(buf, sizeof(buf), m->unit,
					   row->w.mean_b, ref));
	hb_cmp_fit(&w->mean, hb_fmt_scaled(buf, sizeof(buf), m->unit,
					   row->a.median, ref));
	hb_cmp_fit(&w->mean, hb_fmt_scaled(buf, sizeof(buf), m->unit,
					   row->b.median, ref));
	hb_cmp_fit(&w->change, hb_cmp_fmt_change(buf, sizeof(buf), row));
	hb_cmp_fit(&w->ci, hb_cmp_fmt_ci(buf, sizeof(buf), row));
	hb_cmp_fit(&w->p, hb_cmp_fmt_p(buf, sizeof(buf), row->p_holm));
	snprintf(buf, sizeof(buf), "%zu+%zu", row->na, row->nb);
	hb_cmp_fit(&w->n, buf);
}

/* The widths of the columns of every row the table shows. */
static struct hb_cmp_cols hb_cmp_table_cols(const struct hb_comparison *c,
					    bool wide)
{
	struct hb_cmp_cols w = { 8, 8, 16, 7, 6 };
	size_t i;

	if (wide)
		w = (struct hb_cmp_cols){ 11, 9, 18, 7, 7 };
	for (i = 0; i < c->nr_rows; i++)
		if (wide || hb_metrics[c->rows[i].metric].measured)
			hb_cmp_cols_fit(&w, &c->rows[i]);
	return w;
}

static void hb_cmp_table_head(FILE *f, const struct hb_comparison *c,
			      const struct hb_cmp_row *row, bool new_file,
			      bool wide, const struct hb_cmp_cols *w)
{
	const char *n = row->by_run ? "runs" : "n";
	char sz[32], title[64];

	snprintf(title, sizeof(title), "%s %s",
		 hb_size_human(row->size, sz, sizeof(sz)),
		 hb_kind_name(row->kind));
	if (c->nr_in > 2 && new_file)
		fprintf(f, "\nagainst %s:", hb_cmp_name(c, row->file));
	if (wide)
		fprintf(f, "\n%-22s %*s %*s %*s %*s %*s %-*s %*s %*s %*s %*s\n",
			title, w->mean, "base mean", w->mean, "new mean",
			w->mean, "base med", w->mean, "new med", w->change,
			"change", w->ci, "95% CI", w->p, "p Holm", w->p,
			"p Welch", w->p, "p MWU", w->n, n);
	else
		fprintf(f, "\n%-19s %*s %*s %*s %-*s %*s %*s\n", title,
			w->mean, "base", w->mean, "new", w->change, "change",
			w->ci, "95% CI", w->p, "p Holm", w->n, n);
}

static void hb_cmp_table_row(FILE *f, const struct hb_cmp_row *row,
			     const struct hb_cmp_cols *w)
{
	const struct hb_metric *m = &hb_metrics[row->metric];
	char am[32], bm[32], ch[32], ci[48], p[16], n[32];
	double ref = row->w.mean_a;

	snprintf(n, sizeof(n), "%zu+%zu", row->na, row->nb);
	fprintf(f, "%-19s %*s %*s %*s %-*s %*s %*s\n", m->title,
		w->mean, hb_fmt_scaled(am, sizeof(am), m->unit, row->w.mean_a,
				       ref),
		w->mean, hb_fmt_scaled(bm, sizeof(bm), m->unit, row->w.mean_b,
				       ref),
		w->change, hb_cmp_fmt_change(ch, sizeof(ch), row),
		w->ci, hb_cmp_fmt_ci(ci, sizeof(ci), row),
		w->p, row->exact ? "exact" :
		hb_cmp_fmt_p(p, sizeof(p), row->p_holm), w->n, n);
}

/* Every row and statistic, for --wide. */
static void hb_cmp_table_row_wide(FILE *f, const struct hb_cmp_row *row,
				  const struct hb_cmp_cols *w)
{
	const struct hb_metric *m = &hb_metrics[row->metric];
	char am[32], bm[32], amed[32], bmed[32], ch[32], ci[48], ph[16],
	     pw[16], pu[16], n[32];
	double ref = row->w.mean_a;
	bool t = row->tested && !row->exact;

	snprintf(n, sizeof(n), "%zu+%zu", row->na, row->nb);
	hb_fmt_scaled(am, sizeof(am), m->unit, row->w.mean_a, ref);
	hb_fmt_scaled(bm, sizeof(bm), m->unit, row->w.mean_b, ref);
	hb_fmt_scaled(amed, sizeof(amed), m->unit, row->a.median, ref);
	hb_fmt_scaled(bmed, sizeof(bmed), m->unit, row->b.median, ref);
	fprintf(f, "%-22s %*s %*s %*s %*s %*s %-*s %*s %*s %*s %*s\n",
		m->title, w->mean, am, w->mean, bm, w->mean, amed, w->mean,
		bmed, w->change, hb_cmp_fmt_change(ch, sizeof(ch), row),
		w->ci, hb_cmp_fmt_ci(ci, sizeof(ci), row),
		w->p, row->exact ? "exact" :
		hb_cmp_fmt_p(ph, sizeof(ph), row->p_holm),
		w->p, hb_cmp_fmt_p(pw, sizeof(pw), t ? row->w.p : NAN),
		w->p, hb_cmp_fmt_p(pu, sizeof(pu), t ? row->u.p : NAN),
		w->n, n);
}

/* Under a "~" row, under its means: what it could not have seen. */
static void hb_cmp_table_unseen(FILE *f, const struct hb_cmp_row *row,
				bool wide)
{
	char buf[128];

	if (hb_cmp_fmt_unseen(buf, sizeof(buf), row))
		fprintf(f, "%*s(%s)\n", wide ? 23 : 20, "", buf);
}

/* What the smallest changes under "~" rows mean, when there are any. */
static void hb_cmp_table_mde_legend(FILE *f, const struct hb_comparison *c)
{
	bool mde = false, none = false;
	size_t i;

	for (i = 0; i < c->nr_rows; i++) {
		mde |= !isnan(c->rows[i].mde) && !c->rows[i].significant;
		none |= c->rows[i].mde_none;
	}
	if (mde)
		hb_wrap(f, "(a change under x% would not have been detected): with these runs and their spread, a change that large passes the rule 4 times in 5 (80% power), even with Welch's p held to Holm's strictest level, alpha over the number of tests.",
			"", HB_CMP_COLS);
	if (none)
		hb_wrapf(f, "", HB_CMP_COLS, "(no change could have been detected): with so few runs the Mann-Whitney p cannot get below %g.",
			 c->alpha);
}

/* What the rows above mean, for the kinds of rows there are. */
static void hb_cmp_table_legend(FILE *f, const struct hb_comparison *c,
				bool wide)
{
	bool tested = false, untested = false;
	size_t i;

	for (i = 0; i < c->nr_rows; i++) {
		if (!hb_metrics[c->rows[i].metric].measured)
			continue;
		tested |= c->rows[i].tested;
		untested |= !c->rows[i].tested;
	}
	fputc('\n', f);
	hb_wrap(f, "Means of the units: the runs of a merged side, else the calls. 95% CI: of the ratio of the means, as a change.",
		"", HB_CMP_COLS);
	if (tested) {
		hb_wrapf(f, "", HB_CMP_COLS, "~: no significant change.  A change is significant when Welch's p, Holm-adjusted over the tests of one new result (p Holm), and the Mann-Whitney p are both below %g.",
			 c->alpha);
		hb_cmp_table_mde_legend(f, c);
	}
	if (hb_cmp_any_exact(c))
		hb_wrap(f, "exact: instructions counted, and the runs of each side agree within 1 part in 10^4: the change is that of their means, exactly, and no test is needed.",
			"", HB_CMP_COLS);
	if (untested && hb_config_migrate(&c->in[0].r.cfg))
		hb_wrap(f, "(x%): not tested.  The calls and faults of one run are not independent: a verdict needs several runs a side, merged (hmmbench merge).",
			"", HB_CMP_COLS);
	else if (untested)
		hb_wrap(f, "(x%): not tested.  Calls within one boot are not independent: a verdict needs several runs (boots) a side, merged (make ab).",
			"", HB_CMP_COLS);
	hb_wrap(f, wide ? "Rows below the measured ones are derived from them and never tested." :
			  "--wide adds the derived rows, medians and each test's p.",
		"", HB_CMP_COLS);
}

/* Where the rows of the size and kind of row @first end. */
static size_t hb_cmp_table_end(const struct hb_comparison *c, size_t first)
{
	const struct hb_cmp_row *a = &c->rows[first], *b;
	size_t end;

	for (end = first + 1; end < c->nr_rows; end++) {
		b = &c->rows[end];
		if (b->file != a->file || b->size != a->size ||
		    b->kind != a->kind)
			break;
	}
	return end;
}

/*
 * The rows [@first, @end) of one size and kind under their heading, then
 * of a migration what moved; *@p is the last row shown before.
 */
static void hb_cmp_table_group(FILE *f, const struct hb_comparison *c,
			       size_t first, size_t end, bool wide,
			       const struct hb_cmp_cols *w,
			       const struct hb_cmp_row **p)
{
	const struct hb_cmp_row *row, *shown = NULL;
	char moved[512];
	size_t i;

	for (i = first; i < end; i++) {
		row = &c->rows[i];
		if (!wide && !hb_metrics[row->metric].measured)
			continue;
		if (!shown)
			hb_cmp_table_head(f, c, row,
					  !*p || (*p)->file != row->file, wide,
					  w);
		if (wide)
			hb_cmp_table_row_wide(f, row, w);
		else
			hb_cmp_table_row(f, row, w);
		hb_cmp_table_unseen(f, row, wide);
		shown = *p = row;
	}
	if (shown && hb_cmp_moved(moved, sizeof(moved), &c->rows[first],
				  &c->rows[end]))
		hb_wrapf(f, "  ", HB_CMP_COLS, "pages moved, base -> new: %s",
			 moved);
}

void hb_render_cmp_table(FILE *f, const struct hb_comparison *c, bool wide)
{
	struct hb_cmp_cols w = hb_cmp_table_cols(c, wide);
	const struct hb_cmp_row *p = NULL;
	size_t i, end;

	fputs("hmmbench compare\n", f);
	for (i = 0; i < c->nr_in; i++)
		hb_cmp_table_input(f, c, i);
	if (hb_comparison_icount(c))
		hb_wrap(f, HB_ICOUNT_NOTE, "", HB_CMP_COLS);
	for (i = 0; i < c->nr_rows; i = end) {
		end = hb_cmp_table_end(c, i);
		hb_cmp_table_group(f, c, i, end, wide, &w, &p);
	}
	if (!c->nr_rows)
		fputs("\nnothing to compare: no size and kind measured in both\n",
		      f);
	hb_cmp_table_legend(f, c, wide);
}
