/* SPDX-License-Identifier: GPL-2.0 */
/*
 * hmmbench: the rows of the human tables of a result's metrics (rows.c),
 * which table.c and mig_table.c print.
 */
#ifndef HB_ROWS_H
#define HB_ROWS_H

#include <stdio.h>

#include "fmt.h"
#include "stats/stats.h"

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

#endif /* HB_ROWS_H */
