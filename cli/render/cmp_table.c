// SPDX-License-Identifier: GPL-2.0
/*
 * hmmbench: the human table of a comparison - where it was measured and
 * what was forced, which results (runs, boots, calls), the facts in
 * which their environments differ, then per new result and size, the
 * warm calls before the first ones, the base and new means of each
 * measured metric with the spread of their units, the change with its
 * interval, under a "~" the smallest change it could have detected,
 * then the rules the verdicts follow.  80 columns, each column in one
 * unit; for people only, scripts use CSV or JSON.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fmt.h"
#include "render/cmp_fmt.h"
#include "render/renderers.h"
#include "render/wrap.h"
#include "results/workload.h"

#define HB_CMP_COLS	80

/* "4 runs (4 boots), 24 calls", "1 run, 11 calls" of in[@i], into @m. */
static void hb_cmp_table_runs(FILE *m, const struct hb_comparison *c,
			      size_t i)
{
	const struct hb_result *r = &c->in[i].r;
	unsigned int runs = hb_result_runs(r), boots = hb_result_boots(r);
	size_t calls = hb_input_calls(&c->in[i]);

	if (runs == 1)
		fputs("1 run", m);
	else if (boots == runs)
		fprintf(m, "%u runs (%u boots)", runs, boots);
	else
		fprintf(m, "%u runs in %u boot%s", runs, boots,
			boots == 1 ? "" : "s");
	if (calls)
		fprintf(m, ", %zu %s", calls,
			hb_workload_of(&r->cfg)->samples);
}

/*
 * "base  base.json: Linux 6.1.0, module 0.1, label "base", 6 runs (6
 * boots), 36 calls", wrapped at 80 columns: a long path moves the rest
 * down; where it was measured when the inputs differ in that.
 */
static void hb_cmp_table_input(FILE *f, const struct hb_comparison *c,
			       size_t i, bool where)
{
	const struct hb_result *r = &c->in[i].r;
	char *text = NULL, w[96];
	size_t len = 0;
	FILE *m = open_memstream(&text, &len);

	if (!m)
		return;
	/* "base" and "new" padded with spaces the wrapping keeps */
	fprintf(m, "%s %s: Linux %s, module %s",
		i ? "new\x1f\x1f" : "base\x1f", c->in[i].path,
		r->meta.host.kernel_release, r->meta.info.module_version);
	if (where)
		fprintf(m, ", %s", hb_host_where(&r->meta.host, w, sizeof(w)));
	if (r->cfg.label)
		fprintf(m, ", label \"%s\"", r->cfg.label);
	fputs(", ", m);
	hb_cmp_table_runs(m, c, i);
	fclose(m);
	hb_wrap(f, text, "      ", HB_CMP_COLS);
	free(text);
}

/*
 * The differences --force overrode, from the notes that say them, as
 * one sentence; nothing when none was.
 */
static void hb_cmp_table_forced(FILE *f, const struct hb_comparison *c)
{
	char *text = NULL;
	size_t len = 0, i, n, k = 0;
	FILE *m;

	if (!c->forced)
		return;
	m = open_memstream(&text, &len);
	if (!m)
		return;
	fputs("FORCED: compared with --force although the inputs differ", m);
	for (i = 0; i < c->nr_notes; i++)
		if (hb_cmp_note_forced(c->notes[i], &n))
			fprintf(m, "%s %.*s", k++ ? ";" : " in", (int)n,
				c->notes[i]);
	fputs(k ? "; their changes may be those of that difference." :
		  ": their changes may be those of the difference.", m);
	fclose(m);
	hb_wrap(f, text, "", HB_CMP_COLS);
	free(text);
}

/*
 * What emulation means for the changes: when every input was emulated,
 * read them, not the times; when some only, they are the emulation's
 * as much as the kernels'.
 */
