/* SPDX-License-Identifier: GPL-2.0 */
/*
 * hmmbench: prose in the human formats - legends under a table, the
 * sentences of a cover text - wrapped at a column, with a character that
 * marks a space the wrapping must not break ("64 GiB", "p = 0.03").
 */
#ifndef HB_WRAP_H
#define HB_WRAP_H

#include <stdio.h>

/* Written as a space, never broken at. */
#define HB_NBSP		'\x1f'

/*
 * Prints @text wrapped at @cols, continuation lines starting with
 * @indent, and a newline; runs of spaces become one.
 */
void hb_wrap(FILE *f, const char *text, const char *indent, size_t cols);

/* Makes every space of @s one the wrapping keeps; returns @s. */
char *hb_nbsp(char *s);

/* Keeps each number of @s with the unit after it ("1.4 s"); returns @s. */
char *hb_nbsp_units(char *s);

/* printf() into hb_wrap(). */
void hb_wrapf(FILE *f, const char *indent, size_t cols, const char *fmt,
	      ...) __attribute__((format(printf, 4, 5)));

#endif /* HB_WRAP_H */
