/* SPDX-License-Identifier: GPL-2.0 */
/*
 * hmmbench: the CSV writing helpers both CSV renderers share: quoting as
 * RFC 4180 asks, and numbers that are an empty field when unknown.
 */
#ifndef HB_CSV_WRITE_H
#define HB_CSV_WRITE_H

#include <stdio.h>

/* @s, quoted when it holds a comma, quote or line break. */
void hb_csv_string(FILE *f, const char *s);

/*
 * ",<@v in @fmt>", or "," alone when @v is NAN or infinite; never a
 * signed zero ("-0.0000" is "0.0000").
 */
void hb_csv_num(FILE *f, const char *fmt, double v);

#endif /* HB_CSV_WRITE_H */