static void hb_cmp_table_emulated(FILE *f, const struct hb_comparison *c)
{
	char *text = NULL;
	size_t len = 0, i, n = 0;
	FILE *m;

	for (i = 0; i < c->nr_in; i++)
		n += hb_meta_emulated(&c->in[i].r.meta);
	if (n == c->nr_in) {
		hb_wrap(f, "Emulated by QEMU's TCG: read the changes, ratios within these runs, not the absolute times, which say little about hardware.",
			"", HB_CMP_COLS);
		return;
	}
	m = open_memstream(&text, &len);
	if (!m)
		return;
	fputs("Emulated by QEMU's TCG:", m);
	for (i = 0, n = 0; i < c->nr_in; i++)
		if (hb_meta_emulated(&c->in[i].r.meta))
			fprintf(m, "%s %s", n++ ? "," : "", hb_cmp_name(c, i));
	fputs(" only; against a side that was not emulated, a change is the emulation's as much as the kernels'.",
	      m);
	fclose(m);
	hb_wrap(f, text, "", HB_CMP_COLS);
	free(text);
}

/*
 * The facts of the environment the sides know differently, as one
 * sentence; nothing when there are none.
 */
static void hb_cmp_table_env(FILE *f, const struct hb_comparison *c)
{
	char *text = NULL;
	size_t len = 0;
	FILE *m = open_memstream(&text, &len);

	if (!m)
		return;
	if (hb_cmp_env_diffs(m, c, "Environments differ: "))
		fputc('.', m);
	fclose(m);
	if (len)
		hb_wrap(f, text, "", HB_CMP_COLS);
	free(text);
}

/*
 * The first lines: where it was measured and what that means, the
 * inputs, the facts of their environments that differ, and what --force
 * overrode.
 */
static void hb_cmp_table_top(FILE *f, const struct hb_comparison *c)
{
	const char *where, *note = NULL;
	char w[96];
	size_t i;

	where = hb_cmp_where(c, w, sizeof(w));
	for (i = 0; i < c->nr_in && !note; i++)
		note = hb_meta_emulation_note(&c->in[i].r.meta);
	if (where && where[0] == '(')
		hb_wrapf(f, "", HB_CMP_COLS, "hmmbench compare %s", where);
	else if (where)
		hb_wrapf(f, "", HB_CMP_COLS, "hmmbench compare of results measured %s",
			 where);
	else
		hb_wrap(f, "hmmbench compare of results measured in different places",
			"", HB_CMP_COLS);
	for (i = 0; i < c->nr_in; i++)
		hb_cmp_table_input(f, c, i, !where);
	hb_cmp_table_env(f, c);
	if (hb_comparison_icount(c))
		hb_wrap(f, HB_ICOUNT_NOTE, "", HB_CMP_COLS);
	else if (note)
		hb_cmp_table_emulated(f, c);
	hb_cmp_table_forced(f, c);
}

/*
 * The width of each column: at least its header's, and of every cell;
 * a mean's cell is its value and its units' spread.
 */
struct hb_cmp_cols {
	int val, cv, med, change, ci, p, n;
};

static void hb_cmp_fit(int *w, const char *cell)
{
	/* the ± sign takes two bytes but one column */
	int n = strlen(cell) - !!strstr(cell, "±");

	if (n > *w)
		*w = n;
}

/*
 * One unit for the means of the rows [@first, @end) that the table
 * shows: both sides', and with @wide their medians.
 */
static void hb_cmp_group_cols(struct hb_cols *u, const struct hb_comparison *c,
			      size_t first, size_t end, bool wide)
{
	bool icount = hb_comparison_icount(c);
	const struct hb_cmp_row *row;
	enum hb_unit unit;
	size_t i;

	hb_cols_init(u);
	for (i = first; i < end; i++) {
		row = &c->rows[i];
		if (!wide && !hb_metrics[row->metric].measured)
			continue;
		unit = hb_unit_counted(hb_metrics[row->metric].unit, icount);
		hb_cols_add(u, unit, row->w.mean_a);
		hb_cols_add(u, unit, row->w.mean_b);
		if (wide) {
			hb_cols_add(u, unit, row->a.median);
			hb_cols_add(u, unit, row->b.median);
		}
	}
}

/* The unit @row is shown in. */
static enum hb_unit hb_cmp_row_unit(const struct hb_comparison *c,
				    const struct hb_cmp_row *row)
{
	return hb_unit_counted(hb_metrics[row->metric].unit,
			       hb_comparison_icount(c));
}

/*
 * @v of @row in @u's units, with @ref's decimals; a time without its
 * unit, which the heading names (hb_fmt_cell()).
 */
