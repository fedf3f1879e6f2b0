/* SPDX-License-Identifier: GPL-2.0 */
/*
 * hmmbench: the pieces of the human table of a result (table.c), in
 * tables.c: its first lines, and the rows of a block's metrics with
 * their heading and count line; and the width that it and the lines of
 * a migration's records (mig_table.c) fit.
 */
#ifndef HB_TABLES_H
#define HB_TABLES_H

#include <stdio.h>

#include "fmt.h"
#include "results/result.h"
#include "stats/stats.h"

/* The width the human tables fit. */
#define HB_TABLE_COLS	80

/*
 * The first lines: "hmmbench COMMAND: ", of a merged result its runs and
 * boots, then @what (what ran, and how many first and warm iterations),
 * of a merged result how many of them per run, and @extras (a label,
 * how sizes were measured, or ""); then on what, where it was measured
 * and in what environment, and what that means.
 */
void hb_table_head(FILE *f, const struct hb_result *r, const char *what,
		   const char *extras);

/*
 * A row of a table: its title, marked when fewer samples than
 * the table's n made it, the title column's width, the unit it is shown
 * in, and the value whose decimals its cells take.
 */
struct hb_table_line {
	char title[40];
	int width;
	enum hb_unit unit;
	double ref;
};

/* "± 5.0 ms" in @u's unit, with @ref's decimals, or "-". */
const char *hb_table_pm(char *buf, size_t len, const struct hb_cols *u,
			enum hb_unit unit, const struct hb_stats *st, double ref);

/* One metric in 80 columns: each value in its column's unit. */
void hb_table_row(FILE *f, const struct hb_cols *u,
		  const struct hb_stats *cold, const struct hb_stats *warm,
		  const struct hb_table_line *ln);

/* Every statistic of one metric, for --wide. */
void hb_table_row_wide(FILE *f, const struct hb_cols *u,
		       const struct hb_stats *cold,
		       const struct hb_stats *warm,
		       const struct hb_table_line *ln);

/*
 * The heading of a table's rows: @title (what the rows are of, and the
 * unit of their times), @first ("first" or "cold") and @mean ("warm
 * mean", or of runs merged "runs' mean").
 */
void hb_table_heading(FILE *f, int width, const char *title,
		      const char *first, const char *mean);

/* The fewest and most calls a run merged has, first and warm. */
struct hb_table_runs {
	size_t first_lo, first_hi;
	size_t warm_lo, warm_hi;
};

/*
 * The line under the rows: "samples (n)" of @first and @warm (@what
 * "samples"); of runs merged (@runs), "runs (n)" and "calls per run"
 * (@what "calls").
 */
void hb_table_counts(FILE *f, int width, const char *what, size_t first,
		     size_t warm, const struct hb_table_runs *runs);

#endif /* HB_TABLES_H */
