/* SPDX-License-Identifier: GPL-2.0 */
/*
 * hmmbench: number formatting shared by the renderers - human units for
 * the table and cover text, fixed precision for the machine formats so
 * that the same samples always give the same bytes.
 */
#ifndef HB_FMT_H
#define HB_FMT_H

#include <stddef.h>

#include "metrics.h"

/* @v in the unit that suits @ref ("183.2 ms"); "-" when @v is NAN. */
const char *hb_fmt_scaled(char *buf, size_t len, enum hb_unit unit,
			  double v, double ref);

/* @v in the unit that suits itself. */
const char *hb_fmt_human(char *buf, size_t len, enum hb_unit unit,
			 double v);

/* "1.6%" or "-". */
const char *hb_fmt_percent(char *buf, size_t len, double ratio);

/* Decimal places used for @unit in CSV and JSON. */
int hb_fmt_precision(enum hb_unit unit);

/* @v with hb_fmt_precision(@unit) decimals; "" when NAN. */
const char *hb_fmt_fixed(char *buf, size_t len, enum hb_unit unit,
			 double v);

#endif /* HB_FMT_H */