static const char *hb_cmp_val(char *buf, size_t len,
			      const struct hb_comparison *c,
			      const struct hb_cmp_row *row,
			      const struct hb_cols *u, double v)
{
	return hb_fmt_cells(buf, len, u, hb_cmp_row_unit(c, row), v,
			    row->w.mean_a);
}

/* The 95% CI cell of @row: "exact" for an exact one. */
static const char *hb_cmp_table_ci(char *buf, size_t len,
				   const struct hb_cmp_row *row)
{
	if (row->exact) {
		snprintf(buf, len, "exact");
		return buf;
	}
	return hb_cmp_fmt_ci(buf, len, row);
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

/* Widens @w to the cells of the rows [@first, @end), in @u's units. */
static void hb_cmp_cols_fit(struct hb_cmp_cols *w,
			    const struct hb_comparison *c, size_t first,
			    size_t end, const struct hb_cols *u, bool wide)
{
	const struct hb_cmp_row *row;
	char buf[64];
	size_t i;
	int side;

	for (i = first; i < end; i++) {
		row = &c->rows[i];
		if (!wide && !hb_metrics[row->metric].measured)
			continue;
		for (side = 0; side < 2; side++) {
			hb_cmp_fit(&w->val, hb_cmp_val(buf, sizeof(buf), c,
				   row, u, side ? row->w.mean_b :
				   row->w.mean_a));
			hb_cmp_fit(&w->cv, hb_cmp_fmt_cv(buf, sizeof(buf), row,
							 side));
			hb_cmp_fit(&w->med, hb_cmp_val(buf, sizeof(buf), c,
				   row, u, side ? row->b.median :
				   row->a.median));
		}
		hb_cmp_fit(&w->change, hb_cmp_fmt_change(buf, sizeof(buf),
							 row));
		hb_cmp_fit(&w->ci, hb_cmp_table_ci(buf, sizeof(buf), row));
		hb_cmp_fit(&w->p, hb_cmp_fmt_p(buf, sizeof(buf), row->p_holm));
		snprintf(buf, sizeof(buf), "%zu+%zu", row->na, row->nb);
		hb_cmp_fit(&w->n, buf);
	}
}

/* The widths of the columns of every row the table shows. */
static struct hb_cmp_cols hb_cmp_table_cols(const struct hb_comparison *c,
					    bool wide)
{
	struct hb_cmp_cols w = { 4, 0, 8, 6, 6, 7, 4 };
	struct hb_cols u;
	size_t i, end;

	for (i = 0; i < c->nr_rows; i = end) {
		end = hb_cmp_table_end(c, i);
		hb_cmp_group_cols(&u, c, i, end, wide);
		hb_cmp_cols_fit(&w, c, i, end, &u, wide);
	}
	return w;
}

/* The heading @name of a mean's cell: over its value, padded. */
static const char *hb_cmp_mean_head(char *buf, size_t len, const char *name,
				    const struct hb_cmp_cols *w)
{
	if (w->cv)
		snprintf(buf, len, "%*s %*s", w->val, name, w->cv, "");
	else
		snprintf(buf, len, "%*s", w->val, name);
	return buf;
}

static void hb_cmp_table_head(FILE *f, const struct hb_comparison *c,
			      const struct hb_cmp_row *row, bool new_file,
			      bool wide, const struct hb_cmp_cols *w,
			      const struct hb_cols *u)
{
	const char *n = row->by_run ? "runs" : "n";
	char sz[32], title[64], a[64], b[64];

	hb_cmp_mean_head(a, sizeof(a), "base", w);
	hb_cmp_mean_head(b, sizeof(b), "new", w);
	/* the unit of the times, which their cells leave out */
	snprintf(title, sizeof(title), "%s %s, %s",
		 hb_size_human(row->size, sz, sizeof(sz)),
		 hb_kind_name(row->kind),
		 hb_col_unit(&u->u[hb_unit_counted(HB_UNIT_NS,
						   hb_comparison_icount(c))]));
	if (c->nr_in > 2 && new_file)
		fprintf(f, "\nagainst %s:", hb_cmp_name(c, row->file));
	if (wide)
		fprintf(f, "\n%-22s %s %s %*s %*s  %*s  %-*s %*s %*s %*s %*s\n",
			title, a, b, w->med, "base med",
			w->med, "new med", w->change, "change", w->ci,
			"95% CI", w->p, "p Holm", w->p, "p Welch", w->p,
			"p MWU", w->n, n);
	else
		fprintf(f, "\n%-19s %s %s  %*s  %-*s %*s\n", title, a, b,
			w->change, "change", w->ci, "95% CI", w->n, n);
}

/* "102.0 ms ±3%" of side @side, padded to the column. */
static const char *hb_cmp_mean_cell(char *buf, size_t len,
				    const struct hb_comparison *c,
				    const struct hb_cmp_row *row, int side,
				    const struct hb_cols *u,
				    const struct hb_cmp_cols *w)
{
	char v[48], cv[32];

	hb_cmp_val(v, sizeof(v), c, row, u,
		   side ? row->w.mean_b : row->w.mean_a);
	hb_cmp_fmt_cv(cv, sizeof(cv), row, side);
	if (!w->cv)
		snprintf(buf, len, "%*s", w->val, v);
	else
		/* the ± sign takes two bytes but one column */
		snprintf(buf, len, "%*s %-*s", w->val, v,
			 w->cv + !!strstr(cv, "±"), cv);
	return buf;
}

static void hb_cmp_table_row(FILE *f, const struct hb_comparison *c,
			     const struct hb_cmp_row *row,
			     const struct hb_cols *u,
			     const struct hb_cmp_cols *w)
{
	char am[96], bm[96], ch[32], ci[48], n[32], t[40];

	snprintf(n, sizeof(n), "%zu+%zu", row->na, row->nb);
	fprintf(f, "%-19s %s %s  %*s  %-*s %*s\n",
		hb_metric_title(row->metric, hb_comparison_icount(c), t,
				sizeof(t)),
		hb_cmp_mean_cell(am, sizeof(am), c, row, 0, u, w),
		hb_cmp_mean_cell(bm, sizeof(bm), c, row, 1, u, w),
		w->change, hb_cmp_fmt_change(ch, sizeof(ch), row),
		w->ci, hb_cmp_table_ci(ci, sizeof(ci), row), w->n, n);
}

/* Every row and statistic, for --wide. */
static void hb_cmp_table_row_wide(FILE *f, const struct hb_comparison *c,
				  const struct hb_cmp_row *row,
				  const struct hb_cols *u,
				  const struct hb_cmp_cols *w)
{
	char am[96], bm[96], amed[32], bmed[32], ch[32], ci[48], ph[16],
	     pw[16], pu[16], n[32], ti[40];
	bool t = row->tested && !row->exact;

	snprintf(n, sizeof(n), "%zu+%zu", row->na, row->nb);
	hb_cmp_val(amed, sizeof(amed), c, row, u, row->a.median);
	hb_cmp_val(bmed, sizeof(bmed), c, row, u, row->b.median);
	fprintf(f, "%-22s %s %s %*s %*s  %*s  %-*s %*s %*s %*s %*s\n",
		hb_metric_title(row->metric, hb_comparison_icount(c), ti,
				sizeof(ti)),
		hb_cmp_mean_cell(am, sizeof(am), c, row, 0, u, w),
		hb_cmp_mean_cell(bm, sizeof(bm), c, row, 1, u, w),
		w->med, amed, w->med, bmed,
		w->change, hb_cmp_fmt_change(ch, sizeof(ch), row),
		w->ci, hb_cmp_table_ci(ci, sizeof(ci), row),
		w->p, row->exact ? "-" :
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
	bool tested = false, untested = false, by_run = false, one = false;
	size_t i;

	for (i = 0; i < c->nr_rows; i++) {
		if (!hb_metrics[c->rows[i].metric].measured)
			continue;
		tested |= c->rows[i].tested;
		untested |= !c->rows[i].tested;
		by_run |= c->rows[i].by_run;
		one |= !c->rows[i].by_run;
	}
	fputc('\n', f);
	if (by_run)
		hb_wrap(f, "base, new: the mean of the per-run means (each run counts once, by the mean of its calls), ± their coefficient of variation.",
			"", HB_CMP_COLS);
	if (one)
		hb_wrap(f, by_run ? "Where a side is one run: the mean of its calls, ± theirs." :
			"base, new: the mean of the calls, ± their coefficient of variation.",
			"", HB_CMP_COLS);
	hb_wrap(f, "95% CI: of the ratio of the means, as a change.", "",
		HB_CMP_COLS);
	if (tested) {
		hb_wrapf(f, "", HB_CMP_COLS, "~: no significant change.  A change is significant when Welch's p, Holm-adjusted over the tests of one new result (p Holm%s), and the Mann-Whitney p are both below %g.",
			 wide ? "" : " in --wide and the cover text", c->alpha);
		hb_cmp_table_mde_legend(f, c);
	}
	if (hb_cmp_any_exact(c))
		hb_wrap(f, "exact: instructions counted, and the runs of each side agree within 1 part in 10^4: the change is that of their means, exactly, and no test is needed.",
			"", HB_CMP_COLS);
	if (untested)
		hb_wrap(f, hb_workload_of(&c->in[0].r.cfg)->untested, "",
			HB_CMP_COLS);
	hb_wrap(f, wide ? "Rows below the measured ones are derived from them and never tested (x%?)." :
			  "--wide adds the derived rows, medians and each test's p.",
		"", HB_CMP_COLS);
}

/*
 * The rows [@first, @end) of one size and kind under their heading, each
 * column in one unit, then of a migration what moved; *@p is the last
 * row shown before.
 */
static void hb_cmp_table_group(FILE *f, const struct hb_comparison *c,
			       size_t first, size_t end, bool wide,
			       const struct hb_cmp_cols *w,
			       const struct hb_cmp_row **p)
{
	const struct hb_cmp_row *row, *shown = NULL;
	struct hb_cols u;
	char moved[512];
	size_t i;

	hb_cmp_group_cols(&u, c, first, end, wide);
	for (i = first; i < end; i++) {
		row = &c->rows[i];
		if (!wide && !hb_metrics[row->metric].measured)
			continue;
		if (!shown)
			hb_cmp_table_head(f, c, row,
					  !*p || (*p)->file != row->file, wide,
					  w, &u);
		if (wide)
			hb_cmp_table_row_wide(f, c, row, &u, w);
		else
			hb_cmp_table_row(f, c, row, &u, w);
		hb_cmp_table_unseen(f, row, wide);
		shown = *p = row;
	}
	if (shown && hb_cmp_moved(moved, sizeof(moved), &c->rows[first],
				  &c->rows[end]))
		hb_wrapf(f, "  ", HB_CMP_COLS, "pages moved, base -> new: %s",
			 moved);
}

/*
 * Every size of one new input from row @first on, each with its warm
 * calls before its first ones; returns where its rows end.
 */
static size_t hb_cmp_table_size(FILE *f, const struct hb_comparison *c,
				size_t first, bool wide,
				const struct hb_cmp_cols *w,
				const struct hb_cmp_row **p)
{
	static const enum hb_kind kinds[] = { HB_WARM, HB_COLD };
	const struct hb_cmp_row *a = &c->rows[first];
	size_t end, i, k, next;

	for (end = first; end < c->nr_rows; end++)
		if (c->rows[end].file != a->file ||
		    c->rows[end].size != a->size)
			break;
	for (k = 0; k < 2; k++)
		for (i = first; i < end; i = next) {
			next = hb_cmp_table_end(c, i);
			if (c->rows[i].kind == kinds[k])
				hb_cmp_table_group(f, c, i, next, wide, w, p);
		}
	return end;
}

void hb_render_cmp_table(FILE *f, const struct hb_comparison *c, bool wide)
{
	struct hb_cmp_cols w = hb_cmp_table_cols(c, wide);
	const struct hb_cmp_row *p = NULL;
	size_t i;

	hb_cmp_table_top(f, c);
	for (i = 0; i < c->nr_rows;)
		i = hb_cmp_table_size(f, c, i, wide, &w, &p);
	if (!c->nr_rows)
		fputs("\nnothing to compare: no size and kind measured in both\n",
		      f);
	hb_cmp_table_legend(f, c, wide);
}
