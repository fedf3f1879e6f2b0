// SPDX-License-Identifier: GPL-2.0
/*
 * hmmbench: what the human tables of a result print alike: the first
 * lines, and the rows of a size's or a migration direction's metrics -
 * the first value beside the warm ones' mean, interval, median and CV
 * (--wide: and the median's interval, min and max), each value in its
 * column's one unit.
 */
#include <math.h>
#include <stdio.h>

#include "render/machine.h"
#include "render/tables.h"
#include "render/wrap.h"

void hb_table_head(FILE *f, const struct hb_result *r, const char *what,
		   const char *extras)
{
	unsigned int runs = hb_result_runs(r), boots = hb_result_boots(r);
	const char *note = hb_meta_emulation_note(&r->meta);
	char merged[64] = "", per[32] = "";

	if (r->nr_sources && boots == runs)
		snprintf(merged, sizeof(merged), "%u runs merged (%u boots), ",
			 runs, boots);
	else if (r->nr_sources)
		snprintf(merged, sizeof(merged), "%u runs merged in %u boot%s, ",
			 runs, boots, boots == 1 ? "" : "s");
	if (r->nr_sources && r->cfg.iters % runs == 0)
		snprintf(per, sizeof(per), " (%u per run)", r->cfg.iters / runs);
	hb_wrapf(f, "  ", HB_TABLE_COLS, "hmmbench %s: %s%s%s%s",
		 r->cfg.command, merged, what, per, extras);
	hb_render_machine(f, &r->meta, HB_TABLE_COLS);
	if (note)
		hb_wrap(f, note, "", HB_TABLE_COLS);
}

const char *hb_table_pm(char *buf, size_t len, const struct hb_cols *u,
			enum hb_unit unit, const struct hb_stats *st, double ref)
{
	char v[32];

	if (isnan(st->mean_ci_hi))
		snprintf(buf, len, "-");
	else
		snprintf(buf, len, "± %s",
			 hb_fmt_cells(v, sizeof(v), u, unit,
				     st->mean_ci_hi - st->mean, ref));
	return buf;
}

void hb_table_row(FILE *f, const struct hb_cols *u,
		  const struct hb_stats *cold, const struct hb_stats *warm,
		  const struct hb_table_line *ln)
{
	char c[32], mean[32], pm[48], med[32], cv[16];
	enum hb_unit unit = ln->unit;
	double ref = ln->ref;

	/* %13s: the ± sign takes two bytes but one column */
	fprintf(f, "%-*s %11s %11s %13s %11s %6s\n", ln->width, ln->title,
		hb_fmt_cells(c, sizeof(c), u, unit, cold->mean, ref),
		hb_fmt_cells(mean, sizeof(mean), u, unit, warm->mean, ref),
		hb_table_pm(pm, sizeof(pm), u, unit, warm, ref),
		hb_fmt_cells(med, sizeof(med), u, unit, warm->median, ref),
		hb_fmt_percent(cv, sizeof(cv), warm->cv));
}

void hb_table_row_wide(FILE *f, const struct hb_cols *u,
		       const struct hb_stats *cold,
		       const struct hb_stats *warm,
		       const struct hb_table_line *ln)
{
	char c[32], mean[32], pm[48], med[32], lo[32], hi[32], mn[32],
	     mx[32], cv[16], ci[80] = "-";
	enum hb_unit unit = ln->unit;
	double ref = ln->ref;

	if (!isnan(warm->median_ci_lo))
		snprintf(ci, sizeof(ci), "[%s, %s]",
			 hb_fmt_cells(lo, sizeof(lo), u, unit,
				     warm->median_ci_lo, ref),
			 hb_fmt_cells(hi, sizeof(hi), u, unit,
				     warm->median_ci_hi, ref));
	fprintf(f, "%-*s %11s %11s %13s %11s  %-25s %11s %11s %6s\n",
		ln->width, ln->title,
		hb_fmt_cells(c, sizeof(c), u, unit, cold->mean, ref),
		hb_fmt_cells(mean, sizeof(mean), u, unit, warm->mean, ref),
		hb_table_pm(pm, sizeof(pm), u, unit, warm, ref),
		hb_fmt_cells(med, sizeof(med), u, unit, warm->median, ref),
		ci, hb_fmt_cells(mn, sizeof(mn), u, unit, warm->min, ref),
		hb_fmt_cells(mx, sizeof(mx), u, unit, warm->max, ref),
		hb_fmt_percent(cv, sizeof(cv), warm->cv));
}

void hb_table_heading(FILE *f, int width, const char *title,
		      const char *first, const char *mean)
{
	fprintf(f, "%-*s %11s %11s %12s %11s %6s\n", width, title, first,
		mean, "95% CI", "median", "CV");
}

/* "12", or "10-12" when @lo and @hi differ. */
static const char *hb_table_range(char *buf, size_t len, size_t lo,
				  size_t hi)
{
	if (lo == hi)
		snprintf(buf, len, "%zu", lo);
	else
		snprintf(buf, len, "%zu-%zu", lo, hi);
	return buf;
}

void hb_table_counts(FILE *f, int width, const char *what, size_t first,
		     size_t warm, const struct hb_table_runs *runs)
{
	char title[32], lo[48], hi[48];

	if (!runs) {
		snprintf(title, sizeof(title), "%s (n)", what);
		fprintf(f, "%-*s %11zu %11zu\n", width, title, first, warm);
		return;
	}
	fprintf(f, "%-*s %11zu %11zu\n", width, "runs (n)", first, warm);
	snprintf(title, sizeof(title), "%s per run", what);
	fprintf(f, "%-*s %11s %11s\n", width, title,
		hb_table_range(lo, sizeof(lo), runs->first_lo, runs->first_hi),
		hb_table_range(hi, sizeof(hi), runs->warm_lo, runs->warm_hi));
}
